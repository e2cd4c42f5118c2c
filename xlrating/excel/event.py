"""The event-level formula: a crosstable range rated live, one output column returned.

:func:`rate_column` is the body of ``RATE_CROSSTABLE``. It takes the same path as the
macro and the command line: the settings rows are parsed by
:func:`xlrating.crosstable.parse_settings` (the ``Event`` sheet's reader), the range by
:func:`xlrating.crosstable.rate_grid` (the crosstable reader and the engines), and the
values come from :func:`xlrating.crosstable.render.columns_of`, the very function the
macro's output columns are written from. So the formula and the macro always agree.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .. import systems
from ..crosstable import parse_settings, rate_grid
from ..crosstable import values as cell
from ..crosstable.columns import OUTPUTS, output_column
from ..crosstable.render import columns_of
from ..crosstable.settings import read_settings
from ..errors import ArgumentError, CrosstableError
from . import args
from .errors import NotAvailable

__all__ = ["DEFAULT_COLUMN", "rate_column", "rules_name"]

#: The column returned when none is named.
DEFAULT_COLUMN = "Post rating"


def rules_name(value: Any, name: str = "rules") -> str | None:
    """The workbook's name of the edition ``value`` names (``"2020"`` -> ``"USCF 2020"``,
    ``"handbook"`` -> ``"FIDE handbook"``), by the registry (:mod:`xlrating.systems`); text no
    system knows is returned as typed, for the settings reader to report; ``None`` when blank."""
    raw = args.scalar(name, value)
    if raw is None:
        return None
    key = args.edition_key(name, raw)
    found = systems.edition_anywhere(key)
    return found[1].name if found is not None else str(key)


def _system_of(rules: str | None) -> str | None:
    """The system whose edition ``rules`` names, if only one has it."""
    found = systems.edition_anywhere(rules) if rules is not None else None
    return found[0].key if found is not None else None


def _settings_rows(settings: Any, system: Any, rules: Any) -> tuple[list[list[Any]], dict[int, str]]:
    """The settings range's rows, with ``system`` and ``rules`` (when given) replacing its own, and
    the rows added for them (1-based row -> argument name), so that a problem there names the argument.

    A settings range that holds something must be rows of a setting's name and its value: a
    single column, or a range where no row names a setting (a date typed where the settings
    go), is an error rather than settings silently left at their defaults.
    """
    rows = args.block("settings", settings)
    chosen_system = args.text("system", system)
    chosen_rules = rules_name(rules)
    overrides = {name for name, given in (("System", chosen_system), ("Rules", chosen_rules)) if given}
    kept: list[list[Any]] = []
    named: set[str] = set()
    for row in rows:
        names = {setting for setting, _ in read_settings([row[:1]])[0].cells} if row else set()
        named |= names
        kept.append([None, None] if names & overrides else row)
    filled = [row for row in rows if any(value is not None for value in row)]
    if filled and (max(len(row) for row in filled) < 2 or not named):
        shown = ", ".join(cell.show(value) for value in args.cells(filled) if value is not None)
        raise ArgumentError("Argument 'settings' must be rows of a setting's name and its value, as on the "
                            f"Event sheet (End date | 2025-04-13), not {_cut(shown)}")
    if chosen_system is None and "System" not in named:
        chosen_system = _system_of(chosen_rules)
    added: dict[int, str] = {}
    if chosen_system is not None:
        kept.append(["System", chosen_system])
        added[len(kept)] = "system"
    if chosen_rules is not None:
        kept.append(["Rules", chosen_rules])
        added[len(kept)] = "rules"
    return kept, added


def _cut(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _column(value: Any) -> str:
    typed = args.text("column", value)
    if typed is None:
        return DEFAULT_COLUMN
    found = output_column(typed)
    if found is None:
        raise ArgumentError(f"Argument 'column' must name an output column ({', '.join(OUTPUTS)}, "
                            f"or Quick ... in a dual-rated event), not {cell.show(typed)}")
    return found


_SHEET_CELL = re.compile(r"\b(Crosstable|Settings)!(\$?[A-Z]+\$?(\d+)|\d+:\d+)")


def _relative(error: CrosstableError, arguments: dict[int, str]) -> CrosstableError:
    """The error with its cells named from the ranges' top-left cells (``crosstable F7``), and the
    settings rows added for the ``system`` and ``rules`` arguments named as those arguments."""

    def place(match: re.Match[str]) -> str:
        sheet, where, row = match[1], match[2], match[3]
        if sheet == "Settings" and row is not None and int(row) in arguments:
            return f"argument '{arguments[int(row)]}'"
        return f"{sheet.lower()} {where}"

    problems = []
    for problem in error.problems:
        where, message = _SHEET_CELL.sub(place, problem.where), _SHEET_CELL.sub(place, problem.message)
        if where == "Crosstable":  # the whole sheet: here the whole range
            where, message = "crosstable", message.replace("in this sheet", "in the range")
        if where.startswith("argument"):
            where = where.capitalize()
        problems.append(replace(problem, where=where, message=message))
    return CrosstableError(problems, title=error.title)


def rate_column(crosstable: Any, *, system: Any = None, rules: Any = None, settings: Any = None,
                column: Any = None) -> list[list[Any]]:
    """Rate ``crosstable`` (a header row and player rows) and return one output column.

    One row is returned for every row of the range below the header row, so the result
    spills beside the players; rows that are not players give ``""``, as do players for
    whom the column has no value (the macro leaves those cells empty). Raises
    :class:`~xlrating.errors.CrosstableError` with every problem, cells counted from the
    top-left cell of each range (``crosstable F7``, ``settings B3``).
    """
    grid = args.block("crosstable", crosstable)
    if not any(value is not None for row in grid for value in row):
        raise NotAvailable("Argument 'crosstable' is empty")
    wanted = _column(column)
    rows, arguments = _settings_rows(settings, system, rules)
    try:
        parsed = parse_settings(rows, sheet="Settings")
        rated = rate_grid(grid, parsed, explain=False)  # one column wanted: no steps, no game lines
    except CrosstableError as error:
        raise _relative(error, arguments) from None
    found = {header: values for header, _format, values in columns_of(rated)}
    if wanted not in found:
        raise ArgumentError(f"Argument 'column': this event has no {wanted!r} column "
                            "(the Quick columns exist in dual-rated events only)")
    values = found[wanted]
    first = rated.crosstable.header_row + 1
    return [["" if values.get(row) is None else values[row]] for row in range(first, len(grid) + 1)]

