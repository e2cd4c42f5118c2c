"""New (unrated) players: Ru in one event, the round-robin average Ra, and Rn across events
(FIDE Handbook 10.2 to 10.3; 2024 regulations).

Handbook (10.2): Rc is the average rating of the opponents (Swiss and team events) or the
tournament average Ra (round robins, 10.21b); Ru = Rc at 50%, Rc + 12.5 per half point
over 50%, Rc + dp under 50% (round robins: Rc + dp x n/(n+1)). A first event under one
point is disregarded; Rn is the weighted average of the Ru results (10.3), leading
results under 1401 ignored (10.31) and only an Rn of 1401 or more published (10.33).

2024: only games against rated opponents count, at least 5 of them; Ra is their
average with two hypothetical opponents rated 1800, both drawn; Ru = Ra + dp over all
games including the two, rounded half away from zero, at most 2200; listed from 1400;
a first event with a score of zero is disregarded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .. import _check
from ..errors import ArgumentError
from ..model import EventType, Step, _slot_filling_init
from .rating import LOWEST_PUBLISHED, exact
from .rules import FideRules, RulesLike, get_rules
from .tables import IndeterminateError, dp_for, dp_of_row, round_half_away


@_slot_filling_init
@dataclass(frozen=True, slots=True)
class NewPlayerRating:
    """A new player's rating from one event (Ru) or from several (Rn), with its explanation."""

    rating: int | None
    """The result that counts: Ru (or Rn) after every rule; ``None`` when the rules give
    none (disregarded score, too few games, under the floor, indeterminate dp)."""
    ru: int | None
    """The rating the formula gave, before the floor and listing rules (``None``: not computed)."""
    competition: float | None
    """Rc, the rating of the competition (2024: Ra with the hypothetical opponents)."""
    score: float
    """Points in the games that count (2024: without the hypothetical draws)."""
    games: int
    """Games that count (2024: without the hypothetical opponents)."""
    p: float | None
    """The percentage score used for dp (2024: including the hypothetical draws)."""
    dp: int | None
    """dp from table (a), if the formula used it."""
    opponent_ratings: tuple[float | None, ...] = ()
    """The opponents as given (``None``: unrated)."""
    results: tuple[float, ...] = ()
    """The results as given."""
    disregarded: bool = False
    """The score was disregarded (a first event under one point; 2024: a score of zero)."""
    steps: tuple[Step, ...] = ()
    """How the rating came about."""
    notes: tuple[str, ...] = ()
    """Short remarks: disregarded, too few games, floor, maximum."""


Exact = int | Fraction
"""An exact rating: a whole number as an ``int``, any other as a :class:`~fractions.Fraction`."""


def _ratio(value: Exact) -> tuple[int, int]:
    """``value`` as ``(numerator, denominator)``, the denominator positive."""
    if isinstance(value, int):
        return value, 1
    return value.numerator, value.denominator


def _show(numerator: int, denominator: int) -> str:
    return f"{numerator / denominator:.2f}".rstrip("0").rstrip(".")


def ru_from_competition(
    edition: FideRules, competition: tuple[int, int], halves: int, games: int, round_robin: bool,
    opponents: int | None = None, explain: bool = True,
) -> tuple[int, int | None, list[Step]]:
    """Ru from Rc (``(numerator, denominator)``) for a score of ``halves`` half points in ``games``
    games: ``(Ru, dp or None, steps)`` (FIDE Handbook 10.22 to 10.25; 2024 Ru = Ra + dp). Raises
    :class:`IndeterminateError` if dp is needed at 0% or 100%.

    ``opponents``: a round robin's n, "the number of opponents" (10.21b iii), which 10.25's
    n/(n+1) uses; ``None``: the number of games (a single round robin)."""
    steps: list[Step] = []
    over = halves - games
    """Half points over 50%."""
    n = games if opponents is None else opponents
    rc, unit = competition
    step = edition.plus_score_step
    dp: int | None = None
    if step is not None and over == 0:
        raw, formula = (rc, unit), "50% score: Ru = Rc (10.22)"
    elif step is not None and over > 0:
        raw = (rc * step.denominator + step.numerator * over * unit, unit * step.denominator)
        formula = f"{over:g} half points over 50%: Ru = Rc + {float(step):g} x {over:g} (10.23)"
    else:
        row = 50 + _round((halves - games) * 50, games)
        dp = dp_of_row(row, halves / (2 * games))
        if explain:
            steps.append(Step("p", halves / (2 * games), f"{halves / 2:g} / {games}, table row .{row:02d}"))
            steps.append(Step("dp", dp, "table (a)"))
        if round_robin:
            raw = (rc * (n + 1) + dp * n * unit, unit * (n + 1))
            formula = f"under 50% in a round robin: Ru = Rc + dp x n/(n+1), n = {n} opponents (10.25)"
        elif step is not None:
            raw, formula = (rc + dp * unit, unit), "under 50%: Ru = Rc + dp (10.24)"
        else:
            raw, formula = (rc + dp * unit, unit), "Ru = Ra + dp"
    ru = _round(*raw)
    if explain:
        steps.append(Step("Ru", ru, f"{formula} = {_show(*raw)}, {ROUNDED}"))
    return ru, dp, steps


