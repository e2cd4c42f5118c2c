"""Rate a season workbook's grids: read and check everything, rate the season through
:func:`xlrating.lists.rate_season`, and return the blocks to write.

Like :func:`xlrating.crosstable.rate_sheets`, this never touches a workbook: the file and
Excel adapters read the grids, call :func:`rate_season_sheets` and write the blocks.
Nothing is rated while any problem stands, and every problem names its sheet and cell.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from .. import systems
from ..crosstable import Grid, RatedEvent
from ..crosstable.columns import input_column
from ..crosstable.values import address, is_blank, quote_sheet
from ..crosstable.workbook import (
    blank_column_warning,
    blank_games_reading,
    filled,
    future_end,
    grids,
    k_warnings,
    partner_floors,
    period_games_warnings,
    rated_rows,
    said_settings,
    share_setting,
    sightings,
    unread_columns,
    unread_values,
)
from ..errors import ENGINE_ERRORS, CrosstableError, InputError, Problem
from ..lists import HistoryRow, PlayerId, rate_season
from ..lists.said import adjusted_as_of
from ..model import EventOutcome, Method, PlayerOutcome
from ..names import find_sheet
from ..official.identity import Sighting, game_key, identity_warnings, same_games_warnings, unrated_note
from ..systems import Taken, who
from .model import EVENTS_SHEET, PLAYERS_SHEET, SEASON_SHEET, RatedSeason, SeasonEvent, SeasonInput
from .pending import read_pending
from .read import (
    check_chart,
    check_list_dates,
    check_output_sheets,
    list_output_column,
    misspelt_event_columns,
    misspelt_season_settings,
    read_events,
    read_players,
    read_season_settings,
)
from .write import season_blocks


def read_season(sheets: Mapping[str, Grid], *, today: date | None = None) -> SeasonInput:
    """The season workbook read and checked; :class:`~xlrating.errors.CrosstableError` lists every problem."""
    sheets = grids(sheets)
    problems: list[Problem] = []
    settings, list_date, period, chart, chart_cell = read_season_settings(sheets, today, problems)
    ratings, rows, header, last_column, outputs = read_players(sheets, settings, list_date, problems)
    events = read_events(sheets, settings, ratings, today, problems)
    check_list_dates(rows, events, problems)
    check_output_sheets(sheets, problems)
    check_chart(chart, chart_cell, {*ratings.entries, *(key for e in events for key in e.event.players)},
                problems)
    first_end = min((event.event.end_date for event in events), default=None)
    ratings = read_pending(sheets, settings, ratings, list_date or first_end, problems)
    if problems:
        raise CrosstableError(problems, title=_title(problems))
    blank = (settings.system_note(),) if settings.system_blank else ()
    return SeasonInput(ratings, rows, tuple(events), period, header, last_column, outputs, chart, blank)


def rating_order(events: Sequence[SeasonEvent]) -> list[SeasonEvent]:
    """The events in the order they are rated: by end date, ties in the Events sheet's order."""
    return sorted(events, key=lambda e: e.event.end_date)


