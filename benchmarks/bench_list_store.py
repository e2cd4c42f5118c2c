"""Load FIDE's full standard list into the list store, against a bare ``sqlite3`` floor.

``python benchmarks/bench_list_store.py [--players N] [--keep DIR]``

Generates two monthly FIDE standard lists of ``N`` players (default 1,200,000, FIDE's
size) in FIDE's TXT layout (``tests/official_files.py``: the header FIDE writes, every
line padded to its width, sorted by name; the second month about one player in eight has
played and one in a hundred has joined). Then, each in a fresh process so that its peak
memory is its own, in one run:

- the floor: a bare ``sqlite3`` ``executemany`` of the same lines, sliced at FIDE's
  columns, into one table (no checks, no index), in one transaction;
- ``ListStore.add`` of the first month into an empty store (the goal: at most 2x the
  floor, peak memory under 400 MB);
- ``ListStore.add`` of the second month (the goal: it costs what changed): its time, the
  rows it wrote against the lines that changed, and the store's growth in bytes;
- looking up 10,000 IDs on the list in force on a date (the goal: under 100 ms; best of 3,
  the :class:`~xlrating.official.model.ListedPlayer` rows built), and 100 names one by one
  (the time of one).

A goal missed prints ``MISSED`` and the script exits with status 1 (the load's ratio is taken
in CPU time, steadier than wall time on a shared machine; both are printed).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

#: FIDE's columns of a standard TXT list (the header places them; see docs/files.md).
CUTS = ((0, 15), (15, 76), (76, 80), (80, 84), (84, 89), (89, 94), (113, 119), (119, 123), (123, 126),
        (126, 132), (132, None))


def peak_mb() -> float:
    """This process's peak resident memory in MB (Linux counts ``ru_maxrss`` in KiB, macOS in bytes)."""
    unit = 1 if sys.platform == "darwin" else 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * unit / 1e6


def child_floor(path: str, db: str) -> dict[str, float]:
    def rows():  # type: ignore[no-untyped-def]
        with open(path, "rb") as file:
            next(file)
            for raw in file:
                line = raw.decode("utf-8")
                yield tuple(line[a:b].strip() for a, b in CUTS)

    start, cpu = time.perf_counter(), time.process_time()
    connection = sqlite3.connect(db, isolation_level=None)
    connection.execute("CREATE TABLE players(id, name, fed, sex, tit, wtit, rating, games, k, born, flag)")
    connection.execute("BEGIN")
    connection.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows())
    connection.execute("COMMIT")
    connection.close()
    return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu, "peak_mb": peak_mb()}


def child_add(path: str, db: str) -> dict[str, float]:
    from xlrating.official.store import ListStore

    start, cpu = time.perf_counter(), time.process_time()
    with ListStore(db) as store:
        loaded = store.add(path)
    return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu, "peak_mb": peak_mb(),
            "rows": loaded.rows_written, "bytes": os.path.getsize(db)}


