"""Closures under PEP 563 (string annotations): names a kernel uses only in
its annotations are found in the frames around the decorator."""

from __future__ import annotations

from tirx.script import ir as I
from tirx.script import tirx as T


def test_annotation_only_closure_names_with_pep563():
    def make(M, dtype):
        @T.prim_func
        def k(A: T.Buffer((M,), dtype)):
            T.evaluate(0)
        return k

    assert "!tirx.buffer<16xf32, global>" in str(make(16, "float32"))
    assert "!tirx.buffer<32xf16, global>" in str(make(32, "float16"))


def test_nested_frames_and_modules_with_pep563():
    def outer(M):
        def middle(N):
            @I.ir_module
            class Mod:
                @T.prim_func
                def main(A: T.Buffer((M, N), "float32")):
                    T.evaluate(0)
            return Mod
        return middle(8)

    assert "!tirx.buffer<16x8xf32, global>" in str(outer(16))


def test_closure_in_annotation_and_body_with_pep563():
    def f(M):
        @T.prim_func
        def k(A: T.Buffer((M,), "int32")):
            T.device_entry()
            T.thread_id([1])
            A[0] = M
        return k

    assert "arith.constant 24 : i32" in str(f(24))
