"""Excel arguments as xlwings delivers them, turned into the values the engines take.

What arrives (classic xlwings, xlwings Lite and Server alike, with ``ndim=2`` for ranges):

- a single cell as a scalar: a number (``1500.0``), text (``"1500"``, ``"W"``), a bool,
  a date (classic: ``datetime``; Office.js: the serial number ``45292``), or ``None``
  for a blank cell or an argument left out;
- a range as a list of rows (a row, a column or a block), blanks as ``None``;
- an error cell as its text (``"#N/A"``, ``"#DIV/0!"``): every function of
  :mod:`xlrating.udfs` asks xlwings for that (``err_to_str``), as xlwings would otherwise
  pass an error cell as a blank, and a range with an error would be read as if the cell
  were empty.

Every reader takes the argument's name and its value and returns the Python value, or
raises :class:`~xlrating.errors.ArgumentError` naming the argument and the value (the cell
shows ``#VALUE!``), or :class:`~xlrating.excel.errors.NotAvailable` for a required
argument left blank (``#N/A``). An error cell in an argument is an error of the function:
``#N/A`` stays ``#N/A``, any other shows ``#VALUE!`` naming the argument, the cell and the
error; only the crosstable and settings ranges of ``RATE_CROSSTABLE`` keep error cells as
text, for the crosstable reader to report with their cells as the macro does. Optional
arguments left blank give ``None`` (the engine's default). Cell values are read with the
crosstable reader's own functions (:mod:`xlrating.crosstable.values`), so a cell means the
same in a formula as in the crosstable: numbers typed as text, ``1500P12``, dates as
dates, serials or ISO text.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import date
from functools import partial
from numbers import Real
from typing import Any, TypeVar

from .. import _check, fide, systems, uscf
from ..crosstable import values as cell
from ..errors import ArgumentError, RulesError
from .errors import NotAvailable

__all__ = [
    "EXCEL_ERRORS",
    "block",
    "boolean",
    "cells",
    "checked",
    "checked_cells",
    "day",
    "day_by",
    "edition_key",
    "fide_rules",
    "games",
    "is_error",
    "number",
    "pairs",
    "rated",
    "rating",
    "rating_cells",
    "rating_system",
    "rating_with_games",
    "ratings",
    "result",
    "results",
    "scalar",
    "text",
    "uscf_rules",
    "whole",
]

T = TypeVar("T")

#: Excel's error values as xlwings passes them with ``err_to_str`` (classic Excel knows the
#: first seven; Office.js also passes the newer ones).
EXCEL_ERRORS = frozenset({
    "#DIV/0!", "#N/A", "#NAME?", "#NULL!", "#NUM!", "#REF!", "#VALUE!", "#SPILL!", "#CALC!",
    "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!", "#GETTING_DATA", "#PYTHON!",
    "#EXTERNAL!",
})


def is_blank(value: Any) -> bool:
    """A blank cell: ``None``, empty text or spaces."""
    return cell.is_blank(value)


def _is_range(value: Any) -> bool:
    return isinstance(value, (list, tuple))


def is_error(value: Any) -> bool:
    """An Excel error value (``"#N/A"``, ``"#DIV/0!"``) as xlwings passes it."""
    return isinstance(value, str) and value in EXCEL_ERRORS


def _no_error(name: str, value: Any, index: int | None = None) -> Any:
    """``value``, unless it is an Excel error: ``#N/A`` stays #N/A, any other is #VALUE! with the cell."""
    if type(value) is not str or value not in EXCEL_ERRORS:
        return value
    where = f"Argument '{name}'" if index is None else f"Argument '{name}', cell {index + 1}"
    if value == "#N/A":
        raise NotAvailable(f"{where} is #N/A")
    raise ArgumentError(f"{where} holds the error {value}")


