"""The ICU engine computes every number when it rates a large event and builds each player's
outcome when it is first read (:class:`xlrating.model.Outcomes`).

The numbers compared here come from our own code: a large event (rated on the numpy core)
read in scrambled order against the same event on the plain-Python core, whose outcomes are
built at once; the other ``test_icu*.py`` files check that path against the ICU's documents
and published results.
"""

from __future__ import annotations

import dataclasses
import random
from datetime import date
from typing import Any

import pytest
from built_outcomes import count_built
from test_icu_snapshot import canonical, player_record, swiss

from xlrating import _vector
from xlrating.errors import ArgumentError, ConvergenceError, EventError
from xlrating.icu import ICU, IcuPlayer, PlayerKind, event, rate_event
from xlrating.model import Game, Outcomes

pytestmark = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy core needs numpy")

START = date(2024, 6, 1)


def large_event(explain: bool) -> dict[str, Any]:
    """A 1,000-player Swiss of every kind of player (bonuses, a second rating), and players
    whose outcomes take the rarer branches: two unrated players who meet only each other
    (never rated), a provisional player whose games against unrated players are skipped in
    the first passes, a rated player with no game, and an unrated player whose estimate
    rounds below the lowest rating."""
    players, games = swiss(1000, 9, 5)
    players += [IcuPlayer(1001, PlayerKind.UNRATED), IcuPlayer(1002, PlayerKind.UNRATED),
                IcuPlayer(1003, PlayerKind.UNRATED), IcuPlayer(1004, PlayerKind.RATED, 1800, k=24),
                IcuPlayer(1005, PlayerKind.RATED, 150, k=24), IcuPlayer(1006, PlayerKind.UNRATED),
                IcuPlayer(1007, PlayerKind.PROVISIONAL, 1500, games=5)]
    games += [Game(10, 1001, 1002, 0.5), Game(11, 1003, 1005, 0.5),
              Game(10, 1006, 1005, 0.0), Game(10, 1007, 1003, 1.0)]
    return {"players": players, "games": games, "start_date": START, "explain": explain}


def records(players: Any, order: list[int]) -> list[str]:
    """Every field of every outcome, each read in ``order``, listed in the players' order."""
    read = {i: canonical(player_record(players[i])) for i in order}
    return [read[i] for i in range(len(players))]


@pytest.mark.slow
@pytest.mark.parametrize("explain", [False, True])
def test_a_large_event_read_in_any_order_equals_the_event_built_at_once(explain: bool) -> None:
    arguments = large_event(explain)
    assert 2 * len(arguments["games"]) >= event.FROM_SIDES
    outcome = rate_event(**arguments)
    players = outcome.players
    assert isinstance(players, Outcomes)
    order = list(range(len(players)))
    random.Random(explain).shuffle(order)
    with _vector.forced(False):
        plain = rate_event(**arguments)
    assert isinstance(plain.players, tuple)
    assert records(players, order) == records(plain.players, order)
    assert players == plain.players and outcome == plain
    assert any(p.steps for p in players) is explain and any(p.games for p in players) is explain
    methods = {p.method.value for p in players}
    assert methods == {"elo", "provisional", "performance", "foreign", "not rated"}
    assert any(p.bonus for p in players) and any("Second rating" in note for note in outcome.notes)
    notes = [note for n in (1001, 1006, 1007) for note in outcome.player(n).notes]
    assert "game against 1002 not rated: 1002 has no estimate (no game against a rated, foreign or " \
           "estimated player)" in notes
    assert any(note.startswith("games against 1003 skipped in pass") for note in notes)
    assert any(note.startswith("not rated: estimate") for note in notes)


def test_rating_a_large_event_builds_no_outcome_until_one_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    made = count_built(monkeypatch, event)
    arguments = large_event(explain=True)
    outcome = rate_event(**arguments)
    assert isinstance(outcome.players, Outcomes) and made == []
    assert outcome.player(1004).method.value == "not rated" and made == [1004]
    number = arguments["players"][500].number
    assert outcome.player(number).player == number and made == [1004, number]
    assert outcome.player(number) is outcome.players[500] and len(made) == 2  # built once, kept
    assert [p.player for p in outcome.players] == [p.number for p in arguments["players"]]
    assert sorted(made) == sorted(p.number for p in arguments["players"])


def test_a_small_event_is_built_at_once() -> None:
    players, games = swiss(8, 5, 1)
    outcome = rate_event(players, games, start_date=START)
    assert isinstance(outcome.players, tuple) and len(outcome.players) == 8


def test_a_large_event_with_bad_input_fails_when_it_is_rated() -> None:
    arguments = large_event(explain=False)
    stray = Game(1, 1, 5000, 1.0)
    with pytest.raises(EventError, match="5000"):
        rate_event(**{**arguments, "games": [*arguments["games"], stray]})
    provisional = [IcuPlayer(1, PlayerKind.PROVISIONAL, 1500, games=25), *arguments["players"][1:]]
    with pytest.raises(ArgumentError, match="Player 1: a provisional player has 1 to 19 prior games, not 25"):
        rate_event(**{**arguments, "players": provisional})
    no_dates = [IcuPlayer(1, PlayerKind.RATED, 1500), *arguments["players"][1:]]
    games = [*arguments["games"], Game(12, 1, 2, 1.0)]
    with pytest.raises(ArgumentError, match="Player 1: Argument 'birth_date' is needed"):
        rate_event(**{**arguments, "players": no_dates, "games": games})
    with pytest.raises(ConvergenceError, match="cannot be rated"):
        rate_event(**arguments, rules=dataclasses.replace(ICU, iteration_limit=2))
