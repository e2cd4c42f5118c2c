"""Grid -> :class:`Crosstable`: the header row, every player row and round cell.

Like python-chess's PGN reader, the parser collects problems and goes on, so the
director sees every one of them at once, each with its cell (``Crosstable!F7: 'W99'
names no player 99``). :func:`read_crosstable` returns the problems;
:func:`parse_crosstable` raises them as one :class:`~xlrating.errors.CrosstableError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import partial
from typing import Any

from .. import systems
from .._check import joined_problem
from ..errors import CrosstableError, Problem
from ..model import EventType, Game
from ..official.identity import unrated_note
from .codes import parse_code, same_colour
from .columns import (
    SHARED,
    USCF_SYSTEMS,
    fold,
    input_column,
    output_column,
    round_number,
    shared_output_column,
)
from .model import Code, Crosstable, EventSettings, Grid, OtherRating, PlayerRow, RoundCell
from .values import (
    BadValue,
    address,
    bounded,
    date_value,
    failed_formula,
    is_blank,
    quote_sheet,
    rating,
    show,
    text,
    whole,
    yes_no,
)

#: The largest game count accepted in a ``Games``-like column.
MAX_GAMES = 100_000
#: Explicit K factors accepted (the registry's :data:`~xlrating.systems.K_RANGE`).
K_RANGE = systems.K_RANGE

#: Columns a crosstable must have besides the rounds.
REQUIRED = ("No", "Name")

_HISTORY = {"allwins": "all wins", "wins": "all wins", "allwin": "all wins",
            "alllosses": "all losses", "losses": "all losses", "allloss": "all losses"}


def row_address(sheet: str, row: int) -> str:
    """A whole row's address for messages: ``Crosstable!3:3``."""
    return f"{quote_sheet(sheet)}!{row}:{row}"


_WHERE = re.compile(r".*!\$?(?P<letters>[A-Z]*)\$?(?P<row>\d+)(?::\d+)?")


def problem_order(problem: Problem) -> tuple[int, int]:
    """Sort key putting a sheet's problems in reading order: by row, then by column."""
    match = _WHERE.fullmatch(problem.where)
    if not match:
        return 0, 0
    column = 0
    for letter in match["letters"]:
        column = column * 26 + ord(letter) - ord("A") + 1
    return int(match["row"]), column


def find_header(grid: Grid) -> int | None:
    """The 0-based index of the first row that has a ``Name`` cell, or None."""
    for index, row in enumerate(grid):
        if any(input_column(cell) == "Name" for cell in row if isinstance(cell, str)):
            return index
    return None


@dataclass
class Layout:
    """Where a sheet's columns are (1-based), found from its header row."""

    header_row: int
    inputs: dict[str, int] = field(default_factory=dict)
    outputs: dict[str, int] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    """Round columns in round order (index 0 is round 1)."""
    headers: dict[str, int] = field(default_factory=dict)
    """Every input header and round (``R1``...) -> column."""
    rounds_complete: bool = True
    """False when the round columns have a gap, a second column for a round or a round 0 (then
    no row's Total can be checked)."""
    unread: dict[int, Any] = field(default_factory=dict)
    """Header cells of columns that look like rounds but are not read as one (``R4 (final)``)."""


def _header_kind(cell: Any) -> tuple[str, Any] | None:
    """What a header cell names: ``("round", n)``, ``("output", name)``, ``("input", name)``,
    ``("unread", cell)`` (round-like but not read as one), or None (blank, a shared K/Floor, unknown)."""
    if is_blank(cell):
        return None
    number = round_number(cell)
    if number is not None:
        return "round", number
    output = shared_output_column(cell)  # "K used", "Floor in force": always outputs
    if output is None:
        output = output_column(cell)
        output = None if output in SHARED else output
    canonical = input_column(cell)
    if output is not None:
        return "output", output
    if canonical is not None and canonical not in SHARED:
        return "input", canonical
    if canonical is None and output_column(cell) is None and _ROUND_LIKE.match(fold(cell)):
        return "unread", cell
    return None


