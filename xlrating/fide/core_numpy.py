"""The numeric core of a FIDE event on numpy arrays, for large events: the same integers as
:class:`~xlrating.fide.core_plain.PlainCore` (see :mod:`xlrating.fide.core`).

Imported only once an event is found large enough for numpy to pay for itself
(:func:`xlrating._vector.vectorised`); nothing else in the package needs numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from functools import cache, cached_property, partial
from operator import itemgetter
from typing import Any
from weakref import ReferenceType, ref

import numpy as np
import numpy.typing as npt

from .._player_columns import field_values, fields_at
from .._sides_numpy import ArraySides, Flags, Floats, Index, Ints, Rounds
from .core import LAST_ROW, PD_HIGH, PD_LOW, Line, RatedChanges, RatedSums, given_k_within, new_rating
from .core_plain import changes_one_by_one, new_ratings_one_by_one
from .player import FidePlayer
from .rules import FideRules
from .tables import DP_TABLE
from .unrated import NewPlayerRating, apply_limits, new_player_of_sums, not_counted

HIGH: Ints = np.array(PD_HIGH, dtype=np.int64)
"""Table (b): PD of the higher rated player, in hundredths, by whole difference 0..736."""
LOW: Ints = np.array(PD_LOW, dtype=np.int64)
"""Table (b): PD of the lower rated player, in hundredths, by whole difference 0..736."""
PD_BOTH: Ints = np.concatenate([HIGH, LOW])
"""``HIGH`` then ``LOW``: PD in one look-up, at the row plus ``LAST_ROW + 1`` for the lower rated."""
DP_KNOWN: npt.NDArray[np.bool_] = np.array([dp is not None for _, dp in sorted(DP_TABLE)], dtype=np.bool_)
"""Table (a): whether dp is determinate, by percentage score row 0..100."""
DP: Ints = np.array([dp or 0 for _, dp in sorted(DP_TABLE)], dtype=np.int64)
"""Table (a): dp by percentage score row 0..100 (0 where it is indeterminate)."""
EXACT_FLOAT = 2**53
"""Whole numbers under this are exact as floats, so a quotient of two of them as floats is
the correctly rounded quotient that Python's ``int / int`` gives."""
LARGEST_SCALE = 10**11
"""Up to this scale, ratings and their sums fit machine integers; beyond it (ratings with
many decimals) the arrays hold Python integers, which are exact at any size."""


def dtype_for(scale: int) -> type:
    """The array type that holds ratings in units of ``1/scale`` exactly."""
    return np.int64 if scale <= LARGEST_SCALE else object


