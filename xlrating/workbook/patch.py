"""Writing values into a sheet's XML part by editing only the rows written to.

The rows a run writes are rebuilt, cell by cell, in column order; every other row, and
everything around the sheet data (views, column widths, merged cells, validation,
conditional formats, drawings...), is kept as the file has it. Styles gain one cell
format per (format it had, number format) pair a run needs; Excel tables and filters are
widened over added columns by editing their ``ref``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, time
from numbers import Real
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from openpyxl.styles.numbers import BUILTIN_FORMATS
from openpyxl.utils import get_column_letter
from openpyxl.utils.datetime import to_excel

from ..errors import ArgumentError, WorkbookError
from .cells import ILLEGAL_CHARACTERS, fit_text
from .parts import element

_ROW = element("row")
_CELL = element("c")
_REF = re.compile(r'\sr="([A-Z]+)?(\d+)?"')
_FORMULA = re.compile(r"<(?:\w+:)?f\b")
_SHARED_FORMULA = re.compile(r'<(?:\w+:)?f\b[^>]*\bt="shared"[^>]*\bref="')
_STYLE = re.compile(r'\ss="(\d+)"')
_SPANS = re.compile(r'\sspans="[^"]*"')
_BUILTIN_IDS = {code: number for number, code in BUILTIN_FORMATS.items()}
_DEFAULT_FORMATS = {datetime: "yyyy-mm-dd h:mm:ss", date: "yyyy-mm-dd", time: "h:mm:ss"}
NEW_SHEET_WIDTH = 8.43
"""The width, in characters, of a new sheet's columns in Excel (the Calibri 11 default): a
column is widened from it, never narrowed below it."""


def column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


@dataclass
class Write:
    """One cell to write: its value, the number format to give it (None: keep), or a style to take."""

    value: Any
    number_format: str | None = None
    header_style_from: int | None = None
    """For an added header cell: the column whose header cell's style it takes (if it has none)."""
    bold: bool = False
    """Write it in bold (a header of a sheet written whole)."""


