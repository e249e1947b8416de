"""T.exp2(x, fast=True): math.exp2 with fastmath<afn> (lowered to one
ex2.approx.ftz.f32, test/Pipelines/math-fast-exp2.mlir); the printer spells
it back, and writes the generic op form (keeping the flag) for fast-math
flags the script has no spelling of."""

import pytest

from tirx import ir
from tirx.script import ScriptError, script
from tirx.script import tirx as T


def test_fast_exp2_carries_afn_and_round_trips():
    @T.prim_func
    def k(A: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        A[tx] = T.exp2(A[tx], fast=True) + T.exp2(A[tx])

    text = str(k)
    assert text.count("math.exp2") == 2
    assert text.count("fastmath<afn>") == 1
    printed = script(k)
    assert "T.exp2(" in printed and printed.count("fast=True") == 1


def test_fast_exp2_is_float32_only():
    with pytest.raises(ScriptError, match="fast=True.*float32"):
        @T.prim_func
        def k(A: T.Buffer((32,), "float16")):
            T.device_entry()
            tx = T.thread_id([32])
            A[tx] = T.exp2(A[tx], fast=True)


def test_other_fast_math_flags_are_not_dropped():
    m = ir.Module.parse("""
func.func @f(%x: f32) -> f32 {
  %0 = math.exp %x fastmath<fast> : f32
  return %0 : f32
}""", context=ir.Context())
    text = script(m)
    assert "T.exp(" not in text
    assert "T.mlir_op('math.exp'" in text and "#arith.fastmath<fast>" in text
