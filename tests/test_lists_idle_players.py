"""An event's new player who plays no game in the season is put on the new list as his event gives
him, and the season says so: a mistyped ID in the games would leave him so (the games' own ID, on
no list, is refused), so it is never silent."""

from __future__ import annotations

import datetime as dt

import pytest

from xlrating.errors import InputError
from xlrating.lists import Entry, Event, RatingList, rate_season

D = dt.date


@pytest.mark.parametrize("system", ["USCF", "FIDE", "ICU"])
def test_a_new_player_without_a_game_is_said(system: str) -> None:
    k = None if system == "USCF" else 20.0
    ratings = RatingList(system, {n: Entry(n, rating=1500.0 + 10 * n, games=40, k=k) for n in (1, 2, 3, 4)},
                         date=D(2025, 1, 1))
    first = Event("A", D(2025, 2, 1), [(1, 1, 2, 1.0), (1, 3, 4, 0.5)],
                  players={9: {"rating": 1600.0, "games": 40, "k": k}, 8: {}})
    later = Event("B", D(2025, 3, 1), [(1, 8, 1, 0.0)])
    result = rate_season(ratings, [first, later])
    assert 9 in result.list and 9 not in result.history
    assert result.list[9].rating == 1600.0  # (as given)
    idle = [w for w in result.warnings if "without a game" in w]
    assert idle == ["event A: new 1 player (ID 9) without a game in the season: put on the list as given"]
    # A new player who plays in a later event is not named.
    assert 8 in result.history


def test_the_mistyped_id_itself_is_refused() -> None:
    ratings = RatingList("ICU", {n: Entry(n, rating=1500.0, games=40, k=20.0) for n in (1, 2)},
                         date=D(2025, 1, 1))
    event = Event("A", D(2025, 2, 1), [(1, 1, 19, 1.0)],
                  players={9: {"rating": 1600.0, "games": 40, "k": 20.0}})
    with pytest.raises(InputError, match="19"):
        rate_season(ratings, [event])
