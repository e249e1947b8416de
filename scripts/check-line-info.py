#!/usr/bin/env python3
"""Line info changes no code: each input compiles to PTX with and without
`--line-info`; with it, every instruction's `.loc` names a `.file` that is
the input; both PTX texts hold the same instructions in the same order; and
ptxas (when given) assembles both to the same SASS (the cubins' .text
sections are byte-identical; only the debug-line sections differ). ptxas
itself is not deterministic for every kernel (13.0 assembles some sm_100a
kernels to one of two register assignments from run to run): a kernel
whose first two cubins differ is assembled again, up to 6 times each, and
passes when the two sets of outcomes share one.

    scripts/check-line-info.py --tools build/bin [--ptxas PTXAS] FILE.mlir...
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile


def compile_ptx(tools, path, chip, line_info):
    cmd = [os.path.join(tools, "tirx-translate"), path, "--emit=ptx",
           "--chip=" + chip]
    if line_info:
        cmd.append("--line-info")
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


def instructions(ptx):
    """The PTX without line info: no .loc/.file, debug sections or labels
    (line info adds labels such as $L__func_begin0 and $L__tmp0)."""
    out = []
    in_section = False
    for line in ptx.splitlines():
        s = line.strip()
        if s.startswith(".section"):
            in_section = "}" not in s
            continue
        if in_section:
            in_section = "}" not in s
            continue
        if not s or s.startswith(("//", ".loc", ".file")) or re.match(
                r"^\$L__\w+:$", s):
            continue
        out.append(s)
    return out


def text_sections(cubin):
    """{name: bytes} of an ELF64 file's .text sections."""
    with open(cubin, "rb") as f:
        d = f.read()
    if d[:4] != b"\x7fELF":
        raise ValueError(f"{cubin} is not an ELF file")
    shoff = struct.unpack_from("<Q", d, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize)
               for i in range(shnum)]
    names = headers[shstrndx][4]
    out = {}
    for h in headers:
        name = d[names + h[0]:d.index(b"\0", names + h[0])].decode()
        if name.startswith(".text"):
            out[name] = d[h[4]:h[4] + h[5]]
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--tools", required=True)
    ap.add_argument("--ptxas")
    args = ap.parse_args(argv)
    failures = checked = assembled = 0
    with tempfile.TemporaryDirectory(prefix="tirx-lineinfo-") as tmp:
        for path in args.files:
            name = os.path.basename(path)
            chip = with_info = None
            for c in ("sm_90a", "sm_100a"):
                with_info = compile_ptx(args.tools, path, c, True)
                if with_info is not None:
                    chip = c
                    break
            if chip is None:
                print(f"SKIP {name}: does not compile")
                continue
            plain = compile_ptx(args.tools, path, chip, False)
            problems = []
            files = dict(re.findall(r'^\s*\.file\s+(\d+)\s+"([^"]+)"', with_info,
                                    re.M))
            locs = re.findall(r"^\s*\.loc\s+(\d+)\s+(\d+)", with_info, re.M)
            if not locs:
                problems.append("the PTX has no .loc")
            for f, _ in locs:
                if f not in files:
                    problems.append(f".loc names file {f}, which no .file "
                                    "declares")
                    break
            if not any(os.path.basename(v) == name for v in files.values()):
                problems.append(f"no .file names {name} ({files})")
            if ".loc" in plain or ".file" in plain:
                problems.append("the PTX without --line-info has line info")
            if instructions(with_info) != instructions(plain):
                a, b = instructions(with_info), instructions(plain)
                i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y),
                         min(len(a), len(b)))
                problems.append(f"the instructions differ at #{i}: "
                                f"{a[i:i + 1]} vs {b[i:i + 1]}")
            if args.ptxas and not problems:
                sources = {}
                for tag, text in (("info", with_info), ("plain", plain)):
                    sources[tag] = os.path.join(tmp, f"{name}.{tag}.ptx")
                    with open(sources[tag], "w") as f:
                        f.write(text)

                def assemble(tag):
                    out = os.path.join(tmp, f"{name}.{tag}.cubin")
                    cmd = [args.ptxas, "-arch=" + chip, "-O3"]
                    if tag == "info":
                        cmd.append("-lineinfo")
                    r = subprocess.run(cmd + [sources[tag], "-o", out],
                                       capture_output=True, text=True)
                    if r.returncode:
                        problems.append(f"ptxas ({tag}): {r.stderr.strip()}")
                        return None
                    sections = text_sections(out)
                    return tuple(sorted(sections.items()))
                outcomes = {"info": set(), "plain": set()}
                for attempt in range(6):
                    for tag in outcomes:
                        sass = assemble(tag)
                        if sass is None:
                            break
                        outcomes[tag].add(sass)
                    if problems or outcomes["info"] & outcomes["plain"]:
                        break
                if not problems:
                    assembled += 1
                    if not outcomes["info"] & outcomes["plain"]:
                        problems.append("the SASS differs (.text sections)")
                    elif not any(outcomes["info"]):
                        problems.append("the cubin has no .text section")
            checked += 1
            if problems:
                failures += 1
                print(f"FAIL {name} ({chip}): " + "; ".join(problems))
            else:
                print(f"OK   {name} ({chip}): {len(locs)} .loc directives")
    print(f"{checked} checked, {assembled} assembled by ptxas, "
          f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
