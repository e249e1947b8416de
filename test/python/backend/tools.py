"""Paths of the build tree the backend tests use, and a subprocess helper."""

import os
import subprocess
import sys

import tirx

PACKAGES = os.path.dirname(os.path.dirname(os.path.abspath(tirx.__file__)))
BUILD = os.path.dirname(PACKAGES)
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
PLUGIN = os.path.join(BUILD, "examples", "backend", "plugin", "TIRxExamplePlugin.so")
TIRX_OPT = os.path.join(BUILD, "bin", "tirx-opt")


def run_python(code, *, paths=(), env=None, timeout=120):
    """Runs `code` in a fresh interpreter with tirx and `paths` importable."""
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join(list(paths) + [PACKAGES])
    e.pop("TIRX_BACKEND_AUTOLOAD", None)
    e.update(env or {})
    return subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=e, timeout=timeout)


def fake_distribution(root, name, entry_points, modules):
    """A distribution installed by hand in `root`: a dist-info with the
    given entry points (``{"group": {"name": "module:attr"}}``) and the
    modules (``{"file.py": source}``)."""
    info = os.path.join(root, f"{name}-1.0.dist-info")
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    with open(os.path.join(info, "entry_points.txt"), "w") as f:
        for group, eps in entry_points.items():
            f.write(f"[{group}]\n")
            for k, v in eps.items():
                f.write(f"{k} = {v}\n")
    for fname, src in modules.items():
        with open(os.path.join(root, fname), "w") as f:
            f.write(src)
    return root
