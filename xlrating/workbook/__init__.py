"""Crosstable workbooks on disk: open safely, read values, write back, save.

The rating core (:mod:`xlrating.crosstable`) never sees a file: :func:`read_grids`
hands it sheets' values (streamed, bounded by the cells that hold one), :func:`apply`
records the blocks it returns, and :func:`save_atomic` saves the result, editing only
the sheets written to and copying every other part of the file unchanged, without ever
leaving half a file behind. :func:`write_new_workbook` writes a fresh crosstable
workbook with openpyxl (the templates and the importers use it).
"""

from __future__ import annotations

from .book import (
    SheetsOnDemand,
    Workbook,
    add_sheets,
    apply,
    formulas_filled,
    load,
    lost_features,
    read_grids,
    same_file,
    save_atomic,
    save_workbook_atomic,
    stage_workbook,
    uncalculated_formulas,
    writable_target,
)
from .new import EVENT_SHEET, SETTING_CHOICES, NewSheet, fill_new_workbook, write_new_workbook
from .rate import rate_file, rate_workbook

__all__ = [
    "EVENT_SHEET",
    "SETTING_CHOICES",
    "NewSheet",
    "SheetsOnDemand",
    "Workbook",
    "add_sheets",
    "apply",
    "fill_new_workbook",
    "formulas_filled",
    "load",
    "lost_features",
    "rate_file",
    "rate_workbook",
    "read_grids",
    "same_file",
    "save_atomic",
    "save_workbook_atomic",
    "stage_workbook",
    "uncalculated_formulas",
    "writable_target",
    "write_new_workbook",
]
