"""The five-step event algorithm (US Chess 2020, 1), worked by hand on small events.

The expected numbers below are the document's formulas evaluated step by step by hand;
Python only does the arithmetic written in each line.
"""

import datetime as dt
import math

import pytest

from xlrating.errors import ArgumentError, EventError, RulesError
from xlrating.model import Game, Method
from xlrating.uscf import UscfPlayer, core, rate_event, rate_match
from xlrating.uscf.match import match_eligible
from xlrating.uscf.match_event import match_ratings


def we(r: float, ri: float) -> float:
    """We of 2020 section 4.2, written out."""
    return 1 / (1 + 10 ** (-(r - ri) / 400))


def nstar_2020(r: float) -> float:
    return 50 / math.sqrt(0.662 + 0.00000739 * (2569 - r) ** 2)


# A round robin of four (2020 rules, Regular, no end date: B = 14, the 2020 document's value):
#   1: rated 1400, N = 30 (standard formula)   2: rated 1600, N = 4 (special formula)
#   3: unrated adult, no other data            4: unrated, FIDE 1900
# Round 1: 1-2 1-0, 3-4 draw; round 2: 1-3 1-0, 2-4 1-0; round 3: 1-4 1-0, 2-3 0-1.
# Scores: 1: 3, 2: 1 (L 1, W 4, L 3), 3: 1.5 (D 4, L 1, W 2), 4: 0.5 (D 3, L 2, L 1).
PLAYERS = [UscfPlayer(1, 1400, 30), UscfPlayer(2, 1600, 4), UscfPlayer(3, adult=True),
           UscfPlayer(4, fide=1900)]
GAMES = [Game(1, 1, 2, 1), Game(1, 3, 4, 0.5), Game(2, 1, 3, 1), Game(2, 2, 4, 1), Game(3, 1, 4, 1),
         Game(3, 2, 3, 0)]


