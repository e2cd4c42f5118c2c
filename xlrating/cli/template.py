"""``xlrating template SYSTEM [-o FILE] [--macro] [--blank]``: write a new crosstable workbook.

``SYSTEM`` ``calculator`` writes the calculator workbook instead: the US Chess, FIDE and
ICU calculators built of worksheet functions (:mod:`xlrating.udfs`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import ArgumentError, WorkbookError
from ._args import path_arg
from .fill import add_season_start

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"template": "write a new crosstable workbook (US Chess, FIDE or ICU) with an example event"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    from ..templates import SYSTEMS

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "template",
        help=HELP["template"],
        description="Write a ready-to-use crosstable workbook: the crosstable as an Excel table with checks "
        "on the round cells, an Event sheet with drop-downs, a How to use sheet and a small fictional "
        "example event. SYSTEM 'macro' (or --macro) writes the macro-enabled .xlsm for xlwings "
        "together with its same-named Python module (one click rates the event); SYSTEM 'calculator' "
        "writes the rating calculators (worksheet functions; register xlrating.udfs with xlwings).",
    )
    parser.add_argument("system", metavar="SYSTEM", type=str.lower,
                        choices=(*SYSTEMS, "macro", "xlsm", "calculator", "season"),
                        help="uscf (a US Chess Swiss), fide (a FIDE round robin), icu (an ICU Swiss), "
                        "macro (the US Chess template as a macro-enabled .xlsm), calculator (the rating "
                        "calculators) or season (a club season of three events; with --macro the "
                        "macro-enabled .xlsm and its Python module)")
    parser.add_argument("-o", "--output", metavar="FILE.xlsx", type=path_arg,
                        help="the file to write (default: the template's own name in the current folder)")
    parser.add_argument("--macro", action="store_true",
                        help="write the macro-enabled .xlsm and its Python module (xlwings quickstart)")
    parser.add_argument("--blank", action="store_true",
                        help="leave out the example players and the event's name and dates")
    parser.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    add_season_start(parser)
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from ..templates import (
        CALCULATOR_TEMPLATE,
        MACRO_TEMPLATE,
        TEMPLATE_FILES,
        write_calculator_template,
        write_template,
    )
    from ..workbook import writable_target

    if args.start_list and args.system != "season":
        raise ArgumentError("--list starts a season's Players sheet from an official list: use it with "
                            "'template season'")
    if args.system == "season":
        from .season import run_template

        return run_template(args)
    if args.system == "calculator":
        target = Path(args.output or CALCULATOR_TEMPLATE)
        writable_target(target)
        if target.exists() and not args.force:
            raise WorkbookError(f"{target}: already exists; choose another name with -o or use --force")
        for written in write_calculator_template(target):
            print(f"Wrote {written}")
        return 0
    macro = args.macro or args.system in ("macro", "xlsm")
    system = "uscf" if args.system in ("macro", "xlsm") else args.system
    if args.output:
        target = Path(args.output)
    elif macro:
        target = Path(MACRO_TEMPLATE if system == "uscf" else f"xlrating_{system}_event.xlsm")
    else:
        target = Path(TEMPLATE_FILES[system])
    if macro and target.suffix.lower() == ".xlsx" and args.output:
        raise WorkbookError(f"{target}: a macro-enabled workbook must be saved as .xlsm")
    targets = [target] + ([target.with_suffix(".py")] if macro else [])
    for path in targets:  # every file checked before the first is written
        writable_target(path)
    existing = [str(t) for t in targets if t.exists()]
    if existing and not args.force:
        raise WorkbookError(
            f"{', '.join(existing)}: already exists; choose another name with -o or use --force")
    for written in write_template(system, target, macro=macro, blank=args.blank):
        print(f"Wrote {written}")
    return 0
