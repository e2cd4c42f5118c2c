"""The one-click macro: rate the crosstable of an open Excel workbook through xlwings.

:func:`rate_event` is the whole of it, for every way xlwings reaches Excel:

- classic Excel (Windows, macOS): ``RunPython "import xlrating.macros; xlrating.macros.rate_event()"``,
  or ``main()`` of the macro-enabled template's Python module, calls it with no argument
  and it rates the calling workbook (``xw.Book.caller()``);
- xlwings Lite (and xlwings Server): a ``@script`` receives the workbook as an
  ``xw.Book`` and passes it on; :func:`rate_crosstable` is that script, ready to import
  into Lite's ``main.py``.

It reads every sheet's values (2-D, from A1), rates them with the same core as the
command line (:func:`xlrating.crosstable.rate_sheets`), and writes each output block as
one range with its number formats. On bad input it writes nothing and shows every
error with its cell in an alert.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import xlwings as xw

from .crosstable import RatedWorkbook, rate_sheets
from .crosstable.columns import on_wall_chart
from .crosstable.model import AddedColumns, Block
from .errors import CrosstableError, InputError, XlratingError
from .excel.typed import excel_value
from .workbook.buttons import EVENT_BUTTON, SEASON_BUTTON

if TYPE_CHECKING:
    from .official.fill import Filled
    from .official.model import PlayerSource
    from .report import Report
    from .season import RatedSeason

__all__ = [
    "alert_text", "export_dbf", "export_event", "export_trf", "fill_from_list", "fill_from_the_list",
    "make_rating_report", "make_season_report", "rate_crosstable", "rate_event", "rate_season",
    "rate_season_workbook", "rating_report", "read_book", "season_report", "write_blocks",
]

#: An alert longer than this is cut (Excel's message box shows about 1,000 characters).
ALERT_LIMIT = 900


def rate_event(book: xw.Book | None = None) -> RatedWorkbook | None:
    """Rate the event in ``book`` (default: the workbook that called the macro).

    Returns what was rated, or ``None`` when the crosstable has errors: then nothing
    is written and an alert lists every error with its sheet and cell.
    """
    if book is None:
        book = xw.Book.caller()
    grids = read_book(book)
    try:
        rated = rate_sheets(grids)
    except CrosstableError as error:
        book.app.alert(alert_text(error), title="xlrating: nothing was rated", mode="critical")
        return None
    write_blocks(book, rated.blocks, rated.added)
    book.app.alert(_summary(rated), title="xlrating", mode="info")
    return rated


@xw.script(button=EVENT_BUTTON.lite_reference, show_taskpane=True)
def rate_crosstable(book: xw.Book) -> None:
    """Rate this workbook's chess event (xlwings Lite script)."""
    rate_event(book)


def rating_report(book: xw.Book | None = None) -> Report | None:
    """Write the rating report of the event in ``book`` (default: the calling workbook).

    Classic Excel: a new workbook ``NAME-report.xlsx`` beside the crosstable, opened in
    Excel. xlwings Lite cannot create files: the report's sheets are added to ``book``
    (``Report Summary`` ...), replacing those of an earlier run. On bad input nothing is
    written and an alert lists every error with its cell. See :mod:`xlrating.report.excel`.
    """
    from .report.excel import rating_report as write  # the report imports this module

    return write(book)


@xw.script
def make_rating_report(book: xw.Book) -> None:
    """Add the rating report of this workbook's chess event (xlwings Lite script)."""
    rating_report(book)


#: The sheet xlwings Lite gets the TRF text on (it cannot write files).
TRF_SHEET = "TRF export"


def export_event(book: xw.Book | None = None, fmt: str = "trf") -> list[Path] | None:
    """Write the submission file of ``book``'s event (default: the calling workbook).

    ``fmt`` ``"trf"``: a FIDE TRF-2026 file (``"trf16"``: TRF16); ``"uscf"`` or ``"dbf"``:
    US Chess's three DBF files (see :mod:`xlrating.exporters`). Classic Excel writes them
    beside the workbook (``NAME.trf``, the folder ``NAME-uscf`` or ``NAME-dbf``), never
    over an existing file, and returns their paths. Fields the rating body requires and
    the Event sheet leaves blank are problems like any other: nothing is written.
    xlwings Lite cannot write files: the TRF text goes on the sheet ``TRF export`` (one
    line per row in column A, to copy into a text file), and DBF files need classic Excel
    or ``xlrating export``. On bad input nothing is written and an alert lists every
    problem with its cell; ``None`` is returned then, and from Lite.
    """
    from .exporters import FOLDER_FORMATS, export_beside, read_event, render_trf
    from .report.excel import is_remote  # the report imports this module

    if book is None:
        book = xw.Book.caller()
    try:
        event = read_event(read_book(book))
        remote = is_remote(book)
        if remote and fmt in FOLDER_FORMATS:
            book.app.alert("xlwings Lite cannot write the DBF files: open the workbook in desktop Excel, or "
                           f"run 'xlrating export {book.name} --to {fmt}'.", title="xlrating")
            return None
        if remote:
            lines = render_trf(event).split("\r\n")[:-1]
            for sheet in list(book.sheets):
                if sheet.name == TRF_SHEET:
                    sheet.delete()
            sheet = book.sheets.add(TRF_SHEET, after=book.sheets[len(book.sheets) - 1])
            sheet.range((1, 1), (len(lines), 1)).value = [[_cell(line)] for line in lines]
            book.app.alert(f"The TRF file's {len(lines)} lines are on the sheet '{TRF_SHEET}': copy column A "
                           "into a text file.", title="xlrating")
            return None
        written = export_beside(event, fmt, book.fullname)
    except InputError as error:
        book.app.alert(alert_text(error), title="xlrating: nothing was exported", mode="critical")
        return None
    book.app.alert("Wrote " + ", ".join(str(path) for path in written), title="xlrating", mode="info")
    return written


