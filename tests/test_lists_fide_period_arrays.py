"""A large FIDE rating period's first ratings on numpy arrays give what the plain ones give, value for
value and of the same Python types: every unrated player's pooled results rated at the period's
close at once (:func:`~xlrating.lists._fide_totals_numpy.first_ratings` against
:func:`~xlrating.lists.fide.first_rating`, one player at a time). The pooled results hold what a
season can: games against unrated opponents, a first event whose score is disregarded (FIDE Rating
Regulations 2024, 8.2.1), fewer than 5 games against rated opponents (7.1), ratings given as ints or
with a fraction, first ratings over 2200 and under the floor; and, for an edition that rates without
the hypothetical draws, 0% and 100% scores (dp indeterminate, FIDE Handbook 10.1). Whole seasons
are compared both ways in ``tests/test_lists_fide_totals.py``. A handbook first rating (Rn of each
event's Ru, FIDE Handbook B.02, 10.3) is the engine's ``published_rating``, and the events played
are read for many players at once alike on arrays and in dicts."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from typing import Any

import pytest

from xlrating import _vector
from xlrating.fide import get_rules
from xlrating.lists import _fide_totals as plain
from xlrating.lists import fide as fide_lists
from xlrating.lists.model import PendingEvent
from xlrating.model import Method

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy path needs numpy")

D = dt.date


def _pending(rng: random.Random, handbook: bool) -> PendingEvent:
    kind = rng.choice(["whole", "whole", "whole", "int", "fraction"])
    opponents: list[Any] = []
    for _ in range(rng.choice([0, 1, 3, 4, 5, 7, 9, 12, 40])):
        if rng.random() < 0.15:
            opponents.append(None)
        elif kind == "int":
            opponents.append(rng.randint(1000, 2800))
        elif kind == "fraction" and rng.random() < 0.3:
            opponents.append(rng.randint(2000, 5600) / 2)
        else:
            opponents.append(float(rng.choice([rng.randint(1000, 2800), 2700, 2800, 1000])))
    lean = rng.choice([0.0, 0.2, 0.5, 0.8, 1.0])  # (all lost, all won: 0% and 100%)
    results = [1.0 if rng.random() < lean else rng.choice([0.0, 0.5]) if lean else 0.0 for _ in opponents]
    ru = float(rng.randint(1000, 2600)) if handbook and rng.random() < 0.7 else None
    return PendingEvent(D(2025, rng.randint(1, 12), 1), tuple(opponents), tuple(results),
                        first=rng.random() < 0.4, ru=ru, ru_games=len(opponents) if ru is not None else 0)


EDITIONS = {
    "2024": get_rules("2024"),
    # (no hypothetical draws, Rc rounded, no maximum, every result under the floor ignored)
    "no draws": dataclasses.replace(get_rules("2024"), hypothetical_opponents=0, round_competition=True,
                                    unrated_max=None, min_rated_games=None, floor_ignores_first_results=True),
}


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_first_ratings_on_arrays_are_the_plain_first_ratings(edition: str) -> None:
    from xlrating.lists._fide_totals_numpy import first_ratings

    rules = EDITIONS[edition]
    rng = random.Random(edition)
    pooled = [[_pending(rng, False) for _ in range(rng.choice([0, 1, 1, 2, 3, 6]))] for _ in range(3000)]

    def one(events: Any) -> tuple[int, int] | None:
        return fide_lists.first_rating(rules, events)

    plainly = list(map(one, pooled))
    assert repr(first_ratings(rules, pooled, one)) == repr(plainly)
    ratings = [found[0] for found in plainly if found is not None]
    assert len(ratings) > 500 and None in plainly
    if edition == "2024":
        assert max(ratings) == 2200 and min(ratings) >= 1400  # (capped; none listed under the floor)
    else:
        assert min(ratings) < 1400


def test_first_ratings_on_arrays_ask_the_plain_one_only_for_ratings_not_whole() -> None:
    from xlrating.lists._fide_totals_numpy import first_ratings

    rules = get_rules("2024")
    whole = PendingEvent(D(2025, 1, 1), (1800.0, 1900.0, None, 2000.0, 2100.0, 1700),
                         (1.0, 0.5, 1.0, 0.0, 0.5, 1.0), first=False)
    fraction = PendingEvent(D(2025, 1, 1), (1800.5, 1900.0, 2000.0, 2100.0, 1700.0),
                            (1.0, 0.5, 0.0, 0.5, 1.0), first=False)
    asked: list[Any] = []

    def one(events: Any) -> tuple[int, int] | None:
        asked.append(events)
        return fide_lists.first_rating(rules, events)

    found = first_ratings(rules, [[whole], [fraction]], one)
    assert asked == [[fraction]]
    assert found == [one([whole]), one([fraction])]


@pytest.mark.parametrize("vector", [True, False])
def test_events_played_are_read_for_many_players_at_once(vector: bool) -> None:
    from xlrating.lists._fide_totals_numpy import ArrayTotals

    totals: plain.Totals = ArrayTotals(10) if vector else plain.PlainTotals()
    totals.fold([3, 5], [1800.0, None], [Method.ELO, Method.NOT_RATED], [20.0, None], [1.0, 0.0], [0.5, None],
                [1, 1])
    totals.fold([5], [None], [Method.NOT_RATED], [None], [0.0], [None], [1])
    assert totals.played_by([5, 3, 0]) == [2, 1, 0]
    assert [type(n) for n in totals.played_by([5, 3, 0])] == [int, int, int]


def test_a_handbook_first_rating_is_the_engine_s_published_rating_of_each_event_s_ru() -> None:
    from xlrating import fide
    from xlrating.fide.rating import exact
    from xlrating.fide.tables import round_half_away

    rules = get_rules("handbook")
    rng = random.Random("handbook")
    for _ in range(3000):
        pooled = []
        for _ in range(rng.choice([0, 1, 1, 2, 3, 5])):
            ru = rng.choice([None, float(rng.randint(1100, 2600)), rng.randint(1100, 2600), 1400.0, 1401.0,
                             1400.5, rng.randint(2000, 5400) / 2, 1834.25, 4100.0,
                             float(rng.randint(1300, 1450))])
            games = rng.choice([0, 1, 5, 9]) if ru is not None else 0
            pooled.append(PendingEvent(D(2011, 5, 1), (1800.0,) * games, (0.5,) * games, first=False, ru=ru,
                                       ru_games=games))
        # (what the season gave before: each Ru rounded as the engine's result, Rn by published_rating)
        results = [fide.NewPlayerRating(None, int(round_half_away(exact(p.ru))), None, 0.0, p.ru_games, None,
                                        None) for p in pooled if p.ru is not None and p.ru_games]
        engine = fide.published_rating(results, rules=rules) if results else None
        expected = None if engine is None or engine.rating is None else (engine.rating, engine.games)
        assert fide_lists.first_rating(rules, pooled) == expected, pooled
