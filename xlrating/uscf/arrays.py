"""The array operations the numpy core of a US Chess event (:mod:`.core_numpy`) builds its
steps from, over the sides of :class:`xlrating._sides_numpy.ArraySides`, each as the
one-player formulas compute it: powers of ten, N*, the dual-rated K; players' values as lists.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from .._powers import float_power_is_pow, powers_of_ten, powers_of_ten_over
from .._sides_numpy import Flags, Floats, Ints, packed
from .formulas import _k, _nstar
from .rules import UscfRules


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
    ``10.0 ** x`` (see :mod:`xlrating._powers`). Where most differences are whole numbers (step 4's,
    between pre-event ratings, nearly always are), each whole one's power is looked up in a table
    (:func:`~xlrating._powers.powers_of_ten_over`, as the ICU's first scoring does); whether most
    are is judged on every :data:`_SAMPLE` th difference (step 5's, between step 4 ratings, nearly
    never are)."""
    sample = difference[::_SAMPLE]
    if len(difference) >= _TABLE_FROM and 2 * np.count_nonzero(sample == np.floor(sample)) > len(sample):
        return powers_of_ten_over(difference, scale)
    return powers_of_ten(difference / scale)


_SAMPLE = 64
"""Whether most differences are whole is judged on one in this many (the result is the same
either way: only the time differs)."""
_TABLE_FROM = 4096
"""From this many differences on, the table may pay (measured at 10,000 players, step 4's 70,000
differences, 86 % whole: 0.69 ms instead of 0.88)."""


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


def _optional(values: list[float | None]) -> Floats:
    """Numbers or None as floats, NaN for None (no conversion at all when every one is None:
    counting the Nones is quick only where there are no numbers to compare with None)."""
    if not any(values) and values.count(None) == len(values):
        return np.full(len(values), np.nan)
    nan = math.nan
    return packed([nan if value is None else value for value in values], "d")
