"""The five-step event algorithm (2020 rules, section 1; 2009/2011 rules, section 1).

1. Initial ratings for unrated players (section 2).
2. Effective games N' for everybody (section 3).
3. A first estimate for unrated players with N = 0: the special formula with N' = 1,
   opponents at their pre-event or step 1 ratings; at least 100.
4. An intermediate rating for everybody: the special formula for N <= 8 or an
   all-wins/all-losses history, else the standard formula; opponents at their
   pre-event ratings, unrated ones at step 3 (N = 0) or step 1 (N > 0); at least 100.
5. The same again with every opponent at his step 4 rating; at least 100.

Then, beyond the five steps: the match restrictions (section 7), storage (2020:
floats; 2009/2011: integers rounded toward the change) and the floors (section 5).

Decisions where the documents are silent, documented here:

- Storage for 2009/2011 rounds toward the direction of the change; for an unrated
  player the reference is the step 1 initial rating.
- Floors apply to the final rating only; the 100 floor of steps 3, 4 and 5 is applied
  as written. The personal absolute floor counts the lifetime wins, draws and events
  given plus this event's rated wins, draws and (m >= 3) one more event. Peak floors
  apply to established players only (N > 25, or N not given with a rating); the peak
  used is the larger of the given peak and the pre-event rating, which is itself an
  attained established rating (so an established player without a given peak has the
  floor of his pre-event rating).
- Post-event N is N + m, N being the pre-event N or, for an unrated player, the N of
  his step 1 rating (section 3 defines N so for unrated players).
- A rated player whose N is not given is established: N' = N*, the standard formula,
  post-event N unknown; a note says so.
- The dual-rated K (2020 only) applies in a dual-rated event to a player whose Regular
  rating is above 2200, in whichever system (Regular or Quick) is rated; in a Quick
  event the Regular rating comes from ``other_ratings``. An unrated player has no
  Regular rating and gets the plain K.
- Matches (``event_type="Match"``): exactly two players, eligible per the edition
  (2011/2020: both with established published ratings; 2009: both rated; ratings at
  most 400 apart), else :class:`~xlrating.errors.EventError`. 2011/2020: change capped
  at 50, no bonus, floors not applied (a note says when a floor would have been
  crossed); 2009 has none of these restrictions. The 180-day and 3-year match caps need
  the players' match history and are not checked.
"""

from __future__ import annotations

import datetime as dt
import gc
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ..errors import ArgumentError, EventError
from ..model import EventOutcome, EventType, Game, GameLine, Method, PlayerOutcome, Step, games_by_player
from .bonus import choose_bonus_multiplier, date_arg
from .floors import _floor, store
from .formulas import _nstar, _pwe
from .initial import InitialRating, _initial
from .match import check_match
from .player import UscfPlayer
from .rules import RatingSystem, RulesLike, UscfRules, get_rules, parse_system
from .special import _describe_working as _special_text
from .special import _work as _special
from .special import _Working as _SpecialWorking
from .standard import _describe_working as _standard_text
from .standard import _work as _standard
from .standard import _Working as _StandardWorking

_DUAL_SYSTEMS = (RatingSystem.REGULAR, RatingSystem.QUICK)


class _State:
    """One player's working through the five steps.

    A plain slotted class: one is built per player, and a dataclass's generated
    ``__init__`` with its default factories costs noticeably more in a large event.
    """

    __slots__ = ("effective", "final", "final_opponents", "final_text", "games", "initial", "notes",
                 "opponents", "player", "prior", "regular", "repeated", "results", "rounds", "score",
                 "special", "step3", "step4", "step5", "steps")

    def __init__(self, player: UscfPlayer) -> None:
        self.player = player
        self.opponents: list[int] = []
        """Opponents' pairing numbers, in round order."""
        self.results: list[float] = []
        self.rounds: list[int] = []
        self.score = 0.0
        """S, the sum of ``results``."""
        self.prior = 0.0
        """R0: the pre-event rating or the step 1 initial rating."""
        self.games: int | None = None
        self.initial: InitialRating | None = None
        self.effective = 0.0
        self.special = False
        """Whether steps 4 and 5 use the special formula (else the standard one)."""
        self.repeated = False
        self.regular: float | None = None
        self.step3: float | None = None
        self.step4: float | None = None
        self.step5: float | None = None
        self.final: _SpecialWorking | _StandardWorking | None = None
        """The formula's working at step 5."""
        self.final_opponents: list[float] = []
        """The opponents' ratings step 5 used."""
        self.final_text = ""
        """The formula's working at step 5 in words."""
        self.steps: list[Step] = []
        self.notes: list[str] = []


