"""How a typed name is matched: one folding for systems, rule editions, rating systems,
settings and column headers.

The registry (:mod:`xlrating.systems`) and each engine's ``get_rules`` build their name
tables with the same two functions here, so a name that finds an edition in one finds the
same edition in the other. The module imports nothing of the package but its errors, so the
engines can use it without importing the registry::

    >>> fold("US_Chess 2020"), fold(2020.0)
    ('uschess2020', '2020')
    >>> edition_names("2020", "USCF 2020", ("USCF", "US Chess"))
    ('USCF 2020', '2020', 'US Chess 2020')
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from numbers import Real
from typing import Any, TypeVar

from .errors import CrosstableError, Problem

__all__ = ["HeaderSlips", "edition_names", "find_sheet", "fold", "header_slip", "index_editions", "near_miss"]

R = TypeVar("R")


def fold(value: Any) -> str:
    """The key a name is matched by: lower case, no spaces, ``_``, ``-`` or ``.``; full-width and
    other compatibility characters as their plain forms; a whole number as its digits (2020.0
    is ``2020``); ``""`` for a blank."""
    if value is None:
        return ""
    if isinstance(value, bool):
        value = "TRUE" if value else "FALSE"
    elif isinstance(value, int):
        value = str(value)
    elif isinstance(value, Real):
        as_float = float(value)
        value = str(int(as_float)) if math.isfinite(as_float) and as_float == int(as_float) else str(value)
    elif not isinstance(value, str):
        value = str(value)
    return re.sub(r"[\s_\-.]+", "", unicodedata.normalize("NFKC", value)).casefold()


def edition_names(key: str, display: str, prefixes: Sequence[str]) -> tuple[str, ...]:
    """Every name a rule edition is known by: its display name, its key, and its key after each
    of the system's names in ``prefixes`` (``US Chess 2020``)."""
    return tuple(dict.fromkeys([display, key, *(f"{prefix} {key}" for prefix in prefixes)]))


def index_editions(editions: Mapping[str, R], display: Callable[[R], str],
                   prefixes: Sequence[str]) -> dict[str, R]:
    """An engine's editions (key -> rules) by the folded form of each of their :func:`edition_names`."""
    return {fold(name): rules for key, rules in editions.items()
            for name in edition_names(key, display(rules), prefixes)}


def find_sheet(names: Iterable[str], wanted: str) -> str | None:
    """The sheet among ``names`` that is the ``wanted`` one (``Event``, ``Players``...): the one
    whose name folds as ``wanted`` does (``event``, ``EVENT ``), or ``None``. Two such sheets
    (``Event`` and ``event ``: Excel takes both) are a :class:`~xlrating.errors.CrosstableError`
    naming them: which one holds the settings is the user's to say, not the first one's to
    decide.

    >>> find_sheet(["Crosstable", "event"], "Event")
    'event'
    """
    key = fold(wanted)
    found = [name for name in names if fold(name) == key]
    if len(found) > 1:
        listed = " and ".join(repr(name) for name in found)
        problem = Problem("", f"Sheets {listed} are both read as the {wanted!r} sheet: rename or remove all "
                              "but one")
        raise CrosstableError([problem], title="The workbook has problems")
    return found[0] if found else None


