"""The Excel layer under the inputs Excel really sends, through xlwings' own server path.

Each test here was written against a problem found by feeding the functions and the
macros what Office.js (xlwings Lite and Server) delivers: an error cell arrives in a
function's argument as Office.js' error value (``{"type": "Error", "basicValue": "#N/A",
...}``) and in a workbook's sheet values as its text (``"#N/A"``); xlwings turns both
into a blank unless asked for the text. Blanks arrive as ``None`` (functions) or ``""``
(sheet values), dates as serial numbers (functions) or ISO strings (sheet values).

The bar: a bad input shows ``#VALUE!`` with its reason or ``#N/A`` for a missing value,
never a value computed as if the bad cell were empty; the macro on bad input writes
nothing and alerts every error with its cell, and on success writes only output cells.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw
from formulas.functions import XlError
from test_macros import Excel, book_json, run_script, writes
from test_udfs_headless import calculate
from test_udfs_xlwings import NOT_AVAILABLE, _event_grids, call, cells

from xlrating import icu, macros, udfs, uscf
from xlrating.errors import ArgumentError
from xlrating.excel import headless
from xlrating.excel.errors import excel_function
from xlrating.templates import write_template


def error(code: str) -> dict[str, str]:
    """An error cell as Office.js passes it to a custom function (``allowErrorForDataTypeAny``)."""
    types = {"#N/A": "NotAvailable", "#DIV/0!": "Div0", "#REF!": "Ref", "#VALUE!": "Value", "#NAME?": "Name"}
    return {"type": "Error", "basicType": "Error", "basicValue": code, "errorType": types[code]}


def value_error(*arguments: Any) -> str:
    with pytest.raises(xw.XlwingsError) as raised:
        call(*arguments)
    return str(raised.value)


# --- error cells in a function's arguments ---------------------------------------------------------


def test_an_error_cell_in_a_range_is_an_error_not_a_blank() -> None:
    # Before: xlwings passed the error cell as a blank, so USCF_WE summed over the other two
    # opponents and showed 1.0 as if the #N/A opponent had not been there.
    assert call("USCF_WE", [[1500]], cells(1400, error("#N/A"), 1600), None) == NOT_AVAILABLE
    message = value_error("USCF_WE", [[1500]], cells(1400, error("#DIV/0!"), 1600), None)
    assert message == "Argument 'opponent_ratings', cell 2 holds the error #DIV/0!"
    assert call("SCORE", [["W", error("#N/A"), "D"]]) == NOT_AVAILABLE
    assert "Argument 'results', cell 3 holds the error #VALUE!" in value_error(
        "USCF_RATING", [[1500]], [[20]], cells(1400, 1500, 1600), cells("W", "D", error("#VALUE!")),
        None, None, None, None, None)
    assert "Argument 'ratings', cell 1 holds the error #REF!" in value_error(
        "FIDE_RA", cells(error("#REF!"), 2100), cells(1, 1), [[3]])


def test_an_error_in_a_single_argument_names_it() -> None:
    # Before: an error in an optional argument was read as the argument left out: rules = #REF!
    # rated by the newest edition, and #DIV/0! in a rating was "#N/A: 'rating' is empty".
    assert value_error("USCF_WE", [[1500]], [[1400]], [[error("#REF!")]]) == (
        "Argument 'rules' holds the error #REF!")
    assert value_error("USCF_WE", [[error("#DIV/0!")]], [[1400]], None) == (
        "Argument 'rating' holds the error #DIV/0!")
    assert call("EFFECTIVE_GAMES", [[error("#N/A")]], [[10]], None) == NOT_AVAILABLE
    assert "Argument 'end_date' holds the error #VALUE!" in value_error(
        "FIDE_EXPECTED", [[2700]], [[2300]], None, [[error("#VALUE!")]])


def test_every_argument_of_every_function_receives_errors_as_text() -> None:
    for name in udfs.__all__:
        for argument in getattr(udfs, name).__xlfunc__["args"]:
            assert argument["options"].get("err_to_str") is True, (name, argument["name"])


def test_rate_crosstable_reports_an_error_cell_with_its_cell() -> None:
    grid, _ = _event_grids("uscf")
    end = [["End date", 45760]]
    header = grid[0]
    bad = [list(r) for r in grid]
    bad[2][header.index("Rating")] = error("#N/A")
    # Before: player 2 was rated as an unrated player (1957.7 instead of 1771.3).
    assert value_error("RATE_CROSSTABLE", bad, None, None, end, None) == (
        "crosstable D3: Rating: '#N/A' is not a rating")
    bad = [list(r) for r in grid]
    bad[2][header.index("R1")] = error("#REF!")
    assert value_error("RATE_CROSSTABLE", bad, None, None, end, None).startswith(
        "crosstable F3: '#REF!' is not a result code")
    assert value_error("RATE_CROSSTABLE", grid, None, None, [["End date", error("#N/A")]], None).startswith(
        "settings B1: End date: '#N/A' is not a date")
    assert value_error("RATE_CROSSTABLE", [[error("#REF!")]], None, None, end, None) == (
        "Argument 'crosstable' holds the error #REF!")


# --- RATE_CROSSTABLE's settings, system and rules ------------------------------------------------------


def test_a_settings_range_that_names_no_setting_is_an_error() -> None:
    grid, _ = _event_grids("uscf")
    # Before: each was ignored (rows naming no setting are titles on the Event sheet), so
    # the event was rated with every setting at its default, the end date today.
    for settings in ([[45760]], [["End date"], [45760]], [["FIDE"]]):
        assert value_error("RATE_CROSSTABLE", grid, None, None, settings, None).startswith(
            "Argument 'settings' must be rows of a setting's name and its value")
    # A title row above the settings, and the Event sheet's three columns, are fine.
    end = call("RATE_CROSSTABLE", grid, None, None, [["End date", 45760]], None)
    event_sheet = [["Setting", "Value", "About"], ["End date", 45760, "a date"]]
    assert call("RATE_CROSSTABLE", grid, None, None, event_sheet, None) == end


def test_system_and_rules_errors_name_the_argument() -> None:
    grid, _ = _event_grids("uscf")
    # Before: "settings B1: ..." although no settings range was given (the arguments are
    # passed on as settings rows below the range's own).
    assert value_error("RATE_CROSSTABLE", grid, [["xyz"]], None, None, None) == (
        "Argument 'system': System 'xyz' is not one of USCF, FIDE, ICU")
    assert value_error("RATE_CROSSTABLE", grid, None, [["XYZ"]], [["End date", 45760]], None).startswith(
        "Argument 'rules': Rules 'XYZ' is not a rule edition")
    assert value_error("RATE_CROSSTABLE", grid, None, None, [["End date", 45760], ["End date", 45761]],
                       None) == "settings B2: End date is set twice (also at settings B1)"
    assert value_error("RATE_CROSSTABLE", grid[1:], None, None, None, None) == (
        "crosstable: no header row: no cell in the range says 'Name'")


# --- shapes, spaces and sizes ----------------------------------------------------------------------------


def test_blocks_of_different_shapes_are_not_paired_in_reading_order() -> None:
    ratings = [[1400, 1500, 1600], [1700, 1800, 1900]]
    # Before: the 3 x 2 block of results was paired cell by cell in reading order with the
    # 2 x 3 block of ratings, pairing cells that are not beside each other, and rated.
    message = value_error("USCF_RATING", [[1500]], [[20]], ratings, [[1, 0], [1, 0], [0.5, 1]], None, None,
                          None, None, None)
    assert message.startswith("Argument 'opponent_ratings' is 2 rows by 3 columns but 'results' is 3 by 2")
    # One shape, or a row beside a column, is as before.
    same = call("USCF_RATING", [[1500]], [[20]], ratings, [[1, 0, 1], [0, 0.5, 1]], None, None, None, None,
                None)
    flat = call("USCF_RATING", [[1500]], [[20]], [[1400, 1500, 1600, 1700, 1800, 1900]],
                cells(1, 0, 1, 0, 0.5, 1), None, None, None, None, None)
    assert same == flat


def test_choices_read_runs_of_spaces_as_one() -> None:
    expected = call("USCF_SPECIAL", [[1500]], [[4]], [[1400]], [[1]], [["all wins"]], None)
    assert expected == [[pytest.approx(uscf.special_rating(1500, 4, [1400], 1, history="all wins"))]]
    # Before: "#VALUE! ... must be one of 'all wins', 'all losses', not 'all wins'" (the
    # message collapses spaces, so the refused value read as the accepted one).
    for typed in ("all  wins", "all\u00a0wins", " ALL   WINS "):
        assert call("USCF_SPECIAL", [[1500]], [[4]], [[1400]], [[1]], [[typed]], None) == expected
    assert call("FIDE_RU", cells(1800, 1900), cells("W", "D"), None, [["Round\u00a0 robin"]], None, None) == (
        call("FIDE_RU", cells(1800, 1900), cells("W", "D"), None, [["Round robin"]], None, None))


def test_a_result_that_is_not_finite_is_a_value_error() -> None:
    # Before: ICU_PERF returned inf, which JSON cannot carry to Office.js. The engine now
    # refuses such a game count, and the wrapper still turns any non-finite result into
    # #VALUE! rather than send it to a cell.
    with pytest.raises(ArgumentError, match="'prior_games'"):
        icu.provisional_rating(1500, 10**308, [1400], [1])
    assert "'prior_games' must be a whole number from 0" in value_error(
        "ICU_PERF", [[1400]], [[1]], [[1500]], [[1e308]])
    overflowing = excel_function(lambda: float("inf"))
    with pytest.raises(xw.XlwingsError, match="the result is inf, not a finite number"):
        overflowing()


@pytest.mark.slow
def test_headless_functions_see_error_cells_as_xlwings_passes_them(tmp_path: Path) -> None:
    headless.register()
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet["A1"], sheet["A2"], sheet["A3"], sheet["A4"] = 1400, "=1/0", 1600, "=NA()"
    sheet["B1"] = "=USCF_WE(1500,A1:A3)"
    sheet["B2"] = "=USCF_WE(1500,A3:A4)"
    values = calculate(workbook, tmp_path / "errors.xlsx")["SHEET"]
    # Before: the #DIV/0! came back unchanged, so headless and xlwings Lite disagreed.
    assert isinstance(values["B1"], XlError) and str(values["B1"]) == "#VALUE!"
    assert isinstance(values["B2"], XlError) and str(values["B2"]) == "#N/A"


# --- the macro on error cells and Excel tables ------------------------------------------------------


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    source = write_template("uscf", tmp_path_factory.mktemp("robust") / "event.xlsx")[0]
    return book_json(source)


def _sheet(data: dict[str, Any], name: str) -> list[list[Any]]:
    values: list[list[Any]] = next(s for s in data["sheets"] if s["name"] == name)["values"]
    return values


def _rate(data: dict[str, Any], script: str = "rate_crosstable") -> tuple[Excel, list[dict[str, Any]]]:
    data = copy.deepcopy(data)
    excel = Excel(data)
    actions = run_script(macros, script, data)
    excel.apply([a for a in actions if a["func"] in ("alert", "setValues", "setNumberFormat", "resizeTable")])
    return excel, actions


@pytest.mark.parametrize(("sheet", "address", "value", "expected"), [
    ("Crosstable", "D3", "#N/A", "Crosstable!D3: Rating: '#N/A' is not a rating"),
    ("Crosstable", "F3", "#N/A", "Crosstable!F3: '#N/A' is not a result code"),
    ("Crosstable", "E3", "#DIV/0!", "Crosstable!E3: Games: '#DIV/0!' is not a number of games"),
    ("Event", "B5", "#N/A", "Event!B5: Rules '#N/A' is not a rule edition"),
    ("Event", "B10", "#VALUE!", "Event!B10: End date: '#VALUE!' is not a date"),
])
def test_an_error_cell_stops_the_macro_with_its_cell(template: dict[str, Any], sheet: str, address: str,
                                                     value: str, expected: str) -> None:
    data = copy.deepcopy(template)
    column, row = ord(address[0]) - ord("A"), int(address[1:]) - 1
    _sheet(data, sheet)[row][column] = value  # Office.js sends an error cell as its text
    # Before: read as a blank: the player rated as unrated, the game as not played, the
    # rules as the newest, the end date as today; the macro wrote ratings.
    for script in ("rate_crosstable", "make_rating_report"):
        excel, actions = _rate(data, script)
        assert writes(actions) == [], script
        assert len(excel.alerts) == 1 and expected in excel.alerts[0][0], excel.alerts


def test_a_tables_totals_row_is_not_a_player(template: dict[str, Any]) -> None:
    rated, _ = _rate(template)
    data = copy.deepcopy(template)
    crosstable = next(s for s in data["sheets"] if s["name"] == "Crosstable")
    crosstable["values"].append(["", "Total", "", "", "", "", "", "", "", 16, ""])
    crosstable["tables"][0].update(range_address="A1:K10", data_body_range_address="A2:K9",
                                   total_row_range_address="A10:K10", show_totals=True)
    # Before: "Crosstable!A10: this player row has no pairing number (No)", nothing rated.
    excel, actions = _rate(data)
    assert excel.alerts[0][1] == "xlrating"
    assert excel.values["Crosstable"][:9] == rated.values["Crosstable"][:9]
    assert all(a["start_row"] + a["row_count"] <= 9 for a in actions if a["func"] == "setValues")
    assert excel.resized == [("Crosstable", 0, "$A$1:$Z$10")]


# --- what was already fine: kept so -------------------------------------------------------------------


def test_the_crosstable_anywhere_on_any_sheet_and_rated_again(template: dict[str, Any]) -> None:
    rated, _ = _rate(template)
    # The crosstable at C5 of a sheet that is not the active one: Office.js sends the
    # values from A1, the used range from C5.
    data = copy.deepcopy(template)
    data["book"]["active_sheet_index"] = 2
    crosstable = next(s for s in data["sheets"] if s["name"] == "Crosstable")
    width = len(crosstable["values"][0])
    crosstable["values"] = [[""] * (width + 2) for _ in range(4)] + [
        ["", "", *r] for r in crosstable["values"]]
    crosstable["used_range_address"] = "C5:M13"
    crosstable["tables"][0].update(range_address="C5:M13", header_row_range_address="C5:M5",
                                   data_body_range_address="C6:M13")
    moved, _ = _rate(data)
    assert [row[2:] for row in moved.values["Crosstable"][4:]] == rated.values["Crosstable"]
    assert moved.resized == [("Crosstable", 0, "$C$5:$AB$13")]
    # Rated again: the same values, written into the output columns only.
    again = copy.deepcopy(template)
    next(s for s in again["sheets"] if s["name"] == "Crosstable")["values"] = rated.values["Crosstable"]
    twice, actions = _rate(again)
    assert twice.values["Crosstable"] == rated.values["Crosstable"]
    assert all(a["start_column"] >= width for a in actions if a["func"] in ("setValues", "setNumberFormat"))


def test_a_whole_column_reference_reads_its_few_values() -> None:
    column: list[list[Any]] = [[None] for _ in range(2_000)]
    column[0], column[1_999] = [1400], [1600]
    assert call("USCF_WE", [[1500]], column, None) == call("USCF_WE", [[1500]], cells(1400, 1600), None)


def test_an_error_in_a_column_the_event_does_not_read_is_left_alone(template: dict[str, Any]) -> None:
    # The live effective-games column shows #NAME? until the functions are registered: read
    # now as its text, it must still be ignored like any column the event does not read.
    rated, _ = _rate(template)
    data = copy.deepcopy(template)
    for row in _sheet(data, "Crosstable")[1:]:
        row[10] = "#NAME?"
    excel, _ = _rate(data)
    assert excel.alerts[0][1] == "xlrating"
    post = rated.values["Crosstable"][0].index("Post rating")
    assert [r[post] for r in excel.values["Crosstable"]] == [r[post] for r in rated.values["Crosstable"]]
