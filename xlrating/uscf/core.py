"""The numeric core of the US Chess event algorithm: an event's games as arrays, and the
standard formula (2020 rules, 4.2; 2009/2011 rules, 2.3) for many players at once.

The games are held side by side: each game once from each player's side, grouped by
player, each player's games in round order (the order the five steps read them).

Every number is computed with the same floating-point operations, in the same order, as
the one-player formula of :mod:`.standard`, so the results are identical to the last bit:
each winning expectancy's power of ten is Python's own ``10.0 ** x`` (the C library's
``pow``; numpy's vectorised power may differ in the last bit on some processors), and a
player's expected score is summed game by game in round order, as ``sum`` does.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import repeat
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..errors import EventError
from ..model import Game, games_by_player
from .formulas import _k
from .rules import UscfRules
from .standard import _work as _standard

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Sides:
    """An event's games, each seen from both sides, grouped by player in round order.

    Player ``i``'s games are the entries ``start[i]`` to ``start[i + 1]`` of the arrays.
    """

    player: Ints
    """The side's player (position in the event's list of players)."""
    opponent: Ints
    """The opponent's position."""
    score: Floats
    """The points the side's player scored."""
    round: Ints
    start: Ints
    """Where each player's games begin; ``start[-1]`` is the number of sides."""
    count: Ints
    """m, each player's number of games."""
    starts: list[int]
    """``start`` as a list."""
    opponents: list[int]
    """``opponent`` as a list."""

    def of(self, i: int) -> slice:
        """Player ``i``'s entries."""
        return slice(int(self.start[i]), int(self.start[i + 1]))


def take_games(numbers: list[int], games: tuple[Game, ...]) -> Sides:
    """The games as :class:`Sides`. Raises :class:`EventError` for a game naming a player
    who is not in ``numbers`` and for a player with two games in one round."""
    size = len(numbers)
    known = np.array(numbers, dtype=np.int64)
    sorter = np.argsort(known, kind="stable")
    ordered = known[sorter]

    def positions(values: list[int]) -> tuple[Ints, bool]:
        wanted = np.array(values, dtype=np.int64)
        if not size:
            return wanted, not values
        at = np.minimum(np.searchsorted(ordered, wanted), size - 1)
        return sorter[at], bool((ordered[at] == wanted).all())

    first, first_known = positions([g.player for g in games])
    second, second_known = positions([g.opponent for g in games])
    if not (first_known and second_known):
        games_by_player(numbers, games)  # raises EventError naming every missing player
    rounds = np.array([g.round for g in games], dtype=np.int64)
    scores = np.array([g.score for g in games], dtype=np.float64)
    order = np.argsort(rounds, kind="stable")
    first, second, rounds, scores = first[order], second[order], rounds[order], scores[order]
    player, opponent = np.empty(2 * len(games), np.int64), np.empty(2 * len(games), np.int64)
    score, rnd = np.empty(2 * len(games), np.float64), np.empty(2 * len(games), np.int64)
    player[0::2], player[1::2] = first, second
    opponent[0::2], opponent[1::2] = second, first
    score[0::2], score[1::2] = scores, 1.0 - scores
    rnd[0::2], rnd[1::2] = rounds, rounds
    by_player = np.argsort(player, kind="stable")
    player, opponent, score, rnd = player[by_player], opponent[by_player], score[by_player], rnd[by_player]
    count = np.bincount(player, minlength=size).astype(np.int64)
    start = np.zeros(size + 1, np.int64)
    np.cumsum(count, out=start[1:])
    sides = Sides(player, opponent, score, rnd, start, count, start.tolist(), opponent.tolist())
    _one_game_per_round(numbers, sides)
    return sides


def _one_game_per_round(numbers: list[int], sides: Sides) -> None:
    clash = (sides.player[1:] == sides.player[:-1]) & (sides.round[1:] == sides.round[:-1])
    if not clash.any():
        return
    problems: list[str] = []
    for i in sorted(set(sides.player[1:][clash].tolist())):
        counts = Counter(sides.round[sides.of(i)].tolist())
        problems.extend(f"player {numbers[i]} has {count} games in round {rnd}"
                        for rnd, count in sorted(counts.items()) if count > 1)
    raise EventError("A player can play one game per round: " + "; ".join(problems))


def sums_in_order(values: Floats, sides: Sides) -> Floats:
    """Each player's sum of ``values`` (one per side), added game by game in round order
    (as Python's ``sum`` adds a player's values, so to the last bit)."""
    total = np.zeros(len(sides.count))
    for j in range(int(sides.count.max(initial=0))):
        rows = np.flatnonzero(sides.count > j)
        total[rows] += values[sides.start[rows] + j]
    return total


