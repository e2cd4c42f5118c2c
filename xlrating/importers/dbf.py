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
round fields fills the rest with ``U0``, which is read as padding; a section with more
rounds than the records hold gets the rest as ``U`` (not played), with a warning.

The files are read with ``dbfread``; text is decoded with the code page the file
declares (its language driver byte), or, when it declares none, as UTF-8, else
Windows-1252, else Latin-1. File names are matched case-insensitively.

Each section becomes a crosstable sheet named after the section. Sections are rated
under one ``Event`` sheet, so they must agree on the rating system (``S_R_SYSTEM``:
``R`` Regular, ``Q`` Quick, ``D`` dual rated, Regular with Quick, ``B`` Blitz);
sections that do not are imported separately with ``--section``. ``S_TRN_TYPE`` gives
each section's event type (``S`` Swiss, ``C`` a Swiss entered cumulatively, ``R`` round
robin, ``M`` match). A two-player section is a match (US Chess 2020, 7), but one the file
calls a Swiss beside other sections, which stays a Swiss (a two-player round robin is an
individual match too, and report files give a match ``R``); a lone two-player section the file
calls a Swiss is a match with a warning (pairing programs write ``S`` for a match too). A
section the file calls a match without two players is imported as its pairings show (a round
robin when every player met every other, else a Swiss), with a warning naming the section and
its record.
"""

from __future__ import annotations

import datetime
import itertools
import re
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
    noted_players,
    parse_date,
    path_arg,
    sections_arg,
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
#: ``S_TRN_TYPE`` letters (``C``: a Swiss entered cumulatively, in US Chess's older files).
EVENT_TYPES = {"S": "Swiss", "C": "Swiss", "R": "Round robin", "M": "Match"}
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


@dataclass(frozen=True)
class _Layout:
    """Where a dBASE file's records are, from its 32-byte header."""

    count: int
    header_length: int
    record_length: int

    def deleted(self, data: bytes, index: int) -> bool:
        """Whether record ``index`` (from 0) carries the deletion flag (anything but a space)."""
        start = self.header_length + index * self.record_length
        return data[start:start + 1] != b" "


def _layout(data: bytes) -> _Layout | str:
    """The file's layout, or what is wrong with its header."""
    if len(data) < 32:
        return f"is not a dBASE file (only {len(data)} bytes)"
    count, header_length, record_length = struct.unpack("<IHH", data[4:12])
    if header_length < 33 or header_length > len(data) or record_length < 1:
        return "is not a dBASE file (its header is damaged)"
    end = 32  # the 32-byte field descriptors, then 0x0D
    while end < len(data) and data[end] != 0x0D:
        end += 32
    # WinTD writes a 0x00 after the 0x0D, then the records (each from its deletion flag) or the 0x1A
    win_td = data[end + 1:end + 2] == b"\x00" and data[end + 2:end + 3] in (b" ", b"*", b"\x1a", b"")
    if header_length not in (end + 1, end + 1 + 263) and not (win_td and header_length == end + 2):
        # dBASE puts the records right after the descriptors (WinTD after one 0x00 byte, Visual
        # FoxPro after 263 more bytes); any other header length reads every record from the wrong place.
        return (f"is damaged: its header says the records start at byte {header_length}, but its field "
                f"descriptors end at byte {end + 1}")
    return _Layout(count, header_length, record_length)


def _body_problem(layout: _Layout, fields: Sequence[Any], size: int) -> str | None:
    """What is wrong with the records the header describes in a file of ``size`` bytes, or None."""
    if 1 + sum(f.length for f in fields) != layout.record_length:
        return "is not a dBASE file (its field lengths do not add up to its record length)"
    if size < layout.header_length + layout.count * layout.record_length:
        whole = max(size - layout.header_length, 0) // layout.record_length
        return f"is cut short: its header promises {layout.count} records, the file holds {whole}"
    return None


def _declared(table: DBF) -> str | None:
    """The code page the file's language driver byte declares, if any."""
    driver = table.header.language_driver
    try:
        return guess_encoding(driver) if driver else None
    except LookupError:
        return None


def _records(names: Sequence[str], raw: Sequence[Any], declared: str | None) -> list[dict[str, str]]:
    """Each record's values by field name, decoded (see :func:`_decode`) and stripped."""
    texts, _ = _decode([bytes(value) for record in raw for _, value in record], declared)
    width = len(names)
    return [{n: text.strip(" \x00") for n, text in zip(names, texts[i * width:(i + 1) * width], strict=True)}
            for i in range(len(raw))]


