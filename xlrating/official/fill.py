"""Fill a crosstable's or a season's player rows from the official list in force at the event's start.

The pure core behind ``xlrating fill``, ``xlrating rate --list`` and the "Fill from the list"
macro and Lite script: sheets' values (grids) and a :class:`~xlrating.official.model.PlayerSource`
in, the cells to write (:class:`~xlrating.crosstable.Block`) and every note out.

What is filled, for each player whose ID the list knows (only blank cells; a typed value is
never changed):

- ``Rating`` (every system), and ``Games`` where US Chess publishes a provisional rating's
  games (``1480P12``);
- FIDE: ``K`` as FIDE publishes it, checked against the rules (a note says when the rules give
  another K for the player's rating and birth year);
- ``Birth date`` where the list publishes a full date; ``Federation`` (US Chess: ``State``, the
  member's state its list gives) and ``Title`` where the sheet has those columns;
- a dual-rated US Chess event: ``Quick`` and ``Quick games`` (where the sheet has them) from the
  Quick list in force on the same date.

Every difference between a typed value and the list (rating, games, K, name, birth date or
year, federation, title) is a note at its cell, and the typed value is kept. An ID the list
does not hold is reported, never invented (with the listed players of the same name, if any);
a player without an ID whose name the list holds is reported too. A US Chess member whose
membership, as the saved members file gives it, expired before an event he plays in ends is a
note (US Chess rates current members only; he may have renewed since the file was saved). A
column the sheet lacks (``Rating``, ``Games``, ``K``, ``Birth date``) is added after its last
used column when there is something to put in it.

Which list: the system's (the ``Event`` or ``Season`` sheet's ``System``); the kind is US
Chess's rating system (``Regular``, ``Quick``...) and, for FIDE and the ICU, ``Standard``,
unless the caller or the settings sheet's ``Rating list`` row names another (FIDE ``Rapid``,
``Blitz``); the date is the event's Start
date (its End date when the Start date is blank). A season's Players sheet is filled from the
list in force on the Season sheet's List date (else the first event's start), and each event's
new players (IDs not on Players) from the list in force at that event's start.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import _check, fide, systems
from .._ids import named_ids
from ..crosstable.columns import columns_named, fold
from ..crosstable.model import AddedColumns, Block, EventSettings, Grid
from ..crosstable.parse import (
    K_RANGE,
    MAX_GAMES,
    find_header,
    last_used_column,
    problem_order,
    read_layout,
)
from ..crosstable.settings import read_settings
from ..crosstable.values import (
    BadValue,
    address,
    bounded,
    date_value,
    is_blank,
    quote_sheet,
    rating,
    show,
    text,
    whole,
)
from ..crosstable.workbook import NO_CROSSTABLE, SETTINGS_SHEET, crosstable_sheets
from ..errors import ArgumentError, CrosstableError, Problem
from ..exporters.source import EXTRA_COLUMNS
from ..names import find_sheet
from .identity import name_key
from .model import LISTED_COLUMNS, ListedPlayer, PlayerSource

if TYPE_CHECKING:
    from ..season.model import SeasonEvent

#: The columns a fill may write, in the order they are added when missing.
FILLED: tuple[str, ...] = ("Rating", "Games", "K", "Birth date", "Federation", "State", "Title")
#: A dual-rated US Chess event's Quick columns, filled from the Quick list where the sheet has them.
QUICK: tuple[str, ...] = ("Quick", "Quick games")
#: Columns added when the sheet lacks them and the list has something for them.
ADDED: tuple[str, ...] = ("Rating", "Games", "K", "Birth date")
#: The number format of each filled column.
FORMATS: dict[str, str | None] = {"Rating": "0", "Games": "0", "K": "0", "Birth date": "yyyy-mm-dd",
                                  "Federation": "@", "State": "@", "Title": "@", "Quick": "0",
                                  "Quick games": "0"}
_EXTRA = {fold(alias): name for name in ("Federation", "State", "Title")
          for alias in (name, *EXTRA_COLUMNS[name])}


@dataclass(frozen=True)
class Filled:
    """What filling a workbook from a list did: the cells to write, the notes, a line per sheet."""

    blocks: tuple[Block, ...]
    added: tuple[AddedColumns, ...]
    notes: tuple[Problem, ...]
    """Every difference between a typed value and the list, every ID not found, every K that the
    rules would give otherwise, each at its cell."""
    summary: tuple[str, ...]
    """One line per sheet filled: the list used and the cells filled, by column."""

    @property
    def cells(self) -> int:
        """How many cells the fill writes (headers of added columns included)."""
        return sum(len(row) for block in self.blocks for row in block.values)


@dataclass
class Table:
    """One sheet's player rows to fill, and the list to fill them from."""

    sheet: str
    grid: list[list[Any]]
    settings: EventSettings
    kind: str
    on: dt.date
    why: str = ""
    """How the date was chosen, when it was not given (``"the Start date"``...)."""
    only: frozenset[str] | None = None
    """The IDs to fill (a season event's new players), or None for every row."""
    appendable_k: bool = True
    """Whether a missing K column may be added after the last column (not after a crosstable's
    outputs: a K there is read as the K used)."""
    quick: bool = False
    """Whether a ``Quick`` column is filled from the Quick list though the settings are not a
    dual-rated event's: a season's Players sheet, the list its dual-rated events are rated from."""
    played: Mapping[str, Sequence[tuple[dt.date, str]]] | None = None
    """A season's: each ID's events, their end dates and sheets in rating order (``None``: a
    crosstable's rows, who play in its event, ending on its End date)."""


