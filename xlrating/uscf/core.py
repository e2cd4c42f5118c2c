"""The numeric core of the US Chess event algorithm: an event's games as arrays, and the
standard formula (2020 rules, 4.2; 2009/2011 rules, 2.3) for many players at once.

The games are held side by side: each game once from each player's side, grouped by
player, each player's games in round order (the order the five steps read them).

Every number is computed with the same floating-point operations, in the same order, as
the one-player formula of :mod:`.standard`, so the results are identical to the last bit:
each winning expectancy's power of ten is Python's own ``10.0 ** x`` (the C library's
``pow``; numpy's vectorised power may differ in the last bit on some processors), and a
player's expected score is summed game by game in round order, as ``sum`` does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate, pairwise, repeat
from operator import attrgetter

import numpy as np
import numpy.typing as npt

from ..errors import EventError
from ..model import Game, games_by_player
from .formulas import _k
from .rules import UscfRules
from .standard import _work as _standard
from .standard import _Working as StandardWorking

#: From this many sides (twice the games) on, the games are taken and the standard formula
#: runs vectorised; below, game by game and player by player (numpy's fixed costs would
#: dominate). Both give the same numbers.
VECTOR_SIDES = 1000

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Index = npt.NDArray[np.int32]
"""Positions and rounds (they fit in 32 bits: at most 10**9), half the memory of ``Ints``."""
Flags = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Sides:
    """An event's games, each seen from both sides, grouped by player in round order.

    Player ``i``'s games are the entries ``start[i]`` to ``start[i + 1]`` of the arrays.
    """

    player: Index
    """The side's player (position in the event's list of players)."""
    opponent: Index
    """The opponent's position."""
    score: Floats
    """The points the side's player scored."""
    round: Index
    start: Ints
    """Where each player's games begin; ``start[-1]`` is the number of sides."""
    count: Ints
    """m, each player's number of games."""
    starts: list[int]
    """``start`` as a list."""
    opponents: list[int] | None = None
    """``opponent`` as a list, for a small event (taken game by game)."""
    rounds: list[int] | None = None
    """``round`` as a list, for a small event."""
    scores: list[float] | None = None
    """``score`` as a list, for a small event."""

    def of(self, i: int) -> slice:
        """Player ``i``'s entries."""
        return slice(self.starts[i], self.starts[i + 1])

    def opponents_of(self, i: int) -> list[int]:
        """Player ``i``'s opponents (positions), in round order."""
        part = self.of(i)
        return self.opponent[part].tolist() if self.opponents is None else self.opponents[part]

    def games_of(self, i: int) -> tuple[list[int], list[int], list[float]]:
        """Player ``i``'s rounds, opponents (positions) and scores, in round order."""
        part = self.of(i)
        if self.opponents is None or self.rounds is None or self.scores is None:
            return self.round[part].tolist(), self.opponent[part].tolist(), self.score[part].tolist()
        return self.rounds[part], self.opponents[part], self.scores[part]


def take_games(numbers: list[int], games: tuple[Game, ...]) -> Sides:
    """The games as :class:`Sides`. Raises :class:`EventError` for a game naming a player
    who is not in ``numbers`` and for a player with two games in one round."""
    sides = _sorted(numbers, games) if 2 * len(games) >= VECTOR_SIDES else _listed(numbers, games)
    _one_game_per_round(numbers, sides)
    return sides


def _listed(numbers: list[int], games: tuple[Game, ...]) -> Sides:
    """:func:`take_games` game by game (a small event)."""
    position = {number: i for i, number in enumerate(numbers)}
    if any(g.player not in position or g.opponent not in position for g in games):
        games_by_player(numbers, games)  # raises EventError naming every missing player
    by_player: list[list[tuple[int, int, int, float]]] = [[] for _ in numbers]
    for game in sorted(games, key=attrgetter("round")):
        first, second = position[game.player], position[game.opponent]
        by_player[first].append((first, second, game.round, game.score))
        by_player[second].append((second, first, game.round, 1.0 - game.score))
    rows = [row for own in by_player for row in own]
    count = [len(own) for own in by_player]
    starts = [0, *accumulate(count)]
    player, opponent, rnd, score = (list(column) for column in zip(*rows, strict=True)) if rows else ([],) * 4
    return Sides(np.array(player, np.int32), np.array(opponent, np.int32), np.array(score, np.float64),
                 np.array(rnd, np.int32), np.array(starts, np.int64), np.array(count, np.int64), starts,
                 opponents=opponent, rounds=rnd, scores=score)


