"""A FIDE season's steps on arrays for a wave give what the plain steps give, player by player.

- The K of a period for the rated players with no K given on the list: the rules' K on the
  period's last day (:func:`xlrating.fide.rating.k_rule`) held to the 700 rule over the period's
  games (:func:`~xlrating.fide.rating.k_limit`; FIDE Rating Regulations 2024, 8.3.3), each asked
  of the rules player by player here, against what the season hands the engine
  (``lists.fide._engine_players``), its totals on arrays (the birth years read once a season, new
  players' as they join) and plain.
- The K a season gives every rated player, held to the 700 rule over an event's games by the
  engine on arrays where every K given is whole, against
  :func:`xlrating.fide.core.given_k_within` asked of each player; and whole events rated with
  every rated player's K given (the rules' K then not asked), on both numeric cores.
- Whole seasons in which new players join with birth dates (young and not), get a first rating and
  play on with the junior K, rated on arrays and in plain Python.

The numbers compared come from two code paths, or from the rules' own functions asked one player
at a time: none is pinned here.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from fide_random import swiss_games
from uscf_snapshot import encode

from xlrating import _vector
from xlrating.fide import FidePlayer, get_rules, rate_event
from xlrating.fide.core import given_k_within
from xlrating.fide.rating import k_limit, k_rule
from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.lists import fide as fide_lists

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy path needs numpy")

D = dt.date
EDITIONS = ["2024", "handbook"]
BIRTHS = [None, D(1975, 5, 5), D(2006, 1, 1), D(2007, 12, 31), D(2008, 1, 1), D(2012, 6, 1)]
"""Birth dates about the junior K's bound for periods in 2025 (the year of the 18th birthday)."""


def _entry(rng: random.Random, key: int) -> Entry:
    if rng.random() < 0.08:
        return Entry(key, birth_date=rng.choice(BIRTHS))
    rating = float(rng.choice([rng.randint(1400, 2450), 2290, 2300, 2395, 2400]))
    peak = rng.choice([None, None, rating, min(2500.0, rating + 120), 2400.0])
    k = rng.choice([None] * 8 + [10.0, 20.0, 40.0])
    return Entry(key, rating, rng.choice([None, 40, 12, 29, 3]), peak=peak, birth_date=rng.choice(BIRTHS),
                 k=k, events=rng.choice([0, 5]))


def season(seed: int, rules: str, size: int = 260, count: int = 36) -> tuple[RatingList, list[Event]]:
    """A season of three monthly periods in 2025: Swisses of up to 11 rounds (enough games in a month
    for the 700 rule), new players given in their first event in the first two months, some with a
    birth date, most rated at the close of their month and playing on in the months after."""
    rng = random.Random(f"wave-arrays-{seed}")
    ratings = RatingList("FIDE", {key: _entry(rng, key) for key in range(1, size + 1)}, rules=rules,
                         date=D(2024, 12, 31))
    power = {key: rng.gauss(1800, 250) for key in range(1, size + 200)}
    events, new, joined = [], iter(range(size + 1, size + 200)), [[], [], []]
    for index in range(count):
        month = index * 3 // count
        end = D(2025, 1 + month, rng.randint(1, 28))
        players = rng.sample(range(1, size + 1), rng.choice([20, 30, 40]))
        if month:  # (players new in the month before, again)
            players += rng.sample(joined[month - 1], 3)
        joining = {}
        if month < 2:  # (new players in the first two months, most rated at its close)
            for _ in range(rng.choice([2, 4])):
                key = next(new)
                players.append(key)
                joined[month].append(key)
                joining[key] = rng.choice([{}, {"birth_date": rng.choice(BIRTHS[1:])}])
        games = swiss_games(rng, players, power, rng.choice([5, 9, 11]))
        events.append(Event(f"E{index}", end, [(g.round, g.player, g.opponent, g.score) for g in games],
                            players=joining))
    return ratings, events


def _result(ratings: RatingList, events: list[Event], vector: bool) -> str:
    with _vector.forced(vector):
        result = rate_season(ratings, events, period_months=1)
    return repr(result)


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("seed", range(6))
def test_seasons_with_juniors_joining_alike_on_arrays_and_plain(seed: int, rules: str) -> None:
    ratings, events = season(seed, rules)
    assert _result(ratings, events, True) == _result(ratings, events, False)


