"""An open workbook through xlwings: every sheet's values read, blocks of output written,
problems shown in an alert; the ground every macro of :mod:`xlrating.excel.macros` and the
report macros stand on.

The same calls serve classic Excel (Windows, macOS) and xlwings Lite or Server
(:func:`is_remote`), which runs in the browser and cannot create files.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..crosstable.columns import on_wall_chart
from ..crosstable.model import AddedColumns, Block
from ..errors import CrosstableError, InputError
from .typed import excel_value

if TYPE_CHECKING:
    import xlwings as xw

__all__ = ["ALERT_LIMIT", "alert_text", "is_remote", "no_season", "optional", "read_book", "width_points",
           "write_blocks"]

#: An alert longer than this is cut (Excel's message box shows about 1,000 characters).
ALERT_LIMIT = 900


def is_remote(book: Any) -> bool:
    """Whether ``book`` lives in xlwings Lite or xlwings Server (which cannot create files)."""
    return getattr(getattr(book.app, "engine", None), "name", "") == "remote"


def optional(write: Any, *args: Any) -> None:
    """Formatting an engine may not support (an older xlwings, another host): skipped, not fatal."""
    with contextlib.suppress(NotImplementedError, AttributeError, ValueError, TypeError):
        write(*args)


def width_points(characters: float) -> float:
    """A column width in characters (openpyxl's and classic Excel's unit) in points (Office.js's
    unit, which xlwings Lite's ``column_width`` takes)."""
    return round((characters * 7 + 5) * 0.75, 2)


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


def no_season(book: xw.Book, sheets: Any, title: str) -> bool:
    """Whether ``book`` (whose sheets' names ``sheets`` holds) lacks a season's ``Players`` or
    ``Events`` sheet; if it does, an alert says so, as ``xlrating season`` says it."""
    from ..season import is_season

    try:
        if is_season(sheets):
            return False
    except CrosstableError:  # two sheets read as one: the rating lists it with every other problem
        return False
    book.app.alert(f"{book.name}: is not a season workbook: it needs a Players sheet and an Events sheet",
                   title=title, mode="critical")
    return True


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
