"""The FIDE engine's two numeric cores give the same outcomes, and it rates without numpy.

A small event is rated by the plain-Python core (:class:`xlrating.fide.core_plain.PlainCore`), a
large one by the numpy core (:class:`xlrating.fide.core_numpy.NumpyCore`), two implementations of
one protocol (:class:`xlrating.fide.core.Core`); every event rated both ways (forced through
:func:`xlrating._vector.forced`) must give the same :class:`~xlrating.model.EventOutcome` in
every field, floats by ``repr``. The numbers compared here come from our own code: the paths are
checked against each other and against the regression snapshot of ``test_fide_snapshot.py``;
the facts the rule documents give are tested in the other ``test_fide_*.py`` files.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fide_random import large_event, random_event
from test_fide_snapshot import SNAPSHOT, events
from uscf_snapshot import encode

from xlrating import _vector
from xlrating.errors import XlratingError
from xlrating.fide import rate_event
from xlrating.fide.core import scale_of
from xlrating.fide.event import FROM_SIDES

RANDOM_EVENTS = 300
HERE = Path(__file__).parent


def rated(arguments: dict[str, Any], vector: bool) -> Any:
    """The event's outcome encoded (or its error, by type and message) on one path."""
    with _vector.forced(vector):
        try:
            return encode(rate_event(**arguments))
        except XlratingError as error:
            return f"{type(error).__name__}: {error}"


@pytest.fixture(scope="module")
def stored() -> dict[str, Any]:
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data["events"]


@pytest.mark.parametrize("name", [name for name, _ in events()])
def test_snapshot_events_alike_on_both_paths(name: str, stored: dict[str, Any]) -> None:
    arguments = dict(events())[name]
    plain, vector = rated(arguments, False), rated(arguments, True)
    assert plain == vector
    assert plain == stored[name]
    bare = {**arguments, "explain": False}
    assert rated(bare, False) == rated(bare, True)


@pytest.mark.parametrize("block", range(10))
def test_random_events_alike_on_both_paths(block: int) -> None:
    for seed in range(block, RANDOM_EVENTS, 10):
        arguments = random_event(seed)
        assert rated(arguments, False) == rated(arguments, True), f"seed {seed}"


@pytest.mark.slow
def test_random_events_cover_every_case() -> None:
    from xlrating.fide.core_numpy import LARGEST_SCALE

    chosen = [random_event(seed) for seed in range(RANDOM_EVENTS)]
    sizes = [len(a["players"]) for a in chosen]
    assert min(sizes) == 2 and max(sizes) >= 200
    kinds = {(a["event_type"], a["rules"], a["explain"], a["end_date"]) for a in chosen}
    assert len(kinds) == 16
    assert any(scale_of([p.rating for p in a["players"]]) > LARGEST_SCALE for a in chosen)
    assert any(2 * len(a["games"]) >= FROM_SIDES for a in chosen)  # the size switch would pick numpy
    robins = [a for a in chosen if a["event_type"] == "Round robin" and a["rules"] == "handbook"]
    errors = [rated(a, False) for a in robins]
    assert any(isinstance(e, str) for e in errors) and any(not isinstance(e, str) for e in errors)


@pytest.mark.parametrize("seed", range(0, RANDOM_EVENTS, 6))
def test_both_cores_give_each_step_the_same_integers(seed: int) -> None:
    # The two implementations of the Core protocol, step by step: the sums of 10.51 (every
    # player's, and each game's PD), each player's games in half points, and K and the changes.
    from xlrating.fide import event
    from xlrating.fide.rules import get_rules
    from xlrating.model import EventType

    arguments = random_event(seed)
    cores = []
    for vector in (False, True):
        with _vector.forced(vector):
            try:
                cores.append(event._Event(
                    get_rules(arguments["rules"]), EventType.parse(arguments["event_type"]),
                    arguments["end_date"], tuple(arguments["players"]), tuple(arguments["games"]),
                    arguments["explain"]))
            except XlratingError:
                return  # a game names a player who is not in the event
    plain, vector = cores
    assert type(plain.core).__name__ == "PlainCore" and type(vector.core).__name__ == "NumpyCore"
    found = []
    for rated in cores:
        sums = rated.core.rated_sums(rated.units, rated.counts_as_rated)
        size = len(rated.players)
        found.append((sums.games, sums.halves, sums.pd, sums.excess, sums.opponents, sums.capped,
                      [sums.side_pd(i) for i in range(size)], [rated.core.lines(i) for i in range(size)],
                      repr(rated.core.rated_changes(sums))))
    assert found[0] == found[1]


