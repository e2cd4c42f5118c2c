"""The ``Event`` sheet: one setting per row, its name in column A and its value in column B.

Names are matched case-insensitively with surrounding spaces ignored (spaces, ``_`` and
``-`` inside a name are folded too: ``rating_system`` is ``Rating system``). Rows whose
name is not a setting (a title, ``Chief TD``...) are ignored. A missing sheet, row or
value takes its default (see :class:`EventSettings`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from .. import systems
from ..errors import CrosstableError, Problem
from ..model import EventType
from ..names import near_miss
from .columns import fold
from .model import EventSettings, Grid
from .values import BadValue, address, bounded, date_value, is_blank, show, text, yes_no

#: The settings, in the order the Event sheet lists them.
NAMES: tuple[str, ...] = (
    "System", "Rating system", "Dual rated", "Rules", "Bonus multiplier", "Event type",
    "Event name", "Start date", "End date",
)

#: The largest bonus multiplier accepted (US Chess has used 6 to 14).
MAX_BONUS_MULTIPLIER = 100.0


def parse_settings(grid: Grid | None, *, sheet: str = "Event", today: date | None = None) -> EventSettings:
    """Parse and validate the Event sheet (``None``: no such sheet, every default).

    ``today`` is the default end date (``date.today()`` when not given). Raises
    :class:`~xlrating.errors.CrosstableError` listing every problem, each with its cell
    (``Event!B4: 'USCF 2030' is not a rule edition; ...``).
    """
    settings, problems = read_settings(grid, sheet=sheet, today=today)
    if problems:
        raise CrosstableError(problems, title=f"The {sheet} sheet has errors; nothing was rated.")
    return settings


class _Refused(Exception):
    """A setting's value refused; the message is the whole problem and the setting keeps its default."""


@dataclass
class _Draft:
    """The settings read so far (each starts as its default) and the rows the sheet gives."""

    given: dict[str, tuple[Any, str]]
    entry: systems.System = systems.SYSTEMS[0]
    chosen_edition: systems.Edition | None = None
    rating_system: str = "Regular"
    dual_rated: bool = False
    bonus_multiplier: float | None = None
    event_type: EventType = EventType.SWISS
    event_name: str = ""
    start_date: date | None = None
    end_date: date | None = None

    def value(self, name: str) -> Any:
        return self.given[name][0] if name in self.given else None

    @property
    def system(self) -> str:
        return self.entry.key

    @property
    def edition(self) -> systems.Edition:
        return self.chosen_edition if self.chosen_edition is not None else self.entry.default


def _system(value: Any, draft: _Draft) -> systems.System:
    if not is_blank(value):
        found = systems.find(value)
        if found is None:
            raise _Refused(f"System {show(value)} is not one of " + ", ".join(s.key for s in systems.SYSTEMS))
        return found
    # No System: the Rules setting decides it when it names one system's edition (2024 is FIDE's).
    named = None if is_blank(draft.value("Rules")) else systems.edition_anywhere(draft.value("Rules"))
    return named[0] if named is not None else systems.SYSTEMS[0]


def _rules(value: Any, draft: _Draft) -> systems.Edition | None:
    if is_blank(value):
        return None
    found = draft.entry.edition(value)
    if found is not None:
        return found
    if systems.edition_anywhere(value) is None:
        raise _Refused(f"Rules {show(value)} is not a rule edition; use one of "
                       + ", ".join(e.name for s in systems.SYSTEMS for e in s.editions))
    raise _Refused(f"Rules {show(value)} are not {draft.system} rules (System is {draft.system}); "
                   f"use one of {', '.join(e.name for e in draft.entry.editions)}")


def _rating_system(value: Any, draft: _Draft) -> str:
    found = "Regular"
    if not is_blank(value):
        named = systems.any_rating_system(value)
        if named is None:
            raise _Refused(f"Rating system {show(value)} is not one of "
                           + ", ".join(r.name for r in systems.USCF.rating_systems))
        if draft.entry.rating_systems == () and named != "Regular":
            raise _Refused(f"Rating system {named} applies to US Chess events only "
                           f"(System is {draft.system}); leave it blank")
        found = named
    known = draft.entry.rating_systems_of(draft.edition)
    if known and found not in known:
        raise _Refused(f"Rating system {found} is not rated under {draft.edition.name} (it knows "
                       + ", ".join(known) + ")")
    return found


def _dual_rated(value: Any, draft: _Draft) -> bool:
    dual = bool(yes_no(value, "yes or no"))
    if dual and not draft.entry.dual_rated:
        raise _Refused(f"Dual rated applies to US Chess events only (System is {draft.system})")
    if dual and draft.rating_system != "Regular":
        raise _Refused(f"A dual-rated event is rated Regular (the Rating column) and Quick "
                       f"(the Quick column); set Rating system to Regular, not {draft.rating_system}")
    return dual


