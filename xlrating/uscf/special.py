"""The special rating formula (US Chess 2020, 4.1; US Chess 2009 and 2011, 2.2).

The document's own iterative knot algorithm, step by step: the first estimate M, the
secant moves towards the root of f between knots (steps 2 and 3), the count p of
opponents within 400 points and the p = 0 rule that picks the prior rating clamped to
the flat stretch around M (step 4), and the cap at 2700. No bisection, no shortcut.

One difference between the texts: in steps 2(b) and 3(b) the 2020 document says
"set M <- z_a and go back to 2" when f is flat between M and the knot; the 2009 and 2011
documents omit "and go back to 2". Without it the algorithm would stop with
|f(M)| > epsilon, against its stated goal (f(R) = 0 within tolerance), so all three
editions go back, as 2020 spells out.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from .. import _check
from .._floats import in_order
from ..errors import ArgumentError, ConvergenceError
from .formulas import effective_arg
from .rules import RulesLike, UscfRules, get_rules, history_word

P0Rule = Literal["inside", "left", "right"]

#: Step 4 counts |M - R_i| <= 400 with this much slack (rating points), so that M set to
#: a knot R_i +/- 400, computed in floating point, counts as within 400 of R_i as it does
#: in exact arithmetic.
_KNOT_TOLERANCE = 1e-9


@dataclass(frozen=True)
class SpecialSolution:
    """The special formula's working, for reports (US Chess 2020, 4.1)."""

    prior: float
    """R0, the prior rating."""
    adjusted_prior: float
    """R'0 (R0 - 400 after all wins, R0 + 400 after all losses, else R0)."""
    effective_games: float
    """N'."""
    score: float
    """S, the score in the event."""
    adjusted_score: float
    """S' (S + N' after all wins, S after all losses, else S + N'/2)."""
    history: str | None
    """``None``, ``"all wins"`` or ``"all losses"``."""
    opponents: tuple[float, ...]
    """R_i, the opponents' ratings."""
    knots: tuple[float, ...]
    """S_z, the sorted unique knots R'0 +/- 400 and R_i +/- 400."""
    start: float
    """The first estimate M of step 1."""
    iterations: tuple[tuple[str, float], ...]
    """Each move of M: ``("2: secant", M)``, ``("3: knot", M)``, ... ."""
    p: int
    """The number of ratings (opponents and R'0) within 400 of the solution M (step 4)."""
    p0_rule: P0Rule | None
    """Which branch of the p = 0 rule applied: R0 inside, left of or right of the stretch."""
    p0_stretch: tuple[float, float] | None
    """(z_a, z_b), the flat stretch the p = 0 rule looked at."""
    solution: float
    """M at the end of step 4, before the cap."""
    capped: bool
    """Whether the cap (2700) lowered the result."""
    rating: float
    """The special rating: ``solution`` capped at 2700."""

    def f(self, rating: float, rules: RulesLike = "2020") -> float:
        """The objective f(R) of this problem at ``rating``."""
        edition = get_rules(rules)
        return _objective(edition, self.effective_games, self.adjusted_prior, self.opponents,
                          self.adjusted_score)(rating)

    def describe(self) -> str:
        """The working in one line, for a report's Steps column."""
        return _describe(self.prior, self.adjusted_prior, self.adjusted_score, self.start, self.iterations,
                         self.p, self.p0_rule, self.p0_stretch, self.solution, self.capped)


class _Working(NamedTuple):
    """What the algorithm of section 4.1 finds, as the event algorithm keeps it: the
    fields of :class:`SpecialSolution` beyond its inputs (a plain tuple is much cheaper to
    build than the frozen dataclass, and the event algorithm builds tens of thousands)."""

    adjusted_prior: float
    adjusted_score: float
    knots: list[float]
    start: float
    iterations: list[tuple[str, float]]
    p: int
    p0_rule: P0Rule | None
    p0_stretch: tuple[float, float] | None
    solution: float
    capped: bool
    rating: float


def _describe(prior: float, adjusted_prior: float, adjusted_score: float, start: float,
              iterations: Sequence[tuple[str, float]], p: int, p0_rule: P0Rule | None,
              p0_stretch: tuple[float, float] | None, solution: float, capped: bool) -> str:
    """The working in one line (:meth:`SpecialSolution.describe`)."""
    parts = [f"R'0 = {adjusted_prior:g}, S' = {adjusted_score:g}, start M = {start:.2f}"]
    if iterations:
        parts.append("then " + ", ".join(f"{label} {m:.2f}" for label, m in iterations))
    parts.append(f"p = {p}")
    if p0_rule is not None and p0_stretch is not None:
        za, zb = p0_stretch
        parts.append(f"p = 0 rule: R0 = {prior:g} {p0_rule} [{za:g}, {zb:g}] -> {solution:g}")
    if capped:
        parts.append(f"capped from {solution:.2f}")
    return "; ".join(parts)


