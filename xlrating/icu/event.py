"""Rating a whole event under ICU rules (ICU rating formulae; ICU rating program).

The algorithm, in order (:meth:`_Event.rate`):

1. *Estimates.* Unrated and provisional players are rated from their performance, which
   depends on their opponents' ratings, some of which are themselves estimates. Every
   unrated or provisional player starts with no estimate. In each iteration ("pass") every
   one of them gets a new estimate from the previous pass's values (all at once, so the
   order of players does not matter): an unrated player's is the performance
   ``mean(Ropp +/- 400)``, a provisional player's the weighted average
   ``(Ro*Go + sum(Ropp +/- 400))/(Go + Ge)``. Rated and foreign opponents count at their
   rating, unrated and provisional ones at their current estimate; a game against a
   player who has no estimate yet is skipped in that pass. The estimates have converged
   when no estimate moved by 0.1 or more (getting a first estimate is a move); after 50
   passes without that the event cannot be rated (:class:`~xlrating.errors.ConvergenceError`).
2. *Rated players.* change = K x sum(s - e), unrounded. Decision (the documents say only
   "count at their current performance estimate"): a rated player sees each unrated or
   provisional opponent at that opponent's converged estimate, the very value the
   opponent publishes (unrounded), and each foreign opponent at the foreign rating. The
   performance is computed against the same ratings.
3. *Bonuses* (:func:`~xlrating.icu.formulas.bonus`) for rated players.
4. *Second rating*, only if someone won a bonus: each bonus winner is counted by every
   opponent (rated, provisional or unrated) at rating + change + bonus, with the first
   rating's change; the estimates are iterated again, starting from the first rating's
   converged values, and every rated player's change is computed again. Bonuses are not
   recomputed.
5. *Publication.* Rated: round(R + change + bonus), where ``PlayerOutcome.change`` is the
   unrounded K x sum(s - e) of the last rating, without the bonus. Provisional: the
   rounded converged weighted average (``change`` is it minus the prior rating). Unrated:
   the rounded converged performance. Foreign: the rating, unchanged. Rounding takes
   halves away from zero. A player whose prior games plus event games reach 20 becomes
   fully rated after the event (a note says so; ``post_games`` counts the games and
   :func:`~xlrating.icu.player.kind_after` gives the kind). A player with no game that
   could be rated is ``NOT_RATED`` and keeps the rating as given; so is an unrated or
   provisional player whose new rating would round below the lowest rating (1,
   :attr:`~xlrating.icu.rules.IcuRules.lowest_rating`), whom opponents still count at
   his estimate.

An unrated or provisional player's game lines show the opponent ratings of the last pass
(for unrated and provisional opponents, their estimates of the pass before), which
reproduce the published estimate exactly.

The numbers come from a numeric core (:mod:`.core`: every game from each player's side,
grouped by player in round order): in plain Python for a small event, on numpy arrays
(:mod:`.core_numpy`) for a large one (from :data:`FROM_SIDES` game sides) if numpy can be
imported. Both take every sum in the same order as the rules' one-game-at-a-time working,
so the numbers are the same to the last bit.

Every number above is computed before :func:`rate_event` returns (an error in the input is
raised there); what is left is turning the kept values into :class:`PlayerOutcome` records:
the notes and, with ``explain=True``, the steps and game lines, built from the core's
intermediate values (``explain=False`` skips them). For an event on arrays that is done for
each player the first time his outcome is read (:class:`~xlrating.model.Outcomes`); a small
event's outcomes are built at once, a plain tuple.
"""

from __future__ import annotations

import functools
import math
from collections import Counter, deque
from collections.abc import Callable, Sequence
from datetime import date
from itertools import accumulate, compress, repeat
from operator import is_, is_not
from typing import Any, cast

from .. import _check, _vector
from .._columns import MANY, empty_columns, picker, put_columns, put_row
from .._gc import collector_paused
from .._player_columns import checked_players, field_values, fields_of, records
from .._sides import checked_columns
from ..errors import ArgumentError, ConvergenceError
from ..model import (
    EventOutcome,
    EventType,
    Game,
    GameLine,
    Method,
    Outcomes,
    PlayerOutcome,
    Step,
    game_columns,
    outcome_records,
)
from .core import Core, Estimates, Ratings, Scores
from .core_plain import PlainCore
from .formulas import BonusWorking, explain_bonus, explain_k, k_rule, ks_by_dates
from .player import IcuPlayer, PlayerKind, classify, kind_after
from .rules import IcuRules, RulesLike, get_rules

__all__ = ["IcuPlayer", "PlayerKind", "classify", "kind_after", "rate_event"]

Parameters = tuple[tuple[str, str], ...]

FROM_SIDES = 1000
"""The event size (game sides, twice the games) from which the numpy core rates it: below
it numpy's fixed cost per call outweighs its speed. Measured with ``benchmarks/bench_icu.py
--path``: the two cores are even at about 500 games (a 110-player Swiss of 9 rounds); at
350 games the plain core is 4% faster, at 720 games numpy is 8% faster without
explanations (6% with them)."""


def _core(players: Sequence[IcuPlayer], games: Sequence[Game], rules: IcuRules, explain: bool = True,
          numbers: list[int] | None = None) -> Core:
    """The numeric core for the event: on numpy arrays if it is large enough and numpy can be
    imported, else in plain Python (the same numbers either way); ``explain``: whether the
    explanations will read the sides by position; ``numbers``: the players' numbers, if read."""
    if numbers is None:
        numbers = field_values(players, "number")
    if _vector.vectorised(2 * len(games), FROM_SIDES):
        from .core_numpy import NumpyCore
        return NumpyCore(players, numbers, games, rules, explain)
    return PlainCore(players, numbers, games, rules)


def _label(event_name: str) -> str:
    return f"Event {event_name!r}" if event_name else "The event"


def _passes(last: int) -> str:
    return "pass 1" if last == 1 else f"passes 1-{last}"


def _skipped_tail(last: int) -> str:
    """The note on games skipped in the first passes up to ``last``, after the opponent's number."""
    return f" skipped in {_passes(last)}: no estimate"


def _skipped_note(opponent: int, last: int) -> str:
    """The note on games against ``opponent``, skipped in the first passes up to ``last``."""
    return f"games against {opponent}{_skipped_tail(last)}"


_FOREIGN_NOTE = ("foreign rating: not changed",)
"""The note of a foreign player."""

_BECOMES_RATED = ("becomes fully rated after this event",)
"""The note of an unrated or provisional player whose games after the event reach the provisional
limit."""


@functools.lru_cache(maxsize=256)
def _bonus_note(bonus: int) -> tuple[str]:
    """A bonus winner's note (each bonus's written once, shared by its winners' outcomes)."""
    return (f"bonus {bonus}",)


