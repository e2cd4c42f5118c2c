"""``xlrating fill IN.xlsx [-o OUT.xlsx | --in-place] [--date D] [--kind K] [--db PATH | --list-sheet]``.

Fills every blank Rating (and Games, K, Birth date, Federation, Title where the list has them)
of a crosstable or season workbook from the official list in force at the event's start (see
:mod:`xlrating.official.fill`), and names every difference between a typed value and the
list with its cell. Writes ``IN-filled.xlsx`` beside the input by default (only the cells it
fills change; the input is never touched unless ``--in-place`` asks for it). The list comes
from the store of loaded list files (``xlrating lists add``; ``--db`` or ``XLRATING_DB`` say
where it is) or, with ``--list-sheet``, from the workbook's own ``List`` sheet.

This module also holds what the other commands take from the lists: ``rate --list`` (fill,
then rate: :func:`add_list_options`, :func:`preparer`), ``lists sheet`` (:func:`register_sheet`:
a ``List`` sheet written from the store) and ``template season --list`` (:func:`listed_players`).
"""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import WorkbookError
from ..official import sources
from ._args import ids_arg, name_arg, path_arg
from ._output import warn

if TYPE_CHECKING:  # the rest is imported when a command runs: ``xlrating --help`` starts fast
    from ..crosstable import AddedColumns, Block, Grid
    from ..official.model import ListedPlayer, PlayerSource
    from ..systems import System
    from ..workbook import Workbook
    from ..workbook.rate import Prepare

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"fill": "fill blank ratings (and K, birth dates...) of a workbook from the official list"}


def date_arg(value: str) -> dt.date:
    """A date on the command line: ``2026-11-01``."""
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a date; write it as 2026-11-01") from None


def add_list_options(parser: argparse.ArgumentParser) -> None:
    """``--date``, ``--kind``, ``--db`` and ``--list-sheet``: which list a fill reads."""
    from ..official.sheet import LIST_SHEET

    parser.add_argument("--date", type=date_arg, metavar="YYYY-MM-DD",
                        help="use the list in force on this date (default: each event's Start date, else "
                        "its End date; a season's Players: the Season sheet's List date)")
    parser.add_argument("--kind", metavar="KIND", type=name_arg,
                        help="the list's kind: FIDE Standard (default), Rapid or Blitz; US Chess's rating "
                        "system (default: the Event sheet's)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", metavar="PATH", type=path_arg,
                       help="the store of loaded lists (default: XLRATING_DB, else the user's data folder)")
    where.add_argument("--list-sheet", action="store_true",
                       help=f"read the players from the workbook's own {LIST_SHEET} sheet, not the store")


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "fill",
        help=HELP["fill"],
        description="Fill every blank Rating (and Games, K, Birth date, Federation, Title where the list "
        "has them) of the crosstable or season workbook IN from the official list in force at each "
        "event's start, and name every typed value the list contradicts, with its cell (the typed value "
        "is kept). Writes IN-filled.xlsx beside the input unless -o or --in-place says otherwise; only "
        "the filled cells change. A bad value in a cell the fill reads stops it: every such cell is "
        "listed (exit status 1) and nothing is written.",
    )
    parser.add_argument("input", metavar="IN.xlsx", type=path_arg, help="the crosstable or season workbook")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("-o", "--output", metavar="OUT.xlsx", type=path_arg,
                       help="where to write the filled workbook (default: IN-filled.xlsx beside the input)")
    where.add_argument("--in-place", action="store_true", help="overwrite the input workbook")
    add_list_options(parser)
    parser.set_defaults(func=run)
    return parser


def list_source(args: argparse.Namespace, workbook: Workbook) -> PlayerSource:
    """Where ``args`` say the players come from: the workbook's List sheet, or the store."""
    if getattr(args, "list_sheet", False):
        from ..names import find_sheet
        from ..official.sheet import LIST_SHEET, read_list_sheet

        name = find_sheet(workbook.sheetnames, LIST_SHEET)
        if name is None:
            raise WorkbookError(f"{workbook.path}: has no {LIST_SHEET} sheet ('xlrating lists sheet' writes "
                                "one)")
        return read_list_sheet(workbook.read(name).grid, sheet=name)
    return sources.open_store(getattr(args, "db", None))