def test_five_steps_by_hand() -> None:
    out = rate_event(PLAYERS, GAMES)
    p1, p2, p3, p4 = (out.player(n) for n in (1, 2, 3, 4))

    # Step 1. Player 3: adult without birth date: age-based 1300, N = 0 (2.1 priority 4).
    # Player 4: FIDE 1900 <= 2000: 180 + 0.94*1900 = 1966, FIDE <= 2150: N = 5 (priority 1).
    assert (p3.initial_rating, p3.initial_games) == (1300, 0)
    assert p4.initial_rating == pytest.approx(1966)
    assert p4.initial_games == 5
    assert (p1.initial_rating, p1.initial_games) == (1400, 30)

    # Step 2. N' = min(N, N*): 1: N* = 50/sqrt(0.662 + 0.00000739*1169^2) = 15.242 < 30;
    # 2: N* = 18.14 > 4: N' = 4; 3: N' = min(0, 14.1) = 0; 4: N* = 27.3 > 5: N' = 5.
    n1 = 50 / math.sqrt(0.662 + 0.00000739 * 1169**2)
    assert p1.effective_games == pytest.approx(n1)
    assert round(n1, 3) == 15.242
    assert (p2.effective_games, p3.effective_games, p4.effective_games) == (4, 0, 5)

    # Step 3, player 3 only (unrated, N = 0), N' = 1, R0 = 1300, opponents at pre-event or
    # step 1 ratings: 4 at 1966 (draw), 1 at 1400 (loss), 2 at 1600 (win); S = 1.5.
    # M = (1300 + 1966 + 1400 + 1600 + 400*(3 - 3))/4 = 6266/4 = 1566.5; every rating within 400
    # of M (1966 - 1566.5 = 399.5), so f is linear at M and f(M) = 0: step 3 = 1566.5.
    assert p3.step3 == pytest.approx(1566.5)
    assert p1.step3 is None and p4.step3 is None

    # Step 4, opponents at pre-event ratings, 3 at its step 3 (1566.5), 4 at its step 1 (1966).
    # Player 1, standard: K = 800/(15.242 + 3) = 43.854; E = We(1400,1600) + We(1400,1566.5)
    # + We(1400,1966) = 0.24025 + 0.27717 + 0.03706 = 0.55448; K(S - E) = 43.854*2.44552 = 107.25;
    # bonus (m = 3, m' = 4, B = 14): 107.25 - 28 = 79.25; step 4 = 1400 + 107.25 + 79.25 = 1586.49.
    k1 = 800 / (n1 + 3)
    e4 = we(1400, 1600) + we(1400, 1566.5) + we(1400, 1966)
    assert round(e4, 4) == 0.5545
    step4_1 = 1400 + 2 * k1 * (3 - e4) - 28
    assert p1.step4 == pytest.approx(step4_1)
    # Player 2, special, R0 = 1600, N' = 4, opponents 1 at 1400 (L), 4 at 1966 (W), 3 at 1566.5 (L),
    # S = 1 (S' = 3). M = (6400 + 4932.5 - 400)/7 = 1561.79; 1966 - 1561.79 = 404.2 >= 400, so
    # PWe(M, 1966) = 0, not the linear -0.005: f(M) = 0.00526 > eps (step 2). Knots below M:
    # 1000, 1166.5, 1200; z_a = 1200, f(1200) = 0 + 0.25 + 0 + 0.041875 - 3 = -2.708. f is linear on
    # [1200, M] with slope 6/800 (R'0 counted 4 times, 1400, 1566.5): its root is
    # 4(0.5 + (R - 1600)/800) + (0.5 + (R - 1400)/800) + (0.5 + (R - 1566.5)/800) = 3,
    # 6R = 6400 + 1400 + 1566.5 = 9366.5, R = 1561.083 (the secant M*, in [z_a, M)); p = 3.
    assert p2.step4 == pytest.approx(9366.5 / 6)
    # Player 3, special, N' = 0, opponents 4 at 1966 (its step 1 rating, N > 0), 1 at 1400, 2 at 1600,
    # S = 1.5: M = (1966 + 1400 + 1600 + 0)/3 = 1655.33, all within 400: step 4 = 4966/3.
    assert p3.step4 == pytest.approx(4966 / 3)
    # Player 4, special, R0 = 1966, N' = 5, opponents 3 at 1566.5 (D), 2 at 1600 (L), 1 at 1400 (L),
    # S = 0.5: M = (9830 + 4566.5 + 400*(1 - 3))/8 = 13596.5/8 = 1699.5625, all within 400.
    assert p4.step4 == pytest.approx(13596.5 / 8)

    # Step 5, every opponent at his step 4 rating.
    s4 = {1: step4_1, 2: 9366.5 / 6, 3: 4966 / 3, 4: 13596.5 / 8}
    # Player 1: E = We(1400, s4[2]) + We(1400, s4[3]) + We(1400, s4[4]); bonus again (K(S - E) > 28).
    e5 = we(1400, s4[2]) + we(1400, s4[3]) + we(1400, s4[4])
    post1 = 1400 + 2 * k1 * (3 - e5) - 28
    assert p1.post_rating == pytest.approx(post1)
    assert p1.expected_score == pytest.approx(e5)
    assert p1.k == pytest.approx(k1)
    assert p1.bonus == pytest.approx(k1 * (3 - e5) - 28)
    assert p1.method is Method.STANDARD
    # Player 2: M = (6400 + s4[1] + s4[4] + s4[3] + 400*(2 - 3))/7; s4[1] = 1586.5, s4[4] = 1699.6 and
    # s4[3] = 1655.3 are all within 400 of M = 1563.06 and of 1600: f linear, M is the rating.
    m2 = (6400 + s4[1] + s4[4] + s4[3] - 400) / 7
    assert all(abs(m2 - r) < 400 for r in (1600, s4[1], s4[4], s4[3]))
    assert p2.post_rating == pytest.approx(m2)
    # Player 3: N' = 0, opponents 4, 1, 2 at step 4, S = 1.5: M = (s4[4] + s4[1] + s4[2])/3.
    m3 = (s4[4] + s4[1] + s4[2]) / 3
    assert all(abs(m3 - r) < 400 for r in (s4[4], s4[1], s4[2]))
    assert p3.post_rating == pytest.approx(m3)
    # Player 4: M = (5*1966 + s4[3] + s4[2] + s4[1] + 400*(1 - 3))/8, all within 400.
    m4 = (5 * 1966 + s4[3] + s4[2] + s4[1] - 800) / 8
    assert all(abs(m4 - r) < 400 for r in (1966, s4[3], s4[2], s4[1]))
    assert p4.post_rating == pytest.approx(m4)
    assert {p.method for p in (p2, p3, p4)} == {Method.SPECIAL}

    # After the event: N + m (unrated players: their step 1 N + m); change only for rated players.
    assert [p.post_games for p in (p1, p2, p3, p4)] == [33, 7, 3, 8]
    assert p1.change == pytest.approx(post1 - 1400)
    assert p3.change is None and p3.pre_rating is None
    # Floors: player 1 is established: his pre-event 1400 is an attained established rating,
    # 1400 - 200 = 1200 is a level: floor 1200 (above his AF = 100 + 4*3 wins + 1 event = 113).
    # Player 3: AF = 100 + 4 wins + 2 draws + 1 event (m = 3) = 107. None applied.
    assert (p1.floor, p3.floor) == (1200, 107)
    assert not any(p.floor_applied for p in out.players)
    # The games as step 5 saw them.
    assert [(g.round, g.opponent, g.score) for g in p1.games] == [(1, 2, 1), (2, 3, 1), (3, 4, 1)]
    assert [g.opponent_rating for g in p1.games] == pytest.approx([s4[2], s4[3], s4[4]])
    assert sum(g.change or 0 for g in p1.games) == pytest.approx(k1 * (3 - e5))


