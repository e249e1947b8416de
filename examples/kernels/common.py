"""Compiling the example kernels and reading ptxas's resource usage."""

import os
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


def ptxas_stats(ptx, chip="sm_90a"):
    """Runs `ptxas -v` on `ptx`; returns {entry: dict(registers, spill_stores,
    spill_loads, stack, smem, cmem0)} (static shared memory only: the GEMM's
    is dynamic), as kernel packages record it. Raises RuntimeError with
    ptxas's message when it rejects the PTX, FileNotFoundError when there
    is no ptxas."""
    from tirx.runtime.package import parse_ptxas_verbose
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
    return parse_ptxas_verbose(r.stdout + r.stderr)
