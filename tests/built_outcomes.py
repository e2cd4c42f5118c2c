"""Counting the outcome records an engine builds (its outcomes of a large event are built as read)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest


def count_built(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[int]:
    """The pairing numbers of the ``PlayerOutcome`` records ``module`` builds from now on, one by
    one or by columns (``outcome_records``), in the order built (the list fills as they are
    built)."""
    made: list[int] = []
    record = module.PlayerOutcome

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(kwargs["player"])
        return record(*args, **kwargs)

    monkeypatch.setattr(module, "PlayerOutcome", counted)
    if hasattr(module, "outcome_records"):
        records = module.outcome_records

        def counted_records(columns: dict[str, Any], **same: Any) -> Any:
            built = records(columns, **same)
            made.extend(outcome.player for outcome in built)
            return built

        monkeypatch.setattr(module, "outcome_records", counted_records)
    return made
