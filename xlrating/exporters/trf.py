"""A FIDE Tournament Report File from a crosstable: TRF-2026 (``--to trf``) or TRF16 (``--to trf16``).

Both editions share the player line ``001`` (FIDE TRF-2026 keeps TRF16's layout): fixed
columns (1-based) 5-8 start rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56
federation, 58-68 FIDE ID, 70-79 birth date, 81-84 points, 86-89 rank, and from column 92
one field of 10 columns per round: the opponent's start rank (4 digits, ``0000`` for
none), a space, the colour (``w``, ``b``, ``-``), a space, the result. Lines end in CR LF;
the text is UTF-8 and columns are counted in characters.

The header, as Swiss-Manager writes it: ``012`` (event name), ``022`` (city), ``032``
(federation), ``042`` and ``052`` (start and end dates, ``YYYY/MM/DD``; ``052`` blank
when the ``Event`` sheet gives no end date: a submission file says what the director
entered), ``062`` (players), ``072`` (rated players), ``082`` (teams: 0), ``092`` (type of
tournament), ``102`` (chief arbiter), ``112`` (one line per deputy arbiter), ``122``
(time control) and ``132`` (round dates, ``YY/MM/DD`` from column 92, one every 10
columns). What TRF-2026 adds (FIDE TRF-2026, approved by the FIDE Council on 12 May
2025): ``###`` comment lines (the ``TRF comments`` setting), ``222`` (the encoded time
control, :mod:`.time_control`), National Rating Support records (a federation code in
place of ``001``, the national rating in columns 49-52 and the national ID in 58-68)
with line ``172`` (the starting-rank method) when the event has national ratings, and
the lines an imported file had that the crosstable does not use (``TRF lines``),
written back as they were. TRF16 has none of these: an export to TRF16 names in a warning
what it leaves out.

Crosstable cell to TRF field:

=================  =====================  ===========================================
cell               TRF                    note
=================  =====================  ===========================================
``W5w`` ``L5`` …   ``0005 w 1`` ``0`` ``=``  colour ``-`` when the cell gives none
``X5`` ``F5``      ``0005 w +`` ``-``     a double forfeit is ``-`` in both players' fields
``X`` ``F``        ``0000 - +`` ``-``     a forfeit with no opponent named
``B`` ``H``        ``0000 - F`` ``H``     full-point and half-point bye
``U``, blank       ``0000 - Z``           zero-point bye, not paired, not played
=================  =====================  ===========================================

A ``TRF`` column (the TRF importer writes it) keeps what a cell cannot say: a game won,
lost or drawn in under one move (``R3 0005 w W``: not rated, the cell says ``X5``, ``F5``
or ``H``), a pairing-allocated bye (``R4 0000 - U``: the cell says ``B``, ``H`` or ``U``),
a birth date with only the year (``born 1985/00/00``: the cell says 1 January). Each is
written back while the cell still agrees with it; a cell changed since is written as the
cell says, with a warning. TRF-2026 scores a ``U`` as a win unless line 162 says otherwise
(FIDE TRF-2026, tag 162, "P: same as W"), so there a ``U`` agrees only with a cell that
scores that (:func:`bye_share`); TRF16 does not say what ``U`` scores.

The rating is the FIDE rating: the ``Rating`` column in a FIDE event, the ``FIDE``
column otherwise; the FIDE ID is the ``ID`` column in a FIDE event (blank otherwise).
The points are the score the results give; the rank is the ``Rank`` column when every
player has one, else by score and tie-breaks (:func:`~.source.rank`). A value too wide
for its field is refused, naming its cell: a submission file never holds a cut name. A
line break or tab in a cell (which would start a new line, or shift every later column)
is replaced by a space, and a warning names the cell.
"""

from __future__ import annotations

import datetime
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .. import _check, systems
from ..crosstable import Code, PlayerRow, RoundCell
from ..crosstable.parse import row_address
from ..crosstable.values import address
from ..errors import FormatError, Problem
from ..importers.trf import NATIONAL_RECORD, NO_ROUND_DATE
from ..model import EventType
from .checks import Check, check_before_sending, missing_fields, setting
from .source import (
    ExportEvent,
    Section,
    ascii_digits,
    export_event,
    file_date,
    not_held,
    points_of,
    rank,
    whole_rating,
)
from .time_control import ENCODED, encode

#: The result a crosstable code becomes in a TRF round field (games and forfeits).
RESULTS = {Code.WIN: "1", Code.LOSS: "0", Code.DRAW: "=", Code.FORFEIT_WIN: "+", Code.FORFEIT_LOSS: "-"}
#: Byes and unplayed rounds: no opponent, colour ``-``.
BYES = {Code.FULL_BYE: "F", Code.HALF_BYE: "H", Code.ZERO_BYE: "Z"}
#: TRF line 092 by event type.
TYPES = {EventType.SWISS: "Individual: Swiss-System", EventType.ROUND_ROBIN: "Individual: Round-Robin",
         EventType.MATCH: "Individual: Match"}
