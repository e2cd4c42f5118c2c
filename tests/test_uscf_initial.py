"""Initial ratings for unrated players (US Chess 2020, 2; 2009/2011 step 1), by hand."""

import datetime as dt

import pytest

from xlrating.errors import ArgumentError, RulesError
from xlrating.uscf import age_based_rating, age_in_years, cfc_to_uscf, fide_to_uscf, initial_rating

END = dt.date(2022, 1, 1)


def test_fide_conversion_2020() -> None:
    # 180 + 0.94 FIDE if FIDE <= 2000; 20 + 1.02 FIDE above.
    assert fide_to_uscf(1900) == pytest.approx(180 + 1786)
    assert fide_to_uscf(2000) == pytest.approx(2060)
    assert fide_to_uscf(2200) == pytest.approx(20 + 2244)


@pytest.mark.parametrize("rules", ["2009", "2011"])
def test_fide_conversion_2009_2011(rules: str) -> None:
    # 720 + 0.625 FIDE if FIDE < 2000; -350 + 1.16 FIDE if FIDE >= 2000.
    assert fide_to_uscf(1900, rules=rules) == pytest.approx(720 + 1187.5)
    assert fide_to_uscf(2000, rules=rules) == pytest.approx(-350 + 2320)
    assert fide_to_uscf(2400, rules=rules) == pytest.approx(-350 + 2784)


def test_cfc_conversion() -> None:
    # CFC - 90 up to 1500; 1.1 CFC - 240 above (every edition).
    assert cfc_to_uscf(1500) == 1410
    assert cfc_to_uscf(1200, rules="2009") == 1110
    assert cfc_to_uscf(1800) == pytest.approx(1980 - 240)


def test_age_based_rating() -> None:
    # Age = days/365.25: 1 Jan 2010 to 1 Jan 2022 is 4383 days = 12.0 years: 50 x 12 = 600.
    assert age_in_years(dt.date(2010, 1, 1), END) == 12.0
    assert age_based_rating(birth_date=dt.date(2010, 1, 1), end_date=END) == pytest.approx(600)
    # Age 30 > 26: 1300.
    assert age_based_rating(birth_date=dt.date(1992, 1, 1), end_date=END) == 1300
    # Age below 3 (2020: even below 2): a miscoded birth date, counted as 26: 1300.
    assert age_based_rating(birth_date=dt.date(2021, 1, 1), end_date=END) == 1300
    assert age_based_rating(birth_date=dt.date(2020, 1, 1), end_date=END, rules="2009") == 1300
    # Birth date after the event: a negative age is below 3 as well.
    assert age_based_rating(birth_date=dt.date(2023, 1, 1), end_date=END) == 1300
    # No birth date: adult 1300, else no age-based rating.
    assert age_based_rating(adult=True) == 1300
    assert age_based_rating() is None


def test_regular_order_of_priority_2020() -> None:
    # 2.1: FIDE (N = 10 over 2150, else 5), CFC (N = 5 over 1500, else 0), QC with >= 4 games
    # (N = 0), age (N = 0), 750 (N = 0).
    fide = initial_rating("Regular", fide=2200, cfc=1800, other_ratings={"Quick": (1500, 20)})
    assert fide.rating == pytest.approx(2264)
    assert (fide.games, fide.source, fide.priority) == (10, "FIDE", 1)
    assert initial_rating(fide=2150).games == 5
    assert initial_rating(fide=2151).games == 10
    cfc = initial_rating(cfc=1501)
    assert cfc.rating == pytest.approx(1.1 * 1501 - 240)
    assert (cfc.games, cfc.priority) == (5, 2)
    assert initial_rating(cfc=1500).games == 0
    quick = initial_rating(other_ratings={"Quick": (1500, 4)}, adult=True)
    assert (quick.rating, quick.games, quick.source, quick.priority) == (1500, 0, "Quick", 3)
    age = initial_rating(other_ratings={"Quick": (1500, 3)}, birth_date=dt.date(2010, 1, 1), end_date=END)
    assert age.rating == pytest.approx(600)
    assert (age.games, age.source, age.priority) == (0, "age", 4)
    default = initial_rating()
    assert (default.rating, default.games, default.source, default.priority) == (750, 0, "default", 5)


