"""The ICU rating rules as data.

Every constant of the ICU system is a field of :class:`IcuRules`, with the place in the
rule documents it comes from: the ICU rating formulae ("formulae": the Elo formula and
performance ratings) and the ICU rating program ("program": player types, K factors,
iterative estimates, bonuses). There is one edition, ``"ICU"``; a caller may pass a
modified copy (``dataclasses.replace(ICU, iteration_limit=1)``) wherever a ``rules``
argument is accepted.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

from .. import _check
from ..adjustments import RatingAdjustment
from ..errors import RulesError
from ..names import fold, index_editions

MARCH_2024 = RatingAdjustment(
    date=dt.date(2024, 3, 1),
    below=2000,
    share=Fraction(3, 5),
    rounding="down",
    source="the ICU's one-off adjustment of its list of 1 March 2024 (ICU rating application, "
           "app/lib/rating_adjustment.rb: (old + 0.6 * (2000 - old)).to_i)",
)
"""ICU, 1 March 2024: R + 0.6 x (2000 - R) for every rating under 2000, the integer part kept,
applied to the published rating (the floor in force first)."""


@dataclass(frozen=True)
class IcuRules:
    """The constants of the ICU rating system."""

    name: str = "ICU"
    """The edition's display name."""

    # Expected score and performance (ICU rating formulae, "Elo Formulae" and "Performance Ratings").
    scale: float = 400.0
    """The logistic's scale: e = 1/(1 + 10^((Ropp - R)/scale)) (ICU rating formulae, Elo formulae)."""
    performance_offset: float = 400.0
    """Added to a beaten opponent's rating, subtracted from a winner's (ICU rating formulae,
    Performance Ratings)."""

    # K factor at the event's start (ICU rating program, K-factor).
    k_high_rating: float = 2100.0
    """From this rating up, K is :attr:`k_high`."""
    k_high: float = 16.0
    """K of a player rated :attr:`k_high_rating` or more."""
    junior_age: int = 21
    """A player younger than this (whole years at the event's start) has K :attr:`k_junior`."""
    k_junior: float = 40.0
    """K of a junior below :attr:`k_high_rating`."""
    new_member_years: int = 8
    """A member for fewer whole years than this has K :attr:`k_new_member`."""
    k_new_member: float = 32.0
    """K of a recent member (not a junior) below :attr:`k_high_rating`."""
    k_standard: float = 24.0
    """K of everyone else."""

    # Player types (ICU rating formulae; ICU rating program, player types).
    provisional_limit: int = 20
    """A rating based on fewer games than this is provisional; reaching it makes a player rated
    after the event."""
    lowest_rating: float | None = 1.0
    """The lowest rating an estimate may publish. An unrated or provisional player whose new
    rating would round below it is not rated (and keeps the rating he had): the ICU ratings
    app takes only ratings greater than 0 for a tournament's players (github.com/sanichi/
    icu_ratings_app, ``app/models/player.rb``: ``validates_numericality_of :icu_rating, ...
    greater_than: 0``), while its rating program (github.com/sanichi/icu_ratings,
    ``ICU::RatedPlayer``, ``ICU::RatedTournament``) sets no minimum, so a chain of unrated
    players who each lose to the next would otherwise publish ratings far below 0. Opponents
    still count such a player at his estimate, as the rating program does. ``None``: no
    minimum."""

    # Iterative estimates (ICU rating program, opponents who are unrated or provisional).
    iteration_threshold: float = 0.1
    """The estimates have converged when none moves by this much or more in a pass."""
    iteration_limit: int = 50
    """At most this many passes; if the estimates still move the event cannot be rated."""

    # Bonus (ICU rating program, bonus).
    bonus_max_no_k: float = 24.0
    """No bonus if K is at most this."""
    bonus_max_no_games: int = 4
    """No bonus with this many games or fewer; also the n0 of the threshold 32 + 3(n - n0)."""
    bonus_rating_limit: float = 2100.0
    """No bonus if the rating, or the rating plus change, is at least this; also the first cap."""
    bonus_min_change: float = 35.0
    """No bonus if the change is at most this."""
    bonus_base: float = 32.0
    """Threshold at :attr:`bonus_max_no_games` games."""
    bonus_per_game: float = 3.0
    """Threshold increase per game beyond :attr:`bonus_max_no_games`."""
    bonus_high_k: float = 40.0
    """From this K up the bonus is multiplied by :attr:`bonus_factor`."""
    bonus_factor: float = 1.25
    """The high-K multiplier of the bonus."""

    # Published lists (ICU rating application, app/models/rating_list.rb).
    published_floors: tuple[tuple[dt.date | None, float], ...] = (
        (None, 700.0), (dt.date(2023, 9, 23), 400.0))
    """``(from, floor)``: a list published on or after ``from`` (``None``: always) shows a rating
    under ``floor`` as ``floor``; the last entry in force wins. The ratings rated from are not
    floored, except at an adjustment, which takes the published rating. 700 until the ICU
    lowered it to 400 (the application's change of 23 September 2023; its help page: "Before
    September 2023 this floor was set at 700")."""
    adjustments: tuple[RatingAdjustment, ...] = (MARCH_2024,)
    """One-off changes of the whole list (:data:`MARCH_2024`), applied by a season that passes
    their date (:mod:`xlrating.lists.icu`)."""

    def published_floor(self, on: dt.date) -> float:
        """The floor of a list published on ``on``."""
        floor = 0.0
        for start, value in self.published_floors:
            if start is None or start <= on:
                floor = value
        return floor

    def published(self, rating: float, on: dt.date) -> float:
        """``rating`` as a list published on ``on`` shows it: at least the floor in force."""
        return max(rating, self.published_floor(on))


ICU = IcuRules()
"""The ICU rules as the ICU rating program applies them."""

EDITIONS: dict[str, IcuRules] = {ICU.name: ICU}
"""Every edition, by its key (also its display name)."""

DEFAULT: IcuRules = ICU
"""The newest edition's rules: what ``rules=None`` means."""

RulesLike: TypeAlias = IcuRules | str
"""What a ``rules`` argument accepts: a rules object, or an edition's key or display name."""


_NAMES = index_editions(EDITIONS, lambda rules: rules.name, ())


def get_rules(rules: RulesLike | None = None, name: str = "rules") -> IcuRules:
    """The :class:`IcuRules` that ``rules`` names: ``None`` gives :data:`DEFAULT`; an edition's
    key or display name (``"ICU"``), folded as :func:`~xlrating.names.fold` folds, or a rules
    object itself.

    Raises :class:`~xlrating.errors.RulesError` naming argument ``name`` for anything else.
    """
    if rules is None:
        return DEFAULT
    if isinstance(rules, IcuRules):
        return rules
    if isinstance(rules, str):
        found = _NAMES.get(fold(rules))
        if found is not None:
            return found
    raise RulesError(str(_check.fail(name, "one of " + ", ".join(map(repr, EDITIONS)), rules)))
