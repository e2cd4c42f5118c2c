"""The ICU engine's two numeric cores give the same outcomes, and it rates without numpy.

Every event is rated on the plain-Python core and on the numpy core (``_vector.forced``) and
the two outcomes are compared field by field (steps and game lines included, floats by
repr); the regression-snapshot events must also equal the stored snapshot on both. A
Python in which ``import numpy`` fails rates a small and a large event with the same
numbers, and never imports numpy.
"""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from test_icu_snapshot import (
    STORED,
    Case,
    canonical,
    cases,
    expected_now,
    no_lowest_rating,
    outcome_record,
    swiss,
)

from xlrating import _vector
from xlrating.errors import XlratingError
from xlrating.icu import ICU, IcuPlayer, PlayerKind, event, get_rules, rate_event
from xlrating.icu.core_plain import PlainCore
from xlrating.icu.formulas import explain_bonus
from xlrating.model import Game

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy core needs numpy")

TESTS = Path(__file__).resolve().parent


def rated(players: list[IcuPlayer], games: list[Game], kwargs: dict[str, Any], vector: bool) -> str:
    """The canonical text of the outcome (or of the error) on one core."""
    with _vector.forced(vector):
        try:
            return canonical(outcome_record(rate_event(players, games, **kwargs)))
        except XlratingError as error:
            return canonical({"error": type(error).__name__, "message": str(error)})


def both(players: list[IcuPlayer], games: list[Game], kwargs: dict[str, Any]) -> str:
    """The outcome, the same on both cores."""
    plain, vector = rated(players, games, kwargs, False), rated(players, games, kwargs, True)
    assert plain == vector
    return plain


# --- the regression snapshot, on both cores ------------------------------------------------------


@pytest.mark.parametrize("case", list(cases()), ids=lambda c: c[0])
def test_snapshot_events_are_the_same_on_both_cores(case: Case) -> None:
    name, players, games, kwargs = case
    stored = expected_now(STORED[name], kwargs)
    assert both(players, games, no_lowest_rating(kwargs)) == canonical(stored)
    both(players, games, kwargs)  # the lowest rating: the snapshot test checks what it changes
    numbers_only = both(players, games, {**no_lowest_rating(kwargs), "explain": False})
    if "players" in stored:
        stored = {**stored, "players": [{**p, "steps": [], "games": []} for p in stored["players"]]}
    assert numbers_only == canonical(stored)


# --- seeded random events ------------------------------------------------------------------------


def random_player(rng: random.Random, n: int) -> IcuPlayer:
    """A player of any kind, K from any source (a few lack the dates K needs)."""
    rating = rng.choice([rng.randint(1, 2800), round(rng.uniform(100, 2700), 1)])
    draw = rng.random()
    if draw < 0.2:
        return IcuPlayer(n, PlayerKind.UNRATED)
    if draw < 0.4:
        return IcuPlayer(n, PlayerKind.PROVISIONAL, rating, games=rng.randint(1, 19))
    if draw < 0.48:
        return IcuPlayer(n, PlayerKind.FOREIGN, rating)
    games = rng.choice([None, rng.randint(20, 500)])
    source = rng.random()
    if source < 0.35:
        return IcuPlayer(n, PlayerKind.RATED, rating, games=games, k=rng.choice([16, 24, 32, 40, 10.5]))
    if source < 0.6:  # a junior: K 40 below 2100
        born = date(rng.randint(2005, 2016), 3, 1)
        return IcuPlayer(n, PlayerKind.RATED, rating, games=games, birth_date=born)
    if source < 0.997:
        born = date(rng.randint(1940, 2003), rng.randint(1, 12), rng.randint(1, 28))
        joined = date(rng.randint(1990, 2025), rng.randint(1, 12), rng.randint(1, 28))
        return IcuPlayer(n, PlayerKind.RATED, rating, games=games, birth_date=born, joined=joined)
    return IcuPlayer(n, PlayerKind.RATED, rating, birth_date=date(1970, 1, 1))  # K needs a joining date


