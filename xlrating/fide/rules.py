"""The FIDE rule editions, as data.

Two editions are kept side by side:

- ``handbook``: the FIDE Handbook's section 10 (The working of the FIDE Rating System):
  a 350-point cap, K = 25/15/10, 12.5 points per half point over 50% for a new player,
  the 1401 floor, and the round-robin procedure of 10.21b and 10.54.
- ``2024``: the FIDE Rating Regulations in force from 1 March 2024: a 400-point cap
  that, from 1 October 2025, applies only to players rated below 2650; K = 40/20/10
  with the under-18 rule and the 700 rule; a first rating from the rated opponents plus
  two hypothetical opponents rated 1800 (both drawn), at most 2200, listed from 1400;
  changes rounded half away from zero.

Every difference between the two is a field of :class:`FideRules`; the algorithms in
:mod:`xlrating.fide.rating`, :mod:`~xlrating.fide.unrated` and :mod:`~xlrating.fide.event`
read these fields and never ask which edition they are running. :data:`DEFAULT` is the
newest edition; :func:`get_rules` finds an edition by key or display name.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from ..adjustments import RatingAdjustment
from ..errors import RulesError
from ..names import fold, index_editions


@dataclass(frozen=True)
class FideRules:
    """The constants of one FIDE rule edition."""

    name: str
    """Short name: ``"handbook"`` or ``"2024"``."""
    display: str
    """Display name, as the workbook's ``Rules`` setting spells it: ``"FIDE handbook"``."""
    source: str
    """Where the constants come from."""

    # Rating difference cap (handbook 10.51; 2024 regulations).
    cap: int
    """A rating difference over ``cap`` counts as ``cap``."""
    cap_exempt_rating: float | None
    """Players rated at least this are not capped (``None``: everybody is capped)."""
    cap_exempt_from: date | None
    """The date from which ``cap_exempt_rating`` applies (decided by the event's end date)."""

    # K (handbook 10.52; 2024 regulations).
    k_new: int
    """K for a player new to the list until ``k_new_games`` games are completed."""
    k_new_games: int
    """Games a player must complete to stop being new."""
    k_junior: int | None
    """K for a junior rated under ``k_junior_below`` (``None``: no junior rule)."""
    k_junior_age: int
    """A junior until the end of the year of this birthday."""
    k_junior_below: float
    """The junior K applies while the rating is under this."""
    k_standard: int
    """K while the rating has never reached ``k_top_rating``."""
    k_top: int
    """K once a published rating has reached ``k_top_rating`` (permanently)."""
    k_top_rating: float
    """The rating from which ``k_top`` applies."""
    k_top_needs_games: bool
    """Whether ``k_top`` waits for ``k_new_games`` completed games (handbook 10.52: "and he has
    also completed events with a total of at least 30 games"); 2024 (8.3.3) lists K 10 from
    2400 with no such condition, and FIDE's lists give K 10 to such a player before his 30th
    game, so there the top rule comes before the new-player rule."""
    k_cited: str
    """Where the edition gives K, as a run's words cite it (``FIDE Handbook 10.52``)."""
    k_games_limit: int | None
    """If K x (games in the period) exceeds this, K is the largest whole number with
    K x games within it (the 700 rule; ``None``: no limit)."""

    # Rounding.
    round_change: bool
    """Round the change K x sum(score - PD) to a whole number, half away from zero (2024)."""
    round_new_rating: bool
    """Round the new rating (rating + change) to a whole number (handbook 10.53)."""

    # Unrated players (handbook 10.2 to 10.4; 2024 regulations).
    disregard_first_below: Fraction
    """A first event with a score below this is disregarded (handbook 10.21: one point;
    2024: a score of zero, i.e. below one half)."""
    round_competition: bool
    """Round Rc (Ra) to a whole number before Ru is found from it (handbook: the worked example
    of 10.54 uses Ra = 2348 for 2348.45); 2024: Ru = Ra + dp is rounded once."""
    plus_score_step: Fraction | None
    """Points per half point over 50% for a new player (handbook 10.23: 12.5); ``None``: use dp."""
    hypothetical_opponents: int
    """Hypothetical opponents added to a new player's games, each drawn (2024: two)."""
    hypothetical_rating: int
    """Their rating (2024: 1800)."""
    min_rated_games: int | None
    """Games against rated opponents a first rating needs (2024: 5; ``None``: no minimum)."""
    unrated_max: int | None
    """A first rating is at most this (2024: 2200; ``None``: no maximum)."""
    rating_floor: int
    """Handbook: results and ratings below 1401 are ignored (10.31, 10.33);
    2024: a player is listed from 1400."""
    floor_ignores_first_results: bool
    """Handbook 10.31: a player's leading results below the floor are ignored."""
    round_robin_procedure: bool
    """Handbook 10.21b and 10.54: in a round robin with unrated players, Rc is the tournament
    average Ra, new players' ratings are iterated, and rated players are rated against them."""
    round_robin_passes: int
    """Re-computations of Rc in the round-robin iteration (10.54 shows one; its "new"
    figures are final)."""
    round_robin_distance: int
    """10.54: an opponent more than this far from a new player counts as this far."""
    adjustments: tuple[RatingAdjustment, ...]
    """One-off changes of the whole list made with the edition (2024: the list of 1 March 2024),
    applied by a season that passes their date (:mod:`xlrating.lists.fide`)."""

    def cap_for(self, rating: float, on: date) -> int | None:
        """The cap on the rating difference for a player rated ``rating`` in an event ending
        ``on`` (``None``: no cap)."""
        uncapped = self.uncapped_from(on)
        return None if uncapped is not None and rating >= uncapped else self.cap

    def uncapped_from(self, on: date) -> float | None:
        """The rating from which a player has no cap on the rating difference in an event ending
        ``on`` (``None``: every rated player has the cap)."""
        exempt, since = self.cap_exempt_rating, self.cap_exempt_from
        return exempt if exempt is not None and since is not None and on >= since else None

    def describe_cap(self, on: date | None = None) -> str:
        """The cap in words, for the event's parameters (``on``: the event's end date)."""
        text = f"a rating difference over {self.cap} counts as {self.cap}"
        if self.cap_exempt_rating is not None and self.cap_exempt_from is not None:
            text += (f"; from {self.cap_exempt_from.isoformat()} only for players rated below "
                     f"{self.cap_exempt_rating:g} (decided by the event's end date")
            if on is not None:
                text += ": in force" if on >= self.cap_exempt_from else ": not yet in force"
            text += ")"
        return text

    def describe_k(self) -> str:
        """The K rules in words, for the event's parameters."""
        top = f"{self.k_top} once a published rating has reached {self.k_top_rating:g} (permanently"
        parts = [] if self.k_top_needs_games else [top + ", whatever the games)"]
        parts.append(f"{self.k_new} until {self.k_new_games} games are completed")
        if self.k_junior is not None:
            parts.append(f"{self.k_junior} until the end of the year of the {self.k_junior_age}th birthday "
                         f"while rated under {self.k_junior_below:g}")
        parts.append(f"{self.k_standard} while rated under {self.k_top_rating:g}")
        if self.k_top_needs_games:
            parts.append(top + ")")
        text = "K = " + "; ".join(parts)
        if self.k_games_limit is not None:
            text += (f"; if K x games in the period > {self.k_games_limit}, K is the largest whole "
                     f"number with K x games <= {self.k_games_limit}")
        return text


