"""Elementwise kernel at memory speed: C = alpha * A + B over f32 vectors.

Each thread loads VEC consecutive floats of A and of B with one vector load
each (`ld.global.v4`), and stores VEC results with one vector store; a CTA
covers THREADS * VEC elements, the grid the whole array. Three arrays of
4 bytes per element move, so the kernel is bound by DRAM bandwidth.
"""

from tirx.script import tirx as T

DEFAULT = dict(THREADS=256, VEC=4)


def launch(n, **overrides):
    if set(overrides) - set(DEFAULT):
        raise ValueError(f"elementwise: unknown configuration key(s) "
                         f"{', '.join(sorted(set(overrides) - set(DEFAULT)))}")
    cfg = dict(DEFAULT, **overrides)
    per_cta = cfg["THREADS"] * cfg["VEC"]
    if n % per_cta:
        raise ValueError(f"n = {n} is not a multiple of {per_cta}")
    return dict(grid=(n // per_cta, 1, 1), block=(cfg["THREADS"], 1, 1),
                cluster=(1, 1, 1), smem=0)


def bytes_moved(n):
    return 3 * 4 * n


def make_axpy(n, **overrides):
    cfg = dict(DEFAULT, **overrides)
    THREADS, VEC = cfg["THREADS"], cfg["VEC"]
    BLOCKS = launch(n, **overrides)["grid"][0]
    VT = f"float32x{VEC}"

    @T.prim_func
    def axpy(A: T.Buffer((n,), "float32"), B: T.Buffer((n,), "float32"),
             C: T.Buffer((n,), "float32"), alpha: T.float32):
        T.device_entry()
        bx = T.cta_id([BLOCKS])
        tx = T.thread_id([THREADS])
        i = (bx * THREADS + tx) * VEC
        C.vstore([i], A.vload([i], VT) * alpha + B.vload([i], VT))

    return axpy
