"""Rated events -> the report's content: Summary, Ratings, Games, Explanations, Charts.

Pure: reads :class:`~xlrating.crosstable.RatedEvent`\\ s (the crosstable's players and
the engines' explained outcomes) and returns a :class:`~xlrating.report.content.Report`.
Nothing is recomputed: every number is a field of a
:class:`~xlrating.model.PlayerOutcome` or a sum of such fields, so the Summary's totals
are the sums of the Ratings sheet's columns.

One *part* of the report is one rated outcome of one crosstable: a crosstable sheet is
one event (the US Chess importer writes one sheet per section), and a dual-rated US
Chess event has two outcomes (Regular, then Quick). The Ratings, Games and Explanations
tables hold every part, labelled by ``Section`` (when there is more than one crosstable)
and ``Rating system`` (when an event is dual-rated), so one filter shows one part.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date

from .. import __version__, systems
from ..crosstable.model import PlayerRow, RatedEvent
from ..errors import ArgumentError
from ..model import EventOutcome, Method, PlayerOutcome
from .content import (
    COUNT,
    DATE,
    DECIMAL_2,
    DETAIL,
    RATING,
    SCORE,
    SIGNED,
    SIGNED_1,
    SIGNED_2,
    Cell,
    Chart,
    ChartKind,
    Column,
    PageSetup,
    Range,
    Report,
    Series,
    Sheet,
    Style,
    Table,
    Value,
)

__all__ = ["EXPLAINED_METHODS", "MAX_BARS", "build_report"]

#: Methods whose players the Explanations sheet always explains (the special and iterative ones).
EXPLAINED_METHODS = frozenset({Method.SPECIAL, Method.UNRATED, Method.PERFORMANCE, Method.PROVISIONAL})

#: The rating-change chart shows every player up to this many; above it, the half this
#: many largest losses and largest gains (a bar chart of hundreds of players is unreadable).
MAX_BARS = 20


SUMMARY, RATINGS, GAMES, EXPLANATIONS, CHARTS, CHART_DATA = (
    "Summary", "Ratings", "Games", "Explanations", "Charts", "Chart data")

#: Rows of a table sheet: title, subtitle, a note, then the table's header.
TABLE_ROW = 4

_ILLEGAL = re.compile(r"[\000-\010\013\014\016-\037]")
_GAIN, _LOSS = "2E7D32", "C62828"
#: Charts sheet geometry: column A is a margin, B onwards are this wide (characters); a
#: row is 15 points (0.529 cm).
_CHART_COLUMN_WIDTH = 13.0
_CHART_COLUMN_CM = (_CHART_COLUMN_WIDTH * 7 + 5) * 2.54 / 96
_ROW_CM = 15 / 72 * 2.54
#: The height a printed landscape page leaves for content, in cm (A4 minus margins, rounded down).
_PAGE_CM = 16.5
#: Height of the two scatter charts, in cm.
_SCATTER_CM = 12.0


def text(value: object) -> str:
    """User text as the report shows it: control characters an .xlsx cannot hold are dropped."""
    return _ILLEGAL.sub("", str(value))


def _number(value: float | int | None) -> float | int | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    as_float = float(value)
    return as_float if math.isfinite(as_float) else None


def _dates(start: date | None, end: date | None, end_blank: bool = False) -> str:
    """The event's days; an End date left blank (today stood in for it) is said so."""
    rated = " (End date blank: the day it was rated)" if end_blank else ""
    if start is not None and end is not None and start != end:
        return f"{start.isoformat()} to {end.isoformat()}{rated}"
    day = end or start
    return day.isoformat() + rated if day is not None else ""


# --- parts -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Part:
    """One rated outcome of one crosstable."""

    event: RatedEvent
    outcome: EventOutcome
    index: int
    """Position of the outcome in its event (0: Regular or the only one; 1: Quick)."""
    section: str
    """The crosstable sheet's name."""
    system: str
    """``Regular``/``Quick`` for a dual-rated event, else empty."""
    rows: tuple[tuple[PlayerRow, PlayerOutcome], ...]
    names: dict[int, str]
    official: bool
    """The crosstable has an official post rating column for this outcome."""

    def official_post(self, row: PlayerRow) -> float | None:
        return row.official_post if self.index == 0 else row.official_post_quick

    def heading(self, multi_section: bool) -> str:
        """``US Chess Quick rating``, ``FIDE rating``; with the section when there are several."""
        outcome = self.outcome
        rating = systems.get(outcome.system).short_name
        if outcome.rating_system:
            rating += f" {outcome.rating_system}"
        rating += " rating"
        return f"{self.section}: {rating}" if multi_section else rating


