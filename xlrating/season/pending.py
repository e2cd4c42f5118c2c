"""A FIDE unrated player's pending results on a sheet: written as ``New pending`` after a
season, read from ``Pending`` at the start of the next.

FIDE pools an unrated player's results over consecutive rating periods until they give a
first rating (FIDE Rating Regulations 2024, 7.1.4); the list keeps them on
:attr:`xlrating.lists.Entry.pending`. The sheet holds them one game per row, so a rating
officer can check them by hand: ``ID``, ``Name``, ``Event``, ``End date``, ``First event``,
``Opponent rating`` (at the start of that rating period; blank: unrated) and ``Result``,
and under the FIDE Handbook's rules, which average each event's Ru (FIDE Handbook B.02,
10.3), ``Ru`` and ``Ru games``. The event's own fields (first event, Ru, Ru games) are
repeated on each of its rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from .. import systems
from ..crosstable import EventSettings, Grid
from ..crosstable.columns import columns_named, fold
from ..crosstable.parse import MAX_GAMES
from ..crosstable.render import COUNT, RATING
from ..crosstable.values import (
    BadValue,
    address,
    bounded,
    date_value,
    is_blank,
    number,
    quote_sheet,
    rating,
    show,
    text,
    whole,
    yes_no,
)
from ..errors import Problem
from ..fide import get_rules
from ..lists import PendingEvent, PlayerId, RatingList
from ..lists.fide import uses_ru
from ..names import find_sheet
from .model import PENDING_SHEET
from .read import player_id

DATE = "yyyy-mm-dd"
#: The sheet's columns (every rules edition), then the columns the FIDE Handbook adds.
COLUMNS = ("ID", "Name", "Event", "End date", "First event", "Opponent rating", "Result")
RU_COLUMNS = ("Ru", "Ru games")
_FORMATS: dict[str, str | None] = {"End date": DATE, "Opponent rating": RATING, "Ru": RATING,
                                   "Ru games": COUNT}
_ALIASES = {fold(name): name for name in (*COLUMNS, *RU_COLUMNS)}
_ALIASES.update({fold("Opponent"): "Opponent rating", fold("Score"): "Result", fold("First"): "First event"})
_RESULTS = (0.0, 0.5, 1.0)


def _ru_rules(system: str, rules: str) -> bool:
    """Whether a FIDE list under ``rules`` keeps each pending event's Ru."""
    return systems.get(system).pending_results and uses_ru(get_rules(rules or "2024"))


def pending_table(ratings: RatingList, order: Sequence[PlayerId]
                  ) -> tuple[list[list[Any]], list[str | None]]:
    """The ``New pending`` sheet: a row per pending game of each player of ``order`` (the new
    list's order), his events in the order they were rated, and its number formats."""
    by_ru = _ru_rules(ratings.system, ratings.rules)
    header = [*COLUMNS, *(RU_COLUMNS if by_ru else ())]
    table: list[list[Any]] = [header]
    for key in order:
        entry = ratings[key]
        for pending in entry.pending:
            event = [pending.event or None, pending.end_date, "yes" if pending.first else None]
            ru = [pending.ru, pending.ru_games if pending.ru is not None else None] if by_ru else []
            for opponent, result in zip(pending.opponents, pending.results, strict=True):
                table.append([key, entry.name, *event, opponent, result, *ru])
    return table, [_FORMATS.get(name) for name in header]


@dataclass
class _Event:
    """One pending event's rows as read: the first row's event fields, then every game."""

    row: int
    first: bool
    ru: float | None
    ru_games: int
    opponents: list[float | None] = field(default_factory=list)
    results: list[float] = field(default_factory=list)


def _header(rows: list[list[Any]]) -> int | None:
    return next((i for i, row in enumerate(rows) if any(fold(c) == fold("ID") for c in row if
                                                         isinstance(c, str))), None)