def run(args: argparse.Namespace) -> int:
    from ..errors import CrosstableError
    from ..official.fill import fill_sheets
    from ..workbook import apply, load, read_grids, stage_workbook, writable_target
    from ..workbook.rate import read_for_rating, refuse_formulas_filled
    from ..workbook.season import is_season_file
    from ._output import output_path

    source = Path(args.input)
    target = output_path(source, args.output, args.in_place, suffix="filled")
    writable_target(target)
    season = is_season_file(source)
    workbook = load(source)
    grids = read_grids(workbook) if season else read_for_rating(workbook)
    try:  # (its problems titled with the file's name, as rate's are)
        with sources.closed_after(list_source(args, workbook)) as players:
            filled = fill_sheets(grids, players, on=args.date, kind=args.kind)
        refuse_formulas_filled(workbook, filled.blocks)
    except CrosstableError as error:
        title = error.title or "Nothing was filled."
        raise CrosstableError(error.problems, title=f"{workbook.path}: {title}") from None
    apply(workbook, filled.blocks, filled.added)
    stage_workbook(workbook, target, in_place=args.in_place).commit()
    for line in filled.summary:
        print(line)
    print(f"Wrote {target}")
    warn(filled.notes)
    return 0


def preparer(args: argparse.Namespace, lines: list[str], notes: list[str]) -> Prepare | None:
    """``rate --list``'s fill (None without ``--list``): a :data:`~xlrating.workbook.rate.Prepare`
    that fills the grids from the list ``args`` name, its summary added to ``lines`` and its
    notes to ``notes`` (printed after the rating)."""
    if not getattr(args, "list", False):
        given = [flag for flag, name in (("--date", "date"), ("--kind", "kind"), ("--db", "db"),
                                         ("--list-sheet", "list_sheet")) if getattr(args, name, None)]
        if given:
            from ..errors import ArgumentError

            says = "says" if len(given) == 1 else "say"
            raise ArgumentError(f"{', '.join(given)} {says} which list to fill from: add --list")
        return None
    from ..official.fill import fill_sheets
    from ..workbook import load

    def prepare(grids: Mapping[str, Grid]) -> tuple[Sequence[Block], Sequence[AddedColumns]]:
        # The List sheet is read whole only when it is asked for (the rating reads it no further
        # than its header).
        source = list_source(args, load(args.input)) if args.list_sheet else sources.open_store(args.db)
        with sources.closed_after(source) as players:
            filled = fill_sheets(grids, players, on=args.date, kind=args.kind)
        lines.extend(filled.summary)
        notes.extend(str(note) for note in filled.notes)
        return filled.blocks, filled.added

    return prepare


def print_fill(lines: Sequence[str], notes: Sequence[str]) -> None:
    """What ``rate --list``'s fill did: its summary on stdout, its warnings on stderr."""
    for line in lines:
        print(line)
    warn(notes)


# --- xlrating lists sheet ------------------------------------------------------------------------


def add_selection(parser: argparse.ArgumentParser, *, system_flag: str = "--system") -> None:
    """``--federation``, ``--ids``, ``--date``, ``--kind`` and ``--db``: which listed players."""
    if system_flag:
        parser.add_argument(system_flag, default="FIDE", metavar="SYSTEM", type=name_arg,
                            help="the list's system: FIDE (default), USCF or ICU")
    parser.add_argument("--federation", metavar="FED", type=name_arg,
                        help="the players of one federation (FIDE: IRL, USA...; US Chess: the state)")
    parser.add_argument("--ids", metavar="ID,ID,...", type=ids_arg, help="these players, by ID")
    parser.add_argument("--date", dest="on", type=date_arg, metavar="YYYY-MM-DD",
                        help="the list in force on this date (default: today)")
    parser.add_argument("--kind", dest="list_kind", metavar="KIND", type=name_arg,
                        help="FIDE Standard (default), Rapid or Blitz; US Chess Regular (default), Quick...")
    parser.add_argument("--db", metavar="PATH", type=path_arg, default=argparse.SUPPRESS,
                        help="the store of loaded lists (default: XLRATING_DB, else the user's data folder)")


