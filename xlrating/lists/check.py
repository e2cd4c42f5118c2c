"""Checks of a list and a season before anything is rated.

Every problem is collected with its place (``list entry 12345``, ``event spring-open``)
and reported at once as an :class:`~xlrating.errors.InputError`; nothing is rated when
one is found.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import fields
from typing import Any, TypeGuard

from .. import _check, systems
from ..errors import ArgumentError, InputError, Problem
from ..model import EventType
from .model import Entry, Event, PendingEvent, PlayerId, RatingList

#: What a crosstable accepts, so a list accepts no more: a K given by the rating officer (and
#: ratings per system, a FIDE or ICU rating from 1, a US Chess rating from 100: each
#: :attr:`~xlrating.systems.System.rating_range`).
K_RANGE = systems.K_RANGE

ENTRY_FIELDS = frozenset(f.name for f in fields(Entry)) - {"id"}
"""The keyword fields a new player's data may give."""

_HISTORY_WORDS = (None, "all wins", "all losses")


def _rating(value: Any) -> None:
    _check.rating("rating", value)


def _whole(value: Any) -> None:
    _check.whole("value", value)


def _is_date(value: Any) -> TypeGuard[dt.date]:
    """A date, not a datetime."""
    return isinstance(value, dt.date) and not isinstance(value, dt.datetime)


def _date(value: Any) -> None:
    if not _is_date(value):
        raise ArgumentError(f"must be a date, not {value!r}")


def _flag(value: Any) -> None:
    if type(value) is not bool:  # ("no" would be true)
        raise ArgumentError(f"must be True or False, not {value!r}")


def _k(value: Any) -> None:
    low, high = K_RANGE
    if not low <= _check.number("k", value) <= high:
        raise ArgumentError(f"k must be from {low:g} to {high:g}")


_FIELD_CHECKS: dict[str, Callable[[Any], None]] = {
    "rating": _rating,
    "games": _whole,
    "birth_date": _date,
    "joined": _date,
    "k": _k,
    "floor": _rating,
    "peak": _rating,
    "wins": _whole,
    "draws": _whole,
    "events": _whole,
    "fide": _rating,
    "cfc": _rating,
    "adult": _flag,
}
_MAY_BE_NONE = frozenset({"rating", "games", "birth_date", "joined", "k", "floor", "peak", "fide", "cfc"})


def _plain_rating(value: Any, low: float = 0.0) -> bool:
    """A rating from ``low`` to 4000 (or ``None``); never ``-0.0``, which a crosstable refuses."""
    return value is None or (type(value) in (int, float) and low <= value <= 4000
                             and bool(value or math.copysign(1.0, value) > 0))


def _plain_count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= _check.MAX_COUNT


def _plain_entry(entry: Any, low: float) -> bool:
    """The common case, checked fast: an entry every field of which is plainly valid
    (anything else goes through the full checks of :func:`entry_problems`); ``low``: the
    system's lowest rating."""
    return (
        type(entry) is Entry
        and type(entry.name) is str
        and entry.pending == ()  # (an empty list, False or "": told, not read as none)
        and type(entry.other_ratings) is dict  # its contents: checked by the engines, by name
        and type(entry.adult) is bool
        and entry.history is None
        and (entry.rating is not None or not entry.games)  # (else :func:`_unrated_games_problems`)
        and _plain_ratings(entry, low)
        and _plain_counts(entry)
        and _plain_dates(entry)
    )


def _plain_ratings(entry: Entry, low: float) -> bool:
    """The ratings and K of an entry, plainly valid (``low``: the system's lowest rating; a blank
    one is not handed to :func:`_plain_rating`, which would pass it: most lists leave them blank)."""
    return (
        _plain_rating(entry.rating, low)
        and (entry.k is None or (type(entry.k) in (int, float) and K_RANGE[0] <= entry.k <= K_RANGE[1]))
        and (entry.floor is None or _plain_rating(entry.floor, low))
        and (entry.peak is None or _plain_rating(entry.peak, low))
        and (entry.fide is None
             or (_plain_rating(entry.fide) and systems.FIDE.unpublished_problem(entry.fide) is None))
        and (entry.cfc is None or _plain_rating(entry.cfc))
    )


def _plain_counts(entry: Entry) -> bool:
    """The games, wins, draws and events of an entry, plainly whole numbers >= 0."""
    return ((entry.games is None or _plain_count(entry.games)) and _plain_count(entry.wins)
            and _plain_count(entry.draws) and _plain_count(entry.events))


