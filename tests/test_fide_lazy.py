"""The FIDE engine computes every number when it rates an event and builds each player's
outcome when it is first read (:class:`xlrating.model.Outcomes`).

The numbers compared here come from our own code: a large event read in any order against the
same event on the plain-Python path read in order, and the array forms of K and of the change
against the player-by-player forms (:func:`xlrating.fide.rating.k_rule` and friends), which the
other ``test_fide_*.py`` files check against the rule documents.
"""

from __future__ import annotations

import gc
import random
from datetime import date
from typing import Any

import pytest
from built_outcomes import count_built
from fide_random import END_DATES, large_event, random_event
from uscf_snapshot import encode

from xlrating import _vector
from xlrating._gc import collector_paused
from xlrating.errors import EventError
from xlrating.fide import FidePlayer, event, rate_event
from xlrating.fide.core import RatedChanges, RatedSums
from xlrating.fide.core import round_half_away as round_one
from xlrating.fide.core_plain import changes_one_by_one, new_ratings_one_by_one
from xlrating.fide.rating import k_limit, k_rule
from xlrating.fide.rules import EDITIONS, get_rules
from xlrating.model import EventType, Game, Outcomes

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy core needs numpy")

if _vector.AVAILABLE:
    from xlrating.fide.core_numpy import (
        LARGEST_SCALE,
        NumpyCore,
        k_by_rules,
        k_limited,
        new_ratings,
        rated_changes,
        round_half_away,
    )


def _event(arguments: dict[str, Any]) -> event._Event:
    return event._Event(get_rules(arguments["rules"]), EventType.parse(arguments["event_type"]),
                        arguments["end_date"], tuple(arguments["players"]), tuple(arguments["games"]),
                        arguments["explain"])


def _changes(rated: event._Event) -> tuple[RatedSums, RatedChanges | None]:
    """The event's sums, and its changes on arrays (``None``: they would not fit)."""
    sums = rated.core.rated_sums(rated.units, rated.counts_as_rated)
    return sums, rated_changes(rated.edition, rated.on, rated.players, rated.is_rated, rated.units, sums,
                               rated.scale)


@pytest.mark.slow
@pytest.mark.parametrize("explain", [False, True])
@pytest.mark.parametrize("rules", ["2024", "handbook"])
def test_a_large_event_read_in_any_order_equals_the_plain_path(rules: str, explain: bool) -> None:
    arguments = {**large_event(1000, explain=explain), "rules": rules}
    players = rate_event(**arguments).players
    assert isinstance(players, Outcomes)
    order = list(range(len(players)))
    random.Random(rules).shuffle(order)
    scrambled = {i: players[i] for i in order}
    with _vector.forced(False):
        plain = rate_event(**arguments).players
    assert [encode(scrambled[i]) for i in range(len(plain))] == [encode(p) for p in plain]
    assert players == tuple(plain)
    assert any(p.steps for p in players) is explain


def test_rating_a_large_event_builds_no_outcome_until_one_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    made = count_built(monkeypatch, event)
    arguments = large_event(1000, explain=True)
    outcome = rate_event(**arguments)
    assert isinstance(outcome.players, Outcomes) and made == []
    number = arguments["players"][500].number
    assert outcome.player(number).player == number and made == [number]
    assert len(list(outcome.players)) == 1000 and len(made) == 1000


@pytest.mark.parametrize("explain", [False, True])
def test_a_large_event_rated_and_read_leaves_no_reference_cycle(explain: bool) -> None:
    """The event's working is freed when its outcome is: a season pauses the cyclic collector,
    so a cycle would keep every event's players, sides and arrays until the season ends."""
    arguments = large_event(1000, explain=explain)
    rate_event(**arguments)  # (a first event's imports leave garbage of their own)
    gc.collect()
    with collector_paused():
        outcome = rate_event(**arguments)
        assert outcome.players[0].player and len(list(outcome.players)) == 1000
        del outcome
        assert gc.collect() == 0


def test_a_large_event_with_bad_input_fails_when_it_is_rated() -> None:
    arguments = large_event(1000, explain=False)
    stray = Game(1, arguments["players"][0].number, 5000, 1.0)
    with pytest.raises(EventError, match="missing player 5000"):
        rate_event(**{**arguments, "games": [*arguments["games"], stray]})
    too_low = [FidePlayer(1, 900.0), *arguments["players"][1:]]
    with pytest.raises(EventError, match="lowest rating a FIDE list has published"):
        rate_event(**{**arguments, "players": too_low})


def test_a_rating_from_an_older_list_is_noted_on_the_player_read_alone() -> None:
    arguments = {**large_event(1000, explain=False), "rules": "2024"}
    arguments["players"] = [FidePlayer(1, 1300.0), *arguments["players"][1:]]
    outcome = rate_event(**arguments)
    assert outcome.player(1).notes[0].startswith("pre-event rating under the FIDE 2024 rating floor 1400")
    assert sum(p is not None for p in outcome.players._built) == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(0, 300, 5))
