"""Updating US Chess ratings from foreign FIDE events (US Chess 2020, 6; US Chess 2011, 3)."""

import math

import pytest

from xlrating.errors import ArgumentError, RulesError
from xlrating.uscf import fide_event_opponent_rating, fide_event_rating, fide_event_update


def we(r: float, ri: float) -> float:
    return 1 / (1 + 10 ** (-(r - ri) / 400))


def test_2020_update_by_hand() -> None:
    # Established 2000 (N = 50): N* = 50/sqrt(0.662 + 0.00000739*569^2) = 28.61 < 50, N' = 28.61.
    # Opponents FIDE 2100 (win), 1900 (draw) and one without a FIDE rating (ignored).
    # Converted (2.7): 20 + 1.02*2100 = 2162, 180 + 0.94*1900 = 1966. m = 2 < 3: no bonus.
    # R = 2000 + 800/(28.61 + 2)*(1.5 - We(2000, 2162) - We(2000, 1966)), applied once.
    n = 50 / math.sqrt(0.662 + 0.00000739 * 569**2)
    expected = 2000 + 800 / (n + 2) * (1.5 - we(2000, 2162) - we(2000, 1966))
    update = fide_event_update(2000, 50, [2100, 1900, None], [1, 0.5, 1])
    assert update.opponents == pytest.approx((2162, 1966))
    assert update.ignored == 1
    assert update.rating == pytest.approx(expected)
    assert fide_event_rating(2000, None, [2100, 1900], ["W", "D"]) == pytest.approx(expected)


def test_2020_youth_conversion() -> None:
    # 560 + 0.76 FIDE up to 2000; 80 + 1.0 FIDE above.
    assert fide_event_opponent_rating(1900, youth=True) == pytest.approx(560 + 1444)
    assert fide_event_opponent_rating(2100, youth=True) == pytest.approx(2180)


def test_2011_conversions_and_integer_storage() -> None:
    # 2011: step 1 conversion 720 + 0.625*1900 = 1907.5; youth 210 + 0.93*1900 = 1977.
    assert fide_event_opponent_rating(1900, rules="2011") == pytest.approx(1907.5)
    assert fide_event_opponent_rating(1900, youth=True, rules="2011") == pytest.approx(1977)
    # 1800 (N = 12, 2011 needs no established rating): N' = min(12, 50/sqrt(1 + 400^2/1e5)) = 12;
    # four wins over FIDE 1900s (1907.5): K = 800/16 = 50, E = 4*We(1800, 1907.5);
    # bonus = K(S - E) - 6*sqrt(4); rounded up (a gain).
    change = 50 * (4 - 4 * we(1800, 1907.5))
    expected = math.ceil(1800 + change + (change - 12))
    assert fide_event_rating(1800, 12, [1900] * 4, [1] * 4, rules="2011") == expected


def test_bonus_and_repeated_opponents() -> None:
    base = fide_event_update(1800, 100, [1900] * 4, [1] * 4)
    assert base.standard.bonus_eligible and base.standard.bonus > 0
    repeated = fide_event_update(1800, 100, [1900] * 4, [1] * 4, repeated_opponent=True)
    assert repeated.standard.bonus == 0


def test_refusals() -> None:
    with pytest.raises(RulesError, match="2009"):
        fide_event_rating(2000, 50, [2100], [1], rules="2009")
    with pytest.raises(ArgumentError, match="established"):
        fide_event_rating(2000, 20, [2100], [1])
    with pytest.raises(ArgumentError, match="same length"):
        fide_event_rating(2000, 50, [2100, 2000], [1])
    with pytest.raises(ArgumentError, match="at least one FIDE-rated"):
        fide_event_rating(2000, 50, [None], [1])
    with pytest.raises(ArgumentError, match=r"'results\[0\]'"):
        fide_event_rating(2000, 50, [2100], [2])
    with pytest.raises(ArgumentError, match="'opponent_fide_ratings' must be a sequence of FIDE ratings"):
        fide_event_rating(2000, 50, "2100", [1])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="2009 has no rules for foreign FIDE events"):
        fide_event_opponent_rating(2000, rules="2009")


def test_default_floor_includes_the_peak_floor_of_the_established_rating() -> None:
    # Review finding: 2020 section 5 floors apply to every rating; the player updated from a
    # FIDE event has an established rating (section 6), which is an attained established
    # rating: 1400 - 200 = 1200 is his floor at least.
    # Nine losses to FIDE 1000s (1000 <= 2000: 180 + 0.94*1000 = 1120 on the US Chess scale):
    # N' = N*(1400) = 15.24 < 30, K = 800/(15.24 + 9) = 33.0, E = 9*We(1400, 1120) = 9*0.8337 = 7.50,
    # R = 1400 - 33.0*7.50 = 1152 < 1200: the update stops at the floor 1200.
    n = 50 / math.sqrt(0.662 + 0.00000739 * 1169**2)
    raw = 1400 + 800 / (n + 9) * (0 - 9 * we(1400, 1120))
    assert round(raw) == 1152
    update = fide_event_update(1400, 30, [1000] * 9, [0] * 9)
    assert update.standard.rating == pytest.approx(raw)
    assert update.rating == 1200
    # A floor given explicitly replaces the default.
    assert fide_event_rating(1400, 30, [1000] * 9, [0] * 9, floor=100) == pytest.approx(raw)
