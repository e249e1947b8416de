"""FlashAttention-style forward on Hopper in TIRx script (bf16, head dim 64
or 128, causal or not): O = softmax(Q K^T / sqrt(D)) V per (batch, head).

Q, K, V and O are (B*H*S) x D row-major bf16 matrices, addressed through
2-D tensor maps (D contiguous). A CTA owns BM = 128 query rows of one
(batch, head) and has three warpgroups:

- warpgroup 0, the producer (`setmaxnreg.dec`): one thread loads the Q
  tile once, then K and V blocks of BN keys into a STAGES-deep ring with
  TMA (128-byte swizzle, one 64-column box per 128 bytes of D);
- warpgroups 1 and 2, the consumers (`setmaxnreg.inc`), 64 query rows each:
  S = Q K^T with `wgmma` (both operands from shared memory, K-major), the
  online softmax on the accumulator registers (row max and sum across the
  four threads of a quad with shuffles, exp2 with the scale folded in,
  rescaling O), then O += P V with `wgmma` taking P from registers (the
  S accumulator layout of a k16 slice is exactly wgmma's A-fragment layout)
  and V from shared memory as an MN-major (transposed) operand;
- causal: a query tile visits only the key blocks up to its diagonal and
  masks the keys past each row's position in the blocks that cross it;
- the epilogue divides by the row sums, writes bf16 to shared memory and
  stores each consumer's 64 x D block with a TMA store.

`make_attention(BH, S, D, causal)` returns the `@T.prim_func`
`attention(Q, K, V, O)` over the four (BH*S) x D bf16 matrices; its host
part builds their tensor maps (as the GEMM's does), and `launch`
describes the launch shape.
"""

import math

from tirx.script import tirx as T

from .hopper_gemm import SWIZZLE_128B, SWIZZLE_NONE, tma_args

BM = 128
CONSUMERS = 2


# Key block and stages per head dim come from tirx.autotune over SPACE
# (docs/Profiling.md), tuned at TUNE_SHAPE: the cache's winner, else the
# table (`table_config`), the tuner's default; no GPU has tuned them yet.
SPACE = dict(BN=[64, 128], STAGES=[2, 3])
TUNE_SHAPE = dict(BH=16, S=4096)


def table_config(D):
    return dict(BN=128 if D == 64 else 64, STAGES=2)


def _factory(D, **cfg):
    return make_attention(TUNE_SHAPE["BH"], TUNE_SHAPE["S"], D, **cfg)


def _fits(cfg, D):
    if shared_bytes(D, cfg) > 227 * 1024:
        return f"{shared_bytes(D, cfg)} bytes of shared memory"
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
    cfg = dict(tuner().config(D))
    cfg.update(overrides)
    return cfg


def shared_bytes(D, cfg):
    kv = cfg["STAGES"] * 2 * cfg["BN"] * D * 2
    return BM * D * 2 * 2 + kv + 64 + 1024


def check(BH, S, D, cfg):
    if D not in (64, 128):
        raise ValueError("head dim must be 64 or 128")
    if S % BM or S % cfg["BN"] or BM % cfg["BN"]:
        raise ValueError(f"sequence length {S} must be a multiple of {BM}")