def _header_columns(header: list[Any], layout: Layout) -> dict[str, dict[Any, list[int]]]:
    """Every column by kind (``input``, ``output``, ``round``) and name, in header order;
    round-like headers not read as rounds go to ``layout.unread``."""
    found: dict[str, dict[Any, list[int]]] = {"input": {}, "output": {}, "round": {}}
    for j, cell in enumerate(header, start=1):
        kind = _header_kind(cell)
        if kind is None:
            continue
        if kind[0] == "unread":
            layout.unread[j] = cell
        else:
            found[kind[0]].setdefault(kind[1], []).append(j)
    # K and Floor name an input (an explicit K or floor) and an output (the K used, the floor
    # in force): to the right of the first output-only column they are outputs, else inputs.
    first_output = min((c for cols in found["output"].values() for c in cols), default=None)
    for j, cell in enumerate(header, start=1):
        shared = output_column(cell)
        if shared in SHARED:
            target = "output" if first_output is not None and j > first_output else "input"
            found[target].setdefault(shared, []).append(j)
    return found


def _round_problems(
    sheet: str, layout: Layout, rounds: dict[int, list[int]], problems: list[Problem]
) -> list[int]:
    """The round numbers read (rounds from 1), with problems for a second column, a round 0 and a gap."""
    where = partial(address, sheet, layout.header_row)
    for number, cols in sorted(rounds.items()):
        for extra in cols[1:]:
            problems.append(Problem(where(extra), f"a second column for round {number} "
                                    f"(the first is {where(cols[0])})"))
    numbers = sorted(rounds)
    doubled = any(len(cols) > 1 for cols in rounds.values())
    if numbers and numbers[0] == 0:
        problems.append(Problem(where(rounds[0][0]), "rounds are numbered from 1 (R1, R2, ...), not 0"))
        numbers = numbers[1:]
    missing = [n for n in range(1, (numbers[-1] if numbers else 0) + 1) if n not in rounds]
    if missing:
        problems.append(Problem(row_address(sheet, layout.header_row), "no column for round "
                                + ", ".join(str(n) for n in missing)
                                + f" (the round columns go up to round {numbers[-1]})"))
    layout.rounds = [rounds[n][0] for n in numbers if not missing]
    # A second column for a round, or a round 0, holds games no round reads: Totals cannot be checked.
    layout.rounds_complete = not (missing or doubled or 0 in rounds)
    return numbers


def read_layout(sheet: str, grid: Grid, header_index: int, problems: list[Problem]) -> Layout:
    """Read the header row: the input, output and round columns, with problems for duplicates and gaps."""
    layout = Layout(header_row=header_index + 1)
    found = _header_columns(list(grid[header_index]), layout)
    where = partial(address, sheet, layout.header_row)
    for kind, label, placed in (("input", "", layout.inputs), ("output", "output ", layout.outputs)):
        for name, cols in found[kind].items():
            for extra in cols[1:]:
                problems.append(Problem(where(extra), f"a second {label}column headed {name!r} "
                                        f"(the first is {where(cols[0])}); remove or rename one"))
            placed[name] = cols[0]
    numbers = _round_problems(sheet, layout, found["round"], problems)
    for name in REQUIRED:
        if name not in layout.inputs:
            alias = " (or Pair, #)" if name == "No" else ""
            problems.append(Problem(row_address(sheet, layout.header_row),
                                    f"the header row has no {name!r} column{alias}"))
    if not numbers:
        problems.append(Problem(row_address(sheet, layout.header_row),
                                "the header row has no round columns (R1, R2, ... or Rd 1, Round 1)"))
    layout.headers = {**layout.inputs, **{f"R{i}": c for i, c in enumerate(layout.rounds, start=1)}}
    return layout


def _cell(row: Any, column: int) -> Any:
    return row[column - 1] if column - 1 < len(row) else None


def last_used_column(grid: Grid, first: int, last: int) -> int:
    """The 1-based last column with a value in rows ``first..last`` (0-based, inclusive)."""
    used = 0
    for row in grid[first:last + 1]:
        for j in range(len(row), used, -1):
            if not is_blank(row[j - 1]):
                used = j
                break
    return used




