"""US Chess lists: events rated one after another from the list's current ratings.

- Events in order of end date (ties: the order given); each event's pre-event ratings
  are the list's current ratings, and B is the one in force on the event's end date
  (or the event's own ``bonus_multiplier``).
- After an event, each player's rating and N are the event's post-event values; the
  lifetime wins, draws and events (three or more rated games) that the personal
  absolute floor counts grow by the event's (US Chess 2020, 5); the peak is the highest
  rating the player has held while established (more than 25 games; US Chess 2020, 5);
  an all-wins or all-losses history (US Chess 2020, 4.1) lasts while every game is one.
- A player's entry, once the season has changed it, is the season's own copy (:data:`_Working`),
  changed in place by each later event and given back as an :class:`Entry` when the events are
  rated; the caller's entries are never changed.
- A list is for one rating system (``Regular`` or ``Quick``); the players' ratings in the
  other systems are ``(rating, games)`` in ``other_ratings``. A dual-rated event is rated
  twice, once per system, each from that system's ratings, and updates both.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from .. import systems, uscf
from .._columns import looked_up
from ..errors import EventError, XlratingError
from ..model import EventType, GameColumns, _filling, _open_slots, _slot_scope, outcome_columns
from ..uscf.bonus import choose_bonus_multiplier
from ..uscf.match import match_problem
from .model import Entry, Event, PlayerId, evolve
from .rate import Season, Seating, call_engine, engine_errors, engine_players

_REGISTRY = systems.get("USCF")


def _named(name: str) -> str:
    """A rating system's name as the registry gives it (``quick``, ``Quick rating``: ``Quick``),
    for a name the season's checks have vouched for."""
    found = _REGISTRY.rating_system(name)
    assert found is not None, name
    return found


def _rated_in(season: Season, event: Event) -> list[str]:
    """The rating systems ``event`` is rated in, by the registry's names: its own (else the
    list's), and for a dual-rated event the other of the pair, each from its own ratings."""
    system = _named(event.rating_system or season.ratings.rating_system)
    partner = _REGISTRY.dual_partner(system) if event.dual_rated else None
    return [system] if partner is None else [system, partner]


def _by_registry_names(season: Season) -> None:
    """Every entry whose ``other_ratings`` names a rating system otherwise than the registry
    (``quick`` for ``Quick``) holds it under the registry's name in the season's list, so that
    each rating is found, and updated, under one name."""
    entries, names = season.entries, _REGISTRY.rating_systems
    known = {one.name for one in names}
    for key, entry in entries.items():
        others = entry.other_ratings
        if others and not known.issuperset(others):
            entries[key] = evolve(entry, other_ratings={_named(name): held for name, held in others.items()})


def _seated(system: str, own: str, entry: Entry, number: int) -> uscf.UscfPlayer:
    """The engine's player ``number``, of the list's ``entry``, in ``system`` (``own``: the list's system)."""
    return systems.uscf_player(entry, number, entry.other_ratings, system, own, checked=True)


def _engine_players(listed: Sequence[Entry], system: str, own: str) -> Sequence[uscf.UscfPlayer]:
    """The engine's players, of the list's entries ``listed`` in ``system``: in the list's own system
    as columns (:func:`systems._uscf_columns`), each player with ratings in other systems built as a
    record, which the engine's checks of those ratings may refuse; in another, records."""
    seated = functools.partial(_seated, system, own)
    if system != own:
        return engine_players(listed, seated)
    apart = [at for at, entry in enumerate(listed) if entry.other_ratings]
    made = engine_players([listed[at] for at in apart], seated, [at + 1 for at in apart]) if apart else []
    return systems._uscf_columns(listed, dict(zip(apart, made, strict=True)))


def _peak(entry: Entry, post: float | None, games: int | None, established: int) -> float | None:
    """The peak after the event: the highest rating the player has held while established (more
    than ``established`` games, or a count not given; US Chess 2020, 1 and 5), the rating before
    the event and the one after (``post`` after ``games`` games) included."""
    peak, rating = entry.peak, entry.rating
    if rating is not None and (entry.games is None or entry.games > established) and (
            peak is None or rating > peak):
        peak = rating
    if post is not None and (games is None or games > established) and (peak is None or post > peak):
        peak = post
    return peak


def _history(entry: Entry, wins: int, draws: int, losses: int) -> str | None:
    """The all-wins or all-losses history after an event."""
    if draws or (wins and losses):
        return None
    before = entry.history if entry.rating is not None else ("all wins" if wins else "all losses")
    if wins and before == "all wins":
        return "all wins"
    if losses and before == "all losses":
        return "all losses"
    return None


