"""The parts of a workbook package the reader and the writer need: sheets, styles, tables.

Small parts (the workbook, relationships, styles, tables) are parsed whole, through
defusedxml with document type declarations forbidden; sheets and the shared strings are
streamed (see :mod:`xlrating.workbook.sheets`).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring
from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format, is_timedelta_format

from ..errors import WorkbookError
from .package import Package

REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_TYPE_WORKSHEET = "/worksheet"
_TYPE_TABLE = "/table"
_TYPE_STRINGS = "/sharedStrings"
_TYPE_STYLES = "/styles"
_CELL = re.compile(r"\$?([A-Z]{1,3})\$?([0-9]{1,7})")
#: The last row and column of an Excel sheet.
MAX_ROW, MAX_COLUMN = 1_048_576, 16_384


def element(tag: str, attributes: str = r"[^<>]*?") -> re.Pattern[str]:
    """A pattern for element ``tag`` (any namespace prefix): group 1 its attributes, group 2
    its content (None when it closes itself).

    The content may hold anything but another ``tag`` element, and the attributes no ``<``,
    so a failed match stops at the next ``tag`` element: scanning a part costs time in
    proportion to its length, however damaged or hostile its XML (``<c`` a million times
    without a closing tag included).
    """
    prefix = r"(?:\w+:)?"
    content = rf"[^<]*(?:<(?!{prefix}{tag}\b)[^<]*)*"
    return re.compile(rf"<{prefix}{tag}\b({attributes})(?:/>|(?<!/)>({content})</{prefix}{tag}>)")


def local(tag: str) -> str:
    """An element's name without its namespace."""
    return tag.rsplit("}", 1)[-1]


def unsafe(package: Package, name: str, error: BaseException) -> WorkbookError:
    if isinstance(error, DefusedXmlException):
        return WorkbookError(f"{package.file}: refused: it holds unsafe XML ({type(error).__name__}: "
                             f"{error}); a workbook saved by Excel never does")
    if isinstance(error, WorkbookError):
        return error
    message = str(error).split("\n")[0]
    return WorkbookError(f"{package.file}: is damaged or not an Excel workbook (part {name}: "
                         f"{type(error).__name__}: {message})")


def parse(package: Package, name: str) -> Element:
    """Small XML part ``name``, parsed whole."""
    try:
        return fromstring(package.xml(name), forbid_dtd=True)  # type: ignore[no-any-return]
    except (DefusedXmlException, ParseError, ValueError, KeyError) as error:
        raise unsafe(package, name, error) from None


def cell_position(reference: str, package: Package, part: str) -> tuple[int, int]:
    """(row, column), 1-based, of a cell reference such as ``AB12``; refused outside a sheet."""
    match = _CELL.fullmatch(reference)
    if match is None:
        raise WorkbookError(f"{package.file}: is damaged (part {part}: cell reference {reference[:20]!r})")
    letters, digits = match.groups()
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - 64
    row = int(digits)
    if not (1 <= row <= MAX_ROW and 1 <= column <= MAX_COLUMN):
        raise WorkbookError(f"{package.file}: is damaged (part {part}: cell {reference} is outside a sheet)")
    return row, column


def range_bounds(ref: str, package: Package, part: str) -> tuple[int, int, int, int]:
    """(min_row, min_col, max_row, max_col) of a range such as ``A1:J6`` (or one cell)."""
    first, _, last = ref.partition(":")
    top, left = cell_position(first, package, part)
    bottom, right = cell_position(last, package, part) if last else (top, left)
    return top, left, bottom, right


def relationships(package: Package, part: str) -> dict[str, tuple[str, str]]:
    """The relationships of ``part``: id -> (type, target part name)."""
    folder, base = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", base + ".rels")
    if not package.has(rels):
        return {}
    found = {}
    for element in parse(package, rels):
        if local(element.tag) != "Relationship" or element.get("TargetMode") == "External":
            continue
        target = element.get("Target", "")
        absolute = target.startswith("/")
        name = target.lstrip("/") if absolute else posixpath.normpath(posixpath.join(folder, target))
        found[element.get("Id", "")] = (element.get("Type", ""), name)
    return found


