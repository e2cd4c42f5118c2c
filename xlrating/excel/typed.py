"""Values as xlwings sends them to Excel, so that text stays the text it is.

xlwings Lite (and xlwings Server) hand values to Excel as if they were typed, and Excel
turns typed text into something else: ``=1+1`` into a formula, ``1/2`` and ``3-4`` and
``Jan 5`` into dates, ``12:30`` into a time, ``$5`` into a currency amount, ``TRUE`` into a
boolean, ``50%`` and ``1e5`` into numbers, ``#N/A`` into an error. A player named ``1/2``
would come back as a date. :func:`excel_value` gives such text a leading apostrophe,
which Excel keeps as "this is text" and never shows; dates become datetimes (what
xlwings sends as a date).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

#: Text that Excel may read as something else when typed: it starts with a formula or sign
#: character, an apostrophe (which Excel would take away), a currency sign, a parenthesis
#: (an accounting negative), ``#`` (an error value), a decimal point or a digit (numbers,
#: dates, times, fractions, percentages); it is ``TRUE`` or ``FALSE``; or it starts with a
#: month's name and a number (``Jan 5``, ``March-2024``).
_CONVERTED = re.compile(
    r"\s*(?:[=+\-@'$€£¥(#.,\d]|(?:true|false)\s*$"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[\s\-/,]*\d)",
    re.IGNORECASE)


def keeps_text(value: str) -> str:
    """``value`` as Excel must be sent it to keep it as that text (see the module docstring)."""
    return "'" + value if _CONVERTED.match(value) else value


def excel_value(value: Any) -> Any:
    """A value as xlwings should send it: text that Excel would read as something else keeps a
    leading apostrophe, a date becomes a datetime; anything else as it is."""
    if isinstance(value, str):
        return keeps_text(value)
    if isinstance(value, date) and not isinstance(value, datetime):
        return datetime(value.year, value.month, value.day)
    return value
