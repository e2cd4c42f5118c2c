"""Time the Excel functions: ``python benchmarks/bench_udfs.py [--players N] [--rounds R]``.

Excel calls a function once per cell, so the per-call cost is what a user feels:

- ``USCF_STANDARD`` with 12 opponents (a column of ratings and one of W/D/L results),
  called directly and through xlwings' server path (``xlwings.server.custom_functions_call``,
  what xlwings Lite and Server run for each cell: argument conversion, the call, the
  result conversion);
- ``RATE_CROSSTABLE`` on a synthetic US Chess crosstable (default 500 players, 7 rounds,
  random pairings, 5% unrated), directly and through the server path, and for scale
  the macro's core (``rate_sheets``) on the same grid.

Prints the median of ``--repeat`` runs (per call, in microseconds or milliseconds).

``--against DIR`` compares this checkout with another copy of the package (``DIR`` holds
its ``xlrating`` folder, e.g. ``git archive main xlrating | tar -x -C DIR``): two worker
processes, one per version, time ``USCF_STANDARD`` (direct and through the server path)
in alternating rounds, so both see the same machine load; the medians and their ratio
are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from typing import Any

os.environ.setdefault("XLWINGS_ON_SERVER", "true")
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

import xlwings as xw
from xlwings import server

from xlrating import udfs
from xlrating.crosstable import rate_sheets


def timed(function: Callable[[], Any], repeat: int, number: int) -> float:
    """Median seconds per call over ``repeat`` runs of ``number`` calls."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        runs.append((time.perf_counter() - start) / number)
    return statistics.median(runs)


LOOP = asyncio.new_event_loop()
"""One event loop for every call, as xlwings Lite and Server keep one running."""


def server_call(name: str, *arguments: Any) -> Any:
    """``name`` called as xlwings Lite/Server calls it for a cell (Office.js' JSON, 2-D arguments)."""
    data = {"func_name": name, "args": list(arguments), "caller_address": "Sheet1!A1",
            "version": xw.__version__, "client": "Office.js", "runtime": "1.4",
            "culture_info_name": "en-US", "date_format": "m/d/yyyy"}
    return LOOP.run_until_complete(server.custom_functions_call(data, udfs))


def pretend_pyodide() -> None:
    """Make ``pyodide.ffi`` importable, as it is in xlwings Lite.

    xlwings checks every argument cell for Pyodide's ``JsNull`` by importing
    ``pyodide.ffi``; outside Pyodide that import fails, slowly, once per cell. Inside
    xlwings Lite it succeeds from the module cache.
    """
    ffi = types.ModuleType("pyodide.ffi")

    class JsNull:
        pass

    ffi.JsNull = JsNull  # type: ignore[attr-defined]
    package = types.ModuleType("pyodide")
    package.ffi = ffi  # type: ignore[attr-defined]
    sys.modules.setdefault("pyodide", package)
    sys.modules.setdefault("pyodide.ffi", ffi)


def crosstable(players: int, rounds: int, seed: int = 2025) -> list[list[Any]]:
    """A valid crosstable grid: header and player rows, every game entered twice."""
    rng = random.Random(seed)
    strength = {n: rng.gauss(1500, 350) for n in range(1, players + 1)}
    cells: dict[int, list[str]] = {n: [] for n in strength}
    numbers = list(strength)
    for _ in range(rounds):
        rng.shuffle(numbers)
        for a, b in zip(numbers[::2], numbers[1::2], strict=False):
            expected = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            x = rng.random()
            if x < expected - 0.1:
                code_a, code_b = "W", "L"
            else:
                code_a, code_b = ("D", "D") if x < expected + 0.1 else ("L", "W")
            cells[a].append(f"{code_a}{b}")
            cells[b].append(f"{code_b}{a}")
        if len(numbers) % 2:
            cells[numbers[-1]].append("B")
    grid: list[list[Any]] = [["No", "Name", "Rating", "Games", *(f"R{r}" for r in range(1, rounds + 1))]]
    for n, true in strength.items():
        unrated = rng.random() < 0.05
        rating = None if unrated else float(round(min(max(true + rng.gauss(0, 80), 100), 2700)))
        games = None if unrated or rng.random() < 0.7 else float(rng.randint(1, 60))
        grid.append([float(n), f"Player {n}", rating, games, *cells[n]])
    return grid


RNG = random.Random(7)
RATINGS = [[float(RNG.randint(1200, 2000))] for _ in range(12)]
RESULTS = [[RNG.choice("WDL")] for _ in range(12)]


