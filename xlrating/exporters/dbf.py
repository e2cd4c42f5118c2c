"""US Chess rating report files from a crosstable: ``THEXPORT``, ``TSEXPORT``, ``TDEXPORT``.

The three dBASE III files of US Chess's rating report format "2C" (US Chess's file
format page, draft 2C, with its September 2025 correction; docs/files.md, "--to uscf"),
as SwissSys and WinTD write them: every field of character type at the width 2C gives
it, text left-justified and space-filled, dates ``YYYYMMDD``:

- ``THEXPORT.DBF``, the event: ``H_FORMAT`` (``2C``), ``H_PROGRAM``, ``H_EVENT_ID``,
  ``H_NAME``, ``H_TOT_SECT``, ``H_BEG_DATE``, ``H_END_DATE``, ``H_AFF_ID``, ``H_CITY``,
  ``H_STATE``, ``H_ZIPCODE``, ``H_COUNTRY``, ``H_SENDCROS`` (``N``: no printed
  crosstable), ``H_CTD_ID``, ``H_ATD_ID``, ``H_OTHER_TD`` (from the ``Event`` sheet rows
  of :data:`~xlrating.crosstable.settings.USCF_REPORT_SETTINGS`);
- ``TSEXPORT.DBF``, a record per section (a crosstable sheet, numbered in sheet order):
  ``S_EVENT_ID``, ``S_SEC_NUM``, ``S_SEC_NAME``, ``S_R_SYSTEM`` (``R`` Regular, ``Q``
  Quick, ``B`` Blitz, ``D`` dual rated), ``S_TIMECTL``, ``S_CTD_ID``, ``S_ATD_ID``,
  ``S_TRN_TYPE`` (``S`` Swiss; ``R`` a round robin or match, or a section whose
  players all met each other), ``S_TOT_RNDS``, ``S_LST_PAIR``, ``S_BEG_DATE``,
  ``S_END_DATE``, ``S_SCH_LVL`` (blank), ``S_GR_PRIX`` (``N``), ``S_GP_PTS`` (blank),
  ``S_FIDE`` (``N``);
- ``TDEXPORT.DBF``, a record per player: ``D_EVENT_ID``, ``D_SEC_NUM``, ``D_PAIR_NUM``,
  ``D_MEM_ID``, ``D_NAME``, ``D_STATE``, ``D_RATING`` (four characters: the rating,
  ``0`` for an unrated player), ``D_RND01`` …: the result letter, the opponent's pair
  number and the colour (``W14B``, ``L8W``, ``X14``), ``H0``, ``B0``, ``U0`` for byes
  and ``X0``/``F0`` for a forfeit naming no opponent; a section with fewer rounds than
  the file has ``D_RNDnn`` fields fills the rest with ``U0``.

These are the three files US Chess's rating system (MUIR, ratings.uschess.org, since
29 October 2025) takes in its upload as ``eventFile``, ``sectionsFile`` and
``playersFile``. :data:`USCF_CHECKS` checks the ``Event`` sheet settings US Chess
requires; a blank End date is one of them, never filled with today.

:func:`report_tables` builds the three tables as plain data; :func:`write_tables` writes
them with the ``dbf`` package (a maintained, pure-Python, BSD-licensed dBASE writer:
dBASE III tables, the Windows-1252 code page declared in the header's language driver
byte, so names with accents read back as written). A value wider than its field is
refused with its cell: nothing is ever cut.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from .. import _check, systems
from ..crosstable import Code, PlayerRow, RoundCell
from ..crosstable.parse import row_address
from ..errors import FormatError, Problem, WorkbookError
from ..model import EventType
from .checks import Check, check_before_sending, missing_fields, setting
from .source import ExportEvent, Section, export_event, file_date, not_held, whole_rating

#: The three files, in the order they are written.
FILES = ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF")
#: ``S_R_SYSTEM`` letter of each rating system (``D``: dual rated, Regular with Quick).
SYSTEM_LETTERS = {"Regular": "R", "Quick": "Q", "Blitz": "B"}
#: The width of a round field (``D_RND01``…).
ROUND_WIDTH = 7

#: What US Chess requires of a rating report, checked before sending: WinTD's rating
#: report dialog marks the affiliate, the chief TD, city, state, ZIP and country required,
#: and MUIR validates these and the name, the dates and each section's time control (the
#: Ratings API's ``PendingEventValidationLevelDto`` and ``PendingSectionValidationDto``).
USCF_CHECKS: tuple[Check, ...] = (
    setting("Event name", "US Chess requires it (THEXPORT H_NAME)",
            lambda event: bool(event.settings.event_name.strip())),
    setting("Start date", "US Chess requires it (THEXPORT H_BEG_DATE)",
            lambda event: event.settings.start_date is not None),
    setting("End date", "US Chess requires it (THEXPORT H_END_DATE); a blank one is never today",
            lambda event: event.end_date_given),
    setting("Affiliate ID", "US Chess requires the sponsoring affiliate (THEXPORT H_AFF_ID)"),
    setting("Chief TD ID", "US Chess requires the chief TD's member ID (THEXPORT H_CTD_ID, S_CTD_ID)"),
    setting("City", "US Chess requires it (THEXPORT H_CITY)"),
    setting("State", "US Chess requires it (THEXPORT H_STATE)"),
    setting("ZIP", "US Chess requires it (THEXPORT H_ZIPCODE)"),
    setting("Country", "US Chess requires it (THEXPORT H_COUNTRY)"),
    setting("Time control", "US Chess requires it: it decides the rating system (TSEXPORT S_TIMECTL)"),
)


@dataclass(frozen=True)
class Table:
    """One DBF file as plain data: its name, its character fields (name, width), its records."""

    name: str
    fields: tuple[tuple[str, int], ...]
    records: tuple[tuple[str, ...], ...]


def round_cell(cell: RoundCell) -> str:
    """``W14B``, ``L8W``, ``X14``, ``H0``, ``U0``: a round as US Chess report files write it."""
    if cell.code in (Code.FULL_BYE, Code.HALF_BYE, Code.ZERO_BYE) or cell.opponent is None:
        return f"{cell.code.value}0"
    return f"{cell.code.value}{cell.opponent}{(cell.colour or '').upper()}"


def _rating(player: PlayerRow) -> str:
    """``D_RATING``: the rating alone (2C gives it four characters), ``0`` when unrated."""
    return "0" if player.rating is None else whole_rating(player.rating)


def _all_play_all(section: Section) -> bool:
    """Whether every player of the section met every other (a round robin inside a Swiss event)."""
    players = section.crosstable.players
    met = {frozenset((p.number, c.opponent)) for p in players for c in p.rounds if c.opponent is not None}
    return len(players) > 2 and all(frozenset((a.number, b.number)) in met
                                    for i, a in enumerate(players) for b in players[i + 1:])


def _system_letter(event: ExportEvent) -> str | None:
    """``S_R_SYSTEM``: the rating system's letter, ``D`` when dual rated (``None``: none fits)."""
    settings = event.settings
    return "D" if settings.dual_rated else SYSTEM_LETTERS.get(settings.rating_system)


