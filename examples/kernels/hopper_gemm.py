"""Hopper GEMM in TIRx script: C = A @ B with f32 accumulation, built to the
recipe of the fastest Hopper GEMMs.

A is M x K row-major, B is K x N column-major (stored as its transpose, an
N x K row-major matrix, so both operands are K-major in shared memory), C is
M x N row-major. Inputs are bf16 or fp16 (C of the same type), or fp8 e4m3
with per-tensor scales (C = scale_a * scale_b * A @ B in bf16).

The design, written out with `T.ptx`:

- TMA (`cp.async.bulk.tensor`) loads A and B tiles into 128-byte-swizzled
  shared memory (a k-block is one 128-byte row: 64 bf16/fp16 or 128 fp8
  elements), into a STAGES-deep ring with two mbarriers per stage: `full`
  (the producer's expect_tx, completed by the TMA bytes) and `empty` (one
  arrive per consumer warpgroup and CTA of the cluster reading the stage);
- warp specialization: warpgroup 0 is the producer (one elected thread
  issues the copies; `setmaxnreg.dec` gives its registers away), warpgroups
  1 and 2 are the math warpgroups (`setmaxnreg.inc`), each accumulating a
  64 x BN block with `wgmma.mma_async` m64nBNk16 (k32 for fp8), one wgmma
  group in flight so the previous stage is released while the next computes;
- two schedules of a 128 x BN CTA tile (SCHEDULE):
  * "cooperative": both math warpgroups work on the same tile (64 rows
    each) and read the same stages;
  * "pingpong": the two 64-row halves of the tile are separate work items,
    one per math warpgroup, with their own stages; an ordered pair of named
    barriers lets only one warpgroup run its mainloop at a time, so one
    warpgroup's epilogue overlaps the other's MMAs;
- the epilogue converts the accumulators, writes them with `stmatrix`
  (conflict-free, 8x8 matrices) into a 128-byte-swizzled 64 x 64 staging
  tile and stores it with a TMA store; two staging tiles per warpgroup
  (when they fit) so the conversion of one overlaps the store of the other,
  and the stores run on while the next tile's mainloop starts;
- clusters of 2 CTAs (CLUSTER_M x CLUSTER_N = 2 x 1 or 1 x 2): the two CTAs
  share one operand (2 x 1: vertically adjacent tiles share B; 1 x 2:
  horizontally adjacent tiles share A); each loads half of it and
  multicasts it to both, and a math warpgroup releases a stage to the
  producers of both CTAs;
- stage releases are `mbarrier.arrive.release.cta` (also on the peer's
  barrier): a release only has to order this thread's earlier accesses
  before the arrive, and the accesses before a release are the wgmma reads
  of the stage, complete once `wgmma.wait_group` returns (their values are
  in registers), so no later write -- the producer's TMA into this or the
  peer CTA -- can change what they read. Nothing this thread wrote has to
  become visible to the peer, which is what a cluster-scope release would
  add (CUTLASS's ClusterBarrier::arrive is the same `.release.cta` form).
  The simulator's race detector checks the ring (every TMA write against
  every wgmma read of the same bytes);
- a persistent tile scheduler: GRID CTAs (one per SM) walk the work items
  in steps of GRID / cluster, the pipeline's stage/phase counters running
  on across tiles, the tiles in grouped (swizzled) order: GROUP_M
  cluster-rows of tiles are walked column by column, so a wave re-reads
  the same few B columns and A rows from L2;
- split-K (SPLIT_K > 1) for small-M and low-wave shapes: a tile's k-blocks
  are split into SPLIT_K work items; each writes its f32 partial to a
  workspace and takes a ticket (an atomic counter per tile half); the last
  one adds the others' partials and runs the epilogue, then resets the
  counter (the kernel takes the workspace W and the zeroed counters L);
- the producer prefetches the tensor maps (`prefetch.tensormap`) before the
  first copy.

`make_gemm(M, N, K, dtype="bfloat16", **config)` returns the
`@T.prim_func` `gemm(A, B, C)` (fp8: `gemm(A, B, C, scale_a, scale_b)`;
split-K adds the workspace `W` and counters `L`, see `workspace`). Its host
part builds the tensor maps from the buffers
(`T.call_packed("runtime.cuTensorMapEncodeTiled", ...)`), so `tirx.build`
of it is called on tensors.
"""

from tirx.script import tirx as T

