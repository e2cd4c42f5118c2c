"""The shared argument checks: every bad value is refused with its argument's name."""

import datetime as dt
import math

import pytest

from xlrating import _check
from xlrating.errors import ArgumentError, XlratingError


def test_whole_accepts_excel_floats_and_refuses_negatives() -> None:
    assert _check.whole("games", 12.0) == 12
    with pytest.raises(ArgumentError, match=r"Argument 'games' must be a whole number >= 0, not -3"):
        _check.whole("games", -3)
    for bad in (2.5, "3", True, None, math.nan):
        with pytest.raises(ArgumentError, match="'games'"):
            _check.whole("games", bad)


def test_all_whole_holds_only_values_whole_takes_as_they_are() -> None:
    assert _check.all_whole([]) and _check.all_whole([0, 3, _check.MAX_COUNT])
    assert _check.all_whole([1, 2], low=1) and not _check.all_whole([0, 2], low=1)
    for values in ([1, 2.0], [True], [-1], [_check.MAX_COUNT + 1], [1, "2"], [None]):
        assert not _check.all_whole(values), values
    for value in (0, 3, _check.MAX_COUNT):
        assert _check.whole("value", value) is value


def test_dates_per_player_are_dates_for_numbers_only() -> None:
    day = dt.date(2025, 3, 1)
    assert _check.dates_per_player("dates", (day, dt.datetime(2025, 3, 2, 10)), 2, False) == [
        day, dt.date(2025, 3, 2)]
    with pytest.raises(ArgumentError, match=r"Argument 'dates': several events .* numbers only"):
        _check.dates_per_player("dates", [day, day], 2, True)
    with pytest.raises(ArgumentError, match=r"Argument 'dates' must give a date for each player \(2\)"):
        _check.dates_per_player("dates", [day], 2, False)
    with pytest.raises(ArgumentError, match=r"dates\[1\]"):
        _check.dates_per_player("dates", [day, "2025-03-01"], 2, False)


@pytest.mark.parametrize("bad", [math.inf, -math.inf, math.nan, "1500", None, True, -1, 5000])
def test_rating_refuses_non_finite_text_and_out_of_range(bad: object) -> None:
    with pytest.raises(ArgumentError, match="'rating'"):
        _check.rating("rating", bad)


def test_results_accept_numbers_and_letters() -> None:
    assert _check.results("results", [1, 0.5, 0, "W", "d", " L ", "="]) == (1, 0.5, 0, 1, 0.5, 0, 0.5)
    with pytest.raises(ArgumentError, match=r"results\[1\]"):
        _check.results("results", [1, "X"])
    with pytest.raises(ArgumentError, match="'results'"):
        _check.results("results", "WDL")


def test_score_must_fit_the_games() -> None:
    assert _check.score("score", 2.5, 3) == 2.5
    with pytest.raises(ArgumentError, match="number of games"):
        _check.score("score", 4, 3)
    with pytest.raises(ArgumentError, match="half points"):
        _check.score("score", 1.3, 3)


def test_same_length_names_both_arguments() -> None:
    with pytest.raises(ArgumentError, match=r"'opponents' and 'results'.*3 and 2"):
        _check.same_length(("opponents", "results"), (1, 2, 3), (1, 0))


def test_choice_is_case_insensitive_and_canonical() -> None:
    assert _check.choice("system", " quick ", ("Regular", "Quick")) == "Quick"
    with pytest.raises(ArgumentError, match="one of 'Regular', 'Quick'"):
        _check.choice("system", "Rapid", ("Regular", "Quick"))


def test_argument_error_is_a_value_error_and_an_xlrating_error() -> None:
    error = _check.fail("x", "a number", "y")
    assert isinstance(error, ValueError)
    assert isinstance(error, XlratingError)


def test_whole_refuses_counts_too_large_to_be_real() -> None:
    # 1e308 games is a typing slip, and would overflow the arithmetic downstream.
    assert _check.whole("games", 10**9) == 10**9
    with pytest.raises(ArgumentError, match=r"'games' must be a whole number from 0 to 1,000,000,000"):
        _check.whole("games", 1e308)


