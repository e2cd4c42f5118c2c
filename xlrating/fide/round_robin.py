"""A round robin with new players under the FIDE Handbook (10.21b and 10.54).

The steps, in the handbook's order:

1. *Ra* (10.21b): the tournament average, ``Rar - dpa x n/(n+1)`` over the rated players,
   rounded to a whole number as the worked example of 10.54 rounds 2348.45 to 2348; it is
   Rc for every new player.
2. *Ru* (10.22 to 10.25): each new player's rating from Rc = Ra and the score over every
   game (a round robin counts the games between new players too).
3. *Iteration* (10.54): a new player with an opponent more than 350 points from the
   player's Ru has Rc re-computed, that opponent counting as 350 points away
   (``Rc = Ra + the differences / games``), and Ru found again from it.
4. *Rated players* (10.54): rated against the new players' final Ru as if it were established.

A round robin without rated players has no Ra: it is rated as a Swiss.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import EventError
from ..model import GameLine, PlayerOutcome, Step
from .tables import IndeterminateError, round_half_away
from .unrated import NewPlayerRating, average_of_tournament, new_player

if TYPE_CHECKING:
    from .event import _Event

FIRST_DETAIL = "round robin: Rc = the tournament average Ra (10.21b)"


def _fmt(value: Fraction | float) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


@dataclass
class _NewPlayer:
    """A new player's Ru results and how they came about."""

    index: int
    first: NewPlayerRating
    result: NewPlayerRating
    steps: list[Step]
    seen: dict[int, Fraction | int] = field(default_factory=dict)
    """The opponent ratings (by player index) the last Rc was based on, after substitution."""


