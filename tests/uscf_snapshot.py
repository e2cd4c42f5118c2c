"""Seeded US Chess events for the regression snapshot of ``test_uscf_snapshot.py``.

The events cover every player kind (established with and without N, provisional,
N <= 8, all-wins and all-losses histories, FIDE, CFC, other systems, birth dates,
adults, the default rating, peaks, explicit floors, lifetime counts, players without a
game) and every option (editions, rating systems, dual-rated, bonus multipliers, end
dates, Swiss, round robin and match events, repeated opponents).

Regenerate the snapshot (only when a change of numbers is intended and explained):
``python -m tests.uscf_snapshot``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import gzip
import json
import random
from enum import Enum
from pathlib import Path
from typing import Any

from xlrating.model import EventOutcome, Game, Outcomes
from xlrating.uscf import RatingSystem, UscfPlayer, get_rules, rate_event

SNAPSHOT = Path(__file__).parent / "data" / "snapshots" / "uscf_events.json.gz"
HEADER = ("Regression snapshot produced by xlrating 0.1 (the US Chess engine as it was before "
          "the numeric core); not numbers from outside the code. Regenerate with "
          "'python -m tests.uscf_snapshot'.")
END = dt.date(2024, 6, 1)


def players(size: int, rng: random.Random, system: RatingSystem = RatingSystem.REGULAR) -> list[UscfPlayer]:
    """``size`` players of every kind, numbered 1..size (shuffled kinds)."""
    others = [s for s in RatingSystem if s is not system]
    result: list[UscfPlayer] = []
    for number in range(1, size + 1):
        kind = number % 16 if size > 16 else rng.randrange(16)
        rating = float(min(max(round(rng.gauss(1500, 400)), 100), 2750))
        if rng.random() < 0.3:
            rating += rng.choice((0.25, 0.5, 0.731))
        if kind == 0:
            result.append(UscfPlayer(number, rating, rng.randint(26, 900), wins=rng.randint(0, 300),
                                     draws=rng.randint(0, 60), events=rng.randint(0, 80),
                                     peak=rating + rng.randint(0, 300)))
        elif kind == 1:
            result.append(UscfPlayer(number, rating, None, wins=rng.randint(0, 5)))
        elif kind == 2:
            result.append(UscfPlayer(number, rating, rng.randint(9, 25), peak=rating + 50))
        elif kind == 3:
            result.append(UscfPlayer(number, rating, rng.randint(0, 8)))
        elif kind == 4:
            result.append(UscfPlayer(number, rating, rng.randint(1, 8), history="all wins"))
        elif kind == 5:
            result.append(UscfPlayer(number, rating, rng.randint(1, 8), history="all losses"))
        elif kind == 6:
            result.append(UscfPlayer(number, fide=rng.uniform(1000, 2700)))
        elif kind == 7:
            result.append(UscfPlayer(number, cfc=rng.uniform(800, 2500)))
        elif kind == 8:
            other = rng.choice(others)
            result.append(UscfPlayer(number, other_ratings={other: (rating, rng.choice((None, 3, 12, 40)))}))
        elif kind == 9:
            born = END - dt.timedelta(days=rng.randint(2 * 365, 40 * 365))
            result.append(UscfPlayer(number, birth_date=born))
        elif kind == 10:
            result.append(UscfPlayer(number, adult=True))
        elif kind == 11:
            result.append(UscfPlayer(number))
        elif kind == 12:
            result.append(UscfPlayer(number, rating, rng.randint(26, 200), floor=rng.choice((1800.0, 2200.0)),
                                     other_ratings={RatingSystem.REGULAR: (rating + 30, None)}))
        elif kind == 13:
            result.append(UscfPlayer(number, rating, rng.randint(40, 100), wins=rng.randint(0, 20),
                                     draws=rng.randint(0, 10), events=rng.randint(0, 5)))
        elif kind == 14:
            result.append(UscfPlayer(number, min(rating + 800, 2790.0), None,
                                     other_ratings={RatingSystem.REGULAR: (min(rating + 800, 2790.0), 50)}))
        else:
            result.append(UscfPlayer(number, rating, rng.randint(0, 3), peak=rating))
    return result


def swiss(size: int, rounds: int, rng: random.Random) -> list[Game]:
    """Random pairings by score, some players sitting rounds out, a few repeats."""
    score = dict.fromkeys(range(1, size + 1), 0.0)
    games: list[Game] = []
    for rnd in range(1, rounds + 1):
        present = [n for n in score if rng.random() > 0.08]
        present.sort(key=lambda n: (-score[n], rng.random()))
        for a, b in zip(present[::2], present[1::2], strict=False):
            result = rng.choice((1.0, 0.5, 0.0, 1.0, 0.0))
            games.append(Game(rnd, a, b, result))
            score[a] += result
            score[b] += 1.0 - result
    return games


def round_robin(size: int, cycles: int, rng: random.Random) -> list[Game]:
    """Everybody meets everybody ``cycles`` times (three cycles: repeated opponents)."""
    games: list[Game] = []
    rnd = 0
    for _ in range(cycles):
        for a in range(1, size + 1):
            for b in range(a + 1, size + 1):
                rnd += 1
                games.append(Game(rnd, a, b, rng.choice((1.0, 0.5, 0.0))))
    return games


def events() -> list[tuple[str, list[UscfPlayer], list[Game], dict[str, Any]]]:
    """The seeded events: (name, players, games, keyword arguments of rate_event)."""
    rng = random.Random(20261123)
    cases: list[tuple[str, list[UscfPlayer], list[Game], dict[str, Any]]] = []
    for rules in ("2009", "2011", "2020"):
        for size, rounds in ((8, 4), (40, 6), (300, 9)):
            roster = players(size, rng)
            cases.append((f"{rules} swiss {size}", roster, swiss(size, rounds, rng),
                          {"rules": rules, "end_date": END}))
        roster = players(10, rng)
        cases.append((f"{rules} round robin x3", roster, round_robin(10, 3, rng),
                      {"rules": rules, "event_type": "Round robin", "end_date": dt.date(2012, 5, 1),
                       "bonus_multiplier": 6}))
        cases.append((f"{rules} quick", players(60, rng, RatingSystem.QUICK), swiss(60, 5, rng),
                      {"rules": rules, "rating_system": "Quick", "end_date": dt.date(2010, 1, 1)}))
        cases.append((f"{rules} quick dual", players(60, rng, RatingSystem.QUICK), swiss(60, 5, rng),
                      {"rules": rules, "rating_system": "Quick", "dual_rated": True, "bonus_multiplier": 10,
                       "end_date": END}))
        cases.append((f"{rules} regular dual", players(60, rng), swiss(60, 5, rng),
                      {"rules": rules, "dual_rated": True, "end_date": dt.date(2023, 3, 1)}))
        pairs = ((1800.0, 1900.0, 30, 40), (2100.0, 1750.0, None, 200), (1500.0, 1480.0, 26, 12))
        for first, second, games_first, games_second in pairs:
            roster = [UscfPlayer(1, first, games_first, peak=first + 250),
                      UscfPlayer(2, second, games_second, wins=3)]
            results = [rng.choice((1.0, 0.5, 0.0)) for _ in range(6)]
            games = [Game(i + 1, 1 if i % 2 else 2, 2 if i % 2 else 1, r) for i, r in enumerate(results)]
            if rules == "2009" or (games_second or 99) > 25:
                cases.append((f"{rules} match {first:g}-{second:g}", roster, games,
                              {"rules": rules, "event_type": "Match", "end_date": END}))
    for system in RatingSystem:
        cases.append((f"2020 {system.value}", players(50, rng, system), swiss(50, 5, rng),
                      {"rules": "2020", "rating_system": system.value, "end_date": dt.date(2025, 2, 1)}))
    crush = [UscfPlayer(1, 2700.0, None), UscfPlayer(2, 2650.0, 3, history="all wins"),
             UscfPlayer(3, 150.0, 0), UscfPlayer(4, 120.0, 2, history="all losses"), UscfPlayer(5),
             UscfPlayer(6, 1500.0, 30), UscfPlayer(7, fide=2100.0)]
    crush_games = [Game(1, 1, 3, 1.0), Game(1, 2, 4, 1.0), Game(2, 1, 4, 1.0), Game(2, 2, 3, 1.0),
                   Game(3, 5, 1, 0.0), Game(3, 3, 4, 0.0), Game(4, 5, 2, 1.0)]
    cases.append(("2020 extremes, no end date", crush, crush_games, {}))
    return [(name, roster, games, as_recorded(kwargs)) for name, roster, games, kwargs in cases]


def as_recorded(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` with the edition as its document gives it, as xlrating 0.1 rated: without the
    FIDE conversion US Chess adopted for events ending from 1 March 2024 (the 2020 events
    here end in June 2024 and February 2025). The snapshot thus keeps checking the document's
    rules; the later conversion has its own tests (tests/test_uscf_initial.py)."""
    edition = get_rules(kwargs.get("rules"))
    return {**kwargs, "rules": dataclasses.replace(edition, fide_conversion_updates=())}


def encode(value: Any) -> Any:
    """An outcome as JSON: floats by repr, enums by value, dataclasses as dicts (every
    engine's snapshot test stores its outcomes so)."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = (f.name for f in dataclasses.fields(value) if not f.name.startswith("_"))
        return {name: encode(getattr(value, name)) for name in fields}
    if isinstance(value, (tuple, list, Outcomes)):  # Outcomes: a large event's, built as read
        return [encode(v) for v in value]
    raise TypeError(f"cannot encode {value!r}")


def rate(kwargs: dict[str, Any], roster: list[UscfPlayer], games: list[Game], **more: Any) -> EventOutcome:
    return rate_event(roster, games, **kwargs, **more)


def build() -> dict[str, Any]:
    return {"header": HEADER,
            "events": {name: encode(rate(kwargs, roster, games)) for name, roster, games, kwargs in events()}}


def main() -> None:
    SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(build(), ensure_ascii=False, indent=0).encode()
    SNAPSHOT.write_bytes(gzip.compress(data, mtime=0))
    print(f"wrote {SNAPSHOT} ({len(data):,} bytes of JSON, {SNAPSHOT.stat().st_size:,} compressed)")


if __name__ == "__main__":
    main()
