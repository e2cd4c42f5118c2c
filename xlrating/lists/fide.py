"""FIDE lists: events grouped into rating periods, each period rated from its start.

- A rating period is the calendar period of the list that an event's end date falls in:
  monthly lists from July 2012, every two months from July 2009 (periods January-February,
  March-April, ...), quarterly from 2000 and half-yearly before (:func:`period_months`);
  ``period_months`` overrides it. The closing date before each list is not modelled: an
  event belongs to the period its end date is in.
- Every event of a period is rated from the rating at the start of the period. A rated
  player's change in an event is K x sum(score - PD) over the games against opponents
  rated at the start of the period (FIDE Rating Regulations 2024, 8.3; FIDE Handbook
  B.02, 10.5), kept exact. The list rating after the period is the start rating plus the
  period's total change, rounded once: the 2024 regulations round the change to a whole
  number, halves away from zero; the handbook rounds the new rating (10.53).
- K is decided once per period from the list: games to date for the 30-game rule, the
  birth year for the under-18 rule (judged on the period's last day), the highest
  published rating for the permanent K 10 from 2400, and the period's games for the 700
  rule (FIDE Rating Regulations 2024, 8.3.3) - all through :func:`xlrating.fide.k_factor`.
  A K given on the list (FIDE's published K) is held to the 700 rule and the permanent 10;
  the new list carries the K the next period would use (:func:`next_k`).
- FIDE's one-off change of its list of 1 March 2024 (:data:`xlrating.fide.rules.MARCH_2024`:
  R + 0.4 x (2000 - R) for every rating under 2000, rounded to the nearest whole number) is
  applied to every rated player when the season passes that date: after the period that ends
  before it (the February 2024 period's ratings are the ones adjusted), before the first
  period that starts on or after it. A list whose date is 1 March 2024 or later is taken as
  already adjusted; a list without a date as of the first period it is rated in. Unrated
  players' pending results are not changed.
- An unrated player's results accumulate across events and periods (FIDE Rating
  Regulations 2024, 7.1.4: results from consecutive rating periods of not more than 26
  months are pooled). At the end of each period in which he played, the pooled results
  are rated as one (2024: :func:`xlrating.fide.published_rating` over every pooled game,
  with the two hypothetical 1800 draws; at least 5 games against rated opponents, 7.1;
  a zero score in the first event disregarded, 8.2.1; at most 2200, 8.2.3; listed from
  1400, 7.1.2. Handbook: Rn, the games-weighted average of each event's Ru, 10.3). A
  player who gets a first rating joins the list with the games it is based on.

A season keeps the fields a period changes (the rating, games, peak, events, pending results and
K) as the working list's columns (:class:`~.working.WorkingList`): a period reads them as at its
start, its players by their positions, and writes them in place when it closes; each changed
entry is built once, when the season gives its result. The engine's players of each wave are
handed over as columns too (:func:`xlrating.systems.fide_columns`), each rated player with his K
for the period.
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
from collections import deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, compress, repeat
from operator import add, and_, gt, is_not, not_
from typing import TYPE_CHECKING, Any, cast

from .. import fide as engine
from .._columns import picker
from .._player_columns import PlayerColumns
from .._vector import vectorised
from ..adjustments import RatingAdjustment
from ..errors import XlratingError
from ..fide.rating import exact, k_limit, k_rule
from ..fide.tables import round_half_away
from ..fide.unrated import first_disregarded, new_player_of_sums
from ..model import EventType, outcome_columns
from ..systems import fide_columns
from ._fide_totals import FROM_SIDES, Lines, PlainTotals, Totals, games_at_start
from ._fide_totals import put as _put
from .model import Entry, Event, PendingEvent, PlayerId, evolve
from .rate import Season, Seating, call_engine, engine_errors

if TYPE_CHECKING:
    from ._fide_totals_numpy import BirthYears

_MONTHLY_FROM = dt.date(2012, 7, 1)
_BIMONTHLY_FROM = dt.date(2009, 7, 1)
_QUARTERLY_FROM = dt.date(2000, 1, 1)


def period_months(on: dt.date) -> int:
    """The length in months of FIDE's rating period for an event ending ``on``: 1 from
    July 2012, 2 from July 2009, 3 from 2000, else 6."""
    if on >= _MONTHLY_FROM:
        return 1
    if on >= _BIMONTHLY_FROM:
        return 2
    if on >= _QUARTERLY_FROM:
        return 3
    return 6


def uses_ru(rules: engine.FideRules) -> bool:
    """Whether a first rating averages each event's Ru (FIDE Handbook B.02, 10.3) rather than
    rating the pooled games at once (FIDE Rating Regulations 2024, 7.1.3)."""
    return rules.plus_score_step is not None


def period_of(end: dt.date, months: int | None) -> tuple[dt.date, dt.date]:
    """The first and last day of the rating period containing ``end``."""
    length = months if months is not None else period_months(end)
    first = (end.month - 1) // length * length + 1
    last = first + length - 1
    return dt.date(end.year, first, 1), dt.date(end.year, last, calendar.monthrange(end.year, last)[1])


def _month(on: dt.date) -> int:
    return on.year * 12 + on.month - 1


def _month_start(month: int) -> dt.date:
    """The first day of ``month`` (as :func:`_month` counts it); the earliest date for a month before
    the year 1 (every date is on or after it)."""
    return dt.date(month // 12, month % 12 + 1, 1) if month >= 12 else dt.date.min


_Start = tuple[list[int], list[float | None], Lines]
"""An event's (or wave's) players' positions in the working list and their ratings at the start of
the period, by pairing number - 1, and the unrated players' games (:meth:`_Period.start`)."""

