"""Hopper bf16 GEMM in TIRx script: C = A @ B with f32 accumulation.

A is M x K row-major, B is K x N column-major (stored as its transpose, an
N x K row-major matrix, so both operands are K-major in shared memory), C is
M x N row-major bf16.

The kernel is the standard Hopper design, written out with `T.ptx`:

- TMA (`cp.async.bulk.tensor`) loads A and B tiles into 128-byte-swizzled
  shared memory, one box of BM x BK and one of BN x BK per stage;
- a STAGES-deep ring of shared-memory buffers with two mbarriers per stage:
  `full` (the producer's expect_tx, completed by the TMA bytes) and `empty`
  (one arrive per consumer warpgroup when its wgmma reads are done);
- warp specialization: warpgroup 0 is the producer (one elected thread issues
  the copies; `setmaxnreg.dec` gives its registers away), warpgroups 1..C
  are consumers (`setmaxnreg.inc`), each issuing `wgmma.mma_async`
  m64nBNk16 over its 64 rows of the tile, with one wgmma group in flight so
  the previous stage is released while the next one computes;
- with CLUSTER = 2, two CTAs of a cluster compute vertically adjacent tiles
  (same columns of B): each loads half of the B box and multicasts it to
  both CTAs, and a consumer releases a stage to both producers. Each CTA's
  shared memory is written by its peer (the multicast) and its empty
  barriers are arrived on by the peer's consumers, so neither CTA may exit
  before the other is done with it: the producer ends with a tail (it waits
  until the consumers of both CTAs have released the last STAGES stages, so
  every copy it issued has landed) and every thread of both CTAs then meets
  at a final cluster barrier before the kernel exits;
- a persistent tile scheduler: GRID CTAs (one per SM) walk the tiles in
  steps of GRID, the pipeline's stage/phase counters running on across
  tiles;
- the epilogue converts the accumulators to bf16, writes them to shared
  memory and stores each warpgroup's 64 x BN block with a TMA store.

`make_gemm(M, N, K, **config)` returns the `@T.prim_func`: `gemm(A, B, C)`
over the three bf16 matrices (A M x K, B as its N x K transpose, C M x N).
Its host part builds the three tensor maps from those buffers
(`T.call_packed("runtime.cuTensorMapEncodeTiled", ...)`, the original
TIRx spelling of `tirx.tensormap_encode_tiled`), so `tirx.build(gemm)`
is called on tensors: the launcher checks each tensor against its
parameter (dtype, shape, 16-byte alignment), then encodes the descriptors
from the tensors' addresses and passes them by value.
"""

from tirx.script import tirx as T

# Tile shapes and stages per problem shape come from tirx.autotune over
# SPACE (docs/Profiling.md): the cache's winner for the shape on this GPU
# (or any GPU of the chip), else the table below, the tuner's default. A
# shape takes the table's first row whose every bound it fits. The rows
# are starting points (a small M gets narrow tiles and deep pipelining,
# large problems wide tiles and the 2-CTA cluster); no GPU has tuned them
# yet (`python3 examples/kernels/tune.py gemm M N K` on the H200).
DEFAULT = dict(BM=128, BN=128, BK=64, STAGES=4, CONSUMERS=2, CLUSTER=1, SMS=132)
TUNING = [
    # (max M, max N, max K), config overrides
    ((256, 1 << 30, 1 << 30), dict(BN=128, STAGES=6)),
    ((1 << 30, 1 << 30, 1 << 30), dict(BN=256, STAGES=3, CLUSTER=2)),
]
SPACE = dict(BN=[128, 256], STAGES=[3, 4, 5, 6], CLUSTER=[1, 2])


def table_config(M, N, K):
    """The tuning table's config (the SPACE keys) for a shape."""
    cfg = dict(DEFAULT)
    for (mm, mn, mk), row in TUNING:
        if M <= mm and N <= mn and K <= mk:
            cfg.update(row)
            break
    return {k: cfg[k] for k in SPACE}


