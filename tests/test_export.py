"""Exporters: FIDE TRF16 and US Chess rating report files (DBF) from a crosstable workbook.

(TRF-2026, the default of ``--to trf``, has its own tests: test_export_trf2026.py.)

Golden text comes from outside the exporter: the hand-written TRF fixture
(tests/data/import/spring-open.trf, laid out from the TRF16 column description) and
the DBF records of test_import_dbf.py (written in the layout SwissSys and WinTD use).
Round trips import a file, export it, import the export again, and compare. The US
Chess report's own checks and layout are in test_export_uscf.py; the DBF tests here
first fill the Event rows US Chess requires (:func:`complete_report`).
"""

from __future__ import annotations

from pathlib import Path

import dbfread
import openpyxl
import pytest
from test_export_uscf import complete_report, set_rows
from test_import_dbf import PLAYERS, write_event

from xlrating.cli import main
from xlrating.crosstable.parse import read_crosstable
from xlrating.crosstable.settings import read_settings
from xlrating.errors import CrosstableError, FormatError
from xlrating.exporters import export, export_workbook, render_trf
from xlrating.exporters.dbf import report_tables
from xlrating.exporters.source import ExportEvent, Section, rank, read_event
from xlrating.importers import import_file, import_to_workbook

DATA = Path(__file__).parent / "data" / "import"
FIXTURE = (DATA / "spring-open.trf").read_text(encoding="utf-8").splitlines()


