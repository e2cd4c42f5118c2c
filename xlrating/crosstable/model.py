"""The plain data of a crosstable workbook: settings, parsed rows, rated events, writes.

Nothing here knows about openpyxl or xlwings. A sheet reaches this package as a *grid*:
its values from cell A1, row-major, ragged rows allowed, blanks as ``None`` or ``""``.
Rows and columns in these types are 1-based, as Excel numbers them (``row=7,
column=6`` is cell F7), so an adapter writes a :class:`Block` without arithmetic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import Any, TypeAlias

from ..errors import Problem
from ..model import EventOutcome, EventType, Game

Grid: TypeAlias = Sequence[Sequence[Any]]
"""A sheet's values from A1, row-major; rows may differ in length; blanks are None or ""."""


@dataclass(frozen=True)
class EventSettings:
    """The ``Event`` sheet, parsed and validated (every field has its documented default)."""

    system: str = "USCF"
    """``"USCF"``, ``"FIDE"`` or ``"ICU"``."""
    rating_system: str = "Regular"
    """US Chess rating system: ``Regular``, ``Quick``, ``Blitz``, ``Online Regular``,
    ``Online Quick``, ``Online Blitz`` (``"Regular"`` and unused for FIDE and ICU)."""
    dual_rated: bool = False
    """US Chess only: the event is rated in both Regular and Quick."""
    rules: str = "USCF 2020"
    """Display name of the rule edition: ``USCF 2020``, ``USCF 2011``, ``USCF 2009``,
    ``FIDE handbook``, ``FIDE 2024`` or ``ICU``."""
    bonus_multiplier: float | None = None
    """US Chess bonus multiplier B; ``None``: the value in force on the end date."""
    event_type: EventType = EventType.SWISS
    """Swiss, round robin or match."""
    event_name: str = ""
    start_date: date | None = None
    end_date: date = field(default_factory=date.today)
    """The event's last day; today when the sheet leaves it blank."""
    end_date_blank: bool = False
    """The sheet left End date blank: :attr:`end_date` is the day the event was rated."""
    system_blank: bool = False
    """The sheet left System blank, and the Rules do not name one system's edition: :attr:`system`
    is the default, US Chess."""
    sheet: str = "Event"
    """The sheet the settings came from (for messages)."""
    cells: tuple[tuple[str, str], ...] = ()
    """``(setting, cell address)`` of every setting given on the sheet, e.g.
    ``("Rules", "Event!B4")``, so later checks can name the cell."""

    def end_date_note(self) -> str:
        """What a run says when the sheet left End date blank (``""`` when it gave one)."""
        if not self.end_date_blank:
            return ""
        return (f"End date is blank ({self.cell('End date')}): rated as of today, "
                f"{self.end_date.isoformat()}; enter the event's last day there if it ended on another day")

    def system_note(self) -> str:
        """What a run says when the sheet left System blank (``""`` when it gave one, or the Rules
        named the system)."""
        if not self.system_blank:
            return ""
        return (f"System is blank ({self.cell('System')}): rated as a US Chess event under {self.rules}, "
                "the default; set System to FIDE or ICU there if another federation rates it")

    def cell(self, setting: str) -> str:
        """The address of ``setting``'s value cell, or the sheet name when it was not given."""
        for name, address in self.cells:
            if name == setting:
                return address
        return self.sheet