#: TRF-2026 line 172's starting-rank methods, each with the rating it sorts by
#: (FIDE rating, national rating; 0 for none), tried in this order.
RANK_METHODS: dict[str, Callable[[float, float], float]] = {
    "FIDE": lambda fide, national: fide,
    "NRO": lambda fide, national: national,
    "FIDON": lambda fide, national: fide or national,
    "NIDOF": lambda fide, national: national or fide,
    "HBFN": max,
    "LBFN": lambda fide, national: min(fide, national) if fide and national else fide or national,
}

#: Fields of a player line and their widths.
_WIDTHS = {"Sex": 1, "Title": 3, "Name": 33, "Rating": 4, "Federation": 3, "ID": 11, "Points": 4,
           "Rank": 4, "No": 4, "National rating": 4, "National ID": 11}
#: A ``Sex`` cell (folded) as the letter of the player line's column 10, which holds ``m`` or ``w``
#: in both editions (FIDE TRF16 and TRF-2026, player section, position 10); TRF16 writes ``m`` and
#: ``w`` as entered. Any other value is refused at its cell: the column holds one letter or nothing.
_SEXES = {"male": "m", "female": "w", "f": "w"}
_SEXES_2026 = {"male": "m", "m": "m", "female": "w", "f": "w", "w": "w"}
_FULL_DATE = re.compile(r"[0-9]{4}[-/.][0-9]{2}[-/.][0-9]{2}", re.ASCII)
_SHORT_DATE = re.compile(r"([0-9]{2})[-/.]([0-9]{2})[-/.]([0-9]{2})", re.ASCII)
_DATE_SPLIT = re.compile(r"[\s,;]+")
#: Characters a TRF line cannot hold: line breaks, tabs and the other control characters.
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
#: A token of the ``TRF`` column: a round's field, or a birth date with only the year.
_TOKEN = re.compile(r"R(?P<round>[0-9]+)\s+(?P<field>[0-9]{4} [wb-] [WDLU])|born\s+(?P<born>[0-9]{4}/00/00)",
                    re.ASCII | re.IGNORECASE)


@dataclass(frozen=True)
class Edition:
    """What one edition of the Tournament Report File holds beyond the lines both share."""

    key: str
    """The name ``--to`` takes."""
    title: str
    comments: bool
    """``###`` comment lines."""
    national: bool
    """National Rating Support records and line 172."""
    encoded_time_control: bool
    """Line 222."""
    kept_lines: bool
    """Lines an imported file had that the crosstable does not use."""
    required: tuple[Check, ...] = ()
    """The fields the edition marks mandatory for rating, checked before sending."""
    sexes: dict[str, str] = field(default_factory=lambda: dict(_SEXES))
    """How a ``Sex`` cell is written (folded cell text to letter; any other value is refused)."""
    sex_letters: frozenset[str] = frozenset("mw")
    """The letters a ``Sex`` cell is written as entered (folded)."""
    bye_scored: bool = False
    """Whether the edition scores a pairing-allocated bye ``U`` (TRF-2026's line 162: as a win
    unless it says otherwise), so that a ``U`` the ``TRF`` column keeps is written only while its
    cell scores that (TRF16 does not say what ``U`` scores)."""
    strict_round_dates: bool = False
    """Whether every round date must be a date (else written as entered when it fits the field's 8
    characters, see :func:`_round_dates`)."""


@dataclass(frozen=True)
class TrfText:
    """A rendered file: its text, and what the export should tell the user."""

    text: str
    warnings: tuple[str, ...] = ()
    missing: tuple[Problem, ...] = ()
    """Required fields missing (written anyway: ``force``)."""


def _one_line(value: str, where: str, what: str, warnings: list[str]) -> str:
    """``value`` with line breaks, tabs and other control characters replaced by a space."""
    if not _BREAKS.search(value):
        return value
    warnings.append(f"{where}: the {what} holds a line break or tab; written with a space in its place "
                    "(a TRF line holds one line)")
    return " ".join(_BREAKS.sub(" ", value).split())


def _round_field(cell: RoundCell) -> str:
    if cell.code in BYES:
        return f"0000 - {BYES[cell.code]}"
    opponent = cell.opponent or 0
    colour = cell.colour if cell.colour in ("w", "b") and opponent else "-"
    return f"{opponent:04d} {colour} {RESULTS[cell.code]}"


def _kept_field(cell: RoundCell, kept: str) -> bool:
    """Whether the crosstable cell still says what the kept TRF field ``kept`` says."""
    opponent, code = int(kept[:4]), kept[7].upper()
    if code == "W":
        return cell.code is Code.FORFEIT_WIN and cell.opponent == opponent
    if code == "L":
        return cell.code is Code.FORFEIT_LOSS and cell.opponent == opponent
    if code == "D":
        return cell.code is Code.HALF_BYE
    return cell.code in BYES  # U: a pairing-allocated bye, whatever it scored


