"""The Excel functions called through xlwings itself, as Excel calls them.

xlwings Lite and xlwings Server receive a call as JSON: the function's name and its
arguments, each a 2-D list (a single cell too: ``[[1700]]``), ``None`` for a blank
argument or cell (Office.js sends ``null``). ``xlwings.server.custom_functions_call``
converts them with the decorators' options and converts the result back; the conftest
sets ``XLWINGS_ON_SERVER`` so that ``xw.func`` is the Office.js decorator. Errors: a
``#VALUE!`` arrives as the :class:`xlwings.XlwingsError` the framework turns into the
error cell with its message; ``#N/A`` as Office.js' own error value.

The registration metadata (what Excel's function wizard shows) is checked too: every
function, its description (the docstring) and its arguments' descriptions.
"""

from __future__ import annotations

import asyncio
import inspect
from datetime import date
from typing import Any

import pytest
import xlwings as xw
from xlwings import server

from xlrating import fide, icu, udfs, uscf
from xlrating.crosstable import parse_settings, rate_sheets
from xlrating.crosstable.columns import output_column
from xlrating.templates.examples import EXAMPLES

NOT_AVAILABLE = [[{"type": "Error", "errorType": "NotAvailable"}]]


def call(name: str, *arguments: Any) -> Any:
    """``name`` called as xlwings Lite/Server calls it from a cell."""
    data = {
        "func_name": name,
        "args": list(arguments),
        "caller_address": "Sheet1!A1",
        "version": xw.__version__,
        "client": "Office.js",
        "runtime": "1.4",
        "culture_info_name": "en-US",
        "date_format": "m/d/yyyy",
    }
    return asyncio.run(server.custom_functions_call(data, udfs))


def cells(*values: Any) -> list[list[Any]]:
    return [[v] for v in values]


def test_scalars_arrive_as_one_cell_ranges() -> None:
    # US Chess 2020, 3: N' = 20.0 for R0 = 1700, N = 30; 2009: 26.7.
    assert round(call("EFFECTIVE_GAMES", [[1700]], [[30]], None)[0][0], 1) == 20.0
    assert round(call("EFFECTIVE_GAMES", [[1700]], [[30]], [["USCF 2009"]])[0][0], 1) == 26.7
    assert round(call("EFFECTIVE_GAMES", [[1700]], [[30]], [[2009]])[0][0], 1) == 26.7
    assert round(call("EFFECTIVE_GAMES", [["1700"]], [["30"]], [[""]])[0][0], 1) == 20.0
    # A blank games cell: established, N' = N*.
    assert call("EFFECTIVE_GAMES", [[1700]], [[None]], None) == [[pytest.approx(uscf.nstar(1700))]]
    # The K table row N' = 20, m = 6: 30.77.
    assert round(call("USCF_K", [[20]], [[6]], None, None, None)[0][0], 2) == 30.77


def test_ranges_with_blanks_and_letters() -> None:
    opponents = [1400.0, 1550.0, 1620.0, 1480.0]
    ratings = [[1400], [1550], [None], [1620], [1480], [None]]
    results = [["W"], ["D"], [None], ["L"], [1], [None]]
    standard = uscf.standard_rating(1500, 20, opponents, 2.5, bonus_multiplier=10)
    assert call("USCF_STANDARD", [[1500]], [[20]], ratings, results, None, [[10]], None, None) == [[standard]]
    special = uscf.special_rating(1500, 4, opponents, 2.5, history="all losses")
    assert call("USCF_SPECIAL", [[1500]], [[4]], [[1400, 1550, 1620, 1480]], [[2.5]], [["all losses"]],
                None) == [[special]]
    row_of_results = [["W", "D", None, "L", 1, None]]
    assert call("USCF_STANDARD", [[1500]], [[20]], ratings, row_of_results, None, [[10]], None,
                None) == [[standard]]
    assert call("ICU_PERF", cells(1000, 1200), cells("W", "D"), None, None) == [[1300.0]]
    assert call("ICU_PERF", cells(1000, 1200), cells("W", "D"), [[1000]], [[10]]) == [[1050.0]]
    change = icu.rating_change(2000, [2000, 2200], [1, 0.5], k=40)
    assert call("ICU_CHANGE", [[2000]], cells(2000, 2200), cells(1, 0.5), [[40]]) == [[change]]
    assert call("SCORE", [["W", None, "D"], ["L", "1", None]]) == [[2.5]]


