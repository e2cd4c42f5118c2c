"""FIDE Tournament Report File: TRF-2026 and TRF16.

The format (FIDE Data Exchange Format, Tournament Report File, TRF16, and its 2026 edition,
TRF-2026, which keeps the player line): one line per player
starting ``001``, with fixed columns (1-based): 5-8 start rank, 10 sex, 11-13 title,
15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84
points, 86-89 rank, and from column 92 one field of 10 columns per round: the
opponent's start rank (4 columns, ``0000`` none), a space, the colour (``w`` ``b``
``-``), a space, the result. Lines ``012`` (event name), ``042`` and ``052`` (start
and end dates) and ``092`` (the type of tournament, where it names a Swiss or a round robin;
else a round robin when every player met every other) describe the event; ``022``, ``032``,
``102``, ``112``, ``122``, ``132`` and ``222`` go on the ``Event`` sheet (:data:`EXTRA_LINES`;
``222`` only when line 122's text does not give it), which the rating ignores and the exporter
writes back. Line endings may be LF, CRLF or CR.

TRF-2026 adds ``###`` comment lines (kept in the ``TRF comments`` setting), new header
tags and records (``142`` to ``212``, ``240`` to ``802``: kept as written in the ``TRF
lines`` setting, with the extension lines other programs write, such as ``XXR``), and
National Rating Support records: a federation code in place of ``001``, the national
rating in columns 49-52 and the national ID in 58-68, read into the ``National rating``
and ``National ID`` columns with the federation in the ``National federation`` setting.
A file with any of these is read as TRF-2026 (a note says so and why), else as TRF16. A line
with no tag TRF-2026 defines (a column ruler) is left out, with a warning naming it.

TRF result codes and the crosstable codes they become:

===========  ===============================================  ==========================
TRF          meaning                                          crosstable cell
===========  ===============================================  ==========================
``1 0 =``    game won, lost, drawn                            ``W5w`` ``L5b`` ``D5w``
``+ -``      forfeit win, forfeit loss                        ``X5`` ``F5`` (``X``/``F``)
``W L``      won/lost, played but unrated (under one move)    ``X5`` / ``F5``, and a note
``D``        drawn, played but unrated (under one move)       ``H`` (½ point, unrated), note
``H``        half-point bye                                   ``H``
``F``        full-point bye                                   ``B``
``U``        pairing-allocated bye                            ``B``, or ``H``/``U`` (below)
``Z``, blank zero-point bye, or nothing                       ``U``
===========  ===============================================  ==========================

The notes go into an ``Import notes`` column, which the crosstable reader ignores. What
a cell cannot say is kept in a ``TRF`` column, so that an export writes the file's own
code back: ``R3 0005 w W`` (round 3, the TRF field), ``born 1985/00/00``.

TRF16 does not say what a pairing-allocated bye (``U``) scores: FIDE's basic rules for
Swiss systems (C.04.1) give it a win's points unless the tournament's rules say
otherwise, and some events give ½ or 0. The player's points (columns 81-84) tell: a
``U`` becomes ``B`` when the points add up with it as 1, ``H`` when they add up with it
as ½, ``U`` with it as 0, and ``B`` when there are no points or nothing adds up (then
the crosstable's ``Total`` check shows the difference).

A rating of 0 or blank is an unrated player; a birth date with only the year
(``1990/00/00``, ``1990``) is entered as 1 January of that year (FIDE's age rules go
by the year of birth), with a note, and kept as ``born 1990/00/00`` in the ``TRF`` column.
Columns are counted in characters; a line that
only fits when counted in UTF-8 bytes (as some programs write it) is cut by bytes.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ArgumentError
from ._common import (
    UNREADABLE,
    Player,
    Problems,
    Round,
    build_sheet,
    check_columns,
    check_numbers,
    check_pairings,
    check_text,
    date_order_unknown,
    decimal_number,
    guess_event_type,
    noted_players,
    parse_date,
    path_arg,
    quote,
    sections_arg,
    split_lines,
    text_args,
    whole_number,
)
from .model import Cell, ImportedEvent

#: First column (0-based) of round 1's field, and the width of one round's field.
ROUND_START = 91
ROUND_WIDTH = 10

#: The columns of an imported sheet besides the rounds: No, Name, Sex, Title, Federation,
#: ID, Birth date, Rating, National rating, National ID, Total, Rank, TRF, Import notes.
SHEET_COLUMNS = 14

#: TRF result codes that mean a played, rated game, and the crosstable letter for each.
PLAYED = {"1": "W", "0": "L", "=": "D"}
#: Forfeits (``+``/``-``) and games played but unrated (``W``/``L``), as the crosstable's forfeits (X/F).
FORFEITS = {"+": "X", "-": "F", "W": "X", "L": "F"}
#: Byes and unplayed rounds (``U`` is settled per player, see the module docstring).
BYES = {"H": "H", "F": "B", "U": "B", "Z": "U", " ": "U"}

#: Header lines kept as ``Event`` settings (the rating ignores them; the TRF exporter
#: writes them back): city, federation, arbiters, time control, round dates.
EXTRA_LINES = {"022": "City", "032": "Host federation", "102": "Chief arbiter", "112": "Deputy arbiters",
               "122": "Time control", "132": "Round dates", "222": "Encoded time control"}
#: Lines a file's player count, rated count, team count and type: the exporter writes its own.
COUNTED = ("062", "072", "082", "092")
#: Tags only TRF-2026 defines (FIDE TRF-2026, tournament, team, bye and pairing records).
TRF2026_TAGS = frozenset({"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260",
                          "299", "300", "310", "320", "330", "352", "362", "801", "802"})
#: The lines kept as written: TRF-2026's tags, the old team record 013, and the extension
#: records (``XXR``, ``XXC``...) pairing programs write.
_KEPT = re.compile(r"(?:" + "|".join(sorted(TRF2026_TAGS | {"013"})) + r"|XX[A-Z])(?: |$)", re.ASCII)
#: A National Rating Support record: a federation code (not an ``XX`` extension), a start rank,
#: and the player line's static columns (FIDE TRF-2026, National Rating Support records: 5-8
#: start rank, 10 sex, 11-13 classification, 15-47 name), so columns 9 and 14 are blank. A
#: ``DAT 0001 EMAIL ...`` line (Tornelo's TRFx extension) has text there and is no record.
NATIONAL_RECORD = re.compile(r"(?!XX)[A-Z]{3} [ 0-9]{3}[0-9](?:\s*$| (?:.{0,4}\s*$|.{4} ))", re.ASCII)
_UNRATED_PLAYED = {"W": "won", "L": "lost", "D": "drawn"}
#: A birth date that says nothing: zeros and separators only (``0000/00/00``, ``    .  .``).
_NO_DATE = re.compile(r"[0\s./-]*", re.ASCII)
_YEAR_ONLY = re.compile(r"([0-9]{4})(?:[-/.]00[-/.]00)?", re.ASCII)


def _field(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based, inclusive) of ``line``."""
    return line[first - 1:last]


