"""The five-step event algorithm (US Chess 2020, 1; US Chess 2009 and 2011, 1).

1. Initial ratings for unrated players (US Chess 2020, 2).
2. Effective games N' for everybody (US Chess 2020, 3).
3. A first estimate for unrated players with N = 0: the special formula with N' = 1,
   opponents at their pre-event or step 1 ratings; at least 100.
4. An intermediate rating for everybody: the special formula for N <= 8 or an
   all-wins/all-losses history, else the standard formula; opponents at their
   pre-event ratings, unrated ones at step 3 (N = 0) or step 1 (N > 0); at least 100.
5. The same again with every opponent at his step 4 rating; at least 100.

Then, beyond the five steps: the match restrictions (US Chess 2020, 7), storage (2020:
floats; 2009/2011: integers rounded toward the change) and the floors (US Chess 2020, 5).

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
  his step 1 rating (US Chess 2020, 3 defines N so for unrated players).
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
from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from .. import _check
from .._gc import collector_paused
from ..errors import ArgumentError, EventError
from ..model import EventOutcome, EventType, Game, GameLine, Method, Outcomes, PlayerOutcome, Step
from .bonus import choose_bonus_multiplier
from .core import ListedSides, StandardStep, standard_step, take_games
from .floors import _floor, _floor_source, store
from .formulas import _effective_below, _nstar, _pwe
from .initial import InitialRating, _initial
from .match import check_match
from .player import UscfPlayer
from .rules import RatingSystem, RulesLike, UscfRules, get_rules, parse_system
from .special import P0Rule
from .special import _describe_working as _special_text
from .special import _work as _special_formula
from .special import _Working as _SpecialWorking
from .standard import _describe_working as _standard_text
from .standard import _eligibility
from .standard import _Working as _StandardWorking

if TYPE_CHECKING:
    from .arrays import ArraySides, Finals, StandardColumns

_DUAL_SYSTEMS = (RatingSystem.REGULAR, RatingSystem.QUICK)

#: From this many players at one step, the special formula runs for all of them at once on
#: arrays (in an event on arrays): below, numpy's fixed cost per move outweighs its speed
#: (measured: about 80 players break even). An explanation then runs the one-player
#: algorithm again for each player whose working it reads.
SPECIAL_VECTOR_PLAYERS = 80
_Working = _SpecialWorking | _StandardWorking


def rate_event(
    players: Sequence[UscfPlayer],
    games: Sequence[Game],
    *,
    rules: RulesLike | None = None,
    event_type: EventType | str = "Swiss",
    start_date: dt.date | None = None,
    end_date: dt.date | None = None,
    event_name: str = "",
    explain: bool = True,
    rating_system: RatingSystem | str = "Regular",
    dual_rated: bool = False,
    bonus_multiplier: float | None = None,
) -> EventOutcome:
    """Rate one event in one US Chess rating system (US Chess 2020, 1).

    ``players`` are the event's players with their prior data, ``games`` its rated games
    (each once; forfeits and byes are not games). ``rules`` is the edition (default: the
    2020 rules). A dual-rated event is rated twice, once with ``rating_system="Regular"``
    and once with ``"Quick"``, each time with the players' ratings in that system.
    ``end_date`` serves the age-based initial ratings (today if not given) and the bonus
    multiplier B, which is ``bonus_multiplier`` if given, else the value in force on
    ``end_date``, else the edition's own B. ``start_date`` and ``event_name`` are
    reported in the parameters.

    Returns one :class:`~xlrating.model.PlayerOutcome` per player, in the order given. A
    player with no rated game keeps his rating (or stays unrated), method ``NOT_RATED``.
    With ``explain=False`` every number is the same but the outcomes carry no steps and
    no game lines: the fast path for many events.
    """
    edition = get_rules(rules)
    system = parse_system(edition, rating_system)
    kind = EventType.parse(event_type)
    start, end = _check.event_options(start_date, end_date, event_name, explain)
    roster = _check.items("players", players, UscfPlayer, "a UscfPlayer")
    played = _check.each("games", games, Game, "a Game")  # taken in full before rating
    _check.unique("players", [p.number for p in roster])
    for player in [p for p in roster if p.history is not None]:
        if player.rating is None:
            raise EventError(f"Player {player.number} is unrated but has history {player.history!r}: "
                             "an all-wins or all-losses history needs a rating")
    dual = bool(dual_rated)
    if dual and system not in _DUAL_SYSTEMS:
        raise ArgumentError(f"Argument 'dual_rated': only Regular and Quick events are dual-rated, "
                            f"not {system.value!r} events")
    multiplier, multiplier_source = choose_bonus_multiplier(edition, bonus_multiplier, end)
    with collector_paused():
        event = _Event(edition, system, kind, roster, played, dual=dual, multiplier=multiplier, end=end,
                       explain=explain)
        if kind is EventType.MATCH:
            check_match(edition, roster)
        outcomes, notes = event.rate(), event.event_notes()
        del event  # an event on lists is done with its working: free it before the collector resumes
    parameters = _parameters(edition, system, kind, start, end, event_name, dual, multiplier,
                             multiplier_source)
    return EventOutcome(system="USCF", rules=edition.name, players=outcomes, rating_system=system.value,
                        parameters=parameters, notes=notes)


class _Final(NamedTuple):
    """What follows step 5 for one player: the match cap, storage and the floor."""

    capped: float | None
    """The rating after the match cap, if the cap changed it."""
    stored: float
    """The rating as the edition stores it, before the floor."""
    floor: float
    source: str
    applied: bool
    wins: int
    draws: int
    events: int
    post: float
    """The post-event rating."""


class _Event:
    """One event's working: the players' data and every step's values as lists indexed
    by the players' positions, the games as :class:`~.core.Sides`.

    :meth:`rate` runs the steps of US Chess 2020, 1 one after another, each a method below; the
    explanation is then built from the values the steps kept. A large event runs steps 2 to 5
    and the final ratings on numpy arrays instead (:meth:`_rate_on_arrays`), and keeps its
    values as arrays until the first outcome is read.
    """

    def __init__(self, rules: UscfRules, system: RatingSystem, kind: EventType,
                 players: tuple[UscfPlayer, ...], games: Sequence[Game], *, dual: bool, multiplier: float,
                 end: dt.date | None, explain: bool) -> None:
        self.rules, self.system, self.kind = rules, system, kind
        self.dual, self.multiplier, self.end = dual, multiplier, end
        self.match = kind is EventType.MATCH
        self.bonus = rules.match_bonus or not self.match
        self.players = players
        self.explain = explain
        """Whether the explanation will be built (else the steps keep only what the numbers need)."""
        self.numbers = [p.number for p in players]
        self.sides = take_games(self.numbers, games, explain=explain)
        self.on_arrays = not isinstance(self.sides, ListedSides)
        """Whether the numeric core runs on arrays (a large event): then the outcomes are built as read."""
        size = len(players)
        self.m: list[int] = self.sides.count
        self.score: list[float]
        """S, each player's score (whole and half points: exact in any order)."""
        self.won: list[int]
        self.drawn: list[int]
        self.arrays: dict[int, tuple[list[Any], Any]] = {}
        """Lists of the steps as numpy arrays (on arrays), each made once: see :meth:`_array`."""
        self.results: tuple[Any, Any] = ((), ())
        """On arrays, each player's wins and draws in this event as arrays."""
        if self.on_arrays:  # wins and draws as lists only for a match (see _rate_on_arrays)
            score, won, drawn = cast("ArraySides", self.sides).total_arrays()
            self.score, self.won, self.drawn = score.tolist(), [], []
            self.arrays[id(self.score)], self.results = (self.score, score), (won, drawn)
        else:
            self.score, self.won, self.drawn = self.sides.totals()
        self.notes: defaultdict[int, list[str]] = defaultdict(list)
        """Each player's notes, by position (a list made only for a player who has one)."""
        self.ratings: list[float | None] = []
        """The pre-event ratings (None: unrated)."""
        self.prior: list[float] = []
        """R0: the pre-event rating or the step 1 initial rating."""
        self.games: list[int | None] = []
        """N: the pre-event N or the step 1 rating's."""
        self.initial: list[InitialRating | None] = [None] * size
        self.nstar: list[float] = []
        """N*, step 2."""
        self.effective: list[float] = []
        """N' = min(N, N*), step 2."""
        self.histories: list[str | None] = []
        """Each player's history (all wins, all losses or none)."""
        self.special: list[bool] = []
        """Whether steps 4 and 5 use the special formula (else the standard one)."""
        self.repeated: list[bool] = []
        """Whether each player met an opponent more than twice (no bonus; US Chess 2020, 4.2)."""
        steps = 0 if self.on_arrays else size  # on arrays: made by _unpack
        self.step3: list[float | None] = [None] * steps
        self.step4: list[float] = [0.0] * steps
        self.step5: list[float] = [0.0] * steps
        self.specials: dict[tuple[int, int], _SpecialWorking] = {}
        """The special formula's working of a player (position) at a step (3, 4, 5), as kept
        (see :meth:`special_at`)."""
        self.standard_working: list[StandardStep] = []
        """The standard formula's working at steps 4 and 5."""
        self.final_list: list[_Final] | None = None
        self.solved: dict[int, tuple[float, float, P0Rule | None, bool]] = {}
        """What the special formula on arrays (which keeps no working) found at step 5 for
        each of its players' notes: R'0, S', the p = 0 rule, the cap."""
        self.final_columns: Finals | None = None
        self.today_used = False
        self.packed: dict[str, Any] = {}
        """On arrays, the values the outcomes read, as arrays until the first outcome is built
        (:meth:`_unpack` makes them the lists above)."""

    # The steps of US Chess 2020, 1.

    def rate(self) -> Sequence[PlayerOutcome]:
        """Steps 1 to 5 and the final ratings; then the outcomes, built now for an event on
        lists, as they are read (:class:`~xlrating.model.Outcomes`) for one on arrays."""
        self.step1_initial_ratings()
        if self.on_arrays:
            self._rate_on_arrays()
            return Outcomes(self.numbers, self.outcome)
        self.step2_effective_games()
        self.repeated = self.sides.repeated_opponents(self.rules.bonus_max_meetings)
        rated = [m > 0 for m in self.m]
        self.step3_first_estimates(rated)
        self.step4 = self.formula_step(4, rated, self.seen_at_step4())
        self.step5 = self.formula_step(5, rated, self.step4)
        self.finals()
        return tuple([self.outcome(i) for i in range(len(self.players))])

    def step1_initial_ratings(self) -> None:
        """Step 1: the pre-event rating, or an initial rating for an unrated player (US Chess 2020, 2)."""
        rules, system = self.rules, self.system
        age_end = self.end if self.end is not None else dt.date.today()
        players = self.players
        self.ratings = [p.rating for p in players]
        self.prior = cast("list[float]", self.ratings.copy())  # unrated players' are set below
        self.games = [p.games for p in players]
        found: dict[tuple[Any, ...], InitialRating] = {}  # players with the same data get the same rating
        prior, games = self.prior, self.games
        for i in [i for i, (r, n) in enumerate(zip(prior, games, strict=True)) if r is None or n is None]:
            player = players[i]
            if player.rating is not None:  # established (N' = N*): the usual case, not noted
                continue
            if system in player.other_ratings:
                self.notes[i].append(f"other_ratings entry for {system.value} ignored: the player is unrated "
                                     "in the system being rated")
            others = player.other_ratings
            if others:
                others = {k: v for k, v in others.items() if k is not system}
            key = (player.fide, player.cfc, player.birth_date, player.adult, *others.items())
            initial = found.get(key)
            if initial is None:
                initial = found[key] = _initial(rules, system, fide=player.fide, cfc=player.cfc,
                                                others=others, birth_date=player.birth_date,
                                                end_date=age_end, adult=player.adult,
                                                converted_on=self.end)
            self.initial[i] = initial
            if initial.source == "age" and player.birth_date is not None and self.end is None:
                self.today_used = True
            prior[i], games[i] = initial.rating, initial.games

    def step2_effective_games(self) -> None:
        """Step 2: N' = min(N, N*) (US Chess 2020, 3); N not given: N*. Also which formula steps 4
        and 5 use: the special one for N <= 8 or an all-wins/all-losses history."""
        rules = self.rules
        self.nstar = [_nstar(rules, prior) for prior in self.prior]
        self.effective = [_effective_below(nstar, games)
                          for nstar, games in zip(self.nstar, self.games, strict=True)]
        self.histories = [p.history for p in self.players]
        self.special = [(games is not None and games <= rules.special_games) or history is not None
                        for games, history in zip(self.games, self.histories, strict=True)]

    def step3_first_estimates(self, rated: list[bool]) -> None:
        """Step 3: unrated players with N = 0: the special formula with N' = 1 against the
        opponents' step 1 (or pre-event) ratings; at least 100."""
        rules = self.rules
        who = [i for i, wanted in enumerate(rated)
               if wanted and self.players[i].rating is None and self.games[i] == 0]
        if not who:
            return
        size = len(self.players)
        first: list[float] = [0.0] * size
        self._special(3, who, [rules.step3_effective_games] * size, [None] * size, self.prior, first)
        floor, step3 = rules.absolute_floor, self.step3
        for i in who:
            step3[i] = max(first[i], floor)

    def seen_at_step4(self) -> list[float]:
        """The ratings step 4 sees opponents at: their pre-event ratings, unrated ones at step 3
        (N = 0) or step 1."""
        return [p if s is None else s for p, s in zip(self.prior, self.step3, strict=True)]

    def formula_step(self, step: int, rated: list[bool], seen: list[float]) -> list[float]:
        """Step 4 (opponents at their pre-event ratings, unrated ones at step 3 or step 1) or
        step 5 (opponents at their step 4 ratings), ``seen`` being those ratings: the
        special formula for the players who use it, the standard one for the others (US
        Chess 2020, 4); at least 100."""
        special = self.special
        standard = self._standard([r and not s for r, s in zip(rated, special, strict=True)], seen)
        if not self.explain:  # the working of step 4 serves only the explanation
            self.standard_working.clear()
        self.standard_working.append(standard)
        raw = list(standard.rating)
        who = [i for i, wanted in enumerate(rated) if wanted and special[i]]
        self._special(step, who, self.effective, self.histories, seen, raw)
        floor = self.rules.absolute_floor
        return [floor if floor > r else r for r in raw]

    def _rate_on_arrays(self) -> None:
        """Steps 2 to 5 and the final ratings of a large event (after step 1), each for all
        players at once on numpy arrays, with the operations of the steps above in their
        order, so the same numbers to the last bit. The values the outcomes read stay arrays
        until the first outcome is built (:meth:`_unpack`)."""
        import numpy as np

        from .arrays import finals, nstar_of
        from .arrays import standard_step as standard_on_arrays

        rules, sides, size = self.rules, cast("ArraySides", self.sides), len(self.players)
        prior = self._array(self.prior)
        score = self._array(self.score)
        # Step 2 (see step2_effective_games).
        games = np.array(self.games, dtype=np.float64)  # N; NaN: not given
        nstar = nstar_of(rules, prior)
        effective = np.fmin(games, nstar)  # N' = min(N, N*); N not given: N*
        history = np.array([p.history for p in self.players], dtype=object)
        special = (games <= rules.special_games) | (history != None)  # noqa: E711 (elementwise)
        repeated = sides.repeated_flags(rules.bonus_max_meetings)
        rated = sides.m > 0
        # Step 3 (see step3_first_estimates).
        pre = np.array(self.ratings, dtype=np.float64)  # NaN: unrated
        first = np.flatnonzero(rated & np.isnan(pre) & (games == 0)).tolist()
        step3 = np.full(size, np.nan)
        if first:
            found = self._special_on_arrays(3, first, np.full(size, rules.step3_effective_games),
                                            np.full(size, None), prior)
            step3[first] = np.maximum(found, rules.absolute_floor)
        # Steps 4 and 5 (see formula_step).
        regular = self._regulars()
        by_special = np.flatnonzero(rated & special).tolist()
        chosen = rated & ~special
        seen = np.where(np.isnan(step3), prior, step3)  # as seen_at_step4
        kept: list[StandardColumns] = []
        for step in (4, 5):
            standard = standard_on_arrays(rules, sides, chosen, prior, effective, score, seen, self.bonus,
                                          self.multiplier, repeated, regular, self.explain)
            kept = [*kept, standard] if self.explain else [standard]
            raw = standard.rating.copy()
            raw[by_special] = self._special_on_arrays(step, by_special, effective, history, seen)
            seen = np.maximum(raw, rules.absolute_floor)
            if step == 4:
                step4 = seen
        if self.match:  # the cap and the floors player by player (see final)
            self.packed |= {"step4": step4, "step5": seen, "won": self.results[0], "drawn": self.results[1]}
            self._unpack()
            self.final_list = [self.final(i) for i in range(size)]
        else:
            self.packed["final_columns"] = finals(rules, self.players, pre, games, prior, seen, *self.results,
                                                  sides.m)
        self.packed |= {"nstar": nstar, "effective": effective, "special": special, "repeated": repeated,
                       "step3": step3, "step4": step4, "step5": seen, "standard_working": kept}

    def _unpack(self) -> None:
        """The values :meth:`_rate_on_arrays` kept as arrays, as the lists the outcomes read."""
        packed, self.packed = self.packed, {}
        for name, values in packed.items():
            if name == "standard_working":
                self.standard_working = [step.listed() for step in values]
            elif name == "final_columns":
                self.final_columns = values.listed()
            elif name == "solved":
                who, solved = values
                self.solved = dict(zip(who, solved.notes(), strict=True))
            elif name == "step3":
                self.step3 = [None if v != v else v for v in values.tolist()]  # NaN: no step 3
            else:
                setattr(self, name, values.tolist())

    def _special_on_arrays(self, step: int, who: list[int], effective: Any, history: Any, seen: Any) -> Any:
        """:meth:`_special` for a large event: the ratings of the players ``who``, in their
        order, as an array."""
        import numpy as np

        into = np.zeros(len(self.players))
        self._special(step, who, effective, history, seen, into)
        return into[who]

    def _special(self, step: int, who: list[int], effective: Any, history: Any, seen: Any, into: Any) -> None:
        """The special formula at ``step`` for the players ``who`` (positions), each rating put
        at his position in ``into``: on arrays all at once, for many players (keeping no
        working: :meth:`special_at` finds one when it is read); else player by player,
        keeping each working that will be read (all of them for an explanation, step 5's for
        the notes). ``effective``, ``history`` (texts or None), ``seen`` and ``into`` hold a
        value per player, in lists or numpy arrays."""
        if self.on_arrays and len(who) >= SPECIAL_VECTOR_PLAYERS:
            from .special_arrays import special_ratings

            solved = special_ratings(self.rules, cast("ArraySides", self.sides), who, self._array(self.prior),
                                     self._array(effective), self._array(self.score), history,
                                     self._array(seen))
            if step == 5:  # what the players' notes say, made a dict by _unpack
                self.packed["solved"] = (who, solved)
            into[who] = solved.rating
            return
        self._special_one_by_one(step, who, effective, history, seen, into, keep=self.explain or step == 5)

    def _special_one_by_one(self, step: int, who: list[int], effective: Any, history: Any, seen: Any,
                            into: Any, *, keep: bool) -> None:
        """:meth:`_special` player by player, by the one-player algorithm; ``keep``: keep
        each working for :meth:`special_at`."""
        if self.on_arrays:  # the one-player formula takes Python numbers
            effective, seen = _as_list(effective), _as_list(seen)
        rules, prior, score, opponents_of = self.rules, self.prior, self.score, self.sides.opponents_of
        kept = self.specials if keep else None
        for i in who:
            working = _special_formula(rules, prior[i], effective[i], [seen[o] for o in opponents_of(i)],
                                       score[i], history[i])
            if kept is not None:
                kept[i, step] = working
            into[i] = working.rating

    def _array(self, values: Any) -> Any:
        """``values`` as a numpy array: made once for each list the steps keep (an array as it is)."""
        if not isinstance(values, list):
            return values
        found = self.arrays.get(id(values))
        if found is None or found[0] is not values:
            import numpy as np

            found = self.arrays[id(values)] = (values, np.array(values, dtype=np.float64))
        return found[1]

    def _standard(self, chosen: list[bool], seen: list[float]) -> StandardStep:
        return standard_step(self.rules, cast("ListedSides", self.sides), chosen, self.prior, self.effective,
                             self.score, seen, bonus=self.bonus, multiplier=self.multiplier,
                             repeated=self.repeated, regular=self._regulars())

    def _regulars(self) -> list[float | None] | None:
        """Every player's Regular rating in a dual-rated event (see :meth:`_regular`), else None."""
        return [self._regular(i) for i in range(len(self.players))] if self.dual else None

    def _regular(self, i: int) -> float | None:
        """The Regular rating that decides the dual-rated K (US Chess 2020, 4.2), in a dual-rated event."""
        if not self.dual:
            return None
        player = self.players[i]
        if self.system is RatingSystem.REGULAR:
            return player.rating
        entry = player.other(RatingSystem.REGULAR)
        return None if entry is None else entry[0]

    def working(self, i: int, step: int) -> _Working:
        """Player ``i``'s formula working at step ``step`` (3, 4 or 5)."""
        if step == 3 or self.special[i]:
            return self.special_at(i, step)
        s = self.standard_working[step - 4 if self.explain else -1]
        if s.workings:
            found = s.workings[i]
            assert found is not None
            return found
        eligible, reason = _eligibility(self.rules, self.bonus, self.m[i], self.repeated[i])
        return _StandardWorking(s.k[i], s.dual_rated_k[i], s.expected_of(i), s.expected_score[i], s.change[i],
                                eligible, reason, s.threshold[i], s.bonus[i], s.rating[i])

    def special_at(self, i: int, step: int) -> _SpecialWorking:
        """Player ``i``'s special formula working at ``step``: as kept where the formula ran
        player by player; where it ran for many players at once on arrays (keeping no
        working), every player's working at that step is found when the first is read, by
        the one-player algorithm run from the ratings the step saw (the same ratings)."""
        found = self.specials.get((i, step))
        if found is None:
            self._special_again(step)
            found = self.specials[i, step]
        return found

    def _special_again(self, step: int) -> None:
        """The one-player special working of every player the formula rated at ``step`` (3, 4
        or 5), from the ratings the step saw (see :meth:`rate`), kept for :meth:`special_at`."""
        size, rules, prior, step3 = len(self.players), self.rules, self.prior, self.step3
        history: list[str | None]
        if step == 3:  # N' = 1, no history, opponents at their pre-event or step 1 ratings
            who = [i for i, first in enumerate(step3) if first is not None]
            effective, history, seen = [rules.step3_effective_games] * size, [None] * size, prior
        else:
            who = [i for i, (m, used) in enumerate(zip(self.m, self.special, strict=True)) if m and used]
            effective, history = self.effective, [p.history for p in self.players]
            seen = self.step4 if step == 5 else self.seen_at_step4()
        self._special_one_by_one(step, who, effective, history, seen, [0.0] * size, keep=True)

    def finals(self) -> None:
        """After step 5, for every player: the match cap, storage and the floor (see :meth:`final`)."""
        self.final_list = [self.final(i) for i in range(len(self.players))]

    def final_of(self, i: int) -> _Final:
        """Player ``i``'s values after step 5, as :meth:`finals` found them."""
        if self.final_list is not None:
            return self.final_list[i]
        c = self.final_columns
        assert c is not None
        return _Final(None, c.stored[i], c.floor[i], _floor_source(c.source[i], c.peak[i]), c.applied[i],
                      c.wins[i], c.draws[i], c.events[i], c.post[i])

    def final(self, i: int) -> _Final:
        """After step 5: the match cap (US Chess 2020, 7), storage (US Chess 2020, 7; 2009 and 2011: integers
        rounded toward the change) and the floor (US Chess 2020, 5)."""
        rules, player = self.rules, self.players[i]
        pre, m = player.rating, self.m[i]
        value = self.step5[i]
        capped = None
        if self.match and rules.match_cap is not None and pre is not None:
            limited = min(max(value, pre - rules.match_cap), pre + rules.match_cap)
            if limited != value:
                value = capped = limited
        stored = store(rules, value, self.prior[i])
        wins = player.wins + self.won[i]
        draws = player.draws + self.drawn[i]
        events = player.events + (1 if m >= rules.floor_event_games else 0)
        peak = None
        if _established(rules, player):
            # The pre-event rating is itself an attained established rating (US Chess 2020, 5).
            assert pre is not None
            peak = pre if player.peak is None else max(player.peak, pre)
        floor, source = _floor(rules, peak, wins, draws, events, player.floor)
        post, applied = stored, False
        if stored < floor and not (self.match and not rules.match_floors):
            applied, post = True, floor
        return _Final(capped, stored, floor, source, applied, wins, draws, events, post)

    def _final_notes(self, i: int, final: _Final) -> None:
        """The notes on what followed step 5 (:meth:`final`)."""
        rules, player, notes = self.rules, self.players[i], self.notes[i]
        pre = player.rating
        if final.capped is not None:
            assert pre is not None
            notes.append(f"match: change capped at {rules.match_cap:g} (from {self.step5[i] - pre:+.2f})")
        if player.peak is not None and not _established(rules, player):
            notes.append("peak ignored: peak floors apply to established players")
        floor = final.floor
        if final.applied:
            notes.append(f"floor {floor:g} applied ({final.source})")
            if pre is not None and pre < floor:
                notes.append(f"pre-event rating {pre:g} was below the floor {floor:g}")
        elif final.stored < floor:  # a match whose floors are not applied
            notes.append(f"match: below the floor {floor:g}, not applied (a request to lower the floor "
                         "by 100)")

    # The outcome and its explanation.

    def outcome(self, i: int) -> PlayerOutcome:
        """Player ``i``'s outcome from the values the steps kept, explained if asked for."""
        if self.packed:
            self._unpack()
        player, notes, explain = self.players[i], self.notes[i], self.explain
        pre, games = player.rating, self.games[i]
        m = self.m[i]
        if m == 0:
            notes.append("no rated games: rating unchanged" if pre is not None
                         else "no rated games: stays unrated")
            return PlayerOutcome(
                player=player.number, method=Method.NOT_RATED, rated_games=0, rated_score=0.0, pre_rating=pre,
                pre_games=player.games, post_rating=pre, post_games=player.games,
                initial_rating=self.prior[i], initial_games=games, effective_games=self.effective[i],
                change=0.0 if pre is not None else None,
                steps=self.explain_steps(i) if explain else (), notes=tuple(notes),
            )
        k = bonus = expected = None
        if self.special[i]:
            solved = self.solved.get(i)
            if solved is None:
                w = self.special_at(i, 5)
                self._special_notes(i, w.adjusted_prior, w.adjusted_score, w.p0_rule, w.capped)
            else:
                self._special_notes(i, *solved)
        else:
            last = self.standard_working[-1]
            k, expected, eligible, amount = last.k[i], last.expected_score[i], last.eligible[i], last.bonus[i]
            bonus = amount if eligible else None
            self._standard_notes(i, last.dual_rated_k[i], eligible, amount, last.change[i], last.threshold[i])
        final = self.final_of(i)
        self._final_notes(i, final)
        fifth = self.working(i, 5) if explain else None
        method = Method.MATCH if self.match else (Method.SPECIAL if self.special[i] else Method.STANDARD)
        return PlayerOutcome(
            player=player.number, method=method, rated_games=m, rated_score=self.score[i], pre_rating=pre,
            pre_games=player.games, post_rating=final.post, post_games=None if games is None else games + m,
            initial_rating=self.prior[i], initial_games=games, effective_games=self.effective[i],
            step3=self.step3[i], step4=self.step4[i], change=None if pre is None else final.post - pre, k=k,
            bonus=bonus, floor=final.floor, floor_applied=final.applied, expected_score=expected,
            games=self.explain_games(i, fifth) if fifth is not None else (),
            steps=self.explain_steps(i, final, fifth) if fifth is not None else (),
            notes=tuple(notes),
        )

    def _special_notes(self, i: int, adjusted_prior: float, adjusted_score: float, p0_rule: P0Rule | None,
                       capped: bool) -> None:
        history, notes = self.players[i].history, self.notes[i]
        if history is not None:
            notes.append(f"{history} history: R'0 = {adjusted_prior:g}, S' = {adjusted_score:g}")
        if p0_rule is not None:
            notes.append(f"p = 0 rule: R0 {p0_rule} the flat stretch")
        if capped:
            notes.append(f"special rating capped at {self.rules.special_cap:g}")

    def _standard_notes(self, i: int, dual: bool, eligible: bool, bonus: float, change: float,
                        threshold: float) -> None:
        notes = self.notes[i]
        if dual:
            notes.append("dual-rated K (Regular rating above 2200)")
        if eligible and bonus > 0:
            notes.append(f"bonus {bonus:.2f}")
        elif not eligible and change > threshold:
            reason = _eligibility(self.rules, self.bonus, self.m[i], self.repeated[i])[1]
            notes.append(f"no bonus: {reason}")

    def explain_steps(self, i: int, final: _Final | None = None,
                      fifth: _Working | None = None) -> tuple[Step, ...]:
        """Player ``i``'s explanation: every step's value and how it came about (steps 1 and
        2 only without ``final``, the values after step 5, and ``fifth``, step 5's working)."""
        rules, prior, floor100 = self.rules, self.prior[i], self.rules.absolute_floor
        initial, games = self.initial[i], self.games[i]
        if initial is not None:
            detail = f"unrated: priority {initial.priority}, {initial.detail}"
        elif games is None:
            detail = "pre-event rating, N not given: established"
        else:
            detail = f"pre-event rating, N = {games}"
        nstar = self.nstar[i]
        n_text = "N not given" if games is None else f"N = {games}"
        steps = [Step("Step 1: initial rating", prior, detail),
                 Step("Step 2: effective games N'", self.effective[i], f"min({n_text}, N* = {nstar:.2f})")]
        if final is None or fifth is None:
            return tuple(steps)
        if self.step3[i] is not None:
            first = self.special_at(i, 3)
            floored = " (raised to 100)" if max(first.rating, floor100) > first.rating else ""
            steps.append(Step("Step 3: first estimate", self.step3[i], "special formula with N' = 1: "
                              f"{_special_text(prior, first)}{floored}"))
        kind = "special formula: " if self.special[i] else "standard formula: "
        fourth = self.working(i, 4)
        text4, text5 = self._formula_text(i, fourth), self._formula_text(i, fifth)
        for label, value, working, text in (("Step 4: intermediate rating", self.step4[i], fourth, text4),
                                            ("Step 5: final rating", self.step5[i], fifth, text5)):
            raised = " (raised to 100)" if value > working.rating else ""
            steps.append(Step(label, value, kind + text + raised))
        if isinstance(fifth, _SpecialWorking):
            knots = ", ".join(f"{z:g}" for z in fifth.knots)
            steps.append(Step("Special formula: knots", None, f"S_z = {knots}"))
            steps.append(Step("Special formula: solution", fifth.rating, text5))
        else:
            k_text = (f"dual-rated K, Regular rating {self._regular(i):g}" if fifth.dual_rated_k
                      else f"800/(N' + m) = 800/({self.effective[i]:.2f} + {self.m[i]})")
            steps.append(Step("K", fifth.k, k_text))
            bonus_text = (f"max(0, K(S - E) - B sqrt(m')) = max(0, {fifth.change:.2f} - "
                          f"{fifth.bonus_threshold:.2f})" if fifth.bonus_eligible
                          else f"none: {fifth.bonus_reason}")
            steps.append(Step("Bonus", fifth.bonus, bonus_text))
        if final.capped is not None:
            steps.append(Step("Match cap", final.capped, f"change limited to {rules.match_cap:g}"))
        if final.stored != (self.step5[i] if final.capped is None else final.capped):
            steps.append(Step("Stored rating", final.stored, "integer rounded toward the change"))
        steps.append(Step("Floor", final.floor, f"{final.source}; NW = {final.wins}, ND = {final.draws}, "
                          f"NR = {final.events}" + ("; applied" if final.applied else "")))
        return tuple(steps)

    def _formula_text(self, i: int, working: _Working) -> str:
        if isinstance(working, _SpecialWorking):
            return _special_text(self.prior[i], working)
        return _standard_text(self.score[i], working)

    def explain_games(self, i: int, working: _Working) -> tuple[GameLine, ...]:
        """Player ``i``'s games as step 5 saw them (``working``): opponents at their step 4
        ratings."""
        rules, numbers, seen = self.rules, self.numbers, self.step4
        rounds, opponents, scores = self.sides.games_of(i)
        if isinstance(working, _SpecialWorking):
            at = working.solution
            return tuple([GameLine(rnd, numbers[o], result, seen[o], _pwe(rules, at, seen[o]))
                          for rnd, o, result in zip(rounds, opponents, scores, strict=True)])
        k, expected = working.k, working.expected
        return tuple([GameLine(rnd, numbers[o], result, seen[o], we, k * (result - we))
                      for rnd, o, result, we in zip(rounds, opponents, scores, expected, strict=True)])

    def event_notes(self) -> tuple[str, ...]:
        rules, notes = self.rules, []
        if self.today_used:
            notes.append("No end date given: ages for initial ratings measured to today")
        if self.dual and rules.dual_rated_k is None:
            notes.append(f"{rules.name} has no dual-rated K: plain K = 800/(N' + m) used")
        if self.match:
            if rules.match_cap is not None:
                notes.append(f"Match: change capped at {rules.match_cap:g}; the 180-day and 3-year match "
                             "caps need the players' match history and are not checked")
            if not rules.match_bonus:
                notes.append("Match: no bonus")
            if not rules.match_floors:
                notes.append("Match: floors not applied automatically")
        return tuple(notes)


