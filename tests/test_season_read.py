"""Reading a season workbook's Events and Pending sheets: every problem at its cell, in one pass.

The messages are today's, pinned so that reshaping the readers changes none of them.
"""

from __future__ import annotations

import datetime as dt

import pytest
from test_season import Sheets, icu_club
from test_season_pending import january_2024

from xlrating.errors import CrosstableError
from xlrating.season import rate_season_sheets


def problems(sheets: Sheets) -> list[str]:
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    return [str(problem) for problem in error.value.problems]


def test_an_events_sheet_without_a_sheet_column_is_one_problem() -> None:
    sheets = icu_club()
    sheets["Events"][0][0] = "Tab"
    assert problems(sheets) == ["Events: no header row: no cell in this sheet says 'Sheet'"]


def test_an_events_sheet_listing_nothing_is_one_problem() -> None:
    sheets = icu_club()
    del sheets["Events"][1:]
    assert problems(sheets) == ["Events: the Events sheet lists no event"]


def test_every_bad_events_row_is_a_problem_at_its_sheet_cell() -> None:
    sheets = icu_club()
    sheets["History"] = []
    sheets["Events"] += [
        [None, "no sheet named", None, dt.date(2024, 12, 8)],
        ["players", "a season's own sheet", None, dt.date(2024, 12, 8)],
        ["history", "an output sheet", None, dt.date(2024, 12, 8)],
        ["WINTER", "listed twice", None, dt.date(2024, 12, 8)],
    ]
    assert problems(sheets) == [
        "Events!A4: this event names no sheet",
        "Events!A5: the workbook has no event sheet 'players'",
        "Events!A6: an event cannot be on sheet 'History': 'History' is where the season writes its "
        "History. Give the event's sheet another name (on its tab and here)",
        "Events!A7: sheet 'Winter' is listed twice (also in row 2)",
    ]


def test_an_event_sheet_without_an_id_column_is_a_problem_at_its_header() -> None:
    sheets = icu_club()
    sheets["Autumn"] = [[row[0], *row[2:]] for row in sheets["Autumn"]]
    assert problems(sheets) == [
        "Autumn!A1: a season event needs an ID column: its players are found on the list by ID"]


def test_a_pending_sheet_without_a_header_is_one_problem() -> None:
    sheets = january_2024()
    sheets["Pending"] = [["U", "Una", "Dec", dt.date(2023, 12, 9), "yes", 2000, 1]]
    assert problems(sheets) == ["Pending: no header row: no cell in this sheet says 'ID'"]


def test_a_blank_pending_sheet_is_no_problem() -> None:
    sheets = january_2024()
    sheets["Pending"] = [[None, None], ["ID", "Name"]]
    rate_season_sheets(sheets)


def test_an_event_sheet_without_a_header_is_its_crosstable_s_problem_alone() -> None:
    sheets = icu_club()
    sheets["Autumn"] = [[None], ["just a note"]]
    assert problems(sheets) == ["Autumn: no header row: no cell in this sheet says 'Name'"]
