"""Odd and wrong scripts never crash the frontend: each parses (and
compiles), or raises a ScriptError at a source line -- never another
exception, never a crash of the interpreter."""

import pytest

import tirx
from tirx.script import ScriptError, from_source

BODIES = [
 "x = T.alloc_buffer((), 'float32', scope='local')\n    x[()] = 1.0",
 "x = T.alloc_buffer((0,), 'float32', scope='local')",
 "T.cta_id([0])",
 "x = T.alloc_local([4], 'int3')",
 "A[1.5] = 1",
 "T.ptx.mbarrier.init(1, 2)",
 "for i in range(10**12):\n        A[0] = 1",
 "x = None\n    y = x",
 "T.evaluate(A)",
 "p = A.data\n    q = T.reinterpret('float32', p)",
 "p = A.data\n    if p == 0:\n        A[0] = 1",
 "A[0] = A",
 "A[0] = A.data",
 "T.device_entry()",
 "x = T.thread_id([1, 2, 3, 4])",
 "x = T.lane_id([16])",
 "x = T.cta_id([2**40])",
 "x = 1 / 0",
 "x = tx / 0",
 "x = T.float32(tx) // 0.0",
 "A[tx] = T.int32(T.float16(tx))",
 "v = T.alloc_local([4], 'float16x2')\n    v[0] = T.float16x2(1.0)",
 "v = A.view('float16')",
 "v = A.view(2, 16)\n    v[1, 2] = 3",
 "v = A.view(3, 16)",
 "while True:\n        break",
 "while tx:\n        A[0] = 1",
 "x = [i for i in range(3)]\n    A[x[1]] = x[2]",
 "f = lambda a: a + 1\n    A[0] = f(tx)",
 "A[tx] = {1: 2}[1]",
 "x: T.handle = A.data",
 "x: T.Buffer((4,), 'int32') = A",
 "import os",
 "class C:\n        pass",
 "global g",
 "with 5:\n        pass",
 "async def f():\n        pass",
 "yield 1",
 "A[tx] = (yield)",
 "A[tx] = tx if tx else 0",
 "A[tx] = tx @ tx",
 "del A",
 "A[tx], A[0] = 1, 2",
 "a, b = tx",
 "a, *b = [1]",
 "T.ptx.mapa(A.data, 1)",
 "T.ptx.shfl.sync(-1, A.data, 1, 31, kind='bfly')",
 "T.ptx.wgmma.mma_async(1, 2, 3)",
 "T.ptx.tcgen05.ld(A.data, shape='shape_32x32b', num=1)",
 "T.cuda.warp_sum(T.float16(1))",
 "T.cuda.cta_sum(tx, 3, A.data)",
 "T.cuda.mov_sreg(32, 'bogus')",
 "T.attr({'a': 1})\n    with T.hint('x'):\n        A[0] = 1",
 "T.launch_thread('foo.x', 4)",
 "T.env_thread('threadIdx.x')\n    A[0] = 1",
 "b = T.env_thread('threadIdx.x')\n    A[b] = 1",
 "T.func_attr(5)",
 "T.match_buffer(A, (4,))",
 "T.match_buffer(tx, (4,))",
 "x = T.decl_buffer([4], 'int32', data=A.data, elem_offset=tx)\n    x[0] = 1",
 "x = T.decl_buffer([4], 'int32', data=A.data, byte_offset=4)\n    x[0] = 1",
 "assert tx, ('ValueError', ['a', 'b'])",
 "T.static_assert(1 == 2, 'no')",
 "A[tx] = T.max(1, 2) + T.min(tx, 2.5)",
 "A[tx] = T.abs(-3) + T.abs(tx)",
 "A[tx] = -A[tx] + ~tx + (not tx)",
 "A[tx] = tx << 40",
 "A[tx] = T.int64(2**62) // 3",
 "A[tx] = T.uint64(2**64 - 1) % 5",
 "A[tx] = T.bool(tx) + 1",
 "x = T.reinterpret('uint64', T.float64(1.0))",
 "x = T.cast(A.data, 'uint64')",
 "x = T.cast(A.data, 'float32')",
 "x = T.address_of(tx)",
 "x = T.tvm_access_ptr('float32', tx, 0, 1, 3)",
 "x = T.ptr_byte_offset(tx, 0, 'float32')",
 "x = T.if_then_else(tx, A.data, A.data)",
 "x = T.Select(tx < 1, 1.0, 2)",
 "x = A.shape[5]",
 "x = A[tx, tx]",
 "x = A[::2]",
 "for i in T.grid():\n        pass",
 "for i, j in T.grid(2):\n        pass",
 "for i in T.serial(0, 4, unroll='x'):\n        pass",
 "for i in T.serial(0, 4, step=0):\n        pass",
 "for i in T.thread_binding(4, thread='bogus'):\n        pass",
 "for i in range(1, 2, 3, 4):\n        pass",
 "for i in T.serial(0, tx + 0.5):\n        pass",
]


@pytest.mark.parametrize("body", BODIES)
def test_no_crash(body):
    src = f"""
@T.prim_func
def k(A: T.Buffer((32,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    {body}
"""
    try:
        f = from_source(src)
    except ScriptError as e:
        assert e.span is not None and e.span.line >= 3, str(e)  # in the function
        assert str(e).startswith("error: ")
        return
    try:
        tirx.compile(f)
    except ScriptError as e:
        assert str(e).startswith("error: ")
