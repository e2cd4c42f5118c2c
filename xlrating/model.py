"""The plain data every engine and every adapter share.

An event reaches an engine as its players (each engine has its own player type, with
the prior data its rules need) and its rated games (:class:`Game`, here). Every
engine answers with an :class:`EventOutcome`: one :class:`PlayerOutcome` per player,
each explaining itself (the values of every step, the method, K, bonus, floor, the
games as the final step saw them, notes). The crosstable writer, the reports and the
Excel functions render these; none of them recomputes a rating.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum
from operator import eq, sub
from typing import Any, TypeVar, cast, overload

from . import _check
from ._gc import collector_paused
from .errors import ArgumentError, EventError


class EventType(str, Enum):
    """How an event is paired; some rules depend on it (FIDE round robins, US Chess matches)."""

    SWISS = "Swiss"
    ROUND_ROBIN = "Round robin"
    MATCH = "Match"

    @classmethod
    def parse(cls, value: EventType | str, name: str = "event_type") -> EventType:
        if isinstance(value, EventType):
            return value
        exact = _BY_VALUE.get(value) if isinstance(value, str) else None
        return exact or cls(_check.choice(name, value, (e.value for e in cls)))


_BY_VALUE: dict[str, EventType] = {e.value: e for e in EventType}
"""Each event type by its value as spelled here (other spellings go through the check)."""

_MAX = _check.MAX_COUNT


class Method(str, Enum):
    """How a player's post-event rating was produced (the ``Method`` column)."""

    SPECIAL = "special"
    """US Chess special formula (US Chess 2020, 4.1)."""
    STANDARD = "standard"
    """US Chess standard formula (US Chess 2020, 4.2)."""
    MATCH = "match"
    """US Chess standard formula under the match restrictions (US Chess 2020, 7)."""
    ELO = "elo"
    """A rated player's change K x sum(score - expected) (FIDE Handbook B.02, 10.5; ICU rating formulae)."""
    PROVISIONAL = "provisional"
    """ICU provisional player: weighted average of prior rating and performance."""
    PERFORMANCE = "performance"
    """ICU unrated player: the performance rating in the event."""
    UNRATED = "unrated"
    """FIDE unrated player: Ru from Rc and the score (FIDE Handbook B.02, 10.2)."""
    FOREIGN = "foreign"
    """ICU foreign player: a rating used for opponents and not changed."""
    NOT_RATED = "not rated"
    """The player has no rated game in the event; the rating is unchanged."""


@dataclass(frozen=True, slots=True)
class Game:
    """One rated game of an event, entered once (from ``player``'s side).

    Forfeits, byes and unplayed games are not rated and never become a ``Game``.
    """

    round: int
    """Round number, from 1."""
    player: int
    """Pairing number of one player."""
    opponent: int
    """Pairing number of the other player."""
    score: float
    """Points ``player`` scored: 1, 0.5 or 0 (the opponent scored ``1 - score``)."""

    def __post_init__(self) -> None:
        rnd, player, opponent, score = self.round, self.player, self.opponent, self.score
        if (rnd.__class__ is int and player.__class__ is int and opponent.__class__ is int
                and 1 <= rnd <= _MAX and 1 <= player <= _MAX and 1 <= opponent <= _MAX and player != opponent
                and score.__class__ is float and (score == 1.0 or score == 0.5 or score == 0.0)):
            return  # the common case, checked quickly: nothing to normalise
        _check.whole("round", self.round, low=1)
        _check.whole("player", self.player, low=1)
        _check.whole("opponent", self.opponent, low=1)
        if self.player == self.opponent:
            raise ArgumentError(f"Game in round {self.round}: player {self.player} cannot play itself")
        object.__setattr__(self, "score", _check.result("score", self.score))

    def side(self, number: int) -> tuple[int, float]:
        """``(opponent, score)`` of this game seen from player ``number``."""
        if number == self.player:
            return self.opponent, self.score
        if number == self.opponent:
            return self.player, 1.0 - self.score
        raise ArgumentError(f"Player {number} did not play this game ({self})")


