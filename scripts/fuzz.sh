#!/usr/bin/env bash
# Runs the libFuzzer target tirx-fuzz (parse -> verify -> round trip ->
# canonicalize/mem2reg/cse/TIRx passes -> lowering to PTX when registered)
# for SECONDS of wall time, single process, at nice 10, then minimizes every
# crash it found into a reproducer.
#
#   scripts/fuzz.sh [SECONDS]        (default 300)
#
# Environment:
#   BUILD        build dir with -DTIRX_ENABLE_FUZZER=ON (default build-asan;
#                configured with clang-22 + ASan/UBSan if missing, the same
#                build scripts/sanitize.sh uses)
#   FUZZ_DIR     where corpus/ and artifacts/ live (default $BUILD/fuzz);
#                the corpus persists between runs and only grows
#   FUZZ_FORK=1  run libFuzzer with -fork=1 -ignore_crashes=1 (one child at
#                a time) so a campaign continues past a crash (default 0:
#                stop at the first crash, as CI does)
#   FUZZ_ARGS    extra libFuzzer flags
#   FUZZ_SEED=N  the libFuzzer seed (default: a random one, printed at the
#                start and the end of the run so a failure can be replayed)
#   FUZZ_RUNS=N  stop after N inputs instead of after SECONDS: with the
#                FUZZ_SEED of a run and its printed input count, a fresh
#                FUZZ_DIR replays the same sequence of inputs
#
# Reproducibility: the run is single-process, starts from the seeds alone
# when FUZZ_DIR is fresh (make fuzz-smoke), and runs with address-space
# randomization off where `setarch -R` is allowed, so the mutations follow
# from the seed alone; the printed replay line repeats it exactly.
# Seeds: every .mlir under test/ and examples/, split at `// -----`
# (fuzz/fuzz_inputs.py seeds), and the attribute-contract inputs
# (fuzz/contract_inputs.py: attributes on declarations, non-kernels, nested
# modules, with malformed values). Dictionary: generated from the TIRx ODS at
# build time ($BUILD/fuzz/tirx.dict).
#
# Exit status: 0 when no crash was found, 1 when one was (each reproducer is
# left minimized as $FUZZ_DIR/artifacts/min-crash-*; turn it into
# test/Regression/crash-<what>.mlir next to the fix). Timeouts and
# out-of-memory inputs are reported but do not fail the run.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$PWD
SECS=${1:-300}
BUILD=${BUILD:-build-asan}
FUZZ_DIR=${FUZZ_DIR:-$BUILD/fuzz}
LLVM=/usr/lib/llvm-22

if [ ! -f "$BUILD/build.ninja" ]; then
  [ -x $LLVM/bin/clang++ ] || { echo "[fuzz] clang-22 missing: run scripts/install-deps.sh --fuzz" >&2; exit 2; }
  cmake -G Ninja -S "$SRC" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=$LLVM/bin/clang -DCMAKE_CXX_COMPILER=$LLVM/bin/clang++ \
    -DLLVM_USE_LINKER=lld -DPython3_EXECUTABLE="$(command -v python3)" \
    -DTIRX_ENABLE_SANITIZERS=ON -DTIRX_ENABLE_FUZZER=ON >/dev/null
fi
b0=$(date +%s)
nice -n 10 ninja -C "$BUILD" -j"${JOBS:-2}" tirx-fuzz tirx-opt
echo "[fuzz] build: $(( $(date +%s) - b0 )) s"
FUZZER=$BUILD/bin/tirx-fuzz
DICT=$BUILD/fuzz/tirx.dict

export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:detect_leaks=0:allow_user_poisoning=0:handle_abort=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
[ -x $LLVM/bin/llvm-symbolizer ] && export ASAN_SYMBOLIZER_PATH=$LLVM/bin/llvm-symbolizer

mkdir -p "$FUZZ_DIR/corpus" "$FUZZ_DIR/seeds" "$FUZZ_DIR/artifacts"
python3 fuzz/fuzz_inputs.py seeds --out "$FUZZ_DIR/seeds" test examples
python3 fuzz/contract_inputs.py --out "$FUZZ_DIR/seeds"
before=$(ls "$FUZZ_DIR/artifacts" | grep -c '^crash-' || true)

SEED=${FUZZ_SEED:-$(( $(od -An -N4 -tu4 /dev/urandom) % 2147483646 + 1 ))}
if [ -n "${FUZZ_RUNS:-}" ]; then
  limit=(-runs="$FUZZ_RUNS" -max_total_time=0)
