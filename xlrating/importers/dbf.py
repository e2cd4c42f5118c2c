"""US Chess rating report files (DBF): ``THEXPORT``, ``TSEXPORT`` and ``TDEXPORT``.

The format (the rating report files SwissSys and WinTD send US Chess): three dBASE
files in one folder, all fields character, dates ``YYYYMMDD``. ``THEXPORT`` holds the
event (``H_NAME``, ``H_BEG_DATE``, ``H_END_DATE``), ``TSEXPORT`` one record per section
(``S_SEC_NUM``, ``S_SEC_NAME``, ``S_R_SYSTEM``, ``S_TRN_TYPE``, ``S_TOT_RNDS``) and
``TDEXPORT`` one record per player and section (``D_SEC_NUM``, ``D_PAIR_NUM``,
``D_MEM_ID``, ``D_NAME``, ``D_STATE``, ``D_RATING``, ``D_RND01``…, each round a result
letter, the opponent's pair number and the colour: ``W14B``, ``H0``). The older layout
splits a player's rounds over several records numbered by ``D_REC_SEQ``: record 1
holds rounds 1-10, record 2 rounds 11-20 (each record as many rounds as it has
``D_RNDnn`` fields). A section with fewer rounds (``S_TOT_RNDS``) than the file has
round fields fills the rest with ``U0``, which is read as padding.

The files are read with ``dbfread``; text is decoded with the code page the file
declares (its language driver byte), or, when it declares none, as UTF-8, else
Windows-1252, else Latin-1. File names are matched case-insensitively.

Each section becomes a crosstable sheet named after the section. Sections are rated
under one ``Event`` sheet, so they must agree on the rating system (``S_R_SYSTEM``:
``R`` Regular, ``Q`` Quick, ``D`` dual rated, Regular with Quick, ``B`` Blitz);
sections that do not are imported separately with ``--section``. A two-player
section is a match (US Chess 2020, 7).
"""

from __future__ import annotations

import datetime
import itertools
import re
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dbfread import DBF
from dbfread.codepages import guess_encoding

from .._files import Unreadable, read_regular
from ..errors import FormatError, Problem
from ._common import (
    BYE_CODES,
    FORFEIT_CODES,
    GAME_CODES,
    MAX_FILE_BYTES,
    UNPLAYED,
    UNREADABLE,
    Player,
    Problems,
    Round,
    Section,
    build_sheet,
    check_columns,
    check_numbers,
    check_pairings,
    check_size,
    check_text,
    guess_event_type,
    meetings_of,
    merge_settings,
    parse_date,
    select_sections,
    sheet_name,
    whole_number,
)
from .model import Cell, ImportedEvent

#: The three files of a rating report, without their extension.
FILES = ("THEXPORT", "TSEXPORT", "TDEXPORT")

#: ``S_R_SYSTEM`` letters: the ``Rating system`` and ``Dual rated`` settings of each.
RATING_SYSTEMS: dict[str, tuple[str, str]] = {
    "R": ("Regular", "no"),
    "Q": ("Quick", "no"),
    "D": ("Regular", "yes"),
    "B": ("Blitz", "no"),
}
#: The columns of an imported sheet besides the rounds: No, Name, ID, State, Rating,
#: Games, Import notes.
SHEET_COLUMNS = 7
#: ``S_TRN_TYPE`` letters.
EVENT_TYPES = {"S": "Swiss", "R": "Round robin"}
#: ``THEXPORT`` fields kept on the ``Event`` sheet (US Chess's rating report rows), so an
#: export writes them back.
HEADER_SETTINGS = (("H_EVENT_ID", "Event ID"), ("H_AFF_ID", "Affiliate ID"), ("H_CTD_ID", "Chief TD ID"),
                   ("H_ATD_ID", "Assistant TD ID"), ("H_CITY", "City"), ("H_STATE", "State"),
                   ("H_ZIPCODE", "ZIP"), ("H_COUNTRY", "Country"))

#: dBASE field types whose raw bytes are text (character, numeric, date, float).
_TEXT_TYPES = frozenset("CNDF")
_ROUND_FIELD = re.compile(r"D_RND([0-9]+)", re.ASCII)
#: A round cell, stripped: letter, opponent, colour. Every pattern that sees the file's text
#: is linear: no two unbounded repeats can match the same characters.
_ROUND_CELL = re.compile(r"([A-Za-z])\s*(?:([0-9]{1,9})\s*)?([WBwb]?)", re.ASCII)
_RATING = re.compile(r"([0-9]{1,4})(?:\s*[Pp/]\s*([0-9]{1,4}))?", re.ASCII)


