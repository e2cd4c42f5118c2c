"""What a season says it took: the defaults its list entries and events left to the rules, in
words for a Python caller (:attr:`~xlrating.lists.SeasonResult.warnings`), each naming the
list entries or the event's players by ID, as a season workbook names their cells.

Which players took a default is the system's own code, the one a season workbook's warnings
use: :meth:`~xlrating.systems.System.games_taken` for a blank games count beside a rating (read
as an established player's), and :attr:`~xlrating.systems.System.taken` for the others (US
Chess: a blank peak, wins, draws or events where a floor could have held the rating; FIDE: no
junior K without a birth date; ICU: K on the end date without a start date), asked as each
event is rated, with the rating the player was rated from and the fields the caller gave; and a
list without a date taken as already adjusted (:func:`adjusted_as_of`). As on a season
workbook's Players sheet, a field that some list entry gives (an event's new players: some new
player of the event; games: some player who played) is taken as given where the others leave it
blank, and a count of 0 is blank. Only the events with a player who left such a field blank, or
with such a setting blank, are asked: a season with nothing blank costs one set test a wave. Of
an event's players, only those whose numbers in the outcome leave them open to a default, tested
for the whole wave at once (:attr:`~xlrating.systems.System.may_take_outcomes`: US Chess, a
rating that fell), then those whose fields do (:attr:`~xlrating.systems.System.may_take`) are
asked, and for a blank field only those not yet named for every field they could be named for.
(:attr:`~xlrating.systems.System.taken`'s rows carry no rounds: a FIDE Swiss whose players all
met, which a season workbook names, is not said.) The outcome's numbers these read (the pre-event
rating and the system's :attr:`~xlrating.systems.System.outcome_fields`) are read as columns
(:func:`~xlrating.model.outcome_columns`): no :class:`~xlrating.model.PlayerOutcome` is built for
them.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_left
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import attrgetter
from typing import Any, cast

from .. import systems
from ..model import EventOutcome, EventType, outcome_columns
from .model import Entry, Event, PlayerId, RatingList

#: How many IDs a warning names before it counts the rest.
_NAMED = 5
#: The fields a default reads (the rating is the one the player was rated from).
_READ = ("games", "k", "birth_date", "joined", "floor", "peak", "wins", "draws", "events")
_reading = attrgetter(*_READ)


def named_ids(ids: Sequence[PlayerId]) -> str:
    """``2 players (IDs 4, 9)``, ``12 players (IDs 1, 2, 3, 4, 5 and 7 more)``."""
    shown = ", ".join(repr(key) if isinstance(key, str) else str(key) for key in ids[:_NAMED])
    more = f" and {len(ids) - _NAMED} more" if len(ids) > _NAMED else ""
    count = f"{len(ids)} player{'s' if len(ids) != 1 else ''}"
    return f"{count} (ID{'s' if len(ids) != 1 else ''} {shown}{more})"


def _blank(value: Any) -> bool:
    return value is None or value == 0


class _Row:
    """A player as :attr:`~xlrating.systems.System.taken` reads a crosstable row: made once a
    player, from the fields a default reads (:data:`_READ`: a listed player's from the list, a count
    of 0 as blank; a new one's as his event gives them), then given each event's pairing number and
    the rating he was rated from as the event is asked (a player is in one event of a wave, and an
    event's rows are read before the next event's are given theirs)."""

    __slots__ = ("number", "rating", *_READ)
    number: int
    rating: float | None
    games: int | None
    k: float | None
    birth_date: dt.date | None
    joined: dt.date | None
    floor: float | None
    peak: float | None
    wins: int | None
    draws: int | None
    events: int | None
    rounds: tuple[()] = ()
    """(The players' meetings are not read.)"""

    def __init__(self, entry: Entry | None, data: Mapping[str, Any]) -> None:
        values = _reading(entry) if entry is not None else tuple(map(data.get, _READ))
        self.number, self.rating = 0, None
        self.games, self.k, self.birth_date, self.joined, self.floor, self.peak = values[:6]
        wins, draws, events = values[6:]
        self.wins, self.draws, self.events = wins or None, draws or None, events or None


@dataclass(frozen=True, slots=True)
class _Settings:
    """An event's settings as :attr:`~xlrating.systems.System.taken` reads them."""

    rules: str | None
    event_type: EventType
    start_date: dt.date | None
    end_date: dt.date


class Said:
    """The defaults a season's events took, gathered as each wave is rated (:meth:`took`)."""

    def __init__(self, ratings: RatingList, events: Sequence[Event]) -> None:
        self.ratings = ratings
        self.events = events
        self.system = system = systems.get(ratings.system)
        entries = ratings.entries.values()
        #: The taken fields no list entry gives: blank for every entry, said.
        self.open = [name for name in system.taken_fields
                     if system.taken is not None and not any(map(attrgetter(name), entries))]
        self.blank: set[PlayerId] = {entry.id for entry in entries} if self.open else set()
        """The players who may yet be named for a field left blank."""
        self.home = {key: event.id for event in events for key in event.players}
        """Each new player's event (the one that gives his data)."""
        self.new: dict[str, list[str]] = {}
        """Each event's taken fields that none of its new players gives."""
        if system.taken is not None:
            for event in events:
                fields = [name for name in system.taken_fields if not any(
                    not _blank(data.get(name)) for data in event.players.values())]
                self.new[event.id] = fields
                if fields:  # (blank for every new player of the event)
                    self.blank.update(event.players)
        self.columns: dict[tuple[str, str], tuple[str, list[PlayerId]]] = {}
        """Each (event ID, or ``""`` for the list; field) default: its words and its players."""
        self.settings: list[str] = []
        self.seen: set[PlayerId] = set()
        """The players read (:meth:`_read_new`)."""
        self.rows: dict[PlayerId, _Row] = {}
        """The row of each player read whose fields leave him open to a default."""
        self.named: dict[PlayerId, set[str]] = {}
        """Each player's fields said so far (once every field he could be named for is said, he is
        not asked again, unless a setting is blank)."""
        self.events_by_id = {event.id: event for event in events}
        self.types: dict[Any, EventType] = {}

    def took(self, wave: Sequence[Event], ids: Sequence[PlayerId], ends: Sequence[int],
             outcome: EventOutcome) -> None:
        """Find the defaults the wave's events took (``ids``: the wave's players in the engine's
        order, the first ``ends[0]`` the first event's...; ``outcome``: the engine's, in the event's
        own rating system)."""
        system, blank = self.system, self.blank
        if system.taken is None:
            return
        settings = system.taken_settings
        setting = [any(getattr(event, name) is None for name in settings) for event in wave]
        if blank.isdisjoint(ids) and not any(setting):
            return
        numbers = self._numbers(outcome)
        positions = self._asked(ids, numbers, any(setting))
        start = 0
        for event, end, blank_setting in zip(wave, ends, setting, strict=True):
            first = bisect_left(positions, start)
            at = positions[first:bisect_left(positions, end, first)]
            if not blank_setting:
                at = [i for i in at if ids[i] in blank]
            if at:
                self._took(event, ids, at, numbers)
            start = end

    def _numbers(self, outcome: EventOutcome) -> dict[str, list[Any]]:
        """The outcome's numbers that are read, a column each (no record built): each player's
        pre-event rating, and the system's :attr:`~xlrating.systems.System.outcome_fields`."""
        names = tuple(dict.fromkeys(("pre_rating", *self.system.outcome_fields)))
        return dict(zip(names, outcome_columns(outcome, *names), strict=True))

    def _asked(self, ids: Sequence[PlayerId], numbers: Mapping[str, list[Any]], setting: bool) -> list[int]:
        """The positions of the wave's players to ask, ascending: those whose numbers
        (:meth:`_open`) and fields (:meth:`_read_new`) leave them open to a default and, unless an
        event's ``setting`` is blank, who left a field blank that they are not yet named for."""
        positions = list(self._open(numbers))
        keys = list(map(ids.__getitem__, positions))
        if not self.seen.issuperset(keys):
            self._read_new([key for key in keys if key not in self.seen])
        asked = self.rows.keys() & keys if setting else self.blank.intersection(keys)
        return [i for i in positions if ids[i] in asked] if asked else []

    def _open(self, numbers: Mapping[str, list[Any]]) -> Iterable[int]:
        """The positions of the players whose numbers leave them open to a default
        (:attr:`~xlrating.systems.System.may_take_outcomes`)."""
        system = self.system
        bound = system.may_take_outcomes
        everyone = range(len(numbers["pre_rating"]))
        if bound is None:
            return everyone
        return compress(everyone, bound(self.ratings.rules or None,
                                        [numbers[name] for name in system.outcome_fields]))

    def _took(self, event: Event, ids: Sequence[PlayerId], positions: Sequence[int],
              numbers: Mapping[str, list[Any]]) -> None:
        """Ask the system's :attr:`~xlrating.systems.System.taken` of one event about its players at
        ``positions`` of ``ids`` and of the outcome's ``numbers`` (:meth:`took`: every player open
        to a default when one of its settings is blank, else those who left a field blank and are
        not yet named for each such field, each judged alone)."""
        system, blank, rows = self.system, self.blank, self.rows
        asked: list[_Row] = []
        ratings = numbers["pre_rating"]
        for i in positions:
            row = rows[ids[i]]
            row.number, row.rating = i + 1, ratings[i]
            asked.append(row)
        read = [list(map(numbers[name].__getitem__, positions)) for name in system.outcome_fields]
        settings = _Settings(self.ratings.rules or None, self._type(event.event_type), event.start_date,
                             event.end_date)
        assert system.taken is not None
        for default in system.taken(cast(Any, settings), cast(Any, asked), read):
            keys = [ids[row.number - 1] for row in default.rows]
            if default.setting:
                players_named = default.message.replace("{players}", named_ids(keys))
                self.settings.append(f"event {event.id}: {players_named}")
                continue
            field, said = default.field, self.named
            for key in keys:
                if field in said.get(key, ()):
                    continue  # (said already)
                where = self.home.get(key, "")  # a new player's: the event that gives him
                fields = self.new[where] if where else self.open
                if field not in fields:
                    continue  # given for another player: the blank is the caller's way of saying the usual
                self.columns.setdefault((where, field), (default.message, []))[1].append(key)
                named = said.setdefault(key, set())
                named.add(field)
                if len(named) == len(fields):
                    blank.discard(key)

    def _read_new(self, keys: list[PlayerId]) -> None:
        """Make the rows of players ``keys``, none of them read before (:attr:`seen`), for those
        whose fields leave them open to a default (:attr:`rows`); the others are not asked again
        for a blank field."""
        entries, home, events, rows = self.ratings.entries, self.home, self.events_by_id, self.rows
        may_take = cast(Any, self.system.may_take)
        self.seen.update(keys)
        for key in keys:
            where = home.get(key)
            row = _Row(entries.get(key), {} if where is None else events[where].players[key])
            if may_take(row):
                rows[key] = row
            else:
                self.blank.discard(key)

    def _type(self, value: Any) -> EventType:
        """An event's type, parsed once a value."""
        found = self.types.get(value)
        if found is None:
            found = self.types[value] = EventType.parse(value)
        return found

    def warnings(self, played: Collection[PlayerId]) -> tuple[str, ...]:
        """Every default the season took, ``played`` being the players with a game."""
        found = list(self._games(played))
        for (where, name), (message, keys) in self.columns.items():  # (each player once: :attr:`named`)
            if where:
                found.append(f"event {where}: new {named_ids(keys)} without {name}: {message}")
            else:
                found.append(f"list entries of {named_ids(keys)}: {name} not given, {message}")
        if (taken := adjusted_as_of(self.ratings, self.events)) is not None:
            first, adjusted = (day.isoformat() for day in taken)
            found.insert(0, f"the list's date is None: the list is taken as of the first event's end, "
                            f"{first}, its ratings as already adjusted on {adjusted}; give the list's date "
                            "if they are older")
        return (*found, *self.settings)

    def _games(self, played: Collection[PlayerId]) -> Iterable[str]:
        """A blank games count beside a rating: once for the list, once for each event's new players,
        unless some of the list's players (of the event's new players) who played give theirs, as on a
        season workbook's sheet."""
        system = self.system
        if not system.blank_games:
            return
        taken = system.games_taken
        entries = self.ratings.entries
        on_list = [entry for key in played if (entry := entries.get(key)) is not None]
        listed = [entry.id for entry in on_list
                  if taken(entry.rating, entry.games, entry.k, entry.birth_date, entry.joined)]
        reading = f"read as {system.blank_games}; where a player's games are known, give them"
        if listed and all(entry.games is None for entry in on_list):
            yield f"list entries of {named_ids(listed)}: games is None beside a rating, {reading}"
        for event in self.events:
            new_ones = [(key, data) for key, data in event.players.items() if key in played]
            if any(data.get("games") is not None for _, data in new_ones):
                continue
            if new := [key for key, data in new_ones if _games_taken(taken, data)]:
                yield f"event {event.id}: new {named_ids(new)} given a rating without games, {reading}"


def adjusted_as_of(ratings: RatingList, events: Sequence[Event]) -> tuple[dt.date, dt.date] | None:
    """A list without a date is taken as of the first event's end (``first``): where the edition
    adjusts every rating on a list dated on or before that (FIDE's and the ICU's of 1 March 2024),
    its ratings are taken as already adjusted. ``(first, the last such adjustment's date)``, or
    None when the list has a date, there is no event, or no adjustment is passed over."""
    if ratings.date is not None or not events:
        return None
    first = min(event.end_date for event in events)
    system = systems.keyed(ratings.system)
    edition = None if system is None else (system.edition(ratings.rules) if ratings.rules else system.default)
    passed = [a for a in getattr(getattr(edition, "rules", None), "adjustments", ()) if a.date <= first]
    return (first, passed[-1].date) if passed else None


def _games_taken(taken: Callable[..., bool], data: Mapping[str, Any]) -> bool:
    """:meth:`~xlrating.systems.System.games_taken` (``taken``) of a new player's ``data``."""
    get = data.get
    return taken(get("rating"), get("games"), get("k"), get("birth_date"), get("joined"))
