"""Reading a season workbook's grids: the Season settings, the Players list, the Events sheet
and every event's crosstable, with every problem at its cell.

The columns, aliases and value readers are the crosstable's (:mod:`xlrating.crosstable`):
a ``Players`` sheet is read with the same headers a crosstable's player rows use, and an
``Events`` row is read as an ``Event`` sheet would be.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from .. import systems
from .._check import joined_problem
from ..crosstable import Crosstable, EventSettings, Grid, OtherRating, PlayerRow
from ..crosstable.columns import columns_named, fold, input_column
from ..crosstable.parse import (
    K_RANGE,
    MAX_GAMES,
    UNPUBLISHED_ADVICE,
    blank_ratings,
    find_header,
    games_problems,
    last_used_column,
    read_crosstable,
    unpublished_fide,
)
from ..crosstable.rate import check_rows
from ..crosstable.settings import misspelt_settings, read_settings
from ..crosstable.values import (
    BadValue,
    address,
    bounded,
    date_value,
    failed_formula,
    is_blank,
    quote_sheet,
    rating,
    show,
    text,
    whole,
    yes_no,
)
from ..errors import Problem
from ..lists import Entry, Event, PlayerId, RatingList
from ..names import find_sheet, near_miss
from .model import (
    EVENTS_SHEET,
    HISTORY_SHEET,
    NEW_LIST_SHEET,
    NEW_PENDING_SHEET,
    PENDING_SHEET,
    PLAYERS_SHEET,
    SEASON_SHEET,
    ChartSetting,
    ListRow,
    SeasonEvent,
)

#: Settings of the Season sheet beyond the Event sheet's System, Rules and Rating system.
LIST_DATE = "List date"
RATING_PERIOD = "Rating period"
#: Settings of the Season sheet for the season report's chart: the players it follows, by ID
#: (separated by commas), or how many of the highest rated of the new list.
CHART_PLAYERS = "Chart players"
CHART_TOP = "Chart top"
#: The most players ``Chart top`` may ask for (a chart of more lines is past reading).
CHART_TOP_LIMIT = 100
#: Why, in a message.
CHART_TOP_REASON = "a chart of more lines is past reading; Excel draws at most 255"
#: The sheets a rated season writes whole, by their folded names: no event may be on one.
OUTPUT_SHEETS: dict[str, str] = {fold(name): name
                                  for name in (HISTORY_SHEET, NEW_LIST_SHEET, NEW_PENDING_SHEET)}
#: The columns of the Events sheet (an event's settings, as its Event sheet would give them).
EVENT_COLUMNS: dict[str, str] = {
    fold(name): name
    for name in ("Sheet", "Event name", "Start date", "End date", "Event type", "Rating system",
                 "Dual rated", "Bonus multiplier")
}
#: Each name an Events column is known by (its own and the other names accepted), with its own.
_EVENT_NAMES = {**{name: name for name in EVENT_COLUMNS.values()}, "Name": "Event name",
                "Event": "Event name", "Type": "Event type", "Dual-rated": "Dual rated",
                "Bonus": "Bonus multiplier"}
EVENT_COLUMNS.update({fold(alias): name for alias, name in _EVENT_NAMES.items()})


def is_season(sheets: Mapping[str, Grid]) -> bool:
    """Whether a workbook is a season workbook: it has a ``Players`` and an ``Events`` sheet."""
    return find_sheet(sheets, PLAYERS_SHEET) is not None and find_sheet(sheets, EVENTS_SHEET) is not None


def _rows(grid: Grid | None) -> list[list[Any]]:
    return [list(row) if row is not None else [] for row in grid or ()]


def _cell(row: list[Any], column: int | None) -> Any:
    return row[column - 1] if column is not None and column <= len(row) else None


def read_season_settings(sheets: Mapping[str, Grid], today: date | None, problems: list[Problem]
                         ) -> tuple[EventSettings, date | None, int | None, ChartSetting, str]:
    """The Season sheet: the Event sheet's System, Rules and Rating system, the list date,
    the FIDE rating period in months and the report's chart setting (all optional), and
    the cell of ``Chart players`` (where an ID not on the list is reported)."""
    name = find_sheet(sheets, SEASON_SHEET)
    grid = sheets[name] if name is not None else None
    settings, found = read_settings(grid, sheet=name or SEASON_SHEET, today=today)
    problems.extend(found)
    list_date: date | None = None
    period: int | None = None
    chart_players: tuple[PlayerId, ...] = ()
    chart_top: int | None = None
    chart_cell = ""
    for index, row in enumerate(_rows(grid)):
        if not row or is_blank(row[0]):
            continue
        value = row[1] if len(row) > 1 else None
        where = address(name or SEASON_SHEET, index + 1, 2)
        try:
            if fold(row[0]) == fold(LIST_DATE):
                list_date = date_value(value, "a date")
            elif fold(row[0]) in (fold(RATING_PERIOD), fold("FIDE rating period")):
                period = whole(value, "a number of months from 1 to 12", low=1, high=12)
            elif fold(row[0]) == fold(CHART_PLAYERS):
                chart_players, chart_cell = chart_ids(value), where
            elif fold(row[0]) == fold(CHART_TOP):
                chart_top = whole(value, "a number of players", low=1, high=CHART_TOP_LIMIT)
        except BadValue as error:
            problems.append(Problem(where, f"{text(row[0])}: {error.message}"))
    if period is not None and not systems.get(settings.system).periods:
        problems.append(Problem(quote_sheet(name or SEASON_SHEET),
                                f"{RATING_PERIOD} applies to FIDE seasons only "
                                f"(System is {settings.system})"))
    return settings, list_date, period, ChartSetting(chart_players, chart_top), chart_cell


def misspelt_season_settings(sheets: Mapping[str, Grid]) -> list[Problem]:
    """A warning at each label of the Season sheet that nearly names one of its settings
    (:func:`~xlrating.crosstable.settings.misspelt_settings`)."""
    name = find_sheet(sheets, SEASON_SHEET)
    return misspelt_settings(sheets[name] if name is not None else None, sheet=name or SEASON_SHEET,
                             also=(LIST_DATE, RATING_PERIOD, "FIDE rating period", CHART_PLAYERS, CHART_TOP))


def chart_ids(value: Any) -> tuple[PlayerId, ...]:
    """The IDs of a ``Chart players`` cell: one ID (a number Excel holds as ``12345.0`` too) or
    IDs separated by commas or semicolons; each once, in the order given."""
    if is_blank(value):
        return ()
    pieces = (text(value) or "").replace(";", ",").split(",") if isinstance(value, str) else [value]
    found = (player_id(piece) for piece in pieces)
    return tuple(dict.fromkeys(key for key in found if key is not None))


def check_chart(chart: ChartSetting, cell: str, known: set[PlayerId], problems: list[Problem]) -> None:
    """An ID of ``Chart players`` that is neither on the Players list nor new in an event is an error."""
    missing = [str(key) for key in chart.players if key not in known]
    if missing:
        problems.append(Problem(cell, f"{CHART_PLAYERS}: {', '.join(missing)} "
                                      f"{'is' if len(missing) == 1 else 'are'} not on the season's list "
                                      "(neither on Players nor new in an event)"))
    if len(set(chart.players)) > CHART_TOP_LIMIT:
        count = len(set(chart.players))
        problems.append(Problem(cell, f"{CHART_PLAYERS}: {count} players; the chart follows at most "
                                      f"{CHART_TOP_LIMIT} ({CHART_TOP_REASON})"))


def entry_fields(row: PlayerRow) -> dict[str, Any]:
    """The :class:`~xlrating.lists.Entry` fields a player row gives (blank cells left out): the
    player record the two share (:data:`~xlrating.systems.RECORD_FIELDS`), the name, the ratings
    in the other systems."""
    fields: dict[str, Any] = {name: getattr(row, name) for name in systems.RECORD_FIELDS}
    fields.update(name=row.name or None, adult=row.adult or None)
    others = {o.system: (o.rating, o.games) for o in row.other_ratings if o.rating is not None}
    if others:
        fields["other_ratings"] = others
    return {key: value for key, value in fields.items() if value is not None}


def _read_list_row(sheet: str, number: int, row: list[Any], columns: Mapping[str, int],
                   system: str, problems: list[Problem]) -> PlayerRow:
    """One row of the Players sheet as a crosstable's :class:`PlayerRow` (no rounds)."""
    entry = systems.get(system)
    wanted = entry.columns | entry.list_only_columns
    low, high = entry.rating_range

    def read(name: str, reader: Any) -> Any:
        if name not in columns or name not in wanted:
            return None
        try:
            return reader(_cell(row, columns[name]))
        except BadValue as error:
            problems.append(Problem(address(sheet, number, columns[name]), f"{name}: {error.message}"))
            return None

    def rated(name: str, games_name: str) -> tuple[float | None, int | None]:
        """A rating and its games, checked together as a crosstable's are."""
        value, marked = read(name, lambda v: rating(v, low=low, high=high)) or (None, None)
        games = read(games_name, lambda v: whole(v, "a number of games", high=MAX_GAMES))
        unrated_games = name == "Rating" and entry.unrated_games
        where = address(sheet, number, columns.get(games_name, 1))
        problems.extend(Problem(where, message) for message in games_problems(
            name, games_name, show(_cell(row, columns.get(name))), value, marked, games, unrated_games))
        if value is None and games and not unrated_games:
            return None, None
        return value, games if games is not None else marked

    pre, games = rated("Rating", "Games")
    fide = read("FIDE", lambda v: rating(v, low=1.0, high=4000.0)[0])
    birth, joined = read("Birth date", date_value), read("Joined", date_value)
    fraction = entry.fraction_problem(pre, show(_cell(row, columns.get("Rating"))))
    unpublished = entry.unpublished_problem(pre)
    for name, message in (("Rating", fraction and f"Rating: {fraction}"),
                          ("Rating", unpublished and f"Rating {unpublished}; {UNPUBLISHED_ADVICE}"),
                          ("FIDE", unpublished_fide(fide)),
                          ("Joined", joined_problem(birth, joined))):
        if message is not None:
            problems.append(Problem(address(sheet, number, columns[name]), message))
    others = []
    for other in systems.get(system).rating_systems:
        value, count = rated(other.name, f"{other.name} games")
        if value is not None:
            others.append(OtherRating(other.name, value, count))
    return PlayerRow(
        number=number, name=text(_cell(row, columns.get("Name"))) or "", member_id=None, row=number,
        rating=pre, games=games,
        history=read("History", lambda v: None if is_blank(v) else _history(v)),
        fide=fide,
        cfc=read("CFC", lambda v: rating(v, low=1.0, high=4000.0)[0]),
        other_ratings=tuple(others),
        birth_date=birth, adult=read("Adult", yes_no),
        floor=read("Floor", lambda v: rating(v, low=low, high=high)[0]),
        peak=read("Peak", lambda v: rating(v, low=low, high=high)[0]),
        wins=read("Wins", lambda v: whole(v, "a number of wins", high=MAX_GAMES)),
        draws=read("Draws", lambda v: whole(v, "a number of draws", high=MAX_GAMES)),
        events=read("Events", lambda v: whole(v, "a number of events", high=MAX_GAMES)),
        k=read("K", lambda v: bounded(v, "a K factor", *K_RANGE)),
        joined=joined,
    )