def read_table(path: Path, problems: Problems) -> _Table | None:
    """Read one DBF file; ``None`` (and problems) if it is not a readable dBASE table."""
    name = path.name
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except Unreadable as error:
        problems.add(name, error.reason)
        return None
    layout = _layout(data)
    if isinstance(layout, str):
        problems.add(name, layout)
        return None
    try:
        table = DBF(str(path), raw=True, encoding="latin-1", ignore_missing_memofile=True, ignorecase=False,
                    recfactory=None)
        fields = list(table.fields)
        raw = list(itertools.islice(iter(table), layout.count))
    except Exception as error:  # dbfread raises many kinds on damaged files; all mean one thing here
        problems.add(name, f"is not a readable dBASE file ({type(error).__name__}: {error})")
        return None
    if (problem := _body_problem(layout, fields, len(data))) is not None:
        problems.add(name, problem)
        return None
    names = [f.name.strip().upper() for f in fields]
    records = _records(names, raw, _declared(table))
    live = [i + 1 for i in range(layout.count) if not layout.deleted(data, i)]
    numbers = tuple(live) if len(live) == len(records) else tuple(range(1, len(records) + 1))
    used = [f"{n} (type {f.type})" for n, f in zip(names, fields, strict=True)
            if f.type not in _TEXT_TYPES and n.startswith(("H_", "S_", "D_"))]
    if used:
        problems.add(name, "fields that should be character fields are not: " + ", ".join(used))
    return _Table(name, tuple(names), tuple(records), numbers)


def _value(table: _Table, index: int, name: str, problems: Problems, what: str = "") -> str:
    """Field ``name`` of record ``index`` (blank when the file has no such field), checked as
    text a cell can hold; ``what`` names it in a problem (by default its name)."""
    text = table.records[index].get(name, "")
    return check_text(text, table.where(index), what or name, problems)


def _date(table: _Table, index: int, name: str, problems: Problems) -> datetime.date | None:
    text = table.records[index].get(name, "").strip()
    if not text:
        return None
    date = parse_date(text) if re.fullmatch(r"[0-9]{8}", text, re.ASCII) else None
    if date is None:
        problems.add(table.where(index), f"{name} {text!r} is not a date (YYYYMMDD)")
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


class _Refused(Exception):
    """A field's value refused: the message is the whole problem, and the record is left out."""


def _section_number(text: str, where: str, sections: dict[str, _SectionInfo]) -> str:
    if not text:
        raise _Refused("the section has no number (S_SEC_NUM)")
    first = sections.get(_section_key(text))
    if first is not None:
        raise _Refused(f"section number {text} is used twice (also at {first.where})")
    return text


def _rating_letter(text: str, where: str, sections: dict[str, _SectionInfo]) -> str:
    letter = text.upper()
    if letter and letter not in RATING_SYSTEMS:
        raise _Refused(f"unknown rating system S_R_SYSTEM {letter!r} (known: "
                       + ", ".join(f"{k} {v[0]}{' dual rated' if v[1] == 'yes' else ''}"
                                   for k, v in RATING_SYSTEMS.items()) + ")")
    return letter or "R"


def _section_type(text: str, where: str, sections: dict[str, _SectionInfo]) -> str:
    kind = text.upper()
    if kind and kind not in EVENT_TYPES:
        raise _Refused(f"unknown section type S_TRN_TYPE {kind!r} (known: S Swiss, C cumulative Swiss, "
                       "R round robin, M match)")
    return EVENT_TYPES.get(kind, "")


def _total_rounds(text: str, where: str, sections: dict[str, _SectionInfo]) -> int | None:
    rounds = whole_number(text) if text else None
    if text and rounds is None:
        raise _Refused(f"S_TOT_RNDS {text!r} is not a whole number")
    if rounds is not None:
        check_columns(where, SHEET_COLUMNS + rounds, rounds)
    return rounds


def _as_written(text: str, where: str, sections: dict[str, _SectionInfo]) -> str:
    return text


@dataclass(frozen=True)
class _Field:
    """A field of a TSEXPORT record: its name, its reader (the field's text, the record's place,
    the sections read before it -> the value, or :class:`_Refused`) and what a problem calls it."""

    name: str
    read: Callable[[str, str, dict[str, _SectionInfo]], Any]
    what: str = ""


