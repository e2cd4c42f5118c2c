"""An event's games from both sides, by player in round order: what every engine's numeric
core reads, built once for all three engines.

The vocabulary, the same in every engine:

- a *side* is one game seen from one of its two players: the *player*, the *opponent*
  (both as *positions*, indices in the event's list of players), the *score* (the points
  the player scored: 1.0, 0.5 or 0.0) and the *round*; every game gives two sides;
- the sides are held *by player in round order*: player ``i``'s sides are the ``i``-th
  group (``start[i]`` to ``start[i + 1]`` where they are held in one run), and a player's
  games of one round stay in the order given, as the rules list a player's games;
- ``count`` is each player's number of games, ``numbers`` the players' numbers by position
  (the index lookup, number to position, is the builder's).

Two builders give the same sides: :func:`listed_sides` in Python lists, one list per
player (:class:`ListedSides`: a small event, and every event where numpy cannot be
imported), and :func:`xlrating._sides_numpy.array_sides` in numpy arrays, one run over
all players (:class:`~xlrating._sides_numpy.ArraySides`: a large event). :func:`sides_of`
chooses by the event's size (through :func:`xlrating._vector.vectorised`), and imports
numpy only when it takes the arrays. Both raise the same
:class:`~xlrating.errors.EventError` for a game that names a player who is not in the
event (:func:`~xlrating.model.games_by_player` names every such game);
:func:`one_game_per_round` is the check of an engine whose rules forbid two games in one
round.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Protocol

from . import _vector
from .errors import EventError
from .model import Game, games_by_player


class Sides(Protocol):
    """An event's games, each seen from both sides, by player in round order."""

    @property
    def numbers(self) -> list[int]:
        """Each player's number, by position."""

    @property
    def count(self) -> list[int]:
        """Each player's number of games."""

    @property
    def starts(self) -> list[int]:
        """Where each player's sides begin in a run of all sides; ``starts[-1]`` is the
        number of sides."""

    def opponents_of(self, i: int) -> Sequence[int]:
        """Player ``i``'s opponents (positions), in round order."""

    def games_of(self, i: int) -> tuple[Sequence[int], Sequence[int], Sequence[float]]:
        """Player ``i``'s rounds, opponents (positions) and scores, in round order."""

    def twice_in_a_round(self) -> list[int]:
        """The players (positions, ascending) with two games in one round."""

    def totals(self) -> tuple[list[float], list[int], list[int]]:
        """Each player's score (whole and half points: exact in any order), wins and draws."""

    def repeated_opponents(self, most: int) -> list[bool]:
        """Whether each player met some opponent more than ``most`` times."""


Side = tuple[int, float, Any, int]
"""One side in lists: the opponent (position), the score, the score as the engine counts it
(see :func:`listed_sides`) and the round."""

SCORES: dict[float, Any] = {1.0: 1.0, 0.5: 0.5, 0.0: 0.0}
"""Each score as itself: a side's count where the engine takes the score as it is."""


@dataclass(frozen=True)
class ListedSides:
    """:class:`Sides` in Python lists: ``by_player[i]`` is player ``i``'s sides in round order,
    each a :data:`Side` (a list of tuples: the quickest to build and to read side by side)."""

    numbers: list[int]
    by_player: list[list[Side]]

    @functools.cached_property
    def columns(self) -> tuple[list[Sequence[int]], list[Sequence[float]], list[Sequence[int]]]:
        """Each player's opponents (positions), scores and rounds, as columns of his sides."""
        opponents: list[Sequence[int]] = []
        scores: list[Sequence[float]] = []
        rounds: list[Sequence[int]] = []
        for own in self.by_player:
            if own:
                opponent, score, _, rnd = zip(*own, strict=True)
            else:
                opponent = score = rnd = ()
            opponents.append(opponent)
            scores.append(score)
            rounds.append(rnd)
        return opponents, scores, rounds

    @property
    def opponents(self) -> list[Sequence[int]]:
        """Each player's opponents (positions)."""
        return self.columns[0]

    @property
    def count(self) -> list[int]:
        return [len(own) for own in self.by_player]

    @property
    def starts(self) -> list[int]:
        found = [0]
        for own in self.by_player:
            found.append(found[-1] + len(own))
        return found

    def opponents_of(self, i: int) -> Sequence[int]:
        return self.columns[0][i]

    def games_of(self, i: int) -> tuple[Sequence[int], Sequence[int], Sequence[float]]:
        opponents, scores, rounds = self.columns
        return rounds[i], opponents[i], scores[i]

    def twice_in_a_round(self) -> list[int]:
        return [i for i, own in enumerate(self.columns[2]) if len(set(own)) < len(own)]

    def totals(self) -> tuple[list[float], list[int], list[int]]:
        own = self.columns[1]
        return [sum(s, 0.0) for s in own], [s.count(1.0) for s in own], [s.count(0.5) for s in own]

    def repeated_opponents(self, most: int) -> list[bool]:
        return [len(set(o)) < len(o) and max(map(o.count, set(o))) > most for o in self.opponents]


def listed_sides(numbers: Sequence[int], games: Sequence[Game], counted: Mapping[float, Any] = SCORES
                 ) -> ListedSides:
    """The games as :class:`ListedSides` of the players numbered ``numbers`` (in that order),
    game by game; each side holds its score as the engine counts it, ``counted[score]`` (FIDE:
    half points; ICU: the performance's +/-400). Raises :class:`~xlrating.errors.EventError`
    naming every game that names a player who is not in ``numbers``."""
    numbers = list(numbers)
    position = {number: i for i, number in enumerate(numbers)}
    by_player: list[list[Side]] = [[] for _ in numbers]
    both = {score: (score, counted[score], 1.0 - score, counted[1.0 - score]) for score in SCORES}
    try:
        for game in sorted(games, key=attrgetter("round")):  # stable: one round's games as given
            first, second, rnd = position[game.player], position[game.opponent], game.round
            if rnd.__class__ is not int:
                rnd = int(rnd)  # a whole float
            score, count, other, other_count = both[game.score]
            by_player[first].append((second, score, count, rnd))
            by_player[second].append((first, other, other_count, rnd))
    except KeyError:
        games_by_player(numbers, games)  # raises EventError naming every missing player
        raise
    return ListedSides(numbers, by_player)


def sides_of(numbers: Sequence[int], games: Sequence[Game], *, from_sides: int) -> Sides:
    """The games as :class:`Sides`: in numpy arrays from ``from_sides`` sides (twice the
    games) on, numpy permitting (:func:`xlrating._vector.vectorised`), else in lists."""
    if _vector.vectorised(2 * len(games), from_sides):
        from ._sides_numpy import array_sides

        return array_sides(numbers, games)
    return listed_sides(numbers, games)


def one_game_per_round(sides: Sides) -> None:
    """Raises :class:`~xlrating.errors.EventError` naming every player with two games in one
    round, and the round."""
    twice = sides.twice_in_a_round()
    if not twice:
        return
    problems: list[str] = []
    for i in twice:
        counts = Counter(sides.games_of(i)[0])
        problems.extend(f"player {sides.numbers[i]} has {count} games in round {rnd}"
                        for rnd, count in sorted(counts.items()) if count > 1)
    raise EventError("A player can play one game per round: " + "; ".join(problems))
