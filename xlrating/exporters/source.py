"""What an exporter reads: a crosstable workbook's event, validated as ``xlrating rate`` validates it.

:func:`read_event` takes the sheets' values (grids, as :func:`xlrating.workbook.read_grids`
gives them), reads the ``Event`` sheet and every crosstable sheet with the crosstable
reader, and refuses, with every problem and its cell, a workbook that ``rate`` would
refuse: a submission file is never written from a crosstable that does not add up.

Besides the settings and columns the rating reads, an export needs columns and
settings the rating ignores; they are read here by their header (folded like every
header: case, spaces, ``_``, ``-`` and ``.`` ignored):

- player columns ``Sex``, ``Title``, ``Federation`` (``Fed``), ``State``, ``Rank``, and for
  a TRF file ``National rating``, ``National ID`` and ``TRF`` (what the crosstable's cells
  cannot say, kept by the TRF importer);
- the ``Event`` settings of :data:`xlrating.crosstable.settings.REPORT_SETTINGS` (TRF
  header lines, US Chess report fields), each with its cell.

The importers write these, so what came in goes back out.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import _check
from ..crosstable import Crosstable, EventSettings, Grid, PlayerRow
from ..crosstable.columns import EXTRA_COLUMNS as EXTRA_COLUMNS  # the columns an export reads
from ..crosstable.columns import fold
from ..crosstable.rate import check_rows
from ..crosstable.render import round_half_up
from ..crosstable.settings import REPORT_SETTINGS, read_report_settings, read_settings
from ..crosstable.values import text
from ..crosstable.workbook import NO_CROSSTABLE, SETTINGS_SHEET, crosstable_sheets
from ..errors import CrosstableError, Problem
from ..names import find_sheet

#: ``Event`` settings an export reads besides the rating's.
EXTRA_SETTINGS: tuple[str, ...] = tuple(REPORT_SETTINGS)

_EXTRA_KEYS = {fold(alias): name for name, aliases in EXTRA_COLUMNS.items() for alias in (name, *aliases)}


@dataclass(frozen=True)
class Section:
    """One crosstable sheet, parsed, with the columns the rating does not read."""

    crosstable: Crosstable
    extra: Mapping[int, Mapping[str, Any]]
    """Per pairing number: ``Sex``, ``Title``, ``Federation``, ``State``, ``Rank``... as entered."""
    extra_columns: Mapping[str, int] = field(default_factory=dict)
    """The 1-based sheet column of each extra column the sheet has."""

    @property
    def name(self) -> str:
        return self.crosstable.sheet

    def column(self, name: str) -> int | None:
        """The 1-based sheet column of ``name``, a crosstable or an extra column (``None``: none)."""
        return self.crosstable.columns.get(name) or self.extra_columns.get(name)

    def value(self, player: PlayerRow, column: str) -> str:
        """An extra column's value as text (``""`` when blank): whole numbers without ``.0``."""
        return text(self.extra.get(player.number, {}).get(column)) or ""