def _bye_scores(cell: RoundCell, kept: str, share: float | None) -> bool:
    """Whether the kept field ``kept``, when a pairing-allocated bye (``U``), scores what the
    cell does (``share``: what the edition scores a ``U``, as a share of a win; ``None``: any)."""
    return kept[7].upper() != "U" or share is None or cell.code.points == share


_SHARES = {1.0: "a win", 0.5: "half a win", 0.0: "nothing"}


def _share(share: float) -> str:
    """A share of a win in words (``a win``, ``half a win``, ``nothing``, ``0.75 of a win``)."""
    return _SHARES.get(share) or f"{share:g} of a win"


def bye_share(event: ExportEvent) -> float:
    """What TRF-2026 scores a pairing-allocated bye (``U``), as a share of a win: the ``TRF
    lines`` setting's line 162 ``P`` over its ``W``, each 1.0 when not given (FIDE TRF-2026,
    tag 162: a result code in column 6, its points in 7-10, the next code 9 columns on; ``P``,
    the pairing-allocated bye, "same as W" by default; the line is written only when a value
    differs from the default)."""
    points: dict[str, float] = {}
    for line in event.setting("TRF lines").splitlines():
        for column in range(5, len(line) if line.startswith("162") else 0, 9):
            value = line[column + 1:column + 5].strip()
            if re.fullmatch(r"[0-9]{1,2}\.[0-9]", value, re.ASCII):
                points.setdefault(line[column].upper(), float(value))
    win = points.get("W", 1.0)
    return points.get("P", win) / win if win else 1.0


def _date(value: datetime.date | None) -> str:
    return file_date(value, "/") if value is not None else ""


def _rating(event: ExportEvent, player: PlayerRow) -> float | None:
    return player.rating if systems.get(event.settings.system).fide_ids else player.fide


def _points(value: float) -> str:
    return f"{value:.1f}"


def _short_date(token: str) -> str | None:
    """A round date as line 132 writes it (``YY/MM/DD``), or ``None`` when ``token`` is no date."""
    from ..importers._common import parse_date

    date = parse_date(token) or _short_day(token)
    return date.strftime("%y/%m/%d") if date is not None else None


def _short_day(token: str) -> datetime.date | None:
    """The day a ``YY/MM/DD`` round date names (``None``: it names none)."""
    short = _SHORT_DATE.fullmatch(token)
    try:
        return datetime.date(2000 + int(short[1]), int(short[2]), int(short[3])) if short else None
    except ValueError:
        return None


def _order_unknown(token: str) -> str:
    """A round date written with its year last and slashes or dashes (``04/12/2025``), said as
    such (:func:`~xlrating.importers._common.date_order_unknown`)."""
    from ..importers._common import date_order_unknown

    return date_order_unknown(token)


def round_dates(event: ExportEvent) -> list[str]:
    """The ``Round dates`` setting's dates as given (split at spaces, commas, semicolons), ``-``
    (:data:`~xlrating.importers.trf.NO_ROUND_DATE`) for a round without one, written blank."""
    return [t for t in _DATE_SPLIT.split(event.setting("Round dates").strip()) if t]


def _round_dates(event: ExportEvent, strict: bool, problems: list[Problem]) -> str:
    """Line 132's dates from column 92, one every 10 columns. TRF16 (``strict`` false) writes a
    ``YYYY/MM/DD`` date ``YY/MM/DD``, any other date longer than the field's 8 characters
    (``03.05.2024``) ``YY/MM/DD`` too, and up to 8 other characters as entered; longer text that
    is no date is refused, naming the cell (cut to 8 it would say another date: ``03.05.20``).
    TRF-2026 writes every date ``YY/MM/DD`` and leaves a round whose date is unreadable blank
    (the checks before sending name it)."""
    dates = []
    for r, token in enumerate(round_dates(event), start=1):
        if token == NO_ROUND_DATE:
            dates.append("")
            continue
        if strict:
            dates.append(_short_date(token) or "")
            continue
        if _FULL_DATE.fullmatch(token):
            year, month, day = re.split(r"[-/.]", token)
            token = f"{year[-2:]}/{month}/{day}"
        elif len(token) > 8:
            short = _short_date(token)
            if short is None:
                problems.append(Problem(event.cells.get("Round dates") or event.settings.sheet,
                                        f"Round dates: {token!r} (round {r}) is {len(token)} characters and "
                                        f"not a date{_order_unknown(token)}; a TRF16 round date holds 8 "
                                        "(write YYYY/MM/DD)"))
            token = short or ""
        dates.append(token)
    problems.extend(_round_dates_outside(event, dates))
    return "".join(f"{d:<10}" for d in dates).rstrip()