@dataclass
class _Reader:
    """Reads one player row's cells, turning bad values into problems at their cells."""

    sheet: str
    row_number: int
    row: Any
    layout: Layout
    columns: frozenset[str]
    problems: list[Problem]
    system: str = "USCF"
    refused: set[str] = field(default_factory=set)
    """The columns whose cell was refused (each with its problem)."""

    def refuse(self, name: str, message: str) -> None:
        """A problem at the row's ``name`` cell."""
        self.refused.add(name)
        self.problems.append(Problem(self.where(name), message))

    def where(self, name: str) -> str:
        return address(self.sheet, self.row_number, self.layout.inputs[name])

    def raw(self, name: str) -> Any:
        return _cell(self.row, self.layout.inputs[name]) if name in self.layout.inputs else None

    def read(self, name: str, reader: Callable[[Any], Any]) -> Any:
        """The column's value read by ``reader`` (None when absent, blank, unused or bad)."""
        if name not in self.layout.inputs or name not in self.columns:
            return None
        value = self.raw(name)
        try:
            return reader(value)
        except BadValue as error:
            self.refuse(name, f"{name}: {error.message}")
            return None

    def rating_with_games(self, name: str, games_name: str | None, low: float, high: float
                          ) -> tuple[float | None, int | None]:
        """A rating column (``1500``, ``1500P12``, ``unr``) and its games column, checked together."""
        pair = self.read(name, lambda v: rating(v, low=low, high=high))
        value, marked = pair if pair is not None else (None, None)
        games = self.read(games_name, lambda v: whole(v, "a number of games", high=MAX_GAMES)) \
            if games_name else None
        if not games_name:
            return value, marked
        unrated_games = name == "Rating" and systems.get(self.system).unrated_games
        found = games_problems(name, games_name, show(self.raw(name)), value, marked, games, unrated_games)
        self.problems.extend(Problem(self.where(games_name), message) for message in found)
        return value, None if value is None and games and not unrated_games else (
            games if games is not None else marked)


def games_problems(name: str, games_name: str, shown: str, value: float | None, marked: int | None,
                   games: int | None, unrated_games: bool) -> list[str]:
    """What is wrong with a rating (``value``, ``shown`` as typed; ``marked``: the games of a
    ``1500P12``) and its games column taken together, on a crosstable's row or a season's Players
    row: games that disagree with the rating's own, and games beside a blank rating where the
    system keeps none for an unrated player (``unrated_games``: FIDE's, toward a first rating)."""
    found = []
    if marked is not None and games is not None and games != marked:
        found.append(f"{games_name} {games} disagrees with {name} {shown} (P{marked} = {marked} games)")
    if value is None and games and not unrated_games:
        found.append(f"{games_name} {games} is given, but {name} is blank (unrated)")
    return found


def _history(value: Any) -> str | None:
    if is_blank(value):
        return None
    found = _HISTORY.get(fold(value))
    if found is None:
        raise BadValue(f"{show(value)} is not 'all wins' or 'all losses' (leave it blank otherwise)")
    return found


def _rated(value: Any, low: float, high: float) -> float | None:
    return rating(value, low=low, high=high)[0]


def _any_rating(value: Any, low: float, high: float) -> float | None:
    """A rating in another system's range (FIDE, CFC: 1 to 4000)."""
    return rating(value, low=1.0, high=4000.0)[0]


def _count(what: str) -> Callable[[Any, float, float], int | None]:
    def read(value: Any, low: float, high: float) -> int | None:
        return whole(value, what, high=MAX_GAMES)
    return read


#: A player row's columns read after its rounds, dates and Total, in the order their problems
#: are reported: the PlayerRow field, the column, and its reader (the value and the system's
#: rating range -> the field's value, raising BadValue).
_ROW_FIELDS: tuple[tuple[str, str, Callable[[Any, float, float], Any]], ...] = (
    ("history", "History", lambda value, low, high: _history(value)),
    ("fide", "FIDE", _any_rating),
    ("cfc", "CFC", _any_rating),
    ("adult", "Adult", lambda value, low, high: yes_no(value)),
    ("floor", "Floor", _rated),
    ("peak", "Peak", _rated),
    ("wins", "Wins", _count("a number of wins")),
    ("draws", "Draws", _count("a number of draws")),
    ("events", "Events", _count("a number of events")),
    ("k", "K", lambda value, low, high: bounded(value, "a K factor", *K_RANGE)),
    ("official_post", "Official post rating", _rated),
    ("official_post_quick", "Official post Quick rating", _rated),
)


def _in_range(parse: Callable[[Any, float, float], Any], low: float, high: float) -> Callable[[Any], Any]:
    """``parse`` with the system's rating range given."""
    return lambda value: parse(value, low, high)


def _row_name(reader: _Reader) -> str | None:
    """The player's name, with a problem when it is missing or an Excel error."""
    name = text(reader.raw("Name"))
    if name is None and "Name" in reader.layout.inputs:
        reader.problems.append(Problem(reader.where("Name"), "this player row has no name"))
    _excel_error(reader, "name", "Name", name)
    return name