def repeated_opponents(sides: Sides, most: int) -> Flags:
    """Whether each player met some opponent more than ``most`` times (no bonus, 4.2)."""
    size = len(sides.count)
    pairs, counts = np.unique(sides.player * max(size, 1) + sides.opponent, return_counts=True)
    result = np.zeros(size, dtype=np.bool_)
    result[pairs[counts > most] // max(size, 1)] = True
    return result


class StandardStep(NamedTuple):
    """One step of the standard formula (2020 rules, 4.2) for the chosen players, as lists:
    per player (over all players, meaningful where chosen) and per side (``expected``)."""

    k: list[float]
    dual_rated_k: list[bool]
    """Whether the dual-rated K above 2200 was used."""
    expected: list[float]
    """We(R0, R_i) of each side."""
    expected_score: list[float]
    """E = the sum of a player's We."""
    change: list[float]
    """K(S - E)."""
    eligible: list[bool]
    """Whether the bonus formula applies (m >= 3, no opponent met more than twice, bonus wanted)."""
    threshold: list[float]
    """B sqrt(m'), m' = max(m, 4)."""
    bonus: list[float]
    rating: list[float]
    """R0 + K(S - E) + bonus."""


#: From this many sides (twice the games) on, the standard formula runs vectorised; below,
#: player by player (numpy's fixed costs would dominate). Both give the same numbers.
VECTOR_SIDES = 1000


def standard_step(
    rules: UscfRules,
    sides: Sides,
    chosen: list[bool],
    prior: list[float],
    effective: list[float],
    score: list[float],
    seen: list[float],
    *,
    bonus: bool,
    multiplier: float,
    repeated: list[bool],
    regular: list[float | None] | None,
) -> StandardStep:
    """R_s = R0 + K(S - E) [+ max(0, K(S - E) - B sqrt(m'))] (2020 rules, 4.2) for every
    ``chosen`` player, opponents at the ratings ``seen``; ``regular`` (a dual-rated event)
    gives the Regular ratings that decide the dual-rated K."""
    run = _vectorised if len(sides.opponents) >= VECTOR_SIDES else _player_by_player
    return run(rules, sides, chosen, prior, effective, score, seen, bonus, multiplier, repeated, regular)


def _player_by_player(rules: UscfRules, sides: Sides, chosen: list[bool], prior: list[float],
                      effective: list[float], score: list[float], seen: list[float], bonus: bool,
                      multiplier: float, repeated: list[bool],
                      regular: list[float | None] | None) -> StandardStep:
    """:func:`standard_step` by the one-player formula of :mod:`.standard`."""
    size, starts, opponents = len(chosen), sides.starts, sides.opponents
    columns: list[list[Any]] = [[0.0] * size, [False] * size, [0.0] * len(opponents), [0.0] * size,
                                [0.0] * size, [False] * size, [0.0] * size, [0.0] * size, [0.0] * size]
    k, dual, expected, total, change, eligible, threshold, amount, rating = columns
    for i, wanted in enumerate(chosen):
        if not wanted:
            continue
        part = slice(starts[i], starts[i + 1])
        w = _standard(rules, prior[i], effective[i], [seen[o] for o in opponents[part]], score[i], bonus,
                      multiplier, repeated[i], regular is not None, None if regular is None else regular[i])
        k[i], dual[i], expected[part], total[i] = w.k, w.dual_rated_k, w.expected, w.expected_score
        change[i], eligible[i], threshold[i], amount[i], rating[i] = (w.change, w.bonus_eligible,
                                                                      w.bonus_threshold, w.bonus, w.rating)
    return StandardStep(*columns)


def _vectorised(rules: UscfRules, sides: Sides, chosen_list: list[bool], prior_list: list[float],
                effective_list: list[float], score_list: list[float], seen_list: list[float], bonus: bool,
                multiplier: float, repeated_list: list[bool],
                regular: list[float | None] | None) -> StandardStep:
    """:func:`standard_step` on arrays, every operation as the one-player formula does it."""
    chosen, repeated = np.array(chosen_list, dtype=np.bool_), np.array(repeated_list, dtype=np.bool_)
    prior, effective = np.array(prior_list), np.array(effective_list)
    score, seen = np.array(score_list), np.array(seen_list)
    m = sides.count
    own = chosen[sides.player]
    we = 1.0 / (1.0 + _powers_of_ten((seen[sides.opponent[own]] - prior[sides.player[own]]) / rules.we_scale))
    expected = np.zeros(len(sides.player))
    expected[own] = we
    total = sums_in_order(expected, sides)
    games = np.where(chosen, effective + m, 1.0)  # N' + m; 1 where unused, to divide safely
    plain = rules.k_numerator / games
    k = _dual_rated_k(rules, plain, chosen, effective, m, regular)
    change = k * (score - total)
    eligible = chosen & (m >= rules.bonus_min_games) & ~repeated if bonus else np.zeros_like(chosen)
    threshold = multiplier * np.sqrt(np.maximum(m, rules.bonus_min_m_prime).astype(np.float64))
    excess = change - threshold
    amount = np.where(eligible & (excess > 0.0), excess, 0.0)
    return StandardStep(*(column.tolist() for column in (k, k != plain, expected, total, change, eligible,
                                                         threshold, amount, prior + change + amount)))


def _powers_of_ten(exponents: Floats) -> Floats:
    """10^x for each x, by Python's own power (see the module's docstring)."""
    result: Floats = np.array(list(map(pow, repeat(10.0), exponents.tolist())), dtype=np.float64)
    return result


def _dual_rated_k(rules: UscfRules, plain: Floats, chosen: Flags, effective: Floats, m: Ints,
                  regular: list[float | None] | None) -> Floats:
    """K: the plain K, or the dual-rated K (2020 rules, 4.2) where it applies."""
    dual = rules.dual_rated_k
    if dual is None or regular is None:
        return plain
    k: Floats = plain.copy()
    for i in np.flatnonzero(chosen).tolist():
        rating = regular[i]
        if rating is not None and rating > dual.low:
            k[i] = _k(rules, float(effective[i]), int(m[i]), rating, True)
    return k
