"""Checks of a list and a season before anything is rated.

Every problem is collected with its place (``list entry 12345``, ``event spring-open``)
and reported at once as an :class:`~xlrating.errors.InputError`; nothing is rated when
one is found.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import fields
from typing import Any

from .. import _check
from ..errors import ArgumentError, InputError, Problem
from ..model import EventType
from .model import Entry, Event, PlayerId, RatingList

ENTRY_FIELDS = frozenset(f.name for f in fields(Entry)) - {"id"}
"""The keyword fields a new player's data may give."""

_HISTORY_WORDS = (None, "all wins", "all losses")


def _rating(value: Any) -> None:
    _check.rating("rating", value)


def _whole(value: Any) -> None:
    _check.whole("value", value)


def _date(value: Any) -> None:
    if not isinstance(value, dt.date) or isinstance(value, dt.datetime):
        raise ArgumentError(f"must be a date, not {value!r}")


def _positive(value: Any) -> None:
    _check.positive("k", value)


_FIELD_CHECKS: dict[str, Callable[[Any], None]] = {
    "rating": _rating,
    "games": _whole,
    "birth_date": _date,
    "joined": _date,
    "k": _positive,
    "floor": _rating,
    "peak": _rating,
    "wins": _whole,
    "draws": _whole,
    "events": _whole,
    "fide": _rating,
    "cfc": _rating,
}
_MAY_BE_NONE = frozenset({"rating", "games", "birth_date", "joined", "k", "floor", "peak", "fide", "cfc"})


def _plain_rating(value: Any) -> bool:
    return value is None or (type(value) in (int, float) and 0 <= value <= 4000)


def _plain_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _plain_entry(entry: Any) -> bool:
    """The common case, checked fast: an entry every field of which is plainly valid
    (anything else goes through the full checks of :func:`entry_problems`)."""
    return (
        type(entry) is Entry
        and _plain_rating(entry.rating)
        and (entry.games is None or _plain_count(entry.games))
        and _plain_count(entry.wins)
        and _plain_count(entry.draws)
        and _plain_count(entry.events)
        and (entry.birth_date is None or type(entry.birth_date) is dt.date)
        and (entry.joined is None or type(entry.joined) is dt.date)
        and entry.history is None
        and (entry.k is None or (type(entry.k) in (int, float) and 0 < entry.k < math.inf))
        and _plain_rating(entry.floor)
        and _plain_rating(entry.peak)
        and _plain_rating(entry.fide)
        and _plain_rating(entry.cfc)
    )


def entry_problems(entry: Any) -> list[str]:
    """What is wrong with one list entry, in words (empty: nothing)."""
    if _plain_entry(entry):
        return []
    if not isinstance(entry, Entry):
        return [f"must be an Entry, not {entry!r}"]
    problems = []
    for name, check in _FIELD_CHECKS.items():
        value = getattr(entry, name)
        if value is None and name in _MAY_BE_NONE:
            continue
        try:
            check(value)
        except ArgumentError:
            problems.append(f"{name} must be {_expected(name)}, not {value!r}")
    if entry.history not in _HISTORY_WORDS:
        problems.append(f"history must be 'all wins', 'all losses' or empty, not {entry.history!r}")
    if entry.rating is None and entry.history is not None:
        problems.append("an unrated player has no all-wins or all-losses history")
    return problems


def _expected(name: str) -> str:
    if name in ("birth_date", "joined"):
        return "a date"
    if name == "k":
        return "a positive number"
    if name in ("games", "wins", "draws", "events"):
        return "a whole number >= 0"
    return "a rating between 0 and 4000"


def check_list(ratings: RatingList) -> list[Problem]:
    """Every problem of the list itself."""
    problems: list[Problem] = []
    from .. import systems  # the registry (it imports the engines, so only when a list is checked)

    keys = [system.key for system in systems.SYSTEMS]
    if ratings.system not in keys:
        problems.append(
            Problem("list", f"system must be one of {', '.join(keys)}, not {ratings.system!r}")
        )
    if ratings.date is not None and (
        not isinstance(ratings.date, dt.date) or isinstance(ratings.date, dt.datetime)
    ):
        problems.append(Problem("list", f"date must be a date, not {ratings.date!r}"))
    for key, entry in ratings.entries.items():
        where = f"list entry {key}"
        if isinstance(entry, Entry) and entry.id != key:
            problems.append(Problem(where, f"the entry's id is {entry.id!r}"))
        problems.extend(Problem(where, message) for message in entry_problems(entry))
    return problems


