"""The behavioural spec's DSMEM snippet, written as in the spec apart from
the imports: a raw 64-bit address from map_shared_rank, given the type
PointerType(uint64, shared) by reinterpret, bound immutably and used as
the data of a decl_buffer, through which a remote mbarrier is reached."""

from tirx.script import tirx as T
from tirx.script import PointerType, PrimType  # was: from tvm.ir import ...

from .helpers import compile_ptx, ops


@T.prim_func
def remote_arrive(out: T.Buffer((2,), "int32")):
    T.device_entry()
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([128])
    mbar = T.alloc_buffer([1], "uint64", scope="shared")
    if tx == 0:
        T.ptx.mbarrier.init(mbar.ptr_to([0]), 1)
        T.ptx.fence.mbarrier_init()
    T.cuda.cluster_sync()
    ptr_ty = PointerType(PrimType("uint64"), "shared")
    remote_ptr = T.reinterpret(
        ptr_ty,
        T.ptx.map_shared_rank(mbar.ptr_to([0]), T.int32(0)),
    )
    remote_mbar = T.decl_buffer(
        [1], "uint64", data=remote_ptr, scope="shared"
    )
    if tx == 0:
        T.ptx.mbarrier.arrive(remote_mbar.ptr_to([0]), sem="release", scope="cluster")
    T.cuda.mbarrier_wait_acquire_cluster(mbar.ptr_to([0]), 0)
    if tx == 0:
        out[rank] = rank
    T.cuda.cluster_sync()


def test_remote_pointer_is_a_typed_bind():
    bind = ops(remote_arrive, "tirx.bind")
    assert len(bind) == 1
    assert str(bind[0].attributes["name"]) == '"remote_ptr"'
    assert str(bind[0].results[0].type) == "!tirx.ptr<ui64, shared>"
    decl = ops(remote_arrive, "tirx.decl_buffer")[0]
    assert decl.operands[0] == bind[0].results[0]
    assert str(decl.results[0].type) == "!tirx.buffer<1xui64, shared>"
    mapa = ops(remote_arrive, "tirx.ptx.mapa")[0]
    assert str(mapa.results[0].type) == "i64"


def test_compiles_to_ptx_that_ptxas_accepts_for_sm90a_and_sm100a():
    for arch in ("sm_90a", "sm_100a"):
        ptx = compile_ptx(remote_arrive, arch)
        assert "mapa" in ptx
        assert "mbarrier.arrive.release.cluster.shared::cluster.b64" in ptx
        # the remote barrier is addressed through a 64-bit register
        line = next(l for l in ptx.splitlines() if "mbarrier.arrive.release.cluster" in l)
        assert "[%rd" in line
