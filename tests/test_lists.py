"""Rating lists and seasons: hand-worked seasons, the documents' numbers chained, errors.

Every expected number is worked by hand in the test (or is a rule document's own), never
taken from a run of the code.
"""

from __future__ import annotations

import datetime as dt

import pytest

from xlrating import fide, icu, uscf
from xlrating.errors import InputError, XlratingError
from xlrating.lists import Entry, Event, RatingList, load_event, load_list, rate_season
from xlrating.lists.fide import period_of
from xlrating.lists.model import PendingEvent
from xlrating.model import Game

D = dt.date


# --- US Chess -------------------------------------------------------------------------------------


def test_uscf_floor_counts_carry_forward_to_the_documents_example() -> None:
    # US Chess 2020, 5: "3 wins, 1 draw, and ... 10 events of at least three ratable games":
    # AF = 100 + 4(3) + 2(1) + 10 = 124. The list starts at 1 win, 0 draws, 8 events; event A
    # adds W, D, L (3 games: one more event), event B adds W, L, L: at B, NW = 3, ND = 1, NR = 10.
    ratings = RatingList(
        "USCF",
        {
            "p": Entry("p", 300, 10, wins=1, events=8),
            "x": Entry("x", 1500, 40),
            "y": Entry("y", 1500, 40),
            "z": Entry("z", 1500, 40),
        },
    )
    a = Event("A", D(2024, 3, 2), [(1, "p", "x", 1), (2, "p", "y", 0.5), (3, "p", "z", 0)])
    b = Event("B", D(2024, 4, 6), [(1, "p", "x", 1), (2, "p", "y", 0), (3, "p", "z", 0)])
    season = rate_season(ratings, [a, b], explain=True)
    after = season.list["p"]
    assert (after.wins, after.draws, after.events) == (3, 1, 10)
    assert season.outcomes["B"][0].player(1).floor == 124
    assert season.outcomes["A"][0].player(1).floor == 100 + 4 * 2 + 2 * 1 + 9


def test_uscf_each_event_starts_from_the_previous_post_rating() -> None:
    ratings = RatingList("USCF", {1: Entry(1, 1600, 50), 2: Entry(2, 1500, 50)}, rules="2009")
    first = Event("one", D(2010, 1, 10), [(1, 1, 2, 1)])
    second = Event("two", D(2010, 2, 10), [(1, 1, 2, 0.5)])
    season = rate_season(ratings, [second, first])
    one, two = season.history[1]
    assert (one.event, two.event) == ("one", "two")
    assert two.pre == one.post
    # By hand: 2009 rules store integers rounded toward the change, so every post is whole.
    assert float(season.list.rating(1) or 0).is_integer()


def test_uscf_history_all_wins_lasts_while_every_game_is_won() -> None:
    ratings = RatingList("USCF", {1: Entry(1, 1500, 40), 2: Entry(2, 1500, 40), 3: Entry(3, 1500, 40)})
    new = Event("n", D(2024, 1, 1), [(1, 9, 1, 1), (2, 9, 2, 1)], players={9: {"adult": True}})
    more = Event("m", D(2024, 2, 1), [(1, 9, 3, 1)])
    lost = Event("l", D(2024, 3, 1), [(1, 9, 1, 0)])
    assert rate_season(ratings, [new]).list[9].history == "all wins"
    assert rate_season(ratings, [new, more]).list[9].history == "all wins"
    assert rate_season(ratings, [new, more, lost]).list[9].history is None


def test_uscf_dual_rated_event_updates_regular_and_quick() -> None:
    ratings = RatingList(
        "USCF",
        {
            1: Entry(1, 1800, 40, other_ratings={"Quick": (1750.0, 30)}),
            2: Entry(2, 1700, 40, other_ratings={"Quick": (1760.0, 30)}),
        },
    )
    event = Event("q", D(2024, 5, 1), [(1, 1, 2, 1)], dual_rated=True, rating_system="Quick")
    season = rate_season(ratings, [event], explain=True)
    quick, regular = season.outcomes["q"]
    assert (quick.rating_system, regular.rating_system) == ("Quick", "Regular")
    assert season.list[1].other_ratings["Quick"] == (quick.player(1).post_rating, 31)
    assert season.list.rating(1) == regular.player(1).post_rating
    assert quick.player(1).pre_rating == 1750 and regular.player(1).pre_rating == 1800


def test_uscf_dual_rated_quick_side_sees_the_regular_rating_before_the_event() -> None:
    # US Chess 2020, 2.2: an unrated Quick player with a Regular rating of at least 4 games
    # starts from that Regular rating - the one he had before the event, not after it.
    ratings = RatingList(
        "USCF", {1: Entry(1, 1800, 40), 2: Entry(2, 1700, 40, other_ratings={"Quick": (1700.0, 30)})}
    )
    event = Event("d", D(2024, 5, 1), [(1, 1, 2, 1)], dual_rated=True)
    season = rate_season(ratings, [event], explain=True)
    regular, quick = season.outcomes["d"]
    assert regular.player(1).post_rating != 1800
    assert quick.player(1).initial_rating == 1800
    assert season.list[1].other_ratings["Quick"] == (quick.player(1).post_rating, quick.player(1).post_games)


