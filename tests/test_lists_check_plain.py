"""The quick paths of a season's checks (:mod:`xlrating.lists.check`) pass only what the full
checks pass, and find what they find.

A list's entry, an event's new player and an event's dates, type and flags are first checked
fast (:func:`_plain_listed`, :func:`_plain_event`); anything the quick path does not pass goes
through the full checks, which say what is wrong. Here both paths are run on random values of
every field, valid and not: the quick path may pass a value only where the full checks find
nothing, and an event's checks find the same by either path.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import random
from collections import OrderedDict
from types import MappingProxyType
from typing import Any

import pytest

from xlrating import systems
from xlrating.lists import Entry, Event, RatingList
from xlrating.lists.check import (
    _entry_problems,
    _event_problems,
    _new_player_problems,
    _once,
    _own_rating_system,
    _plain_event,
    _plain_listed,
    _plain_terms,
)
from xlrating.lists.model import PendingEvent
from xlrating.model import EventType

D = dt.date
NAN = float("nan")

try:  # numpy's scalars, as a caller's arrays give them (Pyodide runs the suite without numpy)
    import numpy as np

    SCALARS: dict[str, list[Any]] = {"rating": [np.float64(1500.0)], "games": [np.int64(3)],
                                     "draws": [np.int64(1)]}
except ImportError:
    SCALARS = {}

VALUES: dict[str, list[Any]] = {
    "rating": [None, 1500, 1500.0, 1500.5, 100, 99.5, 1, 0, -0.0, 999, 1000, 4000, 4000.5, NAN, float("inf"),
               True, "1500", 10**12, *SCALARS.get("rating", [])],
    "games": [None, 0, 12, 10**9, 10**9 + 1, -1, 1.0, True, "5", *SCALARS.get("games", [])],
    "name": ["", "Ann", None, 5],
    "birth_date": [None, D(2000, 5, 1), D(2010, 1, 1), dt.datetime(2000, 1, 1), "2000-01-01"],
    "joined": [None, D(2000, 5, 1), D(1999, 1, 1), D(2020, 1, 1), dt.datetime(2020, 1, 1)],
    "adult": [False, True, 0, 1, "no", None],
    "k": [None, 1, 24.0, 100, 100.5, 0.5, 0, -0.0, NAN, True, "24"],
    "floor": [None, 1200, 1200.0, 50, -0.0, 4001, NAN, False],
    "peak": [None, 1600, 1600.0, 0, -0.0, 5000, True],
    "wins": [0, 3, 10**9, 10**10, -1, 1.0, True, None],
    "draws": [0, 2, -1, 2.0, False, *SCALARS.get("draws", [])],
    "events": [0, 1, 10**9, 10**9 + 1, 1.5, None],
    "history": [None, "all wins", "all losses", "x", ""],
    "fide": [None, 1500, 999.5, 1000, 0, -0.0, 4000, 4001, NAN, True],
    "cfc": [None, 1200, 0, -0.0, 4001, NAN, "1200"],
    "other_ratings": [{}, {"Quick": (1400.0, 5)}, {"Regular": (1500.0, 5)},
                      {"quick": (1.0, 1), "QC": (2.0, 2)}, {"Bogus": (1.0, 1)}, [], None, OrderedDict()],
    "pending": [(), [], None, "", (PendingEvent(D(2024, 1, 1), (1500.0,), (1.0,), True),), ("x",), False],
}


def _random_entry(rng: random.Random, key: Any) -> Entry:
    """An entry with most fields plain (as a list has them) and a few drawn from :data:`VALUES`."""
    fields: dict[str, Any] = {"rating": rng.choice([None, 1500.0, 1823, 2200.0]),
                              "games": rng.choice([None, 30])}
    for name in rng.sample(sorted(VALUES), rng.randint(0, 4)):
        fields[name] = rng.choice(VALUES[name])
    return Entry(key, **fields)


@pytest.mark.parametrize("system", ["USCF", "FIDE", "ICU"])
def test_a_list_entry_is_passed_at_once_only_where_the_full_checks_find_nothing(system: str) -> None:
    rng = random.Random(system)
    found = systems.keyed(system)
    for rating_system in ("Regular", "Quick"):
        ratings = RatingList(system, {}, rating_system=rating_system)
        own = _own_rating_system(ratings, found)
        plain = _plain_terms(found, own)
        passed = 0
        for _ in range(4000):
            key = rng.choice([7, "7"])
            entry = _random_entry(rng, key)
            if _plain_listed(key, entry, *plain):
                passed += 1
                assert _entry_problems(key, entry, found, own) == [], entry
        assert passed > 500  # (the quick path is taken in the common case)


@pytest.mark.parametrize("system", ["USCF", "FIDE", "ICU"])
def test_a_new_player_s_data_is_said_as_the_full_checks_say_it(system: str) -> None:
    rng = random.Random(system)
    for _ in range(300):
        data = {name: value for name, value in dataclasses.asdict(_random_entry(rng, 0)).items()
                if name != "id" and rng.random() < 0.5}
        players: dict[Any, Any] = {rng.choice([50, "50"]): data, 51: {}, 52: {"rating": 1500.0}}
        event = Event("e", D(2024, 3, 1), [], players=players)
        ratings = RatingList(system, {1: Entry(1, 1500.0)})
        found = systems.keyed(system)
        own = _own_rating_system(ratings, found)
        expected = [f"new player {key!r}: {message}" for key, value in players.items()
                    for message in _entry_problems(key, Entry(key, **value), found, own)]
        assert _new_player_problems(event, ratings, {1}) == expected


BASE = Event("e", D(2024, 3, 1), [(1, 1, 2, 1.0), (2, 2, 1, 0.5)])
CHANGES: dict[str, list[Any]] = {
    "end_date": [D(2024, 3, 1), D(2023, 12, 31), dt.datetime(2024, 3, 1), "2024-03-01", None],
    "start_date": [None, D(2024, 3, 1), D(2024, 2, 28), D(2024, 3, 2), dt.datetime(2024, 3, 1), "x"],
    "event_type": ["Swiss", "Round robin", "Match", "swiss", EventType.SWISS, "knockout", None, ["Swiss"]],
    "dual_rated": [False, True, 0, None, "no"],
    "name": ["", "Open", None, 5],
    "rating_system": [None, "Regular", "Quick", "Blitz", "bogus", 5],
    "bonus_multiplier": [None, 0, 2.0],
    "players": [{}, {3: {}}, {3: {"rating": 1500.0}}, {1: {}}, OrderedDict({3: {}}),
                MappingProxyType({3: {}}), [3], {3: {"bogus": 1}}],
    "games": [[(1, 1, 2, 1.0)], ((1, 1, 2, 1.0),), [], "1-0", None, [(1, 1, 1, 1.0)], [[1, 1, 2, 1]]],
}


@pytest.mark.parametrize("system", ["USCF", "FIDE", "ICU"])
def test_a_plain_event_s_checks_find_what_the_full_checks_find(system: str) -> None:
    rng = random.Random(system)
    taken = 0
    for _ in range(3000):
        changes = {name: rng.choice(values) for name, values in CHANGES.items() if rng.random() < 0.3}
        event = dataclasses.replace(BASE, **changes)
        date = rng.choice([None, D(2024, 1, 1), D(2024, 3, 1), dt.datetime(2024, 1, 1)])
        ratings = RatingList(system, {1: Entry(1, 1500.0), 2: Entry(2, 1500.0)}, date=date)
        since = date if type(date) is dt.date else None
        plain = _plain_event(event, since)
        taken += plain
        full_players: dict[str, set[Any]] = {}
        full = _event_problems(event, ratings, {1, 2}, full_players)
        quick_players: dict[str, set[Any]] = {}
        assert _event_problems(event, ratings, {1, 2}, quick_players, plain) == full, changes
        assert quick_players == full_players
    assert taken > 300
    assert _plain_event(BASE, D(2024, 1, 1))


def test_an_event_before_the_list_s_date_or_starting_after_its_end_is_not_plain() -> None:
    assert not _plain_event(BASE, D(2024, 3, 2))
    assert not _plain_event(dataclasses.replace(BASE, start_date=D(2024, 3, 2)), None)
    assert not _plain_event(dataclasses.replace(BASE, event_type="swiss"), None)  # (the check says how)
    assert math.isnan(NAN)  # (the values above hold one)


def _given_once(rounds: tuple[Any, ...], firsts: tuple[Any, ...], seconds: tuple[Any, ...]) -> bool:
    """Each game given once, by the letter: no player meets himself, and no two games of a round
    are the same two players, in either order."""
    games = list(zip(rounds, firsts, seconds, strict=True))
    if any(a == b for _, a, b in games):
        return False
    pairs = [(r, frozenset((a, b))) for r, a, b in games]
    return len(set(pairs)) == len(pairs)


@pytest.mark.parametrize("seed", range(40))
def test_games_given_once_are_found_as_the_letter_finds_them(seed: int) -> None:
    """:func:`_once` (whose quick path passes an event where each player plays once a round) says
    what the rule says, for events with rounds and tables whose games are all round 1, with games
    given twice in either order and players meeting themselves."""
    rng = random.Random(seed)
    for _ in range(200):
        rounds_played = rng.choice([1, 1, 3, 7])
        players = rng.choice([[1, 2], [1, 2, 3], [1, 2, 3, 4], list(range(1, 10)), ["a", "b", 3, 4, 5]])
        games: list[tuple[Any, Any, Any]] = []
        if rng.random() < 0.3:  # a table without rounds: every pair, all in round 1
            games = [(1, a, b) for i, a in enumerate(players) for b in players[i + 1:]]
        for rnd in range(1, rounds_played + 1 if not games else 1):
            order = players[:]
            rng.shuffle(order)
            games += [(rnd, order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
        for _ in range(rng.choice([0, 0, 1, 2])):  # a game given again, in either order, or a player alone
            rnd, a, b = rng.choice(games)
            games.insert(rng.randrange(len(games) + 1),
                         rng.choice([(rnd, a, b), (rnd, b, a), (rnd, a, a), (rnd + 1, a, b),
                                     (rounds_played + 1, a, a)]))  # (alone in a round)
        rounds, firsts, seconds = (tuple(column) for column in zip(*games, strict=True))
        assert _once(rounds, firsts, seconds) == _given_once(rounds, firsts, seconds), games
