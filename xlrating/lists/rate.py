"""Rating a season: a list and a sequence of events, rated in order.

:func:`rate_season` checks the list and every event first (all problems at once),
orders the events by end date (ties keep the order given), and hands them to the
system's adapter (:mod:`.uscf`, :mod:`.fide`, :mod:`.icu`), which turns list entries
into the engine's players, rates each event through :func:`call_engine` and folds the
outcomes back into the list. The caller's list is never changed: its mapping is copied
once per season and only the entries of players who played are replaced.

Without explanations, the adapters rate events that share no player and that the engine rates
alike as one engine call (a *wave*, :func:`waves`, each event in the first wave after its players'
earlier events that has room for it; FIDE's within a rating period): rating them together gives
every player the very outcome rating each alone gives, and one call costs a small event's fixed
cost once. The season gives what it rated in the events' order all the same.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from itertools import islice, repeat
from operator import itemgetter
from typing import Any, Protocol, TypeVar

from .. import _check, systems
from .._columns import looked_up
from .._gc import collector_paused
from ..adjustments import RatingAdjustment
from ..errors import ENGINE_ERRORS, ArgumentError, InputError, Problem
from ..model import EventOutcome, EventType, Game, GameColumns
from .check import check_season
from .model import Entry, Event, PlayerId, RatingList, SeasonResult
from .said import Said
from .working import WorkingList

T = TypeVar("T")
K = TypeVar("K")

_SEAT = re.compile(r"Player (\d+):? ?(.*)", re.DOTALL)


class _EngineErrors:
    """The context of :func:`engine_errors` (a class: cheaper to enter than a generator's)."""

    __slots__ = ("event", "ids")

    def __init__(self, event: Event, ids: Sequence[PlayerId]) -> None:
        self.event, self.ids = event, ids

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: Any) -> None:
        if error is not None and isinstance(error, ENGINE_ERRORS):
            raise _placed(self.event, self.ids, error) from None


def engine_errors(event: Event, ids: Sequence[PlayerId]) -> AbstractContextManager[None]:
    """While ``event`` is rated: an engine's error becomes an :class:`InputError` naming the
    event and, for each line that names an engine's player (``Player 4: ...``), the player
    by his ID (``ids[n - 1]`` is the engine's player ``n``), so callers can place it."""
    return _EngineErrors(event, ids)


def _placed(event: Event, ids: Sequence[PlayerId], error: BaseException) -> InputError:
    """The :class:`InputError` of :func:`engine_errors` for an engine's ``error``."""
    problems = []
    for line in str(error).splitlines() or [str(error)]:
        seat = _SEAT.fullmatch(line)
        if seat and 1 <= int(seat[1]) <= len(ids):
            problems.append(Problem(player_place(event, ids[int(seat[1]) - 1]), seat[2]))
        else:
            problems.append(Problem(f"event {event.id}", line))
    return InputError(problems, title=f"The event {event.id} cannot be rated")


def player_place(event: Event, key: PlayerId) -> str:
    """Where an engine's problem with the player ``key`` of ``event`` is."""
    return f"event {event.id}: player {key!r}"


def players_of(event: Event) -> set[PlayerId]:
    """The IDs of the players who have a game in ``event``."""
    found: set[PlayerId] = set()
    add = found.add
    for _, a, b, _ in event.games:  # (a loop: nearly twice as fast as a comprehension of pairs)
        add(a)
        add(b)
    return found


def _matches_not_typed(ratings: RatingList, events: Sequence[Event], players: dict[str, set[PlayerId]]
                       ) -> list[str]:
    """Each event of two players not given the event type ``Match`` where the system rates an
    individual match under restrictions of its own (US Chess 2020, 7), which only that type applies:
    as a crosstable of two players says it (:attr:`~xlrating.systems.System.event_warnings`).
    ``players``: each event's players' IDs, where the checks found them."""
    restrictions = systems.get(ratings.system).match_restrictions
    if restrictions is None:
        return []
    found = []
    for event in events:
        if len(players.get(event.id) or players_of(event)) != 2:
            continue
        typed = EventType.parse(event.event_type)
        if typed is not EventType.MATCH:
            found.append(f"event {event.id}: two players, rated with event_type {typed.value!r}: "
                         f"{restrictions(ratings.rules or None)} that only event_type 'Match' applies; "
                         "if this is a match, give event_type='Match'")
    return found