def test_fide_functions() -> None:
    assert call("FIDE_PD", [[4]], None) == [[0.51]]
    assert call("FIDE_PD", [[-4]], None) == [[0.49]]
    assert call("FIDE_PD", [[500]], [["handbook"]]) == [[0.89]]
    assert call("FIDE_DP", [[0.89]]) == [[351]]
    assert call("FIDE_DP", [[1]]) == NOT_AVAILABLE
    assert call("FIDE_K", [[2100]], [[12]], None, None, None, None, [["FIDE handbook"]]) == [[25.0]]
    change = fide.rating_change(2000, [2000, 2100], [1, 0.5], rules="2024")
    assert call("FIDE_CHANGE", [[2000]], cells(2000, 2100), cells("W", "D"), None, None, None, None, None,
                None) == [[change]]
    # The handbook's 10.54: Ra = 2348; player C: 2411.
    rated = cells(2600, 2500, 2400, 2150, 2300, 2300)
    assert call("FIDE_RA", rated, cells(8, 7, 6, 4, 3, 1), [[9]]) == [[2348]]
    opponents = cells(2600, 2500, None, 2400, None, 2150, 2300, None, 2300)
    results = cells(1, 1, 1, 1, 1, 1, 1, 0, 0)
    assert call("FIDE_RU", opponents, results, [["handbook"]], [["Round robin"]], [[2348]], None) == [[2411]]


def test_dates_arrive_as_serial_numbers() -> None:
    # Office.js sends a date cell's serial number: 45658 is 2025-01-01 (B = 10), 44562 2022-01-01 (14).
    assert call("USCF_BONUS_MULTIPLIER", [[45658]]) == [[10.0]]
    assert call("USCF_BONUS_MULTIPLIER", [[44562]]) == [[14.0]]
    # 2012-01-01 (40909) to 2024-01-01 (45292): age 12.0, 50 x 12 = 600 (US Chess 2020, 2.7).
    assert call("USCF_AGE_RATING", [[40909]], [[45292]], None, None) == [[pytest.approx(600)]]
    assert call("ICU_K", [[1800]], [[39448]], None, [[45658]]) == [[40.0]]  # born 2008: under 21


def test_bad_input_is_a_value_error_with_the_reason() -> None:
    cases: list[tuple[tuple[Any, ...], str]] = [
        (("EFFECTIVE_GAMES", [[1700]], [[-3]], None), "Argument 'games' must be a whole number >= 0, not -3"),
        (("EFFECTIVE_GAMES", [["abc"]], [[30]], None), "Argument 'rating': 'abc' is not a rating"),
        (("EFFECTIVE_GAMES", [[1700]], [[30]], [["FIDE 2024"]]), "US Chess rule edition"),
        (("EFFECTIVE_GAMES", [[1700], [1800]], [[30]], None), "single cell"),
        (("USCF_STANDARD", [[1500]], [[20]], cells(1400, 1500), cells("W", None), None, None, None, None),
         "no result in cell 2"),
        (("USCF_STANDARD", [[1500]], [[20]], cells(1400), cells("Z"), None, None, None, None),
         "neither a score nor a result"),
        (("FIDE_PD", [[100]], [["2020"]]), "FIDE rule edition"),
        (("FIDE_DP", [[1.5]]), "Argument 'p'"),
        (("ICU_K", [[1800]], None, None, None), "Argument 'birth_date'"),
        (("USCF_BONUS_MULTIPLIER", [[date(2013, 1, 1).toordinal() - 693594]]), "not known"),
    ]
    for arguments, message in cases:
        with pytest.raises(xw.XlwingsError, match=message.replace("(", r"\(").replace(")", r"\)")):
            call(*arguments)


