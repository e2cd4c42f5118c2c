"""What the numeric cores of an ICU event share: the :class:`Core` they are and the
:class:`Estimates` and :class:`Scores` they hand back.

A core holds every game from each player's side, by player in round order (games of one
round in the order given), as the rules list a player's games (the sides of
:mod:`xlrating._sides`, as in every engine); it computes the numbers of the ICU rating
program's steps: the passes of the estimates, the scoring of games against a set of
opponent ratings, and the rated players a bonus may reach.
:class:`~xlrating.icu.event._Event` turns its numbers into outcomes, steps and notes,
whichever core computed them.

Two cores give the same numbers to the last bit:
:class:`~xlrating.icu.core_plain.PlainCore` (lists and loops, for small events and wherever
numpy cannot be imported) and :class:`~xlrating.icu.core_numpy.NumpyCore` (arrays, for large
events). Each adds every sum one game at a time in each player's game order, starting from
0.0, and takes every power of 10 from Python's own ``**``; both hand back plain Python lists
and Python numbers (the ratings, :data:`Ratings`, as a sequence the numpy core makes a list of
only when it is read by position).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .._player_columns import field_values
from .player import IcuPlayer, PlayerKind

Ratings = Sequence[float]
"""Every player as opponents see him (by position): a list, or a core's own sequence that it
reads as an array and makes a list of only if it is read otherwise (:class:`Estimates`,
:meth:`Core.fixed_ratings`, :meth:`Core.at_bonus_ratings`)."""

NO_ESTIMATE = math.nan
"""An unrated or provisional player's estimate before the first (also: a skipped game's
opponent rating)."""


@dataclass
class Estimates:
    """One rating's estimates after its passes."""

    seen: Ratings
    """Every player as opponents see him: the rating (or bonus rating) of a rated or foreign
    player, the estimate of an unrated or provisional one (``NO_ESTIMATE``: none)."""
    before: Ratings
    """The same as the last pass saw it (the estimates of the pass before)."""
    iterations: int
    """Passes made."""
    history: list[tuple[list[float], list[int]]] = field(default_factory=list)
    """With explanations: each pass's values and game counts of the unrated and provisional
    players, in the order of :attr:`Core.iterated`."""
    first: list[int] = field(default_factory=list)
    """Per player: the pass in which he got his first estimate (0: none in these passes)."""
    moved: list[tuple[int, float, float]] = field(default_factory=list)
    """If the last pass still moved estimates (the limit was reached without converging):
    each such player (index), his estimate before the pass and after it."""


@dataclass
class Scores:
    """Games scored against one set of opponent ratings: per player sums, per side values."""

    expected: list[float]
    score: list[float]
    change: list[float]
    """K x sum(s - e) (rated players; 0.0 for everyone else)."""
    count: list[int]
    """Games counted (a game against an opponent with no rating is skipped)."""
    performances: list[float | None]
    """Each player's performance: sum(Ropp +/- 400) over the games counted, divided by their
    number (``None``: none counted)."""
    seen: list[float] | None = None
    """With explanations, per side: the opponent's rating used (``nan``: not scored here)."""
    e: list[float] | None = None
    """With explanations, per side: the expected score (``nan`` where not scored)."""
    delta: list[float] | None = None
    """With explanations, per side: K(s - e), for rated players only (``nan`` elsewhere)."""


Skipped = tuple[list[int], list[int], list[bool]]
"""Games against unrated or provisional opponents, as columns, each player's games against one
opponent once: the player and the opponent (indices), and whether the opponent has no estimate
at all."""