@dataclass
class _Row:
    number: int
    id: str | None
    name: str
    blank: dict[str, bool] = field(default_factory=dict)
    typed: dict[str, Any] = field(default_factory=dict)


#: The ``Event`` (or ``Season``) sheet's row naming the kind of list a fill reads (FIDE ``Rapid``
#: or ``Blitz``), when it is not the default. The rating ignores the row.
RATING_LIST = "Rating list"
def kind_named(system: str, value: Any) -> str | None:
    """The kind of list of ``system`` that ``value`` names (any case; US Chess: any name of a
    rating system), else None."""
    return systems.get(system).list_kind(value)


def _kinds(system: str) -> str:
    return ", ".join(systems.get(system).list_kinds)


def sheet_kind(grid: Grid | None, sheet: str, system: str, problems: list[Problem]) -> tuple[str | None, str]:
    """The kind of list the settings sheet's ``Rating list`` row names, if it has one, and the
    address of its value cell (the sheet's name when there is no such row)."""
    for index, row in enumerate(_grid(grid or ())):
        if row and fold(row[0]) == fold(RATING_LIST):
            value = row[1] if len(row) > 1 else None
            where = address(sheet, index + 1, 2)
            if is_blank(value):
                return None, where
            found = kind_named(system, value)
            if found is None:
                name = systems.get(system).short_name
                problems.append(Problem(where, f"{RATING_LIST} {show(value)} is not a {name} list: use one "
                                               f"of {_kinds(system)}"))
            return found, where
    return None, sheet


def list_kind(settings: EventSettings, kind: str | None = None) -> str:
    """The list a fill looks in: ``kind`` when given, else the event's rating system (US Chess),
    else the system's default list (Standard)."""
    if kind:
        return kind
    entry = systems.get(settings.system)
    return settings.rating_system if entry.rating_systems else entry.list_kinds[0]


def list_name(system: str, kind: str) -> str:
    """``FIDE Standard list``, ``US Chess Regular list``."""
    return f"{systems.get(system).short_name} {kind} list"


# --- reading a sheet's rows ---------------------------------------------------------------------


def _columns(table: Table) -> tuple[int, dict[str, int], int, bool]:
    """``(header row, canonical column -> 1-based column, last used column, has outputs)``."""
    rows = table.grid
    index = find_header(rows)
    if index is None:
        return 0, {}, 0, False
    layout = read_layout(table.sheet, rows, index, [])
    members = systems.get(table.settings.system).member_columns
    columns = {name: column for name, column in layout.inputs.items()
               if name in (*FILLED, *QUICK, *members, "ID", "Name")}
    for extra, column in columns_named(rows[index], _EXTRA).items():
        columns.setdefault(extra, column)
    return index + 1, columns, last_used_column(rows, index, len(rows) - 1), bool(layout.outputs)


def _read_rows(table: Table, header: int, columns: Mapping[str, int], problems: list[Problem]) -> list[_Row]:
    """The sheet's player rows (a row with an ID or a name), the cells a fill reads checked."""
    low, high = systems.get(table.settings.system).rating_range
    readers: dict[str, Any] = {
        "Rating": lambda v: rating(v, low=low, high=high),
        "Games": lambda v: whole(v, "a number of games", high=MAX_GAMES),
        "K": lambda v: bounded(v, "a K factor", *K_RANGE),
        "Birth date": lambda v: date_value(v, "a date"), "Federation": text, "State": text, "Title": text,
    }
    if _quick(table, columns):
        readers["Quick"] = lambda v: rating(v, low=low, high=high)
        readers["Quick games"] = readers["Games"]
    found: list[_Row] = []
    for number in range(header + 1, len(table.grid) + 1):
        line = table.grid[number - 1]

        def cell(name: str, line: list[Any] = line) -> Any:
            column = columns.get(name)
            return line[column - 1] if column is not None and column <= len(line) else None

        member, name = text(cell("ID")), text(cell("Name"))
        if member is None and name is None:
            continue
        row = _Row(number, member, name or "")
        row.blank.update((column, is_blank(cell(column))) for column in columns if column not in readers)
        for column, reader in readers.items():
            value = cell(column)
            row.blank[column] = is_blank(value)
            if row.blank[column]:
                continue
            try:
                row.typed[column] = reader(value)
            except BadValue as error:
                problems.append(Problem(address(table.sheet, number, columns[column]),
                                        f"{column}: {error.message}"))
        for rated, games in (("Rating", "Games"), ("Quick", "Quick games")):
            typed = row.typed.get(rated)
            if isinstance(typed, tuple):
                row.typed[rated], marked = typed
                if marked is not None and games not in row.typed:
                    row.typed[games] = marked
        found.append(row)
    return found


