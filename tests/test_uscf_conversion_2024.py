"""US Chess's FIDE conversion for events ending from 1 March 2024, chosen by the end date.

The formulas are US Chess's own, as its rulebook column publishes them ("Just the Rules: 2025
US Chess Rulebook Update News", new.uschess.org, rule 28D1 "General conversion"):
USChess = -1073 + 1.5667 x FIDE if FIDE <= 2000, 20 + 1.02 x FIDE if FIDE > 2000; the rating
committee's specification lists the revision "current as of March 1, 2024" as the one that
"includes the updated FIDE-to-USCF conversions" (glicko.net/ratings.html). Every expected
number is worked from those formulas.
"""

from __future__ import annotations

import datetime as dt

import pytest

from xlrating.model import Game
from xlrating.uscf import (
    UscfPlayer,
    fide_event_opponent_rating,
    fide_event_update,
    fide_to_uscf,
    get_rules,
    initial_rating,
    rate_event,
)
from xlrating.uscf.rules import FIDE_CONVERSION_2024

FROM = dt.date(2024, 3, 1)
BEFORE = dt.date(2024, 2, 29)


def test_the_update_is_data_on_the_2020_edition_only() -> None:
    assert get_rules("2020").fide_conversion_updates == (FIDE_CONVERSION_2024,)
    assert get_rules("2009").fide_conversion_updates == () == get_rules("2011").fide_conversion_updates
    assert FIDE_CONVERSION_2024.start == FROM


@pytest.mark.parametrize(
    ("fide", "converted"),
    [
        (1800, -1073 + 1.5667 * 1800),  # 1747.06
        (1400, -1073 + 1.5667 * 1400),  # 1120.38
        (2000, -1073 + 1.5667 * 2000),  # 2060.4: 2000 is in the lower piece
        (2001, 20 + 1.02 * 2001),  # 2061.02
        (2400, 20 + 1.02 * 2400),  # 2468
    ],
)
def test_events_ending_from_1_march_2024_use_the_updated_conversion(fide: int, converted: float) -> None:
    assert fide_to_uscf(fide, end_date=FROM) == pytest.approx(converted)
    assert fide_to_uscf(fide, end_date=dt.date(2026, 4, 6)) == pytest.approx(converted)


def test_earlier_events_and_no_date_use_the_documents_conversion() -> None:
    assert fide_to_uscf(1800, end_date=BEFORE) == pytest.approx(180 + 0.94 * 1800)  # 2.7: 1872
    assert fide_to_uscf(1800) == pytest.approx(1872)
    assert fide_to_uscf(1800, rules="2009", end_date=FROM) == pytest.approx(720 + 0.625 * 1800)


def test_initial_rating_says_which_conversion() -> None:
    found = initial_rating(fide=1800, end_date=dt.date(2024, 6, 1))
    assert found.rating == pytest.approx(1747.06) and found.games == 5  # N: 5 at 2150 or lower
    assert "March 1, 2024" in found.detail
    before = initial_rating(fide=1800, end_date=BEFORE)
    assert before.rating == pytest.approx(1872) and "March 1, 2024" not in before.detail


def test_an_event_starts_a_fide_rated_player_from_the_conversion_of_its_end_date() -> None:
    roster = [UscfPlayer(1, fide=2200.0), UscfPlayer(2, 1800.0)]
    games = [Game(1, 1, 2, 0.5)]
    after = rate_event(roster, games, end_date=dt.date(2024, 6, 1)).players[0]
    before = rate_event(roster, games, end_date=BEFORE, bonus_multiplier=12).players[0]
    assert after.initial_rating == pytest.approx(20 + 1.02 * 2200)  # the same above 2000: 2264
    assert before.initial_rating == pytest.approx(2264)
    roster = [UscfPlayer(1, fide=1500.0), UscfPlayer(2, 1800.0)]
    after = rate_event(roster, games, end_date=dt.date(2024, 6, 1)).players[0]
    before = rate_event(roster, games, end_date=BEFORE, bonus_multiplier=12).players[0]
    assert after.initial_rating == pytest.approx(-1073 + 1.5667 * 1500)  # 1277.05
    assert before.initial_rating == pytest.approx(180 + 0.94 * 1500)  # 1590


def test_foreign_fide_events_convert_opponents_with_the_updated_conversion() -> None:
    # US Chess 2020, 6: opponents "converted to the US Chess scale using the conversion described
    # in Section 2.7"; the youth conversion is its own and is kept.
    assert fide_event_opponent_rating(1900, end_date=FROM) == pytest.approx(-1073 + 1.5667 * 1900)
    assert fide_event_opponent_rating(1900, end_date=BEFORE) == pytest.approx(180 + 0.94 * 1900)
    assert fide_event_opponent_rating(1900, youth=True, end_date=FROM) == pytest.approx(560 + 0.76 * 1900)
    update = fide_event_update(1800, None, [1900, 1700], [1, 0.5], end_date=dt.date(2025, 5, 1))
    assert update.opponents == pytest.approx((-1073 + 1.5667 * 1900, -1073 + 1.5667 * 1700))
    assert update.conversion_source is not None and "March 1, 2024" in update.conversion_source
    assert fide_event_update(1800, None, [1900], [1], end_date=BEFORE).conversion_source is None
