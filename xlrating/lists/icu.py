"""ICU lists: events rated one after another from the list's current ratings.

Each list entry becomes an ICU player of the kind its data describes
(:func:`xlrating.icu.classify`: rated, provisional with 1 to 19 games, foreign with a
rating only, or unrated). K is decided by age and membership at each event's start date
(the end date when no start date is given). After an event a player's rating and games
are the event's post-event values: a provisional player accumulates games until he has
20 and is then rated (ICU rating program); a foreign player's rating is not changed.

The ICU's one-off adjustment of its list of 1 March 2024 (:data:`xlrating.icu.rules.MARCH_2024`:
R + 0.6 x (2000 - R) under 2000, the integer part kept, after the floor of publication, 400
then) is applied to every rated and provisional player on the list when the season passes
that date: events ending before it are rated from the ratings before, events ending on or
after it from the adjusted ones (as the ICU rating application rates them). A list whose
date is 1 March 2024 or later is taken as already adjusted; a list without a date as of its
first event's end.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from datetime import date
from typing import Any

from .. import icu
from .._columns import picker
from .._player_columns import field_values
from ..adjustments import RatingAdjustment
from ..errors import ArgumentError
from ..model import _shown_changes, outcome_columns
from ..systems import _ICU_READ, _icu_columns_of, icu_k_need, icu_player
from .model import Entry, Event, PlayerId, evolve
from .rate import Season, Seating, call_engine, engine_errors, engine_players
from .working import WorkingList


def _adjusted(rules: icu.IcuRules) -> Callable[[RatingAdjustment, Entry], Entry | None]:
    """An entry as the adjustment leaves it (``None``: unchanged). The ICU adjusted the ratings of
    its list, rated and provisional, after the floor of publication (ICU rating application,
    ``app/models/rating_list.rb``: ``rating = 400 if rating < 400`` and then the adjustment); the
    adjusted rating is the one later events are rated from, with the games it had. A foreign
    player's rating is not the ICU's and is left alone."""

    def adjust(adjustment: RatingAdjustment, entry: Entry) -> Entry | None:
        if entry.rating is None or icu_player(entry, 1, rules, checked=True).kind is icu.PlayerKind.FOREIGN:
            return None
        rating = adjustment.apply(rules.published(entry.rating, adjustment.date))
        return None if rating == entry.rating else evolve(entry, rating=rating)

    return adjust


_CHANGED = ("rating", "games")
"""What an event changes in an entry (:func:`fold_wave`): the working list keeps these as columns,
and the other fields the engine's players are built of (:data:`systems._ICU_READ`) too."""


def options(season: Season, rules: icu.IcuRules, event: Event, players: set[PlayerId]) -> Hashable | None:
    """What the engine rates ``event`` with, as it bears on the event's players (a wave's events
    have the same, :func:`.rate.waves`): the adjustments of the list the season has passed. The
    estimates of an event's unrated and provisional players iterate until none of them moves,
    and a bonus's second rating iterates them again: a wave gives the engine each player's event
    (``groups``), so that each event's converge, and are rated again, as if it were alone. K is
    decided at each event's start date: a wave of events that start on different days gives the
    engine each player's (``start_dates``)."""
    return sum(adjustment.date <= event.end_date for adjustment in rules.adjustments)


def rate_wave(season: Season, wave: Sequence[Event]) -> None:
    """Rate one event, or a wave of events alike (:func:`options`) as one, into the season's list."""
    rules = icu.get_rules(season.ratings.rules or None)
    seating = season.seat(*wave)
    working, event = season.working, wave[0]
    positions = working.positions(seating.ids)
    with engine_errors(event, seating.ids):
        players = _engine_players(working, seating.ids, positions, rules)
        try:
            outcome = call_engine(
                icu.rate_event,
                players,
                seating.games,
                explain=season.explain,
                start_date=event.start_date or event.end_date,
                rules=rules,
                event_name=event.name or event.id,
                **_groups(wave, seating, players),
                **_start_dates(wave, seating),
            )
        except ArgumentError:
            _without_k(players, event.start_date or event.end_date, rules)
            raise
    season.keep(event, outcome)
    season.said.took(wave, seating.ids, seating.ends, outcome)
    # (every outcome read before the first is folded)
    columns = outcome_columns(outcome, "pre_rating", "post_rating", "post_games", "change", "rated_games")
    fold_wave(season, wave, seating, positions, players, columns)


