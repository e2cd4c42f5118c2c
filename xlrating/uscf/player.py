"""A US Chess player as an event sees him: the prior data the rules need."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import _check
from ..fide.rating import LOWEST_PUBLISHED
from .initial import other_ratings_arg
from .rules import RatingSystem, history_word


@dataclass(frozen=True, slots=True)
class UscfPlayer:
    """One player of a US Chess event, with his prior data (checked on creation).

    Only ``number`` is required; an unrated player without any other data gets the
    default initial rating (US Chess 2020, 2).
    """

    number: int
    """Pairing number, a whole number >= 1."""
    rating: float | None = None
    """Pre-event rating in the system being rated; None for an unrated player."""
    games: int | None = None
    """N, the games the rating is based on; None with a rating means established with an
    unknown count (N' = N*, the standard formula, post-event N unknown)."""
    history: str | None = None
    """``"all wins"`` or ``"all losses"`` when every previous rated game was one; else None."""
    fide: float | None = None
    """FIDE rating, for an unrated player's initial rating: from 1000, the lowest a FIDE list has
    published (FIDE 600 would give -133 by the 2024 conversion)."""
    cfc: float | None = None
    """CFC (Chess Federation of Canada) rating, for an unrated player's initial rating."""
    other_ratings: Mapping[Any, tuple[float, int | None]] = field(default_factory=dict)
    """The player's US Chess ratings in the other systems: a :class:`RatingSystem` or its
    name (``"Quick"``, ``"ONLINE_BLITZ"``) to ``(rating, games)``; games None = established.
    Used for initial ratings and, in a dual-rated Quick event, for the Regular rating that
    decides the dual-rated K."""
    birth_date: dt.date | None = None
    """Birth date, for an age-based initial rating."""
    adult: bool = False
    """An adult without a birth date (initial rating 1300)."""
    floor: float | None = None
    """An explicit floor: Original Life Master (2200) or a cash-prize floor."""
    peak: float | None = None
    """The highest established rating attained, for the peak floor (established players only).
    Without it the peak floor comes from the pre-event rating, the one established rating
    known to have been attained."""
    wins: int = 0
    """Lifetime rated wins before the event (personal absolute floor)."""
    draws: int = 0
    """Lifetime rated draws before the event."""
    events: int = 0
    """Lifetime events with at least three rated games before the event."""

    def __post_init__(self) -> None:
        if _plain(self):  # the common case, checked quickly: whole numbers and ratings in range
            _settle(self)
            return
        number = _check.whole("number", self.number, low=1)
        who = f"player {number}"
        normal: dict[str, Any] = {
            "number": number,
            "rating": None if self.rating is None else _check.rating(f"rating of {who}", self.rating),
            "games": None if self.games is None else _check.whole(f"games of {who}", self.games),
            "history": history_word(self.history, f"history of {who}"),
            "fide": None if self.fide is None else _check.rating(f"fide of {who}", self.fide,
                                                                 low=LOWEST_PUBLISHED),
            "cfc": None if self.cfc is None else _check.rating(f"cfc of {who}", self.cfc),
            "other_ratings": other_ratings_arg(self.other_ratings, f"other_ratings of {who}"),
            "birth_date": _check.date(f"birth_date of {who}", self.birth_date),
            "adult": _check.flag(f"adult of {who}", self.adult),
            "floor": None if self.floor is None else _check.rating(f"floor of {who}", self.floor),
            "peak": None if self.peak is None else _check.rating(f"peak of {who}", self.peak),
            "wins": _check.whole(f"wins of {who}", self.wins),
            "draws": _check.whole(f"draws of {who}", self.draws),
            "events": _check.whole(f"events of {who}", self.events),
        }
        for name, value in normal.items():
            object.__setattr__(self, name, value)

    def other(self, system: RatingSystem) -> tuple[float, int | None] | None:
        """The player's ``(rating, games)`` in another system, if any."""
        entry = self.other_ratings.get(system)
        return None if entry is None else (entry[0], entry[1])


_INT, _FLOAT, _DATE = int, float, dt.date
_MAX = _check.MAX_COUNT


def _count(value: Any, low: int = 0) -> bool:
    """Whether ``value`` is a plain int that :func:`_check.whole` would keep as it is."""
    return value.__class__ is _INT and low <= value <= _MAX


def _rating(value: Any) -> bool:
    """Whether ``value`` is None or a plain int or float that :func:`_check.rating` accepts
    (NaN and infinities fail the range test)."""
    kind = value.__class__
    return value is None or ((kind is _FLOAT or kind is _INT) and 0.0 <= value <= 4000.0)


def _plain(player: UscfPlayer) -> bool:
    """Whether every field is already in its checked form but for ints given for floats:
    then :meth:`UscfPlayer.__post_init__` need not run the full checks."""
    return (_count(player.number, 1) and _rating(player.rating)
            and (player.games is None or _count(player.games))
            and player.history is None and _rating(player.cfc)
            and (player.fide is None or (_rating(player.fide) and player.fide >= LOWEST_PUBLISHED))
            and player.other_ratings.__class__ is dict and not player.other_ratings
            and (player.birth_date is None or player.birth_date.__class__ is _DATE)
            and player.adult.__class__ is bool and _rating(player.floor) and _rating(player.peak)
            and _count(player.wins) and _count(player.draws) and _count(player.events))


def _settle(player: UscfPlayer) -> None:
    """A plain player's ratings as floats, and a fresh empty ``other_ratings``."""
    for name in ("rating", "fide", "cfc", "floor", "peak"):
        value = getattr(player, name)
        if value.__class__ is _INT:
            object.__setattr__(player, name, float(value))
    object.__setattr__(player, "other_ratings", {})