def _row_id(reader: _Reader) -> str | None:
    """The player's ID as text; None, with a problem, when it is an Excel error (a failed lookup
    would otherwise make a player '#N/A')."""
    member_id = text(reader.raw("ID")) if "ID" in reader.layout.inputs else None
    return None if _excel_error(reader, "ID", "ID", member_id) else member_id


def _excel_error(reader: _Reader, what: str, column: str, value: str | None) -> bool:
    """Whether ``value`` is an Excel error (``#N/A``); if so, a problem at its cell."""
    message = failed_formula(what, value)
    if message is not None:
        reader.problems.append(Problem(reader.where(column), message))
    return message is not None


def _other_ratings(reader: _Reader) -> list[OtherRating]:
    """The ratings of the other US Chess rating systems the row gives (Quick, Blitz...)."""
    others: list[OtherRating] = []
    for system in USCF_SYSTEMS:
        if system not in reader.layout.inputs and f"{system} games" not in reader.layout.inputs:
            continue
        other, other_games = reader.rating_with_games(system, f"{system} games", *systems.USCF.rating_range)
        if other is not None:
            others.append(OtherRating(system, other, other_games))
    return others


def _round_cells(reader: _Reader, unreadable: set[tuple[int, int]]) -> list[RoundCell]:
    """The row's round cells; a cell that is not a result code is a problem, read as a zero bye."""
    rounds: list[RoundCell] = []
    width = len(reader.row)
    for index, column in enumerate(reader.layout.rounds, start=1):
        value = reader.row[column - 1] if column <= width else None
        try:
            code, opponent, colour = parse_code(value)
        except BadValue as error:
            reader.problems.append(Problem(address(reader.sheet, reader.row_number, column), error.message))
            unreadable.add((reader.row_number, column))
            code, opponent, colour = Code.ZERO_BYE, None, None
        rounds.append(RoundCell(index, code, opponent, colour, text(value) or "", column))
    return rounds


def _date_by(reader: _Reader, name: str, end: date | None) -> date | None:
    """A date column, with a problem when it is after the event's end."""
    found: date | None = reader.read(name, lambda v: date_value(v, "a date"))
    if found is not None and end is not None and found > end:
        reader.refuse(name, f"{name} {found.isoformat()} is after the event ({end.isoformat()})")
    return found


def _own_rating(reader: _Reader, settings: EventSettings) -> tuple[float | None, int | None]:
    """The row's ``Rating`` and ``Games``; a rating with a fraction is a problem where the system
    publishes whole numbers (:attr:`~xlrating.systems.System.whole_ratings`: ``1.850`` for 1850)."""
    pre, games = reader.rating_with_games("Rating", "Games", *systems.get(settings.system).rating_range)
    message = systems.get(settings.system).fraction_problem(pre, show(reader.raw("Rating")))
    if message is not None:
        reader.problems.append(Problem(reader.where("Rating"), f"Rating: {message}"))
    return pre, games


#: What a player's own ``Rating`` under the lowest published should be instead.
UNPUBLISHED_ADVICE = "leave Rating blank for a new player (unrated)"


def unpublished_fide(fide: float | None) -> str | None:
    """What is wrong with a ``FIDE rating`` cell's rating (None: nothing): one under FIDE's lowest
    published, which US Chess would convert to an initial rating (US Chess 2020, 2.7; FIDE 600 is
    -133 by the 2024 conversion). Checked where the row is to be rated, as the ``Rating`` is."""
    problem = systems.FIDE.unpublished_problem(fide)
    return None if problem is None else f"FIDE rating {problem}; leave it blank if the player has none"


def _birth_and_joined(reader: _Reader, end: date | None) -> tuple[date | None, date | None]:
    """The row's ``Birth date`` and ``Joined``, each by the event's end, and joined no earlier than
    born (a slip of the year, 1920 for 2020, would change an ICU member's K)."""
    birth = _date_by(reader, "Birth date", end)
    joined = _date_by(reader, "Joined", end)
    message = joined_problem(birth, joined)
    if message is not None:
        reader.problems.append(Problem(reader.where("Joined"), message))
    return birth, joined


#: The columns of a row that are not its values for the rules (a refused one does not make the
#: rules' checks of the row ask again for a value).
_NOT_RULES_VALUES = frozenset({"No", "Name", "ID", "Total"})


