#!/usr/bin/env python3
"""Structure-aware mangler: mutates TIRx IR at the token level and checks that
tirx-opt never crashes on the result.

  mangle.py --tirx-opt build/bin/tirx-opt [--per-chunk N] [--seed S]
            [--out DIR] [--dict tirx.dict] FILE_OR_DIR...

Each input .mlir is split at `// -----`; every chunk gets N deterministic
mutations (number -> boundary values, scope/type/op-name/keyword swaps, token
deletion/duplication/transposition, bracket removal, truncation, string
edits). Each variant runs through `tirx-opt` twice: plain (parse + verify +
print) and with `--canonicalize --mem2reg --cse` plus every TIRx pass named
in the dictionary. A variant is a finding when tirx-opt exits with a signal
or a code other than 0/1, or when an error diagnostic has no location
(`<unknown>`/`loc(unknown)`). Findings are written to DIR (default
mangle-findings/) with the command line; the exit status is 1 if any.

This complements the libFuzzer target (fuzz/tirx-fuzz.cpp): it needs no clang
and exercises the real tirx-opt driver (MlirOptMain options included).
"""
import argparse
import hashlib
import os
import random
import re
import subprocess
import sys

NUMBERS = ["0", "-1", "1", "2", "3", "7", "1024", "2147483647", "2147483648",
           "-2147483648", "4294967296", "9223372036854775807",
           "9223372036854775808", "-9223372036854775808",
           "18446744073709551616", "99999999999999999999999", "0x0",
           "0xFFFFFFFFFFFFFFFF", "1.5", "-0.0", "1e308", "nan"]
SCOPES = ["global", "shared", "shared.dyn", "shared.cluster", "local", "tmem",
          "param", "generic", "shared.", "shared.foo", "Shared", "glob", "",
          "7"]
TYPES = ["i1", "i8", "i32", "i64", "ui64", "si16", "index", "f16", "bf16",
         "f32", "f8E4M3FN", "none", "vector<4xf32>", "vector<[4]xf32>",
         "tensor<?xf32>", "memref<4xf32>", "complex<f32>", "tuple<>",
         "!tirx.ptr<f32, shared>", "!tirx.ptr<!tirx.ptr<i8, global>, local>",
         "!tirx.buffer<?xf32, global>", "!tirx.buffer<0xf32, local>",
         "!tirx.buffer<f32, local>", "!tirx.buffer<1x1xi32, local>",
         "!tirx.buffer<4xi32, tmem>", "!tirx.tensormap", "!tirx.ptr<none, generic>",
         "!tirx.buffer<-1xf32, shared>", "!tirx.buffer<?x?xf32, shared.dyn>",
         "!llvm.ptr", "!llvm.ptr<3>"]
STRINGS = ['""', '"sm_"', '"sm_90a"', '"sm_100a"', '"sm_80"', '"sm_9999999999a"',
           '"sm_90a\\00"', '"\\"', '"x"', '"sm_-1"', '"SM_90A"', '"sm_90 a"']
PUNCT = ["<", ">", "(", ")", "[", "]", "{", "}", ",", ":", "=", "->", "x", "?"]

TOKEN_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|[%^@#!]?[A-Za-z_][\w.$-]*'
                      r'|-?0x[0-9A-Fa-f]+|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?'
                      r'|->|\s+|.', re.S)


def tokens(text):
    return TOKEN_RE.findall(text)


def is_ws(t):
    return t.isspace() or t.startswith("//")


