"""Time the ICU engine against the floor pass: ``python benchmarks/bench_icu.py [SIZE ...]``.

Every size rates the seeded Swiss of :func:`floor.swiss` (9 rounds) with ICU players built
from its ratings (fixed seed): 80% rated, 10% provisional, 8% unrated, 2% foreign. Two
rosters: *no bonus* (rated players have K 16 or 24, which never earns a bonus, so the event
is rated once) and *bonuses* (K 16 to 40, from explicit values and from birth and joining
dates; bonus winners make a second rating). Each is rated with ``explain=True`` (the
default: steps and game lines) and ``explain=False`` (numbers only), every field of every
player's outcome read in the timed region (a large event's outcomes are built as they are
read). Each repeat times the floor pass and every variant in turn, so all see the same
state of the machine (processor time, :func:`timing.cpu_time`); prints the best µs per
game, the ratio to the floor pass, and peak memory per player (tracemalloc, inputs
excluded) for the ``explain=False`` path.

Targets, for events of ``floor.TARGET_PLAYERS`` players or more: ``explain=False``, every
outcome read, within ``floor.ENGINE_TARGET`` times the floor pass (both rosters, bonuses
included, on each core timed; the script exits with status 1 if one is missed); at most
1.5 KiB per player; time linear in games. ``--small`` also times an 8-player and a 100-player
event (many repeats, every outcome read) and the single-player formulas that back the
worksheet functions.

``--path plain`` or ``--path numpy`` rates every event on that numeric core, whatever its
size; ``--path both`` times each variant on both cores in the same run (the ratio between
them is what chooses ``xlrating.icu.event.FROM_SIDES``); the default ``auto`` lets the
event's size choose, as ``rate_event`` does.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import random
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from floor import ENGINE_TARGET, TARGET_PLAYERS, Games, floor_pass, swiss
from timing import Targets, best, best_of_each, peak_bytes, read_outcomes

from xlrating import _vector, icu
from xlrating.icu import IcuPlayer, PlayerKind, rate_event
from xlrating.model import Game

START = date(2024, 6, 1)
EXPLAIN = "explain" in inspect.signature(rate_event).parameters


def roster(rating: list[int], bonuses: bool, seed: int = 7) -> list[IcuPlayer]:
    rng = random.Random(seed)
    players = []
    for i, r in enumerate(rating):
        n = i + 1
        draw = rng.random()
        if draw < 0.08:
            players.append(IcuPlayer(n, PlayerKind.UNRATED))
        elif draw < 0.18:
            players.append(IcuPlayer(n, PlayerKind.PROVISIONAL, r, games=rng.randint(1, 19)))
        elif draw < 0.20:
            players.append(IcuPlayer(n, PlayerKind.FOREIGN, r))
        elif not bonuses:
            players.append(IcuPlayer(n, PlayerKind.RATED, r, k=rng.choice([16, 24])))
        elif draw < 0.60:
            players.append(IcuPlayer(n, PlayerKind.RATED, r, k=rng.choice([16, 24, 32, 40])))
        else:
            born = date(rng.randint(1950, 2015), rng.randint(1, 12), rng.randint(1, 28))
            joined = date(rng.randint(max(born.year, 1970), 2023), rng.randint(1, 12), rng.randint(1, 28))
            players.append(IcuPlayer(n, PlayerKind.RATED, r, birth_date=born, joined=joined))
    return players


PATHS = {"auto": (None,), "plain": (False,), "numpy": (True,), "both": (False, True)}
"""Each ``--path``: the cores to time (``None``: chosen by the event's size)."""


def on_core(run: Callable[[], Any], vector: bool | None) -> Callable[[], Any]:
    """``run`` on the plain core (``False``), the numpy core (``True``) or the one the event's
    size chooses (``None``)."""
    def forced() -> Any:
        with contextlib.nullcontext() if vector is None else _vector.forced(vector):
            return run()
    return forced


def core_label(vector: bool | None) -> str:
    return "" if vector is None else "numpy " if vector else "plain "


def as_games(games: Games) -> list[Game]:
    return [Game(rnd, a, b, s) for rnd, a, b, s in games]


def bench_size(size: int, repeat: int, cores: tuple[bool | None, ...], targets: Targets) -> None:
    """Each repeat times the floor pass and then every variant, so that all see the same
    machine load; the best time of each is kept."""
    _strength, rating, plain = swiss(size)
    games = as_games(plain)
    runs: dict[str, Callable[[], Any]] = {"floor": lambda: floor_pass(rating, plain)}
    for bonuses in (False, True):
        players = roster(rating, bonuses)
        label = "bonuses" if bonuses else "no bonus"
        for vector in cores:
            core = core_label(vector)
            runs[f"{core}{label:8} explain, all read"] = on_core(
                lambda players=players: read_outcomes(rate_event(players, games, start_date=START)), vector)
            if EXPLAIN:
                runs[f"{core}{label:8} numbers, all read"] = on_core(lambda players=players: read_outcomes(
                    rate_event(players, games, start_date=START, explain=False)), vector)
    facts = {}
    for name, run in runs.items():
        if name != "floor":
            outcome = run()
            facts[name] = (f"{sum(1 for p in outcome.players if p.bonus)} bonuses; "
                           f"{dict(outcome.parameters)['Iterations, first rating']} iterations")
    times = {name: seconds / len(games) for name, seconds in best_of_each(runs, repeat).items()}
    floor = times.pop("floor")
    print(f"{size:,} players, {len(games):,} games; floor pass {floor * 1e6:.3f} µs/game")
    for name, seconds in times.items():
        print(f"  {name:32} {seconds * 1e6:7.3f} µs/game = {seconds / floor:5.2f}x floor ({facts[name]})")
        if size >= TARGET_PLAYERS and name.endswith("numbers, all read"):
            targets.check(f"{name.strip()}", seconds / floor, ENGINE_TARGET)
    for name, run in runs.items():
        if name != "floor" and (name.endswith("numbers, all read") or not EXPLAIN):
            print(f"  {name:32} peak memory {peak_bytes(run) / size / 1024:.2f} KiB/player")


def bench_small(repeat: int, cores: tuple[bool | None, ...]) -> None:
    """An 8-player and a 100-player event, each variant timed in turn in every repeat."""
    for size in (8, 100):
        _strength, rating, plain = swiss(size, rounds=5 if size == 8 else 7)
        games = as_games(plain)
        players = roster(rating, True)
        runs: dict[str, Callable[[], Any]] = {}
        for vector in cores:
            for explain in (True, False) if EXPLAIN else (True,):
                options = {"start_date": START} | ({} if explain else {"explain": False})
                name = f"{core_label(vector)}{'explain' if explain else 'numbers only'}"
                runs[name] = on_core(lambda players=players, games=games, options=options: read_outcomes(
                    rate_event(players, games, **options)), vector)
        times = dict.fromkeys(runs, float("inf"))
        for _ in range(repeat):
            for name, run in runs.items():
                times[name] = min(times[name], best(run, 1))
        print(f"small event, {size} players, {len(games)} games:")
        for name, seconds in times.items():
            print(f"  {name:20} {seconds * 1e6:8.0f} µs")
    opponents, results = [1500.0, 1720.0, 1610.0, 1490.0, 1800.0], [1, 0.5, 0, 1, "D"]
    formulas: list[tuple[str, Callable[[], Any]]] = [
        ("expected_score", lambda: icu.expected_score(1600, 1700)),
        ("k_factor", lambda: icu.k_factor(1800, birth_date=date(1990, 1, 1), joined=date(2020, 1, 1),
                                          start_date=START)),
        ("rating_change", lambda: icu.rating_change(1600, opponents, results, k=24)),
        ("performance", lambda: icu.performance(opponents, results)),
        ("provisional_rating", lambda: icu.provisional_rating(1500, 8, opponents, results)),
    ]
    for name, call in formulas:
        seconds = best(lambda call=call: [call() for _ in range(1000)], repeat) / 1000
        print(f"{name}: {seconds * 1e6:.2f} µs")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[10_000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--small", action="store_true", help="also time small events and single formulas")
    parser.add_argument("--path", choices=PATHS, default="auto",
                        help="the numeric core: chosen by the event's size (auto), plain, numpy, or both "
                             "in turn")
    args = parser.parse_args()
    cores = PATHS[args.path]
    targets = Targets()
    for size in args.sizes:
        bench_size(size, args.repeat, cores, targets)
    if args.small:
        bench_small(max(args.repeat, 20), cores)
    return targets.status()


if __name__ == "__main__":
    sys.exit(main())