def test_event_explains_itself() -> None:
    out = rate_event(PLAYERS, GAMES)
    assert out.system == "USCF" and out.rules == "USCF 2020" and out.rating_system == "Regular"
    params = dict(out.parameters)
    assert params["Bonus multiplier B"] == "14"
    assert "USCF 2020 document" in params["Bonus multiplier source"]
    assert params["Dual rated"] == "no"
    labels = [s.label for s in out.player(2).steps]
    assert labels[:2] == ["Step 1: initial rating", "Step 2: effective games N'"]
    assert "Step 4: intermediate rating" in labels and "Step 5: final rating" in labels
    assert "Special formula: knots" in labels
    step4 = next(s for s in out.player(2).steps if s.label.startswith("Step 4"))
    assert "2: secant" in step4.detail
    assert any(s.label.startswith("Step 3") for s in out.player(3).steps)
    assert any("FIDE 1900" in s.detail for s in out.player(4).steps)
    assert any(s.label == "Bonus" for s in out.player(1).steps)
    assert any("bonus" in n for n in out.player(1).notes)


def test_bonus_multiplier_sources() -> None:
    user = rate_event(PLAYERS, GAMES, bonus_multiplier=10)
    assert dict(user.parameters)["Bonus multiplier source"] == "set by the user"
    dated = rate_event(PLAYERS, GAMES, end_date=dt.date(2024, 5, 1))
    assert dict(dated.parameters)["Bonus multiplier B"] == "12"
    assert "2024-05-01" in dict(dated.parameters)["Bonus multiplier source"]
    # Player 1's bonus with B = 12 is larger by 2*sqrt(4) = 4 at step 5 (more at step 4 too).
    assert dated.player(1).bonus is not None and user.player(1).bonus is not None
    with pytest.raises(ArgumentError, match="10 or 12"):
        rate_event(PLAYERS, GAMES, end_date=dt.date(2016, 1, 1))
    assert rate_event(PLAYERS, GAMES, end_date=dt.date(2016, 1, 1), bonus_multiplier=12).player(1).bonus


def test_2009_stores_integers_rounded_toward_the_change() -> None:
    # Two established players, 1500 (N = 30), one game, 1 beats 2 (2009 rules).
    # N' = 50/sqrt(1 + 700^2/100000) = 50/sqrt(5.9) = 20.585, K = 800/(N' + 1) = 37.06.
    # Step 4: 1500 +/- 37.06*0.5 (no bonus, m = 1). Step 5: player 1 against 2's step 4 rating
    # 1481.47: 1500 + K*(1 - We(1500, 1481.47)) = 1517.54 -> rounded up 1518;
    # player 2: 1500 - K*We(1500, 1518.53) = 1482.46 -> rounded down 1482.
    k = 800 / (50 / math.sqrt(5.9) + 1)
    up = 1500 + k * (1 - we(1500, 1500 - k / 2))
    down = 1500 - k * we(1500, 1500 + k / 2)
    assert math.ceil(up) == 1518 and math.floor(down) == 1482
    out = rate_event([UscfPlayer(1, 1500, 30), UscfPlayer(2, 1500, 30)], [Game(1, 1, 2, 1)], rules="2009")
    assert out.player(1).step4 == pytest.approx(1500 + k / 2)
    assert (out.player(1).post_rating, out.player(2).post_rating) == (1518, 1482)
    assert dict(out.parameters)["Ratings stored as"] == "integers rounded toward the change"
    # 2020 stores the floats: a regression check that nothing rounds them.
    out20 = rate_event([UscfPlayer(1, 1500, 30), UscfPlayer(2, 1500, 30)], [Game(1, 1, 2, 1)])
    assert out20.player(1).post_rating != round(out20.player(1).post_rating or 0)


