"""The ICU rating rules as data.

Every constant of the ICU system is a field of :class:`IcuRules`, with the place in the
rule documents it comes from: the seed ``icu-basic-rating-formulae.txt`` ("seed") and the
ICU section of ``rules-beyond-seeds.md`` ("ICU algorithm"). There is one edition, ``"ICU"``;
a caller may pass a modified copy (``dataclasses.replace(ICU, iteration_limit=1)``)
wherever a ``rules`` argument is accepted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import _check
from ..errors import RulesError


@dataclass(frozen=True)
class IcuRules:
    """The constants of the ICU rating system."""

    name: str = "ICU"
    """The edition's display name."""

    # Expected score and performance (seed, "Elo Formulae" and "Performance Ratings").
    scale: float = 400.0
    """The logistic's scale: e = 1/(1 + 10^((Ropp - R)/scale)) (seed, Elo formulae)."""
    performance_offset: float = 400.0
    """Added to a beaten opponent's rating, subtracted from a winner's (seed, Performance Ratings)."""

    # K factor at the event's start (ICU algorithm, "K-factor").
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

    # Player types (seed; ICU algorithm, "Player types").
    provisional_limit: int = 20
    """A rating based on fewer games than this is provisional; reaching it makes a player rated
    after the event."""

    # Iterative estimates (ICU algorithm, "Opponents who are unrated or provisional").
    iteration_threshold: float = 0.1
    """The estimates have converged when none moves by this much or more in a pass."""
    iteration_limit: int = 50
    """At most this many passes; if the estimates still move the event cannot be rated."""

    # Bonus (ICU algorithm, "Bonus").
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


ICU = IcuRules()
"""The ICU rules as rules-beyond-seeds.md describes them."""

EDITIONS: dict[str, IcuRules] = {ICU.name: ICU}
"""Every named edition, by display name."""


def get_rules(rules: Any = "ICU") -> IcuRules:
    """The :class:`IcuRules` named by ``rules`` (``"ICU"``, any case) or ``rules`` itself.

    Raises :class:`~xlrating.errors.RulesError` for anything else.
    """
    if isinstance(rules, IcuRules):
        return rules
    try:
        return EDITIONS[_check.choice("rules", rules, EDITIONS)]
    except ValueError as error:
        raise RulesError(str(error)) from None