def _history(value: Any) -> str:
    words = {"allwins": "all wins", "alllosses": "all losses"}
    found = words.get(fold(value))
    if found is None:
        raise BadValue(f"{show(value)} is not 'all wins' or 'all losses' (leave it blank otherwise)")
    return found


def player_id(value: Any) -> PlayerId | None:
    """A player's ID as the list keys it: text (a number Excel gives as ``12345.0`` is ``"12345"``)."""
    return text(value)


def read_players(sheets: Mapping[str, Grid], settings: EventSettings, list_date: date | None,
                 problems: list[Problem]) -> tuple[RatingList, tuple[ListRow, ...], int, int, dict[str, int]]:
    """The Players sheet: the starting list, each player's row, the header row, the last
    used column and the output columns already there."""
    sheet = find_sheet(sheets, PLAYERS_SHEET) or PLAYERS_SHEET
    rows = _rows(sheets.get(sheet))
    header_index = find_header(rows)
    entries: dict[PlayerId, Entry] = {}
    list_rows: list[ListRow] = []
    if header_index is None:
        problems.append(Problem(quote_sheet(sheet), "no header row: no cell in this sheet says 'Name'"))
        empty = RatingList(settings.system, entries, settings.rules, settings.rating_system, list_date)
        return empty, (), 1, 0, {}
    columns: dict[str, int] = {}
    outputs: dict[str, int] = {}
    header = rows[header_index]
    for column, cell in enumerate(header, start=1):
        if is_blank(cell):
            continue
        name = input_column(cell)
        output = list_output_column(cell)
        placed, label = (outputs, "output ") if output is not None else (columns, "")
        title = output if output is not None else name
        if title is None:
            continue
        if title in placed:
            problems.append(_second_column(sheet, header_index + 1, column, placed[title], f"{label}column",
                                           title))
            continue
        placed[title] = column
    if "ID" not in columns:
        problems.append(Problem(address(sheet, header_index + 1, 1),
                                "the Players sheet needs an ID column: events name their players by ID"))
        return RatingList(settings.system, entries, settings.rules, settings.rating_system, list_date), (), \
            header_index + 1, len(header), outputs
    seen: dict[PlayerId, int] = {}
    for index in range(header_index + 1, len(rows)):
        row = rows[index]
        inputs = [_cell(row, c) for c in columns.values()]
        if all(is_blank(v) for v in inputs):
            continue
        number = index + 1
        key = player_id(_cell(row, columns["ID"]))
        where = address(sheet, number, columns["ID"])
        if key is None:
            problems.append(Problem(where, "this player has no ID"))
            continue
        failed = failed_formula("ID", key)
        if failed is not None:
            problems.append(Problem(where, failed))
            continue
        if key in seen:
            problems.append(Problem(where, f"ID {key} is used twice (also in row {seen[key]})"))
            continue
        seen[key] = number
        parsed = _read_list_row(sheet, number, row, columns, settings.system, problems)
        entries[key] = Entry(key, **entry_fields(parsed))
        dates = tuple((name, value, address(sheet, number, columns[name]))
                      for name, value in (("Birth date", parsed.birth_date), ("Joined", parsed.joined))
                      if value is not None)
        typed_unrated = parsed.rating is None and not is_blank(_cell(row, columns.get("Rating")))
        list_rows.append(ListRow(key, parsed.name, number, where, dates, typed_unrated))
    ratings = RatingList(settings.system, entries, settings.rules, settings.rating_system, list_date)
    # Outputs are added after every used cell from the header row down, a column of the
    # director's without a header and a note below the players included: they never write over
    # a cell they did not write, and a later run never clears one as an earlier run's output.
    last_column = max(len(header), last_used_column(rows, header_index, len(rows) - 1))
    return ratings, tuple(list_rows), header_index + 1, last_column, outputs


