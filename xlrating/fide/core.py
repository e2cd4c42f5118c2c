"""What the numeric cores of a FIDE event share: the :class:`Core` they are, the values its
steps hand back (:class:`RatedSums`, :class:`RatedChanges`) and the exact units they count in.

A core holds every game from each player's side, by player in round order (the sides of
:mod:`xlrating._sides`, as in every engine), and computes the numbers of two steps of the
FIDE Rating Regulations for every player at once: the sums over each player's games against
the opponents who count as rated (FIDE Handbook 10.51; 2024 regulations, 8.3.1), and each
rated player's K and change (10.52, 10.5 and 10.53; 2024 regulations, 8.3.3 and 8.3.4).
:class:`~xlrating.fide.event._Event` turns them into outcomes, steps and notes, whichever core
computed them.

Every number here is a whole number: a rating counts in units of ``1/scale`` of a point
(``scale`` is 1 unless a rating has a fraction; then it is the least common denominator of
the ratings' decimal values, so 2105.5 with scale 2 is 4211), a score counts half points,
PD hundredths of a point (table (b) of FIDE Handbook 10.1) and dp whole points. Nothing is
rounded by accident of binary floating point; :func:`round_half_away` rounds a quotient of
integers as :func:`xlrating.fide.tables.round_half_away` rounds a fraction.

Two cores give the same integers: :class:`~xlrating.fide.core_plain.PlainCore` (lists and
loops, for small events and wherever numpy cannot be imported) and
:class:`~xlrating.fide.core_numpy.NumpyCore` (arrays, for large events; imported only then).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, NamedTuple, Protocol, Self, TypeVar

from .._sides import Sides
from .rating import given_k, k_held
from .rules import FideRules
from .tables import PD_TABLE, pd_row
from .unrated import NewPlayerRating

LAST_ROW = PD_TABLE[-1][0]
"""736: from this difference on, table (b) has one row ("over 735")."""
PD_HIGH: tuple[int, ...] = tuple(pd_row(d)[0] for d in range(LAST_ROW + 1))
"""Table (b): PD of the higher rated player, in hundredths, by whole difference 0..736."""
PD_LOW: tuple[int, ...] = tuple(pd_row(d)[1] for d in range(LAST_ROW + 1))
"""Table (b): PD of the lower rated player, in hundredths, by whole difference 0..736."""
NO_CAP = 10**6
"""A cap no difference reaches (ratings are at most 4000 apart)."""

_R = TypeVar("_R", bound="OnDemand")

Line = tuple[int, int, int]
"""A game from a player's side: the round, the opponent (index) and the player's score in half
points."""


def round_half_away(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (``denominator > 0``) rounded to a whole number, halves away
    from zero."""
    whole = (2 * abs(numerator) + denominator) // (2 * denominator)
    return whole if numerator >= 0 else -whole


def new_rating(edition: FideRules, rating: Any, raw: Any, unit: Any,
               round_: Callable[[Any, Any], Any]) -> Any:
    """The new rating ``rating + raw`` (numerators over ``unit``) as the edition rounds it: the
    2024 regulations round the change (8.3.4), the handbook the new rating (10.53), each to a
    whole number with ``round_`` (:func:`round_half_away` on integers, or its numpy form on
    arrays of them)."""
    if edition.round_new_rating:
        return round_(rating + raw, unit) * unit
    if edition.round_change:
        return rating + round_(raw, unit) * unit
    return rating + raw


def given_k_within(edition: FideRules, k: float, games: int) -> tuple[tuple[int, int], int]:
    """A K given by the user as ``(numerator, denominator)`` (:func:`given_k`), held to the 700
    rule over the event's games (:func:`~xlrating.fide.rating.k_held`: the period's games are
    not known here, but an event's alone above the limit certainly are); and K before the rule
    where the rule lowered it (for the note), else 0."""
    held = k_held(edition, k, games)
    if held != k:
        return (int(held), 1), math.ceil(k)
    return given_k(k), 0


def scale_of(ratings: Iterable[float | None]) -> int:
    """The least common denominator of the ratings' exact decimal values (1 for whole ratings)."""
    scale = 1
    for rating in ratings:
        if rating is not None and not rating.is_integer():
            scale = math.lcm(scale, Fraction(repr(rating)).denominator)
    return scale


