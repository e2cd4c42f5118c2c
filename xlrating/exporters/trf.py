"""A FIDE Tournament Report File (TRF16) from a crosstable, laid out as Swiss-Manager writes it.

The layout follows the FIDE Data Exchange Format, Tournament Report File (TRF16):
header lines ``012`` (event name), ``022`` (city), ``032`` (federation), ``042`` and
``052`` (start and end dates, ``YYYY/MM/DD``), ``062`` (players), ``072`` (rated
players), ``082`` (teams: 0), ``092`` (type of tournament), ``102`` (chief arbiter),
``052`` only when the ``Event`` sheet gives it (a blank End date means today when
rating, but a submission file says what the director entered), ``112`` (deputy arbiter,
when given), ``122`` (time control) and ``132`` (round dates,
``YY/MM/DD`` from column 92, one every 10 columns), then one ``001`` line per player
with fixed columns (1-based): 5-8 start rank, 10 sex, 11-13 title, 15-47 name, 49-52
rating, 54-56 federation, 58-68 FIDE ID, 70-79 birth date, 81-84 points, 86-89 rank,
and from column 92 one field of 10 columns per round: the opponent's start rank (4
digits, ``0000`` for none), a space, the colour (``w``, ``b``, ``-``), a space, the
result. Lines end in CR LF; the text is UTF-8 and columns are counted in characters.

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

The rating is the FIDE rating: the ``Rating`` column in a FIDE event, the ``FIDE``
column otherwise; the FIDE ID is the ``ID`` column in a FIDE event (blank otherwise).
The points are the score the results give; the rank is the ``Rank`` column when every
player has one, else by score and tie-breaks (:func:`~.source.rank`). A value too wide
for its field is refused, naming its cell: a submission file never holds a cut name.
"""

from __future__ import annotations

import datetime
import re

from ..crosstable import Code, PlayerRow, RoundCell
from ..crosstable.parse import row_address
from ..crosstable.values import address
from ..errors import FormatError, Problem
from ..model import EventType
from .source import ExportEvent, Section, ascii_digits, file_date, points_of, rank

#: The result a crosstable code becomes in a TRF round field (games and forfeits).
RESULTS = {Code.WIN: "1", Code.LOSS: "0", Code.DRAW: "=", Code.FORFEIT_WIN: "+", Code.FORFEIT_LOSS: "-"}
#: Byes and unplayed rounds: no opponent, colour ``-``.
BYES = {Code.FULL_BYE: "F", Code.HALF_BYE: "H", Code.ZERO_BYE: "Z"}
#: TRF line 092 by event type.
TYPES = {EventType.SWISS: "Individual: Swiss-System", EventType.ROUND_ROBIN: "Individual: Round-Robin",
         EventType.MATCH: "Individual: Match"}

#: Fields of a player line: name, first and last column (1-based), alignment.
_WIDTHS = {"Sex": 1, "Title": 3, "Name": 33, "Rating": 4, "Federation": 3, "ID": 11, "Points": 4,
           "Rank": 4, "No": 4}
#: A ``Sex`` cell written as a word; a letter is written as entered.
_SEXES = {"male": "m", "female": "f"}
_FULL_DATE = re.compile(r"[0-9]{4}[-/.][0-9]{2}[-/.][0-9]{2}", re.ASCII)


def _round_field(cell: RoundCell) -> str:
    if cell.code in BYES:
        return f"0000 - {BYES[cell.code]}"
    opponent = cell.opponent or 0
    colour = cell.colour if cell.colour in ("w", "b") and opponent else "-"
    return f"{opponent:04d} {colour} {RESULTS[cell.code]}"


def _date(value: datetime.date | None) -> str:
    return file_date(value, "/") if value is not None else ""


def _rating(event: ExportEvent, player: PlayerRow) -> float | None:
    return player.rating if event.settings.system == "FIDE" else player.fide


def _points(value: float) -> str:
    return f"{value:.1f}"


