"""Blackwell bf16 GEMM (sm_100a) in TIRx script: C = A @ B, f32 accumulation
in tensor memory, bf16 out. A is M x K row-major, B is given as its N x K
transpose (both K-major), C is M x N row-major.

No Blackwell GPU is reachable to this project: this kernel is verified by
ptxas (sm_100a) only, and by the CPU simulator once that runs it; its
speed has never been measured.

- one warp's elected thread (warp 0) issues the TMA loads of a STAGES-deep
  ring (128-byte swizzle), `full[s]` completing on the bytes;
- one elected thread of warp 1 issues `tcgen05.mma` (kind::f16, an
  instruction descriptor for bf16 x bf16 -> f32, M x BN x 16 per
  instruction) into a tensor-memory accumulator of BN columns, and
  `tcgen05.commit` releases each stage to the producer (`empty[s]`) and
  finally signals `done`;
- with CTA_GROUP = 2 a cluster of two CTAs computes a 256-row tile: each CTA
  loads its 128 rows of A and half of the B box, both signalling the leader
  CTA's `full` barrier (`.cta_group::2` TMA), the leader alone issues
  `tcgen05.mma.cta_group::2` (M = 256) over both CTAs' shared memory, and
  its commits are multicast to both CTAs;
- the epilogue: the four warps read their 32 tensor-memory lanes
  (`tcgen05.ld.32x32b`, 32 columns at a time), convert to bf16 and store
  the rows to global memory.
"""

from tirx.script import PointerType
from tirx.script import tirx as T

from .hopper_gemm import SWIZZLE_128B, tma_args

DEFAULT = dict(BM=128, BN=256, BK=64, STAGES=4, CTA_GROUP=1)


def config_for(M, N, K, **overrides):
    cfg = dict(DEFAULT)
    cfg.update(overrides)
    return cfg


def check(M, N, K, cfg):
    if cfg["BM"] != 128 or cfg["BK"] != 64:
        raise ValueError("BM must be 128 and BK 64")
    if cfg["BN"] % 32 or not 32 <= cfg["BN"] <= 256:
        raise ValueError("BN must be a multiple of 32 in [32, 256]")
    if cfg["CTA_GROUP"] not in (1, 2):
        raise ValueError("CTA_GROUP must be 1 or 2")
    if M % (128 * cfg["CTA_GROUP"]) or N % cfg["BN"] or K % 64:
        raise ValueError(f"{M}x{N}x{K} is not a multiple of the tile")


def shared_bytes(cfg):
    b_rows = cfg["BN"] // cfg["CTA_GROUP"]
    return cfg["STAGES"] * (128 + b_rows) * 64 * 2 + 8 * (2 * cfg["STAGES"] + 2) + 1024


