"""Timing helpers the benchmarks share: the best of several runs, and a run's peak memory."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from typing import Any


def best(run: Callable[[], Any], repeat: int = 3) -> float:
    """The best wall-clock time of ``repeat`` runs of ``run``, in seconds."""
    result = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        result = min(result, time.perf_counter() - start)
    return result


def peak_bytes(run: Callable[[], Any]) -> int:
    """The peak of Python's allocations (tracemalloc) during one run of ``run``, in bytes."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
