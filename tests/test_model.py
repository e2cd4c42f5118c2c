"""The shared event model: games and outcomes."""

import dataclasses
import inspect
from collections.abc import Sequence
from typing import Any

import pytest

from xlrating.errors import ArgumentError, EventError
from xlrating.model import (
    EventOutcome,
    EventType,
    Game,
    GameLine,
    Method,
    Outcomes,
    PlayerOutcome,
    Step,
    _slot_filling_init,
    _slot_replacer,
    games_by_player,
    outcome_records,
)


def test_game_normalises_its_score_and_sides() -> None:
    game = Game(round=1, player=3, opponent=12, score="W")
    assert game.score == 1.0
    assert game.side(12) == (3, 0.0)
    with pytest.raises(ArgumentError):
        game.side(4)


def test_game_refuses_self_play_and_bad_numbers() -> None:
    with pytest.raises(ArgumentError, match="cannot play itself"):
        Game(1, 3, 3, 1)
    with pytest.raises(ArgumentError, match="'round'"):
        Game(0, 1, 2, 1)
    with pytest.raises(ArgumentError, match="'score'"):
        Game(1, 1, 2, 0.7)


def test_games_by_player_names_every_missing_player() -> None:
    games = [Game(1, 1, 2, 1), Game(1, 3, 9, 0.5), Game(2, 8, 1, 0)]
    with pytest.raises(EventError, match=r"round 1: game 3-9 names missing player 9; round 2: game 8-1"):
        games_by_player([1, 2, 3], games)


def test_games_by_player_sorts_rounds_and_mirrors_scores() -> None:
    games = [Game(2, 1, 3, 0.5), Game(1, 2, 1, 1)]
    table = games_by_player([1, 2, 3], games)
    assert [(opp, s) for _, opp, s in table[1]] == [(2, 0.0), (3, 0.5)]
    assert [(opp, s) for _, opp, s in table[2]] == [(1, 1.0)]


def test_event_type_parse() -> None:
    assert EventType.parse("Swiss") is EventType.SWISS
    assert EventType.parse(" match ") is EventType.MATCH
    assert EventType.parse("round ROBIN") is EventType.ROUND_ROBIN
    with pytest.raises(ArgumentError, match="'event_type'"):
        EventType.parse("knockout")
    with pytest.raises(ArgumentError, match="'event_type'"):
        EventType.parse(3)  # type: ignore[arg-type]


def test_event_outcome_finds_players() -> None:
    outcome = EventOutcome(
        system="USCF", rules="USCF 2020",
        players=(PlayerOutcome(player=7, method=Method.NOT_RATED, rated_games=0, rated_score=0,
                               pre_rating=1500, pre_games=30, post_rating=1500),),
    )
    assert outcome.player(7).post_rating == 1500
    with pytest.raises(ArgumentError):
        outcome.player(8)


def _not_rated(number: int) -> PlayerOutcome:
    return PlayerOutcome(player=number, method=Method.NOT_RATED, rated_games=0, rated_score=0.0,
                         pre_rating=1500.0 + number, pre_games=30, post_rating=1500.0 + number)


def _lazy(numbers: list[int]) -> tuple[Outcomes, list[int]]:
    """Outcomes of ``numbers`` built on reading, and the list of positions built, in order."""
    built: list[int] = []

    def build(i: int) -> PlayerOutcome:
        built.append(i)
        return _not_rated(numbers[i])

    return Outcomes(numbers, build), built


def test_outcomes_are_built_once_each_on_first_reading() -> None:
    lazy, built = _lazy([4, 9, 2])
    assert len(lazy) == 3 and lazy.numbers == (4, 9, 2) and built == []
    assert lazy[1].player == 9 and lazy[-1].player == 2 and lazy[1] is lazy[-2]
    assert built == [1, 2]
    assert lazy[:2] == (_not_rated(4), _not_rated(9))
    assert built == [1, 2, 0]
    with pytest.raises(IndexError):
        lazy[3]
    with pytest.raises(IndexError):
        lazy[-4]


