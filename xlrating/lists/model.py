"""The plain data of a rating list and a season: entries, lists, events, results.

Every record is immutable. Rating a season never changes the caller's list or events:
it copies the list's mapping once and replaces the entries of the players who played.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import ArgumentError
from ..model import (
    EventOutcome,
    PlayerOutcome,
    _filling,
    _positional_filler,
    _slot_filling_init,
    _slot_replacer,
    _slot_scope,
)

PlayerId = int | str
"""A player's ID in the list: a federation number or any text."""

@dataclass(frozen=True, slots=True)
class PendingEvent:
    """FIDE: an unrated player's results in one event, kept until a first rating is published."""

    end_date: dt.date
    """The event's end date (the pooling window is counted from it)."""
    opponents: tuple[float | None, ...]
    """Each game's opponent at the start of the period (``None``: unrated)."""
    results: tuple[float, ...]
    """Each game's score: 1, 0.5 or 0."""
    first: bool
    """The player's first rated event (a zero score there is disregarded)."""
    ru: float | None = None
    """FIDE Handbook B.02 only: the engine's Ru in this event (Rn averages these, 10.3);
    ``None`` under the 2024 regulations, which rate the pooled games themselves."""
    ru_games: int = 0
    """The games that Ru is based on (0 without a Ru)."""
    event: str = ""
    """The event's ID (a season workbook: its sheet), so the results can be traced."""


@_slot_filling_init
@dataclass(frozen=True, slots=True)
class Entry:
    """One player on a rating list, with everything the rules carry from event to event.

    Fields a system does not use stay at their defaults. The fields the rules read are a
    crosstable row's too (:class:`~xlrating.systems.PlayerRecord`): each system builds its
    engine's player from either in one place.
    """

    id: PlayerId
    """The player's ID in the list."""
    rating: float | None = None
    """The current rating (``None``: unrated)."""
    games: int | None = None
    """Games behind the rating (``None``: established with an unknown count; US Chess: N).
    A FIDE unrated player's games so far are in ``pending``."""
    name: str = ""
    birth_date: dt.date | None = None
    """US Chess age-based initial rating, FIDE under-18 K, ICU junior K."""
    joined: dt.date | None = None
    """ICU: the date the player joined (K 32 for members under 8 years)."""
    adult: bool = False
    """US Chess: an adult without a birth date (initial rating 1300)."""
    k: float | None = None
    """ICU and FIDE: a K given by the rating officer, used as is."""
    floor: float | None = None
    """US Chess: an explicit floor (Original Life Master, prize floor)."""
    peak: float | None = None
    """US Chess: the highest established rating; FIDE: the highest published rating."""
    wins: int = 0
    """US Chess: lifetime rated wins (personal absolute floor)."""
    draws: int = 0
    """US Chess: lifetime rated draws."""
    events: int = 0
    """US Chess: lifetime events with three or more rated games; FIDE: rated events played."""
    history: str | None = None
    """US Chess: ``"all wins"`` or ``"all losses"`` when every previous game was one."""
    fide: float | None = None
    """US Chess: a FIDE rating, for an unrated player's initial rating."""
    cfc: float | None = None
    """US Chess: a CFC rating, for an unrated player's initial rating."""
    other_ratings: Mapping[str, tuple[float, int | None]] = field(default_factory=dict)
    """US Chess: ``(rating, games)`` in the other rating systems (a Regular list holds the
    players' Quick ratings here; dual-rated and Quick events update them)."""
    pending: tuple[PendingEvent, ...] = ()
    """FIDE: an unrated player's results not yet enough for a first rating."""


_replace_entry = _slot_replacer(Entry)


def evolve(entry: Entry, **changes: Any) -> Entry:
    """``entry`` with ``changes``, as :func:`dataclasses.replace` gives it, for values the
    season computed itself (not checked again: a season replaces about a million entries)."""
    return _replace_entry(entry, changes)


def evolver(*names: str) -> Callable[..., Entry]:
    """``change(entry, *values)``: what ``evolve(entry, **dict(zip(names, values)))`` gives, for
    the fields ``names`` that a season's step always changes, their values passed in that order
    (about twice as fast: nothing is looked up by name)."""
    slots, scope = _slot_scope(Entry, "copied")
    unknown = set(names) - set(slots)
    if unknown:
        raise TypeError(f"Entry has no fields {sorted(unknown)}")
    return _filling(scope, "change", ", ".join(("old", *names)),
                    [name if name in names else f"old.{name}" for name in slots])


