"""Regression snapshot of the ICU engine: seeded events rated by xlrating 0.1.

These numbers were produced by our own code, not by the ICU: they prove nothing about the
rules (the worked examples and real events in test_icu*.py and test_real_icu.py do that);
they pin every field of every outcome so that a rewrite of the engine changes nothing.

The events cover every player kind (rated with an explicit K, with K by age, by membership
and by rating; provisional; foreign; unrated), players with no game, bonuses and the second
rating, chains of unrated players, modified rules, and events that cannot be rated
(:class:`~xlrating.errors.ConvergenceError`, whose message is pinned too).

Regenerate (only when a change of numbers is intended and explained):
``python tests/test_icu_snapshot.py --write``.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import random
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from snapshot_floats import assert_same

from xlrating.errors import ConvergenceError
from xlrating.icu import ICU, IcuPlayer, PlayerKind, get_rules, rate_event
from xlrating.model import EventOutcome, Game, PlayerOutcome

SNAPSHOT = Path(__file__).parent / "data" / "snapshots" / "icu.json.gz"
HEADER = ("Regression snapshot produced by xlrating 0.1 (the ICU engine as it was before the "
          "numeric core); numbers from our own code, not from the ICU. Regenerate with "
          "'python tests/test_icu_snapshot.py --write' only for an intended, explained change.")
START = date(2024, 6, 1)


# --- the seeded events --------------------------------------------------------------------------


def _player(rng: random.Random, n: int, rating: int) -> IcuPlayer:
    """One player of a random kind and K source."""
    draw = rng.random()
    if draw < 0.14:
        return IcuPlayer(n, PlayerKind.UNRATED)
    if draw < 0.28:
        return IcuPlayer(n, PlayerKind.PROVISIONAL, rating, games=rng.randint(1, 19))
    if draw < 0.33:
        return IcuPlayer(n, PlayerKind.FOREIGN, rating)
    games = rng.choice([None, None, rng.randint(20, 300)])
    kind = rng.random()
    if kind < 0.3:
        return IcuPlayer(n, PlayerKind.RATED, rating, games=games, k=rng.choice([16, 24, 32, 40, 12.5]))
    if kind < 0.45:  # a junior (K 40 below 2100), born on or just before a birthday
        born = date(rng.randint(2004, 2016), START.month, rng.choice([1, 2]))
        return IcuPlayer(n, PlayerKind.RATED, rating, games=games, birth_date=born)
    if kind < 0.55 and rating >= 2100:  # K 16 by rating: no dates needed
        return IcuPlayer(n, PlayerKind.RATED, rating, games=games)
    born = date(rng.randint(1940, 2002), rng.randint(1, 12), rng.randint(1, 28))
    joined = date(rng.randint(2000, 2025), rng.randint(1, 12), rng.randint(1, 28))
    return IcuPlayer(n, PlayerKind.RATED, rating, games=games, birth_date=born, joined=joined)


def swiss(size: int, rounds: int, seed: int, sit_out: float = 0.05) -> tuple[list[IcuPlayer], list[Game]]:
    """``size`` players of every kind, ``rounds`` rounds of random pairings (some players sit
    out a round); juniors and unrated players play above their rating, so bonuses happen."""
    rng = random.Random(seed)
    players: list[IcuPlayer] = []
    strength: dict[int, float] = {}
    for n in range(1, size + 1):
        rating = min(max(round(rng.gauss(1500, 400)), 100), 2600)
        p = _player(rng, n, rating)
        players.append(p)
        boost = 250 if p.birth_date is not None and p.birth_date.year >= 2004 else 0
        strength[n] = rating + boost + rng.gauss(0, 150) if p.rating is not None else rng.gauss(1300, 400)
    games: list[Game] = []
    numbers = [p.number for p in players]
    for rnd in range(1, rounds + 1):
        playing = [n for n in numbers if rng.random() >= sit_out]
        rng.shuffle(playing)
        for a, b in zip(playing[::2], playing[1::2], strict=False):
            expected = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            u = rng.random()
            score = 1.0 if u < expected - 0.1 else 0.5 if u < expected + 0.1 else 0.0
            games.append(Game(rnd, a, b, score) if rng.random() < 0.5 else Game(rnd, b, a, 1 - score))
    return players, games


def round_robin(size: int, seed: int) -> tuple[list[IcuPlayer], list[Game]]:
    """Everyone plays everyone: juniors with K 40, a provisional and an unrated player."""
    rng = random.Random(seed)
    players = [_player(rng, n, min(max(round(rng.gauss(1700, 300)), 100), 2600)) for n in range(1, size + 1)]
    games = []
    for i in range(1, size + 1):
        for j in range(i + 1, size + 1):
            games.append(Game(1 + (i + j) % (size - 1), i, j, rng.choice([0.0, 0.5, 1.0, 1.0])))
    return players, games


def chain(unrated: int, wins: bool) -> tuple[list[IcuPlayer], list[Game]]:
    """A rated player, then a chain of unrated players each playing only the next one."""
    players = [IcuPlayer(1, PlayerKind.RATED, 1500, k=24),
               *(IcuPlayer(n, PlayerKind.UNRATED) for n in range(2, unrated + 2))]
    games = [Game(1 + n % 2, n, n + 1, 1.0 if wins else 0.0) for n in range(1, unrated + 1)]
    return players, games


def bonus_event() -> tuple[list[IcuPlayer], list[Game]]:
    """Juniors who beat everyone: bonuses, caps, and a second rating with unrated opponents."""
    players = [
        IcuPlayer(1, PlayerKind.RATED, 1400, birth_date=date(2012, 1, 1)),
        IcuPlayer(2, PlayerKind.RATED, 1900, k=32),
        IcuPlayer(3, PlayerKind.RATED, 1200, k=40),
        IcuPlayer(4, PlayerKind.UNRATED),
        IcuPlayer(5, PlayerKind.PROVISIONAL, 1700, games=5),
        IcuPlayer(6, PlayerKind.RATED, 2000, k=24),
        IcuPlayer(7, PlayerKind.FOREIGN, 2100),
        IcuPlayer(8, PlayerKind.RATED, 1800, k=40),
        IcuPlayer(9, PlayerKind.RATED, 1600, birth_date=date(1980, 5, 5), joined=date(2020, 1, 1)),
    ]
    games = [Game(r, 1, o, 1.0) for r, o in enumerate((2, 4, 5, 6, 7, 8, 9), start=1)]
    games += [Game(r, 3, o, 1.0) for r, o in enumerate((9, 5, 4, 8, 2, 6), start=1)]
    games += [Game(1, 4, 5, 0.5), Game(2, 2, 6, 0.5), Game(3, 8, 9, 1.0), Game(4, 2, 9, 0.0)]
    return players, games


Case = tuple[str, list[IcuPlayer], list[Game], dict[str, Any]]


def cases() -> Iterator[Case]:
    """Every seeded event, with its keyword arguments to rate_event."""
    for size, rounds, seed in ((8, 5, 1), (12, 6, 2), (30, 7, 3), (60, 9, 4), (100, 9, 5), (300, 9, 6)):
        players, games = swiss(size, rounds, seed)
        yield f"swiss {size}", players, games, {"start_date": START, "event_name": f"Swiss {size}"}
    for seed in (11, 12, 13):
        players, games = swiss(40, 6, seed, sit_out=0.3)
        yield f"swiss 40 sitting out {seed}", players, games, {"start_date": START}
    players, games = round_robin(10, 21)
    yield "round robin 10", players, games, {"start_date": date(2023, 2, 1), "event_name": "RR"}
    for length in (5, 20, 40):
        for wins in (True, False):
            players, games = chain(length, wins)
            yield f"chain {length} {'wins' if wins else 'losses'}", players, games, {"event_name": "Chain"}
    players, games = chain(52, True)
    yield "chain 52 (does not converge)", players, games, {"event_name": "Chain"}
    players, games = bonus_event()
    yield "bonuses", players, games, {"start_date": START}
    yield "bonuses, rules named in lower case", players, games, {"start_date": START, "rules": "icu"}
    players, games = swiss(60, 9, 4)
    yield "swiss 60, iteration limit 3", players, games, {
        "start_date": START, "rules": dataclasses.replace(ICU, iteration_limit=3)}
    yield "swiss 60, threshold 0.01", players, games, {
        "start_date": START, "rules": dataclasses.replace(ICU, iteration_threshold=0.01)}
    yield "swiss 60, bonus from K 16", players, games, {
        "start_date": START, "rules": dataclasses.replace(ICU, bonus_max_no_k=8.0, bonus_high_k=30.0)}
    no_games = [IcuPlayer(1, PlayerKind.RATED, 1500, k=24), IcuPlayer(2, PlayerKind.UNRATED),
                IcuPlayer(3, PlayerKind.UNRATED), IcuPlayer(4, PlayerKind.PROVISIONAL, 1300, games=3),
                IcuPlayer(5, PlayerKind.FOREIGN, 1900)]
    yield "no ratable games", no_games, [Game(1, 2, 3, 1.0), Game(2, 4, 5, 0.5)], {}


# --- the serialised outcome ---------------------------------------------------------------------


def _value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_value(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "value") and not isinstance(value, (int, float)):  # an enum
        return value.value
    return value


def player_record(p: PlayerOutcome) -> dict[str, Any]:
    """Every field of ``p``; floats keep their exact value (JSON writes them by repr)."""
    record: dict[str, Any] = _value(p)
    return record


def outcome_record(outcome: EventOutcome) -> dict[str, Any]:
    return {
        "system": outcome.system, "rules": outcome.rules, "rating_system": outcome.rating_system,
        "parameters": _value(outcome.parameters), "notes": list(outcome.notes),
        "players": [player_record(p) for p in outcome.players],
    }


def rate(players: list[IcuPlayer], games: list[Game], kwargs: dict[str, Any]) -> dict[str, Any]:
    try:
        return outcome_record(rate_event(players, games, **kwargs))
    except ConvergenceError as error:
        return {"error": type(error).__name__, "message": str(error)}


def records() -> dict[str, Any]:
    return {name: rate(players, games, kwargs) for name, players, games, kwargs in cases()}


def canonical(value: Any) -> str:
    """One exact text for a record: ints stay ints, floats are written by repr."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def record(value: Any) -> Any:
    """The record as its exact text reads back (ints and floats told apart), for
    :func:`snapshot_floats.assert_same`."""
    return json.loads(canonical(value))