@dataclass
class Table:
    """An Excel table (a ``xl/tables/tableN.xml`` part) on a sheet."""

    part: str
    ref: str
    header_rows: int
    totals_rows: int
    columns: list[str]


@dataclass
class SheetEntry:
    """A worksheet of the workbook: its name, its part and the parts that belong to it."""

    name: str
    part: str
    tables: list[Table] = field(default_factory=list)


@dataclass
class Structure:
    """What the workbook part says: its worksheets in order, where strings and styles are."""

    sheets: list[SheetEntry]
    strings: str | None
    styles: str | None
    date1904: bool


def structure(package: Package) -> Structure:
    """The worksheets (chart sheets left out), shared strings, styles and date system."""
    book = parse(package, "xl/workbook.xml")
    rels = relationships(package, "xl/workbook.xml")
    sheets = []
    date1904 = False
    for element in book.iter():
        name = local(element.tag)
        if name == "workbookPr":
            date1904 = element.get("date1904", "0").lower() in ("1", "true")
        elif name == "sheet":
            kind, part = rels.get(element.get(f"{{{REL_NS}}}id", ""), ("", ""))
            if kind.endswith(_TYPE_WORKSHEET):
                if not package.has(part):
                    raise WorkbookError(f"{package.file}: is damaged (sheet part {part} is missing)")
                sheets.append(SheetEntry(name=element.get("name", ""), part=part))
    strings = next((part for kind, part in rels.values() if kind.endswith(_TYPE_STRINGS)), None)
    styles = next((part for kind, part in rels.values() if kind.endswith(_TYPE_STYLES)), None)
    return Structure(sheets=sheets, strings=strings if strings and package.has(strings) else None,
                     styles=styles if styles and package.has(styles) else None, date1904=date1904)


def tables(package: Package, sheet: SheetEntry) -> list[Table]:
    """The Excel tables of ``sheet``."""
    found = []
    for kind, part in relationships(package, sheet.part).values():
        if not kind.endswith(_TYPE_TABLE) or not package.has(part):
            continue
        root = parse(package, part)
        columns = [c.get("name", "") for c in root.iter() if local(c.tag) == "tableColumn"]
        found.append(Table(part=part, ref=root.get("ref", ""),
                           header_rows=int(root.get("headerRowCount", "1") or 1),
                           totals_rows=int(root.get("totalsRowCount", "0") or 0), columns=columns))
    return found


@dataclass
class Styles:
    """The cell formats of ``xl/styles.xml``: each ``cellXfs`` entry's number format."""

    formats: list[int]
    """Number format id of each cell format (``s`` index)."""
    codes: dict[int, str]
    """Custom number formats by id."""

    def code(self, style: int) -> str:
        number = self.formats[style] if 0 <= style < len(self.formats) else 0
        return self.codes.get(number) or BUILTIN_FORMATS.get(number, "General")

    def kinds(self) -> tuple[set[int], set[int]]:
        """The style indexes whose format is a date, and those whose format is a duration."""
        dates, durations = set(), set()
        for index in range(len(self.formats)):
            code = self.code(index)
            if is_date_format(code):
                dates.add(index)
                if is_timedelta_format(code):
                    durations.add(index)
        return dates, durations


def styles(package: Package, part: str | None) -> Styles:
    if part is None:
        return Styles(formats=[], codes={})
    root = parse(package, part)
    codes: dict[int, str] = {}
    formats: list[int] = []
    for child in root:
        name = local(child.tag)
        if name == "numFmts":
            for number in child:
                try:
                    codes[int(number.get("numFmtId", ""))] = number.get("formatCode", "")
                except ValueError:
                    continue
        elif name == "cellXfs":
            for xf in child:
                try:
                    formats.append(int(xf.get("numFmtId", "0")))
                except ValueError:
                    formats.append(0)
    return Styles(formats=formats, codes=codes)
