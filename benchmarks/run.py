"""Run every benchmark, one after another: ``python benchmarks/run.py [NAME ...]``.

Each ``bench_*.py`` here measures one part (``uscf``, ``fide``, ``icu``, ``workbook``,
``report``, ``udfs``) and prints its own figures; give names to run only those. The
benchmarks are run on demand, never by the test suite: speed goals live here, not in
timed unit tests. Figures on a shared or busy machine vary between runs; compare
alternatives within one run. A benchmark that misses a target prints ``MISSED`` and exits
with status 1; every benchmark chosen is run, and the exit status is 1 if one of them
failed.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(names: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    chosen = [s for s in scripts if not names or s.stem.removeprefix("bench_") in names]
    unknown = set(names) - {s.stem.removeprefix("bench_") for s in scripts}
    if unknown:
        print(f"no benchmark named {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    failed = []
    for script in chosen:
        print(f"=== {script.stem.removeprefix('bench_')} ({script.name})", flush=True)
        start = time.perf_counter()
        status = subprocess.call([sys.executable, str(script)])
        print(f"--- {script.name}: {time.perf_counter() - start:.1f} s, exit {status}\n", flush=True)
        if status:
            failed.append(script.name)
    if failed:
        print(f"failed or missed a target: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