def read_pending(sheets: Mapping[str, Grid], settings: EventSettings, ratings: RatingList,
                 bound: date | None, problems: list[Problem]) -> RatingList:
    """``ratings`` with each unrated player's pending results from the ``Pending`` sheet, if
    the workbook has one. Every problem is added to ``problems`` with its cell; ``bound`` is
    the latest end date a pending event may have (the list date, else the season's first
    event's end date)."""
    sheet = find_sheet(sheets, PENDING_SHEET)
    if sheet is None:
        return ratings
    rows = [list(row) if row is not None else [] for row in sheets[sheet] or ()]
    header = _header(rows)
    data = _game_rows(rows, header)
    if not data:
        return ratings
    if header is None:
        problems.append(Problem(quote_sheet(sheet), "no header row: no cell in this sheet says 'ID'"))
        return ratings
    if not systems.get(settings.system).pending_results:
        problems.append(Problem(quote_sheet(sheet), "a Pending sheet carries FIDE unrated players' "
                                f"results from an earlier season; this season is {settings.system}: "
                                "remove the sheet"))
        return ratings
    by_ru = _ru_rules(settings.system, settings.rules)
    columns = columns_named(rows[header], _ALIASES)
    missing = _missing(columns, by_ru)
    if missing:
        problems.append(Problem(address(sheet, header + 1, 1), "the Pending sheet needs the column"
                                f"{'s' if len(missing) > 1 else ''} {', '.join(missing)}"))
        return ratings
    reader = _Reader(sheet, columns, by_ru, ratings, bound, problems)
    for index in data:
        reader.row(index + 1, rows[index])
    return reader.ratings()


def _game_rows(rows: list[list[Any]], header: int | None) -> list[int]:
    """The indexes of the rows under the header (every row when there is none) that are not blank."""
    start = 0 if header is None else header + 1
    return [i for i in range(start, len(rows)) if not all(is_blank(v) for v in rows[i])]


def _missing(columns: Mapping[str, int], by_ru: bool) -> list[str]:
    """The needed columns the sheet lacks (``Name`` is not needed; ``Ru`` and ``Ru games`` are
    when the rules average each event's Ru)."""
    return [c for c in (*COLUMNS, *(RU_COLUMNS if by_ru else ())) if c != "Name" and c not in columns]