def test_changes_on_arrays_equal_the_changes_player_by_player(seed: int) -> None:
    arguments = random_event(seed)
    with _vector.forced(True):
        try:
            rated = _event(arguments)
        except EventError:
            return  # a game names a player who is not in the event
    sums, found = _changes(rated)
    if found is None:
        assert rated.scale > LARGEST_SCALE or any(p.k is not None for p in rated.players)
        return
    assert repr(found) == repr(changes_one_by_one(rated.edition, rated.on, rated.players, rated.is_rated,
                                                  rated.units, sums, rated.scale))


@pytest.mark.slow
def test_a_given_k_too_large_or_too_fine_for_machine_integers_is_rated_player_by_player() -> None:
    arguments = large_event(1000, explain=True)
    whole = [FidePlayer(p.number, None if p.rating is None else float(round(p.rating)), games=p.games)
             for p in arguments["players"]]
    for given in (1e300, 1e-300, 12.5):
        players = [FidePlayer(1, 2000.0, k=given), *whole[1:]]
        rated = _event({**arguments, "players": players})
        assert rated.scale == 1
        assert (_changes(rated)[1] is None) is (given != 12.5)
        outcome = rate_event(**{**arguments, "players": players})
        with _vector.forced(False):
            plain = rate_event(**{**arguments, "players": players})
        assert encode(outcome) == encode(plain)


def test_new_ratings_on_arrays_equal_the_new_ratings_player_by_player() -> None:
    # Every field of every new player's result (Rc, p and dp included, which no outcome shows),
    # for the random events and a large event under each edition; and the arrays were used.
    events = [random_event(seed) for seed in range(300)]
    events += [{**large_event(1000, explain=False), "rules": rules} for rules in ("2024", "handbook")]
    on_arrays = rated_by_formula = 0
    for arguments in events:
        with _vector.forced(True):
            try:
                rated = _event(arguments)
            except EventError:
                continue  # a game names a player who is not in the event
        sums = rated.core.rated_sums(rated.units, rated.counts_as_rated)
        fixed = (rated.edition, rated.players, rated.is_rated, rated.played, sums, rated.scale)
        found = rated.core.new_ratings(sums, False)
        assert repr(found) == repr(new_ratings_one_by_one(*fixed, False))
        assert isinstance(rated.core, NumpyCore) and rated.core.sums is not None
        on_arrays += new_ratings(*fixed, rated.core.sums[1]) is not None
        rated_by_formula += sum(result.ru is not None for result in found.values())
    assert on_arrays > 200 and rated_by_formula > 1000


def test_changes_on_arrays_cover_rounding_and_the_fallback() -> None:
    fallbacks = 0
    for seed in range(300):
        arguments = random_event(seed)
        with _vector.forced(True):
            try:
                rated = _event(arguments)
            except EventError:
                continue
        fallbacks += _changes(rated)[1] is None
    assert fallbacks  # some random events have ratings with too many decimals for machine integers


def _edge_players() -> list[FidePlayer]:
    """Players either side of every K rule's boundary, and random ones."""
    rng = random.Random(7)
    players = []
    for rating in (1400.0, 2299.5, 2300.0, 2399.0, 2400.0, 2650.0):
        for games in (None, 0, 29, 30):
            for highest in (None, 2299.0, 2300.0, 2400.0):
                for born in (None, date(2006, 12, 31), date(2007, 1, 1), date(2008, 5, 1)):
                    players.append(FidePlayer(len(players) + 1, rating, games=games, highest_rating=highest,
                                              birth_date=born))
    for _ in range(2000):
        players.append(FidePlayer(len(players) + 1, float(rng.randint(1000, 2800)),
                                  games=rng.choice([None, rng.randint(0, 60)]),
                                  highest_rating=rng.choice([None, float(rng.randint(1000, 2900))]),
                                  birth_date=rng.choice([None, date(rng.randint(1990, 2015), 6, 1)])))
    return players


@pytest.mark.parametrize("on", [*END_DATES, date(2024, 12, 31)])
@pytest.mark.parametrize("edition", EDITIONS.values(), ids=lambda e: e.display)
def test_k_on_arrays_is_k_by_the_rules(edition: Any, on: date) -> None:
    import numpy as np

    players = _edge_players()
    expected = [k_rule(edition, p.rating, p.games, p.highest_rating, p.birth_date, on)[0] for p in players]
    found = k_by_rules(edition, on, players)
    assert found.tolist() == expected
    games = np.array([i % 40 for i in range(len(players))], dtype=np.int64)
    limited = k_limited(edition, found, games)
    assert limited.tolist() == [k_limit(edition, k, g) for k, g in zip(expected, games.tolist(), strict=True)]
    assert found.tolist() == expected  # the K before the 700 rule is kept


def test_rounding_on_arrays_is_rounding_one_by_one() -> None:
    import numpy as np

    rng = random.Random(3)
    pairs = [(n, d) for d in (1, 2, 3, 100, 250, 700) for n in range(-3 * d, 3 * d + 1)]
    pairs += [(rng.randint(-10**12, 10**12), rng.randint(1, 10**6)) for _ in range(5000)]
    numerators = np.array([n for n, _ in pairs], dtype=np.int64)
    denominators = np.array([d for _, d in pairs], dtype=np.int64)
    assert round_half_away(numerators, denominators).tolist() == [round_one(n, d) for n, d in pairs]
