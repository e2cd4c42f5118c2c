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
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

from .. import fide as engine
from ..adjustments import RatingAdjustment
from ..errors import XlratingError
from ..fide.rating import exact, k_limit, k_rule
from ..fide.tables import round_half_away
from ..fide.unrated import new_player_of_sums
from ..model import EventType, Method, outcome_columns
from ..systems import fide_player
from .model import Entry, Event, PendingEvent, PlayerId, evolve, evolver
from .rate import Season, Seating, call_engine, engine_errors, engine_players

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


_Start = tuple[list[Entry], list[float | None]]
"""An event's players' entries and ratings at the start of its period, by pairing number - 1."""


class _Period:
    """The working of one rating period."""

    def __init__(self, season: Season, end: dt.date) -> None:
        self.season = season
        self.rules = engine.get_rules(season.ratings.rules or None)
        self.end = end
        self.change: dict[PlayerId, int | Fraction] = {}
        """Each rated player's exact change in the period so far, in hundredths of a point (an
        ``int`` while K is whole, as it almost always is; a ``Fraction`` otherwise)."""
        """Each rated player's exact total change in the period."""
        self.games: dict[PlayerId, int] = {}
        """Each rated player's games against rated opponents in the period."""
        self.played: dict[PlayerId, int] = {}
        """Events each player played in the period."""
        self.pending: dict[PlayerId, list[PendingEvent]] = {}
        self.so_far: dict[PlayerId, int] = {}
        """Each unrated player's games in earlier rated events, as :meth:`games_so_far` counts them."""
        self.rows: list[tuple[PlayerId, Event, float | None, int | Fraction | None, int]] = []
        self.k: dict[PlayerId, int] = {}
        self.rated: dict[PlayerId, int] = {}
        """Each rated player's rated games in the period, as the engine counted them."""

    def start(self, seating: Seating) -> _Start:
        """The seated players' entries and ratings at the start of the period, by pairing number
        - 1 (the period's entries do not change until it closes)."""
        at_start = list(map(self.season.entries.__getitem__, seating.ids))
        return at_start, [entry.rating for entry in at_start]

    def count(self, seatings: Sequence[Seating]) -> list[_Start]:
        """Each rated player's games against rated opponents in the period (the 700 rule). Gives
        each event's (or wave's) players' entries and ratings at the start of the period
        (:meth:`start`)."""
        games = self.games
        starts = []
        for seating in seatings:
            ids = seating.ids
            start = self.start(seating)
            ratings = start[1]
            starts.append(start)
            counts = [0] * (len(ids) + 1)
            # Games against rated opponents by pairing number (every game when all are rated).
            firsts, seconds = seating.games.players, seating.games.opponents
            if None not in ratings:
                for a, b in zip(firsts, seconds, strict=True):
                    counts[a] += 1
                    counts[b] += 1
            else:
                for a, b in zip(firsts, seconds, strict=True):
                    if ratings[a - 1] is not None and ratings[b - 1] is not None:
                        counts[a] += 1
                        counts[b] += 1
            for key, played in zip(ids, counts[1:], strict=True):
                if played:
                    games[key] = games.get(key, 0) + played
        return starts

    def k_of(self, key: PlayerId, entry: Entry) -> int:
        """A rated player's K for the period, with no K given on the list: found once per period."""
        k = self.k.get(key)
        if k is None:
            assert entry.rating is not None and entry.k is None
            # The entry was checked when the list was read: the rules' K without checking it again.
            rule = k_rule(self.rules, entry.rating, entry.games, entry.peak, entry.birth_date, self.end)[0]
            k = self.k[key] = k_limit(self.rules, rule, self.games.get(key) or None)
        return k

    def given_k(self, key: PlayerId, entry: Entry) -> float:
        """A K given on the list (FIDE publishes each player's K with his rating) for the period:
        the K it has become by the period's last day (:func:`next_k`: the permanent 10 once a
        published rating has reached 2400, a K 40 that the entry's games and birth date tell has
        ended), held to the 700 rule over the period's games, which were unknown when it was
        published (FIDE Rating Regulations 2024, 8.3.3)."""
        k = next_k(self.rules, entry, self.end)
        return k_limit(self.rules, k, self.games.get(key) or None)  # type: ignore[arg-type]

    def rate(self, events: Sequence[Event], seated: tuple[Sequence[Event], Seating, _Start]) -> None:
        """Rate one event, or a wave of events alike (:func:`options`) as one. ``seated``: a wave
        as the period seated it, its seating and its players' entries and ratings at the start
        of the period (:meth:`count`); ``events`` are that wave, or one of its events rated
        alone (after the wave was refused), seated now."""
        wave, seating, start = seated
        if events is not wave:
            seating = Seating(*events)
            start = self.start(seating)
        with engine_errors(events[0], seating.ids):
            self._rate(events, seating, start)

    def _rate(self, wave: Sequence[Event], seating: Seating, start: _Start) -> None:
        at_start = start[0]
        first = wave[0]

        def player(key: PlayerId, number: int) -> engine.FidePlayer:
            # A rated player's K is the period's (or the list's); an unrated one's games are those so far.
            entry = at_start[number - 1]
            if entry.rating is None:
                so_far = self.games_so_far(key, entry) or None
                return fide_player(entry, number, so_far, entry.k, checked=True)
            k = self.given_k(key, entry) if entry.k is not None else self.k_of(key, entry)
            return fide_player(entry, number, entry.games, k, checked=True)

        players = engine_players(seating.ids, player)
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
        self.season.said.took(wave, seating.ids, seating.ends, outcome)
        columns = outcome_columns(outcome, "method", "k", "rated_score", "expected_score", "rated_games",
                                  "performance")  # (every outcome read before the first is folded)
        self.fold(wave, seating, start, columns)

    def fold(self, wave: Sequence[Event], seating: Seating, start: _Start,
             columns: Sequence[Sequence[Any]]) -> None:
        """Add a wave's outcome to the period: each rated player's exact change and rated games,
        each unrated player's pending results, each player's history row to be written when the
        period closes. ``columns``: the outcome's method, K, rated score, expected score, rated
        games and performance, by pairing number - 1."""
        at_start, ratings = start
        lines = self._unrated_lines(seating, ratings)
        by_ru = uses_ru(self.rules)
        played_in, change_of, rated_in, rows = self.played, self.change, self.rated, self.rows
        elo = Method.ELO
        events = seating.per_player(wave)
        for key, entry, rating, event, method, k, score, expected, games, performance in zip(
                seating.ids, at_start, ratings, events, *columns, strict=True):
            played = played_in.get(key, 0)
            played_in[key] = played + 1
            if rating is not None:
                change: int | Fraction = 0
                if method is elo:
                    assert k is not None and expected is not None
                    # K x (score - sum of PD) in hundredths: half points and PD hundredths are
                    # whole numbers, so this is exact.
                    margin = 50 * round(score * 2) - round(expected * 100)
                    whole = int(k)
                    change = whole * margin if k == whole else exact(k) * margin
                change_of[key] = change_of.get(key, 0) + change
                rated_in[key] = rated_in.get(key, 0) + games
                rows.append((key, event, rating, change, games))
                continue
            opponents, results = lines[key]
            ru = performance if by_ru else None
            pending = PendingEvent(
                event.end_date,
                tuple(opponents),
                tuple(results),
                first=entry.events + played == 0 and not self.games_so_far(key, entry),
                ru=ru,
                ru_games=games if ru is not None else 0,
                event=event.id,
            )
            self.pending.setdefault(key, []).append(pending)
            self.so_far[key] += len(results)
            rows.append((key, event, None, None, games))

    def games_so_far(self, key: PlayerId, entry: Entry) -> int:
        """An unrated player's games in earlier rated events: those the list gives, those still
        pending from earlier periods and those of his earlier events in this period. With
        none, this event is his first (FIDE Rating Regulations 2024, 8.2.1; FIDE Handbook
        B.02, 10.21), whatever the list's ``events`` count says."""
        games = self.so_far.get(key)
        if games is None:
            games = self.so_far[key] = (entry.games or 0) + sum(len(p.results) for p in entry.pending)
        return games

    @staticmethod
    def _unrated_lines(seating: Seating, ratings: list[float | None]
                       ) -> dict[PlayerId, tuple[list[float | None], list[float]]]:
        """Each unrated player's opponents (at the start of the period) and scores."""
        if None not in ratings:
            return {}
        lines: dict[PlayerId, tuple[list[float | None], list[float]]] = {
            key: ([], []) for key, rating in zip(seating.ids, ratings, strict=True) if rating is None
        }
        ids, games = seating.ids, seating.games
        for a, b, score in zip(games.players, games.opponents, games.scores, strict=True):
            a, b = a - 1, b - 1
            if ratings[a] is None:
                opponents, results = lines[ids[a]]
                opponents.append(ratings[b])
                results.append(score)
            if ratings[b] is None:
                opponents, results = lines[ids[b]]
                opponents.append(ratings[a])
                results.append(1.0 - score)
        return lines

    def first_rating(self, pooled: Sequence[PendingEvent]) -> engine.NewPlayerRating | None:
        """The first rating the pooled results give (``None``: none yet)."""
        rules = self.rules
        if not uses_ru(rules):
            # The pooled games rated at once, as one event (FIDE Rating Regulations 2024, 7.1.3),
            # but for those of a first event whose score is disregarded (8.2.1): what
            # published_rating gives from each event's unrated_rating, in one rating.
            kept = [p for p in pooled if not (p.first and _unrated_rating(
                rules, p.opponents, p.results, first_event=True).disregarded)]
            return _unrated_rating(rules, [o for p in kept for o in p.opponents],
                                   [r for p in kept for r in p.results], first_event=False)
        pairs: list[engine.NewPlayerRating | tuple[float, int]] = [
            (p.ru, p.ru_games) for p in pooled if p.ru is not None and p.ru_games
        ]
        return engine.published_rating(pairs, rules=rules) if pairs else None

    def close(self) -> None:
        """Fold the period into the list and write the histories."""
        posts: dict[PlayerId, float | None] = {}
        self._close_rated(posts)
        self._close_unrated(posts)
        self._write_history(posts)

    def _close_rated(self, posts: dict[PlayerId, float | None]) -> None:
        """Each rated player's list rating after the period, his games, peak and events (delisted
        under the floor); his new rating into ``posts``."""
        entries = self.season.entries
        rules = self.rules
        round_change, floor, played, rated = rules.round_change, rules.rating_floor, self.played, self.rated
        for key, hundredths in self.change.items():
            entry = entries[key]
            start = entry.rating
            assert start is not None
            whole = int(start)
            if round_change and type(hundredths) is int and start == whole:
                # Whole hundredths rounded to whole points, halves away from zero.
                points = (abs(hundredths) + 50) // 100
                value = float(whole + (points if hundredths >= 0 else -points))
            else:
                value = float(_rounded(exact(start), Fraction(hundredths, 100), round_change))
            events = entry.events + played[key]
            if value < floor:
                # Under the floor the player is delisted and from then on treated as any other
                # unrated player (FIDE Rating Regulations 2024, the rating floor 1400).
                entries[key] = _listed(entry, None, None, entry.peak, (), events)
                posts[key] = None
                continue
            games = None if entry.games is None else entry.games + rated[key]
            # Games behind the rating after the period (None: 30 or more, count unknown).
            peak = float(max(entry.peak if entry.peak is not None else start, value))
            entries[key] = _closed(entry, value, games, peak, events)
            posts[key] = value

    def _close_unrated(self, posts: dict[PlayerId, float | None]) -> None:
        """Each unrated player who played in the period: his pooled results rated, a first rating
        or his results kept pending; his new rating (or ``None``) into ``posts``."""
        entries = self.season.entries
        horizon = _month(self.end) - self.season.settings.pool_months
        for key, new in self.pending.items():
            entry = entries[key]
            pooled = [p for p in (*entry.pending, *new) if _month(p.end_date) > horizon]
            first = self.first_rating(pooled)
            events = entry.events + self.played[key]
            if first is None or first.rating is None:
                entries[key] = _pooled(entry, tuple(pooled), events)
                posts[key] = None
            else:
                rating = float(first.rating)
                entries[key] = _listed(entry, rating, first.games, rating, (), events)
                posts[key] = rating

    def _write_history(self, posts: dict[PlayerId, float | None]) -> None:
        """Each player's history row of each of his events in the period, with his list rating
        after it (``posts``)."""
        keys, events, pres, changes, games = zip(*self.rows, strict=True) if self.rows else ((),) * 5
        self.season.working.write_history(
            keys, [event.id for event in events], "FIDE", pres, list(map(posts.__getitem__, keys)),
            [None if change is None else float(change / 100) for change in changes], games)


