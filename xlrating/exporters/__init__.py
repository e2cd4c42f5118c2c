"""Exporters: the files a director sends to the rating body, from a crosstable workbook.

The formats:

- ``trf``: a FIDE Tournament Report File, TRF16, as Swiss-Manager writes it (:mod:`.trf`);
- ``uscf``: what US Chess's rating system (MUIR) takes in its upload: the rating report
  files ``THEXPORT.DBF``, ``TSEXPORT.DBF`` and ``TDEXPORT.DBF``, as SwissSys and WinTD
  write them, in one folder (:mod:`.dbf`);
- ``dbf``: the same three files (the name kept from before MUIR).

The workbook is read and validated as ``xlrating rate`` reads it (:mod:`.source`): a
crosstable with errors is refused with every problem and its cell, and nothing is
written. Then the fields the receiving body requires are checked (:mod:`.checks`,
:data:`REQUIRED`): each blank one is named with its cell and nothing is written, unless
forced. The input workbook is only read, never changed.
"""

from __future__ import annotations

import os
import tempfile
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import _check
from ..errors import FormatError, Problem
from .checks import Check, MissingFieldsError, check_before_sending, missing_fields
from .dbf import USCF_CHECKS, Table, dropped, report_tables, write_tables
from .source import ExportEvent, read_event
from .trf import render_trf

__all__ = ["FORMATS", "REQUIRED", "ExportEvent", "MissingFieldsError", "MissingFieldsWarning",
           "Prepared", "export_beside", "export_workbook", "load_event", "prepare", "read_event",
           "render_trf", "report_tables", "write_prepared", "write_tables"]

#: The formats, by the name ``--to`` takes.
FORMATS: dict[str, str] = {
    "trf": "FIDE TRF16",
    "uscf": "US Chess rating report for MUIR's upload: THEXPORT, TSEXPORT, TDEXPORT (DBF)",
    "dbf": "US Chess rating report files (DBF), the same files as uscf",
}
#: The formats that write a folder of files (the others write one file).
FOLDER_FORMATS = frozenset({"uscf", "dbf"})

#: The checks before sending of each format: the fields its receiving body requires.
REQUIRED: dict[str, tuple[Check, ...]] = {
    "uscf": USCF_CHECKS,
    "dbf": USCF_CHECKS,
}


class MissingFieldsWarning(UserWarning):
    """An export was forced with fields its receiving body requires left blank."""


@dataclass(frozen=True)
class Prepared:
    """An export ready to write (:func:`prepare`): its content and what to say about it."""

    content: str | tuple[Table, ...]
    """The TRF text, or the DBF tables."""
    missing: tuple[Problem, ...] = ()
    """Required fields left blank, each at its cell (only when forced)."""
    notes: tuple[str, ...] = ()
    """What the workbook says and the format cannot hold."""


def prepare(event: ExportEvent, fmt: str, *, force: bool = False) -> Prepared:
    """``event`` as ``fmt``, checked before sending (:data:`REQUIRED`).

    Raises :class:`~xlrating.errors.FormatError` listing every problem, the event's
    misfits with the format and, unless ``force``, the missing fields too; with only
    missing fields, :class:`MissingFieldsError`. Forced, the missing fields are returned.
    """
    fmt = _check.choice("fmt", fmt, FORMATS)
    checks = REQUIRED.get(fmt, ())
    try:
        content: str | tuple[Table, ...] = render_trf(event) if fmt == "trf" else report_tables(event)
    except FormatError as error:
        missing = [] if force else missing_fields(event, checks)
        raise FormatError([*error.problems, *missing], title=error.title) from None
    found = check_before_sending(event, checks, FORMATS[fmt], force=force)
    return Prepared(content, tuple(found), tuple(dropped(event)) if fmt in FOLDER_FORMATS else ())


def write_prepared(prepared: Prepared, out: str | os.PathLike[str], *, force: bool = False) -> list[Path]:
    """Write what :func:`prepare` gave: the TRF file ``out``, or the DBF files into the folder ``out``."""
    if isinstance(prepared.content, str):
        return [write_text_atomic(prepared.content, out)]
    return write_tables(prepared.content, out, force=force)


def load_event(path: str | os.PathLike[str], *, sheets: Sequence[str] = ()) -> ExportEvent:
    """The event of the crosstable workbook ``path`` (``sheets``: only these crosstable sheets)."""
    from ..errors import CrosstableError
    from ..workbook import load, read_grids

    workbook = load(path)
    try:
        return read_event(read_grids(workbook), only=sheets)
    except CrosstableError as error:
        raise CrosstableError(error.problems, title=f"{workbook.path}: {error.title}") from None


def write_text_atomic(text: str, path: str | os.PathLike[str]) -> Path:
    """Write ``text`` (UTF-8, line endings as given) to ``path`` through a temporary file
    beside it, so a failure never leaves half a file."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=".xlrating-", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def export_workbook(
    path: str | os.PathLike[str],
    fmt: str,
    out: str | os.PathLike[str],
    *,
    sheets: Sequence[str] = (),
    force: bool = False,
) -> list[Path]:
    """Export the crosstable workbook ``path`` as ``fmt`` (``"trf"``, ``"uscf"`` or ``"dbf"``)
    to ``out`` (the TRF file; for US Chess the folder of the three files) and return the
    files written.

    ``sheets`` picks crosstable sheets by name (a TRF file holds one). Raises
    :class:`~xlrating.errors.CrosstableError` when the crosstable has errors,
    :class:`~xlrating.errors.FormatError` when the event does not fit the format and
    :class:`MissingFieldsError` when fields the rating body requires are blank; then
    nothing is written. ``force`` replaces existing files and writes despite missing
    fields, with a :class:`MissingFieldsWarning` naming each.
    """
    fmt = _check.choice("fmt", fmt, FORMATS)
    if not isinstance(out, (str, os.PathLike)):
        raise _check.fail("out", "a file or folder path", out)
    prepared = prepare(load_event(path, sheets=sheets), fmt, force=force)
    written = write_prepared(prepared, out, force=force)
    if prepared.missing:
        warnings.warn(MissingFieldsWarning("written with required fields missing: "
                                           + "; ".join(str(p) for p in prepared.missing)), stacklevel=2)
    return written


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem+suffix``, or ``stem-2+suffix`` and so on when taken: never over a file."""
    candidate, number = folder / f"{stem}{suffix}", 2
    while candidate.exists():
        candidate = folder / f"{stem}-{number}{suffix}"
        number += 1
    return candidate


def export_beside(event: ExportEvent, fmt: str, workbook: str | os.PathLike[str]) -> list[Path]:
    """Write ``event`` as ``fmt`` beside the workbook file ``workbook`` (what the macro does):
    ``NAME.trf``, or the folder ``NAME-uscf`` (``NAME-dbf``); a name already taken gets
    ``-2``, ``-3``… so nothing is ever replaced. A workbook never saved writes to the
    temporary folder. Fields the rating body requires and the workbook leaves blank
    raise :class:`MissingFieldsError` (nothing is written)."""
    prepared = prepare(event, fmt)
    source = Path(str(workbook))
    folder = source.parent if source.parent != Path(".") and source.parent.is_dir() else Path(
        tempfile.gettempdir())
    stem = source.stem if source.suffix else source.name
    if isinstance(prepared.content, str):
        return [write_text_atomic(prepared.content, free_path(folder, stem, ".trf"))]
    return write_tables(prepared.content, free_path(folder, f"{stem}-{fmt}", ""))
