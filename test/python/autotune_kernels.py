"""A kernel factory for the autotuner tests (its own module: the tuner's
cache is keyed by the factory's source file, which a child process then
sees unchanged)."""

import numpy as np

from tirx.script import tirx as T

THREADS = 128


def axpy(n, VEC=1, SMEM=0, BUG=False):
    """B = 2 A (+ 1 with BUG), VEC elements per thread; SMEM bytes of
    dynamic shared memory that the kernel touches."""
    if n % (THREADS * VEC):
        raise ValueError(f"n={n} is not a multiple of {THREADS * VEC}")
    ctas = n // (THREADS * VEC)
    extra = 1.0 if BUG else 0.0

    @T.prim_func
    def kernel(A: T.Buffer((n,), "float32"), B: T.Buffer((n,), "float32")):
        T.device_entry()
        bx = T.cta_id([ctas])
        tx = T.thread_id([THREADS])
        if SMEM:
            pool = T.alloc_buffer([SMEM], "uint8", scope="shared.dyn")
            pool[tx] = T.uint8(1)
        for v in range(VEC):
            i = (bx * THREADS + tx) * VEC + v
            B[i] = A[i] * T.float32(2.0) + T.float32(extra)

    return kernel


def verify(config):
    """The config's kernel in the simulator at a small size."""
    from tirx import sim
    n = THREADS * config.get("VEC", 1) * 2
    a = np.arange(n, dtype=np.float32)
    b = np.zeros(n, dtype=np.float32)
    sim.run(axpy(n, **config), a, b)
    if not np.array_equal(b, 2 * a):
        raise AssertionError("wrong results: %s" % b[:4])