def _plain_dates(entry: Entry) -> bool:
    """The birth and joining dates of an entry, plainly dates (or blank), joined no earlier than born."""
    born, joined = entry.birth_date, entry.joined
    return ((born is None or type(born) is dt.date) and (joined is None or type(joined) is dt.date)
            and (born is None or joined is None or joined >= born))


def entry_problems(entry: Any, system: str = "") -> list[str]:
    """What is wrong with one list entry, in words (empty: nothing); ``system`` gives the
    lowest rating a crosstable of that system accepts (else 0)."""
    low = _lowest(system)
    rated = _rating_problems(entry, system)
    if _plain_entry(entry, low) and not rated:
        return []
    if not isinstance(entry, Entry):
        return [f"must be an Entry, not {entry!r}"]
    problems = rated + _unrated_games_problems(entry, system)
    for name, check in _FIELD_CHECKS.items():
        value = getattr(entry, name)
        if value is None and name in _MAY_BE_NONE:
            continue
        try:
            check(value)
            if name in ("rating", "floor", "peak") and not _plain_rating(float(value), low):
                raise ArgumentError(name)  # below the system's lowest rating, or -0.0
        except ArgumentError:
            problems.append(f"{name} must be {_expected(name, low)}, not {value!r}")
    problems.extend(_fide_problems(entry.fide))
    if _is_date(entry.birth_date) and _is_date(entry.joined):
        joined = _check.joined_problem(entry.birth_date, entry.joined)
        if joined is not None:
            problems.append(joined)
    text: Any = entry.name  # the caller's object, whatever its annotations say
    others: Any = entry.other_ratings
    if not isinstance(text, str):
        problems.append(f"name must be text, not {text!r}")
    if not isinstance(others, Mapping):
        problems.append(f"other_ratings must be a mapping of rating system to (rating, games), not "
                        f"{others!r}")
    problems.extend(_pending_problems(entry.pending))
    if entry.history not in _HISTORY_WORDS:
        problems.append(f"history must be 'all wins', 'all losses' or empty, not {entry.history!r}")
    if entry.rating is None and entry.history is not None:
        problems.append("an unrated player has no all-wins or all-losses history")
    return problems


def _unrated_games_problems(entry: Entry, system: str) -> list[str]:
    """Games beside no rating, where ``system`` rates none (a crosstable's check: US Chess dropped
    them without a word, rating the player as unrated; the ICU's engine refused them in its own
    words). FIDE reads them as the games toward a first rating."""
    found = systems.keyed(system)
    games: Any = entry.games
    if found is None or found.unrated_games or entry.rating is not None or type(games) is not int \
            or games <= 0:
        return []
    return [f"games {games} is given, but rating is None (unrated): give the rating, or leave games None"]


def _fide_problems(fide: Any) -> list[str]:
    """A FIDE rating in range (the field's own check says what is out of it) but under the lowest a
    FIDE list has published: US Chess 2020, 2.7 would convert it to an initial rating (FIDE 600:
    -133 by the 2024 conversion)."""
    if type(fide) not in (int, float) or not fide >= 0:
        return []
    unpublished = systems.FIDE.unpublished_problem(fide)
    return [] if unpublished is None else [f"fide: {unpublished}; leave it None if the player has none"]


def _rating_problems(entry: Any, system: str) -> list[str]:
    """A rating with a fraction where ``system`` publishes whole ratings
    (:meth:`~xlrating.systems.System.fraction_problem`, a crosstable's check), or under the
    lowest rating its lists have published (:meth:`~xlrating.systems.System.unpublished_problem`,
    FIDE's 1000: its engine refuses it when the player plays, naming him by a number of its own;
    a season's Players sheet refuses it at its cell)."""
    found = systems.keyed(system)
    rating: Any = getattr(entry, "rating", None)
    if found is None or type(rating) not in (int, float) or not -_OVER_ANY <= rating <= _OVER_ANY:
        return []  # (NaN and infinities too; the rating's own check says what is wrong)
    problem = found.fraction_problem(rating, repr(rating))
    unpublished = found.unpublished_problem(rating)
    return ([] if problem is None else [f"Rating: {problem}"]) + (
        [] if unpublished is None else [f"Rating {unpublished}; leave the rating None for a new player "
                                        "(unrated)"])