# --- the test -----------------------------------------------------------------------------------


def _stored() -> dict[str, Any]:
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    assert data["header"] == HEADER
    events: dict[str, Any] = data["events"]
    return events


STORED = _stored() if SNAPSHOT.exists() else {}


def test_the_snapshot_covers_every_event() -> None:
    assert sorted(STORED) == sorted(name for name, *_ in cases())


def no_lowest_rating(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` with rules that set no lowest rating, as xlrating 0.1 rated."""
    return {**kwargs, "rules": dataclasses.replace(get_rules(kwargs.get("rules")), lowest_rating=None)}


def expected_now(stored: dict[str, Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The stored outcome as rated today with no lowest rating. Two intended changes to the
    event's parameters: every engine's now start with Edition, Event type, Start date and
    End date (text, "" when not given; in xlrating 0.1 the ICU's began with its own "Start
    date", "not given" if none), and "Lowest rating" ends them."""
    if "parameters" not in stored:
        return stored
    start, end = kwargs.get("start_date"), kwargs.get("end_date")
    shared = [["Edition", "ICU"], ["Event type", "Swiss"], ["Start date", start.isoformat() if start else ""],
              ["End date", end.isoformat() if end else ""]]
    own = [p for p in stored["parameters"] if p[0] != "Start date"]
    return {**stored, "parameters": [*shared, *own, ["Lowest rating", "none"]]}


@pytest.mark.parametrize("case", list(cases()), ids=lambda c: c[0])
def test_outcome_matches_the_snapshot(case: Case) -> None:
    name, players, games, kwargs = case
    stored, now = expected_now(STORED[name], kwargs), rate(players, games, no_lowest_rating(kwargs))
    if "players" in stored and "players" in now:
        for before, after in zip(stored["players"], now["players"], strict=True):
            assert_same(record(after), record(before), f"player {before['player']}")
    assert_same(record(now), record(stored), name)


@pytest.mark.parametrize("case", list(cases()), ids=lambda c: c[0])
def test_the_lowest_rating_changes_only_the_players_below_it(case: Case) -> None:
    # With the ICU's lowest rating (1), an unrated or provisional player whose 0.1 rating was
    # below 1 is not rated and keeps the rating as given; every other player is unchanged.
    name, players, games, kwargs = case
    stored, now = expected_now(STORED[name], kwargs), rate(players, games, kwargs)
    if "error" in stored:
        assert now == stored
        return
    below = 0
    for before, after in zip(stored["players"], now["players"], strict=True):
        if before["method"] in ("performance", "provisional") and before["post_rating"] < 1:
            below += 1
            assert after["method"] == "not rated" and after["post_rating"] == before["pre_rating"]
            assert after["post_games"] == before["pre_games"] and after["change"] is None
            assert after["notes"][-1].startswith("not rated: estimate ")
            kept = ("rated_games", "rated_score", "expected_score", "performance", "games")
            assert [after[f] for f in kept] == [before[f] for f in kept]
        else:
            assert_same(record(after), record(before), f"player {before['player']}")
    assert now["parameters"][-1] == ["Lowest rating", "1 (an unrated or provisional player whose new rating "
                                                      "would be lower is not rated)"]
    assert below == {"chain 5 wins": 2, "chain 20 wins": 17, "chain 40 wins": 37}.get(name, 0)


NUMBERS_ONLY = ("steps", "games")
"""The fields ``explain=False`` leaves empty; every other field keeps its value."""


@pytest.mark.parametrize("case", list(cases()), ids=lambda c: c[0])
def test_explain_false_gives_the_same_numbers_without_steps_or_games(case: Case) -> None:
    name, players, games, kwargs = case
    stored = expected_now(STORED[name], kwargs)
    now = rate(players, games, {**no_lowest_rating(kwargs), "explain": False})
    if "error" in stored:
        assert now == stored
        return
    bare = [{**p, "steps": [], "games": []} for p in stored["players"]]
    assert all(not p["steps"] and not p["games"] for p in now["players"])
    assert_same(record(now), record({**stored, "players": bare}), name)


def test_the_snapshot_has_bonuses_non_convergence_and_every_kind() -> None:
    methods = {p["method"] for event in STORED.values() for p in event.get("players", ())}
    assert methods == {"elo", "provisional", "performance", "foreign", "not rated"}
    assert any(p["bonus"] for event in STORED.values() for p in event.get("players", ()))
    assert any("error" in event for event in STORED.values())
    assert any(p["k"] == 40 and p["steps"][1]["detail"].startswith("aged")
               for event in STORED.values() for p in event.get("players", ()) if p["k"])


def write() -> None:
    SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
    data = {"header": HEADER, "events": records()}
    with gzip.open(SNAPSHOT, "wt", encoding="utf-8", compresslevel=9) as handle:
        json.dump(data, handle, ensure_ascii=False)  # the header first


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_icu_snapshot.py --write")
    write()
    print(f"wrote {SNAPSHOT}")
