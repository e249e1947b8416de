"""The script frontend (python/tirx/script) is layered with no import circle.

Every ``.py`` of the package (printer/ included) is parsed with ``ast``; every
import that lands inside ``tirx.script`` -- at module level or inside a
function, relative or absolute -- is an edge of the graph. The graph must be
acyclic, no module below the namespace layer may import the ``T`` namespace
modules (tirx.py, ir.py, tile.py), and each module imports only modules of its
own layer or lower ones (the table below; docs/Script.md describes it).
"""

import ast
import os

import pytest

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
PACKAGE_DIR = os.path.join(REPO_ROOT, "python", "tirx", "script")
PACKAGE = "tirx.script"

# Module names are relative to tirx.script; a package is named by its
# folder ("printer"), the package itself is "__init__".
CORE, OPS, PARSER, FUNCTIONS, NAMESPACE = 1, 2, 3, 4, 5
LAYER_NAMES = {CORE: "core", OPS: "op builders", PARSER: "parser",
               FUNCTIONS: "functions", NAMESPACE: "the T namespace"}
LAYERS = {
    # 1. core: types, expressions, buffers, builder state, diagnostics,
    #    source capture, annotation objects.
    "_diagnostics": CORE,
    "_types": CORE,
    "_builder": CORE,
    "_source": CORE,
    "_expr": CORE,
    "_buffer": CORE,
    "_values": CORE,        # Scalar, ScalarRef, MetaVar
    "_annotations": CORE,   # dtype constructors, T.Buffer, T.handle, T.let
    "_alloc": CORE,         # T.alloc_buffer, T.decl_buffer, T.local_scalar
    "_tilekinds": CORE,     # the kind tables of Tx and its printer
    # 2. op builders.
    "_opbuild": OPS,
    "_ptxcall": OPS,
    "_ptx": OPS,
    "_mathops": OPS,
    "_generic": OPS,
    "_host": OPS,
    "_bind": OPS,           # T.bind (knows the host's TensorMapSlot)
    "_nvshmem": OPS,
    "_scopes": OPS,
    # 3. parser: the statement interpreter, loops, macros, and T.cuda
    #    (written as @T.macro script, so above the macro decorator).
    "_control": PARSER,
    "_parser": PARSER,
    "_macro": PARSER,
    "_cuda": PARSER,
    # 4. functions, compilation, the printer, and T.profile (which
    #    registers printers for its ops).
    "_function": FUNCTIONS,
    "_compile": FUNCTIONS,
    "_structural": FUNCTIONS,
    "_profile": FUNCTIONS,
    "printer": FUNCTIONS,
    "printer._exprs": FUNCTIONS,
    "printer._function": FUNCTIONS,
    "printer._host": FUNCTIONS,
    "printer._module": FUNCTIONS,
    "printer._node": FUNCTIONS,
    "printer._ptx": FUNCTIONS,
    "printer._registry": FUNCTIONS,
    "printer._tile": FUNCTIONS,
    "printer._types": FUNCTIONS,
    # 5. the T namespace: the only modules that import the namespace modules.
    "tirx": NAMESPACE,
    "ir": NAMESPACE,
    "tile": NAMESPACE,
    "__init__": NAMESPACE,
}
NAMESPACE_MODULES = {"tirx", "ir", "tile"}


def _modules():
    """{module name: path} for every .py of the package."""
    found = {}
    for root, dirs, files in os.walk(PACKAGE_DIR):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(root, PACKAGE_DIR)
        parts = [] if rel == "." else rel.split(os.sep)
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            stem = f[:-3]
            if stem == "__init__":
                name = ".".join(parts) if parts else "__init__"
            else:
                name = ".".join(parts + [stem])
            found[name] = os.path.join(root, f)
    return found


def _package_parts(name, path):
    """The dotted package (below tirx.script) that holds module `name`."""
    parts = [] if name == "__init__" else name.split(".")
    if os.path.basename(path) != "__init__.py":
        parts = parts[:-1]
    return parts


def _resolve(dotted, modules):
    """The package module `dotted` (a list of names below tirx.script) is,
    or the package it is an attribute of; None outside the package."""
    while dotted:
        name = ".".join(dotted)
        if name in modules:
            return name
        dotted = dotted[:-1]
    return "__init__"


def _with_parents(name, modules):
    """`name` and the subpackages that importing it runs first (the root
    package, an ancestor of every module, is left out)."""
    parts = name.split(".")
    out = []
    for i in range(1, len(parts)):
        parent = ".".join(parts[:i])
        if parent in modules:
            out.append(parent)
    out.append(name)
    return out


