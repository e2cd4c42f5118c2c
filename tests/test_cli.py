"""The command line: ``xlrating rate``, ``template`` and ``demo``, on real workbook files.

Every kind of bad input (docs/guide/errors.md) gets its own workbook: exit status 1, every error on
stderr naming its cell, no output file, the input's bytes unchanged.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path

import openpyxl
import pytest

from xlrating.cli import build_parser, main
from xlrating.crosstable import rate_sheets
from xlrating.templates.examples import USCF_SWISS
from xlrating.workbook import NewSheet, load, read_grids, write_new_workbook

Rows = list[list[object]]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def example(path: Path, change: Callable[[Rows], None] | None = None,
            event: list[tuple[str, object]] | None = None, header: list[str] | None = None) -> Path:
    """The US Chess example event as a workbook, with ``change`` applied to its player rows."""
    sheet = USCF_SWISS.sheet()
    rows = [list(row) for row in sheet.rows]
    if change is not None:
        change(rows)
    write_new_workbook(path, event=event if event is not None else list(USCF_SWISS.settings),
                       sheets=[NewSheet("Crosstable", header or list(sheet.header), rows)])
    return path


def cell(rows: Rows, number: int, column: str, value: object) -> None:
    """Set ``column`` (a header of the example) of player ``number``'s row."""
    rows[number - 1][list(USCF_SWISS.header()).index(column)] = value


def two_errors(rows: Rows) -> None:
    cell(rows, 2, "Rating", "abc")
    cell(rows, 6, "Games", "x")


# Each bad crosstable: the change, and a cell every reported error list must name.
BAD_INPUT: dict[str, tuple[Callable[[Rows], None] | None, list[tuple[str, object]] | None, list[str]]] = {
    "unknown result code": (lambda r: cell(r, 3, "R2", "Q4"), None,
                            ["Crosstable!G4", "'Q4' is not a result code"]),
    "opponent missing": (lambda r: cell(r, 3, "R2", "W99"), None, ["Crosstable!G4", "no player 99"]),
    "own number": (lambda r: cell(r, 3, "R2", "W3"), None, ["Crosstable!G4", "own number 3"]),
    "cells disagree": (lambda r: cell(r, 5, "R1", "W1b"), None, ["Crosstable!F2", "Crosstable!F6"]),
    "duplicate No": (lambda r: cell(r, 4, "No", 3), None, ["Crosstable!A5", "used twice"]),
    "rating not a number": (lambda r: cell(r, 2, "Rating", "abc"), None, ["Crosstable!D3", "'abc'"]),
    "rating out of range": (lambda r: cell(r, 2, "Rating", 5000), None, ["Crosstable!D3", "5000"]),
    "games not a number": (lambda r: cell(r, 4, "Games", "many"), None, ["Crosstable!E5", "'many'"]),
    "games negative": (lambda r: cell(r, 4, "Games", -3), None, ["Crosstable!E5", "-3"]),
    "pairing number not whole": (lambda r: cell(r, 1, "No", 1.5), None, ["Crosstable!A2", "1.5"]),
    "total disagrees": (lambda r: cell(r, 1, "Total", 2), None, ["Crosstable!J2", "Total 2"]),
    "unknown setting value": (None, [("System", "XYZ")], ["Event!B2", "'XYZ'"]),
    "unknown rules": (None, [("System", "USCF"), ("Rules", "USCF 2030")], ["Event!B3", "'USCF 2030'"]),
    "bad end date": (None, [("End date", "soon")], ["Event!B2", "'soon'"]),
    "two errors at once": (two_errors, None, ["Crosstable!D3", "Crosstable!E7"]),
}


@pytest.mark.parametrize("case", list(BAD_INPUT))
def test_bad_input_exits_1_names_the_cell_and_writes_nothing(tmp_path: Path, case: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    change, event, expected = BAD_INPUT[case]
    source = example(tmp_path / "event.xlsx", change, event)
    original = source.read_bytes()
    status, out, err = run(["rate", str(source)], capsys)
    assert status == 1
    assert out == ""
    assert f"{source}: The crosstable has" in err and "nothing was rated or written" in err
    for text in expected:
        assert text in err
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]
    assert source.read_bytes() == original