def _round_dates_outside(event: ExportEvent, written: Sequence[str]) -> list[Problem]:
    """Each round date, as line 132 writes it (``YY/MM/DD``), that falls before the Start date,
    after the End date or before the round before it: a date typed day first or month first
    (``04/12/25``, read as 2004-12-25), or a slip, that FIDE would be sent as written."""
    where = event.cells.get("Round dates") or event.settings.sheet
    start = event.settings.start_date
    end = event.settings.end_date if event.end_date_given else None
    problems: list[Problem] = []
    before: datetime.date | None = None
    for number, token in enumerate(written, start=1):
        day = _short_day(token)
        if day is None:
            continue
        said = f"Round dates: round {number} is written {token}, {day.isoformat()}"
        if start is not None and day < start:
            problems.append(Problem(where, f"{said}, before the Start date {start.isoformat()}"))
        elif end is not None and day > end:
            problems.append(Problem(where, f"{said}, after the End date {end.isoformat()}"))
        elif before is not None and day < before:
            problems.append(Problem(where, f"{said}, before round {number - 1}'s ({before.isoformat()})"))
        else:
            before = day
    return problems


def _check_width(section: Section, player: PlayerRow, field: str, value: str, problems: list[Problem]
                 ) -> None:
    if len(value) > _WIDTHS[field]:
        width = _WIDTHS[field]
        problems.append(Problem(_where(section, player, field),
                                f"{field} {value!r} is {len(value)} characters; a TRF file holds {width}"))


def _where(section: Section, player: PlayerRow, column_name: str) -> str:
    column = section.column(column_name)
    return address(section.name, player.row, column) if column else row_address(section.name, player.row)


def _kept(section: Section, player: PlayerRow, warnings: list[str], share: float | None = None
          ) -> tuple[dict[int, str], str]:
    """The ``TRF`` column's round fields (by round) and year-only birth date, as far as the
    cells still agree with them (a warning for each that no longer does). ``share``: the
    share of a win the edition scores a pairing-allocated bye ``U`` (:func:`bye_share`;
    ``None``: the edition does not say, so a ``U`` agrees with any bye)."""
    where = _where(section, player, "TRF")
    text = section.value(player, "TRF")
    fields: dict[int, str] = {}
    born = ""
    for token in (t.strip() for t in text.split(";")):
        match = _TOKEN.fullmatch(token)
        if not token:
            continue
        if match is None or (match["born"] and not int(match["born"][:4])):  # (no year 0)
            warnings.append(f"{where}: {token!r} is not a TRF field this export knows (R3 0005 w W, born "
                            "1985/00/00); left out")
        elif match["born"]:
            year = int(match["born"][:4])
            if player.birth_date == datetime.date(year, 1, 1):
                born = match["born"]
            else:
                warnings.append(f"{where}: the birth date is no longer 1 January {year}: written as the "
                                f"birth date cell says, not {match['born']}")
        else:
            number, kept = int(match["round"]), match["field"]
            cell = player.rounds[number - 1] if 0 < number <= len(player.rounds) else None
            if cell is None or not _kept_field(cell, kept):
                warnings.append(f"{where}: round {number}'s {kept!r} no longer matches its cell: written as "
                                "the cell says")
            elif share is not None and not _bye_scores(cell, kept, share):
                warnings.append(f"{where}: round {number}'s {kept!r}, a pairing-allocated bye, scores "
                                f"{_share(share)} in TRF-2026 (line 162), the cell "
                                f"{_share(cell.code.points)}: written as the cell says")
            else:
                fields[number] = kept[:7] + kept[7].upper()
    return fields, born


def player_line(event: ExportEvent, section: Section, player: PlayerRow, place: int,
                problems: list[Problem], edition: Edition | None = None, warnings: list[str] | None = None
                ) -> str:
    """The ``001`` line of one player."""
    edition = edition or TRF2026
    warnings = warnings if warnings is not None else []
    rating = _rating(event, player)
    fide_id = (player.member_id or "") if systems.get(event.settings.system).fide_ids else ""
    sex = _one_line(section.value(player, "Sex"), _where(section, player, "Sex"), "sex", warnings).strip()
    letter = sex if sex.casefold() in edition.sex_letters else edition.sexes.get(sex.casefold(), "")
    if sex and not letter:
        held = " or ".join(sorted({*edition.sexes.values(), *edition.sex_letters}))
        problems.append(Problem(_where(section, player, "Sex"), f"{player.name}: Sex {sex!r} is not one "
                                f"{edition.title} holds (column 10: {held}); enter M or F "
                                "(male, female)"))
    values = {
        "No": str(player.number),
        "Sex": letter,
        "Title": _one_line(section.value(player, "Title"), _where(section, player, "Title"), "title",
                           warnings),
        "Name": _one_line(player.name, _where(section, player, "Name"), "name", warnings),
        "Rating": whole_rating(rating) if rating else "",
        "Federation": _one_line(section.value(player, "Federation"), _where(section, player, "Federation"),
                                "federation", warnings).upper(),
        "ID": fide_id,
        "Points": _points(points_of(player)),
        "Rank": str(place),
    }
    if fide_id and not ascii_digits(fide_id):
        problems.append(Problem(address(section.name, player.row, section.crosstable.columns["ID"]),
                                f"the FIDE ID {fide_id!r} is not a number (digits 0 to 9)"))
    for name, value in values.items():
        _check_width(section, player, name, value, problems)
    kept, born = _kept(section, player, warnings, bye_share(event) if edition.bye_scored else None)
    head = (f"001 {values['No']:>4} {values['Sex']:1}{values['Title']:>3} {values['Name']:<33} "
            f"{values['Rating']:>4} {values['Federation']:<3} {values['ID']:>11} "
            f"{born or _date(player.birth_date):<10} "
            f"{values['Points']:>4} {values['Rank']:>4}")
    rounds = "".join(f"  {kept.get(cell.round) or _round_field(cell)}" for cell in player.rounds)
    return (head + rounds).rstrip()