_OVER_ANY = 1e300
"""A bound beyond every rating (an ``int`` too large for a float compared with it, not converted)."""


def _plain_lowest(system: systems.System | None) -> float:
    """The lowest rating of a plain entry of ``system``'s list (:func:`_plain_listed`): the lowest
    a crosstable accepts, or the lowest its lists have published if higher (FIDE's 1000; an entry
    under it goes through the full checks, which say so)."""
    if system is None:
        return 0.0
    return max(system.rating_range[0], system.lowest_rated or 0.0)


def _lowest(system: str) -> float:
    """The lowest rating a crosstable of ``system`` accepts (0 for no system)."""
    found = systems.keyed(system)
    return found.rating_range[0] if found is not None else 0.0


def _expected(name: str, low: float = 0.0) -> str:
    if name == "adult":
        return "True or False"
    if name in ("birth_date", "joined"):
        return "a date"
    if name == "k":
        return f"a number from {K_RANGE[0]:g} to {K_RANGE[1]:g}"
    if name in ("games", "wins", "draws", "events"):
        return "a whole number >= 0"
    if name in ("rating", "floor", "peak"):
        return f"a rating between {low:g} and 4000"
    return "a rating between 0 and 4000"


def _pending_problems(pending: Any) -> list[str]:
    """What is wrong with an entry's pending results (FIDE: an unrated player's earlier events)."""
    if not isinstance(pending, tuple):
        return [f"pending must be a tuple of PendingEvent, not {pending!r}"]
    problems = []
    for index, event in enumerate(pending):
        where = f"pending[{index}]"
        if not isinstance(event, PendingEvent):
            problems.append(f"{where} must be a PendingEvent, not {event!r}")
            continue
        if not _is_date(event.end_date):
            problems.append(f"{where}: end_date must be a date, not {event.end_date!r}")
        opponents: Any = event.opponents
        results: Any = event.results
        if not (isinstance(opponents, tuple) and isinstance(results, tuple)
                and len(opponents) == len(results)):
            problems.append(f"{where}: opponents and results must be tuples of one item per game, not "
                            f"{opponents!r} and {results!r}")
            continue
        for game, (opponent, score) in enumerate(zip(opponents, results, strict=True), start=1):
            if opponent is not None and not _plain_rating(opponent, 1.0):
                problems.append(f"{where}: game {game}: the opponent's rating must be from 1 to 4000 or "
                                f"None (unrated), not {opponent!r}")
            if type(score) not in (int, float) or score not in _SCORES:
                problems.append(f"{where}: game {game}: the score must be 1, 0.5 or 0, not {score!r}")
        first: Any = event.first
        if not isinstance(first, bool):
            problems.append(f"{where}: first must be True or False, not {first!r}")
        if event.ru is not None and not _plain_rating(event.ru, 0.0):
            problems.append(f"{where}: ru must be a rating or None, not {event.ru!r}")
        if type(event.ru_games) is not int or event.ru_games < 0:
            problems.append(f"{where}: ru_games must be a whole number >= 0, not {event.ru_games!r}")
    return problems


def check_list(ratings: RatingList) -> list[Problem]:
    """Every problem of the list itself."""
    if not isinstance(ratings, RatingList):
        raise _check.fail("ratings", "a RatingList", ratings)
    problems: list[Problem] = []
    entries: Any = ratings.entries
    if not isinstance(entries, Mapping):
        problems.append(Problem("list", f"entries must be a mapping of ID to Entry, not {entries!r}"))
        return problems
    keys = [system.key for system in systems.SYSTEMS]
    if ratings.system not in keys:
        problems.append(
            Problem("list", f"system must be one of {', '.join(keys)}, not {ratings.system!r}")
        )
    if ratings.date is not None and not _is_date(ratings.date):
        problems.append(Problem("list", f"date must be a date, not {ratings.date!r}"))
    rules: Any = ratings.rules  # the caller's object, whatever its annotation says
    if rules is not None and not isinstance(rules, str):  # ([] or False would be read as blank)
        problems.append(Problem("list", f"rules must be text (a rule edition; blank or None: the "
                                        f"system's default), not {rules!r}"))
    system = systems.keyed(ratings.system)
    problems.extend(Problem("list", message) for message in _list_rating_system_problems(ratings, system))
    own = _own_rating_system(ratings, system)
    low, named, whole = _plain_terms(system, own)
    for key, entry in ratings.entries.items():
        if _plain_listed(key, entry, low, named, whole):
            continue  # the common case, nothing to say
        where = f"list entry {key}"
        problems.extend(Problem(where, message) for message in _entry_problems(key, entry, system, own))
    return problems


