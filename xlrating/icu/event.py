"""Rating a whole event under ICU rules (ICU rating formulae; ICU rating program).

The algorithm, in order (:meth:`_Event.rate`):

1. *Estimates.* Unrated and provisional players are rated from their performance, which
   depends on their opponents' ratings, some of which are themselves estimates. Every
   unrated or provisional player starts with no estimate. In each iteration ("pass") every
   one of them gets a new estimate from the previous pass's values (all at once, so the
   order of players does not matter): an unrated player's is the performance
   ``mean(Ropp +/- 400)``, a provisional player's the weighted average
   ``(Ro*Go + sum(Ropp +/- 400))/(Go + Ge)``. Rated and foreign opponents count at their
   rating, unrated and provisional ones at their current estimate; a game against a
   player who has no estimate yet is skipped in that pass. The estimates have converged
   when no estimate moved by 0.1 or more (getting a first estimate is a move); after 50
   passes without that the event cannot be rated (:class:`~xlrating.errors.ConvergenceError`).
2. *Rated players.* change = K x sum(s - e), unrounded. Decision (the documents say only
   "count at their current performance estimate"): a rated player sees each unrated or
   provisional opponent at that opponent's converged estimate, the very value the
   opponent publishes (unrounded), and each foreign opponent at the foreign rating. The
   performance is computed against the same ratings.
3. *Bonuses* (:func:`~xlrating.icu.formulas.bonus`) for rated players.
4. *Second rating*, only if someone won a bonus: each bonus winner is counted by every
   opponent (rated, provisional or unrated) at rating + change + bonus, with the first
   rating's change; the estimates are iterated again, starting from the first rating's
   converged values, and every rated player's change is computed again. Bonuses are not
   recomputed.
5. *Publication.* Rated: round(R + change + bonus), where ``PlayerOutcome.change`` is the
   unrounded K x sum(s - e) of the last rating, without the bonus. Provisional: the
   rounded converged weighted average (``change`` is it minus the prior rating). Unrated:
   the rounded converged performance. Foreign: the rating, unchanged. Rounding takes
   halves away from zero. A player whose prior games plus event games reach 20 becomes
   fully rated after the event (a note says so; ``post_games`` counts the games and
   :func:`~xlrating.icu.player.kind_after` gives the kind). A player with no game that
   could be rated is ``NOT_RATED`` and keeps the rating as given; so is an unrated or
   provisional player whose new rating would round below the lowest rating (1,
   :attr:`~xlrating.icu.rules.IcuRules.lowest_rating`), whom opponents still count at
   his estimate.

An unrated or provisional player's game lines show the opponent ratings of the last pass
(for unrated and provisional opponents, their estimates of the pass before), which
reproduce the published estimate exactly.

The numbers come from a numeric core over arrays (:class:`_Games`: every game from each
player's side, grouped by player in round order; one array of the ratings opponents see);
every sum is taken in the same order as the rules' one-game-at-a-time working, so the
numbers are exact to the last bit. With ``explain=True`` the steps and game lines are
built from the core's intermediate values; ``explain=False`` skips them.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _check
from ..errors import ArgumentError, ConvergenceError
from ..model import EventOutcome, EventType, Game, GameLine, Method, PlayerOutcome, Step, games_by_player
from .formulas import explain_bonus, explain_k, publish
from .player import IcuPlayer, PlayerKind, classify, kind_after
from .rules import IcuRules, RulesLike, get_rules

__all__ = ["IcuPlayer", "PlayerKind", "classify", "kind_after", "rate_event"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.signedinteger[Any]]
Flags = npt.NDArray[np.bool_]
Parameters = tuple[tuple[str, str], ...]

NO_ESTIMATE = math.nan
"""An unrated or provisional player's estimate before the first."""


def _expected(own: Floats, seen: Floats, scale: float) -> Floats:
    """``1/(1 + 10^((seen - own)/scale))`` for each pair. The power is Python's own (the C
    library's ``pow``), as in :func:`~xlrating.icu.formulas.expected`: numpy's vectorised
    power may differ from it in the last bit."""
    powers = [10.0 ** x for x in ((seen - own) / scale).tolist()]
    return 1.0 / (1.0 + np.array(powers, dtype=np.float64))


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while an event is rated. The outcomes hold no
    cycles (reference counting frees them), but each of the collector's full passes re-scans
    every object built so far, which made rating time grow faster than the event."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


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
        self.player_side: Flags = order % 2 == 0
        """Whether the edge is the side of the game's ``player`` (else its ``opponent``)."""
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

    def count(self, player: int) -> int:
        return int(self.start[player + 1] - self.start[player])


