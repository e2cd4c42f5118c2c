"""Cell values as Excel delivers them, result codes and header folding (docs/guide/crosstable.md)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from xlrating.crosstable import rate_sheets
from xlrating.crosstable.codes import parse_code
from xlrating.crosstable.columns import columns_named, fold, input_column, output_column, round_number
from xlrating.crosstable.model import Code
from xlrating.crosstable.values import (
    BadValue,
    address,
    column_letter,
    date_value,
    excel_date,
    number,
    rating,
    text,
    whole,
    yes_no,
)
from xlrating.errors import CrosstableError

# --- values ------------------------------------------------------------------------------------


@pytest.mark.parametrize("value, expected", [
    (1500, (1500.0, None)),
    (1500.0, (1500.0, None)),          # Excel's numbers arrive as floats
    ("1500", (1500.0, None)),          # a number typed into a text cell
    (" 1500 ", (1500.0, None)),        # stray spaces
    ("1500P12", (1500.0, 12)),         # US Chess: provisional, based on 12 games
    ("1500p12", (1500.0, 12)),
    ("1500 P12", (1500.0, 12)),
    ("1480P12", (1480.0, 12)),
    ("unr", (None, None)),
    ("Unrated", (None, None)),
    ("UNR", (None, None)),
    ("", (None, None)),
    ("   ", (None, None)),
    (None, (None, None)),
])
def test_rating_cells(value: object, expected: tuple[float | None, int | None]) -> None:
    assert rating(value, low=100, high=4000) == expected


@pytest.mark.parametrize("value, message", [
    ("abc", "'abc' is not a rating"),
    ("1500P", "needs its number of games"),
    (50, "50 is out of range: a rating must be from 100 to 4000"),
    (True, "True is not a rating"),
    (float("nan"), "is not a rating"),
    (date(2024, 1, 1), "2024-01-01 is not a rating"),
])
def test_bad_rating_cells(value: object, message: str) -> None:
    with pytest.raises(BadValue, match=message):
        rating(value, low=100, high=4000)


def test_numbers_and_whole_numbers() -> None:
    assert number(" 12.5 ") == 12.5
    assert number("") is None
    assert whole(12.0) == 12
    assert whole("12") == 12
    assert whole(None) is None
    with pytest.raises(BadValue, match=r"12\.5 is not a whole number"):
        whole(12.5)
    with pytest.raises(BadValue, match="-1 is out of range"):
        whole(-1)
    with pytest.raises(BadValue, match="'twelve' is not"):
        number("twelve")


def test_text_reads_numbers_as_excel_shows_them() -> None:
    assert text(12345678.0) == "12345678"
    assert text("  Alice  ") == "Alice"
    assert text("") is None
    assert text(None) is None
    assert text(12.5) == "12.5"


def test_excel_serial_dates() -> None:
    # Excel (1900 date system): serial 1 is 1900-01-01, 59 is 1900-02-28, 60 the
    # non-existent 1900-02-29, 61 is 1900-03-01; 45292 is 2024-01-01.
    assert excel_date(1) == date(1900, 1, 1)
    assert excel_date(59) == date(1900, 2, 28)
    assert excel_date(61) == date(1900, 3, 1)
    assert excel_date(45292) == date(2024, 1, 1)
    assert date_value(45292.0) == date(2024, 1, 1)
    assert date_value(45292.75) == date(2024, 1, 1)   # a time of day is ignored


@pytest.mark.parametrize("value", [
    date(2024, 5, 31), datetime(2024, 5, 31, 0, 0), datetime(2024, 5, 31, 14, 30), "2024-05-31",
    " 2024-05-31 ",
    "2024/05/31", "20240531", "2024-05-31 00:00:00", 45443, 45443.0,
])
def test_dates_in_every_form(value: object) -> None:
    assert date_value(value) == date(2024, 5, 31)


@pytest.mark.parametrize("value", ["31/05/2024", "May 31", True, 60, 0, -5, 1e12])
def test_bad_dates(value: object) -> None:
    with pytest.raises(BadValue):
        date_value(value)


@pytest.mark.parametrize("year", [1900, 1961, 2012, 2012.0, 2100])
def test_a_year_typed_alone_is_not_a_day_of_1905(year: float) -> None:
    # A birth year copied from a rating list (FIDE's lists give only the year) read as a serial
    # number is a day of 1905: a junior would be rated as a 119-year-old adult (K 20, not 40).
    with pytest.raises(BadValue, match=r"is a year, not a date \(as a date serial number it would be 1905-"):
        date_value(year)
    assert date_value(1899) == date(1905, 3, 13) and date_value(2101) == date(1905, 10, 1)


def test_a_birth_year_in_a_crosstable_names_its_cell() -> None:
    event = [["System", "FIDE"], ["End date", date(2025, 5, 1)]]
    rows = [["No", "Name", "Rating", "Birth date", "R1"], [1, "Junior", 1800, 2012, "W2"],
            [2, "B", 1700, None, "L1"]]
    with pytest.raises(CrosstableError) as error:
        rate_sheets({"Event": event, "Crosstable": rows})
    assert [(p.where, p.message) for p in error.value.problems] == [
        ("Crosstable!D2", "Birth date: 2012 is a year, not a date (as a date serial number it would be "
                          "1905-07-04); type the whole date, e.g. 2012-05-31")]


def test_yes_no() -> None:
    assert yes_no("Yes") is True
    assert yes_no(" no ") is False
    assert yes_no(True) is True
    assert yes_no(1.0) is True
    assert yes_no("") is None
    with pytest.raises(BadValue, match="'maybe' is not yes or no"):
        yes_no("maybe")


def test_cell_addresses() -> None:
    assert column_letter(1) == "A"
    assert column_letter(26) == "Z"
    assert column_letter(27) == "AA"
    assert column_letter(703) == "AAA"
    assert address("Crosstable", 7, 6) == "Crosstable!F7"
    assert address("Section A", 2, 1) == "'Section A'!A2"


# --- result codes ------------------------------------------------------------------------------

#: The Results table of docs/guide/crosstable.md: code -> (meaning, points, rated).
CODES = [
    ("W12", Code.WIN, 12, 1.0, True),
    ("+12", Code.WIN, 12, 1.0, True),
    ("L12", Code.LOSS, 12, 0.0, True),
    ("-12", Code.LOSS, 12, 0.0, True),
    ("D12", Code.DRAW, 12, 0.5, True),
    ("=12", Code.DRAW, 12, 0.5, True),
    ("X", Code.FORFEIT_WIN, None, 1.0, False),
    ("X12", Code.FORFEIT_WIN, 12, 1.0, False),
    ("F", Code.FORFEIT_LOSS, None, 0.0, False),
    ("F12", Code.FORFEIT_LOSS, 12, 0.0, False),
    ("B", Code.FULL_BYE, None, 1.0, False),
    ("H", Code.HALF_BYE, None, 0.5, False),
    ("U", Code.ZERO_BYE, None, 0.0, False),
    ("Z", Code.ZERO_BYE, None, 0.0, False),
    ("", Code.ZERO_BYE, None, 0.0, False),
    (None, Code.ZERO_BYE, None, 0.0, False),
]


@pytest.mark.parametrize("value, code, opponent, points, rated", CODES)
def test_every_result_code(
    value: object, code: Code, opponent: int | None, points: float, rated: bool
) -> None:
    found, found_opponent, _ = parse_code(value)
    assert (found, found_opponent, found.points, found.rated) == (code, opponent, points, rated)


@pytest.mark.parametrize("value, code, opponent, colour", [
    ("w12", Code.WIN, 12, None),       # any case
    ("W 12", Code.WIN, 12, None),      # a space between letter and number
    (" d 7 ", Code.DRAW, 7, None),     # stray spaces
    ("W12b", Code.WIN, 12, "b"),       # a trailing colour, ignored by the ratings
    ("L3 W", Code.LOSS, 3, "w"),
    ("+12w", Code.WIN, 12, "w"),
    ("=5B", Code.DRAW, 5, "b"),
    ("h", Code.HALF_BYE, None, None),
    ("H0", Code.HALF_BYE, None, None),  # US Chess report files write byes with 0
    ("B0", Code.FULL_BYE, None, None),
    ("x0", Code.FORFEIT_WIN, None, None),
    (-12.0, Code.LOSS, 12, None),       # Excel turned "-12" into a number
])
def test_code_spellings(value: object, code: Code, opponent: int | None, colour: str | None) -> None:
    assert parse_code(value) == (code, opponent, colour)


@pytest.mark.parametrize("value, message", [
    ("Q", "'Q' is not a result code"),
    ("W", "'W' needs the opponent's number"),
    ("W0", "names no player"),
    ("B5", "a bye has no opponent"),
    ("Bw", "not a result code"),
    ("1-0", "not a result code"),
    (12.0, "12 is a number, not a result code; Excel turns \\+12 and =12 into the number 12"),
    (0.5, "is a number"),
    (True, "not a result code"),
])
def test_bad_codes(value: object, message: str) -> None:
    with pytest.raises(BadValue, match=message):
        parse_code(value)


# --- headers -----------------------------------------------------------------------------------


@pytest.mark.parametrize("header, canonical", [
    ("No", "No"), ("no.", "No"), ("Pair", "No"), ("#", "No"), ("NAME", "Name"),
    ("Birth date", "Birth date"), ("birth_date", "Birth date"), ("Birth-Date", "Birth date"),
    ("Born", "Birth date"), ("Quick games", "Quick games"), ("quick_games", "Quick games"),
    ("Online Blitz", "Online Blitz"), ("online-blitz games", "Online Blitz games"), ("Total", "Total"),
    ("Official post rating", "Official post rating"), ("k", "K"), ("Player notes", None),
])
def test_input_headers_fold_case_spaces_and_punctuation(header: str, canonical: str | None) -> None:
    assert input_column(header) == canonical


def test_columns_named_keeps_the_first_column_of_each_name() -> None:
    names = {fold("Sheet"): "Sheet", fold("Event"): "Event name", fold("Event name"): "Event name"}
    header = [None, "event", 7, "SHEET", "Event-Name", "Notes", "sheet", True]
    assert columns_named(header, names) == {"Event name": 2, "Sheet": 4}
    assert columns_named([], names) == {}


@pytest.mark.parametrize("header, number", [
    ("R1", 1), ("r 2", 2), ("Rd 1", 1), ("Round 1", 1), ("ROUND_10", 10), ("Rnd3", 3), ("R-4", 4),
    ("Rating", None), ("Round", None), (7, None),
])
def test_round_headers(header: object, number: int | None) -> None:
    assert round_number(header) == number


def test_output_headers() -> None:
    assert output_column("post rating") == "Post rating"
    assert output_column("Quick Post Rating") == "Quick post rating"
    assert output_column("Effective_games") == "Effective games"
    assert output_column("Rating") is None
    assert fold("  Step 3 ") == "step3"
