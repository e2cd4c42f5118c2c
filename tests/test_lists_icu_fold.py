"""The ICU season's shortcuts for its common case give what the general way gives.

- A wave whose players are all rated, each given a post-event rating, is folded back without a
  test per player (:func:`xlrating.lists.icu._all_written`): seeded seasons are compared, every
  entry and history row by ``repr``, with the same seasons folded player by player.
- The engine's players built as columns take the K given as it is in a wave without an unrated or
  provisional player (:func:`xlrating.systems._icu_columns_of`): compared with the records
  :func:`xlrating.systems.icu_player` builds one by one, unchecked.
- The history's shown changes are taken at once where none is blank
  (:func:`xlrating.model._shown_changes`): compared with :func:`xlrating.model._shown_change` of each.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from typing import Any

import pytest
from test_lists_waves import MIXED, RATED, icu_season

from xlrating import icu, systems
from xlrating.lists import Entry, rate_season
from xlrating.lists import icu as icu_lists
from xlrating.model import _shown_change, _shown_changes

FIELDS = [item.name for item in dataclasses.fields(icu.IcuPlayer)]


def _gathered(ratings: Any, events: Any) -> str:
    result = rate_season(ratings, events)
    return repr((list(result.list.entries.items()), list(result.history.items()), result.warnings))


@pytest.mark.parametrize("shares", [RATED, MIXED], ids=["rated", "mixed"])
@pytest.mark.parametrize("seed", range(6))
def test_a_wave_all_rated_folds_as_player_by_player(monkeypatch: pytest.MonkeyPatch, seed: int,
                                                    shares: tuple[float, ...]) -> None:
    ratings, events = icu_season(seed, shares)
    taken = []
    all_written = icu_lists._all_written

    def noted(*args: Any) -> bool:
        taken.append(all_written(*args))
        return taken[-1]

    monkeypatch.setattr(icu_lists, "_all_written", noted)
    at_once = _gathered(ratings, events)
    assert all(taken) if shares is RATED else not all(taken)  # (the general way taken too)
    monkeypatch.setattr(icu_lists, "_all_written", lambda *args: False)
    assert at_once == _gathered(ratings, events)


@pytest.mark.parametrize("mixed", [False, True], ids=["rated and foreign", "all kinds"])
def test_the_k_given_is_taken_as_icu_player_takes_it(mixed: bool) -> None:
    rng = random.Random(11)
    rules = icu.get_rules()
    for _ in range(40):
        entries = []
        for key in range(1, rng.randint(2, 12)):
            rated = not mixed or rng.random() < 0.7
            games = rng.choice((None, 20, 60) if not mixed else (None, 3, 19, 20, 60))
            k = rng.choice((None, 24, 32.0))
            dates = rng.choice(({}, {"birth_date": dt.date(2010, 5, 1)}, {"joined": dt.date(2019, 2, 1)}))
            entries.append(Entry(key, rng.choice((1500, 1612.0)) if rated else None,
                                 games if rated else None, k=k, **dates))
        held = systems._icu_columns(entries, rules)
        expected = [systems.icu_player(entry, n, rules) for n, entry in enumerate(entries, 1)]
        assert list(held) == expected
        for got, want in zip(held, expected, strict=True):
            assert [type(getattr(got, name)) for name in FIELDS] == [
                type(getattr(want, name)) for name in FIELDS]


def test_shown_changes_are_each_shown_change() -> None:
    rng = random.Random(5)
    def value(blanks: float) -> float | None:
        return None if rng.random() < blanks else float(rng.randint(800, 2400)) + rng.choice((0.0, 0.25))

    for blanks in (0.0, 0.0, 0.1, 0.5):
        size = rng.randint(0, 30)
        columns = [[value(blanks) for _ in range(size)] for _ in range(3)]
        assert repr(_shown_changes(*columns)) == repr(list(map(_shown_change, *columns)))
