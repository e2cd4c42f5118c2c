"""Values far out of range reach every function and the crosstable as clean errors.

An integer beyond a float's range (10**400: Python can hold it, Excel cannot, a script
or Office.js can send it), a date serial past Excel's last date (9999-12-31 is serial
2958465) and a 100,000-character text must each give a message saying what is wrong,
never "internal error ... please report it", a raw OverflowError, or the whole text
echoed back. The functions are called through xlwings' server code path, as Excel calls
them; the crosstable through a real workbook.
"""

from __future__ import annotations

import asyncio
import inspect
from datetime import date
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw
from xlwings import server

from xlrating import udfs
from xlrating.crosstable import parse_settings, rate_sheets
from xlrating.errors import CrosstableError
from xlrating.excel.errors import state
from xlrating.workbook import rate_file

HUGE = 10**400


def call(name: str, *arguments: Any) -> Any:
    """``name`` called as xlwings Lite/Server calls it from a cell."""
    data = {"func_name": name, "args": list(arguments), "caller_address": "Sheet1!A1",
            "version": xw.__version__, "client": "Office.js", "runtime": "1.4",
            "culture_info_name": "en-US", "date_format": "m/d/yyyy"}
    return asyncio.run(server.custom_functions_call(data, udfs))


def message(name: str, *arguments: Any) -> str:
    """The message a cell shows for the call: a #VALUE!'s reason, or the last #N/A's."""
    state.last_message = ""
    try:
        call(name, *arguments)
    except xw.XlwingsError as error:
        return str(error)
    return state.last_message


ARGUMENTS = [(name, index, parameter) for name in udfs.__all__
             for index, parameter in enumerate(inspect.signature(getattr(udfs, name)).parameters)]


@pytest.mark.parametrize("name, index, parameter", ARGUMENTS, ids=[f"{n}-{p}" for n, _, p in ARGUMENTS])
def test_huge_integers_in_every_argument_are_clean_errors(name: str, index: int, parameter: str) -> None:
    count = len(inspect.signature(getattr(udfs, name)).parameters)
    for value in ([[HUGE]], [[-HUGE]], [[HUGE], [1500]]):
        arguments: list[Any] = [[[1500]] for _ in range(count)]
        arguments[index] = value
        shown = message(name, *arguments)
        assert "internal error" not in shown and "OverflowError" not in shown, shown
        assert "0" * 60 not in shown, shown  # the number is shown by its first digits and length


def test_a_huge_integer_is_named_by_its_first_digits() -> None:
    shown = message("USCF_NSTAR", [[HUGE]], None)
    assert "100000… (401 digits)" in shown and "beyond the largest number Excel holds" in shown


@pytest.mark.parametrize("serial", [2958466, 3_000_000.0, HUGE])
def test_a_serial_past_excels_last_date_says_so(serial: Any) -> None:
    shown = message("USCF_BONUS_MULTIPLIER", [[serial]])
    assert "past Excel's last date, 9999-12-31" in shown, shown


def test_the_last_date_is_still_a_date() -> None:
    # 9999-12-31 is past every change of B: the US Chess announcement of the 2025 rerate, B = 10.
    assert call("USCF_BONUS_MULTIPLIER", [[2958465]]) == [[10.0]]


def test_long_text_is_cut_in_function_messages() -> None:
    shown = message("USCF_SPECIAL", [[1500]], [[10]], [[1600]], [["y" * 100_000]], None, None)
    assert "(100,000 characters)" in shown and "y" * 61 not in shown


# --- the crosstable ----------------------------------------------------------------------------


def test_settings_echo_long_text_cut() -> None:
    with pytest.raises(CrosstableError) as caught:
        parse_settings([["System", "z" * 100_000], ["Rules", "r" * 5000], ["End date", 2958466]])
    text = str(caught.value)
    assert len(text) < 1000
    assert "(100,000 characters)" in text and "(5,000 characters)" in text
    assert ("Event!B3: End date: 2958466 is not a date: as a date serial number it is past Excel's last "
            "date, 9999-12-31") in text


def test_crosstable_cells_echo_long_text_and_huge_numbers_cut() -> None:
    grid = [["No", "Name", "Rating", "R1"], [1, "Ann", "9" * 100_000, "W2"], [2, "Bob", HUGE, "L1"]]
    with pytest.raises(CrosstableError) as caught:
        rate_sheets({"Crosstable": grid})
    text = str(caught.value)
    assert len(text) < 1000, text
    assert "Crosstable!C2: Rating: '999" in text and "(100,000 characters)" in text
    assert "Crosstable!C3: Rating: 100000… (401 digits) is not a rating" in text


def test_rate_crosstable_with_a_huge_number_is_a_clean_error() -> None:
    grid = [["No", "Name", "Rating", "R1"], [1, "Ann", 1500, "W2"], [2, "Bob", HUGE, "L1"]]
    shown = message("RATE_CROSSTABLE", grid, None, None, [["End date", "2025-01-05"]], None)
    assert shown.startswith("crosstable C3: Rating: 100000… (401 digits) is not a rating"), shown


def test_a_workbook_date_past_9999_names_the_reason(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    event = book.active
    assert event is not None
    event.title = "Event"
    event.append(["End date", 2958466])
    event["B1"].number_format = "yyyy-mm-dd"
    sheet = book.create_sheet("Crosstable")
    for row in (["No", "Name", "Rating", "R1"], [1, "Ann", 1500, "W2"], [2, "Bob", 1400, "L1"]):
        sheet.append(row)
    source = tmp_path / "late.xlsx"
    book.save(source)
    before = source.read_bytes()
    with pytest.raises(CrosstableError) as caught:
        rate_file(source, tmp_path / "rated.xlsx")
    assert ("Event!B1: End date: 2958466 is not a date: as a date serial number it is past Excel's last "
            "date, 9999-12-31") in str(caught.value)
    assert source.read_bytes() == before and not (tmp_path / "rated.xlsx").exists()


def test_dates_in_rows_past_9999() -> None:
    grid = [["No", "Name", "Rating", "Born", "R1"], [1, "Ann", 1500, 2958466, "W2"],
            [2, "Bob", 1400, date(2000, 1, 1), "L1"]]
    with pytest.raises(CrosstableError, match=r"Crosstable!D2: Birth date: 2958466 is not a date: as a date "
                                              r"serial number it is past Excel's last date, 9999-12-31"):
        rate_sheets({"Crosstable": grid, "Event": [["End date", date(2025, 1, 5)]]})
