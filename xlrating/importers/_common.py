"""What the three importers share: text decoding, round cells, pairing checks, sheet names.

Each importer reads its file into :class:`Player` records (pairing number, name, other
columns, one :class:`Round` per round), collecting every :class:`Problem` it finds
instead of stopping at the first. :func:`check_pairings` then checks the rounds
against each other (the opponent exists, both cells of a game agree) and
:func:`build_sheet` turns the players into an :class:`ImportedSheet`.
"""

from __future__ import annotations

import codecs
import datetime
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import _check
from ..crosstable.codes import same_colour
from ..errors import FormatError, Problem
from .model import Cell, ImportedSheet

#: The crosstable's result letters an importer produces.
GAME_CODES = frozenset("WLD")
"""Rated games: the opponent is required and the opponent's cell must agree."""
FORFEIT_CODES = frozenset("XF")
"""Forfeits: the opponent is optional."""
BYE_CODES = frozenset("BHU")
"""Byes and unplayed rounds: no opponent."""

_COMPLEMENT = {"W": "L", "L": "W", "D": "D", "X": "F", "F": "X"}

#: Characters a workbook cannot hold: the C0 controls but tab, DEL, and what XML 1.0 has no
#: place for (lone surrogates, U+FFFE, U+FFFF). openpyxl writes the last ones without a
#: word, and Excel then calls the workbook damaged.
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")

#: The error values Excel shows for a failed formula: text that is exactly one of these is
#: read back as an error, so a crosstable cannot hold it as a name.
EXCEL_ERRORS = frozenset({"#N/A", "#REF!", "#VALUE!", "#DIV/0!", "#NAME?", "#NULL!", "#NUM!", "#SPILL!",
                          "#CALC!", "#GETTING_DATA", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!",
                          "#UNKNOWN!", "#EXTERNAL!"})

#: Excel's columns (A to XFD): a crosstable sheet's rounds and other columns must fit.
MAX_COLUMNS = 16_384
#: The largest text file an import reads: an event's file is a few hundred kilobytes.
MAX_FILE_BYTES = 32 * 1024 * 1024
#: The most round cells (players x rounds) an imported crosstable sheet holds: ten times a
#: 10,000-player Swiss of ten rounds, the largest events rated.
MAX_ROUND_CELLS = 1_000_000
#: A sheet of more round cells than this must have at least one cell in :data:`SPARSE_SHARE`
#: filled by the file (a game, a bye, a forfeit): players who each play one round of a
#: thousand are a file whose round numbers are not rounds (game numbers, dates), and the
#: sheet of unplayed cells would grow with the square of the file.
SPARSE_CELLS = 100_000
SPARSE_SHARE = 10


class Problems:
    """The problems found in one file, collected so the user sees them all at once."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, where: str, message: str) -> None:
        self.items.append(Problem(where, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self, title: str) -> None:
        """Raise :class:`FormatError` with every problem found so far, if there is one."""
        if self.items:
            raise FormatError(self.items, title=title)


@dataclass(frozen=True)
class Round:
    """One round of one player, in the crosstable's terms."""

    code: str
    """``W`` ``L`` ``D`` (rated game), ``X`` ``F`` (forfeit), ``B`` ``H`` ``U`` (bye, unplayed)."""
    opponent: int | None = None
    """The opponent's pairing number (games always, forfeits when known)."""
    colour: str = ""
    """``"w"``, ``"b"`` or ``""``: kept as the crosstable's optional trailing colour."""

    def cell(self) -> str:
        """The round cell: ``W12w``, ``X5``, ``H``, ``U``."""
        if self.opponent is None:
            return self.code
        return f"{self.code}{self.opponent}{self.colour}"

    def points(self) -> float:
        return {"W": 1.0, "X": 1.0, "B": 1.0, "D": 0.5, "H": 0.5}.get(self.code, 0.0)


UNPLAYED = Round("U")
UNREADABLE = Round("?")
"""A round cell the importer could not read (a problem was reported): pairing checks skip it."""