class StyleSheet:
    """``xl/styles.xml``, gaining cell formats as writes need them."""

    def __init__(self, text: str | None) -> None:
        self.text = text
        self._added: dict[tuple[int, str], int] = {}
        self._found: dict[tuple[int, str], int] = {}
        self._xfs: list[str] = []
        self._new: list[str] = []
        self._codes: dict[str, int] = {}
        self._new_codes: list[tuple[int, str]] = []
        self._number_ids: list[int] = []
        self._fonts: list[str] | None = None
        self._new_fonts: list[str] = []
        if text is None:
            return
        xfs = re.search(r"<(\w+:)?cellXfs\b[^>]*>(.*?)</\1?cellXfs>", text, re.S)
        if xfs:
            self._xfs = re.findall(r"<(?:\w+:)?xf\b[^>]*?(?:/>|>.*?</(?:\w+:)?xf>)", xfs.group(2), re.S)
        self._number_ids = [int(m.group(1)) if (m := re.search(r'numFmtId="(\d+)"', xf)) else 0
                            for xf in self._xfs]
        for match in re.finditer(r"<(?:\w+:)?numFmt\b[^>]*>", text):
            number = re.search(r'numFmtId="(\d+)"', match.group(0))
            code = re.search(r'formatCode="([^"]*)"', match.group(0))
            if number and code:
                self._codes.setdefault(_unescape(code.group(1)), int(number.group(1)))

    @property
    def changed(self) -> bool:
        return bool(self._new)

    def number_format_id(self, style: int) -> int:
        return self._number_ids[style] if 0 <= style < len(self._number_ids) else 0

    def with_format(self, style: int, code: str) -> int:
        """The cell format index of ``style`` with number format ``code`` (a new one if needed)."""
        known = self._found.get((style, code))
        if known is None:
            known = self._found[(style, code)] = self._with_format(style, code)
        return known

    def _with_format(self, style: int, code: str) -> int:
        if self.text is None or not self._xfs:
            return style
        style = style if 0 <= style < len(self._xfs) else 0
        number = self._format_id(code)
        if self._number_ids[style] == number:
            return style
        key = (style, code)
        if key not in self._added:
            xf = self._xfs[style]
            xf = re.sub(r'\snumFmtId="\d+"', "", xf)
            xf = re.sub(r'\sapplyNumberFormat="\w*"', "", xf)
            added = f' numFmtId="{number}" applyNumberFormat="1"'
            xf = re.sub(r"^<((?:\w+:)?xf)\b", lambda m: f"<{m.group(1)}{added}", xf)
            self._added[key] = len(self._xfs)
            self._xfs.append(xf)
            self._number_ids.append(number)
            self._new.append(xf)
        return self._added[key]

    def with_bold(self, style: int) -> int:
        """The cell format index of ``style`` with its font in bold (a new font and format if needed)."""
        key = (style, "\0bold")
        known = self._found.get(key)
        if known is None:
            known = self._found[key] = self._with_bold(style)
        return known

    def _with_bold(self, style: int) -> int:
        if self.text is None or not self._xfs:
            return style
        style = style if 0 <= style < len(self._xfs) else 0
        if self._fonts is None:
            found = re.search(r"<(\w+:)?fonts\b[^>]*>(.*?)</\1?fonts>", self.text, re.S)
            self._fonts = re.findall(r"<(?:\w+:)?font\b[^>]*?(?:/>|>.*?</(?:\w+:)?font>)", found.group(2),
                                     re.S) if found else []
        xf = self._xfs[style]
        number = re.search(r'\sfontId="(\d+)"', xf)
        font_id = int(number.group(1)) if number else 0
        if not 0 <= font_id < len(self._fonts) or re.search(r"<(?:\w+:)?b\b", self._fonts[font_id]):
            return style
        # b comes first among a font's children.
        bold = re.sub(r"^<((\w+:)?font)\b([^>]*?)(/?)>",
                      lambda m: f"<{m.group(1)}{m.group(3)}><{m.group(2) or ''}b/>"
                                + (f"</{m.group(1)}>" if m.group(4) else ""), self._fonts[font_id])
        self._fonts.append(bold)
        self._new_fonts.append(bold)
        xf = re.sub(r'\s(?:fontId|applyFont)="\w*"', "", xf)
        added = f' fontId="{len(self._fonts) - 1}" applyFont="1"'
        xf = re.sub(r"^<((?:\w+:)?xf)\b", lambda m: f"<{m.group(1)}{added}", xf)
        self._xfs.append(xf)
        self._number_ids.append(self._number_ids[style])
        self._new.append(xf)
        return len(self._xfs) - 1

    def _format_id(self, code: str) -> int:
        if code in _BUILTIN_IDS:
            return int(_BUILTIN_IDS[code])
        if code not in self._codes:
            taken = set(self._codes.values())
            number = max([163, *taken]) + 1
            self._codes[code] = number
            self._new_codes.append((number, code))
        return self._codes[code]

    def result(self) -> str:
        """The styles part with the added cell formats (and number formats)."""
        assert self.text is not None
        text = self.text
        if self._new_codes:
            new = "".join(f'<numFmt numFmtId="{n}" formatCode={quoteattr(c)}/>' for n, c in self._new_codes)
            existing = re.search(r"<(\w+:)?numFmts\b[^>]*?(/>|>)", text)
            if existing and existing.group(2) == ">":
                end = text.index(f"</{existing.group(1) or ''}numFmts>", existing.end())
                text = text[:end] + _prefixed(new, existing.group(1)) + text[end:]
                text = _recount(text, "numFmts")
            else:
                root = re.search(r"<(\w+:)?styleSheet\b[^>]*>", text)
                if root is None:
                    raise WorkbookError("the styles part has no styleSheet element")
                prefix = root.group(1) or ""
                count = len(self._new_codes)
                block = f'<{prefix}numFmts count="{count}">{_prefixed(new, prefix)}</{prefix}numFmts>'
                if existing:
                    text = text[:existing.start()] + block + text[existing.end():]
                else:
                    text = text[:root.end()] + block + text[root.end():]
        text = _appended(text, "fonts", self._new_fonts)
        return _appended(text, "cellXfs", self._new)


def _appended(text: str, element: str, children: list[str]) -> str:
    """``text`` with ``children`` added at the end of ``element`` (which it has), and its count set."""
    if not children:
        return text
    found = re.search(rf"<(\w+:)?{element}\b[^>]*>", text)
    assert found is not None
    end = text.index(f"</{found.group(1) or ''}{element}>", found.end())
    return _recount(text[:end] + "".join(children) + text[end:], element)


def _prefixed(xml: str, prefix: str | None) -> str:
    return xml.replace("<numFmt ", f"<{prefix}numFmt ") if prefix else xml