_closed = evolver("rating", "games", "peak", "events")
"""A rated entry after its period, those fields in that order (:meth:`_Period.close`)."""
_pooled = evolver("pending", "events")
"""An unrated entry after a period without a first rating, those fields in that order."""
_listed = evolver("rating", "games", "peak", "pending", "events")
"""An entry listed (a first rating) or delisted (under the floor) at a period's end, those fields
in that order."""


def _rounded(start: int | Fraction, total: Fraction, round_change: bool) -> int | Fraction:
    """The rating after a period's exact ``total`` change: the change rounded to a whole number
    (FIDE Rating Regulations 2024) or the new rating rounded (FIDE Handbook B.02, 10.53), halves
    away from zero."""
    return start + round_half_away(total) if round_change else round_half_away(start + total)


def _unrated_rating(rules: engine.FideRules, opponents: Sequence[float | None], results: Sequence[float],
                    *, first_event: bool) -> engine.NewPlayerRating:
    """:func:`xlrating.fide.unrated_rating` of a Swiss for values the season has checked (the list's
    ratings, the games' scores), without checking them again, without the steps and without the
    games recorded in it (the season reads its rating, its games and whether it was disregarded):
    from the sums over the games against rated opponents, as :func:`~xlrating.fide.unrated.new_player`
    takes them."""
    total: int | Fraction = 0
    games = halves = 0
    for opponent, result in zip(opponents, results, strict=True):
        if opponent is not None:
            total += exact(opponent)
            halves += int(2 * result)
            games += 1
    rated_total = (total, 1) if type(total) is int else (total.numerator, total.denominator)
    return new_player_of_sums(rules, games, halves, rated_total, skipped=len(results) - games,
                              first_event=first_event, explain=False)


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
    index = 0
    while index < len(events):
        first, last = period_of(events[index].end_date, season.settings.period_months)
        season.pass_to(first, adjustments, _adjust)
        batch = []
        while index < len(events) and events[index].end_date <= last:
            batch.append(events[index])
            index += 1
        period = _Period(season, last)
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
    rules = engine.get_rules(season.ratings.rules or None)
    on = period_of(last + dt.timedelta(days=1), season.settings.period_months)[1]
    entries = season.entries
    for key in season.working.played():
        entry = entries[key]
        if entry.k is not None and entry.rating is not None:
            k = next_k(rules, entry, on)
            if k != entry.k:
                entries[key] = evolve(entry, k=k)


def next_k(rules: engine.FideRules, entry: Entry, on: dt.date) -> float:
    """The K a K given on the list (FIDE's published K) becomes for a rating period ending ``on``
    (a period of the season, or the one after it, whose K the new list carries). Under the 2024
    regulations it is 10 for good once a published
    rating has reached 2400 (FIDE Rating Regulations 2024, 8.3.3). A K above the one the rules
    work out from the entry (a K 40 after the 30th game and the year of the 18th birthday) is
    lowered to it only where the entry tells it: its games are counted (``games`` not blank)
    and its birth date is known, or its highest rating has left the junior K behind; else the
    K given is kept. The 700 rule is each period's own, not the list's."""
    assert entry.k is not None and entry.rating is not None
    k = entry.k
    rule, why = k_rule(rules, entry.rating, entry.games, entry.peak, entry.birth_date, on)
    lower = float(rule) if rule < k else k
    if why == "top" and not rules.k_top_needs_games:
        return lower
    highest = max(entry.rating, entry.peak if entry.peak is not None else entry.rating)
    told = entry.games is not None and (
        rules.k_junior is None or entry.birth_date is not None or highest >= rules.k_junior_below)
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
