"""The numeric core of a FIDE event: each player's sums over the games against opponents who
count as rated, in exact integer arithmetic (FIDE Handbook 10.51), in plain Python.

Every number here is a whole number: a rating counts in units of ``1/scale`` of a point
(``scale`` is 1 unless a rating has a fraction; then it is the least common denominator of
the ratings' decimal values, so 2105.5 with scale 2 is 4211), a score counts half points,
PD hundredths of a point (table (b) of FIDE Handbook 10.1) and dp whole points. Nothing is
rounded by accident of binary floating point; :func:`round_half_away` rounds a quotient of
integers as :func:`xlrating.fide.tables.round_half_away` rounds a fraction.

:class:`Sides` holds every game twice, once from each player's side, grouped by player in
round order; :meth:`Sides.rated_sums` adds up each player's games against the opponents who
count as rated: games, score, sum of PD, sum of (score - PD), the opponents' ratings, and the
games whose rating difference was capped.

A large event is summed on numpy arrays instead (:mod:`xlrating.fide.arrays`, the same
integers): :func:`sides_of` chooses, through :func:`xlrating._vector.vectorised`, and numpy
is imported only then.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from operator import attrgetter
from typing import NamedTuple, Protocol

from .. import _vector
from ..model import Game, games_by_player
from .tables import PD_TABLE, pd_row

VECTOR_FROM_SIDES = 500
"""From this many game sides (twice the games) on, an event is summed on numpy arrays: below
it, numpy's fixed cost per call outweighs its speed. ``benchmarks/bench_fide.py --path
plain,numpy`` puts the crossover at 40 to 56 players over 9 rounds (360 to 500 sides), with
explanations or without (they are built when an outcome is read, on either path, and reading
every outcome crosses over at 56 to 70 players); at 8 players plain Python takes 0.45 of
numpy's time."""

LAST_ROW = PD_TABLE[-1][0]
"""736: from this difference on, table (b) has one row ("over 735")."""
PD_HIGH: tuple[int, ...] = tuple(pd_row(d)[0] for d in range(LAST_ROW + 1))
"""Table (b): PD of the higher rated player, in hundredths, by whole difference 0..736."""
PD_LOW: tuple[int, ...] = tuple(pd_row(d)[1] for d in range(LAST_ROW + 1))
"""Table (b): PD of the lower rated player, in hundredths, by whole difference 0..736."""
NO_CAP = 10**6
"""A cap no difference reaches (ratings are at most 4000 apart)."""


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


@dataclass(frozen=True)
class RatedSums:
    """Each player's sums over the games against opponents who count as rated (lists indexed
    by player)."""

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
    seen: list[int]
    """Each player's rating as the opponents counted it (units of ``1/scale``)."""
    side_pd: Callable[[int], list[int]]
    """A player's PD in each game (in the order of :meth:`Sides.games`), in hundredths; ``-1``:
    the opponent did not count."""


class Change(NamedTuple):
    """A rated player's change in exact integers: every value is a numerator over ``unit``."""

    k: tuple[int, int]
    """K as ``(numerator, denominator)`` (a K given by the user may have a fraction)."""
    unit: int
    """``scale x 100 x (K's denominator)``."""
    raw: int
    """K x sum(score - PD), unrounded."""
    post: int
    """The new rating as the edition rounds it."""
    rating: int
    """The rating before the event."""


@dataclass(frozen=True)
class RatedChanges:
    """Each rated player's K and change (FIDE Handbook 10.5; 2024 regulations), as lists
    indexed by player, in exact integers: a change and a rating count in ``1/unit`` of a point.
    A player who is unrated, or rated without a game against a rated opponent, has zeros
    (and a performance of ``None``)."""

    k: list[int]
    """K's numerator (a K given by the user may have a fraction)."""
    k_unit: list[int]
    """K's denominator."""
    k_rule: list[int]
    """K by the rules before the 700 rule (0 for a K given by the user): a K under it was
    lowered by that rule."""
    unit: list[int]
    """``scale x 100 x (K's denominator)``."""
    rating: list[int]
    """The rating before the event."""
    raw: list[int]
    """K x sum(score - PD), unrounded."""
    post: list[int]
    """The new rating as the edition rounds it: 2024 rounds the change, the handbook the new
    rating (10.53)."""
    post_rating: list[float]
    """``post / unit``."""
    change: list[float]
    """``(post - rating) / unit``."""
    performance: list[float | None]
    """Rc + dp (``None``: dp is indeterminate for a 0% or 100% score)."""

    def of(self, i: int) -> Change:
        """Player ``i``'s change."""
        return Change((self.k[i], self.k_unit[i]), self.unit[i], self.raw[i], self.post[i], self.rating[i])