def games_by_player(
    numbers: Iterable[int], games: Sequence[Game]
) -> dict[int, list[tuple[Game, int, float]]]:
    """Each player's games as ``(game, opponent, score)``, in round order.

    Raises :class:`EventError` naming every game that refers to a player not in
    ``numbers``.
    """
    by_player: dict[int, list[tuple[Game, int, float]]] = {n: [] for n in numbers}
    columns = game_columns(games)
    missing = [(rnd, a, b)
               for rnd, a, b in zip(columns.rounds, columns.players, columns.opponents, strict=True)
               if a not in by_player or b not in by_player]
    if missing:
        parts = []
        for rnd, a, b in missing:
            absent = [n for n in (a, b) if n not in by_player]
            parts.append(f"round {rnd}: game {a}-{b} names missing player "
                         + ", ".join(str(n) for n in absent))
        raise EventError("The event's games name players who are not in it: " + "; ".join(parts))
    for game in sorted(games, key=lambda g: g.round):
        by_player[game.player].append((game, game.opponent, game.score))
        by_player[game.opponent].append((game, game.player, 1.0 - game.score))
    return by_player


_Record = TypeVar("_Record", bound=type)
_T = TypeVar("_T")


def _slot_filling_init(cls: _Record) -> _Record:
    """``cls``, a frozen slotted dataclass, with an ``__init__`` that fills its slots directly.

    The engines build these records by the thousand per event, and building them is most of
    what reading a large event's outcomes costs. The ``__init__`` that :mod:`dataclasses`
    writes for a frozen class stores each field by a call of ``object.__setattr__``. This
    one gives the new record, for the time it fills its slots, the class of an open twin of
    the same slots (``_<name>Slots``: the same layout, without the frozen ``__setattr__``), so
    that each field is stored as a plain attribute of a slotted object, which Python does at
    full speed, and then gives it back its class: a record of 23 fields is built more than
    twice as fast as through each slot's own descriptor, which is how a subclass's record
    (another layout) is filled, and four times as fast as by ``object.__setattr__``. It takes
    the same arguments with the same defaults (a field's default factory is called, as the
    dataclass's own ``__init__`` calls it, when the field is not given); everything else
    (immutability, equality, hashing, ``repr``) stays the dataclass's own.
    """
    record: Any = cls
    plain = fields(record)
    if (hasattr(cls, "__post_init__") or cls.__bases__ != (object,) or not plain
            or any(not f.init for f in plain)):
        raise TypeError(f"{cls.__name__}: only plain fields of a record with no base class can be filled "
                        "slot by slot")
    scope: dict[str, Any] = {"_cls": cls, "_open": _open_slots(cls), "_set_class": object.__setattr__,
                             "_made": MISSING}
    parameters, made, stores, sets = [], [], [], []
    for f in plain:
        scope[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        if f.default_factory is not MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            parameters.append(f"{f.name}=_made")
            made.append(f"    if {f.name} is _made:\n        {f.name} = _factory_{f.name}()\n")
        elif f.default is MISSING:
            parameters.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            parameters.append(f"{f.name}=_default_{f.name}")
        stores.append(f"        self.{f.name} = {f.name}")
        sets.append(f"        _set_{f.name}(self, {f.name})")
    exec("def __init__(self, " + ", ".join(parameters) + "):\n"
         + "".join(made) +
         "    if self.__class__ is _cls:\n"
         "        _set_class(self, '__class__', _open)\n"
         + "\n".join(stores) + "\n"
         "        self.__class__ = _cls\n"
         "    else:\n"
         + "\n".join(sets), scope)
    init = scope["__init__"]
    init.__qualname__, init.__module__ = record.__init__.__qualname__, record.__init__.__module__
    init.__annotations__ = record.__init__.__annotations__
    init.__signature__ = inspect.signature(record.__init__)  # a default factory shown as "<factory>"
    record.__init__ = init
    return cls


@functools.cache
def _open_slots(cls: type) -> type:
    """The open twin of the frozen slotted record ``cls`` (one a class): the same slots, so the
    same layout, without the frozen ``__setattr__`` (see :func:`_slot_filling_init`)."""
    slots: tuple[str, ...] = cls.__slots__  # type: ignore[attr-defined]
    return type(f"_{cls.__name__}Slots", (), {"__slots__": slots})


def _slot_scope(cls: type, done: str) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The slots of ``cls`` (a slotted dataclass with no base class, its slots in field order)
    and the names a function generated to fill them sees (the class and its open twin, which
    makes a new record when called: it has no ``__init__``, and calling it is quicker than
    ``object.__new__``); ``TypeError`` for any other class (``done``: what was to be done slot
    by slot)."""
    names: tuple[str, ...] = cls.__slots__  # type: ignore[attr-defined]
    if cls.__bases__ != (object,) or names != tuple(f.name for f in fields(cls)):
        raise TypeError(f"{cls.__name__}: only a slotted record with no base class can be {done} slot by "
                        "slot")
    return names, {"_cls": cls, "_open": _open_slots(cls)}


def _filling(scope: dict[str, Any], name: str, signature: str, values: Sequence[str]) -> Callable[..., Any]:
    """A generated function ``name(signature)`` that returns a new record of the class in
    ``scope`` (from :func:`_slot_scope`), its slots given ``values`` in order (one Python
    expression a slot), each stored as :func:`_slot_filling_init` stores it."""
    names = scope["_cls"].__slots__
    exec(f"def {name}({signature}):\n"
         "    new = _open()\n"
         + "".join(f"    new.{slot} = {value}\n" for slot, value in zip(names, values, strict=True))
         + "    new.__class__ = _cls\n"
         "    return new\n", scope)
    function: Callable[..., Any] = scope[name]
    return function


def _slot_replacer(cls: type[_T]) -> Callable[[_T, dict[str, Any]], _T]:
    """``replace(record, changes)``: a copy of ``record``, a ``cls`` (a frozen slotted dataclass
    with no base class), with the fields named in ``changes`` changed, as
    :func:`dataclasses.replace` gives it but without running ``__init__``, for values already
    checked; each field is stored as :func:`_slot_filling_init` stores it."""
    names, scope = _slot_scope(cls, "copied")
    return _filling(scope, "replace", "old, changes",
                    [f"changes['{name}'] if '{name}' in changes else old.{name}" for name in names])


def _positional_filler(cls: type[_T]) -> Callable[..., _T]:
    """``make(*values)``: a new ``cls`` (a frozen slotted dataclass with no base class, its slots
    in field order) with its fields in order, stored as :func:`_slot_filling_init` stores them
    but without ``__init__``'s check of the class, for values already checked; called with
    positional arguments, which Python binds much faster than twenty keywords."""
    names, scope = _slot_scope(cls, "filled")
    return _filling(scope, "make", ", ".join(names), names)


_game_of = _positional_filler(Game)
"""``_game_of(round, player, opponent, score)``: a :class:`Game` of values already checked."""


class GameColumns(Sequence[Game]):
    """An event's games held as four columns, each game at one index of all four: its
    :attr:`rounds`, :attr:`players`, :attr:`opponents` and :attr:`scores`, as Python lists.

    A season (:mod:`xlrating.lists`) hands an engine its games so: it gathers them from its
    events' tuples with operations over whole columns, and the engines' sides builders
    (:mod:`xlrating._sides`) read the columns as they are, so that no :class:`Game` is made
    or read per game. It is a ``Sequence[Game]`` all the same: its length, indexing and
    iteration give :class:`Game` records, built when asked for, equal to those of the list of
    games it holds; it compares equal to that list (and to other columns of equal games).

    It is built only from values already checked (a season's games after its checks, each
    score made a float, each player a pairing number): nothing here checks them again, and
    an engine takes it as it is (:func:`checked_games`). It is private to the package: the
    engines' public API takes any sequence of :class:`Game`.
    """

    __slots__ = ("opponents", "players", "rounds", "scores")

    def __init__(self, rounds: list[int], players: list[int], opponents: list[int], scores: list[float]
                 ) -> None:
        self.rounds = rounds
        self.players = players
        """Each game's ``player`` (a pairing number)."""
        self.opponents = opponents
        self.scores = scores
        """The points each game's ``player`` scored (a float: 1.0, 0.5 or 0.0)."""

    def __len__(self) -> int:
        return len(self.rounds)

    @overload
    def __getitem__(self, index: int) -> Game: ...

    @overload
    def __getitem__(self, index: slice) -> GameColumns: ...

    def __getitem__(self, index: int | slice) -> Game | GameColumns:
        if isinstance(index, slice):
            return GameColumns(self.rounds[index], self.players[index], self.opponents[index],
                               self.scores[index])
        return _game_of(self.rounds[index], self.players[index], self.opponents[index], self.scores[index])

    def __iter__(self) -> Iterator[Game]:
        return map(_game_of, self.rounds, self.players, self.opponents, self.scores)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameColumns):
            return len(self) == len(other) and all(map(eq, self, other))
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented  # (unhashable, as a list is: __eq__ without __hash__)

    def __repr__(self) -> str:
        return f"GameColumns({list(self)!r})"


