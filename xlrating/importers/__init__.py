"""Importers: bring an event from another program's format into a crosstable workbook.

Four formats (docs/files.md describes what is read):

- ``msa``: US Chess crosstable text, as copied from the member site (:mod:`.msa`);
- ``trf``: a FIDE TRF file, TRF-2026 or TRF16 (:mod:`.trf`);
- ``dbf``: the US Chess rating report files ``THEXPORT``, ``TSEXPORT``, ``TDEXPORT`` that
  SwissSys and WinTD write, in one folder (:mod:`.dbf`);
- ``pgn``: the games of an event, read by their tag pairs (:mod:`.pgn`).

Each reader answers with an :class:`ImportedEvent` (the ``Event`` settings and one
crosstable sheet per section, in the crosstable's columns and result codes),
or raises :class:`~xlrating.errors.FormatError` listing every problem found, each
naming the file and line or record. :func:`import_to_workbook` writes the event as a
new crosstable workbook, which ``xlrating rate`` then rates: an import is checked by
the same validation as a hand-made crosstable.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from .. import _check
from ..errors import FormatError, Problem
from ._common import _ILLEGAL, sections_arg
from .dbf import read_dbf
from .detect import FORMATS, detect_format, detect_text
from .model import Cell, ImportedEvent, ImportedSheet
from .msa import parse_msa, read_msa
from .pgn import parse_pgn, read_pgn
from .trf import parse_trf, read_trf

__all__ = [
    "FORMATS",
    "Cell",
    "ImportedEvent",
    "ImportedSheet",
    "detect_format",
    "detect_text",
    "import_file",
    "import_to_workbook",
    "parse_msa",
    "parse_pgn",
    "parse_trf",
    "read_dbf",
    "read_msa",
    "read_pgn",
    "read_trf",
]

_READERS = {"msa": read_msa, "trf": read_trf, "dbf": read_dbf, "pgn": read_pgn}


def import_file(
    path: str | os.PathLike[str], fmt: str | None = None, *, sections: Sequence[str] | None = None
) -> ImportedEvent:
    """Read ``path`` as format ``fmt`` (``"msa"``, ``"trf"``, ``"dbf"``, ``"pgn"``; guessed from the
    content when ``None``). ``sections`` imports only the sections so named (MSA, DBF).

    Raises :class:`~xlrating.errors.FormatError` listing every problem found.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise _check.fail("path", "a file or folder path", path)
    if fmt is not None:
        fmt = _check.choice("fmt", fmt, FORMATS)
    sections = sections_arg(sections)
    source = Path(path)
    chosen = fmt or detect_format(source)
    return _READERS[chosen](source, sections=sections)


def import_to_workbook(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str],
    fmt: str | None = None,
    *,
    sections: Sequence[str] | None = None,
) -> ImportedEvent:
    """Import ``path`` (see :func:`import_file`) and write it as a new crosstable workbook
    ``out`` (an ``.xlsx``; written atomically, so a failure leaves no file behind).

    The workbook has one crosstable sheet per section, the ``Event`` sheet, and a ``How to
    use`` sheet saying where the event came from, what to check (the event's
    :attr:`~ImportedEvent.warnings`) and what the importer decided (its notes).
    Returns the imported event.
    """
    from ..workbook import NewSheet, write_new_workbook

    if not isinstance(out, (str, os.PathLike)):
        raise _check.fail("out", "a workbook path", out)
    event = import_file(path, fmt, sections=sections)
    how_to = [
        f"Imported from {event.source} ({FORMATS[event.format]}) by xlrating import",
        "",
        "Check the Event sheet (system, rating system, dates), then rate the workbook:",
        f"    xlrating rate {Path(out).name}",
        "(or with the one-click macro). Every problem is listed with its cell; nothing is rated until "
        "the crosstable is right.",
    ]
    if event.warnings:
        how_to += ["", "What to check before rating:", *(f"- {warning}" for warning in event.warnings)]
    if event.notes:
        how_to += ["", "What the import decided:", *(f"- {note}" for note in event.notes)]
    check_cells(event, how_to)
    write_new_workbook(
        out,
        event=event.event,
        sheets=[NewSheet(s.name, s.header, s.rows) for s in event.sheets],
        how_to=how_to,
    )
    return event


def check_cells(event: ImportedEvent, how_to: Sequence[str] = ()) -> None:
    """Refuse, naming each cell, text a workbook cannot hold (control characters, U+FFFE,
    U+FFFF, lone surrogates) anywhere in what is about to be written.

    The readers refuse such text where they read it, naming the line; this last check
    makes sure no path writes a workbook that Excel would call damaged.
    """
    from openpyxl.utils import get_column_letter

    problems: list[Problem] = []

    def check(where: str, value: object) -> None:
        if isinstance(value, str) and (bad := _ILLEGAL.search(value)):
            problems.append(Problem(where, f"{value[:60]!r} contains U+{ord(bad[0]):04X}, a character an "
                                           "Excel workbook cannot hold"))

    for row, (name, value) in enumerate(event.event, start=2):
        check(f"Event!A{row}", name)
        check(f"Event!B{row}", value)
    for sheet in event.sheets:
        check(f"sheet name {sheet.name!r}", sheet.name)
        for r, values in enumerate((sheet.header, *sheet.rows), start=1):
            for c, value in enumerate(values, start=1):
                check(f"{sheet.name}!{get_column_letter(c)}{r}", value)
    for r, line in enumerate(how_to, start=1):
        check(f"How to use!A{r}", line)
    if problems:
        raise FormatError(problems, title=f"Cannot import {event.source}: nothing was written")