def test_uscf_peak_is_the_highest_established_rating() -> None:
    ratings = RatingList("USCF", {1: Entry(1, 1900, 30, peak=1950), 2: Entry(2, 1500, 30)})
    win = Event("w", D(2024, 1, 1), [(1, 1, 2, 1)])
    loss = Event("l", D(2024, 2, 1), [(1, 1, 2, 0)])
    season = rate_season(ratings, [win, loss])
    # The win lifts 1900 by under 50 points: the given peak 1950 stays the highest.
    assert season.list[1].peak == max(1950, season.history[1][0].post or 0)
    # 2 loses to 1 then wins: his peak is the higher of the attained 1500 and both posts.
    assert season.list[2].peak == max(1500, *(row.post or 0 for row in season.history[2]))
    only_loss = rate_season(ratings, [Event("l", D(2024, 2, 1), [(1, 2, 1, 0)])])
    assert only_loss.list[2].peak == 1500  # established: the pre-event 1500 was attained


# --- FIDE -----------------------------------------------------------------------------------------


def _fide_list(**entries: Entry) -> RatingList:
    return RatingList("FIDE", {key: replace_id(entry, key) for key, entry in entries.items()})


def replace_id(entry: Entry, key: str) -> Entry:
    from dataclasses import replace

    return replace(entry, id=key)


def test_fide_period_is_rated_from_its_start_and_rounded_once() -> None:
    # A (2000, K 20) beats B (1900) in event 1: PD(100) = 0.64, change 20 x 0.36 = 7.2.
    # Event 2, same month, A draws B again from 2000 (not 2007): 20 x (0.5 - 0.64) = -2.8.
    # Then beats B in event 3: +7.2. Period total 11.6: 2000 + 12 = 2012. Rounding each
    # event (7 - 3 + 7 = 11) would give 2011.
    ratings = _fide_list(a=Entry("", 2000), b=Entry("", 1900))
    events = [
        Event("e1", D(2024, 5, 3), [(1, "a", "b", 1)]),
        Event("e2", D(2024, 5, 10), [(1, "a", "b", 0.5)]),
        Event("e3", D(2024, 5, 30), [(1, "a", "b", 1)]),
    ]
    season = rate_season(ratings, events)
    assert season.list.rating("a") == 2012
    assert [row.change for row in season.history["a"]] == pytest.approx([7.2, -2.8, 7.2])
    assert {row.pre for row in season.history["a"]} == {2000}
    assert {row.post for row in season.history["a"]} == {2012}
    # B: 20 x (0 - 0.36) + 20 x (0.5 - 0.36) + 20 x (0 - 0.36) = -7.2 + 2.8 - 7.2 = -11.6 -> -12.
    assert season.list.rating("b") == 1888


def test_fide_next_period_starts_from_the_new_list() -> None:
    ratings = _fide_list(a=Entry("", 2000), b=Entry("", 1900))
    events = [
        Event("may", D(2024, 5, 3), [(1, "a", "b", 1)]),
        Event("june", D(2024, 6, 3), [(1, "a", "b", 1)]),
    ]
    season = rate_season(ratings, events)
    may, june = season.history["a"]
    assert (may.pre, may.post, june.pre) == (2000, 2007, 2007)
    # June: difference 2007 - 1893 = 114, PD 0.66: 20 x 0.34 = 6.8 -> 7.
    assert season.list.rating("a") == 2014


def test_fide_seven_hundred_rule_uses_the_periods_games() -> None:
    # A new player (K 40, 10 games so far) plays 20 games in one month over two events:
    # 40 x 20 = 800 > 700, so K = 35 (FIDE Rating Regulations 2024, 8.3.3).
    opponents = {f"o{i}": Entry(f"o{i}", 1800) for i in range(20)}
    ratings = RatingList("FIDE", {"n": Entry("n", 1800, 10), **opponents})
    first = Event("one", D(2024, 7, 5), [(i + 1, "n", f"o{i}", 0.5) for i in range(10)])
    second = Event("two", D(2024, 7, 25), [(i + 1, "n", f"o{i + 10}", 1) for i in range(10)])
    season = rate_season(ratings, [first, second], explain=True)
    assert season.outcomes["one"][0].player(1).k == 35
    # Draws at PD 0.50 change nothing; ten wins at PD 0.50: 35 x 10 x 0.5 = 175.
    assert season.list.rating("n") == 1975
    assert season.list["n"].games == 30


