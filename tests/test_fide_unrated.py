"""FIDE new players: Ru, Ra and Rn (FIDE Handbook 10.2 to 10.33; 2024 regulations).

Golden numbers: the FIDE Handbook's own worked examples (10.3: 2270; 10.54: Ra 2348, Ru 2411
and 2032) and hand working from the Handbook's rules and table (a), written next to each test.
"""

import pytest

from xlrating.errors import ArgumentError
from xlrating.fide import published_rating, tournament_average, unrated_rating

# --- Handbook ------------------------------------------------------------------------------


def test_seed_10_3_weighted_average() -> None:
    # 10.3: [2280 x 5 + 2400 x 10 + 2000 x 5] / 20 = 2270.
    result = published_rating([(2280, 5), (2400, 10), (2000, 5)], rules="handbook")
    assert result.rating == 2270 and result.games == 20


def test_rn_is_rounded_to_the_nearest_whole_number() -> None:
    # 10.32: (2000 + 2001) / 2 = 2000.5 -> 2001; (3 x 2000 + 2001) / 4 = 2000.25 -> 2000.
    assert published_rating([(2000, 1), (2001, 1)], rules="handbook").rating == 2001
    assert published_rating([(2000, 3), (2001, 1)], rules="handbook").rating == 2000


def test_first_results_under_1401_are_ignored() -> None:
    # 10.31: the leading results 1380 and 1390 are ignored; Rn = 1500 from the third.
    result = published_rating([(1380, 5), (1390, 5), (1500, 10)], rules="handbook")
    assert result.rating == 1500 and result.games == 10
    # A later result under 1401 is not a first result: (1500 x 10 + 1350 x 5) / 15 = 1450.
    assert published_rating([(1500, 10), (1350, 5)], rules="handbook").rating == 1450


def test_only_rn_of_1401_or_more_is_published() -> None:
    # 10.33: (1500 x 10 + 1300 x 10) / 20 = 1400, under 1401.
    result = published_rating([(1500, 10), (1300, 10)], rules="handbook")
    assert result.rating is None and result.ru == 1400
    assert any("1401" in note for note in result.notes)


SWISS = [2000, 2100, 2200, 1900]  # Rc = 8200 / 4 = 2050


def test_swiss_ru_at_above_and_below_50_percent() -> None:
    # 10.22: 2 of 4 is 50%: Ru = Rc = 2050.
    assert unrated_rating(SWISS, [1, 0, 0.5, 0.5], rules="handbook").rating == 2050
    # 10.23: 3 of 4 is one point, two half points, over 50%: 2050 + 2 x 12.5 = 2075.
    assert unrated_rating(SWISS, ["W", "W", "D", "D"], rules="handbook").rating == 2075
    # 10.24: 1 of 4, p = .25, dp = -193: 2050 - 193 = 1857.
    result = unrated_rating(SWISS, [1, 0, 0, 0], rules="handbook")
    assert (result.rating, result.competition, result.p, result.dp) == (1857, 2050, 0.25, -193)


def test_swiss_unrated_opponents_do_not_count() -> None:
    # Only the games against 2000 and 2100 count: 1 of 2, Ru = Rc = 2050.
    result = unrated_rating([2000, None, 2100], [1, 1, 0], rules="handbook")
    assert (result.rating, result.games, result.score) == (2050, 2, 1)
    assert "1 game against unrated opponents not counted" in result.notes


def test_handbook_rc_is_rounded_before_ru() -> None:
    # Decision (the FIDE Handbook, 10 is silent on Swiss events): Rc is rounded to a whole number before Ru is
    # found, as 10.54 rounds Ra (2348.45 to 2348). Rc = (2000 + 2001) / 2 = 2000.5 -> 2001; 50%.
    result = unrated_rating([2000, 2001], [1, 0], rules="handbook")
    assert (result.competition, result.rating) == (2001, 2001)
    # 2024 rounds once, at the end: Ra = (10001 + 3600) / 7 = 1943.0, p = 3.5 / 7 = .5, Ru = 1943.
    assert unrated_rating([2000, 2000, 2000, 2000, 2001], [1, 0, 1, 0, 0.5]).rating == 1943


