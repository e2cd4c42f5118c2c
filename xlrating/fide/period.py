"""A rating period: the events of one FIDE list, rated from the list and rounded once.

FIDE publishes ratings per rating period (a monthly list): every event of the period is
rated from the rating at the start of the period, and the new list rating is that rating
plus the period's total change, rounded once (FIDE Rating Regulations 2024: the change, to
a whole number, halves away from zero; FIDE Handbook 10.53: the new rating). An event's
``PlayerOutcome.change`` is already rounded, so a period must add the unrounded changes:
:func:`unrounded_change` recovers one exactly from an outcome's numbers (with or without
explanations), and :func:`period_rating` adds them up and rounds once.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .. import _check
from ..errors import ArgumentError
from ..model import Method, PlayerOutcome
from .core import round_half_away
from .rules import RulesLike, get_rules


def unrounded_change(outcome: PlayerOutcome) -> Fraction | None:
    """A rated player's change in one event before any rounding, exactly:
    ``K x (score - sum of PD)`` (FIDE Handbook 10.51; 2024 regulations).

    It is computed from the outcome's own fields, which hold it exactly: ``k`` (a whole
    number, or the K given), ``rated_score`` (half points) and ``expected_score`` (the sum of
    PD, whole hundredths). ``0`` for a rated player without a rated game; ``None`` for a new
    player (no change: a first rating).
    """
    if not isinstance(outcome, PlayerOutcome):
        raise _check.fail("outcome", "a PlayerOutcome", outcome)
    if outcome.method is Method.NOT_RATED and outcome.pre_rating is not None:
        return Fraction(0)
    if outcome.method is not Method.ELO or outcome.k is None or outcome.expected_score is None:
        return None
    k = Fraction(repr(outcome.k))
    halves = round(outcome.rated_score * 2)
    hundredths = round(outcome.expected_score * 100)
    return k * (50 * halves - hundredths) / 100


def period_rating(rating: float, changes: Sequence[Fraction | None], *,
                  rules: RulesLike | None = None) -> float:
    """The list rating after a period: ``rating`` (the period's starting list rating) plus the
    period's unrounded changes (:func:`unrounded_change` of each event; ``None`` is skipped),
    rounded once as the edition rounds: 2024 rounds the total change to a whole number, halves
    away from zero; the handbook rounds the new rating (10.53)."""
    edition = get_rules(rules)
    start = Fraction(repr(_check.rating("rating", rating)))
    total = Fraction(0)
    for i, change in enumerate(_check.sequence("changes", changes, "exact changes (Fractions)")):
        if change is None:
            continue
        if type(change) not in (Fraction, int):
            raise ArgumentError(f"Argument 'changes[{i}]' must be an exact change (a Fraction), "
                                f"not {change!r}")
        total += change
    if edition.round_new_rating:
        new = start + total
        return float(round_half_away(new.numerator, new.denominator))
    if edition.round_change:
        total = Fraction(round_half_away(total.numerator, total.denominator))
    return float(start + total)
