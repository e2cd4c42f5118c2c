"""Formulas saved with their values, so a workbook xlrating writes opens showing numbers.

openpyxl saves a formula without the value Excel keeps beside it (``<f>`` without
``<v>``): until something calculates the workbook, Excel, LibreOffice and a file viewer
show an empty cell or ``#NAME?`` (the worksheet functions are not registered yet).
:func:`save_with_values` saves an openpyxl workbook with every formula of the kind
xlrating writes (:mod:`xlrating.excel.evaluate`) carrying its value, calculated by
xlrating's own functions, with the type Excel gives it (``t="str"`` for text, ``"b"``
for TRUE/FALSE, ``"e"`` for an error value, none for a number). A formula outside that
kind is saved as openpyxl saves it, without a value.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import IO
from xml.sax.saxutils import escape

from openpyxl import Workbook as OpenpyxlWorkbook

from ..excel.errors import ExcelError
from ..excel.evaluate import Unsupported, Value, calculate_formula, cell_value
from .buttons import Button, button_parts
from .cells import ILLEGAL_CHARACTERS
from .package import open_package, write_package
from .parts import element, structure

__all__ = ["formula_values", "save_with_values", "with_values"]

_CELL = element("c")
_REFERENCE = re.compile(r'\sr="([A-Z]+)([0-9]+)"')
_FORMULA_END = re.compile(r"</(?:\w+:)?f>|<(?:\w+:)?f\b[^>]*/>")
_CACHED = re.compile(r"<(\w+:)?v\b[^>]*(?:/>|>.*?</\1?v>)", re.S)
_PREFIX = re.compile(r"<((?:\w+:)?)c\b")
_TYPE = re.compile(r'\st="[^"]*"')

Position = tuple[int, int]
#: The longest chain of formula cells followed (one referring to the next); a longer one is
#: left to Excel.
_DEPTH = 100


def formula_values(book: OpenpyxlWorkbook) -> dict[str, dict[Position, Value]]:
    """The value of every formula cell of ``book`` xlrating can calculate: sheet title ->
    (row, column) -> value. Cells are only read (none is created)."""
    sheets = {sheet.title.casefold(): sheet for sheet in book.worksheets}
    found: dict[tuple[str, int, int], Value] = {}
    running: set[tuple[str, int, int]] = set()
    failed: set[tuple[str, int, int]] = set()

    def cells(title: str, row: int, column: int) -> Value:
        sheet = sheets.get(title.casefold())
        if sheet is None:
            return ExcelError("#REF!", f"no sheet {title!r}")
        cell = sheet._cells.get((row, column))  # not sheet.cell(), which would add the cell
        if cell is None:
            return None
        if cell.data_type == "e":
            return ExcelError(str(cell.value))
        if cell.data_type != "f":
            return cell_value(cell.value)
        key = (sheet.title, row, column)
        if key not in found:
            if key in running or key in failed or not isinstance(cell.value, str) or len(running) > _DEPTH:
                raise Unsupported(f"{sheet.title}!{cell.coordinate}: no value (a reference loop, an array "
                                  "formula, or a formula of another kind)")
            running.add(key)
            try:
                found[key] = calculate_formula(cell.value, sheet.title, cells)
            except (Unsupported, RecursionError):
                failed.add(key)  # so a cell is never tried twice: time in proportion to the cells
                raise
            finally:
                running.discard(key)
        return found[key]

    values: dict[str, dict[Position, Value]] = {}
    for sheet in book.worksheets:
        for (row, column), cell in sorted(sheet._cells.items()):
            if cell.data_type != "f":
                continue
            try:
                value = cells(sheet.title, row, column)
            except (Unsupported, RecursionError):  # a chain of references deeper than Python goes
                continue
            values.setdefault(sheet.title, {})[(row, column)] = value
    return values


def _cached(value: Value) -> tuple[str, str]:
    """The ``t`` attribute and the ``<v>`` text of a formula's value."""
    if isinstance(value, ExcelError):
        return "e", value.code
    if isinstance(value, bool):
        return "b", str(int(value))
    if isinstance(value, (int, float)):
        return "", str(value) if isinstance(value, int) else repr(value)
    text = "" if value is None else ILLEGAL_CHARACTERS.sub("", value)
    return "str", escape(text)


def with_values(text: str, values: dict[Position, Value]) -> str:
    """A sheet part with ``values`` stored in its formula cells (a value already there replaced)."""
    from openpyxl.utils import column_index_from_string

    def store(match: re.Match[str]) -> str:
        attributes, content = match.group(1), match.group(2)
        reference = _REFERENCE.search(attributes)
        if content is None or reference is None:
            return match.group(0)
        position = (int(reference.group(2)), column_index_from_string(reference.group(1)))
        end = _FORMULA_END.search(content)
        if position not in values or end is None:
            return match.group(0)
        kind, shown = _cached(values[position])
        tag = _PREFIX.match(match.group(0)).group(1)  # type: ignore[union-attr]
        attributes = _TYPE.sub("", attributes) + (f' t="{kind}"' if kind else "")
        formula = _CACHED.sub("", content[:end.end()])
        rest = _CACHED.sub("", content[end.end():])
        return f"<{tag}c{attributes}>{formula}<{tag}v>{shown}</{tag}v>{rest}</{tag}c>"

    return _CELL.sub(store, text)


def save_with_values(book: OpenpyxlWorkbook, target: IO[bytes], name: str | Path = "workbook",
                     buttons: Sequence[Button] = ()) -> None:
    """Save ``book`` to ``target`` with its formulas' values (see the module's text) and
    ``buttons`` (:mod:`xlrating.workbook.buttons`), which openpyxl cannot write."""
    buffer = io.BytesIO()
    book.save(buffer)
    values = formula_values(book)
    if not values and not buttons:
        target.write(buffer.getvalue())
        return
    package = open_package(buffer.getvalue(), Path(name))
    replaced: dict[str, bytes | None] = {}
    for entry in structure(package).sheets:
        if entry.name in values:
            text = package.xml(entry.part).decode("utf-8")
            replaced[entry.part] = with_values(text, values[entry.name]).encode("utf-8")
    if buttons:
        replaced.update(button_parts(package, buttons, replaced))
    write_package(package, target, replaced)
