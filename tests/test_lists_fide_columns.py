"""A FIDE season keeps its list as the working list's columns (the rating, games, peak, events,
pending results and K written in place when each rating period closes, each entry built once at
the end): the players are found by their positions in it, so a season whose list gives the same
entries in another order must give every player the same entry and the same history rows. A
period that adds a player's sums at another player's position is caught (shown by doing so).

The seasons are the seeded FIDE seasons of the waves' tests (across the adjustment of 1 March
2024, the cap's exemption of 1 October 2025 and the 700 rule, the handbook's round robins), with
new players given in their first event; and the same with a list that holds what the waves' lists
do not: unrated players with results pending from earlier periods (the handbook's with their Ru),
some with a K given, rated players with a K given and without a games count, ratings just above the
floor, new players given a rating and a K, and pooling windows short enough for pending results to
lapse. Those seasons are also rated one event at a time, which must give the same result.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from test_lists_waves import FIDE_SEASONS, _both, fide_season

from xlrating import _vector
from xlrating.lists import Entry, Event, RatingList, SeasonResult, rate_season
from xlrating.lists import fide as fide_lists
from xlrating.lists._fide_totals import PlainTotals
from xlrating.lists.model import PendingEvent

SEEDS = range(6)
VECTOR = [False, True] if _vector.AVAILABLE else [False]
"""Whether the period's totals are kept on numpy arrays (:mod:`xlrating.lists._fide_totals_numpy`)."""


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


def rated(ratings: RatingList, events: list[Event], months: int | None, **settings: Any
          ) -> tuple[dict[Any, Any], dict[Any, Any]]:
    """The season's entries and histories by player."""
    result = rate_season(ratings, events, period_months=months, **settings)
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


@pytest.mark.parametrize("vector", VECTOR)
def test_sums_added_at_another_players_position_are_caught(monkeypatch: pytest.MonkeyPatch, vector: bool
                                                            ) -> None:
    totals: Any = PlainTotals
    if vector:
        from xlrating.lists._fide_totals_numpy import ArrayTotals as totals
    original = totals.fold

    def misplaced(self: Any, positions: Any, *columns: Any) -> Any:
        return original(self, [at ^ 1 for at in positions], *columns)  # each at its neighbour's position

    monkeypatch.setattr(totals, "fold", misplaced)
    try:
        with _vector.forced(vector):
            found = differences(range(2))
    except (AssertionError, IndexError):  # (or the close finds an unrated player's change)
        found = ["a change at an unrated player's position"]
    assert found


def _pending(rng: random.Random, on: dt.date, handbook: bool) -> tuple[PendingEvent, ...]:
    """An unrated player's results pending from an earlier period (sometimes none)."""
    if rng.random() < 0.3:
        return ()
    games = rng.randint(1, 4)
    results = tuple(rng.choice([0.0, 0.5, 1.0]) for _ in range(games))
    ru = float(rng.randint(1400, 2100)) if handbook else None
    return (PendingEvent(on - dt.timedelta(days=rng.randint(20, 400)),
                         tuple(rng.choice([None, float(rng.randint(1400, 2200))]) for _ in range(games)),
                         results, first=rng.random() < 0.5, ru=ru, ru_games=games if handbook else 0,
                         event="earlier"),)


def with_more(ratings: RatingList, events: list[Event], seed: int) -> tuple[RatingList, list[Event]]:
    """The season with a list and new players that hold what the waves' seasons do not (see the
    module's docstring)."""
    rng = random.Random(f"more-{seed}")
    handbook = ratings.rules == "handbook"
    on = events[0].end_date
    entries = {}
    for key, entry in ratings.entries.items():
        kind = rng.random()
        if entry.rating is None:
            entry = Entry(key, birth_date=entry.birth_date, events=entry.events,
                          pending=_pending(rng, on, handbook), games=rng.choice([None, None, 4]),
                          k=rng.choice([None, 40.0]))
        elif kind < 0.15:
            entry = Entry(key, entry.rating, None, birth_date=entry.birth_date,
                          k=rng.choice([10.0, 20.0, 40.0]), peak=entry.peak, events=entry.events)
        elif kind < 0.25:
            entry = Entry(key, 1405.0, entry.games, birth_date=entry.birth_date, k=entry.k,
                          events=entry.events)
        entries[key] = entry
    found = []
    for event in with_newcomers(events, seed):
        players = {key: rng.choice([data, {"rating": 1700.0, "games": 12, "k": 40.0},
                                    {"rating": 1950.0, "k": 20.0}, {"k": 40.0}])
                   for key, data in event.players.items()}
        found.append(Event(event.id, event.end_date, event.games, players=players,
                           event_type=event.event_type))
    return RatingList("FIDE", entries, rules=ratings.rules, date=ratings.date), found


@pytest.mark.parametrize("pool", [2, 26])
@pytest.mark.parametrize("flavour", sorted(FIDE_SEASONS))
@pytest.mark.parametrize("seed", range(4))
def test_pending_results_and_given_ks_in_another_order_and_one_by_one(
        monkeypatch: pytest.MonkeyPatch, seed: int, flavour: str, pool: int) -> None:
    ratings, events, months = fide_season(seed, flavour)
    ratings, events = with_more(ratings, events, seed)
    entries, histories = rated(ratings, events, months, pool_months=pool)
    assert (entries, histories) == rated(reordered(ratings, seed), events, months, pool_months=pool)
    assert any(entry.pending and key in histories for key, entry in ratings.entries.items())
    waved, alone, _, _ = _both(monkeypatch, fide_lists, ratings, events, False, period_months=months,
                               pool_months=pool)
    assert isinstance(waved[0], SeasonResult)
    assert waved == alone
