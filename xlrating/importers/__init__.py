"""Importers: bring an event from another program's format into a crosstable workbook.

Three formats (rules-beyond-seeds.md describes them):

- ``msa``: US Chess crosstable text, as copied from the member site (:mod:`.msa`);
- ``trf``: a FIDE TRF16 file (:mod:`.trf`);
- ``dbf``: the US Chess rating report files ``THEXPORT``, ``TSEXPORT``, ``TDEXPORT`` that
  SwissSys and WinTD write, in one folder (:mod:`.dbf`).

Each reader answers with an :class:`ImportedEvent` (the ``Event`` settings and one
crosstable sheet per section, in the columns and result codes of spec/crosstable.md),
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
from .dbf import read_dbf
from .detect import FORMATS, detect_format, detect_text
from .model import Cell, ImportedEvent, ImportedSheet
from .msa import parse_msa, read_msa
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
    "parse_trf",
    "read_dbf",
    "read_msa",
    "read_trf",
]

_READERS = {"msa": read_msa, "trf": read_trf, "dbf": read_dbf}


def import_file(
    path: str | os.PathLike[str], fmt: str | None = None, *, sections: Sequence[str] | None = None
) -> ImportedEvent:
    """Read ``path`` as format ``fmt`` (``"msa"``, ``"trf"``, ``"dbf"``; guessed from the
    content when ``None``). ``sections`` imports only the sections so named (MSA, DBF).

    Raises :class:`~xlrating.errors.FormatError` listing every problem found.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise _check.fail("path", "a file or folder path", path)
    if fmt is not None:
        fmt = _check.choice("fmt", fmt, FORMATS)
    if sections is not None and (isinstance(sections, str)
                                 or not all(isinstance(name, str) for name in sections)):
        raise _check.fail("sections", "a list of section names", sections)
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
    use`` sheet saying where the event came from and what the importer decided.
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
    if event.notes:
        how_to += ["", "What the import decided:", *(f"- {note}" for note in event.notes)]
    write_new_workbook(
        out,
        event=event.event,
        sheets=[NewSheet(s.name, s.header, s.rows) for s in event.sheets],
        how_to=how_to,
    )
    return event
