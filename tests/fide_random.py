"""Seeded random FIDE events for the tests that rate an event on both numeric cores.

Standard library and :mod:`xlrating.fide` only (no numpy, no pytest), so that a subprocess in
which numpy cannot be imported can build the very same events from the same seeds.

An event from :func:`random_event` has every player kind (rated, new to the list, K 10,
juniors, a given K, rated since the event, unrated in a first or a later event, a rating from
an older list under the floor, ratings with a fraction and with many decimals), players
numbered in order, out of order or with gaps, players without games, games given out of round
order, both editions, Swiss events and round robins (single and double), end dates either side
of 1 October 2025 (the 2024 cap exception), with and without a start date and a name, and
``explain`` true and false.
"""

from __future__ import annotations

import math
import random
from datetime import date
from typing import Any

from xlrating.fide import FidePlayer
from xlrating.model import Game

END_DATES = (date(2025, 6, 30), date(2025, 12, 31))
"""Either side of 1 October 2025, from which the 2024 cap spares players rated 2650 or more."""
MANY_DECIMALS = (0.123456789012, 0.5, 0.25, 0.3, 0.1234567)
"""Fractions of a rating: 0.123456789012 with 0.1234567 needs a scale of 10^12, beyond what a
machine integer holds for the array core's sums."""


def _rating(rng: random.Random) -> float:
    rating: float = rng.randint(1000, 2800) if rng.random() < 0.05 else rng.randint(1401, 2800)
    if rng.random() < 0.05:
        rating += rng.choice(MANY_DECIMALS)
    return rating


def _player(rng: random.Random, number: int, unrated_share: float) -> FidePlayer:
    if rng.random() < unrated_share:
        return FidePlayer(number, None, games=rng.choice([None, 0, 4, 12]))
    rating = _rating(rng)
    kind = rng.random()
    if kind < 0.1:
        return FidePlayer(number, rating, games=rng.randint(0, 29))
    if kind < 0.2:
        return FidePlayer(number, rating, highest_rating=min(4000, rating + rng.randint(0, 300)))
    if kind < 0.3:
        return FidePlayer(number, rating, birth_date=date(rng.randint(2005, 2015), rng.randint(1, 12), 1))
    if kind < 0.35:
        return FidePlayer(number, rating, k=rng.choice([12.5, 30, 7, 0.1]))
    if kind < 0.4:
        return FidePlayer(number, rating, games=rng.choice([None, 3]), rated_since_event=True)
    return FidePlayer(number, rating)


def _numbers(rng: random.Random, size: int) -> list[int]:
    numbers = list(range(1, size + 1))
    roll = rng.random()
    if roll < 0.25:
        rng.shuffle(numbers)
    elif roll < 0.5:
        numbers = rng.sample(range(1, 10 * size + 10), size)
    return numbers


def _result(rng: random.Random, a: float, b: float) -> float:
    expected = 1 / (1 + 10 ** ((b - a) / 400))
    u = rng.random()
    return 1.0 if u < expected - 0.12 else 0.5 if u < expected + 0.12 else 0.0


def _strength(rng: random.Random, player: FidePlayer) -> float:
    return player.rating if player.rating is not None else rng.randint(1300, 2500)


def swiss_games(rng: random.Random, numbers: list[int], power: dict[int, float], rounds: int) -> list[Game]:
    """A Swiss of ``rounds`` rounds paired by score, with a few forfeits (not games)."""
    score = dict.fromkeys(numbers, 0.0)
    games = []
    for rnd in range(1, rounds + 1):
        order = sorted(numbers, key=lambda n: (-score[n], -power[n]))
        if len(order) % 2:
            order.pop()
        for a, b in zip(order[::2], order[1::2], strict=True):
            if rng.random() < 0.03:
                continue
            s = _result(rng, power[a], power[b])
            games.append(Game(rnd, a, b, s))
            score[a] += s
            score[b] += 1 - s
    return games


def random_event(seed: int) -> dict[str, Any]:
    """``rate_event`` arguments of one seeded event (2 to about 300 players)."""
    rng = random.Random(f"fide-plain-{seed}")
    robin = rng.random() < 0.3
    size = rng.randint(2, 16) if robin else round(math.exp(rng.uniform(math.log(2), math.log(300))))
    numbers = _numbers(rng, size)
    players = [_player(rng, n, rng.choice([0.0, 0.1, 0.3])) for n in numbers]
    power = {p.number: _strength(rng, p) for p in players}
    playing = [n for n in numbers if rng.random() > 0.05] if not robin else numbers
    if robin:
        games = [Game(1 + cycle, a, b, _result(rng, power[a], power[b]))
                 for cycle in range(rng.choice([1, 1, 2]))
                 for i, a in enumerate(playing) for b in playing[i + 1:]]
    else:
        games = swiss_games(rng, playing, power, rng.randint(1, 11))
    if rng.random() < 0.2:
        rng.shuffle(games)  # given out of round order
    end = rng.choice(END_DATES)
    return {"players": players, "games": games, "event_type": "Round robin" if robin else "Swiss",
            "rules": rng.choice(["handbook", "2024"]), "end_date": end,
            "start_date": rng.choice([None, end, end.replace(day=1)]), "event_name": rng.choice(["", "Open"]),
            "explain": rng.random() < 0.5}


def large_event(size: int, explain: bool, seed: int = 1) -> dict[str, Any]:
    """A Swiss of ``size`` players over 9 rounds (``4.5 x size`` games), one in eight unrated."""
    rng = random.Random(f"fide-plain-large-{seed}")
    numbers = list(range(1, size + 1))
    players = [_player(rng, n, 0.125) for n in numbers]
    power = {p.number: _strength(rng, p) for p in players}
    return {"players": players, "games": swiss_games(rng, numbers, power, 9), "event_type": "Swiss",
            "rules": rng.choice(["handbook", "2024"]), "end_date": END_DATES[seed % 2], "explain": explain}
