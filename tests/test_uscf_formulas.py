"""Effective games, expectancies, K, the bonus and B (US Chess 2020, 3, 4.1 and 4.2).

Golden numbers: the documents' worked examples (N' = 20.0 and 26.7, the K table) and
the formulas evaluated by hand.
"""

import datetime as dt
import math
from collections.abc import Callable

import pytest

from xlrating.errors import ArgumentError, RulesError
from xlrating.uscf import (
    bonus_amount,
    bonus_multiplier,
    effective_games,
    k_factor,
    nstar,
    provisional_winning_expectancy,
    special_rating,
    standard_rating,
    winning_expectancy,
)


def test_effective_games_2020_example() -> None:
    # 2020 section 3: R0 = 1700, N = 30: N* = 50/sqrt(6.24) = 20.0, N' = min(30, 20.0) = 20.0.
    assert round(effective_games(1700, 30), 1) == 20.0
    assert nstar(1700) == pytest.approx(50 / math.sqrt(0.662 + 0.00000739 * 869**2))


@pytest.mark.parametrize("rules", ["2009", "2011"])
def test_effective_games_2009_2011_example(rules: str) -> None:
    # 2009/2011 section 2.1: N* = 50/sqrt(3.5) = 26.7, N' = min(30, 26.7) = 26.7.
    assert round(effective_games(1700, 30, rules=rules), 1) == 26.7
    assert effective_games(1700, 30, rules=rules) == pytest.approx(50 / math.sqrt(3.5))


def test_effective_games_is_n_when_smaller_and_50_above_the_cutoff() -> None:
    assert effective_games(1700, 12) == 12
    assert effective_games(2356, 400) == 50  # R0 > 2355
    assert effective_games(2355, 400) == pytest.approx(50 / math.sqrt(0.662 + 0.00000739 * 214**2))
    assert effective_games(2201, 400, rules="2009") == 50  # R0 > 2200
    assert effective_games(2200, 400, rules="2009") == 50  # 50/sqrt(1 + 0)
    assert effective_games(1700, None) == pytest.approx(nstar(1700))  # established, N unknown


# 2020 section 4.2 and 2009 section 2.3: the K table.
K_TABLE = [(6, 4, 80), (6, 6, 66.67), (6, 10, 50), (20, 4, 33.33), (20, 6, 30.77), (20, 10, 26.67),
           (50, 4, 14.81), (50, 6, 14.29), (50, 10, 13.33)]


@pytest.mark.parametrize("rules", ["2009", "2011", "2020"])
@pytest.mark.parametrize(("n", "m", "k"), K_TABLE)
def test_k_table(n: float, m: int, k: float, rules: str) -> None:
    assert round(k_factor(n, m, rules=rules), 2) == k


def test_dual_rated_k_2020() -> None:
    # 2020 section 4.2: 800(6.5 - 0.0025 R)/(N' + m) for 2200 < R < 2500, 200/(N' + m) from 2500.
    assert k_factor(20, 5, regular_rating=2300, dual_rated=True) == pytest.approx(800 * (6.5 - 5.75) / 25)
    assert k_factor(20, 5, regular_rating=2500, dual_rated=True) == pytest.approx(200 / 25)
    assert k_factor(20, 5, regular_rating=2200, dual_rated=True) == 800 / 25  # not above 2200
    assert k_factor(20, 5, regular_rating=2300, dual_rated=False) == 800 / 25
    assert k_factor(20, 5, dual_rated=True) == 800 / 25  # no Regular rating known


@pytest.mark.parametrize("rules", ["2009", "2011"])
def test_dual_rated_k_does_not_exist_before_2020(rules: str) -> None:
    assert k_factor(20, 5, regular_rating=2400, dual_rated=True, rules=rules) == 800 / 25


def test_provisional_winning_expectancy() -> None:
    # 2020 section 4.1: 0 at or below Ri - 400, 1 at or above Ri + 400, else 0.5 + (R - Ri)/800.
    assert provisional_winning_expectancy(1100, 1500) == 0
    assert provisional_winning_expectancy(1000, 1500) == 0
    assert provisional_winning_expectancy(1900, 1500) == 1
    assert provisional_winning_expectancy(1700, 1500) == 0.75
    assert provisional_winning_expectancy(1400, 1500) == 0.375


def test_winning_expectancy() -> None:
    # 2020 section 4.2: 1/(1 + 10^(-(R - Ri)/400)).
    assert winning_expectancy(1500, 1500) == 0.5
    assert winning_expectancy(1900, 1500) == pytest.approx(1 / 1.1)
    assert winning_expectancy(1500, 1900) == pytest.approx(1 / 11)


