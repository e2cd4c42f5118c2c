"""The special rating formula (US Chess 2020, 4.1; US Chess 2009 and 2011, 2.2) for many
players at once, on numpy arrays (imported only for a large event).

The algorithm is the one of :mod:`.special`, move for move: every player's M starts at
the same first estimate, takes the same secant and knot moves of steps 2 and 3, and ends
with the same count p, p = 0 rule and cap. The players move in lockstep, each by his own
rule, until only a few still move; these finish alone, by the one-player algorithm's move.
Every value is computed with the same floating-point operations in the same order as the
one-player algorithm (the objective adds its terms opponent by opponent in round order), so
the ratings are identical to the last bit. The ratings are
returned with what a player's notes say (R'0 and S', the p = 0 rule, the cap); his working
(knots, moves), when an explanation wants it, is the one-player algorithm's, run again for
him.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .._sides_numpy import ArraySides
from .core import P0_RULES
from .rules import UscfRules
from .special import _KNOT_TOLERANCE, P0Rule, _move, _objective, _work

Floats = npt.NDArray[np.float64]
Flags = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int64]


class Players(NamedTuple):
    """What the special formula's problems take of the players themselves, the same whatever
    ratings their opponents are seen at (steps 4 and 5 solve for the same players: made once
    for both). Row r is one player's."""

    rows: Ints
    """The players' positions."""
    prior: Floats
    effective: Floats
    points: Floats
    """S."""
    m: Ints
    """Each row's number of opponents."""
    valid: Flags
    """Which columns hold an opponent (the first m of each row)."""
    opponents: npt.NDArray[np.intp]
    """Each row's opponents (positions) in round order; where not valid, any position."""
    adjusted_prior: Floats
    """R'0."""
    adjusted_score: Floats
    """S'."""


def players_of(rules: UscfRules, sides: ArraySides, who: list[int], prior: Floats, effective: Floats,
               score: Floats, history: Sequence[str | None] | None) -> Players:
    """The :class:`Players` ``who`` (positions), with their R0 ``prior``, N' ``effective``, score
    and history (None: nobody has one)."""
    rows = np.array(who, dtype=np.int64)
    prior, effective, points = prior[rows], effective[rows], score[rows]
    m = sides.played[rows]
    width = int(m.max(initial=0))
    column = np.arange(width)
    valid: Flags = column[None, :] < m[:, None]
    at = np.minimum(sides.start[rows][:, None] + column[None, :], max(len(sides.opponent) - 1, 0))
    if history is None:  # nobody has a history
        wins = losses = np.zeros(len(rows), dtype=np.bool_)
    else:
        given = np.asarray(history, dtype=object)[rows]  # the players' histories (None: none)
        wins, losses = _matching(given, "all wins"), _matching(given, "all losses")
    shift = rules.history_shift
    return Players(rows, prior, effective, points, m, valid, sides.opponent[at],
                   np.where(wins, prior - shift, np.where(losses, prior + shift, prior)),
                   np.where(wins, points + effective, np.where(losses, points, points + effective / 2.0)))


