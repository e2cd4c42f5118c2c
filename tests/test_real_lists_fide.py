"""FIDE rating lists: our changes against FIDE's published calculations and list ratings.

Source: ``tests/data/lists/fide-calculations.txt`` and ``fide-calculations-selected.txt`` (see
README.md there): FIDE's published per-player calculations for 58 player-periods with two to
five events each, drawn in a fixed pseudo-random order (2025-06 to 2026-10 lists), and 5
chosen to show particular rules, with the players' published standard list ratings.
Nothing here is an output of ours.

FIDE Rating Regulations 2024, 8.3: a rated player's change in an event is K x sum(score -
PD), PD from the table of 8.1.2 with the rating difference capped at 400 (8.3.1); the
change over the rating period is the sum of the changes of its events, and 8.3.4 rounds it
once, to the nearest whole number, 0.5 away from zero. Each event is rated from the
rating the player had on the list in force when the event started (FIDE's calculation
prints it as Ro).

What the tests show:

1. Every event (153 of them, 1,002 games, 60 against a capped rating): our
   :func:`xlrating.fide.rating_change`, from the Ro and the opponents' ratings FIDE used,
   with FIDE's K and the change left unrounded, equals FIDE's published K x chg to the
   hundredth (and so does :func:`xlrating.fide.rate_event`), and the events add up to
   FIDE's "Total change".
2. The period: the new list rating is the base plus the period total rounded once. The
   base is the previous published list rating (55 periods, in which every Ro is the
   player's rating on the list in force when the event started), or, where FIDE rated the
   period's events from a rating other than the published one (8 periods, :data:`BASES`),
   the rating FIDE started from. 60 of the 63 published list ratings come out this way.
   :data:`UNEXPLAINED` holds the two that neither rounding explains and
   :data:`PER_EVENT_ONLY` the one that only rounding each event gives.
3. The evidence: rounding each event's change and adding misses the published list in 13
   of the 60 periods rounding once reproduces (:data:`PER_EVENT_MISSES`), against the one
   period of :data:`PER_EVENT_ONLY`.
4. K (8.3.3): our :func:`xlrating.fide.k_factor` gives FIDE's K for every event, from the
   rating, the year of birth, the highest list rating here and the period's games (for four
   players rated K 10 below 2400 the earlier 2400 is not in the data and is supplied).
5. Single rules the selected calculations show: the 700 rule (K 17 for 39 games), no cap
   for a player rated 2650 or more from 1 October 2025, and the cap seen from the other
   side of the same game.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest
from lists_data import FideEvent, FidePeriod, fide_periods, fide_selected

from xlrating import fide
from xlrating.model import Game, Method

#: The 2024 regulations with the event's change left unrounded, so that the period can be
#: rounded once (8.3.4).
UNROUNDED = replace(fide.FIDE_2024, round_change=False)

#: Periods where FIDE rated the events from a rating other than the previous published list
#: rating, and the base the published new list rating is built on. ``"Ro"``: the rating FIDE
#: rated the period's events from the previous list with (the published list rating,
#: corrected); ``"list"``: the previous published list rating although Ro differs.
BASES: dict[str, str] = {
    # Ro 1622 (April) and 1708 (May) against published 1614 and 1705.
    "F-M01": "Ro",
    # Ro 1617 against the published October list's 1620; the November list is 1620 + 1.
    "F-M02": "list",
    # Ro 1952 against the published October and November lists' 1953.
    "F-M04": "Ro",
    # Ro 1936 against the published February list's 1937.
    "F-M11": "Ro",
    # Ro 1975 against the published March list's 1976.
    "F-M14": "Ro",
    # Ro 1764 (February) and 1776 (March) against published 1762 and 1772.
    "F-M17": "Ro",
    # Ro 1812 against the published September list's 1811 (the August event's Ro 1813 agrees).
    "F-M57": "Ro",
    # Ro 2053 against the published November list's 2052 (the source notes it).
    "F-P04": "Ro",
}

#: Periods whose published list change neither rounding reproduces, with the published
#: change and the total FIDE's calculation shows. Every Ro equals the published list and
#: the games match the list's count; the calculation as published does not account for the
#: last point (a correction FIDE made without a printed event).
UNEXPLAINED: dict[str, tuple[int, Fraction]] = {
    "F-M09": (-1, Fraction("-1.60")),
    "F-M18": (-3, Fraction("-1.60")),
}

#: The period whose published list rating only rounding each event's change gives: 2400 +
#: round(-6.10) + round(3.70) + round(7.80) = 2406, where the total 5.40 rounds to 5. Its first
#: event was rated from the October list, the others from November's; F-M01 and F-M03, with the
#: same mix of lists, follow rounding once. Not explained.
PER_EVENT_ONLY = frozenset({"F-P02"})

#: Periods (of those rounding once reproduces) where adding the events' changes each rounded
#: misses the published list rating by a point.
PER_EVENT_MISSES = frozenset({
    "F-M02", "F-M03", "F-M05", "F-M06", "F-M12", "F-M13", "F-M16", "F-M24", "F-M45", "F-M48",
    "F-M49", "F-M51", "F-P05",
})

#: The 1 October 2025 amendment of the FIDE Rating Regulations 2024, 8.3.1: from then on the
#: 400-point cap applies only to players rated below 2650.
AMENDMENT = date(2025, 10, 1)

PERIODS = fide_periods() + fide_selected()
EVENTS = [(p, e) for p in PERIODS for e in p.events]


def round_half_away(value: Fraction) -> int:
    """The nearest whole number, 0.5 away from zero (FIDE Rating Regulations 2024, 8.3.4)."""
    whole = int(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


def hundredths(value: float) -> Fraction:
    """A float that carries an exact number of hundredths, as that fraction."""
    exact = Fraction(round(value * 100), 100)
    assert abs(value - float(exact)) < 1e-9, value
    return exact


def our_change(event: FideEvent, k: float) -> Fraction:
    """Our unrounded change for ``event``: K x sum(score - PD) from FIDE's Ro."""
    return hundredths(fide.rating_change(
        event.ro, [g.opponent for g in event.games], [float(g.score) for g in event.games],
        k=k, rules=UNROUNDED, on=event.end,
    ))


