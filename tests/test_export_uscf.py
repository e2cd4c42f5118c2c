"""US Chess's rating report for MUIR's upload: ``xlrating export --to uscf`` and its checks.

The layout the files are checked against is transcribed, with its sources, in
tests/data/export/uscf-2c-layout.txt (US Chess's 2C format as accepted by MUIR); the
upload and the fields MUIR validates in tests/data/export/uscf-ratings-api.json (from
US Chess's Ratings API swagger.json). Every written folder is read back by the
project's DBF importer and by dbfread, a reader independent of the writer.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import dbfread
import openpyxl
import pytest
from test_import_dbf import write_event

from xlrating.cli import main
from xlrating.errors import FormatError
from xlrating.exporters import (
    FORMATS,
    REQUIRED,
    MissingFieldsError,
    export,
    export_beside,
    export_workbook,
    load_event,
)
from xlrating.importers import import_file, import_to_workbook
from xlrating.templates import write_template

DATA = Path(__file__).parent / "data"
API = json.loads((DATA / "export" / "uscf-ratings-api.json").read_text(encoding="utf-8"))
FILES = ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF")

#: The Event sheet rows US Chess requires beyond the rating's, with fictional values.
REPORT_ROWS = {
    "Affiliate ID": "A1234567", "Chief TD ID": "12345678", "Assistant TD ID": "87654321",
    "City": "Springfield", "State": "IL", "ZIP": "62701", "Country": "USA", "Time control": "G/45;d5",
}


def layout() -> dict[str, list[tuple[str, str, int]]]:
    """The 2C fields of each file, from the test data file."""
    files: dict[str, list[tuple[str, str, int]]] = {}
    current: list[tuple[str, str, int]] = []
    for line in (DATA / "export" / "uscf-2c-layout.txt").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        if line.endswith(".DBF"):
            current = files.setdefault(line, [])
        else:
            name, kind, width = line.split()
            current.append((name, kind, int(width)))
    return files


def set_rows(workbook: Path, rows: dict[str, object]) -> Path:
    """Set ``rows`` on the workbook's Event sheet: a row's value when it has one, else a new row."""
    book = openpyxl.load_workbook(workbook)
    sheet = book["Event"]
    found = {str(row[0].value).strip(): row[0].row for row in sheet.iter_rows() if row[0].value}
    for name, value in rows.items():
        if name in found:
            sheet.cell(row=found[name], column=2).value = value
        else:
            sheet.append([name, value])
    book.save(workbook)
    return workbook


def complete_report(workbook: Path) -> Path:
    """Fill every Event row US Chess requires that the workbook lacks or leaves blank (fictional values)."""
    book = openpyxl.load_workbook(workbook)
    have = {str(row[0].value).strip() for row in book["Event"].iter_rows() if row[0].value and row[1].value}
    return set_rows(workbook, {k: v for k, v in REPORT_ROWS.items() if k not in have})


def event_rows(workbook: Path) -> dict[str, tuple[object, str]]:
    """Each Event row's value and value cell."""
    sheet = openpyxl.load_workbook(workbook)["Event"]
    return {str(r[0].value).strip(): (r[1].value, f"Event!B{r[0].row}")
            for r in sheet.iter_rows() if r[0].value}


@pytest.fixture
def imported(tmp_path: Path) -> Path:
    """A two-section event imported from report files, every required row filled."""
    workbook = tmp_path / "club.xlsx"
    import_to_workbook(write_event(tmp_path / "source"), workbook)
    return complete_report(workbook)


def records(folder: Path, name: str) -> list[dict[str, str]]:
    return [dict(r) for r in dbfread.DBF(str(folder / name), encoding="cp1252", char_decode_errors="strict")]


# --- what the upload takes ----------------------------------------------------------------------------


def test_the_upload_takes_the_three_files_uscf_writes(imported: Path, tmp_path: Path) -> None:
    upload = API["paths"]["/api/v1/file-uploads/upload"]["post"]["requestBody"]["content"]
    parts = upload["multipart/form-data"]["schema"]["properties"]
    assert list(parts) == ["eventFile", "sectionsFile", "playersFile"]
    assert all(p == {"type": "string", "format": "binary"} for p in parts.values())
    written = export_workbook(imported, "uscf", tmp_path / "report")
    # event, sections, players: one file each, in the upload's order
    assert [p.name for p in written] == list(FILES)
    header = records(tmp_path / "report", "THEXPORT.DBF")
    assert len(header) == 1  # the event file holds one event
    # the response's importFormatStandard / importProgramVersion: what H_FORMAT and H_PROGRAM carry
    response = API["components"]["schemas"]["PendingEventDetailDto (part)"]["properties"]
    assert set(response) == {"importFormatStandard", "importProgramVersion"}
    assert (header[0]["H_FORMAT"], header[0]["H_PROGRAM"]) == ("2C", "xlrating")