def test_fide_unrated_results_pool_across_periods() -> None:
    # Three games in May, two in June, all against 1800 and all drawn: after May, three
    # games against rated opponents are too few (5 needed, FIDE Rating Regulations 2024,
    # 7.1). After June the five games count as one: Ra = 1800 (the two hypothetical 1800
    # opponents too), p = 3.5/7 = 0.5, dp = 0, Ru = 1800.
    ratings = RatingList("FIDE", {f"o{i}": Entry(f"o{i}", 1800) for i in range(5)})
    may = Event("may", D(2024, 5, 20), [(i + 1, "u", f"o{i}", 0.5) for i in range(3)], players={"u": {}})
    after_may = rate_season(ratings, [may])
    assert after_may.list.rating("u") is None and len(after_may.list["u"].pending) == 1
    june = Event("june", D(2024, 6, 20), [(i + 1, "u", f"o{i + 3}", 0.5) for i in range(2)])
    season = rate_season(ratings, [may, june])
    assert season.list.rating("u") == 1800 and season.list["u"].games == 5
    assert season.list["u"].pending == ()
    # The same from the list after May: a season continues where the last one stopped.
    assert rate_season(after_may.list, [june]).list["u"] == season.list["u"]


def test_fide_an_unrated_players_k_birth_date_and_peak_change_nothing() -> None:
    # The list's unrated players are built as its rated ones are (one builder for rows and
    # entries); K, birth date and a peak kept from an earlier rating are for rated players only.
    ratings = RatingList("FIDE", {f"o{i}": Entry(f"o{i}", 1800 + 10 * i) for i in range(5)})
    games = [(i + 1, "u", f"o{i}", score) for i, score in enumerate([1, 0.5, 0.5, 0, 1])]
    plain = rate_season(ratings, [Event("e", D(2024, 5, 20), games, players={"u": {}})], explain=True)
    data = {"k": 40.0, "birth_date": D(2012, 1, 1), "peak": 1650.0}
    given = rate_season(ratings, [Event("e", D(2024, 5, 20), games, players={"u": data})], explain=True)
    assert given.outcomes == plain.outcomes and given.history == plain.history
    assert given.list.rating("u") == plain.list.rating("u") is not None  # a first rating, either way


def test_fide_zero_in_the_first_event_is_disregarded() -> None:
    # First event 0/3 against 1800: disregarded (FIDE Rating Regulations 2024, 8.2.1). Then
    # 2.5/5 against 1800: Ra 1800, p = 3.5/7 = 0.5, Ru 1800. Had the zero counted:
    # p = 3.5/10 = 0.35, dp = -110, Ru 1690.
    ratings = RatingList("FIDE", {f"o{i}": Entry(f"o{i}", 1800) for i in range(8)})
    zero = Event("zero", D(2024, 5, 20), [(i + 1, "u", f"o{i}", 0) for i in range(3)], players={"u": {}})
    later = Event(
        "later", D(2024, 6, 20), [(i + 1, "u", f"o{i + 3}", s) for i, s in enumerate([1, 1, 0.5, 0, 0])]
    )
    assert rate_season(ratings, [zero, later]).list.rating("u") == 1800


def test_fide_pooled_results_expire_after_26_months() -> None:
    ratings = RatingList("FIDE", {f"o{i}": Entry(f"o{i}", 1800) for i in range(5)})
    early = Event("early", D(2022, 1, 20), [(i + 1, "u", f"o{i}", 0.5) for i in range(3)], players={"u": {}})
    late = Event("late", D(2024, 3, 20), [(1, "u", "o3", 0.5), (2, "u", "o4", 0.5)])
    inside = Event("inside", D(2024, 2, 20), [(1, "u", "o3", 0.5), (2, "u", "o4", 0.5)])
    # January 2022 to March 2024 spans 27 months: the early games are gone, two are too few.
    assert rate_season(ratings, [early, late]).list.rating("u") is None
    # January 2022 to February 2024: 26 months, pooled: five games.
    assert rate_season(ratings, [early, inside]).list.rating("u") == 1800


def test_fide_k_is_permanently_ten_from_2400() -> None:
    ratings = RatingList("FIDE", {"a": Entry("a", 2390, peak=2405), "b": Entry("b", 2390)})
    event = Event("e", D(2024, 8, 1), [(1, "a", "b", 1)])
    season = rate_season(ratings, [event], explain=True)
    # a once had 2405 published: K 10, 10 x 0.5 = 5. b: K 20, 20 x -0.5 = -10.
    assert (season.list.rating("a"), season.list.rating("b")) == (2395, 2380)
    assert season.list["a"].peak == 2405


def test_fide_under_18_k_by_birth_year() -> None:
    # Born 2008: a junior until the end of 2026 (FIDE Rating Regulations 2024, 8.3.3): K 40.
    ratings = RatingList("FIDE", {"j": Entry("j", 2000, birth_date=D(2008, 6, 1)), "o": Entry("o", 2000)})
    december = Event("dec", D(2026, 12, 20), [(1, "j", "o", 1)])
    january = Event("jan", D(2027, 1, 20), [(1, "j", "o", 1)])
    assert rate_season(ratings, [december]).list.rating("j") == 2020
    assert rate_season(ratings, [january]).list.rating("j") == 2010