def cells(value: Any) -> list[Any]:
    """Every cell of a range (a row, a column or a block) in reading order, blanks kept as
    ``None``; a single value is a one-cell range, ``None`` an empty one."""
    if value is None:
        return []
    if not _is_range(value):
        return [None if is_blank(value) else value]
    flat: list[Any] = []
    append = flat.append
    for item in value:
        if isinstance(item, (list, tuple)):
            for x in item:  # is_blank inlined: a whole-column reference brings a million cells
                append(None if x is None or (type(x) is str and not x.strip()) else x)
        else:
            append(None if is_blank(item) else item)
    return flat


def block(name: str, value: Any) -> list[list[Any]]:
    """A range as rows (a single value is one row of one cell); blanks as ``None``.

    Error cells inside the range stay as their text; a single error value (a broken
    reference: ``#REF!``) is an error of the argument.
    """
    if value is None:
        return []
    if not _is_range(value):
        return [[None if is_blank(value) else _no_error(name, value)]]
    if len(value) == 1 and _is_range(value[0]) and len(value[0]) == 1:
        return [[None if is_blank(value[0][0]) else _no_error(name, value[0][0])]]
    if value and not any(_is_range(item) for item in value):
        return [[None if is_blank(x) else x for x in value]]
    rows: list[list[Any]] = []
    for item in value:
        if not _is_range(item):
            raise ArgumentError(f"Argument '{name}' must be a range of cells, not {cell.show(value)}")
        rows.append([None if is_blank(x) else x for x in item])
    return rows


def scalar(name: str, value: Any) -> Any:
    """One cell's value (a one-cell range counts as its cell); ``None`` when blank."""
    if _is_range(value):
        found = cells(value)
        if len(found) != 1:
            raise ArgumentError(f"Argument '{name}' must be a single cell, not a range of {len(found)} cells")
        value = found[0]
    return None if is_blank(value) else _no_error(name, value)


def _read(name: str, value: Any, reader: Callable[[Any], T | None], required: bool) -> T | None:
    raw = scalar(name, value)
    if raw is None:
        if required:
            raise NotAvailable(f"Argument '{name}' is empty")
        return None
    try:
        return reader(raw)
    except cell.BadValue as error:
        raise ArgumentError(f"Argument '{name}': {error.message}") from None


def number(name: str, value: Any, *, required: bool = True,
           check: Callable[[str, float], float] | None = None) -> float | None:
    """A number (numeric text accepted), held to ``check`` if given (an engine's check of the
    argument, an :mod:`xlrating._check` function of its name and value, its error naming the
    argument as the function names it and showing the cell as typed: :func:`checked`); ``None``
    for an optional blank."""
    found = _read(name, value, lambda v: cell.number(v, "a number"), required)
    return found if found is None or check is None else checked(check, name, found, scalar(name, value))


def whole(name: str, value: Any, *, required: bool = True) -> int | None:
    """A whole number >= 0 (``12.0`` and ``"12"`` accepted); ``None`` for an optional blank."""
    result = number(name, value, required=required)
    if result is None:
        return None
    return _check.whole(name, int(result) if result.is_integer() else result)


def rating(name: str, value: Any, *, required: bool = True, low: float = 0.0) -> float | None:
    """A rating from ``low`` to 4000 (numeric text accepted), named by the argument as the function
    names it; ``None`` for an optional blank."""
    return number(name, value, required=required, check=partial(_check.rating, low=low))


def rating_with_games(name: str, value: Any, *, required: bool = True) -> tuple[float | None, int | None]:
    """A rating cell as the crosstable reads it: ``1500``, ``"1500"`` or ``"1500P12"``
    (a provisional rating with its games), the rating from 0 to 4000; ``unr`` is no rating."""
    raw = scalar(name, value)
    if raw is None:
        if required:
            raise NotAvailable(f"Argument '{name}' is empty")
        return None, None
    try:
        found = cell.rating(raw, low=-math.inf, high=math.inf)
    except cell.BadValue as error:
        raise ArgumentError(f"Argument '{name}': {error.message}") from None
    if found[0] is None:
        raise NotAvailable(f"Argument '{name}' says the player is unrated ({cell.show(raw)})")
    return checked(_check.rating, name, found[0], raw), found[1]