def rate_season_sheets(sheets: Mapping[str, Grid], *, today: date | None = None) -> RatedSeason:
    """Read, check and rate a season workbook; the rated season and the blocks to write.

    ``sheets`` maps each sheet's name to its values. Raises
    :class:`~xlrating.errors.CrosstableError` with every problem of every sheet, each
    naming its cell; then nothing is rated.
    """
    sheets = grids(sheets)
    season = read_season(sheets, today=today)
    try:
        result = rate_season(season.ratings, [e.event for e in season.events], explain=True,
                             period_months=season.period_months)
    except InputError as error:
        problems = [_placed(problem, season, sheets) for problem in error.problems]
        raise CrosstableError(problems, title=_title(problems)) from None
    except ENGINE_ERRORS as error:
        problem = Problem(quote_sheet(find_sheet(sheets, EVENTS_SHEET) or EVENTS_SHEET),
                          f"the season cannot be rated: {error}")
        raise CrosstableError([problem], title=_title([problem])) from error
    misspelt = [*misspelt_season_settings(sheets), *misspelt_event_columns(sheets)]
    notes = [*season.system_notes, *(str(warning) for warning in misspelt), *list_date_notes(season),
             *(str(warning) for warning in players_warnings(season, sheets)),
             *(str(warning) for warning in season_warnings(season, today or date.today())),
             *(str(warning) for warning in blank_games(season, sheets))]
    rated: list[RatedEvent] = []
    current = {key: entry.rating for key, entry in season.ratings.entries.items()}
    listed = {row.id: row.cell or str(row.id) for row in season.rows}
    typed = {row.id for row in season.rows if row.typed_unrated}
    for event in rating_order(season.events):
        rated.append(_rated_event(event, result.outcomes[event.event.id], result.players(event.event.id),
                                  result.history, current, notes, listed, typed))
    notes += (str(warning) for warning in defaults_taken(season, rated, sheets))
    blocks, added, new_sheets = season_blocks(season, result, rated, sheets)
    return RatedSeason(season, result, tuple(rated), blocks, added, new_sheets, tuple(notes))


def list_date_notes(season: SeasonInput) -> list[str]:
    """The default a blank List date takes, said where it decides numbers: the list is taken as
    of the first event's end, so where the edition adjusts every rating on a list dated on or
    before that (FIDE's and the ICU's of 1 March 2024) its ratings are taken as already adjusted,
    and an older list would be rated unadjusted. (Elsewhere the List date decides nothing but
    which events may be rated from the list, and nothing is said.)"""
    taken = adjusted_as_of(season.ratings, [event.event for event in season.events])
    if taken is None:
        return []
    first, adjusted = taken
    return [f"{SEASON_SHEET}: the List date is blank: the list is taken as of the first event's end, "
            f"{first.isoformat()}, its ratings as already adjusted on {adjusted.isoformat()}; "
            "give the List date if they are older"]


def players_warnings(season: SeasonInput, sheets: Mapping[str, Grid]) -> list[Problem]:
    """A warning at the Players sheet's ``Gms`` header, as at a crosstable's (FIDE's list header,
    not read as Games), at each column of the Players sheet or an event sheet that the season's
    system does not read, where it holds a value (:func:`~xlrating.crosstable.workbook.unread_values`),
    and each event's as a crosstable's (:attr:`~xlrating.systems.System.event_warnings`)."""
    sheet, header = _players_header(season, sheets)
    entry = systems.get(season.ratings.system)
    columns: dict[str, int] = {}
    for column, cell in enumerate(header, start=1):
        if (name := input_column(cell)) is not None and list_output_column(cell) is None:
            columns.setdefault(name, column)
    rows = list(sheets.get(sheet) or ())[season.players_header:]
    games = _column(header, "Games") is not None
    return [*period_games_warnings(sheet, season.players_header, header, games),
            *unread_values(sheet, season.players_header, columns, [list(row or ()) for row in rows], entry,
                           read=entry.list_only_columns),
            *_players_k(season, sheet, columns.get("K")),
            *(warning for event in rating_order(season.events)
              for warning in (*unread_columns(event.crosstable, sheets[event.crosstable.sheet]),
                              *entry.event_warnings(event.crosstable), *k_warnings(event.crosstable)))]


def _players_k(season: SeasonInput, sheet: str, column: int | None) -> list[Problem]:
    """A warning at each K of the Players sheet that is none of the K factors of the season's rules
    (as a crosstable's, :func:`~xlrating.crosstable.workbook.k_warnings`)."""
    ratings = season.ratings
    entry = systems.get(ratings.system)
    if column is None or entry.k_factors is None:
        return []
    said = ((row, entry.unknown_k(ratings.rules or None, ratings.entries[row.id].k)) for row in season.rows)
    return [Problem(address(sheet, row.row, column), f"ID {row.id}" + (f" ({row.name})" if row.name else "")
                    + f": {words}")
            for row, words in said if words is not None]


