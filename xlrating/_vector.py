"""Where the engines use numpy.

The numeric core of each engine runs on numpy arrays for a large event and in plain Python
for a small one, where numpy's fixed cost per call outweighs its speed, and for every event
where numpy cannot be imported (a Python in the browser without it: xlrating itself needs
nothing but the standard library to rate). Both paths give the same numbers to the last bit;
the tests rate every event both ways and compare every field.

An engine asks :func:`vectorised` with the size of its event (in game sides, twice the games)
and the size from which numpy pays for that engine, measured in ``benchmarks/``; only then does
it import its numpy module. Nothing in the package imports numpy at import time.
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from collections.abc import Iterator


def _importable() -> bool:
    """Whether ``import numpy`` would succeed, without importing it (``sys.modules["numpy"] =
    None`` blocks it, as the tests do to rate as a Python without numpy would)."""
    if "numpy" in sys.modules:
        return sys.modules["numpy"] is not None
    return importlib.util.find_spec("numpy") is not None


AVAILABLE = _importable()
"""Whether numpy can be imported (it is a dependency of the package, but the package rates
without it)."""

_forced: bool | None = None


def vectorised(sides: int, from_sides: int) -> bool:
    """Whether an event of ``sides`` game sides is rated on numpy arrays: numpy is available
    and the event has at least ``from_sides`` sides (unless :func:`forced`)."""
    if _forced is not None:
        return _forced
    return AVAILABLE and sides >= from_sides


@contextlib.contextmanager
def forced(vector: bool) -> Iterator[None]:
    """Rate every event on numpy arrays (``True``) or in plain Python (``False``), whatever its
    size, inside the ``with`` block (the tests compare the two paths)."""
    global _forced
    if vector and not AVAILABLE:
        raise RuntimeError("numpy is not installed: the numpy path cannot be forced")
    before, _forced = _forced, vector
    try:
        yield
    finally:
        _forced = before