@dataclass
class _Estimates:
    """One rating's estimates after its iterations."""

    seen: Floats
    """Every player as opponents see him: the rating (or bonus rating) of a rated or foreign
    player, the estimate of an unrated or provisional one (``NO_ESTIMATE``: none)."""
    before: Floats
    """The same as the last pass saw it (the estimates of the pass before)."""
    iterations: int


@dataclass
class _Scores:
    """Games scored against one set of opponent ratings: per player sums, per edge values."""

    expected: list[float]
    score: list[float]
    change: list[float]
    performance_total: list[float]
    count: list[int]
    seen: Floats | None
    """Per edge: the opponent's rating used (``nan``: the game was skipped); ``None`` once
    not needed (no explanation wanted)."""
    e: Floats | None
    """Per edge: the expected score (``nan`` where skipped)."""
    delta: Floats | None
    """Per edge: K(s - e), for rated players only."""

    def drop_games(self) -> None:
        """Forget the per-edge values (the sums stay): they take most of the memory."""
        self.seen = self.e = self.delta = None

    def __post_init__(self) -> None:
        self.performances: list[float | None] = [
            total / count if count else None for total, count in zip(self.performance_total, self.count,
                                                                      strict=True)]
        """Each player's performance: the mean of Ropp +/- 400 over the games counted."""

    def performance(self, i: int) -> float | None:
        return self.performances[i]


def _label(event_name: str) -> str:
    return f"Event {event_name!r}" if event_name else "The event"


def _passes(last: int) -> str:
    return "pass 1" if last == 1 else f"passes 1-{last}"


