#!/usr/bin/env python3
"""Generate the PTX coverage table of the tirx.ptx.* ops.

Reads the JSON dump of include/TIRx/Dialect/TIRxPTXOps.td (`llvm-tblgen
--dump-json`) and writes Markdown listing, family by family, every op, the
PTX instruction forms it covers (`ptxForms`), the number of legal variants
its variant table enumerates (through tirx.ptxtable over TABLE.json) and its
minimum target (`ptxRequirement`). Run by the `tirx-doc` build target.

Usage: gen-ptx-coverage.py RECORDS.json TABLE.json OUTPUT.md
"""

import collections
import importlib.util
import json
import os
import sys


def load_ptxtable(table):
    os.environ["TIRX_PTXTABLE_DATA"] = table
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "python", "tirx", "ptxtable.py")
    spec = importlib.util.spec_from_file_location("tirx_ptxtable", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module

# (mnemonic prefix, family); the first matching prefix wins.
FAMILIES = [
    ("mapa", "Addressing (cvta, isspacep, mapa, getctarank)"),
    ("getctarank", "Addressing (cvta, isspacep, mapa, getctarank)"),
    ("cvta", "Addressing (cvta, isspacep, mapa, getctarank)"),
    ("isspacep", "Addressing (cvta, isspacep, mapa, getctarank)"),
    ("mbarrier.", "mbarrier"),
    ("cp.async.mbarrier.", "mbarrier"),
    ("fence", "Fences"),
    ("barrier.", "Barriers"),
    ("bar.", "Barriers"),
    ("elect.", "Warp level"),
    ("shfl.", "Warp level"),
    ("vote.", "Warp level"),
    ("redux.", "Warp level"),
    ("match.", "Warp level"),
    ("activemask", "Warp level"),
    ("cp.async.bulk.tensor.", "TMA (cp.async.bulk.tensor)"),
    ("prefetch.tensormap", "TMA (cp.async.bulk.tensor)"),
    ("tensormap.replace", "TMA (cp.async.bulk.tensor)"),
    ("tensormap.cp_fenceproxy", "TMA (cp.async.bulk.tensor)"),
    ("cp.async.bulk.", "Bulk copy (cp.async.bulk, cp.reduce.async.bulk)"),
    ("cp.reduce.async.bulk.", "Bulk copy (cp.async.bulk, cp.reduce.async.bulk)"),
    ("cp.async", "cp.async (LDGSTS)"),
    ("wgmma.", "wgmma (Hopper)"),
    ("mma.sync", "mma.sync, ldmatrix, stmatrix"),
    ("ldmatrix", "mma.sync, ldmatrix, stmatrix"),
    ("stmatrix", "mma.sync, ldmatrix, stmatrix"),
    ("tcgen05.", "tcgen05 (Blackwell)"),
    ("setmaxnreg", "Launch, register and cache control"),
    ("griddepcontrol", "Launch, register and cache control"),
    ("clusterlaunchcontrol.", "Launch, register and cache control"),
    ("nanosleep", "Launch, register and cache control"),
    ("trap", "Launch, register and cache control"),
    ("prefetch", "Launch, register and cache control"),
    ("prefetchu", "Launch, register and cache control"),
    ("applypriority", "Launch, register and cache control"),
    ("discard", "Launch, register and cache control"),
    ("createpolicy.", "Launch, register and cache control"),
    ("sreg.", "Special registers"),
    ("brev", "Integer bit manipulation"),
    ("popc", "Integer bit manipulation"),
    ("clz", "Integer bit manipulation"),
    ("bfind", "Integer bit manipulation"),
    ("bfe", "Integer bit manipulation"),
    ("bfi", "Integer bit manipulation"),
    ("prmt", "Integer bit manipulation"),
    ("lop3", "Integer bit manipulation"),
    ("shf", "Integer bit manipulation"),
    ("mul24", "Integer bit manipulation"),
    ("mad24", "Integer bit manipulation"),
    ("sad", "Integer bit manipulation"),
    ("cnot", "Integer bit manipulation"),
    ("dp4a", "Integer bit manipulation"),
    ("dp2a", "Integer bit manipulation"),
    ("ld", "Memory (ld, st, atom, red, multimem)"),
    ("ldu", "Memory (ld, st, atom, red, multimem)"),
    ("st", "Memory (ld, st, atom, red, multimem)"),
    ("multimem.", "Memory (ld, st, atom, red, multimem)"),
    ("atom", "Memory (ld, st, atom, red, multimem)"),
    ("red", "Memory (ld, st, atom, red, multimem)"),
] + [(m, "Scalar arithmetic, comparison and logic")
     for m in ("add", "sub", "mul", "mad", "fma", "div", "rem", "abs",
               "neg", "min", "max", "copysign", "rcp", "sqrt",
               "rsqrt", "sin", "cos", "lg2", "ex2", "tanh", "testp",
               "setp", "selp", "slct", "and", "or", "xor", "not",
               "shl", "shr", "szext", "bmsk", "fns", "mov", "set",
               "cvt")]


def family_of(mnemonic):
    # A prefix names whole dot-separated parts: `mul` is not `multimem`.
    for prefix, family in FAMILIES:
        if mnemonic == prefix or (mnemonic.startswith(prefix) and (
                prefix.endswith(".") or mnemonic[len(prefix)] == ".")):
            return family
    raise SystemExit(f"gen-ptx-coverage: no family for tirx.ptx.{mnemonic}")


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    records = json.load(open(sys.argv[1]))
    ptxtable = load_ptxtable(sys.argv[2])
    counts = collections.Counter()
    for name in ptxtable.ops():
        counts[name] = ptxtable.count(name)
    ops = []
    for name in records["!instanceof"]["TIRx_PTXOp"]:
        rec = records[name]
        mnemonic = rec["opName"]
        assert mnemonic.startswith("ptx."), mnemonic
        mnemonic = mnemonic[len("ptx."):]
        req = records[rec["ptxRequirement"]["def"]]
        ops.append({
            "mnemonic": mnemonic,
            "family": family_of(mnemonic),
            "forms": rec["ptxForms"],
            "target": req["text"],
            "ptx": req["ptxText"].replace("PTX ISA ", ""),
            "summary": rec["summary"],
            "variants": counts["tirx.ptx." + mnemonic],
        })
    if not ops:
        raise SystemExit("gen-ptx-coverage: no TIRx_PTXOp records")
    order = []
    for _, family in FAMILIES:
        if family not in order:
            order.append(family)
    total_forms = sum(len(op["forms"]) for op in ops)
    total_variants = sum(op["variants"] for op in ops)

    out = []
    out.append("# PTX coverage of the `tirx.ptx` ops\n")
    out.append("Generated by `scripts/gen-ptx-coverage.py` from "
               "`include/TIRx/Dialect/TIRxPTXOps.td`; do not edit.\n")
    out.append(f"**{len(ops)} ops covering {total_forms} PTX instruction "
               f"forms, {total_variants} legal variants.** A form is a PTX "
               "instruction pattern: `{a,b}` lists "
               "alternatives, `{.x}` an optional modifier, `{1..5}` a range. "
               "A variant is one instruction with its operand types, as the "
               "op's variant table (`ptxVariants`) enumerates it; the PTX "
               "sweep (test/Sweep) compiles each for every chip it claims and "
               "assembles it with ptxas. "
               "The minimum target is checked against the module's "
               "`#tirx.target`: plain `sm_N or newer` features carry forward "
               "to every later chip, `sm_Na` features exist only on that chip, "
               "and `sm_Na or newer in its family` features carry to the "
               "later `a`/`f` chips of the same family.\n")
    out.append("## Summary\n")
    out.append("| Family | Ops | Forms | Variants |")
    out.append("|---|---:|---:|---:|")
    for family in order:
        fam_ops = [op for op in ops if op["family"] == family]
        out.append(f"| {family} | {len(fam_ops)} | "
                   f"{sum(len(op['forms']) for op in fam_ops)} | "
                   f"{sum(op['variants'] for op in fam_ops)} |")
    out.append(f"| **Total** | **{len(ops)}** | **{total_forms}** | "
               f"**{total_variants}** |\n")
    for family in order:
        fam_ops = sorted((op for op in ops if op["family"] == family),
                         key=lambda op: op["mnemonic"])
        out.append(f"## {family}\n")
        out.append("| Op | PTX forms | Variants | Minimum target | PTX ISA |")
        out.append("|---|---|---:|---|---|")
        for op in fam_ops:
            forms = "<br>".join("`" + f.replace("|", "\\|") + "`"
                               for f in op["forms"])
            out.append(f"| `tirx.ptx.{op['mnemonic']}` | {forms} | "
                       f"{op['variants']} | {op['target']} | {op['ptx']} |")
        out.append("")
    with open(sys.argv[3], "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