def ratings(name: str, value: Any, *, low: float = 0.0) -> list[float]:
    """Every non-blank cell of a range as a rating from ``low`` to 4000 (numeric text accepted), a bad
    one named by its cell in the range as given, blank cells counted (the engine's own check would
    name its place among the non-blank cells)."""
    return [_rating_in(name, index, item, low) for index, item in enumerate(cells(value)) if item is not None]


def results(name: str, value: Any) -> list[float]:
    """Every non-blank cell of a range as a game result: 1, 0.5, 0 or W, D, L (text too)."""
    return [_result(name, index, item) for index, item in enumerate(cells(value)) if item is not None]


def _result(name: str, index: int | None, item: Any) -> float:
    """One result cell (``index``: its place in a range, None for a single cell)."""
    _no_error(name, item, index)
    try:
        if isinstance(item, int) and not isinstance(item, bool) and cell.finite(item) is None:
            raise ArgumentError(name)  # an integer beyond a float's range is no result
        return _check.result(name, item)
    except ArgumentError:
        where = f"Argument '{name}'" + (f", cell {index + 1}" if index is not None else "")
        raise ArgumentError(f"{where}: {cell.show(item)} is not a result (1, 0.5, 0, W, D or L)") from None


def result(name: str, value: Any) -> float:
    """A single cell's game result: 1, 0.5, 0 or W, D, L (text too)."""
    return _result(name, None, scalar(name, value))


def games(
    opponents_name: str, opponents: Any, results_name: str, results_value: Any, *, unrated: bool = False,
    low: float = 0.0,
) -> tuple[list[float | None], list[float]]:
    """Opponents' ratings and results paired cell by cell: ``(ratings, results)``.

    The two ranges are read in reading order and paired by position (a row of ratings
    may go with a column of results); positions where both are blank are skipped. Two
    blocks of different shapes (2 x 3 beside 3 x 2) are an error: reading order would
    pair cells the eye does not. A result without an opponent's rating is an error unless
    ``unrated`` allows unrated opponents (their rating is then ``None``); a rating without
    a result is an error; so is a rating under ``low`` or over 4000 (the engine's own check would
    name its place among the games, not the cell of the range).
    """
    _same_shape(opponents_name, opponents, results_name, results_value)
    ratings_cells, result_cells = cells(opponents), cells(results_value)
    ratings: list[float | None] = []
    scores: list[float] = []
    for index in range(max(len(ratings_cells), len(result_cells))):
        rating = ratings_cells[index] if index < len(ratings_cells) else None
        result = result_cells[index] if index < len(result_cells) else None
        _no_error(opponents_name, rating, index)
        _no_error(results_name, result, index)
        if rating is None and result is None:
            continue
        if result is None:
            raise ArgumentError(f"Argument '{results_name}' has no result in cell {index + 1}, "
                                f"where '{opponents_name}' has the rating {cell.show(rating)}")
        score = _result(results_name, index, result)
        if rating is None:
            if not unrated:
                raise ArgumentError(f"Argument '{opponents_name}' has no rating in cell {index + 1}, "
                                    f"where '{results_name}' has the result {cell.show(result)}")
            ratings.append(None)
        else:
            ratings.append(_rating_in(opponents_name, index, rating, low))
        scores.append(score)
    return ratings, scores


def _shape(value: Any) -> tuple[int, int]:
    """Rows and columns of a range as xlwings delivers it (a single value: 1 x 1)."""
    if not _is_range(value):
        return 1, 1
    if not any(_is_range(item) for item in value):
        return 1, len(value)
    return len(value), max((len(row) for row in value if _is_range(row)), default=0)


