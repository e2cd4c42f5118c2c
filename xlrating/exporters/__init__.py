"""Exporters: the files a director sends to the rating body, from a crosstable workbook.

Two formats:

- ``trf``: a FIDE Tournament Report File, TRF16, as Swiss-Manager writes it (:mod:`.trf`);
- ``dbf``: the US Chess rating report files ``THEXPORT.DBF``, ``TSEXPORT.DBF`` and
  ``TDEXPORT.DBF``, as SwissSys and WinTD write them, in one folder (:mod:`.dbf`).

The workbook is read and validated as ``xlrating rate`` reads it (:mod:`.source`): a
crosstable with errors is refused with every problem and its cell, and nothing is
written. The input workbook is only read, never changed.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from .. import _check
from .dbf import report_tables, write_tables
from .source import ExportEvent, read_event
from .trf import render_trf

__all__ = ["FORMATS", "ExportEvent", "export_beside", "export_workbook", "load_event", "read_event",
           "render_trf", "report_tables", "write_tables"]

#: The formats, by the name ``--to`` takes.
FORMATS: dict[str, str] = {
    "trf": "FIDE TRF16",
    "dbf": "US Chess rating report files (DBF)",
}


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
    """Export the crosstable workbook ``path`` as ``fmt`` (``"trf"`` or ``"dbf"``) to ``out``
    (the TRF file; for DBF the folder of the three files) and return the files written.

    ``sheets`` picks crosstable sheets by name (a TRF file holds one). Raises
    :class:`~xlrating.errors.CrosstableError` when the crosstable has errors and
    :class:`~xlrating.errors.FormatError` when the event does not fit the format; then
    nothing is written.
    """
    fmt = _check.choice("fmt", fmt, FORMATS)
    if not isinstance(out, (str, os.PathLike)):
        raise _check.fail("out", "a file or folder path", out)
    event = load_event(path, sheets=sheets)
    if fmt == "trf":
        text = render_trf(event)
        return [write_text_atomic(text, out)]
    return write_tables(report_tables(event), out, force=force)


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem+suffix``, or ``stem-2+suffix`` and so on when taken: never over a file."""
    candidate, number = folder / f"{stem}{suffix}", 2
    while candidate.exists():
        candidate = folder / f"{stem}-{number}{suffix}"
        number += 1
    return candidate


def export_beside(event: ExportEvent, fmt: str, workbook: str | os.PathLike[str]) -> list[Path]:
    """Write ``event`` as ``fmt`` beside the workbook file ``workbook`` (what the macro does):
    ``NAME.trf``, or the folder ``NAME-dbf``; a name already taken gets ``-2``, ``-3``… so
    nothing is ever replaced. A workbook never saved writes to the temporary folder."""
    fmt = _check.choice("fmt", fmt, FORMATS)
    source = Path(str(workbook))
    folder = source.parent if source.parent != Path(".") and source.parent.is_dir() else Path(
        tempfile.gettempdir())
    stem = source.stem if source.suffix else source.name
    if fmt == "trf":
        return [write_text_atomic(render_trf(event), free_path(folder, stem, ".trf"))]
    return write_tables(report_tables(event), free_path(folder, f"{stem}-dbf", ""))