def our_total(period: FidePeriod) -> Fraction:
    return sum((our_change(e, e.k) for e in period.events), Fraction(0))


def base(period: FidePeriod) -> int:
    """The rating the new list is built on (see :data:`BASES`)."""
    if BASES.get(period.case) == "Ro":
        latest = max(period.events, key=lambda e: e.start)
        assert f"{latest.start:%Y-%m}" == period.previous, "rated from the previous list"
        return latest.ro
    return period.lists[period.previous]


def test_the_data_set() -> None:
    assert len(fide_periods()) == 58 and len(fide_selected()) == 5
    assert len({p.case for p in PERIODS}) == 63
    assert len(EVENTS) == 153
    assert sum(len(e.games) for _, e in EVENTS) == 1002
    assert sum(g.capped for _, e in EVENTS for g in e.games) == 60
    assert all(len(p.events) >= 2 for p in fide_periods())


@pytest.mark.parametrize(("period", "event"), EVENTS, ids=[f"{p.case}-{e.event_id}" for p, e in EVENTS])
def test_each_event_change_is_fides(period: FidePeriod, event: FideEvent) -> None:
    """K x sum(score - PD) from Ro: FIDE's chg (K = 1) and K x chg, to the hundredth."""
    assert len(event.games) == event.n
    assert sum(g.score for g in event.games) == event.score
    assert our_change(event, 1) == event.chg
    assert our_change(event, event.k) == event.k_chg
    # FIDE's K is the list's, except under the 700 rule (test_the_700_rule).
    assert event.k == period.list_k or period.case == "F-P05"


