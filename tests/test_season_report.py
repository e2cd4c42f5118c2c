"""The season report: its content, its line chart in the .xlsx file, and the macro behind it in
both Excel flavours (xlwings Lite through xlwings' server path, as ``tests/test_macros.py``
plays it; classic Excel as a new workbook beside the season workbook).

The ratings themselves are the season engine's (``tests/test_season.py`` checks them);
here the report's cells are checked against the command line's report and the rated
workbook's History sheet, and the ICU club's numbers by hand (ICU rating formulae: K 24,
a win against a player 100 below gains 24 x 0.36 = 8.6, so Ann's 1800 becomes 1809).
"""

from __future__ import annotations

import datetime as dt
import types
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw
from openpyxl.chart import LineChart
from test_macros import Excel, _client_value, book_json, run_script, writes
from test_season import icu_club
from test_season_cli import write

from xlrating import macros
from xlrating.cli import main
from xlrating.errors import CrosstableError
from xlrating.excel import season_report as excel_season_report
from xlrating.excel.season_report import SEASON_REPORT_PREFIX
from xlrating.report.content import ChartKind
from xlrating.report.season import TOP, season_report
from xlrating.season import rate_season_sheets
from xlrating.season.read import chart_ids
from xlrating.templates.season import write_season_template
from xlrating.workbook import load, read_grids

SHEETS = ("Summary", "Ratings", "Chart")


def values(path: Path, sheet: str) -> list[list[Any]]:
    return [list(row) for row in openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True)]


def with_setting(path: Path, name: str, value: Any) -> Path:
    """The season workbook at ``path`` with the Season sheet's setting ``name`` set to ``value``."""
    book = openpyxl.load_workbook(path)
    sheet = book["Season"]
    row = next((cell.row for cell in sheet["A"] if cell.value == name), sheet.max_row + 1)
    sheet.cell(row=row, column=1, value=name)
    sheet.cell(row=row, column=2, value=value)
    book.save(path)
    return path


def cli_report(source: Path, capsys: pytest.CaptureFixture[str], *options: str) -> Path:
    report = source.with_name(f"{source.stem}-cli-report.xlsx")
    assert main(["season", str(source), "-o", str(source.with_name("rated.xlsx")), "--report", str(report),
                 *options]) == 0
    capsys.readouterr()
    return report


# --- the content --------------------------------------------------------------------------------


def test_the_chart_is_a_line_per_player_over_the_start_and_each_event() -> None:
    rated = rate_season_sheets(icu_club())
    report = season_report(rated, ["1", "2"])
    chart_sheet = report.sheet("Chart")
    (chart,) = chart_sheet.charts
    assert chart.kind is ChartKind.LINE and chart.title == "Rating history"
    data = chart_sheet.table("RatingHistory")
    # ICU rating formulae, K 24: Ann beats Bob (100 below) for +8.6 (1809), then loses to him.
    assert data.rows[:2] == (("Start", 1800, 1700), ("Autumn", 1809, 1691))
    assert [s.title for s in chart.series] == ["Ann", "Bob"]
    assert [(s.values.column, s.values.first_row, s.values.last_row) for s in chart.series] == [(2, 2, 4),
                                                                                              (3, 2, 4)]
    assert {s.categories for s in chart.series} == {chart.series[0].categories}
    assert chart.series[0].categories.column == 1 and chart.row == data.last_row + 3
    assert chart.y_bounds == (1600.0, 1900.0)  # the charted ratings, 1691 to 1809, to whole hundreds


def test_without_a_rated_player_the_chart_is_a_note() -> None:
    rated = rate_season_sheets(icu_club())
    sheet = season_report(rated, ["3"]).sheet("Chart")  # Cy, new and unrated: he only had a bye
    assert sheet.charts == () and "no history to chart" in str(sheet.cells[0].value)


