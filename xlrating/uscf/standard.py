"""The standard rating formula and its bonus (US Chess 2020, 4.2; US Chess 2009 and 2011, 2.3)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .. import _check
from .._floats import in_order
from ..errors import ArgumentError
from .formulas import _k, effective_arg
from .rules import RulesLike, UscfRules, get_rules


@dataclass(frozen=True)
class StandardSolution:
    """The standard formula's working (US Chess 2020, 4.2)."""

    prior: float
    """R0."""
    effective_games: float
    """N'."""
    games: int
    """m."""
    score: float
    """S."""
    opponents: tuple[float, ...]
    """R_i, the opponents' ratings."""
    k: float
    """K, plain or dual-rated."""
    dual_rated_k: bool
    """Whether the dual-rated K above 2200 was used."""
    expected: tuple[float, ...]
    """We(R0, R_i) for each game."""
    expected_score: float
    """E, the sum of the expectancies."""
    change: float
    """K(S - E)."""
    bonus_eligible: bool
    """Whether the bonus formula applies (m >= 3, no opponent met more than twice, bonus wanted)."""
    bonus_reason: str
    """Why the bonus formula does or does not apply."""
    bonus_multiplier: float
    """B."""
    bonus_threshold: float
    """B sqrt(m'), m' = max(m, 4)."""
    bonus: float
    """max(0, K(S - E) - B sqrt(m')), or 0 when the bonus formula does not apply."""
    rating: float
    """R_s = R0 + K(S - E) + bonus."""

    def describe(self) -> str:
        """The working in one line."""
        return _describe(self.k, self.dual_rated_k, self.score, self.expected_score, self.change,
                         self.bonus_eligible, self.bonus_reason, self.bonus_threshold, self.bonus)


class _Working(NamedTuple):
    """What the standard formula finds, as the event algorithm keeps it: the fields of
    :class:`StandardSolution` beyond its inputs (a plain tuple is much cheaper to build
    than the frozen dataclass)."""

    k: float
    dual_rated_k: bool
    expected: tuple[float, ...]
    expected_score: float
    change: float
    bonus_eligible: bool
    bonus_threshold: float
    bonus: float
    rating: float


def _describe(k: float, dual_rated_k: bool, score: float, expected_score: float, change: float,
              bonus_eligible: bool, bonus_reason: str, bonus_threshold: float, bonus: float) -> str:
    """The working in one line (:meth:`StandardSolution.describe`)."""
    text = (f"K = {k:.4g}{' (dual-rated)' if dual_rated_k else ''}, S = {score:g}, "
            f"E = {expected_score:.4f}, K(S - E) = {change:+.2f}")
    if bonus_eligible:
        text += f", bonus max(0, {change:.2f} - {bonus_threshold:.2f}) = {bonus:.2f}"
    else:
        text += f", no bonus ({bonus_reason})"
    return text


def _bonus(rules: UscfRules, change: float, games: int, multiplier: float) -> tuple[float, float]:
    """The bonus max(0, K(S - E) - B sqrt(m')) and its threshold B sqrt(m'), m' = max(m, 4)."""
    threshold = _threshold(rules, games, multiplier)
    return _above(change, threshold), threshold


def _threshold(rules: UscfRules, games: int, multiplier: float) -> float:
    """B sqrt(m'), m' = max(m, 4): the change beyond which the bonus starts."""
    return multiplier * math.sqrt(max(games, rules.bonus_min_m_prime))


def _above(change: float, threshold: float) -> float:
    """max(0, K(S - E) - B sqrt(m')): the bonus where the bonus formula applies."""
    return max(0.0, change - threshold)


def _eligibility(rules: UscfRules, bonus: bool, m: int, repeated_opponent: bool) -> tuple[bool, str]:
    """Whether the bonus formula applies (section 4.2), and why (or why not)."""
    if not bonus:
        return False, "bonus not applied"
    if m < rules.bonus_min_games:
        return False, f"m = {m} < {rules.bonus_min_games}"
    if repeated_opponent:
        return False, f"an opponent met more than {rules.bonus_max_meetings} times"
    return True, f"m = {m} >= {rules.bonus_min_games}, no opponent met more than twice"


