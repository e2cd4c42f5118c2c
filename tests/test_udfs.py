"""The Excel functions of :mod:`xlrating.udfs`, called directly as Python functions.

Golden numbers come from the rule documents' worked examples (cited in each test) or from hand
working of the documents' formulas, written out beside the assertion. Every function
is also checked against the engine function it wraps, with the arguments arriving the
Excel way (ranges as rows of cells, blanks as None, numbers typed as text, W/D/L).

The functions run here as under xlwings Lite/Server (the conftest sets
``XLWINGS_ON_SERVER``): bad input raises :class:`xlwings.XlwingsError` with the reason
(the cell shows ``#VALUE!``) and a missing value returns ``"#N/A"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime
from typing import Any

import pytest
import xlwings as xw
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating import fide, icu, udfs, uscf
from xlrating.excel import errors as excel_errors

NA = "#N/A"
POINTS = {"W": 1.0, "D": 0.5, "L": 0.0}


def column(*values: Any) -> list[list[Any]]:
    """A one-column range as xlwings delivers it."""
    return [[v] for v in values]


def row(*values: Any) -> list[list[Any]]:
    """A one-row range as xlwings delivers it."""
    return [list(values)]


def value_error(function: Callable[..., Any], *arguments: Any) -> str:
    """The message of the #VALUE! error ``function`` shows for ``arguments``."""
    with pytest.raises(xw.XlwingsError) as raised:
        function(*arguments)
    return str(raised.value)


@pytest.fixture
def classic() -> Iterator[None]:
    """Run as under classic xlwings (errors returned as text)."""
    excel_errors.state.classic = True
    try:
        yield
    finally:
        excel_errors.state.classic = False


# --- the module --------------------------------------------------------------------------------


def test_every_function_is_exported_under_its_excel_name() -> None:
    for name in udfs.__all__:
        function = getattr(udfs, name)
        assert function.__name__ == name
        assert name.isupper()
        assert function.__doc__
    issue_names = {"USCF_SPECIAL", "USCF_STANDARD", "EFFECTIVE_GAMES", "FIDE_PD", "ICU_PERF",
                   "RATE_CROSSTABLE"}
    assert issue_names <= set(udfs.__all__)


# --- US Chess ----------------------------------------------------------------------------------


def test_effective_games_seed_examples() -> None:
    # US Chess 2020, 3: R0 = 1700, N = 30 -> N* = 50/sqrt(6.24) = 20.0, N' = 20.0.
    assert round(udfs.EFFECTIVE_GAMES(1700, 30), 1) == 20.0
    assert round(udfs.EFFECTIVE_GAMES(1700, 30, "2020"), 1) == 20.0
    assert round(udfs.EFFECTIVE_GAMES(1700, 30, "USCF 2020"), 1) == 20.0
    # US Chess 2009, 2.1: N* = 50/sqrt(1 + 500^2/100000) = 26.7, N' = 26.7.
    assert round(udfs.EFFECTIVE_GAMES(1700, 30, "2009"), 1) == 26.7
    assert round(udfs.EFFECTIVE_GAMES(1700, 30, 2009.0), 1) == 26.7
    assert round(udfs.EFFECTIVE_GAMES(1700, 30, "USCF 2009"), 1) == 26.7
    assert round(udfs.EFFECTIVE_GAMES(1700, 30, "uscf 2011"), 1) == 26.7


def test_effective_games_reads_cells_like_the_crosstable() -> None:
    # N smaller than N*: N' = N.
    assert udfs.EFFECTIVE_GAMES(1700, 12) == 12
    # Blank games: an established rating, N' = N*.
    assert udfs.EFFECTIVE_GAMES(1700, None) == pytest.approx(uscf.nstar(1700))
    assert udfs.EFFECTIVE_GAMES("1700", "") == pytest.approx(uscf.nstar(1700))
    # A provisional rating with its games, as US Chess prints it.
    assert udfs.EFFECTIVE_GAMES("1700P12", None) == 12
    assert udfs.EFFECTIVE_GAMES(" 1700 ", "12") == 12
    assert udfs.EFFECTIVE_GAMES([[1700]], [[12.0]]) == 12
    # Blank rules: the newest edition.
    assert udfs.EFFECTIVE_GAMES(1700, 30, None) == udfs.EFFECTIVE_GAMES(1700, 30, "2020")


def test_effective_games_errors() -> None:
    assert udfs.EFFECTIVE_GAMES(None, 30) == NA
    assert udfs.EFFECTIVE_GAMES("unr", 30) == NA
    assert "Argument 'rating'" in value_error(udfs.EFFECTIVE_GAMES, "abc", 30)
    assert "Argument 'rating'" in value_error(udfs.EFFECTIVE_GAMES, 5000, 30)
    message = value_error(udfs.EFFECTIVE_GAMES, 1700, -3)
    assert message == "Argument 'games' must be a whole number >= 0, not -3"
    assert "Argument 'games'" in value_error(udfs.EFFECTIVE_GAMES, 1700, 2.5)
    assert "says 12 games" in value_error(udfs.EFFECTIVE_GAMES, "1700P12", 30)
    assert "single cell" in value_error(udfs.EFFECTIVE_GAMES, column(1700, 1800), 30)
    assert "US Chess rule edition" in value_error(udfs.EFFECTIVE_GAMES, 1700, 30, "FIDE handbook")
    assert "US Chess rule edition" in value_error(udfs.EFFECTIVE_GAMES, 1700, 30, 2030)
    assert "rule edition" in value_error(udfs.EFFECTIVE_GAMES, 1700, 30, True)