def _round_dates(text: str) -> str:
    """Line 132's dates from column 92, one every 10 columns, from the ``Round dates`` setting
    (dates separated by spaces, commas or semicolons): ``YYYY/MM/DD`` is written
    ``YY/MM/DD`` as TRF16 asks; a date already in 8 characters is written as entered."""
    dates = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if _FULL_DATE.fullmatch(token):
            year, month, day = re.split(r"[-/.]", token)
            token = f"{year[-2:]}/{month}/{day}"
        if token:
            dates.append(token[:8])
    return "".join(f"{d:<10}" for d in dates).rstrip()


def _check_width(section: Section, player: PlayerRow, field: str, value: str, problems: list[Problem]
                 ) -> None:
    if len(value) > _WIDTHS[field]:
        column = section.crosstable.columns.get(field)
        where = address(section.name, player.row, column) if column else row_address(section.name, player.row)
        problems.append(Problem(where, f"{field} {value!r} is {len(value)} characters; a TRF file holds "
                                       f"{_WIDTHS[field]}"))


def player_line(event: ExportEvent, section: Section, player: PlayerRow, place: int,
                problems: list[Problem]) -> str:
    """The ``001`` line of one player."""
    rating = _rating(event, player)
    fide_id = (player.member_id or "") if event.settings.system == "FIDE" else ""
    values = {
        "No": str(player.number),
        "Sex": _SEXES.get(section.value(player, "Sex").casefold(), section.value(player, "Sex")),
        "Title": section.value(player, "Title"),
        "Name": player.name,
        "Rating": str(round(rating)) if rating else "",
        "Federation": section.value(player, "Federation").upper(),
        "ID": fide_id,
        "Points": _points(points_of(player)),
        "Rank": str(place),
    }
    if fide_id and not ascii_digits(fide_id):
        problems.append(Problem(address(section.name, player.row, section.crosstable.columns["ID"]),
                                f"the FIDE ID {fide_id!r} is not a number (digits 0 to 9)"))
    for field, value in values.items():
        _check_width(section, player, field, value, problems)
    head = (f"001 {values['No']:>4} {values['Sex']:1}{values['Title']:>3} {values['Name']:<33} "
            f"{values['Rating']:>4} {values['Federation']:<3} {values['ID']:>11} "
            f"{_date(player.birth_date):<10} "
            f"{values['Points']:>4} {values['Rank']:>4}")
    rounds = "".join(f"  {_round_field(cell)}" for cell in player.rounds)
    return (head + rounds).rstrip()


def render_trf(event: ExportEvent) -> str:
    """The TRF16 text of the event's one crosstable section (lines end in CR LF).

    Raises :class:`~xlrating.errors.FormatError` listing every value that does not fit.
    """
    if len(event.sections) != 1:
        names = ", ".join(repr(s.name) for s in event.sections)
        count = len(event.sections)
        raise FormatError([Problem("", f"a TRF file holds one section; the workbook has {count} crosstable "
                                       f"sheets ({names}): name one with --sheet")],
                          title="Cannot export a FIDE TRF file")
    section = event.sections[0]
    settings = event.settings
    players = sorted(section.crosstable.players, key=lambda p: p.number)
    places = rank(section)
    problems: list[Problem] = []
    lines = [
        f"012 {settings.event_name}",
        f"022 {event.setting('City')}",
        f"032 {event.setting('Host federation').upper()}",
        f"042 {_date(settings.start_date)}",
        f"052 {_date(settings.end_date) if event.end_date_given else ''}",
        f"062 {len(players)}",
        f"072 {sum(1 for p in players if _rating(event, p))}",
        "082 0",
        f"092 {TYPES[settings.event_type]}",
        f"102 {event.setting('Chief arbiter')}",
    ]
    if event.setting("Deputy arbiter"):
        lines.append(f"112 {event.setting('Deputy arbiter')}")
    lines.append(f"122 {event.setting('Time control')}")
    dates = _round_dates(event.setting("Round dates"))
    lines.append(f"132 {' ' * 87}{dates}" if dates else "132")
    lines += [player_line(event, section, p, places[p.number], problems) for p in players]
    if problems:
        raise FormatError(problems, title=f"Cannot export {section.name} as a FIDE TRF file")
    return "".join(line.rstrip() + "\r\n" for line in lines)
