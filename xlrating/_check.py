"""Argument checks shared by the public functions of every engine.

Each check takes the argument's name and value, returns the value normalised
(``int`` for counts, ``float`` for ratings, tuples for sequences) and raises
:class:`~xlrating.errors.ArgumentError` naming the argument and the value otherwise.
They never change the caller's objects.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from itertools import repeat
from numbers import Real
from typing import Any, TypeVar, cast

from .errors import ArgumentError, EventError

T = TypeVar("T")

#: Text a user may give for a result, and its points.
RESULT_WORDS: dict[str, float] = {
    "W": 1.0, "WIN": 1.0, "1": 1.0, "1.0": 1.0,
    "D": 0.5, "DRAW": 0.5, "=": 0.5, "0.5": 0.5, ".5": 0.5, "½": 0.5, "1/2": 0.5,
    "L": 0.0, "LOSS": 0.0, "0": 0.0, "0.0": 0.0,
}


def fail(name: str, expected: str, value: object) -> ArgumentError:
    """The error for argument ``name`` that should be ``expected`` but is ``value``."""
    return ArgumentError(f"Argument '{name}' must be {expected}, not {value!r}")


def flag(name: str, value: Any) -> bool:
    """A yes-or-no argument: ``True`` or ``False`` (``None``, and 0 or 1 as numbers, as those).
    Text is refused, never read as true because it is not empty (``"no"``, ``"False"``)."""
    if value is None or value is True or value is False:
        return bool(value)
    if type(value).__name__ == "bool_" or (type(value) in (int, float) and value in (0, 1)):
        return bool(value)  # (numpy's booleans; 0 and 1)
    raise fail(name, "True or False", value)


def number(name: str, value: Any) -> float:
    """A finite real number (``bool`` is refused; numeric text is not accepted here)."""
    if value.__class__ is float and math.isfinite(value):  # the common case, without the checks of a Real
        return value
    if isinstance(value, bool) or not isinstance(value, Real):
        raise fail(name, "a number", value)
    try:
        result = float(value)
    except OverflowError:  # an integer beyond 1.8e308
        raise fail(name, "a finite number", _short(value)) from None
    if not math.isfinite(result):
        raise fail(name, "a finite number", value)
    return result


def _short(value: object) -> object:
    """``value`` for a message: a huge integer as its first digits and its length."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        text = str(abs(value))
        return f"{'-' if value < 0 else ''}{text[:6]}... ({len(text)} digits)"
    return value


def rating(name: str, value: Any, *, low: float = 0.0, high: float = 4000.0) -> float:
    """A rating: a finite number in ``low..high``."""
    result = number(name, value)
    if not low <= result <= high:
        raise fail(name, f"a rating between {low:g} and {high:g}", value)
    return result


#: No count (games, events, rounds, pairing numbers) is larger than this; a larger one is a
#: typing slip, and would overflow the arithmetic that uses it.
MAX_COUNT = 10**9


_INT = frozenset({int})


def whole(name: str, value: Any, *, low: int = 0) -> int:
    """A whole number from ``low`` to :data:`MAX_COUNT`; floats with no fraction (Excel's
    numbers) are accepted."""
    if value.__class__ is int and low <= value <= MAX_COUNT:  # the common case, as it would come out
        return value
    if isinstance(value, bool) or not isinstance(value, Real):
        raise fail(name, f"a whole number >= {low}", value)
    try:
        as_float = float(value)
    except OverflowError:
        raise fail(name, f"a whole number from {low} to {MAX_COUNT:,}", _short(value)) from None
    if not math.isfinite(as_float) or as_float != int(as_float) or as_float < low:
        raise fail(name, f"a whole number >= {low}", value)
    if as_float > MAX_COUNT:
        raise fail(name, f"a whole number from {low} to {MAX_COUNT:,}", value)
    return int(as_float)


def all_whole(values: Collection[Any], *, low: int = 0) -> bool:
    """Whether :func:`whole` takes every one of ``values`` as it is (each an ``int`` from ``low``
    to :data:`MAX_COUNT`): checked at C speed, so that only values that are not are checked one
    by one, each named."""
    if not _INT.issuperset(map(type, values)):
        return False
    return not values or (low <= min(values) and max(values) <= MAX_COUNT)