def test_outcomes_equal_the_tuple_built_eagerly() -> None:
    lazy, built = _lazy([4, 9, 2])
    eager = tuple(_not_rated(n) for n in (4, 9, 2))
    assert lazy == eager and eager == lazy and list(lazy) == list(eager) and built == [0, 1, 2]
    assert hash(lazy) == hash(eager)
    assert lazy != eager[:2] and lazy != eager[::-1] and lazy != [*eager]
    other, _ = _lazy([4, 9, 2])
    assert lazy == other and repr(lazy) == f"Outcomes({eager!r})"
    assert EventOutcome("USCF", "USCF 2020", lazy) == EventOutcome("USCF", "USCF 2020", eager)


def test_iterating_builds_the_rest_and_frees_the_builder() -> None:
    lazy, built = _lazy([1, 2, 3, 4])
    lazy[2]
    assert [p.player for p in lazy] == [1, 2, 3, 4] and built == [2, 0, 1, 3]
    assert lazy._build is None  # the engine's working is no longer held


def test_iterating_builds_the_rest_together_where_the_engine_can() -> None:
    built: list[int] = []
    together: list[list[int]] = []

    def many(positions: Sequence[int]) -> list[PlayerOutcome]:
        together.append(list(positions))
        return [_not_rated(10 + i) for i in positions]

    lazy = Outcomes([10, 11, 12, 13], lambda i: built.append(i) or _not_rated(10 + i), many)
    lazy[2]
    assert built == [2] and together == []
    assert [p.player for p in lazy] == [10, 11, 12, 13] and together == [[0, 1, 3]] and built == [2]
    assert list(lazy) == [_not_rated(n) for n in (10, 11, 12, 13)] and together == [[0, 1, 3]]
    assert lazy._build is None and lazy._many is None  # the engine's working is no longer held


def test_event_outcome_finds_a_player_without_building_the_others() -> None:
    lazy, built = _lazy([4, 9, 2])
    outcome = EventOutcome("USCF", "USCF 2020", lazy)
    assert outcome.player(2).post_rating == 1502.0 and built == [2]
    with pytest.raises(ArgumentError, match="No player 5"):
        outcome.player(5)
    with pytest.raises(ArgumentError):
        EventOutcome("USCF", "USCF 2020", ()).player(1)


def test_records_filled_slot_by_slot_keep_the_dataclass_contract() -> None:
    line = GameLine(3, 7, 0.5, 1612.0, expected=0.4)
    assert (line.round, line.opponent, line.score, line.opponent_rating, line.expected, line.change) == (
        3, 7, 0.5, 1612.0, 0.4, None)
    assert line == GameLine(round=3, opponent=7, score=0.5, opponent_rating=1612.0, expected=0.4)
    assert hash(line) == hash(GameLine(3, 7, 0.5, 1612.0, 0.4))
    assert repr(Step("K", 20.0)) == "Step(label='K', value=20.0, detail='')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.score = 1.0  # type: ignore[misc]
    with pytest.raises(TypeError):
        Step()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Step("K", 1.0, "", "extra")  # type: ignore[call-arg]
    outcome = PlayerOutcome(1, Method.NOT_RATED, 0, 0.0, None, None, None)
    assert outcome.notes == () and outcome.floor_applied is False
    parameters = inspect.signature(PlayerOutcome).parameters
    assert list(parameters) == [f.name for f in dataclasses.fields(PlayerOutcome)]
    assert [p.default for p in parameters.values()] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        for f in dataclasses.fields(PlayerOutcome)]


def test_slot_filling_gives_each_record_its_own_class_and_every_field() -> None:
    class Kept(PlayerOutcome):
        __slots__ = ()

    for kind in (PlayerOutcome, Kept):
        outcome = kind(4, Method.ELO, 3, 1.5, 1500.0, 20, 1510.0, post_games=23, k=24.0, notes=("n",))
        assert type(outcome) is kind and outcome.player == 4 and outcome.k == 24.0 and outcome.notes == ("n",)
        assert outcome.bonus is None and outcome.games == () and outcome.post_games == 23
        assert dataclasses.astuple(outcome) == (4, Method.ELO, 3, 1.5, 1500.0, 20, 1510.0, 23, None, None,
                                                None, None, None, None, 24.0, None, None, False, None, None,
                                                (), (), ("n",))
        with pytest.raises(dataclasses.FrozenInstanceError):
            outcome.k = 16.0  # type: ignore[misc]
    assert Step("K", 24.0) == Step("K", 24.0, "") and type(Step("K")) is Step


