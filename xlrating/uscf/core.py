"""The numeric core of the US Chess event algorithm: an event's games seen from both
sides, and the standard formula (US Chess 2020, 4.2; US Chess 2009 and 2011, 2.3) for many
players at once.

The games are held side by side: each game once from each player's side, grouped by
player, each player's games in round order (the order the five steps read them).

Two paths compute the same numbers. A small event, and every event where numpy cannot be
imported, keeps its sides in Python lists (:class:`ListedSides`) and runs the standard
formula player by player with the one-player formula of :mod:`.standard`. A large event
keeps them in numpy arrays (:mod:`.arrays`, imported only then) and runs the formula for
all players at once, with the same floating-point operations in the same order, so the
results are identical to the last bit. :data:`VECTOR_SIDES` (explained events) and
:data:`QUIET_VECTOR_SIDES` (``explain=False``) are where numpy starts to pay (measured by
``benchmarks/bench_uscf.py --paths``); :mod:`xlrating._vector` makes the choice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .. import _vector
from ..errors import EventError
from ..model import Game, games_by_player
from .rules import UscfRules
from .standard import _work as _standard
from .standard import _Working as StandardWorking

if TYPE_CHECKING:
    from .arrays import Floats

#: From this many sides (twice the games) on, numpy pays for itself in an explained event:
#: the games are taken as arrays, the formulas run for all players at once and the outcomes
#: are built as they are read; below, game by game and player by player. Both give the same
#: numbers. Most of an explained event's time goes to its explanation, built player by
#: player either way: the two paths break even from about 1,400 sides, every outcome read,
#: and numpy is clearly ahead from about 6,000 (700 players over 9 rounds; measured:
#: ``benchmarks/bench_uscf.py --paths``).
VECTOR_SIDES = 6_000
#: The same for an event rated with ``explain=False``, where the formulas are most of the
#: work: numpy wins from about 400 sides (45 players over 9 rounds), every outcome read.
QUIET_VECTOR_SIDES = 400


class Sides(Protocol):
    """An event's games, each seen from both sides, grouped by player in round order."""

    @property
    def count(self) -> list[int]:
        """m, each player's number of games."""

    def opponents_of(self, i: int) -> list[int]:
        """Player ``i``'s opponents (positions), in round order."""

    def games_of(self, i: int) -> tuple[list[int], list[int], list[float]]:
        """Player ``i``'s rounds, opponents (positions) and scores, in round order."""

    def twice_in_a_round(self) -> list[int]:
        """The players (positions, ascending) with two games in one round."""

    def totals(self) -> tuple[list[float], list[int], list[int]]:
        """Each player's score S (whole and half points: exact in any order), wins and draws."""

    def repeated_opponents(self, most: int) -> list[bool]:
        """Whether each player met some opponent more than ``most`` times."""


@dataclass(frozen=True)
class ListedSides:
    """:class:`Sides` in Python lists, one list per player (a small event, or no numpy)."""

    opponents: list[list[int]]
    """Each player's opponents (positions in the event's list of players)."""
    rounds: list[list[int]]
    scores: list[list[float]]
    """The points each player scored, game by game."""

    @property
    def count(self) -> list[int]:
        return [len(own) for own in self.opponents]

    def opponents_of(self, i: int) -> list[int]:
        return self.opponents[i]

    def games_of(self, i: int) -> tuple[list[int], list[int], list[float]]:
        return self.rounds[i], self.opponents[i], self.scores[i]

    def twice_in_a_round(self) -> list[int]:
        return [i for i, own in enumerate(self.rounds) if len(set(own)) < len(own)]

    def totals(self) -> tuple[list[float], list[int], list[int]]:
        own = self.scores
        return [sum(s, 0.0) for s in own], [s.count(1.0) for s in own], [s.count(0.5) for s in own]

    def repeated_opponents(self, most: int) -> list[bool]:
        return [len(set(o)) < len(o) and max(map(o.count, set(o))) > most for o in self.opponents]