def _recount(text: str, element: str) -> str:
    """``text`` with the ``count`` of ``element`` set to its number of children."""
    match = re.search(rf"<(\w+:)?{element}\b([^>]*)>(.*?)</\1?{element}>", text, re.S)
    if match is None:
        return text
    child = {"numFmts": "numFmt", "cellXfs": "xf", "fonts": "font"}[element]
    count = len(re.findall(rf"<(?:\w+:)?{child}\b", match.group(3)))
    attributes = re.sub(r'\scount="\d*"', "", match.group(2))
    prefix = match.group(1) or ""
    return (text[:match.start()] + f'<{prefix}{element} count="{count}"{attributes}>' + match.group(3)
            + f"</{prefix}{element}>" + text[match.end():])


def _unescape(text: str) -> str:
    return (text.replace("&quot;", '"').replace("&apos;", "'").replace("&lt;", "<").replace("&gt;", ">")
            .replace("&amp;", "&"))


@dataclass
class SheetPatch:
    """The writes to one sheet: row -> column -> :class:`Write`."""

    rows: dict[int, dict[int, Write]] = field(default_factory=dict)
    widths: dict[int, float] = field(default_factory=dict)
    """Added columns -> width to give them when the sheet sets none."""
    width_from: int = 0
    auto_filter: tuple[int, int, int] | None = None
    """(header row, old last column, new last column): widen a sheet AutoFilter ending at the old column."""
    overwrote_formula: bool = False
    grouped: set[int] = field(default_factory=set)
    """Added columns to group and collapse (outline level 1, hidden): the working behind a
    rating, which a printed wall chart leaves out."""

    def put(self, row: int, column: int, write: Write) -> None:
        self.rows.setdefault(row, {})[column] = write


def cell_xml(prefix: str, row: int, column: int, style: int, write: Write, styles: StyleSheet,
             where: str) -> str:
    """The XML of one written cell (``put``'s rules: text stays text, never a formula)."""
    value = write.value
    code = write.number_format
    attributes = f'r="{get_column_letter(column)}{row}"'
    body = ""
    kind = ""
    if value is None:
        pass
    elif isinstance(value, bool):
        kind, body = "b", f"<{prefix}v>{int(value)}</{prefix}v>"
    elif isinstance(value, (datetime, date, time)):
        body = f"<{prefix}v>{to_excel(value)!r}</{prefix}v>"
        if code is None and styles.number_format_id(style) == 0:
            code = _DEFAULT_FORMATS[type(value) if type(value) in _DEFAULT_FORMATS else datetime]
    elif isinstance(value, str):
        if ILLEGAL_CHARACTERS.search(value):
            raise ArgumentError(
                f"{where}: text {value!r} holds a control character an .xlsx file cannot store")
        text = fit_text(value)
        space = ' xml:space="preserve"' if text != text.strip() else ""
        kind, body = "inlineStr", f"<{prefix}is><{prefix}t{space}>{escape(text)}</{prefix}t></{prefix}is>"
    elif isinstance(value, (int, float, Real)):
        number = float(value)
        if not math.isfinite(number):
            raise ArgumentError(f"{where}: {value!r} is not a finite number")
        shown = str(int(value)) if isinstance(value, int) else repr(number)
        body = f"<{prefix}v>{shown}</{prefix}v>"
    else:
        raise ArgumentError(f"{where}: cannot write {type(value).__name__} value {value!r} to a cell")
    if write.bold:
        style = styles.with_bold(style)
    if code is not None:
        style = styles.with_format(style, code)
    if style:
        attributes += f' s="{style}"'
    if kind:
        attributes += f' t="{kind}"'
    if not body and not style:
        return ""
    return f"<{prefix}c {attributes}/>" if not body else f"<{prefix}c {attributes}>{body}</{prefix}c>"


