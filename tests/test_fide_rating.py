"""FIDE rated players: rule editions, K, rating change (FIDE Handbook 10.5, 2024 regulations).

Every expected number below is worked by hand from table (b) of FIDE Handbook 10.1 and the
rules (FIDE Handbook 10.5; FIDE Rating Regulations 2024); the working is written next to each.
"""

from datetime import date
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.errors import ArgumentError, RulesError
from xlrating.fide import DEFAULT, FIDE_2024, HANDBOOK, get_rules, k_factor, rating_change


def test_handbook_constants_are_the_handbooks() -> None:
    # 10.51: "more than 350 points ... as though it were a difference of 350 points".
    assert HANDBOOK.cap == 350 and HANDBOOK.cap_exempt_rating is None
    # 10.52: K = 25 until 30 games, 15 under 2400, 10 once 2400 has been reached.
    assert (HANDBOOK.k_new, HANDBOOK.k_new_games, HANDBOOK.k_standard, HANDBOOK.k_top) == (25, 30, 15, 10)
    assert HANDBOOK.k_top_rating == 2400
    assert HANDBOOK.k_junior is None and HANDBOOK.k_games_limit is None
    # 10.21 under one point disregarded; 10.23 12.5 per half point; 10.31/10.33 the 1401 floor.
    assert HANDBOOK.disregard_first_below == 1
    assert HANDBOOK.plus_score_step == Fraction(25, 2)
    assert HANDBOOK.rating_floor == 1401 and HANDBOOK.floor_ignores_first_results
    assert HANDBOOK.hypothetical_opponents == 0 and HANDBOOK.unrated_max is None
    # 10.53: the new rating is rounded; 10.54: round robins, one re-computation, 350 points.
    assert HANDBOOK.round_new_rating and not HANDBOOK.round_change
    assert HANDBOOK.round_robin_procedure and HANDBOOK.round_robin_passes == 1
    assert HANDBOOK.round_robin_distance == 350


def test_2024_constants_are_the_regulations() -> None:
    assert FIDE_2024.cap == 400 and FIDE_2024.cap_exempt_rating == 2650
    assert FIDE_2024.cap_exempt_from == date(2025, 10, 1)
    assert (FIDE_2024.k_new, FIDE_2024.k_new_games, FIDE_2024.k_standard, FIDE_2024.k_top) == (40, 30, 20, 10)
    assert (FIDE_2024.k_junior, FIDE_2024.k_junior_age, FIDE_2024.k_junior_below) == (40, 18, 2300)
    assert FIDE_2024.k_games_limit == 700
    assert not FIDE_2024.k_top_needs_games and HANDBOOK.k_top_needs_games
    assert FIDE_2024.round_change and not FIDE_2024.round_new_rating
    assert (FIDE_2024.hypothetical_opponents, FIDE_2024.hypothetical_rating) == (2, 1800)
    assert FIDE_2024.min_rated_games == 5 and FIDE_2024.unrated_max == 2200 and FIDE_2024.rating_floor == 1400
    assert FIDE_2024.disregard_first_below == Fraction(1, 2)  # "a score of zero ... is disregarded"
    assert not FIDE_2024.round_robin_procedure


@pytest.mark.parametrize("name", ["handbook", "FIDE handbook", " fide  HANDBOOK "])
def test_get_rules_handbook(name: str) -> None:
    assert get_rules(name) is HANDBOOK


@pytest.mark.parametrize("name", ["2024", "FIDE 2024", "fide 2024"])
def test_get_rules_2024(name: str) -> None:
    assert get_rules(name) is FIDE_2024
    assert get_rules(FIDE_2024) is FIDE_2024


@pytest.mark.parametrize("name", ["2024", "FIDE 2024", "  fide   2024 ", None])
def test_get_rules_none_and_any_spelling_give_the_newest_edition(name: str | None) -> None:
    assert get_rules(name) is DEFAULT is FIDE_2024


@pytest.mark.parametrize("name", ["2023", "FIDE", "", 2024])
def test_get_rules_refuses_an_unknown_edition(name: object) -> None:
    expected = r"Argument 'rules' must be one of .* not " + repr(name).replace("'", ".")
    with pytest.raises(RulesError, match=expected):
        get_rules(name)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"Argument 'edition' must be one of"):
        get_rules(name, "edition")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "k"),
    [
        (dict(rating=2200, games=10), 25),  # fewer than 30 games
        (dict(rating=2450, games=29), 25),  # 10 needs 30 games as well as 2400
        (dict(rating=2200, games=30), 15),
        (dict(rating=2399), 15),  # games unknown: established
        (dict(rating=2400, games=30), 10),
        (dict(rating=2350, highest_rating=2405), 10),  # "thereafter it remains permanently at 10"
        (dict(rating=1800, games=10, period_games=60), 25),  # no 700 rule in the handbook
    ],
)
def test_handbook_k(kwargs: dict[str, int], k: int) -> None:
    assert k_factor(rules="handbook", **kwargs) == k  # type: ignore[arg-type]


