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
4. *Rated players* (10.54): rated against the new players' final Ru as if it were established
   (:meth:`xlrating.fide.event._Event.round_robin`).

This module computes steps 1 to 3 from the event's games (:func:`new_players_of_round_robin`).
A round robin without rated players has no Ra: it is rated as a Swiss.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..errors import EventError
from ..model import Step
from .core import Line
from .player import FidePlayer
from .rules import FideRules
from .tables import IndeterminateError, round_half_away
from .unrated import Exact, NewPlayerRating, average_of_tournament, new_player

FIRST_DETAIL = "round robin: Rc = the tournament average Ra (10.21b)"


def _fmt(value: Fraction | float) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


@dataclass
class NewPlayer:
    """A new player's Ru results and how they came about."""

    index: int
    first: NewPlayerRating
    result: NewPlayerRating
    steps: list[Step]
    seen: dict[int, Fraction | int] = field(default_factory=dict)
    """The opponent ratings (by player index) the last Rc was based on, after substitution."""


class _RoundRobin:
    def __init__(self, edition: FideRules, players: Sequence[FidePlayer], numbers: Sequence[int],
                 values: Sequence[Exact | None], lines: dict[int, list[Line]]) -> None:
        self.edition, self.players, self.numbers = edition, players, numbers
        self.values, self.lines = values, lines
        self.playing = list(lines)
        self.rated = [i for i in self.playing if self.values[i] is not None]
        self.new = [i for i in self.playing if self.values[i] is None]
        self.opponents = len(self.playing) - 1
        self.notes: list[str] = []

    def score(self, i: int) -> Fraction:
        return Fraction(sum(h for _, _, h in self.lines[i]), 2)

    def rate(self) -> dict[int, NewPlayer] | None:
        """Steps 1 to 3: each new player's final Ru (``None``: no rated players, no Ra)."""
        if not self.rated:
            return None
        ra, ra_steps = self.tournament_average()
        new = {i: self.first_rating(i, ra, ra_steps) for i in self.new}
        for pass_number in range(1, self.edition.round_robin_passes + 1):
            self.iterate(new, ra, pass_number)
        if self.edition.round_robin_passes:
            self.notes.append(
                f"Rc re-computed ({self.edition.round_robin_passes} pass) for new players with an opponent "
                f"more than {self.edition.round_robin_distance} points away (10.54)")
        return new

    def tournament_average(self) -> tuple[Fraction, list[Step]]:
        """Step 1: Ra of 10.21b, rounded as 10.54 rounds it (handbook)."""
        try:
            ratings = [v for v in (self.values[i] for i in self.rated) if v is not None]
            raw, steps = average_of_tournament(ratings, [self.score(i) for i in self.rated],
                                               [len(self.lines[i]) for i in self.rated], self.opponents)
        except IndeterminateError:
            culprits = [f"rated player {self.numbers[i]} scored {_fmt(self.score(i))} of "
                        f"{len(self.lines[i])}"
                        for i in self.rated if self.score(i) in (0, len(self.lines[i]))]
            raise EventError(
                "Round robin with unrated players: " + "; ".join(culprits) + ", and dp is indeterminate for "
                "a zero or 100% score (FIDE Handbook 10.1), so the tournament average Ra (10.21b) cannot be "
                "determined") from None
        ra = round_half_away(raw) if self.edition.round_competition else raw
        if ra != raw:
            steps.append(Step("Ra", float(ra), "rounded to a whole number, as 10.54 does (2348.45 to 2348)"))
        self.notes.append(
            f"Round robin with unrated players: Ra = {_fmt(ra)} (10.21b), n = {self.opponents}")
        return ra, steps

    def ru(self, i: int, competition: Fraction, detail: str) -> NewPlayerRating:
        """Ru (10.22 to 10.25) from Rc = ``competition`` over every game."""
        player = self.players[i]
        lines = self.lines[i]
        opponents = [self.values[o] for _, o, _ in lines]
        return new_player(self.edition, opponents, [h for _, _, h in lines],
                          round_robin=True, competition=competition, competition_detail=detail,
                          first_event=not player.games and not player.rated_since_event,
                          opponents_in_event=self.opponents)

    def first_rating(self, i: int, ra: Fraction, ra_steps: list[Step]) -> NewPlayer:
        """Step 2: Ru with Rc = Ra."""
        result = self.ru(i, ra, FIRST_DETAIL)
        return NewPlayer(i, result, result, [*ra_steps, *result.steps])

    def iterate(self, new: dict[int, NewPlayer], ra: Fraction, pass_number: int) -> None:
        """Step 3 (10.54): Rc re-computed for a new player with an opponent too far from Ru, all
        new players at once from the Ru values of the pass before."""
        current = {i: None if p.result.rating is None else Fraction(p.result.rating) for i, p in new.items()}
        updated = {i: self.recompute(p, own, current, ra, f"Iteration {pass_number}")
                   for i, p in new.items() if (own := current[i]) is not None}
        for i, result in updated.items():
            new[i].result = result

    def substitute(self, p: NewPlayer, own: Fraction, current: dict[int, Fraction | None]
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
            said.append(f"{self.numbers[o]} ({_fmt(value)}) counts as {_fmt(counts)}")
        return adjustment, said

    def recompute(self, p: NewPlayer, own: Fraction, current: dict[int, Fraction | None], ra: Fraction,
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


def new_players_of_round_robin(edition: FideRules, players: Sequence[FidePlayer], numbers: Sequence[int],
                               values: Sequence[Exact | None], lines: dict[int, list[Line]]
                               ) -> tuple[dict[int, NewPlayer], list[str]] | None:
    """Steps 1 to 3 of a handbook round robin with new players (10.21b, 10.54): each new
    player's final Ru (by index), and the notes; ``None`` if no rated player has a game (no Ra).

    ``values`` are the players' ratings as their opponents count them (``None``: unrated),
    ``lines`` the games of each player who has one, in round order."""
    robin = _RoundRobin(edition, players, numbers, values, lines)
    new = robin.rate()
    return None if new is None else (new, robin.notes)