def _work(
    rules: UscfRules,
    prior: float,
    effective: float,
    opponents: Sequence[float],
    score: float,
    bonus: bool,
    multiplier: float,
    repeated_opponent: bool,
    dual_rated: bool,
    regular_rating: float | None,
) -> _Working:
    """The standard formula of section 4.2 for one player, arguments already checked."""
    return _workings(rules, (True,), (prior,), (effective,), (range(len(opponents)),), opponents, (score,),
                     (repeated_opponent,), (regular_rating,) if dual_rated else None, bonus=bonus,
                     multiplier=multiplier)[0]


def _workings(
    rules: UscfRules,
    chosen: Sequence[bool],
    prior: Sequence[float],
    effective: Sequence[float],
    opponents: Sequence[Sequence[int]],
    seen: Sequence[float],
    score: Sequence[float],
    repeated: Sequence[bool],
    regular: Sequence[float | None] | None,
    *,
    bonus: bool,
    multiplier: float,
    keep_expected: bool = True,
) -> list[_Working]:
    """The standard formula of section 4.2 for each chosen player (:data:`UNUSED` for the
    others), arguments already checked: player ``i`` met the players at ``opponents[i]``, seen
    at ``seen[o]``; ``regular`` (the Regular ratings) in a dual-rated event, else None. One
    loop for all the players of an event, its constants read once, B sqrt(m') once for each m;
    without ``keep_expected``, each working's expectancies are left out (empty)."""
    numerator, scale, least = rules.k_numerator, rules.we_scale, rules.bonus_min_games
    thresholds: dict[int, float] = {}
    found: list[_Working] = []
    for i, wanted in enumerate(chosen):
        if not wanted:
            found.append(UNUSED)
            continue
        own, r0, n = opponents[i], prior[i], effective[i]
        m = len(own)
        k = plain = numerator / (n + m)  # what _k gives unless the dual-rated K applies
        if regular is not None:
            k = _k(rules, n, m, regular[i], True)
        # We(R0, Ri) = 1/(1 + 10^(-(R0 - Ri)/400)), inlined for speed
        expected = [1.0 / (1.0 + 10.0 ** ((seen[o] - r0) / scale)) for o in own]
        total = in_order(expected)
        change = k * (score[i] - total)
        # Whether the bonus formula applies (:func:`_eligibility` also says why), inlined for speed.
        eligible = bonus and m >= least and not repeated[i]
        threshold = thresholds.get(m)
        if threshold is None:
            threshold = thresholds[m] = _threshold(rules, m, multiplier)
        amount = _above(change, threshold) if eligible else 0.0
        # The record from a tuple of its fields, as calling the class gives it but without its
        # Python-level __new__: the event algorithm builds one per player and step.
        found.append(tuple.__new__(_Working, (k, k != plain, tuple(expected) if keep_expected else (), total,
                                              change, eligible, threshold, amount, r0 + change + amount)))
    return found


UNUSED = _Working(0.0, False, (), 0.0, 0.0, False, 0.0, 0.0, 0.0)
"""A player's working where the standard formula is not used."""


def _standard(
    rules: UscfRules,
    prior: float,
    effective: float,
    opponents: Sequence[float],
    score: float,
    *,
    bonus: bool,
    multiplier: float,
    repeated_opponent: bool,
    dual_rated: bool,
    regular_rating: float | None,
) -> StandardSolution:
    """:class:`StandardSolution` of the standard formula, arguments already checked."""
    w = _work(rules, prior, effective, opponents, score, bonus, multiplier, repeated_opponent, dual_rated,
              regular_rating)
    return StandardSolution(
        prior=prior, effective_games=effective, games=len(opponents), score=score, opponents=tuple(opponents),
        k=w.k, dual_rated_k=w.dual_rated_k, expected=w.expected, expected_score=w.expected_score,
        change=w.change, bonus_eligible=w.bonus_eligible,
        bonus_reason=_eligibility(rules, bonus, len(opponents), repeated_opponent)[1],
        bonus_multiplier=multiplier, bonus_threshold=w.bonus_threshold, bonus=w.bonus, rating=w.rating,
    )


