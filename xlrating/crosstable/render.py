"""Rated event -> the writes: one :class:`Block` per existing output column, one for the new ones.

The output columns, in order: ``Score``, ``Rated games``, ``Initial rating``,
``Initial games``, ``Effective games``, ``Step 3``, ``Step 4``, ``Post rating``,
``Post games``, ``Change``, ``K``, ``Bonus``, ``Method``, ``Floor``, ``Notes``; then
``Official difference`` when the sheet has an ``Official post rating`` column; then, for
a dual-rated event, the Quick rating's own columns (``Quick initial rating`` ...
``Quick notes``, and ``Quick official difference``). Every column is always written,
empty where the system does not use it, so the layout is the same for every event.

An output goes into the column already headed with its name (anywhere on the header
row); the others are added, in order, after the last used column of the header row and
player rows. Only numbers, ``None`` and our own texts are written; a note never starts
with a character Excel would read as a formula.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..errors import CrosstableError, Problem
from ..model import PlayerOutcome
from .columns import (
    OFFICIAL_DIFFERENCE,
    OUTPUTS,
    QUICK_OFFICIAL_DIFFERENCE,
    SECOND_SYSTEM_OUTPUTS,
    SHARED_OUTPUT_NAMES,
    second_system,
)
from .model import AddedColumns, Block, Crosstable, Grid, PlayerRow, RatedEvent
from .parse import last_used_column
from .values import address, column_letter, finite, is_blank

#: The last column of an Excel sheet (XFD): outputs must fit left of it.
MAX_COLUMNS = 16384

RATING = "0"
COUNT = "0"
SIGNED = "+0;-0;0"

#: Excel number format of each output column (None: leave the cell's format as it is).
NUMBER_FORMATS: dict[str, str | None] = {
    "Score": "General", "Rated games": COUNT, "Initial rating": RATING, "Initial games": COUNT,
    "Effective games": "0.0", "Step 3": RATING, "Step 4": RATING, "Post rating": RATING,
    "Post games": COUNT, "Change": SIGNED, "K": "0.00", "Bonus": RATING, "Method": None,
    "Floor": RATING, "Notes": None, OFFICIAL_DIFFERENCE: SIGNED,
}

#: Characters that make Excel read typed text as a formula.
FORMULA_STARTS = ("=", "+", "-", "@")

Value = Callable[[PlayerRow, PlayerOutcome], Any]

_VALUES: dict[str, Value] = {
    "Score": lambda row, o: row.score,
    "Rated games": lambda row, o: o.rated_games,
    "Initial rating": lambda row, o: o.initial_rating,
    "Initial games": lambda row, o: o.initial_games,
    "Effective games": lambda row, o: o.effective_games,
    "Step 3": lambda row, o: o.step3,
    "Step 4": lambda row, o: o.step4,
    "Post rating": lambda row, o: o.post_rating,
    "Post games": lambda row, o: o.post_games,
    "Change": lambda row, o: o.rating_change,
    "K": lambda row, o: o.k,
    "Bonus": lambda row, o: o.bonus,
    "Method": lambda row, o: o.method.value,
    "Floor": lambda row, o: o.floor,
    "Notes": lambda row, o: notes_text(o.notes),
}


def safe_text(value: str) -> str:
    """Text that Excel keeps as text: a leading ``=``, ``+``, ``-`` or ``@`` gets ``Note: `` before it."""
    return f"Note: {value}" if value.startswith(FORMULA_STARTS) else value


def notes_text(notes: tuple[str, ...]) -> str | None:
    """The ``Notes`` cell: the notes joined with ``; `` (None when there are none)."""
    joined = "; ".join(n.strip() for n in notes if n and n.strip())
    return safe_text(joined) if joined else None


def round_half_up(value: float) -> int:
    """The nearest whole number, .5 up (how official ratings are shown: US Chess 2020, 1)."""
    return math.floor(value + 0.5)


def official_difference(post: float | None, official: float | None) -> int | None:
    """Our post rating, rounded, minus the official one (None when either is missing)."""
    if post is None or official is None:
        return None
    return round_half_up(post) - round_half_up(official)


def _plain(value: Any) -> Any:
    """Numbers as Python int/float (never bool or numpy), text as is, None as None."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    return finite(value)


