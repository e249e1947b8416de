"""tirx.ptxtable: PTX spellings the original TIRx kernels use resolve to the
tirx.ptx op, attributes and operand order that express them; the table
enumerates legal variants consistently with its own lookup."""

import itertools
import re

import pytest

from tirx import ptxtable


def _slots(v):
    return [(s.name, s.role) for s in v.operands]


def _check(instr, op, modifiers=None, slots=None, optional=()):
    v = ptxtable.lookup(instr)
    assert v is not None, instr
    assert v.op == op, (instr, v.op)
    if modifiers is not None:
        assert v.modifiers == modifiers, (instr, v.modifiers)
    if slots is not None:
        assert _slots(v) == slots, (instr, _slots(v))
    for name in optional:
        assert next(s for s in v.operands if s.name == name).optional, name
    return v


def test_mbarrier_spellings():
    _check("mbarrier.init.shared.b64", "tirx.ptx.mbarrier.init", {},
           [("bar", "in"), ("count", "in")])
    v = _check("mbarrier.arrive.shared.b64", "tirx.ptx.mbarrier.arrive", {},
               [("state", "out"), ("bar", "in"), ("count", "in")],
               optional=("state", "count"))
    assert v.ptx == "mbarrier.arrive.shared::cta.b64"
    assert v.requirement.chips[0] == "sm_80"
    _check("mbarrier.arrive.expect_tx.shared.b64",
           "tirx.ptx.mbarrier.arrive.expect_tx", {},
           [("state", "out"), ("bar", "in"), ("count", "in")],
           optional=("state",))
    _check("mbarrier.arrive.expect_tx.shared::cta.b64",
           "tirx.ptx.mbarrier.arrive.expect_tx")
    v = _check("mbarrier.arrive.release.cluster.shared::cluster.b64",
               "tirx.ptx.mbarrier.arrive",
               {"sem": "release", "scope": "cluster"},
               [("bar", "in"), ("count", "in")])
    assert v.requirement.ptx == 80 and "sm_80" not in v.requirement.chips
    v = _check("mbarrier.try_wait.parity.acquire.cta.shared::cta.b64",
               "tirx.ptx.mbarrier.try_wait.parity",
               {"sem": "acquire", "scope": "cta"},
               [("done", "out"), ("bar", "in"), ("phase", "in"),
                ("suspend_hint", "in")], optional=("suspend_hint",))


def test_fence_barrier_bulk_spellings():
    _check("fence.proxy.async.shared::cta", "tirx.ptx.fence.proxy.async",
           {"space": "shared.cta"}, [])
    _check("bar.sync", "tirx.ptx.barrier.sync", {"aligned": True},
           [("id", "in"), ("count", "in")], optional=("id", "count"))
    _check("barrier.sync.aligned", "tirx.ptx.barrier.sync", {"aligned": True})
    _check("cp.async.bulk.commit_group", "tirx.ptx.cp.async.bulk.commit_group",
           {}, [])
    v = _check("cp.async.bulk.wait_group 0", "tirx.ptx.cp.async.bulk.wait_group",
               {}, [("n", "imm")])
    assert not v.operands[0].optional
    _check("cp.async.bulk.wait_group.read", "tirx.ptx.cp.async.bulk.wait_group",
           {"read": True})
    _check("cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes",
           "tirx.ptx.cp.async.bulk.s2s", {},
           [("dst", "in"), ("src", "in"), ("size", "in"), ("bar", "in")])
    _check("mapa.u64", "tirx.ptx.mapa", {},
           [("result", "out"), ("addr", "in"), ("rank", "in")])


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
def test_tma_spellings(rank):
    load = "tirx.ptx.cp.async.bulk.tensor.load"
    base = (f"cp.async.bulk.tensor.{rank}d.shared::cluster.global"
            ".mbarrier::complete_tx::bytes")
    v = _check(base, load, {"mode": "tile", "rank": rank},
               [("dst", "in"), ("tmap", "in"), ("coords", "in"), ("bar", "in")])
    assert v.ptx == base.replace(".global.", ".global.tile.")
    assert next(s for s in v.operands if s.name == "coords").variadic
    for suffix, extra, mods in [
            (".multicast::cluster", "multicast_mask", {}),
            (".cta_group::2", None, {"cta_group": "cta_2"}),
            (".L2::cache_hint", "cache_hint", {}),
            (".multicast::cluster.cta_group::2.L2::cache_hint", None,
             {"cta_group": "cta_2"})]:
        v = _check(base + suffix, load, {"mode": "tile", "rank": rank, **mods})
        if extra:
            assert extra in [s.name for s in v.operands]
    if rank == 2:
        _check(base.replace(".global.", ".global.tile::gather4."), load,
               {"mode": "tile.gather4", "rank": 2})
    store = f"cp.async.bulk.tensor.{rank}d.global.shared::cta.tile.bulk_group"
    _check(store, "tirx.ptx.cp.async.bulk.tensor.store",
           {"mode": "tile", "rank": rank},
           [("tmap", "in"), ("coords", "in"), ("src", "in")])
    v = _check(store + ".L2::cache_hint", "tirx.ptx.cp.async.bulk.tensor.store")
    assert _slots(v)[-1] == ("cache_hint", "in")


