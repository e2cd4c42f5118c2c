"""Several US Chess events ending on different days rated in one call (``rate_event``'s
``end_dates``, as a season's waves rate them) against each event rated alone: every field of
every player's outcome, on both numeric cores.

The end date decides an unrated player's initial rating (US Chess 2020, 2: his age, the FIDE
conversion in force, which changed on 1 March 2024): each must be his own event's. The events
are seeded random ones with unrated players (with birth dates, with FIDE or CFC ratings, with
none), provisional and established players, ending on both sides of that change."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random

import pytest

from xlrating import _vector
from xlrating.errors import ArgumentError
from xlrating.model import Game, PlayerOutcome
from xlrating.uscf import UscfPlayer, rate_event

CORES = [False, True] if _vector.AVAILABLE else [False]
ENDS = [dt.date(2024, 2, 25), dt.date(2024, 2, 29), dt.date(2024, 3, 1), dt.date(2024, 3, 9)]


def _player(rng: random.Random, number: int) -> UscfPlayer:
    roll = rng.random()
    if roll < 0.2:
        born = dt.date(rng.randint(2008, 2016), rng.randint(1, 12), rng.randint(1, 28))
        return UscfPlayer(number, birth_date=born)
    if roll < 0.3:
        return UscfPlayer(number, fide=float(rng.randint(1400, 2300)))
    if roll < 0.35:
        return UscfPlayer(number, cfc=float(rng.randint(1200, 2000)))
    if roll < 0.4:
        return UscfPlayer(number)
    if roll < 0.6:
        return UscfPlayer(number, float(rng.randint(600, 1800)), rng.randint(1, 20))
    return UscfPlayer(number, float(rng.randint(800, 2400)), rng.choice([None, 30, 200]))


def _event(rng: random.Random, first: int) -> tuple[list[UscfPlayer], list[Game]]:
    players = [_player(rng, first + i) for i in range(rng.choice([4, 6, 8]))]
    games = []
    for rnd in range(1, rng.randint(3, 6) + 1):
        order = [p.number for p in players]
        rng.shuffle(order)
        games += [Game(rnd, a, b, rng.choice([0.0, 0.5, 1.0]))
                  for a, b in zip(order[::2], order[1::2], strict=True)]
    return players, games


Events = list[tuple[list[UscfPlayer], list[Game], dt.date]]


def _events(seed: int) -> Events:
    """Two to six seeded events, each with its end date, the players numbered on from event to event."""
    rng = random.Random(seed)
    events: Events = []
    first = 1
    for _ in range(rng.randint(2, 6)):
        players, games = _event(rng, first)
        events.append((players, games, rng.choice(ENDS)))
        first += len(players)
    return events


def _fields(outcome: PlayerOutcome) -> PlayerOutcome:
    return dataclasses.replace(outcome, player=0)


@pytest.mark.parametrize("vector", CORES)
@pytest.mark.parametrize("seed", range(20))
def test_events_of_several_end_dates_give_each_player_his_outcome_alone(seed: int, vector: bool) -> None:
    events = _events(seed)
    options = {"bonus_multiplier": 14.0, "explain": False}  # (B alike: a wave's events share it)
    with _vector.forced(vector):
        alone = [list(rate_event(players, games, end_date=end, **options).players)
                 for players, games, end in events]
        together = rate_event([p for players, _, _ in events for p in players],
                              [g for _, games, _ in events for g in games], end_date=events[0][2],
                              end_dates=[end for players, _, end in events for _ in players], **options)
    assert [_fields(o) for o in together.players] == [_fields(o) for outcomes in alone for o in outcomes]


def test_the_seeds_hold_unrated_players_whose_initial_rating_depends_on_the_date() -> None:
    # Rated with one end date for all, some player's outcome differs: the test above can fail.
    differ = 0
    for seed in range(20):
        events = _events(seed)
        players = [p for players, _, _ in events for p in players]
        games = [g for _, games, _ in events for g in games]
        one_date = rate_event(players, games, end_date=events[0][2], bonus_multiplier=14.0, explain=False)
        own_dates = rate_event(players, games, end_date=events[0][2], bonus_multiplier=14.0, explain=False,
                               end_dates=[end for players, _, end in events for _ in players])
        differ += list(one_date.players) != list(own_dates.players)
    assert differ >= 10


def test_end_dates_are_checked() -> None:
    players = [UscfPlayer(1, 1500.0, 30), UscfPlayer(2)]
    games = [Game(1, 1, 2, 1.0)]
    end = dt.date(2024, 3, 1)
    with pytest.raises(ArgumentError, match="numbers only"):
        rate_event(players, games, end_date=end, end_dates=[end, end])
    with pytest.raises(ArgumentError, match="a date for each player"):
        rate_event(players, games, end_date=end, explain=False, end_dates=[end])
    with pytest.raises(ArgumentError, match="end_dates\\[1\\]"):
        rate_event(players, games, end_date=end, explain=False, end_dates=[end, "2024-03-01"])
