"""The streaming reader and the sheet patcher against openpyxl, an independent reader and writer.

Values read must be what openpyxl reads (``data_only``); a rated file must read back in
openpyxl with the outputs in place; sheet parts written by other programs (a namespace
prefix, a shared formula, a calculation chain) must be handled or refused clearly.
"""

from __future__ import annotations

import re
import zipfile
from datetime import datetime, time
from pathlib import Path

import hostile
import openpyxl
import pytest
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from openpyxl.utils.datetime import CALENDAR_MAC_1904

from xlrating.cli import main
from xlrating.errors import WorkbookError
from xlrating.workbook import load, read_grids, uncalculated_formulas


def test_values_read_are_the_values_openpyxl_reads(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Mixed"
    sheet.append([1, 2.5, -3e-7, 12345678901, True, False, "text", "  spaced  ", "a & b < c > d \"q\" 'a'"])
    sheet.append([datetime(2024, 5, 18, 14, 30), time(9, 15), "=1+1", "#N/A", "ünïcödé ✓", None, "", "x"])
    sheet["C2"].value = "=1+1"
    sheet["A3"].value = CellRichText(["plain ", TextBlock(InlineFont(b=True), "bold")])
    sheet["D3"] = 45000
    sheet["D3"].number_format = "yyyy-mm-dd"
    sheet["E3"] = 1.5
    sheet["E3"].number_format = "[h]:mm:ss"
    sheet["Z9"] = "far"
    book.save(tmp_path / "mixed.xlsx")
    theirs = openpyxl.load_workbook(tmp_path / "mixed.xlsx", data_only=True)["Mixed"]
    expected = [[cell.value for cell in row] for row in theirs.iter_rows()]
    for row in expected:
        while row and row[-1] is None:
            row.pop()
    assert read_grids(load(tmp_path / "mixed.xlsx"))["Mixed"] == [row for row in expected]


def prefixed(text: str) -> str:
    """A sheet part as the Open XML SDK writes it: every element with an ``x:`` prefix."""
    text = text.replace('xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
                        'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"')
    return re.sub(r"<(/?)(?!\?)(\w+)([\s/>])", r"<\1x:\2\3", text)


def test_a_sheet_whose_elements_carry_a_namespace_prefix_is_read_and_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    contents = hostile.parts(source)
    part = hostile.SHEETS["Crosstable"]
    contents[part] = prefixed(contents[part].decode()).encode()
    assert b"<x:row" in contents[part]
    hostile.write_parts(source, contents)
    assert main(["rate", str(source)]) == 0
    sheet = openpyxl.load_workbook(tmp_path / "event-rated.xlsx")["Crosstable"]
    header = [cell.value for cell in sheet[1]]
    assert header[:9] == hostile.HEADER and "Post rating" in header
    post = header.index("Post rating") + 1
    assert all(isinstance(sheet.cell(row=r, column=post).value, float) for r in (2, 3, 4, 5, 6, 8, 9))


def test_a_sheet_part_cut_short_is_damage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    contents = hostile.parts(source)
    part = hostile.SHEETS["Crosstable"]
    text = contents[part].decode()
    contents[part] = text[:text.index('<row r="5"')].encode()
    hostile.write_parts(source, contents)
    with pytest.raises(WorkbookError, match=r"sheet2\.xml is cut short"):
        read_grids(load(source))


def with_output_formulas(path: Path, *, shared: bool) -> Path:
    """``event`` with a Score column of formulas (one shared formula, or one per cell) and a calc chain."""
    hostile.event(path)
    contents = hostile.parts(path)
    part = hostile.SHEETS["Crosstable"]
    text = contents[part].decode()
    total = '<c r="I1" t="inlineStr"><is><t>Total</t></is></c>'
    assert total in text
    text = text.replace(total, total + '<c r="J1" t="inlineStr"><is><t>Score</t></is></c>')
    for row in range(2, 10):
        formula = ('<f t="shared" ref="J2:J9" si="0">I2</f>' if row == 2 else '<f t="shared" si="0"/>') \
            if shared else f"<f>I{row}</f>"
        cell = f'<c r="J{row}">{formula}<v>1</v></c>'
        text = re.sub(rf'(<row r="{row}"[^>]*>.*?)</row>', lambda m, c=cell: f"{m.group(1)}{c}</row>", text,
                      count=1, flags=re.S)
    contents[part] = text.encode()
    contents["xl/calcChain.xml"] = (b'<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                                    b'<c r="J2" i="2"/></calcChain>')
    types = contents["[Content_Types].xml"].decode().replace(
        "</Types>", '<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.spreadsheetml.calcChain+xml"/></Types>')
    contents["[Content_Types].xml"] = types.encode()
    rels = contents["xl/_rels/workbook.xml.rels"].decode().replace(
        "</Relationships>", '<Relationship Id="rIdCalc" Type="http://schemas.openxmlformats.org/officeDocument/'
        '2006/relationships/calcChain" Target="calcChain.xml"/></Relationships>')
    contents["xl/_rels/workbook.xml.rels"] = rels.encode()
    return hostile.write_parts(path, contents)


def test_formulas_overwritten_by_the_outputs_take_the_calc_chain_with_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = with_output_formulas(tmp_path / "event.xlsx", shared=False)
    assert openpyxl.load_workbook(source)["Crosstable"]["J1"].value == "Score"
    assert main(["rate", str(source)]) == 0
    with zipfile.ZipFile(tmp_path / "event-rated.xlsx") as archive:
        assert "xl/calcChain.xml" not in archive.namelist()
        assert b"calcChain" not in archive.read("[Content_Types].xml")
        assert b"calcChain" not in archive.read("xl/_rels/workbook.xml.rels")
    sheet = openpyxl.load_workbook(tmp_path / "event-rated.xlsx")["Crosstable"]
    assert [sheet.cell(row=r, column=10).value for r in range(2, 10)] == [3.5, 3.5, 1.5, 2.5, 2, 1, 1.5, 0]


def test_a_shared_formula_where_the_outputs_go_is_refused_with_its_cell(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = with_output_formulas(tmp_path / "event.xlsx", shared=True)
    original = source.read_bytes()
    assert main(["rate", str(source)]) == 1
    err = capsys.readouterr().err
    assert err == ("xlrating: Crosstable!J2 holds a formula that other cells share; clear it (the ratings "
                   "go there) and rate again\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"] and source.read_bytes() == original


#: Cells of every kind the format allows, as other programs write them (``t="d"``: an ISO date;
#: a formula with and without its cached value; an inline string as a value, as plain text,
#: as rich text runs and beside a formula).
EVERY_KIND = ('<c r="A1" t="d"><v>2024-05-18T14:30:00</v></c><c r="B1"><v>1E3</v></c>'
              '<c r="C1" t="inlineStr"><v>odd</v></c><c r="D1"><f>1+1</f><v>2</v></c>'
              '<c r="E1"><f>1+1</f><v></v></c><c r="F1" t="str"><f>"a"&amp;"b"</f><v>a&amp;b</v></c>'
              '<c r="G1" t="inlineStr"><f>x</f><is><t>in</t></is></c><c r="H1" t="e"><v>#DIV/0!</v></c>'
              '<c r="I1"><v>-3</v></c><c r="J1" t="b"><v>0</v></c>'
              '<c r="K1" t="inlineStr"><is><t>a &amp; b</t></is></c>'
              '<c r="L1" t="inlineStr"><is><r><t>x</t></r><r><t>y</t></r></is></c>'
              '<c r="M1" t="n"><v>2.5</v></c><c r="N1"><v></v></c><c r="O1" t="str"><f>""</f><v></v></c>')


def test_every_kind_of_cell_reads_as_its_value(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.title = "Kinds"
    book.active["A1"] = "placeholder"
    book.save(tmp_path / "kinds.xlsx")
    contents = hostile.parts(tmp_path / "kinds.xlsx")
    part = "xl/worksheets/sheet1.xml"
    contents[part] = re.sub(rb"<sheetData>.*</sheetData>",
                            f'<sheetData><row r="1">{EVERY_KIND}</row></sheetData>'.encode(), contents[part])
    workbook = load(hostile.write_parts(tmp_path / "kinds.xlsx", contents))
    assert read_grids(workbook)["Kinds"] == [
        [datetime(2024, 5, 18, 14, 30), 1000.0, "odd", 2, None, "a&b", "in", "#DIV/0!", -3, False, "a & b",
         "xy", 2.5]]
    assert uncalculated_formulas(workbook) == {"Kinds": [(1, 5), (1, 15)]}


def test_dates_of_a_1904_workbook_read_as_openpyxl_reads_them(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.epoch = CALENDAR_MAC_1904
    sheet = book.active
    sheet.title = "Mac"
    sheet.append([datetime(2024, 5, 18, 14, 30), time(9, 15), 45000])
    book.save(tmp_path / "mac.xlsx")
    theirs = openpyxl.load_workbook(tmp_path / "mac.xlsx", data_only=True)["Mac"]
    assert read_grids(load(tmp_path / "mac.xlsx"))["Mac"] == [[c.value for c in theirs[1]]]