def engine_players(ids: Sequence[K], make: Callable[[K, int], T],
                   numbers: Sequence[int] | None = None) -> list[T]:
    """The engine's players, ``make(key, n)`` for the ``n``-th of ``ids`` (the players' IDs, or
    their entries) or for the number at its index in ``numbers``: every player the engine's checks
    refuse is named at once, one ``Player n: ...`` line each, as :func:`engine_errors` reads them."""
    numbered = range(1, len(ids) + 1) if numbers is None else numbers
    try:
        return [make(key, number) for number, key in zip(numbered, ids, strict=True)]
    except ArgumentError:
        pass  # find every player refused
    players: list[T] = []
    refused: list[str] = []
    for number, key in zip(numbered, ids, strict=True):
        try:
            players.append(make(key, number))
        except ArgumentError as error:
            refused.append(f"Player {number}: {error}")
    if refused:
        raise ArgumentError("\n".join(refused))
    return players


def call_engine(
    engine: Callable[..., EventOutcome], players: Sequence[Any], games: Sequence[Game], *, explain: bool,
    **options: Any
) -> EventOutcome:
    """The one place where the season calls an engine's ``rate_event``: with ``explain=False``
    the engine gives the same numbers without building steps and game lines."""
    return engine(players, games, explain=explain, **options)


@dataclass(frozen=True)
class Settings:
    """Options of a season that only some systems read."""

    period_months: int | None = None
    """FIDE: the rating period in months (``None``: as FIDE's lists were published on each
    event's end date; see :func:`xlrating.lists.fide.period_months`)."""
    pool_months: int = 26
    """FIDE: an unrated player's results are pooled over at most this many months
    (FIDE Rating Regulations 2024, 7.1.4)."""


def check_settings(settings: Settings) -> Settings:
    """The settings with whole numbers of months (12.0 as 12); :class:`ArgumentError` for a
    period length or pooling window FIDE cannot use (``True`` is not a month)."""
    period = settings.period_months
    if period is not None and (isinstance(period, bool) or period not in (1, 2, 3, 4, 6, 12)):
        raise ArgumentError(
            "Argument 'period_months' must be 1, 2, 3, 4, 6 or 12 (a period that divides the "
            f"year), not {period!r}"
        )
    pool = _check.whole("pool_months", settings.pool_months, low=1)
    return Settings(None if period is None else int(period), pool)


_FLOAT = frozenset({float})


class Seating:
    """An event's players numbered for the engine: ``ids[n - 1]`` is pairing number ``n``. Of a
    wave (:func:`waves`, events that share no player), the games of its events one after
    another: each event's players are then numbered after the players of the events before.

    The games are handed to the engine as :class:`~xlrating.model.GameColumns`, gathered from
    the events' tuples a column at a time (:func:`~.check.check_season` has checked them: they
    are not checked again); the players are numbered in the order the games first name them,
    each game's first player before its second."""

    __slots__ = ("ends", "games", "ids", "numbers")

    def __init__(self, *events: Event) -> None:
        rounds: list[int] = []
        firsts: list[PlayerId] = []
        seconds: list[PlayerId] = []
        scores: list[Any] = []
        seen: dict[PlayerId, None] = {}
        ends = []
        for event in events:
            if len(event.games):
                rnd, a, b, score = zip(*event.games, strict=True)
                rounds += rnd
                firsts += a
                seconds += b
                scores += score
                both: list[PlayerId] = [0] * (2 * len(a))  # each game's two players, interleaved
                both[::2], both[1::2] = a, b
                seen.update(dict.fromkeys(both))
            ends.append(len(seen))
        self.ids: list[PlayerId] = list(seen)
        self.numbers = numbers = dict(zip(self.ids, range(1, len(seen) + 1), strict=True))
        if not _FLOAT.issuperset(map(type, scores)):  # a score given as an int or a word
            scores = [s if s.__class__ is float else _check.result("score", s) for s in scores]
        self.games = GameColumns(rounds, looked_up(numbers, firsts), looked_up(numbers, seconds), scores)
        self.ends = ends
        """How many players the events seated so far have, after each event."""

    def per_player(self, values: Sequence[T]) -> Sequence[T]:
        """``values``, one for each event seated (in order), as each player's, by pairing number - 1."""
        if len(values) == 1:
            return [values[0]] * len(self.ids)
        found: list[T] = []
        for value, end in zip(values, self.ends, strict=True):
            found += [value] * (end - len(found))
        return found

    def tally(self) -> tuple[list[int], list[int], list[int]]:
        """Each player's wins, draws and losses in the event, by pairing number - 1."""
        size = len(self.ids) + 1
        wins, draws, losses = [0] * size, [0] * size, [0] * size  # by pairing number
        games = self.games
        for a, b, score in zip(games.players, games.opponents, games.scores, strict=True):
            if score == 1.0:
                wins[a] += 1
                losses[b] += 1
            elif score == 0.0:
                wins[b] += 1
                losses[a] += 1
            else:
                draws[a] += 1
                draws[b] += 1
        return wins[1:], draws[1:], losses[1:]


