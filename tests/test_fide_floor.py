"""The rating floor: no published FIDE rating is under it.

FIDE Rating Regulations 2024: the rating floor is 1400; a player whose rating drops under it
is listed as unrated, and a first rating under it is not published. FIDE Handbook 10.31 and
10.33: results and ratings under 1401 are not considered. Neither edition raises a rating to
the floor (the US Chess floors do that): an event is refused if a player's rating is under the
floor (such a rating cannot come from a list), and a player who ends under it gets a note.
"""

from datetime import date

import pytest

from xlrating.errors import EventError
from xlrating.fide import FidePlayer, rate_event
from xlrating.model import Game, Method

END = date(2025, 6, 30)


@pytest.mark.parametrize("rules", ["2024", "handbook"])
def test_a_rating_far_under_the_floor_is_refused(rules: str) -> None:
    # xlrating 0.1 rated a player rated 5 who lost nine games down to -9.
    players = [FidePlayer(1, 5)] + [FidePlayer(n, 1800) for n in range(2, 11)]
    games = [Game(n - 1, 1, n, 0) for n in range(2, 11)]
    with pytest.raises(EventError, match=r"rating floor .* 1 \(5\)"):
        rate_event(players, games, rules=rules, end_date=END)


def test_every_player_under_the_floor_is_named() -> None:
    players = [FidePlayer(1, 1399), FidePlayer(2, 1400), FidePlayer(3, 1200.5), FidePlayer(4)]
    with pytest.raises(EventError, match=r"FIDE 2024, 1400, .*: 1 \(1399\), 3 \(1200\.5\)\."):
        rate_event(players, [Game(1, 1, 2, 1)], end_date=END)
    # The handbook's floor is 1401 (10.31, 10.33): 1400 is under it.
    with pytest.raises(EventError, match=r"FIDE handbook, 1401, .*: 1 \(1399\), 2 \(1400\), 3 \(1200\.5\)\."):
        rate_event(players, [Game(1, 1, 2, 1)], rules="handbook", end_date=END)


def test_a_player_who_ends_under_the_floor_keeps_the_number_and_gets_a_note() -> None:
    # 2024, K 20: 1410 loses to two players rated 1500. D = 90, table (b) row 84-91: PD .38 for
    # the lower rated player; change = 20 x (0 - 2 x .38) = -15.2, rounded -15: 1395.
    players = [FidePlayer(1, 1410), FidePlayer(2, 1500), FidePlayer(3, 1500)]
    games = [Game(1, 1, 2, 0), Game(2, 3, 1, 1)]
    low = rate_event(players, games, end_date=END).player(1)
    assert low.method is Method.ELO
    assert low.post_rating == 1395 and low.change == -15
    assert any(n.startswith("under the rating floor 1400 after the event") for n in low.notes)
    # The winners: 20 x (1 - .62) = 7.6, rounded 8; no note.
    winner = rate_event(players, games, end_date=END).player(2)
    assert winner.post_rating == 1508 and not any("floor" in n for n in winner.notes)


def test_a_player_at_the_floor_is_rated() -> None:
    players = [FidePlayer(1, 1400), FidePlayer(2, 1400)]
    outcome = rate_event(players, [Game(1, 1, 2, 1)], end_date=END)
    # D = 0: PD .50 each; 20 x .5 = 10.
    assert outcome.player(1).post_rating == 1410
    assert outcome.player(2).post_rating == 1390
    assert any("under the rating floor" in n for n in outcome.player(2).notes)
