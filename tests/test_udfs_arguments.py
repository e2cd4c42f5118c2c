"""What a cell can hold, given to the Excel functions one argument at a time: each either
read as documented or refused with ``#VALUE!`` naming the argument, never a number that
ignored or misread it. Called through xlwings' server code path, as Excel calls them
(each argument a 2-D list, ``None`` for a blank; Office.js sends a date as its serial)."""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

import pytest
import xlwings as xw
from xlwings import server

from xlrating import icu, udfs, uscf

NOT_AVAILABLE = [[{"type": "Error", "errorType": "NotAvailable"}]]


def call(name: str, *arguments: Any) -> Any:
    """``name`` called as xlwings Lite/Server calls it from a cell."""
    data = {"func_name": name, "args": list(arguments), "caller_address": "Sheet1!A1",
            "version": xw.__version__, "client": "Office.js", "runtime": "1.4",
            "culture_info_name": "en-US", "date_format": "m/d/yyyy"}
    return asyncio.run(server.custom_functions_call(data, udfs))


def cells(*values: Any) -> list[list[Any]]:
    return [[v] for v in values]


def serial(day: date) -> int:
    """Excel's serial number of ``day`` (Office.js sends a date cell as one)."""
    return (day - date(1899, 12, 30)).days


END = serial(date(2024, 1, 1))
AFTER = serial(date(2025, 1, 1))


@pytest.mark.parametrize("name, arguments, index", [
    ("USCF_AGE_RATING", [[[AFTER]], [[END]], None, None], 0),
    ("USCF_INITIAL", [None, None, None, [[AFTER]], [[END]], None, None, None], 3),
    ("USCF_INITIAL_GAMES", [None, None, None, [[AFTER]], [[END]], None, None, None], 3),
    ("FIDE_K", [[[2100]], [[40]], None, [[AFTER]], [[END]], None, None], 3),
    ("FIDE_CHANGE", [[[2000]], cells(2000), cells("W"), None, None, [[40]], None, [[AFTER]], [[END]]], 7),
    ("ICU_K", [[[2200]], [[AFTER]], None, [[END]]], 1),
    ("ICU_K", [[[1800]], [[serial(date(1990, 1, 1))]], [[AFTER]], [[END]]], 2),
])
def test_a_birth_or_joining_date_after_the_event_is_refused(name: str, arguments: list[Any],
                                                            index: int) -> None:
    # Was a number: a birth date after the event is an age below 3, which US Chess counts as
    # 26 (1300); FIDE's K of a player "under 18" (40); the ICU's K of a member joined "under
    # 8 years" ago (32), or a birth date not read at all from 2100. The crosstable refuses
    # both dates after the event's end.
    parameter = ["birth_date", "joined"][name == "ICU_K" and index == 2]
    with pytest.raises(xw.XlwingsError, match=rf"Argument '{parameter}' 2025-01-01 is after the event "
                                              r"\(2024-01-01\)"):
        call(name, *arguments)
    arguments[index] = [[END]]  # the event's own day is no error
    assert call(name, *arguments) != NOT_AVAILABLE


def test_a_birth_date_after_today_is_refused_with_a_blank_end_date() -> None:
    with pytest.raises(xw.XlwingsError, match=r"Argument 'birth_date' 9999-12-31 is after today \(.*; the "
                                              "end date is blank\\)"):
        call("USCF_AGE_RATING", [["9999-12-31"]], None, None, None)
    assert call("USCF_AGE_RATING", [["2012-01-01"]], [["2024-01-01"]], None, None) == [[600.0]]


def test_a_result_letter_as_the_score_of_several_games_is_refused() -> None:
    # Was the score 1: a single W beside four opponents (one game's result, not a score).
    opponents = cells(1400, 1600, 1500, 1500)
    message = (r"Argument 'score' is the result 'W', of one game, but 'opponent_ratings' has 4 ratings: give "
               "the score as a number, or the results one per opponent")
    with pytest.raises(xw.XlwingsError, match=message):
        call("USCF_STANDARD", [[1500]], [[20]], opponents, [["W"]], None, None, None, None)
    with pytest.raises(xw.XlwingsError, match="has 4 ratings"):
        call("USCF_SPECIAL", [[1500]], [[4]], opponents, [["D"]], None, None)
    # The score as a number, the results one per opponent, and one game's result stay as they were.
    score = uscf.standard_rating(1500, 20, [1400, 1600, 1500, 1500], 1)
    assert call("USCF_STANDARD", [[1500]], [[20]], opponents, [[1]], None, None, None, None) == [[score]]
    assert call("USCF_STANDARD", [[1500]], [[20]], opponents, cells("W", "L", "L", "L"), None, None, None,
                None) == [[score]]
    assert call("USCF_SPECIAL", [[1500]], [[4]], [[1400]], [["W"]], None, None) == [[
        uscf.special_rating(1500, 4, [1400], 1)]]


