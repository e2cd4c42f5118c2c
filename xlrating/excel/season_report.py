"""The season report from Excel, through xlwings: the macro behind ``xlrating.macros.season_report``.

:func:`season_report` rates the season workbook open in Excel (the same core as the
command line and :func:`xlrating.macros.rate_season`) and makes its report
(:func:`xlrating.report.season.season_report`):

- in classic Excel (Windows, macOS) as a **new workbook** ``NAME-season-report.xlsx``
  beside the season workbook (in the temporary folder when it was never saved; never
  over an existing file), written with openpyxl exactly as ``xlrating season --report``
  writes it, and opened in Excel;
- in xlwings Lite (and xlwings Server), which cannot create files, as **new sheets** of
  the season workbook: ``Season report Summary``, ``Season report Ratings`` and ``Season
  report Chart``, replaced when it runs again.

Only the report is written: the season's own sheets are never changed (rating them is
:func:`xlrating.macros.rate_season`'s job). On bad input nothing is written and an alert
lists every error with its cell.
"""

from __future__ import annotations

from typing import Any

from ..errors import CrosstableError
from ..report.content import Report
from ..report.season import season_report as build
from ..report.xlsx import write_report
from ..season.rate import rate_season_sheets
from .book import alert_text, is_remote, no_season, read_book
from .report import report_path, write_sheets

__all__ = ["SEASON_REPORT_PREFIX", "season_report"]

#: Names of the season report's sheets in xlwings Lite: the report's sheet names after this prefix.
SEASON_REPORT_PREFIX = "Season report "


def season_report(book: Any = None) -> Report | None:
    """Make the season report of ``book`` (default: the workbook that called the macro).

    The chart follows the ``Season`` sheet's ``Chart players`` (IDs separated by commas),
    else its ``Chart top`` highest rated players of the new list, else the top 10. Returns
    the report, or ``None`` when the season has errors: then nothing is written and an
    alert lists them.
    """
    import xlwings as xw

    if book is None:
        book = xw.Book.caller()
    grids = {name: grid for name, grid in read_book(book).items()
             if not name.startswith(SEASON_REPORT_PREFIX)}
    if no_season(book, grids, "xlrating: no report was made"):
        return None
    try:
        rated = rate_season_sheets(grids)
    except CrosstableError as error:
        book.app.alert(alert_text(error).replace("`xlrating rate`", "`xlrating season`"),
                       title="xlrating: no report was made", mode="critical")
        return None
    report = build(rated)
    if is_remote(book):
        write_sheets(book, report, prefix=SEASON_REPORT_PREFIX)
        book.app.alert(f"The season report is on the sheets named '{SEASON_REPORT_PREFIX}...'.",
                       title="xlrating", mode="info")
    else:
        target = write_report(report, report_path(book.fullname, "season-report"))
        book.app.books.open(str(target))
    return report
