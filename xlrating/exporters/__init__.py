"""Exporters: the files a director sends to the rating body, from a crosstable workbook.

The formats:

- ``trf``: a FIDE Tournament Report File, TRF-2026, as Swiss-Manager writes it (:mod:`.trf`);
- ``trf16``: the same in the 2016 edition, TRF16;
- ``uscf``: what US Chess's rating system (MUIR) takes in its upload: the rating report
  files ``THEXPORT.DBF``, ``TSEXPORT.DBF`` and ``TDEXPORT.DBF`` in US Chess's format 2C,
  as SwissSys and WinTD write them, in one folder (:mod:`.dbf`);
- ``dbf``: the same three files (the name from before MUIR).

The workbook is read and validated as ``xlrating rate`` reads it (:mod:`.source`): a
crosstable with errors is refused with every problem and its cell, and nothing is
written. Then each format's checks before sending (:data:`REQUIRED`, :mod:`.checks`) name
every field the receiving body requires that the workbook lacks, with its cell; nothing is
written unless ``force``. The input workbook is only read, never changed.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import _check
from ..errors import Problem, WorkbookError
from .checks import Check, MissingFieldsError
from .dbf import USCF_CHECKS, build_report, report_tables, write_tables
from .source import ExportEvent, read_event
from .trf import EDITIONS, render_trf, write_trf

__all__ = ["EDITIONS", "FOLDER_FORMATS", "FORMATS", "REQUIRED", "ExportEvent", "Exported",
           "MissingFieldsError", "build_report", "export", "export_beside", "export_workbook", "load_event",
           "read_event", "render_trf", "report_tables", "write_tables", "write_trf"]

#: The formats, by the name ``--to`` takes.
FORMATS: dict[str, str] = {
    "trf": "FIDE TRF-2026",
    "trf16": "FIDE TRF16",
    "uscf": "US Chess rating report for MUIR's upload: THEXPORT, TSEXPORT, TDEXPORT (DBF)",
    "dbf": "US Chess rating report files (DBF), the same files as uscf",
}
#: The formats that write a folder of files (the others write one file).
FOLDER_FORMATS = frozenset({"uscf", "dbf"})
#: Each format's checks before sending: the fields the receiving body requires (:mod:`.checks`).
REQUIRED: dict[str, tuple[Check, ...]] = {
    **{key: edition.required for key, edition in EDITIONS.items()},
    "uscf": USCF_CHECKS,
    "dbf": USCF_CHECKS,
}


@dataclass(frozen=True)
class Exported:
    """What an export wrote, and what the user should be told."""

    paths: tuple[Path, ...]
    warnings: tuple[str, ...] = ()
    """What the user should check before sending, each naming its cell where there is one: what
    the file cannot hold as the workbook says it (left out), or what was changed to fit.
    ``xlrating export`` prints each as a warning (an export has no information of its own to give:
    everything it says asks for a look)."""
    missing: tuple[Problem, ...] = ()
    """Required fields missing, written anyway (``force``)."""


def load_event(path: str | os.PathLike[str], *, sheets: Sequence[str] = ()) -> ExportEvent:
    """The event of the crosstable workbook ``path`` (``sheets``: only these crosstable sheets)."""
    return _load_event(path, sheets=sheets)[0]


def _load_event(path: str | os.PathLike[str], *, sheets: Sequence[str] = ()) -> tuple[ExportEvent, list[str]]:
    """:func:`load_event`, and a warning naming the formula cells it read as blank because the
    file holds no value for them (as ``xlrating rate`` names those it reads)."""
    from ..errors import CrosstableError
    from ..workbook import load, read_grids
    from ..workbook.rate import uncalculated_notes

    sheets = _check.texts("sheets", sheets, "a list of sheet names")
    workbook = load(path)
    try:
        event = read_event(read_grids(workbook), only=sheets)
    except CrosstableError as error:
        raise CrosstableError(error.problems, title=f"{workbook.path}: {error.title}") from None
    read = [(section.crosstable, section.extra_columns.values()) for section in event.sections]
    return event, uncalculated_notes(workbook, event.settings, read, again="export it again")


def write_text_atomic(text: str, path: str | os.PathLike[str]) -> Path:
    """Write ``text`` (UTF-8, line endings as given) to ``path`` through a temporary file
    beside it, so a failure never leaves half a file."""
    target = Path(path)
    if target.is_dir() or not target.parent.is_dir():  # (a raw IsADirectoryError or FileNotFoundError)
        raise WorkbookError(f"{target}: " + ("is a folder; name the file to write" if target.is_dir()
                                              else f"its folder {target.parent} does not exist"))
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
    """Export the crosstable workbook ``path`` as ``fmt`` (``"trf"``, ``"trf16"``, ``"uscf"`` or
    ``"dbf"``) to ``out`` (the TRF file; for US Chess the folder of the three files) and
    return the files written.

    ``sheets`` picks crosstable sheets by name (a TRF file holds one). Raises
    :class:`~xlrating.errors.CrosstableError` when the crosstable has errors and
    :class:`~xlrating.errors.FormatError` when the event does not fit the format; then
    nothing is written.
    """
    return list(export(path, fmt, out, sheets=sheets, force=force).paths)


def export(
    path: str | os.PathLike[str],
    fmt: str,
    out: str | os.PathLike[str],
    *,
    sheets: Sequence[str] = (),
    force: bool = False,
) -> Exported:
    """:func:`export_workbook`, answering with the warnings and the missing fields too.

    Raises :class:`MissingFieldsError` when a field the format requires is missing, unless
    ``force`` (which also replaces existing files).
    """
    fmt, force = _check.choice("fmt", fmt, FORMATS), _check.flag("force", force)
    if not isinstance(out, (str, os.PathLike)):
        raise _check.fail("out", "a file or folder path", out)
    event, blank = _load_event(path, sheets=sheets)
    if fmt in EDITIONS:
        written = write_trf(event, fmt, force=force)
        return Exported((write_text_atomic(written.text, out),), (*blank, *written.warnings), written.missing)
    report = build_report(event, force=force)
    return Exported(tuple(write_tables(report.tables, out, force=force)), (*blank, *report.warnings),
                    report.missing)


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem+suffix``, or ``stem-2+suffix`` and so on when taken: never over a file."""
    candidate, number = folder / f"{stem}{suffix}", 2
    while candidate.exists():
        candidate = folder / f"{stem}-{number}{suffix}"
        number += 1
    return candidate