def _add_skip_notes(texts: list[str], never: dict[int, None], skipped: dict[int, int]) -> range:
    """One player's notes on games against opponents without an estimate, added to ``texts``:
    those never rated (``never``, the opponents' numbers), then those skipped in the first
    passes (``skipped``, each opponent's number and the pass of his first estimate). Returns
    where they are in ``texts``; ``never`` and ``skipped`` are emptied for the next player."""
    begin = len(texts)
    if never:
        texts += [f"game against {o} not rated: {o} has no estimate (no game against a rated, "
                  f"foreign or estimated player)" for o in never]
        texts += [_skipped_note(o, last) for o, last in skipped.items() if o not in never]
    else:  # (nearly always: at 10,000 players 0.3 ms less than the lines above)
        texts += map(_skipped_note, skipped, skipped.values())
    never.clear()
    skipped.clear()
    return range(begin, len(texts))


@functools.lru_cache(maxsize=16)
def _rule_parameters(r: IcuRules) -> tuple[Parameters, Parameters]:
    """The rules' parameters as text: those listed before the iterations, and those after
    (the same for every event under the rules, so written once)."""
    before = (
        ("K", f"{r.k_high:g} from {r.k_high_rating:g}; else {r.k_junior:g} under {r.junior_age}; "
              f"else {r.k_new_member:g} member under {r.new_member_years} years; else {r.k_standard:g}"),
        ("Iteration threshold", f"{r.iteration_threshold:g}"),
        ("Iteration limit", str(r.iteration_limit)),
    )
    after = (
        ("Bonus", f"none if K <= {r.bonus_max_no_k:g}, games <= {r.bonus_max_no_games}, change <= "
                  f"{r.bonus_min_change:g} or rating (+ change) >= {r.bonus_rating_limit:g}; threshold "
                  f"{r.bonus_base:g} + {r.bonus_per_game:g}(n - {r.bonus_max_no_games}); x "
                  f"{r.bonus_factor:g} if K >= {r.bonus_high_k:g}; capped at {r.bonus_rating_limit:g} "
                  f"and the performance"),
        ("Provisional limit", f"{r.provisional_limit} games"),
        ("Lowest rating", "none" if r.lowest_rating is None else
         f"{r.lowest_rating:g} (an unrated or provisional player whose new rating would be lower is "
         f"not rated)"),
    )
    return before, after