def _not_carried(event: ExportEvent) -> list[Problem]:
    """What makes an event one the report files cannot carry: another system, an online rating
    system, more than 99 sections."""
    settings = event.settings
    problems = []
    reported = systems.get(settings.system).rating_report_files
    if not reported:
        problems.append(Problem(settings.cell("System"), "US Chess rating report files are for US Chess "
                                f"events; the Event sheet says System {settings.system}"))
    if _system_letter(event) is None and reported:
        problems.append(Problem(settings.cell("Rating system"), f"US Chess rating report files carry "
                                f"Regular, Quick, Blitz or dual-rated events, not {settings.rating_system}"))
    if len(event.sections) > 99:
        problems.append(Problem("", f"{len(event.sections)} crosstable sheets: a report holds at most 99 "
                                    "sections"))
    return problems


@dataclass(frozen=True)
class _EventRecord:
    """What a THEXPORT record is written from."""

    event: ExportEvent


@dataclass(frozen=True)
class _SectionRecord(_EventRecord):
    """What a TSEXPORT record is written from: a section and its number."""

    number: int
    section: Section


@dataclass(frozen=True)
class _PlayerRecord(_SectionRecord):
    """What a TDEXPORT record is written from: a player of a section."""

    player: PlayerRow


_R = TypeVar("_R", bound=_EventRecord)


