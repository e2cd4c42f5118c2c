"""Cell values as Excel delivers them, coerced into Python values.

Excel hands over whole numbers as floats (``1500.0``), numbers typed into text cells as
text (``"1500"``, ``" 1500 "``), ratings with a provisional mark (``"1500P12"``), the
words ``unr``/``unrated``, dates as ``date``/``datetime``, as serial numbers (45292) or
as text (``"2024-01-01"``), and blanks as ``None`` or ``""``. Each reader here takes one
cell value and returns the Python value (``None`` for a blank cell) or raises
:class:`BadValue` with a message in a tournament director's words; the parser adds the
cell address.
"""

from __future__ import annotations

import math
import re
from datetime import date, datetime, time, timedelta
from numbers import Real
from typing import Any, SupportsFloat

from .._check import MAX_COUNT


class BadValue(Exception):
    """A cell value that cannot be read as what its column needs; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


#: The error values Excel shows in a cell whose formula failed (as text when read).
EXCEL_ERRORS = frozenset({"#N/A", "#REF!", "#VALUE!", "#DIV/0!", "#NAME?", "#NULL!", "#NUM!", "#SPILL!",
                          "#CALC!", "#GETTING_DATA", "#FIELD!", "#BLOCKED!", "#UNKNOWN!", "#BUSY!"})

def failed_formula(what: str, value: Any) -> str | None:
    """The problem with text that is an Excel error value (a formula that failed) read as
    ``what`` (``"ID"``), else None."""
    if not isinstance(value, str) or value.upper() not in EXCEL_ERRORS:
        return None
    return f"the {what} is the Excel error {value}: the formula that gives the {what} has failed"


#: Words that mean "no rating".
UNRATED_WORDS = frozenset({"unr", "unr.", "unrated", "none", "nr", "new"})

_EXCEL_EPOCH = date(1899, 12, 30)
_MAX_SERIAL = 2958465  # 9999-12-31
#: Whole numbers a date cell refuses as a year typed alone (a birth year copied from a list):
#: as serial numbers they are days of 1905, which no event and no living player has.
_YEARS = range(1900, 2101)
_DATE_FORMATS = ("%Y-%m-%d", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y/%m/%d", "%Y.%m.%d", "%Y%m%d")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_PROVISIONAL = re.compile(r"(?P<rating>\d+(?:\.\d*)?)\s*(?:\(\s*)?[pP]\s*(?P<games>\d+)?\s*\)?")


def column_letter(column: int) -> str:
    """Excel's letters for a 1-based column: 1 -> A, 27 -> AA."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def quote_sheet(sheet: str) -> str:
    """A sheet name as Excel writes it in a reference (quoted when it has spaces or punctuation)."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", sheet):
        return sheet
    return "'" + sheet.replace("'", "''") + "'"


def address(sheet: str, row: int, column: int) -> str:
    """A cell's address for messages: ``Crosstable!F7``."""
    return f"{quote_sheet(sheet)}!{column_letter(column)}{row}"


#: The longest text a message echoes; longer text shows its start and its length.
SHOWN_LIMIT = 60


def finite(value: SupportsFloat) -> float | None:
    """``value`` as a float, or None when it is not finite or is an integer beyond a float's
    range (about 1.8e308), which Python cannot turn into a float."""
    try:
        result = float(value)
    except OverflowError:
        return None
    return result if math.isfinite(result) else None


def show(value: Any) -> str:
    """A cell value as a director would recognise it in a message: ``'W99'``, ``12``, ``2024-05-01``.

    Long text is cut to its first :data:`SHOWN_LIMIT` characters and its length
    (``'xxxx…' (100000 characters)``), a huge number to its first digits and its length.
    """
    if isinstance(value, str):
        if len(value) > SHOWN_LIMIT:
            return f"{value[:SHOWN_LIMIT]!r}… ({len(value):,} characters)"
        return repr(value)
    if isinstance(value, int) and not isinstance(value, bool) and finite(value) is None:
        digits = str(abs(value))
        return f"{'-' if value < 0 else ''}{digits[:6]}… ({len(digits):,} digits)"
    if isinstance(value, datetime):
        return value.isoformat(sep=" ", timespec="minutes") if value.time() != datetime.min.time() \
            else value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
            and abs(value) >= 1e15:
        return f"{float(value):.6g}"  # not 300 digits of a number typed by mistake
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return str(int(value))
    return str(value)


def is_blank(value: Any) -> bool:
    """``None`` or text that is empty or all spaces."""
    if value is None:
        return True
    if type(value) is str:
        return not value.strip()
    return isinstance(value, str) and not value.strip()


def text(value: Any) -> str | None:
    """Text with surrounding spaces trimmed; a number reads as Excel shows it (12.0 -> ``"12"``)."""
    if type(value) is str:
        return value.strip() or None
    if is_blank(value):
        return None
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, datetime) and value.time() == datetime.min.time():
        return value.date().isoformat()
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Real):
        as_float = finite(value)
        if as_float is not None and as_float == int(as_float):
            return str(int(as_float))
        return str(value)
    return str(value).strip()


def number(value: Any, what: str = "a number") -> float | None:
    """A finite number, from a number or numeric text; None for a blank cell."""
    if type(value) is float and math.isfinite(value):  # the common case first: Excel's numbers
        return value
    if is_blank(value):
        return None
    if isinstance(value, bool):
        raise BadValue(f"{show(value)} is not {what}")
    if isinstance(value, Real):
        result = finite(value)
    elif isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        result = finite(float(value.strip()))
    else:
        raise BadValue(f"{show(value)} is not {what}")
    if result is None:
        beyond = ": it is beyond the largest number Excel holds (about 1e308)" if isinstance(value, int) \
            else ""
        raise BadValue(f"{show(value)} is not {what}{beyond}")
    return result


