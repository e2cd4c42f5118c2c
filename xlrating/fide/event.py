"""A whole FIDE-rated event (FIDE Handbook 10.2 to 10.54; 2024 regulations).

:func:`rate_event` rates every player of an event and explains each result:

- a rated player changes by K x sum(score - PD) over the games against opponents who
  count as rated (10.5);
- a new player gets Ru from the games against rated opponents (10.2; 2024 with the two
  hypothetical 1800 draws);
- a player rated since the event (10.4) changes as a rated player but counts as unrated
  for the opponents;
- under the handbook, a round robin with new players is rated as 10.21b and 10.54 show:
  Rc is the tournament average Ra, every game counts, Rc is re-computed for a new player
  with an opponent more than 350 points away (that opponent counts as 350 away), and the
  rated players are then rated against the new players' final Ru as if it were
  established.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from .. import _check
from ..errors import EventError
from ..model import EventOutcome, EventType, Game, GameLine, Method, PlayerOutcome, Step, games_by_player
from .rating import HUNDRED, change_of, exact, k_with_reason, today_or
from .rules import FideRules, get_rules
from .tables import IndeterminateError, dp_for, round_half_away
from .unrated import NewPlayerRating, average_of_tournament, new_player


@dataclass(frozen=True)
class FidePlayer:
    """A player of a FIDE-rated event, with the prior data the rules need."""

    number: int
    """Pairing number, unique in the event."""
    rating: float | None = None
    """Published rating before the event; ``None``: unrated."""
    games: int | None = None
    """Rated player: games behind the rating, for K (``None``: 30 or more). Unrated player:
    games already played in earlier rated events (``None`` or 0: this is the first)."""
    highest_rating: float | None = None
    """The highest published rating, for K = 10 (``None``: ``rating``)."""
    birth_date: date | None = None
    """For the 2024 under-18 K (``None``: an adult)."""
    k: float | None = None
    """A K given by the user, used as is."""
    rated_since_event: bool = False
    """Handbook 10.4: the player received ``rating`` after the event was played and before it
    is rated; the player changes as a rated player but counts as unrated for the opponents."""

    def __post_init__(self) -> None:
        _check.whole("number", self.number, low=1)
        if self.rating is not None:
            object.__setattr__(self, "rating", _check.rating("rating", self.rating))
        if self.games is not None:
            object.__setattr__(self, "games", _check.whole("games", self.games))
        if self.highest_rating is not None:
            object.__setattr__(self, "highest_rating", _check.rating("highest_rating", self.highest_rating))
        if self.birth_date is not None:
            object.__setattr__(self, "birth_date", today_or(self.birth_date, "birth_date"))
        if self.k is not None:
            object.__setattr__(self, "k", _check.positive("k", self.k))
        if not isinstance(self.rated_since_event, bool):
            raise _check.fail("rated_since_event", "True or False", self.rated_since_event)
        if self.rated_since_event and self.rating is None:
            raise _check.fail("rating", f"a rating for player {self.number}, rated since the event,",
                              self.rating)


def _is_sequence(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _as_float(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def _fmt(value: Fraction | float) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


@dataclass
class _Context:
    edition: FideRules
    on: date
    seen: dict[int, Fraction | None]
    """Each player's rating as the opponents count it (``None``: unrated for them)."""
    table: dict[int, list[tuple[Game, int, float]]]