@dataclass(frozen=True)
class RatingList:
    """A rating list: players by ID under one system and rule edition.

    ``entries`` is a mapping from ID to :class:`Entry`; the list never changes it.
    """

    system: str
    """``"USCF"``, ``"FIDE"`` or ``"ICU"``."""
    entries: Mapping[PlayerId, Entry]
    rules: str = ""
    """The rule edition (``""``: the system's default, US Chess 2020, FIDE 2024, ICU)."""
    rating_system: str = "Regular"
    """US Chess: the rating system the list is for (``"Regular"`` or ``"Quick"``)."""
    date: dt.date | None = None
    """The date the list is as of: every event must end on or after it."""

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __contains__(self, key: object) -> bool:
        return key in self.entries

    def __getitem__(self, key: PlayerId) -> Entry:
        return self.entries[key]

    def rating(self, key: PlayerId) -> float | None:
        """The player's current rating (``None``: unrated)."""
        return self.entries[key].rating


Result = float
"""A game's score for its first player: 1, 0.5 or 0."""


@dataclass(frozen=True)
class Event:
    """One rated event of a season: its dates, its players by ID and its games.

    ``players`` maps the ID of each player new to the list to his data (the keyword
    fields of :class:`Entry`, e.g. ``{"birth_date": ...}`` or ``{}`` for a newcomer with
    nothing known); players already on the list need no entry here. ``games`` are
    ``(round, id_a, id_b, score of id_a)`` with each rated game once.
    """

    id: str
    end_date: dt.date
    games: Sequence[tuple[int, PlayerId, PlayerId, float]]
    players: Mapping[PlayerId, Mapping[str, Any]] = field(default_factory=dict)
    name: str = ""
    start_date: dt.date | None = None
    """ICU: K is decided at the start (``None``: the end date)."""
    event_type: str = "Swiss"
    rating_system: str | None = None
    """US Chess: the system rated (``None``: the list's)."""
    dual_rated: bool = False
    """US Chess: a dual-rated event also updates the Quick (or Regular) ratings."""
    bonus_multiplier: float | None = None
    """US Chess: B as given (``None``: the value in force on the end date)."""


@_slot_filling_init
@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One line of a player's history: an event and what it did to the rating.

    US Chess and ICU: ``change`` is ``post`` minus ``pre``, as a crosstable's ``Change`` column
    gives it (an ICU rating published rounded, with any bonus). FIDE: ``pre`` is the rating at
    the start of the period, ``change`` the event's exact (unrounded) change and ``post`` the
    list rating after the whole period.
    """

    event: str
    rating_system: str
    pre: float | None
    post: float | None
    change: float | None
    games: int


history_row = _positional_filler(HistoryRow)
"""A :class:`HistoryRow` of values a season's engine gave, its fields in order, built without
calling its ``__init__`` (about half the time: a season makes one for every player and event)."""


@dataclass(frozen=True)
class SeasonResult:
    """What rating a season gives: the new list, each event's outcomes, each player's history."""

    list: RatingList
    outcomes: Mapping[str, tuple[EventOutcome, ...]]
    """Each event's engine outcomes by event ID (a dual-rated event has two), kept only
    when the season is rated with ``explain=True``; else empty."""
    history: Mapping[PlayerId, tuple[HistoryRow, ...]]
    """Each player who played, his events in the order they were rated."""
    seats: Mapping[str, tuple[PlayerId, ...]] = field(default_factory=dict)
    """Each event's players by ID, kept with :attr:`outcomes`: ``seats[event][n - 1]`` is the
    player numbered ``n`` in the event's outcomes."""
    warnings: tuple[str, ...] = ()
    """The defaults the season took where they can change numbers, each in words naming the list
    entries or an event's new players by ID: the ones a season workbook says at its cells (a blank
    games count beside a rating; US Chess: a blank peak or lifetime counts a floor reads; FIDE: no
    birth date for a junior's K; ICU: an event's blank start date), found by the same code of the
    system (:mod:`xlrating.lists.said`); and an event's new players who play no game in the season
    (put on the new list as given). Empty when nothing was left blank that way."""

    def players(self, event: str) -> tuple[dict[PlayerId, PlayerOutcome], ...]:
        """Each of ``event``'s outcomes (a dual-rated event has two) as its players' outcomes by
        ID (the season was rated with ``explain=True``). An event whose outcomes were not kept
        is an :class:`~xlrating.errors.ArgumentError` saying why (was a bare ``KeyError``)."""
        if event not in self.seats or event not in self.outcomes:
            why = ("the season was rated without explain=True, which keeps them" if not self.outcomes
                   else f"it is none of the season's {len(self.outcomes)} events")
            raise ArgumentError(f"Argument 'event': no outcomes of {event!r} were kept: {why}")
        ids = self.seats[event]
        return tuple({ids[player.player - 1]: player for player in outcome.players}
                     for outcome in self.outcomes[event])
