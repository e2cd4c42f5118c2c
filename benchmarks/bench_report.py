"""Time the rating report of a large event: ``python benchmarks/bench_report.py [--players N] [--rounds R]``.

A synthetic US Chess Swiss (default 2,000 players, 7 rounds, fixed seed): Swiss pairings
by score, results drawn from the logistic expected score with 20% draws, a full-point
bye for the odd player out; 90% established players, 5% provisional, 5% unrated. The
crosstable is rated once by the crosstable core (timed apart); the report is then built
(:func:`xlrating.report.build_report`), rendered (:func:`xlrating.report.report_workbook`)
and saved, and the best of ``--repeat`` runs of each stage is printed. The goal: the
whole report, built and written, well under 5 seconds.

``--keep PATH`` also writes the crosstable workbook (for ``xlrating report PATH -o ...``).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

from xlrating.crosstable import rate_sheets
from xlrating.report import build_report, report_workbook
from xlrating.workbook import save_workbook_atomic


def swiss_sheets(players: int, rounds: int, seed: int = 2025) -> dict[str, list[list[Any]]]:
    """The Event and Crosstable sheets of a synthetic US Chess Swiss, as grids."""
    rng = random.Random(seed)
    strength = {n: rng.gauss(1500, 350) for n in range(1, players + 1)}
    order = sorted(strength, key=lambda n: -strength[n])
    number = {old: new for new, old in enumerate(order, start=1)}
    true = {number[n]: s for n, s in strength.items()}
    rows: dict[int, dict[str, Any]] = {}
    for n in range(1, players + 1):
        kind = rng.random()
        rating: Any = round(min(max(true[n] + rng.gauss(0, 80), 100), 2700))
        games: Any = None
        if kind < 0.05:
            rating = None
        elif kind < 0.10:
            games = rng.randint(1, 24)
        rows[n] = {"name": f"Player {n:04d} {rng.choice(['Ng', 'Smith', 'Okafor', 'Novak', 'Silva'])}",
                   "id": str(10000000 + rng.randint(0, 89999999)), "rating": rating, "games": games,
                   "cells": [], "score": 0.0, "met": set()}
    for _ in range(rounds):
        standing = sorted(rows, key=lambda n: (-rows[n]["score"], n))
        waiting = list(standing)
        if len(waiting) % 2:
            bye = waiting.pop()
            rows[bye]["cells"].append("B")
            rows[bye]["score"] += 1
        while waiting:
            a = waiting.pop(0)
            b = next((m for m in waiting if m not in rows[a]["met"]), waiting[0])
            waiting.remove(b)
            expected = 1 / (1 + 10 ** ((true[b] - true[a]) / 400))
            roll = rng.random()
            result = 0.5 if abs(roll - expected) < 0.1 else (1.0 if roll < expected else 0.0)
            code = {1.0: ("W", "L"), 0.5: ("D", "D"), 0.0: ("L", "W")}[result]
            rows[a]["cells"].append(f"{code[0]}{b}")
            rows[b]["cells"].append(f"{code[1]}{a}")
            rows[a]["score"] += result
            rows[b]["score"] += 1 - result
            rows[a]["met"].add(b)
            rows[b]["met"].add(a)
    header = ["No", "Name", "ID", "Rating", "Games", *(f"R{r}" for r in range(1, rounds + 1))]
    grid: list[list[Any]] = [header]
    for n in range(1, players + 1):
        row = rows[n]
        grid.append([n, row["name"], row["id"], row["rating"], row["games"], *row["cells"]])
    event: list[list[Any]] = [
        ["Setting", "Value"], ["System", "USCF"], ["Event name", f"Synthetic {players}-player Swiss"],
        ["Start date", date(2025, 5, 3)], ["End date", date(2025, 5, 4)]]
    return {"Event": event, "Crosstable": grid}


def best(repeat: int, work: Any) -> tuple[float, Any]:
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", metavar="PATH", help="also write the crosstable workbook here")
    args = parser.parse_args(argv)
    sheets = swiss_sheets(args.players, args.rounds)
    if args.keep:
        import openpyxl

        book = openpyxl.Workbook()
        book.remove(book.active)
        for name, grid in sheets.items():
            sheet = book.create_sheet(name)
            for row in grid:
                sheet.append(row)
        book.save(args.keep)
    rate_time, rated = best(1, lambda: rate_sheets(sheets))
    event = rated.events[0]
    games = len(event.crosstable.games)
    build_time, report = best(args.repeat, lambda: build_report(rated.events))
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "report.xlsx"
        # A write-only workbook streams its rows as they are added: rendering and saving are one stage.
        write_time, _ = best(args.repeat, lambda: save_workbook_atomic(report_workbook(report), target))
        size = target.stat().st_size
        total_time, _ = best(args.repeat, lambda: save_workbook_atomic(
            report_workbook(build_report(rated.events)), target))
    rows = {sheet.name: sum(len(t.rows) for t in sheet.tables) for sheet in report.sheets}
    cells = sum(len(t.rows) * len(t.columns) for sheet in report.sheets for t in sheet.tables)
    print(f"Event: {args.players} players, {args.rounds} rounds, {games} rated games "
          f"(rated by the crosstable core in {rate_time:.2f} s, not part of the report)")
    print("Report rows: " + ", ".join(f"{name} {count}" for name, count in rows.items() if count)
          + f" ({cells:,} table cells)")
    print(f"build_report                  {build_time:6.3f} s")
    print(f"report_workbook + save        {write_time:6.3f} s   ({size / 1e6:.1f} MB)")
    print(f"total (build, render, save)   {total_time:6.3f} s   "
          f"(best of {args.repeat}; goal: well under 5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
