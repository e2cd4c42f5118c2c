"""Rating report workbooks: who gained, who lost, why, and whether the numbers add up.

A report is a new workbook (never a change to the crosstable's own sheets) built from
the rated events of a crosstable workbook:

- **Summary**: the event, its rules and every parameter used, counts, total and
  average rating change, bonus points, floors, players by method;
- **Ratings**: one row per player (both systems of a dual-rated event, labelled);
- **Games**: one row per rated game from each player's side;
- **Explanations**: the steps behind every special or iterative rating;
- **Charts**: rating change per player, pre- against post-event rating, score
  against expected score (native Excel charts; their data on a hidden sheet).

:func:`build_report` makes the content as plain data (:mod:`.content`); a writer
renders it: :func:`write_report` to an ``.xlsx`` file through openpyxl, and
:func:`xlrating.excel.report.rating_report` into Excel through xlwings.
"""

from __future__ import annotations

from .build import EXPLAINED_METHODS, MAX_BARS, build_report, explained
from .content import Cell, Chart, ChartKind, Column, PageSetup, Range, Report, Series, Sheet, Style, Table
from .xlsx import report_file, report_workbook, write_report

__all__ = [
    "EXPLAINED_METHODS",
    "MAX_BARS",
    "Cell",
    "Chart",
    "ChartKind",
    "Column",
    "PageSetup",
    "Range",
    "Report",
    "Series",
    "Sheet",
    "Style",
    "Table",
    "build_report",
    "explained",
    "report_file",
    "report_workbook",
    "write_report",
]