def test_a_bad_value_in_a_range_is_named_by_its_cell_blanks_counted() -> None:
    # Every function taking a range names a bad value by its cell in the range as given (here the
    # third, after a blank one), as FIDE_RU does; not by its place among the non-blank cells (the
    # second), which is no cell the user can find.
    ratings, results = cells(1800, None, 5000), cells("W", None, "D")
    bad = "Argument 'opponent_ratings', cell 3 must be a rating between {} and 4000, not 5000"
    cases: list[tuple[tuple[Any, ...], str]] = [
        (("FIDE_RU", ratings, results, None, None, None, None), bad.format(1000)),
        (("FIDE_CHANGE", [[1800]], ratings, results, None, None, None, None, None, None), bad.format(1000)),
        (("FIDE_EXPECTED", [[1800]], ratings, None), bad.format(0)),
        (("ICU_PERF", ratings, results, None, None), bad.format(0)),
        (("ICU_CHANGE", [[1800]], ratings, results, [[24]]), bad.format(0)),
        (("ICU_EXPECTED", [[1800]], ratings), bad.format(0)),
        (("USCF_STANDARD", [[1500]], [[20]], ratings, results, None, None, None, None), bad.format(0)),
        (("USCF_SPECIAL", [[1500]], [[4]], ratings, [[1]], None, None), bad.format(0)),
        (("USCF_RATING", [[1500]], None, ratings, results, None, None, None, None, None), bad.format(0)),
        (("USCF_WE", [[1500]], ratings, None), bad.format(0)),
        (("USCF_PWE", [[1500]], ratings, None), bad.format(0)),
        (("FIDE_RA", cells(1800, None, 900), cells(2, None, 1), [[2]]),
         "Argument 'ratings', cell 3 must be a rating between 1000 and 4000, not 900"),
        (("FIDE_RA", cells(1800, None, 1900), cells(2, None, 9), [[2]]),
         "Argument 'scores', cell 3 must be a score from 0 to the number of games (2), not 9"),
        (("FIDE_RN", cells(1800, None, 9000), cells(5, None, 3), [["handbook"]]),
         "Argument 'ru_ratings', cell 3 must be a rating between 0 and 4000, not 9000"),
        (("FIDE_RN", cells(1800, None, 1900), cells(5, None, 0), [["handbook"]]),
         "Argument 'games', cell 3 must be a whole number >= 1, not 0"),
        (("USCF_INITIAL", [["Regular"]], None, None, None, None, None, [[None] * 3, ["Quick", 5000, 10]],
          None),
         "Argument 'other_ratings' row 2 must be a rating between 0 and 4000, not 5000"),
    ]
    for arguments, message in cases:
        with pytest.raises(xw.XlwingsError) as error:
            call(*arguments)
        assert str(error.value) == message, arguments[0]


def test_a_bad_other_rating_shows_the_cell_as_typed() -> None:
    # Excel sends a number typed 5000 as 5000.0, and text as text: the message shows the cell.
    for typed, shown in ((5000.0, "5000"), (4000.5, "4000.5"), ("5000", "'5000'"), (-1, "-1")):
        with pytest.raises(xw.XlwingsError) as error:
            call("USCF_INITIAL", None, None, None, None, None, [[True]], [["Quick", typed, None]], None)
        assert str(error.value) == ("Argument 'other_ratings' row 1 must be a rating between 0 and 4000, "
                                    f"not {shown}")
    # Its FIDE and CFC ratings too, named as the function names them.
    for at, name in ((1, "fide_rating"), (2, "cfc_rating")):
        arguments: list[Any] = [None] * 8
        arguments[at] = [[5000.0]]
        with pytest.raises(xw.XlwingsError) as error:
            call("USCF_INITIAL", *arguments)
        assert str(error.value) == f"Argument '{name}' must be a rating between 0 and 4000, not 5000"


