"""The ICU formulas for one player, the rules' constants and the player types.

Golden numbers come from the ICU rating formulae (its two worked
examples) and from hand working of the ICU rating program, written
out in each test.
"""

from __future__ import annotations

import dataclasses
import doctest
from datetime import date, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xlrating.icu
from xlrating.errors import ArgumentError, RulesError
from xlrating.icu import (
    DEFAULT,
    EDITIONS,
    ICU,
    IcuPlayer,
    IcuRules,
    PlayerKind,
    bonus,
    classify,
    expected_score,
    get_rules,
    k_factor,
    performance,
    provisional_rating,
    rating_change,
)
from xlrating.icu.formulas import k_by_dates, k_rule, publish

# --- the rules as data --------------------------------------------------------------------------


def test_rules_pin_every_constant_to_the_documents() -> None:
    # ICU rating program: "16 if rating >= 2100; else 40 if aged under 21; else 32 if an ICU
    # member for under 8 years; else 24"; "until no estimate moves by 0.1 or more, at most 50 times";
    # bonus "K <= 24, or 4 or fewer games, ... change <= 35 ... 32 + 3(n - 4) ... K >= 40 ... 1.25";
    # ICU rating formulae: provisional below 20 games, +/- 400 in the performance, 10^(D/400).
    assert (ICU.k_high_rating, ICU.k_high) == (2100, 16)
    assert (ICU.junior_age, ICU.k_junior) == (21, 40)
    assert (ICU.new_member_years, ICU.k_new_member) == (8, 32)
    assert ICU.k_standard == 24
    assert ICU.provisional_limit == 20
    assert (ICU.iteration_threshold, ICU.iteration_limit) == (0.1, 50)
    assert (ICU.bonus_max_no_k, ICU.bonus_max_no_games, ICU.bonus_rating_limit) == (24, 4, 2100)
    assert (ICU.bonus_min_change, ICU.bonus_base, ICU.bonus_per_game) == (35, 32, 3)
    assert (ICU.bonus_high_k, ICU.bonus_factor) == (40, 1.25)
    assert (ICU.performance_offset, ICU.scale) == (400, 400)
    # ICU ratings app (app/models/player.rb): a tournament player's rating is an integer greater
    # than 0, so the lowest rating an estimate may publish is 1.
    assert ICU.lowest_rating == 1
    assert ICU.name == "ICU"


def test_get_rules_accepts_the_name_in_any_case_or_a_rules_object() -> None:
    assert get_rules("ICU") is ICU
    assert get_rules(" icu ") is ICU
    custom = dataclasses.replace(ICU, iteration_limit=1)
    assert get_rules(custom) is custom


def test_no_rules_means_the_default_edition_and_names_ignore_case_and_spacing() -> None:
    # Every engine: rules=None is DEFAULT (the newest edition's rules, here the one ICU edition).
    assert get_rules() is get_rules(None) is DEFAULT is ICU
    assert EDITIONS == {"ICU": ICU}
    assert get_rules(" I c U ") is ICU
    with pytest.raises(RulesError, match=r"^Argument 'edition' must be one of 'ICU', not 'FIDE'"):
        get_rules("FIDE", "edition")


@pytest.mark.parametrize("name", ["FIDE", "ICU 2012", "", 3])
def test_unknown_edition_is_a_rules_error_naming_it(name: object) -> None:
    with pytest.raises(RulesError, match=r"Argument 'rules' must be one of 'ICU', not"):
        get_rules(name)
    with pytest.raises(RulesError):
        expected_score(1500, 1500, rules=name)  # type: ignore[arg-type]


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        ICU.k_high = 10  # type: ignore[misc]
    assert isinstance(ICU, IcuRules)


# --- the formulae's worked examples -----------------------------------------------------------------


def test_formulae_elo_example() -> None:
    # ICU rating formulae, "Elo Formulae" example: 2000 with K 40 beats a 2000 and draws with a 2200:
    # 2000 + 40 x (1.5 - 1/(1 + 1) - 1/(1 + 3.162)) = 2000 + 40 x (1.5 - 0.740) = 2000 + 30.4 = 2030.
    assert expected_score(2000, 2000) == 0.5
    assert round(expected_score(2000, 2200), 3) == 0.240
    change = rating_change(2000, [2000, 2200], [1, 0.5], k=40)
    assert round(change, 1) == 30.4
    assert publish(2000 + change) == 2030
    assert rating_change(2000, [2000, 2200], ["W", "D"], k=40) == change


