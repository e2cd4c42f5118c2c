"""Time the FIDE engine on a large event: 1,000 players, a 9-round Swiss, some unrated.

Run on demand: ``python benchmarks/bench_fide.py [players] [rounds]``. Prints the time
taken by :func:`xlrating.fide.rate_event` under each edition (best of three runs).
"""

from __future__ import annotations

import random
import sys
import time
from datetime import date

from xlrating.fide import FidePlayer, rate_event
from xlrating.model import Game


def make_event(players: int = 1000, rounds: int = 9, seed: int = 1) -> tuple[list[FidePlayer], list[Game]]:
    """A Swiss-like event: each round pairs neighbours by score; about 1 player in 8 is unrated."""
    rng = random.Random(seed)
    field = []
    for number in range(1, players + 1):
        if rng.random() < 0.125:
            field.append(FidePlayer(number))
        else:
            field.append(FidePlayer(number, rng.randint(1400, 2700), games=rng.choice([None, 10, 50]),
                                    birth_date=date(rng.randint(1950, 2015), 1, 1)))
    strength = {p.number: p.rating or rng.randint(1200, 2000) for p in field}
    score = dict.fromkeys(strength, 0.0)
    games = []
    for round_ in range(1, rounds + 1):
        order = sorted(strength, key=lambda n: (-score[n], -strength[n]))
        for white, black in zip(order[0::2], order[1::2], strict=False):
            expected = 1 / (1 + 10 ** ((strength[black] - strength[white]) / 400))
            draw = rng.random()
            result = 0.5 if abs(draw - expected) < 0.15 else (1.0 if draw < expected else 0.0)
            games.append(Game(round_, white, black, result))
            score[white] += result
            score[black] += 1 - result
    return field, games


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    field, games = make_event(players, rounds)
    unrated = sum(p.rating is None for p in field)
    print(f"FIDE event: {players} players ({unrated} unrated), {rounds} rounds, {len(games)} games")
    for rules in ("2024", "handbook"):
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            outcome = rate_event(field, games, end_date=date(2025, 6, 30), rules=rules)
            best = min(best, time.perf_counter() - start)
        rated = sum(p.post_rating is not None for p in outcome.players)
        print(f"  rules={rules:8s}  {best * 1000:7.1f} ms  ({rated} players with a post-event rating)")


if __name__ == "__main__":
    main()
