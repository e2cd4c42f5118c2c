"""The rating report from Excel, through xlwings: the macro behind ``xlrating.macros.rating_report``.

:func:`rating_report` rates the crosstable of an open workbook (the same core as the
command line) and makes its report:

- in classic Excel (Windows, macOS) as a **new workbook**: the report is written with
  openpyxl (tables, charts, conditional formatting, print set-up, exactly as ``xlrating
  report`` writes it) beside the crosstable workbook as ``NAME-report.xlsx`` (in the
  temporary folder when the workbook was never saved), and opened in Excel;
- in xlwings Lite (and xlwings Server), which cannot create files, as **new sheets** of
  the workbook itself: ``Report Summary``, ``Report Ratings``, ``Report Games``,
  ``Report Explanations``, ``Report Charts`` and the hidden ``Report Chart data``, drawn
  by :func:`write_sheets` from the same content through xlwings' API. Running it again
  replaces those sheets. Office.js offers no print set-up through xlwings, so these
  sheets print with Excel's defaults; the scatter charts have no diagonal line.

The crosstable's own sheets are never changed. On bad input nothing is written and an
alert lists every error with its cell. The season report's macro
(:mod:`xlrating.excel.season_report`) writes its report through the same two paths.
"""

from __future__ import annotations

import re
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from ..crosstable import rate_sheets
from ..errors import CrosstableError
from ..report.build import build_report
from ..report.content import Cell, Chart, ChartKind, Report, Sheet, Style, Table
from ..report.xlsx import TABLE_STYLE, write_report
from .book import alert_text, is_remote, optional, read_book, width_points
from .typed import excel_value

__all__ = ["REPORT_PREFIX", "rating_report", "report_path", "write_sheets"]

#: Names of the report's sheets in xlwings Lite: the report's sheet names after this prefix.
REPORT_PREFIX = "Report "

_POINTS_PER_CM = 72 / 2.54
_FONT_STYLE: dict[Style, dict[str, Any]] = {
    Style.TITLE: {"bold": True, "size": 15},
    Style.SUBTITLE: {"color": "#404040"},
    Style.HEADING: {"bold": True, "size": 12, "color": "#1F3864"},
    Style.LABEL: {"bold": True},
    Style.NOTE: {"italic": True, "color": "#595959"},
}


def rating_report(book: Any = None, *, explain_all: bool = False) -> Report | None:
    """Make the rating report of ``book``'s crosstable (default: the workbook that called the macro).

    Classic Excel: a new workbook, saved beside ``book`` and opened. xlwings Lite: new
    sheets in ``book`` (it cannot create files). Returns the report, or ``None`` when
    the crosstable has errors: then nothing is written and an alert lists them.
    """
    import xlwings as xw

    if book is None:
        book = xw.Book.caller()
    grids = {name: grid for name, grid in read_book(book).items()
             if not name.startswith(REPORT_PREFIX)}
    try:
        rated = rate_sheets(grids)
    except CrosstableError as error:
        book.app.alert(alert_text(error), title="xlrating: no report was made")
        return None
    report = build_report(rated.events, explain_all=explain_all, checks=[str(w) for w in rated.warnings])
    if is_remote(book):
        write_sheets(book, report)
        book.app.alert(f"{report.title}: the report is on the sheets named '{REPORT_PREFIX}...'.",
                       title="xlrating")
    else:
        target = write_report(report, report_path(book.fullname))
        book.app.books.open(str(target))
    return report


def report_path(workbook: str | Path, kind: str = "report") -> Path:
    """Where classic Excel's report goes: ``NAME-report.xlsx`` beside ``workbook``, never over a file.

    A workbook never saved (no folder) puts it in the temporary folder; when the name is
    taken (an earlier report, perhaps still open), ``NAME-report-2.xlsx`` and so on.
    ``kind`` names the report in the file name (``season-report``: ``NAME-season-report.xlsx``).
    """
    source = Path(str(workbook))
    folder = source.parent if source.parent != Path(".") and source.parent.is_dir() else Path(
        tempfile.gettempdir())
    stem = source.stem if source.suffix else source.name
    candidate = folder / f"{stem}-{kind}.xlsx"
    number = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{kind}-{number}.xlsx"
        number += 1
    return candidate


# --- writing the content through xlwings ------------------------------------------------------


def write_sheets(book: Any, report: Report, *, prefix: str = REPORT_PREFIX) -> dict[str, str]:
    """Add ``report``'s sheets to ``book`` (each named ``prefix`` + its name); return the names used.

    Sheets of those names (an earlier report) are deleted first. Values go in one range
    per table; text that Excel would read as a formula keeps a leading apostrophe, so
    it stays text.
    """
    names = {sheet.name: f"{prefix}{sheet.name}"[:31] for sheet in report.sheets}
    for sheet in list(book.sheets):
        if sheet.name in names.values():
            sheet.delete()
    added: dict[str, Any] = {}
    for sheet in report.sheets:
        last = book.sheets[len(book.sheets) - 1]
        added[sheet.name] = book.sheets.add(names[sheet.name], after=last)
    for sheet in report.sheets:
        _write_sheet(added[sheet.name], sheet, prefix)
    for sheet in report.sheets:
        for chart in sheet.charts:
            optional(_write_chart, added[sheet.name], chart, sheet, added)
    for sheet in report.sheets:
        if sheet.hidden:
            added[sheet.name].visible = False
    return names


