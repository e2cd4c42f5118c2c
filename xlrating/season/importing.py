"""Several imported events (TRF, MSA text, US Chess DBF folders) into one season workbook.

Each file is read by :func:`xlrating.importers.import_file`; each of its sections becomes
an event sheet, listed on the ``Events`` sheet with its dates and settings. The
``Players`` sheet is the list the season starts from: every player who plays, by ID, as
his first event (by end date) gives him: name, rating, games and the columns his system
carries. Later events keep their typed ratings, so rating the season notes every
rating that differs from the one the season itself computed.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..crosstable.columns import fold, input_column
from ..crosstable.parse import SYSTEM_COLUMNS
from ..crosstable.values import address, text
from ..errors import FormatError, Problem
from ..importers import ImportedEvent, import_file
from ..official.identity import Sighting, identity_warnings
from ..workbook.book import save_workbook_atomic
from .file import season_workbook
from .model import (
    EVENTS_SHEET,
    HISTORY_SHEET,
    NEW_LIST_SHEET,
    NEW_PENDING_SHEET,
    PENDING_SHEET,
    PLAYERS_SHEET,
    SEASON_SHEET,
)

Rows = list[list[Any]]
#: The Events sheet's columns and the imported Event setting each comes from.
EVENT_SETTINGS = ("Event name", "Start date", "End date", "Event type", "Rating system", "Dual rated",
                  "Bonus multiplier")
#: Characters Excel refuses in a sheet name.
_BAD_SHEET = re.compile(r"[\[\]:*?/\\']")


@dataclass(frozen=True)
class ImportedSeason:
    """A season workbook's sheets from imported events, and what the importers noted."""

    sheets: Mapping[str, Rows]
    notes: tuple[str, ...] = ()


def event_files(source: str | os.PathLike[str]) -> list[Path]:
    """The events a path names: a file, a US Chess DBF folder (one event), or a folder of
    event files (each file, in name order; hidden files left out)."""
    path = Path(source)
    if path.is_dir() and not any(p.name.upper() == "THEXPORT.DBF" for p in path.iterdir()):
        return sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
    return [path]


def _sheet_name(wanted: str, taken: set[str]) -> str:
    base = _BAD_SHEET.sub(" ", wanted).strip()[:28] or "Event"
    reserved = (PLAYERS_SHEET, EVENTS_SHEET, SEASON_SHEET, HISTORY_SHEET, NEW_LIST_SHEET, PENDING_SHEET,
                NEW_PENDING_SHEET)
    if fold(base) in {fold(n) for n in reserved}:
        base = f"{base} event"
    name, count = base, 1
    while name.casefold() in taken:
        count += 1
        name = f"{base} {count}"
    taken.add(name.casefold())
    return name


def import_season(sources: Sequence[str | os.PathLike[str]], fmt: str | None = None) -> ImportedSeason:
    """The sheets of a season workbook holding every event of ``sources`` (files or folders).

    Raises :class:`~xlrating.errors.FormatError` listing every problem of every file: a
    file that cannot be read, a player without an ID (a season names its players by ID),
    events of different systems or rule editions.
    """
    problems: list[Problem] = []
    imported: list[tuple[Path, ImportedEvent]] = []
    for source in sources:
        for path in event_files(source):
            try:
                imported.append((path, import_file(path, fmt)))
            except FormatError as error:
                problems.extend(error.problems)
    if not imported and not problems:
        problems.append(Problem(", ".join(str(s) for s in sources), "no event to import"))
    systems = {(str(event.setting("System")), str(event.setting("Rules"))) for _, event in imported}
    if len(systems) > 1:
        found = ", ".join(f"{path.name}: {event.setting('System')} {event.setting('Rules')}"
                          for path, event in imported)
        problems.append(Problem("", f"a season is rated under one system and rule edition; these events "
                                    f"differ ({found})"))
    taken: set[str] = set()
    events: list[tuple[str, ImportedEvent, Any]] = []
    for path, event in imported:
        for sheet in event.sheets:
            if "ID" not in sheet.header:
                problems.append(Problem(path.name, f"{sheet.name}: no player IDs: a season names its players "
                                                   "by ID"))
                continue
            ids = sheet.column("ID")
            for number, key in zip(sheet.column("No"), ids, strict=True):
                if key in (None, ""):
                    problems.append(Problem(path.name, f"{sheet.name}: No. {number} has no ID: a season "
                                                       "names its players by ID"))
            wanted = path.stem if len(event.sheets) == 1 else f"{path.stem} {sheet.name}"
            events.append((_sheet_name(wanted, taken), event, sheet))
    if problems:
        raise FormatError(problems, title="The events cannot be imported into one season; nothing was "
                          "written.")
    system, rules = next(iter(systems))
    events.sort(key=lambda item: item[1].setting("End date") or dt.date.min)
    sheets: dict[str, Rows] = {SEASON_SHEET: [["System", system], ["Rules", rules]]}
    sheets[PLAYERS_SHEET] = _players(system, [sheet for _, _, sheet in events])
    sheets[EVENTS_SHEET] = [["Sheet", *EVENT_SETTINGS]] + [
        [name, *(event.setting(s) for s in EVENT_SETTINGS)] for name, event, _ in events]
    for name, _, sheet in events:
        sheets[name] = [list(sheet.header), *(list(row) for row in sheet.rows)]
    notes = [note for _, event in imported for note in event.notes]
    notes += [str(warning) for warning in identity_warnings(_sightings(events))]
    return ImportedSeason(sheets, tuple(notes))


def _sightings(events: Sequence[tuple[str, ImportedEvent, Any]]) -> list[Sighting]:
    """Where each player is named on the event sheets (in date order): ID and name cells."""
    found = []
    for name, _, sheet in events:
        columns = {input_column(h): i for i, h in enumerate(sheet.header, start=1) if input_column(h)}
        for index, row in enumerate(sheet.rows, start=2):
            key = text(row[columns["ID"] - 1])
            named = text(row[columns["Name"] - 1]) if "Name" in columns else None
            if key:
                found.append(Sighting(key, named or "", address(name, index, columns["ID"]),
                                      address(name, index, columns.get("Name", columns["ID"]))))
    return found


def _players(system: str, sheets: Sequence[Any]) -> Rows:
    """The starting list: each player as his first event gives him (events in date order)."""
    carried = [c for c in ("Rating", "Games", *sorted(SYSTEM_COLUMNS[system] - {"Rating", "Games", "Total"}))
               if any(input_column(h) == c for sheet in sheets for h in sheet.header)]
    carried = [c for c in carried if not c.startswith("Official")]
    rows: Rows = [["ID", "Name", *carried]]
    seen: set[Any] = set()
    for sheet in sheets:
        columns = {input_column(h): i for i, h in enumerate(sheet.header) if input_column(h) is not None}
        for row in sheet.rows:
            key = row[columns["ID"]]
            if key in seen:
                continue
            seen.add(key)
            rows.append([key, row[columns["Name"]], *(row[columns[c]] if c in columns else None
                                                       for c in carried)])
    return rows


def import_season_workbook(sources: Sequence[str | os.PathLike[str]], target: str | os.PathLike[str],
                           fmt: str | None = None) -> ImportedSeason:
    """Import ``sources`` into a new season workbook at ``target`` (atomically); nothing is
    written when any file has problems."""
    season = import_season(sources, fmt)
    save_workbook_atomic(season_workbook(season.sheets), Path(target))
    return season
