"""Rating lists and the rating of a sequence of events (a season).

A :class:`RatingList` holds players by ID under one system (US Chess, FIDE or ICU) with
everything the rules carry from event to event; an :class:`Event` holds its dates and
its games by player ID. :func:`rate_season` rates the events in order and returns a
:class:`SeasonResult`: the new list, each event's explained outcomes (when asked) and
each player's history. The caller's list is never changed.

>>> import datetime as dt
>>> from xlrating.lists import Entry, Event, RatingList, rate_season
>>> club = RatingList("ICU", {1: Entry(1, 1800, 40, k=24), 2: Entry(2, 1700, 40, k=24)})
>>> autumn = Event("autumn", dt.date(2024, 10, 5), [(1, 1, 2, 1.0)])
>>> winter = Event("winter", dt.date(2024, 12, 7), [(1, 2, 1, 1.0)])
>>> season = rate_season(club, [winter, autumn])
>>> [row.event for row in season.history[1]], season.list.rating(1), club.rating(1)
(['autumn', 'winter'], 1793, 1800)
"""

from .load import load_event, load_list
from .model import Entry, Event, HistoryRow, PendingEvent, PlayerId, RatingList, SeasonResult
from .rate import Settings, call_engine, rate_season

__all__ = [
    "Entry",
    "Event",
    "HistoryRow",
    "PendingEvent",
    "PlayerId",
    "RatingList",
    "SeasonResult",
    "Settings",
    "call_engine",
    "load_event",
    "load_list",
    "rate_season",
]
