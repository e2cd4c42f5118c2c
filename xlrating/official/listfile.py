"""A list file as its reader found it: what it is, and its rows, streamed.

Each reader (:mod:`.fide`, :mod:`.uscf`, :mod:`.icu`) checks a file's header when it
opens it and answers with a :class:`ListFile`: the system, the list(s) it holds (FIDE's
combined list holds three), the list's date, and :meth:`ListFile.rows`, which streams the
file's players as plain tuples (:data:`Row`), a problem with its line for every field
that is not what the format says. The store loads those tuples straight into SQLite;
:func:`to_player` makes them :class:`~.model.ListedPlayer` for everyone else.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ._source import ListProblems, decode
from .model import ListedPlayer

Row = tuple[
    int,
    int,
    str,
    "int | None",
    "int | None",
    "int | None",
    "int | None",
    "str | None",
    "str | None",
    "str | None",
    "str | None",
    str,
    "str | None",
]
"""One player on one list, as stored: ``(kind, id, name, rating, games, k, birth_year,
birth_date, federation, title, sex, flags, expires)``; ``kind`` indexes
:attr:`ListFile.kinds`, dates are ISO text."""


class Request(NamedTuple):
    """What a reader's opener is given: the file, the name of the list in it (a zip
    member's), its first bytes, the date and kind the user gave, and where problems go."""

    path: Path
    member: str
    head: bytes
    date: dt.date | None
    kind: str | None
    problems: ListProblems


def first_line(head: bytes) -> str:
    """The first line of a file's first bytes, as text (a byte-order mark and blank lines skipped)."""
    return decode(head.lstrip(b"\xef\xbb\xbf").lstrip().split(b"\n", 1)[0]).rstrip("\r\n")


#: The fields of a :data:`Row` after ``kind``, in order (the store's columns).
FIELDS = (
    "id",
    "name",
    "rating",
    "games",
    "k",
    "birth_year",
    "birth_date",
    "federation",
    "title",
    "sex",
    "flags",
    "expires",
)


class NotWellFormed(Exception):
    """Raised by a :class:`Bulk` reader at a line it cannot vouch for: the file is then read
    again by :meth:`ListFile.rows`, which names every problem with its line."""


@dataclass(frozen=True)
class Bulk:
    """A reader's fast way into the store, for a file whose every line is well formed: the
    lines' fields as text, a block of lines at a time, go straight into a table of the store's
    columns (:data:`FIELDS`): SQLite turns a number's text into the number as it stores it, and
    SQL expressions trim the text. No Python runs for one line. A line it cannot vouch for
    raises :class:`NotWellFormed` as it is read, and a stored value :attr:`invalid` finds or an
    ID stored twice sends the store back to :meth:`ListFile.rows`, as if this way had not been
    tried."""

    values: tuple[str, ...]
    """SQL of each of the store's columns (:data:`FIELDS`, in order) over a line's fields, the
    parameters ``?1``, ``?2``...: ``"rtrim(?2)"`` for the name."""
    invalid: str
    """An SQL condition on the stored columns, true for a row whose values the fast way cannot vouch for."""
    tidy: tuple[str, str]
    """The ``SET`` and ``WHERE`` of an SQL ``UPDATE`` run on the stored rows once they are
    checked: the values the fast way stored as text to be made NULL (a blank number)."""
    read: Callable[[], Iterator[list[tuple[str, ...]]]]
    """Streams the fields of a block of lines at a time; raises :class:`NotWellFormed`."""
    name: int
    """Where the name is among a line's fields (the store keys its index of names by it)."""
    fields: int
    """How many fields a line has."""


@dataclass(frozen=True)
class ListFile:
    """A list file whose header was read and found good."""

    path: Path
    system: str
    kinds: tuple[str, ...]
    """The lists it holds: one kind, or FIDE's combined list's three."""
    date: dt.date
    layout: str
    """The format, in words: ``"FIDE TXT (combined)"``, ``"FIDE XML"``..."""
    read: Callable[[ListProblems], Iterator[Row]]
    """Streams the rows; adds a problem (file and line) for each bad field or line."""
    notes: tuple[str, ...] = ()
    """What the reader took by default (a date from the file name...), for the user."""
    bulk: Bulk | None = None
    """The reader's fast way into the store, if it has one."""

    def rows(self, problems: ListProblems) -> Iterator[Row]:
        return self.read(problems)


def to_player(system: str, kind: str, list_date: dt.date, values: tuple[Any, ...]) -> ListedPlayer:
    """A :class:`ListedPlayer` from the stored values (the :data:`FIELDS`, in order)."""
    (pid, name, rating, games, k, birth_year, birth_date, federation, title, sex, flags, expires) = values
    return ListedPlayer(
        system,
        kind,
        str(pid),
        name,
        list_date,
        None if rating is None else float(rating),
        games,
        k,
        birth_year,
        None if birth_date is None else dt.date.fromisoformat(birth_date),
        federation,
        title,
        sex,
        flags or "",
        None if expires is None else dt.date.fromisoformat(expires),
    )