@dataclass
class Player:
    """A player as an importer read them, before they become a sheet row."""

    number: int
    """Pairing number (``No``)."""
    name: str
    where: str
    """Where the player's record is: ``event.trf line 12``, for problems."""
    rounds: list[Round]
    values: dict[str, Cell] = field(default_factory=dict)
    """The player's other columns, by header (``Rating``, ``Games``, ``Total``…)."""
    notes: list[str] = field(default_factory=list)
    """``Import notes``: what the importer changed or decided for this player."""


def _windows_1252(error: UnicodeError) -> tuple[str, int]:
    """Decode the bytes that are not UTF-8 as Windows-1252 (Latin-1 for its five unused bytes)."""
    assert isinstance(error, UnicodeDecodeError)
    data = error.object[error.start:error.end]
    return "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in data), error.end


codecs.register_error("xlrating-cp1252", _windows_1252)


def decode_text(data: bytes, where: str, warnings: list[str] | None = None) -> str:
    """Text from the bytes of a text file: UTF-8 (with or without BOM), UTF-16 with BOM,
    else Windows-1252, so accented names survive whichever the file used.

    Text that mixes the two (a file pasted together from two sources) is read character
    by character in the encoding each was written in: UTF-8 sequences as UTF-8, the
    other bytes as Windows-1252; a warning naming the Windows-1252 lines goes to ``warnings``.
    Raises :class:`FormatError` for a binary file (NUL bytes without a UTF-16 BOM).
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as error:
            raise FormatError([Problem(where, f"not a valid UTF-16 text file ({error.reason})")]) from None
    if b"\x00" in data:
        raise FormatError([Problem(where, "not a text file (it contains NUL bytes)")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    text = data.decode("utf-8-sig", errors="xlrating-cp1252")
    if warnings is not None and any(ord(c) > 0x7F for c in data.decode("utf-8-sig", errors="ignore")):
        lines = data.splitlines()
        legacy = []
        for number, line in enumerate(lines, start=1):
            try:
                line.decode("utf-8")
            except UnicodeDecodeError:
                legacy.append(number)
        shown = ", ".join(map(str, legacy[:10]))
        if len(legacy) > 10:
            shown += f" and {len(legacy) - 10} more"
        warnings.append(f"The file mixes UTF-8 and Windows-1252 text: line{'s' if len(legacy) > 1 else ''} "
                        f"{shown} read as Windows-1252, the rest as UTF-8; check the names with accents")
    return text


def text_args(text: Any, source: Any, notes: Any = (), warnings: Any = ()
              ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The arguments every text importer shares, checked: ``text`` and ``source`` as text,
    ``notes`` and ``warnings`` each a sequence of text (a single note would be read a letter
    at a time); the notes and the warnings as tuples."""
    for name, value, what in (("text", text, "the file's text"), ("source", source, "the file's name")):
        if not isinstance(value, str):
            raise _check.fail(name, f"text ({what})", value)
    return (_check.texts("notes", notes, "a sequence of notes (text)"),
            _check.texts("warnings", warnings, "a sequence of warnings (text)"))


def sections_arg(sections: Any) -> tuple[str, ...] | None:
    """``sections`` checked: ``None`` (every section), or a sequence of section names (one
    name alone would be read a letter at a time; ``False`` is not "every section")."""
    if sections is None:
        return None
    return _check.texts("sections", sections, "a list of section names")


def path_arg(name: str, value: Any) -> Path:
    """A file or folder path argument as a :class:`~pathlib.Path`."""
    if not isinstance(value, (str, os.PathLike)):
        raise _check.fail(name, "a file or folder path", value)
    return Path(value)


