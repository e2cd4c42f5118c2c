"""The numeric core of a FIDE event: the rated games as compact arrays, summed per player in
exact integer arithmetic.

Every number here is a whole number: a rating counts in units of ``1/scale`` of a point
(``scale`` is 1 unless a rating has a fraction; then it is the least common denominator of
the ratings' decimal values, so 2105.5 with scale 2 is 4211), a score counts half points,
PD hundredths of a point (table (b) of FIDE Handbook 10.1) and dp whole points. Nothing is
rounded by accident of binary floating point; :func:`round_half_away` rounds a quotient of
integers as :func:`xlrating.fide.tables.round_half_away` rounds a fraction.

:class:`Sides` holds every game twice, once from each player's side, grouped by player in
round order; :func:`rated_sums` adds up each player's games against the opponents who count
as rated (FIDE Handbook 10.51): games, score, sum of PD, sum of (score - PD), the opponents'
ratings, and the games whose rating difference was capped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from ..model import Game, games_by_player
from .tables import PD_TABLE, pd_row

Ints = npt.NDArray[np.int64]

_LAST_ROW = PD_TABLE[-1][0]
"""736: from this difference on, table (b) has one row ("over 735")."""
PD_HIGH: Ints = np.array([pd_row(d)[0] for d in range(_LAST_ROW + 1)], dtype=np.int64)
"""Table (b): PD of the higher rated player, in hundredths, by whole difference 0..736."""
PD_LOW: Ints = np.array([pd_row(d)[1] for d in range(_LAST_ROW + 1)], dtype=np.int64)
"""Table (b): PD of the lower rated player, in hundredths, by whole difference 0..736."""
NO_CAP = 10**6
"""A cap no difference reaches (ratings are at most 4000 apart)."""
LARGEST_SCALE = 10**11
"""Up to this scale, ratings and their sums fit machine integers; beyond it (ratings with
many decimals) the arrays hold Python integers, which are exact at any size."""


def round_half_away(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (``denominator > 0``) rounded to a whole number, halves away
    from zero."""
    whole = (2 * abs(numerator) + denominator) // (2 * denominator)
    return whole if numerator >= 0 else -whole


def scale_of(ratings: Sequence[float | None]) -> int:
    """The least common denominator of the ratings' exact decimal values (1 for whole ratings)."""
    scale = 1
    for rating in ratings:
        if rating is not None and not rating.is_integer():
            scale = math.lcm(scale, Fraction(repr(rating)).denominator)
    return scale


def scaled(rating: float, scale: int) -> int:
    """``rating`` in units of ``1/scale`` (exact: ``scale`` is a multiple of its denominator)."""
    if rating.is_integer():
        return int(rating) * scale
    exact = Fraction(repr(rating))
    return exact.numerator * (scale // exact.denominator)


def dtype_for(scale: int) -> type:
    """The array type that holds ratings in units of ``1/scale`` exactly."""
    return np.int64 if scale <= LARGEST_SCALE else object


@dataclass(frozen=True)
class Sides:
    """Every rated game from each player's side, grouped by player (index in the event) in round
    order, as parallel arrays; player ``i``'s sides are ``start[i]:start[i + 1]``."""

    player: Ints
    opponent: Ints
    halves: Ints
    """The player's score in half points: 0, 1 or 2."""
    round: Ints
    start: Ints

    def count(self, i: int) -> int:
        return int(self.start[i + 1] - self.start[i])


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


def sides_of(numbers: Sequence[int], games: Sequence[Game]) -> Sides:
    """The games as :class:`Sides` of the players numbered ``numbers`` (in that order).

    Raises :class:`~xlrating.errors.EventError` naming every game that refers to a player not
    in ``numbers``, as :func:`~xlrating.model.games_by_player` does.
    """
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
    return Sides(player=player[order], opponent=np.concatenate((second, first))[order],
                 halves=np.concatenate((halves, 2 - halves))[order],
                 round=np.concatenate((rounds, rounds))[order], start=start)


@dataclass(frozen=True)
class RatedSums:
    """Each player's sums over the games against opponents who count as rated (lists indexed
    by player), and each side's PD (``-1``: the opponent did not count)."""

    games: list[int]
    halves: list[int]
    """Score in half points."""
    pd: list[int]
    """Sum of PD, in hundredths."""
    excess: list[int]
    """Sum of (score - PD), in hundredths: the change is K times this over 100."""
    opponents: list[int]
    """Sum of the opponents' ratings (units of ``1/scale``)."""
    capped: list[int]
    """Games whose rating difference was over the cap."""
    side_pd: Ints
    seen: Ints
    """Each player's rating as the opponents counted it (units of ``1/scale``)."""


def rated_sums(sides: Sides, rating: Ints, seen: Ints, counts: npt.NDArray[np.bool_], cap: Ints,
               scale: int) -> RatedSums:
    """Sums each player's games against the opponents who count as rated (``counts``), seen at
    ``seen`` (FIDE Handbook 10.51): the difference D, rounded to a whole number (halves up) and
    capped at the player's ``cap``, gives the player's PD from table (b)."""
    size = len(rating)
    kept = counts[sides.opponent]
    player = sides.player[kept]
    own = rating[player]
    other = seen[sides.opponent[kept]]
    gap = np.abs(own - other)
    difference = (2 * gap + scale) // (2 * scale)
    limit = cap[player]
    over = gap > limit.astype(gap.dtype) * scale  # over the cap before D is rounded
    row = np.minimum(np.minimum(difference, limit), _LAST_ROW).astype(np.int64)
    pd = np.where(own >= other, PD_HIGH[row], PD_LOW[row])
    halves = sides.halves[kept]

    def total(values: Ints) -> list[int]:
        sums = np.zeros(size, dtype=values.dtype)
        np.add.at(sums, player, values)
        return [int(v) for v in sums.tolist()]

    side_pd = np.full(len(sides.player), -1, dtype=np.int64)
    side_pd[kept] = pd
    return RatedSums(
        games=np.bincount(player, minlength=size).tolist(), halves=total(halves), pd=total(pd),
        excess=total(50 * halves - pd), opponents=total(other), capped=total(over.astype(np.int64)),
        side_pd=side_pd, seen=seen)
