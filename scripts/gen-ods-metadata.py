#!/usr/bin/env python3
"""Generate the op metadata the script frontend builds ops from.

Reads the JSON record dumps (`llvm-tblgen --dump-json`) of the dialect's ODS
files and writes a Python module with one entry per op: its operands (with
optional / variadic and the type constraint), attributes (kind, enum cases,
optional, default), results, region count and whether it carries
`operandSegmentSizes`. `tirx.script` builds every op through this table, so
an op added to ODS appears in the script surface (`T.ptx.<mnemonic>(...)`)
without Python code of its own.

Usage: gen-ods-metadata.py OUTPUT.py RECORDS.json [RECORDS.json ...]
"""

import json
import pprint
import sys

# Buildable type constraints -> the MLIR type they fix.
FIXED_TYPES = {
    "I1": "i1", "I8": "i8", "I16": "i16", "I32": "i32", "I64": "i64",
    "I128": "i128", "Index": "index", "F16": "f16", "BF16": "bf16",
    "F32": "f32", "F64": "f64", "NoneType": "none",
}

# Attribute storage kinds by the base record they derive from.
ATTR_KINDS = [
    ("UnitAttr", "unit"), ("BoolAttr", "bool"), ("I32Attr", "i32"),
    ("I64Attr", "i64"), ("I16Attr", "i16"), ("I8Attr", "i8"),
    ("F32Attr", "f32"), ("F64Attr", "f64"), ("StrAttr", "str"),
    ("TypeAttr", "type"), ("DenseI64ArrayAttr", "i64_array"),
    ("DenseI32ArrayAttr", "i32_array"), ("DictionaryAttr", "dict"),
    ("ArrayAttr", "array"), ("FlatSymbolRefAttr", "symbol"),
    ("SymbolRefAttr", "symbol"),
]


class Records:
    """The records of one dump (anonymous record names are per dump)."""

    def __init__(self, path):
        data = json.load(open(path))
        self.instances = data.pop("!instanceof", {})
        data.pop("!tablegen_json_version", None)
        self.recs = data

    def get(self, ref):
        if isinstance(ref, dict):
            ref = ref.get("def")
        return self.recs.get(ref)

    def supers(self, rec):
        return rec.get("!superclasses", []) + [rec.get("!name")]


def type_info(R, ref):
    """(kind, constraint): kind is single/optional/variadic; constraint the
    fixed MLIR type or the constraint's record name."""
    rec = R.get(ref)
    name = ref["def"] if isinstance(ref, dict) else ref
    kind = "single"
    sup = R.supers(rec)
    if "Optional" in sup and "baseType" in rec:
        kind, rec = "optional", R.get(rec["baseType"])
    elif "Variadic" in sup and "baseType" in rec:
        kind, rec = "variadic", R.get(rec["baseType"])
    if rec is None:
        return kind, name
    # Arg<Type, desc, effects> wraps the constraint.
    if "Arg" in R.supers(rec) and "constraint" in rec:
        rec = R.get(rec["constraint"])
    rname = rec["!name"]
    if rname in FIXED_TYPES:
        return kind, FIXED_TYPES[rname]
    # Anonymous constraints: look at the description for well-known ones.
    return kind, rname if not rec.get("!anonymous") else rec.get("summary") or rname


def enum_cases(R, enum_rec):
    return [(R.get(c)["str"], R.get(c)["value"]) for c in enum_rec["enumerants"]]


def attr_info(R, ref):
    rec = R.get(ref)
    info = {"optional": False, "default": None}
    sup = R.supers(rec)
    if "OptionalAttr" in sup:
        info["optional"] = True
        rec = R.get(rec["baseAttr"])
    elif "DefaultValuedAttr" in sup or "DefaultValuedOptionalAttr" in sup:
        info["default"] = rec.get("defaultValue")
        info["optional"] = True
        rec = R.get(rec["baseAttr"])
    sup = R.supers(rec)
    if "ConfinedAttr" in sup:
        info["confined"] = True
        rec = R.get(rec["baseAttr"])
        sup = R.supers(rec)
    if "UnitAttr" in sup:
        info["optional"] = True
    if "EnumAttr" in sup:  # a dialect attribute: #tirx<mnemonic case>
        dialect = R.get(rec["dialect"])["name"]
        info.update(kind="enum_attr", cases=[c for c, _ in enum_cases(R, R.get(rec["enum"]))],
                    syntax=f"#{dialect}<{rec['mnemonic']} {{}}>")
        return info
    if "EnumAttrInfo" in sup:  # an integer enum printed as a keyword
        width = rec.get("bitwidth", 32) if isinstance(rec.get("bitwidth"), int) else 32
        info.update(kind="int_enum", cases=dict(enum_cases(R, rec)), width=width)
        return info
    for base, kind in ATTR_KINDS:
        if base in sup:
            info["kind"] = kind
            return info
    info["kind"] = "attr"  # anything else: an Attribute object or its text
    return info


def op_metadata(R, rec):
    dialect = R.get(rec["opDialect"])["name"]
    name = f"{dialect}.{rec['opName']}"
    operands, attributes = [], []
    for arg, argname in rec["arguments"]["args"]:
        arec = R.get(arg)
        sup = R.supers(arec)
        if "Attr" in sup or ("AttrConstraint" in sup
                             and "TypeConstraint" not in sup):
            attributes.append(dict(name=argname, **attr_info(R, arg)))
        else:
            kind, constraint = type_info(R, arg)
            operands.append((argname, kind, constraint))
    results = []
    for res, resname in rec["results"]["args"]:
        kind, constraint = type_info(R, res)
        results.append((resname, kind, constraint))
    traits = [t["def"] for t in rec.get("traits") or []]
    trait_names = set()
    for t in traits:
        trec = R.get(t)
        trait_names.add(t)
        if trec and "cppTraitName" in trec:
            trait_names.add(trec["cppTraitName"])
        if trec and trec.get("trait"):
            trait_names.add(trec["trait"])
    segments = "AttrSizedOperandSegments" in trait_names
    regions = len(rec["regions"]["args"])
    meta = {
        "operands": operands,
        "attributes": attributes,
        "results": results,
        "regions": regions,
        "segments": segments,
        "summary": rec.get("summary") or "",
    }
    if "ptxRequirement" in rec and rec["ptxRequirement"]:
        req = R.get(rec["ptxRequirement"])
        meta["requires"] = req.get("text")
        meta["ptx_forms"] = rec.get("ptxForms") or []
    return name, meta


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    out, paths = sys.argv[1], sys.argv[2:]
    ops = {}
    for path in paths:
        R = Records(path)
        for recname in sorted(R.instances.get("Op", ())):
            rec = R.recs[recname]
            if not rec.get("opDialect"):
                continue
            name, meta = op_metadata(R, rec)
            ops[name] = meta
    if not ops:
        raise SystemExit("gen-ods-metadata: no ops in " + ", ".join(paths))
    with open(out, "w") as f:
        f.write('"""Op metadata generated from the TIRx ODS files by '
                'scripts/gen-ods-metadata.py; do not edit."""\n\n')
        f.write("OPS = ")
        f.write(pprint.pformat(ops, width=100, sort_dicts=True))
        f.write("\n")


if __name__ == "__main__":
    main()
