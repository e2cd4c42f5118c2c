"""The numeric core of an ICU event on numpy arrays, for large events.

The same numbers as :class:`~xlrating.icu.core_plain.PlainCore`, to the last bit: every
per-player sum is a ``numpy.bincount`` with weights, which adds them one at a time in the
order given (each player's games in round order, from 0.0), and every power of 10 is
Python's own (numpy's vectorised power may differ from it in the last bit). Imported only once an event
is found large enough for numpy to pay (:func:`xlrating._vector.vectorised`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from .._powers import powers_of_ten
from ..model import Game, games_by_player
from .core import NO_ESTIMATE, Estimates, Scores, Skipped, priors
from .player import IcuPlayer, PlayerKind
from .rules import IcuRules

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.signedinteger[Any]]
Flags = npt.NDArray[np.bool_]


def _expected(own: Floats, seen: Floats, scale: float) -> Floats:
    """``1/(1 + 10^((seen - own)/scale))`` for each pair, each power Python's own (as in
    :func:`~xlrating.icu.formulas.expected`; see :mod:`xlrating._powers`)."""
    return 1.0 / (1.0 + powers_of_ten((seen - own) / scale))


def _sums(index: Ints, weights: Floats, size: int) -> list[float]:
    """``weights`` added up by ``index``, each sum from 0.0 in the order given (``bincount`` of
    no weights at all gives integers: they are made floats, as the sums of the plain core)."""
    sums: list[float] = np.asarray(np.bincount(index, weights, size), np.float64).tolist()
    return sums


class _Games:
    """Every game from each player's side ("edges"), grouped by player, each player's in
    round order (games of one round in the order given), as the rules list a player's games."""

    def __init__(self, players: tuple[IcuPlayer, ...], games: tuple[Game, ...], offset: float) -> None:
        count = len(games)
        numbers = np.array([p.number for p in players], dtype=np.float64)
        rounds, first_named, second_named, scores = (
            np.fromiter(map(attrgetter(name), games), np.float64, count)
            for name in ("round", "player", "opponent", "score"))
        first, second = (self._index(numbers, named, players, games) for named in (first_named, second_named))
        by_round = np.argsort(rounds, kind="stable")
        src = np.empty(2 * count, dtype=np.int32)  # int32 indices: half the memory, up to 2**31 players
        opp = np.empty(2 * count, dtype=np.int32)
        score = np.empty(2 * count, dtype=np.float64)
        src[0::2], src[1::2] = first[by_round], second[by_round]
        opp[0::2], opp[1::2] = second[by_round], first[by_round]
        score[0::2] = scores[by_round]
        score[1::2] = 1.0 - scores[by_round]
        order = np.argsort(src, kind="stable")  # edge 2g is game g's player side, 2g + 1 its opponent's
        self.src: Ints = src[order]
        """The player (index) whose side each edge is."""
        self.opp: Ints = opp[order]
        """The opponent (index)."""
        self.score: Floats = score[order]
        """Points the player scored."""
        self.perf_delta: Floats = offset * (2 * self.score - 1)
        """+offset for a win, 0 for a draw, -offset for a loss (performance ratings)."""
        self.game: Ints = by_round[order // 2].astype(np.int32)
        """The game (index into the games given) of each edge."""
        per_player = np.bincount(self.src, minlength=len(players))
        self.start: Ints = np.concatenate(([0], np.cumsum(per_player))).astype(np.intp)
        """Player i's edges are ``start[i]:start[i + 1]``."""
        self.size = len(players)

    @staticmethod
    def _index(numbers: Floats, named: Floats, players: tuple[IcuPlayer, ...],
               games: tuple[Game, ...]) -> Ints:
        """The index of each player ``named`` by a game; a game naming a player who is not in
        the event is an :class:`~xlrating.errors.EventError` listing every such game."""
        if np.array_equal(numbers, np.arange(1, len(numbers) + 1)):  # players numbered 1, 2, ... in order
            if len(named) and not (named.min() >= 1 and named.max() <= len(numbers)):
                games_by_player((p.number for p in players), games)  # raises, naming every such game
            index: Ints = named.astype(np.intp) - 1
            return index
        order = np.argsort(numbers, kind="stable")
        ordered = numbers[order]
        position = np.minimum(np.searchsorted(ordered, named), max(len(ordered) - 1, 0))
        if len(named) and (not len(ordered) or not np.array_equal(ordered[position], named)):
            games_by_player((p.number for p in players), games)  # raises, naming every such game
        result: Ints = order[position] if len(ordered) else np.zeros(0, dtype=np.intp)
        return result


class NumpyCore:
    """The numeric core over arrays: each pass and each scoring a few array operations over
    every edge at once."""

    def __init__(self, players: tuple[IcuPlayer, ...], games: tuple[Game, ...], rules: IcuRules) -> None:
        self.rules, self.players, self.games = rules, players, games
        self.edges = edges = _Games(players, games, rules.performance_offset)
        self.start: list[int] = edges.start.tolist()
        kinds = [p.kind for p in players]
        self.rated = np.array([k is PlayerKind.RATED for k in kinds], dtype=bool)
        self.foreign = np.array([k is PlayerKind.FOREIGN for k in kinds], dtype=bool)
        self.estimated = ~(self.rated | self.foreign)
        self.iterated_at: Ints = np.flatnonzero(self.estimated)
        self.iterated: list[int] = self.iterated_at.tolist()
        mine = np.flatnonzero(self.estimated[edges.src])
        position = np.cumsum(self.estimated) - 1
        self.iterated_games: tuple[Ints, Ints, Floats] = (
            position[edges.src[mine]], edges.opp[mine], edges.perf_delta[mine])
        """The unrated and provisional players' games: the player's position among them, the
        opponent, +/-400 or 0."""
        self.rating: Floats = np.array([NO_ESTIMATE if p.rating is None else p.rating for p in players],
                                       dtype=np.float64)
        prior = priors(players, self.iterated)
        self.prior_total: Floats = np.array([t for t, _ in prior], dtype=np.float64)
        self.prior_games: Floats = np.array([g for _, g in prior], dtype=np.float64)
        self.last_rated: tuple[Floats, Floats] | None = None
        """The last scoring of the rated players: per edge, the opponent rating used and the
        expected score (``nan``: not scored), reused for the games whose opponent rating is
        unchanged."""

    # -- step 1: the estimates ------------------------------------------------------------------------

    def iterate(self, seen: list[float], explain: bool) -> Estimates:
        iterated = self.iterated_at
        first = np.zeros(len(seen), dtype=np.intp)
        if not len(iterated):
            return Estimates(seen, seen, 0, first=first.tolist())
        threshold = self.rules.iteration_threshold
        history: list[tuple[list[float], list[int]]] = []
        now = np.array(seen, dtype=np.float64)
        before = now
        estimate = now[iterated]
        value, moved, old = estimate, np.zeros(len(iterated), dtype=bool), estimate
        iteration = 0
        for iteration in range(1, self.rules.iteration_limit + 1):
            value, count = self.estimate(now)
            rated = count > 0
            moved = rated & ~(np.abs(value - estimate) < threshold)  # a first estimate is a move
            first[iterated[rated & np.isnan(estimate)]] = iteration
            if explain:
                history.append((value.tolist(), count.astype(np.intp).tolist()))
            old, estimate = estimate, np.where(rated, value, estimate)
            before, now = now, now.copy()
            now[iterated] = estimate
            if not moved.any():
                break
        which = np.flatnonzero(moved)
        still = list(zip(iterated[which].tolist(), old[which].tolist(), value[which].tolist(), strict=True))
        return Estimates(now.tolist(), before.tolist(), iteration, history, first.tolist(), still)

    def estimate(self, seen: Floats) -> tuple[Floats, Floats]:
        """One pass: each iterated player's new estimate ``(Ro*Go + sum(Ropp +/- 400))/(Go + Ge)``
        and ``Ge``, as each pass of :meth:`~xlrating.icu.core_plain.PlainCore.iterate`."""
        position, opp, delta = self.iterated_games
        opponent = seen[opp]
        counted = ~np.isnan(opponent)
        size = len(self.iterated)
        total = np.asarray(np.bincount(position, np.where(counted, opponent + delta, 0.0), size), np.float64)
        count = np.asarray(np.bincount(position, counted, size), np.float64)
        value: Floats = (self.prior_total + total) / np.maximum(self.prior_games + count, 1.0)
        return value, count

    # -- steps 2 and 5: scoring -----------------------------------------------------------------------

    def score_rated(self, seen: list[float], k: list[float | None], explain: bool) -> Scores:
        ratings = np.array(seen, dtype=np.float64)
        factors = np.array([math.nan if v is None else v for v in k], dtype=np.float64)
        return self.score(self.rated, self.rating, ratings, ratings, factors, explain)

    def score_others(self, final: Estimates, explain: bool) -> Scores:
        self.last_rated = None  # no more rated scorings: their per-edge values go
        seen = np.array(final.seen, dtype=np.float64)
        own = np.where(self.estimated, seen, self.rating)
        return self.score(~self.rated, own, seen, np.array(final.before, dtype=np.float64), None, explain)

    def score(self, whose: Flags, own: Floats, seen_by_fixed: Floats, seen_by_estimated: Floats,
              k: Floats | None, explain: bool) -> Scores:
        """As :meth:`~xlrating.icu.core_plain.PlainCore.score`; with ``k`` (the rated players), the
        expected scores of games whose opponent rating is unchanged since the last scoring
        are taken from it."""
        edges, size, scale = self.edges, self.edges.size, self.rules.scale
        src, opp = edges.src, edges.opp
        if seen_by_fixed is seen_by_estimated:
            seen = seen_by_fixed[opp]
        else:
            seen = np.where(self.estimated[src], seen_by_estimated[opp], seen_by_fixed[opp])
        use = whose[src] & ~np.isnan(seen)
        seen[~use] = math.nan  # per edge: the opponent rating used, nan where not scored here
        e = np.full(len(src), math.nan)
        new = use
        if k is not None and self.last_rated is not None:
            same = use & (seen == self.last_rated[0])
            e[same] = self.last_rated[1][same]
            new = use & ~same
            self.last_rated = None
        e[new] = _expected(own[src[new]], seen[new], scale)
        counted, s, e_used = src[use], edges.score[use], e[use]
        delta: Floats | None = None
        change = [0.0] * size
        if k is not None:
            delta_used = k[counted] * (s - e_used)
            change = _sums(counted, delta_used, size)
            self.last_rated = (seen, e)
            if explain:
                delta = np.full(len(src), math.nan)
                delta[use] = delta_used
        sums = (_sums(counted, e_used, size), _sums(counted, s, size), change,
                _sums(counted, seen[use] + edges.perf_delta[use], size),
                np.bincount(counted, minlength=size).tolist())
        if not explain:
            return Scores(*sums)
        return Scores(*sums, seen=seen.tolist(), e=e.tolist(),
                      delta=None if delta is None else delta.tolist())

    # -- step 3: bonuses ------------------------------------------------------------------------------

    def bonus_candidates(self, scores: Scores, k: list[float | None], explain: bool) -> list[int]:
        rules = self.rules
        count = np.array(scores.count)
        played = self.rated & (count > 0)
        if explain:
            return np.flatnonzero(played).tolist()
        factors = np.array([0.0 if v is None else v for v in k], dtype=np.float64)
        change = np.array(scores.change)
        limit = rules.bonus_rating_limit
        maybe = (played & (factors > rules.bonus_max_no_k) & (count > rules.bonus_max_no_games)
                 & (self.rating < limit) & (change > rules.bonus_min_change) & (self.rating + change < limit))
        return np.flatnonzero(maybe).tolist()

    # -- notes ----------------------------------------------------------------------------------------

    def skipped(self, seen: list[float]) -> list[Skipped]:
        edges = self.edges
        against = self.estimated[edges.opp]
        never = against & np.isnan(np.array(seen, dtype=np.float64)[edges.opp])
        flagged = np.flatnonzero(never | (against & self.estimated[edges.src]))
        opponents = edges.opp[flagged].tolist()
        numbers = [self.players[o].number for o in opponents]
        return list(zip(edges.src[flagged].tolist(), opponents, numbers, never[flagged].tolist(),
                        strict=True))

    def sides(self) -> tuple[Sequence[int], Sequence[int], Sequence[float]]:
        edges = self.edges
        rounds = np.array([g.round for g in self.games], dtype=np.int64)[edges.game]
        numbers = np.array([p.number for p in self.players], dtype=np.int64)[edges.opp]
        return rounds.tolist(), numbers.tolist(), edges.score.tolist()