def take_games(numbers: list[int], games: Sequence[Game], *, explain: bool) -> Sides:
    """The games as :class:`Sides`: as arrays from :data:`VECTOR_SIDES` sides on (from
    :data:`QUIET_VECTOR_SIDES` without ``explain``), numpy permitting, else in lists. Raises
    :class:`EventError` for a game naming a player who is not in ``numbers`` and for a
    player with two games in one round."""
    sides: Sides
    if _vector.vectorised(2 * len(games), VECTOR_SIDES if explain else QUIET_VECTOR_SIDES):
        from .arrays import take_games as taken_as_arrays

        sides = taken_as_arrays(numbers, games)
    else:
        sides = _listed(numbers, games)
    _one_game_per_round(numbers, sides)
    return sides


def _listed(numbers: list[int], games: Sequence[Game]) -> ListedSides:
    """:func:`take_games` game by game, in lists."""
    position = {number: i for i, number in enumerate(numbers)}
    sides = ListedSides([[] for _ in numbers], [[] for _ in numbers], [[] for _ in numbers])
    opponents, rounds, scores = sides.opponents, sides.rounds, sides.scores
    try:
        for game in sorted(games, key=attrgetter("round")):
            first, second, rnd = position[game.player], position[game.opponent], game.round
            opponents[first].append(second)
            rounds[first].append(rnd)
            scores[first].append(game.score)
            opponents[second].append(first)
            rounds[second].append(rnd)
            scores[second].append(1.0 - game.score)
    except KeyError:
        games_by_player(numbers, games)  # raises EventError naming every missing player
        raise
    return sides


def _one_game_per_round(numbers: list[int], sides: Sides) -> None:
    twice = sides.twice_in_a_round()
    if not twice:
        return
    problems: list[str] = []
    for i in twice:
        counts = Counter(sides.games_of(i)[0])
        problems.extend(f"player {numbers[i]} has {count} games in round {rnd}"
                        for rnd, count in sorted(counts.items()) if count > 1)
    raise EventError("A player can play one game per round: " + "; ".join(problems))


class StandardStep(NamedTuple):
    """One step of the standard formula (US Chess 2020, 4.2) for the chosen players: per
    player (over all players, meaningful where chosen), per side (``expected``, on
    arrays) or as each player's working (``workings``, player by player)."""

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
    """We(R0, R_i) of each side (on arrays, kept for the explanation only)."""
    starts: Sequence[int] = ()
    """Where each player's sides begin in ``expected``."""
    workings: Sequence[StandardWorking | None] = ()
    """Each player's working (player by player)."""

    def expected_of(self, i: int) -> tuple[float, ...]:
        """We(R0, R_i) of each of player ``i``'s games, in round order."""
        if self.expected is None:
            working = self.workings[i]
            return () if working is None else working.expected
        return tuple(self.expected[self.starts[i]:self.starts[i + 1]].tolist())


def standard_step(
    rules: UscfRules,
    sides: ListedSides,
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
    """R_s = R0 + K(S - E) [+ max(0, K(S - E) - B sqrt(m'))] (US Chess 2020, 4.2) for every
    ``chosen`` player, opponents at the ratings ``seen``, player by player with the
    one-player formula of :mod:`.standard`; ``regular`` (a dual-rated event) gives the
    Regular ratings that decide the dual-rated K. (On arrays: :func:`.arrays.standard_step`.)"""
    dual = regular is not None
    opponents = sides.opponents
    workings = [_standard(rules, prior[i], effective[i], [seen[o] for o in opponents[i]], score[i], bonus,
                          multiplier, repeated[i], dual, None if regular is None else regular[i])
                if wanted else None for i, wanted in enumerate(chosen)]
    columns = list(zip(*[_UNUSED if w is None else w for w in workings], strict=True)) or [()] * len(_UNUSED)
    k, dual_k, _expected, total, change, eligible, _reason, threshold, amount, rating = columns
    return StandardStep(k, dual_k, total, change, eligible, threshold, amount, rating, workings=workings)


_UNUSED = StandardWorking(0.0, False, (), 0.0, 0.0, False, "", 0.0, 0.0, 0.0)
"""A player's working where the standard formula is not used."""