@dataclass(frozen=True)
class _Table:
    """A DBF file's records, every value decoded and stripped."""

    name: str
    fields: tuple[str, ...]
    records: tuple[dict[str, str], ...]
    numbers: tuple[int, ...]
    """Each record's number in the file, from 1 (deleted records are skipped but counted)."""

    def where(self, index: int) -> str:
        return f"{self.name} record {self.numbers[index]}"


def find_files(folder: Path) -> dict[str, Path]:
    """The three report files in ``folder`` by base name (``THEXPORT``…), any case of
    name and extension; :class:`FormatError` naming every one that is missing."""
    try:
        entries = {p.name.upper(): p for p in folder.iterdir() if not p.is_dir()}
    except OSError as error:
        raise FormatError([Problem(str(folder), f"cannot be read ({error.strerror or error})")]) from None
    found = {base: entries[f"{base}.DBF"] for base in FILES if f"{base}.DBF" in entries}
    missing = [f"{base}.DBF" for base in FILES if base not in found]
    if missing:
        raise FormatError([Problem(str(folder), f"no {name} in the folder (a rating report has "
                                                "THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF)")
                           for name in missing],
                          title=f"Cannot import {folder.name or folder} as US Chess rating report files")
    return found


def _decode(values: list[bytes], declared: str | None) -> tuple[list[str], str]:
    """The values as text, and the encoding used: the declared code page, else UTF-8,
    else Windows-1252, else Latin-1 (which decodes anything)."""
    candidates = [declared] if declared else ["utf-8", "cp1252", "latin-1"]
    for encoding in candidates:
        try:
            return [v.decode(encoding) for v in values], encoding
        except (UnicodeDecodeError, LookupError):
            continue
    return [v.decode("latin-1") for v in values], "latin-1"


def read_table(path: Path, problems: Problems) -> _Table | None:
    """Read one DBF file; ``None`` (and problems) if it is not a readable dBASE table."""
    name = path.name
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except Unreadable as error:
        problems.add(name, error.reason)
        return None
    if len(data) < 32:
        problems.add(name, f"is not a dBASE file (only {len(data)} bytes)")
        return None
    count, header_length, record_length = struct.unpack("<IHH", data[4:12])
    if header_length < 33 or header_length > len(data) or record_length < 1:
        problems.add(name, "is not a dBASE file (its header is damaged)")
        return None
    end = 32  # the 32-byte field descriptors, then 0x0D
    while end < len(data) and data[end] != 0x0D:
        end += 32
    if header_length not in (end + 1, end + 1 + 263):
        # dBASE puts the records right after the descriptors (Visual FoxPro after 263 more
        # bytes); any other header length reads every record from the wrong place.
        problems.add(name, f"is damaged: its header says the records start at byte {header_length}, but its "
                           f"field descriptors end at byte {end + 1}")
        return None
    try:
        table = DBF(str(path), raw=True, encoding="latin-1", ignore_missing_memofile=True, ignorecase=False,
                    recfactory=None)
        fields = list(table.fields)
        raw = list(itertools.islice(iter(table), count))
    except Exception as error:  # dbfread raises many kinds on damaged files; all mean one thing here
        problems.add(name, f"is not a readable dBASE file ({type(error).__name__}: {error})")
        return None
    if 1 + sum(f.length for f in fields) != record_length:
        problems.add(name, "is not a dBASE file (its field lengths do not add up to its record length)")
        return None
    if len(data) < header_length + count * record_length:
        whole = max(len(data) - header_length, 0) // record_length
        problems.add(name, f"is cut short: its header promises {count} records, the file holds {whole}")
        return None
    names = [f.name.strip().upper() for f in fields]
    binary = [f"{n} (type {f.type})" for n, f in zip(names, fields, strict=True) if f.type not in _TEXT_TYPES]
    driver = table.header.language_driver
    try:
        declared: str | None = guess_encoding(driver) if driver else None
    except LookupError:
        declared = None
    texts, _ = _decode([bytes(value) for record in raw for _, value in record], declared)
    width = len(fields)
    records = [
        {n: text.strip(" \x00") for n, text in zip(names, texts[i * width:(i + 1) * width], strict=True)}
        for i in range(len(raw))
    ]
    live = [i + 1 for i in range(count)
            if data[header_length + i * record_length:header_length + i * record_length + 1] == b" "]
    numbers = tuple(live) if len(live) == len(records) else tuple(range(1, len(records) + 1))
    table_ = _Table(name, tuple(names), tuple(records), numbers)
    used = [b for b in binary if b.split(" ")[0].startswith(("H_", "S_", "D_"))]
    if used:
        problems.add(name, "fields that should be character fields are not: " + ", ".join(used))
    return table_


