"""A rated player: expected score, K and the rating change (FIDE Handbook 10.1, 10.5;
2024 regulations).

The arithmetic is exact (whole numbers, and :class:`fractions.Fraction` where a rating or K
has a fraction), so a change of exactly x.5 is rounded as the rules say and never by the
accident of binary floating point.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import date
from fractions import Fraction
from typing import Any

from .. import _check
from .rules import FideRules, RulesLike, get_rules
from .tables import dp_for, pd_row, round_half_away

Exact = int | Fraction
"""An exact number: a whole number as an ``int``, any other as a :class:`~fractions.Fraction`."""


def exact(value: float) -> Exact:
    """A checked number as an exact number: an ``int`` if it is whole, else a fraction (a float
    through its shortest decimal text)."""
    if isinstance(value, int):
        return value
    if float(value).is_integer():
        return int(value)
    return Fraction(repr(float(value)))


def pd_hundredths(rating: Exact, opponent: Exact, cap: int | None) -> int:
    """The player's PD in hundredths from table (b), with the difference capped at ``cap``
    (``None``: no cap). A fractional difference is rounded to a whole number first."""
    gap = rating - opponent
    difference = abs(gap) if isinstance(gap, int) else int(round_half_away(abs(gap)))
    if cap is not None and difference > cap:
        difference = cap
    high, low = pd_row(difference)
    return high if rating >= opponent else low


def expected_score(
    rating: float, opponent_rating: float, *, rules: RulesLike | None = None, on: date | None = None
) -> float:
    """The player's scoring probability PD against one opponent (FIDE Handbook 10.1 table (b),
    10.51 and the 2024 cap).

    The rating difference D is capped at the edition's cap (handbook 350, 2024 400). Under
    the 2024 regulations, from 1 October 2025 the cap applies only to players rated below
    2650; ``on`` is the date that decides it (the event's end date; ``None``: today).
    """
    r = exact(_check.rating("rating", rating))
    o = exact(_check.rating("opponent_rating", opponent_rating))
    edition = get_rules(rules)
    cap = edition.cap_for(float(r), _check.date("on", on) or date.today())
    return pd_hundredths(r, o, cap) / 100


def rating_difference(p: float) -> int:
    """The rating difference dp for a percentage score ``p`` (FIDE Handbook 10.1 table (a)).

    ``p`` (0 to 1) is rounded to hundredths, as the table lists it (an exact half, such as
    .125, away from .50, so that 1/8 and 7/8 get equal and opposite dp). For a score
    that rounds to 0 or 1 FIDE Handbook 10.1 says dp "is necessarily indeterminate": that raises
    :class:`~xlrating.fide.tables.IndeterminateError` (an :class:`ArgumentError`).
    """
    # Ten decimals first, so that a float such as 1 - 0.565 = 0.43500000000000005 is the .435 meant.
    return dp_for(exact(round(_check.fraction("p", p), 10)))


def k_rule(
    edition: FideRules,
    rating: float,
    games: int | None,
    highest_rating: float | None,
    birth_date: date | None,
    on: date,
) -> tuple[int, str]:
    """K by the edition's rules before the 700 rule (FIDE Handbook 10.52; 2024 regulations), and
    which rule decided it: ``"new"``, ``"top"``, ``"junior"`` or ``"standard"``."""
    highest = rating if highest_rating is None or highest_rating < rating else highest_rating
    top = highest >= edition.k_top_rating
    if top and not edition.k_top_needs_games:
        return edition.k_top, "top"
    if games is not None and games < edition.k_new_games:
        return edition.k_new, "new"
    if top:
        return edition.k_top, "top"
    if (edition.k_junior is not None and birth_date is not None
            and on.year <= birth_date.year + edition.k_junior_age and highest < edition.k_junior_below):
        return edition.k_junior, "junior"
    return edition.k_standard, "standard"


def k_limit(edition: FideRules, k: int, period_games: int | None) -> int:
    """The 700 rule (2024): if K x the period's games exceeds the limit, K is the largest whole
    number within it."""
    limit = edition.k_games_limit
    if limit is not None and period_games and k * period_games > limit:
        return limit // period_games
    return k


@functools.lru_cache(maxsize=64)
def given_k(k: float) -> tuple[int, int]:
    """A K given by the user, exactly, as ``(numerator, denominator)`` of its decimal value (an
    event, or a season, holds few distinct K: each is worked out once)."""
    exact = Fraction(repr(k))
    return exact.numerator, exact.denominator


def k_held(edition: FideRules, k: float, period_games: int | None) -> float:
    """A K given (FIDE's published K, say) held to the 700 rule over the period's games, which
    holds for every K (2024 regulations, 8.3.3): ``k``, or the largest whole number within the
    limit where ``k`` x the games exceeds it (compared exactly, :func:`given_k`)."""
    limit = edition.k_games_limit
    if limit is not None and period_games:
        numerator, denominator = given_k(k)
        if numerator * period_games > limit * denominator:
            return float(limit // period_games)
    return k


def k_with_reason(
    edition: FideRules,
    rating: float,
    games: int | None,
    highest_rating: float | None,
    birth_date: date | None,
    on: date,
    period_games: int | None,
) -> tuple[int, str]:
    """K from the edition's rules, and the rule that decided it in words."""
    k, rule = k_rule(edition, rating, games, highest_rating, birth_date, on)
    # Only the rule that decided it put in words (an explained 10,000-player event asks for
    # 8,700 reasons: 4 ms, where writing every rule's words took 11).
    if rule == "new":
        reason = f"new to the list: {games} games so far, fewer than {edition.k_new_games}"
    elif rule == "top":
        reason = f"a published rating has reached {edition.k_top_rating:g}"
    elif rule == "junior":
        reason = (f"under {edition.k_junior_age} (born {birth_date}) and rated under "
                  f"{edition.k_junior_below:g}")
    else:
        reason = f"rated under {edition.k_top_rating:g}"
    limited = k_limit(edition, k, period_games)
    if limited != k:
        reason += (f"; {k} x {period_games} games > {edition.k_games_limit}, so K = {limited} "
                   f"(the {edition.k_games_limit} rule)")
    return limited, reason


#: The lowest rating a FIDE list has published: the floor was 1000 under the regulations in
#: force before 1 March 2024 (and 1200 from 1 July 2009), so a rating under the 2024 floor can
#: be real, from an older list; a rating under 1000 cannot. :func:`~xlrating.fide.rate_event`,
#: :func:`k_factor` and :func:`rating_change` refuse it, as a crosstable's ``Rating`` cell does.
LOWEST_PUBLISHED = 1000


def _check_k_inputs(
    rating: Any, games: Any, highest_rating: Any, birth_date: Any, period_games: Any
) -> tuple[float, int | None, float | None, date | None, int | None]:
    r = _check.rating("rating", rating, low=LOWEST_PUBLISHED)
    g = None if games is None else _check.whole("games", games)
    h = (None if highest_rating is None
         else _check.rating("highest_rating", highest_rating, low=LOWEST_PUBLISHED))
    b = _check.date("birth_date", birth_date)
    pg = None if period_games is None else _check.whole("period_games", period_games)
    return r, g, h, b, pg


def k_factor(
    rating: float,
    *,
    games: int | None = None,
    highest_rating: float | None = None,
    birth_date: date | None = None,
    on: date | None = None,
    period_games: int | None = None,
    k: float | None = None,
    rules: RulesLike | None = None,
) -> float:
    """The development coefficient K (FIDE Handbook 10.52; 2024 regulations).

    ``games``: rated games behind the rating (``None``: established, 30 or more);
    ``highest_rating``: the highest published rating (``None``: ``rating``);
    ``birth_date`` and ``on`` (the rating period's date, ``None``: today) decide the 2024
    under-18 rule (until the end of the year of the 18th birthday, rated under 2300);
    ``period_games``: games in the period, for the 2024 700 rule. ``k``: a K given by
    the user (it must be positive), returned as is but for the 700 rule (:func:`k_held`).

    Handbook (10.52): 25 until 30 games; 10 once a published rating has reached 2400 and
    30 games are completed; else 15.
    2024 (8.3.3): 10 once a published rating has reached 2400 (permanently, whatever the
    games); else 40 until 30 games; 40 for a junior rated under 2300; else 20; then the
    700 rule.
    """
    edition = get_rules(rules)
    r, g, h, b, pg = _check_k_inputs(rating, games, highest_rating, birth_date, period_games)
    when = _check.date("on", on) or date.today()
    if k is not None:
        return k_held(edition, _check.positive("k", k), pg)
    return float(k_limit(edition, k_rule(edition, r, g, h, b, when)[0], pg))


def change_of(
    edition: FideRules, k: Exact, rating: Exact, opponents: Sequence[Exact],
    halves: Sequence[int], cap: int | None,
) -> tuple[Fraction, Fraction, list[int]]:
    """``(exact change, change as the edition rounds it, PD of each game in hundredths)`` for
    results in half points: K x sum(score - PD)."""
    pds = [pd_hundredths(rating, o, cap) for o in opponents]
    excess = sum(50 * h - pd for h, pd in zip(halves, pds, strict=True))
    raw = Fraction(k) * excess / 100
    return raw, (round_half_away(raw) if edition.round_change else raw), pds


def rating_change(
    rating: float,
    opponent_ratings: Sequence[float],
    results: Sequence[Any],
    *,
    k: float | None = None,
    rules: RulesLike | None = None,
    games: int | None = None,
    highest_rating: float | None = None,
    birth_date: date | None = None,
    on: date | None = None,
) -> float:
    """A rated player's rating change: K x sum(score - PD) (FIDE Handbook 10.51; 2024).

    ``opponent_ratings`` are the rated opponents; ``results`` are 1/0.5/0 or W/D/L. PD
    comes from table (b) with the edition's cap (``on``, the event's end date, decides the
    2024 exception for players rated 2650 or more; ``None``: today). K is ``k`` if given,
    else :func:`k_factor` of ``games``, ``highest_rating``, ``birth_date`` and ``on``, either
    with these games as the period's for the 700 rule. 2024: rounded to a whole number, halves away from zero;
    handbook: not rounded (10.53 rounds the new rating instead).
    """
    edition = get_rules(rules)
    r, g, h, b, _ = _check_k_inputs(rating, games, highest_rating, birth_date, None)
    opponents = _check.ratings("opponent_ratings", opponent_ratings, low=LOWEST_PUBLISHED)
    scores = _check.results("results", results)
    _check.same_length(("opponent_ratings", "results"), opponents, scores)
    when = _check.date("on", on) or date.today()
    if k is not None:
        kk = exact(k_held(edition, _check.positive("k", k), len(scores)))
    else:
        kk = k_limit(edition, k_rule(edition, r, g, h, b, when)[0], len(scores))
    r_exact = exact(r)
    _, change, _ = change_of(edition, kk, r_exact, [exact(o) for o in opponents],
                             [int(2 * s) for s in scores], edition.cap_for(r, when))
    return float(change)