def listed_players(system: str, kind: str | None, on: dt.date | None, federation: str | None,
                   ids: str | None, db: str | None, flag: str = "--system") -> list[ListedPlayer]:
    """The players of the store's list that ``federation`` or ``ids`` select (IDs not on it are an error);
    ``flag``: the option that gave ``system``."""
    from .. import systems
    from ..errors import ArgumentError

    found = systems.find(system)
    if found is None:
        raise ArgumentError(f"{flag} {system!r} is not one of FIDE, USCF or ICU")
    kind = kind or found.list_kinds[0]
    when = on or dt.date.today()
    if not federation and not ids:
        raise ArgumentError("say whose rows to take: --federation FED or --ids ID,ID,...")
    with sources.closed_after(sources.open_store(db)) as store:
        return _selected(store, found, kind, when, federation, ids)


def _selected(store: Any, found: System, kind: str, when: dt.date, federation: str | None,
              ids: str | None) -> list[ListedPlayer]:
    """The players of ``federation`` and ``ids`` on the store's list (``store.players``, ``store.lookup``)."""
    from ..errors import ArgumentError

    key = found.key
    wanted = [part.strip() for part in (ids or "").replace(";", ",").split(",") if part.strip()]
    players: dict[str, ListedPlayer] = {}
    if federation:
        players.update((p.id, p) for p in store.players(key, kind, when, federation.strip().upper()))
    if wanted:
        looked = store.lookup(key, kind, wanted, when)
        missing = [i for i in wanted if i not in looked]
        if missing:
            raise ArgumentError(f"not on the {found.short_name} {kind} list in force on {when.isoformat()}: "
                                + ", ".join(missing))
        players.update(looked)
    if not players:
        raise ArgumentError(f"no player of the {found.short_name} {kind} list in force on {when.isoformat()} "
                            f"is selected (is the list loaded? xlrating lists shows what is)")
    return list(players.values())


def register_sheet(subparsers: Any) -> argparse.ArgumentParser:
    """``xlrating lists sheet``: the subcommand the ``lists`` command registers."""
    from ..official.sheet import LIST_SHEET

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "sheet",
        help=f"write a {LIST_SHEET} sheet of listed players (for xlwings Lite's Fill from the list)",
        description=f"Write the players of one federation (or these IDs) on the list in force on a date as "
        f"a {LIST_SHEET} sheet: into a crosstable or season workbook (--workbook; every other part of "
        "it is kept as it is), or a new workbook (-o). The Fill from the list script (xlwings Lite, where "
        "the store is not at hand) and 'xlrating fill --list-sheet' read it.",
    )
    add_selection(parser)
    parser.add_argument("--workbook", metavar="WB.xlsx", type=path_arg,
                        help=f"put the {LIST_SHEET} sheet into this workbook (saved in place unless -o names "
                        f"a copy); a {LIST_SHEET} sheet it has is rewritten only if it is one this command "
                        "wrote")
    parser.add_argument("-o", "--output", metavar="OUT.xlsx", type=path_arg,
                        help=f"the workbook to write: a new one holding only the {LIST_SHEET} sheet, or "
                        "with --workbook the copy of it to write")
    parser.add_argument("--force", action="store_true", help="overwrite OUT.xlsx if it exists")
    parser.set_defaults(func=run_sheet)
    return parser


