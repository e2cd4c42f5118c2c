"""A season rated from Python says the defaults it took (:attr:`SeasonResult.warnings`), naming
the list entries and each event's new players by ID, as a season workbook names their cells."""

from __future__ import annotations

import datetime as dt

import pytest

from xlrating.lists import Entry, Event, RatingList, rate_season

END = dt.date(2024, 10, 5)
BORN, JOINED = dt.date(1980, 1, 1), dt.date(2000, 1, 1)


def event(**players: dict[str, object]) -> Event:
    return Event("autumn", END, [(1, 1, 2, 1.0), (1, 3, 4, 0.5), (2, 1, 3, 0.0), (2, 2, 4, 1.0)],
                 players={int(key[1:]): data for key, data in players.items()})


@pytest.mark.parametrize(("system", "reading"), [
    ("USCF", "an established player's: N unknown, so the effective games N' and K come from the rating alone "
             "(US Chess 2020, 3)"),
    ("FIDE", "a player's with 30 games or more: no K 40 of a new player (FIDE 2024, 8.3.3)"),
])
def test_a_blank_games_count_beside_a_rating_is_said_with_the_ids(system: str, reading: str) -> None:
    ratings = RatingList(system, {1: Entry(1, 1800), 2: Entry(2, 1700, 40), 5: Entry(5, 1600)})
    result = rate_season(ratings, [event(p3={"rating": 1500}, p4={})])
    said = f"read as {reading}; where a player's games are known, give them"
    # Entry 5 plays no game: nothing of his is taken.
    assert result.warnings == (f"list entries of 1 player (ID 1): games is None beside a rating, {said}",
                               f"event autumn: new 1 player (ID 3) given a rating without games, {said}")


def test_an_icu_rating_alone_is_a_foreign_players_and_a_k_takes_no_games() -> None:
    ratings = RatingList("ICU", {1: Entry(1, 1800), 2: Entry(2, 1700, k=24),
                                 3: Entry(3, 1600, birth_date=BORN, joined=JOINED)})
    result = rate_season(ratings, [event(p4={})])
    assert result.warnings == (
        "list entries of 1 player (ID 3): games is None beside a rating, read as a rated player's, not a "
        "provisional one's (Games 1-19); where a player's games are known, give them",)


def test_a_season_with_nothing_blank_says_nothing() -> None:
    ratings = RatingList("USCF", {1: Entry(1, 1800, 40), 2: Entry(2, 1700, 12)})
    result = rate_season(ratings, [event(p3={"rating": 1500, "games": 8}, p4={})], explain=True)
    assert result.warnings == ()


def test_many_ids_are_counted() -> None:
    entries = {key: Entry(key, 1500 + key) for key in range(1, 9)}
    games = [(1, a, a + 1, 1.0) for a in range(1, 9, 2)]
    result = rate_season(RatingList("USCF", entries), [Event("e", END, games)])
    assert result.warnings[0].startswith("list entries of 8 players (IDs 1, 2, 3, 4, 5 and 3 more): ")
