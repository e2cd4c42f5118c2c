"""A season hands the US Chess engine its players as columns
(:class:`~xlrating._player_columns.PlayerColumns`): on both numeric cores, explained or not, the
engine gives the very outcome (every field of every record) and the very error that the equal
list of :class:`~xlrating.uscf.UscfPlayer` gives, and the season's builder
(:func:`xlrating.systems.uscf_columns`) gives the players :func:`xlrating.systems.uscf_player`
builds.

The events are the seeded random events of the engine's own two-core tests, some broken: an
unrated player with a history, two players with one number. A reader that misreads the columns
(two columns swapped) is caught.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from typing import Any

import pytest
from test_uscf_plain import random_event

from xlrating import _vector, systems, uscf
from xlrating.errors import XlratingError
from xlrating.lists import Entry
from xlrating._player_columns import PlayerColumns

CORES = [False, True] if _vector.AVAILABLE else [False]
FIELDS = [item.name for item in dataclasses.fields(uscf.UscfPlayer)]


def columns(players: list[uscf.UscfPlayer]) -> PlayerColumns:
    """The players as a season hands them over: one column per field."""
    return PlayerColumns(uscf.UscfPlayer, [[getattr(p, name) for p in players] for name in FIELDS])


def broken(players: list[uscf.UscfPlayer], rng: random.Random) -> list[uscf.UscfPlayer]:
    """The players, some broken: an unrated player with a history, or a number given twice."""
    players = list(players)
    chance = rng.random()
    if chance < 0.05 and len(players) > 2:
        at = rng.randrange(len(players))
        players[at] = dataclasses.replace(players[at], rating=None, games=None, history="all wins")
    elif chance < 0.1 and len(players) > 2:
        players[-1] = dataclasses.replace(players[-1], number=players[0].number)
    return players


EVENTS = []
_rng = random.Random("player-columns")
for _seed in range(120):
    _roster, _games, _kwargs = random_event(_seed)
    EVENTS.append((_seed, broken(_roster, _rng), _games, _kwargs))


def rated(roster: Any, games: Any, kwargs: dict[str, Any], vector: bool) -> str:
    """The outcome, every field of every record, or the error, as text."""
    with _vector.forced(vector):
        try:
            return repr(uscf.rate_event(roster, games, **kwargs))
        except XlratingError as error:
            return f"{type(error).__name__}: {error}"


def differences() -> list[str]:
    found = []
    for seed, roster, games, kwargs in EVENTS:
        for vector in CORES:
            for explain in (True, False):
                options = {**kwargs, "explain": explain}
                if rated(columns(roster), games, options, vector) != rated(roster, games, options, vector):
                    found.append(f"{seed} {'numpy' if vector else 'plain'} explain={explain}")
    return found


def test_the_random_events_cover_every_case() -> None:
    outcomes = [rated(roster, games, kwargs, False) for _, roster, games, kwargs in EVENTS]
    assert sum("history needs a rating" in o for o in outcomes)
    assert sum("must be unique" in o for o in outcomes)
    assert sum(not o.startswith(("EventError", "ArgumentError")) for o in outcomes) > 80
    assert sum(len(roster) > 100 for _, roster, _, _ in EVENTS) > 5
    assert sum(kwargs.get("dual_rated", False) for *_, kwargs in EVENTS) > 5


def test_the_engine_gives_the_same_outcome_and_error_given_the_columns() -> None:
    assert differences() == []


def test_a_reader_that_swaps_two_columns_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original = columns

    def swapped(players: list[uscf.UscfPlayer]) -> PlayerColumns:
        held = original(players)
        at = {name: i for i, name in enumerate(FIELDS)}
        values = list(held.columns)
        values[at["wins"]], values[at["draws"]] = values[at["draws"]], values[at["wins"]]
        values[at["peak"]], values[at["floor"]] = values[at["floor"]], values[at["peak"]]
        return PlayerColumns(uscf.UscfPlayer, values)

    monkeypatch.setitem(globals(), "columns", swapped)
    assert differences()


def test_the_columns_are_a_sequence_of_the_players() -> None:
    players = [uscf.UscfPlayer(1, 1500.0, 30, wins=3), uscf.UscfPlayer(2), uscf.UscfPlayer(3, 1700.0, peak=1800.0)]
    held = columns(players)
    assert len(held) == 3 and list(held) == players and held == players and players == held
    assert [held[i] for i in range(-3, 3)] == players + players
    assert held[1:] == players[1:] and held[::-1] == players[::-1]
    assert held != players[:2] and all(type(p) is uscf.UscfPlayer for p in held)
    with pytest.raises(IndexError):
        held[3]
    with pytest.raises(TypeError):
        hash(held)


def test_the_season_builder_gives_the_records_uscf_player_builds() -> None:
    rng = random.Random(5)
    entries = []
    for key in range(1, 200):
        rated_ = rng.random() < 0.8
        entries.append(Entry(
            key, rng.choice((1500, 1612.5, 2000.0)) if rated_ else None,
            rng.choice((None, 0, 10, 30)) if rated_ else None,
            history=rng.choice((None, "all wins")) if rated_ else None,
            fide=rng.choice((None, 1800, 1750.0)), cfc=rng.choice((None, 1400)),
            birth_date=rng.choice((None, dt.date(2010, 5, 1))), adult=rng.choice((None, True, False)),
            floor=rng.choice((None, 1200, 2200.0)), peak=rng.choice((None, 2100)) if rated_ else None,
            wins=rng.choice((None, 0, 4)), draws=rng.choice((None, 7)), events=rng.choice((None, 2))))
    apart = {3: systems.uscf_player(entries[3], 4, {"Quick": (1400.0, 12)}, "Regular", "Regular")}
    held = systems.uscf_columns(entries, apart)
    expected = [systems.uscf_player(entry, n, {}, "Regular", "Regular") for n, entry in enumerate(entries, 1)]
    expected[3] = apart[3]
    assert list(held) == expected
    for got, want in zip(held, expected, strict=True):
        assert [type(getattr(got, name)) for name in FIELDS] == [type(getattr(want, name)) for name in FIELDS]
