"""An event's games from both sides, by player in round order: what every engine's numeric
core reads, built once for all three engines.

The vocabulary, the same in every engine (``docs/engines.md``, "Sides"):

- a *side* is one game seen from one of its two players: the *player*, the *opponent*
  (both as *positions*, indices in the event's list of players), the *score* (the points
  the player scored: 1.0, 0.5 or 0.0) and the *round*; every game gives two sides;
- the sides are held *by player in round order*: player ``i``'s sides are the ``i``-th
  group (``starts[i]`` to ``starts[i + 1]`` in one run of all sides), and a player's games
  of one round stay in the order given, as the rules list a player's games;
- ``count`` is each player's number of games, ``numbers`` the players' numbers by position
  (the index lookup, number to position, is the builder's).

Two builders give the same sides: :func:`listed_sides` in Python lists
(:class:`ListedSides`: a small event, and every event where numpy cannot be imported), held
*by player* (a tuple per side, with the score as the engine counts it) or *by column*
(each player's opponents, scores and rounds), whichever the engine's loops read quickest;
and :func:`xlrating._sides_numpy.array_sides` in numpy arrays, one run over all players
(:class:`~xlrating._sides_numpy.ArraySides`: a large event). :func:`sides_of` chooses by
the event's size (through :func:`xlrating._vector.vectorised`), and imports numpy only when
it takes the arrays. Both raise the same :class:`~xlrating.errors.EventError` for a game
that names a player who is not in the event (:func:`~xlrating.model.games_by_player` names
every such game); :func:`one_game_per_round` is the check of an engine whose rules forbid
two games in one round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from operator import eq, itemgetter, le
from typing import Any, Protocol, cast

from . import _vector
from .errors import EventError
from .model import Game, GameColumns, checked_games, game_columns, games_by_player


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
"""One side in lists, by player: the opponent (position), the score, the score as the engine
counts it (see :func:`listed_sides`) and the round."""

Columns = tuple[list[Sequence[int]], list[Sequence[float]], list[Sequence[int]]]
"""The sides in lists, by column: each player's opponents (positions), scores and rounds."""


class ListedSides:
    """:class:`Sides` in Python lists, one list per player, held either way an engine reads
    them quickest and given the other way when asked: :attr:`by_player` (each side a
    :data:`Side`, for a loop over a player's games) or :attr:`columns` (for a column of them)."""

    def __init__(self, numbers: list[int], *, by_player: list[list[Side]] | None = None,
                 columns: Columns | None = None) -> None:
        self.numbers = numbers
        self._by_player = by_player
        self._columns = columns

    @property
    def by_player(self) -> list[list[Side]]:
        """Player ``i``'s sides in round order (from columns: each score counted as itself)."""
        if self._by_player is None:
            assert self._columns is not None
            opponents, scores, rounds = self._columns
            self._by_player = [list(zip(o, s, s, r, strict=True))
                               for o, s, r in zip(opponents, scores, rounds, strict=True)]
        return self._by_player

    @property
    def columns(self) -> Columns:
        if self._columns is None:
            opponents: list[Sequence[int]] = []
            scores: list[Sequence[float]] = []
            rounds: list[Sequence[int]] = []
            for own in self.by_player:
                opponent, score, _, rnd = zip(*own, strict=True) if own else ((), (), (), ())
                opponents.append(opponent)
                scores.append(score)
                rounds.append(rnd)
            self._columns = opponents, scores, rounds
        return self._columns

    @property
    def opponents(self) -> list[Sequence[int]]:
        """Each player's opponents (positions)."""
        return self.columns[0]

    @property
    def count(self) -> list[int]:
        return [len(own) for own in (self.columns[0] if self._by_player is None else self._by_player)]

    @property
    def starts(self) -> list[int]:
        found = [0]
        for played in self.count:
            found.append(found[-1] + played)
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
        # An opponent met more than ``most`` times leaves at most len - most distinct opponents
        # (a quick test that clears most players); then, in sorted order, such an opponent is
        # also ``most`` places on.
        return [len(set(met)) <= len(met) - most and _met_more_than(sorted(met), most)
                for met in self.opponents]


