"""One-off adjustments of a whole rating list, as data on the rule editions that made them.

A federation sometimes changes every published rating at once, on one list date: FIDE raised
every standard rating under 2000 by 0.4 x (2000 - R) on its list of 1 March 2024, and the ICU
raised every rating under 2000 by 0.6 x (2000 - R) on its list of the same date. Such an
adjustment is a :class:`RatingAdjustment` on the edition (``FideRules.adjustments``,
``IcuRules.adjustments``); a season (:mod:`xlrating.lists`) applies it to its list when it
passes the adjustment's date. The arithmetic is exact (:class:`fractions.Fraction`), so the
rounding is the one the data names and never floating point's.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Rounding = Literal["down", "nearest"]
"""``"down"``: the integer part is kept; ``"nearest"``: to the nearest whole number, halves up."""


@dataclass(frozen=True)
class RatingAdjustment:
    """A one-off change of every rating under ``below`` on the list dated ``date``:
    ``R + share x (below - R)``, rounded as ``rounding`` says."""

    date: dt.date
    """The date of the list that carries the adjusted ratings: events ending before it are rated
    from the ratings before, events ending on or after it from the adjusted ones."""
    below: int
    """Ratings under this are raised; the others are left alone."""
    share: Fraction
    """The share of the distance to ``below`` that is added."""
    rounding: Rounding
    """How the adjusted rating becomes a whole number."""
    source: str
    """Where it is published."""

    def apply(self, rating: float) -> float:
        """``rating`` as the adjustment leaves it."""
        if rating >= self.below:
            return rating
        exact = Fraction(rating) + self.share * (self.below - Fraction(rating))
        whole = math.floor(exact) if self.rounding == "down" else math.floor(exact + Fraction(1, 2))
        return float(whole)