def _parts(events: Sequence[RatedEvent]) -> list[_Part]:
    parts = []
    for event in events:
        crosstable = event.crosstable
        names = {p.number: text(p.name) for p in crosstable.players}
        dual = len(event.outcomes) > 1
        for index, outcome in enumerate(event.outcomes):
            rows = tuple((p, outcome.player(p.number)) for p in crosstable.players)
            column = "Official post rating" if index == 0 else "Official post Quick rating"
            parts.append(_Part(event=event, outcome=outcome, index=index, section=text(crosstable.sheet),
                               system=(outcome.rating_system or ("Regular", "Quick")[index]) if dual else "",
                               rows=rows, names=names, official=column in crosstable.columns))
    return parts


# --- tables ------------------------------------------------------------------------------------

Getter = Callable[[_Part, PlayerRow, PlayerOutcome], Value]


@dataclass(frozen=True)
class _Field:
    column: Column
    value: Getter
    optional: bool = False
    """Left out when every row is empty (a column the system does not use)."""


def _official_difference(part: _Part, row: PlayerRow, o: PlayerOutcome) -> Value:
    official = part.official_post(row)
    if o.post_rating is None or official is None:
        return None
    return math.floor(o.post_rating + 0.5) - math.floor(official + 0.5)


def _labels(fields: Sequence[_Field], part: _Part) -> list[Value]:
    """The Section and Rating system values of ``part``'s rows."""
    if not part.rows:
        return []
    row, outcome = part.rows[0]
    return [f.value(part, row, outcome) for f in fields]


def _label_fields(multi_section: bool, dual: bool) -> list[_Field]:
    fields = []
    if multi_section:
        fields.append(_Field(Column("Section", width=12), lambda part, row, o: part.section))
    if dual:
        fields.append(_Field(Column("Rating system", width=9), lambda part, row, o: part.system))
    return fields


def _ratings_fields(multi_section: bool, dual: bool, official: bool) -> list[_Field]:
    fields = _label_fields(multi_section, dual)
    fields += [
        _Field(Column("No", COUNT, 5), lambda part, row, o: row.number),
        _Field(Column("Name", width=24), lambda part, row, o: text(row.name)),
        _Field(Column("ID", width=10), lambda part, row, o: text(row.member_id) if row.member_id else None,
               optional=True),
        _Field(Column("Pre rating", RATING, 7), lambda part, row, o: _number(o.pre_rating)),
        _Field(Column("Pre games", COUNT, 6), lambda part, row, o: o.pre_games, optional=True),
        _Field(Column("Post rating", RATING, 7), lambda part, row, o: _number(o.post_rating)),
        _Field(Column("Post games", COUNT, 6), lambda part, row, o: o.post_games, optional=True),
        _Field(Column("Change", SIGNED, 7, signed=True), lambda part, row, o: _number(o.rating_change)),
    ]
    if official:
        fields += [
            _Field(Column("Official post rating", RATING, 8),
                   lambda part, row, o: _number(part.official_post(row)) if part.official else None),
            _Field(Column("Official difference", SIGNED, 8, signed=True), _official_difference),
        ]
    fields += [
        _Field(Column("N'", DECIMAL_2, 6), lambda part, row, o: _number(o.effective_games), optional=True),
        _Field(Column("K", DECIMAL_2, 6), lambda part, row, o: _number(o.k), optional=True),
        _Field(Column("Bonus", DECIMAL_2, 6), lambda part, row, o: _number(o.bonus), optional=True),
        _Field(Column("Method", width=11), lambda part, row, o: o.method.value),
        _Field(Column("Floor", RATING, 6), lambda part, row, o: _number(o.floor), optional=True),
        _Field(Column("Floor applied", width=7), lambda part, row, o: "yes" if o.floor_applied else None,
               optional=True),
        _Field(Column("Score", SCORE, 6), lambda part, row, o: _number(row.score)),
        _Field(Column("Rated games", COUNT, 6), lambda part, row, o: o.rated_games),
        _Field(Column("Rated score", SCORE, 6), lambda part, row, o: _number(o.rated_score)),
        _Field(Column("Expected score", DECIMAL_2, 8), lambda part, row, o: _number(o.expected_score),
               optional=True),
        _Field(Column("Performance", RATING, 8), lambda part, row, o: _number(o.performance), optional=True),
        _Field(Column("Notes", width=56, wrap=True),
               lambda part, row, o: text("; ".join(o.notes)) if o.notes else None, optional=True),
    ]
    return fields