def _value(table: _Table, index: int, field: str, problems: Problems, what: str = "") -> str:
    text = table.records[index].get(field, "")
    return check_text(text, table.where(index), what or field, problems)


def _date(table: _Table, index: int, field: str, problems: Problems) -> datetime.date | None:
    text = table.records[index].get(field, "").strip()
    if not text:
        return None
    date = parse_date(text) if re.fullmatch(r"[0-9]{8}", text, re.ASCII) else None
    if date is None:
        problems.add(table.where(index), f"{field} {text!r} is not a date (YYYYMMDD)")
    return date


def _section_key(text: str) -> str:
    """``"01"`` and ``"1"`` name the same section."""
    number = whole_number(text)
    return str(number) if number is not None else text.strip().casefold()


@dataclass
class _SectionInfo:
    key: str
    number: str
    name: str
    where: str
    rating_system: str
    dual: str
    event_type: str
    rounds: int | None
    time_control: str


def _read_sections(table: _Table, problems: Problems) -> dict[str, _SectionInfo]:
    sections: dict[str, _SectionInfo] = {}
    for i in range(len(table.records)):
        where = table.where(i)
        number = _value(table, i, "S_SEC_NUM", problems)
        if not number:
            problems.add(where, "the section has no number (S_SEC_NUM)")
            continue
        key = _section_key(number)
        if key in sections:
            problems.add(where, f"section number {number} is used twice (also at {sections[key].where})")
            continue
        letter = _value(table, i, "S_R_SYSTEM", problems).upper()
        if letter and letter not in RATING_SYSTEMS:
            problems.add(where, f"unknown rating system S_R_SYSTEM {letter!r} (known: " +
                         ", ".join(f"{k} {v[0]}{' dual rated' if v[1] == 'yes' else ''}"
                                   for k, v in RATING_SYSTEMS.items()) + ")")
            continue
        system, dual = RATING_SYSTEMS[letter or "R"]
        kind = _value(table, i, "S_TRN_TYPE", problems).upper()
        if kind and kind not in EVENT_TYPES:
            problems.add(where, f"unknown section type S_TRN_TYPE {kind!r} (known: S Swiss, R round robin)")
            continue
        rounds_text = _value(table, i, "S_TOT_RNDS", problems)
        rounds = whole_number(rounds_text) if rounds_text else None
        if rounds_text and rounds is None:
            problems.add(where, f"S_TOT_RNDS {rounds_text!r} is not a whole number")
            continue
        if rounds is not None:
            check_columns(where, SHEET_COLUMNS + rounds, rounds)
        sections[key] = _SectionInfo(key, number, _value(table, i, "S_SEC_NAME", problems), where,
                                     system, dual, EVENT_TYPES.get(kind, ""), rounds,
                                     _value(table, i, "S_TIMECTL", problems, "the time control"))
    return sections


def _read_round(text: str, where: str, r: int, problems: Problems) -> Round:
    if not text.strip():
        return Round("U")
    match = _ROUND_CELL.fullmatch(text.strip())
    if not match:
        problems.add(where, f"round {r}: cannot read {text!r} (expected a result letter, the "
                            "opponent's pair number and the colour, e.g. W14B or H0)")
        return UNREADABLE
    letter, digits, colour = match[1].upper(), match[2], match[3].lower()
    opponent = int(digits) if digits and int(digits) else None
    if letter == "Z":
        letter = "U"
    if letter in GAME_CODES:
        if opponent is None:
            problems.add(where, f"round {r}: {text!r} is a game with no opponent")
            return UNREADABLE
        return Round(letter, opponent, colour)
    if letter in FORFEIT_CODES:
        return Round(letter, opponent)
    if letter in BYE_CODES:
        if opponent is not None:
            problems.add(where, f"round {r}: {text!r}: a bye has no opponent")
        return Round(letter)
    problems.add(where, f"round {r}: unknown result code {letter!r} in {text!r} (known: W L D for games, "
                        "X F for forfeits, H B U for byes)")
    return UNREADABLE


def _rating(text: str, where: str, problems: Problems) -> tuple[int | None, int | None]:
    text = text.strip()
    if not text or text.upper() in ("0", "UNR", "NEW"):
        return None, None
    match = _RATING.fullmatch(text)
    if not match:
        problems.add(where, f"the rating D_RATING {text!r} is not a rating (e.g. 1641, 1641P17, blank)")
        return None, None
    rating = int(match[1])
    return (rating or None), (int(match[2]) if match[2] else None)


