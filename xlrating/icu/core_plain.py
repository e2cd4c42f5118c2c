"""The numeric core of an ICU event in plain Python: for small events, where numpy's fixed
cost per call outweighs its speed, and for every event wherever numpy cannot be imported.
The same numbers as :class:`~xlrating.icu.core_numpy.NumpyCore` to the last bit (see
:mod:`xlrating.icu.core`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from .._sides import listed_sides
from ..model import Game
from .core import NO_ESTIMATE, Estimates, Ratings, Scores, Skipped, given, priors
from .formulas import explain_bonus, publish
from .player import IcuPlayer, PlayerKind
from .rules import IcuRules


class PlainCore:
    """The numeric core in plain Python: each player's games as a list, each pass and each
    scoring a loop over the players and their games, in the order the rules take them."""

    def __init__(self, players: Sequence[IcuPlayer], numbers: list[int], games: Sequence[Game],
                 rules: IcuRules) -> None:
        self.rules = rules
        offset = rules.performance_offset
        delta = {s: offset * (2 * s - 1) for s in (1.0, 0.5, 0.0)}  # +400 for a win, 0 draw, -400 loss
        self.sides = sides = listed_sides(numbers, games, delta)
        """Each side counts its score as the performance's +/-400 or 0."""
        self.numbers = sides.numbers
        self.start, self.count = sides.starts, sides.count
        self.kinds, self.pre_rating, self.pre_games = given(players)
        kinds = self.kinds
        self.rated = [kind is PlayerKind.RATED for kind in kinds]
        self.estimated = [kind is PlayerKind.UNRATED or kind is PlayerKind.PROVISIONAL for kind in kinds]
        self.iterated = [i for i, estimated in enumerate(self.estimated) if estimated]
        self.rating = [NO_ESTIMATE if rating is None else rating for rating in self.pre_rating]
        self.prior = list(zip(*priors(self), strict=True))

    def fixed_ratings(self) -> list[float]:
        return [NO_ESTIMATE if estimated else rating for estimated, rating in zip(self.estimated, self.rating,
                                                                                 strict=True)]

    def at_bonus_ratings(self, seen: Ratings, rated: Scores, bonuses: dict[int, int]) -> list[float]:
        start = list(seen)
        for i, bonus in bonuses.items():
            start[i] = self.rating[i] + rated.change[i] + bonus
        return start

    # -- step 1: the estimates ------------------------------------------------------------------------

    def iterate(self, seen: Ratings, explain: bool, groups: Sequence[int] | None = None,
                only: frozenset[int] | None = None) -> Estimates:
        threshold, games = self.rules.iteration_threshold, self.sides.by_player
        work = self.work(explain, groups, only)
        first = [0] * len(seen)
        if not work:
            return Estimates(seen, seen, 0, first=first)
        settled: dict[int, float] = {}  # (grouped) each player of a settled group: as its last pass saw him
        history: list[tuple[list[float], list[int]]] = []
        values: list[float] = []
        counts: list[int] = []
        moved: list[tuple[int, float, float]] = []
        before, iteration = seen, 0
        for iteration in range(1, self.rules.iteration_limit + 1):
            # One pass: every estimate from the previous pass's values (``before``).
            before, seen, moved = seen, list(seen), []
            if explain:
                values, counts = [], []
                history.append((values, counts))
            for i, (prior_total, prior_games) in work:
                # (Ro*Go + sum(Ropp +/- 400))/(Go + Ge), Go 0 for an unrated player, over the Ge
                # games whose opponent has a rating or an estimate.
                total, count = 0.0, 0
                for opponent, _, offset, _ in games[i]:
                    rating = before[opponent]
                    if rating == rating:  # not NaN
                        total += rating + offset
                        count += 1
                value = (prior_total + total) / (prior_games + count or 1)  # Go + Ge = 0: 0.0
                if explain:
                    values.append(value)
                    counts.append(count)
                if not count:
                    continue  # no estimate yet
                old = before[i]
                if not abs(value - old) < threshold:  # a first estimate (old is NaN) is a move
                    moved.append((i, old, value))
                    if old != old:
                        first[i] = iteration
                seen[i] = value
            if groups is not None:
                work = _settle(work, groups, moved, before, settled)
                if not work:
                    break
            elif not moved:
                break
        return Estimates(seen, _as_settled(before, settled), iteration, history, first, moved)

    def work(self, explain: bool, groups: Sequence[int] | None, only: frozenset[int] | None) -> _Work:
        """The players :meth:`iterate` iterates: every unrated and provisional player, or of
        several groups (numbers only), those of the groups ``only`` names."""
        work = list(zip(self.iterated, self.prior, strict=True))
        if groups is None:
            return work
        assert not explain, "groups are rated for their numbers only"
        return [(i, prior) for i, prior in work if only is None or groups[i] in only]

    # -- steps 2 and 5: scoring -----------------------------------------------------------------------

    def score_rated(self, seen: Ratings, k: list[float | None], explain: bool) -> Scores:
        return self.score(self.rated, self.rating, seen, seen, k, explain)

    def score_others(self, final: Estimates, explain: bool) -> Scores:
        own = [estimate if estimated else rating
               for estimated, estimate, rating in zip(self.estimated, final.seen, self.rating, strict=True)]
        whose = [not rated for rated in self.rated]
        return self.score(whose, own, final.seen, final.before, None, explain)

    def score(self, whose: list[bool], own: list[float], seen_by_fixed: Ratings,
              seen_by_estimated: Ratings, k: list[float | None] | None, explain: bool) -> Scores:
        """The games of the players ``whose``: each player seen at ``own``, each opponent at
        ``seen_by_fixed`` (for a rated or foreign player) or ``seen_by_estimated`` (for an
        unrated or provisional one); a game against an opponent with no rating is skipped.
        With ``k``, each game's K(s - e) and their sum, the change."""
        scale, size = self.rules.scale, len(own)
        totals = [0.0] * size
        expected_, score_, change_ = totals, list(totals), list(totals)
        count_ = [0] * size
        performance_: list[float | None] = [None] * size
        per_side = [math.nan] * self.start[-1] if explain else []
        seen_, e_, delta_ = per_side, list(per_side), list(per_side)
        for i, mine in enumerate(self.sides.by_player):
            if not whose[i] or not mine:
                continue
            ratings = seen_by_estimated if self.estimated[i] else seen_by_fixed
            rating, factor, j = own[i], None if k is None else k[i], self.start[i]
            e_total = s_total = change = performance = 0.0
            count = 0
            for opponent, s, offset, _ in mine:
                seen = ratings[opponent]
                if seen == seen:  # not NaN: the game is rated
                    e = 1.0 / (1.0 + 10.0 ** ((seen - rating) / scale))  # formulas.expected
                    e_total += e
                    s_total += s
                    performance += seen + offset
                    count += 1
                    if factor is not None:
                        delta = factor * (s - e)
                        change += delta
                        if explain:
                            delta_[j] = delta
                    if explain:
                        seen_[j], e_[j] = seen, e
                j += 1
            expected_[i], score_[i], change_[i], count_[i] = e_total, s_total, change, count
            if count:
                performance_[i] = performance / count
        if not explain:
            return Scores(expected_, score_, change_, count_, performance_)
        return Scores(expected_, score_, change_, count_, performance_, seen_, e_, delta_)

    # -- step 5: publication --------------------------------------------------------------------------

    def published(self, seen: Ratings, rated: Scores, bonuses: dict[int, int]) -> list[int | None]:
        post: list[int | None] = [None] * len(self.rating)
        for i, (count, change, own) in enumerate(zip(rated.count, rated.change, self.rating, strict=True)):
            if count:  # a rated player's rated games (the rated scores count no one else's)
                post[i] = publish(own + change + bonuses.get(i, 0))
        for i in self.iterated:
            estimate = seen[i]
            if estimate == estimate:  # not NaN: an estimate
                post[i] = publish(estimate)
        return post

    # -- step 3: bonuses ------------------------------------------------------------------------------

    def bonus_candidates(self, scores: Scores, k: list[float | None], explain: bool) -> list[int]:
        rules, rating = self.rules, self.rating
        limit = rules.bonus_rating_limit
        played = [i for i, rated in enumerate(self.rated) if rated and scores.count[i]]
        if explain:
            return played
        return [i for i in played
                if (k[i] or 0.0) > rules.bonus_max_no_k and scores.count[i] > rules.bonus_max_no_games
                and rating[i] < limit and scores.change[i] > rules.bonus_min_change
                and rating[i] + scores.change[i] < limit]

    def bonuses(self, scores: Scores, k: list[float | None]) -> dict[int, int]:
        """Each player whom the bonus's first conditions do not refuse, worked out in turn."""
        found = {}
        for i in self.bonus_candidates(scores, k, False):
            factor, performance = k[i], scores.performances[i]
            assert factor is not None and performance is not None  # a rated player with a game
            won = explain_bonus(self.rating[i], scores.change[i], scores.count[i], factor, performance,
                                self.rules, explain=False).bonus
            if won > 0:
                found[i] = won
        return found

    # -- notes ----------------------------------------------------------------------------------------

    def skipped(self, seen: Ratings) -> Skipped:
        found: Skipped = ([], [], [])
        if not self.iterated:  # no unrated or provisional player: no game to look at
            return found
        estimated, (players, opponents, nevers) = self.estimated, found
        met: set[int] = set()  # the current player's opponents found
        for i, mine in enumerate(self.sides.by_player):
            met.clear()
            for opponent, _, _, _ in mine:
                if estimated[opponent] and opponent not in met:
                    never = math.isnan(seen[opponent])
                    if never or estimated[i]:
                        met.add(opponent)
                        players.append(i)
                        opponents.append(opponent)
                        nevers.append(never)
        return found

    def every_side(self) -> tuple[Sequence[int], Sequence[int], Sequence[float]]:
        numbers, every = self.numbers, [side for own in self.sides.by_player for side in own]
        return [r for _, _, _, r in every], [numbers[o] for o, _, _, _ in every], [s for _, s, _, _ in every]


_Work = list[tuple[int, tuple[float, int]]]
"""The players a pass iterates: each index with his prior total and games."""


def _settle(work: _Work, groups: Sequence[int], moved: list[tuple[int, float, float]], before: Ratings,
            settled: dict[int, float]) -> _Work:
    """After a pass of several groups (:meth:`PlainCore.iterate`): the players of the groups whose
    estimates still move, to iterate on; each player of a group none of whose moved is settled at
    what this pass saw him (``before``), as his group alone would have ended."""
    moving = {groups[i] for i, _, _ in moved}
    kept = []
    for i, prior in work:
        if groups[i] in moving:
            kept.append((i, prior))
        else:
            settled[i] = before[i]
    return kept


def _as_settled(before: Ratings, settled: dict[int, float]) -> Ratings:
    """``before`` with each settled player (:func:`_settle`) as his group's last pass saw him."""
    if not settled:
        return before
    return [settled.get(i, value) for i, value in enumerate(before)]
