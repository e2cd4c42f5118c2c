"""A field of many outcomes at once: the values at some players' positions, picked in one call.

An engine builds a large event's records field by field (:func:`xlrating.model.outcome_records`):
each field's values for the players at some positions, from a list indexed by player.
:func:`picker` picks them with :func:`operator.itemgetter`, one C loop per field instead of a
Python loop per player. An engine's columns of every outcome
(:data:`xlrating.model.ColumnSource`) put the same values in their places
(:func:`empty_columns`, :func:`put_columns`, :func:`put_row`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import repeat
from operator import itemgetter
from typing import Any

from .model import _OUTCOME_DEFAULTS

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


def looked_up(mapping: Mapping[Any, Any], keys: Sequence[Any]) -> list[Any]:
    """The values of ``keys`` in ``mapping``, in order, looked up in one C loop (as :func:`picker`
    picks a sequence's)."""
    if len(keys) > 1:
        return list(itemgetter(*keys)(mapping))
    return [mapping[key] for key in keys]


def empty_columns(names: Sequence[str], size: int) -> dict[str, list[Any]]:
    """A column of ``size`` values for each outcome field named, each value the field's default
    (then :func:`put_columns`)."""
    return {name: [_OUTCOME_DEFAULTS[name]] * size for name in names}


def put_columns(found: dict[str, list[Any]], positions: Sequence[int], columns: Mapping[str, Sequence[Any]],
                **same: Any) -> None:
    """Put, at ``positions`` of each column of ``found``, the field's values there: from
    ``columns`` (each field's values at those positions, in order), or ``same`` (one value for
    all of them), else the field's default (as :func:`xlrating.model.outcome_records` gives
    them); ``ValueError`` for a column of ``columns`` not as long as ``positions`` (which would
    move the values after it)."""
    run = positions if isinstance(positions, range) and positions.step == 1 else None  # (put by slices)
    for name, values in found.items():
        if name in columns:
            given: Iterable[Any] = columns[name]
            if len(columns[name]) != len(positions):
                raise ValueError(f"put_columns: {len(columns[name])} values of {name} for {len(positions)} "
                                 "positions")
        else:
            value = same.get(name, _OUTCOME_DEFAULTS[name])
            given = [value] * len(positions) if run is not None else repeat(value)
        if run is not None:
            values[run.start:run.stop] = given
        else:
            deque(map(values.__setitem__, positions, given), 0)


def put_row(found: dict[str, list[Any]], i: int, fields: dict[str, Any]) -> None:
    """Put one player's fields (``fields``: those not at their default) at position ``i`` of each
    column of ``found`` (as :func:`put_columns` puts many)."""
    for name, values in found.items():
        values[i] = fields.get(name, _OUTCOME_DEFAULTS[name])
