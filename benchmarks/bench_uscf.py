"""Speed and memory of the US Chess event algorithm, as ratios to the floor pass.

Rates the seeded Swiss of :func:`floor.swiss` (9 rounds; 60% established, 25%
provisional, 15% unrated players, some with FIDE ratings or birth dates) under the 2020
rules, and in the same run times the floor pass of :mod:`floor` on the same games. Every
timing reads every field of every player's outcome (a large event's outcomes are built as
they are read): explained, and with explain=False (numbers only). The target, for events of
``floor.TARGET_PLAYERS`` players or more: numbers only, every outcome read, within
``floor.ENGINE_TARGET`` times the floor pass, on the path the engine chooses (``--paths``:
on each path); the script exits with status 1 if it is missed. Also measured: building the
API objects, peak memory per player (tracemalloc), small events (8 and 100 players) and the
single formulas behind the worksheet functions.

``--paths`` times each size on both paths of the numeric core in one run, plain Python and
numpy arrays, explained and with explain=False: where numpy starts to win is the engine's
``core.FROM_SIDES``. ``--path plain|numpy`` forces one path for the other measurements
(default: the path the engine chooses).

Run: ``python benchmarks/bench_uscf.py [--profile] [--memory] [--paths] [--path PATH] [SIZES...]``
(default sizes 100, 1000, 10000).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import datetime as dt
import gc
import inspect
import math
import pstats
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from floor import ENGINE_TARGET, TARGET_PLAYERS, floor_pass, swiss
from timing import Targets, best, best_of_each, read_outcomes

from xlrating.model import Game
from xlrating.uscf import (
    UscfPlayer,
    effective_games,
    rate_event,
    special_rating,
    standard_rating,
)

try:
    from xlrating import _vector
except ImportError:  # xlrating 0.1, which versions.py times with these events, has one path
    _vector = None  # type: ignore[assignment]

ROUNDS = 9
END = dt.date(2024, 6, 1)
EXPLAIN = "explain" in inspect.signature(rate_event).parameters


def roster(ratings: Sequence[int], seed: int = 1) -> list[UscfPlayer]:
    """US Chess players for the floor's ratings: 60% established, 25% provisional, 5% FIDE,
    5% with a birth date, 5% with nothing."""
    rng = random.Random(seed)
    players: list[UscfPlayer] = []
    for number, rating in enumerate(ratings, start=1):
        kind = rng.random()
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
    return players


def synthetic_event(size: int, rounds: int = ROUNDS, seed: int = 1) -> tuple[list[UscfPlayer], list[Game]]:
    """The floor's seeded Swiss as US Chess players and games."""
    _strength, ratings, games = swiss(size, rounds, seed)
    return roster(ratings, seed), [Game(*g) for g in games]


def build_event(ratings: Sequence[int], raw: Sequence[tuple[int, int, int, float]]) -> Any:
    """The players and games of an event, built from plain data (API object cost)."""
    return roster(ratings), [Game(*g) for g in raw]



def rate(players: list[UscfPlayer], games: list[Game], explain: bool = True) -> Any:
    if EXPLAIN:
        return rate_event(players, games, end_date=END, explain=explain)
    return rate_event(players, games, end_date=END)


def rate_and_read(players: list[UscfPlayer], games: list[Game], explain: bool = True) -> Any:
    """:func:`rate`, then every field of every outcome read (a large event's outcomes are built
    as they are read)."""
    return read_outcomes(rate(players, games, explain))


def bench(sizes: Sequence[int], repeat: int, targets: Targets) -> None:
    print(f"US Chess 2020, Swiss, {ROUNDS} rounds; best of {repeat} runs, each in turn with the floor pass "
          "(processor time); ratio = time / floor pass on the same games in this run")
    print("  rate_event and every outcome read: explained, and explain=False (numbers only); "
          "+build: building the API objects")
    print(f"{'players':>8} {'games':>8} {'floor':>10} {'explained':>10} {'ratio':>6} {'explain=False':>14} "
          f"{'ratio':>6} {'+build':>9}")
    for size in sizes:
        _strength, ratings, raw = swiss(size, ROUNDS)
        players, games = roster(ratings), [Game(*g) for g in raw]
        n = len(games)
        runs = {"floor": partial(floor_pass, ratings, raw), "full": partial(rate_and_read, players, games),
                "build": partial(build_event, ratings, raw)}
        if EXPLAIN:
            runs["quiet"] = partial(rate_and_read, players, games, False)
        times = {name: seconds / n for name, seconds in best_of_each(runs, repeat).items()}
        floor, full, build = times["floor"], times["full"], times["build"]
        quiet = times.get("quiet", math.nan)
        print(f"{size:>8} {n:>8} {floor * 1e6:>7.2f} µs {full * 1e6:>7.2f} µs {full / floor:>5.2f}x "
              f"{quiet * 1e6:>11.2f} µs {quiet / floor:>5.2f}x {build * 1e6:>6.2f} µs")
        if size >= TARGET_PLAYERS and EXPLAIN:
            targets.check(f"{size:,} players, explain=False, every outcome read", quiet / floor,
                          ENGINE_TARGET)


