"""The report macro through xlwings: new sheets in xlwings Lite, a new workbook in classic Excel.

The Lite side runs through xlwings' server code path (the one xlwings Lite and xlwings
Server share; ``tests/conftest.py`` switches it on): the workbook arrives as JSON and
every write comes back as an action, which these tests read.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw

from xlrating.excel import report as excel_report
from xlrating.excel.report import REPORT_PREFIX, rating_report, report_path

CROSSTABLE: list[list[Any]] = [
    ["No", "Name", "ID", "Rating", "R1", "R2"],
    [1, '=HYPERLINK("http://x","y")', "12345678", 1500, "W2", "B"],
    [2, "@SUM(A1)", None, 1400, "L1", "W3"],
    [3, "Cal Player", "-5", None, "B", "L2"],
]
EVENT: list[list[Any]] = [["System", "USCF"], ["Event name", "=Evil()"], ["End date", "2024-05-05"]]
REPORT_SHEETS = [f"{REPORT_PREFIX}{name}" for name in
                 ("Summary", "Ratings", "Games", "Explanations", "Charts", "Chart data")]


def sheet(name: str, values: list[list[Any]]) -> dict[str, Any]:
    return {"name": name, "values": values, "pictures": [], "tables": [], "charts": [], "shapes": [],
            "notes": [], "print_area": None, "pivot_tables": [], "show_gridlines": True,
            "visibility": "Visible"}


def lite_book(*sheets: dict[str, Any]) -> Any:
    return xw.Book(json={"client": "Office.js", "version": xw.__version__, "names": [],
                         "book": {"name": "event.xlsx", "active_sheet_index": 0, "selection": "A1"},
                         "sheets": list(sheets)})


def actions(book: Any, func: str) -> list[dict[str, Any]]:
    return [a for a in book.json()["actions"] if a["func"] == func]


def test_lite_adds_the_report_as_new_sheets_with_tables_and_charts() -> None:
    book = lite_book(sheet("Event", EVENT), sheet("Crosstable", CROSSTABLE))
    report = rating_report(book)
    assert report is not None and report.title == "Rating report: =Evil()"
    assert [s.name for s in book.sheets] == ["Event", "Crosstable", *REPORT_SHEETS]
    assert [a["args"][1] for a in actions(book, "addSheet")] == REPORT_SHEETS
    tables = {a["args"][3]: a["args"] for a in actions(book, "addTable")}
    assert set(tables) == {"ReportRatings", "ReportGames", "ReportExplanations"}
    # The Notes column (P) holds only what is unusual: player 3, given an ID but no rating, is rated
    # as unrated; the established players without N have no note.
    assert tables["ReportRatings"][:3] == ["$A$4:$P$7", True, "TableStyleMedium2"]
    charts = actions(book, "addChart")
    assert [c["args"][1] for c in charts] == ["BarClustered", "XYScatter", "XYScatter"]
    assert {c["args"][2] for c in charts} == {"Report Chart data"}
    assert [a["sheet_position"] for a in actions(book, "setSheetVisibility")] == [7]
    assert len(actions(book, "addConditionalFormat")) >= 4  # gains and losses, Ratings and Games
    assert [a["args"] for a in actions(book, "freezePaneAtRange")] == [["A1:B4"]] * 3
    # Nothing was written to the crosstable's own sheets.
    assert {a["sheet_position"] for a in book.json()["actions"] if a["sheet_position"] is not None} <= set(
        range(2, 8))


def test_lite_keeps_every_text_as_text() -> None:
    book = lite_book(sheet("Event", EVENT), sheet("Crosstable", CROSSTABLE))
    rating_report(book)
    written = [v for a in actions(book, "setValues") for row in a["values"] for v in row
               if isinstance(v, str)]
    # Text Excel would read as a formula or a number is sent with a leading apostrophe.
    risky = [v for v in written if v[:1] in ("=", "+", "-", "@")]
    assert risky == []
    assert "'=HYPERLINK(\"http://x\",\"y\")" in written and "'@SUM(A1)" in written
    assert "'12345678" in written and "'-5" in written and "'=Evil()" in written


def test_lite_replaces_an_earlier_report() -> None:
    old = [sheet(name, [["old"]]) for name in REPORT_SHEETS]
    book = lite_book(sheet("Event", EVENT), sheet("Crosstable", CROSSTABLE), *old)
    rating_report(book)
    assert [s.name for s in book.sheets] == ["Event", "Crosstable", *REPORT_SHEETS]
    assert len(actions(book, "sheetDelete")) == len(REPORT_SHEETS)


def test_lite_bad_input_alerts_every_error_and_writes_nothing() -> None:
    bad = [row[:] for row in CROSSTABLE]
    bad[1][4] = "W9"
    book = lite_book(sheet("Event", EVENT), sheet("Crosstable", bad))
    assert rating_report(book) is None
    (alert,) = actions(book, "alert")
    assert "Crosstable!E2" in alert["args"][0] and alert["args"][1] == "xlrating: no report was made"
    assert [a["func"] for a in book.json()["actions"]] == ["alert"]


class _Books:
    def __init__(self) -> None:
        self.opened: list[str] = []

    def open(self, path: str) -> None:
        self.opened.append(path)


class _Engine:
    name = "excel"


class _App:
    def __init__(self) -> None:
        self.engine = _Engine()
        self.books = _Books()


class _ClassicBook:
    """What rating_report uses of a classic Excel workbook (its values come from ``read_book``)."""

    def __init__(self, fullname: Path) -> None:
        self.fullname = str(fullname)
        self.app = _App()


def test_classic_excel_gets_a_new_workbook_beside_the_crosstable(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    grids = {"Event": EVENT, "Crosstable": CROSSTABLE, "Report Summary": [["ignored"]]}
    monkeypatch.setattr(excel_report, "read_book", lambda book: grids)
    book = _ClassicBook(tmp_path / "club.xlsm")
    (tmp_path / "club-report.xlsx").write_bytes(b"an earlier report, still open")
    report = rating_report(book)
    assert report is not None
    assert book.app.books.opened == [str(tmp_path / "club-report-2.xlsx")]
    made = openpyxl.load_workbook(tmp_path / "club-report-2.xlsx")
    assert made.sheetnames == ["Summary", "Ratings", "Games", "Explanations", "Charts", "Chart data"]
    name = made["Ratings"]["B5"]
    assert name.value == '=HYPERLINK("http://x","y")' and name.data_type == "s"
    assert (tmp_path / "club-report.xlsx").read_bytes() == b"an earlier report, still open"


def test_report_path_for_an_unsaved_workbook_is_in_the_temporary_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    assert report_path("Book1") == tmp_path / "Book1-report.xlsx"
    assert report_path(tmp_path / "event.xlsx") == tmp_path / "event-report.xlsx"


def test_lite_report_lists_the_ratings_warnings_under_check() -> None:
    # No. 3 has an ID and a blank Rating, rated as unrated: the macro's report says so on its Summary,
    # with the cell, as `xlrating report` does.
    book = lite_book(sheet("Event", EVENT), sheet("Crosstable", CROSSTABLE))
    report = rating_report(book)
    # (The ratings of Nos. 1 and 2, on a sheet with no Games column, are established players': said too;
    # and No. 2, 1400, falls below 1400 with no Peak column, his peak floor his rating's.)
    assert report is not None and len(report.checks) == 3
    assert report.checks[2].startswith("Crosstable!1:1: no Peak column: for 1 player (row 3), read as the")
    assert report.checks[0].startswith("Crosstable!D4: No. 3 (Cal Player) rated as unrated: ID -5 is given")
    assert report.checks[1].startswith("Crosstable!1:1: no Games column: for 2 players (rows 2, 3), read as "
                                       "an established player's")
    summary = report.sheet("Summary")
    labels = {(c.row, c.column): c.value for c in summary.cells}
    checks = [labels[(row, 2)] for (row, column), value in labels.items() if column == 1 and value == "Check"]
    assert checks == list(report.checks)
