"""The report's content -> a new ``.xlsx`` workbook, through openpyxl.

:func:`report_workbook` renders a :class:`~xlrating.report.content.Report` into a new
openpyxl workbook (Excel tables with filters, number formats, frozen headers,
conditional formatting for gains and losses, native charts, print set-up);
:func:`write_report` saves it atomically; :func:`report_file` is the whole ``xlrating
report`` pipeline, from a crosstable workbook on disk to the report on disk.

Every text is stored as a string cell (openpyxl would otherwise turn text that starts
with ``=`` into a formula), with Excel's "quote prefix" when it starts with a character
Excel reads as the start of a formula, so it stays text even when a user edits the cell.
"""

from __future__ import annotations

import contextlib
import copy
import os
import warnings
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES
from openpyxl.chart import BarChart, LineChart, Reference, ScatterChart
from openpyxl.chart import Series as ChartSeries
from openpyxl.chart.marker import Marker
from openpyxl.chart.series import SeriesLabel
from openpyxl.chart.shapes import GraphicalProperties
from openpyxl.chart.text import RichText, Text
from openpyxl.chart.title import Title
from openpyxl.drawing.text import CharacterProperties, Paragraph, ParagraphProperties, RegularTextRun
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.table import Table as ExcelTable
from openpyxl.worksheet.table import TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet

from ..crosstable.model import RatedEvent
from ..errors import WorkbookError
from ..workbook.book import same_file, save_workbook_atomic, writable_target
from ..workbook.cells import fit_text, put
from .build import build_report
from .content import Cell, Chart, ChartKind, Column, Range, Report, Series, Sheet, Style, Table, Value

__all__ = ["TABLE_STYLE", "report_file", "report_workbook", "write_report"]

#: The Excel table style of the Ratings, Games and Explanations tables.
TABLE_STYLE = "TableStyleMedium2"
#: Text starting with one of these is a formula when typed into Excel: stored with a quote prefix.
FORMULA_STARTS = ("=", "+", "-", "@")

_FONT = "Calibri"
_FONTS = {
    Style.TITLE: Font(name=_FONT, bold=True, size=15),
    Style.SUBTITLE: Font(name=_FONT, size=11, color="404040"),
    Style.HEADING: Font(name=_FONT, bold=True, size=12, color="1F3864"),
    Style.LABEL: Font(name=_FONT, bold=True),
    Style.NOTE: Font(name=_FONT, italic=True, color="595959"),
}
_HEADER_FONT = Font(name=_FONT, bold=True, color="FFFFFF")
_HEADER_FILL = PatternFill("solid", fgColor="4472C4")
_POINTS = "1F4E79"
_HEADING_FILL = PatternFill("solid", fgColor="D9E1F2")
_TOP_WRAP = Alignment(vertical="top", wrap_text=True)
_TOP = Alignment(vertical="top")
_TOP_LEFT = Alignment(vertical="top", horizontal="left")
_HEADER_TEXT = Alignment(vertical="top", wrap_text=True)
_HEADER_NUMBER = Alignment(vertical="top", horizontal="right", wrap_text=True)
_GAIN_RULE = {"font": Font(color="006100"), "fill": PatternFill(bgColor="C6EFCE")}
_LOSS_RULE = {"font": Font(color="9C0006"), "fill": PatternFill(bgColor="FFC7CE")}
_PAPER = {"a4": Worksheet.PAPERSIZE_A4, "letter": Worksheet.PAPERSIZE_LETTER}


class _Styles:
    """Cell styles of one workbook, made once each and shared by every cell that uses them."""

    def __init__(self, worksheet: Any) -> None:
        self._worksheet = worksheet
        self._made: dict[tuple[Any, ...], Any] = {}

    def style(self, number_format: str | None = None, font: Font | None = None,
              fill: PatternFill | None = None, alignment: Alignment | None = None,
              quote: bool = False) -> Any:
        key = (number_format, id(font), id(fill), id(alignment), quote)
        made = self._made.get(key)
        if made is None:
            model = WriteOnlyCell(self._worksheet)
            if number_format:
                model.number_format = number_format
            if font is not None:
                model.font = font
            if fill is not None:
                model.fill = fill
            if alignment is not None:
                model.alignment = alignment
            if quote:
                model.quotePrefix = True
            made = self._made[key] = model._style
        return made


