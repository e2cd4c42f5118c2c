"""What ``import``, ``export`` and ``season-import`` say beside their output: what the user must
check or act on as ``xlrating: warning:``, information as ``xlrating: note:``, both on stderr;
stdout keeps what was imported or exported and the files written. The Python results hold the
same split (``ImportedEvent.warnings`` and ``notes``, ``ImportedSeason``'s, ``Exported.warnings``).

Before, every importer and exporter note went to stdout as ``Note: ...``, "read as TRF-2026"
beside "no dates: fill in the End date"; a player's Import notes (a birth year entered as 1
January) and a blank Federation written blank into a TRF file were not said on screen at all,
and the export macro's alert said nothing of what the file could not hold.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from test_export_macro import imported
from test_macros import book_json, run_script
from test_season_import import two_trf

from xlrating import macros
from xlrating.cli import main
from xlrating.exporters import export, export_beside, load_event
from xlrating.importers import import_file, import_to_workbook, parse_trf

DATA = Path(__file__).parent / "data" / "import"
WARNING, NOTE = "xlrating: warning: ", "xlrating: note: "
#: spring-open.trf with a comment line, which only TRF-2026 defines.
TRF2026 = (DATA / "spring-open.trf").read_text(encoding="utf-8") + "### written for the tests\n"
READ_AS = ("Read as FIDE TRF-2026 (it has ### comment lines, which only TRF-2026 defines)")
NOTED = ("Crosstable: 6 players (rows 2, 3, 4, 5, 6 and 1 more) with a value the import changed or took as a "
         "default: check their Import notes column before rating")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, list[str]]:
    assert main(args) == 0
    out, err = capsys.readouterr()
    return out, err.splitlines()


def test_import_prints_information_as_a_note_and_what_to_check_as_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "spring.trf"
    source.write_text(TRF2026.replace("052 2024/03/03\n", ""), encoding="utf-8")
    out, err = run(["import", str(source)], capsys)
    assert out.splitlines() == ["Imported spring.trf (FIDE TRF): Crosstable (7 players)",
                                f"Wrote {tmp_path / 'spring.xlsx'}"]
    assert err == [NOTE + READ_AS, WARNING + NOTED,
                   WARNING + "The file has no end date (line 052): fill in the Event sheet's End date (blank "
                             "means today)"]
    # The Python result holds the same split, and the How to use sheet says both.
    event = import_file(source)
    assert event.notes == (READ_AS,)
    assert event.warnings == (NOTED, "The file has no end date (line 052): fill in the Event sheet's End "
                                     "date (blank means today)")
    how_to = [row[0] for row in openpyxl.load_workbook(tmp_path / "spring.xlsx")["How to use"].iter_rows(
        values_only=True)]
    assert how_to[how_to.index("What to check before rating:") + 1] == f"- {NOTED}"
    assert how_to[how_to.index("What the import decided:") + 1] == f"- {READ_AS}"


def test_a_players_import_notes_are_said_with_their_rows() -> None:
    # Ó Briain's blank birth date stays blank (rating says it); Dubois's birth year is entered as
    # 1 January, which decides a FIDE K by age: said on the sheet, and now on screen.
    event = parse_trf(TRF2026, "spring.trf")
    notes = event.sheets[0].column("Import notes")
    assert notes[2] == "birth year only (1985/00/00): entered as 1 January 1985"
    assert [row for row, note in enumerate(notes, start=2) if note] == [2, 3, 4, 5, 6, 7]
    assert event.warnings == (NOTED,)  # (a file whose players need no note has none: test_import_trf)


def test_export_prints_what_the_file_cannot_hold_as_warnings_and_the_written_files_on_stdout(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    workbook = imported(tmp_path)
    out, err = run(["export", str(workbook), "--to", "trf16", "-o", str(tmp_path / "old.trf")], capsys)
    assert out.splitlines() == ["Exported spring.xlsx (FIDE TRF16):", f"Wrote {tmp_path / 'old.trf'}"]
    assert err == [WARNING + "FIDE TRF16 cannot hold 1 other line of TRF lines (XXC): not written (--to trf "
                             "writes TRF-2026, which holds them)"]
    again = export(workbook, "trf16", tmp_path / "again.trf")
    assert again.warnings == tuple(line[len(WARNING):] for line in err)


def test_a_blank_federation_written_into_a_trf_file_is_said_at_its_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    workbook = imported(tmp_path)
    book = openpyxl.load_workbook(workbook)
    sheet = book["Crosstable"]
    column = next(cell.column_letter for cell in sheet[1] if cell.value == "Federation")
    sheet[f"{column}3"] = sheet[f"{column}6"] = None
    book.save(workbook)
    said = (f"Crosstable!{column}1: Federation is blank for 2 players (rows 3, 6): written with no "
            "federation in their player lines (TRF columns 54-56); enter each one's there (a three-letter "
            "FIDE code)")
    assert export(workbook, "trf", tmp_path / "out.trf").warnings == (said,)
    lines = (tmp_path / "out.trf").read_text(encoding="utf-8").splitlines()
    assert [line[53:56] for line in lines if line.startswith("001")][1:3] == ["   ", "FRA"]  # row 3 is No 2
    _, err = run(["export", str(workbook), "--to", "trf", "-o", str(tmp_path / "cli.trf")], capsys)
    assert err == [WARNING + said]


def test_season_import_prints_notes_and_warnings_with_their_labels(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = two_trf(tmp_path / "events")
    spring = folder / "a-spring.trf"
    spring.write_text(spring.read_text(encoding="utf-8") + "### written for the tests\n", encoding="utf-8")
    (folder / "misc").mkdir()
    out, err = run(["season-import", str(folder), "-o", str(tmp_path / "season.xlsx")], capsys)
    assert out.splitlines() == ["Imported 2 events (a-spring, b-summer), 7 players",
                                f"Wrote {tmp_path / 'season.xlsx'}"]
    assert err == [
        f"{NOTE}{spring}: {READ_AS}",
        f"{WARNING}{folder / 'misc'}: left out (a folder without a US Chess DBF event (THEXPORT.DBF))",
        f"{WARNING}{spring}: {NOTED}",
        f"{WARNING}{folder / 'b-summer.trf'}: {NOTED}",
    ]


def test_the_export_macro_alert_lists_what_to_check(tmp_path: Path) -> None:
    # Lite: the TRF lines on a sheet, and the alert says what the file could not hold.
    workbook = imported(tmp_path)
    book = openpyxl.load_workbook(workbook)
    assert book["Crosstable"]["B1"].value == "Name"
    book["Crosstable"]["B2"] = "Müller,\nAnna"
    book.save(workbook)
    actions = run_script(macros, "export_trf", book_json(workbook))
    alert = actions[-1]
    assert alert["func"] == "alert"
    assert ("Crosstable!B2: the name holds a line break or tab; written with a space in its place"
            in alert["args"][0])
    # Classic Excel writes beside the workbook through export_beside, which hands the same on.
    said: list[str] = []
    export_beside(load_event(workbook), "trf", workbook, said)
    assert said == list(export(workbook, "trf", tmp_path / "cli.trf").warnings)
    assert any("Crosstable!B2" in line for line in said)


def test_a_dual_rated_events_quick_ratings_left_out_of_the_us_chess_report_are_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # D_RATING holds one rating: a dual-rated event's Quick column went nowhere, without a word.
    import datetime

    from test_export_uscf import complete_report, set_rows

    workbook = tmp_path / "dual.xlsx"
    event = import_to_workbook(DATA / "dual-rated.txt", workbook)
    complete_report(set_rows(workbook, {"Event name": "Dual", "Start date": datetime.date(2024, 5, 10),
                                        "End date": datetime.date(2024, 5, 11)}))
    quick = sum(1 for value in event.sheets[0].column("Quick") if value is not None)
    games = sum(1 for value in event.sheets[0].column("Games") if value is not None)
    assert quick and games
    said = (f"The Games column ({games} players) and the Quick column ({quick} players) are not in the "
            "report: D_RATING holds the rating alone; US Chess rates from its own records")
    assert export(workbook, "uscf", tmp_path / "report").warnings == (said,)
    out, err = run(["export", str(workbook), "--to", "uscf", "-o", str(tmp_path / "cli")], capsys)
    assert err == [WARNING + said] and "Quick" not in out
