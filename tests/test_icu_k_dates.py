"""K from dates for many players at once (``formulas.ks_by_dates``, as a large event decides its
rated players' K without explanations) is each player's ``k_rule``, or ``None`` where ``k_rule``
raises; and an event whose players have their own start dates gives each the K of his start."""

from __future__ import annotations

import dataclasses
from datetime import date

from xlrating.errors import ArgumentError
from xlrating.icu import ICU, IcuPlayer, PlayerKind, rate_event
from xlrating.icu.formulas import k_rule, ks_by_dates
from xlrating.icu.rules import IcuRules
from xlrating.model import Game

DATES = [None] + [date(y, m, d) for y in (1999, 2000, 2003, 2004, 2011, 2012, 2016, 2017)
                  for m, d in ((2, 28), (2, 29), (3, 1), (5, 31), (6, 1), (6, 2))
                  if not (m == 2 and d == 29 and y % 4)]


def _k_rule(rating: float, born: date | None, joined: date | None, start: date, rules: IcuRules
            ) -> float | None:
    try:
        return k_rule(rating, born, joined, start, rules)[0]
    except ArgumentError:
        return None


def test_k_of_many_players_at_once_is_each_ones_k_rule() -> None:
    rows = [(rating, born, joined)
            for rating in (1500.0, 2099.5, 2100.0) for born in DATES for joined in DATES]
    ratings, born, joined = (list(column) for column in zip(*rows, strict=True))
    for start in (date(2024, 6, 1), date(2024, 2, 29), date(2025, 2, 28), date(2025, 3, 1),
                  date(2020, 2, 29)):
        for rules in (ICU, dataclasses.replace(ICU, new_member_years=30)):
            expected = [_k_rule(rating, b, j, start, rules) for rating, b, j in rows]
            assert ks_by_dates(start, rules)(ratings, born, joined) == expected, (rules, start)
        # ages the comparisons do not cover (a junior age of 0): only K from the rating is decided,
        # every other player's is left to k_rule
        rules = dataclasses.replace(ICU, junior_age=0)
        expected = [rules.k_high if rating >= rules.k_high_rating else None for rating, _, _ in rows]
        assert ks_by_dates(start, rules)(ratings, born, joined) == expected
        assert all(_k_rule(rating, b, j, start, rules) == rules.k_high
                   for rating, b, j in rows if rating >= rules.k_high_rating)


def test_each_start_decides_its_players_k() -> None:
    # Two players born on 2 June 2003, one in an event starting on 1 June 2024 (aged 20: K 40),
    # the other on 2 June 2024 (aged 21, member for 2 years: K 32); and one with no joining date
    # whose K cannot be decided at his start, named with the player whose date is missing.
    born, joined = date(2003, 6, 2), date(2022, 1, 1)
    players = [IcuPlayer(1, PlayerKind.RATED, 1500, birth_date=born, joined=joined),
               IcuPlayer(2, PlayerKind.RATED, 1500, birth_date=born, joined=joined),
               IcuPlayer(3, PlayerKind.RATED, 1500, k=24), IcuPlayer(4, PlayerKind.RATED, 1500, k=24)]
    games = [Game(1, 1, 3, 1.0), Game(1, 2, 4, 0.5)]
    starts = [date(2024, 6, 1), date(2024, 6, 2), date(2024, 6, 1), date(2024, 6, 2)]
    outcome = rate_event(players, games, explain=False, groups=[0, 1, 0, 1], start_dates=starts)
    assert [p.k for p in outcome.players] == [40, 32, 24, 24]
    missing = [*players[:3], IcuPlayer(4, PlayerKind.RATED, 1500, birth_date=date(1990, 1, 1))]
    try:
        rate_event(missing, games, explain=False, groups=[0, 1, 0, 1], start_dates=starts)
    except ArgumentError as error:
        assert str(error).startswith("Player 4: ")
    else:
        raise AssertionError("a K that needs a joining date was decided without one")
