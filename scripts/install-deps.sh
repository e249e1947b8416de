#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test TIRx.
# Idempotent: everything already present is skipped. Stops with a clear
# message naming the first package that cannot be had.
#
#   scripts/install-deps.sh          build and test dependencies
#   scripts/install-deps.sh --fuzz   also clang-22 + compiler-rt (libFuzzer,
#                                    ASan/UBSan runtimes) for scripts/fuzz.sh,
#                                    scripts/sanitize.sh and `make fuzz-smoke`
set -euo pipefail

LLVM_PREFIX=/usr/lib/llvm-22
DEBS=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools ninja-build lld cmake ccache)
for arg in "$@"; do
  case "$arg" in
    --fuzz) DEBS+=(clang-22 libclang-rt-22-dev) ;;
    *) echo "[install-deps] unknown option: $arg (known: --fuzz)" >&2; exit 2 ;;
  esac
done
PY=${PYTHON:-python3}
# matplotlib: the trace summary picture (tirx.profiling.summary_png) and its test.
PY_PKGS=(pytest nanobind psutil numpy matplotlib)

log() { printf '[install-deps] %s\n' "$*"; }
die() { printf '[install-deps] error: %s\n' "$*" >&2; exit 1; }

SUDO=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 && SUDO=sudo || true
fi

# --- Debian packages ---------------------------------------------------------
missing=()
for p in "${DEBS[@]}"; do
  # cmake may come from elsewhere (pip, pyenv); accept any cmake >= 3.20.
  if [ "$p" = cmake ] && command -v cmake >/dev/null 2>&1; then continue; fi
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found; install by hand: ${missing[*]}"
  log "installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -qq || die "apt-get update failed"
  for p in "${missing[@]}"; do
    if ! apt-cache show "$p" >/dev/null 2>&1; then
      die "Debian package '$p' is not available from the configured apt sources"
    fi
  done
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || die "apt-get install failed for: ${missing[*]}"
else
  log "Debian packages present"
fi
[ -f "$LLVM_PREFIX/lib/cmake/mlir/MLIRConfig.cmake" ] || die "MLIR 22 CMake package missing under $LLVM_PREFIX (package libmlir-22-dev)"
[ -x "$LLVM_PREFIX/bin/FileCheck" ] || die "FileCheck missing under $LLVM_PREFIX/bin (package llvm-22-tools)"

# --- Python headers (the tirx extension module) --------------------------------
if ! "$PY" -c 'import os, sysconfig, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null; then
  pyexe=$("$PY" -c 'import sys; print(sys.executable)')
  case "$pyexe" in
    /usr/bin/*)
      command -v apt-get >/dev/null 2>&1 || die "Python.h missing for $pyexe; install python3-dev"
      log "installing Debian package: python3-dev (Python.h for the tirx extension)"
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-dev \
        || die "apt-get install failed for: python3-dev"
      ;;
    *) die "Python.h missing for $pyexe; install that interpreter's development headers" ;;
  esac
fi

# --- Python packages ---------------------------------------------------------
pymissing=()
for m in "${PY_PKGS[@]}"; do
  if ! "$PY" -c "import $m" >/dev/null 2>&1; then pymissing+=("$m"); fi
done
if [ ${#pymissing[@]} -gt 0 ]; then
  log "installing Python packages: ${pymissing[*]}"
  "$PY" -m pip install -q "${pymissing[@]}" || die "pip install failed for: ${pymissing[*]}"
else
  log "Python packages present"
fi

# --- ptxas -------------------------------------------------------------------
find_ptxas() {
  if command -v ptxas >/dev/null 2>&1; then command -v ptxas; return 0; fi
  for d in "${CUDA_HOME:-}" "${CUDA_PATH:-}" /usr/local/cuda; do
    [ -n "$d" ] && [ -x "$d/bin/ptxas" ] && { echo "$d/bin/ptxas"; return 0; }
  done
  local w
  w=$("$PY" - <<'PYEOF' 2>/dev/null
import os, glob
try:
    import nvidia.cuda_nvcc as m
    base = os.path.dirname(m.__file__) if m.__file__ else list(m.__path__)[0]
    for c in glob.glob(os.path.join(base, "**", "ptxas"), recursive=True):
        print(c); break
except Exception:
    pass
PYEOF
)
  [ -n "$w" ] && [ -x "$w" ] && { echo "$w"; return 0; }
  return 1
}
if p=$(find_ptxas); then
  log "ptxas: $p"
else
  # CUDA 13.0's ptxas: the GPU machine's driver is CUDA 13.0, and the
  # device check's bundle carries cubins this ptxas assembles.
  log "ptxas not found; installing PyPI's nvidia-cuda-nvcc wheel (CUDA 13.0)"
  "$PY" -m pip install -q "nvidia-cuda-nvcc==13.0.*" || die "pip install nvidia-cuda-nvcc failed (needed for ptxas)"
  p=$(find_ptxas) || die "ptxas still not found after installing nvidia-cuda-nvcc"
  log "ptxas: $p"
fi
# --- libdevice (math functions in kernels) -----------------------------------
has_libdevice() {
  local p root
  for root in "${CUDA_HOME:-}" "${CUDA_PATH:-}" /usr/local/cuda /usr/local/cuda-*; do
    [ -n "$root" ] && [ -f "$root/nvvm/libdevice/libdevice.10.bc" ] && return 0
  done
  if p=$(command -v ptxas 2>/dev/null); then
    root=$(dirname "$(dirname "$(readlink -f "$p")")")
    [ -f "$root/nvvm/libdevice/libdevice.10.bc" ] && return 0
  fi
  "$PY" - <<'PYEOF' 2>/dev/null
import glob, os, sys
try:
    import nvidia
except ImportError:
    sys.exit(1)
sys.exit(0 if any(glob.glob(os.path.join(b, "cu*", "nvvm", "libdevice", "libdevice.10.bc"))
                  for b in nvidia.__path__) else 1)
PYEOF
}
if has_libdevice; then
  log "libdevice present"
else
  log "libdevice not found; installing PyPI's nvidia-nvvm wheel"
  "$PY" -m pip install -q nvidia-nvvm || die "pip install nvidia-nvvm failed (libdevice for math functions)"
  has_libdevice || die "libdevice still not found after installing nvidia-nvvm"
fi
log "done"