# US Chess 2020, 4.2: "example values of K for particular values of N' and m".
K_TABLE = [(6, 4, 80), (6, 6, 66.67), (6, 10, 50), (20, 4, 33.33), (20, 6, 30.77), (20, 10, 26.67),
           (50, 4, 14.81), (50, 6, 14.29), (50, 10, 13.33)]


@pytest.mark.parametrize(("effective", "games", "k"), K_TABLE)
def test_k_table(effective: float, games: int, k: float) -> None:
    assert round(udfs.USCF_K(effective, games), 2) == k
    assert round(udfs.USCF_K(str(effective), str(games), None, None, "2009"), 2) == k


def test_k_dual_rated() -> None:
    # US Chess 2020, 4.2: 2200 < R < 2500: 800(6.5 - 0.0025 R)/(N' + m); R = 2300, N' = 50, m = 4:
    # 800 x 0.75 / 54 = 11.11.
    assert round(udfs.USCF_K(50, 4, 2300, True), 2) == 11.11
    assert round(udfs.USCF_K(50, 4, 2300, "yes"), 2) == 11.11
    # R >= 2500: 200/(N' + m) = 200/54 = 3.70; not dual-rated: 800/54.
    assert round(udfs.USCF_K(50, 4, 2600, True), 2) == 3.70
    assert round(udfs.USCF_K(50, 4, 2600, False), 2) == 14.81
    assert udfs.USCF_K(50, None) == NA
    assert "both be 0" in value_error(udfs.USCF_K, 0, 0)
    assert "Argument 'dual_rated'" in value_error(udfs.USCF_K, 50, 4, 2300, "perhaps")


def test_nstar_and_winning_expectancies() -> None:
    assert round(udfs.USCF_NSTAR(1700), 1) == 20.0  # US Chess 2020, 3
    assert udfs.USCF_NSTAR(2400) == 50.0  # above 2355
    # We = 1/(1 + 10^-(R - Ri)/400): equal ratings 0.5; 400 above: 1/(1 + 0.1) = 0.90909...
    assert udfs.USCF_WE(1500, 1500) == 0.5
    assert udfs.USCF_WE(1900, 1500) == pytest.approx(1 / 1.1)
    # Over a range: the sum E; blanks skipped, rows or columns alike.
    assert udfs.USCF_WE(1900, column(1500, None, 1900)) == pytest.approx(1 / 1.1 + 0.5)
    assert udfs.USCF_WE(1900, row(1500, 1900, None)) == pytest.approx(1 / 1.1 + 0.5)
    # PWe = 0.5 + (R - Ri)/800 within 400 points, 0 or 1 beyond (section 4.1).
    assert udfs.USCF_PWE(1500, 1400) == 0.625
    assert udfs.USCF_PWE(1500, column(1000, 2000)) == 1.0
    assert udfs.USCF_WE(1500, column(None, None)) == NA
    assert udfs.USCF_PWE(None, 1500) == NA
    assert "cell 2" in value_error(udfs.USCF_WE, 1500, column(1500, "x"))


def test_special_formula_against_the_engine() -> None:
    opponents = [1400.0, 1600.0, 1500.0]
    expected = uscf.special_rating(1500, 5, opponents, 2)
    assert udfs.USCF_SPECIAL(1500, 5, column(*opponents), 2) == expected
    # The score as the results, paired with the opponents (W/D/L, numbers, text numbers).
    assert udfs.USCF_SPECIAL(1500, 5, column(*opponents), column("W", "w", "L")) == expected
    assert udfs.USCF_SPECIAL(1500, 5, row(*opponents), row(1, "1", 0)) == expected
    assert udfs.USCF_SPECIAL("1500", "5", column(1400, None, 1600, 1500), "2") == expected
    all_wins = uscf.special_rating(1500, 5, opponents, 3, history="all wins", rules="2009")
    assert udfs.USCF_SPECIAL(1500, 5, column(*opponents), 3, "All Wins", 2009) == all_wins
    # One game: the score may be the result itself.
    assert udfs.USCF_SPECIAL(1500, 5, 1400, "W") == uscf.special_rating(1500, 5, [1400], 1)


def test_special_formula_errors() -> None:
    assert udfs.USCF_SPECIAL(None, 5, column(1400), 1) == NA
    assert udfs.USCF_SPECIAL(1500, 5, column(1400), None) == NA
    assert udfs.USCF_SPECIAL(1500, 5, column(None), 0) == NA  # no games yet
    assert "Argument 'score'" in value_error(udfs.USCF_SPECIAL, 1500, 5, column(1400, 1500), 3)
    assert "Argument 'history'" in value_error(udfs.USCF_SPECIAL, 1500, 5, column(1400), 1, "mostly wins")
    two = column(1400, 1500)
    assert "no result in cell 2" in value_error(udfs.USCF_SPECIAL, 1500, 5, two, column("W", None))
    gap = column(None, 1500)
    assert "no rating in cell 1" in value_error(udfs.USCF_SPECIAL, 1500, 5, gap, column("W", "L"))
    assert "not a result" in value_error(udfs.USCF_SPECIAL, 1500, 5, column(1400, 1500), column("W", "X"))
    assert "Argument 'opponent_ratings', cell 2 " in value_error(udfs.USCF_SPECIAL, 1500, 5, column(1400, -5),
                                                                 1)