ROUNDED = "rounded to a whole number, halves away from zero"


def _round(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to a whole number, halves away from zero."""
    whole = (2 * abs(numerator) + denominator) // (2 * denominator)
    return whole if numerator >= 0 else -whole


def new_player(
    edition: FideRules,
    opponents: Sequence[Exact | None],
    halves: Sequence[int],
    *,
    round_robin: bool,
    competition: Exact | None,
    first_event: bool,
    competition_detail: str = "round robin: Rc = the tournament average Ra (10.21b)",
    opponents_in_event: int | None = None,
    explain: bool = True,
) -> NewPlayerRating:
    """The core of :func:`unrated_rating` on exact numbers (see there): the opponents' ratings
    (``None``: unrated) and the player's results in half points; ``opponents_in_event`` is its
    ``opponents``. ``explain=False`` leaves the steps out."""
    if round_robin:
        counted = list(zip(opponents, halves, strict=True))
        rated_total = None
    else:
        counted = [(o, h) for o, h in zip(opponents, halves, strict=True) if o is not None]
        rated_total = _ratio(sum(o for o, _ in counted if o is not None))
    return new_player_of_sums(
        edition, len(counted), sum(h for _, h in counted), rated_total, skipped=len(halves) - len(counted),
        round_robin=round_robin, competition=competition, first_event=first_event,
        competition_detail=competition_detail, opponents_in_event=opponents_in_event, explain=explain,
        opponent_ratings=tuple(None if o is None else float(o) for o in opponents),
        results=tuple(h / 2 for h in halves))


def new_player_of_sums(
    edition: FideRules,
    games: int,
    halves: int,
    rated_total: tuple[int, int] | None,
    *,
    skipped: int = 0,
    round_robin: bool = False,
    competition: Exact | None = None,
    first_event: bool,
    competition_detail: str = "round robin: Rc = the tournament average Ra (10.21b)",
    opponents_in_event: int | None = None,
    explain: bool = True,
    opponent_ratings: tuple[float | None, ...] = (),
    results: tuple[float, ...] = (),
) -> NewPlayerRating:
    """A new player's Ru (FIDE Handbook 10.2; 2024 regulations) from the sums over the games
    that count: ``games`` of them, ``halves`` the score in them in half points, and (a Swiss)
    ``rated_total``, the sum of those opponents' ratings as ``(numerator, denominator)``, or (a
    handbook round robin) ``competition``, the tournament average Ra. ``skipped``: games against
    unrated opponents, not counted. ``opponent_ratings`` and ``results`` are recorded as given."""
    steps: list[Step] = []
    notes: list[str] = []
    if skipped:
        notes.append(not_counted(skipped))
    n = games
    points = halves
    score = points / 2

    def outcome(rating: int | None, ru: int | None = None, rc: tuple[int, int] | None = None,
                p: float | None = None, dp: int | None = None, disregarded: bool = False) -> NewPlayerRating:
        # Every field by position (rating, ru, competition, score, games, p, dp, opponent ratings,
        # results, disregarded, steps, notes): an event builds one per new player.
        competition = None if rc is None else rc[0] / rc[1]
        return NewPlayerRating(rating, ru, competition, score, n, p, dp, opponent_ratings, results,
                               disregarded, tuple(steps), tuple(notes))

    if n == 0:
        notes.append("no games against rated opponents: no rating")
        return outcome(None)
    what = _disregarded(edition, points, first_event)
    if what is not None:
        notes.append(f"score {what} in the first rated event: disregarded")
        if explain:
            steps.append(Step("Score", score, f"first event, score {what}: disregarded "
                                              f"({'10.21' if edition.plus_score_step else '2024'})"))
        return outcome(None, disregarded=True)
    if _too_few_games(edition, n):
        notes.append(f"fewer than {edition.min_rated_games} games against rated opponents: no rating")
        return outcome(None)
    rc, rc_steps = _competition(edition, n, rated_total, round_robin, competition, competition_detail,
                                explain)
    games_for_p, halves_for_p, draws = _with_hypothetical_draws(edition, n, points, explain)
    steps += rc_steps + draws
    try:
        ru, dp, ru_steps = ru_from_competition(edition, rc, halves_for_p, games_for_p, round_robin,
                                                 opponents_in_event if round_robin else None, explain)
    except IndeterminateError:
        notes.append(f"score {score:g} of {n}: dp is indeterminate (10.1), no rating")
        return outcome(None, rc=rc, p=halves_for_p / (2 * games_for_p))
    steps.extend(ru_steps)
    p_used = halves_for_p / (2 * games_for_p) if dp is not None else points / (2 * n)
    rating, limit_steps, limit_notes = apply_limits(edition, ru, first_event)
    if explain:
        steps.extend(limit_steps)
    notes.extend(limit_notes)
    return outcome(rating, ru=ru, rc=rc, p=p_used, dp=dp)


def not_counted(skipped: int) -> str:
    """A new player's note on his games against unrated opponents."""
    return f"{skipped} game{'s' if skipped > 1 else ''} against unrated opponents not counted"