# The element types: (wgmma type, bytes, wgmma K, output dtype).
DTYPES = {
    "bfloat16": ("bf16", 2, 16, "bfloat16"),
    "float16": ("f16", 2, 16, "float16"),
    "float8_e4m3fn": ("e4m3", 1, 32, "bfloat16"),
}

SCHEDULES = ("cooperative", "pingpong")

# Tile shapes, stages, schedule, cluster and split per problem shape come
# from tirx.autotune over SPACE (docs/Profiling.md): the cache's winner for
# the shape on this GPU (or any GPU of the chip), else the table below,
# the tuner's default. A shape takes the table's first row whose every
# bound it fits. The rows follow the recipe of the fastest Hopper GEMMs;
# no GPU has tuned them yet (`python3 examples/kernels/tune.py gemm M N K`
# on an H100/H200):
# - small M (<= 256): 128 x 128 tiles, deep pipelining, split-K so the
#   tiles times the splits fill the SMs (SPLIT_K "auto", see auto_split);
# - larger problems: 128 x 256 x 64 tiles, 4 stages, ping-pong, B
#   multicast over a 2 x 1 cluster, grouped rasterization over 8 rows.
DEFAULT = dict(BM=128, BN=256, STAGES=4, SCHEDULE="pingpong", CLUSTER_M=2,
               CLUSTER_N=1, GROUP_M=8, SPLIT_K=1, SMS=132)
TUNING = [
    # (max M, max N, max K), config overrides
    ((256, 1 << 30, 1 << 30), dict(BN=128, STAGES=6, SCHEDULE="cooperative",
                                   CLUSTER_M=1, CLUSTER_N=2, SPLIT_K="auto")),
    ((1 << 30, 1 << 30, 1 << 30), dict()),
]
SPACE = dict(BN=[128, 256], STAGES=[4, 5, 6], SCHEDULE=list(SCHEDULES),
             CLUSTER_M=[1, 2], CLUSTER_N=[1, 2])


def check_keys(kernel, overrides, known):
    """A configuration key the kernel does not know is an error (a stale
    or misspelt key would otherwise build the default configuration)."""
    unknown = sorted(set(overrides) - set(known))
    if unknown:
        raise ValueError(f"{kernel}: unknown configuration key(s) {', '.join(unknown)} "
                         f"(known: {', '.join(sorted(known))})")


def _table_row(M, N, K):
    """DEFAULT updated by the tuning table's first row that covers the shape."""
    cfg = dict(DEFAULT)
    for (mm, mn, mk), row in TUNING:
        if M <= mm and N <= mn and K <= mk:
            cfg.update(row)
            break
    return cfg


def table_config(M, N, K):
    """The tuning table's config (the SPACE keys) for a shape."""
    cfg = _table_row(M, N, K)
    return {k: cfg[k] for k in SPACE}


