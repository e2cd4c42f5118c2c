"""Ratings stored as integers (US Chess 2009, 3; US Chess 2011, 4): rounded down when the rating
fell, up when it rose, and floating-point noise never decides which.

Each event below has a special-formula rating whose exact value is a whole number, worked by
hand from the formula (US Chess 2009, 2.2): f(R) = N' x PWe(R, R'0) + sum PWe(R, R_i) - S',
with PWe(R, R_i) = 0.5 + (R - R_i)/800 inside 400 points, 0 or 1 beyond. In floating point
each comes out a few units in the last place off the whole number.
"""

from __future__ import annotations

import datetime as dt

import pytest

from xlrating import _vector
from xlrating.model import Game
from xlrating.uscf import UscfPlayer, get_rules, rate_event, special_rating
from xlrating.uscf.floors import WHOLE_TOLERANCE, store

END = dt.date(2010, 6, 1)

# (prior R0, games N = N', opponents, scores, the exact special rating)
EXACT = [
    # One loss to a player 1446 points above: the opponent is beyond 400 points for every R near
    # R0, so f(R) = 7(0.5 + (R - 347)/800) - 3.5 = 7(R - 347)/800: exactly 347, no change. Floating
    # point gives 347.00000000000006, which "rose" and was stored as 348: a point gained by a loss.
    (347, 7, [1793], [0.0], 347),
    # The same after two losses: f(R) = 4(R - 124)/800, exactly 124 (float 124.00000000000006).
    (124, 4, [1907, 901], [0.0, 0.0], 124),
    # A loss at 442 with N' = 2: exactly 442 (float 441.99999999999994, stored as 441).
    (442, 2, [1791], [0.0], 442),
    # A draw against 1105 with N' = 8: below 705 the opponent counts 0, so
    # f(R) = 8(0.5 + (R - 349)/800) - (0.5 + 4) = 8(R - 349)/800 - 0.5 = 0 at R = 399 exactly
    # (float 399.00000000000006, stored as 400).
    (349, 8, [1105], [0.5], 399),
    # A win against 1142 with N' = 8: f(R) = 8(0.5 + (R - 369)/800) - (1 + 4) = 0 at R = 469
    # exactly (float 469.00000000000006, stored as 470).
    (369, 8, [1142], [1.0], 469),
]


def _event(
    prior: int, games: int, opponents: list[int], scores: list[float]
) -> tuple[list[UscfPlayer], list[Game]]:
    roster = [UscfPlayer(1, prior, games)] + [UscfPlayer(i + 2, r) for i, r in enumerate(opponents)]
    return roster, [Game(i + 1, 1, i + 2, s) for i, s in enumerate(scores)]


@pytest.mark.parametrize(("prior", "games", "opponents", "scores", "exact"), EXACT)
def test_the_special_rating_is_the_whole_number_up_to_noise(
    prior: int, games: int, opponents: list[int], scores: list[float], exact: int
) -> None:
    value = special_rating(prior, games, opponents, sum(scores), rules="2009")
    assert abs(value - exact) <= WHOLE_TOLERANCE


@pytest.mark.parametrize("vector", [False, True])
@pytest.mark.parametrize("rules", ["2009", "2011"])
@pytest.mark.parametrize(("prior", "games", "opponents", "scores", "exact"), EXACT)
def test_an_exact_whole_number_is_stored_as_itself(
    prior: int, games: int, opponents: list[int], scores: list[float], exact: int, rules: str, vector: bool
) -> None:
    if vector and not _vector.AVAILABLE:
        pytest.skip("the numpy path needs numpy")
    roster, played = _event(prior, games, opponents, scores)
    with _vector.forced(vector):
        outcome = rate_event(roster, played, rules=rules, end_date=END, bonus_multiplier=6)
    player = outcome.players[0]
    assert player.post_rating == exact
    if all(s == 0.0 for s in scores):
        assert player.post_rating <= prior  # a loss never raises a rating


@pytest.mark.parametrize("rules", ["2009", "2011"])
def test_store_rounds_toward_the_change_beyond_the_noise(rules: str) -> None:
    edition = get_rules(rules)
    # US Chess 2009, 3: down when the rating fell, up when it rose, nearest when it did not move.
    assert store(edition, 1500.2, 1490) == 1501
    assert store(edition, 1499.8, 1510) == 1499
    assert store(edition, 1500.0, 1500) == 1500
    # Noise around a whole number is that number, whichever side it falls.
    assert store(edition, 347.00000000000006, 347) == 347
    assert store(edition, 441.99999999999994, 442) == 442
    assert store(edition, 399.00000000000006, 349) == 399
    assert store(edition, 124.00000000000006, 130) == 124
    # Beyond the tolerance the rule applies as written.
    assert store(edition, 347 + 10 * WHOLE_TOLERANCE, 347) == 348
    assert store(edition, 442 - 10 * WHOLE_TOLERANCE, 442) == 441


def test_2020_stores_floats_unchanged() -> None:
    assert store(get_rules("2020"), 347.00000000000006, 347) == 347.00000000000006