BORN = date(2008, 6, 1)


@pytest.mark.parametrize(
    ("kwargs", "k"),
    [
        (dict(rating=2200, games=29), 40),
        # 8.3.3: K 10 once a published rating has reached 2400, with no condition on games (the
        # handbook's 10.52 waited for 30 games): it comes before the new player's 40.
        (dict(rating=2450, games=10), 10),
        (dict(rating=2500, games=0), 10),
        (dict(rating=2350, games=10, highest_rating=2400), 10),
        (dict(rating=2399, games=10), 40),  # new, and never 2400
        (dict(rating=2399, games=29, highest_rating=2399), 40),
        (dict(rating=2250, birth_date=BORN, on=date(2026, 12, 31)), 40),  # the year of the 18th birthday
        (dict(rating=2250, birth_date=BORN, on=date(2027, 1, 1)), 20),  # the year after
        (dict(rating=2300, birth_date=BORN, on=date(2020, 1, 1)), 20),  # not under 2300
        # Reached 2300 once: the rating has not "remained under 2300".
        (dict(rating=2250, highest_rating=2300, birth_date=BORN, on=date(2020, 1, 1)), 20),
        (dict(rating=2250, highest_rating=2410, birth_date=BORN, on=date(2020, 1, 1)), 10),  # 10 is permanent
        (dict(rating=2399), 20),
        (dict(rating=2400), 10),
        (dict(rating=2390, highest_rating=2400), 10),
        # The 700 rule: K x games > 700 gives the largest whole K with K x games <= 700.
        (dict(rating=1800, games=5, period_games=17), 40),  # 40 x 17 = 680
        (dict(rating=1800, games=5, period_games=18), 38),  # 40 x 18 = 720; 38 x 18 = 684, 39 x 18 = 702
        (dict(rating=1800, games=5, period_games=20), 35),  # 35 x 20 = 700
        (dict(rating=2000, period_games=35), 20),  # 20 x 35 = 700, not over
        (dict(rating=2000, period_games=36), 19),  # 20 x 36 = 720; 19 x 36 = 684
    ],
)
def test_2024_k(kwargs: dict[str, object], k: int) -> None:
    assert k_factor(**kwargs) == k  # type: ignore[arg-type]


def test_k_given_by_the_user_is_used_as_is_but_for_the_700_rule() -> None:
    # 2024 regulations, 8.3.3: K x the period's games above 700 makes K the largest whole
    # number within it, whatever K was given: 40 x 17 = 680 stands; 700 / 18 = 38.9 -> 38.
    assert k_factor(2000, k=12.5) == 12.5
    assert k_factor(1800, games=5, period_games=17, k=40) == 40
    assert k_factor(1800, games=5, period_games=18, k=40) == 38
    assert k_factor(1800, games=5, period_games=100, k=40) == 7
    assert k_factor(1800, period_games=100, k=40, rules="handbook") == 40  # (no 700 rule there)
    # The change of 20 wins over a 1600 from 1700 (D 100, H .64): K 35, 35 x 20 x .36 = 252.
    assert rating_change(1700, [1600] * 20, [1] * 20, k=40) == 252


@pytest.mark.parametrize("k", [0, -10, "20", float("inf")])
def test_k_must_be_positive(k: object) -> None:
    with pytest.raises(ArgumentError, match="Argument 'k'"):
        k_factor(2000, k=k)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="Argument 'k'"):
        rating_change(2000, [2000], [1], k=k)  # type: ignore[arg-type]


def test_k_factor_bad_arguments() -> None:
    with pytest.raises(ArgumentError, match="Argument 'games' must be a whole number >= 0, not -3"):
        k_factor(2000, games=-3)
    with pytest.raises(ArgumentError, match="Argument 'birth_date' must be a date, not '2008-01-01'"):
        k_factor(2000, birth_date="2008-01-01")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="Argument 'rating'"):
        k_factor(None)  # type: ignore[arg-type]


