"""Powers of ten on numpy arrays, each bit for bit as Python's ``10.0 ** x`` (imported only
by the engines' numpy paths).

Every winning expectancy ``1/(1 + 10^(d/400))`` takes its power from the C library's
``pow``, which Python's ``10.0 ** x`` and ``math.pow`` call. numpy's ``power`` may not: on
processors with AVX-512 it uses its own vectorised power, which differs from ``pow`` in the
last bit for about one exponent in twenty, and a rating computed from it would differ from
the plain-Python path's. numpy's ``float_power`` calls ``pow`` element by element, at a
fraction of the cost of calling it from Python. That it does so is checked once, on the
first use, against Python's own powers of 20,001 exponents (every one a whole rating
difference over 400 gives, and more between); should a numpy ever compute it otherwise,
the powers are Python's own, a block at a time.
"""

from __future__ import annotations

import functools
import math
from itertools import repeat

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]

_WHOLE = 4000
"""Whole differences from -_WHOLE to _WHOLE (every difference of two ratings from 0 to 4000) have
their powers in a table (:func:`powers_of_ten_over`)."""

_BLOCK = 4096
"""Exponents made Python floats at a time on the fallback path (a block's are all alive at once)."""


def powers_of_ten(exponents: Floats) -> Floats:
    """``10.0 ** x`` for every exponent ``x``, to the last bit."""
    if float_power_is_pow():
        return np.float_power(10.0, exponents)
    return by_python(exponents)


def powers_of_ten_over(differences: Floats, scale: float) -> Floats:
    """``10.0 ** (d / scale)`` for every difference ``d``, to the last bit (:func:`powers_of_ten`
    of ``differences / scale``): a whole difference within +/-4000 (two whole ratings') looked up
    in a table of those powers made once for ``scale``, any other computed. At 10,000 players (72,000
    games of rated players, nearly all between whole ratings) a third of the time of computing
    each."""
    whole = (np.abs(differences) <= _WHOLE) & (np.rint(differences) == differences)  # (NaN: False)
    found: Floats = _table(scale)[np.where(whole, differences, 0.0).astype(np.intp) + _WHOLE]
    if not whole.all():
        other = np.flatnonzero(~whole)
        found[other] = powers_of_ten(differences[other] / scale)
    return found


@functools.lru_cache(maxsize=4)
def _table(scale: float) -> Floats:
    """``10.0 ** (d / scale)`` for every whole ``d`` from -4000 to 4000, at ``d + 4000``: the same
    division and power as :func:`powers_of_ten_over` computes for any other difference."""
    with np.errstate(over="ignore"):  # (a small scale's largest powers are inf, as numpy gives them)
        table = powers_of_ten(np.arange(-_WHOLE, _WHOLE + 1, dtype=np.float64) / scale)
    table.flags.writeable = False
    return table


@functools.cache
def float_power_is_pow() -> bool:
    """Whether numpy's ``float_power`` gives the powers of ten that Python gives (see above)."""
    exponents = np.concatenate([np.arange(-4000, 4001) / 400.0, np.linspace(-9.99, 9.99, 12_000)])
    return bool((np.float_power(10.0, exponents) == by_python(exponents)).all())


def by_python(exponents: Floats) -> Floats:
    """``10.0 ** x`` for every exponent by Python's ``math.pow`` (the same call), a block at a time."""
    result: Floats = np.empty(len(exponents))
    for at in range(0, len(exponents), _BLOCK):
        block = exponents[at:at + _BLOCK].tolist()
        result[at:at + len(block)] = np.fromiter(map(math.pow, repeat(10.0), block), np.float64, len(block))
    return result
