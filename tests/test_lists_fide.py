

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
