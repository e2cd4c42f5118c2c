"""The season report: the list before and after, every event's summary and a rating-history chart.

:func:`season_report` makes it as a :class:`~xlrating.report.content.Report` (plain data,
as the single event's report is), so the writers of :mod:`xlrating.report` render it:
:func:`write_season_report` to a new ``.xlsx`` file (``xlrating season --report``, classic
Excel's macro), :func:`xlrating.excel.report.write_sheets` as new sheets of the season
workbook (xlwings Lite). Its sheets:

- **Summary**: the system, the rules, the list's size before and after, a table with a
  row per event in rating order, then the run's notes;
- **Ratings**: every player of the new list, his rating before and after, the change,
  the events and games he played;
- **Chart**: a row per point of the rating history (the start, then each event) of the
  players the chart follows, and a line chart of it.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path

from .. import systems
from ..crosstable import RatedEvent
from ..errors import ArgumentError
from ..lists import PlayerId
from ..season.model import CHART_TOP, RatedSeason, list_history
from ..season.read import CHART_TOP_LIMIT, CHART_TOP_REASON
from .build import text
from .content import (
    DATE,
    RATING,
    SIGNED,
    Cell,
    Chart,
    ChartKind,
    Column,
    PageSetup,
    Range,
    Report,
    Series,
    Sheet,
    Style,
    Table,
    Value,
)
from .xlsx import write_report

__all__ = ["TOP", "chart_players", "event_rules", "season_report", "write_season_report"]

TOP = CHART_TOP
"""How many players the chart shows when the director names none: the top of the new list."""
SUMMARY, RATINGS, CHART = "Summary", "Ratings", "Chart"
TITLE = "Season report"
#: The header row of the Summary sheet's table of events (the lines above: title, system,
#: rules, the list's size before and after).
EVENTS_ROW = 7
#: Counts in a table: like ``General``, with the little space after a number that keeps it
#: off the text of the next column.
WHOLE = "0_)"
#: The rating axis runs between multiples of this many points around the charted ratings.
_AXIS_STEP = 100.0


def event_rules(event: RatedEvent) -> str:
    """The rules an event was rated under: ``USCF 2020 Regular``, ``... and USCF 2020 Quick``."""
    return " and ".join(o.rules + (f" {o.rating_system}" if o.rating_system else "") for o in event.outcomes)


def chart_players(rated: RatedSeason, players: Sequence[PlayerId] | None = None, top: int | None = None
                  ) -> list[PlayerId]:
    """The players the chart follows: those named (every ID must be on the new list), else
    the ``top`` highest rated of the new list (ties in list order).

    With neither ``players`` nor ``top``, the ``Season`` sheet's ``Chart players`` or
    ``Chart top`` decides, else the top :data:`TOP`.
    """
    if players is None and top is None:
        players, top = rated.season.chart.players, rated.season.chart.top
    top = TOP if top is None else top
    new = rated.result.list
    if players:
        missing = [str(key) for key in players if key not in new]
        if missing:
            raise ArgumentError(f"not on the season's list: {', '.join(missing)}")
        if len(set(players)) > CHART_TOP_LIMIT:
            raise ArgumentError(f"the chart follows at most {CHART_TOP_LIMIT} players ({CHART_TOP_REASON}), "
                                f"not {len(set(players))}")
        return list(players)
    if not 1 <= top <= CHART_TOP_LIMIT:
        raise ArgumentError(f"the chart follows 1 to {CHART_TOP_LIMIT} players ({CHART_TOP_REASON}), not top "
                            f"{top}")
    ranked = sorted((entry for entry in new if entry.rating is not None), key=lambda e: -float(e.rating or 0))
    return [entry.id for entry in ranked[:top]]


def season_report(rated: RatedSeason, players: Sequence[PlayerId] | None = None, top: int | None = None
                  ) -> Report:
    """The season report of ``rated``, its chart following ``players`` (else the ``top`` N;
    with neither, as the ``Season`` sheet says: see :func:`chart_players`)."""
    followed = chart_players(rated, players, top)
    page = PageSetup(paper=systems.get(rated.season.ratings.system).paper, header=TITLE)
    return Report(TITLE, (_summary(rated, page), _ratings(rated, page), _chart(rated, followed, page)))


def write_season_report(rated: RatedSeason, path: str | os.PathLike[str], *,
                        players: Sequence[PlayerId] | None = None, top: int | None = None) -> Path:
    """Write the season report of ``rated`` to the new ``.xlsx`` file ``path``, atomically."""
    return write_report(season_report(rated, players, top), path)


def _summary(rated: RatedSeason, page: PageSetup) -> Sheet:
    season, result = rated.season, rated.result
    rules = rated.events[0].outcomes[0].rules if rated.events else None
    cells = [Cell(1, 1, TITLE, style=Style.TITLE)]
    for row, (label, value) in enumerate((("System", season.ratings.system), ("Rules", rules),
                                          ("Players before", len(season.ratings)),
                                          ("Players after", len(result.list))), start=2):
        cells += [Cell(row, 1, label, style=Style.LABEL), Cell(row, 2, value)]
    rows: list[tuple[Value, ...]] = []
    for event in rated.events:
        settings, crosstable = event.settings, event.crosstable
        new = len(next(e for e in season.events if e.crosstable is crosstable).event.players)
        rows.append((text(crosstable.sheet), text(settings.event_name or crosstable.sheet),
                     settings.start_date, settings.end_date, len(crosstable.players), len(crosstable.games),
                     event_rules(event),
                     f"{new} new player{'s' if new != 1 else ''}" if new else None))
    columns = (Column("Event", width=14.0), Column("Name", width=26.0), Column("Start date", DATE, 12.0),
               Column("End date", DATE, 12.0), Column("Players", WHOLE, 9.0),
               Column("Rated games", WHOLE, 9.0, wrap=True), Column("Rules", width=24.0),
               Column("Notes", width=16.0))
    events = Table("Events", EVENTS_ROW, 1, columns, tuple(rows))
    heights = [(EVENTS_ROW, 30.0)]
    if rated.notes:
        row = events.last_row + 2
        cells.append(Cell(row, 1, "Notes", style=Style.HEADING))
        width = sum(column.width for column in columns)
        for number, note in enumerate(rated.notes, start=row + 1):
            # A note wraps across the table's width (a word-wrap estimate of its lines).
            cells.append(Cell(number, 1, text(note), style=Style.NOTE, span=len(columns)))
            lines = math.ceil(len(note) / (width - 10))
            if lines > 1:
                heights.append((number, 15.0 * lines))
    return Sheet(SUMMARY, cells=tuple(cells), tables=(events,), page=page, row_heights=tuple(heights))


def _ratings(rated: RatedSeason, page: PageSetup) -> Sheet:
    before, result = rated.season.ratings, rated.result
    rows: list[tuple[Value, ...]] = []
    for entry in result.list:
        start = before[entry.id].rating if entry.id in before else None
        history = list_history(result, entry.id)
        change = entry.rating - start if entry.rating is not None and start is not None else None
        rows.append((text(entry.id), text(entry.name or ""), start, entry.rating, change,
                     len({h.event for h in history}), sum(h.games for h in history)))
    columns = (Column("ID", width=12.0), Column("Name", width=26.0), Column("Before", RATING, 10.0),
               Column("After", RATING, 10.0), Column("Change", SIGNED, 10.0, signed=True),
               Column("Events played", WHOLE, 9.0, wrap=True), Column("Games played", WHOLE, 9.0, wrap=True))
    table = Table("Ratings", 1, 1, columns, tuple(rows))
    return Sheet(RATINGS, tables=(table,), freeze=(2, 3), row_heights=((1, 30.0),),
                 page=PageSetup(paper=page.paper, header=page.header, title_rows=(1, 1)))


def _chart(rated: RatedSeason, followed: Sequence[PlayerId], page: PageSetup) -> Sheet:
    """The rating of each followed player at the start and after each event (carried over the
    events he did not play; blank until he first has a rating), and its line chart."""
    before, result = rated.season.ratings, rated.result
    current = {key: before[key].rating if key in before else None for key in followed}
    points: list[tuple[Value, ...]] = [("Start", *(current[key] for key in followed))]
    for event in rated.events:
        sheet = event.crosstable.sheet
        for key in followed:
            for row in list_history(result, key):
                if row.event == sheet:
                    current[key] = row.post
        points.append((text(sheet), *(current[key] for key in followed)))
    names = [text(result.list[key].name or key) for key in followed]
    columns = (Column("Event", width=14.0), *(Column(name, RATING, 14.0) for name in names))
    data = Table("RatingHistory", 1, 1, columns, tuple(points), listed=False)
    first, last = 2, data.last_row
    ratings = [float(v) for row in points for v in row[1:] if isinstance(v, (int, float))]
    if not ratings:
        note = Cell(data.last_row + 2, 1, "No player the chart follows has a rating: no history to chart.",
                    style=Style.NOTE)
        return Sheet(CHART, cells=(note,), tables=(data,), page=page)
    low = math.floor(min(ratings) / _AXIS_STEP) * _AXIS_STEP
    high = max(math.ceil(max(ratings) / _AXIS_STEP) * _AXIS_STEP, low + _AXIS_STEP)
    categories = Range(CHART, 1, first, last)
    series = tuple(Series(name, Range(CHART, 2 + i, first, last), categories) for i, name in enumerate(names))
    chart = Chart(ChartKind.LINE, "Rating history", "After event", "Rating", series, row=data.last_row + 3,
                  column=1, width=24.0, height=12.0, y_bounds=(low, high))
    return Sheet(CHART, tables=(data,), charts=(chart,), page=page)
