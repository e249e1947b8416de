"""T.cuda helpers: compositions written as TIRx script, each compiled to
PTX that ptxas accepts; their ops carry a call-site chain to the user's
line."""

import pytest

from tirx.script import tirx as T

from .helpers import compile_ptx, line_of, ops


def test_barriers_and_election():
    @T.prim_func
    def k(out: T.Buffer((128,), "int32")):
        T.device_entry()
        T.cta_id_in_cluster([2])
        tx = T.thread_id([128])
        T.cuda.cta_sync()
        T.cuda.warp_sync()
        T.cuda.warpgroup_sync(1)
        T.cuda.cluster_sync()
        if T.cuda.elect_sync():
            out[tx] = 1
        T.cuda.thread_fence()

    text = str(k)
    assert "tirx.ptx.barrier.sync aligned" in text and "tirx.ptx.bar.warp.sync" in text
    assert "tirx.ptx.barrier.cluster.arrive release aligned" in text
    assert "tirx.ptx.elect.sync" in text and "tirx.ptx.fence sc gpu" in text
    ptx = compile_ptx(k)
    assert "bar.sync" in ptx and "elect.sync" in ptx and "barrier.cluster.wait" in ptx


def test_mbarrier_wait_loops_on_try_wait():
    @T.prim_func
    def k(out: T.Buffer((128,), "int32")):
        T.device_entry()
        tx = T.thread_id([128])
        bar = T.shared_scalar("uint64")
        if tx == 0:
            T.ptx.mbarrier.init(T.address_of(bar), 1)
        T.cuda.cta_sync()
        T.ptx.mbarrier.arrive(T.address_of(bar))
        T.cuda.mbarrier_wait(T.address_of(bar), 0)  # WAIT

    loop = ops(k, "tirx.while")
    assert len(loop) == 1
    wait = ops(k, "tirx.ptx.mbarrier.try_wait.parity")[0]
    loc = wait.location
    assert loc.is_a_callsite() and loc.caller.start_line == line_of("# WAIT")
    ptx = compile_ptx(k)
    assert "mbarrier.try_wait.parity" in ptx


@pytest.mark.parametrize("helper", ["warp_sum", "warp_max", "warp_min"])
def test_warp_reductions(helper):
    @T.prim_func
    def k(out: T.Buffer((32,), "float32")):
        T.device_entry()
        T.warp_id([1])
        lane = T.lane_id([32])
        v: T.f32 = T.float32(lane)
        v = getattr(T.cuda, helper)(v)
        out[lane] = v

    assert len(ops(k, "tirx.ptx.shfl.sync")) == 5
    ptx = compile_ptx(k)
    assert ptx.count("shfl.sync.bfly.b32") == 5


def test_partial_width_warp_reduce_and_cta_reduce():
    @T.prim_func
    def k(out: T.Buffer((256,), "int32")):
        T.device_entry()
        tid = T.thread_id([256])
        scratch = T.alloc_buffer((8,), "int32", scope="shared")
        a = T.cuda.warp_reduce(tid, "sum", width=4)
        b = T.cuda.cta_sum(tid, 8, scratch.ptr_to([0]))
        out[tid] = a + b

    assert len(ops(k, "tirx.ptx.shfl.sync")) == 2 + 5 + 5
    compile_ptx(k)


def test_shuffles_mov_sreg_and_tmem_address():
    @T.prim_func
    def k(out: T.Buffer((32,), "int32")):
        clx = T.launch_thread("clusterCtaIdx.x", 2)
        tx = T.launch_thread("threadIdx.x", 32)
        T.launch_thread("blockIdx.x", 4)
        a = T.tvm_warp_shuffle(T.uint32(0xFFFFFFFF), tx // 2, 0, 32, 32)
        b = T.cuda.__shfl_xor_sync(0xFFFFFFFF, tx, 1)
        c: T.let[T.int32] = T.cuda.mov_sreg(32, "clusterid.x")
        t = T.cuda.get_tmem_addr(T.uint32(0x10020), tx, 4)
        out[tx] = a + b + c + T.int32(t)

    assert len(ops(k, "tirx.ptx.shfl.sync")) == 2
    assert len(ops(k, "tirx.cluster_id")) == 1
    compile_ptx(k)


def test_descriptor_encoders_and_address_helpers():
    @T.prim_func
    def k(out: T.Buffer((4,), "uint64")):
        T.device_entry()
        tx = T.thread_id([32])
        smem = T.alloc_buffer((64,), "uint32", scope="shared")
        if tx == 0:
            desc = T.local_scalar("uint64")
            T.cuda.tcgen05.encode_matrix_descriptor(T.address_of(desc), smem.ptr_to([0]),
                                                    ldo=1, sdo=8, swizzle=3)
            out[0] = desc
            T.cuda.wgmma.encode_matrix_descriptor(T.address_of(desc), smem.ptr_to([0]), 1, 8, 1)
            out[1] = desc
            out[2] = T.cast(T.cuda.cvta_generic_to_shared(smem.ptr_to([0])), "uint64")
            out[3] = T.cast(T.cuda.sm100_2sm_leader_smem_addr(smem.ptr_to([0])), "uint64")

    compile_ptx(k)


def test_printf():
    @T.prim_func
    def k(out: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        T.cuda.printf("tx=%d v=%f\\n", tx, out[tx])

    assert "gpu.printf" in str(k)
    assert "vprintf" in compile_ptx(k)
