"""Time the fill from a list: ``python benchmarks/bench_fill.py [--players N] [--listed M]``.

Compute only, no file: a crosstable's values (:func:`bench_crosstable.grid_of`'s seeded
Swiss, default 500 players and 9 rounds, with an ID column and every Rating blank) are
filled by :func:`xlrating.official.fill.fill_sheets` from a ``List`` sheet's players
(default 10,000, the event's among them), then rated by
:func:`xlrating.crosstable.rate_sheets`. The goal: a fill of a 500-player crosstable costs
under 1 s on top of reading and writing the workbook. The time is CPU time, and quoted
beside the rating's time of the same filled crosstable in the same run (the look-ups of the
store are the store's benchmark; the List sheet's are dictionary look-ups).
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import time
from typing import Any

from bench_crosstable import grid_of
from floor import swiss

from xlrating.crosstable import rate_sheets
from xlrating.crosstable.workbook import overlay
from xlrating.official import ListedPlayer
from xlrating.official.fill import fill_sheets
from xlrating.official.sheet import ListSheet

ON = dt.date(2025, 6, 1)


def bare_grid(rating: list[int], games: Any, rounds: int) -> list[list[Any]]:
    """The Swiss's crosstable with IDs (``10000001``...) and blank Rating and Games."""
    grid = grid_of(rating, games, rounds)
    header = grid[0]
    rows: list[list[Any]] = [[*header[:2], "ID", *header[2:]]]
    for row in grid[1:]:
        rows.append([*row[:2], str(10_000_000 + int(row[0])), None, None, *row[4:]])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--listed", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    _, rating, games = swiss(options.players, options.rounds)
    listed = [ListedPlayer("USCF", "Regular", str(10_000_000 + n), f"Player {n:05d}", ON,
                           rating=float(rating[n - 1]) if n <= options.players else 1500.0,
                           expires=ON + dt.timedelta(days=365))  # (a members file gives each his date)
              for n in range(1, max(options.listed, options.players) + 1)]
    source = ListSheet(listed)
    sheets = {"Event": [["System", "USCF"], ["Rules", "USCF 2020"], ["Start date", ON], ["End date", ON]],
              "Crosstable": bare_grid(rating, games, options.rounds)}
    fills, rates = [], []
    for _ in range(options.repeat):
        started = time.process_time()
        filled = fill_sheets(sheets, source)
        fills.append(time.process_time() - started)
        written = overlay(sheets, filled.blocks)
        started = time.process_time()
        rate_sheets(written, explain=False)
        rates.append(time.process_time() - started)
    assert filled.cells == options.players and not filled.notes
    fill, rate = statistics.median(fills), statistics.median(rates)
    print(f"fill_sheets, {options.players} players from a list of {len(listed)}: {fill * 1e3:.0f} ms "
          f"(median of {options.repeat}); rating the filled crosstable {rate * 1e3:.0f} ms; "
          f"fill / rate {fill / rate:.2f}")


if __name__ == "__main__":
    main()
