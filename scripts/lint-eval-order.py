#!/usr/bin/env python3
"""Finds IR builder calls whose emitted IR depends on the host compiler.

C++ leaves the order in which a call's arguments are evaluated open: GCC
evaluates right to left, clang left to right. A call with two or more
arguments that each create ops (`X::create(b, loc, ...)`, or a helper taking
the builder and a location) therefore emits those ops in a different order
depending on the compiler, and a test that checks the IR passes with one
build and fails with the other (the ASan build is clang, the default build
GCC). Name each step in a local instead.

  scripts/lint-eval-order.py [DIR ...]     (default: lib)

Prints `file:line: ...` for each such call and exits 1 when it finds one.
"""
import pathlib
import re
import sys

# An argument creates IR when it calls X::create( or passes a builder and a
# location as the first two arguments of a helper.
BUILDER = re.compile(
    r"::create\(|\b(b|rewriter|builder|bld|ob|ib|hb)\s*,\s*"
    r"(loc|l|op->getLoc\(\)|op\.getLoc\(\))\s*[,)]")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "catch"}


def strip(text):
    """Blanks comments and string/char literals, keeping offsets."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out[i:j] = [ch if ch == "\n" else " " for ch in text[i:j]]
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out[i + 1:j] = " " * (j - i - 1)
            i = j + 1
        else:
            i += 1
    return "".join(out)


def top_level_args(text, open_paren):
    """The arguments of the call whose '(' is at open_paren."""
    depth, start, args = 0, open_paren + 1, []
    for j in range(open_paren, len(text)):
        c = text[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append(text[start:j])
                return args
        elif c == "," and depth == 1:
            args.append(text[start:j])
            start = j + 1
    return args


def scan(path):
    text = strip(path.read_text(errors="replace"))
    found = []
    for m in re.finditer(r"([A-Za-z_][A-Za-z_0-9]*)\s*(<[^;{}()]*>)?\s*\(", text):
        if m.group(1) in KEYWORDS:
            continue
        args = top_level_args(text, m.end() - 1)
        # Braced lists ({a(), b()}) are evaluated in order; only plain
        # arguments are unsequenced.
        creating = [a for a in args
                    if BUILDER.search(a) and not a.strip().startswith("{")]
        if len(creating) >= 2:
            line = text.count("\n", 0, m.start()) + 1
            found.append(f"{path}:{line}: {m.group(1)}(...) has "
                         f"{len(creating)} arguments that create IR")
    return found


def main(argv):
    roots = [pathlib.Path(a) for a in argv[1:]] or [pathlib.Path("lib")]
    found = []
    for root in roots:
        if not root.exists():
            print(f"lint-eval-order: no such file or directory: {root}",
                  file=sys.stderr)
            return 2
        files = [root] if root.is_file() else sorted(
            p for p in root.rglob("*") if p.suffix in (".cpp", ".h"))
        if not files:
            # a wrong path must not pass as "nothing found"
            print(f"lint-eval-order: no .cpp or .h file under {root}",
                  file=sys.stderr)
            return 2
        for f in files:
            found += scan(f)
    for line in found:
        print(line)
    sys.stdout.flush()
    if found:
        print(f"{len(found)} call(s) whose IR depends on the order the host "
              "compiler evaluates arguments in; name each step in a local",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