@dataclass(frozen=True)
class ExportEvent:
    """A crosstable workbook as an exporter sees it."""

    settings: EventSettings
    sections: tuple[Section, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    """The extra ``Event`` settings given (see :data:`EXTRA_SETTINGS`), by canonical name."""
    end_date_given: bool = True
    """Whether the ``Event`` sheet gives an End date (when not, rating takes today)."""
    cells: Mapping[str, str] = field(default_factory=dict)
    """The cell of each extra setting the ``Event`` sheet has a row for (given or blank)."""

    def setting(self, name: str) -> str:
        """An extra setting as text, ``""`` when not given."""
        value = self.extra.get(name)
        if isinstance(value, datetime.datetime):
            value = value.date()
        if isinstance(value, datetime.date):
            return value.isoformat()
        return text(value) or ""


def _extra_columns(grid: Grid, crosstable: Crosstable) -> tuple[dict[int, dict[str, Any]], dict[str, int]]:
    """Each player's extra values, and the 1-based column of each extra column."""
    rows = [list(row) if row is not None else [] for row in grid]
    header = rows[crosstable.header_row - 1]
    columns = {(_EXTRA_KEYS[fold(h)]): c for c, h in enumerate(header) if fold(h) in _EXTRA_KEYS}
    extra: dict[int, dict[str, Any]] = {}
    for player in crosstable.players:
        row = rows[player.row - 1]
        extra[player.number] = {name: row[c] if c < len(row) else None for name, c in columns.items()}
    return extra, {name: c + 1 for name, c in columns.items()}


def _crosstable_sheets(sheets: Mapping[str, Grid], settings_sheet: str | None, only: Sequence[str],
                       problems: list[Problem]) -> list[str]:
    """The crosstable sheets to export: all, or those ``only`` names (a problem for each it names
    that is not there, or for a workbook with none)."""
    crosstables = crosstable_sheets(sheets, settings_sheet)
    if only:
        have = {fold(c) for c in crosstables}
        problems += [Problem("", f"there is no crosstable sheet {name!r} (the crosstable sheets are "
                                 + ", ".join(repr(c) for c in crosstables) + ")")
                     for name in only if fold(name) not in have]
        wanted = {fold(n) for n in only}
        return [n for n in crosstables if fold(n) in wanted]
    if not crosstables:
        problems.append(Problem("", NO_CROSSTABLE))
    return crosstables


def _section(grid: Grid, settings: EventSettings, name: str, problems: list[Problem]) -> Section | None:
    """One crosstable sheet read as ``rate`` reads it (its problems added to ``problems``), with
    its extra columns."""
    from ..crosstable.parse import read_crosstable

    crosstable, found = read_crosstable(grid, settings, sheet=name)
    problems.extend(found)
    if crosstable is None:
        return None
    if crosstable.players:
        problems.extend(check_rows(crosstable))
    return Section(crosstable, *_extra_columns(grid, crosstable))


def _end_date_given(grid: Grid | None) -> bool:
    """Whether the ``Event`` sheet has an ``End date`` row with a value."""
    return any(row and fold(row[0]) == fold("End date") and len(row) > 1 and text(row[1])
               for row in grid or ())


def export_event(event: Any) -> ExportEvent:
    """``event`` checked to be an :class:`ExportEvent` (what :func:`read_event` gives)."""
    if not isinstance(event, ExportEvent):
        raise _check.fail("event", "an ExportEvent (from load_event or read_event)", event)
    return event


def read_event(sheets: Mapping[str, Grid], *, only: Sequence[str] = (), check: bool = True) -> ExportEvent:
    """The event of a workbook's sheets (``only``: just the crosstable sheets so named).

    Raises :class:`~xlrating.errors.CrosstableError` with every problem and its cell
    when the ``Event`` sheet or a crosstable has errors (what ``rate`` would refuse);
    ``check=False`` skips that (for tests of what the reader does not accept yet).
    """
    if not isinstance(sheets, Mapping):
        raise _check.fail("sheets", "a mapping of sheet name to grid", sheets)
    only, check = _check.texts("only", only, "a list of sheet names"), _check.flag("check", check)
    settings_name = find_sheet(sheets, SETTINGS_SHEET)
    settings_grid = sheets[settings_name] if settings_name is not None else None
    settings, problems = read_settings(settings_grid, sheet=settings_name or SETTINGS_SHEET)
    read = [_section(sheets[name], settings, name, problems)
            for name in _crosstable_sheets(sheets, settings_name, only, problems)]
    if problems and check:
        count = len(problems)
        where = "crosstable" if read else "workbook"  # (no crosstable sheet to export: the workbook's)
        raise CrosstableError(problems, title=f"The {where} has {count} error{'s' if count != 1 else ''}; "
                                              "nothing was exported.")
    extra = read_report_settings(settings_grid, sheet=settings_name or SETTINGS_SHEET)
    return ExportEvent(settings, tuple(s for s in read if s is not None),
                       {name: value for name, (value, _) in extra.items()}, _end_date_given(settings_grid),
                       {name: cell for name, (_, cell) in extra.items()})


def ascii_digits(value: str) -> bool:
    """Whether ``value`` is digits 0 to 9 only, as a number field of a TRF or DBF file holds them
    (``str.isdigit`` also takes full-width and other scripts' digits, which the importers refuse)."""
    return value.isascii() and value.isdigit()


def file_date(value: datetime.date, separator: str = "") -> str:
    """``YYYY/MM/DD`` (``separator`` ``/``) or ``YYYYMMDD``, the year always in four digits
    (``strftime`` writes the year 999 as ``999``)."""
    return separator.join((f"{value.year:04d}", f"{value.month:02d}", f"{value.day:02d}"))


def whole_rating(value: float) -> str:
    """A rating as a file's whole-number field holds it: the nearest whole number, .5 up, as
    official ratings are shown (US Chess 2020, 1), so 1500.5 is 1501 (``round`` would write
    1500, and 1502 for 1501.5)."""
    return str(round_half_up(value))


def points_of(player: PlayerRow) -> float:
    """The player's score: every round's points, byes and forfeits included."""
    return sum(cell.code.points for cell in player.rounds)


def rank(section: Section) -> dict[int, int]:
    """Each player's rank: the ``Rank`` column when every player has a whole number there,
    else by score, then Buchholz (the sum of the scores of the opponents met over the
    board, ``W``/``L``/``D``), then Sonneborn-Berger (the scores of the opponents beaten,
    plus half those of the opponents drawn), then pairing number: every rank is unique.
    """
    players = section.crosstable.players
    given = {p.number: section.value(p, "Rank") for p in players}
    if all(v.isdecimal() and int(v) >= 1 for v in given.values()):  # (isdigit takes 2², int does not)
        return {n: int(v) for n, v in given.items()}
    score = {p.number: points_of(p) for p in players}

    def buchholz(p: PlayerRow) -> float:
        return sum(score[c.opponent] for c in p.rounds if c.rated and c.opponent in score)

    def berger(p: PlayerRow) -> float:
        return sum(score[c.opponent] * c.code.points for c in p.rounds if c.rated and c.opponent in score)

    order = sorted(players, key=lambda p: (-score[p.number], -buchholz(p), -berger(p), p.number))
    return {p.number: place for place, p in enumerate(order, start=1)}


#: The crosstable columns an export may name as not held by its file, by the row's attribute (any
#: other name is a second rating system's column, ``Quick``, read into the row's other ratings).
_HELD = {"Games": "games", "K": "k", "Peak": "peak", "Joined": "joined"}


def _given(player: PlayerRow, column: str) -> bool:
    if column in _HELD:
        return getattr(player, _HELD[column]) is not None
    other = player.other(column)
    return other is not None and other.rating is not None


def not_held(event: ExportEvent, columns: Sequence[str], file: str, why: str) -> list[str]:
    """A warning saying which of ``columns`` (``Games``, ``K``, a second rating system's ``Quick``...)
    the crosstable fills for some player and ``file`` cannot hold, and ``why`` (an export says what
    it leaves out)."""
    players = [p for section in event.sections for p in section.crosstable.players]
    counts = [(name, sum(_given(p, name) for p in players)) for name in columns]
    given = [f"the {name} column ({n} player{'s' if n != 1 else ''})" for name, n in counts if n]
    if not given:
        return []
    are = "are" if len(given) > 1 else "is"
    text = f"{' and '.join(given)} {are} not in {file}: {why}"
    return [text[0].upper() + text[1:]]