def test_first_event_under_one_point_is_disregarded() -> None:
    # 10.21: half a point in the first event is disregarded.
    result = unrated_rating(SWISS, [0.5, 0, 0, 0], rules="handbook")
    assert result.rating is None and result.disregarded
    # In a later event it counts: p = .125, rounded away from .50 to .12, dp -336: 2050 - 336 = 1714.
    assert unrated_rating(SWISS, [0.5, 0, 0, 0], rules="handbook", first_event=False).rating == 1714
    # A later zero has no dp at all (10.1): no Ru.
    zero = unrated_rating(SWISS, [0, 0, 0, 0], rules="handbook", first_event=False)
    assert zero.rating is None and any("indeterminate" in n for n in zero.notes)


def test_a_first_result_under_1401_is_ignored() -> None:
    # 10.31: 50% against 1300s gives Ru 1300; as a first result it is ignored.
    first = unrated_rating([1300] * 5, [1, 0, 1, 0, 0.5], rules="handbook")
    assert first.rating is None and first.ru == 1300
    assert unrated_rating([1300] * 5, [1, 0, 1, 0, 0.5], rules="handbook", first_event=False).rating == 1300


def test_seed_10_54_tournament_average() -> None:
    # Rar = (2600 + 2500 + 2400 + 2150 + 2300 + 2300) / 6 = 2375; dp of 8/9, 7/9, 6/9, 4/9, 3/9, 1/9
    # (.89, .78, .67, .44, .33, .11) = 351, 220, 125, -43, -125, -351; dpa = 177 / 6 = 29.5;
    # Ra = 2375 - 29.5 x 9/10 = 2348.45, which FIDE Handbook, 10.54 writes as 2348.
    assert tournament_average([2600, 2500, 2400, 2150, 2300, 2300], [8, 7, 6, 4, 3, 1], 9) == 2348


def test_round_robin_ru_from_the_tournament_average() -> None:
    # Player C: 7 of 9, 2.5 points = 5 half points over 50%: 2348 + 5 x 12.5 = 2410.5 -> 2411.
    c = unrated_rating([None] * 9, [1] * 7 + [0] * 2, rules="handbook", event_type="Round robin",
                       competition=2348)
    assert c.rating == 2411 and c.games == 9
    # Player I: 1 of 9, p = .11, dp = -351: 2348 - 351 x 9/10 = 2032.1 -> 2032 (10.25).
    i = unrated_rating([2600] + [None] * 8, [1] + [0] * 8, rules="handbook", event_type="round robin",
                       competition=2348)
    assert i.rating == 2032


def test_round_robin_needs_the_tournament_average() -> None:
    with pytest.raises(ArgumentError, match="'competition'"):
        unrated_rating([2000] * 9, [1] * 9, rules="handbook", event_type="Round robin")


# --- 2024 ----------------------------------------------------------------------------------


def test_2024_ru_with_two_hypothetical_draws() -> None:
    # 3 of 5 against 2000s. Ra = (5 x 2000 + 2 x 1800) / 7 = 1942.857; p = (3 + 1) / 7 = .571 -> .57,
    # dp 50; Ru = 1992.857 -> 1993.
    result = unrated_rating([2000] * 5, [1, 1, 1, 0, 0])
    assert (result.rating, result.dp) == (1993, 50)
    assert result.competition == pytest.approx(13600 / 7)


def test_2024_ru_rounds_halves_away_from_zero() -> None:
    # 4 of 6 against 1900, 2000, 2100, 2200, 1800, 1700 (sum 11700). Ra = (11700 + 3600) / 8 = 1912.5;
    # p = 5/8 = .625, an exact half: away from .50 to .63, dp 95; Ru = 2007.5 -> 2008.
    result = unrated_rating([1900, 2000, 2100, 2200, 1800, 1700], [1, 1, 0.5, 0, 1, 0.5])
    assert (result.rating, result.dp) == (2008, 95)


def test_2024_maximum_2200() -> None:
    # 5 of 5 against 2400s: Ra = (12000 + 3600) / 7 = 2228.57; p = 6/7 -> .86, dp 309; 2537.57 -> 2538.
    result = unrated_rating([2400] * 5, [1] * 5)
    assert (result.ru, result.rating) == (2538, 2200)


def test_2024_listed_from_1400() -> None:
    # 0 of 5 against 1400s (not a first event): Ra = (7000 + 3600) / 7 = 1514.29; p = 1/7 -> .14,
    # dp -309; Ru = 1205.29 -> 1205, under 1400: not listed.
    result = unrated_rating([1400] * 5, [0] * 5, first_event=False)
    assert (result.ru, result.rating) == (1205, None)