def child_lookup(path: str, db: str) -> dict[str, float]:
    from xlrating.official.store import ListStore

    ids, names = [], []
    with open(path, "rb") as file:
        step = max(1, sum(1 for _ in file) // 10_000 - 1)
    with open(path, encoding="utf-8") as file:
        next(file)
        for number, line in enumerate(file):
            if number % step == 0:
                ids.append(line[:15].strip())
                if len(ids) % 100 == 0:
                    names.append(line[15:76].strip())
            if len(ids) == 10_000:
                break
    best = float("inf")
    with ListStore(db) as store:
        for _ in range(3):
            start = time.perf_counter()
            found = store.lookup("FIDE", "Standard", ids, dt.date(2026, 12, 15))
            assert len(found) == len(ids)
            best = min(best, time.perf_counter() - start)
        start = time.perf_counter()
        for name in names:
            assert store.find_by_name("FIDE", "Standard", name, dt.date(2026, 12, 15))
        by_name = (time.perf_counter() - start) / len(names)
    return {"seconds": best, "ids": len(ids), "by_name": by_name}


def child_generate(players: str, folder: str) -> dict[str, float]:
    from official_files import write_fide_txt

    start = time.perf_counter()
    if not (Path(folder) / "standard_dec26frl.txt").exists():
        write_fide_txt(Path(folder) / "standard_nov26frl.txt", int(players), month=11, step=0)
        write_fide_txt(Path(folder) / "standard_dec26frl.txt", int(players), month=12, step=1)
    return {"seconds": time.perf_counter() - start}


def child_changed(first: str, second: str) -> dict[str, float]:
    """Lines of ``second`` whose player is new or whose line differs from ``first``'s."""
    before = {}
    with open(first, encoding="utf-8") as file:
        next(file)
        for line in file:
            before[line[:15]] = hash(line)
    with open(second, encoding="utf-8") as file:
        next(file)
        return {"changed": sum(1 for line in file if before.get(line[:15]) != hash(line))}


CHILDREN = {"floor": child_floor, "add": child_add, "lookup": child_lookup, "generate": child_generate,
            "changed": child_changed}


def run_child(name: str, path: Path | str, db: Path | str) -> dict[str, float]:
    """Run one step in a fresh process (its peak memory its own: this process stays small)."""
    done = subprocess.run([sys.executable, __file__, "--child", name, str(path), str(db)],
                          capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1_200_000)
    parser.add_argument("--keep", type=Path, help="keep the generated lists and stores in this folder")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        name, path, db = args.child
        print(json.dumps(CHILDREN[name](path, db)))
        return
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        made = run_child("generate", str(args.players), folder)
        nov, dec = folder / "standard_nov26frl.txt", folder / "standard_dec26frl.txt"
        print(f"two lists of {args.players:,} players ({nov.stat().st_size / 1e6:.0f} MB each), made in "
              f"{made['seconds']:.0f} s (kept lists are reused)")
        for stale in ("floor.sqlite", "store.sqlite"):
            (folder / stale).unlink(missing_ok=True)
        floor = run_child("floor", nov, folder / "floor.sqlite")
        first = run_child("add", nov, folder / "store.sqlite")
        second = run_child("add", dec, folder / "store.sqlite")
        lookup = run_child("lookup", dec, folder / "store.sqlite")
        changed = int(run_child("changed", nov, dec)["changed"])
    print(f"floor (bare executemany of the sliced lines): {floor['seconds']:.1f} s "
          f"(CPU {floor['cpu']:.2f} s), peak {floor['peak_mb']:.0f} MB")
    print(f"first list into an empty store: {first['seconds']:.1f} s = "
          f"{first['seconds'] / floor['seconds']:.2f}x "
          f"the floor (CPU {first['cpu']:.2f} s = {first['cpu'] / floor['cpu']:.2f}x; goal <= 2x), "
          f"peak {first['peak_mb']:.0f} MB (goal < 400 MB), "
          f"{first['rows']:,} rows, {first['bytes'] / 1e6:.0f} MB")
    grown = second["bytes"] - first["bytes"]
    print(f"next month's list: {second['seconds']:.1f} s = "
          f"{second['seconds'] / floor['seconds']:.2f}x the floor (CPU {second['cpu'] / floor['cpu']:.2f}x), "
          f"peak {second['peak_mb']:.0f} MB, {second['rows']:,} rows written for {changed:,} changed lines "
          f"({changed / args.players:.0%} of the list), store grew {grown / 1e6:.1f} MB "
          f"({grown / max(second['rows'], 1):.0f} bytes a row)")
    print(f"looking up {lookup['ids']:,.0f} IDs at a date: {lookup['seconds'] * 1000:.0f} ms "
          f"(goal < 100 ms); a name: {lookup['by_name'] * 1000:.1f} ms")
    missed = [goal for goal, met in (
        ("first list within 2x the floor (CPU time, steadier than wall time on a shared machine)",
         first["cpu"] <= 2 * floor["cpu"]),
        ("peak memory under 400 MB", first["peak_mb"] < 400 and second["peak_mb"] < 400),
        ("rows written no more than the lines that changed", second["rows"] <= changed),
        ("10,000 IDs looked up in under 100 ms", lookup["seconds"] < 0.1),
    ) if not met]
    for goal in missed:
        print(f"MISSED: {goal}")
    if missed:
        sys.exit(1)


if __name__ == "__main__":
    main()
