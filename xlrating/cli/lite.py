"""``xlrating lite [-o main.py] [--force]``: the ``main.py`` that puts xlrating into xlwings Lite."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import WorkbookError
from ._args import path_arg

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"lite": "print the main.py that puts xlrating's functions and scripts into xlwings Lite"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    from ..excel.lite import REQUIREMENT

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "lite",
        help=HELP["lite"],
        description="Print (or write with -o) the main.py to paste into the xlwings Lite editor: it imports "
        "every worksheet function (from xlrating.udfs import *) and every script (rate_crosstable ...). "
        f"Lite's requirements.txt needs the line '{REQUIREMENT}' (before xlrating is on PyPI: the address "
        "of its wheel, given in the setup guide).",
    )
    parser.add_argument("-o", "--output", metavar="main.py", type=path_arg,
                        help="write the file instead of printing it")
    parser.add_argument("--force", action="store_true", help="overwrite the file if it exists")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from ..excel.lite import main_py
    from ..workbook import writable_target

    text = main_py()
    if not args.output:
        print(text, end="")
        return 0
    target = Path(args.output)
    writable_target(target)
    if target.exists() and not args.force:
        raise WorkbookError(f"{target}: already exists; choose another name with -o or use --force")
    target.write_text(text, encoding="utf-8")
    print(f"Wrote {target}")
    return 0
