"""A sheet is found by its folded name (``event`` is the ``Event`` sheet): where two sheets fold to
the one wanted (``Event`` and ``event ``, which Excel takes as two sheets), every path refuses the
workbook and names both, instead of reading the first; nothing is written, the input is unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from test_fill_cli import blanked, uscf_event, workbook
from test_macros import book_json, run_script, writes
from test_season import icu_club
from test_season_cli import write

from xlrating import macros
from xlrating.cli import main
from xlrating.errors import CrosstableError
from xlrating.names import find_sheet
from xlrating.templates import write_template


def test_find_sheet_folds_the_name_and_refuses_two_matches() -> None:
    assert find_sheet(["Crosstable", "EVENT "], "Event") == "EVENT "
    assert find_sheet(["Crosstable"], "Event") is None
    with pytest.raises(CrosstableError) as error:
        find_sheet(["Event", "Crosstable", "event "], "Event")
    assert [str(p) for p in error.value.problems] == [
        "Sheets 'Event' and 'event ' are both read as the 'Event' sheet: rename or remove all but one"]


def _with_second_event_sheet(path: Path) -> Path:
    """The US Chess template with a second settings sheet, ``event ``, saying another system."""
    source = write_template("uscf", path)[0]
    book = openpyxl.load_workbook(source)
    other = book.copy_worksheet(book["Event"])
    other.title = "event "
    other["B2"] = "FIDE"
    book.save(source)
    return source


def _refused(tmp_path: Path, source: Path, args: list[str], capsys: pytest.CaptureFixture[str],
             names: str) -> None:
    before, files = source.read_bytes(), sorted(tmp_path.iterdir())
    assert main(args) == 1
    captured = capsys.readouterr()
    assert f"Sheets {names} are both read as" in captured.err and "Traceback" not in captured.err
    assert sorted(tmp_path.iterdir()) == files and source.read_bytes() == before


@pytest.mark.parametrize("command", [["rate"], ["report"], ["export", "--to", "trf"]])
def test_two_event_sheets_are_refused_on_the_command_line(tmp_path: Path, command: list[str],
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    source = _with_second_event_sheet(tmp_path / "event.xlsx")
    _refused(tmp_path, source, [command[0], str(source), *command[1:]], capsys, "'Event' and 'event '")


def test_two_event_sheets_are_refused_by_fill(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    typed, event = uscf_event()
    source = workbook(tmp_path / "event.xlsx", blanked(typed, ("Rating",)), event, with_list=True)
    book = openpyxl.load_workbook(source)
    book.copy_worksheet(book["Event"]).title = "event "
    book.save(source)
    _refused(tmp_path, source, ["fill", str(source), "--list-sheet"], capsys, "'Event' and 'event '")


def test_two_list_sheets_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_template("uscf", tmp_path / "event.xlsx")[0]
    book = openpyxl.load_workbook(source)
    book.create_sheet("List").append(["ID", "Name", "Rating"])
    book.create_sheet("list ").append(["ID", "Name", "Rating"])
    book.save(source)
    _refused(tmp_path, source, ["fill", str(source), "--list-sheet"], capsys, "'List' and 'list '")


@pytest.mark.parametrize("sheet", ["Players", "Events", "Season"])
def test_a_season_workbook_with_two_sheets_of_one_name_is_refused(tmp_path: Path, sheet: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    sheets: dict[str, Any] = icu_club()
    sheets[f"{sheet.lower()} "] = sheets[sheet]
    source = write(tmp_path / "club.xlsx", sheets)
    _refused(tmp_path, source, ["season", str(source)], capsys, f"'{sheet}' and '{sheet.lower()} '")


@pytest.mark.parametrize("script", ["rate_crosstable", "make_rating_report", "export_trf"])
def test_the_scripts_alert_and_write_nothing(tmp_path: Path, script: str) -> None:
    source = _with_second_event_sheet(tmp_path / "event.xlsx")
    _alerted(run_script(macros, script, book_json(source)), "'Event' and 'event '")


def test_the_fill_script_alerts_on_two_list_sheets(tmp_path: Path) -> None:
    source = write_template("uscf", tmp_path / "event.xlsx")[0]
    book = openpyxl.load_workbook(source)
    book.create_sheet("List").append(["ID", "Name", "Rating"])
    book.create_sheet("list ").append(["ID", "Name", "Rating"])
    book.save(source)
    _alerted(run_script(macros, "fill_from_the_list", book_json(source)), "'List' and 'list '")


def test_the_season_script_alerts_and_writes_nothing(tmp_path: Path) -> None:
    sheets: dict[str, Any] = icu_club()
    sheets["players "] = sheets["Players"]
    source = write(tmp_path / "club.xlsx", sheets)
    _alerted(run_script(macros, "rate_season_workbook", book_json(source)), "'Players' and 'players '")


def _alerted(actions: list[dict[str, Any]], names: str) -> None:
    assert writes(actions) == []
    assert len(actions) == 1 and actions[0]["func"] == "alert", actions
    assert f"Sheets {names} are both read as" in actions[0]["args"][0]
