"""A FIDE rating period's totals by the players' positions in the season's working list, in plain
Python (:class:`PlainTotals`), the protocol (:class:`Totals`) that :mod:`._fide_totals_numpy` also
implements on numpy arrays for a large period, and the arithmetic both share.

A period (:class:`xlrating.lists.fide._Period`) rates every event from the ratings at its start
and closes once (FIDE Rating Regulations 2024, 8.3; FIDE Handbook B.02, 10.5): until then it adds
up, for each player by his position, the games against opponents rated at the start of the period
(the 700 rule, 8.3.3), each rated player's exact change (K x sum(score - PD), in hundredths of a
point: half points and PD hundredths are whole numbers) and rated games, and the events played.
At its close each rated player's list rating is his start rating plus the period's change, rounded
once (:func:`rounded`), and his games, highest rating and events follow. The two implementations
give the same numbers, of the same Python types, to the last bit
(``tests/test_lists_fide_totals.py``); numpy is not needed to rate (a Python without it rates
every period here).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, deque
from collections.abc import Iterable, MutableSequence, Sequence
from fractions import Fraction
from itertools import repeat
from operator import itemgetter
from typing import Any, Protocol

from ..fide import FideRules
from ..fide.rating import exact, k_limit, k_rule
from ..fide.tables import round_half_away
from ..model import GameColumns, Method

Lines = dict[int, tuple[list[float | None], list[float]]]
"""Each unrated player's opponents (at the start of the period) and scores, by pairing number - 1."""

FROM_SIDES = 1_000
"""The period size (game sides, twice its games) from which its totals are kept on numpy arrays
(:mod:`._fide_totals_numpy`): below it numpy's fixed cost per wave outweighs its speed (a period
of the benchmark's year, best of seven: 432 sides 9.85 ms plain, 9.99 on arrays; 1,088 sides 18.7
and 18.2)."""


class Totals(Protocol):
    """The totals of one rating period, by position in the working list (see the module)."""

    def add_against_rated(self, positions: Sequence[int], counts: Sequence[int]) -> None:
        """Add a wave's games against opponents rated at the start of the period (:func:`games_at_start`,
        by pairing number - 1) at its players' ``positions``."""
        ...

    def against_rated(self, positions: Sequence[int]) -> Iterable[int | None]:
        """The games against rated opponents in the period of the players at ``positions`` (0 or
        ``None``: none)."""
        ...

    def k_by_rules(self, rules: FideRules, on: dt.date, positions: Sequence[int], ratings: Sequence[float],
                   games: Sequence[int | None], peaks: Sequence[float | None],
                   births: Sequence[dt.date | None]) -> list[int]:
        """The K by the ``rules`` for a period ending ``on`` (:func:`xlrating.fide.rating.k_rule`) of
        the rated players at ``positions`` (their ratings, games, peaks and birth dates on the list),
        held to the 700 rule over their games against rated opponents in the period
        (:func:`~xlrating.fide.rating.k_limit`; FIDE Rating Regulations 2024, 8.3.3)."""
        ...

    def played_by(self, positions: Sequence[int]) -> list[int]:
        """The events the players at ``positions`` have played in the period so far."""
        ...

    def fold(self, positions: Sequence[int], ratings: Sequence[float | None], methods: Sequence[Method],
             ks: Sequence[float | None], scores: Sequence[float], expected: Sequence[float | None],
             games: Sequence[int]) -> list[float | None]:
        """Add a wave's outcome (by pairing number - 1: the ratings at the start of the period and the
        outcome's method, K, rated score, expected score and rated games) at its players'
        ``positions``: each rated player's exact change and rated games, each player's event. Gives
        each player's change in the event for his history row (``None``: unrated)."""
        ...

    def close_rated(self, rules: FideRules, ratings: MutableSequence[Any], games: MutableSequence[Any],
                    peaks: MutableSequence[Any], events: MutableSequence[Any],
                    pending: MutableSequence[Any]) -> list[int]:
        """Write each rated player's list rating after the period (:func:`rounded`), games, highest
        rating and events in the working list's columns (delisted under the floor: rating and games
        blank, nothing pending); gives their positions."""
        ...


def hundredths(rating: float | None, method: Method, k: float | None, score: float,
               expected: float | None) -> int | Fraction | None:
    """A player's exact change in an event, K x (score - sum of PD), in hundredths of a point
    (half points and PD hundredths are whole numbers, so this is exact): 0 for a rated player not
    rated by Elo, ``None`` for an unrated one."""
    if rating is None:
        return None
    if method is not Method.ELO:
        return 0
    assert k is not None and expected is not None
    margin = 50 * round(score * 2) - round(expected * 100)
    whole = int(k)
    return whole * margin if k == whole else exact(k) * margin


def rounded(start: int | Fraction, total: Fraction, round_change: bool) -> int | Fraction:
    """The rating after a period's exact ``total`` change: the change rounded to a whole number
    (FIDE Rating Regulations 2024) or the new rating rounded (FIDE Handbook B.02, 10.53), halves
    away from zero."""
    return start + round_half_away(total) if round_change else round_half_away(start + total)


def new_rating(start: float, hundredths: int | Fraction, round_change: bool) -> float:
    """The list rating after a period from the rating at its start and the period's exact change in
    hundredths (:func:`rounded`)."""
    whole = int(start)
    if round_change and type(hundredths) is int and start == whole:
        # Whole hundredths rounded to whole points, halves away from zero.
        points = (abs(hundredths) + 50) // 100
        return float(whole + (points if hundredths >= 0 else -points))
    return float(rounded(exact(start), Fraction(hundredths, 100), round_change))