def _game_problems(event: Event, index: int, game: Any, known: Callable[[Any], bool]) -> list[str]:
    where = f"game {index + 1}"
    if not isinstance(game, Sequence) or isinstance(game, (str, bytes)) or len(game) != 4:
        return [f"{where} must be (round, id_a, id_b, score), not {game!r}"]
    rnd, a, b, score = game
    problems = []
    try:
        _check.whole("round", rnd, low=1)
    except ArgumentError:
        problems.append(f"{where}: round must be a whole number >= 1, not {rnd!r}")
    try:
        _check.result("score", score)
    except ArgumentError:
        problems.append(f"{where}: score must be 1, 0.5 or 0, not {score!r}")
    for player in (a, b):
        if not isinstance(player, Hashable) or isinstance(player, (bool, float)):
            problems.append(f"{where}: a player ID must be a number or text, not {player!r}")
        elif not known(player):
            problems.append(
                f"{where}: player {player!r} is neither on the list nor given as a new player "
                "of this event or an earlier one"
            )
    if a == b:
        problems.append(f"{where}: player {a!r} cannot play himself")
    return problems


def _event_problems(event: Event, ratings: RatingList, known: set[PlayerId]) -> list[str]:
    problems = []
    if not isinstance(event.end_date, dt.date) or isinstance(event.end_date, dt.datetime):
        problems.append(f"end date must be a date, not {event.end_date!r}")
    elif ratings.date is not None and isinstance(ratings.date, dt.date) and event.end_date < ratings.date:
        problems.append(
            f"ends {event.end_date.isoformat()}, before the list's date {ratings.date.isoformat()}"
        )
    if event.start_date is not None:
        if not isinstance(event.start_date, dt.date) or isinstance(event.start_date, dt.datetime):
            problems.append(f"start date must be a date, not {event.start_date!r}")
        elif isinstance(event.end_date, dt.date) and event.start_date > event.end_date:
            problems.append(
                f"starts {event.start_date.isoformat()}, after its end {event.end_date.isoformat()}"
            )
    try:
        EventType.parse(event.event_type)
    except ArgumentError as error:
        problems.append(str(error))
    for key, data in event.players.items():
        if key in known:
            problems.append(f"new player {key!r} is already on the list (give data for new players only)")
            continue
        if not isinstance(data, dict):
            problems.append(f"new player {key!r}: data must be a mapping of Entry fields, not {data!r}")
            continue
        unknown = sorted(set(data) - ENTRY_FIELDS)
        if unknown:
            problems.append(f"new player {key!r}: unknown fields {', '.join(unknown)}")
            continue
        problems.extend(f"new player {key!r}: {m}" for m in entry_problems(Entry(key, **data)))
    known.update(event.players)
    games: Any = event.games
    if not isinstance(games, Sequence) or isinstance(games, (str, bytes)):
        problems.append(f"games must be a sequence of (round, id_a, id_b, score), not {games!r}")
        return problems
    for index, game in enumerate(games):
        if not _plain_game(game, known):
            problems.extend(_game_problems(event, index, game, known.__contains__))
    return problems


_SCORES = frozenset({0.0, 0.5, 1.0})


def _plain_game(game: Any, known: set[PlayerId]) -> bool:
    """The common case, checked fast: a tuple of a round >= 1, two known different IDs and
    a numeric score of 1, 0.5 or 0 (anything else goes through :func:`_game_problems`)."""
    if type(game) is not tuple or len(game) != 4:
        return False
    rnd, a, b, score = game
    return (
        type(rnd) is int
        and rnd >= 1
        and type(score) in (float, int)
        and score in _SCORES
        and type(a) in (int, str)
        and type(b) in (int, str)
        and a != b
        and a in known
        and b in known
    )


def check_season(ratings: RatingList, events: Iterable[Any]) -> list[Event]:
    """The events in rating order (end date, ties in the order given), after checking the
    list and every event; raises :class:`InputError` with every problem found."""
    problems = check_list(ratings)
    given = list(events)
    seen: set[str] = set()
    valid: list[Event] = []
    for index, event in enumerate(given):
        if not isinstance(event, Event):
            problems.append(Problem(f"events[{index}]", f"must be an Event, not {event!r}"))
            continue
        if not isinstance(event.id, str) or not event.id:
            problems.append(Problem(f"events[{index}]", f"id must be non-empty text, not {event.id!r}"))
        elif event.id in seen:
            problems.append(Problem(f"event {event.id}", "the same event ID is used twice"))
        seen.add(event.id)
        valid.append(event)
    dated = [e for e in valid if isinstance(e.end_date, dt.date)]
    undated = [e for e in valid if not isinstance(e.end_date, dt.date)]
    ordered = sorted(dated, key=lambda e: e.end_date)
    known: set[PlayerId] = set(ratings.entries)
    for event in [*ordered, *undated]:
        problems.extend(
            Problem(f"event {event.id}", message) for message in _event_problems(event, ratings, known)
        )
    if problems:
        raise InputError(problems, title="The rating list or the season has problems; nothing was rated")
    return ordered
