"""The special formula on arrays gives, player for player, the rating of the one-player
algorithm (US Chess 2020, 4.1), to the last bit; so do the standard formula's powers of ten
on arrays (US Chess 2020, 4.2), Python's own. (The games taken as arrays are the games
taken in lists, side for side: ``test_sides.py``.)

Seeded random problems of every kind: ratings on the edges of the 400-point range and
anywhere, N' from 0 to 25, histories, uneven numbers of games; the p = 0 rule and the 2700
cap must both come up often enough to be tested.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest

from xlrating import _vector
from xlrating.errors import ConvergenceError
from xlrating.model import Game
from xlrating.uscf import get_rules
from xlrating.uscf.formulas import _nstar
from xlrating.uscf.special import _work

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy path needs numpy")

if _vector.AVAILABLE:
    import numpy as np

    from xlrating._sides_numpy import array_sides
    from xlrating.uscf.arrays import _powers_of_ten, nstar_of
    from xlrating.uscf.special_arrays import special_ratings
else:
    np: Any = None


def problems(seed: int) -> tuple[object, list[int], object, object, object, list[str | None], object]:
    """A random event's sides and, for every player, R0, N', S (his score), history and the
    ratings his opponents are seen at."""
    rng = random.Random(seed)
    size, rounds = rng.randint(2, 60), rng.randint(1, 12)
    games = []
    for rnd in range(1, rounds + 1):
        order = list(range(1, size + 1))
        rng.shuffle(order)
        games += [Game(rnd, a, b, rng.choice((0.0, 0.5, 1.0)))
                  for a, b in zip(order[::2], order[1::2], strict=False) if rng.random() < 0.9]
    sides = array_sides(list(range(1, size + 1)), tuple(games))
    mode = rng.random()

    def rating() -> float:
        if mode < 0.3:
            return float(rng.choice((100, 900, 1500, 2600, 2700)))
        return float(rng.randint(100, 2700)) if mode < 0.5 else rng.uniform(100, 2700)

    prior, seen = np.array([rating() for _ in range(size)]), np.array([rating() for _ in range(size)])
    effective = np.array([rng.choice((0.0, 1.0, 3.0, 8.0, rng.uniform(0, 25))) for _ in range(size)])
    history = [rng.choice((None, None, "all wins", "all losses")) for _ in range(size)]
    who = [i for i in range(size) if sides.count[i]]
    return sides, who, prior, effective, np.array(sides.totals()[0]), history, seen


@pytest.mark.parametrize("few", [None, 0, 1_000])
@pytest.mark.parametrize("rules", ["2009", "2020"])
def test_every_player_gets_the_one_player_rating(rules: str, few: int | None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """As the lockstep and the last few players alone share the moves (``few``: every move in
    lockstep, or every player alone from the first move)."""
    if few is not None:
        monkeypatch.setattr("xlrating.uscf.special_arrays._FEW", few)
    edition = get_rules(rules)
    compared = p0 = capped = 0
    for seed in range(150):
        sides, who, prior, effective, score, history, seen = problems(seed)
        got = special_ratings(edition, sides, who, prior, effective, score, history, seen)  # type: ignore[arg-type]
        ratings, notes = got.rating.tolist(), got.notes()
        for k, i in enumerate(who):
            opponents = [float(seen[o]) for o in sides.opponents_of(i)]  # type: ignore[attr-defined]
            want = _work(edition, float(prior[i]), float(effective[i]), opponents, float(score[i]),
                         history[i])
            assert (ratings[k], *notes[k]) == (want.rating, want.adjusted_prior, want.adjusted_score,
                                               want.p0_rule, want.capped), (seed, i, want)
            assert [type(v) for v in notes[k]] == [float, float, type(want.p0_rule), bool], (seed, i)
            compared, p0, capped = compared + 1, p0 + (want.p0_rule is not None), capped + want.capped
    assert compared > 4000 and p0 > 50 and capped > 50


def test_no_players_no_work() -> None:
    sides, _who, prior, effective, score, history, seen = problems(1)
    got = special_ratings(get_rules("2020"), sides, [], prior, effective, score, history, seen)  # type: ignore[arg-type]
    assert len(got.rating) == 0 and got.notes() == []


def test_a_problem_the_one_player_algorithm_cannot_solve_raises_its_error() -> None:
    sides, who, prior, effective, score, history, seen = problems(2)
    edition = get_rules("2020")
    tight = dataclasses.replace(edition, epsilon=-1.0)  # |f(M)| <= -1 is never reached
    with pytest.raises(ConvergenceError):
        special_ratings(tight, sides, who, prior, effective, score, history, seen)  # type: ignore[arg-type]


def test_a_player_finishing_alone_past_the_moves_allowed_raises_the_one_player_error() -> None:
    sides, who, prior, effective, score, history, seen = problems(2)
    tight = dataclasses.replace(get_rules("2020"), epsilon=-1.0)  # |f(M)| <= -1 is never reached
    errors = {}
    for i in who:
        opponents = [float(seen[o]) for o in sides.opponents_of(i)]  # type: ignore[attr-defined]
        with pytest.raises((ConvergenceError, ZeroDivisionError)) as error:
            _work(tight, float(prior[i]), float(effective[i]), opponents, float(score[i]), history[i])
        errors[i] = error.value
    few = [i for i in who if "no solution after" in str(errors[i])][:3]  # fewer than lockstep's least
    with pytest.raises(ConvergenceError) as error:
        special_ratings(tight, sides, few, prior, effective, score, history, seen)  # type: ignore[arg-type]
    assert str(error.value) == str(errors[few[0]])


def test_powers_of_ten_are_pythons_for_whole_and_other_differences() -> None:
    rng = random.Random(4)
    differences = ([float(rng.randint(-4000, 4000)) for _ in range(3000)]
                   + [rng.uniform(-4000, 4000) for _ in range(3000)]
                   + [-4000.0, 4000.0, 0.0, -0.0, 4000.5, -4001.0, 0.25])
    got = _powers_of_ten(np.array(differences), 400.0).tolist()
    assert got == [10.0 ** (d / 400.0) for d in differences]


def test_powers_of_ten_by_a_table_of_whole_differences_are_pythons() -> None:
    """Mostly whole differences (their powers from a table), with some others among them (each its
    own), a -0.0, a difference beyond the table and one that is NaN (computed), and differences
    mostly not whole (all computed)."""
    rng = random.Random(5)
    differences = [float(rng.randint(-900, 900)) for _ in range(8000)]
    for i in rng.sample(range(8000), 1500):
        differences[i] += rng.choice((0.5, 0.25, rng.random()))
    differences[17] = -0.0
    for given in (differences, [*differences[:6000], 1e5], [*differences[:6000], math.nan],
                  [d + 0.5 for d in differences]):
        got = _powers_of_ten(np.array(given), 400.0).tolist()
        assert [repr(p) for p in got] == [repr(10.0 ** (d / 400.0)) if d == d else "nan" for d in given]


@pytest.mark.parametrize("rules", ["2009", "2020"])
def test_nstar_on_arrays_is_the_one_player_nstar(rules: str) -> None:
    """Every whole rating from 0 to 3,000 (given as a whole number and as a float), ratings in
    hundredths and seeded random ones, on both sides of the cutoff."""
    edition = get_rules(rules)
    rng = random.Random(7)
    ratings = [*range(3001), *[k / 100 for k in range(300_000)],
               *[rng.uniform(0, 3000) for _ in range(20_000)]]
    expected = [_nstar(edition, r) for r in ratings]
    assert nstar_of(edition, np.array(ratings, dtype=np.float64)).tolist() == expected


def test_nstar_on_arrays_without_a_float_power_that_is_pow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where numpy's ``float_power`` is not the C library's ``pow``, N* is the one-player formula's."""
    from xlrating.uscf import arrays

    monkeypatch.setattr(arrays, "float_power_is_pow", lambda: False)
    edition, ratings = get_rules("2020"), [0.0, 750.0, 1500.0, 1500.0, 1234.56, 2355.0, 2355.5, 2900.0]
    assert nstar_of(edition, np.array(ratings)).tolist() == [_nstar(edition, r) for r in ratings]


@pytest.mark.parametrize("scale", [800.0, 1000.0, 640.0])
def test_pwe_on_arrays_is_the_one_player_pwe(scale: float) -> None:
    # 800: every edition's (twice the range of 400), computed on arrays another way than the others.
    from xlrating.uscf.formulas import _pwe as one
    from xlrating.uscf.special_arrays import _pwe

    edition = dataclasses.replace(get_rules("2020"), pwe_scale=scale)
    rng = random.Random(9)
    edges = [400.0, -400.0, 399.99999999999994, -399.99999999999994, 400.00000000000006, -400.00000000000006]
    diffs = ([rng.uniform(-900.0, 900.0) for _ in range(20_000)]
             + [float(rng.randint(-900, 900)) for _ in range(2000)] + edges + [0.0, -0.0, 1e-300, -1e-300])
    got = _pwe(edition, np.array(diffs)).tolist()
    assert got == [one(edition, d, 0.0) for d in diffs]
    assert _pwe(edition, np.array([-np.inf])).tolist() == [0.0]  # an unused column adds nothing