@pytest.mark.parametrize(
    ("end", "first", "last"),
    [
        (D(2024, 5, 31), D(2024, 5, 1), D(2024, 5, 31)),
        (D(2012, 7, 2), D(2012, 7, 1), D(2012, 7, 31)),
        (D(2010, 2, 20), D(2010, 1, 1), D(2010, 2, 28)),
        (D(2005, 8, 1), D(2005, 7, 1), D(2005, 9, 30)),
        (D(1998, 3, 1), D(1998, 1, 1), D(1998, 6, 30)),
    ],
)
def test_fide_period_lengths_follow_the_list_history(end: dt.date, first: dt.date, last: dt.date) -> None:
    assert period_of(end, None) == (first, last)


def test_fide_period_months_setting() -> None:
    assert period_of(D(2024, 5, 3), 2) == (D(2024, 5, 1), D(2024, 6, 30))
    ratings = _fide_list(a=Entry("", 2000), b=Entry("", 1900))
    events = [
        Event("may", D(2024, 5, 3), [(1, "a", "b", 1)]),
        Event("june", D(2024, 6, 3), [(1, "a", "b", 1)]),
    ]
    # One two-month period: both from 2000: 7.2 + 7.2 = 14.4 -> 2014 as well, but both pre 2000.
    season = rate_season(ratings, events, period_months=2)
    assert [row.pre for row in season.history["a"]] == [2000, 2000]
    with pytest.raises(ValueError, match="period_months"):
        rate_season(ratings, events, period_months=5)


def test_fide_handbook_rounds_the_new_rating_once() -> None:
    # Handbook, K 15 (10.52): 15 x 0.36 = 5.4 and 15 x (0.5 - 0.64) = -2.1 from 2000:
    # 2000 + 3.3 = 2003.3 -> 2003 (10.53).
    ratings = RatingList("FIDE", {"a": Entry("a", 2000), "b": Entry("b", 1900)}, rules="handbook")
    events = [
        Event("e1", D(2008, 1, 3), [(1, "a", "b", 1)]),
        Event("e2", D(2008, 2, 3), [(1, "a", "b", 0.5)]),
    ]
    assert rate_season(ratings, events).list.rating("a") == 2003


# --- ICU ------------------------------------------------------------------------------------------


def test_icu_provisional_player_accumulates_games() -> None:
    # ICU rating formulae: a provisional player's new rating is (Ro x Go + sum(Ropp +/- 400)) /
    # (Go + Ge). Event 1: (1000 x 10 + 1400) / 11 = 1036.36 -> 1036 on the list, 11 games.
    # Event 2: (1036 x 11 + 1200) / 12 = 1049.67 -> 1050, 12 games.
    ratings = RatingList(
        "ICU", {"p": Entry("p", 1000, 10), "a": Entry("a", 1000, k=24), "b": Entry("b", 1200, k=24)}
    )
    one = Event("one", D(2024, 1, 6), [(1, "p", "a", 1)])
    two = Event("two", D(2024, 2, 6), [(1, "p", "b", 0.5)])
    season = rate_season(ratings, [one, two])
    assert (season.list.rating("p"), season.list["p"].games) == (1050, 12)
    assert season.history["p"][0].post == 1036


def test_icu_history_change_is_the_published_rating_less_the_old_with_the_bonus() -> None:
    # Ann, rated 1500 with K 32, beats six players rated 1500 (K 24). ICU rating formulae: each
    # expected score 1/(1 + 10^0) = 0.5, so her change is 32 x 6 x 0.5 = 96. ICU bonus: K 32 > 24,
    # 6 games > 4, 1500 < 2100, 96 > 35 and 1596 < 2100: threshold 32 + 3 x (6 - 4) = 38, bonus
    # round(96 - 38) = 58 (K under 40: no factor); 1500 + 96 + 58 = 1654 is under 2100 and
    # under her performance, 1500 + 400 = 1900: the bonus stands. Published: 1654, a change of
    # +154, as a crosstable's Change column shows it (was the engine's 96, without the bonus).
    others = {f"o{n}": Entry(f"o{n}", 1500, k=24) for n in range(1, 7)}
    ratings = RatingList("ICU", {"ann": Entry("ann", 1500, k=32), **others})
    event = Event("open", D(2025, 5, 4), [(n, "ann", f"o{n}", 1) for n in range(1, 7)])
    season = rate_season(ratings, [event], explain=True)
    (row,) = season.history["ann"]
    assert (row.pre, row.post, row.change) == (1500, 1654, 154)
    assert season.outcomes["open"][0].player(1).bonus == 58
    for key in others:  # every row: the published rating less the old one
        (row,) = season.history[key]
        assert row.change == row.post - row.pre


def test_icu_history_change_of_a_provisional_player_is_his_published_rating_less_the_old() -> None:
    # As above: (1000 x 10 + 1400) / 11 = 1036.36, published 1036: a change of +36.
    ratings = RatingList("ICU", {"p": Entry("p", 1000, 10), "a": Entry("a", 1000, k=24)})
    season = rate_season(ratings, [Event("one", D(2024, 1, 6), [(1, "p", "a", 1)])])
    assert [(row.pre, row.post, row.change) for row in season.history["p"]] == [(1000, 1036, 36)]


