"""``xlrating import``: format detection, the workbook it writes, and its refusals.

Uses the fixtures of tests/data/import (fictional events, see their first lines) and the
DBF event of test_import_dbf.py.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import openpyxl
import pytest
from test_import_dbf import write_event

from xlrating.cli import main
from xlrating.errors import ArgumentError, FormatError
from xlrating.importers import detect_format, import_file, import_to_workbook

DATA = Path(__file__).parent / "data" / "import"
TRF = DATA / "spring-open.trf"


@pytest.mark.parametrize(("name", "fmt"), [("spring-open.trf", "trf"), ("dual-rated.txt", "msa"),
                                           ("two-sections.txt", "msa")])
def test_the_format_is_guessed_from_the_content(tmp_path: Path, name: str, fmt: str) -> None:
    copy = tmp_path / "event.dat"  # the name says nothing
    copy.write_bytes((DATA / name).read_bytes())
    assert detect_format(copy) == fmt
    assert import_file(copy).format == fmt


def test_a_folder_or_a_dbf_file_is_dbf(tmp_path: Path) -> None:
    folder = write_event(tmp_path / "report")
    assert detect_format(folder) == "dbf"
    assert detect_format(folder / "TSEXPORT.DBF") == "dbf"


def test_a_file_that_is_none_of_them(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("Round 1 pairings\nBoard 1: Ann - Ben\n", encoding="utf-8")
    with pytest.raises(FormatError, match=r"cannot tell the format.*--from msa, trf, dbf or pgn"):
        import_file(path)
    path.write_bytes(b"PK\x03\x04\x00\x00binary")
    with pytest.raises(FormatError, match="the file is not text"):
        import_file(path)
    with pytest.raises(FormatError, match="no such file"):
        import_file(tmp_path / "missing.trf")


def test_arguments_are_checked() -> None:
    with pytest.raises(ArgumentError,
                       match="Argument 'fmt' must be one of 'msa', 'trf', 'dbf', 'pgn', not 'xml'"):
        import_file(TRF, "xml")
    with pytest.raises(ArgumentError, match="Argument 'sections' must be a list of section names"):
        import_file(TRF, sections="Open")
    with pytest.raises(ArgumentError, match="Argument 'path' must be a file or folder path, not 3"):
        import_file(3)  # type: ignore[arg-type]


def test_the_workbook_written(tmp_path: Path) -> None:
    out = tmp_path / "spring.xlsx"
    assert main(["import", str(TRF), "-o", str(out)]) == 0
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Crosstable", "Event", "How to use"]
    event = book["Event"]
    assert [event[f"A{r}"].value for r in range(2, 8)] == ["System", "Rules", "Event type", "Event name",
                                                            "Start date", "End date"]
    assert event["B2"].value == "FIDE" and event["B3"].value == "FIDE 2024" and event["B4"].value == "Swiss"
    assert event["B7"].value == datetime.datetime(2024, 3, 3)
    sheet = book["Crosstable"]
    assert sheet["A1"].value == "No" and sheet["B1"].value == "Name" and sheet["J1"].value == "R1"
    assert sheet["B2"].value == "Müller, Anna" and sheet["B6"].value == "Ó Briain, Éamon"
    assert sheet["J2"].value == "W4w" and sheet["K7"].value == "H"
    assert len(sheet.tables) == 1
    how_to = [row[0] for row in book["How to use"].iter_rows(values_only=True)]
    assert how_to[0] == "Imported from spring-open.trf (FIDE TRF) by xlrating import"


def test_accented_names_survive_import_and_rating(tmp_path: Path) -> None:
    latin = tmp_path / "latin.txt"
    latin.write_bytes((DATA / "dual-rated.txt").read_text(encoding="utf-8").encode("latin-1"))
    out, rated = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    assert main(["import", str(latin), "-o", str(out)]) == 0
    assert main(["rate", str(out), "-o", str(rated)]) == 0
    assert openpyxl.load_workbook(rated)["Crosstable"]["B2"].value == "ÁLVARO NÚÑEZ"


def test_a_name_that_looks_like_a_formula_stays_text(tmp_path: Path) -> None:
    text = TRF.read_text(encoding="utf-8").replace("Szabó, Gábor     ", "=1+1             ")
    source = tmp_path / "formula.trf"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "f.xlsx"
    import_to_workbook(source, out)
    cell = openpyxl.load_workbook(out)["Crosstable"]["B8"]
    assert cell.value == "=1+1" and cell.data_type == "s"


def test_bad_input_lists_every_problem_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.trf"
    text = TRF.read_text(encoding="utf-8").replace("0004 w 1", "0009 w 1", 1).replace(" 3.0 ", " 3.x ")
    bad.write_text(text, encoding="utf-8")
    out = tmp_path / "bad.xlsx"
    assert main(["import", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "Cannot import bad.trf as a FIDE TRF file" in err
    assert "bad.trf line 14: the points '3.x' (columns 81-84) are not a number" in err
    assert "bad.trf line 14: round 1: W9w names opponent 9, who is not in the player list" in err
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]


def test_the_default_output_and_no_silent_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "spring.trf"
    source.write_bytes(TRF.read_bytes())
    assert main(["import", str(source)]) == 0
    assert (tmp_path / "spring.xlsx").exists()
    assert main(["import", str(source)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert main(["import", str(source), "--force"]) == 0
    assert main(["import", str(source), "-o", str(source), "--force"]) == 1
    assert "is the file being imported" in capsys.readouterr().err
    folder = write_event(tmp_path / "report")
    assert main(["import", str(folder)]) == 0
    assert openpyxl.load_workbook(tmp_path / "report.xlsx").sheetnames == ["Open", "Quad- U1600", "Event",
                                                                           "How to use"]


def test_sections_and_notes_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "reserve.xlsx"
    assert main(["import", str(DATA / "two-sections.txt"), "--from", "MSA", "--section", "Reserve",
                 "-o", str(out)]) == 0
    printed = capsys.readouterr()
    assert ("Imported two-sections.txt (US Chess crosstable text): Section 2 - Reserve (5 players)"
            in printed.out)
    # What to act on is a warning on stderr (it was a "Note:" on stdout among the summary lines).
    assert "xlrating: warning: The crosstable text has no dates" in printed.err
    assert "no dates" not in printed.out
    assert openpyxl.load_workbook(out).sheetnames == ["Section 2 - Reserve", "Event", "How to use"]