def export_beside(event: ExportEvent, fmt: str, workbook: str | os.PathLike[str],
                  warnings: list[str] | None = None) -> list[Path]:
    """Write ``event`` as ``fmt`` beside the workbook file ``workbook`` (what the macro does):
    ``NAME.trf``, or the folder ``NAME-uscf`` (``NAME-dbf``); a name already taken gets
    ``-2``, ``-3``… so nothing is ever replaced. A workbook never saved writes to the
    temporary folder. A missing required field raises :class:`MissingFieldsError`
    (nothing is written). What the user should check (see :attr:`Exported.warnings`) is
    added to ``warnings``."""
    fmt = _check.choice("fmt", fmt, FORMATS)
    if not isinstance(workbook, (str, os.PathLike)):  # (None would write None.trf)
        raise _check.fail("workbook", "the workbook's path", workbook)
    said = warnings if warnings is not None else []
    source = Path(str(workbook))
    folder = source.parent if source.parent != Path(".") and source.parent.is_dir() else Path(
        tempfile.gettempdir())
    stem = source.stem if source.suffix else source.name
    if fmt in EDITIONS:
        written = write_trf(event, fmt)
        said.extend(written.warnings)
        return [write_text_atomic(written.text, free_path(folder, stem, ".trf"))]
    report = build_report(event)
    said.extend(report.warnings)
    return write_tables(report.tables, free_path(folder, f"{stem}-{fmt}", ""))