class Code(str, Enum):
    """What a round cell says happened (the result codes of :mod:`.codes`)."""

    WIN = "W"
    """Won a played game (``W12``, ``+12``): 1 point, rated."""
    LOSS = "L"
    """Lost a played game (``L12``, ``-12``): 0 points, rated."""
    DRAW = "D"
    """Drew a played game (``D12``, ``=12``): ½ point, rated."""
    FORFEIT_WIN = "X"
    """Won by forfeit (``X``, ``X12``): 1 point, not rated."""
    FORFEIT_LOSS = "F"
    """Lost by forfeit (``F``, ``F12``): 0 points, not rated."""
    FULL_BYE = "B"
    """Full-point bye: 1 point, not rated."""
    HALF_BYE = "H"
    """Half-point bye: ½ point, not rated."""
    ZERO_BYE = "U"
    """Zero-point bye, unpaired (``U``, ``Z``) or a blank cell: 0 points, not rated."""

    @property
    def points(self) -> float:
        return _POINTS[self]

    @property
    def rated(self) -> bool:
        return self in (Code.WIN, Code.LOSS, Code.DRAW)


_POINTS = {
    Code.WIN: 1.0, Code.LOSS: 0.0, Code.DRAW: 0.5, Code.FORFEIT_WIN: 1.0, Code.FORFEIT_LOSS: 0.0,
    Code.FULL_BYE: 1.0, Code.HALF_BYE: 0.5, Code.ZERO_BYE: 0.0,
}


@dataclass(frozen=True)
class RoundCell:
    """One round cell of a player's row, parsed."""

    round: int
    """Round number, from 1."""
    code: Code
    opponent: int | None
    """The opponent's pairing number (always for W/L/D; optional for X/F; else None)."""
    colour: str | None = None
    """``"w"`` or ``"b"`` when the cell gave one (ignored by the ratings)."""
    text: str = ""
    """The cell as entered (``""`` for a blank cell)."""
    column: int = 0
    """1-based sheet column of the cell."""

    @property
    def points(self) -> float:
        return self.code.points

    @property
    def rated(self) -> bool:
        return self.code.rated


@dataclass(frozen=True)
class OtherRating:
    """A player's US Chess rating in another rating system (``Quick``, ``Quick games``...)."""

    system: str
    """``Regular``, ``Quick``, ``Blitz``, ``Online Regular``, ``Online Quick`` or ``Online Blitz``."""
    rating: float | None
    games: int | None = None


@dataclass(frozen=True)
class PlayerRow:
    """One player's row of a crosstable, parsed (blank input cells are ``None``). The fields the
    rules read are a list entry's too (:class:`~xlrating.systems.PlayerRecord`)."""

    number: int
    """Pairing number (``No``)."""
    name: str
    member_id: str | None
    """``ID``, as text (a number Excel delivered as 12345678.0 reads ``"12345678"``)."""
    row: int
    """1-based sheet row."""
    rating: float | None = None
    """``Rating``: the pre-event rating in the event's system; None = unrated."""
    games: int | None = None
    """``Games`` (or the ``P12`` of ``1500P12``); None for a rated player = established."""
    history: str | None = None
    """``"all wins"`` or ``"all losses"``, or None."""
    fide: float | None = None
    cfc: float | None = None
    other_ratings: tuple[OtherRating, ...] = ()
    """US Chess ratings in other systems, from the ``Regular``/``Quick games``... columns."""
    birth_date: date | None = None
    adult: bool | None = None
    floor: float | None = None
    peak: float | None = None
    wins: int | None = None
    draws: int | None = None
    events: int | None = None
    k: float | None = None
    joined: date | None = None
    total: float | None = None
    """``Total`` as entered (checked against :attr:`score`)."""
    official_post: float | None = None
    """``Official post rating`` (filled by the US Chess crosstable importer)."""
    official_post_quick: float | None = None
    """``Official post Quick rating`` (dual-rated events)."""
    rounds: tuple[RoundCell, ...] = ()
    """One parsed cell per round, in round order."""
    score: float = 0.0
    """Total points, byes and forfeits included."""

    def other(self, system: str) -> OtherRating | None:
        """The player's rating in US Chess rating system ``system``, if the row gives one."""
        for other in self.other_ratings:
            if other.system == system:
                return other
        return None