#: A section record's fields, in the order they are read (a field refused leaves the rest unread).
_SECTION_FIELDS = (
    _Field("S_SEC_NUM", _section_number),
    _Field("S_R_SYSTEM", _rating_letter),
    _Field("S_TRN_TYPE", _section_type),
    _Field("S_TOT_RNDS", _total_rounds),
    _Field("S_SEC_NAME", _as_written),
    _Field("S_TIMECTL", _as_written, "the time control"),
)


def _read_section(table: _Table, index: int, sections: dict[str, _SectionInfo], problems: Problems
                  ) -> _SectionInfo | None:
    """One TSEXPORT record; ``None``, with its problem, when a field of it is refused."""
    where = table.where(index)
    values: dict[str, Any] = {}
    for one in _SECTION_FIELDS:
        try:
            values[one.name] = one.read(_value(table, index, one.name, problems, one.what), where, sections)
        except _Refused as refused:
            problems.add(where, str(refused))
            return None
    number = values["S_SEC_NUM"]
    system, dual = RATING_SYSTEMS[values["S_R_SYSTEM"]]
    return _SectionInfo(_section_key(number), number, values["S_SEC_NAME"], where, system, dual,
                        values["S_TRN_TYPE"], values["S_TOT_RNDS"], values["S_TIMECTL"])


def _read_sections(table: _Table, problems: Problems) -> dict[str, _SectionInfo]:
    """The sections by :func:`_section_key`, in file order."""
    sections: dict[str, _SectionInfo] = {}
    for index in range(len(table.records)):
        if (section := _read_section(table, index, sections, problems)) is not None:
            sections[section.key] = section
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
        return Round(letter, opponent, colour)
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


def _round_fields(table: _Table, problems: Problems) -> list[tuple[int, str]] | None:
    """TDEXPORT's round fields (``D_RND01``…) as (round, field), in round order; ``None``, with
    problems, when a field is for round 0 or two fields are for one round."""
    round_fields = sorted((int(m[1]), f) for f in table.fields if (m := _ROUND_FIELD.fullmatch(f)))
    by_round: dict[int, str] = {}
    for round_number, name in round_fields:
        if round_number == 0:
            problems.add(table.name, f"the field {name} is for round 0; rounds are numbered from 1 (D_RND01)")
        elif round_number in by_round:
            problems.add(table.name, f"the fields {by_round[round_number]} and {name} are both for round "
                                     f"{round_number}")
        else:
            by_round[round_number] = name
    return round_fields if len(by_round) == len(round_fields) else None


@dataclass(frozen=True)
class _Place:
    """Where a TDEXPORT record belongs: its section, its player's pair number, its place among
    the player's records (``D_REC_SEQ``, 1 when the file has no such field)."""

    key: str
    section: str
    """The section number as the record writes it."""
    number: int
    sequence: int


def _sequence(table: _Table, index: int, problems: Problems) -> int:
    text = _value(table, index, "D_REC_SEQ", problems)
    sequence = whole_number(text) if text else 1
    if sequence is None or sequence < 1:
        problems.add(table.where(index), f"D_REC_SEQ {text!r} is not a whole number >= 1")
        return 1
    return sequence


def _place(table: _Table, index: int, sections: dict[str, _SectionInfo], problems: Problems) -> _Place | None:
    """The record's place; ``None`` when a field of it has a problem."""
    where = table.where(index)
    count = len(problems.items)
    section = _value(table, index, "D_SEC_NUM", problems)
    key = _section_key(section)
    if key not in sections:
        problems.add(where, f"section {section!r} (D_SEC_NUM) is not in TSEXPORT")
    pair_text = _value(table, index, "D_PAIR_NUM", problems)
    number = whole_number(pair_text)
    if number is None or number < 1:
        problems.add(where, f"the pair number D_PAIR_NUM {pair_text!r} is not a whole number >= 1")
    sequence = _sequence(table, index, problems) if "D_REC_SEQ" in table.fields else 1
    if len(problems.items) > count or number is None:
        return None
    return _Place(key, section, number, sequence)


def _name(table: _Table, index: int, problems: Problems) -> str:
    """``D_NAME``, or in files that split it ``D_LASTNAME, D_FIRSTNAME``."""
    if "D_NAME" in table.fields:
        return _value(table, index, "D_NAME", problems, "the name")
    last = _value(table, index, "D_LASTNAME", problems, "the last name")
    given = _value(table, index, "D_FIRSTNAME", problems, "the first name")
    return f"{last}, {given}" if last and given else last or given


