"""A whole FIDE-rated event (FIDE Handbook 10.2 to 10.54; FIDE Rating Regulations 2024).

The steps, in order (:meth:`_Event.rate`):

1. *Who counts as rated* (10.4). A player rated since the event is rated as a rated player
   but counts as unrated for his opponents.
2. *A round robin with new players*, under the handbook, follows its own procedure (10.21b and
   10.54: the tournament average Ra, each new player's Ru and its re-computation, then the
   rated players against the new players' final Ru; :mod:`xlrating.fide.round_robin`). The
   2024 regulations have no round-robin procedure. Every other event takes steps 3 to 5.
3. *The games against rated opponents* (10.51; 2024 regulations, 8.3.1). For each game
   against an opponent who counts as rated: the rating difference D, rounded to a whole
   number and capped at the edition's cap (handbook 350; 2024 400, from 1 October 2025 not
   for a player rated 2650 or more), and the player's PD from table (b) of 10.1; each
   player's sums of games, score, PD and the opponents' ratings.
4. *Rated players* (10.5). K (10.52; 2024 regulations, 8.3.3, with the 700 rule over the
   event's games), the change K x sum(score - PD) and the new rating, rounded as the edition
   rounds it (2024: the change, 8.3.4; handbook: the new rating, 10.53); the performance
   Rc + dp.
5. *New players* (10.2). Ru from the same sums (2024: with two hypothetical opponents rated
   1800, both drawn; at least 5 games against rated opponents, at most 2200).

The numbers come from a numeric core (:mod:`xlrating.fide.core`): in plain Python for a small
event (:mod:`.core_plain`), on numpy arrays (:mod:`.core_numpy`) for a large one (from
:data:`FROM_SIDES` game sides) if numpy can be imported; the same exact integers either way.
Every number (sums, K, changes, new ratings) is computed when the event is rated; each
player's :class:`~xlrating.model.PlayerOutcome` is built from them when it is first read
(:class:`~xlrating.model.Outcomes`), with the explanation (steps, game lines) only when
``explain`` is true.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace
from datetime import date
from fractions import Fraction
from functools import cache, partial
from itertools import compress, repeat
from operator import gt, mul, not_, sub
from typing import Any, cast

from .. import _check, _vector
from .._columns import MANY, Picker, empty_columns, picker, put_columns, put_row
from .._gc import collector_paused
from .._player_columns import checked_players, field_values, records
from .._sides import checked_columns, listed_sides
from ..errors import EventError
from ..model import (
    EventOutcome,
    EventType,
    Game,
    GameLine,
    Method,
    Outcomes,
    PlayerOutcome,
    Step,
    outcome_records,
)
from .core import NO_CAP, Change, Core, Line, RatedChanges, RatedSums, given_k_within, scale_of, scaled_each
from .core_plain import HALVES, PlainCore
from .player import FidePlayer
from .rating import LOWEST_PUBLISHED, Exact, k_with_reason
from .round_robin import NewPlayer, new_players_of_round_robin
from .rules import FideRules, RulesLike, get_rules
from .unrated import NewPlayerRating, new_player_of_sums

__all__ = ["FidePlayer", "rate_event"]

ROUNDED = "rounded to a whole number, halves away from zero"

FROM_SIDES = 500
"""The event size (game sides, twice the games) from which the numpy core rates it: below it,
numpy's fixed cost per call outweighs its speed. ``benchmarks/bench_fide.py --path
plain,numpy`` puts the crossover at 40 to 56 players over 9 rounds (360 to 500 sides), with
explanations or without (they are built when an outcome is read, on either path, and reading
every outcome crosses over at 56 to 70 players); at 8 players plain Python takes 0.45 of
numpy's time."""


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count > 1 else ''}"


def _not_rated(skipped: int) -> str:
    """A rated player's note on his games against opponents who count as unrated."""
    return f"{_plural(skipped, 'game')} against unrated opponents not rated"