def test_a_fide_rating_no_fide_list_has_published_is_not_converted() -> None:
    # Under 1000 (FIDE_K's floor) the conversions gave ratings no US Chess list holds: FIDE 600
    # was -133 under the 2024 conversion (-1073 + 1.5667 x 600), as USCF_FROM_FIDE and as an
    # initial rating.
    said = ("Argument 'fide_rating' is 600, under 1000, the lowest rating a FIDE list has published: give "
            "the player's FIDE rating, or leave it blank if he has none")
    end = [[45658]]  # 2025-01-01
    for arguments in (("USCF_FROM_FIDE", [[600]], None, end),
                      ("USCF_INITIAL", None, [[600]], None, None, end, None, None, None),
                      ("USCF_INITIAL_GAMES", None, [[600]], None, None, end, None, None, None)):
        with pytest.raises(xw.XlwingsError) as error:
            call(*arguments)
        assert str(error.value) == said
    with pytest.raises(xw.XlwingsError, match="'fide_rating' is 0, under 1000"):
        call("USCF_FROM_FIDE", [[0]], None, None)
    # The lowest published rating itself is converted (-1073 + 1.5667 x 1000).
    assert call("USCF_FROM_FIDE", [[1000]], None, end) == [[pytest.approx(493.7)]]
    assert call("USCF_INITIAL", None, [[1000]], None, None, end, None, None, None) == [[pytest.approx(493.7)]]


def test_the_special_formula_refuses_effective_games_no_player_has() -> None:
    # US Chess 2020, 3 (2009 and 2011, 2.1): N' = min(N, N*) "can be no larger than 50". A larger N'
    # (1e12) left the formula's iteration without a solution, and the message named no argument.
    shown = "Argument 'effective_games' must be at most 50, the most effective games N' = min(N, N*) can " \
            "be (see EFFECTIVE_GAMES), not {}"
    opponents = [1900, 1000]
    for typed, rules, said in ((1e12, None, "1000000000000"), (50.5, [["2009"]], "50.5"),
                               ("51", [["2011"]], "'51'")):
        with pytest.raises(xw.XlwingsError) as error:
            call("USCF_SPECIAL", [[1400]], [[typed]], [opponents], [[1.5]], [["all losses"]], rules)
        assert str(error.value) == shown.format(said)
    assert call("USCF_SPECIAL", [[1400]], [[50]], [opponents], [[1.5]], [["all losses"]], None) == [[
        uscf.special_rating(1400, 50, opponents, 1.5, history="all losses")]]
    # The standard formula's and K's N' the same: a game count typed for N' (120) gave a smaller K
    # without a word.
    for function, arguments in (("USCF_K", ([[120]], [[4]])),
                                ("USCF_STANDARD", ([[1400]], [[120]], [opponents], [[1.5]]))):
        with pytest.raises(xw.XlwingsError) as error:
            call(function, *arguments)
        assert str(error.value) == shown.format("120")
    assert call("USCF_K", [[50]], [[4]]) == [[800 / 54]]
    # USCF_RATING reaches the special formula with N' = min(N, N*) of its own making, never above 50,
    # for any games N it takes.
    most = [[float(10**9)]]
    assert call("USCF_RATING", [[1400]], most, [opponents], [[1, 0.5]], [["all wins"]], None, None, None,
                None) == [[uscf.special_rating(1400, uscf.nstar(1400), opponents, 1.5, history="all wins")]]


@pytest.mark.parametrize(("score", "expected", "games", "said"), [
    (3, 1, 0, "Argument 'games' is 0, but 'score' is 3 and 'expected_score' is 1, out of at least 3 games: "
              "give the games m played in the event"),
    (3, 0, 0, "Argument 'games' is 0, but 'score' is 3, out of at least 3 games: give the games m played "
              "in the event"),
    (4, 3.5, 3, "Argument 'games' is 3, but 'score' is 4 and 'expected_score' is 3.5, out of at least 4 "
                "games: give the games m played in the event"),
    # One of them alone above a number of games is that one's error.
    (5, 1, 4, "Argument 'score' must be a score from 0 to the number of games (4), not 5"),
    (3, 4.5, 4, "Argument 'expected_score' must be a number from 0 to the number of games (4), not 4.5"),
])
def test_bonus_names_games_when_it_is_the_odd_one_out(score: float, expected: float, games: int,
                                                     said: str) -> None:
    with pytest.raises(xw.XlwingsError) as error:
        call("USCF_BONUS", [[32.0]], [[float(score)]], [[float(expected)]], [[float(games)]], None, None)
    assert str(error.value) == said


