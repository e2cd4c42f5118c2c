"""The package's shape, checked on its source: no import circle, and the Excel adapters on top.

Every ``import`` and ``from ... import`` of every module counts, wherever it stands: at the
top, inside a function (an import put off to run time still ties the two modules together)
and under ``if TYPE_CHECKING:``. A circle is a set of modules each of which reaches every
other through imports (a strongly connected component of the graph); each is named with
the imports that close it.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

import xlrating

PACKAGE = Path(xlrating.__file__).parent

#: Circles that are known and allowed for now, each one exactly as it stands. A circle found
#: inside one of these (part of it broken) passes; an entry no circle is left in fails, so the
#: list only shrinks. Empty it as the circles go.
KNOWN_CIRCLES: tuple[frozenset[str], ...] = ()

#: The modules that drive an open workbook through xlwings (the macros and the report macros),
#: and the old path users name for the macros.
EXCEL_ADAPTERS = frozenset({"xlrating.macros", "xlrating.excel.macros", "xlrating.excel.book",
                            "xlrating.excel.report", "xlrating.excel.season_report", "xlrating.excel.lite"})

#: The rating rules, the crosstable format, the lists and the season's core, and the adapters
#: around them (files, Excel, reports, the command line), which the core never imports.
CORE = ("xlrating.uscf", "xlrating.fide", "xlrating.icu", "xlrating.model", "xlrating.systems",
        "xlrating.crosstable", "xlrating.lists", "xlrating.season")
ADAPTERS = ("xlrating.workbook", "xlrating.importers", "xlrating.exporters", "xlrating.excel",
            "xlrating.macros", "xlrating.udfs", "xlrating.report", "xlrating.templates", "xlrating.cli")

#: Old module paths kept for users (RunPython strings, templates' modules, Lite's main.py, the
#: documentation's examples), and the module each re-exports.
KEPT_PATHS = {"xlrating.macros": "xlrating.excel.macros", "xlrating.season.report": "xlrating.report.season"}


def modules(root: Path) -> dict[str, Path]:
    """Every module under the package folder ``root``, by its dotted name."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imported(node: ast.Import | ast.ImportFrom, package: str, known: Mapping[str, Path]) -> Iterator[str]:
    """The dotted names ``node`` imports: each module, or the module a name is taken from.

    ``from . import a`` imports the module ``a``; the package it names is already imported, as
    the parent of the importing module, and is no import of its own.
    """
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
    for alias in node.names:
        name = f"{base}.{alias.name}"
        yield name if name in known else base


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    """Each module's imports of the package's own modules, with the line of the first."""
    known = modules(root)
    graph: dict[str, dict[str, int]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _imported(node, package, known):
                    while target and target not in known:  # pkg.a.f: the module pkg.a
                        target = target.rpartition(".")[0]
                    if target and target != name:
                        edges.setdefault(target, node.lineno)
        graph[name] = edges
    return graph


def circles(graph: Mapping[str, Mapping[str, int]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
    return found


def described(circle: frozenset[str], graph: Mapping[str, Mapping[str, int]], root: Path) -> str:
    """The circle's modules and each import between two of them, with its file and line."""
    known = modules(root)
    edges = [f"{known[a].relative_to(root.parent)}:{line} imports {b}"
             for a in sorted(circle) for b, line in sorted(graph[a].items()) if b in circle]
    return " <-> ".join(sorted(circle)) + "\n    " + "\n    ".join(edges)


def test_the_walk_finds_a_circle_closed_by_any_kind_of_import(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from .a import f\n",
        "a.py": "from .sub import b\n\ndef f():\n    return b\n",
        "sub/__init__.py": "",
        "sub/b.py": "def g():\n    from ..c import h\n    return h\n",
        "c.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    import pkg.a\n",
        "d.py": "from . import c\nfrom .a import *\n",
    }
    for name, text in files.items():
        (package / name).write_text(text, encoding="utf-8")
    graph = import_graph(package)
    assert graph["pkg.sub.b"] == {"pkg.c": 2} and graph["pkg.d"] == {"pkg.c": 1, "pkg.a": 2}
    (circle,) = circles(graph)
    assert circle == {"pkg.a", "pkg.sub.b", "pkg.c"}
    assert described(circle, graph, package).splitlines() == [
        "pkg.a <-> pkg.c <-> pkg.sub.b", "    pkg/a.py:1 imports pkg.sub.b", "    pkg/c.py:4 imports pkg.a",
        "    pkg/sub/b.py:2 imports pkg.c"]


def test_no_import_circle_but_the_known_ones() -> None:
    graph = import_graph(PACKAGE)
    found = circles(graph)
    new = [described(c, graph, PACKAGE) for c in found if not any(c <= known for known in KNOWN_CIRCLES)]
    assert not new, "import circles:\n" + "\n".join(new)
    gone = [sorted(known) for known in KNOWN_CIRCLES if not any(c <= known for c in found)]
    assert not gone, f"no longer circles: remove them from KNOWN_CIRCLES: {gone}"


def test_only_excel_adapters_and_the_command_line_import_the_excel_adapters() -> None:
    graph = import_graph(PACKAGE)
    wrong = sorted(f"{name} imports {target}" for name, edges in graph.items() for target in edges
                   if target in EXCEL_ADAPTERS and name not in EXCEL_ADAPTERS
                   and not name.startswith(("xlrating.excel.", "xlrating.cli.")))
    assert wrong == []


def test_only_the_command_line_imports_the_command_line() -> None:
    # The Excel adapters and the core take what they share with the commands from the core
    # (the store of loaded lists: xlrating.official), never from xlrating.cli.
    graph = import_graph(PACKAGE)
    wrong = sorted(f"{name} imports {target}" for name, edges in graph.items() for target in edges
                   if _within(target, ("xlrating.cli",)) and not _within(name, ("xlrating.cli",))
                   and name != "xlrating.__main__")
    assert wrong == []


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def test_the_core_never_imports_an_adapter() -> None:
    graph = import_graph(PACKAGE)
    wrong = sorted(f"{name} imports {target}" for name, edges in graph.items() for target in edges
                   if _within(name, CORE) and _within(target, ADAPTERS) and name not in KEPT_PATHS)
    assert wrong == []


@pytest.mark.parametrize(("old", "new"), KEPT_PATHS.items())
def test_the_old_paths_users_name_hold_the_same_functions(old: str, new: str) -> None:
    kept, moved = importlib.import_module(old), importlib.import_module(new)
    assert kept.__all__ == moved.__all__
    assert all(getattr(kept, name) is getattr(moved, name) for name in moved.__all__)


def test_the_registry_sits_below_the_crosstable_and_the_lists() -> None:
    # The registry imports the engines; of the crosstable only its plain data, for types (the
    # crosstable and the lists ask the registry, never the reverse; the list adapters are
    # named by their module paths and imported when a season is rated).
    above = ("xlrating.crosstable", "xlrating.lists", "xlrating.season", *ADAPTERS)
    wrong = sorted(target for target in import_graph(PACKAGE)["xlrating.systems"]
                   if _within(target, above) and target != "xlrating.crosstable.model")
    assert wrong == []