def _select(fields: list[_Field], rows: list[list[Value]]
            ) -> tuple[tuple[Column, ...], tuple[tuple[Value, ...], ...]]:
    """Drop the optional columns no row uses; size the text columns to their contents."""
    keep = [i for i, f in enumerate(fields) if not f.optional or any(r[i] is not None for r in rows)]
    columns = []
    for i in keep:
        column = fields[i].column
        longest_word = max(len(word) for word in column.header.split())
        width = max(column.width, longest_word + 2)
        if column.number_format is None and not column.wrap:
            longest = max((len(v) for v in (r[i] for r in rows) if isinstance(v, str)), default=0)
            width = max(longest_word + 2, min(max(column.width, longest + 2), 32))
        columns.append(Column(column.header, column.number_format, float(width), column.signed, column.wrap))
    body = tuple(tuple(r[i] for i in keep) for r in rows)
    return tuple(columns), body


def _heights(table: Table) -> tuple[tuple[int, float], ...]:
    """Row heights for the header (wrapped headers) and body rows with wrapped long text."""
    heights: list[tuple[int, float]] = []
    header_lines = max(_lines(c.header, c.width) for c in table.columns)
    if header_lines > 1:
        heights.append((table.row, 15.0 * header_lines))
    wrapped = [(i, c.width) for i, c in enumerate(table.columns) if c.wrap]
    if wrapped:
        for offset, row in enumerate(table.rows):
            lines = max(_lines(v, width) if isinstance(v := row[i], str) else 1 for i, width in wrapped)
            if lines > 1:
                heights.append((table.row + 1 + offset, 15.0 * lines))
    return tuple(heights)


def _lines(value: str, width: float) -> int:
    """How many lines ``value`` takes wrapped at ``width`` characters (a word-wrap estimate)."""
    per_line = max(int(width * 1.15) - 1, 1)
    lines, used = 1, 0
    for word in value.split():
        length = len(word)
        if used and used + 1 + length > per_line:
            lines += 1 + (length - 1) // per_line
            used = length % per_line or per_line
        else:
            used += (1 if used else 0) + length
            while used > per_line:
                lines += 1
                used -= per_line
    return lines


def _table_sheet(name: str, title: str, subtitle: str, note: str, table: Table | None, empty: str,
                 frozen_columns: int, page: PageSetup) -> Sheet:
    span = len(table.columns) if table is not None else 8
    width = sum(c.width for c in table.columns) if table is not None else 80.0
    cells = [Cell(1, 1, title, style=Style.TITLE), Cell(2, 1, subtitle, style=Style.SUBTITLE, span=span),
             Cell(3, 1, note, style=Style.NOTE, span=span)]
    heights = [(3, 15.0 * _lines(note, width))]
    if table is None:
        cells.append(Cell(TABLE_ROW, 1, empty, style=Style.NOTE, span=span))
        return Sheet(name=name, cells=tuple(cells), page=page, row_heights=tuple(heights),
                     widths=tuple((c, 10.0) for c in range(1, span + 1)))
    return Sheet(
        name=name, cells=tuple(cells), tables=(table,), freeze=(table.row + 1, table.column + frozen_columns),
        row_heights=(*heights, *_heights(table)),
        page=PageSetup(landscape=page.landscape, paper=page.paper, title_rows=(table.row, table.row),
                       header=page.header))


# --- Ratings -----------------------------------------------------------------------------------


def _ratings(parts: list[_Part], multi_section: bool, dual: bool, subtitle: str, page: PageSetup) -> Sheet:
    official = any(part.official for part in parts)
    fields = _ratings_fields(multi_section, dual, official)
    rows = [[f.value(part, row, o) for f in fields] for part in parts for row, o in part.rows]
    columns, body = _select(fields, rows)
    table = Table(RATINGS, TABLE_ROW, 1, columns, body) if body else None
    note = ("One row per player. Change = post-event minus pre-event rating (blank for a player who had no "
            "pre-event rating); green: a gain, red: a loss. N' = effective games; K = the K factor used.")
    if official:
        note += " Official difference = our post rating minus the official one, both rounded."
    frozen = 1 + int(multi_section) + int(dual) + 1
    return _table_sheet(RATINGS, "Ratings", subtitle, note, table, "The event has no players.", frozen, page)


# --- Games -------------------------------------------------------------------------------------


#: The Games sheet lists every game line up to this many (each game twice, once from each
#: side); a bigger event's report leaves them out unless asked (``games=True``, ``--games``):
#: at 10,000 players they are three quarters of the report's cells and of its time.
GAMES_BY_DEFAULT = 20_000


