"""A player of a FIDE-rated event, with the prior data the rules need."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from .. import _check


@dataclass(frozen=True, slots=True)
class FidePlayer:
    """A player of a FIDE-rated event, with the prior data the rules need.

    Every argument is checked; ratings are stored as floats and counts as ints, whatever
    numeric type they are given as (Excel gives floats).
    """

    number: int
    """Pairing number, unique in the event."""
    rating: float | None = None
    """Published rating before the event; ``None``: unrated."""
    games: int | None = None
    """Rated player: games behind the rating, for K (``None``: 30 or more). Unrated player:
    games already played in earlier rated events (``None`` or 0: this is the first)."""
    highest_rating: float | None = None
    """The highest published rating, for K = 10 (``None``: ``rating``)."""
    birth_date: date | None = None
    """For the 2024 under-18 K (``None``: an adult)."""
    k: float | None = None
    """A K given by the user (FIDE's published K, say), used as is but for the 700 rule over the
    event's games, which holds for every K (FIDE Rating Regulations 2024, 8.3.3)."""
    rated_since_event: bool = False
    """FIDE Handbook 10.4: the player received ``rating`` after the event was played and before
    it is rated; the player changes as a rated player but counts as unrated for the opponents."""

    def __post_init__(self) -> None:
        # The common case (whole numbers in range, nothing else given) is checked inline; any
        # other value goes through the shared checks, which normalise it or name the problem.
        number, rating = self.number, self.rating
        if type(number) is not int or not 1 <= number <= _check.MAX_COUNT:
            object.__setattr__(self, "number", _check.whole("number", number, low=1))
        if rating is not None:
            if type(rating) is int and 0 <= rating <= 4000:
                object.__setattr__(self, "rating", float(rating))
            elif type(rating) is not float or not 0.0 <= rating <= 4000.0:
                object.__setattr__(self, "rating", _check.rating("rating", rating))
        if self.games is not None or self.highest_rating is not None or self.birth_date is not None \
                or self.k is not None or self.rated_since_event is not False:
            self._check_the_rest()

    def _check_the_rest(self) -> None:
        if self.games is not None:
            object.__setattr__(self, "games", _check.whole("games", self.games))
        if self.highest_rating is not None:
            object.__setattr__(self, "highest_rating", _check.rating("highest_rating", self.highest_rating))
        if self.birth_date is not None:
            object.__setattr__(self, "birth_date", _check.date("birth_date", self.birth_date))
        if self.k is not None:
            object.__setattr__(self, "k", _check.positive("k", self.k))
        if not isinstance(self.rated_since_event, bool):
            raise _check.fail("rated_since_event", "True or False", self.rated_since_event)
        if self.rated_since_event and self.rating is None:
            raise _check.fail("rating", f"a rating for player {self.number}, rated since the event,",
                              self.rating)