def verify(cfg):
    """A config's kernel in the simulator at the smallest shape it takes
    (two tiles, two K blocks, one cluster), against NumPy."""
    import numpy as np
    from tirx import sim
    full = dict(DEFAULT, **cfg)
    M, N, K = full["BM"] * full["CLUSTER"] * 2, full["BN"], full["BK"] * 2
    k = make_gemm(M, N, K, **dict(cfg, SMS=full["CLUSTER"]))
    rng = np.random.default_rng(0)
    bf16 = lambda x: ((x.astype(np.float32).view(np.uint32) + 0x7FFF) >> 16).astype(np.uint16)
    f32 = lambda b: (b.astype(np.uint32) << 16).view(np.float32)
    a, bt = bf16(rng.standard_normal((M, K))), bf16(rng.standard_normal((N, K)))
    # NaN-poisoned: a tile the kernel does not write fails the check.
    c = np.full((M, N), 0x7FC0, dtype=np.uint16)
    sim.run(k, a, bt, c, seed=0)   # the host part encodes the tensor maps
    want = f32(a) @ f32(bt).T
    got = f32(c)
    if not np.isfinite(got).all():
        raise AssertionError(f"{_cfg_text(cfg)}: outputs left unwritten")
    err = np.abs(got - want).max()
    if err > 2e-2 * np.abs(want).max():
        raise AssertionError(f"{_cfg_text(cfg)}: max error {err}")


def _cfg_text(cfg):
    return " ".join(f"{k}={v}" for k, v in sorted(cfg.items()))


_TUNER = None


def tuner():
    """The autotuner of this kernel: make_gemm over SPACE, keyed by
    (M, N, K) and the GPU."""
    global _TUNER
    if _TUNER is None:
        import tirx
        _TUNER = tirx.autotune(make_gemm, space=SPACE, default=table_config,
                               name="hopper_gemm", target="sm_90a",
                               verify=verify,
                               constraint=lambda cfg, M, N, K: _fits(M, N, K, cfg))
    return _TUNER


def _fits(M, N, K, cfg):
    try:
        check_config(M, N, K, dict(DEFAULT, **cfg))
    except ValueError as e:
        return str(e)
    return True


def config_for(M, N, K, **overrides):
    """The configuration for a problem shape: the tuner's (see above),
    then `overrides`."""
    cfg = dict(DEFAULT)
    cfg.update(tuner().config(M, N, K))
    cfg.update(overrides)
    return cfg


def check_config(M, N, K, cfg):
    """Raises ValueError when the kernel cannot run this shape/config."""
    BM, BN, BK = cfg["BM"], cfg["BN"], cfg["BK"]
    if BM != 64 * cfg["CONSUMERS"]:
        raise ValueError("BM must be 64 rows per consumer warpgroup")
    if BK != 64:
        raise ValueError("BK must be 64 (one 128-byte swizzle row of bf16)")
    if BN % 16 or not 16 <= BN <= 256:
        raise ValueError("BN must be a multiple of 16 in [16, 256]")
    if M % (BM * cfg["CLUSTER"]) or N % BN or K % BK:
        raise ValueError(f"{M}x{N}x{K} is not a multiple of the tile "
                         f"{BM * cfg['CLUSTER']}x{BN}x{BK}")
    if cfg["CLUSTER"] not in (1, 2):
        raise ValueError("CLUSTER must be 1 or 2")
    if shared_bytes(cfg) > 227 * 1024:
        raise ValueError(f"{shared_bytes(cfg)} bytes of shared memory")


def shared_bytes(cfg):
    """Dynamic shared memory of one CTA."""
    stage = (cfg["BM"] + cfg["BN"]) * cfg["BK"] * 2
    return cfg["STAGES"] * stage + cfg["BM"] * cfg["BN"] * 2 + 16 * cfg["STAGES"] + 1024


# cuTensorMapEncodeTiled's enum values, as T.call_packed takes them.
SWIZZLE_NONE, SWIZZLE_128B = 0, 3
L2_256B = 3


def tma_args(rows, cols, box_rows, box_cols, swizzle):
    """The shape arguments of T.call_packed("runtime.cuTensorMapEncodeTiled")
    for a row-major bf16 matrix of rows x cols: dimensions innermost first,
    the row stride in bytes, the box, unit element strides, then interleave
    none, `swizzle`, L2 promotion 256B and no OOB fill."""
    return (cols, rows, cols * 2, box_cols, box_rows, 1, 1, 0, swizzle, L2_256B, 0)


