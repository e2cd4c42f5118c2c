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
blank, and a count of 0 is blank. Only the players who left such a field blank and are not yet
named for every field they could be named for (in an event with such a setting blank: every
player whose fields leave him open) are looked at, a set test each: a season with nothing blank
costs one set test a wave. Of them, those whose numbers in the outcome leave them open to a
default, tested for the whole wave at once (:attr:`~xlrating.systems.System.may_take_outcomes`:
US Chess, a rating that fell below a peak floor level or under the personal floor's cap; FIDE, a
rating under the junior rule's limit and a K under the junior's), are asked if their fields leave
them open (:attr:`~xlrating.systems.System.may_take`, asked once for each combination of the
fields, each player read once; where a setting is blank, the list is read at once as the season
starts). The rule judges each row alone, so it is asked once for each run of a wave's events with
the same settings it reads (:attr:`~xlrating.systems.System.taken_reads`), and what it names is
said event by event as if each had been asked alone.
(:attr:`~xlrating.systems.System.taken`'s rows carry no rounds: a FIDE Swiss whose players all
met, which a season workbook names, is not said.) The outcome's numbers these read (the pre-event
rating and the system's :attr:`~xlrating.systems.System.outcome_fields`) are read as columns
(:func:`~xlrating.model.outcome_columns`): no :class:`~xlrating.model.PlayerOutcome` is built for
them.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, compress, count, filterfalse, repeat
from operator import add, attrgetter, is_, itemgetter, not_
from typing import Any, cast

from .. import systems
from .._columns import looked_up, picker
from .._ids import named_ids
from ..model import EventOutcome, EventType, outcome_columns
from .model import Entry, Event, PlayerId, RatingList

#: The fields a default reads (the rating is the one the player was rated from).
_READ = ("games", "k", "birth_date", "joined", "floor", "peak", "wins", "draws", "events")
_reading = attrgetter(*_READ)


_Namings = list[tuple[int, int, list[PlayerId]]]
"""The namings of one default (:attr:`Said.columns`): each event's place in the rating order, the
naming's number in the order named, and the players it named."""


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

    def __init__(self, values: tuple[Any, ...]) -> None:
        self.number, self.rating = 0, None
        self.games, self.k, self.birth_date, self.joined, self.floor, self.peak = values[:6]
        wins, draws, events = values[6:]
        self.wins, self.draws, self.events = wins or None, draws or None, events or None


_NUMBER, _RATING = _Row.number, _Row.rating
"""The slots a row is given as an event is asked (written for a wave's rows in one C loop, :func:`_put`)."""