def _distance(a: str, b: str) -> int:
    """The edits (a letter added, dropped, changed, or two side by side swapped) that make ``a``
    into ``b``: the optimal string alignment distance."""
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        last, before, row = before, row, [i] + [0] * len(b)
        for j, y in enumerate(b, start=1):
            row[j] = min(before[j] + 1, row[j - 1] + 1, before[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                row[j] = min(row[j], last[j - 2] + 1)
    return row[-1]


def _words(value: Any) -> list[str]:
    return [word.casefold() for word in re.split(r"[\s_\-.]+", str(value)) if word]


def near_miss(value: Any, known: Mapping[str, str]) -> str | None:
    """The name ``value`` looks like a slip of the keys for, or None. ``known``: each name a sheet
    takes (aliases too) with the one it stands for. A slip is a name it is not, within one edit of
    a known name's folded form (two for a name of seven letters or more: a letter added, dropped,
    changed, or two swapped), and not its first words (``Chief TD`` beside ``Chief TD ID``,
    ``Start`` beside ``Start date``: a note of its own). A name further off (``Pairing system``
    beside ``Rating system``) is taken for a note.

    >>> near_miss("Bonus multipler", {"Bonus multiplier": "Bonus multiplier"})
    'Bonus multiplier'
    >>> near_miss("List dat", {"List date": "List date"})
    'List date'
    >>> near_miss("Chief TD", {"Chief TD ID": "Chief TD ID"}) is None
    True
    """
    key, words = fold(value), _words(value)
    folded = {fold(name): meant for name, meant in known.items()}
    if not key or key in folded or any(_words(name)[:len(words)] == words for name in known):
        return None
    allowed = 1 if len(key) < 7 else 2
    distance, name = min(((_distance(key, name), name) for name in folded), default=(allowed + 1, ""))
    return folded[name] if distance <= allowed else None


def header_slip(value: Any, known: Mapping[str, str], taken: Iterable[str] = ()) -> str | None:
    """The column a header ``value`` looks like a slip for, or None: stricter than :func:`near_miss`,
    as a sheet's headers are many and a column nobody reads is usual. ``known``: each header a
    column is read by (aliases too) with the column it stands for; ``taken``: every other header
    known anywhere (another system's, the outputs, what the importers and exporters write), never
    a slip. A slip has a known header's words but one, and that one is a single edit from the
    known one's (a letter added, dropped, changed, or two swapped), not an ``s`` added or dropped
    at its end (``Event`` beside ``Events``: another column); the header has four letters or more
    and no digits (``R12``, ``Rating 2``: a column of its own). Where two columns are as near,
    neither is named. :class:`HeaderSlips` does the same with the names folded once.

    >>> header_slip("Ratng", {"Rating": "Rating", "Rtg": "Rating"})
    'Rating'
    >>> header_slip("Birth dat", {"Birth date": "Birth date"})
    'Birth date'
    >>> header_slip("Federation", {"FIDE": "FIDE"}) is None
    True
    """
    return HeaderSlips(known, taken)(value)


class HeaderSlips:
    """:func:`header_slip` for one ``known`` and ``taken``, folded once (a sheet's every header)."""

    def __init__(self, known: Mapping[str, str], taken: Iterable[str] = ()) -> None:
        self._keys = frozenset(fold(name) for name in (*known, *taken))
        self._known: dict[int, list[tuple[list[str], str]]] = {}  # by their count of words
        for name, column in known.items():
            self._known.setdefault(len(_words(name)), []).append((_words(name), column))

    def __call__(self, value: Any) -> str | None:
        key, words = fold(value), _words(value)
        if len(key) < 4 or any(c.isdigit() for c in key) or key in self._keys:
            return None
        near = [(column, _one_word_off(words, known)) for known, column in self._known.get(len(words), ())]
        if any(pair is not None and _plural(*pair) for _, pair in near):
            return None
        meant = {column for column, pair in near if pair is not None and _one_edit(*pair)}
        return meant.pop() if len(meant) == 1 else None


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` is one edit from ``b`` (as :func:`_distance` counts them: at most one)."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        differ = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(differ) <= 1 or (len(differ) == 2 and differ[1] == differ[0] + 1
                                    and a[differ[0]] == b[differ[1]] and a[differ[1]] == b[differ[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    at = next((i for i, (x, y) in enumerate(zip(short, long_, strict=False)) if x != y), len(short))
    return short[at:] == long_[at + 1:]


def _one_word_off(words: list[str], known: list[str]) -> tuple[str, str] | None:
    """The one word of ``words`` that is not ``known``'s, with ``known``'s, where the others agree."""
    if len(words) != len(known):
        return None
    differ = [(word, other) for word, other in zip(words, known, strict=True) if word != other]
    return differ[0] if len(differ) == 1 else None


def _plural(word: str, other: str) -> bool:
    """Whether one word is the other with an ``s``: another column (``Event``, ``Events``)."""
    return word == other + "s" or other == word + "s"