@dataclass(frozen=True)
class _Field(Generic[_R]):
    """A character field of a report file: its name, its width as 2C gives it, how its value is
    written, and the ``Event`` setting it comes from (to name that cell in a problem)."""

    name: str
    width: int
    value: Callable[[_R], str]
    setting: str = ""


def _from_setting(name: str, width: int, setting: str) -> _Field[Any]:
    """A field that holds the ``Event`` setting ``setting`` as given."""
    return _Field(name, width, lambda record: record.event.setting(setting), setting)


def _fixed(name: str, width: int, value: str) -> _Field[Any]:
    """A field every record writes alike."""
    return _Field(name, width, lambda record: value)


def _start(record: _EventRecord) -> str:
    """The start date as the files write it (blank when the Event sheet gives none)."""
    start = record.event.settings.start_date
    return file_date(start) if start else ""


def _end(record: _EventRecord) -> str:
    """The end date as the files write it: blank when the Event sheet gives none (never today)."""
    return file_date(record.event.settings.end_date) if record.event.end_date_given else ""


def _section_kind(record: _SectionRecord) -> str:
    """``S_TRN_TYPE``: ``S`` for a Swiss section, ``R`` for a round robin, a match, or a section
    whose players all met each other."""
    swiss = record.event.settings.event_type is EventType.SWISS
    return "S" if swiss and not _all_play_all(record.section) else "R"


#: Each file's fields, as 2C gives them (docs/files.md, "--to uscf"): THEXPORT's,
HEADER_FIELDS: tuple[_Field[_EventRecord], ...] = (
    _fixed("H_FORMAT", 5, "2C"),
    _fixed("H_PROGRAM", 10, "xlrating"),
    _from_setting("H_EVENT_ID", 12, "Event ID"),
    _Field("H_NAME", 35, lambda r: r.event.settings.event_name, "Event name"),
    _Field("H_TOT_SECT", 2, lambda r: str(len(r.event.sections))),
    _Field("H_BEG_DATE", 8, _start),
    _Field("H_END_DATE", 8, _end),
    _from_setting("H_AFF_ID", 8, "Affiliate ID"),
    _from_setting("H_CITY", 21, "City"),
    _Field("H_STATE", 2, lambda r: r.event.setting("State").upper(), "State"),
    _from_setting("H_ZIPCODE", 10, "ZIP"),
    _from_setting("H_COUNTRY", 21, "Country"),
    _fixed("H_SENDCROS", 1, "N"),
    _from_setting("H_CTD_ID", 8, "Chief TD ID"),
    _from_setting("H_ATD_ID", 8, "Assistant TD ID"),
    _fixed("H_OTHER_TD", 255, ""),
)
#: TSEXPORT's,
SECTION_FIELDS: tuple[_Field[_SectionRecord], ...] = (
    _from_setting("S_EVENT_ID", 12, "Event ID"),
    _Field("S_SEC_NUM", 2, lambda r: str(r.number)),
    _Field("S_SEC_NAME", 30, lambda r: r.section.name),
    _Field("S_R_SYSTEM", 1, lambda r: _system_letter(r.event) or ""),
    _from_setting("S_TIMECTL", 40, "Time control"),
    _from_setting("S_CTD_ID", 8, "Chief TD ID"),
    _from_setting("S_ATD_ID", 8, "Assistant TD ID"),
    _Field("S_TRN_TYPE", 1, _section_kind),
    _Field("S_TOT_RNDS", 2, lambda r: str(r.section.crosstable.rounds)),
    _Field("S_LST_PAIR", 4, lambda r: str(max((p.number for p in r.section.crosstable.players), default=0))),
    _Field("S_BEG_DATE", 8, _start),
    _Field("S_END_DATE", 8, _end),
    _fixed("S_SCH_LVL", 1, ""),
    _fixed("S_GR_PRIX", 1, "N"),
    _fixed("S_GP_PTS", 3, ""),
    _fixed("S_FIDE", 1, "N"),
)
#: and TDEXPORT's before its round fields (``D_RND01``…, :data:`ROUND_WIDTH` each).
PLAYER_FIELDS: tuple[_Field[_PlayerRecord], ...] = (
    _Field("D_EVENT_ID", 12, lambda r: r.event.setting("Event ID")),
    _Field("D_SEC_NUM", 2, lambda r: str(r.number)),
    _Field("D_PAIR_NUM", 4, lambda r: str(r.player.number)),
    _Field("D_MEM_ID", 8, lambda r: r.player.member_id or ""),
    _Field("D_NAME", 30, lambda r: r.player.name),
    _Field("D_STATE", 2, lambda r: r.section.value(r.player, "State").upper()),
    _Field("D_RATING", 4, lambda r: _rating(r.player)),
)
#: The ``Event`` setting behind each header and section field, to name its cell in a problem.
_NAMED: tuple[_Field[Any], ...] = (*HEADER_FIELDS, *SECTION_FIELDS)
SETTING_OF = {f.name: f.setting for f in _NAMED if f.setting}


