"""An event's outcomes read as columns (``xlrating.model.outcome_columns``) equal its records.

For every engine, on both numeric cores (``_vector.forced``), on seeded events of every size the
engines' own path tests draw, explained and not: every field that can be read as a column
equals ``[getattr(record, name) for record in outcome.players]`` value for value and type for
type, read before any record is built, after one is, and after all are. A large event's
columns are read from the engine's kept values: no record is built for them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
import test_icu_plain
import test_uscf_plain
from built_outcomes import count_built
from fide_random import large_event as fide_large_event
from fide_random import random_event as fide_random_event
from test_icu_lazy import large_event as icu_large_event

from xlrating import _vector, fide, icu, uscf
from xlrating._columns import empty_columns, put_columns
from xlrating.errors import ArgumentError, XlratingError
from xlrating.fide import event as fide_event
from xlrating.icu import event as icu_event
from xlrating.model import (
    OUTCOME_COLUMNS,
    EventOutcome,
    Outcomes,
    PlayerOutcome,
    _shown_change,
    outcome_columns,
)
from xlrating.uscf import event as uscf_event

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy core needs numpy")

Rate = Callable[[], EventOutcome]


def _uscf(seed: int) -> Rate:
    roster, games, kwargs = test_uscf_plain.random_event(seed)
    return lambda: uscf.rate_event(roster, games, **kwargs)


def _fide(seed: int) -> Rate:
    arguments = fide_random_event(seed)
    return lambda: fide.rate_event(**arguments)


def _icu(seed: int) -> Rate:
    players, games, kwargs = test_icu_plain.random_event(seed)
    return lambda: icu.rate_event(players, games, **kwargs)


ENGINES = {"uscf": _uscf, "fide": _fide, "icu": _icu}


def typed(values: list[Any]) -> list[tuple[type, Any]]:
    """Each value with its type (a NaN as the text ``nan``: it equals nothing)."""
    return [(type(v), "nan" if isinstance(v, float) and math.isnan(v) else v) for v in values]


def records_columns(players: Any) -> list[list[tuple[type, Any]]]:
    return [typed([getattr(record, name) for record in players]) for name in OUTCOME_COLUMNS]


def rated(rate: Rate, vector: bool) -> EventOutcome | None:
    """The event rated on the chosen core, or None where it is refused."""
    with _vector.forced(vector):
        try:
            return rate()
        except XlratingError:
            return None


def check(outcome: EventOutcome, first: int | None) -> None:
    """The columns of ``outcome`` read (after building the outcome at ``first``, if given) equal
    its records' fields, and again once every record is built."""
    if first is not None and outcome.players:
        outcome.players[first]
    columns = [typed(values) for values in outcome_columns(outcome, *OUTCOME_COLUMNS)]
    assert columns == records_columns(outcome.players)
    assert [typed(values) for values in outcome_columns(outcome, *OUTCOME_COLUMNS)] == columns


@pytest.mark.parametrize("engine", sorted(ENGINES))
@pytest.mark.parametrize("vector", [False, True])
@pytest.mark.parametrize("block", range(4))
def test_columns_equal_the_records_fields(engine: str, vector: bool, block: int) -> None:
    checked = 0
    for seed in range(25 * block, 25 * block + 25):
        outcome = rated(ENGINES[engine](seed), vector)
        if outcome is not None:
            check(outcome, first=None if seed % 3 else seed % max(1, len(outcome.players)))
            checked += 1
    assert checked >= 15


@pytest.mark.parametrize("engine", sorted(ENGINES))
@pytest.mark.parametrize("vector", [False, True])
def test_a_few_fields_asked_equal_the_records_fields(engine: str, vector: bool) -> None:
    """An engine may make only the fields asked for (FIDE's does): a few fields in any order, read
    before anything else of the outcome, equal the records' fields."""
    rng = random.Random(f"few-{engine}")
    checked = 0
    for seed in range(40):
        outcome = rated(ENGINES[engine](seed), vector)
        if outcome is None:
            continue
        names = rng.sample(list(OUTCOME_COLUMNS), rng.randint(1, 6))
        few = [typed(values) for values in outcome_columns(outcome, *names)]
        every = dict(zip(OUTCOME_COLUMNS, records_columns(outcome.players), strict=True))
        assert few == [every[name] for name in names]
        checked += 1
    assert checked >= 25


def _large(engine: str, explain: bool) -> EventOutcome:
    if engine == "uscf":
        rng = random.Random(5)
        roster = test_uscf_plain.players(1500, rng)
        roster[7] = uscf.UscfPlayer(roster[7].number, None)  # unrated, and with no game: see below
        away = roster[7].number
        games = [g for g in test_uscf_plain.swiss(1500, 9, rng) if away not in (g.player, g.opponent)]
        return uscf.rate_event(roster, games, end_date=test_uscf_plain.END, explain=explain)
    if engine == "fide":
        return fide.rate_event(**fide_large_event(1200, explain))
    return icu.rate_event(**icu_large_event(explain))

MODULES = {"uscf": uscf_event, "fide": fide_event, "icu": icu_event}


@pytest.mark.slow
@pytest.mark.parametrize("engine", sorted(ENGINES))
@pytest.mark.parametrize("explain", [False, True])
def test_a_large_events_columns_build_no_record(engine: str, explain: bool, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    made = count_built(monkeypatch, MODULES[engine])
    outcome = _large(engine, explain)
    assert isinstance(outcome.players, Outcomes)
    columns = [typed(values) for values in outcome_columns(outcome, *OUTCOME_COLUMNS)]
    assert made == []
    assert columns == records_columns(outcome.players)
    assert set(made) == set(outcome.players.numbers)


def test_rating_change_is_the_records_property() -> None:
    outcome = _uscf(3)()
    change, post, pre = outcome_columns(outcome, "change", "post_rating", "pre_rating")
    assert list(map(_shown_change, change, post, pre)) == [p.rating_change for p in outcome.players]
    assert _shown_change(None, 1500.0, 1400.0) is None
    assert _shown_change(3.5, None, 1400.0) == 3.5
    assert _shown_change(3.5, 1410, 1400) == 10


@pytest.mark.parametrize("name", ["games", "steps", "notes", "rating_change", "Post_rating", ""])
@pytest.mark.parametrize("vector", [False, True])
def test_a_name_that_is_not_a_column_is_refused(name: str, vector: bool) -> None:
    with _vector.forced(vector):
        outcome = fide.rate_event(**fide_large_event(40, explain=False))
    with pytest.raises(ArgumentError, match="Not an outcome field read as a column"):
        outcome_columns(outcome, "post_rating", name)


def test_the_columns_are_every_numeric_field() -> None:
    explained = ("games", "steps", "notes")
    numbers = tuple(name for name in PlayerOutcome.__dataclass_fields__ if name not in explained)
    assert numbers == OUTCOME_COLUMNS


@pytest.mark.parametrize("positions", [range(4), [0, 2, 3, 5]], ids=["a run", "scattered"])
def test_an_engines_column_of_the_wrong_length_is_refused(positions: Any) -> None:
    """A column given for fewer positions than named would move every value after it (a run of
    positions is put by a slice): refused, never put."""
    found = empty_columns(["player", "rated_games"], 6)
    with pytest.raises(ValueError, match="2 values of player for 4 positions"):
        put_columns(found, positions, {"player": [1, 2]})
    assert found == empty_columns(["player", "rated_games"], 6)
