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
one range with its number formats (:mod:`.book` reads and writes the workbook). On bad
input it writes nothing and shows every error with its cell in an alert.

Users name these macros ``xlrating.macros.NAME`` (RunPython, the templates' Python
modules, Lite's ``main.py``): :mod:`xlrating.macros` re-exports this module's ``__all__``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import xlwings as xw

from ..crosstable import Block, RatedWorkbook, rate_sheets
from ..errors import CrosstableError, InputError, XlratingError
from ..workbook.buttons import EVENT_BUTTON, SEASON_BUTTON
from .book import alert_text, is_remote, no_season, optional, read_book, width_points, write_blocks
from .typed import excel_value

if TYPE_CHECKING:
    from ..official.fill import Filled
    from ..official.model import PlayerSource
    from ..report import Report
    from ..season import RatedSeason

__all__ = [
    "alert_text", "export_dbf", "export_event", "export_trf", "fill_from_list", "fill_from_the_list",
    "make_rating_report", "make_season_report", "rate_crosstable", "rate_event", "rate_season",
    "rate_season_workbook", "rating_report", "read_book", "season_report", "write_blocks",
]


def rate_event(book: xw.Book | None = None) -> RatedWorkbook | RatedSeason | None:
    """Rate the event in ``book`` (default: the workbook that called the macro).

    Returns what was rated, or ``None`` when the crosstable has errors: then nothing
    is written and an alert lists every error with its sheet and cell. A season workbook
    (a ``Players`` and an ``Events`` sheet) is rated as a season, as ``xlrating rate``
    rates it (:func:`rate_season`): its event sheets hold no ratings of their own.
    """
    from ..season import is_season

    if book is None:
        book = xw.Book.caller()
    grids = read_book(book)
    if is_season(grids):
        return _rate_season(book, grids)
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
    written and an alert lists every error with its cell. See :mod:`xlrating.excel.report`.
    A season workbook (a ``Players`` and an ``Events`` sheet) gets its season report
    (:func:`season_report`): its event sheets hold no ratings of their own.
    """
    from ..season import is_season
    from .report import rating_report as write  # loaded when the macro runs

    if book is None:
        book = xw.Book.caller()
    if is_season({sheet.name: [] for sheet in book.sheets}):  # by the sheets' names alone
        return season_report(book)
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
    or ``xlrating export``. A TRF file holds one crosstable: in a workbook with several, the
    active sheet is exported if it is one of them (as ``--sheet`` chooses on the command line);
    else every crosstable is checked, then the alert asks for one.
    On bad input nothing is written and an alert lists every problem with its cell; ``None``
    is returned then, and from Lite. The alert after an export lists what to check (what
    the file cannot hold, a value changed to fit), as ``xlrating export`` prints it.
    """
    from ..exporters import FOLDER_FORMATS, export_beside, read_event, write_trf

    if book is None:
        book = xw.Book.caller()
    try:
        grids = read_book(book)
        chosen = [] if fmt in FOLDER_FORMATS else _one_crosstable(book, grids)
        event = read_event(grids, only=chosen or ())  # (every crosstable checked where none is chosen)
        if chosen is None:
            raise _select_one(grids)
        remote = is_remote(book)
        if remote and fmt in FOLDER_FORMATS:
            book.app.alert("xlwings Lite cannot write the DBF files: open the workbook in desktop Excel, or "
                           f"run 'xlrating export {book.name} --to {fmt}'.", title="xlrating")
            return None
        if remote:
            trf = write_trf(event)
            lines = trf.text.split("\r\n")[:-1]
            for sheet in list(book.sheets):
                if sheet.name == TRF_SHEET:
                    sheet.delete()
            sheet = book.sheets.add(TRF_SHEET, after=book.sheets[len(book.sheets) - 1])
            sheet.range((1, 1), (len(lines), 1)).value = [[excel_value(line)] for line in lines]
            done = (f"The TRF file's {len(lines)} lines are on the sheet '{TRF_SHEET}': copy column A "
                    "into a text file.")
            book.app.alert("\n".join([done, *_listed(trf.warnings, "warnings")]), title="xlrating")
            return None
        said: list[str] = []
        written = export_beside(event, fmt, book.fullname, said)
    except InputError as error:
        book.app.alert(alert_text(error), title="xlrating: nothing was exported", mode="critical")
        return None
    done = "Wrote " + ", ".join(str(path) for path in written)
    book.app.alert("\n".join([done, *_listed(said, "warnings")]), title="xlrating", mode="info")
    return written


def _crosstables(grids: dict[str, Any]) -> list[str]:
    from ..crosstable.workbook import SETTINGS_SHEET, crosstable_sheets
    from ..names import find_sheet

    return crosstable_sheets(grids, find_sheet(grids, SETTINGS_SHEET))


def _one_crosstable(book: xw.Book, grids: dict[str, Any]) -> list[str] | None:
    """The crosstable sheet a TRF file is written from: none named when the workbook has one (or
    none: the export says so), else the active sheet if it is one of them; ``None`` if it is not
    (the export checks every crosstable, then asks for one: :func:`_select_one`)."""
    crosstables = _crosstables(grids)
    if len(crosstables) < 2:
        return []
    active = book.sheets.active.name
    return [active] if active in crosstables else None


def _select_one(grids: dict[str, Any]) -> InputError:
    """The export's request to select the crosstable a TRF file holds, where the active sheet is none."""
    from ..errors import FormatError, Problem

    crosstables = _crosstables(grids)
    names = ", ".join(repr(name) for name in crosstables)
    return FormatError([Problem("", f"A TRF file holds one crosstable; this workbook has {len(crosstables)} "
                                    f"({names}): select the one to export and run the export again")],
                       title="Cannot export a FIDE TRF file")


@xw.script
def export_trf(book: xw.Book) -> None:
    """Write this workbook's event as a FIDE TRF file (xlwings Lite script)."""
    export_event(book, "trf")


@xw.script
def export_dbf(book: xw.Book) -> None:
    """Write this workbook's event as US Chess DBF report files (xlwings Lite script)."""
    export_event(book, "dbf")


def _summary(rated: RatedWorkbook) -> str:
    parts = []
    for event in rated.events:
        systems = ", ".join(
            f"{o.rules}" + (f" {o.rating_system}" if o.rating_system else "") for o in event.outcomes)
        parts.append(f"{event.crosstable.sheet}: {len(event.crosstable.players)} players rated ({systems})")
    return "\n".join(parts + _listed([str(w) for w in rated.warnings], "warnings")) or "Nothing to rate."


def _listed(lines: Sequence[str], what: str, limit: int = 8) -> list[str]:
    """``lines`` for an alert after a blank line, the first ``limit`` of them and a count of the rest."""
    if not lines:
        return []
    rest = [f"... and {len(lines) - limit} more {what}"] if len(lines) > limit else []
    return ["", *lines[:limit], *rest]


def rate_season(book: xw.Book | None = None) -> RatedSeason | None:
    """Rate the season workbook ``book`` (default: the workbook that called the macro).

    A season workbook has a ``Players`` sheet, an ``Events`` sheet and a crosstable sheet
    per event (see :mod:`xlrating.season`). Every event's outputs, the Players sheet's
    output columns and the ``New list``, ``History`` and (FIDE, when a player's results are
    pending) ``New pending`` sheets (added when missing) are written. Returns what was
    rated, or ``None`` when the season has errors: then nothing is written and an alert
    lists every error with its sheet and cell (a workbook without the Players or Events sheet:
    that it is no season workbook, as ``xlrating season`` says it).
    """
    if book is None:
        book = xw.Book.caller()
    grids = read_book(book)
    if no_season(book, grids, "xlrating: nothing was rated"):
        return None
    return _rate_season(book, grids)


def _rate_season(book: xw.Book, grids: dict[str, list[list[Any]]]) -> RatedSeason | None:
    """:func:`rate_season` of ``book`` whose sheets' values ``grids`` are."""
    from ..season import rate_season_sheets

    try:
        rated = rate_season_sheets(grids)
    except CrosstableError as error:
        book.app.alert(alert_text(error).replace("`xlrating rate`", "`xlrating season`"),
                       title="xlrating: nothing was rated", mode="critical")
        return None
    names = [sheet.name for sheet in book.sheets]
    added = [name for name in rated.new_sheets if name not in names]
    for name in added:
        book.sheets.add(name, after=book.sheets[len(book.sheets) - 1])
    write_blocks(book, rated.blocks, rated.added)
    _lay_out_added(book, rated, added)
    book.app.alert(_season_summary(rated), title="xlrating", mode="info")
    return rated


def _lay_out_added(book: xw.Book, rated: RatedSeason, added: Sequence[str]) -> None:
    """The sheets the season macro added (New list, History, New pending) laid out as ``xlrating
    season`` lays them out: the header row in bold, each column as wide as what it shows. A sheet
    that was there keeps the layout its user gave it. Classic Excel takes a column's width in
    characters, xlwings Lite in points (Office.js's unit)."""
    from ..workbook.season import new_sheet_widths

    remote = is_remote(book)
    for name, widths in new_sheet_widths(rated).items():
        if name not in added:
            continue
        sheet = book.sheets[name]
        optional(setattr, sheet.range((1, 1), (1, len(widths))).font, "bold", True)
        for column, width in enumerate(widths, start=1):
            shown = width_points(width) if remote else width
            optional(setattr, sheet.range((1, column)), "column_width", shown)


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
    cell. See :mod:`xlrating.excel.season_report`.
    """
    from .season_report import season_report as write  # loaded when the macro runs, as rating_report's is

    return write(book)


@xw.script
def make_season_report(book: xw.Book) -> None:
    """Add the season report of this season workbook (xlwings Lite script)."""
    season_report(book)


def _season_summary(rated: RatedSeason) -> str:
    from ..report.season import event_rules

    lines = [f"{event.crosstable.sheet}: {len(event.crosstable.players)} players rated ({event_rules(event)})"
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
    is written and an alert lists every problem; ``None`` is returned then. A cell to fill that
    holds a formula (whose value is blank) is refused, as ``xlrating fill`` refuses it, in
    classic Excel, which gives a range's formulas; xlwings Server sends values only, so there it
    is not seen, and the alert says the formulas were not checked (:func:`fill_from_the_list`,
    xlwings Lite's script, reads them).
    """
    filled = _filled(book)
    if filled is None:
        return None
    book = filled[0]
    formulas = None if is_remote(book) else _classic_formulas(book, filled[1].blocks)
    return _write_filled(book, filled[1], formulas)


def _filled(book: xw.Book | None) -> tuple[xw.Book, Filled] | None:
    """The book and what the list fills in it, or None when nothing is to be filled (said in an alert)."""
    from ..names import find_sheet
    from ..official.fill import fill_sheets
    from ..official.sheet import LIST_SHEET, read_list_sheet
    from ..official.sources import closed_after, open_store

    if book is None:
        book = xw.Book.caller()
    grids = read_book(book)
    try:
        listed = find_sheet(grids, LIST_SHEET)
        if listed is not None:
            source: PlayerSource = read_list_sheet(grids[listed], sheet=listed)
        elif is_remote(book):
            book.app.alert(f"This workbook has no {LIST_SHEET} sheet. xlwings Lite cannot reach the store of "
                           "loaded lists: write the players' List sheet with 'xlrating lists sheet' on your "
                           "computer and copy it into this workbook.", title="xlrating: nothing was filled")
            return None
        else:
            source = open_store(None)
        with closed_after(source) as players:
            filled = fill_sheets(grids, players)
    except CrosstableError as error:
        _not_filled(book, error)
        return None
    except XlratingError as error:  # the store cannot be opened
        book.app.alert(str(error), title="xlrating: nothing was filled", mode="critical")
        return None
    return book, filled


def _not_filled(book: xw.Book, error: CrosstableError) -> None:
    book.app.alert(alert_text(error).replace("`xlrating rate`", "`xlrating fill`"),
                   title="xlrating: nothing was filled", mode="critical")


#: The cells of a fill's blocks that hold a formula: ``(sheet, row, column)``, 1-based.
FormulaCells = set[tuple[str, int, int]]


def _formula_rows(found: Any) -> list[list[Any]]:
    """A range's formulas as rows: classic xlwings gives one cell's as a string, several as a
    tuple of rows."""
    if not isinstance(found, (list, tuple)):
        return [[found]]
    return [list(row) if isinstance(row, (list, tuple)) else [row] for row in found]


def _formula_cells(block: Block, found: Any) -> FormulaCells:
    return {(block.sheet, block.row + i, block.column + j)
            for i, row in enumerate(_formula_rows(found)) for j, cell in enumerate(row)
            if isinstance(cell, str) and cell.startswith("=")}


def _block_range(book: xw.Book, block: Block) -> Any:
    width = max(len(row) for row in block.values)
    return book.sheets[block.sheet].range((block.row, block.column),
                                          (block.row + len(block.values) - 1, block.column + width - 1))


def _classic_formulas(book: xw.Book, blocks: Sequence[Block]) -> FormulaCells:
    """The cells of ``blocks`` that hold a formula, read through classic xlwings' ``Range.formula``."""
    return {cell for block in blocks if block.values
            for cell in _formula_cells(block, _block_range(book, block).formula)}


async def _lite_formulas(book: xw.Book, blocks: Sequence[Block]) -> FormulaCells | None:
    """The cells of ``blocks`` that hold a formula, fetched on demand (xlwings Lite's
    ``Range.get_formula``); None where the engine cannot fetch them (xlwings Server: "only
    supported in xlwings Lite"; a Lite client without the read), as before there was a check."""
    found: FormulaCells = set()
    try:
        for block in blocks:
            if block.values:
                found |= _formula_cells(block, await _block_range(book, block).options(ndim=2).get_formula())
    except Exception:  # no formulas to be had: filled as the values say, the documented limit
        return None
    return found


def _write_filled(book: xw.Book, filled: Filled, formulas: FormulaCells | None) -> Filled | None:
    """Write ``filled`` into ``book``, unless a cell it writes holds a formula (``formulas``; None: not
    known): then nothing is written and the alert names each, as ``xlrating fill`` does."""
    from ..workbook.book import filled_formulas
    from ..workbook.rate import refuse_filled

    if formulas:
        try:  # (the command line's check, on the formulas Excel gave: each has a value in Excel)
            refuse_filled(filled_formulas(dict.fromkeys(formulas, True), filled.blocks))
        except CrosstableError as error:
            _not_filled(book, error)
            return None
    write_blocks(book, filled.blocks, filled.added)
    lines = list(filled.summary) or ["Nothing to fill: no player row with an ID."]
    notes = [str(note) for note in filled.notes]
    if formulas is None and any(block.values for block in filled.blocks):
        notes.insert(0, UNCHECKED_FORMULAS)
    book.app.alert("\n".join(lines + _listed(notes, "notes")), title="xlrating", mode="info")
    return filled


UNCHECKED_FORMULAS = ("Formulas not checked: Excel did not give the filled cells' formulas (xlwings Server "
                      "sends values only), so a cell that held a formula whose value was blank now holds "
                      "the list's value. Check the filled cells.")
"""The fill's note where the formulas of the cells it fills are not known (:func:`_write_filled`): the
default it took, said."""


@xw.script
async def fill_from_the_list(book: xw.Book) -> None:
    """Fill from the list: blank ratings from the workbook's List sheet (xlwings Lite script). A cell
    to fill that holds a formula is refused, its formula fetched from Excel (xlwings Lite's
    ``get_formula``)."""
    filled = _filled(book)
    if filled is not None:
        _write_filled(book, filled[1], await _lite_formulas(book, filled[1].blocks))
