"""A whole FIDE-rated event (FIDE Handbook 10.2 to 10.54; FIDE Rating Regulations 2024).

:func:`rate_event` rates every player of an event and explains each result:

- a rated player changes by K x sum(score - PD) over the games against opponents who
  count as rated (10.5);
- a new player gets Ru from the games against rated opponents (10.2; 2024 with the two
  hypothetical 1800 draws);
- a player rated since the event (10.4) changes as a rated player but counts as unrated
  for the opponents;
- under the handbook, a round robin with new players is rated as 10.21b and 10.54 show
  (:mod:`xlrating.fide.round_robin`).

The rated players are rated by the numeric core (:mod:`xlrating.fide.core`: lists in plain
Python for a small event, numpy arrays for a large one, the same exact integers either way).
Every number (sums, K, changes, new ratings) is computed when the event is rated; each
player's :class:`~xlrating.model.PlayerOutcome` is built from them when it is first read
(:class:`~xlrating.model.Outcomes`), with the explanation (steps, game lines) only when
``explain`` is true.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from fractions import Fraction

from .. import _check
from ..errors import EventError
from ..model import EventOutcome, EventType, Game, GameLine, Method, Outcomes, PlayerOutcome, Step
from .core import (
    NO_CAP,
    Change,
    PlainSides,
    RatedChanges,
    RatedSums,
    Sides,
    round_half_away,
    scale_of,
    scaled,
    sides_of,
)
from .player import FidePlayer
from .rating import Exact, k_limit, k_rule, k_with_reason
from .round_robin import rate_round_robin
from .rules import FideRules, RulesLike, get_rules
from .tables import DP_TABLE
from .unrated import NewPlayerRating, new_player_of_sums

__all__ = ["FidePlayer", "rate_event"]

_DP: dict[int, int | None] = dict(DP_TABLE)
ROUNDED = "rounded to a whole number, halves away from zero"


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count > 1 else ''}"


class _Event:
    """One event's players and games as the numeric core holds them, and the steps that rate it."""

    def __init__(self, edition: FideRules, kind: EventType, on: date, players: tuple[FidePlayer, ...],
                 games: tuple[Game, ...], explain: bool) -> None:
        self.edition = edition
        self.kind = kind
        self.on = on
        self.players = players
        self.explain = explain
        self.numbers = [p.number for p in players]
        ratings = [p.rating for p in players]
        self.scale = scale = scale_of(ratings)
        distinct = set(ratings)  # a large event has far fewer distinct ratings than players
        units = {r: 0 if r is None else scaled(r, scale) for r in distinct}
        caps = {r: self.cap_of(r) for r in distinct}
        self.units = [units[r] for r in ratings]
        """Each rating in units of ``1/scale`` (0: unrated)."""
        self.is_rated = [r is not None for r in ratings]
        self.counts_as_rated = [p.rating is not None and not p.rated_since_event for p in players]
        self.cap = [caps[r] for r in ratings]
        self.sides: Sides = sides_of(self.numbers, games)
        self.played = self.sides.played
        self.notes: list[str] = []

    def cap_of(self, rating: float | None) -> int:
        cap = None if rating is None else self.edition.cap_for(rating, self.on)
        return NO_CAP if cap is None else cap

    # -- the steps ------------------------------------------------------------------------------

    def rate(self) -> EventOutcome:
        edition = self.edition
        if any(p.rated_since_event for p in self.players):
            self.notes.append("Players rated since the event count as unrated for their opponents (10.4)")
        new_players_play = any(not c and n for c, n in zip(self.counts_as_rated, self.played, strict=True))
        outcomes: Sequence[PlayerOutcome]
        if self.kind is EventType.ROUND_ROBIN and edition.round_robin_procedure and new_players_play:
            outcomes = tuple(rate_round_robin(self))
        else:
            outcomes = self.swiss()
        return EventOutcome(system="FIDE", rules=edition.display, players=outcomes,
                            parameters=(), notes=tuple(self.notes))

    def swiss(self) -> Outcomes:
        """Every player against the opponents as they count: rated players by 10.5, new ones by
        10.2 (2024: with the hypothetical opponents).

        Every number is computed here; each player's outcome (notes, and steps and game lines
        when explained) is built from them when it is first read."""
        sums = self.sides.rated_sums(self.units, self.units, self.counts_as_rated, self.cap, self.scale)
        changes = self.changes(sums)
        new = {i: self.new_rating(i, sums) for i, rated in enumerate(self.is_rated) if not rated}

        def build(i: int) -> PlayerOutcome:
            if i in new:
                return self.unrated_outcome(i, new[i], self.new_lines(i) if self.explain else ())
            return self.rated_outcome(i, sums, changes)

        return Outcomes(self.numbers, build)

    # -- a rated player (10.5) ------------------------------------------------------------------

    def changes(self, sums: RatedSums) -> RatedChanges:
        """Every rated player's K and change against the opponents who count as rated in
        ``sums``: on numpy arrays where the games are (and the numbers fit machine integers),
        else player by player; the same integers either way."""
        if not isinstance(self.sides, PlainSides):
            from .arrays import rated_changes

            found = rated_changes(self.edition, self.on, self.players, self.is_rated, self.units, sums,
                                  self.scale)
            if found is not None:
                return found
        return self.changes_one_by_one(sums)

    def changes_one_by_one(self, sums: RatedSums) -> RatedChanges:
        """:meth:`changes` in plain Python, one rated player at a time."""
        size = len(self.players)
        k, k_unit, k_rule, unit, rating, raw, post = ([0] * size for _ in range(7))
        post_rating, change = [0.0] * size, [0.0] * size
        performance: list[float | None] = [None] * size
        for i, player in enumerate(self.players):
            games = sums.games[i]
            if not self.is_rated[i] or not games:
                continue
            (k[i], k_unit[i]), k_rule[i] = self.k_of(player, games)
            found = self.change(i, (k[i], k_unit[i]), sums.excess[i])
            unit[i], rating[i], raw[i], post[i] = found.unit, found.rating, found.raw, found.post
            post_rating[i] = found.post / found.unit
            change[i] = (found.post - found.rating) / found.unit
            points = games * self.scale
            dp = _DP.get(50 + round_half_away((sums.halves[i] - games) * 50, games))
            performance[i] = None if dp is None else (sums.opponents[i] + dp * points) / points
        return RatedChanges(k=k, k_unit=k_unit, k_rule=k_rule, unit=unit, rating=rating, raw=raw, post=post,
                            post_rating=post_rating, change=change, performance=performance)

    def k_of(self, player: FidePlayer, games: int) -> tuple[tuple[int, int], int]:
        """K as ``(numerator, denominator)`` (10.52; 2024 with the 700 rule over the event's
        games), and K by the rules before the 700 rule (0 for a K given by the user)."""
        if player.k is not None:
            given = Fraction(repr(player.k))
            return (given.numerator, given.denominator), 0
        assert player.rating is not None
        edition = self.edition
        k = k_rule(edition, player.rating, player.games, player.highest_rating, player.birth_date, self.on)[0]
        return (k_limit(edition, k, games), 1), k

    def k_step(self, player: FidePlayer, games: int) -> Step:
        if player.k is not None:
            return Step("K", player.k, "given")
        assert player.rating is not None
        k, reason = k_with_reason(self.edition, player.rating, player.games, player.highest_rating,
                                  player.birth_date, self.on, games)
        return Step("K", k, reason)

    def change(self, i: int, k: tuple[int, int], excess: int) -> Change:
        """K x sum(score - PD), and the new rating as the edition rounds it: 2024 rounds the
        change, the handbook the new rating (10.53)."""
        unit = self.scale * 100 * k[1]
        rating = self.units[i] * 100 * k[1]
        raw = k[0] * excess * self.scale
        if self.edition.round_new_rating:
            post = round_half_away(rating + raw, unit) * unit
        elif self.edition.round_change:
            post = rating + round_half_away(raw, unit) * unit
        else:
            post = rating + raw
        return Change(k, unit, raw, post, rating)

    def rated_outcome(self, i: int, sums: RatedSums, changes: RatedChanges) -> PlayerOutcome:
        """A rated player's outcome (10.5) from the change against the opponents who count as
        rated in ``sums``."""
        player = self.players[i]
        assert player.rating is not None
        edition = self.edition
        games = sums.games[i]
        skipped = self.played[i] - games
        notes = []
        if player.rating < edition.rating_floor:  # a rating from an older list, whose floor was lower
            notes.append(f"pre-event rating under the {edition.display} rating floor {edition.rating_floor} "
                         "(a rating from an older list): rated as given")
        if skipped:
            notes.append(f"{_plural(skipped, 'game')} against unrated opponents not rated")
        if not games:
            notes.append("no games against rated opponents: rating unchanged")
            return PlayerOutcome(
                player=player.number, method=Method.NOT_RATED, rated_games=0, rated_score=0.0,
                pre_rating=player.rating, pre_games=player.games, post_rating=player.rating,
                post_games=player.games, initial_rating=player.rating, initial_games=player.games,
                change=0.0, notes=tuple(notes))
        k = (changes.k[i], changes.k_unit[i])
        if k[0] < changes.k_rule[i]:
            notes.append(f"K limited to {k[0]} by the {edition.k_games_limit} rule")
        capped = sums.capped[i]
        if capped:
            notes.append(f"{_plural(capped, 'game')} capped at a difference of {self.cap[i]}")
        if changes.post[i] < edition.rating_floor * changes.unit[i]:
            notes.append(f"under the rating floor {edition.rating_floor} after the event: a rating "
                         "under it is not published (the player is listed as unrated)")
        performance = changes.performance[i]
        return PlayerOutcome(
            player=player.number, method=Method.ELO, rated_games=games, rated_score=sums.halves[i] / 2,
            pre_rating=player.rating, pre_games=player.games, post_rating=changes.post_rating[i],
            post_games=None if player.games is None else player.games + games, initial_rating=player.rating,
            initial_games=player.games, change=changes.change[i], k=k[0] / k[1],
            expected_score=sums.pd[i] / 100, performance=performance,
            games=self.rated_lines(i, sums, k) if self.explain else (),
            steps=self.rated_steps(i, sums, changes.of(i), performance) if self.explain else (),
            notes=tuple(notes))

    def rated_steps(self, i: int, sums: RatedSums, change: Change,
                    performance: float | None) -> tuple[Step, ...]:
        player = self.players[i]
        assert player.rating is not None
        games, capped, cap = sums.games[i], sums.capped[i], self.cap[i]
        steps = [self.k_step(player, games)]
        if cap == NO_CAP:
            steps.append(Step("Cap", None, f"rated {player.rating:g}: no cap on the rating difference"))
        elif capped:
            steps.append(Step("Cap", cap, f"{_plural(capped, 'game')} with a difference over {cap} "
                                          f"counted as {cap}"))
        unit = change.unit
        average = sums.opponents[i] / (games * self.scale)
        steps.append(Step("Rc", average, f"average rating of {games} rated opponents"))
        steps.append(Step("Expected score", sums.pd[i] / 100, "sum of PD from table (b)"))
        steps.append(Step("Score", sums.halves[i] / 2))
        k = change.k[0] / change.k[1]
        formula = f"K x (score - sum of PD) = {_fmt(k)} x {_fmt(sums.excess[i] / 100)}"
        steps.append(Step("Change", change.raw / unit, formula))
        if self.edition.round_new_rating:
            exact = _fmt((change.rating + change.raw) / unit)
            steps.append(Step("Post rating", change.post / unit,
                              f"{exact} rounded to a whole number (10.53)"))
        else:
            rounded = change.post - change.rating
            if rounded != change.raw:
                steps.append(Step("Change", rounded / unit, ROUNDED))
            sum_text = f"{_fmt(player.rating)} + {_fmt(rounded / unit)}"
            steps.append(Step("Post rating", change.post / unit, sum_text))
        if performance is None:
            steps.append(Step("Performance", None, "dp is indeterminate for a 0% or 100% score"))
        else:
            steps.append(Step("Performance", performance, "Rc + dp"))
        return tuple(steps)

    def rated_lines(self, i: int, sums: RatedSums, k: tuple[int, int]) -> tuple[GameLine, ...]:
        rounds, opponents, halves = self.sides.games(i)
        return tuple(
            GameLine(round=r, opponent=self.numbers[o], score=h / 2,
                     opponent_rating=sums.seen[o] / self.scale, expected=pd / 100,
                     change=k[0] * (50 * h - pd) / (k[1] * 100))
            for r, o, h, pd in zip(rounds, opponents, halves, sums.side_pd(i), strict=True) if pd >= 0)

    # -- a new player (10.2) --------------------------------------------------------------------

    def new_lines(self, i: int) -> list[GameLine]:
        """A new player's games, each with the opponent's rating as it counts (``None``: unrated)."""
        if not hasattr(self, "_values"):
            self._values = self.exact_values()
        values = self._values
        rounds, indices, halves = self.sides.games(i)
        return [GameLine(r, self.numbers[o], h / 2, None if (v := values[o]) is None else float(v))
                for r, o, h in zip(rounds, indices, halves, strict=True)]

    def exact_values(self) -> list[Exact | None]:
        """Each player's rating as the opponents count it, exact (``None``: unrated for them)."""
        scale = self.scale
        return [(r if scale == 1 else Fraction(r, scale)) if counted else None
                for r, counted in zip(self.units, self.counts_as_rated, strict=True)]

    def new_rating(self, i: int, sums: RatedSums) -> NewPlayerRating:
        """A new player's Ru (10.2; 2024 with the hypothetical opponents) from the sums over the
        games against the opponents who count as rated in ``sums`` (with its steps if explained)."""
        games = sums.games[i]
        return new_player_of_sums(self.edition, games, sums.halves[i], (sums.opponents[i], self.scale),
                                  skipped=self.played[i] - games, first_event=not self.players[i].games,
                                  explain=self.explain)

    def unrated_outcome(self, i: int, result: NewPlayerRating, lines: Sequence[GameLine]) -> PlayerOutcome:
        """A new player's outcome from the Ru result (10.2)."""
        player = self.players[i]
        prior = player.games or 0
        return PlayerOutcome(
            player=player.number, method=Method.UNRATED if result.games else Method.NOT_RATED,
            rated_games=result.games, rated_score=result.score, pre_rating=None, pre_games=player.games,
            post_rating=None if result.rating is None else float(result.rating),
            post_games=prior + result.games if result.rating is not None else None,
            performance=None if result.ru is None else float(result.ru),
            games=tuple(lines) if self.explain else (), steps=result.steps if self.explain else (),
            notes=result.notes)


