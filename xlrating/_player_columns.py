"""An event's players as columns: how a season hands an engine its players.

A season (:mod:`xlrating.lists`) builds each engine call's players from its list entries, a few
hundred thousand times a year. Rather than a record per player that the engine then reads field
by field, it builds one list per field (:func:`xlrating.systems._uscf_columns`,
:func:`xlrating.systems._icu_columns_of`, :func:`xlrating.systems.fide_columns`) and the engine
reads the columns it needs for all its players at once (:func:`field_values`); a record is built
only where the engine reads one player (an unrated player's initial rating, an explanation, a
note).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from operator import eq
from typing import Any, Generic, TypeVar, cast, overload

from . import _check
from .model import _positional_filler

T = TypeVar("T")

_FILLERS: dict[type, tuple[Callable[..., Any], dict[str, int]]] = {}
"""Each player type's filler (:func:`~xlrating.model._positional_filler`) and its fields' places."""


def _filler(kind: type) -> tuple[Callable[..., Any], dict[str, int]]:
    found = _FILLERS.get(kind)
    if found is None:
        places = {item.name: at for at, item in enumerate(dataclasses.fields(kind))}
        found = _FILLERS[kind] = (_positional_filler(kind), places)
    return found


class PlayerColumns(Sequence[T], Generic[T]):
    """An event's players of type ``kind`` (an engine's frozen slotted player dataclass) held as
    columns, one list per field in field order, each player at one index of all of them.

    It is a ``Sequence`` of ``kind`` all the same: its items are records built when asked for,
    equal to those the columns stand for, and it compares equal to the list of them. It is built
    only from values already checked (a season's, after its checks): nothing here checks them
    again, and the engines take it as it is."""

    __slots__ = ("_make", "_places", "columns", "kind")

    def __init__(self, kind: type[T], columns: Sequence[list[Any]]) -> None:
        self.kind = kind
        self.columns = tuple(columns)
        self._make, self._places = _filler(kind)

    def __len__(self) -> int:
        return len(self.columns[0])

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        return cast("T", self._make(*[values[index] for values in self.columns]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(map(eq, self, other))

    __hash__ = None  # type: ignore[assignment]

    def column(self, name: str) -> list[Any]:
        """The values of field ``name``, by position (the list held: not to be changed)."""
        return self.columns[self._places[name]]


def checked_players(players: object, kind: type[T], what: str) -> Sequence[T]:
    """An engine's check of its ``players`` argument: :class:`PlayerColumns` of ``kind`` as they
    are (a season built them of values it had checked), any other sequence as
    :func:`xlrating._check.items` checks it (``what`` names ``kind`` in its messages: "a
    UscfPlayer")."""
    if players.__class__ is PlayerColumns and players.kind is kind:
        return cast("PlayerColumns[T]", players)
    return _check.items("players", players, kind, what)


def field_values(players: Sequence[Any], name: str) -> list[Any]:
    """The values of field ``name`` of ``players``, by position, as a new list: read from their
    columns when they are :class:`PlayerColumns`, else from each player (:func:`_reader`)."""
    if players.__class__ is PlayerColumns:
        return list(players.column(name))
    return _reader(name)(players)


_READERS: dict[str, Callable[[Sequence[Any]], list[Any]]] = {}


def _reader(name: str) -> Callable[[Sequence[Any]], list[Any]]:
    """``read(players)``: field ``name`` of each player, by a generated list comprehension that
    names the field (which Python reads from a slotted record about twice as fast as
    ``operator.attrgetter`` or ``getattr`` do)."""
    found = _READERS.get(name)
    if found is None:
        if not name.isidentifier():
            raise ValueError(f"not a field name: {name!r}")
        scope: dict[str, Any] = {}
        exec(f"def read(players):\n    return [player.{name} for player in players]\n", scope)
        found = _READERS[name] = scope["read"]
    return found


def fields_at(players: Sequence[Any], name: str, positions: Sequence[int]) -> list[Any]:
    """The values of field ``name`` of the players at ``positions``: picked from their column
    when they are :class:`PlayerColumns`, else read from each of those players."""
    return fields_of(players, (name,), positions)[0]


def fields_of(players: Sequence[Any], names: Sequence[str], positions: Sequence[int]) -> list[list[Any]]:
    """The values of each field of ``names`` of the players at ``positions`` (:func:`fields_at` of
    each): picked from their columns when they are :class:`PlayerColumns`, else read from those
    players, picked once (:func:`_reader`; at 10,000 players, two fields of 3,926 of them in half
    the time of picking the players for each field and reading it by ``attrgetter``)."""
    if players.__class__ is PlayerColumns:
        return [list(map(players.column(name).__getitem__, positions)) for name in names]
    chosen = list(map(players.__getitem__, positions))
    return [_reader(name)(chosen) for name in names]


def records(players: Sequence[T]) -> Sequence[T]:
    """``players`` as records, for an engine's steps that read them one by one: each of
    :class:`PlayerColumns` built once; any other sequence as it is."""
    return tuple(players) if players.__class__ is PlayerColumns else players