def test_2024_zero_in_the_first_event_is_disregarded_but_half_a_point_is_not() -> None:
    assert unrated_rating([2000] * 5, [0] * 5).disregarded
    # Half a point: Ra 1942.857; p = 1.5 / 7 = .214 -> .21, dp -230; 1712.857 -> 1713.
    assert unrated_rating([2000] * 5, [0.5, 0, 0, 0, 0]).rating == 1713


def test_2024_needs_five_games_against_rated_opponents() -> None:
    result = unrated_rating([2000, 2000, 2000, 2000, None], [1, 1, 1, 1, 1])
    assert result.rating is None
    assert "fewer than 5 games against rated opponents: no rating" in result.notes
    # The 2024 regulations have no round-robin procedure: the unrated opponent does not count there either.
    assert unrated_rating([2000] * 4 + [None], [1] * 5, event_type="Round robin").rating is None


def test_2024_first_rating_from_all_games_of_several_events() -> None:
    # 2 of 3 against 2000s, then 1.5 of 3 against 2100s: neither alone has 5 games. Together:
    # Ra = (6000 + 6300 + 3600) / 8 = 1987.5; p = (3.5 + 1) / 8 = .5625 -> .56, dp 43; 2030.5 -> 2031.
    first = unrated_rating([2000] * 3, [1, 1, 0])
    second = unrated_rating([2100] * 3, [1, 0.5, 0], first_event=False)
    assert first.rating is None and second.rating is None
    assert published_rating([first, second]).rating == 2031
    with pytest.raises(ArgumentError, match=r"'events\[0\]' must be a NewPlayerRating under FIDE 2024"):
        published_rating([(2000, 5)])


# --- Bad input -----------------------------------------------------------------------------


def test_unrated_rating_bad_input() -> None:
    with pytest.raises(ArgumentError, match="must have the same length, not 2 and 3"):
        unrated_rating([2000, 2000], [1, 0, 1])
    with pytest.raises(ArgumentError, match=r"Argument 'results\[2\]' must be a result .*, not 0.7"):
        unrated_rating([2000] * 3, [1, 0, 0.7])
    with pytest.raises(ArgumentError, match=r"Argument 'opponent_ratings\[1\]' must be a rating"):
        unrated_rating([2000, -5], [1, 0])
    with pytest.raises(ArgumentError, match="Argument 'event_type' must be one of 'Swiss', 'Round robin'"):
        unrated_rating([2000], [1], event_type="Scheveningen")
    with pytest.raises(ArgumentError, match="Argument 'competition'"):
        unrated_rating([2000], [1], competition="high")  # type: ignore[arg-type]


def test_tournament_average_and_published_rating_bad_input() -> None:
    with pytest.raises(ArgumentError, match=r"Argument 'scores\[0\]' must be a score from 0 to the number"):
        tournament_average([2000], [10], 9)
    with pytest.raises(ArgumentError, match="Argument 'opponents'"):
        tournament_average([2000], [1], 0)
    with pytest.raises(ArgumentError, match=r"Argument 'events\[1\]\[1\]' must be a whole number >= 1"):
        published_rating([(2000, 5), (2100, 0)], rules="handbook")
    with pytest.raises(ArgumentError, match="Argument 'events'"):
        published_rating("2000", rules="handbook")  # type: ignore[arg-type]


def test_round_robin_n_is_the_number_of_opponents() -> None:
    # Review finding: 10.25's n is 10.21b's "number of opponents". A double round robin with 3
    # opponents and 6 games, 1.5 points, Ra 2131: p = .25, dp -193; Ru = 2131 - 193 x 3/4 = 1986.25
    # -> 1986 (not 2131 - 193 x 6/7 = 1965.57). Without ``opponents`` n is the number of games (a
    # single round robin).
    ratings = [2400, 2400, 2200, 2200, 2000, 2000]
    results = [0, 0, 0, 0.5, 0, 1]
    double = unrated_rating(ratings, results, rules="handbook", event_type="Round robin", competition=2131,
                            opponents=3)
    assert double.rating == 1986
    single = unrated_rating(ratings, results, rules="handbook", event_type="Round robin", competition=2131)
    assert single.rating == 1966
    with pytest.raises(ArgumentError, match="Argument 'opponents' must be a whole number >= 1, not 0"):
        unrated_rating(ratings, results, rules="handbook", event_type="Round robin", competition=2131,
                       opponents=0)
