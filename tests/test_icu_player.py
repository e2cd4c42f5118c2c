"""The ICU player (xlrating.icu.player) and the shape every engine shares (xlrating.icu.event).

Golden numbers are worked by hand from the ICU rating formulae (performance ratings and the
weighted average of a provisional rating) and the ICU rating program (a player whose prior
games plus event games reach 20 becomes fully rated after the event).
"""

from __future__ import annotations

import dataclasses
from datetime import date, datetime

import pytest

from xlrating.errors import ArgumentError, RulesError
from xlrating.icu import ICU, IcuPlayer, PlayerKind, kind_after, rate_event
from xlrating.model import EventType, Game, Method

RATED, PROVISIONAL, FOREIGN, UNRATED = (
    PlayerKind.RATED, PlayerKind.PROVISIONAL, PlayerKind.FOREIGN, PlayerKind.UNRATED
)


# --- the player -----------------------------------------------------------------------------------


def test_old_imports_still_work() -> None:
    from xlrating.icu import event, player

    assert event.IcuPlayer is player.IcuPlayer is IcuPlayer
    assert event.PlayerKind is player.PlayerKind and event.classify is player.classify


def test_construction_normalises_like_the_full_check() -> None:
    # The quick path (plain ints, floats, dates) and the full check give the same player.
    quick = IcuPlayer(3, RATED, 1800, games=25, k=24, birth_date=date(1990, 1, 2), joined=date(2010, 5, 6))
    assert (quick.rating, quick.k) == (1800.0, 24.0)
    assert type(quick.rating) is float and type(quick.k) is float
    full = IcuPlayer(3.0, "rated", 1800.0, games=25.0, k=24,  # type: ignore[arg-type]
                     birth_date=datetime(1990, 1, 2, 12, 0), joined=datetime(2010, 5, 6))
    assert full == quick
    assert type(full.number) is int and type(full.games) is int and type(full.birth_date) is date


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"number": True}, r"^Player True: Argument 'number' must be a whole number >= 1"),
    ({"number": 0}, r"^Player 0: Argument 'number' must be a whole number >= 1"),
    ({"rating": True}, r"^Player 1: Argument 'rating' must be a number, not True"),
    ({"rating": 4000.5}, r"^Player 1: Argument 'rating' must be a rating between 0 and 4000"),
    ({"rating": float("nan")}, r"^Player 1: Argument 'rating' must be a finite number"),
    ({"k": 0}, r"^Player 1: Argument 'k' must be a number > 0"),
    ({"k": float("inf")}, r"^Player 1: Argument 'k' must be a finite number"),
    ({"games": -1}, r"^Player 1: Argument 'games' must be a whole number >= 0"),
    ({"games": 2.5}, r"^Player 1: Argument 'games' must be a whole number >= 0"),
    ({"birth_date": "2001-01-01"}, r"^Player 1: Argument 'birth_date' must be a date"),
    ({"kind": "master"}, r"^Player 1: Argument 'kind' must be one of 'rated'"),
])
def test_every_bad_field_is_named(kwargs: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {"number": 1, "kind": RATED, "rating": 1800, "k": 24, **kwargs}
    with pytest.raises(ArgumentError, match=message):
        IcuPlayer(**fields)  # type: ignore[arg-type]


# --- the player's kind after the event ------------------------------------------------------------


def test_a_provisional_player_reaching_20_games_is_rated_after_the_event() -> None:
    # P (provisional 1500 after 15 games) draws 5 games with players rated 1500: performance
    # mean(1500 x 5) = 1500, weighted (1500 x 15 + 1500 x 5)/20 = 1500; 15 + 5 = 20 games.
    # Q (provisional 1500 after 10 games) plays the same 5: 15 games, still provisional.
    # U (unrated) plays 2 of them and draws: performance 1500 after 2 games: provisional.
    rated = [IcuPlayer(n, RATED, 1500, k=24) for n in range(10, 15)]
    players = [IcuPlayer(1, PROVISIONAL, 1500, games=15), IcuPlayer(2, PROVISIONAL, 1500, games=10),
               IcuPlayer(3, UNRATED), IcuPlayer(4, FOREIGN, 2000), *rated]
    games = [Game(r, 1, 10 + r - 1, 0.5) for r in range(1, 6)]
    games += [Game(r, 2, 10 + r % 5, 0.5) for r in range(1, 6)]
    games += [Game(6, 3, 10, 0.5), Game(7, 3, 11, 0.5), Game(7, 4, 12, 1)]
    outcome = rate_event(players, games)
    p, q, u, f = (outcome.player(n) for n in (1, 2, 3, 4))
    assert (p.post_rating, p.post_games, kind_after(p)) == (1500, 20, RATED)
    assert "becomes fully rated after this event" in p.notes
    assert (q.post_rating, q.post_games, kind_after(q)) == (1500, 15, PROVISIONAL)
    assert (u.method, u.post_rating, u.post_games) == (Method.PERFORMANCE, 1500, 2)
    assert kind_after(u) is PROVISIONAL
    assert kind_after(f) is FOREIGN
    assert kind_after(outcome.player(10)) is RATED
    # The next event takes P as a rated player (K from the dates), Q and U as provisional ones.
    nxt = [IcuPlayer(1, kind_after(p), p.post_rating, games=p.post_games, birth_date=date(1980, 1, 1),
                     joined=date(2000, 1, 1)),
           IcuPlayer(2, kind_after(q), q.post_rating, games=q.post_games),
           IcuPlayer(3, kind_after(u), u.post_rating, games=u.post_games)]
    second = rate_event(nxt, [Game(1, 1, 2, 1), Game(2, 1, 3, 1)], start_date=date(2024, 9, 1))
    assert second.player(1).method is Method.ELO and second.player(1).k == 24
    assert second.player(1).post_games == 22
    # Q: (1500 x 15 + (1500 - 400))/16 = 1475; U: (1500 x 2 + 1100)/3 = 1366.67 -> 1367.
    assert [second.player(n).post_rating for n in (2, 3)] == [1475, 1367]


def test_kind_after_a_player_not_rated_is_the_kind_before() -> None:
    players = [IcuPlayer(1, RATED, 1500, k=24), IcuPlayer(2, PROVISIONAL, 1400, games=5),
               IcuPlayer(3, UNRATED), IcuPlayer(4, RATED, 1700, games=40, k=16)]
    outcome = rate_event(players, [])
    assert [kind_after(p) for p in outcome.players] == [RATED, PROVISIONAL, UNRATED, RATED]
    assert all(p.method is Method.NOT_RATED for p in outcome.players)
    assert [p.post_games for p in outcome.players] == [None, 5, None, 40]


# --- the shared keywords of rate_event ------------------------------------------------------------


PLAYERS = [IcuPlayer(1, RATED, 1800, birth_date=date(1980, 5, 1), joined=date(2020, 1, 1)),
           IcuPlayer(2, RATED, 1600, k=24)]
GAMES = [Game(1, 1, 2, 1)]


def test_parameters_start_with_the_shared_keys() -> None:
    outcome = rate_event(PLAYERS, GAMES, event_type="round robin", start_date=date(2024, 5, 1),
                         end_date=date(2024, 5, 3))
    assert outcome.parameters[:4] == (("Edition", "ICU"), ("Event type", "Round robin"),
                                      ("Start date", "2024-05-01"), ("End date", "2024-05-03"))
    bare = rate_event(PLAYERS[1:], [])
    assert bare.parameters[:4] == (("Edition", "ICU"), ("Event type", "Swiss"), ("Start date", ""),
                                   ("End date", ""))
    assert rate_event(PLAYERS, GAMES, event_type=EventType.MATCH, start_date=date(2024, 5, 1)) \
        .parameters[1] == ("Event type", "Match")


def test_k_is_taken_at_the_start_date_else_the_end_date() -> None:
    # Player 1 joined on 1 January 2020: under 8 years at both dates -> K 32; aged 44 on 2024-05-01.
    by_end = rate_event(PLAYERS, GAMES, end_date=date(2024, 5, 3))
    assert by_end.player(1).k == 32
    assert by_end.player(1).steps[1].detail == "aged 44, member for 4 years (under 8)"
    # Born 1 May 1980: 43 on 30 April 2024 (the start), 44 on 3 May (the end): the start decides.
    both = rate_event(PLAYERS, GAMES, start_date=date(2024, 4, 30), end_date=date(2024, 5, 3))
    assert both.player(1).steps[1].detail == "aged 43, member for 4 years (under 8)"
    with pytest.raises(ArgumentError, match=r"^Player 1: Argument 'start_date' is needed"):
        rate_event(PLAYERS, GAMES)


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"event_type": "blitz"}, ArgumentError, r"^Argument 'event_type' must be one of 'Swiss'"),
    ({"end_date": "2024-05-03"}, ArgumentError, r"^Argument 'end_date' must be a date"),
    ({"start_date": date(2024, 5, 4), "end_date": date(2024, 5, 3)}, ArgumentError,
     r"^Argument 'end_date' must not be before 'start_date' \(2024-05-04\), not 2024-05-03"),
    ({"explain": "no"}, ArgumentError, r"^Argument 'explain' must be True or False, not 'no'"),
    ({"rules": "FIDE 2024"}, RulesError, r"^Argument 'rules' must be one of 'ICU', not 'FIDE 2024'"),
])
def test_shared_keywords_are_checked(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        rate_event(PLAYERS, GAMES, **{"start_date": date(2024, 5, 1), **kwargs})  # type: ignore[arg-type]


def test_rules_none_a_name_or_an_object() -> None:
    start = date(2024, 5, 1)
    default = rate_event(PLAYERS, GAMES, start_date=start)
    assert rate_event(PLAYERS, GAMES, start_date=start, rules=" icu ") == default
    assert rate_event(PLAYERS, GAMES, start_date=start, rules=ICU) == default
    lower = rate_event(PLAYERS, GAMES, start_date=start, rules=dataclasses.replace(ICU, k_new_member=30.0))
    assert lower.player(1).k == 30


def test_explain_false_keeps_every_number_and_drops_steps_and_game_lines() -> None:
    start = date(2024, 5, 1)
    full = rate_event(PLAYERS, GAMES, start_date=start)
    bare = rate_event(PLAYERS, GAMES, start_date=start, explain=False)
    for a, b in zip(full.players, bare.players, strict=True):
        assert a.steps and a.games and not b.steps and not b.games
        assert dataclasses.replace(a, steps=(), games=()) == b
    assert (full.parameters, full.notes) == (bare.parameters, bare.notes)
