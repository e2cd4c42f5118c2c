"""``xlrating demo``: rate the bundled example event and say where the result is."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from ._args import path_arg

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"demo": "rate the bundled example event; write the rated workbook and its report to the current "
                "folder"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    from ..templates import SYSTEMS

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "demo",
        help=HELP["demo"],
        description="Rate a small fictional example event (the one in the templates) and write the rated "
        "workbook and its rating report to the current folder: the quickest way to see what xlrating does.",
    )
    parser.add_argument("--system", type=str.lower, choices=SYSTEMS, default="uscf",
                        help="which example: uscf (a US Chess Swiss, the default), fide (a FIDE round robin) "
                        "or icu (an ICU Swiss)")
    parser.add_argument("-o", "--output", metavar="OUT.xlsx", type=path_arg,
                        help="where to write the rated workbook (default: xlrating-demo-SYSTEM-rated.xlsx)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from ..report import write_report
    from ..templates import write_template
    from ..workbook import rate_workbook, writable_target
    from ._output import write_both
    from .rate import standings, summary

    target = Path(args.output or f"xlrating-demo-{args.system}-rated.xlsx")
    writable_target(target)  # both files checked before either is written
    report = report_path(target)
    writable_target(report)
    with tempfile.TemporaryDirectory(prefix="xlrating-demo-") as folder:
        source = Path(folder) / f"xlrating-demo-{args.system}.xlsx"
        write_template(args.system, source)
        workbook, rated = rate_workbook(source)
        write_both(workbook, target, report, lambda name: write_report(rated.events, name))
    print(summary(rated))
    print(standings(rated))
    print(f"Wrote {target.resolve()}")
    print(f"Wrote {report.resolve()} (the rating report)")
    return 0


def report_path(target: Path) -> Path:
    """``xlrating-demo-uscf-report.xlsx`` beside ``xlrating-demo-uscf-rated.xlsx``."""
    stem = target.stem.removesuffix("-rated")
    return target.with_name(f"{stem}-report.xlsx")