class Core(Protocol):
    """What :class:`~xlrating.icu.event._Event` asks of a numeric core."""

    numbers: list[int]
    """Each player's pairing number, in the order given."""
    kinds: list[PlayerKind]
    """Each player's kind."""
    pre_rating: list[float | None]
    """Each player's rating as given."""
    pre_games: list[int | None]
    """Each player's prior games as given."""
    iterated: list[int]
    """The unrated and provisional players (indices), in the order given."""
    count: list[int]
    """Each player's number of games."""

    @property
    def start(self) -> list[int]:
        """Player i's sides are ``start[i]:start[i + 1]`` (read by the explanations)."""

    def fixed_ratings(self) -> Ratings:
        """Every player as opponents first see him: rated and foreign players at their rating,
        unrated and provisional players with no estimate (``NO_ESTIMATE``)."""

    def published(self, seen: Ratings, rated: Scores, bonuses: dict[int, int]) -> list[int | None]:
        """Each player's new rating, rounded (:func:`~xlrating.icu.formulas.publish`): a rated
        player's R + change + bonus (``rated``: the last scoring; ``bonuses`` by index), an
        unrated or provisional player's estimate in ``seen`` (``None``: foreign, or no rated
        game)."""

    def at_bonus_ratings(self, seen: Ratings, rated: Scores, bonuses: dict[int, int]) -> Ratings:
        """``seen`` with each bonus winner (``bonuses`` by index) at rating + change + bonus
        (``rated``: the first rating's scoring): the ratings opponents see in the second rating."""

    def iterate(self, seen: Ratings, explain: bool, groups: Sequence[int] | None = None,
                only: frozenset[int] | None = None) -> Estimates:
        """The passes of the estimates from ``seen`` until none moves by the threshold or
        more, or the iteration limit (then :attr:`Estimates.moved` is not empty).

        ``groups`` (numbers only: several events whose players never meet, rated at once): each
        player's group; a group's passes stop when none of its estimates moves, as if it were
        rated alone, and its :attr:`Estimates.before` is what its own last pass saw. ``only``:
        the groups iterated (the others keep ``seen``)."""

    def score_rated(self, seen: Ratings, k: list[float | None], explain: bool) -> Scores:
        """The rated players' games, each opponent at ``seen``, with K(s - e)."""

    def score_others(self, final: Estimates, explain: bool) -> Scores:
        """The foreign, unrated and provisional players' games: each player at his rating or
        converged estimate, rated and foreign opponents at ``final.seen``, unrated and
        provisional ones at ``final.before`` (the ratings the last pass used)."""

    def bonus_candidates(self, scores: Scores, k: list[float | None], explain: bool) -> list[int]:
        """Rated players with a game; without explanations, only those whom the bonus's
        first conditions (K, games, rating, change) do not refuse."""

    def bonuses(self, scores: Scores, k: list[float | None]) -> dict[int, int]:
        """Every rated player's bonus from ``scores`` (the first rating), as
        :func:`~xlrating.icu.formulas.explain_bonus` finds it: player index -> bonus, for the
        winners only, in the players' order."""

    def skipped(self, seen: Ratings) -> Skipped:
        """Every side against an unrated or provisional opponent that either has no estimate
        in ``seen`` or is itself an unrated or provisional player's, in side order (by player),
        each player's games against one opponent once (the first)."""

    def every_side(self) -> tuple[Sequence[int], Sequence[int], Sequence[float]]:
        """Per side: the round, the opponent's number and the points the player scored."""


def given(players: Sequence[IcuPlayer]) -> tuple[list[PlayerKind], list[float | None], list[int | None]]:
    """Each player's kind, rating and prior games, as given (:attr:`Core.kinds`,
    :attr:`Core.pre_rating`, :attr:`Core.pre_games`): read once, and each step that needs them
    picks them by position (at 10,000 players, picking the rated players' from these lists took
    half the time of reading them from the players again, 0.12 ms against 0.24)."""
    return field_values(players, "kind"), field_values(players, "rating"), field_values(players, "games")


def priors(core: Core) -> tuple[list[float], list[int]]:
    """Each unrated or provisional player's ``Ro*Go`` and ``Go``: the prior rating times the
    games behind it, and those games (0.0 and 0 for an unrated player)."""
    totals: list[float] = []
    found: list[int] = []
    provisional, kinds, ratings, games = PlayerKind.PROVISIONAL, core.kinds, core.pre_rating, core.pre_games
    for i in core.iterated:
        rating, n = ratings[i], games[i]
        if kinds[i] is provisional and rating is not None and n:
            totals.append(rating * n)
            found.append(n)
        else:
            totals.append(0.0)
            found.append(0)
    return totals, found
