"""The packages read as layers: no import cycle among the modules of tactics.ui, tactics.engine or tactics.rules.

Why: a cycle (app -> battle -> panels -> tools -> app ...) means no module can be read,
tested or imported alone, and the order modules happen to be imported in decides whether
the window starts. The graph is the one Python runs: imports at module level (also under
``if``/``try``), not those under ``if TYPE_CHECKING:`` (types only) nor inside functions
(run later, on demand). Importing ``a.b.c`` first runs ``a/__init__.py`` and ``a/b/__init__.py``,
so a package file that imports its own modules closes a cycle with each of them: package
files import nothing of their own package (tools.registry, not tools/__init__, lists the tools).

Computed from the source with ``ast``: no window, no import of the app.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in (ROOT / "tactics").rglob("*.py")}


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_time_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The import statements run when the module is imported (not in functions, classes or TYPE_CHECKING)."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            if not _type_checking(node.test):
                found += _run_time_imports(node.body)
            found += _run_time_imports(node.orelse)
        elif isinstance(node, ast.Try):
            found += _run_time_imports(node.body + node.orelse + node.finalbody)
            for handler in node.handlers:
                found += _run_time_imports(handler.body)
    return found


def _known(dotted: str) -> str | None:
    """The longest prefix of ``dotted`` that is a module of tactics."""
    parts = dotted.split(".")
    while parts and ".".join(parts) not in MODULES:
        parts.pop()
    return ".".join(parts) or None


def imports_of(name: str) -> set[str]:
    """Every tactics module that importing ``name`` runs directly, parent packages included."""
    path = MODULES[name]
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    targets: set[str] = set()
    for node in _run_time_imports(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            targets |= {m for a in node.names if (m := _known(a.name))}
            continue
        base = ".".join(package[:len(package) - node.level + 1] + [node.module or ""]).strip(".") \
            if node.level else (node.module or "")
        for alias in node.names:
            module = _known(f"{base}.{alias.name}") if f"{base}.{alias.name}" in MODULES else _known(base)
            if module:
                targets.add(module)
    with_parents = {".".join(m.split(".")[:i]) for m in targets for i in range(1, m.count(".") + 2)}
    return {m for m in with_parents if m in MODULES} - {name}


@functools.cache
def graph() -> dict[str, set[str]]:
    """Every module's imports, read once the first test asks (not at collection: parsing the 270
    modules took 0.75 s in each worker, the one that runs none of these tests too)."""
    return {name: imports_of(name) for name in MODULES}


def cycles(prefix: str) -> list[list[str]]:
    """The strongly connected components of more than one module among ``prefix`` and its modules (Tarjan)."""
    imports = graph()
    nodes = [m for m in imports if m == prefix or m.startswith(prefix + ".")]
    inside = set(nodes)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in imports[v] & inside:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while (w := stack.pop()) != v:
                component.append(w)
            component.append(v)
            if len(component) > 1:
                found.append(sorted(component))

    for v in nodes:
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_the_imports_the_app_runs():
    """A check of the reader itself: the app imports the battle view, the battle view the tool registry."""
    assert "tactics.ui.battle" in graph()["tactics.ui.app"]
    assert "tactics.ui.tools.registry" in graph()["tactics.ui.battle"]
    assert "tactics.ui.tools" in graph()["tactics.ui.tools.ruler"]  # the package file runs first
    assert "tactics.ui.app" not in graph()["tactics.ui.tools.base"]  # only under TYPE_CHECKING


@pytest.mark.parametrize("package", ["tactics.ui", "tactics.engine", "tactics.rules"])
def test_no_import_cycle(package):
    found = cycles(package)
    assert not found, "\n".join(
        f"{len(c)} modules import each other: " + ", ".join(f"{m} -> {sorted(graph()[m] & set(c))}" for m in c)
        for c in found)


def runs(name: str) -> set[str]:
    """Every tactics module that importing ``name`` runs, directly or through others."""
    imports = graph()
    seen: set[str] = set()
    todo = [name]
    while todo:
        for other in imports[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    return seen


#: the layers under the battle view: they know it (and the app) only as types
PARTS = ("tactics.ui.theme", "tactics.ui.widgets", "tactics.ui.layout_probe", "tactics.ui.render", "tactics.ui.panels",
         "tactics.ui.tools", "tactics.ui.starship", "tactics.ui.builder", "tactics.ui.players", "tactics.ui.hazards",
         "tactics.ui.gm_menu", "tactics.ui.facing", "tactics.ui.saving")


def test_the_parts_under_the_battle_view_never_run_it_or_the_app():
    parts = [m for m in graph() if any(m == p or m.startswith(p + ".") for p in PARTS)]
    assert len(parts) > 40
    upward = {m: sorted(runs(m) & {"tactics.ui.app", "tactics.ui.battle"}) for m in parts}
    assert not {m: up for m, up in upward.items() if up}


def test_the_theme_and_the_widget_kit_run_no_panel_screen_or_tool():
    for base in ("tactics.ui.theme", "tactics.ui.widgets"):
        above = {m for m in runs(base) if m.startswith(("tactics.ui.panels", "tactics.ui.tools", "tactics.ui.starship",
                                                         "tactics.ui.builder", "tactics.ui.players"))}
        assert not above, (base, sorted(above))