_CHANGED = ("rating", "games", "peak", "events", "pending", "k")
"""What a season changes in an entry (a period's close; the K a new list carries, :func:`_list_k`):
the working list keeps these as columns (:class:`~.working.WorkingList`), and the birth date,
which the engine's players read, too."""


@dataclass
class _Kept:
    """What a season's rating periods keep for each other."""

    birth_years: BirthYears | None = None
    """The list's birth years on arrays, read once a season, by the first period whose totals are
    on arrays (:class:`~._fide_totals_numpy.BirthYears`, :meth:`_Period.count`)."""


class _Period:
    """The working of one rating period. Its players are kept by their positions in the season's
    working list, whose columns (:data:`_CHANGED`) hold every entry as at the start of the period
    until it closes."""

    def __init__(self, season: Season, end: dt.date, kept: _Kept | None = None) -> None:
        self.season = season
        self.kept = kept if kept is not None else _Kept()
        """What the season's periods keep for each other (:class:`_Kept`)."""
        self.working = working = season.working
        self.rating, self.list_games, self.peak, self.events, self.list_pending, self.list_k = map(
            working.column, _CHANGED)
        self.birth_date = working.column("birth_date")
        self.rules = engine.get_rules(season.ratings.rules or None)
        self.end = end
        self.totals: Totals = PlainTotals()
        """The period's totals by position (:mod:`._fide_totals`): each rated player's exact change
        and rated games, each player's games against rated opponents (the 700 rule, :meth:`count`)
        and events; on numpy arrays for a large period (chosen when its events are seated)."""
        self.k_given = True
        """Whether the list gives some player a K (:meth:`count` finds it: the columns do not change
        until the period closes)."""
        self.pending: dict[int, list[PendingEvent]] = {}
        """Each unrated player's results of the period's events, by position (pooled with those the
        list gives when the period closes)."""
        self.so_far: dict[int, int] = {}
        """Each unrated player's games in earlier rated events, as :meth:`games_so_far` counts them."""
        self.rows: list[tuple[Sequence[PlayerId], Sequence[str], list[int], list[float | None],
                              list[float | None], Sequence[int], list[tuple[int, int]]]] = []
        """Each wave's history rows, written when the period closes: the players' IDs, events,
        positions, ratings at the start, changes and rated games, and its events' blocks
        (:meth:`~.rate.Season.blocks`)."""

    def start(self, seating: Seating) -> tuple[_Start, list[int]]:
        """The seated players' positions and ratings at the start of the period, by pairing number
        - 1 (the columns do not change until the period closes), with the unrated players' games
        and each player's games against rated opponents, found in one pass over the games
        (:func:`~._fide_totals.games_at_start`)."""
        positions = self.working.positions(seating.ids)
        ratings = list(picker(positions)(self.rating))
        against_rated, lines = games_at_start(seating.games, ratings)
        return (positions, ratings, lines), against_rated

    def count(self, seatings: Sequence[Seating]) -> list[_Start]:
        """Each rated player's games against rated opponents in the period (the 700 rule). Gives
        each event's (or wave's) players' positions and ratings at the start of the period and its
        unrated players' games, found in the same pass (:meth:`start`)."""
        sides = 2 * sum(len(seating.games.players) for seating in seatings)
        size = len(self.working.ids)  # (every player of the period seated by now)
        self.totals = totals = _totals(size, sides)
        if not isinstance(totals, PlainTotals):  # (on arrays: the list's birth years read once a season)
            from ._fide_totals_numpy import ArrayTotals, BirthYears

            years = self.kept.birth_years
            if years is None:
                years = self.kept.birth_years = BirthYears(self.birth_date)
            cast("ArrayTotals", totals).birth_years = years.upto(size)
        self.k_given = any(self.list_k)  # (a K given is never 0: check.K_RANGE)
        starts = []
        for seating in seatings:
            start, against_rated = self.start(seating)
            starts.append(start)
            self.totals.add_against_rated(start[0], against_rated)
        return starts

    def k_by_rules(self, positions: Sequence[int], ratings: Sequence[float], games: Sequence[int | None],
                   peaks: Sequence[float | None], births: Sequence[dt.date | None]) -> list[int]:
        """The K for the period of the rated players at ``positions`` with no K given on the list
        (their ratings, games, peaks and birth dates there): the rules' K on the period's last day,
        held to the 700 rule over the period's games (:meth:`~._fide_totals.Totals.k_by_rules`).
        The entries were checked when the list was read: the rules' K without checking them again."""
        return self.totals.k_by_rules(self.rules, self.end, positions, ratings, games, peaks, births)

    def given_k(self, at: int) -> float:
        """A K given on the list (FIDE publishes each player's K with his rating) for the period:
        the K it has become by the period's last day (:func:`next_k`: the permanent 10 once a
        published rating has reached 2400, a K 40 that the entry's games and birth date tell has
        ended), held to the 700 rule over the period's games, which were unknown when it was
        published (FIDE Rating Regulations 2024, 8.3.3)."""
        k = next_k(self.rules, self.list_k[at], self.rating[at], self.list_games[at], self.peak[at],
                    self.birth_date[at], self.end)
        games = next(iter(self.totals.against_rated([at])))
        return k_limit(self.rules, k, games or None)  # type: ignore[arg-type]

    def rate(self, events: Sequence[Event], seated: tuple[Sequence[Event], Seating, _Start]) -> None:
        """Rate one event, or a wave of events alike (:func:`options`) as one. ``seated``: a wave
        as the period seated it, its seating and its players' positions and ratings at the start
        of the period (:meth:`count`); ``events`` are that wave, or one of its events rated
        alone (after the wave was refused), seated now."""
        wave, seating, start = seated
        if events is not wave:
            seating = Seating(*events)
            start = self.start(seating)[0]
        with engine_errors(events[0], seating.ids):
            self._rate(events, seating, start)

    def _rate(self, wave: Sequence[Event], seating: Seating, start: _Start) -> None:
        first = wave[0]
        players = _engine_players(self, start)
        outcome = call_engine(
            engine.rate_event,
            players,
            seating.games,
            explain=self.season.explain,
            event_type=first.event_type,
            end_date=first.end_date,
            rules=self.rules,
        )
        self.season.keep(first, outcome)
        columns = outcome_columns(outcome, "method", "k", "rated_score", "expected_score", "rated_games",
                                  "performance")  # (every outcome read before the first is folded)
        # (the ratings at the start of the period are those the engine was given: its pre-event ratings)
        self.season.said.took(wave, seating.ids, seating.ends, outcome,
                              {"k": columns[1], "pre_rating": start[1]})
        self.fold(wave, seating, start, columns)

    def fold(self, wave: Sequence[Event], seating: Seating, start: _Start,
             columns: Sequence[Sequence[Any]]) -> None:
        """Add a wave's outcome to the period: each rated player's exact change and rated games,
        each unrated player's pending results, each player's history row to be written when the
        period closes. ``columns``: the outcome's method, K, rated score, expected score, rated
        games and performance, by pairing number - 1."""
        positions, ratings, lines = start
        methods, ks, scores, expected, games, performance = columns
        events = seating.per_player(wave)
        if lines:
            self._pend(lines, positions, events, games, performance)  # (before the wave's events count)
        changes = self.totals.fold(positions, ratings, methods, ks, scores, expected, games)
        self.rows.append((seating.ids, seating.per_player([event.id for event in wave]), positions, ratings,
                          changes, games, self.season.blocks(wave, seating)))

    def _pend(self, lines: Lines, positions: Sequence[int], events: Sequence[Event], games: Sequence[int],
              performance: Sequence[float | None]) -> None:
        """Keep each unrated player's results of a wave (``lines``) pending (``games``,
        ``performance``: the outcome's rated games and performance, by pairing number - 1)."""
        by_ru = uses_ru(self.rules)
        at_all = picker(list(lines))(positions)
        listed_events, so_far, pending = self.events, self.so_far, self.pending
        for (index, (opponents, results)), at, played in zip(lines.items(), at_all,
                                                             self.totals.played_by(at_all), strict=True):
            event = events[index]
            ru = performance[index] if by_ru else None
            first = listed_events[at] + played == 0 and not self.games_so_far(at)
            # (fields by position: end date, opponents, results, first, Ru, its games, event)
            found = PendingEvent(event.end_date, tuple(opponents), tuple(results), first, ru,
                                 games[index] if ru is not None else 0, event.id)
            pending.setdefault(at, []).append(found)
            so_far[at] += len(results)

    def games_so_far(self, at: int) -> int:
        """The games in earlier rated events of the unrated player at position ``at``: those the list
        gives, those still pending from earlier periods and those of his earlier events in this
        period. With none, this event is his first (FIDE Rating Regulations 2024, 8.2.1; FIDE
        Handbook B.02, 10.21), whatever the list's ``events`` count says."""
        games = self.so_far.get(at)
        if games is None:
            earlier = sum(len(p.results) for p in self.list_pending[at])
            games = self.so_far[at] = (self.list_games[at] or 0) + earlier
        return games

    def close(self) -> None:
        """Fold the period into the list's columns and write the histories."""
        rated = self._close_rated()
        self._close_unrated()
        self.working.mark_written([*rated, *self.pending])
        self._write_history()

    def _close_rated(self) -> list[int]:
        """Each rated player's list rating after the period: the start rating plus the period's
        exact change, rounded once (FIDE Rating Regulations 2024, 8.3: the change rounded; FIDE
        Handbook B.02, 10.53: the new rating rounded); his games, peak and events; delisted under
        the floor (FIDE Rating Regulations 2024, the rating floor 1400). Gives their positions."""
        return self.totals.close_rated(self.rules, self.rating, self.list_games, self.peak, self.events,
                                       self.list_pending)

    def _close_unrated(self) -> None:
        """Each unrated player who played in the period: his pooled results rated, a first rating
        or his results kept pending. The pooled games rated at once (FIDE Rating Regulations 2024,
        7.1.3) are rated for every player together where the period's totals are on arrays
        (:func:`~._fide_totals_numpy.first_ratings`), else one player at a time (:func:`first_rating`)."""
        horizon = _month(self.end) - self.season.settings.pool_months
        ratings, games, peaks, events = self.rating, self.list_games, self.peak, self.events
        pending = self.list_pending
        positions = list(self.pending)
        since = _month_start(horizon + 1)  # (the pooling window's first day)
        pooled = [[p for p in chain(pending[at], new) if p.end_date >= since]
                  for at, new in self.pending.items()]
        _put(events, positions, map(add, picker(positions)(events), self.totals.played_by(positions)))
        one = functools.partial(first_rating, self.rules)
        if isinstance(self.totals, PlainTotals) or uses_ru(self.rules):
            firsts = list(map(one, pooled))
        else:
            from ._fide_totals_numpy import first_ratings

            firsts = first_ratings(self.rules, pooled, one)
        for at, pool, first in zip(positions, pooled, firsts, strict=True):
            if first is None:
                pending[at] = tuple(pool)
            else:
                ratings[at] = peaks[at] = float(first[0])
                games[at] = first[1]
                pending[at] = ()

    def _write_history(self) -> None:
        """Each player's history row of each of his events in the period, with his list rating
        after it (his rating in the columns once the period is closed)."""
        write, rating = self.working.write_history, self.rating
        for ids, events, positions, pres, changes, games, blocks in self.rows:
            write(ids, events, "FIDE", pres, list(picker(positions)(rating)), changes, games, blocks)