@xw.script
def export_trf(book: xw.Book) -> None:
    """Write this workbook's event as a FIDE TRF file (xlwings Lite script)."""
    export_event(book, "trf")


@xw.script
def export_dbf(book: xw.Book) -> None:
    """Write this workbook's event as US Chess DBF report files (xlwings Lite script)."""
    export_event(book, "dbf")


def read_book(book: xw.Book) -> dict[str, list[list[Any]]]:
    """Every sheet's values from A1 to its last used cell, as 2-D lists.

    An error cell (``#N/A`` from a lookup of the rating list) is read as its text, so the
    crosstable reader reports it with its cell; xlwings' default would read it as a blank
    (an unrated player, a game not played). The totals row of an Excel table is left out:
    it is Excel's, never a player.
    """
    grids: dict[str, list[list[Any]]] = {}
    for sheet in book.sheets:
        last = sheet.used_range.last_cell
        rows, columns = last.row, last.column
        values = sheet.range((1, 1), (rows, columns)).options(ndim=2, err_to_str=True).value
        grid = [list(row) for row in values or []]
        for row, left, right in _totals_rows(sheet):
            line = grid[row - 1] if row <= len(grid) else []
            for column in range(left - 1, min(right, len(line))):
                line[column] = None
        grids[sheet.name] = grid
    return grids


def _totals_rows(sheet: Any) -> list[tuple[int, int, int]]:
    """``(row, first column, last column)`` of every table's totals row on ``sheet``."""
    found = []
    try:
        for table in sheet.tables:
            totals = table.totals_row_range
            if totals is not None:
                found.append((totals.row, totals.column, totals.column + totals.columns.count - 1))
    except NotImplementedError:  # an xlwings engine without tables
        return []
    return found


def write_blocks(book: xw.Book, blocks: Sequence[Block], added: Sequence[AddedColumns] = ()) -> None:
    """Write each block as one range (values, then number formats by runs of columns).

    Empty cells are written as ``""`` (xlwings Lite leaves a cell unchanged for
    ``None``, which would keep a stale result from an earlier run), text that Excel would
    read as a formula or number keeps a leading apostrophe, and every Excel table whose
    header row the added output columns extend is resized over them.
    """
    for block in blocks:
        if not block.values:
            continue
        sheet = book.sheets[block.sheet]
        height, width = len(block.values), max(len(row) for row in block.values)
        values = [[_cell(value) for value in row] + [""] * (width - len(row)) for row in block.values]
        bottom, right = block.row + height - 1, block.column + width - 1
        sheet.range((block.row, block.column), (bottom, right)).value = values
        for first, last, number_format in _runs(block.number_formats, width):
            sheet.range((block.row, block.column + first), (bottom, block.column + last)).number_format = (
                number_format)
    for columns in added:
        sheet = book.sheets[columns.sheet]
        with contextlib.suppress(NotImplementedError):  # an xlwings engine without tables: beside it
            _extend_table(sheet, columns, _added_headers(blocks, columns))
        _collapse_details(sheet, columns, blocks)


def alert_text(error: InputError, limit: int = ALERT_LIMIT) -> str:
    """Every problem of ``error``, one per line, cut to ``limit`` characters with a count of the rest."""
    title = error.title or "The crosstable has errors; nothing was rated."
    lines = [title, ""]
    shown = 0
    for problem in error.problems:
        line = str(problem)
        if sum(len(x) + 1 for x in lines) + len(line) > limit:
            break
        lines.append(line)
        shown += 1
    rest = len(error.problems) - shown
    if rest:
        lines.append(f"... and {rest} more (run `xlrating rate` on the file to see them all)")
    return "\n".join(lines)


