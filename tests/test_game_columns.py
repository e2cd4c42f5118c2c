"""A season hands the engines its games as columns (:class:`~xlrating.model.GameColumns`): every
engine, on both numeric cores, explained or not, gives the very outcome (every field of every
record) and the very error that the equal list of :class:`~xlrating.model.Game` gives, and the
season's seating gathers the columns the engines were handed as games before.

The events are the seeded random events of the engines' own two-core tests, varied here: games
out of round order, a pairing repeated in a later round, rounds given as whole floats, and
broken ones (a game naming a player who is not in the event, a player with two games in one
round). A builder that misreads the columns (two columns swapped) is caught.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

import pytest
from fide_random import random_event as fide_event
from test_icu_plain import random_event as icu_event
from test_uscf_plain import random_event as uscf_event

from xlrating import _vector, fide, icu, uscf
from xlrating.errors import XlratingError
from xlrating.lists import Event
from xlrating.lists.rate import Seating
from xlrating.model import EventOutcome, Game, GameColumns, checked_games, game_columns

needs_numpy = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy core needs numpy")

CORES = [False, True] if _vector.AVAILABLE else [False]


def columns(games: list[Game]) -> GameColumns:
    """The games as a season hands them over: one column per field."""
    return GameColumns([g.round for g in games], [g.player for g in games], [g.opponent for g in games],
                       [g.score for g in games])


def varied(games: list[Game], numbers: list[int], rng: random.Random) -> list[Game]:
    """The games, some given out of round order, with a pairing repeated in a later round, with
    rounds as whole floats, or broken: a game naming a player who is not in the event, or a
    player with two games in one round."""
    games = list(games)
    last = max((g.round for g in games), default=0)
    if games and rng.random() < 0.3:  # the same two players meet again
        again = rng.choice(games)
        games.append(Game(last + 1, again.opponent, again.player, rng.choice((1.0, 0.5, 0.0))))
    if rng.random() < 0.5:
        rng.shuffle(games)
    if rng.random() < 0.15:
        games = [Game(float(g.round), g.player, g.opponent, g.score) for g in games]
    broken = rng.random()
    if broken < 0.05:
        games.insert(rng.randint(0, len(games)), Game(1, numbers[0], max(numbers) + 1, 0.5))
    elif broken < 0.1 and games and len(numbers) > 2:
        game = rng.choice(games)
        other = next(n for n in numbers if n not in (game.player, game.opponent))
        games.append(Game(game.round, game.player, other, 1.0))
    return games


Rate = Callable[..., EventOutcome]


def events() -> Iterator[tuple[str, Rate, list[Any], list[Game], dict[str, Any]]]:
    """Every engine's seeded random events, varied (:func:`varied`)."""
    rng = random.Random("game-columns")
    for seed in range(60):
        roster, games, kwargs = uscf_event(seed)
        yield f"uscf-{seed}", uscf.rate_event, roster, varied(games, [p.number for p in roster], rng), kwargs
        roster, games, kwargs = icu_event(seed)
        yield f"icu-{seed}", icu.rate_event, roster, varied(games, [p.number for p in roster], rng), kwargs
        arguments = fide_event(seed)
        roster, games = arguments.pop("players"), arguments.pop("games")
        numbers = [p.number for p in roster]
        yield f"fide-{seed}", fide.rate_event, roster, varied(games, numbers, rng), arguments


EVENTS = list(events())


def rated(rate: Rate, roster: list[Any], games: Any, kwargs: dict[str, Any], vector: bool) -> str:
    """The outcome, every field of every record (floats by their repr, every player's outcome
    read), or the error, as text."""
    with _vector.forced(vector):
        try:
            return repr(rate(roster, games, **kwargs))
        except XlratingError as error:
            return f"{type(error).__name__}: {error}"


def differences() -> list[str]:
    """The events, cores and explanations whose outcome (or error) differs between the games
    given as columns and as the list of games."""
    found = []
    for name, rate, roster, games, kwargs in EVENTS:
        for vector in CORES:
            for explain in (True, False):
                options = {**kwargs, "explain": explain}
                if rated(rate, roster, columns(games), options, vector) != rated(rate, roster, games, options,
                                                                                   vector):
                    found.append(f"{name} {'numpy' if vector else 'plain'} explain={explain}")
    return found