def _second_column(sheet: str, row: int, column: int, first: int, what: str, name: str) -> Problem:
    """A header naming a column a header before it names already: which of the two the director
    meant is not ours to guess."""
    return Problem(address(sheet, row, column), f"a second {what} headed {name!r} (the first is "
                   f"{address(sheet, row, first)}); remove or rename one")


#: The output columns rating a season writes on the Players sheet.
LIST_OUTPUTS: tuple[str, ...] = ("New rating", "New games", "Change", "Events played", "Games played")
_LIST_OUTPUT_KEYS = {fold(name): name for name in LIST_OUTPUTS}


def list_output_column(header: Any) -> str | None:
    """The Players sheet output column a header names, if any."""
    return _LIST_OUTPUT_KEYS.get(fold(header))


def _event_settings(season: EventSettings, sheet: str, row_number: int, row: list[Any],
                    columns: Mapping[str, int], today: date | None,
                    problems: list[Problem]) -> EventSettings:
    """An Events row's settings, read as an Event sheet with the season's System and Rules would be."""
    grid: list[list[Any]] = [["System", season.system], ["Rules", season.rules]]
    if "Rating system" not in columns or is_blank(_cell(row, columns["Rating system"])):
        grid.append(["Rating system", season.rating_system])  # the event's own, when given, instead
    real: dict[str, str] = {}
    for name, column in columns.items():
        if name == "Sheet":
            continue
        value = _cell(row, column)
        if name == "Rating system" and is_blank(value):
            continue
        grid.append([name, value])
        real[address(sheet, len(grid), 2)] = address(sheet, row_number, column)
    found: list[Problem] = []
    settings, found = read_settings(grid, sheet=sheet, today=today)
    for problem in found:
        problems.append(Problem(real.get(problem.where, address(sheet, row_number, 1)), problem.message))
    cells = tuple((name, real.get(where, where)) for name, where in settings.cells)
    if "End date" not in columns or is_blank(_cell(row, columns["End date"])):
        where = address(sheet, row_number, columns.get("End date", 1))
        problems.append(Problem(where, "every event needs its End date: the season is rated in date order"))
    return replace(settings, cells=cells)