@pytest.mark.parametrize("vector", [True, False])
@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("seed", range(4))
def test_the_engines_players_k_is_the_rules_k_held_to_the_700_rule(
        monkeypatch: pytest.MonkeyPatch, seed: int, rules: str, vector: bool) -> None:
    ratings, events = season(seed, rules)
    original = fide_lists._engine_players
    checked = {"rules' K": 0, "junior": 0, "held": 0}

    def compared(period: Any, start: Any) -> Any:
        players = original(period, start)
        positions, starts, _ = start
        edition = period.rules
        for index, (at, rating) in enumerate(zip(positions, starts, strict=True)):
            if rating is None or period.list_k[at] is not None:
                continue
            rule, why = k_rule(edition, rating, period.list_games[at], period.peak[at], period.birth_date[at],
                               period.end)
            games = next(iter(period.totals.against_rated([at])))
            expected = k_limit(edition, rule, games or None)
            found = players.column("k")[index]
            assert type(found) is float and found == expected, (at, rating, why, games)
            checked["rules' K"] += 1
            checked["junior"] += why == "junior"
            checked["held"] += expected < rule
        return players

    monkeypatch.setattr(fide_lists, "_engine_players", compared)
    with _vector.forced(vector):
        rate_season(ratings, events, period_months=1)
    assert checked["rules' K"] > 500
    assert checked["held"] > 0 or get_rules(rules).k_games_limit is None  # (the 700 rule: 2024)
    assert checked["junior"] > 0 or get_rules(rules).k_junior is None


@pytest.mark.parametrize("rules", EDITIONS)
def test_whole_ks_given_are_held_on_arrays_as_each_alone(rules: str) -> None:
    import numpy as np

    from xlrating.fide.core_numpy import _given_ks

    edition = get_rules(rules)
    rng = random.Random(rules)
    for _ in range(200):
        size = rng.randint(1, 60)
        ks: list[float | None] = [rng.choice([None, 10.0, 20.0, 40.0, 15, 70.0, 700.0, 1.0])
                                  for _ in range(size)]
        games = np.array([rng.choice([0, 1, 9, 17, 18, 35, 36, 70, 71]) for _ in range(size)], dtype=np.int64)
        (at, numerators, denominators, befores), held = _given_ks(edition, ks, games)
        alone = {i: given_k_within(edition, k, int(games[i])) for i, k in enumerate(ks) if k is not None}
        assert list(map(int, at)) == list(alone)
        held_each = zip(numerators, denominators, befores, strict=True)
        assert [((int(n), int(d)), int(b)) for n, d, b in held_each] == list(alone.values())
        assert held == set(alone.values())


def test_ks_given_that_are_not_whole_are_held_each_alone() -> None:
    import numpy as np

    from xlrating.fide.core_numpy import _given_ks, _whole_ks_within

    edition = get_rules("2024")
    ks: list[float | None] = [20.0, 22.5, None, 40.0]
    games = np.array([40, 40, 3, 9], dtype=np.int64)
    assert _whole_ks_within(edition, ks, games) is None
    (at, numerators, denominators, befores), held = _given_ks(edition, ks, games)
    assert list(at) == [0, 1, 3]
    assert list(zip(numerators, denominators, befores, strict=True)) == [(17, 1, 20), (17, 1, 23), (40, 1, 0)]
    assert held == {((17, 1), 20), ((17, 1), 23), ((40, 1), 0)}


def _event(seed: int) -> dict[str, Any]:
    """A Swiss of 40 to 120 players as a season hands it to the engine: every rated player with his
    K given (whole), some of them with enough games for the 700 rule, a few rated without a K,
    some unrated, with a K given or not."""
    rng = random.Random(f"whole-ks-{seed}")
    size = rng.randint(40, 120)
    all_given = rng.random() < 0.5
    players = []
    for number in range(1, size + 1):
        if rng.random() < 0.1:
            players.append(FidePlayer(number, None, games=rng.choice([None, 4]), k=rng.choice([None, 40.0])))
            continue
        rating = float(rng.randint(1400, 2600))
        k = rng.choice([10.0, 20.0, 40.0, 40.0]) if all_given or rng.random() < 0.9 else None
        players.append(FidePlayer(number, rating, games=rng.choice([None, 12]), birth_date=rng.choice(BIRTHS),
                                  k=k))
    power = {p.number: (p.rating or 1600.0) + rng.gauss(0, 100) for p in players}
    games = swiss_games(rng, [p.number for p in players], power, rng.choice([9, 18, 20]))
    return {"players": players, "games": games, "event_type": "Swiss", "rules": rng.choice(EDITIONS),
            "end_date": D(2025, 3, 31), "explain": rng.random() < 0.3}


def _rated(arguments: dict[str, Any], vector: bool) -> Any:
    with _vector.forced(vector):
        return encode(rate_event(**arguments))


@pytest.mark.parametrize("seed", range(24))
def test_events_with_every_rated_players_k_given_alike_on_both_cores(seed: int) -> None:
    arguments = _event(seed)
    assert _rated(arguments, True) == _rated(arguments, False)