def sheets_of(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every sheet's rows (values), ``Import notes`` and ``How to use`` left out."""
    book = openpyxl.load_workbook(path)
    found = {}
    for sheet in book.worksheets:
        if sheet.title == "How to use":
            continue
        rows = [tuple(r) for r in sheet.iter_rows(values_only=True)]
        if rows and "Import notes" in rows[0]:
            at = rows[0].index("Import notes")
            rows = [r[:at] + r[at + 1:] for r in rows]
        found[sheet.title] = rows
    return found


def without_trf2026_rows(sheets: dict[str, list[tuple[object, ...]]]) -> dict[str, list[tuple[object, ...]]]:
    """``sheets`` without the Event rows TRF16 cannot hold (an export to TRF16 names them in a note)."""
    return {**sheets, "Event": [r for r in sheets["Event"] if r[0] not in ("TRF lines", "TRF comments")]}


#: The Sex a file's letters come back as after an export: ``m`` or ``w`` (FIDE TRF16 and
#: TRF-2026, player section, position 10), ``F`` and ``f`` as ``w``; TRF16 keeps ``M``.
TRF16_SEXES = {"F": "w", "f": "w"}
TRF2026_SEXES = {**TRF16_SEXES, "M": "m"}


def with_sexes(sheets: dict[str, list[tuple[object, ...]]], letters: dict[str, str]
               ) -> dict[str, list[tuple[object, ...]]]:
    """``sheets`` with the crosstable's ``Sex`` cells as an export writes them (``letters``)."""
    rows = sheets["Crosstable"]
    if "Sex" not in rows[0]:
        return sheets
    at = rows[0].index("Sex")
    return {**sheets, "Crosstable": [(*r[:at], letters.get(str(r[at]), r[at]), *r[at + 1:]) for r in rows]}


def export_trf(workbook: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out.trf"
    export_workbook(workbook, "trf16", out)
    return out


# --- TRF ---------------------------------------------------------------------------------------------


def test_trf_round_trip_gives_the_same_crosstable(tmp_path: Path) -> None:
    first = tmp_path / "first.xlsx"
    import_to_workbook(DATA / "spring-open.trf", first)
    trf = tmp_path / "out.trf"
    exported = export(first, "trf16", trf)
    # TRF16 defines no XXC line: the export names it, and the round trip keeps all else.
    assert exported.warnings == ("FIDE TRF16 cannot hold 1 other line of TRF lines (XXC): not written (--to "
                              "trf writes TRF-2026, which holds them)",)
    second = tmp_path / "second.xlsx"
    import_to_workbook(trf, second)
    assert sheets_of(second) == with_sexes(without_trf2026_rows(sheets_of(first)), TRF16_SEXES)


def test_trf_player_lines_sit_in_the_trf16_columns(tmp_path: Path) -> None:
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(DATA / "spring-open.trf", workbook)
    lines = export_trf(workbook, tmp_path).read_bytes().decode("utf-8").split("\r\n")
    players = [line for line in lines if line.startswith("001")]
    # No. 7's results are all ones the crosstable keeps as TRF has them: the line is the fixture's.
    assert players[6] == FIXTURE[19]
    # No. 1 won round 2 in under one move (TRF W): the crosstable holds a forfeit win, and the
    # TRF column the code, so the W comes back. Her sex, the fixture's f, is written w.
    assert players[0] == FIXTURE[13][:9] + "w" + FIXTURE[13][10:]
    # No. 3 is unrated (rating 0 in the fixture: blank here) and born in 1985 (year only, kept).
    assert players[2][48:52] == "    " and players[2][69:79] == "1985/00/00"
    # No. 4 drew round 2 in under one move (TRF D): the crosstable holds H, the TRF column the D.
    assert players[3][101:109] == "0005 b D"
    # No. 6 had a pairing-allocated bye (TRF U): the crosstable holds B, the TRF column the U.
    assert players[5][111:119] == "0000 - U"
    line = players[0]
    assert (line[4:8], line[9], line[10:13], line[14:47].rstrip(), line[48:52], line[53:56],
            line[57:68].strip(),
            line[69:79], line[80:84], line[85:89]) == (
        "   1", "w", "WIM", "Müller, Anna", "2105", "GER", "4611111", "1990/05/17", " 3.0", "   1")


def test_trf_header_lines_012_to_132(tmp_path: Path) -> None:
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(DATA / "spring-open.trf", workbook)
    lines = export_trf(workbook, tmp_path).read_text(encoding="utf-8").splitlines()
    header = {line[:3]: line[4:] for line in lines if not line.startswith("001")}
    assert header == {
        "012": "Spring Open 2024 (fictional)", "022": "Galway", "032": "IRL", "042": "2024/03/01",
        "052": "2024/03/03", "062": "7", "072": "6", "082": "0", "092": "Individual: Swiss-System",
        "102": "A. Arbiter", "122": "90 min + 30 s", "132": FIXTURE[12][4:],
    }


def test_trf_ranks_by_score_then_buchholz_when_the_workbook_has_no_rank() -> None:
    grid = [["No", "Name", "Rating", "R1", "R2"],
            [1, "A", 2000, "W2w", "D3b"],
            [2, "B", 1900, "L1b", "B"],
            [3, "C", 1800, "B", "D1w"],
            [4, "D", 1700, "U", "B"]]
    settings, _ = read_settings([["System", "FIDE"]])
    crosstable, problems = read_crosstable(grid, settings)
    assert crosstable is not None and not problems
    # Scores: A 1.5, C 1.5, B 1, D 1. A's Buchholz (B 1 + C 1.5 = 2.5) beats C's (A 1.5).
    # B and D tie on score; B's Buchholz (A 1.5) beats D's (no games: 0).
    assert rank(Section(crosstable, {})) == {1: 1, 3: 2, 2: 3, 4: 4}


def test_a_double_forfeit_is_a_minus_in_both_players_fields() -> None:
    grid = [["No", "Name", "R1", "R2"], [1, "A", "F2w", "W3w"], [2, "B", "F1b", "B"], [3, "C", "B", "L1b"]]
    settings, _ = read_settings([["System", "FIDE"]])
    crosstable, _ = read_crosstable(grid, settings)  # F2/F1: the reader's own business
    assert crosstable is not None
    text = render_trf(ExportEvent(settings, (Section(crosstable, {}),)), "trf16")
    players = [line for line in text.split("\r\n") if line.startswith("001")]
    assert players[0][91:] == "0002 w -  0003 w 1"
    assert players[1][91:] == "0001 b -  0000 - F"


def test_trf_double_forfeit_imports_as_f_in_both_rows(tmp_path: Path) -> None:
    lines = list(FIXTURE)
    # Round 1: No. 3 and No. 6 both forfeited (their fields '+'/'-' become '-'/'-').
    lines[15] = lines[15].replace("0006 w +", "0006 w -").replace(" 1.5    5", " 0.5    5")
    assert "0003 b -" in lines[18]
    path = tmp_path / "double.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    sheet = import_file(path).sheets[0]
    rounds = sheet.header.index("R1")
    assert sheet.rows[2][rounds] == "F6w" and sheet.rows[5][rounds] == "F3b"
    notes = sheet.column("Import notes")
    assert notes[2] is None or "forfeit" not in notes[2]


def spring_open_with(tmp_path: Path, cell: str, value: object) -> Path:
    """The spring open imported into a workbook, with one crosstable cell changed."""
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(DATA / "spring-open.trf", workbook)
    book = openpyxl.load_workbook(workbook)
    book["Crosstable"][cell] = value
    book.save(workbook)
    return workbook


def test_trf_refuses_a_name_too_long_for_its_field(tmp_path: Path) -> None:
    workbook = spring_open_with(tmp_path, "B2", "Müller-Lüdenscheidt, Anna Katharina Maria")
    with pytest.raises(FormatError) as caught:
        export_trf(workbook, tmp_path)
    assert [str(p) for p in caught.value.problems] == [
        "Crosstable!B2: Name 'Müller-Lüdenscheidt, Anna Katharina Maria' is 41 characters; "
        "a TRF file holds 33"]
    assert not (tmp_path / "out.trf").exists()


def test_trf_refuses_a_fide_id_of_full_width_digits_its_importer_would_refuse(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    workbook = spring_open_with(tmp_path, "F3", "\uff11" * 7)  # 1111111 in full-width digits
    assert main(["export", str(workbook), "--to", "trf", "-o", str(tmp_path / "out.trf")]) == 1
    err = capsys.readouterr().err
    assert ("Crosstable!F3: the FIDE ID '\uff11\uff11\uff11\uff11\uff11\uff11\uff11' is not a number "
            "(digits 0 to 9)") in err
    assert not (tmp_path / "out.trf").exists()


def test_trf_writes_a_birth_year_below_1000_in_four_digits_as_its_importer_reads(tmp_path: Path) -> None:
    # A birth date in the year 999 was written 999/01/01, which no TRF reader takes for a date.
    workbook = spring_open_with(tmp_path, "G3", "0999-01-01")
    assert main(["export", str(workbook), "--to", "trf16", "-o", str(tmp_path / "out.trf")]) == 0
    line = next(x for x in (tmp_path / "out.trf").read_text(encoding="utf-8").splitlines()
                if x.startswith("001    2"))
    assert line[69:79] == "0999/01/01"
    again = import_file(tmp_path / "out.trf").sheets[0]
    assert str(again.column("Birth date")[1]) == "0999-01-01"


def test_a_crosstable_with_errors_is_not_exported(tmp_path: Path) -> None:
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(DATA / "spring-open.trf", workbook)
    book = openpyxl.load_workbook(workbook)
    book["Crosstable"]["J2"] = "W9"
    book.save(workbook)
    before = workbook.read_bytes()
    with pytest.raises(CrosstableError) as caught:
        export_trf(workbook, tmp_path)
    assert any(p.where == "Crosstable!J2" for p in caught.value.problems)
    assert not (tmp_path / "out.trf").exists()
    assert workbook.read_bytes() == before


# --- DBF ---------------------------------------------------------------------------------------------


def test_dbf_export_writes_the_report_records_it_was_imported_from(tmp_path: Path) -> None:
    source = write_event(tmp_path / "source")
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(source, workbook)
    written = export_workbook(complete_report(workbook), "dbf", tmp_path / "report")
    assert [p.name for p in written] == ["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"]
    records = list(dbfread.DBF(str(tmp_path / "report" / "TDEXPORT.DBF"), encoding="cp1252"))
    fields = ["D_SEC_NUM", "D_PAIR_NUM", "D_MEM_ID", "D_NAME", "D_STATE", "D_RATING",
              "D_RND01", "D_RND02", "D_RND03", "D_RND04"]
    found = [[str(r[f]).strip() for f in fields] for r in records]
    # the fixture's records as 2C writes them: an unrated player's rating 0, the quad's 4th round U0
    expected = [[v or ("0" if i == 6 else "U0" if i > 6 else "") for i, v in enumerate(p) if i]
                for p in PLAYERS]
    assert found == expected
    header = next(iter(dbfread.DBF(str(tmp_path / "report" / "THEXPORT.DBF"))))
    assert (header["H_FORMAT"], header["H_NAME"], header["H_TOT_SECT"], header["H_BEG_DATE"],
            header["H_END_DATE"]) == ("2C", "Fictional Club Championship", "2", "20240510", "20240512")
    sections = [(s["S_SEC_NUM"], s["S_R_SYSTEM"], s["S_TRN_TYPE"], s["S_TOT_RNDS"], s["S_LST_PAIR"])
                for s in dbfread.DBF(str(tmp_path / "report" / "TSEXPORT.DBF"))]
    assert sections == [("1", "D", "S", "4", "6"), ("2", "D", "R", "3", "4")]


def test_dbf_round_trip_through_our_importer(tmp_path: Path) -> None:
    first = tmp_path / "first.xlsx"
    import_to_workbook(write_event(tmp_path / "source"), first)
    export_workbook(complete_report(first), "dbf", tmp_path / "report")
    second = tmp_path / "second.xlsx"
    import_to_workbook(tmp_path / "report", second)
    again, before = sheets_of(second), sheets_of(first)
    # the Event sheet holds the same settings (the rows added to the first come in its own order)
    assert sorted(r[:2] for r in again.pop("Event")) == sorted(r[:2] for r in before.pop("Event"))
    assert again == before


def test_dbf_export_of_msa_text_keeps_every_result(tmp_path: Path) -> None:
    first = tmp_path / "first.xlsx"
    import_to_workbook(DATA / "two-sections.txt", first)
    set_rows(first, {"Event name": "Two sections", "Start date": "2024-05-10", "End date": "2024-05-11"})
    export_workbook(complete_report(first), "dbf", tmp_path / "report")
    again = read_event(import_grids(tmp_path, tmp_path / "report"))
    original = read_event(import_grids(tmp_path, first))
    for a, b in zip(original.sections, again.sections, strict=True):
        assert [(p.number, p.name, p.member_id, p.rating, [(c.code, c.opponent, c.colour)
                 for c in p.rounds]) for p in a.crosstable.players] == [
            (p.number, p.name, p.member_id, p.rating, [(c.code, c.opponent, c.colour)
             for c in p.rounds]) for p in b.crosstable.players]
        # the games behind a provisional rating do not travel: 2C's D_RATING holds the rating alone
        assert any(p.games is not None for p in a.crosstable.players)
        assert all(p.games is None for p in b.crosstable.players)


def import_grids(tmp_path: Path, source: Path) -> dict[str, list[list[object]]]:
    """The sheets of ``source`` (a workbook, or a report folder imported first)."""
    from xlrating.workbook import load, read_grids

    if source.is_dir():
        workbook = tmp_path / f"{source.name}.xlsx"
        import_to_workbook(source, workbook)
        source = workbook
    return read_grids(load(source))


def test_dbf_refuses_a_name_windows_1252_cannot_write(tmp_path: Path) -> None:
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(DATA / "two-sections.txt", workbook)
    book = openpyxl.load_workbook(workbook)
    sheet = book.worksheets[0]
    sheet["B3"] = "Łukasiewicz, Jan"  # Ł is in Windows-1250, not Windows-1252
    book.save(workbook)
    set_rows(workbook, {"Event name": "Two sections", "Start date": "2024-05-10", "End date": "2024-05-11"})
    complete_report(workbook)
    with pytest.raises(FormatError) as caught:
        export_workbook(workbook, "dbf", tmp_path / "report")
    assert [str(p) for p in caught.value.problems] == [
        f"'{sheet.title}'!3:3: D_NAME 'Łukasiewicz, Jan' holds characters the Windows-1252 code page of US "
        "Chess report files cannot write"]
    assert not (tmp_path / "report").exists()


def test_dbf_refuses_a_fide_event(tmp_path: Path) -> None:
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(DATA / "spring-open.trf", workbook)
    with pytest.raises(FormatError) as caught:
        export_workbook(workbook, "dbf", tmp_path / "report")
    assert "System FIDE" in str(caught.value.problems[0])
    assert not (tmp_path / "report" / "TDEXPORT.DBF").exists()


# --- the command -------------------------------------------------------------------------------------


def test_export_command_defaults_and_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    workbook = tmp_path / "spring.xlsx"
    import_to_workbook(DATA / "spring-open.trf", workbook)
    assert main(["export", str(workbook), "--to", "trf16"]) == 0
    assert (tmp_path / "spring.trf").exists()
    assert main(["export", str(workbook), "--to", "trf16"]) == 1
    assert "already exists" in capsys.readouterr().err
    assert main(["export", str(workbook), "--to", "trf16", "--force"]) == 0
    us = tmp_path / "two.xlsx"
    import_to_workbook(DATA / "two-sections.txt", us)
    set_rows(us, {"Event name": "Two sections", "Start date": "2024-05-10", "End date": "2024-05-11"})
    assert main(["export", str(complete_report(us)), "--to", "dbf"]) == 0
    assert sorted(p.name for p in (tmp_path / "two-dbf").iterdir()) == [
        "TDEXPORT.DBF", "THEXPORT.DBF", "TSEXPORT.DBF"]
    assert main(["export", str(us), "--to", "trf"]) == 1
    assert "a TRF file holds one section" in capsys.readouterr().err
    assert main(["export", str(us), "--to", "trf16", "--sheet", "Section 2 - Reserve", "-o",
                 str(tmp_path / "reserve.trf")]) == 0
    lines = (tmp_path / "reserve.trf").read_text().splitlines()
    assert sum(1 for line in lines if line.startswith("001")) == 5
    assert main(["export", str(us), "--to", "trf", "--sheet", "Blitz", "-o", str(tmp_path / "b.trf")]) == 1
    err = capsys.readouterr().err
    assert "there is no crosstable sheet 'Blitz' (the crosstable sheets are 'Section 1 - Open', " in err
    assert not (tmp_path / "b.trf").exists()
    book = openpyxl.load_workbook(workbook)
    book["Crosstable"]["J2"] = "W9"
    book.save(workbook)
    assert main(["export", str(workbook), "--to", "trf", "-o", str(tmp_path / "bad.trf")]) == 1
    err = capsys.readouterr().err
    assert "nothing was exported" in err and "Crosstable!J2" in err and "Traceback" not in err
    assert not (tmp_path / "bad.trf").exists()


# --- what an exporter reads, and what a report cannot carry (today's messages, pinned) ------------

GRID = [["No", "Name", "Rating", "R1"], [1, "A", 1500, "W2"], [2, "B", 1400, "L1"]]


def read_problems(sheets: dict[str, list[list[object]]], where: str = "crosstable", **options: object
                  ) -> list[str]:
    with pytest.raises(CrosstableError) as caught:
        read_event(sheets, **options)  # type: ignore[arg-type]
    assert caught.value.title == f"The {where} has 1 error; nothing was exported."
    return [str(p) for p in caught.value.problems]


def test_read_event_names_a_missing_crosstable_and_reads_the_extra_settings() -> None:
    # (without a crosstable, the errors are the workbook's)
    assert read_problems({"Sheet1": [["Hello"]], "Event": [["System", "USCF"]]}, "workbook") == [
        "The workbook has no crosstable: name a sheet 'Crosstable' and give it a header row with No, Name "
        "and the rounds (R1, R2, ...)"]
    assert read_problems({"event": [["System", "USCF"]], "Crosstable": GRID, "Other": GRID},
                         only=["other", "Nope"]) == [
        "there is no crosstable sheet 'Nope' (the crosstable sheets are 'Crosstable', 'Other')"]
    event = read_event({"event": [["System", "USCF"], ["end_date", None]], "Crosstable": GRID, "Other": GRID},
                       only=["other"])
    assert [s.name for s in event.sections] == ["Other"] and not event.end_date_given
    settings = [["System", "USCF"], ["End date", "2024-01-02"], ["City", "X"], ["ZIP", None]]
    event = read_event({"Event": settings, "Crosstable": GRID})
    assert event.end_date_given and dict(event.extra) == {"City": "X", "ZIP": None}
    assert dict(event.cells) == {"City": "Event!B3", "ZIP": "Event!B4"}


def test_a_report_refuses_an_online_rating_system_and_more_than_99_sections() -> None:
    event = read_event({"Event": [["System", "USCF"], ["Rating system", "Online Blitz"]], "Crosstable": GRID})
    with pytest.raises(FormatError) as caught:
        report_tables(event)
    assert [str(p) for p in caught.value.problems] == [
        "Event!B2: US Chess rating report files carry Regular, Quick, Blitz or dual-rated events, not Online "
        "Blitz"]
    event = read_event({"Event": [["System", "USCF"]], **{f"S{i}": GRID for i in range(100)}})
    with pytest.raises(FormatError) as caught:
        report_tables(event)
    assert [str(p) for p in caught.value.problems] == [
        "100 crosstable sheets: a report holds at most 99 sections",
        "Event: H_TOT_SECT '100' has 3 characters; the report format holds 2",
        "S99: S_SEC_NUM '100' has 3 characters; the report format holds 2",
        "S99!2:2: D_SEC_NUM '100' has 3 characters; the report format holds 2",
        "S99!3:3: D_SEC_NUM '100' has 3 characters; the report format holds 2"]


def test_trf_export_says_the_games_and_k_it_cannot_hold(tmp_path: Path) -> None:
    """A player line holds a rating alone: a Games or K typed on the crosstable (which decide K,
    FIDE Rating Regulations 2024, 8.3.3) is not in the file. The export says so, as the US Chess
    report's says of Games; imported again, the event would rate with the rules' K."""
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(DATA / "spring-open.trf", workbook)
    book = openpyxl.load_workbook(workbook)
    sheet = book["Crosstable"]
    games, k = sheet.max_column + 1, sheet.max_column + 2
    sheet.cell(1, games, "Games"), sheet.cell(1, k, "K")
    sheet.cell(2, games, 12), sheet.cell(2, k, 40), sheet.cell(3, k, 20)
    book.save(workbook)
    exported = export(workbook, "trf", tmp_path / "out.trf", force=True)  # (a player has no FIDE ID)
    assert exported.warnings[-1] == (
        "The Games column (1 player) and the K column (2 players) are not in the FIDE TRF-2026 file: its "
        "player lines and national records hold ratings alone (the rating body works out K from its own "
        "records), so an import of the file rates with the rules' K")