def positive(name: str, value: Any) -> float:
    """A finite number > 0."""
    result = number(name, value)
    if result <= 0:
        raise fail(name, "a number > 0", value)
    return result


def non_negative(name: str, value: Any) -> float:
    """A finite number >= 0."""
    result = number(name, value)
    if result < 0:
        raise fail(name, "a number >= 0", value)
    return result


def fraction(name: str, value: Any) -> float:
    """A proportion in 0..1 (a percentage score, an expected score)."""
    result = number(name, value)
    if not 0.0 <= result <= 1.0:
        raise fail(name, "a number from 0 to 1", value)
    return result


def sequence(name: str, values: Any, what: str) -> tuple[Any, ...]:
    """A sequence (any iterable but text) as a tuple, its items unchecked; ``what`` names
    them in the message ("changes")."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise fail(name, f"a sequence of {what}", values)
    return tuple(values)


def texts(name: str, values: Any, expected: str) -> tuple[str, ...]:
    """A sequence of text (sheet or section names) as a tuple; one text alone (which would be read a
    letter at a time), ``False`` or a number is refused with ``expected`` ("a list of sheet names")."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise fail(name, expected, values)
    result = tuple(values)
    if not all(isinstance(value, str) for value in result):
        raise fail(name, expected, values)
    return result


def ratings(name: str, values: Iterable[Any], *, low: float = 0.0, high: float = 4000.0) -> tuple[float, ...]:
    """A sequence of ratings; the message names the position of a bad one."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise fail(name, "a sequence of ratings", values)
    return tuple(rating(f"{name}[{i}]", v, low=low, high=high) for i, v in enumerate(values))


def result(name: str, value: Any) -> float:
    """One game result: 1, 0.5 or 0, or the letters W, D, L (any case)."""
    if value.__class__ is float and (value == 1.0 or value == 0.5 or value == 0.0):  # the common case
        return value
    if isinstance(value, str):
        points = RESULT_WORDS.get(value.strip().upper())
        if points is None:
            raise fail(name, "a result (1, 0.5, 0, W, D or L)", value)
        return points
    if isinstance(value, bool) or not isinstance(value, Real) or value not in (0.0, 0.5, 1.0):
        raise fail(name, "a result (1, 0.5, 0, W, D or L)", value)
    return float(value)


def results(name: str, values: Iterable[Any]) -> tuple[float, ...]:
    """A sequence of game results (see :func:`result`)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise fail(name, "a sequence of results", values)
    # A plain result is kept as it is, without the name of its place made for it.
    return tuple(v if v.__class__ is float and (v == 1.0 or v == 0.5 or v == 0.0)
                 else result(f"{name}[{i}]", v) for i, v in enumerate(values))


def score(name: str, value: Any, games: int) -> float:
    """A total score: a whole or half number from 0 to ``games``."""
    result_ = number(name, value)
    if not 0.0 <= result_ <= games:
        raise fail(name, f"a score from 0 to the number of games ({games})", value)
    if result_ * 2 != int(result_ * 2):
        raise fail(name, "a score in whole or half points", value)
    return result_


def same_length(names: tuple[str, str], first: tuple[Any, ...], second: tuple[Any, ...]) -> None:
    """Two parallel sequences (opponents and results) of equal length."""
    if len(first) != len(second):
        raise ArgumentError(
            f"Arguments '{names[0]}' and '{names[1]}' must have the same length, "
            f"not {len(first)} and {len(second)}"
        )


def choice(name: str, value: Any, options: Iterable[str]) -> str:
    """One of a fixed set of words, matched case-insensitively; returns the canonical word."""
    options = tuple(options)
    if isinstance(value, str):
        folded = value.strip().casefold()
        for option in options:
            if option.casefold() == folded:
                return option
    raise fail(name, "one of " + ", ".join(repr(o) for o in options), value)


def expected_score(name: str, value: Any, games: int) -> float:
    """An expected score: a number from 0 to ``games`` (any fraction: a sum of expectancies)."""
    result = number(name, value)
    if not 0.0 <= result <= games:
        raise fail(name, f"a number from 0 to the number of games ({games})", value)
    return result