def _read_players(
    table: _Table, sections: dict[str, _SectionInfo], problems: Problems
) -> dict[str, tuple[list[Player], int]]:
    """The players of each section, and the last round any of them has a result in."""
    round_fields = sorted((int(m[1]), f) for f in table.fields if (m := _ROUND_FIELD.fullmatch(f)))
    by_round: dict[int, str] = {}
    for round_number, field in round_fields:
        if round_number == 0:
            problems.add(table.name, f"the field {field} is for round 0; rounds are numbered from 1 "
                                     "(D_RND01)")
        elif round_number in by_round:
            problems.add(table.name, f"the fields {by_round[round_number]} and {field} are both for round "
                                     f"{round_number}")
        else:
            by_round[round_number] = field
    if len(by_round) != len(round_fields):
        return {}
    per_record = len(round_fields)
    split = "D_REC_SEQ" in table.fields
    players: dict[tuple[str, int], Player] = {}
    placed: dict[tuple[str, int], dict[int, Round]] = {}
    """Each player's round cells, by round, as his records give them."""
    seen: dict[tuple[str, int, int], str] = {}
    last_round: dict[str, int] = {}
    for i in range(len(table.records)):
        where = table.where(i)
        count = len(problems.items)
        section_text = _value(table, i, "D_SEC_NUM", problems)
        key = _section_key(section_text)
        if key not in sections:
            problems.add(where, f"section {section_text!r} (D_SEC_NUM) is not in TSEXPORT")
        pair_text = _value(table, i, "D_PAIR_NUM", problems)
        number = whole_number(pair_text)
        if number is None or number < 1:
            problems.add(where, f"the pair number D_PAIR_NUM {pair_text!r} is not a whole number >= 1")
        sequence = 1
        if split:
            seq_text = _value(table, i, "D_REC_SEQ", problems)
            seq = whole_number(seq_text) if seq_text else 1
            if seq is None or seq < 1:
                problems.add(where, f"D_REC_SEQ {seq_text!r} is not a whole number >= 1")
            else:
                sequence = seq
        if len(problems.items) > count or number is None:
            continue
        first = seen.get((key, number, sequence))
        if first is not None:
            what = f"pair number {number} of section {section_text}"
            problems.add(where, f"{what} is used twice (also at {first})"
                         if sequence == 1 else f"{what} has two records with D_REC_SEQ {sequence} "
                                               f"(also at {first})")
            continue
        seen[(key, number, sequence)] = where
        offset = (sequence - 1) * per_record
        reach = offset + (round_fields[-1][0] if round_fields else 0)
        check_columns(where, SHEET_COLUMNS + reach, reach)
        player = players.get((key, number))
        if player is None:
            if "D_NAME" in table.fields:
                name = _value(table, i, "D_NAME", problems, "the name")
            else:
                last = _value(table, i, "D_LASTNAME", problems, "the last name")
                given = _value(table, i, "D_FIRSTNAME", problems, "the first name")
                name = f"{last}, {given}" if last and given else last or given
            rating, games = _rating(table.records[i].get("D_RATING", ""), where, problems)
            member = _value(table, i, "D_MEM_ID", problems) or _value(table, i, "D_USCF_ID", problems)
            state = _value(table, i, "D_STATE", problems)
            player = Player(number, name, where, [], {"ID": member or None, "State": state or None,
                                                      "Rating": rating, "Games": games})
            players[(key, number)] = player
            if not name and sequence == 1:
                problems.add(where, "the player has no name (D_NAME)")
        cells = placed.setdefault((key, number), {})
        for index, field in round_fields:
            r = offset + index
            cells[r] = _read_round(table.records[i].get(field, ""), where, r, problems)
            if table.records[i].get(field, "").strip().upper() not in ("", "U", "U0"):
                last_round[key] = max(last_round.get(key, 0), r)  # U0 pads a shorter section
    by_section: dict[str, list[Player]] = {}
    for (key, _), player in players.items():
        by_section.setdefault(key, []).append(player)
    for key, found in by_section.items():
        # The cells a player's records do not give are unplayed: bounded before they are made.
        reach = max((max(placed[(key, p.number)], default=0) for p in found), default=0)
        filled = sum(rnd.code != "U" for p in found for rnd in placed[(key, p.number)].values())
        check_size(f"{table.name} section {key}", len(found), reach, filled)
        for player in found:
            cells = placed[(key, player.number)]
            player.rounds = [cells.get(r, UNPLAYED) for r in range(1, max(cells, default=0) + 1)]
    return {key: (found, last_round.get(key, 0)) for key, found in by_section.items()}


