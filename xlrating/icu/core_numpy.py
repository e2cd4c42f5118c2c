"""The numeric core of an ICU event on numpy arrays, for large events.

The same numbers as :class:`~xlrating.icu.core_plain.PlainCore`, to the last bit: every
per-player sum is a ``numpy.bincount`` with weights, which adds them one at a time in the
order given (each player's games in round order, from 0.0), and every power of 10 is
Python's own (numpy's vectorised power may differ from it in the last bit). Imported only once an event
is found large enough for numpy to pay (:func:`xlrating._vector.vectorised`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from .._by_value import by_value
from .._powers import powers_of_ten, powers_of_ten_over
from .._sides_numpy import array_sides, packed, stable_order
from ..model import Game
from .core import NO_ESTIMATE, Estimates, Ratings, Scores, Skipped, given, priors
from .player import IcuPlayer, PlayerKind
from .rules import IcuRules

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.signedinteger[Any]]
Flags = npt.NDArray[np.bool_]


def _expected(own: Floats, seen: Floats, scale: float, whole: bool = False) -> Floats:
    """``1/(1 + 10^((seen - own)/scale))`` for each pair, each power Python's own (as in
    :func:`~xlrating.icu.formulas.expected`; see :mod:`xlrating._powers`); ``whole``: most
    differences are whole (two ratings as given), their powers looked up in a table."""
    if whole:
        return 1.0 / (1.0 + powers_of_ten_over(seen - own, scale))
    return 1.0 / (1.0 + powers_of_ten((seen - own) / scale))


def _rounded(values: Floats) -> Floats:
    """Each value rounded as :func:`~xlrating.icu.formulas.publish` rounds it, by the same
    operations (``floor(|v| + 0.5)``, with v's sign)."""
    whole = np.floor(np.abs(values) + 0.5)
    rounded: Floats = np.where(values >= 0, whole, -whole)
    return rounded


def _published(values: Floats) -> list[int | None]:
    """Each value rounded as :func:`~xlrating.icu.formulas.publish` rounds it, by the same
    operations (``floor(|v| + 0.5)``, with v's sign), as Python integers (equal ones a single
    object: :func:`~xlrating._by_value.by_value`); ``None`` for NaN."""
    missing = np.isnan(values)
    whole = np.floor(np.abs(np.where(missing, 0.0, values)) + 0.5)
    post: list[int | None] = by_value(np.where(values >= 0, whole, -whole).astype(np.int64))
    for i in np.flatnonzero(missing).tolist():
        post[i] = None
    return post


def _members(kinds: npt.NDArray[np.object_], kind: PlayerKind) -> Flags:
    """Whether each of ``kinds`` (an array of objects) is ``kind``, compared as objects (``kind``
    alone, a string, would be compared as numpy text: never equal)."""
    member = np.empty((), dtype=object)
    member[()] = kind
    found: Flags = kinds == member
    return found


class _Sides:
    """Some of the event's sides (a player's games: those of the players a scoring scores), with
    what a scoring in which each of them is counted takes from them alone: each player's games and
    score. Both scorings of the rated players count every side of theirs (each opponent has a
    rating or an estimate), so the second takes these and the sides from the first (at 10,000
    players with bonuses, 0.9 ms less)."""

    def __init__(self, core: NumpyCore, at: Ints) -> None:
        self.at = at
        """Their positions in the run of all sides (:attr:`NumpyCore.side_player`, ...)."""
        self.player: Ints = core.side_player[at]
        self.opponent: Ints = core.side_opponent[at]
        self.score: Floats = core.side_score[at]
        self.size = len(core.players)
        """The number of players."""
        self.offsets: Floats = core.offsets[at]
        """Each side's +/-400 or 0 (performance ratings)."""
        self.k: tuple[Floats, Floats] | None = None
        """The players' K (as :meth:`NumpyCore.k_array` gives it) and each side's."""

    def factors(self, k: Floats) -> Floats:
        """Each side's K, ``k`` being each player's: taken once for both rated scorings."""
        if self.k is None or self.k[0] is not k:
            self.k = k, k[self.player]
        return self.k[1]

    @functools.cached_property
    def count(self) -> Ints:
        """Each player's games among these sides."""
        return np.bincount(self.player, minlength=self.size)

    @functools.cached_property
    def score_total(self) -> list[float]:
        """Each player's score over these sides."""
        return _scores(self.player, self.score, self.size)


_KEPT = 6
"""The lists handed back that a core keeps with their arrays (:meth:`NumpyCore.listed`): the
games and change of the rated players, of the last rating."""


class _Held(Sequence[float]):
    """Ratings handed back (:data:`~xlrating.icu.core.Ratings`) as the array they are: the steps
    hand them back in, which reads the array again, and a list is made only if they are read
    otherwise, by position (a rating's estimates when the outcomes are built). At 10,000 players
    with bonuses, five lists of 10,000 numbers are not made: 0.9 ms less (0.6 without bonuses,
    two lists), the code before and after timed in turn in one process."""

    __slots__ = ("array", "listed")

    def __init__(self, array: Floats) -> None:
        self.array = array
        self.listed: list[float] | None = None

    def values(self) -> list[float]:
        """The ratings as a list (made when first asked for)."""
        if self.listed is None:
            self.listed = self.array.tolist()
        return self.listed

    def __len__(self) -> int:
        return len(self.array)

    @overload
    def __getitem__(self, index: int) -> float: ...

    @overload
    def __getitem__(self, index: slice) -> list[float]: ...

    def __getitem__(self, index: int | slice) -> float | list[float]:
        return self.values()[index]

    def __iter__(self) -> Iterator[float]:
        return iter(self.values())


def _per_side(size: int, at: Ints, values: Floats) -> list[float]:
    """``values``, which belong to the sides ``at``, as a list over all ``size`` sides (``nan``
    elsewhere)."""
    every = np.full(size, math.nan)
    every[at] = values
    found: list[float] = every.tolist()
    return found


def _sums(index: Ints, weights: Floats, size: int) -> list[float]:
    """``weights`` added up by ``index``, each sum from 0.0 in the order given (``bincount`` of
    no weights at all gives integers: they are made floats, as the sums of the plain core)."""
    sums: list[float] = np.asarray(np.bincount(index, weights, size), np.float64).tolist()
    return sums


def _scores(index: Ints, scores: Floats, size: int) -> list[float]:
    """Each player's score, as :func:`_sums` adds it, each distinct one a single Python float
    (:func:`~xlrating._by_value.by_value`: a score is a whole number of halves)."""
    return by_value(np.asarray(np.bincount(index, scores, size), np.float64), 0.5)


def _settle(iterated: Ints, group: Ints, live: Flags, moved: Flags, before: Floats, settled: Floats) -> Flags:
    """After a pass of several groups (:meth:`NumpyCore.iterate`; ``live``: whether each iterated
    player's group still iterated in it): each player of a group none of whose estimates moved is
    settled at what the pass saw him (``before``, into ``settled``); returns whether each
    player's group still iterates."""
    moving = np.zeros(int(group.max()) + 1, dtype=bool)
    moving[group[moved]] = True
    done = live & ~moving[group]
    settled[iterated[done]] = before[iterated[done]]
    found: Flags = live & moving[group]
    return found


class NumpyCore:
    """The numeric core over arrays: each pass and each scoring a few array operations over
    every side at once."""

    def __init__(self, players: Sequence[IcuPlayer], numbers: list[int], games: Sequence[Game],
                 rules: IcuRules, explain: bool = True) -> None:
        self.rules, self.players = rules, players
        self.kinds, self.pre_rating, self.pre_games = given(players)
        self.sides = sides = array_sides(numbers, games)
        # Without explanations the sides are read with the games in round order, not put by
        # player (at 10,000 players about 1 ms less): each player's sides come in the same order
        # either way, so every sum per player (numpy.bincount, which adds in the order given) is
        # the same to the last bit, and nothing but an explanation reads a side by its position.
        self.by_player = explain
        """Whether the sides are read by player (else in round order)."""
        self.side_player, self.side_opponent, self.side_score = (
            (sides.player, sides.opponent, sides.score) if explain else sides.in_round_order())
        """Every side's player, opponent and score: by player with explanations, else as
        :meth:`~xlrating._sides_numpy.ArraySides.in_round_order` gives them."""
        self.offsets: Floats = rules.performance_offset * (2 * self.side_score - 1)
        """Per side: +offset for a win, 0 for a draw, -offset for a loss (performance ratings)."""
        self.numbers, self.count = sides.numbers, sides.count
        # (the kinds compared as one array: at 10,000 players 0.4 ms less than each in turn; made
        # by fromiter, 0.15 ms less than by np.array, which looks into each kind, a str)
        kinds = np.fromiter(self.kinds, dtype=object, count=len(players))
        self.rated = _members(kinds, PlayerKind.RATED)
        self.foreign = _members(kinds, PlayerKind.FOREIGN)
        self.estimated = ~(self.rated | self.foreign)
        self.iterated_at: Ints = np.flatnonzero(self.estimated)
        self.iterated: list[int] = self.iterated_at.tolist()
        mine_rated = self.rated[self.side_player]
        self.rated_sides: Ints = np.flatnonzero(mine_rated)
        """The rated players' sides (positions in the run of all sides: the rated scorings score them)."""
        self.other_sides: Ints = np.flatnonzero(~mine_rated)
        """The other players' sides."""
        mine = np.flatnonzero(self.estimated[self.side_player])
        position = np.cumsum(self.estimated) - 1
        self.iterated_games: tuple[Ints, Ints, Floats] = (
            position[self.side_player[mine]], self.side_opponent[mine], self.offsets[mine])
        """The unrated and provisional players' games: the player's position among them, the
        opponent, +/-400 or 0."""
        played = np.bincount(self.iterated_games[0], minlength=len(self.iterated))
        self.iterated_count: Floats = played.astype(np.float64)
        """Each unrated and provisional player's games (a pass that counts every game counts these)."""
        self.iterated_count.flags.writeable = False
        self.iterated_played: Flags = played > 0
        """Whether each unrated and provisional player has a game."""
        self.every_iterated_played = bool(self.iterated_played.all())
        against = np.flatnonzero(self.estimated[self.side_opponent])
        self.against_estimated: tuple[Ints, Ints] = (self.side_player[against], self.side_opponent[against])
        """The games against unrated and provisional opponents: the player and the opponent."""
        self.rating: Floats = np.array(self.pre_rating, dtype=np.float64)  # (None: NO_ESTIMATE, nan)
        totals, prior_games = priors(self)
        # (through struct, read-only: at 10,000 players 0.02 ms less than np.array)
        self.prior_total: Floats = packed(totals, "d")
        self.prior_games: Floats = packed(prior_games, "d")
        self.iterated_divisor: Floats = np.maximum(self.prior_games + self.iterated_count, 1.0)
        """Each unrated and provisional player's ``Go + Ge`` (at least 1) in a pass that counts every game."""
        self.factors: tuple[list[float | None], Floats] | None = None
        """The rated players' K (as given to :meth:`score_rated`), and as an array (``nan``: none)."""
        self.arrays: dict[int, tuple[list[Any], npt.NDArray[Any]]] = {}
        """The last lists handed back (:data:`_KEPT`), which :meth:`array` finds again, each with its
        array, by the list's id."""
        self.rated_games: _Sides | None = None
        """The rated players' sides, once scored (both rated scorings score them)."""
        self.last_rated: tuple[Floats, Floats] | None = None
        """The last scoring of the rated players: every player as they saw him, and per side the
        expected score (``nan``: not scored), reused for the games whose opponent rating is
        unchanged (compared by player, not by side: 0.6 MB less kept at 10,000 players)."""

    @property
    def start(self) -> list[int]:
        """Player i's sides are ``start[i]:start[i + 1]`` (made when first read: only the
        explanations read it)."""
        return self.sides.starts

    def listed(self, values: npt.NDArray[Any]) -> list[Any]:
        """``values`` as a list, the array kept with it for :meth:`array` (neither is changed
        afterwards: the steps hand these lists back in, which is then no conversion)."""
        found: list[Any] = values.tolist()
        arrays = self.arrays
        arrays[id(found)] = (found, values)
        if len(arrays) > _KEPT:
            del arrays[next(iter(arrays))]  # the oldest: its list is let go if no step holds it
        return found

    def array(self, values: Sequence[Any]) -> npt.NDArray[Any]:
        """``values`` as an array, to be read only: the one it was made from if :meth:`listed`
        made it, or the one held (:class:`_Held`)."""
        if isinstance(values, _Held):
            return values.array
        known = self.arrays.get(id(values))
        if known is not None and known[0] is values:
            return known[1]
        return np.array(values)

    def sides_at(self, at: Ints) -> _Sides:
        """The sides ``at`` (positions in the run of all sides, ascending)."""
        return _Sides(self, at)

    def fixed_ratings(self) -> Ratings:
        return _Held(np.where(self.estimated, NO_ESTIMATE, self.rating))

    def at_bonus_ratings(self, seen: Ratings, rated: Scores, bonuses: dict[int, int]) -> Ratings:
        # (made on the arrays, the second rating's passes start without making a list an array:
        # at 10,000 players 0.1 ms less)
        start = self.array(seen).copy()
        at = np.fromiter(bonuses, np.intp, len(bonuses))
        start[at] = self.rating[at] + self.array(rated.change)[at] + np.fromiter(bonuses.values(), np.float64,
                                                                                 len(bonuses))
        return _Held(start)

    # -- step 1: the estimates ------------------------------------------------------------------------

    def iterate(self, seen: Ratings, explain: bool, groups: Sequence[int] | None = None,
                only: frozenset[int] | None = None) -> Estimates:
        iterated = self.iterated_at
        first = np.zeros(len(seen), dtype=np.intp)
        group: Ints | None = None  # (grouped) each iterated player's group
        live: npt.NDArray[np.bool_] | None = None  # (grouped) whether his group still iterates
        if groups is not None and len(iterated):
            assert not explain, "groups are rated for their numbers only"
            group = np.asarray(groups, dtype=np.intp)[iterated]
            live = np.ones(len(iterated), dtype=bool) if only is None else np.isin(group, sorted(only))
            if not live.any():
                iterated = iterated[:0]
        if not len(iterated):
            return Estimates(seen, seen, 0, first=first.tolist())
        history: list[tuple[list[float], list[int]]] = []
        given = now = np.asarray(self.array(seen), np.float64)  # (never written: the passes write copies)
        before = now
        estimate = now[iterated]
        value, moved, old = estimate, np.zeros(len(iterated), dtype=bool), estimate
        settled = np.full(len(now), np.nan) if group is not None else None
        iteration, waiting, every = 0, True, False  # (waiting: a player with a game may have no estimate)
        for iteration in range(1, self.rules.iteration_limit + 1):
            # (every: the last pass counted every game, and so does this one, an estimate once
            # given being kept)
            value, count = self.estimate(now, every)
            every = count is self.iterated_count
            old = estimate
            rated, moved, estimate = self.passed(value, count, estimate, live)
            if waiting:
                first[iterated[rated & np.isnan(old)]] = iteration
                waiting = count is not self.iterated_count or live is not None  # (else every one has one)
            if explain:
                history.append((value.tolist(), count.astype(np.intp).tolist()))
            # (the array of the pass before last is written again: only the estimates differ)
            before, now = now, before if before is not given else now.copy()
            now[iterated] = estimate
            if live is not None and group is not None and settled is not None:
                live = _settle(iterated, group, live, moved, before, settled)
                if not live.any():
                    break
            elif not moved.any():
                break
        if settled is not None:
            before = np.where(np.isnan(settled), before, settled)
        which = np.flatnonzero(moved)
        still = list(zip(iterated[which].tolist(), old[which].tolist(), value[which].tolist(), strict=True))
        return Estimates(_Held(now), _Held(before), iteration, history, first.tolist(), still)

    def passed(self, value: Floats, count: Floats, estimate: Floats, live: Flags | None
               ) -> tuple[Flags, Flags, Floats]:
        """After a pass (``value``, ``count``: :meth:`estimate`'s) of the iterated players whose
        estimates were ``estimate`` (``live``: grouped, whether each one's group still iterates):
        who is rated in it (a game counted), who moved by the threshold or more (a first estimate
        is a move) and each estimate after it (the one before where not rated)."""
        threshold = self.rules.iteration_threshold
        if count is self.iterated_count and live is None and self.every_iterated_played:
            # (every game counted, every player having one: every player rated, his estimate the
            # pass's value; at 10,000 players with bonuses 0.2 ms less over both ratings)
            return self.iterated_played, ~(np.abs(value - estimate) < threshold), value
        rated = count > 0 if live is None else (count > 0) & live
        moved = rated & ~(np.abs(value - estimate) < threshold)
        return rated, moved, np.where(rated, value, estimate)

    def estimate(self, seen: Floats, every: bool = False) -> tuple[Floats, Floats]:
        """One pass: each iterated player's new estimate ``(Ro*Go + sum(Ropp +/- 400))/(Go + Ge)``
        and ``Ge``, as each pass of :meth:`~xlrating.icu.core_plain.PlainCore.iterate` (``every``:
        every opponent is known to have an estimate)."""
        position, opp, delta = self.iterated_games
        opponent = seen[opp]
        size = len(self.iterated)
        count: Floats
        if every or (counted := ~np.isnan(opponent)).all():  # (each player's games all counted)
            total = np.bincount(position, opponent + delta, size)
            return (self.prior_total + total) / self.iterated_divisor, self.iterated_count
        total = np.bincount(position, np.where(counted, opponent + delta, 0.0), size)
        count = np.asarray(np.bincount(position, counted, size), np.float64)
        value: Floats = (self.prior_total + total) / np.maximum(self.prior_games + count, 1.0)
        return value, count

    # -- steps 2 and 5: scoring -----------------------------------------------------------------------

    def score_rated(self, seen: Ratings, k: list[float | None], explain: bool) -> Scores:
        ratings, factors = self.array(seen), self.k_array(k)
        if self.rated_games is None:
            self.rated_games = self.sides_at(self.rated_sides)
        return self.score(self.rated_games, self.rating, ratings, ratings, factors, explain)

    def k_array(self, k: list[float | None]) -> Floats:
        """``k`` as an array (``nan``: none), made once for the event's K (the same list in every
        step)."""
        if self.factors is None or self.factors[0] is not k:
            self.factors = k, np.array(k, dtype=np.float64)  # (None: nan)
        return self.factors[1]

    def score_others(self, final: Estimates, explain: bool) -> Scores:
        self.last_rated = self.rated_games = None  # no more rated scorings: their sides and values go
        seen = self.array(final.seen)
        own = np.where(self.estimated, seen, self.rating)
        before = self.array(final.before)
        return self.score(self.sides_at(self.other_sides), own, seen, before, None, explain)

    def expected(self, own: Floats, sides: _Sides, seen: Floats, use: Flags | None, ratings: Floats | None
                 ) -> Floats:
        """Per side of ``sides``, the expected score against ``seen`` (``use``: the sides scored,
        ``None``: all; ``nan`` elsewhere); in a second scoring of the rated players (``ratings``:
        every player as they see him), a side whose opponent's rating is that of the first keeps its
        expected score."""
        src = sides.player
        scale, last = self.rules.scale, self.last_rated if ratings is not None else None
        if use is not None:  # (never the rated players': each of their opponents has a rating or estimate)
            e, at = np.full(len(src), math.nan), np.flatnonzero(use)
            e[at] = _expected(own[src[at]], seen[at], scale)
            return e
        if last is None or ratings is None:  # (whole: the first rated scoring, opponents mostly as given)
            return _expected(own[src], seen, scale, whole=ratings is not None)
        changed: Flags = ratings != last[0]
        e = last[1]  # (written in place: nothing else holds the last scoring's)
        new = np.flatnonzero(changed[sides.opponent])
        e[new] = _expected(own[src[new]], seen[new], scale)
        return e

    def score(self, sides: _Sides, own: Floats, seen_by_fixed: Floats, seen_by_estimated: Floats,
              k: Floats | None, explain: bool) -> Scores:
        """As :meth:`~xlrating.icu.core_plain.PlainCore.score`, over ``sides`` (the scored players'
        games, in side order); with ``k`` (the rated players), the expected scores of games whose
        opponent rating is unchanged since the last scoring are taken from it."""
        size = len(self.players)
        src, opp = sides.player, sides.opponent
        if seen_by_fixed is seen_by_estimated:
            seen = seen_by_fixed[opp]
        else:
            seen = np.where(self.estimated[src], seen_by_estimated[opp], seen_by_fixed[opp])
        use = ~np.isnan(seen)  # a game against an opponent with no rating is skipped
        all_used = bool(use.all())  # (then no side is picked out: the arrays are used as they are)
        counted, s, seen_used, offsets = (src, sides.score, seen, sides.offsets) if all_used else (
            src[use], sides.score[use], seen[use], sides.offsets[use])
        ratings = None if k is None else seen_by_fixed  # (the rated players' scoring)
        e = self.expected(own, sides, seen, None if all_used else use, ratings)
        e_used = e if all_used else e[use]
        delta: Floats | None = None
        change = [0.0] * size
        if k is not None:
            delta_used = (sides.factors(k) if all_used else k[counted]) * (s - e_used)
            change = self.listed(np.asarray(np.bincount(counted, delta_used, size), np.float64))
            self.last_rated = (seen_by_fixed, e)
            if explain:
                delta = np.full(len(src), math.nan)
                delta[use] = delta_used
        total = np.bincount(counted, seen_used + offsets, size)
        count = sides.count if all_used else np.bincount(counted, minlength=size)
        performance = (total / np.maximum(count, 1)).astype(object)  # Python floats, as tolist() gives
        performance[count == 0] = None
        performances: list[float | None] = performance.tolist()
        score = sides.score_total if all_used else _scores(counted, s, size)
        sums = (_sums(counted, e_used, size), score, change, self.listed(count),
                performances)
        if not explain:
            return Scores(*sums)
        every, at = len(self.side_player), sides.at
        return Scores(*sums, seen=_per_side(every, at, np.where(use, seen, math.nan)),
                      e=_per_side(every, at, e), delta=None if delta is None else _per_side(every, at, delta))

    # -- step 5: publication --------------------------------------------------------------------------

    def published(self, seen: Ratings, rated: Scores, bonuses: dict[int, int]) -> list[int | None]:
        """As :meth:`~xlrating.icu.core_plain.PlainCore.published`, every value rounded at once."""
        bonus = np.zeros(len(self.players))
        bonus[list(bonuses)] = list(bonuses.values())
        change = self.array(rated.change)
        values = np.where(self.array(rated.count) > 0, self.rating + change + bonus, math.nan)
        estimates = self.array(seen)[self.iterated_at]
        values[self.iterated_at] = np.where(np.isnan(estimates), values[self.iterated_at], estimates)
        return _published(values)

    # -- step 3: bonuses ------------------------------------------------------------------------------

    def bonus_candidates(self, scores: Scores, k: list[float | None], explain: bool) -> list[int]:
        candidates: list[int] = self.candidates(self.array(scores.count), self.array(scores.change), k,
                                                explain).tolist()
        return candidates

    def candidates(self, count: Ints, change: Floats, k: list[float | None], explain: bool) -> Ints:
        """:meth:`bonus_candidates` as an array, from each player's games and change."""
        rules = self.rules
        played = self.rated & (count > 0)
        if explain:
            return np.flatnonzero(played)
        limit = rules.bonus_rating_limit
        maybe = (played & (self.k_array(k) > rules.bonus_max_no_k) & (count > rules.bonus_max_no_games)
                 & (self.rating < limit) & (change > rules.bonus_min_change) & (self.rating + change < limit))
        return np.flatnonzero(maybe)

    def bonuses(self, scores: Scores, k: list[float | None]) -> dict[int, int]:
        """As :meth:`~xlrating.icu.core_plain.PlainCore.bonuses`, every candidate's bonus at once by
        the operations of :func:`~xlrating.icu.formulas.explain_bonus`, each rounding as
        :func:`~xlrating.icu.formulas.publish` rounds."""
        rules = self.rules
        every_count, every_change = self.array(scores.count), self.array(scores.change)
        at = self.candidates(every_count, every_change, k, False)
        rating, change, games = self.rating[at], every_change[at], every_count[at]
        threshold = rules.bonus_base + rules.bonus_per_game * (games - rules.bonus_max_no_games)
        value = _rounded(change - threshold)
        high = self.k_array(k)[at] >= rules.bonus_high_k
        value = np.where(high, _rounded(rules.bonus_factor * value), value)
        performance = np.array([scores.performances[i] for i in at.tolist()], dtype=np.float64)
        for cap in (np.full(len(at), rules.bonus_rating_limit), performance):
            value = np.where(rating + change + value >= cap, _rounded(cap - rating - change), value)
        won = np.flatnonzero(value > 0)
        return dict(zip(at[won].tolist(), value[won].astype(np.int64).tolist(), strict=True))

    # -- notes ----------------------------------------------------------------------------------------

    def skipped(self, seen: Ratings) -> Skipped:
        player, opponent = self.against_estimated
        everyone = self.array(seen)
        never = np.isnan(everyone[opponent])
        flagged = np.flatnonzero(never | self.estimated[player])
        if not self.by_player:  # (the sides in round order: these are put by player)
            flagged = flagged[stable_order(player[flagged])]
        # each pair of player and opponent once, at its first side (unique's index: the first)
        _, first = np.unique(player[flagged] * len(self.players) + opponent[flagged], return_index=True)
        flagged = flagged[np.sort(first)]
        return player[flagged].tolist(), opponent[flagged].tolist(), never[flagged].tolist()

    def every_side(self) -> tuple[Sequence[int], Sequence[int], Sequence[float]]:
        sides = self.sides
        numbers = np.array(sides.numbers, dtype=np.int64)[sides.opponent]
        return sides.round.tolist(), numbers.tolist(), sides.score.tolist()
