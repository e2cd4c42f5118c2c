"""The season template: a small club's season of three US Chess events in one workbook.

``templates/season.xlsx`` (``xlrating template season``) holds a ``Season`` sheet (the
season's System, Rules and list date), a ``Players`` sheet (the club's list at the start
of the season, by ID), an ``Events`` sheet (each event's sheet, name, dates and type),
one crosstable sheet per event (players by ID; ratings come from the list) and a ``How to
use`` sheet. Every name, ID and result is invented.
"""

from __future__ import annotations

import datetime as dt
import keyword
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl import Workbook

from ..errors import WorkbookError
from ..workbook.book import save_workbook_atomic
from ..workbook.buttons import SEASON_BUTTON, rate_button
from ..workbook.new import write_how_to
from ..workbook.season import season_workbook
from .quickstart import quickstart_workbook

SEASON_TEMPLATE = "season.xlsx"
#: The committed macro-enabled season template (its Python module is named like it).
SEASON_MACRO_TEMPLATE = "xlrating_season.xlsm"

SETTINGS: tuple[tuple[str, Any], ...] = (
    ("System", "USCF"), ("Rules", "USCF 2020"), ("Rating system", "Regular"),
    ("List date", dt.date(2025, 9, 1)), ("Chart players", None), ("Chart top", 10),
)
PLAYERS: tuple[tuple[Any, ...], ...] = (
    ("ID", "Name", "Rating", "Games", "Birth date", "Peak"),
    ("10000001", "Adler, Ada", 1905, None, None, 1962),
    ("10000002", "Brandt, Ben", 1810, None, None, None),
    ("10000003", "Costa, Clara", 1720, None, None, 1748),
    ("10000004", "Dunne, Dara", 1650, 18, None, None),
    ("10000005", "Eriksen, Erik", 1580, None, None, None),
    ("10000006", "Fischer, Fay", 1430, 9, dt.date(2012, 5, 14), None),
    ("10000007", "Garcia, Gil", 1360, None, None, None),
    ("10000008", "Hahn, Hugo", 1205, 12, dt.date(2014, 2, 3), None),
)

#: Each event: sheet, name, start, end, type, players (IDs in pairing order; a new player
#: as (ID, name, birth date)), and games as (round, white No., black No., result).
Game = tuple[int, int, int, str]
EVENTS: tuple[tuple[str, str, dt.date, dt.date, str, tuple[Any, ...], tuple[Game, ...]], ...] = (
    ("Autumn", "Autumn Swiss", dt.date(2025, 9, 20), dt.date(2025, 9, 21), "Swiss",
     ("10000001", "10000002", "10000003", "10000005", "10000006", "10000007"),
     ((1, 1, 4, "1-0"), (1, 5, 2, "0-1"), (1, 3, 6, "1/2"),
      (2, 2, 1, "1/2"), (2, 6, 4, "0-1"), (2, 3, 5, "1-0"),
      (3, 1, 3, "1-0"), (3, 4, 2, "1/2"), (3, 5, 6, "1-0"))),
    ("Winter", "Winter quad", dt.date(2025, 12, 13), dt.date(2025, 12, 13), "Round robin",
     ("10000002", "10000004", "10000006", "10000008"),
     ((1, 1, 4, "1-0"), (1, 2, 3, "1/2"),
      (2, 4, 3, "0-1"), (2, 1, 2, "1-0"),
      (3, 2, 4, "1-0"), (3, 3, 1, "1/2"))),
    ("Spring", "Spring open", dt.date(2026, 3, 14), dt.date(2026, 3, 15), "Swiss",
     ("10000001", "10000003", "10000004", "10000007", "10000008",
      ("10000009", "Ito, Ivy", dt.date(2011, 8, 30))),
     ((1, 1, 4, "1-0"), (1, 5, 2, "0-1"), (1, 3, 6, "1-0"),
      (2, 2, 1, "0-1"), (2, 6, 5, "1/2"), (2, 4, 3, "1/2"),
      (3, 1, 3, "1/2"), (3, 2, 6, "1-0"), (3, 5, 4, "0-1"))),
)
_CODES = {"1-0": ("W", "L"), "0-1": ("L", "W"), "1/2": ("D", "D")}