def game_columns(games: Sequence[Game]) -> GameColumns:
    """``games`` as :class:`GameColumns`: themselves when they are, else read off each game."""
    if games.__class__ is GameColumns:
        return games
    return GameColumns([g.round for g in games], [g.player for g in games], [g.opponent for g in games],
                       [g.score for g in games])


def checked_games(games: Any) -> Sequence[Game]:
    """An engine's check of its ``games`` argument: a sequence of :class:`Game`
    (:func:`xlrating._check.each`), or a season's :class:`GameColumns` as they are (their
    values were checked when the season gathered them)."""
    if games.__class__ is GameColumns:
        return games
    return _check.each("games", games, Game, "a Game")


@_slot_filling_init
@dataclass(frozen=True, slots=True)
class Step:
    """One line of a player's explanation: a named value and how it came about."""

    label: str
    """What the value is: ``"Step 1: initial rating"``, ``"Special formula: knots"``, ``"Rc"``."""
    value: float | None = None
    """The number, if the line has one."""
    detail: str = ""
    """How it was found, in words: ``"age-based, age 12.4"``, ``"p = 0 rule: nearest knot"``."""


@_slot_filling_init
@dataclass(frozen=True, slots=True)
class GameLine:
    """One rated game from a player's side, as the final rating step saw it."""

    round: int
    opponent: int
    """The opponent's pairing number."""
    score: float
    """Points the player scored: 1, 0.5 or 0."""
    opponent_rating: float | None
    """The opponent rating the final step used (``None``: the game was skipped)."""
    expected: float | None = None
    """The player's expected score in this game under the method used, if it has one."""
    change: float | None = None
    """What this game contributed to the rating change, if the method adds up per game."""