def _player(table: _Table, index: int, number: int, problems: Problems) -> Player:
    """The player a record names: name, rating and games (``D_RATING``), member ID
    (``D_MEM_ID``, else ``D_USCF_ID``) and state; no rounds yet."""
    where = table.where(index)
    name = _name(table, index, problems)
    rating, games = _rating(table.records[index].get("D_RATING", ""), where, problems)
    member = _value(table, index, "D_MEM_ID", problems) or _value(table, index, "D_USCF_ID", problems)
    state = _value(table, index, "D_STATE", problems)
    return Player(number, name, where, [], {"ID": member or None, "State": state or None, "Rating": rating,
                                            "Games": games})


@dataclass
class _Players:
    """The players read so far, by (section key, pair number)."""

    players: dict[tuple[str, int], Player] = field(default_factory=dict)
    cells: dict[tuple[str, int], dict[int, Round]] = field(default_factory=dict)
    """Each player's round cells, by round, as his records give them."""
    seen: dict[tuple[str, int, int], str] = field(default_factory=dict)
    """Where each (section, pair number, record sequence) was read."""
    last_round: dict[str, int] = field(default_factory=dict)
    """Per section, the last round any of its players has a result in."""


def _read_record(table: _Table, index: int, place: _Place, round_fields: Sequence[tuple[int, str]],
                 read: _Players, problems: Problems) -> None:
    """One record: its player (when new) and its round cells."""
    where = table.where(index)
    first = read.seen.get((place.key, place.number, place.sequence))
    if first is not None:
        what = f"pair number {place.number} of section {place.section}"
        problems.add(where, f"{what} is used twice (also at {first})" if place.sequence == 1 else
                            f"{what} has two records with D_REC_SEQ {place.sequence} (also at {first})")
        return
    read.seen[(place.key, place.number, place.sequence)] = where
    offset = (place.sequence - 1) * len(round_fields)
    reach = offset + (round_fields[-1][0] if round_fields else 0)
    check_columns(where, SHEET_COLUMNS + reach, reach)
    player_key = (place.key, place.number)
    if player_key not in read.players:
        player = read.players[player_key] = _player(table, index, place.number, problems)
        if not player.name and place.sequence == 1:
            problems.add(where, "the player has no name (D_NAME)")
    cells = read.cells.setdefault(player_key, {})
    for index_in_record, name in round_fields:
        r = offset + index_in_record
        text = table.records[index].get(name, "")
        cells[r] = _read_round(text, where, r, problems)
        if text.strip().upper() not in ("", "U", "U0"):  # U0 pads a shorter section
            read.last_round[place.key] = max(read.last_round.get(place.key, 0), r)


def _by_section(table: _Table, read: _Players) -> dict[str, list[Player]]:
    """The players of each section, each with every round up to the last the player's records give."""
    by_section: dict[str, list[Player]] = {}
    for (key, _), player in read.players.items():
        by_section.setdefault(key, []).append(player)
    for key, found in by_section.items():
        # The cells a player's records do not give are unplayed: bounded before they are made.
        reach = max((max(read.cells[(key, p.number)], default=0) for p in found), default=0)
        filled = sum(rnd.code != "U" for p in found for rnd in read.cells[(key, p.number)].values())
        check_size(f"{table.name} section {key}", len(found), reach, filled)
        for player in found:
            cells = read.cells[(key, player.number)]
            player.rounds = [cells.get(r, UNPLAYED) for r in range(1, max(cells, default=0) + 1)]
    return by_section


def _read_players(
    table: _Table, sections: dict[str, _SectionInfo], problems: Problems
) -> dict[str, tuple[list[Player], int]]:
    """The players of each section, and the last round any of them has a result in."""
    round_fields = _round_fields(table, problems)
    if round_fields is None:
        return {}
    read = _Players()
    for index in range(len(table.records)):
        place = _place(table, index, sections, problems)
        if place is not None:
            _read_record(table, index, place, round_fields, read, problems)
    return {key: (found, read.last_round.get(key, 0)) for key, found in _by_section(table, read).items()}


#: The fields a report cannot be read without, by file (``D_NAME`` may be split, see :func:`_name`).
_REQUIRED_FIELDS = (("TSEXPORT", ("S_SEC_NUM",)), ("TDEXPORT", ("D_SEC_NUM", "D_PAIR_NUM", "D_RND01")))