def _write_sheet(target: Any, sheet: Sheet, prefix: str) -> None:
    widths: dict[int, float] = {}
    for table in sheet.tables:
        for offset, spec in enumerate(table.columns):
            widths[table.column + offset] = spec.width
    widths.update(dict(sheet.widths))
    for number, width in widths.items():
        optional(setattr, target.range((1, number)), "column_width", width_points(width))
    for table in sheet.tables:
        _write_table(target, table, prefix)
    for cell in sheet.cells:
        _write_cell(target, cell)
    for row, height in sheet.row_heights:
        optional(setattr, target.range((row, 1)), "row_height", height)
    if sheet.freeze is not None:
        top, left = sheet.freeze
        if top > 1 or left > 1:
            frozen = target.range((1, 1), (max(top - 1, 1), max(left - 1, 1)))
            optional(target.freeze_panes.freeze_at, frozen.address.replace("$", ""))


def _write_cell(target: Any, cell: Cell) -> None:
    place = target.range((cell.row, cell.column))
    place.value = excel_value(cell.value)
    if cell.number_format:
        place.number_format = cell.number_format
    elif isinstance(cell.value, date):
        place.number_format = "yyyy-mm-dd"
    for key, value in _FONT_STYLE.get(cell.style, {}).items():
        optional(setattr, place.font, key, value)
    if cell.style is Style.HEADING:
        band = target.range((cell.row, cell.column), (cell.row, cell.column + 2))
        optional(setattr, band, "color", "#D9E1F2")
    if cell.span > 1:
        area = target.range((cell.row, cell.column), (cell.row, cell.column + cell.span - 1))
        optional(area.merge)
    if cell.span > 1 or cell.style in (Style.VALUE, Style.LABEL):
        optional(setattr, place, "wrap_text", True)
        optional(setattr, place, "vertical_alignment", "top")


def _write_table(target: Any, table: Table, prefix: str) -> None:
    width = len(table.columns)
    values = [[column.header for column in table.columns]]
    values += [[excel_value(v) for v in row] for row in table.rows]
    area = target.range((table.row, table.column), (table.last_row, table.last_column))
    area.value = values
    if not table.rows:
        return
    for offset, column in enumerate(table.columns):
        body = target.range((table.row + 1, table.column + offset), (table.last_row, table.column + offset))
        if column.number_format and column.number_format != "General":
            body.number_format = column.number_format
        if column.wrap:
            optional(setattr, body, "wrap_text", True)
        if column.signed:
            optional(_gains_and_losses, body)
    header = target.range((table.row, table.column), (table.row, table.column + width - 1))
    if table.listed:
        # Table names are workbook-wide: prefixed, so they never clash with the crosstable's own tables.
        name = re.sub(r"\W", "", prefix) + table.name
        optional(lambda: target.tables.add(source=area, name=name, has_headers=True,
                                            table_style_name=TABLE_STYLE))
    else:
        optional(setattr, header.font, "bold", True)


def _gains_and_losses(body: Any) -> None:
    rules = body.conditional_formats
    rules.add_cell_value("greater_than", 0, fill_color="#C6EFCE", font_color="#006100")
    rules.add_cell_value("less_than", 0, fill_color="#FFC7CE", font_color="#9C0006")


def _points(sheet: Sheet, row: int, column: int) -> tuple[float, float]:
    """The top-left corner of cell (row, column) in points, from the sheet's widths and row heights."""
    widths = dict(sheet.widths)
    heights = dict(sheet.row_heights)
    left = sum(width_points(widths.get(c, 8.43)) for c in range(1, column))
    top = sum(heights.get(r, 15.0) for r in range(1, row))
    return left, top


def _write_chart(target: Any, chart: Chart, sheet: Sheet, added: dict[str, Any]) -> None:
    left, top = _points(sheet, chart.row, chart.column)
    first = chart.series[0]
    data = added[first.values.sheet]
    if chart.kind is ChartKind.LINE:
        _write_line_chart(target, chart, data, left, top)
        return
    if chart.kind is ChartKind.BAR:
        columns = [first.categories.column, *(s.values.column for s in chart.series)]
        kind = "bar_clustered"
    else:
        columns = [first.categories.column, first.values.column]
        kind = "xy_scatter"
    source = data.range((first.values.first_row - 1, min(columns)), (first.values.last_row, max(columns)))
    made = target.charts.add(left, top, chart.width * _POINTS_PER_CM, chart.height * _POINTS_PER_CM,
                             chart_type=kind)
    made.set_source_data(source)
    optional(setattr, made, "title", chart.title)


def _write_line_chart(target: Any, chart: Chart, data: Any, left: float, top: float) -> None:
    """A line chart: its value columns with their header row (the series' names), series by
    column, and its categories set apart, so Excel never takes them for another series."""
    first = chart.series[0]
    columns = [s.values.column for s in chart.series]
    source = data.range((first.values.first_row - 1, min(columns)), (first.values.last_row, max(columns)))
    made = target.charts.add(left, top, chart.width * _POINTS_PER_CM, chart.height * _POINTS_PER_CM,
                             chart_type="line_markers")
    try:
        made.set_source_data(source, plot_by="columns")
    except TypeError:  # xlwings before 0.37.3 has no plot_by: Excel decides
        made.set_source_data(source)
    categories = first.categories
    optional(made.set_x_axis_values, data.range((categories.first_row, categories.column),
                                                 (categories.last_row, categories.column)))
    optional(setattr, made, "title", chart.title)
    if chart.x_title:
        optional(setattr, made.category_axis, "title", chart.x_title)
    if chart.y_title:
        optional(setattr, made.value_axis, "title", chart.y_title)
    if chart.y_bounds:
        optional(setattr, made.value_axis, "minimum_scale", chart.y_bounds[0])
        optional(setattr, made.value_axis, "maximum_scale", chart.y_bounds[1])