class NumpyCore:
    """The numeric core on numpy arrays: each step a few array operations over every side at
    once."""

    def __init__(self, sides: ArraySides, edition: FideRules, on: date, players: Sequence[FidePlayer],
                 units: list[int], cap: list[int], is_rated: list[bool], scale: int) -> None:
        self.sides, self.edition, self.on, self.players = sides, edition, on, players
        self.units, self.cap, self.is_rated, self.scale = units, cap, is_rated, scale
        self.rated_flags: Flags = np.array(is_rated, dtype=np.bool_)
        """``is_rated`` as an array (the steps on arrays take it as it is)."""
        self.side_player, self.side_opponent, score = sides.in_any_order()
        """Every side's player and opponent (positions), in an order of their own: the sums add
        whole numbers, the same in any order, and need not put the sides by player."""
        self.halves: Ints = (2.0 * score).astype(np.int64)
        """Each side's score in half points (0, 1 or 2), the sides as ``side_player``."""
        self.rated: npt.NDArray[Any] = np.array(units, dtype=dtype_for(scale))
        """Each player's rating in units of ``1/scale``."""
        self.over: npt.NDArray[Any] | int
        """Each player's cap on the rating difference in units of ``1/scale`` (one number if every
        player has the same)."""
        self.last_row: Ints | int
        """Each player's last row of table (b): his cap, or the row "over 735"."""
        caps = set(cap)
        if len(caps) == 1:
            limit = caps.pop()
            self.over, self.last_row = limit * scale, min(limit, LAST_ROW)
        else:
            limits = np.array(cap, dtype=self.rated.dtype)
            self.over, self.last_row = limits * scale, np.minimum(limits, LAST_ROW).astype(np.int64)
        self.sums: tuple[ReferenceType[RatedSums], dict[str, Ints]] | None = None
        """The last sums, and the same as arrays (:meth:`rated_changes` takes them as they are).
        The sums are held by a weak reference: they hold the core (their explanation reads it),
        and a reference cycle would keep each event's working (its players, sides and arrays)
        until the cyclic collector runs, which a season pauses (see :mod:`xlrating._gc`)."""

    def lines(self, i: int) -> list[Line]:
        starts, rounds, opponents, halves = self.by_player
        part = slice(starts[i], starts[i + 1])
        return list(zip(rounds[part].tolist(), opponents[part].tolist(), halves[part].tolist(), strict=True))

    @cached_property
    def by_player(self) -> tuple[list[int], Rounds, Index, Ints]:
        """What :meth:`lines` reads, the sides by player: where each player's sides begin, and each
        side's round, opponent and score in half points (read once: :meth:`lines` is called for
        every player of an explained event)."""
        sides = self.sides
        return sides.starts, sides.round, sides.opponent, (2.0 * sides.score).astype(np.int64)

    def counted_sides(self, player: Index, opponent: Index, seen_at: npt.NDArray[Any], counted: Flags
                      ) -> tuple[Flags, Index, npt.NDArray[Any], Flags, Ints]:
        """Of the sides of ``player`` against ``opponent``: which count (the opponent counts as
        rated), and of those the player (``np.add.at`` takes his position as it is),
        the opponent's rating as seen, whether the difference is over the cap, and PD from table
        (b) (10.51: D rounded to a whole number, halves up, and capped)."""
        scale, rated = self.scale, self.rated
        kept = counted[opponent]
        at = player[kept]
        own = rated[at]
        other = seen_at[opponent[kept]]
        gap = np.abs(own - other)
        difference = gap if scale == 1 else (2 * gap + scale) // (2 * scale)  # whole ratings: D is the gap
        over = gap > (self.over if isinstance(self.over, int) else self.over[at])  # before D is rounded
        last = self.last_row if isinstance(self.last_row, int) else self.last_row[at]
        row = np.minimum(difference, last).astype(np.int64, copy=False)
        return kept, at, other, over, PD_BOTH[row + (own < other) * (LAST_ROW + 1)]

    def rated_sums(self, seen: list[int], counts: list[bool]) -> RatedSums:
        """As :meth:`~xlrating.fide.core_plain.PlainCore.rated_sums`, for every side at once."""
        rated = self.rated
        size = len(rated)
        seen_at = rated if seen is self.units else np.array(seen, dtype=rated.dtype)
        counted = self.rated_flags if counts is self.is_rated else np.array(counts, dtype=np.bool_)
        kept, player, other, over, pd = self.counted_sides(self.side_player, self.side_opponent, seen_at,
                                                           counted)
        halves = self.halves[kept]

        def total(values: Ints) -> Ints:
            sums = np.zeros(size, dtype=values.dtype)
            np.add.at(sums, player, values)
            return sums

        side_pd: list[Ints] = []  # made when the explanation first asks for it, the sides by player

        def pd_of(i: int) -> list[int]:
            if not side_pd:
                sides = self.sides
                by_player = self.counted_sides(sides.player, sides.opponent, seen_at, counted)
                side_pd.append(np.full(len(sides.player), -1, dtype=np.int64))
                side_pd[0][by_player[0]] = by_player[4]
            starts = self.by_player[0]
            found: list[int] = side_pd[0][starts[i]:starts[i + 1]].tolist()
            return found

        score, expected = total(halves), total(pd)
        arrays = {"games": np.bincount(player, minlength=size), "halves": score, "pd": expected,
                  "excess": 50 * score - expected, "opponents": total(other),
                  "capped": total(over.astype(np.int64))}
        found = RatedSums.on_demand({**arrays, "score": score / 2, "expected": expected / 100},
                                    seen=seen, side_pd=pd_of)  # each made a list when first read
        self.sums = ref(found), arrays
        return found

    def arrays_of(self, sums: RatedSums) -> dict[str, Ints] | None:
        """``sums`` as arrays, if they are the last sums this core computed (else ``None``)."""
        return self.sums[1] if self.sums is not None and self.sums[0]() is sums else None

    def new_ratings(self, sums: RatedSums, explain: bool) -> dict[int, NewPlayerRating]:
        """Without explanations, on arrays where every number is exact in a machine integer; else
        one new player at a time (:func:`~xlrating.fide.core_plain.new_ratings_one_by_one`)."""
        found = None
        arrays = self.arrays_of(sums)
        if not explain and arrays is not None:
            found = new_ratings(self.edition, self.players, self.rated_flags, self.sides.played, sums,
                                self.scale, arrays)
        if found is None:
            found = new_ratings_one_by_one(self.edition, self.players, self.is_rated, self.sides.count, sums,
                                           self.scale, explain)
        return found

    def rated_changes(self, sums: RatedSums) -> RatedChanges:
        """On arrays where every number is exact in a machine integer, else one rated player at
        a time (:func:`~xlrating.fide.core_plain.changes_one_by_one`); the same integers."""
        arrays = self.arrays_of(sums)
        found = rated_changes(self.edition, self.on, self.players, self.rated_flags, self.rated, sums,
                              self.scale, arrays)
        if found is None:
            found = changes_one_by_one(self.edition, self.on, self.players, self.is_rated, self.units, sums,
                                       self.scale)
        return found