def test_missing_values_are_not_available() -> None:
    assert call("EFFECTIVE_GAMES", None, [[30]], None) == NOT_AVAILABLE
    assert call("EFFECTIVE_GAMES", [["unr"]], [[30]], None) == NOT_AVAILABLE
    assert call("USCF_PEAK_FLOOR", [[1388]], None) == NOT_AVAILABLE
    assert call("FIDE_RU", cells(1800, 1900), cells("W", "D"), None, None, None, None) == NOT_AVAILABLE
    assert call("USCF_K", [[20]], None, None, None, None) == NOT_AVAILABLE


def _event_grids(key: str) -> tuple[list[list[Any]], list[list[Any]]]:
    example = EXAMPLES[key]
    sheet = example.sheet()
    grid = [list(sheet.header), *[list(r) + [None] * (len(sheet.header) - len(r)) for r in sheet.rows]]
    settings = [[name, value] for name, value in example.event_settings()]
    return grid, settings


@pytest.mark.parametrize(("key", "dual"), [(key, False) for key in sorted(EXAMPLES)] + [("uscf", True)])
def test_rate_crosstable_agrees_with_the_macro(key: str, dual: bool) -> None:
    grid, settings = _event_grids(key)
    if dual:
        settings = [[name, "yes" if name == "Dual rated" else value] for name, value in settings]
    assert parse_settings(settings).dual_rated is dual  # the example's settings are valid
    rated = rate_sheets({"Crosstable": grid, "Event": settings})
    written = [row + [None] * 30 for row in grid]
    for block in rated.blocks:
        for i, values in enumerate(block.values):
            for j, value in enumerate(values):
                written[block.row - 1 + i][block.column - 1 + j] = value
    header = written[0]
    # Every output column (the formula rates without explanations, the macro with them).
    columns = [column for column in header if isinstance(column, str) and output_column(column) == column]
    assert {"Post rating", "Change", "K", "Method", "Notes"} <= set(columns)
    assert not dual or {"Quick post rating", "Quick K"} <= set(columns)
    for column in columns:
        index = header.index(column)
        expected = [["" if r[index] is None else r[index]] for r in written[1:]]
        spill = call("RATE_CROSSTABLE", grid, None, None, settings, [[column]])
        assert spill == expected, column


def test_rate_crosstable_settings_and_errors() -> None:
    grid, settings = _event_grids("uscf")
    end = [["End date", 45760]]  # 2025-04-13, as the example's Event sheet
    assert call("RATE_CROSSTABLE", grid, None, None, end, None) == call("RATE_CROSSTABLE", grid, None, None,
                                                                       settings, None)
    # Rules by their API names; the system follows from the rules.
    older = call("RATE_CROSSTABLE", grid, None, [["2009"]], end, None)
    assert older == call("RATE_CROSSTABLE", grid, [["USCF"]], [["USCF 2009"]], end, None)
    assert older != call("RATE_CROSSTABLE", grid, None, None, end, None)
    # Rows below the crosstable keep the spill aligned with the range.
    padded = [*grid, [None] * len(grid[0]), [None] * len(grid[0])]
    assert call("RATE_CROSSTABLE", padded, None, None, end, None)[-2:] == [[""], [""]]
    bad = [list(r) for r in grid]
    bad[1][grid[0].index("R1")] = "W99"
    with pytest.raises(xw.XlwingsError, match=r"crosstable F2: 'W99' names no player 99"):
        call("RATE_CROSSTABLE", bad, None, None, end, None)
    with pytest.raises(xw.XlwingsError, match="settings B2: Rules 'FIDE 2024' are not USCF rules"):
        call("RATE_CROSSTABLE", grid, None, None, [["System", "USCF"], ["Rules", "FIDE 2024"]], None)
    with pytest.raises(xw.XlwingsError, match="Argument 'column'"):
        call("RATE_CROSSTABLE", grid, None, None, end, [["Rating after"]])
    with pytest.raises(xw.XlwingsError, match="no 'Quick post rating' column"):
        call("RATE_CROSSTABLE", grid, None, None, end, [["Quick post rating"]])