_IN_WAVES = True
"""Whether a season without explanations rates its events in waves (:func:`waves`); the tests
turn it off to compare with the events rated one by one."""

WAVE_PLAYERS = 2_000
"""The most players a wave (:func:`waves`) holds: one engine call for this many players costs
less per player than small ones, and the wave's working stays small beside the list
(measured: ``benchmarks/bench_lists.py``, see ``docs/lists.md``)."""


Options = Callable[[Event, set[PlayerId]], Hashable | None]
"""An adapter's ``options(event, players)`` (:func:`waves`), ``players`` being the event's."""


def waves(events: Iterable[Event], options: Options, cap: int = WAVE_PLAYERS,
          players: Callable[[Event], set[PlayerId]] = players_of) -> Iterator[Sequence[Event]]:
    """The events in *waves*, each of which one engine call rates together, giving each player the
    very outcome that rating his event alone gives. The events of a wave

    - share no player (*disjoint*): no one's rating in it depends on another event of the wave,
      and each player's outcome is written under his one event;
    - have equal ``options(event, players)`` (*alike*): the engine's options resolved as they bear
      on the event's players (an adapter's ``options`` gives ``None`` for an event whose rating
      has something event-wide that other players would change: it is rated alone);
    - hold at most ``cap`` players together (*capped*: the working of one call stays small).

    Each player's events come in order: an event is put in the first wave, after the waves of
    the earlier events that share one of its players, that has room for it (*first fit*). An
    event never moves past an earlier one that is not alike (other options, or rated alone): the
    events are taken in runs of consecutive alike events, each run's waves given before the
    next run's. So events that share no player may be rated out of their order (a later one
    with an earlier one's wave), which changes no one's outcome: the season gives its result in
    the events' order all the same (:class:`Season`). With every event sharing a player with
    the one before, the waves are the events one by one, in order.

    ``options`` is read for every event of a run before the run's first wave is given: it reads
    the event alone (and the season's settings), never the entries that rating changes.
    ``players(event)`` gives the IDs of the event's players (:func:`players_of`, or as the
    season's checks found them).
    """
    run: list[tuple[Event, set[PlayerId]]] = []
    common: Hashable | None = None
    for event in events:
        playing = players(event)
        found = options(event, playing)
        if run and (found is None or found != common):
            made, run = _first_fit(run, cap), []  # (the players' sets let go before the waves are rated)
            yield from made
        if found is None:
            yield (event,)
            continue
        run.append((event, playing))
        common = found
    if run:
        made, run = _first_fit(run, cap), []
        yield from made


def _first_fit(run: Sequence[tuple[Event, set[PlayerId]]], cap: int) -> list[list[Event]]:
    """A run of alike events (each with its players) in waves (:func:`waves`): each event in the
    first wave after the last wave of each of its players that has room for it. A wave that
    turns an event away is closed: no later event is tried in it (two or three waves are open at
    a time, not every wave made so far)."""
    made: list[list[Event]] = []
    size: list[int] = []
    beyond: list[int] = []  # each wave's next wave that may be open (closed ones are jumped over)
    last: dict[PlayerId, int] = {}  # each player's wave so far
    get = last.get
    for event, players in run:
        at = max(map(get, players, repeat(-1)), default=-1) + 1
        at = _open_from(beyond, at)
        while at < len(made) and size[at] + len(players) > cap and size[at]:
            beyond[at] = at + 1  # (full for this event: closed)
            at = _open_from(beyond, at + 1)
        if at == len(made):
            made.append([])
            size.append(0)
            beyond.append(at)
        made[at].append(event)
        size[at] += len(players)
        last.update(dict.fromkeys(players, at))
    return made


