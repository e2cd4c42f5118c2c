"""A workbook's ``List`` sheet: the official list's rows a workbook carries with it.

The store of loaded list files lives on the director's machine; xlwings Lite runs Python in
the browser, where there is none. So a workbook can carry the players it needs on a sheet
named ``List`` (``xlrating lists sheet`` writes it from the store), and the fill reads it
there: :class:`ListSheet` answers look-ups as the store does
(:class:`~xlrating.official.model.PlayerSource`).

The sheet has one header row and one row per player and list: ``System``, ``Kind``, ``List
date``, ``ID``, ``Name``, ``Rating``, ``Games``, ``K``, ``Birth year``, ``Birth date``,
``Federation``, ``Title``, ``Sex``, ``Flags``, ``Expires`` (:data:`COLUMNS`; ``Expires``: a US Chess
membership's expiration date, which the fill checks against the event's end). Only ``System``, ``Kind``,
``List date``, ``ID`` and ``Name`` are needed in every row; a blank cell is a field the list
does not publish. Several lists (systems, kinds, dates) may share the sheet.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import systems
from ..crosstable.columns import columns_named, fold
from ..crosstable.model import Grid
from ..crosstable.values import BadValue, address, date_value, is_blank, quote_sheet, rating, text, whole
from ..errors import CrosstableError, Problem
from .identity import name_key
from .model import LISTED_COLUMNS, ListedPlayer

LIST_SHEET = "List"
#: The List sheet's columns, in the order written.
COLUMNS: tuple[str, ...] = ("System", "Kind", "List date", "ID", "Name", "Rating", "Games", "K", "Birth year",
                            "Birth date", "Federation", "Title", "Sex", "Flags", "Expires")
_KEYS = {fold(name): name for name in COLUMNS}
#: The number format of the date columns as written.
DATE_FORMAT = "yyyy-mm-dd"


def list_rows(players: Iterable[ListedPlayer]) -> list[list[Any]]:
    """The List sheet's rows for ``players``: the header, then one row each (blank: not published)."""
    rows: list[list[Any]] = [list(COLUMNS)]
    for p in players:
        rows.append([p.system, p.kind, p.list_date, p.id, p.name, _number(p.rating), p.games, p.k,
                     p.birth_year, p.birth_date, p.federation, p.title, p.sex, p.flags or None, p.expires])
    return rows


def _number(value: float | None) -> float | int | None:
    return int(value) if value is not None and value == int(value) else value


class ListSheet:
    """The players of a ``List`` sheet, answering look-ups by ID and by name on a date."""

    def __init__(self, players: Iterable[ListedPlayer]) -> None:
        self._lists: dict[tuple[str, str], dict[dt.date, dict[str, ListedPlayer]]] = {}
        for player in players:
            by_date = self._lists.setdefault((player.system, fold(player.kind)), {})
            by_date.setdefault(player.list_date, {})[player.id] = player

    def in_force(self, system: str, kind: str, on: dt.date) -> dt.date | None:
        return max((d for d in self._lists.get((system, fold(kind)), {}) if d <= on), default=None)

    def _list(self, system: str, kind: str, on: dt.date) -> Mapping[str, ListedPlayer]:
        found = self.in_force(system, kind, on)
        return self._lists[(system, fold(kind))][found] if found is not None else {}

    def lookup(self, system: str, kind: str, ids: Iterable[str], on: dt.date) -> Mapping[str, ListedPlayer]:
        listed = self._list(system, kind, on)
        return {key: listed[key] for key in ids if key in listed}

    def find_by_name(self, system: str, kind: str, name: str, on: dt.date) -> Sequence[ListedPlayer]:
        wanted = name_key(name)
        return [p for p in self._list(system, kind, on).values() if wanted and name_key(p.name) == wanted]


def read_list_sheet(grid: Grid, *, sheet: str = LIST_SHEET) -> ListSheet:
    """The ``List`` sheet's players; :class:`~xlrating.errors.CrosstableError` names every bad cell."""
    rows = [list(row) if row is not None else [] for row in grid]
    problems: list[Problem] = []
    header = next((i for i, row in enumerate(rows) if any(fold(c) == fold("ID") for c in row)), None)
    if header is None:
        raise CrosstableError([Problem(quote_sheet(sheet), "no header row: no cell in this sheet says 'ID'")],
                              title=f"The {sheet} sheet cannot be read; nothing was filled.")
    columns = columns_named(rows[header], _KEYS)
    missing = [name for name in _REQUIRED if name not in columns]
    if missing:
        problems.append(Problem(address(sheet, header + 1, 1), "the header row has no "
                                + ", ".join(repr(m) for m in missing) + " column"))
    players = [] if missing else _players(sheet, rows, header, columns, problems)
    if problems:
        raise CrosstableError(problems, title=f"The {sheet} sheet has {len(problems)} error"
                              f"{'s' if len(problems) != 1 else ''}; nothing was filled.")
    return ListSheet(players)


def _players(sheet: str, rows: list[list[Any]], header: int, columns: Mapping[str, int],
             problems: list[Problem]) -> list[ListedPlayer]:
    """The players of the rows under the header (blank rows left out), each once on its list."""
    players: list[ListedPlayer] = []
    seen: dict[tuple[str, str, dt.date, str], int] = {}
    for index in range(header + 1, len(rows)):
        row = rows[index]
        if all(is_blank(v) for v in row):
            continue
        player = _player(sheet, index + 1, row, columns, problems)
        if player is None:
            continue
        key = (player.system, fold(player.kind), player.list_date, player.id)
        if key in seen:
            problems.append(Problem(address(sheet, index + 1, columns["ID"]),
                                    f"ID {player.id} is on this list twice (also in row {seen[key]})"))
            continue
        seen[key] = index + 1
        players.append(player)
    return players