def _fold_own(ids: Sequence[PlayerId], olds: Sequence[Entry], posts: Sequence[float | None],
              games: Sequence[int | None], tally: tuple[list[int], list[int], list[int]],
              rules: uscf.UscfRules) -> list[tuple[PlayerId, Entry]]:
    """Fold an event in the list's own system into the entries ``olds`` of the players ``ids``,
    whose outcome gave each the post-event rating in ``posts`` after the games in ``games``, with
    his wins, draws and losses (``tally``): the rating, the games, the peak and the lifetime wins,
    draws and events (three or more rated games) that the personal absolute floor counts (US Chess
    2020, 5), the all-wins or all-losses history (4.1). The season's own copies (:data:`_Working`)
    are changed in place; of every other entry a copy is made, and given with its player's ID to
    be stored."""
    established, counted = rules.established_games, rules.floor_event_games
    copies = []
    for key, old, post, after, won, drawn, lost in zip(ids, olds, posts, games, *tally, strict=True):
        peak = _peak(old, post, after, established)
        events = old.events + 1 if won + drawn + lost >= counted else old.events
        history = None if post is None else _history(old, won, drawn, lost)
        if old.__class__ is _Working:
            mine: Any = old  # (a working copy: not frozen)
            mine.rating = post
            mine.games = after
            mine.peak = peak
            mine.wins += won
            mine.draws += drawn
            mine.events = events
            mine.history = history
        else:
            copy = _copy(old, post, after, peak, old.wins + won, old.draws + drawn, events, history)
            copies.append((key, copy))
    return copies


def _folded_other(olds: Sequence[Entry], system: str, posts: Sequence[float | None],
                  games: Sequence[int | None]) -> list[Entry]:
    """The entries after the event in another rating ``system`` than the list's: its rating and
    games (``posts``, ``games``) in ``other_ratings``."""
    return [old if post is None else evolve(old, other_ratings={**old.other_ratings, system: (post, after)})
            for old, post, after in zip(olds, posts, games, strict=True)]


_Working: type = _open_slots(Entry)
"""A player's entry while the season changes it: the slots of :class:`Entry` without its frozen
``__setattr__``, so that each later event's fold writes the fields it changes in place
(:func:`_fold_own`) rather than making a new entry (a year: 250,000 folds, 92,000 players). Made
of an entry the season has not changed yet (the caller's, or a new player's as his event gives
it), which is never changed; given back as an :class:`Entry` (its class set back: same slots)
when the season's events are rated (:func:`rate_events`)."""

_CHANGED = ("rating", "games", "peak", "wins", "draws", "events", "history")


def _copier() -> Any:
    """``copy(old, *values)``: a :data:`_Working` copy of ``old`` with :data:`_CHANGED` given, in
    that order, filled slot by slot as :func:`~.model.evolver` fills an entry."""
    slots, scope = _slot_scope(Entry, "copied")
    scope.update(_cls=_Working, _open=_Working)
    return _filling(scope, "copy", ", ".join(("old", *_CHANGED)),
                    [name if name in _CHANGED else f"old.{name}" for name in slots])


_copy = _copier()


def _as_entries(entries: dict[PlayerId, Entry]) -> None:
    """Give every working copy among ``entries`` back as an :class:`Entry` (:data:`_Working`)."""
    for entry in entries.values():
        if entry.__class__ is _Working:
            mine: Any = entry
            mine.__class__ = Entry


def options(season: Season, rules: uscf.UscfRules, event: Event, players: set[PlayerId]) -> Hashable | None:
    """What the engine rates ``event`` with, as it bears on the event's players (a wave's events
    have the same, :func:`.rate.waves`): the rating systems rated and the bonus multiplier B in
    force (given, or by the end date). The end date decides nothing else but an unrated
    player's initial rating (his age, the FIDE conversion in force), which the engine takes
    from each player's own event (``end_dates``). A match is rated alone (its own checks and
    restrictions are on its two players)."""
    rated = _rated_in(season, event)
    system = rated[0]
    try:
        if EventType.parse(event.event_type) is EventType.MATCH:
            return None
        multiplier = choose_bonus_multiplier(rules, event.bonus_multiplier, event.end_date)[0]
    except XlratingError:  # (rated alone, it says so)
        return None
    return system, bool(event.dual_rated), multiplier