def first_rating(rules: engine.FideRules, pooled: Sequence[PendingEvent]) -> tuple[int, int] | None:
    """The first rating an unrated player's ``pooled`` results give under ``rules`` and the games it
    is based on (``None``: none yet)."""
    if not uses_ru(rules):
        # The pooled games rated at once, as one event (FIDE Rating Regulations 2024, 7.1.3),
        # but for those of a first event whose score is disregarded (8.2.1): what
        # published_rating gives from each event's unrated_rating, in one rating.
        kept = [p for p in pooled if not (p.first and _first_disregarded(rules, p.opponents, p.results))]
        found = _unrated_rating(rules, [o for p in kept for o in p.opponents],
                                [r for p in kept for r in p.results], first_event=False)
        return None if found.rating is None else (found.rating, found.games)
    # Each event's Ru rounded as published_rating rounds an (Ru, games) pair (10.32), as the engine's
    # result (an Ru the season computed may pass 4000, which a pair's check, for a rating typed,
    # would refuse), then Rn as published_rating finds it (:func:`_published`).
    return _published(rules, [(_whole_ru(p.ru), p.ru_games) for p in pooled
                              if p.ru is not None and p.ru_games])


def _whole_ru(ru: float) -> int:
    """An event's Ru as a whole number: as :func:`xlrating.fide.published_rating` takes it, rounded
    halves away from zero (FIDE Handbook B.02, 10.32)."""
    value = exact(ru)
    return value if type(value) is int else int(round_half_away(value))


