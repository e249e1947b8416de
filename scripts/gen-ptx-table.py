#!/usr/bin/env python3
"""Generate the PTX variant table and the lowering tables from the PTX op records.

Reads the JSON dump of include/TIRx/Dialect/TIRxPTXOps.td (`llvm-tblgen
--dump-json`) and writes

  --table FILE     the variant table as JSON: every `tirx.ptx` op with its
                   attributes, operands, PTX operand order and variant groups
                   (`ptxVariants`), the target requirements and the chips.
                   python/tirx/ptxtable.py (the `tirx.ptxtable` module)
                   enumerates and looks up variants from it.
  --lowering FILE  C++ included by the lowering: one `toNVVM` conversion per
                   modifier enum that names its NVVM counterpart.

Run by the build (target TIRxPTXTableGen).
"""

import argparse
import json
import sys

INT_TYPES = {"I1": "i1", "I8": "i8", "I16": "i16", "I32": "i32", "I64": "i64",
             "I128": "i128", "F32": "f32", "F64": "f64"}


def fail(msg):
    raise SystemExit(f"gen-ptx-table: {msg}")


class Records:
    def __init__(self, path):
        self.r = json.load(open(path))

    def get(self, ref):
        name = ref["def"] if isinstance(ref, dict) else ref
        return self.r[name]

    def isa(self, rec, cls):
        return cls in rec.get("!superclasses", []) or rec.get("!name") == cls

    def instances(self, cls):
        return self.r["!instanceof"].get(cls, [])


def classify_attr(R, rec):
    """(kind, details) of an attribute constraint record."""
    optional = False
    if R.isa(rec, "OptionalAttr"):
        optional = True
        rec = R.get(rec["baseAttr"])
    while R.isa(rec, "ConfinedAttr") and rec.get("baseAttr"):
        rec = R.get(rec["baseAttr"])
    name = rec["!name"]
    info = {"optional": optional}
    if name == "UnitAttr":
        info["kind"] = "unit"
    elif R.isa(rec, "TIRx_PTXEnum"):
        info["kind"] = "enum"
        info["enum"] = rec["className"]
    elif name in ("I32Attr", "I64Attr"):
        info["kind"] = "int"
        info["width"] = 32 if name == "I32Attr" else 64
    elif name == "DenseI32ArrayAttr":
        info["kind"] = "array"
    else:
        info["kind"] = "other"
    return info


def classify_value(R, rec):
    """(kind, default type) of an operand or result constraint record."""
    kind = "single"
    if R.isa(rec, "Variadic"):
        kind = "variadic"
        rec = R.get(rec["baseType"])
    elif R.isa(rec, "Optional"):
        kind = "optional"
        rec = R.get(rec["baseType"])
    return kind, INT_TYPES.get(rec["!name"])


def op_entry(R, name):
    rec = R.get(name)
    attrs, operands, results = {}, [], []
    for arg in rec["arguments"]["args"]:
        arec = R.get(arg[0])
        if R.isa(arec, "Attr") or R.isa(arec, "AttrConstraint"):
            if R.isa(arec, "TypeConstraint"):
                # Optional<...> of a type is both; operands win.
                kind, default = classify_value(R, arec)
                operands.append({"name": arg[1], "kind": kind,
                                 "default": default})
                continue
            attrs[arg[1]] = classify_attr(R, arec)
        else:
            kind, default = classify_value(R, arec)
            operands.append({"name": arg[1], "kind": kind, "default": default})
    for res in rec["results"]["args"]:
        kind, default = classify_value(R, R.get(res[0]))
        results.append({"name": res[1], "kind": kind, "default": default})
    traits = [t["def"] if isinstance(t, dict) else t for t in rec["traits"]]
    groups = []
    for g in rec["ptxVariants"]:
        grec = R.get(g)
        groups.append({
            "text": grec["text"], "dims": grec["dims"], "sets": grec["sets"],
            "where": grec["where"],
            "reqs": [R.get(q)["!name"] for q in grec["reqs"]],
            "alias": bool(grec["alias"]),
        })
    if not groups:
        fail(f"{name} has no ptxVariants")
    return {
        "name": "tirx." + rec["opName"],
        "cpp": rec["!name"],
        "req": R.get(rec["ptxRequirement"])["!name"],
        "summary": rec["summary"],
        "attrs": attrs,
        "operands": operands,
        "results": results,
        "segments": "AttrSizedOperandSegments" in traits,
        "ptx_operands": rec["ptxOperands"],
        "types": rec["ptxTypes"],
        "spellings": rec["ptxSpellings"],
        "groups": groups,
    }


def table(R):
    reqs = {}
    for name in R.instances("TIRx_PTXReq"):
        q = R.get(name)
        reqs[name] = {"kind": q["kind"], "sm": q["sm"], "ptx": q["ptx"],
                      "also": q["also"], "text": q["text"],
                      "ptx_text": q["ptxText"]}
    enums = {}
    for name in R.instances("TIRx_PTXEnum"):
        e = R.get(name)
        cases = [R.get(c)["str"] for c in e["enumerants"]]
        enums[e["className"]] = {"cases": cases, "tokens": e["ptxTokens"]}
    chips_rec = R.get("TIRx_PTXChips")
    chips = [[R.get(c)["name"], R.get(c)["minPTX"]] for c in chips_rec["chips"]]
    ops = [op_entry(R, n) for n in sorted(R.instances("TIRx_PTXOp"))]
    return {"version": 1, "chips": chips, "max_ptx": chips_rec["maxPTX"],
            "reqs": reqs, "enums": enums, "ops": ops}


def lowering(R):
    out = ["// Generated by scripts/gen-ptx-table.py from TIRxPTXOps.td; "
           "do not edit.", "//",
           "// The NVVM counterpart of each modifier enum that has one.", ""]
    for name in sorted(R.instances("TIRx_PTXEnum")):
        e = R.get(name)
        if not e["nvvmEnum"]:
            continue
        cls = f"::mlir::tirx::ptx::{e['className']}"
        out.append(f"[[maybe_unused]] static {e['nvvmEnum']} toNVVM({cls} v) {{")
        out.append("  switch (v) {")
        for case, nv in zip(e["enumerants"], e["nvvmCases"]):
            c = R.get(case)
            if not nv:
                fail(f"{name}: case {c['symbol']} has no NVVM counterpart")
            out.append(f"  case {cls}::{c['symbol']}:")
            out.append(f"    return {e['nvvmEnum']}::{nv};")
        out.append("  }")
        out.append(f"  return {e['nvvmEnum']}::{e['nvvmCases'][0]};")
        out.append("}")
        out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records")
    ap.add_argument("--table")
    ap.add_argument("--lowering")
    args = ap.parse_args()
    R = Records(args.records)
    if args.table:
        with open(args.table, "w") as f:
            json.dump(table(R), f, indent=1, sort_keys=True)
            f.write("\n")
    if args.lowering:
        with open(args.lowering, "w") as f:
            f.write(lowering(R))
            f.write("\n")


if __name__ == "__main__":
    sys.exit(main())
