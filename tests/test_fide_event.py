"""A whole FIDE event (FIDE Handbook 10.2 to 10.54; 2024 regulations).

The round robin is the worked example of FIDE Handbook 10.54 (players A to J). It gives each
player's rating and total score but not who beat whom; in a round robin every player meets
every other, so Ra, Rc and Ru depend only on those totals, and the games below are one
crosstable that produces them: the player higher in the list wins, except that E beat A and
J beat B. (A 8, B 7, C 7, D 6, E 6, F 4, G 3, H 2, I 1, J 1, as its column W.)

The other events are small ones made up for these tests, worked by hand in the comments.
"""

from datetime import date, datetime

import pytest

from xlrating import _vector
from xlrating.errors import ArgumentError, EventError
from xlrating.fide import FidePlayer, rate_event
from xlrating.model import Game, Method, PlayerOutcome

A, B, C, D, E, F, G, H, I, J = range(1, 11)  # noqa: E741 (10.54 names the players A to J)
HANDBOOK_RATINGS = {A: 2600, B: 2500, C: None, D: 2400, E: None, F: 2150, G: 2300, H: None, I: None, J: 2300}
UPSETS = {(A, E), (B, J)}  # (loser, winner) against the order of the list


def handbook_games() -> list[Game]:
    games = []
    for first in range(A, J + 1):
        for second in range(first + 1, J + 1):
            games.append(Game(1, first, second, 0 if (first, second) in UPSETS else 1))
    return games


def handbook_event(**changes: FidePlayer) -> list[FidePlayer]:
    players = [FidePlayer(n, r) for n, r in HANDBOOK_RATINGS.items()]
    return [changes.get("ABCDEFGHIJ"[p.number - 1], p) for p in players]


def last(outcome: PlayerOutcome, label: str) -> float | None:
    """The last value a step with ``label`` gave."""
    values = [s.value for s in outcome.steps if s.label == label and s.value is not None]
    return values[-1] if values else None


def test_handbook_crosstable_gives_the_handbooks_scores() -> None:
    result = rate_event(handbook_event(), handbook_games(), event_type="Round robin", rules="handbook")
    scores = [result.player(n).rated_score for n in range(A, J + 1)]
    assert scores == [8, 7, 7, 6, 6, 4, 3, 2, 1, 1]


def test_handbook_10_54_round_robin() -> None:
    result = rate_event(handbook_event(), handbook_games(), event_type="Round robin", rules="handbook",
                        end_date=date(2005, 1, 1))
    c, e, h, i = (result.player(n) for n in (C, E, H, I))

    # Ra (10.21b): Rar = 14250 / 6 = 2375; dp of .89, .78, .67, .44, .33, .11 = 351, 220, 125,
    # -43, -125, -351; dpa = 177 / 6 = 29.5; Ra = 2375 - 29.5 x 9/10 = 2348.45, used as 2348.
    for player in (c, e, h, i):
        assert last(player, "Rar") == 2375
        assert last(player, "dpa") == 29.5
        assert last(player, "Ra") == 2348

    # First Ru (10.22 to 10.25), with Rc = Ra = 2348 and n = 9:
    #   C 7 points: 2.5 over 4.5 = 5 half points: 2348 + 62.5 = 2410.5 -> 2411
    #   E 6 points: 3 half points: 2348 + 37.5 = 2385.5 -> 2386
    #   H 2 points: p .22, dp -220: 2348 - 220 x 0.9 = 2150
    #   I 1 point: p .11, dp -351: 2348 - 351 x 0.9 = 2032.1 -> 2032
    assert [last(p, "Ru") for p in (c, e, h, i)] == [2411, 2386, 2150, 2032]

    # The iteration (10.54). I (2032) is more than 350 below A, B, C, D, E (2600, 2500, 2411,
    # 2400, 2386); H (2150) is more than 350 below A (2600) only (B is exactly 350 away).
    #   C: I counts as 2411 - 350 = 2061; 2061 - 2032 = 29; 29/9 = 3.2; Rc = 2348 + 3.2 -> 2351
    #   E: I counts as 2386 - 350 = 2036; 4/9 = 0.4; Rc = 2348.4 -> 2348
    #   H: A counts as 2150 + 350 = 2500; -100/9 = -11.1; Rc = 2336.9 -> 2337
    #   I: A, B, C, D, E count as 2032 + 350 = 2382; (-218 - 118 - 29 - 18 - 4)/9 = -387/9 = -43;
    #      Rc = 2305
    assert "9 (2032) counts as 2061" in next(s.detail for s in c.steps if s.label == "Iteration 1")
    assert "9 (2032) counts as 2036" in next(s.detail for s in e.steps if s.label == "Iteration 1")
    assert "1 (2600) counts as 2500" in next(s.detail for s in h.steps if s.label == "Iteration 1")
    assert next(s.detail for s in i.steps if s.label == "Iteration 1").count("counts as 2382") == 5
    assert [last(p, "Rc (new)") for p in (c, e, h, i)] == [2351, 2348, 2337, 2305]

    # New Ru from the new Rc: C 2351 + 62.5 = 2413.5 -> 2414; E 2348 + 37.5 -> 2386;
    # H 2337 - 198 = 2139; I 2305 - 315.9 = 1989.1 -> 1989.
    assert [p.post_rating for p in (c, e, h, i)] == [2414, 2386, 2139, 1989]
    assert all(p.method is Method.UNRATED and p.change is None for p in (c, e, h, i))
    # The opponents' ratings I's new Rc was based on: A to E at 2382, the others as the first pass
    # had them (F 2150, G 2300, H's first Ru 2150, J 2300).
    assert [g.opponent_rating for g in i.games] == [2382] * 5 + [2150, 2300, 2150, 2300]