def scaled(rating: float, scale: int) -> int:
    """``rating`` in units of ``1/scale`` (exact: ``scale`` is a multiple of its denominator)."""
    if rating.is_integer():
        return int(rating) * scale
    exact = Fraction(repr(rating))
    return exact.numerator * (scale // exact.denominator)


def scaled_each(ratings: list[float], scale: int) -> list[int]:
    """:func:`scaled` of each of ``ratings`` (whole ratings, ``scale`` 1, at C speed)."""
    return list(map(int, ratings)) if scale == 1 else [scaled(rating, scale) for rating in ratings]


class OnDemand:
    """A frozen dataclass of lists indexed by player, some of which a core may give as arrays
    (or functions) that make them (:meth:`on_demand`), each made a list when its field is first
    read (:func:`made_on_demand`): the numpy core keeps its sums and changes as arrays. Without
    explanations most lists are never read, or only a few players' values (:meth:`value`):
    reading every outcome of the 10,000-player Swiss of ``benchmarks/bench_fide.py`` makes 7
    of the 19. A list not made is neither scanned by the cyclic collector when it resumes
    after the event is rated nor made and freed (together about 2 ms of the 40 that event
    took, rated and read). The record equals, and reads as (repr), the one made with every
    list at once."""

    @classmethod
    def on_demand(cls, makers: dict[str, Any], **values: Any) -> Self:
        """The record with the fields in ``values`` as given, and each field in ``makers`` made
        when it is first read: by the array's ``tolist()``, or by calling the function."""
        pending: type[Self] = cls.__dict__.get("_pending", cls)
        found = object.__new__(pending if makers else cls)
        found.__dict__.update(values, _makers=makers)
        return found

    def value(self, name: str, i: int) -> Any:
        """Player ``i``'s value of the field ``name`` (``record.value("k", i)`` is
        ``record.k[i]``), read from its array if its list is not made yet."""
        made = self.__dict__.get(name)
        if made is None:
            maker = self.__dict__["_makers"].get(name)
            if hasattr(maker, "tolist"):
                return maker.item(i)  # the Python number the list would hold
            made = getattr(self, name)
        return made[i]

    def values(self, name: str, positions: list[int]) -> list[Any]:
        """The values of the field ``name`` of the players at ``positions`` (``[record.k[i] for i
        in positions]``), picked from its array if its list is not made yet."""
        made = self.__dict__.get(name)
        if made is None:
            maker = self.__dict__["_makers"].get(name)
            if hasattr(maker, "tolist"):
                picked: list[Any] = maker[positions].tolist()  # the Python numbers the list would hold
                return picked
            made = getattr(self, name)
        return [made[i] for i in positions]


class _Made:
    """A field of a record with lists not made yet (:func:`made_on_demand`). A descriptor without
    ``__set__``: Python reads a list the record holds before it, so it is asked only for a list
    not made yet, which it makes and leaves with the record."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, record: OnDemand | None, owner: type | None = None) -> Any:
        if record is None:
            return self
        makers = record.__dict__["_makers"]
        maker = makers.pop(self.name)
        made = record.__dict__[self.name] = maker.tolist() if hasattr(maker, "tolist") else maker()
        if not makers:  # every list made: the record becomes the plain one it stands for
            object.__setattr__(record, "__class__", type(record).__base__)
        return made


def made_on_demand(cls: type[_R]) -> type[_R]:
    """Decorates an :class:`OnDemand` dataclass ``cls``: :meth:`~OnDemand.on_demand` gives a record
    of a twin class, of the same name, whose fields are made when first read (:class:`_Made`);
    once every list is made, or when it is compared, the record becomes a ``cls``. (Python
    reads the fields of a class with a descriptor or a ``__getattr__`` for them the slow way,
    even once made: an explained 10,000-player event reads them some hundred thousand times,
    and took 6 % longer with a ``__getattr__`` on ``cls`` itself.)"""

    def __eq__(self: _R, other: object) -> bool:
        for field in fields(cls):  # type: ignore[arg-type]
            getattr(self, field.name)  # every list made: a cls, compared as one
        return self == other

    names = {field.name: _Made(field.name) for field in fields(cls)}  # type: ignore[arg-type]
    twin = type(cls.__name__, (cls,), {**names, "__eq__": __eq__, "__hash__": None,
                                        "__qualname__": cls.__qualname__, "__module__": cls.__module__})
    cls._pending = twin  # type: ignore[attr-defined]
    return cls


@made_on_demand
@dataclass(frozen=True)
class RatedSums(OnDemand):
    """Each player's sums over the games against opponents who count as rated (lists indexed
    by player)."""

    games: list[int]
    halves: list[int]
    """Score in half points."""
    pd: list[int]
    """Sum of PD, in hundredths."""
    excess: list[int]
    """Sum of (score - PD), in hundredths: the change is K times this over 100."""
    opponents: list[int]
    """Sum of the opponents' ratings (units of ``1/scale``)."""
    capped: list[int]
    """Games whose rating difference was over the cap."""
    score: list[float]
    """Score in points: ``halves / 2``."""
    expected: list[float]
    """Sum of PD in points: ``pd / 100``."""
    seen: list[int]
    """Each player's rating as the opponents counted it (units of ``1/scale``)."""
    side_pd: Callable[[int], list[int]]
    """A player's PD in each game (in the order of his sides), in hundredths; ``-1``: the
    opponent did not count."""