def test_formulae_provisional_example() -> None:
    # ICU rating formulae, "Performance Ratings" example: provisional 1000 after 10 games beats a 1000
    # and draws with a 1200: Re = (1400 + 1200)/2 = 1300;
    # R = (1000 x 10 + 1300 x 2)/(10 + 2) = 12600/12 = 1050.
    assert performance([1000, 1200], [1, 0.5]) == 1300
    assert provisional_rating(1000, 10, [1000, 1200], [1, 0.5]) == 1050
    assert provisional_rating(1000, 10, [1000, 1200], ["w", "d"]) == 1050


def test_expected_score_has_no_cap() -> None:
    # ICU rating program: "no cap on the rating difference": 800 points is 1/(1 + 10^2) = 1/101,
    # not the 400-point cap's 1/(1 + 10) = 1/11.
    assert expected_score(1200, 2000) == pytest.approx(1 / 101)
    assert expected_score(2000, 1200) == pytest.approx(100 / 101)


def test_provisional_with_no_prior_games_is_the_performance() -> None:
    # (Ro x 0 + Re x Ge)/(0 + Ge) = Re = ((1600 - 400) + 1800)/2 = 1500.
    assert provisional_rating(None, 0, [1600, 1800], [0, 0.5]) == 1500


def test_publish_rounds_halves_away_from_zero() -> None:
    assert [publish(x) for x in (2030.4, 2030.5, 2030.6, 22.5, -4.5, -4.4)] == [2030, 2031, 2031, 23, -5, -4]


# --- K factor -----------------------------------------------------------------------------------

START = date(2024, 6, 1)


def test_k_16_from_2100_needs_nothing_else() -> None:
    assert k_factor(2100) == 16
    assert k_factor(2350, birth_date=date(2010, 1, 1), start_date=START) == 16


def test_k_40_under_21_at_the_start() -> None:
    # Born 2 June 2003: 20 on 1 June 2024 (the 21st birthday is the next day) -> 40.
    assert k_factor(2099, birth_date=date(2003, 6, 2), start_date=START) == 40
    # Born 1 June 2003: 21 on the start date -> not a junior; member since 2020 (4 years) -> 32.
    assert k_factor(1800, birth_date=date(2003, 6, 1), joined=date(2020, 1, 1), start_date=START) == 32


def test_k_32_member_under_8_years_else_24() -> None:
    adult = date(1980, 1, 1)
    # Joined 2 June 2016: 7 whole years on 1 June 2024 -> 32; joined 1 June 2016: 8 years -> 24.
    assert k_factor(1800, birth_date=adult, joined=date(2016, 6, 2), start_date=START) == 32
    assert k_factor(1800, birth_date=adult, joined=date(2016, 6, 1), start_date=START) == 24
    noon = datetime(1980, 1, 1, 12)
    assert k_factor(1800, birth_date=noon, joined=date(2000, 1, 1), start_date=START) == 24


@pytest.mark.parametrize(
    ("kwargs", "missing"),
    [
        ({"birth_date": date(1980, 1, 1), "joined": date(2000, 1, 1)}, "start_date"),
        ({"joined": date(2000, 1, 1), "start_date": START}, "birth_date"),
        ({"birth_date": date(1980, 1, 1), "start_date": START}, "joined"),
    ],
)
def test_k_names_the_missing_date(kwargs: dict[str, Any], missing: str) -> None:
    with pytest.raises(ArgumentError, match=rf"Argument '{missing}' is needed"):
        k_factor(1800, **kwargs)


def test_k_junior_needs_no_joining_date_and_bad_dates_are_named() -> None:
    assert k_factor(1500, birth_date=date(2012, 1, 1), start_date=START) == 40
    with pytest.raises(ArgumentError, match=r"'birth_date' must be before the event's start"):
        k_factor(1500, birth_date=date(2025, 1, 1), start_date=START)
    with pytest.raises(ArgumentError, match=r"Argument 'birth_date' must be a date, not '2001-01-01'"):
        k_factor(1500, birth_date="2001-01-01", start_date=START)  # type: ignore[arg-type]