def _open_from(beyond: list[int], at: int) -> int:
    """The first wave from ``at`` on that is not closed (``len(beyond)``: a new one), the closed
    ones on the way made to point at it."""
    top = at
    while top < len(beyond) and beyond[top] != top:
        top = beyond[top]
    while at < len(beyond) and beyond[at] != at:  # (the path shortened for the next search)
        beyond[at], at = top, beyond[at]
    return top


class Season:
    """The working of one season: the list (:class:`~.working.WorkingList`: its entries copied
    once, the histories), outcomes."""

    def __init__(self, ratings: RatingList, explain: bool, settings: Settings, events: Sequence[Event],
                 players: dict[str, set[PlayerId]] | None = None) -> None:
        self.ratings = ratings
        self.said = Said(ratings, events)
        """The defaults the events take (an adapter reports each wave's first outcome to it)."""
        self.settings = settings
        self.explain = explain
        self.working = WorkingList(ratings.entries)
        """The list as rated so far, and the history rows written (an adapter writes a wave's at a
        time, :meth:`~.working.WorkingList.write_history`)."""
        self.outcomes: dict[str, list[EventOutcome]] = {}
        self.seats: dict[str, tuple[PlayerId, ...]] = {}
        """Each event's players by ID in its engine's order, kept with the outcomes."""
        self.as_of: dt.date | None = ratings.date
        """The date the season's list has reached (``None``: the list's date is not known yet)."""
        self.adjusted: dt.date | None = None
        """The date of the latest one-off adjustment the season applied to its list (:meth:`pass_to`),
        if any: the new list's date, so that rating a season from it does not apply it again."""
        self.events = events
        """The events, in rating order."""
        self.players = players if players is not None else {}
        """The IDs of each event's players, by event ID, where the season's checks found them
        (:meth:`players_of`)."""
        self.index = {event.id: index for index, event in enumerate(events)}
        """Each event's place in the rating order (its waves may rate it before an earlier event
        that shares none of its players: what the season gives is put back in this order)."""
        self.refused: list[tuple[int, list[Problem]]] = []
        """The problems of each event refused so far (:meth:`attempt`), with its place."""
        self.seated = -1
        """The place of the latest event seated with new players (:meth:`seat`)."""
        self.new_out_of_order = False
        """Whether an event's new players were seated after a later event's (then :meth:`result`
        puts the new entries back in the events' order)."""
        self.doubtful: set[PlayerId] = set()
        """The players of a refused event and of every later event with one of them: the season
        does not know their entries as it would have made them."""
        self.matches_said = _matches_not_typed(ratings, events, self.players)
        """Each event of two players rated as another type where the system rates a match under
        restrictions of its own, said (read before the waves let go of the players' sets)."""

    @property
    def entries(self) -> dict[PlayerId, Entry]:
        """The entries by ID (:attr:`~.working.WorkingList.records`), the whole list, for an adapter
        that keeps no field as a column (US Chess), which reads and writes them as they are. An
        adapter that keeps fields as columns (the ICU, FIDE) reads :attr:`working`: its records are
        stale for every player who played, and asking for them is a mistake in the adapter."""
        working = self.working
        if working.fields:
            raise AssertionError("the season keeps fields as columns: read Season.working, not "
                                 "Season.entries")
        return working.records

    def seat(self, *events: Event) -> Seating:
        """Add the new players of an event (or of a wave's events) to the list and number its
        players."""
        for event in events:
            if event.players:
                place = self.index[event.id]
                self.new_out_of_order |= place < self.seated
                self.seated = max(self.seated, place)
            for key, data in event.players.items():
                self.working.put(key, Entry(key, **data))
        seating = Seating(*events)
        if self.explain:
            self.seats[events[0].id] = tuple(seating.ids)  # (with explanations, an event alone)
        return seating

    def waves(self, events: Iterable[Event], options: Options) -> Iterator[Sequence[Event]]:
        """The events in waves (:func:`waves`); with explanations, each event alone (the season
        keeps each event's own outcome)."""
        if self.explain or not _IN_WAVES:
            return ((event,) for event in events)
        return waves(events, options, players=functools.partial(self.players_of, release=True))

    def players_of(self, event: Event, *, release: bool = False) -> set[PlayerId]:
        """The IDs of the players who have a game in ``event`` (as the checks found them, else
        :func:`players_of`). ``release``: the season lets go of the set the checks found (the
        waves, which read each event's once, keep it while they place the event), so that a
        season's sets are not all kept while it is rated."""
        found = self.players.pop(event.id, None) if release else self.players.get(event.id)
        return found if found is not None else players_of(event)

    def blocks(self, events: Sequence[Event], seating: Seating) -> list[tuple[int, int]]:
        """Each of the seated ``events``' place in the rating order and the number of players seated
        up to its last (:attr:`Seating.ends`): where its history rows end
        (:meth:`~.working.WorkingList.write_history`)."""
        index = self.index
        return [(index[event.id], end) for event, end in zip(events, seating.ends, strict=True)]

    def attempt_wave(self, wave: Sequence[Event], rate: Callable[[Sequence[Event]], None]) -> None:
        """Rate a wave (:func:`waves`) with ``rate(wave)``; if that raises anything, rate its
        events one by one (``rate((event,))``, each through :meth:`attempt`), so every problem is
        found, placed and kept as when each event is rated alone. ``rate`` changes nothing in the
        season before its engine calls are done."""
        if len(wave) == 1:
            self.attempt(wave[0], functools.partial(rate, wave))
            return
        try:
            rate(wave)
        except Exception:  # (the same events rated alone raise it again, or find its place)
            for event in wave:
                self.attempt(event, functools.partial(rate, (event,)))
            return
        for event in wave:
            self._spread_doubt(event)

    def attempt(self, event: Event, rate: Callable[[], None]) -> None:
        """Rate ``event`` with ``rate``. If it is refused (:class:`InputError`), keep its problems
        and go on, so the problems of every event are reported at once (:meth:`check`): its
        players are then :attr:`doubtful`, and of a later event with a doubtful player only the
        problems with its other players are kept, each of which depends on nothing but his own
        entry; its players become doubtful in turn."""
        doubtful = self.doubtful
        try:
            rate()
        except InputError as error:
            players = self.players_of(event)
            if doubtful.isdisjoint(players):
                kept = list(error.problems)
            else:
                sure = {player_place(event, key) for key in players - doubtful}
                kept = [problem for problem in error.problems if problem.where in sure]
            if kept:
                self.refused.append((self.index[event.id], kept))
            doubtful.update(players)
            return
        self._spread_doubt(event)

    def _spread_doubt(self, event: Event) -> None:
        """After ``event`` is rated: if it has a doubtful player, its results are doubtful too
        (rated from his rating), so are its players."""
        doubtful = self.doubtful
        if doubtful:
            players = self.players_of(event)
            if not doubtful.isdisjoint(players):
                doubtful.update(players)

    def check(self) -> None:
        """Raise the problems of every event refused (:meth:`attempt`), if any, the events in their
        rating order."""
        if self.refused:
            refused = sorted(self.refused, key=itemgetter(0))
            names = [self.events[place].id for place, _ in refused]
            title = (f"The event {names[0]} cannot be rated" if len(names) == 1
                     else f"The events {', '.join(names[:-1])} and {names[-1]} cannot be rated")
            raise InputError([problem for _, kept in refused for problem in kept], title=title)

    def keep(self, event: Event, outcome: EventOutcome) -> None:
        """Keep an event's explained outcome, if the season was asked to, its records built now
        (and the engine's working let go)."""
        if self.explain:
            list(outcome.players)
            self.outcomes.setdefault(event.id, []).append(outcome)

    def pass_to(self, on: dt.date, adjustments: Sequence[RatingAdjustment],
                adjust: Callable[[RatingAdjustment, Entry], Entry | None]) -> None:
        """Bring the list to ``on``: every adjustment dated after the date the list has reached
        and on or before ``on`` is applied, in order, to every entry (``adjust`` gives an entry's
        adjusted copy, or ``None`` to leave it alone). A list without a date is taken to be as of
        the first date it is brought to, so nothing is applied then. An entry ``adjust`` cannot
        read (the engine's error) is an :class:`InputError` naming every such entry, raised once
        the adjustment has read them all."""
        if self.as_of is None:
            self.as_of = on
            return
        for adjustment in adjustments:
            if self.as_of < adjustment.date <= on:
                self._adjust(adjustment, adjust)
        if on > self.as_of:
            self.as_of = on

    def _adjust(self, adjustment: RatingAdjustment,
                adjust: Callable[[RatingAdjustment, Entry], Entry | None]) -> None:
        """Apply ``adjustment`` to every entry of the working list (:meth:`pass_to`)."""
        working, problems, on = self.working, [], adjustment.date.isoformat()
        for key in working.records:  # (an entry replaced: no key added)
            try:
                new = adjust(adjustment, working.entry(key))
            except ENGINE_ERRORS as error:
                problems.append(Problem(f"list entry {key}", f"the adjustment of {on} cannot read it: "
                                                             f"{error}"))
                continue
            if new is not None:
                working.put(key, new)
        if problems:
            raise InputError(problems,
                             title=f"The list's adjustment of {on} cannot be applied; nothing was rated")
        self.adjusted = adjustment.date

    def result(self) -> SeasonResult:
        """The season's result: the new list and the histories built from the working list, the
        defaults the season took (:meth:`~.said.Said.warnings`, for the players who played). The new
        list is dated as the list given, or, where the season applied a one-off adjustment (always
        one dated after the list's date), as of that adjustment: its ratings are adjusted, and a
        season rated from it must not adjust them again."""
        ratings = self.ratings
        history = self.working.history()
        warnings = (*self.said.warnings(history), *self.matches_said)
        date = ratings.date if self.adjusted is None else self.adjusted
        new_list = RatingList(ratings.system, self._entries(), ratings.rules, ratings.rating_system, date)
        return SeasonResult(
            new_list,
            {key: tuple(value) for key, value in self.outcomes.items()},
            history,
            {key: ids for key, ids in self.seats.items() if key in self.outcomes},
            warnings,
        )

    def _entries(self) -> dict[PlayerId, Entry]:
        """The new list's entries: the list's, in its order, then the new players, in the order of
        their events (and of each event's new players)."""
        entries = self.working.entries()
        if not self.new_out_of_order:
            return entries
        listed = len(self.ratings.entries)
        return {**dict(islice(entries.items(), listed)),
                **{key: entries[key] for event in self.events for key in event.players}}


