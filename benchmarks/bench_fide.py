"""Time the FIDE engine on the shared seeded Swiss, as a ratio to the floor pass.

Run on demand: ``python benchmarks/bench_fide.py [players ...] [--path auto,plain,numpy]``
(default: 10,000 players, ``auto``). For each size it rates the Swiss of :func:`floor.swiss`
(9 rounds) under each edition (the players and games are built before the clock starts), with
and without explanations, each time reading every field of every player's outcome (a large
event's outcomes are built as they are read), and prints the time per game and per event, the
ratio to the floor pass of :mod:`floor` timed in turn with it on the same games (processor
time, ``timing.cpu_time``), and the peak memory per player (tracemalloc). About one player in
eight is unrated; the others get ratings from 1400 up (no published rating is lower), and
some are new to the list or juniors.

The target, for events of ``floor.TARGET_PLAYERS`` players or more: explain=False (numbers
only), every outcome read, within ``floor.ENGINE_TARGET`` times the floor pass, under each
edition and on each path timed; the script exits with status 1 if one is missed.

``--path`` chooses the numeric core: ``auto`` (as ``rate_event`` chooses by the event's size),
``plain`` (plain Python) or ``numpy`` (numpy arrays), forced through
:func:`xlrating._vector.forced`; with several, each is timed in turn on the same event and the
last column is the time as a ratio to the first path's. ``xlrating.fide.event.FROM_SIDES``
is where ``plain`` and ``numpy`` cross.
"""

from __future__ import annotations

import contextlib
import inspect
import random
import sys
from collections.abc import Callable, Iterator
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from floor import ENGINE_TARGET, TARGET_PLAYERS, Games, floor_pass, swiss
from timing import Targets, best, best_of_each, peak_bytes, read_outcomes

from xlrating.fide import FidePlayer, rate_event
from xlrating.model import Game

END = date(2025, 6, 30)
OPPONENTS = [1950, 2200, 2050, 1800, 2400]
RESULTS = [1, 0.5, 0, 1, 0.5]


def make_event(size: int, seed: int = 1) -> tuple[list[FidePlayer], list[Game], list[int], Games]:
    """The shared Swiss as FIDE players and games, with the floor pass's ratings and games."""
    _strength, rating, raw_games = swiss(size, seed=seed)
    rng = random.Random(seed)
    players = []
    for number, r in enumerate(rating, start=1):
        published = 1400 + (r - 100) // 2
        roll = rng.random()
        if roll < 0.125:
            players.append(FidePlayer(number))
        elif roll < 0.25:
            players.append(FidePlayer(number, published, games=rng.randint(0, 29)))
        elif roll < 0.35:
            players.append(FidePlayer(number, published, birth_date=date(rng.randint(2008, 2015), 1, 1)))
        else:
            players.append(FidePlayer(number, published))
    games = [Game(rnd, a, b, s) for rnd, a, b, s in raw_games]
    return players, games, rating, raw_games




PATHS = ("auto", "plain", "numpy")


@contextlib.contextmanager
def on_path(path: str) -> Iterator[None]:
    """Rate on the numeric core ``path`` names (``auto``: as the event's size decides)."""
    if path == "auto":
        yield
        return
    from xlrating import _vector

    with _vector.forced(path == "numpy"):
        yield


def measure(size: int, targets: Targets, repeat: int = 3, paths: tuple[str, ...] = ("auto",)) -> None:
    players, games, rating, raw_games = make_event(size)
    floor = best_of_each({"floor": partial(floor_pass, rating, raw_games)}, repeat)["floor"] / len(games)
    unrated = sum(p.rating is None for p in players)
    print(f"FIDE, {size:,} players ({unrated:,} unrated), {len(games):,} games; floor pass "
          f"{floor * 1e6:.2f} µs/game; every outcome read")
    explains = (True, False) if "explain" in inspect.signature(rate_event).parameters else (True,)
    for rules in ("2024", "handbook"):
        for explain in explains:
            options: dict[str, Any] = {"end_date": END, "rules": rules}
            if explains != (True,):
                options["explain"] = explain

            def read(options: dict[str, Any] = options) -> Any:
                return read_outcomes(rate_event(players, games, **options))

            first = 0.0
            for path in paths:
                with on_path(path):
                    times = best_of_each({"floor": partial(floor_pass, rating, raw_games), "read": read},
                                         repeat)
                    peak = peak_bytes(read)
                seconds, floor = times["read"], times["floor"] / len(games)
                first = first or seconds
                per_game = seconds / len(games)
                print(f"  rules={rules:8s} explain={explain!s:5s} path={path:5s} "
                      f"{per_game * 1e6:6.2f} µs/game "
                      f"{seconds * 1e3:9.3f} ms/event  {per_game / floor:5.2f}x floor  "
                      f"peak {peak / size / 1024:5.2f} KiB/player  {seconds / first:5.2f}x {paths[0]}")
                if size >= TARGET_PLAYERS and not explain:
                    targets.check(f"rules={rules}, path={path}, explain=False, every outcome read",
                                  per_game / floor, ENGINE_TARGET)


def functions(repeat: int = 20_000) -> None:
    """The single formulas behind the worksheet functions, in µs per call."""
    from xlrating.fide import expected_score, k_factor, rating_change, unrated_rating

    calls: dict[str, Callable[[], Any]] = {
        "expected_score": lambda: expected_score(2100, 1950, on=END),
        "k_factor": lambda: k_factor(2100, games=40, on=END),
        "rating_change": lambda: rating_change(2100, OPPONENTS, RESULTS, on=END),
        "unrated_rating": lambda: unrated_rating(OPPONENTS, RESULTS),
    }
    for name, call in calls.items():
        seconds = best(lambda call=call: [call() for _ in range(repeat // 10)], 5)  # type: ignore[misc]
        print(f"  {name:15s} {seconds / (repeat // 10) * 1e6:6.2f} µs/call")


def main(argv: list[str]) -> int:
    """``[players ...]`` (default 10,000); ``--path auto,plain,numpy``: the numeric cores to time
    (default ``auto``); ``functions``: the single formulas."""
    if {"-h", "--help"} & set(argv):
        print(__doc__)
        return 0
    paths: tuple[str, ...] = ("auto",)
    if "--path" in argv:
        at = argv.index("--path")
        paths = tuple(argv[at + 1].split(",")) if at + 1 < len(argv) else ()
        argv = argv[:at] + argv[at + 2:]
        if not paths or not set(paths) <= set(PATHS):
            print(f"--path takes one or more of {', '.join(PATHS)}, separated by commas", file=sys.stderr)
            return 2
    sizes = [a for a in argv if a != "functions"]
    if not all(size.isdigit() for size in sizes):
        print(f"sizes are whole numbers of players, not {' '.join(sizes)} (see --help)", file=sys.stderr)
        return 2
    targets = Targets()
    for size in [int(a) for a in sizes] or ([] if "functions" in argv else [10_000]):
        measure(size, targets, repeat=3 if size >= 1000 else 300, paths=paths)
    if "functions" in argv:
        functions()
    return targets.status()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