def test_standard_formula_hand_worked() -> None:
    # US Chess 2020, 4.2: R0 = 1500, N' = 20, four opponents rated 1500 (E = 2), S = 3:
    # K = 800/24 = 33.333; K(S - E) = 33.333; bonus = max(0, 33.333 - 14 sqrt(4)) = 5.333.
    opponents = column(1500, 1500, 1500, 1500)
    assert udfs.USCF_STANDARD(1500, 20, opponents, 3) == pytest.approx(1500 + 100 / 3 + (100 / 3 - 28))
    # Without the bonus; with B = 10 (a later US Chess value); under 2009 (B = 6: 33.333 - 12).
    assert udfs.USCF_STANDARD(1500, 20, opponents, 3, False) == pytest.approx(1500 + 100 / 3)
    assert udfs.USCF_STANDARD(1500, 20, opponents, 3, "", 10) == pytest.approx(
        1500 + 100 / 3 + (100 / 3 - 20))
    assert udfs.USCF_STANDARD(1500, 20, opponents, 3, None, None, None, "2009") == pytest.approx(
        1500 + 100 / 3 + (100 / 3 - 12))


def test_standard_formula_against_the_engine() -> None:
    opponents = [2250.0, 2310.0, 2400.0, 2190.0]
    engine = uscf.standard_rating(2300, 40, opponents, 3, dual_rated=True, bonus_multiplier=12)
    assert udfs.USCF_STANDARD(2300, 40, row(*opponents), row("W", "W", "D", "D"), True, 12, "yes") == engine
    assert udfs.USCF_STANDARD(2300, 40, [opponents[:2], opponents[2:]], 3, None, "12", True) == engine
    message = value_error(udfs.USCF_STANDARD, 1500, 20, column(1500), 1, True, -1)
    assert "Argument 'bonus_multiplier'" in message
    assert "Argument 'bonus'" in value_error(udfs.USCF_STANDARD, 1500, 20, column(1500), 1, "sometimes")
    assert udfs.USCF_STANDARD(1500, None, column(1500), 1) == NA


def test_bonus_hand_worked() -> None:
    # US Chess 2020, 4.2: K = 30, S = 3, E = 1.5, m = 3 (m' = 4): 45 - 14 x 2 = 17.
    assert udfs.USCF_BONUS(30, 3, 1.5, 3) == pytest.approx(17)
    # B = 6 (2009): 45 - 12 = 33; a given B = 10: 45 - 20 = 25; nothing below the threshold.
    assert udfs.USCF_BONUS(30, 3, 1.5, 3, None, "2009") == pytest.approx(33)
    assert udfs.USCF_BONUS(30, 3, 1.5, 3, 10) == pytest.approx(25)
    assert udfs.USCF_BONUS(30, 2, 1.5, 3) == 0
    assert "Argument 'score'" in value_error(udfs.USCF_BONUS, 30, 4, 1.5, 3)
    assert "Argument 'k'" in value_error(udfs.USCF_BONUS, -30, 3, 1.5, 3)


def test_bonus_multiplier_by_date() -> None:
    # US Chess announcements (see docs/sources.md): the bonus multiplier B has changed over time.
    assert udfs.USCF_BONUS_MULTIPLIER(date(2017, 5, 1)) == 14
    assert udfs.USCF_BONUS_MULTIPLIER(datetime(2023, 2, 1)) == 12
    assert udfs.USCF_BONUS_MULTIPLIER("2025-01-01") == 10
    assert udfs.USCF_BONUS_MULTIPLIER(45658) == 10  # Excel's serial of 2025-01-01
    assert udfs.USCF_BONUS_MULTIPLIER(date(2014, 3, 19)) == 10
    assert "6 or 8" in value_error(udfs.USCF_BONUS_MULTIPLIER, date(2012, 6, 1))
    assert "a date" in value_error(udfs.USCF_BONUS_MULTIPLIER, "next week")
    assert udfs.USCF_BONUS_MULTIPLIER(None) == NA


def test_rating_picks_the_formula_by_the_games() -> None:
    opponents, results = column(1400, 1600, 1500), column("W", "W", "D")
    rated = uscf.standard_rating(1500, uscf.effective_games(1500, 30), [1400, 1600, 1500], 2.5)
    assert udfs.USCF_RATING(1500, 30, opponents, results) == pytest.approx(rated)
    established = uscf.standard_rating(1500, uscf.nstar(1500), [1400, 1600, 1500], 2.5)
    assert udfs.USCF_RATING(1500, None, opponents, results) == pytest.approx(established)
    # N <= 8 (section 1, step 4): the special formula; so too an all-wins history.
    special = uscf.special_rating(1500, uscf.effective_games(1500, 8), [1400, 1600, 1500], 2.5)
    assert udfs.USCF_RATING(1500, 8, opponents, results) == pytest.approx(special)
    history = uscf.special_rating(1500, uscf.effective_games(1500, 30), [1400, 1600, 1500], 2.5,
                                  history="all wins")
    assert udfs.USCF_RATING(1500, 30, opponents, results, "all wins") == pytest.approx(history)
    # Floors (section 5): 100 always; the floor given; an established rating is an attained peak,
    # so 1500 - 200 = 1300 is a floor (a provisional rating has none).
    assert udfs.USCF_RATING(150, 3, column(1400, 1500), column("L", "L")) >= 100
    assert udfs.USCF_RATING(1500, 30, column(1800, 1900), column("L", "L"), None, None, None, 1490) == 1490
    many, losses = column(*[1500] * 20), column(*["L"] * 20)
    assert udfs.USCF_RATING(1500, 30, many, losses) == 1300
    assert udfs.USCF_RATING(1500, 20, many, losses) < 1300
    # 2009/2011 store integers, rounded toward the change (US Chess 2009, 3).
    assert udfs.USCF_RATING(1500, 30, opponents, results, None, None, None, None, "2009") % 1 == 0
    assert udfs.USCF_RATING(None, 30, opponents, results) == NA
    assert "no result" in value_error(udfs.USCF_RATING, 1500, 30, column(1400, 1600), column("W"))