def split_lines(text: str) -> list[str]:
    """Lines of ``text`` whatever its line endings (LF, CRLF, CR); no trailing empty line."""
    lines = re.split(r"\r\n|\r|\n", text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


#: How many characters of a file's text a problem quotes.
QUOTED = 60


def quote(text: str) -> str:
    """``text`` stripped and quoted for a problem, cut to :data:`QUOTED` characters (``…``), so
    a hostile line of a million characters still gives a one-line message."""
    text = text.strip()
    return repr(text) if len(text) <= QUOTED else repr(text[:QUOTED]) + "…"


def check_text(value: str, where: str, what: str, problems: Problems) -> str:
    """``value`` stripped; a problem if a workbook cannot hold it: characters no cell holds
    (control characters, U+FFFE, U+FFFF, lone surrogates), or exactly an Excel error value
    such as ``#DIV/0!`` (which a crosstable reads as a failed formula). Such text is refused,
    never silently changed: the user mends the file."""
    value = value.strip()
    bad = _ILLEGAL.search(value)
    if bad:
        problems.add(where, f"{what} {quote(value)} contains U+{ord(bad[0]):04X}, a character an Excel "
                            "workbook cannot hold (a control character or an XML non-character)")
        return _ILLEGAL.sub("", value)
    if value.upper() in EXCEL_ERRORS:
        problems.add(where, f"{what} {value!r} is an Excel error value, not text a crosstable can hold")
    return unicodedata.normalize("NFC", value)


_WHOLE = re.compile(r"[0-9]{1,18}", re.ASCII)
_DECIMAL = re.compile(r"[0-9]{1,18}(?:[.,][0-9]{1,18})?", re.ASCII)


def whole_number(text: str) -> int | None:
    """A whole number written in ASCII digits (at most 18), or ``None``."""
    text = text.strip()
    return int(text) if _WHOLE.fullmatch(text) else None


def decimal_number(text: str) -> float | None:
    """A number like ``2.5`` or ``2,5`` or ``3``, or ``None``."""
    text = text.strip()
    return float(text.replace(",", ".")) if _DECIMAL.fullmatch(text) else None


_DATE_FORMATS = (
    (re.compile(r"([0-9]{4})[-/.]([0-9]{1,2})[-/.]([0-9]{1,2})", re.ASCII), (0, 1, 2)),
    (re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})", re.ASCII), (2, 1, 0)),
    (re.compile(r"([0-9]{4})([0-9]{2})([0-9]{2})", re.ASCII), (0, 1, 2)),
)
_YEAR_LAST = re.compile(r"([0-9]{1,2})([-/])([0-9]{1,2})\2([0-9]{4})", re.ASCII)


def parse_date(text: str) -> datetime.date | None:
    """A date written ``YYYY/MM/DD``, ``YYYY-MM-DD``, ``YYYY.MM.DD``, ``DD.MM.YYYY`` (dots: day first,
    as Europe writes it) or ``YYYYMMDD``; or with its year last and slashes or dashes where only one
    order is a date (``17/05/1990``, ``05/17/1990``); ``None`` if ``text`` is none of these or no
    real date (``04/12/2025``, day first or month first: :func:`date_order_unknown`)."""
    text = text.strip()
    for pattern, (y, m, d) in _DATE_FORMATS:
        match = pattern.fullmatch(text)
        if match:
            parts = match.groups()
            try:
                return datetime.date(int(parts[y]), int(parts[m]), int(parts[d]))
            except ValueError:
                return None
    return _year_last(text)


def _year_last(text: str) -> datetime.date | None:
    """A date with its year last and slashes or dashes whose day and month can be told apart (a
    number over 12 is the day; the same number twice is both)."""
    match = _YEAR_LAST.fullmatch(text)
    if not match:
        return None
    first, second, year = int(match[1]), int(match[3]), int(match[4])
    if first > 12 >= second or first == second:
        first, second = second, first  # day first: the month is the second
    elif not second > 12 >= first:
        return None
    try:
        return datetime.date(year, first, second)
    except ValueError:
        return None


def date_order_unknown(text: str) -> str:
    """What a message adds for a date written with its year last and slashes or dashes whose day and
    month could be either (``04/12/2025``): Europe writes the day first, the United States the month,
    so it is not read (it was read as 4 December, a US date of 12 April); empty for any other text."""
    match = _YEAR_LAST.fullmatch(text.strip())
    numbers = (int(match[1]), int(match[3])) if match else (0, 0)
    if not match or numbers[0] == numbers[1] or min(numbers) < 1 or max(numbers) > 12:
        return ""
    return ": day first or month first cannot be told, so it is not read"


