"""The special rating formula, branch by branch (US Chess 2020, 4.1).

Each case is worked by hand from the document. Notation: PWe(R, Ri) = 0.5 + (R - Ri)/800
inside +/-400, f(R) = N' PWe(R, R'0) + sum PWe(R, Ri) - S',
M = (N' R'0 + sum Ri + 400(2S - m))/(N' + m).
"""

import pytest

from xlrating.errors import ArgumentError
from xlrating.uscf import special_rating, special_solution


def test_start_is_the_root_when_nothing_saturates() -> None:
    # R0 = 1500, N' = 4, opponents 1400, 1600, S = 1.5 (S' = 3.5).
    # M = (4*1500 + 3000 + 400*(3 - 2))/6 = 9400/6 = 1566.67. Every rating is within 400 of M,
    # so f is linear there and f(M) = 4*0.58333 + 0.70833 + 0.45833 - 3.5 = 0; p = 3: exit.
    s = special_solution(1500, 4, [1400, 1600], 1.5)
    assert s.start == pytest.approx(9400 / 6)
    assert s.iterations == ()
    assert s.p == 3 and s.p0_rule is None
    assert s.rating == pytest.approx(9400 / 6)
    assert s.knots == (1000, 1100, 1200, 1800, 1900, 2000)  # 1500, 1400, 1600 each -/+ 400


def test_step2_secant_within_the_piece() -> None:
    # R0 = 1500, N' = 2, opponents 1500 and 2400, S = 1 (S' = 2).
    # M = (3000 + 3900 + 0)/4 = 1725. f(1725) = 3*(0.5 + 225/800) + 0 - 2 = 0.34375 > eps.
    # Knots {1100, 1900, 2000, 2800}; z_a = 1100, f(1100) = -2.
    # M* = 1725 - 0.34375*(625/2.34375) = 1633.33, in [z_a, M): M <- M*, f(M*) = 0, p = 2.
    s = special_solution(1500, 2, [1500, 2400], 1)
    assert s.start == 1725
    assert [label for label, _ in s.iterations] == ["2: secant"]
    assert s.rating == pytest.approx(1500 + 400 / 3)
    assert s.p == 2


def test_step2_flat_stretch_moves_to_the_knot() -> None:
    # R0 = 1000, N' = 1, opponents 1000, 2600, 2600, S = 0.5 (S' = 1).
    # M = (1000 + 6200 + 400*(1 - 3))/4 = 1600. f(1600) = 1 + 1 + 0 + 0 - 1 = 1 > eps.
    # Knots {600, 1400, 2200, 3000}; z_a = 1400, f(1400) = 1 = f(M): |f(M) - f(z_a)| < eps,
    # M <- 1400, back to 2. z_a = 600, f(600) = -1; M* = 1400 - 1*(800/2) = 1000; f(1000) = 0.
    s = special_solution(1000, 1, [1000, 2600, 2600], 0.5)
    assert s.start == 1600
    assert s.iterations == (("2: flat, to knot", 1400.0), ("2: secant", 1000.0))
    assert s.rating == 1000
    assert s.p == 2


def test_step2_secant_below_the_knot_moves_to_the_knot() -> None:
    # R0 = 1000, N' = 1, opponents 1000, 1700, 2600, S = 0.5 (S' = 1).
    # M = (1000 + 5300 - 800)/4 = 1375. f(1375) = 2*0.96875 + 0.09375 + 0 - 1 = 1.03125.
    # Knots {600, 1300, 1400, 2100, 2200, 3000}; z_a = 1300, f(1300) = 2*0.875 - 1 = 0.75.
    # M* = 1375 - 1.03125*(75/0.28125) = 1100 < z_a: M <- 1300, back to 2.
    # z_a = 600, f(600) = -1; M* = 1300 - 0.75*(700/1.75) = 1000; f(1000) = 0, p = 2.
    s = special_solution(1000, 1, [1000, 1700, 2600], 0.5)
    assert s.start == 1375
    assert s.iterations == (("2: knot", 1300.0), ("2: secant", 1000.0))
    assert s.rating == 1000


def test_step3_secant_within_the_piece() -> None:
    # R0 = 1500, N' = 2, opponents 1000, 1800, S = 1 (S' = 2).
    # M = (3000 + 2800 + 0)/4 = 1450. f(1450) = 2*0.4375 + 1 + 0.0625 - 2 = -0.0625 < -eps.
    # Knots {600, 1100, 1400, 1900, 2200}; z_b = 1900, f(1900) = 2 + 1 + 0.625 - 2 = 1.625.
    # M* = 1450 + 0.0625*(450/1.6875) = 1466.67, in (M, z_b]: M <- M*; f = 0.
    s = special_solution(1500, 2, [1000, 1800], 1)
    assert [label for label, _ in s.iterations] == ["3: secant"]
    assert s.rating == pytest.approx(4400 / 3)