def test_k_by_dates_is_k_rule_at_every_birthday_and_anniversary() -> None:
    # The comparisons of dates that a large event's K takes give k_rule's K, or None where
    # k_rule raises; around each threshold's day, and from 29 February and 1 March.
    rules = get_rules("ICU")
    dates = [None] + [date(y, m, d) for y in (1999, 2000, 2003, 2004, 2011, 2012, 2016, 2017)
                      for m, d in ((2, 28), (2, 29), (3, 1), (5, 31), (6, 1), (6, 2))
                      if not (m == 2 and d == 29 and y % 4)]
    for start in (START, date(2024, 2, 29), date(2025, 2, 28), date(2025, 3, 1), date(2020, 2, 29)):
        k = k_by_dates(start, rules)
        for rating in (1500.0, 2100.0):
            for born in dates:
                for joined in dates:
                    try:
                        expected: float | None = k_rule(rating, born, joined, start, rules)[0]
                    except ArgumentError:
                        expected = None
                    assert k(rating, born, joined) == expected, (start, rating, born, joined)


# --- bonus: every condition, with the arithmetic ------------------------------------------------
# Base case: rating 1500, change 60, 6 games, K 32, performance 1800.
# threshold = 32 + 3 x (6 - 4) = 38; bonus = round(60 - 38) = 22; K < 40: no factor;
# 1500 + 60 + 22 = 1582 < 2100 and < 1800: no cap -> 22.


def test_bonus_base_case() -> None:
    assert bonus(1500, 60, 6, 32, 1800) == 22


def test_bonus_none_if_k_at_most_24() -> None:
    assert bonus(1500, 60, 6, 24, 1800) == 0
    # K 25: the base case's 22 (25 < 40, no factor).
    assert bonus(1500, 60, 6, 25, 1800) == 22


def test_bonus_none_with_4_games_or_fewer() -> None:
    assert bonus(1500, 60, 4, 32, 1800) == 0
    # 5 games: threshold 32 + 3 x 1 = 35; round(60 - 35) = 25.
    assert bonus(1500, 60, 5, 32, 1800) == 25


def test_bonus_none_if_rated_2100_or_more() -> None:
    assert bonus(2100, 60, 6, 32, 2500) == 0


def test_bonus_none_if_change_at_most_35() -> None:
    assert bonus(1500, 35, 5, 32, 1800) == 0
    # change 35.5 with 5 games: round(35.5 - 35) = round(0.5) = 1 (halves away from zero).
    assert bonus(1500, 35.5, 5, 32, 1800) == 1


def test_bonus_none_if_rating_plus_change_reaches_2100() -> None:
    assert bonus(2040, 60, 6, 32, 2500) == 0  # 2040 + 60 = 2100
    # 2039 + 60 = 2099: bonus round(60 - 38) = 22, then 2099 + 22 >= 2100: round(2100 - 2039 - 60) = 1.
    assert bonus(2039, 60, 6, 32, 2500) == 1


def test_bonus_factor_1_25_from_k_40() -> None:
    # change 56: round(56 - 38) = 18; K 40: round(1.25 x 18) = round(22.5) = 23 (halves away from zero).
    assert bonus(1500, 56, 6, 40, 1800) == 23
    # K 39: no factor, 18.
    assert bonus(1500, 56, 6, 39, 1800) == 18


def test_bonus_cap_2100() -> None:
    # 2030 + 60 = 2090 < 2100, bonus 22: 2090 + 22 = 2112 >= 2100 -> round(2100 - 2030 - 60) = 10.
    assert bonus(2030, 60, 6, 32, 2500) == 10


def test_bonus_cap_performance() -> None:
    # 1500 + 60 + 22 = 1582 >= 1570 -> round(1570 - 1500 - 60) = 10.
    assert bonus(1500, 60, 6, 32, 1570) == 10
    # fractional change 60.4: round(22.4) = 22; 1582.4 >= 1570 -> round(1570 - 1560.4) = round(9.6) = 10.
    assert bonus(1500, 60.4, 6, 32, 1570) == 10
    # performance 1582 = 1500 + 60 + 22 exactly: ">=" applies, round(1582 - 1560) = 22.
    assert bonus(1500, 60, 6, 32, 1582) == 22