def _events_header(rows: Sequence[Sequence[Any]]) -> int | None:
    """The index of the Events sheet's header row: the first with a ``Sheet`` cell."""
    return next((i for i, row in enumerate(rows) if any(fold(c) == fold("Sheet") for c in row)), None)


def misspelt_event_columns(sheets: Mapping[str, Grid]) -> list[Problem]:
    """A warning at each header of the Events sheet that nearly names one of its columns
    (:func:`~xlrating.names.near_miss`: ``Bonus multipler``): its column is ignored, so each event
    would take that setting's default without a word."""
    sheet = find_sheet(sheets, EVENTS_SHEET) or EVENTS_SHEET
    rows = _rows(sheets.get(sheet))
    header = _events_header(rows)
    if header is None:
        return []
    return [Problem(address(sheet, header + 1, column), f"{show(cell)} is not a column of the Events sheet: "
                    f"it is ignored; did you mean {meant!r}?")
            for column, cell in enumerate(rows[header], start=1)
            if (meant := near_miss(cell, _EVENT_NAMES)) is not None]


def read_events(sheets: Mapping[str, Grid], season: EventSettings, ratings: RatingList, today: date | None,
                problems: list[Problem]) -> list[SeasonEvent]:
    """The Events sheet and every event sheet it lists, each event's players by ID."""
    sheet = find_sheet(sheets, EVENTS_SHEET) or EVENTS_SHEET
    rows = _rows(sheets.get(sheet))
    header_index = _events_header(rows)
    if header_index is None:
        problems.append(Problem(quote_sheet(sheet), "no header row: no cell in this sheet says 'Sheet'"))
        return []
    columns = columns_named(rows[header_index], EVENT_COLUMNS)
    for column, cell in enumerate(rows[header_index], start=1):
        name = EVENT_COLUMNS.get(fold(cell))
        if name is not None and columns[name] != column:
            problems.append(_second_column(sheet, header_index + 1, column, columns[name], "column", name))
    listed: dict[str, int] = {}
    read: list[tuple[int, EventSettings, Crosstable, frozenset[int]]] = []
    for index in range(header_index + 1, len(rows)):
        row = rows[index]
        if all(is_blank(v) for v in row):
            continue
        number = index + 1
        where = address(sheet, number, columns["Sheet"])
        event_sheet = _event_sheet(sheets, where, _cell(row, columns["Sheet"]), listed, problems)
        if event_sheet is None:
            continue
        listed[event_sheet] = number
        settings = _event_settings(season, sheet, number, row, columns, today, problems)
        grid = sheets[event_sheet]
        crosstable = _event_crosstable(grid, settings, event_sheet, problems)
        if crosstable is not None:  # its IDs are checked even when it has errors
            read.append((number, settings, crosstable, _typed_unrated(crosstable, grid)))
    # New players are found in rating order (end dates, ties in the Events sheet's order):
    # a player new to the list joins it in the first event he plays.
    known: set[PlayerId] = set(ratings.entries)
    events = [_season_event(number, settings, crosstable, ratings, known, problems, unr)
              for number, settings, crosstable, unr in sorted(read, key=lambda item: item[1].end_date)]
    events.sort(key=lambda event: event.events_row)
    if not listed and not problems:
        problems.append(Problem(quote_sheet(sheet), "the Events sheet lists no event"))
    return events