def check_numbers(players: Sequence[Player], problems: Problems, *, what: str = "pair number"
                  ) -> dict[int, Player]:
    """The players by pairing number; a problem for each number used twice."""
    by_number: dict[int, Player] = {}
    for player in players:
        first = by_number.get(player.number)
        if first is not None:
            problems.add(player.where, f"{what} {player.number} is used twice (also at {first.where})")
            continue
        by_number[player.number] = player
    return by_number


def check_pairings(players: Sequence[Player], problems: Problems, *, among: str = "the player list") -> None:
    """Check every round against its opponent's, and mend what is safe to mend.

    A game (``W``/``L``/``D``) must name a player who is there, not the player itself,
    and the opponent's cell in that round must be the same game seen from the other
    side; anything else is a problem. A forfeit naming an opponent must also name a
    player who is there. A double forfeit (neither player came) is ``F`` naming the
    other in both cells, and is kept so. When the opponent's cell is not the matching
    forfeit (it says nothing, or another game), the opponent number is dropped:
    forfeits are never rated, so nothing is lost (the player is noted).
    """
    by_number = {p.number: p for p in players}
    reported: set[tuple[int, frozenset[int]]] = set()
    for player in players:
        for index, rnd in enumerate(player.rounds):
            if rnd.opponent is None or rnd is UNREADABLE:
                continue
            number = index + 1
            opponent = by_number.get(rnd.opponent)
            if rnd.opponent == player.number:
                problems.add(player.where, f"round {number}: {rnd.cell()} names the player's own number")
                continue
            if opponent is None:
                problems.add(player.where, f"round {number}: {rnd.cell()} names opponent "
                                           f"{rnd.opponent}, who is not in {among}")
                continue
            other = opponent.rounds[index] if index < len(opponent.rounds) else UNPLAYED
            if other is UNREADABLE:
                continue
            agrees = other.opponent == player.number and other.code == _COMPLEMENT[rnd.code]
            double_forfeit = rnd.code == other.code == "F" and other.opponent == player.number
            if agrees or double_forfeit:
                _check_colours(player, opponent, number, rnd, other, problems)
                continue
            pair = (number, frozenset((player.number, opponent.number)))
            if rnd.code in GAME_CODES or other.code in GAME_CODES:
                if pair not in reported:
                    reported.add(pair)
                    problems.add(player.where, f"round {number}: {rnd.cell()} but player "
                                               f"{opponent.number}'s round {number} is "
                                               f"{other.cell()!r} (at {opponent.where})")
                continue
            player.rounds[index] = Round(rnd.code)
            player.notes.append(f"round {number}: forfeit against {rnd.opponent}, whose round "
                                f"{number} is {other.cell()!r}; entered without the opponent")


def _check_colours(player: Player, opponent: Player, number: int, rnd: Round, other: Round,
                   problems: Problems) -> None:
    """A problem at the earlier player's line when both lines of a game in round ``number`` give
    one colour (:func:`~xlrating.crosstable.codes.same_colour`, a crosstable's check)."""
    colour = same_colour(rnd.colour, other.colour)
    if colour and player.number < opponent.number:
        problems.add(player.where, f"round {number}: {rnd.cell()} and player {opponent.number}'s "
                                   f"{other.cell()!r} (at {opponent.where}) both give {colour}: one "
                                   "player of a game has White, the other Black")


def guess_event_type(numbers: Iterable[int], meetings: set[frozenset[int]]) -> str:
    """``Round robin`` when every player met every other (``meetings``: pairs of numbers
    who faced each other, forfeits included), else ``Swiss``."""
    numbers = sorted(set(numbers))
    if len(numbers) < 3:
        return "Round robin" if len(numbers) == 2 and frozenset(numbers) in meetings else "Swiss"
    for i, a in enumerate(numbers):
        for b in numbers[i + 1:]:
            if frozenset((a, b)) not in meetings:
                return "Swiss"
    return "Round robin"


def meetings_of(players: Iterable[Player]) -> set[frozenset[int]]:
    """The pairs of players whose cells name each other in some round."""
    return {frozenset((p.number, r.opponent)) for p in players for r in p.rounds
            if r.opponent is not None and r.opponent != p.number}


