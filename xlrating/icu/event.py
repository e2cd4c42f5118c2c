"""Rating a whole event under ICU rules (rules-beyond-seeds.md, ICU section).

The algorithm, in order:

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
   fully rated after the event (a note says so). A player with no game that could be
   rated is ``NOT_RATED`` and keeps the rating as given.

An unrated or provisional player's game lines show the opponent ratings of the last pass
(for unrated and provisional opponents, their estimates of the pass before), which
reproduce the published estimate exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import Any

from .. import _check
from ..errors import ArgumentError, ConvergenceError, EventError
from ..model import EventOutcome, Game, GameLine, Method, PlayerOutcome, Step, games_by_player
from .formulas import as_date, expected, explain_bonus, explain_k, publish
from .rules import IcuRules, get_rules


class PlayerKind(str, Enum):
    """The four ICU player types (rules-beyond-seeds.md, ICU, "Player types")."""

    RATED = "rated"
    """A full rating (20 or more games) and a K factor; rated by the Elo formula."""
    PROVISIONAL = "provisional"
    """A rating based on 1 to 19 games; rated by the weighted performance average."""
    FOREIGN = "foreign"
    """A rating from elsewhere (e.g. a visitor's FIDE rating): used for opponents, never changed."""
    UNRATED = "unrated"
    """No rating; rated by the performance in the event."""

    @classmethod
    def parse(cls, value: PlayerKind | str, name: str = "kind") -> PlayerKind:
        if isinstance(value, PlayerKind):
            return value
        return cls(_check.choice(name, value, (e.value for e in cls)))


@dataclass(frozen=True)
class IcuPlayer:
    """A player of an ICU-rated event with the prior data the rules need.

    Build one from a crosstable row with :func:`classify` deciding ``kind``.
    """

    number: int
    """Pairing number (the numbers in :class:`~xlrating.model.Game`)."""
    kind: PlayerKind
    """Rated, provisional, foreign or unrated (text such as ``"rated"`` is accepted)."""
    rating: float | None = None
    """Pre-event rating; required for every kind except unrated, which must have none."""
    games: int | None = None
    """Games behind the rating: required (1-19) for a provisional player; optional
    (20 or more) for a rated one, where it only feeds ``post_games``."""
    k: float | None = None
    """An explicit K (rated players only); ``None``: computed from rating, age and membership."""
    birth_date: date | None = None
    """Date of birth, for K (under 21 at the event's start: 40)."""
    joined: date | None = None
    """Date the player joined the ICU, for K (member under 8 years: 32)."""

    def __post_init__(self) -> None:
        try:
            _check.whole("number", self.number, low=1)
            object.__setattr__(self, "number", int(self.number))
            kind = PlayerKind.parse(self.kind)
            object.__setattr__(self, "kind", kind)
            if self.rating is not None:
                object.__setattr__(self, "rating", _check.rating("rating", self.rating))
            if self.games is not None:
                object.__setattr__(self, "games", _check.whole("games", self.games))
            if self.k is not None:
                object.__setattr__(self, "k", _check.positive("k", self.k))
            object.__setattr__(self, "birth_date", as_date("birth_date", self.birth_date))
            object.__setattr__(self, "joined", as_date("joined", self.joined))
            self._check_kind(kind)
        except ArgumentError as error:
            raise ArgumentError(f"Player {self.number!r}: {error}") from None

    def _check_kind(self, kind: PlayerKind) -> None:
        if kind is PlayerKind.UNRATED:
            if self.rating is not None:
                raise ArgumentError(f"an unrated player has no rating, not {self.rating:g}")
            if self.k is not None:
                raise ArgumentError(f"an unrated player has no K, not {self.k:g}")
            if self.games:
                raise ArgumentError(f"an unrated player has no prior games, not {self.games}")
            return
        if self.rating is None:
            raise ArgumentError(f"a {kind.value} player needs a rating")
        if kind is PlayerKind.PROVISIONAL:
            if not self.games:
                raise ArgumentError(f"a provisional player needs the games behind the rating (1 to 19), "
                                    f"not {self.games!r}")
            if self.k is not None:
                raise ArgumentError("a provisional player has no K (K belongs to rated players)")
        if kind is PlayerKind.FOREIGN and (self.k is not None or self.games is not None):
            raise ArgumentError("a foreign player has a rating only (a K or games make a rated or "
                                "provisional ICU player)")


def classify(
    rating: float | None,
    games: int | None = None,
    k: float | None = None,
    birth_date: date | None = None,
    joined: date | None = None,
    *,
    rules: IcuRules | str = "ICU",
) -> PlayerKind:
    """The player type a crosstable row describes (crosstable.md, "How a player's row reads").

    | Rating | Games | K, Birth date, Joined | Kind |
    | --- | --- | --- | --- |
    | blank | blank or 0 | Birth date/Joined any | unrated |
    | blank | 1 or more, or K given | | error: games or K need a rating |
    | given | 1 to 19 | no K | provisional (dates are kept for later) |
    | given | 1 to 19 | K given | error: K and under 20 games |
    | given | 0 | | error: a rating needs games (leave Games blank for a rated player) |
    | given | blank or 20+ | K, or Birth date, or Joined | rated |
    | given | 20+ | none | rated (K 16 from 2100; below that K needs the dates: error when rated) |
    | given | blank | none | foreign |

    A date of birth or a joining date alone marks an ICU member, so it makes a rated
    player: a junior's K (40) needs no joining date, and a player rated 2100 or more needs
    neither. A missing date that K does need is reported when the event is rated.
    """
    r = get_rules(rules)
    value = None if rating is None else _check.rating("rating", rating)
    count = None if games is None else _check.whole("games", games)
    factor = None if k is None else _check.positive("k", k)
    born = as_date("birth_date", birth_date)
    member = as_date("joined", joined)
    if value is None:
        if factor is not None:
            raise ArgumentError(f"Argument 'k' needs a rating: a player with no rating cannot have "
                                f"K {factor:g}")
        if count:
            raise ArgumentError(f"Argument 'games' needs a rating: a player with no rating cannot have "
                                f"{count} prior games")
        return PlayerKind.UNRATED
    if count is not None and count < r.provisional_limit:
        if count == 0:
            raise ArgumentError("Argument 'games' must be 1 or more for a rated player, not 0 "
                                "(leave it blank for an established rating)")
        if factor is not None:
            raise ArgumentError(f"Arguments 'k' and 'games' cannot both be given with under "
                                f"{r.provisional_limit} games ({count}): a provisional player has no K")
        return PlayerKind.PROVISIONAL
    if factor is not None or born is not None or member is not None or count is not None:
        return PlayerKind.RATED
    return PlayerKind.FOREIGN


# --- the event -------------------------------------------------------------------------------------


@dataclass
class _Working:
    """One player's working while the event is rated."""

    player: IcuPlayer
    games: list[tuple[int, int, float]]
    """(round, opponent, score) in round order."""
    k: float | None = None
    k_reason: str = ""
    steps: list[Step] = field(default_factory=list)
    skipped: dict[int, int] = field(default_factory=dict)
    """Opponent -> the last iteration (of the first rating) in which the game was skipped."""


@dataclass
class _Rated:
    """A player's games scored against the opponent ratings of one pass."""

    lines: list[GameLine]
    expected: float
    score: float
    change: float
    performance: float | None
    count: int


def _label(event_name: str) -> str:
    return f"Event {event_name!r}" if event_name else "The event"


def _passes(last: int) -> str:
    return "pass 1" if last == 1 else f"passes 1-{last}"


class _Event:
    """The state of one event being rated."""

    def __init__(self, players: tuple[IcuPlayer, ...], games: tuple[Game, ...], start: date | None,
                 rules: IcuRules, event_name: str) -> None:
        self.rules = rules
        self.event_name = event_name
        self.start = start
        by_player = games_by_player((p.number for p in players), games)
        self.work = {
            p.number: _Working(p, [(g.round, o, s) for g, o, s in by_player[p.number]]) for p in players
        }
        self.order = [p.number for p in players]
        self.iterated = [p.number for p in players if p.kind in (PlayerKind.UNRATED, PlayerKind.PROVISIONAL)]
        self.fixed: dict[int, float] = {
            p.number: p.rating for p in players
            if p.kind in (PlayerKind.RATED, PlayerKind.FOREIGN) and p.rating is not None
        }
        offset = rules.performance_offset
        self.adjacent = {
            n: [(o, offset * (2 * s - 1)) for _, o, s in self.work[n].games] for n in self.iterated
        }
        self.prior: dict[int, tuple[float, int]] = {}
        for n in self.iterated:
            p = self.work[n].player
            if p.kind is PlayerKind.PROVISIONAL and p.rating is not None and p.games:
                self.prior[n] = (p.rating * p.games, p.games)
            else:
                self.prior[n] = (0.0, 0)

    # -- K --------------------------------------------------------------------------------------------

    def set_k(self) -> None:
        for n in self.order:
            w = self.work[n]
            p = w.player
            if p.kind is not PlayerKind.RATED:
                continue
            if p.games is not None and p.games < self.rules.provisional_limit:
                raise ArgumentError(f"Player {n}: a rated player has {self.rules.provisional_limit} or more "
                                    f"prior games, not {p.games} (fewer make a provisional player)")
            if p.k is not None:
                w.k, w.k_reason = p.k, "given"
            elif w.games:
                assert p.rating is not None
                try:
                    w.k, w.k_reason = explain_k(p.rating, p.birth_date, p.joined, self.start, self.rules)
                except ArgumentError as error:
                    raise ArgumentError(f"Player {n}: {error}") from None
        limit = self.rules.provisional_limit
        for n in self.iterated:
            p = self.work[n].player
            if p.kind is PlayerKind.PROVISIONAL and p.games is not None and p.games >= limit:
                raise ArgumentError(f"Player {n}: a provisional player has 1 to {limit - 1} "
                                    f"prior games, not {p.games} (more make a rated player)")

    # -- step 1: the estimates ------------------------------------------------------------------------

    def iterate(self, start: dict[int, float | None], phase: str) -> tuple[dict[int, float | None],
                                                                         dict[int, float | None], int]:
        """Iterate the estimates from ``start``; returns (estimates, the iteration before, iterations)."""
        if not self.iterated:
            return dict(start), dict(start), 0
        rules = self.rules
        fixed = self.fixed
        estimates = dict(start)
        first = phase == "first"
        for iteration in range(1, rules.iteration_limit + 1):
            new: dict[int, float | None] = {}
            moved: list[tuple[int, float | None, float]] = []
            for n in self.iterated:
                total, count = 0.0, 0
                for opponent, delta in self.adjacent[n]:
                    seen = fixed.get(opponent)
                    if seen is None:
                        seen = estimates[opponent]
                        if seen is None:
                            if first:
                                self.work[n].skipped[opponent] = iteration
                            continue
                    total += seen + delta
                    count += 1
                old = estimates[n]
                if count:
                    prior_total, prior_games = self.prior[n]
                    value = (prior_total + total) / (prior_games + count)
                    new[n] = value
                    if old is None or abs(value - old) >= rules.iteration_threshold:
                        moved.append((n, old, value))
                    self.work[n].steps.append(Step(
                        f"{phase.capitalize()} rating, pass {iteration}: estimate", value,
                        f"from {count} of {len(self.adjacent[n])} games",
                    ))
                else:
                    new[n] = old
            previous, estimates = estimates, new
            if not moved:
                return estimates, previous, iteration
        raise ConvergenceError(self._not_converged(moved, phase))

    def _not_converged(self, moved: list[tuple[int, float | None, float]], phase: str) -> str:
        rules = self.rules
        shown = []
        for n, old, value in moved[:5]:
            shown.append(f"player {n}: first estimate {value:.1f}" if old is None
                         else f"player {n}: {old:.1f} to {value:.1f}")
        more = f" and {len(moved) - 5} more" if len(moved) > 5 else ""
        return (f"{_label(self.event_name)} cannot be rated: the estimates of its unrated and provisional "
                f"players still moved by {rules.iteration_threshold:g} or more after {rules.iteration_limit} "
                f"iterations ({phase} rating; {'; '.join(shown)}{more})")

    # -- step 2: rated players ------------------------------------------------------------------------

    def evaluate(self, n: int, estimates: dict[int, float | None], k: float | None) -> _Rated:
        """A rated (``k`` given) or foreign player's games against the current opponent ratings."""
        own = self.work[n].player.rating
        assert own is not None
        return self.score_games(self.work[n], own, estimates, k)

    def score_games(self, w: _Working, own: float, estimates: dict[int, float | None],
                    k: float | None) -> _Rated:
        """``w``'s games, the player seen at ``own``, each opponent at his fixed rating or his
        estimate in ``estimates``; a game against an opponent with neither is skipped. With
        ``k`` each game also gets its change K(s - e)."""
        rules = self.rules
        lines: list[GameLine] = []
        exp_total = score = change = perf_total = 0.0
        count = 0
        for rnd, opponent, s in w.games:
            seen = self.fixed.get(opponent)
            if seen is None:
                seen = estimates[opponent]
            if seen is None:
                lines.append(GameLine(rnd, opponent, s, None))
                continue
            e = expected(own, seen, rules.scale)
            delta = None if k is None else k * (s - e)
            lines.append(GameLine(rnd, opponent, s, seen, e, delta))
            exp_total += e
            score += s
            change += delta or 0.0
            perf_total += seen + rules.performance_offset * (2 * s - 1)
            count += 1
        return _Rated(lines, exp_total, score, change, perf_total / count if count else None, count)

    # -- the whole event ------------------------------------------------------------------------------

    def rate(self) -> EventOutcome:
        rules = self.rules
        self.set_k()
        nothing: dict[int, float | None] = {n: None for n in self.iterated}
        estimates, previous, first_iterations = self.iterate(nothing, "first")
        first = {n: self.evaluate(n, estimates, self.work[n].k) for n in self.order
                 if self.work[n].player.kind is PlayerKind.RATED}
        bonuses: dict[int, int] = {}
        for n, result in first.items():
            if not result.count:
                continue
            w = self.work[n]
            own = w.player.rating
            assert own is not None and w.k is not None
            working = explain_bonus(own, result.change, result.count, w.k, result.performance, rules)
            w.steps.append(Step("First rating: change", result.change, "K x (score - expected)"))
            w.steps.append(Step("First rating: performance", result.performance))
            w.steps.extend(working.steps)
            if working.bonus > 0:
                bonuses[n] = working.bonus
        final = first
        second_iterations: int | None = None
        if bonuses:
            for n, b in bonuses.items():
                own = self.work[n].player.rating
                assert own is not None
                bonus_rating = own + first[n].change + b
                self.fixed[n] = bonus_rating
                self.work[n].steps.append(Step(
                    "Bonus rating", bonus_rating,
                    "rating + change + bonus, as opponents see it in the second rating",
                ))
            estimates, previous, second_iterations = self.iterate(estimates, "second")
            # Rated players see each other at rating (or bonus rating); the player's own rating stays R.
            final = {n: self.evaluate(n, estimates, self.work[n].k) for n in first}
        outcomes = [self.outcome(n, estimates, previous, final, bonuses) for n in self.order]
        return EventOutcome(
            system="ICU",
            rules=rules.name,
            players=tuple(outcomes),
            parameters=self.parameters(first_iterations, second_iterations),
            notes=self.notes(first_iterations, second_iterations, bonuses),
        )

    def parameters(self, first: int, second: int | None) -> tuple[tuple[str, str], ...]:
        r = self.rules
        return (
            ("Start date", self.start.isoformat() if self.start else "not given"),
            ("K", f"{r.k_high:g} from {r.k_high_rating:g}; else {r.k_junior:g} under {r.junior_age}; "
                  f"else {r.k_new_member:g} member under {r.new_member_years} years; else {r.k_standard:g}"),
            ("Iteration threshold", f"{r.iteration_threshold:g}"),
            ("Iteration limit", str(r.iteration_limit)),
            ("Iterations, first rating", str(first)),
            ("Iterations, second rating", "not needed (no bonus)" if second is None else str(second)),
            ("Bonus", f"none if K <= {r.bonus_max_no_k:g}, games <= {r.bonus_max_no_games}, change <= "
                      f"{r.bonus_min_change:g} or rating (+ change) >= {r.bonus_rating_limit:g}; threshold "
                      f"{r.bonus_base:g} + {r.bonus_per_game:g}(n - {r.bonus_max_no_games}); x "
                      f"{r.bonus_factor:g} if K >= {r.bonus_high_k:g}; capped at {r.bonus_rating_limit:g} "
                      f"and the performance"),
            ("Provisional limit", f"{r.provisional_limit} games"),
        )

    def notes(self, first: int, second: int | None, bonuses: dict[int, int]) -> tuple[str, ...]:
        threshold = f"no estimate moved by {self.rules.iteration_threshold:g} or more"
        notes = ["First rating: no unrated or provisional player, no iteration needed" if not first
                 else f"First rating: estimates converged after {first} iterations ({threshold})"]
        if bonuses:
            winners = ", ".join(f"{n} (+{b})" for n, b in bonuses.items())
            notes.append(f"Bonuses: {winners}; the event was rated a second time with them at "
                         f"rating + change + bonus")
            if second:
                notes.append(f"Second rating: estimates converged after {second} iterations ({threshold})")
        return tuple(notes)

    def outcome(self, n: int, estimates: dict[int, float | None], previous: dict[int, float | None],
                final: dict[int, _Rated], bonuses: dict[int, int]) -> PlayerOutcome:
        w = self.work[n]
        p = w.player
        notes = self.skip_notes(w, estimates)
        if p.kind is PlayerKind.RATED:
            return self.rated_outcome(w, final[n], bonuses.get(n, 0), notes)
        if p.kind is PlayerKind.FOREIGN:
            result = self.evaluate(n, estimates, None)
            return PlayerOutcome(
                player=n, method=Method.FOREIGN, rated_games=result.count, rated_score=result.score,
                pre_rating=p.rating, pre_games=p.games, post_rating=p.rating, initial_rating=p.rating,
                expected_score=result.expected if result.count else None, performance=result.performance,
                games=tuple(result.lines),
                steps=(Step("Rating", p.rating, "foreign: used for opponents, not changed"),),
                notes=(*notes, "foreign rating: not changed"),
            )
        return self.estimated_outcome(w, estimates, previous, notes)

    def skip_notes(self, w: _Working, estimates: dict[int, float | None]) -> list[str]:
        notes = []
        never = [o for _, o, _ in w.games if o not in self.fixed and estimates.get(o) is None]
        for opponent in dict.fromkeys(never):
            notes.append(f"game against {opponent} not rated: {opponent} has no estimate "
                         f"(no game against a rated, foreign or estimated player)")
        for opponent, last in w.skipped.items():
            if opponent not in never:
                notes.append(f"games against {opponent} skipped in {_passes(last)}: no estimate")
        return notes

    def rated_outcome(self, w: _Working, result: _Rated, bonus: int, notes: list[str]) -> PlayerOutcome:
        p = w.player
        own = p.rating
        assert own is not None
        steps = [Step("Rating", own)]
        if not result.count:
            return PlayerOutcome(
                player=p.number, method=Method.NOT_RATED, rated_games=0, rated_score=0.0, pre_rating=own,
                pre_games=p.games, post_rating=own, post_games=p.games, initial_rating=own,
                initial_games=p.games, k=w.k, games=tuple(result.lines),
                steps=(*steps, Step("New rating", own, "no rated game: unchanged")),
                notes=(*notes, "no rated game: rating unchanged"),
            )
        assert w.k is not None
        steps.append(Step("K", w.k, w.k_reason))
        steps.extend(w.steps)
        steps += [
            Step("Expected score", result.expected, "sum of 1/(1 + 10^((Ropp - R)/400))"),
            Step("Score", result.score),
            Step("Change", result.change,
                 f"K x (score - expected) = {w.k:g} x ({result.score:g} - {result.expected:.3f})"),
            Step("Performance", result.performance),
        ]
        post = publish(own + result.change + bonus)
        steps.append(Step("New rating", post, f"round({own:g} + {result.change:.2f}"
                                              + (f" + bonus {bonus})" if bonus else ")")))
        if bonus:
            notes.append(f"bonus {bonus}")
        post_games = None if p.games is None else p.games + result.count
        return PlayerOutcome(
            player=p.number, method=Method.ELO, rated_games=result.count, rated_score=result.score,
            pre_rating=own, pre_games=p.games, post_rating=post, post_games=post_games, initial_rating=own,
            initial_games=p.games, change=result.change, k=w.k, bonus=float(bonus),
            expected_score=result.expected, performance=result.performance, games=tuple(result.lines),
            steps=tuple(steps), notes=tuple(notes),
        )

    def estimated_outcome(self, w: _Working, estimates: dict[int, float | None],
                          previous: dict[int, float | None], notes: list[str]) -> PlayerOutcome:
        rules = self.rules
        p = w.player
        n = p.number
        provisional = p.kind is PlayerKind.PROVISIONAL
        estimate = estimates[n]
        steps: list[Step] = []
        if provisional:
            steps.append(Step("Prior rating", p.rating, f"provisional, {p.games} games"))
        if estimate is None:
            return PlayerOutcome(
                player=n, method=Method.NOT_RATED, rated_games=0, rated_score=0.0, pre_rating=p.rating,
                pre_games=p.games, post_rating=p.rating, post_games=p.games, initial_rating=p.rating,
                initial_games=p.games, games=tuple(GameLine(r, o, s, None) for r, o, s in w.games),
                steps=(*steps, *w.steps, Step("New rating", p.rating, "no game could be rated")),
                notes=(*notes, "not rated: no game against a rated, foreign or estimated opponent"),
            )
        result = self.score_games(w, estimate, previous, None)
        lines, exp_total, score, count = result.lines, result.expected, result.score, result.count
        assert result.performance is not None  # an estimate exists only with a game behind it
        performance = result.performance
        steps.extend(w.steps)
        steps.append(Step("Performance", performance, f"mean of Ropp +/- {rules.performance_offset:g} "
                                                      f"over {count} games"))
        prior_games = p.games or 0
        if provisional:
            steps.append(Step("Weighted average", estimate,
                              f"({p.rating:g} x {prior_games} + {performance:.2f} x {count}) / "
                              f"({prior_games} + {count})"))
        post = publish(estimate)
        steps.append(Step("New rating", post, "rounded"))
        post_games = prior_games + count
        if post_games >= rules.provisional_limit:
            notes.append("becomes fully rated after this event")
        return PlayerOutcome(
            player=n, method=Method.PROVISIONAL if provisional else Method.PERFORMANCE, rated_games=count,
            rated_score=score, pre_rating=p.rating, pre_games=p.games, post_rating=post,
            post_games=post_games, initial_rating=p.rating, initial_games=p.games,
            change=estimate - p.rating if provisional and p.rating is not None else None,
            expected_score=exp_total, performance=performance, games=tuple(lines), steps=tuple(steps),
            notes=tuple(notes),
        )


def rate_event(
    players: Sequence[IcuPlayer],
    games: Sequence[Game],
    *,
    start_date: date | None = None,
    rules: IcuRules | str = "ICU",
    event_name: str = "",
) -> EventOutcome:
    """Rate an event under ICU rules (rules-beyond-seeds.md, ICU; the algorithm is in
    this module's docstring).

    ``players`` are :class:`IcuPlayer`, ``games`` each rated game once. ``start_date`` is
    needed when a rated player below 2100 has no explicit K (K depends on age and
    membership at the start). ``event_name`` names the event in a
    :class:`~xlrating.errors.ConvergenceError`. Returns one
    :class:`~xlrating.model.PlayerOutcome` per player, in the order given.
    """
    r = get_rules(rules)
    start = as_date("start_date", start_date)
    roster = _players(players)
    played = _games(games)
    if not isinstance(event_name, str):
        raise _check.fail("event_name", "text", event_name)
    return _Event(roster, played, start, r, event_name).rate()


def _players(players: Any) -> tuple[IcuPlayer, ...]:
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise _check.fail("players", "a sequence of IcuPlayer", players)
    roster = tuple(players)
    for i, p in enumerate(roster):
        if not isinstance(p, IcuPlayer):
            raise _check.fail(f"players[{i}]", "an IcuPlayer", p)
    twice = sorted(n for n, count in Counter(p.number for p in roster).items() if count > 1)
    if twice:
        raise EventError("Pairing numbers must be unique; given more than once: "
                         + ", ".join(map(str, twice)))
    return roster


def _games(games: Any) -> tuple[Game, ...]:
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise _check.fail("games", "a sequence of Game", games)
    played = tuple(games)
    for i, g in enumerate(played):
        if not isinstance(g, Game):
            raise _check.fail(f"games[{i}]", "a Game", g)
    return played