class Change(NamedTuple):
    """A rated player's change in exact integers: every value is a numerator over ``unit``."""

    k: tuple[int, int]
    """K as ``(numerator, denominator)`` (a K given by the user may have a fraction)."""
    unit: int
    """``scale x 100 x (K's denominator)``."""
    raw: int
    """K x sum(score - PD), unrounded."""
    post: int
    """The new rating as the edition rounds it."""
    rating: int
    """The rating before the event."""


@made_on_demand
@dataclass(frozen=True)
class RatedChanges(OnDemand):
    """Each rated player's K and change (FIDE Handbook 10.5; 2024 regulations), as lists
    indexed by player, in exact integers: a change and a rating count in ``1/unit`` of a point.
    A player who is unrated, or rated without a game against a rated opponent, has zeros
    (and a performance of ``None``)."""

    k: list[int]
    """K's numerator (a K given by the user may have a fraction)."""
    k_unit: list[int]
    """K's denominator."""
    k_value: list[float]
    """K as a number: ``k / k_unit``."""
    k_rule: list[int]
    """K by the rules before the 700 rule (0 for a K given by the user): a K under it was
    lowered by that rule."""
    unit: list[int]
    """``scale x 100 x (K's denominator)``."""
    rating: list[int]
    """The rating before the event."""
    raw: list[int]
    """K x sum(score - PD), unrounded."""
    post: list[int]
    """The new rating as the edition rounds it: 2024 rounds the change, the handbook the new
    rating (10.53)."""
    post_rating: list[float]
    """``post / unit``."""
    change: list[float]
    """``(post - rating) / unit``."""
    performance: list[float | None]
    """Rc + dp (``None``: dp is indeterminate for a 0% or 100% score)."""
    noted: list[int]
    """The rated players (positions, ascending) with a rated game who have a note beyond the
    games not rated: a rating under the edition's floor before or after the event, a K the 700
    rule lowered, or a capped game."""

    def of(self, i: int) -> Change:
        """Player ``i``'s change."""
        return Change((self.k[i], self.k_unit[i]), self.unit[i], self.raw[i], self.post[i], self.rating[i])


class Core(Protocol):
    """What :class:`~xlrating.fide.event._Event` asks of a numeric core. A core is made for
    one event (its edition, date, players, ratings in units of ``1/scale`` and caps) and
    computes each step for every player at once."""

    @property
    def sides(self) -> Sides:
        """The games from both sides."""

    def lines(self, i: int) -> list[Line]:
        """Player ``i``'s games in round order, each score in half points."""

    def rated_sums(self, seen: list[int], counts: list[bool]) -> RatedSums:
        """Each player's sums over his games against the opponents who count as rated
        (``counts``), seen at ``seen`` (FIDE Handbook 10.51; 2024 regulations, 8.3.1): the
        difference D, rounded to a whole number (halves up) and capped at the player's cap,
        gives the player's PD from table (b)."""

    def new_ratings(self, sums: RatedSums, explain: bool) -> dict[int, NewPlayerRating]:
        """Every new player's Ru from his ``sums`` (FIDE Handbook 10.2; 2024 regulations, with the
        hypothetical opponents), as :func:`~xlrating.fide.unrated.new_player_of_sums` finds it
        (with its steps if ``explain``): player index -> result, in the players' order."""

    def rated_changes(self, sums: RatedSums) -> RatedChanges:
        """Every rated player's K (10.52, with the 2024 700 rule over the event's games; 2024
        regulations, 8.3.3) and change K x sum(score - PD) over ``sums``, with the new rating
        as the edition rounds it (10.53; 2024 regulations, 8.3.4), and the performance
        Rc + dp."""
