"""The content of a rating report, as plain data: sheets of cells, tables and charts.

Nothing here knows about openpyxl or xlwings. :func:`xlrating.report.build_report` fills
these types from rated events; a writer renders them: :mod:`xlrating.report.xlsx` into a
new ``.xlsx`` file, :mod:`xlrating.excel.report` into new sheets of an open workbook
(xlwings Lite cannot create files). Every position is given here, 1-based as Excel
numbers rows and columns, so a writer places things without arithmetic of its own.

Values are numbers, dates, ``None`` (an empty cell) or text. Text is always text: a
writer stores a value like ``=HYPERLINK("http://x","y")`` (a player's name) as that
literal string, never as a formula. The report uses no formulas at all; every total is
computed here, from the same numbers the Ratings sheet shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import TypeAlias

Value: TypeAlias = str | int | float | date | None
"""What a cell holds."""

#: Excel number formats the report uses. ``_)`` leaves a little space after a number, so a
#: right-aligned number never touches the left-aligned text in the next column.
RATING = "0_)"
COUNT = "General"
SIGNED = "+0_);-0_);0_)"
SIGNED_1 = "+0.0_);-0.0_);0.0_)"
SIGNED_2 = "+0.00_);-0.00_);0.00_)"
DECIMAL_1 = "0.0_)"
DECIMAL_2 = "0.00_)"
DETAIL = "0.00##_)"
SCORE = "0.0_)"
DATE = "yyyy-mm-dd"


class Style(str, Enum):
    """How a single cell looks (tables have their own Excel table style)."""

    TITLE = "title"
    """The sheet's title, in A1: large and bold."""
    SUBTITLE = "subtitle"
    """The line under the title: the event, its dates."""
    HEADING = "heading"
    """A section heading on the Summary sheet: bold on a tinted band."""
    LABEL = "label"
    """The name in a label/value line."""
    VALUE = "value"
    """A value, left-aligned, wrapped when long."""
    NOTE = "note"
    """An explanatory remark: italic, grey."""


@dataclass(frozen=True)
class Cell:
    """One cell with its value, number format and look."""

    row: int
    column: int
    value: Value
    number_format: str | None = None
    style: Style = Style.VALUE
    span: int = 1
    """Columns the cell is merged across (a long note wraps within them instead of spilling over)."""


@dataclass(frozen=True)
class Column:
    """A column of a :class:`Table`."""

    header: str
    number_format: str | None = None
    """Excel number format of the body cells (None: General; text columns)."""
    width: float = 10.0
    """Column width in characters."""
    signed: bool = False
    """Gains and losses: the writer colours positive values green and negative red."""
    wrap: bool = False
    """Long text: wrapped within the column width."""


@dataclass(frozen=True)
class Table:
    """An Excel table (with filter buttons): a header row and the body rows below it."""

    name: str
    """The table's name, unique in the workbook (``Ratings``, ``Games``...)."""
    row: int
    """1-based row of the header."""
    column: int
    """1-based first column."""
    columns: tuple[Column, ...]
    rows: tuple[tuple[Value, ...], ...]
    """The body, one tuple per row, one value per column."""
    listed: bool = True
    """An Excel table (a ListObject, with filter buttons and banded rows); False: plain cells
    under a bold header (the data behind the charts)."""

    @property
    def last_row(self) -> int:
        return self.row + len(self.rows)

    @property
    def last_column(self) -> int:
        return self.column + len(self.columns) - 1

    def index(self, header: str) -> int:
        """The 1-based sheet column of the column headed ``header``."""
        for offset, column in enumerate(self.columns):
            if column.header == header:
                return self.column + offset
        raise KeyError(header)


@dataclass(frozen=True)
class Range:
    """A one-column block of cells on a sheet, from ``first_row`` to ``last_row``."""

    sheet: str
    column: int
    first_row: int
    last_row: int


@dataclass(frozen=True)
class Series:
    """A chart series: values, and categories (a bar or line chart) or x values (a scatter chart).

    The series of a line chart are adjacent columns of one block, each under its header
    row, sharing one column of categories (Excel in xlwings Lite takes them as one range)."""

    title: str
    values: Range
    categories: Range
    """Labels of a bar or line chart; the x values of a scatter chart."""
    line: bool = False
    """Scatter charts: draw a line without markers (the "no change" diagonal) instead of markers."""
    colour: str = ""
    """``RRGGBB``, or empty for the writer's choice."""


class ChartKind(str, Enum):
    BAR = "bar"
    """Horizontal bars, one per category."""
    SCATTER = "scatter"
    """Points at (x, y)."""
    LINE = "line"
    """A line with markers per series across the categories (a gap where a value is blank)."""


@dataclass(frozen=True)
class Chart:
    """A native Excel chart placed on a sheet."""

    kind: ChartKind
    title: str
    x_title: str
    y_title: str
    series: tuple[Series, ...]
    row: int
    """1-based row of the top-left anchor cell."""
    column: int
    width: float
    """Width in centimetres."""
    height: float
    """Height in centimetres."""
    x_bounds: tuple[float, float] | None = None
    """Scatter charts: the x axis from, to (None: automatic)."""
    y_bounds: tuple[float, float] | None = None


@dataclass(frozen=True)
class PageSetup:
    """How a sheet prints."""

    landscape: bool = True
    paper: str = "a4"
    """``"a4"`` or ``"letter"``."""
    fit_to_width: bool = True
    """One page wide, as many pages tall as needed."""
    title_rows: tuple[int, int] | None = None
    """Rows repeated at the top of every printed page (a table's header)."""
    header: str = ""
    """Text printed at the top centre of every page."""
    row_breaks: tuple[int, ...] = ()
    """A page break after each of these rows."""


@dataclass(frozen=True)
class Sheet:
    """One sheet of the report."""

    name: str
    cells: tuple[Cell, ...] = ()
    tables: tuple[Table, ...] = ()
    charts: tuple[Chart, ...] = ()
    widths: tuple[tuple[int, float], ...] = ()
    """``(column, width in characters)`` for columns not covered by a table's own widths."""
    freeze: tuple[int, int] | None = None
    """``(row, column)`` of the first cell that scrolls: rows above and columns left stay put."""
    row_heights: tuple[tuple[int, float], ...] = ()
    """``(row, height in points)`` of rows taller than one line: wrapped headers, long notes."""
    page: PageSetup = field(default_factory=PageSetup)
    hidden: bool = False
    """Data behind the charts: hidden, so it neither clutters the tabs nor prints."""

    def table(self, name: str) -> Table:
        for table in self.tables:
            if table.name == name:
                return table
        raise KeyError(name)


@dataclass(frozen=True)
class Report:
    """A whole rating report: its title and its sheets, in order."""

    title: str
    sheets: tuple[Sheet, ...]
    checks: tuple[str, ...] = ()
    """What the run that rated the events asks the director to check (a workbook's warnings, each
    with its cell), as the Summary lists them under "Check"."""

    def sheet(self, name: str) -> Sheet:
        for sheet in self.sheets:
            if sheet.name == name:
                return sheet
        raise KeyError(name)
