"""Argument types the subcommands share."""

from __future__ import annotations

import argparse


def path_arg(text: str) -> str:
    """A file or folder name from the command line: not empty, no NUL character.

    argparse turns the refusal into a usage message and exit status 2.
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty file name")
    if "\0" in text:
        raise argparse.ArgumentTypeError(f"{text!r}: a file name cannot hold a NUL character")
    return text


def name_arg(text: str) -> str:
    """A name from the command line (a list's kind, a rating system, a player's ID): not blank,
    which would otherwise be read as the option left out."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: leave the option out for its default")
    return text


def ids_arg(text: str) -> str:
    """A list of IDs, ``ID,ID,...``: at least one (``""`` or ``,`` would be read as none given)."""
    if not text.replace(";", ",").replace(",", " ").strip():
        raise argparse.ArgumentTypeError(f"{text!r} names no ID: give ID,ID,... or leave the option out")
    return text


def add_output_options(parser: argparse.ArgumentParser, what: str, report: str) -> None:
    """``IN.xlsx``, ``-o``/``--in-place`` and ``--report`` of the commands that rate a workbook
    (``rate``, ``season``): ``what`` names the input, ``report`` what the report holds."""
    parser.add_argument("input", metavar="IN.xlsx", type=path_arg, help=f"the {what} (.xlsx or .xlsm)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("-o", "--output", metavar="OUT.xlsx", type=path_arg,
                       help="where to write the rated workbook (default: IN-rated.xlsx beside the input)")
    where.add_argument("--in-place", action="store_true",
                       help="overwrite the input workbook with the rated one")
    parser.add_argument("--report", metavar="REPORT.xlsx", type=path_arg,
                        help=f"also write {report} to REPORT.xlsx")
