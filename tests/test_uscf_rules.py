"""Every constant of the three US Chess editions, pinned against the documents.

Sources: Glickman and Doan, "The USCF Rating System" (June 4, 2009 and November 3, 2011),
and "The US Chess Rating system" (June 11, 2020).
"""

import pytest

from xlrating.errors import ArgumentError, RulesError
from xlrating.uscf import EDITIONS, USCF_2009, USCF_2011, USCF_2020, RatingSystem, get_rules
from xlrating.uscf.rules import DEFAULT, InitialSource, UscfRules

ALL = (USCF_2009, USCF_2011, USCF_2020)


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.name)
def test_constants_common_to_every_edition(rules: UscfRules) -> None:
    # Section 1: "established" above 25 games; special formula for N <= 8; floor 100 at
    # steps 3, 4, 5; N' = 1 in step 3.
    assert rules.established_games == 25
    assert rules.special_games == 8
    assert rules.absolute_floor == 100
    assert rules.step3_effective_games == 1
    # Special formula: PWe bends at +/-400, slope 1/800; R'0 = R0 -/+ 400; eps 1e-7; cap 2700.
    assert (rules.pwe_range, rules.pwe_scale, rules.history_shift) == (400, 800, 400)
    assert rules.epsilon == 1e-7
    assert rules.special_cap == 2700
    # Standard formula: We with 400; K = 800/(N' + m); bonus m >= 3, no opponent more than
    # twice, m' = max(m, 4).
    assert rules.we_scale == 400
    assert rules.k_numerator == 800
    assert (rules.bonus_min_games, rules.bonus_max_meetings, rules.bonus_min_m_prime) == (3, 2, 4)
    # N* is at most 50.
    assert rules.nstar_max == 50
    # Floors: AF = min(100 + 4 NW + 2 ND + NR, 150), events of three rated games; peak - 200;
    # OLM 2200; prize floors up to 2000.
    assert (rules.floor_per_win, rules.floor_per_draw, rules.floor_per_event) == (4, 2, 1)
    assert rules.floor_event_games == 3
    assert rules.personal_floor_cap == 150
    assert rules.peak_floor_offset == 200
    assert rules.olm_floor == 2200
    assert rules.prize_floor_max == 2000
    # Initial ratings: FIDE over 2150 -> N = 10 else 5; CFC over 1500 -> N = 5 else 0;
    # CFC - 90 up to 1500, 1.1 CFC - 240 above; Age = days/365.25; 50 x Age; 1300 above 26;
    # below 3 miscoded; default 750.
    assert (rules.fide_games_threshold, rules.fide_games_high, rules.fide_games_low) == (2150, 10, 5)
    assert (rules.cfc_games_threshold, rules.cfc_games_high, rules.cfc_games_low) == (1500, 5, 0)
    assert rules.cfc_conversion(1500) == 1410 and rules.cfc_conversion(1000) == 910
    assert rules.cfc_conversion(2000) == pytest.approx(1.1 * 2000 - 240)
    assert rules.age_days_per_year == 365.25
    assert (rules.age_per_year, rules.age_adult, rules.age_adult_rating) == (50, 26, 1300)
    assert rules.age_miscoded_below == 3
    assert rules.default_rating == 750
    # Matches: ratings at most 400 apart.
    assert rules.match_max_difference == 400


def test_2009_constants() -> None:
    r = USCF_2009
    assert r.systems == (RatingSystem.REGULAR, RatingSystem.QUICK)
    # 2.1: N* = 50/sqrt(1 + (2200 - R0)^2/100000) if R0 <= 2200, else 50.
    assert (r.nstar_base, r.nstar_coefficient, r.nstar_center, r.nstar_cutoff) == (1, 1e-5, 2200, 2200)
    # Step 1: 720 + 0.625 FIDE if FIDE < 2000, -350 + 1.16 FIDE if FIDE >= 2000.
    conv = r.fide_conversion
    assert (conv.threshold, conv.low_inclusive) == (2000, False)
    assert (conv.low.intercept, conv.low.slope) == (720, 0.625)
    assert (conv.high.intercept, conv.high.slope) == (-350, 1.16)
    # Age: 50 x Age if 3 <= Age <= 26, 1300 otherwise (no infant branch).
    assert r.age_infant is None and r.age_infant_rating is None
    # 2.3: B = 6 as of June 2008; no dual-rated K.
    assert r.bonus_multiplier == 6
    assert r.dual_rated_k is None
    # 2.4: floors at 1400, 1500, ..., 2100; peak not rounded; prize over $2,000.
    assert r.peak_floors == tuple(float(x) for x in range(1400, 2101, 100))
    assert r.peak_rounded is False
    assert (r.prize_floor_amount, r.prize_floor_inclusive) == (2000, False)
    # 3: integers; matches need both rated, nothing about caps, bonus or floors; no FIDE events.
    assert r.storage_integers is True
    assert (r.match_requires_established, r.match_cap) == (False, None)
    assert (r.match_bonus, r.match_floors) == (True, True)
    assert r.fide_events is False