def whole(value: Any, what: str = "a whole number", *, low: int = 0, high: int | None = None) -> int | None:
    """A whole number in ``low..high`` (1500.0 and ``"1500"`` are accepted); None for a blank cell.
    No count is above :data:`xlrating._check.MAX_COUNT` (the engines refuse larger ones)."""
    high = MAX_COUNT if high is None else high
    result = number(value, what)
    if result is None:
        return None
    if result != int(result):
        raise BadValue(f"{show(value)} is not {what}")
    if result < low or (high is not None and result > high):
        limit = f"from {low} to {high:,}"
        raise BadValue(f"{show(value)} is out of range: {what} must be {limit}")
    return int(result)


def bounded(value: Any, what: str, low: float, high: float, *, low_open: bool = False) -> float | None:
    """A number in ``low..high`` (``low`` excluded when ``low_open``); None for a blank cell."""
    result = number(value, what)
    if result is None:
        return None
    if result > high or result < low or (low_open and result == low):
        lower = f"above {low:g}" if low_open else f"from {low:g}"
        raise BadValue(f"{show(value)} is out of range: {what} must be {lower} to {high:g}")
    return result


def rating(value: Any, *, low: float, high: float) -> tuple[float | None, int | None]:
    """A rating cell: ``(rating, games)``.

    ``1500``/``"1500"`` -> (1500, None); ``"1500P12"`` (a provisional rating based on 12
    games, as US Chess prints it) -> (1500, 12); blank, ``unr`` or ``unrated`` ->
    (None, None). The rating must lie in ``low..high``.
    """
    if is_blank(value):
        return None, None
    games: int | None = None
    if isinstance(value, str):
        stripped = value.strip()
        if stripped.casefold() in UNRATED_WORDS:
            return None, None
        provisional = _PROVISIONAL.fullmatch(stripped)
        if provisional:
            if provisional["games"] is None:
                raise BadValue(f"{show(value)}: a provisional rating needs its number of games, e.g. 1500P12")
            games = int(provisional["games"])
            value = provisional["rating"]
    result = bounded(value, "a rating", low, high)
    return result, games


def excel_date(serial: float) -> date:
    """The date of an Excel serial number (1900 date system, as Excel for Windows uses).

    Excel counts 1900-01-01 as day 1 and believes 1900 was a leap year, so serials from
    61 on are days since 1899-12-30, and serials below 60 one day later than that.
    """
    days = int(serial)
    if days < 60:
        days += 1
    return _EXCEL_EPOCH + timedelta(days=days)


def date_value(value: Any, what: str = "a date") -> date | None:
    """A date from a date, a datetime, an Excel serial number or ISO text (``2024-05-01``). A whole
    number from 1900 to 2100 is refused as a year typed alone, not read as a day of 1905."""
    if is_blank(value):
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, bool):
        raise BadValue(f"{show(value)} is not {what}")
    if isinstance(value, time):
        raise BadValue(f"{show(value)} is a time of day, not {what} (the cell holds a time, or Excel's day 0 "
                       "'1900-01-00'); write dates as 2024-05-31 (year-month-day)")
    if isinstance(value, Real):
        serial = finite(value)
        if serial is not None and serial in _YEARS:
            day = excel_date(serial).isoformat()
            raise BadValue(f"{show(value)} is a year, not {what} (as a date serial number it would be "
                           f"{day}); type the whole date, e.g. {int(serial)}-05-31")
        if serial is not None and 1 <= serial <= _MAX_SERIAL and serial != 60:
            return excel_date(serial)
        if serial is None or serial > _MAX_SERIAL:
            raise BadValue(f"{show(value)} is not {what}: as a date serial number it is past Excel's last "
                           "date, 9999-12-31 (serial 2958465)")
        if serial == 60:
            raise BadValue(f"{show(value)} is not {what}: serial 60 is 1900-02-29, a day that did not exist "
                           "(Excel counts it)")
        raise BadValue(f"{show(value)} is not {what}: date serial numbers start at 1 (1900-01-01)")
    if isinstance(value, str):
        stripped = value.strip()
        if stripped.upper() in EXCEL_ERRORS:
            raise BadValue(f"{show(value)} is not {what}: the cell holds an Excel error (a formula that "
                           "failed, or a date past Excel's last date, 9999-12-31)")
        for pattern in _DATE_FORMATS:
            try:
                return datetime.strptime(stripped, pattern).date()
            except ValueError:
                continue
        raise BadValue(f"{show(value)} is not {what}; write dates as 2024-05-31 (year-month-day)")
    raise BadValue(f"{show(value)} is not {what}")


_YES = frozenset({"yes", "y", "true", "1", "x"})
_NO = frozenset({"no", "n", "false", "0"})


def yes_no(value: Any, what: str = "yes or no") -> bool | None:
    """``yes``/``no`` (also y/n, true/false, 1/0, Excel's TRUE/FALSE); None for a blank cell."""
    if is_blank(value):
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, Real):
        if finite(value) in (0.0, 1.0):
            return bool(value)
    elif isinstance(value, str):
        folded = value.strip().casefold()
        if folded in _YES:
            return True
        if folded in _NO:
            return False
    raise BadValue(f"{show(value)} is not {what}")