def random_event(seed: int) -> tuple[list[IcuPlayer], list[Game], dict[str, Any]]:
    """2 to 300 players numbered 1, 2, ... or with gaps, in any order; random pairings (some
    players never play, some pairs meet twice), games in any order, strong and weak players;
    now and then a game naming a player who is not there; any rules and options."""
    rng = random.Random(seed)
    size = int(2 ** rng.uniform(1, 8.2))
    numbers = list(range(1, size + 1)) if rng.random() < 0.6 else rng.sample(range(1, 10 * size), size)
    players = [random_player(rng, n) for n in numbers]
    strength = {p.number: (p.rating or 1400) + rng.gauss(0, 300) for p in players}
    playing = [n for n in numbers if rng.random() < 0.95]
    games: list[Game] = []
    for rnd in range(1, rng.randint(1, 10) + 1):
        rng.shuffle(playing)
        for a, b in zip(playing[::2], playing[1::2], strict=False):
            e = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            u = rng.random()
            games.append(Game(rnd, a, b, 1.0 if u < e - 0.1 else 0.5 if u < e + 0.1 else 0.0))
    if rng.random() < 0.5:
        rng.shuffle(games)
    if rng.random() < 0.02:
        games.append(Game(1, numbers[0], 10 * size + 1, 1.0))
    rules = rng.choice([None, "ICU", dataclasses.replace(ICU, iteration_limit=rng.randint(1, 4)),
                        dataclasses.replace(ICU, iteration_threshold=0.001),
                        dataclasses.replace(ICU, lowest_rating=None),
                        dataclasses.replace(ICU, lowest_rating=1200.0),
                        dataclasses.replace(ICU, bonus_max_no_k=8.0, bonus_high_k=24.0,
                                            bonus_min_change=5.0)])
    kwargs: dict[str, Any] = {"rules": rules, "explain": rng.random() < 0.5, "event_name": f"Random {seed}",
                              "event_type": rng.choice(["Swiss", "Round robin"])}
    kwargs[rng.choice(["start_date", "end_date", "start_date"])] = date(2024, rng.randint(1, 12), 1)
    return players, games, kwargs


@pytest.mark.parametrize("seed", range(300))
def test_random_events_are_the_same_on_both_cores(seed: int) -> None:
    both(*random_event(seed))


def test_both_cores_award_the_bonuses_the_formula_gives() -> None:
    # Without explanations a core finds the bonuses alone (the numpy core on arrays): on both
    # cores, for every random event and a large one, they are the bonuses that
    # formulas.explain_bonus works out player by player for every rated player with a game.
    events = [random_event(seed) for seed in range(300)]
    events.append((*swiss(3000, 9, 31), {"start_date": date(2024, 6, 1)}))
    won = 0
    for players, games, kwargs in events:
        rules = get_rules(kwargs.get("rules"))
        k_date = kwargs.get("start_date") or kwargs.get("end_date")
        for vector in (False, True):
            with _vector.forced(vector):
                try:
                    rating = event._Event(tuple(players), tuple(games), k_date, rules, "", False, ())
                    rating.set_k()
                    first = rating.iterate(rating.fixed_ratings(), "first")
                except XlratingError:
                    break  # a game names a player who is not there, a K cannot be decided...
            core, k = rating.core, rating.k
            scores = core.score_rated(first.seen, k, False)
            expected = {}
            for i in core.bonus_candidates(scores, k, True):
                own, factor = players[i].rating, k[i]
                assert own is not None and factor is not None
                bonus = explain_bonus(own, scores.change[i], scores.count[i], factor, scores.performances[i],
                                      rules).bonus
                if bonus:
                    expected[i] = bonus
            found = core.bonuses(scores, k)
            assert list(found.items()) == list(expected.items())
            assert all(type(b) is int for b in found.values())
            won += len(found)
    assert won > 400  # both cores, the random events and the large one