def test_handbook_10_54_rated_players_against_the_new_ru() -> None:
    result = rate_event(handbook_event(), handbook_games(), event_type="Round robin", rules="handbook")
    # J (2300, K 15) against the new ratings as if established (10.54), cap 350:
    #   A 2600 D300 L .15 | B 2500 D200 L .24 (won) | C 2414 D114 L .34 | D 2400 D100 L .36
    #   E 2386 D86 L .38 | F 2150 D150 H .70 | G 2300 .50 | H 2139 D161 H .71 | I 1989 D311 H .86
    # Sum of PD 4.24; score 1; 15 x (1 - 4.24) = -48.6; 2300 - 48.6 = 2251.4 -> 2251 (10.53).
    j = result.player(J)
    assert (j.method, j.k) == (Method.ELO, 15)
    assert j.expected_score == pytest.approx(4.24)
    assert (j.post_rating, j.change) == (2251, -49)
    assert [g.opponent_rating for g in j.games] == [2600, 2500, 2414, 2400, 2386, 2150, 2300, 2139, 1989]
    # A (2600, K 10) lost to E only. PD: B .64, C (D186) .74, D .76, E (D214) .77, F (D450 -> 350) .89,
    # G .85, H (D461 -> 350) .89, I (D611 -> 350) .89, J .85; sum 7.28; 10 x (8 - 7.28) = 7.2 -> 2607.
    a = result.player(A)
    assert (a.post_rating, a.change) == (2607, 7)
    assert "3 games capped at a difference of 350" in a.notes
    assert result.parameters[0] == ("Edition", "FIDE handbook")


def test_handbook_10_54_with_a_player_rated_since_the_event() -> None:
    # 10.4: if C has received a rating of 2300 before the event is rated, C changes as a rated
    # player, but counts as unrated for the opponents: everything the others get is unchanged.
    plain = rate_event(handbook_event(), handbook_games(), event_type="Round robin", rules="handbook")
    since = rate_event(handbook_event(C=FidePlayer(C, 2300, rated_since_event=True)), handbook_games(),
                       event_type="Round robin", rules="handbook")
    for n in (A, B, D, E, F, G, H, I, J):
        assert since.player(n).post_rating == plain.player(n).post_rating
    c = since.player(C)
    assert c.method is Method.ELO and c.pre_rating == 2300
    # C's own games: against the rated at their ratings, against E, H, I at their new Ru.
    assert [g.opponent_rating for g in c.games] == [2600, 2500, 2400, 2386, 2150, 2300, 2139, 1989, 2300]


def test_round_robin_with_a_rated_player_on_100_percent_cannot_be_rated() -> None:
    players = [FidePlayer(1, 2400), FidePlayer(2, 2200), FidePlayer(3)]
    games = [Game(1, 1, 2, 1), Game(2, 1, 3, 1), Game(3, 2, 3, 0.5)]
    with pytest.raises(EventError, match=r"rated player 1 scored 2 of 2.*indeterminate"):
        rate_event(players, games, event_type="Round robin", rules="handbook")
    # Under 2024 there is no round-robin procedure, so the same event is rated.
    assert rate_event(players, games, event_type="Round robin").player(1).method is Method.ELO


