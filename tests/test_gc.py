"""The collector pause of the engines (xlrating._gc): paused inside, resumed after, and the
objects made inside old when it resumes."""

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


def test_objects_made_inside_are_old_when_it_resumes() -> None:
    gc.collect()  # every generation's count at 0: resumed, the collector would pass the young ones
    with collector_paused():
        made = [_Tracked() for _ in range(1000)]
    assert gc.get_count()[0] < 10  # the young generation starts afresh
    old = {id(o) for o in gc.get_objects(generation=2)}
    assert all(id(o) in old for o in made)
    young = {id(o) for o in gc.get_objects(generation=0)}
    assert not any(id(o) in young for o in made)


def test_frozen_objects_of_the_program_stay_frozen() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with collector_paused():
            made = _Tracked()
        assert gc.get_freeze_count() == frozen  # nothing thawed
        assert not any(o is made for o in gc.get_objects(generation=2))  # left young
    finally:
        gc.unfreeze()