#: Each event field MUIR validates (PendingEventValidationLevelDto) and the THEXPORT field
#: and Event row that carry it; ``general``, ``officials`` and ``sections`` are not fields.
VALIDATED = {
    "name": ("H_NAME", "Event name"), "startDate": ("H_BEG_DATE", "Start date"),
    "endDate": ("H_END_DATE", "End date"), "city": ("H_CITY", "City"), "stateCode": ("H_STATE", "State"),
    "countryCode": ("H_COUNTRY", "Country"), "zipCode": ("H_ZIPCODE", "ZIP"),
    "affiliateId": ("H_AFF_ID", "Affiliate ID"), "chiefTD": ("H_CTD_ID", "Chief TD ID"),
}


def test_every_event_field_muir_validates_is_written_and_checked(imported: Path, tmp_path: Path) -> None:
    validated = API["components"]["schemas"]["PendingEventValidationLevelDto"]["properties"]
    assert set(validated) - {"general", "officials", "sections"} == set(VALIDATED)
    export_workbook(imported, "uscf", tmp_path / "report")
    header = records(tmp_path / "report", "THEXPORT.DBF")[0]
    rows = event_rows(imported)
    for field, (column, setting) in VALIDATED.items():
        assert header[column].strip(), field
        # and blanking its Event row stops the export, naming that row's cell
        blank = tmp_path / f"blank-{field}.xlsx"
        blank.write_bytes(imported.read_bytes())
        set_rows(blank, {setting: None})
        with pytest.raises(MissingFieldsError) as caught:
            export_workbook(blank, "uscf", tmp_path / f"out-{field}")
        assert [p.where for p in caught.value.problems] == [rows[setting][1]], field
        assert not (tmp_path / f"out-{field}").exists()
    # a section's time control is validated too (PendingSectionValidationDto.timeControl)
    assert "timeControl" in API["components"]["schemas"]["PendingSectionValidationDto"]["properties"]
    assert {s["S_TIMECTL"] for s in records(tmp_path / "report", "TSEXPORT.DBF")} == {"G/45;d5"}


# --- the files against the 2C layout, read back ----------------------------------------------------


def test_each_file_has_the_2c_fields_and_reads_back_as_written(imported: Path, tmp_path: Path) -> None:
    export_workbook(imported, "uscf", tmp_path / "report")
    expected = layout()
    for name in FILES:
        table = dbfread.DBF(str(tmp_path / "report" / name))
        fields = [(f.name, f.type, f.length) for f in table.fields]
        if name == "TDEXPORT.DBF":
            rounds = fields[len(expected[name]):]
            assert rounds == [(f"D_RND{r:02d}", "C", 7) for r in range(1, len(rounds) + 1)]
            fields = fields[:len(expected[name])]
        assert fields == expected[name], name
    header = records(tmp_path / "report", "THEXPORT.DBF")[0]
    assert header["H_SENDCROS"] in ("N", "A", "T")
    assert re.fullmatch(r"[0-9]{8}", header["H_BEG_DATE"]) and re.fullmatch(r"[0-9]{8}", header["H_END_DATE"])
    assert (header["H_AFF_ID"], header["H_CTD_ID"], header["H_ATD_ID"], header["H_CITY"], header["H_STATE"],
            header["H_ZIPCODE"], header["H_COUNTRY"]) == (
        "A1234567", "12345678", "87654321", "Springfield", "IL", "62701", "USA")
    sections = records(tmp_path / "report", "TSEXPORT.DBF")
    assert [(s["S_GR_PRIX"], s["S_FIDE"], s["S_CTD_ID"], s["S_ATD_ID"]) for s in sections] == [
        ("N", "N", "12345678", "87654321")] * 2
    rounds = {s["S_SEC_NUM"]: int(s["S_TOT_RNDS"]) for s in sections}
    for player in records(tmp_path / "report", "TDEXPORT.DBF"):
        assert re.fullmatch(r"[0-9]{1,4}", player["D_RATING"]) and int(player["D_RATING"]) <= 4000
        cells = [v for k, v in player.items() if k.startswith("D_RND")]
        # a round past the section's own count is U0 (the 3-round quad in a 4-round file)
        assert all(c == "U0" for c in cells[rounds[player["D_SEC_NUM"]]:]), player
    # numbers left-justified: the raw bytes of the section number start with the digit
    raw = (tmp_path / "report" / "TSEXPORT.DBF").read_bytes()
    first_record = int.from_bytes(raw[8:10], "little")  # the header's length
    assert raw[first_record + 1 + 12:][:2] == b"1 "  # after the deletion flag and S_EVENT_ID
    # and the project's importer reads back the same crosstable and the report's rows
    again = tmp_path / "again.xlsx"
    import_to_workbook(tmp_path / "report", again)
    first, second = event_rows(imported), event_rows(again)
    for setting in ("Affiliate ID", "Chief TD ID", "Assistant TD ID", "City", "State", "ZIP", "Country",
                    "Time control", "Event name", "Start date", "End date"):
        assert second[setting][0] == first[setting][0], setting
    for sheet in ("Open", "Quad- U1600"):
        def rows(book: Path, name: str = sheet) -> list[tuple[object, ...]]:
            cells = openpyxl.load_workbook(book)[name].iter_rows(values_only=True)
            return [row[:9] for row in cells]
        assert rows(again) == rows(imported)


