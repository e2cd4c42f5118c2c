"""The bonus multiplier B by an event's end date, and the choice of B for an event.

The documents give one B each (2009/2011: 6 "as of June 2008"; 2020: 14 "effective
May 1, 2017"); US Chess has changed it several times, as its announcements record:

========================  =====  ===========================================
Events ending             B      Source
========================  =====  ===========================================
from June 2008            6      2009 and 2011 documents (in force on Nov 3, 2011)
until 18 March 2014       8      "raised from 8" on 19 March 2014
from 19 March 2014        10     US Chess announcement
until 30 April 2017       12     "from B=12 to B=14"
from 1 May 2017           14     2020 document; US Chess announcement
from 1 February 2023      12     US Chess announcement (retroactive rerate)
from 1 January 2025       10     US Chess announcement (2025 rerate)
========================  =====  ===========================================

The dates on which 6 became 8 and 10 became 12 are not known, so between
4 November 2011 and 17 March 2014 B was 6 or 8, and between 20 March 2014 and
29 April 2017 it was 10 or 12; before June 2008 no value is known. For an end date in
one of those windows :func:`bonus_multiplier` raises an error saying which values are
possible: the user must set B.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from .. import _check
from ..errors import ArgumentError
from .rules import UscfRules

#: Known values: (first day, last day or None, B, source).
KNOWN: tuple[tuple[dt.date, dt.date | None, float, str], ...] = (
    (dt.date(2008, 6, 1), dt.date(2011, 11, 3), 6.0, "2009 and 2011 documents: B = 6 as of June 2008"),
    (dt.date(2014, 3, 18), dt.date(2014, 3, 18), 8.0, "raised from 8 to 10 on 19 March 2014"),
    (dt.date(2014, 3, 19), dt.date(2014, 3, 19), 10.0, "US Chess: B = 10 from 19 March 2014"),
    (dt.date(2017, 4, 30), dt.date(2017, 4, 30), 12.0, "US Chess: B = 12 until 30 April 2017"),
    (dt.date(2017, 5, 1), dt.date(2023, 1, 31), 14.0, "2020 document: B = 14 effective May 1, 2017"),
    (dt.date(2023, 2, 1), dt.date(2024, 12, 31), 12.0, "US Chess: B = 12 from 1 February 2023"),
    (dt.date(2025, 1, 1), None, 10.0, "US Chess: B = 10 from 1 January 2025"),
)

#: Windows where the value is not known: (first day, last day, possible values).
UNKNOWN: tuple[tuple[dt.date, dt.date, tuple[float, ...]], ...] = (
    (dt.date(2011, 11, 4), dt.date(2014, 3, 17), (6.0, 8.0)),
    (dt.date(2014, 3, 20), dt.date(2017, 4, 29), (10.0, 12.0)),
)


def required_date(name: str, value: Any) -> dt.date:
    """A date that must be given (:func:`xlrating._check.date`, ``None`` refused)."""
    result = _check.date(name, value)
    if result is None:
        raise _check.fail(name, "a date", value)
    return result


def _lookup(end: dt.date) -> tuple[float, str]:
    for first, last, value, source in KNOWN:
        if first <= end and (last is None or end <= last):
            return value, source
    for first, last, values in UNKNOWN:
        if first <= end <= last:
            words = " or ".join(f"{v:g}" for v in values)
            raise ArgumentError(
                f"The bonus multiplier B for an event ending {end.isoformat()} is not known: it was {words} "
                f"(the date of the change between {first.isoformat()} and {last.isoformat()} is not known); "
                "set B explicitly"
            )
    raise ArgumentError(
        f"The bonus multiplier B for an event ending {end.isoformat()} is not known: no value is known "
        "before June 2008; set B explicitly"
    )


def bonus_multiplier(end_date: dt.date) -> float:
    """B in force for an event ending on ``end_date`` (see the module's table).

    Raises :class:`~xlrating.errors.ArgumentError` for a date where B is not known,
    saying which values are possible.
    """
    return _lookup(required_date("end_date", end_date))[0]


def choose_bonus_multiplier(
    rules: UscfRules, user: float | None, end_date: dt.date | None
) -> tuple[float, str]:
    """The B an event uses and where it came from.

    The user's value if given; else, with an end date, the value in force on that date;
    else the edition's own B (2009/2011: 6; 2020: 14).
    """
    if user is not None:
        value = _check.non_negative("bonus_multiplier", user)
        return value, "set by the user"
    if end_date is not None:
        value, source = _lookup(end_date)
        return value, f"in force on the end date {end_date.isoformat()} ({source})"
    return rules.bonus_multiplier, f"the {rules.name} document's value (no end date given)"
