"""The array operations the numpy core of a US Chess event (:mod:`.core_numpy`) builds its
steps from, over the sides of :class:`xlrating._sides_numpy.ArraySides`, each as the
one-player formulas compute it: powers of ten, N*, the dual-rated K; optional values as arrays.
"""

from __future__ import annotations

import math

import numpy as np

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


def _optional(values: list[float | None]) -> Floats:
    """Numbers or None as floats, NaN for None (no conversion at all when every one is None:
    counting the Nones is quick only where there are no numbers to compare with None)."""
    if not any(values) and values.count(None) == len(values):
        return np.full(len(values), np.nan)
    nan = math.nan
    return packed([nan if value is None else value for value in values], "d")
