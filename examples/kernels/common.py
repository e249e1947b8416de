"""Compiling the example kernels and reading ptxas's resource usage."""

import os
import re
import subprocess
import tempfile
import time

import tirx
from tirx.compiler import find_ptxas

# The chips each kernel is built for: the Hopper kernels also assemble for
# sm_100a (wgmma is sm_90a only, so the GEMM is Hopper only).
CHIPS = {
    "elementwise": ("sm_90a", "sm_100a"),
    "bulk_copy": ("sm_90a", "sm_100a"),
    "hopper_gemm": ("sm_90a",),
    "flash_attention": ("sm_90a",),
    "blackwell_gemm": ("sm_100a",),
}


def compile_kernel(func, chip="sm_90a"):
    """PTX of `func` for `chip` and the script -> PTX seconds (parse not
    included: `func` is already parsed)."""
    start = time.perf_counter()
    ptx = tirx.compile(func, target=chip, emit="ptx")
    return ptx, time.perf_counter() - start


_USED = re.compile(r"Used (\d+) registers")
_SPILL = re.compile(r"(\d+) bytes spill stores, (\d+) bytes spill loads")
_STACK = re.compile(r"(\d+) bytes stack frame")
_SMEM = re.compile(r"(\d+) bytes smem")


def ptxas_stats(ptx, chip="sm_90a"):
    """Runs `ptxas -v` on `ptx`; returns {entry: dict(registers, spill_stores,
    spill_loads, stack, smem)} (static shared memory only: the GEMM's is
    dynamic). Raises RuntimeError with ptxas's message when it rejects the
    PTX, FileNotFoundError when there is no ptxas."""
    ptxas = find_ptxas()
    if ptxas is None:
        raise FileNotFoundError("ptxas not found (CUDA toolkit)")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "k.ptx")
        with open(path, "w") as f:
            f.write(ptx)
        r = subprocess.run([ptxas, f"-arch={chip}", "-v", path, "-o", os.devnull],
                           capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"ptxas rejected the PTX for {chip}:\n{r.stderr}")
    stats, cur = {}, None
    for line in r.stderr.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            cur = stats.setdefault(m.group(1), dict(registers=None, spill_stores=None,
                                                     spill_loads=None, stack=None, smem=0))
            continue
        if cur is None:
            continue
        if (m := _SPILL.search(line)):
            cur["spill_stores"], cur["spill_loads"] = int(m.group(1)), int(m.group(2))
        if (m := _STACK.search(line)):
            cur["stack"] = int(m.group(1))
        if (m := _USED.search(line)):
            cur["registers"] = int(m.group(1))
        if (m := _SMEM.search(line)):
            cur["smem"] = int(m.group(1))
    return stats