def auto_split(M, N, K, cfg, dtype="bfloat16"):
    """Split-K for a low-wave shape: the most splits (at most 8) that keep
    the work items within one wave of SMS CTAs and at least 4 k-blocks a
    split, dividing the k-blocks evenly."""
    BK = bk(dtype)
    tiles = (M // cfg["BM"]) * (N // cfg["BN"])
    kt = K // BK
    best = 1
    for s in range(2, 9):
        if tiles * s > cfg["SMS"] or kt % s or kt // s < 4:
            continue
        best = s
    return best


def bk(dtype):
    """The k-block: one 128-byte swizzle row of the element type."""
    return 128 // DTYPES[dtype][1]


def verify(cfg, dtype="bfloat16"):
    """A config's kernel in the simulator at the smallest shape it takes
    (two tiles of each CTA of a cluster, ring wrap), against NumPy."""
    import numpy as np
    from tirx import sim
    full = dict(DEFAULT, **cfg)
    M, N, K = sim_shape(full, dtype)
    k = make_gemm(M, N, K, dtype=dtype, **dict(cfg, SMS=full["CLUSTER_M"] * full["CLUSTER_N"]))
    full = config_for(M, N, K, dtype=dtype, **cfg)
    rng = np.random.default_rng(0)
    a, bt, want = reference_inputs(rng, M, N, K, dtype)
    c = poisoned_output(M, N, dtype)
    sim.run(k, *call_args(a, bt, c, M, N, K, full, dtype), seed=0)
    got = output_values(c)
    err = np.abs(got - want).max()
    if not np.isfinite(err) or err > 2e-2 * np.abs(want).max():
        raise AssertionError(f"{_cfg_text(cfg)}: max error {err}")


def sim_shape(cfg, dtype="bfloat16"):
    """The smallest problem exercising a config: every CTA of a cluster
    takes two work items through the persistent loop (the grid is one
    cluster), and a work item has more k-blocks than the stages."""
    cfg = dict(DEFAULT, **cfg)
    BK = bk(dtype)
    cm, cn = cfg["CLUSTER_M"], cfg["CLUSTER_N"]
    split = cfg["SPLIT_K"] if isinstance(cfg["SPLIT_K"], int) else 2
    M = cfg["BM"] * cm * 2
    N = cfg["BN"] * cn
    K = BK * (cfg["STAGES"] + 1) * split
    return M, N, K


def e4m3_values(codes):
    """float32 values of fp8 e4m3 (fn) codes (uint8): sign, 4 exponent bits
    (bias 7, 0 subnormal), 3 mantissa bits; 0x7F / 0xFF are NaN."""
    import numpy as np
    c = codes.astype(np.int32)
    e, m = (c >> 3) & 15, c & 7
    mag = np.where(e == 0, m / 8.0 * 2.0 ** -6, (1 + m / 8.0) * 2.0 ** (e - 7))
    mag = np.where((c & 0x7F) == 0x7F, np.nan, mag)
    return np.where(c & 0x80, -mag, mag).astype(np.float32)


def random_e4m3(rng, shape):
    """Random fp8 e4m3 codes of magnitudes 2^-3 .. 2^2 (normal numbers)."""
    import numpy as np
    sign = rng.integers(0, 2, shape) << 7
    exp = rng.integers(4, 10, shape) << 3
    return (sign | exp | rng.integers(0, 8, shape)).astype(np.uint8)


def reference_inputs(rng, M, N, K, dtype):
    """(A, B, f32 reference of A @ B^T) as the simulator takes them: bf16
    as uint16 bits, fp16 as float16, fp8 as uint8 codes (the fp8 reference
    includes FP8_SCALES)."""
    import numpy as np
    if dtype == "float8_e4m3fn":
        a, bt = random_e4m3(rng, (M, K)), random_e4m3(rng, (N, K))
        want = e4m3_values(a) @ e4m3_values(bt).T * (FP8_SCALES[0] * FP8_SCALES[1])
        return a, bt, want
    if dtype == "float16":
        a = rng.standard_normal((M, K)).astype(np.float16)
        bt = rng.standard_normal((N, K)).astype(np.float16)
        return a, bt, a.astype(np.float32) @ bt.astype(np.float32).T
    f32 = lambda b: (b.astype(np.uint32) << 16).view(np.float32)
    bf16 = lambda x: ((x.astype(np.float32).view(np.uint32) + 0x7FFF) >> 16).astype(np.uint16)
    a, bt = bf16(rng.standard_normal((M, K))), bf16(rng.standard_normal((N, K)))
    return a, bt, f32(a) @ f32(bt).T


def poisoned_output(M, N, dtype):
    """C filled with NaN (bf16 bits, or float16), as the simulator takes it."""
    import numpy as np
    if DTYPES[dtype][3] == "float16":
        return np.full((M, N), np.nan, dtype=np.float16)
    return np.full((M, N), 0x7FC0, dtype=np.uint16)


def output_values(c):
    """float32 values of C (bf16 bits or float16)."""
    import numpy as np
    if c.dtype == np.float16:
        return c.astype(np.float32)
    return (c.astype(np.uint32) << 16).view(np.float32)


# The per-tensor scales the tests and benchmarks pass to the fp8 kernel.
FP8_SCALES = (0.5, 0.25)


def call_args(a, bt, c, M, N, K, cfg, dtype):
    """The kernel's arguments after A, B, C: the fp8 scales, the split-K
    workspace and zeroed counters (NumPy arrays, for the simulator)."""
    import numpy as np
    out = [a, bt, c]
    if dtype == "float8_e4m3fn":
        out += [np.float32(FP8_SCALES[0]), np.float32(FP8_SCALES[1])]
    if cfg["SPLIT_K"] > 1:
        w, l = workspace(M, N, K, cfg)
        out += [np.zeros(w, np.float32), np.zeros(l, np.int32)]
    return out


def _cfg_text(cfg):
    return " ".join(f"{k}={v}" for k, v in sorted(cfg.items()))


_TUNERS = {}


def tuner(dtype="bfloat16"):
    """The autotuner of this kernel for an element type: make_gemm over
    SPACE, keyed by (M, N, K) and the GPU."""
    if dtype not in _TUNERS:
        import tirx
        suffix = "" if dtype == "bfloat16" else "_" + dtype

        def factory(M, N, K, **cfg):
            return make_gemm(M, N, K, dtype=dtype, **cfg)
        _TUNERS[dtype] = tirx.autotune(
            factory, space=SPACE, default=table_config, name="hopper_gemm" + suffix,
            target="sm_90a", verify=lambda cfg: verify(cfg, dtype),
            constraint=lambda cfg, M, N, K: _fits(M, N, K, cfg, dtype))
    return _TUNERS[dtype]


def _fits(M, N, K, cfg, dtype="bfloat16"):
    try:
        full = dict(_table_row(M, N, K), **cfg)
        if full["SPLIT_K"] == "auto":
            full["SPLIT_K"] = auto_split(M, N, K, full, dtype)
        check_config(M, N, K, full, dtype)
    except ValueError as e:
        return str(e)
    return True


def config_for(M, N, K, dtype="bfloat16", **overrides):
    """The configuration for a problem shape: the table's row, the tuner's
    config (see above), then `overrides`; SPLIT_K "auto" resolved."""
    # EPI_BUFS is derived; a configuration config_for returned may come back.
    check_keys("hopper_gemm", overrides, set(DEFAULT) | {"BK", "EPI_BUFS"})
    cfg = _table_row(M, N, K)
    cfg.update(tuner(dtype).config(M, N, K))
    cfg.update(overrides)
    if cfg["SPLIT_K"] == "auto":
        cfg["SPLIT_K"] = auto_split(M, N, K, cfg, dtype)
    cfg["EPI_BUFS"] = epilogue_buffers(cfg, dtype)
    if overrides.get("EPI_BUFS", cfg["EPI_BUFS"]) != cfg["EPI_BUFS"]:
        raise ValueError(f"hopper_gemm: EPI_BUFS is derived ({cfg['EPI_BUFS']} for this "
                         f"configuration), not {overrides['EPI_BUFS']}")
    return cfg


def check_config(M, N, K, cfg, dtype="bfloat16"):
    """Raises ValueError when the kernel cannot run this shape/config."""
    if dtype not in DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(DTYPES)}")
    BM, BN, BK = cfg["BM"], cfg["BN"], bk(dtype)
    cm, cn = cfg["CLUSTER_M"], cfg["CLUSTER_N"]
    if cfg.get("BK", BK) != BK:
        raise ValueError(f"BK must be {BK} (one 128-byte swizzle row of {dtype})")
    if BM != 128:
        raise ValueError("BM must be 128 (64 rows per math warpgroup)")
    if cfg["SCHEDULE"] not in SCHEDULES:
        raise ValueError(f"SCHEDULE must be one of {', '.join(SCHEDULES)}")
    if BN % 64 or not 64 <= BN <= 256:
        raise ValueError("BN must be 64, 128, 192 or 256 (64-column epilogue chunks)")
    if cm not in (1, 2) or cn not in (1, 2) or cm * cn > 2:
        raise ValueError("the cluster must be 1x1, 2x1 or 1x2 CTAs")
    split = cfg["SPLIT_K"]
    if not isinstance(split, int) or split < 1:
        raise ValueError("SPLIT_K must be a positive integer")
    if M % (BM * cm) or N % (BN * cn) or K % (BK * split):
        raise ValueError(f"{M}x{N}x{K} is not a multiple of the tile "
                         f"{BM * cm}x{BN * cn}x{BK * split}")
    if cfg["GROUP_M"] < 1:
        raise ValueError("GROUP_M must be positive")
    if shared_bytes(dict(cfg, EPI_BUFS=1), dtype) > 227 * 1024:
        raise ValueError(f"{shared_bytes(dict(cfg, EPI_BUFS=1), dtype)} bytes of shared memory")


