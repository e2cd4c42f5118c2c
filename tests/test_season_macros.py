"""The season macro through xlwings' server path (as xlwings Lite runs it): it writes what
``xlrating season`` writes, adds the New list, History and New pending sheets, and writes
nothing on errors. See ``tests/test_macros.py`` for how the client side is played."""

from __future__ import annotations

import types
from datetime import datetime
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw
from openpyxl.utils import get_column_letter
from test_macros import Excel, _client_value, book_json, run_script, writes

from xlrating import macros
from xlrating.cli import main
from xlrating.templates.season import season_module, write_season_template


class SeasonExcel(Excel):
    """The client side, also adding sheets as Excel does."""

    def apply(self, actions: list[dict[str, Any]]) -> None:
        for action in actions:
            if action["func"] == "addSheet":
                position, name = action["args"]
                self.names.insert(position, name)
                self.values[name] = []
            else:
                super().apply([action])


def _both_ways(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[SeasonExcel, Any]:
    """The season template rated by the script (the client's book after its actions) and by
    ``xlrating season`` (the rated file, as openpyxl reads it)."""
    source = write_season_template(folder / "season.xlsx")[0]
    data = book_json(source)
    excel = SeasonExcel(data)
    excel.apply(run_script(macros, "rate_season_workbook", data))
    assert main(["season", str(source)]) == 0
    capsys.readouterr()
    return excel, openpyxl.load_workbook(folder / "season-rated.xlsx")


def test_the_season_script_writes_what_the_command_line_writes(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    excel, rated = _both_ways(tmp_path, capsys)
    assert excel.names == rated.sheetnames
    for name in ("Players", "Autumn", "Winter", "Spring", "New list", "History"):
        sheet = rated[name]
        for row in range(1, sheet.max_row + 1):
            for column in range(1, sheet.max_column + 1):
                expected, got = sheet.cell(row=row, column=column).value, excel.cell(name, row, column)
                if isinstance(expected, datetime) and column > 2 and name == "New list":
                    assert str(got)[:10] == expected.date().isoformat()  # xlwings sends a date as ISO text
                elif isinstance(expected, float):
                    assert got == pytest.approx(expected, rel=1e-15), (name, row, column)
                else:
                    assert got == _client_value(expected), (name, row, column)
    assert len(excel.alerts) == 1 and "List: 8 players before, 9 after" in excel.alerts[0][0]


def test_the_season_script_lays_out_the_sheets_it_adds_as_the_command_line_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The New list and History sheets the script adds: the header in bold, each column as wide
    # as the command line makes it (xlwings Lite takes a width in points, openpyxl in characters).
    excel, rated = _both_ways(tmp_path, capsys)
    for name in ("New list", "History"):
        sheet = rated[name]
        assert sheet.max_column > 2
        for column in range(1, sheet.max_column + 1):
            letter = get_column_letter(column)
            characters = sheet.column_dimensions[letter].width
            assert excel.widths[(name, column)] == round((characters * 7 + 5) * 0.75, 2), (name, letter)
            assert sheet.cell(row=1, column=column).font.b
            assert excel.fonts[(name, 1, column)] == {"bold": True}, (name, letter)
        assert not any(row > 1 for sheet_name, row, _ in excel.fonts if sheet_name == name)
    assert not any(sheet_name not in ("New list", "History") for sheet_name, _ in excel.widths)


def test_the_season_script_keeps_the_layout_of_sheets_that_were_there(tmp_path: Path) -> None:
    # Rated again, the workbook has its New list and History: their widths are its user's.
    source = write_season_template(tmp_path / "season.xlsx")[0]
    book = openpyxl.load_workbook(source)
    for name in ("New list", "History"):
        book.create_sheet(name)
    book.save(source)
    excel = SeasonExcel(book_json(source))
    excel.apply(run_script(macros, "rate_season_workbook", book_json(source)))
    assert excel.values["History"][0][:3] == ["ID", "Name", "Start"]
    assert excel.widths == {} and excel.fonts == {}


def test_a_bad_season_gets_no_writes_and_an_alert_listing_every_error(tmp_path: Path) -> None:
    source = write_season_template(tmp_path / "season.xlsx")[0]
    book = openpyxl.load_workbook(source)
    book["Autumn"]["B3"] = None  # a player without an ID
    book["Events"]["A3"] = "Summer"  # no such sheet
    book.save(source)
    actions = run_script(macros, "rate_season_workbook", book_json(source))
    assert writes(actions) == []
    text, title = actions[0]["args"][0], actions[0]["args"][1]
    assert title == "xlrating: nothing was rated"
    assert "Autumn!B3" in text and "Events!A3" in text


def test_the_macro_season_templates_main_rates_the_calling_book(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    source, script = write_season_template(tmp_path / "club_season.xlsm", macro=True)
    assert script.read_text(encoding="utf-8") == season_module("club_season")
    book = openpyxl.load_workbook(source, keep_vba=True)
    assert book.sheetnames[0] == "Season" and book.sheetnames[-1] == "xlwings.conf"
    assert book["Season"].sheet_properties.codeName == "Sheet1"  # xlwings' quickstart sheet, VBA kept
    module = types.ModuleType("club_season")
    exec(compile(season_module("club_season"), "club_season.py", "exec"), module.__dict__)
    data = book_json(source)
    called = xw.Book(json=data)
    monkeypatch.setattr(xw.Book, "caller", classmethod(lambda cls: called))
    module.main()
    excel = SeasonExcel(data)
    excel.apply(called.json()["actions"])
    assert excel.values["History"][0][:3] == ["ID", "Name", "Start"]
    assert "New rating" in excel.values["Players"][0]


def test_template_season_macro_on_the_command_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "my_season.xlsm"
    assert main(["template", "season", "--macro", "-o", str(target)]) == 0
    assert target.exists() and target.with_suffix(".py").exists()
    assert main(["template", "season", "--macro", "-o", str(tmp_path / "my-season.xlsm")]) == 1
    assert "named like a Python module" in capsys.readouterr().err


def test_the_season_script_adds_and_writes_new_pending_as_the_command_line_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from test_season_cli import write
    from test_season_pending import january_2024

    source = write(tmp_path / "january.xlsx", january_2024())
    data = book_json(source)
    excel = SeasonExcel(data)
    excel.apply(run_script(macros, "rate_season_workbook", data))
    assert main(["season", str(source)]) == 0
    assert "Pending: 1 unrated player with 3 games towards a first rating" in capsys.readouterr().out
    rated = openpyxl.load_workbook(tmp_path / "january-rated.xlsx")
    assert excel.names == rated.sheetnames and excel.names[-1] == "New pending"
    sheet = rated["New pending"]
    assert sheet.max_row == 4
    for row in range(1, sheet.max_row + 1):
        for column in range(1, sheet.max_column + 1):
            expected, got = sheet.cell(row=row, column=column).value, excel.cell("New pending", row, column)
            if isinstance(expected, datetime):
                assert str(got)[:10] == expected.date().isoformat()  # xlwings sends a date as ISO text
            else:
                assert got == _client_value(expected), (row, column)
    assert "New list, History and New pending written." in excel.alerts[0][0]


HOSTILE_NAMES = ["1/2", "TRUE", "3-4", "12:30", "$5", "Jan 5", "(5)", "50%"]


def test_the_season_script_sends_names_excel_would_convert_as_text(tmp_path: Path) -> None:
    # Names such as 1/2, TRUE, 3-4, 12:30 and $5 went to Excel bare: Excel, reading them as typed,
    # would turn them into a date, a boolean, a time, a currency amount.
    source = write_season_template(tmp_path / "season.xlsx")[0]
    book = openpyxl.load_workbook(source)
    renamed = {}
    for row, name in enumerate(HOSTILE_NAMES, start=2):
        renamed[book["Players"].cell(row=row, column=2).value] = name
    for sheet in book.worksheets:
        for line in sheet.iter_rows():
            for cell in line:
                if cell.value in renamed:
                    cell.value = renamed[cell.value]
    book.save(source)
    actions = run_script(macros, "rate_season_workbook", book_json(source))
    assert [a["args"][1] for a in actions if a["func"] == "alert"] == ["xlrating"], actions[-1]
    sent = [value for action in writes(actions) if action["func"] == "setValues"
            for row in action["values"] for value in row]
    for name in HOSTILE_NAMES:
        assert f"'{name}" in sent, name
        assert name not in sent, name
    excel = SeasonExcel(book_json(source))
    excel.apply(actions)
    names = [excel.cell("New list", row, 2) for row in range(2, 11)]
    assert set(HOSTILE_NAMES) <= set(names)  # Excel shows the text without the apostrophe


def test_the_event_script_rates_a_season_workbook_as_its_season(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # "Rate this event" clicked in a season workbook rated each event sheet alone: every player
    # unrated, as of today, and wrote those numbers over the season's output columns. `xlrating
    # rate` rates a season workbook as its season; so does the event script.
    source = write_season_template(tmp_path / "season.xlsx")[0]
    by_event, by_season = SeasonExcel(book_json(source)), SeasonExcel(book_json(source))
    by_event.apply(run_script(macros, "rate_crosstable", book_json(source)))
    by_season.apply(run_script(macros, "rate_season_workbook", book_json(source)))
    assert by_event.values == by_season.values and by_event.names == by_season.names
    assert by_event.alerts == by_season.alerts
    assert "List: 8 players before, 9 after" in by_event.alerts[0][0]
    assert main(["rate", str(source)]) == 0
    capsys.readouterr()
    rated = openpyxl.load_workbook(tmp_path / "season-rated.xlsx")
    assert by_event.names == rated.sheetnames


def test_the_report_script_makes_a_season_workbooks_season_report(tmp_path: Path) -> None:
    # The rating report of a season workbook rated each event sheet alone (every player
    # unrated, as of today) and its alert said nothing of it; it is the season report, as the season's own
    # report script makes it.
    source = write_season_template(tmp_path / "season.xlsx")[0]
    by_event = run_script(macros, "make_rating_report", book_json(source))
    by_season = run_script(macros, "make_season_report", book_json(source))
    added = [a["args"][1] for a in by_event if a["func"] == "addSheet"]
    assert "Season report Summary" in added and "Report Summary" not in added
    assert by_event == by_season


def test_the_season_scripts_summary_names_the_rules_each_event_was_rated_under(tmp_path: Path) -> None:
    # With System and Rules blank on the Season sheet the season is rated under US Chess's
    # newest rules; the summary said only "Autumn: 6 players rated", as if no default were taken
    # (`xlrating season` prints each event's rules, as the event script's summary does).
    source = write_season_template(tmp_path / "season.xlsx")[0]
    book = openpyxl.load_workbook(source)
    assert [book["Season"][f"A{row}"].value for row in (1, 2)] == ["System", "Rules"]
    book["Season"]["B1"] = book["Season"]["B2"] = None
    book.save(source)
    actions = run_script(macros, "rate_season_workbook", book_json(source))
    summary = next(a["args"][0] for a in actions if a["func"] == "alert")
    assert summary.splitlines()[:3] == [f"{name}: {count} players rated (USCF 2020 Regular)"
                                        for name, count in (("Autumn", 6), ("Winter", 4), ("Spring", 6))]


def test_the_command_lines_report_of_a_season_workbook_is_its_season_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `xlrating report season.xlsx` rated each event sheet alone (every player unrated, as of
    # today); it writes the season report, as `xlrating season --report` and the report macro do.
    source = write_season_template(tmp_path / "season.xlsx")[0]
    assert main(["report", str(source)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Season report: 3 events"
    assert main(["season", str(source), "--report", str(tmp_path / "season-report-2.xlsx")]) == 0
    capsys.readouterr()
    made, expected = (openpyxl.load_workbook(tmp_path / name) for name in ("season-report.xlsx",
                                                                            "season-report-2.xlsx"))
    assert made.sheetnames == expected.sheetnames == ["Summary", "Ratings", "Chart"]
    for name in made.sheetnames:
        assert [list(row) for row in made[name].iter_rows(values_only=True)] == [
            list(row) for row in expected[name].iter_rows(values_only=True)]
    assert main(["report", str(source), "--explain-all"]) == 1
    assert "--explain-all applies to a crosstable's rating report" in capsys.readouterr().err


@pytest.mark.parametrize(("script", "title"), [("rate_season_workbook", "xlrating: nothing was rated"),
                                                ("make_season_report", "xlrating: no report was made")])
@pytest.mark.parametrize("dropped", ["Players", "Events"])
def test_the_season_scripts_say_a_workbook_is_no_season_as_the_command_line_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str, title: str, dropped: str) -> None:
    # A season workbook without its Players or Events sheet run through a season script got
    # "Events: no header row: no cell in this sheet says 'Sheet'": a header row missing on a
    # sheet the workbook does not have. `xlrating season` says what is wrong; so do the scripts.
    source = write_season_template(tmp_path / "season.xlsx")[0]
    book = openpyxl.load_workbook(source)
    book.remove(book[dropped])
    book.save(source)
    assert main(["season", str(source)]) == 1
    said = capsys.readouterr().err.strip()
    actions = run_script(macros, script, book_json(source))
    assert writes(actions) == []
    (alert,) = actions
    assert (alert["args"][1], alert["args"][3]) == (title, "critical")
    assert alert["args"][0] == said.replace(str(source), source.name)


def test_a_note_below_the_players_list_outlives_a_second_season_rating(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A note below the Players list, in the column right of it: the first rating headed that
    # column New rating (the note under it), and the second cleared the note as a stale output,
    # in Excel and on the command line alike.
    source = write_season_template(tmp_path / "season.xlsx")[0]
    book = openpyxl.load_workbook(source)
    assert (book["Players"].max_row, book["Players"].max_column) == (9, 6)
    book["Players"]["G11"] = "checked by AM"
    book.save(source)
    data = book_json(source)
    excel = SeasonExcel(data)
    excel.apply(run_script(macros, "rate_season_workbook", data))
    excel.apply(run_script(macros, "rate_season_workbook", excel.sent(data, "Players")))
    assert excel.cell("Players", 11, 7) == "checked by AM" and excel.cell("Players", 1, 7) == ""
    assert main(["season", str(source), "-o", str(tmp_path / "once.xlsx")]) == 0
    assert main(["season", str(tmp_path / "once.xlsx"), "-o", str(tmp_path / "twice.xlsx")]) == 0
    capsys.readouterr()
    twice = openpyxl.load_workbook(tmp_path / "twice.xlsx")["Players"]
    assert twice["G11"].value == "checked by AM" and twice["G1"].value is None
    assert twice["H1"].value == excel.cell("Players", 1, 8) == "New rating"
