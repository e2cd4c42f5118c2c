"""``xlrating export IN.xlsx --to FORMAT [-o OUT]``: the files a director sends to the rating body.

``--to trf`` writes a FIDE TRF-2026 file, ``--to trf16`` the 2016 edition (default: IN's
name with ``.trf``, beside it); ``--to uscf`` writes what US Chess's rating system (MUIR)
takes in its upload, THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF, into a folder
(default: a folder named after IN with ``-uscf``, beside it); ``--to dbf`` writes the
same files (folder ``-dbf``). The crosstable is validated as ``xlrating rate`` validates
it: with errors, every problem is listed with its cell, nothing is written and the exit
status is 1. Then the checks before sending name every field the receiving body requires
that the workbook lacks (exit status 1, nothing written). ``--force`` writes anyway
(a warning for each field missing) and replaces existing files; the workbook itself is never
changed. What the file cannot hold as the workbook says it, or holds changed, is printed on
stderr as ``xlrating: warning:``, each with its cell.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import WorkbookError
from ._args import path_arg
from ._output import warn

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"export": "write a FIDE TRF file or US Chess's rating report files from a crosstable workbook"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    from ..exporters import FORMATS

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "export",
        help=HELP["export"],
        description="Write the files a director sends to the rating body from a crosstable workbook: a "
        "FIDE TRF-2026 file (trf) or TRF16 file (trf16), or what US Chess's rating system (MUIR) takes in "
        "its upload, THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF (uscf; dbf writes the same files). US "
        "Chess requires Affiliate ID, Chief TD ID, City, State, ZIP, Country, the dates and Time control "
        "on the Event sheet. The crosstable is checked as 'xlrating rate' checks it, then for the fields "
        "the rating body requires; with errors or missing fields nothing is written and every problem is "
        "listed with its cell (exit status 1).",
    )
    parser.add_argument("file", metavar="IN.xlsx", type=path_arg, help="the crosstable workbook")
    parser.add_argument("--to", dest="fmt", type=str.lower, choices=tuple(FORMATS), required=True,
                        help="the format: " + ", ".join(f"{k} ({v})" for k, v in FORMATS.items()))
    parser.add_argument("-o", "--output", metavar="OUT", type=path_arg,
                        help="trf, trf16: the file to write (default: IN.trf beside IN); uscf, dbf: the "
                        "folder the three files go into, created if missing (default: IN-uscf or IN-dbf "
                        "beside IN)")
    parser.add_argument("--sheet", action="append", metavar="NAME", dest="sheets", default=[],
                        help="export only this crosstable sheet (a TRF file holds one section); repeat for "
                        "more (uscf, dbf)")
    parser.add_argument("--force", action="store_true", help="write even when fields the rating body "
                        "requires are missing (they are listed), and replace files that already exist")
    parser.set_defaults(func=run)
    return parser


def output_path(source: Path, fmt: str, output: str | None) -> Path:
    """``-o``, else ``IN.trf`` or the folder ``IN-uscf`` (``IN-dbf``) beside IN."""
    from ..exporters import FOLDER_FORMATS

    if output:
        return Path(output)
    return source.with_name(f"{source.stem}-{fmt}") if fmt in FOLDER_FORMATS else source.with_suffix(".trf")


def run(args: argparse.Namespace) -> int:
    from ..exporters import FOLDER_FORMATS, FORMATS, export
    from ..workbook import same_file, writable_target

    source = Path(args.file)
    target = output_path(source, args.fmt, args.output)
    if same_file(target, source):
        raise WorkbookError(f"{target}: is the workbook being exported; choose another name with -o")
    if args.fmt not in FOLDER_FORMATS:
        if target.exists() and not args.force:
            raise WorkbookError(f"{target}: already exists; choose another name with -o or use --force")
        writable_target(target)
    elif not target.parent.is_dir():
        raise WorkbookError(f"{target}: folder {target.parent} does not exist")
    exported = export(source, args.fmt, target, sheets=args.sheets, force=args.force)
    print(f"Exported {source.name} ({FORMATS[args.fmt]}):")
    for path in exported.paths:
        print(f"Wrote {path}")
    warn(f"written with --force, a required field missing: {problem}" for problem in exported.missing)
    warn(exported.warnings)
    return 0
