"""The season template is a real tool, as the event templates are: drop-downs on the settings,
round cells formatted as text and checked, ID columns formatted as text, every sheet printed
one page wide, landscape, its header on every page."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import get_column_letter

from xlrating.crosstable.columns import round_number
from xlrating.templates import CONF_SHEET

COMMITTED = Path(__file__).resolve().parent.parent / "templates"


def validations(sheet: openpyxl.worksheet.worksheet.Worksheet) -> dict[str, str]:
    """Each validated cell range and the kind of its check (a list's choices, a date...)."""
    return {str(ref): v.formula1 if v.type == "list" else v.type
            for v in sheet.data_validations.dataValidation for ref in v.sqref.ranges}


@pytest.mark.parametrize("name", ["season.xlsx", "xlrating_season.xlsm"])
def test_the_season_template_checks_what_is_typed_as_the_event_templates_do(name: str) -> None:
    book = openpyxl.load_workbook(COMMITTED / name, keep_vba=name.endswith(".xlsm"))
    season = validations(book["Season"])
    assert season["B1"].startswith('"USCF,FIDE,ICU') and "USCF 2020" in season["B2"]
    assert season["B3"].startswith('"Regular,Quick') and season["B4"] == "date"
    events = validations(book["Events"])
    assert events["C2:C1001"] == "date" and events["D2:D1001"] == "date"
    assert events["E2:E1001"].startswith('"Swiss,Round robin')
    for event in ("Autumn", "Winter", "Spring"):
        sheet = book[event]
        header = [cell.value for cell in sheet[1]]
        rounds = [get_column_letter(c) for c, text in enumerate(header, start=1) if round_number(text)]
        checks = validations(sheet)
        assert checks[f"{rounds[0]}2:{rounds[-1]}1001"] == "custom"  # a result code's first letter
        assert checks["A2:A1001"] == "whole"
        assert all(sheet[f"{letter}{row}"].number_format == "@" for letter in rounds
                   for row in range(2, sheet.max_row + 1))  # +4 typed there stays the code it is
    for sheet_name in ("Players", "Autumn", "Winter", "Spring"):
        sheet = book[sheet_name]
        letter = next(cell.column_letter for cell in sheet[1] if cell.value == "ID")
        # An ID typed as a number is kept as typed (text), never shown as 1E+07.
        assert sheet.column_dimensions[letter].number_format == "@"
        assert all(cell.number_format == "@" for cell in sheet[letter][1:])


@pytest.mark.parametrize("name", ["season.xlsx", "xlrating_season.xlsm"])
def test_every_season_template_sheet_prints_one_page_wide(name: str) -> None:
    book = openpyxl.load_workbook(COMMITTED / name, keep_vba=name.endswith(".xlsm"))
    for sheet in book.worksheets:
        if sheet.title == CONF_SHEET:  # xlwings' settings, not printed
            continue
        assert sheet.sheet_properties.pageSetUpPr.fitToPage and sheet.page_setup.fitToWidth == 1, sheet.title
        if sheet.title not in ("Season", "How to use"):
            assert sheet.page_setup.orientation == "landscape", sheet.title
            assert sheet.print_title_rows == "$1:$1", sheet.title