def round_half_away(numerator: Ints, denominator: Ints) -> Ints:
    """``numerator / denominator`` (``denominator > 0``) rounded to a whole number, halves away
    from zero, element by element (as :func:`xlrating.fide.core.round_half_away`)."""
    whole = (2 * np.abs(numerator) + denominator) // (2 * denominator)
    return np.where(numerator >= 0, whole, -whole)


def k_by_rules(edition: FideRules, on: date, players: Sequence[FidePlayer],
               rating: Floats | None = None) -> Ints:
    """Each player's K by the edition's rules before the 700 rule, as
    :func:`xlrating.fide.rating.k_rule` finds it (FIDE Handbook 10.52; 2024 regulations,
    8.3.3): 10 once the highest rating reached 2400 (handbook: and 30 games are completed),
    else 40 or 25 until 30 games, else the junior K (2024), else the standard K. An unrated
    player's entry means nothing. ``rating``: the players' ratings (0 if unrated), if at hand."""
    size = len(players)
    if rating is None:
        rating = np.fromiter([r or 0.0 for r in field_values(players, "rating")], np.float64, size)
    # Each column read into a list, then an array: a fifth faster than from a generator.
    highest = np.maximum(rating, np.fromiter([r or 0.0 for r in field_values(players, "highest_rating")],
                                             np.float64, size))
    k = np.full(size, edition.k_standard, dtype=np.int64)
    if edition.k_junior is not None:
        born = np.fromiter([-(10**6) if b is None else b.year for b in field_values(players, "birth_date")],
                           np.int64, size)
        k[(on.year <= born + edition.k_junior_age) & (highest < edition.k_junior_below)] = edition.k_junior
    top = highest >= edition.k_top_rating
    k[top] = edition.k_top
    games = np.fromiter([-1 if g is None else g for g in field_values(players, "games")], np.int64, size)
    new = (games >= 0) & (games < edition.k_new_games)
    if not edition.k_top_needs_games:
        new &= ~top
    k[new] = edition.k_new
    return k


