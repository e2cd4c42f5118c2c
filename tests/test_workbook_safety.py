"""A rating run changes only its output cells: everything else in the workbook survives.

:func:`snapshot` records what a user could lose (values, formulas, formats, comments,
hyperlinks, merged cells, data validation, conditional formats, tables, filters, frozen
panes, widths, defined names, charts, the VBA project); the tests compare the input and
the rated output with the output cells (taken from the header row the run wrote)
masked out. The first tests prove the comparison notices each kind of change.
"""

from __future__ import annotations

import hashlib
import re
import zipfile
from datetime import date, datetime
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.chart import BarChart, Reference
from openpyxl.comments import Comment
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.table import Table, TableStyleInfo

from xlrating.cli import main
from xlrating.templates import write_template


def snapshot(path: Path, *, skip: set[tuple[str, str]] = frozenset(),  # type: ignore[assignment]
             skip_columns: dict[str, set[str]] | None = None) -> dict[str, Any]:
    """Everything about the workbook at ``path`` a rating run must not change.

    ``skip``: ``(sheet, cell)`` pairs left out (the output cells); ``skip_columns``:
    column letters per sheet whose width is left out (added output columns).
    """
    skip_columns = skip_columns or {}
    book = openpyxl.load_workbook(path, keep_vba=True)
    result: dict[str, Any] = {"sheets": book.sheetnames}
    result["names"] = sorted((name, d.value) for name, d in book.defined_names.items())
    for sheet in book.worksheets:
        key = sheet.title
        cells = {}
        for row in sheet.iter_rows():
            for cell in row:
                if (key, cell.coordinate) in skip:
                    continue
                if cell.value is None and not cell.has_style and cell.comment is None:
                    continue
                cells[cell.coordinate] = (
                    cell.value, cell.data_type, cell.number_format, repr(cell.font), repr(cell.fill),
                    repr(cell.border), repr(cell.alignment), repr(cell.protection),
                    (cell.comment.text, cell.comment.author) if cell.comment else None,
                    cell.hyperlink.target if cell.hyperlink else None,
                )
        result[f"{key}:cells"] = cells
        result[f"{key}:merged"] = sorted(str(r) for r in sheet.merged_cells.ranges)
        result[f"{key}:validation"] = sorted(
            (str(v.sqref), v.type, v.formula1, v.formula2, v.operator, v.allow_blank, v.error, v.prompt)
            for v in sheet.data_validations.dataValidation)
        result[f"{key}:conditional"] = sorted(
            (str(rng.sqref), rule.type, rule.operator, tuple(rule.formula or ()), rule.priority)
            for rng in sheet.conditional_formatting for rule in rng.rules)
        result[f"{key}:freeze"] = sheet.freeze_panes
        result[f"{key}:filter"] = sheet.auto_filter.ref
        result[f"{key}:widths"] = {
            letter: (d.width, d.hidden) for letter, d in sheet.column_dimensions.items()
            if letter not in skip_columns.get(key, set())}
        result[f"{key}:heights"] = {n: d.height for n, d in sheet.row_dimensions.items() if d.height}
        result[f"{key}:names"] = sorted((name, d.value) for name, d in sheet.defined_names.items())
        result[f"{key}:tables"] = sorted(
            (t.displayName, t.tableStyleInfo.name if t.tableStyleInfo else None)
            for t in sheet.tables.values())
        result[f"{key}:charts"] = len(sheet._charts)
        result[f"{key}:print"] = (sheet.print_title_rows, sheet.print_area, sheet.page_setup.orientation)
        result[f"{key}:state"] = sheet.sheet_state
    with zipfile.ZipFile(path) as archive:
        result["vba"] = {name: hashlib.sha256(archive.read(name)).hexdigest()
                         for name in archive.namelist() if "vba" in name.lower()}
    return result


def output_cells(
    before: Path, after: Path, sheet: str, header_row: int
) -> tuple[set[tuple[str, str]], set[str]]:
    """The cells of the output columns a run added to ``sheet``: right of the input's last header."""
    header = openpyxl.load_workbook(before)[sheet][header_row]
    last_input = max(c.column for c in header if c.value is not None)
    worksheet = openpyxl.load_workbook(after)[sheet]
    cells: set[tuple[str, str]] = set()
    columns: set[str] = set()
    for cell in worksheet[header_row]:
        if cell.column > last_input and cell.value is not None:
            letter = get_column_letter(cell.column)
            columns.add(letter)
            cells |= {(sheet, f"{letter}{row}") for row in range(1, worksheet.max_row + 1)}
    return cells, columns


