"""A FIDE rating period's totals kept on numpy arrays (a large period's,
:class:`~xlrating.lists._fide_totals_numpy.ArrayTotals`) give every season what the plain totals
(:class:`~xlrating.lists._fide_totals.PlainTotals`) give: every list entry, history row and
warning, of the same Python types, and a refused season's problems word for word. The two are
compared on the seeded FIDE seasons of the waves' and the columns' tests, with what those lists
hold and more: a K given that is not whole (its change kept as a fraction of a hundredth), games
and events counts given as floats (Excel's numbers), ratings just above the floor (delisted under
it), both editions (the 2024 change rounded, the handbook's new rating rounded). Each step on
arrays is also compared with its plain step on a grid of values: the changes in hundredths
(Python's ``round``, half to even, against numpy's ``rint``) and the new ratings (halves away from
zero)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from test_lists_fide_columns import with_more
from test_lists_waves import FIDE_SEASONS, fide_season

from xlrating import _vector
from xlrating.errors import InputError, XlratingError
from xlrating.lists import Entry, RatingList, rate_season
from xlrating.lists import _fide_totals as plain
from xlrating.lists import fide as fide_lists
from xlrating.model import Method

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy path needs numpy")


def _odd(ratings: RatingList, seed: int) -> RatingList:
    """The list with some K given that are not whole, and games and events given as floats."""
    rng = random.Random(f"odd-{seed}")
    entries = {}
    for key, entry in ratings.entries.items():
        if entry.rating is not None and rng.random() < 0.3:
            games = entry.games if entry.games is None else float(entry.games)
            entry = Entry(key, entry.rating, games, k=rng.choice([None, 22.5, 12.5, 33.3]), peak=entry.peak,
                          birth_date=entry.birth_date, events=float(entry.events))
        entries[key] = entry
    return RatingList("FIDE", entries, rules=ratings.rules, date=ratings.date)


def _rated(vector: bool, ratings: RatingList, events: Any, **settings: Any) -> str:
    with _vector.forced(vector):
        try:
            result = rate_season(ratings, events, **settings)
        except XlratingError as error:
            problems = error.problems if isinstance(error, InputError) else None
            return repr((type(error), str(error), problems))
    return repr((list(result.list.entries.items()), list(result.history.items()), result.warnings))


@pytest.mark.parametrize("pool", [2, 26])
@pytest.mark.parametrize("flavour", sorted(FIDE_SEASONS))
@pytest.mark.parametrize("seed", range(4))
def test_totals_on_arrays_give_every_season_what_the_plain_totals_give(
        monkeypatch: pytest.MonkeyPatch, seed: int, flavour: str, pool: int) -> None:
    ratings, events, months = fide_season(seed, flavour)
    ratings, events = with_more(ratings, events, seed)
    ratings = _odd(ratings, seed)
    made: list[str] = []
    original = fide_lists._totals

    def noted(size: int, sides: int) -> Any:
        found = original(size, sides)
        made.append(type(found).__name__)
        return found

    monkeypatch.setattr(fide_lists, "_totals", noted)
    on_arrays = _rated(True, ratings, events, period_months=months, pool_months=pool)
    assert made and set(made) == {"ArrayTotals"}
    assert on_arrays == _rated(False, ratings, events, period_months=months, pool_months=pool)
    assert "22.5" in on_arrays or "12.5" in on_arrays or "33.3" in on_arrays


def test_changes_on_arrays_are_the_plain_changes() -> None:
    from xlrating.lists._fide_totals_numpy import ArrayTotals

    rng = random.Random(5)
    size = 4000
    ratings = [rng.choice([None, 1800.0, 2000]) for _ in range(size)]
    methods = [rng.choice([Method.ELO, Method.ELO, Method.ELO, Method.NOT_RATED]) for _ in range(size)]
    ks = [rng.choice([10.0, 20, 40.0, 22.5, 33.3, 7.0]) for _ in range(size)]
    games = [rng.randint(1, 9) for _ in range(size)]
    scores = [rng.randint(0, 2 * g) / 2 for g in games]
    # PD sums in hundredths, with the halves that round to even (an expected score of 2.125 is 212.5
    # hundredths) and float products that are not exact
    expected = [rng.choice([rng.randint(0, 100 * g) / 100, rng.randint(0, 800 * g) / 800, g * 0.07])
                for g in games]
    positions = list(range(size))
    array_totals, plain_totals = ArrayTotals(size), plain.PlainTotals()
    shown = array_totals.fold(positions, ratings, methods, ks, scores, expected, games)
    plainly = plain_totals.fold(positions, ratings, methods, ks, scores, expected, games)
    assert shown == plainly
    assert list(map(type, shown)) == list(map(type, plainly))
    assert any(type(change) is Fraction for change in plain_totals.change.values())
    for at, change in plain_totals.change.items():
        assert int(array_totals.change[at]) + array_totals.inexact.get(at, 0) == change


@pytest.mark.parametrize("round_change", [True, False])
def test_new_ratings_on_arrays_are_the_plain_new_ratings(round_change: bool) -> None:
    import numpy as np

    from xlrating.lists._fide_totals_numpy import ArrayTotals

    starts = [1000.0, 1399.0, 1400.0, 2000.0, 2399.0]
    changes = [*range(-1000, 1001, 5), -150, -50, 50, 150, -200049, 3]
    start = np.array([s for s in starts for _ in changes], np.float64)
    change = np.array([c for _ in starts for c in changes], np.int64)
    found = ArrayTotals._new_ratings(round_change, start, change).tolist()
    assert found == [plain.new_rating(s, c, round_change) for s in starts for c in changes]
    assert found == [float(plain.rounded(int(s), Fraction(c, 100), round_change))
                     for s in starts for c in changes]


def test_a_period_under_the_size_keeps_plain_totals_and_over_it_arrays() -> None:
    assert type(fide_lists._totals(10, plain.FROM_SIDES - 1)) is plain.PlainTotals
    assert type(fide_lists._totals(10, plain.FROM_SIDES)).__name__ == "ArrayTotals"
    with _vector.forced(False):
        assert type(fide_lists._totals(10, 10 * plain.FROM_SIDES)) is plain.PlainTotals


@pytest.mark.parametrize("edition", ["2024", "handbook"])
def test_k_by_the_rules_on_arrays_is_the_plain_k(edition: str) -> None:
    import datetime as dt

    from xlrating.fide import get_rules
    from xlrating.lists._fide_totals_numpy import ArrayTotals

    rules = get_rules(edition)
    rng = random.Random(edition)
    size = 3000
    positions = list(range(size))
    ratings = [rng.choice([float(rng.randint(1000, 2800)), 2300.0, 2400.0, 2399.0, 2000]) for _ in positions]
    games = [rng.choice([None, 0, 12, 29, 30, 31, 200]) for _ in positions]
    peaks = [rng.choice([None, None, 2400.0, 2399.0, 2450, 1500.0]) for _ in positions]
    births = [rng.choice([None, dt.date(2006, 12, 31), dt.date(2007, 1, 1), dt.date(2012, 6, 1),
                          dt.date(1980, 1, 1)]) for _ in positions]
    counts = [rng.choice([0, 0, 9, 17, 18, 35, 70, 71]) for _ in positions]
    array_totals, plain_totals = ArrayTotals(size), plain.PlainTotals()
    array_totals.add_against_rated(positions, counts)
    plain_totals.add_against_rated(positions, counts)
    for on in (dt.date(2024, 12, 31), dt.date(2025, 1, 31)):
        found = array_totals.k_by_rules(rules, on, positions, ratings, games, peaks, births)
        assert found == plain_totals.k_by_rules(rules, on, positions, ratings, games, peaks, births)
        assert {type(k) for k in found} == {int}
        assert len(set(found)) >= 3  # (each rule decides some)