def test_conversions_and_age() -> None:
    # US Chess 2020, 2.7: 180 + 0.94 x 1900 = 1966; 20 + 1.02 x 2100 = 2162.
    assert udfs.USCF_FROM_FIDE(1900) == pytest.approx(1966)
    assert udfs.USCF_FROM_FIDE("2100") == pytest.approx(2162)
    # 2009 rules, step 1: 720 + 0.625 x 1600 = 1720.
    assert udfs.USCF_FROM_FIDE(1600, "2009") == pytest.approx(1720)
    # Events ending from 1 March 2024: US Chess's updated conversion, -1073 + 1.5667 FIDE.
    assert udfs.USCF_FROM_FIDE(1900, None, date(2024, 6, 1)) == pytest.approx(-1073 + 1.5667 * 1900)
    assert udfs.USCF_FROM_FIDE(1900, None, "2024-02-29") == pytest.approx(1966)
    # CFC - 90 up to 1500; 1.1 CFC - 240 above: 1400 -> 1310, 1600 -> 1520.
    assert udfs.USCF_FROM_CFC(1400) == pytest.approx(1310)
    assert udfs.USCF_FROM_CFC(1600) == pytest.approx(1520)
    # Age = (end - birth)/365.25 = 4383/365.25 = 12.0 -> 50 x 12 = 600; an adult: 1300.
    assert udfs.USCF_AGE_RATING(date(2012, 1, 1), date(2024, 1, 1)) == pytest.approx(600)
    assert udfs.USCF_AGE_RATING("2012-01-01", 45292) == pytest.approx(600)
    assert udfs.USCF_AGE_RATING(None, None, True) == 1300
    assert udfs.USCF_AGE_RATING(None) == NA
    assert udfs.USCF_FROM_FIDE(None) == NA
    assert "a date" in value_error(udfs.USCF_AGE_RATING, "yesterday")


def test_initial_ratings() -> None:
    # US Chess 2020, 2.1: Regular from FIDE 2100 (over 2150? no: N = 5), converted 2162.
    assert udfs.USCF_INITIAL("Regular", 2100) == pytest.approx(2162)
    assert udfs.USCF_INITIAL_GAMES("Regular", 2100) == 5
    assert udfs.USCF_INITIAL_GAMES("", 2200) == 10  # FIDE over 2150: N = 10
    # Section 2.2: Quick from a Regular rating based on 4 or more games, N = min(10, games).
    others = [["Regular", 1800, 30], [None, None, None]]
    assert udfs.USCF_INITIAL("Quick", None, None, None, None, None, others) == 1800
    assert udfs.USCF_INITIAL_GAMES("Quick", None, None, None, None, None, others) == 10
    # Nothing known: the default 750, N = 0 (section 2.1, item 5).
    assert udfs.USCF_INITIAL() == 750
    assert udfs.USCF_INITIAL_GAMES() == 0
    engine = uscf.initial_rating("Blitz", cfc=1600, birth_date=date(2010, 1, 1), end_date=date(2024, 1, 1))
    assert udfs.USCF_INITIAL("blitz", None, 1600, date(2010, 1, 1), date(2024, 1, 1)) == engine.rating
    assert "Argument 'rating_system'" in value_error(udfs.USCF_INITIAL, "Bullet")
    assert "Blitz" in value_error(udfs.USCF_INITIAL, "Blitz", None, None, None, None, None, None, 2009)
    assert "Argument 'other_ratings' row 1 must" in value_error(udfs.USCF_INITIAL, "Quick", None, None, None,
                                                                None, None, [["Regular", None, 3]])


def test_floors_seed_examples() -> None:
    # US Chess 2020, 5: AF = 100 + 4(3) + 2(1) + 10 = 124.
    assert udfs.USCF_FLOOR(None, 3, 1, 10) == 124
    # Peak 1941: 1741, the floor at or below is 1700; 1999.51 rounds to 2000: 1800.
    assert udfs.USCF_FLOOR(1941) == 1700
    assert udfs.USCF_PEAK_FLOOR(1941) == 1700
    assert udfs.USCF_PEAK_FLOOR(1999.51) == 1800
    # Peak 1388: 1188, below every level: the absolute floor.
    assert udfs.USCF_PEAK_FLOOR(1388) == NA
    assert udfs.USCF_FLOOR(1388) == 100
    # US Chess 2009, 2.4: levels start at 1400, so 1588 -> 1388 has none.
    assert udfs.USCF_PEAK_FLOOR(1588, "2009") == NA
    assert udfs.USCF_PEAK_FLOOR(1588) == 1300
    # An OLM floor; a $4,000 prize in an under-1800 section: 1800 (US Chess 2020, 5).
    assert udfs.USCF_FLOOR(1941, None, None, None, 2200) == 2200
    assert udfs.USCF_PRIZE_FLOOR(1800, 4000) == 1800
    assert udfs.USCF_PRIZE_FLOOR(1800, 3999) == NA
    assert udfs.USCF_FLOOR() == 100
    assert "Argument 'wins'" in value_error(udfs.USCF_FLOOR, None, -1)
    assert udfs.USCF_PEAK_FLOOR(None) == NA


# --- FIDE --------------------------------------------------------------------------------------

# FIDE Handbook 10.1, table (b): (D, PD of the higher rated) at row boundaries, within both caps.
PD_BOUNDARIES = [(0, 0.50), (3, 0.50), (4, 0.51), (10, 0.51), (11, 0.52), (17, 0.52), (18, 0.53),
                 (98, 0.63), (99, 0.64), (206, 0.76), (207, 0.77), (328, 0.87), (329, 0.88), (344, 0.88),
                 (345, 0.89), (350, 0.89)]