#: The sheets of a season workbook that hold no event.
_NOT_EVENTS = frozenset(fold(name) for name in (PLAYERS_SHEET, EVENTS_SHEET, SEASON_SHEET, PENDING_SHEET))


def _event_sheet(sheets: Mapping[str, Grid], where: str, value: Any, listed: Mapping[str, int],
                 problems: list[Problem]) -> str | None:
    """The event sheet an Events row names (``value``, at ``where``), or None with its problem:
    no name, no such event sheet, a sheet the season writes, a sheet ``listed`` already."""
    named = text(value)
    if named is None:
        problems.append(Problem(where, "this event names no sheet"))
        return None
    event_sheet = find_sheet(sheets, named) if named else None
    if event_sheet is None or fold(event_sheet) in _NOT_EVENTS:
        problems.append(Problem(where, f"the workbook has no event sheet {named!r}"))
        return None
    output = OUTPUT_SHEETS.get(fold(event_sheet))
    if output is not None:
        problems.append(Problem(where, f"an event cannot be on sheet {event_sheet!r}: {event_sheet!r} is "
                                       f"where the season writes its {output}. Give the event's sheet "
                                       "another name (on its tab and here)"))
        return None
    if event_sheet in listed:
        problems.append(Problem(where, f"sheet {event_sheet!r} is listed twice "
                                       f"(also in row {listed[event_sheet]})"))
        return None
    return event_sheet


