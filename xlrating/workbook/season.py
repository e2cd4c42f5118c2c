"""Rate a season workbook file: load, read the grids, rate, write back into the loaded copy.

The file itself is never touched: :func:`rate_season_workbook` returns the rated copy and
the caller saves it (atomically) where it should go; nothing is written on any error.
"""

from __future__ import annotations

import os
from collections import ChainMap
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from openpyxl import Workbook as OpenpyxlWorkbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ..crosstable.columns import fold, input_column, round_number
from ..crosstable.model import Block, Grid
from ..crosstable.values import address
from ..crosstable.workbook import overlay
from ..errors import CrosstableError, XlratingError
from ..season.model import EVENTS_SHEET, PLAYERS_SHEET, SEASON_SHEET, RatedSeason
from ..season.rate import rate_season_sheets
from ..season.read import EVENT_COLUMNS, is_season
from .book import SheetsOnDemand, Workbook, add_sheets, apply, load, save_atomic, uncalculated_formulas
from .cells import put
from .new import check_crosstable_cells, column_width, fit_to_pages, setting_validation
from .patch import NEW_SHEET_WIDTH
from .rate import Prepare


def is_season_file(path: str | os.PathLike[str]) -> bool:
    """Whether the workbook at ``path`` has a ``Players`` and an ``Events`` sheet (a season
    workbook); False for anything that is not a readable workbook (its own rating says why).
    It opens the file as every workbook is opened (:func:`~xlrating.workbook.load`), so a
    device, a pipe or a zip bomb is refused before anything is read."""
    try:
        names = {fold(name) for name in load(path).sheetnames}
    except (XlratingError, OSError):
        return False
    return fold(PLAYERS_SHEET) in names and fold(EVENTS_SHEET) in names


def rate_season_workbook(source: str | os.PathLike[str], *, today: date | None = None,
                         prepare: Prepare | None = None) -> tuple[Workbook, RatedSeason]:
    """Load ``source``, rate its season and write every output into the loaded copy.

    The file is read once, and only the sheets the season reads (a long sheet of other data
    costs nothing); the sheets a first rating adds (New list, History, New pending) are
    added to the package, so saving the copy changes only the parts written to, as
    ``xlrating rate`` does. ``prepare`` gives cells to write before the rating
    (``rate --list``: the fill), as for :func:`~xlrating.workbook.rate_workbook`.

    Raises :class:`~xlrating.errors.CrosstableError` (title naming the file, every
    problem with its cell) when the season has errors; the file is not touched.
    """
    workbook = load(source)
    sheets = SheetsOnDemand(workbook)
    if not is_season(sheets):
        raise CrosstableError([], title=f"{workbook.path}: is not a season workbook: it needs a "
                              "Players sheet and an Events sheet")
    try:
        before, added = prepare(sheets) if prepare is not None else ((), ())
        rated = rate_season_sheets(_overlaid(sheets, before), today=today)
    except CrosstableError as error:
        raise CrosstableError(error.problems, title=f"{workbook.path}: {error.title}") from None
    rated = replace(rated, notes=(*rated.notes, *_uncalculated_notes(workbook, rated)))
    workbook.notes.extend(rated.notes)
    add_sheets(workbook, [name for name in rated.new_sheets if name not in workbook.sheetnames])
    apply(workbook, (*before, *rated.blocks), (*added, *rated.added))
    _lay_out_whole_sheets(workbook, rated)
    return workbook, rated


def _overlaid(sheets: Mapping[str, Grid], blocks: Sequence[Block]) -> Mapping[str, Grid]:
    """``sheets`` with ``blocks`` written into them; the sheets no block touches are still read
    only when asked for."""
    if not blocks:
        return sheets
    touched = overlay({name: sheets[name] for name in dict.fromkeys(block.sheet for block in blocks)}, blocks)
    return ChainMap(touched, sheets)  # type: ignore[arg-type]  # only read: any mapping serves


def new_sheet_widths(rated: RatedSeason) -> dict[str, list[float]]:
    """The widths, in characters, of the columns of the sheets the season writes whole (New
    list, History, New pending), from the first: each as wide as what it shows (names whole,
    dates not ``###``), never narrower than a new sheet's columns (Excel's 8.43). The command
    line and the season macro lay those sheets out alike."""
    widths: dict[str, list[float]] = {}
    for block in rated.blocks:
        if block.sheet in rated.new_sheets and (block.row, block.column) == (1, 1) and block.values:
            shown = [[row[i] for row in block.values if i < len(row)]
                     for i in range(max(len(row) for row in block.values))]
            widths[block.sheet] = [max(NEW_SHEET_WIDTH, column_width(values, minimum=6)) for values in shown]
    return widths