MARCH_2024 = RatingAdjustment(
    date=date(2024, 3, 1),
    below=2000,
    share=Fraction(2, 5),
    rounding="nearest",
    source="FIDE's one-off change of the standard ratings under 2000 on the list of 1 March 2024, "
           "with the Rating Regulations 2024",
)
"""FIDE, 1 March 2024: R + 0.4 x (2000 - R) for every rating under 2000, applied to the rating the
February 2024 period gave. FIDE's announcements give the formula but not its rounding; a
whole-number rating plus 0.4 x a whole number is never a half, and FIDE publishes whole numbers
rounded to the nearest (8.3.4), which is taken here."""

HANDBOOK = FideRules(
    name="handbook",
    display="FIDE handbook",
    source="FIDE Handbook, section 10 (The working of the FIDE Rating System)",
    cap=350,
    cap_exempt_rating=None,
    cap_exempt_from=None,
    k_new=25,
    k_new_games=30,
    k_junior=None,
    k_junior_age=18,
    k_junior_below=2300,
    k_standard=15,
    k_top=10,
    k_top_rating=2400,
    k_top_needs_games=True,
    k_cited="FIDE Handbook 10.52",
    k_games_limit=None,
    round_change=False,
    round_new_rating=True,
    disregard_first_below=Fraction(1),
    round_competition=True,
    plus_score_step=Fraction(25, 2),
    hypothetical_opponents=0,
    hypothetical_rating=1800,
    min_rated_games=None,
    unrated_max=None,
    rating_floor=1401,
    floor_ignores_first_results=True,
    round_robin_procedure=True,
    round_robin_passes=1,
    round_robin_distance=350,
    adjustments=(),
)
"""FIDE Handbook, section 10."""