@pytest.mark.parametrize(("difference", "pd"), PD_BOUNDARIES)
def test_pd_table_boundaries(difference: int, pd: float) -> None:
    for rules in (None, "2024", "handbook", "FIDE handbook"):
        assert udfs.FIDE_PD(difference, rules) == pd
        assert udfs.FIDE_PD(-difference, rules) == pytest.approx(1 - pd)


def test_pd_caps() -> None:
    # Table (b) beyond 350: 357 .89, 358 .90, 391 .91, 392 .92, 411 .92, 412 .93.
    assert [udfs.FIDE_PD(d, "2024") for d in (357, 358, 391, 392, 400)] == [0.89, 0.90, 0.91, 0.92, 0.92]
    # 2024: a difference over 400 counts as 400 (.92); handbook 10.51: over 350 counts as 350 (.89).
    assert udfs.FIDE_PD(412, "2024") == 0.92
    assert udfs.FIDE_PD(800) == 0.92
    assert udfs.FIDE_PD(358, "handbook") == 0.89
    assert udfs.FIDE_PD(-800, "handbook") == pytest.approx(0.11)
    # A fractional D is rounded first: 3.5 -> 4 (.51).
    assert udfs.FIDE_PD(3.5) == 0.51
    assert udfs.FIDE_PD(None) == NA
    assert "FIDE rule edition" in value_error(udfs.FIDE_PD, 100, "2020")


def test_expected_score() -> None:
    assert udfs.FIDE_EXPECTED(2000, 2000) == 0.5
    assert udfs.FIDE_EXPECTED(2100, column(2000, 1900, None)) == pytest.approx(0.64 + 0.76)
    # Under 2024, from 1 October 2025 a player rated 2650 or more is not capped (.99 at 700).
    assert udfs.FIDE_EXPECTED(2700, 2000, "2024", date(2025, 6, 1)) == 0.92
    assert udfs.FIDE_EXPECTED(2700, 2000, "2024", date(2025, 10, 1)) == 0.99
    assert udfs.FIDE_EXPECTED(2700, 2000, "handbook", date(2025, 10, 1)) == 0.89
    assert udfs.FIDE_EXPECTED(2000, column(None)) == NA


def test_dp_seed_table() -> None:
    # FIDE Handbook 10.54, the dp column: p .89 .78 .67 .44 .33 .11 -> 351 220 125 -43 -125 -351.
    assert [udfs.FIDE_DP(p) for p in (0.89, 0.78, 0.67, 0.44, 0.33, 0.11)] == [351, 220, 125, -43, -125, -351]
    assert udfs.FIDE_DP("0.5") == 0
    # 10.1: "for a zero or 100% score dp is necessarily indeterminate".
    assert udfs.FIDE_DP(1) == NA
    assert udfs.FIDE_DP(0) == NA
    assert "Argument 'p'" in value_error(udfs.FIDE_DP, 1.2)


def test_k_factor() -> None:
    # Handbook 10.52: 25 until 30 games, 15 under 2400, 10 from 2400.
    assert udfs.FIDE_K(2100, 12, None, None, None, None, "handbook") == 25
    assert udfs.FIDE_K(2100, None, None, None, None, None, "handbook") == 15
    assert udfs.FIDE_K(2300, 50, 2410, None, None, None, "handbook") == 10
    # 2024: 40 new, 20, 10; 40 under 18 rated under 2300; the 700 rule: 40 x 20 > 700 -> 35.
    assert udfs.FIDE_K(2100) == 20
    assert udfs.FIDE_K(2100, 10) == 40
    assert udfs.FIDE_K(2100, None, None, date(2010, 5, 1), date(2025, 3, 1)) == 40
    assert udfs.FIDE_K(2100, 10, None, None, None, 20) == 35
    assert "Argument 'games'" in value_error(udfs.FIDE_K, 2100, -1)
    assert udfs.FIDE_K(None) == NA


def test_rating_change() -> None:
    # Handbook 10.51: a win against an equal opponent, K 15: 15 x (1 - .50) = 7.5 (not rounded).
    assert udfs.FIDE_CHANGE(2000, 2000, "W", 15, "handbook") == 7.5
    # 2024: K 20 (rated under 2400); against 2100 the lower rated's PD is .36 (D = 100);
    # 20 x ((1 - .50) + (0.5 - .36)) = 12.8, rounded to 13.
    assert udfs.FIDE_CHANGE(2000, column(2000, 2100), column("W", "D")) == 13
    engine = fide.rating_change(2250, [2300, 2100, 2500], [1, 0.5, 0], rules="2024", games=12,
                                on=date(2025, 3, 1))
    assert udfs.FIDE_CHANGE(2250, row(2300, 2100, 2500), row(1, "0.5", "L"), None, None, 12, None, None,
                            date(2025, 3, 1)) == engine
    assert "no rating in cell 1" in value_error(udfs.FIDE_CHANGE, 2000, column(None, 2100), column("W", "D"))
    assert "Argument 'k'" in value_error(udfs.FIDE_CHANGE, 2000, 2000, "W", -15)


def test_unrated_ru_seed_round_robin() -> None:
    # FIDE Handbook 10.54: Ra = 2375 - 29.5 x 9/10 = 2348 (the rated players A, B, D, F, G, J).
    assert udfs.FIDE_RA(column(2600, 2500, 2400, 2150, 2300, 2300), column(8, 7, 6, 4, 3, 1), 9) == 2348
    # Player C, 7 of 9: 2348 + 5 x 12.5 = 2411; E, 6 of 9: 2386; H, 2 of 9: 2348 - 220 x 0.9 = 2150;
    # I, 1 of 9: 2348 - 351 x 0.9 = 2032. Unrated opponents: blank ratings (counted in a round robin).
    opponents = column(2600, 2500, None, 2400, None, 2150, 2300, None, 2300)
    for score, ru in ((7, 2411), (6, 2386), (2, 2150), (1, 2032)):
        results = column(*([1] * int(score) + [0] * (9 - int(score))))
        assert udfs.FIDE_RU(opponents, results, "handbook", "Round robin", 2348) == ru