def _bonus_multiplier(value: Any, draft: _Draft) -> float | None:
    bonus = bounded(value, "a bonus multiplier", 0.0, MAX_BONUS_MULTIPLIER)
    if bonus is not None and not draft.entry.bonus_multiplier:
        raise _Refused(f"Bonus multiplier applies to US Chess events only "
                       f"(System is {draft.system}); leave it blank")
    return bonus


_EVENT_TYPES: dict[str, EventType] = {fold(t.value): t for t in EventType}
_EVENT_TYPES.update({"rr": EventType.ROUND_ROBIN, "roundrobbin": EventType.ROUND_ROBIN})


def _event_type(value: Any, draft: _Draft) -> EventType:
    if is_blank(value):
        return EventType.SWISS
    found = _EVENT_TYPES.get(fold(value))
    if found is None:
        raise _Refused(f"Event type {show(value)} is not one of " + ", ".join(t.value for t in EventType))
    return found


def _event_name(value: Any, draft: _Draft) -> str:
    return text(value) or ""


def _date(value: Any, draft: _Draft) -> date | None:
    return date_value(value, "a date")


def _dates_in_order(draft: _Draft) -> str | None:
    start, end = draft.start_date, draft.end_date
    if start is not None and end is not None and end < start:
        return f"End date {end.isoformat()} is before Start date {start.isoformat()}"
    return None


@dataclass(frozen=True)
class _Field:
    """One Event-sheet setting: its name, the other names accepted, how its value is read
    (raising :class:`BadValue` or :class:`_Refused`) and the draft attribute it sets."""

    name: str
    aliases: tuple[str, ...]
    parse: Callable[[Any, _Draft], Any]
    attribute: str


#: The settings in the order they are read (each may use those read before it).
_FIELDS: tuple[_Field, ...] = (
    _Field("System", ("Federation",), _system, "entry"),
    _Field("Rules", (), _rules, "chosen_edition"),
    _Field("Rating system", (), _rating_system, "rating_system"),
    _Field("Dual rated", ("Dual-rated",), _dual_rated, "dual_rated"),
    _Field("Bonus multiplier", ("Bonus", "B"), _bonus_multiplier, "bonus_multiplier"),
    _Field("Event type", ("Type",), _event_type, "event_type"),
    _Field("Event name", ("Event",), _event_name, "event_name"),
    _Field("Start date", (), _date, "start_date"),
    _Field("End date", (), _date, "end_date"),
)
#: Rules across settings: each returns its problem (placed at the last setting named) or None.
_RULES: tuple[tuple[str, Callable[[_Draft], str | None]], ...] = (("End date", _dates_in_order),)
_NAMES_BY_KEY = {fold(alias): f.name for f in _FIELDS for alias in (f.name, *f.aliases)}


def _given(grid: Grid | None, sheet: str, problems: list[Problem]) -> dict[str, tuple[Any, str]]:
    """Each setting's ``(value, cell)``, with a problem for a setting given twice."""
    given: dict[str, tuple[Any, str]] = {}
    for index, row in enumerate(grid or ()):
        name = _NAMES_BY_KEY.get(fold(row[0])) if row else None
        if name is None:
            continue
        where = address(sheet, index + 1, 2)
        if name in given:
            problems.append(Problem(where, f"{name} is set twice (also at {given[name][1]})"))
            continue
        given[name] = (row[1] if len(row) > 1 else None, where)
    return given


def read_settings(
    grid: Grid | None, *, sheet: str = "Event", today: date | None = None
) -> tuple[EventSettings, list[Problem]]:
    """The settings and every problem found (the collecting form of :func:`parse_settings`)."""
    problems: list[Problem] = []
    draft = _Draft(_given(grid, sheet, problems))
    for field in _FIELDS:
        value, where = draft.given.get(field.name, (None, ""))
        try:
            setattr(draft, field.attribute, field.parse(value, draft))
        except BadValue as error:
            problems.append(Problem(where, f"{field.name}: {error.message}"))
        except _Refused as error:
            problems.append(Problem(where, str(error)))
    for name, rule in _RULES:
        if (message := rule(draft)) is not None:
            problems.append(Problem(draft.given[name][1], message))
    settings = EventSettings(
        system=draft.system, rating_system=draft.rating_system, dual_rated=draft.dual_rated,
        rules=draft.edition.name, bonus_multiplier=draft.bonus_multiplier, event_type=draft.event_type,
        event_name=draft.event_name, start_date=draft.start_date,
        end_date=draft.end_date if draft.end_date is not None else (today or date.today()),
        end_date_blank=draft.end_date is None, sheet=sheet,
        system_blank=is_blank(draft.value("System")) and (
            is_blank(draft.value("Rules")) or systems.edition_anywhere(draft.value("Rules")) is None),
        cells=tuple((name, where) for name, (_, where) in draft.given.items()),
    )
    return settings, problems


# --- Settings a submission file needs (the rating ignores them) -----------------------
# Each format's block lists its settings by canonical name with the other names accepted.
# An exporter reads them with :func:`read_report_settings`, which keeps each one's cell so
# that the checks before sending can name it.

