"""What a crosstable says that was wrong or silent before: a FIDE rating no list has published,
named at its cell when the event is rated (not when it is exported), and two round cells of one
game that give both players the same colour."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from xlrating.crosstable import rate_sheets
from xlrating.errors import CrosstableError
from xlrating.exporters.source import read_event

TODAY = date(2024, 6, 2)
FIDE_EVENT = [["System", "FIDE"], ["End date", date(2024, 5, 5)], ["Event type", "Swiss"]]
HEADER = ["No", "Name", "Rating", "Games", "R1", "R2"]


def fide_sheets(rows: list[list[Any]]) -> dict[str, Any]:
    return {"Event": FIDE_EVENT, "Crosstable": [HEADER, *rows]}


def test_each_fide_rating_under_1000_is_named_at_its_cell_with_the_other_problems() -> None:
    # No FIDE list has published a rating under 1000 (FIDE's floor was 1000 before the 2024
    # regulations' 1400): each such Rating is named at its cell, in the pass that finds the rest.
    rows = [[1, "Ann", 1850, 40, "W2", "D3"], [2, "Ben", 471, 30, "L1", "W4"],
            [3, "Cal", 999, 30, "W4", "D1"], [4, "Dee", 1500, "x", "L3", "L2"]]
    with pytest.raises(CrosstableError) as raised:
        rate_sheets(fide_sheets(rows), today=TODAY)
    where = {p.where: p.message for p in raised.value.problems}
    assert where["Crosstable!C3"].startswith("No. 2 (Ben): Rating 471 is under 1000, the lowest rating a FIDE")
    assert where["Crosstable!C4"].startswith("No. 3 (Cal): Rating 999 is under 1000")
    assert "Crosstable!D5" in where  # the bad Games, in the same pass
    assert len(where) == 3


def test_a_rating_under_1000_is_still_exported() -> None:
    # Another body's files (the ICU's TRF files, ratings down to 471) export as they are.
    rows = [[1, "Ann", 1850, 40, "W2", "D3"], [2, "Ben", 471, 30, "L1", "W4"],
            [3, "Cal", 999, 30, "W4", "D1"], [4, "Dee", 1500, 20, "L3", "L2"]]
    event = read_event(fide_sheets(rows))
    assert [p.rating for p in event.sections[0].crosstable.players] == [1850, 471, 999, 1500]
