"""The switch between the engines' numpy and plain-Python paths."""

from __future__ import annotations

import pytest

from xlrating import _vector


def test_small_events_plain_large_vectorised() -> None:
    assert not _vector.vectorised(999, 1000)
    assert _vector.vectorised(1000, 1000) is _vector.AVAILABLE


def test_forced_either_way_and_restored() -> None:
    with _vector.forced(False):
        assert not _vector.vectorised(10**6, 1000)
        if _vector.AVAILABLE:
            with _vector.forced(True):
                assert _vector.vectorised(2, 1000)
        assert not _vector.vectorised(10**6, 1000)
    assert _vector.vectorised(10**6, 1000) is _vector.AVAILABLE


def test_numpy_path_cannot_be_forced_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_vector, "AVAILABLE", False)
    with pytest.raises(RuntimeError, match="numpy is not installed"), _vector.forced(True):
        pass  # pragma: no cover
    assert not _vector.vectorised(10**6, 1000)


def test_blocked_numpy_is_not_available() -> None:
    import subprocess
    import sys
    code = ("import sys; sys.modules['numpy'] = None; from xlrating import _vector; "
            "print(_vector.AVAILABLE, _vector.vectorised(10**6, 1000))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]