def _system(value: Any) -> str:
    found = systems.find(value)
    if found is None:
        raise BadValue(f"{text(value)!r} is not one of US Chess (USCF), FIDE or ICU")
    return found.key


@dataclass(frozen=True)
class _Field:
    """A List sheet column: its name, the :class:`ListedPlayer` field it gives, how its value is
    read (raising :class:`BadValue`), whether every row needs it, and its value when blank."""

    name: str
    attribute: str
    read: Callable[[Any], Any]
    needed: bool = False
    blank: Any = None


#: The List sheet's columns, in the order their problems are reported.
_FIELDS: tuple[_Field, ...] = (
    _Field("System", "system", _system, needed=True),
    _Field("Kind", "kind", text, needed=True),
    _Field("List date", "list_date", date_value, needed=True),
    _Field("ID", "id", text, needed=True),
    _Field("Name", "name", text, needed=True),
    _Field("Rating", "rating", lambda v: rating(v, low=1.0, high=4000.0)[0]),
    _Field("Games", "games", lambda v: whole(v, "a number of games")),
    _Field("K", "k", lambda v: whole(v, "a K factor", low=1, high=100)),
    _Field("Birth year", "birth_year", lambda v: whole(v, "a year", low=1000, high=9999)),
    _Field("Birth date", "birth_date", date_value),
    _Field("Federation", "federation", text),
    _Field("Title", "title", text),
    _Field("Sex", "sex", text),
    _Field("Flags", "flags", text, blank=""),
    _Field("Expires", "expires", date_value),
)
_REQUIRED = tuple(field.name for field in _FIELDS if field.needed)


def _player(sheet: str, number: int, row: list[Any], columns: Mapping[str, int],
            problems: list[Problem]) -> ListedPlayer | None:
    """One row of the List sheet, or None when a needed cell is bad (each problem at its cell)."""
    bad = len(problems)
    fields: dict[str, Any] = {}
    for field in _FIELDS:
        value = _value(sheet, number, row, columns, field, problems)
        fields[field.attribute] = field.blank if value is None else value
    if fields["system"] is not None and fields["rating"] is not None:
        message = _rating_problem(fields["system"], fields["rating"], row[columns["Rating"] - 1])
        if message is not None:
            problems.append(Problem(address(sheet, number, columns["Rating"]), f"Rating: {message}"))
    return ListedPlayer(**fields) if len(problems) == bad else None


def _rating_problem(system: str, value: float, raw: Any) -> str | None:
    """A rating the crosstable refuses to rate under ``system`` (a fraction where it publishes whole
    ratings, FIDE's under 1000), which would be filled only to be refused there."""
    found = systems.get(system)
    return found.unpublished_problem(value) or found.fraction_problem(value, text(raw) or "")


def _value(sheet: str, number: int, row: list[Any], columns: Mapping[str, int], field: _Field,
           problems: list[Problem]) -> Any:
    """One cell's value (None: no such column, blank, or bad, with its problem)."""
    if field.name not in columns:
        return None
    column = columns[field.name]
    value = row[column - 1] if column <= len(row) else None
    where = address(sheet, number, column)
    if is_blank(value):
        if field.needed:
            problems.append(Problem(where, f"{field.name} is blank"))
        return None
    try:
        return field.read(value)
    except BadValue as error:
        problems.append(Problem(where, f"{field.name}: {error.message}"))
        return None


def players_rows(players: Sequence[ListedPlayer], system: str,
                 partner: tuple[str, Mapping[str, ListedPlayer]] | None = None) -> list[tuple[Any, ...]]:
    """A season's ``Players`` sheet of listed players (header first): ID, Name, Rating and what the
    system's rules read from the list (US Chess: a provisional rating's Games; FIDE: K), then
    Birth date, Federation (US Chess: State) and Title where the list gives any, and blank the
    columns a member's row needs that the list does not publish (ICU: K, Birth date, Joined, Games).
    ``partner``: the kind and the rows, by ID, of the other list a dual-rated event reads (US Chess
    Quick beside Regular), whose ratings and games go to its columns (``Quick``, ``Quick games``)
    where it rates any of the players."""
    columns: list[tuple[str, Callable[[ListedPlayer], Any]]] = [
        ("ID", lambda p: p.id), ("Name", lambda p: p.name), ("Rating", lambda p: _number(p.rating))]
    columns += [(name, LISTED_COLUMNS[name]) for name in systems.get(system).listed_columns]
    optional: list[tuple[str, Callable[[ListedPlayer], Any]]] = [
        ("Birth date", lambda p: p.birth_date), (systems.get(system).list_place, lambda p: p.federation),
        ("Title", lambda p: p.title)]
    columns += [(name, get) for name, get in optional if any(get(p) is not None for p in players)]
    if partner is not None and any(p.rating is not None for p in partner[1].values()):
        kind, rows = partner
        columns += [(kind, lambda p: _number(rows[p.id].rating) if p.id in rows else None),
                    (f"{kind} games", lambda p: rows[p.id].games if p.id in rows else None)]
    columns += [(name, lambda p: None) for name in systems.get(system).member_columns  # the rules need
                if name not in dict(columns)]  # one of them, the list publishes none: to type in
    ordered = sorted(players, key=lambda p: (-(p.rating or 0.0), name_key(p.name)))
    return [tuple(name for name, _ in columns), *(tuple(get(p) for _, get in columns) for p in ordered)]
