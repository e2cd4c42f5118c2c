"""The games from both sides, by player in round order (``xlrating/_sides.py``): the sides
every engine's numeric core reads. The builder in lists and the builder in arrays give the
same sides, side for side, with the same checks; the size decides which is taken.

Seeded random events: small ones over many rounds (the same opponent met often), games
entered in any order, players numbered 1, 2, ... (found by a table) or with large numbers
(found by binary search).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from xlrating import _vector
from xlrating._sides import ListedSides, checked_columns, listed_sides, one_game_per_round, sides_of
from xlrating.errors import ArgumentError, EventError
from xlrating.model import Game, GameColumns, checked_games, game_columns

needs_numpy = pytest.mark.skipif(not _vector.AVAILABLE, reason="the numpy path needs numpy")


def array_sides(numbers: list[int], games: Any) -> Any:
    from xlrating._sides_numpy import array_sides as built

    return built(numbers, games)


def games_of(sides: Any, i: int) -> tuple[list[Any], ...]:
    """Player ``i``'s rounds, opponents and scores as lists (lists hold columns as tuples)."""
    return tuple(list(column) for column in sides.games_of(i))


def event(seed: int, numbering: str) -> tuple[list[int], list[Game]]:
    rng = random.Random(seed)
    size, rounds = rng.randint(2, 12), rng.randint(1, 14)
    numbers = (list(range(1, size + 1)) if numbering == "pairing numbers"
               else rng.sample(range(1, 10**9), size))
    games = []
    for rnd in range(1, rounds + 1):
        order = numbers[:]
        rng.shuffle(order)
        games += [Game(rnd, a, b, rng.choice((0.0, 0.5, 1.0)))
                  for a, b in zip(order[::2], order[1::2], strict=False)]
    rng.shuffle(games)
    return numbers, games


def test_each_game_twice_by_player_in_round_order() -> None:
    games = [Game(2, 7, 3, 1.0), Game(1, 3, 9, 0.5), Game(1, 7, 9, 0.0), Game(2, 9, 3, 1.0)]
    sides = listed_sides([3, 7, 9], games)
    assert games_of(sides, 0) == ([1, 2, 2], [2, 1, 2], [0.5, 0.0, 0.0])  # player 3: round 1, then 2 as given
    assert games_of(sides, 1) == ([1, 2], [2, 0], [0.0, 1.0])
    assert games_of(sides, 2) == ([1, 1, 2], [0, 1, 0], [0.5, 1.0, 1.0])
    assert sides.by_player[1] == [(2, 0.0, 0.0, 1), (0, 1.0, 1.0, 2)]  # (opponent, score, counted, round)
    halves = listed_sides([3, 7, 9], games, {1.0: 2, 0.5: 1, 0.0: 0})
    assert halves.by_player[1] == [(2, 0.0, 0, 1), (0, 1.0, 2, 2)]
    assert (sides.numbers, sides.count, sides.starts) == ([3, 7, 9], [3, 2, 3], [0, 3, 5, 8])
    assert sides.totals() == ([0.5, 1.0, 2.5], [0, 1, 2], [1, 0, 1])


@needs_numpy
@pytest.mark.parametrize("numbering", ["pairing numbers", "large numbers"])
def test_sides_on_arrays_are_the_sides_in_lists(numbering: str) -> None:
    for seed in range(300):
        numbers, games = event(seed, numbering)
        arrays, lists = array_sides(numbers, games), listed_sides(numbers, games)
        for i in range(len(numbers)):
            assert games_of(arrays, i) == games_of(lists, i), (seed, i)
            assert arrays.opponents_of(i) == list(lists.opponents_of(i)), (seed, i)
        assert arrays.numbers == lists.numbers and arrays.starts == lists.starts, seed
        assert arrays.count == lists.count, seed
        assert arrays.totals() == lists.totals(), seed
        assert arrays.twice_in_a_round() == lists.twice_in_a_round(), seed
        for most in (1, 2, 3):  # met more than once, twice (the US Chess bonus rule), three times
            assert arrays.repeated_opponents(most) == lists.repeated_opponents(most), (seed, most)


@needs_numpy
@pytest.mark.parametrize("put_by_player", [False, True])
def test_sides_in_round_order_give_each_player_his_sides_in_the_same_order(put_by_player: bool) -> None:
    # ArraySides.in_round_order: a sum per player over them, adding in the order given, adds each
    # player's sides in the order of the sides by player (the ICU numbers without explanations).
    for seed in range(300):
        numbers, games = event(seed, "pairing numbers")
        arrays, lists = array_sides(numbers, games), listed_sides(numbers, games)
        if put_by_player:
            arrays.player  # noqa: B018 (reading it puts the sides by player)
        player, opponent, score = (column.tolist() for column in arrays.in_round_order())
        assert len(player) == 2 * len(games), seed
        for i in range(len(numbers)):
            mine = [j for j, p in enumerate(player) if p == i]
            _rounds, opponents, scores = games_of(lists, i)
            assert ([opponent[j] for j in mine], [score[j] for j in mine]) == (opponents, scores), (seed, i)