def crosstable_rows(players: Sequence[Any], games: Sequence[Game]) -> list[list[Any]]:
    """An event's crosstable: header, then one row per player with his round cells."""
    rounds = max(game[0] for game in games)
    header = ["No", "ID", "Name", "Rating", "Birth date", *(f"R{r}" for r in range(1, rounds + 1))]
    names = {row[0]: row for row in PLAYERS[1:]}
    rows: list[list[Any]] = [header]
    for number, player in enumerate(players, start=1):
        if isinstance(player, tuple):  # a player new to the list: his data is given here
            key, name, born = player
            rows.append([number, key, name, "unr", born, *([None] * rounds)])
        else:
            rows.append([number, player, names[player][1], None, None, *([None] * rounds)])
    for rnd, white, black, result in games:
        first, second = _CODES[result]
        rows[white][4 + rnd] = f"{first}{black}"
        rows[black][4 + rnd] = f"{second}{white}"
    return rows


HOW_TO: tuple[str, ...] = (
    "How to use this season workbook (xlrating)",
    "",
    "1. Players: the rating list at the start of the season, one row per player, by ID. These columns "
    "are never changed; rating writes New rating, New games, Change, Events played and Games played "
    "beside them.",
    "2. Events: one row per event: the Sheet holding its crosstable, its name, Start date, End date "
    "(required) and Event type. Events are rated in order of their end dates.",
    "3. One crosstable sheet per event: No, ID, Name and the rounds (R1, R2, ...). Ratings are taken from "
    "the list as the season reaches the event; a typed rating that disagrees gets a note.",
    "   A player whose ID is not on the list is new: give his Name and what the rules need "
    "(Rating and Games if he has one; for an unrated player, Rating unr and a Birth date or Adult).",
    "4. Season: System, Rules and Rating system for every event; List date (the date the list is as of); "
    "FIDE seasons: Rating period (months).",
    "5. Rate: `xlrating season this-file.xlsx` writes this-file-rated.xlsx. It fills every event's output "
    "columns, the Players outputs, a New list sheet (the list after the season, ready to start the next one)",
    "   and a History sheet (each player's rating after each event). Correct a result and rate again: "
    "the outputs are the same as rating the corrected season once.",
    "   In xlwings Lite, the Rate the season button on the Season sheet runs the rate_season_workbook "
    "script.",
    "6. Season report: `xlrating season this-file.xlsx --report report.xlsx` also writes the list before "
    "and after, every event's summary and a rating-history chart. The chart follows the players of",
    "   Chart players on the Season sheet (IDs separated by commas), else the Chart top highest rated of the "
    "new list (10 when blank).",
    "",
    "The example: a club season of three US Chess events. Every name, ID and result is invented.",
)


@dataclass(frozen=True)
class ListedStart:
    """A season that starts from an official list: the Season settings and the Players rows
    (header first) it gives, and a line for the How to use sheet saying which list."""

    settings: tuple[tuple[str, Any], ...]
    players: tuple[tuple[Any, ...], ...]
    described: str
    notes: tuple[str, ...] = ()
    """What the user must add before rating, said on the command line too (the How to use line
    ends with it)."""


#: The first event's sheet of a season started from a list: its header only.
FIRST_EVENT: tuple[Any, ...] = ("No", "ID", "Name", "Rating", "R1", "R2", "R3", "R4", "R5")