def _players_header(season: SeasonInput, sheets: Mapping[str, Grid]) -> tuple[str, list[Any]]:
    """The Players sheet's name and the cells of its header row."""
    sheet = find_sheet(sheets, PLAYERS_SHEET) or PLAYERS_SHEET
    rows = list(sheets.get(sheet) or ())
    return sheet, list(rows[season.players_header - 1] or ()) if len(rows) >= season.players_header else []


def _column(header: Sequence[Any], name: str) -> int | None:
    """The column of the header cell read as input column ``name`` (None: none is)."""
    return next((column for column, cell in enumerate(header, start=1) if input_column(cell) == name), None)


def season_warnings(season: SeasonInput, today: date) -> list[Problem]:
    """What the director should check though the season is rated as given: an End date after
    ``today`` (as on an Event sheet), one ID under two names or one name under two IDs (the Players
    sheet first, then the events in rating order), and one event on two sheets (the same games,
    players by ID)."""
    future = [warning for event in rating_order(season.events)
              for warning in future_end(event.crosstable.settings, today)]
    seen = [Sighting(str(row.id), row.name, row.cell or str(row.id)) for row in season.rows]
    for event in rating_order(season.events):
        seen.extend(sightings(event.crosstable))
    games = [(f"sheet {event.crosstable.sheet!r}",
              frozenset(game_key(round_, str(a), str(b), score) for round_, a, b, score in event.event.games))
             for event in rating_order(season.events)]
    return future + identity_warnings(seen) + same_games_warnings(games)


def blank_games(season: SeasonInput, sheets: Mapping[str, Grid]) -> list[Problem]:
    """One warning naming the Players sheet's rows whose rating has a blank ``Games`` (read as an
    established player's, as a crosstable reads it) among the players who play a game in the
    season, and one for each event sheet's new players alike, where the games could change a
    number: not beside a typed K, nor for a rating alone that the system reads as a foreign
    player's. As on a crosstable, a sheet that gives some player's Games says nothing (its blanks
    are established players, as the guide says)."""
    entry = systems.get(season.ratings.system)
    reading = Taken("Games", blank_games_reading(entry, season.ratings.rules or None), ())
    played = {key for event in season.events for _, a, b, _ in event.event.games for key in (a, b)}
    found = []
    listed = [(row.row, season.ratings.entries[row.id]) for row in season.rows
              if row.id in season.ratings.entries and row.id in played]
    fields = [(number, {name: getattr(e, name) for name in _READ}) for number, e in listed]
    if rows := _blank_games(entry, fields):
        sheet, header = _players_header(season, sheets)
        found.append(blank_column_warning(sheet, season.players_header, _column(header, "Games"), reading,
                                          rows))
    for event in rating_order(season.events):
        crosstable, new = event.crosstable, event.event.players
        row_of = {event.ids[player.number]: player.row for player in crosstable.players
                  if player.number in event.ids}
        rows = _blank_games(entry, [(row_of[key], typed) for key, typed in new.items() if key in played])
        if rows:
            found.append(blank_column_warning(crosstable.sheet, crosstable.header_row,
                                              crosstable.columns.get("Games"), reading, rows))
    return found