@_slot_filling_init
@dataclass(frozen=True, slots=True)
class PlayerOutcome:
    """A player's result in a rated event, with everything that explains it.

    Fields a system does not use stay ``None``.
    """

    player: int
    """Pairing number."""
    method: Method
    """How the post-event rating was produced."""
    rated_games: int
    """Number of rated games in the event (m)."""
    rated_score: float
    """Points scored in rated games (S)."""
    pre_rating: float | None
    """Pre-event rating as given (``None`` for an unrated player)."""
    pre_games: int | None
    """Games behind the pre-event rating, as given (``None``: unknown or established)."""
    post_rating: float | None
    """Post-event rating as the rules store it (a float under US Chess 2020; an integer
    where the rules say integers)."""
    post_games: int | None = None
    """Games behind the post-event rating."""
    initial_rating: float | None = None
    """The rating the formulas started from (US Chess step 1; FIDE/ICU: the prior rating)."""
    initial_games: int | None = None
    """The N the initial rating is based on."""
    effective_games: float | None = None
    """N', the effective number of games (US Chess 2020, 3)."""
    step3: float | None = None
    """US Chess step 3 rating (unrated players with N = 0)."""
    step4: float | None = None
    """US Chess step 4 (intermediate) rating."""
    change: float | None = None
    """The rating change as the engine computed it; ``None`` for a player who had no pre-event
    rating. US Chess and FIDE: post-event minus pre-event rating. ICU: K x sum(s - e) of a
    rated player, unrounded and without the bonus (a provisional player's: the unrounded new
    rating minus the prior one). What the player's rating moved by is :attr:`rating_change`."""
    k: float | None = None
    """The K factor used."""
    bonus: float | None = None
    """Bonus points awarded."""
    floor: float | None = None
    """The rating floor in force for the player."""
    floor_applied: bool = False
    """Whether the floor raised the post-event rating."""
    expected_score: float | None = None
    """Sum of expected scores over the rated games, where the method defines it."""
    performance: float | None = None
    """Performance rating in the event, where the system defines one."""
    games: tuple[GameLine, ...] = ()
    """Rated games, as the final step saw them."""
    steps: tuple[Step, ...] = ()
    """The explanation: every value the rating went through, in order."""
    notes: tuple[str, ...] = ()
    """Short remarks for the ``Notes`` column (capped, all-wins history, floor applied...)."""

    @property
    def rating_change(self) -> float | None:
        """Post-event minus pre-event rating, as the ``Change`` column and the report show it
        (``None`` where :attr:`change` is). It differs from :attr:`change` where the engine's
        change is a step of its working: an ICU rating is published rounded, with the bonus."""
        return _shown_change(self.change, self.post_rating, self.pre_rating)