def _sorted(numbers: list[int], games: tuple[Game, ...]) -> Sides:
    """:func:`take_games` by sorting arrays (a large event)."""
    size = len(numbers)
    known = np.array(numbers, dtype=np.int64)
    sorter = np.argsort(known, kind="stable")
    ordered = known[sorter]

    def positions(values: list[int]) -> tuple[Ints, bool]:
        wanted = np.array(values, dtype=np.int64)
        if not size:
            return wanted, not values
        at = np.minimum(np.searchsorted(ordered, wanted), size - 1)
        return sorter[at], bool((ordered[at] == wanted).all())

    first, first_known = positions([g.player for g in games])
    second, second_known = positions([g.opponent for g in games])
    if not (first_known and second_known):
        games_by_player(numbers, games)  # raises EventError naming every missing player
    rounds = np.array([g.round for g in games], dtype=np.int64)
    scores = np.array([g.score for g in games], dtype=np.float64)
    order = np.argsort(rounds, kind="stable")
    first, second, rounds, scores = first[order], second[order], rounds[order], scores[order]
    player, opponent = np.empty(2 * len(games), np.int64), np.empty(2 * len(games), np.int64)
    score, rnd = np.empty(2 * len(games), np.float64), np.empty(2 * len(games), np.int64)
    player[0::2], player[1::2] = first, second
    opponent[0::2], opponent[1::2] = second, first
    score[0::2], score[1::2] = scores, 1.0 - scores
    rnd[0::2], rnd[1::2] = rounds, rounds
    by_player = np.argsort(player, kind="stable")
    player, opponent, score, rnd = player[by_player], opponent[by_player], score[by_player], rnd[by_player]
    count = np.bincount(player, minlength=size).astype(np.int64)
    start = np.zeros(size + 1, np.int64)
    np.cumsum(count, out=start[1:])
    narrow = np.int32
    return Sides(player.astype(narrow), opponent.astype(narrow), score, rnd.astype(narrow), start, count,
                 start.tolist())


def _one_game_per_round(numbers: list[int], sides: Sides) -> None:
    if sides.rounds is not None:
        rounds = sides.rounds
        twice = [i for i, (a, b) in enumerate(pairwise(sides.starts)) if len(set(rounds[a:b])) < b - a]
    else:
        clash = (sides.player[1:] == sides.player[:-1]) & (sides.round[1:] == sides.round[:-1])
        twice = sorted(set(sides.player[1:][clash].tolist()))
    if not twice:
        return
    problems: list[str] = []
    for i in twice:
        counts = Counter(sides.games_of(i)[0])
        problems.extend(f"player {numbers[i]} has {count} games in round {rnd}"
                        for rnd, count in sorted(counts.items()) if count > 1)
    raise EventError("A player can play one game per round: " + "; ".join(problems))


def sums_in_order(values: Floats, sides: Sides) -> Floats:
    """Each player's sum of ``values`` (one per side), added game by game in round order
    (as Python's ``sum`` adds a player's values, so to the last bit)."""
    total = np.zeros(len(sides.count))
    for j in range(int(sides.count.max(initial=0))):
        rows = np.flatnonzero(sides.count > j)
        total[rows] += values[sides.start[rows] + j]
    return total