def test_tma_reduce_spelling():
    _check("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group",
           "tirx.ptx.cp.async.bulk.tensor.reduce",
           {"kind": "add", "mode": "tile", "rank": 2})


@pytest.mark.parametrize("group", [1, 2])
def test_tcgen05_spellings(group):
    cg = {"cta_group": f"cta_{group}"}
    _check(f"tcgen05.alloc.cta_group::{group}.sync.aligned.shared::cta.b32",
           "tirx.ptx.tcgen05.alloc", cg, [("slot", "in"), ("ncols", "in")])
    _check(f"tcgen05.dealloc.cta_group::{group}.sync.aligned.b32",
           "tirx.ptx.tcgen05.dealloc", cg, [("taddr", "in"), ("ncols", "in")])
    _check(f"tcgen05.relinquish_alloc_permit.cta_group::{group}.sync.aligned",
           "tirx.ptx.tcgen05.relinquish_alloc_permit", cg, [])
    _check(f"tcgen05.mma.cta_group::{group}.kind::f16", "tirx.ptx.tcgen05.mma",
           {**cg, "kind": "f16"})


def test_tcgen05_sync_and_ld_st():
    _check("tcgen05.fence::before_thread_sync", "tirx.ptx.tcgen05.fence",
           {"kind": "before_thread_sync"})
    _check("tcgen05.fence::after_thread_sync", "tirx.ptx.tcgen05.fence",
           {"kind": "after_thread_sync"})
    _check("tcgen05.wait::ld.sync.aligned", "tirx.ptx.tcgen05.wait", {"kind": "ld"})
    _check("tcgen05.wait::st.sync.aligned", "tirx.ptx.tcgen05.wait", {"kind": "st"})
    for n in [1, 2, 4, 8, 16, 32, 64, 128]:
        v = _check(f"tcgen05.ld.sync.aligned.32x32b.x{n}.b32",
                   "tirx.ptx.tcgen05.ld", {"shape": "shape_32x32b", "num": n},
                   [("res", "out"), ("taddr", "in"), ("offset", "imm")],
                   optional=("offset",))
        assert v.operands[0].type == f"vector<{n}xi32>"
        _check(f"tcgen05.st.sync.aligned.32x32b.x{n}.b32", "tirx.ptx.tcgen05.st",
               {"shape": "shape_32x32b", "num": n},
               [("taddr", "in"), ("offset", "imm"), ("vals", "in")])
    # The half-split offset of 16x32bx2 is an immediate the caller passes.
    v = _check("tcgen05.ld.sync.aligned.16x32bx2.x4.b32", "tirx.ptx.tcgen05.ld")
    assert not next(s for s in v.operands if s.name == "offset").optional
    # pack::16b does not change the register count.
    v = _check("tcgen05.ld.sync.aligned.32x32b.x2.pack::16b.b32",
               "tirx.ptx.tcgen05.ld")
    assert v.operands[0].type == "vector<2xi32>"


@pytest.mark.parametrize("ab", ["f16", "bf16"])
def test_mma_sync_spellings(ab):
    v = _check(f"mma.sync.aligned.m16n8k16.row.col.f32.{ab}.{ab}.f32",
               "tirx.ptx.mma.sync",
               {"shape": "array<i32: 16, 8, 16>", "type_d": "f32",
                "type_a": ab, "type_b": ab},
               [("res", "out"), ("a", "in"), ("b", "in"), ("c", "in")])
    assert [s.type for s in v.operands] == [
        "vector<4xf32>", "vector<4xi32>", "vector<2xi32>", "vector<4xf32>"]
    # Mixed f16/bf16 inputs are not an MMA form.
    other = "bf16" if ab == "f16" else "f16"
    assert ptxtable.lookup(
        f"mma.sync.aligned.m16n8k16.row.col.f32.{ab}.{other}.f32") is None


