"""The season's warnings at the end (``SeasonResult.warnings``) read the list in one pass each: an
entry's field that its system does not read, and a blank games count beside a rating, are said
for exactly the entries that give (or leave) them, wherever they are on the list and whichever
field it is; a two-player event not typed as a match is said only where the system restricts
matches."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from xlrating import systems
from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.lists.said import _FIELD_COLUMNS, named_ids

DAY = dt.date(2025, 5, 4)
SHORT = {"USCF": "US Chess", "FIDE": "FIDE", "ICU": "ICU"}
_GIVEN: dict[str, Any] = {"birth_date": dt.date(1990, 1, 1), "joined": dt.date(2000, 1, 1), "adult": True,
                          "k": 20.0, "floor": 1200.0, "peak": 1600.0, "wins": 3, "draws": 2, "events": 4,
                          "history": "all wins", "fide": 1500.0, "cfc": 1500.0}


def _unread(system: str) -> list[str]:
    """The entry fields ``system`` does not read, in the order its warnings name them."""
    found = systems.get(system)
    read = found.columns | found.list_only_columns
    return [name for name, column in _FIELD_COLUMNS.items() if column not in read]


def _round_robin(players: list[int]) -> list[tuple[int, int, int, float]]:
    """Every two of ``players`` (an even number) meet once, by the circle method, all games drawn."""
    games, seats = [], list(players)
    for rnd in range(1, len(seats)):
        games += [(rnd, seats[i], seats[-1 - i], 0.5) for i in range(len(seats) // 2)]
        seats.insert(1, seats.pop())
    return games


def _entry(system: str, key: int, games: int | None = 30, **fields: Any) -> Entry:
    """A player rated 1500 (the ICU's with the birth and joining dates its K is decided by)."""
    dates = {"birth_date": dt.date(1990, 1, 1), "joined": dt.date(2000, 1, 1)} if system == "ICU" else {}
    return Entry(key, 1500.0, games, **{**dates, **fields})


def _season(system: str, fields: dict[int, dict[str, Any]], players: int = 40
            ) -> tuple[RatingList, list[Event]]:
    """A list of ``players`` rated 1500 with 30 games, entry ``n`` giving ``fields[n]``, and one
    round-robin event of the first eight."""
    entries = {key: _entry(system, key, **fields.get(key, {})) for key in range(1, players + 1)}
    return RatingList(system, entries, date=DAY), [Event("e", DAY, _round_robin(list(range(1, 9))))]


@pytest.mark.parametrize("system", ["USCF", "FIDE", "ICU"])
def test_an_unread_field_is_said_for_the_entries_that_give_it_wherever_they_are(system: str) -> None:
    unread = _unread(system)
    rng = random.Random(system)
    cases: list[dict[int, dict[str, Any]]] = [
        {},  # (nothing given: nothing said)
        {40: {unread[-1]: _GIVEN[unread[-1]]}},  # the last field, by the last entry only
        {1: {unread[0]: _GIVEN[unread[0]]}},  # the first field, by the first entry only
    ]
    for _ in range(6):
        cases.append({key: {name: _GIVEN[name] for name in rng.sample(unread, rng.randint(1, len(unread)))}
                      for key in rng.sample(range(1, 41), rng.randint(1, 5))})
    for fields in cases:
        ratings, events = _season(system, fields)
        said = [w for w in rate_season(ratings, events).warnings if "is not read in" in w]
        expected = []
        for name in unread:
            if keys := sorted(key for key, given in fields.items() if name in given):
                expected.append(f"list entries of {named_ids(keys)}: {name} is not read in {SHORT[system]} "
                                "seasons: ignored")
        assert said == expected, fields


@pytest.mark.parametrize("system", ["USCF", "FIDE", "ICU"])
@pytest.mark.parametrize("giving", [None, 1, 8, 9])
def test_a_blank_games_count_is_said_unless_a_listed_player_who_played_gives_his(
        system: str, giving: int | None) -> None:
    # Eight of the list's players play; ``giving`` alone gives his games (9 does not play).
    entries = {key: _entry(system, key, 30 if key == giving else None) for key in range(1, 13)}
    games = _round_robin(list(range(1, 9)))
    result = rate_season(RatingList(system, entries, date=DAY), [Event("e", DAY, games)])
    said = [w for w in result.warnings if "games is None beside a rating" in w]
    if giving in (1, 8):
        assert said == []
    else:  # (the players named in the order they first play)
        played = list(dict.fromkeys(key for _, a, b, _ in games for key in (a, b)))
        assert len(said) == 1
        assert said[0].startswith(f"list entries of {named_ids(played)}: games is None beside a rating, "
                                  "read as ")


def test_a_two_player_event_not_typed_as_a_match_is_said_where_matches_are_restricted() -> None:
    events = [Event("two", DAY, [(1, 1, 2, 1.0), (2, 2, 1, 0.5)]),
              Event("match", DAY, [(1, 3, 4, 1.0), (2, 4, 3, 0.5)], event_type="Match"),
              Event("four", DAY, _round_robin([3, 4, 5, 6]))]
    for system, said in (("USCF", 1), ("FIDE", 0), ("ICU", 0)):
        entries = {key: _entry(system, key) for key in range(1, 7)}
        warnings = rate_season(RatingList(system, entries, date=DAY), events).warnings
        found = [w for w in warnings if "two players, rated with event_type" in w]
        assert [w.split(":")[0] for w in found] == ["event two"] * said, system