def test_chart_ids_read_one_id_or_a_list() -> None:
    assert chart_ids(10000009.0) == ("10000009",)
    assert chart_ids(" 7, 8;9 ,,7") == ("7", "8", "9")
    assert chart_ids(None) == chart_ids("  ") == ()


def test_the_season_sheet_picks_the_players_and_an_unknown_id_is_an_error_at_its_cell() -> None:
    sheets = icu_club()
    sheets["Season"] += [["Chart players", "3, 2"]]
    rated = rate_season_sheets(sheets)
    assert rated.season.chart.players == ("3", "2")  # Cy is new in Winter: on the season's list
    assert season_report(rated).sheet("Chart").table("RatingHistory").columns[1].header == "Cy"
    sheets["Season"][-1] = ["Chart top", 1]
    assert [c.header for c in season_report(rate_season_sheets(sheets)).sheet("Chart").table(
        "RatingHistory").columns] == ["Event", "Ann"]
    sheets["Season"][-1] = ["Chart players", "1, 9, 8"]
    with pytest.raises(CrosstableError, match=r"Season!B2: Chart players: 9, 8 are not on the season's list"):
        rate_season_sheets(sheets)
    sheets["Season"][-1] = ["Chart top", "ten"]
    with pytest.raises(CrosstableError, match=r"Season!B2: Chart top: "):
        rate_season_sheets(sheets)


# --- the .xlsx file -----------------------------------------------------------------------------


