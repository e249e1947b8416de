"""Native Python errors: every exception class the package defines is a
RuntimeError, ValueError or TypeError (or a private control-flow signal);
there is no project-wide base error type."""

import importlib
import inspect
import pkgutil

import tirx

ALLOWED = (RuntimeError, ValueError, TypeError, Warning)


def _modules():
    yield tirx
    for info in pkgutil.walk_packages(tirx.__path__, "tirx."):
        if not info.name.endswith("__main__"):  # runs the command line
            yield importlib.import_module(info.name)


def test_every_error_type_is_a_builtin_kind():
    seen = {}
    for mod in _modules():
        for name, obj in vars(mod).items():
            if inspect.isclass(obj) and issubclass(obj, BaseException) \
                    and (obj.__module__ or "").startswith("tirx"):
                seen[f"{obj.__module__}.{obj.__qualname__}"] = obj
    assert "tirx.script._diagnostics.ScriptError" in seen
    assert any(k.endswith("MLIRError") for k in seen)
    bad = [k for k, c in seen.items()
           if not issubclass(c, ALLOWED) and not c.__name__.startswith("_")]
    assert bad == []


def test_no_project_wide_base_error():
    assert not [n for n in dir(tirx) if n.endswith("Error")]
    from tirx.script import ScriptError
    from tirx.ir import MLIRError
    assert ScriptError.__bases__ == (RuntimeError,)
    assert MLIRError.__bases__ == (RuntimeError,)
