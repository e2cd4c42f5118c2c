"""A season from Python says the defaults its players took (``SeasonResult.warnings``) asking the
system's rule (``System.taken``) only of the players it must: those a bound on their outcome rules
in, whose fields leave them open, not yet named for every field they could be, a wave's events of
the same settings in one call. Here the same seasons are said again by a finder that asks the rule
of every player of every event, one event at a time, and names each player once for each field, and
by the season rated one event at a time: the warnings must be the same word for word. The seasons
(those of tests/test_lists_waves.py) are made to take defaults: blank peaks, lifetime counts, birth
dates and K, ratings low enough for US Chess's personal floor, juniors, new players with and
without data, events without a start date, a list without a date. A rule of its own (a player named
for one field in one event and for another in a later one) checks the finder's bookkeeping beyond
what the systems' rules reach."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest
from test_lists_waves import FIDE_SEASONS, SEEDS, fide_season, icu_season, uscf_season

from xlrating import systems
from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.lists import said as said_module
from xlrating.model import EventOutcome, EventType, Method, outcome_columns

D = dt.date
_READ = ("games", "k", "birth_date", "joined", "floor", "peak", "wins", "draws", "events")


class _EveryPlayer(said_module.Said):
    """Every player of every event asked, each event alone, each player named once a field."""

    def took(self, wave: Sequence[Event], ids: Sequence[Any], ends: Sequence[int],
             outcome: EventOutcome, read: Any = None) -> None:  # (the outcome read here, again)
        system = self.system
        if system.taken is None:
            return
        names = ("pre_rating", *system.outcome_fields)
        numbers = dict(zip(names, outcome_columns(outcome, *names), strict=True))
        entries = self.ratings.entries
        given = {key: data for event in self.events for key, data in event.players.items()}
        start = 0
        for event, end in zip(wave, ends, strict=True):
            rows = []
            for i in range(start, end):
                entry = entries.get(ids[i])
                values = {name: getattr(entry, name) if entry is not None else given[ids[i]].get(name)
                          for name in _READ}
                for count in ("wins", "draws", "events"):  # (a count of 0 is blank)
                    values[count] = values[count] or None
                rows.append(SimpleNamespace(number=i + 1, rating=numbers["pre_rating"][i], rounds=(),
                                            **values))
            settings = SimpleNamespace(rules=self.ratings.rules or None, start_date=event.start_date,
                                       end_date=event.end_date, event_type=EventType.parse(event.event_type))
            read = [numbers[name][start:end] for name in system.outcome_fields]
            for default in system.taken(settings, rows, read):  # type: ignore[arg-type]
                self._name(event, [ids[row.number - 1] for row in default.rows], default)
            start = end

    def _name(self, event: Event, keys: list[Any], default: Any) -> None:
        if default.setting:
            words = default.message.replace("{players}", said_module.named_ids(keys))
            self.settings.append((self.place[event.id], f"event {event.id}: {words}"))
            return
        done = self.__dict__.setdefault("done", set())
        for key in keys:
            where = next((e.id for e in self.events if key in e.players), "")
            blank_for_all = _blank_for_all(self.ratings, self.events, where)
            if default.field in blank_for_all and (key, default.field) not in done:
                done.add((key, default.field))
                self.columns.setdefault((where, default.field), (default.message, []))[1].append(
                    (self.place[event.id], next(self.namings), [key]))


def _blank_for_all(ratings: RatingList, events: Sequence[Event], where: str) -> list[str]:
    """The system's fields that no list entry gives (``where`` ``""``), or none of the event
    ``where``'s new players: a field some give is taken as given for the others."""
    fields = systems.get(ratings.system).taken_fields
    if not where:
        entries = ratings.entries.values()
        return [name for name in fields if not any(getattr(entry, name) for entry in entries)]
    event = next(e for e in events if e.id == where)
    return [name for name in fields if not any(data.get(name) for data in event.players.values())]


