"""Differential test: randomly generated small scripts -- integer scalars,
loops over ranges (IR loops) and over Python lists (unrolled while
parsing), break/continue under conditions known while parsing and at run
time, if/else, a macro and a private function -- run once as Python and
once through the parser and the simulator; the results must agree. Each
program is also printed and parsed back (structurally equal).

TIRX_DIFFERENTIAL_PROGRAMS (default 40) sets how many programs run;
TIRX_DIFFERENTIAL_SEED the first seed."""

import os
import random
import textwrap

import numpy as np
import pytest

from tirx import sim
from tirx.script import from_source, script, structural_equal

N = int(os.environ.get("TIRX_DIFFERENTIAL_PROGRAMS", "40"))
SEED = int(os.environ.get("TIRX_DIFFERENTIAL_SEED", "0"))
VARS = ["a", "b", "c"]
MOD = 997  # every assignment stays small: no int32 overflow to model


class Gen:
    """A random program as two texts: the script body and the Python
    model body (the same statements; the helper calls are spelled
    differently)."""

    def __init__(self, rng):
        self.rng = rng
        self.n = 0  # loop variables so far

    def atom(self, loops):
        r = self.rng
        choices = [lambda: r.choice(VARS), lambda: str(r.randint(-9, 9)),
                   lambda: f"B[{self.index(loops)}]"]
        if loops:
            choices.append(lambda: r.choice(loops)[0])
        return r.choice(choices)()

    def index(self, loops):
        if loops and self.rng.random() < 0.7:
            name, _ = self.rng.choice(loops)
            return f"{name} % 8"
        return str(self.rng.randint(0, 7))

    def expr(self, loops, depth=0):
        r = self.rng
        if depth > 1 or r.random() < 0.4:
            return self.atom(loops)
        op = r.choice(["+", "-", "*", "//", "%"])
        lhs, rhs = self.expr(loops, depth + 1), self.expr(loops, depth + 1)
        if op in ("//", "%"):
            rhs = str(r.randint(1, 7))  # a positive constant divisor
        return f"({lhs} {op} {rhs})"

    def cond(self, loops, static=False):
        r = self.rng
        cmp = r.choice(["<", ">", "==", "!=", "<=", ">="])
        py_loops = [l for l in loops if l[1] == "py"]
        if static and py_loops:
            # decided while parsing (a Python loop variable and a constant)
            return f"{r.choice(py_loops)[0]} {cmp} {r.randint(0, 3)}"
        return f"{self.expr(loops, 1)} {cmp} {self.expr(loops, 1)}"

    def block(self, loops, depth, ind, count=None):
        r = self.rng
        out_s, out_p = [], []
        for _ in range(count or r.randint(1, 3)):
            s, p = self.stmt(loops, depth, ind)
            out_s += s
            out_p += p
        return out_s, out_p

    def stmt(self, loops, depth, ind):
        r = self.rng
        pad = "    " * ind
        kinds = ["assign", "assign", "call"]
        if depth < 3:
            kinds += ["if", "for", "pyfor"]
        if loops:
            kinds += ["exit", "exit"]
        k = r.choice(kinds)
        if k == "assign":
            v = r.choice(VARS)
            line = f"{pad}{v} = ({self.expr(loops)}) % {MOD}"
            return [line], [line]
        if k == "call":
            v = r.choice(VARS)
            x = self.expr(loops, 1)
            if r.random() < 0.5:
                d = r.randint(0, 5)
                s = p = f"{pad}{v} = twice_plus({x}, {d}) % {MOD}"
            else:
                s = f"{pad}{v} = Module.helper({x}) % {MOD}"
                p = f"{pad}{v} = helper({x}) % {MOD}"
            return [s], [p]
        if k == "exit":
            word = r.choice(["break", "continue"])
            c = self.cond(loops, static=r.random() < 0.4)
            line = [f"{pad}if {c}:", f"{pad}    {word}"]
            return line, line
        if k == "if":
            c = self.cond(loops)
            bs, bp = self.block(loops, depth + 1, ind + 1)
            s, p = [f"{pad}if {c}:"] + bs, [f"{pad}if {c}:"] + bp
            if r.random() < 0.5:
                es, ep = self.block(loops, depth + 1, ind + 1)
                s += [f"{pad}else:"] + es
                p += [f"{pad}else:"] + ep
            return s, p
        self.n += 1
        if k == "for":
            name = f"i{self.n}"
            head = f"{pad}for {name} in range({r.randint(1, 4)}):"
            kind = "ir"
        else:
            name = f"k{self.n}"
            items = [r.randint(0, 4) for _ in range(r.randint(1, 4))]
            head = f"{pad}for {name} in {items}:"
            kind = "py"
        bs, bp = self.block(loops + [(name, kind)], depth + 1, ind + 1)
        return [head] + bs, [head] + bp


def program(seed):
    rng = random.Random(seed)
    g = Gen(rng)
    body_s, body_p = g.block([], 0, 2, rng.randint(3, 6))
    init = ["        a = 0", "        b = 1", "        c = 2"]
    outs = [f"        A[{i}] = {v}" for i, v in enumerate(VARS)]
    script_text = "\n".join([
        "@I.ir_module",
        "class Module:",
        "    @T.prim_func(private=True)",
        "    def helper(x: T.int32) -> T.int32:",
        "        return x * 3 - 1",
        "",
        "    @T.prim_func",
        "    def main(A: T.Buffer((3,), \"int32\"), B: T.Buffer((8,), \"int32\")):",
        "        @T.inline",
        "        def twice_plus(x, d):",
        "            return x * 2 + d",
        "        T.device_entry()",
        "        tx = T.thread_id([1])",
    ] + init + body_s + outs) + "\n"
    python_text = "\n".join([
        "def helper(x):",
        "    return x * 3 - 1",
        "",
        "def twice_plus(x, d):",
        "    return x * 2 + d",
        "",
        "def main(A, B):",
    ] + [textwrap.indent(textwrap.dedent("\n".join(init + body_p + outs)), "    ")]) + "\n"
    return script_text, python_text


def _run_python(text, b):
    ns = {}
    exec(compile(text, "<model>", "exec"), ns)  # noqa: S102 - generated here
    a = [0, 0, 0]
    ns["main"](a, list(int(x) for x in b))
    return a


@pytest.mark.parametrize("seed", range(SEED, SEED + N))
def test_script_and_python_agree(seed):
    script_text, python_text = program(seed)
    rng = np.random.default_rng(seed)
    b = rng.integers(-20, 20, size=8).astype(np.int32)
    want = _run_python(python_text, b)
    m = from_source(script_text)
    a = np.zeros(3, np.int32)
    sim.run(m, a, b.copy(), func="main")
    assert list(a) == want, "\n" + script_text
    assert structural_equal(m, from_source(script(m)))


def test_the_generator_covers_what_it_claims():
    texts = [program(s)[0] for s in range(SEED, SEED + N)]
    joined = "\n".join(texts)
    for what in ("break", "continue", "for i", "for k", "twice_plus(", "Module.helper(",
                 "if ", "else:"):
        assert what in joined, what