class _Event:
    """One event's players and games as the numeric core holds them, and the steps that rate it."""

    def __init__(self, edition: FideRules, kind: EventType, on: date, players: Sequence[FidePlayer],
                 games: Sequence[Game], explain: bool) -> None:
        self.edition = edition
        self.kind = kind
        self.on = on
        self.vector = _vector.vectorised(2 * len(games), FROM_SIDES)
        # Players given as columns (a season's) are read a column at a time on arrays; the plain
        # core reads each player's record, built once.
        self.players = players = players if self.vector else records(players)
        self.explain = explain
        self.numbers = field_values(players, "number")
        _check.unique("players", self.numbers)
        self.ratings = ratings = field_values(players, "rating")
        distinct = set(ratings)  # a large event has far fewer distinct ratings than players
        if any(r is not None and r < LOWEST_PUBLISHED for r in distinct):
            _check_floor(edition, players)  # names every player so rated
        self.scale = scale = scale_of(distinct)
        rated = [r for r in distinct if r is not None]
        units: dict[float | None, int] = {None: 0, **dict(zip(rated, scaled_each(rated, scale), strict=True))}
        self.units = [units[r] for r in ratings]
        """Each rating in units of ``1/scale`` (0: unrated)."""
        self.is_rated = [r is not None for r in ratings]
        since = field_values(players, "rated_since_event")
        self.some_rated_since = any(since)
        self.counts_as_rated = list(map(gt, self.is_rated, since)) if self.some_rated_since else self.is_rated
        """Whether each player counts as rated for his opponents: rated, and not since the event."""
        uncapped, cap = edition.uncapped_from(on), edition.cap
        self.cap = [NO_CAP if r is None or (uncapped is not None and r >= uncapped) else cap for r in ratings]
        """Each player's cap on the rating difference (:meth:`~.rules.FideRules.cap_for`; ``NO_CAP``:
        none, or unrated)."""
        self.core = self.make_core(games)
        self.played = self.core.sides.count
        self.notes: list[str] = []

    def make_core(self, games: Sequence[Game]) -> Core:
        """The numeric core for the event: on numpy arrays if it is large enough and numpy can be
        imported, else in plain Python (the same integers either way)."""
        fixed = (self.edition, self.on, self.players, self.units, self.cap, self.is_rated, self.scale)
        if self.vector:
            from .._sides_numpy import array_sides
            from .core_numpy import NumpyCore

            return NumpyCore(array_sides(self.numbers, games), *fixed)
        return PlainCore(listed_sides(self.numbers, games, HALVES), *fixed)

    # -- the steps ------------------------------------------------------------------------------

    def rate(self) -> EventOutcome:
        """The regulations' steps, in order (see the module's docstring)."""
        self.note_rated_since_event()
        outcomes = tuple(self.round_robin()) if self.round_robin_with_new_players() else self.swiss()
        return EventOutcome(system="FIDE", rules=self.edition.display, players=outcomes,
                            parameters=(), notes=tuple(self.notes))

    def note_rated_since_event(self) -> None:
        """Step 1 (10.4): a player rated since the event counts as unrated for his opponents."""
        if self.some_rated_since:
            self.notes.append("Players rated since the event count as unrated for their opponents (10.4)")

    def round_robin_with_new_players(self) -> bool:
        """Step 2: whether the round-robin procedure applies (10.21b, 10.54: the handbook's, to a
        round robin in which a player who counts as unrated has a game)."""
        return (self.kind is EventType.ROUND_ROBIN and self.edition.round_robin_procedure
                and any(not c and n for c, n in zip(self.counts_as_rated, self.played, strict=True)))

    def swiss(self) -> Outcomes:
        """Steps 3 to 5: every player against the opponents as they count: rated players by 10.5,
        new ones by 10.2 (2024: with the hypothetical opponents).

        Every number is computed here; each player's outcome (notes, and steps and game lines
        when explained) is built from them when it is first read."""
        sums = self.games_against_rated()
        changes = self.rated_players(sums)
        new = self.new_ratings(sums)

        def many(positions: Sequence[int]) -> list[PlayerOutcome]:
            """The outcomes at ``positions``: the rated players with a rated game all at once
            (:meth:`rated_outcomes`), the new players all at once if they are many
            (:meth:`new_outcomes`), the others one by one."""
            pick = picker(positions)
            rated = pick(self.is_rated)  # the new players (``new``) are the players not rated
            with_games = list(map(mul, rated, pick(sums.games)))  # true: rated, with a rated game
            unrated = list(map(not_, rated))
            places = range(len(positions))
            found: list[PlayerOutcome | None] = [None] * len(positions)

            def put(flags: Iterable[int], outcomes: Iterable[PlayerOutcome]) -> None:
                """Each of ``outcomes`` in its place, the places where ``flags`` are true."""
                deque(map(found.__setitem__, compress(places, flags), outcomes), 0)

            put(with_games, self.rated_outcomes(list(compress(positions, with_games)), sums, changes))
            rest: Iterable[int] = map(not_, with_games)
            if sum(unrated) >= MANY:
                put(unrated, self.new_outcomes(list(compress(positions, unrated)), new))
                rest = map(gt, rated, with_games)  # rated without a rated game
            for j in compress(places, rest):
                found[j] = self.one_outcome(positions[j], new, sums, changes)
            return cast("list[PlayerOutcome]", found)

        def columns(names: Sequence[str]) -> dict[str, list[Any]]:
            """The fields ``names`` of every outcome, from the values :func:`many` builds the
            records of (:data:`xlrating.model.ColumnSource`)."""
            everyone = range(len(self.players))
            found = empty_columns(names, len(everyone))
            with_games = list(compress(everyone, map(mul, self.is_rated, sums.games)))
            put_columns(found, with_games, self.rated_fields(with_games, sums, changes, names),
                        method=Method.ELO)
            unrated = list(compress(everyone, map(not_, self.is_rated)))
            put_columns(found, unrated, self.new_fields(unrated, new, names))
            for i in compress(everyone, map(gt, self.is_rated, map(bool, sums.games))):  # no rated game
                put_row(found, i, self.unchanged_fields(i))
            return found

        return Outcomes(self.numbers, lambda i: many([i])[0], many, columns)

    def one_outcome(self, i: int, new: dict[int, NewPlayerRating], sums: RatedSums,
                    changes: RatedChanges) -> PlayerOutcome:
        """Player i's outcome in a Swiss: a new player's (10.2) or a rated player's (10.5)."""
        if i in new:
            return self.unrated_outcome(i, new[i], self.new_lines(i) if self.explain else ())
        return self.rated_outcome(i, sums, changes)

    def games_against_rated(self) -> RatedSums:
        """Step 3 (10.51; 2024 regulations, 8.3.1): each player's sums over his games against the
        opponents who count as rated, each at his rating."""
        return self.core.rated_sums(self.units, self.counts_as_rated)

    def rated_players(self, sums: RatedSums) -> RatedChanges:
        """Step 4 (10.5): each rated player's K (10.52; 2024 regulations, 8.3.3) and change
        K x sum(score - PD), the new rating rounded as the edition rounds it (10.53; 2024
        regulations, 8.3.4), and the performance."""
        return self.core.rated_changes(sums)

    def new_ratings(self, sums: RatedSums) -> dict[int, NewPlayerRating]:
        """Step 5 (10.2): each new player's Ru from his sums."""
        return self.core.new_ratings(sums, self.explain)

    # -- a round robin with new players (handbook 10.21b, 10.54) --------------------------------

    def round_robin(self) -> Sequence[PlayerOutcome]:
        """Step 2: Ra, each new player's Ru and its re-computation (10.21b, 10.54;
        :mod:`xlrating.fide.round_robin`), then the rated players against the new players'
        final Ru (:meth:`against_final_ru`). Without a rated player there is no Ra: the event
        is rated as a Swiss."""
        lines = {i: self.core.lines(i) for i, played in enumerate(self.played) if played}
        values = self.exact_values()
        found = new_players_of_round_robin(self.edition, self.players, self.numbers, values, lines)
        if found is None:
            self.notes.append(
                "Round robin without rated players: no tournament average Ra, no new ratings (10.21b)")
            return self.swiss()
        new, notes = found
        self.notes.extend(notes)
        sums = self.against_final_ru(new)
        changes = self.rated_players(sums)
        return [self.round_robin_outcome(i, sums, changes, new, lines) for i in range(len(self.players))]

    def against_final_ru(self, new: dict[int, NewPlayer]) -> RatedSums:
        """10.54: the rated players' games, each new player with a rating counted as rated at his
        final Ru, as if it were established."""
        seen = list(self.units)
        counts = list(self.counts_as_rated)
        for i, p in new.items():
            if p.result.rating is not None:
                seen[i] = p.result.rating * self.scale
                counts[i] = True
        return self.core.rated_sums(seen, counts)

    def round_robin_outcome(self, i: int, sums: RatedSums, changes: RatedChanges, new: dict[int, NewPlayer],
                            lines: dict[int, list[Line]]) -> PlayerOutcome:
        if self.is_rated[i]:
            return self.rated_outcome(i, sums, changes)
        if i not in new:  # a new player without games
            return self.unrated_outcome(i, self.new_rating(i, sums), [])
        p = new[i]
        seen = [GameLine(r, self.numbers[o], h / 2, None if o not in p.seen else float(p.seen[o]))
                for r, o, h in lines[i]]
        return self.unrated_outcome(i, replace(p.result, steps=tuple(p.steps)), seen)

    # -- a rated player (10.5) ------------------------------------------------------------------

    def k_step(self, player: FidePlayer, games: int) -> Step:
        if player.k is not None:
            (k, _), before = given_k_within(self.edition, player.k, games)
            if not before:
                return Step("K", player.k, "given")
            limit = self.edition.k_games_limit
            return Step("K", k, f"given {player.k:g}; {player.k:g} x {games} games > {limit}, so K = {k} "
                                f"(the {limit} rule)")
        assert player.rating is not None
        k, reason = k_with_reason(self.edition, player.rating, player.games, player.highest_rating,
                                  player.birth_date, self.on, games)
        return Step("K", k, reason)

    def rated_outcome(self, i: int, sums: RatedSums, changes: RatedChanges) -> PlayerOutcome:
        """A rated player's outcome (10.5) from the change against the opponents who count as
        rated in ``sums``."""
        if sums.games[i]:
            return self.rated_outcomes([i], sums, changes)[0]
        notes = [*self.rated_notes(i, sums, changes), "no games against rated opponents: rating unchanged"]
        return PlayerOutcome(**self.unchanged_fields(i), notes=tuple(notes))

    def unchanged_fields(self, i: int) -> dict[str, Any]:
        """The numeric fields of rated player i's outcome, who has no game against an opponent
        who counts as rated: his rating unchanged (every other field at its default)."""
        player = self.players[i]
        return {"player": player.number, "method": Method.NOT_RATED, "rated_games": 0, "rated_score": 0.0,
                "pre_rating": player.rating, "pre_games": player.games, "post_rating": player.rating,
                "post_games": player.games, "initial_rating": player.rating, "initial_games": player.games,
                "change": 0.0}

    def rated_fields(self, positions: Sequence[int], sums: RatedSums, changes: RatedChanges,
                     names: Collection[str] | None = None) -> dict[str, Sequence[Any]]:
        """The numeric fields (but the method, :attr:`~xlrating.model.Method.ELO`) of the
        outcomes (10.5) of the rated players at ``positions``, each with a game against an
        opponent who counts as rated in ``sums``: each field's values for all of them (of the
        fields ``names`` only, if given: a season reads a few of them as columns)."""
        pick = picker(positions)
        games = cache(lambda: pick(sums.games))
        ratings = cache(lambda: pick(self.ratings))
        prior = cache(lambda: pick(field_values(self.players, "games")))
        return _only(names, {
            "player": lambda: pick(self.numbers), "rated_games": games,
            "rated_score": lambda: pick(sums.score), "pre_rating": ratings,
            "pre_games": prior, "post_rating": lambda: pick(changes.post_rating),
            "post_games": lambda: [None if n is None else n + m
                                   for n, m in zip(prior(), games(), strict=True)],
            "initial_rating": ratings, "initial_games": prior, "change": lambda: pick(changes.change),
            "k": lambda: pick(changes.k_value), "expected_score": lambda: pick(sums.expected),
            "performance": lambda: pick(changes.performance),
        })

    def rated_outcomes(self, positions: Sequence[int], sums: RatedSums,
                       changes: RatedChanges) -> list[PlayerOutcome]:
        """The outcomes (10.5) of the rated players at ``positions``, each with a game against an
        opponent who counts as rated in ``sums``, built field by field for all of them at once."""
        explain = self.explain
        return outcome_records({
            **self.rated_fields(positions, sums, changes),
            "games": [self.rated_lines(i, sums, (changes.k[i], changes.k_unit[i])) for i in positions]
            if explain else repeat((), len(positions)),
            "steps": [self.rated_steps(i, sums, changes.of(i), changes.performance[i]) for i in positions]
            if explain else repeat((), len(positions)),
            "notes": self.rated_notes_of(positions, picker(positions), sums, changes),
        }, method=Method.ELO)

    def rated_notes_of(self, positions: Sequence[int], pick: Picker, sums: RatedSums,
                       changes: RatedChanges) -> list[tuple[str, ...]]:
        """The notes (:meth:`rated_notes`) of the rated players at ``positions`` (ascending, picked
        by ``pick``), each with a rated game: most have none but the games not rated; the others
        (``changes.noted``) have the words of their values, written once for each combination
        of values (:meth:`rated_note_words`), and all of a few players are written one by one."""
        if len(positions) < MANY:
            return [tuple(self.rated_notes(i, sums, changes)) for i in positions]
        skipped = list(map(sub, pick(self.played), pick(sums.games)))
        only_skipped = {count: (_not_rated(count),) if count else () for count in set(skipped)}
        notes: list[tuple[str, ...]] = list(map(only_skipped.__getitem__, skipped))
        places = [(at, i) for at, i in zip(map(partial(bisect_left, positions), changes.noted), changes.noted,
                                            strict=True) if at < len(positions) and positions[at] == i]
        if not places:
            return notes
        noted = [i for _, i in places]
        floor, ratings, caps = self.edition.rating_floor, self.ratings, self.cap
        words = cache(self.rated_note_words)
        values = [changes.values(name, noted) for name in ("k", "k_rule", "post", "unit")]
        for (at, i), k, k_rule, post, unit, capped in zip(places, *values, sums.values("capped", noted),
                                                          strict=True):
            under = post < floor * unit  # the new rating under the floor
            notes[at] = words(ratings[i] < floor, skipped[at], (k, k_rule, capped, caps[i], under))
        return notes

    def rated_notes(self, i: int, sums: RatedSums, changes: RatedChanges) -> list[str]:
        """A rated player's notes: a rating under the floor, games not rated, and with a rated
        game the 700 rule's K, capped games and a new rating under the floor."""
        rating, floor = self.players[i].rating, self.edition.rating_floor
        assert rating is not None
        games = sums.games[i]
        if not games:
            return list(self.rated_note_words(rating < floor, self.played[i]))
        # Each value read alone: most players have no such note, and their lists are not made
        # (OnDemand.value).
        under = changes.value("post", i) < floor * changes.value("unit", i)
        return list(self.rated_note_words(rating < floor, self.played[i] - games, (
            changes.value("k", i), changes.value("k_rule", i), sums.value("capped", i), self.cap[i], under)))

    def rated_note_words(self, under_floor: bool, skipped: int,
                         rated: tuple[int, int, int, int, bool] | None = None) -> tuple[str, ...]:
        """The notes of a rated player whose rating is ``under_floor`` or not, with ``skipped``
        games not rated: a rating under the floor, the games not rated and, for a player with a
        rated game (``rated``: K, K by the rules before the 700 rule, the capped games, the cap,
        whether the new rating is under the floor), the 700 rule's K, the capped games and a new
        rating under the floor."""
        edition = self.edition
        notes = []
        if under_floor:  # a rating from an older list, whose floor was lower
            notes.append(f"pre-event rating under the {edition.display} rating floor {edition.rating_floor} "
                         "(a rating from an older list): rated as given")
        if skipped:
            notes.append(_not_rated(skipped))
        if rated is None:
            return tuple(notes)
        k, k_rule, capped, cap, under = rated
        if k < k_rule:
            notes.append(f"K limited to {k} by the {edition.k_games_limit} rule")
        if capped:
            notes.append(f"{_plural(capped, 'game')} capped at a difference of {cap}")
        if under:
            notes.append(f"under the rating floor {edition.rating_floor} after the event: a rating "
                         "under it is not published (the player is listed as unrated)")
        return tuple(notes)

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
        """A rated player's games against opponents who count as rated: the round, the opponent,
        the score, the opponent's rating, PD and the game's part of the change."""
        # Each field given by position, the lists read once: the lines of an explained
        # 10,000-player event's rated players in 62 ms instead of 79.
        numbers, seen, scale = self.numbers, sums.seen, self.scale
        k_times, per = k[0], k[1] * 100
        return tuple([GameLine(r, numbers[o], h / 2, seen[o] / scale, pd / 100, k_times * (50 * h - pd) / per)
                      for (r, o, h), pd in zip(self.core.lines(i), sums.side_pd(i), strict=True) if pd >= 0])

    # -- a new player (10.2) --------------------------------------------------------------------

    def new_lines(self, i: int) -> list[GameLine]:
        """A new player's games, each with the opponent's rating as it counts (``None``: unrated)."""
        if not hasattr(self, "_values"):
            self._values = self.exact_values()
        values = self._values
        return [GameLine(r, self.numbers[o], h / 2, None if (v := values[o]) is None else float(v))
                for r, o, h in self.core.lines(i)]

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

    def new_outcomes(self, positions: Sequence[int], new: dict[int, NewPlayerRating]) -> list[PlayerOutcome]:
        """The outcomes (10.2) of the new players at ``positions`` (``new``: each one's Ru result),
        built field by field for all of them at once, as :meth:`unrated_outcome` builds one."""
        explain = self.explain
        return outcome_records({
            **self.new_fields(positions, new),
            "games": [tuple(self.new_lines(i)) for i in positions] if explain else repeat((), len(positions)),
            "steps": [new[i].steps for i in positions] if explain else repeat((), len(positions)),
            "notes": [new[i].notes for i in positions],
        })

    def new_fields(self, positions: Sequence[int], new: dict[int, NewPlayerRating],
                   names: Collection[str] | None = None) -> dict[str, Sequence[Any]]:
        """The numeric fields of the outcomes (10.2) of the new players at ``positions`` (``new``:
        each one's Ru result): each field's values for all of them (of the fields ``names`` only,
        if given)."""
        pick = picker(positions)
        results = cache(lambda: [new[i] for i in positions])
        prior = cache(lambda: pick(field_values(self.players, "games")))
        return _only(names, {
            "player": lambda: pick(self.numbers),
            "method": lambda: [Method.UNRATED if r.games else Method.NOT_RATED for r in results()],
            "rated_games": lambda: [r.games for r in results()],
            "rated_score": lambda: [r.score for r in results()],
            "pre_rating": lambda: [None] * len(positions), "pre_games": prior,
            "post_rating": lambda: [None if r.rating is None else float(r.rating) for r in results()],
            "post_games": lambda: [None if r.rating is None else (n or 0) + r.games
                                   for n, r in zip(prior(), results(), strict=True)],
            "performance": lambda: [None if r.ru is None else float(r.ru) for r in results()],
        })

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
    field = checked_players(players, FidePlayer, "a FidePlayer")
    played = checked_columns(games)  # checked and read as columns in full while the event is set up
    with collector_paused():  # the event's numbers form no cycles (see xlrating._gc)
        event = _Event(edition, kind, on, field, played, explain)
        del played  # taken as sides: its columns go now, not after rating
        outcome = event.rate()
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


def _only(names: Collection[str] | None, fields: dict[str, Callable[[], Sequence[Any]]]
          ) -> dict[str, Sequence[Any]]:
    """The values of the fields ``names`` (``None``: every field) of ``fields``, each made by its
    function: only the fields asked for are made."""
    return {name: make() for name, make in fields.items() if names is None or name in names}


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
