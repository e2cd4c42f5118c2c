"""A season hands the US Chess, FIDE and ICU engines their players as columns
(:class:`~xlrating._player_columns.PlayerColumns`): on both numeric cores, explained or not, each
engine gives the very outcome (every field of every record) and the very error that the equal
list of its player records gives, and the season's builders (:func:`xlrating.systems._uscf_columns`,
:func:`xlrating.systems.fide_columns`, :func:`xlrating.systems._icu_columns`) give the players
:func:`xlrating.systems.uscf_player`, :func:`xlrating.systems.fide_player` and
:func:`xlrating.systems.icu_player` build.

The events are the seeded random events of the engines' own two-core tests, some broken: two
players with one number, a US Chess unrated player with a history, a FIDE player rated under the
lowest published rating, an ICU rated player with too few games. A reader that misreads the
columns (two columns swapped) is caught.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from typing import Any

import pytest
from fide_random import random_event as fide_arguments
from test_game_columns import rated as rated_by
from test_icu_plain import random_event as icu_event
from test_uscf_plain import random_event as uscf_event

from xlrating import _vector, fide, icu, systems, uscf
from xlrating._player_columns import PlayerColumns
from xlrating.errors import XlratingError
from xlrating.lists import Entry

CORES = [False, True] if _vector.AVAILABLE else [False]
FIELDS = {kind: [item.name for item in dataclasses.fields(kind)]
          for kind in (uscf.UscfPlayer, fide.FidePlayer, icu.IcuPlayer)}
RATE = {uscf.UscfPlayer: uscf.rate_event, fide.FidePlayer: fide.rate_event, icu.IcuPlayer: icu.rate_event}


def fide_event(seed: int) -> tuple[list[fide.FidePlayer], Any, dict[str, Any]]:
    """A seeded random event of the FIDE engine's two-core tests: its players, games and options."""
    arguments = fide_arguments(seed)
    return arguments.pop("players"), arguments.pop("games"), arguments


def columns(players: list[Any]) -> PlayerColumns[Any]:
    """The players as a season hands them over: one column per field."""
    kind = type(players[0])
    return PlayerColumns(kind, [[getattr(p, name) for p in players] for name in FIELDS[kind]])


def broken(players: list[Any], rng: random.Random) -> list[Any]:
    """The players, some broken: a number given twice; a US Chess unrated player with a
    history; an ICU rated player with fewer games than the provisional limit."""
    players = list(players)
    chance = rng.random()
    at = rng.randrange(len(players))
    if chance < 0.05 and len(players) > 2:
        players[-1] = dataclasses.replace(players[-1], number=players[0].number)
    elif chance < 0.1 and isinstance(players[at], uscf.UscfPlayer):
        players[at] = dataclasses.replace(players[at], rating=None, games=None, history="all wins")
    elif chance < 0.2 and isinstance(players[at], icu.IcuPlayer) and players[at].kind is icu.PlayerKind.RATED:
        players[at] = dataclasses.replace(players[at], games=5)
    elif chance < 0.15 and isinstance(players[at], fide.FidePlayer) and players[at].rating is not None:
        players[at] = dataclasses.replace(players[at], rating=900.0)
    return players


EVENTS = []
_rng = random.Random("player-columns")
for _seed in range(120):
    for _maker in (uscf_event, fide_event, icu_event):
        _roster, _games, _kwargs = _maker(_seed)
        EVENTS.append((f"{type(_roster[0]).__name__}-{_seed}", broken(_roster, _rng), _games, _kwargs))


def rated(roster: Any, games: Any, kwargs: dict[str, Any], vector: bool) -> str:
    """The outcome, every field of every record, or the error, as text."""
    return rated_by(RATE[type(roster[0])], roster, games, kwargs, vector)


def differences() -> list[str]:
    found = []
    for name, roster, games, kwargs in EVENTS:
        for vector in CORES:
            for explain in (True, False):
                options = {**kwargs, "explain": explain}
                if rated(columns(roster), games, options, vector) != rated(roster, games, options, vector):
                    found.append(f"{name} {'numpy' if vector else 'plain'} explain={explain}")
    return found


def test_the_random_events_cover_every_case() -> None:
    outcomes = {name: rated(roster, games, kwargs, False) for name, roster, games, kwargs in EVENTS}
    for kind in ("UscfPlayer", "FidePlayer", "IcuPlayer"):
        found = [text for name, text in outcomes.items() if name.startswith(kind)]
        assert sum("must be unique" in o for o in found)
        assert sum(not o.startswith(("EventError", "ArgumentError")) for o in found) > 80
    assert sum("lowest rating a FIDE list has published" in o for o in outcomes.values())
    assert sum("history needs a rating" in o for o in outcomes.values())
    assert sum("a rated player has 20 or more prior games" in o for o in outcomes.values())
    assert sum(len(roster) > 100 for _, roster, _, _ in EVENTS) > 10
    assert sum(kwargs.get("dual_rated", False) for *_, kwargs in EVENTS) > 5
    assert sum(p.kind is icu.PlayerKind.PROVISIONAL for _, roster, _, _ in EVENTS for p in roster
               if isinstance(p, icu.IcuPlayer)) > 50


def test_the_engine_gives_the_same_outcome_and_error_given_the_columns() -> None:
    assert differences() == []