def test_bonus_none_if_the_cap_leaves_nothing() -> None:
    # performance 1555 below rating + change: 1582 >= 1555 -> round(1555 - 1560) = -5 <= 0 -> none.
    assert bonus(1500, 60, 6, 32, 1555) == 0
    # performance 1560.4: 1582 >= 1560.4 -> round(1560.4 - 1500 - 60) = round(0.4) = 0 -> none.
    assert bonus(1500, 60, 6, 32, 1560.4) == 0


def test_bonus_caps_apply_in_turn() -> None:
    # rating 2000, change 80, 8 games, K 40, performance 2090.
    # threshold 32 + 3 x 4 = 44; round(80 - 44) = 36; x 1.25 = 45.
    # 2100: 2080 + 45 = 2125 >= 2100 -> round(2100 - 2080) = 20;
    # performance: 2080 + 20 = 2100 >= 2090 -> round(2090 - 2080) = 10.
    assert bonus(2000, 80, 8, 40, 2090) == 10


def test_bonus_is_zero_when_change_minus_threshold_rounds_to_nothing() -> None:
    # change 36, 6 games: round(36 - 38) = -2, no cap reached, <= 0 -> none.
    assert bonus(1500, 36, 6, 40, 1800) == 0


# --- player types -------------------------------------------------------------------------------


def test_classify_follows_the_workbook_reading() -> None:
    born, joined = date(1990, 1, 1), date(2010, 1, 1)
    assert classify(1800, None, 24) is PlayerKind.RATED
    assert classify(1800, None, None, born, joined) is PlayerKind.RATED
    assert classify(1800, 12) is PlayerKind.PROVISIONAL
    assert classify(1800, 19, None, born, joined) is PlayerKind.PROVISIONAL
    assert classify(1800) is PlayerKind.FOREIGN
    assert classify(None) is PlayerKind.UNRATED
    assert classify(None, 0, None, born, joined) is PlayerKind.UNRATED


def test_classify_decided_combinations() -> None:
    # 20 or more games: rated (a 2100+ player needs no age; below that K needs the dates when rated).
    assert classify(2200, 20) is PlayerKind.RATED
    assert classify(1800, 150) is PlayerKind.RATED
    # A birth date or a joining date alone marks an ICU member: rated.
    assert classify(1800, None, None, date(2010, 1, 1)) is PlayerKind.RATED
    assert classify(1800, None, None, None, date(2010, 1, 1)) is PlayerKind.RATED


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((None, None, 24), r"Argument 'k' needs a rating"),
        ((None, 5), r"Argument 'games' needs a rating"),
        ((1800, 10, 24), r"Arguments 'k' and 'games' cannot both be given"),
        ((1800, 0), r"Argument 'games' must be 1 or more"),
        (("1800",), r"Argument 'rating' must be a number, not '1800'"),
        ((1800, 2.5), r"Argument 'games' must be a whole number >= 0, not 2.5"),
        ((1800, None, 0), r"Argument 'k' must be a number > 0, not 0"),
    ],
)
def test_classify_refuses_contradictions(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        classify(*args)  # type: ignore[arg-type]


def test_icu_player_checks_its_fields_and_names_the_player() -> None:
    assert IcuPlayer(1, "rated", 1800, k=24).kind is PlayerKind.RATED  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"Player 3: an unrated player has no rating, not 1800"):
        IcuPlayer(3, PlayerKind.UNRATED, 1800)
    with pytest.raises(ArgumentError, match=r"Player 4: a provisional player needs the games"):
        IcuPlayer(4, PlayerKind.PROVISIONAL, 1500)
    with pytest.raises(ArgumentError, match=r"Player 5: a rated player needs a rating"):
        IcuPlayer(5, PlayerKind.RATED, k=24)
    with pytest.raises(ArgumentError, match=r"Player 6: Argument 'k' must be a number > 0, not -16"):
        IcuPlayer(6, PlayerKind.RATED, 1800, k=-16)
    with pytest.raises(ArgumentError, match=r"Player 7: a foreign player has a rating only"):
        IcuPlayer(7, PlayerKind.FOREIGN, 2400, k=10)
    with pytest.raises(ArgumentError, match=r"Argument 'kind' must be one of"):
        IcuPlayer(8, "established", 1800)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"Player 0: Argument 'number' must be a whole number >= 1"):
        IcuPlayer(0, PlayerKind.UNRATED)