def test_2011_differs_from_2009_only_where_the_text_does() -> None:
    r = USCF_2011
    differences = {k for k, v in r.__dict__.items() if USCF_2009.__dict__[k] != v}
    assert differences == {
        "name", "year", "document", "peak_floors", "match_requires_established", "match_cap", "match_bonus",
        "match_floors", "match_section", "fide_events", "fide_event_opponents", "fide_event_youth",
    }
    # The miscellaneous details, with the match restrictions, are section 4 (2009: 3), after the
    # new section 3 on FIDE events.
    assert (USCF_2009.match_section, r.match_section) == ("3", "4")
    # 2.4: floors at 1200, 1300, 1400, ..., 2100.
    assert r.peak_floors == tuple(float(x) for x in range(1200, 2101, 100))
    # 4: established published ratings, cap 50, no bonus, floors not automatic.
    assert (r.match_requires_established, r.match_cap) == (True, 50.0)
    assert (r.match_bonus, r.match_floors) == (False, False)
    # 3: FIDE events, step 1 conversion for opponents, youth 210 + 0.93 FIDE.
    assert r.fide_events is True
    assert r.fide_event_opponents == USCF_2009.fide_conversion
    assert r.fide_event_youth is not None
    assert r.fide_event_youth(1000) == pytest.approx(210 + 930)
    assert r.fide_event_youth(2400) == pytest.approx(2442)


def test_2020_constants() -> None:
    r = USCF_2020
    assert r.systems == tuple(RatingSystem)
    # 3: N* = 50/sqrt(0.662 + 0.00000739 (2569 - R0)^2) if R0 <= 2355, else 50.
    assert (r.nstar_base, r.nstar_coefficient) == (0.662, 0.00000739)
    assert (r.nstar_center, r.nstar_cutoff) == (2569, 2355)
    # 2.7: 180 + 0.94 FIDE if FIDE <= 2000, 20 + 1.02 FIDE if FIDE > 2000.
    conv = r.fide_conversion
    assert (conv.threshold, conv.low_inclusive) == (2000, True)
    assert (conv.low.intercept, conv.low.slope, conv.high.intercept, conv.high.slope) == (180, 0.94, 20, 1.02)
    # 2.7: 100 if Age < 2.
    assert (r.age_infant, r.age_infant_rating) == (2, 100)
    # 4.2: B = 14 effective May 1, 2017; dual-rated K 800(6.5 - 0.0025R)/(N'+m) for 2200 < R < 2500,
    # 200/(N'+m) for R >= 2500.
    assert r.bonus_multiplier == 14
    dual = r.dual_rated_k
    assert dual is not None
    assert (dual.low, dual.high, dual.numerator, dual.a, dual.b, dual.high_numerator) == (
        2200, 2500, 800, 6.5, 0.0025, 200)
    # 5: floors 1200..2100, peak rounded to the nearest integer, prize $4,000 or more.
    assert r.peak_floors == tuple(float(x) for x in range(1200, 2101, 100))
    assert r.peak_rounded is True
    assert (r.prize_floor_amount, r.prize_floor_inclusive) == (4000, True)
    # 7: floats; match restrictions as 2011.
    assert r.storage_integers is False
    assert (r.match_requires_established, r.match_cap) == (True, 50.0)
    assert (r.match_bonus, r.match_floors) == (False, False)
    # 6: established Regular ratings only; 2.7 conversion; youth 560 + 0.76 FIDE / 80 + 1.0 FIDE.
    assert r.fide_events is True and r.fide_event_min_games == 26
    assert r.fide_event_opponents == r.fide_conversion
    youth = r.fide_event_youth
    assert youth is not None
    assert (youth.threshold, youth.low_inclusive) == (2000, True)
    assert (youth.low.intercept, youth.low.slope) == (560, 0.76)
    assert (youth.high.intercept, youth.high.slope) == (80, 1.0)


