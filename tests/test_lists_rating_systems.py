"""A US Chess season's rating systems by any name the registry knows, and the names it refuses.

An event's ``rating_system``, the list's, and the names in an entry's ``other_ratings`` may be
any name a director types for a US Chess rating system (``quick``, ``Quick rating``, ``QC``): the
season rates and stores each rating under the registry's name, so a player's Quick rating is
found whatever it was called. A name that is no rating system, two names for one rating, or a
dual-rated event in a system that is not dual-rated, is a problem of the list or the event,
reported before anything is rated (never a ``KeyError`` from inside the season, and never a
rating filed under a second name as if the player had none)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from xlrating import systems
from xlrating.errors import InputError
from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.uscf import event as uscf_event

D = dt.date


def _list(quick_key: str = "Quick", rating_system: str = "Regular") -> RatingList:
    return RatingList("USCF", {
        1: Entry(1, 1500.0, 30, other_ratings={quick_key: (1400.0, 40)}),
        2: Entry(2, 1600.0, 30, other_ratings={quick_key: (1700.0, 40)}),
        3: Entry(3, 1550.0, 12),
    }, rating_system=rating_system)


def _season(ratings: RatingList, rating_system: str | None, dual: bool = False) -> Any:
    events = [Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0), (2, 1, 3, 0.5), (3, 2, 3, 0.0)],
                    rating_system=rating_system, dual_rated=dual),
              Event("E2", D(2025, 2, 9), [(1, 3, 1, 1.0), (2, 2, 1, 0.5)], rating_system=rating_system)]
    result = rate_season(ratings, events)
    return dict(result.list.entries), dict(result.history)


@pytest.mark.parametrize("name", ["quick", "QUICK", " Quick ", "Quick rating", "QC", "quick chess"])
def test_an_event_s_rating_system_by_any_name_rates_as_the_registry_s(name: str) -> None:
    expected = _season(_list(), "Quick")
    assert _season(_list(), name) == expected
    entries, history = expected
    assert entries[1].other_ratings["Quick"] != (1400.0, 40)  # the Quick rating moved, from his own:
    assert [row.pre for row in history[1]] == [1400.0, 1400.0 + history[1][0].change]


@pytest.mark.parametrize("name", ["quick", "QC", "Quick rating"])
def test_other_ratings_by_any_name_are_found_and_kept_under_the_registry_s(name: str) -> None:
    expected = _season(_list(), "Quick", dual=True)
    got = _season(_list(quick_key=name), "Quick", dual=True)
    assert got == expected
    assert all(set(entry.other_ratings) <= {"Quick"} for entry in got[0].values())


def test_the_list_s_own_rating_system_by_any_name() -> None:
    expected = _season(_list(), None, dual=True)
    assert _season(_list(rating_system="regular rating"), None, dual=True) == expected


def _problems(ratings: RatingList, events: list[Event]) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as caught:
        rate_season(ratings, events)
    return [(p.where, p.message) for p in caught.value.problems]


def test_a_rating_system_that_is_none_is_a_problem_of_its_event() -> None:
    names = "Regular, Quick, Blitz, Online Regular, Online Quick, Online Blitz"
    assert _problems(_list(), [Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0)], rating_system="Quik")]) == [
        ("event E1", f"rating_system must be one of {names}, not 'Quik'")]
    assert _problems(_list(rating_system="Bullet"), [Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0)])]) == [
        ("list", f"rating_system must be one of {names}, not 'Bullet'")]


@pytest.mark.parametrize("given, listed",
                         [("Blitz", "Regular"), (None, "Blitz"), ("online quick", "Regular")])
def test_only_regular_and_quick_events_are_dual_rated(given: str | None, listed: str) -> None:
    rated = systems.USCF.rating_system(given or listed)
    event = Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0)], rating_system=given, dual_rated=True)
    assert _problems(_list(rating_system=listed), [event]) == [
        ("event E1", f"dual_rated: only Regular and Quick events are dual-rated, not {rated} events")]


def test_other_ratings_naming_no_rating_system_or_one_twice_are_problems_of_the_entry() -> None:
    ratings = RatingList("USCF", {
        1: Entry(1, 1500.0, 30, other_ratings={"Quick": (1400.0, 40), "QC": (1450.0, 20)}),
        2: Entry(2, 1600.0, 30, other_ratings={"Bullet": (1700.0, 40)}),
    })
    assert _problems(ratings, [Event("E1", D(2025, 1, 5), [(1, 1, 2, 1.0)])]) == [
        ("list entry 1", "other_ratings: 'Quick' and 'QC' both name the Quick rating"),
        ("list entry 2", "other_ratings: 'Bullet' names no rating system (one of Regular, Quick, Blitz, "
                         "Online Regular, Online Quick, Online Blitz)"),
    ]


def test_the_registry_s_dual_pair_is_the_engine_s() -> None:
    assert systems.USCF.dual_pair == tuple(system.value for system in uscf_event._DUAL_SYSTEMS)
    assert systems.USCF.dual_partner("Quick") == "Regular" and systems.USCF.dual_partner("Blitz") is None
    assert systems.FIDE.dual_pair == () and systems.ICU.dual_pair == ()


def test_a_new_player_s_other_ratings_are_checked_as_a_list_entry_s_before_anything_is_rated() -> None:
    # They were left to the engine: refused only when his event was rated, naming the engine's
    # seat number ("other_ratings of player 2").
    event = Event("E1", D(2025, 1, 5), [(1, 1, "N", 1.0), (2, 1, "M", 1.0)],
                  players={"N": {"other_ratings": {"QC": (1500.0, 30), "Quick": (1500.0, 30)}},
                           "M": {"other_ratings": {"Bullet": (1500.0, 30)}}})
    assert _problems(RatingList("USCF", {1: Entry(1, 1500.0, 30)}), [event]) == [
        ("event E1", "new player 'N': other_ratings: 'QC' and 'Quick' both name the Quick rating"),
        ("event E1", "new player 'M': other_ratings: 'Bullet' names no rating system (one of Regular, Quick, "
                     "Blitz, Online Regular, Online Quick, Online Blitz)"),
    ]


@pytest.mark.parametrize(("listed", "named"), [("Regular", "regular"), ("Quick", "QC")])
def test_other_ratings_naming_the_list_s_own_rating_system_are_a_problem(listed: str, named: str) -> None:
    # The list's rating is the entry's own: a second one in other_ratings was read silently (an
    # unrated newcomer's initial rating, a stale rating kept beside the new one).
    own = systems.USCF.rating_system(listed)
    ratings = RatingList("USCF", {1: Entry(1, 1500.0, 30, other_ratings={named: (1400.0, 40)})},
                         rating_system=listed)
    event = Event("E1", D(2025, 1, 5), [(1, 1, "N", 1.0)],
                  players={"N": {"other_ratings": {named: (1400.0, 30)}}})
    message = (f"other_ratings: {named!r} names the list's own rating system, {own}: its rating and games "
               "are the entry's rating and games")
    assert _problems(ratings, [event]) == [("list entry 1", message),
                                           ("event E1", f"new player 'N': {message}")]