else
  limit=(-max_total_time="$SECS")
fi
# No address-space randomization: hash orders keyed by pointers (and so the
# coverage a mutation reaches) repeat from run to run.
norand=()
if setarch "$(uname -m)" -R true >/dev/null 2>&1; then
  norand=(setarch "$(uname -m)" -R)
fi
args=(-seed="$SEED" "${limit[@]}" -dict="$DICT" -max_len=8192 -timeout=25
      -rss_limit_mb=4096 -artifact_prefix="$FUZZ_DIR/artifacts/"
      -print_final_stats=1 -reload=0)
if [ "${FUZZ_FORK:-0}" = 1 ]; then
  args+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
echo "[fuzz] seed $SEED, ${FUZZ_RUNS:+$FUZZ_RUNS inputs}${FUZZ_RUNS:-$SECS s}, corpus $(ls "$FUZZ_DIR/corpus" | wc -l) files, seeds $(ls "$FUZZ_DIR/seeds" | wc -l)"
t0=$(date +%s)
set +e
nice -n 10 "${norand[@]}" "$FUZZER" "${args[@]}" ${FUZZ_ARGS:-} "$FUZZ_DIR/corpus" "$FUZZ_DIR/seeds" \
  >"$FUZZ_DIR/last-run.log" 2>&1
set -e
grep -E '^(==[0-9]+==ERROR|SUMMARY|tirx-fuzz: |.*runtime error:|Test unit written|INFO: fuzzed for)' \
  "$FUZZ_DIR/last-run.log" | sort | uniq -c | head -40 || true
echo "[fuzz] ran $(( $(date +%s) - t0 )) s wall; corpus now $(ls "$FUZZ_DIR/corpus" | wc -l) files"
echo "[fuzz] last status: $(grep -E '^#[0-9]+' "$FUZZ_DIR/last-run.log" | tail -1 || true)"
grep -E '^stat::' "$FUZZ_DIR/last-run.log" | tr '\n' ' ' || true; echo
runs=$(grep -E '^stat::number_of_executed_units:' "$FUZZ_DIR/last-run.log" | awk '{print $2}' | tail -1 || true)
if [ "${FUZZ_FORK:-0}" = 1 ]; then
  # Fork mode schedules its children by time: it is not replayable, but
  # each finding's artifact is.
  echo "[fuzz] seed $SEED (fork mode: replay the artifacts, not the run)"
else
  echo "[fuzz] replay this run: FUZZ_SEED=$SEED${runs:+ FUZZ_RUNS=$runs} FUZZ_DIR=<fresh dir> scripts/fuzz.sh (make fuzz-smoke: FUZZ_SEED=$SEED${runs:+ FUZZ_RUNS=$runs} make fuzz-smoke)"
fi

status=0
for crash in "$FUZZ_DIR"/artifacts/crash-*; do
  [ -e "$crash" ] || continue
  # A crash from an earlier run that no longer reproduces was fixed.
  if nice -n 10 timeout 120 "$FUZZER" "$crash" >/dev/null 2>&1; then
    mkdir -p "$FUZZ_DIR/artifacts/fixed"
    mv "$crash" "$FUZZ_DIR/artifacts/fixed/"
    rm -f "$FUZZ_DIR/artifacts/min-$(basename "$crash")"*
    echo "[fuzz] fixed (no longer reproduces): $(basename "$crash")"
    continue
  fi
  min="$FUZZ_DIR/artifacts/min-$(basename "$crash")"
  if [ ! -e "$min" ]; then
    echo "[fuzz] minimizing $crash"
    nice -n 10 timeout 600 "$FUZZER" -minimize_crash=1 -runs=20000 -max_total_time=300 \
      -exact_artifact_path="$min" "$crash" >"$min.log" 2>&1 || true
    [ -e "$min" ] || cp "$crash" "$min"
  fi
  echo "[fuzz] CRASH reproducer: $min ($(wc -c <"$min") bytes); reproduce with:"
  echo "        $FUZZER $min"
  if [ "$(wc -c <"$min")" -le 4096 ]; then
    echo "[fuzz] reproducer text:"
    sed 's/^/    | /' "$min"; echo
  fi
  status=1
done
for other in "$FUZZ_DIR"/artifacts/{timeout,oom,slow-unit}-*; do
  [ -e "$other" ] && echo "[fuzz] note: $other (not a crash)"
done
exit $status