def _check_players(players: Any) -> tuple[UscfPlayer, ...]:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise ArgumentError(f"Argument 'players' must be a sequence of UscfPlayer, not {players!r}")
    result = tuple(players)
    for index, player in enumerate(result):
        if not isinstance(player, UscfPlayer):
            raise ArgumentError(f"Argument 'players[{index}]' must be a UscfPlayer, not {player!r}")
    counts = Counter(p.number for p in result)
    twice = sorted(n for n, c in counts.items() if c > 1)
    if twice:
        raise EventError("Pairing numbers used by more than one player: " + ", ".join(map(str, twice)))
    for player in result:
        if player.rating is None and player.history is not None:
            raise EventError(f"Player {player.number} is unrated but has history {player.history!r}: "
                             "an all-wins or all-losses history needs a rating")
    return result


def _check_games(games: Any) -> tuple[Game, ...]:
    if isinstance(games, (str, bytes)) or not isinstance(games, Sequence):
        raise ArgumentError(f"Argument 'games' must be a sequence of Game, not {games!r}")
    result = tuple(games)
    for index, game in enumerate(result):
        if not isinstance(game, Game):
            raise ArgumentError(f"Argument 'games[{index}]' must be a Game, not {game!r}")
    return result


def _check_rounds(states: dict[int, _State]) -> None:
    problems: list[str] = []
    for number, state in states.items():
        if len(set(state.rounds)) == len(state.rounds):
            continue
        problems.extend(f"player {number} has {count} games in round {rnd}"
                        for rnd, count in sorted(Counter(state.rounds).items()) if count > 1)
    if problems:
        raise EventError("A player can play one game per round: " + "; ".join(problems))


def _regular_rating(state: _State, system: RatingSystem) -> float | None:
    if system is RatingSystem.REGULAR:
        return state.player.rating
    entry = state.player.other(RatingSystem.REGULAR)
    return None if entry is None else entry[0]


def _formula(
    rules: UscfRules, state: _State, opponents: list[float], multiplier: float, bonus: bool, dual_rated: bool,
) -> tuple[_SpecialWorking | _StandardWorking, str]:
    """Step 4 or 5 for one player: the special or the standard formula against
    ``opponents``, and its working in words."""
    if state.special:
        special = _special(rules, state.prior, state.effective, opponents, state.score, state.player.history)
        return special, _special_text(state.prior, special)
    standard = _standard(rules, state.prior, state.effective, opponents, state.score, bonus, multiplier,
                         state.repeated, dual_rated, state.regular)
    return standard, _standard_text(state.score, standard)