class _Event:
    """The state of one event being rated."""

    def __init__(self, players: Sequence[IcuPlayer], games: Sequence[Game], k_date: date | None,
                 rules: IcuRules, event_name: str, explain: bool, shared: Parameters,
                 groups: list[int] | None = None, k_dates: list[date] | None = None,
                 numbers: list[int] | None = None) -> None:
        self.players = players
        self.groups = groups
        """Each player's group (several events rated at once, :func:`rate_event`'s ``groups``)."""
        self.k_dates = k_dates
        """Each player's date K is decided on (several events at once, :func:`rate_event`'s
        ``start_dates``); ``None``: :attr:`k_date` for every player."""
        self.first_rating: Estimates | None = None
        """Of several events at once: the first rating's estimates (an event without a bonus
        winner keeps them through the second rating)."""
        self.shared = shared
        self.rules = rules
        self.event_name = event_name
        self.k_date = k_date
        self.explain = explain
        self.core = _core(players, games, rules, explain, numbers)
        self.on_arrays = not isinstance(self.core, PlainCore)
        """Whether the numpy core rates the event (then its outcomes are built as they are read)."""
        if explain or not self.on_arrays:  # its steps read the players one by one: each record built once
            self.players = players = records(players)
        self.k: list[float | None] = [None] * len(players)
        self.k_reason: list[str] = [""] * len(players)
        self.history: dict[str, list[tuple[list[float], list[int]]]] = {}
        """With explanations, per rating ("first", "second"): each pass's values and game counts
        of the unrated and provisional players."""
        self.first_estimate: list[int] = []
        """The pass of the first rating in which each player got his first estimate (0: never)."""
        self.first_scores: Scores | None = None
        """The rated players' games in the first rating (the bonus's working starts from them)."""
        self.workings: dict[int, BonusWorking] = {}
        """The bonus's working for each rated player whom its first conditions did not refuse."""
        self.bonus_ratings: dict[int, float] = {}
        """Each bonus winner's rating + change + bonus, as opponents see him in the second rating."""
        # Filled in by outcomes(), for building each player's outcome:
        self.post: list[int | None] = []
        """Each player's published rating (``None``: not rated or foreign)."""
        self.bonus: list[int] = []
        """Each player's bonus (0: none)."""
        self.bonus_points: list[float] = []
        """Each player's bonus as a float, as his outcome gives it."""
        self.skips: dict[int, range] = {}
        """Per player with games against opponents without an estimate: where his notes on them
        are in :attr:`skip_texts`."""
        self.skip_texts: list[str] = []
        """The notes on games against opponents without an estimate, player after player."""
        self.sides: tuple[Sequence[int], Sequence[int], Sequence[float]] = ((), (), ())
        """With explanations, per side: the round, the opponent's number and the points scored."""
        self.scored: tuple[Scores, Scores] | None = None
        """With explanations, the rated players' last scores and the other players'."""
        self.game_lines: list[GameLine] | None = None
        """With explanations, in a small event: every side's game line."""
        self.position: dict[int, int] = {}
        """Player index -> position among the unrated and provisional players."""

    # -- the whole event ------------------------------------------------------------------------------

    def rate(self) -> EventOutcome:
        """The ICU rating program's steps: K; the estimates (first rating); rated players'
        changes; bonuses; if any, the second rating with the winners at their bonus rating;
        publication."""
        self.set_k()
        first = self.iterate(self.fixed_ratings(), "first")
        self.first_estimate = first.first
        scores = self.core.score_rated(first.seen, self.k, self.explain)
        if self.explain:  # (kept for the bonus's working; without explanations, let go as soon as may be)
            self.first_scores = scores
        bonuses = self.award_bonuses(scores)
        final, second_iterations = first, None
        if bonuses:
            second_start = self.count_at_bonus_ratings(first.seen, scores, bonuses)
            final = self.iterate(second_start, "second", bonuses)
            second_iterations = final.iterations
            scores = self.core.score_rated(final.seen, self.k, self.explain)
        return EventOutcome(
            system="ICU",
            rules=self.rules.name,
            players=self.outcomes(final, scores, bonuses),
            parameters=self.shared + self.parameters(first.iterations, second_iterations),
            notes=self.notes(first.iterations, second_iterations, bonuses),
        )

    # -- K --------------------------------------------------------------------------------------------

    def set_k(self) -> None:
        """K of every rated player who has a game (ICU rating program, K-factor)."""
        limit, count = self.rules.provisional_limit, self.core.count
        rated = PlayerKind.RATED  # (a local name: an enum's member is slow to look up)
        factors, reasons = self.k, self.k_reason
        players, core = self.players, self.core
        games, given = core.pre_games, field_values(players, "k")
        ruled = []  # the rated players with a game and no K given: K by the rules
        for i in compress(range(len(players)), map(is_, core.kinds, repeat(rated))):
            if (prior := games[i]) is not None and prior < limit:
                raise ArgumentError(f"Player {players[i].number}: a rated player has {limit} or more "
                                    f"prior games, not {prior} (fewer make a provisional player)")
            if (k := given[i]) is not None:
                factors[i] = k
            elif count[i]:
                ruled.append(i)
        if self.explain:  # (the reasons in words are read only by the explanations)
            for i in compress(range(len(players)), map(is_not, factors, repeat(None))):
                reasons[i] = "given"
        self.ruled_k(ruled)
        provisional = PlayerKind.PROVISIONAL
        for i in core.iterated:
            if core.kinds[i] is provisional and (prior := games[i]) is not None and prior >= limit:
                raise ArgumentError(f"Player {players[i].number}: a provisional player has 1 to {limit - 1} "
                                    f"prior games, not {prior} (more make a rated player)")

    def ruled_k(self, ruled: list[int]) -> None:
        """K of the rated players at ``ruled`` by the rules, from their rating, age and membership
        (ICU rating program, K-factor); every player whose K cannot be decided is named at once."""
        dates, k_date, explain, rules = self.k_dates, self.k_date, self.explain, self.rules
        ratings, factors, reasons, players = self.core.pre_rating, self.k, self.k_reason, self.players
        born, joined = fields_of(players, ("birth_date", "joined"), ruled)
        # (numbers only: K by comparing dates, the reason in words being read only by an
        # explanation; the players whose K that does not decide are left to k_rule)
        rows = range(len(ruled)) if explain else self.k_by_start(ruled, born, joined)
        missing: list[str] = []  # one line each
        for j in rows:
            i, birth_date, joined_on = ruled[j], born[j], joined[j]
            rating = ratings[i]
            assert rating is not None
            on = k_date if dates is None else dates[i]
            try:
                if explain:
                    factors[i], reasons[i] = explain_k(rating, birth_date, joined_on, on, rules)
                else:  # the reason in words is read only by the explanation
                    factors[i] = k_rule(rating, birth_date, joined_on, on, rules)[0]
            except ArgumentError as error:
                missing.append(f"Player {players[i].number}: {error}")
        if missing:
            raise ArgumentError("\n".join(missing))

    def k_by_start(self, ruled: list[int], born: list[date | None], joined: list[date | None]) -> list[int]:
        """K of the rated players at ``ruled`` (``born``, ``joined``: their dates of birth and
        joining) decided by comparing dates, the players of each start in one loop
        (:func:`~xlrating.icu.formulas.ks_by_dates`; at 10,000 players, 3,926 of them with K from
        dates, 0.56 ms where a call of the rule for each took 0.70). Returns where in ``ruled``
        the players are whose K is not decided so (no start, a date missing or after it, or rules
        the comparisons do not cover), in order: :func:`~xlrating.icu.formulas.k_rule` decides
        theirs or names the problem."""
        starts: dict[date, list[int]] = {}
        left: list[int] = []  # (no start: K cannot be decided)
        if self.k_dates is not None:
            for j, i in enumerate(ruled):
                starts.setdefault(self.k_dates[i], []).append(j)
        elif self.k_date is not None:
            starts[self.k_date] = list(range(len(ruled)))
        else:
            left = list(range(len(ruled)))
        ratings, factors = picker(ruled)(self.core.pre_rating), self.k
        for on, rows in starts.items():
            pick = picker(rows) if len(rows) < len(ruled) else list  # (all of them: as they are)
            for j, k in zip(rows, ks_by_dates(on, self.rules)(pick(ratings), pick(born), pick(joined)),
                            strict=True):
                if k is None:
                    left.append(j)
                else:
                    factors[ruled[j]] = k
        return sorted(left)

    # -- step 1: the estimates ------------------------------------------------------------------------

    def fixed_ratings(self) -> Ratings:
        """Every player as opponents first see him: rated and foreign players at their rating,
        unrated and provisional players with no estimate."""
        return self.core.fixed_ratings()

    def iterate(self, start: Ratings, phase: str, bonuses: dict[int, int] | None = None) -> Estimates:
        """The estimates from ``start``, in passes until none moves by the threshold or more;
        :class:`~xlrating.errors.ConvergenceError` if they still move after the iteration limit.
        Of several events at once (:attr:`groups`), each event's as if it were rated alone: the
        second rating (``bonuses``, the winners) is made only of the events with a winner, the
        others keeping the first rating's estimates (:attr:`first_rating`)."""
        groups = self.groups
        if groups is None:
            estimates = self.core.iterate(start, self.explain)
        elif bonuses is None or self.first_rating is None:
            estimates = self.first_rating = self.core.iterate(start, False, groups)
        else:
            only = frozenset(groups[i] for i in bonuses)
            estimates = self.core.iterate(start, False, groups, only)
            kept = self.first_rating.before
            estimates.before = [now if groups[i] in only else then
                                for i, (now, then) in enumerate(zip(estimates.before, kept, strict=True))]
        if estimates.moved:
            raise ConvergenceError(self.not_converged(estimates.moved, phase))
        if self.explain:
            self.history[phase] = estimates.history
        return estimates

    def not_converged(self, moved: list[tuple[int, float, float]], phase: str) -> str:
        rules = self.rules
        shown = []
        for i, before, now in moved[:5]:
            n = self.players[i].number
            shown.append(f"player {n}: first estimate {now:.1f}" if math.isnan(before)
                         else f"player {n}: {before:.1f} to {now:.1f}")
        more = f" and {len(moved) - 5} more" if len(moved) > 5 else ""
        return (f"{_label(self.event_name)} cannot be rated: the estimates of its unrated and provisional "
                f"players still moved by {rules.iteration_threshold:g} or more after {rules.iteration_limit} "
                f"iterations ({phase} rating; {'; '.join(shown)}{more})")

    # -- step 3: bonuses ------------------------------------------------------------------------------

    def award_bonuses(self, scores: Scores) -> dict[int, int]:
        """Each rated player's bonus from the first rating (ICU rating program, bonus); player
        index -> bonus, for the winners only, in the players' order. Without explanations the
        core finds them (numbers only, on arrays for a large event); with them, the players whom
        the bonus's first conditions do not refuse are worked out here in words, and every other
        rated player's working when his outcome is built (:meth:`bonus_steps`)."""
        if not self.explain:
            return self.core.bonuses(scores, self.k)
        bonuses: dict[int, int] = {}
        for i in self.core.bonus_candidates(scores, self.k, False):
            own, k = self.players[i].rating, self.k[i]
            assert own is not None and k is not None
            self.workings[i] = working = explain_bonus(own, scores.change[i], scores.count[i], k,
                                                       scores.performances[i], self.rules)
            if working.bonus > 0:
                bonuses[i] = working.bonus
        return bonuses

    def bonus_steps(self, i: int, own: float, k: float) -> list[Step]:
        """Rated player i's bonus working, from the first rating; with his bonus rating if
        he won one (``own``: his rating)."""
        first = self.first_scores
        assert first is not None
        count = first.count[i]
        if not count:
            return []
        change, performance = first.change[i], first.performances[i]
        working = self.workings.get(i) or explain_bonus(own, change, count, k, performance, self.rules)
        steps = [Step("First rating: change", change, "K x (score - expected)"),
                 Step("First rating: performance", performance), *working.steps]
        if i in self.bonus_ratings:
            steps.append(Step("Bonus rating", self.bonus_ratings[i],
                              "rating + change + bonus, as opponents see it in the second rating"))
        return steps

    # -- step 4: the second rating --------------------------------------------------------------------

    def count_at_bonus_ratings(self, seen: Ratings, scores: Scores, bonuses: dict[int, int]) -> Ratings:
        """The ratings opponents see in the second rating: each bonus winner at rating + change
        + bonus (the first rating's change); everyone else as the first rating ended."""
        start = self.core.at_bonus_ratings(seen, scores, bonuses)
        if self.explain:  # (read only by an explanation)
            self.bonus_ratings = {i: start[i] for i in bonuses}
        return start

    # -- step 5: publication --------------------------------------------------------------------------

    def outcomes(self, final: Estimates, rated: Scores, bonuses: dict[int, int]) -> Sequence[PlayerOutcome]:
        """Every player's outcome, in the order given: the numbers left (the other players'
        games, the published ratings, the skipped games) computed now; each outcome built now
        for a small event, when it is first read for one on arrays."""
        others = self.core.score_others(final, self.explain)
        self.post = self.published(final.seen, rated, bonuses)
        self.bonus, self.bonus_points = [0] * len(self.post), [0.0] * len(self.post)
        for i, b in bonuses.items():  # (the winners only)
            self.bonus[i], self.bonus_points[i] = b, float(b)
        self.skips, self.skip_texts = self.skipped_games(final.seen)
        seen = list(final.seen)  # (the outcomes need no other list of the estimates: the rest is let go)
        if self.explain:
            self.sides, self.scored = self.core.every_side(), (rated, others)
            self.position = {i: j for j, i in enumerate(self.core.iterated)}
            if not self.on_arrays:
                self.game_lines = self.side_lines(0, self.core.start[-1])
        kinds, skips = self.core.kinds, self.skips
        rated_kind = PlayerKind.RATED  # (a local name: an enum's member is slow to look up)
        post, below = self.post, self.below_lowest
        # the unrated and provisional players who are rated (an estimate, not below the lowest rating):
        rated_estimates = [i for i in self.core.iterated if (new := post[i]) is not None and not below(new)]
        everyone = range(len(kinds))
        foreign = list(compress(everyone, map(is_, kinds, repeat(PlayerKind.FOREIGN))))

        def build(i: int) -> PlayerOutcome:
            kind, notes = kinds[i], self.skip_notes(i) if i in skips else []
            if kind is rated_kind:
                return self.rated_outcome(i, rated, notes)
            if kind is PlayerKind.FOREIGN:
                return self.foreign_outcomes([i], others)[0]
            return self.estimated_outcome(i, seen, others, notes)

        def many(positions: Sequence[int]) -> list[PlayerOutcome]:
            """The outcomes at ``positions``: the rated players with a rated game all at once
            (:meth:`rated_outcomes`), the unrated and provisional players who are rated and the
            foreign players all at once if they are many (:meth:`estimated_outcomes`,
            :meth:`foreign_outcomes`), the others one by one."""
            # (found without looking at each player's kind: at 10,000 players 0.3 ms less; the
            # rated players' scoring counts no one else's games)
            whole = positions == everyone
            counts = rated.count if whole else picker(positions)(rated.count)
            # (each record put in its place in the list handed back, not looked up in a dict by
            # position: at 10,000 players about 0.5 ms less)
            made: list[PlayerOutcome | None] = [None] * len(positions)
            put = made.__setitem__
            at = list(compress(range(len(positions)), counts))  # (the rated players with a rated game)
            deque(map(put, at, self.rated_outcomes(at if whole else picker(at)(positions), rated)), 0)
            place = None if whole else {i: j for j, i in enumerate(positions)}
            batches: tuple[tuple[list[int], Callable[[list[int]], list[PlayerOutcome]]], ...] = (
                (rated_estimates, lambda group: self.estimated_outcomes(group, seen, others)),
                (foreign, lambda group: self.foreign_outcomes(group, others)))
            for group, outcomes in batches:
                mine = group if place is None else [i for i in group if i in place]
                if len(mine) >= MANY:
                    slots = mine if place is None else map(place.__getitem__, mine)
                    deque(map(put, slots, outcomes(mine)), 0)
            for j in list(compress(range(len(made)), map(is_, made, repeat(None)))):  # the others
                made[j] = build(positions[j])
            return cast("list[PlayerOutcome]", made)

        def columns(names: Sequence[str]) -> dict[str, list[Any]]:
            """The fields ``names`` of every outcome, from the values :func:`many` and
            :func:`build` build the records of (:data:`xlrating.model.ColumnSource`)."""
            found = empty_columns(names, len(kinds))
            elo = list(compress(everyone, rated.count))
            put_columns(found, elo, self.rated_fields(elo, rated), method=Method.ELO)
            put_columns(found, rated_estimates, self.estimated_fields(rated_estimates, seen, others))
            put_columns(found, foreign, self.foreign_fields(foreign, others), method=Method.FOREIGN)
            for i in sorted(set(everyone).difference(elo, rated_estimates, foreign)):
                put_row(found, i, self.other_fields(i, others))
            return found

        if self.on_arrays:
            return Outcomes(self.core.numbers, build, many, columns)
        return tuple(many(everyone))

    def published(self, seen: Ratings, rated: Scores, bonuses: dict[int, int]) -> list[int | None]:
        """Each player's new rating, rounded: a rated player's R + change + bonus, an unrated or
        provisional player's converged estimate (``None``: foreign, or no rated game)."""
        return self.core.published(seen, rated, bonuses)

    def side_lines(self, begin: int, end: int) -> list[GameLine]:
        """The game lines of sides ``begin:end``: a rated player's from the rated players'
        scores (with K(s - e)), everyone else's from the other players'; a skipped game has
        no opponent rating."""
        rounds, opponents, points = self.sides
        assert self.scored is not None
        rated, others = self.scored
        assert rated.seen is not None and rated.e is not None and rated.delta is not None
        assert others.seen is not None and others.e is not None
        lines = []
        for rnd, opponent, s, seen, e, delta, other_seen, other_e in zip(
                rounds[begin:end], opponents[begin:end], points[begin:end], rated.seen[begin:end],
                rated.e[begin:end], rated.delta[begin:end], others.seen[begin:end], others.e[begin:end],
                strict=True):
            if seen == seen:  # not NaN: a rated player's game, rated
                lines.append(GameLine(rnd, opponent, s, seen, e, delta))
            elif other_seen == other_seen:  # another player's game, rated
                lines.append(GameLine(rnd, opponent, s, other_seen, other_e, None))
            else:
                lines.append(GameLine(rnd, opponent, s, None))
        return lines

    def lines(self, i: int, skipped: bool = False) -> tuple[GameLine, ...]:
        """Player i's game lines (``skipped``: as if every game were skipped); explanations
        only. A small event's were all built at once; an event on arrays builds each
        player's when his outcome is built."""
        begin, end = self.core.start[i], self.core.start[i + 1]
        lines = self.side_lines(begin, end) if self.game_lines is None else self.game_lines[begin:end]
        if skipped:
            return tuple([GameLine(g.round, g.opponent, g.score, None) for g in lines])
        return tuple(lines)

    def skipped_games(self, seen: Ratings) -> tuple[dict[int, range], list[str]]:
        """The notes on games against unrated or provisional opponents who had no estimate, by
        player: the opponents whose games are never rated (no estimate at all), and, for an
        unrated or provisional player, every other such opponent with the last pass of the first
        rating in which he had none. Returns where each player's notes are (:attr:`skips`) and
        the notes (:attr:`skip_texts`)."""
        # Nothing is made per side or per player that outlives his turn: the sides come as
        # columns (zip makes no tuple per side), two dicts serve every player in turn and the
        # notes are kept in one list. Python's collector counts every new tuple, dict and list (a
        # small one freed to a free list is not counted off) and runs once the count passes 700
        # when the event is rated, over every list kept for the outcomes: 1.3 ms at 10,000 players.
        estimated = (PlayerKind.UNRATED, PlayerKind.PROVISIONAL)
        kinds, first = self.core.kinds, self.first_estimate
        skips: dict[int, range] = {}
        texts: list[str] = []
        never: dict[int, None] = {}  # the current player's opponents whose games are never rated
        skipped: dict[int, int] = {}  # (unrated or provisional) each such opponent: his first estimate's pass
        players, opponents, nevers = self.core.skipped(seen)
        if self.on_arrays and not any(nevers):  # (a large event, every opponent with an estimate)
            return self.first_pass_skips(players, opponents)
        current, mine, numbers = -1, False, self.core.numbers
        for i, o, not_rated in zip(players, opponents, nevers, strict=True):
            number = numbers[o]
            if i != current:  # the first of player i's sides (they come by player)
                if current >= 0:
                    skips[current] = _add_skip_notes(texts, never, skipped)
                current, mine = i, kinds[i] in estimated
            if not_rated:
                never[number] = None
            if mine:
                skipped.setdefault(number, first[o])
        if current >= 0:
            skips[current] = _add_skip_notes(texts, never, skipped)
        return skips, texts

    def first_pass_skips(self, players: list[int], opponents: list[int]
                         ) -> tuple[dict[int, range], list[str]]:
        """:meth:`skipped_games` of a large event (on arrays: for a small one the fixed cost of
        this way is not repaid) where every opponent has an estimate (``players``, ``opponents``:
        each unrated and provisional player's unrated and provisional opponents, by player, each
        once, in the order of their first game): each player's note on each such opponent, the
        last pass of the first rating in which the opponent had none. Each opponent's note is
        written once and shared by his opponents' outcomes; each side is an int, not a tuple (see
        :meth:`skipped_games`): at 10,000 players 0.3 ms less than player after player."""
        numbers, first = self.core.numbers, self.first_estimate
        named = list(dict.fromkeys(opponents))  # each opponent once
        last = list(map(first.__getitem__, named))
        tail = {n: _skipped_tail(n) for n in set(last)}
        note = {o: f"games against {numbers[o]}{tail[n]}"  # (as _skipped_note writes it)
                for o, n in zip(named, last, strict=True)}
        per_player = Counter(players)  # (in order: the sides come by player)
        ends = list(accumulate(per_player.values()))
        skips = dict(zip(per_player, map(range, [0, *ends[:-1]], ends), strict=True))
        return skips, list(map(note.__getitem__, opponents))

    def skip_notes(self, i: int) -> list[str]:
        """Notes on player i's games against opponents who had no estimate (he is in
        :attr:`skips`): never (the game is not rated), or in the first passes of the first
        rating."""
        at = self.skips[i]
        return self.skip_texts[at.start:at.stop]

    def other_fields(self, i: int, scores: Scores) -> dict[str, Any]:
        """The numeric fields of the outcome of player i, who is neither a rated player with a
        rated game nor an unrated or provisional player who is rated (``scores``: the other
        players' scoring): as :func:`outcomes`'s ``build`` builds his record."""
        kind = self.core.kinds[i]
        if kind is PlayerKind.RATED:
            return self.unchanged_fields(i)
        if self.post[i] is None:
            return self.not_estimated_fields(i)
        return self.refused_fields(i, scores)

    def rated_outcome(self, i: int, scores: Scores, notes: list[str]) -> PlayerOutcome:
        own, count = self.players[i].rating, scores.count[i]
        explain = self.explain
        if not count:
            return PlayerOutcome(
                **self.unchanged_fields(i), games=self.lines(i) if explain else (),
                steps=(Step("Rating", own), Step("New rating", own, "no rated game: unchanged"))
                if explain else (),
                notes=(*notes, "no rated game: rating unchanged"),
            )
        return self.rated_outcomes([i], scores)[0]

    def unchanged_fields(self, i: int) -> dict[str, Any]:
        """The numeric fields of rated player i's outcome, who has no rated game: his rating
        unchanged (every other field at its default)."""
        p = self.players[i]
        own = p.rating
        assert own is not None
        return {"player": p.number, "method": Method.NOT_RATED, "rated_games": 0, "rated_score": 0.0,
                "pre_rating": own, "pre_games": p.games, "post_rating": own, "post_games": p.games,
                "initial_rating": own, "initial_games": p.games, "k": self.k[i]}

    def rated_outcomes(self, positions: Sequence[int], scores: Scores) -> list[PlayerOutcome]:
        """The outcomes of the rated players at ``positions``, each with a rated game, built
        field by field for all of them at once."""
        bonus = picker(positions)(self.bonus)
        return outcome_records({
            **self.rated_fields(positions, scores),
            **self.rated_explanations(positions, scores, bonus), "notes": self.rated_notes(positions, bonus),
        }, method=Method.ELO)

    def rated_fields(self, positions: Sequence[int], scores: Scores) -> dict[str, Sequence[Any]]:
        """The numeric fields (but the method, :attr:`~xlrating.model.Method.ELO`) of the
        outcomes of the rated players at ``positions``, each with a rated game: each field's
        values for all of them."""
        pick, core = picker(positions), self.core
        own, prior, count = pick(core.pre_rating), pick(core.pre_games), pick(scores.count)
        return {
            "player": pick(self.core.numbers), "rated_games": count,
            "rated_score": pick(scores.score), "pre_rating": own, "pre_games": prior,
            "post_rating": pick(self.post),
            "post_games": prior if prior.count(None) == len(prior)  # (no prior games given: none after)
            else [None if n is None else n + m for n, m in zip(prior, count, strict=True)],
            "initial_rating": own, "initial_games": prior, "change": pick(scores.change),
            "k": pick(self.k),
            "bonus": pick(self.bonus_points),
            "expected_score": pick(scores.expected), "performance": pick(scores.performances),
        }

    def rated_notes(self, positions: Sequence[int], bonus: Sequence[int]) -> list[tuple[str, ...]]:
        """The notes of the rated players at ``positions``: games against opponents without an
        estimate, and the bonus (``bonus``: each one's)."""
        skips, texts = self.skips, self.skip_texts
        notes: list[tuple[str, ...]] = [()] * len(positions)
        # (only the few with games against an opponent who never had an estimate have notes on
        # games: found in one C loop, not looked at one by one)
        for j in compress(range(len(positions)), map(skips.__contains__, positions)):
            at = skips[positions[j]]
            notes[j] = tuple(texts[at.start:at.stop])
        for j in compress(range(len(bonus)), bonus):  # (the winners only)
            notes[j] = (*notes[j], *_bonus_note(bonus[j])) if notes[j] else _bonus_note(bonus[j])
        return notes

    def rated_explanations(self, positions: Sequence[int], scores: Scores, bonus: Sequence[int]
                           ) -> dict[str, list[tuple[Any, ...]]]:
        """The game lines and the steps of the rated players at ``positions``, by field; none
        without explanations (each field keeps its default, empty)."""
        if not self.explain:
            return {}
        return {"games": [self.lines(i) for i in positions],
                "steps": [self.rated_steps(i, scores, b) for i, b in zip(positions, bonus, strict=True)]}

    def rated_steps(self, i: int, scores: Scores, bonus: int) -> tuple[Step, ...]:
        """Rated player i's explanation: K, the bonus's working, the expected score, the
        change, the performance and the new rating."""
        own, k = self.players[i].rating, self.k[i]
        assert own is not None and k is not None
        change, expected, score = scores.change[i], scores.expected[i], scores.score[i]
        return (
            Step("Rating", own), Step("K", k, self.k_reason[i]), *self.bonus_steps(i, own, k),
            Step("Expected score", expected, "sum of 1/(1 + 10^((Ropp - R)/400))"),
            Step("Score", score),
            Step("Change", change, f"K x (score - expected) = {k:g} x ({score:g} - {expected:.3f})"),
            Step("Performance", scores.performances[i]),
            Step("New rating", self.post[i], f"round({own:g} + {change:.2f}"
                                             + (f" + bonus {bonus})" if bonus else ")")),
        )

    def foreign_outcomes(self, positions: Sequence[int], scores: Scores) -> list[PlayerOutcome]:
        """The outcomes of the foreign players at ``positions`` (their ratings used, not changed),
        built field by field for all of them at once (at 10,000 players, 199 of them in 0.14 ms
        where one by one took 0.42)."""
        fields = self.foreign_fields(positions, scores)
        skips, texts = self.skips.get, self.skip_texts
        notes = [_FOREIGN_NOTE if (at := skips(i)) is None else (*texts[at.start:at.stop], *_FOREIGN_NOTE)
                 for i in positions]
        explanations: dict[str, list[tuple[Any, ...]]] = {} if not self.explain else {
            "games": [self.lines(i) for i in positions],
            "steps": [(Step("Rating", rating, "foreign: used for opponents, not changed"),)
                      for rating in fields["pre_rating"]]}
        return outcome_records({**fields, **explanations, "notes": notes}, method=Method.FOREIGN)

    def foreign_fields(self, positions: Sequence[int], scores: Scores) -> dict[str, Sequence[Any]]:
        """The numeric fields (but the method, :attr:`~xlrating.model.Method.FOREIGN`) of the
        outcomes of the foreign players at ``positions``: each field's values for all of them."""
        pick, core = picker(positions), self.core
        ratings, count = pick(core.pre_rating), pick(scores.count)
        return {"player": pick(core.numbers), "rated_games": count, "rated_score": pick(scores.score),
                "pre_rating": ratings, "pre_games": pick(core.pre_games), "post_rating": ratings,
                "initial_rating": ratings,
                "expected_score": [e if n else None
                                   for e, n in zip(pick(scores.expected), count, strict=True)],
                "performance": pick(scores.performances)}

    def estimated_outcome(self, i: int, seen: list[float], scores: Scores, notes: list[str]) -> PlayerOutcome:
        """An unrated or provisional player's outcome: not rated without an estimate or below the
        lowest rating, else his published estimate (as :meth:`estimated_outcomes` builds many)."""
        p, explain = self.players[i], self.explain
        estimate, post = float(seen[i]), self.post[i]
        if post is not None and not self.below_lowest(post):
            count = scores.count[i]
            post_games = (p.games or 0) + count
            provisional = p.kind is PlayerKind.PROVISIONAL
            return PlayerOutcome(
                player=p.number, method=Method.PROVISIONAL if provisional else Method.PERFORMANCE,
                rated_games=count, rated_score=scores.score[i], pre_rating=p.rating, pre_games=p.games,
                post_rating=post, post_games=post_games, initial_rating=p.rating, initial_games=p.games,
                change=estimate - p.rating if provisional and p.rating is not None else None,
                expected_score=scores.expected[i], performance=scores.performances[i],
                games=self.lines(i) if explain else (),
                steps=self.estimated_steps(i, estimate, scores) if explain else (),
                notes=(*notes, *self.becomes_rated(post_games)))
        steps: list[Step] = []
        if explain and p.kind is PlayerKind.PROVISIONAL:
            steps.append(Step("Prior rating", p.rating, f"provisional, {p.games} games"))
        if post is None:  # no estimate
            if explain:
                steps += [*self.estimate_steps(i), Step("New rating", p.rating, "no game could be rated")]
            return PlayerOutcome(
                **self.not_estimated_fields(i), games=self.lines(i, skipped=True) if explain else (),
                steps=tuple(steps),
                notes=(*notes, "not rated: no game against a rated, foreign or estimated opponent"),
            )
        return self.refused_outcome(i, estimate, post, scores, steps, notes)

    def not_estimated_fields(self, i: int) -> dict[str, Any]:
        """The numeric fields of the outcome of unrated or provisional player i, who had no
        estimate: not rated, the rating as given kept."""
        p = self.players[i]
        return {"player": p.number, "method": Method.NOT_RATED, "rated_games": 0, "rated_score": 0.0,
                "pre_rating": p.rating, "pre_games": p.games, "post_rating": p.rating, "post_games": p.games,
                "initial_rating": p.rating, "initial_games": p.games}

    def below_lowest(self, post: int) -> bool:
        """Whether a new rating is below the lowest rating (an unrated or provisional player with
        it is not rated)."""
        lowest = self.rules.lowest_rating
        return lowest is not None and post < lowest

    def estimated_outcomes(self, positions: Sequence[int], seen: list[float], scores: Scores
                           ) -> list[PlayerOutcome]:
        """The outcomes of the unrated and provisional players at ``positions``, each rated (an
        estimate, not below the lowest rating), built field by field for all of them at once."""
        fields = self.estimated_fields(positions, seen, scores)
        estimates = list(map(float, picker(positions)(seen))) if self.explain else []
        explanations = self.estimated_explanations(positions, estimates, scores)
        return outcome_records({**fields, **explanations,
                                "notes": self.estimated_notes(positions, fields["post_games"])})

    def estimated_fields(self, positions: Sequence[int], seen: list[float], scores: Scores
                         ) -> dict[str, Sequence[Any]]:
        """The numeric fields of the outcomes of the unrated and provisional players at
        ``positions``, each rated (an estimate, not below the lowest rating): each field's values
        for all of them."""
        pick, core = picker(positions), self.core
        kind, methods = PlayerKind.PROVISIONAL, (Method.PERFORMANCE, Method.PROVISIONAL)  # (looked up once)
        provisional = [k is kind for k in pick(core.kinds)]
        ratings, prior, count = pick(core.pre_rating), pick(core.pre_games), pick(scores.count)
        estimates = list(map(float, pick(seen)))
        return {
            "player": pick(self.core.numbers),
            "method": [methods[q] for q in provisional],
            "rated_games": count, "rated_score": pick(scores.score), "pre_rating": ratings,
            "pre_games": prior, "post_rating": pick(self.post),
            "post_games": [(n or 0) + m for n, m in zip(prior, count, strict=True)],
            "initial_rating": ratings, "initial_games": prior,
            "change": [e - r if q and r is not None else None
                       for e, r, q in zip(estimates, ratings, provisional, strict=True)],
            "expected_score": pick(scores.expected), "performance": pick(scores.performances),
        }

    def estimated_explanations(self, positions: Sequence[int], estimates: list[float], scores: Scores
                               ) -> dict[str, list[tuple[Any, ...]]]:
        """The game lines and the steps of the rated unrated and provisional players at
        ``positions`` (``estimates``: each one's), by field; none without explanations."""
        if not self.explain:
            return {}
        return {"games": [self.lines(i) for i in positions],
                "steps": [self.estimated_steps(i, estimate, scores)
                          for i, estimate in zip(positions, estimates, strict=True)]}

    def estimated_notes(self, positions: Sequence[int], post_games: Sequence[int]) -> list[tuple[str, ...]]:
        """The notes of the rated unrated and provisional players at ``positions``: games against
        opponents without an estimate, and whether the player becomes fully rated
        (``post_games``: each one's games after the event)."""
        skips, texts, becomes = self.skips.get, self.skip_texts, _BECOMES_RATED
        limit = self.rules.provisional_limit
        notes: list[tuple[str, ...]] = []
        for i, games in zip(positions, post_games, strict=True):
            at = skips(i)
            if at is None:
                notes.append(becomes if games >= limit else ())
            else:
                notes.append((*texts[at.start:at.stop], *becomes) if games >= limit
                             else tuple(texts[at.start:at.stop]))
        return notes

    def becomes_rated(self, post_games: int) -> tuple[str, ...]:
        """The note of an unrated or provisional player whose games after the event reach the
        provisional limit."""
        return _BECOMES_RATED if post_games >= self.rules.provisional_limit else ()

    def estimated_steps(self, i: int, estimate: float, scores: Scores) -> tuple[Step, ...]:
        """A rated unrated or provisional player's explanation: each pass's estimate, the
        performance, the weighted average (provisional) and the new rating."""
        p, rules = self.players[i], self.rules
        count, performance = scores.count[i], scores.performances[i]
        assert performance is not None  # an estimate exists only with a game behind it
        steps = [*self.estimate_steps(i),
                 Step("Performance", performance, f"mean of Ropp +/- {rules.performance_offset:g} "
                                                  f"over {count} games")]
        if p.kind is PlayerKind.PROVISIONAL:
            steps.insert(0, Step("Prior rating", p.rating, f"provisional, {p.games} games"))
            steps.append(Step("Weighted average", estimate,
                              f"({p.rating:g} x {p.games or 0} + {performance:.2f} x {count}) / "
                              f"({p.games or 0} + {count})"))
        steps.append(Step("New rating", self.post[i], "rounded"))
        return tuple(steps)

    def refused_outcome(self, i: int, estimate: float, post: int, scores: Scores, steps: list[Step],
                        notes: list[str]) -> PlayerOutcome:
        """An unrated or provisional player whose estimate rounds below the lowest rating: not
        rated, the rating as given kept; the games and the performance are shown."""
        p, lowest, explain = self.players[i], self.rules.lowest_rating, self.explain
        reason = f"estimate {estimate:.1f} rounds to {post}, below the lowest rating {lowest:g}"
        if explain:
            steps += [*self.estimate_steps(i), Step("Performance", scores.performances[i]),
                      Step("New rating", p.rating, f"not rated: {reason}")]
        return PlayerOutcome(
            **self.refused_fields(i, scores), games=self.lines(i) if explain else (), steps=tuple(steps),
            notes=(*notes, f"not rated: {reason}"),
        )

    def refused_fields(self, i: int, scores: Scores) -> dict[str, Any]:
        """The numeric fields of the outcome of unrated or provisional player i, whose estimate
        rounds below the lowest rating: not rated, the rating as given kept; the games and the
        performance are shown."""
        p = self.players[i]
        return {"player": p.number, "method": Method.NOT_RATED, "rated_games": scores.count[i],
                "rated_score": scores.score[i], "pre_rating": p.rating, "pre_games": p.games,
                "post_rating": p.rating, "post_games": p.games, "initial_rating": p.rating,
                "initial_games": p.games, "expected_score": scores.expected[i],
                "performance": scores.performances[i]}

    def estimate_steps(self, i: int) -> list[Step]:
        """Player i's estimate in every pass that gave one, first rating then second."""
        j = self.position[i]
        games = self.core.start[i + 1] - self.core.start[i]
        steps = []
        for phase, history in self.history.items():
            label = phase.capitalize()
            for iteration, (values, counts) in enumerate(history, start=1):
                count = counts[j]
                if count > 0:
                    steps.append(Step(f"{label} rating, pass {iteration}: estimate", values[j],
                                      f"from {int(count)} of {games} games"))
        return steps

    # -- the event's parameters and notes -------------------------------------------------------------

    def parameters(self, first: int, second: int | None) -> tuple[tuple[str, str], ...]:
        before, after = _rule_parameters(self.rules)
        return (*before, ("Iterations, first rating", str(first)),
                ("Iterations, second rating", "not needed (no bonus)" if second is None else str(second)),
                *after)

    def notes(self, first: int, second: int | None, bonuses: dict[int, int]) -> tuple[str, ...]:
        threshold = f"no estimate moved by {self.rules.iteration_threshold:g} or more"
        notes = ["First rating: no unrated or provisional player, no iteration needed" if not first
                 else f"First rating: estimates converged after {first} iterations ({threshold})"]
        if bonuses:
            winners = ", ".join(f"{self.players[i].number} (+{b})" for i, b in bonuses.items())
            notes.append(f"Bonuses: {winners}; the event was rated a second time with them at "
                         f"rating + change + bonus")
            if second:
                notes.append(f"Second rating: estimates converged after {second} iterations ({threshold})")
        return tuple(notes)


