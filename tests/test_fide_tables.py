"""FIDE Handbook 10.1: the two conversion tables, checked entry by entry against the tables as printed.

Source: FIDE Handbook, 10.1 (the edition of the ``handbook`` rules), tables (a) and (b),
copied below as printed there (tab separators shown as two spaces). The tests parse this
text independently of ``xlrating.fide.tables`` and compare every entry.
"""

from datetime import date
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from xlrating.errors import ArgumentError
from xlrating.fide import DP_TABLE, PD_TABLE, IndeterminateError, expected_score, rating_difference
from xlrating.fide.tables import pd_row

SEED_TABLE_A = """\
p  d _p  p  d _p  p  d _p  p  d _p  p  d _p  p  d _p
1.0  .83  273  .66  117  .49  -7  .32  -133  .15  -296
.99  677  .82  262  .65  110  .48  -14  .31  -141  .14  -309
.98  589  .81  251  .64  102  .47  -21  .30  -149  .13  -322
.97  538  .80  240  .63  95  .46  -29  .29  -158  .12  -336
.96  501  .79  230  .62  87  .45  -36  .28  -166  .11  -351
.95  470  .78  220  .61  80  .44  -43  .27  -175  .10  -366
.94  444  .77  211  .60  72  .43  -50  .26  -184  .09  -383
.93  422  .76  202  .59  65  .42  -57  .25  -193  .08  -401
.92  401  .75  193  .58  57  .41  -65  .24  -202  .07  -422
.91  383  .74  184  .57  50  .40  -72  .23  -211  .06  -444
.90  366  .73  175  .56  43  .39  -80  .22  -220  .05  -470
.89  351  .72  166  .55  36  .38  -87  .21  -230  .04  -501
.88  336  .71  158  .54  29  .37  -95  .20  -240  .03  -538
.87  322  .70  149  .53  21  .36  -102  .19  -251  .02  -589
.86  309  .69  141  .52  14  .35  -110  .18  -262  .01  -677
.85  296  .68  133  .51  7  .34  -117  .17  -273  .00
.84  284  .67  125  .50  0  .33  -125  .16  -284
"""

SEED_TABLE_B = """\
D  P _D  D  P _D  D  P _D  D  P _D
Rtg Dif  H  L  Rtg Dif  H  L  Rtg Dif  H  L
0-3  .50  .50  92-98  .63  .37  198-206  .76  .24  345-357  .89  .11
4-10  .51  .49  99-106  .64  .36  207-215  .77  .23  358-374  .90  .10
11-17  .52  .48  107-113  .65  .35  216-225  .78  .22  375-391  .91  .09
18-25  .53  .47  114-121  .66  .34  226-235  .79  .21  392-411  .92  .08
26-32  .54  .46  122-129  .67  .33  236-245  .80  .20  412-432  .93  .07
33-39  .55  .45  130-137  .68  .32  246-256  .81  .19  433-456  .94  .06
40-46  .56  .44  138-145  .69  .31  257-267  .82  .18  457-484  .95  .05
47-53  .57  .43  146-153  .70  .30  268-278  .83  .17  485-517  .96  .04
54-61  .58  .42  154-162  .71  .29  279-290  .84  .16  518-559  .97  .03
62-68  .59  .41  163-170  .72  .28  291-302  .85  .15  560-619  .98  .02
69-76  .60  .40  171-179  .73  .27  303-315  .86  .14  620-735  .99  .01
77-83  .61  .39  180-188  .74  .26  316-328  .87  .13  over 735  1.0  .00
84-91  .62  .38  189-197  .75  .25  329-344  .88  .12
"""


def _is_p(token: str) -> bool:
    return token.startswith(".") or token == "1.0"


def seed_dp() -> dict[str, int | None]:
    """Table (a) as printed: p text to dp (``None`` where the Handbook prints nothing)."""
    table: dict[str, int | None] = {}
    for line in SEED_TABLE_A.splitlines()[1:]:
        tokens = line.split()
        i = 0
        while i < len(tokens):
            p = tokens[i]
            assert _is_p(p), line
            if i + 1 < len(tokens) and not _is_p(tokens[i + 1]):
                table[p] = int(tokens[i + 1])
                i += 2
            else:
                table[p] = None
                i += 1
    return table


def seed_pd() -> list[tuple[int, int | None, str, str]]:
    """Table (b) as printed: (lowest D, highest D or None for "over 735", H, L)."""
    rows: list[tuple[int, int | None, str, str]] = []
    for line in SEED_TABLE_B.splitlines()[2:]:
        tokens = line.replace("over 735", "over-735").split()
        for i in range(0, len(tokens), 3):
            d, h, low = tokens[i:i + 3]
            if d == "over-735":
                rows.append((736, None, h, low))
            else:
                first, last = d.split("-")
                rows.append((int(first), int(last), h, low))
    return sorted(rows, key=lambda row: row[0])


def hundredths(printed: str) -> int:
    return int(Fraction(printed) * 100)


def test_table_a_matches_the_seed_entry_by_entry() -> None:
    printed = seed_dp()
    assert len(printed) == 101
    assert {hundredths(p): dp for p, dp in printed.items()} == dict(DP_TABLE)
    assert [p for p, _ in DP_TABLE] == list(range(100, -1, -1))
    # Spot checks read straight off the page.
    assert printed[".99"] == 677 and printed[".50"] == 0 and printed[".01"] == -677
    assert printed["1.0"] is None and printed[".00"] is None


