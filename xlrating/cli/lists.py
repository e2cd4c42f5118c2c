"""``xlrating lists``: the official rating lists kept in the local store.

- ``xlrating lists [--db PATH]``: what is loaded (system, kind, date, players, file);
- ``xlrating lists add FILE... [--date D] [--system S] [--kind K]``: load list files (FIDE
  TXT or XML, zipped or not; format and date told from each file). All the files are
  loaded, or none: a file with a problem is refused with its file and line, nothing is
  stored and the exit status is 1. A file loaded before is not loaded again.
- ``xlrating lists show ID [--system S] [--date D]``: one player's rows on every loaded
  list, and the row in force on a date.

The store is ``--db``, else the environment variable ``XLRATING_DB``, else the user's data
folder (:func:`xlrating.official.store.default_path`).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from typing import TYPE_CHECKING, Any

from ._args import name_arg, path_arg
from .fill import register_sheet

if TYPE_CHECKING:  # imported when the command runs: ``xlrating --help`` starts fast
    from ..official.model import ListedPlayer
    from ..official.store import ListStore

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"lists": "load official rating lists (FIDE, US Chess, ICU) into the local store and look players up"}

#: The actions of ``xlrating lists``, each a module-level ``(name, register)`` pair.
ACTIONS: list[tuple[str, Any]] = [("sheet", register_sheet)]


def date_arg(text: str) -> dt.date:
    """A date on the command line: ``YYYY-MM-DD``, or ``YYYY-MM`` for a list's month."""
    try:
        if len(text.strip()) == 7:
            return dt.date.fromisoformat(text.strip() + "-01")
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD, or YYYY-MM)") from None


def _db_option(parser: argparse.ArgumentParser, default: Any) -> None:
    from ..official.store import default_path

    parser.add_argument(
        "--db",
        metavar="PATH",
        type=path_arg,
        default=default,
        help=f"the list store (default: $XLRATING_DB, else {default_path()})",
    )


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "lists",
        help=HELP["lists"],
        description="The official rating lists kept in the local store. With no action: what is loaded "
        "(system, kind, date, players). 'add' loads list files, 'show' prints one player's rows. "
        "The store is "
        "--db, else $XLRATING_DB, else the user's data folder.",
    )
    _db_option(parser, None)
    parser.set_defaults(func=run_table)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")

    add = actions.add_parser(
        "add",
        help="load list files into the store",
        description="Load official list files: FIDE's TXT or XML lists (standard, rapid, blitz or the "
        "combined "
        "list), zipped or not. The format and the list's date are told from each file (its header or its "
        "name); --date, --system and --kind say them where a file does not. All the files are loaded in one "
        "transaction, or none: a file with a problem is refused with its file and line (exit status 1). A "
        "file loaded before (the same contents) is not loaded again.",
    )
    add.add_argument(
        "files", metavar="FILE", nargs="+", type=path_arg, help="a list file (.txt, .xml or .zip)"
    )
    add.add_argument(
        "--date", type=date_arg, help="the list's date (YYYY-MM-DD or YYYY-MM), if the file does not say it"
    )
    add.add_argument("--system", type=name_arg,
                     help="the rating system the files must be of (FIDE, US Chess, ICU)")
    add.add_argument("--kind", type=name_arg,
                     help="which list, if the file does not say: Standard, Rapid or Blitz")
    _db_option(add, argparse.SUPPRESS)
    add.set_defaults(func=run_add)

    show = actions.add_parser(
        "show",
        help="one player's rows on the loaded lists",
        description="Print one player's row on every loaded list that holds him (his history), and with "
        "--date the row of each list in force on that date. An ID no list holds is reported (exit status 1).",
    )
    show.add_argument("id", metavar="ID", help="the player's ID")
    show.add_argument("--system", type=name_arg, help="only this system's lists (FIDE, US Chess, ICU)")
    show.add_argument("--date", type=date_arg, help="also say which row is in force on this date")
    _db_option(show, argparse.SUPPRESS)
    show.set_defaults(func=run_show)
    for _, register_action in ACTIONS:
        register_action(actions)
    return parser