# --- what the list gives a row ------------------------------------------------------------------


def _listed_values(player: ListedPlayer, system: str) -> dict[str, Any]:
    """The values the list gives for the filled columns (those it does not publish left out)."""
    values: dict[str, Any] = {"Rating": player.rating}
    values.update((name, LISTED_COLUMNS[name](player)) for name in systems.get(system).listed_columns)
    place = systems.get(system).list_place  # the list's place: a federation, or a US Chess member's state
    values.update({"Birth date": player.birth_date, place: player.federation, "Title": player.title})
    return {column: value for column, value in values.items() if value is not None}


def _same(column: str, typed: Any, listed: Any) -> bool:
    if column in ("Rating", "K"):
        return abs(float(typed) - float(listed)) < 0.5
    if column in ("Federation", "State", "Title"):
        return fold(typed) == fold(listed)
    return bool(typed == listed)


def _shown(value: Any) -> str:
    if isinstance(value, float) and value == int(value):
        return str(int(value))
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def _rules_k(player: ListedPlayer, settings: EventSettings, on: dt.date) -> float | None:
    """The K FIDE's rules give an established player of the listed rating and birth year on ``on``
    (the junior rule counts the year of birth only), or None when it cannot be told."""
    if player.rating is None:
        return None
    born = player.birth_date or (dt.date(player.birth_year, 1, 1) if player.birth_year else None)
    try:
        return fide.k_factor(player.rating, birth_date=born if born and born <= on else None, on=on,
                             rules=settings.rules)
    except ArgumentError:
        return None


Pending = tuple[int, str, str]
"""A note on a row's cell, its column named (it may be a column the fill adds): ``(row, column, text)``."""


def _row_notes(table: Table, row: _Row, player: ListedPlayer, listed: Mapping[str, Any],
               source: str) -> list[Pending]:
    """A note for every typed value the list contradicts (the typed value is kept)."""
    notes: list[Pending] = []
    kept = f"for ID {player.id}; the typed value is kept"

    def note(column: str, text: str) -> None:
        notes.append((row.number, column, text))

    if row.name and name_key(row.name) != name_key(player.name):
        note("Name", f"Name {row.name!r}, but the {source} has {player.name!r} for ID {player.id}: "
                     "check the ID")
    for column, typed in row.typed.items():
        if column == "Rating" and (typed is None) != (player.rating is None):
            said = "says unrated" if typed is None else f"{_shown(typed)} is typed"
            gives = f"gives {_shown(player.rating)}" if player.rating is not None else "has no rating"
            note(column, f"Rating {said}, but the {source} {gives} {kept}")
        elif typed is not None and column in listed and not _same(column, typed, listed[column]):
            note(column, f"{column} {_shown(typed)} is typed, but the {source} gives "
                         f"{_shown(listed[column])} {kept}")
    born = row.typed.get("Birth date")
    if born is not None and player.birth_date is None and player.birth_year not in (None, born.year):
        note("Birth date", f"Birth date {born.isoformat()} is typed, but the {source} gives the birth year "
                           f"{player.birth_year} {kept}")
    if "K" in systems.get(table.settings.system).listed_columns and player.k is not None:
        rules_k = _rules_k(player, table.settings, table.on)
        if rules_k is not None and rules_k != player.k:
            year = f", born {player.birth_year}" if player.birth_year else ", birth year not published"
            note("K", f"K {player.k} on the {source}, but the rules ({table.settings.rules}) give "
                      f"{rules_k:g} to an established player rated {_shown(player.rating)}{year}: FIDE's K "
                      "(which counts the player's games) is the one filled")
    return notes


# --- one sheet ------------------------------------------------------------------------------------


