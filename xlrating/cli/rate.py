"""``xlrating rate IN.xlsx [-o OUT.xlsx] [--in-place] [--report REPORT.xlsx]``: rate a crosstable workbook.

Writes ``IN-rated.xlsx`` beside the input by default (a macro-enabled ``IN.xlsm`` named
like a Python module: ``IN_rated.xlsm``, with its module ``IN_rated.py`` when ``IN.py`` is
beside the input; see :func:`xlrating.cli._output.module_beside`) and never overwrites the input
unless ``--in-place`` asks for it (and then only if the file still holds what was rated).
The output is written atomically (a temporary file in the same folder, then a rename).
On bad input every error is listed on stderr with its cell, the exit status is 1 and no
file is written. ``--report`` also writes the rating report workbook (see
:mod:`xlrating.report`), renamed into place after the rated workbook.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._args import add_output_options
from ._output import module_beside, output_path, report_path, warn, warn_lost, write_both
from .fill import add_list_options, preparer, print_fill

if TYPE_CHECKING:
    from ..crosstable import RatedWorkbook

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"rate": "rate the crosstable of a workbook and write the post-event ratings"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "rate",
        help=HELP["rate"],
        description="Rate the crosstable of IN (an .xlsx or .xlsm workbook) and write the rated workbook: "
        "IN-rated.xlsx beside the input unless -o or --in-place says otherwise (IN.xlsm: IN_rated.xlsm, "
        "and IN_rated.py beside it when IN.py is beside the input, so its Rate button and Run main find "
        "their code). Nothing is written when the crosstable has errors; every error is listed with its "
        "cell (exit status 1).",
    )
    add_output_options(parser, "crosstable workbook",
                       "the rating report workbook (summary, ratings, games, explanations, charts)")
    parser.add_argument("--list", action="store_true",
                        help="first fill blank ratings (and K, birth dates...) from the official list in "
                        "force at the event's start, as 'xlrating fill' does (the filled cells are written "
                        "too)")
    add_list_options(parser)
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="leave out the standings (each player's score, pre-event and post-event rating "
                        "and change)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from ..workbook import rate_workbook, stage_workbook, writable_target
    from ..workbook.season import is_season_file

    source = Path(args.input)
    if is_season_file(source):  # a Players and an Events sheet: rate the season
        from .season import run as rate_season_file

        return rate_season_file(args)
    target = output_path(source, args.output, args.in_place)
    report = report_path(args.report, source, target)
    # Both files are checked before anything is rated or written, so a file that cannot
    # be written stops the run with nothing written.
    for path in (target, report):
        if path is not None:
            writable_target(path)
    lines: list[str] = []
    notes: list[str] = []
    workbook, rated = rate_workbook(source, explain=report is not None,  # explanations feed the report only
                                    prepare=preparer(args, lines, notes))
    print_fill(lines, notes)
    if report is not None:
        from ..report import write_report

        write_both(workbook, target, report, lambda name: write_report(rated.events, name),
                   in_place=args.in_place)
    else:
        stage_workbook(workbook, target, in_place=args.in_place).commit()
    print(summary(rated))
    if not args.quiet:
        print(standings(rated))
    print(f"Wrote {target}")
    if report is not None:
        print(f"Wrote {report}")
    from ..templates import quickstart_module

    said = module_beside(source, target, quickstart_module)
    if said:
        print(said, file=sys.stderr if said.startswith("xlrating:") else sys.stdout)
    warn_lost(workbook, target)
    warn(rated.warnings)
    return 0


def summary(rated: RatedWorkbook) -> str:
    """One line per rated crosstable: its sheet, players and rules."""
    lines = []
    for event in rated.events:
        rules = " and ".join(
            outcome.rules + (f" {outcome.rating_system}" if outcome.rating_system else "")
            for outcome in event.outcomes)
        lines.append(f"Rated {event.crosstable.sheet}: {len(event.crosstable.players)} players, {rules}")
    return "\n".join(lines)


def _shown(value: float) -> int:
    """``value`` as Excel shows it in a whole-number format: halves away from zero (1642.5 as
    1643, where Python's ``round`` and ``format`` take halves to the even number)."""
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def standings(rated: RatedWorkbook) -> str:
    """Each rated crosstable's standings as plain text: players by score (highest first, then
    by pairing number), with the pre-event and post-event rating and the change, as the
    rated sheet shows them (whole numbers); one table per rating system of a dual-rated event."""
    lines = []
    for event in rated.events:
        players = sorted(event.crosstable.players, key=lambda p: (-p.score, p.number))
        for outcome in event.outcomes:
            heading = event.crosstable.sheet + (f", {outcome.rating_system}" if outcome.rating_system else "")
            rows = [("No", "Name", "Score", "Pre", "Post", "Change", "Method")]
            for player in players:
                result = outcome.player(player.number)
                pre = "unrated" if result.pre_rating is None else str(_shown(result.pre_rating))
                post = "" if result.post_rating is None else str(_shown(result.post_rating))
                moved = result.rating_change
                change = "" if moved is None else f"{_shown(moved):+d}".replace("+0", "0")
                rows.append((str(player.number), player.name, f"{player.score:g}", pre, post, change,
                             result.method.value))
            widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
            lines += ["", heading]
            for row in rows:
                cells = (cell.rjust(width) if i in (0, 3, 4, 5) else cell.ljust(width)
                         for i, (cell, width) in enumerate(zip(row, widths, strict=True)))
                lines.append("  " + "  ".join(cells).rstrip())
    return "\n".join(lines[1:]) if lines else ""