def _a_rows(cfg):
    """Rows of A a stage holds: the whole tile (cooperative) or one math
    warpgroup's half (ping-pong)."""
    return cfg["BM"] if cfg["SCHEDULE"] == "cooperative" else cfg["BM"] // 2


def shared_bytes(cfg, dtype="bfloat16"):
    """Dynamic shared memory of one CTA."""
    stage = (_a_rows(cfg) + cfg["BN"]) * 128
    epi = 2 * cfg.get("EPI_BUFS", 2) * 64 * 64 * 2
    return cfg["STAGES"] * stage + epi + 16 * cfg["STAGES"] + 16 + 1024


def epilogue_buffers(cfg, dtype="bfloat16"):
    """Two 64 x 64 staging tiles per math warpgroup when they fit, else one."""
    return 2 if shared_bytes(dict(cfg, EPI_BUFS=2), dtype) <= 227 * 1024 else 1


def workspace(M, N, K, cfg):
    """(f32 elements of W, int32 counters of L) a split-K config takes."""
    tiles = (M // cfg["BM"]) * (N // cfg["BN"])
    return tiles * cfg["SPLIT_K"] * cfg["BM"] * cfg["BN"], tiles * 2


# cuTensorMapEncodeTiled's enum values, as T.call_packed takes them.
SWIZZLE_NONE, SWIZZLE_128B = 0, 3
L2_256B = 3


def tma_args(rows, cols, box_rows, box_cols, swizzle, elem_bytes=2):
    """The shape arguments of T.call_packed("runtime.cuTensorMapEncodeTiled")
    for a row-major matrix of rows x cols: dimensions innermost first, the
    row stride in bytes, the box, unit element strides, then interleave
    none, `swizzle`, L2 promotion 256B and no OOB fill."""
    return (cols, rows, cols * elem_bytes, box_cols, box_rows, 1, 1, 0, swizzle,
            L2_256B, 0)


def raster_order(ct_m, ct_n, group):
    """The grouped order of a grid of ct_m x ct_n cluster tiles, as the
    kernel's scheduler walks them: [(row, column)] by work index. GROUP_M
    rows are walked column by column, then the next GROUP_M rows."""
    out = []
    for ct in range(ct_m * ct_n):
        per = group * ct_n
        fm = (ct // per) * group
        gs = min(ct_m - fm, group)
        out.append((fm + (ct % per) % gs, (ct % per) // gs))
    return out


def launch(M, N, K, cfg):
    """Grid, block, cluster and dynamic shared memory of a launch."""
    cl = cfg["CLUSTER_M"] * cfg["CLUSTER_N"]
    work = (M // cfg["BM"]) * (N // cfg["BN"]) * cfg["SPLIT_K"]
    grid = min(cfg["SMS"] // cl * cl, work)
    return dict(grid=(grid, 1, 1), block=(384, 1, 1), cluster=(cl, 1, 1),
                smem=shared_bytes(cfg))


def flops(M, N, K):
    return 2 * M * N * K


def make_gemm(M, N, K, dtype="bfloat16", **overrides):
    cfg = config_for(M, N, K, dtype=dtype, **overrides)
    check_config(M, N, K, cfg, dtype)
    WT, ELEM, WK, OUT = DTYPES[dtype]
    FP8 = dtype == "float8_e4m3fn"
    BM, BN, BK = cfg["BM"], cfg["BN"], bk(dtype)
    STAGES, EPI_BUFS = cfg["STAGES"], cfg["EPI_BUFS"]
    PINGPONG = cfg["SCHEDULE"] == "pingpong"
    CM, CN = cfg["CLUSTER_M"], cfg["CLUSTER_N"]
    CLUSTER = CM * CN
    SPLIT, GROUP = cfg["SPLIT_K"], cfg["GROUP_M"]
    TILES_M, TILES_N = M // BM, N // BN
    CT_M, CT_N = TILES_M // CM, TILES_N // CN          # cluster tiles
    KT = K // BK // SPLIT                                # k-blocks per work item
    NUM_WORK = CT_M * CT_N * SPLIT                       # per cluster
    GRID = launch(M, N, K, cfg)["grid"][0]
    A_ROWS = _a_rows(cfg)                                # rows of A per stage
    HALVES = 2 if PINGPONG else 1                        # work items per tile
    A_ELEMS, B_ELEMS = A_ROWS * BK, BN * BK
    A_BOX, B_BOX = A_ROWS // CN, BN // CM                # rows each CTA loads
    STAGE_BYTES = (A_ELEMS + B_ELEMS) * ELEM
    ACC = BN // 2                                        # f32 accumulators per thread
    ACC_T = f"float32x{ACC}"
    MASK = (1 << CLUSTER) - 1
    # consumers arriving on a stage's empty barrier, over the cluster
    RELEASES = (1 if PINGPONG else 2) * CLUSTER
    CHUNKS = BN // 64                                    # 64 x 64 epilogue chunks
    EPI = 64 * 64                                        # elements of one
    # named barriers: 0 the CTA, 1-2 each math warpgroup, 3-4 the ping-pong
    # order ("math warpgroup c may start its mainloop")
    ORDER = 3
    # wgmma descriptor of a K-major 128-byte-swizzled tile: stride between
    # 8-row core-matrix groups 1024 bytes, swizzle mode 1 (128B) at bit 62.
    DESC_HI = (64 << 32) | (1 << 16) | (1 << 62)
    A_TMA = tma_args(M, K, A_BOX, BK, SWIZZLE_128B, ELEM)
    B_TMA = tma_args(N, K, B_BOX, BK, SWIZZLE_128B, ELEM)
    C_TMA = tma_args(M, N, 64, 64, SWIZZLE_128B)

    @T.macro
    def smem_desc(ptr):
        return ((T.cast(T.cuda.cvta_generic_to_shared(ptr), "uint64") >> 4) & 0x3FFF) | T.uint64(DESC_HI)

    @T.macro
    def tile_of(w, rank):
        # work item w of the cluster -> (tile row, tile column, split):
        # grouped order over cluster tiles, then the CTA's place in the cluster
        ct = w // SPLIT
        per_group = GROUP * CT_N
        fm = (ct // per_group) * GROUP
        gs = T.min(CT_M - fm, GROUP)
        ctm = fm + (ct % per_group) % gs
        ctn = (ct % per_group) // gs
        tm = ctm * CM + (rank if CM > 1 else 0)
        tn = ctn * CN + (rank if CN > 1 else 0)
        return tm, tn, w % SPLIT

    @T.macro
    def body(A, B, C, scale_a, scale_b, W, L):
        T.func_attr({"tirx.launch_bounds_min_blocks_per_sm": 1})
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, dtype, 2, A.data, *A_TMA)
        B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, dtype, 2, B.data, *B_TMA)
        C_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", C_map, OUT, 2, C.data, *C_TMA)
        T.device_entry()
        bx = T.cta_id([GRID])
        rank = T.cta_id_in_cluster([CLUSTER])
        wg = T.warpgroup_id([3])
        tid = T.thread_id_in_wg([128])
        sA = T.alloc_buffer([STAGES * A_ELEMS], dtype, scope="shared.dyn", align=1024)
        sB = T.alloc_buffer([STAGES * B_ELEMS], dtype, scope="shared.dyn", align=1024)
        sC = T.alloc_buffer([2 * EPI_BUFS * EPI], OUT, scope="shared.dyn", align=1024)
        full = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        empty = T.alloc_buffer([STAGES], "uint64", scope="shared.dyn", align=8)
        ticket = T.alloc_buffer([4], "int32", scope="shared.dyn", align=16)
        if wg == 0 and tid == 0:
            for s in range(STAGES):
                T.ptx.mbarrier.init(full.ptr_to([s]), 1)
                T.ptx.mbarrier.init(empty.ptr_to([s]), RELEASES)
            T.ptx.fence.mbarrier_init()
        if CLUSTER > 1:
            T.cuda.cluster_sync()
        else:
            T.cuda.cta_sync()
        first = bx // CLUSTER
        step = GRID // CLUSTER
        if wg == 0:
            T.ptx.setmaxnreg("dec", 40)
            if tid == 0:
                T.ptx.prefetch.tensormap(A_map)
                T.ptx.prefetch.tensormap(B_map)
                T.ptx.prefetch.tensormap(C_map)
                for w in range(first, NUM_WORK, step):
                    tm, tn, sp = tile_of(w, rank)
                    for h in range(HALVES):
                        for kb in range(KT):
                            it = (((w - first) // step) * HALVES + h) * KT + kb
                            s = it % STAGES
                            k0 = (sp * KT + kb) * BK
                            arow = tm * BM + h * A_ROWS
                            with T.profile.range("load"):
                                T.cuda.mbarrier_wait(empty.ptr_to([s]), ((it // STAGES) % 2) ^ 1)
                                T.ptx.mbarrier.arrive.expect_tx(full.ptr_to([s]), STAGE_BYTES)
                                if CN > 1:   # A shared along the cluster's row: multicast halves
                                    T.ptx.cp.async_.bulk.tensor.load(
                                        T.ptx.mapa(sA.ptr_to([s * A_ELEMS + rank * A_BOX * BK]), rank),
                                        A_map, [k0, arow + rank * A_BOX],
                                        full.ptr_to([s]), T.uint16(MASK), mode="tile", rank=2)
                                else:
                                    T.ptx.cp.async_.bulk.tensor.load(
                                        sA.ptr_to([s * A_ELEMS]), A_map, [k0, arow],
                                        full.ptr_to([s]), mode="tile", rank=2)
                                if CM > 1:   # B shared along the cluster's column
                                    T.ptx.cp.async_.bulk.tensor.load(
                                        T.ptx.mapa(sB.ptr_to([s * B_ELEMS + rank * B_BOX * BK]), rank),
                                        B_map, [k0, tn * BN + rank * B_BOX],
                                        full.ptr_to([s]), T.uint16(MASK), mode="tile", rank=2)
                                else:
                                    T.ptx.cp.async_.bulk.tensor.load(
                                        sB.ptr_to([s * B_ELEMS]), B_map, [k0, tn * BN],
                                        full.ptr_to([s]), mode="tile", rank=2)
                if CLUSTER > 1:
                    # producer tail: acquire STAGES more slots without filling
                    # them, i.e. wait until the consumers of both CTAs have
                    # released the last STAGES stages. Every copy this thread
                    # issued, the halves multicast into the peer's shared
                    # memory included, has then landed, so the final cluster
                    # barrier orders them before either CTA exits.
                    issued = ((NUM_WORK - first + step - 1) // step) * HALVES * KT
                    for j in range(STAGES):
                        ts = (issued + j) % STAGES
                        T.cuda.mbarrier_wait(empty.ptr_to([ts]), (((issued + j) // STAGES) % 2) ^ 1)
        else:
            T.ptx.setmaxnreg("inc", 232)
            c = wg - 1
            acc = T.alloc_buffer([ACC], "float32", scope="local")
            pk = T.alloc_buffer([8], OUT, scope="local")
            done = T.alloc_buffer([1], "int32", scope="local")
            warp = tid // 32
            lane = tid % 32
            for w in range(first, NUM_WORK, step):
                tm, tn, sp = tile_of(w, rank)
                i = (w - first) // step
                if PINGPONG:
                    # the ordered mainloops: item q = 2i + c follows q - 1
                    if c == 1 or i > 0:
                        T.ptx.barrier.sync(ORDER + c, 256, aligned=True)
                acc.vstore([0], T.cast(0.0, ACC_T))
                for kb in range(KT):
                    it = (i * HALVES + (c if PINGPONG else 0)) * KT + kb
                    s = it % STAGES
                    T.cuda.mbarrier_wait(full.ptr_to([s]), (it // STAGES) % 2)
                    with T.profile.range("mma"):
                        T.ptx.wgmma.fence()
                        for kk in T.unroll(BK // WK):
                            a_off = s * A_ELEMS + (0 if PINGPONG else c * 64 * BK) + kk * WK
                            a_desc = smem_desc(sA.ptr_to([a_off]))
                            b_desc = smem_desc(sB.ptr_to([s * B_ELEMS + kk * WK]))
                            acc.vstore([0], T.ptx.wgmma.mma_async(
                                a_desc, b_desc, acc.vload([0], ACC_T), True,
                                shape=[64, BN, WK], type_d="f32", type_a=WT, type_b=WT))
                        T.ptx.wgmma.commit_group()
                        # one group in flight: the previous stage's reads are done
                        T.ptx.wgmma.wait_group(1)
                    if kb > 0 and tid < CLUSTER:
                        prev = (it + STAGES - 1) % STAGES
                        if CLUSTER > 1:
                            T.ptx.mbarrier.arrive(T.ptx.mapa(empty.ptr_to([prev]), tid),
                                                  sem="release", scope="cta")
                        else:
                            T.ptx.mbarrier.arrive(empty.ptr_to([prev]))
                T.ptx.wgmma.wait_group(0)
                if tid < CLUSTER:
                    last = ((i * HALVES + (c if PINGPONG else 0)) * KT + KT - 1) % STAGES
                    if CLUSTER > 1:
                        T.ptx.mbarrier.arrive(T.ptx.mapa(empty.ptr_to([last]), tid),
                                              sem="release", scope="cta")
                    else:
                        T.ptx.mbarrier.arrive(empty.ptr_to([last]))
                if PINGPONG:
                    # the other math warpgroup's next mainloop may start
                    if c == 0 or w + step < NUM_WORK:
                        T.ptx.barrier.arrive(ORDER + 1 - c, 256, aligned=True)
                rows = tm * BM + c * 64
                done[0] = 1
                if SPLIT > 1:
                    # split-K: publish the partial, take a ticket; the last
                    # split of the tile half adds the others and stores
                    half = (tm * TILES_N + tn) * 2 + c
                    for e in T.unroll(ACC):
                        W[((half * SPLIT + sp) * ACC + e) * 128 + tid] = acc[e]
                    T.ptx.fence("acq_rel", "gpu")
                    T.cuda.warpgroup_sync(1 + c)
                    if tid == 0:
                        T.ptx.fence("acq_rel", "gpu")
                        ticket[c] = T.cuda.atomic_add(L.ptr_to([half]), 1)
                        T.ptx.fence("acq_rel", "gpu")
                    T.cuda.warpgroup_sync(1 + c)
                    done[0] = T.if_then_else(ticket[c] == SPLIT - 1, 1, 0)
                    if done[0] == 1:
                        T.ptx.fence("acq_rel", "gpu")
                        for o in range(SPLIT):
                            if o != sp:
                                for e in T.unroll(ACC):
                                    acc[e] = acc[e] + W[((half * SPLIT + o) * ACC + e) * 128 + tid]
                        if tid == 0:
                            L[half] = 0
                if done[0] == 1:
                    # epilogue: registers -> stmatrix into a swizzled 64 x 64
                    # staging tile -> TMA store, chunk by chunk
                    for ch in T.unroll(CHUNKS):
                        buf = (c * EPI_BUFS + ch % EPI_BUFS) * EPI
                        if tid == 0:
                            # the store that last read this staging tile is done
                            T.ptx.cp.async_.bulk.wait_group(EPI_BUFS - 1, True)
                        T.cuda.warpgroup_sync(1 + c)
                        for j in T.unroll(4):
                            blk = ch * 4 + j          # 16-column block of the tile
                            for t in T.unroll(8):
                                if FP8:
                                    pk[t] = T.cast(acc[blk * 8 + t] * (scale_a * scale_b), OUT)
                                else:
                                    pk[t] = T.cast(acc[blk * 8 + t], OUT)
                            # lane l addresses row l % 8 of 8x8 matrix l // 8:
                            # (top, bottom) x (columns 0-7, 8-15) of the block
                            r = warp * 16 + lane % 8 + 8 * ((lane // 8) % 2)
                            col8 = j * 2 + lane // 16
                            T.ptx.stmatrix(sC.ptr_to([buf + r * 64 + ((col8 ^ (r % 8)) * 8)]),
                                           pk.view("uint32").vload([0], "uint32x4"),
                                           shape="m8n8", num="x4", elt="b16")
                        T.ptx.fence.proxy.async_("shared.cta")
                        T.cuda.warpgroup_sync(1 + c)
                        if tid == 0:
                            T.ptx.cp.async_.bulk.tensor.store(
                                C_map, [tn * BN + ch * 64, rows], sC.ptr_to([buf]),
                                mode="tile", rank=2)
                            T.ptx.cp.async_.bulk.commit_group()
            if tid == 0:
                T.ptx.cp.async_.bulk.wait_group(0)
        # every thread of both CTAs gets here (no thread returns early): the
        # peer's remote arrives on this CTA's empty barriers and its copies
        # into this CTA's shared memory are ordered before either CTA exits
        if CLUSTER > 1:
            T.cuda.cluster_sync()

    WS, NL = workspace(M, N, K, cfg) if SPLIT > 1 else (1, 1)

    if FP8 and SPLIT > 1:
        @T.prim_func
        def gemm(A: T.Buffer((M, K), dtype), B: T.Buffer((N, K), dtype),
                 C: T.Buffer((M, N), OUT), scale_a: T.float32, scale_b: T.float32,
                 W: T.Buffer((WS,), "float32"), L: T.Buffer((NL,), "int32")):
            body(A, B, C, scale_a, scale_b, W, L)
    elif FP8:
        @T.prim_func
        def gemm(A: T.Buffer((M, K), dtype), B: T.Buffer((N, K), dtype),
                 C: T.Buffer((M, N), OUT), scale_a: T.float32, scale_b: T.float32):
            body(A, B, C, scale_a, scale_b, None, None)
    elif SPLIT > 1:
        @T.prim_func
        def gemm(A: T.Buffer((M, K), dtype), B: T.Buffer((N, K), dtype),
                 C: T.Buffer((M, N), OUT), W: T.Buffer((WS,), "float32"),
                 L: T.Buffer((NL,), "int32")):
            body(A, B, C, None, None, W, L)
    else:
        @T.prim_func
        def gemm(A: T.Buffer((M, K), dtype), B: T.Buffer((N, K), dtype),
                 C: T.Buffer((M, N), OUT)):
            body(A, B, C, None, None, None, None)

    return gemm
