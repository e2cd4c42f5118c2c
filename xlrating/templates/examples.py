"""The small fictional example events the templates carry and ``xlrating demo`` rates.

Every name, member id and result here is invented. Results are kept as pairings (who
played whom, with which colour, and how it ended), and each player's round cells are
derived from them, so every game is entered twice and the two entries always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from .. import systems
from ..crosstable.settings import USCF_REPORT_HELP
from ..workbook.new import NewSheet

#: A game: (white, black, result) with result "1-0", "0-1", "1/2" for played games and
#: "+-" / "-+" for a forfeit won by white / black. A bye: (player, code) with code
#: "B" (full point), "H" (half point) or "U" (not paired / withdrawn).
Pairing = tuple[int, int, str] | tuple[int, str]


@dataclass(frozen=True)
class ExampleEvent:
    """A fictional event: its settings, its players and its rounds."""

    key: str
    """``uscf``, ``fide`` or ``icu``."""
    title: str
    """What the event is, for the How to use sheet."""
    settings: tuple[tuple[str, object], ...]
    """The Event sheet's rows (name, value)."""
    columns: tuple[str, ...]
    """Player columns after ``No`` (``Name``, ``ID``, ``Rating``...)."""
    players: tuple[tuple[object, ...], ...]
    """One tuple per player in pairing-number order, values for :attr:`columns`."""
    rounds: tuple[tuple[Pairing, ...], ...]
    """The pairings of each round."""
    colours: bool = False
    """Whether round cells carry the colour (``W5w``)."""
    live_effective_games: bool = False
    """Whether the template has the live ``Live effective games`` column (US Chess's effective
    games, US Chess 2020, 1)."""

    def cells(self) -> list[list[str]]:
        """Each player's round cells, ``cells()[player - 1][round - 1]``."""
        table = [["" for _ in self.rounds] for _ in self.players]
        for index, pairings in enumerate(self.rounds):
            for pairing in pairings:
                if len(pairing) == 2:
                    player, code = pairing
                    table[player - 1][index] = str(code)
                    continue
                white, black, result = pairing
                white_code, black_code = _CODES[result]
                table[white - 1][index] = f"{white_code}{black}" + ("w" if self.colours else "")
                table[black - 1][index] = f"{black_code}{white}" + ("b" if self.colours else "")
        return table

    def scores(self) -> list[float]:
        """Each player's total, byes and forfeits included."""
        points = {"W": 1.0, "D": 0.5, "L": 0.0, "X": 1.0, "F": 0.0, "B": 1.0, "H": 0.5, "U": 0.0, "": 0.0}
        return [sum(points[cell[:1]] for cell in row) for row in self.cells()]

    def header(self) -> list[str]:
        return ["No", *self.columns, *(f"R{n}" for n in range(1, len(self.rounds) + 1)), "Total"]

    def sheet(self, *, blank: bool = False) -> NewSheet:
        """The crosstable sheet; ``blank`` keeps the layout with no players."""
        if blank:
            return NewSheet("Crosstable", self.header(), [])
        rows: list[Sequence[object]] = []
        for number, (player, cells, score) in enumerate(
                zip(self.players, self.cells(), self.scores(), strict=True), start=1):
            rows.append([number, *player, *cells, score])
        return NewSheet("Crosstable", self.header(), rows)

    def event_settings(self, *, blank: bool = False) -> list[tuple[str, object]]:
        if not blank:
            return list(self.settings)
        return [(name, None if name in ("Event name", "Start date", "End date", *TRF_ROWS) else value)
                for name, value in self.settings]


#: The Event sheet's rows a FIDE Tournament Report File needs (TRF-2026 lines 132, 022, 032,
#: 102, 112, 122; the rating ignores them), in every template.
TRF_ROWS = ("Round dates", "City", "Host federation", "Chief arbiter", "Deputy arbiters", "Time control")


def _trf_rows(*values: object) -> tuple[tuple[str, object], ...]:
    return tuple(zip(TRF_ROWS, values, strict=True))