@pytest.mark.parametrize(("period", "event"), EVENTS, ids=[f"{p.case}-{e.event_id}" for p, e in EVENTS])
def test_each_event_change_by_rate_event(period: FidePeriod, event: FideEvent) -> None:
    """The same through :func:`xlrating.fide.rate_event`: the player (rated Ro, FIDE's K) against
    one opponent per game at the rating FIDE used, the change left unrounded."""
    players = [fide.FidePlayer(1, rating=event.ro, k=event.k)]
    players += [fide.FidePlayer(n, rating=g.opponent) for n, g in enumerate(event.games, 2)]
    games = [Game(n - 1, 1, n, float(g.score)) for n, g in enumerate(event.games, 2)]
    outcome = fide.rate_event(players, games, end_date=event.end, rules=UNROUNDED).players[0]
    assert outcome.method is Method.ELO
    assert outcome.change is not None and hundredths(outcome.change) == event.k_chg


@pytest.mark.parametrize(("period", "event"), EVENTS, ids=[f"{p.case}-{e.event_id}" for p, e in EVENTS])
def test_capped_opponents_are_400_away(period: FidePeriod, event: FideEvent) -> None:
    """FIDE Rating Regulations 2024, 8.3.1: the ratings FIDE marks capped are Ro +- 400,
    and no other difference exceeds 400; a player rated 2650 or more in an event ending from
    1 October 2025 has no capped game."""
    if event.ro >= 2650 and event.end >= AMENDMENT:
        assert not any(g.capped for g in event.games)
        return
    for game in event.games:
        difference = abs(game.opponent - event.ro)
        assert difference == 400 if game.capped else difference <= 400


@pytest.mark.parametrize("period", PERIODS, ids=[p.case for p in PERIODS])
def test_period_total_is_fides(period: FidePeriod) -> None:
    assert our_total(period) == period.total_shown


@pytest.mark.parametrize("period", PERIODS, ids=[p.case for p in PERIODS])
def test_rated_from_the_list_in_force_at_the_start(period: FidePeriod) -> None:
    """Outside :data:`BASES`, every event's Ro is the published list rating in force when it
    started, and the list in force for the period's latest event is the previous one or an
    earlier one (an event that started before the previous list was published)."""
    for event in period.events:
        month = f"{event.start:%Y-%m}"
        assert month <= period.previous
        if period.case not in BASES and month in period.lists:
            assert event.ro == period.lists[month]
    if period.case in BASES:
        assert any(e.ro != period.lists.get(f"{e.start:%Y-%m}", e.ro) for e in period.events)


@pytest.mark.parametrize("period", PERIODS, ids=[p.case for p in PERIODS])
def test_new_list_rating_is_the_period_total_rounded_once(period: FidePeriod) -> None:
    new = period.lists[period.period]
    once = base(period) + round_half_away(our_total(period))
    if period.case in UNEXPLAINED:
        change, shown = UNEXPLAINED[period.case]
        assert period.total_shown == shown
        assert new - period.lists[period.previous] == change
        assert once != new
        assert sum(len(e.games) for e in period.events) == period.list_games
    elif period.case in PER_EVENT_ONLY:
        assert once == new - 1
        assert base(period) + sum(round_half_away(our_change(e, e.k)) for e in period.events) == new
    else:
        assert once == new


def test_rounding_each_event_misses_a_fifth_of_the_periods() -> None:
    """The evidence for rounding once: of the 60 periods rounding once reproduces, adding the
    events' changes each rounded (8.3.4 applied per event) gives the published list in 47
    and misses it by a point in 13; one period (:data:`PER_EVENT_ONLY`) goes the other way."""
    reproduced = [p for p in PERIODS if p.case not in UNEXPLAINED and p.case not in PER_EVENT_ONLY]
    misses = set()
    for period in reproduced:
        new = period.lists[period.period]
        per_event = base(period) + sum(round_half_away(our_change(e, e.k)) for e in period.events)
        assert base(period) + round_half_away(our_total(period)) == new
        if per_event != new:
            assert abs(per_event - new) == 1
            misses.add(period.case)
    assert len(reproduced) == 60
    assert misses == PER_EVENT_MISSES
    # The two unexplained periods are not explained by rounding each event either.
    for case in UNEXPLAINED:
        period = next(p for p in PERIODS if p.case == case)
        per_event = sum(round_half_away(our_change(e, e.k)) for e in period.events)
        assert per_event == round_half_away(our_total(period)) != UNEXPLAINED[case][0]


