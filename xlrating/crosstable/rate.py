"""Crosstable -> the engine's players -> :class:`~xlrating.model.EventOutcome`\\ (s).

How a player's row reads under each system (crosstable.md, "How a player's row reads"):

- US Chess: ``Rating`` blank or ``unr`` is an unrated player; ``Games`` blank with a
  rating is an established one. ``FIDE``, ``CFC``, the other-system columns, ``Birth
  date`` and ``Adult`` initialise unrated players (2020 rules, section 2); ``Floor``,
  ``Peak``, ``Wins``, ``Draws``, ``Events`` give the floors. A dual-rated event is rated
  twice: Regular from ``Rating``/``Games``, then Quick from ``Quick``/``Quick games``, a
  player with no Quick rating being initialised from the Regular one by the rules.
- FIDE: ``Rating`` blank is an unrated player; ``Games`` the games behind the rating
  (for K 40) or, for an unrated player, the games in earlier rated events; ``Peak``
  the highest published rating (K 10); ``Birth date`` the under-18 K; ``K`` an explicit K.
- ICU: :func:`xlrating.icu.classify` reads ``Rating``, ``Games``, ``K``, ``Birth date``
  and ``Joined`` (a rating with K or dates is rated, with Games below 20 provisional, a
  rating alone foreign, no rating unrated). K is computed at the Start date (the End
  date when the Start date is blank).

Every problem the engines would raise about a row is found here first and named with
its cell, in the director's words; anything the engine still refuses becomes a problem
for the whole sheet. Nothing is rated while any problem stands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from .. import fide, icu, uscf
from ..errors import ArgumentError, ConvergenceError, CrosstableError, EventError, Problem
from ..model import EventOutcome, EventType, Game
from ..uscf.match import match_problem
from .model import Crosstable, EventSettings, Grid, PlayerRow, RatedEvent
from .parse import parse_crosstable
from .values import address, quote_sheet

#: Engine errors that mean "this event cannot be rated as entered".
ENGINE_ERRORS = (ArgumentError, EventError, ConvergenceError)

#: ICU: a player with fewer prior games than this is provisional (rules-beyond-seeds.md, ICU).
ICU_PROVISIONAL_LIMIT = 20


def _where(crosstable: Crosstable, player: PlayerRow, column: str) -> str:
    col = crosstable.columns.get(column, crosstable.columns.get("No", 1))
    return address(crosstable.sheet, player.row, col)


def _who(player: PlayerRow) -> str:
    return f"No. {player.number}" + (f" ({player.name})" if player.name else "")


# --- US Chess ----------------------------------------------------------------------------------


def _uscf_player(row: PlayerRow, system: str, *, dual_quick: bool = False) -> Any:
    """The player's :class:`~xlrating.uscf.UscfPlayer` in rating system ``system``.

    The ``Rating``/``Games`` columns are the rating in the event's system. For the Quick
    rating of a dual-rated event (``dual_quick``) the ``Quick``/``Quick games`` columns are
    the pre-event rating and ``Rating``/``Games`` the player's Regular rating (which
    initialises an unrated Quick player and decides the dual-rated K); ``Floor``,
    ``Peak``, ``Wins``, ``Draws`` and ``Events`` describe the Regular rating only.
    """
    others = {o.system: (o.rating, o.games) for o in row.other_ratings if o.rating is not None}
    rating, games = row.rating, row.games
    floors: dict[str, Any] = {"floor": row.floor, "peak": row.peak, "wins": row.wins or 0,
                              "draws": row.draws or 0, "events": row.events or 0}
    if dual_quick:
        quick = others.pop("Quick", None)
        if row.rating is not None:
            others["Regular"] = (row.rating, row.games)
        rating, games = quick if quick is not None else (None, None)
        floors = {"floor": None, "peak": None, "wins": 0, "draws": 0, "events": 0}
    else:
        others.pop(system, None)
    return uscf.UscfPlayer(
        number=row.number, rating=rating, games=games, history=None if dual_quick else row.history,
        fide=row.fide, cfc=row.cfc, other_ratings=others, birth_date=row.birth_date, adult=bool(row.adult),
        **floors,
    )


def _rate_uscf(crosstable: Crosstable, games: Sequence[Game]) -> tuple[EventOutcome, ...]:
    settings = crosstable.settings
    options: dict[str, Any] = {
        "dual_rated": settings.dual_rated, "event_type": settings.event_type, "end_date": settings.end_date,
        "bonus_multiplier": settings.bonus_multiplier, "rules": settings.rules,
    }
    first = uscf.rate_event([_uscf_player(p, settings.rating_system) for p in crosstable.players], games,
                            rating_system=settings.rating_system, **options)
    outcomes = [first]
    if settings.dual_rated:
        players = [_uscf_player(p, "Quick", dual_quick=True) for p in crosstable.players]
        quick = uscf.rate_event(players, games, rating_system="Quick", **options)
        outcomes.append(quick)
    return tuple(outcomes)


def _check_uscf(crosstable: Crosstable, problems: list[Problem]) -> None:
    """Event-level and row-level US Chess problems the engine would refuse, with their cells."""
    settings = crosstable.settings
    if settings.bonus_multiplier is None:
        try:
            uscf.bonus_multiplier(settings.end_date)
        except ArgumentError as error:
            problems.append(Problem(settings.cell("End date"), f"{error} (the Bonus multiplier setting)"))
    if settings.event_type is EventType.MATCH:
        edition = uscf.get_rules(settings.rules)
        systems = [("", [(p.rating, p.games) for p in crosstable.players])]
        if settings.dual_rated:
            quick = [p.other("Quick") for p in crosstable.players]
            systems.append(("Quick: ", [(q.rating, q.games) if q else (None, None) for q in quick]))
        for label, ratings in systems:
            problem = match_problem(edition, ratings)
            if problem is not None:
                problems.append(Problem(settings.cell("Event type"),
                                        f"{label}this match cannot be rated under {edition.name}: {problem}"))
    for p in crosstable.players:
        if p.history is not None and p.rating is None:
            problems.append(Problem(_where(crosstable, p, "History"),
                                    f"History {p.history!r} needs a rating: {_who(p)} is unrated"))


# --- FIDE --------------------------------------------------------------------------------------


def _fide_player(row: PlayerRow) -> fide.FidePlayer:
    """The player's :class:`~xlrating.fide.FidePlayer` (``Peak`` is the highest published rating)."""
    return fide.FidePlayer(number=row.number, rating=row.rating, games=row.games, highest_rating=row.peak,
                           birth_date=row.birth_date, k=row.k)