def test_uscf_history_change_is_the_post_rating_less_the_pre() -> None:
    # US Chess 2020 stores the post-event rating unrounded; a row's change is the rating's move,
    # bonus included (the engine's change, post less pre, kept as the crosstable's Change).
    ratings = RatingList("USCF", {"p": Entry("p", 1500, 30), **{n: Entry(n, 1500, 30) for n in "abcde"}})
    event = Event("open", D(2024, 3, 2), [(r, "p", n, 1) for r, n in enumerate("abcde", 1)])
    season = rate_season(ratings, [event], explain=True)
    assert season.outcomes["open"][0].player(1).bonus  # p wins a bonus
    for key, rows in season.history.items():
        assert [row.change for row in rows] == [row.post - row.pre for row in rows], key


def test_icu_twenty_games_make_a_rated_player() -> None:
    ratings = RatingList(
        "ICU",
        {
            "p": Entry("p", 1500, 19, birth_date=D(1990, 1, 1), joined=D(2000, 1, 1)),
            "a": Entry("a", 1500, k=24),
            "b": Entry("b", 1500, k=24),
        },
    )
    one = Event("one", D(2024, 1, 6), [(1, "p", "a", 1)])
    two = Event("two", D(2024, 2, 6), [(1, "p", "b", 1)])
    season = rate_season(ratings, [one, two], explain=True)
    assert season.outcomes["one"][0].player(1).method.value == "provisional"
    second = season.outcomes["two"][0].player(1)
    # Rated now: an adult member for over 8 years, under 2100: K 24 (ICU rating program).
    assert (second.method.value, second.k) == ("elo", 24)


def test_icu_k_by_age_at_the_events_start() -> None:
    # Born 2003-06-01: under 21 on 2024-05-31 (K 40), 21 on 2024-06-01 (K 32 as a member
    # of under 8 years). The start date decides, not the end date.
    ratings = RatingList(
        "ICU",
        {
            "j": Entry("j", 1500, 40, birth_date=D(2003, 6, 1), joined=D(2020, 1, 1)),
            "o": Entry("o", 1500, k=24),
        },
    )
    young = Event("y", D(2024, 6, 2), [(1, "j", "o", 1)], start_date=D(2024, 5, 31))
    grown = Event("g", D(2024, 6, 2), [(1, "j", "o", 1)], start_date=D(2024, 6, 1))
    assert rate_season(ratings, [young], explain=True).outcomes["y"][0].player(1).k == 40
    assert rate_season(ratings, [grown], explain=True).outcomes["g"][0].player(1).k == 32


# --- Sequences by hand ----------------------------------------------------------------------------


def test_uscf_season_equals_events_rated_by_hand() -> None:
    ratings = RatingList("USCF", {1: Entry(1, 1650, 12), 2: Entry(2, 1420, 40), 3: Entry(3, 1980)})
    one = Event(
        "one",
        D(2024, 1, 1),
        [(1, 1, 2, 1), (1, 3, 4, 0.5), (2, 1, 3, 0), (2, 2, 4, 1)],
        players={4: {"birth_date": D(2012, 3, 1)}},
    )
    two = Event("two", D(2024, 1, 20), [(1, 4, 1, 0), (1, 2, 3, 0.5)])
    season = rate_season(ratings, [one, two])
    first = uscf.rate_event(
        [
            uscf.UscfPlayer(1, 1650, 12),
            uscf.UscfPlayer(2, 1420, 40),
            uscf.UscfPlayer(3, 1980),
            uscf.UscfPlayer(4, birth_date=D(2012, 3, 1)),
        ],
        [Game(1, 1, 2, 1), Game(1, 3, 4, 0.5), Game(2, 1, 3, 0), Game(2, 2, 4, 1)],
        end_date=D(2024, 1, 1),
    )
    after = {p.player: p for p in first.players}
    second = uscf.rate_event(
        [
            uscf.UscfPlayer(
                1, after[4].post_rating, after[4].post_games, birth_date=D(2012, 3, 1), wins=0, draws=1
            ),
            uscf.UscfPlayer(2, after[1].post_rating, after[1].post_games, wins=1),
            uscf.UscfPlayer(3, after[2].post_rating, after[2].post_games, wins=1, peak=1420),
            uscf.UscfPlayer(4, after[3].post_rating, None, wins=1, draws=1, peak=1980),
        ],
        [Game(1, 1, 2, 0), Game(1, 3, 4, 0.5)],
        end_date=D(2024, 1, 20),
    )
    by_id = {4: second.player(1), 1: second.player(2), 2: second.player(3), 3: second.player(4)}
    for key, outcome in by_id.items():
        assert season.list.rating(key) == outcome.post_rating
        assert season.list[key].games == outcome.post_games


