"""Rating floors (US Chess 2020, 5; US Chess 2009 and 2011, 2.4).

- The absolute floor 100, and the personal absolute floor
  ``AF = min(100 + 4 NW + 2 ND + NR, 150)``.
- Peak floors for established players: the highest established rating (2020: rounded
  to the nearest integer first) minus 200, then the floor level at or just below
  (2009: levels 1400..2100; 2011/2020: 1200..2100). The 2009/2011 texts say "the
  floor just below"; their example (1741 -> 1700) and the 2020 text ("at or just
  below") read the same way, so a difference landing exactly on a level keeps it.
- The Original Life Master floor 2200 and cash-prize floors are explicit floors the
  caller passes in.
"""

from __future__ import annotations

import math
from bisect import bisect_right

from .. import _check
from .rules import RulesLike, UscfRules, get_rules


def _round_half_up(value: float) -> float:
    """Conventional rounding to the nearest integer (US Chess 2020, 7): .5 goes up."""
    return float(math.floor(value + 0.5))


def _personal(rules: UscfRules, wins: int, draws: int, events: int) -> float:
    return min(rules.absolute_floor + rules.floor_per_win * wins + rules.floor_per_draw * draws
               + rules.floor_per_event * events, rules.personal_floor_cap)


def _peak_floor(rules: UscfRules, peak: float) -> float | None:
    base = _round_half_up(peak) if rules.peak_rounded else peak
    levels = rules.peak_floors  # ascending: the highest at or below the target is the last of those
    below = bisect_right(levels, base - rules.peak_floor_offset)
    return levels[below - 1] if below else None


PERSONAL, PEAK, EXPLICIT = 0, 1, 2
"""Which floor is in force, as :func:`_floor_source` names it."""


def _floor_source(kind: int, peak: float | None) -> str:
    """The floor in force in words: the personal absolute floor, the peak floor of ``peak``
    or the explicit floor."""
    if kind == PEAK:
        return f"peak floor (peak {peak:g})"
    return "explicit floor" if kind == EXPLICIT else "personal absolute floor"


def _floor_kind(rules: UscfRules, peak: float | None, wins: int, draws: int, events: int,
                explicit: float | None) -> tuple[float, int]:
    """The floor in force and which it is (:data:`PERSONAL`, :data:`PEAK` or :data:`EXPLICIT`)."""
    value, kind = _personal(rules, wins, draws, events), PERSONAL
    if peak is not None:
        from_peak = _peak_floor(rules, peak)
        if from_peak is not None and from_peak > value:
            value, kind = from_peak, PEAK
    if explicit is not None and explicit > value:
        value, kind = explicit, EXPLICIT
    return value, kind


def _floor(rules: UscfRules, peak: float | None, wins: int, draws: int, events: int,
           explicit: float | None) -> tuple[float, str]:
    """The floor in force and which it is, in words."""
    value, kind = _floor_kind(rules, peak, wins, draws, events, explicit)
    return value, _floor_source(kind, peak)


def absolute_floor(*, wins: int = 0, draws: int = 0, events: int = 0, rules: RulesLike = "2020") -> float:
    """AF = min(100 + 4 NW + 2 ND + NR, 150) (US Chess 2020, 5).

    NW and ND are the player's rated wins and draws, NR the events in which the player
    completed three rated games.
    """
    edition = get_rules(rules)
    return _personal(edition, _check.whole("wins", wins), _check.whole("draws", draws),
                     _check.whole("events", events))


def peak_floor(peak: float, *, rules: RulesLike = "2020") -> float | None:
    """The floor from the highest established rating, or None below the lowest level
    (US Chess 2020, 5): (peak, rounded under 2020) - 200, then the level at or below."""
    edition = get_rules(rules)
    return _peak_floor(edition, _check.rating("peak", peak))


def rating_floor(
    *,
    peak: float | None = None,
    wins: int = 0,
    draws: int = 0,
    events: int = 0,
    explicit: float | None = None,
    rules: RulesLike = "2020",
) -> float:
    """The floor in force: the highest of the personal absolute floor, the peak floor and
    an explicit floor (US Chess 2020, 5).

    ``peak`` is the highest established rating attained (give it only for a player who
    has one); ``wins``, ``draws`` and ``events`` are the lifetime counts of the absolute
    floor formula; ``explicit`` is an OLM floor (2200) or a cash-prize floor.
    """
    edition = get_rules(rules)
    peak_value = None if peak is None else _check.rating("peak", peak)
    explicit_value = None if explicit is None else _check.rating("explicit", explicit)
    return _floor(edition, peak_value, _check.whole("wins", wins), _check.whole("draws", draws),
                  _check.whole("events", events), explicit_value)[0]


def prize_floor(section_limit: float, prize: float, *, rules: RulesLike = "2020") -> float | None:
    """The floor a cash prize sets, or None if the prize is too small (US Chess 2020, 5).

    ``section_limit`` is the under-X limit of the section or prize (an under-1800 section:
    1800); the floor is the first 100-point level, up to 2000, that makes the player
    ineligible for it. Prizes count from $4,000 (2020) or over $2,000 (2009/2011), in an
    under-2000 context.
    """
    edition = get_rules(rules)
    limit = _check.rating("section_limit", section_limit)
    amount = _check.non_negative("prize", prize)
    big_enough = (amount >= edition.prize_floor_amount if edition.prize_floor_inclusive
                  else amount > edition.prize_floor_amount)
    if not big_enough or limit > edition.prize_floor_max:
        return None
    return min(math.ceil(limit / 100.0) * 100.0, edition.prize_floor_max)


WHOLE_TOLERANCE = 1e-9
"""Storage as integers (US Chess 2009, 3; US Chess 2011, 4): a rating within this many points
of a whole number is that whole number before it is rounded toward the change. The special
formula's exact solution is often a whole number (a prior rating of 347 after one loss to an
opponent 400 or more points above, with N' = 7, solves to exactly 347), but floating point
gives it as 347.00000000000006; rounded up "because it rose", that would store 348, a point
gained by a loss. The noise of the formulas' arithmetic on ratings below 4000 is far below
1e-9 (a unit in the last place of 4000 is 4.5e-13), and the documents' own special formula
stops within its tolerance epsilon = 1e-7 of the root, so no rating the documents can tell
from a whole number lies this close to one."""


def whole_if_noise(rating: float) -> float:
    """``rating`` as the whole number it is within :data:`WHOLE_TOLERANCE` of, else unchanged."""
    nearest = _round_half_up(rating)
    return nearest if abs(rating - nearest) <= WHOLE_TOLERANCE else rating


def store(rules: UscfRules, rating: float, reference: float) -> float:
    """A rating as the edition stores it (US Chess 2020, 7; US Chess 2009, 3; US Chess 2011, 4).

    2020 stores floats unchanged. 2009/2011 store integers: rounded down when the rating
    fell below ``reference`` (the pre-event rating; for an unrated player, the step 1
    initial rating), up when it rose, to the nearest when it did not move; a rating within
    :data:`WHOLE_TOLERANCE` of a whole number is that whole number first, so floating-point
    noise never moves it by a point.
    """
    if not rules.storage_integers:
        return rating
    rating = whole_if_noise(rating)
    if rating > reference:
        return float(math.ceil(rating))
    if rating < reference:
        return float(math.floor(rating))
    return _round_half_up(rating)
