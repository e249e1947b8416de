#!/usr/bin/env python3
"""Inputs for tirx-fuzz, generated so they grow with the project.

  fuzz_inputs.py dict --tblgen mlir-tblgen -I inc... --td a.td b.td \
                      --out tirx.dict --passes-inc passes.inc
      Runs `mlir-tblgen --print-records` over every TIRx .td file and writes a
      libFuzzer dictionary: op names (tirx.alloc_buffer, tirx.ptx.*), type and
      attribute mnemonics (!tirx.ptr, #tirx.target), enum spellings (shared,
      shared.dyn, ...), the literals of every assembly format, operand,
      attribute and parameter names, plus generic MLIR syntax. Also writes a
      C header with the pass arguments declared in Passes.td files
      (TIRX_FUZZ_TD_PASSES), which tirx-fuzz looks up at run time.

  fuzz_inputs.py seeds --out DIR ROOT...
      Writes every .mlir file under each ROOT, split at `// -----`, as one
      seed per chunk into DIR (named by content hash; existing files kept).
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys

GENERIC_TOKENS = [
    "module", "func.func", "func.return", "func.call", "private", "->", ":",
    "=", ",", "(", ")", "{", "}", "<", ">", "[", "]", "?", "x", "?x", "%0",
    "%1", "%arg0", "^bb0", "^bb1", "@f", "@k", "attributes", "loc(", "#loc",
    "// -----", "index", "i1", "i8", "i16", "i32", "i64", "ui8", "ui32",
    "ui64", "si32", "f16", "bf16", "f32", "f64", "f8E4M3FN", "vector<4xf32>",
    "tensor<4xf32>", "memref<4xf32>", "none", "unit", "true", "false",
    "dense<", "array<i64: ", "array<i32: ", "0", "1", "-1", "2", "3", "32",
    "128", "256", "9223372036854775807", "-9223372036854775808",
    "4294967296", "0x7FFFFFFF", "1.5", "0.0", "\"sm_90a\"", "\"sm_100a\"",
    "\"sm_80\"", "\"\"", "arith.constant", "arith.addi", "arith.muli",
    "arith.cmpi", "arith.index_cast", "scf.for", "scf.if", "scf.yield",
    "cf.br", "cf.cond_br", "gpu.module", "gpu.func", "gpu.launch_func",
    "llvm.func", "nvvm", "ub.poison", "builtin.unrealized_conversion_cast",
    "iter_args(", "step", "to", "=", "do", "else", "then", "elided",
]


def records(tblgen, includes, tds):
    """Yields (name, classes, body) for every record of the .td files.

    Each file is its own TableGen root (TIRx keeps separate roots, e.g. for
    the PTX ops), so each is read on its own; records are merged by name.
    Files that are not standalone roots are skipped."""
    seen = set()
    ok = 0
    for td in tds:
        cmd = [tblgen, "--print-records", os.path.abspath(td)]
        for inc in includes:
            cmd += ["-I", inc]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            continue
        ok += 1
        for m in re.finditer(r"^def (\S+) \{\t// ([^\n]*)\n(.*?)^\}",
                             proc.stdout, re.M | re.S):
            if m.group(1) in seen:
                continue
            seen.add(m.group(1))
            yield m.group(1), m.group(2).split(), m.group(3)
    if not ok:
        sys.exit("fuzz_inputs.py: mlir-tblgen failed on every .td file")


def field(body, name):
    m = re.search(r"^  \S+ %s = \"((?:[^\"\\]|\\.)*)\";" % re.escape(name),
                  body, re.M)
    return m.group(1) if m else None


def code_field(body, name):
    m = re.search(r"^  (?:code|string) %s = (\[\{(.*?)\}\]|\"((?:[^\"\\]|\\.)*)\");"
                  % re.escape(name), body, re.M | re.S)
    if not m:
        return None
    return m.group(2) if m.group(2) is not None else m.group(3)


def make_dict(args):
    recs = list(records(args.tblgen, args.I, args.td))
    dialects = {}
    for name, classes, body in recs:
        if "Dialect" in classes and classes[0] == "Dialect":
            dialects[name] = field(body, "name")
    ours = {d: n for d, n in dialects.items() if n and n.startswith("tirx")}
    tokens = set(GENERIC_TOKENS)
    passes = []
    enum_cases = set()
    formats = []
    for name, classes, body in recs:
        op_d = re.search(r"^  Dialect opDialect = (\S+);", body, re.M)
        d = re.search(r"^  Dialect dialect = (\S+);", body, re.M)
        if op_d and op_d.group(1) in ours:
            op = field(body, "opName")
            if op:
                tokens.add("%s.%s" % (ours[op_d.group(1)], op))
            fmt = code_field(body, "assemblyFormat")
            if fmt:
                formats.append(fmt)
            for dag in ("arguments", "results", "regions", "successors"):
                m = re.search(r"^  dag %s = \((.*?)\);" % dag, body, re.M)
                if m:
                    tokens.update(re.findall(r"\$(\w+)", m.group(1)))
        elif d and d.group(1) in ours:
            mnem = field(body, "mnemonic")
            prefix = ours[d.group(1)]
            if mnem:
                if "TypeDef" in classes:
                    tokens.add("!%s.%s" % (prefix, mnem))
                    tokens.add("!%s.%s<" % (prefix, mnem))
                elif "AttrDef" in classes:
                    tokens.add("#%s.%s" % (prefix, mnem))
                    tokens.add("#%s.%s<" % (prefix, mnem))
            fmt = code_field(body, "assemblyFormat")
            if fmt:
                formats.append(fmt)
            m = re.search(r"^  dag parameters = \((.*?)\);", body, re.M)
            if m:
                tokens.update(re.findall(r"\$(\w+)", m.group(1)))
        if "EnumInfo" in classes and "tirx" in (field(body, "cppNamespace") or ""):
            m = re.search(r"^  list<\w+> enumerants = \[(.*?)\];", body, re.M)
            if m:
                enum_cases.update(c.strip() for c in m.group(1).split(","))
        if "Pass" in classes or "PassBase" in classes:
            arg = field(body, "argument")
            if arg and arg.startswith(("tirx", "convert-tirx")):
                passes.append(arg)
                tokens.add(arg)
            m = re.search(r"^  list<Option> options = \[(.*?)\];", body, re.M)
    for name, classes, body in recs:
        if name in enum_cases:
            s = field(body, "str")
            if s:
                tokens.add(s)
    for fmt in formats:
        tokens.update(re.findall(r"`([^`]+)`", fmt))
    tokens.discard("")

    def esc(t):
        out = []
        for ch in t:
            if ch in '\\"':
                out.append("\\" + ch)
            elif 32 <= ord(ch) < 127:
                out.append(ch)
            else:
                out.append("\\x%02X" % ord(ch))
        return "".join(out)

    with open(args.out, "w") as f:
        f.write("# Generated by fuzz/fuzz_inputs.py from the TIRx ODS; "
                "do not edit.\n")
        for t in sorted(tokens):
            f.write('"%s"\n' % esc(t))
    if args.passes_inc:
        content = ('// Generated by fuzz/fuzz_inputs.py from Passes.td.\n'
                   '#define TIRX_FUZZ_TD_PASSES "%s"\n' % ",".join(passes))
        old = open(args.passes_inc).read() if os.path.exists(args.passes_inc) else None
        if old != content:
            with open(args.passes_inc, "w") as f:
                f.write(content)
    print("tirx-fuzz dictionary: %d tokens, %d TIRx passes" %
          (len(tokens), len(passes)))


def make_seeds(args):
    os.makedirs(args.out, exist_ok=True)
    n = 0
    for root in args.roots:
        for dirpath, _, files in os.walk(root):
            for fn in sorted(files):
                if not fn.endswith(".mlir"):
                    continue
                with open(os.path.join(dirpath, fn), "rb") as f:
                    data = f.read()
                for chunk in re.split(rb"^// -----.*\n", data, flags=re.M):
                    if not chunk.strip():
                        continue
                    h = hashlib.sha1(chunk).hexdigest()
                    path = os.path.join(args.out, h)
                    if not os.path.exists(path):
                        with open(path, "wb") as f:
                            f.write(chunk)
                    n += 1
    print("tirx-fuzz seeds: %d chunks from %s" % (n, " ".join(args.roots)))


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dict")
    d.add_argument("--tblgen", required=True)
    d.add_argument("-I", action="append", default=[])
    d.add_argument("--td", nargs="+", required=True)
    d.add_argument("--out", required=True)
    d.add_argument("--passes-inc")
    s = sub.add_parser("seeds")
    s.add_argument("--out", required=True)
    s.add_argument("roots", nargs="+")
    args = p.parse_args()
    make_dict(args) if args.cmd == "dict" else make_seeds(args)


if __name__ == "__main__":
    main()