def _table(name: str, fields: Sequence[_Field[_R]], records: Sequence[_R],
           extra: Sequence[tuple[str, int]] = (), more: Callable[[_R], Sequence[str]] = lambda record: ()
           ) -> Table:
    """A file's table: its fields' values for each of ``records`` (``extra`` fields filled by ``more``)."""
    return Table(name, (*((f.name, f.width) for f in fields), *extra),
                 tuple((*(f.value(record) for f in fields), *more(record)) for record in records))


def _value_problems(event: ExportEvent, name: str, width: int, value: str, row: str) -> list[Problem]:
    """What a field's value cannot be: wider than the field, or outside Windows-1252. Named by
    the Event setting it comes from (:data:`SETTING_OF`), else by its record's sheet row."""
    place = event.cells.get(SETTING_OF.get(name, ""), "") or (
        event.settings.cell("Event name") if name == "H_NAME" else row)
    problems = []
    if len(value) > width:
        problems.append(Problem(place, f"{name} {value!r} has {len(value)} characters; the report format "
                                       f"holds {width}"))
    try:
        value.encode("cp1252")
    except UnicodeEncodeError:
        problems.append(Problem(place, f"{name} {value!r} holds characters the Windows-1252 code page of US "
                                       "Chess report files cannot write"))
    return problems


def report_tables(event: ExportEvent) -> tuple[Table, Table, Table]:
    """The three tables of the event's rating report.

    Raises :class:`~xlrating.errors.FormatError` for an event US Chess report files
    cannot carry (not a US Chess event, an online rating system, a value wider than its
    field, more than 99 sections), each problem with its cell.
    """
    problems = _not_carried(export_event(event))
    rounds = max((s.crosstable.rounds for s in event.sections), default=0)
    sections = [_SectionRecord(event, number, s) for number, s in enumerate(event.sections, start=1)]
    players = [_PlayerRecord(event, s.number, s.section, player) for s in sections
               for player in sorted(s.section.crosstable.players, key=lambda p: p.number)]

    def cells(record: _PlayerRecord) -> list[str]:
        written = [round_cell(c) for c in record.player.rounds]
        return written + ["U0"] * (rounds - len(written))

    tables = (_table(FILES[0], HEADER_FIELDS, [_EventRecord(event)]),
              _table(FILES[1], SECTION_FIELDS, sections),
              _table(FILES[2], PLAYER_FIELDS, players,
                     [(f"D_RND{r:02d}", ROUND_WIDTH) for r in range(1, rounds + 1)], cells))
    places = (["Event"], [s.section.name for s in sections],
              [row_address(p.section.name, p.player.row) for p in players])
    for table, rows in zip(tables, places, strict=True):
        for row, record in zip(rows, table.records, strict=True):
            for (name, width), value in zip(table.fields, record, strict=True):
                problems += _value_problems(event, name, width, value, row)
    if problems:  # a setting every section repeats (a time control too wide) is said once
        raise FormatError(list(dict.fromkeys(problems)), title="Cannot export US Chess rating report files")
    return tables


