"""Speed of the US Chess event algorithm on synthetic Swiss events.

Rates Swiss events of 100, 1,000 and 10,000 players over 9 rounds (60% established,
25% provisional, 15% unrated players, some with FIDE ratings or birth dates) under the
2020 rules and prints the time per event and per game. Aim: the 10,000-player event
well under a second.

Run: ``python benchmarks/bench_uscf.py [--profile] [SIZES...]``
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import pstats
import random
import time
from collections.abc import Sequence

from xlrating.model import Game
from xlrating.uscf import UscfPlayer, rate_event

ROUNDS = 9
END = dt.date(2024, 6, 1)


def synthetic_event(size: int, rounds: int = ROUNDS, seed: int = 1) -> tuple[list[UscfPlayer], list[Game]]:
    """A Swiss event: players sorted by score (then strength) are paired with their neighbour
    each round; results drawn from the rating difference."""
    rng = random.Random(seed)
    players: list[UscfPlayer] = []
    strength: dict[int, float] = {}
    for number in range(1, size + 1):
        kind = rng.random()
        true = rng.gauss(1500, 350)
        strength[number] = true
        rating = min(max(round(true + rng.gauss(0, 80)), 100), 2700)
        if kind < 0.60:
            players.append(UscfPlayer(number, rating, rng.randint(26, 900), wins=rng.randint(0, 200),
                                      draws=rng.randint(0, 50), events=rng.randint(1, 60),
                                      peak=rating + rng.randint(0, 150)))
        elif kind < 0.85:
            players.append(UscfPlayer(number, rating, rng.randint(1, 25)))
        elif kind < 0.90:
            players.append(UscfPlayer(number, fide=min(max(rating - 100, 1000), 2800)))
        elif kind < 0.95:
            born = END - dt.timedelta(days=rng.randint(6 * 365, 60 * 365))
            players.append(UscfPlayer(number, birth_date=born))
        else:
            players.append(UscfPlayer(number))
    score = dict.fromkeys(strength, 0.0)
    games: list[Game] = []
    for rnd in range(1, rounds + 1):
        order = sorted(strength, key=lambda n: (-score[n], -strength[n]))
        if len(order) % 2:
            bye = order.pop()  # the lowest gets a bye (not rated)
            score[bye] += 1
        for a, b in zip(order[::2], order[1::2], strict=True):
            expected = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            draw = 0.2
            x = rng.random()
            result = 1.0 if x < expected - draw / 2 else 0.5 if x < expected + draw / 2 else 0.0
            games.append(Game(rnd, a, b, result))
            score[a] += result
            score[b] += 1 - result
    return players, games


def bench(sizes: Sequence[int], repeat: int = 5) -> None:
    print(f"US Chess 2020, Swiss, {ROUNDS} rounds; best of {repeat} runs (wall clock; CPU of this process)")
    print(f"{'players':>8} {'games':>8} {'per event':>12} {'per game':>12} {'CPU/event':>12}")
    for size in sizes:
        players, games = synthetic_event(size)
        best = cpu = float("inf")
        for _ in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            rate_event(players, games, end_date=END)
            best = min(best, time.perf_counter() - start)
            cpu = min(cpu, time.process_time() - start_cpu)
        print(f"{size:>8} {len(games):>8} {best * 1000:>10.1f} ms {best / len(games) * 1e6:>9.1f} µs "
              f"{cpu * 1000:>9.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100, 1000, 10000])
    parser.add_argument("--profile", action="store_true", help="profile the largest event")
    args = parser.parse_args()
    if args.profile:
        players, games = synthetic_event(max(args.sizes))
        profiler = cProfile.Profile()
        profiler.runcall(rate_event, players, games, end_date=END)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return
    bench(args.sizes)


if __name__ == "__main__":
    main()