def rate_event(
    players: Sequence[IcuPlayer],
    games: Sequence[Game],
    *,
    rules: RulesLike | None = None,
    event_type: EventType | str = "Swiss",
    start_date: date | None = None,
    end_date: date | None = None,
    event_name: str = "",
    explain: bool = True,
    groups: Sequence[int] | None = None,
    start_dates: Sequence[date] | None = None,
) -> EventOutcome:
    """Rate an event under ICU rules (the algorithm is in this module's docstring).

    ``players`` are :class:`IcuPlayer`, ``games`` each rated game once. ``rules``: ``None``
    (the ICU rules), ``"ICU"`` or an :class:`~xlrating.icu.rules.IcuRules`. ``event_type``
    is recorded (no ICU rule depends on it). K of a rated player below 2100 without an
    explicit K depends on age and membership at the event's start: ``start_date``, else
    ``end_date`` (an error names ``start_date`` if neither is given and K needs it).
    ``event_name`` names the event in a :class:`~xlrating.errors.ConvergenceError`.
    ``explain=False`` gives the same numbers with no steps and no game lines (for rating
    many events). Returns one :class:`~xlrating.model.PlayerOutcome` per player, in the
    order given: a tuple, or for an event rated on arrays an :class:`~xlrating.model.Outcomes`
    sequence that builds each when it is first read (every number is computed, and every
    error raised, before this returns).

    ``groups`` rates several events at once, numbers only (``explain=False``; the lists rate a
    season's events so, see :mod:`xlrating.lists`): each player's event, a whole number, by his
    position in ``players``; no game may join two events. Each event's estimates converge, and
    a bonus's second rating is made, as if it were rated alone (they share ``rules`` and the
    date K is decided on), so every player's outcome is the one rating his event alone gives;
    only the event-wide parameters and notes (the iterations) are the whole call's.
    ``start_dates`` gives each player's event's start date (numbers only), on which his K is
    decided: events that start on different days rated at once, each rated player's K that of
    his own event.
    """
    r = get_rules(rules)
    kind = EventType.parse(event_type)
    start, end = _check.event_options(start_date, end_date, event_name, explain)
    roster = checked_players(players, IcuPlayer, "an IcuPlayer")
    numbers = field_values(roster, "number")  # (read once: the checks and the core take them)
    _check.unique("players", numbers)
    played = checked_columns(games)  # checked and read as columns in full while the event is set up
    shared = (("Edition", r.name), ("Event type", kind.value),
              ("Start date", start.isoformat() if start else ""),
              ("End date", end.isoformat() if end else ""))
    k_date = start if start is not None else end
    grouped = None if groups is None else _groups(groups, numbers, played, explain)
    k_dates = (None if start_dates is None
               else _check.dates_per_player("start_dates", start_dates, len(roster), explain))
    with collector_paused():
        event = _Event(roster, played, k_date, r, event_name, explain, shared, grouped, k_dates, numbers)
        del played  # taken as sides: its columns go now, not after rating
        return event.rate()



