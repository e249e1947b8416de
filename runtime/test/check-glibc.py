#!/usr/bin/env python3
"""Checks what a shared library needs of the system it is loaded on.

    check-glibc.py [--max GLIBC_2.31] [--allow libc.so.6,...] LIB...

Reads each ELF's version needs (.gnu.version_r: the symbol versions it
binds to, per library) and its NEEDED libraries (.dynamic) -- what
`readelf -V` and `readelf -d` print -- with the standard library alone, and
fails when a GLIBC_ version is newer than --max or a needed library is not
in --allow (libstdc++ or libgcc_s would tie the library to the build
machine's compiler). Prints one line per library.
"""

import argparse
import struct
import sys

DEFAULT_ALLOW = ("libc.so.6", "libdl.so.2", "libpthread.so.0", "libm.so.6",
                 "librt.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1")


def _version(name):
    return tuple(int(x) for x in name.split("_", 1)[1].split("."))


def read_needs(path):
    """(needed libraries, {library: [version names]}) of a 64-bit
    little-endian ELF."""
    with open(path, "rb") as f:
        b = f.read()
    if b[:4] != b"\x7fELF" or b[4] != 2 or b[5] != 1:
        raise ValueError("%s: not a 64-bit little-endian ELF" % path)
    shoff, = struct.unpack_from("<Q", b, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", b, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize)
            for i in range(shnum)]

    def cstr(sec, off):
        start = sec[4] + off
        return b[start:b.index(b"\0", start)].decode()

    needed, needs = [], {}
    for name, typ, _fl, _addr, off, size, link, info, _al, _es in secs:
        if typ == 6:  # SHT_DYNAMIC
            strtab = secs[link]
            for at in range(off, off + size, 16):
                tag, val = struct.unpack_from("<qQ", b, at)
                if tag == 0:
                    break
                if tag == 1:  # DT_NEEDED
                    needed.append(cstr(strtab, val))
        if typ == 0x6FFFFFFE:  # SHT_GNU_verneed
            strtab = secs[link]
            at = off
            for _ in range(info):
                _ver, cnt, file_, aux, nxt = struct.unpack_from("<HHIII", b, at)
                lib = cstr(strtab, file_)
                a = at + aux
                for _ in range(cnt):
                    _h, _fl2, _other, vname, anext = struct.unpack_from(
                        "<IHHII", b, a)
                    needs.setdefault(lib, []).append(cstr(strtab, vname))
                    a += anext
                at += nxt
    return needed, needs


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max", default="GLIBC_2.31")
    ap.add_argument("--allow", default=",".join(DEFAULT_ALLOW))
    ap.add_argument("libs", nargs="+")
    args = ap.parse_args(argv)
    limit = _version(args.max)
    allow = set(args.allow.split(","))
    bad = False
    for lib in args.libs:
        needed, needs = read_needs(lib)
        glibc = sorted({v for vs in needs.values() for v in vs
                        if v.startswith("GLIBC_") and v[6:7].isdigit()},
                       key=_version)
        newest = glibc[-1] if glibc else "no GLIBC version"
        problems = ["%s (from %s)" % (v, lib_) for lib_, vs in sorted(needs.items())
                    for v in vs if v.startswith("GLIBC_") and v[6:7].isdigit()
                    and _version(v) > limit]
        problems += ["needs %s" % n for n in needed if n not in allow]
        problems += ["%s (from %s)" % (v, lib_) for lib_, vs in sorted(needs.items())
                     for v in vs if not v.startswith("GLIBC_")]
        name = lib.rsplit("/", 1)[-1]
        if problems:
            bad = True
            print("%s: FAILS (limit %s): %s" % (name, args.max, "; ".join(problems)))
        else:
            print("%s: ok, needs %s at most, libraries %s"
                  % (name, newest, ", ".join(needed)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
