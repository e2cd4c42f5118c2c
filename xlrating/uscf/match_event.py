"""Rating an individual match: the five-step algorithm of :func:`~xlrating.uscf.event.rate_event`
under the match restrictions of :mod:`.match` (US Chess 2020, 7; US Chess 2011, 4; US Chess 2009, 3).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from .. import _check
from ..model import EventOutcome, Game
from .event import rate_event
from .player import UscfPlayer
from .rules import RatingSystem, RulesLike

__all__ = ["match_ratings", "rate_match"]


def rate_match(
    player: UscfPlayer,
    opponent: UscfPlayer,
    results: Sequence[Any],
    *,
    rating_system: RatingSystem | str = "Regular",
    end_date: dt.date | None = None,
    bonus_multiplier: float | None = None,
    rules: RulesLike = "2020",
) -> EventOutcome:
    """Rate a match of ``len(results)`` games; ``results`` are ``player``'s (1, 0.5, 0 or
    W, D, L), one per game, the games numbered as rounds 1, 2, ... ."""
    for name, given in (("player", player), ("opponent", opponent)):
        if not isinstance(given, UscfPlayer):
            raise _check.fail(name, "a UscfPlayer", given)
    points = _check.results("results", results)
    games = [Game(i, player.number, opponent.number, s) for i, s in enumerate(points, start=1)]
    return rate_event([player, opponent], games, rating_system=rating_system, event_type="Match",
                      end_date=end_date, bonus_multiplier=bonus_multiplier, rules=rules)


def match_ratings(
    rating: float,
    games: int | None,
    opponent_rating: float,
    opponent_games: int | None,
    results: Sequence[Any],
    *,
    rules: RulesLike = "2020",
) -> tuple[float, float]:
    """The two players' post-match ratings (see :func:`rate_match`); games None = established."""
    outcome = rate_match(UscfPlayer(1, rating, games), UscfPlayer(2, opponent_rating, opponent_games),
                         results, rules=rules)
    first, second = outcome.player(1).post_rating, outcome.player(2).post_rating
    assert first is not None and second is not None
    return first, second
