"""The export macro: xlrating.macros.export_event, and its xlwings Lite scripts.

Lite runs the way tests/test_macros.py runs it (xlwings' server side on the JSON the
Office.js client sends); classic Excel's file writing is :func:`export_beside`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from test_export_uscf import complete_report, set_rows
from test_macros import book_json, run_script

from xlrating import macros
from xlrating.cli import main
from xlrating.exporters import export_beside, export_workbook, load_event
from xlrating.importers import import_to_workbook

DATA = Path(__file__).parent / "data" / "import"


def imported(tmp_path: Path, source: str = "spring-open.trf", *, complete: bool = True) -> Path:
    """The workbook of ``source``; ``complete`` gives the one player without a FIDE ID one, so
    that nothing TRF-2026 requires is missing."""
    workbook = tmp_path / "spring.xlsx"
    import_to_workbook(DATA / source, workbook)
    if complete and source.endswith(".trf"):
        book = openpyxl.load_workbook(workbook)
        assert book["Crosstable"]["F1"].value == "ID" and book["Crosstable"]["F4"].value is None
        book["Crosstable"]["F4"] = "3333333"
        book.save(workbook)
    return workbook


def test_a_missing_required_field_gets_an_alert_and_no_writes(tmp_path: Path) -> None:
    workbook = imported(tmp_path, complete=False)
    actions = run_script(macros, "export_trf", book_json(workbook))
    assert [a["func"] for a in actions] == ["alert"]
    assert "Crosstable!F4: Dubois, Chloé has no FIDE ID" in actions[0]["args"][0]


def test_lite_puts_the_trf_lines_on_a_sheet(tmp_path: Path) -> None:
    workbook = imported(tmp_path)
    actions = run_script(macros, "export_trf", book_json(workbook))
    export_workbook(workbook, "trf", tmp_path / "cli.trf")
    expected = (tmp_path / "cli.trf").read_text(encoding="utf-8").splitlines()
    added = [a for a in actions if a["func"] == "addSheet"]
    assert [a["args"][-1] for a in added] == ["TRF export"]
    values = [a for a in actions if a["func"] == "setValues"]
    assert len(values) == 1
    # Lines that start with a digit go with a leading apostrophe: Excel keeps them as text, shown
    # (and copied) without it.
    assert [row[0].removeprefix("'") for row in values[0]["values"]] == expected
    assert [a["func"] for a in actions][-1] == "alert"


def test_lite_cannot_write_dbf_files_and_says_so(tmp_path: Path) -> None:
    workbook = imported(tmp_path, "two-sections.txt")
    actions = run_script(macros, "export_dbf", book_json(workbook))
    assert [a["func"] for a in actions] == ["alert"]
    assert "cannot write the DBF files" in actions[0]["args"][0]


def test_a_bad_crosstable_gets_an_alert_and_no_writes(tmp_path: Path) -> None:
    workbook = imported(tmp_path)
    book = openpyxl.load_workbook(workbook)
    book["Crosstable"]["J2"] = "W9"
    book.save(workbook)
    actions = run_script(macros, "export_trf", book_json(workbook))
    assert [a["func"] for a in actions] == ["alert"]
    assert "Crosstable!J2" in actions[0]["args"][0]


def test_classic_excel_writes_beside_the_workbook_never_over_a_file(tmp_path: Path) -> None:
    workbook = imported(tmp_path)
    event = load_event(workbook)
    first = export_beside(event, "trf", workbook)
    second = export_beside(event, "trf", workbook)
    assert [p.name for p in (*first, *second)] == ["spring.trf", "spring-2.trf"]
    assert first[0].read_bytes() == second[0].read_bytes()
    (tmp_path / "us").mkdir()
    us = imported(tmp_path / "us", "two-sections.txt")
    set_rows(us, {"Event name": "Two sections", "Start date": "2024-05-10", "End date": "2024-05-11"})
    written = export_beside(load_event(complete_report(us)), "dbf", us)
    assert {p.parent.name for p in written} == {"spring-dbf"}


def _two_sections(tmp_path: Path, active: str) -> tuple[Path, dict[str, Any]]:
    """The workbook of a US Chess report of two sections, as the client sends it with the sheet
    ``active`` active."""
    workbook = tmp_path / "two.xlsx"
    import_to_workbook(DATA / "two-sections.txt", workbook)
    set_rows(workbook, {"Event name": "Two sections", "Start date": "2024-05-10", "End date": "2024-05-11"})
    data = book_json(workbook)
    data["book"]["active_sheet_index"] = [sheet["name"] for sheet in data["sheets"]].index(active)
    return workbook, data


def test_lite_exports_the_active_crosstable_of_several(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # The US Chess sections lack what TRF-2026 requires: the alert lists it for the active sheet,
    # as the command line does for the sheet it is given.
    workbook, data = _two_sections(tmp_path, "Section 2 - Reserve")
    actions = run_script(macros, "export_trf", data)
    assert [a["func"] for a in actions] == ["alert"]
    alert = actions[0]["args"][0].splitlines()
    missing = "Cannot export Section 2 - Reserve as FIDE TRF-2026: 5 required fields missing"
    assert alert[0].startswith(missing)
    assert main(["export", str(workbook), "--to", "trf", "--sheet", "Section 2 - Reserve"]) == 1
    said = capsys.readouterr().err
    assert missing in said
    assert all(line in said for line in alert[2:] if line), said


def test_lite_asks_for_a_crosstable_when_another_sheet_is_active(tmp_path: Path) -> None:
    _, data = _two_sections(tmp_path, "Event")
    actions = run_script(macros, "export_trf", data)
    assert [a["func"] for a in actions] == ["alert"]
    assert ("this workbook has 2 ('Section 1 - Open', 'Section 2 - Reserve'): select the one to export and "
            "run the export again") in actions[0]["args"][0]


def test_lite_lists_every_crosstable_problem_before_asking_for_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # With another sheet active, every crosstable is checked first, as `xlrating export` checks them:
    # the director mends them in one run and then picks the sheet.
    workbook, _ = _two_sections(tmp_path, "Event")
    book = openpyxl.load_workbook(workbook)
    sheet = book["Section 2 - Reserve"]
    header = [cell.value for cell in sheet[1]]
    sheet.cell(row=2, column=header.index("R1") + 1, value="W99")  # no player 99
    book.save(workbook)
    data = book_json(workbook)
    data["book"]["active_sheet_index"] = [s["name"] for s in data["sheets"]].index("Event")
    actions = run_script(macros, "export_trf", data)
    assert [a["func"] for a in actions] == ["alert"]
    alert = actions[0]["args"][0]
    assert "'Section 2 - Reserve'!" in alert and "select the one to export" not in alert
    assert main(["export", str(workbook), "--to", "trf"]) == 1
    said = capsys.readouterr().err
    problems = [line.strip() for line in said.splitlines() if "'Section 2 - Reserve'!" in line]
    assert problems and all(problem in alert for problem in problems), (said, alert)
