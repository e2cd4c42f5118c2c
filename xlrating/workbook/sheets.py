"""Reading a sheet's values by streaming its XML part: memory follows the cells that hold a value.

A sheet part is parsed row by row and each row is dropped once read, so neither a sheet's
declared dimension nor a formatted empty cell far away (``XFD1048576``) costs anything:
only cells with a value are kept. A sheet can also be read only as far as its header row
(:func:`read_sheet` with ``until_header``), which is all it takes to know that a sheet is
not a crosstable. Shared strings are read lazily, only as far as the highest one used.

Values come as openpyxl gives them: numbers (int or float), text, bools, dates as
:class:`datetime.datetime` (by the cell's number format), errors as text (``"#N/A"``);
a formula cell gives the value Excel last calculated (None if it was never calculated).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, from_excel, from_ISO8601

from ..errors import WorkbookError
from .package import Package
from .parts import MAX_ROW, SheetEntry, cell_position, local, stream, unsafe


class SharedStrings:
    """The shared string table, parsed only as far as the highest index asked for."""

    def __init__(self, package: Package, part: str | None) -> None:
        self._package, self._part = package, part
        self._strings: list[str] = []
        self._events: Iterator[tuple[str, Element]] | None = None
        self._done = part is None

    def __getitem__(self, index: int) -> str:
        while index >= len(self._strings) and not self._done:
            self._next()
        if not 0 <= index < len(self._strings):
            raise WorkbookError(f"{self._package.file}: is damaged (a cell uses shared string {index}, "
                                f"the workbook has {len(self._strings)})")
        return self._strings[index]

    def _next(self) -> None:
        assert self._part is not None
        try:
            if self._events is None:
                self._events = stream(self._package, self._part)
            for event, element in self._events:
                if event == "end" and local(element.tag) == "si":
                    self._strings.append(_text(element).replace("x005F_", ""))
                    element.clear()
                    return
            self._done = True
        except (DefusedXmlException, ParseError, ValueError) as error:
            raise unsafe(self._package, self._part, error) from None


def _text(element: Element) -> str:
    """The plain text of an ``si`` or ``is`` element: its ``t``, or its runs' ``t`` (no phonetic runs)."""
    parts = []
    for child in element:
        name = local(child.tag)
        if name == "t":
            parts.append(child.text or "")
        elif name == "r":
            parts.extend(t.text or "" for t in child if local(t.tag) == "t")
    return "".join(parts)


@dataclass
class Sheet:
    """What was read of one sheet."""

    grid: list[list[Any]] = field(default_factory=list)
    """Values from A1, trailing blank cells and rows dropped."""
    formulas: list[tuple[int, int, bool]] = field(default_factory=list)
    """Formula cells: (row, column, whether Excel stored a calculated value), 1-based."""
    merged: list[str] = field(default_factory=list)
    """Merged ranges (``A1:F1``)."""
    complete: bool = True
    """False when only the rows down to the header row were read."""


@dataclass
class Reader:
    """Reads sheets of one package with its shared strings and cell formats."""

    package: Package
    strings: SharedStrings
    dates: set[int]
    durations: set[int]
    date1904: bool

    def read(self, entry: SheetEntry, *, until_header: Callable[[list[Any]], bool] | None = None) -> Sheet:
        """Read sheet ``entry``; with ``until_header``, stop after the first row it accepts."""
        try:
            return self._read(entry, until_header)
        except (DefusedXmlException, ParseError, ValueError, KeyError, IndexError) as error:
            raise unsafe(self.package, entry.part, error) from None

    def _read(self, entry: SheetEntry, until_header: Callable[[list[Any]], bool] | None) -> Sheet:
        sheet = Sheet()
        grid = sheet.grid
        data: Element | None = None
        previous_row = 0
        for event, element in stream(self.package, entry.part):
            name = local(element.tag)
            if event == "start":
                if name == "sheetData":
                    data = element
                continue
            if name == "row":
                number = int(element.get("r") or previous_row + 1)
                if not previous_row < number <= MAX_ROW:
                    raise WorkbookError(f"{self.package.file}: is damaged (part {entry.part}: row {number} "
                                        "out of order)")
                previous_row = number
                values = self._row(element, number, entry.part, sheet.formulas)
                if data is not None:
                    del data[:]
                if values:
                    if until_header is not None:
                        if until_header(values):
                            sheet.grid = [[]] * (number - 1) + [values]
                            sheet.complete = False
                            return sheet
                        continue
                    while len(grid) < number - 1:
                        grid.append([])
                    grid.append(values)
            elif name == "mergeCell":
                sheet.merged.append(element.get("ref", ""))
        if until_header is not None:
            sheet.complete = False
        return sheet

    def _row(self, row: Element, number: int, part: str, formulas: list[tuple[int, int, bool]]) -> list[Any]:
        values: list[Any] = []
        column = 0
        for cell in row:
            if local(cell.tag) != "c":
                continue
            reference = cell.get("r")
            if reference:
                _, column = cell_position(reference, self.package, part)
            else:
                column += 1
            value, formula = self._value(cell)
            if formula:
                formulas.append((number, column, value is not None))
            if value is None:
                continue
            if column > len(values):
                values.extend([None] * (column - 1 - len(values)))
                values.append(value)
            else:
                values[column - 1] = value
        return values

    def _value(self, cell: Element) -> tuple[Any, bool]:
        kind = cell.get("t", "n")
        text: str | None = None
        formula = False
        inline: Element | None = None
        for child in cell:
            name = local(child.tag)
            if name == "v":
                text = child.text or None
            elif name == "f":
                formula = True
            elif name == "is":
                inline = child
        if kind == "inlineStr":
            return (_text(inline) if inline is not None else None), formula
        if text is None:
            return None, formula
        if kind == "n":
            number: int | float = float(text) if ("." in text or "e" in text or "E" in text) else int(text)
            style = int(cell.get("s") or 0)
            if style in self.dates:
                try:
                    return from_excel(number, CALENDAR_MAC_1904 if self.date1904 else CALENDAR_WINDOWS_1900,
                                      timedelta=style in self.durations), formula
                except (OverflowError, ValueError):
                    return "#VALUE!", formula
            return number, formula
        if kind == "s":
            return self.strings[int(text)], formula
        if kind == "b":
            return bool(int(text)), formula
        if kind == "d":
            return from_ISO8601(text), formula
        return text, formula  # "str" (a formula's text), "e" (an error)