def test_fide_season_equals_the_engine_with_k_given() -> None:
    ratings = RatingList("FIDE", {1: Entry(1, 2210, 40), 2: Entry(2, 1985, 12), 3: Entry(3, 2420)})
    event = Event(
        "e", D(2024, 9, 9), [(1, 1, 2, 1), (1, 3, 4, 0.5), (2, 1, 3, 0.5), (2, 2, 4, 0)], players={4: {}}
    )
    season = rate_season(ratings, [event])
    by_hand = fide.rate_event(
        [
            fide.FidePlayer(1, 2210, 40),
            fide.FidePlayer(2, 1985, 12),
            fide.FidePlayer(3, 2420),
            fide.FidePlayer(4),
        ],
        [Game(1, 1, 2, 1), Game(1, 3, 4, 0.5), Game(2, 1, 3, 0.5), Game(2, 2, 4, 0)],
        end_date=D(2024, 9, 9),
    )
    # One event per period: the period's rating is the event's.
    for number in (1, 2, 3):
        assert season.list.rating(number) == by_hand.player(number).post_rating


def test_icu_season_equals_events_rated_by_hand() -> None:
    ratings = RatingList("ICU", {1: Entry(1, 1800, 40, k=24), 2: Entry(2, 1700, 5)})
    one = Event("one", D(2024, 1, 1), [(1, 1, 2, 1)])
    two = Event("two", D(2024, 2, 1), [(1, 2, 1, 1)])
    season = rate_season(ratings, [one, two])
    first = icu.rate_event(
        [icu.IcuPlayer(1, "rated", 1800, 40, k=24), icu.IcuPlayer(2, "provisional", 1700, 5)],
        [Game(1, 1, 2, 1)],
        start_date=D(2024, 1, 1),
    )
    a, b = first.players
    second = icu.rate_event(
        [
            icu.IcuPlayer(1, "provisional", b.post_rating, b.post_games),
            icu.IcuPlayer(2, "rated", a.post_rating, a.post_games, k=24),
        ],
        [Game(1, 1, 2, 1)],
        start_date=D(2024, 2, 1),
    )
    assert season.list.rating(2) == second.player(1).post_rating
    assert season.list.rating(1) == second.player(2).post_rating


# --- The caller's data, errors, loading -----------------------------------------------------------


def test_the_callers_list_is_not_changed() -> None:
    entries = {1: Entry(1, 1500, 30), 2: Entry(2, 1500, 30)}
    ratings = RatingList("USCF", entries)
    season = rate_season(ratings, [Event("e", D(2024, 1, 1), [(1, 1, 2, 1), (2, 1, 3, 1)], players={3: {}})])
    assert ratings.entries == {1: Entry(1, 1500, 30), 2: Entry(2, 1500, 30)} and 3 not in ratings
    assert 3 in season.list and season.list.rating(1) != 1500


def test_every_problem_is_reported_with_its_event_and_player() -> None:
    ratings = RatingList("USCF", {1: Entry(1, 1500, 30), 2: Entry(2, 1500, 30)}, date=D(2024, 1, 1))
    events = [
        Event("ok", D(2024, 2, 1), [(1, 1, 2, 1)]),
        Event("ghost", D(2024, 2, 2), [(1, 1, 99, 1)]),
        Event("early", D(2023, 12, 31), [(1, 1, 2, 1)]),
        Event("backwards", D(2024, 3, 1), [(1, 1, 2, 1)], start_date=D(2024, 3, 5)),
        Event("bad", D(2024, 3, 2), [(0, 1, 2, 2), (1, 1, 1, 1)]),
        Event("ok", D(2024, 3, 3), []),
        Event("newbie", D(2024, 3, 4), [], players={1: {}, 5: {"rating": -3}, 6: {"colour": "w"}}),
    ]
    with pytest.raises(InputError) as error:
        rate_season(ratings, events)
    text = str(error.value)
    for expected in (
        "event ghost: game 1: player 99 is neither on the list",
        "event early: ends 2023-12-31, before the list's date 2024-01-01",
        "event backwards: starts 2024-03-05, after its end 2024-03-01",
        "event bad: game 1: round must be a whole number >= 1, not 0",
        "event bad: game 1: score must be 1, 0.5 or 0, not 2",
        "event bad: game 2: player 1 cannot play himself",
        "event ok: the same event ID is used twice",
        "event newbie: new player 1 is already on the list",
        "event newbie: new player 5: rating must be a rating between 100 and 4000, not -3",
        "event newbie: new player 6: unknown fields colour",
    ):
        assert expected in text
    assert ratings.entries.keys() == {1, 2}


def test_bad_list_entries_are_named() -> None:
    ratings = RatingList("ICU", {7: Entry(7, 1500, -1), 8: Entry(9, 1500)})
    with pytest.raises(InputError) as error:
        rate_season(ratings, [])
    assert "list entry 7: games must be a whole number >= 0, not -1" in str(error.value)
    assert "list entry 8: the entry's id is 9" in str(error.value)