def rate_event(
    players: Sequence[UscfPlayer],
    games: Sequence[Game],
    *,
    rating_system: RatingSystem | str = "Regular",
    dual_rated: bool = False,
    event_type: EventType | str = "Swiss",
    end_date: dt.date | None = None,
    bonus_multiplier: float | None = None,
    rules: RulesLike = "2020",
) -> EventOutcome:
    """Rate one event in one US Chess rating system (2020 rules, section 1).

    ``players`` are the event's players with their prior data, ``games`` its rated games
    (each once; forfeits and byes are not games). A dual-rated event is rated twice, once
    with ``rating_system="Regular"`` and once with ``"Quick"``, each time with the
    players' ratings in that system. ``end_date`` serves the age-based initial ratings
    (today if not given) and the bonus multiplier B, which is ``bonus_multiplier`` if
    given, else the value in force on ``end_date``, else the edition's own B.

    Returns one explained :class:`~xlrating.model.PlayerOutcome` per player, in the
    order given. A player with no rated game keeps his rating (or stays unrated), method
    ``NOT_RATED``.
    """
    edition = get_rules(rules)
    system = parse_system(edition, rating_system)
    kind = EventType.parse(event_type)
    end = None if end_date is None else date_arg("end_date", end_date)
    roster = _check_players(players)
    played = _check_games(games)
    dual = bool(dual_rated)
    if dual and system not in _DUAL_SYSTEMS:
        raise ArgumentError(f"Argument 'dual_rated': only Regular and Quick events are dual-rated, "
                            f"not {system.value!r} events")
    multiplier, multiplier_source = choose_bonus_multiplier(edition, bonus_multiplier, end)
    states = {p.number: _State(p) for p in roster}
    if any(g.player not in states or g.opponent not in states for g in played):
        games_by_player(states, played)  # raises EventError naming every missing player
    for game in sorted(played, key=lambda g: g.round):
        first, second = states[game.player], states[game.opponent]
        first.opponents.append(game.opponent)
        first.results.append(game.score)
        first.rounds.append(game.round)
        second.opponents.append(game.player)
        second.results.append(1.0 - game.score)
        second.rounds.append(game.round)
    _check_rounds(states)
    if kind is EventType.MATCH:
        check_match(edition, roster)
    with _collector_paused():
        outcome = _rate(edition, system, kind, states, end=end, dual=dual, multiplier=multiplier,
                        multiplier_source=multiplier_source)
        states.clear()  # free the working before the collector resumes: it need not visit it
    return outcome


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while an event is rated.

    Rating a large event allocates hundreds of thousands of small objects (the
    explanations) that live on in the result and form no reference cycles; the
    collector's repeated passes over them cost a third of the time of a 10,000-player
    event. Reference counting still frees everything as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _rate(
    edition: UscfRules,
    system: RatingSystem,
    kind: EventType,
    states: dict[int, _State],
    *,
    end: dt.date | None,
    dual: bool,
    multiplier: float,
    multiplier_source: str,
) -> EventOutcome:
    """Steps 1 to 5 and the final ratings, arguments checked."""
    match = kind is EventType.MATCH
    bonus = edition.match_bonus or not match
    event_notes: list[str] = []
    age_end = end if end is not None else dt.date.today()

    # Step 1: initial ratings for unrated players.
    today_used = False
    for state in states.values():
        player = state.player
        if player.rating is not None:
            state.prior, state.games = player.rating, player.games
            if player.games is None:
                detail = "pre-event rating, N not given: established"
                state.notes.append("established rating with N not given: N' = N*, standard formula")
            else:
                detail = f"pre-event rating, N = {player.games}"
        else:
            if system in player.other_ratings:
                state.notes.append(f"other_ratings entry for {system.value} ignored: the player is unrated "
                                   "in the system being rated")
            state.initial = _initial(
                edition, system, fide=player.fide, cfc=player.cfc,
                others={k: v for k, v in player.other_ratings.items() if k is not system},
                birth_date=player.birth_date, end_date=age_end, adult=player.adult,
            )
            today_used = today_used or (state.initial.source == "age" and player.birth_date is not None
                                        and end is None)
            state.prior, state.games = state.initial.rating, state.initial.games
            detail = f"unrated: priority {state.initial.priority}, {state.initial.detail}"
        state.steps.append(Step("Step 1: initial rating", state.prior, detail))
        # Step 2: effective games.
        nstar = _nstar(edition, state.prior)
        state.effective = nstar if state.games is None else min(float(state.games), nstar)
        n_text = "N not given" if state.games is None else f"N = {state.games}"
        state.steps.append(Step("Step 2: effective games N'", state.effective,
                                f"min({n_text}, N* = {nstar:.2f})"))
        state.special = (state.games is not None and state.games <= edition.special_games) or (
            player.history is not None)
        state.score = sum(state.results)
        numbers = state.opponents
        met = set(numbers)
        if len(met) < len(numbers):
            state.repeated = max(map(numbers.count, met)) > edition.bonus_max_meetings
        state.regular = _regular_rating(state, system) if dual else None
    if today_used:
        event_notes.append("No end date given: ages for initial ratings measured to today")

    rated = [s for s in states.values() if s.opponents]
    floor100 = edition.absolute_floor

    # Step 3: a first estimate for unrated players with N = 0.
    for state in rated:
        if state.player.rating is None and state.games == 0:
            known = [states[o].prior for o in state.opponents]
            first = _special(edition, state.prior, edition.step3_effective_games, known, state.score, None)
            value = max(first.rating, floor100)
            state.step3 = value
            floored = " (raised to 100)" if value > first.rating else ""
            state.steps.append(Step("Step 3: first estimate", value, "special formula with N' = 1: "
                                    f"{_special_text(state.prior, first)}{floored}"))

    # Step 4: intermediate ratings, opponents at pre-event, step 3 or step 1 ratings.
    seen3 = {n: s.step3 if s.step3 is not None else s.prior for n, s in states.items()}
    seen4: dict[int, float] = {}
    for state in rated:
        fourth, text = _formula(edition, state, [seen3[o] for o in state.opponents], multiplier, bonus, dual)
        value = max(fourth.rating, floor100)
        state.step4 = seen4[state.player.number] = value
        text = ("special formula: " if state.special else "standard formula: ") + text
        if value > fourth.rating:
            text += " (raised to 100)"
        state.steps.append(Step("Step 4: intermediate rating", value, text))

    # Step 5: final ratings, opponents at their step 4 ratings.
    for state in rated:
        opponents = [seen4[o] for o in state.opponents]
        fifth, text = _formula(edition, state, opponents, multiplier, bonus, dual)
        state.final, state.final_opponents, state.final_text = fifth, opponents, text
        value = max(fifth.rating, floor100)
        state.step5 = value
        text = ("special formula: " if state.special else "standard formula: ") + text
        if value > fifth.rating:
            text += " (raised to 100)"
        state.steps.append(Step("Step 5: final rating", value, text))

    outcomes = tuple(_outcome(edition, state, match=match) for state in states.values())
    parameters = (
        ("Rules", f"{edition.name} ({edition.document})"),
        ("Rating system", system.value),
        ("Dual rated", "yes" if dual else "no"),
        ("Event type", kind.value),
        ("End date", end.isoformat() if end is not None else "not given"),
        ("Bonus multiplier B", f"{multiplier:g}"),
        ("Bonus multiplier source", multiplier_source),
        ("Ratings stored as", "integers rounded toward the change" if edition.storage_integers else "floats"),
        ("Dual-rated K", "800(6.5 - 0.0025R)/(N' + m) above 2200, 200/(N' + m) from 2500"
         if edition.dual_rated_k is not None else f"none in {edition.name}"),
    )
    if dual and edition.dual_rated_k is None:
        event_notes.append(f"{edition.name} has no dual-rated K: plain K = 800/(N' + m) used")
    if match:
        if edition.match_cap is not None:
            event_notes.append(f"Match: change capped at {edition.match_cap:g}; the 180-day and 3-year match "
                               "caps need the players' match history and are not checked")
        if not edition.match_bonus:
            event_notes.append("Match: no bonus")
        if not edition.match_floors:
            event_notes.append("Match: floors not applied automatically")
    return EventOutcome(system="USCF", rules=edition.name, players=outcomes, rating_system=system.value,
                        parameters=parameters, notes=tuple(event_notes))


