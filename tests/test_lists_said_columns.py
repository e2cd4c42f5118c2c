"""A season without explanations finds the defaults its players took (``SeasonResult.warnings``)
from the outcome's numbers read as columns (``outcome_columns``): of a large wave's outcomes,
which the engine builds only when they are read (``Outcomes``), no ``PlayerOutcome`` is built,
though its players are asked and named."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from xlrating import _vector, model
from xlrating.lists import Entry, Event, RatingList, rate_season

START = dt.date(2025, 3, 1)


def _season(system: str, seed: int = 5, players: int = 30_000, events: int = 12, size: int = 100
            ) -> tuple[RatingList, list[Event]]:
    """Events of ``size`` players drawn from the list (6 rounds each): consecutive events that
    share no player are rated as one wave, large enough for the engines' lazy outcomes. Every
    entry leaves blank the fields the system's defaults name (US Chess: peak and lifetime counts,
    some ratings low enough for the personal absolute floor; FIDE: birth dates, ratings under
    the junior rule's limit; ICU: K, taken at the events' end dates, none with a start date)."""
    rng = random.Random(seed)
    entries = {}
    for key in range(1, players + 1):
        if system == "uscf":
            rating = float(rng.randint(100, 300) if rng.random() < 0.3 else rng.randint(800, 2300))
            entries[key] = Entry(key, rating, rng.choice([None, 40]))
        elif system == "fide":
            entries[key] = Entry(key, float(rng.randint(1000, 2200)), 40)
        else:
            born = rng.randint(1960, 2012)
            entries[key] = Entry(key, float(rng.randint(1000, 2200)), 40, birth_date=dt.date(born, 1, 1),
                                 joined=dt.date(min(2024, born + rng.randint(5, 40)), 1, 1))
    season = []
    for index in range(events):
        seats = rng.sample(range(1, players + 1), size)
        games: list[tuple[int, Any, Any, float]] = []
        for rnd in range(1, 7):
            rng.shuffle(seats)
            games += [(rnd, a, b, rng.choice([1.0, 0.5, 0.0]))
                      for a, b in zip(seats[::2], seats[1::2], strict=True)]
        season.append(Event(f"E{index}", START + dt.timedelta(days=index // 4), games))
    return RatingList(system.upper(), entries, date=START - dt.timedelta(days=1)), season


@pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy core needs numpy")
@pytest.mark.parametrize(("system", "said"), [
    ("uscf", "not given, read as"), ("fide", "birth_date not given"), ("icu", "Start date is blank")])
def test_a_season_without_explanations_builds_no_outcome_record(
        monkeypatch: pytest.MonkeyPatch, system: str, said: str) -> None:
    made: list[model.Outcomes] = []
    init = model.Outcomes.__init__

    def kept(self: model.Outcomes, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(model.Outcomes, "__init__", kept)
    ratings, events = _season(system)
    warnings = rate_season(ratings, events).warnings
    assert any(said in warning for warning in warnings)  # (the players were asked, and named)
    assert made  # (the waves' outcomes are lazy)
    assert [len(outcomes) - outcomes._missing for outcomes in made] == [0] * len(made)