class _RoundRobin:
    def __init__(self, event: _Event) -> None:
        self.event = event
        self.edition = event.edition
        sides = event.sides
        self.playing = [i for i, played in enumerate(event.played) if played]
        self.values = event.exact_values()
        self.rated = [i for i in self.playing if self.values[i] is not None]
        self.new = [i for i in self.playing if self.values[i] is None]
        self.opponents = len(self.playing) - 1
        self.lines = {i: list(zip(*sides.games(i), strict=True)) for i in self.playing}

    def score(self, i: int) -> Fraction:
        return Fraction(sum(h for _, _, h in self.lines[i]), 2)

    def rate(self) -> Sequence[PlayerOutcome]:
        if not self.rated:
            self.event.notes.append(
                "Round robin without rated players: no tournament average Ra, no new ratings (10.21b)")
            return self.event.swiss()
        ra, ra_steps = self.tournament_average()
        new = {i: self.first_rating(i, ra, ra_steps) for i in self.new}
        for pass_number in range(1, self.edition.round_robin_passes + 1):
            self.iterate(new, ra, pass_number)
        if self.edition.round_robin_passes:
            self.event.notes.append(
                f"Rc re-computed ({self.edition.round_robin_passes} pass) for new players with an opponent "
                f"more than {self.edition.round_robin_distance} points away (10.54)")
        return self.outcomes(new)

    def tournament_average(self) -> tuple[Fraction, list[Step]]:
        """Step 1: Ra of 10.21b, rounded as 10.54 rounds it (handbook)."""
        try:
            ratings = [v for v in (self.values[i] for i in self.rated) if v is not None]
            raw, steps = average_of_tournament(ratings, [self.score(i) for i in self.rated],
                                               [len(self.lines[i]) for i in self.rated], self.opponents)
        except IndeterminateError:
            culprits = [f"rated player {self.event.numbers[i]} scored {_fmt(self.score(i))} of "
                        f"{len(self.lines[i])}"
                        for i in self.rated if self.score(i) in (0, len(self.lines[i]))]
            raise EventError(
                "Round robin with unrated players: " + "; ".join(culprits) + ", and dp is indeterminate for "
                "a zero or 100% score (FIDE Handbook 10.1), so the tournament average Ra (10.21b) cannot be "
                "determined") from None
        ra = round_half_away(raw) if self.edition.round_competition else raw
        if ra != raw:
            steps.append(Step("Ra", float(ra), "rounded to a whole number, as 10.54 does (2348.45 to 2348)"))
        self.event.notes.append(
            f"Round robin with unrated players: Ra = {_fmt(ra)} (10.21b), n = {self.opponents}")
        return ra, steps

    def ru(self, i: int, competition: Fraction, detail: str) -> NewPlayerRating:
        """Ru (10.22 to 10.25) from Rc = ``competition`` over every game."""
        player = self.event.players[i]
        lines = self.lines[i]
        opponents = [self.values[o] for _, o, _ in lines]
        return new_player(self.edition, opponents, [h for _, _, h in lines],
                          round_robin=True, competition=competition, competition_detail=detail,
                          first_event=not player.games and not player.rated_since_event,
                          opponents_in_event=self.opponents)

    def first_rating(self, i: int, ra: Fraction, ra_steps: list[Step]) -> _NewPlayer:
        """Step 2: Ru with Rc = Ra."""
        result = self.ru(i, ra, FIRST_DETAIL)
        return _NewPlayer(i, result, result, [*ra_steps, *result.steps])

    def iterate(self, new: dict[int, _NewPlayer], ra: Fraction, pass_number: int) -> None:
        """Step 3 (10.54): Rc re-computed for a new player with an opponent too far from Ru, all
        new players at once from the Ru values of the pass before."""
        current = {i: None if p.result.rating is None else Fraction(p.result.rating) for i, p in new.items()}
        updated = {i: self.recompute(p, own, current, ra, f"Iteration {pass_number}")
                   for i, p in new.items() if (own := current[i]) is not None}
        for i, result in updated.items():
            new[i].result = result

    def substitute(self, p: _NewPlayer, own: Fraction, current: dict[int, Fraction | None]
                   ) -> tuple[Fraction, list[str]]:
        """10.54: each opponent more than the distance from Ru ``own`` counts as that far; the sum
        of the differences this makes, and each substitution in words."""
        distance = self.edition.round_robin_distance
        adjustment = Fraction(0)
        said: list[str] = []
        for _, o, _ in self.lines[p.index]:
            value = self.values[o] if self.values[o] is not None else current.get(o)
            if value is None:
                continue
            p.seen[o] = value
            if abs(value - own) <= distance:
                continue
            counts = own - distance if value < own else own + distance
            p.seen[o] = counts
            adjustment += counts - value
            said.append(f"{self.event.numbers[o]} ({_fmt(value)}) counts as {_fmt(counts)}")
        return adjustment, said

    def recompute(self, p: _NewPlayer, own: Fraction, current: dict[int, Fraction | None], ra: Fraction,
                  label: str) -> NewPlayerRating:
        """Rc (new) = Ra + the differences / games, and Ru from it; Rc = Ra if nothing was substituted."""
        distance = self.edition.round_robin_distance
        adjustment, said = self.substitute(p, own, current)
        if not said:
            p.steps.append(Step(label, None,
                                f"no opponent more than {distance} points from Ru {_fmt(own)}: Rc = Ra"))
            return p.first
        games = len(self.lines[p.index])
        p.steps.append(Step(label, float(adjustment), "; ".join(said) + f", more than {distance} points "
                            f"from Ru {_fmt(own)}; the differences add up to {_fmt(adjustment)} (10.54)"))
        sign = "-" if adjustment < 0 else "+"
        result = self.ru(p.index, ra + adjustment / games,
                         f"Rc (new) = Ra {sign} {_fmt(abs(adjustment))} / {games} (10.54)")
        p.steps.extend(replace(s, label=f"{s.label} (new)") for s in result.steps)
        return result

    def outcomes(self, new: dict[int, _NewPlayer]) -> Sequence[PlayerOutcome]:
        """Step 4: the rated players against the new players' final Ru (10.54), and every outcome."""
        event = self.event
        seen = list(event.units)
        counts = list(event.counts_as_rated)
        for i, p in new.items():
            if p.result.rating is not None:
                seen[i] = p.result.rating * event.scale
                counts[i] = True
        sums = event.sides.rated_sums(event.units, seen, counts, event.cap, event.scale)
        changes = event.changes(sums)
        found = []
        for i in range(len(event.players)):
            if event.is_rated[i]:
                found.append(event.rated_outcome(i, sums, changes))
            elif i not in new:  # a new player without games
                found.append(event.unrated_outcome(i, event.new_rating(i, sums), []))
            else:
                p = new[i]
                lines = [GameLine(r, event.numbers[o], h / 2, None if o not in p.seen else float(p.seen[o]))
                         for r, o, h in self.lines[i]]
                found.append(event.unrated_outcome(i, replace(p.result, steps=tuple(p.steps)), lines))
        return found


def rate_round_robin(event: _Event) -> Sequence[PlayerOutcome]:
    """Every player of a handbook round robin with new players (10.21b, 10.54)."""
    return _RoundRobin(event).rate()
