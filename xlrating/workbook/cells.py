"""Writing one value into an openpyxl cell so that it reads back exactly as written.

openpyxl turns any text that starts with ``=`` into a formula and text such as
``#N/A`` into an error value. A player named ``=HYPERLINK("http://x", "me")`` must stay
text (a formula in a crosstable would run when the file is opened), so every write of
user text goes through :func:`put`.
"""

from __future__ import annotations

import math
import re
from datetime import date, datetime, time
from numbers import Real
from typing import Any

from openpyxl.cell.cell import Cell

from ..errors import ArgumentError

#: Characters an .xlsx file cannot hold (XML 1.0 control characters).
ILLEGAL_CHARACTERS = re.compile(r"[\000-\010\013\014\016-\037]")
#: The most characters an Excel cell holds; Excel reports a file with a longer text as damaged.
MAX_TEXT = 32767


def fit_text(value: str) -> str:
    """``value``, cut to :data:`MAX_TEXT` characters (ending in ``…``) when it is longer."""
    return value if len(value) <= MAX_TEXT else value[:MAX_TEXT - 1] + "\u2026"


def put(cell: Cell, value: Any, *, where: str = "") -> None:
    """Store ``value`` in ``cell``: text always as text, never as a formula or an error code.

    Accepts ``None`` (an empty cell), bool, finite real numbers, dates, datetimes,
    times and text (text longer than a cell holds is cut, see :func:`fit_text`).
    Raises :class:`ArgumentError` naming ``where`` for anything else.
    """
    place = where or cell.coordinate
    if value is None or isinstance(value, (bool, datetime, date, time)):
        cell.value = value
        return
    if isinstance(value, str):
        if ILLEGAL_CHARACTERS.search(value):
            raise ArgumentError(
                f"{place}: text {value!r} holds a control character an .xlsx file cannot store")
        cell.value = fit_text(value)
        cell.data_type = "s"
        return
    if isinstance(value, (int, float, Real)):
        number = float(value)
        if not math.isfinite(number):
            raise ArgumentError(f"{place}: {value!r} is not a finite number")
        cell.value = int(value) if isinstance(value, int) else number
        return
    raise ArgumentError(f"{place}: cannot write {type(value).__name__} value {value!r} to a cell")