def test_ld_st_spellings():
    v = _check("ld.shared.b64", "tirx.ptx.ld",
               {"space": "shared.cta", "type": "b64"},
               [("res", "out"), ("ptr", "in")])
    assert v.operands[0].type == "i64"
    _check("ld.global.b32", "tirx.ptx.ld", {"space": "global", "type": "b32"})
    _check("ld.global.b64", "tirx.ptx.ld", {"space": "global", "type": "b64"})
    v = _check("ld.shared.v4.u32", "tirx.ptx.ld",
               {"space": "shared.cta", "type": "u32"})
    assert v.operands[0].type == "vector<4xi32>"
    v = _check("st.shared.v4.u32", "tirx.ptx.st",
               {"space": "shared.cta", "type": "u32"},
               [("ptr", "in"), ("value", "in")])
    assert v.operands[1].type == "vector<4xi32>"
    v = _check("ld.global.nc.L1::no_allocate.L2::evict_normal.L2::256B.v4.u64",
               "tirx.ptx.ld",
               {"space": "global", "nc": True, "l1_evict": "no_allocate",
                "l2_evict": "evict_normal", "prefetch": "L2_256B",
                "type": "u64"})
    assert v.operands[0].type == "vector<4xi64>"
    assert v.requirement.chips[0] == "sm_100" and v.requirement.ptx == 88
    v = _check("ld.global.L2::cache_hint.b32", "tirx.ptx.ld")
    assert _slots(v)[-1] == ("cache_hint", "in")
    _check("ld.relaxed.gpu.global.b32", "tirx.ptx.ld",
           {"sem": "relaxed", "scope": "gpu", "space": "global", "type": "b32"})
    _check("st.release.cluster.shared::cluster.b32", "tirx.ptx.st",
           {"sem": "release", "scope": "cluster", "space": "shared.cluster",
            "type": "b32"})


def test_illegal_or_unknown_spellings():
    for instr in ["ld.relaxed.global.b32",          # relaxed needs a scope
                  "ld.volatile.global.L1::evict_first.b32",
                  "ld.global.v4.b128",              # no vector of b128
                  "ld.shared.L2::cache_hint.b32",   # L2 hint on shared
                  "st.global.ca.b32",               # ca is a load operator
                  "tcgen05.ld.sync.aligned.16x256b.x64.b32",  # 256 registers
                  "mbarrier.arrive.release.shared.b64",       # sem w/o scope
                  "wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8",
                  "no.such.instruction", ""]:
        assert ptxtable.lookup(instr) is None, instr


@pytest.mark.parametrize("instr,canonical", [
    # `.cta` (PTX ISA 8.0) is the default and only scope of bar/barrier
    ("bar.cta.sync", "bar.sync"),
    ("barrier.cta.sync", "barrier.sync"),
    ("barrier.cta.sync.aligned", "barrier.sync.aligned"),
    ("bar.cta.arrive", "bar.arrive"),
    ("barrier.cta.arrive.aligned", "barrier.arrive.aligned"),
    ("bar.cta.red.popc.u32", "barrier.red.aligned.popc.u32"),
    ("barrier.cta.red.popc.u32", "barrier.red.popc.u32"),
    # the ISA's order: `.aligned` after the reduction
    ("barrier.red.popc.aligned.u32", "barrier.red.aligned.popc.u32"),
    ("barrier.cta.red.and.aligned.pred", "barrier.red.aligned.and.pred"),
    ("barrier.red.or.aligned.pred", "barrier.red.aligned.or.pred"),
    # a fence without `.sem` is `.acq_rel`
    ("fence.cta", "fence.acq_rel.cta"),
    ("fence.cluster", "fence.acq_rel.cluster"),
    ("fence.gpu", "fence.acq_rel.gpu"),
    ("fence.sys", "fence.acq_rel.sys"),
    # the default semantics and scope of the mbarrier ops, written out
    ("mbarrier.arrive.noComplete.release.cta.shared::cta.b64",
     "mbarrier.arrive.noComplete.shared::cta.b64"),
    ("mbarrier.arrive.noComplete.release.cta.shared.b64",
     "mbarrier.arrive.noComplete.shared::cta.b64"),
    ("mbarrier.expect_tx.shared::cta.b64",
     "mbarrier.expect_tx.relaxed.cta.shared::cta.b64"),
    ("mbarrier.expect_tx.shared::cluster.b64",
     "mbarrier.expect_tx.relaxed.cta.shared::cluster.b64"),
    ("mbarrier.complete_tx.shared.b64",
     "mbarrier.complete_tx.relaxed.cta.shared::cta.b64"),
])
def test_spellings_the_isa_treats_as_the_same(instr, canonical):
    v = ptxtable.lookup(instr)
    assert v is not None, instr
    assert v.ptx == canonical, (instr, v.ptx)


