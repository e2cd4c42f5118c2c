"""Properties of seasons: a season is its events rated one by one, in date order, and
rating it again (after a correction) gives the list as if it were rated once."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating import uscf
from xlrating.fide.tables import round_half_away
from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.model import Game

DATES = [dt.date(2024, 5, day) for day in (3, 10, 10, 24)] + [dt.date(2024, 6, 7), dt.date(2024, 7, 7)]
IDS = list(range(1, 7))


@st.composite
def events(draw: st.DrawFn, count: int | None = None) -> list[Event]:
    """A few events among six listed players, each player at most once per round."""
    number = count if count is not None else draw(st.integers(1, 4))
    result = []
    for index in range(number):
        games = []
        for rnd in range(1, draw(st.integers(1, 3)) + 1):
            order = draw(st.permutations(IDS))
            pairs = draw(st.integers(1, 3))
            for a, b in zip(order[: 2 * pairs : 2], order[1 : 2 * pairs : 2], strict=True):
                games.append((rnd, a, b, draw(st.sampled_from([0.0, 0.5, 1.0]))))
        result.append(Event(f"e{index}", draw(st.sampled_from(DATES)), games))
    return result


@st.composite
def lists(draw: st.DrawFn, system: str) -> RatingList:
    entries = {}
    for key in IDS:
        rating = draw(st.integers(1300, 2300))
        games = draw(st.sampled_from([None, 12, 40]))
        extra = {"k": 24} if system == "ICU" else {}
        entries[key] = Entry(key, rating, games, **extra)  # type: ignore[arg-type]
    return RatingList(system, entries)


def _by_date(items: list[Event]) -> list[Event]:
    return sorted(items, key=lambda e: e.end_date)


@settings(max_examples=40, deadline=None)
@given(lists("USCF"), events())
def test_uscf_season_equals_the_engine_event_by_event(
    ratings: RatingList, season_events: list[Event]
) -> None:
    # By hand: every event in date order through the engine, each player's rating, N, wins,
    # draws, events and peak typed in from the previous outputs.
    state = {
        e.id: {"rating": e.rating, "games": e.games, "wins": 0, "draws": 0, "events": 0, "peak": None}
        for e in ratings
    }
    for event in _by_date(season_events):
        ids = list(dict.fromkeys(x for _, a, b, _ in event.games for x in (a, b)))
        number = {key: i + 1 for i, key in enumerate(ids)}
        players = [uscf.UscfPlayer(number[key], **state[key]) for key in ids]  # type: ignore[arg-type]
        games = [Game(r, number[a], number[b], s) for r, a, b, s in event.games]
        outcome = uscf.rate_event(players, games, end_date=event.end_date)
        for key in ids:
            result = outcome.player(number[key])
            scores = [s if a == key else 1 - s for _, a, b, s in event.games if key in (a, b)]
            before = state[key]
            attained = [
                v
                for v in (
                    before["peak"],
                    before["rating"] if before["games"] is None or before["games"] > 25 else None,
                    result.post_rating if result.post_games is None or result.post_games > 25 else None,
                )
                if v is not None
            ]
            state[key] = {
                "rating": result.post_rating,
                "games": result.post_games,
                "wins": before["wins"] + scores.count(1.0),
                "draws": before["draws"] + scores.count(0.5),
                "events": before["events"] + (len(scores) >= 3),
                "peak": max(attained, default=None),
            }
    season = rate_season(ratings, season_events)
    for key, expected in state.items():
        entry = season.list[key]
        assert (entry.rating, entry.games, entry.wins, entry.draws, entry.events, entry.peak) == (
            expected["rating"],
            expected["games"],
            expected["wins"],
            expected["draws"],
            expected["events"],
            expected["peak"],
        )


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["USCF", "ICU", "FIDE"]).flatmap(lambda s: st.tuples(lists(s), events())), st.randoms()
)
def test_order_is_by_date_and_stable(case: tuple[RatingList, list[Event]], rng: object) -> None:
    ratings, season_events = case
    expected = rate_season(ratings, _by_date(season_events))
    assert rate_season(ratings, season_events) == expected
    # Shuffling events of different dates changes nothing; events of one date keep their order.
    shuffled = list(season_events)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    ties = {e.end_date: [x.id for x in season_events if x.end_date == e.end_date] for e in season_events}
    reordered = sorted(shuffled, key=lambda e: (e.end_date, ties[e.end_date].index(e.id)))
    assert rate_season(ratings, reordered) == expected


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["USCF", "ICU"]).flatmap(lambda s: st.tuples(lists(s), events())), st.data())
def test_a_season_continues_from_its_list_and_re_rating_is_idempotent(
    case: tuple[RatingList, list[Event]], data: st.DataObject
) -> None:
    ratings, season_events = case
    ordered = _by_date(season_events)
    whole = rate_season(ratings, ordered)
    cut = data.draw(st.integers(0, len(ordered)))
    first = rate_season(ratings, ordered[:cut])
    assert rate_season(first.list, ordered[cut:]).list == whole.list
    # A disputed result in the first event: rate with it, then again corrected from the same list.
    wrong = [
        Event(ordered[0].id, ordered[0].end_date, [(r, a, b, 1 - s) for r, a, b, s in ordered[0].games]),
        *ordered[1:],
    ]
    rate_season(ratings, wrong)
    assert rate_season(ratings, ordered) == whole


@settings(max_examples=40, deadline=None)
@given(lists("FIDE"), events())
def test_fide_list_change_is_the_periods_exact_change_rounded_once(
    ratings: RatingList, season_events: list[Event]
) -> None:
    season = rate_season(ratings, season_events, explain=True)
    # Each period's exact change from the engine's own game lines, summed, then rounded.
    by_period: dict[tuple[object, int], Fraction] = {}
    for event in season_events:
        outcome = season.outcomes[event.id][0]
        ids = list(dict.fromkeys(x for _, a, b, _ in event.games for x in (a, b)))
        for number, key in enumerate(ids, start=1):
            change = sum(
                (Fraction(repr(g.change)) for g in outcome.player(number).games if g.change is not None),
                Fraction(0),
            )
            period = (key, event.end_date.month)
            by_period[period] = by_period.get(period, Fraction(0)) + change.limit_denominator(1000)
    rating: dict[object, Fraction | None] = {e.id: Fraction(e.rating or 0) for e in ratings}
    for (key, _month), change in sorted(by_period.items(), key=lambda item: item[0][1]):
        now = rating[key]
        if now is None:
            continue  # delisted in an earlier period: an unrated player since
        now += round_half_away(change)
        # Under the 1400 floor a player is delisted (FIDE Rating Regulations 2024) and is then
        # an unrated player, whose first rating is another rule, tested on its own.
        rating[key] = None if now < 1400 else now
    for key, value in rating.items():
        if value is None:
            continue
        assert season.list.rating(key) == value