#: Players FIDE rated with K 10 below 2400 whose lists here never reach 2400: their published
#: rating reached 2400 before (K 10 is then permanent, 8.3.3); that rating is not in the data.
ONCE_2400 = frozenset({"F-M13", "F-M15", "F-M37", "F-M47"})


@pytest.mark.parametrize(("period", "event"), EVENTS, ids=[f"{p.case}-{e.event_id}" for p, e in EVENTS])
def test_k_by_the_rules(period: FidePeriod, event: FideEvent) -> None:
    """FIDE Rating Regulations 2024, 8.3.3: our K from the rating FIDE rated the event from, the
    highest published list rating here (or 2400 for :data:`ONCE_2400`), the year of birth (the
    under-18 rule goes by the year) and the period's games (the 700 rule) is FIDE's K."""
    highest = max(period.lists.values())
    assert (event.k == 10 and highest < 2400) == (period.case in ONCE_2400)
    if period.case in ONCE_2400:
        highest = 2400
    ours = fide.k_factor(event.ro, highest_rating=highest, birth_date=date(period.born, 1, 1),
                         on=event.end, period_games=period.list_games)
    assert ours == event.k


def selected(case: str) -> FidePeriod:
    return next(p for p in fide_selected() if p.case == case)


def test_the_700_rule() -> None:
    """F-P05: 39 rated games in the period; the list's K is 20 and FIDE rated every event with
    K 17, the largest K with K x 39 <= 700 (FIDE Rating Regulations 2024, 8.3.3)."""
    period = selected("F-P05")
    games = sum(len(e.games) for e in period.events)
    assert games == period.list_games == 39
    assert period.list_k == fide.k_factor(2054, on=date(2026, 9, 27)) == 20
    assert {e.k for e in period.events} == {17}
    assert fide.k_factor(2054, on=date(2026, 9, 27), period_games=games) == 17


def test_no_cap_from_2650_after_the_amendment() -> None:
    """F-P01: rated 2813 in an event ending 9 November 2025, the player is rated against 1787,
    1026 points below, with the full difference: from 1 October 2025 the cap no longer applies
    from 2650. Under the cap (an event ending before the amendment) the change would differ."""
    event = selected("F-P01").events[0]
    opponents, scores = [g.opponent for g in event.games], [float(g.score) for g in event.games]
    uncapped = fide.rating_change(event.ro, opponents, scores, k=1, rules=UNROUNDED, on=event.end)
    before = date(2025, 9, 30)
    capped = fide.rating_change(event.ro, opponents, scores, k=1, rules=UNROUNDED, on=before)
    assert hundredths(uncapped) == event.chg
    assert hundredths(capped) != event.chg
    assert round_half_away(event.k_chg) == -3 == selected("F-P01").lists["2025-12"] - event.ro


def test_the_cap_seen_from_the_other_side() -> None:
    """F-P02, rated 2400, lost to F-P01's player (2813 on the November list) in the Dulles Open:
    FIDE shows 2800*, the capped rating. Rated against the real 2813, our cap gives FIDE's
    change."""
    event = next(e for e in selected("F-P02").events if e.event_id == 435715)
    assert event.event_id in {e.event_id for e in selected("F-P01").events}
    real = [2813 if g.opponent == 2800 and g.capped else g.opponent for g in event.games]
    assert real != [g.opponent for g in event.games]
    ours = fide.rating_change(event.ro, real, [float(g.score) for g in event.games], k=event.k,
                              rules=UNROUNDED, on=event.end)
    assert hundredths(ours) == event.k_chg
