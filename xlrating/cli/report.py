"""``xlrating report IN.xlsx [-o REPORT.xlsx]``: the rating report workbook of a crosstable.

Rates the crosstable of IN (exactly as ``xlrating rate`` does) and writes the report, a
new workbook, atomically: ``IN-report.xlsx`` beside the input unless ``-o`` names
another file. The input is never changed. On bad input every error is listed on stderr
with its cell, the exit status is 1 and no file is written. A season workbook (a
``Players`` and an ``Events`` sheet) gets its season report, as ``xlrating season
--report`` writes it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import ArgumentError, WorkbookError
from ._args import path_arg
from ._output import warn

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"report": "rate the crosstable of a workbook and write its rating report (a new workbook)"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "report",
        help=HELP["report"],
        description="Rate the crosstable of IN (an .xlsx or .xlsm workbook) and write the rating report: "
        "Summary, Ratings, Games, Explanations and Charts sheets in a new workbook (IN-report.xlsx beside "
        "the input unless -o says otherwise). The input is not changed. Nothing is written when the "
        "crosstable has errors; every error is listed with its cell (exit status 1).",
    )
    parser.add_argument("input", metavar="IN.xlsx", type=path_arg,
                        help="the crosstable workbook (.xlsx or .xlsm)")
    parser.add_argument("-o", "--output", metavar="REPORT.xlsx", type=path_arg,
                        help="where to write the report (default: IN-report.xlsx beside the input)")
    parser.add_argument("--explain-all", action="store_true",
                        help="explain every player's rating step by step on the Explanations sheet (by "
                        "default only players rated by a special or iterative method, or changed by a bonus "
                        "or floor)")
    parser.add_argument("--games", action=argparse.BooleanOptionalAction, default=None,
                        help="list every rated game on the Games sheet (default: when the event has at most "
                        "20,000 game lines; --no-games leaves them out)")
    parser.set_defaults(func=run)
    return parser


def output_path(source: Path, output: str | None) -> Path:
    """Where ``report`` writes: ``-o``, else ``IN-report.xlsx`` beside the input."""
    if not source.name or source.is_dir():
        raise WorkbookError(f"{source}: is a folder, not a workbook")
    return Path(output) if output else source.with_name(f"{source.stem}-report.xlsx")


def run(args: argparse.Namespace) -> int:
    from ..report import report_file
    from ..workbook.season import is_season_file

    source = Path(args.input)
    target = output_path(source, args.output)
    if is_season_file(source):  # a Players and an Events sheet: the season report, as the Excel macro makes
        return _season_report(args, source, target)
    report = report_file(source, target, explain_all=args.explain_all, games=args.games)
    ratings = report.sheet("Ratings")
    players = sum(len(t.rows) for t in ratings.tables)
    print(f"{report.title}: {players} rating row{'s' if players != 1 else ''}")
    print(f"Wrote {target}")
    warn(report.checks)
    return 0


def _season_report(args: argparse.Namespace, source: Path, target: Path) -> int:
    """The report of a season workbook: its season report (``xlrating season --report`` writes the
    same). Its event sheets hold no ratings of their own: rated alone, every player is unrated."""
    from ..report.season import write_season_report
    from ..workbook import same_file
    from ..workbook.season import rate_season_workbook

    options = (("--explain-all", args.explain_all), ("--games", args.games is not None))
    given = [name for name, unread in options if unread]
    if given:
        raise ArgumentError(f"{source}: is a season workbook, whose report is the season report: "
                            f"{' and '.join(given)} {'apply' if len(given) > 1 else 'applies'} to a "
                            "crosstable's rating report")
    if same_file(target, source):
        raise WorkbookError(f"{target}: is the season workbook itself; the report is a new workbook, "
                            "give it another name")
    _, rated = rate_season_workbook(source)
    write_season_report(rated, target)
    print(f"Season report: {len(rated.events)} event{'s' if len(rated.events) != 1 else ''}")
    print(f"Wrote {target}")
    warn(rated.notes)
    return 0
