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

from .. import systems
from ..crosstable.columns import fold, input_column
from ..crosstable.values import address, text
from ..errors import FormatError, Problem
from ..official.identity import Sighting, identity_warnings
from ..season.model import (
    EVENTS_SHEET,
    HISTORY_SHEET,
    NEW_LIST_SHEET,
    NEW_PENDING_SHEET,
    PENDING_SHEET,
    PLAYERS_SHEET,
    SEASON_SHEET,
)
from ..workbook.add import MAX_SHEET_NAME
from ..workbook.book import save_workbook_atomic
from ..workbook.season import season_workbook
from . import ImportedEvent, import_file
from .msa import NO_DATES

Rows = list[list[Any]]
#: The Events sheet's columns and the imported Event setting each comes from.
EVENT_SETTINGS = ("Event name", "Start date", "End date", "Event type", "Rating system", "Dual rated",
                  "Bonus multiplier")
#: Characters Excel refuses in a sheet name, and control characters (which no workbook holds).
_BAD_SHEET = re.compile(r"[\[\]:*?/\\]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


@dataclass(frozen=True)
class ImportedSeason:
    """A season workbook's sheets from imported events, and what the importers said: as an
    :class:`~xlrating.importers.ImportedEvent`'s, each naming its file."""

    sheets: Mapping[str, Rows]
    notes: tuple[str, ...] = ()
    """Information (an event's sheet name and why, the edition a file was read as)."""
    warnings: tuple[str, ...] = ()
    """What to check or act on before rating (a file left out, an event without dates, one ID
    under two names...)."""


def event_files(source: str | os.PathLike[str], warnings: list[str] | None = None) -> list[Path]:
    """The events a path names: a file, a US Chess DBF folder (one event), or a folder of
    event files and DBF folders (each, in name order; hidden files left out). Anything else
    in a folder (another folder, a pipe) is left out, with a warning in ``warnings``."""
    path = Path(source)
    if not path.is_dir() or _is_dbf_folder(path):
        return [path]
    found = []
    for item in sorted(path.iterdir()):
        if item.name.startswith("."):
            continue
        if item.is_file() or (item.is_dir() and _is_dbf_folder(item)):
            found.append(item)
        elif warnings is not None:
            what = "a folder without a US Chess DBF event (THEXPORT.DBF)" if item.is_dir() else \
                "not a regular file"
            warnings.append(f"{shown(item)}: left out ({what})")
    return found


def _is_dbf_folder(path: Path) -> bool:
    try:
        return path.is_dir() and any(p.name.upper() == "THEXPORT.DBF" for p in path.iterdir())
    except OSError:
        return False


def shown(path: Path) -> str:
    """A path as a message shows it: a name the file system holds as bytes that are not UTF-8
    read as Windows-1252 (see :func:`file_stem`), control characters escaped (``\\t``)."""
    text = str(path)
    if _undecoded(text):
        text = os.fsencode(path).decode("cp1252", errors="replace")
    return _CONTROL.sub(lambda found: repr(found.group(0))[1:-1], text)


def _undecoded(text: str) -> bool:
    """Whether ``text`` holds bytes the file system gave that are not UTF-8 (surrogate escapes)."""
    return any("\udc80" <= character <= "\udcff" for character in text)


def file_stem(path: Path) -> tuple[str, str | None]:
    """A file's name without its suffix as text, and why it differs from the name as given: a
    name that is not UTF-8 (written by an older Windows program) is read as Windows-1252."""
    if not _undecoded(path.stem):
        return path.stem, None
    return os.fsencode(path.stem).decode("cp1252", errors="replace"), "its name read as Windows-1252"


#: The names of a season workbook's own sheets, which no event sheet may take.
RESERVED = (PLAYERS_SHEET, EVENTS_SHEET, SEASON_SHEET, HISTORY_SHEET, NEW_LIST_SHEET, PENDING_SHEET,
            NEW_PENDING_SHEET)


def sheet_name(wanted: str, taken: set[str]) -> tuple[str, list[str]]:
    """A sheet name Excel accepts for ``wanted``, not in ``taken`` (folded names; the name is
    added), and why it differs from ``wanted``: a control character or one of ``[ ] : * ? / \\``
    replaced by a space, an apostrophe at either end dropped, a season's own sheet name,
    more than Excel's 31 characters (cut in the middle: the end, which often tells events
    apart, stays), or another event's name (a number added)."""
    why: list[str] = []
    name = _CONTROL.sub(" ", wanted)
    if name != wanted:
        why.append("a control character replaced by a space")
    cleaned = _BAD_SHEET.sub(" ", name)
    if cleaned != name:
        why.append("[ ] : * ? / \\ replaced by a space (Excel refuses them in a sheet name)")
    spaced = " ".join(cleaned.split())
    name = spaced.strip("'").strip() or "Event"
    if name != spaced:
        why.append("an apostrophe at its start or end dropped (Excel refuses them there)")
    if fold(name) in {fold(n) for n in RESERVED}:
        name = f"{name} event"
        why.append("a season workbook's own sheet has that name")
    if len(name) > MAX_SHEET_NAME:
        why.append(f"Excel's sheet names hold at most {MAX_SHEET_NAME} characters")
    base, count = name, 1
    name = _fit(base, "")
    while fold(name) in taken:
        count += 1
        name = _fit(base, f" ({count})")
    if count > 1:
        why.append("another event's sheet has that name")
    taken.add(fold(name))
    return name, why


def _fit(name: str, suffix: str) -> str:
    """``name`` and ``suffix`` in at most 31 characters, the name cut in its middle."""
    room = MAX_SHEET_NAME - len(suffix)
    if len(name) <= room:
        return name + suffix
    tail = room // 3
    return f"{name[:room - tail - 1].rstrip()}\u2026{name[-tail:].lstrip()}{suffix}"


def import_season(sources: Sequence[str | os.PathLike[str]], fmt: str | None = None) -> ImportedSeason:
    """The sheets of a season workbook holding every event of ``sources`` (files or folders).

    Raises :class:`~xlrating.errors.FormatError` listing every problem of every file: a
    file that cannot be read, a player without an ID (a season names its players by ID),
    events of different systems or rule editions.
    """
    problems: list[Problem] = []
    notes: list[str] = []
    warnings: list[str] = []
    imported = _imported(sources, fmt, warnings, problems)
    systems = _one_system(imported, problems)
    events = _event_sheets(imported, notes, problems)
    if problems:
        raise FormatError(problems, title="The events cannot be imported into one season; nothing was "
                          "written.")
    system, rules = next(iter(systems))
    events.sort(key=lambda item: item[1].setting("End date") or dt.date.min)
    # Rules left blank when no file gives them (a US Chess file): the newest rules of the system.
    sheets: dict[str, Rows] = {SEASON_SHEET: [["System", system]] + [["Rules", rules]] * (rules != "None")}
    sheets[PLAYERS_SHEET] = _players(system, [sheet for _, _, sheet in events])
    sheets[EVENTS_SHEET] = [["Sheet", *EVENT_SETTINGS]] + [
        [name, *(event.setting(s) for s in EVENT_SETTINGS)] for name, event, _ in events]
    for name, _, sheet in events:
        sheets[name] = [list(sheet.header), *(list(row) for row in sheet.rows)]
    notes += [f"{shown(path)}: {note}" for path, event in imported for note in event.notes]  # which file
    warnings += [f"{shown(path)}: {warning}" for path, event in imported for warning in event.warnings
                 if warning != NO_DATES]  # said below, in a season's words
    warnings += [f"{shown(path)}: the file gives no dates: fill in the End date of its row on the "
                 f"{EVENTS_SHEET} sheet (a season is rated in date order, and refuses an event without one)"
                 for path, event in imported if event.setting("End date") is None]
    warnings += [str(warning) for warning in identity_warnings(_sightings(events))]
    return ImportedSeason(sheets, tuple(notes), tuple(warnings))


def _imported(sources: Sequence[str | os.PathLike[str]], fmt: str | None, warnings: list[str],
              problems: list[Problem]) -> list[tuple[Path, ImportedEvent]]:
    """Every event file of ``sources``, imported once (a problem for each that cannot be, and when
    there is none; a warning for a file given again, by the same path or through its folder,
    which a season would otherwise rate twice)."""
    imported: list[tuple[Path, ImportedEvent]] = []
    given: dict[Path, Path] = {}
    for source in sources:
        try:
            paths = event_files(source, warnings)
        except OSError as error:
            problems.append(Problem(shown(Path(source)), f"cannot be read ({error.strerror or error})"))
            continue
        for path in paths:
            first = given.setdefault(_real(path), path)
            if first is not path:
                again = "given twice" if shown(first) == shown(path) else f"the same file as {shown(first)}"
                warnings.append(f"{shown(path)}: {again}: imported once")
                continue
            try:
                imported.append((path, import_file(path, fmt)))
            except FormatError as error:
                problems.extend(error.problems)
    if not imported and not problems:
        problems.append(Problem(", ".join(str(s) for s in sources), "no event to import"))
    return imported


def _real(path: Path) -> Path:
    """The file ``path`` names, whatever the way (``./``, ``..``, a link); as given when that cannot be
    told (a link to itself, which the import then names)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop of links (RuntimeError before Python 3.13)
        return path.absolute()


def _one_system(imported: Sequence[tuple[Path, ImportedEvent]], problems: list[Problem]
                ) -> set[tuple[str, str]]:
    """The events' systems and rule editions, with a problem when they are not one."""
    systems = {(str(event.setting("System")), str(event.setting("Rules"))) for _, event in imported}
    if len(systems) > 1:
        found = ", ".join(f"{shown(Path(path.name))}: {event.setting('System')} {event.setting('Rules')}"
                          for path, event in imported)
        problems.append(Problem("", f"a season is rated under one system and rule edition; these events "
                                    f"differ ({found})"))
    return systems


def _event_sheets(imported: Sequence[tuple[Path, ImportedEvent]], notes: list[str],
                  problems: list[Problem]) -> list[tuple[str, ImportedEvent, Any]]:
    """Each imported sheet with its players' IDs, and its name in the season workbook (a note
    says why it differs from the file's)."""
    taken: set[str] = set()
    events: list[tuple[str, ImportedEvent, Any]] = []
    for path, event in imported:
        for sheet in event.sheets:
            if "ID" not in sheet.header:
                problems.append(Problem(shown(Path(path.name)),
                                        f"{sheet.name}: no player IDs: a season names its players by ID"))
                continue
            problems.extend(_without_id(path, sheet))
            stem, read_as = file_stem(path)
            wanted = stem if len(event.sheets) == 1 else f"{stem} {sheet.name}"
            name, why = sheet_name(wanted, taken)
            why = ([read_as] if read_as is not None else []) + why
            if why:
                notes.append(f"{shown(path)}: its event is on sheet {name!r} ({'; '.join(why)})")
            events.append((name, event, sheet))
    return events


def _without_id(path: Path, sheet: Any) -> list[Problem]:
    """A problem for each player of an imported sheet without an ID."""
    return [Problem(shown(Path(path.name)), f"{sheet.name}: No. {number} has no ID: a season names its "
                                            "players by ID")
            for number, key in zip(sheet.column("No"), sheet.column("ID"), strict=True) if key in (None, "")]


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
    others = sorted(systems.get(system).columns - {"Rating", "Games", "Total"})
    carried = [c for c in ("Rating", "Games", *others)
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
