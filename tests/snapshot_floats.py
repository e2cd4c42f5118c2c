"""Comparing regression snapshots on a platform whose C library rounds differently.

The engines compute every winning expectancy with Python's ``10.0 ** x``, which is the C
library's ``pow``. glibc's ``pow`` (where the snapshots were made and CI runs) is correctly
rounded in practice; Pyodide's (the Python of xlwings Lite, built with Emscripten's C
library) differs from it in the last bit for a few arguments. So inside Pyodide an
unrounded float of an outcome (an expected score, a US Chess 2020 rating, which is kept
unrounded) can differ from the snapshot in its last digits, while every whole-number
rating, count, method, step name and note is the same. (Sums of floats do not differ: the
engines add them left to right on every Python, see :mod:`xlrating._floats`.)

:func:`assert_same` therefore compares exactly everywhere but inside Pyodide, where two
floats (or the reprs the snapshots store) may differ by a relative 1e-13 and nothing else
may differ at all.
"""

from __future__ import annotations

import math
import sys
from typing import Any

#: Whether the snapshot must match to the last bit (everywhere but Pyodide).
EXACT = sys.platform != "emscripten"
#: The relative difference allowed between two floats inside Pyodide (seen: one expected
#: score of one game, a relative 2e-16).
RELATIVE = 1e-13


def _number(value: Any) -> float | None:
    if isinstance(value, float):
        return value
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def differences(got: Any, want: Any, path: str = "", *, exact: bool | None = None) -> list[str]:
    """Where ``got`` differs from ``want`` (floats within :data:`RELATIVE` unless ``exact``;
    ``None``: :data:`EXACT`)."""
    if exact is None:
        exact = EXACT
    if isinstance(got, dict) and isinstance(want, dict):
        if got.keys() != want.keys():
            return [f"{path}: keys {sorted(got)} != {sorted(want)}"]
        return [d for key in got for d in differences(got[key], want[key], f"{path}.{key}", exact=exact)]
    if isinstance(got, (list, tuple)) and isinstance(want, (list, tuple)):
        if len(got) != len(want):
            return [f"{path}: {len(got)} items != {len(want)}"]
        return [d for i, (a, b) in enumerate(zip(got, want, strict=True))
                for d in differences(a, b, f"{path}[{i}]", exact=exact)]
    if got == want:
        return []
    a, b = _number(got), _number(want)
    if (not exact and a is not None and b is not None and type(got) is type(want)
            and math.isclose(a, b, rel_tol=RELATIVE, abs_tol=0.0)):
        return []
    return [f"{path}: {got!r} != {want!r}"]


def assert_same(got: Any, want: Any, label: str = "") -> None:
    """``got == want``, but for the last bits of floats inside Pyodide (see the module)."""
    if EXACT:
        assert got == want, label
        return
    found = differences(got, want, label, exact=False)
    assert not found, "; ".join(found[:5]) + (f" and {len(found) - 5} more" if len(found) > 5 else "")
