"""The ``xlrating`` command line.

Each subcommand lives in its own module here and provides ``register(subparsers)``,
which adds its parser and sets ``func`` (taking the parsed arguments, returning the
exit status). ``main`` turns any :class:`~xlrating.errors.XlratingError` into a clear
message on stderr and exit status 1 (as it does any ``OSError`` about a file): a user
never sees a traceback for bad input. A list of problems is cut after
:data:`MAX_LISTED` lines, with the count of the rest. Ctrl+C (or a ``SIGTERM``) stops a
run with one line and exit status 130; the files being written are removed, so nothing
is left half written.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import signal
import sys
from collections.abc import Iterator, Sequence
from types import FrameType

from .. import __version__
from ..errors import InputError, XlratingError

#: The most problems printed for one error; the rest are counted.
MAX_LISTED = 100

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS: tuple[str, ...] = ("rate", "season", "report", "import_", "export", "template", "lists", "fill",
                             "demo", "lite")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand; with ``command``, only that subcommand's arguments.

    Each subcommand module imports what it needs when it registers its arguments or runs
    (openpyxl, the rating engines...), so ``xlrating --help``, ``--version`` and a
    mistyped command start fast: the other subcommands are listed by their ``HELP`` line.
    """
    parser = argparse.ArgumentParser(
        prog="xlrating",
        description="Rate chess events (US Chess, FIDE, Irish Chess Union) in Excel workbooks.",
    )
    parser.add_argument("--version", action="version", version=f"xlrating {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"{__name__}.{name}")
        listed: dict[str, str] | None = getattr(module, "HELP", None)  # a module without: registered whole
        if command is None or listed is None or command in listed:
            module.register(subparsers)
        else:
            for word, text in listed.items():
                subparsers.add_parser(word, help=text)
    return parser


def chosen_command(argv: Sequence[str]) -> str:
    """The subcommand ``argv`` names (its first word that is not an option), or ``""``: the
    options before it (``--help``, ``--version``) take no value."""
    return next((word for word in argv if not word.startswith("-")), "")


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        parser = build_parser(chosen_command(words))
        args = parser.parse_args(words)
    except KeyboardInterrupt:  # while starting: nothing was written yet
        print("xlrating: interrupted before anything was done", file=sys.stderr)
        return 130
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        with _terminate_as_interrupt():
            status: int = args.func(args)
    except KeyboardInterrupt:
        print("xlrating: interrupted; files the run had not finished writing were removed", file=sys.stderr)
        return 130
    except InputError as error:
        if error.title:
            print(error.title, file=sys.stderr)
        problems = list(error.problems)
        for problem in problems[:MAX_LISTED]:
            print(f"  {problem}", file=sys.stderr)
        if len(problems) > MAX_LISTED:
            print(f"  ... and {len(problems) - MAX_LISTED} more", file=sys.stderr)
        return 1
    except MemoryError:
        print("xlrating: out of memory; no file was written", file=sys.stderr)
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


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While the command runs, ``SIGTERM`` (``kill``) stops it as Ctrl+C does, cleanup included."""
    def interrupt(number: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except (ValueError, OSError):  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