def _rate_fide(crosstable: Crosstable, games: Sequence[Game]) -> tuple[EventOutcome, ...]:
    settings = crosstable.settings
    players = [_fide_player(p) for p in crosstable.players]
    return (fide.rate_event(players, games, event_type=settings.event_type, end_date=settings.end_date,
                            rules=settings.rules),)


# --- ICU ---------------------------------------------------------------------------------------


def icu_start(settings: EventSettings) -> Any:
    """The date ICU K factors are computed at: the Start date, else the End date."""
    return settings.start_date if settings.start_date is not None else settings.end_date


def _check_icu(crosstable: Crosstable, problems: list[Problem]) -> None:
    """Rows the ICU player types cannot read, named in the director's words."""
    start = icu_start(crosstable.settings)
    for p in crosstable.players:
        if p.rating is None:
            if p.k is not None:
                problems.append(Problem(_where(crosstable, p, "K"),
                                        f"K {p.k:g} is given but Rating is blank: "
                                        "an unrated player has no K"))
            continue
        if p.games == 0:
            problems.append(Problem(_where(crosstable, p, "Games"),
                                    "Games 0 with a rating: leave Games blank for a rated player "
                                    "(or give the games behind the rating)"))
            continue
        if p.games is not None and p.games < ICU_PROVISIONAL_LIMIT and p.k is not None:
            problems.append(Problem(_where(crosstable, p, "K"),
                                    f"K {p.k:g} is given, but with {p.games} games (under "
                                    f"{ICU_PROVISIONAL_LIMIT}) the player is provisional and has no K"))
            continue
        try:
            kind = icu.classify(p.rating, p.games, p.k, p.birth_date, p.joined,
                                rules=crosstable.settings.rules)
        except ArgumentError as error:
            problems.append(Problem(_where(crosstable, p, "Rating"), f"{_who(p)}: {error}"))
            continue
        if kind is icu.PlayerKind.RATED and p.k is None:
            try:
                icu.k_factor(p.rating, birth_date=p.birth_date, joined=p.joined, start_date=start,
                             rules=crosstable.settings.rules)
            except ArgumentError:
                if p.birth_date is None:
                    need = "give K, or Birth date (and Joined for players aged 21 or more)"
                elif p.birth_date > start:
                    need = "the Birth date is after the event's start"
                else:
                    need = "give K, or Joined (the date the player joined the ICU)"
                problems.append(Problem(_where(crosstable, p, "Rating"),
                                        f"{_who(p)} is rated {p.rating:g}, below 2100, so K depends on age "
                                        f"and membership: {need}"))