def _require(table: _Table, fields: Sequence[str], problems: Problems) -> None:
    for field in fields:
        if field not in table.fields:
            problems.add(table.name, f"has no field {field}")


def read_dbf(folder: str | Path, *, sections: Sequence[str] | None = None) -> ImportedEvent:
    """Read the rating report files in ``folder`` (a ``.dbf`` file names its folder).

    ``sections`` picks sections by name (``S_SEC_NAME``), number or sheet name. Raises
    :class:`~xlrating.errors.FormatError` with every problem found.
    """
    folder = Path(folder)
    if folder.is_file():
        if folder.suffix.lower() != ".dbf":
            raise FormatError([Problem(str(folder), "is not a DBF file: US Chess rating report files "
                                                    "are imported by naming their folder (or a .DBF file)")])
        folder = folder.parent
    source = folder.name or str(folder)
    files = find_files(folder)
    problems = Problems()
    title = f"Cannot import {source} as US Chess rating report files"
    tables = {base: read_table(path, problems) for base, path in files.items()}
    problems.raise_if_any(title)
    header, section_table, detail = (tables[b] for b in FILES)
    assert header is not None and section_table is not None and detail is not None
    _require(section_table, ("S_SEC_NUM",), problems)
    _require(detail, ("D_SEC_NUM", "D_PAIR_NUM", "D_RND01"), problems)
    if "D_NAME" not in detail.fields and "D_LASTNAME" not in detail.fields:
        problems.add(detail.name, "has no field D_NAME (the players' names)")
    problems.raise_if_any(title)
    name: str = ""
    start = end = None
    report: list[tuple[str, Cell]] = []
    if not header.records:
        problems.add(header.name, "has no record (the event's name and dates)")
    else:
        name = _value(header, 0, "H_NAME", problems, "the event name")
        start = _date(header, 0, "H_BEG_DATE", problems)
        end = _date(header, 0, "H_END_DATE", problems)
        report = [(setting, value) for field, setting in HEADER_SETTINGS
                  if (value := _value(header, 0, field, problems))]
    infos = _read_sections(section_table, problems)
    if not infos and not section_table.records:
        problems.add(section_table.name, "has no sections")
    players = _read_players(detail, infos, problems)
    read: list[Section] = []
    taken: list[str] = []
    notes: list[str] = []
    for key, info in infos.items():
        found, last = players.get(key, ([], 0))
        if not found:
            notes.append(f"Section {info.name or info.number} has no players and is left out")
            continue
        rounds = info.rounds or last
        if last > rounds:
            problems.add(info.where, f"S_TOT_RNDS says {rounds} rounds, but players of the section have "
                                     f"results in round {last}")
        check_numbers(found, problems)
        check_pairings(found, problems, among="the section")
        fallback = f"Section {info.number}"
        sheet = build_sheet(sheet_name(info.name, taken, fallback), found, rounds=rounds,
                            before=["ID", "State", "Rating", "Games"], section=info.name or info.number)
        taken.append(sheet.name)
        numbers = [p.number for p in found]
        event_type = info.event_type or guess_event_type(numbers, meetings_of(found))
        if len(numbers) == 2:
            event_type = "Match"
            notes.append(f"Section {sheet.name} has two players: imported as a match (US Chess 2020, 7)")
        settings = {"System": "USCF", "Rating system": info.rating_system, "Dual rated": info.dual,
                    "Event type": event_type}
        read.append(Section(info.name or info.number, sheet, settings, aliases=(info.number, key)))
    if not read and not problems:
        problems.add(detail.name, "has no players in any section of TSEXPORT")
    chosen = select_sections(read, sections, source, problems)
    if any("Rating" in s.sheet.header and "Games" not in s.sheet.header for s in chosen):
        notes.append("The report files give ratings without their game counts: rated players are taken "
                     "as established; enter Games for provisional players before rating")
    merged, more = merge_settings(chosen, source, problems)
    notes += more
    problems.raise_if_any(title)
    controls = {infos[s.aliases[1]].time_control for s in chosen} - {""}
    if len(controls) > 1:
        notes.append("Sections differ in time control (" + ", ".join(sorted(controls)) + "): the Event "
                     "sheet's Time control is left blank")
    elif controls:
        report.append(("Time control", controls.pop()))
    event = [*merged.items(), ("Event name", name or None), ("Start date", start), ("End date", end),
             *report]
    return ImportedEvent(source=source, format="dbf", event=tuple(event),
                         sheets=tuple(s.sheet for s in chosen), notes=tuple(notes))