class _Problems:
    """The players' problems side by side: row r is one player's R'0, N', S', first
    estimate and opponents (columns, in round order; unused columns are +inf, which adds a
    PWe of 0)."""

    def __init__(self, rules: UscfRules, players: Players, seen: Floats) -> None:
        spread = rules.pwe_range
        self.prior, self.effective, self.m = players.prior, players.effective, players.m
        self.valid = valid = players.valid
        self.opponents: Floats = np.where(valid, seen[players.opponents], np.inf)
        self.adjusted_prior, self.adjusted_score = players.adjusted_prior, players.adjusted_score
        total = _in_order(np.zeros(len(valid)), np.where(valid, self.opponents, 0.0))  # sum(opponents)
        points = players.points
        self.start = ((self.effective * self.adjusted_prior + total + spread * (2.0 * points - self.m))
                      / (self.effective + self.m))
        knots = np.concatenate([(self.adjusted_prior - spread)[:, None],
                                (self.adjusted_prior + spread)[:, None],
                                np.where(valid, self.opponents - spread, np.inf),
                                np.where(valid, self.opponents + spread, np.inf)], axis=1)
        knots.sort(axis=1)
        self.knots: Floats = knots
        """Each row's knots in ascending order, repeated ones included, then +inf."""

    @functools.cached_property
    def limit(self) -> Ints:
        """The one-player algorithm's bound on each row's moves: 4 x the distinct knots + 20
        (at least :data:`_LEAST_LIMIT`)."""
        knots = self.knots
        distinct = 1 + ((knots[:, 1:] != knots[:, :-1]) & np.isfinite(knots[:, 1:])).sum(axis=1)
        return 4 * distinct + 20  # type: ignore[no-any-return]

    def f(self, rules: UscfRules, x: Floats, rows: npt.NDArray[np.intp]) -> Floats:
        """The objective f at ``x`` for the players ``rows``, term by term as :func:`.special._objective`."""
        total = self.effective[rows] * _pwe(rules, x - self.adjusted_prior[rows]) - self.adjusted_score[rows]
        return _in_order(total, _pwe(rules, x[:, None] - self.opponents[rows]))  # (an unused column adds 0.0)

    def below(self, x: Floats, rows: npt.NDArray[np.intp]) -> tuple[Floats, Flags]:
        """The largest knot under each ``x``, and whether there is one."""
        knots = self.knots[rows]
        index = (knots < x[:, None]).sum(axis=1) - 1
        return knots[np.arange(len(rows)), np.maximum(index, 0)], index >= 0

    def next_knot(self, x: Floats, rows: npt.NDArray[np.intp], down: Flags) -> tuple[Floats, Flags]:
        """The largest knot under each ``x`` where ``down``, else the smallest knot over it;
        and whether there is one (:meth:`below` and :meth:`above` at once)."""
        knots = self.knots[rows]
        under = (knots < x[:, None]).sum(axis=1) - 1
        over = np.minimum((knots <= x[:, None]).sum(axis=1), knots.shape[1] - 1)
        found = knots[np.arange(len(rows)), np.where(down, np.maximum(under, 0), over)]
        return found, np.where(down, under >= 0, np.isfinite(found) & (found > x))

    def above(self, x: Floats, rows: npt.NDArray[np.intp]) -> tuple[Floats, Flags]:
        """The smallest knot over each ``x``, and whether there is one."""
        knots = self.knots[rows]
        index = np.minimum((knots <= x[:, None]).sum(axis=1), knots.shape[1] - 1)
        found = knots[np.arange(len(rows)), index]
        return found, np.isfinite(found) & (found > x)


def _in_order(first: Floats, columns: Floats) -> Floats:
    """Each row's ``first`` value plus its ``columns``, added one after another from the left,
    as Python adds them: a column at a time into every row's sum (numpy's ``sum`` along a row
    does not add so; its running sum, ``cumsum``, does, at five times the time of these few
    column additions: measured on 2,300 rows of 9 columns, 73 µs against 13). An unused
    column's 0.0 leaves a sum as it is: only -0.0 + 0.0 changes a sum's bits, and no sum here is
    -0.0 (it takes two -0.0 to make one, and f's first value, N' PWe - S', is never -0.0)."""
    found = first.copy()
    for column in columns.T:
        found += column
    return found


def _matching(values: npt.NDArray[np.object_], word: str) -> Flags:
    """Where ``values`` (texts or None) are ``word``."""
    return np.asarray(values == word, dtype=np.bool_)


def _pwe(rules: UscfRules, diff: Floats) -> Floats:
    """PWe for rating differences ``diff`` as :func:`.formulas._pwe` computes it: 0 at or
    below -400, 1 at or above 400, else 0.5 + diff/800. Where the scale is twice the range
    (every edition) that is 0.5 + diff/800 held to [0, 1]: it is exactly 0 at -400 and 1 at
    400, and beyond them it is past 0 or 1."""
    spread, scale = rules.pwe_range, rules.pwe_scale
    if scale == 2.0 * spread:
        return np.minimum(np.maximum(0.5 + diff / scale, 0.0), 1.0)  # (np.clip, the same, costs more)
    return np.where(diff <= -spread, 0.0, np.where(diff >= spread, 1.0, 0.5 + diff / scale))


_LEAST_LIMIT = 4 * 2 + 20
"""The least bound on a player's moves: every player has at least two distinct knots, R'0 - 400
and R'0 + 400."""

