"""Time a season workbook: the pure core on grids, and the file round trip.

``python benchmarks/bench_season.py [--players N] [--events E] [--size S] [--rounds R] [--no-file]``

A seeded synthetic US Chess club season: a Players list of ``N`` players (default 2,000)
and ``E`` Swiss events (default 40) of ``S`` players each (default 120, drawn from the
list) over ``R`` rounds (default 7), as grids. It prints, each with its time per game
and its ratio to the floor pass (``floor.py``, one plain pass of the US Chess standard
formula over the same games) measured in the same run (best of three):

- reading and checking every sheet (:func:`xlrating.season.read_season`);
- the whole core, :func:`xlrating.season.rate_season_sheets` (read, rate through
  :func:`xlrating.lists.rate_season`, render every block);
- unless ``--no-file``, the file round trip: write the workbook, then load, rate, apply
  and save it (:func:`xlrating.workbook.season.rate_season_file`);
- unless ``--no-file``, the season report of the rated season, built and written
  (:func:`xlrating.report.season.write_season_report`).
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from floor import swiss, time_floor
from timing import best

from xlrating.report.season import write_season_report
from xlrating.season import rate_season_sheets, read_season
from xlrating.workbook.book import save_workbook_atomic
from xlrating.workbook.season import rate_season_file, season_workbook

CODES = {1.0: ("W", "L"), 0.5: ("D", "D"), 0.0: ("L", "W")}


def make_sheets(players: int, events: int, size: int, rounds: int, seed: int = 2026
                ) -> tuple[dict[str, list[list[Any]]], list[float], list[tuple[int, int, int, float]]]:
    """The season's grids, and every game with its players' list ratings (for the floor pass)."""
    rng = random.Random(seed)
    ratings = [min(max(round(rng.gauss(1500, 350)), 100), 2700) for _ in range(players)]
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games"]]
        + [[f"{10_000_000 + i}", f"Player {i}", ratings[i], None] for i in range(players)],
        "Events": [["Sheet", "Event name", "End date"]],
    }
    floor_ratings: list[float] = []
    floor_games: list[tuple[int, int, int, float]] = []
    start = dt.date(2025, 9, 6)
    for number in range(events):
        chosen = rng.sample(range(players), size)
        _strength, _rating, games = swiss(size, rounds, seed=seed + number)
        name = f"E{number + 1}"
        rows: list[list[Any]] = [["No", "ID", "Name", *(f"R{r}" for r in range(1, rounds + 1))]]
        rows += [[n + 1, f"{10_000_000 + chosen[n]}", f"Player {chosen[n]}", *(["U"] * rounds)]
                 for n in range(size)]
        for rnd, a, b, score in games:
            first, second = CODES[score]
            rows[a][2 + rnd] = f"{first}{b}"
            rows[b][2 + rnd] = f"{second}{a}"
        for n in range(1, size + 1):  # an unpaired player has a bye
            rows[n] = [("B" if cell == "U" else cell) for cell in rows[n]]
        sheets[name] = rows
        sheets["Events"].append([name, f"Event {number + 1}", start + dt.timedelta(days=7 * number)])
        offset = len(floor_ratings)
        floor_ratings += [ratings[i] for i in chosen]
        floor_games += [(rnd, a + offset, b + offset, score) for rnd, a, b, score in games]
    return sheets, floor_ratings, floor_games



def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--size", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--no-file", action="store_true")
    args = parser.parse_args(argv)
    sheets, ratings, games = make_sheets(args.players, args.events, args.size, args.rounds)
    count = len(games)
    floor = time_floor(ratings, games, repeat=3)
    print(f"season: {args.players:,} listed players, {args.events} events of {args.size}, {count:,} games")
    print(f"floor pass: {floor * 1e6:.2f} µs/game")
    timings = [("read and check", best(lambda: read_season(sheets))),
               ("core (read, rate, render)", best(lambda: rate_season_sheets(sheets)))]
    if not args.no_file:
        with tempfile.TemporaryDirectory() as folder:
            source, target = Path(folder) / "season.xlsx", Path(folder) / "season-rated.xlsx"
            save_workbook_atomic(season_workbook(sheets), source)
            seconds = best(lambda: rate_season_file(source, target), 1)
            timings.append(("file (load, rate, apply, save)", seconds))
            rated = rate_season_sheets(sheets)
            report = Path(folder) / "season-report.xlsx"
            timings.append(("season report (build, write)", best(lambda: write_season_report(rated, report))))
    for label, seconds in timings:
        per_game = seconds / count
        print(f"{label}: {seconds:.3f} s, {per_game * 1e6:.1f} µs/game, "
              f"{per_game / floor:.0f} x the floor pass")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