def _rated_outcome(ctx: _Context, player: FidePlayer, opponent_value: dict[int, Fraction | None],
                   extra_notes: Sequence[str] = ()) -> PlayerOutcome:
    """A rated player's change (10.5) against the opponents' values (``None``: not rated)."""
    edition = ctx.edition
    assert player.rating is not None
    rating = exact(player.rating)
    lines = ctx.table[player.number]
    counted = [(g, o, s, opponent_value[o]) for g, o, s in lines if opponent_value[o] is not None]
    skipped = len(lines) - len(counted)
    notes = list(extra_notes)
    if skipped:
        notes.append(f"{skipped} game{'s' if skipped > 1 else ''} against unrated opponents not rated")
    base = PlayerOutcome(
        player=player.number, method=Method.NOT_RATED, rated_games=len(counted),
        rated_score=float(sum(s for _, _, s, _ in counted)), pre_rating=player.rating, pre_games=player.games,
        post_rating=player.rating, post_games=player.games, initial_rating=player.rating,
        initial_games=player.games, change=0.0)
    if not counted:
        notes.append("no games against rated opponents: rating unchanged")
        return replace(base, notes=tuple(notes))
    steps: list[Step] = []
    if player.k is not None:
        k = exact(player.k)
        steps.append(Step("K", float(k), "given"))
    else:
        prior = (edition, player.rating, player.games, player.highest_rating, player.birth_date, ctx.on)
        k_int, reason = k_with_reason(*prior, len(counted))
        k = Fraction(k_int)
        steps.append(Step("K", k_int, reason))
        if k_int < k_with_reason(*prior, None)[0]:
            notes.append(f"K limited to {k_int} by the {edition.k_games_limit} rule")
    cap = edition.cap_for(player.rating, ctx.on)
    opponents = [v for _, _, _, v in counted if v is not None]
    scores = [exact(s) for _, _, s, _ in counted]
    raw, change, pds = change_of(edition, k, rating, opponents, scores, cap)
    capped = sum(1 for v in opponents if cap is not None and abs(v - rating) > cap)
    if cap is None:
        steps.append(Step("Cap", None, f"rated {player.rating:g}: no cap on the rating difference"))
    elif capped:
        steps.append(Step("Cap", cap, f"{capped} game{'s' if capped > 1 else ''} with a difference over "
                                      f"{cap} counted as {cap}"))
        notes.append(f"{capped} game{'s' if capped > 1 else ''} capped at a difference of {cap}")
    score = sum(scores, Fraction(0))
    expected = Fraction(sum(pds), 100)
    average = sum(opponents, Fraction(0)) / len(opponents)
    steps.append(Step("Rc", float(average), f"average rating of {len(opponents)} rated opponents"))
    steps.append(Step("Expected score", float(expected), "sum of PD from table (b)"))
    steps.append(Step("Score", float(score)))
    steps.append(Step("Change", float(raw),
                      f"K x (score - sum of PD) = {_fmt(k)} x {_fmt(score - expected)}"))
    if edition.round_new_rating:
        post = round_half_away(rating + raw)
        steps.append(Step("Post rating", float(post),
                          f"{_fmt(rating + raw)} rounded to a whole number (10.53)"))
    else:
        if change != raw:
            steps.append(Step("Change", float(change), "rounded to a whole number, halves away from zero"))
        post = rating + change
        steps.append(Step("Post rating", float(post), f"{_fmt(rating)} + {_fmt(change)}"))
    performance: float | None = None
    try:
        performance = float(average + dp_for(score / len(scores)))
        steps.append(Step("Performance", performance, "Rc + dp"))
    except IndeterminateError:
        steps.append(Step("Performance", None, "dp is indeterminate for a 0% or 100% score"))
    games = tuple(
        GameLine(round=g.round, opponent=o, score=s, opponent_rating=float(v), expected=pd / 100,
                 change=float(k * (exact(s) * HUNDRED - pd) / HUNDRED))
        for (g, o, s, v), pd in zip(counted, pds, strict=True) if v is not None
    )
    return replace(
        base, method=Method.ELO, post_rating=float(post), change=float(post - rating),
        post_games=None if player.games is None else player.games + len(counted), k=float(k),
        expected_score=float(expected), performance=performance, games=games, steps=tuple(steps),
        notes=tuple(notes))


def _unrated_outcome(player: FidePlayer, result: NewPlayerRating, lines: list[GameLine]) -> PlayerOutcome:
    """A new player's outcome from the Ru result (10.2)."""
    prior = player.games or 0
    method = Method.UNRATED if result.games else Method.NOT_RATED
    return PlayerOutcome(
        player=player.number, method=method, rated_games=result.games, rated_score=result.score,
        pre_rating=None, pre_games=player.games,
        post_rating=None if result.rating is None else float(result.rating),
        post_games=prior + result.games if result.rating is not None else None,
        performance=None if result.ru is None else float(result.ru),
        games=tuple(lines), steps=result.steps, notes=result.notes)


def _swiss(ctx: _Context, players: Sequence[FidePlayer]) -> list[PlayerOutcome]:
    outcomes = []
    for player in players:
        if player.rating is not None:
            outcomes.append(_rated_outcome(ctx, player, ctx.seen))
            continue
        lines = ctx.table[player.number]
        result = new_player(ctx.edition, [ctx.seen[o] for _, o, _ in lines], [exact(s) for _, _, s in lines],
                            round_robin=False, competition=None, first_event=not player.games)
        game_lines = [GameLine(g.round, o, s, _as_float(ctx.seen[o])) for g, o, s in lines]
        outcomes.append(_unrated_outcome(player, result, game_lines))
    return outcomes


