"""Time a federation-sized season through :func:`xlrating.lists.rate_season`.

``python benchmarks/bench_lists.py [--players N] [--events E] [--games G] [--systems uscf,fide,icu]
[--newcomers F] [--records] [--parts] [--no-memory] [--bare-fide-list] [--repeat N]``

A seeded synthetic year: a list of ``N`` players (true strengths, list ratings near
them), ``E`` events spread over the year, each with players drawn from the list and
random pairings each round, results drawn from the true strengths, about ``G`` games in
all (default 100,000 players, 10,000 events, 1,000,000 games). With ``--newcomers F``
(default 0), a share ``F`` of the players is not on the list when the year starts: each is
given in the first event he plays, with a birth date and (for the ICU) a joining date, and
is unrated there (US Chess: the special formula; FIDE: results pending until a first rating;
ICU: the iterated performance, then provisional). FIDE's list is as FIDE's have been since March
2024: no rating under 1400 and a birth year for nearly every player (:func:`make_list`;
``--bare-fide-list``: neither, as in earlier releases' figures). For each system it prints:

- the season's time (with the collector's young passes over what it gave back, which its caller
  pays: :func:`young_passes`) and its time per game, with the floor pass (``floor.py``, one plain
  pass of the US Chess standard formula over the same games) measured in the same run
  (best of three) and the ratio to it, all in processor time (``timing.cpu_time``: the
  time other work on a shared machine takes is left out);
- the time spent inside the engines' ``rate_event`` and in reading the numbers the season
  reads of their outcomes (``outcome_columns``: a large event's engine hands them out when
  first read), and the rest (the list layer: the checks, seating each event, building the
  engine's players, folding the outcomes back, and any outcome record another part reads),
  the list layer's share of the year and its time against the engines';
- the process's peak resident memory so far (the list, the events and the season), and
  the peak memory of a second run under :mod:`tracemalloc` (slow: skipped with
  ``--no-memory``).

With ``--parts``, the list layer's time split into its parts (:data:`_PARTS`: the checks, the
season's start (the defaults-taken finder reading the list, the working list's columns made),
forming the waves (each event's players and options, the first fit), seating each wave, the
players' positions in the working list (the ICU's and FIDE's), building the engine's players,
finding the defaults taken, folding each wave's outcomes back into the working list (US Chess: the
new entries; the ICU: its columns; the history rows as columns), FIDE's 700-rule count and period
close, the season's result with its warnings, the records built at the end (the new entries of
the players whose fields are kept as columns, every history row), and the cyclic collector's
passes after the season (its first, as the pause ends, and its young passes, :func:`young_passes`,
over what the season made that is still young) and the rest (each wave's and event's bookkeeping,
the engine's working freed).

With ``--records``, first the yardstick of the list layer (:func:`object_floor`): the checks,
and the records the season makes for every player and event (the engine's players as columns, the
outcome, the new entry, the history row), timed alone with no rating done.

With ``--repeat N`` (N of 2 or more), then ``N`` pairs of one floor pass timed just before one
year (:func:`paired_ratios`), each pair's ratio printed and the target judged on their median
rather than on the first run (whose floor pass is the best of three, its year one run). The
machine's speed moves by a third between runs a minute apart; a pair sees one state of it.

The target, in one run: each system's year within ``floor.YEAR_TARGET`` times the floor pass
(which leaves the list layer about as much time as the engines), and under 1 GiB on a 2-core
machine; the script exits with status 1 if the time target is missed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import importlib
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from floor import YEAR_TARGET, floor_pass
from timing import Targets, cpu_time

from xlrating._gc import YOUNG, collector_paused
from xlrating.fide.rules import MARCH_2024 as FIDE_MARCH_2024
from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.lists import fide as fide_lists
from xlrating.lists import icu as icu_lists
from xlrating.lists import uscf as uscf_lists
from xlrating.lists.check import check_season
from xlrating.lists.model import evolver, history_row
from xlrating.lists.rate import waves
from xlrating.model import Method, outcome_records
from xlrating.systems import _uscf_columns

ADAPTERS = {"uscf": uscf_lists, "fide": fide_lists, "icu": icu_lists}


def make_season(players: int, events: int, games: int, seed: int = 2026, newcomers: float = 0.0
                ) -> tuple[list[float], list[Event]]:
    """True strengths (by player ID - 1) and the year's events, seeded. The players from
    :func:`listed` on are new to the list: each event gives those it plays first."""
    rng = random.Random(seed)
    first_new = listed(players, newcomers) + 1
    seen: set[int] = set()
    strength = [rng.gauss(1600, 300) for _ in range(players)]
    rounds = 8
    per_event = max(2, round(2 * games / events / rounds))
    start = dt.date(2025, 1, 1)
    season = []
    for index in range(events):
        seats = rng.sample(range(1, players + 1), per_event)
        played = []
        for rnd in range(1, rounds + 1):
            rng.shuffle(seats)
            for a, b in zip(seats[::2], seats[1::2], strict=False):
                expected = 1 / (1 + 10 ** ((strength[b - 1] - strength[a - 1]) / 400))
                u = rng.random()
                score = 1.0 if u < expected - 0.1 else 0.5 if u < expected + 0.1 else 0.0
                played.append((rnd, a, b, score))
        end = start + dt.timedelta(days=index * 365 // events)
        new = {key: {"birth_date": dt.date(rng.randint(1950, 2016), rng.randint(1, 12), 1), "joined": end}
               for key in seats if key >= first_new and key not in seen}
        seen.update(new)
        season.append(Event(f"E{index + 1}", end, played, players=new))
    return strength, season


def listed(players: int, newcomers: float) -> int:
    """How many of ``players`` are on the list when the year starts (IDs 1 to that)."""
    return players - round(players * newcomers)


BORN = 0.98
"""The share of a FIDE list's players given a birth date (1 January of the year FIDE's list publishes
for nearly every player: what its junior K reads); the others' is blank."""


