"""The numeric core of a US Chess event on numpy arrays, for a large event (imported only
when the event takes this path): each step for all players at once.

Every number is computed with the same floating-point operations, in the same order, as
the one-player formulas of :mod:`.standard`, :mod:`.special` and :mod:`.floors`, so the
results are identical to the last bit (see :mod:`xlrating.uscf.core`): each winning
expectancy's power of ten is the C library's ``pow``, as Python's ``10.0 ** x``
(:mod:`xlrating._powers`), and a player's expected score is summed game by game in round
order, as the one-player formula adds it.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from itertools import accumulate, pairwise
from typing import Any

import numpy as np

from .._by_value import by_value
from .._player_columns import field_values
from .._sides_numpy import ArraySides, Flags, Floats, packed
from .arrays import (
    _dual_rated_k,
    _optional,
    _powers_of_ten,
    nstar_of,
)
from .core import (
    EffectiveGames,
    Finals,
    SpecialStep,
    StandardStep,
    Values,
    as_list,
    finals_one_by_one,
    special_one_by_one,
)
from .floors import EXPLICIT, PEAK, PERSONAL, WHOLE_TOLERANCE
from .player import UscfPlayer
from .rules import UscfRules
from .special_arrays import Players, players_of, special_ratings

#: From this many players at one step, the special formula runs for all of them at once on
#: arrays: below, numpy's fixed cost per call outweighs its speed (measured on a season's
#: waves: about 15 players break even, the lockstep's last few finishing alone). An
#: explanation then runs the one-player algorithm again for each player whose working it reads.
SPECIAL_VECTOR_PLAYERS = 16


class NumpyCore:
    """The numeric core on numpy arrays: the games as :class:`~xlrating._sides_numpy.ArraySides`, each
    step's values as arrays over all players."""

    lazy = True

    def __init__(self, rules: UscfRules, sides: ArraySides) -> None:
        self.rules, self.sides = rules, sides
        self.m = sides.count
        score, self.won, self.drawn = sides.total_arrays()
        self.score: list[float] = by_value(score, 0.5)  # (a few distinct values: each one Python number)
        self.arrays: dict[int, tuple[list[Any], Any]] = {id(self.score): (self.score, score)}
        """The lists the event keeps, as arrays, each made once: see :meth:`array`."""
        self.repeated = sides.repeated_flags(rules.bonus_max_meetings)
        self.chosen: tuple[Flags, Flags, Any, Any, Any] | None = None
        """The players the standard formula rated last, and their sides (:meth:`chosen_sides`)."""
        self.players: tuple[tuple[Any, ...], Players] | None = None
        """The players the special formula rated last (:func:`.special_arrays.players_of`), made
        once for steps 4 and 5, and from what."""
        self.terms: tuple[tuple[Any, ...], tuple[Floats, Flags, Flags, Floats]] | None = None
        """The standard formula's terms made last (:meth:`standard_terms`), and from what."""

    def chosen_sides(self, chosen: Flags) -> tuple[Flags, Any, Any, Any]:
        """Which sides are those of the ``chosen`` players, their opponents (positions), each
        chosen player's number of games, and each of their sides' player (position): made once
        for the players steps 4 and 5 both rate. (The sides are by player: a player's value is
        on each of his sides by repeating it his number of games, at a fraction of the time of
        picking it by each side's player.)"""
        if self.chosen is None or self.chosen[0] is not chosen:
            sides = self.sides
            own = np.repeat(chosen, sides.played)
            counts = sides.played[chosen]
            whose = np.repeat(np.flatnonzero(chosen), counts)
            self.chosen = (chosen, own, sides.opponent[own], counts, whose)
        return self.chosen[1:]

    def array(self, values: Sequence[Any]) -> Any:
        """``values`` as a numpy array of floats (numbers, None for NaN): made once for each list
        the event keeps (an array as it is). Whole numbers (each player's N) are packed as such
        and made floats, at a third of the time numpy takes to make each a float (0.09 ms
        against 0.28 at 10,000 players); any other list by numpy."""
        if not isinstance(values, list):
            return values
        found = self.arrays.get(id(values))
        if found is None or found[0] is not values:
            try:
                made = packed(values, "q").astype(np.float64)  # (exact: below 2**53)
            except struct.error:  # a float, or None
                made = np.array(values, dtype=np.float64)
            found = self.arrays[id(values)] = (values, made)
        return found[1]

    def histories(self, history: list[str | None]) -> Any:
        """The players' histories as an array of objects, or None if nobody has one (the usual
        case: then no history is compared); made once for each list the event keeps."""
        found = self.arrays.get(id(history))
        if found is None or found[0] is not history:
            given = None if history.count(None) == len(history) else np.array(history, dtype=object)
            found = self.arrays[id(history)] = (history, given)
        return found[1]

    def filled(self, value: Any) -> Any:
        return np.full(len(self.m), value)

    def effective_games(self, prior: list[float], games: list[int | None],
                        history: list[str | None]) -> EffectiveGames:
        rules = self.rules
        n = self.array(games)  # NaN: not given
        nstar = nstar_of(rules, self.array(prior))
        special = n <= rules.special_games
        given = self.histories(history)
        if given is not None:
            special |= given != None  # noqa: E711 (elementwise)
        rated = self.sides.played > 0
        return EffectiveGames(nstar, np.fmin(n, nstar), special, rated & ~special,
                              np.flatnonzero(rated & special).tolist())

    def first_estimate_players(self, unrated: list[int], games: list[int | None]) -> list[int]:
        rows = np.array(unrated, dtype=np.int64)
        return rows[(self.sides.played[rows] > 0) & (self.array(games)[rows] == 0)].tolist()  # type: ignore[no-any-return]

    def special(self, who: list[int], prior: list[float], effective: Values,
                history: list[str | None], seen: Values, *, keep: bool) -> SpecialStep:
        """All at once on arrays from :data:`SPECIAL_VECTOR_PLAYERS` players on (keeping no
        working), else player by player."""
        if len(who) < SPECIAL_VECTOR_PLAYERS:  # the one-player formula takes Python numbers
            return special_one_by_one(self.rules, who, prior, as_list(effective), self.score, history,
                                      self.opponents_at(who, seen), keep=keep)
        given = (who, prior, effective, history)
        if self.players is None or any(a is not b for a, b in zip(self.players[0], given, strict=True)):
            made = players_of(self.rules, self.sides, who, self.array(prior), self.array(effective),
                              self.array(self.score), self.histories(history))
            self.players = (given, made)
        found = special_ratings(self.rules, self.sides, who, self.array(prior), self.array(effective),
                                self.array(self.score), self.histories(history), self.array(seen),
                                self.players[1])
        return SpecialStep(who, found.rating, found.adjusted_prior, found.adjusted_score, found.rule,
                           found.capped, {})

    def opponents_at(self, who: list[int], seen: Values) -> list[list[float]]:
        """The opponents' ratings ``seen`` of each player ``who`` (positions, ascending), in round
        order: picked for all of them at once (the sides are by player), then cut player by player."""
        sides = self.sides
        chosen = np.zeros(len(self.m), dtype=np.bool_)
        chosen[who] = True
        ratings = self.array(seen)[sides.opponent[np.repeat(chosen, sides.played)]].tolist()
        ends = list(accumulate(sides.played[chosen].tolist(), initial=0))
        return [ratings[start:end] for start, end in pairwise(ends)]

    def first_estimates(self, found: SpecialStep, floor: float) -> Floats:
        step3 = np.full(len(self.m), np.nan)
        step3[found.who] = np.maximum(found.rating, floor)
        return step3

    def seen_at_step4(self, prior: list[float], step3: Values) -> Floats:
        first = self.array(step3)
        seen: Floats = np.where(np.isnan(first), self.array(prior), first)
        return seen

    def standard(self, chosen: Values, prior: list[float], effective: Values,
                 seen: Values, *, bonus: bool, multiplier: float, regular: list[float | None] | None,
                 explain: bool) -> StandardStep:
        """Every operation as the one-player formula does it."""
        rules, sides = self.rules, self.sides
        r0 = self.array(prior)
        own, opponents, counts, whose = self.chosen_sides(chosen)
        difference = self.array(seen)[opponents] - np.repeat(r0[chosen], counts)  # R0 on each own side
        we = 1.0 / (1.0 + _powers_of_ten(difference, rules.we_scale))
        total = np.bincount(whose, we, len(self.m))  # E: each player's We added in round order, from 0.0
        k, dual, eligible, threshold = self.standard_terms(chosen, self.array(effective), regular, bonus,
                                                           multiplier)
        change = k * (self.array(self.score) - total)
        excess = change - threshold
        amount = np.where(eligible & (excess > 0.0), excess, 0.0)
        return StandardStep(k, dual, total, change, eligible, threshold, amount, r0 + change + amount,
                            _PerPlayer(_on_sides(we, own), sides.starts) if explain else ())

    def standard_terms(self, chosen: Flags, n: Floats, regular: list[float | None] | None, bonus: bool,
                       multiplier: float) -> tuple[Floats, Flags, Flags, Floats]:
        """The standard formula's terms that do not depend on the opponents' ratings, the same at
        steps 4 and 5 (made once for both, as :meth:`chosen_sides`; ``n``: N'): K, whether it is
        the dual-rated K, whether the bonus formula applies, and B sqrt(m')."""
        given = (chosen, n, regular, bonus, multiplier)
        if self.terms is None or any(a is not b for a, b in zip(self.terms[0], given, strict=True)):
            rules, m = self.rules, self.sides.played
            games = np.where(chosen, n + m, 1.0)  # N' + m; 1 where unused, to divide safely
            plain = rules.k_numerator / games
            k = _dual_rated_k(rules, plain, chosen, n, m, regular)
            eligible = (chosen & (m >= rules.bonus_min_games) & ~self.repeated if bonus
                        else np.zeros_like(chosen))
            threshold = multiplier * np.sqrt(np.maximum(m, rules.bonus_min_m_prime).astype(np.float64))
            self.terms = (given, (k, k != plain, eligible, threshold))
        return self.terms[1]

    def step_ratings(self, standard: StandardStep, special: SpecialStep, floor: float) -> Floats:
        raw: Floats = np.array(standard.rating, dtype=np.float64)
        raw[special.who] = special.rating
        return np.maximum(raw, floor)

    def finals(self, players: Sequence[UscfPlayer], unrated: list[int], prior: list[float],
               games: list[int | None], step5: Values, *, match: bool) -> Finals:
        """For all players at once, each value as :func:`.floors.store` and
        :func:`.floors._floor` compute it; a match's cap and floors player by player."""
        self.players = None  # (steps 4 and 5 are done with it)
        if match:
            return finals_one_by_one(self.rules, players, self.m, prior, as_list(step5), self.won.tolist(),
                                     self.drawn.tolist(), match=True)
        rated = np.ones(len(players), dtype=np.bool_)
        rated[unrated] = False
        return _finals(self.rules, players, rated, self.array(games), self.array(prior), self.array(step5),
                       self.won, self.drawn, self.sides.played)

    def post_games(self, games: list[int | None]) -> list[int | None]:
        """On arrays where every N is given (a whole float below 2**53: exact), else as the plain core."""
        n = self.array(games)  # NaN: not given
        if np.isnan(n).any():
            return [None if g is None else g + m for g, m in zip(games, self.m, strict=True)]
        return by_value(n.astype(np.int64) + self.sides.played)

    def changes(self, post: Values, prior: list[float]) -> list[float]:
        return (self.array(post) - self.array(prior)).tolist()  # type: ignore[no-any-return]

    def noted(self, special: Values, found: SpecialStep, history: list[str | None], standard: StandardStep,
              final: Finals) -> tuple[list[int], list[int], list[int]]:
        """Every player's conditions at once, as :meth:`.core_plain.PlainCore.noted` tests them one by one."""
        s, f, rated = standard, final, self.sides.played > 0
        paid = np.where(s.eligible, np.asarray(s.bonus) > 0, np.asarray(s.change) > s.threshold)
        dual = np.asarray(s.dual_rated_k)
        bonus_alone = np.flatnonzero(rated & ~np.asarray(special) & ~dual & paid).tolist()
        formula = rated & ~np.asarray(special) & (dual | paid)
        if found.who:
            rows, given = np.array(found.who), self.histories(history)
            formula[rows] = (np.asarray(found.p0_rule) != 0) | np.asarray(found.capped, dtype=np.bool_)
            if given is not None:
                formula[rows] |= given[rows] != None  # noqa: E711 (elementwise)
        after = np.asarray(f.applied) | (np.asarray(f.stored) < f.floor) | np.asarray(f.peak_ignored)
        if f.capped.count(None) != len(f.capped):  # a match
            after |= np.array([c is not None for c in f.capped])
        return np.flatnonzero(formula).tolist(), np.flatnonzero(after & rated).tolist(), bonus_alone