def test_unrated_ru_swiss_and_none() -> None:
    engine = fide.unrated_rating([1800, 1900, 2000, 1850, 1700], [1, 0.5, 0, 1, 1], rules="2024")
    results = column("W", "D", "L", "W", "W")
    assert udfs.FIDE_RU(column(1800, 1900, 2000, 1850, 1700), results) == engine.rating
    # 2024: fewer than 5 games against rated opponents give no rating; handbook: under one point.
    assert udfs.FIDE_RU(column(1800, 1900), column("W", "D")) == NA
    assert udfs.FIDE_RU(column(1800, 1900), column("L", "D"), "handbook") == NA
    assert "round robin" in value_error(udfs.FIDE_RU, column(1800, None), column("W", "D"), "handbook",
                                        "Round robin")
    message = value_error(udfs.FIDE_RU, column(1800), column("W"), None, "Scheveningen")
    assert "Argument 'event_type'" in message


def test_published_rn_seed_example() -> None:
    # FIDE Handbook 10.3: [2280 x 5 + 2400 x 10 + 2000 x 5]/20 = 2270.
    assert udfs.FIDE_RN(column(2280, 2400, 2000), column(5, 10, 5), "handbook") == 2270
    # 10.31: a first result under 1401 is ignored.
    assert udfs.FIDE_RN(column(1350, 1600), column(5, 5), "handbook") == 1600
    assert "FIDE_RU" in value_error(udfs.FIDE_RN, column(2280), column(5))
    assert "blank in cell 2" in value_error(udfs.FIDE_RN, column(2280, 2400), column(5, None), "handbook")
    assert "Argument 'games'" in value_error(udfs.FIDE_RN, column(2280), column(0), "handbook")


# --- ICU ---------------------------------------------------------------------------------------


def test_icu_seed_examples() -> None:
    # ICU rating formulae, Elo formulae: 2000, K 40, a win against 2000 and a draw against 2200:
    # change 30.4, 2030.
    change = udfs.ICU_CHANGE(2000, column(2000, 2200), column(1, 0.5), 40)
    assert round(change, 1) == 30.4
    assert round(2000 + change) == 2030
    assert round(udfs.ICU_EXPECTED(2000, column(2000, 2200)), 3) == 0.740
    # ICU rating formulae, performance ratings: ((1000 + 400) + 1200)/2 = 1300; with 1000 over 10 games: 1050.
    assert udfs.ICU_PERF(column(1000, 1200), column("W", "D")) == 1300
    assert udfs.ICU_PERF(row(1000, 1200), row(1, 0.5), 1000, 10) == 1050
    assert udfs.ICU_PERF(column(1000, 1200), column("W", "D"), None, 0) == 1300


def test_icu_k_and_bonus() -> None:
    # ICU rules: 16 from 2100; 40 under 21; 32 member under 8 years; else 24.
    assert udfs.ICU_K(2150) == 16
    assert udfs.ICU_K(1800, date(2008, 1, 1), None, date(2025, 1, 1)) == 40
    assert udfs.ICU_K(1800, date(1980, 1, 1), date(2020, 1, 1), date(2025, 1, 1)) == 32
    assert udfs.ICU_K(1800, date(1980, 1, 1), "2000-01-01", "2025-01-01") == 24
    assert "Argument 'birth_date'" in value_error(udfs.ICU_K, 1800)
    # Bonus, hand worked: threshold 32 + 3(6 - 4) = 38; round(60 - 38) = 22; K 40: round(27.5) = 28.
    assert udfs.ICU_BONUS(1500, 60, 6, 40, 1700) == 28
    # Capped by the performance: 1500 + 60 + 28 >= 1580, so round(1580 - 1560) = 20.
    assert udfs.ICU_BONUS(1500, 60, 6, 40, 1580) == 20
    assert udfs.ICU_BONUS(1500, 60, 4, 40, 1700) == 0  # 4 games or fewer
    assert udfs.ICU_BONUS(1500, 60, 6, None, 1700) == NA


def test_icu_errors() -> None:
    assert "prior_games" in value_error(udfs.ICU_PERF, column(1000), column("W"), 1000)
    assert udfs.ICU_PERF(column(None), column(None)) == NA
    assert "Argument 'k'" in value_error(udfs.ICU_CHANGE, 2000, 2000, "W", 0)
    assert udfs.ICU_CHANGE(2000, 2000, "W", None) == NA
    assert udfs.ICU_EXPECTED(None, 2000) == NA


# --- any system --------------------------------------------------------------------------------


def test_score() -> None:
    assert udfs.SCORE(row("W", "D", None, "L", 1, "0.5", "½")) == 3.5
    assert udfs.SCORE(None) == 0
    assert "cell 2" in value_error(udfs.SCORE, column("W", "B"))


def test_classic_xlwings_shows_the_reason_as_text(classic: None) -> None:
    assert udfs.EFFECTIVE_GAMES(1700, -3) == "#VALUE! Argument 'games' must be a whole number >= 0, not -3"
    assert udfs.EFFECTIVE_GAMES(None, 30) == "#N/A Argument 'rating' is empty"
    assert udfs.FIDE_DP(1).startswith("#N/A Argument 'p' is 1")
    assert round(udfs.EFFECTIVE_GAMES(1700, 30), 1) == 20.0


