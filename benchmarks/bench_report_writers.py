"""Time the report's writers: ``python benchmarks/bench_report_writers.py [--sizes 2000x7,10000x9]``.

The same report content (:func:`xlrating.report.build_report` of the synthetic US Chess
Swiss of ``bench_report.py``, built once per size) is rendered and saved by each writer:

- ``openpyxl``: the report's own renderer (:func:`xlrating.report.report_workbook`,
  write-only) with openpyxl writing XML through ``et_xmlfile`` (``OPENPYXL_LXML=False``);
- ``openpyxl+lxml``: the same renderer with openpyxl writing through lxml (skipped when
  lxml is not installed);
- ``xlsxwriter``: a prototype renderer of the same content through XlsxWriter, in its
  default mode (every sheet, table, number format, width, freeze pane, print set-up and
  chart); skipped when XlsxWriter is not installed;
- ``xlsxwriter-cm``: the same prototype with ``constant_memory=True``, where XlsxWriter
  refuses Excel tables (``add_table``): the tables are left out, so it is not a complete
  renderer, only the fastest XlsxWriter can go.

``--writers openpyxl,openpyxl-values`` also times the floor under openpyxl's renderer:
the tables' values alone, written through openpyxl's write-only mode without a style,
an Excel table or a chart (not a report, and not compared for values).

openpyxl picks its XML library once, when imported, so each timing runs in its own
process (the content is handed over pickled; import and unpickling are not timed). The
writers take turns, ``--repeat`` rounds of one run each, and the best run of each is
kept, so all are timed under the same load. Ratios are to ``openpyxl`` in the same run.
Each run also gives how far the process's resident memory rose above what it held
before the writer started (the content already loaded; Linux only: ``/proc``). ``--check`` re-reads every file
with openpyxl and compares its cell values with the ``openpyxl`` file's.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pickle
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

WRITERS = ("openpyxl", "openpyxl+lxml", "xlsxwriter", "xlsxwriter-cm")
#: Not a report: the tables' values alone, through openpyxl's write-only mode, without a
#: style, an Excel table or a chart (what openpyxl costs before any formatting).
FLOOR = "openpyxl-values"
NEEDS = {"openpyxl+lxml": "lxml", "xlsxwriter": "xlsxwriter", "xlsxwriter-cm": "xlsxwriter"}


# --- the prototype XlsxWriter renderer -----------------------------------------------------------

_ERROR_CODES = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A")
_CM_TO_PIXELS = 96 / 2.54


def xlsxwriter_report(report: Any, path: Path, *, constant_memory: bool = False) -> None:
    """``report`` written to ``path`` through XlsxWriter, laid out as the openpyxl renderer lays it."""
    import xlsxwriter

    from xlrating.report.content import ChartKind, Style
    from xlrating.report.xlsx import FORMULA_STARTS, TABLE_STYLE
    from xlrating.workbook.cells import fit_text

    book = xlsxwriter.Workbook(str(path), {
        "constant_memory": constant_memory, "strings_to_formulas": False, "strings_to_urls": False,
        "strings_to_numbers": False, "default_date_format": "yyyy-mm-dd"})
    formats: dict[tuple[Any, ...], Any] = {}

    def fmt(**properties: Any) -> Any:
        key = tuple(sorted(properties.items()))
        made = formats.get(key)
        if made is None:
            made = formats[key] = book.add_format(dict(properties))
        return made

    fonts = {Style.TITLE: {"bold": True, "font_size": 15}, Style.SUBTITLE: {"font_color": "#404040"},
             Style.HEADING: {"bold": True, "font_size": 12, "font_color": "#1F3864"},
             Style.LABEL: {"bold": True}, Style.NOTE: {"italic": True, "font_color": "#595959"}}
    heading_fill = {"bg_color": "#D9E1F2", "pattern": 1}
    gain = book.add_format({"font_color": "#006100", "bg_color": "#C6EFCE"})
    loss = book.add_format({"font_color": "#9C0006", "bg_color": "#FFC7CE"})
    sheets = {sheet.name: book.add_worksheet(sheet.name) for sheet in report.sheets}

    def write(worksheet: Any, row: int, column: int, value: Any, properties: dict[str, Any]) -> None:
        if isinstance(value, str):
            value = fit_text(value)
            if value.startswith(FORMULA_STARTS) or value in _ERROR_CODES:
                properties = {**properties, "quote_prefix": True}
            worksheet.write_string(row, column, value, fmt(**properties) if properties else None)
        elif isinstance(value, (datetime, date)):
            worksheet.write_datetime(row, column, value, fmt(**{"num_format": "yyyy-mm-dd", **properties}))
        elif value is None:
            if properties:
                worksheet.write_blank(row, column, None, fmt(**properties))
        else:
            worksheet.write_number(row, column, value, fmt(**properties) if properties else None)

    for sheet in report.sheets:
        worksheet = sheets[sheet.name]
        for table in sheet.tables:
            for offset, column in enumerate(table.columns):
                worksheet.set_column(table.column + offset - 1, table.column + offset - 1, column.width)
        for number, width in sheet.widths:
            worksheet.set_column(number - 1, number - 1, width)
        heights = dict(sheet.row_heights)
        if sheet.freeze is not None:
            worksheet.freeze_panes(sheet.freeze[0] - 1, sheet.freeze[1] - 1)
        if sheet.hidden:
            worksheet.hide()
        page = sheet.page
        if page.landscape:
            worksheet.set_landscape()
        else:
            worksheet.set_portrait()
        worksheet.set_paper(1 if page.paper == "letter" else 9)
        if page.fit_to_width:
            worksheet.fit_to_pages(1, 0)
        if page.title_rows is not None:
            worksheet.repeat_rows(page.title_rows[0] - 1, page.title_rows[1] - 1)
        worksheet.set_margins(left=0.5, right=0.5, top=0.6, bottom=0.6)
        if page.header:
            worksheet.set_header("&C" + page.header.replace("&", "&&")[:200], {"margin": 0.3})
        worksheet.set_footer("&L" + sheet.name.replace("&", "&&") + "&RPage &P of &N", {"margin": 0.3})
        if page.row_breaks:
            worksheet.set_h_pagebreaks(list(page.row_breaks))
        # Every cell by row (XlsxWriter's constant_memory mode needs rows in order).
        rows: dict[int, dict[int, tuple[Any, dict[str, Any]]]] = {}
        tall = {row for row, height in sheet.row_heights if height > 15.0}
        for table in sheet.tables:
            for offset, column in enumerate(table.columns):
                if table.listed:
                    header = {"bold": True, "font_color": "#FFFFFF", "bg_color": "#4472C4", "pattern": 1,
                              "valign": "top", "text_wrap": True}
                    if column.number_format:
                        header["align"] = "right"
                else:
                    header = {"bold": True, "valign": "top", "text_wrap": True}
                rows.setdefault(table.row, {})[table.column + offset] = (column.header, header)
            plain = [{"num_format": c.number_format} if c.number_format not in (None, "General") else {}
                     for c in table.columns]
            top = [{**({"num_format": c.number_format} if c.number_format else {}), "valign": "top",
                    **({"text_wrap": True} if c.wrap else {})} for c in table.columns]
            wrapped = [{"valign": "top", "text_wrap": True} if c.wrap else {} for c in table.columns]
            for index, values in enumerate(table.rows, start=table.row + 1):
                line = rows.setdefault(index, {})
                styles = top if index in tall else None
                for offset, value in enumerate(values):
                    if value is not None:
                        line[table.column + offset] = (value, styles[offset] if styles else (
                            wrapped[offset] if isinstance(value, str) else plain[offset]))
        merges = []
        for spec in sheet.cells:
            properties: dict[str, Any] = dict(fonts.get(spec.style, {}))
            number_format = spec.number_format or ("yyyy-mm-dd" if isinstance(spec.value, date) else None)
            if number_format:
                properties["num_format"] = number_format
            if spec.span > 1 or spec.style in (Style.VALUE, Style.LABEL) or (
                    spec.style is Style.NOTE and spec.column > 1):
                properties.update({"valign": "top", "text_wrap": True} if isinstance(spec.value, str)
                                  else {"valign": "top", "align": "left"})
            if spec.style is Style.HEADING:
                properties.update(heading_fill)
                for column in range(spec.column + 1, spec.column + 3):
                    rows.setdefault(spec.row, {})[column] = (None, heading_fill)
            rows.setdefault(spec.row, {})[spec.column] = (spec.value, properties)
            if spec.span > 1:
                merges.append(spec)
        for row in sorted(set(rows) | set(heights)):
            if row in heights:
                worksheet.set_row(row - 1, heights[row])
            for column, (value, properties) in sorted(rows.get(row, {}).items()):
                write(worksheet, row - 1, column - 1, value, properties)
        for spec in merges:
            value, properties = rows[spec.row][spec.column]
            if constant_memory:
                continue  # merge_range writes its first cell again, out of row order
            worksheet.merge_range(spec.row - 1, spec.column - 1, spec.row - 1, spec.column + spec.span - 2,
                                  None, fmt(**properties))
            write(worksheet, spec.row - 1, spec.column - 1, value, properties)
        for table in sheet.tables:
            if not (table.listed and table.rows):
                continue
            if not constant_memory:
                headers = rows[table.row]
                corners = (table.row - 1, table.column - 1, table.last_row - 1, table.last_column - 1)
                worksheet.add_table(*corners, {
                    "name": table.name, "style": TABLE_STYLE, "autofilter": True,
                    "columns": [{"header": c.header, "header_format": fmt(**headers[table.column + i][1])}
                                for i, c in enumerate(table.columns)]})
            for offset, column in enumerate(table.columns):
                if column.signed:
                    letter = table.column + offset - 1
                    area = (table.row, letter, table.last_row - 1, letter)
                    worksheet.conditional_format(*area, {"type": "cell", "criteria": ">", "value": 0,
                                                         "format": gain})
                    worksheet.conditional_format(*area, {"type": "cell", "criteria": "<", "value": 0,
                                                         "format": loss})
        for spec in sheet.charts:
            _xlsxwriter_chart(book, worksheet, spec, ChartKind)
    book.set_properties({"title": report.title[:200], "author": "xlrating"})
    book.close()


def _xlsxwriter_chart(book: Any, worksheet: Any, spec: Any, kinds: Any) -> None:
    def area(reference: Any) -> list[Any]:
        return [reference.sheet, reference.first_row - 1, reference.column - 1, reference.last_row - 1,
                reference.column - 1]

    def title(text: str, size: int) -> dict[str, Any]:
        return {"name": text, "name_font": {"size": size, "bold": True}}

    if spec.kind is kinds.LINE:
        chart = book.add_chart({"type": "line"})
        for series in spec.series:
            colour = "#" + series.colour if series.colour else None
            chart.add_series({"name": series.title, "values": area(series.values),
                              "categories": area(series.categories),
                              "marker": {"type": "circle", "size": 6,
                                         **({"fill": {"color": colour}} if colour else {})},
                              **({"line": {"color": colour}} if colour else {})})
        chart.show_blanks_as("gap")
        chart.set_x_axis({"label_position": "low"})
    elif spec.kind is kinds.BAR:
        chart = book.add_chart({"type": "bar"})
        for series in spec.series:
            colour = "#" + series.colour if series.colour else None
            chart.add_series({"name": series.title, "values": area(series.values),
                              "categories": area(series.categories), "overlap": 100, "gap": 40,
                              **({"fill": {"color": colour}, "border": {"color": colour}} if colour else {})})
        chart.set_x_axis({"label_position": "low", "interval_unit": 1, "num_font": {"size": 8}})
        chart.set_y_axis({"num_format": "+0;-0;0"})
    else:
        chart = book.add_chart({"type": "scatter", "subtype": "straight_with_markers"})
        for series in spec.series:
            if series.line:
                style: dict[str, Any] = {"marker": {"type": "none"}, "line": {
                    "color": "#" + (series.colour or "7F7F7F"), "dash_type": "dash", "width": 1}}
            else:
                colour = "#" + (series.colour or "1F4E79")
                style = {"marker": {"type": "circle", "size": 5, "fill": {"color": colour},
                                    "border": {"color": colour}}, "line": {"none": True}}
            chart.add_series({"name": series.title, "values": area(series.values),
                              "categories": area(series.categories), **style})
    x_axis: dict[str, Any] = title(spec.x_title, 10) if spec.x_title else {}
    y_axis: dict[str, Any] = title(spec.y_title, 10) if spec.y_title else {}
    if spec.x_bounds:
        x_axis.update(min=spec.x_bounds[0], max=spec.x_bounds[1])
    if spec.y_bounds:
        y_axis.update(min=spec.y_bounds[0], max=spec.y_bounds[1])
    if spec.kind is kinds.BAR:
        x_axis.update(label_position="low", interval_unit=1, num_font={"size": 8})
        y_axis.update(num_format="+0;-0;0")
    elif spec.kind is kinds.LINE:
        x_axis.update(label_position="low")
    chart.set_x_axis(x_axis)
    chart.set_y_axis(y_axis)
    chart.set_title({**title(spec.title, 12), "overlay": False})
    chart.set_legend({"position": "bottom"})
    chart.set_size({"width": round(spec.width * _CM_TO_PIXELS), "height": round(spec.height * _CM_TO_PIXELS)})
    worksheet.insert_chart(spec.row - 1, spec.column - 1, chart)


# --- one timed run, in its own process -----------------------------------------------------------

def _worker(writer: str, content: Path, target: Path) -> None:
    from xlrating.report import report_workbook
    from xlrating.workbook import save_workbook_atomic
    from xlrating.workbook.save import stage_file

    with open(content, "rb") as file:
        report = pickle.load(file)
    if writer == FLOOR:
        def run() -> None:
            save_workbook_atomic(_values_only(report), target)
    elif writer.startswith("openpyxl"):
        from openpyxl import LXML

        if (writer == "openpyxl+lxml") != LXML:
            raise SystemExit(f"{writer}: openpyxl's lxml flag is {LXML}")

        def run() -> None:
            save_workbook_atomic(report_workbook(report), target)
    else:
        import xlsxwriter  # noqa: F401  (imported before the clock starts)

        def run() -> None:
            stage_file(target, lambda name: xlsxwriter_report(
                report, name, constant_memory=writer == "xlsxwriter-cm")).commit()
    before = _resident("VmRSS", reset_peak=True)
    start = time.perf_counter()
    run()
    elapsed = time.perf_counter() - start
    peak = _resident("VmHWM")
    print(elapsed, peak - before if peak >= 0 and before >= 0 else -1)


def _resident(field: str, *, reset_peak: bool = False) -> int:
    """``VmRSS`` (resident now) or ``VmHWM`` (its peak) of this process in bytes, from Linux's
    ``/proc``; ``reset_peak`` starts the peak afresh. -1 where there is no such file."""
    try:
        if reset_peak:
            Path("/proc/self/clear_refs").write_text("5")
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return -1


def _values_only(report: Any) -> Any:
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    for sheet in report.sheets:
        worksheet = book.create_sheet(sheet.name)
        for table in sheet.tables:
            for row in table.rows:
                worksheet.append(row)
    return book


def _timed(writer: str, content: Path, target: Path) -> tuple[float, int]:
    environment = {**os.environ, "OPENPYXL_LXML": "True" if writer == "openpyxl+lxml" else "False"}
    done = subprocess.run([sys.executable, __file__, "--worker", writer, str(content), str(target)],
                          env=environment, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{writer} failed:\n{done.stderr}")
    seconds, grown = done.stdout.strip().splitlines()[-1].split()
    return float(seconds), int(grown)


def _trimmed(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """``row`` without its trailing empty cells (the writers give a sheet's dimension differently)."""
    end = len(row)
    while end and row[end - 1] is None:
        end -= 1
    return row[:end]


def _values(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True)
    try:
        return {sheet.title: [_trimmed(row) for row in sheet.iter_rows(values_only=True)
                              if any(v is not None for v in row)] for sheet in book.worksheets}
    finally:
        book.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="2000x7,10000x9", help="players x rounds, comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--writers", default=",".join(WRITERS))
    parser.add_argument("--check", action="store_true", help="compare the files' cell values with openpyxl's")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        _worker(args.worker[0], Path(args.worker[1]), Path(args.worker[2]))
        return 0

    from bench_report import swiss_sheets

    from xlrating.crosstable import rate_sheets
    from xlrating.report import build_report

    writers = []
    for writer in args.writers.split(","):
        needed = NEEDS.get(writer)
        if needed and importlib.util.find_spec(needed) is None:
            print(f"{writer:15s} skipped: the {needed} package is not installed")
        else:
            writers.append(writer)
    print(f"Python {sys.version.split()[0]}; best of {args.repeat} runs each, writers taking turns; "
          "ratios to openpyxl in this run")
    with tempfile.TemporaryDirectory() as folder:
        for size in args.sizes.split(","):
            players, rounds = (int(part) for part in size.split("x"))
            report = build_report(rate_sheets(swiss_sheets(players, rounds)).events)
            cells = sum(len(t.rows) * len(t.columns) for sheet in report.sheets for t in sheet.tables)
            content = Path(folder) / "report.pickle"
            content.write_bytes(pickle.dumps(report))
            times: dict[str, float] = {writer: float("inf") for writer in writers}
            memory: dict[str, int] = {writer: 0 for writer in writers}
            for _ in range(args.repeat):
                for writer in writers:
                    seconds, grown = _timed(writer, content, Path(folder) / f"{writer}.xlsx")
                    times[writer] = min(times[writer], seconds)
                    memory[writer] = max(memory[writer], grown) if grown >= 0 else -1
            print(f"\n{players:,} players, {rounds} rounds: {cells:,} table cells "
                  f"(sheets: {', '.join(sheet.name for sheet in report.sheets)})")
            base = times.get("openpyxl")
            for writer in writers:
                size_mb = (Path(folder) / f"{writer}.xlsx").stat().st_size / 1e6
                ratio = f"   {base / times[writer]:4.2f}x as fast as openpyxl" if base else ""
                grown = f"+{memory[writer] / 1e6:4.0f} MB" if memory[writer] >= 0 else "    n/a"
                print(f"  {writer:15s} {times[writer]:6.3f} s   file {size_mb:4.1f} MB   "
                      f"peak memory {grown}{ratio}")
            if args.check and base:
                reference = _values(Path(folder) / "openpyxl.xlsx")
                for writer in [w for w in writers[1:] if w != FLOOR]:
                    same = _values(Path(folder) / f"{writer}.xlsx") == reference
                    print(f"  {writer:15s} cell values {'the same as' if same else 'DIFFER from'} openpyxl's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
