"""Parsing, printing and compiling from several Python threads at once give
what one thread gives: each thread builds in its own Context with its own
builder stack (tirx/script/_builder.py)."""

import re
import threading

import tirx
from tirx.script import from_source, script
from tirx.script import tirx as T

SOURCE = '''
@T.prim_func
def kernel(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), n: T.int32):
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    smem = T.alloc_buffer((128,), "float32", scope="shared")
    i: T.let = bx * 128 + tx
    acc = 0.0
    for k in range(n):
        for j in [1, 2, 3]:
            if A[i] > j:
                break
            acc = acc + A[(i + k) % 256] * j
    smem[tx] = acc
    T.cuda.cta_sync()
    B[i] = smem[127 - tx] + T.cuda.warp_sum(acc)
'''


@T.prim_func(private=True)
def helper(x: T.float32) -> T.float32:
    return x * 2.0


def _decorated():
    """A kernel parsed by the decorator in the calling thread, calling a
    helper parsed in the main thread (another Context)."""
    @T.prim_func
    def k(A: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        A[tx] = helper(A[tx]) + 1.0
    return k


def _run_threads(fn, n=8):
    import sys
    results, errors = [None] * n, []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible

    def work(i):
        try:
            results[i] = fn()
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(n)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors, errors[0]
    return results


def _ir(obj):
    return obj.module.operation.get_asm(enable_debug_info=False)


def test_parsing_in_threads_gives_the_single_thread_ir():
    want_src = _ir(from_source(SOURCE))
    want_dec = _ir(_decorated())

    def parse_many():
        out = []
        for _ in range(6):
            out.append((_ir(from_source(SOURCE)), _ir(_decorated())))
        return out

    for per_thread in _run_threads(parse_many):
        for got_src, got_dec in per_thread:
            assert got_src == want_src
            assert got_dec == want_dec


def test_printing_and_compiling_in_threads():
    f = from_source(SOURCE)
    want_text = script(f)
    want_ptx = tirx.compile(f, target="sm_90a", emit="ptx")

    def work():
        g = from_source(SOURCE)
        return script(g), tirx.compile(g, target="sm_90a", emit="ptx")

    # Each from_source text gets its own name (<tirx-script-N>), which the
    # PTX's line info (.file) names; the rest is the same.
    def unnamed(ptx):
        return re.sub(r"<tirx-script-\d+>", "<tirx-script>", ptx)

    for text, ptx in _run_threads(work, 4):
        assert text == want_text
        assert ".loc" in ptx
        assert unnamed(ptx) == unnamed(want_ptx)


def test_each_thread_has_its_own_context():
    from tirx.script._builder import context
    main = context()
    others = _run_threads(context, 3)
    assert all(c is not main for c in others)
    assert len({id(c) for c in others}) == 3
