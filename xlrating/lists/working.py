"""The season's working list: each player's entry as the season rates it, and the history rows
it writes, kept as columns.

A season reads a player's entry and writes a new one for every event he plays, and writes a
history row for it: a quarter of a million of each in a federation's year. Rather than a new
:class:`~.model.Entry` after every event, an adapter whose rules change only a few fields
(the ICU's: the rating and the games) keeps those fields as columns (:meth:`WorkingList.keep`):
a value per player at his *position*, written in place as each wave is folded back, beside
his entry as the caller (or his event, for a new player) gave it, which holds the fields the
rules do not change. Each changed player's new entry is built once, when the season gives its
result (:meth:`WorkingList.entries`). The history rows are kept as columns too, a wave's at a
time (:meth:`WorkingList.write_history`), and built when the season gives its result
(:meth:`WorkingList.history`), grouped by player in the order they were written: every record
a caller gets is built before :func:`~.rate.rate_season` returns.

A reader that needs a player's entry (an adjustment of the list, an error's message) gets it
built from the columns (:meth:`WorkingList.entry`). While no field is kept as a column, the
entries by ID (:attr:`WorkingList.records`) are the whole list, and an adapter may read and
write them as it is: US Chess does, its engine's players reading a dozen fields of an entry,
which cost more read from as many columns than from the one entry (measured: see
``docs/lists.md``, "The working list as columns"). The ICU and FIDE keep the fields their rules
change as columns.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain, repeat
from operator import attrgetter, itemgetter
from typing import Any

from .._columns import looked_up, picker
from .model import Entry, HistoryRow, PlayerId, evolver, history_row


class WorkingList:
    """The season's list while it is rated: the entries by ID, the fields an adapter keeps as
    columns (:meth:`keep`) and the history rows written so far, as columns."""

    __slots__ = ("_blocks", "_build", "_changing", "_in_order", "_rows", "at", "columns", "fields", "ids",
                 "records", "written")

    def __init__(self, entries: Mapping[PlayerId, Entry]) -> None:
        self.records: dict[PlayerId, Entry] = dict(entries)
        """Each player's entry by ID, in the list's order (new players after, in the order they
        are added): whole but for the fields kept as columns of the players in :attr:`written`."""
        self.fields: tuple[str, ...] = ()
        """The fields of :class:`~.model.Entry` kept as columns (:meth:`keep`): those the adapter
        changes, then those it only reads."""
        self.columns: tuple[list[Any], ...] = ()
        """Each of :attr:`fields`' values, by position."""
        self.ids: list[PlayerId] = []
        """Each position's player ID (while fields are kept as columns)."""
        self.at: dict[PlayerId, int] = {}
        """Each player's position (while fields are kept as columns)."""
        self.written: set[int] = set()
        """The positions whose columns were written since their entry in :attr:`records`."""
        self._build: Callable[..., Entry] | None = None
        self._changing = 0
        """How many of :attr:`fields`, the first, the adapter changes (the others it only reads)."""
        self._rows: tuple[list[Any], ...] = ([], [], [], [], [], [], [])
        """The history rows written: the player's ID, then each of :class:`~.model.HistoryRow`'s
        fields, a list each."""
        self._blocks: list[tuple[int, int, int]] = []
        """Each event's history rows: its place in the rating order, where they begin and end."""
        self._in_order = True
        """Whether the events' rows were written in the events' rating order."""

    def keep(self, *fields: str, read: Sequence[str] = ()) -> None:
        """Keep ``fields`` of every entry as columns from now on (an adapter's first step, before any
        event is rated): the fields its rules change, which it writes in place and marks
        (:meth:`mark_written`), and the fields ``read`` that it reads for every event but never
        changes (kept as columns so that reading them touches no entry)."""
        assert not self.written, "the fields kept as columns are chosen before any is written"
        self.fields = (*fields, *read)
        self._build = evolver(*fields)
        self._changing = len(fields)
        self.ids = list(self.records)
        self.at = dict(zip(self.ids, range(len(self.ids)), strict=True))
        entries = list(self.records.values())
        self.columns = tuple(list(map(attrgetter(name), entries)) for name in self.fields)

    def column(self, name: str) -> list[Any]:
        """The values of field ``name`` (one of :attr:`fields`), by position: the list held, which the
        adapter writes in place (then :meth:`mark_written`)."""
        return self.columns[self.fields.index(name)]

    def positions(self, ids: Sequence[PlayerId]) -> list[int]:
        """The positions of the players ``ids``, in order (looked up in one C loop)."""
        return looked_up(self.at, ids)

    def values(self, names: Iterable[str], ids: Sequence[PlayerId], positions: Sequence[int]
               ) -> list[list[Any]]:
        """The fields ``names`` of the players ``ids`` (at ``positions``), a list each by player:
        each read from its column if it is kept as one (picked in one C loop), else from the entries."""
        found: list[list[Any]] = []
        entries: list[Entry] | None = None
        pick = picker(positions)
        for name in names:
            if name in self.fields:
                found.append(list(pick(self.column(name))))
                continue
            if entries is None:
                entries = list(map(self.records.__getitem__, ids))
            found.append(list(map(attrgetter(name), entries)))
        return found

    def entry(self, key: PlayerId) -> Entry:
        """The player's entry: built from his columns if they were written since it was made."""
        at = self.at.get(key)
        if at is None or at not in self.written:
            return self.records[key]
        assert self._build is not None
        return self._build(self.records[key], *[column[at] for column in self.columns[:self._changing]])

    def put(self, key: PlayerId, entry: Entry) -> None:
        """Make ``entry`` the player's (a new player's, or an entry changed whole): his columns
        are read from it."""
        self.records[key] = entry
        if not self.fields:
            return
        values = [getattr(entry, name) for name in self.fields]
        at = self.at.get(key)
        if at is None:
            self.at[key] = len(self.ids)
            self.ids.append(key)
            for column, value in zip(self.columns, values, strict=True):
                column.append(value)
        else:
            for column, value in zip(self.columns, values, strict=True):
                column[at] = value
            self.written.discard(at)

    def mark_written(self, positions: Iterable[int]) -> None:
        """Note that the columns of the players at ``positions`` were written: their entries are
        built from them (:meth:`entry`, :meth:`entries`)."""
        self.written.update(positions)

    def entries(self) -> dict[PlayerId, Entry]:
        """Every player's entry by ID, in the list's order, the written ones built now, once each
        (from the entry before and the columns): the season's new list."""
        records, written = self.records, list(self.written)
        if written:
            assert self._build is not None
            pick = picker(written)
            keys = pick(self.ids)
            values = [pick(column) for column in self.columns[:self._changing]]
            records.update(zip(keys, map(self._build, looked_up(records, keys), *values), strict=True))
            self.written.clear()
        return records

    def write_history(self, ids: Sequence[PlayerId], events: Sequence[str], rating_system: str,
                      pres: Sequence[float | None], posts: Sequence[float | None],
                      changes: Sequence[float | None], games: Sequence[int],
                      blocks: Sequence[tuple[int, int]]) -> None:
        """A history row for each of ``ids`` (:class:`~.model.HistoryRow`'s fields, by player, the
        rating system the same for all), after the rows written before: kept as columns, built by
        :meth:`history`. ``blocks`` are the events' (:meth:`~.rate.Season.blocks`): each one's place
        in the rating order and where its rows end among these; :meth:`history` gives the rows
        in that order (a wave may rate an event before an earlier one that shares no player)."""
        keys, named, systems, pre, post, change, counted = self._rows
        first, order = len(keys), self._blocks
        begin = first
        for place, end in blocks:
            self._in_order = self._in_order and (not order or place >= order[-1][0])
            order.append((place, begin, first + end))
            begin = first + end
        keys += ids
        named += events
        systems += repeat(rating_system, len(ids))
        pre += pres
        post += posts
        change += changes
        counted += games

    def played_positions(self) -> set[int]:
        """The positions of the players with a history row, in no order (while fields are kept as
        columns)."""
        return set(self.positions(list({*self._rows[0]})))

    def history(self) -> dict[PlayerId, tuple[HistoryRow, ...]]:
        """Each player's history rows, built now, in the order written, which is his events' rating
        order (a wave rates a player's events in order, whatever it does with others'); the players
        in the order of their first row in the events' rating order (once: the columns are let go).

        The rows are built in the order written, then taken in the events' rating order (each
        event's rows as written) and grouped by player in that order, in C loops: a player's rows
        keep their order, and the players come in the order of their first row."""
        keys, *fields = self._rows
        rows = list(map(history_row, *fields))  # (all made first: faster than each made as it is grouped)
        for column in self._rows[1:]:  # (their memory given back before the tuples are made)
            column.clear()
        if not self._in_order:
            blocks = sorted(self._blocks, key=itemgetter(0))  # (stable: one event's rows as written)
            keys = list(chain.from_iterable(keys[begin:end] for _, begin, end in blocks))
            rows = list(chain.from_iterable(rows[begin:end] for _, begin, end in blocks))
            self._rows[0].clear()
        grouped: defaultdict[PlayerId, list[HistoryRow]] = defaultdict(list)
        deque(map(list.append, map(grouped.__getitem__, keys), rows), 0)  # (each row to its player's)
        del keys, rows
        self._rows[0].clear()
        return dict(zip(grouped, map(tuple, grouped.values()), strict=True))
