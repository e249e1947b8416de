"""The device check's @I.pyfunc case: a module whose Python function
launches its kernel twice (B = A * alpha * 2 + B for i < n)."""

from tirx.script import ir as I
from tirx.script import tirx as T


@I.ir_module
class AxpyTwice:
    @T.prim_func
    def axpy(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32"),
             alpha: T.float32, n: T.int32):
        T.device_entry()
        bx = T.cta_id([8])
        tx = T.thread_id([128])
        i = bx * 128 + tx
        if i < n:
            B[i] = A[i] * alpha + B[i]

    @I.pyfunc
    def twice(a, b, alpha, n):
        cls.axpy(a, b, alpha, n)  # noqa: F821 - the package, at run time
        cls.axpy(a, b, alpha, n)  # noqa: F821
