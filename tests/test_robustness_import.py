"""``xlrating import`` against damaged and unusual files: every problem with its line, nothing
silently dropped, nothing written by a failed import.

Each test reproduces a problem found by feeding the importers truncated, garbled or
re-encoded copies of the fictional events in tests/data/import; the last tests pin the
variations that were already handled (byte-order marks, mixed line endings, Windows-1252).
"""

from __future__ import annotations

import codecs
from pathlib import Path

import openpyxl
import pytest
from test_import_dbf import EVENT, PLAYERS, SECTIONS, TD_BASE, TH_FIELDS, TS_FIELDS, write_dbf

from xlrating.cli import main

DATA = Path(__file__).parent / "data" / "import"
TRF = (DATA / "spring-open.trf").read_text(encoding="utf-8")
MSA = (DATA / "two-sections.txt").read_text(encoding="utf-8")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return status, captured.out, captured.err


def test_players_above_a_damaged_section_header_are_not_dropped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # With the first section's header line garbled ('|' became '!'), only the second section
    # was imported, and the first section's four players vanished without a word.
    damaged = MSA.replace(" Pair | Player Name                     |Total|Round|Round|Round| ",
                          " Pair ! Player Name                     !Total!Round!Round!Round! ", 1)
    assert damaged != MSA
    source = tmp_path / "event.txt"
    source.write_text(damaged, encoding="utf-8")
    status, _, err = run(["import", str(source), "-o", str(tmp_path / "event.xlsx")], capsys)
    assert status == 1
    lines = [line for line in err.splitlines() if "before the first section header" in line]
    assert [line.split(":")[0].strip() for line in lines] == [
        "event.txt line 7", "event.txt line 10", "event.txt line 13", "event.txt line 16"]
    assert "GRACE HOPPER" in lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.txt"]


def test_a_trf_file_with_tabs_says_so_once_per_line(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # An editor that turned runs of spaces into tabs gave five or six column errors per line
    # (start rank, FIDE id, points, birth date, rounds) and none said "tab".
    source = tmp_path / "event.trf"
    source.write_text(TRF.replace("001    ", "001\t"), encoding="utf-8")
    status, _, err = run(["import", str(source), "-o", str(tmp_path / "event.xlsx")], capsys)
    assert status == 1
    problems = [line.strip() for line in err.splitlines()[1:]]
    assert len(problems) == 7
    assert all(p.endswith("the line holds a tab (column 4): TRF fields sit at fixed columns counted in "
                          "characters; replace the tabs with spaces so the fields line up") for p in problems)
    assert problems[0].startswith("event.trf line 14:")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.trf"]


def test_from_dbf_with_a_file_that_is_not_dbf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Was "Cannot import . as US Chess rating report files: .: no THEXPORT.DBF in the folder" x3.
    source = tmp_path / "event.trf"
    source.write_text(TRF, encoding="utf-8")
    status, _, err = run(["import", str(source), "--from", "dbf", "-o", str(tmp_path / "x.xlsx")], capsys)
    assert status == 1
    assert "event.trf: is not a DBF file" in err
    assert "no THEXPORT.DBF" not in err


@pytest.mark.parametrize(("name", "data"), [
    ("bom.trf", codecs.BOM_UTF8 + TRF.encode("utf-8")),
    ("utf16.trf", TRF.encode("utf-16")),
    ("cp1252.trf", TRF.encode("cp1252")),
    ("mixed.trf", TRF.replace("\n", "\r\n", 5).replace("\n", "\r", 3).encode("utf-8")),
    ("bom.txt", codecs.BOM_UTF8 + MSA.encode("utf-8")),
    ("crlf.txt", MSA.replace("\n", "\r\n").encode("utf-8")),
    ("cp1252.txt", MSA.replace("GRACE HOPPER", "GRÂCE HÖPPER").encode("cp1252")),
])
def test_encodings_and_line_endings_import_alike(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 name: str, data: bytes) -> None:
    source = tmp_path / name
    source.write_bytes(data)
    status, _, err = run(["import", str(source), "-o", str(tmp_path / "event.xlsx")], capsys)
    assert status == 0, err
    book = openpyxl.load_workbook(tmp_path / "event.xlsx")
    names = [row[1] for sheet in book.worksheets if sheet.title not in ("Event", "How to use")
             for row in sheet.iter_rows(min_row=2, values_only=True)]
    expected = "GRÂCE HÖPPER" if name == "cp1252.txt" else "GRACE HOPPER"
    if name.endswith(".trf"):
        expected = "Müller, Anna"
    assert names[0] == expected
    status, _, err = run(["rate", str(tmp_path / "event.xlsx")], capsys)
    assert status == 0, err


@pytest.mark.parametrize(("extra", "expected"), [
    ("D_RND0", "TDEXPORT.DBF: the field D_RND0 is for round 0; rounds are numbered from 1 (D_RND01)"),
    ("D_RND1", "TDEXPORT.DBF: the fields D_RND01 and D_RND1 are both for round 1"),
])
def test_dbf_round_fields_that_do_not_number_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    extra: str, expected: str) -> None:
    # A damaged field name 'D_RND0' (found by test_import_fuzz) was an IndexError traceback; two
    # fields for one round let the later one overwrite the earlier one's results silently.
    folder = tmp_path / "report"
    folder.mkdir()
    write_dbf(folder / "THEXPORT.DBF", TH_FIELDS, [EVENT])
    write_dbf(folder / "TSEXPORT.DBF", TS_FIELDS, SECTIONS)
    fields = TD_BASE + [(f"D_RND{r:02d}", 7) for r in range(1, 5)] + [(extra, 7)]
    write_dbf(folder / "TDEXPORT.DBF", fields, [[*player, "W1"] for player in PLAYERS])
    status, _, err = run(["import", str(folder), "-o", str(tmp_path / "event.xlsx")], capsys)
    assert status == 1
    assert expected in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report"]