def test_classic_xlwings_passes_an_error_text_on_unchanged(classic: None) -> None:
    # The calculator's chain: N' (G6) fails on the rules, K (G7) and the expected score (G8)
    # read it and show the first reason, not a complaint about their own argument.
    failed = udfs.EFFECTIVE_GAMES(1500, 30, "USCF 1999")
    assert failed.startswith("#VALUE! Argument 'rules' must be a US Chess rule edition")
    assert udfs.USCF_K(failed, 4, 1500, None, None) == failed
    assert udfs.USCF_WE(1500, column(1400, failed), None) == failed
    missing = udfs.EFFECTIVE_GAMES(None, 30)
    assert udfs.USCF_K(20, 4, missing, None, None) == missing
    # A bare error cell is still the argument's error, named with its cell.
    assert udfs.USCF_WE(1500, column(1400, "#DIV/0!"), None) == \
        "#VALUE! Argument 'opponent_ratings', cell 2 holds the error #DIV/0!"
    # Text that only looks like an error, and the runtimes that have real error values, are
    # left to the argument readers.
    assert udfs.USCF_WE(1500, column(1400, "#VALUE!x"), None).startswith("#VALUE! Argument 'opponent")


def test_unexpected_errors_never_show_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any, **__: Any) -> float:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(uscf, "nstar", broken)
    message = value_error(udfs.USCF_NSTAR, 1700)
    assert message == "internal error (ZeroDivisionError: division by zero); please report it"


@settings(max_examples=40, deadline=None)
@given(
    prior=st.floats(100, 2700),
    effective=st.floats(0, 49),  # (N' + 1 below: N' is at most 50, US Chess 2020, 3)
    games=st.lists(st.tuples(st.floats(100, 2700), st.sampled_from(["W", "D", "L", 1, 0.5, 0, "1", "0.5"])),
                   min_size=1, max_size=12),
    shape=st.sampled_from(["column", "row", "block"]),
)
def test_any_range_shape_gives_the_engine_result(
    prior: float, effective: float, games: list[tuple[float, Any]], shape: str,
) -> None:
    ratings = [r for r, _ in games]
    results = [x for _, x in games]
    scores = [POINTS[x] if x in POINTS else float(x) for x in results]
    points = sum(scores)

    def arrange(values: list[Any]) -> list[list[Any]]:
        if shape == "column":
            return column(*values)
        if shape == "row":
            return row(*values)
        return [values[i:i + 3] + [None] * (3 - len(values[i:i + 3])) for i in range(0, len(values), 3)]

    standard = uscf.standard_rating(prior, effective + 1, ratings, points)
    excel = udfs.USCF_STANDARD(prior, effective + 1, arrange(ratings), arrange(results))
    assert excel == pytest.approx(standard)
    special = uscf.special_rating(prior, effective, ratings, points)
    assert udfs.USCF_SPECIAL(str(prior), effective, arrange(ratings), points) == pytest.approx(special)
    assert udfs.ICU_CHANGE(prior, arrange(ratings), arrange(results), 24) == pytest.approx(
        icu.rating_change(prior, ratings, scores, k=24))


# --- every function, every argument ------------------------------------------------------------

TWO = column(1400, 1600)
TWO_RESULTS = column("W", "L")
FIVE = column(1800, 1900, 2000, 1850, 1700)
FIVE_RESULTS = column("W", "D", "L", "W", "W")
CROSSTABLE = [["No", "Name", "Rating", "R1"], [1, "Ann", 1500, "W2"], [2, "Bob", 1400, "L1"]]

#: Valid arguments for every function, as xlwings delivers them.
VALID: dict[str, tuple[Any, ...]] = {
    "EFFECTIVE_GAMES": (1700, 30, "2020"),
    "USCF_NSTAR": (1700, "2020"),
    "USCF_K": (20, 6, 2300, True, "2020"),
    "USCF_WE": (1500, TWO, "2020"),
    "USCF_PWE": (1500, TWO, "2020"),
    "USCF_SPECIAL": (1500, 5, TWO, TWO_RESULTS, "all wins", "2020"),
    "USCF_STANDARD": (1500, 20, TWO, TWO_RESULTS, True, 10, False, "2020"),
    "USCF_BONUS": (30, 3, 1.5, 3, 10, "2020"),
    "USCF_BONUS_MULTIPLIER": (date(2024, 1, 1),),
    "USCF_RATING": (1500, 30, TWO, TWO_RESULTS, "all losses", 10, False, 1200, "2020"),
    "USCF_FROM_FIDE": (1900, "2020", date(2024, 6, 1)),
    "USCF_FROM_CFC": (1600, "2020"),
    "USCF_AGE_RATING": (date(2012, 1, 1), date(2024, 1, 1), False, "2020"),
    "USCF_INITIAL": ("Regular", 1900, 1500, date(2012, 1, 1), date(2024, 1, 1), False, [["Quick", 1500, 10]],
                     "2020"),
    "USCF_INITIAL_GAMES": ("Regular", 1900, 1500, date(2012, 1, 1), date(2024, 1, 1), False,
                           [["Quick", 1500, 10]], "2020"),
    "USCF_FLOOR": (1941, 3, 1, 10, 2200, "2020"),
    "USCF_PEAK_FLOOR": (1941, "2020"),
    "USCF_PRIZE_FLOOR": (1800, 4000, "2020"),
    "FIDE_PD": (100, "2024"),
    "FIDE_EXPECTED": (2000, TWO, "2024", date(2025, 1, 1)),
    "FIDE_DP": (0.6,),
    "FIDE_K": (2100, 12, 2200, date(2000, 1, 1), date(2025, 1, 1), 5, "2024"),
    "FIDE_CHANGE": (2000, TWO, TWO_RESULTS, 20, "2024", 40, 2100, date(2000, 1, 1), date(2025, 1, 1)),
    "FIDE_RU": (FIVE, FIVE_RESULTS, "2024", "Swiss", None, True),  # (a Swiss reads no competition Ra)
    "FIDE_RA": (column(2600, 2500, 2400), column(5, 4, 2), 6),
    "FIDE_RN": (column(2280, 2400), column(5, 10), "handbook"),
    "ICU_EXPECTED": (2000, TWO),
    "ICU_K": (1800, date(1990, 1, 1), date(2000, 1, 1), date(2025, 1, 1)),
    "ICU_CHANGE": (2000, TWO, TWO_RESULTS, 24),
    "ICU_PERF": (TWO, TWO_RESULTS, 1500, 10),
    "ICU_BONUS": (1500, 60, 6, 40, 1700),
    "SCORE": (TWO_RESULTS,),
    "RATE_CROSSTABLE": (CROSSTABLE, "USCF", "2020", [["End date", 45760]], "Post rating"),
}