def repeated_opponents(sides: Sides, most: int) -> list[bool]:
    """Whether each player met some opponent more than ``most`` times (no bonus, 4.2)."""
    size = len(sides.count)
    if len(sides.player) < VECTOR_SIDES:
        met = [sides.opponents_of(i) for i in range(size)]
        return [len(set(o)) < len(o) and max(map(o.count, set(o))) > most for o in met]
    keys = sides.player.astype(np.int64) * max(size, 1) + sides.opponent
    pairs, counts = np.unique(keys, return_counts=True)
    result = np.zeros(size, dtype=np.bool_)
    result[pairs[counts > most] // max(size, 1)] = True
    return result.tolist()  # type: ignore[no-any-return]


@dataclass(frozen=True)
class StandardStep:
    """One step of the standard formula (2020 rules, 4.2) for the chosen players: per
    player (over all players, meaningful where chosen), per side (``expected``, vectorised)
    or as each player's working (``workings``, player by player)."""

    k: Sequence[float]
    dual_rated_k: Sequence[bool]
    """Whether the dual-rated K above 2200 was used."""
    expected_score: Sequence[float]
    """E = the sum of a player's We."""
    change: Sequence[float]
    """K(S - E)."""
    eligible: Sequence[bool]
    """Whether the bonus formula applies (m >= 3, no opponent met more than twice, bonus wanted)."""
    threshold: Sequence[float]
    """B sqrt(m'), m' = max(m, 4)."""
    bonus: Sequence[float]
    rating: Sequence[float]
    """R0 + K(S - E) + bonus."""
    expected: Floats | None = None
    """We(R0, R_i) of each side (vectorised)."""
    workings: Sequence[StandardWorking | None] = ()
    """Each player's working (player by player)."""


def standard_step(
    rules: UscfRules,
    sides: Sides,
    chosen: list[bool],
    prior: list[float],
    effective: list[float],
    score: list[float],
    seen: list[float],
    *,
    bonus: bool,
    multiplier: float,
    repeated: list[bool],
    regular: list[float | None] | None,
) -> StandardStep:
    """R_s = R0 + K(S - E) [+ max(0, K(S - E) - B sqrt(m'))] (2020 rules, 4.2) for every
    ``chosen`` player, opponents at the ratings ``seen``; ``regular`` (a dual-rated event)
    gives the Regular ratings that decide the dual-rated K."""
    run = _vectorised if len(sides.player) >= VECTOR_SIDES else _player_by_player
    return run(rules, sides, chosen, prior, effective, score, seen, bonus, multiplier, repeated, regular)


def _player_by_player(rules: UscfRules, sides: Sides, chosen: list[bool], prior: list[float],
                      effective: list[float], score: list[float], seen: list[float], bonus: bool,
                      multiplier: float, repeated: list[bool],
                      regular: list[float | None] | None) -> StandardStep:
    """:func:`standard_step` by the one-player formula of :mod:`.standard`."""
    dual = regular is not None
    met = [sides.opponents_of(i) for i in range(len(chosen))]
    workings = [_standard(rules, prior[i], effective[i], [seen[o] for o in met[i]], score[i], bonus,
                          multiplier, repeated[i], dual, None if regular is None else regular[i])
                if wanted else None for i, wanted in enumerate(chosen)]
    columns = list(zip(*[_UNUSED if w is None else w for w in workings], strict=True)) or [()] * len(_UNUSED)
    k, dual_k, _expected, total, change, eligible, _reason, threshold, amount, rating = columns
    return StandardStep(k, dual_k, total, change, eligible, threshold, amount, rating, workings=workings)


_UNUSED = StandardWorking(0.0, False, (), 0.0, 0.0, False, "", 0.0, 0.0, 0.0)
"""A player's working where the standard formula is not used."""


def _vectorised(rules: UscfRules, sides: Sides, chosen_list: list[bool], prior_list: list[float],
                effective_list: list[float], score_list: list[float], seen_list: list[float], bonus: bool,
                multiplier: float, repeated_list: list[bool],
                regular: list[float | None] | None) -> StandardStep:
    """:func:`standard_step` on arrays, every operation as the one-player formula does it."""
    chosen, repeated = np.array(chosen_list, dtype=np.bool_), np.array(repeated_list, dtype=np.bool_)
    prior, effective = np.array(prior_list), np.array(effective_list)
    score, seen = np.array(score_list), np.array(seen_list)
    m = sides.count
    own = chosen[sides.player]
    we = 1.0 / (1.0 + _powers_of_ten((seen[sides.opponent[own]] - prior[sides.player[own]]) / rules.we_scale))
    expected = np.zeros(len(sides.player))
    expected[own] = we
    total = sums_in_order(expected, sides)
    games = np.where(chosen, effective + m, 1.0)  # N' + m; 1 where unused, to divide safely
    plain = rules.k_numerator / games
    k = _dual_rated_k(rules, plain, chosen, effective, m, regular)
    change = k * (score - total)
    eligible = chosen & (m >= rules.bonus_min_games) & ~repeated if bonus else np.zeros_like(chosen)
    threshold = multiplier * np.sqrt(np.maximum(m, rules.bonus_min_m_prime).astype(np.float64))
    excess = change - threshold
    amount = np.where(eligible & (excess > 0.0), excess, 0.0)
    return StandardStep(k.tolist(), (k != plain).tolist(), total.tolist(), change.tolist(), eligible.tolist(),
                        threshold.tolist(), amount.tolist(), (prior + change + amount).tolist(),
                        expected=expected)


def _powers_of_ten(exponents: Floats) -> Floats:
    """10^x for each x, by Python's own power (see the module's docstring), a block at a
    time (the Python floats of a block are all alive at once)."""
    result: Floats = np.empty(len(exponents))
    for at in range(0, len(exponents), _BLOCK):
        result[at:at + _BLOCK] = list(map(pow, repeat(10.0), exponents[at:at + _BLOCK].tolist()))
    return result


_BLOCK = 4096


def _dual_rated_k(rules: UscfRules, plain: Floats, chosen: Flags, effective: Floats, m: Ints,
                  regular: list[float | None] | None) -> Floats:
    """K: the plain K, or the dual-rated K (2020 rules, 4.2) where it applies."""
    dual = rules.dual_rated_k
    if dual is None or regular is None:
        return plain
    k: Floats = plain.copy()
    for i in np.flatnonzero(chosen).tolist():
        rating = regular[i]
        if rating is not None and rating > dual.low:
            k[i] = _k(rules, float(effective[i]), int(m[i]), rating, True)
    return k
