"""The rating floor: no published FIDE rating is under it.

FIDE Rating Regulations 2024: the rating floor is 1400; a player whose rating drops under it
is listed as unrated, and a first rating under it is not published. FIDE Handbook 10.31 and
10.33: results and ratings under 1401 are not considered. Neither edition raises a rating to
the floor (the US Chess floors do that). A rating under the floor can come from an older list
(FIDE's floor was 1000 before March 2024): it is rated as given, with a note; a rating under
1000 cannot come from any list and is refused. A player who ends under the floor gets a note.
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
    with pytest.raises(EventError, match=r"under 1000, the lowest rating a FIDE list has published: 1 \(5\)"):
        rate_event(players, games, rules=rules, end_date=END)


def test_every_player_under_1000_is_named_and_an_older_lists_rating_is_rated_with_a_note() -> None:
    players = [FidePlayer(1, 999), FidePlayer(2, 1400), FidePlayer(3, 900.5), FidePlayer(4)]
    with pytest.raises(EventError, match=r": 1 \(999\), 3 \(900\.5\)\. Give"):
        rate_event(players, [Game(1, 1, 2, 1)], end_date=END)
    # 1399 is under the 2024 floor but was a published rating before March 2024.
    players = [FidePlayer(1, 1399), FidePlayer(2, 1400)]
    outcome = rate_event(players, [Game(1, 1, 2, 1)], end_date=END)
    assert outcome.player(1).notes[0].startswith("pre-event rating under the FIDE 2024 rating floor 1400")
    assert not any("pre-event" in n for n in outcome.player(2).notes)
    # The handbook's floor is 1401 (10.31, 10.33): 1400 is under it.
    handbook = rate_event(players, [Game(1, 1, 2, 1)], rules="handbook", end_date=END)
    assert all(o.notes[0].startswith("pre-event rating under the FIDE handbook rating floor 1401")
               for o in handbook.players)


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
