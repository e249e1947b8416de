"""A GEMM written only with tile primitives: C = A @ B^T (f16 in, f32 out).

A is M x K, Bt is N x K (both K-major, f16), C is M x N (f32). No T.ptx:
the tile primitives' dispatch picks the instructions from the operands'
scopes and layouts (docs/TilePrimitives.md).

``make_gemm_mma`` (sm_80 and newer): a CTA of four warps computes a 64 x 64
tile of C. Per K step the CTA copies a 64 x 32 block of A and of Bt into
shared memory (``Tx.cta.copy``: vectorized ld/st), each warp loads its 16
rows of A and all of Bt into register fragments (``Tx.warp.copy``:
ldmatrix), and multiplies into its 16 x 64 f32 accumulator fragment
(``Tx.warp.gemm``: mma.sync.m16n8k16). The accumulator goes to C with
``Tx.warp.copy``.

``make_gemm_wgmma`` (sm_90a): a CTA of one warpgroup computes a 64 x 64
tile; A and Bt blocks of 64 x 64 sit in shared memory in the 128-byte
swizzle (``T.ComposeLayout(3, 3, 3, ...)``), and ``Tx.wg.gemm_async``
dispatches to wgmma.mma_async with descriptors derived from those layouts,
into the warpgroup's register accumulator.

Both are simulated against NumPy in CI (test/python/test_tile_kernels.py).
"""

from tirx.layout import wgmma_acc_layout
from tirx.script import tile as Tx
from tirx.script import tirx as T

BM, BN = 64, 64


def _check(M, N, K, bk):
    if M % BM or N % BN or K % bk:
        raise ValueError(f"M, N must be multiples of {BM}, {BN} and K of {bk}; "
                         f"got {M}x{N}x{K}")


def launch(M, N):
    return dict(grid=(N // BN, M // BM, 1), block=(128, 1, 1))


def make_gemm_mma(M, N, K):
    """The mma.sync GEMM (four warps, 64 x 64 per CTA, K steps of 32)."""
    BK = 32
    _check(M, N, K, BK)
    GN, GM = N // BN, M // BM
    a_layout = T.TileLayout(T.S[(2, 8, BK // 8, 4, 2):(2, 4 @ T.Axis.laneid, 4,
                                                       1 @ T.Axis.laneid, 1)])
    bt_layout = T.TileLayout(T.S[(BN // 8, 8, BK // 8, 4, 2):(
        2 * (BK // 8), 4 @ T.Axis.laneid, 2, 1 @ T.Axis.laneid, 1)])
    acc_layout = T.TileLayout(T.S[(2, 8, BN // 8, 4, 2):(2, 4 @ T.Axis.laneid, 4,
                                                         1 @ T.Axis.laneid, 1)])

    @T.prim_func
    def gemm(A: T.Buffer((M, K), "float16"), Bt: T.Buffer((N, K), "float16"),
             C: T.Buffer((M, N), "float32")):
        T.device_entry()
        bn, bm = T.cta_id([GN, GM])
        T.thread_id([128])
        w = T.warp_id([4])
        As = T.alloc_buffer((BM, BK), "float16", scope="shared")
        Bs = T.alloc_buffer((BN, BK), "float16", scope="shared")
        a = T.alloc_buffer((16, BK), "float16", scope="local", layout=a_layout)
        b = T.alloc_buffer((BN, BK), "float16", scope="local", layout=bt_layout)
        acc = T.alloc_buffer((16, BN), "float32", scope="local", layout=acc_layout)
        Tx.warp.fill(acc, 0.0)
        for k in range(K // BK):
            Tx.cta.copy(As, A[bm * BM:bm * BM + BM, k * BK:k * BK + BK])
            Tx.cta.copy(Bs, Bt[bn * BN:bn * BN + BN, k * BK:k * BK + BK])
            T.cuda.cta_sync()
            Tx.warp.copy(a, As[w * 16:w * 16 + 16, 0:BK])
            Tx.warp.copy(b, Bs)
            Tx.warp.gemm(acc, a, b, acc, transpose_B=True, beta=1.0)
            T.cuda.cta_sync()
        Tx.warp.copy(C[bm * BM + w * 16:bm * BM + w * 16 + 16, bn * BN:bn * BN + BN], acc)

    return gemm


def make_gemm_wgmma(M, N, K):
    """The wgmma GEMM (one warpgroup, 64 x 64 per CTA, K steps of 64)."""
    BK = 64
    _check(M, N, K, BK)
    GN, GM = N // BN, M // BM
    swizzled = T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[BM, BK]))
    acc_layout = wgmma_acc_layout(BN)

    @T.prim_func
    def gemm(A: T.Buffer((M, K), "float16"), Bt: T.Buffer((N, K), "float16"),
             C: T.Buffer((M, N), "float32")):
        T.device_entry()
        bn, bm = T.cta_id([GN, GM])
        T.thread_id([128])
        As = T.alloc_buffer((BM, BK), "float16", scope="shared", align=1024,
                            layout=swizzled)
        Bs = T.alloc_buffer((BN, BK), "float16", scope="shared", align=1024,
                            layout=swizzled)
        acc = T.alloc_buffer((BM, BN), "float32", scope="local", layout=acc_layout)
        for k in range(K // BK):
            Tx.cta.copy(As, A[bm * BM:bm * BM + BM, k * BK:k * BK + BK])
            Tx.cta.copy(Bs, Bt[bn * BN:bn * BN + BN, k * BK:k * BK + BK])
            T.cuda.cta_sync()
            Tx.wg.gemm_async(acc, As, Bs, transB=True, accum=k > 0, wait=0)
            T.cuda.cta_sync()
        Tx.wg.copy(C[bm * BM:bm * BM + BM, bn * BN:bn * BN + BN], acc)

    return gemm
