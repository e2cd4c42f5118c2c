"""An engine's refusal of several players of one event: every player named at once, by the
engine directly and by the lists' season, where each problem names the player's ID."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from xlrating import uscf
from xlrating.errors import EventError, InputError, Problem
from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.model import Game


def test_the_us_chess_engine_names_every_unrated_player_with_a_history() -> None:
    players = [uscf.UscfPlayer(1, history="all wins"), uscf.UscfPlayer(2, 1500, 30),
               uscf.UscfPlayer(3, history="all losses")]
    games = [Game(1, 1, 2, 1.0), Game(2, 2, 3, 0.5)]
    with pytest.raises(EventError) as caught:
        uscf.rate_event(players, games, end_date=dt.date(2024, 1, 1))
    assert str(caught.value).splitlines() == [
        "Player 1: unrated, but has history 'all wins': an all-wins or all-losses history needs a rating",
        "Player 3: unrated, but has history 'all losses': an all-wins or all-losses history needs a rating",
    ]


def test_a_season_names_every_player_the_us_chess_engine_refuses_by_id() -> None:
    # Other systems' ratings are checked by the engine; it stopped at its first player, and the
    # season said so at the event, with the engine's seat number.
    entries = {
        "A": Entry("A", rating=1500.0, games=30, other_ratings={"Quick": (5000.0, 3)}),
        "B": Entry("B", rating=1600.0, games=30, other_ratings={"Quick": (-1.0, 3)}),
        "C": Entry("C", rating=1700.0, games=30),
    }
    ratings = RatingList("USCF", entries, rules="2020", rating_system="Regular")
    event = Event("E1", dt.date(2024, 1, 1), games=((1, "A", "B", 1.0), (2, "A", "C", 0.5)), dual_rated=True)
    with pytest.raises(InputError) as caught:
        rate_season(ratings, [event])
    rule = "rating' must be a rating between 0 and 4000"
    assert caught.value.problems == (
        Problem("event E1: player 'A'", f"Argument 'other_ratings of player 1['Quick'] {rule}, not 5000.0"),
        Problem("event E1: player 'B'", f"Argument 'other_ratings of player 2['Quick'] {rule}, not -1.0"),
    )


#: Why an ICU player without K has none (in the words of a crosstable's check of the same row).
NEED = "so K depends on age and membership: give K, or Birth date (and Joined for players aged 21 or more)"


def icu_list() -> RatingList:
    """ICU players rated under 2100 with K given, but for B and D (no K, no birth date: the
    engine cannot decide their K)."""
    entries = {key: Entry(key, rating=1800.0 - 50 * index, games=40, k=None if key in "BD" else 24)
               for index, key in enumerate("ABCDEF")}
    return RatingList("ICU", entries, rules="ICU")


def test_a_season_names_the_refused_players_of_every_event_at_once() -> None:
    first = Event("Autumn", dt.date(2024, 10, 5), games=((1, "A", "B", 1.0),))
    second = Event("Winter", dt.date(2024, 12, 7), games=((1, "C", "D", 0.5),))
    with pytest.raises(InputError) as caught:
        rate_season(icu_list(), [second, first])
    assert [problem.where for problem in caught.value.problems] == [
        "event Autumn: player 'B'", "event Winter: player 'D'"]
    assert caught.value.title == "The events Autumn and Winter cannot be rated"


def test_after_a_refused_event_only_what_does_not_depend_on_it_is_reported() -> None:
    # B's Autumn is refused, so his rating after it is unknown: Winter's problem with B depends
    # on it and is not reported; D's own problem in Winter does not, and is.
    autumn = Event("Autumn", dt.date(2024, 10, 5), games=((1, "A", "B", 1.0),))
    winter = Event("Winter", dt.date(2024, 12, 7), games=((1, "B", "C", 0.5), (1, "D", "E", 0.5)))
    with pytest.raises(InputError) as caught:
        rate_season(icu_list(), [autumn, winter])
    assert caught.value.problems == (
        Problem("event Autumn: player 'B'", f"rated 1750 over 40 games, below 2100, {NEED}"),
        Problem("event Winter: player 'D'", f"rated 1650 over 40 games, below 2100, {NEED}"),
    )


def test_one_refused_event_keeps_its_title() -> None:
    first = Event("Autumn", dt.date(2024, 10, 5), games=((1, "A", "B", 1.0),))
    with pytest.raises(InputError) as caught:
        rate_season(icu_list(), [first])
    assert caught.value.title == "The event Autumn cannot be rated"


def test_a_us_chess_season_names_the_refused_players_of_both_events() -> None:
    entries = {
        "A": Entry("A", rating=1500.0, games=30, other_ratings={"Quick": (5000.0, 3)}),
        "B": Entry("B", rating=1600.0, games=30),
        "C": Entry("C", rating=1700.0, games=30, other_ratings={"Quick": (-1.0, 3)}),
        "D": Entry("D", rating=1800.0, games=30),
    }
    ratings = RatingList("USCF", entries, rules="2020", rating_system="Regular")
    events = [Event("E1", dt.date(2024, 1, 1), games=((1, "A", "B", 1.0),), dual_rated=True),
              Event("E2", dt.date(2024, 2, 1), games=((1, "D", "C", 1.0),), dual_rated=True)]
    with pytest.raises(InputError) as caught:
        rate_season(ratings, events)
    places = [problem.where for problem in caught.value.problems]
    assert places == ["event E1: player 'A'", "event E2: player 'C'"]


@pytest.mark.parametrize(("entries", "match", "message"), [
    # The engine's refusal named its seat numbers: here seat 1 is player 2 (the one with 10
    # games), and "player 1's rating is based on 10 games" named the wrong player of the list.
    ({1: Entry(1, 1500, 100), 2: Entry(2, 1500, 10)},
     Event("m", dt.date(2024, 5, 1), [(1, 2, 1, 1.0)], event_type="Match"),
     "this match cannot be rated under USCF 2020: player 2's rating is based on 10 games; USCF 2020 needs "
     "both players to have established ratings (more than 25 games)"),
    # Dual-rated: rated in Regular, then in Quick, where "a" has no rating: the crosstable says
    # "Quick: " too.
    ({"a": Entry("a", 1500, 100), "b": Entry("b", 1500, 100, other_ratings={"Quick": (1000, 50)})},
     Event("m", dt.date(2024, 5, 1), [(1, "a", "b", 1.0)], event_type="Match", dual_rated=True),
     "Quick: this match cannot be rated under USCF 2020: player 'a' is unrated; both players must be rated"),
])
def test_a_us_chess_match_a_season_refuses_names_its_players_by_id(entries: dict[Any, Entry], match: Event,
                                                                    message: str) -> None:
    with pytest.raises(InputError) as caught:
        rate_season(RatingList("USCF", entries), [match])
    assert [(p.where, p.message) for p in caught.value.problems] == [("event m", message)]


def test_a_us_chess_season_names_a_player_with_two_games_in_a_round_by_id() -> None:
    # A table without rounds may give every game round 1 (FIDE and ICU rate it); US Chess rates
    # one game per round, and its refusal named the engine's seat number: "player 1 has 2 games
    # in round 1" for "c", while the list's player 1 is someone else.
    entries = {1: Entry(1, 1500, 100), 2: Entry(2, 1500, 100), "c": Entry("c", 1500, 100)}
    event = Event("e1", dt.date(2024, 5, 1), [(1, "c", 2, 1.0), (1, "c", 1, 1.0)])
    with pytest.raises(InputError) as caught:
        rate_season(RatingList("USCF", entries), [event])
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("event e1: player 'c'", "has 2 games in round 1; a player can play one game per round")]
