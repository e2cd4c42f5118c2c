"""``xlrating template SYSTEM [-o FILE] [--macro] [--blank]``: write a new crosstable workbook.

``SYSTEM`` ``calculator`` writes the calculator workbook instead: the US Chess, FIDE and
ICU calculators built of worksheet functions (:mod:`xlrating.udfs`).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
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
    from ..templates import CALCULATOR_TEMPLATE, MACRO_SYSTEM, write_calculator_template, write_template

    _unread(args)
    if args.system == "season":
        from .season import run_template

        return run_template(args)
    if args.system == "calculator":
        target = Path(args.output or CALCULATOR_TEMPLATE)
        _free([target], args.force)
        _wrote(write_calculator_template(target))
        return 0
    macro = args.macro or args.system in ("macro", "xlsm")
    system = MACRO_SYSTEM if args.system in ("macro", "xlsm") else args.system
    target = _target(args.output, system, macro)
    _free([target] + ([target.with_suffix(".py")] if macro else []), args.force)
    _wrote(write_template(system, target, macro=macro, blank=args.blank))
    return 0


def _unread(args: argparse.Namespace) -> None:
    """Refuse an option the template asked for does not read (it would be silently left out)."""
    if args.start_list and args.system != "season":
        raise ArgumentError("--list starts a season's Players sheet from an official list: use it with "
                            "'template season'")
    selection = [flag for flag, name in (("--federation", "federation"), ("--ids", "ids"), ("--date", "on"),
                                         ("--kind", "list_kind"), ("--db", "db"))
                 if getattr(args, name, None) is not None]
    if selection and not args.start_list:
        says = "says" if len(selection) == 1 else "say"
        raise ArgumentError(f"{', '.join(selection)} {says} which listed players start a season's Players "
                            "sheet: add --list SYSTEM (with 'template season')")
    if args.blank and args.system in ("season", "calculator"):
        raise ArgumentError(f"--blank leaves out a crosstable template's example event; 'template "
                            f"{args.system}' has no blank form")
    if args.macro and args.system == "calculator":
        raise ArgumentError("--macro writes a crosstable or season template with its macros; the calculators "
                            "are worksheet functions, in an .xlsx without macros")


def _target(output: str | None, system: str, macro: bool) -> Path:
    """The workbook to write: ``output``, else the template's own name."""
    from ..templates import TEMPLATE_FILES, macro_file

    if output:
        target = Path(output)
        if macro and target.suffix.lower() == ".xlsx":
            raise WorkbookError(f"{target}: a macro-enabled workbook must be saved as .xlsm")
        return target
    if macro:
        return Path(macro_file(system))
    return Path(TEMPLATE_FILES[system])


def _free(targets: list[Path], force: bool) -> None:
    """Every file checked before the first is written: writable, and not there unless ``force``."""
    from ..workbook import writable_target

    for path in targets:
        writable_target(path)
    existing = [str(t) for t in targets if t.exists()]
    if existing and not force:
        raise WorkbookError(
            f"{', '.join(existing)}: already exists; choose another name with -o or use --force")


def _wrote(paths: Iterable[Path]) -> None:
    for written in paths:
        print(f"Wrote {written}")
