#!/usr/bin/env python3
"""Which entries of the original TIRx's PTX table the tirx.ptx ops cover.

The original (Apache TVM, `tvm/backend/cuda/ptx/table.py`) publishes its
PTX surface as a table of instruction entries; each entry enumerates its
legal modifier combinations (`variants(entry)`), and the instruction text
of a combination is the entry's mnemonic followed by the written modifier
tokens. This script loads that table as published (from an apache-tvm
wheel, an installed apache-tvm, or the file itself; nothing of it is
copied here), renders every variant's instruction text, and asks
`tirx.ptxtable.lookup` for each. An entry is

  covered    every variant resolves to a tirx.ptx op variant whose
             canonical PTX text is the same instruction (the text itself,
             or a spelling the op's table lists as the same instruction);
  partial    some variants resolve;
  missing    none does.

Entries whose certification chip (`cert_arch`) is outside sm_80 ...
sm_103a (the sm_107/sm_110 families) are listed apart as out of scope.

  scripts/ptx-coverage-vs-original.py --build build --wheel apache_tvm-0.27*.whl
  scripts/ptx-coverage-vs-original.py --build build --table path/to/table.py
  scripts/ptx-coverage-vs-original.py --build build        # installed apache-tvm
  make ptx-coverage           # downloads the wheel into the build tree first

`--list` prints every entry with its status; `--missing` only the entries
that are not covered; `--json FILE` writes the whole result.
"""

import argparse
import collections
import importlib.util
import json
import os
import re
import sys
import types
import zipfile

TABLE_PATH = "tvm/backend/cuda/ptx/table.py"
SCRIPT_PATH = "tvm/backend/cuda/script.py"
# The original's T.cuda namespace classes: (attribute under T.cuda, class).
CUDA_NAMESPACES = [("", "CUDANamespace"), ("wgmma", "CudaWgmmaNamespace"),
                   ("tcgen05", "CudaTcgen05Namespace"), ("iket", "IketNamespace")]
IN_SCOPE = re.compile(r"^sm_(80|86|87|89|90a?|100[af]?|101a|103[af]?)$")


def load_module(name, source, filename):
    module = types.ModuleType(name)
    module.__file__ = filename
    sys.modules[name] = module
    exec(compile(source, filename, "exec"), module.__dict__)
    return module


def read_source(name, path=None, wheel=None):
    """The text of the original's file `name`: the file `path`, else the
    member `name` of `wheel`."""
    try:
        if path:
            with open(path) as f:
                return f.read()
        with zipfile.ZipFile(wheel) as z:
            return z.read(name).decode()
    except (OSError, KeyError, zipfile.BadZipFile) as e:
        raise SystemExit(f"ptx-coverage-vs-original: cannot read {name} "
                         f"from {path or wheel}: {e}")


def load_original(args):
    """The original's table module (it imports nothing from tvm)."""
    if args.table:
        if not os.path.exists(args.table):
            raise SystemExit(f"ptx-coverage-vs-original: {args.table} not found")
        with open(args.table) as f:
            return load_module("original_ptx_table", f.read(), args.table)
    if args.wheel:
        source = read_source(TABLE_PATH, wheel=args.wheel)
        return load_module("original_ptx_table", source,
                           f"{args.wheel}!{TABLE_PATH}")
    spec = importlib.util.find_spec("tvm")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("ptx-coverage-vs-original: no --table or --wheel, and "
                         "no installed apache-tvm (pip download "
                         "apache-tvm==0.27.0.post1 --no-deps gives the wheel)")
    path = os.path.join(spec.submodule_search_locations[0], "backend", "cuda",
                        "ptx", "table.py")
    with open(path) as f:
        return load_module("original_ptx_table", f.read(), path)


