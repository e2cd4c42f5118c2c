"""The US Chess rating system: the 2009, 2011 and 2020 editions of Glickman and Doan.

Pure Python, no Excel. Every function takes ``rules``: an edition's year (``"2020"``,
``"2011"``, ``"2009"``), a name such as ``"USCF 2011"``, or a :class:`UscfRules`;
the default is 2020.

- :func:`rate_event` rates a whole event (the five steps of section 1) and explains
  every player's result; :class:`UscfPlayer` carries a player's prior data.
- The formulas one by one: :func:`effective_games`, :func:`special_rating` (and
  :func:`special_solution` with its working), :func:`standard_rating`,
  :func:`k_factor`, :func:`winning_expectancy`, :func:`provisional_winning_expectancy`,
  :func:`bonus_amount`, :func:`bonus_multiplier`, :func:`initial_rating`,
  :func:`fide_to_uscf`, :func:`cfc_to_uscf`, :func:`age_based_rating`,
  :func:`rating_floor`, :func:`rate_match`, :func:`fide_event_rating`.
"""

from .bonus import bonus_multiplier
from .event import rate_event
from .fide_events import FideEventUpdate, fide_event_opponent_rating, fide_event_rating, fide_event_update
from .floors import absolute_floor, peak_floor, prize_floor, rating_floor
from .formulas import effective_games, k_factor, nstar, provisional_winning_expectancy, winning_expectancy
from .initial import InitialRating, age_based_rating, age_in_years, cfc_to_uscf, fide_to_uscf, initial_rating
from .match import match_eligible
from .match_event import match_ratings, rate_match
from .player import UscfPlayer
from .rules import EDITIONS, USCF_2009, USCF_2011, USCF_2020, RatingSystem, UscfRules, get_rules
from .special import SpecialSolution, special_rating, special_solution
from .standard import StandardSolution, bonus_amount, standard_rating, standard_solution

__all__ = [
    "EDITIONS",
    "USCF_2009",
    "USCF_2011",
    "USCF_2020",
    "FideEventUpdate",
    "InitialRating",
    "RatingSystem",
    "SpecialSolution",
    "StandardSolution",
    "UscfPlayer",
    "UscfRules",
    "absolute_floor",
    "age_based_rating",
    "age_in_years",
    "bonus_amount",
    "bonus_multiplier",
    "cfc_to_uscf",
    "effective_games",
    "fide_event_opponent_rating",
    "fide_event_rating",
    "fide_event_update",
    "fide_to_uscf",
    "get_rules",
    "initial_rating",
    "k_factor",
    "match_eligible",
    "match_ratings",
    "nstar",
    "peak_floor",
    "prize_floor",
    "provisional_winning_expectancy",
    "rate_event",
    "rate_match",
    "rating_floor",
    "special_rating",
    "special_solution",
    "standard_rating",
    "standard_solution",
    "winning_expectancy",
]