@needs_numpy
def test_whole_floats_are_taken_as_whole_numbers_by_both() -> None:
    games = [Game(2.0, 7.0, 3, 1), Game(1, 3, 7, 0.5)]  # type: ignore[arg-type]
    lists, arrays = listed_sides([7, 3], games), array_sides([7, 3], games)
    assert games_of(lists, 0) == games_of(arrays, 0) == ([1, 2], [1, 1], [0.5, 1.0])
    assert all(type(r) is int for _, _, _, r in lists.by_player[0])


@pytest.mark.parametrize("vector", [False, True])
def test_a_game_naming_a_player_not_in_the_event_is_refused_with_every_such_game(vector: bool) -> None:
    if vector and not _vector.AVAILABLE:
        pytest.skip("the numpy path needs numpy")
    build = array_sides if vector else listed_sides
    games = [Game(1, 1, 2, 1.0), Game(1, 3, 8, 0.5), Game(2, 9, 1, 0.0)]
    with pytest.raises(EventError) as raised:
        build([1, 2, 3], games)
    assert str(raised.value) == ("The event's games name players who are not in it: round 1: game 3-8 names "
                                 "missing player 8; round 2: game 9-1 names missing player 9")
    with pytest.raises(EventError, match="names missing player 5"):
        build([], [Game(1, 5, 6, 1.0)])


@pytest.mark.parametrize("vector", [False, True])
def test_two_games_in_one_round_are_named_by_the_check(vector: bool) -> None:
    if vector and not _vector.AVAILABLE:
        pytest.skip("the numpy path needs numpy")
    build = array_sides if vector else listed_sides
    games = [Game(1, 1, 2, 1.0), Game(1, 3, 1, 0.5), Game(2, 2, 3, 0.0), Game(1, 4, 1, 0.0)]
    sides = build([1, 2, 3, 4], games)
    assert sides.twice_in_a_round() == [0]
    with pytest.raises(EventError, match=r"^A player can play one game per round: player 1 has 3 games in "
                                         r"round 1$"):
        one_game_per_round(sides)
    one_game_per_round(build([1, 2, 3], games[:3][::2]))  # one a round: no problem


def test_the_size_decides_lists_or_arrays(monkeypatch: pytest.MonkeyPatch) -> None:
    games = (Game(1, 1, 2, 1.0), Game(2, 2, 1, 0.5))  # 4 sides
    assert isinstance(sides_of([1, 2], games, from_sides=5), ListedSides)
    assert isinstance(sides_of([1, 2], games, from_sides=4), ListedSides) is not _vector.AVAILABLE
    with _vector.forced(False):
        assert isinstance(sides_of([1, 2], games, from_sides=0), ListedSides)


class _OwnGame(Game):
    """A subclass of Game: taken as a game, read the slow way."""

    __slots__ = ()


def test_games_checked_as_they_are_read_as_columns() -> None:
    games = [Game(1, 1, 2, 1.0), Game(2, 2, 1, 0.5), Game(2, 3, 4, 0.0)]
    columns = checked_columns(games)
    assert isinstance(columns, GameColumns)
    assert (columns.rounds, columns.players, columns.opponents, columns.scores) == (
        [1, 2, 2], [1, 2, 3], [2, 1, 4], [1.0, 0.5, 0.0])
    for given in (tuple(games), [*games[:2], _OwnGame(2, 3, 4, 0.0)], columns):
        assert checked_columns(given) == game_columns(checked_games(given)) == games
    assert checked_columns(iter(games)) == games  # any iterable, as checked_games takes it
    season = GameColumns([1], [1], [2], [1.0])
    assert checked_columns(season) is season  # a season's columns as they are
    assert checked_columns([]) == []
    for bad, where in (([games[0], (1, 2, 3, 1.0)], "games[1]"), ([None], "games[0]"), ("games", "games")):
        with pytest.raises(ArgumentError) as raised:
            checked_columns(bad)
        with pytest.raises(ArgumentError) as expected:
            checked_games(bad)
        assert str(raised.value) == str(expected.value)
        assert f"Argument '{where}'" in str(raised.value)


@needs_numpy
def test_the_stable_order_is_numpys_stable_argsort() -> None:
    # stable_order sorts each key with its index as one number, in 32 or 64 bits (numpy's stable
    # argsort for keys too wide for both): the order must be the stable one, equal keys in turn
    import numpy as np

    from xlrating._sides_numpy import stable_order

    rng = np.random.default_rng(7)
    for size, highest in ((0, 1), (1, 1), (2, 1), (1_000, 3), (90_000, 10_000), (5_000, 1 << 20),
                          (100, 1 << 40), (100, 1 << 62)):
        keys = rng.integers(0, highest, size)
        found = stable_order(keys)
        assert found.dtype == np.intp
        assert found.tolist() == np.argsort(keys, kind="stable").tolist(), (size, highest)


@needs_numpy
def test_numbers_packed_are_the_numbers_numpy_makes() -> None:
    import numpy as np

    from xlrating._sides_numpy import packed

    floats = [0.0, -0.0, 0.5, 1.0, 1e-300, 2699.731, float("nan"), float("inf"), 3, 10**15]
    assert packed(floats, "d").tobytes() == np.array(floats, dtype=np.float64).tobytes()
    whole = [0, 1, 255, 256, 10**9, -5, 2**62]
    assert packed(whole, "q").tolist() == np.array(whole, dtype=np.int64).tolist()
    assert packed([], "d").tolist() == []
