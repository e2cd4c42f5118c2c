"""Time the crosstable path on a workbook's values: ``python benchmarks/bench_crosstable.py [--players N]``.

Compute only, no file: the sheets' values (a grid per sheet, as the workbook reader
hands them over) go through :func:`xlrating.crosstable.rate_sheets`: the Event sheet
and the crosstable parsed, every player built and rated, the output blocks rendered.
The event is :func:`floor.swiss`'s seeded Swiss (default 10,000 players, 9 rounds),
every game entered in both rows; a tenth of the players have a Games count.

The time is quoted as a ratio to the floor pass (:func:`floor.floor_pass`) over the
same games, measured in the same run, because absolute times on a shared machine vary.
To compare two versions, run this file with each on ``PYTHONPATH`` and compare the ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import date
from typing import Any

from floor import Games, swiss, time_floor

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    _, rating, games = swiss(options.players, options.rounds)
    sheets = {"Event": [["System", "USCF"], ["Rules", "USCF 2020"], ["End date", date(2025, 6, 1)]],
              "Crosstable": grid_of(rating, games, options.rounds)}
    rated = rate_sheets(sheets)
    assert len(rated.events[0].outcomes[0].players) == options.players
    runs = []
    floors = []
    for _ in range(options.repeat):
        floors.append(time_floor([float(r) for r in rating], games) * len(games))
        started = time.perf_counter()
        rate_sheets(sheets)
        runs.append(time.perf_counter() - started)
    run, floor = statistics.median(runs), statistics.median(floors)
    print(f"rate_sheets, {options.players} players, {options.rounds} rounds, {len(games)} games "
          f"(parse + rate + output blocks): {run:.2f} s; floor pass {floor * 1e3:.1f} ms; "
          f"ratio {run / floor:.0f}x the floor pass")


if __name__ == "__main__":
    main()
