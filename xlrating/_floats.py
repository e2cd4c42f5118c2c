"""Sums of floats that are the same on every Python.

Python's ``sum`` added floats one after another, left to right, up to Python 3.11; from
3.12 it compensates the rounding of each addition. Both are fine sums, but they can differ
in the last bit, and a rating that goes on to a rounding, a floor or a comparison can then
differ too. The engines add their floats with :func:`in_order` instead: left to right on
every Python (and in the same order as the numpy paths, which add a player's values game
by game in round order), as xlrating 0.1 did on Python 3.11.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from functools import reduce
from operator import add

if sys.version_info >= (3, 12):

    def in_order(values: Iterable[float]) -> float:
        """The sum of ``values``, added one after another from the left (0.0 if there are none)."""
        return reduce(add, values, 0.0)

else:  # sum adds from the left here, and is twice as fast as reduce

    def in_order(values: Iterable[float]) -> float:
        """The sum of ``values``, added one after another from the left (0.0 if there are none)."""
        return sum(values, 0.0)
