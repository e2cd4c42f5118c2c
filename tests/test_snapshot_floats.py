"""The snapshot comparison that allows for another C library's last bits (inside Pyodide only)."""

from __future__ import annotations

import pytest
import snapshot_floats
from snapshot_floats import differences


def test_exact_everywhere_but_pyodide() -> None:
    assert differences({"r": "1857.0747870944435"}, {"r": "1857.074787094444"}, exact=True)
    assert differences([0.564194242095578], [0.5641942420955783], exact=True)


def test_last_bits_of_floats_pass_inside_pyodide_and_nothing_else() -> None:
    assert not differences({"r": "1857.0747870944435", "m": "standard"},
                           {"r": "1857.074787094444", "m": "standard"}, exact=False)
    assert not differences([0.5641942420955783], [0.564194242095578], exact=False)
    assert differences({"r": "1857.08"}, {"r": "1857.074787094444"}, exact=False)  # not a last bit
    assert differences({"post": 1857}, {"post": 1858}, exact=False)  # whole numbers stay exact
    assert differences({"note": "change 12.35"}, {"note": "change 12.34"}, exact=False)
    assert differences({"r": "1.0"}, {"r": 1.0}, exact=False)  # a repr is not a float
    assert not differences({"m": "standard"}, {"m": "standard"}, exact=False)
    assert differences({"a": 1}, {"b": 1}, exact=False)
    assert differences([1.0], [1.0, 2.0], exact=False)


def test_assert_same_names_the_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshot_floats, "EXACT", False)
    snapshot_floats.assert_same({"e": 0.5641942420955783}, {"e": 0.564194242095578})
    with pytest.raises(AssertionError, match=r"event\.e: 0\.6 != 0\.5"):
        snapshot_floats.assert_same({"e": 0.6}, {"e": 0.5}, "event")