def _own_rating_system(ratings: RatingList, system: systems.System | None) -> str | None:
    """The list's rating system by the registry's name (US Chess: ``Regular``, ``Quick``...; None for a
    system with one, or a name that is none)."""
    if system is None or not system.rating_systems:
        return None
    return system.rating_system(ratings.rating_system)


def _plain_terms(system: systems.System | None, own: str | None
                 ) -> tuple[float, frozenset[str], systems.System | None]:
    """What :func:`_plain_listed` reads of the list's ``system`` and ``own`` rating system: the
    lowest rating of a plain entry, the names of the rating systems its other ratings may give,
    and the system if it publishes whole ratings."""
    whole = system if system is not None and system.whole_ratings else None
    return _plain_lowest(system), _names_of(system) - {own}, whole


def _plain_listed(key: Any, entry: Any, low: float, named: frozenset[str], whole: systems.System | None
                  ) -> bool:
    """The common case of :func:`check_list`, checked fast: a plain entry under its own ID, naming
    rating systems the list's system has other than the list's own (``named``; empty: any), its
    rating whole where the system publishes whole ratings (``whole``: the system, else None)."""
    return (_plain_entry(entry, low) and entry.id == key
            and (not entry.other_ratings or not named or named.issuperset(entry.other_ratings))
            and (whole is None or whole.fraction_problem(entry.rating, "") is None))


_ONE_RATING_SYSTEM = next(f.default for f in fields(RatingList) if f.name == "rating_system")
"""A list's rating system by default (Regular), the one a system with one rating system rates."""


def _list_rating_system_problems(ratings: RatingList, system: systems.System | None) -> list[str]:
    """The list's rating system: one of the system's (any name the registry knows), and for a
    system with one rating system (FIDE, ICU) the default, as a crosstable of it has
    (``Blitz`` would be ignored, the events rated as standard play)."""
    if system is None:
        return []
    if system.rating_systems:
        if system.rating_system(ratings.rating_system) is None:
            return [f"rating_system must be one of {_listed_names(system)}, not {ratings.rating_system!r}"]
    elif not _the_one_rating_system(ratings.rating_system):
        return [f"rating_system: a {system.short_name} list has one rating system; leave it at "
                f"{_ONE_RATING_SYSTEM!r}, not {ratings.rating_system!r}"]
    return []


def _the_one_rating_system(name: Any) -> bool:
    """``name`` names the rating system of a system with one (:data:`_ONE_RATING_SYSTEM`)."""
    found = systems.any_rating_system(name)
    return found is not None and found == systems.any_rating_system(_ONE_RATING_SYSTEM)


def _entry_problems(key: Any, entry: Any, system: systems.System | None, own: str | None) -> list[str]:
    """What is wrong with the list's entry under ``key`` (:func:`entry_problems`, and that it is
    under its own ID and names rating systems the system has, other than the list's ``own``)."""
    problems = [f"the entry's id is {entry.id!r}"] if isinstance(entry, Entry) and entry.id != key else []
    problems += entry_problems(entry, system.key if system is not None else "")
    if system is not None and system.rating_systems and isinstance(entry, Entry) and isinstance(
            entry.other_ratings, Mapping):
        problems += _other_ratings_problems(entry, system, own)
    return problems


def _names_of(system: systems.System | None) -> frozenset[str]:
    """The names of ``system``'s rating systems as the registry gives them (US Chess: ``Regular``,
    ``Quick``...; empty for a system with one)."""
    return frozenset(one.name for one in system.rating_systems) if system is not None else frozenset()


def _listed_names(system: systems.System) -> str:
    """``system``'s rating systems' names, in the registry's order, for a message."""
    return ", ".join(one.name for one in system.rating_systems)