def date(name: str, value: Any, *, default: dt.date | None = None) -> dt.date | None:
    """A date (a ``datetime``, as spreadsheets give, counts as its date), or ``default``
    when ``value`` is ``None``. The one date check of every engine."""
    if value is None:
        return default
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    raise fail(name, "a date", value)


_DATE = frozenset({dt.date})


def dates_per_player(name: str, values: Any, size: int, explain: bool) -> list[dt.date]:
    """An engine's dates per player (several events rated at once: each player's event's date),
    checked: a date for each of ``size`` players, numbers only (``explain`` false)."""
    if explain:
        raise ArgumentError(f"Argument '{name}': several events at once are rated for their numbers only "
                            "(explain=False)")
    given: Sequence[object] = each(name, values, object, "a date")
    if not _DATE.issuperset(map(type, given)):  # (plain dates, as a season gives them, taken as they are)
        given = [date(f"{name}[{i}]", value) for i, value in enumerate(given)]
    found = list(given)
    if len(found) != size or None in found:
        raise ArgumentError(f"Argument '{name}' must give a date for each player ({size})")
    return cast("list[dt.date]", found)


def joined_problem(birth_date: dt.date | None, joined: dt.date | None) -> str | None:
    """What is wrong with an ICU member's joining date beside his birth date (None: nothing):
    joined before born is a slip of the year (1920 for 2020) that would change his K. The one
    check of a crosstable's row, a season's Players row, the ICU engine and its functions."""
    if birth_date is None or joined is None or joined >= birth_date:
        return None
    return (f"Joined {joined.isoformat()} is before Birth date {birth_date.isoformat()}: one of them is "
            "mistyped")


def joined_after_birth(birth_date: dt.date | None, joined: dt.date | None) -> None:
    """Raise :class:`~xlrating.errors.ArgumentError` where :func:`joined_problem` finds one."""
    problem = joined_problem(birth_date, joined)
    if problem is not None:
        raise ArgumentError(f"Argument 'joined': {problem}")


def items(name: str, values: Any, kind: type[T], what: str) -> tuple[T, ...]:
    """A sequence whose every item is a ``kind`` (``what`` names it in messages: "a Game"),
    as a tuple; the message names the position of a bad item. The one sequence check of
    every engine."""
    result = each(name, values, kind, what)
    return result if isinstance(result, tuple) else tuple(result)


def each(name: str, values: Any, kind: type[T], what: str) -> Sequence[T]:
    """:func:`items` without copying a list given: for items read in full during the call
    (a list changed afterwards changes nothing the caller keeps)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise fail(name, f"a sequence of {what.split(' ', 1)[-1]}", values)
    result = values if isinstance(values, (list, tuple)) else tuple(values)
    if not all(map(isinstance, result, repeat(kind))):  # checked at C speed; then the first bad one named
        for i, item in enumerate(result):
            if not isinstance(item, kind):
                raise fail(f"{name}[{i}]", what, item)
    return result


def unique(name: str, numbers: Sequence[int]) -> None:
    """Players' numbers given once each; the message lists every repeated one."""
    if len(set(numbers)) == len(numbers):
        return
    twice = sorted(n for n, count in Counter(numbers).items() if count > 1)
    if twice:
        raise EventError(f"Players' numbers in '{name}' must be unique; given more than once: "
                         + ", ".join(map(str, twice)))


def event_options(start_date: Any, end_date: Any, event_name: Any, explain: Any
                  ) -> tuple[dt.date | None, dt.date | None]:
    """The keywords every engine's ``rate_event`` shares, checked: the start and end dates
    (the end not before the start), the event's name (text) and ``explain`` (a bool)."""
    start = date("start_date", start_date)
    end = date("end_date", end_date)
    if start is not None and end is not None and end < start:
        raise ArgumentError(f"Argument 'end_date' must not be before 'start_date' ({start}), not {end}")
    if not isinstance(event_name, str):
        raise fail("event_name", "text", event_name)
    if not isinstance(explain, bool):
        raise fail("explain", "True or False", explain)
    return start, end
