"""Benchmark: read, rate and write a 10,000-player, 9-round crosstable workbook, against the floor.

Run on demand (not part of the test suite)::

    python benchmarks/bench_workbook.py [--players 10000] [--rounds 9] [--system uscf] [--list-rows 200000]

It builds a fictional Swiss event (random pairings, every game entered in both rows, a
few byes and forfeits, a tenth of the players unrated), writes it with
``write_new_workbook`` and measures, in one run:

- the floor: openpyxl alone loading the workbook, writing 15 output columns of numbers
  beside the crosstable and saving it (what any openpyxl-based tool must at least pay);
- ``xlrating rate`` in-process (``xlrating.cli.main``), and its ratio to the floor (the
  goal: at most 1.2);
- the same phase by phase (load, read, rate, write back, save), with tracemalloc's peak,
  and as a subprocess with its peak resident memory;
- an 8-player event in a workbook that also holds a list sheet of ``--list-rows`` rows
  (a season's Players sheet): ``rate`` should cost what the crosstable's rows cost.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from datetime import date
from pathlib import Path

import openpyxl

from xlrating.cli import main
from xlrating.crosstable import rate_sheets
from xlrating.workbook import NewSheet, apply, load, read_grids, save_atomic, write_new_workbook


def build_event(path: Path, players: int, rounds: int, system: str, seed: int = 2024) -> None:
    """A random Swiss crosstable of ``players`` players over ``rounds`` rounds."""
    rng = random.Random(seed)
    cells = [["" for _ in range(rounds)] for _ in range(players)]
    for index in range(rounds):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        if len(order) % 2:
            cells[order.pop() - 1][index] = "B"
        for white, black in zip(order[::2], order[1::2], strict=True):
            draw = rng.random()
            if draw < 0.01:
                cells[white - 1][index], cells[black - 1][index] = f"X{black}", f"F{white}"
            elif draw < 0.45:
                cells[white - 1][index], cells[black - 1][index] = f"W{black}", f"L{white}"
            elif draw < 0.75:
                cells[white - 1][index], cells[black - 1][index] = f"L{black}", f"W{white}"
            else:
                cells[white - 1][index], cells[black - 1][index] = f"D{black}", f"D{white}"
    points = {"W": 1.0, "X": 1.0, "B": 1.0, "D": 0.5, "H": 0.5}
    header = ["No", "Name", "ID", "Rating", "Games", "K", *(f"R{n}" for n in range(1, rounds + 1)), "Total"]
    rows = []
    for number in range(1, players + 1):
        unrated = rng.random() < 0.1
        rating = None if unrated else rng.randint(400, 2600)
        games = None if unrated or rng.random() < 0.7 else rng.randint(4, 25)
        row_cells = cells[number - 1]
        total = sum(points.get(cell[:1], 0.0) for cell in row_cells)
        k = 24 if system == "icu" and rating is not None and (games is None or games >= 20) else None
        rows.append([number, f"Player {number:04d}", f"{30000000 + number}", rating, games, k, *row_cells,
                     total])
    settings = {"uscf": [("System", "USCF"), ("Rules", "USCF 2020")],
                "fide": [("System", "FIDE"), ("Rules", "FIDE 2024")],
                "icu": [("System", "ICU"), ("Rules", "ICU")]}[system]
    write_new_workbook(path, event=[*settings, ("Event type", "Swiss"), ("End date", date(2025, 6, 1))],
                       sheets=[NewSheet("Crosstable", header, rows)])


def floor(source: Path, target: Path, columns: int = 15) -> None:
    """openpyxl alone: load the workbook, write ``columns`` numbers per player row after its
    last column, save."""
    book = openpyxl.load_workbook(source)
    sheet = book["Crosstable"]
    first = sheet.max_column + 1
    for column in range(first, first + columns):
        sheet.cell(row=1, column=column, value=f"Out {column - first + 1}")
    for row in range(2, sheet.max_row + 1):
        for column in range(first, first + columns):
            sheet.cell(row=row, column=column, value=1500.5 + row)
    book.save(target)


def best(repeat: int, action: object) -> float:
    """The best wall time of ``repeat`` calls of ``action``."""
    times = []
    for _ in range(repeat):
        gc.collect()
        started = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return min(times)


def build_list_workbook(path: Path, rows: int) -> None:
    """An 8-player event beside a ``Players`` list sheet of ``rows`` rows."""
    build_event(path, 8, 5, "uscf")
    book = openpyxl.load_workbook(path)
    sheet = book.create_sheet("Players")
    sheet.append(["ID", "Name", "Rating", "Club", "Expires"])
    for number in range(1, rows + 1):
        sheet.append([10000000 + number, f"Member {number:06d}", 1000 + number % 1500, "Club", 2026])
    book.save(path)


def timed(label: str, started: float) -> float:
    now = time.perf_counter()
    print(f"  {label:<12} {now - started:7.2f} s")
    return now


def main_benchmark() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--system", choices=("uscf", "fide", "icu"), default="uscf")
    parser.add_argument("--list-rows", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="xlrating-bench-") as folder:
        source = Path(folder) / "big.xlsx"
        started = time.perf_counter()
        build_event(source, args.players, args.rounds, args.system)
        print(f"{args.players} players, {args.rounds} rounds, {args.system}: workbook of "
              f"{source.stat().st_size / 1024:.0f} KiB built in {time.perf_counter() - started:.2f} s")

        floor_target, rate_target = Path(folder) / "floor.xlsx", Path(folder) / "rate.xlsx"
        floor_time = best(args.repeat, lambda: floor(source, floor_target))
        rate_time = best(args.repeat, lambda: main(["rate", str(source), "-o", str(rate_target)]))
        print(f"Floor (openpyxl load, 15 columns written, save): {floor_time:.2f} s")
        print(f"xlrating rate (in-process):                     {rate_time:.2f} s")
        print(f"Ratio rate / floor: {rate_time / floor_time:.2f} (goal: at most 1.2)")

        print("In-process, phase by phase:")
        started = begin = time.perf_counter()
        workbook = load(source)
        started = timed("load", started)
        grids = read_grids(workbook)
        started = timed("read", started)
        rated = rate_sheets(grids)
        started = timed("rate", started)
        apply(workbook, rated.blocks, rated.added)
        started = timed("write back", started)
        save_atomic(workbook, Path(folder) / "phases.xlsx")
        timed("save", started)
        print(f"  {'total':<12} {time.perf_counter() - begin:7.2f} s")

        target = Path(folder) / "cli.xlsx"
        started = time.perf_counter()
        status = main(["rate", str(source), "-o", str(target)])
        elapsed = time.perf_counter() - started
        print(f"CLI in-process: exit {status}, {elapsed:.2f} s")
        tracemalloc.start()
        started = time.perf_counter()
        main(["rate", str(source), "-o", str(target)])
        traced = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"CLI in-process under tracemalloc: {traced:.2f} s, "
              f"peak Python allocations {peak / 2**20:.0f} MiB")

        # The child reports its own high-water mark (VmHWM belongs to the process image after exec;
        # ru_maxrss of a child would also count the parent's memory that fork/vfork handed over).
        child = ("import sys; from xlrating.cli import main; status = main(sys.argv[1:]); "
                 "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')]; "
                 "print(hwm[0].split()[1] if hwm else -1, file=sys.stderr); sys.exit(status)")
        started = time.perf_counter()
        result = subprocess.run([sys.executable, "-c", child, "rate", str(source), "-o", str(target)],
                                capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - started
        peak_kib = int(result.stderr.strip().splitlines()[-1]) if result.returncode == 0 else -1
        if peak_kib < 0:
            peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(f"CLI subprocess: exit {result.returncode}, {elapsed:.2f} s wall (start-up included), "
              f"peak resident memory {peak_kib / 1024:.0f} MiB")
        if result.returncode:
            print(result.stderr)

        if args.list_rows:
            listed = Path(folder) / "season.xlsx"
            build_list_workbook(listed, args.list_rows)
            size = listed.stat().st_size / 1024
            print(f"8 players beside a {args.list_rows:,}-row list sheet ({size:.0f} KiB):")
            out = str(Path(folder) / "s.xlsx")
            list_time = best(args.repeat, lambda: main(["rate", str(listed), "-o", out]))
            tracemalloc.start()
            main(["rate", str(listed), "-o", out])
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            small = Path(folder) / "small.xlsx"
            build_event(small, 8, 5, "uscf")
            alone = str(Path(folder) / "t.xlsx")
            small_time = best(args.repeat, lambda: main(["rate", str(small), "-o", alone]))
            print(f"  rate: {list_time:.2f} s (the same event alone: {small_time:.2f} s), "
                  f"peak Python allocations {peak / 2**20:.0f} MiB")


if __name__ == "__main__":
    main_benchmark()