def _other_ratings_problems(entry: Entry, system: Any, own: str | None) -> list[str]:
    """What is wrong with the names in an entry's ``other_ratings``: each must name one of the
    system's rating systems (any name the registry knows: ``quick``, ``Quick rating``, ``QC``)
    other than the list's ``own`` (whose rating is the entry's), and no two the same one (which
    rating would count?)."""
    problems: list[str] = []
    seen: dict[str, Any] = {}
    for name in entry.other_ratings:
        found = system.rating_system(name)
        if found is None:
            problems.append(f"other_ratings: {name!r} names no rating system "
                            f"(one of {_listed_names(system)})")
        elif found == own:
            problems.append(f"other_ratings: {name!r} names the list's own rating system, {own}: its "
                            f"rating and games are the entry's rating and games")
        elif found in seen:
            problems.append(f"other_ratings: {seen[found]!r} and {name!r} both name the {found} rating")
        else:
            seen[found] = name
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
            problems.append(_unknown_player(where, player, known))
    if a == b:
        problems.append(f"{where}: player {a!r} cannot play himself")
    return problems


def _unknown_player(where: str, player: Any, known: Callable[[Any], bool]) -> str:
    """A game's player that is nobody; if his ID as text is someone's as a number (or the other
    way round: a list read from CSV, games from JSON), that is said too."""
    message = f"{where}: player {player!r} is neither on the list nor given as a new player of this event " \
              "or an earlier one"
    digits = isinstance(player, str) and player.isascii() and player.isdigit()
    other = str(player) if isinstance(player, int) else int(player) if digits else None
    if other is not None and known(other):
        message += f" (but {other!r} is: give each ID as the list does, text or a number)"
    return message


def _event_problems(event: Event, ratings: RatingList, known: set[PlayerId],
                    playing: dict[str, set[PlayerId]], plain: bool = False) -> list[str]:
    """What is wrong with one event: its dates and type, its new players (``known``, the IDs
    on the list or new in an earlier event, takes them on) and its games (``playing`` takes on
    the IDs of those who play in it, where its games are plain). ``plain``: its dates, type,
    flags and rating system, its new players' mapping and its games' sequence are plainly valid
    (:func:`_plain_event`), and only its new players and games are checked."""
    if plain:
        problems = _new_player_problems(event, ratings, known) if event.players else []
        known.update(event.players)
        problems.extend(_games_problems(event, known, playing))
        return problems
    problems = _date_problems(event, ratings)
    try:
        EventType.parse(event.event_type)
    except ArgumentError as error:
        problems.append(str(error))
    dual: Any = event.dual_rated  # the caller's objects, whatever the annotations say
    name: Any = event.name
    if type(dual) is not bool:  # ("no" would be true)
        problems.append(f"dual_rated must be True or False, not {dual!r}")
    if not isinstance(name, str):
        problems.append(f"name must be text, not {name!r}")
    problems.extend(_rating_system_problems(event, ratings))
    players: Any = event.players
    if not isinstance(players, Mapping):
        problems.append(f"players must be a mapping of each new player's ID to his data, not {players!r}")
        return problems
    problems.extend(_new_player_problems(event, ratings, known))
    known.update(event.players)
    games: Any = event.games
    if not isinstance(games, Sequence) or isinstance(games, (str, bytes)):
        problems.append(f"games must be a sequence of (round, id_a, id_b, score), not {games!r}")
        return problems
    problems.extend(_games_problems(event, known, playing))
    return problems


_EVENT_TYPES = frozenset(kind.value for kind in EventType)
_GAME_SEQUENCES = frozenset({list, tuple})


def _plain_event(event: Event, since: dt.date | None) -> bool:
    """The common case of an event, checked fast (:func:`_event_problems` checks its new players
    and games): it ends on a date, on or after ``since`` (the list's date, if it is a date), and
    starts on a date not after it or is given no start; its type is spelled as
    :class:`~xlrating.model.EventType` spells it, it is not dual-rated, its name is text; it gives
    no rating system and no bonus multiplier (the list's, as every system takes them); its new
    players are a dict and its games a list or a tuple."""
    end, start, kind = event.end_date, event.start_date, event.event_type
    return (
        type(end) is dt.date and (since is None or end >= since)
        and (start is None or (type(start) is dt.date and start <= end))
        and type(kind) is str and kind in _EVENT_TYPES
        and event.dual_rated is False and type(event.name) is str
        and event.rating_system is None and event.bonus_multiplier is None
        and type(event.players) is dict and type(event.games) in _GAME_SEQUENCES
    )