def test_missing_name_column_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    header = list(USCF_SWISS.header())
    header[1] = "Player"
    source = example(tmp_path / "event.xlsx", header=header)
    status, _, err = run(["rate", str(source)], capsys)
    assert status == 1
    assert f"{source}: The crosstable has 1 error" in err
    assert "Crosstable: no header row: no cell in this sheet says 'Name'" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]


@pytest.mark.parametrize("kind", ["text", "encrypted", "truncated", "laughs", "no crosstable", "missing"])
def test_files_that_are_no_crosstable_workbook_exit_1_with_the_file_named(
        tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "event.xlsx"
    if kind == "text":
        source.write_text("No;Name;R1\n1;Ann;W2\n", encoding="utf-8")
    elif kind == "encrypted":
        from msoffcrypto.format.ooxml import OOXMLFile  # type: ignore[import-untyped]

        plain = example(tmp_path / "plain.xlsx")
        with plain.open("rb") as stream, source.open("wb") as encrypted:
            OOXMLFile(stream).encrypt("secret", encrypted)
        plain.unlink()
    elif kind == "truncated":
        source.write_bytes(example(tmp_path / "full.xlsx").read_bytes()[:2000])
        (tmp_path / "full.xlsx").unlink()
    elif kind == "laughs":
        example(source)
        with zipfile.ZipFile(source) as archive:
            parts = {name: archive.read(name) for name in archive.namelist()}
        entities = "".join(f'<!ENTITY l{i} "{("&l" + str(i - 1) + ";") * 10}">' for i in range(1, 10))
        parts["xl/workbook.xml"] = (f'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY l0 "lol">{entities}]>'
                                    .encode() + parts["xl/workbook.xml"].split(b"?>", 1)[-1])
        with zipfile.ZipFile(source, "w") as archive:
            for name, data in parts.items():
                archive.writestr(name, data)
    elif kind == "no crosstable":
        book = openpyxl.Workbook()
        book.active.append(["Shopping", "list"])
        book.save(source)
    original = source.read_bytes() if source.exists() else None
    status, out, err = run(["rate", str(source)], capsys)
    assert status == 1 and out == ""
    # (a workbook without a crosstable is refused as a crosstable's errors are, with the Event sheet's)
    named = f"{source}: The workbook has 1 error" if kind == "no crosstable" else f"xlrating: {source}: "
    assert err.startswith(named)
    assert "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == (["event.xlsx"] if original is not None else [])
    if original is not None:
        assert source.read_bytes() == original


def test_rate_writes_in_rated_beside_the_input_and_says_so(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    source = example(tmp_path / "spring.xlsx")
    original = source.read_bytes()
    status, out, err = run(["rate", str(source)], capsys)
    target = tmp_path / "spring-rated.xlsx"
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:3] == ["Rated Crosstable: 8 players, USCF 2020 Regular", "Crosstable, Regular",
                         "  No  Name             Score      Pre  Post  Change  Method"]
    assert lines[-1] == f"Wrote {target}" and len(lines) == 3 + 8 + 1
    assert source.read_bytes() == original
    # What was written is what the core computed for the input's values, cell by cell.
    rated = rate_sheets(read_grids(load(source)))
    book = openpyxl.load_workbook(target)
    for block in rated.blocks:
        for i, row in enumerate(block.values):
            for j, value in enumerate(row):
                written = book[block.sheet].cell(row=block.row + i, column=block.column + j)
                assert written.value == (None if value == "" else pytest.approx(value, rel=1e-15)
                                         if isinstance(value, float) else value)
                if block.number_formats and block.number_formats[j] and not isinstance(value, str):
                    assert written.number_format == block.number_formats[j]


def test_rate_output_option_and_overwrite_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = example(tmp_path / "spring.xlsx")
    original = source.read_bytes()
    status, out, _ = run(["rate", str(source), "-o", str(tmp_path / "out.xlsx")], capsys)
    assert status == 0 and out.endswith(f"Wrote {tmp_path / 'out.xlsx'}\n")
    status, _, err = run(["rate", str(source), "-o", str(source)], capsys)
    assert status == 1 and "is the input workbook; use --in-place" in err
    assert source.read_bytes() == original
    with pytest.raises(SystemExit):
        build_parser().parse_args(["rate", str(source), "-o", "x.xlsx", "--in-place"])
    status, _, err = run(["rate", str(source), "-o", str(tmp_path / "out.csv")], capsys)
    assert status == 1 and "writes .xlsx and .xlsm" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.xlsx", "spring.xlsx"]


def excel_style(path: Path) -> Path:
    """Rewrite the example so its values arrive the way Excel keeps and delivers them.

    Pairing numbers stored as floats (``3.0``), ratings typed as text with stray spaces,
    a provisional rating as ``1402P8``, an unrated player as ``unr``, a date as a date
    and an end date as an Excel serial number, round cells with spaces and lower case.
    """
    def messy(rows: Rows) -> None:
        for row in rows:
            row[0] = float(row[0])  # type: ignore[arg-type]
        cell(rows, 1, "Rating", " 1864 ")
        cell(rows, 6, "Rating", "1402P8")
        cell(rows, 6, "Games", None)
        cell(rows, 7, "Rating", "unr")
        cell(rows, 2, "R1", " w6B ")
        cell(rows, 6, "R1", "l 2w")

    settings = [(n, v) for n, v in USCF_SWISS.settings if n != "End date"] + [("End date", 45760)]
    example(path, messy, settings)
    book = openpyxl.load_workbook(path)
    book["Event"].cell(row=book["Event"].max_row, column=2).number_format = "General"
    book.save(path)
    # openpyxl writes 3.0 as "3"; Excel keeps what it was given, so put the floats back.
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    sheet, count = re.subn(r'(<c r="A(?:[2-9])"[^>]*><v>)(\d+)(</v>)', r"\g<1>\g<2>.0\3", sheet)
    assert count == 8
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


def test_values_as_excel_delivers_them_rate_like_clean_ones(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    clean = example(tmp_path / "clean.xlsx")
    messy = excel_style(tmp_path / "messy.xlsx")
    grid = read_grids(load(messy))["Crosstable"]
    assert grid[1][0] == 1.0 and isinstance(grid[1][0], float)
    assert read_grids(load(messy))["Event"][-1][1] == 45760
    assert date(1899, 12, 30).toordinal() + 45760 == date(2025, 4, 13).toordinal()
    assert run(["rate", str(clean)], capsys)[0] == 0
    status, _, err = run(["rate", str(messy)], capsys)
    assert (status, err) == (0, "")
    clean_sheet = openpyxl.load_workbook(tmp_path / "clean-rated.xlsx")["Crosstable"]
    messy_sheet = openpyxl.load_workbook(tmp_path / "messy-rated.xlsx")["Crosstable"]
    first_output = len(USCF_SWISS.header()) + 1
    for row in range(1, 10):
        for column in range(first_output, clean_sheet.max_column + 1):
            clean_value = clean_sheet.cell(row=row, column=column).value
            assert messy_sheet.cell(row=row, column=column).value == clean_value


def test_dates_as_dates_are_read_as_dates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = example(tmp_path / "dated.xlsx", event=[("System", "USCF"), ("End date", date(2018, 6, 1))])
    assert read_grids(load(source))["Event"][2][:2] == ["End date", datetime(2018, 6, 1)]
    assert run(["rate", str(source)], capsys)[0] == 0


def test_user_text_stays_text_through_a_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = ['=HYPERLINK("http://example.com","me")', "+1", "@SUM(A1)", "-5", "=1+1"]

    def rename(rows: Rows) -> None:
        for number, name in enumerate(names, start=1):
            cell(rows, number, "Name", name)

    source = example(tmp_path / "names.xlsx", rename)
    assert run(["rate", str(source)], capsys)[0] == 0
    sheet = openpyxl.load_workbook(tmp_path / "names-rated.xlsx")["Crosstable"]
    assert [sheet.cell(row=r, column=2).value for r in range(2, 7)] == names
    assert {sheet.cell(row=r, column=2).data_type for r in range(2, 7)} == {"s"}


@pytest.mark.parametrize("in_place", [False, True])
def test_parts_openpyxl_would_drop_are_kept_byte_for_byte(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         in_place: bool) -> None:
    source = example(tmp_path / "event.xlsx")
    extra = {"xl/media/image1.png": b"\x89PNG\r\n\x1a\n", "xl/ctrlProps/ctrlProp1.xml": b"<formControlPr/>",
             "xl/embeddings/oleObject1.bin": b"\xd0\xcf\x11\xe0 an OLE object",
             "xl/model/item.data": b"a data model", "xl/webextensions/webextension1.xml": b"<we/>"}
    with zipfile.ZipFile(source, "a") as archive:  # parts openpyxl does not carry over
        for name, data in extra.items():
            archive.writestr(name, data)
    status, out, err = run(["rate", str(source), *(["--in-place"] if in_place else [])], capsys)
    target = source if in_place else tmp_path / "event-rated.xlsx"
    assert (status, err) == (0, "") and out.endswith(f"Wrote {target}\n")
    with zipfile.ZipFile(target) as archive:
        assert {name: archive.read(name) for name in extra} == extra


# --- template -------------------------------------------------------------------------------------


@pytest.mark.parametrize("system", ["uscf", "fide", "icu"])
def test_template_writes_a_workbook_that_rates(tmp_path: Path, system: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / f"{system}.xlsx"
    status, out, _ = run(["template", system.upper(), "-o", str(target)], capsys)
    assert status == 0 and out == f"Wrote {target}\n"
    assert run(["rate", str(target)], capsys)[0] == 0


def test_template_default_names_blank_and_refusal_to_overwrite(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["template", "fide"], capsys)[1] == "Wrote fide-round-robin.xlsx\n"
    before = (tmp_path / "fide-round-robin.xlsx").read_bytes()
    status, _, err = run(["template", "fide"], capsys)
    assert status == 1 and "already exists" in err
    assert (tmp_path / "fide-round-robin.xlsx").read_bytes() == before
    assert run(["template", "fide", "--blank", "--force"], capsys)[0] == 0
    grids = read_grids(load(tmp_path / "fide-round-robin.xlsx"))
    assert grids["Crosstable"] == [
        ["No", "Name", "ID", "Rating", "Games", "Birth date", *(f"R{n}" for n in range(1, 8)), "Total"]]
    assert ["System", "FIDE"] in [row[:2] for row in grids["Event"]]


def test_template_macro_writes_the_quickstart_pair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(["template", "macro"], capsys)
    assert status == 0 and out == "Wrote xlrating_event.xlsm\nWrote xlrating_event.py\n"
    status, out, _ = run(["template", "icu", "--macro", "-o", "club_night.xlsm"], capsys)
    assert out == "Wrote club_night.xlsm\nWrote club_night.py\n"
    assert "club_night.xlsm" in (tmp_path / "club_night.py").read_text(encoding="utf-8")
    status, _, err = run(["template", "icu", "--macro", "-o", "club-night.xlsm"], capsys)
    assert status == 1 and "must be a Python module name" in err
    assert not (tmp_path / "club-night.xlsm").exists()


def test_rate_prints_the_standings_with_pre_post_and_change_unless_quiet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The demo printed a table; rate printed no result at all.
    source = example(tmp_path / "spring.xlsx")
    status, out, _ = run(["rate", str(source)], capsys)
    assert status == 0
    book = openpyxl.load_workbook(tmp_path / "spring-rated.xlsx")
    rows = list(book["Crosstable"].iter_rows(values_only=True))
    header = list(rows[0])
    by_name = {row[header.index("Name")]: row for row in rows[1:]}
    line = re.compile(r"\s*(\d+)  (.+?)  +(\S+) +(unrated|\d+) +(\d+)(?: +([+-]?\d+))? +(\w+)")
    printed = [line.fullmatch(text) for text in out.splitlines()[3:-1]]
    assert all(printed) and len(printed) == 8
    scores = [float(m[3]) for m in printed if m]
    assert scores == sorted(scores, reverse=True)  # standings: highest score first
    for m in printed:
        assert m is not None
        row = by_name[m[2]]
        rating, written = row[header.index("Rating")], row[header.index("Change")]
        assert m[4] == (str(rating) if isinstance(rating, (int, float)) else "unrated")  # blank or "unr"
        assert int(m[5]) == round(row[header.index("Post rating")])
        assert (m[6] or "") == ("" if written is None else f"{round(written):+d}" if round(written) else "0")
    assert "Sam Okafor" in out and "unrated" in out
    status, out, _ = run(["rate", str(source), "-o", str(tmp_path / "quiet.xlsx"), "--quiet"], capsys)
    assert out.splitlines() == ["Rated Crosstable: 8 players, USCF 2020 Regular",
                                f"Wrote {tmp_path / 'quiet.xlsx'}"]


def test_a_rated_macro_workbook_gets_its_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # The quickstart macro and xlwings' Run main run main() of the module named like the
    # workbook, so my_event.xlsm's rated copy is my_event_rated.xlsm with my_event_rated.py.
    monkeypatch.chdir(tmp_path)
    run(["template", "uscf", "--macro", "-o", "my_event.xlsm"], capsys)
    status, out, _ = run(["rate", "my_event.xlsm"], capsys)
    assert status == 0 and out.endswith("Wrote my_event_rated.xlsm\nWrote my_event_rated.py\n")
    module = (tmp_path / "my_event_rated.py").read_text(encoding="utf-8")
    assert 'xw.Book("my_event_rated.xlsm")' in module and "rate_event(xw.Book.caller())" in module
    # An existing module is kept; a name that is no module name is said, nothing else written.
    (tmp_path / "kept.py").write_text("# mine\n", encoding="utf-8")
    status, _, err = run(["rate", "my_event.xlsm", "-o", "kept.xlsm"], capsys)
    assert status == 0 and "kept" in err and (tmp_path / "kept.py").read_text(encoding="utf-8") == "# mine\n"
    status, _, err = run(["rate", "my_event.xlsm", "-o", "my-event-rated.xlsm"], capsys)
    assert status == 0 and "'my-event-rated' is not a Python module name" in err
    assert not (tmp_path / "my-event-rated.py").exists()
    # Without a module beside the input (not the quickstart convention), nothing is added.
    (tmp_path / "my_event.py").unlink()
    status, out, _ = run(["rate", "my_event.xlsm", "-o", "plain.xlsm"], capsys)
    assert status == 0 and not (tmp_path / "plain.py").exists() and ".py" not in out
    # A season workbook's rated copy gets the season module.
    run(["template", "season", "--macro", "-o", "club.xlsm"], capsys)
    status, out, _ = run(["season", "club.xlsm"], capsys)
    assert status == 0 and "Wrote club_rated.py" in out
    assert "def report()" in (tmp_path / "club_rated.py").read_text(encoding="utf-8")


# --- demo -----------------------------------------------------------------------------------------


def test_demo_rates_the_example_into_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(["demo"], capsys)
    target = tmp_path / "xlrating-demo-uscf-rated.xlsx"
    report = tmp_path / "xlrating-demo-uscf-report.xlsx"
    assert (status, err) == (0, "")
    assert out.splitlines()[-2:] == [f"Wrote {target}", f"Wrote {report} (the rating report)"]
    assert "Dana Whitfield" in out and "Sam Okafor" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([report.name, target.name])
    header = [c.value for c in openpyxl.load_workbook(target)["Crosstable"][1]]
    assert "Post rating" in header and "Method" in header
    assert openpyxl.load_workbook(report).sheetnames[:2] == ["Summary", "Ratings"]
    assert run(["demo", "--system", "icu"], capsys)[0] == 0
    assert (tmp_path / "xlrating-demo-icu-rated.xlsx").exists()


# --- help -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["rate"], ["template"], ["demo"]])
def test_every_command_has_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: xlrating")
    if command:
        assert f"xlrating {command[0]}" in out


@pytest.mark.slow
def test_the_installed_command_runs_as_a_subprocess(tmp_path: Path) -> None:
    source = example(tmp_path / "spring.xlsx")
    result = subprocess.run([sys.executable, "-m", "xlrating", "rate", str(source)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "spring-rated.xlsx").exists()
    bad = example(tmp_path / "bad.xlsx", lambda r: cell(r, 3, "R2", "Q4"))
    result = subprocess.run([sys.executable, "-m", "xlrating", "rate", str(bad)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert "Crosstable!G4" in result.stderr
    assert not (tmp_path / "bad-rated.xlsx").exists()


# --- rate --report --------------------------------------------------------------------------------


def test_rate_with_report_writes_both_workbooks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = example(tmp_path / "spring.xlsx")
    report = tmp_path / "spring-report.xlsx"
    status, out, err = run(["rate", str(source), "--report", str(report)], capsys)
    assert (status, err) == (0, "")
    assert out.splitlines()[-2:] == [f"Wrote {tmp_path / 'spring-rated.xlsx'}", f"Wrote {report}"]
    book = openpyxl.load_workbook(report)
    assert {"Summary", "Ratings", "Games", "Explanations"} <= set(book.sheetnames)
    # The report's Ratings rows hold the same post ratings the rated crosstable shows.
    rated = openpyxl.load_workbook(tmp_path / "spring-rated.xlsx")["Crosstable"]
    header = [c.value for c in rated[1]]
    posts = sorted(round(r[header.index("Post rating")]) for r in rated.iter_rows(min_row=2, values_only=True)
                   if r[header.index("Post rating")] is not None)
    ratings = book["Ratings"]
    names = [c.value for row in ratings.iter_rows(max_row=10) for c in row]
    assert "Dana Whitfield" in names
    report_header_row = next(i for i, row in enumerate(ratings.iter_rows(values_only=True), start=1)
                             if "Post rating" in row)
    report_header = [c.value for c in ratings[report_header_row]]
    column = report_header.index("Post rating")
    rows = ratings.iter_rows(min_row=report_header_row + 1, values_only=True)
    shown = sorted(round(r[column]) for r in rows if isinstance(r[column], (int, float)))
    assert shown == posts


def test_rate_with_bad_input_writes_no_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = example(tmp_path / "event.xlsx", lambda r: cell(r, 3, "R2", "Q4"))
    original = source.read_bytes()
    status, _, err = run(["rate", str(source), "--report", str(tmp_path / "report.xlsx")], capsys)
    assert status == 1 and "Crosstable!G4" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]
    assert source.read_bytes() == original


@pytest.mark.parametrize("report", ["event.xlsx", "event-rated.xlsx", "report.txt"])
def test_rate_refuses_a_report_path_it_must_not_write(tmp_path: Path, report: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    source = example(tmp_path / "event.xlsx")
    original = source.read_bytes()
    status, _, err = run(["rate", str(source), "--report", str(tmp_path / report)], capsys)
    assert status == 1 and err.startswith("xlrating: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]
    assert source.read_bytes() == original


def test_template_macro_refuses_an_xlsx_name_and_names_every_file_in_the_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, err = run(["template", "uscf", "--macro", "-o", "event.xlsx"], capsys)
    assert (status, err) == (1, "xlrating: event.xlsx: a macro-enabled workbook must be saved as .xlsm\n")
    assert list(tmp_path.iterdir()) == []
    wrote = "Wrote xlrating_fide_event.xlsm\nWrote xlrating_fide_event.py\n"
    assert run(["template", "fide", "--macro"], capsys)[1] == wrote
    status, _, err = run(["template", "fide", "--macro"], capsys)
    assert (status, err) == (1, "xlrating: xlrating_fide_event.xlsm, xlrating_fide_event.py: already exists; "
                                "choose another name with -o or use --force\n")


def test_template_calculator_writes_the_calculators(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(["template", "calculator"], capsys)
    assert (status, out) == (0, "Wrote calculators.xlsx\n")
    assert openpyxl.load_workbook(tmp_path / "calculators.xlsx").sheetnames == ["US Chess", "FIDE", "ICU"]
    status, _, err = run(["template", "calculator"], capsys)
    assert status == 1 and "already exists" in err


# --- start-up ------------------------------------------------------------------------------------

_HEAVY = ("openpyxl", "numpy", "xlrating.crosstable", "xlrating.workbook", "xlrating.report", "dbfread")


@pytest.mark.parametrize("words", [["--version"], ["--help"], ["nonsense"], []])
def test_help_and_version_import_no_workbook_library_nor_engine(words: list[str]) -> None:
    # Every command took a second before doing anything: --version imported openpyxl and numpy.
    # (benchmarks/bench_startup.py times it; here: what is imported, which does not vary.)
    script = ("import sys\nfrom xlrating.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n"
              "    pass\nprint(' '.join(sys.modules))")
    result = subprocess.run([sys.executable, "-c", script, *words], capture_output=True, text=True,
                            check=False)
    loaded = result.stdout.splitlines()[-1].split()
    assert "xlrating.cli" in loaded
    assert not [name for name in loaded if name.startswith(_HEAVY)], loaded


def test_each_command_parses_its_own_arguments_and_lists_the_others(
        capsys: pytest.CaptureFixture[str]) -> None:
    from xlrating.cli import build_parser, chosen_command

    full = build_parser().format_help()
    assert build_parser(chosen_command(["--help"])).format_help() == full
    assert build_parser("rate").format_help() == full
    args = build_parser("import").parse_args(["import", "x.trf", "--from", "pgn"])
    assert (args.command, args.fmt) == ("import", "pgn")
    with pytest.raises(SystemExit):
        build_parser("season-import").parse_args(["season-import", "a.trf", "--from", "xyz", "-o", "o.xlsx"])
    assert "invalid choice: 'xyz'" in capsys.readouterr().err


# --- a blank End date ------------------------------------------------------------------------------


def test_a_blank_end_date_is_said_by_rate_and_the_report_never_contradicts_itself(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A blank End date became today without a word, and the report's parameters said "Start date:
    # not given" beside the range "2025-04-12 to <today>".
    import datetime

    event = [(name, None if name == "End date" else value) for name, value in USCF_SWISS.settings]
    source = example(tmp_path / "spring.xlsx", event=event)
    report = tmp_path / "report.xlsx"
    status, _, err = run(["rate", str(source), "-q", "--report", str(report)], capsys)
    assert status == 0
    today = datetime.date.today().isoformat()
    end_cell = f"Event!B{[name for name, _ in event].index('End date') + 2}"  # below the header row
    assert err.splitlines() == [f"xlrating: warning: End date is blank ({end_cell}): rated as of today, "
                                f"{today}; enter the event's last day there if it ended on another day"]
    summary = [[c for c in row if c is not None]
               for row in openpyxl.load_workbook(report)["Summary"].iter_rows(values_only=True)]
    assert summary[1][0] == (f"Riverside Spring Swiss · 2025-04-12 to {today} (End date blank: the day it "
                             "was rated) · US Chess, USCF 2020")
    start = [row for row in summary if row and row[0] == "Start date"]
    assert [row[1] for row in start] == [datetime.datetime(2025, 4, 12), "2025-04-12"]  # Event, parameters
    end = [row for row in summary if row and row[0] == "End date"]
    assert end[0][2] == "blank on the Event sheet: the day it was rated" and end[1][1] == today
    assert any(row[:1] == ["Note"] and "End date is blank" in row[1] for row in summary)


def test_an_end_date_given_is_not_noted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = example(tmp_path / "spring.xlsx")
    report = tmp_path / "report.xlsx"
    assert run(["rate", str(source), "-q", "--report", str(report)], capsys)[2] == ""
    summary = [[c for c in row if c is not None]
               for row in openpyxl.load_workbook(report)["Summary"].iter_rows(values_only=True)]
    assert "2025-04-12 to 2025-04-13 · " in summary[1][0]
    assert not any("blank" in str(cell) for row in summary for cell in row)


@pytest.mark.parametrize("system", ["uscf", "fide", "icu"])
def test_the_reports_parameters_give_the_dates_the_event_sheet_gives(
        system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # US Chess and FIDE parameters said "Start date: not given" beside a start date given; ICU's
    # gave the End date as the Start date when the Start date was blank.
    from xlrating.templates import write_template

    for blank in (False, True):
        source = tmp_path / f"{system}-{blank}.xlsx"
        write_template(system, source)
        book = openpyxl.load_workbook(source)
        event = book["Event"]
        row = next(r for r in range(1, event.max_row + 1) if event.cell(r, 1).value == "Start date")
        start = event.cell(row, 2).value
        if blank:
            event.cell(row, 2).value = None
        book.save(source)
        report = tmp_path / f"{system}-{blank}-report.xlsx"
        assert main(["rate", str(source), "-q", "--report", str(report)]) == 0, capsys.readouterr().err
        summary = [[c for c in r if c is not None]
                   for r in openpyxl.load_workbook(report)["Summary"].iter_rows(values_only=True)]
        given = [r[1] if len(r) > 1 else "" for r in summary if r and r[0] == "Start date"]
        if blank:
            assert given[1] in ("", "not given"), given
        else:
            assert given == [start, start.date().isoformat()]


def test_the_standings_round_halves_as_the_sheet_shows_them() -> None:
    # A US Chess 2020 rating keeps its fraction; Excel's whole-number format shows 1642.5 as 1643
    # (halves away from zero), where Python's format printed 1642 (halves to even).
    from xlrating.cli.rate import standings

    rows = [["No", "Name", "Rating", "R1"], [1, "Half", 1642.5, "U"], [2, "Other", 1500, "U"]]
    rated = rate_sheets({"Event": [["System", "USCF"], ["End date", date(2025, 5, 1)]], "Crosstable": rows})
    half = next(line for line in standings(rated).splitlines() if "Half" in line)
    assert half.split()[2:5] == ["0", "1643", "1643"]  # score, pre, post (no game: unchanged)


# --- warnings and notes ------------------------------------------------------------------------------


def test_what_to_check_is_a_warning_and_information_a_note(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # Both went out as "xlrating: note:": a blank End date rated as of today (a default to check:
    # the test above) under the same label as a Python module kept because it was already there.
    templates = Path(__file__).resolve().parent.parent / "templates"
    source = tmp_path / "spring.xlsm"
    source.write_bytes((templates / "xlrating_event.xlsm").read_bytes())
    source.with_suffix(".py").write_bytes((templates / "xlrating_event.py").read_bytes())
    (tmp_path / "rated.py").write_text("# the director's own\n", encoding="utf-8")
    status, _, err = run(["rate", str(source), "-q", "-o", str(tmp_path / "rated.xlsm")], capsys)
    assert status == 0
    assert err.splitlines() == [
        f"xlrating: note: kept {tmp_path / 'rated.py'} (already there) as rated.xlsm's Python module"]
    # What a run asks the user to check is a warning, every line of it.
    event = [(name, None if name == "End date" else value) for name, value in USCF_SWISS.settings]
    status, _, err = run(["rate", str(example(tmp_path / "spring.xlsx", event=event)), "-q"], capsys)
    assert status == 0 and err
    assert all(line.startswith("xlrating: warning: ") for line in err.splitlines())


def event_sheet_only(source: Path, end_date: object = "notadate") -> Path:
    """A workbook of one sheet, a US Chess Event sheet, and no crosstable."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Event"
    for row in (["Setting", "Value"], ["System", "USCF"], ["End date", end_date]):
        sheet.append(row)
    book.save(source)
    return source


def test_a_workbook_without_a_crosstable_is_told_every_problem_of_its_event_sheet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # As Excel's scripts say it: the want of a crosstable and the Event sheet's problems at once.
    source = event_sheet_only(tmp_path / "event.xlsx")
    status, out, err = run(["rate", str(source)], capsys)
    assert status == 1 and out == ""
    lines = err.splitlines()
    assert lines[0] == f"{source}: The workbook has 2 errors; nothing was rated or written."
    assert any(line.strip().startswith("Event!B3: End date: 'notadate' is not a date") for line in lines)
    assert any("The workbook has no crosstable" in line for line in lines)