def test_step3_secant_beyond_the_knot_moves_to_the_knot() -> None:
    # The mirror image (x -> 3000 - x) of the step 2 knot case: R0 = 2000, N' = 1,
    # opponents 2000, 1300, 400, S = 2.5 (S' = 3). M = (2000 + 3700 + 800)/4 = 1625,
    # f(1625) = 2*0.03125 + 0.90625 + 1 - 3 = -1.03125. z_b = 1700, f(1700) = 0.25 + 2 - 3 = -0.75;
    # M* = 1625 + 1.03125*(75/0.28125) = 1900 > z_b: M <- 1700. z_b = 2400, f(2400) = 1;
    # M* = 1700 + 0.75*(700/1.75) = 2000; f(2000) = 0.
    s = special_solution(2000, 1, [2000, 1300, 400], 2.5)
    assert s.start == 1625
    assert s.iterations == (("3: knot", 1700.0), ("3: secant", 2000.0))
    assert s.rating == 2000


def test_step3_flat_stretch_moves_to_the_knot() -> None:
    # Mirror of the step 2 flat case: R0 = 2000, N' = 1, opponents 2000, 400, 400, S = 2.5.
    # M = (2000 + 2800 + 800)/4 = 1400; f(1400) = 0 + 0 + 1 + 1 - 3 = -1. Knots {0, 800, 1600, 2400};
    # z_b = 1600, f(1600) = -1 = f(M): M <- 1600, back to 3. z_b = 2400, f(2400) = 1;
    # M* = 1600 + 1*(800/2) = 2000.
    s = special_solution(2000, 1, [2000, 400, 400], 2.5)
    assert s.iterations == (("3: flat, to knot", 1600.0), ("3: secant", 2000.0))
    assert s.rating == 2000


def test_p0_rule_prior_left_of_the_stretch() -> None:
    # R0 = 1000, N' = 2, opponents 1900, 1900, S = 1 (S' = 2).
    # M = (2000 + 3800 + 0)/4 = 1450. PWe(1450, 1000) = 1 (450 >= 400), PWe(1450, 1900) = 0:
    # f(1450) = 2 + 0 - 2 = 0. p = 0 (every rating 450 away). Knots {600, 1400, 1500, 2300}:
    # z_a = 1400 < M < z_b = 1500; R0 = 1000 < z_a: M <- z_a = 1400.
    s = special_solution(1000, 2, [1900, 1900], 1)
    assert (s.p, s.p0_rule, s.p0_stretch) == (0, "left", (1400, 1500))
    assert s.rating == 1400


def test_p0_rule_prior_right_of_the_stretch() -> None:
    # Mirror: R0 = 2000, N' = 2, opponents 1100, 1100, S = 1. M = (4000 + 2200)/4 = 1550,
    # f(1550) = 0 + 2 - 2 = 0, p = 0; knots {700, 1500, 1600, 2400}: z_a = 1500, z_b = 1600;
    # R0 = 2000 > z_b: M <- 1600.
    s = special_solution(2000, 2, [1100, 1100], 1)
    assert (s.p, s.p0_rule, s.p0_stretch) == (0, "right", (1500, 1600))
    assert s.rating == 1600


def test_p0_rule_prior_inside_the_stretch_after_all_wins() -> None:
    # All wins before: R'0 = R0 - 400 = 600, S' = S + N'. R0 = 1000, N' = 1, opponents 1900,
    # 1900, S = 0 (S' = 1). M = (600 + 3800 + 400*(0 - 2))/3 = 1200. f(1200) = PWe(1200, 600) = 1,
    # + 0 + 0 - 1 = 0. p = 0 (|1200 - 1900| = 700, |1200 - 600| = 600). Knots {200, 1000, 1500, 2300}:
    # z_a = 1000 <= R0 = 1000 <= z_b = 1500: M <- R0 = 1000.
    s = special_solution(1000, 1, [1900, 1900], 0, history="all wins")
    assert (s.adjusted_prior, s.adjusted_score) == (600, 1)
    assert (s.p, s.p0_rule, s.p0_stretch) == (0, "inside", (1000, 1500))
    assert s.rating == 1000