def test_edge_cases_alike_on_both_paths() -> None:
    from datetime import date

    from xlrating.fide import FidePlayer
    from xlrating.model import Game

    end = date(2025, 6, 30)
    pair = [FidePlayer(7, 2000.5), FidePlayer(3, None, games=4)]
    cases = [
        {"players": [], "games": []},
        {"players": pair, "games": []},
        {"players": pair, "games": [Game(2.0, 7.0, 3, 1), Game(1, 3, 7, 0.5)]},  # whole floats
        {"players": pair, "games": [Game(1, 7, 8, 1), Game(2, 9, 3, 0)]},  # players not in the event
    ]
    for arguments in cases:
        plain = rated({**arguments, "end_date": end}, False)
        assert plain == rated({**arguments, "end_date": end}, True)
    assert "names missing player 8" in plain and "missing player 9" in plain
    lines = rated({**cases[2], "end_date": end}, False)["players"][1]["games"]
    assert [line["round"] for line in lines] == [1, 2]


@pytest.mark.slow
def test_a_large_event_alike_on_both_paths() -> None:
    arguments = large_event(3000, explain=False)
    assert len(arguments["games"]) > 10_000
    assert rated(arguments, False) == rated(arguments, True)


# A Python without numpy: sys.modules["numpy"] = None makes "import numpy" fail.
WITHOUT_NUMPY = """
import importlib, json, pkgutil, sys
sys.modules["numpy"] = None
sys.path.insert(0, sys.argv[1])
import xlrating.fide
modules = sorted(m.name for m in pkgutil.iter_modules(xlrating.fide.__path__))
imported = [m for m in modules if m != "core_numpy" and importlib.import_module(f"xlrating.fide.{m}")]
from fide_random import large_event, random_event
from xlrating import _vector
from xlrating.errors import XlratingError

def rated(arguments):
    try:
        return repr(xlrating.fide.rate_event(**arguments))
    except XlratingError as error:
        return f"{type(error).__name__}: {error}"

found = {"small": [rated(random_event(seed)) for seed in range(40)],
         "large": rated(large_event(1000, explain=True)),
         "large bare": rated(large_event(1000, explain=False)),
         "available": _vector.AVAILABLE,
         "numpy blocked": sys.modules["numpy"] is None,
         "numpy modules": sorted(m for m, module in sys.modules.items()
                                 if m.startswith("numpy") and module is not None),
         "array core": "xlrating.fide.core_numpy" in sys.modules or "xlrating._sides_numpy" in sys.modules,
         "modules": modules, "imported": imported}
print(json.dumps(found))
"""


def numpy_rated(arguments: dict[str, Any]) -> str:
    with _vector.forced(True):
        try:
            return repr(rate_event(**arguments))
        except XlratingError as error:
            return f"{type(error).__name__}: {error}"


@pytest.mark.slow
def test_rates_without_numpy_as_with_it() -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT_NUMPY, str(HERE)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["numpy blocked"] and not found["available"]
    assert found["numpy modules"] == [] and not found["array core"]
    assert "core" in found["modules"] and "event" in found["modules"]
    assert found["imported"] == [m for m in found["modules"] if m != "core_numpy"]  # every module but numpy's
    large = large_event(1000, explain=True)
    assert _vector.vectorised(2 * len(large["games"]), FROM_SIDES)  # here, numpy would rate it
    assert found["large"] == numpy_rated(large)
    assert found["large bare"] == numpy_rated(large_event(1000, explain=False))
    assert found["small"] == [numpy_rated(random_event(seed)) for seed in range(40)]


def test_the_size_decides_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    from xlrating import _sides_numpy
    from xlrating.fide import event

    chosen = []
    real = _sides_numpy.array_sides

    def spy(*args: Any) -> _sides_numpy.ArraySides:
        chosen.append(True)
        return real(*args)

    monkeypatch.setattr(_sides_numpy, "array_sides", spy)
    small = random_event(0)
    assert 2 * len(small["games"]) < event.FROM_SIDES
    rate_event(**small)
    assert chosen == []
    rate_event(**large_event(1000, explain=False))
    assert chosen == [True]
