#!/usr/bin/env python3
"""Prints, for every round-trip test id that fails and is not yet listed in
test/python/printer/roundtrip-known.txt, a line in that file's format (id,
then the reason), so a new construct in the lit corpus is listed with what
the printer or parser lacks. Run from the repository root with the built
package on PYTHONPATH:

    PYTHONPATH=build/python_packages python3 scripts/roundtrip-status.py
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "python"))

from printer import test_roundtrip as rt  # noqa: E402
from tirx import ir  # noqa: E402
from tirx.script import from_source, script, structural_equal  # noqa: E402


def reason(obj):
    """None when `obj` round-trips, else why not (one line)."""
    try:
        text = script(obj)
    except Exception as e:  # noqa: BLE001
        return f"the printer fails: {type(e).__name__}: {str(e).splitlines()[0][:160]}"
    m = re.search(r"# no script spelling \((.*?)\):", text)
    if m:
        return "no script spelling: " + m.group(1)
    if rt.PLACEHOLDER in text:
        line = [ln for ln in text.splitlines() if rt.PLACEHOLDER in ln][0]
        return "no script spelling:" + line.split(rt.PLACEHOLDER, 1)[1][:160]
    try:
        back = from_source(text)
    except Exception as e:  # noqa: BLE001
        first = [ln for ln in str(e).splitlines() if ln.strip()][0]
        return f"does not parse back: {first.strip()[:160]}"
    if not structural_equal(obj, back):
        return "parses back to different IR"
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
    for kid, obj in cases:
        for suffix, o in (("", obj), (":canonicalized", canon(obj))):
            if o is None or kid + suffix in rt.KNOWN:
                continue
            why = reason(o)
            if why:
                print(f"{kid}{suffix} {why}")


if __name__ == "__main__":
    main()