def test_registration_metadata() -> None:
    meta = server.custom_functions_meta(udfs)  # type: ignore[no-untyped-call]
    functions = {f["name"]: f for f in meta["functions"]}
    assert set(functions) == set(udfs.__all__)
    for name, function in functions.items():
        python = getattr(udfs, name)
        assert function["id"] == name
        assert function["description"] == python.__doc__
        # Classic xlwings cuts descriptions to 255 characters (Application.MacroOptions).
        assert len(python.__doc__) <= 255, name
        parameters = list(inspect.signature(python).parameters)
        assert [p["name"] for p in function["parameters"]] == parameters
        for parameter in function["parameters"]:
            assert not parameter["description"].startswith("Positional argument"), (name, parameter["name"])
            assert len(parameter["description"]) <= 255
        assert python.__xlfunc__["namespace"] is None  # no option classic xlwings lacks



def test_an_error_cell_in_an_argument_gives_an_error_value() -> None:
    # Office.js sends an error cell as a data type (Microsoft's custom functions data types:
    # {"type": "Error", "basicValue": "#VALUE!"}); the result is an error value again, so
    # ISERROR and IFERROR see it: #N/A stays #N/A, any other is #VALUE! naming the argument.
    value_error = {"type": "Error", "basicValue": "#VALUE!", "errorType": "Value"}
    not_available = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}
    with pytest.raises(xw.XlwingsError, match=r"Argument 'rating' holds the error #VALUE!"):
        call("EFFECTIVE_GAMES", [[value_error]], [[30]], None)
    assert call("EFFECTIVE_GAMES", [[not_available]], [[30]], None) == NOT_AVAILABLE
    with pytest.raises(xw.XlwingsError, match=r"Argument 'opponent_ratings', cell 2 holds the error #VALUE!"):
        call("USCF_WE", [[1500]], cells(1400, value_error), None)


def test_a_rating_out_of_range_is_named_by_its_cell_in_the_range_as_given() -> None:
    # No FIDE list has published a rating under 1000: an opponent rated 500 is a
    # slip. The third opponent's cell is named 4th in the range given, its blank row counted.
    ratings, results = cells(1800, None, None, 500), cells("W", None, "D", "L")
    message = "Argument 'opponent_ratings', cell 4 must be a rating between 1000 and 4000, not 500"
    with pytest.raises(xw.XlwingsError, match=message):
        call("FIDE_RU", ratings, results, None, None, None, None)
    ratings[2][0] = 1900  # a rated player's opponents, all rated: the same cell named
    with pytest.raises(xw.XlwingsError, match=message):
        call("FIDE_CHANGE", [[1800]], ratings, results, None, None, None, None, None, None)