def _typed_unrated(crosstable: Crosstable, grid: Grid) -> frozenset[int]:
    """The pairing numbers of the players whose Rating cell says ``unr``: an ID and no rating, but
    not a blank Rating cell (:func:`~xlrating.crosstable.parse.blank_ratings`, which takes every such
    player's for blank on a sheet without a Rating column)."""
    blank = {player.number for player, _ in blank_ratings(crosstable, grid)}
    return frozenset(player.number for player in crosstable.players
                     if player.member_id is not None and player.rating is None and player.number not in blank)


def _event_crosstable(grid: Grid, settings: EventSettings, sheet: str, problems: list[Problem]
                      ) -> Crosstable | None:
    """An event sheet's crosstable, read with its Events row's settings, or None when it cannot
    be read or has no ID column (a season finds its players by ID)."""
    crosstable, found = read_crosstable(grid, settings, sheet=sheet)
    problems.extend(found)
    if crosstable is None:
        return None
    if "ID" not in crosstable.columns:
        problems.append(Problem(address(sheet, crosstable.header_row, 1),
                                "a season event needs an ID column: its players are found on "
                                "the list by ID"))
        return None
    return crosstable


def check_output_sheets(sheets: Mapping[str, Grid], problems: list[Problem]) -> None:
    """A sheet named as one the season writes whole (``History``, ``New list``, ``New pending``)
    must be empty or hold that output (``ID`` in A1, as each does): anything else there
    would be written over."""
    for name in sheets:
        output = OUTPUT_SHEETS.get(fold(name))
        if output is None:
            continue
        rows = _rows(sheets[name])
        first = _cell(rows[0], 1) if rows else None
        if any(any(not is_blank(v) for v in row) for row in rows) and fold(first) != fold("ID"):
            problems.append(Problem(address(name, 1, 1),
                                    f"the season writes its {output} on this sheet, whole, but it holds "
                                    f"something else (A1 is {show(first)}, not ID): rename this sheet, "
                                    "or clear it"))


