"""The numeric core of a FIDE event in plain Python: for small events, where numpy's fixed
cost per call outweighs its speed, and for every event wherever numpy cannot be imported.
The same integers as :class:`~xlrating.fide.core_numpy.NumpyCore` (see :mod:`xlrating.fide.core`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from .._sides import ListedSides
from .core import (
    LAST_ROW,
    PD_HIGH,
    PD_LOW,
    Change,
    Line,
    RatedChanges,
    RatedSums,
    given_k_within,
    new_rating,
    round_half_away,
)
from .player import FidePlayer
from .rating import k_limit, k_rule
from .rules import FideRules
from .tables import DP_TABLE
from .unrated import NewPlayerRating, new_player_of_sums

_DP: dict[int, int | None] = dict(DP_TABLE)
HALVES = {1.0: 2, 0.5: 1, 0.0: 0}
"""A score in half points."""


class PlainCore:
    """The numeric core in Python lists: each player's games a list, each step a loop over the
    players and their games, in the order the rules take them. The sides count each score in
    half points (``listed_sides(numbers, games, HALVES)``)."""

    def __init__(self, sides: ListedSides, edition: FideRules, on: date, players: Sequence[FidePlayer],
                 units: list[int], cap: list[int], is_rated: list[bool], scale: int) -> None:
        self.sides, self.edition, self.on, self.players = sides, edition, on, players
        self.units, self.cap, self.is_rated, self.scale = units, cap, is_rated, scale

    def lines(self, i: int) -> list[Line]:
        return [(r, o, h) for o, _, h, r in self.sides.by_player[i]]

    def rated_sums(self, seen: list[int], counts: list[bool]) -> RatedSums:
        """FIDE Handbook 10.51 game by game: D, rounded and capped; PD from table (b); the sums."""
        scale, sides = self.scale, self.sides
        games, halves, pd, excess, opponents, capped = [], [], [], [], [], []
        side_pd: list[list[int]] = []
        for own, limit, own_sides in zip(self.units, self.cap, sides.by_player, strict=True):
            over = limit * scale
            row_limit = limit if limit < LAST_ROW else LAST_ROW
            counted = score = pd_sum = excess_sum = opponent_sum = capped_sum = 0
            pds = []
            for o, _, halves_won, _ in own_sides:
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
                         capped=capped, score=[h / 2 for h in halves], expected=[e / 100 for e in pd],
                         seen=seen, side_pd=side_pd.__getitem__)

    def new_ratings(self, sums: RatedSums, explain: bool) -> dict[int, NewPlayerRating]:
        """One new player at a time."""
        return new_ratings_one_by_one(self.edition, self.players, self.is_rated, self.sides.count, sums,
                                      self.scale, explain)

    def rated_changes(self, sums: RatedSums) -> RatedChanges:
        """One rated player at a time."""
        return changes_one_by_one(self.edition, self.on, self.players, self.is_rated, self.units, sums,
                                  self.scale)


def changes_one_by_one(edition: FideRules, on: date, players: Sequence[FidePlayer], is_rated: list[bool],
                       units: list[int], sums: RatedSums, scale: int) -> RatedChanges:
    """Every rated player's K and change over ``sums``, one player at a time: the plain core's
    step, and the numpy core's where a number would not be exact in a machine integer."""
    size = len(players)
    k, k_unit, k_rule_, unit, rating, raw, post = ([0] * size for _ in range(7))
    k_value, post_rating, change = [0.0] * size, [0.0] * size, [0.0] * size
    performance: list[float | None] = [None] * size
    noted = []
    floor = edition.rating_floor
    for i, player in enumerate(players):
        games = sums.games[i]
        if not is_rated[i] or not games:
            continue
        (k[i], k_unit[i]), k_rule_[i] = k_of(edition, on, player, games)
        k_value[i] = k[i] / k_unit[i]
        found = change_of(edition, units[i], scale, (k[i], k_unit[i]), sums.excess[i])
        unit[i], rating[i], raw[i], post[i] = found.unit, found.rating, found.raw, found.post
        post_rating[i] = found.post / found.unit
        change[i] = (found.post - found.rating) / found.unit
        points = games * scale
        dp = _DP.get(50 + round_half_away((sums.halves[i] - games) * 50, games))
        performance[i] = None if dp is None else (sums.opponents[i] + dp * points) / points
        if (units[i] < floor * scale or k[i] < k_rule_[i] or sums.capped[i]
                or found.post < floor * found.unit):
            noted.append(i)
    return RatedChanges(k=k, k_unit=k_unit, k_value=k_value, k_rule=k_rule_, unit=unit, rating=rating,
                        raw=raw, post=post, post_rating=post_rating, change=change, performance=performance,
                        noted=noted)


def new_ratings_one_by_one(edition: FideRules, players: Sequence[FidePlayer], is_rated: list[bool],
                           played: list[int], sums: RatedSums, scale: int, explain: bool
                           ) -> dict[int, NewPlayerRating]:
    """Every new player's Ru from his sums, one player at a time
    (:func:`~xlrating.fide.unrated.new_player_of_sums`): the plain core's step, and the numpy
    core's with explanations or where a number would not be exact in a machine integer."""
    return {i: new_player_of_sums(edition, sums.games[i], sums.halves[i], (sums.opponents[i], scale),
                                  skipped=played[i] - sums.games[i], first_event=not players[i].games,
                                  explain=explain)
            for i, rated in enumerate(is_rated) if not rated}


def k_of(edition: FideRules, on: date, player: FidePlayer, games: int) -> tuple[tuple[int, int], int]:
    """K as ``(numerator, denominator)`` (10.52; 2024 regulations, 8.3.3, with the 700 rule over
    the event's games), and K by the rules before the 700 rule (0 for a K given by the user)."""
    if player.k is not None:
        return given_k_within(edition, player.k, games)
    assert player.rating is not None
    k = k_rule(edition, player.rating, player.games, player.highest_rating, player.birth_date, on)[0]
    return (k_limit(edition, k, games), 1), k


def change_of(edition: FideRules, units: int, scale: int, k: tuple[int, int], excess: int) -> Change:
    """K x sum(score - PD) (10.5) for a player rated ``units`` (of ``1/scale``), and the new
    rating as the edition rounds it: 2024 rounds the change (8.3.4), the handbook the new
    rating (10.53)."""
    unit = scale * 100 * k[1]
    rating = units * 100 * k[1]
    raw = k[0] * excess * scale
    return Change(k, unit, raw, new_rating(edition, rating, raw, unit, round_half_away), rating)
