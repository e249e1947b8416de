"""The ``python -m tirx`` command line.

    python -m tirx compile kernel.py [--func main] [--target sm_90a]
                   [--emit ptx|llvm|mlir|cubin|script] [-o out]
    python -m tirx print kernel.mlir [-o out] [--allow-partial]   # TIRx IR -> script
    python -m tirx targets                      # the chips --target takes

Errors are rendered as the script frontend renders them (``error: ...``,
the ``--> file:line:col`` header and the source line); the exit status is 1
for an error in the input, 2 for a usage error. A user error never prints a
Python traceback.
"""

import argparse
import os
import sys
import traceback

__all__ = ["main"]

EMITS = ("ptx", "llvm", "mlir", "cubin", "script")


class InputError(RuntimeError):
    """An error in the user's input: printed, exit status 1."""


def _parser():
    p = argparse.ArgumentParser(prog="python -m tirx",
                                description="TIRx: compile and print kernels.")
    sub = p.add_subparsers(dest="command", metavar="command")
    sub.required = True
    c = sub.add_parser("compile", help="compile a script kernel")
    c.add_argument("kernel", help="a Python file with @T.prim_func / @I.ir_module kernels")
    c.add_argument("--func", help="the kernel to compile (default: Module, main, "
                                  "or the only kernel in the file), or a call of "
                                  "a function of the file that returns one, with "
                                  "literal arguments: --func 'make_axpy(1024)'")
    c.add_argument("--target", default="sm_90a", help="the chip (default sm_90a; "
                                                      "see `python -m tirx targets`)")
    c.add_argument("--emit", default="ptx", choices=EMITS)
    c.add_argument("-o", "--output", help="the output file (default: standard output)")
    pr = sub.add_parser("print", help="print TIRx IR (.mlir) as script")
    pr.add_argument("mlir", help="a file of TIRx IR ('-' for standard input)")
    pr.add_argument("-o", "--output", help="the output file (default: standard output)")
    pr.add_argument("--allow-partial", action="store_true",
                    help="print IR without a script spelling as placeholders "
                         "(for display: such text does not parse)")
    sub.add_parser("targets", help="list the chips --target accepts")
    return p


def _user_frame_error(e, path):
    """`e`, raised while running the user's file, as an InputError located
    at the innermost frame in that file."""
    from .script import ScriptError
    if isinstance(e, ScriptError):
        return InputError(str(e))
    if isinstance(e, SyntaxError) and e.filename:
        from .script._diagnostics import Span, render
        span = Span(e.filename, e.lineno or 1, e.offset or 1)
        return InputError(render(f"SyntaxError: {e.msg}", span))
    tb = traceback.extract_tb(e.__traceback__)
    frames = [f for f in tb if os.path.abspath(f.filename) == os.path.abspath(path)]
    msg = f"{type(e).__name__}: {e}"
    if frames:
        from .script._diagnostics import Span, render
        f = frames[-1]
        return InputError(render(msg, Span(f.filename, f.lineno, (f.colno or 0) + 1,
                                           f.end_lineno, (f.end_colno or 0) + 1)))
    return InputError(f"error: {msg}")


def _load_kernels(path):
    """The kernels (PrimFunc / IRModule objects) the file defines, by name."""
    return _kernels_of(_load(path))


def _kernels_of(ns):
    from .script import IRModule, PrimFunc
    return {k: v for k, v in ns.items()
            if isinstance(v, (PrimFunc, IRModule)) and not k.startswith("_")}


def _load(path):
    """The namespace of the user's file after running it."""
    import runpy
    from .script import IRModule, PrimFunc
    if not os.path.isfile(path):
        raise InputError(f"error: no such file: {path}")
    try:
        ns = runpy.run_path(path, run_name="__tirx_kernel__")
    except SystemExit as e:
        raise InputError(f"error: {path} exited ({e.code}) while it was loaded") from None
    except BaseException as e:  # noqa: BLE001 - the user's code: report, located
        if isinstance(e, KeyboardInterrupt):
            raise
        raise _user_frame_error(e, path) from None
    return ns


def _factories(ns, path):
    """The functions the file defines (kernel factories such as
    examples/kernels/*.py's make_*), by name."""
    import inspect
    out = {}
    for k, v in ns.items():
        if k.startswith("_") or not inspect.isfunction(v):
            continue
        code = getattr(v, "__code__", None)
        if code is not None and os.path.abspath(code.co_filename) == os.path.abspath(path):
            out[k] = v
    return out


def _signature(f):
    import inspect
    try:
        return f"{f.__name__}{inspect.signature(f)}"
    except (TypeError, ValueError):
        return f.__name__


