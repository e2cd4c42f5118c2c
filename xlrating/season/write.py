"""The writes of a rated season: every event's output columns, the Players sheet's output
columns, and the ``History``, ``New list`` and (FIDE) ``New pending`` sheets (written whole).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import systems
from ..crosstable import AddedColumns, Block, Grid, RatedEvent, render
from ..crosstable.render import COUNT, RATING, SIGNED, last_used_row
from ..lists import Entry, PlayerId, SeasonResult
from ..names import find_sheet
from .model import HISTORY_SHEET, NEW_LIST_SHEET, NEW_PENDING_SHEET, PLAYERS_SHEET, SeasonInput, list_history
from .pending import pending_table
from .read import LIST_OUTPUTS

DATE = "yyyy-mm-dd"
#: The ``Entry`` field and number format of each column of the New list sheet a system may carry
#: from season to season (its :attr:`~xlrating.systems.System.carried` names which, in order).
CARRIED_FIELDS: dict[str, tuple[str, Any]] = {
    "Birth date": ("birth_date", DATE), "Adult": ("adult", None), "Floor": ("floor", RATING),
    "Peak": ("peak", RATING), "Wins": ("wins", COUNT), "Draws": ("draws", COUNT), "Events": ("events", COUNT),
    "History": ("history", None), "FIDE": ("fide", RATING), "CFC": ("cfc", RATING), "K": ("k", None),
    "Joined": ("joined", DATE),
}


def _plain(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes" if value else None
    return value


def _extent(grid: Grid | None) -> tuple[int, int]:
    rows = list(grid or ())
    return len(rows), max((len(row) for row in rows if row is not None), default=0)


def whole_sheet(sheet: str, table: Sequence[Sequence[Any]], formats: Sequence[str | None],
                old: Grid | None) -> Block:
    """A block that writes ``table`` from A1 and clears whatever an earlier run left beyond it."""
    height, width = _extent(old)
    height, width = max(height, len(table)), max(width, max(len(row) for row in table))
    values = tuple(tuple(row[j] if i < len(table) and j < len(row := table[i]) else None
                         for j in range(width)) for i in range(height))
    return Block(sheet=sheet, row=1, column=1, values=values,
                 number_formats=tuple(formats[j] if j < len(formats) else None for j in range(width)))


def _players_block(season: SeasonInput, result: SeasonResult, sheet: str, grid: Grid | None
                   ) -> tuple[list[Block], list[AddedColumns]]:
    """The Players sheet's output columns beside its input columns (the input never changes);
    outputs an earlier run left below the last player (a row since cleared) are cleared."""
    formats = {"New rating": RATING, "New games": COUNT, "Change": SIGNED, "Events played": COUNT,
               "Games played": COUNT}
    values: dict[str, dict[int, Any]] = {name: {} for name in LIST_OUTPUTS}
    for row in season.rows:
        old, new = season.ratings[row.id], result.list[row.id]
        played = list_history(result, row.id)
        values["New rating"][row.row] = new.rating
        values["New games"][row.row] = new.games
        values["Change"][row.row] = new.rating - old.rating if new.rating is not None and \
            old.rating is not None else None
        values["Events played"][row.row] = len({h.event for h in played})
        values["Games played"][row.row] = sum(h.games for h in played)
    header = season.players_header
    rows = [list(row) if row is not None else [] for row in grid or ()]
    last = max((r.row for r in season.rows), default=header)
    blocks: list[Block] = []
    new_columns = [name for name in LIST_OUTPUTS if name not in season.players_outputs]
    for name in LIST_OUTPUTS:
        column = season.players_outputs.get(name)
        if column is not None:
            end = max(last, last_used_row(rows, column, header))
            blocks.append(Block(sheet, header + 1, column,
                                tuple((values[name].get(r),) for r in range(header + 1, end + 1)),
                                (formats[name],)))
    added: list[AddedColumns] = []
    if new_columns:
        first = season.players_last_column + 1
        table: list[tuple[Any, ...]] = [tuple(new_columns)]
        table += [tuple(values[name].get(r) for name in new_columns) for r in range(header + 1, last + 1)]
        blocks.append(Block(sheet, header, first, tuple(table), tuple(formats[n] for n in new_columns)))
        added.append(AddedColumns(sheet, header, last, first, first + len(new_columns) - 1, collapse=False))
    return blocks, added


def _new_list(season: SeasonInput, result: SeasonResult, first_seen: Mapping[PlayerId, str]
              ) -> tuple[list[list[Any]], list[str | None]]:
    """The New list sheet: every player of the new list in the Players sheet's layout, the
    starting list first, then the new players in the order they first played."""
    carried = [(CARRIED_FIELDS[header][0], header, CARRIED_FIELDS[header][1])
               for header in systems.get(season.ratings.system).carried]
    quick = any("Quick" in entry.other_ratings for entry in result.list)
    header: list[Any] = ["ID", "Name", "Rating", "Games", *(h for _, h, _ in carried)]
    formats: list[str | None] = [None, None, RATING, COUNT]
    formats += [f for _, _, f in carried]
    if quick and systems.get(season.ratings.system).dual_rated:
        header += ["Quick", "Quick games"]
        formats += [RATING, COUNT]
    header += ["Added in"]
    formats += [None]
    table: list[list[Any]] = [header]
    starting = {row.id for row in season.rows}
    order = [row.id for row in season.rows] + [key for key in first_seen if key not in starting]
    for key in order:
        entry: Entry = result.list[key]
        line: list[Any] = [key, entry.name, entry.rating, entry.games,
                           *(_plain(getattr(entry, name)) for name, _, _ in carried)]
        if quick and systems.get(season.ratings.system).dual_rated:
            line += list(entry.other_ratings.get("Quick", (None, None)))
        line.append(first_seen.get(key) if key not in starting else None)
        table.append(line)
    return table, formats


def _history(season: SeasonInput, result: SeasonResult, rated: Sequence[RatedEvent],
             order: Sequence[PlayerId]) -> tuple[list[list[Any]], list[str | None]]:
    """The History sheet: a player per row, an event per column (rating order), the rating after it."""
    sheets = [event.crosstable.sheet for event in rated]
    table: list[list[Any]] = [["ID", "Name", "Start", *sheets]]
    for key in order:
        posts = {row.event: row.post for row in list_history(result, key)}
        start = season.ratings[key].rating if key in season.ratings else None
        table.append([key, result.list[key].name, start, *(posts.get(sheet) for sheet in sheets)])
    return table, [None, None, *([RATING] * (len(sheets) + 1))]


def season_blocks(season: SeasonInput, result: SeasonResult, rated: Sequence[RatedEvent],
                  sheets: Mapping[str, Grid]
                  ) -> tuple[tuple[Block, ...], tuple[AddedColumns, ...], tuple[str, ...]]:
    """Every write of a rated season, and the sheets they need that the workbook may lack."""
    blocks: list[Block] = []
    added: list[AddedColumns] = []
    first_seen: dict[PlayerId, str] = {}
    for event in rated:
        written, extra = render(event, sheets[event.crosstable.sheet])
        blocks.extend(written)
        added.extend(extra)
        for season_event in season.events:
            if season_event.crosstable.sheet == event.crosstable.sheet:
                for key in season_event.event.players:
                    first_seen.setdefault(key, event.crosstable.sheet)
    players = find_sheet(sheets, PLAYERS_SHEET) or PLAYERS_SHEET
    list_blocks, list_added = _players_block(season, result, players, sheets.get(players))
    blocks.extend(list_blocks)
    added.extend(list_added)
    new_list, formats = _new_list(season, result, first_seen)
    order = [line[0] for line in new_list[1:]]
    whole: list[tuple[str, tuple[list[list[Any]], list[str | None]]]] = [
        (NEW_LIST_SHEET, (new_list, formats)),
        (HISTORY_SHEET, _history(season, result, rated, order)),
    ]
    pending, pending_formats = pending_table(result.list, order)
    # Written when a player has pending results, and over the rows of an earlier run.
    if systems.get(result.list.system).pending_results and (
            len(pending) > 1 or find_sheet(sheets, NEW_PENDING_SHEET)):
        whole.append((NEW_PENDING_SHEET, (pending, pending_formats)))
    names = []
    for name, (table, table_formats) in whole:
        sheet = find_sheet(sheets, name) or name
        names.append(sheet)
        blocks.append(whole_sheet(sheet, table, table_formats, sheets.get(sheet)))
    return tuple(blocks), tuple(added), tuple(names)



