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
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from operator import not_
from typing import Any, cast

from .. import _check
from .._columns import empty_columns, put_columns, put_row
from .._gc import collector_paused
from .._player_columns import checked_players, field_values, records
from .._sides import ListedSides, checked_columns
from ..errors import ArgumentError, EventError
from ..model import (
    EventOutcome,
    EventType,
    Game,
    GameLine,
    Method,
    Outcomes,
    PlayerOutcome,
    Step,
    outcome_records,
)
from .bonus import choose_bonus_multiplier
from .core import (
    Core,
    EffectiveGames,
    Finals,
    SpecialStep,
    StandardStep,
    Values,
    as_list,
    as_optional_list,
    missing,
    opponents_at,
    seen_at_step4,
    special_one_by_one,
    take_games,
    where_not,
)
from .core_plain import PlainCore
from .floors import _floor_source
from .formulas import _pwe
from .initial import InitialRating, _initial, by_dated_conversion, default_note
from .match import check_match
from .player import UscfPlayer
from .rules import RatingSystem, RulesLike, UscfRules, get_rules, parse_system
from .special import P0Rule
from .special import _describe_working as _special_text
from .special import _Working as _SpecialWorking
from .standard import _describe as _standard_text
from .standard import _eligibility

_DUAL_SYSTEMS = (RatingSystem.REGULAR, RatingSystem.QUICK)

_DEFAULTS = frozenset({"default", "age"})
"""The sources of step 1 that may have taken a default (:func:`~.initial.default_note`)."""

