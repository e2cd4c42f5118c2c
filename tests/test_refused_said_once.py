"""A cell refused where it is read is the row's one problem: the rules' checks of the row do not
then ask for the value the cell holds (docs/guide/crosstable.md, "The Crosstable sheet").

An ICU member rated under 2100 without K takes his K from his Birth date and Joined (ICU rating
regulations, K factors); a Birth date that is not a date, or one after the event, was said at
its cell and again at his Rating, asking for the Birth date that is there.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from xlrating.crosstable import rate_sheets
from xlrating.errors import CrosstableError

END, START, TODAY = date(2024, 5, 5), date(2024, 5, 3), date(2024, 6, 1)


def problems(system: str, birth: Any, joined: Any, k: Any = None) -> list[str]:
    event = [["System", system], ["Start date", START], ["End date", END]]
    sheet = [["No", "Name", "Rating", "Birth date", "Joined", "K", "R1"],
             [1, "Ann Example", 1800, birth, joined, k, "W2"],
             [2, "Ben Sample", 1700, date(1990, 1, 1), date(2010, 1, 1), None, "L1"]]
    with pytest.raises(CrosstableError) as raised:
        rate_sheets({"Event": [list(r) for r in event], "Crosstable": sheet}, today=TODAY)
    return [f"{p.where}: {p.message}" for p in raised.value.problems]


@pytest.mark.parametrize(("birth", "joined", "cell"), [
    ("31/02/2005", date(2010, 1, 1), "Crosstable!D2"),
    ("abc", date(2010, 1, 1), "Crosstable!D2"),
    ("2005-02-31", date(2010, 1, 1), "Crosstable!D2"),
    (date(2025, 1, 1), None, "Crosstable!D2"),
    (date(1990, 1, 1), "abc", "Crosstable!E2"),
])
def test_an_icu_members_unreadable_date_is_said_once_at_its_cell(birth: Any, joined: Any, cell: str) -> None:
    found = problems("ICU", birth, joined)
    assert len(found) == 1 and found[0].startswith(cell + ": ")


@pytest.mark.parametrize("system", ["ICU", "FIDE"])
def test_a_birth_date_that_is_not_a_date_is_one_problem_on_any_sheet(system: str) -> None:
    found = problems(system, "31/02/2005", date(2010, 1, 1))
    assert found == ["Crosstable!D2: Birth date: '31/02/2005' is not a date; write dates as 2024-05-31 "
                     "(year-month-day)"]


def test_the_rules_still_ask_for_a_value_left_blank() -> None:
    # Nothing refused: the row's K is still asked for at its Rating, as before.
    found = problems("ICU", None, date(2010, 1, 1))
    assert found == ["Crosstable!C2: No. 1 (Ann Example) is rated 1800, below 2100, so K depends on age and "
                     "membership: give K, or Birth date (and Joined for players aged 21 or more)"]


def test_another_rows_problem_is_still_said() -> None:
    event = [["System", "ICU"], ["Start date", START], ["End date", END]]
    sheet = [["No", "Name", "Rating", "Birth date", "Joined", "R1"],
             [1, "Ann Example", 1800, "abc", date(2010, 1, 1), "W2"],
             [2, "Ben Sample", 1700, None, date(2010, 1, 1), "L1"]]
    with pytest.raises(CrosstableError) as raised:
        rate_sheets({"Event": event, "Crosstable": sheet}, today=TODAY)
    assert [p.where for p in raised.value.problems] == ["Crosstable!D2", "Crosstable!C3"]


def test_a_problem_of_the_rows_other_cells_still_stands() -> None:
    # US Chess: History needs a rating whatever the Birth date says; it is said beside the Birth date.
    event = [["System", "USCF"], ["End date", END]]
    sheet = [["No", "Name", "Rating", "History", "Birth date", "R1"],
             [1, "Ann Example", None, "all wins", "abc", "W2"],
             [2, "Ben Sample", 1700, None, None, "L1"]]
    with pytest.raises(CrosstableError) as raised:
        rate_sheets({"Event": event, "Crosstable": sheet}, today=TODAY)
    assert [f"{p.where}: {p.message}" for p in raised.value.problems] == [
        "Crosstable!E2: Birth date: 'abc' is not a date; write dates as 2024-05-31 (year-month-day)",
        "Crosstable!D2: History 'all wins' needs a rating: No. 1 (Ann Example) is unrated"]


def test_a_rating_that_is_not_a_rating_is_not_also_a_history_without_a_rating() -> None:
    event = [["System", "USCF"], ["End date", END]]
    sheet = [["No", "Name", "Rating", "History", "R1"],
             [1, "Ann Example", "abc", "all wins", "W2"],
             [2, "Ben Sample", 1700, None, "L1"]]
    with pytest.raises(CrosstableError) as raised:
        rate_sheets({"Event": event, "Crosstable": sheet}, today=TODAY)
    assert [p.where for p in raised.value.problems] == ["Crosstable!C2"]
