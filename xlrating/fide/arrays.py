"""The numeric core of a large FIDE event on numpy arrays: the same sums as
:class:`xlrating.fide.core.PlainSides`, in the same exact integers (FIDE Handbook 10.51).

Only :func:`xlrating.fide.core.sides_of` imports this module, once it has decided that the
event is large enough for numpy to pay for itself; nothing else in the package needs numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from ..model import Game, games_by_player
from .core import LAST_ROW, PD_HIGH, PD_LOW, RatedSums

Ints = npt.NDArray[np.int64]

HIGH: Ints = np.array(PD_HIGH, dtype=np.int64)
"""Table (b): PD of the higher rated player, in hundredths, by whole difference 0..736."""
LOW: Ints = np.array(PD_LOW, dtype=np.int64)
"""Table (b): PD of the lower rated player, in hundredths, by whole difference 0..736."""
LARGEST_SCALE = 10**11
"""Up to this scale, ratings and their sums fit machine integers; beyond it (ratings with
many decimals) the arrays hold Python integers, which are exact at any size."""


def dtype_for(scale: int) -> type:
    """The array type that holds ratings in units of ``1/scale`` exactly."""
    return np.int64 if scale <= LARGEST_SCALE else object


def _column(games: Sequence[Game], name: str, dtype: type) -> npt.NDArray[Any]:
    return np.fromiter(map(attrgetter(name), games), dtype, len(games))


def _indices(numbers: Sequence[int], wanted: Ints) -> Ints | None:
    """The positions in ``numbers`` of the players numbered ``wanted`` (``None``: a number is
    not in ``numbers``)."""
    size = len(numbers)
    if not size:
        return None if len(wanted) else wanted
    keys = np.asarray(numbers, dtype=np.int64)
    if keys[0] == 1 and keys[-1] == size and bool(np.all(np.diff(keys) == 1)):
        found = wanted - 1  # players numbered 1, 2, 3... in order
        return found if not len(wanted) or (found.min() >= 0 and found.max() < size) else None
    order = np.argsort(keys, kind="stable")
    position = np.minimum(np.searchsorted(keys[order], wanted), size - 1)
    return order[position] if bool(np.all(keys[order][position] == wanted)) else None


@dataclass(frozen=True)
class ArraySides:
    """:class:`xlrating.fide.core.Sides` as parallel arrays: player ``i``'s sides are
    ``start[i]:start[i + 1]``."""

    player: Ints
    opponent: Ints
    halves: Ints
    """The player's score in half points: 0, 1 or 2."""
    round: Ints
    start: Ints

    @classmethod
    def of(cls, numbers: Sequence[int], games: Sequence[Game]) -> ArraySides:
        size = len(games)
        rounds = _column(games, "round", np.int64)
        first = _indices(numbers, _column(games, "player", np.int64))
        second = _indices(numbers, _column(games, "opponent", np.int64))
        if first is None or second is None:
            games_by_player(numbers, games)  # raises the error that names every unknown player
            raise AssertionError("a game names a player who is not in the event")
        halves = (_column(games, "score", np.float64) * 2).astype(np.int64)
        rank = np.arange(size, dtype=np.int64)
        if size and not bool(np.all(rounds[1:] >= rounds[:-1])):
            rank[np.argsort(rounds, kind="stable")] = np.arange(size)  # games in round order, else as given
        player = np.concatenate((first, second))
        order = np.argsort(player * size + np.concatenate((rank, rank)))
        start = np.zeros(len(numbers) + 1, dtype=np.int64)
        np.cumsum(np.bincount(player, minlength=len(numbers)), out=start[1:])
        return cls(player=player[order], opponent=np.concatenate((second, first))[order],
                   halves=np.concatenate((halves, 2 - halves))[order],
                   round=np.concatenate((rounds, rounds))[order], start=start)

    @property
    def played(self) -> list[int]:
        counts: list[int] = np.diff(self.start).tolist()
        return counts

    def games(self, i: int) -> tuple[list[int], list[int], list[int]]:
        first, last = int(self.start[i]), int(self.start[i + 1])
        return (self.round[first:last].tolist(), self.opponent[first:last].tolist(),
                self.halves[first:last].tolist())

    def rated_sums(self, rating: list[int], seen: list[int], counts: list[bool], cap: list[int],
                   scale: int) -> RatedSums:
        size = len(rating)
        dtype = dtype_for(scale)
        rated: npt.NDArray[Any] = np.array(rating, dtype=dtype)
        seen_at = rated if seen is rating else np.array(seen, dtype=dtype)
        kept = np.array(counts, dtype=np.bool_)[self.opponent]
        player = self.player[kept]
        own = rated[player]
        other = seen_at[self.opponent[kept]]
        gap = np.abs(own - other)
        difference = (2 * gap + scale) // (2 * scale)
        limit = np.array(cap, dtype=np.int64)[player]
        over = gap > limit.astype(gap.dtype) * scale  # over the cap before D is rounded
        row = np.minimum(np.minimum(difference, limit), LAST_ROW).astype(np.int64)
        pd = np.where(own >= other, HIGH[row], LOW[row])
        halves = self.halves[kept]

        def total(values: Ints) -> list[int]:
            sums = np.zeros(size, dtype=values.dtype)
            np.add.at(sums, player, values)
            return [int(v) for v in sums.tolist()]

        side_pd = np.full(len(self.player), -1, dtype=np.int64)
        side_pd[kept] = pd
        start = self.start

        def pd_of(i: int) -> list[int]:
            found: list[int] = side_pd[start[i]:start[i + 1]].tolist()
            return found

        return RatedSums(
            games=np.bincount(player, minlength=size).tolist(), halves=total(halves), pd=total(pd),
            excess=total(50 * halves - pd), opponents=total(other), capped=total(over.astype(np.int64)),
            seen=seen, side_pd=pd_of)
