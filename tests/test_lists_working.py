"""The season's working list (:class:`xlrating.lists.working.WorkingList`): the fields an adapter keeps
as columns (the ICU's rating and games) and the history rows written as columns give the very
entries and history rows that the entries replaced after every event and the rows appended one by
one gave.

An ICU season rated through :func:`~xlrating.lists.rate_season` (in waves, from columns) is compared
with the same season rated the old way, here: each event alone, the engine's players built from
each player's current entry (:func:`xlrating.systems.icu_player`, its unchecked path), a new entry
made after each event with its post-event rating and games, a history row appended per player and
event. A fold that writes a player's rating at another's position is caught (shown by doing so).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import itertools
import random
from collections import defaultdict
from typing import Any

import pytest
from test_lists_waves import MIXED, RATED, _games, _icu_entry

from xlrating import icu, systems
from xlrating.lists import Entry, Event, RatingList, SeasonResult, rate_season
from xlrating.lists import icu as icu_lists
from xlrating.lists.model import HistoryRow, PlayerId, evolve, history_row
from xlrating.lists.working import WorkingList
from xlrating.model import Game

D = dt.date
SEEDS = range(10)


def icu_season(seed: int, shares: tuple[float, ...] = MIXED, *, newcomers: bool = True, size: int = 200,
               count: int = 90) -> tuple[RatingList, list[Event]]:
    """Rated, provisional, unrated and foreign players (``shares``, as the waves' tests draw them),
    K by age and membership, start dates given or not, new players in their first event, across the
    ICU's adjustment of 1 March 2024."""
    rng = random.Random(seed)
    ratings = RatingList("ICU", {key: _icu_entry(rng, key, shares) for key in range(1, size + 1)},
                         date=D(2024, 2, 1))
    newcomers = iter(range(1001, 2000))
    events = []
    for index in range(count):
        end = D(2024, 2, 20) + dt.timedelta(days=index * 30 // count)
        ids: list[Any] = rng.sample(range(1, size + 1), rng.choice([2, 4, 4, 6, 8, 12]))
        new: dict[Any, dict[str, Any]] = {}
        if newcomers and rng.random() < 0.2:
            ids[-1] = next(newcomers)
            new[ids[-1]] = rng.choice([{}, {"birth_date": D(2010, 5, 5), "joined": D(2023, 1, 1)}])
        start = rng.choice([None, end - dt.timedelta(days=2)])
        events.append(Event(f"E{index}", end, _games(rng, ids, rng.randint(1, 6)), players=new,
                            start_date=start))
    return ratings, events


def one_by_one(ratings: RatingList, events: list[Event]) -> tuple[list[Any], list[Any]]:
    """The season's entries and histories (each as its items, in order), rated the old way: an entry
    per player replaced after each of his events, a history row appended for each."""
    rules = icu.get_rules(None)
    adjust = icu_lists._adjusted(rules)
    entries = dict(ratings.entries)
    history: defaultdict[PlayerId, list[HistoryRow]] = defaultdict(list)
    as_of = ratings.date
    assert as_of is not None
    for event in sorted(events, key=lambda one: one.end_date):
        for adjustment in rules.adjustments:
            if as_of < adjustment.date <= event.end_date:
                for key, entry in entries.items():
                    adjusted = adjust(adjustment, entry)
                    if adjusted is not None:
                        entries[key] = adjusted
        as_of = max(as_of, event.end_date)
        entries.update((key, Entry(key, **data)) for key, data in event.players.items())
        ids = list(dict.fromkeys(key for _, a, b, _ in event.games for key in (a, b)))
        number = {key: at for at, key in enumerate(ids, start=1)}
        players = [systems.icu_player(entries[key], number[key], rules) for key in ids]
        games = [Game(rnd, number[a], number[b], score) for rnd, a, b, score in event.games]
        outcome = icu.rate_event(players, games, rules=rules, start_date=event.start_date or event.end_date,
                                 event_name=event.id, explain=False)
        for player in outcome.players:
            key = ids[player.player - 1]
            listed = entries[key].rating
            foreign = players[player.player - 1].kind is icu.PlayerKind.FOREIGN
            if not foreign and player.post_rating is not None:
                entries[key] = dataclasses.replace(entries[key], rating=player.post_rating,
                                                   games=player.post_games)
                listed = player.post_rating
            history[key].append(HistoryRow(event.id, "ICU", player.pre_rating, listed, player.rating_change,
                                           player.rated_games))
    return list(entries.items()), [(key, tuple(rows)) for key, rows in history.items()]


def _gathered(result: SeasonResult) -> tuple[list[Any], list[Any]]:
    return list(result.list.entries.items()), list(result.history.items())


@pytest.mark.parametrize("seed", SEEDS)
def test_icu_season_from_columns_gives_the_entries_and_histories_of_the_old_way(seed: int) -> None:
    ratings, events = icu_season(seed)
    result = rate_season(ratings, events)
    assert repr(_gathered(result)) == repr(one_by_one(ratings, events))
    assert repr(_gathered(rate_season(ratings, events, explain=True))) == repr(_gathered(result))


def test_a_rating_written_at_another_players_position_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    ratings, events = icu_season(0, RATED, newcomers=False)  # (every player rated, his K given)
    fold = icu_lists.fold_wave

    def misplaced(season: Any, wave: Any, seating: Any, positions: list[int], *rest: Any) -> None:
        fold(season, wave, seating, [*positions[1:], positions[0]], *rest)  # each at the next one's place

    old_entries, old_histories = one_by_one(ratings, events)
    assert repr(_gathered(rate_season(ratings, events))) == repr((old_entries, old_histories))  # (unpatched)
    monkeypatch.setattr(icu_lists, "fold_wave", misplaced)
    entries, histories = _gathered(rate_season(ratings, events))
    assert entries != old_entries
    assert histories != old_histories


def test_entries_are_built_from_the_columns_written() -> None:
    listed = {key: Entry(key, 1500.0 + key, 30, k=24.0, birth_date=D(1990, 1, key)) for key in range(1, 7)}
    working = WorkingList(listed)
    working.keep("rating", "games")
    rating, games = working.column("rating"), working.column("games")
    at = working.positions([5, 2])
    rating[at[0]], games[at[0]] = 1610.0, 38
    rating[at[1]], games[at[1]] = 1390.0, 36
    working.mark_written(at)
    assert working.entry(5) == evolve(listed[5], rating=1610.0, games=38)
    assert working.entry(2) == evolve(listed[2], rating=1390.0, games=36)
    assert working.entry(3) is listed[3]  # (not written: as given)
    new = Entry(9, None, None)
    working.put(9, new)  # a new player
    working.put(5, evolve(working.entry(5), rating=1620.0))  # changed whole (an adjustment)
    assert working.entry(5) == evolve(listed[5], rating=1620.0, games=38)
    expected = {**listed, 5: evolve(listed[5], rating=1620.0, games=38),
                2: evolve(listed[2], rating=1390.0, games=36), 9: new}
    assert list(working.entries().items()) == list(expected.items())
    assert working.values(["rating", "games", "k"], [9, 2], working.positions([9, 2])) == [
        [None, 1390.0], [None, 36], [None, 24.0]]
    working.write_history([5, 2], ["E1", "E1"], "Regular", [1600.0, 1400.0], [1610.0, 1390.0],
                          [10.0, -10.0], [2, 2], [(0, 2)])
    working.write_history([9, 5], ["E2", "E2"], "Regular", [None, 1610.0], [1500.0, 1620.0],
                          [None, 10.0], [3, 3], [(1, 2)])
    assert working.played_positions() == set(working.positions([2, 5, 9]))  # (each once)


def test_history_columns_give_the_rows_appended_one_by_one() -> None:
    rng = random.Random(3)
    working = WorkingList({})
    appended: defaultdict[PlayerId, list[HistoryRow]] = defaultdict(list)
    for wave in range(40):
        ids = rng.sample([*range(1, 30), "a", "b"], rng.randint(1, 8))
        events = [f"E{wave}-{at % 2}" for at in range(len(ids))]
        system = rng.choice(["Regular", "Quick"])
        pres = [rng.choice([None, float(rng.randint(800, 2400))]) for _ in ids]
        posts = [None if pre is None else pre + rng.randint(-30, 30) for pre in pres]
        changes = [None if pre is None or post is None else post - pre
                   for pre, post in zip(pres, posts, strict=True)]
        games = [rng.randint(0, 9) for _ in ids]
        working.write_history(ids, events, system, pres, posts, changes, games, [(wave, len(ids))])
        for row in zip(ids, events, [system] * len(ids), pres, posts, changes, games, strict=True):
            appended[row[0]].append(history_row(*row[1:]))
    assert repr(list(working.history().items())) == repr([(key, tuple(rows))
                                                           for key, rows in appended.items()])


def test_history_rows_of_waves_out_of_the_events_order_come_by_player_in_the_events_order() -> None:
    # A wave may rate an event before an earlier one that shares no player (and a dual-rated
    # event writes its rows twice, under one place): each player's rows come in the order written
    # (his events' order), the players in the order of their first row in the events' order.
    rng = random.Random(5)
    for _ in range(30):
        places = [rng.sample([*range(1, 25), "a", "b"], rng.randint(1, 6)) for _ in range(30)]
        written: list[tuple[int, PlayerId, HistoryRow]] = []
        working = WorkingList({})
        left, done = list(range(len(places))), set()
        while left:  # (an event once every earlier event of each of its players is written)
            ready = [p for p in left if all(q in done for q in range(p) if set(places[q]) & set(places[p]))]
            wave = rng.sample(ready, rng.randint(1, len(ready)))
            wave = [p for p in wave if not any(set(places[p]) & set(places[q]) for q in wave if q < p)]
            for system in rng.choice([["Regular"], ["Regular", "Quick"]]):
                ids = [key for p in wave for key in places[p]]
                events = [f"E{p}" for p in wave for _ in places[p]]
                pres = [float(rng.randint(800, 2400)) for _ in ids]
                ends = list(itertools.accumulate(len(places[p]) for p in wave))
                working.write_history(ids, events, system, pres, pres, [0.0] * len(ids), [1] * len(ids),
                                      list(zip(wave, ends, strict=True)))
                for place, key, event, pre in zip([p for p in wave for _ in places[p]], ids, events, pres,
                                                  strict=True):
                    written.append((place, key, history_row(event, system, pre, pre, 0.0, 1)))
            left = [p for p in left if p not in wave]
            done.update(wave)
        players = list(dict.fromkeys(key for _, key, _ in sorted(written, key=lambda row: row[0])))
        expected = [(key, tuple(row for _, k, row in written if k == key)) for key in players]
        assert repr(list(working.history().items())) == repr(expected)


def test_an_adapter_that_keeps_columns_cannot_read_stale_entries() -> None:
    # The ICU keeps the rating and games as columns: the season's entries by ID are then stale for
    # every player who played, so asking for them is refused rather than answered wrongly.
    from xlrating.lists.rate import Season, Settings

    ratings, events = icu_season(0, count=3)
    season = Season(ratings, False, Settings(), events)
    assert season.entries is season.working.records  # (nothing kept as columns yet: the whole list)
    season.working.keep("rating", "games")
    with pytest.raises(AssertionError, match=r"read Season\.working"):
        season.entries  # noqa: B018
