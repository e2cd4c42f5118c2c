"""Timing helpers the benchmarks share: the best of several runs, a run's peak memory, reading
every outcome a user gets, and the targets as ratios to the floor pass."""

from __future__ import annotations

import time
import tracemalloc
from collections import deque
from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

from xlrating.model import PlayerOutcome


def best(run: Callable[[], Any], repeat: int = 3) -> float:
    """The best wall-clock time of ``repeat`` runs of ``run``, in seconds."""
    result = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        result = min(result, time.perf_counter() - start)
    return result


def cpu_time(run: Callable[[], Any]) -> float:
    """The processor time this process spent in one run of ``run`` (:func:`time.process_time`),
    in seconds: on a shared machine, the time other work takes the processor away is left out,
    which wall-clock time counts."""
    start = time.process_time()
    run()
    return time.process_time() - start


def best_of_each(runs: dict[Any, Callable[[], Any]], repeat: int = 3) -> dict[Any, float]:
    """The best processor time (:func:`cpu_time`) of each of ``runs``, in seconds, over
    ``repeat`` rounds that run each in turn: every run (the floor pass among them) sees the
    same state of a shared machine, so their ratios hold where one absolute time does not."""
    times = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            times[name] = min(times[name], cpu_time(run))
    return times


def peak_bytes(run: Callable[[], Any]) -> int:
    """The peak of Python's allocations (tracemalloc) during one run of ``run``, in bytes."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


_EVERY_FIELD = attrgetter(*(f.name for f in fields(PlayerOutcome)))


def read_outcomes(outcome: Any) -> Any:
    """``outcome`` (an :class:`~xlrating.model.EventOutcome`) with every field of every player's
    outcome read, as a user reading the results does: an engine may build a large event's
    outcomes as they are read, so a timing that leaves the reading out leaves that work out."""
    deque(map(_EVERY_FIELD, outcome.players), 0)
    return outcome


class Targets:
    """The targets a benchmark states, each a ratio to the floor pass measured in the same run;
    :meth:`check` prints whether each was met (``MISSED`` if not), :attr:`missed` counts them
    for the benchmark's exit status."""

    def __init__(self) -> None:
        self.missed = 0

    def check(self, what: str, ratio: float, target: float) -> bool:
        met = ratio <= target
        self.missed += not met
        print(f"  target: {what} within {target:g}x the floor pass: {ratio:.2f}x "
              f"{'met' if met else 'MISSED'}", flush=True)
        return met

    def status(self) -> int:
        """The benchmark's exit status: 1 if a target was missed, else 0."""
        if self.missed:
            print(f"MISSED: {self.missed} target(s)")
        return 1 if self.missed else 0