def put(column: MutableSequence[Any], positions: Iterable[int], values: Iterable[Any]) -> None:
    """Write ``values`` into ``column`` at ``positions`` (one C loop)."""
    deque(map(column.__setitem__, positions, values), 0)


def _add(totals: dict[int, Any], positions: Sequence[int], values: Iterable[Any]) -> None:
    """Add each of ``values`` to ``totals`` at its position (each position once in ``positions``;
    one not in ``totals`` counts from 0): the sums of a period's waves."""
    found = dict(zip(positions, values, strict=True))
    for at in found.keys() & totals.keys():
        found[at] += totals[at]
    totals.update(found)


class PlainTotals:
    """:class:`Totals` in dicts by position."""

    def __init__(self) -> None:
        self.change: dict[int, int | Fraction] = {}
        """Each rated player's exact change in the period so far, in hundredths of a point (an
        ``int`` while K is whole, as it almost always is; a ``Fraction`` otherwise)."""
        self.against: dict[int, int] = {}
        """Each rated player's games against rated opponents in the period (the 700 rule)."""
        self.rated_games: dict[int, int] = {}
        """Each rated player's rated games in the period, as the engine counted them."""
        self.events_played: Counter[int] = Counter()
        """The events each player played in the period."""

    def add_against_rated(self, positions: Sequence[int], counts: Sequence[int]) -> None:
        _add(self.against, positions, counts)

    def against_rated(self, positions: Sequence[int]) -> Iterable[int | None]:
        return map(self.against.get, positions)

    def k_by_rules(self, rules: FideRules, on: dt.date, positions: Sequence[int], ratings: Sequence[float],
                   games: Sequence[int | None], peaks: Sequence[float | None],
                   births: Sequence[dt.date | None]) -> list[int]:
        found = map(k_rule, repeat(rules), ratings, games, peaks, births, repeat(on))
        limits = self.against_rated(positions)
        return list(map(k_limit, repeat(rules), map(itemgetter(0), found), limits))

    def played_by(self, positions: Sequence[int]) -> list[int]:
        return list(map(self.events_played.__getitem__, positions))  # (a Counter: 0 where none)

    def fold(self, positions: Sequence[int], ratings: Sequence[float | None], methods: Sequence[Method],
             ks: Sequence[float | None], scores: Sequence[float], expected: Sequence[float | None],
             games: Sequence[int]) -> list[float | None]:
        changes = list(map(hundredths, ratings, methods, ks, scores, expected))
        rated = [index for index, rating in enumerate(ratings) if rating is not None]
        _add(self.change, [positions[i] for i in rated], [changes[i] for i in rated])
        _add(self.rated_games, [positions[i] for i in rated], [games[i] for i in rated])
        self.events_played.update(positions)  # (one a player: counted in one C loop)
        return [None if change is None else float(change / 100) for change in changes]

    def close_rated(self, rules: FideRules, ratings: MutableSequence[Any], games: MutableSequence[Any],
                    peaks: MutableSequence[Any], events: MutableSequence[Any],
                    pending: MutableSequence[Any]) -> list[int]:
        round_change, floor = rules.round_change, rules.rating_floor
        played, rated = self.events_played, self.rated_games
        for at, change in self.change.items():
            start = ratings[at]
            assert start is not None
            value = new_rating(start, change, round_change)
            events[at] += played[at]
            if value < floor:
                delist(at, ratings, games, pending)
                continue
            ratings[at] = value
            if games[at] is not None:  # (None: 30 or more games behind the rating, count unknown)
                games[at] += rated[at]
            peak = peaks[at]
            peaks[at] = float(max(peak if peak is not None else start, value))
        return list(self.change)


def games_at_start(games: GameColumns, ratings: Sequence[float | None]) -> tuple[list[int], Lines]:
    """Each player's games against opponents rated at the start of the period (the 700 rule), and
    each unrated player's opponents (as rated then) and scores (:data:`Lines`), by pairing number -
    1, in one pass over the games (every game counted when all are rated). (On numpy, the games'
    columns made arrays cost what this loop does: measured, see ``docs/lists.md``.)"""
    counts = [0] * (len(ratings) + 1)  # (by pairing number)
    if None not in ratings:
        for a, b in zip(games.players, games.opponents, strict=True):
            counts[a] += 1
            counts[b] += 1
        return counts[1:], {}
    lines: Lines = {index: ([], []) for index, rating in enumerate(ratings) if rating is None}
    by_number = [None, *ratings]
    for a, b, score in zip(games.players, games.opponents, games.scores, strict=True):
        rating_a, rating_b = by_number[a], by_number[b]
        if rating_a is not None and rating_b is not None:
            counts[a] += 1
            counts[b] += 1
            continue
        if rating_a is None:
            opponents, results = lines[a - 1]
            opponents.append(rating_b)
            results.append(score)
        if rating_b is None:
            opponents, results = lines[b - 1]
            opponents.append(rating_a)
            results.append(1.0 - score)
    return counts[1:], lines


def delist(at: int, ratings: MutableSequence[Any], games: MutableSequence[Any], pending: MutableSequence[Any]
           ) -> None:
    """Under the floor the player is delisted and from then on treated as any other unrated player
    (FIDE Rating Regulations 2024, the rating floor 1400)."""
    ratings[at] = games[at] = None
    pending[at] = ()