def _games(parts: list[_Part], multi_section: bool, dual: bool, subtitle: str, page: PageSetup,
           wanted: bool | None) -> Sheet:
    lines = sum(len(o.games) for part in parts for _row, o in part.rows)
    if wanted is False or (wanted is None and lines > GAMES_BY_DEFAULT):
        why = ("left out, as asked" if wanted is False else
               f"left out: the event has {lines:,} game lines, more than {GAMES_BY_DEFAULT:,}")
        note = (f"One row per rated game from each player's side: {why}. Ask for them with "
                "xlrating report --games (games=True from Python).")
        return _table_sheet(GAMES, "Games", subtitle, note, None, "The games are not listed.", 2, page)
    fields = _label_fields(multi_section, dual)
    labels = len(fields)
    fields += [
        _Field(Column("No", COUNT, 5), lambda part, row, o: None),
        _Field(Column("Player", width=24), lambda part, row, o: None),
        _Field(Column("Round", COUNT, 6), lambda part, row, o: None),
        _Field(Column("Opponent No", COUNT, 8), lambda part, row, o: None),
        _Field(Column("Opponent", width=24), lambda part, row, o: None),
        _Field(Column("Opponent rating", RATING, 8), lambda part, row, o: None),
        _Field(Column("Result", "General", 6), lambda part, row, o: None),
        _Field(Column("Expected score", DECIMAL_2, 8), lambda part, row, o: None, optional=True),
        _Field(Column("Change", SIGNED_2, 8, signed=True), lambda part, row, o: None, optional=True),
    ]
    rows: list[list[Value]] = []
    for part in parts:
        label = _labels(fields[:labels], part)
        for row, o in part.rows:
            for game in o.games:
                rows.append([*label, row.number, part.names[row.number], game.round, game.opponent,
                             part.names.get(game.opponent, ""), _number(game.opponent_rating),
                             _number(game.score), _number(game.expected), _number(game.change)])
    columns, body = _select(fields, rows)
    table = Table(GAMES, TABLE_ROW, 1, columns, body) if body else None
    note = ("One row per rated game from each player's side, as the final rating step saw it: the opponent "
            "rating it used, the result, the expected score and what the game added to the change (blank "
            "where the method does not add up game by game).")
    frozen = labels + 2
    return _table_sheet(GAMES, "Games", subtitle, note, table, "No rated game was played.", frozen, page)


# --- Explanations ------------------------------------------------------------------------------


def explained(outcome: PlayerOutcome, *, everyone: bool = False) -> bool:
    """Whether the Explanations sheet explains ``outcome``: a special or iterative method,
    a bonus or a floor that changed the rating (every player with steps when ``everyone``)."""
    if not outcome.steps:
        return False
    return (everyone or outcome.method in EXPLAINED_METHODS or bool(outcome.bonus)
            or outcome.floor_applied)


def _explanations(parts: list[_Part], multi_section: bool, dual: bool, subtitle: str, page: PageSetup,
                  everyone: bool) -> Sheet:
    fields = _label_fields(multi_section, dual)
    labels = len(fields)
    fields += [
        _Field(Column("No", COUNT, 5), lambda part, row, o: None),
        _Field(Column("Name", width=24), lambda part, row, o: None),
        _Field(Column("Method", width=11), lambda part, row, o: None),
        _Field(Column("Step", width=30, wrap=True), lambda part, row, o: None),
        _Field(Column("Value", DETAIL, 11), lambda part, row, o: None),
        _Field(Column("Detail", width=70, wrap=True), lambda part, row, o: None),
    ]
    rows: list[list[Value]] = []
    for part in parts:
        label = _labels(fields[:labels], part)
        for row, o in part.rows:
            if not explained(o, everyone=everyone):
                continue
            head = [*label, row.number, part.names[row.number], o.method.value]
            for step in o.steps:
                rows.append([*head, text(step.label), _number(step.value), text(step.detail) or None])
            for note in o.notes:
                rows.append([*head, "Note", None, text(note)])
    columns, body = _select(fields, rows)
    table = Table(EXPLANATIONS, TABLE_ROW, 1, columns, body) if body else None
    if everyone:
        note = "The steps that produced every player's rating, in order."
    else:
        note = ("The steps that produced the rating of each player rated by a special or iterative method "
                "(US Chess special formula, FIDE and ICU first ratings, ICU provisional ratings) and of each "
                "player whose rating a bonus or a floor changed. Every other player's rating is the "
                "Ratings sheet's K x (score - expected score), game by game on the Games sheet.")
    empty = "No player was rated by a special or iterative method, and no bonus or floor changed a rating."
    return _table_sheet(EXPLANATIONS, "Explanations", subtitle, note, table, empty, labels + 2, page)


# --- Summary -----------------------------------------------------------------------------------


