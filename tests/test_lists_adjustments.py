"""One-off adjustments of a whole list, applied by a season that passes their date: FIDE's and
the ICU's of 1 March 2024, and the ICU's floor of published lists (700, then 400).

The ICU figures are the ICU rating application's own tests (github.com/irishchessunion/
icu_ratings_app): ``spec/other/rating_adjustment_spec.rb`` and ``spec/models/player_spec.rb``
at commit 3456a755ec49bb58d49227dcafced3351eb8ba9a (1400 -> 1760, 2100 unchanged, nothing for
an unrated player; a player rated 1400 after an event ending 10 February 2024 is rated from
1760 in May, one rated 2100 from 2100), and the floor of its list publication,
``app/models/rating_list.rb`` (``rating = 400 if rating && rating < 400`` since commit
a8eb70e2b79afd0b7587a4e6f4b77e4a742cfc2d of 23 September 2023, ``700`` before). FIDE's formula
is its announcement's, R + 0.4 x (2000 - R) under 2000 (a player rated 1000 gains 400, 1500
gains 200, 1950 gains 20); its rounding is not published (see docs/reference/decisions.md).
"""

from __future__ import annotations

from datetime import date as D
from fractions import Fraction

import pytest

from xlrating.errors import InputError
from xlrating.fide import FIDE_2024, HANDBOOK
from xlrating.icu.rules import ICU
from xlrating.lists import Entry, Event, RatingList, rate_season

ICU_ADJUSTMENT = ICU.adjustments[0]
FIDE_ADJUSTMENT = FIDE_2024.adjustments[0]


# ICU ------------------------------------------------------------------------------------------


def test_icu_adjustment_is_the_applications() -> None:
    assert ICU_ADJUSTMENT.date == D(2024, 3, 1)
    assert (ICU_ADJUSTMENT.below, ICU_ADJUSTMENT.share) == (2000, Fraction(3, 5))
    assert ICU_ADJUSTMENT.rounding == "down"
    # spec/other/rating_adjustment_spec.rb
    assert ICU_ADJUSTMENT.apply(1400) == 1760
    assert ICU_ADJUSTMENT.apply(2100) == 2100


def test_icu_adjustment_keeps_the_integer_part_as_the_application_computes_it() -> None:
    # The application's expression, (old + 0.6 * (2000 - old)).to_i, in the same IEEE doubles:
    # for every whole rating our exact arithmetic gives the same number.
    for old in range(1, 2000):
        assert ICU_ADJUSTMENT.apply(old) == int(old + 0.6 * (2000 - old))
    assert ICU_ADJUSTMENT.apply(1999) == 1999  # 1999.6: the integer part
    assert ICU_ADJUSTMENT.apply(1997) == 1998  # 1998.8


def test_icu_floor_of_published_lists() -> None:
    assert ICU.published(350, D(2023, 9, 1)) == 700
    assert ICU.published(350, D(2023, 9, 22)) == 700
    assert ICU.published(350, D(2023, 10, 1)) == 400
    assert ICU.published(1234, D(2023, 10, 1)) == 1234
    assert ICU.published(399, D(2024, 3, 1)) == 400


def _icu_list(date: D | None, **extra: Entry) -> RatingList:
    entries = {
        # spec/models/player_spec.rb: John Loughran (795) rated 1400, David Murray (4941) 2100,
        # both after Bunratty (8-10 February 2024). Membership data for K, 50 games: rated.
        795: Entry(795, 1400.0, 50, joined=D(2000, 1, 1), birth_date=D(1970, 1, 1)),
        4941: Entry(4941, 2100.0, 50, joined=D(2000, 1, 1), birth_date=D(1970, 1, 1)),
        **{str(key): value for key, value in extra.items()},
    }
    return RatingList("ICU", entries, date=date)


def _pre(season_history: dict, key: object, event: str) -> float | None:
    return next(row.pre for row in season_history[key] if row.event == event)