def test_rating_change_2024() -> None:
    # 2000 (K 20) against 2150 (D 150: L .30), 1700 (D 300: H .85) and 2000 (.50), scoring W, D, L:
    # (1 - .30) + (.5 - .85) + (0 - .50) = -.15; x 20 = -3.
    assert rating_change(2000, [2150, 1700, 2000], ["W", "D", "L"]) == -3
    assert rating_change(2000, [2150, 1700, 2000], [1, 0.5, 0], rules="2024") == -3


def test_rating_change_rounds_half_away_from_zero_in_2024_only() -> None:
    # D = 33: H .55. A win: .45 x 10 = 4.5; a loss: -.55 x 10 = -5.5 (in floating point 10 x .45
    # is 4.4999..., which must not decide the rounding).
    assert rating_change(2000, [1967], [1], k=10) == 5
    assert rating_change(2000, [1967], [0], k=10) == -6
    # The handbook does not round the change (10.51c); 10.53 rounds the new rating instead.
    assert rating_change(2000, [1967], [1], k=10, rules="handbook") == 4.5
    assert rating_change(2000, [1967], [0], k=10, rules="handbook") == -5.5


def test_rating_change_caps_the_difference() -> None:
    # Handbook: 2000 beats 2400; D 400 counts as 350: L .11; .89 x 15 = 13.35.
    assert rating_change(2000, [2400], [1], rules="handbook") == pytest.approx(13.35)
    # 2024: D 400 is in the row 392-411: L .08; .92 x 20 = 18.4, rounded 18. D 600 counts as 400.
    assert rating_change(2000, [2400], [1], on=date(2025, 1, 1)) == 18
    assert rating_change(2000, [2600], [1], on=date(2025, 1, 1)) == 18


def test_2650_exception_from_1_october_2025() -> None:
    # 2700 beats 2200 (K 10). Until 30 September 2025 D = 500 counts as 400: H .92, .08 x 10 = 0.8, 1.
    assert rating_change(2700, [2200], [1], on=date(2025, 9, 30)) == 1
    # From 1 October 2025 a player rated 2650 or more is not capped: D 500 is in 485-517: .96, 0.4, 0.
    assert rating_change(2700, [2200], [1], on=date(2025, 10, 1)) == 0
    # The 2200 player is still capped: L .08; a loss costs .08 x 20 = 1.6, rounded 2.
    assert rating_change(2200, [2700], [0], on=date(2025, 10, 1)) == -2


def test_700_rule_in_rating_change() -> None:
    # A new player (5 games so far, K 40) wins 20 games against 1600s, rated 1700: D 100, H .64.
    # 40 x 20 = 800 > 700, so K = 35: 20 x .36 x 35 = 252.
    assert rating_change(1700, [1600] * 20, [1] * 20, games=5) == 252
    handbook = rating_change(1700, [1600] * 20, [1] * 20, games=5, rules="handbook")
    assert handbook == pytest.approx(20 * 0.36 * 25)  # no 700 rule: K 25


def test_rating_change_bad_input() -> None:
    not_a_result = r"Argument 'results\[1\]' must be a result \(1, 0.5, 0, W, D or L\), not 2"
    with pytest.raises(ArgumentError, match=not_a_result):
        rating_change(2000, [2000, 2000], [1, 2])
    with pytest.raises(ArgumentError, match=r"Argument 'results\[0\]' must be a result .*, not 'X'"):
        rating_change(2000, [2000], ["X"])
    lengths = "'opponent_ratings' and 'results' must have the same length, not 2 and 1"
    with pytest.raises(ArgumentError, match=lengths):
        rating_change(2000, [2000, 2100], [1])
    with pytest.raises(ArgumentError, match=r"Argument 'opponent_ratings\[0\]' must be a number, not 'abc'"):
        rating_change(2000, ["abc"], [1])  # type: ignore[list-item]
    with pytest.raises(RulesError, match="not 'FIDE 2011'"):
        rating_change(2000, [2000], [1], rules="FIDE 2011")


ratings = st.integers(1000, 2900)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    ratings,
    st.lists(st.tuples(ratings, st.sampled_from([0, 0.5, 1])), min_size=1, max_size=12),
    st.data(),
    st.sampled_from(["handbook", "2024"]),
)
def test_a_win_never_lowers_a_change(
    rating: int, games: list[tuple[int, float]], data: st.DataObject, rules: str
) -> None:
    opponents = [o for o, _ in games]
    results = [r for _, r in games]
    i = data.draw(st.integers(0, len(games) - 1))
    better = results.copy()
    better[i] = 1
    on = date(2026, 1, 1)
    assert rating_change(rating, opponents, better, rules=rules, on=on) >= rating_change(
        rating, opponents, results, rules=rules, on=on)
