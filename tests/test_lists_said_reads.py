"""A season asks a system's rule for the defaults taken (``System.taken``) once for a wave's
consecutive events alike in the settings it reads (``System.taken_reads``), giving it the first
event's settings: the rule must read no other setting. Seeded seasons whose rules name players
(US Chess: blank peaks and lifetime counts, ratings under the personal floor's cap; FIDE 2024:
blank birth dates, Swiss events and round robins, across 1 March 2024 and 1 October 2025)
record every setting the rule reads; and the warnings are those of a season that asks each run of
events alike in every setting."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from test_lists_said_every import _blank
from test_lists_waves import FIDE_SEASONS, SEEDS, fide_season, uscf_season

from xlrating import systems
from xlrating.lists import rate_season
from xlrating.lists import said as said_module


def _season(seed: int, system: systems.System = systems.USCF) -> tuple[Any, Any, dict[str, Any]]:
    if system is systems.FIDE:
        flavour = [name for name in sorted(FIDE_SEASONS) if name.startswith("2024")][seed % 2]  # (a junior K)
        ratings, events, months = fide_season(seed, flavour)
        return _blank(ratings, random.Random(seed), ("birth_date",)), events, {"period_months": months}
    ratings, events = uscf_season(seed)
    return _blank(ratings, random.Random(seed), ("peak", "wins", "draws", "events"), low=True), events, {}


@pytest.mark.parametrize("system", [systems.USCF, systems.FIDE], ids=["uscf", "fide"])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_rule_reads_no_setting_but_those_it_names(monkeypatch: pytest.MonkeyPatch, seed: int,
                                                     system: systems.System) -> None:
    read: set[str] = set()

    class Recorded(said_module._Settings):
        def __getattribute__(self, name: str) -> Any:
            read.add(name)
            return super().__getattribute__(name)

    monkeypatch.setattr(said_module, "_Settings", Recorded)
    ratings, events, settings = _season(seed, system)
    assert rate_season(ratings, events, **settings).warnings
    assert read and read <= {"rules", *system.taken_reads}


@pytest.mark.parametrize("system", [systems.USCF, systems.FIDE], ids=["uscf", "fide"])
@pytest.mark.parametrize("seed", SEEDS)
def test_events_asked_together_name_whom_events_alike_in_every_setting_name(
        monkeypatch: pytest.MonkeyPatch, seed: int, system: systems.System) -> None:
    ratings, events, settings = _season(seed, system)
    together = rate_season(ratings, events, **settings).warnings
    found = systems.get
    monkeypatch.setattr(said_module.systems, "get", lambda key: dataclasses.replace(
        found(key), taken_reads=("event_type", "start_date", "end_date")))
    assert rate_season(ratings, events, **settings).warnings == together
