"""``xlrating season IN.xlsx [-o OUT.xlsx] [--in-place]``: rate a season workbook.

A season workbook has a ``Players`` sheet (the list), an ``Events`` sheet and one
crosstable sheet per event (see :mod:`xlrating.season`). As with ``rate``, the output is
``IN-rated.xlsx`` beside the input unless ``-o`` or ``--in-place`` says otherwise, it is
written atomically, and on any error every problem is listed with its cell, the exit
status is 1 and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, WorkbookError
from ._args import add_output_options, ids_arg, path_arg
from ._output import inform, module_beside, output_path, report_path, warn, warn_lost, write_both
from .fill import preparer, print_fill, season_start

if TYPE_CHECKING:
    from ..season import RatedSeason

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"season": "rate a season workbook (a Players list, an Events sheet, a sheet per event)",
        "season-import": "import several events (TRF, US Chess crosstable text, DBF folders) into one season "
                         "workbook"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    from ..importers import FORMATS
    from ..season.model import CHART_TOP

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "season",
        help=HELP["season"],
        description="Rate every event of the season workbook IN in date order from its Players list and "
        "write each event's ratings, the Players sheet's new ratings, the New list and History sheets "
        "(and, for FIDE, New pending: unrated players' results carried to the next season): "
        "IN-rated.xlsx beside the input unless -o or --in-place says otherwise. Nothing is written when "
        "the season has errors; every error is listed with its cell (exit status 1).",
    )
    add_output_options(parser, "season workbook", "the season report (the list before and after, every "
                       "event's summary, a rating-history chart)")
    chart = parser.add_mutually_exclusive_group()  # (given both, the players would hide the top N)
    chart.add_argument("--chart-players", metavar="ID,ID,...", type=ids_arg,
                       help="the players the report's chart follows, by ID (default: the Season sheet's "
                       "Chart players, else the top of the new list)")
    chart.add_argument("--chart-top", metavar="N", type=chart_top,
                       help="the chart follows the N highest rated players of the new list (default: the "
                       f"Season sheet's Chart top, else {CHART_TOP})")
    parser.set_defaults(func=run)
    importer: argparse.ArgumentParser = subparsers.add_parser(
        "season-import",
        help=HELP["season-import"],
        description="Import every event of FILE... (files, or folders of event files) into one season "
        "workbook: an event sheet per section, the Events sheet, and a Players list of everyone who plays, "
        "as his first event gives him. Nothing is written when any file has problems; every problem is "
        "listed with its file and line (exit status 1).",
    )
    importer.add_argument("files", metavar="FILE", nargs="+", type=path_arg,
                          help="an event file, a folder of event files, or a folder of US Chess DBF files")
    importer.add_argument("--from", dest="fmt", type=str.lower, choices=tuple(FORMATS),
                          help="the format of every file (guessed from each file's content when left out)")
    importer.add_argument("-o", "--output", metavar="OUT.xlsx", type=path_arg, required=True,
                          help="the season workbook to write")
    importer.add_argument("--force", action="store_true", help="overwrite OUT.xlsx if it exists")
    importer.set_defaults(func=run_import)
    return parser


def chart_top(text: str) -> int:
    """``--chart-top``: a whole number of players the chart can follow (argparse refuses others)."""
    from ..season.read import CHART_TOP_LIMIT, CHART_TOP_REASON

    try:
        top = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= top <= CHART_TOP_LIMIT:
        raise argparse.ArgumentTypeError(f"the chart follows 1 to {CHART_TOP_LIMIT} players "
                                         f"({CHART_TOP_REASON}), not {top}")
    return top


def run_import(args: argparse.Namespace) -> int:
    from ..importers.season import import_season_workbook
    from ..workbook import same_file, writable_target

    target = Path(args.output)
    if any(same_file(target, Path(source)) for source in args.files):
        raise WorkbookError(f"{target}: is a file being imported; choose another name with -o")
    if target.exists() and not args.force:
        raise WorkbookError(f"{target}: already exists; choose another name with -o or use --force")
    writable_target(target)
    season = import_season_workbook(args.files, target, args.fmt)
    events = [name for name in season.sheets if name not in ("Season", "Players", "Events")]
    print(f"Imported {len(events)} event{'s' if len(events) != 1 else ''} ({', '.join(events)}), "
          f"{len(season.sheets['Players']) - 1} players")
    print(f"Wrote {target}")
    inform(season.notes)
    warn(season.warnings)
    return 0


def run(args: argparse.Namespace) -> int:
    """Rate the season; ``args`` may also be ``rate``'s (which has no chart options)."""
    from ..report.season import write_season_report
    from ..workbook import stage_workbook, writable_target
    from ..workbook.season import rate_season_workbook

    source = Path(args.input)
    target = output_path(source, args.output, args.in_place)
    report = report_path(args.report, source, target)
    charted = [flag for flag, name in (("--chart-players", "chart_players"), ("--chart-top", "chart_top"))
               if getattr(args, name, None) is not None]
    if charted and report is None:
        raise ArgumentError(f"{charted[0]} says what the report's chart follows: add --report REPORT.xlsx")
    for path in (target, report):  # both checked before anything is rated or written
        if path is not None:
            writable_target(path)
    lines: list[str] = []
    notes: list[str] = []
    workbook, rated = rate_season_workbook(source, prepare=preparer(args, lines, notes))  # rate --list
    print_fill(lines, notes)
    in_place = bool(getattr(args, "in_place", False))
    if report is not None:
        # The command line's chart options, when given, stand for the Season sheet's chart setting.
        named = getattr(args, "chart_players", None) or ""
        chosen = [key.strip() for key in named.split(",") if key.strip()] or None
        top = getattr(args, "chart_top", None)
        write_both(workbook, target, report,
                   lambda name: write_season_report(rated, name, players=chosen, top=top), in_place=in_place)
    else:
        stage_workbook(workbook, target, in_place=in_place).commit()
    print(summary(rated))
    print(f"Wrote {target}")
    if report is not None:
        print(f"Wrote {report}")
    from ..templates.season import season_module

    said = module_beside(source, target, season_module)
    if said:
        print(said, file=sys.stderr if said.startswith("xlrating:") else sys.stdout)
    warn_lost(workbook, target)
    warn(rated.notes)
    return 0


