

def test_a_player_who_falls_under_the_floor_is_delisted_and_then_unrated() -> None:
    # FIDE 2024, K 20: 1405 loses to 1405 (D = 0, PD .50): 20 x (0 - .5) = -10: 1395, under
    # the 1400 floor: delisted, an unrated player on the next list; the winner goes to 1415.
    import datetime as dt

    from xlrating.lists import Entry, Event, RatingList, rate_season

    ratings = RatingList("FIDE", {1: Entry(1, 1405, 40), 2: Entry(2, 1405, 40)})
    month = Event("m1", dt.date(2025, 3, 20), [(1, 2, 1, 1.0)])
    season = rate_season(ratings, [month])
    assert season.list.rating(1) is None and season.list[1].pending == ()
    assert season.list.rating(2) == 1415
    assert season.history[1][0].post is None


def test_a_player_with_pending_results_is_not_in_his_first_event_again() -> None:
    # Una brings 2 of 3 against 2000s from an earlier season (her first event); her events
    # count is not known (0). In March she scores 0 of 2 against 2100s: not her first event,
    # so the zero counts (FIDE Rating Regulations 2024, 8.2.1 disregards it in the first
    # event only). Pooled: Ra = (6000 + 4200 + 2 x 1800) / 7 = 1971.43; p = (2 + 1) / 7 =
    # .4286 -> .43, dp -50; Ru = 1921.43 -> 1921, on 5 games.
    import datetime as dt

    from xlrating.lists import Entry, Event, PendingEvent, RatingList, rate_season

    earlier = PendingEvent(dt.date(2025, 1, 18), (2000, 2000, 2000), (1.0, 1.0, 0.0), first=True)
    ratings = RatingList("FIDE", {"U": Entry("U", pending=(earlier,)), "D": Entry("D", 2100, 40),
                                  "E": Entry("E", 2100, 40)})
    march = Event("m3", dt.date(2025, 3, 22), [(1, "U", "D", 0.0), (2, "E", "U", 1.0)])
    una = rate_season(ratings, [march]).list["U"]
    assert (una.rating, una.games, una.pending) == (1921, 5, ())


def test_handbook_a_later_event_under_one_point_counts_for_a_player_with_pending_results() -> None:
    # FIDE Handbook B.02, 10.21 disregards a score under one point in the first event only.
    # Una brings Ru 1300 on 2 games from an earlier season; in March she scores 0.5 of 4
    # against 2000, 2100, 2200, 1900 (Rc 2050): p = .125, rounded away from .50 to .12,
    # dp -336, Ru 1714 (10.24). The leading 1300 is ignored (10.31): Rn 1714, on 4 games.
    import datetime as dt

    from xlrating.lists import Entry, Event, PendingEvent, RatingList, rate_season

    earlier = PendingEvent(dt.date(2025, 1, 18), (1300, 1300), (0.5, 0.5), first=True, ru=1300, ru_games=2)
    entries = {"U": Entry("U", pending=(earlier,))}
    entries.update({key: Entry(key, rating) for key, rating in zip("ABCD", (2000, 2100, 2200, 1900),
                                                                   strict=True)})
    march = Event("m3", dt.date(2025, 3, 22), [(1, "U", "A", 0.5), (2, "U", "B", 0.0), (3, "C", "U", 1.0),
                                               (4, "U", "D", 0.0)])
    una = rate_season(RatingList("FIDE", entries, "handbook"), [march]).list["U"]
    assert (una.rating, una.games, una.pending) == (1714, 4, ())


def test_handbook_a_first_rating_from_an_ru_over_4000_is_given_as_a_rated_players_would_be() -> None:
    # FIDE Handbook B.02: Una, unrated, beats a player rated 4000 (the highest rating a list
    # takes): one half point over 50%, Ru = Rc + 12.5 = 4012.5 (10.23), Rn 4013 (10.3, 10.32).
    # The season's own Ru passes 4000 as a rated player's new rating may (4000 beating 4000
    # gives 4005); it was a bare ArgumentError ("events[0][0] must be a rating between 0 and
    # 4000") naming no player.
    import datetime as dt

    from xlrating.lists import Entry, Event, RatingList, rate_season

    ratings = RatingList("FIDE", {"U": Entry("U"), "T": Entry("T", 4000, 100)}, "handbook")
    una = rate_season(ratings, [Event("e", dt.date(2025, 3, 20), [(1, "U", "T", 1.0)])]).list["U"]
    assert (una.rating, una.games, una.pending) == (4013, 1, ())
