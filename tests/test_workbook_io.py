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

from xlrating.cli import main
from xlrating.errors import WorkbookError
from xlrating.workbook import load, read_grids


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
