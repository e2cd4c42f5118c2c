"""US Chess rating report files from a crosstable: ``THEXPORT``, ``TSEXPORT``, ``TDEXPORT``.

The three dBASE III files SwissSys and WinTD send US Chess, every field of character
type, dates ``YYYYMMDD``:

- ``THEXPORT.DBF``, the event: ``H_FORMAT`` (``2C``), ``H_PROGRAM``, ``H_EVENT_ID``,
  ``H_NAME``, ``H_TOT_SECT``, ``H_BEG_DATE``, ``H_END_DATE``, ``H_AFF_ID``, ``H_CITY``,
  ``H_STATE``, ``H_ZIPCODE``, ``H_COUNTRY``, ``H_SENDCROS``, ``H_CTD_ID``, ``H_ATD_ID``,
  ``H_OTHER_TD``;
- ``TSEXPORT.DBF``, a record per section (a crosstable sheet, numbered in sheet order):
  ``S_EVENT_ID``, ``S_SEC_NUM``, ``S_SEC_NAME``, ``S_R_SYSTEM`` (``R`` Regular, ``Q``
  Quick, ``B`` Blitz, ``D`` dual rated), ``S_TIMECTL``, ``S_CTD_ID``, ``S_ATD_ID``,
  ``S_TRN_TYPE`` (``S`` Swiss; ``R`` a round robin or match, or a section whose
  players all met each other), ``S_TOT_RNDS``,
  ``S_LST_PAIR``, ``S_BEG_DATE``, ``S_END_DATE``, ``S_SCH_LVL``, ``S_GR_PRIX``,
  ``S_GP_PTS``, ``S_FIDE``;
- ``TDEXPORT.DBF``, a record per player: ``D_EVENT_ID``, ``D_SEC_NUM``, ``D_PAIR_NUM``,
  ``D_MEM_ID``, ``D_NAME``, ``D_STATE``, ``D_RATING`` (``1641``, ``1641P17`` when the
  crosstable gives the games behind it, blank for an unrated player), ``D_RND01`` …:
  the result letter, the opponent's pair number and the colour (``W14B``, ``L8W``,
  ``X14``), ``H0``, ``B0``, ``U0`` for byes and ``X0``/``F0`` for a forfeit naming no
  opponent.

:func:`report_tables` builds the three tables as plain data; :func:`write_tables` writes
them with the ``dbf`` package (a maintained, pure-Python, BSD-licensed dBASE writer:
dBASE III tables, the Windows-1252 code page declared in the header's language driver
byte, so names with accents read back as written). Field widths are the usual ones
and grow to hold a longer value (up to dBASE's 254), so nothing is ever cut.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..crosstable import Code, PlayerRow, RoundCell
from ..crosstable.parse import row_address
from ..errors import FormatError, Problem, WorkbookError
from ..model import EventType
from .source import ExportEvent, Section, file_date

#: The three files, in the order they are written.
FILES = ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF")
#: ``S_R_SYSTEM`` letter of each rating system (``D``: dual rated, Regular with Quick).
SYSTEM_LETTERS = {"Regular": "R", "Quick": "Q", "Blitz": "B"}
#: The widest character field dBASE III holds.
MAX_WIDTH = 254

#: Each file's fields and their usual widths.
HEADER_FIELDS = (("H_FORMAT", 2), ("H_PROGRAM", 10), ("H_EVENT_ID", 12), ("H_NAME", 35), ("H_TOT_SECT", 2),
                 ("H_BEG_DATE", 8), ("H_END_DATE", 8), ("H_AFF_ID", 8), ("H_CITY", 21), ("H_STATE", 2),
                 ("H_ZIPCODE", 10), ("H_COUNTRY", 21), ("H_SENDCROS", 1), ("H_CTD_ID", 8), ("H_ATD_ID", 8),
                 ("H_OTHER_TD", 40))
SECTION_FIELDS = (("S_EVENT_ID", 12), ("S_SEC_NUM", 2), ("S_SEC_NAME", 30), ("S_R_SYSTEM", 1),
                  ("S_TIMECTL", 20), ("S_CTD_ID", 8), ("S_ATD_ID", 8), ("S_TRN_TYPE", 1), ("S_TOT_RNDS", 2),
                  ("S_LST_PAIR", 4), ("S_BEG_DATE", 8), ("S_END_DATE", 8), ("S_SCH_LVL", 1),
                  ("S_GR_PRIX", 1), ("S_GP_PTS", 3), ("S_FIDE", 1))
PLAYER_FIELDS = (("D_EVENT_ID", 12), ("D_SEC_NUM", 2), ("D_PAIR_NUM", 4), ("D_MEM_ID", 8), ("D_NAME", 30),
                 ("D_STATE", 2), ("D_RATING", 8))
ROUND_WIDTH = 7


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
    if player.rating is None:
        return ""
    rating = str(round(player.rating))
    return f"{rating}P{player.games}" if player.games is not None else rating


def _all_play_all(section: Section) -> bool:
    """Whether every player of the section met every other (a round robin inside a Swiss event)."""
    players = section.crosstable.players
    met = {frozenset((p.number, c.opponent)) for p in players for c in p.rounds if c.opponent is not None}
    return len(players) > 2 and all(frozenset((a.number, b.number)) in met
                                    for i, a in enumerate(players) for b in players[i + 1:])


def _widths(fields: Sequence[tuple[str, int]], records: Sequence[Sequence[str]]
            ) -> tuple[tuple[str, int], ...]:
    return tuple((name, max([width, *(len(r[i]) for r in records)]))
                 for i, (name, width) in enumerate(fields))


def report_tables(event: ExportEvent) -> tuple[Table, Table, Table]:
    """The three tables of the event's rating report.

    Raises :class:`~xlrating.errors.FormatError` for an event US Chess report files
    cannot carry (not a US Chess event, an online rating system, a value wider than
    dBASE holds, more than 99 sections).
    """
    settings = event.settings
    problems: list[Problem] = []
    if settings.system != "USCF":
        problems.append(Problem(settings.cell("System"), "US Chess rating report files are for US Chess "
                                f"events; the Event sheet says System {settings.system}"))
    letter = "D" if settings.dual_rated else SYSTEM_LETTERS.get(settings.rating_system)
    if letter is None and settings.system == "USCF":
        problems.append(Problem(settings.cell("Rating system"), f"US Chess rating report files carry "
                                f"Regular, Quick, Blitz or dual-rated events, not {settings.rating_system}"))
    if len(event.sections) > 99:
        problems.append(Problem("", f"{len(event.sections)} crosstable sheets: a report holds at most 99 "
                                    "sections"))
    event_id = event.setting("Event ID")
    start = file_date(settings.start_date) if settings.start_date else ""
    end = file_date(settings.end_date)
    header = ("2C", "xlrating", event_id, settings.event_name, str(len(event.sections)), start, end,
              event.setting("Affiliate ID"), event.setting("City"), event.setting("State"), "", "", "",
              event.setting("Chief TD ID"), "", "")
    sections: list[tuple[str, ...]] = []
    players: list[tuple[str, ...]] = []
    where: list[str] = []  # each player record's row on its sheet, for problems
    rounds = max((s.crosstable.rounds for s in event.sections), default=0)
    for number, section in enumerate(event.sections, start=1):
        table = section.crosstable
        kind = "S" if settings.event_type is EventType.SWISS and not _all_play_all(section) else "R"
        last = max((p.number for p in table.players), default=0)
        sections.append((event_id, str(number), section.name, letter or "", event.setting("Time control"),
                         event.setting("Chief TD ID"), "", kind, str(table.rounds), str(last), start, end,
                         "", "", "", ""))
        for player in sorted(table.players, key=lambda p: p.number):
            cells = [round_cell(c) for c in player.rounds]
            cells += [""] * (rounds - len(cells))
            players.append((event_id, str(number), str(player.number), player.member_id or "", player.name,
                            section.value(player, "State").upper(), _rating(player), *cells))
            where.append(row_address(section.name, player.row))
    player_fields = (*PLAYER_FIELDS, *((f"D_RND{r:02d}", ROUND_WIDTH) for r in range(1, rounds + 1)))
    tables = (Table(FILES[0], _widths(HEADER_FIELDS, [header]), (header,)),
              Table(FILES[1], _widths(SECTION_FIELDS, sections), tuple(sections)),
              Table(FILES[2], _widths(player_fields, players), tuple(players)))
    for table_ in tables:
        for name, width in table_.fields:
            if width > MAX_WIDTH:
                problems.append(Problem(table_.name, f"{name}: a value of {width} characters; a dBASE "
                                                     f"field holds {MAX_WIDTH}"))
    for table_, places in zip(tables, (["Event"], [s.name for s in event.sections], where), strict=True):
        for place, record in zip(places, table_.records, strict=True):
            for (name, _), value in zip(table_.fields, record, strict=True):
                try:
                    value.encode("cp1252")
                except UnicodeEncodeError:
                    problems.append(Problem(place, f"{name} {value!r} holds characters the Windows-1252 code "
                                                   "page of US Chess report files cannot write"))
    if problems:
        raise FormatError(problems, title="Cannot export US Chess rating report files")
    return tables


def write_tables(tables: Sequence[Table], folder: str | os.PathLike[str], *, force: bool = False
                 ) -> list[Path]:
    """Write ``tables`` into ``folder`` (created if missing) and return the files' paths.

    The files are written to a temporary folder beside them first and moved into place
    only when all are written, so a failure leaves no half-written report. Existing files
    are replaced only with ``force``.
    """
    import dbf

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
