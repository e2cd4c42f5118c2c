"""``xlrating report IN.xlsx -o REPORT.xlsx`` end to end: a crosstable file in, a report file out."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlrating.cli import main
from xlrating.workbook.cells import put

EVENT: list[list[Any]] = [["Setting", "Value"], ["System", "USCF"], ["Event name", "Club Championship"],
                          ["End date", date(2024, 5, 5)]]
HEADER = ["No", "Name", "ID", "Rating", "Games", "R1", "R2", "R3"]
ROWS: list[list[Any]] = [
    [1, "Ann Example", "12345678", 1712, None, "W3", "D2", "W4"],
    [2, "Ben Sample", "23456789", 1480, 12, "W4", "D1", "L3"],
    [3, "Cal Player", None, None, None, "L1", "W4", "W2"],
    [4, "=HYPERLINK(\"http://x\",\"y\")", "@SUM(A1)", 1310, 60, "L2", "L3", "L1"],
]


def crosstable(path: Path, rows: list[list[Any]] = ROWS) -> Path:
    book = openpyxl.Workbook()
    event = book.active
    event.title = "Event"
    for r, row in enumerate(EVENT, start=1):
        for c, value in enumerate(row, start=1):
            put(event.cell(row=r, column=c), value)
    sheet = book.create_sheet("Crosstable")
    for r, row in enumerate([HEADER, *rows], start=1):
        for c, value in enumerate(row, start=1):
            put(sheet.cell(row=r, column=c), value)
    book.save(path)
    return path


def test_report_writes_the_report_and_leaves_the_input_alone(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    source = crosstable(tmp_path / "event.xlsx")
    before = source.read_bytes()
    target = tmp_path / "out" / "report.xlsx"
    target.parent.mkdir()
    assert main(["report", str(source), "-o", str(target)]) == 0
    assert source.read_bytes() == before
    out = capsys.readouterr().out
    assert "Rating report: Club Championship: 4 rating rows" in out and f"Wrote {target}" in out
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == ["Summary", "Ratings", "Games", "Explanations", "Charts", "Chart data"]
    ratings = book["Ratings"]
    assert [ratings.cell(row=r, column=2).value for r in range(5, 9)] == [row[1] for row in ROWS]
    assert ratings["B8"].data_type == "s" and ratings["C8"].value == "@SUM(A1)"
    assert sorted(p.name for p in target.parent.iterdir()) == ["report.xlsx"]


def test_report_defaults_to_in_report_xlsx_beside_the_input(tmp_path: Path) -> None:
    source = crosstable(tmp_path / "club.xlsx")
    assert main(["report", str(source), "--explain-all"]) == 0
    book = openpyxl.load_workbook(tmp_path / "club-report.xlsx")
    explained = {row[0] for row in book["Explanations"].iter_rows(min_row=5, max_col=1, values_only=True)}
    assert explained == {1, 2, 3, 4}


def test_bad_input_lists_every_error_and_writes_nothing(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    rows = [list(row) for row in ROWS]
    rows[0][5] = "W9"      # names no player
    rows[1][3] = "strong"  # not a rating
    source = crosstable(tmp_path / "bad.xlsx", rows)
    target = tmp_path / "report.xlsx"
    assert main(["report", str(source), "-o", str(target)]) == 1
    err = capsys.readouterr().err
    assert "Crosstable!F2" in err and "Crosstable!D3" in err
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.xlsx"]


def test_report_refuses_to_overwrite_the_input_and_other_bad_targets(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = crosstable(tmp_path / "event.xlsx")
    before = source.read_bytes()
    assert main(["report", str(source), "-o", str(source)]) == 1
    assert "is the crosstable workbook itself" in capsys.readouterr().err
    assert source.read_bytes() == before
    assert main(["report", str(source), "-o", str(tmp_path / "report.xlsm")]) == 1
    assert "must be saved as .xlsx" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "missing.xlsx")]) == 1
    assert "missing.xlsx: no such file" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]


@pytest.mark.slow
def test_report_is_a_listed_command(tmp_path: Path) -> None:
    source = crosstable(tmp_path / "event.xlsx")
    done = subprocess.run([sys.executable, "-m", "xlrating", "report", str(source), "-o",
                           str(tmp_path / "r.xlsx")], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    listed = subprocess.run([sys.executable, "-m", "xlrating", "--help"], capture_output=True, text=True,
                            check=True)
    assert "report" in listed.stdout


def test_the_report_lists_what_the_run_asked_to_check(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # One ID under two names, and blank Ratings beside IDs: `rate` warns of each at its cell; the
    # report (a file to print and send) did not say the first at all, and `report` printed nothing.
    rows = [[*row[:2], "12345678" if row[0] == 3 else row[2], *row[3:]] for row in ROWS]
    rows[1][3] = rows[1][4] = None
    source = crosstable(tmp_path / "event.xlsx", rows)
    target = tmp_path / "report.xlsx"
    assert main(["report", str(source), "-o", str(target)]) == 0
    printed = [line.removeprefix("xlrating: warning: ") for line in capsys.readouterr().err.splitlines()]
    summary = openpyxl.load_workbook(target)["Summary"]
    checks = [row[1] for row in summary.iter_rows(values_only=True) if row[0] == "Check"]
    assert checks == printed and len(checks) == 4
    assert checks[0].startswith("Crosstable!B4: ID 12345678 is 'Cal Player' here but 'Ann Example' at ")
    assert checks[1].startswith("Crosstable!D3: No. 2 (Ben Sample) rated as unrated: ID 23456789 is given")
    assert checks[2].startswith("Crosstable!D4: No. 3 (Cal Player) rated as unrated: ID 12345678 is given")
    # (No. 4, 1310 with 60 games, falls below 1300 on a sheet with no Peak column: said too.)
    assert checks[3].startswith("Crosstable!1:1: no Peak column: for 1 player (row 5), read as the pre-event")