def _birth_date(text: str, where: str, player: Player, problems: Problems) -> datetime.date | None:
    text = text.strip()
    if _NO_DATE.fullmatch(text):  # not known
        return None
    date = parse_date(text)
    if date is not None:
        return date
    year = _YEAR_ONLY.fullmatch(text)
    if year and int(year[1]) >= 1850:
        player.notes.append(f"birth year only ({text}): entered as 1 January {year[1]}")
        player.values["TRF"] = _token(player, f"born {year[1]}/00/00")
        return datetime.date(int(year[1]), 1, 1)
    problems.add(where, f"the birth date {text!r} (columns 70-79) is not a date (YYYY/MM/DD)"
                        f"{date_order_unknown(text)}")
    return None


def _token(player: Player, token: str) -> str:
    """The player's ``TRF`` column with ``token`` added."""
    return "; ".join(t for t in (str(player.values.get("TRF") or ""), token) if t)


def _fits(line: str) -> bool:
    """Whether the rating (columns 49-52) sits where it should: blank or digits between spaces."""
    return (_field(line, 48, 48).strip() == "" and _field(line, 53, 53).strip() == ""
            and re.fullmatch(r"\s*[0-9]*", _field(line, 49, 52), re.ASCII) is not None)


def _columns(line: str) -> tuple[str, Callable[[str], str]]:
    """The line to cut columns from, and how to turn a cut text field back into text.

    TRF16 counts columns in characters; some programs write UTF-8 and count bytes, so a
    name with accents shifts every later field. When the line does not fit as
    characters but does as bytes, it is cut as bytes.
    """
    if line.isascii() or _fits(line):
        return line, str
    as_bytes = line.encode("utf-8").decode("latin-1")
    if _fits(as_bytes):
        return as_bytes, lambda text: text.encode("latin-1").decode("utf-8", errors="replace")
    return line, str


#: Per round of a player: the opponent's start rank (``None``: none) and the TRF result
#: code followed by the colour (``"1w"``, ``"Z-"``).
Fields = list[tuple[int | None, str]]