#: Arguments for which "abc" is accepted. (Not RATE_CROSSTABLE's settings: a row that names no
#: setting is ignored, as on the Event sheet, but a settings range naming no setting at all is
#: an error, see tests/test_robustness_excel.py.)
ACCEPTS_TEXT: set[tuple[str, str]] = set()
#: Required arguments whose blank has a meaning: established (no games known), no games.
BLANK_MEANS = {("EFFECTIVE_GAMES", "games"), ("USCF_RATING", "games"), ("SCORE", "results")}
#: A blank range beside its filled partner (ratings without results, or results without
#: ratings): bad input, #VALUE! naming the cell.
PAIRED = {("USCF_SPECIAL", "opponent_ratings"), ("USCF_STANDARD", "opponent_ratings"),
          ("USCF_RATING", "opponent_ratings"), ("USCF_RATING", "results"),
          ("FIDE_CHANGE", "opponent_ratings"), ("FIDE_CHANGE", "results"), ("FIDE_RU", "results"),
          ("FIDE_RA", "ratings"), ("FIDE_RA", "scores"),
          ("FIDE_RN", "ru_ratings"), ("FIDE_RN", "games"), ("ICU_CHANGE", "opponent_ratings"),
          ("ICU_CHANGE", "results"), ("ICU_PERF", "opponent_ratings"), ("ICU_PERF", "results")}
#: Optional arguments the rules need for these other arguments: #VALUE! saying so. ICU's K
#: of a player under 2100 needs the birth date and the joining date; a provisional rating
#: needs its games and the games their rating; FIDE_RN works under the handbook only, and
#: a blank rules argument means the newest edition (2024).
NEEDED = {("ICU_K", "birth_date"), ("ICU_K", "joined"), ("ICU_PERF", "prior_rating"),
          ("ICU_PERF", "prior_games"), ("FIDE_RN", "rules")}

def _parameters(name: str) -> list[Any]:
    import inspect

    return list(inspect.signature(getattr(udfs, name)).parameters.values())


def test_the_valid_table_covers_every_function() -> None:
    assert set(VALID) == set(udfs.__all__)
    for name, arguments in VALID.items():
        assert len(arguments) == len(_parameters(name)), name


@pytest.mark.parametrize("name", sorted(VALID))
def test_every_function_evaluates(name: str) -> None:
    result = getattr(udfs, name)(*VALID[name])
    assert not excel_errors.is_error_text(result), (name, excel_errors.state.last_message)


@pytest.mark.parametrize(("name", "index"), [(n, i) for n in sorted(VALID) for i in range(len(VALID[n]))])
def test_every_argument_refuses_nonsense_naming_itself(name: str, index: int) -> None:
    parameter = _parameters(name)[index].name
    arguments = list(VALID[name])
    arguments[index] = "abc" if not isinstance(arguments[index], list) else [["abc"]]
    if (name, parameter) in ACCEPTS_TEXT:
        assert not excel_errors.is_error_text(getattr(udfs, name)(*arguments))
        return
    message = value_error(getattr(udfs, name), *arguments)
    assert parameter.lower() in message.lower(), message


@pytest.mark.parametrize(("name", "index"), [(n, i) for n in sorted(VALID) for i in range(len(VALID[n]))])
def test_blank_arguments(name: str, index: int) -> None:
    parameter = _parameters(name)[index]
    arguments = list(VALID[name])
    arguments[index] = None
    if (name, parameter.name) in PAIRED:
        assert "cell 1" in value_error(getattr(udfs, name), *arguments)
    elif (name, parameter.name) in NEEDED:
        assert parameter.name.split("_")[-1] in value_error(getattr(udfs, name), *arguments)
    elif parameter.default is parameter.empty and (name, parameter.name) not in BLANK_MEANS:
        assert getattr(udfs, name)(*arguments) == NA  # a required value is missing
    else:
        result = getattr(udfs, name)(*arguments)  # an optional argument: its default
        assert not excel_errors.is_error_text(result), (name, parameter.name, excel_errors.state.last_message)

def test_runtime_detection(monkeypatch: pytest.MonkeyPatch) -> None:
    assert excel_errors.state.classic is False  # the tests run as xlwings Lite/Server

    def classic_func() -> None: ...

    classic_func.__module__ = "xlwings.udfs"  # where classic xlwings' xw.func lives
    monkeypatch.setattr(xw, "func", classic_func)
    assert excel_errors._is_classic() is True
