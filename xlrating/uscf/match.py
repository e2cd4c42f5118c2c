"""Individual matches (US Chess 2020, 7; US Chess 2011, 4; US Chess 2009, 3).

2011 and 2020: both players must have established published ratings at most 400
apart; the change is at most 50 points; no bonus; floors are not automatically in
effect. 2009: both players must be rated, at most 400 apart; nothing else is said, so
bonus and floors apply as in any event. The 180-day (100 points) and 3-year (200
points) limits need the players' match history and are left to the caller.

A match is rated with the five-step algorithm under these restrictions:
``rate_event(..., event_type="Match")``, which checks them with :func:`check_match`, or
:func:`xlrating.uscf.match_event.rate_match`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .. import _check
from ..errors import EventError
from .rules import RulesLike, UscfRules, get_rules

if TYPE_CHECKING:
    from .player import UscfPlayer


def match_problem(
    rules: UscfRules,
    ratings: Sequence[tuple[float | None, int | None]],
    names: Sequence[str] | None = None,
) -> str | None:
    """Why two players cannot play a rated match, or None if they can.

    ``ratings`` holds each player's ``(rating, games)``; games None = established. ``names``
    says who each is in the message (``"player 1"``, ``"player 2"`` if not given).
    """
    if len(ratings) != 2:
        return f"a match has two players, not {len(ratings)}"
    names = names or [f"player {index}" for index in (1, 2)]
    for name, (rating, games) in zip(names, ratings, strict=True):
        if rating is None:
            return f"{name} is unrated; both players must be rated"
        if rules.match_requires_established and games is not None and games <= rules.established_games:
            return (f"{name}'s rating is based on {games} games; {rules.name} needs both players to "
                    f"have established ratings (more than {rules.established_games} games)")
    first, second = ratings[0][0], ratings[1][0]
    assert first is not None and second is not None
    if abs(first - second) > rules.match_max_difference:
        return (f"the ratings {first:g} and {second:g} differ by {abs(first - second):g}, more than "
                f"{rules.match_max_difference:g}")
    return None


def check_match(rules: UscfRules, players: Sequence[UscfPlayer]) -> None:
    """Raise :class:`EventError` saying why ``players`` cannot be rated as a match."""
    problem = match_problem(
        rules, [(p.rating, p.games) for p in players], [f"player {p.number}" for p in players]
    )
    if problem is not None:
        numbers = ", ".join(str(p.number) for p in players)
        raise EventError(f"This match (players {numbers}) cannot be rated under {rules.name}: {problem}")


def match_eligible(
    rating: float | None,
    games: int | None,
    opponent_rating: float | None,
    opponent_games: int | None,
    *,
    rules: RulesLike = "2020",
) -> bool:
    """Whether two players may play a rated match (see :func:`match_problem`)."""
    edition = get_rules(rules)
    pair = []
    for name, r, g in (("rating", rating, games), ("opponent_rating", opponent_rating, opponent_games)):
        value = None if r is None else _check.rating(name, r)
        count = None if g is None else _check.whole(name.replace("rating", "games"), g)
        pair.append((value, count))
    return match_problem(edition, pair) is None
