"""The ``Event`` sheet: one setting per row, its name in column A and its value in column B.

Names are matched case-insensitively with surrounding spaces ignored (spaces, ``_`` and
``-`` inside a name are folded too: ``rating_system`` is ``Rating system``). Rows whose
name is not a setting (a title, ``Chief TD``...) are ignored. A missing sheet, row or
value takes its default (see :class:`EventSettings`).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from .. import systems
from ..errors import CrosstableError, Problem
from ..model import EventType
from .columns import fold
from .model import EventSettings, Grid
from .values import BadValue, address, bounded, date_value, is_blank, show, text, yes_no

#: Rule editions by system (their display names); the first is the newest (the default).
#: Read from the registry, :mod:`xlrating.systems`.
RULES: dict[str, tuple[str, ...]] = {s.key: tuple(e.name for e in s.editions) for s in systems.SYSTEMS}

_EVENT_TYPES: dict[str, EventType] = {fold(t.value): t for t in EventType}
_EVENT_TYPES.update({"rr": EventType.ROUND_ROBIN, "roundrobbin": EventType.ROUND_ROBIN})

#: The settings, in the order the Event sheet lists them.
NAMES: tuple[str, ...] = (
    "System", "Rating system", "Dual rated", "Rules", "Bonus multiplier", "Event type",
    "Event name", "Start date", "End date",
)
_NAMES_BY_KEY = {fold(name): name for name in NAMES}
_NAMES_BY_KEY.update({fold("Dual-rated"): "Dual rated", fold("Bonus"): "Bonus multiplier",
                      fold("B"): "Bonus multiplier", fold("Event"): "Event name", fold("Type"): "Event type",
                      fold("Federation"): "System"})

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


def read_settings(
    grid: Grid | None, *, sheet: str = "Event", today: date | None = None
) -> tuple[EventSettings, list[Problem]]:
    """The settings and every problem found (the collecting form of :func:`parse_settings`)."""
    today = today if today is not None else date.today()
    problems: list[Problem] = []
    given: dict[str, tuple[Any, str]] = {}
    for index, row in enumerate(grid or ()):
        if not row:
            continue
        name = _NAMES_BY_KEY.get(fold(row[0]))
        if name is None:
            continue
        where = address(sheet, index + 1, 2)
        if name in given:
            problems.append(Problem(where, f"{name} is set twice (also at {given[name][1]})"))
            continue
        given[name] = (row[1] if len(row) > 1 else None, where)

    def problem(name: str, message: str) -> None:
        problems.append(Problem(given[name][1], message))

    def value(name: str) -> Any:
        return given[name][0] if name in given else None

    entry = systems.SYSTEMS[0]
    if not is_blank(value("System")):
        found = systems.find(value("System"))
        if found is None:
            problem("System", f"System {show(value('System'))} is not one of "
                    + ", ".join(s.key for s in systems.SYSTEMS))
        else:
            entry = found
    elif not is_blank(value("Rules")):
        # No System: the Rules setting decides it when it names one system's edition (2024 is FIDE's).
        named = systems.edition_anywhere(value("Rules"))
        entry = named[0] if named is not None else entry
    system = entry.key

    edition = entry.default
    if not is_blank(value("Rules")):
        found_edition = entry.edition(value("Rules"))
        if found_edition is None:
            elsewhere = systems.edition_anywhere(value("Rules"))
            if elsewhere is None:
                problem("Rules", f"Rules {show(value('Rules'))} is not a rule edition; use one of "
                        + ", ".join(e.name for s in systems.SYSTEMS for e in s.editions))
            else:
                problem("Rules", f"Rules {show(value('Rules'))} are not {system} rules (System is {system}); "
                        f"use one of {', '.join(e.name for e in entry.editions)}")
        else:
            edition = found_edition
    rules = edition.name

    rating_system = "Regular"
    if not is_blank(value("Rating system")):
        found_system = systems.any_rating_system(value("Rating system"))
        if found_system is None:
            problem("Rating system", f"Rating system {show(value('Rating system'))} is not one of "
                    + ", ".join(r.name for r in systems.USCF.rating_systems))
        elif entry.rating_systems == () and found_system != "Regular":
            problem("Rating system", f"Rating system {found_system} applies to US Chess events only "
                    f"(System is {system}); leave it blank")
        else:
            rating_system = found_system

    known = entry.rating_systems_of(edition)
    if known and rating_system not in known:
        problem("Rating system", f"Rating system {rating_system} is not rated under {rules} (it knows "
                + ", ".join(known) + ")")
        rating_system = "Regular"

    dual = False
    if "Dual rated" in given:
        try:
            dual = bool(yes_no(value("Dual rated"), "yes or no"))
        except BadValue as error:
            problem("Dual rated", f"Dual rated: {error.message}")
        else:
            if dual and not entry.dual_rated:
                problem("Dual rated", f"Dual rated applies to US Chess events only (System is {system})")
                dual = False
            elif dual and rating_system != "Regular":
                problem("Dual rated", f"A dual-rated event is rated Regular (the Rating column) and Quick "
                        f"(the Quick column); set Rating system to Regular, not {rating_system}")
                dual = False

    bonus: float | None = None
    if "Bonus multiplier" in given:
        try:
            bonus = bounded(value("Bonus multiplier"), "a bonus multiplier", 0.0, MAX_BONUS_MULTIPLIER)
        except BadValue as error:
            problem("Bonus multiplier", f"Bonus multiplier: {error.message}")
        else:
            if bonus is not None and not entry.bonus_multiplier:
                problem("Bonus multiplier", f"Bonus multiplier applies to US Chess events only "
                        f"(System is {system}); leave it blank")
                bonus = None

    event_type = EventType.SWISS
    if not is_blank(value("Event type")):
        found_type = _EVENT_TYPES.get(fold(value("Event type")))
        if found_type is None:
            problem("Event type", f"Event type {show(value('Event type'))} is not one of "
                    + ", ".join(t.value for t in EventType))
        else:
            event_type = found_type

    event_name = text(value("Event name")) or ""

    dates: dict[str, date | None] = {"Start date": None, "End date": None}
    for name in dates:
        if name in given:
            try:
                dates[name] = date_value(value(name), "a date")
            except BadValue as error:
                problem(name, f"{name}: {error.message}")
    start, end = dates["Start date"], dates["End date"]
    if start is not None and end is not None and end < start:
        problem("End date", f"End date {end.isoformat()} is before Start date {start.isoformat()}")

    settings = EventSettings(
        system=system, rating_system=rating_system, dual_rated=dual, rules=rules, bonus_multiplier=bonus,
        event_type=event_type, event_name=event_name, start_date=start,
        end_date=end if end is not None else today, sheet=sheet,
        cells=tuple((name, where) for name, (_, where) in given.items()),
    )
    return settings, problems


# --- Settings a submission file needs (the rating ignores them) -----------------------
# Each format's block lists its settings by canonical name with the other names accepted.
# An exporter reads them with :func:`read_report_settings`, which keeps each one's cell so
# that the checks before sending can name it.

#: FIDE TRF-2026 (and TRF16): the header lines the rating does not use. ``Round dates``
#: (line 132: one date per round, separated by spaces, commas, semicolons or line breaks),
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