def _same_shape(first_name: str, first: Any, second_name: str, second: Any) -> None:
    """Two blocks (neither a single row nor a single column) to be paired must have one shape."""
    (rows, columns), (other_rows, other_columns) = _shape(first), _shape(second)
    if min(rows, columns) > 1 and min(other_rows, other_columns) > 1 and (rows, columns) != (
            other_rows, other_columns):
        raise ArgumentError(f"Argument '{first_name}' is {rows} rows by {columns} columns but "
                            f"'{second_name}' is {other_rows} by {other_columns}: give two ranges of one "
                            "shape (or a row and a column), so that their cells pair up as they stand")


def rated(values: Sequence[float | None]) -> list[float]:
    """Ratings known to be present (the pairs of :func:`games` without ``unrated``)."""
    return [v for v in values if v is not None]


def boolean(name: str, value: Any) -> bool | None:
    """TRUE/FALSE, yes/no, y/n, 1/0; ``None`` when blank."""
    return _read(name, value, lambda v: cell.yes_no(v, "TRUE or FALSE (yes or no)"), False)


def day(name: str, value: Any, *, required: bool = False) -> date | None:
    """A date: an Excel date, a serial number (45292) or ISO text (2024-01-01)."""
    return _read(name, value, lambda v: cell.date_value(v, "a date"), required)


def day_by(name: str, value: Any, event: date | None) -> date | None:
    """A date (as :func:`day`) on or before the event's date ``event`` (``None``: today, as the
    engines take a blank end date): a birth date or a joining date after the event is refused, as
    the crosstable refuses its Birth date and Joined columns after the event's end."""
    found = day(name, value)
    limit = date.today() if event is None else event
    if found is not None and found > limit:
        when = f"the event ({limit.isoformat()})" if event is not None else \
            f"today ({limit.isoformat()}; the end date is blank)"
        raise ArgumentError(f"Argument '{name}' {found.isoformat()} is after {when}")
    return found


def text(name: str, value: Any) -> str | None:
    """Text as typed, each run of spaces (non-breaking ones too) as one space (a number reads as
    Excel shows it); ``None`` when blank. Every text argument names a choice (``all wins``,
    ``Round robin``, ``USCF``, an output column), where a doubled space is a slip."""
    found = _read(name, value, cell.text, False)
    return None if found is None else " ".join(found.split())


def edition_key(name: str, value: Any) -> str | int | None:
    """A rules cell as a key: a whole number (2020.0 -> 2020) or stripped text; ``None`` when blank."""
    raw = scalar(name, value)
    if raw is None:
        return None
    if isinstance(raw, bool):
        raise RulesError(f"Argument '{name}' must name a rule edition, not {raw!r}")
    if isinstance(raw, Real):
        as_float = cell.finite(raw)
        if as_float is not None and as_float == int(as_float):
            return int(as_float)
        raise RulesError(f"Argument '{name}' must name a rule edition, not {cell.show(raw)}")
    return str(raw).strip()


def _edition(system: systems.System, value: Any, name: str) -> Any:
    """The rules of ``system``'s edition that the cell names (any name the registry knows for it);
    blank: the newest."""
    key = edition_key(name, value)
    if key is None:
        return system.default.rules
    found = system.edition(key)
    if found is None:
        names = "; ".join(", ".join(repr(a) for a in e.aliases) for e in system.editions)
        raise RulesError(f"Argument '{name}' must be a {system.name} rule edition ({names}; blank: "
                         f"{system.default.name}), not {cell.show(key)}")
    return found.rules


def uscf_rules(value: Any, name: str = "rules") -> uscf.UscfRules:
    """A US Chess edition: ``2020``, ``"2011"``, ``"USCF 2009"`` (any case); blank: the newest."""
    found: uscf.UscfRules = _edition(systems.USCF, value, name)
    return found


def fide_rules(value: Any, name: str = "rules") -> fide.FideRules:
    """A FIDE edition: ``"2024"``, ``"handbook"``, ``"FIDE 2024"``, ``"FIDE handbook"``; blank: 2024."""
    found: fide.FideRules = _edition(systems.FIDE, value, name)
    return found


