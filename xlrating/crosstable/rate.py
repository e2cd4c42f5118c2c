"""Crosstable -> the engine's players -> :class:`~xlrating.model.EventOutcome`\\ (s).

Each system's entry in :mod:`xlrating.systems` builds the engine's players from the rows
(once per player) and calls the engine. How a player's row reads under each system:

- US Chess: ``Rating`` blank or ``unr`` is an unrated player; ``Games`` blank with a
  rating is an established one. ``FIDE``, ``CFC``, the other-system columns, ``Birth
  date`` and ``Adult`` initialise unrated players (US Chess 2020, 2); ``Floor``,
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

from dataclasses import replace
from datetime import timedelta
from itertools import product
from typing import Any

from .. import systems
from ..errors import ENGINE_ERRORS, CrosstableError, Problem
from ..model import EventOutcome
from ..systems import who
from .model import Crosstable, EventSettings, Grid, PlayerRow, RatedEvent
from .parse import UNPUBLISHED_ADVICE, parse_crosstable, unpublished_fide
from .values import address, quote_sheet


def _where(crosstable: Crosstable, player: PlayerRow, column: str) -> str:
    col = crosstable.columns.get(column, crosstable.columns.get("No", 1))
    return address(crosstable.sheet, player.row, col)


def build_players(crosstable: Crosstable) -> tuple[systems.Lineup, list[Problem]]:
    """The engine's players, each row built once by its system's entry, and every problem of the
    event and its rows (each with its cell) that the system's rules cannot read, but those of a
    row that follow from a cell refused where it was read (:func:`owing_to_refused`)."""
    settings = crosstable.settings
    entry = systems.get(settings.system)
    problems = entry.check_event(settings, crosstable.players)
    runs: list[list[object]] = []
    for row in crosstable.players:
        built, found = entry.player(row, settings)
        refused = crosstable.refused.get(row.row)
        if found and refused:
            found = [problem for problem in found if not owing_to_refused(row, settings, refused, problem)]
        problems.extend(Problem(_where(crosstable, row, column), message) for column, message in found)
        if built is not None:
            runs = runs or [[] for _ in built]
            for run, player in zip(runs, built, strict=True):
                run.append(player)
    return tuple(runs), problems


def _stand_ins(settings: EventSettings) -> dict[str, tuple[tuple[str, Any], ...]]:
    """For each column whose refused cell the rules may ask about, values that stand in for the
    one the cell holds: a rating, K, games, an adult's and a junior's birth date, a Joined."""
    end = settings.end_date
    years = [end - timedelta(days=round(365.25 * n)) for n in (30, 12, 10)]
    return {"Rating": (("rating", 1500.0),), "Games": (("games", 30),), "K": (("k", 20.0),),
            "Birth date": (("birth_date", years[0]), ("birth_date", years[1])),
            "Joined": (("joined", years[2]),)}


def owing_to_refused(row: PlayerRow, settings: EventSettings, refused: frozenset[str],
                     problem: tuple[str, str]) -> bool:
    """Whether ``problem`` of ``row`` (its system's check: column, message) follows from its
    ``refused`` cells: it goes once some value in their place (:func:`_stand_ins`) would be read.
    The refused cell is the row's problem, said at it; the rules' check asked again for the value
    it holds (an ICU member's K from a Birth date that is not a date). A problem of the row's
    other cells stands (a History beside no Rating, with a Birth date refused)."""
    stand_ins = _stand_ins(settings)
    choices = [stand_ins[column] for column in sorted(refused) if column in stand_ins]
    entry = systems.get(settings.system)
    return any(problem not in entry.player(replace(row, **dict(values)), settings)[1]
               for values in product(*choices)) if choices else False


def unpublished_ratings(crosstable: Crosstable) -> list[Problem]:
    """A problem at each ``Rating`` under the lowest rating the system's engine rates
    (:attr:`~xlrating.systems.System.lowest_rated`), and at each ``FIDE rating`` under FIDE's
    lowest: checked when the event is rated, not when it is read to be exported, as another
    body's files hold such ratings."""
    entry = systems.get(crosstable.settings.system)
    problems = [] if entry.lowest_rated is None else [
        Problem(_where(crosstable, row, "Rating"), f"{who(row)}: Rating {message}; {UNPUBLISHED_ADVICE}")
        for row in crosstable.players if (message := entry.unpublished_problem(row.rating)) is not None]
    return problems + [Problem(_where(crosstable, row, "FIDE"), f"{who(row)}: {message}")
                       for row in crosstable.players if (message := unpublished_fide(row.fide)) is not None]


def check_rows(crosstable: Crosstable) -> list[Problem]:
    """Problems of rows the system's rules cannot read (found before anything is rated)."""
    return build_players(crosstable)[1]


def _with_notes(outcome: EventOutcome, crosstable: Crosstable) -> EventOutcome:
    """The outcome with the rules and (US Chess) the bonus multiplier B in its event notes, and the
    crosstable's own notes (a double forfeit) first in their players' notes."""
    settings = crosstable.settings
    parameters = dict(outcome.parameters)
    line = f"Rated under {outcome.rules}"
    if outcome.rating_system:
        line += f", {outcome.rating_system} rating system" + (" (dual-rated)" if settings.dual_rated else "")
    if "Bonus multiplier B" in parameters:
        source = parameters.get("Bonus multiplier source", "")
        line += f"; bonus multiplier B = {parameters['Bonus multiplier B']}"
        line += f" ({source})" if source else ""
    players = outcome.players
    if crosstable.notes:
        given = crosstable.notes
        players = tuple(replace(p, notes=(*given[p.player], *p.notes)) if p.player in given else p
                        for p in players)
    dated = (settings.end_date_note(),) if settings.end_date_blank else ()
    return replace(outcome, notes=(line, *dated, *outcome.notes), players=players)


def rate_crosstable(crosstable: Crosstable, lineup: systems.Lineup | None = None, *,
                    explain: bool = True) -> RatedEvent:
    """Rate a parsed crosstable under its settings.

    ``lineup`` is the engine's players from :func:`build_players` when the caller has
    built (and checked) them already. ``explain=False`` rates with no steps and no game lines
    (the same numbers, notes and output columns; nothing for a report). Returns one
    :class:`~xlrating.model.EventOutcome` (two for a dual-rated US Chess event: Regular, then
    Quick); each starts its notes with the rules used and, for US Chess, the bonus multiplier B.
    Raises
    :class:`~xlrating.errors.CrosstableError` when a row cannot be read under the
    system's rules or the engine refuses the event.
    """
    if lineup is None:
        lineup, problems = build_players(crosstable)
        problems += unpublished_ratings(crosstable)
        if problems:
            raise CrosstableError(problems,
                                  title=f"The {crosstable.sheet} sheet has errors; nothing was rated.")
    else:
        problems = unpublished_ratings(crosstable)
        if problems:
            raise CrosstableError(problems,
                                  title=f"The {crosstable.sheet} sheet has errors; nothing was rated.")
    settings = crosstable.settings
    try:
        outcomes = systems.get(settings.system).rate(lineup, crosstable.games, settings, explain)
    except ENGINE_ERRORS as error:
        raise CrosstableError([Problem(quote_sheet(crosstable.sheet), f"the event cannot be rated: {error}")],
                              title=f"The {crosstable.sheet} sheet could not be rated.") from error
    if settings.dual_rated and len(outcomes) > 1:
        outcomes = (outcomes[0], _blank_partner_notes(outcomes[1], crosstable), *outcomes[2:])
    return RatedEvent(crosstable=crosstable, settings=settings,
                      outcomes=tuple(_with_notes(o, crosstable) for o in outcomes))


def _blank_partner_notes(outcome: EventOutcome, crosstable: Crosstable) -> EventOutcome:
    """A dual-rated event's second outcome (US Chess: Quick) with a note for every player rated in
    it as unrated: his column there (``Quick``) is blank, so his initial rating was worked out by
    the rules (from his Regular rating...), which is right for a player who has none and wrong for
    one whose rating was left out (as a season names such players)."""
    settings = crosstable.settings
    partner = systems.get(settings.system).dual_partner(settings.rating_system) or "second"
    if partner in crosstable.columns:
        blank, mend = f"{partner} blank", f"type it in the {partner} column"
    else:
        blank, mend = f"no {partner} column", f"add a {partner} column and type it there"
    note = (f"{blank}: rated as unrated in {partner}; if the player has a {partner} rating, {mend} "
            "(or fill it from the official list: xlrating fill)")
    players = tuple(replace(p, notes=(note, *p.notes)) if p.pre_rating is None and p.rated_games else p
                    for p in outcome.players)
    return replace(outcome, players=players)


def rate_grid(grid: Grid, settings: EventSettings, *, sheet: str = "Crosstable",
              explain: bool = True) -> RatedEvent:
    """Rate a single crosstable block given as its header row followed by the player rows.

    The Excel event-level function passes the selected range here; cell addresses in
    errors count from the block's first cell (A1 is the block's top-left cell). Raises
    :class:`~xlrating.errors.CrosstableError` listing every problem. ``explain`` as
    :func:`rate_crosstable`.
    """
    return rate_crosstable(parse_crosstable(grid, settings, sheet=sheet), explain=explain)