_CODES = {"1-0": ("W", "L"), "0-1": ("L", "W"), "1/2": ("D", "D"), "+-": ("X", "F"), "-+": ("F", "X")}

USCF_SWISS = ExampleEvent(
    key=systems.USCF.slug,
    live_effective_games=True,
    title="Riverside Spring Swiss: a fictional 4-round US Chess Swiss (Regular rating), 8 players",
    settings=(
        ("System", "USCF"), ("Rating system", "Regular"), ("Dual rated", "no"), ("Rules", "USCF 2020"),
        ("Bonus multiplier", None), ("Event type", "Swiss"),
        ("Event name", "Riverside Spring Swiss"), ("Start date", date(2025, 4, 12)),
        ("End date", date(2025, 4, 13)),
        *_trf_rows("2025/04/12 2025/04/12 2025/04/13 2025/04/13", "Riverside", "USA", "Alex Morrow", None,
                   "G/90;+30"),
        # What US Chess's rating report needs besides (export --to uscf): the director's own values.
        *((name, None) for name in USCF_REPORT_HELP if name not in TRF_ROWS),
    ),
    columns=("Name", "ID", "Rating", "Games"),
    players=(
        ("Dana Whitfield", "30918274", 1864, None),
        ("Marcus Oyelaran", "31277450", 1731, None),
        ("Priya Raman", "30655102", 1652, None),
        ("Tomasz Wojcik", "31840023", 1577, 14),
        ("Elena Castillo", "30199867", 1489, None),
        ("Jordan Blake", "32015546", 1402, 8),
        ("Sam Okafor", "32290871", "unr", None),
        ("Lily Chen", "31766320", 1213, None),
    ),
    rounds=(
        ((1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1/2"), (8, 4, "0-1")),
        ((2, 1, "1/2"), (4, 3, "0-1"), (7, 6, "1-0"), (5, 8, "+-")),
        ((1, 3, "1-0"), (7, 2, "0-1"), (5, 4, "1/2"), (6, "B"), (8, "U")),
        ((1, 7, "1-0"), (3, 2, "0-1"), (4, 6, "1-0"), (5, "H"), (8, "U")),
    ),
    colours=True,
)

# A 7-player round robin on the Berger table for 8 (player 8 is the free round).
_BERGER_8 = (
    ((1, 8), (2, 7), (3, 6), (4, 5)),
    ((8, 5), (6, 4), (7, 3), (1, 2)),
    ((2, 8), (3, 1), (4, 7), (5, 6)),
    ((8, 6), (7, 5), (1, 4), (2, 3)),
    ((3, 8), (4, 2), (5, 1), (6, 7)),
    ((8, 7), (1, 6), (2, 5), (3, 4)),
    ((4, 8), (5, 3), (6, 2), (7, 1)),
)
_FIDE_RESULTS = (
    (None, "1-0", "1/2", "0-1"),
    (None, "1/2", "1-0", "1/2"),
    (None, "1/2", "1-0", "1/2"),
    (None, "1/2", "1-0", "1/2"),
    (None, "1/2", "0-1", "+-"),
    (None, "1-0", "1/2", "1/2"),
    (None, "1-0", "0-1", "0-1"),
)


def _round_robin(berger: tuple[tuple[tuple[int, int], ...], ...],
                 results: tuple[tuple[str | None, ...], ...], dummy: int) -> tuple[tuple[Pairing, ...], ...]:
    rounds: list[tuple[Pairing, ...]] = []
    for games, outcomes in zip(berger, results, strict=True):
        pairings: list[Pairing] = []
        for (white, black), outcome in zip(games, outcomes, strict=True):
            if dummy in (white, black):
                pairings.append((black if white == dummy else white, "U"))
            else:
                assert outcome is not None
                pairings.append((white, black, outcome))
        rounds.append(tuple(pairings))
    return tuple(rounds)


FIDE_ROUND_ROBIN = ExampleEvent(
    key=systems.FIDE.slug,
    title="Harbour Masters Invitational: a fictional 7-player FIDE round robin (one free round each; "
          "K from games and birth dates)",
    settings=(
        ("System", "FIDE"), ("Rules", "FIDE 2024"), ("Event type", "Round robin"),
        ("Event name", "Harbour Masters Invitational"), ("Start date", date(2025, 3, 1)),
        ("End date", date(2025, 3, 7)),
        *_trf_rows(" ".join(f"2025/03/0{day}" for day in range(1, 8)), "Harbourtown", "IRL", "Morgan Hale",
                   "Sam Ridley", "90 min + 30 s"),
    ),
    columns=("Name", "ID", "Rating", "Games", "Birth date"),
    players=(
        ("Ana Kovacevic", "14802311", 2261, None, date(1994, 2, 3)),
        ("Henrik Solberg", "15617432", 2188, None, date(1988, 7, 21)),
        ("Matteo Ferri", "23891045", 2105, None, date(1999, 11, 2)),
        ("Niamh Gallagher", "25013374", 1987, None, date(2009, 5, 17)),
        ("Jonas Becker", "24640510", 2043, None, date(1979, 1, 30)),
        ("Yuki Tanaka", "34170025", 1912, 22, date(2001, 8, 8)),
        ("Oskar Lindqvist", "", None, None, date(1997, 4, 12)),
    ),
    rounds=_round_robin(_BERGER_8, _FIDE_RESULTS, dummy=8),
    colours=True,
)

ICU_SWISS = ExampleEvent(
    key=systems.ICU.slug,
    title="Lough Corrib Weekender: a fictional 5-round ICU Swiss, 8 players (K from birth and joining dates)",
    settings=(
        ("System", "ICU"), ("Rules", "ICU"), ("Event type", "Swiss"),
        ("Event name", "Lough Corrib Weekender"), ("Start date", date(2025, 2, 14)),
        ("End date", date(2025, 2, 16)),
        *_trf_rows("2025/02/14 2025/02/15 2025/02/15 2025/02/16 2025/02/16", "Oughterard", "IRL", "Pat Keane",
                   None, "90 min + 30 s"),
    ),
    columns=("Name", "ID", "Rating", "Games", "Birth date", "Joined"),
    players=(
        ("Ciaran Byrne", "4412", 2012, None, date(1971, 3, 14), date(1990, 9, 1)),
        ("Aoife Brennan", "8120", 1876, None, date(2008, 6, 2), date(2018, 1, 10)),
        ("Declan Moran", "2275", 1790, None, date(1985, 12, 5), date(2001, 4, 1)),
        ("Sorcha Nolan", "9034", 1645, 12, date(1996, 2, 29), date(2023, 9, 1)),
        ("Pieter de Vries", "", 1820, None, None, None),
        ("Eoin Walsh", "6651", 1533, None, date(1990, 10, 10), date(2020, 2, 1)),
        ("Grainne Kelly", "9310", "unr", None, date(2000, 7, 7), date(2024, 11, 20)),
        ("Fionn Doyle", "7718", 1402, None, date(2011, 1, 19), date(2022, 5, 5)),
    ),
    rounds=(
        ((1, 6, "1-0"), (7, 2, "0-1"), (3, 8, "1-0"), (4, 5, "1/2")),
        ((2, 1, "1/2"), (5, 3, "1-0"), (8, 4, "0-1"), (6, 7, "1/2")),
        ((5, 2, "0-1"), (1, 4, "1-0"), (3, 6, "1/2"), (7, 8, "-+")),
        ((1, 5, "1/2"), (4, 2, "1/2"), (8, 6, "0-1"), (3, "H"), (7, "H")),
        ((2, 3, "1-0"), (6, 4, "0-1"), (5, 7, "1-0"), (8, 1, "0-1")),
    ),
    colours=True,
)

#: The example events by system key.
EXAMPLES: dict[str, ExampleEvent] = {e.key: e for e in (USCF_SWISS, FIDE_ROUND_ROBIN, ICU_SWISS)}