def _needs_cell(value: str) -> bool:
    """Text openpyxl would not store as plain text (a formula, an error code), or Excel would read as one."""
    return value.startswith(FORMULA_STARTS) or value in ERROR_CODES


class _Rows:
    """A sheet's cells, gathered by row, then streamed to a write-only worksheet in row order."""

    def __init__(self, worksheet: Any, styles: _Styles) -> None:
        self.worksheet = worksheet
        self.styles = styles
        self.rows: dict[int, list[Any]] = {}

    def put(self, row: int, column: int, value: Value, style: Any = None) -> None:
        """``value`` at (row, column), as text if it is text, with ``style`` (from :class:`_Styles`)."""
        if value is None and style is None:
            return
        line = self.rows.setdefault(row, [])
        if len(line) < column:
            line.extend([None] * (column - len(line)))
        line[column - 1] = self.cell(row, column, value, style)

    def cell(self, row: int, column: int, value: Value, style: Any) -> Any:
        """What to append for ``value``: the value, or a cell when it needs a style or must stay text."""
        if isinstance(value, str):
            value = fit_text(value)
            quote = _needs_cell(value)
            if not quote and style is None:
                return value
            cell = WriteOnlyCell(self.worksheet)
            if quote:
                put(cell, value, where=f"{self.worksheet.title}!{get_column_letter(column)}{row}")
                style = self.styles.style(quote=True) if style is None else _with_quote(style)
            else:
                cell._value = value
                cell.data_type = "s"
            cell._style = style
            return cell
        if style is None:
            return value
        cell = WriteOnlyCell(self.worksheet, value)
        cell._style = style
        return cell

    def write(self) -> None:
        for row in range(1, max(self.rows, default=0) + 1):
            self.worksheet.append(self.rows.get(row, ()))


def _place(rows: _Rows, row: int, column: int, item: Any) -> None:
    line = rows.rows.setdefault(row, [])
    if len(line) < column:
        line.extend([None] * (column - len(line)))
    line[column - 1] = item


def _with_quote(style: Any) -> Any:
    quoted = copy.copy(style)
    quoted.quotePrefix = 1
    return quoted


def _cell(rows: _Rows, spec: Cell) -> None:
    styles = rows.styles
    number_format = spec.number_format or ("yyyy-mm-dd" if isinstance(spec.value, date) else None)
    alignment = None
    if spec.span > 1 or spec.style in (Style.VALUE, Style.LABEL) or (
            spec.style is Style.NOTE and spec.column > 1):
        alignment = _TOP_WRAP if isinstance(spec.value, str) else _TOP_LEFT
    fill = _HEADING_FILL if spec.style is Style.HEADING else None
    rows.put(spec.row, spec.column, spec.value,
             styles.style(number_format, _FONTS.get(spec.style), fill, alignment))
    if spec.style is Style.HEADING:
        for column in range(spec.column + 1, spec.column + 3):
            rows.put(spec.row, column, None, styles.style(fill=_HEADING_FILL))
    if spec.span > 1:
        rows.worksheet.merged_cells.add(CellRange(min_row=spec.row, min_col=spec.column, max_row=spec.row,
                                                  max_col=spec.column + spec.span - 1))


def _table(rows: _Rows, table: Table, tall: set[int]) -> None:
    _table_header(rows, table)
    _table_body(rows, table, tall)
    if table.listed and table.rows:
        _excel_table(rows.worksheet, table)


def _table_header(rows: _Rows, table: Table) -> None:
    styles = rows.styles
    for offset, column in enumerate(table.columns):
        if table.listed:
            # The table style draws the header in Excel; the font and fill make it look the same
            # where table styles are not drawn (LibreOffice, printed PDFs).
            style = styles.style(font=_HEADER_FONT, fill=_HEADER_FILL,
                                 alignment=_HEADER_NUMBER if column.number_format else _HEADER_TEXT)
        else:
            style = styles.style(font=_FONTS[Style.LABEL], alignment=_HEADER_TEXT)
        rows.put(table.row, table.column + offset, column.header, style)