def run_sheet(args: argparse.Namespace) -> int:
    from ..official.sheet import LIST_SHEET
    from ..workbook import load, stage_workbook, writable_target

    if args.workbook is None and args.output is None:
        raise WorkbookError(f"say where the {LIST_SHEET} sheet goes: --workbook WB.xlsx (a workbook you "
                            "have) or -o OUT.xlsx (a new one)")
    target = Path(args.output if args.output is not None else args.workbook)
    writable_target(target)
    if args.output is not None and target.exists() and not args.force:
        raise WorkbookError(f"{target}: already exists; choose another name with -o or use --force")
    workbook = load(args.workbook) if args.workbook is not None else None
    players = listed_players(args.system, args.list_kind, args.on, args.federation, args.ids,
                             getattr(args, "db", None))
    if workbook is None:
        write_list_workbook(target, players)
    else:
        name = put_list_sheet(workbook, players)
        stage_workbook(workbook, target, in_place=args.output is None).commit()
    print(f"Wrote {target}: {len(players)} players on its {LIST_SHEET if workbook is None else name} sheet")
    return 0


def put_list_sheet(workbook: Workbook, players: Iterable[ListedPlayer]) -> str:
    """Write the List sheet of ``players`` into ``workbook`` (added after the last tab, or over a
    List sheet it has that holds nothing else); the name of the sheet written. Raises
    :class:`~xlrating.errors.WorkbookError` when its List sheet holds something else."""
    from ..official.sheet import COLUMNS, list_rows
    from ..workbook import apply
    from ..workbook.new import column_width

    rows = list_rows(players)
    name, old = _list_sheet(workbook)
    apply(workbook, [block for block in _list_blocks(name, rows, old) if block.values])
    patch = workbook.patches[name]
    for write in patch.rows.get(1, {}).values():
        write.bold = True
    for index in range(len(COLUMNS)):
        patch.widths[index + 1] = column_width([row[index] for row in rows], minimum=6)
    return name


def _list_sheet(workbook: Workbook) -> tuple[str, Grid]:
    """The workbook's List sheet and what it holds: a new one added, or one this command wrote
    (its first row the List sheet's header; else :class:`~xlrating.errors.WorkbookError`)."""
    from ..crosstable.columns import fold
    from ..names import find_sheet
    from ..official.sheet import COLUMNS, LIST_SHEET
    from ..workbook import add_sheets

    name = find_sheet(workbook.sheetnames, LIST_SHEET)
    if name is None:
        add_sheets(workbook, [LIST_SHEET])
        return LIST_SHEET, []
    old = workbook.read(name).grid
    first = next((row for row in old if any(cell is not None for cell in row)), None)
    if first is not None and [fold(cell) for cell in first] != [fold(cell) for cell in COLUMNS]:
        raise WorkbookError(
            f"{workbook.path}: its {name} sheet holds something else (its first row is not the "
            f"header of a {LIST_SHEET} sheet); nothing was written. Rename or remove that sheet, or "
            "write a new workbook with -o"
        )
    return name, old


def _list_blocks(name: str, rows: Sequence[Sequence[Any]], old: Grid) -> list[Block]:
    """The List sheet's header and rows, and blanks over the cells of the sheet it replaces (the
    rows past the new ones, the columns past the List sheet's)."""
    from ..crosstable import Block
    from ..official.sheet import COLUMNS

    formats = tuple(_list_format(column) for column in COLUMNS)
    blocks = [Block(name, 1, 1, (tuple(rows[0]),)),
              Block(name, 2, 1, tuple(tuple(row) for row in rows[1:]), formats)]
    width = max([len(COLUMNS), *(len(row) for row in old)])
    if len(old) > len(rows):  # the rows of the sheet it replaces, blanked
        blocks.append(Block(name, len(rows) + 1, 1, ((None,) * width,) * (len(old) - len(rows))))
    if width > len(COLUMNS):
        blocks.append(Block(name, 1, len(COLUMNS) + 1, ((None,) * (width - len(COLUMNS)),) * len(rows)))
    return blocks


#: The List sheet's columns written as text (IDs keep their leading zeros) and as dates.
_TEXT_COLUMNS = ("ID", "Name", "Federation", "Title", "Sex", "Flags")
_DATE_COLUMNS = ("List date", "Birth date", "Expires")


def _list_format(column: str) -> str | None:
    """The number format of a List sheet column's values (None: Excel's own)."""
    from ..official.sheet import DATE_FORMAT

    return "@" if column in _TEXT_COLUMNS else DATE_FORMAT if column in _DATE_COLUMNS else None


