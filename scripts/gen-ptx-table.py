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
  --table-ops FILE C++ included by lib/Dialect/TIRxPTXTableOps.cpp: for every
                   TIRx_PTXTableOp, its variants enumerated by tirx.ptxtable
                   (each a key of attributes and operand types, the PTX text
                   and the requirements beyond the op's own), the PTX operand
                   order, and the op's verify() and
                   collectModifierRequirements(), which read that table.

Run by the build (target TIRxPTXTableGen).
"""

import argparse
import importlib.util
import json
import os
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
            "cond_reqs": grec["condReqs"],
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
        "table_op": bool(rec.get("ptxTableOp", 0)),
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
           "// The PTX spelling of each modifier (`ptxToken`) and the NVVM",
           "// counterpart of each modifier enum that has one (`toNVVM`).", ""]
    for name in sorted(R.instances("TIRx_PTXEnum")):
        e = R.get(name)
        cls = f"::mlir::tirx::ptx::{e['className']}"
        out.append(f"[[maybe_unused]] static ::llvm::StringRef ptxToken({cls} v) {{")
        out.append("  switch (v) {")
        for case, tok in zip(e["enumerants"], e["ptxTokens"]):
            out.append(f"  case {cls}::{R.get(case)['symbol']}:")
            out.append(f'    return "{tok}";')
        out.append("  }")
        out.append('  return "";')
        out.append("}")
        out.append("")
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


def camel(name):
    return "".join(p[:1].upper() + p[1:] for p in name.split("_"))


def cstr(text):
    return json.dumps(text)


def load_ptxtable(table_path):
    """tirx.ptxtable (python/tirx/ptxtable.py) reading `table_path`."""
    os.environ["TIRX_PTXTABLE_DATA"] = os.path.abspath(table_path)
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "python", "tirx", "ptxtable.py")
    spec = importlib.util.spec_from_file_location("tirx_ptxtable_gen", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def variant_key(e, v, key_attrs, type_slots, opt_imms=()):
    """The key of variant `v`, as ptx_table::keyOf computes it in C++."""
    mods = v.modifiers
    parts = []
    for a in key_attrs:
        m = mods.get(a)
        parts.append(f"{a}=" + ("-" if m is None else "+" if m is True
                                else str(m)))
    # An optional immediate: whether it is there (its value is the caller's).
    for a in opt_imms:
        parts.append(f"{a}=" + ("+" if a in v.attrs else "-"))
    for o in e["operands"]:
        if o["kind"] == "optional":
            parts.append(f"{o['name']}=" + ("+" if o["name"] in v.types else "-"))
    for name, kind in type_slots:
        t = v.types.get(name)
        if kind == "scope":
            scope = "-" if t is None else t.rsplit(",", 1)[1].strip().rstrip(">").strip()
            parts.append(f"{name}@{scope}")
        else:
            parts.append(f"{name}:{t or '-'}")
    return "".join(p + ";" for p in parts)


def table_ops(R, data, table_path):
    T = load_ptxtable(table_path)
    ns = "::mlir::tirx"
    out = ["// Generated by scripts/gen-ptx-table.py from TIRxPTXOps.td; "
           "do not edit.", "//",
           "// The variants of every TIRx_PTXTableOp (include/TIRx/Dialect/"
           "PTXTable.h).", ""]
    req_defs = {}

    def req_ref(name):
        if name not in req_defs:
            q = data["reqs"][name]
            kinds = ["Plain", "Arch", "Family", "Chips"]
            also = ", ".join(str(x) for x in q["also"])
            if q["also"]:
                out.append(f"static const unsigned kAlso_{name}[] = {{{also}}};")
            out.append(f"static const {ns}::PTXRequirement kReq_{name} = {{"
                       f"{ns}::PTXTargetKind::{kinds[q['kind']]}, {q['sm']}, "
                       f"{q['ptx']}, "
                       + (f"kAlso_{name}" if q["also"] else "{}") + "};")
            req_defs[name] = f"kReq_{name}"
        return req_defs[name]

    table = []
    for e in data["ops"]:
        if not e["table_op"]:
            continue
        name, cpp = e["name"], e["cpp"]
        cls = f"{ns}::{cpp[len('TIRx_'):]}"
        if e["types"]:
            fail(f"{name}: a table op takes its types from its groups, not ptxTypes")
        vs = list(T.variants(name))
        if not vs:
            fail(f"{name}: no variants")
        imms = set()
        for spec in e["ptx_operands"]:
            role, _, rest = spec.strip().lstrip("|").partition(" ")
            if role == "inout":
                fail(f"{name}: a table op has no inout operands ('{spec}')")
            if role == "imm":
                imms.add(rest.split("{")[0].strip())
        key_attrs = sorted({a for v in vs for a in v.attrs} - imms)
        opt_imms = sorted(a for a in imms if e["attrs"].get(a, {}).get("optional"))
        for a in key_attrs:
            if e["attrs"].get(a, {}).get("kind") not in ("enum", "unit", "int"):
                fail(f"{name}: attribute '{a}' of a table op must be an enum, "
                     "unit or integer attribute")
        slots = [o for o in e["operands"]] + [r for r in e["results"]]
        type_slots = []
        for o in slots:
            if o["kind"] == "variadic":
                fail(f"{name}: a table op has no variadic operands ('{o['name']}')")
            seen = {v.types.get(o["name"]) for v in vs} - {None}
            if any(not isinstance(t, str) for t in seen):
                fail(f"{name}: '{o['name']}' has a list type")
            ptrs = {t.startswith("!tirx.ptr") for t in seen}
            if len(ptrs) > 1:
                fail(f"{name}: '{o['name']}' is a pointer in some variants only")
            type_slots.append((o["name"], "scope" if ptrs == {True} else "type"))
        rows = {}
        for v in vs:
            k = variant_key(e, v, key_attrs, type_slots, opt_imms)
            extra = tuple(dict.fromkeys(r for r in v.req_names if r != e["req"]))
            if k in rows and rows[k][0] != v.ptx:
                fail(f"{name}: '{rows[k][0]}' and '{v.ptx}' have the same "
                     f"attributes and types ({k})")
            attrs = []
            for an in key_attrs:
                text = v.attrs.get(an)
                if text is None:
                    continue
                if text == "unit":
                    attrs.append((an, 0, 0))
                else:
                    val, width = text.split(":")
                    attrs.append((an, int(width.strip()[1:]), int(val)))
            rows.setdefault(k, (v.ptx, extra, attrs))
        op_idx = {o["name"]: i for i, o in enumerate(e["operands"])}
        res_idx = {r["name"]: i for i, r in enumerate(e["results"])}
        ops_spec = []
        for n, spec in enumerate(e["ptx_operands"]):
            # `|out q`: q shares the previous operand's PTX operand (`p|q`).
            pipe = spec.strip().startswith("|")
            if pipe and (n == 0 or not spec.strip()[1:].startswith("out")
                         or not e["ptx_operands"][n - 1].strip().lstrip("|").startswith("out")):
                fail(f"{name}: '{spec}': only a result may follow another with '|'")
            role, _, rest = spec.strip().lstrip("|").partition(" ")
            oname = rest.split("{")[0].split(">")[0].strip()
            if pipe:
                ops_spec.append(f"{{ptx_table::Role::Out, {res_idx[oname]}, {cstr(oname)}, true}}")
                continue
            if role == "lit":
                ops_spec.append(f"{{ptx_table::Role::Lit, 0, {cstr(oname)}}}")
                continue
            if role == "imm":
                if e["attrs"].get(oname, {}).get("kind") != "int":
                    fail(f"{name}: immediate '{oname}' must be an integer attribute")
                width = e["attrs"][oname]["width"]
                ops_spec.append(f"{{ptx_table::Role::Imm, {width}, {cstr(oname)}}}")
            elif role == "out":
                ops_spec.append(f"{{ptx_table::Role::Out, {res_idx[oname]}, {cstr(oname)}}}")
            else:
                # A pointer whose element type every variant fixes (an
                # mbarrier's i64): the simulator's PTX level builds it so.
                elts = {t[len("!tirx.ptr<"):].split(",")[0].strip()
                        for v in vs for t in [v.types.get(oname)]
                        if isinstance(t, str) and t.startswith("!tirx.ptr<")}
                pointee = cstr(elts.pop()) if len(elts) == 1 else "nullptr"
                ops_spec.append(f"{{ptx_table::Role::In, {op_idx[oname]}, "
                                f"{cstr(oname)}, false, {pointee}}}")
        tag = cpp[len("TIRx_"):]
        row_lines = []
        for k, (ptx, extra, attrs) in rows.items():
            if attrs:
                out.append(f"static const ptx_table::RowAttr kRowAttrs_{tag}_"
                           f"{len(row_lines)}[] = {{"
                           + ", ".join(f"{{{cstr(n)}, {w}, {val}}}" for n, w, val in attrs)
                           + "};")
                attr_ref = f"kRowAttrs_{tag}_{len(row_lines)}"
            else:
                attr_ref = "{}"
            if extra:
                out.append(f"static const {ns}::PTXRequirement kRowReqs_{tag}_"
                           f"{len(row_lines)}[] = {{"
                           + ", ".join(req_ref(r) for r in extra) + "};")
                reqs = f"kRowReqs_{tag}_{len(row_lines)}"
            else:
                reqs = "{}"
            row_lines.append(f"  {{{cstr(k)}, {cstr(ptx)}, {reqs}, {attr_ref}}},")
        out.append(f"static const ptx_table::Row kRows_{tag}[] = {{")
        out += row_lines
        out.append("};")
        # An op with no operands (`trap`) has an empty list, which C++
        # cannot spell as an array.
        operands_ref = f"kOperands_{tag}" if ops_spec else "{}"
        if ops_spec:
            out.append(f"static const ptx_table::Operand kOperands_{tag}[] = {{")
            out += [f"  {x}," for x in ops_spec]
            out.append("};")
        # The key of an op instance: the same parts in the same order.
        out.append(f"static std::string key_{tag}(::mlir::Operation *operation) {{")
        out.append(f"  [[maybe_unused]] auto op = ::llvm::cast<{cls}>(operation);")
        out.append("  std::string k;")
        for a in key_attrs:
            info = e["attrs"][a]
            get = f"op.get{camel(a)}()"
            out.append(f'  k += "{a}=";')
            if info["kind"] == "unit":
                out.append(f'  k += {get} ? "+" : "-";')
            elif info["kind"] == "enum":
                if info["optional"]:
                    out.append(f"  if (auto v = {get})")
                    out.append(f"    k += ::mlir::tirx::ptx::stringifyEnum(*v);")
                    out.append('  else')
                    out.append('    k += "-";')
                else:
                    out.append(f"  k += ::mlir::tirx::ptx::stringifyEnum({get});")
            else:
                if info["optional"]:
                    out.append(f"  if (auto v = {get})")
                    out.append("    k += std::to_string(*v);")
                    out.append('  else')
                    out.append('    k += "-";')
                else:
                    out.append(f"  k += std::to_string({get});")
            out.append('  k += ";";')
        for a in opt_imms:
            out.append(f'  k += operation->getAttr("{a}") ? "{a}=+;" : "{a}=-;";')
        for i, o in enumerate(e["operands"]):
            if o["kind"] == "optional":
                out.append(f'  k += op.getODSOperands({i}).empty() ? "{o["name"]}=-;" : "{o["name"]}=+;";')
        for t, kind in type_slots:
            fn = "appendScope" if kind == "scope" else "appendType"
            if t in op_idx:
                out.append(f'  ptx_table::{fn}(k, "{t}", op.getODSOperands({op_idx[t]}));')
            else:
                out.append(f'  ptx_table::{fn}(k, "{t}", op.getODSResults({res_idx[t]}));')
        out.append("  return k;")
        out.append("}")
        out.append(f"static std::pair<unsigned, unsigned> range_{tag}(::mlir::Operation *operation, unsigned i) {{")
        out.append(f"  return ::llvm::cast<{cls}>(operation).getODSOperandIndexAndLength(i);")
        out.append("}")
        short = cls[len(ns) + 2:]
        out.append(f"::llvm::LogicalResult {short}::verify() {{")
        out.append("  return ptx_table::verify(getOperation());")
        out.append("}")
        out.append(f"void {short}::collectModifierRequirements(::mlir::tirx::PTXNeeds &needs) {{")
        out.append("  ptx_table::collectRequirements(getOperation(), needs);")
        out.append("}")
        out.append("")
        table.append(f"  {{{cstr(name)}, kRows_{tag}, {operands_ref}, key_{tag}, "
                     f"range_{tag}, {len(e['operands'])}, {len(e['results'])}, "
                     f"{'true' if e['segments'] else 'false'}}},")
    out.append("static const ptx_table::TableOp kTableOps[] = {")
    out += table
    out.append("};")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records")
    ap.add_argument("--table")
    ap.add_argument("--lowering")
    ap.add_argument("--table-ops")
    args = ap.parse_args()
    if args.table_ops and not args.table:
        fail("--table-ops needs --table (it enumerates the written table)")
    R = Records(args.records)
    if args.table:
        with open(args.table, "w") as f:
            json.dump(table(R), f, indent=1, sort_keys=True)
            f.write("\n")
    if args.lowering:
        with open(args.lowering, "w") as f:
            f.write(lowering(R))
            f.write("\n")
    if args.table_ops:
        with open(args.table_ops, "w") as f:
            f.write(table_ops(R, table(R), args.table))
            f.write("\n")


if __name__ == "__main__":
    sys.exit(main())