def fold_wave(season: Season, wave: Sequence[Event], seating: Seating, positions: Sequence[int],
              players: Sequence[icu.IcuPlayer], columns: Sequence[Sequence[Any]]) -> None:
    """Fold a wave's outcome into the season's list and write each player's history row under his
    own event: ``columns`` are the outcome's pre-event rating, post-event rating and games,
    change and rated games, by pairing number - 1, ``positions`` the players' in the working list.
    Each player's rating and games are the event's post-event values, written in the working list's
    columns (a foreign player's rating is not changed); his history row gives the rating he is
    listed with after the event."""
    working = season.working
    pres, posts, post_games, changes, rated_games = columns
    rating, games = working.column("rating"), working.column("games")
    kinds = field_values(players, "kind")
    if _all_written(kinds, posts):  # (the common case)
        for at, post, after in zip(positions, posts, post_games, strict=True):
            rating[at] = post
            games[at] = after
        working.mark_written(positions)
        listed = posts
    else:
        written = []
        for at, kind, post, after in zip(positions, kinds, posts, post_games, strict=True):
            if kind is not _FOREIGN and post is not None:
                rating[at] = post
                games[at] = after
                written.append(at)
        working.mark_written(written)
        listed = list(picker(positions)(rating))
    working.write_history(seating.ids, seating.per_player([one.id for one in wave]), "ICU", pres, listed,
                          _shown_changes(changes, posts, pres), rated_games, season.blocks(wave, seating))


_RATED, _FOREIGN = icu.PlayerKind.RATED, icu.PlayerKind.FOREIGN


def _all_written(kinds: list[icu.PlayerKind], posts: Sequence[float | None]) -> bool:
    """Whether :func:`fold_wave` writes every player's rating (every player rated, each with a
    post-event rating), so that it writes them all without a test per player."""
    return kinds.count(_RATED) == len(kinds) and None not in posts


def _engine_players(working: WorkingList, ids: Sequence[PlayerId], positions: Sequence[int],
                    rules: icu.IcuRules) -> Sequence[icu.IcuPlayer]:
    """The engine's players, the list's ``ids`` (at ``positions`` in the working list), as columns
    (:func:`systems._icu_columns_of`); if any player's data make no player of a kind, each one
    refused is named (:func:`engine_players`)."""
    try:
        return _icu_columns_of(working.values(_ICU_READ, ids, positions), rules)
    except ArgumentError:
        return engine_players(ids, lambda key, number: icu_player(working.entry(key), number, rules,
                                                                  checked=True))


def _without_k(players: Sequence[icu.IcuPlayer], start: date, rules: icu.IcuRules) -> None:
    """Raise, in the director's words, for each rated player whose K cannot be told at ``start``
    (the engine's refusal names the argument it lacked): he may have been provisional when the
    season began and crossed the provisional limit in an earlier event."""
    refused = []
    for player in players:
        if player.kind is icu.PlayerKind.RATED and player.k is None and player.rating is not None:
            need = icu_k_need(player.rating, player.birth_date, player.joined, start, rules, player.games)
            if need is not None:
                refused.append(f"Player {player.number}: {need}")
    if refused:
        raise ArgumentError("\n".join(refused))


_ITERATED = (icu.PlayerKind.UNRATED, icu.PlayerKind.PROVISIONAL)


def _groups(wave: Sequence[Event], seating: Seating, players: Sequence[icu.IcuPlayer]) -> dict[str, Any]:
    """The engine's ``groups`` for a wave of several events with unrated or provisional players
    (each player's event), so that each event's estimates converge as if it were alone; none
    where no estimate is iterated (the rated players' changes are each event's own anyway)."""
    if len(wave) == 1 or not any(kind in _ITERATED for kind in field_values(players, "kind")):
        return {}
    return {"groups": seating.per_player(range(len(wave)))}


def _start_dates(wave: Sequence[Event], seating: Seating) -> dict[str, Any]:
    """The engine's ``start_dates`` for a wave of events that start on different days (each
    player's event's, on which his K is decided), none otherwise."""
    starts = [event.start_date or event.end_date for event in wave]
    if len(set(starts)) == 1:
        return {}
    return {"start_dates": seating.per_player(starts)}


def rate_events(season: Season, events: Sequence[Event]) -> None:
    """Rate the season's events one after another, in waves (:func:`.rate.waves`); an adjustment
    of the list (the ICU's of 1 March 2024) is applied before the first event that ends on or
    after its date (never inside a wave: :func:`options`)."""
    rules = icu.get_rules(season.ratings.rules or None)
    adjust = _adjusted(rules)
    season.working.keep(*_CHANGED, read=[name for name in _ICU_READ if name not in _CHANGED])
    rate = functools.partial(rate_wave, season)
    for wave in season.waves(events, functools.partial(options, season, rules)):
        for event in wave:
            season.pass_to(event.end_date, rules.adjustments, adjust)
        season.attempt_wave(wave, rate)
