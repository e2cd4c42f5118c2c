"""The command line against odd workbooks and odd paths: no traceback, every problem with its cell,
nothing written by a failed run, the input never changed.

Each test here reproduces a problem found by trying unusual input through ``xlrating rate``,
``report``, ``template`` and ``demo`` (workbooks built with openpyxl the way other programs
and hand edits leave them). The crosstable is the templates' US Chess example event; its
results are the fixture, not numbers under test.
"""

from __future__ import annotations

import datetime
import errno
import gc
import hashlib
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.worksheet.table import Table

from xlrating.cli import main
from xlrating.errors import WorkbookError

HEADER = ["No", "Name", "ID", "Rating", "Games", "R1", "R2", "R3", "R4", "Total"]
ROWS: list[list[Any]] = [
    [1, "Dana Whitfield", "30918274", 1864, None, "W5w", "D2b", "W3w", "W7w", 3.5],
    [2, "Marcus Oyelaran", "31277450", 1731, None, "W6b", "D1w", "W7b", "W3b", 3.5],
    [3, "Priya Raman", "30655102", 1652, None, "D7w", "W4b", "L1b", "L2w", 1.5],
    [4, "Tomasz Wojcik", "31840023", 1577, 14, "W8b", "L3w", "D5b", "W6w", 2.5],
    [5, "Elena Castillo", "30199867", 1489, None, "L1b", "X8w", "D4w", "H", 2.0],
    [6, "Jordan Blake", "32015546", 1402, 8, "L2w", "L7b", "B", "L4b", 1.0],
    [7, "Sam Okafor", "32290871", None, None, "D3b", "W6w", "L2w", "L1b", 1.5],
    [8, "Lily Chen", "31766320", 1213, None, "L4w", "F5b", "U", "U", 0.0],
]


def crosstable(header: list[Any] | None = None, rows: list[list[Any]] | None = None
               ) -> tuple[openpyxl.Workbook, Any]:
    """A workbook with an Event sheet and the example crosstable from A1 (header in row 1)."""
    book = openpyxl.Workbook()
    event = book.active
    event.title = "Event"
    event.append(["System", "USCF"])
    event.append(["End date", "2025-04-13"])
    sheet = book.create_sheet("Crosstable")
    sheet.append(header or HEADER)
    for row in rows if rows is not None else ROWS:
        sheet.append(list(row))
    return book, sheet


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return status, captured.out, captured.err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- odd workbook structures -----------------------------------------------------------------------


