"""FlashAttention-3-style forward on Hopper in TIRx script (bf16 or fp16,
head dim 64, 128 or 256, causal or not): O = softmax(Q K^T / sqrt(D)) V per
(batch, head).

Q, K, V and O are (B*H*S) x D row-major matrices, addressed through 2-D
tensor maps (D contiguous, one 64-column box per 128 bytes of D, 128-byte
swizzle). A CTA owns BM = 128 query rows of one (batch, head) and has three
warpgroups:

- warpgroup 0, the producer (`setmaxnreg.dec`): one thread prefetches the
  tensor maps, loads the Q tile once, then the K and V blocks of BN keys
  into a STAGES-deep ring, K and V on separate barriers (`kfull`/`vfull`,
  released through `kempty`/`vempty`), so the first QK^T waits for K only;
- warpgroups 1 and 2, the consumers (`setmaxnreg.inc`), 64 query rows each:
  * S = Q K^T with `wgmma` (both operands from shared memory, K-major);
  * intra-warpgroup overlap: the QK^T of key block j is issued together
    with the PV product of block j - 1, and the softmax of block j runs
    while that PV product is still in flight (the probabilities are
    computed in place in the S accumulators and converted to the P operand
    only once the previous PV has read it);
  * ping-pong between the two warpgroups: an ordered pair of named
    barriers lets them issue their GEMMs in turn, so one warpgroup's
    softmax overlaps the other's GEMMs;
  * the online softmax on the accumulator registers: row max and sum over
    the four threads of a quad with shuffles, `ex2.approx.ftz` of
    s * scale - m * scale (one FFMA: the 1/sqrt(D) * log2(e) scale is
    folded into the exponent), rescaling O after the previous PV landed;
  * O += P V with `wgmma` taking P from registers (the S accumulator
    layout of a k16 slice is exactly wgmma's A-fragment layout) and V from
    shared memory as an MN-major (transposed) operand;
- causal: a query tile visits only the key blocks up to its diagonal, the
  diagonal blocks first (descending), and only the BM / BN blocks that
  cross the diagonal are masked (their own unrolled loop); the CTAs are
  launched heaviest tile first (longest-processing-time order: the grid's
  slow dimension walks the query tiles from the last);
- the epilogue divides by the row sums, writes O with `stmatrix` into the
  warpgroup's rows of the (no longer needed) Q tile, swizzled as the O
  tensor map expects, and stores it with TMA.

`make_attention(BH, S, D, causal, dtype)` returns the `@T.prim_func`
`attention(Q, K, V, O)` over the four (BH*S) x D matrices; its host part
builds their tensor maps (as the GEMM's does), and `launch` describes the
launch shape.
"""

import math

from tirx.script import tirx as T

from .hopper_gemm import SWIZZLE_128B, check_keys, tma_args

BM = 128
CONSUMERS = 2
HEAD_DIMS = (64, 128, 256)
DTYPES = {"bfloat16": "bf16", "float16": "f16"}


# Key block and stages per head dim come from tirx.autotune over SPACE
# (docs/Profiling.md), tuned at TUNE_SHAPE: the cache's winner, else the
# table (`table_config`, the recipe: BN = 128 up to d = 128, where S, P and
# O fit the consumers' registers; 64 for d = 256), the tuner's default; no
# GPU has tuned them yet.
SPACE = dict(BN=[64, 128], STAGES=[2, 3])
TUNE_SHAPE = dict(BH=16, S=4096)


def table_config(D):
    return dict(BN=128 if D <= 128 else 64, STAGES=2)


def _factory(D, **cfg):
    return make_attention(TUNE_SHAPE["BH"], TUNE_SHAPE["S"], D, **cfg)


def _fits(cfg, D):
    if shared_bytes(D, cfg) > 227 * 1024:
        return f"{shared_bytes(D, cfg)} bytes of shared memory"
    if D == 256 and cfg["BN"] > 64:
        return "d = 256 keeps S, P and O in registers only with BN = 64"
    return True


_TUNER = None


def tuner():
    """The autotuner of this kernel, keyed by the head dim and the GPU."""
    global _TUNER
    if _TUNER is None:
        import tirx
        _TUNER = tirx.autotune(_factory, space=SPACE, default=table_config,
                               name="flash_attention", target="sm_90a",
                               constraint=_fits)
    return _TUNER