def test_2009_unrated_player_rounds_against_the_initial_rating() -> None:
    # Unrated player 1 (no data: 750, N = 0) beats player 2, 1500 (N = 30), 2009 rules.
    # Step 3 (N' = 1): M = (750 + 1500 + 400)/2 = 1325; f(1325) = 1 + 0.28125 - 1.5 = -0.21875;
    # z_b = 1900, f(1900) = 0.5; M* = 1325 + 0.21875*(575/0.71875) = 1500, f(1500) = 0: step 3 = 1500.
    # Step 4: player 2 (standard, K = 800/(20.585 + 1)): 1500 - K*We(1500, 1500) = 1500 - K/2;
    # player 1 (N' = 0): f(R) = PWe(R, 1500) - 1 = 0 from 1900 up; M = 1500 + 400 = 1900, p = 1.
    # Step 5: player 1 against 1500 - K/2: M = 1900 - K/2 = 1881.47, above 750: rounded up, 1882.
    k = 800 / (50 / math.sqrt(5.9) + 1)
    out = rate_event([UscfPlayer(1), UscfPlayer(2, 1500, 30)], [Game(1, 1, 2, 1)], rules="2009")
    assert out.player(1).step3 == 1500
    assert out.player(1).step4 == 1900
    assert out.player(1).post_rating == math.ceil(1900 - k / 2) == 1882
    # A loss instead. Step 3: M = (750 + 1500 - 400)/2 = 925, f(925) = 0.71875 + 0 - 0.5 = 0.21875;
    # z_a = 350, f(350) = -0.5; M* = 925 - 0.21875*(575/0.71875) = 750: step 3 = 750.
    # Step 4: player 2: 1500 + K*(1 - We(1500, 750)); player 1: M = 1500 - 400 = 1100, f = 0, p = 1.
    # Step 5: player 1: 1100 + K*(1 - We(1500, 750)) = 1100.49, above 750: rounded up, 1101.
    lost = rate_event([UscfPlayer(1), UscfPlayer(2, 1500, 30)], [Game(1, 1, 2, 0)], rules="2009")
    assert lost.player(1).step3 == 750
    assert lost.player(1).post_rating == math.ceil(1100 + k * (1 - we(1500, 750))) == 1101


def test_players_without_games_are_not_rated() -> None:
    players = [UscfPlayer(1, 1500, 30), UscfPlayer(2, 1600, 40), UscfPlayer(3, 1700, 50), UscfPlayer(4)]
    out = rate_event(players, [Game(1, 1, 2, 0.5)])
    rested, unrated = out.player(3), out.player(4)
    assert (rested.method, rested.post_rating) == (Method.NOT_RATED, 1700)
    assert (rested.post_games, rested.change) == (50, 0)
    assert (unrated.method, unrated.post_rating, unrated.change) == (Method.NOT_RATED, None, None)
    assert "stays unrated" in unrated.notes[0]


def test_established_player_without_n() -> None:
    # N not given: established; N' = N*; post N unknown.
    out = rate_event([UscfPlayer(1, 1700), UscfPlayer(2, 1700, 30)], [Game(1, 1, 2, 1)])
    p = out.player(1)
    assert p.effective_games == pytest.approx(nstar_2020(1700))
    assert p.method is Method.STANDARD and p.post_games is None
    assert p.notes == ()  # the usual case: notes are kept for what is unusual


