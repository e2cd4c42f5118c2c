"""Rating floors (US Chess 2020, 5; US Chess 2009 and 2011, 2.4): the documents' examples."""

import pytest

from xlrating.errors import ArgumentError
from xlrating.uscf import absolute_floor, peak_floor, prize_floor, rating_floor


@pytest.mark.parametrize("rules", ["2009", "2011", "2020"])
def test_personal_absolute_floor_example(rules: str) -> None:
    # "3 wins, 1 draw, and ... 10 events of at least three ratable games": AF = 100 + 12 + 2 + 10 = 124.
    assert absolute_floor(wins=3, draws=1, events=10, rules=rules) == 124
    assert rating_floor(wins=3, draws=1, events=10, rules=rules) == 124


def test_absolute_floor_is_at_most_150_and_at_least_100() -> None:
    assert rating_floor() == 100
    assert absolute_floor(wins=100) == 150


@pytest.mark.parametrize("rules", ["2009", "2011", "2020"])
def test_peak_1941_gives_1700(rules: str) -> None:
    # 1941 - 200 = 1741; the floor just below is 1700.
    assert peak_floor(1941, rules=rules) == 1700
    assert rating_floor(peak=1941, rules=rules) == 1700


def test_2020_rounds_the_peak_first() -> None:
    # 1999.51 rounds to 2000; 2000 - 200 = 1800, which is the floor.
    assert rating_floor(peak=1999.51) == 1800
    assert rating_floor(peak=1999.49) == 1700


@pytest.mark.parametrize("rules", ["2009", "2011"])
def test_2009_2011_do_not_round_the_peak(rules: str) -> None:
    # 1999.51 - 200 = 1799.51: the floor just below is 1700.
    assert rating_floor(peak=1999.51, rules=rules) == 1700


@pytest.mark.parametrize("rules", ["2011", "2020"])
def test_peak_1388_leaves_the_absolute_floor(rules: str) -> None:
    # 1388 - 200 = 1188, below the lowest level 1200: the player's absolute floor applies.
    assert peak_floor(1388, rules=rules) is None
    assert rating_floor(peak=1388, wins=3, draws=1, events=10, rules=rules) == 124
    # 1400 - 200 = 1200 is a level in 2011/2020.
    assert rating_floor(peak=1400, rules=rules) == 1200


def test_2009_peak_1588_leaves_the_absolute_floor() -> None:
    # 2009: levels start at 1400; 1588 - 200 = 1388: the absolute floor applies.
    assert peak_floor(1588, rules="2009") is None
    assert rating_floor(peak=1588, rules="2009") == 100
    assert rating_floor(peak=1600, rules="2009") == 1400


def test_levels_end_at_2100() -> None:
    assert rating_floor(peak=2500) == 2100


def test_explicit_floors() -> None:
    # OLM: 2200. Prize: $4,000 in an under-1800 section sets 1800 (2020); 2009: over $2,000.
    assert rating_floor(peak=2350, explicit=2200) == 2200
    assert prize_floor(1800, 4000) == 1800
    assert prize_floor(1800, 3999) is None
    assert prize_floor(1800, 2000, rules="2009") is None
    assert prize_floor(1800, 2001, rules="2009") == 1800
    assert prize_floor(1750, 5000) == 1800
    assert prize_floor(2200, 5000) is None  # not an under-2000 context
    assert rating_floor(peak=1500, explicit=prize_floor(1800, 4000)) == 1800


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [({"wins": -1}, "'wins'"), ({"draws": 1.5}, "'draws'"), ({"events": "3"}, "'events'"),
     ({"peak": float("nan")}, "'peak'"), ({"explicit": -100}, "'explicit'"), ({"rules": "2019"}, "'rules'")],
)
def test_bad_arguments(kwargs: dict[str, object], argument: str) -> None:
    with pytest.raises(ArgumentError, match=argument):
        rating_floor(**kwargs)  # type: ignore[arg-type]