def _published(rules: engine.FideRules, pairs: list[tuple[int, int]]) -> tuple[int, int] | None:
    """:func:`xlrating.fide.published_rating`'s rating and games from each event's whole Ru and games,
    in order, without its steps and notes (FIDE Handbook B.02, 10.3): a leading result under the floor
    ignored (10.31), Rn the games-weighted average of the others rounded, halves away from zero
    (10.32), published from the floor (10.33). ``None``: no rating."""
    floor = rules.rating_floor
    first = 0
    while rules.floor_ignores_first_results and first < len(pairs) and pairs[first][0] < floor:
        first += 1
    games = sum(g for _, g in pairs[first:])
    if not games:
        return None
    total = sum(ru * g for ru, g in pairs[first:])
    rn = (2 * abs(total) + games) // (2 * games)  # (Rn rounded, halves away from zero)
    rn = rn if total >= 0 else -rn
    return (rn, games) if rn >= floor else None


def _totals(size: int, sides: int) -> Totals:
    """A period's totals for ``size`` positions of the working list: on numpy arrays for a period of
    ``sides`` game sides (twice its games) from :data:`~._fide_totals.FROM_SIDES`, numpy permitting
    (:func:`~xlrating._vector.vectorised`), else in plain Python."""
    if vectorised(sides, FROM_SIDES):
        from ._fide_totals_numpy import ArrayTotals

        return ArrayTotals(size)
    return PlainTotals()