def rating_system(name: str, value: Any) -> str | None:
    """A US Chess rating system by any name the registry knows (``Quick rating``, ``Online QC``):
    its name (``Quick``, ``Online Quick``); ``None`` when blank."""
    typed = text(name, value)
    if typed is None:
        return None
    found = systems.USCF.rating_system(typed)
    if found is None:
        known = ", ".join(r.name for r in systems.USCF.rating_systems)
        raise ArgumentError(f"Argument '{name}' must be a US Chess rating system ({known}), "
                            f"not {cell.show(typed)}")
    return found


CellReader = Callable[[str, int, Any], float]
"""Reads one cell of a range: the argument's name, the cell's place in the range (from 0, blank
cells counted) and its value; an error names the cell (``Argument 'ratings', cell 3 ...``)."""


def rating_cells(low: float = 0.0) -> CellReader:
    """A :data:`CellReader` of ratings from ``low`` to 4000."""
    return partial(_rating_in, low=low)


def checked_cells(check: Callable[[str, float], float]) -> CellReader:
    """A :data:`CellReader` of numbers held to ``check``, an engine's check of an argument (an
    :mod:`xlrating._check` function of its name and value), its error naming the cell."""
    return partial(_checked_in, check)


def pairs(first_name: str, first: Any, second_name: str, second: Any, *,
          read_first: CellReader | None = None, read_second: CellReader | None = None
          ) -> list[tuple[float, float]]:
    """Two ranges of numbers paired cell by cell (reading order), each cell read by its range's
    :data:`CellReader` (default: any number); positions where both are blank are skipped, one
    blank beside a number is an error, and so are two blocks of different shapes."""
    _same_shape(first_name, first, second_name, second)
    left, right = cells(first), cells(second)
    result: list[tuple[float, float]] = []
    for index in range(max(len(left), len(right))):
        a = left[index] if index < len(left) else None
        b = right[index] if index < len(right) else None
        _no_error(first_name, a, index)
        _no_error(second_name, b, index)
        if a is None and b is None:
            continue
        if a is None or b is None:
            empty, other, value = (first_name, second_name, b) if a is None else (second_name, first_name, a)
            raise ArgumentError(f"Argument '{empty}' is blank in cell {index + 1}, where '{other}' has "
                                f"{cell.show(value)}")
        result.append(((read_first or _number_in)(first_name, index, a),
                       (read_second or _number_in)(second_name, index, b)))
    return result


def _rating_in(name: str, index: int, value: Any, low: float) -> float:
    """A range's cell read as a rating from ``low`` to 4000, named by its place in the range."""
    return _checked_in(partial(_check.rating, low=low), name, index, value)


def checked(check: Callable[[str, float], float], name: str, found: float, value: Any) -> float:
    """``found``, the number read from the cell value ``value``, held to ``check`` (an
    :mod:`xlrating._check` function of its name and value); its error shows the cell's value as
    the other messages do (``not 5000``, where the check would say ``not 5000.0``)."""
    try:
        return check(name, found)
    except ArgumentError as error:
        raise ArgumentError(str(error).replace(f"not {found!r}", f"not {cell.show(value)}")) from None


def _checked_in(check: Callable[[str, float], float], name: str, index: int, value: Any) -> float:
    """A range's cell read as a number and held to ``check``, its error named by the cell."""
    found = _number_in(name, index, value)
    try:
        return checked(check, name, found, value)
    except ArgumentError as error:
        raise ArgumentError(str(error).replace(f"Argument '{name}'", f"Argument '{name}', cell {index + 1}",
                                               1)) from None


def _number_in(name: str, index: int, value: Any) -> float:
    _no_error(name, value, index)
    try:
        found = cell.number(value, "a number")
    except cell.BadValue as error:
        raise ArgumentError(f"Argument '{name}', cell {index + 1}: {error.message}") from None
    assert found is not None
    return found