def make_list(system: str, strength: list[float], seed: int = 7, newcomers: float = 0.0,
              bare: bool = False) -> RatingList:
    """The list at the year's start, seeded. A FIDE list is as FIDE's lists have been since the
    adjustment of March 2024 (:data:`xlrating.fide.rules.MARCH_2024`: no rating under 1400), with a
    birth date for a share :data:`BORN` of its players; ``bare``: neither (every rating as drawn,
    no birth date: the FIDE list of earlier releases' figures, its junior-K default said for
    nearly every player)."""
    rng = random.Random(seed)
    born = random.Random(seed + 1)
    fide_list = system == "fide" and not bare
    entries: dict[Any, Entry] = {}
    for key, true in enumerate(strength[:listed(len(strength), newcomers)], start=1):
        rating = float(round(min(max(true + rng.gauss(0, 80), 1000), 2700)))
        games = rng.choice([None, None, 40, 12]) if system != "icu" else rng.choice([None, 40])
        k = 24.0 if system == "icu" else None
        birth = None
        if fide_list:
            rating = FIDE_MARCH_2024.apply(rating)
            if born.random() < BORN:
                birth = dt.date(born.randint(1940, 2015), 1, 1)
        entries[key] = Entry(key, rating, games, k=k, birth_date=birth)
    return RatingList(system.upper(), entries)


def _floor_run(ratings: RatingList, events: list[Event], players: int) -> Callable[[], list[float]]:
    """One floor pass over the season's games, players not on the list (or unrated) at 1500."""
    rating = [1500.0] * players
    for entry in ratings:
        rating[entry.id - 1] = entry.rating or 1500.0
    return partial(floor_pass, rating, [g for event in events for g in event.games])


def _floor_per_game(ratings: RatingList, events: list[Event], players: int) -> float:
    """The floor pass's best processor time per game over the season's games (best of three)."""
    run = _floor_run(ratings, events, players)
    return min(cpu_time(run) for _ in range(3)) / sum(len(event.games) for event in events)