def _round_robin(ctx: _Context, players: Sequence[FidePlayer], notes: list[str]) -> list[PlayerOutcome]:
    """Handbook 10.21b and 10.54: a round robin with new players."""
    edition = ctx.edition
    playing = [p for p in players if ctx.table[p.number]]
    rated = [p for p in playing if ctx.seen[p.number] is not None]
    new = [p for p in playing if ctx.seen[p.number] is None]
    opponents = len(playing) - 1
    score_of = {p.number: sum((exact(s) for _, _, s in ctx.table[p.number]), Fraction(0)) for p in playing}
    if not rated:
        notes.append("Round robin without rated players: no tournament average Ra, no new ratings (10.21b)")
        return _swiss(ctx, players)
    rated_ratings = [r for r in (ctx.seen[p.number] for p in rated) if r is not None]
    try:
        raw_ra, ra_steps = average_of_tournament(
            rated_ratings, [score_of[p.number] for p in rated], [len(ctx.table[p.number]) for p in rated],
            opponents)
    except IndeterminateError:
        culprits = [f"rated player {p.number} scored {_fmt(score_of[p.number])} of {len(ctx.table[p.number])}"
                    for p in rated if score_of[p.number] in (0, len(ctx.table[p.number]))]
        raise EventError(
            "Round robin with unrated players: " + "; ".join(culprits) + ", and dp is indeterminate for a "
            "zero or 100% score (FIDE Handbook 10.1), so the tournament average Ra (10.21b) cannot be "
            "determined") from None
    ra = round_half_away(raw_ra) if edition.round_competition else raw_ra
    if ra != raw_ra:
        ra_steps.append(Step("Ra", float(ra), "rounded to a whole number, as 10.54 does (2348.45 to 2348)"))
    notes.append(f"Round robin with unrated players: Ra = {_fmt(ra)} (10.21b), n = {opponents}")

    def rate_new(p: FidePlayer, competition: Fraction, detail: str) -> NewPlayerRating:
        lines = ctx.table[p.number]
        return new_player(edition, [ctx.seen[o] for _, o, _ in lines], [exact(s) for _, _, s in lines],
                          round_robin=True, competition=competition, competition_detail=detail,
                          first_event=not p.games and not p.rated_since_event, opponents_in_event=opponents)

    # First pass: Rc = Ra, Ru by 10.22 to 10.25.
    results = {p.number: rate_new(p, ra, "round robin: Rc = the tournament average Ra (10.21b)") for p in new}
    explained: dict[int, list[Step]] = {p.number: [*ra_steps, *results[p.number].steps] for p in new}
    first = dict(results)
    used: dict[int, dict[int, Fraction]] = {p.number: {} for p in new}
    """The opponent ratings each new player's last Rc was based on (after substitution)."""

    # 10.54: Rc re-computed where an opponent is more than the distance away (counted as that far).
    distance = edition.round_robin_distance
    for pass_number in range(1, edition.round_robin_passes + 1):
        current = {n: (None if r.rating is None else Fraction(r.rating)) for n, r in results.items()}
        updated: dict[int, NewPlayerRating] = {}
        for p in new:
            own = current[p.number]
            if own is None:
                continue
            lines = ctx.table[p.number]
            adjustment = Fraction(0)
            said: list[str] = []
            for _, o, _ in lines:
                value = ctx.seen[o] if ctx.seen[o] is not None else current.get(o)
                if value is None:
                    continue
                used[p.number][o] = value
                if abs(value - own) <= distance:
                    continue
                counts = own - distance if value < own else own + distance
                used[p.number][o] = counts
                adjustment += counts - value
                said.append(f"{o} ({_fmt(value)}) counts as {_fmt(counts)}")
            label = f"Iteration {pass_number}"
            if not said:
                explained[p.number].append(
                    Step(label, None,
                         f"no opponent more than {distance} points from Ru {_fmt(own)}: Rc = Ra"))
                updated[p.number] = first[p.number]
                continue
            raw_rc = ra + adjustment / len(lines)
            sign = "-" if adjustment < 0 else "+"
            explained[p.number].append(
                Step(label, float(adjustment), "; ".join(said) + f", more than {distance} points from Ru "
                     f"{_fmt(own)}; the differences add up to {_fmt(adjustment)} (10.54)"))
            detail = f"Rc (new) = Ra {sign} {_fmt(abs(adjustment))} / {len(lines)} (10.54)"
            result = rate_new(p, raw_rc, detail)
            explained[p.number].extend(replace(s, label=f"{s.label} (new)") for s in result.steps)
            updated[p.number] = result
        results.update(updated)
    if edition.round_robin_passes:
        notes.append(f"Rc re-computed ({edition.round_robin_passes} pass) for new players with an opponent "
                     f"more than {distance} points away (10.54)")

    # Rated players are rated against the new players' final Ru as if established (10.54).
    value_of: dict[int, Fraction | None] = dict(ctx.seen)
    for n, result in results.items():
        value_of[n] = None if result.rating is None else Fraction(result.rating)
    outcomes = []
    for p in players:
        if p.rating is not None:
            outcomes.append(_rated_outcome(ctx, p, value_of))
        elif p.number not in results:
            outcomes.append(_swiss(ctx, [p])[0])
        else:
            seen_by = used[p.number]
            game_lines = [GameLine(g.round, o, s, None if o not in seen_by else float(seen_by[o]))
                          for g, o, s in ctx.table[p.number]]
            result = replace(results[p.number], steps=tuple(explained[p.number]))
            outcomes.append(_unrated_outcome(p, result, game_lines))
    return outcomes


