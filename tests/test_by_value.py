"""The numpy cores' lists of values shared by value (``_by_value.by_value``): the same
numbers, of the same types, as numpy's ``tolist`` gives, each distinct one a single Python
object where every value is a whole number of steps within a range no wider than the values are
many, and ``tolist`` itself otherwise."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from xlrating import _vector

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy path needs numpy")

if _vector.AVAILABLE:
    import numpy as np

    from xlrating import _by_value
    from xlrating._by_value import by_value
else:
    np: Any = None


def alike(found: list[Any], want: list[Any]) -> bool:
    return repr(found) == repr(want) and [type(v) for v in found] == [type(v) for v in want]


@pytest.fixture(autouse=True)
def every_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Values shared from any number of them on (the engine shares only from ``SHARED_FROM``)."""
    monkeypatch.setattr(_by_value, "SHARED_FROM", 0)


@pytest.mark.parametrize("seed", range(40))
def test_shared_values_are_the_values_listed(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice((1, 2, 5, 100, 3_000))
    scores = np.array([rng.randint(0, 18) * 0.5 for _ in range(size)])
    floors = np.array([float(rng.choice((100, 104, 1200, 2100, rng.randint(100, 400)))) for _ in range(size)])
    counts = np.array([rng.randint(0, 900) for _ in range(size)], dtype=np.int64)
    mixed = floors.copy()
    mixed[rng.randrange(size)] = rng.choice((0.25, -0.0, math.nan, math.inf, -math.inf, 2.0**60, 1e300))
    for values, step in ((scores, 0.5), (floors, 1.0), (counts, 1), (mixed, 1.0), (scores, 1.0)):
        found = by_value(values, step)
        assert alike(found, values.tolist()), (seed, values, step)
        whole = values / step if values.dtype.kind == "f" else values
        if (np.isfinite(whole).all() and (whole == np.floor(whole)).all() and not np.signbit(values).any()
                and np.ptp(whole) < size):
            assert len({id(v) for v in found}) == len(set(values.tolist())), (seed, values, step)


def test_values_not_shared_are_listed_as_they_are() -> None:
    for values, step in ((np.array([]), 1.0), (np.array([1.5, 2.0]), 1.0), (np.array([0.0, -0.0]), 1.0),
                         (np.array([1.0, 5000.0]), 1.0), (np.array([True, False]), 1.0),
                         (np.array([3, 2**62], dtype=np.int64), 1)):
        assert alike(by_value(values, step), values.tolist()), (values, step)
    assert len({id(v) for v in by_value(np.array([2.0, 2.0, 3.0]))}) == 2


def test_few_values_are_listed_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_by_value, "SHARED_FROM", 4)
    assert len({id(v) for v in by_value(np.array([2.0, 2.0, 3.0]))}) == 3
    assert len({id(v) for v in by_value(np.array([2.0, 2.0, 3.0, 3.0]))}) == 2


def test_a_large_icu_event_shares_its_scores_and_published_ratings() -> None:
    """The ICU numpy core hands back each player's score and published rating by value: equal
    ones are one object (the same numbers as the plain core's, by the path-equality tests)."""
    from xlrating.icu import IcuPlayer, PlayerKind, rate_event
    from xlrating.model import Game

    rng = random.Random(3)
    size = 4_100
    players = [IcuPlayer(n, PlayerKind.RATED, float(rng.randint(1000, 2000)), k=24.0)
               for n in range(1, size + 1)]
    games = [Game(r, n, n + 1, rng.choice((0.0, 0.5, 1.0))) for r in (1, 2) for n in range(1, size, 2)]
    with _vector.forced(True):
        outcome = rate_event(players, games, explain=False)
    for field in ("rated_score", "post_rating"):
        values = [getattr(p, field) for p in outcome.players]
        assert len({id(v) for v in values}) == len(set(values)), field