def test_a_player_given_in_an_earlier_event_is_known_later() -> None:
    ratings = RatingList("USCF", {1: Entry(1, 1500, 30)})
    later = Event("later", D(2024, 2, 1), [(1, 1, 5, 0)])
    first = Event("first", D(2024, 1, 1), [(1, 1, 5, 1)], players={5: {"adult": True}})
    assert rate_season(ratings, [later, first]).list[5].games == 2
    with pytest.raises(InputError, match="event later: game 1: player 5"):
        rate_season(ratings, [later])


def test_load_list_and_events_from_plain_rows() -> None:
    ratings = load_list(
        "FIDE",
        [{"id": "a", "rating": 2000, "games": "", "birth_date": "2008-06-01"}, {"id": "b", "rating": 1900}],
        date="2024-04-01",  # after FIDE's adjustment of 1 March 2024: the list is rated as it is
    )
    assert ratings["a"].birth_date == D(2008, 6, 1) and ratings.date == D(2024, 4, 1)
    event = load_event(
        {
            "id": "e1",
            "end_date": "2024-05-03",
            "games": [[1, "a", "b", 1]],
            "players": {"c": {"birth_date": "2010-01-02"}},
        }
    )
    assert event.games == [(1, "a", "b", 1)] and event.players["c"]["birth_date"] == D(2010, 1, 2)
    # a is a junior (born 2008) rated under 2300: K 40, 40 x (1 - 0.64) = 14.4 -> 14.
    assert rate_season(ratings, [event]).list.rating("a") == 2014


def test_the_documentation_examples_run() -> None:
    import doctest
    from pathlib import Path

    import xlrating.lists

    docs = Path(__file__).resolve().parent.parent / "docs" / "lists.md"
    assert doctest.testfile(str(docs), module_relative=False).failed == 0
    failures, tried = doctest.testmod(xlrating.lists)
    assert tried > 0 and failures == 0


def test_seated_games_are_the_engines_games() -> None:
    from xlrating.lists.rate import Seating

    event = Event("e", D(2024, 1, 1), [(1, "a", "b", 1), (2, "b", "c", "D"), (3, "c", "a", 0)])
    seating = Seating(event)
    assert seating.ids == ["a", "b", "c"]
    assert seating.games == [Game(1, 1, 2, 1.0), Game(2, 2, 3, 0.5), Game(3, 3, 1, 0.0)]
    assert [type(g.score) for g in seating.games] == [float, float, float]


def test_fide_handbook_10_54_table_chained_into_the_next_period() -> None:
    # FIDE Handbook B.02, 10.54: the round robin of A to J, four of them unrated. The games
    # give the table's scores (A 8, B 7, C 7, D 6, E 6, F 4, G 3, H 2, I 1, J 1): the higher
    # in the list wins, except that E beat A and J beat B.
    rated = {"A": 2600, "B": 2500, "D": 2400, "F": 2150, "G": 2300, "J": 2300}
    names = "ABCDEFGHIJ"
    upsets = {("A", "E"), ("B", "J")}
    games = [(1, a, b, 0 if (a, b) in upsets else 1) for i, a in enumerate(names) for b in names[i + 1 :]]
    ratings = RatingList("FIDE", {k: Entry(k, v) for k, v in rated.items()}, rules="handbook")
    event = Event("10.54", D(2005, 3, 10), games, players={k: {} for k in "CEHI"}, event_type="Round robin")
    season = rate_season(ratings, [event])
    # The table's "Ru new": C 2414, E 2386, H 2139, I 1989, published as first ratings (10.3,
    # one event: Rn = Ru); the rated players against them as if established (10.54): J
    # 2300 - 48.6 -> 2251 and A 2600 + 7.2 -> 2607, as worked in the engine's own tests.
    assert {k: season.list.rating(k) for k in "CEHIJA"} == {
        "C": 2414,
        "E": 2386,
        "H": 2139,
        "I": 1989,
        "J": 2251,
        "A": 2607,
    }
    assert season.list["C"].games == 9
    # The next quarter (lists were quarterly in 2005): C, new to the list (9 games, K 25,
    # 10.52), beats J: difference 2414 - 2251 = 163, PD .72 (table (b), 163-170).
    # C: 25 x (1 - .72) = 7 -> 2421. J: 15 x (0 - .28) = -4.2: 2251 - 4.2 = 2246.8 -> 2247.
    spring = Event("spring", D(2005, 5, 1), [(1, "C", "J", 1)])
    later = rate_season(season.list, [spring])
    assert (later.list.rating("C"), later.list.rating("J")) == (2421, 2247)


# --- malformed arguments: checked at the top, named, never a raw TypeError ---------------------------

_OK = RatingList("FIDE", {1: Entry(1, 1800, 40), 2: Entry(2, 1700, 40)})
_GAME = [Event("e", D(2024, 10, 5), [(1, 1, 2, 1.0)])]


def _fide(**entry: object) -> RatingList:
    return RatingList("FIDE", {1: Entry(1, **entry), 2: Entry(2, 1700, 40)})  # type: ignore[arg-type]