@dataclass(frozen=True)
class Crosstable:
    """A crosstable sheet, parsed and validated."""

    sheet: str
    header_row: int
    """1-based row of the header."""
    columns: Mapping[str, int]
    """Canonical input header (``"No"``, ``"Name"``, ``"Rating"``, ``"R1"``, ``"R2"``...)
    -> 1-based column."""
    players: tuple[PlayerRow, ...]
    games: tuple[Game, ...]
    """Each played (rated) game once, from the lower row's side."""
    rounds: int
    """Number of round columns."""
    settings: EventSettings = field(default_factory=EventSettings)
    last_row: int = 0
    """1-based row of the last player row (the header row when there are none)."""
    last_column: int = 0
    """1-based last used column of the header row and the player rows."""
    output_columns: Mapping[str, int] = field(default_factory=dict)
    """Output headers already on the sheet (``"Post rating"``, ``"Quick change"``...) -> 1-based
    column; the outputs are written there, the others are added after :attr:`last_column`."""
    notes: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """Notes the crosstable itself gives a player (a double forfeit), by pairing number; they
    start the player's notes in every outcome."""
    refused: Mapping[int, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    """By 1-based row, the columns whose cell the rules read was refused where it was read (a Birth
    date that is not a date, one after the event): the cell is the row's problem, so the rules'
    own checks of the row (:func:`~xlrating.crosstable.rate.build_players`) do not ask again for
    the value it holds."""

    def player(self, number: int) -> PlayerRow:
        """The row of the player with pairing number ``number``."""
        for player in self.players:
            if player.number == number:
                return player
        raise KeyError(number)


@dataclass(frozen=True)
class RatedEvent:
    """A crosstable rated under its settings."""

    crosstable: Crosstable
    settings: EventSettings
    outcomes: tuple[EventOutcome, ...]
    """One outcome; two for a dual-rated US Chess event (Regular, then Quick). Each
    outcome's first note names the rules and, for US Chess, the bonus multiplier B used."""

    @property
    def summary(self) -> tuple[str, ...]:
        """Lines a director should see after a run: the sheet, the rules and B, and the event notes."""
        lines = [f"{self.crosstable.sheet}: {len(self.crosstable.players)} players, "
                 f"{len(self.crosstable.games)} rated games"]
        for outcome in self.outcomes:
            lines.extend(outcome.notes)
        return tuple(lines)


@dataclass(frozen=True)
class Block:
    """A rectangular write: ``values[i][j]`` goes to (row + i, column + j) of ``sheet``."""

    sheet: str
    row: int
    """1-based top row."""
    column: int
    """1-based left column."""
    values: tuple[tuple[Any, ...], ...]
    """Numbers, None (an empty cell) or text of our own; never a formula."""
    number_formats: tuple[str | None, ...] | None = None
    """One Excel number format per column (None: leave the cell's format), or None for all."""


@dataclass(frozen=True)
class AddedColumns:
    """Output columns appended after the last used column of a crosstable's header row.

    When the header row belongs to an Excel table, the adapter extends the table over
    ``first_column..last_column``.
    """

    sheet: str
    header_row: int
    last_player_row: int
    first_column: int
    last_column: int
    collapse: bool = True
    """Group and collapse the added columns a printed wall chart leaves out (a crosstable's
    working); False shows every column (a list's new ratings)."""


@dataclass(frozen=True)
class RatedWorkbook:
    """Everything a rating run produced for a workbook: the events and the writes."""

    events: tuple[RatedEvent, ...]
    blocks: tuple[Block, ...]
    added: tuple[AddedColumns, ...]
    warnings: tuple[Problem, ...] = ()
    """What the director should check though it was rated as given, each at its cell: a blank
    End date (rated as of today), every default a sheet took where it changed a number (a blank
    Games, Birth date, Peak...), one ID under two names or one name under two IDs, one event on
    two sheets, a player with an ID and a blank rating rated as unrated; from a file
    (:func:`~xlrating.workbook.rate_workbook`), the formula cells read as blank. The command line
    prints these as its warnings."""
