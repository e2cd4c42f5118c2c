"""The FIDE engine's shape, shared with the other engines: the player and rules modules,
``rate_event``'s shared keywords, the parameters every engine starts with, and the checks."""

from datetime import date, datetime

import pytest

from xlrating.errors import ArgumentError, EventError
from xlrating.fide import DEFAULT, FIDE_2024, HANDBOOK, FidePlayer, get_rules, rate_event
from xlrating.fide import event as event_module
from xlrating.fide import player as player_module
from xlrating.model import Game

END = date(2025, 6, 30)
PAIR = [FidePlayer(1, 2000), FidePlayer(2, 1900)]
ONE_GAME = [Game(1, 1, 2, 1)]


def test_old_imports_still_work() -> None:
    assert event_module.FidePlayer is player_module.FidePlayer is FidePlayer


@pytest.mark.parametrize(("rules", "expected"), [(None, FIDE_2024), ("FIDE handbook", HANDBOOK),
                                                   (" fide   HANDBOOK ", HANDBOOK), (HANDBOOK, HANDBOOK)])
def test_rules_by_key_name_object_or_none(rules: object, expected: object) -> None:
    assert get_rules(rules) is expected  # type: ignore[arg-type]
    assert rate_event(PAIR, ONE_GAME, rules=rules, end_date=END).rules == expected.display  # type: ignore[arg-type,attr-defined]
    assert DEFAULT is FIDE_2024


def test_parameters_start_with_the_shared_keys() -> None:
    outcome = rate_event(PAIR, ONE_GAME, start_date=date(2025, 6, 28), end_date=END, event_name="Club open")
    assert outcome.parameters[:5] == (("Edition", "FIDE 2024"), ("Event type", "Swiss"),
                                      ("Start date", "2025-06-28"), ("End date", "2025-06-30"),
                                      ("Event", "Club open"))
    bare = rate_event(PAIR, ONE_GAME)
    assert bare.parameters[:4] == (("Edition", "FIDE 2024"), ("Event type", "Swiss"), ("Start date", ""),
                                   ("End date", ""))
    assert ("Rated as of", f"{date.today().isoformat()} (no end date given: today)") in bare.parameters


def test_shared_keywords_are_checked() -> None:
    with pytest.raises(EventError, match="start date 2025-07-01 is after its end date 2025-06-30"):
        rate_event(PAIR, ONE_GAME, start_date=date(2025, 7, 1), end_date=END)
    with pytest.raises(ArgumentError, match="Argument 'start_date' must be a date"):
        rate_event(PAIR, ONE_GAME, start_date="2025-06-01")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="Argument 'event_name' must be text"):
        rate_event(PAIR, ONE_GAME, event_name=7)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="Argument 'explain' must be True or False"):
        rate_event(PAIR, ONE_GAME, explain=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"Argument 'games\[1\]' must be a Game"):
        rate_event(PAIR, [ONE_GAME[0], (1, 2, 1, 0)])  # type: ignore[list-item]
    with pytest.raises(ArgumentError, match="Argument 'players' must be a sequence"):
        rate_event("12", ONE_GAME)  # type: ignore[arg-type]
    # A start date from a spreadsheet (a datetime) is a date.
    outcome = rate_event(PAIR, ONE_GAME, start_date=datetime(2025, 6, 1, 0, 0), end_date=END)
    assert ("Start date", "2025-06-01") in outcome.parameters


def test_players_numbered_in_any_order() -> None:
    # The arrays index players by position, not by number.
    players = [FidePlayer(40, 2000), FidePlayer(7, 1900), FidePlayer(1000, 2100)]
    games = [Game(1, 7, 40, 0.5), Game(2, 1000, 7, 1), Game(2, 40, 1000, 0)]
    outcome = rate_event(players, games, end_date=END, rules="handbook")
    # 40 (2000, K 15): draw with 1900 (D 100, H .64) and loss to 2100 (L .36):
    # 15 x (.5 - .64 + 0 - .36) = -7.5 -> 1992.5 rounded 1993 (10.53, halves away from zero).
    assert outcome.player(40).post_rating == 1993
    assert [g.opponent for g in outcome.player(40).games] == [7, 1000]
    with pytest.raises(EventError, match="names missing player 8"):
        rate_event(players, [Game(1, 7, 8, 1)], end_date=END)


def test_games_in_any_round_order_are_listed_by_round() -> None:
    games = [Game(3, 1, 2, 1), Game(1, 2, 1, 1), Game(2, 1, 2, 0.5)]
    lines = rate_event(PAIR, games, end_date=END).player(1).games
    assert [(g.round, g.score) for g in lines] == [(1, 0.0), (2, 0.5), (3, 1.0)]


@pytest.mark.parametrize("rating", [2000, 2000.0, 2000.5])
def test_a_player_is_normalised_and_checked(rating: float) -> None:
    player = FidePlayer(3, rating, games=12.0, highest_rating=2100)  # type: ignore[arg-type]
    assert player.rating == rating and isinstance(player.rating, float)
    assert player.games == 12 and isinstance(player.games, int)
    assert isinstance(player.highest_rating, float)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"number": 0}, "Argument 'number' must be a whole number >= 1"),
    ({"number": True}, "Argument 'number'"),
    ({"number": 1, "rating": True}, "Argument 'rating' must be a number"),
    ({"number": 1, "rating": 4000.5}, "Argument 'rating' must be a rating between 0 and 4000"),
    ({"number": 1, "rating": float("nan")}, "Argument 'rating' must be a finite number"),
    ({"number": 1, "rating": "2000"}, "Argument 'rating' must be a number"),
    ({"number": 1, "games": -1}, "Argument 'games'"),
    ({"number": 1, "birth_date": "2010-01-01"}, "Argument 'birth_date' must be a date"),
    ({"number": 1, "rated_since_event": 1}, "Argument 'rated_since_event' must be True or False"),
])
def test_a_bad_player_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        FidePlayer(**kwargs)  # type: ignore[arg-type]


def test_a_difference_just_over_the_cap_counts_as_capped() -> None:
    # Handbook 10.51: 2750.4 - 2400 = 350.4 is more than 350, so it counts as 350 (rounded, D
    # would be 350 anyway: PD .89 / .11 either way, row 345-357); the game is reported as capped.
    players = [FidePlayer(1, 2750.4), FidePlayer(2, 2400)]
    outcome = rate_event(players, [Game(1, 1, 2, 1)], rules="handbook", end_date=END)
    top = outcome.player(1)
    assert top.expected_score == 0.89
    assert "1 game capped at a difference of 350" in top.notes
    # K 10 (a rating over 2400): 10 x (1 - .89) = 1.1; 2751.5 rounds to 2752 (10.53).
    assert top.post_rating == 2752
    assert "1 game capped at a difference of 350" in outcome.player(2).notes