def rate_wave(season: Season, wave: Sequence[Event]) -> None:
    """Rate one event (in both systems if dual-rated), or a wave of events alike (:func:`options`)
    as one, into the season's list."""
    ratings = season.ratings
    rules = uscf.get_rules(ratings.rules or None)
    own = _named(ratings.rating_system)
    seating: Seating = season.seat(*wave)
    event = wave[0]
    rated_systems = _rated_in(season, event)
    entries = season.entries
    ids = seating.ids
    listed = looked_up(entries, ids)  # (the entries before the wave, read once)
    dated = _end_dates(wave, seating)  # (the same for every system rated)
    outcomes = []
    for rated in rated_systems:  # every system from the ratings before the event
        with engine_errors(event, ids):
            players = _engine_players(listed, rated, own)
            try:
                outcome = call_engine(
                    uscf.rate_event,
                    players,
                    seating.games,
                    explain=season.explain,
                    rating_system=rated,
                    dual_rated=event.dual_rated,
                    event_type=event.event_type,
                    end_date=event.end_date,
                    bonus_multiplier=event.bonus_multiplier,
                    rules=rules,
                    **dated,
                )
            except EventError:  # (what names the engine's numbers, said again by ID)
                _check_one_game_per_round(seating.games)
                _check_match(event, ids, players, rules, "" if rated == rated_systems[0] else f"{rated}: ")
                raise
        season.keep(event, outcome)
        outcomes.append((rated, outcome))
    fields = ("pre_rating", "post_rating", "post_games", "change", "rated_games")
    read = [(rated, outcome_columns(outcome, *fields))  # (every outcome read before the first is folded)
            for rated, outcome in outcomes]
    season.said.took(wave, ids, seating.ends, outcomes[0][1], dict(zip(fields, read[0][1], strict=True)))
    fold_wave(season, wave, seating, listed, read, own, rules)


def _check_match(event: Event, ids: Sequence[PlayerId], players: Sequence[uscf.UscfPlayer],
                 rules: uscf.UscfRules, label: str) -> None:
    """Why ``event``, a match (rated alone), cannot be rated (``label``: the rating system of a
    dual-rated event's second run), its players named by their IDs, as a crosstable's check names
    them by name: asked when the engine has refused the event, whose own refusal names them by its
    numbers, which are no one's ID."""
    if EventType.parse(event.event_type) is not EventType.MATCH:
        return
    problem = match_problem(rules, [(player.rating, player.games) for player in players],
                            [f"player {key!r}" for key in ids])
    if problem is not None:
        raise EventError(f"{label}this match cannot be rated under {rules.name}: {problem}")


def _check_one_game_per_round(games: GameColumns) -> None:
    """Each player with two games in one round, one ``Player n: ...`` line each, so the season
    names him by ID (:func:`~.rate.engine_errors`): the engine, which refuses them, names its
    seat numbers, which are no one's ID. (The season's checks let a table without rounds give
    every game round 1; the US Chess engine rates one game per round.)"""
    counts = Counter(zip(games.players, games.rounds, strict=True))
    counts.update(zip(games.opponents, games.rounds, strict=True))
    twice = sorted(key for key, count in counts.items() if count > 1)
    if twice:
        raise EventError("\n".join(f"Player {number}: has {counts[number, rnd]} games in round {rnd}; a "
                                    f"player can play one game per round" for number, rnd in twice))


def fold_wave(season: Season, wave: Sequence[Event], seating: Seating, listed: Sequence[Entry],
              read: Sequence[tuple[str, Sequence[Sequence[Any]]]], own: str, rules: uscf.UscfRules) -> None:
    """Fold a wave's outcomes into the season's list and write each player's history row under
    his own event: ``listed`` holds the players' entries before the wave, ``read``, for each system
    rated in order, its name and the outcome's pre-event rating, post-event rating and games,
    change and rated games, by pairing number - 1."""
    entries, ids = season.entries, seating.ids
    tally = seating.tally()
    names = seating.per_player([one.id for one in wave])
    blocks = season.blocks(wave, seating)
    olds = listed
    for index, (rated, (pres, posts, games, changes, rated_games)) in enumerate(read):
        season.working.write_history(ids, names, rated, pres, posts, changes, rated_games, blocks)
        if index:  # (a dual-rated event's second system: the entries as its first left them)
            olds = looked_up(entries, ids)
        if rated == own:
            entries.update(_fold_own(ids, olds, posts, games, tally, rules))
        else:
            entries.update(zip(ids, _folded_other(olds, rated, posts, games), strict=True))


def _end_dates(wave: Sequence[Event], seating: Seating) -> dict[str, Any]:
    """The engine's ``end_dates`` for a wave of events that end on different days (each player's
    event's, for his initial rating), none otherwise."""
    ends = [event.end_date for event in wave]
    if len(set(ends)) == 1:
        return {}
    return {"end_dates": seating.per_player(ends)}


def rate_events(season: Season, events: Sequence[Event]) -> None:
    """Rate the season's events one after another, in waves (:func:`.rate.waves`); every entry
    the season changed is an :class:`Entry` again when they are rated (:data:`_Working`)."""
    rules = uscf.get_rules(season.ratings.rules or None)
    _by_registry_names(season)
    rate = functools.partial(rate_wave, season)
    try:
        for wave in season.waves(events, functools.partial(options, season, rules)):
            season.attempt_wave(wave, rate)
    finally:
        _as_entries(season.entries)