def test_spellings_that_are_not_the_same_instruction():
    for instr in [
            # a scope without semantics is illegal (ptxas: ".cta requires
            # order"), so it is not the default written out
            "mbarrier.expect_tx.cta.shared::cta.b64",
            "mbarrier.arrive.noComplete.cta.shared::cta.b64",
            # a generic address in a 32-bit register: no form emits it
            "getctarank.u32", "mapa.u32"]:
        assert ptxtable.lookup(instr) is None, instr
    # the 32-bit shared::cluster forms are their own variants, of an i32
    # address, never the .u64 ones
    for instr in ["getctarank.shared::cluster.u32", "mapa.shared::cluster.u32"]:
        v = ptxtable.lookup(instr)
        assert v is not None and v.ptx == instr, instr
        assert v.types["addr"] == "i32", (instr, v.types)
    # what the lowering emits (test/Pipelines/dsmem-remote-arrive.mlir)
    assert (ptxtable.lookup("getctarank.shared::cluster.u64").ptx
            == "getctarank.shared::cluster.u64")
    assert (ptxtable.lookup("mapa.shared::cluster.u64").ptx
            == "mapa.shared::cluster.u64")


_TYPE = re.compile(r"\.([usbf])(8|16|32|64|128)(?![\w:])")


def _type_tokens(text):
    return sorted(m.group(0) for m in _TYPE.finditer(text.split()[0]))


def test_lookup_never_changes_a_type_or_width():
    """Asking for a variant's text with one type token's width changed
    either finds nothing or a variant of exactly that width: a lookup that
    answers with the other width (`getctarank.shared::cluster.u64` ->
    `.u32`) would express another instruction than the one written."""
    asked = 0
    for op in ptxtable.ops():
        for v in itertools.islice(ptxtable.variants(op), 12):
            head = v.ptx.split()[0]
            for m in _TYPE.finditer(head):
                for width in ("16", "32", "64"):
                    if width == m.group(2):
                        continue
                    text = (head[:m.start()] + "." + m.group(1) + width
                            + head[m.end():])
                    asked += 1
                    found = ptxtable.lookup(text)
                    if found is not None:
                        assert _type_tokens(found.ptx) == _type_tokens(text), (
                            text, found.ptx)
    assert asked > 500


def test_variants_round_trip_through_lookup():
    """Every enumerated variant of a sample looks up to its own op and
    attributes (the lookup and the enumeration read the same table)."""
    ops = ptxtable.ops()
    assert len(ops) > 90
    seen = set()
    for op in ops:
        for v in itertools.islice(ptxtable.variants(op), 8):
            seen.add(op)
            found = ptxtable.lookup(v.ptx)
            assert found is not None, v.ptx
            # A text two ops express (setp and setp.pq) finds both.
            ops_of_text = [f.op for f in ptxtable.lookup_all(v.ptx)]
            assert found.op == ops_of_text[0], (v.ptx, found.op)
            assert v.op in ops_of_text, (v.ptx, ops_of_text)
            assert v.requirement.chips, v
            assert v.requirement.ptx <= ptxtable.max_ptx(), v
    assert seen == set(ops)


def test_requirements_follow_the_chips():
    wgmma = next(ptxtable.variants("tirx.ptx.wgmma.mma_async"))
    assert wgmma.requirement.chips == ("sm_90a",)
    tcgen05 = next(ptxtable.variants("tirx.ptx.tcgen05.alloc"))
    assert set(tcgen05.requirement.chips) == {"sm_100a", "sm_101a"}
    assert ptxtable.chip_min_ptx("sm_90") == 78
    assert wgmma.requirement.ptx_for("sm_90a") == 80