def _engine_players(period: _Period, start: _Start) -> PlayerColumns[engine.FidePlayer]:
    """The engine's players of a wave, from the period's columns at their positions (``start``): a
    rated player with his K for the period (:meth:`_Period.k_by_rules`, or a K given on the list
    held to it, :meth:`_Period.given_k`), an unrated one with his games so far and the K given, if
    any."""
    positions, ratings, _ = start
    at = picker(positions)
    ks = list(at(period.list_k)) if period.k_given else [None] * len(positions)
    games, peaks, births = (list(at(column)) for column in (period.list_games, period.peak,
                                                            period.birth_date))
    if ratings and None not in ratings and ks.count(None) == len(ks):  # every player rated by the rules
        found = period.k_by_rules(positions, cast("list[float]", ratings), games, peaks, births)
        return fide_columns(ratings, games, peaks, births, list(map(float, found)))  # (as the engine holds K)
    everyone = range(len(positions))
    rated = list(map(is_not, ratings, repeat(None)))
    given = list(map(is_not, ks, repeat(None)))
    by_rules = list(compress(everyone, map(gt, rated, given)))  # rated, no K given
    if len(by_rules) < len(positions):
        for index in compress(everyone, map(and_, rated, given)):
            ks[index] = period.given_k(positions[index])
        for index in compress(everyone, map(not_, rated)):
            games[index] = period.games_so_far(positions[index]) or None
    if by_rules:
        pick = picker(by_rules)
        found = period.k_by_rules(pick(positions), pick(ratings), pick(games), pick(peaks), pick(births))
        deque(map(ks.__setitem__, by_rules, map(float, found)), 0)  # (as the engine's players hold K)
    return fide_columns(ratings, games, peaks, births, ks)


