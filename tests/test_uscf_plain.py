"""The US Chess engine's two paths give the same outcomes, and the plain one needs no numpy.

A small event is rated in plain Python, a large one on numpy arrays (``core.FROM_SIDES``),
and every event in plain Python where numpy cannot be imported. Here every event is rated
on both paths (``_vector.forced``) and every field of every outcome compared, floats by
repr, steps and game lines included: the regression snapshot's events (which must also
still equal the snapshot), a few hundred seeded random events, one large event; and a
Python without numpy rates a small and a large event to the same numbers.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_uscf_snapshot import CASES, STORED, reshaped
from uscf_snapshot import encode, players, round_robin, swiss

from xlrating import _vector
from xlrating._sides import ListedSides
from xlrating.errors import EventError
from xlrating.model import Game, Outcomes
from xlrating.uscf import RatingSystem, UscfPlayer, core, get_rules, rate_event

ROOT = Path(__file__).resolve().parents[1]
END = dt.date(2024, 6, 1)

needs_numpy = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy path needs numpy")


def on_path(vector: bool, roster: list[UscfPlayer], games: list[Game], **kwargs: Any) -> Any:
    with _vector.forced(vector):
        return encode(rate_event(roster, games, **kwargs))


def on_both_paths(roster: list[UscfPlayer], games: list[Game], **kwargs: Any) -> Any:
    """The event's encoded outcome, the same on both paths (else the test fails here)."""
    plain = on_path(False, roster, games, **kwargs)
    assert plain == on_path(True, roster, games, **kwargs)
    return plain


