"""Powers of ten on arrays are Python's own, to the last bit, whichever way numpy computes them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from xlrating import _vector

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy path needs numpy")

if _vector.AVAILABLE:
    import numpy as np

    from xlrating import _powers
else:
    np: Any = None


def exponents() -> list[float]:
    rng = random.Random(11)
    return ([rng.uniform(-12.0, 12.0) for _ in range(50_000)]
            + [d / 400.0 for d in range(-4000, 4001, 7)]
            + [0.0, -0.0, 1.0, -1.0, 10.0, -10.0, 0.5, 1e-300, -1e-300, 2.5e-5])


def test_powers_of_ten_are_pythons() -> None:
    given = exponents()
    assert _powers.powers_of_ten(np.array(given)).tolist() == [10.0 ** x for x in given]


def test_the_fallback_is_pythons_too() -> None:
    given = exponents()
    assert _powers.by_python(np.array(given)).tolist() == [10.0 ** x for x in given]


@pytest.mark.parametrize("scale", [400.0, 200.0, 17.0])
def test_powers_of_differences_are_pythons_whole_or_not(scale: float) -> None:
    rng = random.Random(12)
    differences = ([float(d) for d in range(-4010, 4011)]
                   + [rng.uniform(-4100.0, 4100.0) for _ in range(20_000)]
                   + [rng.randint(-4000, 3999) + rng.choice([0.5, 0.25, 1e-9]) for _ in range(2_000)]
                   + [0.0, -0.0, 1e-300, -1e-300, 3999.9999999999995, 4000.0, -4000.0, 4000.5, -4001.0])
    found = _powers.powers_of_ten_over(np.array(differences), scale)
    assert found.tolist() == [10.0 ** (d / scale) for d in differences]
    missing = _powers.powers_of_ten_over(np.array([1.0, np.nan, 2.5]), scale)
    assert np.isnan(missing).tolist() == [False, True, False]


def test_a_numpy_whose_float_power_is_not_pow_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    def off_by_a_bit(base: float, x: object) -> object:  # a vectorised power, wrong in some last bits
        result = np.power(base, x)
        return np.where(np.arange(len(result)) % 7 == 0, np.nextafter(result, np.inf), result)

    monkeypatch.setattr(_powers.np, "float_power", off_by_a_bit)
    _powers.float_power_is_pow.cache_clear()
    try:
        assert not _powers.float_power_is_pow()
        given = exponents()
        assert _powers.powers_of_ten(np.array(given)).tolist() == [10.0 ** x for x in given]
    finally:
        _powers.float_power_is_pow.cache_clear()