class _Reader:
    """The Pending sheet's rows, each checked at its cells, gathered into events by player."""

    def __init__(self, sheet: str, columns: Mapping[str, int], by_ru: bool, ratings: RatingList,
                 bound: date | None, problems: list[Problem]) -> None:
        self.sheet, self.columns, self.by_ru = sheet, columns, by_ru
        self.list, self.bound, self.problems = ratings, bound, problems
        low, high = systems.get(ratings.system).rating_range
        self.low, self.high = low, high
        self.events: dict[PlayerId, dict[tuple[str, date], _Event]] = {}
        self.refused: set[PlayerId] = set()
        self.skipped = False
        """Whether a row was refused (then an event's games are not all known)."""
        self.readers: dict[str, Any] = {
            "ID": player_id, "Event": text, "End date": date_value, "First event": yes_no,
            "Opponent rating": self._opponent, "Result": _result,
        }
        if by_ru:
            self.readers["Ru"] = lambda v: bounded(v, "a rating", low, high)
            self.readers["Ru games"] = lambda v: whole(v, "a number of games", high=MAX_GAMES)

    def _where(self, number: int, name: str) -> str:
        return address(self.sheet, number, self.columns[name])

    def _problem(self, number: int, name: str, message: str) -> None:
        self.problems.append(Problem(self._where(number, name), message))

    def _read(self, number: int, line: list[Any], name: str, reader: Any) -> Any:
        column = self.columns[name]
        value = line[column - 1] if column <= len(line) else None
        try:
            return reader(value)
        except BadValue as error:
            self._problem(number, name, f"{name}: {error.message}")
            raise

    def row(self, number: int, line: list[Any]) -> None:
        """Read and check one game row; every bad cell of it is a problem."""
        fields: dict[str, Any] = {}
        bad = False
        for name, reader in self.readers.items():
            try:
                fields[name] = self._read(number, line, name, reader)
            except BadValue:
                bad = True
        for name in ("ID", "Event", "End date", "Result"):
            if name in fields and fields[name] is None:
                self._problem(number, name, f"this pending game has no {name}")
                bad = True
        key = fields.get("ID")
        if key is not None and not self._known(number, key):
            bad = True
        end = fields.get("End date")
        if end is not None and self.bound is not None and end > self.bound:
            self._problem(number, "End date", f"End date {end.isoformat()} is after "
                          f"{self.bound.isoformat()}: pending results come from before the season "
                          "(the list date, else the first event's end)")
            bad = True
        if bad or key is None:
            self.skipped = True
            return
        self.skipped = not self._add(number, key, fields) or self.skipped

    def _opponent(self, value: Any) -> float | None:
        """An opponent's FIDE rating, checked as a player's own (a whole number, from 1000)."""
        found, games = rating(value, low=self.low, high=self.high)
        if games is not None:
            raise BadValue(f"{show(value)} is not a FIDE rating (a number, or blank for an unrated opponent)")
        system = systems.get(self.list.system)
        fraction = system.fraction_problem(found, show(value))
        if fraction is not None:
            raise BadValue(fraction)
        low = system.unpublished_problem(found)
        if low is not None:
            raise BadValue(f"{low}; leave it blank for an unrated opponent")
        return found

    def _known(self, number: int, key: PlayerId) -> bool:
        """Whether ``key`` is an unrated player of the starting list (else a problem, once per player)."""
        entry = self.list.entries.get(key)
        if entry is not None and entry.rating is None:
            return True
        if key not in self.refused:
            self.refused.add(key)
            why = ("is not on the Players list: pending results belong to an unrated player of the "
                   "starting list" if entry is None else
                   f"is rated {entry.rating:g} on Players: only an unrated player has pending results")
            self._problem(number, "ID", f"ID {key} {why}")
        return False

    def _add(self, number: int, key: PlayerId, fields: Mapping[str, Any]) -> bool:
        """Add a checked row's game to its event (False: the row disagrees with its event)."""
        ru, ru_games = fields.get("Ru"), fields.get("Ru games") or 0
        if self.by_ru and (ru is None) != (ru_games == 0):
            self._problem(number, "Ru games", "Ru and Ru games go together: give both (Ru games from 1) "
                          "or neither")
            return False
        first = bool(fields["First event"])
        events = self.events.setdefault(key, {})
        event = events.setdefault((fields["Event"], fields["End date"]), _Event(number, first, ru, ru_games))
        for name, value, held in (("First event", first, event.first), ("Ru", ru, event.ru),
                                  ("Ru games", ru_games, event.ru_games)):
            if name in self.columns and value != held:
                self._problem(number, name, f"{name} differs from row {event.row} of the same event "
                                            f"({fields['Event']}, {fields['End date'].isoformat()})")
                return False
        event.opponents.append(fields["Opponent rating"])
        event.results.append(fields["Result"])
        return True

    def ratings(self) -> RatingList:
        """The starting list with each player's pending events, in order of end date."""
        entries = dict(self.list.entries)
        for key, events in self.events.items():
            for event in events.values():
                if event.ru_games > len(event.results) and not self.skipped:
                    self._problem(event.row, "Ru games", f"Ru games {event.ru_games} is more than the "
                                                         f"event's {len(event.results)} pending games")
            ordered = sorted(events.items(), key=lambda item: item[0][1])
            entries[key] = replace(entries[key], pending=tuple(
                PendingEvent(end, tuple(e.opponents), tuple(e.results), e.first, e.ru, e.ru_games, name)
                for (name, end), e in ordered))
        return replace(self.list, entries=entries)


def _result(value: Any) -> float | None:
    found = number(value, "a result (1, 0.5 or 0)")
    if found is not None and found not in _RESULTS:
        raise BadValue(f"{show(value)} is not a result: 1, 0.5 or 0")
    return found