def test_table_b_matches_the_seed_entry_by_entry() -> None:
    printed = seed_pd()
    assert len(printed) == 51
    assert [(lo, hi, hundredths(h), hundredths(low)) for lo, hi, h, low in printed] == list(PD_TABLE)
    # The rows cover every whole D from 0 with no gap and no overlap.
    for (_, high, _, _), (low, _, _, _) in pairwise(PD_TABLE):
        assert high is not None and low == high + 1


@pytest.mark.parametrize(
    ("d", "h", "low"),
    [(0, 50, 50), (3, 50, 50), (4, 51, 49), (10, 51, 49), (11, 52, 48), (344, 88, 12), (345, 89, 11),
     (350, 89, 11), (400, 92, 8), (619, 98, 2), (620, 99, 1), (735, 99, 1), (736, 100, 0), (2000, 100, 0)],
)
def test_table_b_boundaries(d: int, h: int, low: int) -> None:
    assert pd_row(d) == (h, low)


def test_expected_score_reads_the_table_at_its_edges() -> None:
    # Ratings of 2650 and over are uncapped under 2024 from 1 October 2025, so the far rows
    # of the table can be reached through the public function.
    later = date(2026, 1, 1)
    assert expected_score(2003, 2000, on=later) == 0.50  # D = 3: row 0-3
    assert expected_score(2004, 2000, on=later) == 0.51  # D = 4: row 4-10
    assert expected_score(2000, 2004, on=later) == 0.49
    assert expected_score(3400, 2665, on=later) == 0.99  # D = 735: row 620-735
    assert expected_score(3401, 2665, on=later) == 1.0  # D = 736: "over 735"
    assert expected_score(2665, 3401, on=later) == 0.0  # 2665 is not capped either
    assert expected_score(2600, 3401, on=later) == 0.08  # rated below 2650: capped at 400, row 392-411
    assert expected_score(2000, 2000) == 0.5


def test_a_fractional_difference_is_rounded_to_a_whole_number() -> None:
    assert expected_score(2003.4, 2000, rules="handbook") == 0.50
    assert expected_score(2003.5, 2000, rules="handbook") == 0.51


@pytest.mark.parametrize(
    ("p", "dp"),
    [(0.99, 677), (0.5, 0), (0.01, -677), (0.994, 677), (0.006, -677), (7 / 9, 220), (2 / 9, -220),
     (8 / 9, 351), (1 / 9, -351), (0.125, -336), (0.875, 336), (0.515, 14), (0.485, -14), (0.505, 7)],
)
def test_rating_difference(p: float, dp: int) -> None:
    # 7/9 = .777... falls in the row .78 (220) and 8/9 in .89 (351), as 10.54 uses them. The Handbook
    # does not say how an exact half is rounded; it goes away from .50 (.125 to .12, .875 to .88,
    # .505 to .51), so that opposite scores get opposite dp.
    assert rating_difference(p) == dp


def test_rating_difference_reads_a_float_as_the_decimal_meant() -> None:
    # 1 - 0.565 is 0.43500000000000005 in floating point; it is read as .435, a half, so .43.
    assert rating_difference(1 - 0.565) == -rating_difference(0.565) == -50


@pytest.mark.parametrize("p", [0, 1, 0.0049, 0.005, 0.995, 0.996, 1.0])
def test_rating_difference_is_indeterminate_at_zero_and_one(p: float) -> None:
    with pytest.raises(IndeterminateError, match="indeterminate"):
        rating_difference(p)


@pytest.mark.parametrize("p", [-0.01, 1.01, "0.5", None, float("nan")])
def test_rating_difference_refuses_what_is_not_a_percentage(p: object) -> None:
    with pytest.raises(ArgumentError, match="Argument 'p'"):
        rating_difference(p)  # type: ignore[arg-type]


def test_pd_of_higher_and_lower_add_up_to_one_for_every_difference() -> None:
    for d in range(0, 1200):
        h, low = pd_row(d)
        assert h + low == 100


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 4000), st.integers(0, 4000), st.sampled_from(["handbook", "2024"]))
def test_expected_scores_of_two_players_add_up_to_one(a: int, b: int, rules: str) -> None:
    # Before 1 October 2025 both editions cap both players alike.
    on = date(2025, 9, 30)
    total = expected_score(a, b, rules=rules, on=on) + expected_score(b, a, rules=rules, on=on)
    assert total == pytest.approx(1)


def test_dp_is_monotone_and_antisymmetric_around_one_half() -> None:
    known = [(p, dp) for p, dp in DP_TABLE if dp is not None]
    values = [dp for _, dp in sorted(known)]
    assert values == sorted(values) and len(set(values)) == len(values)
    table = dict(known)
    for p, dp in known:
        assert table[100 - p] == -dp


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 120).flatmap(lambda g: st.tuples(st.just(g), st.integers(1, 2 * g - 1))))
def test_dp_of_a_score_is_antisymmetric_and_monotone(case: tuple[int, int]) -> None:
    games, half_points = case
    p = half_points / (2 * games)
    assume(0.005 < p < 0.995)  # dp is indeterminate where p rounds to .00 or 1.0
    opposite = (2 * games - half_points) / (2 * games)  # 1 - p, without float error in the subtraction
    assert rating_difference(p) == -rating_difference(opposite)
    if (half_points + 1) / (2 * games) < 0.995:
        assert rating_difference((half_points + 1) / (2 * games)) >= rating_difference(p)
