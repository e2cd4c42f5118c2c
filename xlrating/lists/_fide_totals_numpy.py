"""A FIDE rating period's totals on numpy arrays (:class:`ArrayTotals`): the
:class:`~._fide_totals.Totals` of a large period, the same numbers as :class:`~._fide_totals.PlainTotals`
of the same Python types (see :mod:`._fide_totals`). Imported only for such a period.

Each total is an array by position in the working list, each wave added at its players' positions
at once (a player is seated once in a wave, so ``totals[at] += values`` adds each value). The
exact change is kept in whole hundredths of a point as 64-bit integers, as long as K is whole (as
it almost always is); a K that is not whole gives a fraction of a hundredth, kept exact beside
them (:attr:`ArrayTotals.inexact`). Every value written into the working list's columns or given
for a history row is a Python ``float``, ``int`` or ``None`` (``tolist``), as the plain totals give.

At the period's close the unrated players' first ratings (the 2024 regulations: the pooled games
rated at once) are found for all of them together (:func:`first_ratings`): each player's sums over
his games against rated opponents a ``bincount`` each, Ru by the FIDE engine's own steps on arrays.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from fractions import Fraction
from itertools import chain, compress, repeat
from operator import add, attrgetter, is_, is_not
from typing import Any

import numpy as np
import numpy.typing as npt

from .._columns import picker
from ..fide import FideRules
from ..fide.core_numpy import k_limited, ru_by_formula
from ..fide.rating import exact
from ..fide.unrated import apply_limits
from ..model import Method
from ._fide_totals import delist, new_rating
from ._fide_totals import put as _put
from .model import PendingEvent

_EXACT = 2 ** 53
"""Whole numbers of hundredths below this are exact as floats (a change for a history row, a
rating written back) and far inside 64-bit integers: K <= 100 and at most 100 hundredths a game
keep a period's change under it for any number of games a period can hold; a larger one (which
the checks make impossible) would be kept exact beside the arrays."""


_OPPONENTS, _RESULTS, _FIRST = attrgetter("opponents"), attrgetter("results"), attrgetter("first")


def _ints(values: Sequence[int]) -> npt.NDArray[np.intp]:
    return np.fromiter(values, np.intp, len(values))


def _known(values: Sequence[Any]) -> npt.NDArray[np.bool_]:
    """Where ``values`` are not ``None``."""
    return np.fromiter(map(is_not, values, repeat(None)), np.bool_, len(values))


def _years(births: Iterable[dt.date | None]) -> npt.NDArray[np.float64]:
    """The year of each of ``births`` (NaN: none)."""
    return np.array([np.nan if born is None else born.year for born in births], np.float64)


class BirthYears:
    """The year of each birth date of a season's working list (its ``birth_date`` column, ``births``),
    by position (NaN: none), read once a season: a season never changes a position's birth date (a
    new player's entry is given once, when he joins after the players before him; an adjustment
    changes ratings), so the years are read once and extended as players join (:meth:`upto`)."""

    def __init__(self, births: Sequence[dt.date | None]) -> None:
        self.births = births
        self.years = np.empty(0, np.float64)

    def upto(self, size: int) -> npt.NDArray[np.float64]:
        """The years of the first ``size`` positions (and perhaps more)."""
        if size > len(self.years):
            self.years = np.concatenate((self.years, _years(self.births[len(self.years):size])))
        return self.years


class ArrayTotals:
    """:class:`~._fide_totals.Totals` on numpy arrays of ``size`` positions (the working list's
    players when the period's events are seated)."""

    def __init__(self, size: int) -> None:
        self.change = np.zeros(size, np.int64)
        """Each rated player's change in the period so far, in whole hundredths of a point."""
        self.inexact: dict[int, int | Fraction] = {}
        """The rest of a change that K not whole makes a fraction of a hundredth, by position."""
        self.against = np.zeros(size, np.int64)
        """Each rated player's games against rated opponents in the period (the 700 rule)."""
        self.rated_games = np.zeros(size, np.int64)
        """Each rated player's rated games in the period, as the engine counted them."""
        self.events_played = np.zeros(size, np.int64)
        """The events each player played in the period."""
        self.rated = np.zeros(size, np.bool_)
        """The players rated at the start of the period who have played in it."""
        self.waves: dict[int, tuple[Sequence[Any], npt.NDArray[Any]]] = {}
        """Each wave's positions and ratings at the start of the period, made arrays once
        (:meth:`_array`), by the identity of the list the period gives each step."""
        self.birth_years: npt.NDArray[np.float64] | None = None
        """The year of each position's birth date (NaN: none), if the period gives them
        (:class:`BirthYears`): :meth:`k_by_rules` reads them, not the birth dates it is given (the
        same, at its positions)."""

    def _array(self, values: Sequence[Any], kind: type) -> npt.NDArray[Any]:
        """``values`` (a wave's positions, ``kind`` ``np.intp``, or ratings at the start of the
        period, ``np.float64``, ``None`` a NaN) as an array: made once for the list the period hands
        to each step of a wave (:meth:`add_against_rated`, :meth:`k_by_rules`, :meth:`fold`),
        which it never changes."""
        held = self.waves.get(id(values))
        if held is not None and held[0] is values:
            return held[1]
        found: npt.NDArray[Any] = np.array(values, kind)
        self.waves[id(values)] = (values, found)
        return found

    def add_against_rated(self, positions: Sequence[int], counts: Sequence[int]) -> None:
        self.against[self._array(positions, np.intp)] += _ints(counts)

    def against_rated(self, positions: Sequence[int]) -> Iterable[int | None]:
        found: list[int] = self.against[_ints(positions)].tolist()
        return found

    def played_by(self, positions: Sequence[int]) -> list[int]:
        found: list[int] = self.events_played[_ints(positions)].tolist()
        return found

    def k_by_rules(self, rules: FideRules, on: dt.date, positions: Sequence[int], ratings: Sequence[float],
                   games: Sequence[int | None], peaks: Sequence[float | None],
                   births: Sequence[dt.date | None]) -> list[int]:
        # k_rule's tests, in its order, each on the wave's columns (a blank games count or peak a
        # NaN, which no comparison passes)
        at = self._array(positions, np.intp)
        rating = self._array(ratings, np.float64)
        highest = np.fmax(rating, np.array(peaks, np.float64))  # (the peak if it is higher)
        top = highest >= rules.k_top_rating
        new = np.array(games, np.float64) < rules.k_new_games  # (games completed, if counted)
        conditions, ks = [new, top], [rules.k_new, rules.k_top]
        if not rules.k_top_needs_games:  # the permanent K for the top, whatever the games
            conditions, ks = [top, *conditions], [rules.k_top, *ks]
        if rules.k_junior is not None:  # until the end of the year of the 18th birthday
            born = self.birth_years[at] if self.birth_years is not None else _years(births)
            young = born >= on.year - rules.k_junior_age  # (no birth date: NaN, not young)
            conditions.append(young & (highest < rules.k_junior_below))
            ks.append(rules.k_junior)
        k = np.select(conditions, ks, rules.k_standard).astype(np.int64)
        found: list[int] = k_limited(rules, k, self.against[at]).tolist()  # the 700 rule
        return found

    def fold(self, positions: Sequence[int], ratings: Sequence[float | None], methods: Sequence[Method],
             ks: Sequence[float | None], scores: Sequence[float], expected: Sequence[float | None],
             games: Sequence[int]) -> list[float | None]:
        at = self._array(positions, np.intp)
        self.events_played[at] += 1
        rated = ~np.isnan(self._array(ratings, np.float64))
        by_elo = rated
        if methods.count(Method.ELO) != len(methods):  # (else every player is rated by Elo)
            by_elo = rated & np.fromiter(map(is_, methods, repeat(Method.ELO)), np.bool_, len(methods))
        elo = np.flatnonzero(by_elo)
        change = np.zeros(len(positions), np.int64)
        inexact = self._changes(elo, change, ks, scores, expected)
        by_rated = at[rated]
        self.change[by_rated] += change[rated]
        self.rated_games[by_rated] += _ints(games)[rated]
        self.rated[by_rated] = True
        shown: list[float | None] = (change / 100).tolist()  # (int64 under 2**53: as int / 100 divides)
        for i, value in inexact.items():
            self.inexact[positions[i]] = self.inexact.get(positions[i], 0) + value
            shown[i] = float(value / 100)
        _put(shown, np.flatnonzero(~rated).tolist(), repeat(None))
        return shown

    @staticmethod
    def _changes(elo: npt.NDArray[np.intp], change: npt.NDArray[np.int64], ks: Sequence[float | None],
                 scores: Sequence[float], expected: Sequence[float | None]) -> dict[int, int | Fraction]:
        """Each of the players ``elo`` (rated by Elo)'s exact change in the event, K x (score - sum of
        PD), in hundredths (:func:`~._fide_totals.hundredths`) written at his index of ``change``
        where K is whole, else given by index (exact)."""
        if not len(elo):
            return {}
        k = np.array(ks, np.float64)[elo]
        # 50 x half points - PD hundredths: each rounded to a whole number half to even, as Python's
        # round (numpy's rint) rounds the same float products.
        score, expected_score = np.array(scores, np.float64)[elo], np.array(expected, np.float64)[elo]
        margin = 50 * np.rint(2 * score) - np.rint(100 * expected_score)
        assert not (np.isnan(k).any() or np.isnan(margin).any())  # (every player rated by Elo has both)
        whole = k == np.floor(k)
        if np.abs(margin).max() * k.max() >= _EXACT:
            whole[:] = False
        change[elo[whole]] = k[whole].astype(np.int64) * margin[whole].astype(np.int64)
        return {i: exact(ks[i]) * int(m)
                for i, m in zip(elo[~whole].tolist(), margin[~whole].tolist(), strict=True)}

    def close_rated(self, rules: FideRules, ratings: MutableSequence[Any], games: MutableSequence[Any],
                    peaks: MutableSequence[Any], events: MutableSequence[Any],
                    pending: MutableSequence[Any]) -> list[int]:
        closed = np.flatnonzero(self.rated)  # (in the order of their positions)
        positions: list[int] = closed.tolist()
        pick = picker(positions)
        # (an events count given as 3.0 stays a float: added in Python, one C loop)
        _put(events, positions, map(add, pick(events), self.events_played[closed].tolist()))
        starts = pick(ratings)
        start = np.array(starts, np.float64)
        value = self._new_ratings(rules.round_change, start, self.change[closed])
        exactly = start != np.floor(start)  # (FIDE's ratings are whole: each other one made exact)
        if self.inexact:
            exactly |= np.isin(closed, list(self.inexact))
        for i in np.flatnonzero(exactly).tolist():
            at = positions[i]
            total = int(self.change[at]) + self.inexact.get(at, 0)
            value[i] = new_rating(starts[i], total, rules.round_change)
        listed = value >= rules.rating_floor
        for i in np.flatnonzero(~listed).tolist():
            delist(positions[i], ratings, games, pending)
        kept = closed[listed]
        now = positions if listed.all() else kept.tolist()
        _put(ratings, now, value[listed].tolist())
        counted = picker(now)(games)
        told = _known(counted)  # (None: 30 or more games behind the rating, count unknown)
        added = self.rated_games[kept[told]].tolist()
        _put(games, compress(now, told), map(add, compress(counted, told), added))
        peak = np.array(picker(now)(peaks), np.float64)  # (None: NaN, the start rating taken)
        highest = np.maximum(np.where(np.isnan(peak), start[listed], peak), value[listed])
        _put(peaks, now, highest.tolist())
        return positions

    @staticmethod
    def _new_ratings(round_change: bool, start: npt.NDArray[np.float64], change: npt.NDArray[np.int64]
                     ) -> npt.NDArray[np.float64]:
        """:func:`~._fide_totals.new_rating` of whole start ratings and whole hundredths: the change
        rounded to whole points (FIDE Rating Regulations 2024), or the new rating (FIDE Handbook
        B.02, 10.53), halves away from zero."""
        if round_change:
            points = np.sign(change) * ((np.abs(change) + 50) // 100)
            found: npt.NDArray[np.float64] = start + points
            return found
        rating = np.trunc(start).astype(np.int64) * 100 + change
        found = (np.sign(rating) * ((np.abs(rating) + 50) // 100)).astype(np.float64)
        return found


def first_ratings(rules: FideRules, pooled: Sequence[Sequence[PendingEvent]],
                  plain: Callable[[Sequence[PendingEvent]], tuple[int, int] | None]
                  ) -> list[tuple[int, int] | None]:
    """The first rating and the games it is based on, or ``None`` (no rating yet), of each unrated
    player's ``pooled`` results, as ``plain`` gives them one player at a time: the pooled games
    rated at once (FIDE Rating Regulations 2024, 7.1.3: the ``rules`` rate the games, not each
    event's Ru), but those of a first event whose score is disregarded (8.2.1). Every player's sums
    over his games against rated opponents (the games, the half points, the opponents' ratings) are
    taken at once, and his rating from them as :func:`xlrating.fide.unrated.new_player_of_sums` gives
    it, on the columns in whole numbers (exact): Ru as the engine finds it on arrays
    (:func:`xlrating.fide.core_numpy.ru_by_formula`), then the maximum and the floor
    (:func:`~xlrating.fide.unrated.apply_limits` of a result that is not the first event's, its steps and
    notes let go). A player
    with an opponent's rating that is not whole (which FIDE's never are) is given ``plain``'s."""
    assert rules.plus_score_step is None
    events = list(chain.from_iterable(pooled))
    lengths = list(map(len, map(_RESULTS, events)))
    opponent = np.array(list(chain.from_iterable(map(_OPPONENTS, events))), np.float64)  # (None: NaN)
    score = np.array(list(chain.from_iterable(map(_RESULTS, events))), np.float64)
    event_of = np.repeat(np.arange(len(events)), lengths)
    rated = ~np.isnan(opponent)
    # a first event's score disregarded (first_disregarded): its games against rated opponents, their
    # half points
    games = np.bincount(event_of[rated], minlength=len(events))
    halves = np.bincount(event_of[rated], 2 * score[rated], minlength=len(events))
    least = rules.disregard_first_below
    first = np.fromiter(map(_FIRST, events), np.bool_, len(events))
    dropped = first & (games > 0) & (halves * least.denominator < 2 * least.numerator)
    kept = rated & ~dropped[event_of]
    owner = np.repeat(np.arange(len(pooled)), list(map(len, pooled)))[event_of[kept]]
    size = len(pooled)
    rated_opponent = opponent[kept]
    n = np.bincount(owner, minlength=size)
    points = np.bincount(owner, 2 * score[kept], minlength=size).astype(np.int64)  # (whole: exact)
    total = np.bincount(owner, rated_opponent, minlength=size)  # (whole ratings: exact)
    inexact = np.bincount(owner, rated_opponent != np.floor(rated_opponent), minlength=size) > 0
    listed, ru, *_ = ru_by_formula(rules, n, points, total.astype(np.int64), 1, np.zeros(size, np.bool_))
    ratings = [apply_limits(rules, value, first_event=False)[0] if keep else None
               for value, keep in zip(ru, listed, strict=True)]
    found: list[tuple[int, int] | None] = [None if rating is None else (rating, games)
                                           for rating, games in zip(ratings, n.tolist(), strict=True)]
    for i in np.flatnonzero(inexact).tolist():
        found[i] = plain(pooled[i])
    return found