def fill_table(table: Table, source: PlayerSource) -> tuple[list[Block], list[AddedColumns], list[Problem],
                                                            str, list[Problem]]:
    """Fill one sheet: ``(blocks, added columns, notes, summary line, problems)``.

    Problems (a bad value in a cell the fill reads) mean nothing may be written.
    """
    problems: list[Problem] = []
    header, columns, last, outputs = _columns(table)
    if not header or "ID" not in columns:
        return [], [], [], "", problems
    rows = [row for row in _read_rows(table, header, columns, problems)
            if table.only is None or row.id in table.only]
    system, kind = table.settings.system, table.kind
    name = list_name(system, kind)
    in_force = source.in_force(system, kind, table.on)
    if in_force is None:
        if rows:
            problems.append(_no_list(table, name))
        return [], [], [], "", problems
    fill = _Fill(table, source, columns, name, f"{name} of {in_force.isoformat()}", listed_on=in_force)
    found = source.lookup(system, kind, [row.id for row in rows if row.id is not None], table.on)
    fill.earlier = _earlier(source, system, kind, in_force, {row.id for row in rows} - set(found) - {None})
    for row in rows:
        _fill_row(fill, row, found)
    quick = _fill_quick(fill, rows) if _quick(table, columns) else ""
    if fill.unchecked:
        fill.notes.append(Problem(quote_sheet(table.sheet), _unchecked(fill)))
    blocks, added, counts, where = _blocks(table, header, columns, last, outputs, fill.writes, rows,
                                           fill.notes)
    notes = fill.notes
    notes.extend(Problem(address(table.sheet, number, where.get(column, columns["ID"])), text)
                 for number, column, text in fill.pending)
    notes.sort(key=problem_order)
    return blocks, added, notes, _summary(table, rows, counts, fill.described, quick), problems


@dataclass
class _Fill:
    """One sheet's fill as it goes: the list it reads, the cells it writes, its notes."""

    table: Table
    source: PlayerSource
    columns: Mapping[str, int]
    name: str
    """The list's name (``FIDE Standard list``)."""
    described: str
    """The list's name and date (``FIDE Standard list of 2024-01-01``)."""
    writes: dict[tuple[int, str], Any] = field(default_factory=dict)
    notes: list[Problem] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    """Notes at cells of columns the fill may add (placed once the added columns are known)."""
    earlier: Mapping[str, ListedPlayer] = field(default_factory=dict)
    """The IDs the list in force does not hold, on the newest earlier list that holds them."""
    listed_on: dt.date | None = None
    """The date of the list in force."""
    unchecked: list[str] = field(default_factory=list)
    """The IDs of the listed players whose membership could not be checked: the list gives no
    expiration date (:attr:`~xlrating.systems.System.expiring_memberships`)."""

    def cell(self, row: _Row, column: str) -> str:
        """The address of ``row``'s cell in ``column`` (a column the sheet has)."""
        return address(self.table.sheet, row.number, self.columns[column])


def _fill_row(fill: _Fill, row: _Row, found: Mapping[str, ListedPlayer]) -> None:
    """Fill one row from the players ``found`` on the list by ID."""
    player = found.get(row.id) if row.id is not None else None
    if row.id is None:
        _without_id(fill, row)
    elif player is None:
        _not_listed(fill, row)
    else:
        _from_list(fill, row, player)


#: How many lists before the one in force a fill looks back in for an ID that list does not hold.
LOOK_BACK = 24


def _earlier(source: PlayerSource, system: str, kind: str, in_force: dt.date, ids: set[str | None]
             ) -> dict[str, ListedPlayer]:
    """The rows of ``ids`` on the newest of the :data:`LOOK_BACK` lists before the list of
    ``in_force`` that holds each (a player who left the list, or a US Chess file saved with other
    members)."""
    found: dict[str, ListedPlayer] = {}
    wanted = {pid for pid in ids if pid is not None}
    listed: dt.date | None = in_force
    for _ in range(LOOK_BACK):
        listed = source.in_force(system, kind, listed - dt.timedelta(days=1)) if wanted and listed else None
        if listed is None:
            break
        found.update(source.lookup(system, kind, sorted(wanted), listed))
        wanted -= set(found)
    return found


def _no_list(table: Table, name: str) -> Problem:
    """The problem of a sheet with rows to fill when no list ``name`` is in force on its date."""
    return Problem(quote_sheet(table.sheet), f"no {name} in force on {_on(table)} is at hand: "
                   "load one dated on or before it (xlrating lists add), or give another date (--date)")


def _without_id(fill: _Fill, row: _Row) -> None:
    """A row with a name but no ID: nothing is filled; a note names the listed players of that name."""
    table = fill.table
    matches = fill.source.find_by_name(table.settings.system, table.kind, row.name, table.on)
    if matches:
        fill.notes.append(Problem(address(table.sheet, row.number, fill.columns.get("Name", 1)),
                                  f"{row.name!r} has no ID; the {fill.described} has "
                                  + _named(matches) + ": type the ID to fill this row"))


