#!/usr/bin/env bash
# Runs the Python API fuzzer (fuzz/python_api_fuzz.py) for SECONDS against
# the package of the sanitizer build (configured and built here if needed,
# the same build scripts/sanitize.sh makes). Sequences start at FUZZ_SEED
# (default: a new random one each run, printed, so campaigns explore new
# sequences); a finding leaves $BUILD/fuzz-python/crash-<seed>.py (a replay
# script) and crash-<seed>.log, and makes the run exit 1.
#
#   scripts/fuzz-python.sh [SECONDS]          (default 600)
#   BUILD=build scripts/fuzz-python.sh 60     (the plain build: no sanitizers)
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-600}
BUILD=${BUILD:-build-asan}
JOBS=${JOBS:-2}
PY=${PYTHON:-$(command -v python3)}
SEED=${FUZZ_SEED:-$(( (RANDOM << 15 | RANDOM) * 1000 ))}

[ -f "$BUILD/build.ninja" ] || BUILD="$BUILD" bash scripts/sanitize.sh --configure-only
nice -n 10 ninja -C "$BUILD" -j"$JOBS" _tirx
nice -n 10 "$PY" fuzz/python_api_fuzz.py --build "$BUILD" --seconds "$SECS" \
  --first-seed "$SEED" ${FUZZ_PYTHON_ARGS:-}