def small(repeat: int) -> None:
    print("Small events and single formulas (best of runs, µs per call)")
    for size in (8, 100):
        players, games = synthetic_event(size, rounds=min(ROUNDS, size - 1))
        t = best(partial(rate_and_read, players, games), repeat * 20)
        quiet = best(partial(rate_and_read, players, games, False), repeat * 20) if EXPLAIN else math.nan
        print(f"  {size:>4}-player event, {len(games)} games, every outcome read: {t * 1e6:10.1f} µs, "
              f"explain=False {quiet * 1e6:10.1f} µs")
    opponents = [1500.0, 1620.0, 1710.0, 1400.0, 1555.0]

    def many(call: Callable[[], Any]) -> float:
        return best(lambda: [call() for _ in range(1000)], repeat) / 1000

    calls: list[tuple[str, Callable[[], Any]]] = [
        ("special_rating, 5 games", partial(special_rating, 1500, 4, opponents, 3.5)),
        ("standard_rating, 5 games", partial(standard_rating, 1500, 20, opponents, 3.5)),
        ("effective_games", partial(effective_games, 1500, 20)),
        ("UscfPlayer", partial(UscfPlayer, 7, 1500, 30, peak=1600, wins=3)),
        ("Game", partial(Game, 3, 1, 2, 0.5)),
    ]
    for label, call in calls:
        print(f"  {label + ':':<26}{many(call) * 1e6:8.2f} µs")


def memory(sizes: Sequence[int]) -> None:
    print("Peak memory of rating and reading every outcome (tracemalloc; inputs built before), and time "
          "per game by size")
    if _vector.AVAILABLE:  # numpy is imported at the first large event: once, not per player
        with _vector.forced(True):
            rate(*synthetic_event(4, rounds=3))
    for size in sizes:
        _strength, ratings, raw = swiss(size, ROUNDS)
        players, games = roster(ratings), [Game(*g) for g in raw]
        for explain in (True, False) if EXPLAIN else (True,):
            gc.collect()
            tracemalloc.start()
            start = time.perf_counter()
            outcome = rate_and_read(players, games, explain)
            elapsed = time.perf_counter() - start
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            del outcome
            print(f"  {size:>9,} players explain={explain!s:<5}: {peak / size / 1024:6.2f} KiB/player, "
                  f"{elapsed / len(games) * 1e6:6.2f} µs/game (under tracemalloc)")


def on_path(path: str, run: Callable[[], Any]) -> Callable[[], Any]:
    """``run`` with the numeric core forced onto ``path`` (plain or numpy)."""
    def forced() -> Any:
        with _vector.forced(path == "numpy"):
            return run()
    return forced


def paths(sizes: Sequence[int], repeat: int, targets: Targets) -> None:
    print(f"US Chess 2020, Swiss, {ROUNDS} rounds (fewer for tiny events); best of {repeat} runs in turn "
          "(x20 below 1,000 games), processor time; µs per game, every outcome read; each path forced; "
          "ratio = plain / numpy (above 1: numpy faster)")
    print(f"{'players':>8} {'games':>8} {'sides':>8} {'floor':>8} {'plain':>8} {'numpy':>8} {'ratio':>6} "
          f"{'plain quiet':>12} {'numpy quiet':>12} {'ratio':>6}")
    for size in sizes:
        players, games = synthetic_event(size, rounds=min(ROUNDS, size - 1))
        _strength, ratings, raw = swiss(size, min(ROUNDS, size - 1))
        n = len(games)
        times = repeat * 20 if n < 1000 else repeat
        runs: dict[Any, Callable[[], Any]] = {"floor": partial(floor_pass, ratings, raw)}
        runs.update({(path, explain): on_path(path, partial(rate_and_read, players, games, explain))
                     for explain in (True, False) for path in ("plain", "numpy")})
        got = {name: seconds / n for name, seconds in best_of_each(runs, times).items()}
        floor = got["floor"]
        print(f"{size:>8} {n:>8} {2 * n:>8} {floor * 1e6:>8.2f} {got['plain', True] * 1e6:>8.2f} "
              f"{got['numpy', True] * 1e6:>8.2f} {got['plain', True] / got['numpy', True]:>5.2f}x "
              f"{got['plain', False] * 1e6:>12.2f} {got['numpy', False] * 1e6:>12.2f} "
              f"{got['plain', False] / got['numpy', False]:>5.2f}x")
        if size >= TARGET_PLAYERS:
            for path in ("plain", "numpy"):
                targets.check(f"{size:,} players, {path}, explain=False, every outcome read",
                              got[path, False] / floor, ENGINE_TARGET)


def profile(size: int) -> None:
    """Profile rating the event with explain=False and reading every outcome (what the target times),
    after one unprofiled run: the first event on arrays imports numpy, which a timing leaves out."""
    players, games = synthetic_event(size)
    rate_and_read(players, games, False)
    profiler = cProfile.Profile()
    profiler.runcall(rate_and_read, players, games, False)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100, 1000, 10000])
    parser.add_argument("--profile", action="store_true", help="profile the largest event")
    parser.add_argument("--memory", action="store_true", help="peak memory at each size")
    parser.add_argument("--paths", action="store_true", help="both paths of the numeric core at each size")
    parser.add_argument("--path", choices=["plain", "numpy"], help="force one path of the numeric core")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    targets = Targets()
    with _vector.forced(args.path == "numpy") if args.path else contextlib.nullcontext():
        run(args, targets)
    return targets.status()


def run(args: argparse.Namespace, targets: Targets) -> None:
    if args.paths:
        paths(args.sizes, args.repeat, targets)
    elif args.profile:
        profile(max(args.sizes))
    elif args.memory:
        memory(args.sizes)
    else:
        bench(args.sizes, args.repeat, targets)
        small(args.repeat)


if __name__ == "__main__":
    sys.exit(main())