def _not_listed(fill: _Fill, row: _Row) -> None:
    """A row whose ID the list does not hold: nothing is filled; a note says so (with the listed
    players of the row's name)."""
    table = fill.table
    others = [p for p in fill.source.find_by_name(table.settings.system, table.kind, row.name, table.on)
              if p.id != row.id] if row.name else []
    also = "; the list has that name under " + _named(others) if others else ""
    before = fill.earlier.get(row.id) if row.id is not None else None
    if before is not None:
        rated = f", rated {_shown(before.rating)}" if before.rating is not None else ", not rated"
        dated = before.list_date.isoformat()
        text = (f"ID {row.id} is not on the {fill.described} in force on {table.on.isoformat()}, but the "
                f"list of {dated} has him ({before.name}{rated}): nothing filled (he left the list, or the "
                f"file of {fill.listed_on} holds other players); type his rating, or fill from that list "
                f"(--date {dated}){also}")
        fill.notes.append(Problem(fill.cell(row, "ID"), text))
        return
    fill.notes.append(Problem(fill.cell(row, "ID"), f"ID {row.id} is not on the {fill.name} in force on "
                                                    f"{table.on.isoformat()}: nothing filled (a new player, "
                                                    f"or a mistyped ID?){also}"))


def _from_list(fill: _Fill, row: _Row, player: ListedPlayer) -> None:
    """A listed player's row: its blank cells filled from the list, a note for every typed value
    the list contradicts, and one for a player the list does not rate."""
    if row.name and not set(name_key(row.name)) & set(name_key(player.name)):
        _another_player(fill, row, player)
        return
    listed = _listed_values(player, fill.table.settings.system)
    fill.pending.extend(_row_notes(fill.table, row, player, listed, fill.described))
    for column, value in listed.items():
        if row.blank.get(column, True) and row.typed.get(column) is None \
                and (column == "Rating" or not _kept_out(column, row, listed)):
            fill.writes[(row.number, column)] = value
    if player.rating is None and row.blank.get("Rating", True):
        fill.notes.append(Problem(fill.cell(row, "ID"), f"ID {row.id} has no rating on the {fill.described}: "
                                                        "left blank, rated as unrated"))
    elif (member := _as_member(fill, row, player)) is not None:
        fill.notes.append(Problem(fill.cell(row, "ID"), member))
    if (lapsed := _expired(fill, row, player)) is not None:
        fill.notes.append(Problem(fill.cell(row, "ID"), lapsed))


def _expired(fill: _Fill, row: _Row, player: ListedPlayer) -> str | None:
    """A note for a player whose membership, as the list gives it (US Chess's expiration date),
    expired before an event he plays in ends (the first such), else None. A note, not an error:
    he may have renewed since the list's file was saved. A player who plays and whose list gives
    no date is kept for the sheet's note (:func:`_unchecked`)."""
    table = fill.table
    if not systems.get(table.settings.system).expiring_memberships:
        return None
    events = ([(table.settings.end_date, "")] if table.played is None
              else table.played.get(str(row.id), ()))
    if player.expires is None:
        if events:
            fill.unchecked.append(str(row.id))
        return None
    late = next(((end, sheet) for end, sheet in events if end > player.expires), None)
    if late is None:
        return None
    end, sheet = late
    event = f"the event on sheet {quote_sheet(sheet)}" if sheet else "the event"
    short = systems.get(table.settings.system).short_name
    return (f"ID {row.id}'s {short} membership expired on {player.expires.isoformat()} (the "
            f"{fill.described}), before {event} ends on {end.isoformat()}: {short} rates current members "
            f"only; check that he has renewed (he may have since the list's file was saved)")


def _unchecked(fill: _Fill) -> str:
    """The sheet's note of the players whose membership the fill could not check: the list gives
    no expiration date for them (a members file saved without ``expirationDate``, a ``List`` sheet
    without its ``Expires`` column or with the cell blank)."""
    ids = fill.unchecked
    short = systems.get(fill.table.settings.system).short_name
    many = len(ids) != 1
    return (f"memberships not checked for {named_ids(ids, quoted=False)}: the {fill.described} gives no "
            f"expiration date for {'them' if many else 'him'} (a members file saved without expirationDate, "
            f"or a List sheet without Expires); {short} rates current members only: check that "
            f"{'they are' if many else 'he is'}")


def _another_player(fill: _Fill, row: _Row, player: ListedPlayer) -> None:
    """A row whose name has no word in common with the listed name of its ID: the ID is likely
    another player's (a typo), so nothing is filled; a note says so, with the listed players of the
    row's name."""
    table = fill.table
    others = [p for p in fill.source.find_by_name(table.settings.system, table.kind, row.name, table.on)
              if p.id != row.id]
    also = "; the list has that name under " + _named(others) if others else ""
    text = (f"Name {row.name!r}, but the {fill.described} has {player.name!r} for ID {row.id}: the names "
            f"have no word in common, so nothing is filled (a mistyped ID?){also}")
    fill.notes.append(Problem(fill.cell(row, "Name"), text))


