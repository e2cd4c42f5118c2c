"""A FIDE rating period: events rated from the list rating, the total change rounded once
(FIDE Rating Regulations 2024), and the unrounded change each outcome holds."""

import dataclasses
from datetime import date
from fractions import Fraction

import pytest
from test_fide_snapshot import events

from xlrating.errors import ArgumentError
from xlrating.fide import FidePlayer, period_rating, rate_event, unrounded_change
from xlrating.fide.tables import round_half_away
from xlrating.model import Game, Method

END = date(2025, 6, 30)


def test_two_events_in_a_period_are_rounded_once() -> None:
    # A player rated 2000 (K 20, an adult) in two events of one period, both rated from 2000.
    # Event 1: loses to 1900: D = 100, row 99-106, PD .64: 20 x (0 - .64) = -12.8 (rounded -13).
    # Event 2: draws with 2050: D = 50, row 47-53, PD .43: 20 x (.5 - .43) = 1.4 (rounded 1).
    # The list: 2000 - 12.8 + 1.4 = 1988.6, rounded once: 1989 (adding rounded changes: 1988).
    one = rate_event([FidePlayer(1, 2000), FidePlayer(2, 1900)], [Game(1, 1, 2, 0)], end_date=END)
    two = rate_event([FidePlayer(1, 2000), FidePlayer(2, 2050)], [Game(1, 1, 2, 0.5)], end_date=END)
    changes = [unrounded_change(one.player(1)), unrounded_change(two.player(1))]
    assert changes == [Fraction(-64, 5), Fraction(7, 5)]
    assert [one.player(1).change, two.player(1).change] == [-13, 1]
    assert period_rating(2000, changes) == 1989


def test_explain_false_keeps_the_unrounded_change() -> None:
    players = [FidePlayer(1, 2000), FidePlayer(2, 1900)]
    bare = rate_event(players, [Game(1, 1, 2, 0)], end_date=END, explain=False).player(1)
    assert unrounded_change(bare) == Fraction(-64, 5)


def test_new_and_idle_players() -> None:
    outcome = rate_event([FidePlayer(1, 2000), FidePlayer(2), FidePlayer(3, 1800)], [Game(1, 1, 2, 1)],
                         end_date=END)
    assert unrounded_change(outcome.player(1)) == 0  # the game against an unrated player is not rated
    assert unrounded_change(outcome.player(2)) is None
    assert unrounded_change(outcome.player(3)) == 0
    assert period_rating(2000, [None, Fraction(1, 2)]) == 2001
    # 2024 rounds the total change, halves away from zero; the handbook rounds the new rating (10.53).
    assert period_rating(2000, [Fraction(-1, 2)]) == 1999
    assert period_rating(2000, [Fraction(-1, 2)], rules="handbook") == 2000
    assert period_rating(2000.5, [Fraction(1, 2)]) == 2001.5
    with pytest.raises(ArgumentError, match=r"changes\[0\]"):
        period_rating(2000, [0.5])  # type: ignore[list-item]


@pytest.mark.parametrize("name", [name for name, _ in events()][::4])
def test_the_unrounded_change_is_the_explained_one(name: str) -> None:
    arguments = dict(events())[name]
    outcome = rate_event(**arguments)
    checked = 0
    for player in outcome.players:
        if player.method is not Method.ELO:
            continue
        exact = unrounded_change(player)
        assert exact is not None
        explained = next(s.value for s in player.steps if s.label == "Change")
        assert float(exact) == explained
        assert player.pre_rating is not None
        start = Fraction(repr(player.pre_rating))
        if arguments["rules"] == "2024":
            assert round_half_away(exact) == Fraction(repr(player.change))
        else:
            assert round_half_away(start + exact) == Fraction(repr(player.post_rating))
        checked += 1
    assert checked


def test_unrounded_change_needs_an_outcome() -> None:
    with pytest.raises(ArgumentError, match="Argument 'outcome'"):
        unrounded_change(dataclasses.asdict(rate_event([FidePlayer(1, 2000)], []).player(1)))  # type: ignore[arg-type]