def test_p0_rule_for_an_unrated_player_with_no_effective_games() -> None:
    # Step 4 for an unrated player with N = 0: N' = 0, R0 = 750 (default). Opponents 1000 and
    # 2000, S = 1. M = 3000/2 = 1500; f(1500) = 1 + 0 - 1 = 0; p = 0 (500 from each, 750 from R0).
    # Knots {350, 600, 1150, 1400, 1600, 2400}: z_a = 1400, z_b = 1600; R0 < z_a: M <- 1400.
    s = special_solution(750, 0, [1000, 2000], 1)
    assert (s.p0_rule, s.rating) == ("left", 1400)


def test_all_losses_history() -> None:
    # R0 = 1500, N' = 3, all losses before: R'0 = 1900, S' = S = 1. Opponents 1400, 1600, 1500.
    # M = (5700 + 4500 - 400)/6 = 1633.33; f(M) = 3*0.16667 + 0.79167 + 0.54167 + 0.66667 - 1 = 1.5.
    # Knots {1000, 1100, 1200, 1500, 1800, 1900, 2000, 2300}; z_a = 1500, f(1500) = 0.5;
    # M* = 1633.33 - 1.5*(133.33/1.0) = 1433.33 < 1500: M <- 1500. z_a = 1200,
    # f(1200) = 0.25 + 0 + 0.125 - 1 = -0.625; M* = 1500 - 0.5*(300/1.125) = 1366.67; f = 0.
    s = special_solution(1500, 3, [1400, 1600, 1500], 1, history="all losses")
    assert (s.adjusted_prior, s.adjusted_score) == (1900, 1)
    assert [label for label, _ in s.iterations] == ["2: knot", "2: secant"]
    assert s.rating == pytest.approx(4100 / 3)


def test_all_wins_history() -> None:
    # Mirror of the all-losses case: R'0 = 1100, S' = 2 + 3 = 5; M = (3300 + 4500 + 400)/6 = 1366.67,
    # f = -1.5; z_b = 1500, f(1500) = -0.5, M* = 1566.67 > 1500: M <- 1500; z_b = 1800,
    # f(1800) = 3 + 1 + 0.75 + 0.875 - 5 = 0.625; M* = 1500 + 0.5*(300/1.125) = 1633.33.
    s = special_solution(1500, 3, [1400, 1600, 1500], 2, history="all wins")
    assert (s.adjusted_prior, s.adjusted_score) == (1100, 5)
    assert [label for label, _ in s.iterations] == ["3: knot", "3: secant"]
    assert s.rating == pytest.approx(4900 / 3)


def test_cap_at_2700() -> None:
    # R0 = 2600, N' = 2, three wins against 2500s: M = (5200 + 7500 + 1200)/5 = 2780;
    # f(2780) = 2*0.725 + 3*0.85 - (3 + 1) = 0, p = 4. 2780 > 2700: the rating is 2700.
    s = special_solution(2600, 2, [2500, 2500, 2500], 3)
    assert s.solution == 2780
    assert s.capped and s.rating == 2700
    assert special_rating(2600, 2, [2500, 2500, 2500], 3) == 2700


def test_same_in_every_edition() -> None:
    for rules in ("2009", "2011"):
        assert special_rating(1000, 1, [1000, 1700, 2600], 0.5, rules=rules) == 1000
        assert special_rating(1500, 3, [1400, 1600, 1500], 1, history="all losses", rules=rules) == \
            pytest.approx(4100 / 3)


def test_solution_f_is_the_objective() -> None:
    s = special_solution(1500, 2, [1500, 2400], 1)
    assert s.f(1725) == pytest.approx(0.34375)
    assert s.f(s.rating) == pytest.approx(0, abs=1e-9)
    assert "p = 2" in s.describe()


@pytest.mark.parametrize(
    ("args", "kwargs", "argument"),
    [
        ((1500, -1, [1500], 1), {}, "'effective_games'"),
        ((1500, 4, [1500], 2), {}, "'score'"),
        ((1500, 4, [1500, 1600], 0.7), {}, "'score'"),
        ((float("nan"), 4, [1500], 1), {}, "'prior_rating'"),
        ((1500, 4, [1500, float("inf")], 1), {}, r"'opponent_ratings\[1\]'"),
        ((1500, 4, [], 0), {}, "'opponent_ratings'"),
        ((1500, 4, "1500", 0), {}, "'opponent_ratings'"),
        ((1500, 4, [1500], 1), {"history": "some wins"}, "'history'"),
        ((1500, 4, [1500], 1), {"rules": "2021"}, "'rules'"),
    ],
)
def test_bad_arguments(args: tuple[object, ...], kwargs: dict[str, object], argument: str) -> None:
    with pytest.raises(ArgumentError, match=argument):
        special_rating(*args, **kwargs)  # type: ignore[arg-type]