# --- National Rating Support records ----------------------------------------------------

def national_federation(event: ExportEvent) -> str:
    """The national ratings' federation: the ``National federation`` setting, else the rating
    body's (``IRL``, ``USA``), else in a FIDE event the ``Host federation``."""
    return (event.setting("National federation") or systems.get(event.settings.system).federation
            or event.setting("Host federation")).strip().upper()


def national_rating(event: ExportEvent, section: Section, player: PlayerRow) -> tuple[str, str]:
    """The player's national rating and national ID as text (``""`` when none): the ``Rating``
    and ``ID`` columns in an event a national body rates, else the ``National rating`` and
    ``National ID`` columns."""
    if systems.get(event.settings.system).federation is not None:
        return (whole_rating(player.rating) if player.rating else ""), player.member_id or ""
    value = section.value(player, "National rating")
    return value, section.value(player, "National ID")


def _national_lines(event: ExportEvent, section: Section, players: Sequence[PlayerRow],
                    problems: list[Problem]) -> list[str]:
    """Line 172 and one record per player with a national rating (none when no player has one)."""
    ratings = {p.number: national_rating(event, section, p) for p in players}
    if not any(rating for rating, _ in ratings.values()):
        return []
    federation = national_federation(event)
    if not re.fullmatch(r"[A-Z]{3}", federation, re.ASCII):
        where = (event.cells.get("National federation") or event.cells.get("Host federation")
                 or event.settings.sheet)
        problems.append(Problem(where, f"the national ratings need a three-letter federation code "
                                       f"(National federation or Host federation), not {federation!r}"))
        return []
    records = []
    for player in players:
        rating, national_id = ratings[player.number]
        if not rating:
            continue
        if not ascii_digits(rating):
            problems.append(Problem(_where(section, player, "National rating"),
                                    f"the national rating {rating!r} is not a whole number"))
        for name, value in (("National rating", rating), ("National ID", national_id)):
            _check_width(section, player, name, value, problems)
        records.append(f"{federation} {player.number:>4} {'':1}{'':>3} {'':<33} {rating:>4} {'':<3} "
                       f"{national_id:>11}".rstrip())
    kept = [line for line in event.setting("TRF lines").splitlines() if line.startswith("172")]
    return (kept or [f"172 {federation} {_rank_method(event, section, players, ratings)}"]) + records


def _rank_method(event: ExportEvent, section: Section, players: Sequence[PlayerRow],
                 ratings: dict[int, tuple[str, str]]) -> str:
    """The first of :data:`RANK_METHODS` the start ranks follow (highest first, some player
    rated), else ``OTHER``."""
    order = sorted(players, key=lambda p: p.number)
    national = {n: float(r) if ascii_digits(r) else 0.0 for n, (r, _) in ratings.items()}
    pairs = [(_rating(event, p) or 0.0, national[p.number]) for p in order]
    for method, key in RANK_METHODS.items():
        keys = [key(fide, national) for fide, national in pairs]
        if any(keys) and all(a >= b for a, b in itertools.pairwise(keys)):
            return method
    return "OTHER"


# --- The checks before sending (TRF-2026's fields mandatory for rating) -----------------

def _round_dates_check(event: ExportEvent) -> list[Problem]:
    """Line 132 (mandatory for rating): one readable date per round."""
    rounds = max((s.crosstable.rounds for s in event.sections), default=0)
    dates = round_dates(event)
    where = event.cells.get("Round dates")
    if not dates:
        return setting("Round dates", "TRF-2026 line 132 (every round's date, mandatory for rating)")(event)
    problems = [Problem(where or event.settings.sheet, f"Round dates: round {r} has no date ({d!r}); write "
                                                       "its date YYYY/MM/DD" if d == NO_ROUND_DATE else
                        f"Round dates: {d!r} (round {r}) is not a date{_order_unknown(d)}; write YYYY/MM/DD")
                for r, d in enumerate(dates, start=1) if _short_date(d) is None]
    if len(dates) != rounds:
        problems.append(Problem(where or event.settings.sheet, f"Round dates gives {len(dates)} dates for "
                                                               f"{rounds} rounds: TRF-2026 line 132 needs "
                                                               "every round's date"))
    return problems