def test_uscf_and_dbf_write_the_same_records(imported: Path, tmp_path: Path) -> None:
    export_workbook(imported, "uscf", tmp_path / "uscf")
    export_workbook(imported, "dbf", tmp_path / "dbf")
    for name in FILES:
        assert records(tmp_path / "uscf", name) == records(tmp_path / "dbf", name)
    assert set(FORMATS) >= {"uscf", "dbf"} and REQUIRED["uscf"] == REQUIRED["dbf"]


def test_a_value_wider_than_its_2c_field_is_refused_with_its_cell(imported: Path, tmp_path: Path) -> None:
    rows = event_rows(imported)
    set_rows(imported, {"City": "Springfield Township of the North", "Time control": "G/" + "9" * 45})
    book = openpyxl.load_workbook(imported)
    book["Open"]["B2"] = "Featherstonehaugh-Cholmondeley, Bartholomew"
    book.save(imported)
    with pytest.raises(FormatError) as caught:
        export_workbook(imported, "uscf", tmp_path / "report")
    assert [(p.where, p.message.split()[0]) for p in caught.value.problems] == [
        (rows["City"][1], "H_CITY"), (rows["Time control"][1], "S_TIMECTL"), ("Open!2:2", "D_NAME")]
    assert "has 33 characters; the report format holds 21" in str(caught.value.problems[0])
    assert not (tmp_path / "report").exists()


