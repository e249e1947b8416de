"""Writing kernel packages.

A kernel package is a directory (or a zip archive of one)::

    manifest.json            format, target, compiler, source hash, images,
                             and the launch description of every function
    kernels.ptx              PTX of the kernels (the driver JIT-compiles it)
    kernels.<chip>.cubin     ptxas output for <chip>, when ptxas was found
    tirx_launcher.py         the pure-Python launcher (optional copy)
    libtirx_runtime.so       the runtime library (optional copy)

`tirx.runtime.launcher.load` (or the copied ``tirx_launcher.load``) reads
it. Only the standard library is used here.
"""

import hashlib
import json
import os
import re
import shutil
import struct
import tempfile
import zipfile

from . import launcher as _launcher

__all__ = ["write_package", "read_manifest", "ptx_version", "ptx_entry_params",
           "cubin_kernels", "parse_ptxas_verbose", "param_layout", "param_base"]


def _sha256(data):
    return hashlib.sha256(data).hexdigest()


def ptx_version(ptx):
    """The ``.version`` of a PTX text, e.g. "8.0" (None if absent)."""
    m = re.search(r"^\s*\.version\s+(\d+\.\d+)", ptx, re.M)
    return m.group(1) if m else None


_PARAM_ELEM = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2,
               "f16": 2, "b32": 4, "u32": 4, "s32": 4, "f32": 4, "b64": 8,
               "u64": 8, "s64": 8, "f64": 8}


def ptx_entry_params(ptx):
    """{entry: [(size, align), ...]}: the `.param` declarations of each
    `.entry` of a PTX text, in order (`.param .align 64 .b8 p[128]` is
    (128, 64); `.param .u64 .ptr .global .align 1 p` is (8, 8): a pointer's
    `.align` is its pointee's)."""
    out = {}
    for m in re.finditer(r"\.entry\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)", ptx):
        params = []
        for decl in m.group(2).split(","):
            decl = decl.strip()
            if not decl.startswith(".param"):
                continue
            t = re.search(r"\.(b8|u8|s8|b16|u16|s16|f16|b32|u32|s32|f32|b64|"
                          r"u64|s64|f64)\b", decl)
            if t is None:
                raise ValueError("cannot read the PTX parameter %r" % decl)
            elem = _PARAM_ELEM[t.group(1)]
            count = re.search(r"\[(\d+)\]\s*$", decl)
            size = elem * (int(count.group(1)) if count else 1)
            align = elem
            a = re.search(r"\.align\s+(\d+)", decl)
            if a and ".ptr" not in decl:
                align = int(a.group(1))
            params.append((size, align))
        out[m.group(1)] = params
    return out


def param_base(chip):
    """Where the parameter space starts in constant bank 0 on `chip`
    ("sm_90a"): 0x380 on sm_100 and newer, 0x210 on sm_90, 0x160 before
    (what ptxas records as EIATTR_PARAM_CBANK)."""
    m = re.match(r"sm_(\d+)", chip)
    sm = int(m.group(1)) if m else 90
    return 0x380 if sm >= 100 else 0x210 if sm >= 90 else 0x160


def param_layout(params, base=0x210):
    """(offset, size) of each parameter as the driver lays them out: from
    the start of the parameter space, which begins at `base` in constant
    bank 0 (param_base(chip)), each parameter aligned in the bank: on sm_90
    a 64-byte aligned tensormap after an 8-byte pointer is at offset 48.
    `params` is a list of (size, align), as ptx_entry_params returns."""
    at, out = base, []
    for size, align in params:
        at = (at + align - 1) // align * align
        out.append((at - base, size))
        at += size
    return out


