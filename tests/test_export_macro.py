"""The export macro: xlrating.macros.export_event, and its xlwings Lite scripts.

Lite runs the way tests/test_macros.py runs it (xlwings' server side on the JSON the
Office.js client sends); classic Excel's file writing is :func:`export_beside`.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from test_export_uscf import complete_report, set_rows
from test_macros import book_json, run_script

from xlrating import macros
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