def test_the_totals_row_of_an_excel_table_is_not_a_player(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # Excel's "Total Row" puts "Total" in the first column and a SUBTOTAL under a number column;
    # it was read as a player row without a pairing number.
    book, sheet = crosstable()
    sheet.append(["Total", None, None, None, None, None, None, None, None, "=SUBTOTAL(109,[Total])"])
    table = Table(displayName="Players", ref="A1:J10")
    table.totalsRowCount = 1
    sheet.add_table(table)
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 0, err
    rated = openpyxl.load_workbook(tmp_path / "event-rated.xlsx")["Crosstable"]
    header = [c.value for c in rated[1]]
    post = header.index("Post rating") + 1
    assert rated.cell(row=9, column=post).value is not None  # the last player
    assert [rated.cell(row=10, column=c).value for c in (1, 10, post)] == \
        ["Total", "=SUBTOTAL(109,[Total])", None]  # the totals row is untouched
    extended = rated.tables["Players"]
    assert extended.ref == f"A1:{openpyxl.utils.get_column_letter(len(header))}10"
    assert extended.totalsRowCount == 1


def test_merged_cells_where_the_outputs_go_are_named_and_nothing_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Was an AttributeError traceback from openpyxl ('MergedCell' ... is read-only).
    book, sheet = crosstable()
    sheet.merge_cells("K2:L3")
    source = tmp_path / "event.xlsx"
    book.save(source)
    before = digest(source)
    status, _, err = run(["rate", str(source), "--report", str(tmp_path / "report.xlsx")], capsys)
    assert status == 1
    assert "Crosstable!K2:L3: merged cells where xlrating writes the output columns" in err
    assert files(tmp_path) == ["event.xlsx"]
    assert digest(source) == before


def test_a_merged_header_that_hides_a_round_is_explained_without_total_noise(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Merging R1 and R2 blanks G1: "no column for round 2" came with one "Total disagrees"
    # per player (the rounds could not be read at all), and no word about column G.
    book, sheet = crosstable()
    sheet.merge_cells("F1:G1")
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 1
    assert "Crosstable!1:1: no column for round 2" in err
    assert "Crosstable!G1: this column has no header but holds results ('D2b' in Crosstable!G2)" in err
    assert "Total" not in err
    assert files(tmp_path) == ["event.xlsx"]


def test_a_round_header_with_more_text_is_not_silently_left_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 'R4 (final)' is no round header, so the event was rated on rounds 1-3 only, silently.
    header = [*HEADER[:8], "R4 (final)"]
    book, _ = crosstable(header, [row[:9] for row in ROWS])
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 1
    assert re.search(r"Crosstable!I1: 'R4 \(final\)' is not read as a round, but the column holds "
                     r"results \('W7w' in Crosstable!I2\)", err)
    assert files(tmp_path) == ["event.xlsx"]


def test_unknown_columns_without_results_stay_ignored(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    header = [*HEADER, "R1 colour", None]
    rows = [[*row, "w", "paid"] for row in ROWS]
    book, _ = crosstable(header, rows)
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 0, err


def test_a_formula_input_with_no_value_is_pointed_out(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # A file written by a program that does not calculate formulas: '=1500' has no value and
    # reads as blank (README), which made No. 2 unrated without a word.
    book, sheet = crosstable()
    sheet["D3"] = "=1500"
    sheet["J4"] = "=SUM(1,0.5)"
    sheet["L2"] = "=1+1"  # not a column the rating reads
    book["Event"]["B2"] = "=DATE(2025,4,13)"  # End date: blank means today
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 0
    assert "xlrating: warning: 3 formula cells without a value (empty, or never calculated) read as blank: " \
           "Event!B2, Crosstable!D3, Crosstable!J4." in err


def test_outputs_that_would_run_past_the_last_excel_column_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A stray cell in XFA1 put the 15 new columns beyond XFD: a file Excel calls damaged.
    book, sheet = crosstable()
    sheet["XFA1"] = "old note"
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 1
    assert "Crosstable!XFA1: no room for the 15 output columns after the last used column (XFA)" in err
    assert files(tmp_path) == ["event.xlsx"]


def test_a_name_longer_than_a_cell_holds_is_cut_in_the_report(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    # Excel holds 32,767 characters in a cell and calls a file with more damaged; the report
    # wrote 'No. 2 ' + the name.
    rows = [list(row) for row in ROWS]
    rows[1][1] = "N" * 32767
    book, _ = crosstable(rows=rows)
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx"), "--report", str(tmp_path / "r.xlsx")], capsys)
    assert status == 0, err
    report = openpyxl.load_workbook(tmp_path / "r.xlsx")
    longest = max(len(str(c.value)) for s in report.worksheets for row in s.iter_rows() for c in row
                  if c.value is not None)
    assert longest == 32767


@pytest.mark.parametrize(("value", "expected"), [
    (-3.5, "Crosstable!I3: -3.5 is a number, not a result code (W12"),
    (1e300, "Crosstable!D3: Rating: 1e+300 is out of range"),
])
def test_odd_numbers_get_short_clear_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              value: float, expected: str) -> None:
    rows = [list(row) for row in ROWS]
    rows[1][8 if value < 0 else 3] = value
    book, _ = crosstable(rows=rows)
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 1
    assert expected in err
    assert "Excel turns +12" not in err and max(len(line) for line in err.splitlines()) < 300


def test_a_date_cell_that_holds_a_time_of_day(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # openpyxl reads Excel's day 0 (and a date before 1900 written by a program) as a time:
    # the message was "Birth date: 00:00:00 is not a date".
    rows = [[*row, datetime.datetime(1990, 1, 1)] for row in ROWS]
    rows[3][-1] = datetime.time(0, 0)
    book, _ = crosstable([*HEADER, "Birth date"], rows)
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 1
    assert "Crosstable!K5: Birth date: 00:00:00 is a time of day, not a date" in err


@pytest.mark.parametrize(("serial", "expected"), [
    (-5, "Crosstable!K5: Birth date: -5 is not a date: date serial numbers start at 1 (1900-01-01)"),
    (60, "Crosstable!K5: Birth date: 60 is not a date: serial 60 is 1900-02-29, a day that did not exist"),
])
def test_a_date_cell_that_holds_no_date_excel_shows(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    serial: int, expected: str) -> None:
    # A negative number formatted as a date (Excel shows ####) was read as 1899-12-25, and
    # serial 60 (Excel's 1900-02-29) as 1900-02-28: both rated as birth dates, silently.
    rows = [[*row, datetime.datetime(1990, 1, 1)] for row in ROWS]
    rows[3][-1] = serial
    book, sheet = crosstable([*HEADER, "Birth date"], rows)
    sheet["K5"].number_format = "yyyy-mm-dd"
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 1
    assert expected in err
    assert files(tmp_path) == ["event.xlsx"]


def test_a_start_date_slip_says_what_it_changes_for_the_system(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A US Chess (or FIDE) event's warning said "ICU K factors are taken on it".
    book, _ = crosstable()
    book["Event"].append(["Start date", "2015-04-12"])
    book.save(tmp_path / "event.xlsx")
    status, _, err = run(["rate", str(tmp_path / "event.xlsx"), "-q"], capsys)
    assert status == 0
    assert ("Event!B3: Start date 2015-04-12 is more than a year before the End date (2025-04-13); blank "
            "ratings are filled from the official list in force on it (xlrating fill, rate --list): if the "
            "year is a slip, correct it and rate again") in err
    assert "ICU" not in err


# --- odd paths -------------------------------------------------------------------------------------


@pytest.fixture
def event(tmp_path: Path) -> Path:
    book, _ = crosstable()
    path = tmp_path / "event.xlsx"
    book.save(path)
    return path


def test_in_place_through_a_symbolic_link_rates_the_file_and_keeps_the_link(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The link was replaced by a new file and the workbook it pointed to stayed unrated.
    link = event.with_name("link.xlsx")
    link.symlink_to(event.name)
    before = digest(event)
    status, _, err = run(["rate", str(link), "--in-place"], capsys)
    assert status == 0, err
    assert link.is_symlink()
    assert digest(event) != before
    assert "Post rating" in [c.value for c in openpyxl.load_workbook(event)["Crosstable"][1]]


def test_the_input_by_another_name_is_still_the_input(event: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # A hard link (or, on a case-insensitive disk, X.XLSX) passed the "-o is the input" check,
    # which compared resolved paths only.
    twin = event.with_name("twin.xlsx")
    os.link(event, twin)
    for args in (["rate", str(event), "-o", str(twin)], ["report", str(event), "-o", str(twin)],
                 ["rate", str(event), "--report", str(twin)]):
        status, _, err = run(args, capsys)
        assert status == 1
        assert "twin.xlsx: is the" in err and ("input" in err or "crosstable workbook itself" in err)
    assert files(event.parent) == ["event.xlsx", "twin.xlsx"]


def test_a_replaced_file_keeps_its_permissions(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # --in-place turned a private (0600) workbook into a world-readable one.
    event.chmod(0o600)
    status, _, err = run(["rate", str(event), "--in-place"], capsys)
    assert status == 0, err
    assert stat.S_IMODE(event.stat().st_mode) == 0o600


def test_a_read_only_file_is_not_replaced(event: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # A rename replaces a read-only file on Linux and macOS; its owner protected it.
    target = event.with_name("rated.xlsx")
    target.write_bytes(b"protected")
    target.chmod(0o444)
    real_access = os.access

    def access(path: Any, mode: int, **kwargs: Any) -> bool:  # root may write anything: ask the mode bits
        if Path(path) == target and mode & os.W_OK:
            return False
        return real_access(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)
    status, _, err = run(["rate", str(event), "-o", str(target)], capsys)
    assert status == 1
    assert "rated.xlsx: is read-only; xlrating does not replace it" in err
    assert target.read_bytes() == b"protected"


@pytest.mark.parametrize("command", [["rate", "{event}", "-o", "{folder}"],
                                     ["report", "{event}", "-o", "{folder}"],
                                     ["template", "uscf", "-o", "{folder}", "--force"],
                                     ["demo", "-o", "{folder}"]])
def test_an_output_path_that_is_a_folder(event: Path, capsys: pytest.CaptureFixture[str],
                                         command: list[str]) -> None:
    folder = event.with_name("out.xlsx")
    folder.mkdir()
    args = [a.format(event=event, folder=folder) for a in command]
    status, _, err = run(args, capsys)
    assert status == 1
    assert "out.xlsx: is a folder, not a file" in err
    assert files(event.parent) == ["event.xlsx", "out.xlsx"]


def test_a_target_open_in_excel_gets_a_hint(event: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # On Windows a workbook open in Excel cannot be replaced: "Permission denied" alone left
    # the director guessing.
    target = event.with_name("rated.xlsx")
    target.write_bytes(b"open in Excel")

    def locked(source: object, destination: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", locked)
    status, _, err = run(["rate", str(event), "-o", str(target)], capsys)
    assert status == 1
    assert "rated.xlsx: cannot be written (Permission denied); if it is open in Excel, close it" in err
    assert target.read_bytes() == b"open in Excel"
    assert files(event.parent) == ["event.xlsx", "rated.xlsx"]


def test_rate_writes_no_report_when_the_rated_workbook_cannot_be_written(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The report was written first and stayed behind when the rated workbook then failed.
    (event.parent / "event-rated.xlsx").mkdir()  # e.g. locked: it cannot be replaced
    status, _, err = run(["rate", str(event), "--report", str(event.with_name("report.xlsx"))], capsys)
    assert status == 1 and "event-rated.xlsx: is a folder, not a file" in err
    assert files(event.parent) == ["event-rated.xlsx", "event.xlsx"]


def test_rate_removes_the_report_it_wrote_when_the_workbook_fails_late(
        event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import xlrating.workbook as rate_command  # the command imports it from there when it runs

    real = rate_command.stage_workbook

    def full(*args: Any, **kwargs: Any) -> Any:
        staged = real(*args, **kwargs)

        def commit() -> None:
            staged.discard()
            raise WorkbookError("event-rated.xlsx: cannot be written (No space left on device)")

        staged.commit = commit
        return staged

    monkeypatch.setattr(rate_command, "stage_workbook", full)
    status, _, err = run(["rate", str(event), "--report", str(event.with_name("report.xlsx"))], capsys)
    assert status == 1 and "No space left on device" in err
    assert files(event.parent) == ["event.xlsx"]


def test_demo_writes_nothing_when_its_report_cannot_be_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The rated workbook was written, then the report failed: exit 1 with half the output.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "demo-report.xlsx").mkdir()
    status, _, err = run(["demo", "-o", "demo.xlsx"], capsys)
    assert status == 1
    assert "demo-report.xlsx: is a folder, not a file" in err
    assert files(tmp_path) == ["demo-report.xlsx"]


def test_template_checks_the_python_module_before_writing_the_workbook(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # An IsADirectoryError traceback, after my_event.xlsm had been written.
    (tmp_path / "my_event.py").mkdir()
    status, _, err = run(["template", "uscf", "--macro", "-o", str(tmp_path / "my_event.xlsm"), "--force"],
                         capsys)
    assert status == 1
    assert "my_event.py: is a folder, not a file" in err
    assert files(tmp_path) == ["my_event.py"]


@pytest.mark.parametrize("args", [["rate", ""], ["report", ""], ["import", ""], ["rate", "{event}", "-o", ""],
                                  ["rate", "{event}", "--report", ""], ["template", "uscf", "-o", ""],
                                  ["rate", "x\0.xlsx"]])
def test_an_empty_file_name_is_a_usage_error(event: Path, capsys: pytest.CaptureFixture[str],
                                             args: list[str]) -> None:
    # 'rate ""' was a ValueError traceback; '-o ""' quietly wrote the default file instead.
    with pytest.raises(SystemExit) as exit_:
        main([a.format(event=event) for a in args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "an empty file name" in err or "NUL character" in err
    assert files(event.parent) == ["event.xlsx"]


@pytest.mark.parametrize("command", ["rate", "report"])
@pytest.mark.parametrize("folder", [".", "/"])
def test_a_folder_as_the_input(capsys: pytest.CaptureFixture[str], command: str, folder: str) -> None:
    # ValueError "PosixPath('.') has an empty name" traceback.
    status, _, err = run([command, folder], capsys)
    assert status == 1
    assert f"{folder}: is a folder, not a workbook" in err


@pytest.mark.parametrize("command", [["rate", "{long}"], ["rate", "{event}", "-o", "{long}"],
                                     ["import", "{long}"], ["report", "{event}", "-o", "{long}"]])
def test_a_file_name_too_long_for_the_system(event: Path, capsys: pytest.CaptureFixture[str],
                                             command: list[str]) -> None:
    # OSError [Errno 36] traceback from Path.exists().
    long = str(event.parent / ("a" * 300 + ".xlsx"))
    status, _, err = run([a.format(event=event, long=long) for a in command], capsys)
    assert status == 1
    assert os.strerror(errno.ENAMETOOLONG) in err
    assert files(event.parent) == ["event.xlsx"]


def test_a_report_that_fails_to_save_leaves_no_noise(event: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # The unsaved write-only report workbook printed "Exception ignored in: <generator ...>"
    # tracebacks on stderr when it was garbage collected.
    import xlrating.report.xlsx as report_writer

    def fail(book: object, path: object) -> None:
        raise WorkbookError("report.xlsx: cannot be written (Permission denied)")

    unraisable: list[object] = []
    monkeypatch.setattr(report_writer, "save_workbook_atomic", fail)
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    status, _, err = run(["report", str(event), "-o", str(event.with_name("report.xlsx"))], capsys)
    gc.collect()
    assert status == 1 and "Permission denied" in err
    assert unraisable == []