@dataclass(frozen=True)
class _Column:
    """A fixed-column field of a player line: the sheet column it fills, its columns (1-based,
    inclusive), whether it is text (cut as the line is, see :func:`_columns`) and its reader
    (the field's text, the line's place, the player, the problems -> the cell)."""

    name: str
    first: int
    last: int
    text: bool
    read: Callable[[str, str, Player, Problems], Cell]


def _number(what: str, parse: Callable[[str], float | int | None], first: int, last: int,
            complaint: str) -> Callable[[str, str, Player, Problems], Cell]:
    """A reader of a numeric field (None when blank), with a problem naming its columns."""
    def read(text: str, where: str, player: Player, problems: Problems) -> Cell:
        text = text.strip()
        value = parse(text) if text else None
        if text and value is None:
            problems.add(where, f"{what} {text!r} (columns {first}-{last}) {complaint}")
        return value
    return read


def _text(what: str) -> Callable[[str, str, Player, Problems], Cell]:
    def read(text: str, where: str, player: Player, problems: Problems) -> Cell:
        return check_text(text, where, what, problems) or None
    return read


_RATING = _number("the rating", whole_number, 49, 52, "is not a whole number")


def _rating(text: str, where: str, player: Player, problems: Problems) -> Cell:
    """Columns 49-52: 0 or blank is an unrated player."""
    return _RATING(text, where, player, problems) or None


def _fide_id(text: str, where: str, player: Player, problems: Problems) -> Cell:
    fide_id = text.strip()
    if fide_id and fide_id.strip("0") == "":  # some programs write 0 for no FIDE ID
        fide_id = ""
    if fide_id and whole_number(fide_id) is None:
        problems.add(where, f"the FIDE id {fide_id!r} (columns 58-68) is not a number")
    return fide_id or None


#: A player line's fields besides the start rank, the name and the rounds, in the order
#: their problems are reported.
_PLAYER_COLUMNS = (
    _Column("Rating", 49, 52, False, _rating),
    _Column("ID", 58, 68, False, _fide_id),
    _Column("Total", 81, 84, False, _number("the points", decimal_number, 81, 84, "are not a number")),
    _Column("Rank", 86, 89, False, _number("the rank", whole_number, 86, 89, "is not a whole number")),
    _Column("Sex", 10, 10, True, _text("the sex")),
    _Column("Title", 11, 13, True, _text("the title")),
    _Column("Federation", 54, 56, True, _text("the federation")),
    _Column("Birth date", 70, 79, False, _birth_date),
)
#: The order the player's values are kept in.
_VALUE_ORDER = ("Sex", "Title", "Federation", "ID", "Birth date", "Rating", "Total", "Rank")


def _read_round(tail: str, start: int, r: int, where: str, problems: Problems) -> tuple[int | None, str]:
    """One round's field (``tail[start:]``): the opponent and the TRF result code and colour,
    ``(None, "?-")`` when it cannot be read (with its problem)."""
    text = tail[start:start + 8].ljust(8)
    gap = tail[start + 8:start + ROUND_WIDTH]
    first = ROUND_START + start + 1
    if text[4] != " " or text[6] != " " or gap.strip():
        problems.add(where, f"round {r}: {tail[start:start + ROUND_WIDTH]!r} (columns {first}-"
                            f"{first + 9}) does not fit 'NNNN c r' (opponent, colour, result)")
        return None, "?-"
    opponent_text = text[:4].strip()
    opponent = whole_number(opponent_text) if opponent_text else 0
    if opponent is None:
        problems.add(where, f"round {r}: the opponent {text[:4]!r} (columns {first}-{first + 3}) "
                            "is not a number")
        return None, "?-"
    colour, result = text[5].lower(), text[7].upper()
    problem = _round_problem(r, text, opponent, first)
    if problem is not None:
        problems.add(where, problem)
        return None, "?-"
    if not opponent and result == "=":
        return None, "H-"  # an older Swiss-Manager form of the half-point bye
    return opponent or None, result + colour


def _round_problem(r: int, text: str, opponent: int, first: int) -> str | None:
    """What is wrong with round ``r``'s colour and result (``text``, the field's first 8
    columns; ``first``, its first column) given its opponent (0: none), or None."""
    colour, result = text[5].lower(), text[7].upper()
    if colour not in "wb- ":
        return f"round {r}: the colour {text[5]!r} (column {first + 5}) is not w, b or -"
    if result not in PLAYED and result not in FORFEITS and result not in BYES and result != "D":
        return (f"round {r}: unknown result code {text[7]!r} (column {first + 7}; "
                "known: 1 0 = + - W D L H F U Z)")
    if opponent and result == " ":
        return f"round {r}: {text.strip()!r}: an opponent but no result (column {first + 7})"
    if opponent and result in BYES:
        return f"round {r}: {text.strip()!r}: a bye ({result}) has no opponent"
    if not opponent and result != "=" and (result in PLAYED or result in _UNRATED_PLAYED):
        return f"round {r}: {text.strip()!r}: a game with no opponent"
    return None


