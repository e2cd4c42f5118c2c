"""Rate a crosstable workbook file: load, read, rate, write back, save (the ``xlrating rate`` pipeline)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

from .. import systems
from ..crosstable import AddedColumns, Block, Crosstable, EventSettings, Grid, RatedWorkbook, rate_sheets
from ..crosstable.columns import fold, input_column, round_number
from ..crosstable.parse import REQUIRED
from ..crosstable.values import address
from ..crosstable.workbook import CROSSTABLE_SHEET, SETTINGS_SHEET, is_crosstable, overlay
from ..errors import CrosstableError, Problem
from .book import Workbook, apply, formulas_filled, load, save_atomic, uncalculated_formulas

#: What may change the sheets' values before they are rated (the fill from an official list):
#: the grids in, the cells to write first and the columns they add out.
Prepare = Callable[[Mapping[str, Grid]], tuple[Sequence[Block], Sequence[AddedColumns]]]


def rate_workbook(
    source: str | os.PathLike[str], *, today: date | None = None, explain: bool = True,
    prepare: Prepare | None = None,
) -> tuple[Workbook, RatedWorkbook]:
    """Load ``source``, rate every crosstable in it and write the outputs into the loaded copy.

    ``explain=False`` rates with no steps and no game lines (the same outputs; nothing for a
    report). ``prepare`` gives cells to write before the rating (``rate --list``: the fill);
    the rating reads the sheets with them written. The file itself is not touched; save the
    returned workbook with :func:`save_atomic`.
    Raises :class:`~xlrating.errors.WorkbookError` when the file cannot be opened, and
    :class:`~xlrating.errors.CrosstableError` (title naming the file, every problem
    with its cell) when the crosstable has errors or there is none (with the Event sheet's).
    """
    workbook = load(source)
    grids = read_for_rating(workbook)
    try:
        before, added = prepare(grids) if prepare is not None else ((), ())
        refuse_formulas_filled(workbook, before)
        rated = rate_sheets(overlay(grids, before) if before else grids, today=today, explain=explain)
    except CrosstableError as error:
        title = error.title or "The crosstable has errors; nothing was rated or written."
        raise CrosstableError(error.problems, title=f"{workbook.path}: {title}") from None
    apply(workbook, (*before, *rated.blocks), (*added, *rated.added))
    rated = replace(rated, warnings=(*rated.warnings,
                                     *(Problem("", note) for note in _uncalculated_notes(workbook, rated))))
    workbook.notes.extend(str(warning) for warning in rated.warnings)
    return workbook, rated


def refuse_formulas_filled(workbook: Workbook, blocks: Sequence[Block]) -> None:
    """Raise :class:`~xlrating.errors.CrosstableError` naming each formula cell a fill would write
    (:func:`~xlrating.workbook.book.formulas_filled`): nothing is filled."""
    refuse_filled(formulas_filled(workbook, blocks))


def refuse_filled(problems: Sequence[Problem]) -> None:
    """Raise :class:`~xlrating.errors.CrosstableError` for the formula cells a fill would write
    (``problems``, one a cell), if any: nothing is filled."""
    if problems:
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        raise CrosstableError(problems, title=f"Nothing was filled: {count}.")


def read_for_rating(workbook: Workbook) -> dict[str, list[list[Any]]]:
    """The sheets' values as the rating needs them, each sheet read only as far as it must be.

    The ``Event`` sheet and every crosstable are read whole. Any other sheet is read down
    to its header row (its first row with a ``Name`` cell), which decides whether it is a
    crosstable; one that is not (a list of players, notes) is read no further, however
    long it is.
    """
    grids: dict[str, list[list[Any]]] = {}
    for name in workbook.sheetnames:
        if fold(name) in (fold(SETTINGS_SHEET), fold(CROSSTABLE_SHEET)):
            grids[name] = workbook.read(name).grid
            continue
        header = workbook.read(name, until_header=_is_header).grid
        grids[name] = workbook.read(name).grid if is_crosstable(name, header) else header
    return grids


def _is_header(value: Any) -> bool:
    """Whether ``value`` names the ``Name`` column: the row holding it is a sheet's header row."""
    return bool(input_column(value) == "Name")


#: How many cells a note lists before it says "and N more".
_LISTED = 8


def _uncalculated_notes(workbook: Workbook, rated: RatedWorkbook) -> list[str]:
    """A note naming the formula cells the rating read as blank because they hold no value.

    Only the cells the rating reads count: the Event sheet's values (column B) and, in
    each crosstable, the player rows' cells of the columns its system reads.
    """
    settings = rated.events[0].settings if rated.events else None
    return uncalculated_notes(workbook, settings, [(event.crosstable, ()) for event in rated.events])


def uncalculated_notes(workbook: Workbook, settings: EventSettings | None,
                       crosstables: Iterable[tuple[Crosstable, Iterable[int]]], *,
                       again: str = "rate it again") -> list[str]:
    """A note naming the formula cells read as blank because they hold no value, among the cells
    read: the ``settings`` sheet's values (column B) and, in each crosstable, the player rows'
    cells of the columns its system reads and of the other columns given (1-based: what an
    export reads besides). ``again``: what the note asks for once the file is saved by Excel."""
    formulas = uncalculated_formulas(workbook)
    if not formulas:
        return []
    read: list[str] = []
    if settings is not None:
        read += [address(settings.sheet, row, column) for row, column in formulas.get(settings.sheet, [])
                 if column == 2]
    for crosstable, others in crosstables:
        wanted = systems.get(crosstable.settings.system).columns | set(REQUIRED)
        columns = {c for name, c in crosstable.columns.items() if name in wanted or round_number(name)}
        columns |= set(others)
        for row, column in formulas.get(crosstable.sheet, []):
            if crosstable.header_row < row <= crosstable.last_row and column in columns:
                read.append(address(crosstable.sheet, row, column))
    if not read:
        return []
    listed = ", ".join(read[:_LISTED]) + (f" and {len(read) - _LISTED} more" if len(read) > _LISTED else "")
    cells = f"{len(read)} formula cell{'s' if len(read) != 1 else ''}"
    return [f"{cells} without a value (empty, or never calculated) read as blank: {listed}. If the file was "
            f"written by a program that does not calculate formulas, open it in Excel (or LibreOffice), "
            f"save it and {again}."]


def rate_file(source: str | os.PathLike[str], target: str | os.PathLike[str], *,
              today: date | None = None) -> RatedWorkbook:
    """Rate ``source`` and save the rated workbook to ``target`` (atomically); nothing is written on error."""
    workbook, rated = rate_workbook(source, today=today)
    save_atomic(workbook, Path(target))
    return rated