def read_player(sheet: str, row_number: int, row: Any, layout: Layout, settings: EventSettings,
                problems: list[Problem], unreadable: set[tuple[int, int]] | None = None,
                refused: dict[int, frozenset[str]] | None = None) -> PlayerRow | None:
    """One player row (1-based ``row_number``); None when its pairing number is missing or bad.

    The ``(row, column)`` of round cells that are not result codes are added to ``unreadable``
    (their opponents' cells and the row's Total cannot be checked against them); the columns
    whose cell the rules read was refused to ``refused``, by row (:attr:`Crosstable.refused`).
    """
    unreadable = unreadable if unreadable is not None else set()
    wanted = systems.get(settings.system).columns | set(REQUIRED) | {"ID"}
    reader = _Reader(sheet, row_number, row, layout, wanted, problems, settings.system)
    number = reader.read("No", lambda v: whole(v, "a pairing number (a whole number from 1)", low=1))
    if number is None and "No" in layout.inputs and is_blank(reader.raw("No")):
        problems.append(Problem(reader.where("No"), "this player row has no pairing number (No)"))
    name = _row_name(reader)
    member_id = _row_id(reader)
    low, high = systems.get(settings.system).rating_range
    pre, games = _own_rating(reader, settings)
    others = _other_ratings(reader)
    rounds = _round_cells(reader, unreadable)
    birth, joined = _birth_and_joined(reader, settings.end_date)
    total = reader.read("Total", lambda v: bounded(v, "a total score", 0.0, float(MAX_GAMES)))
    score = sum(cell.points for cell in rounds)
    readable = not unreadable or not any((row_number, c.column) in unreadable for c in rounds)
    if total is not None and total != score and readable and layout.rounds_complete:
        problems.append(Problem(reader.where("Total"),
                                f"Total {show(reader.raw('Total'))} disagrees with the results, "
                                f"which give {score:g}"))
    if number is None:
        return None
    fields = {attribute: reader.read(column, _in_range(parse, low, high))
              for attribute, column, parse in _ROW_FIELDS}
    if refused is not None and reader.refused - _NOT_RULES_VALUES:
        refused[row_number] = frozenset(reader.refused - _NOT_RULES_VALUES)
    return PlayerRow(
        number=number, name=name or "", member_id=member_id, row=row_number,
        rating=pre, games=games, other_ratings=tuple(others), birth_date=birth, joined=joined,
        total=total, rounds=tuple(rounds), score=score, **fields,
    )


#: A header that starts like a round's (``R4 (final)``, ``Round 5 - late``) but is not one.
_ROUND_LIKE = re.compile(r"(?:r|rd|rnd|round)[0-9]+")


def unread_results(sheet: str, rows: list[list[Any]], layout: Layout, player_rows: list[int]
                   ) -> list[Problem]:
    """Columns whose cells hold game results but are not read as a round: a blank header, a
    header that starts like a round's but says more (``R4 (final)``), or any other header
    (``3``, ``Game 3``) over a column whose every filled player cell is a result code. Rating
    without them would silently drop those games, so each is a problem at its header cell.
    """
    known = set(layout.inputs.values()) | set(layout.outputs.values()) | set(layout.rounds)
    header = rows[layout.header_row - 1]
    width = max((len(rows[i]) for i in player_rows), default=0)
    problems: list[Problem] = []
    for column in range(1, width + 1):
        title = _cell(header, column)
        if column in known or round_number(title) is not None:
            continue  # a round's header: read as that round, or its own problem says why not
        if not (is_blank(title) or column in layout.unread
                or _all_codes(_cell(rows[i], column) for i in player_rows)):
            continue
        example = next(((i, v) for i in player_rows if _names_a_game(v := _cell(rows[i], column))), None)
        if example is None:
            continue
        found = f"{show(example[1])} in {address(sheet, example[0] + 1, column)}"
        if is_blank(title):
            message = (f"this column has no header but holds results ({found}); head it as the round it "
                       "is (R1, R2, ...) or clear it")
        elif column not in layout.unread:
            message = (f"{show(title)} is not read as a round, but the column holds results ({found}); "
                       "head it as the round it is (R1, R2, ... or Rd 1, Round 1), or clear it")
        else:
            message = (f"{show(title)} is not read as a round, but the column holds results ({found}); "
                       "head round columns R1, R2, ... (or Rd 1, Round 1) with nothing after the number")
        problems.append(Problem(address(sheet, layout.header_row, column), message))
    return problems


def _all_codes(values: Iterable[Any]) -> bool:
    """Whether every value that is not blank reads as a result code."""
    for value in values:
        if is_blank(value):
            continue
        try:
            parse_code(value)
        except BadValue:
            return False
    return True