def _icu_players(crosstable: Crosstable) -> list[Any]:
    players = []
    for p in crosstable.players:
        kind = icu.classify(p.rating, p.games, p.k, p.birth_date, p.joined, rules=crosstable.settings.rules)
        players.append(icu.IcuPlayer(number=p.number, kind=kind, rating=p.rating,
                                     games=p.games if p.rating is not None else None, k=p.k,
                                     birth_date=p.birth_date, joined=p.joined))
    return players


def _rate_icu(crosstable: Crosstable, games: Sequence[Game]) -> tuple[EventOutcome, ...]:
    settings = crosstable.settings
    return (icu.rate_event(_icu_players(crosstable), games, start_date=icu_start(settings),
                           rules=settings.rules, event_name=settings.event_name),)


# --- all systems -------------------------------------------------------------------------------


def check_rows(crosstable: Crosstable) -> list[Problem]:
    """Problems of rows the system's rules cannot read (found before anything is rated)."""
    problems: list[Problem] = []
    system = crosstable.settings.system
    if system == "ICU":
        _check_icu(crosstable, problems)
        return problems
    settings = crosstable.settings
    if system == "USCF":
        _check_uscf(crosstable, problems)

    def build(p: PlayerRow) -> None:
        if system == "USCF":
            _uscf_player(p, settings.rating_system)
            if settings.dual_rated:
                _uscf_player(p, "Quick", dual_quick=True)
        else:
            _fide_player(p)

    for p in crosstable.players:
        try:
            build(p)
        except ArgumentError as error:
            problems.append(Problem(_where(crosstable, p, "No"), f"{_who(p)}: {error}"))
    return problems


_RATERS: dict[str, Callable[[Crosstable, Sequence[Game]], tuple[EventOutcome, ...]]] = {
    "USCF": _rate_uscf, "FIDE": _rate_fide, "ICU": _rate_icu,
}


def _with_event_notes(outcome: EventOutcome, settings: EventSettings) -> EventOutcome:
    """The outcome with the rules and (US Chess) the bonus multiplier B in its event notes."""
    parameters = dict(outcome.parameters)
    line = f"Rated under {outcome.rules}"
    if outcome.rating_system:
        line += f", {outcome.rating_system} rating system" + (" (dual-rated)" if settings.dual_rated else "")
    if "Bonus multiplier B" in parameters:
        source = parameters.get("Bonus multiplier source", "")
        line += f"; bonus multiplier B = {parameters['Bonus multiplier B']}"
        line += f" ({source})" if source else ""
    return replace(outcome, notes=(line, *outcome.notes))


def rate_crosstable(crosstable: Crosstable) -> RatedEvent:
    """Rate a parsed crosstable under its settings.

    Returns one :class:`~xlrating.model.EventOutcome` (two for a dual-rated US Chess
    event: Regular, then Quick); each starts its notes with the rules used and, for US
    Chess, the bonus multiplier B. Raises :class:`~xlrating.errors.CrosstableError` when a
    row cannot be read under the system's rules or the engine refuses the event.
    """
    problems = check_rows(crosstable)
    if problems:
        raise CrosstableError(problems, title=f"The {crosstable.sheet} sheet has errors; nothing was rated.")
    settings = crosstable.settings
    try:
        outcomes = _RATERS[settings.system](crosstable, crosstable.games)
    except ENGINE_ERRORS as error:
        raise CrosstableError([Problem(quote_sheet(crosstable.sheet), f"the event cannot be rated: {error}")],
                              title=f"The {crosstable.sheet} sheet could not be rated.") from error
    return RatedEvent(crosstable=crosstable, settings=settings,
                      outcomes=tuple(_with_event_notes(o, settings) for o in outcomes))


def rate_grid(grid: Grid, settings: EventSettings, *, sheet: str = "Crosstable") -> RatedEvent:
    """Rate a single crosstable block given as its header row followed by the player rows.

    The Excel event-level function passes the selected range here; cell addresses in
    errors count from the block's first cell (A1 is the block's top-left cell). Raises
    :class:`~xlrating.errors.CrosstableError` listing every problem.
    """
    return rate_crosstable(parse_crosstable(grid, settings, sheet=sheet))
