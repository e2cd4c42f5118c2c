"""An event's sides in numpy arrays (:class:`ArraySides`), for a large event: imported only
when :func:`xlrating._sides.sides_of` takes the arrays. The same sides, in the same order,
as :func:`xlrating._sides.listed_sides` gives in lists (see :mod:`xlrating._sides` for the
vocabulary).
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from .model import Game, game_columns, games_by_player

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Index = npt.NDArray[np.intp]
"""Positions: numpy's own index type, which it gathers and counts by (``bincount``) without a
conversion (in 32 bits they would take half the memory, but each gather about three times as
long)."""
Rounds = npt.NDArray[np.int32]
"""Rounds (they fit in 32 bits: at most 10**9), half the memory of ``Ints``."""
Flags = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class ArraySides:
    """:class:`~xlrating._sides.Sides` in numpy arrays, one run over all players: player
    ``i``'s sides are the entries ``start[i]`` to ``start[i + 1]``.

    The sides are put by player (``player``, ``opponent``, ``score``, ``round``) when one of
    these is first read; until then the games are held as given (and let go once the sides
    are put so). A sum over every side, which needs no order (a FIDE event's numbers without
    explanations), reads them as :meth:`in_any_order` gives them and never sorts them: 5.1 ms
    instead of 6.6 for the sides of the 10,000-player Swiss of ``benchmarks/bench_fide.py``."""

    numbers: list[int]
    played: Ints
    """Each player's number of games."""
    count: list[int]
    """``played`` as a list."""
    games: tuple[Index, Index, Floats, Rounds] | None = field(default=None, repr=False, compare=False)
    """The games as given, until the sides are put by player (then ``None``): each game's
    first and second player (positions), the first one's score and the round."""

    def in_any_order(self) -> tuple[Index, Index, Floats]:
        """Every side's player, opponent and score, in an order of their own: each game's two
        sides together, the games as given, or by player once the sides are put so."""
        if self.games is None:
            return self.player, self.opponent, self.score
        first, second, scores, _ = self.games
        return _both(first, second), _both(second, first), _both(scores, 1.0 - scores)

    def in_round_order(self) -> tuple[Index, Index, Floats]:
        """Every side's player, opponent and score, the games in round order (those of one round
        in the order given), each game's two sides together, or by player once the sides are put
        so: each player's sides come in the order :attr:`player` gives them, so a sum per player
        that adds them in the order given (``numpy.bincount`` with weights) gives the same result
        to the last bit, with no sort by player (the ICU numbers without explanations)."""
        if self.games is None:
            return self.player, self.opponent, self.score
        first, second, scores, _ = _by_round(self.games)
        return _both(first, second), _both(second, first), _both(scores, 1.0 - scores)

    def _put_by_player(self) -> dict[str, Any]:
        """The sides by player in round order (a player's games of one round in the order
        given), each field held from now on; the games as given are let go."""
        assert self.games is not None
        first, second, scores, rounds = _by_round(self.games)
        by_player = stable_order(_both(first, second))
        found = {"player": np.repeat(np.arange(len(self.count), dtype=np.intp), self.played),
                 "opponent": _both(second, first)[by_player],
                 "score": _both(scores, 1.0 - scores)[by_player], "round": _both(rounds, rounds)[by_player]}
        self.__dict__.update(found)
        object.__setattr__(self, "games", None)
        return found

    @functools.cached_property
    def player(self) -> Index:
        """The side's player (position)."""
        return self._put_by_player()["player"]  # type: ignore[no-any-return]

    @functools.cached_property
    def opponent(self) -> Index:
        """The opponent's position."""
        return self._put_by_player()["opponent"]  # type: ignore[no-any-return]

    @functools.cached_property
    def score(self) -> Floats:
        """The points the side's player scored."""
        return self._put_by_player()["score"]  # type: ignore[no-any-return]

    @functools.cached_property
    def round(self) -> Rounds:
        return self._put_by_player()["round"]  # type: ignore[no-any-return]

    @functools.cached_property
    def start(self) -> Ints:
        """Where each player's sides begin; ``start[-1]`` is the number of sides."""
        start = np.zeros(len(self.count) + 1, np.int64)
        np.cumsum(self.played, out=start[1:])
        return start

    @functools.cached_property
    def starts(self) -> list[int]:
        """``start`` as a list."""
        return self.start.tolist()  # type: ignore[no-any-return]

    def opponents_of(self, i: int) -> list[int]:
        return self.opponent[self.starts[i]:self.starts[i + 1]].tolist()  # type: ignore[no-any-return]

    def games_of(self, i: int) -> tuple[list[int], list[int], list[float]]:
        part = slice(self.starts[i], self.starts[i + 1])
        return self.round[part].tolist(), self.opponent[part].tolist(), self.score[part].tolist()

    def twice_in_a_round(self) -> list[int]:
        clash = (self.player[1:] == self.player[:-1]) & (self.round[1:] == self.round[:-1])
        return sorted(set(self.player[1:][clash].tolist()))

    def totals(self) -> tuple[list[float], list[int], list[int]]:
        score, wins, draws = self.total_arrays()
        return score.tolist(), wins.tolist(), draws.tolist()

    def total_arrays(self) -> tuple[Floats, Ints, Ints]:
        """:meth:`totals` as arrays: each player's results counted at once (losses, draws,
        wins: 0, 1, 2 half points), the score being wins + draws / 2 (exact)."""
        size = len(self.count)
        halves = (2.0 * self.score).astype(np.int64)
        keys = self.player.astype(np.int64, copy=False) * 3 + halves
        counts = np.bincount(keys, minlength=3 * size).reshape(size, 3)
        wins, draws = counts[:, 2], counts[:, 1]
        return wins + 0.5 * draws, wins, draws

    def repeated_opponents(self, most: int) -> list[bool]:
        return self.repeated_flags(most).tolist()  # type: ignore[no-any-return]

    def repeated_flags(self, most: int) -> Flags:
        """:meth:`repeated_opponents` as an array: every side's pair (player, opponent) as one
        number, sorted; a pair that is also ``most`` places on was met more than ``most`` times
        (each player's own sides mark him)."""
        size = len(self.count)
        if size * size < 1 << 31:  # the pairs fit in 32 bits: half the sorting
            keys = np.sort(self.player.astype(np.int32) * np.int32(size) + self.opponent.astype(np.int32))
        else:
            keys = np.sort(self.player.astype(np.int64) * size + self.opponent)
        often = keys[most:][keys[most:] == keys[:len(keys) - most]]  # a pair met more than most times
        result = np.zeros(size, dtype=np.bool_)
        result[often // size] = True
        return result


def array_sides(numbers: Sequence[int], games: Sequence[Game]) -> ArraySides:
    """The games as :class:`ArraySides` of the players numbered ``numbers`` (in that order), by
    sorting arrays; the games are read as columns (a season's
    :class:`~xlrating.model.GameColumns` as they are). Raises :class:`~xlrating.errors.EventError`
    naming every game that names a player who is not in ``numbers``."""
    numbers = list(numbers)
    size = len(numbers)
    columns = game_columns(games)
    ends = _positions(numbers, columns.players, columns.opponents)
    if ends is None:
        games_by_player(numbers, games)  # raises EventError naming every missing player
        raise AssertionError("a game names a player who is not in the event")
    first, second = ends
    scores = packed(columns.scores, "d")
    played = (np.bincount(first, minlength=size) + np.bincount(second, minlength=size)).astype(np.int64)
    return ArraySides(numbers, played, played.tolist(), (first, second, scores, _rounds(columns.rounds)))


def _by_round(games: tuple[Index, Index, Floats, Rounds]) -> tuple[Index, Index, Floats, Rounds]:
    """The games (first and second player, the first one's score, the round) in round order,
    those of one round in the order given."""
    first, second, scores, rounds = games
    if len(rounds) and (rounds[1:] < rounds[:-1]).any():  # entered out of round order
        order = stable_order(rounds)
        first, second, scores, rounds = first[order], second[order], scores[order], rounds[order]
    return first, second, scores, rounds


def _both(first: npt.NDArray[Any], second: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Each game's two sides together: ``first`` and ``second`` (one value a game) interleaved."""
    found = np.empty(2 * len(first), first.dtype)
    found[0::2], found[1::2] = first, second
    return found


def packed(values: Sequence[Any], code: str) -> npt.NDArray[Any]:
    """Python numbers as a (read-only) array by the :mod:`struct` code ``code``: ``"d"`` floats,
    each as ``float`` makes it, or ``"q"`` whole numbers. One C loop (:func:`struct.pack`), at
    about two thirds of the time of ``np.fromiter`` (measured: a 10,000-player event's 45,000
    scores 0.24 ms against 0.46; its players' peaks 0.09 ms against 0.14, their lifetime wins
    0.09 against 0.14), where the numbers are small or shared; many large whole numbers, each
    its own object (the games' pairing numbers), take longer so than by ``np.fromiter``."""
    return np.frombuffer(struct.pack(f"{len(values)}{code}", *values), np.dtype(code))


def _rounds(values: list[int]) -> Rounds:
    """The rounds as an array: through ``bytes`` (a third of the time of ``np.fromiter``) when
    every round is an int below 256, as nearly always."""
    try:
        return np.frombuffer(bytes(values), np.uint8).astype(np.int32)
    except (ValueError, TypeError):  # a round above 255, or given as a whole float
        return np.fromiter(values, np.int32, len(values))


def _positions(numbers: list[int], *wanted: list[int]) -> list[Index] | None:
    """The position in ``numbers`` of each number in each list of ``wanted`` numbers, or
    ``None`` if one is not there: by a table from number to position where the numbers are
    small (pairing numbers nearly always are), else by binary search."""
    size = len(numbers)
    columns = [np.fromiter(values, np.int64, len(values)) for values in wanted]
    if not size:
        return [c.astype(np.intp) for c in columns] if not any(len(c) for c in columns) else None
    known = np.fromiter(numbers, np.int64, size)
    highest = int(known.max())
    found: list[Index] = []
    if highest <= 4 * size + 64:
        table = np.full(highest + 2, -1, dtype=np.intp)  # the last entry: every number above the highest
        table[known] = np.arange(size, dtype=np.intp)
        for values in columns:
            at = table[np.minimum(values, highest + 1)]
            if (at < 0).any():
                return None
            found.append(at)
        return found
    sorter = np.argsort(known, kind="stable")
    ordered = known[sorter]
    for values in columns:
        at = np.minimum(np.searchsorted(ordered, values), size - 1)
        if not (ordered[at] == values).all():
            return None
        found.append(sorter[at])
    return found


def stable_order(keys: npt.NDArray[np.integer[Any]]) -> Ints:
    """The indices that sort ``keys`` (whole numbers from 0), equal keys in their given
    order. Each key and its index are made one number, ``key * 2**bits + index``: these are
    all distinct, so numpy's sort (its default, vectorised where the processor allows) puts
    them in the one order there is, which is the stable order of the keys, and the indices
    are read off their low bits. In 32 bits where they fit (the sides of a 10,000-player
    event: 0.2 ms, where numpy's radix argsort of the 16-bit keys took 0.58), else in 64;
    numpy's stable argsort for keys too wide for either."""
    size = len(keys)
    if not size:
        return np.arange(0)
    bits = max(size - 1, 1).bit_length()  # enough for every index
    highest = int(keys.max())
    for kind, width in ((np.int32, 31), (np.int64, 63)):
        if highest < 1 << (width - bits):
            packed: npt.NDArray[np.signedinteger[Any]] = keys.astype(kind)
            packed <<= bits
            index: npt.NDArray[np.signedinteger[Any]] = np.arange(size, dtype=kind)
            packed |= index
            packed.sort()
            packed &= (1 << bits) - 1
            return packed.astype(np.intp, copy=False)
    return np.argsort(keys, kind="stable")
