#!/usr/bin/env python3
"""Prints, for every round-trip test id that fails (test/python/printer/
test_roundtrip.py: print -> parse -> structurally equal -> print again the
same text; a loud PrintError for IR the script cannot write), the id and
the reason, then a total. Run from the repository root with the built
package on PYTHONPATH:

    PYTHONPATH=build/python_packages python3 scripts/roundtrip-status.py
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "python"))

from printer import test_roundtrip as rt  # noqa: E402
from tirx import ir  # noqa: E402
from tirx.script import from_source, script, structural_equal  # noqa: E402
from tirx.script.printer import PrintError  # noqa: E402


def reason(obj):
    """None when `obj` round-trips (or is refused loudly as it must be),
    else why not (one line)."""
    outside = rt.outside_the_script(obj)
    try:
        text = script(obj)
    except PrintError as e:
        if outside is not None:
            return None
        return f"the printer refuses it: {e.message[:200]}"
    except Exception as e:  # noqa: BLE001
        return f"the printer fails: {type(e).__name__}: {str(e).splitlines()[0][:160]}"
    if outside is not None:
        return f"printed although '{outside}' has no spelling"
    try:
        back = from_source(text)
    except Exception as e:  # noqa: BLE001
        first = [ln for ln in str(e).splitlines() if ln.strip()][0]
        return f"does not parse back: {first.strip()[:160]}"
    if not structural_equal(obj, back):
        return "parses back to different IR"
    if script(back) != text:
        return "printing is not idempotent"
    return None


def canon(obj):
    op = obj.operation
    m = ir.Module.parse(op.get_asm(enable_debug_info=False), context=op.context)
    try:
        rt.PassManager.parse("builtin.module(canonicalize)",
                             context=op.context).run(m.operation)
    except ir.MLIRError:
        return None
    return m


def main():
    cases = []
    for kid, text in rt._MLIR:
        try:
            m = ir.Module.parse(text, context=ir.Context())
        except ir.MLIRError:
            continue
        cases.append((kid, m))
    for kid, path in rt._CONF:
        try:
            obj = rt.load_conformance(path)
        except Exception:  # noqa: BLE001
            continue
        cases.append((os.path.basename(path)[:-3], obj.module if hasattr(obj, "module") else obj))
    for kid, load in rt._KERNELS:
        cases.append((kid, load().module))
    total = failed = 0
    for kid, obj in cases:
        for suffix, o in (("", obj), (":canonicalized", canon(obj))):
            if o is None:
                continue
            total += 1
            why = reason(o)
            if why:
                failed += 1
                print(f"{kid}{suffix} {why}")
    print(f"{total} ids, {failed} failing")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
