"""The "Fill from the list" macro and Lite script through xlwings itself (see test_macros.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_fill_cli import store, workbook  # noqa: F401 (store: the fixture)
from test_fill_macros_formulas import lite_formulas
from test_macros import Excel, book_json, run_script, writes
from test_official_fill import blanked, uscf_event, uscf_list

from xlrating import macros
from xlrating.cli import main
from xlrating.workbook import load, read_grids


def test_the_lite_script_fills_from_the_list_sheet_as_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    typed, event = uscf_event()
    source = workbook(tmp_path / "event.xlsx", blanked(typed, ("Rating", "Games")), event, with_list=True)
    data = book_json(source)
    lite_formulas(monkeypatch, source)
    excel = Excel(data)
    actions = run_script(macros, "fill_from_the_list", data)
    excel.apply(actions)
    assert main(["fill", str(source), "--list-sheet"]) == 0
    capsys.readouterr()
    filled = read_grids(load(tmp_path / "event-filled.xlsx"))["Crosstable"]
    rating, games = typed[0].index("Rating"), typed[0].index("Games")
    for row, line in enumerate(filled, start=1):
        for column in (rating, games):
            expected = line[column] if column < len(line) else None
            assert excel.cell("Crosstable", row, column + 1) == ("" if expected is None else expected)
    # Only the blank cells the list fills are written, one by one; nothing else.
    assert all(a["start_column"] in (rating, games) and a["row_count"] == a["column_count"] == 1
               for a in writes(actions) if a["func"] == "setValues")
    assert excel.alerts == [("Crosstable: 64 Rating, 10 Games filled from the US Chess Regular list of "
                             "2014-06-01 in force on 2014-06-01", "xlrating")]


def test_without_a_list_sheet_lite_says_so_and_writes_nothing(tmp_path: Path) -> None:
    typed, event = uscf_event()
    data: dict[str, Any] = book_json(workbook(tmp_path / "event.xlsx", blanked(typed, ("Rating",)), event))
    actions = run_script(macros, "fill_from_the_list", data)
    assert writes(actions) == []
    assert [a["args"][1] for a in actions] == ["xlrating: nothing was filled"]
    assert "has no List sheet" in actions[0]["args"][0]


def test_a_bad_cell_is_alerted_and_nothing_is_written(tmp_path: Path) -> None:
    typed, event = uscf_event()
    grid = blanked(typed, ("Rating",))
    grid[2][grid[0].index("Games")] = "many"
    data = book_json(workbook(tmp_path / "event.xlsx", grid, event, with_list=True))
    actions = run_script(macros, "fill_from_the_list", data)
    assert writes(actions) == []
    assert actions[0]["args"][1] == "xlrating: nothing was filled"
    assert "Crosstable!F3: Games: 'many' is not a number of games" in actions[0]["args"][0]


@pytest.mark.usefixtures("store")
def test_classic_excel_without_a_list_sheet_reads_the_store(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from xlrating.excel import macros as excel_macros

    monkeypatch.setattr(excel_macros, "is_remote", lambda book: False)  # as on a desktop with the store
    typed, event = uscf_event()
    data = book_json(workbook(tmp_path / "event.xlsx", blanked(typed, ("Rating",)), event))
    excel = Excel(data)
    excel.apply(run_script(macros, "fill_from_the_list", data))
    rating = typed[0].index("Rating") + 1
    assert [excel.cell("Crosstable", row, rating) for row in range(2, 66)] == [
        r[rating - 1] for r in typed[1:]]
    assert excel.alerts[0][0].startswith("Crosstable: 64 Rating filled from the US Chess Regular list")


def test_blank_start_and_end_dates_are_said_to_be_today(tmp_path: Path) -> None:
    # With Start date and End date on the Event sheet but blank, the list in force today was
    # used and the alert said "no Start date: the End date" (it said "today" only when the rows
    # were missing).
    from datetime import date

    typed, event = uscf_event()
    dated = [[name, None if name in ("Start date", "End date") else value] for name, value in event]
    assert [name for name, value in dated if value is None] == ["Start date", "End date"]
    data = book_json(workbook(tmp_path / "event.xlsx", blanked(typed, ("Rating",)), dated, with_list=True))
    actions = run_script(macros, "fill_from_the_list", data)
    alert = next(a["args"][0] for a in actions if a["func"] == "alert").splitlines()[0]
    assert alert.endswith(f"in force on {date.today().isoformat()} (no Start or End date: today)"), alert


def test_a_workbook_without_a_crosstable_is_alerted_and_nothing_is_written(tmp_path: Path) -> None:
    from xlrating.official.sheet import LIST_SHEET, list_rows
    from xlrating.workbook import NewSheet, write_new_workbook

    typed, event = uscf_event()
    rows = list_rows(uscf_list(typed))
    source = tmp_path / "event.xlsx"
    write_new_workbook(source, event=[(str(n), v) for n, v in event],
                       sheets=[NewSheet(LIST_SHEET, rows[0], rows[1:])])
    actions = run_script(macros, "fill_from_the_list", book_json(source))
    assert writes(actions) == []
    assert [a["args"][1] for a in actions] == ["xlrating: nothing was filled"]
    assert "The workbook has no crosstable" in actions[0]["args"][0]
