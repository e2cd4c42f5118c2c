"""The season's working list with the fields it keeps as each player's row
(:meth:`xlrating.lists.working.WorkingList.keep_rows`, the ICU's): the rows written in place give
each written player's new entry, once, and leave the others' entries as given; an entry put whole
(a new player, an adjustment of the list) replaces the row. (An ICU season rated from rows is
compared with the old way in ``test_lists_working.py``.)"""

from __future__ import annotations

import datetime as dt

from xlrating.lists import Entry
from xlrating.lists.model import evolve
from xlrating.lists.working import WorkingList

D = dt.date


def test_entries_are_built_from_the_rows_written() -> None:
    listed = {key: Entry(key, 1500.0 + key, 30, k=24.0, birth_date=D(1990, 1, key)) for key in range(1, 7)}
    working = WorkingList(listed)
    working.keep_rows("rating", "games", read=["k", "birth_date"])
    five, two = working.rows_of([5, 2])
    assert five == [1505.0, 30, 24.0, D(1990, 1, 5)]
    five[:2] = [1610.0, 38]
    two[:2] = [1390.0, 36]
    working.write_rows([5, 2])
    assert working.entry(5) == evolve(listed[5], rating=1610.0, games=38)
    assert working.entry(2) == evolve(listed[2], rating=1390.0, games=36)
    assert working.entry(3) is listed[3]  # (not written: as given)
    new = Entry(9, None, None, k=40.0)
    working.put(9, new)  # a new player
    working.put(5, evolve(working.entry(5), rating=1620.0))  # changed whole (an adjustment)
    assert working.entry(5) == evolve(listed[5], rating=1620.0, games=38)
    assert working.entry(9) is new
    assert working.rows_of([9, 5]) == [[None, None, 40.0, None], [1620.0, 38, 24.0, D(1990, 1, 5)]]
    expected = {**listed, 5: evolve(listed[5], rating=1620.0, games=38),
                2: evolve(listed[2], rating=1390.0, games=36), 9: new}
    assert list(working.entries().items()) == list(expected.items())
    assert working.entries()[2] is working.entries()[2]  # (built once)


def test_a_row_written_but_not_noted_leaves_the_entry_as_given() -> None:
    listed = {key: Entry(key, 1500.0, 30) for key in (1, 2)}
    working = WorkingList(listed)
    working.keep_rows("rating", "games")
    (one,) = working.rows_of([1])
    one[0] = 1600.0
    working.write_rows([2])  # (the wrong player noted)
    assert working.entries() == listed