def k_limited(edition: FideRules, k: Ints, games: Ints) -> Ints:
    """The 700 rule (2024), as :func:`xlrating.fide.rating.k_limit`: where K x the event's games
    exceeds the limit, K is the largest whole number within it."""
    limit = edition.k_games_limit
    if limit is None:
        return np.array(k, dtype=np.int64)
    limited: Ints = np.where(k * games > limit, limit // np.maximum(games, 1), k)
    return limited


def rated_changes(edition: FideRules, on: date, players: Sequence[FidePlayer], is_rated: list[bool] | Flags,
                  units: list[int] | Ints, sums: RatedSums, scale: int,
                  arrays: dict[str, Ints] | None = None) -> RatedChanges | None:
    """Every rated player's K and change (FIDE Handbook 10.5; 2024 regulations) on arrays, the
    same integers as :func:`xlrating.fide.core_plain.changes_one_by_one` finds player by
    player; ``None`` if a number would not be exact in a machine integer or a float (ratings
    with many decimals, a K given with many). ``arrays``: the sums as arrays, if at hand."""
    if scale > LARGEST_SCALE:
        return None
    size = len(players)
    if arrays is None:
        arrays = {name: np.array(getattr(sums, name), dtype=np.int64)
                  for name in ("games", "halves", "excess", "opponents")}
    games, excess, opponents = arrays["games"], arrays["excess"], arrays["opponents"]
    rated = np.asarray(units, dtype=np.int64)
    given, held = _given_ks(edition, field_values(players, "k"), games)
    by_rules = np.asarray(is_rated, dtype=np.bool_).copy()
    by_rules[given[0]] = False
    if not by_rules.any():  # every rated player's K given (a season's players): the rules' K not asked
        k_rule = np.zeros(size, dtype=np.int64)  # (only a rated player's K is used: see kept)
    else:
        k_rule = k_by_rules(edition, on, players, rated / scale)  # each rating exactly: units / scale rounded
    # (a K given above the 700 rule's limit is held to it, but K before the rule is kept for the note)
    largest_k = max([int(k_rule.max(initial=0)),
                     *(max(numerator, before) for (numerator, _), before in held)])
    largest_unit = scale * 100 * max([1, *(denominator for (_, denominator), _ in held)])
    largest_rating = int(rated.max(initial=0)) * largest_unit // scale
    largest_raw = largest_k * int(np.abs(excess).max(initial=0)) * scale
    largest_performance = int(opponents.max(initial=0)) + 800 * int(games.max(initial=0)) * scale
    if max(largest_rating + largest_raw + largest_unit, largest_performance) >= EXACT_FLOAT:
        return None
    k = k_limited(edition, k_rule, games)
    k_unit = np.ones(size, dtype=np.int64)
    if len(given[0]):
        at, numerators, denominators, befores = given
        k[at], k_unit[at], k_rule[at] = numerators, denominators, befores
    unit = scale * 100 * k_unit
    rating = rated * 100 * k_unit
    raw = k * excess * scale
    post = new_rating(edition, rating, raw, unit, round_half_away)
    counted = np.asarray(is_rated, dtype=np.bool_) & (games > 0)
    played = np.maximum(games, 1)
    row = 50 + round_half_away((arrays["halves"] - games) * 50, played)
    points = played * scale
    performance = (opponents + DP[row] * points).astype(np.float64) / points.astype(np.float64)
    known = counted & DP_KNOWN[row]
    floor = edition.rating_floor
    capped = arrays["capped"] if "capped" in arrays else np.array(sums.capped, dtype=np.int64)
    noted = counted & ((rating < floor * unit) | (k < k_rule) | (capped > 0) | (post < floor * unit))

    def kept(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
        """``values`` with zeros where the player has no change."""
        return np.where(counted, values, 0)

    return RatedChanges.on_demand({  # each made a list when first read
        "k": kept(k), "k_unit": kept(k_unit), "k_value": kept(k / k_unit), "k_rule": kept(k_rule),
        "unit": kept(unit), "rating": kept(rating), "raw": kept(raw), "post": kept(post),
        "post_rating": kept(post.astype(np.float64) / unit.astype(np.float64)),
        "change": kept((post - rating).astype(np.float64) / unit.astype(np.float64)),
        "performance": partial(_none_where_list, performance, ~known)}, noted=np.flatnonzero(noted).tolist())


_Given = tuple[list[int] | Ints, list[int] | Ints, list[int] | Ints, list[int] | Ints]
"""The players with a K given (their positions), each one's K as numerator and denominator, and K
before the 700 rule where it lowered K (else 0) (:func:`_given_ks`)."""


def _given_ks(edition: FideRules, ks: list[float | None], games: Ints
              ) -> tuple[_Given, set[tuple[tuple[int, int], int]]]:
    """The K given to players (``ks``, ``None``: not given) held to the 700 rule over their
    ``games`` (:func:`~xlrating.fide.core.given_k_within`): the players' positions, each one's K
    as numerator and denominator, and K before the rule where it lowered K (else 0); and the
    distinct results. Most events give no K (counted at C speed, the loop skipped); a season gives
    every rated player his K, whole numbers held at once (:func:`_whole_ks_within`), else each
    distinct K and game count held once."""
    if ks.count(None) == len(ks):
        return ([], [], [], []), set()
    whole = _whole_ks_within(edition, ks, games)
    if whole is not None:
        return whole
    within = cache(partial(given_k_within, edition))
    counted = games.tolist()
    at = [i for i, k in enumerate(ks) if k is not None]
    found = [within(ks[i], counted[i]) for i in at]
    numerators, denominators = zip(*map(itemgetter(0), found), strict=True)
    befores = list(map(itemgetter(1), found))
    return (at, list(numerators), list(denominators), befores), set(found)


def _whole_ks_within(edition: FideRules, ks: list[float | None], games: Ints
                     ) -> tuple[_Given, set[tuple[tuple[int, int], int]]] | None:
    """:func:`_given_ks` where every K given is a whole number (as a season gives them), on arrays:
    :func:`~xlrating.fide.core.given_k_within` of each, the 700 rule (FIDE Rating Regulations 2024,
    8.3.3) as :func:`~xlrating.fide.rating.k_held` holds a K whose exact value is ``k / 1``: where K x
    the games exceeds the limit, the largest whole number within it, and K before the rule (its
    ceiling: itself). ``None`` if some K given is not whole (or too large for machine integers)."""
    given = np.array(ks, dtype=np.float64)  # (None: NaN)
    at: Ints = np.flatnonzero(~np.isnan(given))
    k = given[at]
    if not (np.all(k == np.floor(k)) and np.all(np.abs(k) < 2**31)):
        return None
    whole = k.astype(np.int64)
    numerators = k_limited(edition, whole, games[at])
    befores = np.where(numerators != whole, whole, 0)  # (the rule only ever lowers K)
    pairs = set(zip(numerators.tolist(), befores.tolist(), strict=True))
    held = {((numerator, 1), before) for numerator, before in pairs}
    return (at, numerators, np.ones(len(at), dtype=np.int64), befores), held


def new_ratings(edition: FideRules, players: Sequence[FidePlayer], is_rated: list[bool] | Flags,
                played: list[int] | Ints, sums: RatedSums, scale: int,
                arrays: dict[str, Ints]) -> dict[int, NewPlayerRating] | None:
    """Every new player's Ru without explanations, the results that
    :func:`~xlrating.fide.unrated.new_player_of_sums` gives one by one: Ru on arrays for every
    new player whom the formula rates (:func:`ru_by_formula`), then the maximum and the floor
    (:func:`~xlrating.fide.unrated.apply_limits`) for each; every other new player (no game, a
    score disregarded, too few games, dp indeterminate) one by one. ``None`` if a number would
    not be exact in a machine integer or a float (``arrays``: ``sums`` as arrays)."""
    new = np.flatnonzero(~np.asarray(is_rated, dtype=np.bool_))
    games, halves, total = arrays["games"][new], arrays["halves"][new], arrays["opponents"][new]
    largest = int(total.max(initial=0)) + 1000 * scale * (int(games.max(initial=0)) + 2)  # Rc + dp, over it
    if scale > LARGEST_SCALE or 4 * largest >= EXACT_FLOAT:
        return None
    first = np.array([not prior for prior in fields_at(players, "games", new.tolist())], dtype=np.bool_)
    formula = ru_by_formula(edition, games, halves, total, scale, first)
    ru = np.array(formula[1], dtype=np.int64)
    limited = ru < edition.rating_floor  # what apply_limits changes: under the floor, over the maximum
    if edition.unrated_max is not None:
        limited |= ru > edition.unrated_max
    skipped = (np.asarray(played)[new] - games).tolist()
    not_counted_notes = {count: (not_counted(count),) if count else () for count in set(skipped)}
    found = {}
    for i, n, h, opponents, not_rated, first_i, (rated, ru_i, rc, p, dp), limit in zip(
            new.tolist(), games.tolist(), halves.tolist(), total.tolist(), skipped, first.tolist(),
            zip(*formula, strict=True), limited.tolist(), strict=True):
        if not rated:
            found[i] = new_player_of_sums(edition, n, h, (opponents, scale), skipped=not_rated,
                                          first_event=first_i, explain=False)
            continue
        rating, notes = ru_i, not_counted_notes[not_rated]
        if limit:
            rating, _, limits = apply_limits(edition, ru_i, first_i)
            notes = (*notes, *limits)
        # Every field by position: rating, ru, Rc, score, games, p, dp, the opponents and results
        # (not recorded without explanations), not disregarded, no steps, the notes.
        found[i] = NewPlayerRating(rating, ru_i, rc, h / 2, n, p, dp, (), (), False, (), notes)
    return found


def ru_by_formula(edition: FideRules, games: Ints, halves: Ints, total: Ints, scale: int, first: Flags
                  ) -> tuple[list[bool], list[int], list[float], list[float], list[int | None]]:
    """For each new player (his games, half points and opponents' ratings in units of ``1/scale``
    over the games against rated opponents, and whether this is his first event): whether the
    formula rates him (10.2: a game, a score not disregarded, 2024: at least 5 games, and dp
    determinate where it is used), and Ru, Rc, p and dp (``None``: not used), by the operations of
    :func:`~xlrating.fide.unrated.ru_from_competition` on whole numbers."""
    extra, step = edition.hypothetical_opponents, edition.plus_score_step
    least = edition.disregard_first_below
    rated = (games > 0) & ~(first & (halves * least.denominator < 2 * least.numerator))  # 10.21; 2024
    if edition.min_rated_games is not None:
        rated &= games >= edition.min_rated_games
    with_draws = np.maximum(games + extra, 1)  # the games p is taken from (2024: with the hypothetical draws)
    rc = (total + extra * edition.hypothetical_rating * scale, scale * with_draws)
    if edition.round_competition:
        rc = (round_half_away(*rc), np.ones(len(games), dtype=np.int64))
    over = halves - games  # half points over 50% (the hypothetical draws add none)
    row = 50 + round_half_away(over * 50, with_draws)
    by_dp = over < 0 if step is not None else np.ones(len(games), dtype=np.bool_)  # 10.24; 2024 Ra + dp
    rated &= DP_KNOWN[row] | ~by_dp
    raw = (rc[0] + DP[row] * rc[1], rc[1])
    if step is not None:  # 10.22 at 50%: Rc; 10.23 over 50%: Rc + 12.5 per half point over
        plus = (rc[0] * step.denominator + step.numerator * over * rc[1], rc[1] * step.denominator)
        raw = (np.where(by_dp, raw[0], np.where(over > 0, plus[0], rc[0])),
               np.where(by_dp, raw[1], np.where(over > 0, plus[1], rc[1])))
    p = np.where(by_dp, (halves + extra) / (2 * with_draws), halves / (2 * np.maximum(games, 1)))
    return (rated.tolist(), round_half_away(*raw).tolist(), (rc[0] / rc[1]).tolist(), p.tolist(),
            _none_where(DP[row].tolist(), ~by_dp))


def _none_where_list(values: npt.NDArray[Any], missing: npt.NDArray[np.bool_]) -> list[Any]:
    """``values`` as a list, with ``None`` where ``missing`` is true."""
    return _none_where(values.tolist(), missing)


def _none_where(values: list[Any], missing: npt.NDArray[np.bool_]) -> list[Any]:
    """``values`` with ``None`` where ``missing`` is true."""
    for i in np.flatnonzero(missing).tolist():
        values[i] = None
    return values