def test_peak_floor_stops_a_fall() -> None:
    # Established 1800 (N = 50), peak 2050 -> 2050 - 200 = 1850 -> floor 1800. Losing four games
    # to 2000s would take him below 1800; the floor holds him there.
    players = [UscfPlayer(1, 1800, 50, peak=2050)] + [UscfPlayer(n, 2000, 50) for n in range(2, 6)]
    games = [Game(r, 1, r + 1, 0) for r in range(1, 5)]
    out = rate_event(players, games)
    p = out.player(1)
    assert p.floor == 1800 and p.floor_applied and p.post_rating == 1800
    assert any("floor 1800 applied" in n for n in p.notes)
    # A provisional player's peak is ignored.
    prov = rate_event([UscfPlayer(1, 1800, 20, peak=2050), *players[1:]], games).player(1)
    assert prov.floor == 100 + 1 and not prov.floor_applied
    assert any("peak ignored" in n for n in prov.notes)


def test_explicit_floor_in_an_event() -> None:
    # 2210 (N = 30) loses three games to 2400s: N* = 39.35, N' = 30, K = 800/33 = 24.2,
    # E = 3*We(2210, 2400) = 3*0.2512, change = -18.3, below the explicit (OLM) floor 2200, which holds.
    players = [UscfPlayer(1, 2210, 30, floor=2200)] + [UscfPlayer(n, 2400, 100) for n in (2, 3, 4)]
    out = rate_event(players, [Game(r, 1, r + 1, 0) for r in (1, 2, 3)])
    assert out.player(1).step4 == pytest.approx(2210 - 800 / 33 * 3 * we(2210, 2400))
    assert out.player(1).post_rating == 2200 and out.player(1).floor_applied


def test_repeated_opponent_gets_no_bonus() -> None:
    # Four wins over the same 1500: K(S - E) = 800/(N' + 4)*(4 - 2) is far above 28, but the
    # opponent was met more than twice: no bonus.
    out = rate_event([UscfPlayer(1, 1500, 30), UscfPlayer(2, 1500, 30)],
                     [Game(r, 1, 2, 1) for r in range(1, 5)])
    p = out.player(1)
    assert p.bonus is None
    assert any("more than 2 times" in n for n in p.notes)


def test_dual_rated_quick_event_uses_the_regular_rating_for_k() -> None:
    # Quick rating 2100, Regular rating 2400 (> 2200): K = 800(6.5 - 0.0025*2400)/(N' + m)
    # = 400/(N' + m), half the plain K.
    players = [UscfPlayer(1, 2100, 100, other_ratings={"Regular": (2400, 100)}), UscfPlayer(2, 2100, 100)]
    out = rate_event(players, [Game(1, 1, 2, 1)], rating_system="Quick", dual_rated=True)
    n = nstar_2020(2100)
    assert out.player(1).k == pytest.approx(400 / (n + 1))
    assert out.player(2).k == pytest.approx(800 / (n + 1))
    assert dict(out.parameters)["Dual rated"] == "yes"
    old = rate_event(players, [Game(1, 1, 2, 1)], rating_system="Quick", dual_rated=True, rules="2011")
    assert old.player(1).k == pytest.approx(800 / (50 / math.sqrt(1 + 100**2 / 100000) + 1))
    assert any("no dual-rated K" in n for n in old.notes)


def test_match_2020_caps_the_change_and_ignores_floors() -> None:
    # Two established players 1800 and 2100, ten games, the 1800 wins all: a change far above 50
    # is capped at +50 / -50; no bonus. Player 2 has an OLM-like explicit floor 2100 that is
    # not applied in a match.
    a, b = UscfPlayer(1, 1800, 100), UscfPlayer(2, 2100, 100, floor=2100)
    out = rate_match(a, b, [1] * 10)
    assert out.player(1).method is Method.MATCH
    assert out.player(1).post_rating == 1850
    assert out.player(2).post_rating == 2050 and not out.player(2).floor_applied
    assert any("not applied" in n for n in out.player(2).notes)
    assert out.player(1).bonus is None
    assert match_ratings(1800, 100, 2100, 100, [1] * 10) == (1850, 2050)


