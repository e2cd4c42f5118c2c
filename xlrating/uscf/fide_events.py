"""Updating US Chess ratings from foreign FIDE events (US Chess 2020, 6; 2011 rules,
section 3). The 2009 edition has no such section.

The opponents' FIDE ratings are converted to the US Chess scale (2020: the section 2.7
conversion, youth events 560 + 0.76 FIDE up to 2000 and 80 + FIDE above; 2011: the
step 1 conversion, youth events 210 + 0.93 FIDE); opponents without a FIDE rating are
ignored; the standard formula with bonus is applied once.

Decisions where the documents are silent: 2020 admits only established Regular ratings
(as it says); 2011 says the office "may include US residents who are not USCF-rated"
but not how to rate them, so it needs a rating (any N). The result is stored as the
edition stores ratings (2011: an integer rounded toward the change) and is at least
``floor``. By default that is the floor section 5 (2011: 2.4) gives without the
player's history: the absolute floor 100 or, for an established rating, the peak floor
of the prior rating (an attained established rating) if higher.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import _check
from ..errors import ArgumentError, RulesError
from .bonus import choose_bonus_multiplier
from .floors import _floor, store
from .formulas import _effective
from .rules import Piecewise, RulesLike, UscfRules, get_rules
from .standard import StandardSolution, _standard


@dataclass(frozen=True)
class FideEventUpdate:
    """A FIDE-event update with its working."""

    prior: float
    """The US Chess Regular rating before."""
    games: int | None
    """N before (None: established, count unknown)."""
    opponents: tuple[float, ...]
    """The converted ratings of the opponents who had a FIDE rating."""
    ignored: int
    """Games against opponents without a FIDE rating, ignored."""
    youth: bool
    """Whether the youth conversion was used."""
    bonus_multiplier: float
    """B."""
    bonus_multiplier_source: str
    """Where B came from."""
    standard: StandardSolution
    """The standard formula's working."""
    rating: float
    """The updated rating, stored as the edition stores ratings and at least the floor."""
    conversion_source: str | None = None
    """Where the opponents' conversion comes from when it is not the edition's own (US Chess's
    update of 1 March 2024)."""


def fide_event_update(
    prior_rating: float,
    games: int | None,
    opponent_fide_ratings: Sequence[float | None],
    results: Sequence[Any],
    *,
    youth: bool = False,
    repeated_opponent: bool = False,
    bonus_multiplier: float | None = None,
    end_date: dt.date | None = None,
    floor: float | None = None,
    rules: RulesLike = "2020",
) -> FideEventUpdate:
    """Update a US Chess Regular rating from a foreign FIDE event (US Chess 2020, 6).

    ``opponent_fide_ratings`` and ``results`` (the player's 1, 0.5, 0 or W, D, L) are
    parallel, one per game; an opponent without a FIDE rating (None) is ignored.
    ``games`` is the N behind ``prior_rating`` (None: established). B is
    ``bonus_multiplier``, else the value in force on ``end_date``, else the edition's.
    The result is at least ``floor``; by default the absolute floor 100, or for an
    established rating the peak floor of ``prior_rating`` if higher (section 5).
    """
    edition = get_rules(rules)
    if not edition.fide_events:
        raise _no_fide_events(edition)
    _conversions_of(edition)  # refused without them, before any argument is checked
    prior = _check.rating("prior_rating", prior_rating)
    n = _eligible(edition, games)
    fides, points = _games(opponent_fide_ratings, results)
    on = _check.date("end_date", end_date)
    youth = _check.flag("youth", youth)
    repeated_opponent = _check.flag("repeated_opponent", repeated_opponent)
    kept, where = _converted_opponents(edition, fides, points, youth, on)
    multiplier, source = choose_bonus_multiplier(edition, bonus_multiplier, on)
    bottom = _check.rating("floor", floor) if floor is not None else _default_floor(edition, prior, n)
    opponents, score = tuple(r for r, _ in kept), sum(s for _, s in kept)
    solution = _apply_once(edition, prior, n, opponents, score, multiplier, repeated_opponent)
    rating = max(store(edition, solution.rating, prior), bottom)
    return FideEventUpdate(prior=prior, games=n, opponents=opponents, ignored=len(fides) - len(kept),
                           youth=youth, bonus_multiplier=multiplier, bonus_multiplier_source=source,
                           standard=solution, rating=rating, conversion_source=where)


def _no_fide_events(edition: UscfRules) -> RulesError:
    return RulesError(f"{edition.name} has no rules for foreign FIDE events (they start with USCF 2011)")


def _conversions_of(edition: UscfRules) -> tuple[Piecewise, Piecewise]:
    """The edition's two conversions of an opponent's FIDE rating (the usual one, the youth events'),
    or :class:`RulesError` if it has none."""
    if edition.fide_event_opponents is None or edition.fide_event_youth is None:
        raise _no_fide_events(edition)
    return edition.fide_event_opponents, edition.fide_event_youth