def _missing_fields(tables: dict[str, _Table], problems: Problems) -> None:
    """A problem for each field of :data:`_REQUIRED_FIELDS` a table lacks, and for players with no name."""
    for base, names in _REQUIRED_FIELDS:
        for name in names:
            if name not in tables[base].fields:
                problems.add(tables[base].name, f"has no field {name}")
    detail = tables["TDEXPORT"]
    if "D_NAME" not in detail.fields and "D_LASTNAME" not in detail.fields:
        problems.add(detail.name, "has no field D_NAME (the players' names)")


def _folder(path: Path) -> Path:
    """The folder of the report files: ``path``, or the folder of the ``.dbf`` file it names."""
    if not path.is_file():
        return path
    if path.suffix.lower() != ".dbf":
        raise FormatError([Problem(str(path), "is not a DBF file: US Chess rating report files "
                                              "are imported by naming their folder (or a .DBF file)")])
    return path.parent


@dataclass
class _Header:
    """THEXPORT's record: the event's name and dates, and the rating report rows it gives."""

    name: str = ""
    start: datetime.date | None = None
    end: datetime.date | None = None
    report: list[tuple[str, Cell]] = field(default_factory=list)


def _header(table: _Table, problems: Problems, warnings: list[str]) -> _Header:
    """The event, from THEXPORT's first record; a warning for each further record that differs
    from it (another event's name or dates, left out)."""
    if not table.records:
        problems.add(table.name, "has no record (the event's name and dates)")
        return _Header()
    for index in range(1, len(table.records)):
        if table.records[index] != table.records[0]:
            warnings.append(f"{table.where(index)}: a second event record, not the same as "
                            f"{table.where(0)}: left out ({table.where(0)} is imported); check which is "
                            "right")
    return _Header(_value(table, 0, "H_NAME", problems, "the event name"),
                   _date(table, 0, "H_BEG_DATE", problems), _date(table, 0, "H_END_DATE", problems),
                   [(setting, value) for name, setting in HEADER_SETTINGS
                    if (value := _value(table, 0, name, problems))])


def _section(info: _SectionInfo, found: list[Player], last: int, taken: list[str], problems: Problems,
             notes: list[str], warnings: list[str], alone: bool = True) -> Section:
    """One section's sheet and settings, its pairings checked; a warning for rounds ``S_TOT_RNDS``
    counts that no record of the section has a field for (they are entered as unplayed).
    ``alone``: the file's only section with players."""
    rounds = info.rounds or last
    if last > rounds:
        problems.add(info.where, f"S_TOT_RNDS says {rounds} rounds, but players of the section have "
                                 f"results in round {last}")
    held = max(len(p.rounds) for p in found)
    if rounds > held:
        missing = f"round {rounds}" if rounds == held + 1 else f"rounds {held + 1}-{rounds}"
        warnings.append(f"{info.where}: S_TOT_RNDS says {rounds} rounds, but TDEXPORT's records hold rounds "
                        f"1-{held} only: {missing} entered as U (not played) for every player; check the "
                        "report files")
    check_numbers(found, problems)
    check_pairings(found, problems, among="the section")
    fallback = f"Section {info.number}"
    sheet = build_sheet(sheet_name(info.name, taken, fallback), found, rounds=rounds,
                        before=["ID", "State", "Rating", "Games"], section=info.name or info.number)
    taken.append(sheet.name)
    event_type = _event_type(info, sheet.name, found, alone, notes, warnings)
    settings = {"System": "USCF", "Rating system": info.rating_system, "Dual rated": info.dual,
                "Event type": event_type}
    return Section(info.name or info.number, sheet, settings, aliases=(info.number, info.key))


