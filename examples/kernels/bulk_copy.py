"""Bulk copy through shared memory with the TMA engine (cp.async.bulk).

One elected thread per CTA moves PER_CTA chunks of CHUNK bytes: it keeps
STAGES global -> shared copies in flight (each completes on its stage's
mbarrier), and as each lands it issues the shared -> global copy of that
chunk; a stage is refilled once the bulk group that reads it has finished
reading (`cp.async.bulk.wait_group.read`). No thread touches the data, so
the copy runs at the memory system's speed with one warp per CTA.
"""

from tirx.script import tirx as T

DEFAULT = dict(CHUNK=16384, STAGES=4, PER_CTA=8)


def launch(n_bytes, **overrides):
    if set(overrides) - set(DEFAULT):
        raise ValueError(f"bulk_copy: unknown configuration key(s) "
                         f"{', '.join(sorted(set(overrides) - set(DEFAULT)))}")
    cfg = dict(DEFAULT, **overrides)
    per_cta = cfg["CHUNK"] * cfg["PER_CTA"]
    if n_bytes % per_cta or cfg["CHUNK"] % 16:
        raise ValueError(f"{n_bytes} bytes is not a multiple of {per_cta}")
    return dict(grid=(n_bytes // per_cta, 1, 1), block=(32, 1, 1), cluster=(1, 1, 1),
                smem=cfg["STAGES"] * cfg["CHUNK"] + 8 * cfg["STAGES"] + 128)


def bytes_moved(n_bytes):
    return 2 * n_bytes


def make_copy(n_bytes, **overrides):
    cfg = dict(DEFAULT, **overrides)
    CHUNK, STAGES, PER_CTA = cfg["CHUNK"], cfg["STAGES"], cfg["PER_CTA"]
    ELEMS = CHUNK // 4
    n = n_bytes // 4
    BLOCKS = launch(n_bytes, **overrides)["grid"][0]
    PRO = min(STAGES, PER_CTA)

    @T.prim_func
    def bulk_copy(A: T.Buffer((n,), "float32"), B: T.Buffer((n,), "float32")):
        T.device_entry()
        bx = T.cta_id([BLOCKS])
        tx = T.thread_id([32])
        bars = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        buf = T.alloc_buffer([STAGES * ELEMS], "float32", scope="shared.dyn", align=128)
        if tx == 0:
            for s in range(STAGES):
                T.ptx.mbarrier.init(bars.ptr_to([s]), 1)
            T.ptx.fence.mbarrier_init()
            base = bx * (PER_CTA * ELEMS)
            for c in range(PRO):
                T.ptx.mbarrier.arrive.expect_tx(bars.ptr_to([c]), CHUNK)
                T.ptx.cp.async_.bulk.g2s(buf.ptr_to([c * ELEMS]), A.ptr_to([base + c * ELEMS]),
                                         bars.ptr_to([c]), CHUNK)
            for c in range(PER_CTA):
                s = c % STAGES
                T.cuda.mbarrier_wait(bars.ptr_to([s]), (c // STAGES) % 2)
                T.ptx.cp.async_.bulk.s2g(B.ptr_to([base + c * ELEMS]), buf.ptr_to([s * ELEMS]),
                                         CHUNK)
                T.ptx.cp.async_.bulk.commit_group()
                if c + STAGES < PER_CTA:
                    # the store of chunk c has read stage s: refill it
                    T.ptx.cp.async_.bulk.wait_group(0, True)
                    T.ptx.mbarrier.arrive.expect_tx(bars.ptr_to([s]), CHUNK)
                    T.ptx.cp.async_.bulk.g2s(buf.ptr_to([s * ELEMS]),
                                             A.ptr_to([base + (c + STAGES) * ELEMS]),
                                             bars.ptr_to([s]), CHUNK)
            T.ptx.cp.async_.bulk.wait_group(0)

    return bulk_copy
