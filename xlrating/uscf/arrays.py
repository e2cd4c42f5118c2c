"""The array operations the numpy core of a US Chess event (:mod:`.core_numpy`) builds its
steps from, over the sides of :class:`xlrating._sides_numpy.ArraySides`, each as the
one-player formulas compute it: sums in round order, powers of ten, N*, the dual-rated K.
"""

from __future__ import annotations

import math

import numpy as np

from .._powers import float_power_is_pow, powers_of_ten
from .._sides_numpy import ArraySides, Flags, Floats, Ints
from .formulas import _k, _nstar
from .rules import UscfRules

Columns = list[tuple[Ints, Ints]]
"""The sides by their place in each player's games: for each j from 0, the players (positions)
with more than j games, and where each one's (j + 1)-th side is (:func:`columns_of`)."""


def columns_of(sides: ArraySides) -> Columns:
    """The sides by their place in each player's games (see :data:`Columns`)."""
    found = []
    for j in range(int(sides.played.max(initial=0))):
        rows = np.flatnonzero(sides.played > j)
        found.append((rows, sides.start[rows] + j))
    return found


def sums_in_order(values: Floats, columns: Columns, size: int) -> Floats:
    """Each of ``size`` players' sum of ``values`` (one per side), added game by game in round
    order (as Python's ``sum`` adds a player's values, so to the last bit); ``columns``: the
    sides by their place in each player's games (:func:`columns_of`)."""
    total = np.zeros(size)
    for rows, at in columns:
        total[rows] += values[at]
    return total


def nstar_of(rules: UscfRules, prior: Floats) -> Floats:
    """N* for every rating in ``prior``, each as the one-player formula computes it: the square
    is the C library's ``pow``, as Python's ``**`` (numpy's ``float_power``, where it calls
    ``pow``: see :mod:`xlrating._powers`; else the one-player formula once per distinct rating)."""
    if not float_power_is_pow():
        distinct, at = np.unique(prior, return_inverse=True)
        return np.array([_nstar(rules, rating) for rating in distinct.tolist()], dtype=np.float64)[at]
    square = np.float_power(rules.nstar_center - prior, 2.0)
    nstar: Floats = np.where(prior > rules.nstar_cutoff, rules.nstar_max,
                             rules.nstar_max / np.sqrt(rules.nstar_base + rules.nstar_coefficient * square))
    return nstar


def _powers_of_ten(difference: Floats, scale: float) -> Floats:
    """10^(d/scale) for each rating difference d, each power as the one-player formula's
    ``10.0 ** x`` (see :mod:`xlrating._powers`)."""
    return powers_of_ten(difference / scale)


def _dual_rated_k(rules: UscfRules, plain: Floats, chosen: Flags, effective: Floats, m: Ints,
                  regular: list[float | None] | None) -> Floats:
    """K: the plain K, or the dual-rated K (US Chess 2020, 4.2) where it applies."""
    dual = rules.dual_rated_k
    if dual is None or regular is None:
        return plain
    k: Floats = plain.copy()
    for i in np.flatnonzero(chosen).tolist():
        rating = regular[i]
        if rating is not None and rating > dual.low:
            k[i] = _k(rules, float(effective[i]), int(m[i]), rating, True)
    return k


def _optional(values: list[float | None]) -> Floats:
    """Numbers or None as floats, NaN for None (no conversion at all when every one is None)."""
    if values.count(None) == len(values):
        return np.full(len(values), np.nan)
    nan = math.nan  # (numpy converts a list with None in it more slowly than one with NaN)
    return np.fromiter([nan if value is None else value for value in values], np.float64, len(values))