def _unrated_rating(rules: engine.FideRules, opponents: Sequence[float | None], results: Sequence[float],
                    *, first_event: bool) -> engine.NewPlayerRating:
    """:func:`xlrating.fide.unrated_rating` of a Swiss for values the season has checked (the list's
    ratings, the games' scores), without checking them again, without the steps and without the
    games recorded in it (the season reads its rating, its games and whether it was disregarded):
    from the sums over the games against rated opponents, as :func:`~xlrating.fide.unrated.new_player`
    takes them."""
    counted = list(map(is_not, opponents, repeat(None)))  # the games against rated opponents
    rated = cast("list[float]", list(compress(opponents, counted)))
    try:  # (whole ratings, as FIDE's are, add up exactly as floats)
        whole = all(map(float.is_integer, rated))
    except TypeError:  # (an int rating: each made exact)
        whole = False
    total: int | Fraction = int(sum(rated)) if whole else sum(map(exact, rated))
    halves = int(2 * sum(compress(results, counted)))  # (half points: exact in binary)
    games = sum(counted)
    rated_total = (total, 1) if type(total) is int else (total.numerator, total.denominator)
    return new_player_of_sums(rules, games, halves, rated_total, skipped=len(results) - games,
                              first_event=first_event, explain=False)


def _first_disregarded(rules: engine.FideRules, opponents: Sequence[float | None], results: Sequence[float]
                       ) -> bool:
    """Whether the score of an unrated player's first rated event (his ``opponents``, as rated at the
    start of its period, and ``results``) is disregarded (:func:`~xlrating.fide.unrated.first_disregarded`,
    as :func:`_unrated_rating` would find it, without rating the event)."""
    counted = list(map(is_not, opponents, repeat(None)))
    return first_disregarded(rules, sum(counted), int(2 * sum(compress(results, counted))))


def _adjust(adjustment: RatingAdjustment, entry: Entry) -> Entry | None:
    """A rated entry as a one-off adjustment of the list leaves it (``None``: unchanged): the new
    rating is a published rating, so the highest published rating follows it."""
    if entry.rating is None:
        return None
    rating = adjustment.apply(entry.rating)
    if rating == entry.rating:
        return None
    return evolve(entry, rating=rating, peak=max(rating, entry.peak if entry.peak is not None else rating))