FIDE_2024 = FideRules(
    name="2024",
    display="FIDE 2024",
    source="FIDE Rating Regulations effective from 1 March 2024",
    cap=400,
    cap_exempt_rating=2650,
    cap_exempt_from=date(2025, 10, 1),
    k_new=40,
    k_new_games=30,
    k_junior=40,
    k_junior_age=18,
    k_junior_below=2300,
    k_standard=20,
    k_top=10,
    k_top_rating=2400,
    k_top_needs_games=False,
    k_cited="FIDE 2024, 8.3.3",
    k_games_limit=700,
    round_change=True,
    round_new_rating=False,
    disregard_first_below=Fraction(1, 2),
    round_competition=False,
    plus_score_step=None,
    hypothetical_opponents=2,
    hypothetical_rating=1800,
    min_rated_games=5,
    unrated_max=2200,
    rating_floor=1400,
    floor_ignores_first_results=False,
    round_robin_procedure=False,
    round_robin_passes=0,
    round_robin_distance=400,
    adjustments=(MARCH_2024,),
)
"""FIDE Rating Regulations from 1 March 2024."""

EDITIONS: dict[str, FideRules] = {"handbook": HANDBOOK, "2024": FIDE_2024}
"""Every edition by its key."""

DEFAULT: FideRules = FIDE_2024
"""The newest edition's rules: what ``rules=None`` means."""

RulesLike = FideRules | str
"""An edition as the functions accept it: a key, a display name or a :class:`FideRules`."""

NAMES = ("FIDE",)
"""The system's names; each before a key names that edition (``FIDE 2024``)."""

_NAMES = index_editions(EDITIONS, lambda rules: rules.display, NAMES)


def get_rules(rules: RulesLike | None = None, name: str = "rules") -> FideRules:
    """The edition ``rules`` names: ``None`` gives :data:`DEFAULT`; a key (``"handbook"``,
    ``"2024"``) or a display name (``"FIDE handbook"``, ``"FIDE 2024"``), folded as
    :func:`~xlrating.names.fold` folds; a :class:`FideRules` object is returned as is. ``name``
    is the argument's name in the error message."""
    if rules is None:
        return DEFAULT
    if isinstance(rules, FideRules):
        return rules
    if isinstance(rules, str):
        found = _NAMES.get(fold(rules))
        if found is not None:
            return found
    raise RulesError(
        f"Argument '{name}' must be one of 'handbook', '2024', 'FIDE handbook', 'FIDE 2024' "
        f"or a FideRules object, not {rules!r}"
    )
