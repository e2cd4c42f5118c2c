"""FIDE ratings: the Handbook's section 10 and the 2024 regulations.

Pure rating rules, no Excel. Every function takes ``rules``: ``None`` or ``"2024"`` (the
default, :data:`DEFAULT`: the FIDE Rating Regulations in force from 1 March 2024),
``"handbook"`` (FIDE Handbook, section 10), the workbook's spellings ``"FIDE 2024"`` /
``"FIDE handbook"`` in any case, or a :class:`FideRules`.

- :func:`expected_score` and :func:`rating_difference`: the two tables of 10.1.
- :func:`k_factor` and :func:`rating_change`: a rated player (10.5).
- :func:`unrated_rating`, :func:`tournament_average` and :func:`published_rating`:
  a new player's Ru in one event, the round-robin Ra, and Rn across events (10.2, 10.3).
- :func:`rate_event`: a whole event of :class:`FidePlayer` and games, round robins
  with the 10.54 iteration included, explained as an :class:`~xlrating.model.EventOutcome`.
- :func:`unrounded_change` and :func:`period_rating`: a rating period's events added up
  unrounded and rounded once, as a FIDE list is.
"""

from .event import rate_event
from .period import period_rating, unrounded_change
from .player import FidePlayer
from .rating import expected_score, k_factor, rating_change, rating_difference
from .rules import DEFAULT, EDITIONS, FIDE_2024, HANDBOOK, FideRules, RulesLike, get_rules
from .tables import DP_TABLE, PD_TABLE, IndeterminateError
from .unrated import NewPlayerRating, published_rating, tournament_average, unrated_rating

__all__ = [
    "DEFAULT",
    "DP_TABLE",
    "EDITIONS",
    "FIDE_2024",
    "HANDBOOK",
    "PD_TABLE",
    "FidePlayer",
    "FideRules",
    "IndeterminateError",
    "NewPlayerRating",
    "RulesLike",
    "expected_score",
    "get_rules",
    "k_factor",
    "period_rating",
    "published_rating",
    "rate_event",
    "rating_change",
    "rating_difference",
    "tournament_average",
    "unrated_rating",
    "unrounded_change",
]