def _describe_working(prior: float, w: _Working) -> str:
    """:func:`_describe` of the event algorithm's working."""
    return _describe(prior, w.adjusted_prior, w.adjusted_score, w.start, w.iterations, w.p, w.p0_rule,
                     w.p0_stretch, w.solution, w.capped)


def _objective(rules: UscfRules, effective: float, prior: float, opponents: Sequence[float],
               adjusted_score: float) -> Callable[[float], float]:
    """The objective of one problem (US Chess 2020, 4.1): f(R) = N' PWe(R, R'0) + the sum of PWe(R, R_i)
    over the opponents, in round order, - S', with ``prior`` R'0 and ``adjusted_score`` S'. Each PWe
    is :func:`.formulas._pwe`'s arithmetic, inlined: the algorithm evaluates f a few times per
    player, and a call per term would cost more than the term."""
    spread, scale = rules.pwe_range, rules.pwe_scale

    def f(rating: float) -> float:
        diff = rating - prior
        pwe = 0.0 if diff <= -spread else 1.0 if diff >= spread else 0.5 + diff / scale
        total = effective * pwe - adjusted_score
        for opponent in opponents:
            diff = rating - opponent
            total += 0.0 if diff <= -spread else 1.0 if diff >= spread else 0.5 + diff / scale
        return total

    return f


_FLAT, _KNOT, _SECANT = 0, 1, 2
_MOVES = {step: (f"{step}: flat, to knot", f"{step}: knot", f"{step}: secant") for step in (2, 3)}
"""The moves' names in the working, by step and move."""


def _move(knots: list[float], big_m: float, value: float, down: bool, f: Callable[[float], float],
          eps: float) -> tuple[float, float, int]:
    """One move of M (US Chess 2020, 4.1, step 2 where ``down``, else step 3), with the knot z
    next to M on that side: to z if f is flat between them (then back to the step's start),
    else the secant M - f(M)(M - z)/(f(M) - f(z)), or z if the secant passes it. Returns
    the new M, f(M) and which move it was (:data:`_MOVES`).

    The document writes step 3's secant as M - f(M)((z_b - M)/(f(z_b) - f(M))): each
    difference is the one here with its sign changed, exactly, so the quotient is the same
    number to the last bit."""
    if down:  # the largest knot below M (f(M) > 0: there is one)
        index = bisect_left(knots, big_m) - 1
        if index < 0:
            raise ConvergenceError(f"special formula: f({big_m}) = {value} > 0 below every knot")
    else:  # the smallest knot above M (f(M) < 0)
        index = bisect_right(knots, big_m)
        if index >= len(knots):
            raise ConvergenceError(f"special formula: f({big_m}) = {value} < 0 above every knot")
    z = knots[index]
    f_z = f(z)
    if abs(value - f_z) < eps:
        return z, f_z, _FLAT
    candidate = big_m - value * ((big_m - z) / (value - f_z))
    if (candidate < z) if down else (candidate > z):
        return z, f_z, _KNOT
    return candidate, f(candidate), _SECANT


