#!/usr/bin/env python3
"""The PTX sweep: every legal variant of every tirx.ptx op, compiled for the
chips it claims and assembled with ptxas.

The variants come from the table that defines the ops (tirx.ptxtable, read
from the build tree). For each variant the sweep builds a kernel that runs
the op once (operands made from kernel parameters, shared allocations,
mapa'd and reinterpreted pointers; results stored to global memory) and

  * positive: compiles it with tirx-translate for a chip the variant claims,
    at the variant's minimum PTX ISA version (`--features=+ptxNN`), checks
    that the kernel's PTX holds the variant's instruction (the table's
    spelling, modulo the spellings the PTX ISA treats as the same) and
    assembles the PTX with ptxas for that chip;
  * negative: verifies it for a chip the variant does not claim, and for
    the variant's lowest chip below its minimum PTX ISA version; each must
    be an error at the op (its location), not a later failure.

Kernels go in batches, one module per (chip, PTX version): one tirx-translate
and one ptxas run per batch; a batch that fails without pointing at its
kernels is bisected.

  --sample N --seed S  every variant of the small groups, then a seeded
                       uniform sample of the others, N in all; each on its
                       lowest chip and one more claimed chip (the CI run)
  --all                every variant on every chip it claims (make sweep)
  --sim-decode TIRX_SIM
                       also decode each compiled kernel's PTX with the
                       simulator's PTX front end: every instruction the
                       tirx.ptx ops emit must be modeled

Exit status 1 on any failure; the report lists each with its variant, chip
and the tool's message.
"""