def _table_body(rows: _Rows, table: Table, tall: set[int]) -> None:
    """The table's rows: a tall row's cells at the top (wrapped where the column wraps), others
    with the column's number format (text wrapped where the column wraps)."""
    styles, columns = rows.styles, table.columns
    plain = [styles.style(c.number_format) if c.number_format not in (None, "General") else None
             for c in columns]
    top = [styles.style(c.number_format, alignment=_TOP_WRAP if c.wrap else _TOP) for c in columns]
    wrapped = [styles.style(alignment=_TOP_WRAP) if c.wrap else None for c in columns]
    first = table.column
    cell = rows.cell
    for index, values in enumerate(table.rows, start=table.row + 1):
        if index in tall:
            line = [cell(index, first + offset, value, top[offset]) if value is not None else None
                    for offset, value in enumerate(values)]
        else:
            line = [cell(index, first + offset, value,
                         wrapped[offset] if isinstance(value, str) else plain[offset])
                    if value is not None else None for offset, value in enumerate(values)]
        _put_line(rows, index, first, line)


def _put_line(rows: _Rows, index: int, first: int, line: list[Any]) -> None:
    """A table row's cells, from column ``first`` of row ``index``, beside what the row holds."""
    if index not in rows.rows and first == 1:
        rows.rows[index] = line
        return
    for offset, value in enumerate(line):
        if value is not None:
            _place(rows, index, first + offset, value)


def _excel_table(worksheet: Any, table: Table) -> None:
    """The Excel table over ``table`` (filters, banded rows), with its gains and losses coloured."""
    left, right = get_column_letter(table.column), get_column_letter(table.last_column)
    ref = f"{left}{table.row}:{right}{table.last_row}"
    excel = ExcelTable(displayName=table.name, ref=ref)
    excel.tableStyleInfo = TableStyleInfo(name=TABLE_STYLE, showRowStripes=True, showColumnStripes=False,
                                          showFirstColumn=False, showLastColumn=False)
    excel._initialise_columns()
    for column, spec in zip(excel.tableColumns, table.columns, strict=True):
        column.name = spec.header
    with warnings.catch_warnings():
        # openpyxl warns that write-only tables need their columns named by hand: done above.
        warnings.simplefilter("ignore", UserWarning)
        worksheet.add_table(excel)
    _gains_and_losses(worksheet, table, table.columns)


def _gains_and_losses(worksheet: Any, table: Table, columns: Sequence[Column]) -> None:
    for offset, column in enumerate(columns):
        if not column.signed or not table.rows:
            continue
        letter = get_column_letter(table.column + offset)
        area = f"{letter}{table.row + 1}:{letter}{table.last_row}"
        gain = CellIsRule(operator="greaterThan", formula=["0"], **_GAIN_RULE)
        loss = CellIsRule(operator="lessThan", formula=["0"], **_LOSS_RULE)
        worksheet.conditional_formatting.add(area, gain)
        worksheet.conditional_formatting.add(area, loss)


def _reference(book: Workbook, area: Range) -> Reference:
    worksheet = next(w for w in book.worksheets if w.title == area.sheet)
    return Reference(worksheet, min_col=area.column, min_row=area.first_row, max_row=area.last_row)


def _chart(book: Workbook, worksheet: Any, spec: Chart) -> None:
    chart: BarChart | LineChart | ScatterChart
    if spec.kind is ChartKind.LINE:
        chart = _line_chart(book, spec)
    elif spec.kind is ChartKind.BAR:
        chart = BarChart()
        chart.type = "bar"
        chart.grouping = "clustered"
        chart.overlap = 100
        chart.gapWidth = 40
        for series in spec.series:
            chart.add_data(_reference(book, series.values), titles_from_data=False)
            added = chart.series[-1]
            added.tx = _title(series.title)
            if series.colour:
                added.graphicalProperties.solidFill = series.colour
                added.graphicalProperties.line.solidFill = series.colour
        chart.set_categories(_reference(book, spec.series[0].categories))
        chart.x_axis.tickLblPos = "low"
        chart.x_axis.tickLblSkip = 1
        chart.x_axis.txPr = _axis_text(800)
        chart.y_axis.number_format = "+0;-0;0"
    else:
        chart = ScatterChart()
        chart.scatterStyle = "lineMarker"
        for series in spec.series:
            chart.series.append(_scatter_series(book, series))
        if spec.x_bounds:
            chart.x_axis.scaling.min, chart.x_axis.scaling.max = spec.x_bounds
        if spec.y_bounds:
            chart.y_axis.scaling.min, chart.y_axis.scaling.max = spec.y_bounds
    chart.title = _rich_title(spec.title, 1200)
    if spec.x_title:
        chart.x_axis.title = _rich_title(spec.x_title, 1000)
    if spec.y_title:
        chart.y_axis.title = _rich_title(spec.y_title, 1000)
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.legend.position = "b"
    chart.width, chart.height = spec.width, spec.height
    worksheet.add_chart(chart, f"{get_column_letter(spec.column)}{spec.row}")