def _store(args: argparse.Namespace) -> ListStore:
    from ..official.store import ListStore

    return ListStore(args.db) if args.db else ListStore()


def run_table(args: argparse.Namespace) -> int:
    store = _store(args)
    with store:
        lists = store.lists()
    if not lists:
        print(f"No list is loaded in {store.path}: load one with 'xlrating lists add FILE'")
        return 0
    rows = [("System", "Kind", "Date", "Players", "File")]
    rows += [
        (info.system, info.kind, info.date.isoformat(), f"{info.players:,}", info.source) for info in lists
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(5)]
    for row in rows:
        print(
            "  ".join(
                cell.rjust(width) if column == 3 else cell.ljust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
    print(f"({len(lists)} list{'s' if len(lists) != 1 else ''} in {store.path})")
    return 0


def run_add(args: argparse.Namespace) -> int:
    store = _store(args)
    with store:
        results = store.add_files(args.files, system=args.system, kind=args.kind, date=args.date)
    for loaded in results:
        for note in loaded.notes:
            print(note)
        for info in loaded.lists:
            print(
                f"Loaded {info.system} {info.kind} list of {info.date:%B %Y} ({info.date.isoformat()}): "
                f"{info.players:,} players, from {loaded.file}"
            )
        if loaded.lists:
            print(f"  {loaded.rows_written:,} rows stored (a player's row is stored only when it changes)")
    print(f"Store: {store.path}")
    return 0


def describe(player: ListedPlayer) -> str:
    """One line for a player's row on one list, its flags in words (``woman, inactive``)."""
    from .. import systems
    from ..official.model import flag_words

    parts = [f"{player.system} {player.kind} {player.list_date.isoformat()}:", player.name]
    parts.append(f"rating {player.rating:g}" if player.rating is not None else "not rated")
    for label, value in (
        ("games", player.games),
        ("K", player.k),
        (systems.get(player.system).list_place.lower(), player.federation),
        ("title", player.title),
        ("sex", player.sex),
        ("born", player.birth_date or player.birth_year),
        ("expires", player.expires),
    ):
        if value is not None:
            parts.append(f"{label} {value}")
    parts += flag_words(player.flags)
    return " ".join(parts[:2]) + ", " + ", ".join(parts[2:])


def run_show(args: argparse.Namespace) -> int:
    store = _store(args)
    systems = [args.system] if args.system else ["FIDE", "USCF", "ICU"]
    with store:
        history = [row for system in systems for row in store.history(system, args.id)]
        in_force: list[str] = []  # a line for each system and kind of list that has held the ID
        if args.date is not None:
            for system, kind in sorted({(row.system, row.kind) for row in history}):
                in_force.append(_in_force(store, system, kind, args.id, args.date))
    if not history:
        print(f"xlrating: no loaded list holds the ID {args.id!r} (in {store.path})", file=sys.stderr)
        return 1
    print(f"ID {args.id}: {len(history)} row{'s' if len(history) != 1 else ''} on the loaded lists")
    for row in history:
        print(f"  {describe(row)}")
    if args.date is not None:
        print(f"In force on {args.date.isoformat()}:")
        for line in in_force:
            print(f"  {line}")
    return 0


def _in_force(store: ListStore, system: str, kind: str, pid: str, on: dt.date) -> str:
    """The player's row on the list of ``system``/``kind`` in force ``on``, or why there is none."""
    found = store.lookup(system, kind, [pid], on).get(pid)
    if found is not None:
        return describe(found)
    listed = store.in_force(system, kind, on)
    if listed is None:
        return f"{system} {kind}: no list dated on or before {on.isoformat()} is loaded"
    return (f"{system} {kind} {listed.isoformat()}: not on this list, the one in force (he left the list, or "
            "the file of that date holds other players)")