_P0_WORDS = {
    "inside": "the starting rating (pre-event or initial) kept, as it fits the score",
    "left": "the lowest rating that fits the score, the nearest to the starting rating",
    "right": "the highest rating that fits the score, the nearest to the starting rating",
}
"""The p = 0 rule of the special formula in words, by the branch that applied."""



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
    end_dates: Sequence[dt.date] | None = None,
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

    ``end_dates`` rates several events whose players never meet at once, numbers only
    (``explain=False``; a season's waves do so, see :mod:`xlrating.lists`): each player's
    event's end date, by his position in ``players``, for his initial rating (his age, the
    conversion of a FIDE or CFC rating in force); the rest (B, the rating system, the event
    type) is the whole call's, so each player's outcome is the one his event alone gives when
    they are alike.
    """
    edition = get_rules(rules)
    system = parse_system(edition, rating_system)
    kind = EventType.parse(event_type)
    start, end = _check.event_options(start_date, end_date, event_name, explain)
    roster = checked_players(players, UscfPlayer, "a UscfPlayer")
    played = checked_columns(games)  # taken in full before rating
    numbers = field_values(roster, "number")
    _check.unique("players", numbers)
    histories = field_values(roster, "history")
    storied = [f"Player {number}: unrated, but has history {history!r}: an all-wins or all-losses "
               "history needs a rating"
               for number, history, rating in zip(numbers, histories, field_values(roster, "rating"),
                                                  strict=True)
               if history is not None and rating is None] if histories.count(None) < len(histories) else []
    if storied:  # every such player at once, one line each
        raise EventError("\n".join(storied))
    dual = _check.flag("dual_rated", dual_rated)
    if dual and system not in _DUAL_SYSTEMS:
        raise ArgumentError(f"Argument 'dual_rated': only Regular and Quick events are dual-rated, "
                            f"not {system.value!r} events")
    multiplier, multiplier_source = choose_bonus_multiplier(edition, bonus_multiplier, end)
    size = len(roster)
    ends = None if end_dates is None else _check.dates_per_player("end_dates", end_dates, size, explain)
    with collector_paused():
        if explain or dual or kind is EventType.MATCH:
            roster = records(roster)  # read player by player: each record built once
        event = _Event(edition, system, kind, roster, played, dual=dual, multiplier=multiplier, end=end,
                       explain=explain, numbers=numbers, histories=histories, ends=ends)
        del played  # taken as sides: its columns go now, not after rating
        if kind is EventType.MATCH:
            check_match(edition, roster)
        outcomes, notes = event.rate(), event.event_notes()
        del event  # an event on lists is done with its working: free it before the collector resumes
    parameters = _parameters(edition, system, kind, start, end, event_name, dual, multiplier,
                             multiplier_source)
    return EventOutcome(system="USCF", rules=edition.name, players=outcomes, rating_system=system.value,
                        parameters=parameters, notes=notes)


class _Event:
    """One event's working: the players' data and every step's values, indexed by the
    players' positions, computed by a numeric core (:class:`~.core.Core`).

    :meth:`rate` runs the steps of US Chess 2020, 1 one after another, each a method below;
    the core computes each step's numbers for all players (on lists player by player, or on
    numpy arrays for a large event). The explanation is then built from the values the steps
    kept, as lists (:meth:`_listed`): at once for an event on lists, when the first outcome
    is read for one on arrays.
    """

    def __init__(self, rules: UscfRules, system: RatingSystem, kind: EventType,
                 players: Sequence[UscfPlayer], games: Sequence[Game], *, dual: bool, multiplier: float,
                 end: dt.date | None, explain: bool, numbers: list[int], histories: list[str | None],
                 ends: list[dt.date] | None = None) -> None:
        self.rules, self.system, self.kind = rules, system, kind
        self.dual, self.multiplier, self.end = dual, multiplier, end
        self.ends = ends
        """Of several events at once: each player's event's end date (his initial rating's)."""
        self.match = kind is EventType.MATCH
        self.bonus = rules.match_bonus or not self.match
        self.players = players
        self.explain = explain
        """Whether the explanation will be built (else the steps keep only what the numbers need)."""
        self.numbers = numbers
        """The players' numbers, by position."""
        self.core = _core(rules, self.numbers, games, explain=explain)
        if isinstance(self.core, PlainCore):
            self.players = players = records(players)  # read one by one by its steps: each built once
        self.m, self.score = self.core.m, self.core.score
        size = len(players)
        self.notes: defaultdict[int, list[str]] = defaultdict(list)
        """Each player's notes, by position (a list made only for a player who has one)."""
        self.ratings: list[float | None] = []
        """The pre-event ratings (None: unrated)."""
        self.prior: list[float] = []
        """R0: the pre-event rating or the step 1 initial rating."""
        self.pre_games: list[int | None] = []
        """The pre-event N as given."""
        self.games: list[int | None] = []
        """N: the pre-event N or the step 1 rating's."""
        self.initial: list[InitialRating | None] = [None] * size
        """Each unrated player's step 1 rating, for the explanation (kept only in an explained event)."""
        self.histories = histories
        """Each player's history (all wins, all losses or none)."""
        self.effective_games: EffectiveGames
        """Step 2."""
        self.step3: Values = ()
        """Each step's ratings: as the core gives them, lists once :meth:`_listed`."""
        self.step4: Values = ()
        self.step5: Values = ()
        self.special_steps: dict[int, SpecialStep] = {}
        """The special formula at steps 3, 4 and 5."""
        self.standard_steps: list[StandardStep] = []
        """The standard formula at steps 4 and 5 (step 5 only without explanations)."""
        self.final: Finals
        """What follows step 5."""
        self.today_used = False
        self.document_conversion_used = False
        """Whether a FIDE rating was converted by the document's own conversion for want of an end
        date, where a later one exists (:attr:`~.rules.UscfRules.fide_conversion_updates`)."""
        self.listed = False
        """Whether the values the outcomes read are lists yet (:meth:`_listed`)."""
        self.nstar: list[float] = []
        self.effective: list[float] = []
        self.special: list[bool] = []
        self.repeated: list[bool] = []
        self.solved: dict[int, tuple[float, float, P0Rule | None, bool]] = {}
        """What each player's notes say of the special formula at step 5: R'0, S', the p = 0 rule, the cap."""
        self.unrated: list[int] = []
        """The unrated players (positions)."""
        self.no_bonus: list[int] = []
        """The players (positions) to whom the bonus formula does not apply."""
        self.fields: dict[str, list[Any]] = {}
        """Each numeric field of the outcomes, for every player (:meth:`_fields`)."""
        self.formula_noted: set[int] = set()
        """The players (positions) whose formula at step 5 may give notes (:meth:`.core.Core.noted`)."""
        self.after_noted: set[int] = set()
        """The players (positions) whose match cap, floor or peak may give notes."""
        self.noted: set[int] = set()
        """The players (positions) with a rated game who may have notes (every other player's
        are empty, or those of a player with no rated game)."""
        self.bonus_alone: set[int] = set()
        """Of those, the players whose one note is on the bonus (most of them)."""

    # The steps of US Chess 2020, 1.

    def rate(self) -> Sequence[PlayerOutcome]:
        """Steps 1 to 5 and the final ratings; then the outcomes, built now for an event on
        lists, as they are read (:class:`~xlrating.model.Outcomes`) for one on arrays."""
        self.step1_initial_ratings()
        self.step2_effective_games()
        self.step3_first_estimates()
        self.step4_intermediate_ratings()
        self.step5_final_ratings()
        self.after_step5()
        if self.core.lazy:
            return Outcomes(self.numbers, self.outcome, self.outcomes, self.columns)
        return tuple(self.outcomes(range(len(self.players))))

    def step1_initial_ratings(self) -> None:
        """Step 1: the pre-event rating, or an initial rating for an unrated player (US Chess 2020, 2)."""
        rules, system = self.rules, self.system
        age_end = self.end if self.end is not None else dt.date.today()
        ends = self.ends
        players = self.players
        self.ratings = field_values(players, "rating")
        self.prior = cast("list[float]", self.ratings.copy())  # unrated players' are set below
        self.pre_games = field_values(players, "games")
        self.games = self.pre_games.copy()  # unrated players' are set below
        # Players with the same data get the same rating, and the same note on a default it took:
        found: dict[tuple[Any, ...], tuple[InitialRating, str | None]] = {}
        prior, games, m = self.prior, self.games, self.m
        self.unrated = missing(self.ratings)
        for i in self.unrated:  # the rated players' step 1 is their pre-event rating and N
            player = players[i]
            others = player.other_ratings
            on = ends[i] if ends is not None else self.end
            key: tuple[Any, ...] = (player.fide, player.cfc, player.birth_date, player.adult, on)
            if others:
                if system in others:
                    self.notes[i].append(f"other_ratings entry for {system.value} ignored: the player is "
                                         "unrated in the system being rated")
                others = {k: v for k, v in others.items() if k is not system}
                key += tuple(others.items())
            taken = found.get(key)
            if taken is None:
                at = on if on is not None else age_end
                initial = _initial(rules, system, fide=player.fide, cfc=player.cfc, others=others,
                                   birth_date=player.birth_date, end_date=at, adult=player.adult,
                                   converted_on=on, words=self.explain)
                taken = found[key] = initial, self._defaults_taken(initial, player.birth_date, on, at)
            initial, note = taken
            # Read by the explanation only: kept without one, these records (856 in a 10,000-player
            # event) made the collector run a young pass when it resumed (0.75 ms, measured).
            if self.explain:
                self.initial[i] = initial
            if note is not None and m[i]:  # (a player with no rated game needs none)
                self.notes[i].append(note)
            prior[i], games[i] = initial.rating, initial.games

    def _defaults_taken(self, initial: InitialRating, born: dt.date | None, on: dt.date | None,
                        age_end: dt.date) -> str | None:
        """What step 1 took by default for an unrated player whose initial rating is ``initial``
        (``born``: his birth date, ``on``: his end date, ``age_end``: the date his age is taken
        at): an end date taken as today or a FIDE rating converted by the document's own
        conversion, for the event's notes; returns the note on the rules' defaults for his notes."""
        rules, source = self.rules, initial.source
        if self.end is None and source == "age" and born is not None:
            self.today_used = True
        if on is None and by_dated_conversion(rules, self.system, initial):
            self.document_conversion_used = True
        return default_note(rules, self.system, initial, born, age_end) if source in _DEFAULTS else None

    def step2_effective_games(self) -> None:
        """Step 2: N' = min(N, N*) (US Chess 2020, 3); N not given: N*. Also which formula steps 4
        and 5 use: the special one for N <= 8 or an all-wins/all-losses history."""
        self.effective_games = self.core.effective_games(self.prior, self.games, self.histories)

    def step3_first_estimates(self) -> None:
        """Step 3: unrated players with N = 0: the special formula with N' = 1 against the
        opponents' step 1 (or pre-event) ratings; at least 100."""
        rules, core = self.rules, self.core
        who = core.first_estimate_players(self.unrated, self.games)
        nobody: list[str | None] = [None] * len(self.players)  # no history (a list: found so at once)
        found = self._special(3, who, core.filled(rules.step3_effective_games), nobody, self.prior)
        self.step3 = self.core.first_estimates(found, rules.absolute_floor)

    def step4_intermediate_ratings(self) -> None:
        """Step 4: every player by his formula, opponents at their pre-event ratings, unrated
        ones at step 3 (N = 0) or step 1; at least 100."""
        self.step4 = self.formula_step(4, self.core.seen_at_step4(self.prior, self.step3))

    def step5_final_ratings(self) -> None:
        """Step 5: the same again with every opponent at his step 4 rating; at least 100."""
        self.step5 = self.formula_step(5, self.step4)

    def after_step5(self) -> None:
        """Beyond the five steps: the match cap (US Chess 2020, 7), storage and the floors (US
        Chess 2020, 5)."""
        self.final = self.core.finals(self.players, self.unrated, self.prior, self.games, self.step5,
                                      match=self.match)

    def formula_step(self, step: int, seen: Values) -> Values:
        """Step 4 (opponents at their pre-event ratings, unrated ones at step 3 or step 1) or
        step 5 (opponents at their step 4 ratings), ``seen`` being those ratings: the
        special formula for the players who use it, the standard one for the others (US
        Chess 2020, 4); at least 100."""
        effective = self.effective_games
        standard = self.core.standard(effective.by_standard, self.prior, effective.effective, seen,
                                      bonus=self.bonus, multiplier=self.multiplier, regular=self._regulars(),
                                      explain=self.explain)
        # The working of step 4 serves only the explanation.
        self.standard_steps = [*self.standard_steps, standard] if self.explain else [standard]
        special = self._special(step, effective.by_special, effective.effective, self.histories, seen)
        return self.core.step_ratings(standard, special, self.rules.absolute_floor)

    def _special(self, step: int, who: list[int], effective: Values, history: list[str | None],
                 seen: Values) -> SpecialStep:
        """The special formula at ``step`` for the players ``who`` (positions), keeping each
        working the explanation will read where it runs player by player (see :meth:`special_at`)."""
        found = self.special_steps[step] = self.core.special(who, self.prior, effective, history, seen,
                                                             keep=self.explain)
        return found

    def special_at(self, i: int, step: int) -> _SpecialWorking:
        """Player ``i``'s special formula working at ``step``: as kept where the formula ran
        player by player; where it ran for many players at once on arrays (keeping no
        working), every player's working at that step is found when the first is read, by
        the one-player algorithm run from the ratings the step saw (the same ratings)."""
        found = self.special_steps[step].workings.get(i)
        if found is None:
            self._special_again(step)
            found = self.special_steps[step].workings[i]
        return found

    def _special_again(self, step: int) -> None:
        """The one-player special working of every player the formula rated at ``step`` (3, 4
        or 5), from the ratings the step saw (see :meth:`rate`), kept for :meth:`special_at`."""
        size, rules, prior = len(self.players), self.rules, self.prior
        step3: list[float | None] = self.step3
        history: list[str | None]
        if step == 3:  # N' = 1, no history, opponents at their pre-event or step 1 ratings
            effective, history, seen = [rules.step3_effective_games] * size, [None] * size, prior
        else:
            effective, history = self.effective, self.histories
            seen = self.step4 if step == 5 else seen_at_step4(prior, step3)
        who = self.special_steps[step].who
        self.special_steps[step] = special_one_by_one(rules, who, prior, effective, self.score, history,
                                                      opponents_at(self.core.sides, who, seen), keep=True)

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

    # The outcome and its explanation.

    def _listed(self) -> None:
        """The values the outcomes read, as lists of Python numbers (from the core's arrays,
        for an event on arrays), and who may have notes (:meth:`_notes`)."""
        self.listed = True
        effective, found = self.effective_games, self.special_steps[5]
        formula, after, bonus = self.core.noted(effective.special, found, self.histories,
                                                self.standard_steps[-1], self.final)
        self.formula_noted, self.after_noted = set(formula), set(after)
        self.noted = {*formula, *after, *[i for i in self.notes if self.m[i]]}
        self.bonus_alone = set(bonus).difference(self.after_noted, self.notes)
        self.no_bonus = where_not(self.standard_steps[-1].eligible)
        change = self.core.changes(self.final.post, self.prior)  # (from the post-event ratings as they are)
        if self.core.lazy:  # the numpy core's arrays (the plain core's values are lists already)
            self.step3 = as_optional_list(self.step3)
            self.step4 = as_list(self.step4)
            if self.explain:  # without explanations, step 5 is read by a match's note only
                self.step5 = as_list(self.step5)
            # Without explanations, what the fields and most notes read:
            self.standard_steps = [step.listed(self.explain) for step in self.standard_steps]
            self.final = self.final.listed(self.explain)
            effective = effective.listed(self.explain)
        self.nstar, self.effective, self.special = effective.nstar, effective.effective, effective.special
        self.repeated = as_list(self.core.repeated)
        self.solved = found.notes(self.formula_noted)
        self.fields = self._fields(change)

    def standard_at(self, step: int) -> StandardStep:
        """The standard formula at ``step`` (4 or 5; without explanations only step 5's is kept)."""
        return self.standard_steps[step - 4 if self.explain else -1]

    def _bonus_reason(self, i: int) -> str:
        """Why the bonus formula does or does not apply to player ``i`` (US Chess 2020, 4.2)."""
        return _eligibility(self.rules, self.bonus, self.m[i], self.repeated[i])[1]

    def outcome(self, i: int) -> PlayerOutcome:
        """Player ``i``'s outcome (see :meth:`outcomes`)."""
        return self.outcomes([i])[0]

    def outcomes(self, positions: Sequence[int]) -> list[PlayerOutcome]:
        """The outcomes of the players at ``positions`` (ascending; all of them: the whole
        event) from the values the steps kept, explained if asked for. Built field by field,
        each field's values for all these players at once (:meth:`_fields`), then one record
        per player; the notes of the players who may have some (:meth:`.core.Core.noted`) and
        the outcome of a player with no rated game (:meth:`_not_rated`) are built player by
        player."""
        if not self.listed:
            self._listed()
        column = _columns(positions, len(self.players))
        built = outcome_records({**{name: column(values) for name, values in self.fields.items()},
                                 **self._explanations(positions), "notes": self._notes_column(positions)})
        m = column(self.m)
        if 0 in m:
            for j, i in enumerate(positions):
                if not m[j]:
                    built[j] = self._not_rated(i)
        return built

    def columns(self, names: Sequence[str]) -> dict[str, list[Any]]:
        """The fields ``names`` of every player's outcome, a list each (see
        :data:`xlrating.model.ColumnSource`): the values :meth:`outcomes` builds the records
        from, without building them."""
        if not self.listed:
            self._listed()
        found = empty_columns(names, len(self.players))
        put_columns(found, range(len(self.players)), self.fields)
        for i in compress(range(len(self.m)), map(not_, self.m)):  # no rated game: as :meth:`_not_rated`
            put_row(found, i, self._not_rated_fields(i))
        return found

    def _fields(self, change: list[float]) -> dict[str, list[Any]]:
        """Every player's value of each numeric field of his outcome (as a player with a rated
        game has it: see :meth:`_not_rated`), in lists (``change``: each post-event rating less R0);
        the standard formula's K, expected score and bonus are None for a player rated by the
        special formula, the bonus also where the bonus formula does not apply."""
        final, last, size = self.final, self.standard_steps[-1], len(self.players)
        by_special = self.effective_games.by_special
        if self.match:
            methods = [Method.MATCH] * size
        else:
            methods = _blanked([Method.STANDARD] * size, by_special, Method.SPECIAL)
        return {
            "player": self.numbers, "method": methods, "rated_games": self.m, "rated_score": self.score,
            "pre_rating": self.ratings, "pre_games": self.pre_games, "post_rating": final.post,
            "post_games": self.core.post_games(self.games), "initial_rating": self.prior,
            "initial_games": self.games, "effective_games": self.effective, "step3": self.step3,
            "step4": self.step4,
            "change": _blanked(change, self.unrated),  # unrated: None
            "k": _blanked(last.k, by_special), "bonus": _blanked(last.bonus, self.no_bonus),
            "floor": final.floor, "floor_applied": final.applied,
            "expected_score": _blanked(last.expected_score, by_special),
        }

    def _notes_column(self, positions: Sequence[int]) -> list[tuple[str, ...]]:
        """The notes of the players at ``positions`` who have a rated game (see :meth:`_notes`)."""
        noted = self.noted
        if len(positions) < len(self.players):
            return [self._notes(i) if i in noted else () for i in positions]
        notes: list[tuple[str, ...]] = [()] * len(positions)
        alone, last = self.bonus_alone, self.standard_steps[-1]
        paid, eligible, m, repeated = last.bonus, last.eligible, self.m, self.repeated
        unpaid: dict[tuple[int, bool], tuple[str]] = {}  # why no bonus depends on m and repeats only
        # At once, not through _notes (measured at 10,000 players: 0.6 ms less), each reason for no
        # bonus put in words once (0.15 ms less again)
        for i in alone:
            if eligible[i]:
                notes[i] = (f"bonus {paid[i]:.2f}",)
            else:
                key = m[i], repeated[i]
                found = unpaid.get(key)
                notes[i] = found if found is not None else unpaid.setdefault(key, (self._bonus_note(i),))
        others = noted.difference(alone)
        first: dict[tuple[str, ...], tuple[str, ...]] = {}  # the same notes of step 1 (a default), once
        for i in others.difference(self.formula_noted, self.after_noted):  # step 1's notes only
            given = tuple(self.notes[i])
            notes[i] = first.setdefault(given, given)
        for i in others.intersection(self.formula_noted) | others.intersection(self.after_noted):
            notes[i] = self._notes(i)
        return notes

    def _explanations(self, positions: Sequence[int]) -> dict[str, list[tuple[Any, ...]]]:
        """The game lines and the steps of the players at ``positions`` (for a player with no
        rated game: see :meth:`_not_rated`), by field; none without explanations (each field
        keeps its default, empty)."""
        if not self.explain:
            return {}
        return {"games": [self.explain_games(i) if self.m[i] else () for i in positions],
                "steps": [self.explain_steps(i, rated=True) if self.m[i] else () for i in positions]}

    def _not_rated(self, i: int) -> PlayerOutcome:
        """The outcome of player ``i``, who has no rated game: his rating unchanged."""
        unchanged = self.players[i].rating is not None
        notes = (*self.notes.get(i, ()),
                 "no rated games: rating unchanged" if unchanged else "no rated games: stays unrated")
        return PlayerOutcome(**self._not_rated_fields(i), steps=self.explain_steps(i) if self.explain else (),
                             notes=notes)

    def _not_rated_fields(self, i: int) -> dict[str, Any]:
        """The numeric fields of player ``i``'s outcome, who has no rated game (every other
        field at its default)."""
        player = self.players[i]
        pre = player.rating
        return {"player": player.number, "method": Method.NOT_RATED, "rated_games": 0, "rated_score": 0.0,
                "pre_rating": pre, "pre_games": player.games, "post_rating": pre, "post_games": player.games,
                "initial_rating": self.prior[i], "initial_games": self.games[i],
                "effective_games": self.effective[i], "change": 0.0 if pre is not None else None}

    def _notes(self, i: int) -> tuple[str, ...]:
        """Player ``i``'s notes (he has a rated game): step 1's, then the formula's, then what
        followed step 5's."""
        notes = list(self.notes.get(i, ()))
        if i in self.formula_noted:
            (self._special_notes if self.special[i] else self._standard_notes)(i, notes)
        if i in self.after_noted:
            self._final_notes(i, notes)
        return tuple(notes)

    def _special_notes(self, i: int, notes: list[str]) -> None:
        """The notes of the special formula at step 5 for player ``i``: his history, the p = 0
        rule, the cap."""
        adjusted_prior, adjusted_score, p0_rule, capped = self.solved[i]
        history = self.histories[i]
        if history is not None:
            notes.append(f"{history} history: R'0 = {adjusted_prior:g}, S' = {adjusted_score:g}")
        if p0_rule is not None:
            notes.append(f"no opponent within {self.rules.pwe_range:g} points of the result: "
                         f"{_P0_WORDS[p0_rule]} ({self.rules.cite(self.rules.special_section)}, step 4)")
        if capped:
            notes.append(f"special rating capped at {self.rules.special_cap:g}")

    def _standard_notes(self, i: int, notes: list[str]) -> None:
        """The notes of the standard formula at step 5 for player ``i``: the dual-rated K, the
        bonus, or none where one would have been paid."""
        last = self.standard_steps[-1]
        if last.dual_rated_k[i]:
            notes.append("dual-rated K (Regular rating above 2200)")
        if last.bonus[i] > 0 if last.eligible[i] else last.change[i] > last.threshold[i]:
            notes.append(self._bonus_note(i))

    def _bonus_note(self, i: int) -> str:
        """The note on the bonus of player ``i``, rated by the standard formula, who has one: the
        bonus paid, or why none was where one would have been."""
        last = self.standard_steps[-1]
        return f"bonus {last.bonus[i]:.2f}" if last.eligible[i] else f"no bonus: {self._bonus_reason(i)}"

    def _final_notes(self, i: int, notes: list[str]) -> None:
        """The notes on what followed step 5 (:class:`~.core.Finals`)."""
        rules, player, final = self.rules, self.players[i], self.final
        pre = player.rating
        if final.capped[i] is not None:
            assert pre is not None
            notes.append(f"match: change capped at {rules.match_cap:g} (from {self.step5[i] - pre:+.2f})")
        if final.peak_ignored[i]:
            notes.append("peak ignored: peak floors apply to established players")
        floor = final.floor[i]
        if final.applied[i]:
            notes.append(f"floor {floor:g} applied ({_floor_source(final.source[i], final.peak[i])})")
            if pre is not None and pre < floor:
                notes.append(f"pre-event rating {pre:g} was below the floor {floor:g}")
        elif final.stored[i] < floor:  # a match whose floors are not applied
            notes.append(f"match: below the floor {floor:g}, not applied (a request to lower the floor "
                         "by 100)")

    def explain_steps(self, i: int, *, rated: bool = False) -> tuple[Step, ...]:
        """Player ``i``'s explanation: every step's value and how it came about (steps 1 and
        2 only unless ``rated``)."""
        prior, floor100 = self.prior[i], self.rules.absolute_floor
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
        if not rated:
            return tuple(steps)
        step3 = self.step3[i]
        if step3 is not None:
            first = self.special_at(i, 3)
            floored = " (raised to 100)" if max(first.rating, floor100) > first.rating else ""
            steps.append(Step("Step 3: first estimate", step3, "special formula with N' = 1: "
                              f"{_special_text(prior, first)}{floored}"))
        kind = "special formula: " if self.special[i] else "standard formula: "
        text5 = ""
        for step, label, value in ((4, "Step 4: intermediate rating", self.step4[i]),
                                   (5, "Step 5: final rating", self.step5[i])):
            found, text5 = self._formula_text(i, step)
            raised = " (raised to 100)" if value > found else ""
            steps.append(Step(label, value, kind + text5 + raised))
        steps.extend(self._explain_special(i, text5) if self.special[i] else self._explain_standard(i))
        steps.extend(self._explain_final(i))
        return tuple(steps)

    def _formula_text(self, i: int, step: int) -> tuple[float, str]:
        """Player ``i``'s rating by his formula at ``step`` (4 or 5), before the floor of 100,
        and its working in words."""
        if self.special[i]:
            working = self.special_at(i, step)
            return working.rating, _special_text(self.prior[i], working)
        s = self.standard_at(step)
        eligible = s.eligible[i]
        text = _standard_text(s.k[i], s.dual_rated_k[i], self.score[i], s.expected_score[i], s.change[i],
                              eligible, "" if eligible else self._bonus_reason(i), s.threshold[i], s.bonus[i])
        return s.rating[i], text

    def _explain_special(self, i: int, text: str) -> list[Step]:
        """The special formula's knots and solution at step 5 (``text``: its working in words)."""
        fifth = self.special_at(i, 5)
        knots = ", ".join(f"{z:g}" for z in fifth.knots)
        return [Step("Special formula: knots", None, f"S_z = {knots}"),
                Step("Special formula: solution", fifth.rating, text)]

    def _explain_standard(self, i: int) -> list[Step]:
        """The standard formula's K and bonus at step 5."""
        s = self.standard_at(5)
        k_text = (f"dual-rated K, Regular rating {self._regular(i):g}" if s.dual_rated_k[i]
                  else f"800/(N' + m) = 800/({self.effective[i]:.2f} + {self.m[i]})")
        bonus_text = (f"max(0, K(S - E) - B sqrt(m')) = max(0, {s.change[i]:.2f} - {s.threshold[i]:.2f})"
                      if s.eligible[i] else f"none: {self._bonus_reason(i)}")
        return [Step("K", s.k[i], k_text), Step("Bonus", s.bonus[i], bonus_text)]

    def _explain_final(self, i: int) -> list[Step]:
        """The steps after step 5 in player ``i``'s explanation: the match cap, storage, the floor."""
        rules, final = self.rules, self.final
        capped, stored, floor, applied = final.capped[i], final.stored[i], final.floor[i], final.applied[i]
        steps = []
        if capped is not None:
            steps.append(Step("Match cap", capped, f"change limited to {rules.match_cap:g}"))
        if stored != (self.step5[i] if capped is None else capped):
            steps.append(Step("Stored rating", stored, "integer rounded toward the change"))
        steps.append(Step("Floor", floor, f"{_floor_source(final.source[i], final.peak[i])}; "
                          f"NW = {final.wins[i]}, ND = {final.draws[i]}, NR = {final.events[i]}"
                          + ("; applied" if applied else "")))
        return steps

    def explain_games(self, i: int) -> tuple[GameLine, ...]:
        """Player ``i``'s games as step 5 saw them: opponents at their step 4 ratings."""
        rules, numbers, seen = self.rules, self.numbers, self.step4
        rounds, opponents, scores = self.core.sides.games_of(i)
        if self.special[i]:
            at = self.special_at(i, 5).solution
            return tuple([GameLine(rnd, numbers[o], result, seen[o], _pwe(rules, at, seen[o]))
                          for rnd, o, result in zip(rounds, opponents, scores, strict=True)])
        s = self.standard_at(5)
        k, expected = s.k[i], s.expected[i]
        return tuple([GameLine(rnd, numbers[o], result, seen[o], we, k * (result - we))
                      for rnd, o, result, we in zip(rounds, opponents, scores, expected, strict=True)])

    def event_notes(self) -> tuple[str, ...]:
        rules, notes = self.rules, []
        if self.today_used:
            notes.append("No end date given: ages for initial ratings measured to today")
        if self.document_conversion_used:
            since = rules.fide_conversion_updates[0].start
            notes.append(f"No end date given: FIDE ratings converted by the {rules.name} document's own "
                         f"conversion ({rules.cite(rules.formulas_section)}; US Chess's from {since.day} "
                         f"{since:%B %Y} needs the end date)")
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


def _columns(positions: Sequence[int], size: int) -> Callable[[Sequence[Any]], Sequence[Any]]:
    """What takes, from a value per player, the values of the players at ``positions``
    (ascending): every value as it is when ``positions`` are all ``size`` players."""
    if len(positions) == size:
        return lambda values: values
    return lambda values: [values[i] for i in positions]


def _blanked(values: Iterable[Any], positions: Iterable[int], blank: Any = None) -> list[Any]:
    """``values`` in a new list, with ``blank`` at ``positions``."""
    found = list(values)
    for i in positions:
        found[i] = blank
    return found



def _core(rules: UscfRules, numbers: list[int], games: Sequence[Game], *, explain: bool) -> Core:
    """The numeric core for an event: the numpy one where :func:`.core.take_games` took the
    games as arrays, else the plain one."""
    sides = take_games(numbers, games, explain=explain)
    if isinstance(sides, ListedSides):
        return PlainCore(rules, sides)
    from .._sides_numpy import ArraySides
    from .core_numpy import NumpyCore

    assert isinstance(sides, ArraySides)
    return NumpyCore(rules, sides)


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
