"""Rate a season workbook file: load, read the grids, rate, write back into the loaded copy.

The file itself is never touched: :func:`rate_season_workbook` returns the rated copy and
the caller saves it (atomically) where it should go; nothing is written on any error.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from openpyxl import Workbook as OpenpyxlWorkbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from ..crosstable.columns import fold
from ..crosstable.values import address
from ..errors import CrosstableError, XlratingError
from ..workbook import Workbook, apply, load, read_grids, save_atomic, uncalculated_formulas
from ..workbook.cached import save_with_values
from .model import EVENTS_SHEET, PLAYERS_SHEET, SEASON_SHEET, RatedSeason
from .rate import rate_season_sheets
from .read import is_season


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


def rate_season_workbook(source: str | os.PathLike[str], *, today: date | None = None
                         ) -> tuple[Workbook, RatedSeason]:
    """Load ``source``, rate its season and write every output into the loaded copy.

    Raises :class:`~xlrating.errors.CrosstableError` (title naming the file, every
    problem with its cell) when the season has errors; the file is not touched.
    """
    workbook = load(source)
    grids = read_grids(workbook)
    if not is_season(grids):
        raise CrosstableError([], title=f"{workbook.path}: is not a season workbook: it needs a "
                              "Players sheet and an Events sheet")
    try:
        rated = rate_season_sheets(grids, today=today)
    except CrosstableError as error:
        raise CrosstableError(error.problems, title=f"{workbook.path}: {error.title}") from None
    notes = _uncalculated_notes(workbook, rated)
    missing = [name for name in rated.new_sheets if name not in workbook.sheetnames]
    if missing:
        workbook = _with_sheets(workbook, missing)
        notes.append(f"Added the sheet{'s' if len(missing) > 1 else ''} {', '.join(missing)}: this first "
                     "rating saved the workbook through openpyxl, which keeps cells, formats, formulas, "
                     "tables, validation, names, charts and VBA but not pictures, shapes or form controls")
    workbook.notes.extend(notes)
    apply(workbook, rated.blocks, rated.added)
    return workbook, rated


def _with_sheets(workbook: Workbook, names: Sequence[str]) -> Workbook:
    """``workbook`` with the empty sheets ``names`` added, loaded again. xlrating's writer edits
    the sheets a workbook has; a sheet is added once, on the season's first rating, through
    openpyxl, in a temporary copy (the user's file is never touched)."""
    import tempfile

    from openpyxl import load_workbook

    book = load_workbook(workbook.path, keep_vba=workbook.macro_enabled, keep_links=True)
    for name in names:
        book.create_sheet(name)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / f"season{workbook.path.suffix or '.xlsx'}"
        with open(copy, "wb") as file:
            save_with_values(book, file, copy)
        added = load(copy)
    added.path = workbook.path
    added.read_from = workbook.content  # --in-place checks the file against what was read
    return added


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


def season_workbook(sheets: Mapping[str, Sequence[Sequence[Any]]],
                    book: OpenpyxlWorkbook | None = None) -> OpenpyxlWorkbook:
    """A workbook holding ``sheets`` (headers in bold and frozen, dates as dates), not yet saved.

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
        widths: dict[int, int] = {}
        for row in rows:
            sheet.append(list(row))
            for column, value in enumerate(row, start=1):
                widths[column] = max(widths.get(column, 6), min(len(str(value or "")) + 2, 40))
        for line in sheet.iter_rows():
            for cell in line:
                if hasattr(cell.value, "isoformat"):
                    cell.number_format = DATE
        for column, width in widths.items():
            sheet.column_dimensions[get_column_letter(column)].width = width
        if name != SEASON_SHEET and rows:
            for cell in sheet[1]:
                cell.font = Font(bold=True)
            sheet.freeze_panes = "A2"
    return book