def launch(BH, S, D, cfg):
    return dict(grid=(S // BM, BH, 1), block=(128 * (1 + CONSUMERS), 1, 1),
                cluster=(1, 1, 1), smem=shared_bytes(D, cfg))


def flops(BH, S, D, causal):
    f = 4 * BH * S * S * D
    return f // 2 if causal else f


def make_attention(BH, S, D, causal=False, **overrides):
    cfg = config_for(D, **overrides)
    check(BH, S, D, cfg)
    BN, STAGES = cfg["BN"], cfg["STAGES"]
    HALVES = D // 64                       # 128-byte swizzle atoms along D
    Q_ELEMS, KV_ELEMS = BM * D, BN * D
    KV_BYTES = 2 * KV_ELEMS * 2
    S_ACC, O_ACC = BN // 2, D // 2         # f32 accumulators per thread
    SCALE = 1.0 / math.sqrt(D) * math.log2(math.e)
    NBLK = S // BN
    CAUSAL = causal
    SW128 = (1 << 16) | (64 << 32) | (1 << 62)            # K-major operands
    # V as an MN-major operand: LBO = bytes between the 64-column atoms of
    # D (one BN x 64 block), SBO = 8 rows of 128 bytes.
    V_DESC = (((BN * 128) >> 4) << 16) | (64 << 32) | (1 << 62)
    NEG_INF = -float("inf")
    # Q, K and V in 64-column boxes (128 bytes, swizzled), O's 64-row
    # store box unswizzled.
    ROWS = BH * S
    Q_TMA = tma_args(ROWS, D, BM, 64, SWIZZLE_128B)
    KV_TMA = tma_args(ROWS, D, BN, 64, SWIZZLE_128B)
    O_TMA = tma_args(ROWS, D, 64, D, SWIZZLE_NONE)

    @T.macro
    def desc(ptr, hi):
        return ((T.cast(T.cuda.cvta_generic_to_shared(ptr), "uint64") >> 4) & 0x3FFF) | T.uint64(hi)

    @T.prim_func
    def attention(Q: T.Buffer((ROWS, D), "bfloat16"), K: T.Buffer((ROWS, D), "bfloat16"),
                  V: T.Buffer((ROWS, D), "bfloat16"), O: T.Buffer((ROWS, D), "bfloat16")):
        T.func_attr({"tirx.launch_bounds_min_blocks_per_sm": 1})
        Q_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", Q_map, "bfloat16", 2, Q.data, *Q_TMA)
        K_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", K_map, "bfloat16", 2, K.data, *KV_TMA)
        V_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", V_map, "bfloat16", 2, V.data, *KV_TMA)
        O_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", O_map, "bfloat16", 2, O.data, *O_TMA)
        T.device_entry()
        mb, bh = T.cta_id([S // BM, BH])
        wg = T.warpgroup_id([1 + CONSUMERS])
        tid = T.thread_id_in_wg([128])
        sQ = T.alloc_buffer([Q_ELEMS], "bfloat16", scope="shared.dyn", align=1024)
        sK = T.alloc_buffer([STAGES * KV_ELEMS], "bfloat16", scope="shared.dyn", align=1024)
        sV = T.alloc_buffer([STAGES * KV_ELEMS], "bfloat16", scope="shared.dyn", align=1024)
        sO = T.alloc_buffer([Q_ELEMS], "bfloat16", scope="shared.dyn", align=1024)
        qbar = T.alloc_buffer([1], "uint64", scope="shared.dyn", align=8)
        full = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        empty = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        row0 = bh * S + mb * BM
        # key blocks this query tile visits
        nblk = T.meta_var(((mb + 1) * BM) // BN if CAUSAL else NBLK)
        if wg == 0 and tid == 0:
            T.ptx.mbarrier.init(qbar.ptr_to([0]), 1)
            for s in range(STAGES):
                T.ptx.mbarrier.init(full.ptr_to([s]), 1)
                T.ptx.mbarrier.init(empty.ptr_to([s]), CONSUMERS)
            T.ptx.fence.mbarrier_init()
        T.cuda.cta_sync()
        if wg == 0:
            T.ptx.setmaxnreg("dec", 24)
            if tid == 0:
                T.ptx.mbarrier.arrive.expect_tx(qbar.ptr_to([0]), Q_ELEMS * 2)
                for h in range(HALVES):
                    T.ptx.cp.async_.bulk.tensor.load(sQ.ptr_to([h * BM * 64]), Q_map,
                                                     [h * 64, row0], qbar.ptr_to([0]),
                                                     mode="tile", rank=2)
                for nb in range(nblk):
                    s = nb % STAGES
                    T.cuda.mbarrier_wait(empty.ptr_to([s]), ((nb // STAGES) % 2) ^ 1)
                    T.ptx.mbarrier.arrive.expect_tx(full.ptr_to([s]), KV_BYTES)
                    for h in range(HALVES):
                        T.ptx.cp.async_.bulk.tensor.load(
                            sK.ptr_to([s * KV_ELEMS + h * BN * 64]), K_map,
                            [h * 64, bh * S + nb * BN], full.ptr_to([s]), mode="tile", rank=2)
                        T.ptx.cp.async_.bulk.tensor.load(
                            sV.ptr_to([s * KV_ELEMS + h * BN * 64]), V_map,
                            [h * 64, bh * S + nb * BN], full.ptr_to([s]), mode="tile", rank=2)
        else:
            T.ptx.setmaxnreg("inc", 240)
            c = wg - 1
            warp = tid // 32
            lane = tid % 32
            qrow = mb * BM + c * 64 + warp * 16 + lane // 4   # this thread's first row
            o = T.alloc_buffer([O_ACC], "float32", scope="local")
            sc = T.alloc_buffer([S_ACC], "float32", scope="local")
            p = T.alloc_buffer([S_ACC], "bfloat16", scope="local")
            m = T.alloc_buffer([2], "float32", scope="local")
            l = T.alloc_buffer([2], "float32", scope="local")
            o.vstore([0], T.cast(0.0, f"float32x{O_ACC}"))
            for r in range(2):
                m[r] = T.float32(NEG_INF)
                l[r] = T.float32(0.0)
            T.cuda.mbarrier_wait(qbar.ptr_to([0]), 0)
            for nb in range(nblk):
                s = nb % STAGES
                T.cuda.mbarrier_wait(full.ptr_to([s]), (nb // STAGES) % 2)
                # S = Q K^T
                sc.vstore([0], T.cast(0.0, f"float32x{S_ACC}"))
                T.ptx.wgmma.fence()
                for kk in T.unroll(D // 16):
                    a = desc(sQ.ptr_to([(kk // 4) * BM * 64 + c * 64 * 64 + (kk % 4) * 16]), SW128)
                    b = desc(sK.ptr_to([s * KV_ELEMS + (kk // 4) * BN * 64 + (kk % 4) * 16]), SW128)
                    sc.vstore([0], T.ptx.wgmma.mma_async(
                        a, b, sc.vload([0], f"float32x{S_ACC}"), True,
                        shape=[64, BN, 16], type_d="f32", type_a="bf16", type_b="bf16"))
                T.ptx.wgmma.commit_group()
                T.ptx.wgmma.wait_group(0)
                # online softmax over this block, two rows per thread
                for r in T.unroll(2):
                    mx = T.alloc_buffer([1], "float32", scope="local")
                    mx[0] = m[r]
                    for j in T.unroll(S_ACC // 4):
                        for e in T.unroll(2):
                            i = j * 4 + r * 2 + e
                            v = sc[i] * T.float32(SCALE)
                            if CAUSAL:
                                key = nb * BN + j * 8 + (lane % 4) * 2 + e
                                v = T.if_then_else(key > qrow + r * 8, T.float32(NEG_INF), v)
                            sc[i] = v
                            mx[0] = T.max(mx[0], v)
                    mx[0] = T.max(mx[0], T.cuda.shfl_xor_sync(0xFFFFFFFF, mx[0], 1))
                    mx[0] = T.max(mx[0], T.cuda.shfl_xor_sync(0xFFFFFFFF, mx[0], 2))
                    alpha = T.exp2(m[r] - mx[0])
                    m[r] = mx[0]
                    rs = T.alloc_buffer([1], "float32", scope="local")
                    rs[0] = T.float32(0.0)
                    for j in T.unroll(S_ACC // 4):
                        for e in T.unroll(2):
                            i = j * 4 + r * 2 + e
                            pv = T.exp2(sc[i] - mx[0])
                            rs[0] = rs[0] + pv
                            p[i] = T.cast(pv, "bfloat16")
                    l[r] = l[r] * alpha + rs[0]
                    for j in T.unroll(O_ACC // 4):
                        for e in T.unroll(2):
                            o[j * 4 + r * 2 + e] = o[j * 4 + r * 2 + e] * alpha
                # O += P V (P from registers)
                pw = p.view("uint32")
                T.ptx.wgmma.fence()
                for j in T.unroll(BN // 16):
                    b = desc(sV.ptr_to([s * KV_ELEMS + j * 16 * 64]), V_DESC)
                    o.vstore([0], T.ptx.wgmma.mma_async(
                        pw.vload([j * 4], "uint32x4"), b, o.vload([0], f"float32x{O_ACC}"), True,
                        shape=[64, D, 16], type_d="f32", type_a="bf16", type_b="bf16",
                        layout_b="row"))
                T.ptx.wgmma.commit_group()
                T.ptx.wgmma.wait_group(0)
                if tid == 0:
                    T.ptx.mbarrier.arrive(empty.ptr_to([s]))
            # epilogue: O / l -> bf16 -> shared -> TMA store
            for r in T.unroll(2):
                l[r] = l[r] + T.cuda.shfl_xor_sync(0xFFFFFFFF, l[r], 1)
                l[r] = l[r] + T.cuda.shfl_xor_sync(0xFFFFFFFF, l[r], 2)
                l[r] = T.float32(1.0) / l[r]
            for j in T.unroll(O_ACC // 4):
                for r in T.unroll(2):
                    row = c * 64 + warp * 16 + lane // 4 + r * 8
                    col = j * 8 + (lane % 4) * 2
                    sO[row * D + col] = T.cast(o[j * 4 + r * 2] * l[r], "bfloat16")
                    sO[row * D + col + 1] = T.cast(o[j * 4 + r * 2 + 1] * l[r], "bfloat16")
            T.ptx.fence.proxy.async_("shared.cta")
            T.cuda.warpgroup_sync(1 + c)
            if tid == 0:
                T.ptx.cp.async_.bulk.tensor.store(O_map, [0, row0 + c * 64],
                                                  sO.ptr_to([c * 64 * D]), mode="tile", rank=2)
                T.ptx.cp.async_.bulk.commit_group()
                T.ptx.cp.async_.bulk.wait_group(0)

    return attention