def _as_list(values: Any) -> list[Any]:
    """Per-player values as a list (of Python numbers, from a numpy array)."""
    return values if isinstance(values, list) else values.tolist()


def _established(rules: UscfRules, player: UscfPlayer) -> bool:
    """Whether peak floors apply to ``player``: an established rating (N > 25, or N not
    given with a rating; US Chess 2020, 5)."""
    return player.rating is not None and (player.games is None or player.games > rules.established_games)


_NOT_GIVEN = "not given"
"""A date's parameter value when the date is not given (a blank would read back from a
workbook as an empty cell)."""


def _parameters(rules: UscfRules, system: RatingSystem, kind: EventType, start: dt.date | None,
                end: dt.date | None, name: str, dual: bool, multiplier: float,
                source: str) -> tuple[tuple[str, str], ...]:
    """The event's parameters: the keys every engine starts with, then US Chess's own."""
    shared = (("Edition", rules.name), ("Event type", kind.value),
              ("Start date", _NOT_GIVEN if start is None else start.isoformat()),
              ("End date", _NOT_GIVEN if end is None else end.isoformat()))
    named = (("Event name", name),) if name else ()
    return shared + named + (
        ("Rules", f"{rules.name} ({rules.document})"),
        ("Rating system", system.value),
        ("Dual rated", "yes" if dual else "no"),
        ("Bonus multiplier B", f"{multiplier:g}"),
        ("Bonus multiplier source", source),
        ("Ratings stored as", "integers rounded toward the change" if rules.storage_integers else "floats"),
        ("Dual-rated K", "800(6.5 - 0.0025R)/(N' + m) above 2200, 200/(N' + m) from 2500"
         if rules.dual_rated_k is not None else f"none in {rules.name}"),
    )
