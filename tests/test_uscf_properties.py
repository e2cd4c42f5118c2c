"""Invariants of the US Chess engine, checked with Hypothesis."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.model import Game
from xlrating.uscf import (
    UscfPlayer,
    rate_event,
    rating_floor,
    special_rating,
    special_solution,
    standard_rating,
    winning_expectancy,
)

ratings = st.floats(min_value=100, max_value=2800, allow_nan=False).map(lambda x: round(x, 2))
#: FIDE ratings as FIDE lists publish them (from 1000).
fide_ratings = st.integers(min_value=1000, max_value=2800).map(float)
effective = st.one_of(st.just(0.0), st.floats(min_value=0.0, max_value=50.0))
histories = st.sampled_from([None, "all wins", "all losses"])

Problem = tuple[float, float, list[float], float, str | None]
"""(R0, N', opponents' ratings, score, history)"""


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    opponents = draw(st.lists(ratings, min_size=1, max_size=9))
    halves = draw(st.integers(min_value=0, max_value=2 * len(opponents)))
    return draw(ratings), draw(effective), opponents, halves / 2, draw(histories)


def pwe(r: float, ri: float) -> float:
    """PWe written out from 2020 section 4.1."""
    return 0.0 if r <= ri - 400 else 1.0 if r >= ri + 400 else 0.5 + (r - ri) / 800


@settings(max_examples=300, deadline=None)
@given(problems())
def test_special_rating_solves_f_or_follows_the_p0_rule(case: Problem) -> None:
    r0, n, opponents, score, history = case
    s = special_solution(r0, n, opponents, score, history=history)
    prior, adjusted = s.adjusted_prior, s.adjusted_score

    def f(r: float) -> float:
        return n * pwe(r, prior) + sum(pwe(r, ri) for ri in opponents) - adjusted

    assert s.rating == min(s.solution, 2700)
    assert abs(f(s.solution)) <= 1e-7 * 10  # |f(M)| <= eps, up to rounding of f itself
    if s.p0_rule is None:
        # p > 0: some rating within 400 of the solution.
        assert any(abs(s.solution - r) <= 400 + 1e-9 for r in [*opponents, prior])
    else:
        za, zb = s.p0_stretch or (0.0, 0.0)
        # The stretch is flat at 0 and the solution is R0 moved into it.
        assert abs(f(za)) <= 1e-6 and abs(f(zb)) <= 1e-6
        assert s.solution == min(max(r0, za), zb)


@settings(max_examples=200, deadline=None)
@given(problems())
def test_one_more_point_never_lowers_the_special_rating(case: Problem) -> None:
    r0, n, opponents, score, history = case
    if score + 0.5 <= len(opponents):
        assert special_rating(r0, n, opponents, score + 0.5, history=history) >= \
            special_rating(r0, n, opponents, score, history=history) - 1e-9


@settings(max_examples=200, deadline=None)
@given(problems(), st.booleans(), st.sampled_from(["2009", "2020"]))
def test_one_more_point_never_lowers_the_standard_rating(
    case: Problem, repeated: bool, rules: str
) -> None:
    r0, n, opponents, score, _ = case
    if score + 0.5 <= len(opponents) and n + len(opponents) > 0:
        assert standard_rating(r0, n, opponents, score + 0.5, repeated_opponent=repeated, rules=rules) >= \
            standard_rating(r0, n, opponents, score, repeated_opponent=repeated, rules=rules)


@settings(max_examples=200, deadline=None)
@given(problems())
def test_without_bonus_the_change_has_the_sign_of_s_minus_e(case: Problem) -> None:
    r0, n, opponents, score, _ = case
    expected = sum(winning_expectancy(r0, r) for r in opponents)
    change = standard_rating(r0, n, opponents, score, bonus=False) - r0
    if score - expected > 1e-9:
        assert change > 0
    elif score - expected < -1e-9:
        assert change < 0
    else:
        assert abs(change) < 1e-6


@st.composite
def events(draw: st.DrawFn) -> tuple[list[UscfPlayer], list[Game], str]:
    size = draw(st.integers(min_value=2, max_value=8))
    players = []
    for number in range(1, size + 1):
        kind = draw(st.sampled_from(["established", "provisional", "unrated", "fide"]))
        extra = {"peak": draw(st.one_of(st.none(), ratings)), "floor": draw(st.one_of(st.none(), ratings)),
                 "wins": draw(st.integers(0, 20)), "draws": draw(st.integers(0, 10)),
                 "events": draw(st.integers(0, 10))}
        if kind == "established":
            players.append(UscfPlayer(number, draw(ratings), draw(st.integers(26, 500)), **extra))  # type: ignore[arg-type]
        elif kind == "provisional":
            floor = draw(st.one_of(st.none(), ratings))
            players.append(UscfPlayer(number, draw(ratings), draw(st.integers(0, 25)), floor=floor))
        elif kind == "unrated":
            players.append(UscfPlayer(number, adult=draw(st.booleans())))
        else:
            players.append(UscfPlayer(number, fide=draw(fide_ratings)))
    rng = random.Random(draw(st.integers(0, 10**6)))
    games = []
    for rnd in range(1, draw(st.integers(1, 5)) + 1):
        order = list(range(1, size + 1))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=False):
            games.append(Game(rnd, a, b, rng.choice([0, 0.5, 1])))
    return players, games, draw(st.sampled_from(["2009", "2011", "2020"]))


@settings(max_examples=100, deadline=None)
@given(events())
def test_no_rating_ends_below_its_floor(event: tuple[list[UscfPlayer], list[Game], str]) -> None:
    players, games, rules = event
    out = rate_event(players, games, rules=rules)
    for player, result in zip(players, out.players, strict=True):
        if result.rated_games == 0:
            continue
        assert result.post_rating is not None and result.floor is not None
        assert result.post_rating >= result.floor >= 100
        # The floor the outcome reports is the section 5 floor of the player's counts.
        wins = player.wins + sum(1 for g in result.games if g.score == 1)
        draws = player.draws + sum(1 for g in result.games if g.score == 0.5)
        established = player.rating is not None and (player.games is None or player.games > 25)
        # The pre-event rating of an established player is an attained established rating.
        peak = max(player.peak or 0, player.rating or 0) if established else None
        assert result.floor == rating_floor(peak=peak, wins=wins, draws=draws,
                                            events=player.events + (result.rated_games >= 3),
                                            explicit=player.floor, rules=rules)