def test_match_eligibility() -> None:
    with pytest.raises(EventError, match="differ by 401"):
        rate_match(UscfPlayer(1, 1800, 100), UscfPlayer(2, 2201, 100), [1])
    with pytest.raises(EventError, match="established"):
        rate_match(UscfPlayer(1, 1800, 20), UscfPlayer(2, 1900, 100), [1])
    with pytest.raises(EventError, match="unrated"):
        rate_match(UscfPlayer(1), UscfPlayer(2, 1900, 100), [1])
    with pytest.raises(EventError, match="two players"):
        rate_event([UscfPlayer(1, 1800), UscfPlayer(2, 1800), UscfPlayer(3, 1800)], [Game(1, 1, 2, 1)],
                   event_type="Match")
    # 2009: rated suffices; no cap.
    assert match_eligible(1800, 20, 1900, 100, rules="2009")
    assert not match_eligible(1800, 20, 1900, 100)
    out = rate_match(UscfPlayer(1, 1800, 100), UscfPlayer(2, 2100, 100), [1] * 10, rules="2009")
    assert (out.player(1).post_rating or 0) - 1800 > 50


@pytest.mark.parametrize(
    ("players", "games", "kwargs", "error", "words"),
    [
        (PLAYERS, [*GAMES, Game(4, 1, 9, 1)], {}, EventError, "missing player 9"),
        ([*PLAYERS, UscfPlayer(2, 1500, 10)], GAMES, {}, EventError, "given more than once: 2"),
        (PLAYERS, [*GAMES, Game(3, 1, 2, 1)], {}, EventError, "player 1 has 2 games in round 3"),
        ([UscfPlayer(1, history="all wins"), UscfPlayer(2, 1500)], [Game(1, 1, 2, 1)], {}, EventError,
         "unrated"),
        (PLAYERS, GAMES, {"rating_system": "Bullet"}, RulesError, "'rating_system'"),
        (PLAYERS, GAMES, {"rating_system": "Blitz", "rules": "2009"}, RulesError, "Blitz"),
        (PLAYERS, GAMES, {"rules": "2010"}, RulesError, "'rules'"),
        (PLAYERS, GAMES, {"event_type": "Knockout"}, ArgumentError, "'event_type'"),
        (PLAYERS, GAMES, {"rating_system": "Blitz", "dual_rated": True}, ArgumentError, "dual"),
        (PLAYERS, GAMES, {"end_date": "2020-01-01"}, ArgumentError, "'end_date'"),
        (PLAYERS, GAMES, {"bonus_multiplier": -2}, ArgumentError, "'bonus_multiplier'"),
        ([1, 2], GAMES, {}, ArgumentError, r"'players\[0\]'"),
        (PLAYERS, [(1, 1, 2, 1)], {}, ArgumentError, r"'games\[0\]'"),
    ],
)
def test_bad_events(players: list[object], games: list[object], kwargs: dict[str, object],
                    error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        rate_event(players, games, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [({"rating": float("nan")}, "'rating of player 1'"),
     ({"rating": 1500, "games": -3}, "'games of player 1'"),
     ({"fide": "2000"}, "'fide of player 1'"), ({"history": "mostly wins"}, "'history of player 1'"),
     ({"wins": -1}, "'wins of player 1'"), ({"birth_date": 2010}, "'birth_date of player 1'"),
     ({"other_ratings": {"Quick": (1500, 2.5)}}, "games")],
)
def test_bad_players(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ArgumentError, match=words):
        UscfPlayer(1, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="'number'"):
        UscfPlayer(0)


def test_established_pre_event_rating_is_an_attained_peak() -> None:
    # Review finding: 2020 section 5 bases the floor on "the highest attained established
    # rating". An established player's pre-event rating is one he has attained, so the peak is
    # at least that rating even when no peak is given.
    # Player 1: 1400, N = 30 (established), no peak given: 1400 - 200 = 1200, a level: floor 1200.
    # He loses nine games to 1100s (N = 30 each).
    # Opponents, step 4: N* = 50/sqrt(0.662 + 0.00000739*1469^2) = 12.27 < 30, m = 1 (no bonus):
    #   1100 + 800/(12.27 + 1)*(1 - We(1100, 1400)) = 1151.2.
    # Player 1, step 5: N' = 15.24, K = 800/(15.24 + 9) = 33.0;
    #   1400 - K*9*We(1400, 1151.2) = 1400 - 33.0*9*0.807 = 1160 < 1200: the floor holds at 1200.
    n_opp = 50 / math.sqrt(0.662 + 0.00000739 * 1469**2)
    step4_opp = 1100 + 800 / (n_opp + 1) * (1 - we(1100, 1400))
    step5 = 1400 - 800 / (nstar_2020(1400) + 9) * 9 * we(1400, step4_opp)
    assert round(step4_opp, 1) == 1151.2 and round(step5) == 1160
    players = [UscfPlayer(1, 1400, 30)] + [UscfPlayer(n, 1100, 30) for n in range(2, 11)]
    games = [Game(r, 1, r + 1, 0) for r in range(1, 10)]
    p = rate_event(players, games).player(1)
    final = next(s for s in p.steps if s.label == "Step 5: final rating")
    assert final.value == pytest.approx(step5)
    assert (p.floor, p.floor_applied, p.post_rating) == (1200, True, 1200)
    # 2009: levels start at 1400, so 1400 - 200 = 1200 is no level; the absolute floor
    # (100 + 1 event) stays. N* = 50/sqrt(1 + (2200 - R0)^2/100000): opponents 13.80, player 18.38.
    # Opponents, step 4: 1100 + 800/(13.80 + 1)*(1 - We(1100, 1400)) = 1145.8; player 1, step 5:
    # 1400 - 800/(18.38 + 9)*9*We(1400, 1145.8) = 1186.5, below 1200, stored rounded down: 1186.
    opp09 = 1100 + 800 / (50 / math.sqrt(1 + 1100**2 / 100000) + 1) * (1 - we(1100, 1400))
    step5_09 = 1400 - 800 / (50 / math.sqrt(1 + 800**2 / 100000) + 9) * 9 * we(1400, opp09)
    assert round(opp09, 1) == 1145.8 and round(step5_09, 1) == 1186.5
    p09 = rate_event(players, games, rules="2009").player(1)
    assert (p09.floor, p09.floor_applied, p09.post_rating) == (101, False, math.floor(step5_09))
    # A provisional player (N = 25) has no established rating: no peak floor.
    prov = rate_event([UscfPlayer(1, 1400, 25), *players[1:]], games).player(1)
    assert prov.floor == 101 and not prov.floor_applied


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [({"other_ratings": []}, "'other_ratings of player 3'"),
     ({"other_ratings": ""}, "'other_ratings of player 3'"),
     ({"rating": True}, "'rating of player 3'"), ({"rating": float("inf")}, "'rating of player 3'"),
     ({"rating": 4000.5}, "'rating of player 3'"), ({"games": 2.5, "rating": 1500}, "'games of player 3'"),
     ({"wins": 10**10}, "'wins of player 3'"), ({"adult": 1}, None)],
)
def test_quick_player_construction_keeps_every_check(kwargs: dict[str, object], words: str | None) -> None:
    if words is None:
        assert UscfPlayer(3, **kwargs).adult is True  # type: ignore[arg-type]
        return
    with pytest.raises(ArgumentError, match=words):
        UscfPlayer(3, **kwargs)  # type: ignore[arg-type]


