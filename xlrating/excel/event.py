"""The event-level formula: a crosstable range rated live, one output column returned.

:func:`rate_column` is the body of ``RATE_CROSSTABLE``. It takes the same path as the
macro and the command line: the settings rows are parsed by
:func:`xlrating.crosstable.parse_settings` (the ``Event`` sheet's reader), the range by
:func:`xlrating.crosstable.rate_grid` (the crosstable reader and the engines), and the
values come from :func:`xlrating.crosstable.render.columns_of`, the very function the
macro's output columns are written from. So the formula and the macro always agree.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import fide, icu, uscf
from ..crosstable import parse_settings, rate_grid
from ..crosstable.columns import OUTPUTS, output_column
from ..crosstable.render import columns_of
from ..crosstable.settings import read_settings
from ..errors import ArgumentError, CrosstableError, RulesError
from . import args
from .errors import NotAvailable

__all__ = ["DEFAULT_COLUMN", "rate_column", "rules_name"]

#: The column returned when none is named.
DEFAULT_COLUMN = "Post rating"

_SHEETS = {"Crosstable!": "crosstable ", "Settings!": "settings "}


def rules_name(value: Any, name: str = "rules") -> str | None:
    """The workbook's name of the edition ``value`` names (``"2020"`` -> ``"USCF 2020"``,
    ``"handbook"`` -> ``"FIDE handbook"``); text no engine knows is returned as typed, for
    the settings reader to report; ``None`` when blank."""
    raw = args.scalar(name, value)
    if raw is None:
        return None
    key = args.edition_key(name, raw)
    assert key is not None
    for lookup in (_uscf_name, _fide_name, _icu_name):
        try:
            return lookup(key)
        except RulesError:
            continue
    return str(key)


def _uscf_name(key: str | int) -> str:
    return uscf.get_rules(key).name


def _fide_name(key: str | int) -> str:
    return fide.get_rules(str(key)).display


def _icu_name(key: str | int) -> str:
    return icu.get_rules(str(key)).name


def _system_of(rules: str | None) -> str | None:
    if rules is None:
        return None
    first = rules.split()[0].upper()
    return first if first in ("USCF", "FIDE", "ICU") else None


def _settings_rows(settings: Any, system: Any, rules: Any) -> list[list[Any]]:
    """The settings range's rows, with ``system`` and ``rules`` (when given) replacing its own."""
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
    if chosen_system is None and "System" not in named:
        chosen_system = _system_of(chosen_rules)
    if chosen_system is not None:
        kept.append(["System", chosen_system])
    if chosen_rules is not None:
        kept.append(["Rules", chosen_rules])
    return kept


def _column(value: Any) -> str:
    typed = args.text("column", value)
    if typed is None:
        return DEFAULT_COLUMN
    found = output_column(typed)
    if found is None:
        raise ArgumentError(f"Argument 'column' must name an output column ({', '.join(OUTPUTS)}, "
                            f"or Quick ... in a dual-rated event), not {typed!r}")
    return found


def _relative(error: CrosstableError) -> CrosstableError:
    """The error with its cells named from the ranges' top-left cells (``crosstable F7``)."""
    problems = []
    for problem in error.problems:
        where = problem.where
        for sheet, words in _SHEETS.items():
            where = where.replace(sheet, words)
        problems.append(replace(problem, where=where) if where != problem.where else problem)
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
    try:
        parsed = parse_settings(_settings_rows(settings, system, rules), sheet="Settings")
        rated = rate_grid(grid, parsed)
    except CrosstableError as error:
        raise _relative(error) from None
    found = {header: values for header, _format, values in columns_of(rated)}
    if wanted not in found:
        raise ArgumentError(f"Argument 'column': this event has no {wanted!r} column "
                            "(the Quick columns exist in dual-rated events only)")
    values = found[wanted]
    first = rated.crosstable.header_row + 1
    return [["" if values.get(row) is None else values[row]] for row in range(first, len(grid) + 1)]