def _shown_change(change: float | None, post: float | None, pre: float | None) -> float | None:
    """:attr:`PlayerOutcome.rating_change` of an outcome with these ``change``, ``post_rating``
    and ``pre_rating`` (for a caller that reads them as columns, :func:`outcome_columns`)."""
    if change is None or post is None or pre is None:
        return change
    return post - pre


def _shown_changes(changes: Sequence[float | None], posts: Sequence[float | None],
                   pres: Sequence[float | None]) -> list[float | None]:
    """:func:`_shown_change` of each outcome's values, given as columns (the post-event rating less
    the pre-event one, at once where none is blank)."""
    if None in changes or None in posts or None in pres:
        return list(map(_shown_change, changes, posts, pres))
    return list(map(sub, posts, pres))


_OUTCOME_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(PlayerOutcome)}
"""Each field of :class:`PlayerOutcome` and its default (``MISSING``: none)."""

OUTCOME_COLUMNS = tuple(name for name in _OUTCOME_DEFAULTS if name not in ("games", "steps", "notes"))
"""The fields of :class:`PlayerOutcome` that can be read as columns (:func:`outcome_columns`):
all but the explanation (``games``, ``steps``) and the ``notes``."""

ColumnSource = Callable[[Sequence[str]], dict[str, list[Any]]]
"""An engine's columns of an event's outcomes: for the fields named (of
:data:`OUTCOME_COLUMNS`), each field's value for every player in order, as a list of the very
values (and types) the records hold."""


def outcome_columns(outcome: EventOutcome, *names: str) -> list[list[Any]]:
    """The fields ``names`` (of :data:`OUTCOME_COLUMNS`) of every player's outcome in ``outcome``,
    a list per field in the players' order, each equal value for value and type for type to
    ``[getattr(record, name) for record in outcome.players]``. For a large event's
    :class:`Outcomes` they are read from the engine's kept values (:meth:`Outcomes.columns`)
    and no record is built; otherwise from the records. Raises ArgumentError for a name that
    is not such a field."""
    players = outcome.players
    if isinstance(players, Outcomes):
        return players.columns(*names)
    return _record_columns(players, names)


def _record_columns(records: Sequence[PlayerOutcome], names: Sequence[str]) -> list[list[Any]]:
    """The fields ``names`` of ``records``, a list per field (see :func:`outcome_columns`)."""
    _known_numbers(names)
    return [[getattr(record, name) for record in records] for name in names]


def _known_numbers(names: Sequence[str]) -> None:
    """Raise ArgumentError unless every one of ``names`` is in :data:`OUTCOME_COLUMNS`."""
    unknown = [name for name in names if name not in OUTCOME_COLUMNS]
    if unknown:
        raise ArgumentError(f"Not an outcome field read as a column: {', '.join(map(repr, unknown))} "
                            f"(the fields are {', '.join(OUTCOME_COLUMNS)})")