def _as_member(fill: _Fill, row: _Row, player: ListedPlayer) -> str | None:
    """What a listed, rated player's row lacks to be rated as the system's member, where the list
    publishes none of it (:attr:`~xlrating.systems.System.member_columns`: ICU), else None."""
    needed = systems.get(fill.table.settings.system).member_columns
    rated = row.typed.get("Rating") is not None or (row.number, "Rating") in fill.writes
    if not needed or not rated:
        return None
    if "p" in player.flags and "Games" in needed and row.blank.get("Games", True):
        return (f"ID {row.id}'s rating is provisional on the {fill.described}, which does not publish the "
                "games behind it: type them in Games, else he is rated as an established player (or, with a "
                "rating alone, as a foreign one)")
    if all(row.blank.get(column, True) for column in needed):
        return (f"ID {row.id}: the {fill.described} publishes no {either(needed)}, and this row gives none: "
                "with a rating alone he is rated as a foreign player, his rating never changed; type his K "
                "(or Birth date, and Joined) to rate him as a member")
    return None


def either(columns: Sequence[str]) -> str:
    """``K, Birth date, Joined or Games``."""
    return ", ".join(columns[:-1]) + f" or {columns[-1]}" if len(columns) > 1 else columns[0]


def _summary(table: Table, rows: Sequence[_Row], counts: Mapping[str, int], described: str,
             quick: str) -> str:
    """The sheet's line of the summary: the cells filled by column, the list, its date and why."""
    if not rows:
        return ""
    filled = ", ".join(f"{count} {column}" for column, count in counts.items() if count) or "nothing"
    return f"{table.sheet}: {filled} filled from the {described} in force on {_on(table)}{quick}"


def _on(table: Table) -> str:
    """The date the sheet's list is looked up on, and how it was chosen (``2024-03-01 (the date given)``)."""
    return table.on.isoformat() + (f" ({table.why})" if table.why else "")


def _quick(table: Table, columns: Mapping[str, int]) -> bool:
    """Whether the sheet is a dual-rated US Chess event's (or a season's Players sheet, the list its
    dual-rated events are rated from), filled from the Regular list, with a Quick column: its Quick
    ratings come from the Quick list. (Only a system that has dual-rated events, US Chess, lets the
    Event sheet set Dual rated, and only US Chess has a Regular list.)"""
    return (table.settings.dual_rated or table.quick) and table.kind == "Regular" and "Quick" in columns


def _fill_quick(fill: _Fill, rows: Sequence[_Row]) -> str:
    """Fill the blank Quick (and Quick games) cells of a dual-rated event from the Quick list in
    force on the same date, as Rating and Games are filled from the Regular list; every typed value
    the list contradicts is a note. The summary's words naming the Quick list."""
    table = fill.table
    system = table.settings.system  # US Chess: only its events may be dual rated
    name = list_name(system, "Quick")
    listed = fill.source.in_force(system, "Quick", table.on)
    if listed is None:  # one note, not one "not on the list" a player
        text = (f"no {name} in force on {_on(table)} is at hand: the Quick column is not filled (a blank "
                "Quick is rated as unrated in Quick); load one, or type the Quick ratings")
        fill.notes.append(Problem(quote_sheet(table.sheet), text))
        return ""
    found = fill.source.lookup(system, "Quick", [row.id for row in rows if row.id is not None], table.on)
    described = f"{name} of {listed.isoformat()}"
    for row in rows:
        player = found.get(row.id) if row.id is not None else None
        if row.id is None:
            continue
        if player is None or player.rating is None:
            _quick_unrated(fill, row, player, name)
        else:
            _quick_from_list(fill, row, player, described)
    return f" (Quick from the {described})" if found else ""


def _quick_unrated(fill: _Fill, row: _Row, player: ListedPlayer | None, name: str) -> None:
    """A player not on the Quick list ``name``, or unrated on it: a blank Quick cell stays blank,
    with a note."""
    if row.blank["Quick"]:
        said = "not on" if player is None else "unrated on"
        fill.notes.append(Problem(fill.cell(row, "Quick"), f"ID {row.id} is {said} the {name} in force on "
                                                           f"{fill.table.on.isoformat()}: Quick left blank, "
                                                           "rated as unrated in Quick"))


def _quick_from_list(fill: _Fill, row: _Row, player: ListedPlayer, described: str) -> None:
    """A player rated on the Quick list: his blank Quick cells filled (Quick games only beside a
    blank Quick or one that agrees with the list), a note for each typed value the list contradicts."""
    typed = row.typed.get("Quick")
    agrees = typed is not None and _same("Rating", typed, player.rating)
    for column, value in (("Quick", player.rating), ("Quick games", player.games)):
        if value is None or column not in fill.columns:
            continue
        mine = row.typed.get(column)  # (None: Quick typed unr, unrated)
        if column in row.typed and (mine is None or not _same("Rating" if column == "Quick" else "Games",
                                                              mine, value)):
            said = "says unrated" if mine is None else f"{_shown(mine)} is typed"
            fill.pending.append((row.number, column, f"{column} {said}, but the {described} gives "
                                 f"{_shown(value)} for ID {player.id}; the typed value is kept"))
        elif row.blank[column] and (column == "Quick" or row.blank["Quick"] or agrees):
            fill.writes[(row.number, column)] = value