def config_for(D, **overrides):
    check_keys("flash_attention", overrides, SPACE)
    cfg = dict(tuner().config(D))
    cfg.update(overrides)
    return cfg


def shared_bytes(D, cfg):
    kv = cfg["STAGES"] * 2 * cfg["BN"] * D * 2
    return BM * D * 2 + kv + 8 * (1 + 4 * cfg["STAGES"]) + 1024


def check(BH, S, D, cfg, dtype="bfloat16"):
    if D not in HEAD_DIMS:
        raise ValueError("head dim must be 64, 128 or 256")
    if dtype not in DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(DTYPES)}")
    if cfg["BN"] not in (64, 128):
        raise ValueError("BN must be 64 or 128")
    if S % BM:
        raise ValueError(f"sequence length {S} must be a multiple of {BM}")
    ok = _fits(cfg, D)
    if ok is not True:
        raise ValueError(ok)


def launch(BH, S, D, cfg):
    return dict(grid=(BH, S // BM, 1), block=(128 * (1 + CONSUMERS), 1, 1),
                cluster=(1, 1, 1), smem=shared_bytes(D, cfg))


def flops(BH, S, D, causal):
    f = 4 * BH * S * S * D
    return f // 2 if causal else f


def make_attention(BH, S, D, causal=False, dtype="bfloat16", **overrides):
    cfg = config_for(D, **overrides)
    check(BH, S, D, cfg, dtype)
    BN, STAGES = cfg["BN"], cfg["STAGES"]
    WT = DTYPES[dtype]
    HALVES = D // 64                       # 128-byte swizzle atoms along D
    Q_ELEMS, KV_ELEMS = BM * D, BN * D
    KV_BYTES = KV_ELEMS * 2
    S_ACC, O_ACC = BN // 2, D // 2         # f32 accumulators per thread
    SCALE = 1.0 / math.sqrt(D) * math.log2(math.e)
    NMB = S // BM
    NBLK = S // BN
    CAUSAL = causal
    MASKED = BM // BN                      # key blocks crossing the diagonal
    SW128 = (1 << 16) | (64 << 32) | (1 << 62)            # K-major operands
    # V as an MN-major operand: LBO = bytes between the 64-column atoms of
    # D (one BN x 64 block), SBO = 8 rows of 128 bytes.
    V_DESC = (((BN * 128) >> 4) << 16) | (64 << 32) | (1 << 62)
    NEG_INF = -float("inf")
    # named barriers: 1-2 each consumer warpgroup, 3-4 the GEMM turns
    TURN = 3
    ROWS = BH * S
    QKV_TMA = tma_args(ROWS, D, BM, 64, SWIZZLE_128B)
    KV_TMA = tma_args(ROWS, D, BN, 64, SWIZZLE_128B)
    O_TMA = tma_args(ROWS, D, 64, 64, SWIZZLE_128B)

    @T.macro
    def desc(ptr, hi):
        return ((T.cast(T.cuda.cvta_generic_to_shared(ptr), "uint64") >> 4) & 0x3FFF) | T.uint64(hi)

    @T.macro
    def qk(sQ, sK, sc, s, c):
        # S = Q K^T for this warpgroup's 64 rows (issued, not waited)
        T.ptx.wgmma.fence()
        for kk in T.unroll(D // 16):
            a = desc(sQ.ptr_to([(kk // 4) * BM * 64 + c * 64 * 64 + (kk % 4) * 16]), SW128)
            b = desc(sK.ptr_to([s * KV_ELEMS + (kk // 4) * BN * 64 + (kk % 4) * 16]), SW128)
            sc.vstore([0], T.ptx.wgmma.mma_async(
                a, b, sc.vload([0], f"float32x{S_ACC}"), kk > 0,
                shape=[64, BN, 16], type_d="f32", type_a=WT, type_b=WT))
        T.ptx.wgmma.commit_group()

    @T.macro
    def pv(sV, p, o, s):
        # O += P V (P from registers, V transposed; issued, not waited)
        pw = p.view("uint32")
        T.ptx.wgmma.fence()
        for j in T.unroll(BN // 16):
            b = desc(sV.ptr_to([s * KV_ELEMS + j * 16 * 64]), V_DESC)
            o.vstore([0], T.ptx.wgmma.mma_async(
                pw.vload([j * 4], "uint32x4"), b, o.vload([0], f"float32x{O_ACC}"), True,
                shape=[64, D, 16], type_d="f32", type_a=WT, type_b=WT, layout_b="row"))
        T.ptx.wgmma.commit_group()

    @T.macro
    def softmax(sc, m, l, alpha, nb, qrow, lane, masked):
        # the online softmax of one key block, in place in the S registers:
        # sc <- exp2(s * scale - m_new * scale); alpha = the O rescale
        for r in T.unroll(2):
            mx = T.alloc_buffer([1], "float32", scope="local")
            mx[0] = m[r]
            for j in T.unroll(S_ACC // 4):
                for e in T.unroll(2):
                    i = j * 4 + r * 2 + e
                    if masked:
                        key = nb * BN + j * 8 + (lane % 4) * 2 + e
                        sc[i] = T.if_then_else(key > qrow + r * 8, T.float32(NEG_INF), sc[i])
                    mx[0] = T.max(mx[0], sc[i])
            mx[0] = T.max(mx[0], T.cuda.shfl_xor_sync(0xFFFFFFFF, mx[0], 1))
            mx[0] = T.max(mx[0], T.cuda.shfl_xor_sync(0xFFFFFFFF, mx[0], 2))
            ms = T.alloc_buffer([1], "float32", scope="local")
            ms[0] = mx[0] * T.float32(SCALE)
            if CAUSAL:
                # a row with every key of the block masked (so far): no NaN
                ms[0] = T.if_then_else(mx[0] == T.float32(NEG_INF), T.float32(0.0), ms[0])
            alpha[r] = T.exp2(T.fma(m[r], T.float32(SCALE), -ms[0]), fast=True)
            m[r] = mx[0]
            rs = T.alloc_buffer([1], "float32", scope="local")
            rs[0] = T.float32(0.0)
            for j in T.unroll(S_ACC // 4):
                for e in T.unroll(2):
                    i = j * 4 + r * 2 + e
                    sc[i] = T.exp2(T.fma(sc[i], T.float32(SCALE), -ms[0]), fast=True)
                    rs[0] = rs[0] + sc[i]
            l[r] = l[r] * alpha[r] + rs[0]

    @T.macro
    def rescale_and_convert(o, sc, p, alpha):
        for j in T.unroll(O_ACC // 4):
            for r in T.unroll(2):
                for e in T.unroll(2):
                    o[j * 4 + r * 2 + e] = o[j * 4 + r * 2 + e] * alpha[r]
        for i in T.unroll(S_ACC):
            p[i] = T.cast(sc[i], dtype)

    @T.macro
    def step(sQ, sK, sV, kfull, vfull, kempty, vempty, sc, p, o, m, l, alpha, j,
             nblk, c, tid, qrow, lane, masked):
        # block j >= 1 of the walk: S_j = Q K_j^T and O += P_{j-1} V_{j-1}
        # issued together in the warpgroup's GEMM turn (phase j), the
        # softmax of S_j while the PV product runs
        s = j % STAGES
        sp = (j + STAGES - 1) % STAGES
        T.cuda.mbarrier_wait(kfull.ptr_to([s]), (j // STAGES) % 2)
        T.cuda.mbarrier_wait(vfull.ptr_to([sp]), ((j - 1) // STAGES) % 2)
        T.ptx.barrier.sync(TURN + c, 256, aligned=True)
        qk(sQ, sK, sc, s, c)
        pv(sV, p, o, sp)
        T.ptx.barrier.arrive(TURN + 1 - c, 256, aligned=True)
        T.ptx.wgmma.wait_group(1)
        if tid == 0:
            T.ptx.mbarrier.arrive(kempty.ptr_to([s]))
        softmax(sc, m, l, alpha, nblk - 1 - j if CAUSAL else j, qrow, lane, masked)
        T.ptx.wgmma.wait_group(0)
        if tid == 0:
            T.ptx.mbarrier.arrive(vempty.ptr_to([sp]))
        rescale_and_convert(o, sc, p, alpha)

    @T.prim_func
    def attention(Q: T.Buffer((ROWS, D), dtype), K: T.Buffer((ROWS, D), dtype),
                  V: T.Buffer((ROWS, D), dtype), O: T.Buffer((ROWS, D), dtype)):
        T.func_attr({"tirx.launch_bounds_min_blocks_per_sm": 1})
        Q_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", Q_map, dtype, 2, Q.data, *QKV_TMA)
        K_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", K_map, dtype, 2, K.data, *KV_TMA)
        V_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", V_map, dtype, 2, V.data, *KV_TMA)
        O_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", O_map, dtype, 2, O.data, *O_TMA)
        T.device_entry()
        bh, my = T.cta_id([BH, NMB])
        wg = T.warpgroup_id([1 + CONSUMERS])
        tid = T.thread_id_in_wg([128])
        sQ = T.alloc_buffer([Q_ELEMS], dtype, scope="shared.dyn", align=1024)
        sK = T.alloc_buffer([STAGES * KV_ELEMS], dtype, scope="shared.dyn", align=1024)
        sV = T.alloc_buffer([STAGES * KV_ELEMS], dtype, scope="shared.dyn", align=1024)
        qbar = T.alloc_buffer([1], "uint64", scope="shared.dyn", align=8)
        kfull = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        vfull = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        kempty = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        vempty = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        # causal: the heaviest query tiles first (LPT)
        mb = T.meta_var(NMB - 1 - my if CAUSAL else my)
        row0 = bh * S + mb * BM
        # key blocks this query tile visits; block j of the walk is nblk - 1 - j
        # (diagonal first) when causal, j otherwise
        nblk = T.meta_var(((mb + 1) * BM) // BN if CAUSAL else NBLK)
        if wg == 0 and tid == 0:
            T.ptx.mbarrier.init(qbar.ptr_to([0]), 1)
            for s in range(STAGES):
                T.ptx.mbarrier.init(kfull.ptr_to([s]), 1)
                T.ptx.mbarrier.init(vfull.ptr_to([s]), 1)
                T.ptx.mbarrier.init(kempty.ptr_to([s]), CONSUMERS)
                T.ptx.mbarrier.init(vempty.ptr_to([s]), CONSUMERS)
            T.ptx.fence.mbarrier_init()
        T.cuda.cta_sync()
        if wg == 0:
            T.ptx.setmaxnreg("dec", 24)
            if tid == 0:
                T.ptx.prefetch.tensormap(Q_map)
                T.ptx.prefetch.tensormap(K_map)
                T.ptx.prefetch.tensormap(V_map)
                T.ptx.prefetch.tensormap(O_map)
                T.ptx.mbarrier.arrive.expect_tx(qbar.ptr_to([0]), Q_ELEMS * 2)
                for h in range(HALVES):
                    T.ptx.cp.async_.bulk.tensor.load(sQ.ptr_to([h * BM * 64]), Q_map,
                                                     [h * 64, row0], qbar.ptr_to([0]),
                                                     mode="tile", rank=2)
                for j in range(nblk):
                    nb = T.meta_var(nblk - 1 - j if CAUSAL else j)
                    s = j % STAGES
                    T.cuda.mbarrier_wait(kempty.ptr_to([s]), ((j // STAGES) % 2) ^ 1)
                    T.ptx.mbarrier.arrive.expect_tx(kfull.ptr_to([s]), KV_BYTES)
                    for h in range(HALVES):
                        T.ptx.cp.async_.bulk.tensor.load(
                            sK.ptr_to([s * KV_ELEMS + h * BN * 64]), K_map,
                            [h * 64, bh * S + nb * BN], kfull.ptr_to([s]), mode="tile", rank=2)
                    T.cuda.mbarrier_wait(vempty.ptr_to([s]), ((j // STAGES) % 2) ^ 1)
                    T.ptx.mbarrier.arrive.expect_tx(vfull.ptr_to([s]), KV_BYTES)
                    for h in range(HALVES):
                        T.ptx.cp.async_.bulk.tensor.load(
                            sV.ptr_to([s * KV_ELEMS + h * BN * 64]), V_map,
                            [h * 64, bh * S + nb * BN], vfull.ptr_to([s]), mode="tile", rank=2)
        else:
            T.ptx.setmaxnreg("inc", 240)
            c = wg - 1
            warp = tid // 32
            lane = tid % 32
            qrow = mb * BM + c * 64 + warp * 16 + lane // 4   # this thread's first row
            o = T.alloc_buffer([O_ACC], "float32", scope="local")
            sc = T.alloc_buffer([S_ACC], "float32", scope="local")
            p = T.alloc_buffer([S_ACC], dtype, scope="local")
            m = T.alloc_buffer([2], "float32", scope="local")
            l = T.alloc_buffer([2], "float32", scope="local")
            alpha = T.alloc_buffer([2], "float32", scope="local")
            o.vstore([0], T.cast(0.0, f"float32x{O_ACC}"))
            for r in range(2):
                m[r] = T.float32(NEG_INF)
                l[r] = T.float32(0.0)
            T.cuda.mbarrier_wait(qbar.ptr_to([0]), 0)
            # block 0 of the walk: S only (phase 0 of the GEMM turns)
            T.cuda.mbarrier_wait(kfull.ptr_to([0]), 0)
            # the GEMM turns (named barriers TURN + c): phase q of warpgroup
            # c waits for phase q of warpgroup 0 (c = 1) or phase q - 1 of
            # warpgroup 1 (c = 0); the phases are block 0's S, then blocks
            # 1 .. nblk-1, then the last PV product
            if c == 1:
                T.ptx.barrier.sync(TURN + 1, 256, aligned=True)
            qk(sQ, sK, sc, 0, c)
            T.ptx.barrier.arrive(TURN + 1 - c, 256, aligned=True)
            T.ptx.wgmma.wait_group(0)
            if tid == 0:
                T.ptx.mbarrier.arrive(kempty.ptr_to([0]))
            softmax(sc, m, l, alpha, nblk - 1 if CAUSAL else 0, qrow, lane, CAUSAL)
            for i in T.unroll(S_ACC):
                p[i] = T.cast(sc[i], dtype)
            if CAUSAL:
                # the other blocks crossing the diagonal, masked, then the rest
                for j in range(1, MASKED):
                    step(sQ, sK, sV, kfull, vfull, kempty, vempty, sc, p, o, m, l, alpha,
                         j, nblk, c, tid, qrow, lane, True)
                for j in range(MASKED, nblk):
                    step(sQ, sK, sV, kfull, vfull, kempty, vempty, sc, p, o, m, l, alpha,
                         j, nblk, c, tid, qrow, lane, False)
            else:
                for j in range(1, nblk):
                    step(sQ, sK, sV, kfull, vfull, kempty, vempty, sc, p, o, m, l, alpha,
                         j, nblk, c, tid, qrow, lane, False)
            # the last PV product (phase nblk; warpgroup 1 has no next phase
            # of warpgroup 0 to let through)
            s = (nblk - 1) % STAGES
            T.cuda.mbarrier_wait(vfull.ptr_to([s]), ((nblk - 1) // STAGES) % 2)
            T.ptx.barrier.sync(TURN + c, 256, aligned=True)
            pv(sV, p, o, s)
            if c == 0:
                T.ptx.barrier.arrive(TURN + 1, 256, aligned=True)
            T.ptx.wgmma.wait_group(0)
            if tid == 0:
                T.ptx.mbarrier.arrive(vempty.ptr_to([s]))
            # epilogue: O / l -> stmatrix into this warpgroup's rows of the Q
            # tile (its QK^T reads are complete) -> TMA store
            for r in T.unroll(2):
                l[r] = l[r] + T.cuda.shfl_xor_sync(0xFFFFFFFF, l[r], 1)
                l[r] = l[r] + T.cuda.shfl_xor_sync(0xFFFFFFFF, l[r], 2)
                l[r] = T.float32(1.0) / l[r]
            T.ptx.fence.proxy.async_("shared.cta")
            pk = T.alloc_buffer([8], dtype, scope="local")
            for blk in T.unroll(D // 16):
                for t in T.unroll(8):
                    pk[t] = T.cast(o[blk * 8 + t] * l[(t // 2) % 2], dtype)
                r = warp * 16 + lane % 8 + 8 * ((lane // 8) % 2)
                col8 = (blk % 4) * 2 + lane // 16
                T.ptx.stmatrix(
                    sQ.ptr_to([(blk // 4) * BM * 64 + c * 64 * 64 + r * 64 + ((col8 ^ (r % 8)) * 8)]),
                    pk.view("uint32").vload([0], "uint32x4"), shape="m8n8", num="x4", elt="b16")
            T.ptx.fence.proxy.async_("shared.cta")
            T.cuda.warpgroup_sync(1 + c)
            if tid == 0:
                for h in range(HALVES):
                    T.ptx.cp.async_.bulk.tensor.store(
                        O_map, [h * 64, row0 + c * 64], sQ.ptr_to([h * BM * 64 + c * 64 * 64]),
                        mode="tile", rank=2)
                T.ptx.cp.async_.bulk.commit_group()
                T.ptx.cp.async_.bulk.wait_group(0)

    return attention