def outcome_records(columns: dict[str, Iterable[Any]], **same: Any) -> list[PlayerOutcome]:
    """One :class:`PlayerOutcome` per row of ``columns``: each maps a field's name to its value
    in every record (all of one length); ``same`` gives the fields whose value every record
    shares; any other field takes its default. The records equal those that ``PlayerOutcome``
    called with the same keywords row by row gives, field for field; an engine builds a large
    event's outcomes this way, in one loop that fills each record's slots as
    :func:`_slot_filling_init` does (:func:`_records_filler`), about three times as fast as by
    keywords."""
    fill = _records_filler(tuple(columns), tuple(same))
    return fill(*columns.values(), **same)


@functools.lru_cache(maxsize=64)
def _records_filler(columns: tuple[str, ...], same: tuple[str, ...]) -> Callable[..., list[PlayerOutcome]]:
    """``fill(*columns, **same)``: the records of :func:`outcome_records` for the fields named
    ``columns`` (each given as the values of every record, in this order) and ``same`` (each
    given as one value), every other field at its default. Generated once for each set of
    names an engine gives (an engine gives the same few names event after event): one loop
    over the rows, each record's slots filled in it, a field given once for all (a default, or
    ``same``) from a local name, so that neither a column nor a call per record is made for
    it. Raises TypeError for an unknown field name, a field given both ways or a required field
    not given."""
    unknown = sorted((set(columns) | set(same)) - _OUTCOME_DEFAULTS.keys())
    twice = sorted(set(columns) & set(same))
    required = [name for name, value in _OUTCOME_DEFAULTS.items() if value is MISSING
                and name not in columns and name not in same]
    if unknown or twice or required:
        raise TypeError(f"outcome_records: unknown fields {unknown}, fields given both as a column and "
                        f"once for all {twice}, missing fields {required}")
    if not columns:
        return lambda **_same: []
    names, scope = _slot_scope(PlayerOutcome, "filled")
    fixed = [f"{name}=_default_{name}" for name in names if name not in columns]
    scope.update((f"_default_{name}", _OUTCOME_DEFAULTS[name]) for name in names if name not in columns)
    exec("def fill(" + ", ".join([*(f"_column_{name}" for name in columns), *(["*"] if fixed else []),
                                  *fixed]) + "):\n"
         "    made = []\n"
         "    append = made.append\n"
         f"    for ({', '.join(columns)},) in zip({', '.join(f'_column_{name}' for name in columns)}, "
         "strict=True):\n"
         "        new = _open()\n"
         + "".join(f"        new.{name} = {name}\n" for name in names) +
         "        new.__class__ = _cls\n"
         "        append(new)\n"
         "    return made\n", scope)
    fill: Callable[..., list[PlayerOutcome]] = scope["fill"]
    return fill


