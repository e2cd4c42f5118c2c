"""Time the crosstable path on a workbook's values: ``python benchmarks/bench_crosstable.py [--players N]``.

Compute only, no file: the sheets' values (a grid per sheet, as the workbook reader
hands them over) go through :func:`xlrating.crosstable.rate_sheets`: the Event sheet
and the crosstable parsed, every player built and rated, the output blocks rendered.
The event is :func:`floor.swiss`'s seeded Swiss (default 10,000 players, 9 rounds),
every game entered in both rows; a tenth of the players have a Games count.

Times are the process's CPU time (less disturbed than wall time by other processes on a
shared machine). The time is quoted as a ratio to the floor pass (:func:`floor.floor_pass`) over the
same games, measured in the same run, because absolute times on a shared machine vary.
``--against DIR`` compares this checkout with another copy of the package (``DIR`` holds
its ``xlrating`` folder, e.g. ``git archive main xlrating | tar -x -C DIR``): one process
per version and round, the versions alternating, and the median ratio of each.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from datetime import date
from typing import Any

from floor import Games, floor_pass, swiss

from xlrating.crosstable import rate_sheets


def grid_of(rating: list[int], games: Games, rounds: int, seed: int = 3) -> list[list[Any]]:
    """The crosstable sheet's values: header, then one row per player with both sides of every game."""
    rng = random.Random(seed)
    size = len(rating)
    cells = [["B"] * rounds for _ in range(size)]  # a player without a game that round had the bye
    letters = {1.0: ("W", "L"), 0.5: ("D", "D"), 0.0: ("L", "W")}
    for rnd, first, second, score in games:
        mine, theirs = letters[score]
        cells[first - 1][rnd - 1] = f"{mine}{second}"
        cells[second - 1][rnd - 1] = f"{theirs}{first}"
    header = ["No", "Name", "Rating", "Games", *(f"R{r}" for r in range(1, rounds + 1))]
    rows: list[list[Any]] = [header]
    for number in range(1, size + 1):
        count = float(rng.randint(5, 40)) if rng.random() < 0.1 else None
        rows.append([float(number), f"Player {number:05d}", float(rating[number - 1]), count,
                     *cells[number - 1]])
    return rows


def against(folder: str, options: argparse.Namespace) -> None:
    """This checkout against the package in ``folder``: a process per version and round, alternating."""
    ratios: dict[str, list[float]] = {"this checkout": [], folder: []}
    command = [sys.executable, os.path.abspath(__file__), "--players", str(options.players),
               "--rounds", str(options.rounds), "--repeat", "3"]
    for _ in range(options.repeat):
        for label in ratios:
            environment = dict(os.environ, PYTHONPATH=folder) if label == folder else dict(os.environ)
            output = subprocess.run(command, capture_output=True, text=True, check=True,
                                    env=environment).stdout
            ratios[label].append(float(output.rsplit("ratio ", 1)[1].split("x")[0]))
    print(f"rate_sheets, {options.players} players, {options.rounds} rounds, median of {options.repeat} "
          "alternating rounds, as multiples of the floor pass:")
    for label, found in ratios.items():
        print(f"  {label:<20} {statistics.median(found):6.1f}x  ({', '.join(f'{r:.1f}' for r in found)})")


def floor_seconds(rating: list[float], games: Games, repeat: int = 5) -> float:
    """The floor pass's best CPU time over ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        floor_pass(rating, games)
        best = min(best, time.process_time() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", metavar="DIR", help="compare with the xlrating package in DIR")
    options = parser.parse_args()
    if options.against:
        against(options.against, options)
        return
    _, rating, games = swiss(options.players, options.rounds)
    sheets = {"Event": [["System", "USCF"], ["Rules", "USCF 2020"], ["End date", date(2025, 6, 1)]],
              "Crosstable": grid_of(rating, games, options.rounds)}
    rated = rate_sheets(sheets)
    assert len(rated.events[0].outcomes[0].players) == options.players
    runs = []
    floors = []
    for _ in range(options.repeat):
        floors.append(floor_seconds([float(r) for r in rating], games))
        started = time.process_time()
        rate_sheets(sheets)
        runs.append(time.process_time() - started)
    run, floor = statistics.median(runs), statistics.median(floors)
    print(f"rate_sheets, {options.players} players, {options.rounds} rounds, {len(games)} games "
          f"(parse + rate + output blocks): {run:.2f} s; floor pass {floor * 1e3:.1f} ms; "
          f"ratio {run / floor:.1f}x the floor pass")


if __name__ == "__main__":
    main()