def _outcome(rules: UscfRules, state: _State, *, match: bool) -> PlayerOutcome:
    player = state.player
    pre = player.rating
    initial_games = state.games
    m = len(state.opponents)
    if m == 0:
        state.notes.append("no rated games: rating unchanged" if pre is not None
                           else "no rated games: stays unrated")
        return PlayerOutcome(
            player=player.number, method=Method.NOT_RATED, rated_games=0, rated_score=0.0, pre_rating=pre,
            pre_games=player.games, post_rating=pre, post_games=player.games, initial_rating=state.prior,
            initial_games=initial_games, effective_games=state.effective,
            change=0.0 if pre is not None else None,
            steps=tuple(state.steps), notes=tuple(state.notes),
        )
    solution = state.final
    assert solution is not None and state.step5 is not None
    raw = state.step5
    method = Method.MATCH if match else (Method.SPECIAL if state.special else Method.STANDARD)
    # Notes from the formula.
    k: float | None = None
    bonus: float | None = None
    expected: float | None = None
    lines: list[GameLine]
    if isinstance(solution, _SpecialWorking):
        if player.history is not None:
            state.notes.append(f"{player.history} history: R'0 = {solution.adjusted_prior:g}, "
                               f"S' = {solution.adjusted_score:g}")
        if solution.p0_rule is not None:
            state.notes.append(f"p = 0 rule: R0 {solution.p0_rule} the flat stretch")
        if solution.capped:
            state.notes.append(f"special rating capped at {rules.special_cap:g}")
        state.steps.append(Step("Special formula: knots", None,
                                "S_z = " + ", ".join(f"{z:g}" for z in solution.knots)))
        state.steps.append(Step("Special formula: solution", solution.rating, state.final_text))
        at = solution.solution
        lines = [GameLine(rnd, opponent, result, rating, _pwe(rules, at, rating))
                 for rnd, opponent, result, rating in zip(state.rounds, state.opponents, state.results,
                                                          state.final_opponents, strict=True)]
    else:
        k, expected = solution.k, solution.expected_score
        if solution.dual_rated_k:
            state.notes.append("dual-rated K (Regular rating above 2200)")
        bonus = solution.bonus if solution.bonus_eligible else None
        if solution.bonus_eligible and solution.bonus > 0:
            state.notes.append(f"bonus {solution.bonus:.2f}")
        elif not solution.bonus_eligible and solution.change > solution.bonus_threshold:
            state.notes.append(f"no bonus: {solution.bonus_reason}")
        k_value = solution.k
        lines = [GameLine(rnd, opponent, result, used, we, k_value * (result - we))
                 for rnd, opponent, result, used, we in zip(state.rounds, state.opponents, state.results,
                                                            state.final_opponents, solution.expected,
                                                            strict=True)]
        k_text = (f"dual-rated K, Regular rating {state.regular:g}" if solution.dual_rated_k
                  else f"800/(N' + m) = 800/({state.effective:.2f} + {m})")
        state.steps.append(Step("K", solution.k, k_text))
        bonus_text = (f"max(0, K(S - E) - B sqrt(m')) = max(0, {solution.change:.2f} - "
                      f"{solution.bonus_threshold:.2f})" if solution.bonus_eligible
                      else f"none: {solution.bonus_reason}")
        state.steps.append(Step("Bonus", solution.bonus, bonus_text))
    # Match cap.
    value = raw
    if match and rules.match_cap is not None and pre is not None:
        capped = min(max(value, pre - rules.match_cap), pre + rules.match_cap)
        if capped != value:
            state.notes.append(f"match: change capped at {rules.match_cap:g} (from {value - pre:+.2f})")
            state.steps.append(Step("Match cap", capped, f"change limited to {rules.match_cap:g}"))
            value = capped
    # Storage.
    stored = store(rules, value, state.prior)
    if stored != value:
        state.steps.append(Step("Stored rating", stored, "integer rounded toward the change"))
    # Floors.
    wins = player.wins + state.results.count(1.0)
    draws = player.draws + state.results.count(0.5)
    events = player.events + (1 if m >= rules.floor_event_games else 0)
    established = pre is not None and (player.games is None or player.games > rules.established_games)
    peak = None
    if established:
        # The pre-event rating is itself an attained established rating (section 5).
        assert pre is not None
        peak = pre if player.peak is None else max(player.peak, pre)
    elif player.peak is not None:
        state.notes.append("peak ignored: peak floors apply to established players")
    floor, source = _floor(rules, peak, wins, draws, events, player.floor)
    applied = False
    if stored < floor:
        if match and not rules.match_floors:
            state.notes.append(f"match: below the floor {floor:g}, not applied (a request to lower the floor "
                               "by 100)")
        else:
            applied = True
            state.notes.append(f"floor {floor:g} applied ({source})")
            if pre is not None and pre < floor:
                state.notes.append(f"pre-event rating {pre:g} was below the floor {floor:g}")
            stored = floor
    state.steps.append(Step("Floor", floor, f"{source}; NW = {wins}, ND = {draws}, NR = {events}"
                            + ("; applied" if applied else "")))
    post_games = None if initial_games is None else initial_games + m
    return PlayerOutcome(
        player=player.number, method=method, rated_games=m, rated_score=state.score, pre_rating=pre,
        pre_games=player.games, post_rating=stored, post_games=post_games, initial_rating=state.prior,
        initial_games=initial_games, effective_games=state.effective, step3=state.step3, step4=state.step4,
        change=None if pre is None else stored - pre, k=k, bonus=bonus, floor=floor, floor_applied=applied,
        expected_score=expected, games=tuple(lines), steps=tuple(state.steps), notes=tuple(state.notes),
    )