class _Lines:
    """The Summary sheet, written top to bottom: label in A, value in B, a remark in C."""

    def __init__(self) -> None:
        self.cells: list[Cell] = []
        self.heights: list[tuple[int, float]] = []
        self.row = 1

    def add(self, label: str, value: Value, number_format: str | None = None, remark: str = "") -> None:
        self.cells.append(Cell(self.row, 1, label, style=Style.LABEL))
        if value is not None and value != "":
            self.cells.append(Cell(self.row, 2, value, number_format))
        if remark:
            self.cells.append(Cell(self.row, 3, remark, style=Style.NOTE))
        lines = max(_lines(value, SUMMARY_WIDTHS[1] - 1) if isinstance(value, str) else 1,
                    _lines(remark, SUMMARY_WIDTHS[2] - 1) if remark else 1)
        if lines > 1:
            self.heights.append((self.row, 15.0 * lines))
        self.row += 1

    def single(self, value: str, style: Style) -> None:
        self.cells.append(Cell(self.row, 1, value, style=style))
        self.row += 1

    def heading(self, value: str) -> None:
        if self.row > 1:
            self.row += 1
        self.single(value, Style.HEADING)


#: Summary column widths (characters): labels, values, remarks.
SUMMARY_WIDTHS = (40.0, 70.0, 36.0)


def _who(part: _Part, number: int) -> str:
    name = part.names.get(number, "")
    return f"No. {number} {name}".rstrip()


def _summary_part(lines: _Lines, part: _Part, multi_section: bool) -> None:
    """One part's results (counts, rating changes, bonuses and floors, the official
    comparison), then its rules and parameters."""
    heading = part.heading(multi_section)
    lines.heading(f"{heading}: results")
    for section in (_summary_counts, _summary_changes, _summary_bonus_floor, _summary_official):
        section(lines, part)
    lines.heading(f"{heading}: rules and parameters")
    _summary_rules(lines, part)


def _summary_counts(lines: _Lines, part: _Part) -> None:
    """Players, games, unrated and new players, and the players rated by each method."""
    outcomes = [o for _, o in part.rows]
    lines.add("Players", len(outcomes), COUNT)
    lines.add("Rated games", len(part.event.crosstable.games), COUNT, "each game counted once")
    lines.add("Players with a rated game", sum(1 for o in outcomes if o.rated_games > 0), COUNT)
    lines.add("Unrated players", sum(1 for o in outcomes if o.pre_rating is None), COUNT,
              "entered without a pre-event rating")
    new = sum(1 for o in outcomes if o.pre_rating is None and o.post_rating is not None)
    lines.add("New players rated", new, COUNT, "unrated players who left with a rating")
    methods: dict[str, int] = {}
    for o in outcomes:
        methods[o.method.value] = methods.get(o.method.value, 0) + 1
    for method, count in methods.items():
        lines.add(f"Rated by method: {method}", count, COUNT)


def _summary_changes(lines: _Lines, part: _Part) -> None:
    """The rating changes: how many, their total and average, gains and losses, the largest."""
    changes = [(row.number, o.rating_change) for row, o in part.rows if o.rating_change is not None]
    total = sum(change for _, change in changes)
    lines.add("Players with a rating change", len(changes), COUNT, "had a pre-event and a post-event rating")
    lines.add("Total rating change", total if changes else None, SIGNED_1,
              "the points this event added to (+) or took from (-) the rating pool")
    lines.add("Average rating change", total / len(changes) if changes else None, SIGNED_2)
    lines.add("Players gaining", sum(1 for _, c in changes if c > 0), COUNT)
    lines.add("Players losing", sum(1 for _, c in changes if c < 0), COUNT)
    lines.add("Players unchanged", sum(1 for _, c in changes if c == 0), COUNT)
    if changes:
        best = max(changes, key=lambda item: item[1])
        worst = min(changes, key=lambda item: item[1])
        lines.add("Largest gain", best[1], SIGNED_1, _who(part, best[0]))
        lines.add("Largest loss", worst[1], SIGNED_1, _who(part, worst[0]))


def _summary_bonus_floor(lines: _Lines, part: _Part) -> None:
    """Bonus points and floors, for a system that has them (or when an outcome shows one)."""
    outcomes = [o for _, o in part.rows]
    bonuses = [o.bonus for o in outcomes if o.bonus]
    if systems.get(part.outcome.system).bonuses or any(o.bonus is not None for o in outcomes):
        lines.add("Bonus points awarded", sum(bonuses), DECIMAL_2)
        lines.add("Players with a bonus", len(bonuses), COUNT)
    if systems.get(part.outcome.system).floors or any(o.floor is not None for o in outcomes):
        lines.add("Floors applied", sum(1 for o in outcomes if o.floor_applied), COUNT,
                  "players whose post-event rating the floor raised")