def first_disregarded(edition: FideRules, games: int, halves: int) -> bool:
    """Whether :func:`new_player_of_sums` disregards a first rated event of ``games`` games against
    rated opponents with a score of ``halves`` half points in them (FIDE Handbook 10.21; 2024
    regulations 8.2.1): there are such games and the score is under the edition's least."""
    return games > 0 and _disregarded(edition, halves, True) is not None


def _disregarded(edition: FideRules, halves: int, first_event: bool) -> str | None:
    """Why the score of a first event is disregarded, or ``None``: "If an unrated player scores less
    than one point in his first rated event, his score is disregarded" (FIDE Handbook 10.21); 2024:
    a score of zero."""
    least = edition.disregard_first_below
    if first_event and halves * least.denominator < 2 * least.numerator:
        return "under one point" if least == 1 else "of zero"
    return None


def _too_few_games(edition: FideRules, games: int) -> bool:
    """Whether there are too few games against rated opponents for a rating (2024: at least 5)."""
    return edition.min_rated_games is not None and games < edition.min_rated_games


def _competition(edition: FideRules, games: int, rated_total: tuple[int, int] | None, round_robin: bool,
                 competition: Exact | None, detail: str, explain: bool) -> tuple[tuple[int, int], list[Step]]:
    """Rc as ``(numerator, denominator)``, with its steps: the average rating of the opponents (FIDE
    Handbook 10.21a), a round robin's tournament average Ra (10.21b: ``competition``, given), or
    (2024) Ra of the rated opponents and the hypothetical opponents; rounded to a whole number
    where the edition rounds it (as the worked example of 10.54 rounds Ra to 2348)."""
    extra = edition.hypothetical_opponents
    if round_robin:
        if competition is None:
            raise ArgumentError("Argument 'competition' (Ra, the tournament average of 10.21b) is needed "
                                "for a round robin under the handbook, not None")
        raw = _ratio(competition)
    else:
        assert rated_total is not None
        total, unit = rated_total
        raw = (total + extra * edition.hypothetical_rating * unit, unit * (games + extra))
    rc = (_round(*raw), 1) if edition.round_competition else raw
    if not explain:
        return rc, []
    if round_robin:
        steps = [Step("Rc", raw[0] / raw[1], detail)]
    else:
        steps = [Step("Ra", raw[0] / raw[1], f"average of {games} rated opponents and {extra} "
                      f"hypothetical opponents rated {edition.hypothetical_rating}") if extra else
                 Step("Rc", raw[0] / raw[1], f"average rating of {games} opponents (10.21a)")]
    if rc[0] * raw[1] != raw[0] * rc[1]:
        steps.append(Step("Rc", rc[0] / rc[1], "rounded to a whole number, as 10.54 rounds Ra to 2348"))
    return rc, steps


def _with_hypothetical_draws(edition: FideRules, games: int, halves: int, explain: bool
                             ) -> tuple[int, int, list[Step]]:
    """The games and half points p is taken from: (2024) with the hypothetical opponents, both drawn."""
    extra = edition.hypothetical_opponents
    steps = [Step("Score", (halves + extra) / 2, f"{halves / 2:g} in {games} games and {extra} "
                  "hypothetical draws")] if explain and extra else []
    return games + extra, halves + extra, steps