def load_ptxtable(build):
    """tirx.ptxtable from the build tree `build`, else the importable one."""
    if build is None:
        from tirx import ptxtable
        return ptxtable
    path = os.path.join(build, "python_packages", "tirx", "ptxtable.py")
    if not os.path.exists(path):
        raise SystemExit(f"ptx-coverage-vs-original: {path} not found; build "
                         "first (make build)")
    spec = importlib.util.spec_from_file_location("tirx_ptxtable_cov", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def same_instruction(T, text, variant):
    """Whether `variant` (what lookup found for `text`) is that instruction:
    its canonical text, or one the op lists as another spelling of it."""
    if variant.ptx == text:
        return True
    op = next(o for o in T._ops() if o.name == variant.op)
    return variant.ptx in T._spellings(op, text)


def cuda_helpers(source):
    """The T.cuda helper names the original's script.py defines: the
    `self.NAME = ...` assignments of its namespace classes (read with ast,
    nothing executed), as dotted names under T.cuda."""
    import ast
    tree = ast.parse(source)
    classes = {c.name: c for c in tree.body if isinstance(c, ast.ClassDef)}
    names = []
    for prefix, cls in CUDA_NAMESPACES:
        if cls not in classes:
            continue
        for node in ast.walk(classes[cls]):
            targets = (node.targets if isinstance(node, ast.Assign) else
                       [node.target] if isinstance(node, ast.AnnAssign) else [])
            for t in targets:
                if (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                        and t.value.id == "self"
                        and t.attr not in [p for p, _ in CUDA_NAMESPACES]):
                    names.append(f"{prefix}.{t.attr}" if prefix else t.attr)
    return list(dict.fromkeys(names))


def cuda_coverage(source):
    """(covered, missing) T.cuda helper names of the original."""
    from tirx.script import tirx as T
    covered, missing = [], []
    for name in cuda_helpers(source):
        obj = T.cuda
        try:
            for part in name.split("."):
                obj = getattr(obj, part)
            covered.append(name)
        except AttributeError:
            missing.append(name)
    return covered, missing


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", help="build tree whose tirx.ptxtable to ask "
                    "(default: the importable tirx)")
    ap.add_argument("--wheel")
    ap.add_argument("--table")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--missing", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--cuda", action="store_true",
                    help="also the T.cuda helpers of the original's "
                         f"{SCRIPT_PATH} (from --wheel, or --script)")
    ap.add_argument("--script", help=f"the original's {SCRIPT_PATH}")
    args = ap.parse_args()
    if args.cuda and not (args.wheel or args.script):
        raise SystemExit("ptx-coverage-vs-original: --cuda needs --wheel or "
                         "--script")

    if args.build:  # the T.cuda namespace of the same build
        sys.path.insert(0, os.path.abspath(os.path.join(args.build,
                                                        "python_packages")))
    orig = load_original(args)
    T = load_ptxtable(args.build)
    table = orig.TABLE
    cache = {}
    rows = []
    for name in sorted(table):
        entry = table[name]
        cert = entry.cert_arch or ""
        scope = not cert or bool(IN_SCOPE.match(cert))
        total = hit = wrong = 0
        ops = collections.Counter()
        example_missing = example_wrong = None
        for tokens in orig.variants(entry):
            text = ".".join([entry.ptx_name, *[t for t in tokens if t]])
            total += 1
            if text not in cache:
                v = T.lookup(text)
                cache[text] = (v, v is not None and same_instruction(T, text, v))
            v, same = cache[text]
            if v is None:
                example_missing = example_missing or text
                continue
            if not same:
                wrong += 1
                example_wrong = example_wrong or f"{text} -> {v.ptx}"
                continue
            hit += 1
            ops[v.op] += 1
        status = ("covered" if total and hit == total else
                  "partial" if hit else "missing")
        rows.append({"entry": name, "mnemonic": entry.ptx_name, "cert": cert,
                     "in_scope": scope, "variants": total, "covered": hit,
                     "other_instruction": wrong, "status": status,
                     "ops": sorted(ops), "missing_example": example_missing,
                     "wrong_example": example_wrong})

    def summary(rs):
        c = collections.Counter(r["status"] for r in rs)
        v = sum(r["variants"] for r in rs)
        h = sum(r["covered"] for r in rs)
        w = sum(r["other_instruction"] for r in rs)
        return (f"{len(rs)} entries: {c['covered']} covered, {c['partial']} "
                f"partial, {c['missing']} missing; {h} of {v} variants resolve"
                + (f", {w} to another instruction" if w else ""))

    in_scope = [r for r in rows if r["in_scope"]]
    out_scope = [r for r in rows if not r["in_scope"]]
    if args.list or args.missing:
        for r in rows:
            if args.missing and r["status"] == "covered":
                continue
            tag = "" if r["in_scope"] else " (out of scope)"
            extra = ""
            if r["status"] != "covered" and r["missing_example"]:
                extra = f"  e.g. {r['missing_example']}"
            if r["wrong_example"]:
                extra += f"  OTHER: {r['wrong_example']}"
            print(f"{r['status']:8s} {r['entry']:48s} {r['covered']:6d}/"
                  f"{r['variants']:<6d}{tag}{extra}")
    print(f"original table: {len(rows)} entries "
          f"({len(in_scope)} for sm_80 ... sm_103a, {len(out_scope)} newer)")
    print(f"sm_80 ... sm_103a: {summary(in_scope)}")
    print(f"all: {summary(rows)}")
    result = {"ptx": rows}
    if args.cuda:
        source = read_source(SCRIPT_PATH, path=args.script, wheel=args.wheel)
        covered, missing = cuda_coverage(source)
        print(f"T.cuda: {len(covered)} of {len(covered) + len(missing)} "
              f"helpers of the original; missing: "
              f"{', '.join(missing) if missing else 'none'}")
        result["cuda"] = {"covered": covered, "missing": missing}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result if args.cuda else rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