def patch_sheet(text: str, patch: SheetPatch, styles: StyleSheet, sheet: str) -> str:
    """``text`` (a sheet part) with ``patch`` written into it."""
    opening = re.search(r"<(\w+:)?sheetData\b[^>]*?(/?)>", text)
    if opening is None:
        raise WorkbookError(f"sheet {sheet!r} has no sheet data")
    prefix = opening.group(1) or ""
    if opening.group(2):
        head, data, tail = text[:opening.start()], "", text[opening.end():]
    else:
        close = text.index(f"</{prefix}sheetData>", opening.end())
        head, data, tail = text[:opening.start()], text[opening.end():close], \
            text[close + len(f"</{prefix}sheetData>"):]
    pending = sorted(patch.rows)
    out: list[str] = []
    position = 0
    previous = 0
    index = 0
    for match in _ROW.finditer(data):
        tag_end = match.group(0).index(">")
        start_tag = match.group(0)[:tag_end + 1]
        found = re.search(r'\sr="(\d+)"', start_tag)
        number = int(found.group(1)) if found else previous + 1
        previous = number
        if index >= len(pending) or number < pending[index]:
            continue
        out.append(data[position:match.start()])
        while index < len(pending) and pending[index] < number:
            out.append(_row_xml(prefix, pending[index], "", [], patch, styles, sheet))
            index += 1
        if index < len(pending) and pending[index] == number:
            cells = _cells(match.group(0)[tag_end + 1:])
            out.append(_row_xml(prefix, number, start_tag, cells, patch, styles, sheet))
            index += 1
        else:
            out.append(match.group(0))
        position = match.end()
    out.append(data[position:])
    while index < len(pending):
        out.append(_row_xml(prefix, pending[index], "", [], patch, styles, sheet))
        index += 1
    head = _widen_dimension(head, patch)
    head = _widen_columns(head, patch, prefix)
    if patch.auto_filter is not None:
        tail = _widen_auto_filter(tail, *patch.auto_filter)
    return f"{head}<{prefix}sheetData>{''.join(out)}</{prefix}sheetData>{tail}"


def _cells(body: str) -> list[tuple[int, str, str]]:
    """The cells of a row's XML: (column, the cell's XML, its attributes)."""
    cells = []
    column = 0
    for match in _CELL.finditer(body):
        xml, attributes = match.group(0), match.group(1)
        reference = _REF.search(attributes)
        column = column_number(reference.group(1)) if reference and reference.group(1) else column + 1
        cells.append((column, xml, attributes))
    return cells


def _style_of(attributes: str) -> int:
    found = _STYLE.search(attributes)
    return int(found.group(1)) if found else 0


def _row_xml(prefix: str, number: int, start_tag: str, cells: list[tuple[int, str, str]], patch: SheetPatch,
             styles: StyleSheet, sheet: str) -> str:
    writes = patch.rows[number]
    existing = {column: (xml, attributes) for column, xml, attributes in cells}
    merged: dict[int, str] = {}
    for column, xml, _ in cells:
        if column not in writes:
            merged[column] = xml
    for column, write in writes.items():
        old, attributes = existing.get(column, ("", ""))
        style = _style_of(attributes)
        if old and _FORMULA.search(old):
            if _SHARED_FORMULA.search(old):
                where = f"{sheet}!{get_column_letter(column)}{number}"
                raise WorkbookError(f"{where} holds a formula that other cells share; clear it (the "
                                    "ratings go there) and rate again")
            patch.overwrote_formula = True
        if write.header_style_from is not None and not style:
            model = _style_of(existing.get(write.header_style_from, ("", ""))[1])
            if model:
                style = styles.with_format(model, "General")
            write = Write(write.value)
        where = f"{sheet}!{get_column_letter(column)}{number}"
        xml = cell_xml(prefix, number, column, style, write, styles, where)
        if xml:
            merged[column] = xml
    body = "".join(merged[c] for c in sorted(merged))
    if start_tag:
        tag = _SPANS.sub("", start_tag)
        tag = tag[:-2] + ">" if tag.endswith("/>") else tag
    else:
        tag = f'<{prefix}row r="{number}">'
    return f"{tag}{body}</{prefix}row>"


def _widen_dimension(head: str, patch: SheetPatch) -> str:
    match = re.search(r'(<(?:\w+:)?dimension\b[^>]*\bref=")([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"', head)
    if match is None or not patch.rows:
        return head
    left, top = column_number(match.group(2)), int(match.group(3))
    right = column_number(match.group(4)) if match.group(4) else left
    bottom = int(match.group(5)) if match.group(5) else top
    rows = list(patch.rows)
    columns = [c for cells in patch.rows.values() for c in cells]
    top, bottom = min(top, *rows), max(bottom, *rows)
    left, right = min(left, *columns), max(right, *columns)
    ref = f"{get_column_letter(left)}{top}:{get_column_letter(right)}{bottom}"
    return head[:match.start()] + match.group(1) + ref + '"' + head[match.end():]


