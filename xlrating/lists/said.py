"""What a season says it took: the defaults its list entries and events left to the rules, in
words for a Python caller (:attr:`~xlrating.lists.SeasonResult.warnings`), each naming the
list entries or the event's players by ID, as a season workbook names their cells.

A blank games count beside a rating is read as an established player's (:attr:`Entry.games`):
a default that changes numbers where it is wrong. Which players took it is the system's own test
(:meth:`xlrating.systems.System.games_taken`), the one the season workbook's warning uses.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .. import systems
from .model import Event, PlayerId, RatingList

#: How many IDs a warning names before it counts the rest.
_NAMED = 5


def named_ids(ids: Sequence[PlayerId]) -> str:
    """``2 players (IDs 4, 9)``, ``12 players (IDs 1, 2, 3, 4, 5 and 7 more)``."""
    shown = ", ".join(repr(key) if isinstance(key, str) else str(key) for key in ids[:_NAMED])
    more = f" and {len(ids) - _NAMED} more" if len(ids) > _NAMED else ""
    count = f"{len(ids)} player{'s' if len(ids) != 1 else ''}"
    return f"{count} (ID{'s' if len(ids) != 1 else ''} {shown}{more})"


def season_warnings(ratings: RatingList, events: Sequence[Event], played: Collection[PlayerId]
                    ) -> tuple[str, ...]:
    """The defaults the season's players (``played``: those with a game) took: a blank games
    count beside a rating, once for the list and once for each event's new players."""
    system = systems.get(ratings.system)
    if not system.blank_games:
        return ()
    taken = system.games_taken
    entries = ratings.entries
    found = []
    listed = [key for key in played if (entry := entries.get(key)) is not None
              and taken(entry.rating, entry.games, entry.k, entry.birth_date, entry.joined)]
    reading = f"read as {system.blank_games}; where a player's games are known, give them"
    if listed:
        found.append(f"list entries of {named_ids(listed)}: games is None beside a rating, {reading}")
    for event in events:
        new = [key for key, data in event.players.items() if key in played and _taken(taken, data)]
        if new:
            found.append(f"event {event.id}: new {named_ids(new)} given a rating without games, {reading}")
    return tuple(found)


def _taken(taken: Any, data: Mapping[str, Any]) -> bool:
    get = data.get
    return bool(taken(get("rating"), get("games"), get("k"), get("birth_date"), get("joined")))
