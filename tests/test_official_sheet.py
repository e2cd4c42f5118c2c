"""A workbook's ``List`` sheet read (:mod:`xlrating.official.sheet`): every bad cell named at once.

The messages are today's, pinned so that reshaping the reader changes none of them.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from xlrating.errors import CrosstableError
from xlrating.official import ListedPlayer
from xlrating.official.sheet import COLUMNS, read_list_sheet


def problems(rows: list[list[Any]]) -> tuple[str, list[str]]:
    with pytest.raises(CrosstableError) as error:
        read_list_sheet(rows)
    return error.value.title, [str(p) for p in error.value.problems]


def test_a_list_sheet_without_a_header_is_one_problem() -> None:
    assert problems([["FIDE", "Standard"]]) == (
        "The List sheet cannot be read; nothing was filled.",
        ["List: no header row: no cell in this sheet says 'ID'"])


def test_a_header_without_a_needed_column_is_one_problem_and_no_row_is_read() -> None:
    assert problems([["Id", "Name", "Rating"], ["1", "A, B", "x"]]) == (
        "The List sheet has 1 error; nothing was filled.",
        ["List!A1: the header row has no 'System', 'Kind', 'List date' column"])


def test_every_blank_needed_cell_and_bad_value_is_named_in_the_order_of_the_fields() -> None:
    rows: list[list[Any]] = [
        [*COLUMNS[:5], None, "flags", "SEX", "K", "Games", "Birth Year"],
        ["FIDE", None, dt.date(2024, 1, 1), " ", "A, B", None, None, None, 0, -1, 99],
        ["fide", "Standard", dt.date(2024, 1, 1), 12345.0, "C, D", None, None, "F", 20, 7, 1990],
    ]
    assert problems(rows) == ("The List sheet has 5 errors; nothing was filled.", [
        "List!B2: Kind is blank",
        "List!D2: ID is blank",
        "List!J2: Games: -1 is out of range: a number of games must be from 0 to 1,000,000,000",
        "List!I2: K: 0 is out of range: a K factor must be from 1 to 100",
        "List!K2: Birth year: 99 is out of range: a year must be from 1000 to 9,999",
    ])


def test_a_good_row_gives_its_player() -> None:
    rows: list[list[Any]] = [
        [*COLUMNS[:5], "flags", "SEX", "K", "Games", "Birth Year"],
        ["fide", "Standard", dt.date(2024, 1, 1), 12345.0, "C, D", None, "F", 20, 7, 1990],
    ]
    found = read_list_sheet(rows).lookup("FIDE", "standard", ["12345"], dt.date(2024, 2, 1))
    assert found == {"12345": ListedPlayer("FIDE", "Standard", "12345", "C, D", dt.date(2024, 1, 1), k=20,
                                           games=7, birth_year=1990, sex="F", flags="")}
