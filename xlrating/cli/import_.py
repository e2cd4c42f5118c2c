"""``xlrating import FILE [--from msa|trf|dbf|pgn] [-o OUT.xlsx]``: an event from another format.

``import`` is a Python keyword, so this module is ``import_``; the command is ``import``.
FILE is US Chess crosstable text (``msa``), a FIDE TRF-2026 or TRF16 file (``trf``), the folder of
US Chess rating report files (``dbf``) or a PGN file of the event's games (``pgn``); the
format is guessed from the content when ``--from`` is left out. Nothing is written when
the file has problems: every problem is listed with its file and line (or record), exit
status 1. What the import decided is printed on stderr: information as ``xlrating: note:``,
what to check before rating (no dates, a default taken, a line left out) as
``xlrating: warning:``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import WorkbookError
from ._args import path_arg
from ._output import inform, warn

#: The subcommands this module registers, with their one-line help (``xlrating --help``).
HELP = {"import": "turn US Chess crosstable text, a FIDE TRF file, US Chess DBF report files or PGN games "
                  "into a workbook"}


def register(subparsers: Any) -> argparse.ArgumentParser:
    from ..importers import FORMATS

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "import",
        help=HELP["import"],
        description="Import an event as a crosstable workbook, which 'xlrating rate' then rates. FILE is US "
        "Chess crosstable text copied from the member site (msa), a FIDE TRF-2026 or TRF16 file (trf), or "
        "the folder holding THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF (dbf), or a PGN file of the event's "
        "games (pgn). Nothing is written when FILE has problems; every problem is listed with its line or "
        "record (exit status 1).",
    )
    parser.add_argument("file", metavar="FILE", type=path_arg,
                        help="the file to import (for dbf: the folder of the three files)")
    parser.add_argument("--from", dest="fmt", type=str.lower, choices=tuple(FORMATS),
                        help="the format: " + ", ".join(f"{k} ({v})" for k, v in FORMATS.items())
                        + "; guessed from the content when left out")
    parser.add_argument("-o", "--output", metavar="OUT.xlsx", type=path_arg,
                        help="the workbook to write (default: FILE's name with .xlsx, beside it)")
    parser.add_argument("--section", action="append", metavar="NAME", dest="sections",
                        help="import only this section (msa, dbf; by name, number or sheet name); repeat "
                        "for more. Sections rated under different rating systems need separate workbooks")
    parser.add_argument("--force", action="store_true", help="overwrite OUT.xlsx if it exists")
    parser.set_defaults(func=run)
    return parser


def output_path(source: Path, output: str | None) -> Path:
    """``-o``, else FILE's name with ``.xlsx`` beside it (a folder: ``FOLDER.xlsx`` beside it)."""
    if output:
        return Path(output)
    if source.is_dir():
        resolved = source.resolve()
        return resolved.parent / f"{resolved.name}.xlsx"
    return source.with_suffix(".xlsx")


def run(args: argparse.Namespace) -> int:
    from ..importers import FORMATS, import_to_workbook
    from ..workbook import same_file, writable_target

    source = Path(args.file)
    target = output_path(source, args.output)
    if same_file(target, source):
        raise WorkbookError(f"{target}: is the file being imported; choose another name with -o")
    if target.exists() and not args.force:
        raise WorkbookError(f"{target}: already exists; choose another name with -o or use --force")
    writable_target(target)
    event = import_to_workbook(source, target, args.fmt, sections=args.sections)
    sections = ", ".join(f"{s.name} ({len(s.rows)} players)" for s in event.sheets)
    print(f"Imported {event.source} ({FORMATS[event.format]}): {sections}")
    print(f"Wrote {target}")
    inform(event.notes)
    warn(event.warnings)
    return 0