def test_unique_lists_every_repeated_number_once() -> None:
    _check.unique("players", [3, 1, 2])
    _check.unique("players", [])
    with pytest.raises(XlratingError, match=r"'players' must be unique; given more than once: 2, 7$"):
        _check.unique("players", [7, 2, 5, 2, 7, 7])


@pytest.mark.parametrize("value, expected",
                         [(True, True), (False, False), (None, False), (1, True), (0.0, False)])
def test_flag_takes_true_false_none_and_0_or_1(value: object, expected: bool) -> None:
    assert _check.flag("adult", value) is expected


@pytest.mark.parametrize("value", ["no", "False", "", "yes", 2, 0.5, [], float("nan")])
def test_flag_refuses_text_and_other_numbers(value: object) -> None:
    # "no" and "False" are not empty, so bool() would have read them as true.
    with pytest.raises(ArgumentError, match="Argument 'adult' must be True or False"):
        _check.flag("adult", value)


def test_every_us_chess_yes_or_no_argument_refuses_text() -> None:
    from xlrating import uscf
    from xlrating.model import Game

    players = [uscf.UscfPlayer(1, 1500.0, 30), uscf.UscfPlayer(2, 1600.0, 30)]
    calls = {
        "adult of player 1": lambda: uscf.UscfPlayer(1, adult="no"),
        "dual_rated": lambda: uscf.rate_event(players, [Game(1, 1, 2, 1.0)], dual_rated="no"),
        "repeated_opponent": lambda: uscf.standard_rating(1500, 20, [1600], 1, repeated_opponent="no"),
        "bonus": lambda: uscf.standard_rating(1500, 20, [1600], 1, bonus="no"),
        "youth": lambda: uscf.fide_event_update(1500, 30, [1600], [1], youth="no"),
        "adult": lambda: uscf.initial_rating(birth_date=None, adult="no"),
    }
    for name, call in calls.items():
        with pytest.raises(ArgumentError, match=f"Argument '{name}' must be True or False, not 'no'"):
            call()


def test_the_other_us_chess_yes_or_no_arguments_refuse_text() -> None:
    # age_based_rating read adult as bool("no"), true (1300 for a player without a birth date),
    # and fide_event_opponent_rating read youth so (the youth conversion).
    import datetime as dt

    from xlrating import uscf

    calls = {
        "adult": [lambda: uscf.age_based_rating(adult="no"),
                  lambda: uscf.age_based_rating(birth_date=dt.date(2010, 1, 1), adult="no")],
        "youth": [lambda: uscf.fide_event_opponent_rating(1800, youth="no")],
    }
    for name, tries in calls.items():
        for call in tries:
            with pytest.raises(ArgumentError, match=f"Argument '{name}' must be True or False, not 'no'"):
                call()
    assert uscf.age_based_rating(adult=False) is None
    assert uscf.fide_event_opponent_rating(1800, youth=0) == uscf.fide_event_opponent_rating(1800)


def test_age_based_rating_checks_its_end_date_without_a_birth_date_too() -> None:
    from xlrating import uscf

    with pytest.raises(ArgumentError, match="Argument 'end_date' must be a date, not '2024-05-01'"):
        uscf.age_based_rating(end_date="2024-05-01", adult=True)


def test_a_result_too_large_for_a_float_is_refused_by_name() -> None:
    # float(10**400) raised a raw OverflowError.
    with pytest.raises(ArgumentError, match=r"Argument 'results\[0\]' must be a result"):
        _check.results("results", [10**400])


@pytest.mark.parametrize("value", [None, 5, 2.5, "", "1"])
def test_sequence_refuses_text_and_what_is_not_a_sequence(value: object) -> None:
    with pytest.raises(ArgumentError, match="Argument 'changes' must be a sequence of changes, not"):
        _check.sequence("changes", value, "changes")


def test_sequence_takes_any_iterable_as_a_tuple() -> None:
    assert _check.sequence("changes", iter([1, None]), "changes") == (1, None)