def _fide_ids_check(event: ExportEvent) -> list[Problem]:
    """Columns 58-68 of each player line (mandatory for rating): the FIDE ID."""
    if not systems.get(event.settings.system).fide_ids:
        return [Problem(event.settings.cell("System"), f"System is {event.settings.system}: the file has no "
                                                       "FIDE IDs (columns 58-68, mandatory for rating; "
                                                       "the ID column of a FIDE event)")]
    return [Problem(_where(section, player, "ID"), f"{player.name} has no FIDE ID (columns 58-68, mandatory "
                                                    "for rating)")
            for section in event.sections for player in section.crosstable.players if not player.member_id]


def _colours_check(event: ExportEvent) -> list[Problem]:
    """Column 97 of each round (mandatory for rating): the colour of every game and of every
    forfeit naming an opponent. One problem per player, naming the cells."""
    problems = []
    for section in event.sections:
        for player in section.crosstable.players:
            cells = [address(section.name, player.row, c.column) for c in player.rounds
                     if c.opponent and c.code not in BYES and c.colour not in ("w", "b")]
            if cells:
                problems.append(Problem(cells[0], f"{player.name}: no colour in {', '.join(cells)} (TRF-2026 "
                                                  "column 97, mandatory for rating: write W5w or W5b)"))
    return problems


#: FIDE TRF-2026's fields marked mandatory for rating that a workbook can lack.
TRF2026_REQUIRED: tuple[Check, ...] = (
    setting("Event name", "TRF-2026 line 012 (the tournament name)", lambda e: bool(e.settings.event_name)),
    setting("City", "TRF-2026 line 022"),
    setting("Host federation", "TRF-2026 line 032 (the federation, a three-letter FIDE code)"),
    setting("Start date", "TRF-2026 line 042", lambda e: e.settings.start_date is not None),
    setting("End date", "TRF-2026 line 052", lambda e: e.end_date_given),
    setting("Chief arbiter", "TRF-2026 line 102"),
    _round_dates_check,
    _fide_ids_check,
    _colours_check,
)

TRF2026 = Edition("trf", "FIDE TRF-2026", comments=True, national=True, encoded_time_control=True,
                  kept_lines=True, required=TRF2026_REQUIRED, sexes=_SEXES_2026, sex_letters=frozenset(),
                  bye_scored=True, strict_round_dates=True)
TRF16 = Edition("trf16", "FIDE TRF16", comments=False, national=False, encoded_time_control=False,
                kept_lines=False)
#: The editions by the name ``--to`` takes.
EDITIONS = {edition.key: edition for edition in (TRF2026, TRF16)}


def _header(event: ExportEvent, edition: Edition, players: Sequence[PlayerRow], warnings: list[str],
            problems: list[Problem]) -> list[str]:
    settings = event.settings

    def value(name: str) -> str:
        return _one_line(event.setting(name), event.cells.get(name, settings.sheet), name.lower(), warnings)

    lines = [
        f"012 {_one_line(settings.event_name, settings.cell('Event name'), 'event name', warnings)}",
        f"022 {value('City')}",
        f"032 {value('Host federation').upper()}",
        f"042 {_date(settings.start_date)}",
        f"052 {_date(settings.end_date) if event.end_date_given else ''}",
        f"062 {len(players)}",
        f"072 {sum(1 for p in players if _rating(event, p))}",
        "082 0",
        f"092 {TYPES[settings.event_type]}",
        f"102 {value('Chief arbiter')}",
    ]
    deputies = [d.strip() for d in re.split(r"[;\r\n]+", event.setting("Deputy arbiters")) if d.strip()]
    lines += [f"112 {_one_line(d, event.cells.get('Deputy arbiters', ''), 'deputy arbiter', warnings)}"
              for d in deputies]
    lines.append(f"122 {value('Time control')}")
    dates = _round_dates(event, edition.strict_round_dates, problems)
    lines.append(f"132 {' ' * 87}{dates}" if dates else "132")
    return lines


def _encoded_time_control(event: ExportEvent, problems: list[Problem]) -> str:
    """Line 222: the ``Encoded time control`` setting, else the time control's text encoded."""
    given = "".join(event.setting("Encoded time control").split())
    if given and not ENCODED.fullmatch(given):
        problems.append(Problem(event.cells["Encoded time control"], f"Encoded time control {given!r} is not "
                                "TRF-2026's code (5400+30, 40/6000+30:900+30, W300-B240)"))
    return given or encode(event.setting("Time control")) or ""