@pytest.mark.parametrize("explain", [True, False])
def test_events_without_games_are_the_same_on_both_cores(explain: bool) -> None:
    assert '"players": []' in both([], [], {"explain": explain})
    players = [IcuPlayer(5, PlayerKind.UNRATED), IcuPlayer(3, PlayerKind.RATED, 1500, k=24),
               IcuPlayer(9, PlayerKind.PROVISIONAL, 1400, games=4), IcuPlayer(2, PlayerKind.FOREIGN, 2000)]
    outcome = json.loads(both(players, [], {"explain": explain}))
    assert [p["method"] for p in outcome["players"]] == ["not rated", "not rated", "not rated", "foreign"]


@pytest.mark.slow
def test_the_random_events_reach_every_kind_rules_and_error() -> None:
    outcomes = [json.loads(rated(*random_event(seed), vector=False)) for seed in range(300)]
    errors = {o["error"] for o in outcomes if "error" in o}
    assert errors == {"ConvergenceError", "ArgumentError", "EventError"}
    methods = {p["method"] for o in outcomes for p in o.get("players", ())}
    assert methods == {"elo", "provisional", "performance", "foreign", "not rated"}
    assert any(p["bonus"] for o in outcomes for p in o.get("players", ()))
    assert any(any(note.startswith("not rated: estimate") for note in p["notes"])
               for o in outcomes for p in o.get("players", ()))
    assert any("Second rating" in note for o in outcomes for note in o.get("notes", ()))
    sizes = [len(o["players"]) for o in outcomes if "players" in o]
    assert min(sizes) == 2 and max(sizes) > 250


def test_a_large_event_is_the_same_on_both_cores() -> None:
    players, games = swiss(3000, 9, 31)
    kwargs = {"start_date": date(2024, 6, 1), "explain": False}
    assert 2 * len(games) >= event.FROM_SIDES  # rated on numpy unless forced
    outcome = json.loads(both(players, games, kwargs))
    assert len(outcome["players"]) == 3000


def test_the_core_is_chosen_by_size() -> None:
    players, games = swiss(8, 5, 1)
    assert isinstance(event._core(tuple(players), tuple(games), ICU), PlainCore)
    players, games = swiss(3000, 9, 31)
    assert not isinstance(event._core(tuple(players), tuple(games), ICU), PlainCore)


# --- without numpy -------------------------------------------------------------------------------

WITHOUT_NUMPY = """
import json, sys
sys.modules["numpy"] = None  # import numpy now fails, as in a Python without it
sys.path.insert(0, sys.argv[1])
import pkgutil
import xlrating.icu
for module in pkgutil.iter_modules(xlrating.icu.__path__):
    if module.name != "core_numpy":
        __import__("xlrating.icu." + module.name)
from datetime import date
from xlrating import _vector
from xlrating.icu import rate_event
from test_icu_snapshot import canonical, outcome_record, swiss
records = []
for size, rounds, seed, explain in ((8, 5, 1, True), (3000, 9, 31, False)):
    players, games = swiss(size, rounds, seed)
    outcome = rate_event(players, games, start_date=date(2024, 6, 1), explain=explain)
    records.append(canonical(outcome_record(outcome)))
print(json.dumps({"available": _vector.AVAILABLE, "numpy": repr(sys.modules["numpy"]), "records": records}))
"""


@pytest.mark.slow
def test_rates_without_numpy_with_the_same_numbers() -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT_NUMPY, str(TESTS)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["available"] is False
    assert result["numpy"] == "None"  # never imported
    expected = [rated(*swiss(8, 5, 1), {"start_date": date(2024, 6, 1)}, vector=True),
                rated(*swiss(3000, 9, 31), {"start_date": date(2024, 6, 1), "explain": False}, vector=True)]
    assert result["records"] == expected
