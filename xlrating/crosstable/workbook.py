"""The one entry point adapters call: every sheet's values in, every write out.

Which sheets are read:

- the settings sheet is the sheet named ``Event`` (any case; optional);
- a crosstable sheet is the sheet named ``Crosstable`` (any case), and every other sheet
  whose header row (its first row with a ``Name`` cell) also has a ``No`` column (or
  ``Pair``, ``#``) and at least one round column (``R1``, ``Rd 1``, ``Round 1``). The
  importer of US Chess report files writes one such sheet per section; every crosstable
  sheet is rated as its own event, under the one ``Event`` sheet's settings.

Every other sheet is left alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from .. import _check
from ..errors import CrosstableError, Problem
from ..model import EventOutcome, Method
from ..names import find_sheet
from ..official.identity import (
    Sighting,
    game_key,
    identity_warnings,
    name_key,
    same_games_warnings,
    unrated_note,
)
from ..systems import Lineup, System, Taken, get, who
from .columns import PERIOD_GAMES, fold, input_column, misspelt_column, round_number
from .model import AddedColumns, Block, Crosstable, EventSettings, Grid, PlayerRow, RatedEvent, RatedWorkbook
from .parse import REQUIRED, blank_ratings, find_header, read_crosstable, row_address
from .rate import build_players, rate_crosstable, unpublished_ratings
from .render import render
from .settings import misspelt_settings, read_settings
from .values import address, is_blank, quote_sheet, show

SETTINGS_SHEET = "Event"
CROSSTABLE_SHEET = "Crosstable"
NO_CROSSTABLE = (f"The workbook has no crosstable: name a sheet '{CROSSTABLE_SHEET}' and give it a "
                 "header row with No, Name and the rounds (R1, R2, ...)")
"""What a run says of a workbook with no crosstable sheet (with its Event sheet's problems)."""


def _rows(grid: Grid) -> list[list[object]]:
    return [list(row) if row is not None else [] for row in grid or ()]


class _Grids(Mapping[str, Grid]):
    """Sheets whose grids are each read once, as a list of lists, when first asked for: a grid given
    as a generator is read by more than one pass, and a sheet nobody asks for (a workbook's long
    sheet of other data) is never read."""

    def __init__(self, sheets: Mapping[str, Grid]) -> None:
        self._sheets = sheets
        self._read: dict[str, list[list[object]]] = {}

    def __getitem__(self, name: str) -> list[list[object]]:
        if name not in self._read:
            self._read[name] = _rows(self._sheets[name])
        return self._read[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._sheets)

    def __len__(self) -> int:
        return len(self._sheets)


def grids(sheets: Mapping[str, Grid]) -> Mapping[str, Grid]:
    """``sheets`` (each sheet's name to its grid), each grid read once, as a list of lists, when
    first asked for (:class:`_Grids`). Raises :class:`~xlrating.errors.ArgumentError` when
    ``sheets`` is not a mapping."""
    if not isinstance(sheets, Mapping):
        raise _check.fail("sheets", "a mapping of sheet names to their grids", sheets)
    return sheets if isinstance(sheets, _Grids) else _Grids(sheets)


def is_crosstable(name: str, grid: Grid) -> bool:
    """Whether sheet ``name`` is a crosstable (see the module docstring)."""
    if fold(name) == fold(CROSSTABLE_SHEET):
        return True
    rows = _rows(grid)
    index = find_header(rows)
    if index is None:
        return False
    header = rows[index]
    return any(input_column(c) == "No" for c in header) and any(round_number(c) is not None for c in header)


def crosstable_sheets(sheets: Mapping[str, Grid], settings: str | None) -> list[str]:
    """The crosstable sheets of ``sheets``, in order (see the module docstring): every sheet
    :func:`is_crosstable` says is one but the settings sheet ``settings`` (its name, if any)."""
    return [name for name, grid in sheets.items() if name != settings and is_crosstable(name, grid)]


def rate_sheets(sheets: Mapping[str, Grid], *, today: date | None = None,
                explain: bool = True) -> RatedWorkbook:
    """Read the Event sheet and every crosstable sheet, validate everything, rate and render.

    ``sheets`` maps each sheet's name to its values (a grid from A1). ``today`` is the
    default end date (``date.today()`` when not given). Raises
    :class:`~xlrating.errors.CrosstableError` with every problem of every sheet, each
    naming its cell, when anything is wrong: then nothing is rated. Otherwise returns
    the rated events and the blocks to write. ``explain=False`` rates with no steps and no
    game lines: the same blocks, nothing for a report.
    """
    sheets = grids(sheets)
    settings_name = find_sheet(sheets, SETTINGS_SHEET)
    settings, problems = read_settings(sheets[settings_name] if settings_name is not None else None,
                                       sheet=settings_name or SETTINGS_SHEET, today=today)
    tables: list[tuple[Crosstable, Lineup | None]] = []
    unrated: list[Problem] = []
    crosstables = crosstable_sheets(sheets, settings_name)
    if not crosstables:
        problems.append(Problem("", NO_CROSSTABLE))
    for name in crosstables:
        crosstable, found = read_crosstable(sheets[name], settings, sheet=name)
        problems.extend(found)
        if crosstable is not None:
            unrated += unrated_warnings(crosstable, sheets[name])
            unrated += get(crosstable.settings.system).event_warnings(crosstable)
            unrated += k_warnings(crosstable)
            lineup: Lineup | None = None
            if crosstable.players:
                lineup, found = build_players(crosstable)
                problems.extend(found)
                problems.extend(unpublished_ratings(crosstable))
            tables.append((crosstable, lineup))
    if problems:
        raise CrosstableError(problems, title=_title(problems, crosstables))
    events: list[RatedEvent] = []
    for crosstable, lineup in tables:
        try:
            events.append(rate_crosstable(crosstable, lineup, explain=explain))
        except CrosstableError as error:
            problems.extend(error.problems)
    if problems:
        raise CrosstableError(problems, title=_title(problems, crosstables))
    blocks: list[Block] = []
    added: list[AddedColumns] = []
    for rated in events:
        written, extra = render(rated, sheets[rated.crosstable.sheet])
        blocks.extend(written)
        added.extend(extra)
    # A blank End date is said once, first, for every section (one Event sheet), in the words of
    # the events' own first note (so a report that lists both says it once).
    warnings = (*misspelt_settings(sheets[settings_name] if settings_name is not None else None,
                                   sheet=settings_name or SETTINGS_SHEET),
                *([Problem("", settings.system_note())] if settings.system_blank else []),
                *([Problem("", settings.end_date_note())] if settings.end_date_blank else []),
                *future_end(settings, today or date.today()),
                *crosstable_warnings([crosstable for crosstable, _ in tables]), *unrated,
                *[warning for rated in events for warning in all_foreign(rated)],
                *defaults_taken(events))
    return RatedWorkbook(events=tuple(events), blocks=tuple(blocks), added=tuple(added), warnings=warnings)


def all_foreign(rated: RatedEvent) -> list[Problem]:
    """A warning at the header row of a sheet on which every player with a rating was rated as
    foreign (ICU: a rating alone, no K, Birth date, Joined or Games): each row says so, but an
    event that changes no one's rating is a sheet whose members' data were left out."""
    crosstable = rated.crosstable
    for outcome in rated.outcomes:
        with_rating = [p for p in outcome.players if p.pre_rating is not None]
        if with_rating and all(p.method is Method.FOREIGN for p in with_rating):
            message = (f"all {len(with_rating)} players with a rating are foreign (a rating alone: no K, "
                       "Birth date, Joined or Games), so no rating changed; give each member his K, or his "
                       "Birth date and Joined")
            return [Problem(row_address(crosstable.sheet, crosstable.header_row), message)]
    return []


def defaults_taken(events: Sequence[RatedEvent]) -> list[Problem]:
    """A warning for each default the events' rated players took from a blank cell or setting where
    it changed a number, said once for the sheet (at the column's header, or the setting's cell)
    with the count and the first rows, not on every row: a blank ``Games`` beside a rating (an
    established player, the sheet's usual way of saying so, but wrong where the player has few
    games), and the system's own (:attr:`~xlrating.systems.System.taken`). A setting's cell is one
    for every section: its default is said once, naming each section's rows."""
    found: list[Problem | tuple[str, str]] = []
    shared: dict[tuple[str, str], list[tuple[str, list[int]]]] = {}
    for rated in events:
        crosstable, settings, outcome = rated.crosstable, rated.settings, rated.outcomes[0]
        entry = get(settings.system)
        rows = rated_rows(crosstable.players, outcome)
        taken = [Taken("Games", blank_games_reading(entry, settings.rules),
                       tuple(p for p in rows if p.rating is not None and p.games is None and p.k is None),
                       field="games")]
        taken += entry.taken_in(settings, rows, outcome)
        for default in taken:
            if not default.rows or (default.field and filled(crosstable, default)):
                continue
            numbers = [row.row for row in default.rows]
            if default.setting:
                found += share_setting(shared, settings, default, crosstable.sheet, numbers)
            else:
                found.append(blank_column_warning(crosstable.sheet, crosstable.header_row,
                                                  crosstable.columns.get(default.blank), default, numbers))
        found += _partner_games(rated, entry) + partner_floors(rated, entry)
    return said_settings(found, shared)


def rated_rows(players: Sequence[PlayerRow], outcome: EventOutcome) -> list[PlayerRow]:
    """The rows whose rating a default can change: not a foreign player's, nor one with no rated game."""
    return [p for p in players if outcome.player(p.number).method not in (Method.FOREIGN, Method.NOT_RATED)]


def share_setting(shared: dict[tuple[str, str], list[tuple[str, list[int]]]], settings: EventSettings,
                  default: Taken, sheet: str, rows: list[int]) -> list[tuple[str, str]]:
    """Adds a setting's default taken on ``sheet``'s ``rows`` to ``shared`` (by the setting's cell and
    the warning); the key, to keep in order, the first time the cell and warning come."""
    key = (settings.cell(default.blank), default.message)
    first = key not in shared
    shared.setdefault(key, []).append((sheet, rows))
    return [key] if first else []


def said_settings(found: Sequence[Problem | tuple[str, str]],
                  shared: Mapping[tuple[str, str], Sequence[tuple[str, Sequence[int]]]]) -> list[Problem]:
    """``found`` with each setting's key (see :func:`share_setting`) said once at its cell, naming
    the rows of every sheet that took it."""
    return [item if isinstance(item, Problem) else
            Problem(item[0], item[1].format(players=named_rows_on(shared[item]))) for item in found]


def _partner_games(rated: RatedEvent, entry: System) -> list[Problem]:
    """A dual-rated event's blank ``Quick games`` beside a Quick rating, said as a blank ``Games``
    is (the Quick rating is read as an established player's), when no player's is given."""
    crosstable, settings = rated.crosstable, rated.settings
    partner = entry.dual_partner(settings.rating_system) if settings.dual_rated else None
    if partner is None or len(rated.outcomes) < 2:
        return []
    outcome = rated.outcomes[1]
    held = [(p, p.other(partner)) for p in crosstable.players]
    if any(other is not None and other.games is not None for _, other in held):
        return []
    rows = [p.row for p, other in held if other is not None and other.rating is not None
            and outcome.player(p.number).method is not Method.NOT_RATED]
    if not rows:
        return []
    column = f"{partner} games"
    return [blank_column_warning(crosstable.sheet, crosstable.header_row, crosstable.columns.get(column),
                                 Taken(column, blank_games_reading(entry, settings.rules), ()), rows)]


def partner_floors(rated: RatedEvent, entry: System) -> list[Problem]:
    """A dual-rated event's second run (Quick) reads no peak or lifetime counts: the ``Peak``,
    ``Wins``, ``Draws`` and ``Events`` columns (a season's Players too) are the first rating's.
    Where a floor could have held a player's rating in that run (as the system's defaults find for
    the first, :attr:`~xlrating.systems.System.taken`, from the run's pre-event ratings), said once
    at the event sheet's rating column of that run (or its header row)."""
    crosstable, settings = rated.crosstable, rated.settings
    partner = entry.dual_partner(settings.rating_system) if settings.dual_rated else None
    if partner is None or len(rated.outcomes) < 2 or entry.taken is None:
        return []
    outcome = rated.outcomes[1]
    rows = [replace(p, rating=run.pre_rating, games=run.pre_games, floor=None, peak=None, wins=None,
                    draws=None, events=None)
            for p in rated_rows(crosstable.players, outcome) for run in (outcome.player(p.number),)]
    numbers = sorted({row.row for taken in entry.taken_in(settings, rows, outcome) for row in taken.rows})
    if not numbers:
        return []
    column = crosstable.columns.get(partner)
    where = (address(crosstable.sheet, crosstable.header_row, column) if column is not None
             else row_address(crosstable.sheet, crosstable.header_row))
    first = settings.rating_system
    return [Problem(where, f"the {partner} ratings' floors read no Peak, Wins, Draws or Events (those are "
                           f"the {first} rating's): for {named_rows(numbers)}, the {partner} peak floor is "
                           f"the pre-event {partner} rating's and the personal absolute floor counts this "
                           f"event's games alone (US Chess 2020, 5); check their {partner} floors")]


def filled(crosstable: Crosstable, taken: Taken) -> bool:
    """Whether some player's column of ``taken`` is filled: then a blank one is the director's way
    of saying the usual (an established player's Games, an adult's Birth date), as the crosstable
    guide tells him, and is not warned about."""
    return any(getattr(player, taken.field) is not None for player in crosstable.players)


def blank_games_reading(entry: System, rules: str | None) -> str:
    """What a blank ``Games`` beside a rating is read as under ``entry`` and the ``rules`` named, and
    what to do."""
    assert entry.blank_games is not None
    return f"read as {entry.blank_games(rules)}; where a player's games are known, type them"


def blank_column_warning(sheet: str, header_row: int, column: int | None, taken: Taken,
                         rows: Sequence[int]) -> Problem:
    """A blank column's default as a warning at the column's header (or, when the sheet has no such
    column, at the header row), naming how many rows took it and the first few."""
    players = named_rows(rows)
    if column is None:
        return Problem(row_address(sheet, header_row),
                       f"no {taken.blank} column: for {players}, {taken.message}")
    return Problem(address(sheet, header_row, column),
                   f"{taken.blank} is blank for {players}: {taken.message}")


#: How many rows a warning names before it counts the rest.
_NAMED_ROWS = 5


def named_rows(rows: Sequence[int]) -> str:
    """``3 players (rows 4, 6, 9)``, ``1 player (row 4)``, ``12 players (rows 4, 5, 6, 7, 8 and 7 more)``."""
    return f"{_players(len(rows))} ({_listed(rows)})"


def named_rows_on(sheets: Sequence[tuple[str, Sequence[int]]]) -> str:
    """Rows of one or more sheets, for a warning at a setting's cell, which every section shares:
    ``2 players (Crosstable rows 4, 6)``, ``3 players (Open rows 2, 3; Minor row 2)``."""
    listed = "; ".join(f"{quote_sheet(sheet)} {_listed(rows)}" for sheet, rows in sheets)
    return f"{_players(sum(len(rows) for _, rows in sheets))} ({listed})"


def _players(count: int) -> str:
    return f"{count} player{'s' if count != 1 else ''}"


def _listed(rows: Sequence[int]) -> str:
    """``rows 4, 5, 6, 7, 8 and 7 more``: the first few rows and the count of the rest."""
    shown = ", ".join(str(row) for row in rows[:_NAMED_ROWS])
    more = f" and {len(rows) - _NAMED_ROWS} more" if len(rows) > _NAMED_ROWS else ""
    return f"row{'s' if len(rows) != 1 else ''} {shown}{more}"


def future_end(settings: EventSettings, today: date) -> list[Problem]:
    """A warning at the End date when it is after ``today``, else at the Start date when it is more
    than a year before the End date given: rated as given (an event may be rated before its last
    round), but a slip of the year (2052 for 2025, 2015 for 2025) would take every age, K factor
    and rule in force on the wrong day."""
    found = []
    end, start = settings.end_date, settings.start_date
    slip = "if the year is a slip, correct it and rate again"
    if end > today:
        found.append(Problem(settings.cell("End date"), f"End date {end.isoformat()} is after today "
                             f"({today.isoformat()}): ages, K factors and the rules in force are taken on "
                             f"that day; {slip}"))
    elif start is not None and not settings.end_date_blank and (end - start).days > _LONGEST_EVENT_DAYS:
        entry = get(settings.system)  # a system whose rating takes the Start date takes K on it
        taken = f"{entry.short_name} K factors are taken on it" if "start_date" in entry.taken_settings \
            else "blank ratings are filled from the official list in force on it (xlrating fill, rate --list)"
        found.append(Problem(settings.cell("Start date"), f"Start date {start.isoformat()} is more than a "
                             f"year before the End date ({end.isoformat()}); {taken}: {slip}"))
    return found


#: An event (a league's season included) longer than this is taken for a slip of a date's year.
_LONGEST_EVENT_DAYS = 366


def unrated_warnings(crosstable: Crosstable, grid: Grid) -> list[Problem]:
    """A warning at the Rating cell of each player with an ID and a blank Rating: rated as unrated
    (his row's notes say so too, see :func:`~xlrating.crosstable.parse.blank_ratings`); and one at
    the header row of a sheet with players but no ``Rating`` column (``Elo``, ``Ratng``: every
    player rated as unrated)."""
    found = [Problem(where, f"{who(player)} {unrated_note(player.member_id or '')}")
             for player, where in blank_ratings(crosstable, _rows(grid))]
    if crosstable.players and "Rating" not in crosstable.columns:
        count = len(crosstable.players)
        found.insert(0, Problem(row_address(crosstable.sheet, crosstable.header_row),
                                f"no Rating column: all {count} players are rated as unrated; if their "
                                "ratings are in another column, head it Rating"))
    found[:0] = period_games_warnings(crosstable.sheet, crosstable.header_row,
                                      _rows(grid)[crosstable.header_row - 1], "Games" in crosstable.columns)
    return [*unread_columns(crosstable, grid), *found]


def k_warnings(crosstable: Crosstable) -> list[Problem]:
    """A warning at each typed K that is none of the K factors of the event's rules
    (:meth:`~xlrating.systems.System.unknown_k`): it is rated as typed."""
    settings = crosstable.settings
    system, column = get(settings.system), crosstable.columns.get("K")
    if column is None or system.k_factors is None:
        return []
    said = ((player, system.unknown_k(settings.rules, player.k)) for player in crosstable.players)
    return [Problem(address(crosstable.sheet, player.row, column), f"{who(player)}: {words}")
            for player, words in said if words is not None]


def unread_columns(crosstable: Crosstable, grid: Grid) -> list[Problem]:
    """:func:`unread_values` and :func:`misspelt_headers` of a crosstable sheet's player rows."""
    every = _rows(grid)
    sheet, header_row = crosstable.sheet, crosstable.header_row
    rows = every[header_row:crosstable.last_row]
    return [*unread_values(sheet, header_row, crosstable.columns, rows, get(crosstable.settings.system)),
            *misspelt_headers(sheet, header_row, every[header_row - 1], rows)]


def misspelt_headers(sheet: str, header_row: int, header: Sequence[Any], rows: Sequence[Sequence[Any]]
                     ) -> list[Problem]:
    """A warning at each header that nearly names a column (:func:`~xlrating.crosstable.columns.
    misspelt_column`: ``Ratng``, ``Peek``, ``Birth dat``), where some player's cell (``rows``, those
    below the header) holds a value: the column is ignored, so its values would be lost without a
    word."""
    found = []
    for column, cell in enumerate(header, start=1):
        meant = misspelt_column(cell)
        if meant is None:
            continue
        if filled := _filled_rows(header_row, rows, column):
            found.append(Problem(address(sheet, header_row, column),
                                 f"{show(cell)} is not a column xlrating reads: its values for "
                                 f"{named_rows(filled)} are ignored; did you mean {meant!r}?"))
    return found


def unread_values(sheet: str, header_row: int, columns: Mapping[str, int], rows: Sequence[Sequence[Any]],
                  entry: System, read: Iterable[str] = ()) -> list[Problem]:
    """A warning at the header of each input column (``columns``: by name) that ``entry``'s events do
    not read (``K`` on a US Chess sheet, whose K comes from its rules; ``Peak`` on an ICU one) where
    some player's cell (``rows``, those below the header) holds a value: the values are ignored, which
    the director who typed them would not expect. ``read``: the sheet's other columns read (a season's
    Players sheet's list columns)."""
    wanted = {*entry.columns, *REQUIRED, "ID", *read}
    found = []
    for name, column in sorted(columns.items(), key=lambda item: item[1]):
        if name in wanted or round_number(name) is not None:
            continue
        if filled := _filled_rows(header_row, rows, column):
            found.append(Problem(address(sheet, header_row, column),
                                 f"{name} is not read in {entry.short_name} events: its values for "
                                 f"{named_rows(filled)} are ignored; check the System, or clear the column"))
    return found


def _filled_rows(header_row: int, rows: Sequence[Sequence[Any]], column: int) -> list[int]:
    """The sheet rows of ``rows`` (those below the header row ``header_row``) whose cell in ``column``
    holds a value."""
    return [header_row + 1 + index for index, row in enumerate(rows)
            if len(row) >= column and not is_blank(row[column - 1])]


def period_games_warnings(sheet: str, header_row: int, header: Sequence[object], games: bool
                          ) -> list[Problem]:
    """A warning at each header cell ``Gms`` of a sheet without a ``Games`` column (``games``):
    FIDE's list header for the games of its last rating period, not read as the games behind each
    rating (a crosstable's and a season's Players sheet's warning)."""
    if games:
        return []
    return [Problem(address(sheet, header_row, column),
                    f"{PERIOD_GAMES} (FIDE's list: the games of its last rating period, not the games "
                    "behind each rating) is not read; a blank Games is read as an established player's"
                    ": if the column holds the games behind each rating, head it Games")
            for column, cell in enumerate(header, start=1)
            if isinstance(cell, str) and fold(cell) == fold(PERIOD_GAMES)]


def sightings(crosstable: Crosstable) -> list[Sighting]:
    """Where each player with an ID is named in ``crosstable``."""
    columns = crosstable.columns
    return [Sighting(p.member_id, p.name, address(crosstable.sheet, p.row, columns["ID"]),
                     address(crosstable.sheet, p.row, columns.get("Name", columns["ID"])))
            for p in crosstable.players if p.member_id is not None and "ID" in columns]


def listed_twice(crosstable: Crosstable) -> list[Problem]:
    """A warning at each player row whose ID and name an earlier row of the same crosstable has:
    each row is rated as a player of its own, from its own rating and games. (Rows with one ID
    and two names are warned about by :func:`~xlrating.official.identity.identity_warnings`.)"""
    first: dict[tuple[str, tuple[str, ...]], int] = {}
    found = []
    for player in crosstable.players:
        if player.member_id is None:
            continue
        row = first.setdefault((player.member_id, name_key(player.name)), player.row)
        if row != player.row:
            found.append(Problem(address(crosstable.sheet, player.row, crosstable.columns.get("ID", 1)),
                                 f"{who(player)} is listed twice: ID {player.member_id} and this name are "
                                 f"in row {row} too; the two rows were rated as two players, each from his "
                                 "own rating and games: give the player one row"))
    return found


def crosstable_warnings(crosstables: list[Crosstable]) -> tuple[Problem, ...]:
    """The warnings of the crosstables together: IDs and names (across sections too), and a
    section entered twice (its games, players by ID or name, those of another)."""
    found = identity_warnings((s for crosstable in crosstables for s in sightings(crosstable)), by_row=True)
    found += [warning for crosstable in crosstables for warning in listed_twice(crosstable)]
    games = []
    for crosstable in crosstables:
        key = {p.number: p.member_id or p.name for p in crosstable.players}
        games.append((f"sheet {crosstable.sheet!r}",
                      frozenset(game_key(g.round, key[g.player], key[g.opponent], g.score)
                                for g in crosstable.games)))
    found += same_games_warnings(games)
    return tuple(found)


def _title(problems: list[Problem], crosstables: Sequence[str]) -> str:
    """The title of a run's errors: the crosstable's, or the workbook's where it has none (its Event
    sheet's problems are said with the want of one)."""
    count = len(problems)
    where = "crosstable" if crosstables else "workbook"
    return f"The {where} has {count} error{'s' if count != 1 else ''}; nothing was rated or written."


def overlay(sheets: Mapping[str, Grid], blocks: Iterable[Block]) -> dict[str, list[list[Any]]]:
    """The sheets' values with ``blocks`` written into them (the input is not changed)."""
    grids = {name: _rows(grid) for name, grid in sheets.items()}
    for block in blocks:
        rows = grids[block.sheet]
        for i, values in enumerate(block.values):
            while len(rows) < block.row + i:
                rows.append([])
            line = rows[block.row + i - 1]
            for j, value in enumerate(values):
                column = block.column + j
                if len(line) < column:
                    line.extend([None] * (column - len(line)))
                line[column - 1] = value
    return grids