def summary(rated: RatedSeason) -> str:
    """One line per event in rating order, then the list's size before and after."""
    from ..report.season import event_rules

    lines = []
    for event in rated.events:
        lines.append(f"Rated {event.crosstable.sheet} (ends {event.settings.end_date.isoformat()}): "
                     f"{len(event.crosstable.players)} players, {len(event.crosstable.games)} games, "
                     f"{event_rules(event)}")
    before, after = len(rated.season.ratings), len(rated.result.list)
    lines.append(f"List: {before} players before, {after} after ({after - before} new)")
    pending = [entry for entry in rated.result.list if entry.pending]
    if pending:
        games = sum(len(event.results) for entry in pending for event in entry.pending)
        lines.append(f"Pending: {len(pending)} unrated player{'s' if len(pending) != 1 else ''} with "
                     f"{games} game{'s' if games != 1 else ''} towards a first rating, on New pending")
    return "\n".join(lines)


def run_template(args: argparse.Namespace) -> int:
    """``xlrating template season [--macro] [-o FILE] [--force]``: the season template."""
    from ..templates.season import SEASON_MACRO_TEMPLATE, SEASON_TEMPLATE, write_season_template
    from ..workbook import writable_target

    macro = bool(args.macro)
    target = Path(args.output or (SEASON_MACRO_TEMPLATE if macro else SEASON_TEMPLATE))
    targets = [target, target.with_suffix(".py")] if macro else [target]
    for path in targets:  # every file checked before the first is written
        writable_target(path)
    existing = [str(t) for t in targets if t.exists()]
    if existing and not args.force:
        raise WorkbookError(
            f"{', '.join(existing)}: already exists; choose another name with -o or use --force")
    start = season_start(args)  # --list: the Players sheet from the store
    for written in write_season_template(target, macro=macro, start=start):
        print(f"Wrote {written}")
    print_fill((), start.notes if start is not None else ())
    return 0