def _lay_out_whole_sheets(workbook: Workbook, rated: RatedSeason) -> None:
    """The New list, History and New pending headers in bold and columns as wide as what they
    show (:func:`new_sheet_widths`)."""
    for name, widths in new_sheet_widths(rated).items():
        patch = workbook.patches[name]
        for write in patch.rows.get(1, {}).values():
            write.bold = True
        for index, width in enumerate(widths, start=1):
            patch.widths[index] = width


def _uncalculated_notes(workbook: Workbook, rated: RatedSeason) -> list[str]:
    """A note naming the formula cells of the season's input sheets that hold no value (read as blank)."""
    written = set(rated.new_sheets)
    found = [address(sheet, row, column) for sheet, cells in uncalculated_formulas(workbook).items()
             if sheet not in written for row, column in cells]
    if not found:
        return []
    listed = ", ".join(found[:8]) + (f" and {len(found) - 8} more" if len(found) > 8 else "")
    return [f"{len(found)} formula cell{'s' if len(found) != 1 else ''} without a value (never calculated) "
            f"read as blank: {listed}. Open the workbook in Excel (or LibreOffice), save it and rate it "
            "again."]


def rate_season_file(source: str | os.PathLike[str], target: str | os.PathLike[str], *,
                     today: date | None = None) -> RatedSeason:
    """Rate the season workbook ``source`` and save it to ``target`` (atomically); nothing is
    written on error."""
    workbook, rated = rate_season_workbook(source, today=today)
    save_atomic(workbook, Path(target))
    return rated


DATE = "yyyy-mm-dd"
#: How far below the header a season workbook's checks on entry reach (rows added later too).
CHECKED_ROWS = 1000


def season_workbook(sheets: Mapping[str, Sequence[Sequence[Any]]],
                    book: OpenpyxlWorkbook | None = None) -> OpenpyxlWorkbook:
    """A workbook holding ``sheets``, not yet saved: every value as written (text stays text,
    dates as dates), headers in bold and frozen, and the event workbooks' checks on entry
    (:func:`_check_entry`); each sheet prints one page wide, landscape, its header on every page.

    ``book`` (default: a new workbook) gets the sheets in front of any it has; its first
    sheet, when empty (a new workbook's, or ``Sheet1`` of xlwings' quickstart workbook,
    whose VBA code name it keeps), becomes the first of them.
    """
    book = book if book is not None else OpenpyxlWorkbook()
    first = book.worksheets[0] if book.worksheets else None
    reuse = first is not None and not first._cells
    for index, (name, rows) in enumerate(sheets.items()):
        if index == 0 and reuse and first is not None:
            sheet = first
            sheet.title = name
        else:
            sheet = book.create_sheet(name, index)
        for number, row in enumerate(rows, start=1):
            for column, value in enumerate(row, start=1):
                if value is None:
                    continue
                cell = sheet.cell(row=number, column=column)
                put(cell, value, where=f"{name}!{cell.coordinate}")  # a name like =HYPERLINK(...) stays text
                if hasattr(value, "isoformat"):
                    cell.number_format = DATE
        width = max((len(row) for row in rows), default=0)
        for column in range(1, width + 1):
            shown = [row[column - 1] for row in rows if column <= len(row)]
            sheet.column_dimensions[get_column_letter(column)].width = column_width(shown, minimum=6)
        _check_entry(sheet, name, rows)
        if name == SEASON_SHEET or not rows:
            fit_to_pages(sheet, landscape=False)
            continue
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
        fit_to_pages(sheet, landscape=True)
        sheet.print_title_rows = "1:1"
    return book


def _check_entry(sheet: Worksheet, name: str, rows: Sequence[Sequence[Any]]) -> None:
    """The checks on entry an event workbook has: the Season settings' and the Events columns'
    drop-downs and date checks, as on an Event sheet; an event's round cells formatted as text
    (``+4`` stays the code it is) and checked, as on a crosstable; ID columns formatted as text
    (an ID typed as a number is kept as typed, never shown as ``1E+07``)."""
    if name == SEASON_SHEET:
        for number, row in enumerate(rows, start=1):
            validation = setting_validation(str(row[0]).strip().lower()) if row and row[0] else None
            if validation is not None:
                validation.add(f"B{number}")
                sheet.add_data_validation(validation)
        return
    header = [str(value).strip() if value is not None else "" for value in (rows[0] if rows else ())]
    for column, text in enumerate(header, start=1):
        letter = get_column_letter(column)
        if name == EVENTS_SHEET and text:
            validation = setting_validation(EVENT_COLUMNS.get(fold(text), "").lower())
            if validation is not None:
                validation.add(f"{letter}2:{letter}{CHECKED_ROWS + 1}")
                sheet.add_data_validation(validation)
        if input_column(text) == "ID":
            sheet.column_dimensions[letter].number_format = "@"
            for cell in sheet[letter][1:]:
                cell.number_format = "@"
    if name not in (PLAYERS_SHEET, EVENTS_SHEET) and any(round_number(text) is not None for text in header):
        check_crosstable_cells(sheet, header, len(rows) - 1)
