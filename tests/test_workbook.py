"""xlrating.workbook: opening files safely, reading values, writing blocks back, saving atomically.

Every workbook here is a real .xlsx/.xlsm file on disk, opened with openpyxl and checked
by cell address.
"""

from __future__ import annotations

import io
import os
import re
import stat
import zipfile
from datetime import date, datetime
from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet.table import Table, TableStyleInfo

from xlrating.crosstable.model import AddedColumns, Block
from xlrating.errors import ArgumentError, WorkbookError
from xlrating.templates import write_template
from xlrating.workbook import (
    NewSheet,
    Workbook,
    apply,
    load,
    read_grids,
    save_atomic,
    write_new_workbook,
)

HEADER = ["No", "Name", "Rating", "R1", "R2"]
ROWS: list[list[object]] = [
    [1, "Ann Able", 1500, "W2", "D3"], [2, "Bob Brown", 1400, "L1", "W3"], [3, "Cy Cole", None, "U", "D1"]]


def small_workbook(path: Path, rows: list[list[object]] | None = None) -> Path:
    write_new_workbook(path, event=[("System", "USCF"), ("End date", date(2025, 1, 5))],
                       sheets=[NewSheet("Crosstable", HEADER, ROWS if rows is None else rows)])
    return path


def rewrite_part(path: Path, part: str, change: object) -> None:
    """Rewrite one part of the zip package at ``path`` with ``change(text) -> text``."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info.filename) for info in archive.infolist()}
    parts[part] = change(parts[part].decode("utf-8")).encode("utf-8")  # type: ignore[operator]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def saved(workbook: Workbook, folder: Path) -> openpyxl.Workbook:
    """``workbook`` saved to ``folder/saved.xlsx`` and read back with openpyxl."""
    save_atomic(workbook, folder / "saved.xlsx")
    return openpyxl.load_workbook(folder / "saved.xlsx")


def sheet_part(path: Path, sheet: str) -> str:
    """The zip part name of worksheet ``sheet``."""
    book = openpyxl.load_workbook(path)
    index = book.sheetnames.index(sheet) + 1
    return f"xl/worksheets/sheet{index}.xml"


# --- load: what cannot be opened is refused with the file's name -------------------------------


def test_load_opens_an_xlsx_and_keeps_its_bytes(tmp_path: Path) -> None:
    path = small_workbook(tmp_path / "event.xlsx")
    workbook = load(path)
    assert workbook.path == path
    assert workbook.content == path.read_bytes()
    assert not workbook.macro_enabled
    assert workbook.sheetnames == ["Crosstable", "Event"]


def test_load_refuses_a_missing_file_and_a_folder(tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match=r"missing\.xlsx: no such file"):
        load(tmp_path / "missing.xlsx")
    with pytest.raises(WorkbookError, match="is a folder"):
        load(tmp_path)


def test_load_refuses_a_text_file(tmp_path: Path) -> None:
    path = tmp_path / "players.xlsx"
    path.write_text("No,Name\n1,Ann\n", encoding="utf-8")
    with pytest.raises(WorkbookError, match=r"players\.xlsx: is not an Excel workbook"):
        load(path)


def test_load_refuses_a_password_protected_workbook(tmp_path: Path) -> None:
    from msoffcrypto.format.ooxml import OOXMLFile  # type: ignore[import-untyped]

    plain = small_workbook(tmp_path / "plain.xlsx")
    encrypted = io.BytesIO()
    with plain.open("rb") as source:
        OOXMLFile(source).encrypt("secret", encrypted)
    path = tmp_path / "locked.xlsx"
    path.write_bytes(encrypted.getvalue())
    with pytest.raises(WorkbookError, match=r"locked\.xlsx: is password-protected \(encrypted\)"):
        load(path)


def test_load_refuses_an_old_xls_style_compound_file(tmp_path: Path) -> None:
    # The OLE compound-file signature that starts every .xls (and every encrypted .xlsx).
    path = tmp_path / "old.xls"
    path.write_bytes(bytes.fromhex("d0cf11e0a1b11ae1") + bytes(504))
    with pytest.raises(WorkbookError, match=r"old\.xls: is an Excel 97-2003 \(\.xls\)"):
        load(path)


def test_load_refuses_a_truncated_workbook(tmp_path: Path) -> None:
    path = small_workbook(tmp_path / "cut.xlsx")
    path.write_bytes(path.read_bytes()[:1500])
    with pytest.raises(WorkbookError, match=r"cut\.xlsx: is damaged"):
        load(path)


def test_load_refuses_a_workbook_whose_part_fails_its_checksum(tmp_path: Path) -> None:
    path = small_workbook(tmp_path / "flipped.xlsx")
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("xl/workbook.xml")
    # Flip one byte inside the stored data of xl/workbook.xml (after its 30-byte local header and name).
    offset = info.header_offset + 30 + len(info.filename) + len(info.extra) + 5
    data[offset] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(WorkbookError, match=r"flipped\.xlsx: is damaged"):
        load(path)


def test_load_refuses_a_zip_that_is_not_a_workbook(tmp_path: Path) -> None:
    path = tmp_path / "notes.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("word/document.xml", "<document/>")
    with pytest.raises(WorkbookError, match=r"notes\.xlsx: is a zip file but not an Excel workbook"):
        load(path)


def test_load_refuses_a_workbook_with_broken_xml(tmp_path: Path) -> None:
    path = small_workbook(tmp_path / "broken.xlsx")
    rewrite_part(path, "xl/workbook.xml", lambda text: text[: len(text) // 2])
    with pytest.raises(WorkbookError, match=r"broken\.xlsx: is damaged or not an Excel workbook"):
        load(path)


BILLION_LAUGHS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
    + "".join(f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'
              for i in range(1, 10))
    + "]>\n"
)


@pytest.mark.parametrize("part", ["sheet", "xl/workbook.xml", "xl/styles.xml"])
def test_load_refuses_a_billion_laughs_workbook(tmp_path: Path, part: str) -> None:
    path = small_workbook(tmp_path / "laughs.xlsx")
    name = sheet_part(path, "Crosstable") if part == "sheet" else part

    def poison(text: str) -> str:
        body = re.sub(r"^<\?xml[^>]*\?>\s*", "", text)
        if part == "sheet":
            body = body.replace("<t>Ann Able</t>", "<t>&lol9;</t>")
            assert "&lol9;" in body
        return BILLION_LAUGHS + body

    rewrite_part(path, name, poison)
    with pytest.raises(WorkbookError, match=r"laughs\.xlsx: refused: it holds unsafe XML"):
        load(path)


# --- read_grids: values as Excel stored them -------------------------------------------------


def test_read_grids_gives_every_sheet_from_a1_without_trailing_blanks(tmp_path: Path) -> None:
    path = small_workbook(tmp_path / "event.xlsx")
    grids = read_grids(load(path))
    assert grids["Crosstable"] == [HEADER, *ROWS]
    assert grids["Event"][0] == ["Setting", "Value", "About"]
    assert grids["Event"][1][:2] == ["System", "USCF"]
    assert grids["Event"][2][:2] == ["End date", datetime(2025, 1, 5)]


def test_read_grids_starts_at_a1_even_when_the_data_does_not(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Crosstable"
    sheet["C3"] = "Name"
    sheet["D4"] = 7
    book.save(tmp_path / "offset.xlsx")
    grid = read_grids(load(tmp_path / "offset.xlsx"))["Crosstable"]
    assert grid == [[], [], [None, None, "Name"], [None, None, None, 7]]


def formula_workbook(path: Path) -> Path:
    """A crosstable whose Rating of No. 1 is a formula with a cached value, as Excel saves it."""
    small_workbook(path)
    book = openpyxl.load_workbook(path)
    book["Crosstable"]["C2"] = "=1400+100"
    book["Crosstable"]["G2"] = '=B2&" (club)"'
    book.save(path)
    part = sheet_part(path, "Crosstable")

    def cache(text: str) -> str:
        text = re.sub(r"(<f>1400\+100</f>)(<v\s*/>|<v></v>)?", r"\1<v>1500</v>", text)
        text = re.sub(r'<c r="G2"([^>]*)>(<f>.*?</f>)(<v\s*/>|<v></v>)?',
                      r'<c r="G2"\1 t="str">\2<v>Ann Able (club)</v>', text)
        return text

    rewrite_part(path, part, cache)
    return path


def test_read_grids_gives_formula_cells_their_calculated_values(tmp_path: Path) -> None:
    workbook = load(formula_workbook(tmp_path / "formulas.xlsx"))
    grid = read_grids(workbook)["Crosstable"]
    assert grid[1][2] == 1500
    assert grid[1][6] == "Ann Able (club)"
    # The workbook written back still holds the formulas.
    assert saved(workbook, tmp_path)["Crosstable"]["C2"].value == "=1400+100"


def test_read_grids_gives_none_for_a_formula_never_calculated(tmp_path: Path) -> None:
    small_workbook(tmp_path / "raw.xlsx")
    book = openpyxl.load_workbook(tmp_path / "raw.xlsx")
    book["Crosstable"]["F2"] = "=A2+1"
    book.save(tmp_path / "raw.xlsx")
    assert read_grids(load(tmp_path / "raw.xlsx"))["Crosstable"][1][5:] == []


USER_TEXT = ['=HYPERLINK("http://example.com","click")', "+1", "@SUM(A1)", "-5", "=1+1", "#N/A", "'quoted"]


def test_user_text_is_written_and_read_back_as_text(tmp_path: Path) -> None:
    rows: list[list[object]] = [[n, name, None, "U", "U"] for n, name in enumerate(USER_TEXT, start=1)]
    path = small_workbook(tmp_path / "names.xlsx", rows)
    names = [row[1] for row in read_grids(load(path))["Crosstable"][1:]]
    assert names == USER_TEXT
    with zipfile.ZipFile(path) as archive:
        xml = archive.read(sheet_part(path, "Crosstable")).decode()
    assert "<f>" not in xml
    book = openpyxl.load_workbook(path)
    assert all(book["Crosstable"].cell(row=r, column=2).data_type == "s" for r in range(2, len(rows) + 2))


def test_text_with_a_control_character_is_refused_with_its_cell(tmp_path: Path) -> None:
    with pytest.raises(ArgumentError, match=r"Crosstable!B2: text 'Ann\\x07' holds a control character"):
        small_workbook(tmp_path / "bell.xlsx", [[1, "Ann\x07", None, "U", "U"]])
    assert not (tmp_path / "bell.xlsx").exists()


# --- apply: blocks as whole ranges, tables extended over added columns ------------------------


def test_apply_writes_values_and_number_formats(tmp_path: Path) -> None:
    path = small_workbook(tmp_path / "event.xlsx")
    book = openpyxl.load_workbook(path)
    book["Crosstable"]["G4"] = "stale"
    book.save(path)
    workbook = load(path)
    block = Block("Crosstable", 1, 6,
                  (("Post", "Notes"), (1512.34, "=not a formula"), (None, None), (1401.0, "")), ("0", None))
    apply(workbook, [block])
    sheet = saved(workbook, tmp_path)["Crosstable"]
    assert [[c.value for c in row] for row in sheet["F1:G4"]] == [
        ["Post", "Notes"], [1512.34, "=not a formula"], [None, None], [1401.0, ""]]
    assert sheet["G2"].data_type == "s"
    assert [sheet.cell(row=r, column=6).number_format for r in range(1, 5)] == ["0"] * 4
    assert sheet["G2"].number_format == "General"


def test_apply_refuses_a_block_for_a_missing_sheet(tmp_path: Path) -> None:
    workbook = load(small_workbook(tmp_path / "event.xlsx"))
    with pytest.raises(ArgumentError, match="'Results'"):
        apply(workbook, [Block("Results", 1, 1, ((1,),))])


def test_apply_extends_the_table_and_its_filter_over_added_columns(tmp_path: Path) -> None:
    path = small_workbook(tmp_path / "event.xlsx")
    workbook = load(path)
    block = Block("Crosstable", 1, 6, (("Score", "Post rating"), (1.5, 1510.0), (1.0, 1390.0), (0.5, 760.0)))
    apply(workbook, [block], [AddedColumns("Crosstable", 1, 4, 6, 7)])
    save_atomic(workbook, tmp_path / "out.xlsx")
    table = openpyxl.load_workbook(tmp_path / "out.xlsx")["Crosstable"].tables["Crosstable"]
    assert table.ref == "A1:G4"
    assert table.autoFilter.ref == "A1:G4"
    assert [c.name for c in table.tableColumns] == [*HEADER, "Score", "Post rating"]
    assert [c.id for c in table.tableColumns] == list(range(1, 8))


def test_apply_extends_a_table_with_a_totals_row_and_leaves_other_tables_alone(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Crosstable"
    sheet.append(["Club championship"])
    for row in [HEADER, *ROWS, ["Total", None, None, None, None]]:
        sheet.append(row)
    sheet["H2"], sheet["H3"] = "Prize", 50
    crosstable = Table(displayName="Players", ref="A2:E6", totalsRowCount=1)
    crosstable.tableStyleInfo = TableStyleInfo(name="TableStyleLight1")
    prizes = Table(displayName="Prizes", ref="H2:H3")
    sheet.add_table(crosstable)
    sheet.add_table(prizes)
    book.save(tmp_path / "totals.xlsx")
    workbook = load(tmp_path / "totals.xlsx")
    apply(workbook, [Block("Crosstable", 2, 6, (("Score",), (1.5,), (1.0,), (0.5,)))],
          [AddedColumns("Crosstable", 2, 5, 6, 6)])
    save_atomic(workbook, tmp_path / "out.xlsx")
    tables = openpyxl.load_workbook(tmp_path / "out.xlsx")["Crosstable"].tables
    assert tables["Players"].ref == "A2:F6"
    assert tables["Players"].autoFilter.ref == "A2:F5"
    assert tables["Prizes"].ref == "H2:H3"


def test_apply_leaves_a_table_alone_when_a_blank_header_separates_it(tmp_path: Path) -> None:
    path = small_workbook(tmp_path / "event.xlsx")
    workbook = load(path)
    apply(workbook, [Block("Crosstable", 1, 7, (("Score",), (1.5,), (1.0,), (0.5,)))],
          [AddedColumns("Crosstable", 1, 4, 7, 7)])
    assert saved(workbook, tmp_path)["Crosstable"].tables["Crosstable"].ref == "A1:E4"


def test_apply_widens_a_plain_ranges_autofilter(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Crosstable"
    for row in [HEADER, *ROWS]:
        sheet.append(row)
    sheet.auto_filter.ref = "A1:E4"
    book.save(tmp_path / "plain.xlsx")
    workbook = load(tmp_path / "plain.xlsx")
    apply(workbook, [Block("Crosstable", 1, 6, (("Score", "Notes"), (1, ""), (1, ""), (1, "")))],
          [AddedColumns("Crosstable", 1, 4, 6, 7)])
    assert saved(workbook, tmp_path)["Crosstable"].auto_filter.ref == "A1:G4"


def test_added_header_cells_take_the_style_of_the_header_to_their_left(tmp_path: Path) -> None:
    workbook = load(small_workbook(tmp_path / "event.xlsx"))
    apply(workbook, [Block("Crosstable", 1, 6, (("Score",), (1,), (1,), (1,)))],
          [AddedColumns("Crosstable", 1, 4, 6, 6)])
    sheet = saved(workbook, tmp_path)["Crosstable"]
    assert sheet["F1"].number_format == "General"
    assert sheet["F1"]._style.fontId == sheet["E1"]._style.fontId
    assert sheet["F1"].font.b


# --- save_atomic ------------------------------------------------------------------------------


def test_save_atomic_leaves_no_temporary_file_and_uses_default_permissions(tmp_path: Path) -> None:
    workbook = load(small_workbook(tmp_path / "event.xlsx"))
    target = save_atomic(workbook, tmp_path / "rated.xlsx")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx", "rated.xlsx"]
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    assert read_grids(load(target)) == read_grids(workbook)


def test_save_atomic_keeps_the_target_when_saving_fails(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    workbook = load(small_workbook(tmp_path / "event.xlsx"))
    target = tmp_path / "rated.xlsx"
    target.write_bytes(b"previous")

    def fail(package: object, file: io.BufferedWriter, replaced: object) -> None:
        file.write(b"half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("xlrating.workbook.book.write_package", fail)
    with pytest.raises(WorkbookError, match=r"rated\.xlsx: cannot be written \(No space left on device\)"):
        save_atomic(workbook, target)
    assert target.read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx", "rated.xlsx"]


def test_save_atomic_keeps_the_vba_project_and_requires_xlsm(tmp_path: Path) -> None:
    source = write_template("uscf", tmp_path / "macro_event.xlsm", macro=True)[0]
    workbook = load(source)
    assert workbook.macro_enabled
    with pytest.raises(WorkbookError, match=r"holds macros \(VBA\) and must be saved as \.xlsm"):
        save_atomic(workbook, tmp_path / "rated.xlsx")
    target = save_atomic(workbook, tmp_path / "rated.xlsm")
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(target) as after:
        assert after.read("xl/vbaProject.bin") == before.read("xl/vbaProject.bin")
        content_types = after.read("[Content_Types].xml").decode()
    assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in content_types


def test_an_xlsm_without_macros_is_saved_as_xlsm_again(tmp_path: Path) -> None:
    plain = small_workbook(tmp_path / "plain.xlsx")
    source = tmp_path / "no_macros.xlsm"
    source.write_bytes(plain.read_bytes())
    workbook = load(source)
    assert workbook.macro_enabled
    target = save_atomic(workbook, tmp_path / "no_macros-rated.xlsm")
    with zipfile.ZipFile(target) as archive:
        assert "macroEnabled" in archive.read("[Content_Types].xml").decode()


def test_save_atomic_refuses_other_suffixes_and_missing_folders(tmp_path: Path) -> None:
    workbook = load(small_workbook(tmp_path / "event.xlsx"))
    with pytest.raises(WorkbookError, match=r"rated\.xlsm: the workbook has no macros and must be saved as"):
        save_atomic(workbook, tmp_path / "rated.xlsm")
    with pytest.raises(WorkbookError, match=r"rated\.csv: xlrating writes \.xlsx and \.xlsm"):
        save_atomic(workbook, tmp_path / "rated.csv")
    with pytest.raises(WorkbookError, match="does not exist"):
        save_atomic(workbook, tmp_path / "nowhere" / "rated.xlsx")