def _rating_system_problems(event: Event, ratings: RatingList) -> list[str]:
    """An event's rating system (any name the registry knows; blank: the list's) and, if it is
    dual-rated, that it is one a dual-rated event is rated in (US Chess: Regular or Quick)."""
    system = systems.keyed(ratings.system)
    if system is None:
        return []
    if not system.rating_systems:
        return _one_system_problems(event, system)
    given = event.rating_system
    rated = system.rating_system(given if given is not None else ratings.rating_system)
    if given is not None and rated is None:
        return [f"rating_system must be one of {_listed_names(system)}, not {given!r}"]
    if event.dual_rated and rated is not None and system.dual_partner(rated) is None:
        pair = " and ".join(system.dual_pair)
        return [f"dual_rated: only {pair} events are dual-rated, not {rated} events"]
    return []


def _one_system_problems(event: Event, system: systems.System) -> list[str]:
    """An event of a system with one rating system (FIDE, ICU) gives no other rating system, is
    not dual-rated and has no bonus multiplier: as its crosstable refuses them, a list does not
    ignore them (``dual_rated=True`` rated once, ``rating_system="Blitz"`` as standard play)."""
    problems = []
    given = event.rating_system
    if given is not None and not _the_one_rating_system(given):
        problems.append(f"rating_system: {system.short_name} events have one rating system; leave it "
                        f"None, not {given!r}")
    if event.dual_rated is True and not system.dual_rated:
        problems.append(f"dual_rated: {system.short_name} events are not dual-rated")
    if event.bonus_multiplier is not None and not system.bonus_multiplier:
        problems.append(f"bonus_multiplier: {system.short_name} events have no bonus; leave it None, "
                        f"not {event.bonus_multiplier!r}")
    return problems


def _date_problems(event: Event, ratings: RatingList) -> list[str]:
    """An event's end date (a date, not before the list's) and start date (blank, or a date
    not after its end)."""
    problems = []
    if not _is_date(event.end_date):
        problems.append(f"end date must be a date, not {event.end_date!r}")
    elif _is_date(ratings.date) and event.end_date < ratings.date:
        problems.append(
            f"ends {event.end_date.isoformat()}, before the list's date {ratings.date.isoformat()}"
        )
    if event.start_date is None:
        return problems
    if not _is_date(event.start_date):
        problems.append(f"start date must be a date, not {event.start_date!r}")
    elif _is_date(event.end_date) and event.start_date > event.end_date:
        problems.append(
            f"starts {event.start_date.isoformat()}, after its end {event.end_date.isoformat()}"
        )
    return problems


def _new_player_problems(event: Event, ratings: RatingList, known: set[PlayerId]) -> list[str]:
    """What is wrong with an event's new players: one already ``known``, data that is not a
    mapping of :class:`Entry` fields, or a field's value."""
    problems = []
    system = systems.keyed(ratings.system) if event.players else None
    own = _own_rating_system(ratings, system)
    low, named, whole = _plain_terms(system, own)
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
        entry = Entry(key, **data)
        if _plain_listed(key, entry, low, named, whole):
            continue  # the common case, nothing to say (as of a list's entry)
        found = _entry_problems(key, entry, system, own)
        problems.extend(f"new player {key!r}: {m}" for m in found)
    return problems


def _games_problems(event: Event, known: set[PlayerId], players: dict[str, set[PlayerId]]) -> list[str]:
    """What is wrong with an event's games, each game given once: nothing when they are plain
    as a whole (:func:`_plain_games`, the common case: ``players`` takes on the IDs of those who
    play in it), else what :func:`_each_game_problems` finds."""
    found = _plain_games(event.games, known)
    if found is not None:
        if isinstance(event.id, str):  # (any other ID is a problem of its own)
            players[event.id] = found
        return []
    return _each_game_problems(event, known)


def _each_game_problems(event: Event, known: set[PlayerId]) -> list[str]:
    """What is wrong with an event's games, game by game, each game given once."""
    # A game given twice (the same two players in the same round) would be rated twice, where
    # a crosstable holds it once. (Players may meet in one round more than once only as games
    # of a table without rounds, all given round 1.)
    problems = []
    met: dict[tuple[Any, Any, Any], int] = {}  # each game by (round, a, b) as first given
    for index, game in enumerate(event.games):
        if not _plain_game(game, known):
            found = _game_problems(event, index, game, known.__contains__)
            if found:
                problems.extend(found)
                continue
        rnd, a, b, _ = game
        first = met.get((rnd, b, a))
        if first is None:
            first = met.setdefault((rnd, a, b), index)
        if first != index:
            problems.append(f"game {index + 1}: players {a!r} and {b!r} already meet in round {rnd} (game "
                            f"{first + 1}): a game is given once")
    return problems


