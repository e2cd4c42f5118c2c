"""A field of many outcomes at once: the values at some players' positions, picked in one call.

An engine builds a large event's records field by field (:func:`xlrating.model.outcome_records`):
each field's values for the players at some positions, from a list indexed by player.
:func:`picker` picks them with :func:`operator.itemgetter`, one C loop per field instead of a
Python loop per player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

Picker = Callable[[Sequence[Any]], Sequence[Any]]

MANY = 8
"""From this many players of one kind, an engine builds their records field by field: below it
the fixed cost of picking each field's values for them and of
:func:`~xlrating.model.outcome_records` (about as long as building two records one by one) is
not repaid, and each record is built on its own."""


def picker(positions: Sequence[int]) -> Picker:
    """A function that gives the values at ``positions``, in that order, of a sequence indexed by
    player."""
    if len(positions) > 1:
        return itemgetter(*positions)
    return lambda values: [values[i] for i in positions]  # itemgetter of one position gives no tuple