# One valid call of each function, its arguments by the names Excel shows; the cases below
# change one argument at a time.
_VALID: dict[str, dict[str, Any]] = {
    "EFFECTIVE_GAMES": {"rating": [[1700]], "games": [[30]]},
    "USCF_NSTAR": {"rating": [[1700]]},
    "USCF_K": {"effective_games": [[20]], "games": [[6]], "regular_rating": [[2300]], "dual_rated": [[True]]},
    "USCF_WE": {"rating": [[1500]], "opponent_ratings": cells(1400, 1600)},
    "USCF_PWE": {"rating": [[1500]], "opponent_ratings": cells(1400, 1600)},
    "USCF_SPECIAL": {"prior_rating": [[1500]], "effective_games": [[4]],
                     "opponent_ratings": cells(1400, 1600), "score": [[1.5]]},
    "USCF_STANDARD": {"prior_rating": [[1500]], "effective_games": [[20]],
                      "opponent_ratings": cells(1400, 1600), "score": [[1.5]], "bonus_multiplier": [[10]]},
    "USCF_BONUS": {"k": [[32]], "score": [[3]], "expected_score": [[1]], "games": [[4]]},
    "USCF_RATING": {"prior_rating": [[1500]], "games": [[20]], "opponent_ratings": cells(1400, 1600),
                    "results": cells("W", "D"), "floor": [[1200]]},
    "USCF_FROM_FIDE": {"fide_rating": [[1800]]},
    "USCF_FROM_CFC": {"cfc_rating": [[1800]]},
    "USCF_INITIAL": {"rating_system": [["Quick"]], "other_ratings": [["Regular", 1800, 30]]},
    "USCF_INITIAL_GAMES": {"rating_system": [["Quick"]], "other_ratings": [["Regular", 1800, 30]]},
    "USCF_FLOOR": {"peak": [[1800]], "explicit": [[1200]]},
    "USCF_PEAK_FLOOR": {"peak": [[1800]]},
    "USCF_PRIZE_FLOOR": {"section_limit": [[1800]], "prize": [[5000]]},
    "FIDE_EXPECTED": {"rating": [[1800]], "opponent_ratings": cells(1700, 1900)},
    "FIDE_DP": {"p": [[0.6]]},
    "FIDE_K": {"rating": [[1800]], "highest_rating": [[1900]]},
    "FIDE_CHANGE": {"rating": [[1800]], "opponent_ratings": cells(1700, 1900), "results": cells("W", "D"),
                    "highest_rating": [[1900]]},
    "FIDE_RU": {"opponent_ratings": cells(2600, 2500, None, 2400, None, 2150, 2300, None, 2300),
                "results": cells(1, 1, 1, 1, 1, 1, 1, 0, 0), "rules": [["handbook"]],
                "event_type": [["Round robin"]], "competition": [[2348]]},
    "ICU_EXPECTED": {"rating": [[1800]], "opponent_ratings": cells(1700, 1900)},
    "ICU_K": {"rating": [[2200]]},
    "ICU_CHANGE": {"rating": [[1800]], "opponent_ratings": cells(1700, 1900), "results": cells("W", "D"),
                   "k": [[24]]},
    "ICU_PERF": {"opponent_ratings": cells(1700, 1900), "results": cells("W", "D"), "prior_rating": [[1500]],
                 "prior_games": [[10]]},
    "ICU_BONUS": {"rating": [[1800]], "change": [[40]], "games": [[5]], "k": [[24]], "performance": [[2100]]},
}

_RATING = "must be a rating between 0 and 4000, not {}"
_FIDE_RATING = "must be a rating between 1000 and 4000, not {}"
_NOT_NEGATIVE = "must be a number >= 0, not {}"
_POSITIVE = "must be a number > 0, not {}"


# Bad rows of USCF_INITIAL's other_ratings and what follows "Argument 'other_ratings' row N" in the
# message, as in the messages about rows together (a system given twice); the last row's message read
# so already, and must not come out with the row named twice.
_BAD_ROWS: list[tuple[list[Any], str]] = [
    (["Regular", 1800, -1], " must be a whole number >= 0, not -1"),
    (["Regular", 1800, 2.5], " must be a whole number >= 0, not 2.5"),
    (["Regular", 5000, 30], " " + _RATING.format(5000)),
    (["Regular", "abc", 30], ": 'abc' is not a number"),
    (["Bullet", 1800, 30], " must be a US Chess rating system (Regular, Quick, Blitz, Online Regular, "
                           "Online Quick, Online Blitz), not 'Bullet'"),
    (["Regular", None, 30], " must be a rating system, its rating and optionally its games, not "
                            "'Regular', (blank), 30"),
    ([None, 1800, 30], " must be a rating system, its rating and optionally its games, not "
                       "(blank), 1800, 30"),
    (["Regular", 1800, 30, 7], " has 4 cells: give a rating system, its rating and optionally its games "
                               "(3 columns)"),
]


