"""The op builders come from ODS: tirx/_ods.py is generated from the
TableGen records at build time, and an op added to ODS is in the script
surface with no Python code of its own."""

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from tirx import ir
from tirx._ods import OPS
from tirx.script import _ptx

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
TBLGEN = next((p for p in ("/usr/lib/llvm-22/bin/llvm-tblgen", shutil.which("llvm-tblgen-22"))
               if p and os.path.exists(p)), "/usr/lib/llvm-22/bin/llvm-tblgen")


def test_every_op_in_the_metadata_is_registered():
    with ir.Context():
        for name, meta in OPS.items():
            assert name.startswith("tirx."), name
            # a registered op: creating it does not fail on the name
            try:
                ir.Operation.create(name, regions=meta["regions"],
                                    loc=ir.Location.unknown(), ip=False)
            except ValueError as e:
                assert "unregistered operation" not in str(e), name


def test_metadata_shapes():
    m = OPS["tirx.ptx.mbarrier.arrive"]
    assert m["operands"] == [("bar", "single", "TIRx_MBarAnyOrGeneric"), ("count", "optional", "i32")]
    assert [(a["name"], a["kind"], a["optional"]) for a in m["attributes"]] == [
        ("sem", "int_enum", True), ("scope", "int_enum", True)]
    assert m["attributes"][0]["cases"] == {"release": 0, "relaxed": 1}
    assert m["results"] == [("state", "optional", "i64")]
    assert m["requires"] == "sm_80 or newer"
    d = OPS["tirx.decl_buffer"]
    assert d["segments"] and [o[1] for o in d["operands"]] == ["single", "optional", "optional", "variadic"]
    f = OPS["tirx.for"]
    assert f["regions"] == 1 and f["attributes"][0]["syntax"] == "#tirx<for_kind {}>"


@pytest.mark.skipif(not os.path.exists(TBLGEN), reason="llvm-tblgen not found")
def test_a_new_op_appears_in_the_script_surface(tmp_path, monkeypatch):
    td = tmp_path / "NewOp.td"
    td.write_text('''
include "TIRx/Dialect/TIRxPTXOps.td"
def TIRx_PTXTestNewOp : TIRx_PTXOp<"test.newop", PTX_SM90, ["test.newop.b32"]> {
  let summary = "A test op";
  let arguments = (ins I32:$a, Optional<I32>:$b, UnitAttr:$flag,
                       TIRx_PTXClusterScope:$scope);
  let results = (outs I32:$r);
  let assemblyFormat = "$scope $a (`,` $b^)? attr-dict";
}
''')
    js = tmp_path / "NewOp.json"
    inc = ["-I", os.path.join(ROOT, "include"), "-I", "/usr/lib/llvm-22/include"]
    subprocess.run([TBLGEN, "--dump-json", *inc, str(td), "-o", str(js)], check=True,
                   capture_output=True)
    out = tmp_path / "ods_new.py"
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen-ods-metadata.py"),
                    str(out), str(js)], check=True)
    spec = importlib.util.spec_from_file_location("ods_new", out)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    new = mod.OPS["tirx.ptx.test.newop"]
    assert new["operands"] == [("a", "single", "i32"), ("b", "optional", "i32")]
    assert [(a["name"], a["kind"]) for a in new["attributes"]] == [("flag", "unit"), ("scope", "int_enum")]
    assert new["results"] == [("r", "single", "i32")]
    # with the metadata, T.ptx resolves the new mnemonic
    monkeypatch.setitem(_ptx.OPS, "tirx.ptx.test.newop", new)
    assert _ptx.resolve("test.newop") == ("op", "tirx.ptx.test.newop")