def _groups(groups: object, numbers: list[int], games: Sequence[Game], explain: bool) -> list[int]:
    """``rate_event``'s ``groups``, checked: a whole number per player, numbers only, and no game
    between two groups."""
    if explain:
        raise ArgumentError("Argument 'groups': several events at once are rated for their numbers only "
                            "(explain=False)")
    given: Sequence[object] = _check.each("groups", groups, object, "a whole number")
    if not _check.all_whole(given):  # (whole numbers, as a season gives them, taken as they are)
        given = [_check.whole(f"groups[{i}]", value) for i, value in enumerate(given)]
    found = cast("list[int]", list(given))
    if len(found) != len(numbers):
        raise ArgumentError(f"Argument 'groups' must give one group per player ({len(numbers)}), "
                            f"not {len(found)}")
    group = dict(zip(numbers, found, strict=True))
    columns = game_columns(games)
    if list(map(group.get, columns.players)) == list(map(group.get, columns.opponents)):
        return found  # (no game joins two groups; else the first that does is named)
    for rnd, a, b in zip(columns.rounds, columns.players, columns.opponents, strict=True):
        if group.get(a) != group.get(b):
            raise ArgumentError(f"Argument 'groups': the game of players {a} and {b} in round {rnd} joins "
                                "two groups")
    return found