#: FIDE TRF-2026 (and TRF16): the header lines the rating does not use. ``Round dates``
#: (line 132: one date per round, separated by spaces, commas, semicolons or line breaks, ``-``
#: for a round without one),
#: ``City`` (022), ``Host federation`` (032; ``Federation`` already names the System),
#: ``Chief arbiter`` (102), ``Deputy arbiters`` (112, one line each, separated by ``;`` or
#: line breaks), ``Time control`` (122, as text), ``Encoded time control`` (222, when the
#: text alone does not give it), ``National federation`` (the national rating records'
#: federation code), ``TRF comments`` (``###`` lines) and ``TRF lines`` (other lines of an
#: imported file, written back as they were).
TRF_SETTINGS: dict[str, tuple[str, ...]] = {
    "Round dates": (),
    "City": (),
    "Host federation": (),
    "Chief arbiter": (),
    "Deputy arbiters": ("Deputy arbiter", "Deputy chief arbiter"),
    "Time control": (),
    "Encoded time control": (),
    "National federation": (),
    "TRF comments": (),
    "TRF lines": (),
}

#: US Chess's rating report (``xlrating export --to uscf``, the files MUIR's upload takes):
#: THEXPORT's ``H_EVENT_ID``, ``H_AFF_ID``, ``H_CTD_ID``, ``H_ATD_ID``, ``H_CITY``
#: (``City`` is shared with TRF), ``H_STATE``, ``H_ZIPCODE``, ``H_COUNTRY``.
USCF_REPORT_SETTINGS: dict[str, tuple[str, ...]] = {
    "Event ID": (),
    "Affiliate ID": (),
    "Chief TD ID": (),
    "Assistant TD ID": ("Assistant chief TD ID",),
    "City": (),
    "State": (),
    "ZIP": ("ZIP code", "Zipcode", "Postal code"),
    "Country": (),
}
#: The rows of US Chess's rating report the US Chess template shows, each with its line of help.
USCF_REPORT_HELP: dict[str, str] = {
    "Time control": "e.g. G/90;d5 (US Chess requires it: it decides the rating system)",
    "Affiliate ID": "US Chess: the sponsoring affiliate's ID (required to send the report)",
    "Chief TD ID": "US Chess: the chief TD's member ID (required)",
    "Assistant TD ID": "US Chess: the assistant chief TD's member ID (optional)",
    "City": "the city the event was played in (required by US Chess)",
    "State": "US Chess: the state's two-letter code, e.g. CA (required)",
    "ZIP": "US Chess: the ZIP code of the site (required)",
    "Country": "US Chess: the country, e.g. USA (required)",
}

#: How to add a missing setting's row (``{name}``: the setting), for the checks before sending.
SETTINGS_ROWS_HINT = "add a row with {name!r} in column A and the value in column B"

#: Every submission setting, by canonical name, with its other names.
REPORT_SETTINGS: dict[str, tuple[str, ...]] = {**TRF_SETTINGS, **USCF_REPORT_SETTINGS}
_REPORT_KEYS = {fold(alias): name for name, aliases in REPORT_SETTINGS.items() for alias in (name, *aliases)}


def read_report_settings(grid: Grid | None, *, sheet: str = "Event") -> dict[str, tuple[Any, str]]:
    """The submission settings the ``Event`` sheet gives: canonical name to ``(value, cell)``
    (the first row of a name wins; blank values are kept, so a check can name their cell)."""
    found: dict[str, tuple[Any, str]] = {}
    for index, row in enumerate(grid or ()):
        if row and (name := _REPORT_KEYS.get(fold(row[0]))) is not None and name not in found:
            found[name] = (row[1] if len(row) > 1 else None, address(sheet, index + 1, 2))
    return found


def misspelt_settings(grid: Grid | None, *, sheet: str = "Event", also: Iterable[str] = ()) -> list[Problem]:
    """A warning at each label in column A, with a value beside it, that names no setting but nearly
    names one (:func:`~xlrating.names.near_miss`: ``Bonus multipler``): its row is ignored, so the
    setting would keep its default without a word. ``also``: the sheet's other names (the Season
    sheet's ``List date``...). A label far from every name (a title, ``Organizer``) is a note and
    says nothing."""
    names = {**{alias: f.name for f in _FIELDS for alias in (f.name, *f.aliases)},
             **{alias: name for name, aliases in REPORT_SETTINGS.items() for alias in (name, *aliases)},
             **{name: name for name in also}}
    found: list[Problem] = []
    for index, row in enumerate(grid or ()):
        if len(row) > 1 and not is_blank(row[1]) and (meant := near_miss(row[0], names)) is not None:
            found.append(Problem(address(sheet, index + 1, 1), f"{show(row[0])} is not a setting: its value "
                                 f"{show(row[1])} is ignored; did you mean {meant!r}?"))
    return found