def _put(slot: Any, rows: Iterable[_Row], values: Iterable[Any]) -> None:
    """Write ``values`` into ``slot`` of ``rows``, in order."""
    deque(map(slot.__set__, rows, values), 0)


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
        self.blank: set[PlayerId] = set(ratings.entries) if self.open else set()  # (each entry's ID: checked)
        """The players who may yet be named for a field left blank."""
        self.home = {key: event.id for event in events for key in event.players}
        """Each new player's event (the one that gives his data)."""
        self.new: dict[str, list[str]] = {}
        """Each event's taken fields that none of its new players gives."""
        if system.taken is not None:
            for event in events:
                fields = [name for name in system.taken_fields if not any(
                    not _blank(data.get(name)) for data in event.players.values())] if event.players else [
                    *system.taken_fields]  # (an event with no new players: none gives any)
                self.new[event.id] = fields
                if fields:  # (blank for every new player of the event)
                    self.blank.update(event.players)
        self.columns: dict[tuple[str, str], tuple[str, _Namings]] = {}
        """Each (event ID, or ``""`` for the list; field) default: its words and its players, as
        named by each event (its place in the rating order, the naming's number in the order
        named, the players it named)."""
        self.namings = count()
        """The numbers of the namings, in the order named."""
        self.settings: list[tuple[int, str]] = []
        """Each default of an event's setting (its place in the rating order, the words)."""
        self.place = {event.id: place for place, event in enumerate(events)}
        """Each event's place in the rating order (a wave may rate an event before an earlier one
        that shares none of its players: what is said is put back in this order)."""
        self.seen: set[PlayerId] = set()
        """The players read (:meth:`_read`)."""
        self.may_take: dict[tuple[Any, ...], bool] = {}
        """:attr:`~xlrating.systems.System.may_take` of each combination of the fields read."""
        self.rows: dict[PlayerId, _Row] = {}
        """The row of each player read whose fields leave them open to a default
        (:attr:`~xlrating.systems.System.may_take`)."""
        self.named: dict[str, set[PlayerId]] = {}
        """The players said so far for each field (once every field a player could be named for is
        said, he is not asked again, unless a setting is blank)."""
        self.events_by_id = {event.id: event for event in events}
        self.types: dict[Any, EventType] = {}
        self.reads = _settings_of(system.taken_reads)
        """An event's settings that :attr:`~xlrating.systems.System.taken` reads (the events of a
        wave alike in them are asked in one call)."""
        if system.taken is not None and any(getattr(event, name) is None for event in events
                                            for name in system.taken_settings):
            self._read_everyone()

    def _read_everyone(self) -> None:
        """Read every player at once (:meth:`_read`): every player of an event with a blank setting
        is asked if his fields leave him open. The list's entries are looked at for the fields
        :attr:`~xlrating.systems.System.may_take` reads alone
        (:attr:`~xlrating.systems.System.may_take_fields`), asked once for each combination of them
        (of an entry that has it), and only the entries it leaves open are read whole."""
        entries = self.ratings.entries
        listed = list(entries.values())
        fields = self.system.may_take_fields
        read: list[Any] = list(map(attrgetter(*fields), listed)) if fields else [()] * len(listed)
        may_take = cast(Any, self.system.may_take)
        one = dict(zip(read, listed, strict=True))  # (an entry of each combination)
        known = {key: bool(may_take(_Row(_reading(entry)))) for key, entry in one.items()}
        may = list(map(known.__getitem__, read))
        keys = list(entries)
        for key, entry in compress(zip(keys, listed, strict=True), may):
            self.rows[key] = _Row(_reading(entry))
        self.blank.difference_update(compress(keys, map(not_, may)))
        self.seen.update(keys)
        self._read(*self._values(key for key in self.home if key not in entries))

    def took(self, wave: Sequence[Event], ids: Sequence[PlayerId], ends: Sequence[int],
             outcome: EventOutcome, read: Mapping[str, list[Any]] | None = None) -> None:
        """Find the defaults the wave's events took (``ids``: the wave's players in the engine's
        order, the first ``ends[0]`` the first event's...; ``outcome``: the engine's, in the event's
        own rating system). Only the players who left a field blank that they are not yet named for
        (:attr:`blank`), or, where an event's setting is blank, whose fields leave them open
        (:attr:`rows`), are asked; the outcome's numbers are read only if there are some, and of
        the players whose numbers leave them open (:meth:`_open`, asked first: its comparisons
        over whole columns cost less than a set test a player), those are found by a set test
        each. ``read``: the outcome's columns the adapter has read already, by field name (those
        the finder reads are not read again)."""
        system, blank = self.system, self.blank
        if system.taken is None:
            return
        settings = system.taken_settings
        setting = [any(getattr(event, name) is None for name in settings) for event in wave]
        any_setting = any(setting)
        pool = self.rows.keys() if any_setting else blank  # (every player read: :meth:`__init__`)
        if pool.isdisjoint(ids):
            return
        numbers = self._numbers(outcome, read or {})
        positions = self._open(numbers)
        keys = picker(positions)(ids)
        inside = list(map(pool.__contains__, keys))
        positions, keys = list(compress(positions, inside)), list(compress(keys, inside))
        if not any_setting and positions and not self.seen.issuperset(keys):
            # (the players left read now, and kept if open)
            self._read(*self._values(set(keys).difference(self.seen)))
            positions = list(compress(positions, map(blank.__contains__, keys)))
        asked: list[tuple[Event, list[int]]] = []
        start = 0
        for event, end, blank_setting in zip(wave, ends, setting, strict=True):
            first = bisect_left(positions, start)
            at = positions[first:bisect_left(positions, end, first)]
            if not blank_setting and any_setting:
                at = [i for i in at if ids[i] in blank]
            if at:
                asked.append((event, at))
            start = end
        for same in _runs(asked, self.reads):
            self._took(same, ids, numbers)

    def _numbers(self, outcome: EventOutcome, read: Mapping[str, list[Any]]) -> dict[str, list[Any]]:
        """The outcome's numbers that are read, a column each (no record built): each player's
        pre-event rating, and the system's :attr:`~xlrating.systems.System.outcome_fields` (those
        in ``read`` as they were read)."""
        names = tuple(dict.fromkeys(("pre_rating", *self.system.outcome_fields)))
        missing = [name for name in names if name not in read]
        found = dict(zip(missing, outcome_columns(outcome, *missing), strict=True)) if missing else {}
        return {name: read[name] if name in read else found[name] for name in names}

    def _open(self, numbers: Mapping[str, list[Any]]) -> list[int]:
        """The positions of the players whose numbers leave them open to a default
        (:attr:`~xlrating.systems.System.may_take_outcomes`), ascending."""
        system = self.system
        bound = system.may_take_outcomes
        everyone = range(len(numbers["pre_rating"]))
        if bound is None:
            return list(everyone)
        return list(compress(everyone, bound(self.ratings.rules or None,
                                             [numbers[name] for name in system.outcome_fields])))

    def _took(self, asked: Sequence[tuple[Event, list[int]]], ids: Sequence[PlayerId],
              numbers: Mapping[str, list[Any]]) -> None:
        """Ask the system's :attr:`~xlrating.systems.System.taken` about consecutive events of one
        wave with the same settings it reads (:attr:`reads`; it is given the first event's), each
        with the positions in ``ids`` (and in the outcome's ``numbers``) of its players asked
        (:meth:`took`), in one call: it judges each row alone
        (the rows carry no rounds), so each event's defaults are its own rows of each default,
        said as if each event had been asked alone (:meth:`_said`). The rows are given their pairing
        numbers and ratings a column at a time."""
        system = self.system
        positions = [i for _, at in asked for i in at]
        pick = picker(positions)
        players: list[_Row] = looked_up(self.rows, pick(ids))
        _put(_NUMBER, players, map(add, positions, repeat(1)))
        _put(_RATING, players, pick(numbers["pre_rating"]))
        read = [list(map(numbers[name].__getitem__, positions)) for name in system.outcome_fields]
        assert system.taken is not None
        event = asked[0][0]
        settings = _Settings(self.ratings.rules or None, self._type(event.event_type), event.start_date,
                             event.end_date)
        defaults = system.taken(cast(Any, settings), cast(Any, players), read)
        if not defaults:
            return
        events = [event for event, _ in asked]
        lasts = [at[-1] for _, at in asked]  # (each event's players at positions up to its last's)
        for default in defaults:
            own: list[list[Any]] = [[] for _ in asked]
            if len(asked) == 1:
                own[0] = list(default.rows)
            else:
                for named in default.rows:
                    own[bisect_left(lasts, named.number - 1)].append(named)
            self._said(events, ids, default, own)

    def _said(self, events: Sequence[Event], ids: Sequence[PlayerId], default: Any,
              found: Sequence[Sequence[Any]]) -> None:
        """Say a default (a :class:`~xlrating.systems.Taken`) of each of ``events``, ``found`` its rows
        of each. The defaults are said one after another, each for every event (what each event names
        is put in the rating order by its place, and one event's defaults in the order the system
        gives them, by the order named: the same as each event saying all its defaults in turn)."""
        named = [(self.place[event.id], [ids[row.number - 1] for row in rows], event)
                 for event, rows in zip(events, found, strict=True) if rows]
        if default.setting:
            for place, keys, event in named:
                players_named = default.message.replace("{players}", named_ids(keys))
                self.settings.append((place, f"event {event.id}: {players_named}"))
            return
        self._named(default.field, default.message, [(place, keys) for place, keys, _ in named])

    def _named(self, field: str, message: str, namings: Sequence[tuple[int, list[PlayerId]]]) -> None:
        """Name the players of each (``place``, ``keys``) of ``namings`` (an event's place in the
        rating order, its players: no player in two of them) for a blank ``field`` said in
        ``message``: each not named for it yet, where it is blank for every player like him (the
        list's entries, or his event's new players: a field given for another is the caller's way of
        saying the usual). A player named for every field he could be is not asked again. Where none
        is named yet and none is new (a list's players named for the first time), at once."""
        named = self.named.setdefault(field, set())
        everyone = [key for _, keys in namings for key in keys]
        if not (named.isdisjoint(everyone) and self.home.keys().isdisjoint(everyone)):
            for place, keys in namings:
                self._named_in(field, message, keys, place)
            return
        if field not in self.open:
            return
        column = self.columns.setdefault(("", field), (message, []))[1]
        column.extend((place, next(self.namings), keys) for place, keys in namings)
        named.update(everyone)
        self._not_blank(field, self.open, everyone)

    def _named_in(self, field: str, message: str, keys: Sequence[PlayerId], place: int) -> None:
        """:meth:`_named` of one event's players ``keys`` (its place in the rating order ``place``)."""
        named = self.named[field]
        fresh = list(filterfalse(named.__contains__, keys))
        wheres = list(map(self.home.get, fresh, repeat("")))  # a new player's: the event that gives him
        groups: dict[str, list[PlayerId]] = {}
        if any(wheres):
            for where, key in zip(wheres, fresh, strict=True):
                groups.setdefault(where, []).append(key)
        elif fresh:
            groups[""] = fresh
        for where, found in groups.items():
            fields = self.new[where] if where else self.open
            if field not in fields:
                continue
            naming = (place, next(self.namings), found)
            self.columns.setdefault((where, field), (message, []))[1].append(naming)
            named.update(found)
            self._not_blank(field, fields, found)

    def _not_blank(self, field: str, fields: Sequence[str], found: Sequence[PlayerId]) -> None:
        """The players ``found``, just named for ``field``, who are named for every field they could
        be (``fields``) are not asked again."""
        others = [self.named.get(name, set()) for name in fields if name != field]
        self.blank.difference_update(
            [key for key in found if all(key in said for said in others)] if others else found)

    def _values(self, keys: Iterable[PlayerId]) -> tuple[list[PlayerId], list[tuple[Any, ...]]]:
        """The players ``keys`` (none twice), the listed ones first, and the fields a default reads
        (:data:`_READ`) of each: a listed player's from the list (a column at a time), a new one's
        as the event that gives him has them."""
        entries, home, events = self.ratings.entries, self.home, self.events_by_id
        keys = list(keys)
        listed = list(filter(entries.__contains__, keys))
        new = list(filterfalse(entries.__contains__, keys))
        return [*listed, *new], [*map(_reading, map(entries.__getitem__, listed)),
                                 *(tuple(map(events[home[key]].players[key].get, _READ)) for key in new)]

    def _read(self, keys: Sequence[PlayerId], values: Sequence[tuple[Any, ...]]) -> None:
        """Read the players ``keys``, none of them read before (:attr:`seen`), with their fields
        ``values`` (:meth:`_values`): those whose fields leave them open to a default are given
        their row (:attr:`rows`); the others are not asked again for a blank field.
        :attr:`~xlrating.systems.System.may_take` is asked once for each combination of the fields'
        values (it reads the fields alone, so equal fields are answered alike; the season's checks
        have made them dates, numbers or None)."""
        known, may_take = self.may_take, cast(Any, self.system.may_take)
        may: list[bool | None] = list(map(known.get, values))
        if None in may:  # (a combination not seen yet)
            for at in compress(range(len(may)), map(is_, may, repeat(None))):
                read = values[at]
                found = known.get(read)
                may[at] = known[read] = bool(may_take(_Row(read))) if found is None else found
        self.rows.update(zip(compress(keys, may), map(_Row, compress(values, may)), strict=True))
        self.blank.difference_update(compress(keys, map(not_, may)))
        self.seen.update(keys)

    def _type(self, value: Any) -> EventType:
        """An event's type, parsed once a value."""
        found = self.types.get(value)
        if found is None:
            found = self.types[value] = EventType.parse(value)
        return found

    def warnings(self, played: Collection[PlayerId]) -> tuple[str, ...]:
        """Every default the season took, ``played`` being the players with a game."""
        found = list(self._games(played))
        for (where, name), (message, named) in self._in_rating_order():  # (each player once: :attr:`named`)
            keys = [key for *_, keys in named for key in keys]
            if where:
                found.append(f"event {where}: new {named_ids(keys)} without {name}: {message}")
            else:
                found.append(f"list entries of {named_ids(keys)}: {name} not given, {message}")
        if (taken := adjusted_as_of(self.ratings, self.events)) is not None:
            first, adjusted = (day.isoformat() for day in taken)
            found.insert(0, f"the list's date is None: the list is taken as of the first event's end, "
                            f"{first}, its ratings as already adjusted on {adjusted}; give the list's date "
                            "if they are older")
        found.extend(self._idle(played))
        found.extend(self._unread())
        found.extend(self._unknown_k())
        return (*found, *(words for _, words in sorted(self.settings, key=itemgetter(0))))

    def _unread(self) -> Iterable[str]:
        """Each field that the list's entries (an event's new players) give and the system does not
        read (a US Chess entry's ``k``, whose K comes from its rules; an ICU entry's ``peak``): it is
        ignored, and said as a crosstable says a column it does not read. A count of 0 and ``adult``
        False are the fields' defaults, not given."""
        system = self.system
        read = system.columns | system.list_only_columns
        fields = [name for name, column in _FIELD_COLUMNS.items() if column not in read]
        if not fields:
            return
        short = system.short_name
        entries = list(self.ratings.entries.values())
        given: Callable[[Any], Any] = attrgetter(*fields)  # (each entry read once, in C, until one gives one)
        values: Iterable[Any] = map(given, entries)
        if any(values if len(fields) == 1 else chain.from_iterable(values)):
            for name in fields:
                if keys := [entry.id for entry in compress(entries, map(attrgetter(name), entries))]:
                    yield f"list entries of {named_ids(keys)}: {name} is not read in {short} seasons: ignored"
        for event in filter(attrgetter("players"), self.events):  # (the events with new players)
            for name in fields:
                if keys := [key for key, data in event.players.items() if data.get(name)]:
                    yield (f"event {event.id}: new {named_ids(keys)} with {name}: not read in {short} "
                           "seasons: ignored")

    def _unknown_k(self) -> Iterable[str]:
        """Each K that the list's entries (an event's new players) give and that is none of the K
        factors of the season's rules (:meth:`~xlrating.systems.System.unknown_k`: a ``4`` given
        for 40), with the players who give it: rated as given, and said as a crosstable says it
        at its cell."""
        system = self.system
        if system.k_factors is None:
            return
        rules = self.ratings.rules or None
        entries = self.ratings.entries.values()
        groups: list[tuple[str, dict[PlayerId, Any]]] = [
            ("list entries of ", {entry.id: entry.k for entry in entries if entry.k is not None})]
        groups += [(f"event {event.id}: new ", {key: data.get("k") for key, data in event.players.items()})
                   for event in filter(attrgetter("players"), self.events)]
        words: dict[float, str | None] = {}  # (each K value asked once)
        for where, ks in groups:
            by_k: dict[float, list[PlayerId]] = {}
            for key, k in ks.items():
                if k is not None:
                    by_k.setdefault(k, []).append(key)
            for k, keys in by_k.items():
                said = words[k] if k in words else words.setdefault(k, system.unknown_k(rules, k))
                if said is not None:
                    yield f"{where}{named_ids(keys)}: {said}"

    def _in_rating_order(self) -> list[tuple[tuple[str, str], tuple[str, _Namings]]]:
        """:attr:`columns` as if the events had named their players in their rating order: each
        default's namings by their event's place (one event's in the order named), the defaults in
        the order of their first naming so ordered."""
        found = [(message, sorted(named, key=_event_and_naming)) for message, named in self.columns.values()]
        order = sorted(range(len(found)), key=lambda at: _event_and_naming(found[at][1][0]))
        defaults = list(self.columns)
        return [(defaults[at], found[at]) for at in order]

    def _idle(self, played: Collection[PlayerId]) -> Iterable[str]:
        """Each event's new players who play no game in the season: they are put on the new list as
        their event gives them, which a mistyped ID in the games would also leave (the games' own ID,
        not on the list, is refused)."""
        for event in filter(attrgetter("players"), self.events):  # (the events with new players)
            if idle := [key for key in event.players if key not in played]:
                yield (f"event {event.id}: new {named_ids(idle)} without a game in the season: put on the "
                       "list as given")

    def _games(self, played: Collection[PlayerId]) -> Iterable[str]:
        """A blank games count beside a rating: once for the list, once for each event's new players,
        unless some of the list's players (of the event's new players) who played give theirs, as on a
        season workbook's sheet."""
        system = self.system
        if system.blank_games is None:
            return
        taken = system.games_taken
        entries = self.ratings.entries
        read_as = system.blank_games(self.ratings.rules or None)
        reading = f"read as {read_as}; where a player's games are known, give them"
        # (read until one of the list's players who played gives his games: all of them only if none does)
        if all(entry.games is None for entry in _listed(entries, played)) and (listed := [
                entry.id for entry in _listed(entries, played)
                if taken(entry.rating, entry.games, entry.k, entry.birth_date, entry.joined)]):
            yield f"list entries of {named_ids(listed)}: games is None beside a rating, {reading}"
        for event in filter(attrgetter("players"), self.events):  # (the events with new players)
            new_ones = [(key, data) for key, data in event.players.items() if key in played]
            if any(data.get("games") is not None for _, data in new_ones):
                continue
            if new := [key for key, data in new_ones if _games_taken(taken, data)]:
                yield f"event {event.id}: new {named_ids(new)} given a rating without games, {reading}"


