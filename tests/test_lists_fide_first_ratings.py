"""An unrated player's first rating at the close of a FIDE rating period, as the season works it out
from his pooled games' sums, against the engine's own rating of the same games
(:func:`xlrating.fide.unrated.new_player`, which makes every opponent's rating exact before it sums
them): whole ratings summed as floats, ratings with a fraction and ints, a zero score in a first
event (FIDE Rating Regulations 2024, 8.2.1; FIDE Handbook B.02, 10.21) found without rating it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from xlrating import fide
from xlrating.fide.rating import exact
from xlrating.fide.unrated import first_disregarded, new_player, new_player_of_sums
from xlrating.lists.fide import _first_disregarded, _unrated_rating

EDITIONS = ["2024", "handbook"]


@pytest.mark.parametrize("rules", EDITIONS)
def test_a_first_event_s_score_is_disregarded_as_rating_it_finds(rules: str) -> None:
    edition = fide.get_rules(rules)
    for games in range(12):
        for halves in range(2 * games + 1):
            rated = new_player_of_sums(edition, games, halves, (1600 * games, 1), first_event=True,
                                       explain=False)
            assert first_disregarded(edition, games, halves) == rated.disregarded, (games, halves)


def _opponents(rng: random.Random) -> list[Any]:
    kind = rng.choice(["whole", "fraction", "int", "mixed"])
    found: list[Any] = []
    for _ in range(rng.randint(0, 14)):
        if rng.random() < 0.2:
            found.append(None)
        elif kind == "whole" or (kind == "mixed" and rng.random() < 0.5):
            found.append(float(rng.randint(1000, 2700)))
        elif kind == "int":
            found.append(rng.randint(1000, 2700))
        else:
            found.append(rng.randint(2000, 5400) / 2)
    return found


@pytest.mark.parametrize("rules", EDITIONS)
def test_the_season_s_first_rating_is_the_engine_s(rules: str) -> None:
    edition = fide.get_rules(rules)
    rng = random.Random(rules)
    for _ in range(600):
        opponents = _opponents(rng)
        results = [rng.choice([0.0, 0.5, 1.0, 1.0]) for _ in opponents]
        first = rng.random() < 0.3
        season = _unrated_rating(edition, opponents, results, first_event=first)
        engine = new_player(edition, [None if o is None else exact(o) for o in opponents],
                            [int(2 * r) for r in results], round_robin=False, competition=None,
                            first_event=first, explain=False)
        fields = ("rating", "ru", "competition", "score", "games", "p", "dp", "disregarded")
        assert [getattr(season, name) for name in fields] == [getattr(engine, name) for name in fields], (
            opponents, results)
        assert _first_disregarded(edition, opponents, results) == new_player(
            edition, [None if o is None else exact(o) for o in opponents], [int(2 * r) for r in results],
            round_robin=False, competition=None, first_event=True, explain=False).disregarded
