"""What the numeric cores of a US Chess event share: the :class:`Core` they are, the
event's sides (:func:`take_games`), and the values each step hands back
(:class:`EffectiveGames`, :class:`SpecialStep`, :class:`StandardStep`, :class:`Finals`).

The games are held as sides (:mod:`xlrating._sides`, as in every engine): each game once
from each player's side, by player in round order (the order the five steps read them).

Two cores compute the same numbers. A small event, and every event where numpy cannot be
imported, keeps its sides in Python lists and runs each step player by player
(:class:`~.core_plain.PlainCore`, with the one-player formulas of :mod:`.standard`,
:mod:`.special` and :mod:`.floors`). A large event keeps them in numpy arrays and runs each
step for all players at once (:class:`~.core_numpy.NumpyCore`, imported only then), with the
same floating-point operations in the same order, so the results are identical to the last
bit. :data:`FROM_SIDES` (explained events) and :data:`QUIET_FROM_SIDES`
(``explain=False``) are where numpy starts to pay (measured by
``benchmarks/bench_uscf.py --paths``); :mod:`xlrating._vector` makes the choice.

A step's values are held per player (over all players, meaningful where the step applies)
in lists on the plain core and in arrays on the numpy core; each result's ``listed`` gives
them as lists of Python numbers, as outcomes hold them.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator, Sequence
from typing import Any, NamedTuple, Protocol

from .._sides import Sides, one_game_per_round, sides_of
from ..model import Game
from .floors import _floor_kind, store
from .player import UscfPlayer
from .rules import UscfRules
from .special import P0Rule
from .special import _work as _special_formula
from .special import _Working as SpecialWorking

#: From this many sides (twice the games) on, numpy pays for itself in an explained event:
#: the games are taken as arrays, the formulas run for all players at once and the outcomes
#: are built as they are read; below, game by game and player by player. Both give the same
#: numbers. Most of an explained event's time goes to its explanation, built player by
#: player either way: the two paths break even from about 1,400 sides, every outcome read,
#: and numpy is clearly ahead from about 6,000 (700 players over 9 rounds; measured:
#: ``benchmarks/bench_uscf.py --paths``).
FROM_SIDES = 6_000
#: The same for an event rated with ``explain=False``, where the formulas are most of the
#: work: numpy wins from about 400 sides (45 players over 9 rounds), every outcome read.
QUIET_FROM_SIDES = 400


def take_games(numbers: list[int], games: Sequence[Game], *, explain: bool) -> Sides:
    """The games as :class:`~xlrating._sides.Sides`: as arrays from :data:`FROM_SIDES`
    sides on (from :data:`QUIET_FROM_SIDES` without ``explain``), numpy permitting, else in
    lists. Raises :class:`~xlrating.errors.EventError` for a game naming a player who is not
    in ``numbers`` and for a player with two games in one round."""
    sides = sides_of(numbers, games, from_sides=FROM_SIDES if explain else QUIET_FROM_SIDES)
    one_game_per_round(sides)
    return sides


Values = Any
"""Per-player (or per-side) values: a list or tuple of Python values on the plain core, a numpy
array on the numpy core."""


def as_list(values: Values) -> list[Any]:
    """Per-player values as a list of Python values (a numpy array's ``tolist``)."""
    if isinstance(values, list):
        return values
    return list(values) if isinstance(values, tuple) else values.tolist()


def as_list_by_value(values: Values) -> list[Any]:
    """:func:`as_list` of per-player values that take few distinct values (whole numbers: a
    floor), an array's each distinct value one Python number (:func:`xlrating._by_value.by_value`)."""
    if isinstance(values, (list, tuple)):
        return as_list(values)
    from .._by_value import by_value  # (only the numpy core gives arrays)

    return by_value(values)


def as_optional_list(values: Values) -> list[Any]:
    """Per-player values, some missing, as a list with None for each missing one (a list
    holds None there, an array NaN)."""
    if isinstance(values, list):
        return values
    found: list[Any] = [None] * len(values)
    given = (values == values).nonzero()[0]  # NaN: missing
    for i, value in zip(given.tolist(), values[given].tolist(), strict=True):
        found[i] = value
    return found


def where_not(flags: Values) -> list[int]:
    """The positions (ascending) where ``flags`` (a list, or an array) are false."""
    if isinstance(flags, (list, tuple)):
        return [i for i, flag in enumerate(flags) if not flag]
    return (flags == False).nonzero()[0].tolist()  # type: ignore[no-any-return]  # noqa: E712 (elementwise)


def missing(values: Sequence[Any]) -> list[int]:
    """The positions (ascending) where ``values`` holds None."""
    return [i for i, value in enumerate(values) if value is None]  # (0.17 ms at 10,000, compress 0.23)


class EffectiveGames(NamedTuple):
    """Step 2 (US Chess 2020, 3) for every player, and which formula steps 4 and 5 use."""

    nstar: Values
    """N*."""
    effective: Values
    """N' = min(N, N*); N not given: N*."""
    special: Values
    """Whether steps 4 and 5 use the special formula: N <= 8 or an all-wins/all-losses history."""
    by_standard: Values
    """Whether a player with a game is rated by the standard formula at steps 4 and 5."""
    by_special: list[int]
    """The players (positions, ascending) with a game rated by the special formula at steps 4 and 5."""

    def listed(self, every: bool = True) -> EffectiveGames:
        """The same values in lists (unless ``every``, only N' and which formula: N* is read by
        an explanation only, ``by_standard`` by the steps only)."""
        if not every:
            return self._replace(effective=as_list(self.effective), special=as_list(self.special))
        return EffectiveGames(as_list(self.nstar), as_list(self.effective), as_list(self.special),
                              as_list(self.by_standard), self.by_special)


P0_RULES: tuple[P0Rule | None, ...] = (None, "inside", "left", "right")
"""The branches of the p = 0 rule, by :attr:`SpecialStep.p0_rule`'s codes."""


class SpecialStep(NamedTuple):
    """The special formula (US Chess 2020, 4.1) at one step for the players ``who``: each
    value in the order of ``who``."""

    who: list[int]
    rating: Values
    """The special rating (capped, before the event algorithm's floor of 100)."""
    adjusted_prior: Values
    """R'0."""
    adjusted_score: Values
    """S'."""
    p0_rule: Values
    """Which branch of the p = 0 rule applied, as an index of :data:`P0_RULES` (0: none)."""
    capped: Values
    """Whether the cap lowered the rating."""
    workings: dict[int, SpecialWorking]
    """The one-player working of each player (position) it was kept for: where the formula
    ran player by player and the working will be read."""

    def notes(self, of: Container[int]) -> dict[int, tuple[float, float, P0Rule | None, bool]]:
        """What the notes of each player ``of`` those (positions) say, by position: R'0, S', the
        p = 0 rule, the cap."""
        rows = [row for row, i in enumerate(self.who) if i in of]
        prior, score, rule, capped = (as_list(values) for values in (self.adjusted_prior, self.adjusted_score,
                                                                     self.p0_rule, self.capped))
        return {self.who[r]: (prior[r], score[r], P0_RULES[rule[r]], capped[r]) for r in rows}


def special_one_by_one(rules: UscfRules, who: list[int], prior: Sequence[float], effective: Sequence[float],
                       score: Sequence[float], history: Sequence[str | None],
                       opponents: Iterable[Sequence[float]], *, keep: bool) -> SpecialStep:
    """The special formula for the players ``who`` (positions), player by player by the
    one-player algorithm of :mod:`.special`, every argument a list of Python numbers indexed
    by position but ``opponents``: each player's opponents' ratings, in round order, in the
    order of ``who`` (:func:`opponents_at`); ``keep``: keep each working."""
    if not who:
        return SpecialStep([], [], [], [], [], [], {})
    found = [_special_formula(rules, prior[i], effective[i], ratings, score[i], history[i])
             for i, ratings in zip(who, opponents, strict=True)]
    return SpecialStep(who, [w.rating for w in found], [w.adjusted_prior for w in found],
                       [w.adjusted_score for w in found], [P0_RULES.index(w.p0_rule) for w in found],
                       [w.capped for w in found], dict(zip(who, found, strict=True)) if keep else {})


def opponents_at(sides: Sides, who: Iterable[int], seen: Sequence[float]) -> Iterator[list[float]]:
    """The opponents' ratings ``seen`` of each player ``who`` (positions), in round order."""
    opponents_of = sides.opponents_of
    return ([seen[o] for o in opponents_of(i)] for i in who)


class StandardStep(NamedTuple):
    """The standard formula (US Chess 2020, 4.2) at one step: per player, over all players,
    meaningful for the players it rated."""

    k: Values
    dual_rated_k: Values
    """Whether the dual-rated K above 2200 was used."""
    expected_score: Values
    """E = the sum of a player's We."""
    change: Values
    """K(S - E)."""
    eligible: Values
    """Whether the bonus formula applies (m >= 3, no opponent met more than twice, bonus wanted)."""
    threshold: Values
    """B sqrt(m'), m' = max(m, 4)."""
    bonus: Values
    rating: Values
    """R0 + K(S - E) + bonus."""
    expected: Values = ()
    """We(R0, R_i) of each of a player's games, in round order (in an explained event only)."""

    def listed(self, every: bool = True) -> StandardStep:
        """The step with its per-player values in lists (unless ``every``, only those every
        player's outcome or notes read: K, E, whether the dual-rated K and the bonus formula
        applied, the bonus; the change, B sqrt(m') and the rating stay as they are, read for
        the few players whose notes say no bonus was paid)."""
        if not every:
            return self._replace(k=as_list(self.k), dual_rated_k=as_list(self.dual_rated_k),
                                 expected_score=as_list(self.expected_score), eligible=as_list(self.eligible),
                                 bonus=as_list(self.bonus))
        return StandardStep._make([*[as_list(column) for column in self[:-1]], self.expected])


class Finals(NamedTuple):
    """What follows step 5 for every player: the match cap (US Chess 2020, 7), storage (US
    Chess 2020, 7; 2009 and 2011: integers rounded toward the change) and the floor (US
    Chess 2020, 5)."""

    capped: Values
    """The rating after the match cap, where the cap changed it (else None)."""
    stored: Values
    """The rating as the edition stores it, before the floor."""
    floor: Values
    source: Values
    """Which floor is in force: :data:`.floors.PERSONAL`, ``PEAK`` or ``EXPLICIT``."""
    peak: Values
    """The peak the peak floor looked at (None or NaN for a player without one)."""
    applied: Values
    wins: Values
    draws: Values
    events: Values
    post: Values
    """The post-event rating."""
    peak_ignored: Values
    """Whether a peak was given that peak floors ignore (the player is not established)."""

    def listed(self, every: bool = True) -> Finals:
        """The same values in lists (unless ``every``, only those every player's outcome reads:
        the floor, whether it was applied and the post-event rating; the others stay as they
        are, read for the few players whose notes speak of a floor, a cap or a peak)."""
        if not every:
            return self._replace(floor=as_list_by_value(self.floor), applied=as_list(self.applied),
                                 post=as_list(self.post))
        return Finals(*[as_list_by_value(column) if name == "floor" else as_list(column)
                        for name, column in zip(self._fields, self, strict=True)])


def finals_one_by_one(rules: UscfRules, players: Sequence[UscfPlayer], m: list[int], prior: list[float],
                      step5: list[float], won: list[int], drawn: list[int], *, match: bool) -> Finals:
    """:class:`Finals` player by player, every argument a list indexed by position."""
    found = [_final(rules, player, m[i], prior[i], step5[i], won[i], drawn[i], match)
             for i, player in enumerate(players)]
    if not found:
        return Finals([], [], [], [], [], [], [], [], [], [], [])
    return Finals(*zip(*found, strict=True))


def _final(rules: UscfRules, player: UscfPlayer, m: int, prior: float, value: float, won: int, drawn: int,
           match: bool) -> tuple[Any, ...]:
    """One player's :class:`Finals`, after step 5 gave him ``value``."""
    pre = player.rating
    capped = None
    if match and rules.match_cap is not None and pre is not None:
        limited = min(max(value, pre - rules.match_cap), pre + rules.match_cap)
        if limited != value:
            value = capped = limited
    stored = store(rules, value, prior)
    wins, draws = player.wins + won, player.draws + drawn
    events = player.events + (1 if m >= rules.floor_event_games else 0)
    peak, settled = None, established(rules, player)
    if settled:
        # The pre-event rating is itself an attained established rating (US Chess 2020, 5).
        assert pre is not None
        peak = pre if player.peak is None else max(player.peak, pre)
    floor, source = _floor_kind(rules, peak, wins, draws, events, player.floor)
    post, applied = stored, False
    if stored < floor and not (match and not rules.match_floors):
        applied, post = True, floor
    return capped, stored, floor, source, peak, applied, wins, draws, events, post, \
        player.peak is not None and not settled


def established(rules: UscfRules, player: UscfPlayer) -> bool:
    """Whether peak floors apply to ``player``: an established rating (N > 25, or N not
    given with a rating; US Chess 2020, 5)."""
    return player.rating is not None and (player.games is None or player.games > rules.established_games)


def seen_at_step4(prior: list[float], step3: list[float | None]) -> list[float]:
    """The ratings step 4 sees opponents at: their pre-event ratings, unrated ones at step 3
    (N = 0) or step 1 (in lists: None where there is no step 3)."""
    return [p if s is None else s for p, s in zip(prior, step3, strict=True)]


class Core(Protocol):
    """What :class:`~.event._Event` asks of a numeric core: each step's numbers for every
    player, from the values the event keeps (lists of Python numbers indexed by position, or
    what an earlier step of this core gave)."""

    @property
    def sides(self) -> Sides:
        """The games from both sides."""

    @property
    def lazy(self) -> bool:
        """Whether the outcomes are built as they are read (else at once)."""

    @property
    def m(self) -> list[int]:
        """m, each player's number of games."""

    @property
    def score(self) -> list[float]:
        """S, each player's score (whole and half points: exact in any order)."""

    @property
    def repeated(self) -> Values:
        """Whether each player met some opponent more than twice (no bonus; US Chess 2020, 4.2)."""

    def effective_games(self, prior: list[float], games: list[int | None],
                        history: list[str | None]) -> EffectiveGames:
        """Step 2: N*, N' and which formula steps 4 and 5 use."""

    def filled(self, value: Any) -> Values:
        """The same ``value`` for every player."""

    def first_estimate_players(self, unrated: list[int], games: list[int | None]) -> list[int]:
        """Step 3's players (positions, ascending): of the ``unrated`` ones (ascending), those with
        N = 0 and a game."""

    def special(self, who: list[int], prior: list[float], effective: Values,
                history: list[str | None], seen: Values, *, keep: bool) -> SpecialStep:
        """The special formula for the players ``who`` (positions, ascending), opponents at the
        ratings ``seen``; ``keep``: keep each working where the formula runs player by player."""

    def first_estimates(self, found: SpecialStep, floor: float) -> Values:
        """Step 3's ratings: ``found`` raised to ``floor`` (no step 3: None in lists, NaN in arrays)."""

    def seen_at_step4(self, prior: list[float], step3: Values) -> Values:
        """The ratings step 4 sees opponents at: the pre-event or step 1 ratings, or step 3's."""

    def standard(self, chosen: Values, prior: list[float], effective: Values,
                 seen: Values, *, bonus: bool, multiplier: float, regular: list[float | None] | None,
                 explain: bool) -> StandardStep:
        """R_s = R0 + K(S - E) [+ max(0, K(S - E) - B sqrt(m'))] (US Chess 2020, 4.2) for the
        ``chosen`` players, opponents at the ratings ``seen``; ``regular`` (a dual-rated
        event) gives the Regular ratings that decide the dual-rated K; ``explain``: keep
        each game's We."""

    def step_ratings(self, standard: StandardStep, special: SpecialStep, floor: float) -> Values:
        """Steps 4 and 5: the standard ratings, the special ones for their players, at least ``floor``."""

    def finals(self, players: Sequence[UscfPlayer], unrated: list[int], prior: list[float],
               games: list[int | None], step5: Values, *, match: bool) -> Finals:
        """After step 5: the match cap, storage and the floor (see :class:`Finals`); ``unrated``:
        the unrated players (positions)."""

    def post_games(self, games: list[int | None]) -> list[int | None]:
        """Each player's post-event N: N + m, None where N is not given (``games``: N)."""

    def changes(self, post: Values, prior: list[float]) -> list[float]:
        """Each player's post-event rating ``post`` less his R0 ``prior`` (a list)."""

    def noted(self, special: Values, found: SpecialStep, history: list[str | None], standard: StandardStep,
              final: Finals) -> tuple[list[int], list[int], list[int]]:
        """The players (positions, ascending) with a rated game who may have notes (most have
        none): from his formula at step 5 (the special formula's, ``found``: a history, the p = 0
        rule, the cap; the standard formula's: the dual-rated K, a bonus, no bonus where one
        would have been paid), and from what followed step 5 (the match cap, a peak ignored, a
        floor); and of the first, those whose formula's one note is on the bonus (the standard
        formula's, without the dual-rated K)."""
