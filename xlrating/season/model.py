"""The plain data of a season workbook: where each player and event is, and what rating gave.

A season workbook reaches this package as grids (a sheet's values from A1), like a
crosstable workbook reaches :mod:`xlrating.crosstable`; rows and columns are 1-based.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from ..crosstable import AddedColumns, Block, Crosstable, RatedEvent
from ..lists import Event, HistoryRow, PlayerId, RatingList, SeasonResult

PLAYERS_SHEET = "Players"
EVENTS_SHEET = "Events"
SEASON_SHEET = "Season"
HISTORY_SHEET = "History"
NEW_LIST_SHEET = "New list"
PENDING_SHEET = "Pending"
NEW_PENDING_SHEET = "New pending"


@dataclass(frozen=True)
class ListRow:
    """A player of the ``Players`` sheet: his ID, name and 1-based sheet row."""

    id: PlayerId
    name: str
    row: int
    cell: str = ""
    """The address of his ID cell (``Players!A7``)."""
    dates: tuple[tuple[str, date, str], ...] = ()
    """The dates of his row an event he plays must not precede: (column, date, cell), as
    ``("Birth date", date(1990, 5, 17), "Players!E7")``."""
    typed_unrated: bool = False
    """His Rating cell says ``unr``: unrated on purpose, not a rating left blank."""


@dataclass(frozen=True)
class SeasonEvent:
    """One event of the season: its ``Events`` row, its crosstable and the list's event."""

    crosstable: Crosstable
    event: Event
    """The event as :func:`xlrating.lists.rate_season` rates it (ID: the sheet's name)."""
    events_row: int
    """The 1-based row of the ``Events`` sheet that lists it."""
    ids: Mapping[int, PlayerId]
    """Pairing number -> player ID."""
    typed_unrated: frozenset[int] = frozenset()
    """The pairing numbers of the players whose Rating cell says ``unr`` (unrated on purpose: no
    note that a rating may have been forgotten)."""


#: How many players the season report's chart follows when the director names none: the top
#: of the new list.
CHART_TOP = 10


@dataclass(frozen=True)
class ChartSetting:
    """Whom the season report's rating-history chart follows, as the ``Season`` sheet says.

    ``Chart players`` names them by ID (separated by commas); else ``Chart top`` gives how
    many of the highest rated of the new list; else the report's default (the top
    :data:`CHART_TOP`)."""

    players: tuple[PlayerId, ...] = ()
    top: int | None = None


@dataclass(frozen=True)
class SeasonInput:
    """A season workbook read and checked: the starting list, its rows and the events."""

    ratings: RatingList
    rows: tuple[ListRow, ...]
    events: tuple[SeasonEvent, ...]
    """In the order of the ``Events`` sheet."""
    period_months: int | None
    players_header: int
    """The 1-based header row of the ``Players`` sheet."""
    players_last_column: int
    players_outputs: Mapping[str, int]
    """Output headers already on the ``Players`` sheet -> 1-based column."""
    chart: ChartSetting = ChartSetting()
    """The season report's chart setting (every ID checked: on the list or new in an event)."""
    system_notes: tuple[str, ...] = ()
    """The Season sheet's blank System said, as an Event sheet's is
    (:meth:`~xlrating.crosstable.EventSettings.system_note`); else nothing."""


@dataclass(frozen=True)
class RatedSeason:
    """Everything rating a season workbook produced: the season, each event, the writes.

    ``new_sheets`` names the sheets the blocks write that the workbook may not have yet
    (``History``, ``New list`` and, for FIDE, ``New pending``): an adapter creates them
    before writing.
    """

    season: SeasonInput
    result: SeasonResult
    events: tuple[RatedEvent, ...]
    """Each event's crosstable and outcomes, in rating order (end dates, then the Events order)."""
    blocks: tuple[Block, ...]
    added: tuple[AddedColumns, ...]
    new_sheets: tuple[str, ...]
    notes: tuple[str, ...]
    """Things the director should check, each with its cell: typed ratings that disagree with the
    list, every default the season took where it changed a number (a blank List date, Games,
    Birth date, Peak...), identities to check; from a file
    (:func:`~xlrating.workbook.season.rate_season_workbook`), the formula cells read as blank.
    The command line prints these as its warnings."""


def list_history(result: SeasonResult, key: PlayerId) -> tuple[HistoryRow, ...]:
    """A player's history in the list's own rating system: one row per event he played (a
    dual-rated US Chess event's second row, for the other rating system, left out)."""
    seen: set[str] = set()
    rows = []
    for row in result.history.get(key, ()):
        if row.event not in seen:
            seen.add(row.event)
            rows.append(row)
    return tuple(rows)
