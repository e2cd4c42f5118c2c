"""The standard rating formula and its bonus (US Chess 2020, 4.2), worked by hand."""

import pytest

from xlrating.errors import ArgumentError
from xlrating.uscf import standard_rating, standard_solution


def test_fewer_than_three_games_no_bonus() -> None:
    # R0 = 1500, N' = 20, two wins against 1500s: K = 800/22, E = 2*0.5 = 1,
    # R_s = 1500 + (800/22)*(2 - 1) = 1536.36 (m < 3: the plain formula).
    s = standard_solution(1500, 20, [1500, 1500], 2)
    assert s.k == pytest.approx(800 / 22)
    assert s.expected_score == 1
    assert not s.bonus_eligible and s.bonus == 0
    assert s.rating == pytest.approx(1500 + 800 / 22)


def test_bonus_four_games() -> None:
    # Four wins against 1500s: K = 800/24 = 33.33, E = 2, K(S - E) = 66.67;
    # bonus = max(0, 66.67 - 14*sqrt(4)) = 38.67; R_s = 1500 + 66.67 + 38.67 = 1605.33.
    s = standard_solution(1500, 20, [1500] * 4, 4)
    assert s.change == pytest.approx(200 / 3)
    assert s.bonus_threshold == 28
    assert s.bonus == pytest.approx(200 / 3 - 28)
    assert s.rating == pytest.approx(1500 + 400 / 3 - 28)
    # 2009/2011: B = 6, bonus = 66.67 - 12.
    assert standard_rating(1500, 20, [1500] * 4, 4, rules="2009") == pytest.approx(1500 + 400 / 3 - 12)
    # B set by the user: 66.67 - 10*2.
    assert standard_rating(1500, 20, [1500] * 4, 4, bonus_multiplier=10) == pytest.approx(1500 + 400 / 3 - 20)


def test_three_round_events_count_as_four_for_the_bonus() -> None:
    # m = 3, m' = 4: K = 800/23, E = 1.5, K(S - E) = 52.17; bonus = 52.17 - 14*2.
    s = standard_solution(1500, 20, [1500] * 3, 3)
    assert s.bonus_threshold == 28
    assert s.rating == pytest.approx(1500 + 2 * (800 / 23) * 1.5 - 28)


def test_no_bonus_when_an_opponent_is_met_more_than_twice_or_bonus_is_off() -> None:
    plain = 1500 + 200 / 3
    assert standard_rating(1500, 20, [1500] * 4, 4, repeated_opponent=True) == pytest.approx(plain)
    assert standard_rating(1500, 20, [1500] * 4, 4, bonus=False) == pytest.approx(plain)
    reason = standard_solution(1500, 20, [1500] * 4, 4, repeated_opponent=True).bonus_reason
    assert "more than 2 times" in reason


def test_bonus_is_zero_below_the_threshold() -> None:
    # Nine games, S - E = 0.5: K = 800/29, K(S - E) = 13.79 < 14*3 = 42: bonus 0.
    s = standard_solution(1500, 20, [1500] * 9, 5)
    assert s.bonus_eligible and s.bonus == 0
    assert s.rating == pytest.approx(1500 + 0.5 * 800 / 29)


def test_losses_lower_the_rating() -> None:
    # R0 = 1800, N' = 25, two losses against 1800s: K = 800/27, E = 1: R_s = 1800 - 800/27.
    assert standard_rating(1800, 25, [1800, 1800], 0) == pytest.approx(1800 - 800 / 27)


def test_dual_rated_k() -> None:
    # Regular rating 2300, dual-rated: K = 800(6.5 - 5.75)/(N' + m) = 600/(20 + 4) = 25.
    s = standard_solution(2300, 20, [2300] * 4, 3, dual_rated=True)
    assert s.dual_rated_k and s.k == pytest.approx(25)
    # Quick rating 2100 but Regular rating 2600: K = 200/24.
    q = standard_solution(2100, 20, [2100] * 4, 2, dual_rated=True, regular_rating=2600)
    assert q.k == pytest.approx(200 / 24)
    assert q.rating == pytest.approx(2100)


@pytest.mark.parametrize(
    ("args", "kwargs", "argument"),
    [
        ((1500, 20, [1500], 1.5), {}, "'score'"),
        ((1500, 20, [1500], -1), {}, "'score'"),
        ((1500, -20, [1500], 1), {}, "'effective_games'"),
        ((float("nan"), 20, [1500], 1), {}, "'prior_rating'"),
        ((1500, 20, [1500], 1), {"bonus_multiplier": -1}, "'bonus_multiplier'"),
        ((1500, 20, [1500], 1), {"regular_rating": "2300"}, "'regular_rating'"),
        ((1500, 20, [], 0), {}, "'opponent_ratings'"),
    ],
)
def test_bad_arguments(args: tuple[object, ...], kwargs: dict[str, object], argument: str) -> None:
    with pytest.raises(ArgumentError, match=argument):
        standard_rating(*args, **kwargs)  # type: ignore[arg-type]
