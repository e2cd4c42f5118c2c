"""Hypothesis: a FIDE TXT list with a field or a line damaged is refused at its line, or read as it says.

The list is FIDE's real August 2026 blitz lines (``tests/official_files.py``) and made-up lines in
their layout, every line padded to one width. One field of one line (rating, games, K or birth
year) is overwritten with digits and spaces of its width, or one line is cut short. The store
(its fast way in, and the line-by-line reading it falls back to) must then refuse the file, with
the line, or hold what an independent reading of the columns gives: never a number the field does
not say (a rating of 143, a birth year of 20, a K of 4).
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from official_files import BLITZ_AUG26, SINGLE_HEADER, _line

from xlrating.errors import FormatError
from xlrating.official.store import ListStore

#: Minutes of work in all: left out of the fast loop (`pytest -m "not slow"`).
pytestmark = pytest.mark.slow

AUG26 = dt.date(2026, 8, 1)
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LINES = [*BLITZ_AUG26, *(_line(1_000_000 + n, f"Player, Number {n}", "IRL", "M", "", 1500 + 10 * n, n % 5,
                              20, 1990 + n, "") for n in range(6))]
#: The single list's number columns (FIDE's, as its header places them), and how each is read:
#: (lowest, highest) of a value stored, a 0 stored as none where none is meant.
COLUMNS = {"rating": (113, 119, 1000, 4000, True), "games": (119, 123, 0, 9999, False),
           "k": (123, 126, 1, 100, True), "birth_year": (126, 132, 1000, 9999, True)}


def expected(field: str, text: str) -> int | str | None:
    """What the columns say: the value, ``None`` (blank, or 0 where it means none), or ``"refused"``."""
    _, _, low, high, zero_is_none = COLUMNS[field]
    value = text.strip()
    if not value:
        return None
    if not value.isdigit():
        return "refused"
    number = int(value)
    if number == 0 and zero_is_none:
        return None
    return number if low <= number <= high else "refused"


def load(folder: Path, lines: list[str]) -> dict[str, tuple[object, ...]] | list[str]:
    """The stored players by ID (rating, games, K, birth year), or the problems."""
    path = folder / "blitz_aug26frl.txt"
    path.write_text("".join(line + "\r\n" for line in [SINGLE_HEADER.format(month="AUG26"), *lines]))
    try:
        with ListStore(folder / "lists.sqlite") as store:
            store.add(path)
            return {p.id: (None if p.rating is None else int(p.rating), p.games, p.k, p.birth_year)
                    for p in store.lookup("FIDE", "Blitz", [line[:15].strip() for line in lines],
                                          AUG26).values()}
    except FormatError as error:
        assert not (folder / "lists.sqlite").exists()
        return [str(problem) for problem in error.problems]


ORDER = ("rating", "games", "k", "birth_year")


@FUZZ
@given(st.integers(0, len(LINES) - 1), st.sampled_from(ORDER), st.data())
def test_a_number_field_overwritten_is_read_as_its_column_says_or_refused(
        index: int, field: str, data: st.DataObject) -> None:
    start, end, *_ = COLUMNS[field]
    text = data.draw(st.text(alphabet=" 0123456789", min_size=end - start, max_size=end - start))
    lines = list(LINES)
    lines[index] = lines[index][:start] + text + lines[index][end:]
    with tempfile.TemporaryDirectory() as folder:
        found = load(Path(folder), lines)
    want = expected(field, text)
    if want == "refused":
        assert isinstance(found, list) and all(f"line {index + 2}:" in p for p in found), found
        return
    assert isinstance(found, dict), found
    pid = lines[index][:15].strip()
    assert found[pid][ORDER.index(field)] == want


@FUZZ
@given(st.integers(0, len(LINES) - 2), st.data())
def test_a_line_cut_short_is_refused_at_its_line(index: int, data: st.DataObject) -> None:
    lines = list(LINES)
    lines[index] = lines[index][: data.draw(st.integers(1, len(lines[index]) - 1))]
    with tempfile.TemporaryDirectory() as folder:
        found = load(Path(folder), lines)
    assert isinstance(found, list) and any(f"line {index + 2}:" in p for p in found), found