def test_the_xlsx_report_draws_a_native_line_chart(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    source = write(tmp_path / "club.xlsx", icu_club())
    report = cli_report(source, capsys, "--chart-players", "1,2")
    (chart,) = openpyxl.load_workbook(report)["Chart"]._charts
    assert isinstance(chart, LineChart)
    refs = [s.val.numRef.f for s in chart.series]
    assert refs == ["'Chart'!$B$2:$B$4", "'Chart'!$C$2:$C$4"]
    assert chart.series[0].cat.numRef.f == "'Chart'!$A$2:$A$4"  # openpyxl refers to labels as numRef
    assert [s.tx.v for s in chart.series] == ["Ann", "Bob"]
    assert (chart.y_axis.scaling.min, chart.y_axis.scaling.max) == (1600.0, 1900.0)
    # The History sheet of the rated workbook holds the same ratings after each event.
    history = {row[0]: row for row in values(tmp_path / "rated.xlsx", "History")}
    chart_rows = values(report, "Chart")
    assert [row[1] for row in chart_rows[1:]] == list(history["1"][2:])
    ratings = {row[0]: row for row in values(report, "Ratings")}
    assert ratings["1"][2:5] == [1800, 1793, -7] and ratings["3"][2:5] == [None, None, None]


def test_the_command_lines_options_stand_for_the_season_sheets(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    source = with_setting(write(tmp_path / "club.xlsx", icu_club()), "Chart players", "2")
    assert values(cli_report(source, capsys), "Chart")[0] == ["Event", "Bob"]
    assert values(cli_report(source, capsys, "--chart-top", "2"), "Chart")[0] == ["Event", "Ann", "Bob"]


# --- the macro in xlwings Lite ------------------------------------------------------------------


class ReportExcel(Excel):
    """The client side for a report: sheets added and deleted, formatting recorded, not applied."""

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data)
        self.other: list[dict[str, Any]] = []

    def apply(self, actions: list[dict[str, Any]]) -> None:
        for action in actions:
            func = action["func"]
            if func == "addSheet":
                position, name = action["args"]
                self.names.insert(position, name)
                self.values[name] = []
            elif func == "sheetDelete":
                del self.values[self.names.pop(action["sheet_position"])]
            elif func in ("setValues", "setNumberFormat", "alert"):
                super().apply([action])
            else:
                self.other.append(action)


def same_cells(path: Path, excel: Excel, prefix: str = SEASON_REPORT_PREFIX) -> None:
    """Every cell of the report file at ``path`` has its value on the Lite report's sheets."""
    book = openpyxl.load_workbook(path)
    for name in SHEETS:
        sheet = book[name]
        assert sheet.max_row > 1
        for row in range(1, sheet.max_row + 1):
            for column in range(1, sheet.max_column + 1):
                expected = sheet.cell(row=row, column=column).value
                got = excel.cell(prefix + name, row, column)
                if isinstance(expected, dt.datetime):
                    assert str(got)[:10] == expected.date().isoformat()  # xlwings sends a date as ISO text
                elif isinstance(expected, float):
                    assert got == pytest.approx(expected, rel=1e-15), (name, row, column)
                else:
                    assert got == _client_value(expected), (name, row, column)


def test_the_lite_script_adds_the_report_sheets_with_the_files_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_season_template(tmp_path / "season.xlsx")[0]
    data = book_json(source)
    excel = ReportExcel(data)
    own = len(excel.names)
    actions = run_script(macros, "make_season_report", data)
    excel.apply(actions)
    assert excel.names[own:] == [SEASON_REPORT_PREFIX + name for name in SHEETS]
    # Nothing is written to the season's own sheets.
    assert all(a["sheet_position"] >= own for a in writes(actions) if a["sheet_position"] is not None)
    same_cells(cli_report(source, capsys), excel)
    header = excel.values["Season report Chart"][0]
    # The top 10 by default: here all 9 of the new list (Ito, Ivy is new), highest rated first.
    assert len(header) == 1 + 9 < 1 + TOP and header[1] == "Adler, Ada" and "Ito, Ivy" in header
    (chart,) = [a for a in excel.other if a["func"] == "addChart"]
    _, kind, sheet, area, *_, plot_by, _, _ = chart["args"]
    assert (kind, sheet, area, plot_by) == ("LineMarkers", "Season report Chart", "$B$1:$J$5", "Columns")
    (axis,) = [a["args"] for a in excel.other if a["func"] == "setChartXAxisValues"]
    assert axis == [0, "Season report Chart", "$A$2:$A$5"]
    tables = sorted(a["args"][3] for a in excel.other if a["func"] == "addTable")
    assert tables == ["SeasonreportEvents", "SeasonreportRatings"]
    assert len(excel.alerts) == 1 and excel.alerts[0][1] == "xlrating"


def test_the_lite_report_follows_the_season_sheet_and_replaces_an_earlier_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = with_setting(write_season_template(tmp_path / "season.xlsx")[0],
                          "Chart players", "10000009, 10000006")
    data = book_json(source)
    excel = ReportExcel(data)
    excel.apply(run_script(macros, "make_season_report", data))
    again = book_json(source)
    for name in excel.names[len(again["sheets"]):]:  # the first run's sheets, as Excel now has them
        rows = excel.values[name]
        again["sheets"].append({"name": name, "values": rows or [[""]], "pictures": [], "tables": []})
    rerun = ReportExcel(again)
    actions = run_script(macros, "make_season_report", again)
    rerun.apply(actions)
    assert [a["func"] for a in actions].count("sheetDelete") == len(SHEETS)
    assert rerun.names == excel.names
    assert rerun.values["Season report Chart"][0] == ["Event", "Ito, Ivy", "Fischer, Fay"]
    same_cells(cli_report(source, capsys), rerun)


def test_lite_errors_give_one_alert_and_no_writes(tmp_path: Path) -> None:
    source = with_setting(write_season_template(tmp_path / "season.xlsx")[0],
                          "Chart players", "10000001, 99")
    book = openpyxl.load_workbook(source)
    book["Autumn"]["B3"] = None  # a player without an ID
    book.save(source)
    actions = run_script(macros, "make_season_report", book_json(source))
    assert writes(actions) == []
    (alert,) = actions
    text, title = alert["args"][0], alert["args"][1]
    assert title == "xlrating: no report was made"
    assert "Autumn!B3" in text and "Season!B5: Chart players: 99 is not on the season's list" in text


# --- the macro in classic Excel -----------------------------------------------------------------


class _Books:
    def __init__(self) -> None:
        self.opened: list[str] = []

    def open(self, path: str) -> None:
        self.opened.append(path)


class _App:
    """What the macro uses of classic Excel's application: its engine, books and alerts."""

    class engine:
        name = "excel"

    def __init__(self) -> None:
        self.books = _Books()
        self.alerts: list[str] = []

    def alert(self, text: str, **_: Any) -> None:
        self.alerts.append(text)


class _ClassicBook:
    def __init__(self, fullname: Path) -> None:
        self.fullname = str(fullname)
        self.app = _App()


def test_classic_excel_gets_a_new_workbook_beside_the_season(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    source = write_season_template(tmp_path / "club.xlsx")[0]
    grids = read_grids(load(source))
    monkeypatch.setattr(excel_season_report, "read_book", lambda book: grids)
    book = _ClassicBook(source)
    report = macros.season_report(book)
    made = tmp_path / "club-season-report.xlsx"
    assert report is not None and book.app.books.opened == [str(made)] and book.app.alerts == []
    expected = cli_report(source, capsys)
    for name in SHEETS:
        assert values(made, name) == values(expected, name), name
    assert macros.season_report(book) is not None  # again: beside the first, never over it
    assert book.app.books.opened[-1] == str(tmp_path / "club-season-report-2.xlsx")


def test_classic_excel_errors_give_an_alert_and_write_nothing(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    source = with_setting(write_season_template(tmp_path / "club.xlsx")[0], "Chart top", 0)
    grids = read_grids(load(source))
    monkeypatch.setattr(excel_season_report, "read_book", lambda book: grids)
    book = _ClassicBook(source)
    assert macros.season_report(book) is None
    (alert,) = book.app.alerts
    assert "Season!B6: Chart top: 0 is out of range: a number of players must be from 1 to 100" in alert
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]


def test_the_macro_season_templates_report_makes_the_report(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    source, script = write_season_template(tmp_path / "club_season.xlsm", macro=True)
    module = types.ModuleType("club_season")
    exec(compile(script.read_text(encoding="utf-8"), str(script), "exec"), module.__dict__)
    data = book_json(source)
    excel = ReportExcel(data)
    called = xw.Book(json=data)
    monkeypatch.setattr(xw.Book, "caller", classmethod(lambda cls: called))
    module.report()
    excel.apply(called.json()["actions"])
    assert excel.values["Season report Ratings"][0][:4] == ["ID", "Name", "Before", "After"]
    assert excel.values["Season report Summary"][4][:2] == ["Players after", 9]


def test_the_template_names_the_settings_and_a_bad_one_stops_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_season_template(tmp_path / "season.xlsx")[0]
    rated = rate_season_sheets(read_grids(load(source)))
    assert (rated.season.chart.players, rated.season.chart.top) == ((), 10)
    with_setting(source, "Chart players", "10000002;10000077")
    assert main(["season", str(source)]) == 1  # an error of the workbook, report or not
    err = capsys.readouterr().err
    assert "Season!B5: Chart players: 10000077 is not on the season's list" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["season.xlsx"]


def test_the_lite_report_carries_the_runs_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheets = icu_club()
    sheets["Season"].append(["List date", dt.date(2024, 9, 1)])
    sheets["Autumn"][1][3] = 1750  # typed, but the list gives Ann 1800: a note
    source = write(tmp_path / "club.xlsx", sheets)
    data = book_json(source)
    excel = ReportExcel(data)
    excel.apply(run_script(macros, "make_season_report", data))
    same_cells(cli_report(source, capsys), excel)
    summary = excel.values["Season report Summary"]
    assert summary[10][0] == "Notes"
    assert summary[11][0].startswith("Autumn!D2: Rating 1750 is typed, but the list gives 1800")
