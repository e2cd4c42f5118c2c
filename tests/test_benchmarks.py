"""Every benchmark still runs: each script in ``benchmarks/`` on a tiny input, in its own process.

The benchmarks are run by hand, on demand, and time nothing here (their figures at these
sizes mean nothing). What this holds is that none has rotted as the code changed: each
starts, builds its input, runs what it times through to its last line and exits 0, or 1
having said which target it missed (``MISSED``: at these sizes the fixed costs weigh).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"

#: Each benchmark with arguments that make it small.
TINY: dict[str, list[str]] = {
    "bench_crosstable.py": ["--players", "40"],
    "bench_fide.py": ["40"],
    "bench_fill.py": ["--players", "200", "--listed", "500"],
    "bench_icu.py": ["40"],
    "bench_import.py": ["--size", "500", "--players", "40", "--rounds", "5"],
    "bench_list_store.py": ["--players", "2000"],
    "bench_lists.py": ["--players", "500", "--events", "40", "--games", "2000", "--newcomers", "0.1",
                       "--records", "--parts", "--repeat", "2"],
    "bench_pending.py": ["--players", "300", "--events", "3", "--games", "5"],
    "bench_report.py": ["--players", "40", "--rounds", "5"],
    "bench_report_writers.py": ["--sizes", "40x5"],
    "bench_season.py": ["--players", "100", "--events", "3", "--size", "10", "--rounds", "3"],
    "bench_season_write.py": ["--rows", "500"],
    "bench_startup.py": ["--repeat", "1"],
    "bench_udfs.py": ["--players", "40", "--rounds", "5"],
    "bench_uscf.py": ["40"],
    "bench_workbook.py": ["--players", "40", "--rounds", "5", "--list-rows", "500"],
}


def test_every_benchmark_is_listed() -> None:
    assert sorted(TINY) == sorted(path.name for path in BENCHMARKS.glob("bench_*.py"))


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(TINY))
def test_the_benchmark_runs_through(script: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *TINY[script]], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600, check=False)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0 or (done.returncode == 1 and "MISSED" in done.stdout), (
        done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    assert done.stdout.strip(), "a benchmark prints its figures"