def _summary_official(lines: _Lines, part: _Part) -> None:
    """Our post ratings against the official ones the crosstable gives, if any."""
    if not part.official:
        return
    compared = [d for d in (_official_difference(part, row, o) for row, o in part.rows) if d is not None]
    lines.add("Compared with official post ratings", len(compared), COUNT)
    lines.add("Same as official", sum(1 for d in compared if d == 0), COUNT)
    lines.add("Different from official", sum(1 for d in compared if d != 0), COUNT)
    if compared:
        largest = max(compared, key=lambda d: abs(float(d)) if isinstance(d, (int, float)) else 0.0)
        lines.add("Largest difference", largest, SIGNED)


def _summary_rules(lines: _Lines, part: _Part) -> None:
    """The rules, the rating system, the parameters and the notes of the part's outcome."""
    outcome = part.outcome
    given = {name for name, _ in outcome.parameters}
    if "Rules" not in given:
        lines.add("Rules", outcome.rules)
    if outcome.rating_system:
        lines.add("Rating system", outcome.rating_system)
    for name, value in outcome.parameters:
        if name != "Rating system":
            lines.add(text(name), text(value))
    for note in outcome.notes:
        lines.add("Note", text(note))


def _summary(events: Sequence[RatedEvent], parts: list[_Part], title: str, subtitle: str,
             page: PageSetup, checks: Sequence[str]) -> Sheet:
    multi_section = len(events) > 1
    lines = _Lines()
    lines.single(title, Style.TITLE)
    lines.single(subtitle, Style.SUBTITLE)
    lines.single(f"Made by xlrating {__version__}. Every number is on the Ratings, Games and Explanations "
                 "sheets; the totals here are their sums.", Style.NOTE)
    settings = events[0].settings
    lines.heading("Event")
    missing = "not given on the Event sheet"
    lines.add("Event name", text(settings.event_name) or None, remark="" if settings.event_name else missing)
    lines.add("Start date", settings.start_date, DATE, "" if settings.start_date else missing)
    lines.add("End date", settings.end_date, DATE,
              "blank on the Event sheet: the day it was rated" if settings.end_date_blank else "")
    lines.add("System", systems.get(settings.system).name)
    if systems.get(settings.system).rating_systems:
        lines.add("Rating system", settings.rating_system)
        lines.add("Dual rated", "yes (Regular and Quick)" if settings.dual_rated else "no")
    lines.add("Event type", settings.event_type.value)
    lines.add("Rules edition", settings.rules)
    if settings.bonus_multiplier is not None:
        lines.add("Bonus multiplier (given)", settings.bonus_multiplier, "General")
    sections = [text(e.crosstable.sheet) for e in events]
    lines.add("Crosstable sheets" if multi_section else "Crosstable sheet", ", ".join(sections))
    lines.add("Players", sum(len(e.crosstable.players) for e in events), COUNT)
    lines.add("Rated games", sum(len(e.crosstable.games) for e in events), COUNT)
    for check in checks:
        lines.add("Check", check)
    for part in parts:
        _summary_part(lines, part, multi_section)
    return Sheet(name=SUMMARY, cells=tuple(lines.cells),
                 widths=tuple((i + 1, w) for i, w in enumerate(SUMMARY_WIDTHS)),
                 row_heights=tuple(lines.heights), page=page)


# --- Charts ------------------------------------------------------------------------------------


def _bounds(values: Sequence[float], step: float) -> tuple[float, float]:
    low = math.floor(min(values) / step) * step
    high = math.ceil(max(values) / step) * step
    if high <= low:
        high = low + step
    return low, high


def _data_table(name: str, row: int, column: int, headers: Sequence[str], rows: list[tuple[Value, ...]],
                formats: Sequence[str | None]) -> Table:
    columns = tuple(Column(h, f, 14.0) for h, f in zip(headers, formats, strict=True))
    return Table(name, row, column, columns, tuple(rows), listed=False)


@dataclass
class _Charted:
    """What one part puts on the Charts sheet and its data sheet, and the next free row."""

    cells: list[Cell]
    row: int
    charts: list[Chart] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    breaks: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class _Scatter:
    """One scatter chart of a part, with its diagonal."""

    name: str
    x_title: str
    y_title: str
    title: str
    line_title: str
    step: float
    """The axes' bounds are multiples of this."""
    number_format: str
    missing: str
    """What no player had, when there is nothing to chart."""
    from_zero: bool = False


#: 2. Pre-event against post-event rating; 3. score against expected score.
_SCATTERS = (
    _Scatter("Ratings", "Pre-event rating", "Post-event rating", "Post-event against pre-event rating",
             "No change", 100.0, RATING, "a pre-event and a post-event rating"),
    _Scatter("Scores", "Expected score", "Score in rated games", "Score against expected score",
             "Score = expected", 1.0, SCORE, "an expected score", from_zero=True),
)


