"""A fresh crosstable workbook: the ``Event`` settings sheet and crosstable sheets as Excel tables.

The templates (``xlrating template``) and the importers (``xlrating import``) write
their workbooks through :func:`write_new_workbook`, so every new workbook looks the
same: each crosstable an Excel table with a frozen header, sensible column widths and
data validation on its round cells (formatted as text, so ``+12`` and ``=12`` stay the
codes they are); the ``Event`` sheet with a drop-down list for every setting that has
a fixed set of values.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.table import Table, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet

from .. import systems
from ..crosstable.columns import USCF_SYSTEMS, round_number
from ..crosstable.settings import USCF_REPORT_HELP
from ..errors import ArgumentError
from ..model import EventType
from .cells import put

__all__ = [
    "EVENT_SHEET",
    "SETTING_CHOICES",
    "NewSheet",
    "check_crosstable_cells",
    "column_width",
    "fill_new_workbook",
    "fit_to_pages",
    "setting_validation",
    "wrapped_height",
    "write_how_to",
    "write_new_workbook",
]

EVENT_SHEET = "Event"

#: Settings of the ``Event`` sheet with a fixed set of values (docs/guide/crosstable.md, "The Event sheet"),
#: keyed by the setting's lower-case name.
SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "system": tuple(system.key for system in systems.SYSTEMS),
    "rating system": USCF_SYSTEMS,
    "dual rated": ("yes", "no"),
    "rules": tuple(edition for system in systems.SYSTEMS for edition in system.edition_names),
    "event type": tuple(t.value for t in EventType),
}

#: One line of help per setting, written beside its value in column C.
SETTING_HELP: dict[str, str] = {
    "system": "USCF, FIDE or ICU",
    "rating system": "USCF only: Regular, Quick, Blitz, Online Regular, Online Quick, Online Blitz",
    "dual rated": "USCF only: yes for a G/30 to G/60+5 over-the-board event rated Regular and Quick",
    "rules": "blank: the newest rules of the system",
    "bonus multiplier": "USCF only: blank = the value in force on the end date",
    "event type": "Swiss, Round robin or Match",
    "event name": "",
    "start date": "a date",
    "end date": "a date; blank = today",
    # What a FIDE Tournament Report File needs (TRF-2026 lines 132, 022, 032, 102, 112, 122, 222).
    "round dates": "TRF: every round's date in order, e.g. 2025/04/12 2025/04/12 2025/04/13",
    "city": "TRF: the city",
    "host federation": "TRF: the federation's FIDE code, e.g. IRL",
    "chief arbiter": "TRF: the chief arbiter's name",
    "deputy arbiters": "TRF: the deputy arbiters, separated by ; (optional)",
    "time control": "TRF: e.g. 90 min + 30 s (encoded as 5400+30 where it can be read)",
    "encoded time control": "TRF line 222 when the time control's text does not give it, e.g. 5400+30",
    "national federation": "TRF: the FIDE code of the national ratings' federation",
    "trf comments": "TRF ### comment lines, one per line",
    "trf lines": "TRF lines of an imported file, written back as they were",
}
# US Chess's rating report rows (xlrating export --to uscf); City and Time control keep the help above.
for _name, _help in USCF_REPORT_HELP.items():
    SETTING_HELP.setdefault(_name.lower(), _help)
#: Settings typed as text: IDs and ZIP codes keep their leading zeros and never become 1E+07.
TEXT_SETTINGS = frozenset({"event id", "affiliate id", "chief td id", "assistant td id", "zip"})

_DATE_FORMAT = "yyyy-mm-dd"
#: The Event sheet's value column, in characters: a longer text wraps within it.
_EVENT_VALUE_WIDTH = 22
_TABLE_STYLE = "TableStyleMedium2"
_VALIDATION_ROWS = 1000
"""Data validation and text format reach this far below the header, so rows a user adds
beyond the table's end are checked too."""

_ROUND_CODES = "WLDXFBHUZ+-="
_ROUND_PROMPT = (
    "W12 won against No. 12, L12 lost, D12 drew (or +12 -12 =12); X/F won/lost by forfeit; "
    "B full-point bye, H half-point bye, U or blank not played. An optional w/b colour may follow."
)


@dataclass(frozen=True)
class NewSheet:
    """A crosstable sheet of a new workbook: its header and its player rows."""

    name: str
    """Sheet name, e.g. ``"Crosstable"``."""
    header: Sequence[str]
    """Column headers (``No``, ``Name``, ``Rating``, ``R1``...), unique, non-empty text."""
    rows: Sequence[Sequence[Any]]
    """One row per player, values in header order (None or "" for a blank cell)."""