def _ratings_elsewhere(sheet: str, rows: list[list[Any]], layout: Layout, settings: EventSettings
                       ) -> list[Problem]:
    """A sheet of a system whose ``Rating`` column holds FIDE ratings (:attr:`~xlrating.systems.System.
    fide_ids`) with no ``Rating`` column but a ``FIDE`` one (``FIDE rating``): its ratings are the
    players' own, which the system reads from ``Rating`` only; unread, every player would be rated
    as unrated."""
    entry = systems.get(settings.system)
    column = layout.inputs.get("FIDE")
    if not entry.fide_ids or column is None or "Rating" in layout.inputs:
        return []
    title = show(_cell(rows[layout.header_row - 1], column))
    return [Problem(address(sheet, layout.header_row, column),
                    f"{title} is not read under {entry.short_name}: the players' ratings are read from the "
                    "Rating column, and this sheet has none; head this column Rating")]


def _no_round_robin(sheet: str, layout: Layout, settings: EventSettings, players: int) -> list[Problem]:
    """An event typed ``Round robin`` whose sheet has fewer round columns than a round robin of its
    players needs (each meets every other: players - 1 rounds): a Swiss left with the FIDE
    template's Event type, which the FIDE Handbook would rate by its round-robin procedure
    (10.21b, 10.54: every unrated player's Rc the tournament average)."""
    rounds = len(layout.rounds)
    if settings.event_type is not EventType.ROUND_ROBIN or not rounds or rounds >= players - 1:
        return []
    return [Problem(settings.cell("Event type"),
                    f"Event type Round robin, but sheet {quote_sheet(sheet)} has {rounds} round "
                    f"column{'s' if rounds != 1 else ''} for {players} players, and a round robin has at "
                    f"least {players - 1} (each player meets every other): set Event type to Swiss")]


def _names_a_game(value: Any) -> bool:
    """Whether ``value`` is text that reads as a played game (``W12``, ``L3b``, ``=7``)."""
    if not isinstance(value, str) or is_blank(value):
        return False
    try:
        code, opponent, _ = parse_code(value)
    except BadValue:
        return False
    return code.rated and opponent is not None


def _is_player_row(row: Any, layout: Layout) -> bool:
    columns = [layout.inputs[name] for name in ("No", "Name") if name in layout.inputs] + layout.rounds
    columns += [c for name, c in layout.inputs.items() if name not in ("No", "Name")]
    return any(not is_blank(_cell(row, c)) for c in columns)


def check_games(sheet: str, players: list[PlayerRow], problems: list[Problem],
                unreadable: set[tuple[int, int]] | None = None,
                notes: dict[int, list[str]] | None = None) -> list[Game]:
    """Check every round cell against its opponent's and return each played game once.

    A game is taken from the side of the player whose row comes first. A disagreement is
    reported once, at the first row's cell, naming the other cell. A double forfeit (``F2``
    in No. 1's row, ``F1`` or ``F`` in No. 2's: both lost by forfeit) is two unplayed games,
    0 points each and not rated; a note for each player goes into ``notes`` (pairing
    number -> notes). A forfeit that agrees with its opponent's cell but names a player whom
    another forfeit names in the same round (``X3`` in two rows, No. 3's cell ``F``) is a
    problem at the later cell: a player has one opponent a round. Cell addresses are
    formatted only for the problems found.
    """
    by_number: dict[int, PlayerRow] = {}
    for player in players:
        by_number.setdefault(player.number, player)
    forfeits: dict[tuple[int, int], tuple[PlayerRow, RoundCell]] = {}
    games: list[Game] = []
    for player in players:
        for cell in player.rounds:
            if cell.opponent is None:
                continue
            opponent = _opponent(sheet, player, cell, cell.opponent, by_number, problems)
            if opponent is None:
                continue
            other = opponent.rounds[cell.round - 1]
            if unreadable and (opponent.row, other.column) in unreadable:
                continue  # reported as not a result code
            if cell.code.rated:
                agreed = _rated_game(player, cell, opponent, other, games)
            else:
                agreed = _forfeit(player, cell, opponent, other, notes)
                first = forfeits.setdefault((cell.round, opponent.number), (player, cell)) if agreed else None
                if first is not None and first[1] is not cell:
                    problems.append(_named_twice(sheet, player, cell, *first))
            if not agreed:
                problems.append(_disagreement(sheet, player, cell, opponent, other))
            elif same_colour(cell.colour, other.colour) and player.row < opponent.row:
                problems.append(_same_colour(sheet, player, cell, opponent, other))
    return games