import argparse
import collections
import importlib.util
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load_ptxtable(build):
    path = os.path.join(build, "python_packages", "tirx", "ptxtable.py")
    spec = importlib.util.spec_from_file_location("tirx_ptxtable", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------

SCALARS = {"i1", "i8", "i16", "i32", "i64", "i128", "f16", "bf16", "f32",
           "f64"}
PTR = re.compile(r"!tirx\.ptr<(.*), ([\w.]+)>$")


class Kernel:
    """One func.func with a tirx.kernel that runs one variant's op."""

    def __init__(self, index, variant, ops):
        self.index = index
        self.v = variant
        self.params = []
        self.body = []
        self.n = 0
        self.info = ops[variant.op]

    def fresh(self):
        self.n += 1
        return f"%x{self.n}"

    def param(self, type_):
        name = f"%a{len(self.params)}"
        self.params.append((name, type_))
        return name

    def emit(self, line):
        self.body.append("    " + line)

    def const(self, type_, lit):
        v = self.fresh()
        typed = "" if lit in ("true", "false") else f" : {type_}"
        self.emit(f"{v} = arith.constant {lit}{typed}")
        return v

    def value(self, type_, lit=None):
        """An SSA value of `type_` inside the kernel."""
        if lit is not None:
            return self.const(type_, lit)
        if type_ == "i1":
            tx = self.tx()
            zero = self.const("i32", "0")
            v = self.fresh()
            self.emit(f"{v} = arith.cmpi eq, {tx}, {zero} : i32")
            return v
        if type_ == "i128":
            return self.const("i128", "0")
        if type_ in SCALARS:
            return self.param(type_)
        if type_.startswith("vector<"):
            elt = type_[type_.rindex("x") + 1:-1]
            zero = "0.0" if elt.startswith(("f", "bf")) else "0"
            return self.const(type_, f"dense<{zero}>")
        if type_ == "!tirx.tensormap":
            return self.param(type_)
        m = PTR.match(type_)
        if not m:
            raise ValueError(f"cannot build a value of type {type_}")
        elt, scope = m.groups()
        if scope == "global":
            return self.param(type_)
        if scope in ("generic", "tmem", "shared.cluster"):
            # A raw address: a generic one is 64 bits, a tmem or
            # shared::cluster window address 32 (no mapa, whose own target
            # gate would hide the op's in the negative sweep).
            width = "i64" if scope == "generic" else "i32"
            raw = self.param(width)
            v = self.fresh()
            self.emit(f"{v} = tirx.reinterpret {raw} : {width} to {type_}")
            return v
        if scope in ("shared", "shared.dyn", "local"):
            buf = self.fresh()
            self.emit(f"{buf} = tirx.alloc_buffer : "
                      f"!tirx.buffer<64x{elt}, {scope}>")
            c0 = self.const("index", "0")
            p = self.fresh()
            self.emit(f"{p} = tirx.ptr_to {buf}[{c0}] : "
                      f"!tirx.buffer<64x{elt}, {scope}>")
            return p
        raise ValueError(f"cannot build a pointer in scope {scope}")

    def tx(self):
        if not hasattr(self, "_tx"):
            self._tx = self.fresh()
            self.body.insert(0, f"    {self._tx} = tirx.thread_id [128] : i32")
        return self._tx

    def sink(self, value, type_):
        """Stores a result to global memory so it is not dead code."""
        if type_ == "i1":
            w = self.fresh()
            self.emit(f"{w} = arith.extui {value} : i1 to i32")
            value, type_ = w, "i32"
        elif PTR.match(type_):
            w = self.fresh()
            self.emit(f"{w} = tirx.reinterpret {value} : {type_} to i64")
            value, type_ = w, "i64"
        out = self.param(f"!tirx.buffer<1x{type_}, global>")
        c0 = self.const("index", "0")
        self.emit(f"tirx.buffer_store {value}, {out}[{c0}] : {type_}, "
                  f"!tirx.buffer<1x{type_}, global>")

    def build(self):
        v, info = self.v, self.info
        self.tx()
        operands, types, segments = [], [], []
        for o in info["operands"]:
            t = v.types.get(o["name"])
            if t is None:
                segments.append(0)
                continue
            ts = t if isinstance(t, list) else [t]
            segments.append(len(ts))
            for ti in ts:
                operands.append(self.value(ti, v.constants.get(o["name"])))
                types.append(ti)
        results = [(r["name"], v.types[r["name"]]) for r in info["results"]
                   if r["name"] in v.types]
        attrs = dict(v.attrs)
        if info["segments"]:
            attrs["operandSegmentSizes"] = "array<i32: " + ", ".join(
                map(str, segments)) + ">"
        props = ", ".join(k if a == "unit" else f"{k} = {a}"
                          for k, a in attrs.items())
        res = ""
        if results:
            r = self.fresh()
            res = f"{r}:{len(results)} = " if len(results) > 1 else f"{r} = "
        rtypes = ", ".join(t for _, t in results)
        props = f" <{{{props}}}>" if props else ""
        self.emit(f'{res}"{v.op}"({", ".join(operands)}){props} : '
                  f'({", ".join(types)}) -> ({rtypes}) '
                  f'loc("sweep":{self.index}:1)')
        for i, (_, t) in enumerate(results):
            self.sink(f"{r}#{i}" if len(results) > 1 else r, t)
        params = ", ".join(f"{n}: {t}" for n, t in self.params)
        # setmaxnreg needs a known register count at entry.
        attrs = (" attributes {tirx.launch = #tirx.launch<min_blocks_per_sm = 1>}"
                 if v.op == "tirx.ptx.setmaxnreg" else "")
        return (f"func.func @v{self.index}({params}){attrs} {{\n"
                "  tirx.kernel {\n"
                + "\n".join(self.body) + "\n  }\n  return\n}\n")


# ---------------------------------------------------------------------------
# Running the tools
# ---------------------------------------------------------------------------

LOC = re.compile(r"sweep:(\d+):1: error: (.*)")


def ir_gap(message):
    """A simulator message about what its IR level does not model either."""
    return ("(as at the IR level)" in message or
            re.match(r"'tirx\.ptx\.[\w.]+' is not modeled by the simulator",
                     message) is not None)


class Sweep:
    def __init__(self, args, ptxtable):
        self.args = args
        self.t = ptxtable
        self.ops = {o["name"]: o for o in ptxtable._data()["ops"]}
        self.table_ops = {op.name: op for op in ptxtable._ops()}
        self.failures = []
        self.stats = collections.Counter()
        self.ptxas_chips = self.ptxas_archs()
        self.tmp = tempfile.mkdtemp(prefix="ptx-sweep-")

    def ptxas_archs(self):
        if not self.args.ptxas:
            return set()
        out = subprocess.run([self.args.ptxas, "--help"], capture_output=True,
                             text=True).stdout
        return set(re.findall(r"'(sm_\w+)'", out))

    def fail(self, kind, kernel, chip, ptx, msg):
        self.failures.append((kind, kernel.v, chip, ptx, msg.strip()))

    def module(self, kernels, chip):
        return (f'module attributes {{tirx.target = #tirx.target<"{chip}">}} {{\n'
                + "".join(k.text for k in kernels) + "}\n")

    def run(self, cmd, stdin=None):
        return subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                              timeout=self.args.timeout)

    # -- positive ----------------------------------------------------------

    def compile_batch(self, kernels, chip, ptx):
        if not kernels:
            return
        src = self.module(kernels, chip)
        res = self.run([self.args.tirx_translate, "-", "--emit=ptx",
                        # one op per kernel, not a program: no sync check
                        "--no-check-sync",
                        f"--chip={chip}", f"--features=+ptx{ptx}", "-o", "-"],
                       src)
        self.stats["translate runs"] += 1
        if res.returncode != 0:
            blamed = {int(m.group(1)): m.group(2)
                      for m in LOC.finditer(res.stderr)}
            if blamed:
                byidx = {k.index: k for k in kernels}
                for idx, msg in blamed.items():
                    if idx in byidx:
                        self.fail("compile", byidx[idx], chip, ptx, msg)
                rest = [k for k in kernels if k.index not in blamed]
                if len(rest) < len(kernels):
                    self.compile_batch(rest, chip, ptx)
                return
            if len(kernels) == 1:
                errs = [l for l in res.stderr.splitlines() if "error" in l]
                self.fail("compile", kernels[0], chip, ptx,
                          " | ".join(errs[:2]) or res.stderr.strip()[-300:]
                          or "failed")
                return
            mid = len(kernels) // 2
            self.compile_batch(kernels[:mid], chip, ptx)
            self.compile_batch(kernels[mid:], chip, ptx)
            return
        text = res.stdout
        bodies = self.split_entries(text)
        good = []
        for k in kernels:
            body = bodies.get(f"v{k.index}")
            if body is None:
                self.fail("ptx", k, chip, ptx, "no .entry in the PTX")
                continue
            if not self.has_instruction(k.v, body):
                self.fail("ptx", k, chip, ptx,
                          f"PTX lacks '{k.v.ptx}'; it has: "
                          + " | ".join(self.instructions(body)[:12]))
                continue
            good.append(k)
        self.stats["compiled"] += len(kernels)
        if self.args.sim_decode:
            self.sim_decode(good, chip, ptx, text)
        if chip in self.ptxas_chips:
            self.assemble(good, chip, ptx, text)
        else:
            self.stats["not assembled (ptxas lacks the chip)"] += len(good)

    def sim_decode(self, kernels, chip, ptx, text):
        """The simulator's PTX front end must decode every kernel (each
        instruction modeled): tirx-sim --decode-only on the batch's PTX."""
        if not kernels:
            return
        path = os.path.join(self.tmp, f"{chip}-decode.ptx")
        with open(path, "w") as f:
            f.write(text)
        res = self.run([self.args.sim_decode, path, "--decode-only"])
        self.stats["simulator decode runs"] += 1
        m = re.search(r"decoded the module's kernels, (\d+) failed(.*)",
                      res.stdout)
        if not m:
            for k in kernels:
                self.fail("sim-decode", k, chip, ptx,
                          res.stderr.strip()[-300:] or "tirx-sim failed")
            return
        bad = set(m.group(2).split())
        # Each error names a PTX line: the kernel it is in.
        entries = self.entry_lines(text)
        msgs = collections.defaultdict(list)
        for em in re.finditer(r"\.ptx:(\d+):\d+: error: (.*)", res.stderr):
            owner = None
            for start, name in entries:
                if start <= int(em.group(1)):
                    owner = name
            if owner:
                msgs[owner].append(em.group(2))
        for k in kernels:
            name = f"v{k.index}"
            if name not in bad:
                self.stats["decoded by the simulator"] += 1
            elif msgs[name] and all(ir_gap(m) for m in msgs[name]):
                # What the IR level does not model either: its decoders'
                # message ('tirx.ptx.op' is not modeled ...), or the front
                # end's saying so.
                self.stats["not modeled at either simulator level"] += 1
            else:
                self.fail("sim-decode", k, chip, ptx,
                          " | ".join(msgs[name][:2]) or "not decoded")

    def assemble(self, kernels, chip, ptx, text):
        if not kernels:
            return
        path = os.path.join(self.tmp, f"{chip}.ptx")
        with open(path, "w") as f:
            f.write(text)
        res = self.run([self.args.ptxas, f"-arch={chip}", "-O0", path, "-o",
                        os.devnull])
        self.stats["ptxas runs"] += 1
        if res.returncode == 0:
            self.stats["assembled"] += len(kernels)
            return
        lines = [int(m.group(1)) for m in
                 re.finditer(r", line (\d+);", res.stderr)]
        entries = self.entry_lines(text)
        bad = set()
        for ln in lines:
            owner = None
            for start, name in entries:
                if start <= ln:
                    owner = name
            if owner:
                bad.add(owner)
        byname = {f"v{k.index}": k for k in kernels}
        if bad and all(b in byname for b in bad):
            for name in bad:
                msgs = [m for m in res.stderr.splitlines() if "error" in m]
                self.fail("ptxas", byname[name], chip, ptx,
                          " | ".join(msgs[:3]))
            rest = [k for k in kernels if f"v{k.index}" not in bad]
            self.recompile_and_assemble(rest, chip, ptx)
            return
        if len(kernels) == 1:
            self.fail("ptxas", kernels[0], chip, ptx,
                      " | ".join(res.stderr.strip().splitlines()[:3]))
            return
        mid = len(kernels) // 2
        self.recompile_and_assemble(kernels[:mid], chip, ptx)
        self.recompile_and_assemble(kernels[mid:], chip, ptx)

    def recompile_and_assemble(self, kernels, chip, ptx):
        if not kernels:
            return
        src = self.module(kernels, chip)
        res = self.run([self.args.tirx_translate, "-", "--emit=ptx",
                        # one op per kernel, not a program: no sync check
                        "--no-check-sync",
                        f"--chip={chip}", f"--features=+ptx{ptx}", "-o", "-"],
                       src)
        if res.returncode != 0:
            for k in kernels:
                self.fail("compile", k, chip, ptx, "failed in a sub-batch")
            return
        self.assemble(kernels, chip, ptx, res.stdout)

    @staticmethod
    def entry_lines(text):
        out = []
        for i, line in enumerate(text.splitlines(), 1):
            m = re.match(r"\.visible \.entry (\w+)\(", line)
            if m:
                out.append((i, m.group(1)))
        return out

    @staticmethod
    def split_entries(text):
        parts = re.split(r"^\.visible \.entry (\w+)\(", text, flags=re.M)
        return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}

    @staticmethod
    def instructions(body):
        """The instructions of a kernel body, one per statement: a block an
        inline asm opens on one line (`{ .reg .b8 t; cvt ... t, ...; }`,
        the staging of a .b8 operand) gives its statements."""
        out = []
        for line in body.splitlines():
            line = line.strip()
            if line.startswith("{") and line.endswith("}"):
                stmts = line[1:-1].split(";")
            else:
                stmts = [line]
            for stmt in stmts:
                stmt = stmt.strip()
                if not stmt or stmt.startswith(("//", ".", "{", "}", "$", ")")):
                    continue
                stmt = re.sub(r"^@!?%\w+\s+", "", stmt)
                out.append(stmt.rstrip(";"))
        return out

    def spellings(self, op, text):
        """`text` and the canonical spellings its aliases stand for (as the
        table's lookup reads them), without the default semantics and scope
        an mbarrier instruction may omit."""
        return {t.replace(".release.cta.", ".").replace(".acquire.cta.", ".")
                for t in self.t._spellings(self.table_ops[op], text)}

    def has_instruction(self, v, body):
        want = v.ptx.split()
        mnemonics = self.spellings(v.op, want[0])
        for inst in self.instructions(body):
            words = inst.replace(",", " ").split()
            if not mnemonics & self.spellings(v.op, words[0]):
                continue
            if all(w in words[1:] for w in want[1:]):
                return True
        return False

    # -- negative ----------------------------------------------------------

    def verify_fails(self, kernels, chip, ptx=None):
        """Each kernel's op must be an error at its location: the verifier's
        for a chip the variant does not claim, tirx-attach-target's for a
        PTX ISA version below the variant's."""
        if not kernels:
            return
        src = self.module(kernels, chip)
        cmd = [self.args.tirx_opt, "-", "-o", os.devnull]
        if ptx:
            cmd.append(f"--tirx-attach-target=chip={chip} features=+ptx{ptx}")
        res = self.run(cmd, src)
        self.stats["negative runs"] += 1
        blamed = {int(m.group(1)) for m in LOC.finditer(res.stderr)}
        for k in kernels:
            if k.index not in blamed:
                kind = "negative-ptx" if ptx else "negative-chip"
                self.fail(kind, k, chip, ptx, "no error at the op"
                          + ("" if res.returncode else " (verified)"))
        self.stats["negative checked"] += len(kernels)

    # -- driver ------------------------------------------------------------

    def select(self):
        t, args = self.t, self.args
        chosen = []
        if args.all:
            for v in t.variants():
                chosen.append(v)
            return chosen
        rng = random.Random(args.seed)
        small, big = [], []
        for op in t._ops():
            if args.op and op.name not in args.op:
                continue
            for g in op.groups:
                if g.alias:
                    continue
                envs = list(g.envs())
                (small if len(envs) <= args.small else big).append((g, envs))
        for g, envs in small:
            for serial, (env, combo) in enumerate(envs):
                chosen.append(g.variant(env, combo, serial))
        pool = [(g, i) for g, envs in big for i in range(len(envs))]
        want = max(0, args.sample - len(chosen))
        for g, i in sorted(rng.sample(pool, min(want, len(pool))),
                           key=lambda x: (x[0].op.name, x[0].index, x[1])):
            env, combo = dict(big)[g][i]
            chosen.append(g.variant(env, combo, i))
        return chosen

    def plan(self, variants):
        """(chip, ptx) -> kernels, positive and negative."""
        rng = random.Random(self.args.seed + 1)
        chips = self.t.chips()
        pos = collections.defaultdict(list)
        neg_chip = collections.defaultdict(list)
        neg_ptx = collections.defaultdict(list)
        for i, v in enumerate(variants):
            if self.args.op and v.op not in self.args.op:
                continue
            claimed = list(v.requirement.chips)
            if self.args.chips:
                claimed = [c for c in claimed if c in self.args.chips]
            if self.args.all:
                pick = claimed
            else:
                pick = claimed[:1] + (rng.sample(claimed[1:], 1)
                                      if len(claimed) > 1 else [])
            k = Kernel(i, v, self.ops)
            k.text = k.build()
            for chip in pick:
                pos[(chip, v.requirement.ptx_for(chip))].append(k)
            others = [c for c in chips if c not in v.requirement.chips]
            if others:
                for chip in (others if self.args.all else
                             [rng.choice(others)]):
                    neg_chip[chip].append(k)
            low = claimed[0] if claimed else None
            if low and v.requirement.ptx > self.t.chip_min_ptx(low):
                neg_ptx[(low, v.requirement.ptx - 1)].append(k)
        return pos, neg_chip, neg_ptx

    def main(self):
        start = time.time()
        variants = self.select()
        pos, neg_chip, neg_ptx = self.plan(variants)
        print(f"ptx-sweep: {len(variants)} variants of "
              f"{len({v.op for v in variants})} ops; "
              f"{sum(map(len, pos.values()))} compiles, "
              f"{sum(map(len, neg_chip.values()))} negative chip checks, "
              f"{sum(map(len, neg_ptx.values()))} negative PTX checks",
              flush=True)
        bs = self.args.batch
        for (chip, ptx), ks in sorted(pos.items()):
            for i in range(0, len(ks), bs):
                self.compile_batch(ks[i:i + bs], chip, ptx)
        if not self.args.no_negative:
            for chip, ks in sorted(neg_chip.items()):
                for i in range(0, len(ks), bs):
                    self.verify_fails(ks[i:i + bs], chip)
            for (chip, ptx), ks in sorted(neg_ptx.items()):
                for i in range(0, len(ks), bs):
                    self.verify_fails(ks[i:i + bs], chip, ptx)
        self.report(time.time() - start)
        return 1 if self.failures else 0

    def report(self, seconds):
        for key in sorted(self.stats):
            print(f"ptx-sweep: {key}: {self.stats[key]}")
        print(f"ptx-sweep: {len(self.failures)} failures in {seconds:.0f} s")
        shown = collections.Counter()
        for kind, v, chip, ptx, msg in self.failures:
            shown[(kind, v.op)] += 1
            if shown[(kind, v.op)] > self.args.show:
                continue
            print(f"FAIL {kind} {chip} +ptx{ptx} {v.op} [{v.ptx}] "
                  f"{v.attrs} {v.types}\n    {msg}")
        more = sum(max(0, n - self.args.show) for n in shown.values())
        if more:
            print(f"... and {more} more")
        if self.args.report:
            with open(self.args.report, "w") as f:
                for kind, v, chip, ptx, msg in self.failures:
                    f.write(f"{kind}\t{chip}\t{ptx}\t{v.op}\t{v.ptx}\t"
                            f"{v.attrs}\t{v.types}\t{msg}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True, help="the build directory")
    ap.add_argument("--tirx-translate")
    ap.add_argument("--ptxas", help="ptxas (absent: compile only)")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--all", action="store_true")
    mode.add_argument("--sample", type=int)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--small", type=int, default=40,
                    help="groups this small are always swept whole")
    ap.add_argument("--op", action="append", help="only these ops")
    ap.add_argument("--chips", nargs="*", help="only these chips")
    ap.add_argument("--batch", type=int, default=400)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--no-negative", action="store_true")
    ap.add_argument("--show", type=int, default=5,
                    help="failures shown per op and kind")
    ap.add_argument("--report", help="write every failure to this file")
    ap.add_argument("--sim-decode", metavar="TIRX_SIM",
                    help="also decode each compiled kernel with the "
                         "simulator's PTX front end (tirx-sim --decode-only)")
    args = ap.parse_args()
    if not args.tirx_translate:
        args.tirx_translate = os.path.join(args.build, "bin", "tirx-translate")
    args.tirx_opt = os.path.join(os.path.dirname(args.tirx_translate),
                                 "tirx-opt")
    return Sweep(args, load_ptxtable(args.build)).main()


if __name__ == "__main__":
    sys.exit(main())
