"""Lists of numbers made from numpy arrays whose equal values are one Python number
(:func:`by_value`): an event's outcomes hold many equal scores, floors, counts and published
ratings, and each number of its own costs time to make, collect, read and free."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt


def by_value(values: npt.NDArray[Any], step: float = 1.0) -> list[Any]:
    """``values.tolist()``, but with one Python number for each distinct value, which the list's
    items share, where there are :data:`SHARED_FROM` values or more and every one is a whole
    number of ``step`` s (1, or 0.5 for scores) within a range no wider than the values are many:
    a score, a floor, a count of games (at 10,000 players, 18 distinct scores and 31 floors).
    Else ``values.tolist()``. The same numbers of the same types either way; only fewer objects:
    each player's outcome would hold numbers of his own, and the outcomes' records, the
    collector's pass over them, their reading and their freeing take less time for sharing them
    (measured at 10,000 players: about 17 ns less a number, every outcome read, where sharing
    costs 2 to 6 and about 20 µs a list)."""
    if len(values) < SHARED_FROM:
        return values.tolist()  # type: ignore[no-any-return]
    if values.dtype.kind in "iu" and step == 1:
        units = values
    elif values.dtype.kind == "f":
        units = values / step  # (exact: a step of 1 or 0.5)
        if np.signbit(values).any() or not (units == np.floor(units)).all():  # -0.0, a fraction or NaN
            return values.tolist()  # type: ignore[no-any-return]
    else:
        return values.tolist()  # type: ignore[no-any-return]
    if not len(units):
        return []
    least, most = units.min(), units.max()
    if not (least > -_EXACT and most < _EXACT and most - least < len(units)):  # (an infinity: not)
        return values.tolist()  # type: ignore[no-any-return]
    low = int(least)
    numbers = np.arange(low, int(most) + 1)
    table = np.array((numbers * float(step) if values.dtype.kind == "f" else numbers).tolist(), dtype=object)
    return table[(units - low).astype(np.intp)].tolist()  # type: ignore[no-any-return]


SHARED_FROM = 4096
"""From this many values on, :func:`by_value` shares them: below, its fixed cost (a dozen numpy
calls) is not repaid, and a season's runs of events (a few hundred to two thousand players) read
their outcomes as columns, which no record holds (measured on ``bench_lists.py``'s US Chess year:
8 ms more with them shared)."""

_EXACT = 2 ** 52
"""Whole numbers of steps below this (in size) are counted exactly in floats and machine integers."""