# A small Swiss under the 2024 regulations, ending 30 June 2025 (before the 2650 exception).
#   1: 2400 (K 10)   2: 2200 (K 20)   3: 2000 with 12 games (K 40)   4: 1800 born 2010 (junior, K 40)
#   5: unrated       6: 1900, rated since the event (10.4; K 20)
RESULTS_2024 = [  # (player, opponent, player's score), one round each
    (1, 2, 0.5), (1, 3, 1), (1, 4, 1), (1, 5, 1), (1, 6, 1),
    (2, 3, 1), (2, 4, 0.5), (2, 5, 0), (2, 6, 1),
    (3, 4, 1), (3, 5, 0.5), (3, 6, 0),
    (4, 5, 0), (4, 6, 0.5),
    (5, 6, 1),
]


def swiss_2024(*, six_since: bool = True) -> list[FidePlayer]:
    return [FidePlayer(1, 2400), FidePlayer(2, 2200), FidePlayer(3, 2000, games=12),
            FidePlayer(4, 1800, birth_date=date(2010, 3, 1)), FidePlayer(5),
            FidePlayer(6, 1900, rated_since_event=six_since)]


def games_2024() -> list[Game]:
    return [Game(r, p, o, s) for r, (p, o, s) in enumerate(RESULTS_2024, start=1)]


def test_2024_swiss() -> None:
    result = rate_event(swiss_2024(), games_2024(), end_date=date(2025, 6, 30))
    assert result.system == "FIDE" and result.rules == "FIDE 2024"
    one, two, three, four, five, six = (result.player(n) for n in range(1, 7))
    # 1: v 2 D200 H .76 draw -.26; v 3 D400 .92 win +.08; v 4 D600 -> 400 .92 win +.08.
    #    Sum -.10 x 10 = -1. Games against 5 (unrated) and 6 (unrated for opponents) are not rated.
    assert (one.k, one.change, one.post_rating, one.rated_games) == (10, -1, 2399, 3)
    assert "2 games against unrated opponents not rated" in one.notes
    assert [(g.opponent, g.expected) for g in one.games] == [(2, 0.76), (3, 0.92), (4, 0.92)]
    assert [g.change for g in one.games] == pytest.approx([-2.6, 0.8, 0.8])
    # 2: v 1 L .24 draw +.26; v 3 H .76 win +.24; v 4 D400 .92 draw -.42. Sum .08 x 20 = 1.6 -> 2.
    assert (two.k, two.change, two.post_rating) == (20, 2, 2202)
    # 3: v 1 L .08 loss -.08; v 2 L .24 loss -.24; v 4 H .76 win +.24. Sum -.08 x 40 = -3.2 -> -3.
    assert (three.k, three.change, three.post_rating) == (40, -3, 1997)
    assert "new to the list" in next(s.detail for s in three.steps if s.label == "K")
    # 4: junior (2025 is before the end of the year of the 18th birthday), rated under 2300: K 40.
    #    v 1 L .08 loss -.08; v 2 L .08 draw +.42; v 3 L .24 loss -.24. Sum .10 x 40 = 4.
    assert (four.k, four.change, four.post_rating) == (40, 4, 1804)
    # 6: rated since the event, changes as rated: v 1 L .08 loss -.08; v 2 L .15 loss -.15;
    #    v 3 L .36 win +.64; v 4 H .64 draw -.14. Sum .27 x 20 = 5.4 -> 5.
    assert (six.method, six.change, six.post_rating) == (Method.ELO, 5, 1905)
    # 5: only 1 to 4 count as rated: 4 games, fewer than 5.
    assert (five.method, five.post_rating, five.rated_games) == (Method.UNRATED, None, 4)
    assert "fewer than 5 games against rated opponents: no rating" in five.notes
    assert any("10.4" in note for note in result.notes)


