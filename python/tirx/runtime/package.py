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
import tempfile
import zipfile

from . import launcher as _launcher

__all__ = ["write_package", "read_manifest", "ptx_version"]


def _sha256(data):
    return hashlib.sha256(data).hexdigest()


def ptx_version(ptx):
    """The ``.version`` of a PTX text, e.g. "8.0" (None if absent)."""
    m = re.search(r"^\s*\.version\s+(\d+\.\d+)", ptx, re.M)
    return m.group(1) if m else None


def write_package(path, *, launch, target, ptx=None, cubin=None, name=None,
                  compiler=None, source_sha256=None, options=None,
                  include_launcher=True, include_runtime=True, archive=False):
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
        images.append({"kind": "cubin", "chip": target, "file": file,
                       "sha256": _sha256(files[file])})
    if ptx is not None:
        data = ptx.encode("utf-8") if isinstance(ptx, str) else bytes(ptx)
        files["kernels.ptx"] = data
        images.append({"kind": "ptx", "chip": target, "file": "kernels.ptx",
                       "ptx_version": ptx_version(data.decode("utf-8", "replace")),
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
