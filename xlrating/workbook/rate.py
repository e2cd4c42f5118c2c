"""Rate a crosstable workbook file: load, read, rate, write back, save (the ``xlrating rate`` pipeline)."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

from ..crosstable import RatedWorkbook, rate_sheets
from ..crosstable.workbook import is_crosstable
from ..errors import CrosstableError, WorkbookError
from .book import Workbook, apply, load, read_grids, save_atomic


def rate_workbook(
    source: str | os.PathLike[str], *, today: date | None = None
) -> tuple[Workbook, RatedWorkbook]:
    """Load ``source``, rate every crosstable in it and write the outputs into the loaded copy.

    The file itself is not touched; save the returned workbook with :func:`save_atomic`.
    Raises :class:`~xlrating.errors.WorkbookError` when the file cannot be opened or has
    no crosstable sheet, and
    :class:`~xlrating.errors.CrosstableError` (title naming the file, every problem
    with its cell) when the crosstable has errors.
    """
    workbook = load(source)
    grids = read_grids(workbook)
    if not any(is_crosstable(name, grid) for name, grid in grids.items()):
        raise WorkbookError(
            f"{workbook.path}: has no crosstable: name a sheet 'Crosstable' and give it a header row "
            "with No, Name and the rounds (R1, R2, ...)")
    try:
        rated = rate_sheets(grids, today=today)
    except CrosstableError as error:
        title = error.title or "The crosstable has errors; nothing was rated or written."
        raise CrosstableError(error.problems, title=f"{workbook.path}: {title}") from None
    apply(workbook, rated.blocks, rated.added)
    return workbook, rated


def rate_file(source: str | os.PathLike[str], target: str | os.PathLike[str], *,
              today: date | None = None) -> RatedWorkbook:
    """Rate ``source`` and save the rated workbook to ``target`` (atomically); nothing is written on error."""
    workbook, rated = rate_workbook(source, today=today)
    save_atomic(workbook, Path(target))
    return rated
