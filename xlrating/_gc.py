"""Python's cyclic garbage collector, paused while an engine builds many small objects.

Rating a large event (or a season of events) allocates hundreds of thousands of small
objects: numbers, outcomes, explanations. They form no reference cycles, so reference
counting frees them as usual, but each of the collector's full passes re-scans every
object built so far, which costs a third of a 10,000-player event's time and makes the
time grow faster than the event. Pausing the collector while they are built removes that
cost and nothing else.

A season's result (a federation's new list and every player's history: some 430,000
objects for a year) is kept by its caller. When the collector resumes, its young passes
would each walk all of it only to find it alive, one generation at a time: the first at
the next allocation, the second a few thousand allocations later. A season asks for it to
be *long-lived* (:func:`collector_paused`): the program's young objects are collected
first, as the collector's next pass would collect them, and what the season made is then
put in the oldest generation at once.
"""

from __future__ import annotations

import gc
import sys
import sysconfig
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 0 if sys.version_info >= (3, 14) else 1
"""The generation ``gc.collect`` is given to collect every young object and no old one: up to
Python 3.13, 1 (its two young generations); from 3.14, whose collector has one young generation
and an old one collected in increments, 0 (``gc.collect(1)`` there collects an increment of the
old generation, not the young one)."""

_HEAP_WALK = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))
"""Whether this Python's collector freezes objects by walking the whole heap (a free-threaded
build) rather than by moving its generations' lists, which costs nothing."""


@contextmanager
def collector_paused(*, long_lived: bool = False) -> Iterator[None]:
    """Pause the cyclic collector inside the ``with`` block (if it was running).

    ``long_lived``: what the block makes is kept by the caller (a season's result). The young
    generations are collected as the block starts: the program's young objects get the pass
    the collector would give them next (its garbage cycles freed, the rest moved to the oldest
    generation). When the block ends without an error, every young object still alive, which is
    then what the block made (and what other threads made meanwhile), is moved to the oldest
    generation (``gc.freeze()``, then ``gc.unfreeze()``: two moves of whole lists), so that no
    young pass walks it. Not done where the block raised (what it made is garbage then, some of
    it in cycles with the error's traceback, which the next young pass frees), where anything is
    frozen (the program's objects, or those Python 3.12 freezes as it starts: unfreezing would
    release them) or where freezing walks the heap (a free-threaded Python)."""
    enabled = gc.isenabled()
    moved = long_lived and enabled and not _HEAP_WALK and gc.get_freeze_count() == 0
    if moved:
        gc.collect(YOUNG)
    gc.disable()
    ended = False
    try:
        yield
        ended = True
    finally:
        if enabled:
            if moved and ended and gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()