def _same_colour(sheet: str, player: PlayerRow, cell: RoundCell, opponent: PlayerRow, other: RoundCell
                 ) -> Problem:
    """The problem of two cells of one game giving both players the same colour, at the first one,
    naming the other (no rating reads colours, but the report and the TRF and DBF files show them)."""
    colour = same_colour(cell.colour, other.colour)
    return Problem(address(sheet, player.row, cell.column),
                   f"{cell.text!r} (round {cell.round}) and No. {opponent.number}'s cell "
                   f"{address(sheet, opponent.row, other.column)} {other.text!r} both give {colour}: one "
                   "player of a game has White, the other Black (mend one, or leave the colours out)")


def _named_twice(sheet: str, player: PlayerRow, cell: RoundCell, first: PlayerRow, first_cell: RoundCell
                 ) -> Problem:
    """The problem of a forfeit naming an opponent whom an earlier forfeit names in the same round."""
    there = address(sheet, first.row, first_cell.column)
    return Problem(address(sheet, player.row, cell.column),
                   f"{cell.text!r} (round {cell.round}): No. {cell.opponent} is already the opponent of "
                   f"No. {first.number} in round {cell.round} ({there} says {first_cell.text!r}); "
                   "a player has one opponent a round")


#: The result each result code's opponent must have in the mirror cell.
_MIRROR = {Code.WIN: Code.LOSS, Code.LOSS: Code.WIN, Code.DRAW: Code.DRAW,
           Code.FORFEIT_WIN: Code.FORFEIT_LOSS, Code.FORFEIT_LOSS: Code.FORFEIT_WIN}


def _opponent(sheet: str, player: PlayerRow, cell: RoundCell, opponent_number: int,
              by_number: dict[int, PlayerRow], problems: list[Problem]) -> PlayerRow | None:
    """The row ``cell`` names (``opponent_number``), or ``None`` (a problem if it names the player
    or no one)."""
    number = player.number
    if opponent_number == number:
        problems.append(Problem(address(sheet, player.row, cell.column),
                                f"{cell.text!r} names the player's own number {number}"))
        return None
    opponent = by_number.get(opponent_number)
    if opponent is None:
        problems.append(Problem(address(sheet, player.row, cell.column),
                                f"{cell.text!r} names no player {opponent_number}"))
        return None
    if by_number[number] is not player:
        return None  # a duplicate No (reported already): which row is meant cannot be told
    return opponent


def _rated_game(player: PlayerRow, cell: RoundCell, opponent: PlayerRow, other: RoundCell,
                games: list[Game]) -> bool:
    """Whether a played game's two cells agree; the game goes into ``games`` from the first row's side.
    Two cells naming each other but disagreeing are reported once, from the first row."""
    number = player.number
    if other.code is _MIRROR[cell.code] and other.opponent == number:
        if player.row < opponent.row:
            games.append(Game(cell.round, number, opponent.number, cell.points))
        return True
    return other.opponent == number and opponent.row < player.row


def _forfeit(player: PlayerRow, cell: RoundCell, opponent: PlayerRow, other: RoundCell,
             notes: dict[int, list[str]] | None) -> bool:
    """Whether a forfeit naming its opponent agrees with the opponent's cell: the mirror forfeit
    (with or without the number), the same forfeit loss (a double forfeit, noted) or an empty or
    unpaired cell, but no other game."""
    number = player.number
    if other.code is Code.FORFEIT_LOSS is cell.code and other.opponent in (None, number):
        if notes is not None and (other.opponent is None or player.row < opponent.row):
            _double_forfeit(notes, cell.round, number, opponent.number)
        return True
    return ((other.code is _MIRROR[cell.code] and other.opponent in (None, number))
            or other.code is Code.ZERO_BYE or (other.opponent == number and opponent.row < player.row))


def _disagreement(sheet: str, player: PlayerRow, cell: RoundCell, opponent: PlayerRow, other: RoundCell
                  ) -> Problem:
    """The problem of two round cells that disagree, at the first one, naming the other."""
    there = address(sheet, opponent.row, other.column)
    said = f"{there} says {other.text!r}" if other.text else f"{there} is blank"
    expected = f"{_MIRROR[cell.code].value}{player.number}"
    return Problem(address(sheet, player.row, cell.column),
                   f"{cell.text!r} (round {cell.round}) disagrees with No. "
                   f"{cell.opponent}'s cell: {said}, expected {expected!r}")