@dataclass(frozen=True)
class Report:
    """The three tables of a rating report, and what the export should tell the user."""

    tables: tuple[Table, Table, Table]
    warnings: tuple[str, ...] = ()
    """What the crosstable says and the files cannot hold."""
    missing: tuple[Problem, ...] = ()
    """Required fields missing (written anyway: ``force``)."""


def build_report(event: ExportEvent, *, force: bool = False) -> Report:
    """The event's rating report, checked before sending (:data:`USCF_CHECKS`).

    Raises :class:`~xlrating.errors.FormatError` listing every problem in one pass: what
    does not fit the format (:func:`report_tables`) and, unless ``force``, every required
    field missing; with only missing fields,
    :class:`~xlrating.exporters.checks.MissingFieldsError`. Forced, the missing fields are
    kept in :attr:`Report.missing`.
    """
    force = _check.flag("force", force)
    try:
        tables = report_tables(event)
    except FormatError as error:
        missing = [] if force else missing_fields(event, USCF_CHECKS)
        raise FormatError([*error.problems, *missing], title=error.title) from None
    missing = check_before_sending(event, USCF_CHECKS, "Cannot export US Chess's rating report", force=force)
    others = sorted({other.system for section in event.sections for p in section.crosstable.players
                     for other in p.other_ratings})  # (a dual-rated event's Quick ratings)
    dropped = not_held(event, ("Games", *others), "the report",
                       "D_RATING holds the rating alone; US Chess rates from its own records")
    return Report(tables, tuple(dropped), tuple(missing))


def write_tables(tables: Sequence[Table], folder: str | os.PathLike[str], *, force: bool = False
                 ) -> list[Path]:
    """Write ``tables`` into ``folder`` (created if missing) and return the files' paths.

    The files are written to a temporary folder beside them first and moved into place
    only when all are written, so a failure leaves no half-written report. Existing files
    are replaced only with ``force``.
    """
    import dbf

    tables, force = _check.items("tables", tables, Table, "a Table"), _check.flag("force", force)
    if not isinstance(folder, (str, os.PathLike)):
        raise _check.fail("folder", "a folder path", folder)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise WorkbookError(f"{target}: is a file; -o names the folder the three DBF files go into")
    target.mkdir(parents=True, exist_ok=True)
    existing = [target / t.name for t in tables if (target / t.name).exists()]
    if existing and not force:
        raise WorkbookError(f"{existing[0]}: already exists; choose another folder with -o or use --force")
    staging = Path(tempfile.mkdtemp(prefix=".xlrating-", dir=target))
    try:
        for table in tables:
            spec = "; ".join(f"{name} C({width})" for name, width in table.fields)
            written = dbf.Table(str(staging / table.name), spec, dbf_type="db3", codepage="cp1252")
            written.open(dbf.READ_WRITE)
            try:
                for record in table.records:
                    written.append(record)
            finally:
                written.close()
        paths = []
        for table in tables:
            os.replace(staging / table.name, target / table.name)
            paths.append(target / table.name)
        return paths
    finally:
        shutil.rmtree(staging, ignore_errors=True)