def test_a_record_copied_slot_by_slot_is_the_one_replace_gives() -> None:
    replace = _slot_replacer(PlayerOutcome)
    outcome = PlayerOutcome(4, Method.ELO, 3, 1.5, 1500.0, 20, 1510.0, k=24.0)
    copied = replace(outcome, {"post_rating": 1520.0, "notes": ("n",)})
    assert copied == dataclasses.replace(outcome, post_rating=1520.0, notes=("n",))
    assert type(copied) is PlayerOutcome and copied is not outcome and outcome.post_rating == 1510.0
    assert replace(outcome, {}) == outcome
    with pytest.raises(dataclasses.FrozenInstanceError):
        copied.k = 16.0  # type: ignore[misc]


def test_slot_filling_refuses_a_record_it_cannot_fill() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            pass

    with pytest.raises(TypeError, match="Checked"):
        _slot_filling_init(Checked)


def test_a_record_with_a_default_factory_is_filled_as_its_dataclass_fills_it() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Plain:
        key: int
        tags: dict[str, int] = dataclasses.field(default_factory=dict)
        seen: tuple[int, ...] = ()

    @_slot_filling_init
    @dataclasses.dataclass(frozen=True, slots=True)
    class Filled:
        key: int
        tags: dict[str, int] = dataclasses.field(default_factory=dict)
        seen: tuple[int, ...] = ()

    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((1,), {}), ((1, {"a": 1}), {}), ((1,), {"seen": (2,)}), ((), {"key": 3, "tags": {}})]
    for args, keywords in calls:
        plain, filled = Plain(*args, **keywords), Filled(*args, **keywords)
        assert dataclasses.astuple(plain) == dataclasses.astuple(filled) and type(filled) is Filled
    first, second = Filled(1), Filled(1)
    assert first.tags == {} and first.tags is not second.tags  # a new one each time, as the factory makes it
    given = {"b": 2}
    assert Filled(1, given).tags is given
    assert str(inspect.signature(Filled)) == str(inspect.signature(Plain))
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.key = 2  # type: ignore[misc]


def test_records_built_by_columns_equal_those_built_by_keywords() -> None:
    columns = {"player": [4, 9], "rated_games": [3, 0], "rated_score": [1.5, 0.0],
               "pre_rating": [1500.0, None], "pre_games": [20, None], "post_rating": [1510.0, None],
               "k": [24.0, None],
               "notes": [("n",), ()]}
    built = outcome_records(columns, method=Method.ELO, floor_applied=True)
    rows = [dict(zip(columns, values, strict=True)) for values in zip(*columns.values(), strict=True)]
    assert built == [PlayerOutcome(**row, method=Method.ELO, floor_applied=True) for row in rows]
    assert all(type(outcome) is PlayerOutcome for outcome in built)
    assert built[1].games == () and built[1].bonus is None and built[0].notes == ("n",)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built[0].k = 16.0  # type: ignore[misc]
    assert outcome_records({"player": []}, method=Method.ELO, rated_games=0, rated_score=0.0, pre_rating=None,
                           pre_games=None, post_rating=None) == []


def test_records_by_columns_refuse_a_field_given_both_ways() -> None:
    with pytest.raises(TypeError, match="once for all \\['k'\\]"):
        outcome_records({"player": [1], "k": [16.0]}, k=24.0, method=Method.ELO, rated_games=0,
                        rated_score=0.0, pre_rating=None, pre_games=None, post_rating=None)


def test_records_by_columns_refuse_unknown_missing_and_uneven_fields() -> None:
    with pytest.raises(TypeError, match="unknown fields \\['colour'\\]"):
        outcome_records({"player": [1]}, colour="white")
    with pytest.raises(TypeError, match="missing fields \\['method'"):
        outcome_records({"player": [1]})
    with pytest.raises(ValueError):
        outcome_records({"player": [1, 2], "rated_games": [3]}, method=Method.ELO, rated_score=0.0,
                        pre_rating=None, pre_games=None, post_rating=None)
