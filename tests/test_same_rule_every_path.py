"""One input rule on every path that takes the value: a crosstable's cells, a season's sheets,
the Excel functions (through xlwings, as Excel calls them), the Python API and the importers.

A value a crosstable refuses as a slip is refused, with its place, wherever else it is typed.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
import xlwings as xw
from test_udfs_xlwings import call

from xlrating import fide, icu
from xlrating.errors import ArgumentError, CrosstableError, InputError
from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.official.sheet import COLUMNS, read_list_sheet

BORN = dt.date(2000, 1, 1)
JOINED = dt.date(1990, 1, 1)  # 1990 typed for 2010: before the birth date
SLIP = "Joined 1990-01-01 is before Birth date 2000-01-01: one of them is mistyped"


def test_an_icu_joined_before_the_birth_date_is_refused_by_k_factor_as_on_a_crosstable() -> None:
    # a member of over 8 years has K 24, a newer one 32: the slip would choose
    with pytest.raises(ArgumentError, match=f"Argument 'joined': {SLIP}"):
        icu.k_factor(1800, birth_date=BORN, joined=JOINED, start_date=dt.date(2024, 1, 1))
    new_member = dt.date(2020, 1, 1)
    assert icu.k_factor(1800, birth_date=BORN, joined=new_member, start_date=dt.date(2024, 1, 1)) == 32


def test_an_icu_joined_before_the_birth_date_is_refused_by_icu_k_as_on_a_crosstable() -> None:
    # serial numbers as Office.js sends date cells: 36526 is 2000-01-01, 32874 1990-01-01
    with pytest.raises(xw.XlwingsError, match=SLIP):
        call("ICU_K", [[1800]], [[36526]], [[32874]], [[45292]])
    assert call("ICU_K", [[1800]], [[36526]], [[43831]], [[45292]]) == [[32.0]]  # joined 2020-01-01


def test_a_list_entry_joined_before_its_birth_date_is_a_problem_of_the_list() -> None:
    club = RatingList("ICU", {1: Entry(1, 1800, 40, birth_date=BORN, joined=JOINED),
                              2: Entry(2, 1700, 40, k=24)})
    with pytest.raises(InputError) as caught:
        rate_season(club, [Event("autumn", dt.date(2024, 10, 5), [(1, 1, 2, 1.0)])])
    assert [str(problem) for problem in caught.value.problems] == [f"list entry 1: {SLIP}"]


def test_a_fide_rating_under_1000_is_refused_by_every_fide_function_as_by_rate_event() -> None:
    # no FIDE list has published one (the floor was 1000 before 1 March 2024)
    under = r"must be a rating between 1000 and 4000, not 900"
    with pytest.raises(ArgumentError, match=f"'rating' {under}"):
        fide.k_factor(900)
    with pytest.raises(ArgumentError, match=f"'rating' {under}"):
        fide.rating_change(900, [1500], [1.0])
    with pytest.raises(ArgumentError, match=rf"'opponent_ratings\[1\]' {under}"):
        fide.rating_change(1500, [1500, 900], [1.0, 0.0])
    with pytest.raises(ArgumentError, match=rf"'opponent_ratings\[0\]' {under}"):
        fide.unrated_rating([900.0, 1500.0, 1600.0, 1700.0, 1800.0], [1.0, 1.0, 0.5, 0.0, 0.0])
    with pytest.raises(xw.XlwingsError, match=under):
        call("FIDE_K", [[900]], None, None, None, None, None, None)
    assert fide.k_factor(1000) == 20  # the lowest published rating itself is rated
    assert call("FIDE_K", [[1000]], None, None, None, None, None, None) == [[20.0]]


@pytest.mark.parametrize(("system", "rating"), [("ICU", 1.85), ("FIDE", 1850.5)])
def test_a_list_entry_s_fide_or_icu_rating_with_a_fraction_is_a_problem_as_on_a_crosstable(
        system: str, rating: float) -> None:
    # 1.850 typed for 1850 rated an ICU member as 1.85 (a post-event rating of 26)
    club = RatingList(system, {1: Entry(1, rating, 40, k=24), 2: Entry(2, 1700, 40, k=24)})
    with pytest.raises(InputError) as caught:
        rate_season(club, [Event("autumn", dt.date(2024, 10, 5), [(1, 1, 2, 1.0)])])
    assert [str(problem) for problem in caught.value.problems] == [
        f"list entry 1: Rating: {rating!r} is not a whole number; {system} ratings are whole numbers (for "
        "1850 type 1850, not 1.850)"]
    whole = RatingList(system, {1: Entry(1, 1850.0, 40, k=24), 2: Entry(2, 1700, 40, k=24)})
    assert rate_season(whole, [Event("autumn", dt.date(2024, 10, 5), [(1, 1, 2, 1.0)])]).list.rating(1) > 1850


def test_an_event_s_new_player_rated_with_a_fraction_is_a_problem_as_a_list_entry_is() -> None:
    club = RatingList("ICU", {1: Entry(1, 1800, 40, k=24)})
    autumn = Event("autumn", dt.date(2024, 10, 5), [(1, 1, 2, 1.0)], players={2: {"rating": 1.7, "k": 24}})
    with pytest.raises(InputError) as caught:
        rate_season(club, [autumn])
    assert [str(problem) for problem in caught.value.problems] == [
        "event autumn: new player 2: Rating: 1.7 is not a whole number; ICU ratings are whole numbers (for "
        "1850 type 1850, not 1.850)"]


def test_a_list_sheet_s_rating_the_crosstable_refuses_is_refused_at_its_cell_before_it_is_filled() -> None:
    # filled, it was refused only when the crosstable was rated, at the crosstable's cell
    rows: list[list[Any]] = [
        [*COLUMNS[:5], "Rating"],
        ["FIDE", "Standard", dt.date(2024, 1, 1), "1", "A, B", 1850.5],
        ["FIDE", "Standard", dt.date(2024, 1, 1), "2", "C, D", 900],
        ["ICU", "Standard", dt.date(2024, 1, 1), "3", "E, F", 1.85],
        ["ICU", "Standard", dt.date(2024, 1, 1), "4", "G, H", 471],  # the ICU's lists go so low
        ["USCF", "Regular", dt.date(2024, 1, 1), "5", "I, J", 1500.5],  # US Chess keeps fractions
    ]
    with pytest.raises(CrosstableError) as caught:
        read_list_sheet(rows)
    assert [str(problem) for problem in caught.value.problems] == [
        "List!F2: Rating: 1850.5 is not a whole number; FIDE ratings are whole numbers (for 1850 type 1850, "
        "not 1.850)",
        "List!F3: Rating: 900 is under 1000, the lowest rating a FIDE list has published",
        "List!F4: Rating: 1.85 is not a whole number; ICU ratings are whole numbers (for 1850 type 1850, not "
        "1.850)"]
