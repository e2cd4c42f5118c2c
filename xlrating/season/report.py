"""The season report: a new workbook with the list before and after, every event's summary
and a rating-history chart.

:func:`report_tables` is the pure part (rows of values); :func:`write_season_report`
writes them with openpyxl, adds the line chart and saves the report atomically.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.chart import LineChart, Reference
from openpyxl.styles import Font

from ..crosstable import RatedEvent
from ..errors import ArgumentError
from ..lists import PlayerId
from ..workbook.book import save_workbook_atomic
from .model import RatedSeason, list_history

#: How many players the chart shows when the director names none: the top of the new list.
TOP = 10


@dataclass(frozen=True)
class SeasonReport:
    """The report's sheets as rows of values, and the players the chart follows."""

    summary: tuple[tuple[Any, ...], ...]
    ratings: tuple[tuple[Any, ...], ...]
    """ID, Name, Before, After, Change, Events played, Games played; a row per player of the new list."""
    chart: tuple[tuple[Any, ...], ...]
    """Header ``Event`` and the charted players' names; a row per point (Start, then each event)."""


def event_rules(event: RatedEvent) -> str:
    """The rules an event was rated under: ``USCF 2020 Regular``, ``... and USCF 2020 Quick``."""
    return " and ".join(o.rules + (f" {o.rating_system}" if o.rating_system else "") for o in event.outcomes)


def chart_players(rated: RatedSeason, players: Sequence[PlayerId] = (), top: int = TOP) -> list[PlayerId]:
    """The players the chart follows: those named (every ID must be on the new list), else
    the ``top`` highest rated of the new list (ties in list order)."""
    new = rated.result.list
    if players:
        missing = [str(key) for key in players if key not in new]
        if missing:
            raise ArgumentError(f"not on the season's list: {', '.join(missing)}")
        return list(players)
    if top < 1:
        raise ArgumentError(f"the chart needs at least one player, not top {top}")
    ranked = sorted((entry for entry in new if entry.rating is not None), key=lambda e: -float(e.rating or 0))
    return [entry.id for entry in ranked[:top]]


def report_tables(rated: RatedSeason, players: Sequence[PlayerId] = (), top: int = TOP) -> SeasonReport:
    """The report's tables for ``rated``, the chart following ``players`` (else the ``top`` N)."""
    season, result = rated.season, rated.result
    ratings = season.ratings
    summary: list[tuple[Any, ...]] = [
        ("Season report",),
        ("System", ratings.system), ("Rules", rated.events[0].outcomes[0].rules if rated.events else ""),
        ("Players before", len(ratings)), ("Players after", len(result.list)),
        (),
        ("Event", "Name", "Start date", "End date", "Players", "Rated games", "Rules", "Notes"),
    ]
    for event in rated.events:
        settings = event.settings
        rules = event_rules(event)
        new = len(next(e for e in season.events if e.crosstable is event.crosstable).event.players)
        summary.append((event.crosstable.sheet, settings.event_name or event.crosstable.sheet,
                        settings.start_date, settings.end_date, len(event.crosstable.players),
                        len(event.crosstable.games), rules, f"{new} new player{'s' if new != 1 else ''}"
                        if new else None))
    if rated.notes:
        summary += [(), ("Notes",), *((note,) for note in rated.notes)]
    rows: list[tuple[Any, ...]] = [
        ("ID", "Name", "Before", "After", "Change", "Events played", "Games played"),
    ]
    for entry in result.list:
        before = ratings[entry.id].rating if entry.id in ratings else None
        history = list_history(result, entry.id)
        change = entry.rating - before if entry.rating is not None and before is not None else None
        rows.append((entry.id, entry.name, before, entry.rating, change, len({h.event for h in history}),
                     sum(h.games for h in history)))
    followed = chart_players(rated, players, top)
    chart: list[tuple[Any, ...]] = [("Event", *(result.list[key].name or str(key) for key in followed))]
    current = {key: ratings[key].rating if key in ratings else None for key in followed}
    chart.append(("Start", *(current[key] for key in followed)))
    for event in rated.events:
        for key in followed:
            for row in list_history(result, key):
                if row.event == event.crosstable.sheet:
                    current[key] = row.post
        chart.append((event.crosstable.sheet, *(current[key] for key in followed)))
    return SeasonReport(tuple(summary), tuple(rows), tuple(chart))


def write_season_report(rated: RatedSeason, path: str | os.PathLike[str], *, players: Sequence[PlayerId] = (),
                        top: int = TOP) -> Path:
    """Write the season report of ``rated`` to ``path`` (an ``.xlsx``, atomically)."""
    target = Path(path)
    if target.suffix.lower() != ".xlsx":
        raise ArgumentError(f"{target}: the season report must be saved as .xlsx")
    tables = report_tables(rated, players, top)
    book = Workbook()
    first = book.active
    assert first is not None
    book.remove(first)
    for name, rows in (("Summary", tables.summary), ("Ratings", tables.ratings), ("Chart", tables.chart)):
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
        header = 7 if name == "Summary" else 1
        for cell in sheet[header]:
            cell.font = Font(bold=True)
        for column in sheet.columns:
            for cell in column:
                if isinstance(cell.value, float):
                    cell.number_format = "0"
                elif isinstance(cell.value, dt.date):
                    cell.number_format = "yyyy-mm-dd"
        sheet.column_dimensions["B"].width = 24
    book["Summary"]["A1"].font = Font(bold=True, size=14)
    sheet = book["Chart"]
    chart = LineChart()
    chart.title = "Rating history"
    chart.y_axis.title = "Rating"
    chart.x_axis.title = "After event"
    count = len(tables.chart)
    chart.add_data(Reference(sheet, min_col=2, max_col=len(tables.chart[0]), min_row=1, max_row=count),
                   titles_from_data=True)
    chart.set_categories(Reference(sheet, min_col=1, min_row=2, max_row=count))
    chart.width, chart.height = 24, 12
    sheet.add_chart(chart, f"A{count + 3}")
    book.properties.creator = "xlrating"
    book.properties.title = "xlrating season report"
    save_workbook_atomic(book, target)
    return target