def test_2024_swiss_first_rating() -> None:
    result = rate_event(swiss_2024(six_since=False), games_2024(), end_date=date(2025, 6, 30))
    # 5 against 2400 (L), 2200 (W), 2000 (D), 1800 (W), 1900 (W): 3.5 of 5.
    # Ra = (10300 + 3600) / 7 = 1985.71; p = 4.5 / 7 = .643 -> .64, dp 102; 2087.71 -> 2088.
    five = result.player(5)
    assert (five.method, five.post_rating) == (Method.UNRATED, 2088)
    assert (five.rated_games, five.rated_score) == (5, 3.5)
    assert five.change is None and five.k is None
    # 1 now also plays 6 (D500 -> 400, .92, win +.08): sum -.02 x 10 = -0.2 -> 0.
    assert result.player(1).change == 0


def test_handbook_swiss_disregarded_and_not_rated() -> None:
    players = [FidePlayer(1, 2000), FidePlayer(2, 2100), FidePlayer(3), FidePlayer(4), FidePlayer(5, 1900)]
    games = [Game(1, 1, 3, 1), Game(2, 2, 3, 0.5), Game(1, 2, 4, 0.5), Game(2, 1, 4, 1)]
    result = rate_event(players, games, rules="FIDE handbook")
    # 3: half a point in the first event: disregarded (10.21).
    three = result.player(3)
    assert three.method is Method.UNRATED and three.post_rating is None
    assert "score under one point in the first rated event: disregarded" in three.notes
    # 4 drew with 2 and lost to 1: half a point, disregarded too.
    assert result.player(4).post_rating is None
    # 5 played no game: not rated, rating unchanged.
    five = result.player(5)
    assert (five.method, five.post_rating, five.change) == (Method.NOT_RATED, 1900, 0)
    # 1 beat two unrated players: no game against a rated opponent, rating unchanged.
    assert (result.player(1).method, result.player(1).post_rating) == (Method.NOT_RATED, 2000)


def test_handbook_change_is_not_rounded_but_the_new_rating_is() -> None:
    # 2000 (K 15) draws 2100 (D100, L .36): 15 x .14 = 2.1; 2002.1 -> 2002 (10.53).
    result = rate_event([FidePlayer(1, 2000), FidePlayer(2, 2100)], [Game(1, 1, 2, 0.5)], rules="handbook")
    one = result.player(1)
    assert one.post_rating == 2002 and one.change == 2
    assert last(one, "Change") == pytest.approx(2.1)


def test_rate_event_bad_input() -> None:
    with pytest.raises(EventError, match="given more than once: 2"):
        rate_event([FidePlayer(1, 2000), FidePlayer(2, 2000), FidePlayer(2)], [])
    with pytest.raises(EventError, match="names missing player 9"):
        rate_event([FidePlayer(1, 2000)], [Game(1, 1, 9, 1)])
    with pytest.raises(ArgumentError, match=r"Argument 'players\[0\]' must be a FidePlayer"):
        rate_event([{"number": 1}], [])  # type: ignore[list-item]
    with pytest.raises(ArgumentError, match="Argument 'event_type'"):
        rate_event([FidePlayer(1, 2000)], [], event_type="Arena")
    with pytest.raises(ArgumentError, match="Argument 'end_date' must be a date"):
        rate_event([FidePlayer(1, 2000)], [], end_date="2025-01-01")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="Argument 'rating' must be a rating"):
        FidePlayer(1, -100)
    with pytest.raises(ArgumentError, match="Argument 'k' must be a number > 0, not 0"):
        FidePlayer(1, 2000, k=0)
    with pytest.raises(ArgumentError, match="Argument 'rating'"):
        FidePlayer(1, None, rated_since_event=True)


def test_datetimes_from_a_spreadsheet_are_dates() -> None:
    # openpyxl reads Excel dates as datetimes; they must compare with the 1 October 2025 date.
    players = [FidePlayer(1, 2700), FidePlayer(2, 2200, birth_date=datetime(2010, 1, 1, 0, 0))]
    result = rate_event(players, [Game(1, 1, 2, 1)], end_date=datetime(2025, 10, 1, 0, 0))
    # 2700 is uncapped from 1 October 2025: D 500, H .96, 10 x .04 = 0.4 -> 0.
    assert result.player(1).change == 0
    assert players[1].birth_date == date(2010, 1, 1)


def test_explicit_k_is_used() -> None:
    # 2000 with K 12 beats 2000: .50 x 12 = 6.
    result = rate_event([FidePlayer(1, 2000, k=12), FidePlayer(2, 2000)], [Game(1, 1, 2, 1)])
    assert (result.player(1).k, result.player(1).change) == (12, 6)