def columns_of(rated: RatedEvent) -> list[tuple[str, str | None, dict[int, Any]]]:
    """Every output column of ``rated``: ``(header, number format, {sheet row: value})``."""
    crosstable = rated.crosstable
    primary = rated.outcomes[0]
    rows = {p.row: (p, primary.player(p.number)) for p in crosstable.players}
    official = "Official post rating" in crosstable.columns
    dual = len(rated.outcomes) > 1
    official_dual = dual and "Official post Quick rating" in crosstable.columns
    result: list[tuple[str, str | None, dict[int, Any]]] = []
    for header in OUTPUTS:
        value = _VALUES[header]
        result.append((header, NUMBER_FORMATS[header],
                       {r: _plain(value(p, o)) for r, (p, o) in rows.items()}))
    if official:
        result.append((OFFICIAL_DIFFERENCE, SIGNED,
                       {r: official_difference(o.post_rating, p.official_post)
                        for r, (p, o) in rows.items()}))
    if dual:
        second = rated.outcomes[1]
        seconds = {p.row: (p, second.player(p.number)) for p in crosstable.players}
        for name in SECOND_SYSTEM_OUTPUTS:
            value = _VALUES[name]
            result.append((second_system(name, "Quick"), NUMBER_FORMATS[name],
                           {r: _plain(value(p, o)) for r, (p, o) in seconds.items()}))
        if official_dual:
            result.append((QUICK_OFFICIAL_DIFFERENCE, SIGNED,
                           {r: official_difference(o.post_rating, p.official_post_quick)
                            for r, (p, o) in seconds.items()}))
    return result


def last_used_row(rows: list[list[Any]], column: int, header_row: int) -> int:
    """The 1-based last row below ``header_row`` with a value in ``column`` (1-based), else ``header_row``."""
    for index in range(len(rows) - 1, header_row - 1, -1):
        row = rows[index]
        if column <= len(row) and not is_blank(row[column - 1]):
            return index + 1
    return header_row


def render(rated: RatedEvent, grid: Grid) -> tuple[tuple[Block, ...], tuple[AddedColumns, ...]]:
    """The writes that put ``rated``'s output columns into its crosstable sheet.

    ``grid`` is the sheet's values (as parsed); the new columns start after its last used
    column from the header row down. Returns the blocks (one per existing
    output column, without its header; one for all new columns, with their headers) and
    the added columns (none or one range).
    """
    crosstable: Crosstable = rated.crosstable
    sheet, header_row, last_row = crosstable.sheet, crosstable.header_row, crosstable.last_row
    rows = [list(r) if r is not None else [] for r in grid or ()]
    # After every used cell from the header row down, below the players too: a note there in a
    # column of its own, headed as an output, would be cleared by the next run as an earlier
    # run's output of a player no longer listed.
    last_column = max(crosstable.last_column, last_used_column(rows, header_row - 1, len(rows) - 1))
    body = range(header_row + 1, last_row + 1)
    blocks: list[Block] = []
    new: list[tuple[str, str | None, dict[int, Any]]] = []
    for header, number_format, values in columns_of(rated):
        column = crosstable.output_columns.get(header)
        if column is None:
            if header in SHARED_OUTPUT_NAMES and header in crosstable.columns:
                header = SHARED_OUTPUT_NAMES[header]  # the input column has the plain name
            new.append((header, number_format, values))
            continue
        # Down to the last player, or further when the column still holds outputs of an
        # earlier run below him (a player whose row was cleared): those are cleared.
        end = max(last_row, last_used_row(rows, column, header_row))
        blocks.append(Block(sheet=sheet, row=header_row + 1, column=column,
                            values=tuple((values.get(r),) for r in range(header_row + 1, end + 1)),
                            number_formats=(number_format,)))
    added: tuple[AddedColumns, ...] = ()
    if new:
        first = last_column + 1
        if first + len(new) - 1 > MAX_COLUMNS:
            where = address(sheet, header_row, last_column)
            raise CrosstableError(
                [Problem(where, f"no room for the {len(new)} output columns after the last used column "
                                f"({column_letter(last_column)}): an Excel sheet ends at column "
                                f"{column_letter(MAX_COLUMNS)}. Clear the cells far to the right of the "
                                "crosstable, or head columns for the outputs (Score, Post rating, ...)")],
                title=f"The {sheet} sheet has no room for its ratings; nothing was rated or written.")
        table: list[tuple[Any, ...]] = [tuple(header for header, _, _ in new)]
        table.extend(tuple(values.get(r) for _, _, values in new) for r in body)
        blocks.append(Block(sheet=sheet, row=header_row, column=first, values=tuple(table),
                            number_formats=tuple(f for _, f, _ in new)))
        added = (AddedColumns(sheet=sheet, header_row=header_row, last_player_row=last_row,
                              first_column=first, last_column=first + len(new) - 1),)
    return tuple(blocks), added
