"""The yardsticks the engine benchmarks measure against, in the same run.

- :func:`swiss` makes a seeded Swiss event as plain data: true strengths, pre-event
  ratings and games ``(round, first, second, score of first)``, with players numbered
  from 1. Every engine benchmark builds its own players from it, so all of them rate
  the same games.
- :func:`floor_pass` is the floor: one plain-Python pass of the US Chess standard
  formula (2020 rules, 4.2, without bonus) over those games. An engine's speed is quoted
  as a ratio to it, measured in one run, because absolute times on a shared machine vary.

The targets, each a ratio measured in one run: every engine rates an event of
:data:`TARGET_PLAYERS` players or more within :data:`ENGINE_TARGET` times the floor pass with
every outcome read (``explain=False``: the numbers, as a season or a list reads them); a
federation's year (``bench_lists.py``) within :data:`YEAR_TARGET` times it.

Run alone: ``python benchmarks/floor.py [SIZE]`` prints the floor pass's time per game.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Sequence

Games = list[tuple[int, int, int, float]]

ENGINE_TARGET = 2.0
"""An engine's time for an event, every outcome read (numbers only), as a ratio to the floor pass."""
TARGET_PLAYERS = 10_000
"""The event size from which :data:`ENGINE_TARGET` holds (smaller events are timed for
information: their fixed costs weigh more)."""
YEAR_TARGET = 5.0
"""A federation's year of events through the list layer (``bench_lists.py``), as a ratio to the
floor pass over the same games."""


def swiss(size: int, rounds: int = 9, seed: int = 1) -> tuple[list[float], list[int], Games]:
    """A Swiss event of ``size`` players: each round, players sorted by score (then
    strength) play their neighbour; the lowest gets a bye when the count is odd. Results
    are drawn from the true strengths. Returns ``(strength, rating, games)``, the first
    two indexed by player number - 1."""
    rng = random.Random(seed)
    strength = [rng.gauss(1500, 350) for _ in range(size)]
    rating = [min(max(round(s + rng.gauss(0, 80)), 100), 2700) for s in strength]
    score = [0.0] * size
    games: Games = []
    for rnd in range(1, rounds + 1):
        order = sorted(range(size), key=lambda i: (-score[i], -strength[i]))
        if len(order) % 2:
            score[order.pop()] += 1
        for a, b in zip(order[::2], order[1::2], strict=True):
            expected = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            draw = 0.25 * (1 - abs(2 * expected - 1))
            u = rng.random()
            result = 1.0 if u < expected - draw / 2 else 0.5 if u < expected + draw / 2 else 0.0
            games.append((rnd, a + 1, b + 1, result))
            score[a] += result
            score[b] += 1 - result
    return strength, rating, games


def floor_pass(rating: Sequence[float], games: Games, prior_games: int = 30) -> list[float]:
    """Post-event ratings by the standard formula R + K(S - E), K = 800 / (N' + m), N' the
    smaller of ``prior_games`` and N* (2020 rules, 3): one pass over the games, then one
    over the players."""
    size = len(rating)
    expected = [0.0] * size
    scored = [0.0] * size
    played = [0] * size
    for _round, a, b, s in games:
        ra, rb = rating[a - 1], rating[b - 1]
        e = 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))
        expected[a - 1] += e
        expected[b - 1] += 1.0 - e
        scored[a - 1] += s
        scored[b - 1] += 1.0 - s
        played[a - 1] += 1
        played[b - 1] += 1
    post = []
    for i in range(size):
        r = rating[i]
        nstar = 50 / math.sqrt(0.662 + 0.00000739 * (2569 - r) ** 2)
        effective = min(prior_games, nstar)
        m = played[i]
        post.append(r + 800 / (effective + m) * (scored[i] - expected[i]) if m else r)
    return post


def time_floor(rating: Sequence[float], games: Games, repeat: int = 5) -> float:
    """The floor pass's best time in seconds per game over ``repeat`` runs."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        floor_pass(rating, games)
        best = min(best, time.perf_counter() - start)
    return best / len(games)


def main(argv: list[str]) -> int:
    size = int(argv[0]) if argv else 10_000
    _strength, rating, games = swiss(size)
    per_game = time_floor(rating, games) * 1e6
    print(f"floor pass, {size:,} players, {len(games):,} games: {per_game:.2f} µs/game")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