def _met_more_than(met: list[int], most: int) -> bool:
    """Whether an opponent in ``met`` (sorted) is there more than ``most`` times."""
    return any(map(eq, met, met[most:]))


def listed_sides(numbers: Sequence[int], games: Sequence[Game], counted: Mapping[float, Any] | None = None
                 ) -> ListedSides:
    """The games as :class:`ListedSides` of the players numbered ``numbers`` (in that order),
    game by game: by player, each side holding its score as the engine counts it,
    ``counted[score]`` (FIDE: half points; ICU: the performance's +/-400), or without
    ``counted`` by column (US Chess). The games are read as columns (a season's
    :class:`~xlrating.model.GameColumns` as they are). Raises :class:`~xlrating.errors.EventError`
    naming every game that names a player who is not in ``numbers``."""
    numbers = list(numbers)
    position = {number: i for i, number in enumerate(numbers)}
    try:
        rows = _in_round_order(game_columns(games))
        if counted is None:
            return ListedSides(numbers, columns=_by_column(position, len(numbers), rows))
        return ListedSides(numbers, by_player=_by_player(position, len(numbers), rows, counted))
    except KeyError:
        games_by_player(numbers, games)  # raises EventError naming every missing player
        raise


Row = tuple[int, int, int, float]
"""One game for the sides builders: its round, its two players' numbers and the first one's score."""


def _in_round_order(games: GameColumns) -> Iterable[Row]:
    """The games as :data:`Row` s, by round, one round's games in the order given."""
    rounds = games.rounds
    rows = zip(rounds, games.players, games.opponents, games.scores, strict=False)  # (columns of one length)
    if all(map(le, rounds, islice(rounds, 1, None))):
        return rows
    return sorted(rows, key=itemgetter(0))  # stable


def _by_player(position: dict[int, int], size: int, rows: Iterable[Row], counted: Mapping[float, Any]
               ) -> list[list[Side]]:
    by_player: list[list[Side]] = [[] for _ in range(size)]
    both = {score: (score, counted[score], 1.0 - score, counted[1.0 - score]) for score in (1.0, 0.5, 0.0)}
    for rnd, a, b, given in rows:
        first, second = position[a], position[b]
        if rnd.__class__ is not int:
            rnd = int(rnd)  # a whole float
        score, count, other, other_count = both[given]
        by_player[first].append((second, score, count, rnd))
        by_player[second].append((first, other, other_count, rnd))
    return by_player


def _by_column(position: dict[int, int], size: int, rows: Iterable[Row]) -> Columns:
    opponents: list[list[int]] = [[] for _ in range(size)]
    scores: list[list[float]] = [[] for _ in range(size)]
    rounds: list[list[int]] = [[] for _ in range(size)]
    for rnd, a, b, score in rows:
        first, second = position[a], position[b]
        if rnd.__class__ is not int:
            rnd = int(rnd)  # a whole float
        opponents[first].append(second)
        rounds[first].append(rnd)
        scores[first].append(score)
        opponents[second].append(first)
        rounds[second].append(rnd)
        scores[second].append(1.0 - score)
    return cast(Columns, (opponents, scores, rounds))


def checked_columns(games: Any) -> GameColumns:
    """An engine's ``games`` argument checked as :func:`~xlrating.model.checked_games` checks it
    and read as :class:`~xlrating.model.GameColumns` (the sides builders' input) at once: a list
    or tuple of games that are all :class:`~xlrating.model.Game` itself is checked in the
    pass that reads their rounds (at 45,000 games, 0.4 ms less than a pass of ``isinstance``
    and the reading; measured); anything else (a season's columns, a subclass of ``Game``, an
    item that is not a game, another kind of sequence) as before, with the same messages."""
    if games.__class__ is list or games.__class__ is tuple:
        rounds = [game.round for game in games if game.__class__ is Game]
        if len(rounds) == len(games):
            return GameColumns(rounds, [game.player for game in games], [game.opponent for game in games],
                               [game.score for game in games])
    return game_columns(checked_games(games))


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
