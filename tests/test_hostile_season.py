"""Hostile season inputs (tests/hostile_season.py generates them) through the command line:
``xlrating season-import`` of event files and ``xlrating season`` of season workbooks.

Each ends in a correct result, saying what it changed, or in exit status 1 with the
problem named, nothing written and the input unchanged; never a traceback.
"""

from __future__ import annotations

import hashlib
import os
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from hostile_season import FORMULA_NAME, IMPORTS, SEASONS, Case, write_corpus

from xlrating.cli import main


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Case]]:
    return write_corpus(tmp_path_factory.mktemp("hostile-season"))


def digests(path: Path) -> dict[str, str]:
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    return {os.fsdecode(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(args)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return status, captured.out + captured.err


def imported(name: str, corpus: dict[str, tuple[Path, Case]], tmp_path: Path,
             capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    path, case = corpus[name]
    target = tmp_path / f"{name}.xlsx"
    before = digests(path)
    status, output = run(["season-import", os.fsdecode(path), "-o", str(target)], capsys)
    assert digests(path) == before
    assert (status, case.expected in output) == (case.status, True), output
    assert target.exists() == (status == 0)
    return target, output


def rated(name: str, corpus: dict[str, tuple[Path, Case]],
          capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    path, case = corpus[name]
    before = digests(path)
    target = path.with_name(f"{path.stem}-rated.xlsx")
    target.unlink(missing_ok=True)
    status, output = run(["season", str(path)], capsys)
    assert digests(path) == before
    assert (status, case.expected in output) == (case.status, True), output
    assert target.exists() == (status == 0)
    return target, output


@pytest.mark.parametrize("name", list(IMPORTS))
def test_a_hostile_import_ends_in_a_season_that_rates(name: str, corpus: dict[str, tuple[Path, Case]],
                                                       tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    target, _ = imported(name, corpus, tmp_path, capsys)
    with zipfile.ZipFile(target) as archive:
        assert archive.testzip() is None
    book = openpyxl.load_workbook(target)
    for sheet in book.sheetnames:
        assert len(sheet) <= 31 and not re.search(r"[\[\]:*?/\\\x00-\x1f]", sheet), sheet
    assert len({sheet.casefold() for sheet in book.sheetnames}) == len(book.sheetnames)
    assert main(["season", str(target)]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("name", list(SEASONS))
def test_a_hostile_season_is_rated_or_refused_with_its_cell(name: str, corpus: dict[str, tuple[Path, Case]],
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    rated(name, corpus, capsys)


def test_a_name_that_looks_like_a_formula_stays_text(corpus: dict[str, tuple[Path, Case]], tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    target, _ = imported("formula-names", corpus, tmp_path, capsys)
    book = openpyxl.load_workbook(target)
    for sheet in ("Players", "spring"):
        cells = [cell for row in book[sheet].iter_rows() for cell in row if cell.value == FORMULA_NAME]
        assert len(cells) == 1 and cells[0].data_type == "s", sheet
    with zipfile.ZipFile(target) as archive:
        assert not any(b"<f>" in archive.read(name) for name in archive.namelist() if "worksheets" in name)


def test_file_names_become_valid_sheet_names_and_the_import_says_so(
        corpus: dict[str, tuple[Path, Case]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target, output = imported("latin1-file-name", corpus, tmp_path, capsys)
    assert openpyxl.load_workbook(target).sheetnames[3] == "Café open"
    target, output = imported("control-character-file-name", corpus, tmp_path, capsys)
    assert openpyxl.load_workbook(target).sheetnames[3] == "spring open"
    target, output = imported("long-shared-prefix", corpus, tmp_path, capsys)
    names = openpyxl.load_workbook(target).sheetnames[3:]
    # Cut in the middle, so that what tells them apart (the month, at the end) stays.
    assert names == [f"Galway chess club sp…ivision {month:02}" for month in range(1, 13)]
    assert "Galway chess club spring league division 01.trf" in output


def test_dbf_event_folders_inside_a_folder_are_imported(corpus: dict[str, tuple[Path, Case]], tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    _, output = imported("dbf-folders-inside", corpus, tmp_path, capsys)
    assert "Imported 4 events (a-dbf Open, a-dbf Quad- U1600, b-dbf Open, b-dbf Quad- U1600)" in output


def test_a_players_column_without_a_header_keeps_its_cells(corpus: dict[str, tuple[Path, Case]],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    target, _ = rated("headerless-players-column", corpus, capsys)
    players = [list(row) for row in openpyxl.load_workbook(target)["Players"].iter_rows(values_only=True)]
    assert [row[5] for row in players] == [None, "paid", "owes 5"]
    assert players[0][6:] == ["New rating", "New games", "Change", "Events played", "Games played"]


def test_the_lite_script_refuses_an_event_sheet_named_as_an_output(
        corpus: dict[str, tuple[Path, Case]]) -> None:
    from test_macros import book_json, run_script, writes

    from xlrating import macros

    path, case = corpus["event-sheet-named-history"]
    actions = run_script(macros, "rate_season_workbook", book_json(path))
    assert writes(actions) == []
    assert case.expected in actions[0]["args"][0]


def test_a_hundred_and_fifty_clashing_names_stay_unique_and_within_31_characters() -> None:
    from xlrating.importers.season import sheet_name

    taken: set[str] = set()
    names = [sheet_name("Galway chess club spring league division one", taken)[0] for _ in range(150)]
    assert len({name.casefold() for name in names}) == 150
    assert max(len(name) for name in names) == 31 and names[149].endswith(" (150)")
    assert sheet_name("History", taken) == ("History event", ["a season workbook's own sheet has that name"])
    assert sheet_name("'O'Brien: open'", taken)[0] == "O'Brien  open".replace("  ", " ")


def test_a_long_sheet_of_other_data_costs_the_season_nothing(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # The season reads its own sheets only, adds New list and History to the file and copies
    # the members' sheet as it is (0.2 rebuilt the whole file through openpyxl: 428 MB).
    import tracemalloc

    from hostile import parts
    from hostile_season import MEMBERS_PART, long_members_sheet

    source = long_members_sheet(tmp_path)
    tracemalloc.start()
    try:
        status, _ = run(["season", str(source)], capsys)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert status == 0
    assert peak < 30 * 2**20, peak
    rated = parts(tmp_path / "club-rated.xlsx")
    assert rated[MEMBERS_PART] == parts(source)[MEMBERS_PART]
    assert openpyxl.load_workbook(tmp_path / "club-rated.xlsx", read_only=True).sheetnames[-2:] == [
        "New list", "History"]