def launch(M, N, K, cfg):
    g = cfg["CTA_GROUP"]
    return dict(grid=(M // 128, N // cfg["BN"], 1), block=(128, 1, 1),
                cluster=(g, 1, 1), smem=shared_bytes(cfg))


def instr_desc(m, n):
    """The kind::f16 instruction descriptor: f32 accumulator (bits 4-5 = 1),
    bf16 A and B (bits 7-9 and 10-12 = 1), both K-major (bits 15, 16 = 0),
    N >> 3 at bit 17, M >> 4 at bit 24."""
    return (1 << 4) | (1 << 7) | (1 << 10) | ((n >> 3) << 17) | ((m >> 4) << 24)


def make_gemm(M, N, K, **overrides):
    cfg = config_for(M, N, K, **overrides)
    check(M, N, K, cfg)
    BN, STAGES, G = cfg["BN"], cfg["STAGES"], cfg["CTA_GROUP"]
    B_ROWS = BN // G                       # rows of the B box this CTA loads
    A_ELEMS, B_ELEMS = 128 * 64, B_ROWS * 64
    STAGE_BYTES = (A_ELEMS + B_ELEMS) * 2 * G   # what the leader's full barrier counts
    KT = K // 64
    IDESC = instr_desc(128 * G, BN)
    COLS = 32 if BN <= 32 else 64 if BN <= 64 else 128 if BN <= 128 else 256
    GROUP = "cta_2" if G == 2 else "cta_1"
    MASK = (1 << G) - 1
    # tcgen05 shared-memory descriptor: K-major, 128-byte swizzle (2 at bit
    # 61), version 1 at bit 46, 8-row groups 1024 bytes apart.
    DESC_HI = (1 << 16) | (64 << 32) | (1 << 46) | (2 << 61)
    TMEM = PointerType("float32", "tmem")
    A_TMA = tma_args(M, K, 128, 64, SWIZZLE_128B)
    B_TMA = tma_args(N, K, B_ROWS, 64, SWIZZLE_128B)

    @T.macro
    def desc(ptr):
        return ((T.cast(T.cuda.cvta_generic_to_shared(ptr), "uint64") >> 4) & 0x3FFF) | T.uint64(DESC_HI)

    @T.prim_func
    def gemm(A: T.Buffer((M, K), "bfloat16"), B: T.Buffer((N, K), "bfloat16"),
             C: T.Buffer((M, N), "bfloat16")):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "bfloat16", 2, A.data, *A_TMA)
        B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, "bfloat16", 2, B.data, *B_TMA)
        T.device_entry()
        bm, bn = T.cta_id([M // 128, N // BN])
        rank = T.cta_id_in_cluster([G])
        warp = T.warp_id([4])
        lane = T.lane_id([32])
        sA = T.alloc_buffer([STAGES * A_ELEMS], "bfloat16", scope="shared.dyn", align=1024)
        sB = T.alloc_buffer([STAGES * B_ELEMS], "bfloat16", scope="shared.dyn", align=1024)
        full = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        empty = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        done = T.alloc_buffer([1], "uint64", scope="shared.dyn", align=8)
        slot = T.alloc_buffer([1], "uint32", scope="shared.dyn", align=8)
        if warp == 0:
            T.ptx.tcgen05.alloc(slot.ptr_to([0]), COLS, cta_group=GROUP)
            T.ptx.tcgen05.relinquish_alloc_permit(cta_group=GROUP)
        if warp == 1 and lane == 0:
            for s in range(STAGES):
                T.ptx.mbarrier.init(full.ptr_to([s]), 1)
                T.ptx.mbarrier.init(empty.ptr_to([s]), 1)
            T.ptx.mbarrier.init(done.ptr_to([0]), 1)
            T.ptx.fence.mbarrier_init()
        T.ptx.tcgen05.fence("before_thread_sync")
        if G > 1:
            T.cuda.cluster_sync()
        else:
            T.cuda.cta_sync()
        T.ptx.tcgen05.fence("after_thread_sync")
        tmem = T.reinterpret(TMEM, slot[0])
        if warp == 0 and lane == 0:
            # producer: this CTA's A rows and its part of B
            for kb in range(KT):
                s = kb % STAGES
                T.cuda.mbarrier_wait(empty.ptr_to([s]), ((kb // STAGES) % 2) ^ 1)
                if G > 1:
                    # both CTAs' bytes complete on the leader's barrier
                    lead = T.ptx.mapa(full.ptr_to([s]), 0)
                    if rank == 0:
                        T.ptx.mbarrier.arrive.expect_tx(full.ptr_to([s]), STAGE_BYTES)
                    T.ptx.cp.async_.bulk.tensor.load(
                        sA.ptr_to([s * A_ELEMS]), A_map, [kb * 64, bm * 128],
                        lead, mode="tile", rank=2, cta_group="cta_2")
                    T.ptx.cp.async_.bulk.tensor.load(
                        sB.ptr_to([s * B_ELEMS]), B_map, [kb * 64, bn * BN + rank * B_ROWS],
                        lead, mode="tile", rank=2, cta_group="cta_2")
                else:
                    T.ptx.mbarrier.arrive.expect_tx(full.ptr_to([s]), STAGE_BYTES)
                    T.ptx.cp.async_.bulk.tensor.load(
                        sA.ptr_to([s * A_ELEMS]), A_map, [kb * 64, bm * 128],
                        full.ptr_to([s]), mode="tile", rank=2)
                    T.ptx.cp.async_.bulk.tensor.load(
                        sB.ptr_to([s * B_ELEMS]), B_map, [kb * 64, bn * BN],
                        full.ptr_to([s]), mode="tile", rank=2)
        if warp == 1 and lane == 0 and rank == 0:
            # MMA issuer (the leader CTA with cta_group::2)
            for kb in range(KT):
                s = kb % STAGES
                T.cuda.mbarrier_wait(full.ptr_to([s]), (kb // STAGES) % 2)
                T.ptx.tcgen05.fence("after_thread_sync")
                for kk in T.unroll(4):
                    T.ptx.tcgen05.mma(
                        tmem, desc(sA.ptr_to([s * A_ELEMS + kk * 16])),
                        desc(sB.ptr_to([s * B_ELEMS + kk * 16])), T.uint32(IDESC),
                        kb > 0 or kk > 0, kind="f16", cta_group=GROUP)
                if G > 1:
                    T.ptx.tcgen05.commit(empty.ptr_to([s]), T.uint16(MASK), cta_group=GROUP)
                else:
                    T.ptx.tcgen05.commit(empty.ptr_to([s]), cta_group=GROUP)
            if G > 1:
                T.ptx.tcgen05.commit(done.ptr_to([0]), T.uint16(MASK), cta_group=GROUP)
            else:
                T.ptx.tcgen05.commit(done.ptr_to([0]), cta_group=GROUP)
        # epilogue: every warp reads its 32 lanes of the accumulator
        T.cuda.mbarrier_wait(done.ptr_to([0]), 0)
        T.ptx.tcgen05.fence("after_thread_sync")
        row = bm * 128 + warp * 32 + lane   # a cluster's CTAs hold adjacent rows
        acc = T.alloc_buffer([32], "float32", scope="local")
        out = T.alloc_buffer([32], "bfloat16", scope="local")
        for cb in range(BN // 32):
            t = T.reinterpret(TMEM, T.cuda.get_tmem_addr(slot[0], warp * 32, cb * 32))
            v = T.ptx.tcgen05.ld(t, shape="shape_32x32b", num=32, result_type="vector<32xi32>")
            T.ptx.tcgen05.wait("ld")
            acc.vstore([0], T.reinterpret("float32x32", v))
            for j in T.unroll(32):
                out[j] = T.cast(acc[j], "bfloat16")
            C.vstore([row, bn * BN + cb * 32], out.vload([0], "bfloat16x32"))
        T.ptx.tcgen05.fence("before_thread_sync")
        if G > 1:
            T.cuda.cluster_sync()
        else:
            T.cuda.cta_sync()
        if warp == 0:
            T.ptx.tcgen05.dealloc(tmem, COLS, cta_group=GROUP)

    return gemm