def _on_sides(values: Floats, own: Flags) -> Floats:
    """``values``, one for each of the sides ``own`` marks, on every side (0 on the others)."""
    found = np.zeros(len(own))
    found[own] = values
    return found


class _PerPlayer(Sequence[tuple[float, ...]]):
    """Per-side values as a sequence of each player's, in round order (read one at a time)."""

    def __init__(self, values: Floats, starts: list[int]) -> None:
        self.values, self.starts = values, starts

    def __len__(self) -> int:
        return len(self.starts) - 1

    def __getitem__(self, i: int) -> tuple[float, ...]:  # type: ignore[override]
        return tuple(self.values[self.starts[i]:self.starts[i + 1]].tolist())


def _finals(rules: UscfRules, players: Sequence[UscfPlayer], rated: Flags, games: Floats, prior: Floats,
            step5: Floats, won: Any, drawn: Any, m: Any) -> Finals:
    """Storage, the floors and the post-event ratings of every player at once (not a match).
    ``rated``: whether a player has a pre-event rating; ``games`` N (NaN: not given), ``prior``
    R0 (the pre-event or step 1 rating: a rated player's pre-event rating)."""
    if rules.storage_integers:
        nearest = np.floor(step5 + 0.5)
        exact = np.where(np.abs(step5 - nearest) <= WHOLE_TOLERANCE, nearest, step5)
        stored = np.where(exact > prior, np.ceil(exact),
                          np.where(exact < prior, np.floor(exact), nearest))
    else:
        stored = step5
    nan = float("nan")
    size = len(players)
    given_peak, explicit = _optional(field_values(players, "peak")), _optional(field_values(players, "floor"))
    wins = packed(field_values(players, "wins"), "q") + won
    draws = packed(field_values(players, "draws"), "q") + drawn
    events = packed(field_values(players, "events"), "q") + (m >= rules.floor_event_games)
    established = rated & (np.isnan(games) | (games > rules.established_games))
    peak = np.where(established, np.fmax(given_peak, prior), nan)  # fmax: the pre-event rating if no peak
    floor = np.minimum(rules.absolute_floor + rules.floor_per_win * wins + rules.floor_per_draw * draws
                       + rules.floor_per_event * events, rules.personal_floor_cap)
    source = np.full(size, PERSONAL)
    target = (np.floor(peak + 0.5) if rules.peak_rounded else peak) - rules.peak_floor_offset
    levels = np.array(sorted(rules.peak_floors))
    at = np.searchsorted(levels, np.where(np.isnan(target), -np.inf, target), side="right") - 1
    from_peak = np.where(at >= 0, levels[np.maximum(at, 0)], nan)
    higher = from_peak > floor  # False where there is no peak floor (NaN)
    floor, source = np.where(higher, from_peak, floor), np.where(higher, PEAK, source)
    higher = explicit > floor
    floor, source = np.where(higher, explicit, floor), np.where(higher, EXPLICIT, source)
    applied: Flags = stored < floor
    post = np.where(applied, floor, stored)
    ignored = ~np.isnan(given_peak) & ~established
    return Finals([None] * size, stored, floor, source, peak, applied, wins, draws, events, post, ignored)