def build_season_template(*, macro: bool = False, module: str = "xlrating_season",
                          start: ListedStart | None = None) -> Workbook:
    """The season template workbook, not yet saved; ``macro``: built from xlwings'
    ``quickstart.xlsm``, as the macro-enabled crosstable template is. With ``start`` (a list's
    players), the Players sheet and the Season settings are the list's and the events are left
    to the director: an Events row and a sheet for the first, without results."""
    events: list[list[Any]] = [["Sheet", "Event name", "Start date", "End date", "Event type"]]
    if start is None:
        events += [[sheet, name, start_, end, kind] for sheet, name, start_, end, kind, _, _ in EVENTS]
        sheets: dict[str, Sequence[Sequence[Any]]] = {
            "Season": SETTINGS, "Players": PLAYERS, "Events": events,
            **{sheet: crosstable_rows(players, games) for sheet, _, _, _, _, players, games in EVENTS},
        }
    else:
        events.append(["Event 1", None, None, None, "Swiss"])
        sheets = {"Season": start.settings, "Players": start.players, "Events": events,
                  "Event 1": (FIRST_EVENT,)}
    book = season_workbook(sheets, quickstart_workbook() if macro else None)
    lines = list(HOW_TO) if start is None else [*HOW_TO[:-1], start.described]
    if macro:
        lines.append(f"In Excel: keep {module}.py beside this workbook, install the xlwings add-in "
                     "(`xlwings addin install`) and click Rate the season on the Season sheet (or Run main "
                     "on the xlwings ribbon tab): the season is rated in one click.")
        lines.append(f"The season report: a button running RunPython \"import {module}; "
                     f"{module}.report()\" writes {module}-season-report.xlsx beside this workbook and "
                     "opens it.")
    write_how_to(book.create_sheet("How to use", len(sheets)), lines)
    book.active = 1
    book.properties.creator = "xlrating"
    book.properties.title = "xlrating season"
    return book


def write_season_template(path: str | os.PathLike[str], *, macro: bool = False,
                          start: ListedStart | None = None) -> list[Path]:
    """Write the season template to ``path`` (an ``.xlsx``; with ``macro`` an ``.xlsm`` and,
    beside it, its same-named Python module, whose ``main()`` rates the season: the
    xlwings quickstart convention); return the files written."""
    target = Path(path)
    if not macro:
        if target.suffix.lower() != ".xlsx":
            raise WorkbookError(f"{target}: the season template must be saved as .xlsx (or use --macro)")
        save_workbook_atomic(build_season_template(start=start), target,
                             [rate_button(SEASON_BUTTON, macro=False)])
        return [target]
    module = target.stem
    if target.suffix.lower() != ".xlsm" or not module.isidentifier() or keyword.iskeyword(module):
        raise WorkbookError(f"{target}: a macro-enabled season template is an .xlsm named like a Python "
                            "module (letters, digits, _), e.g. club_season.xlsm")
    save_workbook_atomic(build_season_template(macro=True, module=module, start=start), target,
                         [rate_button(SEASON_BUTTON, macro=True)])
    script = target.with_suffix(".py")
    script.write_text(season_module(module), encoding="utf-8")
    return [target, script]


def season_module(module: str) -> str:
    """The Python module of the macro-enabled season template ``{module}.xlsm``."""
    return f'''"""Rate the season in {module}.xlsm with xlrating (the xlwings quickstart convention).

Keep this file in the same folder as {module}.xlsm and with the same name. In Excel, on
the xlwings ribbon tab, click "Run main" (or run the SampleCall macro, or a button
assigned to it): every event is rated in date order from the Players list, and the
New list and History sheets are written. A button running
RunPython "import {module}; {module}.report()" makes the season report, a new workbook
beside this one. On bad input nothing is written and a message lists every error with
its cell.
"""

import xlwings as xw

from xlrating.macros import rate_season, season_report


def main() -> None:
    """Rate the season of the workbook that called this macro."""
    rate_season(xw.Book.caller())


def report() -> None:
    """Make the season report of the workbook that called this macro."""
    season_report(xw.Book.caller())


if __name__ == "__main__":
    xw.Book("{module}.xlsm").set_mock_caller()
    main()
'''