@pytest.mark.parametrize("others, message", [
    # Was the second row's rating: the first silently dropped.
    ([["Quick", 1500, 12], ["quick rating", 1700, 30]], "rows 1 and 2 both give the Quick rating"),
    # Was 1500 from the Quick rating, the 99 ignored.
    ([["Quick", 1500, 12, 99]], "row 1 has 4 cells: give a rating system, its rating and optionally its "
                                r"games \(3 columns\)"),
    # Was 750, the default: the engine ignores a rating in the system being rated.
    ([["Blitz", 1500, 12]], "row 1 gives a Blitz rating, but the initial rating asked for is the Blitz one"),
])
def test_other_ratings_that_would_be_ignored_are_refused(others: list[list[Any]], message: str) -> None:
    for name in ("USCF_INITIAL", "USCF_INITIAL_GAMES"):
        with pytest.raises(xw.XlwingsError, match=f"Argument 'other_ratings' {message}"):
            call(name, [["Blitz"]], None, None, None, [[END]], None, others, None)
    # A blank fourth column (a wider selection) and one row a system stay readable.
    expected = uscf.initial_rating("Blitz", other_ratings={"Quick": (1500, 12)}, end_date=date(2024, 1, 1))
    assert call("USCF_INITIAL", [["Blitz"]], None, None, None, [[END]], None, [["Quick", 1500, 12, None]],
                None) == [[expected.rating]]


def test_a_provisional_rating_and_its_games_are_given_together() -> None:
    # Was "Argument 'prior_rating' must be a number, not None".
    blank_rating = ("Argument 'prior_rating' is blank, but 'prior_games' is 10: give the provisional rating "
                    "behind those games, or leave both blank")
    with pytest.raises(xw.XlwingsError, match=blank_rating):
        call("ICU_PERF", cells(1000, 1200), cells("W", "D"), None, [[10]])
    blank_games = "Argument 'prior_games' is blank, but 'prior_rating' is 1000: give the games behind that"
    with pytest.raises(xw.XlwingsError, match=blank_games):
        call("ICU_PERF", cells(1000, 1200), cells("W", "D"), [[1000]], None)
    assert call("ICU_PERF", cells(1000, 1200), cells("W", "D"), None, [[0]]) == [[
        icu.performance([1000, 1200], [1, 0.5])]]


def test_a_competition_average_is_given_exactly_where_it_is_read() -> None:
    opponents, results = cells(1800, 1900, 2000, 2100, 1700), cells("W", "D", "L", "W", "D")
    swiss = call("FIDE_RU", opponents, results, [["handbook"]], None, None, None)
    # Was that Swiss rating: Ra is read only for a handbook round robin (a forgotten
    # event_type rated the round robin as a Swiss).
    unread = (r"Argument 'competition' is read only for a round robin under the handbook \(10.21b\); this "
              "is a Swiss under FIDE handbook: leave it blank")
    with pytest.raises(xw.XlwingsError, match=unread):
        call("FIDE_RU", opponents, results, [["handbook"]], None, [[2000]], None)
    with pytest.raises(xw.XlwingsError, match="a Round robin under FIDE 2024, which rates it as a Swiss"):
        call("FIDE_RU", opponents, results, [["2024"]], [["Round robin"]], [[2000]], None)
    # Was "..., not None".
    needed = (r"Argument 'competition' \(Ra, the tournament average of 10.21b\) is needed for a round robin "
              r"under the handbook: give it \(FIDE_RA\)")
    with pytest.raises(xw.XlwingsError, match=needed):
        call("FIDE_RU", opponents, results, [["handbook"]], [["Round robin"]], None, None)
    assert swiss == [[1913]]
    assert call("FIDE_RU", opponents, results, [["handbook"]], [["Round robin"]], [[2000]], None) != swiss