def _call_factory(ns, text, path):
    """`--func 'make_axpy(1024, BN=128)'`: calls the file's function with
    literal arguments; it must return a kernel."""
    import ast
    from .script import IRModule, PrimFunc
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as e:
        raise InputError(f"error: --func {text!r} is not a call: {e.msg}") from None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise InputError(f"error: --func {text!r} must be NAME or NAME(arguments)")
    name = node.func.id
    f = ns.get(name)
    if not callable(f):
        have = ", ".join(sorted(_factories(ns, path))) or "none"
        raise InputError(f"error: {path} defines no function '{name}' (functions: {have})")
    try:
        args = [ast.literal_eval(a) for a in node.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
    except ValueError:
        raise InputError(f"error: the arguments of --func {text!r} must be "
                         "Python literals (numbers, strings, tuples, ...)") from None
    if any(k is None for k in kwargs):
        raise InputError(f"error: --func {text!r}: **kwargs are not supported")
    try:
        obj = f(*args, **kwargs)
    except BaseException as e:  # noqa: BLE001 - the user's code: report, located
        if isinstance(e, KeyboardInterrupt):
            raise
        raise _user_frame_error(e, path) from None
    if not isinstance(obj, (PrimFunc, IRModule)):
        raise InputError(f"error: {_signature(f)} returned {type(obj).__name__}, "
                         "not a @T.prim_func or @I.ir_module")
    return obj


def _pick_in(ns, name, path):
    """The kernel --func names (or a factory call gives) in the file's
    namespace `ns`."""
    kernels = _kernels_of(ns)
    if name is not None and "(" in name:
        return _call_factory(ns, name, path)
    if not kernels and name is None:
        facts = _factories(ns, path)
        makers = [f for k, f in facts.items() if k.startswith(("make", "build", "get"))] \
            or list(facts.values())
        if makers:
            sigs = "; ".join(_signature(f) for f in makers)
            raise InputError(
                f"error: {path} defines no @T.prim_func or @I.ir_module at its "
                f"top level; its functions may build one ({sigs}): call one "
                f"with --func, e.g. --func '{makers[0].__name__}(...)' with "
                "literal arguments")
    return _pick(kernels, name, path)


def _pick(kernels, name, path):
    if name is not None:
        if name not in kernels:
            have = ", ".join(sorted(kernels)) or "none"
            raise InputError(f"error: {path} defines no kernel '{name}' (kernels: {have})")
        return kernels[name]
    for default in ("Module", "main"):
        if default in kernels:
            return kernels[default]
    if len(kernels) == 1:
        return next(iter(kernels.values()))
    if not kernels:
        raise InputError(f"error: {path} defines no @T.prim_func or @I.ir_module")
    raise InputError(f"error: {path} defines several kernels "
                     f"({', '.join(sorted(kernels))}): choose one with --func")


def _write(out, data):
    if out is None:
        if isinstance(data, bytes):
            sys.stdout.buffer.write(data)
        else:
            sys.stdout.write(data if data.endswith("\n") else data + "\n")
        return
    try:
        with open(out, "wb" if isinstance(data, bytes) else "w") as f:
            f.write(data)
    except OSError as e:
        raise InputError(f"error: cannot write {out}: {e.strerror}") from None


def _compile(args):
    from .compiler import supported_chips
    from .script import ScriptError, compile as compile_, script
    if args.target not in supported_chips():
        raise InputError(f"error: unknown target '{args.target}' "
                         f"(see `python -m tirx targets`)")
    if args.emit == "cubin" and args.output is None and sys.stdout.isatty():
        raise InputError("error: --emit cubin writes binary: give -o FILE")
    obj = _pick_in(_load(args.kernel), args.func, args.kernel)
    try:
        if args.emit == "script":
            data = script(obj)
        else:
            data = compile_(obj, target=args.target, emit=args.emit)
    except ScriptError as e:
        raise InputError(str(e)) from None
    except (ValueError, TypeError, RuntimeError) as e:
        raise InputError(f"error: {e}") from None
    _write(args.output, data)


def _print(args):
    from . import ir
    from .script import script
    try:
        text = sys.stdin.read() if args.mlir == "-" else open(args.mlir).read()
    except OSError as e:
        raise InputError(f"error: cannot read {args.mlir}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"error: {args.mlir} is not a text file") from None
    ctx = ir.Context()
    try:
        module = ir.Module.parse(text, context=ctx)
    except ir.MLIRError as e:
        raise InputError(_mlir_message(e, args.mlir)) from None
    from .script import ScriptError
    try:
        data = script(module, allow_partial=args.allow_partial)
    except ScriptError as e:
        raise InputError(str(e)) from None
    except (ValueError, TypeError) as e:
        raise InputError(f"error: {e}") from None
    _write(args.output, data)


def _mlir_message(e, path):
    diags = list(getattr(e, "error_diagnostics", []) or [])
    if not diags:
        return f"error: {e}"
    lines = []
    for d in diags:
        loc = str(d.location)
        where = loc[4:-1] if loc.startswith("loc(") else loc
        where = where.replace('"-"', path).replace('"<string>"', path).strip('"')
        lines.append(f"{where}: error: {d.message}")
    return "\n".join(lines)


def _targets(args):
    from .compiler import supported_chips
    print("\n".join(supported_chips()))


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        {"compile": _compile, "print": _print, "targets": _targets}[args.command](args)
    except InputError as e:
        print(str(e), file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 1
    return 0
