"""The ``xlrating`` command line.

Each subcommand lives in its own module here and provides ``register(subparsers)``,
which adds its parser and sets ``func`` (taking the parsed arguments, returning the
exit status). ``main`` turns any :class:`~xlrating.errors.XlratingError` into a clear
message on stderr and exit status 1 (as it does any ``OSError`` about a file): a user
never sees a traceback for bad input.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import InputError, XlratingError

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS: tuple[str, ...] = ("rate", "season", "report", "import_", "template", "demo")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="xlrating",
        description="Rate chess events (US Chess, FIDE, Irish Chess Union) in Excel workbooks.",
    )
    parser.add_argument("--version", action="version", version=f"xlrating {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        status: int = args.func(args)
    except InputError as error:
        if error.title:
            print(error.title, file=sys.stderr)
        for problem in error.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    except XlratingError as error:
        print(f"xlrating: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        # A file the system refused (name too long, permissions changed mid-run...): the
        # subcommands check their files first, this is the last line of defence.
        where = f"{error.filename}: " if error.filename else ""
        print(f"xlrating: {where}{error.strerror or error}", file=sys.stderr)
        return 1
    return status