def test_2020_orders_of_priority() -> None:
    """Sections 2.1 to 2.6, entry by entry."""
    r = USCF_2020
    R, Q, B = RatingSystem.REGULAR, RatingSystem.QUICK, RatingSystem.BLITZ
    OR, OQ, OB = RatingSystem.ONLINE_REGULAR, RatingSystem.ONLINE_QUICK, RatingSystem.ONLINE_BLITZ
    fide, cfc = InitialSource("fide"), InitialSource("cfc")
    age, default = InitialSource("age"), InitialSource("default")
    assert r.priority(R) == (fide, cfc, InitialSource("system", Q, min_games=4, games=0), age, default)
    assert r.priority(Q) == (InitialSource("system", R, min_games=4, games_cap=10), fide, cfc, age, default)
    assert r.priority(B) == (
        InitialSource("system", R, established=True, games=10), fide, cfc,
        InitialSource("system", R, min_games=4, established=False, games_cap=10),
        InitialSource("system", Q, min_games=4, games=0), age, default)
    assert r.priority(OR) == (InitialSource("system", R, min_games=10, games=10), fide, cfc, age, default)
    fide0, cfc0 = InitialSource("fide", games=0), InitialSource("cfc", games=0)
    assert r.priority(OQ) == (
        InitialSource("system", OB, games_cap=10), InitialSource("system", Q, games=0),
        InitialSource("system", B, games=0), InitialSource("system", R, games=0), fide0, cfc0, age, default)
    assert r.priority(OB) == (
        InitialSource("system", OQ, games_cap=10), InitialSource("system", B, games=0),
        InitialSource("system", Q, games=0), InitialSource("system", R, games=0), fide0, cfc0, age, default)


def test_2009_order_of_precedence() -> None:
    """2009 step 1 (the same in 2011): FIDE, CFC, the other system, age, 750."""
    fide, cfc = InitialSource("fide"), InitialSource("cfc")
    age, default = InitialSource("age"), InitialSource("default")
    for rules in (USCF_2009, USCF_2011):
        assert rules.priority(RatingSystem.REGULAR) == (
            fide, cfc, InitialSource("system", RatingSystem.QUICK, min_games=4, games=0), age, default)
        assert rules.priority(RatingSystem.QUICK) == (
            fide, cfc, InitialSource("system", RatingSystem.REGULAR, min_games=4, games_cap=10), age, default)
        with pytest.raises(RulesError, match="Blitz"):
            rules.priority(RatingSystem.BLITZ)


@pytest.mark.parametrize(
    ("name", "expected"),
    [("2020", USCF_2020), ("2011", USCF_2011), ("2009", USCF_2009), (2011, USCF_2011),
     ("USCF 2009", USCF_2009), ("uscf 2020", USCF_2020), ("US Chess 2020", USCF_2020),
     ("uscf2011", USCF_2011), ("  US   chess 2009 ", USCF_2009), ("USCF_2020", USCF_2020),
     (USCF_2011, USCF_2011), (None, USCF_2020)],
)
def test_get_rules_accepts_years_names_and_objects(name: object, expected: UscfRules) -> None:
    assert get_rules(name) is expected  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["2010", "FIDE 2024", "", 2020.5, "USCF", True])
def test_get_rules_refuses_unknown_editions(name: object) -> None:
    with pytest.raises(RulesError, match="'rules'") as info:
        get_rules(name)  # type: ignore[arg-type]
    assert isinstance(info.value, ArgumentError)


def test_default_is_the_newest_edition() -> None:
    assert DEFAULT is USCF_2020 is get_rules()
    assert max(EDITIONS.values(), key=lambda rules: rules.year) is DEFAULT


def test_rating_system_parse() -> None:
    assert RatingSystem.parse("online quick") is RatingSystem.ONLINE_QUICK
    assert RatingSystem.parse("ONLINE_BLITZ") is RatingSystem.ONLINE_BLITZ
    assert RatingSystem.parse("QC") is RatingSystem.QUICK
    assert RatingSystem.parse(RatingSystem.BLITZ) is RatingSystem.BLITZ
    with pytest.raises(RulesError, match=r"'rating_system'.*'Correspondence'"):
        RatingSystem.parse("Correspondence")


def test_the_api_takes_every_name_the_event_sheet_takes() -> None:
    from xlrating.systems import USCF

    names = [alias for rs in USCF.rating_systems for alias in rs.aliases]
    assert {"Quick rating", "QC", "Online QC", "Quick chess rating"} <= set(names)
    for alias in names:
        assert RatingSystem.parse(alias).value in alias.replace("QC", "Quick").replace("Quick chess", "Quick")


def test_no_two_rating_systems_share_a_name() -> None:
    names = [alias.casefold() for system in RatingSystem for alias in system.aliases()]
    assert len(names) == len(set(names))
    assert RatingSystem.parse("online-qc rating") is RatingSystem.ONLINE_QUICK