def apply_limits(edition: FideRules, ru: int, first_event: bool) -> tuple[int | None, list[Step], list[str]]:
    """The maximum (2024: 2200) and the floor (handbook 10.31: a first result under 1401 is
    ignored; 2024: listed from 1400) applied to a computed Ru: ``(rating, steps, notes)``."""
    steps: list[Step] = []
    notes: list[str] = []
    rating: int | None = ru
    if edition.unrated_max is not None and ru > edition.unrated_max:
        rating = edition.unrated_max
        steps.append(Step("Ru", rating, f"at most {edition.unrated_max}"))
        notes.append(f"first rating capped at {edition.unrated_max}")
    if rating is not None and rating < edition.rating_floor:
        if not edition.floor_ignores_first_results:
            steps.append(Step("Ru", None, f"under {edition.rating_floor}: not listed"))
            notes.append(f"rating {rating} under {edition.rating_floor}: not listed")
            rating = None
        elif first_event:
            steps.append(Step("Ru", None, f"a first result under {edition.rating_floor}: ignored (10.31)"))
            notes.append(f"first result {ru} under {edition.rating_floor}: ignored")
            rating = None
    return rating, steps, notes


def _opponents(name: str, values: Any) -> tuple[float | None, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise _check.fail(name, "a sequence of ratings (None for an unrated opponent)", values)
    # A plain rating is kept as it is; the name of its place is made only for a value to check.
    return tuple(v if v is None or (v.__class__ is float and LOWEST_PUBLISHED <= v <= 4000.0)
                 else _check.rating(f"{name}[{i}]", v, low=LOWEST_PUBLISHED) for i, v in enumerate(values))


def unrated_rating(
    opponent_ratings: Sequence[float | None],
    results: Sequence[Any],
    *,
    rules: RulesLike | None = None,
    event_type: EventType | str = "Swiss",
    competition: float | None = None,
    first_event: bool = True,
    opponents: int | None = None,
) -> NewPlayerRating:
    """A new player's rating Ru from one event (FIDE Handbook 10.2; 2024 regulations).

    ``opponent_ratings``: one per game, ``None`` for an unrated opponent (in a Swiss or
    team event, and always under 2024, those games do not count); ``results``: 1/0.5/0 or
    W/D/L. ``event_type`` ``"Round robin"`` under the handbook counts every game and needs
    ``competition``, the tournament average Ra (:func:`tournament_average`); the 2024
    regulations have no round-robin procedure, so there it is a Swiss. ``first_event``:
    this is the player's first rated event (the disregard rule and 10.31 apply). ``opponents``:
    in a round robin, n, "the number of opponents" (10.21b iii) that 10.25's n/(n+1) uses, which
    differs from the number of games in a double round robin (``None``: the number of games).
    """
    edition = get_rules(rules)
    given = _opponents("opponent_ratings", opponent_ratings)
    scores = _check.results("results", results)
    _check.same_length(("opponent_ratings", "results"), given, scores)
    kind = EventType.parse(event_type)
    rc = None if competition is None else exact(_check.rating("competition", competition))
    if not isinstance(first_event, bool):
        raise _check.fail("first_event", "True or False", first_event)
    n = None if opponents is None else _check.whole("opponents", opponents, low=1)
    round_robin = kind is EventType.ROUND_ROBIN and edition.round_robin_procedure
    return new_player(edition, [None if o is None else exact(o) for o in given],
                      [int(2 * s) for s in scores], round_robin=round_robin, competition=rc,
                      first_event=first_event, opponents_in_event=n)


def average_of_tournament(
    ratings: Sequence[Exact], scores: Sequence[Exact], games: Sequence[int], opponents: int
) -> tuple[Fraction, list[Step]]:
    """Ra of 10.21b: ``Rar - dpa x n/(n+1)``, with each rated player's p over ``games[i]`` games
    (raises :class:`IndeterminateError` for a rated player on 0% or 100%)."""
    steps: list[Step] = []
    rar = Fraction(sum(ratings), len(ratings))
    steps.append(Step("Rar", float(rar), f"average rating of the {len(ratings)} rated players (10.21b i)"))
    dps = [dp_for(Fraction(s) / g) for s, g in zip(scores, games, strict=True)]
    dpa = Fraction(sum(dps), len(dps))
    steps.append(Step("dpa", float(dpa), "average dp of the rated players: " + ", ".join(map(str, dps))
                      + " (10.21b ii)"))
    n = Fraction(opponents)
    ra = rar - dpa * n / (n + 1)
    steps.append(Step("Ra", float(ra), f"Rar - dpa x n/(n+1), n = {opponents} (10.21b iii)"))
    return ra, steps


def tournament_average(ratings: Sequence[float], scores: Sequence[float], opponents: int) -> float:
    """The tournament average Ra of a round robin, which is Rc for its unrated players
    (FIDE Handbook 10.21b): ``Rar - dpa x n/(n+1)``, rounded to a whole number as the worked
    example of 10.54 does (2348.45 to 2348).

    ``ratings`` and ``scores``: the rated players and their scores against all their
    ``opponents`` (n) opponents.
    """
    rated = _check.ratings("ratings", ratings, low=LOWEST_PUBLISHED)
    n = _check.whole("opponents", opponents, low=1)
    given = _check.sequence("scores", scores, "scores")
    points = tuple(_check.score(f"scores[{i}]", s, n) for i, s in enumerate(given))
    _check.same_length(("ratings", "scores"), rated, points)
    if not rated:
        raise _check.fail("ratings", "at least one rated player", ratings)
    raw, _ = average_of_tournament([exact(r) for r in rated], [exact(s) for s in points], [n] * len(rated), n)
    return float(round_half_away(raw))


def published_rating(
    events: Sequence[NewPlayerRating | tuple[float, int]], *, rules: RulesLike | None = None
) -> NewPlayerRating:
    """A new player's published rating Rn from the results of several events, in order.

    Handbook (10.3): the weighted average of the Ru results by games, rounded (10.32);
    leading results under 1401 are ignored (10.31) and only an Rn of 1401 or more is
    published (10.33). ``events`` are :class:`NewPlayerRating` results or ``(Ru, games)`` pairs.

    2024: the first rating is computed from all games at once, so ``events`` must be
    :class:`NewPlayerRating` results (which carry their games); a disregarded first event
    is left out.
    """
    edition = get_rules(rules)
    if not isinstance(events, Sequence) or isinstance(events, (str, bytes)):  # type: ignore[unreachable]
        raise _check.fail("events", "a sequence of Ru results", events)
    if edition.plus_score_step is None:
        return _published_from_games(edition, events)
    pairs: list[tuple[int, int]] = []
    for i, item in enumerate(events):
        if isinstance(item, NewPlayerRating):
            if item.ru is not None and item.games:
                pairs.append((item.ru, item.games))
        elif isinstance(item, tuple) and len(item) == 2:
            ru = _check.rating(f"events[{i}][0]", item[0])
            games = _check.whole(f"events[{i}][1]", item[1], low=1)
            pairs.append((int(round_half_away(exact(ru))), games))
        else:
            raise _check.fail(f"events[{i}]", "an (Ru, games) pair or a NewPlayerRating", item)
    steps: list[Step] = []
    notes: list[str] = []
    floor = edition.rating_floor
    while edition.floor_ignores_first_results and pairs and pairs[0][0] < floor:
        ru, games = pairs.pop(0)
        steps.append(Step("Ru", ru, f"a first result under {floor} over {games} games: ignored (10.31)"))
    total_games = sum(g for _, g in pairs)
    if not pairs:
        notes.append(f"no result of {floor} or more: no rating")
        return NewPlayerRating(None, None, None, 0.0, 0, None, None, steps=tuple(steps), notes=tuple(notes))
    raw = Fraction(sum(ru * g for ru, g in pairs), total_games)
    rn = int(round_half_away(raw))
    steps.append(Step("Rn", float(raw), "[" + " + ".join(f"{ru} x {g}" for ru, g in pairs)
                      + f"] / {total_games} (10.3)"))
    steps.append(Step("Rn", rn, "rounded to a whole number (10.32)"))
    rating: int | None = rn
    if rn < floor:
        notes.append(f"Rn {rn} under {floor}: not published (10.33)")
        rating = None
    return NewPlayerRating(rating, rn, None, 0.0, total_games, None, None, steps=tuple(steps),
                           notes=tuple(notes))


def _published_from_games(edition: FideRules, events: Sequence[Any]) -> NewPlayerRating:
    opponents: list[Exact | None] = []
    halves: list[int] = []
    for i, item in enumerate(events):
        if not isinstance(item, NewPlayerRating):
            raise ArgumentError(
                f"Argument 'events[{i}]' must be a NewPlayerRating under {edition.display}, not {item!r}: "
                "a first rating is computed from all games at once, which an (Ru, games) pair does not carry")
        if item.disregarded:
            continue
        for o, s in zip(item.opponent_ratings, item.results, strict=True):
            if o is not None:
                opponents.append(exact(o))
                halves.append(int(2 * s))
    return new_player(edition, opponents, halves, round_robin=False, competition=None, first_event=False)
