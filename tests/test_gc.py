"""The collector pause (xlrating._gc): paused inside, resumed after; an engine's pause does
nothing else to the program's collector, and a season's (``long_lived``) collects the young
generations first and moves what it made to the oldest one, unless it raised or anything is
frozen."""

from __future__ import annotations

import gc

import pytest

from xlrating._gc import collector_paused

_NOTHING_FROZEN = pytest.mark.skipif(
    gc.get_freeze_count() > 0,
    reason="this Python froze objects of its own as it started (3.12 does): a long-lived block moves "
           "nothing then, which test_a_long_lived_block_leaves_the_program_s_frozen_objects_frozen checks")


class _Tracked:
    """An object the collector tracks."""


def test_paused_inside_and_resumed_after() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_left_disabled_when_it_was() -> None:
    gc.disable()
    try:
        with collector_paused():
            made = _Tracked()
        assert not gc.isenabled()
        assert not any(o is made for o in gc.get_objects(generation=2))  # nothing moved
    finally:
        gc.enable()


def test_objects_are_left_in_the_generation_the_collector_put_them() -> None:
    # Moving the objects to the oldest generation when the collector resumes (gc.freeze, then
    # gc.unfreeze) would save its young pass over a large event's records, but it moves every
    # young object of the whole program too: the program's young garbage cycles would wait for
    # a full pass. An engine's pause (not long-lived) leaves the collector's generations alone.
    gc.collect()
    before = _Tracked()
    with collector_paused():
        made = _Tracked()
    young = {id(o) for o in gc.get_objects(generation=0)}
    assert id(before) in young and id(made) in young


@_NOTHING_FROZEN
def test_what_a_long_lived_block_makes_goes_to_the_oldest_generation() -> None:
    # A season's result is kept: the collector's young passes would only find it alive.
    with collector_paused(long_lived=True):
        made = _Tracked()
    assert gc.isenabled()
    assert any(o is made for o in gc.get_objects(generation=2))
    assert not any(o is made for o in gc.get_objects(generation=0))


@_NOTHING_FROZEN
def test_a_long_lived_block_collects_the_program_s_young_cycles_first() -> None:
    # The program's young objects are not moved past a young pass: their garbage cycles are
    # freed as the block starts, as the collector's next pass would free them.
    gc.collect()
    freed: list[str] = []

    class _Cycle:
        def __init__(self) -> None:
            self.me = self

        def __del__(self) -> None:
            freed.append("freed")

    _Cycle()
    assert not freed  # (a cycle: reference counting leaves it)
    with collector_paused(long_lived=True):
        assert freed == ["freed"]
    assert gc.isenabled()


def test_a_long_lived_block_that_raises_moves_nothing() -> None:
    # What a block that raised made is garbage, some of it in cycles with the error's traceback:
    # the next young pass frees it.
    gc.collect()
    kept: list[_Tracked] = []
    try:
        with collector_paused(long_lived=True):
            kept.append(_Tracked())
            raise ValueError("refused")
    except ValueError:
        pass
    assert gc.isenabled()
    assert not any(o is kept[0] for o in gc.get_objects(generation=2))  # (left young)


def test_a_long_lived_block_leaves_the_program_s_frozen_objects_frozen() -> None:
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with collector_paused(long_lived=True):
            made = _Tracked()
        assert gc.get_freeze_count() == frozen  # (unfreezing would have released them)
        assert not any(o is made for o in gc.get_objects(generation=2))  # (left young)
    finally:
        gc.unfreeze()


def test_a_long_lived_block_leaves_a_disabled_collector_alone() -> None:
    gc.disable()
    try:
        with collector_paused(long_lived=True):
            made = _Tracked()
        assert not gc.isenabled()
        assert not any(o is made for o in gc.get_objects(generation=2))
    finally:
        gc.enable()