def _timed_engines(module: Any) -> tuple[list[float], list[Callable[[], None]]]:
    """Patch the adapter's engine call and its reading of the outcomes (``outcome_columns``) to
    add up the time spent in the engines, every outcome the season reads counted there: a large
    event's engine keeps its numbers when it rates and hands them out when they are first read
    (as columns, or as records to whoever reads records: those the list layer reads elsewhere
    count in the list layer). Gives the time and the undoings."""
    spent = [0.0]
    undo: list[Callable[[], None]] = []
    for name in ("call_engine", "outcome_columns"):
        original = getattr(module, name)

        def timed(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return _original(*args, **kwargs)
            finally:
                spent[0] += time.process_time() - start

        setattr(module, name, timed)
        undo.append(partial(setattr, module, name, original))
    return spent, undo


_PARTS = (
    ("checks", "xlrating.lists.rate", "check_season", None),
    ("seating", "xlrating.lists.rate", "Season.seat", None),
    ("engine's players", "xlrating.lists.uscf", "_engine_players", "uscf"),
    ("engine's players", "xlrating.lists.icu", "_engine_players", "icu"),
    ("engine's players", "xlrating.lists.fide", "_engine_players", "fide"),
    ("defaults taken", "xlrating.lists.said", "Said.took", None),
    ("folding back", "{adapter}", "fold_wave", "uscf"),
    ("folding back", "{adapter}", "fold_wave", "icu"),
    ("folding back", "xlrating.lists.fide", "_Period.fold", "fide"),
    ("FIDE's 700-rule count", "xlrating.lists.fide", "_Period.count", "fide"),
    ("FIDE's period close", "xlrating.lists.fide", "_Period.close", "fide"),
    ("waves", "xlrating.lists.rate", "players_of", None),
    ("waves", "{adapter}", "options", None),
    ("waves", "xlrating.lists.rate", "_first_fit", None),
    ("the season's start", "xlrating.lists.said", "Said.__init__", None),
    ("the season's start", "xlrating.lists.working", "WorkingList.keep", None),
    ("positions", "xlrating.lists.working", "WorkingList.positions", None),
    ("the result", "xlrating.lists.said", "Said.warnings", None),
    ("the result", "xlrating.lists.rate", "Season.result", None),
    ("the records at the end", "xlrating.lists.working", "WorkingList.entries", None),
    ("the records at the end", "xlrating.lists.working", "WorkingList.history", None),
)
"""The list layer's parts that ``--parts`` times: (name, module (``{adapter}``: the system's
adapter), function or ``Class.method``, the one system it is timed for or None for all). Parts of
one name add up; a part called inside another is counted in its own, not in the other's (the
records at the end, built inside the result). Each is called once per wave or period, but for the
waves' ``players_of`` and ``options``, once per event (and ``players_of`` again for an event
refused), the first fit once per run of alike events, and the season's start once."""


def _timed_parts(system: str) -> tuple[dict[str, float], list[Callable[[], None]]]:
    """Patch each of :data:`_PARTS` to add up its processor time (the calls are per wave or per
    period, so the patches cost little); gives the times and the undoings."""
    spent: dict[str, float] = {}
    undo: list[Callable[[], None]] = []
    inner = [0.0]  # the time of the timed parts called inside the one running (its own at the end)
    for name, module_name, attribute, only in _PARTS:
        if only not in (None, system):
            continue
        owner: Any = importlib.import_module(module_name.format(adapter=ADAPTERS[system].__name__))
        *path, last = attribute.split(".")
        for step in path:
            owner = getattr(owner, step)
        original = getattr(owner, last)

        def timed(*args: Any, _original: Any = original, _name: str = name, **kwargs: Any) -> Any:
            start = time.process_time()
            inner.append(0.0)
            try:
                return _original(*args, **kwargs)
            finally:
                took = time.process_time() - start
                spent[_name] = spent.get(_name, 0.0) + took - inner.pop()
                inner[-1] += took

        setattr(owner, last, timed)
        undo.append(partial(setattr, owner, last, original))
    return spent, undo


class _TimedPause:
    """:func:`~xlrating._gc.collector_paused` whose end is timed: the cyclic collector's first pass
    after a season, over every object the season made while it was paused that is still young
    (none where the season put them in the oldest generation)."""

    def __init__(self, spent: dict[str, float], **options: Any) -> None:
        self.spent, self.paused = spent, collector_paused(**options)

    def __enter__(self) -> None:
        self.paused.__enter__()

    def __exit__(self, *error: Any) -> None:
        start = time.process_time()
        try:
            self.paused.__exit__(*error)
            [].append(None)  # (the first allocation after the pause starts the collector's pass)
        finally:
            self.spent[_COLLECTOR] = self.spent.get(_COLLECTOR, 0.0) + time.process_time() - start


_COLLECTOR = "the collector's passes after the season"


def _timed_collector(spent: dict[str, float]) -> Callable[[], None]:
    """Time the collector's first pass after the season (:class:`_TimedPause`) into ``spent``; gives
    the undoing."""
    season_module: Any = importlib.import_module("xlrating.lists.rate")
    season_module.collector_paused = partial(_TimedPause, spent)
    return partial(setattr, season_module, "collector_paused", collector_paused)


def object_floor(strength: list[float], events: list[Event], newcomers: float) -> None:
    """Print what a season's checks and objects alone cost, as a ratio to the floor pass: the
    list and events checked, each event's players numbered, and for every player and event the
    four records the season makes with the current model (the engine's players, built as columns
    from their entries; the engine's outcome record; his new entry; his history row), each kind
    timed alone, with no rating done. US Chess's records stand for all three systems'. The year's target
    leaves room for this and the engines' formulas together, or it cannot be met without fewer
    records."""
    ratings = make_list("uscf", strength, newcomers=newcomers)
    count = sum(len(e.games) for e in events)
    floor = _floor_per_game(ratings, events, len(strength))
    fold = evolver("rating", "games", "peak", "wins", "draws", "events", "history")
    entries = dict(ratings.entries)
    for event in events:
        entries.update((key, Entry(key, **data)) for key, data in event.players.items())
    seated: list[list[Any]] = []

    def numbering() -> None:
        for event in events:
            numbers: dict[Any, int] = {}
            for _, a, b, _ in event.games:
                numbers.setdefault(a, len(numbers) + 1)
                numbers.setdefault(b, len(numbers) + 1)
            seated.append(list(numbers))

    def players() -> None:
        for ids in seated:
            _uscf_columns(list(map(entries.__getitem__, ids)))

    def outcomes() -> None:
        for ids in seated:
            size = len(ids)
            outcome_records({"player": range(1, size + 1), "pre_rating": [1500.0] * size,
                             "pre_games": [None] * size},
                            method=Method.STANDARD, rated_games=8, rated_score=4.0, post_rating=1500.0,
                            post_games=None)

    def new_entries() -> None:
        for ids in seated:
            for key in ids:
                entry = entries[key]
                entries[key] = fold(entry, 1500.0, None, entry.peak, entry.wins + 4, entry.draws,
                                    entry.events + 1, None)

    def history_rows() -> None:
        history: dict[Any, list[Any]] = {}
        for event, ids in zip(events, seated, strict=True):
            for key in ids:
                history.setdefault(key, []).append(history_row(event.id, "Regular", 1500.0, 1500.0, 0.0, 8))

    checks = cpu_time(partial(check_season, ratings, events)) / count / floor
    parts = {}
    with collector_paused():
        for part in (numbering, players, outcomes, new_entries, history_rows):
            parts[part.__name__.replace("_", " ")] = cpu_time(part) / count / floor
    made = sum(parts.values())
    print(f"the season's checks and records alone, no rating done: checks {checks:.2f}x the floor pass, "
          f"numbering and four records a player and event {made:.2f}x "
          f"({', '.join(f'{name} {ratio:.2f}' for name, ratio in parts.items())}), "
          f"together {checks + made:.2f}x")


def column_floor(strength: list[float], events: list[Event]) -> None:
    """Print what the year's arithmetic costs on columns, as a ratio to the floor pass: every
    player rated by Elo with K 24 from his current rating (1500 for one not on the list), the
    events in the season's waves (:func:`xlrating.lists.rate.waves`), each wave's games as
    numpy arrays, each player's change summed at once, his rating and his history (event,
    pre, post, games) kept as columns. No checks, no records, no notes, no rule beyond Elo:
    the least a season kept as columns (engines taking players and giving outcomes as
    columns) would cost before its systems' rules, beside the records' yardstick above."""
    ratings = make_list("icu", strength)
    count = sum(len(e.games) for e in events)
    floor = _floor_per_game(ratings, events, len(strength))
    size = len(strength) + 1  # (IDs run from 1)

    def year() -> None:
        rating = np.full(size, 1500.0)
        for entry in ratings:
            rating[entry.id] = entry.rating
        history: list[tuple[int, Any, Any, Any, Any]] = []
        for index, wave in enumerate(waves(events, lambda _event, _players: True)):
            _, first, second, scores = zip(*(game for event in wave for game in event.games), strict=True)
            a, b, s = np.array(first), np.array(second), np.array(scores, dtype=np.float64)
            change = s - 1.0 / (1.0 + 10.0 ** ((rating[b] - rating[a]) / 400.0))
            gained = np.bincount(a, change, size) - np.bincount(b, change, size)
            games = np.bincount(a, minlength=size) + np.bincount(b, minlength=size)
            played = np.flatnonzero(games)
            pre = rating[played]
            post = np.round(pre + 24.0 * gained[played])
            rating[played] = post
            history.append((index, played, pre, post, games[played]))

    with collector_paused():
        took = cpu_time(year)
    print(f"the year's arithmetic on columns (Elo for every player, in waves, no checks or records): "
          f"{took / count / floor:.2f}x the floor pass")


def paired_ratios(ratings: RatingList, events: list[Event], players: int, repeat: int) -> list[float]:
    """``repeat`` ratios of the year to the floor pass, each of one floor pass timed just before one
    year (processor time): each pair sees the same state of a shared machine, whose speed moves by
    a third between runs a minute apart, so the pair's ratio holds where one run's does not."""
    floor_run = _floor_run(ratings, events, players)
    ratios = []
    for _ in range(repeat):
        floor = cpu_time(floor_run)
        start = time.process_time()
        result = rate_season(ratings, events)  # (let go after the timing, as in :func:`run`)
        young_passes()
        ratios.append((time.process_time() - start) / floor)
        del result
    return ratios


def young_passes() -> None:
    """The cyclic collector's young passes over what is young now, as the caller of a season pays
    them after it returns: its next few thousand allocations run them over what the season gave
    back, unless the season put that in the oldest generation (:func:`xlrating._gc.collector_paused`;
    :data:`~xlrating._gc.YOUNG`: the generation that collects every young one). Timed with the year,
    as what the user gets."""
    gc.collect(YOUNG)


def run(system: str, strength: list[float], events: list[Event], memory: bool, targets: Targets,
        newcomers: float = 0.0, parts: bool = False, bare: bool = False, repeat: int = 1) -> None:
    ratings = make_list(system, strength, newcomers=newcomers, bare=bare)
    count = sum(len(e.games) for e in events)
    floor = _floor_per_game(ratings, events, len(strength))
    module = ADAPTERS[system]
    spent, undo = _timed_engines(module)
    timed_parts, undo_parts = _timed_parts(system) if parts else ({}, [])
    if parts:
        undo_parts.append(_timed_collector(timed_parts))
    start = time.process_time()
    result = rate_season(ratings, events)
    young = cpu_time(young_passes)
    total = time.process_time() - start
    for undoing in [*undo, *undo_parts]:
        undoing()
    if parts:
        timed_parts[_COLLECTOR] = timed_parts.get(_COLLECTOR, 0.0) + young
    layer = total - spent[0]
    print(
        f"{system.upper()}: {len(ratings):,} players on the list, {len(strength) - len(ratings):,} new, "
        f"{len(events):,} events, {count:,} games: "
        f"{total:.1f} s, {total / count * 1e6:.2f} us/game = {total / count / floor:.2f}x the floor pass "
        f"({floor * 1e6:.2f} us/game, same run)"
    )
    print(
        f"  engines {spent[0]:.1f} s ({spent[0] / count * 1e6:.2f} us/game, {spent[0] / count / floor:.2f}x "
        f"the floor pass), list layer {layer:.1f} s ({layer / count * 1e6:.2f} us/game, "
        f"{layer / count / floor:.2f}x the floor pass, {layer / total:.0%} of the year, "
        f"{layer / spent[0]:.2f}x the engines' time)"
    )
    if parts:
        rest = layer - sum(timed_parts.values())
        print("  the list layer's parts (processor time, x the floor pass): " + ", ".join(
            f"{name} {took:.2f} s ({took / count / floor:.2f})" for name, took in (*timed_parts.items(),
                                                                                 ("the rest", rest))))
    if repeat > 1:
        print(f"  (this run alone: {total / count / floor:.2f}x; the target is judged on the pairs below)")
    else:
        targets.check(f"{system.upper()} year", total / count / floor, YEAR_TARGET)
    print(f"  {len(result.history):,} players played; list of {len(result.list):,}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10
    print(f"  peak resident memory of the process so far (list, events and season): {rss:.0f} MiB")
    del result
    if repeat > 1:
        ratios = paired_ratios(ratings, events, len(strength), repeat)
        print(f"  {repeat} pairs (the floor pass, then the year): " + ", ".join(f"{r:.2f}" for r in ratios)
              + "x")
        targets.check(f"{system.upper()} year (median of {repeat} pairs)", statistics.median(ratios),
                      YEAR_TARGET)
    if memory:
        tracemalloc.start()
        rate_season(ratings, events)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"  peak memory while rating (tracemalloc, beyond the list and events): {peak / 2**20:.0f} MiB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--systems", default="uscf,fide,icu")
    parser.add_argument("--newcomers", type=float, default=0.0,
                        help="the share of players not on the list when the year starts (default 0)")
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--bare-fide-list", action="store_true",
                        help="FIDE's list with no birth dates and ratings under 1400 (make_list's bare)")
    parser.add_argument("--records", action="store_true",
                        help="also time the season's checks and records alone (object_floor) and the "
                             "year's arithmetic on columns (column_floor)")
    parser.add_argument("--parts", action="store_true",
                        help="also time the list layer's parts (the checks, the waves, seating, the engine's "
                             "players, the defaults taken, folding back, FIDE's period, the result, the "
                             "records at the end, the collector's passes after the season)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="also time N pairs (one floor pass, then the year) and judge the target on "
                             "the median of their ratios (default 1: the one run's ratio is judged)")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat must be 1 or more, not {args.repeat}")
    if not 0 <= args.newcomers < 1:
        parser.error(f"--newcomers must be from 0 to under 1, not {args.newcomers}")
    start = time.perf_counter()
    strength, events = make_season(args.players, args.events, args.games, newcomers=args.newcomers)
    print(f"season generated in {time.perf_counter() - start:.1f} s")
    targets = Targets()
    if args.records:
        object_floor(strength, events, args.newcomers)
        column_floor(strength, events)
    for system in args.systems.split(","):
        run(system.strip(), strength, events, not args.no_memory, targets, args.newcomers, args.parts,
            args.bare_fide_list, args.repeat)
    return targets.status()


if __name__ == "__main__":
    sys.exit(main())