# --- bad input ----------------------------------------------------------------------------------


def test_a_result_that_is_not_a_result() -> None:
    with pytest.raises(ArgumentError, match=r"Argument 'results\[1\]' must be a result .*, not 'X'"):
        rating_change(2000, [2000, 2200], [1, "X"], k=40)
    with pytest.raises(ArgumentError, match=r"Argument 'results\[0\]' must be a result .*, not 0.7"):
        performance([2000], [0.7])
    with pytest.raises(ArgumentError, match=r"Argument 'results' must be a sequence of results, not 'WD'"):
        provisional_rating(1000, 10, [1000, 1200], "WD")


def test_different_lengths() -> None:
    with pytest.raises(ArgumentError, match=r"'opponent_ratings' and 'results' must have the same length, "
                                            r"not 2 and 1"):
        rating_change(2000, [2000, 2200], [1], k=40)
    with pytest.raises(ArgumentError, match=r"same length, not 1 and 2"):
        provisional_rating(1000, 10, [1000], [1, 0])


@pytest.mark.parametrize("k", [0, -40, float("nan"), "40", None])
def test_k_that_is_not_positive(k: object) -> None:
    with pytest.raises(ArgumentError, match=r"Argument 'k' must be"):
        rating_change(2000, [2000], [1], k=k)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"Argument 'k' must be"):
        bonus(1500, 60, 6, k, 1800)  # type: ignore[arg-type]


def test_other_bad_arguments_are_named() -> None:
    with pytest.raises(ArgumentError, match=r"Argument 'opponent_ratings\[1\]' must be a rating between 0 "
                                            r"and 4000, not -5"):
        performance([1500, -5], [1, 0])
    with pytest.raises(ArgumentError, match=r"must hold at least one game"):
        performance([], [])
    with pytest.raises(ArgumentError, match=r"Argument 'prior_games' must be a whole number >= 0, not -1"):
        provisional_rating(1000, -1, [1000], [1])
    with pytest.raises(ArgumentError, match=r"Argument 'prior_rating' must be a number, not None"):
        provisional_rating(None, 5, [1000], [1])
    with pytest.raises(ArgumentError, match=r"Argument 'games' must be a whole number >= 0, not 5.5"):
        bonus(1500, 60, 5.5, 32, 1800)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"Argument 'opponent_rating' must be a rating"):
        expected_score(1500, 5000)


# --- properties ---------------------------------------------------------------------------------

ratings = st.floats(min_value=0, max_value=3500, allow_nan=False)
results = st.sampled_from([0.0, 0.5, 1.0])


@settings(max_examples=60)
@given(ratings)
def test_fifty_percent_against_one_opponent_performs_at_that_rating(opponent: float) -> None:
    assert performance([opponent], [0.5]) == pytest.approx(opponent)
    # also a win and a loss against that opponent: ((R + 400) + (R - 400))/2 = R.
    assert performance([opponent, opponent], [1, 0]) == pytest.approx(opponent)


@settings(max_examples=60)
@given(ratings, ratings)
def test_expected_scores_of_two_players_sum_to_one(a: float, b: float) -> None:
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1.0)


@settings(max_examples=60)
@given(ratings, st.lists(st.tuples(ratings, results), min_size=1, max_size=9), st.data(),
       st.floats(min_value=1, max_value=60))
def test_a_win_never_lowers_a_change(
    rating: float, games: list[tuple[float, float]], data: st.DataObject, k: float
) -> None:
    opponents = [o for o, _ in games]
    scores = [s for _, s in games]
    i = data.draw(st.integers(0, len(games) - 1))
    better = [*scores[:i], 1.0, *scores[i + 1:]]
    before = rating_change(rating, opponents, scores, k=k)
    assert rating_change(rating, opponents, better, k=k) >= before
    assert performance(opponents, better) >= performance(opponents, scores)


# --- the documented example runs ----------------------------------------------------------------


def test_package_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(xlrating.icu, raise_on_error=False)
    assert tried > 0
    assert failures == 0