def rate_events(season: Season, events: Sequence[Event]) -> None:
    """Rate the season's events period by period; an adjustment of the list (FIDE's of
    1 March 2024) is applied before the first period that starts on or after its date."""
    adjustments = engine.get_rules(season.ratings.rules or None).adjustments
    season.working.keep(*_CHANGED, read=("birth_date",))
    index = 0
    kept = _Kept()
    while index < len(events):
        first, last = period_of(events[index].end_date, season.settings.period_months)
        season.pass_to(first, adjustments, _adjust)
        batch = []
        while index < len(events) and events[index].end_date <= last:
            batch.append(events[index])
            index += 1
        period = _Period(season, last, kept)
        # (all the period's waves at once: their options read no entry, which the period leaves alone)
        waves = list(season.waves(batch, functools.partial(options, season, period.rules)))
        seatings = [season.seat(*wave) for wave in waves]
        starts = period.count(seatings)
        for wave, seating, start in zip(waves, seatings, starts, strict=True):
            season.attempt_wave(wave, functools.partial(period.rate, seated=(wave, seating, start)))
        period.close()
    if events:
        _list_k(season, period_of(events[-1].end_date, season.settings.period_months)[1])


def _list_k(season: Season, last: dt.date) -> None:
    """Each player who played with a K given: the K the new list carries, the one the period
    after ``last`` (the season's last period's last day) would use (:func:`next_k`)."""
    working = season.working
    rating, games, peak, _, _, given = map(working.column, _CHANGED)
    if not any(given):  # (no K given on the list: a K given is never 0, check.K_RANGE)
        return
    rules = engine.get_rules(season.ratings.rules or None)
    on = period_of(last + dt.timedelta(days=1), season.settings.period_months)[1]
    birth_date = working.column("birth_date")
    changed = []
    for at in working.played_positions():  # (in no order: each player's K is his own)
        k = given[at]
        if k is not None and rating[at] is not None:
            new = next_k(rules, k, rating[at], games[at], peak[at], birth_date[at], on)
            if new != k:
                given[at] = new
                changed.append(at)
    working.mark_written(changed)


def next_k(rules: engine.FideRules, k: float, rating: float, games: int | None, peak: float | None,
           birth_date: dt.date | None, on: dt.date) -> float:
    """The K a K given on the list (FIDE's published K) becomes for a rating period ending ``on``
    (a period of the season, or the one after it, whose K the new list carries), from the entry's
    values (the season's working list keeps them as columns): its ``k``, ``rating``, ``games``,
    ``peak`` and ``birth_date``. Under the 2024 regulations it is 10 for good once a published
    rating has reached 2400 (FIDE Rating Regulations 2024, 8.3.3). A K above the one the rules
    work out from the entry (a K 40 after the 30th game and the year of the 18th birthday) is
    lowered to it only where the entry tells it: its games are counted (``games`` not blank)
    and its birth date is known, or its highest rating has left the junior K behind; else the
    K given is kept. The 700 rule is each period's own, not the list's."""
    rule, why = k_rule(rules, rating, games, peak, birth_date, on)
    lower = float(rule) if rule < k else k
    if why == "top" and not rules.k_top_needs_games:
        return lower
    highest = max(rating, peak if peak is not None else rating)
    told = games is not None and (
        rules.k_junior is None or birth_date is not None or highest >= rules.k_junior_below)
    return lower if told else k


def options(season: Season, rules: engine.FideRules, event: Event, players: set[PlayerId]) -> Hashable | None:
    """What the engine rates ``event`` with, as it bears on the event's players (a wave's events
    have the same, :func:`.rate.waves`; they are of one period, every player at his rating at
    its start, a rated player with his K for the period given): whether the cap on the rating
    difference spares the highest rated (FIDE Rating Regulations 2024, from 1 October 2025; the
    end date decides nothing else). A round robin is rated alone where the edition has a
    procedure for one with new players (FIDE Handbook B.02, 10.54: the tournament's average
    rating is the whole event's); the event type decides nothing else."""
    try:
        if EventType.parse(event.event_type) is EventType.ROUND_ROBIN and rules.round_robin_procedure:
            return None
    except XlratingError:  # (rated alone, it says so)
        return None
    return rules.cap_exempt_from is not None and event.end_date >= rules.cap_exempt_from