def _line_chart(book: Workbook, spec: Chart) -> LineChart:
    """A line with round markers per series; a blank value leaves a gap in its line."""
    chart = LineChart()
    for series in spec.series:
        chart.add_data(_reference(book, series.values), titles_from_data=False)
        added = chart.series[-1]
        added.tx = _title(series.title)
        added.marker = Marker(symbol="circle", size=6)
        added.smooth = False
        if series.colour:
            added.graphicalProperties.line.solidFill = series.colour
            added.marker.graphicalProperties = GraphicalProperties(solidFill=series.colour)
    chart.set_categories(_reference(book, spec.series[0].categories))
    chart.display_blanks = "gap"
    chart.x_axis.tickLblPos = "low"
    if spec.y_bounds:
        chart.y_axis.scaling.min, chart.y_axis.scaling.max = spec.y_bounds
    return chart


def _rich_title(value: str, size: int) -> Title:
    """A chart or axis title in bold at ``size`` hundredths of a point."""
    properties = CharacterProperties(sz=size, b=True)
    paragraph = Paragraph(pPr=ParagraphProperties(defRPr=properties),
                          r=[RegularTextRun(rPr=properties, t=value)])
    return Title(tx=Text(rich=RichText(p=[paragraph])), overlay=False)


def _axis_text(size: int) -> RichText:
    """Axis labels at ``size`` hundredths of a point."""
    return RichText(p=[Paragraph(pPr=ParagraphProperties(defRPr=CharacterProperties(sz=size)), endParaRPr=(
        CharacterProperties(sz=size)))])


def _title(value: str) -> SeriesLabel:
    return SeriesLabel(v=value)


def _scatter_series(book: Workbook, series: Series) -> ChartSeries:
    result = ChartSeries(_reference(book, series.values), _reference(book, series.categories),
                         title=series.title)
    properties = result.graphicalProperties
    if series.line:
        result.marker = Marker(symbol="none")
        properties.line.solidFill = series.colour or "7F7F7F"
        properties.line.dashStyle = "dash"
        properties.line.width = 12700
    else:
        colour = series.colour or _POINTS
        result.marker = Marker(symbol="circle", size=5)
        result.marker.graphicalProperties = GraphicalProperties(solidFill=colour)
        result.marker.graphicalProperties.line.solidFill = colour
        properties.line.noFill = True
    result.smooth = False
    return result


def _sheet(worksheet: Any, sheet: Sheet, styles: _Styles) -> None:
    for table in sheet.tables:
        for offset, column in enumerate(table.columns):
            worksheet.column_dimensions[get_column_letter(table.column + offset)].width = column.width
    for number, width in sheet.widths:
        worksheet.column_dimensions[get_column_letter(number)].width = width
    for row, height in sheet.row_heights:
        worksheet.row_dimensions[row].height = height
    if sheet.freeze is not None:
        top, left = sheet.freeze
        worksheet.freeze_panes = f"{get_column_letter(left)}{top}"
    if sheet.hidden:
        worksheet.sheet_state = "hidden"
    _page(worksheet, sheet)
    rows = _Rows(worksheet, styles)
    # A row taller than one line (a wrapped note) lines all its cells up at the top.
    tall = {row for row, height in sheet.row_heights if height > 15.0}
    for table in sheet.tables:
        _table(rows, table, tall)
    for spec in sheet.cells:
        _cell(rows, spec)
    rows.write()