_SHEET_FORBIDDEN = re.compile("[\\[\\]:*?/\\\\\x00-\x1f\x7f\ud800-\udfff\ufffe\uffff]")
#: Names a crosstable sheet must not take: the Event and How to use sheets, and Excel's
#: reserved name.
_RESERVED = ("event", "how to use", "history")


def sheet_name(candidate: str, taken: Iterable[str], fallback: str) -> str:
    """A valid Excel sheet name from ``candidate``, unique (case-insensitively) among
    ``taken``: forbidden characters ``[]:*?/\\`` become ``-``, at most 31 characters, no
    apostrophe at either end, never ``Event``, ``How to use`` or ``History``; ``fallback``
    if nothing is left."""
    name = _SHEET_FORBIDDEN.sub("-", candidate).strip().strip("'").strip()[:31].strip() or fallback
    if name.casefold() in _RESERVED:
        name = f"{name} section"
    used = {t.casefold() for t in taken}
    base, n = name, 2
    while name.casefold() in used:
        suffix = f" ({n})"
        name = base[: 31 - len(suffix)].rstrip() + suffix
        n += 1
    return name


def build_sheet(
    name: str,
    players: Sequence[Player],
    *,
    rounds: int,
    before: Sequence[str],
    after: Sequence[str] = (),
    section: str = "",
) -> ImportedSheet:
    """The sheet: ``No``, ``Name``, the ``before`` columns, ``R1``…``Rn``, the ``after``
    columns and ``Import notes`` (only when some player has a note), players by number.

    Columns in ``before`` and ``after`` that no player has a value for are left out.
    """
    check_columns(name, 3 + len(before) + len(after) + rounds, rounds)
    check_size(name, len(players), rounds, sum(r.code != "U" for p in players for r in p.rounds[:rounds]))
    ordered = sorted(players, key=lambda p: p.number)

    def used(column: str) -> bool:
        return any(p.values.get(column) not in (None, "") for p in ordered)

    first = [c for c in before if used(c)]
    last = [c for c in after if used(c)]
    notes = any(p.notes for p in ordered)
    header = ["No", "Name", *first, *(f"R{r}" for r in range(1, rounds + 1)), *last]
    if notes:
        header.append("Import notes")
    rows = []
    for p in ordered:
        cells = [r.cell() for r in p.rounds[:rounds]]
        cells += ["U"] * (rounds - len(cells))
        row: list[Cell] = [p.number, p.name, *(p.values.get(c) for c in first), *cells,
                           *(p.values.get(c) for c in last)]
        if notes:
            row.append("; ".join(p.notes) or None)
        rows.append(tuple(row))
    return ImportedSheet(name=name, header=tuple(header), rows=tuple(rows), section=section)


def noted_players(sheets: Sequence[ImportedSheet]) -> list[str]:
    """A warning for each sheet with an ``Import notes`` column, naming its rows: what the import
    changed or took as a default for a player (a birth year entered as 1 January, an unrated game
    entered as a forfeit...) is said on the sheet, and the user is sent there."""
    from ..crosstable.workbook import named_rows

    warnings = []
    for sheet in sheets:
        if "Import notes" in sheet.header:
            rows = [row for row, note in enumerate(sheet.column("Import notes"), start=2) if note]
            warnings.append(f"{sheet.name}: {named_rows(rows)} with a value the import changed or took as "
                            "a default: check their Import notes column before rating")
    return warnings


def check_size(where: str, players: int, rounds: int, filled: int) -> None:
    """Refuse (one problem, at once) a sheet of ``players`` x ``rounds`` round cells, of which the
    file fills ``filled``, that is larger than :data:`MAX_ROUND_CELLS` or, beyond
    :data:`SPARSE_CELLS`, filled less than one cell in :data:`SPARSE_SHARE`. Called before
    any cell is made, so a refusal costs time in proportion to the file."""
    cells = players * rounds
    if cells <= SPARSE_CELLS or (cells <= MAX_ROUND_CELLS and filled * SPARSE_SHARE >= cells):
        return
    size = f"{rounds:,} rounds of {players:,} players make {cells:,} round cells, of which the file fills "
    size += f"{filled:,}"
    if cells > MAX_ROUND_CELLS:
        reason = f"a crosstable sheet holds at most {MAX_ROUND_CELLS:,}"
    else:
        reason = (f"beyond {SPARSE_CELLS:,} cells the file must fill at least one in {SPARSE_SHARE} (are the "
                  "round numbers rounds?)")
    raise FormatError([Problem(where, f"{size}: {reason}")])