def _kept_out(column: str, row: _Row, listed: Mapping[str, Any]) -> bool:
    """Whether a blank ``column`` stays blank: Games and K go with the list's rating, so they are
    not filled beside a typed rating (or ``unr``) that differs from it."""
    if column not in ("Games", "K") or row.blank.get("Rating", True):
        return False
    typed = row.typed.get("Rating")
    return typed is None or "Rating" not in listed or not _same("Rating", typed, listed["Rating"])


def _named(players: Sequence[ListedPlayer]) -> str:
    shown = ", ".join(f"ID {p.id} ({p.name})" for p in players[:3])
    return shown + (f" and {len(players) - 3} more" if len(players) > 3 else "")


def _blocks(table: Table, header: int, columns: Mapping[str, int], last: int, outputs: bool,
            writes: Mapping[tuple[int, str], Any], rows: Sequence[_Row], notes: list[Problem]
            ) -> tuple[list[Block], list[AddedColumns], dict[str, int], dict[str, int]]:
    """One block per cell written (a fill writes scattered cells), the added columns' headers."""
    where = dict(columns)
    added: list[str] = []
    for column in ADDED:
        if column in where or not any(name == column for _, name in writes):
            continue
        if column == "K" and outputs and not table.appendable_k:
            notes.append(Problem(address(table.sheet, header, last),
                                 "the sheet has no K column: FIDE's K was not filled (a K column right "
                                 "of the output columns reads as the K used; insert one left of them to fill "
                                 "it)"))
            continue
        added.append(column)
        where[column] = last + len(added)
    blocks = [Block(table.sheet, header, where[column], ((column,),)) for column in added]
    counts = dict.fromkeys((*FILLED, *QUICK), 0)
    for (number, column), value in sorted(writes.items()):
        if column not in where:
            continue
        counts[column] += 1
        shown = int(value) if isinstance(value, float) and value == int(value) else value
        blocks.append(Block(table.sheet, number, where[column], ((shown,),), (FORMATS[column],)))
    extra = []
    if added:
        bottom = max((row.number for row in rows), default=header)
        extra.append(AddedColumns(table.sheet, header, bottom, last + 1, last + len(added)))
    return blocks, extra, counts, where


# --- a workbook -------------------------------------------------------------------------------------


def fill_sheets(sheets: Mapping[str, Grid], source: PlayerSource, *, on: dt.date | None = None,
                kind: str | None = None, today: dt.date | None = None) -> Filled:
    """Fill every crosstable sheet of a crosstable workbook, or a season's Players sheet and its
    events' new players, from ``source``.

    ``on`` overrides the date of every list looked up; ``kind`` the list's kind (FIDE
    ``Rapid``, ``Blitz``). Raises :class:`~xlrating.errors.CrosstableError` with every problem
    (a bad value in a cell the fill reads, bad settings), each at its cell; then nothing is filled.
    """
    from ..season.read import is_season

    if not isinstance(sheets, Mapping):
        raise _check.fail("sheets", "a mapping of sheet name to grid", sheets)
    if not all(callable(getattr(source, name, None)) for name in ("lookup", "in_force")):
        raise _check.fail("source", "a PlayerSource (a ListStore)", source)
    on, today = _check.date("on", on), _check.date("today", today)
    tables = _season_tables(sheets, on, kind, today) if is_season(sheets) else \
        _crosstable_tables(sheets, on, kind, today)
    blocks: list[Block] = []
    added: list[AddedColumns] = []
    notes: list[Problem] = []
    lines: list[str] = []
    problems: list[Problem] = []
    for table in tables:
        found = fill_table(table, source)
        blocks += found[0]
        added += found[1]
        notes += found[2]
        lines += [found[3]] if found[3] else []
        problems += found[4]
    if problems:
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        raise CrosstableError(problems, title=f"Nothing was filled: {count}.")
    return Filled(tuple(blocks), tuple(added), tuple(notes), tuple(lines))


def _dated(settings: EventSettings, on: dt.date | None) -> tuple[dt.date, str]:
    if on is not None:
        return on, "the date given"
    if settings.start_date is not None:
        return settings.start_date, ""
    if settings.end_date_blank:  # no End date row, or a blank one
        return settings.end_date, "no Start or End date: today"
    return settings.end_date, "no Start date: the End date"