def write_new_workbook(
    path: str | os.PathLike[str],
    *,
    event: Sequence[tuple[str, object]],
    sheets: Sequence[NewSheet],
    how_to: Sequence[str] = (),
) -> None:
    """Write a new crosstable workbook to ``path`` (atomically: temporary file, then rename).

    ``event`` is the ``Event`` sheet's settings as ``(name, value)`` pairs in order
    (dates as :class:`datetime.date`); ``sheets`` the crosstable sheets, each written as
    an Excel table; ``how_to`` optional lines for a ``How to use`` sheet.
    """
    from .book import save_workbook_atomic

    workbook = Workbook()
    fill_new_workbook(workbook, event=event, sheets=sheets, how_to=how_to)
    save_workbook_atomic(workbook, path)


def fill_new_workbook(
    workbook: Workbook,
    *,
    event: Sequence[tuple[str, object]],
    sheets: Sequence[NewSheet],
    how_to: Sequence[str] = (),
) -> None:
    """Add the crosstable sheets, the ``Event`` sheet and a ``How to use`` sheet to ``workbook``.

    If ``workbook``'s first sheet is empty (a fresh :class:`openpyxl.Workbook`, or
    ``Sheet1`` of xlwings' quickstart workbook, whose VBA code name it keeps), it becomes
    the first crosstable sheet; other existing sheets are kept after the new ones. The
    first crosstable sheet becomes the active sheet.
    """
    _check_sheets(event, sheets, how_to)
    first = workbook.worksheets[0] if workbook.worksheets else None
    reuse = first is not None and not first._cells and not first.tables
    for index, sheet in enumerate(sheets):
        if index == 0 and reuse and first is not None:
            worksheet = first
            worksheet.title = sheet.name
        else:
            worksheet = workbook.create_sheet(sheet.name, index)
        _write_crosstable(worksheet, sheet, _table_name(workbook, sheet.name))
    _write_event(workbook.create_sheet(EVENT_SHEET, len(sheets)), event)
    if how_to:
        write_how_to(workbook.create_sheet("How to use", len(sheets) + 1), how_to)
    workbook.active = 0
    for worksheet in workbook.worksheets:
        worksheet.sheet_view.tabSelected = worksheet is workbook.worksheets[0]


def _check_sheets(
    event: Sequence[tuple[str, object]], sheets: Sequence[NewSheet], how_to: Sequence[str]
) -> None:
    if not sheets:
        raise ArgumentError("Argument 'sheets' must name at least one crosstable sheet, not an empty list")
    names = [EVENT_SHEET.lower()] + (["how to use"] if how_to else [])
    for sheet in sheets:
        if not isinstance(sheet, NewSheet):
            raise ArgumentError(f"Argument 'sheets' must hold NewSheet values, not {sheet!r}")
        if not sheet.name or len(sheet.name) > 31 or re.search(r"[\[\]:*?/\\]", sheet.name):
            raise ArgumentError(f"Argument 'sheets': {sheet.name!r} is not a valid sheet name")
        if sheet.name.lower() in names:
            raise ArgumentError(
                f"Argument 'sheets': sheet name {sheet.name!r} is used twice (or is reserved)")
        names.append(sheet.name.lower())
        seen: set[str] = set()
        for header in sheet.header:
            if not isinstance(header, str) or not header.strip():
                raise ArgumentError(
                    f"Sheet {sheet.name!r}: every header must be non-empty text, not {header!r}")
            if header.strip().lower() in seen:
                raise ArgumentError(f"Sheet {sheet.name!r}: header {header!r} is used twice")
            seen.add(header.strip().lower())
        for number, row in enumerate(sheet.rows, start=2):
            if len(row) > len(sheet.header):
                raise ArgumentError(
                    f"Sheet {sheet.name!r} row {number}: {len(row)} values for {len(sheet.header)} headers")
    for pair in event:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str) and pair[0].strip()):
            raise ArgumentError(f"Argument 'event' must hold (setting name, value) pairs, not {pair!r}")


def _table_name(workbook: Workbook, sheet_name: str) -> str:
    """A table name Excel accepts (letters, digits, _; not a cell reference), unique in ``workbook``."""
    base = re.sub(r"\W", "_", sheet_name, flags=re.ASCII) or "Crosstable"
    if not re.match(r"[A-Za-z_]", base) or re.fullmatch(r"[A-Za-z]{1,3}\d+|[RrCc]\d*|R\d+C\d+", base):
        base = "T_" + base
    taken = {name.lower() for ws in workbook.worksheets for name in ws.tables}
    taken |= {name.lower() for name in workbook.defined_names}
    name, suffix = base, 1
    while name.lower() in taken:
        suffix += 1
        name = f"{base}_{suffix}"
    return name


