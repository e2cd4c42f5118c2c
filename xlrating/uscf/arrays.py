"""The numeric core of the US Chess event algorithm on numpy arrays, for a large event
(imported only when :mod:`.core` has chosen this path).

Every number is computed with the same floating-point operations, in the same order, as
the one-player formula of :mod:`.standard`, so the results are identical to the last bit:
each winning expectancy's power of ten is Python's own ``10.0 ** x`` (the C library's
``pow``; numpy's vectorised power may differ in the last bit on some processors), and a
player's expected score is summed game by game in round order, as ``sum`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat

import numpy as np
import numpy.typing as npt

from ..model import Game, games_by_player
from .core import StandardStep
from .formulas import _k
from .rules import UscfRules

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Index = npt.NDArray[np.int32]
"""Positions and rounds (they fit in 32 bits: at most 10**9), half the memory of ``Ints``."""
Flags = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class ArraySides:
    """:class:`~.core.Sides` in numpy arrays: player ``i``'s games are the entries
    ``start[i]`` to ``start[i + 1]``."""

    player: Index
    """The side's player (position in the event's list of players)."""
    opponent: Index
    """The opponent's position."""
    score: Floats
    """The points the side's player scored."""
    round: Index
    start: Ints
    """Where each player's games begin; ``start[-1]`` is the number of sides."""
    m: Ints
    """Each player's number of games."""
    starts: list[int]
    """``start`` as a list."""
    count: list[int]
    """``m`` as a list."""

    def opponents_of(self, i: int) -> list[int]:
        return self.opponent[self.starts[i]:self.starts[i + 1]].tolist()  # type: ignore[no-any-return]

    def games_of(self, i: int) -> tuple[list[int], list[int], list[float]]:
        part = slice(self.starts[i], self.starts[i + 1])
        return self.round[part].tolist(), self.opponent[part].tolist(), self.score[part].tolist()

    def twice_in_a_round(self) -> list[int]:
        clash = (self.player[1:] == self.player[:-1]) & (self.round[1:] == self.round[:-1])
        return sorted(set(self.player[1:][clash].tolist()))

    def totals(self) -> tuple[list[float], list[int], list[int]]:
        owner, points, size = self.player, self.score, len(self.count)
        return (np.bincount(owner, points, minlength=size).tolist(),
                np.bincount(owner[points == 1.0], minlength=size).tolist(),
                np.bincount(owner[points == 0.5], minlength=size).tolist())

    def repeated_opponents(self, most: int) -> list[bool]:
        size = max(len(self.count), 1)
        keys = self.player.astype(np.int64) * size + self.opponent
        pairs, counts = np.unique(keys, return_counts=True)
        result = np.zeros(len(self.count), dtype=np.bool_)
        result[pairs[counts > most] // size] = True
        return result.tolist()  # type: ignore[no-any-return]


def take_games(numbers: list[int], games: tuple[Game, ...]) -> ArraySides:
    """The games as :class:`ArraySides`, by sorting arrays (see :func:`.core.take_games`)."""
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
    narrow = np.int32
    return ArraySides(player.astype(narrow), opponent.astype(narrow), score, rnd.astype(narrow), start, count,
                      start.tolist(), count.tolist())


def sums_in_order(values: Floats, sides: ArraySides) -> Floats:
    """Each player's sum of ``values`` (one per side), added game by game in round order
    (as Python's ``sum`` adds a player's values, so to the last bit)."""
    total = np.zeros(len(sides.m))
    for j in range(int(sides.m.max(initial=0))):
        rows = np.flatnonzero(sides.m > j)
        total[rows] += values[sides.start[rows] + j]
    return total


def standard_step(rules: UscfRules, sides: ArraySides, chosen_list: list[bool], prior_list: list[float],
                  effective_list: list[float], score_list: list[float], seen_list: list[float], bonus: bool,
                  multiplier: float, repeated_list: list[bool], regular: list[float | None] | None,
                  explain: bool) -> StandardStep:
    """:func:`.core.standard_step` on arrays, every operation as the one-player formula does it."""
    chosen, repeated = np.array(chosen_list, dtype=np.bool_), np.array(repeated_list, dtype=np.bool_)
    prior, effective = np.array(prior_list), np.array(effective_list)
    score, seen = np.array(score_list), np.array(seen_list)
    m = sides.m
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
    return StandardStep(k.tolist(), (k != plain).tolist(), total.tolist(), change.tolist(), eligible.tolist(),
                        threshold.tolist(), amount.tolist(), (prior + change + amount).tolist(),
                        expected=expected if explain else None, starts=sides.starts)


def _powers_of_ten(exponents: Floats) -> Floats:
    """10^x for each x, by Python's own power (see the module's docstring), a block at a
    time (the Python floats of a block are all alive at once)."""
    result: Floats = np.empty(len(exponents))
    for at in range(0, len(exponents), _BLOCK):
        result[at:at + _BLOCK] = list(map(pow, repeat(10.0), exponents[at:at + _BLOCK].tolist()))
    return result


_BLOCK = 4096


def _dual_rated_k(rules: UscfRules, plain: Floats, chosen: Flags, effective: Floats, m: Ints,
                  regular: list[float | None] | None) -> Floats:
    """K: the plain K, or the dual-rated K (US Chess 2020, 4.2) where it applies."""
    dual = rules.dual_rated_k
    if dual is None or regular is None:
        return plain
    k: Floats = plain.copy()
    for i in np.flatnonzero(chosen).tolist():
        rating = regular[i]
        if rating is not None and rating > dual.low:
            k[i] = _k(rules, float(effective[i]), int(m[i]), rating, True)
    return k