def standard_times(repeat: int) -> dict[str, float]:
    """Seconds per call of ``USCF_STANDARD`` (12 opponents): direct and through the server path."""
    arguments = ([[1600.0]], [[22.0]], RATINGS, RESULTS, None, None, None, None)
    return {
        "direct": timed(lambda: udfs.USCF_STANDARD(*arguments), repeat, 2000),
        "server": timed(lambda: server_call("USCF_STANDARD", *arguments), repeat, 500),
    }


def worker() -> None:
    """Answer each line on stdin with one round of :func:`standard_times`, as JSON."""
    pretend_pyodide()
    for _ in sys.stdin:
        print(json.dumps(standard_times(1)), flush=True)


def against(folder: str, rounds: int) -> None:
    """This checkout against the package in ``folder``, in alternating rounds."""
    here = os.path.dirname(os.path.abspath(__file__))
    workers = {}
    for label, path in (("this checkout", ""), (folder, folder)):
        environment = dict(os.environ, PYTHONPATH=path) if path else dict(os.environ)
        workers[label] = subprocess.Popen([sys.executable, os.path.join(here, "bench_udfs.py"), "--worker"],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                          env=environment)
    found: dict[str, list[dict[str, float]]] = {label: [] for label in workers}
    for _ in range(rounds):
        for label, process in workers.items():
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write("go\n")
            process.stdin.flush()
            found[label].append(json.loads(process.stdout.readline()))
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    mine, other = found["this checkout"], found[folder]
    print(f"USCF_STANDARD, 12 opponents, median of {rounds} alternating rounds (pyodide.ffi importable):")
    for key in ("direct", "server"):
        a, b = statistics.median(r[key] for r in mine), statistics.median(r[key] for r in other)
        print(f"  {key:<7} this checkout {a * 1e6:8.1f} us, {folder} {b * 1e6:8.1f} us: ratio {a / b:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--against", metavar="DIR", help="compare with the xlrating package in DIR")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.worker:
        worker()
        return
    if options.against:
        against(options.against, max(options.repeat, 9))
        return

    ratings, results = RATINGS, RESULTS
    direct = timed(lambda: udfs.USCF_STANDARD([[1600.0]], [[22.0]], ratings, results, None, None, None, None),
                   options.repeat, 2000)
    through = timed(lambda: server_call("USCF_STANDARD", [[1600.0]], [[22.0]], ratings, results, None, None,
                                        None, None), options.repeat, 1000)
    empty = timed(lambda: server_call("SCORE", None), options.repeat, 1000)
    grid = crosstable(options.players, options.rounds)
    settings = [["End date", 45760.0]]
    event_server = timed(lambda: server_call("RATE_CROSSTABLE", grid, None, None, settings, None),
                         options.repeat, 1)
    pretend_pyodide()
    through_lite = timed(lambda: server_call("USCF_STANDARD", [[1600.0]], [[22.0]], ratings, results, None,
                                             None, None, None), options.repeat, 1000)
    event_lite = timed(lambda: server_call("RATE_CROSSTABLE", grid, None, None, settings, None),
                       options.repeat, 1)
    print("USCF_STANDARD, 12 opponents:")
    print(f"  direct call            {direct * 1e6:9.1f} us")
    print(f"  xlwings server path    {through * 1e6:9.1f} us")
    print(f"  xlwings server path, pyodide.ffi importable (as in Lite) {through_lite * 1e6:9.1f} us")
    print(f"  (server path of SCORE with no argument: {empty * 1e6:.1f} us, the framework's own cost)")

    spill = udfs.RATE_CROSSTABLE(grid, None, None, settings, None)
    assert len(spill) == options.players and all(isinstance(row[0], float) for row in spill)
    event = timed(lambda: udfs.RATE_CROSSTABLE(grid, None, None, settings, None), options.repeat, 1)
    macro = timed(lambda: rate_sheets({"Crosstable": grid, "Event": settings}), options.repeat, 1)
    print(f"RATE_CROSSTABLE, {options.players} players, {options.rounds} rounds:")
    print(f"  direct call            {event * 1e3:9.1f} ms")
    print(f"  xlwings server path    {event_server * 1e3:9.1f} ms")
    print(f"  xlwings server path, pyodide.ffi importable (as in Lite) {event_lite * 1e3:9.1f} ms")
    print(f"  macro core rate_sheets {macro * 1e3:9.1f} ms (all output columns)")


if __name__ == "__main__":
    main()