def rate_event(
    players: Sequence[FidePlayer],
    games: Sequence[Game],
    *,
    rules: RulesLike | None = None,
    event_type: EventType | str = "Swiss",
    start_date: date | None = None,
    end_date: date | None = None,
    event_name: str = "",
    explain: bool = True,
) -> EventOutcome:
    """Rate a FIDE event: every player's change or new rating, explained (FIDE Handbook 10.2 to
    10.54; FIDE Rating Regulations 2024).

    ``games`` are the rated games (forfeits and byes are not games). ``rules``: an edition
    (``None``: the newest, 2024). ``end_date`` (``None``: today) decides the 2024 cap
    exception (from 1 October 2025, no cap for players rated 2650 or more) and the
    under-18 K; ``start_date`` and ``event_name`` are recorded in the parameters. The event
    is taken as the rating period for the 700 rule; give ``k`` on a player to use another
    K. ``explain=False`` gives the same numbers without steps and game lines.
    """
    edition = get_rules(rules)
    kind = EventType.parse(event_type)
    start = _check.date("start_date", start_date)
    on = _check.date("end_date", end_date, default=date.today())
    assert on is not None
    if start is not None and end_date is not None and start > on:
        raise EventError(f"The event's start date {start.isoformat()} is after its end date {on.isoformat()}")
    _check.event_options(None, None, event_name, explain)  # the dates are checked above
    field = _check.items("players", players, FidePlayer, "a FidePlayer")
    played = _check.items("games", games, Game, "a Game")
    _check.unique("players", [p.number for p in field])
    _check_floor(edition, field)
    outcome = _Event(edition, kind, on, field, played, explain).rate()
    parameters = (
        ("Edition", edition.display),
        ("Event type", kind.value),
        ("Start date", "" if start is None else start.isoformat()),
        ("End date", "" if end_date is None else on.isoformat()),
        *((("Event", event_name),) if event_name else ()),
        ("Source", edition.source),
        *((("Rated as of", f"{on.isoformat()} (no end date given: today)"),) if end_date is None else ()),
        ("Cap", edition.describe_cap(on)),
        ("K", edition.describe_k()),
        ("Rounding", "change rounded to a whole number, halves away from zero" if edition.round_change
         else "new rating rounded to a whole number (10.53); change not rounded"),
        ("New players", _describe_new(edition)),
    )
    return EventOutcome(system=outcome.system, rules=outcome.rules, players=outcome.players,
                        parameters=parameters, notes=outcome.notes)