def check_list_dates(rows: Sequence[ListRow], events: Sequence[SeasonEvent], problems: list[Problem]) -> None:
    """A listed player's Birth date or Joined after the first event he plays is an error at its
    cell on Players, as it is on a new player's row of that event."""
    first: dict[PlayerId, SeasonEvent] = {}
    for event in sorted(events, key=lambda e: e.event.end_date):
        for key in event.ids.values():
            first.setdefault(key, event)
    for row in rows:
        played = first.get(row.id)
        if played is None:
            continue
        end = played.event.end_date
        for name, value, cell in row.dates:
            if value > end:
                sheet = played.crosstable.sheet
                problems.append(Problem(cell, f"{name} {value.isoformat()} is after {sheet} (ends "
                                              f"{end.isoformat()}), which ID {row.id} plays"))


def _season_event(number: int, settings: EventSettings, crosstable: Crosstable, ratings: RatingList,
                  known: set[PlayerId], problems: list[Problem], typed_unrated: frozenset[int]
                  ) -> SeasonEvent:
    """An event's players by ID (those not yet ``known`` are new, with their row's data) and games
    (``typed_unrated``: the pairing numbers of the players whose Rating cell says ``unr``)."""
    sheet = crosstable.sheet
    ids: dict[int, PlayerId] = {}
    rows_of: dict[PlayerId, int] = {}
    new: dict[PlayerId, dict[str, Any]] = {}
    for player in crosstable.players:
        cell = address(sheet, player.row, crosstable.columns["ID"])
        key = player.member_id
        if key is None:
            if not any(p.where == cell for p in problems):  # not an Excel error, said already
                problems.append(Problem(cell, f"No. {player.number} has no ID"))
            continue
        if key in rows_of:
            problems.append(Problem(cell, f"ID {key} plays twice in this event (also in row {rows_of[key]})"))
            continue
        rows_of[key] = player.row
        ids[player.number] = key
        if key not in known:
            if not player.name:
                problems.append(Problem(cell, f"ID {key} is not on the Players list: give the new player's "
                                              "Name (and what the rules need to rate him) here, or add him "
                                              "to Players"))
                continue
            new[key] = entry_fields(player)
    # A listed player's row is read from the list; a new player's row must be ratable as typed.
    problems.extend(check_rows(replace(crosstable, players=tuple(p for p in crosstable.players
                                                                 if p.member_id in new))))
    known.update(new)
    games = [(game.round, ids[game.player], ids[game.opponent], game.score)
             for game in crosstable.games if game.player in ids and game.opponent in ids]
    system = settings.rating_system if settings.rating_system != ratings.rating_system else None
    event = Event(sheet, settings.end_date, games, new, name=settings.event_name or sheet,
                  start_date=settings.start_date, event_type=settings.event_type.value, rating_system=system,
                  dual_rated=settings.dual_rated, bonus_multiplier=settings.bonus_multiplier)
    return SeasonEvent(crosstable, event, number, ids, typed_unrated)