def test_the_random_events_cover_every_case() -> None:
    outcomes = [rated(rate, roster, games, kwargs, False) for _, rate, roster, games, kwargs in EVENTS]
    assert sum(o.startswith("EventError: The event's games name players who are not in it") for o in outcomes)
    assert sum(o.startswith("EventError: A player can play one game per round") for o in outcomes)
    assert sum(not o.startswith("EventError") for o in outcomes) > 150
    games = [games for _, _, _, games, _ in EVENTS]
    assert sum(any(a.round > b.round for a, b in pairwise(g)) for g in games) > 30
    assert sum(any(type(game.round) is float for game in g) for g in games)
    assert sum(len({frozenset((x.player, x.opponent)) for x in g}) < len(g) for g in games)  # pairs met again
    unrated = [r for _, _, roster, _, _ in EVENTS for r in roster if getattr(r, "rating", 0) is None]
    assert len(unrated) > 100


def test_every_engine_gives_the_same_outcome_and_error_given_the_columns() -> None:
    assert differences() == []


def test_a_builder_that_swaps_two_columns_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def swapped(games: Any) -> GameColumns:
        found = game_columns(games)
        if games.__class__ is GameColumns:
            return GameColumns(found.rounds, found.opponents, found.players, found.scores)
        return found

    monkeypatch.setattr("xlrating._sides.game_columns", swapped)
    if _vector.AVAILABLE:
        monkeypatch.setattr("xlrating._sides_numpy.game_columns", swapped)
    found = differences()
    assert any(name.endswith("explain=False") and "plain" in name for name in found)
    assert not _vector.AVAILABLE or any("numpy" in name for name in found)


def test_the_columns_are_a_sequence_of_the_games() -> None:
    games = [Game(2, 1, 2, 1.0), Game(1, 3, 1, 0.5), Game(2.0, 2, 3, 0.0)]  # type: ignore[arg-type]
    held = columns(games)
    assert len(held) == 3 and list(held) == games and held == games and games == held
    assert [held[i] for i in range(-3, 3)] == games + games
    assert held[1:] == games[1:] and isinstance(held[1:], GameColumns)
    assert held[::-1] == games[::-1]
    assert held.index(Game(1, 3, 1, 0.5)) == 1 and Game(2, 2, 3, 0.0) in held
    assert held != games[:2] and held != tuple(games)
    assert held == columns(games) and held != columns(games[:2])
    with pytest.raises(IndexError):
        held[3]
    assert all(type(g) is Game for g in held) and repr(held) == f"GameColumns({games!r})"
    with pytest.raises(TypeError):
        hash(held)


def test_an_engine_takes_the_columns_as_they_are() -> None:
    held = columns([Game(1, 1, 2, 1.0)])
    assert checked_games(held) is held and game_columns(held) is held
    listed = [Game(1, 1, 2, 1.0)]
    assert checked_games(listed) is listed and game_columns(listed) == held


def seated_one_by_one(*events: Event) -> tuple[list[Any], list[Game]]:
    """The players and games of a seating, numbered game by game: the order in which the games
    first name the players, each game's first player before its second."""
    numbers: dict[Any, int] = {}
    games = []
    for event in events:
        for rnd, a, b, score in event.games:
            first = numbers.setdefault(a, len(numbers) + 1)
            second = numbers.setdefault(b, len(numbers) + 1)
            games.append(Game(rnd, first, second, {"W": 1.0, "D": 0.5, "L": 0.0}.get(score, score)))
    return list(numbers), games


@pytest.mark.parametrize("seed", range(20))
def test_a_seating_gathers_the_games_numbered_as_they_first_name_the_players(seed: int) -> None:
    rng = random.Random(seed)
    wave = []
    for index in range(rng.randint(1, 4)):
        ids: list[Any] = rng.sample(range(1, 60), rng.randint(2, 12))
        ids = [f"p{key}" if rng.random() < 0.3 else key for key in ids]
        games = [(rng.randint(1, 5) * rng.choice((1, 1.0)), *rng.sample(ids, 2),
                  rng.choice((1.0, 0.5, 0, 1, "W", "D"))) for _ in range(rng.randint(0, 15))]
        wave.append(Event(f"e{index}", dt.date(2024, 1, 1), games))
    seating = Seating(*wave)
    ids, games = seated_one_by_one(*wave)
    assert seating.ids == ids and seating.games == games and isinstance(seating.games, GameColumns)
    assert all(type(score) is float for score in seating.games.scores)
    assert [type(r) for r in seating.games.rounds] == [type(g[0]) for event in wave for g in event.games]
    assert seating.ends == [len(seated_one_by_one(*wave[:i + 1])[0]) for i in range(len(wave))]
    wins, draws, losses = seating.tally()
    for number in range(1, len(ids) + 1):
        results = [g.side(number)[1] for g in games if number in (g.player, g.opponent)]
        assert (wins[number - 1], draws[number - 1], losses[number - 1]) == (
            results.count(1.0), results.count(0.5), results.count(0.0))