#: The lowest rating a FIDE list has published: the floor was 1000 under the regulations in
#: force before 1 March 2024 (and 1200 from 1 July 2009), so a rating under the 2024 floor can
#: be real, from an older list; a rating under 1000 cannot.
LOWEST_PUBLISHED = 1000


def _check_floor(edition: FideRules, players: Sequence[FidePlayer]) -> None:
    """Refuses a rating that no FIDE list has published (under :data:`LOWEST_PUBLISHED`): a
    rating of 5 that loses nine games would otherwise end at -9."""
    low = [f"{p.number} ({p.rating:g})" for p in players
           if p.rating is not None and p.rating < LOWEST_PUBLISHED]
    if low:
        raise EventError(
            f"Players rated under {LOWEST_PUBLISHED}, the lowest rating a FIDE list has published: "
            f"{', '.join(low)}. Give such a player no rating (a new player)")


def _describe_new(edition: FideRules) -> str:
    if edition.plus_score_step is not None:
        text = (f"Ru = Rc at 50%, + {float(edition.plus_score_step):g} per half point over, Rc + dp under "
                f"(round robins: x n/(n+1)); a first event under "
                f"{float(edition.disregard_first_below):g} point disregarded; first results under "
                f"{edition.rating_floor} ignored")
    else:
        text = (f"Ru = Ra + dp with {edition.hypothetical_opponents} hypothetical draws against "
                f"{edition.hypothetical_rating}; at least {edition.min_rated_games} games against rated "
                f"opponents; at most {edition.unrated_max}; listed from {edition.rating_floor}; "
                "a first event with a zero score disregarded")
    return text
