"""Effective games, winning expectancies and K (US Chess 2020, 3, 4.1 and 4.2).

Each public function checks its arguments; the ``_``-prefixed twins do the arithmetic
only and are what the event algorithm calls in its inner loops.
"""

from __future__ import annotations

import math
from typing import Any

from .. import _check
from ..errors import ArgumentError
from .rules import RulesLike, UscfRules, get_rules


def _nstar(rules: UscfRules, rating: float) -> float:
    if rating > rules.nstar_cutoff:
        return rules.nstar_max
    return rules.nstar_max / math.sqrt(
        rules.nstar_base + rules.nstar_coefficient * (rules.nstar_center - rating) ** 2
    )


def _effective(rules: UscfRules, rating: float, games: float | None) -> float:
    return _effective_below(_nstar(rules, rating), games)


def _effective_below(nstar: float, games: float | None) -> float:
    """N' = min(N, N*), given N*; N not given: N*."""
    return nstar if games is None else min(float(games), nstar)


def games_arg(name: str, value: Any) -> int | None:
    """A game count N: a whole number >= 0, or None (established, count unknown)."""
    return None if value is None else _check.whole(name, value)


def effective_arg(name: str, value: Any, rules: UscfRules, *, see: str = "") -> float:
    """An N' the caller gives: a number from 0 to the most N' = min(N, N*) can be under ``rules``,
    N*'s ceiling (50: US Chess 2020, 3, "N' can be no larger than 50"; 2009 and 2011, 2.1). A
    larger N' is no player's: it is most often a game count N typed for N', which would give a
    smaller K (the standard formula) or leave the special formula's iteration nothing it can
    solve. ``see`` is added to the message after the ceiling's words (a worksheet's
    ``" (see EFFECTIVE_GAMES)"``)."""
    found = _check.non_negative(name, value)
    most = rules.nstar_max
    if found > most:
        raise ArgumentError(f"Argument '{name}' must be at most {most:g}, the most effective games "
                            f"N' = min(N, N*) can be{see}, not {value!r}")
    return found


def nstar(rating: float, *, rules: RulesLike = "2020") -> float:
    """N*, the effective-games ceiling for a rating (US Chess 2020, 3, formula (1)).

    2020: ``50/sqrt(0.662 + 0.00000739 (2569 - R0)^2)`` for R0 <= 2355, else 50.
    2009 and 2011 (US Chess 2009 and 2011, 2.1): ``50/sqrt(1 + (2200 - R0)^2/100000)`` for
    R0 <= 2200, else 50.
    """
    edition = get_rules(rules)
    return _nstar(edition, _check.rating("rating", rating))


def effective_games(rating: float, games: int | None, *, rules: RulesLike = "2020") -> float:
    """N' = min(N, N*), the effective number of games (US Chess 2020, 3).

    ``games`` is N, the games the rating is based on; ``None`` stands for an established
    rating whose count is unknown, and gives N' = N*.
    """
    edition = get_rules(rules)
    value = _check.rating("rating", rating)
    return _effective(edition, value, games_arg("games", games))


def _pwe(rules: UscfRules, rating: float, opponent: float) -> float:
    diff = rating - opponent
    if diff <= -rules.pwe_range:
        return 0.0
    if diff >= rules.pwe_range:
        return 1.0
    return 0.5 + diff / rules.pwe_scale


def provisional_winning_expectancy(rating: float, opponent: float, *, rules: RulesLike = "2020") -> float:
    """PWe(R, Ri): 0 below Ri - 400, 1 above Ri + 400, else 0.5 + (R - Ri)/800
    (US Chess 2020, 4.1)."""
    edition = get_rules(rules)
    return _pwe(edition, _check.rating("rating", rating), _check.rating("opponent", opponent))


def _we(rules: UscfRules, rating: float, opponent: float) -> float:
    return 1.0 / (1.0 + float(10.0 ** (-(rating - opponent) / rules.we_scale)))


def winning_expectancy(rating: float, opponent: float, *, rules: RulesLike = "2020") -> float:
    """We(R, Ri) = 1/(1 + 10^(-(R - Ri)/400)), the standard winning expectancy
    (US Chess 2020, 4.2)."""
    edition = get_rules(rules)
    return _we(edition, _check.rating("rating", rating), _check.rating("opponent", opponent))


def _k(rules: UscfRules, effective: float, games: int, regular_rating: float | None,
       dual_rated: bool) -> float:
    dual = rules.dual_rated_k
    if dual is not None and dual_rated and regular_rating is not None and regular_rating > dual.low:
        if regular_rating < dual.high:
            return dual.numerator * (dual.a - dual.b * regular_rating) / (effective + games)
        return dual.high_numerator / (effective + games)
    return rules.k_numerator / (effective + games)


def k_factor(
    effective_games: float,
    games: int,
    *,
    regular_rating: float | None = None,
    dual_rated: bool = False,
    rules: RulesLike = "2020",
) -> float:
    """K = 800/(N' + m) (US Chess 2020, 4.2).

    In a dual-rated event, a player whose Regular rating R is above 2200 gets
    ``K = 800(6.5 - 0.0025 R)/(N' + m)`` below 2500 and ``200/(N' + m)`` from 2500
    (2020 only; the 2009 and 2011 editions have no such rule and ignore ``dual_rated``).
    Following the document literally, this applies in whichever system (Regular or
    Quick) the dual-rated event is being rated, with R the player's Regular rating.
    """
    edition = get_rules(rules)
    effective = effective_arg("effective_games", effective_games, edition)
    m = _check.whole("games", games)
    if effective + m <= 0:
        raise ArgumentError("Arguments 'effective_games' and 'games' cannot both be 0 (K = 800/(N' + m))")
    regular = None if regular_rating is None else _check.rating("regular_rating", regular_rating)
    return _k(edition, effective, m, regular, _check.flag("dual_rated", dual_rated))