def _write_crosstable(worksheet: Worksheet, sheet: NewSheet, table_name: str) -> None:
    header = [h.strip() for h in sheet.header]
    width = len(header)
    for column, text in enumerate(header, start=1):
        put(worksheet.cell(row=1, column=column), text)
        worksheet.cell(row=1, column=column).font = Font(bold=True)
    for row_number, row in enumerate(sheet.rows, start=2):
        for column, value in enumerate(row, start=1):
            if value is None or value == "":
                continue
            cell = worksheet.cell(row=row_number, column=column)
            put(cell, value, where=f"{sheet.name}!{cell.coordinate}")
            if isinstance(value, (date, datetime)):
                cell.number_format = _DATE_FORMAT
    last_row = max(2, len(sheet.rows) + 1)
    last = get_column_letter(width)
    table = Table(displayName=table_name, ref=f"A1:{last}{last_row}")
    table.tableStyleInfo = TableStyleInfo(name=_TABLE_STYLE, showRowStripes=True)
    worksheet.add_table(table)

    check_crosstable_cells(worksheet, header, len(sheet.rows))

    lower = [h.lower() for h in header]
    name_column = lower.index("name") + 1 if "name" in lower else 0
    freeze_column = name_column + 1 if 0 < name_column <= 3 else 1
    worksheet.freeze_panes = worksheet.cell(row=2, column=freeze_column).coordinate
    for column, text in enumerate(header, start=1):
        values = [text] + [row[column - 1] for row in sheet.rows if column <= len(row)]
        worksheet.column_dimensions[get_column_letter(column)].width = column_width(
            values, minimum=18 if column == name_column else 6)
    # Printed as a wall chart: landscape, one page wide (however many output columns a run
    # adds), the header row on every page.
    fit_to_pages(worksheet, landscape=True)
    worksheet.print_title_rows = "1:1"


def check_crosstable_cells(worksheet: Worksheet, header: Sequence[str], players: int) -> None:
    """A crosstable's checks on entry, its header in row 1 and ``players`` rows below: round
    cells formatted as text and checked (:func:`_validate_rounds`), No a whole number from 1."""
    rounds = [column for column, text in enumerate(header, start=1) if round_number(text) is not None]
    if rounds:
        _validate_rounds(worksheet, rounds, players)
    lower = [str(h).strip().lower() for h in header]
    if "no" in lower:
        column = get_column_letter(lower.index("no") + 1)
        number = DataValidation(
            type="whole", operator="greaterThanOrEqual", formula1="1", allow_blank=True,
            showErrorMessage=True, errorTitle="Pairing number",
            error="No is the player's pairing number: a whole number from 1, each used once.")
        number.add(f"{column}2:{column}{_VALIDATION_ROWS + 1}")
        worksheet.add_data_validation(number)


def _validate_rounds(worksheet: Worksheet, rounds: list[int], players: int) -> None:
    """Round cells: text format, a check of the code's first letter, and a prompt listing the codes."""
    spans = []
    start = previous = rounds[0]
    for column in [*rounds[1:], 0]:
        if column != previous + 1:
            spans.append((start, previous))
            start = column
        previous = column
    for first, last in spans:
        top_left = f"{get_column_letter(first)}2"
        check = DataValidation(
            type="custom",
            formula1=(f'OR(LEN(TRIM({top_left}))=0,'
                      f'ISNUMBER(FIND(UPPER(LEFT(TRIM({top_left}),1)),"{_ROUND_CODES}")))'),
            allow_blank=True, showErrorMessage=True, showInputMessage=True,
            errorTitle="Result code", error="Not a result code. " + _ROUND_PROMPT,
            promptTitle="Result code", prompt=_ROUND_PROMPT[:255])
        check.add(f"{top_left}:{get_column_letter(last)}{_VALIDATION_ROWS + 1}")
        worksheet.add_data_validation(check)
        for column in range(first, last + 1):
            for row in range(2, max(players, 1) + 2):
                worksheet.cell(row=row, column=column).number_format = "@"
            worksheet.cell(row=1, column=column).alignment = Alignment(horizontal="center")


