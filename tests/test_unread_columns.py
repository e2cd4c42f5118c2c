"""A column the event's system does not read (``K`` on a US Chess sheet, whose K comes from its
rules; ``Peak`` on an ICU one), with values in it, is said at its header: the values are ignored,
which the director who typed them would not otherwise know."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from xlrating.crosstable import rate_sheets
from xlrating.crosstable.workbook import overlay
from xlrating.season.rate import rate_season_sheets

END = dt.date(2025, 5, 1)
BORN, JOINED = dt.date(1990, 1, 1), dt.date(2000, 1, 1)


def sheets(system: str, header: list[str], first: list[Any], second: list[Any]) -> dict[str, Any]:
    rows = [["No", "Name", "Rating", "Games", *header, "R1"], [1, "A", 1500, 40, *first, "W2"],
            [2, "B", 1500, 40, *second, "L1"]]
    return {"Event": [["System", system], ["End date", END]], "Crosstable": rows}


def said(book: dict[str, Any]) -> list[str]:
    return [str(w) for w in rate_sheets(book).warnings if "is not read" in str(w)]


def unread(cell: str, name: str, system: str, rows: str) -> str:
    return (f"Crosstable!{cell}: {name} is not read in {system} events: its values for {rows} are ignored; "
            "check the System, or clear the column")


@pytest.mark.parametrize(("system", "header", "first", "second", "expected"), [
    ("USCF", ["Peak", "K", "Joined"], [1500, 32, None], [1500, None, JOINED],
     [unread("F1", "K", "US Chess", "1 player (row 2)"),
      unread("G1", "Joined", "US Chess", "1 player (row 3)")]),
    ("FIDE", ["Birth date", "Floor", "Adult"], [BORN, 1400, "yes"], [BORN, None, None],
     [unread("F1", "Floor", "FIDE", "1 player (row 2)"), unread("G1", "Adult", "FIDE", "1 player (row 2)")]),
    ("ICU", ["Birth date", "Joined", "Peak"], [BORN, JOINED, 1600], [BORN, JOINED, 1700],
     [unread("G1", "Peak", "ICU", "2 players (rows 2, 3)")]),
])
def test_a_column_the_system_does_not_read_is_said(system: str, header: list[str], first: list[Any],
                                                    second: list[Any], expected: list[str]) -> None:
    book = sheets(system, header, first, second)
    assert said(book) == expected
    # The same sheet rated again, its outputs (K, Floor in force...) written: the same, no more.
    assert said(overlay(book, rate_sheets(book).blocks)) == expected


def test_columns_the_system_reads_or_left_blank_say_nothing() -> None:
    assert said(sheets("USCF", ["Peak", "K", "Joined"], [1500, None, None], [1500, None, None])) == []
    assert said(sheets("FIDE", ["Birth date", "K", "Peak"], [BORN, 20, 1600], [BORN, None, None])) == []
    assert said(sheets("ICU", ["Birth date", "Joined", "K"], [BORN, JOINED, 32], [BORN, JOINED, None])) == []


def test_a_season_says_its_players_and_event_sheets_unread_columns() -> None:
    season: dict[str, list[list[Any]]] = {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games", "Peak", "K"], [10, "Ann", 1500, 30, 1500, 24],
                    [11, "Bob", 1500, 30, 1500, None]],
        "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)]],
        "June": [["No", "ID", "Name", "Joined", "R1"], [1, 10, "Ann", None, "W2"],
                 [2, 11, "Bob", JOINED, "L1"]],
    }
    notes = [note for note in rate_season_sheets(season).notes if "is not read" in note]
    assert notes == [
        "Players!F1: K is not read in US Chess events: its values for 1 player (row 2) are ignored; check "
        "the System, or clear the column",
        "June!D1: Joined is not read in US Chess events: its values for 1 player (row 3) are ignored; check "
        "the System, or clear the column"]