def _chart_part(part: _Part, number: int, top: int, data_column: int, heading: str) -> tuple[
        list[Cell], list[Chart], list[Table], int, list[int]]:
    """Cells, charts and data tables of one part; the next free row; the page breaks."""
    found = _Charted([Cell(top, 2, heading, style=Style.HEADING)], top + 1)
    _changes_chart(found, part, number, data_column)
    # Each table carries its own players' labels: the tables are sorted each its own way, so a
    # row of the hidden sheet is one player only within one table.
    pairs = sorted((float(o.pre_rating), float(o.post_rating), _label(part, row.number))
                   for row, o in part.rows if o.pre_rating is not None and o.post_rating is not None)
    scores = sorted((float(o.expected_score), float(o.rated_score), _label(part, row.number))
                    for row, o in part.rows if o.expected_score is not None and o.rated_games > 0)
    placed = [_scatter_chart(found, spec, points, offset, number, data_column)
              for offset, (spec, points) in enumerate(zip(_SCATTERS, (pairs, scores), strict=True))]
    found.row += (math.ceil(_SCATTER_CM / _ROW_CM) + 1) if any(placed) else 4
    return found.cells, found.charts, found.tables, found.row, found.breaks


def _changes_chart(found: _Charted, part: _Part, number: int, data_column: int) -> None:
    """1. Rating change per player: horizontal bars, gains green and losses red, largest gain on top."""
    row = found.row
    changes = sorted(((o.rating_change, row_.number) for row_, o in part.rows if o.rating_change is not None),
                     key=lambda item: (item[0], -item[1]))
    if not changes:
        found.cells.append(Cell(row, 2, "No player had both a pre-event and a post-event rating: no rating "
                                        "change to chart.", style=Style.NOTE))
        found.row += 2
        return
    shown = changes if len(changes) <= MAX_BARS else changes[:MAX_BARS // 2] + changes[-(MAX_BARS // 2):]
    data: list[tuple[Value, ...]] = [(_label(part, n), c if c >= 0 else None, c if c < 0 else None)
                                     for c, n in shown]
    found.tables.append(_data_table(f"ChartChanges{number}", 1, data_column, ("Player", "Gain", "Loss"), data,
                                    (None, SIGNED_1, SIGNED_1)))
    first, last = 2, 1 + len(data)
    labels = Range(CHART_DATA, data_column, first, last)
    title = "Rating change per player"
    if len(changes) > MAX_BARS:
        title = (f"Rating change: the {MAX_BARS // 2} largest gains and losses of {len(changes)} "
                 "players")
    height = min(4.0 + 0.55 * len(data), _PAGE_CM - 1.0)
    found.charts.append(Chart(
        ChartKind.BAR, title, "", "Rating change",
        (Series("Gain", Range(CHART_DATA, data_column + 1, first, last), labels, colour=_GAIN),
         Series("Loss", Range(CHART_DATA, data_column + 2, first, last), labels, colour=_LOSS)),
        row=row, column=2, width=10 * _CHART_COLUMN_CM, height=height))
    used = math.ceil(height / _ROW_CM) + 1
    if (used + 3) * _ROW_CM + _SCATTER_CM > _PAGE_CM:
        # Two blank rows before the scatter charts: a page break between them never cuts a chart.
        found.breaks.append(row + used)
    found.row += used + 2


def _label(part: _Part, number: int) -> str:
    """A player's label in the chart data: his name and pairing number."""
    return f"{part.names.get(number, '')} ({number})"


def _scatter_chart(found: _Charted, spec: _Scatter, points: list[tuple[float, float, str]], offset: int,
                   number: int, data_column: int) -> bool:
    """One of the scatter charts, side by side at ``offset``, with its diagonal; or the note that
    there is nothing to chart. Whether a chart was placed. Its data table has the players' labels
    in its first column, then x and y; the diagonal's two points go below x and y."""
    row = found.row
    column = data_column + 3 + 3 * offset
    if not points:
        found.cells.append(Cell(row + 1 + 2 * offset, 2, f"{spec.title}: no player had {spec.missing}.",
                                style=Style.NOTE))
        return False
    fmt = spec.number_format
    found.tables.append(_data_table(f"Chart{spec.name}{number}", 1, column,
                                    ("Player", spec.x_title, spec.y_title),
                                    [(label, x, y) for x, y, label in points], (None, fmt, fmt)))
    low, high = _bounds([v for x, y, _ in points for v in (x, y)], spec.step)
    if spec.from_zero:
        low = 0.0
    line = _data_table(f"ChartLine{spec.name}{number}", len(points) + 3, column + 1, ("x", "y"),
                       [(low, low), (high, high)], (fmt, fmt))
    found.tables.append(line)
    first, last = 2, 1 + len(points)
    x, y = column + 1, column + 2
    found.charts.append(Chart(
        ChartKind.SCATTER, spec.title, spec.x_title, spec.y_title,
        (Series("Players", Range(CHART_DATA, y, first, last), Range(CHART_DATA, x, first, last)),
         Series(spec.line_title, Range(CHART_DATA, y, line.row + 1, line.row + 2),
                Range(CHART_DATA, x, line.row + 1, line.row + 2), line=True, colour="7F7F7F")),
        row=row, column=2 + 5 * offset, width=5 * _CHART_COLUMN_CM - 0.3, height=_SCATTER_CM,
        x_bounds=(low, high), y_bounds=(low, high)))
    return True


def _charts(parts: list[_Part], multi_section: bool, page: PageSetup) -> tuple[Sheet, Sheet]:
    cells: list[Cell] = [Cell(1, 1, "Charts", style=Style.TITLE)]
    charts: list[Chart] = []
    tables: list[Table] = []
    breaks: list[int] = []
    row = 3
    for number, part in enumerate(parts, start=1):
        if number > 1:
            breaks.append(row - 1)
        found = _chart_part(part, number, row, 1 + 10 * (number - 1), part.heading(multi_section))
        cells += found[0]
        charts += found[1]
        tables += found[2]
        breaks += found[4]
        row = found[3] + 1
    widths = ((1, 2.0), *((c, _CHART_COLUMN_WIDTH) for c in range(2, 12)))
    heights = tuple((c.row, 21.0 if c.style is Style.TITLE else 17.0) for c in cells
                    if c.style in (Style.TITLE, Style.HEADING))
    sheet = Sheet(name=CHARTS, cells=tuple(cells), charts=tuple(charts), widths=widths, row_heights=heights,
                  page=PageSetup(landscape=True, paper=page.paper, header=page.header,
                                 row_breaks=tuple(breaks)))
    data = Sheet(name=CHART_DATA, tables=tuple(tables), hidden=True,
                 cells=() if tables else (Cell(1, 1, "No data to chart.", style=Style.NOTE),))
    return sheet, data


# --- the report --------------------------------------------------------------------------------


def build_report(events: Sequence[RatedEvent], *, explain_all: bool = False, games: bool | None = None,
                 checks: Sequence[str] = ()) -> Report:
    """The rating report of ``events`` (the rated crosstables of one workbook).

    Sheets: Summary, Ratings, Games, Explanations, Charts, and the hidden Chart data
    behind the charts. ``explain_all`` explains every player on the Explanations sheet
    (by default: players rated by a special or iterative method, and players whose
    rating a bonus or a floor changed). ``games`` lists every game on the Games sheet
    (``None``: when there are at most :data:`GAMES_BY_DEFAULT` game lines). ``checks``: what
    the run said the director should check (:attr:`RatedWorkbook.warnings
    <xlrating.crosstable.RatedWorkbook.warnings>` as text, the run's notes), listed on the
    Summary under "Check", each once and none that an event's notes already say.
    """
    if isinstance(events, RatedEvent):
        events = (events,)
    if not isinstance(events, (list, tuple)) or not all(isinstance(e, RatedEvent) for e in events):
        raise ArgumentError(f"Argument 'events' must be a sequence of RatedEvent, not {events!r}")
    if not events:
        raise ArgumentError("Argument 'events' must hold at least one rated event, not an empty sequence")
    events = tuple(events)
    parts = _parts(events)
    multi_section = len(events) > 1
    dual = any(len(e.outcomes) > 1 for e in events)
    settings = events[0].settings
    name = text(settings.event_name)
    title = f"Rating report: {name}" if name else "Rating report"
    rules = ", ".join(dict.fromkeys(o.rules for e in events for o in e.outcomes))
    days = _dates(settings.start_date, settings.end_date, settings.end_date_blank)
    subtitle = " · ".join(p for p in (name, days,
                                      f"{systems.get(settings.system).name}, {rules}") if p)
    page = PageSetup(paper=systems.get(settings.system).paper, header=title)
    charts, data = _charts(parts, multi_section, page)
    said = {note for event in events for outcome in event.outcomes for note in outcome.notes}
    checks = tuple(note for note in dict.fromkeys(checks) if note not in said)
    sheets = (
        _summary(events, parts, title, subtitle, page, checks),
        _ratings(parts, multi_section, dual, subtitle, page),
        _games(parts, multi_section, dual, subtitle, page, games),
        _explanations(parts, multi_section, dual, subtitle, page, explain_all),
        charts,
        data,
    )
    return Report(title=title, sheets=sheets, checks=checks)