def _write_event(worksheet: Worksheet, event: Sequence[tuple[str, object]]) -> None:
    """Settings one per row: name in A, value in B, a line of help in C; drop-downs on B.

    Row 1 is a header (``Setting``, ``Value``, ``About``); the settings reader ignores
    rows whose column A names no setting.
    """
    for column, title in enumerate(("Setting", "Value", "About"), start=1):
        put(worksheet.cell(row=1, column=column), title)
        worksheet.cell(row=1, column=column).font = Font(bold=True)
    worksheet.freeze_panes = "A2"
    for row, (name, value) in enumerate(event, start=2):
        key = " ".join(name.lower().split())
        put(worksheet.cell(row=row, column=1), name.strip())
        worksheet.cell(row=row, column=1).font = Font(bold=True)
        cell = worksheet.cell(row=row, column=2)
        put(cell, value, where=f"{EVENT_SHEET}!{cell.coordinate}")
        if isinstance(value, str) and len(value) > _EVENT_VALUE_WIDTH:  # round dates, TRF lines: wrapped
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            worksheet.row_dimensions[row].height = wrapped_height(value, _EVENT_VALUE_WIDTH)
        if isinstance(value, (date, datetime)) or key.endswith(" date"):
            cell.number_format = _DATE_FORMAT
        elif key in TEXT_SETTINGS:
            cell.number_format = "@"
        help_text = SETTING_HELP.get(key, "")
        if help_text:
            put(worksheet.cell(row=row, column=3), help_text)
            worksheet.cell(row=row, column=3).font = Font(italic=True, color="FF666666")
        validation = setting_validation(key)
        if validation is not None:
            validation.add(cell.coordinate)
            worksheet.add_data_validation(validation)
    worksheet.column_dimensions["A"].width = 18
    worksheet.column_dimensions["B"].width = _EVENT_VALUE_WIDTH
    worksheet.column_dimensions["C"].width = 60
    fit_to_pages(worksheet, landscape=True)


def setting_validation(key: str) -> DataValidation | None:
    """The check on entry of an Event sheet setting's value (``key``: its lower-case name): a
    drop-down of its choices, a range, a date; None when any value may be typed."""
    choices = SETTING_CHOICES.get(key)
    if choices is not None:
        return DataValidation(
            type="list", formula1='"' + ",".join(choices) + '"', allow_blank=True,
            showErrorMessage=True, errorTitle=key.capitalize(),
            error="Choose one of: " + ", ".join(choices))
    if key == "bonus multiplier":
        return DataValidation(
            type="decimal", operator="between", formula1="0", formula2="100", allow_blank=True,
            showErrorMessage=True, errorTitle="Bonus multiplier",
            error="A number, or blank for the multiplier in force on the end date.")
    if key.endswith(" date"):
        return DataValidation(
            type="date", operator="greaterThan", formula1="1", allow_blank=True,
            showErrorMessage=True, errorTitle="Date", error="A date, e.g. 2024-05-18.")
    return None


def fit_to_pages(worksheet: Worksheet, *, landscape: bool, tall: int = 0) -> None:
    """Print ``worksheet`` one page wide and ``tall`` pages high (0: as many as it needs)."""
    worksheet.page_setup.orientation = "landscape" if landscape else "portrait"
    worksheet.page_setup.fitToWidth = 1
    worksheet.page_setup.fitToHeight = tall
    worksheet.sheet_properties.pageSetUpPr.fitToPage = True


#: The ``How to use`` sheet's column, in characters: a line wraps within it, and it fits a
#: portrait page.
_HOW_TO_WIDTH = 80


def wrapped_height(text: str, width: float, *, line: float = 15.0) -> float:
    """The height in points of a row whose ``text`` wraps in a column ``width`` characters wide
    (a word-wrap estimate: Excel sizes such rows itself when it opens the file, other programs
    take the height stored)."""
    lines = 0
    for paragraph in text.split("\n"):
        count, used = 1, 0
        for word in paragraph.split():
            if used and used + 1 + len(word) > width:
                count, used = count + 1, len(word)
            else:
                used += len(word) + (1 if used else 0)
        lines += count
    return line * max(lines, 1)


def write_how_to(worksheet: Worksheet, lines: Sequence[str]) -> None:
    """A ``How to use`` sheet: a line per row, wrapped in a column that fits a portrait page."""
    top = Alignment(wrap_text=True, vertical="top")
    for row, line in enumerate(lines, start=1):
        cell = worksheet.cell(row=row, column=1)
        put(cell, line)
        cell.alignment = top
        if len(line) > _HOW_TO_WIDTH * 0.9:
            worksheet.row_dimensions[row].height = wrapped_height(line, _HOW_TO_WIDTH * 0.9)
    if lines:
        worksheet.cell(row=1, column=1).font = Font(bold=True, size=14)
        worksheet.row_dimensions[1].height = 20
    worksheet.column_dimensions["A"].width = _HOW_TO_WIDTH
    fit_to_pages(worksheet, landscape=False)


def column_width(values: Sequence[Any], *, minimum: int) -> float:
    """The width, in characters, of a column showing ``values`` (dates as ``yyyy-mm-dd``): the
    longest and two more, at least ``minimum``, at most 40."""
    longest = 0
    for value in values:
        if value is None:
            continue
        if isinstance(value, (date, datetime)):
            length = 10
        elif isinstance(value, float):
            length = len(f"{value:g}")
        else:
            length = len(str(value))
        longest = max(longest, length)
    return float(min(max(longest + 2, minimum), 40))