def check_columns(where: str, columns: int, rounds: int) -> None:
    """Refuse (one problem, at once) a sheet wider than Excel's :data:`MAX_COLUMNS` columns."""
    if columns > MAX_COLUMNS:
        fit = MAX_COLUMNS - (columns - rounds)
        raise FormatError([Problem(where, f"{rounds:,} rounds do not fit in a sheet: Excel has "
                                          f"{MAX_COLUMNS:,} columns (A to XFD), room for at most {fit:,} "
                                          "rounds beside the other columns")])


@dataclass(frozen=True)
class Section:
    """A section read from a file: its players and its own settings, before merging."""

    name: str
    """The section's name in the file (blank if it has none)."""
    sheet: ImportedSheet
    settings: Mapping[str, str]
    """``Rating system``, ``Dual rated``, ``Event type``… as this section needs them."""
    aliases: tuple[str, ...] = ()
    """Other names ``--section`` may give it: its number, its name without ``Section 1 -``."""


def select_sections(
    sections: Sequence[Section], wanted: Sequence[str] | None, where: str, problems: Problems
) -> list[Section]:
    """The sections the user asked for by name or sheet name (all when ``wanted`` is empty)."""
    if not wanted:
        return list(sections)
    chosen: list[Section] = []
    for name in wanted:
        key = name.strip().casefold()
        match = [s for s in sections
                 if key in (s.name.strip().casefold(), s.sheet.name.casefold(),
                            *(a.strip().casefold() for a in s.aliases))]
        if not match:
            names = ", ".join(repr(s.name or s.sheet.name) for s in sections)
            problems.add(where, f"there is no section {name!r} (the sections are {names})")
        for s in match:
            if s not in chosen:
                chosen.append(s)
    return chosen


#: Settings a whole workbook shares: sections that differ in one of these cannot share it.
_EVENT_WIDE = ("System", "Rating system", "Dual rated")


def merge_settings(
    sections: Sequence[Section], where: str, problems: Problems
) -> tuple[dict[str, str], list[str]]:
    """The ``Event`` settings all ``sections`` share, and warnings.

    A workbook has one ``Event`` sheet, so its sections must agree on the system, the
    rating system and dual rating: when they do not, that is one problem naming each
    section's settings (the user imports them into separate workbooks with
    ``--section``). ``Event type`` may differ between Swiss and round robin sections:
    the workbook then says ``Swiss`` and a warning names the round robin sections (the US
    Chess rules rate both alike; only a match is rated differently, so a ``Match``
    section beside others is a problem too).
    """
    warnings: list[str] = []
    if not sections:
        return {}, warnings
    merged = dict(sections[0].settings)
    blocking: list[str] = []
    for key in merged:
        values = {s.settings.get(key, "") for s in sections}
        if len(values) == 1:
            continue
        if key == "Event type" and "Match" not in values:
            merged[key] = "Swiss"
            others = [s.name or s.sheet.name for s in sections if s.settings.get(key) != "Swiss"]
            warnings.append("Sections differ in event type: the workbook says Swiss; round robin "
                            f"sections: {', '.join(others)} (rated alike under US Chess rules)")
        elif key in (*_EVENT_WIDE, "Event type"):
            blocking.append(key)
    if blocking:
        described = "; ".join(
            f"{s.name or s.sheet.name}: " + ", ".join(f"{k} {s.settings.get(k, '')}" for k in blocking)
            for s in sections)
        problems.add(where, f"the sections differ in {' and '.join(k.lower() for k in blocking)}, and a "
                            f"workbook has one Event sheet ({described}): import them into separate "
                            "workbooks with --section NAME")
    return merged, warnings