class _Event:
    """The state of one event being rated."""

    def __init__(self, players: tuple[IcuPlayer, ...], games: tuple[Game, ...], k_date: date | None,
                 rules: IcuRules, event_name: str, explain: bool, shared: Parameters) -> None:
        self.players = players
        self.shared = shared
        self.game_list = games
        self.rules = rules
        self.event_name = event_name
        self.k_date = k_date
        self.explain = explain
        self.edges = _Games(players, games, rules.performance_offset)
        kinds = [p.kind for p in players]
        self.rated = np.array([k is PlayerKind.RATED for k in kinds], dtype=bool)
        self.foreign = np.array([k is PlayerKind.FOREIGN for k in kinds], dtype=bool)
        self.estimated = ~(self.rated | self.foreign)
        self.iterated: Ints = np.flatnonzero(self.estimated)
        mine = np.flatnonzero(self.estimated[self.edges.src])
        position = np.cumsum(self.estimated) - 1
        self.iterated_games: tuple[Ints, Ints, Floats] = (
            position[self.edges.src[mine]], self.edges.opp[mine], self.edges.perf_delta[mine])
        """The unrated and provisional players' games: the player's position among them, the
        opponent, +/-400 or 0."""
        self.rating: Floats = np.array([NO_ESTIMATE if p.rating is None else p.rating for p in players],
                                       dtype=np.float64)
        prior = [(p.rating * p.games, p.games) if p.kind is PlayerKind.PROVISIONAL and p.rating is not None
                 and p.games else (0.0, 0) for p in (players[i] for i in self.iterated.tolist())]
        self.prior_total: Floats = np.array([t for t, _ in prior], dtype=np.float64)
        self.prior_games: Floats = np.array([g for _, g in prior], dtype=np.float64)
        self.k: list[float | None] = [None] * len(players)
        self.k_reason: list[str] = [""] * len(players)
        self.bonus_steps: dict[int, list[Step]] = {}
        self.pass_steps: dict[str, list[tuple[Floats, Floats]]] = {}
        """Per rating ("first", "second"): each pass's values and game counts of the iterated players."""
        self.first_estimate: Ints = np.zeros(len(players), dtype=np.intp)
        """The pass of the first rating in which each player got his first estimate (0: never)."""
        # For explanations, filled in by publish():
        self.game_lines: list[GameLine] = []
        """Every edge's game line."""
        self.history: dict[str, list[tuple[list[float], list[float]]]] = {}
        """``pass_steps`` as lists."""
        self.position: dict[int, int] = {}
        """Player index -> position among the iterated players."""

    # -- the whole event ------------------------------------------------------------------------------

    def rate(self) -> EventOutcome:
        """The ICU rating program's steps: K; the estimates (first rating); rated players'
        changes; bonuses; if any, the second rating with the winners at their bonus rating;
        publication."""
        self.set_k()
        first = self.iterate(self.fixed_ratings(), "first")
        scores = self.score_rated(first.seen)
        bonuses = self.award_bonuses(scores)
        final, second_iterations = first, None
        if bonuses:
            second_start = self.count_at_bonus_ratings(first.seen, scores, bonuses)
            final = self.iterate(second_start, "second")
            second_iterations = final.iterations
            scores = self.score_rated(final.seen, scores)
        return EventOutcome(
            system="ICU",
            rules=self.rules.name,
            players=self.publish(final, scores, bonuses),
            parameters=self.shared + self.parameters(first.iterations, second_iterations),
            notes=self.notes(first.iterations, second_iterations, bonuses),
        )

    # -- K --------------------------------------------------------------------------------------------

    def set_k(self) -> None:
        """K of every rated player who has a game (ICU rating program, K-factor)."""
        limit = self.rules.provisional_limit
        for i in np.flatnonzero(self.rated).tolist():
            p = self.players[i]
            if p.games is not None and p.games < limit:
                raise ArgumentError(f"Player {p.number}: a rated player has {limit} or more "
                                    f"prior games, not {p.games} (fewer make a provisional player)")
            if p.k is not None:
                self.k[i], self.k_reason[i] = p.k, "given"
            elif self.edges.count(i):
                assert p.rating is not None
                try:
                    self.k[i], self.k_reason[i] = explain_k(p.rating, p.birth_date, p.joined, self.k_date,
                                                            self.rules)
                except ArgumentError as error:
                    raise ArgumentError(f"Player {p.number}: {error}") from None
        for i in self.iterated.tolist():
            p = self.players[i]
            if p.kind is PlayerKind.PROVISIONAL and p.games is not None and p.games >= limit:
                raise ArgumentError(f"Player {p.number}: a provisional player has 1 to {limit - 1} "
                                    f"prior games, not {p.games} (more make a rated player)")

    # -- step 1: the estimates ------------------------------------------------------------------------

    def fixed_ratings(self) -> Floats:
        """Every player as opponents first see him: rated and foreign players at their rating,
        unrated and provisional players with no estimate."""
        seen: Floats = np.where(self.estimated, NO_ESTIMATE, self.rating)
        return seen

    def iterate(self, start: Floats, phase: str) -> _Estimates:
        """Iterate the estimates from ``start`` until none moves by the threshold or more."""
        iterated = self.iterated
        if not len(iterated):
            return _Estimates(start, start, 0)
        threshold, explain = self.rules.iteration_threshold, self.explain
        history = self.pass_steps.setdefault(phase, [])
        seen = start.copy()
        estimate = seen[iterated]
        for iteration in range(1, self.rules.iteration_limit + 1):
            value, count = self.estimate(seen)
            rated = count > 0
            moved = rated & ~(np.abs(value - estimate) < threshold)  # a first estimate is a move
            if phase == "first":
                self.first_estimate[iterated[rated & np.isnan(estimate)]] = iteration
            if explain:
                history.append((value, count))
            old, estimate = estimate, np.where(rated, value, estimate)
            before, seen = seen, seen.copy()
            seen[iterated] = estimate
            if not moved.any():
                return _Estimates(seen, before, iteration)
        raise ConvergenceError(self.not_converged(old, value, moved, phase))

    def estimate(self, seen: Floats) -> tuple[Floats, Floats]:
        """One pass: each iterated player's new estimate ``(Ro*Go + sum(Ropp +/- 400))/(Go + Ge)``
        (``Go`` 0 for an unrated player) over the games whose opponent has a rating or an
        estimate, and the number of those games (a player with none gets no estimate). Sums
        run in each player's game order."""
        position, opp, delta = self.iterated_games
        opponent = seen[opp]
        counted = ~np.isnan(opponent)
        size = len(self.iterated)
        total = np.bincount(position, np.where(counted, opponent + delta, 0.0), size)
        count = np.asarray(np.bincount(position, counted, size), np.float64)
        value: Floats = (self.prior_total + total) / np.maximum(self.prior_games + count, 1.0)
        return value, count

    def not_converged(self, old: Floats, value: Floats, moved: Flags, phase: str) -> str:
        rules = self.rules
        which = np.flatnonzero(moved)
        shown = []
        for j in which[:5].tolist():
            n, before, now = self.players[self.iterated[j]].number, float(old[j]), float(value[j])
            shown.append(f"player {n}: first estimate {now:.1f}" if math.isnan(before)
                         else f"player {n}: {before:.1f} to {now:.1f}")
        more = f" and {len(which) - 5} more" if len(which) > 5 else ""
        return (f"{_label(self.event_name)} cannot be rated: the estimates of its unrated and provisional "
                f"players still moved by {rules.iteration_threshold:g} or more after {rules.iteration_limit} "
                f"iterations ({phase} rating; {'; '.join(shown)}{more})")

    # -- step 2: rated players ------------------------------------------------------------------------

    def score_rated(self, seen: Floats, before: _Scores | None = None) -> _Scores:
        """Rated players' games: change K x sum(s - e) with each opponent at ``seen``."""
        return self.score(self.rated, self.rating, seen, seen, with_k=True, before=before)

    def score(self, whose: Flags, own: Floats, seen_by_fixed: Floats, seen_by_estimated: Floats, *,
              with_k: bool, before: _Scores | None = None) -> _Scores:
        """The games of the players ``whose``: each player seen at ``own``, each opponent at
        ``seen_by_fixed`` (for a rated or foreign player) or ``seen_by_estimated`` (for an
        unrated or provisional one); a game against an opponent with no rating is skipped.
        Sums run in each player's game order, as the rules add one game at a time. The
        expected scores of games ``before`` scored against the same ratings are taken from it."""
        edges, size, scale = self.edges, self.edges.size, self.rules.scale
        src, opp = edges.src, edges.opp
        estimated_side = self.estimated[src]
        seen = np.where(estimated_side, seen_by_estimated[opp], seen_by_fixed[opp])
        use = whose[src] & ~np.isnan(seen)
        e = np.full(len(src), math.nan)
        new = use
        if before is not None and before.seen is not None and before.e is not None:
            new = use & (seen != before.seen)
            e[use & ~new] = before.e[use & ~new]
        e[new] = _expected(own[src[new]], seen[new], scale)
        counted, s = src[use], edges.score[use]
        delta: Floats | None = None
        change = [0.0] * size
        if with_k:
            k = np.array([math.nan if v is None else v for v in self.k], dtype=np.float64)
            delta = np.full(len(src), math.nan)
            delta[use] = k[counted] * (s - e[use])
            change = np.bincount(counted, delta[use], size).tolist()
        return _Scores(
            expected=np.bincount(counted, e[use], size).tolist(),
            score=np.bincount(counted, s, size).tolist(),
            change=change,
            performance_total=np.bincount(counted, seen[use] + edges.perf_delta[use], size).tolist(),
            count=np.bincount(counted, minlength=size).tolist(),
            seen=np.where(use, seen, math.nan),
            e=e,
            delta=delta,
        )

    # -- step 3: bonuses ------------------------------------------------------------------------------

    def award_bonuses(self, scores: _Scores) -> dict[int, int]:
        """Each rated player's bonus from the first rating (ICU rating program, bonus); player
        index -> bonus, for the winners only, in the players' order."""
        rules = self.rules
        bonuses: dict[int, int] = {}
        for i in self.bonus_candidates(scores):
            own, k = self.players[i].rating, self.k[i]
            assert own is not None and k is not None
            change, performance = scores.change[i], scores.performance(i)
            working = explain_bonus(own, change, scores.count[i], k, performance, rules)
            if self.explain:
                self.bonus_steps[i] = [Step("First rating: change", change, "K x (score - expected)"),
                                       Step("First rating: performance", performance), *working.steps]
            if working.bonus > 0:
                bonuses[i] = working.bonus
        return bonuses

    def bonus_candidates(self, scores: _Scores) -> list[int]:
        """Rated players with a game; without explanations, only those the bonus's first
        conditions do not already refuse (:func:`~xlrating.icu.formulas.explain_bonus`
        checks them again and decides)."""
        rules = self.rules
        count = np.array(scores.count)
        played = self.rated & (count > 0)
        if self.explain:
            return np.flatnonzero(played).tolist()  # type: ignore[no-any-return]
        k = np.array([0.0 if v is None else v for v in self.k], dtype=np.float64)
        change = np.array(scores.change)
        limit = rules.bonus_rating_limit
        maybe = (played & (k > rules.bonus_max_no_k) & (count > rules.bonus_max_no_games)
                 & (self.rating < limit) & (change > rules.bonus_min_change) & (self.rating + change < limit))
        return np.flatnonzero(maybe).tolist()  # type: ignore[no-any-return]

    # -- step 4: the second rating --------------------------------------------------------------------

    def count_at_bonus_ratings(self, seen: Floats, scores: _Scores, bonuses: dict[int, int]) -> Floats:
        """The ratings opponents see in the second rating: each bonus winner at rating + change
        + bonus (the first rating's change); everyone else as the first rating ended."""
        start: Floats = seen.copy()
        for i, bonus in bonuses.items():
            own = self.players[i].rating
            assert own is not None
            start[i] = bonus_rating = own + scores.change[i] + bonus
            if self.explain:
                self.bonus_steps[i].append(Step(
                    "Bonus rating", bonus_rating,
                    "rating + change + bonus, as opponents see it in the second rating"))
        return start

    # -- step 5: publication --------------------------------------------------------------------------

    def publish(self, final: _Estimates, rated: _Scores,
                bonuses: dict[int, int]) -> tuple[PlayerOutcome, ...]:
        """Every player's outcome, in the order given."""
        if not self.explain:
            rated.drop_games()
        own = np.where(self.estimated, final.seen, self.rating)
        others = self.score(~self.rated, own, final.seen, final.before, with_k=False)
        if not self.explain:
            others.drop_games()
        else:
            self.game_lines = self.all_lines(rated, others)
            self.history = {phase: [(v.tolist(), c.tolist()) for v, c in passes]
                            for phase, passes in self.pass_steps.items()}
            self.position = {i: j for j, i in enumerate(self.iterated.tolist())}
        notes = self.skip_notes(final.seen)
        outcomes = []
        for i, p in enumerate(self.players):
            kind = p.kind
            if kind is PlayerKind.RATED:
                outcomes.append(self.rated_outcome(i, rated, bonuses.get(i, 0), notes.get(i, [])))
            elif kind is PlayerKind.FOREIGN:
                outcomes.append(self.foreign_outcome(i, others, notes.get(i, [])))
            else:
                outcomes.append(self.estimated_outcome(i, final.seen, others, notes.get(i, [])))
        return tuple(outcomes)

    def all_lines(self, rated: _Scores, others: _Scores) -> list[GameLine]:
        """Every edge's game line: rated players' from ``rated`` (with K(s - e)), everyone
        else's from ``others``; a skipped game has no opponent rating."""
        edges, games = self.edges, self.game_list
        from_rated = self.rated[edges.src]
        assert rated.seen is not None and rated.e is not None
        assert others.seen is not None and others.e is not None
        seen = np.where(from_rated, rated.seen, others.seen).tolist()
        e = np.where(from_rated, rated.e, others.e).tolist()
        assert rated.delta is not None
        delta = np.where(from_rated, rated.delta, math.nan).tolist()
        lines = []
        for j, (g, side, s) in enumerate(zip(edges.game.tolist(), edges.player_side.tolist(),
                                             edges.score.tolist(), strict=True)):
            game = games[g]
            opponent = game.opponent if side else game.player
            if math.isnan(seen[j]):
                lines.append(GameLine(game.round, opponent, s, None))
            else:
                change = delta[j]
                lines.append(GameLine(game.round, opponent, s, seen[j], e[j],
                                      None if math.isnan(change) else change))
        return lines

    def lines(self, i: int, skipped: bool = False) -> tuple[GameLine, ...]:
        """Player i's game lines (``skipped``: as if every game were skipped); explanations only."""
        begin, end = int(self.edges.start[i]), int(self.edges.start[i + 1])
        if skipped:
            return tuple(GameLine(g.round, g.opponent, g.score, None) for g in self.game_lines[begin:end])
        return tuple(self.game_lines[begin:end])

    def skip_notes(self, seen: Floats) -> dict[int, list[str]]:
        """Notes on games against unrated or provisional opponents who had no estimate, by
        player: never (the game is not rated), or, for an unrated or provisional player, in
        the first passes of the first rating."""
        edges = self.edges
        against = self.estimated[edges.opp]
        never = against & np.isnan(seen[edges.opp])
        flagged = np.flatnonzero(never | (against & self.estimated[edges.src]))
        if not len(flagged):
            return {}
        games = self.game_list
        by_player: dict[int, tuple[dict[object, None], dict[object, int]]] = {}
        for i, o, side, game, not_rated in zip(
                edges.src[flagged].tolist(), edges.opp[flagged].tolist(),
                edges.player_side[flagged].tolist(), edges.game[flagged].tolist(), never[flagged].tolist(),
                strict=True):
            g = games[game]
            number = g.opponent if side else g.player
            never_i, skipped_i = by_player.setdefault(i, ({}, {}))
            if not_rated:
                never_i[number] = None
            if self.estimated[i]:
                skipped_i.setdefault(number, int(self.first_estimate[o]))
        notes = {}
        for i, (never_i, skipped_i) in by_player.items():
            notes[i] = [f"game against {o} not rated: {o} has no estimate (no game against a rated, foreign "
                        f"or estimated player)" for o in never_i]
            notes[i] += [f"games against {o} skipped in {_passes(last)}: no estimate"
                         for o, last in skipped_i.items() if o not in never_i]
        return notes

    def rated_outcome(self, i: int, scores: _Scores, bonus: int, notes: list[str]) -> PlayerOutcome:
        p = self.players[i]
        own, k, count = p.rating, self.k[i], scores.count[i]
        assert own is not None
        explain = self.explain
        if not count:
            return PlayerOutcome(
                player=p.number, method=Method.NOT_RATED, rated_games=0, rated_score=0.0, pre_rating=own,
                pre_games=p.games, post_rating=own, post_games=p.games, initial_rating=own,
                initial_games=p.games, k=k, games=self.lines(i) if explain else (),
                steps=(Step("Rating", own), Step("New rating", own, "no rated game: unchanged"))
                if explain else (),
                notes=(*notes, "no rated game: rating unchanged"),
            )
        assert k is not None
        change, expected, score = scores.change[i], scores.expected[i], scores.score[i]
        performance = scores.performance(i)
        post = publish(own + change + bonus)
        steps: tuple[Step, ...] = ()
        if explain:
            steps = (
                Step("Rating", own), Step("K", k, self.k_reason[i]), *self.bonus_steps.get(i, ()),
                Step("Expected score", expected, "sum of 1/(1 + 10^((Ropp - R)/400))"),
                Step("Score", score),
                Step("Change", change, f"K x (score - expected) = {k:g} x ({score:g} - {expected:.3f})"),
                Step("Performance", performance),
                Step("New rating", post, f"round({own:g} + {change:.2f}"
                                         + (f" + bonus {bonus})" if bonus else ")")),
            )
        if bonus:
            notes.append(f"bonus {bonus}")
        return PlayerOutcome(
            player=p.number, method=Method.ELO, rated_games=count, rated_score=score,
            pre_rating=own, pre_games=p.games, post_rating=post,
            post_games=None if p.games is None else p.games + count, initial_rating=own,
            initial_games=p.games, change=change, k=k, bonus=float(bonus),
            expected_score=expected, performance=performance, games=self.lines(i) if explain else (),
            steps=steps, notes=tuple(notes),
        )

    def foreign_outcome(self, i: int, scores: _Scores, notes: list[str]) -> PlayerOutcome:
        p, explain = self.players[i], self.explain
        count = scores.count[i]
        return PlayerOutcome(
            player=p.number, method=Method.FOREIGN, rated_games=count, rated_score=scores.score[i],
            pre_rating=p.rating, pre_games=p.games, post_rating=p.rating, initial_rating=p.rating,
            expected_score=scores.expected[i] if count else None, performance=scores.performance(i),
            games=self.lines(i) if explain else (),
            steps=(Step("Rating", p.rating, "foreign: used for opponents, not changed"),) if explain else (),
            notes=(*notes, "foreign rating: not changed"),
        )

    def estimated_outcome(self, i: int, seen: Floats, scores: _Scores, notes: list[str]) -> PlayerOutcome:
        rules, explain = self.rules, self.explain
        p = self.players[i]
        provisional = p.kind is PlayerKind.PROVISIONAL
        estimate = float(seen[i])
        steps: list[Step] = []
        if explain and provisional:
            steps.append(Step("Prior rating", p.rating, f"provisional, {p.games} games"))
        if math.isnan(estimate):
            if explain:
                steps += [*self.estimate_steps(i), Step("New rating", p.rating, "no game could be rated")]
            return PlayerOutcome(
                player=p.number, method=Method.NOT_RATED, rated_games=0, rated_score=0.0, pre_rating=p.rating,
                pre_games=p.games, post_rating=p.rating, post_games=p.games, initial_rating=p.rating,
                initial_games=p.games, games=self.lines(i, skipped=True) if explain else (),
                steps=tuple(steps),
                notes=(*notes, "not rated: no game against a rated, foreign or estimated opponent"),
            )
        count = scores.count[i]
        performance = scores.performance(i)
        assert performance is not None  # an estimate exists only with a game behind it
        prior_games = p.games or 0
        post = publish(estimate)
        lowest = rules.lowest_rating
        if lowest is not None and post < lowest:
            return self.refused_outcome(i, estimate, post, scores, steps, notes)
        if explain:
            steps.extend(self.estimate_steps(i))
            steps.append(Step("Performance", performance, f"mean of Ropp +/- {rules.performance_offset:g} "
                                                          f"over {count} games"))
            if provisional:
                steps.append(Step("Weighted average", estimate,
                                  f"({p.rating:g} x {prior_games} + {performance:.2f} x {count}) / "
                                  f"({prior_games} + {count})"))
            steps.append(Step("New rating", post, "rounded"))
        post_games = prior_games + count
        if post_games >= rules.provisional_limit:
            notes.append("becomes fully rated after this event")
        return PlayerOutcome(
            player=p.number, method=Method.PROVISIONAL if provisional else Method.PERFORMANCE,
            rated_games=count, rated_score=scores.score[i], pre_rating=p.rating, pre_games=p.games,
            post_rating=post, post_games=post_games, initial_rating=p.rating, initial_games=p.games,
            change=estimate - p.rating if provisional and p.rating is not None else None,
            expected_score=scores.expected[i], performance=performance,
            games=self.lines(i) if explain else (), steps=tuple(steps), notes=tuple(notes),
        )

    def refused_outcome(self, i: int, estimate: float, post: int, scores: _Scores, steps: list[Step],
                        notes: list[str]) -> PlayerOutcome:
        """An unrated or provisional player whose estimate rounds below the lowest rating: not
        rated, the rating as given kept; the games and the performance are shown."""
        p, lowest, explain = self.players[i], self.rules.lowest_rating, self.explain
        reason = f"estimate {estimate:.1f} rounds to {post}, below the lowest rating {lowest:g}"
        if explain:
            steps += [*self.estimate_steps(i), Step("Performance", scores.performance(i)),
                      Step("New rating", p.rating, f"not rated: {reason}")]
        return PlayerOutcome(
            player=p.number, method=Method.NOT_RATED, rated_games=scores.count[i],
            rated_score=scores.score[i], pre_rating=p.rating, pre_games=p.games, post_rating=p.rating,
            post_games=p.games, initial_rating=p.rating, initial_games=p.games,
            expected_score=scores.expected[i], performance=scores.performance(i),
            games=self.lines(i) if explain else (), steps=tuple(steps),
            notes=(*notes, f"not rated: {reason}"),
        )

    def estimate_steps(self, i: int) -> list[Step]:
        """Player i's estimate in every pass that gave one, first rating then second."""
        j = self.position[i]
        games = self.edges.count(i)
        steps = []
        for phase, history in self.history.items():
            label = phase.capitalize()
            for iteration, (values, counts) in enumerate(history, start=1):
                count = counts[j]
                if count > 0:
                    steps.append(Step(f"{label} rating, pass {iteration}: estimate", values[j],
                                      f"from {int(count)} of {games} games"))
        return steps

    # -- the event's parameters and notes -------------------------------------------------------------

    def parameters(self, first: int, second: int | None) -> tuple[tuple[str, str], ...]:
        r = self.rules
        return (
            ("K", f"{r.k_high:g} from {r.k_high_rating:g}; else {r.k_junior:g} under {r.junior_age}; "
                  f"else {r.k_new_member:g} member under {r.new_member_years} years; else {r.k_standard:g}"),
            ("Iteration threshold", f"{r.iteration_threshold:g}"),
            ("Iteration limit", str(r.iteration_limit)),
            ("Iterations, first rating", str(first)),
            ("Iterations, second rating", "not needed (no bonus)" if second is None else str(second)),
            ("Bonus", f"none if K <= {r.bonus_max_no_k:g}, games <= {r.bonus_max_no_games}, change <= "
                      f"{r.bonus_min_change:g} or rating (+ change) >= {r.bonus_rating_limit:g}; threshold "
                      f"{r.bonus_base:g} + {r.bonus_per_game:g}(n - {r.bonus_max_no_games}); x "
                      f"{r.bonus_factor:g} if K >= {r.bonus_high_k:g}; capped at {r.bonus_rating_limit:g} "
                      f"and the performance"),
            ("Provisional limit", f"{r.provisional_limit} games"),
            ("Lowest rating", "none" if r.lowest_rating is None else
             f"{r.lowest_rating:g} (an unrated or provisional player whose new rating would be lower is "
             f"not rated)"),
        )

    def notes(self, first: int, second: int | None, bonuses: dict[int, int]) -> tuple[str, ...]:
        threshold = f"no estimate moved by {self.rules.iteration_threshold:g} or more"
        notes = ["First rating: no unrated or provisional player, no iteration needed" if not first
                 else f"First rating: estimates converged after {first} iterations ({threshold})"]
        if bonuses:
            winners = ", ".join(f"{self.players[i].number} (+{b})" for i, b in bonuses.items())
            notes.append(f"Bonuses: {winners}; the event was rated a second time with them at "
                         f"rating + change + bonus")
            if second:
                notes.append(f"Second rating: estimates converged after {second} iterations ({threshold})")
        return tuple(notes)