def _page(worksheet: Any, sheet: Sheet) -> None:
    page = sheet.page
    worksheet.page_setup.orientation = "landscape" if page.landscape else "portrait"
    worksheet.page_setup.paperSize = _PAPER.get(page.paper, Worksheet.PAPERSIZE_A4)
    if page.fit_to_width:
        worksheet.sheet_properties.pageSetUpPr.fitToPage = True
        worksheet.page_setup.fitToWidth = 1
        worksheet.page_setup.fitToHeight = 0
    if page.title_rows is not None:
        worksheet.print_title_rows = f"{page.title_rows[0]}:{page.title_rows[1]}"
    margins = worksheet.page_margins
    margins.left = margins.right = 0.5
    margins.top = margins.bottom = 0.6
    margins.header = margins.footer = 0.3
    if page.header:
        # "&" starts a header code (&P, &D...): a literal one is "&&"; Excel allows 255 characters.
        worksheet.oddHeader.center.text = page.header.replace("&", "&&")[:200]
    worksheet.oddFooter.left.text = sheet.name.replace("&", "&&")
    worksheet.oddFooter.right.text = "Page &P of &N"
    for row in page.row_breaks:
        worksheet.row_breaks.append(Break(id=row))


def report_workbook(report: Report) -> Workbook:
    """``report`` rendered into a new openpyxl workbook, ready to be saved (once: it is write-only).

    Write-only workbooks stream their rows, which keeps a 2,000-player report well
    within the speed goal (``benchmarks/bench_report.py``).
    """
    book = Workbook(write_only=True)
    sheets = [book.create_sheet(sheet.name) for sheet in report.sheets]
    styles = _Styles(sheets[0])
    charts: list[tuple[Any, Chart]] = []
    for worksheet, sheet in zip(sheets, report.sheets, strict=True):
        _sheet(worksheet, sheet, styles)
        charts.extend((worksheet, chart) for chart in sheet.charts)
    for worksheet, chart in charts:
        _chart(book, worksheet, chart)
    book.properties.title = report.title[:200]
    book.properties.creator = "xlrating"
    return book


def write_report(report: Report | Sequence[RatedEvent], path: str | os.PathLike[str]) -> Path:
    """Write the report (or the report of rated events) to the new ``.xlsx`` file ``path``, atomically.

    Returns the path written. Raises :class:`~xlrating.errors.WorkbookError` when
    ``path`` does not end in ``.xlsx`` or cannot be written.
    """
    if not isinstance(report, Report):
        report = build_report(report)
    target = Path(path)
    if target.suffix.lower() != ".xlsx":
        raise WorkbookError(f"{target}: a report is a workbook without macros and must be saved as .xlsx")
    writable_target(target)  # before the work: a report that cannot be written is not built
    book = report_workbook(report)
    try:
        return save_workbook_atomic(book, target)
    except BaseException:
        _discard(book)
        raise


def _discard(book: Workbook) -> None:
    """Finish and drop a write-only workbook that will not be saved (its temporary files too).

    Left to the garbage collector, each sheet's unfinished row writer would print an
    "Exception ignored" traceback on stderr.
    """
    for worksheet in book.worksheets:
        with contextlib.suppress(Exception):
            if not worksheet.closed:
                worksheet.close()
        writer = getattr(worksheet, "_writer", None)
        with contextlib.suppress(Exception):
            if writer is not None:
                writer.cleanup()


def report_file(source: str | os.PathLike[str], target: str | os.PathLike[str], *,
                today: date | None = None, explain_all: bool = False, games: bool | None = None) -> Report:
    """Rate the crosstable workbook ``source`` and write its report to ``target``.

    ``source`` itself is never changed. Raises :class:`~xlrating.errors.WorkbookError`
    when a file cannot be read or written and
    :class:`~xlrating.errors.CrosstableError` (every problem with its cell) when the
    crosstable has errors; then nothing is written.
    """
    from ..workbook import rate_workbook

    if same_file(target, source):
        raise WorkbookError(f"{target}: is the crosstable workbook itself; the report is a new workbook, "
                            "give it another name")
    _, rated = rate_workbook(source, today=today)
    report = build_report(rated.events, explain_all=explain_all, games=games,
                          checks=[str(warning) for warning in rated.warnings])
    write_report(report, target)
    return report
