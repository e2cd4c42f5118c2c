"""FIDE rating lists: our changes against FIDE's published calculations and list ratings.

Source: ``tests/data/lists/fide-calculations.txt`` (see README.md there): FIDE's published
per-player calculations for 58 player-periods with two to five events each (2025-06 to
2026-10 lists), and the players' published standard list ratings. Nothing here is an
output of ours.

FIDE Rating Regulations 2024, 8.3: a rated player's change in an event is K x sum(score -
PD), PD from the table of 8.1.2 with the rating difference capped at 400 (8.3.1); the
change over the rating period is the sum of the changes of its events, and 8.3.4 rounds it
once, to the nearest whole number, 0.5 away from zero. Each event is rated from the
rating the player had on the list in force when the event started (FIDE's calculation
prints it as Ro).

What the tests show:

1. Every event (140 of them, 923 games, 41 against a capped rating): our
   :func:`xlrating.fide.rating_change`, from the Ro and the opponents' ratings FIDE used,
   with FIDE's K and the change left unrounded, equals FIDE's published K x chg to the
   hundredth, and the events add up to FIDE's "Total change".
2. The period: the new list rating is the base plus the period total rounded once. The
   base is the previous published list rating (51 periods, in which every Ro is the
   player's rating on the list in force when the event started), or, where FIDE rated the
   period's events from a rating other than the published one (7 periods, :data:`BASES`),
   the rating FIDE started from. 56 of the 58 published list ratings come out;
   :data:`UNEXPLAINED` holds the two that neither rounding explains.
3. The evidence: rounding each event's change and adding misses the published list in 12
   of the 56 reproduced periods (:data:`PER_EVENT_MISSES`); rounding once never does.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from lists_data import FideEvent, FidePeriod, fide_periods

from xlrating import fide

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
}

#: Periods whose published list change neither rounding reproduces, with the published
#: change and the total FIDE's calculation shows. Every Ro equals the published list and
#: the games match the list's count; the calculation as published does not account for the
#: last point (a correction FIDE made without a printed event).
UNEXPLAINED: dict[str, tuple[int, Fraction]] = {
    "F-M09": (-1, Fraction("-1.60")),
    "F-M18": (-3, Fraction("-1.60")),
}

#: Periods (of those reproduced) where adding the events' changes each rounded misses the
#: published list rating by a point; rounding the period once gives it.
PER_EVENT_MISSES = frozenset({
    "F-M02", "F-M03", "F-M05", "F-M06", "F-M12", "F-M13", "F-M16", "F-M24", "F-M45", "F-M48",
    "F-M49", "F-M51",
})

PERIODS = fide_periods()
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
    assert len(PERIODS) == 58
    assert len({p.case for p in PERIODS}) == 58
    assert len(EVENTS) == 140
    assert sum(len(e.games) for _, e in EVENTS) == 923
    assert sum(g.capped for _, e in EVENTS for g in e.games) == 41
    assert all(len(p.events) >= 2 for p in PERIODS)


@pytest.mark.parametrize(("period", "event"), EVENTS, ids=[f"{p.case}-{e.event_id}" for p, e in EVENTS])
def test_each_event_change_is_fides(period: FidePeriod, event: FideEvent) -> None:
    """K x sum(score - PD) from Ro: FIDE's chg (K = 1) and K x chg, to the hundredth."""
    assert len(event.games) == event.n
    assert sum(g.score for g in event.games) == event.score
    assert our_change(event, 1) == event.chg
    assert our_change(event, event.k) == event.k_chg
    assert event.k == period.list_k


@pytest.mark.parametrize(("period", "event"), EVENTS, ids=[f"{p.case}-{e.event_id}" for p, e in EVENTS])
def test_capped_opponents_are_400_away(period: FidePeriod, event: FideEvent) -> None:
    """FIDE Rating Regulations 2024, 8.3.1: the ratings FIDE marks capped are Ro +- 400,
    and no other difference exceeds 400 (every player here is rated below 2650)."""
    assert event.ro < 2650
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
    else:
        assert once == new


def test_rounding_each_event_misses_a_fifth_of_the_periods() -> None:
    """The evidence for rounding once: of the 56 reproduced periods, adding the events'
    changes each rounded (8.3.4 applied per event) gives the published list in 44 and misses
    it by a point in 12; rounding the period once gives all 56."""
    reproduced = [p for p in PERIODS if p.case not in UNEXPLAINED]
    misses = set()
    for period in reproduced:
        new = period.lists[period.period]
        per_event = base(period) + sum(round_half_away(our_change(e, e.k)) for e in period.events)
        assert base(period) + round_half_away(our_total(period)) == new
        if per_event != new:
            assert abs(per_event - new) == 1
            misses.add(period.case)
    assert len(reproduced) == 56
    assert misses == PER_EVENT_MISSES
    # The two unexplained periods are not explained by rounding each event either.
    for case in UNEXPLAINED:
        period = next(p for p in PERIODS if p.case == case)
        per_event = sum(round_half_away(our_change(e, e.k)) for e in period.events)
        assert per_event == round_half_away(our_total(period)) != UNEXPLAINED[case][0]