def _read_player(line: str, where: str, problems: Problems) -> tuple[Player, Fields] | None:
    """A ``001`` line: the player, and per round the opponent and TRF result code.

    The player comes back even when a field has a problem (kept in ``problems``; an
    unreadable round is ``"?"``), so the pairing checks do not also report the player's
    opponents; ``None`` only when the start rank is unreadable.
    """
    line, text_of = _columns(line)
    number = whole_number(_field(line, 5, 8))
    if number is None or number < 1:
        problems.add(where, f"the start rank {_field(line, 5, 8).strip()!r} (columns 5-8) is not a "
                            "whole number >= 1")
    name = check_text(text_of(_field(line, 15, 47)), where, "the name", problems)
    if not name:
        problems.add(where, "the player has no name (columns 15-47)")
    player = Player(number or 0, name, where, [])
    values: dict[str, Cell] = {}
    for column in _PLAYER_COLUMNS:
        text = _field(line, column.first, column.last)
        values[column.name] = column.read(text_of(text) if column.text else text, where, player, problems)
    player.values.update({name: values[name] for name in _VALUE_ORDER})
    tail = line[ROUND_START:].rstrip()
    check_columns(where, SHEET_COLUMNS + -(-len(tail) // ROUND_WIDTH), -(-len(tail) // ROUND_WIDTH))
    fields: Fields = [_read_round(tail, start, r, where, problems)
                      for r, start in enumerate(range(0, len(tail), ROUND_WIDTH), start=1)]
    if number is None or number < 1:
        return None
    return player, fields


def _rounds(player: Player, fields: Fields) -> None:
    """Turn the TRF fields into crosstable rounds (see the module docstring), then settle
    the rounds whose points the code alone does not tell (:func:`_settle`)."""
    allocated: list[int] = []
    unsure: dict[int, str] = {}
    for index, (opponent, code) in enumerate(fields):
        result, colour = code[0], code[1].replace("-", "").strip()
        r = index + 1
        if result == "?":
            player.rounds.append(UNREADABLE)
        elif result in PLAYED:
            player.rounds.append(Round(PLAYED[result], opponent, colour))
        elif result in FORFEITS:
            player.rounds.append(Round(FORFEITS[result], opponent, colour if opponent else ""))
            if result in _UNRATED_PLAYED:
                player.notes.append(f"round {r}: {_UNRATED_PLAYED[result]} against {opponent} in under "
                                    f"one move (TRF {result}): not rated, entered as a forfeit (the TRF "
                                    "column keeps the code)")
                player.values["TRF"] = _token(player, f"R{r} {opponent or 0:04d} {colour or '-'} {result}")
            if result == "-" and not opponent:
                unsure[index] = "F"
        elif result == "D":
            player.rounds.append(Round("H"))
            player.notes.append(f"round {r}: drawn against {opponent} in under one move (TRF D): "
                                "not rated, entered as a half-point bye (the TRF column keeps the code)")
            player.values["TRF"] = _token(player, f"R{r} {opponent or 0:04d} {colour or '-'} D")
        else:
            player.rounds.append(Round(BYES[result]))
            if result == "U":
                allocated.append(index)
                player.values["TRF"] = _token(player, f"R{r} 0000 - U")
            elif result == " ":
                unsure[index] = "U"
    if allocated or unsure:
        _settle(player, allocated, unsure)


#: What a settled round scores, and the crosstable code for it.
_VALUES = {1.0: "B", 0.5: "H", 0.0: "U"}
_LABELS = {"B": "a full point (B)", "H": "½ point (H)", "U": "no points (U)", "F": "no points (F)"}


def _settle(player: Player, allocated: list[int], unsure: dict[int, str]) -> None:
    """Score the pairing-allocated byes (``U``), and the rounds with no opponent that are
    ``-`` or blank, by the player's points (columns 81-84).

    TRF16 does not say what ``U`` scores; TRF-2026 scores it as a win (line 162, "P: same as W"),
    unless the file's 162 line says otherwise. ``-`` or a blank with no opponent is 0 in TRF16
    (kept as ``F`` and ``U``), but a half-point bye in some older files (Swiss Perfect's
    exports write ``-`` in the colour column and no result). So the unsure rounds are
    tried at 0 (TRF16), then ½, then 1, each ``U`` at whatever makes the points add up;
    when nothing does (or there are no points), the unsure rounds stay at 0 and each
    ``U`` is a full-point bye ``B`` (then the crosstable's Total check shows the difference).
    """
    points = player.values.get("Total")
    skip = set(allocated) | set(unsure)
    others = sum(rnd.points() for i, rnd in enumerate(player.rounds) if i not in skip)
    settled: tuple[float, str] | None = None  # (what each unsure round scores, code for the U rounds)
    if isinstance(points, float):
        for value in (0.0, 0.5, 1.0) if unsure else (0.0,):
            rest = points - others - value * len(unsure)
            each = rest / len(allocated) if allocated else None
            if (each in _VALUES) if allocated else rest == 0:
                settled = (value, _VALUES[each] if each is not None else "")
                break
    why = "as the player's points say" if settled else "the usual value (the player's points do not tell)"
    value, bye_code = settled or (0.0, "B")
    for index, zero in unsure.items():
        player.rounds[index] = Round(zero if value == 0 else _VALUES[value])
    for index in allocated:
        player.rounds[index] = Round(bye_code)
    if allocated:
        rounds = ", ".join(str(i + 1) for i in allocated)
        player.notes.append(f"round {rounds}: pairing-allocated bye (TRF U) scored {_LABELS[bye_code]}, "
                            f"{why}")
    if value:
        rounds = ", ".join(str(i + 1) for i in unsure)
        player.notes.append(f"round {rounds}: no opponent and a result of '-' or none, scored "
                            f"{_LABELS[_VALUES[value]]}, {why} (an older form of a bye)")


def _date(lines: dict[str, tuple[int, str]], code: str, what: str, source: str,
          problems: Problems) -> datetime.date | None:
    if code not in lines:
        return None
    number, text = lines[code]
    text = text[4:].strip()
    if not text:
        return None
    date = parse_date(text)
    if date is None:
        problems.add(f"{source} line {number}", f"the {what} {quote(text)} is not a date (YYYY/MM/DD)"
                                                f"{date_order_unknown(text)}")
    return date


def _encoded(lines: dict[str, tuple[int, str]]) -> str | None:
    """Line 122's time control encoded as line 222 writes it (an export derives it again)."""
    from ..exporters.time_control import encode

    return encode(lines["122"][1][4:]) if "122" in lines else None


def _kept_text(text: str, where: str, problems: Problems) -> str:
    """A line kept as written: only what a cell cannot hold is refused (see :func:`check_text`)."""
    checked = check_text(text, where, "the line", problems)
    return text.rstrip() if checked == text.strip() else checked


def _national_ratings(records: Sequence[tuple[int, str]], players: dict[int, Player],
                      kept: list[tuple[int, str]], source: str, problems: Problems, warnings: list[str]
                      ) -> str:
    """Read the National Rating Support records into the players' ``National rating`` and
    ``National ID``; answer with their federation. A record of a second federation, or for a
    start rank no player has, is kept as written (``TRF lines``), with a warning."""
    federation = ""
    for number, line in records:
        where = f"{source} line {number}"
        start = whole_number(_field(line, 5, 8)) or 0
        player = players.get(start)
        if player is None or federation not in ("", line[:3]) or "National rating" in player.values:
            why = (f"start rank {start} has no player line" if player is None else
                   f"a second national record (federation {line[:3]})")
            warnings.append(f"{where}: {why}: kept as written in the TRF lines setting, not read")
            kept.append((number, line.rstrip()))
            continue
        federation = line[:3]
        rating_text = _field(line, 49, 52).strip()
        rating = whole_number(rating_text) if rating_text else None
        if rating_text and rating is None:
            problems.add(where, f"the national rating {rating_text!r} (columns 49-52) is not a whole number")
        national_id = _field(line, 58, 68).strip()
        if national_id and whole_number(national_id) is None:
            national_id = check_text(national_id, where, "the national ID", problems)
        player.values["National rating"] = rating or None
        player.values["National ID"] = national_id or None
        others = [what for what, first, last in _NATIONAL_OTHERS if _field(line, first, last).strip()]
        if others:
            player.notes.append(f"national record (line {number}): its {', '.join(others)} not kept (the "
                                "crosstable keeps the national rating and ID)")
    return federation


#: The fields of a national record the crosstable does not keep, with their columns.
_NATIONAL_OTHERS = (("sex", 10, 10), ("classification", 11, 13), ("name", 15, 47), ("origin", 54, 56),
                    ("birth date", 70, 79))


def _version(comments: Sequence[object], national: Sequence[object], kept: Sequence[tuple[int, str]]
             ) -> str | None:
    """The note saying the file was read as TRF-2026, and why (``None``: TRF16, the older edition)."""
    signs = ["### comment lines"] if comments else []
    signs += ["national rating records"] if national else []
    tags = sorted({line[:3] for _, line in kept if line[:3] in TRF2026_TAGS})
    signs += [f"line{'s' if len(tags) > 1 else ''} {', '.join(tags)}"] if tags else []
    if signs:
        return f"Read as FIDE TRF-2026 (it has {' and '.join(signs)}, which only TRF-2026 defines)"
    return None


@dataclass
class _Lines:
    """A TRF file's lines, sorted by what they hold (each as its line number and text)."""

    players: list[tuple[Player, Fields]] = field(default_factory=list)
    event: dict[str, tuple[int, str]] = field(default_factory=dict)
    comments: list[tuple[int, str]] = field(default_factory=list)
    kept: list[tuple[int, str]] = field(default_factory=list)
    national: list[tuple[int, str]] = field(default_factory=list)
    deputies: list[tuple[int, str]] = field(default_factory=list)
    untagged: list[int] = field(default_factory=list)
    repeated: list[tuple[int, str]] = field(default_factory=list)
    """Header lines (line number, text) whose tag an earlier line gave another value: left out."""
    tabbed: bool = False


def _sort_line(found: _Lines, number: int, line: str, source: str, problems: Problems) -> None:
    """Put one line where it belongs in ``found`` (a player line is read at once)."""
    code = line[:3]
    if code == "001" and "\t" in line:
        # TRF fields sit at fixed columns: a tab (an editor's indentation) moves every
        # later field, and reporting each of them would bury the cause.
        problems.add(f"{source} line {number}",
                     f"the line holds a tab (column {line.index(chr(9)) + 1}): TRF fields sit at fixed "
                     "columns counted in characters; replace the tabs with spaces so the fields line up")
        found.tabbed = True
    elif code == "001":
        entry = _read_player(line, f"{source} line {number}", problems)
        if entry is not None:
            found.players.append(entry)
    elif code == "###":
        found.comments.append((number, line[4:] if line[3:4] == " " else line[3:]))
    elif code == "112":
        found.deputies.append((number, line))
    elif code in ("012", "042", "052", "062", "092", *EXTRA_LINES):
        first = found.event.setdefault(code, (number, line))
        if first[0] != number and first[1][4:].split() != line[4:].split():
            found.repeated.append((number, line))
    elif code in COUNTED:
        return
    elif NATIONAL_RECORD.match(line):
        found.national.append((number, line))
    elif _KEPT.match(line):
        found.kept.append((number, line.rstrip()))
    elif line.strip():
        found.untagged.append(number)


def _player_count(found: _Lines, lines: Sequence[str], source: str, problems: Problems,
                  warnings: list[str]) -> None:
    """Line 062's player count against the player lines: fewer lines is a problem (a file cut
    short), more a warning (some programs count only the players who played)."""
    if "062" not in found.event:
        return
    number, line = found.event["062"]
    declared = whole_number(line[4:])
    count = sum(1 for line in lines if line.startswith("001"))
    if declared is not None and declared > count:
        problems.add(f"{source} line {number}", f"the file says {declared} players (line 062) but has "
                                                f"{count} player lines (is it cut short?)")
    elif declared is not None and declared < count:
        warnings.append(f"The file says {declared} players (line 062) but has {count} player lines: all "
                        f"{count} are imported (some programs count only the players who played)")


def _meetings(players: Sequence[Player], raw: dict[int, Fields], by_number: dict[int, Player],
              problems: Problems) -> set[frozenset[int]]:
    """Turn each player's fields into rounds; answer who met whom, with a problem for an
    unrated draw (``D``) its opponent's round does not repeat."""
    meetings: set[frozenset[int]] = set()
    reported: set[tuple[int, frozenset[int]]] = set()
    for player in players:
        _rounds(player, raw[player.number])
        for r, (opponent, code) in enumerate(raw[player.number], start=1):
            if opponent is None:
                continue
            pair = frozenset((player.number, opponent))
            meetings.add(pair)
            if code[0] != "D" or (r, pair) in reported:
                continue
            problem = _draw_problem(player, r, opponent, raw, by_number)
            if problem is not None:
                reported.add((r, pair))
                problems.add(player.where, problem)
    return meetings


def _draw_problem(player: Player, r: int, opponent: int, raw: dict[int, Fields],
                  by_number: dict[int, Player]) -> str | None:
    """What is wrong with ``player``'s unrated draw against ``opponent`` in round ``r``, or None."""
    other = raw.get(opponent)
    if other is None:
        return f"round {r}: the unrated draw names opponent {opponent}, who is not in the player list"
    if r <= len(other) and other[r - 1][1][0] == "?":
        return None
    if r > len(other) or other[r - 1][0] != player.number or other[r - 1][1][0] != "D":
        return (f"round {r}: an unrated draw (D) against {opponent}, but {opponent}'s round {r} does not "
                f"say so (at {by_number[opponent].where})")
    return None


NO_ROUND_DATE = "-"
"""What ``Round dates`` holds for a round whose date line 132 leaves blank (an export writes it blank)."""
_ROUND_DATES_FROM = 91  # (0-based: column 92)


def round_dates_text(line: str) -> str:
    """Line 132's dates as the ``Round dates`` setting holds them, separated by spaces. A line laid
    out as FIDE's tables have it (each date in its round's field: columns 92-99, then every 10
    columns) is read field by field, a blank field before the last date as :data:`NO_ROUND_DATE`,
    so that no later round takes an earlier one's date; any other line, by its words."""
    words = list(re.finditer(r"\S+", line[4:]))
    aligned = all((word.start() + 4 - _ROUND_DATES_FROM) % 10 == 0 and word.start() + 4 >= _ROUND_DATES_FROM
                  and len(word[0]) <= 8 for word in words)
    if not words or not aligned:
        return " ".join(word[0] for word in words)
    fields = [line[at:at + 8].strip() for at in range(_ROUND_DATES_FROM, len(line.rstrip()), 10)]
    return " ".join(found or NO_ROUND_DATE for found in fields)


def _extra_settings(found: _Lines, source: str, problems: Problems) -> list[tuple[str, Cell]]:
    """The Event settings the rating ignores: the header lines of :data:`EXTRA_LINES`, the
    deputy arbiters, the comment lines and the lines kept as written."""
    extra: list[tuple[str, Cell]] = []
    for code, setting in EXTRA_LINES.items():
        if code in found.event:
            number, line = found.event[code]
            value = round_dates_text(line) if code == "132" else line[4:]
            value = check_text(value, f"{source} line {number}", f"the {setting.lower()}", problems)
            if value and not (code == "222" and value == _encoded(found.event)):
                extra.append((setting, value))
    deputies = "; ".join(check_text(line[4:], f"{source} line {n}", f"line {n}", problems)
                         for n, line in found.deputies)
    comments = "\n".join(_kept_text(text, f"{source} line {n}", problems) for n, text in found.comments)
    kept = "\n".join(_kept_text(text, f"{source} line {n}", problems) for n, text in found.kept)
    for setting, joined in (("Deputy arbiters", deputies), ("TRF comments", comments), ("TRF lines", kept)):
        if joined.strip():
            extra.append((setting, joined))
    return extra


def _event_name(found: _Lines, source: str, problems: Problems) -> str:
    if "012" not in found.event:
        return ""
    number, line = found.event["012"]
    return check_text(line[4:], f"{source} line {number}", "the event name", problems)


def _event_type(found: _Lines) -> str | None:
    """The type of tournament line 092 names (``Individual: Swiss-System``, ``Individual:
    Round-Robin``, as pairing programs and an export write it), or None where it names neither:
    a Swiss in which every player met every other is a Swiss, not a round robin, which FIDE's
    Handbook rates its own way."""
    if "092" not in found.event:
        return None
    text = re.sub(r"[\W_]+", "", found.event["092"][1][4:]).casefold()
    if "swiss" in text:
        return "Swiss"
    return "Round robin" if "roundrobin" in text else None


def _edition_note(found: _Lines) -> list[str]:
    """The note on the edition read (TRF-2026; none for TRF16)."""
    tagged = [*found.kept, found.event["222"]] if "222" in found.event else found.kept  # 222, 142 ... 802
    version = _version(found.comments, found.national, tagged)
    return [] if version is None else [version]


def _untagged_warning(found: _Lines, source: str) -> list[str]:
    """The warning on the lines left out (no TRF-2026 tag)."""
    if not found.untagged:
        return []
    return [f"Line{'s' if len(found.untagged) > 1 else ''} {', '.join(map(str, found.untagged))} of "
            f"{source} start with no TRF-2026 tag (a column ruler?): left out"]


#: What each header line read once gives, for the warning on a second one.
_HEADER_LINES = {"012": "Event name", "042": "Start date", "052": "End date", "062": "player count",
                 **EXTRA_LINES}


def _repeated_warnings(found: _Lines, source: str) -> list[str]:
    """A warning for each header line left out because an earlier line of its tag said otherwise."""
    said = []
    for number, line in found.repeated:
        first, text = found.event[line[:3]]
        said.append(f"{source} line {number}: a second line {line[:3]} ({_HEADER_LINES[line[:3]]}) "
                    f"{' '.join(line[4:].split())!r}, not line {first}'s {' '.join(text[4:].split())!r}: "
                    f"left out (line {first}'s is imported); check which is right")
    return said


def _undated_rounds(found: _Lines, source: str, extra: Sequence[tuple[str, Cell]]) -> list[str]:
    """A warning naming the rounds whose date line 132 leaves blank before its last date (each
    :data:`NO_ROUND_DATE` in the ``Round dates`` of ``extra``, the Event settings read)."""
    dates = str(dict(extra).get("Round dates") or "").split()
    blank = [str(r) for r, date in enumerate(dates, start=1) if date == NO_ROUND_DATE]
    if not blank:
        return []
    number = found.event["132"][0]
    rounds = f"round {blank[0]} has" if len(blank) == 1 else f"rounds {', '.join(blank)} have"
    return [f"{source} line {number}: {rounds} no date: '{NO_ROUND_DATE}' in the Event sheet's Round dates; "
            "fill in each date before a TRF-2026 export, which needs every round's"]


def parse_trf(text: str, source: str, *, notes: Sequence[str] = (), warnings: Sequence[str] = ()
              ) -> ImportedEvent:
    """Read a TRF-2026 or TRF16 file's text. ``source`` names the file in problems (``event.trf line 12``).

    Raises :class:`~xlrating.errors.FormatError` with every problem found.
    """
    given_notes, given_warnings = text_args(text, source, notes, warnings)
    said = list(given_warnings)
    problems = Problems()
    found = _Lines()
    lines = split_lines(text.lstrip("\ufeff"))
    for number, line in enumerate(lines, start=1):
        _sort_line(found, number, line, source, problems)
    if found.tabbed:  # the players of those lines are unknown: checking pairings would only add noise
        problems.raise_if_any(f"Cannot import {source} as a FIDE TRF file")
    if not found.players and not problems:
        problems.add(source, "no player lines (lines starting 001): is this a FIDE TRF file?")
    _player_count(found, lines, source, problems, said)
    by_number = check_numbers([p for p, _ in found.players], problems, what="start rank")
    raw = {p.number: f for p, f in found.players if by_number[p.number] is p}
    players = list(by_number.values())
    meetings = _meetings(players, raw, by_number, problems)
    check_pairings(players, problems)
    federation = _national_ratings(found.national, by_number, found.kept, source, problems, said)
    name = _event_name(found, source, problems)
    start = _date(found.event, "042", "start date", source, problems)
    end = _date(found.event, "052", "end date", source, problems)
    extra = _extra_settings(found, source, problems)
    if federation:
        extra.append(("National federation", federation))
    said += [*_untagged_warning(found, source), *_repeated_warnings(found, source),
             *_undated_rounds(found, source, extra)]
    problems.raise_if_any(f"Cannot import {source} as a FIDE TRF file")
    sheet = build_sheet(
        "Crosstable", players, rounds=max((len(f) for f in raw.values()), default=0),
        before=["Sex", "Title", "Federation", "ID", "Birth date", "Rating", "National rating", "National ID",
                "Total"], after=["Rank", "TRF"],
    )
    event: tuple[tuple[str, Cell], ...] = (
        ("System", "FIDE"),
        ("Rules", "FIDE 2024"),
        ("Event type", _event_type(found) or guess_event_type(by_number, meetings)),
        ("Event name", name or None),
        ("Start date", start),
        ("End date", end),
        *extra,
    )
    said += noted_players((sheet,))
    if not end:
        said.append("The file has no end date (line 052): fill in the Event sheet's End date "
                    "(blank means today)")
    return ImportedEvent(source=source, format="trf", event=event, sheets=(sheet,),
                         notes=(*given_notes, *_edition_note(found)), warnings=tuple(said))


def read_trf(path: str | Path, *, sections: Sequence[str] | None = None) -> ImportedEvent:
    """Read the TRF16 file ``path`` (see :func:`parse_trf`).

    A TRF file is one section: ``sections`` must be empty.
    """
    from ._files import read_text

    if given := sections_arg(sections):
        raise ArgumentError("Argument 'sections' does not apply to a TRF file: it holds one section, "
                            f"not {list(given)!r}")

    path = path_arg("path", path)
    warnings: list[str] = []
    text = read_text(path, warnings)
    return parse_trf(text, path.name, warnings=warnings)