def rich_workbook(path: Path) -> Path:
    """A crosstable the way a director keeps one: a title, formats, formulas, comments, checks, names."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Crosstable"
    sheet["A1"] = "Riverside Club Championship"
    sheet["A1"].font = Font(bold=True, size=16)
    sheet.merge_cells("A1:F1")
    header = ["No", "Name", "Club", "Rating", "Born", "R1", "R2", "R3", "Total", "Check"]
    players = [
        (1.0, "Ann Able", "Riverside", "1500", datetime(1990, 5, 1), "W2", "D3", "W4", 2.5),
        (2.0, "Bob Brown", "Hilltop", "1450P12", 33000, "L1", "W4", "D3", 1.5),
        (3.0, "=Cy Cole", "", "unr", None, " W4 ", "D1", "D2", 2),
        (4.0, "+Di Dunne", "Riverside", 1380, date(2012, 3, 9), "L3", "L2", "L1", 0),
    ]
    for column, text in enumerate(header, start=1):
        sheet.cell(row=2, column=column, value=text)
    for row_number, player in enumerate(players, start=3):
        for column, value in enumerate(player, start=1):
            sheet.cell(row=row_number, column=column, value=value)
        sheet.cell(row=row_number, column=2).data_type = "s"
        sheet.cell(row=row_number, column=10, value=f'=IF(I{row_number}>=2,"prize","")')
        sheet.cell(row=row_number, column=5).number_format = "dd/mm/yyyy"
    sheet["D3"].fill = PatternFill("solid", fgColor="FFFFCC00")
    sheet["B4"].comment = Comment("Paid entry late", "TD")
    sheet["B3"].hyperlink = "https://example.com/players/1"
    sheet["C5"].value = ""
    table = Table(displayName="Players", ref="A2:J6")
    table.tableStyleInfo = TableStyleInfo(name="TableStyleMedium9", showRowStripes=True)
    sheet.add_table(table)
    rounds = DataValidation(type="textLength", operator="lessThanOrEqual", formula1="6", allow_blank=True)
    rounds.add("F3:H6")
    sheet.add_data_validation(rounds)
    sheet.conditional_formatting.add("I3:I6", CellIsRule(operator="greaterThan", formula=["2"],
                                                         fill=PatternFill("solid", fgColor="FFC6EFCE")))
    sheet.freeze_panes = "C3"
    sheet.column_dimensions["B"].width = 24
    sheet.row_dimensions[1].height = 28
    sheet.print_title_rows = "2:2"

    event = book.create_sheet("Event")
    for row in [("System", "USCF"), ("Rules", "USCF 2020"), ("Event name", "Club Championship"),
                ("End date", datetime(2025, 3, 30)), ("Chief TD", "M. Murphy")]:
        event.append(list(row))
    event["B4"].number_format = "yyyy-mm-dd"
    choices = DataValidation(type="list", formula1='"USCF,FIDE,ICU"')
    choices.add("B1")
    event.add_data_validation(choices)

    notes = book.create_sheet("Prizes")
    notes.append(["Place", "Prize", "Winner"])
    notes.append([1, 100, "=Crosstable!B3"])
    notes.append([2, 50, "=INDEX(Players[Name],2)"])
    chart = BarChart()
    chart.add_data(Reference(notes, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    notes.add_chart(chart, "E2")
    notes.sheet_state = "visible"
    book.defined_names["PlayerNames"] = DefinedName("PlayerNames", attr_text="Crosstable!$B$3:$B$6")
    notes.defined_names["FirstPrize"] = DefinedName("FirstPrize", attr_text="Prizes!$B$2")
    book.save(path)
    return path


def rate(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# --- the comparison notices each kind of change ---------------------------------------------------


@pytest.mark.parametrize("change", [
    "value", "formula", "font", "comment", "validation", "conditional", "table", "name", "width", "merge",
])
def test_snapshot_notices_a_change(tmp_path: Path, change: str) -> None:
    path = rich_workbook(tmp_path / "rich.xlsx")
    before = snapshot(path)
    book = openpyxl.load_workbook(path)
    sheet = book["Crosstable"]
    if change == "value":
        sheet["D4"] = "1451"
    elif change == "formula":
        sheet["J3"] = '=IF(I3>=3,"prize","")'
    elif change == "font":
        sheet["B5"].font = Font(italic=True)
    elif change == "comment":
        sheet["B4"].comment = Comment("Paid", "TD")
    elif change == "validation":
        sheet.data_validations.dataValidation[0].formula1 = "7"
    elif change == "conditional":
        sheet.conditional_formatting.add("D3:D6", CellIsRule(operator="lessThan", formula=["1"]))
    elif change == "table":
        sheet.tables["Players"].tableStyleInfo.name = "TableStyleLight1"
    elif change == "name":
        del book.defined_names["PlayerNames"]
    elif change == "width":
        sheet.column_dimensions["B"].width = 30
    elif change == "merge":
        sheet.unmerge_cells("A1:F1")
    book.save(path)
    assert snapshot(path) != before


# --- a successful run changes only output cells ----------------------------------------------------


def test_a_run_changes_only_output_cells_of_a_rich_workbook(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    source = rich_workbook(tmp_path / "championship.xlsx")
    original = source.read_bytes()
    status, out, err = rate(["rate", str(source)], capsys)
    assert (status, err) == (0, "")
    target = tmp_path / "championship-rated.xlsx"
    assert f"Wrote {target}" in out
    assert source.read_bytes() == original
    cells, added = output_cells(source, target, "Crosstable", header_row=2)
    assert {"K", "L", "Y"} <= added  # added after the last used column J (Check)
    assert snapshot(target, skip=cells, skip_columns={"Crosstable": added}) == snapshot(source)
    rated = openpyxl.load_workbook(target)
    sheet = rated["Crosstable"]
    assert [sheet.cell(row=2, column=c).value for c in (11, 12)] == ["Score", "Rated games"]
    assert [sheet.cell(row=r, column=11).value for r in range(3, 7)] == [2.5, 1.5, 2, 0]
    assert sheet["J3"].value == '=IF(I3>=2,"prize","")'
    assert sheet["B5"].value == "=Cy Cole" and sheet["B5"].data_type == "s"
    table = sheet.tables["Players"]
    last = get_column_letter(max(openpyxl.utils.column_index_from_string(c) for c in added))
    assert table.ref == f"A2:{last}6"
    assert [c.name for c in table.tableColumns][-1] == sheet[f"{last}2"].value


def test_rating_the_rated_workbook_again_fills_the_same_columns(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    source = rich_workbook(tmp_path / "championship.xlsx")
    assert rate(["rate", str(source)], capsys)[0] == 0
    first = tmp_path / "championship-rated.xlsx"
    assert rate(["rate", str(first), "-o", str(tmp_path / "again.xlsx")], capsys)[0] == 0
    assert snapshot(tmp_path / "again.xlsx") == snapshot(first)


def test_in_place_rates_the_input_itself_and_keeps_everything_else(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = rich_workbook(tmp_path / "championship.xlsx")
    before = snapshot(source)
    copy = tmp_path.parent / f"{tmp_path.name}-before.xlsx"
    copy.write_bytes(source.read_bytes())
    status, out, _ = rate(["rate", str(source), "--in-place"], capsys)
    assert status == 0 and f"Wrote {source}" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["championship.xlsx"]
    cells, added = output_cells(copy, source, "Crosstable", header_row=2)
    assert cells
    assert snapshot(source, skip=cells, skip_columns={"Crosstable": added}) == before


def test_a_run_keeps_the_vba_project_and_everything_else_of_an_xlsm(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_template("icu", tmp_path / "club_event.xlsm", macro=True)[0]
    book = openpyxl.load_workbook(source, keep_vba=True)
    book["Crosstable"]["B3"].comment = Comment("Junior", "TD")
    book.defined_names["Players"] = DefinedName("Players", attr_text="Crosstable!$B$2:$B$9")
    book.save(source)
    original = source.read_bytes()
    status, out, err = rate(["rate", str(source)], capsys)
    assert (status, err) == (0, "")
    target = tmp_path / "club_event_rated.xlsm"  # a module name: its club_event_rated.py is beside it
    assert out.endswith(f"Wrote {target}\nWrote {target.with_suffix('.py')}\n")
    assert source.read_bytes() == original
    cells, added = output_cells(source, target, "Crosstable", header_row=1)
    after = snapshot(target, skip=cells, skip_columns={"Crosstable": added})
    assert after == snapshot(source)
    assert after["vba"] and after["vba"] == snapshot(source)["vba"]
    with zipfile.ZipFile(target) as archive:
        assert re.search("macroEnabled", archive.read("[Content_Types].xml").decode())