class Mangler:
    def __init__(self, rng, words):
        self.rng = rng
        self.words = words

    def mutate(self, toks):
        idx = [i for i, t in enumerate(toks) if not is_ws(t)]
        if not idx:
            return toks
        rng = self.rng
        toks = list(toks)
        kind = rng.randrange(12)
        i = rng.choice(idx)
        t = toks[i]
        if kind == 0:  # numbers
            nums = [j for j in idx if re.match(r"-?(0x)?\d", toks[j])]
            if nums:
                toks[rng.choice(nums)] = rng.choice(NUMBERS)
        elif kind == 1:  # scopes
            sc = [j for j in idx if toks[j] in SCOPES or toks[j].startswith("shared")]
            if sc:
                toks[rng.choice(sc)] = rng.choice(SCOPES)
            else:
                toks[i] = rng.choice(SCOPES)
        elif kind == 2:  # types: replace a type-looking token group
            ty = [j for j in idx if re.match(r"^(!|[iuf]\d|si\d|ui\d|bf16|index|vector|none|tensor|memref)", toks[j])]
            j = rng.choice(ty) if ty else i
            end = j + 1
            if toks[j].startswith("!") and end < len(toks) and toks[end] == "<":
                depth = 0
                while end < len(toks):
                    if toks[end] == "<":
                        depth += 1
                    elif toks[end] == ">":
                        depth -= 1
                        if depth == 0:
                            end += 1
                            break
                    end += 1
            toks[j:end] = [rng.choice(TYPES)]
        elif kind == 3:  # dictionary word (op names, keywords, attr names)
            toks[i] = rng.choice(self.words)
        elif kind == 4:
            del toks[i]
        elif kind == 5:
            toks.insert(i, toks[i])
        elif kind == 6 and i + 2 < len(toks):
            j = rng.choice([k for k in idx if k != i] or [i])
            toks[i], toks[j] = toks[j], toks[i]
        elif kind == 7:  # punctuation damage
            p = [j for j in idx if toks[j] in PUNCT]
            if p:
                j = rng.choice(p)
                if rng.random() < 0.5:
                    del toks[j]
                else:
                    toks[j] = rng.choice(PUNCT)
        elif kind == 8:  # truncate
            toks = toks[:i]
        elif kind == 9:  # strings
            s = [j for j in idx if toks[j].startswith('"')]
            if s:
                toks[rng.choice(s)] = rng.choice(STRINGS)
        elif kind == 10:  # insert a dictionary word or punctuation
            toks.insert(i, " " + rng.choice(self.words + PUNCT) + " ")
        else:  # copy a span of tokens somewhere else (nesting, duplicates)
            a = rng.choice(idx)
            b = min(len(toks), a + rng.randrange(1, 12))
            span = toks[a:b]
            k = rng.choice(idx)
            toks[k:k] = span
        return toks


def load_words(path):
    words = []
    if path and os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line.startswith('"') and line.endswith('"'):
                words.append(line[1:-1].replace('\\"', '"').replace("\\\\", "\\"))
    return words or ["tirx.bind", "tirx.kernel", "!tirx.ptr", "#tirx.target"]


def chunks(paths):
    for p in paths:
        files = []
        if os.path.isdir(p):
            for d, _, fs in os.walk(p):
                files += [os.path.join(d, f) for f in sorted(fs) if f.endswith(".mlir")]
        else:
            files.append(p)
        for f in sorted(files):
            try:
                text = open(f, encoding="utf-8", errors="replace").read()
            except OSError:
                continue
            for n, c in enumerate(re.split(r"^// -----.*\n", text, flags=re.M)):
                if c.strip():
                    yield "%s#%d" % (f, n), c


def run(cmd, text, timeout):
    try:
        p = subprocess.run(cmd, input=text.encode(), capture_output=True,
                           timeout=timeout)
        return p.returncode, p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout", ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tirx-opt", required=True)
    ap.add_argument("--per-chunk", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dict")
    ap.add_argument("--out", default="mangle-findings")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("inputs", nargs="+")
    a = ap.parse_args()
    words = load_words(a.dict)
    passes = [w for w in words if re.match(r"^(tirx|convert-tirx)-[\w-]+$", w)
              and not w.startswith("convert-")]
    configs = [[], ["--canonicalize", "--mem2reg", "--cse"] +
               ["--" + p for p in passes]]
    findings = 0
    runs = 0
    seen = set()
    for name, chunk in chunks(a.inputs):
        rng = random.Random("%d:%s" % (a.seed, name))
        m = Mangler(rng, words)
        base = tokens(chunk)
        for _ in range(a.per_chunk):
            toks = base
            for _ in range(rng.randrange(1, 4)):
                toks = m.mutate(toks)
            text = "".join(toks)
            h = hashlib.sha1(text.encode()).hexdigest()[:16]
            if h in seen:
                continue
            seen.add(h)
            for cfg in configs:
                runs += 1
                rc, err = run([a.tirx_opt, "-", "-o", "/dev/null"] + cfg, text,
                              a.timeout)
                bad = None
                if rc == "timeout":
                    bad = "timeout"
                elif rc not in (0, 1):
                    bad = "exit %s" % rc
                elif rc == 1 and re.search(r"^(<unknown>|loc\(unknown\)):0: error", err, re.M) \
                        and "-:" not in err:
                    bad = "error without a location"
                if bad:
                    findings += 1
                    os.makedirs(a.out, exist_ok=True)
                    path = os.path.join(a.out, "mangle-%s.mlir" % h)
                    with open(path, "w") as f:
                        f.write(text)
                    with open(path + ".txt", "w") as f:
                        f.write("%s\n%s %s\n%s" % (bad, a.tirx_opt, " ".join(cfg), err[-4000:]))
                    print("FINDING (%s) from %s: %s  [%s]" % (bad, name, path, " ".join(cfg)),
                          flush=True)
                    break
    print("mangle: %d runs of tirx-opt, %d findings" % (runs, findings))
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