def test_games_are_not_in_the_report_and_the_command_says_so(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    workbook = tmp_path / "two.xlsx"
    import_to_workbook(DATA / "import" / "two-sections.txt", workbook)
    complete_report(set_rows(workbook, {"Event name": "Two", "Start date": datetime.date(2024, 5, 10),
                                        "End date": datetime.date(2024, 5, 11)}))
    assert main(["export", str(workbook), "--to", "uscf"]) == 0
    out, err = capsys.readouterr()
    assert "xlrating: warning: The Games column (" in err and "D_RATING holds the rating alone" in err
    assert "Games" not in out  # stdout: what was written
    ratings = [p["D_RATING"] for p in records(tmp_path / "two-uscf", "TDEXPORT.DBF")]
    assert all(re.fullmatch(r"[0-9]{1,4}", r) for r in ratings)


# --- checks before sending ---------------------------------------------------------------------------


#: The US Chess template's report rows left to the director (its example has a City and a Time control).
BLANK_IN_TEMPLATE = ("Affiliate ID", "Chief TD ID", "State", "ZIP", "Country")


def test_the_us_chess_template_shows_the_report_rows_and_names_each_blank_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (template,) = write_template("uscf", tmp_path / "t.xlsx")
    rows = event_rows(template)
    sheet = openpyxl.load_workbook(template)["Event"]
    assert (rows["City"][0], rows["Time control"][0]) == ("Riverside", "G/90;+30")
    for name in (*BLANK_IN_TEMPLATE, "Assistant TD ID", "City", "Time control"):
        value, cell = rows[name]
        assert value is None or name in ("City", "Time control"), name
        about = sheet[cell.replace("Event!B", "C")].value
        assert about, name
    for name in ("Affiliate ID", "Chief TD ID", "Assistant TD ID", "ZIP"):  # IDs and ZIP typed as text
        assert sheet[rows[name][1].split("!")[1]].number_format == "@", name
    assert main(["export", str(template), "--to", "uscf"]) == 1
    err = capsys.readouterr().err
    assert "Cannot export US Chess's rating report: 5 required fields missing; nothing was written " \
           "(--force writes anyway)" in err
    for name in BLANK_IN_TEMPLATE:
        assert f"  {rows[name][1]}: {name} is blank: US Chess requires" in err, name
    assert "Assistant TD ID" not in err  # optional
    assert not (tmp_path / "t-uscf").exists()


def test_missing_rows_are_named_with_the_row_to_add(tmp_path: Path) -> None:
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(write_event(tmp_path / "source"), workbook)  # has Affiliate ID, City, State
    with pytest.raises(MissingFieldsError) as caught:
        export_workbook(workbook, "uscf", tmp_path / "report")
    assert [str(p) for p in caught.value.problems] == [
        f"Event: no {name!r} row: US Chess requires {what}; add a row with {name!r} in column A and the "
        "value in column B" for name, what in (
            ("Chief TD ID", "the chief TD's member ID (THEXPORT H_CTD_ID, S_CTD_ID)"),
            ("ZIP", "it (THEXPORT H_ZIPCODE)"), ("Country", "it (THEXPORT H_COUNTRY)"))]
    assert not (tmp_path / "report").exists()


def test_a_blank_end_date_is_missing_never_today(imported: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    rows = event_rows(imported)
    set_rows(imported, {"End date": None})
    assert main(["export", str(imported), "--to", "uscf", "-o", str(tmp_path / "report")]) == 1
    err = capsys.readouterr().err
    assert f"  {rows['End date'][1]}: End date is blank: US Chess requires it (THEXPORT H_END_DATE); a " \
           "blank one is never today" in err
    assert not (tmp_path / "report").exists()
    assert main(["export", str(imported), "--to", "uscf", "-o", str(tmp_path / "report"), "--force"]) == 0
    err = capsys.readouterr().err
    assert f"xlrating: warning: written with --force, a required field missing: {rows['End date'][1]}: End " \
           "date is blank" in err
    header = records(tmp_path / "report", "THEXPORT.DBF")[0]
    sections = records(tmp_path / "report", "TSEXPORT.DBF")
    today = datetime.date.today().strftime("%Y%m%d")
    assert header["H_END_DATE"] == "" and {s["S_END_DATE"] for s in sections} == {""}
    raw = (tmp_path / "report" / "THEXPORT.DBF").read_bytes()
    assert today.encode() not in raw[int.from_bytes(raw[8:10], "little"):]  # in no record


def test_force_writes_and_the_api_answers_with_every_missing_field(tmp_path: Path) -> None:
    (template,) = write_template("uscf", tmp_path / "t.xlsx")
    rows = event_rows(template)
    exported = export(template, "uscf", tmp_path / "report", force=True)
    assert [p.name for p in exported.paths] == list(FILES)
    assert [p.where for p in exported.missing] == [rows[name][1] for name in BLANK_IN_TEMPLATE]


def test_the_macro_refuses_a_report_with_missing_fields(tmp_path: Path) -> None:
    (template,) = write_template("uscf", tmp_path / "t.xlsx")
    with pytest.raises(MissingFieldsError):
        export_beside(load_event(template), "uscf", template)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.xlsx"]
    complete_report(template)
    written = export_beside(load_event(template), "uscf", template)
    assert {p.parent.name for p in written} == {"t-uscf"}


def test_a_fide_event_gets_every_problem_in_one_pass(tmp_path: Path) -> None:
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(DATA / "import" / "spring-open.trf", workbook)
    with pytest.raises(FormatError) as caught:
        export_workbook(workbook, "uscf", tmp_path / "report")
    text = [str(p) for p in caught.value.problems]
    assert "System FIDE" in text[0]
    assert any("Affiliate ID" in t for t in text) and any("Chief TD ID" in t for t in text)


# --- the importer keeps the report's rows ----------------------------------------------------------


def test_sections_with_different_time_controls_leave_it_blank_with_a_note(tmp_path: Path) -> None:
    from test_import_dbf import SECTIONS

    sections = [SECTIONS[0], [*SECTIONS[1][:4], "G/30;d5", *SECTIONS[1][5:]]]
    event = import_file(write_event(tmp_path / "source", sections=sections))
    assert "Time control" not in dict(event.event)
    assert "Sections differ in time control (G/30;d5, G/45;d5): the Event sheet's Time control is left " \
           "blank" in event.warnings