MALFORMED = {
    "a row as a list": (lambda: load_list("FIDE", [[1, 1800]]), "row 1: must be a mapping of Entry fields"),
    "rows None": (lambda: load_list("FIDE", None), "Argument 'rows' must be a sequence of rows"),  # type: ignore
    "an ID of a list": (lambda: load_list("FIDE", [{"id": [1]}]), "row 1: id must be a number or text"),
    "games None": (lambda: load_event({"id": "e", "end_date": "2024-10-05", "games": None}),
                   "event e: games must be a list of [round, id_a, id_b, score], not None"),
    "players as a list": (
        lambda: load_event({"id": "e", "end_date": "2024-10-05", "games": [], "players": [1]}),
        "event e: players must be a mapping"),
    "event data as a list": (lambda: load_event([1, 2]), "Argument 'data' must be a mapping"),  # type: ignore
    "entries as a list": (lambda: rate_season(RatingList("FIDE", [Entry(1, 1800)]), []),  # type: ignore
                          "list: entries must be a mapping of ID to Entry"),
    "events None": (lambda: rate_season(_OK, None), "Argument 'events' must be a sequence of Event"),  # type: ignore
    "not a list": (lambda: rate_season({1: 2}, []), "Argument 'ratings' must be a RatingList"),  # type: ignore
    "event players as a list": (lambda: rate_season(_OK, [Event("e", D(2024, 10, 5), [], players=[3])]),  # type: ignore
                                "event e: players must be a mapping"),
    "pending as a list": (lambda: rate_season(_fide(rating=None, pending=[1]), _GAME),
                          "list entry 1: pending must be a tuple of PendingEvent, not [1]"),
    "a pending score of 2": (
        lambda: rate_season(_fide(rating=None, pending=(PendingEvent(D(2024, 9, 1), (1700.0,), (2.0,),
                                                                      True),)), _GAME),
        "list entry 1: pending[0]: game 1: the score must be 1, 0.5 or 0, not 2.0"),
    "K of 1e300": (lambda: rate_season(_fide(rating=1800, games=40, k=1e300), _GAME),
                   "list entry 1: k must be a number from 1 to 100, not 1e+300"),
    "a rating of -0.0": (lambda: rate_season(_fide(rating=-0.0, games=40), _GAME),
                         "list entry 1: rating must be a rating between 1 and 4000, not -0.0"),
    "a name not text": (lambda: rate_season(_fide(rating=1800, name=5), _GAME),
                        "list entry 1: name must be text"),
    "one game twice in a round": (
        lambda: rate_season(_OK, [Event("e", D(2024, 10, 5), [(1, 1, 2, 1.0), (1, 2, 1, 0.0)])]),
        "event e: game 2: players 2 and 1 already meet in round 1 (game 1): a game is given once"),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_lists_and_events_are_named_errors_not_raw_exceptions(case: str) -> None:
    # These raised raw TypeError/AttributeError, or were accepted where a crosstable refuses them.
    call, expected = MALFORMED[case]
    with pytest.raises(XlratingError) as caught:
        call()
    assert expected in str(caught.value)
    assert isinstance(caught.value, (ValueError, TypeError))


def test_outcomes_are_keyed_by_player_id() -> None:
    # The IDs are met in the order "b", "a", "c": the engine numbers them so, and players()
    # gives each outcome under its ID (both runs of a dual-rated event).
    ratings = RatingList("USCF", {key: Entry(key, rating, 40) for key, rating in
                                  (("a", 1800.0), ("b", 1700.0), ("c", 1600.0))})
    event = Event("d", D(2024, 5, 1), [(1, "b", "a", 1), (2, "c", "b", 0.5)], dual_rated=True)
    season = rate_season(ratings, [event], explain=True)
    assert season.seats == {"d": ("b", "a", "c")}
    regular, quick = season.players("d")
    for outcome, by_id in zip(season.outcomes["d"], (regular, quick), strict=True):
        assert by_id == {"b": outcome.player(1), "a": outcome.player(2), "c": outcome.player(3)}
    assert regular["a"].pre_rating == 1800 and regular["a"].post_rating == season.list.rating("a")
    assert rate_season(ratings, [event]).seats == {}


def test_an_evolver_gives_what_evolve_gives_for_its_fields() -> None:
    from xlrating.lists.model import evolve, evolver

    entry = Entry(7, 1500.0, 12, name="Ann", k=24.0, pending=(), other_ratings={"Quick": (1400.0, 3)})
    change = evolver("rating", "games", "peak")
    new = change(entry, 1510.0, 20, 1510.0)
    assert new == evolve(entry, rating=1510.0, games=20, peak=1510.0)
    assert (new.name, new.k, new.other_ratings, entry.rating) == ("Ann", 24.0, {"Quick": (1400.0, 3)}, 1500.0)
    with pytest.raises(TypeError, match="no fields"):
        evolver("rating", "elo")