def defaults_taken(season: SeasonInput, rated: Sequence[RatedEvent],
                   sheets: Mapping[str, Grid]) -> list[Problem]:
    """The system's own defaults (:attr:`~xlrating.systems.System.taken`: a FIDE player's blank Birth
    date, an ICU event's blank Start date, a Handbook Swiss whose players all met each other) as a
    crosstable says them, each event's players read with their season data (a listed player's
    from Players, a new one's from his event row) and the rating he was rated from: a column's
    once for the sheet that holds it (Players, or the event sheet of new players), unless that sheet
    fills it for some player; a setting's once at its cell, naming each event sheet's rows."""
    entry = systems.get(season.ratings.system)
    if entry.taken is None:
        return []
    players, header = _players_header(season, sheets)
    on_list = {row.id: row.row for row in season.rows}
    found: list[Problem | tuple[str, str]] = []
    shared: dict[tuple[str, str], list[tuple[str, list[int]]]] = {}
    columns: dict[tuple[str, str], tuple[Taken, SeasonEvent, set[int]]] = {}
    for event, rated_event in zip(rating_order(season.events), rated, strict=True):
        crosstable, outcome = event.crosstable, rated_event.outcomes[0]
        rows = [replace(p, rating=outcome.player(p.number).pre_rating,
                        **_season_fields(season, event.event.players, event.ids[p.number]))
                for p in rated_rows(crosstable.players, outcome) if p.number in event.ids]
        for default in entry.taken_in(rated_event.settings, rows, outcome):
            if default.setting:
                found += share_setting(shared, rated_event.settings, default, crosstable.sheet,
                                       [row.row for row in default.rows])
                continue
            for row in default.rows:
                key = event.ids[row.number]
                sheet, number = (players, on_list[key]) if key in on_list else (crosstable.sheet, row.row)
                columns.setdefault((sheet, default.blank), (default, event, set()))[2].add(number)
    for (sheet, blank), (default, event, numbers) in columns.items():
        if sheet == players:
            if _filled_on_players(season, sheets, _column(header, blank)):
                continue
            found.append(blank_column_warning(sheet, season.players_header, _column(header, blank), default,
                                              sorted(numbers)))
        elif not filled(event.crosstable, default):
            crosstable = event.crosstable
            found.append(blank_column_warning(sheet, crosstable.header_row, crosstable.columns.get(blank),
                                              default, sorted(numbers)))
    found += [warning for rated_event in rated for warning in partner_floors(rated_event, entry)]
    return said_settings(found, shared)


def _season_fields(season: SeasonInput, new: Mapping[PlayerId, Mapping[str, Any]],
                   key: PlayerId) -> dict[str, Any]:
    """The fields a default reads (:data:`_READ` but the rating) of player ``key``: a listed
    player's from the list, a new one's as his event row gives them."""
    listed = season.ratings.entries.get(key)
    if listed is not None:  # a list entry's counts are 0 where the Players sheet leaves them blank
        return {name: (getattr(listed, name) or None) if name in _COUNTS else getattr(listed, name)
                for name in _READ if name != "rating"}
    return {name: new.get(key, {}).get(name) for name in _READ if name != "rating"}


def _filled_on_players(season: SeasonInput, sheets: Mapping[str, Grid], column: int | None) -> bool:
    """Whether some player's cell in the Players sheet's ``column`` (1-based; None: no such column)
    is filled: then the blank ones are the director's way of saying the usual, as on a crosstable."""
    if column is None:
        return False
    rows = list(sheets.get(find_sheet(sheets, PLAYERS_SHEET) or PLAYERS_SHEET) or ())
    return any(len(cells) >= column and not is_blank(cells[column - 1])
               for cells in (list(row or ()) for row in rows[season.players_header:]))


#: The fields :func:`_blank_games` and the system's defaults read.
_READ = ("rating", "games", "k", "birth_date", "joined", "floor", "peak", "wins", "draws", "events")
#: A list entry's lifetime counts (US Chess floors), 0 where not given.
_COUNTS = ("wins", "draws", "events")


def _blank_games(entry: systems.System, rows: Sequence[tuple[int, Mapping[str, Any]]]) -> list[int]:
    """The rows (of one sheet: row number, the player's fields) whose rating has a blank Games that
    changes a number (no K typed; not a rating alone, which the ICU reads as a foreign player's),
    unless some row gives its Games."""
    if any(fields.get("games") is not None for _, fields in rows):
        return []
    return sorted(number for number, fields in rows
                  if entry.games_taken(fields.get("rating"), None, fields.get("k"), fields.get("birth_date"),
                                       fields.get("joined")))