class Sides(Protocol):
    """Every rated game from each player's side, grouped by player (index in the event) in round
    order; :class:`PlainSides` in lists, :class:`xlrating.fide.arrays.ArraySides` in arrays."""

    @property
    def played(self) -> list[int]:
        """Games played, by player."""

    def games(self, i: int) -> tuple[list[int], list[int], list[int]]:
        """Player ``i``'s games in round order: ``(rounds, opponents (index), halves)``, the
        player's score in half points."""

    def rated_sums(self, rating: list[int], seen: list[int], counts: list[bool], cap: list[int],
                   scale: int) -> RatedSums:
        """Sums each player's games against the opponents who count as rated (``counts``), seen
        at ``seen`` (FIDE Handbook 10.51): the difference D, rounded to a whole number (halves
        up) and capped at the player's ``cap``, gives the player's PD from table (b)."""


def sides_of(numbers: Sequence[int], games: Sequence[Game]) -> Sides:
    """The games as :class:`Sides` of the players numbered ``numbers`` (in that order): on numpy
    arrays from :data:`VECTOR_FROM_SIDES` sides on (if numpy is there), else in lists.

    Raises :class:`~xlrating.errors.EventError` naming every game that refers to a player not
    in ``numbers``, as :func:`~xlrating.model.games_by_player` does.
    """
    if _vector.vectorised(2 * len(games), VECTOR_FROM_SIDES):
        from .arrays import ArraySides
        return ArraySides.of(numbers, games)
    return PlainSides.of(numbers, games)


@dataclass(frozen=True)
class PlainSides:
    """:class:`Sides` in lists: ``by_player[i]`` is player ``i``'s games in round order, each as
    ``(round, opponent (index), halves)``."""

    by_player: list[list[tuple[int, int, int]]]

    @classmethod
    def of(cls, numbers: Sequence[int], games: Sequence[Game]) -> PlainSides:
        index = {number: i for i, number in enumerate(numbers)}
        by_player: list[list[tuple[int, int, int]]] = [[] for _ in numbers]
        in_order = games
        if any(later.round < earlier.round for earlier, later in pairwise(games)):
            in_order = sorted(games, key=attrgetter("round"))  # in round order, else as given
        try:
            for game in in_order:
                a, b = index[game.player], index[game.opponent]
                halves, rnd = int(2 * game.score), int(game.round)
                by_player[a].append((rnd, b, halves))
                by_player[b].append((rnd, a, 2 - halves))
        except KeyError:
            games_by_player(numbers, games)  # raises the error that names every unknown player
            raise
        return cls(by_player)

    @property
    def played(self) -> list[int]:
        return [len(own) for own in self.by_player]

    def games(self, i: int) -> tuple[list[int], list[int], list[int]]:
        own = self.by_player[i]
        return [s[0] for s in own], [s[1] for s in own], [s[2] for s in own]

    def rated_sums(self, rating: list[int], seen: list[int], counts: list[bool], cap: list[int],
                   scale: int) -> RatedSums:
        """FIDE Handbook 10.51 game by game: D, rounded and capped; PD from table (b); the sums."""
        games, halves, pd, excess, opponents, capped = [], [], [], [], [], []
        side_pd: list[list[int]] = []
        for own, limit, own_games in zip(rating, cap, self.by_player, strict=True):
            over = limit * scale
            row_limit = limit if limit < LAST_ROW else LAST_ROW
            counted = score = pd_sum = excess_sum = opponent_sum = capped_sum = 0
            pds = []
            for _, o, halves_won in own_games:
                if not counts[o]:
                    pds.append(-1)
                    continue
                other = seen[o]
                gap = own - other if own >= other else other - own
                if gap > over:  # over the cap before D is rounded
                    capped_sum += 1
                difference = (2 * gap + scale) // (2 * scale)  # D to a whole number, halves up
                row = difference if difference < row_limit else row_limit
                expected = PD_HIGH[row] if own >= other else PD_LOW[row]
                pds.append(expected)
                counted += 1
                score += halves_won
                pd_sum += expected
                excess_sum += 50 * halves_won - expected
                opponent_sum += other
            games.append(counted)
            halves.append(score)
            pd.append(pd_sum)
            excess.append(excess_sum)
            opponents.append(opponent_sum)
            capped.append(capped_sum)
            side_pd.append(pds)
        return RatedSums(games=games, halves=halves, pd=pd, excess=excess, opponents=opponents,
                         capped=capped, seen=seen, side_pd=side_pd.__getitem__)
