"""The package's shape, checked on its source: per-system facts live in the registry.

:mod:`xlrating.systems` is the one place that knows what differs between US Chess, FIDE
and the ICU; everything else asks a :class:`~xlrating.systems.System` entry for a
capability or a datum. So no module but ``systems.py`` compares a string with a system's
key or name (``==``, ``!=``, ``in``, ``not in``, ``match``/``case``), nor with a module's
constant that holds one (``MACRO_SYSTEM = "uscf"``, wherever it is imported).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import xlrating
from xlrating import systems

PACKAGE = Path(xlrating.__file__).parent
REGISTRY = PACKAGE / "systems.py"

#: Every key, name and alias of every system, as written and in lower case.
SYSTEM_NAMES = frozenset(
    form for system in systems.SYSTEMS
    for name in (system.key, system.name, system.short_name, *system.aliases)
    for form in (name, name.lower()))


def _strings(node: ast.AST) -> Iterator[str]:
    """The string literals ``node`` is, or holds as a tuple, list or set display."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for element in node.elts:
            yield from _strings(element)


def _constants(tree: ast.Module) -> Iterator[str]:
    """The names of the module constants of ``tree`` that hold a system name (``NAME = "uscf"``, or a
    tuple, list or set display of strings one of which is one), dunder names aside."""
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if any(text in SYSTEM_NAMES for text in _strings(value)):
            yield from (target.id for target in targets
                        if isinstance(target, ast.Name) and not target.id.startswith("__"))


def _named(node: ast.AST, constants: frozenset[str]) -> Iterator[str]:
    """The constant of ``constants`` that ``node`` names (``NAME`` or ``module.NAME``), if any."""
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
    if name in constants:
        yield name


def _compared(tree: ast.AST, constants: frozenset[str] = frozenset()) -> Iterator[tuple[int, str]]:
    """Each system name (or constant of ``constants``) a comparison or a ``case`` pattern of ``tree``
    holds, with its line."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops):
                for operand in operands:
                    yield from ((node.lineno, value) for value in _strings(operand) if value in SYSTEM_NAMES)
                    yield from ((node.lineno, name) for name in _named(operand, constants))
        elif isinstance(node, ast.match_case):
            for pattern in ast.walk(node.pattern):
                if isinstance(pattern, ast.MatchValue):
                    yield from ((pattern.lineno, value) for value in _strings(pattern.value)
                                if value in SYSTEM_NAMES)


def system_name_comparisons(root: Path) -> list[str]:
    """``path:line: 'NAME'`` for each comparison with a system name, or with a module constant holding
    one, under ``root``, the registry aside."""
    modules = list(_modules(root))
    constants = frozenset(name for _, tree in modules for name in _constants(tree))
    return [f"{name}:{line}: {value!r}"
            for name, tree in modules for line, value in _compared(tree, constants)]


def _modules(root: Path) -> Iterator[tuple[str, ast.Module]]:
    """Each module under ``root`` but the registry: its path from ``root``'s parent, its tree."""
    for path in sorted(root.rglob("*.py")):
        if path != REGISTRY:
            yield str(path.relative_to(root.parent)), ast.parse(path.read_text(encoding="utf-8"), str(path))


def _package(tmp_path: Path, source: str) -> Path:
    """A package ``pkg`` whose one module ``bad.py`` is ``source``."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "bad.py").write_text(source, encoding="utf-8")
    return package


def test_the_walk_finds_each_kind_of_comparison(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        'def f(s, t):\n'
        '    if s == "USCF" or "FIDE" != t or s in ("icu", "x") or t not in {"US Chess"}:\n'
        '        return 1\n'
        '    match s:\n'
        '        case "fide":\n'
        '            return 2\n'
        '    return s == "Regular"\n')
    (package / "named.py").write_text(
        'from . import held\n'
        'KEY = "uscf"\n'
        'KEYS: tuple[str, ...] = ("x", "FIDE")\n'
        '__all__ = ["ICU"]\n'
        'OTHER = "Regular"\n'
        'def g(s):\n'
        '    return s == KEY or s in held.KEYS or s != OTHER or s in __all__\n', encoding="utf-8")
    (package / "held.py").write_text(
        'from .named import KEY\nKEYS = [KEY]\n\ndef h(s):\n    return KEY != s\n', encoding="utf-8")
    assert sorted(system_name_comparisons(package)) == sorted([
        "pkg/bad.py:2: 'USCF'", "pkg/bad.py:2: 'FIDE'", "pkg/bad.py:2: 'icu'", "pkg/bad.py:2: 'US Chess'",
        "pkg/bad.py:5: 'fide'", "pkg/named.py:7: 'KEY'", "pkg/named.py:7: 'KEYS'", "pkg/held.py:5: 'KEY'"])


def test_no_module_but_the_registry_compares_a_string_with_a_system_name() -> None:
    assert system_name_comparisons(PACKAGE) == []


def _system_of(name: str) -> str | None:
    """The key of the system ``name`` names (any case), else None."""
    found = systems.find(name)
    return found.key if found is not None and name in SYSTEM_NAMES else None


def system_tables(root: Path) -> list[str]:
    """``path:line`` for each dict display outside the registry whose keys name two or more systems
    (``{"USCF": ..., "ICU": ...}``): a side table of per-system facts, which belong to the
    systems' entries. One such key alone is a column or field of that name (``FIDE``, ``fide``)."""
    found = []
    for name, tree in _modules(root):
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                named = {_system_of(key.value) for key in node.keys
                         if isinstance(key, ast.Constant) and isinstance(key.value, str)} - {None}
                if len(named) > 1:
                    found.append(f"{name}:{node.lineno}")
    return found


def test_the_walk_finds_a_table_keyed_by_system_names(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        'CARRIED = {"USCF": 1, "ICU": 2}\n'
        'FILES = {"uscf": "a.xlsx",\n'
        '         "fide": "b.xlsx"}\n'
        'COLUMNS = {"FIDE": ("FIDE rating",), "CFC": ()}\n'
        'FIELDS = {"fide": 1, "cfc": 2}\n')
    assert system_tables(package) == ["pkg/bad.py:1", "pkg/bad.py:2"]


def test_no_module_but_the_registry_keeps_a_table_keyed_by_system_names() -> None:
    assert system_tables(PACKAGE) == []
