"""Seasons rated in waves (events that share no player and that the engine rates alike, one
engine call each, each event in the first wave after its players' earlier events that has room:
:func:`xlrating.lists.rate.waves`) against the same seasons rated one event at a time: the whole
result, every list entry and every history row, field for field and in the same order (the waves
rate some events before earlier ones: the season puts what it gives back in the events' order);
a refused season's problems word for word.

The seasons are seeded random ones built to hold what a wave must not mix: unrated players
(with and without birth dates, on different end dates), provisional and established players,
floors and peaks, dual-rated events, Quick events on a Regular list, matches, given bonus
multipliers and end dates on both sides of a change of B (US Chess); rated, provisional, unrated
and foreign players, K decided by age and membership on different dates, bonuses and the list
adjustment of 1 March 2024 inside the season (ICU)."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from typing import Any

import pytest

from xlrating import _vector
from xlrating.errors import InputError, XlratingError
from xlrating.lists import Entry, Event, RatingList, SeasonResult, rate_season
from xlrating.lists import fide as fide_lists
from xlrating.lists import icu as icu_lists
from xlrating.lists import rate as lists_rate
from xlrating.lists import uscf as uscf_lists
from xlrating.lists.rate import players_of, waves

D = dt.date
SEEDS = range(12)
VECTOR = [False, True] if _vector.AVAILABLE else [False]
"""Whether the waved season is rated on the numpy core throughout (the season one by one always
on the plain core): the two cores give the season the same numbers."""


def _games(rng: random.Random, ids: Sequence[Any], rounds: int) -> list[tuple[int, Any, Any, float]]:
    games = []
    for rnd in range(1, rounds + 1):
        order = list(ids)
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=False):
            games.append((rnd, a, b, rng.choice([0.0, 0.5, 1.0, 1.0])))
    return games


def _outcome(ratings: RatingList, events: list[Event], **settings: Any) -> Any:
    """The season's result with the order of its entries and histories, or the error that refused
    it (its type, text, title and problems)."""
    try:
        result = rate_season(ratings, events, **settings)
    except XlratingError as error:
        problems = error.problems if isinstance(error, InputError) else None
        return type(error), str(error), getattr(error, "title", None), problems
    return result, list(result.list.entries), list(result.history)


def _both(monkeypatch: pytest.MonkeyPatch, module: Any, ratings: RatingList, events: list[Event],
          vector: bool, **settings: Any) -> tuple[Any, Any, int, int]:
    """The season rated in waves and one by one, and the engine calls of each."""
    calls = [0]
    engine = module.call_engine

    def counted(*args: Any, **options: Any) -> Any:
        calls[0] += 1
        return engine(*args, **options)

    monkeypatch.setattr(module, "call_engine", counted)
    if vector:
        with _vector.forced(True):
            waved = _outcome(ratings, events, **settings)
    else:
        waved = _outcome(ratings, events, **settings)
    in_waves, calls[0] = calls[0], 0
    with _vector.forced(False):
        monkeypatch.setattr(lists_rate, "_IN_WAVES", False)
        alone = _outcome(ratings, events, **settings)
    return waved, alone, in_waves, calls[0]


# --- US Chess -------------------------------------------------------------------------------------

USCF_START = D(2024, 12, 14)
"""The first event's end date; the events end over four weeks, a few on each day, across the
change of B (12 until 31 December 2024, 10 from 1 January 2025)."""


def _quick(rng: random.Random) -> dict[str, tuple[float, int]]:
    return {"Quick": (float(rng.randint(700, 2400)), rng.randint(3, 90))} if rng.random() < 0.5 else {}


def _uscf_entry(rng: random.Random, key: int) -> Entry:
    kind = key % 6
    rating = float(rng.randint(700, 2450))
    if key <= 4:  # the match players: established, close
        return Entry(key, float(1600 + 40 * key), 120)
    if kind == 0:  # unrated: by age, as an adult, from a FIDE rating, or from a Quick rating
        born = rng.choice([None, D(2012, 12, 29), D(1990, 1, 2), D(2016, 6, 30)])
        extra: dict[str, Any] = rng.choice([{}, {"fide": float(rng.randint(1400, 2200))}])
        return Entry(key, birth_date=born, adult=born is None, other_ratings=_quick(rng), **extra)
    if kind == 1:  # provisional, sometimes all wins or all losses so far
        games = rng.randint(1, 25)
        history = rng.choice([None, None, "all wins", "all losses"]) if games <= 6 else None
        return Entry(key, rating, games, history=history, other_ratings=_quick(rng))
    peak = rating + rng.randint(0, 300) if rng.random() < 0.5 else None
    floor = float(rating // 100 * 100 - 100) if rng.random() < 0.3 else None
    return Entry(key, rating, rng.choice([None, 30, 200]), peak=peak, floor=floor, wins=rng.randint(0, 60),
                 draws=rng.randint(0, 30), events=rng.randint(0, 10), other_ratings=_quick(rng))


_USCF_OPTIONS: list[dict[str, Any]] = [
    {}, {}, {"rating_system": "Regular"}, {"dual_rated": True}, {"rating_system": "Quick"},
    {"rating_system": "Quick", "dual_rated": True},
    {"bonus_multiplier": 12.0}, {"bonus_multiplier": 10.0}, {"bonus_multiplier": 14.0},
    {"event_type": "Round Robin"},
]


def uscf_season(seed: int, *, size: int = 150, count: int = 80) -> tuple[RatingList, list[Event]]:
    rng = random.Random(seed)
    ratings = RatingList("USCF", {key: _uscf_entry(rng, key) for key in range(1, size + 1)}, rules="2020")
    newcomers = iter(range(1001, 2000))
    events = []
    for index in range(count):
        end = USCF_START + dt.timedelta(days=index * 28 // count)
        if rng.random() < 0.08:
            pair = rng.sample(range(1, 5), 2)
            events.append(Event(f"M{index}", end, _games(rng, pair, 2), event_type="Match"))
            continue
        ids: list[Any] = rng.sample(range(5, size + 1), rng.choice([2, 3, 4, 5, 6, 8]))
        new: dict[Any, dict[str, Any]] = {}
        if rng.random() < 0.2:
            ids[-1] = next(newcomers)
            new[ids[-1]] = rng.choice([{"adult": True}, {"birth_date": D(2011, 1, 1)},
                                       {"birth_date": D(2009, 12, 31)}])
        events.append(Event(f"E{index}", end, _games(rng, ids, rng.randint(1, 4)), players=new,
                            **rng.choice(_USCF_OPTIONS)))
    return ratings, events


def _refusing(ratings: RatingList, rng: random.Random) -> RatingList:
    """The list with a few players whose Quick rating the engine refuses and a match player far
    above the others (his matches are refused)."""
    entries = dict(ratings.entries)
    for key in rng.sample(range(5, len(entries) + 1), 4):
        entries[key] = Entry(key, 1500.0, 40, other_ratings={"Quick": (5000.0, 3)})
    entries[4] = Entry(4, 2400.0, 120)
    return RatingList(ratings.system, entries, ratings.rules)


@pytest.mark.parametrize("vector", VECTOR)
@pytest.mark.parametrize("seed", SEEDS)
def test_uscf_waves_give_every_entry_and_history_row_as_one_by_one(
        monkeypatch: pytest.MonkeyPatch, seed: int, vector: bool) -> None:
    ratings, events = uscf_season(seed)
    waved, alone, in_waves, one_by_one = _both(monkeypatch, uscf_lists, ratings, events, vector)
    assert isinstance(waved[0], SeasonResult)
    assert waved == alone
    assert in_waves < one_by_one  # (the season has waves)


@pytest.mark.parametrize("seed", SEEDS)
def test_uscf_refused_events_are_reported_as_one_by_one(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    ratings, events = uscf_season(seed)
    ratings = _refusing(ratings, random.Random(seed))
    waved, alone, _, _ = _both(monkeypatch, uscf_lists, ratings, events, False)
    assert waved[0] is InputError
    assert waved == alone


# --- ICU ------------------------------------------------------------------------------------------

ICU_START = D(2024, 2, 26)
"""The first event's end date; the events end over eight days, a dozen on each day, across the
ICU's adjustment of its list of 1 March 2024 (the list is of 31 January 2024) and birthdays and
anniversaries of joining that change K."""


MIXED = (0.08, 0.16, 0.20, 0.30)
"""The shares of unrated, provisional, foreign and rated players whose K is decided by dates, up
to each (the rest: rated players with K given)."""
RATED = (0.0, 0.0, 0.0, 0.0)
"""Every player rated with K given: events of any dates may share a wave."""


def _icu_entry(rng: random.Random, key: int, shares: tuple[float, ...]) -> Entry:
    kind = rng.random()
    rating = float(rng.randint(900, 2300))
    adult = {"birth_date": D(1980, 1, 1), "joined": D(2000, 1, 1)}  # (K 24 once rated)
    if kind < shares[0]:
        return Entry(key, **adult)  # unrated
    if kind < shares[1]:
        return Entry(key, rating, rng.randint(1, 19), **adult)  # provisional
    if kind < shares[2]:
        return Entry(key, rating)  # foreign
    if kind < shares[3]:  # K by age (40 under 21) and membership (32 under 8 years) on the event's start
        born = rng.choice([D(2003, 2, 25), D(2003, 3, 3), D(1985, 5, 5)])
        joined = rng.choice([D(2016, 2, 27), D(2016, 3, 2), D(2001, 1, 1)])
        return Entry(key, min(rating, 2050.0), rng.randint(20, 200), birth_date=born,
                     joined=max(born, joined))  # (never before the birth date, which a list refuses)
    return Entry(key, rating, rng.choice([None, 25, 150]), k=rng.choice([16.0, 24.0, 32.0, 40.0]))


def icu_season(seed: int, shares: tuple[float, ...] = MIXED, *, size: int = 300, count: int = 100
               ) -> tuple[RatingList, list[Event]]:
    rng = random.Random(seed)
    entries = {key: _icu_entry(rng, key, shares) for key in range(1, size + 1)}
    ratings = RatingList("ICU", entries, date=D(2024, 1, 31))
    events = []
    for index in range(count):
        end = ICU_START + dt.timedelta(days=index * 8 // count)
        start = rng.choice([None, end - dt.timedelta(days=3)])
        ids = rng.sample(range(1, size + 1), rng.choice([2, 2, 4, 4, 6, 8]))
        events.append(Event(f"E{index}", end, _games(rng, ids, rng.randint(1, 6)), start_date=start))
    return ratings, events


@pytest.mark.parametrize("shares", [MIXED, RATED], ids=["mixed", "rated"])
@pytest.mark.parametrize("vector", VECTOR)
@pytest.mark.parametrize("seed", SEEDS)
def test_icu_waves_give_every_entry_and_history_row_as_one_by_one(
        monkeypatch: pytest.MonkeyPatch, seed: int, vector: bool, shares: tuple[float, ...]) -> None:
    ratings, events = icu_season(seed, shares)
    waved, alone, in_waves, one_by_one = _both(monkeypatch, icu_lists, ratings, events, vector)
    assert isinstance(waved[0], SeasonResult)
    assert waved == alone
    assert in_waves < one_by_one


@pytest.mark.parametrize("shares", [MIXED, RATED], ids=["mixed", "rated"])
def test_icu_seasons_hold_bonuses_in_waves(
        monkeypatch: pytest.MonkeyPatch, shares: tuple[float, ...]) -> None:
    # What the tests above compare includes events with a bonus winner waved with others.
    waved: list[str] = []
    attempt = lists_rate.Season.attempt_wave

    def noted(season: lists_rate.Season, wave: Sequence[Event], rate: Any) -> None:
        if len(wave) > 1:
            waved.extend(event.id for event in wave)
        attempt(season, wave, rate)

    monkeypatch.setattr(lists_rate.Season, "attempt_wave", noted)
    found = 0
    for seed in SEEDS:
        ratings, events = icu_season(seed, shares)
        waved.clear()
        rate_season(ratings, events)
        result = rate_season(ratings, events, explain=True)
        found += sum(1 for event in waved for outcome in result.outcomes[event]
                     for player in outcome.players if player.bonus)
    assert found


@pytest.mark.parametrize("seed", SEEDS)
def test_icu_refused_events_are_reported_as_one_by_one(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    ratings, events = icu_season(seed)
    entries = dict(ratings.entries)
    for key in random.Random(seed).sample(sorted(entries), 5):  # rated below 2100, K cannot be decided
        entries[key] = Entry(key, 1800.0, 40)
    ratings = RatingList("ICU", entries, date=ratings.date)
    waved, alone, _, _ = _both(monkeypatch, icu_lists, ratings, events, False)
    assert waved[0] is InputError
    assert waved == alone


# --- FIDE -----------------------------------------------------------------------------------------

FIDE_SEASONS = {
    # rules, first end date, list date, period_months, players: across the adjustment of 1 March
    # 2024; the cap's exemption from 1 October 2025 inside a period of two months, with players
    # of K 40 playing enough games in it for the 700 rule; the handbook's round robins
    "2024-march": ("2024", D(2024, 2, 20), D(2024, 1, 31), None, 300),
    "2024-cap": ("2024", D(2025, 9, 24), D(2025, 8, 31), 2, 120),
    "handbook": ("handbook", D(2012, 2, 20), None, None, 300),
}


def _fide_entry(rng: random.Random, key: int) -> Entry:
    kind = rng.random()
    rating = float(rng.randint(1400, 2350))
    if kind < 0.15:  # unrated, some with results pending from earlier events
        return Entry(key, birth_date=D(1995, 1, 1), events=rng.choice([0, 0, 1]))
    if kind < 0.25:  # fewer than 30 games: K 40
        return Entry(key, rating, rng.randint(5, 29), birth_date=D(1990, 3, 3), events=3)
    if kind < 0.35:  # under 18: K 40 below 2300
        return Entry(key, rating, 60, birth_date=D(2009, 6, 1), events=10)
    if kind < 0.45:  # rated 2650 or more: the cap spares them from 1 October 2025
        top = float(rng.randint(2650, 2780))
        return Entry(key, top, 300, peak=top, birth_date=D(1990, 1, 1), events=50)
    if kind < 0.5:
        return Entry(key, rating, 100, k=rng.choice([10.0, 20.0, 40.0]), events=20)
    peak = rating + rng.choice([0, 0, 120])
    return Entry(key, rating, 100, peak=peak, birth_date=D(1980, 1, 1), events=20)


def fide_season(seed: int, flavour: str, *, count: int = 100, refusing: bool = False
                ) -> tuple[RatingList, list[Event], int | None]:
    """A season of ``flavour``; its round robins' first round is drawn (every player has a draw:
    a handbook round robin with unrated players needs every rated player to score neither 0
    nor 100%), but with ``refusing``, where some are refused for it."""
    rules, start, on, months, size = FIDE_SEASONS[flavour]
    rng = random.Random(seed)
    entries = {key: _fide_entry(rng, key) for key in range(1, size + 1)}
    ratings = RatingList("FIDE", entries, rules=rules, date=on)
    events = []
    for index in range(count):
        end = start + dt.timedelta(days=index * 20 // count)
        ids = rng.sample(range(1, size + 1), rng.choice([2, 4, 4, 6, 8, 10]))
        kind = rng.choice(["Swiss", "Swiss", "Round Robin"])
        games = _games(rng, ids, rng.randint(1, 7))
        if kind == "Round Robin" and not refusing:
            games = [(rnd, a, b, 0.5 if rnd == 1 else score) for rnd, a, b, score in games]
        events.append(Event(f"E{index}", end, games, event_type=kind))
    return ratings, events, months


@pytest.mark.parametrize("flavour", sorted(FIDE_SEASONS))
@pytest.mark.parametrize("vector", VECTOR)
@pytest.mark.parametrize("seed", SEEDS)
def test_fide_waves_give_every_entry_and_history_row_as_one_by_one(
        monkeypatch: pytest.MonkeyPatch, seed: int, vector: bool, flavour: str) -> None:
    ratings, events, months = fide_season(seed, flavour)
    waved, alone, in_waves, one_by_one = _both(monkeypatch, fide_lists, ratings, events, vector,
                                               period_months=months)
    assert isinstance(waved[0], SeasonResult)
    assert waved == alone
    assert in_waves < one_by_one


@pytest.mark.parametrize("seed", SEEDS)
def test_fide_refused_events_are_reported_as_one_by_one(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    ratings, events, months = fide_season(seed, "handbook", refusing=True)
    entries = dict(ratings.entries)
    for key in random.Random(seed).sample(sorted(entries), 3):  # their events refused too (unless
        entries[key] = Entry(key, 900.0, 40, birth_date=D(1980, 1, 1))  # they are doubtful by then)
    ratings = RatingList("FIDE", entries, rules=ratings.rules, date=ratings.date)
    waved, alone, _, _ = _both(monkeypatch, fide_lists, ratings, events, False, period_months=months)
    assert waved[0] is InputError
    assert waved == alone


# --- The waves ------------------------------------------------------------------------------------


def test_waves_keep_each_players_events_in_order_and_are_disjoint_alike_and_capped() -> None:
    _, events = icu_season(1, count=200)
    alike = {event.id: index % 7 != 0 for index, event in enumerate(events)}
    found = list(waves(events, lambda event, players: "alike" if alike[event.id] else None, cap=12))
    rated = [event for wave in found for event in wave]
    place = {event.id: index for index, event in enumerate(events)}
    assert sorted(rated, key=lambda event: place[event.id]) == events  # every event once
    assert rated != events  # (some event rated before an earlier one that shares no player)
    when = {event.id: index for index, event in enumerate(rated)}
    for index, earlier in enumerate(events):
        for later in events[index + 1:]:
            # never past an earlier event that shares a player or is not alike
            if not alike[earlier.id] or not alike[later.id] or not players_of(earlier).isdisjoint(
                    players_of(later)):
                assert when[earlier.id] < when[later.id]
    for wave in found:
        assert len(wave) == 1 or all(alike[event.id] for event in wave)
        players = [players_of(event) for event in wave]
        assert sum(map(len, players)) == len(set().union(*players))
        assert len(wave) == 1 or sum(map(len, players)) <= 12
    assert max(map(len, found)) > 1


def test_waves_of_events_that_each_share_a_player_with_the_one_before_are_the_events_in_order() -> None:
    chain = [Event(f"E{index}", D(2025, 1, 1), [(1, index, index + 1, 1.0)]) for index in range(1, 30)]
    assert [list(wave) for wave in waves(chain, lambda event, players: True)] == [[event] for event in chain]


@pytest.mark.parametrize("system", ["uscf", "icu", "fide"])
def test_the_seasons_compared_above_rate_events_out_of_their_order(
        monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    # What the tests above compare includes seasons whose waves rate an event before an earlier
    # one, with new players, history rows and refused events to put back in order.
    out_of_order = [0, 0]
    seat = lists_rate.Season.seat

    def noted(season: lists_rate.Season, *events: Event) -> Any:
        places = [season.index[event.id] for event in events]
        out_of_order[0] += places != sorted(places) or places[0] < noted.last.get(id(season), -1)
        noted.last[id(season)] = max(places)
        found = seat(season, *events)
        out_of_order[1] += season.new_out_of_order
        return found

    noted.last = {}  # type: ignore[attr-defined]
    monkeypatch.setattr(lists_rate.Season, "seat", noted)
    for seed in SEEDS:
        if system == "uscf":
            rate_season(*uscf_season(seed))
        elif system == "icu":
            rate_season(*icu_season(seed, RATED))
        else:
            ratings, events, months = fide_season(seed, "2024-march")
            rate_season(ratings, events, period_months=months)
    assert out_of_order[0]
    if system == "uscf":  # (its seasons have new players)
        assert out_of_order[1]


def test_an_event_above_the_cap_has_a_wave_of_its_own_and_a_wave_that_turns_one_away_is_closed() -> None:
    def event(index: int, ids: Sequence[int]) -> Event:
        pairs = zip(ids[::2], ids[1::2], strict=True)
        return Event(f"E{index}", D(2025, 1, 1), [(1, a, b, 1.0) for a, b in pairs])

    events = [event(0, [1, 2, 3, 4]), event(1, list(range(100, 120))), event(2, [5, 6]), event(3, [1, 7]),
              event(4, [8, 9, 10, 11])]
    found = [[one.id for one in wave] for wave in waves(events, lambda event, players: True, cap=8)]
    # E1's 20 players are more than the cap: a wave of their own, and E0's wave, which turned them
    # away, takes no later event; E3 shares player 1 with E0, so comes after it; E2 and E4 fill the
    # open wave to the cap.
    assert found == [["E0"], ["E1"], ["E2", "E3", "E4"]]