def _listed(entries: Mapping[PlayerId, Entry], played: Iterable[PlayerId]) -> Iterator[Entry]:
    """The list's entries of the players ``played`` on it, in that order, looked up as they are read."""
    return (entry for key in played if (entry := entries.get(key)) is not None)


#: Each field of an entry that some system does not read, with the crosstable column that gives it
#: (:attr:`~xlrating.systems.System.columns`).
_FIELD_COLUMNS = {"birth_date": "Birth date", "joined": "Joined", "adult": "Adult", "k": "K",
                  "floor": "Floor", "peak": "Peak", "wins": "Wins", "draws": "Draws", "events": "Events",
                  "history": "History", "fide": "FIDE", "cfc": "CFC"}

_event_and_naming = itemgetter(0, 1)
"""A naming's event's place in the rating order, then its number in the order named."""


def _runs(items: Sequence[tuple[Event, list[int]]], key: Callable[[Event], Any]
          ) -> Iterable[Sequence[tuple[Event, list[int]]]]:
    """``items`` in runs of consecutive ones whose events' ``key`` is equal."""
    start = 0
    keys = [key(event) for event, _ in items]
    for end in range(1, len(items) + 1):
        if end == len(items) or keys[end] != keys[start]:
            yield items[start:end]
            start = end


def _settings_of(names: Sequence[str]) -> Callable[[Event], Any]:
    """``read(event)``: the event's settings ``names`` (none: the same for every event)."""
    return attrgetter(*names) if names else lambda event: ()


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