def _extra_lines(event: ExportEvent, name: str, warnings: list[str], *, blank: bool = False) -> list[str]:
    """The lines of the setting ``name`` (``TRF comments``, ``TRF lines``), tabs replaced;
    ``blank``: blank lines kept too (an empty comment line)."""
    where = event.cells.get(name, event.settings.sheet)
    return [_one_line(line.rstrip(), where, name, warnings) for line in event.setting(name).splitlines()
            if blank or line.strip()]


@dataclass
class _Writing:
    """One export under way: what its lines are written from, and what it finds on the way."""

    event: ExportEvent
    section: Section
    players: list[PlayerRow]
    problems: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    """The ``TRF comments`` setting's lines."""
    kept: list[str] = field(default_factory=list)
    """The ``TRF lines`` setting's lines, national records aside."""
    kept_national: list[str] = field(default_factory=list)
    """The national records of ``TRF lines`` (written after the players they name)."""
    national: list[str] = field(default_factory=list)
    """Line 172 and the National Rating Support records, when the edition holds them."""


def _national_part(writing: _Writing) -> tuple[list[str], list[str]]:
    writing.national = _national_lines(writing.event, writing.section, writing.players, writing.problems)
    return ([line for line in writing.national if line.startswith("172")],
            [line for line in writing.national if not line.startswith("172")])


def _national_left_out(writing: _Writing) -> str | None:
    if any(national_rating(writing.event, writing.section, p)[0] for p in writing.players):
        return "the national ratings (National Rating Support records)"
    return None


def _encoded_part(writing: _Writing) -> tuple[list[str], list[str]]:
    code = _encoded_time_control(writing.event, writing.problems)
    return ([f"222 {code}"] if code else []), []


def _encoded_left_out(writing: _Writing) -> str | None:
    return "line 222 (Encoded time control)" if writing.event.setting("Encoded time control") else None


def _kept_part(writing: _Writing) -> tuple[list[str], list[str]]:
    """The kept lines (a kept line 172 gives way to the one the national records, written first,
    came with)."""
    return ([line for line in writing.kept if not (writing.national and line.startswith("172"))],
            writing.kept_national)


def _kept_left_out(writing: _Writing) -> str | None:
    lines = writing.kept + writing.kept_national
    if not lines:
        return None
    tags = sorted({line[:3] for line in lines})
    return f"{len(lines)} other line{'s' if len(lines) != 1 else ''} of TRF lines ({', '.join(tags)})"


def _comments_part(writing: _Writing) -> tuple[list[str], list[str]]:
    return ["###" + (c[3:] if c.startswith("###") else f" {c}" if c else "") for c in writing.comments], []


def _comments_left_out(writing: _Writing) -> str | None:
    count = len(writing.comments)
    return f"{count} comment line{'s' if count != 1 else ''} (TRF comments)" if count else None


@dataclass(frozen=True)
class _Addition:
    """A part of the file that one edition holds and another does not: the :class:`Edition` flag
    that says whether it is held, its lines (before the player lines, after them) and, when it
    is not held, what the warning says is left out (``None``: the event has nothing of it)."""

    flag: str
    write: Callable[[_Writing], tuple[list[str], list[str]]]
    left_out: Callable[[_Writing], str | None]


#: What TRF-2026 adds to TRF16, in the order the file holds it (and written in this order: the
#: kept lines ask whether national records were written).
_ADDITIONS = (
    _Addition("national", _national_part, _national_left_out),
    _Addition("encoded_time_control", _encoded_part, _encoded_left_out),
    _Addition("kept_lines", _kept_part, _kept_left_out),
    _Addition("comments", _comments_part, _comments_left_out),
)


def _only_section(event: ExportEvent) -> Section:
    if len(event.sections) != 1:
        names = ", ".join(repr(s.name) for s in event.sections)
        count = len(event.sections)
        raise FormatError([Problem("", f"a TRF file holds one section; the workbook has {count} crosstable "
                                       f"sheets ({names}): export one of them ('xlrating export --sheet "
                                       "NAME', read_event(only=[NAME]) in Python)")],
                          title="Cannot export a FIDE TRF file")
    return event.sections[0]


def _blank_federations(section: Section, players: Sequence[PlayerRow]) -> list[str]:
    """A warning naming the players written with no federation (columns 54-56 of their player
    lines): a blank ``Federation`` cell, or no such column, is written blank, never guessed."""
    from ..crosstable.workbook import named_rows

    rows = [p.row for p in players if not section.value(p, "Federation").strip()]
    if not rows:
        return []
    column, header = section.column("Federation"), section.crosstable.header_row
    said = "written with no federation in their player lines (TRF columns 54-56); enter each one's"
    if column is None:
        return [str(Problem(row_address(section.name, header), f"no Federation column: {named_rows(rows)} "
                            f"{said} in a Federation column (a three-letter FIDE code)"))]
    return [str(Problem(address(section.name, header, column), f"Federation is blank for {named_rows(rows)}: "
                        f"{said} there (a three-letter FIDE code)"))]


