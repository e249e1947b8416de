"""Run test scenarios in a child interpreter.

A scenario that could crash the interpreter (a segfault, a sanitizer report)
must fail its test, not kill pytest; nanobind's leak report at exit and
sanitizer reports are checked too. A test file registers scenarios with
`@scenario` and calls `main()` when run as a script; its test runs
`run_scenario(__file__, name)`.
"""

import os
import subprocess
import sys

# Things that must never appear on a child's stderr.
FORBIDDEN = ("leaked", "AddressSanitizer", "LeakSanitizer",
             "runtime error:", "Segmentation fault", "Fatal Python error")


def registry():
    """A dict of scenarios and the decorator that fills it."""
    scenarios = {}

    def scenario(fn):
        scenarios[fn.__name__] = fn
        return fn
    return scenarios, scenario


def _child_env():
    env = dict(os.environ)
    here = os.path.dirname(os.path.abspath(__file__))
    env["PYTHONPATH"] = os.pathsep.join(
        [p for p in sys.path if p and os.path.isdir(p)] + [here])
    return env


def run_scenario(path, name, timeout=600):
    """Runs scenario `name` of the test file `path` in a child; returns its
    stdout. Fails unless it exits 0, prints its OK line and reports nothing
    forbidden on stderr."""
    r = subprocess.run([sys.executable, os.path.abspath(path), name],
                       capture_output=True, text=True, env=_child_env(),
                       timeout=timeout)
    assert r.returncode == 0, f"exit {r.returncode}\n{r.stdout}\n{r.stderr}"
    assert "OK " + name in r.stdout, r.stdout
    for bad in FORBIDDEN:
        assert bad not in r.stderr, r.stderr
    return r.stdout


def main(scenarios):
    import gc
    scenarios[sys.argv[1]]()
    gc.collect()
    print("OK " + sys.argv[1], flush=True)