def test_quick_player_construction_normalises_like_the_checks() -> None:
    player = UscfPlayer(4, 1500, 30, fide=2000, cfc=1800, floor=1200, peak=1700)
    assert [type(getattr(player, f)) for f in ("rating", "fide", "cfc", "floor", "peak")] == [float] * 5
    given: dict[object, tuple[float, int | None]] = {}
    assert UscfPlayer(5, other_ratings=given).other_ratings is not given
    assert UscfPlayer(6, 1500.0, birth_date=dt.datetime(2010, 5, 1, 12)).birth_date == dt.date(2010, 5, 1)


def test_shared_keywords_are_checked() -> None:
    players, games = [UscfPlayer(1, 1500, 30), UscfPlayer(2, 1600, 30)], [Game(1, 1, 2, 1.0)]
    with pytest.raises(ArgumentError, match="'start_date'"):
        rate_event(players, games, start_date="2024-01-01")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"'end_date'.*before"):
        rate_event(players, games, start_date=dt.date(2024, 2, 1), end_date=dt.date(2024, 1, 1))
    with pytest.raises(ArgumentError, match="'event_name'"):
        rate_event(players, games, event_name=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="'explain'"):
        rate_event(players, games, explain="no")  # type: ignore[arg-type]
    outcome = rate_event(players, games, rules="US Chess 2011", start_date=dt.datetime(2024, 1, 5, 9),
                         end_date=dt.date(2024, 1, 6), event_name="Spring Open")
    assert outcome.parameters[:5] == (("Edition", "USCF 2011"), ("Event type", "Swiss"),
                                      ("Start date", "2024-01-05"), ("End date", "2024-01-06"),
                                      ("Event name", "Spring Open"))
    assert rate_event(players, games).parameters[:4] == (
        ("Edition", "USCF 2020"), ("Event type", "Swiss"), ("Start date", "not given"),
        ("End date", "not given"))