def _widen_columns(head: str, patch: SheetPatch, prefix: str) -> str:
    if not patch.widths:
        return head
    existing = re.search(r"<(\w+:)?cols\b[^>]*>(.*?)</\1?cols>", head, re.S)
    cols = re.findall(r"<(?:\w+:)?col\b[^>]*>", existing.group(2)) if existing else []
    spans: list[tuple[int, int, str]] = []
    for col in cols:
        low = re.search(r'\bmin="(\d+)"', col)
        high = re.search(r'\bmax="(\d+)"', col)
        if low and high:
            spans.append((int(low.group(1)), int(high.group(1)), col))
    model_width = NEW_SHEET_WIDTH
    for first, last, col in spans:
        found = re.search(r'\bwidth="([0-9.]+)"', col)
        if first <= patch.width_from <= last and found:
            model_width = float(found.group(1))
    for column, wanted in patch.widths.items():
        if any(first <= column <= last for first, last, _ in spans):
            continue
        width = max(model_width, wanted)
        outline = ' outlineLevel="1" hidden="1"' if column in patch.grouped else ""
        spans.append((column, column, f'<{prefix}col min="{column}" max="{column}" width="{width:g}" '
                                      f'customWidth="1"{outline}/>'))
    body = "".join(col for _, _, col in sorted(spans))
    block = f"<{prefix}cols>{body}</{prefix}cols>"
    head = head[:existing.start()] + block + head[existing.end():] if existing else head + block
    return _outline_level(head, prefix) if patch.grouped else head


def _outline_level(head: str, prefix: str) -> str:
    """``head`` whose ``sheetFormatPr`` says the columns have an outline (Excel shows the
    group's button only then); a ``sheetFormatPr`` is added where the sheet has none."""
    found = re.search(r"<(?:\w+:)?sheetFormatPr\b([^>]*?)(/?)>", head)
    if found is None:
        cols = re.search(r"<(?:\w+:)?cols\b", head)
        element = f'<{prefix}sheetFormatPr defaultRowHeight="15" outlineLevelCol="1"/>'
        at = cols.start() if cols else len(head)
        return head[:at] + element + head[at:]
    if "outlineLevelCol=" in found.group(1):
        return head
    start = found.start(2)
    return head[:start] + ' outlineLevelCol="1"' + head[start:]


def _widen_auto_filter(tail: str, header_row: int, old_last: int, new_last: int) -> str:
    match = re.search(r'(<(?:\w+:)?autoFilter\b[^>]*\bref=")([A-Z]+)(\d+):([A-Z]+)(\d+)"', tail)
    if match is None:
        return tail
    if int(match.group(3)) != header_row or column_number(match.group(4)) != old_last:
        return tail
    ref = f"{match.group(2)}{match.group(3)}:{get_column_letter(new_last)}{match.group(5)}"
    return tail[:match.start()] + match.group(1) + ref + '"' + tail[match.end():]


def widen_table(text: str, ref: str, autofilter_ref: str | None, names: Iterable[str]) -> str:
    """A table part with its ``ref`` (and its filter's) set and ``names`` appended as columns."""
    root = re.search(r"<(\w+:)?table\b[^>]*>", text)
    if root is None:
        raise WorkbookError("a table part has no table element")
    prefix = root.group(1) or ""
    tag = re.sub(r'(\sref=")[^"]*"', lambda m: f'{m.group(1)}{ref}"', root.group(0), count=1)
    text = text[:root.start()] + tag + text[root.end():]
    if autofilter_ref is not None:
        text = re.sub(r'(<(?:\w+:)?autoFilter\b[^>]*\sref=")[^"]*"',
                      lambda m: f'{m.group(1)}{autofilter_ref}"', text, count=1)
    columns = re.search(r"<(\w+:)?tableColumns\b[^>]*>", text)
    if columns is None:
        raise WorkbookError("a table part has no tableColumns element")
    ids = [int(i) for i in re.findall(r'<(?:\w+:)?tableColumn\b[^>]*\bid="(\d+)"', text)]
    next_id = max(ids, default=0) + 1
    new = "".join(f'<{prefix}tableColumn id="{next_id + i}" name={quoteattr(name)}/>'
                  for i, name in enumerate(names))
    end = text.index(f"</{prefix}tableColumns>", columns.end())
    text = text[:end] + new + text[end:]
    count = len(re.findall(r"<(?:\w+:)?tableColumn\b", text))
    start = re.sub(r'\scount="\d*"', "", columns.group(0))
    start = start[:-1] + f' count="{count}">'
    return text.replace(columns.group(0), start, 1)