def rate_event(
    players: Sequence[FidePlayer],
    games: Sequence[Game],
    *,
    event_type: EventType | str = "Swiss",
    end_date: date | None = None,
    rules: FideRules | str = "2024",
) -> EventOutcome:
    """Rate a FIDE event: every player's change or new rating, explained (FIDE Handbook 10.2 to
    10.54; 2024 regulations).

    ``games`` are the rated games (forfeits and byes are not games). ``end_date`` (``None``:
    today) decides the 2024 cap exception (from 1 October 2025, no cap for players rated
    2650 or more) and the under-18 K. The event is taken as the rating period for the 700
    rule; give ``k`` on a player to use another K.
    """
    edition = get_rules(rules)
    kind = EventType.parse(event_type)
    on = today_or(end_date, "end_date")
    if not _is_sequence(players):
        raise _check.fail("players", "a sequence of FidePlayer", players)
    for i, p in enumerate(players):
        if not isinstance(p, FidePlayer):
            raise _check.fail(f"players[{i}]", "a FidePlayer", p)
    numbers = [p.number for p in players]
    duplicates = sorted(n for n, count in Counter(numbers).items() if count > 1)
    if duplicates:
        raise EventError("Players' numbers must be unique; repeated: " + ", ".join(map(str, duplicates)))
    if not _is_sequence(games):
        raise _check.fail("games", "a sequence of Game", games)
    for i, g in enumerate(games):
        if not isinstance(g, Game):
            raise _check.fail(f"games[{i}]", "a Game", g)
    table = games_by_player(numbers, games)
    seen = {p.number: (None if p.rating is None or p.rated_since_event else exact(p.rating)) for p in players}
    ctx = _Context(edition, on, seen, table)
    notes: list[str] = []
    if any(p.rated_since_event for p in players):
        notes.append("Players rated since the event count as unrated for their opponents (10.4)")
    round_robin = (kind is EventType.ROUND_ROBIN and edition.round_robin_procedure
                   and any(seen[p.number] is None and table[p.number] for p in players))
    outcomes = _round_robin(ctx, players, notes) if round_robin else _swiss(ctx, players)
    parameters = (
        ("Edition", edition.display),
        ("Source", edition.source),
        ("Event type", kind.value),
        ("End date", on.isoformat()),
        ("Cap", edition.describe_cap(on)),
        ("K", edition.describe_k()),
        ("Rounding", "change rounded to a whole number, halves away from zero" if edition.round_change
         else "new rating rounded to a whole number (10.53); change not rounded"),
        ("New players", _describe_new(edition)),
    )
    return EventOutcome(system="FIDE", rules=edition.display, players=tuple(outcomes), parameters=parameters,
                        notes=tuple(notes))


def _describe_new(edition: FideRules) -> str:
    if edition.plus_score_step is not None:
        text = (f"Ru = Rc at 50%, + {float(edition.plus_score_step):g} per half point over, Rc + dp under "
                f"(round robins: x n/(n+1)); a first event under "
                f"{float(edition.disregard_first_below):g} point disregarded; first results under "
                f"{edition.rating_floor} ignored")
    else:
        text = (f"Ru = Ra + dp with {edition.hypothetical_opponents} hypothetical draws against "
                f"{edition.hypothetical_rating}; at least {edition.min_rated_games} games against rated "
                f"opponents; at most {edition.unrated_max}; listed from {edition.rating_floor}; "
                "a first event with a zero score disregarded")
    return text
