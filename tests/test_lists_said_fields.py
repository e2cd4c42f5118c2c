"""A season that reads its whole list at once (an event's setting left blank) looks at each entry's
``System.may_take_fields`` alone to ask ``System.may_take``: those must be every field it reads.
Rows that differ only in the other fields it is asked of must get the same answer, on seeded random
rows whose every field is blank, zero or given; and a season's warnings must be the same as when
every entry is read whole."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from typing import Any

import pytest
from test_lists_waves import SEEDS, icu_season

from xlrating import systems
from xlrating.lists import rate_season
from xlrating.lists import said as said_module

_VALUES: dict[str, list[Any]] = {
    "games": [None, 0, 12, 40], "k": [None, 16.0, 40.0], "birth_date": [None, dt.date(2005, 1, 1)],
    "joined": [None, dt.date(2020, 1, 1)], "floor": [None, 1200.0], "peak": [None, 0.0, 1900.0],
    "wins": [None, 0, 3], "draws": [None, 0, 2], "events": [None, 0, 4],
}


@pytest.mark.parametrize("system", systems.SYSTEMS, ids=lambda system: system.slug)
def test_may_take_reads_only_its_fields(system: systems.System) -> None:
    assert set(system.may_take_fields) <= set(_VALUES)
    rng = random.Random(system.slug)
    others = [name for name in said_module._READ if name not in system.may_take_fields]
    answers = set()
    for _ in range(400):
        values = {name: rng.choice(_VALUES[name]) for name in said_module._READ}
        answer = system.may_take(said_module._Row(tuple(values.values())))  # type: ignore[arg-type]
        answers.add(answer)
        for name in others:
            for value in _VALUES[name]:
                changed = tuple({**values, name: value}.values())
                assert system.may_take(said_module._Row(changed)) == answer, (name, value)  # type: ignore[arg-type]
    assert answers == {True, False}  # (the rows were open and closed)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_list_read_at_once_names_the_players_read_whole_name(monkeypatch: pytest.MonkeyPatch,
                                                               seed: int) -> None:
    ratings, events = icu_season(seed)
    events = [dataclasses.replace(event, start_date=None) if index % 3 else event
              for index, event in enumerate(events)]
    narrow = rate_season(ratings, events).warnings
    found = systems.get
    monkeypatch.setattr(said_module.systems, "get", lambda key: dataclasses.replace(
        found(key), may_take_fields=said_module._READ))
    assert rate_season(ratings, events).warnings == narrow
    assert any("Start date is blank" in warning for warning in narrow)
