"""The invalid-program corpus: every script in invalid/ is wrong in one
place, marked `# error: <message>` on the offending line. Parsing it (and
compiling it for the chip of a `# compile: <chip>` header, for errors that
passes find) must raise a ScriptError with that message at exactly that
line -- never at the decorator, never at printed IR -- and never crash."""

import importlib.util
import os
import re
import sys

import pytest

import tirx
from tirx.script import ScriptError

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "invalid")
CASES = sorted(f for f in os.listdir(HERE) if f.endswith(".py"))


def expectation(path):
    lines = open(path).read().splitlines()
    chip = None
    for i, line in enumerate(lines, 1):
        m = re.match(r"# compile: (\S+)", line)
        if m:
            chip = m.group(1)
        m = re.search(r"# error: (.*)$", line)
        if m:
            return i, m.group(1).strip(), chip, lines
    raise AssertionError(f"{path} has no '# error:' line")


def test_the_corpus_is_large_enough():
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", CASES)
def test_invalid_script(name):
    path = os.path.join(HERE, name)
    line, message, chip, lines = expectation(path)
    modname = "tirx_invalid_" + name[:-3]
    spec = importlib.util.spec_from_file_location(modname, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod
    try:
        with pytest.raises(ScriptError) as e:
            spec.loader.exec_module(mod)
            kernel = getattr(mod, "k", None) or getattr(mod, "Module")
            assert chip is not None, "parsed without error"
            tirx.compile(kernel, target=chip)
    finally:
        sys.modules.pop(modname, None)
    err = e.value
    assert isinstance(err, RuntimeError)
    assert message in err.message, err.render()
    assert err.span is not None, err.render()
    assert os.path.abspath(err.span.filename) == path, err.render()
    assert err.line == line, err.render()
    decorators = [i for i, l in enumerate(lines, 1) if l.lstrip().startswith("@")]
    assert err.line not in decorators
    text = str(err)
    assert text.startswith(f"error: {err.message}")
    assert f" --> {path}:{line}:{err.col}" in text
    # rendering again gives the same text
    assert str(err) == text and err.render() == text