def _work(
    rules: UscfRules,
    prior: float,
    effective: float,
    opponents: Sequence[float],
    score: float,
    history: str | None,
) -> _Working:
    """The algorithm of section 4.1, arguments already checked."""
    spread = rules.pwe_range
    eps = rules.epsilon
    if history == "all wins":
        adjusted_prior, adjusted_score = prior - rules.history_shift, score + effective
    elif history == "all losses":
        adjusted_prior, adjusted_score = prior + rules.history_shift, score
    else:
        adjusted_prior, adjusted_score = prior, score + effective / 2.0
    m = len(opponents)
    knots = sorted({adjusted_prior - spread, adjusted_prior + spread,
                    *[r - spread for r in opponents], *[r + spread for r in opponents]})

    f = _objective(rules, effective, adjusted_prior, opponents, adjusted_score)
    # Step 1: the first estimate.
    start = (effective * adjusted_prior + in_order(opponents) + spread * (2.0 * score - m)) / (effective + m)
    big_m = start
    value = f(big_m)
    moves: list[tuple[str, float]] = []
    limit = 4 * len(knots) + 20
    # Step 2: while f(M) > eps, move down; step 3: while f(M) < -eps, move up.
    for step, down in ((2, True), (3, False)):
        while (value > eps) if down else (value < -eps):
            if len(moves) > limit:
                raise ConvergenceError(f"special formula: no solution after {len(moves)} moves")
            big_m, value, kind = _move(knots, big_m, value, down, f, eps)
            moves.append((_MOVES[step][kind], big_m))
    # Step 4: |f(M)| <= eps.
    reach = spread + _KNOT_TOLERANCE
    p = len([r for r in opponents if abs(big_m - r) <= reach])
    if abs(big_m - adjusted_prior) <= reach:
        p += 1
    rule: P0Rule | None = None
    stretch: tuple[float, float] | None = None
    if p == 0:
        below = bisect_left(knots, big_m)
        above = bisect_right(knots, big_m)
        # M lies strictly between two knots: it starts between the outermost knots (a
        # weighted mean of R'0 and the R_i +/- 400), every move stays between knots, and
        # at a knot p >= 1.
        za, zb = knots[below - 1], knots[above]
        stretch = (za, zb)
        if za <= prior <= zb:
            rule, big_m = "inside", prior
        elif prior < za:
            rule, big_m = "left", za
        else:
            rule, big_m = "right", zb
    capped = big_m > rules.special_cap
    # The record from a tuple of its fields, as calling the class gives it but without its
    # Python-level __new__: the event algorithm builds one per player and step.
    return tuple.__new__(_Working, (adjusted_prior, adjusted_score, knots, start, moves, p, rule, stretch,
                                    big_m, capped, rules.special_cap if capped else big_m))


def _solve(
    rules: UscfRules,
    prior: float,
    effective: float,
    opponents: Sequence[float],
    score: float,
    history: str | None,
) -> SpecialSolution:
    """:class:`SpecialSolution` of the algorithm of section 4.1, arguments already checked."""
    w = _work(rules, prior, effective, opponents, score, history)
    return SpecialSolution(
        prior=prior, adjusted_prior=w.adjusted_prior, effective_games=effective, score=score,
        adjusted_score=w.adjusted_score, history=history, opponents=tuple(opponents), knots=tuple(w.knots),
        start=w.start, iterations=tuple(w.iterations), p=w.p, p0_rule=w.p0_rule, p0_stretch=w.p0_stretch,
        solution=w.solution, capped=w.capped, rating=w.rating,
    )


def _arguments(
    rules: UscfRules, prior_rating: float, effective_games: float, opponent_ratings: Sequence[float],
    score: float, history: str | None,
) -> tuple[float, float, tuple[float, ...], float, str | None]:
    prior = _check.rating("prior_rating", prior_rating)
    effective = effective_arg("effective_games", effective_games, rules)
    opponents = _check.ratings("opponent_ratings", opponent_ratings)
    if not opponents:
        raise ArgumentError("Argument 'opponent_ratings' must name at least one opponent (m >= 1), not ()")
    points = _check.score("score", score, len(opponents))
    return prior, effective, opponents, points, history_word(history)


def special_solution(
    prior_rating: float,
    effective_games: float,
    opponent_ratings: Sequence[float],
    score: float,
    *,
    history: str | None = None,
    rules: RulesLike = "2020",
) -> SpecialSolution:
    """The special rating with its full working (US Chess 2020, 4.1).

    Returns the knots, the first estimate, every move of M, p, which branch of the p = 0
    rule applied (if any) and whether the 2700 cap applied.
    """
    edition = get_rules(rules)
    working = _arguments(edition, prior_rating, effective_games, opponent_ratings, score, history)
    return _solve(edition, *working)


def special_rating(
    prior_rating: float,
    effective_games: float,
    opponent_ratings: Sequence[float],
    score: float,
    *,
    history: str | None = None,
    rules: RulesLike = "2020",
) -> float:
    """The rating the special formula gives (US Chess 2020, 4.1).

    ``prior_rating`` is R0, ``effective_games`` N', ``opponent_ratings`` the R_i of the m
    games and ``score`` S. ``history`` is ``"all wins"`` or ``"all losses"`` when every
    previous rated game was one, else ``None``. The result is capped at 2700; the floor
    of 100 is the event algorithm's (section 1), not this formula's.
    """
    return special_solution(prior_rating, effective_games, opponent_ratings, score,
                            history=history, rules=rules).rating