def standard_solution(
    prior_rating: float,
    effective_games: float,
    opponent_ratings: Sequence[float],
    score: float,
    *,
    bonus: bool = True,
    bonus_multiplier: float | None = None,
    dual_rated: bool = False,
    repeated_opponent: bool = False,
    regular_rating: float | None = None,
    rules: RulesLike = "2020",
) -> StandardSolution:
    """The standard rating with its working (US Chess 2020, 4.2).

    See :func:`standard_rating` for the arguments.
    """
    edition = get_rules(rules)
    prior = _check.rating("prior_rating", prior_rating)
    effective = effective_arg("effective_games", effective_games, edition)
    opponents = _check.ratings("opponent_ratings", opponent_ratings)
    if not opponents:
        raise ArgumentError("Argument 'opponent_ratings' must name at least one opponent (m >= 1), not ()")
    points = _check.score("score", score, len(opponents))
    multiplier = (edition.bonus_multiplier if bonus_multiplier is None
                  else _check.non_negative("bonus_multiplier", bonus_multiplier))
    regular = prior if regular_rating is None else _check.rating("regular_rating", regular_rating)
    repeated = _check.flag("repeated_opponent", repeated_opponent)
    return _standard(edition, prior, effective, opponents, points, bonus=_check.flag("bonus", bonus),
                     multiplier=multiplier, repeated_opponent=repeated,
                     dual_rated=_check.flag("dual_rated", dual_rated), regular_rating=regular)


def standard_rating(
    prior_rating: float,
    effective_games: float,
    opponent_ratings: Sequence[float],
    score: float,
    *,
    bonus: bool = True,
    bonus_multiplier: float | None = None,
    dual_rated: bool = False,
    repeated_opponent: bool = False,
    regular_rating: float | None = None,
    rules: RulesLike = "2020",
) -> float:
    """R_s = R0 + K(S - E) [+ max(0, K(S - E) - B sqrt(m'))] (US Chess 2020, 4.2).

    ``prior_rating`` is R0, ``effective_games`` N', ``opponent_ratings`` the R_i and
    ``score`` S. The bonus term is added when ``bonus`` is true, m >= 3 and no opponent
    was met more than twice; the last cannot be seen from ratings alone, so pass
    ``repeated_opponent=True`` when some opponent was met three or more times (the event
    algorithm sets it). ``bonus_multiplier`` is B (default: the edition's, 6 or 14).
    ``dual_rated`` selects the 2020 dual-rated K above 2200, with R the player's Regular
    rating ``regular_rating`` (default ``prior_rating``).
    """
    return standard_solution(
        prior_rating, effective_games, opponent_ratings, score, bonus=bonus,
        bonus_multiplier=bonus_multiplier, dual_rated=dual_rated, repeated_opponent=repeated_opponent,
        regular_rating=regular_rating, rules=rules,
    ).rating


def bonus_amount(
    k: float,
    score: float,
    expected_score: float,
    games: int,
    *,
    bonus_multiplier: float | None = None,
    rules: RulesLike = "2020",
) -> float:
    """max(0, K(S - E) - B sqrt(m')), m' = max(m, 4) (US Chess 2020, 4.2).

    The amount only; whether the bonus applies at all (m >= 3, no opponent met more than
    twice) is the caller's question.
    """
    edition = get_rules(rules)
    k_value = _check.positive("k", k)
    m = _check.whole("games", games)
    points = _check.score("score", score, m)
    expected = _check.expected_score("expected_score", expected_score, m)
    multiplier = (edition.bonus_multiplier if bonus_multiplier is None
                  else _check.non_negative("bonus_multiplier", bonus_multiplier))
    return _bonus(edition, k_value * (points - expected), m, multiplier)[0]