def _rated_event(event: SeasonEvent, outcomes: Sequence[EventOutcome],
                 by_id: Sequence[Mapping[PlayerId, PlayerOutcome]],
                 history: Mapping[PlayerId, Sequence[HistoryRow]],
                 current: dict[PlayerId, float | None], notes: list[str],
                 listed: Mapping[PlayerId, str], typed: Collection[PlayerId]) -> RatedEvent:
    """The event's outcomes (``by_id``: their players' outcomes by ID, as the season gives them)
    renumbered to its pairing numbers, with a note for every typed rating that disagrees with the
    list and every player rated as unrated but those ``unr`` says are (``listed``: the ID cell on
    Players of each listed player; ``typed``: the listed players whose Rating there says ``unr``);
    ``current`` moves on to the ratings after it."""
    crosstable = event.crosstable
    rows = {key: next(row for row in history[key] if row.event == event.event.id)
            for key in by_id[0]}
    disagreements: dict[int, str] = {}
    _unrated_notes(event, rows, listed, typed, disagreements, notes)
    if len(by_id) > 1:
        _unrated_partner_notes(event, by_id[1], listed, disagreements, notes)
    _rating_notes(event, rows, current, disagreements, notes)
    renumbered = [_renumbered(event, outcome, by_id[index], current if index == 0 else {}, disagreements)
                  for index, outcome in enumerate(outcomes)]
    for key, row in rows.items():
        current[key] = row.post
    for key in event.event.players:
        current.setdefault(key, None)
    return RatedEvent(crosstable=crosstable, settings=crosstable.settings, outcomes=tuple(renumbered))


def _unrated_notes(event: SeasonEvent, rows: Mapping[PlayerId, HistoryRow], listed: Mapping[PlayerId, str],
                   typed: Collection[PlayerId], disagreements: dict[int, str], notes: list[str]) -> None:
    """A note for every player of the event rated as unrated (at his ID cell, and on his outcome),
    unless his Rating cell says ``unr``, on the event's sheet or on Players (``typed``): a forgotten
    rating must not pass for an unrated player without a word, a typed ``unr`` is said on purpose."""
    crosstable = event.crosstable
    for player in crosstable.players:
        key = event.ids.get(player.number, "")
        if player.number in event.typed_unrated or key in typed:
            continue
        if key in rows and rows[key].pre is None:
            where = listed.get(key)
            text = unrated_note(str(key), where, listed=True) if where is not None else unrated_note(str(key))
            disagreements[player.number] = text
            notes.append(f"{address(crosstable.sheet, player.row, crosstable.columns.get('ID', 1))}: "
                         f"{who(player)} {text}")


def _unrated_partner_notes(event: SeasonEvent, by_id: Mapping[PlayerId, PlayerOutcome],
                           listed: Mapping[PlayerId, str], disagreements: dict[int, str],
                           notes: list[str]) -> None:
    """A note for every player of a dual-rated event rated as unrated in its second rating system
    (US Chess Quick): his initial rating there is worked out (from his Regular rating...), which is
    right for a player who has none and wrong for one whose rating the list lacks."""
    crosstable = event.crosstable
    settings = crosstable.settings
    partner = systems.get(settings.system).dual_partner(settings.rating_system) or ""
    for player in crosstable.players:
        key = event.ids.get(player.number, "")
        found = by_id.get(key)
        if found is None or found.pre_rating is not None or not found.rated_games:
            continue
        where = listed.get(key)
        said = (f"has no {partner} rating on the list ({where})" if where is not None
                else f"is new and his {partner} is blank")
        text = (f"rated as unrated in {partner}: ID {key} {said}; if the player has a {partner} rating, "
                f"type it in a {partner} column (or fill it from the official list: xlrating fill)")
        disagreements[player.number] = "; ".join(filter(None, (disagreements.get(player.number), text)))
        notes.append(f"{address(crosstable.sheet, player.row, crosstable.columns.get('ID', 1))}: "
                     f"{who(player)} {text}")


