"""Reading a sheet's values by streaming its XML part: the cost follows the cells that hold a value.

A sheet part is read in chunks and scanned row by row with regular expressions (no
element tree is built), so neither a sheet's declared dimension nor a formatted empty
cell far away (``XFD1048576``) costs anything: only cells with a value are kept. A sheet
can also be read only as far as its header row (:meth:`Reader.read` with
``until_header``), which is all it takes to know that a sheet is not a crosstable;
rows without text are then skipped unread. Shared strings are read lazily, only as far
as the highest one used. Parts holding a document type declaration never get here
(:func:`~xlrating.workbook.package.read_package` refuses them).

Values come as openpyxl gives them: numbers (int or float), text, bools, dates as
:class:`datetime.datetime` (by the cell's number format), errors as text (``"#N/A"``);
a formula cell gives the value Excel last calculated (None if it was never calculated).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, from_excel, from_ISO8601

from ..errors import WorkbookError
from .package import Package
from .parts import MAX_ROW, SheetEntry, cell_position, element

_P = r"(?:\w+:)?"
_ROW = element("row")
_CELL = element("c")
_SI = element("si")
_T = element("t")
_PHONETIC = element("rPh")
_V = element("v")
_F = re.compile(rf"<{_P}f\b")
_IS = element("is")
_MERGE = re.compile(rf"<{_P}mergeCell\b[^>]*?\bref=[\"']([^\"']*)[\"']")
_ROW_NUMBER = re.compile(r"""\br=["'](\d+)["']""")
_CELL_REF = re.compile(r"""\br=["'](([A-Z]{1,3})[0-9]+|[^"']*)["']""")
_TYPE = re.compile(r"""\bt=["'](\w+)["']""")
_STYLE = re.compile(r"""\bs=["'](\d+)["']""")
_TEXT_CELL = element("c", r"""[^<>]*?\bt=["'](?:s|inlineStr|str)["'][^<>]*?""")
_ROW_START = re.compile(rf"<{_P}row\b")
_END = re.compile(rf"</{_P}worksheet>\s*$")
_ENTITY = re.compile(r"&(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
_CHUNK = 2**20
#: The row a grid holds for each row without a value (one list, never changed).
_EMPTY: list[Any] = []


def _entity(match: re.Match[str]) -> str:
    name = match.group(1)
    if name.startswith("#x"):
        return chr(int(name[2:], 16))
    if name.startswith("#"):
        return chr(int(name[1:]))
    return _NAMED[name]


def unescape(text: str) -> str:
    """XML character data as text (the five named entities and character references)."""
    return _ENTITY.sub(_entity, text) if "&" in text else text


#: The value of a cell of type ``t`` from its text (numbers and shared strings aside).
_TYPED: dict[str, Callable[[str], Any]] = {"b": lambda text: bool(int(text)), "d": from_ISO8601}


def _inline(inner: str) -> tuple[Any, bool]:
    """An inline string cell's text and whether it holds a formula."""
    if inner.startswith("<is><t>") and inner.endswith("</t></is>") and "<" not in inner[7:-9]:
        return unescape(inner[7:-9]), False
    inline = _IS.search(inner)
    return (_plain(inline.group(2)) if inline else None), _F.search(inner) is not None


def _plain(inner: str | None) -> str:
    """The text of an ``si`` or ``is`` element: its ``t`` or its runs' ``t``, phonetic runs left out."""
    if not inner:
        return ""
    if "rPh" in inner:
        inner = _PHONETIC.sub("", inner)
    return "".join(unescape(t.group(2) or "") for t in _T.finditer(inner))


def chunks(package: Package, part: str, end: re.Pattern[str]) -> Iterator[str]:
    """Part ``part`` as text, in pieces that each end just after a match of ``end``."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    buffer = ""
    with package.stream(part) as source:
        while True:
            data = source.read(_CHUNK)
            buffer += decoder.decode(data, final=not data)
            if not data:
                if buffer:
                    yield buffer
                return
            ends = list(end.finditer(buffer, max(0, len(buffer) - len(data) - 64)))
            if ends:
                yield buffer[:ends[-1].end()]
                buffer = buffer[ends[-1].end():]


class SharedStrings:
    """The shared string table, read only as far as the highest index asked for."""

    def __init__(self, package: Package, part: str | None) -> None:
        self._package, self._part = package, part
        self._strings: list[str] = []
        self._pieces: Iterator[str] | None = None
        self._done = part is None

    def __getitem__(self, index: int) -> str:
        while index >= len(self._strings) and not self._done:
            self._more()
        if not 0 <= index < len(self._strings):
            raise WorkbookError(f"{self._package.file}: is damaged (a cell uses shared string {index}, "
                                f"the workbook has {len(self._strings)})")
        return self._strings[index]

    def _more(self) -> None:
        assert self._part is not None
        if self._pieces is None:
            self._pieces = chunks(self._package, self._part, re.compile(rf"</{_P}si>"))
        piece = next(self._pieces, None)
        if piece is None:
            self._done = True
            return
        self._strings.extend(_plain(m.group(2)).replace("x005F_", "") for m in _SI.finditer(piece))


@dataclass
class Sheet:
    """What was read of one sheet."""

    grid: list[list[Any]] = field(default_factory=list)
    """Values from A1, trailing blank cells and rows dropped; rows without a value are one
    shared empty list (not to be changed in place)."""
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
    _columns: dict[str, int] = field(default_factory=dict)
    """Column numbers by their letters, as met."""

    def read(self, entry: SheetEntry, *, until_header: Callable[[Any], bool] | None = None) -> Sheet:
        """Read sheet ``entry``; with ``until_header``, stop after the first row holding a text
        cell it accepts (then the grid holds that row alone, at its place)."""
        try:
            return self._read(entry, until_header)
        except (ValueError, KeyError, IndexError, OverflowError) as error:
            message = str(error).split("\n")[0]
            raise WorkbookError(f"{self.package.file}: is damaged or not an Excel workbook (part "
                                f"{entry.part}: {type(error).__name__}: {message})") from None

    def _read(self, entry: SheetEntry, until_header: Callable[[Any], bool] | None) -> Sheet:
        sheet = Sheet(complete=until_header is None)
        grid = sheet.grid
        previous = 0
        data_ended = False
        piece = ""
        for piece in chunks(self.package, entry.part, re.compile(rf"</{_P}row>|</{_P}sheetData>")):
            if until_header is not None:
                header = self._header_row(piece, until_header)
                if header is not None:
                    number, body = header
                    row = self._row(body, number, entry.part, sheet.formulas)
                    sheet.grid = [_EMPTY] * (number - 1) + [row]
                    return sheet
                continue
            if data_ended:
                sheet.merged.extend(m.group(1) for m in _MERGE.finditer(piece))
                continue
            for match in _ROW.finditer(piece):
                attributes, body = match.group(1), match.group(2)
                found = _ROW_NUMBER.search(attributes)
                number = int(found.group(1)) if found else previous + 1
                if not previous < number <= MAX_ROW:
                    raise WorkbookError(f"{self.package.file}: is damaged (part {entry.part}: row {number} "
                                        "out of order)")
                previous = number
                if not body:
                    continue
                values = self._row(body, number, entry.part, sheet.formulas)
                if values:
                    if len(grid) < number - 1:  # rows without a value: one shared empty row
                        grid.extend([_EMPTY] * (number - 1 - len(grid)))
                    grid.append(values)
            end = re.search(rf"</{_P}sheetData>", piece)
            if end is not None:
                data_ended = True
                sheet.merged.extend(m.group(1) for m in _MERGE.finditer(piece, end.end()))
        if until_header is None and _END.search(piece) is None:
            raise WorkbookError(f"{self.package.file}: is damaged (part {entry.part} is cut short)")
        return sheet

    def _header_row(self, piece: str, accept: Callable[[Any], bool]) -> tuple[int, str] | None:
        """The number and contents of the first row in ``piece`` with a text cell ``accept`` takes.

        Only text cells are looked at (one scan of the piece); rows are not numbered until
        one is found, so its number comes from its ``r`` (Excel always writes it).
        """
        for cell in _TEXT_CELL.finditer(piece):
            value, _ = self._value(cell.group(1), cell.group(2))
            if not (isinstance(value, str) and accept(value)):
                continue
            starts = [m for m in _ROW_START.finditer(piece, 0, cell.start())]
            if not starts:
                break
            row = _ROW.match(piece, starts[-1].start())
            found = _ROW_NUMBER.search(row.group(1)) if row else None
            if row is None or found is None:
                break
            return int(found.group(1)), row.group(2) or ""
        return None

    def _row(self, body: str, number: int, part: str, formulas: list[tuple[int, int, bool]]) -> list[Any]:
        values: list[Any] = []
        column = 0
        columns = self._columns
        for attributes, inner in _CELL.findall(body):
            reference = _CELL_REF.search(attributes)
            if reference:
                letters = reference.group(2)
                known = columns.get(letters) if letters else None
                if known is None:  # a column not met yet, or not a cell reference (damage)
                    _, known = cell_position(reference.group(1), self.package, part)
                    columns[letters] = known
                column = known
            else:
                column += 1
            if not inner:
                continue
            value, formula = self._value(attributes, inner)
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

    def _value(self, attributes: str, inner: str | None) -> tuple[Any, bool]:
        """A cell's value and whether it holds a formula, from its attributes and contents."""
        if not inner:
            return None, False
        found = _TYPE.search(attributes)
        kind = found.group(1) if found else "n"
        plain = inner[3:-4]
        if inner.startswith("<v>") and inner.endswith("</v>") and "<" not in plain:
            formula, text = False, (unescape(plain) or None)  # the usual cell: one value, nothing else
        elif kind == "inlineStr":
            return _inline(inner)
        else:
            formula = _F.search(inner) is not None
            v = _V.search(inner)
            text = unescape(v.group(2)) if v and v.group(2) else None
        if text is None:
            return None, formula
        if kind == "n":
            return self._number(text, attributes), formula
        if kind == "s":
            return self.strings[int(text)], formula
        return _TYPED.get(kind, str)(text), formula  # "str" (a formula's text), "e" (an error): the text

    def _number(self, text: str, attributes: str) -> Any:
        """A number cell's value: a date or a duration if its style formats it as one."""
        number: int | float = float(text) if ("." in text or "e" in text or "E" in text) else int(text)
        style = _STYLE.search(attributes)
        if not (style and int(style.group(1)) in self.dates):
            return number
        duration = int(style.group(1)) in self.durations
        if not duration and (number < 0 or (60 <= number < 61 and not self.date1904)):
            # Not a date (Excel shows ####, or 1900-02-29, a day that did not exist; openpyxl
            # would make them 1899-12-25 and 1900-02-28): the number, for the reader's message.
            return number
        try:
            epoch = CALENDAR_MAC_1904 if self.date1904 else CALENDAR_WINDOWS_1900
            return from_excel(number, epoch, timedelta=duration)
        except (OverflowError, ValueError):
            # Not a date Excel can show (past 9999-12-31): the number itself, so that
            # the reader's message can say what is wrong with it.
            return number