def test_a_reader_that_swaps_two_columns_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original = columns

    def swapped(players: list[Any]) -> PlayerColumns[Any]:
        held = original(players)
        at = {name: i for i, name in enumerate(FIELDS[held.kind])}
        values = list(held.columns)
        for one, other in (("wins", "draws"), ("peak", "floor"), ("birth_date", "joined"),
                           ("highest_rating", "k")):
            if one in at and other in at:
                values[at[one]], values[at[other]] = values[at[other]], values[at[one]]
        return PlayerColumns(held.kind, values)

    monkeypatch.setitem(globals(), "columns", swapped)
    found = differences()
    assert any(name.startswith("UscfPlayer") for name in found)
    assert any(name.startswith("FidePlayer") for name in found)
    assert any(name.startswith("IcuPlayer") for name in found)


def test_the_columns_are_a_sequence_of_the_players() -> None:
    players = [uscf.UscfPlayer(1, 1500.0, 30, wins=3), uscf.UscfPlayer(2),
               uscf.UscfPlayer(3, 1700.0, peak=1800.0)]
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
    held = systems._uscf_columns(entries, apart)
    expected = [systems.uscf_player(entry, n, {}, "Regular", "Regular") for n, entry in enumerate(entries, 1)]
    expected[3] = apart[3]
    assert list(held) == expected
    for got, want in zip(held, expected, strict=True):
        assert [type(getattr(got, name)) for name in FIELDS[uscf.UscfPlayer]] == [
        type(getattr(want, name)) for name in FIELDS[uscf.UscfPlayer]]


def test_the_icu_builder_gives_the_records_icu_player_builds() -> None:
    rng = random.Random(6)
    rules = icu.get_rules()
    entries = []
    for key in range(1, 300):
        rated_ = rng.random() < 0.8
        entries.append(Entry(
            key, rng.choice((1500, 1612.0, 2300)) if rated_ else None,
            rng.choice((None, 3, 19, 20, 60)) if rated_ else None, k=rng.choice((None, 24, 32.0)),
            birth_date=rng.choice((None, dt.date(2010, 5, 1))),
            joined=rng.choice((None, dt.date(2019, 2, 1)))))
    held = systems._icu_columns(entries, rules, first=4)
    expected = [systems.icu_player(entry, n, rules) for n, entry in enumerate(entries, 4)]
    assert list(held) == expected and held == expected
    checked = [systems.icu_player(entry, n, rules, checked=True) for n, entry in enumerate(entries, 4)]
    assert checked == expected
    kinds = {p.kind for p in held}
    assert kinds == set(icu.PlayerKind)
    for got, want in zip(held, expected, strict=True):
        assert [type(getattr(got, name)) for name in FIELDS[icu.IcuPlayer]] == [
            type(getattr(want, name)) for name in FIELDS[icu.IcuPlayer]]
    with pytest.raises(XlratingError):
        systems._icu_columns([Entry(1, 1500, 0)], rules)


def test_the_fide_builder_gives_the_records_fide_player_builds() -> None:
    rng = random.Random(7)
    entries, games, ks = [], [], []
    for key in range(1, 300):
        rated_ = rng.random() < 0.8
        entries.append(Entry(
            key, rng.choice((1500, 1612.0, 2400)) if rated_ else None, peak=rng.choice((None, 2450, 2500.0)),
            birth_date=rng.choice((None, dt.date(2010, 5, 1)))))
        games.append(rng.choice((None, 0, 12, 30.0)))
        ks.append(rng.choice((None, 10, 20.0, 40)))
    held = systems.fide_columns([e.rating for e in entries], games, [e.peak for e in entries],
                                [e.birth_date for e in entries], ks, first=4)
    expected = [systems.fide_player(entry, n, g, k)
                for n, (entry, g, k) in enumerate(zip(entries, games, ks, strict=True), 4)]
    assert list(held) == expected and held == expected
    checked = [systems.fide_player(entry, n, g, k, checked=True)
               for n, (entry, g, k) in enumerate(zip(entries, games, ks, strict=True), 4)]
    assert checked == expected
    for got, want in zip(held, expected, strict=True):
        assert [type(getattr(got, name)) for name in FIELDS[fide.FidePlayer]] == [
            type(getattr(want, name)) for name in FIELDS[fide.FidePlayer]]


OTHERS = {uscf.UscfPlayer: [icu.IcuPlayer(n, icu.PlayerKind.RATED, 1500.0) for n in (1, 2)],
          fide.FidePlayer: [uscf.UscfPlayer(n, 1500.0) for n in (1, 2)],
          icu.IcuPlayer: [uscf.UscfPlayer(n, 1500.0) for n in (1, 2)]}
"""Each engine's (by its player type) players of the other engine."""


@pytest.mark.parametrize("kind", OTHERS)
def test_columns_of_another_engines_players_are_refused_as_a_list_of_them_is(kind: type) -> None:
    """Columns of the other engine's players are checked as any sequence is: the message names
    the first player that is not the engine's, as for the list of those players."""
    players = OTHERS[kind]
    with pytest.raises(XlratingError) as given_list:
        RATE[kind](players, [])
    with pytest.raises(XlratingError) as given_columns:
        RATE[kind](columns(players), [])
    assert str(given_columns.value) == str(given_list.value)