def test_icu_season_rates_from_the_adjusted_list_after_1_march_2024() -> None:
    feb = Event("feb", D(2024, 2, 29), [(1, 795, 4941, 0.5)])
    may = Event("malahide", D(2024, 5, 6), [(1, 795, 4941, 0.5)])
    result = rate_season(_icu_list(D(2024, 2, 11)), [feb, may])
    assert _pre(result.history, 795, "feb") == 1400  # before the adjustment
    assert _pre(result.history, 4941, "feb") == 2100
    feb_post = result.history[795][0].post
    assert feb_post is not None and feb_post != 1400
    assert _pre(result.history, 795, "malahide") == ICU_ADJUSTMENT.apply(feb_post)
    assert _pre(result.history, 4941, "malahide") == result.history[4941][0].post  # over 2000: unchanged


def test_icu_season_with_only_the_applications_ratings() -> None:
    # The application's own figures: rated 1400 and 2100 before, 1760 and 2100 after.
    may = Event("malahide", D(2024, 5, 6), [(1, 795, 4941, 0.5)])
    result = rate_season(_icu_list(D(2024, 2, 11)), [may])
    assert _pre(result.history, 795, "malahide") == 1760
    assert _pre(result.history, 4941, "malahide") == 2100


def test_icu_adjustment_takes_the_published_rating_and_spares_foreign_players() -> None:
    ratings = _icu_list(
        D(2024, 2, 1),
        low=Entry("low", 350.0, 50, joined=D(2000, 1, 1), birth_date=D(1970, 1, 1)),  # published 400
        provisional=Entry("provisional", 1500.0, 10),
        foreign=Entry("foreign", 1500.0),  # a rating alone: a foreign player
    )
    games = [(1, "low", "provisional", 0.5), (2, "foreign", 795, 0.5), (3, "foreign", "low", 0.5)]
    result = rate_season(ratings, [Event("march", D(2024, 3, 10), games)])
    assert _pre(result.history, "low", "march") == 400 + Fraction(3, 5) * 1600  # 1360
    assert _pre(result.history, "provisional", "march") == 1800  # 1500 + 300
    assert _pre(result.history, "foreign", "march") == 1500
    assert _pre(result.history, 795, "march") == 1760


@pytest.mark.parametrize("date", [D(2024, 3, 1), D(2024, 4, 1), None])
def test_icu_list_dated_from_the_adjustment_or_undated_is_taken_as_adjusted(date: D | None) -> None:
    result = rate_season(_icu_list(date), [Event("may", D(2024, 5, 6), [(1, 795, 4941, 0.5)])])
    assert _pre(result.history, 795, "may") == 1400


def test_icu_season_before_the_adjustment_is_not_adjusted() -> None:
    result = rate_season(_icu_list(D(2023, 1, 1)), [Event("feb", D(2024, 2, 29), [(1, 795, 4941, 0.5)])])
    assert result.list.rating(795) == result.history[795][0].post


def test_icu_adjustment_names_every_entry_it_cannot_read_and_rates_nothing() -> None:
    # A rating over 0 games is no ICU player: the adjustment reads every rated entry, played or
    # not, so each such entry is named (before, a bare ArgumentError without its place).
    ratings = _icu_list(D(2024, 2, 1), none=Entry("none", 1500.0, 0), also=Entry("also", 1600.0, 0, k=24))
    with pytest.raises(InputError) as raised:
        rate_season(ratings, [Event("may", D(2024, 5, 6), [(1, 795, 4941, 0.5)])])
    assert [problem.where for problem in raised.value.problems] == ["list entry none", "list entry also"]
    assert all("2024-03-01" in problem.message and "games" in problem.message
               for problem in raised.value.problems)
    assert "nothing was rated" in str(raised.value)


# FIDE -----------------------------------------------------------------------------------------


def test_fide_adjustment_is_the_announcements_formula() -> None:
    assert FIDE_ADJUSTMENT.date == D(2024, 3, 1)
    assert (FIDE_ADJUSTMENT.below, FIDE_ADJUSTMENT.share) == (2000, Fraction(2, 5))
    assert FIDE_ADJUSTMENT.apply(1000) == 1400  # + 400
    assert FIDE_ADJUSTMENT.apply(1500) == 1700  # + 200
    assert FIDE_ADJUSTMENT.apply(1950) == 1970  # + 20
    assert FIDE_ADJUSTMENT.apply(2000) == 2000 and FIDE_ADJUSTMENT.apply(2450) == 2450
    # A whole rating gains a multiple of 0.4, never a half: 1997 + 1.2, 1998 + 0.8, 1999 + 0.4.
    assert [FIDE_ADJUSTMENT.apply(r) for r in (1997, 1998, 1999)] == [1998, 1999, 1999]
    assert HANDBOOK.adjustments == ()


