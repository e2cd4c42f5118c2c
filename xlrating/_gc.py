"""Python's cyclic garbage collector, paused while an engine builds many small objects.

Rating a large event (or a season of events) allocates hundreds of thousands of small
objects: numbers, outcomes, explanations. They form no reference cycles, so reference
counting frees them as usual, but each of the collector's full passes re-scans every
object built so far, which costs a third of a 10,000-player event's time and makes the
time grow faster than the event. Pausing the collector while they are built removes that
cost and nothing else.

When the collector resumes, the objects built meanwhile are all young: its next pass of the
young objects would look at every one of them (a 10,000-player event's outcomes, or the
working its outcomes keep until they are read), to find no garbage. They are moved to the
oldest generation instead (:func:`gc.freeze` then :func:`gc.unfreeze`, two splices of the
collector's lists), where a full pass looks at them, if they are still alive then; none is
freed later than reference counting frees it. Where the program has frozen objects of its
own (:func:`gc.freeze`, before a fork), nothing is moved: unfreezing would thaw them too.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic collector inside the ``with`` block (if it was running); when it
    resumes, the objects made inside are old (see above)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()
