"""The plain data of an official rating list: one player's row, one list, and who answers look-ups.

A :class:`ListedPlayer` is one player's row on one published list, as the federation
published it. A :class:`PlayerSource` answers look-ups by ID or by name against the list in
force on a date: the local store of loaded list files answers them, and so does a workbook's
``List`` sheet (for xlwings Lite, where no store is at hand).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One player's row on one official list. Fields a list does not publish stay ``None``."""

    system: str
    """The rating system's key in :mod:`xlrating.systems`: ``"USCF"``, ``"FIDE"`` or ``"ICU"``."""
    kind: str
    """Which list: FIDE ``"Standard"``, ``"Rapid"``, ``"Blitz"``; US Chess the rating system's
    name (``"Regular"``, ``"Quick"``, ``"Blitz"``, ``"Online Regular"``, ...); ICU ``"Standard"``."""
    id: str
    """The player's ID as the federation writes it (digits, no leading zeros added or removed)."""
    name: str
    """The name as published (FIDE and the ICU: ``"Last, First"``)."""
    list_date: dt.date
    """The date of the list this row comes from (the first day of its rating period)."""
    rating: float | None = None
    """The published rating (``None``: not rated on this list)."""
    games: int | None = None
    """FIDE: games rated in the last period (the list's ``Gms``); US Chess: the games behind a
    provisional rating (``1480P12``: 12), ``None`` for an established one; ICU: ``None``."""
    k: int | None = None
    """FIDE: the K published with the rating."""
    birth_year: int | None = None
    birth_date: dt.date | None = None
    """A full birth date, where the list publishes one."""
    federation: str | None = None
    """FIDE and the ICU: the three-letter federation; US Chess: the member's state (which fills a
    crosstable's ``State`` column, :attr:`~xlrating.systems.System.list_place`)."""
    title: str | None = None
    """FIDE: the title (GM, IM, WGM, ...), ``None`` for none."""
    sex: str | None = None
    """``"M"`` or ``"F"`` where published."""
    flags: str = ""
    """FIDE's flag column as published: ``i`` inactive, ``w`` woman, ``wi`` both; the ICU's
    lists: ``p`` for a provisional rating (:data:`FLAG_WORDS`)."""
    expires: dt.date | None = None
    """US Chess: the membership's expiry date, where published."""


#: What each letter of :attr:`ListedPlayer.flags` means: FIDE's list's flags (``i``, ``w``) and
#: the ICU's provisional rating (``p``).
FLAG_WORDS: dict[str, str] = {"i": "inactive", "w": "woman", "p": "provisional"}


def flag_words(flags: str) -> list[str]:
    """A row's flags in words, in the order published (``wi``: ``woman``, ``inactive``); a letter
    without a meaning known here is shown as it is, quoted."""
    return [FLAG_WORDS.get(letter, repr(letter)) for letter in flags]


#: The value a list gives for each column a system's rules read from it beyond ``Rating``
#: (:attr:`~xlrating.systems.System.listed_columns`): a rated player's Games, and K.
LISTED_COLUMNS: dict[str, Callable[[ListedPlayer], Any]] = {
    "Games": lambda p: p.games if p.rating is not None else None, "K": lambda p: p.k}


@dataclass(frozen=True, slots=True)
class ListInfo:
    """One loaded list: what it is and where it came from."""

    system: str
    kind: str
    date: dt.date
    players: int
    source: str
    """The file it was loaded from (its name; the store keeps its SHA-256 too)."""


class PlayerSource(Protocol):
    """Anything that answers look-ups against official lists: the store, a ``List`` sheet."""

    def lookup(self, system: str, kind: str, ids: Iterable[str], on: dt.date) -> Mapping[str, ListedPlayer]:
        """The rows of these IDs on the newest list of ``system``/``kind`` dated on or before ``on``.

        IDs that list does not hold are absent from the result (never invented); with no
        such list at all, the result is empty.
        """
        ...

    def find_by_name(self, system: str, kind: str, name: str, on: dt.date) -> Sequence[ListedPlayer]:
        """The rows on that list whose name matches ``name`` (case, spaces and punctuation folded)."""
        ...

    def in_force(self, system: str, kind: str, on: dt.date) -> dt.date | None:
        """The date of the list of ``system``/``kind`` in force on ``on`` (the newest dated on or
        before it); ``None`` when no such list is at hand."""
        ...
