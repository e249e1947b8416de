#!/usr/bin/env bash
# Builds TIRx with AddressSanitizer + UndefinedBehaviorSanitizer in its own
# build directory and runs the whole test suite under it (lit; pytest when the
# Python bindings exist). Any sanitizer report fails the run.
#
#   scripts/sanitize.sh            # build-asan/, clang-22 when present
#   BUILD=dir CXX=g++ CC=gcc scripts/sanitize.sh
#   scripts/sanitize.sh --configure-only
#
# After pytest it runs the Python API fuzzer (fuzz/python_api_fuzz.py) for
# FUZZ_PYTHON_SECONDS (default 60; 0 skips it) from seed FUZZ_PYTHON_SEED
# (default 1, so CI replays the same sequences).
#
# With clang the same build also carries libFuzzer instrumentation and the
# fuzz target (scripts/fuzz.sh reuses it); with GCC it is sanitizers only.
#
# Options for the sanitizer runtimes (exported, so lit passes them on):
#   ASAN_OPTIONS  halt_on_error=1 abort_on_error=1 detect_leaks=0
#                 allow_user_poisoning=0
#     allow_user_poisoning=0: llvm::BumpPtrAllocator (MLIR's StorageUniquer
#     arena) poisons each new slab and unpoisons the pieces it hands out, but
#     only in instrumented code. Our TUs inline it instrumented, libMLIR.so
#     does not, so a slab our code started is handed out poisoned by
#     libMLIR.so and every later write there is a false use-after-poison.
#     detect_leaks=0: MLIR's global registries (dialect/pass/cl::opt
#     registrations, interned names) are intentionally never freed and
#     LeakSanitizer reports them at exit in every tool; leaks are not what
#     this run is after.
#   UBSAN_OPTIONS halt_on_error=1 print_stacktrace=1 (and the build uses
#     -fno-sanitize-recover=all, so any UB report is fatal anyway).
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$PWD
BUILD=${BUILD:-build-asan}
JOBS=${JOBS:-2}
PY=${PYTHON:-$(command -v python3)}
LLVM=/usr/lib/llvm-22

if [ -z "${CXX:-}" ]; then
  if [ -x $LLVM/bin/clang++ ]; then
    CC=$LLVM/bin/clang; CXX=$LLVM/bin/clang++
  else
    CC=gcc; CXX=g++
  fi
fi
FUZZER=OFF
case "$($CXX --version | head -1)" in *clang*) FUZZER=ON;; esac

export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:detect_leaks=0:allow_user_poisoning=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
[ -x $LLVM/bin/llvm-symbolizer ] && export ASAN_SYMBOLIZER_PATH=$LLVM/bin/llvm-symbolizer

start=$(date +%s)
echo "[sanitize] $CXX, build dir $BUILD, fuzzer target: $FUZZER"
cmake -G Ninja -S "$SRC" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DLLVM_USE_LINKER=lld -DPython3_EXECUTABLE="$PY" \
  -DTIRX_ENABLE_SANITIZERS=ON -DTIRX_ENABLE_FUZZER=$FUZZER >/dev/null
[ "${1:-}" = --configure-only ] && exit 0
nice -n 10 ninja -C "$BUILD" -j"$JOBS"
built=$(date +%s)
echo "[sanitize] build: $((built - start)) s"

status=0
nice -n 10 ninja -C "$BUILD" -j"$JOBS" check-tirx || status=1

# Python bindings (when built): the interpreter is not instrumented, so the
# ASan runtime must be the first library loaded: LD_PRELOAD it.
if [ -d "$SRC/test/python" ] && [ -d "$BUILD/python_packages" ]; then
  rt=$(sed -n 's/^TIRX_ASAN_RUNTIME:INTERNAL=//p' "$BUILD/CMakeCache.txt")
  echo "[sanitize] pytest with LD_PRELOAD=$rt"
  # Tests marked slow (pip-installing a wheel) build outside this tree.
  LD_PRELOAD="$rt" PYTHONPATH="$PWD/$BUILD/python_packages${PYTHONPATH:+:$PYTHONPATH}" \
    "$PY" -m pytest -q -ra ${PYTEST_ARGS:--m "not slow"} "$SRC/test/python" || status=1
  # A short run of the Python API fuzzer on the same package.
  if [ "${FUZZ_PYTHON_SECONDS:-60}" != 0 ]; then
    nice -n 10 "$PY" "$SRC/fuzz/python_api_fuzz.py" --build "$BUILD" \
      --seconds "${FUZZ_PYTHON_SECONDS:-60}" --first-seed "${FUZZ_PYTHON_SEED:-1}" \
      --stop-on-finding || status=1
  fi
fi

end=$(date +%s)
echo "[sanitize] wall time: $((end - start)) s (build $((built - start)) s, tests $((end - built)) s)"
[ $status = 0 ] && echo "[sanitize] clean: no sanitizer report, all tests passed" \
  || echo "[sanitize] FAILED"
exit $status
