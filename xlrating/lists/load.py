"""Lists and events from plain data: dicts and rows as read from CSV or JSON.

Dates may be :class:`datetime.date` or ISO text (``"2024-03-31"``); empty text is
``None``. Every problem is reported at once with the row or event it is in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from .. import _check
from ..errors import InputError, Problem
from .check import ENTRY_FIELDS
from .model import Entry, Event, PlayerId, RatingList

_DATES = ("birth_date", "joined")
_EVENT_FIELDS = (
    "id",
    "end_date",
    "games",
    "players",
    "name",
    "start_date",
    "event_type",
    "rating_system",
    "dual_rated",
    "bonus_multiplier",
)


def _date(value: Any) -> Any:
    """ISO text as a date; anything else as given (checked later)."""
    if isinstance(value, str):
        if not value.strip():
            return None
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            return value
    return value


def _fields(row: Mapping[str, Any], where: str, problems: list[Problem]) -> dict[str, Any]:
    data = {key: value for key, value in row.items() if key != "id" and value not in ("", None)}
    unknown = sorted(set(data) - ENTRY_FIELDS)
    if unknown:
        problems.append(Problem(where, "unknown fields " + ", ".join(unknown)))
    for key in _DATES:
        if key in data:
            data[key] = _date(data[key])
    return {key: value for key, value in data.items() if key in ENTRY_FIELDS}


def load_list(
    system: str,
    rows: Iterable[Mapping[str, Any]],
    *,
    rules: str = "",
    rating_system: str = "Regular",
    date: dt.date | str | None = None,
) -> RatingList:
    """A :class:`RatingList` from rows of :class:`Entry` fields (``id`` required).

    The values are checked when the list is rated; here a row without an ID, a repeated ID
    or an unknown field is an :class:`~xlrating.errors.InputError` naming the row.
    """
    if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Iterable):
        raise _check.fail("rows", "a sequence of rows (mappings of Entry fields)", rows)
    problems: list[Problem] = []
    entries: dict[PlayerId, Entry] = {}
    texts: dict[str, PlayerId] = {}  # each ID as text, as given
    given: Iterable[Any] = rows
    for index, row in enumerate(given):
        where = f"row {index + 1}"
        if not isinstance(row, Mapping):
            problems.append(Problem(where, f"must be a mapping of Entry fields (id, rating...), not {row!r}"))
            continue
        key = row.get("id")
        if key in (None, ""):
            problems.append(Problem(where, "no id"))
            continue
        if isinstance(key, bool) or not isinstance(key, (int, str)):
            problems.append(Problem(where, f"id must be a number or text, not {key!r}"))
            continue
        if key in entries:
            problems.append(Problem(where, f"id {key!r} given twice"))
            continue
        text = str(key).strip()
        if text in texts:  # (12 and "12", or " 12": which would a game's 12 be?)
            problems.append(Problem(where, f"id {key!r} given twice, as {texts[text]!r} too"))
            continue
        texts[text] = key
        entries[key] = Entry(key, **_fields(row, f"{where} (id {key})", problems))
    if problems:
        raise InputError(problems, title="The rating list has problems")
    return RatingList(system, entries, rules, rating_system, _date(date))


def load_event(data: Mapping[str, Any]) -> Event:
    """An :class:`Event` from a dict of its fields; ``games`` as ``[round, id_a, id_b, score]``
    lists, ``players`` as ``{id: {field: value}}`` for the players new to the list."""
    if not isinstance(data, Mapping):
        raise _check.fail("data", "a mapping of Event fields (id, end_date, games...)", data)
    problems: list[Problem] = []
    where = f"event {data.get('id', '?')}"
    unknown = sorted(set(data) - set(_EVENT_FIELDS))
    if unknown:
        problems.append(Problem(where, "unknown fields " + ", ".join(unknown)))
    for required in ("id", "end_date", "games"):
        if required not in data:
            problems.append(Problem(where, f"no {required}"))
    given = data.get("players")
    if given is None or given == "":  # (a blank field; False or [] are refused, not read as none)
        given = {}
    if not isinstance(given, Mapping):
        problems.append(Problem(where, "players must be a mapping of each new player's ID to his fields, "
                                       f"not {given!r}"))
        given = {}
    players = {
        key: _fields(value, f"{where}, new player {key}", problems) if isinstance(value, Mapping) else value
        for key, value in given.items()
    }
    games = data.get("games")
    if "games" in data and (isinstance(games, (str, bytes, Mapping)) or not isinstance(games, Iterable)):
        problems.append(Problem(where, f"games must be a list of [round, id_a, id_b, score], not {games!r}"))
    if problems:
        raise InputError(problems, title="The event has problems")
    games = [tuple(game) if isinstance(game, list) else game for game in data["games"]]
    options = {
        key: data[key]
        for key in ("name", "event_type", "rating_system", "dual_rated", "bonus_multiplier")
        if key in data
    }
    return Event(
        data["id"],
        _date(data["end_date"]),
        games,
        players,
        start_date=_date(data.get("start_date")),
        **options,
    )