class Solutions(NamedTuple):
    """The special formula's results for the players asked about, in their order: the
    ratings, and the fields of :class:`.special._Working` that the players' notes need."""

    rating: Floats
    """The special rating (capped, before the event algorithm's floor of 100)."""
    adjusted_prior: Floats
    """R'0."""
    adjusted_score: Floats
    """S'."""
    rule: npt.NDArray[np.int64]
    """Which branch of the p = 0 rule applied: 0 for none, then as :data:`.core.P0_RULES`."""
    capped: Flags

    def notes(self) -> list[tuple[float, float, P0Rule | None, bool]]:
        """Each player's R'0, S', p = 0 rule and whether the cap applied, as Python values."""
        return list(zip(self.adjusted_prior.tolist(), self.adjusted_score.tolist(),
                        [P0_RULES[r] for r in self.rule.tolist()], self.capped.tolist(), strict=True))


def special_ratings(rules: UscfRules, sides: ArraySides, who: list[int], prior: Floats, effective: Floats,
                    score: Floats, history: Sequence[str | None] | None, seen: Floats,
                    players: Players | None = None) -> Solutions:
    """The special rating of each player in ``who`` (positions), with his prior R0,
    effective games N', score S and history (``history`` None: nobody has one), against his
    opponents at the ratings ``seen``: what :func:`.special._work` gives, in the order of ``who``
    (``players``: these players' :class:`Players`, if made already)."""
    if not who:
        nothing = np.zeros(0)
        return Solutions(nothing, nothing, nothing, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.bool_))
    if players is None:
        players = players_of(rules, sides, who, prior, effective, score, history)
    problems = _Problems(rules, players, seen)
    eps = rules.epsilon
    everyone = np.arange(len(who))
    x = problems.start.copy()
    value = problems.f(rules, x, everyone)
    moves = np.zeros(len(who), dtype=np.int64)
    rising = np.zeros(len(who), dtype=np.bool_)
    """Whether a player has reached step 3 (f(M) <= epsilon once: he never goes back to step 2)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        for lockstep in itertools.count():  # no player has made more moves than the lockstep's
            down = ~rising & (value > eps)
            rising |= ~down
            up = rising & (value < -eps)
            moving = down | up
            if not moving.any():
                break
            rows = np.flatnonzero(moving)
            if len(rows) <= _FEW:  # the last few players finish alone
                alone = _finish(rules, problems, rows, x, value, rising, moves)
                if alone:
                    _raise_for(rules, who, prior, effective, score, history, seen, sides, np.array(alone))
                break
            stuck = moving & (moves > problems.limit) if lockstep > _LEAST_LIMIT else np.zeros_like(moving)
            stuck[rows[_lockstep_move(rules, problems, rows, down[rows], x, value)]] = True
            if stuck.any():
                _raise_for(rules, who, prior, effective, score, history, seen, sides, np.flatnonzero(stuck))
            moves += moving
    rule, capped = _step4(rules, problems, x)
    return Solutions(np.where(capped, rules.special_cap, x), problems.adjusted_prior, problems.adjusted_score,
                     rule, capped)


def _lockstep_move(rules: UscfRules, problems: _Problems, rows: npt.NDArray[np.intp], down: Flags, x: Floats,
                   value: Floats) -> Flags:
    """One move for each of the players ``rows``: step 2 where ``down`` (f(M) > epsilon: a
    secant move towards the knot below M, or onto it), else step 3 (f(M) < -epsilon: the
    same towards the knot above). Returns where there is no such knot (the one-player
    algorithm fails there). Each player's move is :func:`.special._move`'s."""
    m, v = x[rows], value[rows]
    z, found = problems.next_knot(m, rows, down)
    f_z = problems.f(rules, z, rows)
    flat = np.abs(v - f_z) < rules.epsilon
    candidate = m - v * ((m - z) / (v - f_z))
    onto = flat | np.where(down, candidate < z, candidate > z)
    secant = np.flatnonzero(~onto)
    x[rows] = np.where(onto, z, candidate)
    new = f_z.copy()
    new[secant] = problems.f(rules, candidate[secant], rows[secant])
    value[rows] = new
    return ~found


_FEW = 32
"""From this few players still moving on, each finishes alone (:func:`_finish`): a move of the
lockstep costs about as much for a few players as for hundreds (numpy's fixed cost per call),
a move of the one-player algorithm a few microseconds. Measured at 10,000 players (about
1,000 to 2,300 players at each of steps 3, 4 and 5, the last 30 moving for four to six more
moves): the three steps' special formula in 3.1 ms instead of 3.5 ms, and about as fast
anywhere from 8 to 32."""


def _finish(rules: UscfRules, problems: _Problems, rows: npt.NDArray[np.intp], x: Floats, value: Floats,
            rising: Flags, moves: Ints) -> list[int]:
    """The moves left of each player ``rows``, by the one-player algorithm's move
    (:func:`.special._move`), from where the lockstep left him: at ``x[row]``, with f there
    ``value[row]``, after ``moves[row]`` moves, in step 3 if ``rising[row]`` (else step 2); ``x``
    and ``value`` are set where each ends. The same moves as the lockstep's (see above), on
    Python numbers, the players' knots and opponents made lists at once. Returns the players
    who would make more moves than the one-player algorithm allows."""
    stuck = []
    for row, knots, opponents, effective, prior, score, big_m, at, up, made, played in zip(
            rows.tolist(), problems.knots[rows].tolist(), problems.opponents[rows].tolist(),
            problems.effective[rows].tolist(), problems.adjusted_prior[rows].tolist(),
            problems.adjusted_score[rows].tolist(), x[rows].tolist(), value[rows].tolist(),
            rising[rows].tolist(), moves[rows].tolist(), problems.m[rows].tolist(), strict=True):
        del knots[2 * played + 2:]  # the +inf after the knots (a repeated knot is found as one)
        f = _objective(rules, effective, prior, opponents[:played], score)
        end = _moves_left(rules.epsilon, knots, f, big_m, at, up, made)
        if end is None:
            stuck.append(row)
        else:
            x[row], value[row] = end
    return stuck


def _moves_left(eps: float, knots: list[float], f: Callable[[float], float], big_m: float, value: float,
                rising: bool, moves: int) -> tuple[float, float] | None:
    """One player's moves left (see :func:`_finish`), his ``knots`` in order, repeated ones
    included: where M ends and f there, or None if he would make more moves than the one-player
    algorithm allows (4 x the distinct knots + 20, counted only past the least such bound)."""
    for down in (False,) if rising else (True, False):
        while (value > eps) if down else (value < -eps):
            if moves > _LEAST_LIMIT and moves > 4 * len(set(knots)) + 20:
                return None
            big_m, value, _kind = _move(knots, big_m, value, down, f, eps)
            moves += 1
    return big_m, value


def _step4(rules: UscfRules, problems: _Problems, x: Floats) -> tuple[npt.NDArray[np.int64], Flags]:
    """Step 4: p, the ratings within 400 of M; for p = 0, R0 clamped to the flat stretch
    around M (``x`` is changed in place). Returns which branch of the p = 0 rule applied
    (0: none, then ``inside``, ``left``, ``right``, as :data:`.core.P0_RULES`) and whether the cap
    lowers M."""
    reach = rules.pwe_range + _KNOT_TOLERANCE
    p = (problems.valid & (np.abs(x[:, None] - problems.opponents) <= reach)).sum(axis=1)
    p += np.abs(x - problems.adjusted_prior) <= reach
    rule = np.zeros(len(x), dtype=np.int64)
    lone = np.flatnonzero(p == 0)
    if len(lone):
        za, _ = problems.below(x[lone], lone)
        zb, _ = problems.above(x[lone], lone)
        prior = problems.prior[lone]
        inside, left = (za <= prior) & (prior <= zb), prior < za
        x[lone] = np.where(inside, prior, np.where(left, za, zb))
        rule[lone] = np.where(inside, 1, np.where(left, 2, 3))
    return rule, x > rules.special_cap


def _raise_for(rules: UscfRules, who: list[int], prior: Floats, effective: Floats, score: Floats,
               history: Sequence[str | None] | None, seen: Floats, sides: ArraySides,
               rows: npt.NDArray[np.intp]) -> None:
    """Runs the one-player algorithm for the players who did not converge, so that it
    raises its own :class:`~xlrating.errors.ConvergenceError`."""
    for r in rows.tolist():
        i = who[r]
        part = slice(sides.starts[i], sides.starts[i + 1])
        opponents = seen[sides.opponent[part]].tolist()
        _work(rules, float(prior[i]), float(effective[i]), opponents, float(score[i]),
              None if history is None else history[i])
    raise AssertionError("the lockstep special formula stopped where the one-player algorithm did not")