def _event_type(info: _SectionInfo, name: str, found: list[Player], alone: bool, notes: list[str],
                warnings: list[str]) -> str:
    """The section's Event type: the file's (``S_TRN_TYPE``), else a round robin when every player
    met every other; a match for two players where the file says Swiss (alone), round robin or
    nothing. A
    section the file calls a match is said at import when it has not two players: it is imported
    as its pairings show, where a match would be refused only when rated."""
    numbers = [p.number for p in found]
    guessed = guess_event_type(numbers, meetings_of(found))
    event_type = info.event_type or guessed
    if len(numbers) == 2 and info.event_type == "Swiss" and not alone:
        warnings.append(f"Section {name} has two players and {info.where} says Swiss (S_TRN_TYPE): "
                        "imported as a Swiss; if it was a match (US Chess 2020, 7), import it alone "
                        "with --section and set the Event sheet's Event type to Match")
    elif len(numbers) == 2 and info.event_type == "Swiss":
        event_type = "Match"
        warnings.append(f"Section {name} has two players: imported as a match (US Chess 2020, 7), "
                        f"though {info.where} says Swiss (S_TRN_TYPE), as pairing programs write for a match "
                        "too; if it was a Swiss, set the Event sheet's Event type to Swiss")
    elif len(numbers) == 2 and event_type != "Match":
        event_type = "Match"
        notes.append(f"Section {name} has two players: imported as a match (US Chess 2020, 7)")
    elif len(numbers) != 2 and info.event_type == "Match":
        event_type = guessed
        warnings.append(f"Section {name} has {len(numbers)} player{'s' if len(numbers) != 1 else ''}, but "
                        f"{info.where} says match (M, S_TRN_TYPE), and a match has two players (US Chess "
                        f"2020, 7): imported as a {guessed.lower()}, as its pairings show; check the Event "
                        "sheet's Event type")
    return event_type


def _sections(infos: dict[str, _SectionInfo], players: dict[str, tuple[list[Player], int]],
              problems: Problems, notes: list[str], warnings: list[str]) -> list[Section]:
    """Every section with players (a note for each without)."""
    read: list[Section] = []
    taken: list[str] = []
    alone = sum(1 for key in infos if players.get(key, ([], 0))[0]) == 1
    for key, info in infos.items():
        found, last = players.get(key, ([], 0))
        if not found:
            notes.append(f"Section {info.name or info.number} has no players and is left out")
            continue
        read.append(_section(info, found, last, taken, problems, notes, warnings, alone))
    return read


def _time_control(chosen: Sequence[Section], infos: dict[str, _SectionInfo], warnings: list[str]
                  ) -> list[tuple[str, Cell]]:
    """The ``Time control`` row when the chosen sections share one (a warning when they differ)."""
    controls = {infos[s.aliases[1]].time_control for s in chosen} - {""}
    if len(controls) > 1:
        warnings.append("Sections differ in time control (" + ", ".join(sorted(controls)) + "): the Event "
                        "sheet's Time control is left blank")
        return []
    return [("Time control", control) for control in controls]


def read_dbf(folder: str | Path, *, sections: Sequence[str] | None = None) -> ImportedEvent:
    """Read the rating report files in ``folder`` (a ``.dbf`` file names its folder).

    ``sections`` picks sections by name (``S_SEC_NAME``), number or sheet name. Raises
    :class:`~xlrating.errors.FormatError` with every problem found.
    """
    folder, sections = _folder(path_arg("folder", folder)), sections_arg(sections)
    source = folder.name or str(folder)
    files = find_files(folder)
    problems = Problems()
    title = f"Cannot import {source} as US Chess rating report files"
    read_tables = {base: read_table(path, problems) for base, path in files.items()}
    problems.raise_if_any(title)
    tables = {base: table for base, table in read_tables.items() if table is not None}
    _missing_fields(tables, problems)
    problems.raise_if_any(title)
    warnings: list[str] = []
    header = _header(tables["THEXPORT"], problems, warnings)
    infos = _read_sections(tables["TSEXPORT"], problems)
    if not infos and not tables["TSEXPORT"].records:
        problems.add(tables["TSEXPORT"].name, "has no sections")
    notes: list[str] = []
    read = _sections(infos, _read_players(tables["TDEXPORT"], infos, problems), problems, notes, warnings)
    if not read and not problems:
        problems.add(tables["TDEXPORT"].name, "has no players in any section of TSEXPORT")
    chosen = select_sections(read, sections, source, problems)
    if any("Rating" in s.sheet.header and "Games" not in s.sheet.header for s in chosen):
        warnings.append("The report files give ratings without their game counts: rated players are taken "
                        "as established; enter Games for provisional players before rating")
    merged, more = merge_settings(chosen, source, problems)
    warnings += more
    problems.raise_if_any(title)
    event = [*merged.items(), ("Event name", header.name or None), ("Start date", header.start),
             ("End date", header.end), *header.report, *_time_control(chosen, infos, warnings)]
    sheets = tuple(s.sheet for s in chosen)
    return ImportedEvent(source=source, format="dbf", event=tuple(event), sheets=sheets, notes=tuple(notes),
                         warnings=(*warnings, *noted_players(sheets)))