def _imports(name, path, modules):
    """[(imported module, line)] of every intra-package import of `name`."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), filename=path)
    root = PACKAGE.split(".")
    here = root + _package_parts(name, path)  # the absolute package of `name`
    # Packages above `name` have run before it: importing a sibling through
    # them is no edge back to them.
    ancestors = set(_with_parents(name, modules)[:-1])
    edges = []

    def add(target, line):
        for t in _with_parents(target, modules):
            if t != name and t not in ancestors:
                edges.append((t, line))

    def inside(full):
        return full[:len(root)] == root

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                full = alias.name.split(".")
                if inside(full):
                    add(_resolve(full[len(root):], modules), node.lineno)
            continue
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            if node.level - 1 > len(here):
                continue
            full = here[:len(here) - (node.level - 1)]
        else:
            full = []
        full = full + (node.module.split(".") if node.module else [])
        if full == root[:-1]:
            # `from tirx import script` / `from .. import script`.
            if any(a.name == root[-1] for a in node.names):
                add("__init__", node.lineno)
            continue
        if not inside(full):
            continue
        base_parts = full[len(root):]
        base = _resolve(base_parts, modules)
        for alias in node.names:
            sub = ".".join(base_parts + [alias.name])
            if sub in modules:
                add(sub, node.lineno)  # `from . import _expr`: a submodule
            else:
                add(base, node.lineno)
    return edges


def _graph():
    modules = _modules()
    graph = {name: {} for name in modules}
    for name, path in modules.items():
        for target, line in _imports(name, path, modules):
            graph[name].setdefault(target, line)
    return modules, graph


def _find_cycle(graph):
    """A cycle as a list of modules (first == last), or None."""
    WHITE, GREY, BLACK = 0, 1, 2
    color = {n: WHITE for n in graph}
    stack = []

    def visit(n):
        color[n] = GREY
        stack.append(n)
        for m in sorted(graph[n]):
            if color[m] == GREY:
                return stack[stack.index(m):] + [m]
            if color[m] == WHITE:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        color[n] = BLACK
        return None

    for n in sorted(graph):
        if color[n] == WHITE:
            found = visit(n)
            if found:
                return found
    return None


def test_every_module_has_a_layer():
    modules, _ = _graph()
    missing = sorted(set(modules) - set(LAYERS))
    assert not missing, (
        f"modules of tirx.script with no layer in test_layering.LAYERS: "
        f"{missing}")
    stale = sorted(set(LAYERS) - set(modules))
    assert not stale, f"LAYERS names modules that do not exist: {stale}"


def test_the_import_graph_is_acyclic():
    modules, graph = _graph()
    cycle = _find_cycle(graph)
    if cycle:
        steps = []
        for a, b in zip(cycle, cycle[1:]):
            steps.append(f"{a} -> {b} (line {graph[a][b]} of "
                         f"{os.path.relpath(modules[a], REPO_ROOT)})")
        pytest.fail("import circle in tirx.script:\n  " + "\n  ".join(steps))


def test_only_the_namespace_layer_imports_the_namespace_modules():
    modules, graph = _graph()
    bad = []
    for name, targets in sorted(graph.items()):
        if LAYERS.get(name) == NAMESPACE:
            continue
        for t in sorted(targets):
            if t in NAMESPACE_MODULES or t == "__init__":
                bad.append(f"{os.path.relpath(modules[name], REPO_ROOT)}:"
                           f"{targets[t]} imports {t}")
    assert not bad, ("only the namespace layer may import the T namespace "
                     "modules:\n  " + "\n  ".join(bad))


def test_imports_go_to_the_same_or_lower_layers():
    modules, graph = _graph()
    bad = []
    for name, targets in sorted(graph.items()):
        mine = LAYERS.get(name)
        if mine is None:
            continue
        for t in sorted(targets):
            theirs = LAYERS.get(t)
            if theirs is not None and theirs > mine:
                bad.append(
                    f"{os.path.relpath(modules[name], REPO_ROOT)}:{targets[t]}"
                    f" ({LAYER_NAMES[mine]}) imports {t} "
                    f"({LAYER_NAMES[theirs]})")
    assert not bad, "imports up the layers:\n  " + "\n  ".join(bad)


def test_the_graph_sees_nested_and_relative_imports():
    """The checker itself: a few known edges of the package are found."""
    _, graph = _graph()
    assert "_types" in graph["_expr"]          # from ._types import ...
    assert "_expr" in graph["printer._exprs"]  # from .. import _expr
    assert "printer._node" in graph["printer._function"]
    assert "printer" not in graph["printer._function"]  # its own package
    assert "printer" in graph["_function"]     # a package runs first
    assert "tirx" in graph["__init__"]         # from . import tirx


def test_the_checker_resolves_every_import_form(tmp_path):
    """Each spelling of an import into the package is an edge: relative,
    absolute, `from . import x`, nested in a function, and from printer/."""
    (tmp_path / "printer").mkdir()
    files = {
        "_a.py": "from ._b import x\n"
                 "def f():\n"
                 "    from . import _c\n"
                 "    import tirx.script.tirx\n"
                 "    from tirx.script import ir as I\n"
                 "    from tirx import script\n"
                 "    from .. import ir as _ir, layout\n",
        "_b.py": "", "_c.py": "", "tirx.py": "", "ir.py": "", "__init__.py": "",
        "printer/__init__.py": "from ._m import y\n",
        "printer/_m.py": "from .. import _b\n"
                         "from ..tirx import z\n"
                         "from ... import ir\n"
                         "from . import _n\n",
        "printer/_n.py": "",
    }
    modules = {}
    for rel, text in files.items():
        path = tmp_path / rel
        path.write_text(text)
        name = rel[:-3].replace("/", ".")
        name = "__init__" if name == "__init__" else name.replace(".__init__", "")
        modules[name] = str(path)
    edges = {n: {t for t, _ in _imports(n, p, modules)} for n, p in modules.items()}
    assert edges["_a"] == {"_b", "_c", "tirx", "ir", "__init__"}
    assert edges["printer._m"] == {"_b", "tirx", "printer._n"}
    assert edges["printer"] == {"printer._m"}
