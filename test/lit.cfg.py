# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TIRX"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tirx_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tirx_src_root", config.tirx_src_root))
config.substitutions.append(("%tirx_obj_root", config.tirx_obj_root))
config.substitutions.append(("%tirx_tools_dir", config.tirx_tools_dir))
config.substitutions.append(("%python", config.python_executable))

# Embedding/: configure and build a consumer project with our toolchain.
config.substitutions.append(("%cmake_generator", '"%s"' % config.cmake_generator))
config.substitutions.append(("%consumer_cmake_flags", config.tirx_consumer_cmake_flags))
config.substitutions.append(("%cmake", config.cmake_command))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.tirx_tools_dir, config.llvm_tools_dir]
tools = ["tirx-opt", "tirx-translate", "tirx-capi-test", "mlir-opt", "mlir-translate"]
# Runtime/: the runtime's test binaries.
tools += ["tirx-tensormap-test"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

if config.tirx_ptxas and os.path.exists(config.tirx_ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.tirx_ptxas))

# libdevice (math functions): found the way the Python package finds it
# (CUDA_HOME, the ptxas toolkit, /usr/local/cuda, PyPI's nvidia-nvvm wheel),
# and handed to the tools through CUDA_HOME.
def _find_cuda_toolkit():
    import glob
    def has(root):
        return root and os.path.isfile(
            os.path.join(root, "nvvm", "libdevice", "libdevice.10.bc"))
    cands = [os.environ.get(v) for v in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT")]
    if config.tirx_ptxas:
        cands.append(os.path.dirname(os.path.dirname(
            os.path.realpath(config.tirx_ptxas))))
    cands += ["/usr/local/cuda"] + sorted(glob.glob("/usr/local/cuda-*"),
                                          reverse=True)
    cands += ["/usr/lib/cuda"]
    try:
        import nvidia
        for base in getattr(nvidia, "__path__", []):
            cands += sorted(glob.glob(os.path.join(base, "cu*")), reverse=True)
    except ImportError:
        pass
    return next((c for c in cands if has(c)), None)

_toolkit = _find_cuda_toolkit()
if _toolkit:
    config.available_features.add("libdevice")
    config.environment["CUDA_HOME"] = _toolkit

# Built with -DTIRX_ENABLE_SANITIZERS=ON (scripts/sanitize.sh).
# Defaults match scripts/sanitize.sh when ASAN_OPTIONS/UBSAN_OPTIONS are unset
# (allow_user_poisoning=0: see cmake/modules/TIRxSanitizers.cmake).
if config.tirx_sanitizers.upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("asan")
    config.environment.setdefault(
        "ASAN_OPTIONS",
        "halt_on_error=1:abort_on_error=1:detect_leaks=0:allow_user_poisoning=0")
    config.environment.setdefault("UBSAN_OPTIONS",
                                  "halt_on_error=1:print_stacktrace=1")

# The libFuzzer target (-DTIRX_ENABLE_FUZZER=ON): Regression/ replays every
# seed through it.
if os.path.exists(os.path.join(config.tirx_tools_dir, "tirx-fuzz")):
    config.available_features.add("tirx-fuzz")
    config.substitutions.append(
        ("%tirx-fuzz", os.path.join(config.tirx_tools_dir, "tirx-fuzz")))

# A test that hangs fails after this many seconds instead of stalling the
# suite (lit needs psutil for per-test timeouts).
try:
    import psutil  # noqa: F401

    lit_config.maxIndividualTestTime = 600
except ImportError:
    pass