def _fide_list(date: D | None) -> RatingList:
    return RatingList("FIDE", {"a": Entry("a", 1600.0), "b": Entry("b", 2100.0), "c": Entry("c", 1990.0)},
                      date=date)


def test_fide_season_adjusts_the_rating_the_february_period_gave() -> None:
    feb = Event("feb", D(2024, 2, 20), [(1, "a", "b", 0.5)])
    mar = Event("mar", D(2024, 3, 20), [(1, "a", "b", 0.5), (2, "c", "b", 0.5)])
    result = rate_season(_fide_list(D(2024, 2, 1)), [feb, mar])
    # February: a 1600 draws b 2100; the difference 500 counts as 400, PD 0.08; K 20:
    # 20 x (0.5 - 0.08) = 8.4 -> 8, so 1608; b 2100 - 8 = 2092.
    assert result.history["a"][0].post == 1608 and result.history["b"][0].post == 2092
    # March list: 1608 + 0.4 x 392 = 1764.8 -> 1765; b over 2000 unchanged; c did not play in
    # February: 1990 + 4 = 1994.
    assert _pre(result.history, "a", "mar") == 1765
    assert _pre(result.history, "b", "mar") == 2092
    assert _pre(result.history, "c", "mar") == 1994


def test_fide_season_adjusts_across_a_gap_of_periods() -> None:
    jan = Event("jan", D(2024, 1, 20), [(1, "a", "b", 0.5)])
    apr = Event("apr", D(2024, 4, 20), [(1, "a", "c", 0.0)])
    result = rate_season(_fide_list(D(2024, 1, 1)), [jan, apr])
    assert _pre(result.history, "a", "apr") == FIDE_ADJUSTMENT.apply(result.history["a"][0].post or 0)
    assert _pre(result.history, "c", "apr") == 1994
    # The adjusted rating is a published rating: the highest so far, as a loss in April shows.
    assert result.list["a"].rating < result.list["a"].peak == _pre(result.history, "a", "apr")


@pytest.mark.parametrize("date", [D(2024, 3, 1), None])
def test_fide_list_of_march_2024_or_undated_is_taken_as_adjusted(date: D | None) -> None:
    result = rate_season(_fide_list(date), [Event("mar", D(2024, 3, 20), [(1, "a", "c", 0.5)])])
    assert _pre(result.history, "a", "mar") == 1600


def test_fide_handbook_season_is_not_adjusted() -> None:
    ratings = RatingList("FIDE", _fide_list(None).entries, rules="handbook", date=D(2024, 2, 1))
    result = rate_season(ratings, [Event("mar", D(2024, 3, 20), [(1, "a", "c", 0.5)])])
    assert _pre(result.history, "a", "mar") == 1600


@pytest.mark.parametrize("system", ["ICU", "FIDE"])
def test_a_season_rated_in_two_parts_across_the_adjustment_adjusts_once(system: str) -> None:
    # The new list kept the given list's date (before 1 March 2024), so a season rated from it
    # applied the adjustment a second time, silently (a FIDE player rated 1600 drawing 2100 in
    # April and 1990 in May ended 1865 in two parts against 1774 at once). Its date is now the
    # adjustment's: its ratings are adjusted.
    if system == "ICU":
        third = Entry("third", 1700.0, 50, joined=D(2000, 1, 1), birth_date=D(1970, 1, 1))
        ratings, ids = _icu_list(D(2024, 1, 1), third=third), [795, 4941, "third"]
    else:
        ratings, ids = _fide_list(D(2024, 1, 1)), ["a", "b", "c"]
    april = Event("april", D(2024, 4, 10), [(1, ids[0], ids[1], 0.5)])
    may = Event("may", D(2024, 5, 10), [(1, ids[0], ids[2], 0.5)])
    first = rate_season(ratings, [april])
    assert first.list.date == D(2024, 3, 1) and ratings.date == D(2024, 1, 1)
    assert rate_season(first.list, [may]).list.entries == rate_season(ratings, [april, may]).list.entries
    before = rate_season(ratings, [Event("feb", D(2024, 2, 10), [(1, ids[0], ids[1], 0.5)])])
    assert before.list.date == D(2024, 1, 1)  # nothing adjusted yet: the list's own date
