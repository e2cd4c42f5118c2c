"""The package's shape, checked on its source: no function or method above cyclomatic complexity 20.

Complexity is radon's measure (McCabe's): one, plus one for each ``if``/``elif``, loop,
``except``, ``with``, ``assert``, boolean operator, conditional expression and comprehension
(``for`` and ``if``) in the body. A nested function is measured on its own, as radon does.
Readers above the limit are a table of fields and one loop that collects problems; rule
code is its document's steps, each a named function.

Radon is not among the wheels the Pyodide run installs (a function's complexity is the same
on every platform), so this test runs on the host only (``conftest.NOT_IN_PYODIDE``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import xlrating

PACKAGE = Path(xlrating.__file__).parent
LIMIT = 20

def _complexity(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    from radon.visitors import ComplexityVisitor

    complexity: int = ComplexityVisitor.from_ast(node).functions[0].complexity
    return complexity


def _functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, int, int]]:
    """Every function, method and nested function in ``tree``: qualified name, line, complexity."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node.lineno, _complexity(node)
            yield from _functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{prefix}{node.name}.")
        else:
            yield from _functions(node, prefix)


def _offenders(root: Path) -> dict[str, list[tuple[str, int]]]:
    """Each function above the limit under ``root``, by qualified name: ``(file:line, complexity)``."""
    found: dict[str, list[tuple[str, int]]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, line, complexity in _functions(tree):
            if complexity > LIMIT:
                place = f"{path.relative_to(root.parent).as_posix()}:{line}"
                found.setdefault(name, []).append((place, complexity))
    return found


def _branching(name: str, branches: int, indent: str = "") -> list[str]:
    """The lines of a function of complexity ``branches + 1``."""
    lines = [f"{indent}def {name}(x):"]
    for i in range(branches):
        lines += [f"{indent}    if x == {i}:", f"{indent}        return {i}"]
    return [*lines, f"{indent}    return -1"]


def test_the_walk_measures_functions_methods_and_nested_functions(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    lines = [*_branching("flat", LIMIT), "class Reader:", *_branching("read", LIMIT, "    "),
             "def outer(x):", *_branching("inner", LIMIT, "    "), "    return inner(x)",
             *_branching("at_the_limit", LIMIT - 1)]
    lines[lines.index("    def read(x):")] = "    async def read(self, x):"
    (package / "m.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
    at = {line.strip(): number for number, line in enumerate(lines, start=1) if "def " in line}
    assert _offenders(package) == {
        "flat": [(f"pkg/m.py:{at['def flat(x):']}", LIMIT + 1)],
        "Reader.read": [(f"pkg/m.py:{at['async def read(self, x):']}", LIMIT + 1)],
        "outer.inner": [(f"pkg/m.py:{at['def inner(x):']}", LIMIT + 1)]}


def test_no_function_is_above_complexity_20() -> None:
    found = _offenders(PACKAGE)
    problems = [f"{place} {name}: complexity {complexity}, above {LIMIT}"
                for name, places in sorted(found.items()) for place, complexity in places]
    assert not problems, "\n".join(problems)
