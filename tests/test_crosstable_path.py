"""The crosstable path does each piece of work once: every player is built once (checked and
rated from the same object), and cell addresses are formatted only for problems."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from xlrating import systems
from xlrating.crosstable import parse, rate_sheets
from xlrating.errors import CrosstableError

EVENT = [["End date", date(2025, 1, 5)]]
HEADER = ["No", "Name", "Rating", "Quick", "R1", "R2"]
ROWS: list[list[Any]] = [[1, "Ann", 1500, 1450, "W2", "D3"], [2, "Bob", 1400, None, "L1", "U"],
                         [3, "Cy", None, None, "U", "D1"]]


@pytest.mark.parametrize("dual, runs", [("no", 1), ("yes", 2)])
def test_each_player_is_built_once_per_rating_run(monkeypatch: pytest.MonkeyPatch, dual: str,
                                                  runs: int) -> None:
    built: list[int] = []
    original = systems._uscf_player

    def counting(row: Any, system: str, *, dual_quick: bool = False) -> Any:
        built.append(row.number)
        return original(row, system, dual_quick=dual_quick)

    monkeypatch.setattr(systems, "_uscf_player", counting)
    book = rate_sheets({"Event": [*EVENT, ["Dual rated", dual]], "Crosstable": [HEADER, *ROWS]})
    assert sorted(built) == sorted([1, 2, 3] * runs)
    assert len(book.events[0].outcomes) == runs


@pytest.mark.parametrize("system", ["USCF", "FIDE", "ICU"])
def test_no_cell_address_is_formatted_for_a_crosstable_without_problems(
        monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    formatted: list[tuple[str, int, int]] = []
    original = parse.address

    def counting(sheet: str, row: int, column: int) -> str:
        formatted.append((sheet, row, column))
        return original(sheet, row, column)

    monkeypatch.setattr(parse, "address", counting)
    rows = [[*row[:3], 24 if row[2] else None, *row[4:]] for row in ROWS] if system == "ICU" else ROWS
    header = [*HEADER[:3], "K", *HEADER[4:]] if system == "ICU" else HEADER
    rate_sheets({"Event": [*EVENT, ["System", system]], "Crosstable": [header, *rows]})
    assert formatted == []
    # A problem still names its cell.
    broken = [list(row) for row in rows]
    broken[1][4] = "L3"
    with pytest.raises(CrosstableError, match=r"Crosstable!E2: 'W2' \(round 1\) disagrees"):
        rate_sheets({"Event": [*EVENT, ["System", system]], "Crosstable": [header, *broken]})
    assert formatted
