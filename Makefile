# Entry points. `make demo` and `make check` are the README's quick start.
BUILD   ?= build
JOBS    ?= 2
PYTHON  ?= $(shell command -v python3)
CMAKE_FLAGS ?=
PREFIX  ?= /usr/local
# ccache (when installed) keys compiles on paths relative to the checkout, so
# build/, build-pip/ (the pip-install test) and other checkouts share hits.
export CCACHE_BASEDIR ?= $(CURDIR)

.PHONY: deps configure build demo check check-python install clean sanitize fuzz fuzz-smoke fuzz-python fuzz-ptx sweep ptx-coverage

deps:
	bash scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DLLVM_USE_LINKER=lld -DPython3_EXECUTABLE=$(PYTHON) $(CMAKE_FLAGS)

configure: $(BUILD)/build.ninja

build: configure
	ninja -C $(BUILD) -j$(JOBS)

# The main job: compile an example kernel to PTX in-process and show it.
DEMO ?= examples/dsmem_remote_arrive.mlir
demo: deps build
	@echo "== tirx-translate $(DEMO) --emit=ptx"
	@$(BUILD)/bin/tirx-translate $(DEMO) --emit=ptx

# Every test: the lit suite, then the Python tests (pytest) against the
# package in the build tree.
check: deps build
	ninja -C $(BUILD) -j$(JOBS) check-tirx
	@if [ -d $(BUILD)/python_packages/tirx ]; then \
	  PYTHONPATH=$(abspath $(BUILD))/python_packages $(PYTHON) -m pytest -q -ra test/python; \
	else \
	  echo "== Python bindings not built (TIRX_ENABLE_PYTHON=OFF): pytest skipped"; \
	fi

# The Python tests alone (after `make build`); PYTEST_ARGS='-m "not slow"'
# skips the pip-install test.
check-python: build
	PYTHONPATH=$(abspath $(BUILD))/python_packages $(PYTHON) -m pytest -q -ra $(PYTEST_ARGS) test/python

# The whole PTX sweep: every legal variant of every tirx.ptx op on every
# chip it claims, assembled by ptxas, plus the negative sweep (CI runs a
# seeded sample, test/Dialect/ptx-sweep.test).
PTXAS ?= $(shell command -v ptxas)
sweep: build
	$(PYTHON) scripts/ptx-sweep.py --build $(BUILD) --all $(if $(PTXAS),--ptxas $(PTXAS)) \
	  --sim-decode $(BUILD)/bin/tirx-sim

# Which entries of the original TIRx's PTX table the tirx.ptx ops cover,
# measured against the apache-tvm wheel (downloaded once into the build
# tree; needs PyPI). docs/PTX-sweep.md has the last numbers.
TVM_WHEEL_VERSION ?= 0.27.0.post1
ptx-coverage: build
	@ls $(BUILD)/original-table/apache_tvm-$(TVM_WHEEL_VERSION)-*.whl >/dev/null 2>&1 || \
	  $(PYTHON) -m pip download --no-deps --quiet -d $(BUILD)/original-table apache-tvm==$(TVM_WHEEL_VERSION)
	$(PYTHON) scripts/ptx-coverage-vs-original.py --build $(BUILD) \
	  --wheel $$(ls $(BUILD)/original-table/apache_tvm-$(TVM_WHEEL_VERSION)-*.whl | head -1) --cuda $(COVERAGE_ARGS)

# Headers, libraries, tirx-opt and the CMake package (find_package(TIRx)).
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

# ASan+UBSan build (build-asan/) and the whole test suite under it.
ASAN_BUILD ?= build-asan
sanitize:
	bash scripts/install-deps.sh --fuzz
	BUILD=$(ASAN_BUILD) JOBS=$(JOBS) bash scripts/sanitize.sh

# libFuzzer campaign: `make fuzz FUZZ_SECONDS=3600`; the corpus persists in
# $(ASAN_BUILD)/fuzz/corpus. fuzz-smoke is CI's short run from the seeds only;
# both fail on a crash and leave a minimized reproducer.
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 180
fuzz:
	bash scripts/install-deps.sh --fuzz
	BUILD=$(ASAN_BUILD) JOBS=$(JOBS) bash scripts/fuzz.sh $(FUZZ_SECONDS)

fuzz-smoke:
	bash scripts/install-deps.sh --fuzz
	rm -rf $(ASAN_BUILD)/fuzz-smoke
	BUILD=$(ASAN_BUILD) JOBS=$(JOBS) FUZZ_DIR=$(ASAN_BUILD)/fuzz-smoke \
	  bash scripts/fuzz.sh $(FUZZ_SMOKE_SECONDS)

# The Python API fuzzer (fuzz/python_api_fuzz.py) against the package of the
# sanitizer build: `make fuzz-python FUZZ_SECONDS=3600` (FUZZ_SEED=n to start
# at a seed); findings go to $(ASAN_BUILD)/fuzz-python. `make sanitize` runs
# it briefly (FUZZ_PYTHON_SECONDS).
fuzz-python:
	bash scripts/install-deps.sh --fuzz
	BUILD=$(ASAN_BUILD) JOBS=$(JOBS) bash scripts/fuzz-python.sh $(FUZZ_SECONDS)

# The differential fuzzer of the lowering (fuzz/ptx_diff_fuzz.py): random
# kernels whose IR-level and PTX-level simulations must agree, for
# FUZZ_PTX_SECONDS from FUZZ_SEED (default: a new seed each run, printed).
# Findings, minimized, go to $(BUILD)/fuzz-ptx/finding-<seed>.mlir with the
# RUN line that shows them; the run exits 1 if there is any. CI's short run
# is the lit test test/Sim/ptx-fuzz.test (a fixed range of seeds).
FUZZ_PTX_SECONDS ?= 600
fuzz-ptx: build
	$(PYTHON) fuzz/ptx_diff_fuzz.py --build $(BUILD) \
	  --seconds $(FUZZ_PTX_SECONDS) $(if $(FUZZ_SEED),--seed $(FUZZ_SEED))

clean:
	rm -rf $(BUILD)
