"""A FIDE season keeps its list as the working list's columns (the rating, games, peak, events,
pending results and K written in place when each rating period closes, each entry built once at
the end): the players are found by their positions in it, so a season whose list gives the same
entries in another order must give every player the same entry and the same history rows. A
period that adds a player's sums at another player's position is caught (shown by doing so).

The seasons are the seeded FIDE seasons of the waves' tests (across the adjustment of 1 March
2024, the cap's exemption of 1 October 2025 and the 700 rule, the handbook's round robins), with
new players given in their first event.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from test_lists_waves import FIDE_SEASONS, fide_season

from xlrating.lists import Event, RatingList, rate_season
from xlrating.lists import fide as fide_lists

SEEDS = range(6)


def with_newcomers(events: list[Event], seed: int) -> list[Event]:
    """The events, some with a new player (with or without a birth date) given in his first."""
    rng = random.Random(seed)
    found = []
    for index, event in enumerate(events):
        if rng.random() < 0.3 and event.games and event.event_type == "Swiss":
            key = f"N{index}"
            _, first, *_ = event.games[0]
            games = [(rnd, key if a == first else a, key if b == first else b, score)
                     for rnd, a, b, score in event.games]
            data = rng.choice([{}, {"birth_date": dt.date(2011, 1, 1)}, {"games": 0}])
            event = Event(event.id, event.end_date, games, players={key: data}, event_type=event.event_type)
        found.append(event)
    return found


def rated(ratings: RatingList, events: list[Event], months: int | None
          ) -> tuple[dict[Any, Any], dict[Any, Any]]:
    """The season's entries and histories by player."""
    result = rate_season(ratings, events, period_months=months)
    return dict(result.list.entries), dict(result.history)


def reordered(ratings: RatingList, seed: int) -> RatingList:
    """The list with its entries in another order."""
    keys = list(ratings.entries)
    random.Random(seed).shuffle(keys)
    return RatingList("FIDE", {key: ratings.entries[key] for key in keys}, rules=ratings.rules,
                      date=ratings.date)


def differences(seeds: range) -> list[str]:
    found = []
    for flavour in sorted(FIDE_SEASONS):
        for seed in seeds:
            ratings, events, months = fide_season(seed, flavour)
            events = with_newcomers(events, seed)
            if rated(ratings, events, months) != rated(reordered(ratings, seed), events, months):
                found.append(f"{flavour} {seed}")
    return found


def test_a_list_in_another_order_gives_every_entry_and_history_row_alike() -> None:
    assert differences(SEEDS) == []


def test_sums_added_at_another_players_position_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original = fide_lists._add

    def misplaced(totals: dict[int, Any], positions: Any, values: Any) -> None:
        original(totals, [at ^ 1 for at in positions], values)  # each at its neighbour's position

    monkeypatch.setattr(fide_lists, "_add", misplaced)
    try:
        found = differences(range(2))
    except AssertionError:  # (or the close finds an unrated player's change)
        found = ["a change at an unrated player's position"]
    assert found
