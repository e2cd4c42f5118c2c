"""The numeric core of a US Chess event in plain Python: for small events, where numpy's
fixed cost per call outweighs its speed, and for every event wherever numpy cannot be
imported. Each step runs player by player with the one-player formulas; the same numbers as
:class:`~xlrating.uscf.core_numpy.NumpyCore` to the last bit (see :mod:`xlrating.uscf.core`)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import add, sub
from typing import Any

from .._sides import ListedSides
from .core import (
    EffectiveGames,
    Finals,
    SpecialStep,
    StandardStep,
    Values,
    finals_one_by_one,
    opponents_at,
    seen_at_step4,
    special_one_by_one,
)
from .formulas import _effective_below, _nstar
from .player import UscfPlayer
from .rules import UscfRules
from .standard import UNUSED, _workings


class PlainCore:
    """The numeric core in Python lists: each player's games a list, each step a loop over
    the players."""

    lazy = False

    def __init__(self, rules: UscfRules, sides: ListedSides) -> None:
        self.rules, self.sides = rules, sides
        self.m = sides.count
        self.score, self.won, self.drawn = sides.totals()
        self.repeated = sides.repeated_opponents(rules.bonus_max_meetings)

    def effective_games(self, prior: list[float], games: list[int | None],
                        history: list[str | None]) -> EffectiveGames:
        rules = self.rules
        nstar = [_nstar(rules, rating) for rating in prior]
        effective = [_effective_below(n_star, n) for n_star, n in zip(nstar, games, strict=True)]
        special = [(n is not None and n <= rules.special_games) or h is not None
                   for n, h in zip(games, history, strict=True)]
        by_standard = [m > 0 and not s for m, s in zip(self.m, special, strict=True)]
        by_special = [i for i, (m, s) in enumerate(zip(self.m, special, strict=True)) if m and s]
        return EffectiveGames(nstar, effective, special, by_standard, by_special)

    def filled(self, value: Any) -> list[Any]:
        return [value] * len(self.m)

    def first_estimate_players(self, unrated: list[int], games: list[int | None]) -> list[int]:
        m = self.m
        return [i for i in unrated if m[i] and games[i] == 0]

    def special(self, who: list[int], prior: list[float], effective: Values,
                history: list[str | None], seen: Values, *, keep: bool) -> SpecialStep:
        return special_one_by_one(self.rules, who, prior, effective, self.score, history,
                                  opponents_at(self.sides, who, seen), keep=keep)

    def first_estimates(self, found: SpecialStep, floor: float) -> list[float | None]:
        step3: list[float | None] = [None] * len(self.m)
        for i, rating in zip(found.who, found.rating, strict=True):
            step3[i] = max(rating, floor)
        return step3

    def seen_at_step4(self, prior: list[float], step3: Values) -> list[float]:
        return seen_at_step4(prior, list(step3))

    def standard(self, chosen: Values, prior: list[float], effective: Values,
                 seen: Values, *, bonus: bool, multiplier: float, regular: list[float | None] | None,
                 explain: bool) -> StandardStep:
        """The standard formula of :mod:`.standard` for each chosen player, in one loop."""
        workings = _workings(self.rules, chosen, prior, effective, self.sides.opponents, seen, self.score,
                             self.repeated, regular, bonus=bonus, multiplier=multiplier,
                             keep_expected=explain)
        columns = list(zip(*workings, strict=True)) or [()] * len(UNUSED)
        k, dual_k, expected, total, change, eligible, threshold, amount, rating = columns
        return StandardStep(k, dual_k, total, change, eligible, threshold, amount, rating,
                            expected if explain else ())

    def step_ratings(self, standard: StandardStep, special: SpecialStep, floor: float) -> list[float]:
        raw = list(standard.rating)
        for i, rating in zip(special.who, special.rating, strict=True):
            raw[i] = rating
        return [floor if floor > r else r for r in raw]

    def finals(self, players: Sequence[UscfPlayer], unrated: list[int], prior: list[float],
               games: list[int | None], step5: Values, *, match: bool) -> Finals:
        return finals_one_by_one(self.rules, players, self.m, prior, step5, self.won, self.drawn, match=match)

    def post_games(self, games: list[int | None]) -> list[int | None]:
        if None in games:  # N not given: post-event N unknown
            return [None if n is None else n + m for n, m in zip(games, self.m, strict=True)]
        return list(map(add, games, self.m))

    def changes(self, post: Values, prior: list[float]) -> list[float]:
        return list(map(sub, post, prior))

    def noted(self, special: Values, found: SpecialStep, history: list[str | None], standard: StandardStep,
              final: Finals) -> tuple[list[int], list[int], list[int]]:
        by_special = [i for i, p0_rule, capped in zip(found.who, found.p0_rule, found.capped, strict=True)
                      if p0_rule or capped or history[i] is not None]
        by_standard, bonus = _standard_noted(standard, self.m, special)
        after = [i for i, (applied, stored, floor, capped, ignored) in enumerate(zip(
            final.applied, final.stored, final.floor, final.capped, final.peak_ignored, strict=True))
            if applied or stored < floor or capped is not None or ignored]
        m = self.m
        return sorted([*by_special, *by_standard]), [i for i in after if m[i]], bonus


def _standard_noted(s: StandardStep, m: list[int], special: Values) -> tuple[list[int], list[int]]:
    """The players with a game rated by the standard formula whose formula at step 5 may give
    notes (the dual-rated K, a bonus, no bonus where one would have been paid), and those of
    them whose one note from it is on the bonus (see :meth:`.core.Core.noted`)."""
    noted = [i for i, (dual, eligible, bonus, change, threshold) in enumerate(zip(
        s.dual_rated_k, s.eligible, s.bonus, s.change, s.threshold, strict=True))
        if dual or (bonus > 0 if eligible else change > threshold)]
    noted = [i for i in noted if m[i] and not special[i]]
    return noted, [i for i in noted if not s.dual_rated_k[i]]
