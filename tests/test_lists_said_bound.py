"""A season from Python asks a system's defaults (``System.taken``) only of the players whom the
bound on their outcome's numbers leaves open (``System.may_take_outcomes``: US Chess, a rating
that fell; FIDE, a rating under the junior rule's limit and a K under the junior's). The bound
must never rule out a player the rule would name: on seeded random seasons (those of
tests/test_lists_waves.py), the warnings are the same word for word with the bound as with every
player asked."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from test_lists_waves import FIDE_SEASONS, SEEDS, fide_season, uscf_season

from xlrating import systems
from xlrating.lists import Entry, RatingList, rate_season
from xlrating.lists import said as said_module


def _unbounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every player asked: the systems without their bound."""
    found = systems.get

    def get(key: str) -> systems.System:
        return dataclasses.replace(found(key), may_take_outcomes=None)

    monkeypatch.setattr(said_module.systems, "get", get)


def _warnings_both_ways(monkeypatch: pytest.MonkeyPatch, ratings: RatingList, events: Any,
                        **settings: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    bounded = rate_season(ratings, events, **settings).warnings
    with monkeypatch.context() as patch:
        _unbounded(patch)
        every = rate_season(ratings, events, **settings).warnings
    return bounded, every


def _blank(ratings: RatingList, *names: str) -> RatingList:
    """``ratings`` with the fields ``names`` left blank for every entry (a field some entry gives is
    taken as given: nothing is said)."""
    blank = {f.name: f.default for f in dataclasses.fields(Entry) if f.name in names}
    return dataclasses.replace(ratings, entries={key: dataclasses.replace(entry, **blank)
                                                 for key, entry in ratings.entries.items()})


def _taken(warnings: tuple[str, ...], *words: str) -> bool:
    return any(word in warning for warning in warnings for word in words)


def test_uscf_the_bound_rules_out_no_one_a_floor_default_names(monkeypatch: pytest.MonkeyPatch) -> None:
    named = 0
    for seed in SEEDS:
        ratings, events = uscf_season(seed)
        ratings = _blank(ratings, "peak", "wins", "draws", "events") if seed % 2 else ratings
        bounded, every = _warnings_both_ways(monkeypatch, ratings, events)
        assert bounded == every
        named += _taken(every, "without peak", "peak not given", "wins not given", "without wins")
    assert named  # (the seasons do name players for a floor's blank)


@pytest.mark.parametrize("flavour", sorted(FIDE_SEASONS))
def test_fide_the_bound_rules_out_no_junior_a_birth_date_would_change(
        monkeypatch: pytest.MonkeyPatch, flavour: str) -> None:
    named = 0
    for seed in SEEDS[:6]:
        ratings, events, months = fide_season(seed, flavour)
        ratings = _blank(ratings, "birth_date") if seed % 2 else ratings
        bounded, every = _warnings_both_ways(monkeypatch, ratings, events, period_months=months)
        assert bounded == every
        named += _taken(every, "birth_date")
    if flavour != "handbook":  # (the handbook has no junior K)
        assert named