@pytest.mark.parametrize("vector_sides", [0, 10**9])
@pytest.mark.parametrize(
    ("games", "words"),
    [([*GAMES, Game(4, 1, 9, 1), Game(4, 8, 2, 0)],
      r"round 4: game 1-9 names missing player 9; round 4: game 8-2 names missing player 8"),
     ([*GAMES, Game(3, 1, 2, 1), Game(1, 4, 2, 0)],
      r"player 1 has 2 games in round 3; player 2 has 2 games in round 1; player 2 has 2 games in round 3; "
      r"player 4 has 2")],
)
def test_game_errors_alike_on_both_paths(games: list[Game], words: str, vector_sides: int,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # Small events take their games one by one, large ones as arrays: the same errors.
    monkeypatch.setattr(core, "FROM_SIDES", vector_sides)
    with pytest.raises(EventError, match=words):
        rate_event(PLAYERS, games)


@pytest.mark.parametrize("vector_sides", [0, 10**9])
def test_events_without_games(vector_sides: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "FROM_SIDES", vector_sides)
    assert rate_event([], []).players == ()
    out = rate_event(PLAYERS, [], explain=False)
    assert [p.method for p in out.players] == [Method.NOT_RATED] * 4
    assert [p.post_rating for p in out.players] == [1400.0, 1600.0, None, None]


@pytest.mark.parametrize("system", ["Regular", "Quick"])
def test_a_player_unrated_in_regular_has_the_ordinary_k_in_a_dual_rated_event(system: str) -> None:
    # US Chess 2020, 4.2: the dual-rated K needs "a player's regular (over-the-board) rating R"
    # over 2200; a player unrated in Regular has none (his step 1 rating is an estimate, not his
    # Regular rating), so K = 800/(N' + m). Player 1 starts from FIDE 2500 (20 + 1.02 x 2500 =
    # 2570 in Regular, N = 10) or from his Quick 2400 (N = 10), and plays m = 2 games: K = 800/12.
    strong = {"Regular": (2450.0, 40)} if system == "Quick" else {}
    roster = [
        UscfPlayer(1, fide=2500.0) if system == "Regular" else UscfPlayer(1, 2400.0, 10),
        UscfPlayer(2, 2300.0, 50, other_ratings=strong),
        UscfPlayer(3, 2250.0, 50, other_ratings=strong),
    ]
    games = [Game(1, 1, 2, 1.0), Game(2, 1, 3, 0.5), Game(3, 2, 3, 0.5)]
    outcome = rate_event(roster, games, rating_system=system, dual_rated=True, end_date=dt.date(2023, 6, 1))
    first = outcome.players[0]
    assert first.effective_games == 10 and first.k == pytest.approx(800 / 12)
    # Beside him, a Regular rating over 2200 gives the dual-rated K: 800(6.5 - 0.0025 R)/(N' + m).
    regular = 2300.0 if system == "Regular" else 2450.0
    second = outcome.players[1]
    assert second.effective_games is not None
    assert second.k == pytest.approx(800 * (6.5 - 0.0025 * regular) / (second.effective_games + 2))


@pytest.mark.parametrize("fide", [600, 999.5, 0])
def test_a_fide_rating_no_fide_list_has_published_is_refused_by_the_engine(fide: float) -> None:
    # US Chess 2020, 2.7 converts an unrated player's FIDE rating: FIDE 600 gave an initial rating
    # of -133 by the 2024 conversion (-1073 + 1.5667 x 600) without a word. No FIDE list has
    # published a rating under 1000 (its floor before 1 March 2024).
    from xlrating.uscf import fide_to_uscf

    with pytest.raises(ArgumentError, match="fide of player 1' must be a rating between 1000 and 4000"):
        UscfPlayer(1, fide=fide)
    with pytest.raises(ArgumentError, match="'fide' must be a rating between 1000 and 4000"):
        fide_to_uscf(fide, end_date=dt.date(2024, 5, 5))
    assert fide_to_uscf(1000, end_date=dt.date(2024, 5, 5)) == pytest.approx(-1073 + 1.5667 * 1000)