def test_quick_order_of_priority_2020() -> None:
    # 2.2: Regular with >= 4 games first, N = min(10, its N).
    assert initial_rating("Quick", fide=2300, other_ratings={"Regular": (1700, 7)}).games == 7
    assert initial_rating("Quick", other_ratings={"Regular": (1700, 30)}).games == 10
    assert initial_rating("Quick", other_ratings={"Regular": (1700, None)}).games == 10  # established
    assert initial_rating("Quick", fide=2300, other_ratings={"Regular": (1700, 3)}).source == "FIDE"


def test_blitz_order_of_priority_2020() -> None:
    # 2.3: established Regular (N = 10), FIDE, CFC, non-established Regular >= 4 games
    # (N = min(10, N)), QC >= 4 games (N = 0), age, 750.
    est = initial_rating("Blitz", fide=2300, other_ratings={"Regular": (1700, 26)})
    assert (est.source, est.games, est.priority) == ("Regular", 10, 1)
    assert initial_rating("Blitz", fide=1800, other_ratings={"Regular": (1700, 25)}).source == "FIDE"
    non = initial_rating("Blitz", other_ratings={"Regular": (1700, 6), "Quick": (1600, 30)})
    assert (non.source, non.games, non.priority) == ("Regular", 6, 4)
    quick = initial_rating("Blitz", other_ratings={"Regular": (1700, 3), "Quick": (1600, 30)})
    assert (quick.source, quick.games, quick.priority) == ("Quick", 0, 5)


def test_online_orders_of_priority_2020() -> None:
    # 2.4: Regular with >= 10 games, N = 10.
    assert initial_rating("Online Regular", other_ratings={"Regular": (1700, 10)}).games == 10
    assert initial_rating("Online Regular", other_ratings={"Regular": (1700, 9)}).source == "default"
    # 2.5: online Blitz (N = min(10, its N)), QC, Blitz, Regular (N = 0), FIDE and CFC with N = 0.
    oq = initial_rating("Online Quick", other_ratings={"Online Blitz": (1400, 3), "Quick": (1500, 30)})
    assert (oq.source, oq.games) == ("Online Blitz", 3)
    assert initial_rating("Online Quick", other_ratings={"Blitz": (1400, 3), "Regular": (1500, 30)}).source \
        == "Blitz"
    fide = initial_rating("Online Quick", fide=2300)
    assert (fide.games, fide.priority) == (0, 5)
    # 2.6: online QC first, then Blitz, QC, Regular.
    ob = initial_rating("Online Blitz", other_ratings={"Online Quick": (1400, 30), "Blitz": (1500, 30)})
    assert (ob.source, ob.games) == ("Online Quick", 10)
    assert initial_rating("Online Blitz", other_ratings={"Quick": (1400, 30), "Blitz": (1500, 2)}).source \
        == "Blitz"
    assert initial_rating("Online Blitz", cfc=1800).games == 0


def test_2009_order_of_precedence() -> None:
    # Step 1: FIDE, CFC, the other system, age, 750. In a QC event a Regular rating with >= 4
    # games comes after FIDE and CFC.
    first = initial_rating("Quick", fide=1900, other_ratings={"Regular": (1700, 7)}, rules="2009")
    assert first.source == "FIDE"
    reg = initial_rating("Quick", other_ratings={"Regular": (1700, 7)}, rules="2009")
    assert (reg.rating, reg.games, reg.priority) == (1700, 7, 3)
    assert initial_rating("Regular", other_ratings={"Quick": (1500, 4)}, rules="2011").games == 0
    with pytest.raises(RulesError, match="Blitz"):
        initial_rating("Blitz", rules="2009")


def test_the_rated_system_itself_is_ignored() -> None:
    assert initial_rating("Regular", other_ratings={"Regular": (1700, 30)}).source == "default"


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"fide": float("nan")}, "'fide'"),
        ({"cfc": -5}, "'cfc'"),
        ({"other_ratings": {"Quick": (1500, -1)}}, "games"),
        ({"other_ratings": {"Quick": 1500}}, "pair"),
        ({"other_ratings": {"Chess960": (1500, 5)}}, "key"),
        ({"birth_date": "2010-01-01"}, "'birth_date'"),
        ({"rating_system": "Bullet"}, "'rating_system'"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], argument: str) -> None:
    with pytest.raises(ArgumentError, match=argument):
        initial_rating(**kwargs)  # type: ignore[arg-type]
