"""Several ICU events rated in one call (``rate_event``'s ``groups``, as a season's waves rate them)
against each event rated alone: every field of every player's outcome, on both numeric cores.

Each event's estimates must converge on their own (an event whose estimates settle early is not
moved again by another's later passes), its ``before`` (what its last pass saw, which the other
players' scoring reads) must be its own, and a bonus's second rating must be made only of the
events with a winner. The events are seeded random ones with unrated, provisional, foreign and
rated players, built so that some have bonus winners and some not."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random

import pytest

from xlrating import _vector
from xlrating.errors import ArgumentError
from xlrating.icu import IcuPlayer, PlayerKind, rate_event
from xlrating.model import Game, PlayerOutcome

START = dt.date(2025, 3, 1)
CORES = [False, True] if _vector.AVAILABLE else [False]


def _player(rng: random.Random, number: int) -> IcuPlayer:
    roll = rng.random()
    rating = float(rng.randint(1000, 2200))
    if roll < 0.2:
        return IcuPlayer(number, PlayerKind.UNRATED)
    if roll < 0.45:
        return IcuPlayer(number, PlayerKind.PROVISIONAL, rating, rng.randint(1, 19))
    if roll < 0.55:
        return IcuPlayer(number, PlayerKind.FOREIGN, rating)
    return IcuPlayer(number, PlayerKind.RATED, rating, rng.randint(20, 200), k=rng.choice([16.0, 24.0, 40.0]))


def _event(rng: random.Random, first: int) -> tuple[list[IcuPlayer], list[Game]]:
    """An event of players numbered from ``first``: a round robin's worth of random pairings,
    one player (rated, K 40, rated low) winning every game he plays: a bonus more often than not."""
    size = rng.choice([4, 6, 8, 10])
    players = [_player(rng, first + i) for i in range(size)]
    players[0] = IcuPlayer(first, PlayerKind.RATED, 1100.0, 60, k=40.0)
    games = []
    for rnd in range(1, rng.randint(3, 7) + 1):
        order = [p.number for p in players]
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            score = 1.0 if a == first else 0.0 if b == first else rng.choice([0.0, 0.5, 1.0])
            games.append(Game(rnd, a, b, score))
    return players, games


def _fields(outcome: PlayerOutcome) -> PlayerOutcome:
    return dataclasses.replace(outcome, player=0)


@pytest.mark.parametrize("vector", CORES)
@pytest.mark.parametrize("seed", range(20))
def test_events_rated_as_groups_give_each_player_his_outcome_alone(seed: int, vector: bool) -> None:
    rng = random.Random(seed)
    events = []
    first = 1
    for _ in range(rng.randint(2, 6)):
        players, games = _event(rng, first)
        events.append((players, games))
        first += len(players) + rng.randint(0, 3)  # (numbers need not follow on)
    with _vector.forced(vector):
        alone = [list(rate_event(players, games, start_date=START, explain=False).players)
                 for players, games in events]
        together = rate_event([p for players, _ in events for p in players],
                              [g for _, games in events for g in games], start_date=START, explain=False,
                              groups=[n for n, (players, _) in enumerate(events) for _ in players])
    assert [_fields(o) for o in together.players] == [_fields(o) for outcomes in alone for o in outcomes]


def test_the_seeds_hold_events_with_and_without_a_bonus_winner_beside_iterated_players() -> None:
    # What the test above compares includes a call with an event that has a bonus winner (a second
    # rating) beside an event with unrated or provisional players and none.
    mixed = 0
    for seed in range(20):
        rng = random.Random(seed)
        first, bonus, iterated_without = 1, False, False
        for _ in range(rng.randint(2, 6)):
            players, games = _event(rng, first)
            first += len(players) + rng.randint(0, 3)
            won = any(o.bonus for o in rate_event(players, games, start_date=START, explain=False).players)
            bonus |= won
            iterated_without |= not won and any(p.kind in (PlayerKind.UNRATED, PlayerKind.PROVISIONAL)
                                                for p in players)
        mixed += bonus and iterated_without
    assert mixed >= 5


def test_groups_are_checked() -> None:
    players = [IcuPlayer(1, PlayerKind.RATED, 1500.0, 30, k=24.0),
               IcuPlayer(2, PlayerKind.RATED, 1600.0, 30, k=24.0)]
    games = [Game(1, 1, 2, 1.0)]
    with pytest.raises(ArgumentError, match="the game of players 1 and 2 in round 1 joins two groups"):
        rate_event(players, games, start_date=START, explain=False, groups=[0, 1])
    with pytest.raises(ArgumentError, match="one group per player"):
        rate_event(players, games, start_date=START, explain=False, groups=[0])
    with pytest.raises(ArgumentError, match="numbers only"):
        rate_event(players, games, start_date=START, groups=[0, 0])
    with pytest.raises(ArgumentError, match="groups\\[1\\]"):
        rate_event(players, games, start_date=START, explain=False, groups=[0, "a"])
    with pytest.raises(ArgumentError, match="groups\\[0\\]"):
        rate_event(players, games, start_date=START, explain=False, groups=[-1, 0])
    alone = rate_event(players, games, start_date=START, explain=False).players
    assert rate_event(players, games, start_date=START, explain=False, groups=[1.0, 1]).players == alone


def _dated_player(rng: random.Random, number: int) -> IcuPlayer:
    """A rated player whose K (no K given) is decided by his age (40 under 21) or membership (32
    under 8 years) on the event's start, around birthdays and anniversaries of joining near START."""
    born = rng.choice([dt.date(2004, 2, 27), dt.date(2004, 3, 2), dt.date(1985, 5, 5)])
    joined = rng.choice([dt.date(2017, 2, 28), dt.date(2017, 3, 3), dt.date(2001, 1, 1)])
    return IcuPlayer(number, PlayerKind.RATED, float(rng.randint(1000, 2050)), rng.randint(20, 200),
                     birth_date=born, joined=max(born, joined))


@pytest.mark.parametrize("vector", CORES)
@pytest.mark.parametrize("seed", range(20))
def test_events_of_several_starts_give_each_rated_player_his_own_events_k(seed: int, vector: bool) -> None:
    rng = random.Random(f"starts-{seed}")
    events = []
    first = 1
    for _ in range(rng.randint(2, 6)):
        players, games = _event(rng, first)
        players[1:] = [_dated_player(rng, p.number) if rng.random() < 0.5 else p for p in players[1:]]
        events.append((players, games, START + dt.timedelta(days=rng.randint(-4, 4))))
        first += len(players)
    with _vector.forced(vector):
        alone = [list(rate_event(players, games, start_date=start, explain=False).players)
                 for players, games, start in events]
        groups = [n for n, (players, _, _) in enumerate(events) for _ in players]
        together = rate_event([p for players, _, _ in events for p in players],
                              [g for _, games, _ in events for g in games], start_date=events[0][2],
                              explain=False, groups=groups,
                              start_dates=[start for players, _, start in events for _ in players])
    assert [_fields(o) for o in together.players] == [_fields(o) for outcomes in alone for o in outcomes]


def test_start_dates_are_checked() -> None:
    # (the check itself: tests/test_check.py)
    players = [IcuPlayer(1, PlayerKind.RATED, 1500.0, 30, k=24.0), IcuPlayer(2, PlayerKind.UNRATED)]
    with pytest.raises(ArgumentError, match=r"Argument 'start_dates': .* numbers only"):
        rate_event(players, [Game(1, 1, 2, 1.0)], start_date=START, start_dates=[START, START])
