"""Row softmax written only with tile primitives: Y = softmax(X, axis=1).

X and Y are R x C (f32). A CTA of four warps takes four rows; each warp
holds its row as a register fragment spread over its 32 lanes
(``T.TileLayout(T.S[(C // 32, 32):(1, 1 @ T.Axis.laneid)])``) and computes,
with the original TIRx's compose primitives:

- ``Tx.warp.reduce_negate(negmax, x, "max")``: -max of the row, replicated
  in every lane (a warp shuffle tree);
- ``Tx.warp.unary_reduce(e, total, x, "exp", "sum", bias=negmax[0])``:
  e = exp(x - max) and its sum in one primitive;
- ``Tx.warp.fdiv(y, e, total[0])`` and ``Tx.warp.copy`` to Y.

No T.ptx; simulated against NumPy in CI (test/python/test_tile_kernels.py).
"""

from tirx.script import tile as Tx
from tirx.script import tirx as T

ROWS_PER_CTA = 4


def launch(R):
    return dict(grid=(R // ROWS_PER_CTA, 1, 1), block=(32 * ROWS_PER_CTA, 1, 1))


def make_softmax(R, C):
    if R % ROWS_PER_CTA or C % 32:
        raise ValueError(f"R must be a multiple of {ROWS_PER_CTA} and C of 32; "
                         f"got {R}x{C}")
    row = T.TileLayout(T.S[(1, C // 32, 32):(1, 1, 1 @ T.Axis.laneid)])
    scalar = T.TileLayout(T.S[1:1] + T.R[32:1 @ T.Axis.laneid])

    @T.prim_func
    def softmax(X: T.Buffer((R, C), "float32"), Y: T.Buffer((R, C), "float32")):
        T.device_entry()
        bx = T.cta_id([R // ROWS_PER_CTA])
        T.thread_id([32 * ROWS_PER_CTA])
        w = T.warp_id([ROWS_PER_CTA])
        r = bx * ROWS_PER_CTA + w
        x = T.alloc_buffer((1, C), "float32", scope="local", layout=row)
        e = T.alloc_buffer((1, C), "float32", scope="local", layout=row)
        negmax = T.alloc_buffer((1,), "float32", scope="local", layout=scalar)
        total = T.alloc_buffer((1,), "float32", scope="local", layout=scalar)
        Tx.warp.copy(x, X[r:r + 1, 0:C])
        Tx.warp.reduce_negate(negmax, x, "max", reduce_axes=1)
        Tx.warp.unary_reduce(e, total, x, "exp", "sum", bias=negmax[0],
                             reduce_axes=1)
        Tx.warp.fdiv(e, e, total[0])
        Tx.warp.copy(Y[r:r + 1, 0:C], e)

    return softmax