def _rating_notes(event: SeasonEvent, rows: Mapping[PlayerId, HistoryRow],
                  current: Mapping[PlayerId, float | None], disagreements: dict[int, str],
                  notes: list[str]) -> None:
    """A note for every listed player's typed rating that differs from the list's before the
    event (at his Rating cell, and on his outcome): the list's rating is the one used."""
    crosstable = event.crosstable
    for player in crosstable.players:
        key = event.ids.get(player.number)
        if key is None or key in event.event.players or player.rating is None:
            continue
        on_list = rows[key].pre if key in rows else current.get(key)
        if on_list is None or abs(player.rating - on_list) >= 0.5:
            shown = "unrated" if on_list is None else f"{on_list:.0f}"
            text = (f"Rating {player.rating:g} is typed, but the list gives {shown} before this event; "
                    "the list's rating was used")
            disagreements[player.number] = "; ".join(filter(None, (disagreements.get(player.number), text)))
            column = crosstable.columns.get("Rating", 1)
            notes.append(f"{address(crosstable.sheet, player.row, column)}: {text}")


def _renumbered(event: SeasonEvent, outcome: EventOutcome, by_id: Mapping[PlayerId, PlayerOutcome],
                current: Mapping[PlayerId, float | None], disagreements: Mapping[int, str]) -> EventOutcome:
    """One outcome of the event with its players by pairing number, in the crosstable's order: a
    player without games is not rated (his ``current`` rating kept: the list's own system only,
    the first outcome), each with his notes."""
    players: list[PlayerOutcome] = []
    for player in event.crosstable.players:
        key = event.ids[player.number]
        if key in by_id:
            found = replace(by_id[key], player=player.number)
        else:
            rating = current.get(key)
            found = PlayerOutcome(player.number, Method.NOT_RATED, 0, 0.0, rating, None, rating)
        if player.number in disagreements:
            found = replace(found, notes=(*found.notes, disagreements[player.number]))
        players.append(found)
    return replace(outcome, players=tuple(players))


def _placed(problem: Problem, season: SeasonInput, sheets: Mapping[str, Grid]) -> Problem:
    """A problem of :func:`xlrating.lists.rate_season` at its cell: a list entry at its ID on
    Players, an event at its row of the Events sheet."""
    where = problem.where
    players = find_sheet(sheets, PLAYERS_SHEET) or PLAYERS_SHEET
    events = find_sheet(sheets, EVENTS_SHEET) or EVENTS_SHEET
    listed = {row.id: row.cell or address(players, row.row, 1) for row in season.rows}
    for row in season.rows:
        if where == f"list entry {row.id}":
            return Problem(listed[row.id], f"ID {row.id}: {problem.message}")
    for event in season.events:
        # An engine's problem with one player of the event: at his row of the event sheet.
        for number, key in event.ids.items():
            if where == f"event {event.event.id}: player {key!r}":
                crosstable = event.crosstable
                player = crosstable.player(number)
                cell = address(crosstable.sheet, player.row, crosstable.columns.get("ID", 1))
                data = f" (the player's data: {listed[key]})" if key in listed else ""
                return Problem(cell, f"ID {key}: {problem.message}{data}")
    for event in season.events:
        if where.startswith(f"event {event.event.id}"):
            rest = where[len(f"event {event.event.id}"):].lstrip(": ")
            message = f"{rest}: {problem.message}" if rest else problem.message
            return Problem(address(events, event.events_row, 1), f"{event.event.id}: {message}")
    return problem


def _title(problems: list[Problem]) -> str:
    count = len(problems)
    return f"The season has {count} error{'s' if count != 1 else ''}; nothing was rated or written."
