"""Crosstable workbooks: read a crosstable's values, rate the event, render the outputs.

This is the pure core behind the macro, the command line and the Excel functions. It
works on *grids* (a sheet's values from A1, row-major) and never touches a workbook:
the adapters read the grids, call :func:`rate_sheets`, and write the returned
:class:`Block` rectangles back.

What users see is described in the README and ``docs/``: the ``Event`` settings sheet,
the ``Crosstable`` sheet (header row, aliases, result codes), the output columns, and
the rule that a crosstable with errors is never rated in part
(:class:`~xlrating.errors.CrosstableError` lists every problem with its cell).
"""

from __future__ import annotations

from .model import (
    AddedColumns,
    Block,
    Code,
    Crosstable,
    EventSettings,
    Grid,
    OtherRating,
    PlayerRow,
    RatedEvent,
    RatedWorkbook,
    RoundCell,
)
from .parse import parse_crosstable
from .rate import rate_crosstable, rate_grid
from .render import render
from .settings import parse_settings
from .workbook import rate_sheets

__all__ = [
    "AddedColumns",
    "Block",
    "Code",
    "Crosstable",
    "EventSettings",
    "Grid",
    "OtherRating",
    "PlayerRow",
    "RatedEvent",
    "RatedWorkbook",
    "RoundCell",
    "parse_crosstable",
    "parse_settings",
    "rate_crosstable",
    "rate_grid",
    "rate_sheets",
    "render",
]