def launch(M, N, K, cfg):
    """Grid, block, cluster and dynamic shared memory of a launch."""
    tiles = (M // cfg["BM"]) * (N // cfg["BN"])
    grid = min(cfg["SMS"] // cfg["CLUSTER"] * cfg["CLUSTER"], tiles)
    return dict(grid=(grid, 1, 1), block=(128 * (1 + cfg["CONSUMERS"]), 1, 1),
                cluster=(cfg["CLUSTER"], 1, 1), smem=shared_bytes(cfg))


def make_gemm(M, N, K, **overrides):
    cfg = config_for(M, N, K, **overrides)
    check_config(M, N, K, cfg)
    BM, BN, BK = cfg["BM"], cfg["BN"], cfg["BK"]
    STAGES, CONSUMERS, CLUSTER = cfg["STAGES"], cfg["CONSUMERS"], cfg["CLUSTER"]
    TILES_M, TILES_N, KT = M // BM, N // BN, K // BK
    NUM_TILES = TILES_M * TILES_N
    GRID = launch(M, N, K, cfg)["grid"][0]
    A_ELEMS, B_ELEMS = BM * BK, BN * BK
    B_PART = B_ELEMS // CLUSTER              # elements of B each CTA loads
    STAGE_BYTES = (A_ELEMS + B_ELEMS) * 2
    ACC = BN // 2                            # f32 accumulators per thread
    NWG = 1 + CONSUMERS
    ACC_T = f"float32x{ACC}"
    MASK = (1 << CLUSTER) - 1
    # wgmma descriptor of a K-major 128-byte-swizzled tile: stride between
    # 8-row core-matrix groups 1024 bytes, swizzle mode 1 (128B) at bit 62.
    DESC_HI = (64 << 32) | (1 << 16) | (1 << 62)
    # The tensor maps: A and B tiles with 128-byte swizzle (B's box is the
    # half each CTA of a cluster loads), C's 64-row store box unswizzled.
    A_TMA = tma_args(M, K, BM, BK, SWIZZLE_128B)
    B_TMA = tma_args(N, K, BN // CLUSTER, BK, SWIZZLE_128B)
    C_TMA = tma_args(M, N, 64, BN, SWIZZLE_NONE)

    @T.macro
    def smem_desc(ptr):
        return ((T.cast(T.cuda.cvta_generic_to_shared(ptr), "uint64") >> 4) & 0x3FFF) | T.uint64(DESC_HI)

    @T.prim_func
    def gemm(A: T.Buffer((M, K), "bfloat16"), B: T.Buffer((N, K), "bfloat16"),
             C: T.Buffer((M, N), "bfloat16")):
        T.func_attr({"tirx.launch_bounds_min_blocks_per_sm": 1})
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "bfloat16", 2, A.data, *A_TMA)
        B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, "bfloat16", 2, B.data, *B_TMA)
        C_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", C_map, "bfloat16", 2, C.data, *C_TMA)
        T.device_entry()
        bx = T.cta_id([GRID])
        rank = T.cta_id_in_cluster([CLUSTER])
        wg = T.warpgroup_id([NWG])
        tid = T.thread_id_in_wg([128])
        sA = T.alloc_buffer([STAGES * A_ELEMS], "bfloat16", scope="shared.dyn", align=1024)
        sB = T.alloc_buffer([STAGES * B_ELEMS], "bfloat16", scope="shared.dyn", align=1024)
        sC = T.alloc_buffer([BM * BN], "bfloat16", scope="shared.dyn", align=1024)
        full = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        empty = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        if wg == 0 and tid == 0:
            for s in range(STAGES):
                T.ptx.mbarrier.init(full.ptr_to([s]), 1)
                T.ptx.mbarrier.init(empty.ptr_to([s]), CONSUMERS * CLUSTER)
            T.ptx.fence.mbarrier_init()
        if CLUSTER > 1:
            T.cuda.cluster_sync()
        else:
            T.cuda.cta_sync()
        # the first tile of this CTA; a cluster's CTAs take adjacent M tiles
        first = bx // CLUSTER
        step = GRID // CLUSTER
        if wg == 0:
            T.ptx.setmaxnreg("dec", 40)
            if tid == 0:
                for t in range(first, NUM_TILES // CLUSTER, step):
                    tm = (t // TILES_N) * CLUSTER + rank
                    tn = t % TILES_N
                    for kb in range(KT):
                        it = ((t - first) // step) * KT + kb
                        s = it % STAGES
                        # trace ranges (docs/Profiling.md): dropped unless traced
                        with T.profile.range("load"):
                            T.cuda.mbarrier_wait(empty.ptr_to([s]), ((it // STAGES) % 2) ^ 1)
                            T.ptx.mbarrier.arrive.expect_tx(full.ptr_to([s]), STAGE_BYTES)
                            T.ptx.cp.async_.bulk.tensor.load(
                                sA.ptr_to([s * A_ELEMS]), A_map, [kb * BK, tm * BM],
                                full.ptr_to([s]), mode="tile", rank=2)
                            if CLUSTER > 1:
                                T.ptx.cp.async_.bulk.tensor.load(
                                    T.ptx.mapa(sB.ptr_to([s * B_ELEMS + rank * B_PART]), rank),
                                    B_map, [kb * BK, tn * BN + rank * (BN // CLUSTER)],
                                    full.ptr_to([s]), T.uint16(MASK), mode="tile", rank=2)
                            else:
                                T.ptx.cp.async_.bulk.tensor.load(
                                    sB.ptr_to([s * B_ELEMS]), B_map, [kb * BK, tn * BN],
                                    full.ptr_to([s]), mode="tile", rank=2)
                if CLUSTER > 1:
                    # producer tail: acquire STAGES more slots without filling
                    # them, i.e. wait until the consumers of both CTAs have
                    # released the last STAGES stages. Every copy this thread
                    # issued, the B halves multicast into the peer's shared
                    # memory included, has then landed, so the final cluster
                    # barrier orders them before either CTA exits.
                    issued = ((NUM_TILES // CLUSTER - first + step - 1) // step) * KT
                    for j in range(STAGES):
                        ts = (issued + j) % STAGES
                        T.cuda.mbarrier_wait(empty.ptr_to([ts]), (((issued + j) // STAGES) % 2) ^ 1)
        else:
            T.ptx.setmaxnreg("inc", 232)
            c = wg - 1
            acc = T.alloc_buffer([ACC], "float32", scope="local")
            warp = tid // 32
            lane = tid % 32
            for t in range(first, NUM_TILES // CLUSTER, step):
                tm = (t // TILES_N) * CLUSTER + rank
                tn = t % TILES_N
                acc.vstore([0], T.cast(0.0, ACC_T))
                for kb in range(KT):
                    it = ((t - first) // step) * KT + kb
                    s = it % STAGES
                    T.cuda.mbarrier_wait(full.ptr_to([s]), (it // STAGES) % 2)
                    with T.profile.range("mma"):
                        T.ptx.wgmma.fence()
                        for kk in T.unroll(BK // 16):
                            a_desc = smem_desc(sA.ptr_to([s * A_ELEMS + c * 64 * BK + kk * 16]))
                            b_desc = smem_desc(sB.ptr_to([s * B_ELEMS + kk * 16]))
                            acc.vstore([0], T.ptx.wgmma.mma_async(
                                a_desc, b_desc, acc.vload([0], ACC_T), True,
                                shape=[64, BN, 16], type_d="f32", type_a="bf16", type_b="bf16"))
                        T.ptx.wgmma.commit_group()
                        # one group in flight: the previous stage's reads are done
                        T.ptx.wgmma.wait_group(1)
                    if kb > 0 and tid < CLUSTER:
                        prev = (it + STAGES - 1) % STAGES
                        if CLUSTER > 1:
                            T.ptx.mbarrier.arrive(T.ptx.mapa(empty.ptr_to([prev]), tid),
                                                  sem="release", scope="cluster")
                        else:
                            T.ptx.mbarrier.arrive(empty.ptr_to([prev]))
                T.ptx.wgmma.wait_group(0)
                if tid < CLUSTER:
                    last = (((t - first) // step) * KT + KT - 1) % STAGES
                    if CLUSTER > 1:
                        T.ptx.mbarrier.arrive(T.ptx.mapa(empty.ptr_to([last]), tid),
                                              sem="release", scope="cluster")
                    else:
                        T.ptx.mbarrier.arrive(empty.ptr_to([last]))
                # epilogue: registers -> bf16 in shared memory -> TMA store
                if tid == 0:
                    T.ptx.cp.async_.bulk.wait_group(0, True)
                T.cuda.warpgroup_sync(1 + c)
                for j in T.unroll(ACC // 2):
                    i = j * 2
                    row = c * 64 + warp * 16 + lane // 4 + 8 * ((i // 2) % 2)
                    col = (i // 4) * 8 + (lane % 4) * 2
                    sC[row * BN + col] = T.cast(acc[i], "bfloat16")
                    sC[row * BN + col + 1] = T.cast(acc[i + 1], "bfloat16")
                T.ptx.fence.proxy.async_("shared.cta")
                T.cuda.warpgroup_sync(1 + c)
                if tid == 0:
                    T.ptx.cp.async_.bulk.tensor.store(
                        C_map, [tn * BN, tm * BM + c * 64], sC.ptr_to([c * 64 * BN]),
                        mode="tile", rank=2)
                    T.ptx.cp.async_.bulk.commit_group()
            if tid == 0:
                T.ptx.cp.async_.bulk.wait_group(0)
        # every thread of both CTAs gets here (no thread returns early): the
        # peer's remote arrives on this CTA's empty barriers and its copies
        # into this CTA's shared memory are ordered before either CTA exits
        if CLUSTER > 1:
            T.cuda.cluster_sync()

    return gemm