def rate_event(
    players: Sequence[IcuPlayer],
    games: Sequence[Game],
    *,
    rules: RulesLike | None = None,
    event_type: EventType | str = "Swiss",
    start_date: date | None = None,
    end_date: date | None = None,
    event_name: str = "",
    explain: bool = True,
) -> EventOutcome:
    """Rate an event under ICU rules (the algorithm is in this module's docstring).

    ``players`` are :class:`IcuPlayer`, ``games`` each rated game once. ``rules``: ``None``
    (the ICU rules), ``"ICU"`` or an :class:`~xlrating.icu.rules.IcuRules`. ``event_type``
    is recorded (no ICU rule depends on it). K of a rated player below 2100 without an
    explicit K depends on age and membership at the event's start: ``start_date``, else
    ``end_date`` (an error names ``start_date`` if neither is given and K needs it).
    ``event_name`` names the event in a :class:`~xlrating.errors.ConvergenceError`.
    ``explain=False`` gives the same numbers with no steps and no game lines (for rating
    many events). Returns one :class:`~xlrating.model.PlayerOutcome` per player, in the
    order given.
    """
    r = get_rules(rules)
    kind = EventType.parse(event_type)
    start, end = _check.event_options(start_date, end_date, event_name, explain)
    roster = _check.items("players", players, IcuPlayer, "an IcuPlayer")
    _check.unique("players", [p.number for p in roster])
    played = _check.items("games", games, Game, "a Game")
    shared = (("Edition", r.name), ("Event type", kind.value),
              ("Start date", start.isoformat() if start else ""),
              ("End date", end.isoformat() if end else ""))
    k_date = start if start is not None else end
    with _collector_paused():
        return _Event(roster, played, k_date, r, event_name, explain, shared).rate()

