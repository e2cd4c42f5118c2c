"""``xlrating export IN.xlsx --to trf|dbf [-o OUT]``: the files a director sends to the rating body.

``--to trf`` writes a FIDE TRF16 file (default: IN's name with ``.trf``, beside it);
``--to dbf`` writes US Chess's THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF into a
folder (default: a folder named after IN with ``-dbf``, beside it). The crosstable is
validated as ``xlrating rate`` validates it: with errors, every problem is listed with
its cell, nothing is written and the exit status is 1. Existing files are replaced
only with ``--force``; the workbook itself is never changed.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import WorkbookError
from ._args import path_arg

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"export": "write a FIDE TRF file or US Chess DBF report files from a crosstable workbook"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    from ..exporters import FORMATS

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "export",
        help=HELP["export"],
        description="Write the files a director sends to the rating body from a crosstable workbook: a "
        "FIDE TRF16 file (trf), or US Chess's THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF (dbf). The "
        "crosstable is checked as 'xlrating rate' checks it; with errors nothing is written and every "
        "problem is listed with its cell (exit status 1).",
    )
    parser.add_argument("file", metavar="IN.xlsx", type=path_arg, help="the crosstable workbook")
    parser.add_argument("--to", dest="fmt", type=str.lower, choices=tuple(FORMATS), required=True,
                        help="the format: " + ", ".join(f"{k} ({v})" for k, v in FORMATS.items()))
    parser.add_argument("-o", "--output", metavar="OUT", type=path_arg,
                        help="trf: the file to write (default: IN.trf beside IN); dbf: the folder the three "
                        "files go into, created if missing (default: IN-dbf beside IN)")
    parser.add_argument("--sheet", action="append", metavar="NAME", dest="sheets", default=[],
                        help="export only this crosstable sheet (a TRF file holds one section); repeat for "
                        "more (dbf)")
    parser.add_argument("--force", action="store_true", help="replace files that already exist")
    parser.set_defaults(func=run)
    return parser


def output_path(source: Path, fmt: str, output: str | None) -> Path:
    """``-o``, else ``IN.trf`` or the folder ``IN-dbf`` beside IN."""
    if output:
        return Path(output)
    return source.with_suffix(".trf") if fmt == "trf" else source.with_name(f"{source.stem}-dbf")


def run(args: argparse.Namespace) -> int:
    from ..exporters import FORMATS, export_workbook
    from ..workbook import same_file, writable_target

    source = Path(args.file)
    target = output_path(source, args.fmt, args.output)
    if same_file(target, source):
        raise WorkbookError(f"{target}: is the workbook being exported; choose another name with -o")
    if args.fmt == "trf":
        if target.exists() and not args.force:
            raise WorkbookError(f"{target}: already exists; choose another name with -o or use --force")
        writable_target(target)
    elif not target.parent.is_dir():
        raise WorkbookError(f"{target}: folder {target.parent} does not exist")
    written = export_workbook(source, args.fmt, target, sheets=args.sheets, force=args.force)
    print(f"Exported {source.name} ({FORMATS[args.fmt]}):")
    for path in written:
        print(f"Wrote {path}")
    return 0
