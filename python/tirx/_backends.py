"""Out-of-tree backends: entry points of the group ``tirx.backends`` and
MLIR plugin libraries.

At ``import tirx`` (after the package is initialized) every entry point of
the group is loaded and called once with no arguments; it may add a script
namespace (``tirx.script.tirx.register_namespace``), printers for its ops
(``tirx.script.register_op_printer``), Python passes, and load its native
code with :func:`load_plugin`. A failing backend becomes a warning naming
it. ``TIRX_BACKEND_AUTOLOAD=0`` turns the scan off.
"""

import os
import warnings

__all__ = ["autoload", "load_plugin", "loaded_backends", "loaded_plugins",
           "register_script_namespace"]

GROUP = "tirx.backends"
_LOADED = {}  # entry-point name -> its return value


def _enabled():
    return os.environ.get("TIRX_BACKEND_AUTOLOAD", "1").strip().lower() not in (
        "0", "false", "no", "off")


def autoload():
    """Loads and calls each ``tirx.backends`` entry point not loaded yet."""
    if not _enabled():
        return
    from importlib.metadata import entry_points
    try:
        eps = entry_points(group=GROUP)
    except Exception as e:  # noqa: BLE001 - a broken environment: say so
        warnings.warn(f"tirx: cannot list the {GROUP} entry points: {e}",
                      RuntimeWarning, stacklevel=2)
        return
    for ep in sorted(eps, key=lambda e: e.name):
        if ep.name in _LOADED:
            continue
        try:
            fn = ep.load()
            _LOADED[ep.name] = fn() if callable(fn) else fn
        except Exception as e:  # noqa: BLE001 - a backend never breaks the import
            _LOADED[ep.name] = None
            warnings.warn(f"tirx: the backend '{ep.name}' ({ep.value}) failed to "
                          f"load: {type(e).__name__}: {e}", RuntimeWarning, stacklevel=2)


def loaded_backends():
    """The names of the entry points loaded so far."""
    return sorted(_LOADED)


def load_plugin(path):
    """Loads an MLIR dialect or pass plugin library (what ``tirx-opt
    --load-dialect-plugin`` / ``--load-pass-plugin`` take) once per process;
    loading the same file again is a no-op. Returns the kinds it provided
    (``["pass"]``, ``["dialect"]`` or both). A pass plugin's passes are then
    in ``tirx.passmanager.PassManager.parse`` pipelines; a dialect plugin's
    dialects are in every Context created afterwards."""
    from ._tirx import load_plugin as _load
    p = os.fspath(path)
    if not os.path.isfile(p):
        raise FileNotFoundError(f"no plugin library at '{p}'")
    return list(_load(os.path.realpath(p)))


def loaded_plugins():
    """The real paths of the plugin libraries loaded so far."""
    from ._tirx import loaded_plugins as _loaded
    return list(_loaded())


def register_script_namespace(name, namespace):
    """Makes `namespace` (a module or object of functions) ``T.<name>`` in
    scripts. A name the T namespace already has is refused (ValueError)."""
    from .script import tirx as T
    if not name.isidentifier() or name.startswith("_"):
        raise ValueError(f"'{name}' is not a namespace name")
    existing = T.__dict__.get(name)
    if existing is not None and existing is not namespace:
        raise ValueError(f"T.{name} exists already")
    setattr(T, name, namespace)