class Adapter(Protocol):
    """A system's adapter: rates the season's events, in order, into the season's list."""

    def __call__(self, season: Season, events: Sequence[Event]) -> None: ...


def rate_season(
    ratings: RatingList,
    events: Iterable[Event],
    *,
    explain: bool = False,
    period_months: int | None = None,
    pool_months: int = 26,
) -> SeasonResult:
    """Rate ``events`` in order into ``ratings``: the new list, the outcomes, the histories.

    The events are rated in order of end date (ties keep the order given). US Chess and
    ICU events are rated one after another from the list's current ratings; FIDE events
    are grouped into rating periods and every event of a period is rated from the rating
    at the start of the period. ``explain=True`` keeps every event's explained
    :class:`~xlrating.model.EventOutcome` in the result (large for a long season).
    ``period_months`` and ``pool_months`` are the FIDE settings of :class:`Settings` (whole
    numbers of months; Excel's 12.0 is 12, ``True`` is no month). ``explain`` is ``True`` or
    ``False`` (``"no"`` is refused, not read as true).

    Raises :class:`~xlrating.errors.InputError` listing every problem of the list and the
    events (each with the list entry or event and game it concerns); nothing is rated then.

    Python's cyclic garbage collector is paused while the season is checked, rated and
    gathered into its result: the entries, games, outcomes and histories a season makes form
    no reference cycles, and the collector's passes over a large list would cost more than
    the rating itself. Reference counting frees everything as usual. The program's young objects
    are collected as the season starts (the pass the collector would give them next). The
    season's working is let go before the pause ends, and what is still alive then, the result,
    is put in the collector's oldest generation at once, where its young passes would have walked
    all of it twice to find it alive (not where the season raised, or where anything is frozen:
    :func:`xlrating._gc.collector_paused`).
    """
    with collector_paused(long_lived=True):  # a season allocates millions of small acyclic objects
        players: dict[str, set[PlayerId]] = {}
        ordered = check_season(ratings, events, players)
        settings = check_settings(Settings(period_months, pool_months))
        season = Season(ratings, _check.flag("explain", explain), settings, ordered, players)
        systems.get(ratings.system).rate_list(season, ordered)
        season.check()
        result = season.result()
        del season, ordered, players
    return result