def _crosstable_tables(sheets: Mapping[str, Grid], on: dt.date | None, kind: str | None,
                       today: dt.date | None) -> list[Table]:
    event = find_sheet(sheets, SETTINGS_SHEET)
    grid = sheets[event] if event is not None else None
    settings, problems = read_settings(grid, sheet=event or SETTINGS_SHEET, today=today)
    given = _checked(settings.system, kind)
    named, where = sheet_kind(grid, event or SETTINGS_SHEET, settings.system, problems)
    kind = given or named
    problems += _own_list(settings, kind, *(("--kind", settings.cell("Rating system")) if given else
                                            (RATING_LIST, where)))
    crosstables = crosstable_sheets(sheets, event)
    if not crosstables:  # (said with the Event sheet's problems, as the rating says it)
        problems.append(Problem("", NO_CROSSTABLE))
        count = f"{len(problems)} error{'s' if len(problems) != 1 else ''}"
        raise CrosstableError(problems, title=f"The workbook has {count}; nothing was filled.")
    if problems:
        raise CrosstableError(problems, title="The Event sheet has errors; nothing was filled.")
    when, why = _dated(settings, on)
    return [Table(name, _grid(sheets[name]), settings, list_kind(settings, kind), when, why,
                  appendable_k=False)
            for name in crosstables]


def _season_tables(sheets: Mapping[str, Grid], on: dt.date | None, kind: str | None,
                   today: dt.date | None) -> list[Table]:
    from ..season.model import PLAYERS_SHEET, SEASON_SHEET
    from ..season.rate import rating_order, read_season
    from ..season.read import read_season_settings

    season = read_season(sheets, today=today)
    settings, list_date, *_ = read_season_settings(sheets, today, [])
    named = find_sheet(sheets, SEASON_SHEET)
    problems: list[Problem] = []
    grid = sheets[named] if named else None
    where = named or SEASON_SHEET
    given = _checked(settings.system, kind)
    on_sheet, cell = sheet_kind(grid, where, settings.system, problems)
    kind = given or on_sheet
    events = rating_order(season.events)
    problems += _own_list(settings, kind, *(("--kind", settings.cell("Rating system")) if given else
                                            (RATING_LIST, cell)))
    for event in events if given else ():
        problems += _own_list(event.crosstable.settings, given, "--kind", event.crosstable.settings.cell(
            "Rating system"))
    if problems:
        raise CrosstableError(problems, title="The Season sheet has errors; nothing was filled.")
    if on is not None or list_date is not None or not events:
        when, why = (on, "the date given") if on is not None else (list_date or settings.end_date,
                                                                     "the Season sheet's List date")
    else:
        when, why = _dated(events[0].crosstable.settings, None)
        why = f"the first event's {'Start' if not why else 'End'} date"
    played = _played(events)
    players = find_sheet(sheets, PLAYERS_SHEET) or PLAYERS_SHEET
    tables = [Table(players, _grid(sheets[players]), settings, list_kind(settings, kind), when, why,
                    quick=True, played=played)]
    for event in events:
        event_on, event_why = _dated(event.crosstable.settings, on)
        new = frozenset(str(key) for key in event.event.players)
        if new:
            tables.append(Table(event.crosstable.sheet, _grid(sheets[event.crosstable.sheet]),
                                event.crosstable.settings, list_kind(event.crosstable.settings, kind),
                                event_on, event_why, only=new, appendable_k=False, played=played))
    return tables


def _played(events: Sequence[SeasonEvent]) -> dict[str, list[tuple[dt.date, str]]]:
    """Each ID's events, their end dates and sheets, in the order given (:attr:`Table.played`)."""
    played: dict[str, list[tuple[dt.date, str]]] = {}
    for event in events:
        for key in dict.fromkeys(str(key) for key in event.ids.values()):
            played.setdefault(key, []).append((event.event.end_date, event.crosstable.sheet))
    return played


def _own_list(settings: EventSettings, kind: str | None, said: str, where: str) -> list[Problem]:
    """The problem (at ``where``) of a list ``kind`` (named by ``said``: ``--kind``, the ``Rating
    list`` row) of another rating system than the event's own (US Chess): its ratings would fill the
    ``Rating`` column of an event rated in another system, each system's ratings being its own."""
    own = settings.rating_system
    if kind is None or not systems.get(settings.system).rating_systems or kind == own:
        return []
    text = (f"{said} names the {list_name(settings.system, kind)}, but the event is rated in {own}: its "
            f"Rating column takes {own} ratings; set Rating system to {kind} to rate a {kind} event, or "
            f"leave {said} out")
    return [Problem(where, text)]


def _checked(system: str, kind: str | None) -> str | None:
    """The caller's ``kind``, checked against the system's lists (None when not given)."""
    if kind is None or kind == "":  # (not given; False or 0 are no kind, refused below)
        return None
    found = kind_named(system, kind)
    if found is None:
        raise ArgumentError(f"Argument 'kind' {kind!r} is not a {systems.get(system).short_name} list: "
                            f"use one of {_kinds(system)}")
    return found


def _grid(grid: Grid) -> list[list[Any]]:
    return [list(row) if row is not None else [] for row in grid]