def _no_fide_ids(event: ExportEvent, edition: Edition, section: Section, players: Sequence[PlayerRow]
                 ) -> list[str]:
    """A US Chess or ICU event's warning: its player lines have no FIDE IDs (columns 58-68 hold the
    ``ID`` column of a FIDE event alone), naming the ``ID`` column's players whose IDs, the
    system's own, the file does not hold at all: every one in TRF16, the unrated ones in TRF-2026
    (whose National Rating Support records, one per rated player, hold the others')."""
    from ..crosstable.workbook import named_rows

    system = systems.get(event.settings.system)
    if system.fide_ids:
        return []
    column = section.column("ID")
    lost = [p.row for p in players if p.member_id and not (edition.national and national_rating(
        event, section, p)[0])] if column is not None else []
    where = address(section.name, section.crosstable.header_row, column) if lost and column else \
        event.settings.cell("System")
    kept = " in its National Rating Support records (rated players only)" if edition.national else ""
    held = (f"; the file holds the {system.short_name} IDs{kept}, so the IDs of {named_rows(lost)} are "
            "not written" if lost else "")
    return [str(Problem(where, f"System is {system.short_name}: the player lines have no FIDE IDs "
                               f"({edition.title} columns 58-68, mandatory for rating: a FIDE event's ID "
                               f"column){held}"))]


def write_trf(event: ExportEvent, fmt: str = "trf", *, force: bool = False) -> TrfText:
    """The TRF text (lines end in CR LF) of the event's one crosstable section, and the warnings.

    ``fmt``: ``"trf"`` (TRF-2026) or ``"trf16"``. Raises
    :class:`~xlrating.exporters.checks.MissingFieldsError` naming every field TRF-2026 marks
    mandatory for rating that the workbook lacks (``force``: written anyway, the list kept
    in :attr:`TrfText.missing`), and :class:`~xlrating.errors.FormatError` listing every
    value that does not fit.
    """
    event, force = export_event(event), _check.flag("force", force)
    edition = EDITIONS[_check.choice("fmt", fmt, EDITIONS)]
    section = _only_section(event)
    writing = _Writing(event, section, sorted(section.crosstable.players, key=lambda p: p.number))
    warnings = writing.warnings
    head = _header(event, edition, writing.players, warnings, writing.problems)
    writing.comments = _extra_lines(event, "TRF comments", warnings, blank=True)
    kept = _extra_lines(event, "TRF lines", warnings)
    writing.kept_national = [line for line in kept if NATIONAL_RECORD.match(line)]
    writing.kept = [line for line in kept if line not in writing.kept_national]
    tail: list[str] = []
    left_out: list[str] = []
    for addition in _ADDITIONS:
        if getattr(edition, addition.flag):
            before, after = addition.write(writing)
            head += before
            tail += after
        elif (what := addition.left_out(writing)) is not None:
            left_out.append(what)
    places = rank(section)
    body = [player_line(event, section, p, places[p.number], writing.problems, edition, warnings)
            for p in writing.players]
    title = f"Cannot export {section.name} as {edition.title}"
    if writing.problems:  # with the missing fields, so that one run names every problem
        raise FormatError(writing.problems + ([] if force else missing_fields(event, edition.required)),
                          title=title)
    missing = check_before_sending(event, edition.required, title, force=force)
    if left_out:
        warnings.append(f"{edition.title} cannot hold " + "; ".join(left_out) + ": not written (--to trf "
                        "writes TRF-2026, which holds them)")
    warnings += _blank_federations(section, writing.players)
    warnings += _no_fide_ids(event, edition, section, writing.players)
    warnings += not_held(event, ("Games", "K", "Peak", "Joined"), f"the {edition.title} file",
                      "its player lines and national records hold ratings alone (the rating body works out K "
                      "from its own records), so an import of the file rates with the rules' K")
    # a dual-rated event's Quick ratings (and a US Chess player's ratings in the other systems)
    others = sorted({other.system for p in writing.players for other in p.other_ratings})
    warnings += not_held(event, others, f"the {edition.title} file",
                         "a national record holds one national rating, the Rating column's"
                         if edition.national else "its player lines hold FIDE ratings alone")
    text = "".join(line.rstrip() + "\r\n" for line in [*head, *body, *tail])
    return TrfText(text, tuple(warnings), tuple(missing))


def render_trf(event: ExportEvent, fmt: str = "trf", *, force: bool = False) -> str:
    """The TRF text of the event (see :func:`write_trf`), without the warnings."""
    return write_trf(event, fmt, force=force).text