_SCORES = frozenset({0.0, 0.5, 1.0})
_NUMBERS = frozenset({float, int})
_IDS = frozenset({int, str})


def _plain_game(game: Any, known: set[PlayerId]) -> bool:
    """The common case, checked fast: a tuple of a round >= 1, two known different IDs and
    a numeric score of 1, 0.5 or 0 (anything else goes through :func:`_game_problems`)."""
    if game.__class__ is not tuple or len(game) != 4:
        return False
    rnd, a, b, score = game
    return (
        rnd.__class__ is int
        and 1 <= rnd <= _check.MAX_COUNT
        and score.__class__ in _NUMBERS
        and score in _SCORES
        and a.__class__ in _IDS
        and b.__class__ in _IDS
        and a != b
        and a in known
        and b in known
    )


_TUPLE = frozenset({tuple})
_INT = frozenset({int})


def _plain_games(games: Sequence[Any], known: set[PlayerId]) -> set[PlayerId] | None:
    """The common case of a whole event, checked at once by operations over all its games:
    every game plain (:func:`_plain_game`) and none given twice, in either order, in its round
    (anything else is walked game by game by :func:`_each_game_problems`, which finds the same).
    Gives the IDs of the players, or None if the games are not plain (or there are none)."""
    if {*map(type, games)} != _TUPLE:
        return None  # no games, or one that is not a tuple
    try:
        rounds, firsts, seconds, scores = zip(*games, strict=True)
    except ValueError:  # (games of different lengths, or not of four)
        return None
    if not (
        {*map(type, rounds)} == _INT
        and min(rounds) >= 1
        and max(rounds) <= _check.MAX_COUNT
        and _NUMBERS.issuperset(map(type, scores))
        and _SCORES.issuperset(scores)
        and _IDS.issuperset(map(type, firsts))
        and _IDS.issuperset(map(type, seconds))
    ):
        return None
    players = {*firsts, *seconds}  # (ints and texts: none equal)
    return players if known.issuperset(players) and _once(rounds, firsts, seconds) else None


def _once(rounds: Sequence[Any], firsts: Sequence[Any], seconds: Sequence[Any]) -> bool:
    """Each game given once: no two the same in a round, in either order, and no player
    meeting himself (his game is the same in both orders). Where each player plays once a round
    (nearly every event: only a table without rounds gives every game round 1), no game can be
    given twice, and that is found first, with pairs, not the games themselves."""
    if len({*zip(rounds, firsts, strict=True), *zip(rounds, seconds, strict=True)}) == 2 * len(rounds):
        return True
    given = {*zip(rounds, firsts, seconds, strict=True)}
    return len(given) == len(rounds) and given.isdisjoint(zip(rounds, seconds, firsts, strict=True))


def check_season(ratings: RatingList, events: Iterable[Any],
                 players: dict[str, set[PlayerId]] | None = None) -> list[Event]:
    """The events in rating order (end date, ties in the order given), after checking the
    list and every event; raises :class:`InputError` with every problem found. ``players``, if
    given, takes on each event's players' IDs (by event ID) where the check found them (where
    its games are plain, as nearly always)."""
    problems = check_list(ratings)
    if isinstance(events, (str, bytes, Mapping)) or not isinstance(events, Iterable):
        raise _check.fail("events", "a sequence of Event", events)
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
        else:
            seen.add(event.id)
        valid.append(event)
    dated = [e for e in valid if _is_date(e.end_date)]  # a datetime is a problem, never sorted among dates
    undated = [e for e in valid if not _is_date(e.end_date)]
    ordered = sorted(dated, key=lambda e: e.end_date)
    known: set[PlayerId] = set(ratings.entries) if isinstance(ratings.entries, Mapping) else set()
    found = players if players is not None else {}
    since = ratings.date if _is_date(ratings.date) else None
    for event in [*ordered, *undated]:
        said = _event_problems(event, ratings, known, found, _plain_event(event, since))
        if said:
            problems.extend(Problem(f"event {event.id}", message) for message in said)
    if problems:
        raise InputError(problems, title="The rating list or the season has problems; nothing was rated")
    return ordered