def cubin_kernels(cubin):
    """{kernel: {"params": [(offset, size), ...], "param_base": offset,
    "registers": n}} from a cubin's .nv.info sections: the parameter layout
    ptxas recorded (EIATTR_KPARAM_INFO, by ordinal; offsets from the start
    of the parameter space, which is at param_base in constant bank 0,
    EIATTR_PARAM_CBANK) and the register count (EIATTR_REGCOUNT). What the
    driver reads when it loads the cubin."""
    b = bytes(cubin)
    if b[:4] != b"\x7fELF" or b[4] != 2 or b[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF")
    shoff, = struct.unpack_from("<Q", b, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", b, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize)
            for i in range(shnum)]

    def cstr(sec, off):
        start = sec[4] + off
        return b[start:b.index(b"\0", start)].decode()

    symbols = []
    for sec in secs:
        if sec[1] == 2 and sec[9] >= 24:  # SHT_SYMTAB
            for at in range(sec[4], sec[4] + sec[5], 24):
                symbols.append(cstr(secs[sec[6]], struct.unpack_from("<I", b, at)[0]))
    kernels, regs = {}, {}
    for sec in secs:
        name = cstr(secs[shstrndx], sec[0])
        if not name.startswith(".nv.info"):
            continue
        kernel = name[len(".nv.info."):] if name != ".nv.info" else None
        params, base = {}, None
        at, end = sec[4], sec[4] + sec[5]
        while at + 4 <= end:
            fmt, attr = b[at], b[at + 1]
            if fmt == 4:  # EIFMT_SVAL: 16-bit length, then the value
                n, = struct.unpack_from("<H", b, at + 2)
                value, nxt = at + 4, at + 4 + n
            elif fmt in (1, 2, 3):
                value, nxt = at + 2, at + 4
            else:
                raise ValueError("%s: unknown attribute format %d" % (name, fmt))
            if kernel and attr == 0x17 and fmt == 4:  # EIATTR_KPARAM_INFO
                _idx, ordinal, offset, word = struct.unpack_from("<IHHI", b, value)
                params[ordinal] = (offset, (word >> 18) & 0x3FFF)
            if kernel and attr == 0x0A and fmt == 4:  # EIATTR_PARAM_CBANK
                _sym, base, _size = struct.unpack_from("<IHH", b, value)
            if kernel is None and attr == 0x2F and fmt == 4:  # EIATTR_REGCOUNT
                sym, count = struct.unpack_from("<II", b, value)
                if sym < len(symbols):
                    regs[symbols[sym]] = count
            at = nxt
        if kernel:
            kernels[kernel] = {"params": [params[i] for i in sorted(params)],
                               "param_base": base, "registers": None}
    for k, v in kernels.items():
        v["registers"] = regs.get(k)
    return kernels


_PTXAS_ENTRY = re.compile(r"Compiling entry function '([^']+)'")
_PTXAS_USED = re.compile(r"Used (\d+) registers")
_PTXAS_SPILL = re.compile(r"(\d+) bytes spill stores, (\d+) bytes spill loads")
_PTXAS_STACK = re.compile(r"(\d+) bytes stack frame")
_PTXAS_SMEM = re.compile(r"(\d+) bytes smem")
_PTXAS_CMEM = re.compile(r"(\d+) bytes cmem\[0\]")


def parse_ptxas_verbose(text):
    """{entry: {registers, spill_stores, spill_loads, stack, smem, cmem0}}
    from `ptxas -v` output (static shared memory only; cmem0 is constant
    bank 0: the parameter space and the driver's part)."""
    stats, cur = {}, None
    for line in text.splitlines():
        m = _PTXAS_ENTRY.search(line)
        if m:
            cur = stats.setdefault(m.group(1), dict(
                registers=None, spill_stores=None, spill_loads=None, stack=None,
                smem=0, cmem0=None))
            continue
        if cur is None:
            continue
        m = _PTXAS_SPILL.search(line)
        if m:
            cur["spill_stores"], cur["spill_loads"] = int(m.group(1)), int(m.group(2))
        m = _PTXAS_STACK.search(line)
        if m:
            cur["stack"] = int(m.group(1))
        m = _PTXAS_USED.search(line)
        if m:
            cur["registers"] = int(m.group(1))
        m = _PTXAS_SMEM.search(line)
        if m:
            cur["smem"] = int(m.group(1))
        m = _PTXAS_CMEM.search(line)
        if m:
            cur["cmem0"] = int(m.group(1))
    return stats


def write_package(path, *, launch, target, ptx=None, cubin=None, name=None,
                  compiler=None, source_sha256=None, options=None,
                  include_launcher=True, include_runtime=True, archive=False,
                  ptxas_stats=None):
    """Writes a kernel package at `path` and returns its path.

    launch: the launch description (dict, as `tirx-translate --emit=launch`
    writes it); target: the chip ("sm_90a"); ptx: the PTX text; cubin: the
    cubin bytes for `target`. With `archive`, writes a zip file instead of a
    directory. The directory is written next to `path` and renamed into
    place, so a reader never sees half a package.
    """
    if ptx is None and cubin is None:
        raise ValueError("a package needs PTX or a cubin")
    if launch.get("format") != _launcher.LAUNCH_FORMAT:
        raise ValueError("launch description format %r, expected %r"
                         % (launch.get("format"), _launcher.LAUNCH_FORMAT))
    files = {}
    images = []
    if cubin is not None:
        file = "kernels.%s.cubin" % target
        files[file] = bytes(cubin)
        image = {"kind": "cubin", "chip": target, "file": file,
                 "sha256": _sha256(files[file])}
        # What ptxas made of each kernel: its parameter layout and
        # registers (from the cubin) and its resource report (ptxas -v),
        # for comparison with what the driver reports on the GPU.
        try:
            kernels = cubin_kernels(files[file])
        except (ValueError, IndexError, struct.error):
            kernels = {}
        for k, stats in (ptxas_stats or {}).items():
            kernels.setdefault(k, {})["ptxas"] = stats
        if kernels:
            image["kernels"] = {k: {kk: (list(map(list, vv)) if kk == "params" else vv)
                                    for kk, vv in v.items()}
                                for k, v in kernels.items()}
        images.append(image)
    if ptx is not None:
        data = ptx.encode("utf-8") if isinstance(ptx, str) else bytes(ptx)
        files["kernels.ptx"] = data
        text = data.decode("utf-8", "replace")
        images.append({"kind": "ptx", "chip": target, "file": "kernels.ptx",
                       "ptx_version": ptx_version(text),
                       "params": {k: [list(p) for p in v]
                                  for k, v in ptx_entry_params(text).items()},
                       "sha256": _sha256(data)})
    manifest = {
        "format": _launcher.PACKAGE_FORMAT,
        "name": name or os.path.basename(os.fspath(path)).split(".")[0],
        "target": target,
        "compiler": dict(compiler or {}),
        "source_sha256": source_sha256,
        "options": dict(options or {}),
        "images": images,
        "launch": launch,
    }
    files["manifest.json"] = (json.dumps(manifest, indent=2, sort_keys=True)
                              + "\n").encode("utf-8")
    if include_launcher:
        with open(_launcher.__file__, "rb") as f:
            files["tirx_launcher.py"] = f.read()
    if include_runtime:
        with open(_launcher.find_runtime_library(), "rb") as f:
            files[_launcher.RUNTIME_LIBRARY] = f.read()

    path = os.fspath(path)
    parent = os.path.dirname(os.path.abspath(path))
    os.makedirs(parent, exist_ok=True)
    if archive:
        fd, tmp = tempfile.mkstemp(dir=parent, suffix=".zip.tmp")
        os.close(fd)
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
            for name_, data in sorted(files.items()):
                info = zipfile.ZipInfo(name_, date_time=(1980, 1, 1, 0, 0, 0))
                info.external_attr = 0o644 << 16
                z.writestr(info, data, zipfile.ZIP_DEFLATED)
        os.replace(tmp, path)
        return path
    tmp = tempfile.mkdtemp(dir=parent, prefix=".tirxpkg-")
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o777 & ~umask)  # mkdtemp makes it private
    try:
        for name_, data in files.items():
            with open(os.path.join(tmp, name_), "wb") as f:
                f.write(data)
        if os.path.isdir(path):
            shutil.rmtree(path)
        os.replace(tmp, path)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return path


def read_manifest(path):
    """The manifest of a package (directory or archive)."""
    manifest, _files = _launcher._read_package(os.fspath(path))
    return manifest