def write_list_workbook(path: Path, players: Iterable[ListedPlayer]) -> None:
    """A new workbook holding the List sheet of ``players`` (IDs as text; dates as dates)."""
    from openpyxl import Workbook as OpenpyxlWorkbook
    from openpyxl.styles import Font

    from ..official.sheet import COLUMNS, LIST_SHEET, list_rows
    from ..workbook.book import save_workbook_atomic
    from ..workbook.cells import put

    book = OpenpyxlWorkbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = LIST_SHEET
    formats = [_list_format(column) for column in COLUMNS]
    for number, row in enumerate(list_rows(players), start=1):
        for column, value in enumerate(row, start=1):
            cell = sheet.cell(row=number, column=column)
            put(cell, value)
            if number > 1 and formats[column - 1] is not None:
                cell.number_format = formats[column - 1]
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    save_workbook_atomic(book, path)


# --- xlrating template season --list --------------------------------------------------------------


def add_season_start(parser: argparse.ArgumentParser) -> None:
    """``template season --list SYSTEM --federation FED`` (or ``--ids``): the Players sheet from the store."""
    parser.add_argument("--list", metavar="SYSTEM", dest="start_list", type=name_arg,
                        help="season only: start the Players sheet from the official list of SYSTEM (fide, "
                        "uscf, icu) in the store, with --federation or --ids")
    add_selection(parser, system_flag="")


def _partner_rows(entry: System, kind: str, players: Sequence[ListedPlayer], on: dt.date | None,
                  db: str | None) -> Mapping[str, ListedPlayer]:
    """The rows of ``players`` on the store's list ``kind`` in force on ``on`` (default: today), as
    :func:`listed_players` reads their own list."""
    with sources.closed_after(sources.open_store(db)) as store:
        return store.lookup(entry.key, kind, [p.id for p in players], on or dt.date.today())


def _members_note(entry: System, players: Sequence[ListedPlayer]) -> str:
    """What a Players sheet started from a list that publishes none of a member's columns
    (:attr:`~xlrating.systems.System.member_columns`: ICU) needs typed, and who is provisional."""
    from ..official.fill import either

    provisional = [p.id for p in players if "p" in p.flags]
    more = len(provisional) - 10
    shown = ", ".join(provisional[:10]) + (f" and {more} more" if more > 0 else "")
    return (f"The {entry.short_name} list publishes no {either(entry.member_columns)}: type one of them for "
            "each member on Players, else a row with a rating alone is a foreign player's, whose rating "
            "never changes"
            + (f"; provisional on the list, so needing their Games: ID {shown}" if provisional else "") + ".")


def season_start(args: argparse.Namespace) -> Any:
    """The :class:`~xlrating.templates.season.ListedStart` ``template season --list`` asks for, or None."""
    if not getattr(args, "start_list", None):
        return None
    from .. import systems
    from ..official.sheet import players_rows
    from ..templates.season import ListedStart

    players = listed_players(args.start_list, args.list_kind, args.on, args.federation, args.ids,
                             getattr(args, "db", None), "--list")
    first = players[0]
    entry = systems.get(first.system)
    settings: list[tuple[str, Any]] = [("System", entry.key), ("Rules", entry.default.name)]
    if entry.rating_systems:
        settings.append(("Rating system", first.kind))
    settings.append(("List date", max(p.list_date for p in players)))
    chosen = f"the players of {args.federation.upper()}" if args.federation else "the players named by ID"
    described = (f"Players: {chosen} on the {entry.short_name} {first.kind} list of "
                 f"{first.list_date.isoformat()} ({len(players)} players). Add each event's sheet and its "
                 "row on Events.")
    notes = (_members_note(entry, players),) if entry.member_columns else ()
    partner = entry.dual_partner(first.kind)  # a dual-rated event's other list (US Chess: Quick)
    others = _partner_rows(entry, partner, players, args.on, getattr(args, "db", None)) if partner else None
    rows = tuple(players_rows(players, entry.key, (partner, others) if partner and others is not None
                              else None))
    return ListedStart(tuple(settings), rows, " ".join((described, *notes)), notes)