def _summary(rated: RatedWorkbook) -> str:
    parts = []
    for event in rated.events:
        systems = ", ".join(
            f"{o.rules}" + (f" {o.rating_system}" if o.rating_system else "") for o in event.outcomes)
        parts.append(f"{event.crosstable.sheet}: {len(event.crosstable.players)} players rated ({systems})")
    if rated.events and rated.events[0].settings.end_date_blank:  # one Event sheet for every section
        parts.append(rated.events[0].settings.end_date_note())
    return "\n".join(parts + _listed([str(w) for w in rated.warnings], "warnings")) or "Nothing to rate."


def _listed(lines: Sequence[str], what: str, limit: int = 8) -> list[str]:
    """``lines`` for an alert after a blank line, the first ``limit`` of them and a count of the rest."""
    if not lines:
        return []
    rest = [f"... and {len(lines) - limit} more {what}"] if len(lines) > limit else []
    return ["", *lines[:limit], *rest]


def _cell(value: Any) -> Any:
    return "" if value is None else excel_value(value)


def _runs(formats: Sequence[str | None] | None, width: int) -> list[tuple[int, int, str]]:
    """``(first, last, format)`` column offsets of each run of one number format."""
    if not formats:
        return []
    runs: list[tuple[int, int, str]] = []
    for offset in range(min(width, len(formats))):
        number_format = formats[offset]
        if number_format is None:
            continue
        if runs and runs[-1][2] == number_format and runs[-1][1] == offset - 1:
            runs[-1] = (runs[-1][0], offset, number_format)
        else:
            runs.append((offset, offset, number_format))
    return runs


def _added_headers(blocks: Sequence[Block], columns: AddedColumns) -> list[str]:
    """The header texts the blocks write into the added columns."""
    return list(_added_columns(blocks, columns).values())


def _added_columns(blocks: Sequence[Block], columns: AddedColumns) -> dict[int, str]:
    """The header text the blocks write into each added column, by column number."""
    headers: dict[int, str] = {}
    for block in blocks:
        if block.sheet == columns.sheet and block.row == columns.header_row and block.values:
            for offset, value in enumerate(block.values[0]):
                if columns.first_column <= block.column + offset <= columns.last_column:
                    headers[block.column + offset] = "" if value is None else str(value)
    return headers


def _collapse_details(sheet: Any, columns: AddedColumns, blocks: Sequence[Block]) -> None:
    """Group and hide the added output columns a printed wall chart does not show (the working
    behind each rating), as the command line does: the sheet prints legibly, and the columns are
    one click away. Only when the columns are first added: a later run leaves them as the
    director left them. Classic Excel's xlwings has no grouping: there the columns are hidden."""
    details = sorted(c for c, header in _added_columns(blocks, columns).items()
                     if columns.collapse and not on_wall_chart(header))
    runs: list[list[int]] = []
    for column in details:
        if runs and runs[-1][-1] == column - 1:
            runs[-1].append(column)
        else:
            runs.append([column])
    for run in runs:
        area = sheet.range((columns.header_row, run[0]), (columns.header_row, run[-1]))
        with contextlib.suppress(AttributeError, NotImplementedError):  # classic Excel: no grouping
            area.group(by="columns")
        area.columns.hidden = True


def _extend_table(sheet: Any, columns: AddedColumns, headers: Sequence[str]) -> None:
    """Resize the table ending just left of the added columns over them.

    Skipped when an added header repeats one of the table's own (an output ``K`` beside
    an input ``K``): Excel would rename the new column's header to make it unique.
    """
    for table in sheet.tables:
        area = table.range
        if area is None:
            continue
        top, left = area.row, area.column
        bottom, right = top + area.rows.count - 1, left + area.columns.count - 1
        if top != columns.header_row or right + 1 != columns.first_column:
            continue
        existing = sheet.range((top, left), (top, right)).options(ndim=1).value or []
        names = [str(name).strip().lower() for name in existing if name not in (None, "")]
        added = [header.strip().lower() for header in headers]
        if len(set(added)) != len(added) or set(added) & set(names) or "" in added:
            return
        table.resize(sheet.range((top, left), (bottom, columns.last_column)))
        return


def rate_season(book: xw.Book | None = None) -> RatedSeason | None:
    """Rate the season workbook ``book`` (default: the workbook that called the macro).

    A season workbook has a ``Players`` sheet, an ``Events`` sheet and a crosstable sheet
    per event (see :mod:`xlrating.season`). Every event's outputs, the Players sheet's
    output columns and the ``New list``, ``History`` and (FIDE, when a player's results are
    pending) ``New pending`` sheets (added when missing) are written. Returns what was
    rated, or ``None`` when the season has errors: then nothing is written and an alert
    lists every error with its sheet and cell.
    """
    from .season import rate_season_sheets

    if book is None:
        book = xw.Book.caller()
    try:
        rated = rate_season_sheets(read_book(book))
    except CrosstableError as error:
        book.app.alert(alert_text(error).replace("`xlrating rate`", "`xlrating season`"),
                       title="xlrating: nothing was rated", mode="critical")
        return None
    names = [sheet.name for sheet in book.sheets]
    for name in rated.new_sheets:
        if name not in names:
            book.sheets.add(name, after=book.sheets[len(book.sheets) - 1])
            names.append(name)
    write_blocks(book, rated.blocks, rated.added)
    book.app.alert(_season_summary(rated), title="xlrating", mode="info")
    return rated


