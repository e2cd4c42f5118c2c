"""Benchmark: how long the command takes to start: ``python benchmarks/bench_startup.py [--repeat 5]``.

Times, in fresh processes, ``xlrating --version``, ``xlrating --help`` and ``xlrating rate``
of the US Chess template (8 players, 4 rounds, no report), each the best of REPEAT runs,
as wall time and as CPU time (user + system, read from the children's resource usage, so
less disturbed by other processes on a shared machine). For scale it times the bare
interpreter (``python -c pass``) in the same run. The goals: ``--help`` and ``--version``
under 0.3 s; a small ``rate`` under 1 s of CPU. ``python -X importtime -m xlrating
--version`` shows what each import costs: the subcommands import openpyxl and the rating
engines only when they run.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(command: list[str], repeat: int) -> tuple[float, float]:
    """The best wall and best CPU time of ``repeat`` runs of ``command``, in seconds."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        wall, cpu = min(wall, elapsed), min(cpu, used)
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    xlrating = [sys.executable, "-m", "xlrating"]
    with tempfile.TemporaryDirectory() as folder:
        event = Path(folder) / "event.xlsx"
        subprocess.run([*xlrating, "template", "uscf", "-o", str(event)], check=True, capture_output=True)
        cases = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "xlrating --version": [*xlrating, "--version"],
            "xlrating --help": [*xlrating, "--help"],
            "xlrating rate (8 players)": [*xlrating, "rate", str(event), "-o",
                                          str(Path(folder) / "out.xlsx")],
        }
        print(f"{'command':28} {'wall':>8} {'CPU':>8}")
        for name, command in cases.items():
            wall, cpu = timed(command, args.repeat)
            print(f"{name:28} {wall:7.3f}s {cpu:7.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
