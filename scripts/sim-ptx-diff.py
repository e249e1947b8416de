#!/usr/bin/env python3
"""The simulator tests at both levels: every `tirx-sim %s ...` RUN line of
the given lit test files (or directories) runs again with --diff-ptx, so
the kernel is also compiled to PTX and simulated at the PTX level, on the
same inputs: every array must end equal, and the PTX level may report no
problem the IR level does not report at the same line (with
--verify-diagnostics, the IR level's errors are still checked).

Lines that expect a failure (`not tirx-sim`) and lines that feed tirx-sim
from another command (`tirx-opt ... | tirx-sim -`) are run the same way.
Prints one line per RUN line and a summary; exits 1 if any disagrees.

    scripts/sim-ptx-diff.py --tools build/bin test/Sim [--ulps N] [-v]
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time


def run_lines(path):
    """The RUN commands of a lit test file (continuations joined)."""
    out, cur = [], ""
    with open(path) as f:
        for line in f:
            m = re.search(r"(?://|#|^)\s*RUN:\s?(.*)$", line.rstrip("\n"))
            if not m:
                continue
            text = m.group(1)
            if text.endswith("\\"):
                cur += text[:-1]
                continue
            out.append(cur + text)
            cur = ""
    return out


# Options that only shape the output, or need the IR level alone.
DROP = ("--print=", "--report-stats", "--out-dir=")


def diff_command(run, path, tools, tmp, ulps):
    """The --diff-ptx form of one RUN line, or None if it does not run
    tirx-sim on a kernel (a .ptx input is already the PTX level)."""
    run = run.replace("%s", shlex.quote(path)).replace("%t", os.path.join(
        tmp, "t")).replace("%tirx_src_root", ROOT)
    # The tirx-sim stage (and what feeds it).
    stages = [s.strip() for s in run.split("|")]
    for i, stage in enumerate(stages):
        words = shlex.split(stage)
        expect_fail = bool(words) and words[0] == "not"
        if expect_fail:
            words = words[1:]
        if not words or words[0] != "tirx-sim":
            continue
        if path.endswith(".ptx"):
            return None
        args = [w for w in words[1:] if not w.startswith(DROP) and
                w not in ("2>&1",)]
        sim = [os.path.join(tools, "tirx-sim")] + args + [
            "--diff-ptx", "--print=none"]
        if ulps:
            sim.append(f"--ulps={ulps}")
        feed = []
        for s in stages[:i]:
            w = shlex.split(s)
            if w and w[0] in ("tirx-opt", "tirx-translate"):
                w[0] = os.path.join(tools, w[0])
            feed.append(w)
        return feed, sim, expect_fail
    return None


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--tools", required=True, help="the build's bin directory")
    ap.add_argument("--ulps", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p)
                            if f.endswith(".mlir"))
        else:
            files.append(p)
    agree = differ = skipped = ir_only = 0
    not_run = 0
    start = time.time()
    with tempfile.TemporaryDirectory(prefix="tirx-sim-diff-") as tmp:
        for path in files:
            for run in run_lines(path):
                cmd = diff_command(run, path, args.tools, tmp, args.ulps)
                if cmd is None:
                    continue
                feed, sim, expect_fail = cmd
                data = None
                if feed:
                    p = subprocess.run(feed[0], capture_output=True, text=True)
                    if p.returncode:
                        skipped += 1
                        continue
                    data = p.stdout
                r = subprocess.run(sim, input=data, capture_output=True,
                                   text=True)
                out = r.stdout + r.stderr
                name = os.path.relpath(path, ROOT)
                # A line the lit test expects to succeed must succeed at both
                # levels too. One that fails without a difference (the PTX
                # level could not be built or run: a kernel that does not
                # compile, an input an earlier RUN line writes) was not
                # compared, and is listed as such rather than passed.
                if (r.returncode != 0 and not expect_fail and
                        "--verify-diagnostics" not in sim and
                        "PTX level differs" not in out):
                    not_run += 1
                    reason = next((l for l in out.splitlines()
                                   if "error" in l or "cannot" in l),
                                  out.strip().splitlines()[-1] if out.strip()
                                  else f"exit {r.returncode}")
                    print(f"NOT RUN  {name}: {reason.strip()}")
                    continue
                bad = "PTX level differs" in out or (
                    "--verify-diagnostics" in sim and r.returncode != 0)
                if bad:
                    differ += 1
                    print(f"DIFFERS  {name}: {' '.join(sim[1:])}")
                    for line in out.splitlines()[:12]:
                        print("    " + line)
                    continue
                agree += 1
                if "IR level only" in out:
                    ir_only += 1
                    print(f"IR-only  {os.path.relpath(path, ROOT)}: "
                          + next(l for l in out.splitlines()
                                 if l.startswith("IR level only")))
                if args.verbose:
                    lines = [l for l in out.splitlines()
                             if l.startswith(("PTX level", "both levels"))]
                    print(f"agree    {name}: {len(lines)} run(s)")
    print(f"{agree} RUN lines agree at both levels ({ir_only} with problems "
          f"only the IR level reports), {differ} differ, {not_run} not "
          f"compared, {skipped} skipped "
          f"({time.time() - start:.1f} s)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