@pytest.mark.parametrize("explain", [True, False])
def test_the_path_follows_the_size(explain: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    games = (Game(1, 1, 2, 1.0), Game(2, 2, 1, 0.5))  # 4 sides
    name = "FROM_SIDES" if explain else "QUIET_FROM_SIDES"
    for from_sides, plain in ((4, not _vector.AVAILABLE), (5, True)):
        monkeypatch.setattr(core, name, from_sides)
        assert isinstance(core.take_games([1, 2], games, explain=explain), ListedSides) is plain


@needs_numpy
@pytest.mark.parametrize("explain", [True, False])
@pytest.mark.parametrize(("name", "roster", "games", "kwargs"), CASES, ids=[c[0] for c in CASES])
def test_snapshot_events_alike_on_both_paths(name: str, roster: list[UscfPlayer], games: list[Game],
                                             kwargs: dict[str, Any], explain: bool) -> None:
    want = reshaped(STORED["events"][name])
    if not explain:
        want["players"] = [{**player, "steps": [], "games": []} for player in want["players"]]
    assert on_both_paths(roster, games, **kwargs, explain=explain) == want


def random_event(seed: int) -> tuple[list[UscfPlayer], list[Game], dict[str, Any]]:
    """A seeded event of 2 to 300 players (mostly small), every player kind of the snapshot's
    events, a random choice of every option of ``rate_event``."""
    rng = random.Random(seed)
    rules = rng.choice(("2009", "2011", "2020"))
    system = rng.choice(list(get_rules(rules).systems))
    kwargs: dict[str, Any] = {"rules": rules, "rating_system": system.value,
                              "end_date": rng.choice((None, END, dt.date(2010, 1, 1), dt.date(2023, 3, 1))),
                              "explain": rng.random() < 0.5}
    if system in (RatingSystem.REGULAR, RatingSystem.QUICK) and rng.random() < 0.3:
        kwargs["dual_rated"] = True
    if rng.random() < 0.3:
        kwargs["bonus_multiplier"] = rng.choice((0, 6, 10, 12.5, 14))
    if kwargs["end_date"] is not None and rng.random() < 0.2:
        kwargs.update(start_date=kwargs["end_date"], event_name=f"Event {seed}")
    if rng.random() < 0.08:
        first, second = (float(rng.randint(1200, 2400)) for _ in range(2))
        roster = [UscfPlayer(1, first, rng.randint(26, 300), peak=first + rng.randint(0, 300)),
                  UscfPlayer(2, min(max(second, first - 390), first + 390), rng.choice((None, 40)))]
        games = [Game(r, 1 + r % 2, 2 - r % 2, rng.choice((1.0, 0.5, 0.0)))
                 for r in range(1, rng.randint(2, 9))]
        return roster, games, {**kwargs, "event_type": "Match"}
    size = (rng.choice((2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 30, 50, 80)) if rng.random() < 0.9
            else rng.randint(100, 300))
    roster = players(size, rng, system)
    if size <= 12 and rng.random() < 0.4:
        return roster, round_robin(size, rng.choice((1, 2, 3)), rng), {**kwargs, "event_type": "Round robin"}
    return roster, swiss(size, rng.randint(1, 9), rng), kwargs


@needs_numpy
@pytest.mark.parametrize("block", range(10))
def test_random_events_alike_on_both_paths(block: int) -> None:
    for seed in range(30 * block, 30 * block + 30):
        roster, games, kwargs = random_event(seed)
        on_both_paths(roster, games, **kwargs)


def test_random_events_cover_every_option() -> None:
    chosen = [random_event(seed)[2] for seed in range(300)]
    assert {kw["rules"] for kw in chosen} == {"2009", "2011", "2020"}
    assert {kw["rating_system"] for kw in chosen} == {s.value for s in RatingSystem}
    assert {kw.get("event_type", "Swiss") for kw in chosen} == {"Swiss", "Round robin", "Match"}
    assert {kw["explain"] for kw in chosen} == {True, False}
    assert any(kw.get("dual_rated") for kw in chosen)
    assert len({kw.get("bonus_multiplier") for kw in chosen}) == 6
    assert None in {kw["end_date"] for kw in chosen}
    assert any("event_name" in kw for kw in chosen)


@needs_numpy
def test_a_large_event_alike_on_both_paths() -> None:
    rng = random.Random(3)
    roster = players(3000, rng)
    numbers = on_both_paths(roster, swiss(3000, 9, rng), end_date=END, explain=False)
    assert len(numbers["players"]) == 3000


@needs_numpy
@pytest.mark.parametrize("explain", [True, False])
def test_a_large_event_is_rated_at_once_and_its_outcomes_built_as_read(explain: bool) -> None:
    rng = random.Random(5)
    roster, games = players(600, rng), swiss(600, 9, rng)
    given_players, given_games = list(roster), list(games)
    with _vector.forced(True):
        outcome = rate_event(given_players, given_games, end_date=END, explain=explain)
    given_players.clear()  # the lists given may change after rating: the outcomes built later do not
    given_games.clear()
    lazy = outcome.players
    assert isinstance(lazy, Outcomes) and lazy._built == [None] * 600
    number = roster[17].number
    read = outcome.player(number)
    assert [b is not None for b in lazy._built].count(True) == 1
    with _vector.forced(False):
        eager = rate_event(roster, games, end_date=END, explain=explain)
    assert isinstance(eager.players, tuple)
    assert read == eager.player(number) and outcome == eager  # every field, explanations included


@needs_numpy
def test_a_large_event_with_bad_games_fails_when_rated() -> None:
    rng = random.Random(6)
    roster, games = players(600, rng), swiss(600, 9, rng)
    with _vector.forced(True), pytest.raises(EventError, match="names missing player 601"):
        rate_event(roster, [*games, Game(9, 1, 601, 1.0)], end_date=END, explain=False)


CHILD = """
import json, random, sys
sys.modules["numpy"] = None
from tests.uscf_snapshot import encode, players, swiss
from xlrating import _vector
from xlrating.uscf import core, rate_event
import datetime as dt
rng = random.Random(11)
small, large = players(12, rng), players(2000, rng)
small_games, large_games = swiss(12, 5, rng), swiss(2000, 9, rng)
assert 2 * len(large_games) >= core.QUIET_FROM_SIDES  # rated with explain=False below
end = dt.date(2024, 6, 1)
out = [encode(rate_event(small, small_games, end_date=end)),
       encode(rate_event(large, large_games, end_date=end, explain=False))]
print(json.dumps({"available": _vector.AVAILABLE, "outcomes": out, "numpy": repr(sys.modules["numpy"]),
                  "arrays": "xlrating.uscf.arrays" in sys.modules or "xlrating._sides_numpy" in sys.modules}))
"""


@needs_numpy
def test_rates_without_numpy() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, cwd=ROOT,
                          check=False)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["available"] is False
    assert got["numpy"] == "None"  # never imported: the entry still blocks it
    assert got["arrays"] is False
    rng = random.Random(11)
    small, large = players(12, rng), players(2000, rng)
    small_games, large_games = swiss(12, 5, rng), swiss(2000, 9, rng)
    assert got["outcomes"] == [on_path(True, small, small_games, end_date=END),
                               on_path(True, large, large_games, end_date=END, explain=False)]


def test_every_module_imports_without_numpy() -> None:
    modules = sorted(p.stem for p in (ROOT / "xlrating" / "uscf").glob("*.py")
                     if p.stem not in ("__init__", "arrays", "core_numpy", "special_arrays"))
    code = ("import sys; sys.modules['numpy'] = None\n"
            f"for name in {modules!r}: __import__('xlrating.uscf.' + name)\n"
            "print(sys.modules['numpy'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["None"]
