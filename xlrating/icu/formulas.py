"""The ICU formulas for one player: expected score, K, rating change, performance,
provisional rating and bonus.

Sources: the ICU rating formulae (the Elo formula and the performance-rating formula with
their worked examples) and the ICU rating program (K factors, the logistic without a cap,
the bonus). Every public function checks its arguments and never rounds a value the rules
keep unrounded; :func:`publish` is the one rounding rule (nearest integer).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from .. import _check
from .._floats import in_order
from ..errors import ArgumentError
from ..model import Step
from .rules import IcuRules, RulesLike, get_rules


def publish(value: float) -> int:
    """``value`` rounded to the nearest integer, halves away from zero (30.5 -> 31, -4.5 -> -5).

    ICU rating formulae: "New ratings are always rounded to the nearest integer"; the ICU
    rating program's ``round`` in the bonus. Python's built-in ``round`` (halves to even) is not used.
    """
    whole = math.floor(abs(value) + 0.5)
    return whole if value >= 0 else -whole


def expected(rating: float, opponent_rating: float, scale: float = 400.0) -> float:
    """The logistic expected score, unchecked (the event algorithm's inner loop)."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent_rating - rating) / scale)))


def expected_score(rating: float, opponent_rating: float, *, rules: RulesLike | None = None) -> float:
    """A player's expected score in one game, ``1/(1 + 10^((Ropp - R)/400))``.

    ICU rating formulae, "Elo Formulae"; ICU rating program: the logistic with no cap on the rating
    difference (a 1000-point gap is not cut to 400 as FIDE does).
    """
    r = get_rules(rules)
    own = _check.rating("rating", rating)
    return expected(own, _check.rating("opponent_rating", opponent_rating), r.scale)


def whole_years(since: date, until: date) -> int:
    """Whole years from ``since`` to ``until`` (an age, a length of membership)."""
    return until.year - since.year - ((until.month, until.day) < (since.month, since.day))


def k_rule(
    rating: float, birth_date: date | None, joined: date | None, start_date: date | None, rules: IcuRules
) -> tuple[float, int | None, int | None]:
    """K by the ICU rules, with the age and the whole years of membership at the start where
    the rule reached them (``None`` where it did not); arguments already checked."""
    if rating >= rules.k_high_rating:
        return rules.k_high, None, None
    if start_date is None:
        raise ArgumentError(
            f"Argument 'start_date' is needed: K of {_below(rules)} depends on age and membership "
            "at the event's start"
        )
    if birth_date is None:
        raise ArgumentError(
            f"Argument 'birth_date' is needed: K of {_below(rules)} depends on age at the event's start"
        )
    if birth_date > start_date:
        raise ArgumentError(
            f"Argument 'birth_date' must be before the event's start ({start_date}), not {birth_date}"
        )
    age = whole_years(birth_date, start_date)
    if age < rules.junior_age:
        return rules.k_junior, age, None
    if joined is None:
        raise ArgumentError(
            f"Argument 'joined' is needed: K of {_below(rules)} aged {age} depends on membership at the "
            "event's start"
        )
    years = max(0, whole_years(joined, start_date))
    return (rules.k_new_member if years < rules.new_member_years else rules.k_standard), age, years


KByDates = Callable[[float, date | None, date | None], float | None]
"""K from a player's rating, date of birth and joining date (:func:`k_by_dates`)."""

KsByDates = Callable[[Sequence[float], Sequence[date | None], Sequence[date | None]], list[float | None]]
"""K of many players from their ratings, dates of birth and joining dates (:func:`ks_by_dates`)."""


def k_by_dates(start_date: date, rules: IcuRules) -> KByDates:
    """:func:`k_rule`'s K at one start by a few comparisons of dates: ``k(rating, birth_date,
    joined)``, as :func:`ks_by_dates` gives it for one player."""
    ks = ks_by_dates(start_date, rules)
    return lambda rating, birth_date, joined: ks((rating,), (birth_date,), (joined,))[0]


def ks_by_dates(start_date: date, rules: IcuRules) -> KsByDates:
    """:func:`k_rule`'s K for many players at one start, each by a few comparisons of dates, all
    in one loop: ``k(ratings, birth_dates, joined)``, each player's K, ``None`` where the
    comparisons do not decide it (a date missing or after the start, where :func:`k_rule` names
    the problem; or rules with an age or a membership under a year, which only :func:`k_rule`
    reads). Aged ``n`` whole years or more at the start means born on or before the start's day
    ``n`` years earlier (28 February for a 29 February in a common year), and the same for
    membership."""
    junior, member = rules.junior_age, rules.new_member_years
    high_rating, high = rules.k_high_rating, rules.k_high
    if min(junior, member) < 1 or start_date.year <= max(junior, member):
        return lambda ratings, born, joined: [high if rating >= high_rating else None for rating in ratings]
    adult_born, old_member = _years_before(start_date, junior), _years_before(start_date, member)
    k_junior, k_new, k_standard = rules.k_junior, rules.k_new_member, rules.k_standard

    def ks(ratings: Sequence[float], born: Sequence[date | None], joined: Sequence[date | None]
           ) -> list[float | None]:
        return [high if rating >= high_rating
                else None if birth_date is None or birth_date > start_date
                else k_junior if birth_date > adult_born
                else None if joined_on is None
                else k_new if joined_on > old_member else k_standard
                for rating, birth_date, joined_on in zip(ratings, born, joined, strict=True)]
    return ks


def _years_before(day: date, years: int) -> date:
    """The latest date from which ``day`` is ``years`` whole years on (:func:`whole_years`)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February, in a common year
        return day.replace(year=day.year - years, day=28)


def _below(rules: IcuRules) -> str:
    return f"a player rated below {rules.k_high_rating:g}"


def explain_k(
    rating: float, birth_date: date | None, joined: date | None, start_date: date | None, rules: IcuRules
) -> tuple[float, str]:
    """K by the ICU rules (:func:`k_rule`) and the reason, in words; arguments already checked."""
    k, age, years = k_rule(rating, birth_date, joined, start_date, rules)
    if age is None:
        return k, f"rated {rating:g} >= {rules.k_high_rating:g}"
    if years is None:
        return k, f"aged {age} at the start (under {rules.junior_age})"
    if years < rules.new_member_years:
        return k, f"aged {age}, member for {years} years (under {rules.new_member_years})"
    return k, f"aged {age}, member for {years} years"


def k_factor(
    rating: float,
    *,
    birth_date: date | None = None,
    joined: date | None = None,
    start_date: date | None = None,
    rules: RulesLike | None = None,
) -> float:
    """The ICU K factor at the event's start (ICU rating program, K-factor).

    16 if ``rating`` >= 2100; else 40 if aged under 21 (whole years) on ``start_date``;
    else 32 if an ICU member for under 8 whole years (from ``joined``); else 24. Age and
    membership are needed only when the rule reaches them; a missing one (or a missing
    ``start_date``) is an :class:`~xlrating.errors.ArgumentError` naming it. A membership
    that starts after ``start_date`` counts as under 8 years.
    """
    r = get_rules(rules)
    value = _check.rating("rating", rating)
    born, member = _check.date("birth_date", birth_date), _check.date("joined", joined)
    _check.joined_after_birth(born, member)
    return k_rule(value, born, member, _check.date("start_date", start_date), r)[0]


def _games(opponent_ratings: Any, results: Any) -> tuple[tuple[float, ...], tuple[float, ...]]:
    opponents = _check.ratings("opponent_ratings", opponent_ratings)
    scores = _check.results("results", results)
    _check.same_length(("opponent_ratings", "results"), opponents, scores)
    return opponents, scores


def rating_change(
    rating: float,
    opponent_ratings: Sequence[float],
    results: Sequence[float | str],
    *,
    k: float,
    rules: RulesLike | None = None,
) -> float:
    """A rated player's change ``K x sum(s - e)``, unrounded (ICU rating formulae, "Elo Formulae").

    The formulae's example: ``rating_change(2000, [2000, 2200], [1, 0.5], k=40)`` is 30.4
    (30.39...), so the new rating is 2030. ``results`` are 1/0.5/0 or W/D/L.
    """
    r = get_rules(rules)
    own = _check.rating("rating", rating)
    factor = _check.positive("k", k)
    opponents, scores = _games(opponent_ratings, results)
    return factor * in_order(s - expected(own, o, r.scale) for o, s in zip(opponents, scores, strict=True))


def performance(
    opponent_ratings: Sequence[float], results: Sequence[float | str], *, rules: RulesLike | None = None
) -> float:
    """The performance rating in an event: the mean of Ropp + 400 (win), Ropp (draw),
    Ropp - 400 (loss) (ICU rating formulae, "Performance Ratings"; ICU rating program). Needs
    one game or more."""
    r = get_rules(rules)
    opponents, scores = _games(opponent_ratings, results)
    if not opponents:
        raise ArgumentError("Argument 'opponent_ratings' must hold at least one game, not an empty sequence")
    total = in_order(o + r.performance_offset * (2 * s - 1) for o, s in zip(opponents, scores, strict=True))
    return total / len(opponents)


def provisional_rating(
    prior_rating: float | None,
    prior_games: int,
    opponent_ratings: Sequence[float],
    results: Sequence[float | str],
    *,
    rules: RulesLike | None = None,
) -> float:
    """A provisional player's new rating ``(Ro x Go + Re x Ge)/(Go + Ge)``, unrounded
    (ICU rating formulae, "Performance Ratings"; ICU rating program:
    ``(Ro*Go + sum(Ropp +/- 400))/(Go + Ge)``).

    The formulae's example: ``provisional_rating(1000, 10, [1000, 1200], [1, 0.5])`` is 1050.
    With ``prior_games`` 0 the prior rating is not used (it may be ``None``) and the result
    is the performance.
    """
    r = get_rules(rules)
    games = _check.whole("prior_games", prior_games)
    prior = 0.0 if prior_rating is None and games == 0 else _check.rating("prior_rating", prior_rating)
    opponents, scores = _games(opponent_ratings, results)
    re = performance(opponents, scores, rules=r)
    ge = len(opponents)
    return (prior * games + re * ge) / (games + ge)


@dataclass(frozen=True)
class BonusWorking:
    """A bonus and every step that produced it (ICU rating program, bonus)."""

    bonus: int
    """The bonus awarded, 0 for none."""
    steps: tuple[Step, ...]
    """The working: the condition that refused a bonus, or threshold, 1.25 factor and caps."""


def explain_bonus(
    rating: float, change: float, games: int, k: float, performance: float | None, rules: IcuRules,
    *, explain: bool = True,
) -> BonusWorking:
    """The bonus with its working; arguments already checked (ICU rating program, bonus).

    ``performance`` ``None`` (no game) can only occur with ``games`` 0, which has no bonus.
    ``explain=False``: the bonus alone, with no working (the steps are not written).
    """
    def none(reason: str) -> BonusWorking:
        return BonusWorking(0, (Step("Bonus", 0.0, "none: " + reason),) if explain else ())

    limit = rules.bonus_rating_limit
    if k <= rules.bonus_max_no_k:
        return none(f"K {k:g} <= {rules.bonus_max_no_k:g}")
    if games <= rules.bonus_max_no_games:
        return none(f"{games} games <= {rules.bonus_max_no_games}")
    if rating >= limit:
        return none(f"rating {rating:g} >= {limit:g}")
    if change <= rules.bonus_min_change:
        return none(f"change {change:.2f} <= {rules.bonus_min_change:g}")
    if rating + change >= limit:
        return none(f"rating + change {rating + change:.2f} >= {limit:g}")
    assert performance is not None
    threshold = rules.bonus_base + rules.bonus_per_game * (games - rules.bonus_max_no_games)
    value = publish(change - threshold)
    steps = []
    if explain:
        steps += [Step("Bonus threshold", threshold, f"{rules.bonus_base:g} + {rules.bonus_per_game:g} x "
                                                     f"({games} - {rules.bonus_max_no_games})"),
                  Step("Bonus before caps", value, f"round(change {change:.2f} - threshold {threshold:g})")]
    if k >= rules.bonus_high_k:
        before = value
        value = publish(rules.bonus_factor * value)
        if explain:
            steps.append(Step("Bonus x factor", value,
                              f"K {k:g} >= {rules.bonus_high_k:g}: round({rules.bonus_factor:g} x {before})"))
    for name, cap in (("rating limit", limit), ("performance", performance)):
        if rating + change + value >= cap:
            value = publish(cap - rating - change)
            if explain:
                steps.append(Step(
                    f"Bonus cap: {name}", value,
                    f"rating + change + bonus >= {cap:.2f}: round({cap:.2f} - {rating:g} - {change:.2f})",
                ))
    if explain:
        steps.append(Step("Bonus", 0.0, f"none: {value} <= 0 after the caps") if value <= 0
                     else Step("Bonus", float(value), "awarded"))
    return BonusWorking(max(value, 0), tuple(steps))


def bonus(
    rating: float, change: float, games: int, k: float, performance: float, *, rules: RulesLike | None = None
) -> int:
    """A rated player's bonus points, 0 for none (ICU rating program, bonus).

    None if K <= 24, ``games`` <= 4, ``rating`` >= 2100, ``change`` <= 35 or
    ``rating + change`` >= 2100. Otherwise threshold = 32 + 3(n - 4); bonus =
    round(change - threshold); if K >= 40, bonus = round(1.25 x bonus); then for the limit
    2100 and then ``performance``, if rating + change + bonus >= the limit the bonus becomes
    round(limit - rating - change); none if it is then <= 0. ``round`` takes halves away
    from zero (:func:`publish`).
    """
    r = get_rules(rules)
    return explain_bonus(
        _check.rating("rating", rating),
        _check.number("change", change),
        _check.whole("games", games),
        _check.positive("k", k),
        _check.number("performance", performance),
        r,
    ).bonus
