"""A US Chess event's games on numpy arrays (:class:`ArraySides`, for a large event:
imported only when :func:`.core.take_games` takes them so), and the array operations the
numpy core (:mod:`.core_numpy`) builds its steps from, each as the one-player formulas
compute it: sums in round order, powers of ten, N*, the dual-rated K.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .._powers import powers_of_ten
from ..model import Game, games_by_player
from .formulas import _k, _nstar
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
        score, wins, draws = self.total_arrays()
        return score.tolist(), wins.tolist(), draws.tolist()

    def total_arrays(self) -> tuple[Floats, Ints, Ints]:
        """:meth:`totals` as arrays: each player's results counted at once (losses, draws,
        wins: 0, 1, 2 half points), the score being wins + draws / 2 (exact)."""
        size = len(self.count)
        halves = (2.0 * self.score).astype(np.int64)
        counts = np.bincount(self.player.astype(np.int64) * 3 + halves, minlength=3 * size).reshape(size, 3)
        wins, draws = counts[:, 2], counts[:, 1]
        return wins + 0.5 * draws, wins, draws

    def repeated_opponents(self, most: int) -> list[bool]:
        return self.repeated_flags(most).tolist()  # type: ignore[no-any-return]

    def repeated_flags(self, most: int) -> Flags:
        """:meth:`repeated_opponents` as an array: each pair of players counted once, from
        the side of the one who comes first."""
        size = max(len(self.count), 1)
        once = self.player < self.opponent
        keys = np.sort(self.player[once].astype(np.int64) * size + self.opponent[once])
        often = keys[most:][keys[most:] == keys[:len(keys) - most]]  # a pair met more than most times
        result = np.zeros(len(self.count), dtype=np.bool_)
        result[often // size] = True
        result[often % size] = True
        return result


def take_games(numbers: list[int], games: Sequence[Game]) -> ArraySides:
    """The games as :class:`ArraySides`, by sorting arrays (see :func:`.core.take_games`)."""
    size, n = len(numbers), len(games)
    ends = _positions(numbers, [g.player for g in games], [g.opponent for g in games])
    if ends is None:
        games_by_player(numbers, games)  # raises EventError naming every missing player
        raise AssertionError("a game names a player who is not in the event")
    first, second = ends
    rounds = np.fromiter([g.round for g in games], np.int32, n)
    scores = np.fromiter([g.score for g in games], np.float64, n)
    if n and (rounds[1:] < rounds[:-1]).any():  # entered out of round order
        order = stable_order(rounds)
        first, second, rounds, scores = first[order], second[order], rounds[order], scores[order]
    player, opponent = np.empty(2 * n, np.int32), np.empty(2 * n, np.int32)
    score, rnd = np.empty(2 * n, np.float64), np.empty(2 * n, np.int32)
    player[0::2], player[1::2] = first, second
    opponent[0::2], opponent[1::2] = second, first
    score[0::2], score[1::2] = scores, 1.0 - scores
    rnd[0::2], rnd[1::2] = rounds, rounds
    by_player = stable_order(player)
    opponent, score, rnd = opponent[by_player], score[by_player], rnd[by_player]
    count = np.bincount(player, minlength=size).astype(np.int64)
    player = np.repeat(np.arange(size, dtype=np.int32), count)
    start = np.zeros(size + 1, np.int64)
    np.cumsum(count, out=start[1:])
    return ArraySides(player, opponent, score, rnd, start, count, start.tolist(), count.tolist())


def _positions(numbers: list[int], *wanted: list[int]) -> list[Index] | None:
    """The position in ``numbers`` of each number in each list of ``wanted`` numbers, or
    ``None`` if one is not there: by a table from number to position where the numbers are
    small (pairing numbers nearly always are), else by binary search."""
    size = len(numbers)
    columns = [np.fromiter(values, np.int64, len(values)) for values in wanted]
    if not size:
        return [c.astype(np.int32) for c in columns] if not any(len(c) for c in columns) else None
    known = np.fromiter(numbers, np.int64, size)
    highest = int(known.max())
    found: list[Index] = []
    if highest <= 4 * size + 64:
        table = np.full(highest + 2, -1, dtype=np.int32)  # the last entry: every number above the highest
        table[known] = np.arange(size, dtype=np.int32)
        for values in columns:
            at = table[np.minimum(values, highest + 1)]
            if (at < 0).any():
                return None
            found.append(at)
        return found
    sorter = np.argsort(known, kind="stable").astype(np.int32)
    ordered = known[sorter]
    for values in columns:
        at = np.minimum(np.searchsorted(ordered, values), size - 1)
        if not (ordered[at] == values).all():
            return None
        found.append(sorter[at])
    return found


def stable_order(keys: npt.NDArray[np.integer[Any]]) -> Ints:
    """The indices that sort ``keys`` (whole numbers from 0), equal keys in their given
    order: numpy's stable sort, a radix sort for 16-bit keys (ten times as fast as its merge
    sort for wider ones), applied twice for keys up to 32 bits."""
    if not len(keys):
        return np.arange(0)
    if int(keys.max()) < 1 << 16:
        return np.argsort(keys.astype(np.uint16), kind="stable")
    if int(keys.max()) < 1 << 32:
        low = np.argsort((keys & 0xFFFF).astype(np.uint16), kind="stable")
        return low[np.argsort((keys[low] >> 16).astype(np.uint16), kind="stable")]
    return np.argsort(keys, kind="stable")


def sums_in_order(values: Floats, sides: ArraySides) -> Floats:
    """Each player's sum of ``values`` (one per side), added game by game in round order
    (as Python's ``sum`` adds a player's values, so to the last bit)."""
    total = np.zeros(len(sides.m))
    for j in range(int(sides.m.max(initial=0))):
        rows = np.flatnonzero(sides.m > j)
        total[rows] += values[sides.start[rows] + j]
    return total


def nstar_of(rules: UscfRules, prior: Floats) -> Floats:
    """N* for every rating in ``prior``, by the one-player formula once per distinct rating
    (a large event has far fewer distinct ratings than players)."""
    distinct, at = np.unique(prior, return_inverse=True)
    return np.array([_nstar(rules, rating) for rating in distinct.tolist()], dtype=np.float64)[at]


def _powers_of_ten(difference: Floats, scale: float) -> Floats:
    """10^(d/scale) for each rating difference d, each power as the one-player formula's
    ``10.0 ** x`` (see :mod:`xlrating._powers`)."""
    return powers_of_ten(difference / scale)


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


def _optional(values: list[float | None]) -> Floats:
    """Numbers or None as floats, NaN for None (no conversion at all when every one is None)."""
    if values.count(None) == len(values):
        return np.full(len(values), np.nan)
    return np.array(values, dtype=np.float64)