def _eligible(edition: UscfRules, games: int | None) -> int | None:
    """N, checked: "Only players with an established US Chess regular rating are eligible" (US Chess
    2020, 6; ``None``: established, the count unknown). 2011 asks for no number of games."""
    n = None if games is None else _check.whole("games", games)
    if n is not None and n < edition.fide_event_min_games:
        raise ArgumentError(f"Argument 'games': {edition.name} updates only established Regular ratings "
                            f"(more than {edition.established_games} games) from FIDE events, not {games!r}")
    return n


def _games(opponent_fide_ratings: Sequence[float | None], results: Sequence[Any]
           ) -> tuple[tuple[float | None, ...], tuple[float, ...]]:
    """The opponents' FIDE ratings (``None``: none) and the player's results, checked, one per game."""
    if isinstance(opponent_fide_ratings, (str, bytes)) or not isinstance(opponent_fide_ratings, Sequence):
        raise _check.fail("opponent_fide_ratings", "a sequence of FIDE ratings", opponent_fide_ratings)
    fides = tuple(None if r is None else _check.rating(f"opponent_fide_ratings[{i}]", r)
                  for i, r in enumerate(opponent_fide_ratings))
    points = _check.results("results", results)
    _check.same_length(("opponent_fide_ratings", "results"), fides, points)
    return fides, points


def _conversion(edition: UscfRules, youth: bool, on: dt.date | None) -> tuple[Piecewise, str | None]:
    """The conversion of the opponents' FIDE ratings to the US Chess scale: a youth event's, else the
    section 2.7 one in force ``on`` (US Chess 2020, 6, third point; 2011: step 1's), with where it
    comes from when it is not the edition's own."""
    if youth:
        return _conversions_of(edition)[1], None
    conversion, where = edition.fide_event_conversion_on(on)
    assert conversion is not None
    return conversion, where


def _converted_opponents(edition: UscfRules, fides: tuple[float | None, ...], points: tuple[float, ...],
                         youth: bool, on: dt.date | None) -> tuple[list[tuple[float, float]], str | None]:
    """The games against opponents with a FIDE rating, converted to the US Chess scale, each with the
    player's result: "Opponents who do not have a FIDE rating are ignored" (US Chess 2020, 6)."""
    conversion, where = _conversion(edition, youth, on)
    kept = [(conversion(f), s) for f, s in zip(fides, points, strict=True) if f is not None]
    if not kept:
        raise ArgumentError("Argument 'opponent_fide_ratings' must include at least one FIDE-rated opponent")
    return kept, where


def _default_floor(edition: UscfRules, prior: float, n: int | None) -> float:
    """The floor without the player's history (US Chess 2020, 5; 2011: 2.4): the absolute floor or,
    for an established rating, the peak floor of the prior rating if higher."""
    established = n is None or n > edition.established_games
    return _floor(edition, prior if established else None, 0, 0, 0, None)[0]


def _apply_once(edition: UscfRules, prior: float, n: int | None, opponents: tuple[float, ...], score: float,
                multiplier: float, repeated_opponent: bool) -> StandardSolution:
    """"The standard rating formula (with bonus) is then applied to update the player's US Chess
    rating based on the opponents' converted ratings. The standard formula is applied only once"
    (US Chess 2020, 6)."""
    return _standard(edition, prior, _effective(edition, prior, n), opponents, score, bonus=True,
                     multiplier=multiplier, repeated_opponent=repeated_opponent, dual_rated=False,
                     regular_rating=prior)


def fide_event_rating(
    prior_rating: float,
    games: int | None,
    opponent_fide_ratings: Sequence[float | None],
    results: Sequence[Any],
    *,
    youth: bool = False,
    repeated_opponent: bool = False,
    bonus_multiplier: float | None = None,
    end_date: dt.date | None = None,
    floor: float | None = None,
    rules: RulesLike = "2020",
) -> float:
    """The updated rating of :func:`fide_event_update`."""
    return fide_event_update(prior_rating, games, opponent_fide_ratings, results, youth=youth,
                             repeated_opponent=repeated_opponent, bonus_multiplier=bonus_multiplier,
                             end_date=end_date, floor=floor, rules=rules).rating


def fide_event_opponent_rating(fide: float, *, youth: bool = False, rules: RulesLike = "2020",
                               end_date: dt.date | None = None) -> float:
    """An opponent's FIDE rating on the US Chess scale for a foreign FIDE event ending on
    ``end_date`` (the section 2.7 conversion in force then; without a date, the document's)."""
    edition = get_rules(rules)
    _conversions_of(edition)
    on = _check.date("end_date", end_date)
    return _conversion(edition, _check.flag("youth", youth), on)[0](_check.rating("fide", fide))