@xw.script(button=SEASON_BUTTON.lite_reference, show_taskpane=True)
def rate_season_workbook(book: xw.Book) -> None:
    """Rate this season workbook: every event in date order from the Players list (xlwings Lite script)."""
    rate_season(book)


def season_report(book: xw.Book | None = None) -> Report | None:
    """Write the season report of the season workbook ``book`` (default: the calling workbook).

    The season is rated as :func:`rate_season` rates it (its own sheets are not written).
    Classic Excel: a new workbook ``NAME-season-report.xlsx`` beside the season workbook,
    opened in Excel. xlwings Lite cannot create files: the report's sheets are added to
    ``book`` (``Season report Summary`` ...), replacing those of an earlier run. The chart
    follows the ``Season`` sheet's ``Chart players`` or ``Chart top``, else the top 10 of
    the new list. On bad input nothing is written and an alert lists every error with its
    cell. See :mod:`xlrating.season.excel`.
    """
    from .season.excel import season_report as write  # imported when run, as rating_report's writer is

    return write(book)


@xw.script
def make_season_report(book: xw.Book) -> None:
    """Add the season report of this season workbook (xlwings Lite script)."""
    season_report(book)


def _season_summary(rated: RatedSeason) -> str:
    lines = [f"{event.crosstable.sheet}: {len(event.crosstable.players)} players rated"
             for event in rated.events]
    before, after = len(rated.season.ratings), len(rated.result.list)
    written = ", ".join(rated.new_sheets[:-1]) + f" and {rated.new_sheets[-1]}"
    lines.append(f"List: {before} players before, {after} after. {written} written.")
    return "\n".join(lines + _listed(rated.notes, "notes"))


def fill_from_list(book: xw.Book | None = None) -> Filled | None:
    """Fill the blank ratings (and K, birth dates...) of ``book`` (default: the calling workbook)
    from the official list, as ``xlrating fill`` does: a crosstable workbook's crosstables, or a
    season's Players sheet and its events' new players.

    The players come from the workbook's ``List`` sheet when it has one (``xlrating lists
    sheet`` writes it); else, in classic Excel, from the store of loaded list files (``xlrating
    lists add``; ``XLRATING_DB`` says where it is). xlwings Lite runs in the browser, away from
    the store: there the List sheet is needed. Only blank cells are written; an alert names
    every typed value the list contradicts and every ID it does not hold. On a bad cell nothing
    is written and an alert lists every problem; ``None`` is returned then.
    """
    from .crosstable.columns import fold
    from .official.fill import fill_sheets
    from .official.sheet import LIST_SHEET, read_list_sheet
    from .report.excel import is_remote  # the report imports this module

    if book is None:
        book = xw.Book.caller()
    grids = read_book(book)
    listed = next((name for name in grids if fold(name) == fold(LIST_SHEET)), None)
    try:
        if listed is not None:
            source: PlayerSource = read_list_sheet(grids[listed], sheet=listed)
        elif is_remote(book):
            book.app.alert(f"This workbook has no {LIST_SHEET} sheet. xlwings Lite cannot reach the store of "
                           "loaded lists: write the players' List sheet with 'xlrating lists sheet' on your "
                           "computer and copy it into this workbook.", title="xlrating: nothing was filled")
            return None
        else:
            from .cli.fill import open_store

            source = open_store(None)
        from .cli.fill import closed_after

        with closed_after(source) as players:
            filled = fill_sheets(grids, players)
    except CrosstableError as error:
        book.app.alert(alert_text(error).replace("`xlrating rate`", "`xlrating fill`"),
                       title="xlrating: nothing was filled", mode="critical")
        return None
    except XlratingError as error:  # the store cannot be opened
        book.app.alert(str(error), title="xlrating: nothing was filled", mode="critical")
        return None
    write_blocks(book, filled.blocks, filled.added)
    lines = list(filled.summary) or ["Nothing to fill: no player row with an ID."]
    book.app.alert("\n".join(lines + _listed([str(n) for n in filled.notes], "notes")), title="xlrating",
                   mode="info")
    return filled


@xw.script
def fill_from_the_list(book: xw.Book) -> None:
    """Fill from the list: blank ratings from the workbook's List sheet (xlwings Lite script)."""
    fill_from_list(book)