# The single-cell arguments of each kind, by function.
_RATINGS = [("EFFECTIVE_GAMES", "rating"), ("USCF_NSTAR", "rating"), ("USCF_K", "regular_rating"),
            ("USCF_WE", "rating"), ("USCF_PWE", "rating"), ("USCF_SPECIAL", "prior_rating"),
            ("USCF_STANDARD", "prior_rating"), ("USCF_RATING", "prior_rating"), ("USCF_RATING", "floor"),
            ("USCF_FROM_FIDE", "fide_rating"), ("USCF_FROM_CFC", "cfc_rating"), ("USCF_FLOOR", "peak"),
            ("USCF_FLOOR", "explicit"), ("USCF_PEAK_FLOOR", "peak"), ("USCF_PRIZE_FLOOR", "section_limit"),
            ("FIDE_EXPECTED", "rating"), ("FIDE_RU", "competition"), ("ICU_EXPECTED", "rating"),
            ("ICU_K", "rating"), ("ICU_CHANGE", "rating"), ("ICU_PERF", "prior_rating"),
            ("ICU_BONUS", "rating")]
_FIDE_RATINGS = [("FIDE_K", "rating"), ("FIDE_K", "highest_rating"), ("FIDE_CHANGE", "rating"),
                 ("FIDE_CHANGE", "highest_rating")]
_NOT_NEGATIVES = [("USCF_K", "effective_games"), ("USCF_SPECIAL", "effective_games"),
                  ("USCF_STANDARD", "effective_games"), ("USCF_STANDARD", "bonus_multiplier"),
                  ("USCF_BONUS", "bonus_multiplier"), ("USCF_RATING", "bonus_multiplier"),
                  ("USCF_PRIZE_FLOOR", "prize")]
_KS = [("USCF_BONUS", "k"), ("FIDE_CHANGE", "k"), ("ICU_CHANGE", "k"), ("ICU_BONUS", "k")]


@pytest.mark.parametrize(("function", "argument", "typed", "said"), [
    *[(function, argument, 5000, _RATING.format(5000)) for function, argument in _RATINGS],
    *[(function, argument, 900, _FIDE_RATING.format(900)) for function, argument in _FIDE_RATINGS],
    *[(function, argument, -1, _NOT_NEGATIVE.format(-1)) for function, argument in _NOT_NEGATIVES],
    *[(function, argument, 0, _POSITIVE.format(0)) for function, argument in _KS],
    ("EFFECTIVE_GAMES", "rating", "5000P12", _RATING.format("'5000P12'")),
    ("USCF_WE", "rating", "5000", _RATING.format("'5000'")),
    ("USCF_PWE", "rating", -1, _RATING.format(-1)),
    ("USCF_SPECIAL", "score", 3, "must be a score from 0 to the number of games (2), not 3"),
    ("USCF_STANDARD", "score", 3, "must be a score from 0 to the number of games (2), not 3"),
    ("USCF_BONUS", "score", 5, "must be a score from 0 to the number of games (4), not 5"),
    ("USCF_BONUS", "expected_score", 5, "must be a number from 0 to the number of games (4), not 5"),
    ("FIDE_DP", "p", 2, "must be a number from 0 to 1, not 2"),
    *[(function, "other_ratings", [[None] * len(row), row], f"row 2{said}")
      for function in ("USCF_INITIAL", "USCF_INITIAL_GAMES") for row, said in _BAD_ROWS],
])
def test_a_bad_value_is_named_as_the_function_names_it_and_shown_as_typed(
        function: str, argument: str, typed: Any, said: str) -> None:
    # Excel sends a number typed 5000 as 5000.0: the message names the argument as the function's
    # argument list shows it (not the engine's name for it: 'fide', 'explicit') and shows the cell as
    # typed (5000, not 5000.0; text as text); a row of other_ratings by its row, blank rows counted.
    parameters = list(inspect.signature(getattr(udfs, function)).parameters)
    valid = _VALID[function]
    assert set(valid) | {argument} <= set(parameters)
    given = {**valid, argument: _as_excel_sends(typed if isinstance(typed, list) else [[typed]])}
    call(function, *[valid.get(name) for name in parameters])  # the valid call works
    with pytest.raises(xw.XlwingsError) as error:
        call(function, *[given.get(name) for name in parameters])
    assert str(error.value) == f"Argument '{argument}' {said}"


def _as_excel_sends(rows: list[list[Any]]) -> list[list[Any]]:
    """``rows`` as Excel sends them: every number a float."""
    return [[float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in row] for row in rows]