def test_700_rule_in_an_event() -> None:
    # A new player (5 games so far, K 40) beats a 1600 twenty times, rated 1700: D 100, H .64.
    # 40 x 20 = 800 > 700, so K = 35: 35 x 20 x .36 = 252.
    players = [FidePlayer(1, 1700, games=5), FidePlayer(2, 1600)]
    result = rate_event(players, [Game(r, 1, 2, 1) for r in range(1, 21)], end_date=date(2025, 1, 1))
    one = result.player(1)
    assert (one.k, one.change, one.post_games) == (35, 252, 25)
    assert "K limited to 35 by the 700 rule" in one.notes
    # The 1600 (K 20, established): 20 x 20 x -.36 = -144; 20 x 20 = 400, not limited.
    assert (result.player(2).k, result.player(2).change) == (20, -144)


@pytest.mark.parametrize("vector", [False, pytest.param(True, marks=pytest.mark.skipif(
    not _vector.AVAILABLE, reason="the numpy core needs numpy"))])
def test_a_given_k_is_held_to_the_700_rule_over_the_events_games(vector: bool) -> None:
    # The 700 rule holds for every K (FIDE Rating Regulations 2024, 8.3.3), FIDE's published K
    # typed or filled in too: the same games as above, K 40 given: 40 x 20 = 800 > 700, so
    # K = 35 and 35 x 20 x .36 = 252. (Was: K 40 used as given, +288.) On both numeric cores.
    players = [FidePlayer(1, 1700, k=40), FidePlayer(2, 1600, k=20)]
    with _vector.forced(vector):
        result = rate_event(players, [Game(r, 1, 2, 1) for r in range(1, 21)], end_date=date(2025, 1, 1),
                            explain=True)
    one = result.player(1)
    assert (one.k, one.change) == (35, 252)
    assert "K limited to 35 by the 700 rule" in one.notes
    assert [s.detail for s in one.steps if s.label == "K"] == [
        "given 40; 40 x 20 games > 700, so K = 35 (the 700 rule)"]
    # A K within the rule is used as given: 20 x 20 = 400.
    assert (result.player(2).k, result.player(2).change, result.player(2).notes) == (20, -144, ())


def test_double_round_robin_uses_n_the_number_of_opponents() -> None:
    # Review finding: 10.21b iii defines n as "the number of opponents", and 10.25 uses the same n:
    # in a double round robin each player has 3 opponents and 6 games, so the factor is 3/4, not 6/7.
    # Players 1 (2400), 2 (2200), 3 (2000) rated, 4 unrated; each pair meets twice:
    #   1-2: 1, =   1-3: 1, 1   1-4: 1, 1   2-3: 1, 0   2-4: 1, =   3-4: 1, 0
    # Scores: 1 5.5/6, 2 3/6, 3 2/6, 4 1.5/6 (12 points for 12 games).
    # Ra (10.21b): Rar = 6600 / 3 = 2200; p .92, .50, .33 give dp 401, 0, -125; dpa = 276 / 3 = 92;
    #   Ra = 2200 - 92 x 3/4 = 2131.
    # 4 (10.25): p = 1.5/6 = .25, dp -193; Ru = 2131 - 193 x 3/4 = 1986.25 -> 1986.
    # 10.54: 1 (2400) is 414 > 350 above 1986 and counts as 2336 in both games: (-64 x 2) / 6 = -21.33;
    #   Rc (new) = 2109.67 -> 2110; Ru (new) = 2110 - 144.75 = 1965.25 -> 1965.
    players = [FidePlayer(1, 2400), FidePlayer(2, 2200), FidePlayer(3, 2000), FidePlayer(4)]
    pairs = [(1, 2, 1), (1, 2, 0.5), (1, 3, 1), (1, 3, 1), (1, 4, 1), (1, 4, 1),
             (2, 3, 1), (2, 3, 0), (2, 4, 1), (2, 4, 0.5), (3, 4, 1), (3, 4, 0)]
    games = [Game(r, a, b, s) for r, (a, b, s) in enumerate(pairs, start=1)]
    result = rate_event(players, games, event_type="Round robin", rules="handbook")
    four = result.player(4)
    assert last(four, "Ra") == 2131
    assert [s.value for s in four.steps if s.label == "Ru"] == [1986]
    assert last(four, "Rc (new)") == 2110
    assert four.post_rating == 1965