def _double_forfeit(notes: dict[int, list[str]], round_: int, first: int, second: int) -> None:
    """Note a double forfeit on both players' rows."""
    for player, opponent in ((first, second), (second, first)):
        notes.setdefault(player, []).append(
            f"round {round_}: double forfeit with No. {opponent} (both lost by forfeit: 0 points, not rated)")


def read_crosstable(grid: Grid, settings: EventSettings, *, sheet: str = "Crosstable"
                    ) -> tuple[Crosstable | None, list[Problem]]:
    """The crosstable and every problem found (the collecting form of :func:`parse_crosstable`)."""
    problems: list[Problem] = []
    rows = [list(row) if row is not None else [] for row in grid or ()]
    header_index = find_header(rows)
    if header_index is None:
        return None, [Problem(quote_sheet(sheet), "no header row: no cell in this sheet says 'Name'")]
    layout = read_layout(sheet, rows, header_index, problems)
    players: list[PlayerRow] = []
    last_index = header_index
    seen: dict[int, PlayerRow] = {}
    unreadable: set[tuple[int, int]] = set()
    refused: dict[int, frozenset[str]] = {}
    player_rows: list[int] = []
    for index in range(header_index + 1, len(rows)):
        row = rows[index]
        if not _is_player_row(row, layout):
            continue
        last_index = index
        player_rows.append(index)
        player = read_player(sheet, index + 1, row, layout, settings, problems, unreadable, refused)
        if player is None:
            continue
        if player.number in seen:
            first = seen[player.number]
            problems.append(Problem(address(sheet, player.row, layout.inputs["No"]),
                                    f"No. {player.number} is used twice (also in row {first.row})"))
        else:
            seen[player.number] = player
        players.append(player)
    if last_index == header_index:
        problems.append(Problem(row_address(sheet, layout.header_row), "the crosstable has no player rows"))
    problems.extend(unread_results(sheet, rows, layout, player_rows))
    problems.extend(_ratings_elsewhere(sheet, rows, layout, settings))
    problems.extend(_no_round_robin(sheet, layout, settings, len(players)))
    notes: dict[int, list[str]] = {}
    games = check_games(sheet, players, problems, unreadable, notes) if layout.rounds else []
    rating_column = layout.inputs.get("Rating")
    for player in players:
        if _blank_rating(player, rows, rating_column):
            notes.setdefault(player.number, []).append(unrated_note(player.member_id or ""))
    problems.sort(key=problem_order)
    crosstable = Crosstable(
        sheet=sheet,
        header_row=layout.header_row,
        columns=dict(layout.headers),
        players=tuple(players),
        games=tuple(games),
        rounds=len(layout.rounds),
        settings=settings,
        last_row=last_index + 1,
        last_column=last_used_column(rows, header_index, last_index),
        output_columns=dict(layout.outputs),
        notes={number: tuple(found) for number, found in notes.items()},
        refused=refused,
    )
    return crosstable, problems


def _blank_rating(player: PlayerRow, rows: Grid, column: int | None) -> bool:
    """Whether the player has an ID and a blank Rating cell (``unr`` typed says he is unrated)."""
    if player.member_id is None or player.rating is not None:
        return False
    line = rows[player.row - 1] if player.row <= len(rows) else ()
    return column is None or column > len(line) or is_blank(line[column - 1])


def blank_ratings(crosstable: Crosstable, rows: Grid) -> list[tuple[PlayerRow, str]]:
    """Each player with an ID and a blank Rating, rated as unrated, and his Rating cell (its row's
    notes say so: a forgotten rating must not pass for an unrated player without a word)."""
    column = crosstable.columns.get("Rating")
    return [(player, address(crosstable.sheet, player.row, column) if column
             else row_address(crosstable.sheet, player.row))
            for player in crosstable.players if _blank_rating(player, rows, column)]


def parse_crosstable(grid: Grid, settings: EventSettings, *, sheet: str = "Crosstable") -> Crosstable:
    """Parse and validate a crosstable sheet.

    Raises :class:`~xlrating.errors.CrosstableError` listing every problem, each with its
    cell: unknown result codes, opponents missing or the player's own, the two cells of a
    game disagreeing, duplicate pairing numbers, bad ratings and counts, a wrong Total,
    missing required columns.
    """
    crosstable, problems = read_crosstable(grid, settings, sheet=sheet)
    if problems or crosstable is None:
        raise CrosstableError(problems, title=f"The {sheet} sheet has errors; nothing was rated.")
    return crosstable