def _both(monkeypatch: pytest.MonkeyPatch, ratings: RatingList, events: Sequence[Event],
          **settings: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    said = rate_season(ratings, events, **settings).warnings
    with monkeypatch.context() as patch:
        patch.setattr("xlrating.lists.rate.Said", _EveryPlayer)
        every = rate_season(ratings, events, **settings).warnings
    with monkeypatch.context() as patch:  # (the waves rate some events out of order: said in order)
        patch.setattr("xlrating.lists.rate._IN_WAVES", False)
        assert rate_season(ratings, events, **settings).warnings == said
    return said, every


def _blank(ratings: RatingList, rng: random.Random, names: Sequence[str], low: bool = False,
           undated: bool = False) -> RatingList:
    """``ratings`` with the fields ``names`` left blank for every entry, some more blank at random
    (``low``: US Chess ratings lowered under the personal floor's cap and a little over)."""
    blank = {f.name: f.default for f in dataclasses.fields(Entry)}
    entries = {}
    for key, entry in ratings.entries.items():
        changes = {name: blank[name] for name in names}
        if low and key > 4 and entry.rating is not None and rng.random() < 0.3:  # (1-4: the match players)
            changes.update(rating=float(rng.randint(100, 400)), floor=None, peak=None)
        entries[key] = dataclasses.replace(entry, **changes)
    return dataclasses.replace(ratings, entries=entries, date=None if undated else ratings.date)


def _named(warnings: tuple[str, ...]) -> int:
    return sum(" not given, " in warning or " without " in warning or "Start date is blank" in warning
               for warning in warnings)


@pytest.mark.parametrize("seed", SEEDS)
def test_uscf_the_defaults_said_are_those_every_player_asked_takes(
        monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    rng = random.Random(seed)
    ratings, events = uscf_season(seed)
    fields = [("peak", "wins", "draws", "events"), ("peak",), ("wins", "events"), ()][seed % 4]
    ratings = _blank(ratings, rng, fields, low="wins" in fields or seed % 3 != 0, undated=seed % 2 == 0)
    events = [dataclasses.replace(event, players={key: {**data, **rng.choice(
        [{}, {"rating": 1700.0, "games": 40}, {"rating": 1700.0, "games": 40, "peak": 1900.0},
         {"rating": 300.0, "games": 30, "wins": 3}])} for key, data in event.players.items()})
        for event in events]
    said, every = _both(monkeypatch, ratings, events)
    assert said == every
    if fields:
        assert _named(every)


@pytest.mark.parametrize("flavour", sorted(FIDE_SEASONS))
@pytest.mark.parametrize("seed", SEEDS[:6])
def test_fide_the_defaults_said_are_those_every_player_asked_takes(
        monkeypatch: pytest.MonkeyPatch, seed: int, flavour: str) -> None:
    rng = random.Random(seed)
    ratings, events, months = fide_season(seed, flavour)
    ratings = _blank(ratings, rng, ("birth_date",) if seed % 3 else (), undated=seed % 2 == 0)
    if seed % 2:  # a new player in each event, rated, in the first game's first player's place
        events = [_with_new(event, key, {"rating": 1800.0 + key % 7, "games": 40})
                  for event, key in zip(events, range(5000, 5000 + len(events)), strict=True)]
    said, every = _both(monkeypatch, ratings, events, period_months=months)
    assert said == every
    if flavour != "handbook" and seed % 3:  # (the handbook has no junior K)
        assert _named(every)
    if flavour != "handbook" and seed % 2:
        assert any(warning.startswith("event ") and " new " in warning for warning in every)


def _with_new(event: Event, key: int, data: dict[str, Any]) -> Event:
    """``event`` with a new player ``key`` (his ``data``) who plays the games of its first game's
    first player (given as new players who play no game, they were never asked)."""
    first = event.games[0][1]
    games = [(rnd, key if a == first else a, key if b == first else b, score)
             for rnd, a, b, score in event.games]
    return dataclasses.replace(event, games=games, players={key: data})


@pytest.mark.parametrize("seed", SEEDS)
def test_icu_the_defaults_said_are_those_every_player_asked_takes(
        monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    ratings, events = icu_season(seed)
    if seed % 2:
        ratings = dataclasses.replace(ratings, date=None)
    said, every = _both(monkeypatch, ratings, events)
    assert said == every
    assert _named(every)


def _later(settings: Any, rows: Sequence[Any], outcomes: Sequence[Sequence[Any]]) -> list[systems.Taken]:
    """A rule of the test's own: a player who lost rating is named for a blank peak in an event
    ending on an even day, for blank wins on an odd day; one who gained, for blank draws, on the
    15th only."""
    posts = outcomes[0]
    fell = [row for row, post in zip(rows, posts, strict=True)
            if row.rating is not None and post < row.rating]
    rose = tuple(row for row, post in zip(rows, posts, strict=True)
                 if row.rating is not None and post > row.rating and row.draws is None)
    field = "peak" if settings.end_date.day % 2 == 0 else "wins"
    found = [systems.Taken(field, f"{field} taken", tuple(row for row in fell if getattr(row, field) is None),
                           field=field)]
    if settings.end_date.day == 15:
        found.append(systems.Taken("draws", "draws taken", rose, field="draws"))
    return [taken for taken in found if taken.rows]


def test_a_player_is_named_in_a_later_event_and_for_a_second_field(monkeypatch: pytest.MonkeyPatch) -> None:
    # The finder's bookkeeping, not a system's bound: players named for one field still asked for
    # the others, players first open in a later event asked there, each named once a field.
    uscf = dataclasses.replace(systems.USCF, taken=_later, may_take=lambda row: True, may_take_outcomes=None,
                               taken_reads=("end_date",))  # (the rule of its own reads the end date)
    found = systems.get
    monkeypatch.setattr(said_module.systems, "get", lambda key: uscf if key == "USCF" else found(key))
    named = 0
    for seed in SEEDS:
        ratings, events = uscf_season(seed)
        ratings = _blank(ratings, random.Random(seed), ("peak", "wins", "draws"))
        said, every = _both(monkeypatch, ratings, events)
        assert said == every
        lists = {warning.split(": ")[1].split(" ")[0]: warning for warning in every}
        named += all(f"{name} taken" in " ".join(lists.values()) for name in ("peak", "wins", "draws"))
    assert named  # (the seasons name players for all three fields)


@pytest.mark.parametrize("system", [systems.USCF, systems.FIDE, systems.ICU])
def test_the_bound_on_outcomes_rules_out_no_row_the_rule_names(system: systems.System) -> None:
    # Rows open to a default (their fields), with pre- and post-event ratings, K and methods around
    # the rules' limits: a row the bound rules out is named by no default.
    rng = random.Random(11)
    assert system.taken is not None and system.may_take_outcomes is not None
    named = 0
    ratings: list[float | None] = [None, 100.0, 149.0, 150.0, 151.0, 1199.0, 1200.0, 1250.0, 1300.0,
                                   1999.0, 2299.0, 2300.0, 2450.0]
    for rules in system.edition_names:
        settings = SimpleNamespace(rules=rules, event_type=EventType.SWISS, start_date=None,
                                   end_date=D(2025, 5, 1))
        for _ in range(2000):
            pre = rng.choice(ratings)
            post = rng.choice([value for value in ratings if value is not None])
            post += rng.choice([-0.5, 0.0, 0.5])
            k = rng.choice([None, 10.0, 20.0, 39.0, 40.0])
            row = SimpleNamespace(number=1, rating=pre, rounds=(), games=rng.choice([None, 10, 26, 40]),
                                  k=None, birth_date=None, joined=D(2001, 1, 1), floor=None, peak=None,
                                  wins=None, draws=None, events=None)
            outcomes = {"pre_rating": [pre], "post_rating": [post], "k": [k],
                        "method": [rng.choice(list(Method))]}
            columns = [outcomes[name] for name in system.outcome_fields]
            taken = system.taken(settings, [row], columns)  # type: ignore[arg-type]
            if not all(system.may_take_outcomes(rules, columns)):
                assert taken == []
            named += bool(taken)
    assert named  # (the rows and numbers are such as the rule names)
