"""Adding sheets to a workbook file (:func:`xlrating.workbook.add_sheets`): the package gains
the sheet parts and their entries in the workbook part, its relationships and the content
types, whatever prefixes and other entries those parts have; nothing else changes."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import hostile
import openpyxl
import pytest

from xlrating.crosstable import Block
from xlrating.errors import ArgumentError
from xlrating.workbook import add_sheets, apply, load, read_grids, save_atomic

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def added(source: Path, target: Path, names: list[str]) -> dict[str, bytes]:
    workbook = load(source)
    add_sheets(workbook, names)
    apply(workbook, [Block(name, 1, 1, (("ID", "Name"), ("7", f"=in {name}"))) for name in names])
    save_atomic(workbook, target)
    return hostile.parts(target)


def test_added_sheets_come_after_the_last_tab_with_their_header_printed_on_every_page(tmp_path: Path) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    before = hostile.parts(source)
    after = added(source, tmp_path / "out.xlsx", ["New list", "History"])
    assert {name for name in before if after[name] != before[name]} == {
        "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml"}
    book = openpyxl.load_workbook(tmp_path / "out.xlsx")
    assert book.sheetnames == ["Event", "Crosstable", "Notes", "New list", "History"]
    rows = [[c.value for c in row] for row in book["History"].iter_rows()]
    assert rows == [["ID", "Name"], ["7", "=in History"]]
    assert book["History"]["B2"].data_type == "s"  # text stays text
    assert book["New list"].print_title_rows == "$1:$1" and book["New list"].freeze_panes == "A2"
    setup = book["New list"].page_setup
    assert setup.fitToWidth == 1 and setup.orientation == "landscape"
    grids = read_grids(load(tmp_path / "out.xlsx"))
    assert grids["New list"] == [["ID", "Name"], ["7", "=in New list"]]


def test_prefixed_parts_and_existing_defined_names(tmp_path: Path) -> None:
    # A workbook part whose elements carry a prefix (x:), with defined names already there.
    source = hostile.event(tmp_path / "event.xlsx")
    contents = hostile.parts(source)
    text = contents["xl/workbook.xml"].decode()
    text = re.sub(r"<(/?)(?!\?)(\w+)", r"<\1x:\2", text).replace(f'xmlns="{MAIN}"', f'xmlns:x="{MAIN}"')
    text, count = re.subn(r"<x:definedNames\s*/>", '<x:definedNames><x:definedName name="Venue">Notes!$B$1'
                          "</x:definedName></x:definedNames>", text)
    assert count == 1
    contents["xl/workbook.xml"] = text.encode()
    hostile.write_parts(source, contents)
    after = added(source, tmp_path / "out.xlsx", ["History"])
    workbook = after["xl/workbook.xml"].decode()
    assert '<x:sheet name="History" sheetId="4" r:id="' in workbook
    assert ("<x:definedName name=\"_xlnm.Print_Titles\" localSheetId=\"3\">'History'!$1:$1"
            "</x:definedName></x:definedNames>") in workbook
    book = openpyxl.load_workbook(tmp_path / "out.xlsx")
    assert book.sheetnames[-1] == "History" and "Venue" in book.defined_names


def test_a_calc_chain_dropped_and_a_sheet_added_in_one_save(tmp_path: Path) -> None:
    from test_workbook_io import with_output_formulas

    source = with_output_formulas(tmp_path / "event.xlsx", shared=False)
    workbook = load(source)
    add_sheets(workbook, ["History"])
    apply(workbook, [Block("Crosstable", 2, 10, ((1,),)), Block("History", 1, 1, (("ID",),))])
    save_atomic(workbook, tmp_path / "out.xlsx")
    with zipfile.ZipFile(tmp_path / "out.xlsx") as archive:
        assert "xl/calcChain.xml" not in archive.namelist()
        for part in ("[Content_Types].xml", "xl/_rels/workbook.xml.rels"):
            text = archive.read(part)
            assert b"calcChain" not in text and b"worksheets/sheet4.xml" in text, part
    assert openpyxl.load_workbook(tmp_path / "out.xlsx").sheetnames[-1] == "History"


def test_a_macro_workbook_keeps_its_vba_and_gains_the_sheet(tmp_path: Path) -> None:
    from xlrating.templates.season import write_season_template

    source = write_season_template(tmp_path / "club.xlsm", macro=True)[0]
    before = hostile.parts(source)
    after = added(source, tmp_path / "out.xlsm", ["History"])
    assert after["xl/vbaProject.bin"] == before["xl/vbaProject.bin"]
    assert b"macroEnabled.main+xml" in after["[Content_Types].xml"]
    assert b"worksheets/sheet9.xml" in after["[Content_Types].xml"]


@pytest.mark.parametrize(("name", "why"), [("Notes", "has a sheet of that name"), ("notes", "has a sheet"),
                                           ("a" * 32, "at most 31 characters"), ("a/b", "cannot hold"),
                                           ("'quoted'", "apostrophe"), (" ", "blank")])
def test_a_name_excel_refuses_or_the_workbook_has_is_refused(tmp_path: Path, name: str, why: str) -> None:
    workbook = load(hostile.event(tmp_path / "event.xlsx"))
    with pytest.raises(ArgumentError, match=why):
        add_sheets(workbook, [name])


def test_damaged_content_types_are_named_and_nothing_is_written(tmp_path: Path) -> None:
    from xlrating.errors import WorkbookError

    source = hostile.event(tmp_path / "event.xlsx")
    contents = hostile.parts(source)
    contents["[Content_Types].xml"] = contents["[Content_Types].xml"].replace(b"</Types>", b"")
    hostile.write_parts(source, contents)
    workbook = load(source)
    add_sheets(workbook, ["History"])
    message = r"event.xlsx: is damaged \(the part \[Content_Types\].xml does not close its Types element\)"
    with pytest.raises(WorkbookError, match=message):
        save_atomic(workbook, tmp_path / "out.xlsx")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]
