"""The collector pause of the engines (xlrating._gc): paused inside, resumed after, and
nothing else done to the program's collector."""

from __future__ import annotations

import gc

from xlrating._gc import collector_paused


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
    # a full pass. The pause leaves the collector's generations alone.
    gc.collect()
    before = _Tracked()
    with collector_paused():
        made = _Tracked()
    young = {id(o) for o in gc.get_objects(generation=0)}
    assert id(before) in young and id(made) in young