def test_bonus_amount() -> None:
    # max(0, K(S - E) - B sqrt(m')), m' = max(m, 4): K = 40, S = 3, E = 1, m = 3, B = 14:
    # 80 - 14 * 2 = 52.
    assert bonus_amount(40, 3, 1, 3) == pytest.approx(52)
    # m = 9, B = 6 (2009): 80 - 6 * 3 = 62.
    assert bonus_amount(40, 5, 3, 9, rules="2009") == pytest.approx(62)
    assert bonus_amount(40, 5, 3, 9, bonus_multiplier=30) == 0


@pytest.mark.parametrize(
    ("end", "b"),
    [(dt.date(2008, 6, 1), 6), (dt.date(2011, 11, 3), 6), (dt.date(2014, 3, 18), 8),
     (dt.date(2014, 3, 19), 10),
     (dt.date(2017, 4, 30), 12), (dt.date(2017, 5, 1), 14), (dt.date(2020, 6, 11), 14),
     (dt.date(2023, 1, 31), 14), (dt.date(2023, 2, 1), 12), (dt.date(2024, 12, 31), 12),
     (dt.date(2025, 1, 1), 10), (dt.datetime(2026, 3, 1, 12, 0), 10)],
)
def test_bonus_multiplier_by_end_date(end: dt.date, b: float) -> None:
    # US Chess announcements of the bonus multiplier B over time (see xlrating.uscf.bonus).
    assert bonus_multiplier(end) == b


@pytest.mark.parametrize(
    ("end", "words"),
    [(dt.date(2012, 5, 1), "6 or 8"), (dt.date(2014, 3, 17), "6 or 8"), (dt.date(2015, 1, 1), "10 or 12"),
     (dt.date(2017, 4, 29), "10 or 12"), (dt.date(2008, 5, 31), "before June 2008")],
)
def test_bonus_multiplier_unknown_windows_say_what_is_possible(end: dt.date, words: str) -> None:
    with pytest.raises(ArgumentError, match=words) as info:
        bonus_multiplier(end)
    assert "set B" in str(info.value)


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: effective_games(1700, -3), "'games'"),
        (lambda: effective_games(float("nan"), 3), "'rating'"),
        (lambda: effective_games(1700, 3.5), "'games'"),  # type: ignore[arg-type]
        (lambda: effective_games(1700, 30, rules="1999"), "'rules'"),
        (lambda: k_factor(0, 0), "effective_games"),
        (lambda: k_factor(-1, 4), "'effective_games'"),
        (lambda: bonus_amount(40, 5, 3, 4), "'score'"),
        (lambda: bonus_amount(40, 2, 5, 4), "'expected_score'"),
        (lambda: bonus_multiplier("2020-01-01"), "'end_date'"),  # type: ignore[arg-type]
        (lambda: winning_expectancy(float("inf"), 1500), "'rating'"),
    ],
)
def test_bad_arguments_name_argument_and_value(call: object, argument: str) -> None:
    with pytest.raises(ArgumentError, match=argument):
        call()  # type: ignore[operator]


def test_unknown_edition_is_a_rules_error() -> None:
    with pytest.raises(RulesError):
        k_factor(20, 4, rules="2012")


@pytest.mark.parametrize("function", [winning_expectancy, provisional_winning_expectancy])
def test_expectancies_refuse_ratings_that_are_no_ratings(function: Callable[[float, float], float]) -> None:
    # 5e15 once overflowed 10 ** x deep inside; now the argument is named.
    with pytest.raises(ArgumentError, match="'opponent' must be a rating"):
        function(1500, 5e15)


@pytest.mark.parametrize("rules", ["2009", "2011", "2020"])
def test_effective_games_above_what_n_star_allows_are_refused(rules: str) -> None:
    # US Chess 2020, 3 ("N' can be no larger than 50"; 2009 and 2011, 2.1, the same ceiling): an N'
    # of 51 or more is no player's, most often a game count N given for N'. K = 800/(N' + m) would
    # have been a smaller K without a word, and the special formula would have found no solution.
    shown = ("Argument 'effective_games' must be at most 50, the most effective games N' = min(N, N*) "
             "can be, not 120")
    for call in (lambda: k_factor(120, 4, rules=rules),
                 lambda: standard_rating(1500, 120, [1500, 1600], 1.5, rules=rules),
                 lambda: special_rating(1500, 120, [1500, 1600], 1.5, rules=rules)):
        with pytest.raises(ArgumentError) as error:
            call()
        assert str(error.value) == shown
    # The ceiling itself is every established player's N' above N*'s cutoff: 800/(50 + 4).
    assert k_factor(50, 4, rules=rules) == 800 / 54
    assert k_factor(nstar(3000, rules=rules), 4, rules=rules) == 800 / 54