class Outcomes(Sequence[PlayerOutcome]):
    """An event's player outcomes, each built the first time it is read.

    An engine computes every number of a large event at once, on arrays, and keeps them;
    turning them into :class:`PlayerOutcome` records (with their notes, and their steps and
    game lines when explained) costs more than the rating itself, and a season or a
    worksheet function wants only a few of the numbers. This sequence holds the players'
    numbers and the engine's ``build(i)``, which makes the ``i``-th outcome from the kept
    values; each outcome is built once, on first reading, and is the same record that
    building it eagerly would have given. Reading every outcome (iterating) builds the rest
    at once, with the cyclic garbage collector paused: by the engine's ``many(positions)``
    if it has one (the outcomes of the players at those positions, ascending, built
    together), else by ``build`` one by one; the engine's working is then let go before the
    collector resumes, so that its next pass looks at the records and not at the working.

    The engine's ``columns`` (a :data:`ColumnSource`), if it gives one, answers
    :meth:`columns` from the same kept values without building any record: a season reads a
    few numbers of every player and no explanation.

    It is an immutable sequence and compares equal to a tuple (or another ``Outcomes``)
    of equal outcomes.
    """

    __slots__ = ("_build", "_built", "_columns", "_many", "_missing", "_numbers")

    def __init__(self, numbers: Sequence[int], build: Callable[[int], PlayerOutcome],
                 many: Callable[[Sequence[int]], Sequence[PlayerOutcome]] | None = None,
                 columns: ColumnSource | None = None) -> None:
        self._numbers = tuple(numbers)
        self._build: Callable[[int], PlayerOutcome] | None = build
        self._many = many
        self._columns = columns
        self._built: list[PlayerOutcome | None] = [None] * len(self._numbers)
        self._missing = len(self._numbers)

    @property
    def numbers(self) -> tuple[int, ...]:
        """The players' pairing numbers, in order (read without building any outcome)."""
        return self._numbers

    def __len__(self) -> int:
        return len(self._numbers)

    def columns(self, *names: str) -> list[list[Any]]:
        """The fields ``names`` of every outcome, a list per field (see :func:`outcome_columns`):
        from the engine's kept values while some outcome is not built yet and the engine gives
        them, else from the records. Raises ArgumentError for a name not in
        :data:`OUTCOME_COLUMNS`."""
        if self._columns is None or not self._missing:
            return _record_columns(self, names)
        _known_numbers(names)
        found = self._columns(names)
        return [found[name] for name in names]

    @overload
    def __getitem__(self, index: int) -> PlayerOutcome: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[PlayerOutcome, ...]: ...

    def __getitem__(self, index: int | slice) -> PlayerOutcome | tuple[PlayerOutcome, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self._numbers))))
        built = self._built[index]  # IndexError, negative indices: as a list's
        if built is None:
            position = index % len(self._numbers)
            assert self._build is not None
            built = self._built[position] = self._build(position)
            self._missing -= 1
            if not self._missing:
                self._build = self._many = self._columns = None  # all built: free the engine's working
        return built

    def __iter__(self) -> Iterator[PlayerOutcome]:
        if self._missing:
            with collector_paused():
                self._build_the_rest()  # the engine's working is freed before the collector resumes
        return iter(cast("list[PlayerOutcome]", self._built))

    def _build_the_rest(self) -> None:
        """Builds every outcome not built yet, then lets the engine's working go."""
        build, many, built = self._build, self._many, self._built
        assert build is not None
        if many is None:
            self._built = [build(i) if outcome is None else outcome for i, outcome in enumerate(built)]
        elif self._missing == len(built):  # none read yet: every outcome at once
            self._built = list(many(range(len(built))))
        else:
            missing = [i for i, outcome in enumerate(built) if outcome is None]
            for i, outcome in zip(missing, many(missing), strict=True):
                built[i] = outcome
        self._missing, self._build, self._many, self._columns = 0, None, None, None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (tuple, Outcomes)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Outcomes({tuple(self)!r})"


@dataclass(frozen=True)
class EventOutcome:
    """The result of rating a whole event under one system and rule edition."""

    system: str
    """``"USCF"``, ``"FIDE"`` or ``"ICU"``."""
    rules: str
    """The rule edition's display name, e.g. ``"USCF 2020"``."""
    players: Sequence[PlayerOutcome]
    """One outcome per player, in the order the players were given: a tuple, or for a
    large event :class:`Outcomes`, built as they are read."""
    rating_system: str | None = None
    """US Chess only: ``"Regular"``, ``"Quick"``, ... ."""
    parameters: tuple[tuple[str, str], ...] = ()
    """Every parameter used, as ``(name, value)`` text pairs: bonus multiplier, caps, K rules."""
    notes: tuple[str, ...] = ()
    """Event-level remarks (iterations used, rules that applied to the whole event)."""
    _index: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Each player's position in ``players``, by pairing number (filled on first use)."""

    def player(self, number: int) -> PlayerOutcome:
        """The outcome of the player with pairing number ``number``."""
        index, players = self._index, self.players
        if not index and players:
            numbers = players.numbers if isinstance(players, Outcomes) else [p.player for p in players]
            index.update((n, i) for i, n in enumerate(numbers))
        try:
            return players[index[number]]
        except (KeyError, TypeError):
            raise ArgumentError(f"No player {number!r} in this event") from None
