"""An ICU event's player: :class:`IcuPlayer`, its :class:`PlayerKind`, and :func:`classify`,
which reads the kind from a crosstable row (ICU rating program, player types)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import date
from enum import Enum

from .. import _check
from ..errors import ArgumentError
from ..model import Method, PlayerOutcome
from .rules import RulesLike, get_rules

_PLAIN = (int, float)
"""Types of a rating or K taken without the full check (``bool`` is not one of them)."""
_DATES = (type(None), date)
"""Types of a date taken without the full check (a ``datetime`` is cut to its date there)."""


class PlayerKind(str, Enum):
    """The four ICU player types (ICU rating program, player types)."""

    RATED = "rated"
    """A full rating (20 or more games) and a K factor; rated by the Elo formula."""
    PROVISIONAL = "provisional"
    """A rating based on 1 to 19 games; rated by the weighted performance average."""
    FOREIGN = "foreign"
    """A rating from elsewhere (e.g. a visitor's FIDE rating): used for opponents, never changed."""
    UNRATED = "unrated"
    """No rating; rated by the performance in the event."""

    @classmethod
    def parse(cls, value: PlayerKind | str, name: str = "kind") -> PlayerKind:
        if isinstance(value, PlayerKind):
            return value
        return cls(_check.choice(name, value, (e.value for e in cls)))


@dataclass(frozen=True, slots=True)
class IcuPlayer:
    """A player of an ICU-rated event with the prior data the rules need.

    Build one from a crosstable row with :func:`classify` deciding ``kind``.
    """

    number: int
    """Pairing number (the numbers in :class:`~xlrating.model.Game`)."""
    kind: PlayerKind
    """Rated, provisional, foreign or unrated (text such as ``"rated"`` is accepted)."""
    rating: float | None = None
    """Pre-event rating; required for every kind except unrated, which must have none."""
    games: int | None = None
    """Games behind the rating: required (1-19) for a provisional player; optional
    (20 or more) for a rated one, where it only feeds ``post_games``."""
    k: float | None = None
    """An explicit K (rated players only); ``None``: computed from rating, age and membership."""
    birth_date: date | None = None
    """Date of birth, for K (under 21 at the event's start: 40)."""
    joined: date | None = None
    """Date the player joined the ICU, for K (member under 8 years: 32)."""

    def __post_init__(self) -> None:
        if not self._plain():
            self._check_fields()
        try:
            self._check_kind(self.kind)
        except ArgumentError as error:
            raise ArgumentError(f"Player {self.number!r}: {error}") from None

    def _plain(self) -> bool:
        """The common case, checked quickly: a whole number, a :class:`PlayerKind`, a rating in
        0..4000, whole games, a positive K and plain dates; stores the rating and K as floats.
        Anything else goes through :meth:`_check_fields`, which names what is wrong."""
        number, kind, rating, games, k = self.number, self.kind, self.rating, self.games, self.k
        if not (type(number) is int and 1 <= number <= _check.MAX_COUNT and type(kind) is PlayerKind):
            return False
        if rating is not None:
            if type(rating) not in _PLAIN or not 0.0 <= rating <= 4000.0:
                return False
            object.__setattr__(self, "rating", float(rating))
        if games is not None and not (type(games) is int and 0 <= games <= _check.MAX_COUNT):
            return False
        if k is not None:
            if type(k) not in _PLAIN or not 0.0 < k <= sys.float_info.max:  # (an int beyond a float: checked)
                return False
            object.__setattr__(self, "k", float(k))
        return type(self.birth_date) in _DATES and type(self.joined) in _DATES

    def _check_fields(self) -> None:
        try:
            _check.whole("number", self.number, low=1)
            object.__setattr__(self, "number", int(self.number))
            object.__setattr__(self, "kind", PlayerKind.parse(self.kind))
            if self.rating is not None:
                object.__setattr__(self, "rating", _check.rating("rating", self.rating))
            if self.games is not None:
                object.__setattr__(self, "games", _check.whole("games", self.games))
            if self.k is not None:
                object.__setattr__(self, "k", _check.positive("k", self.k))
            object.__setattr__(self, "birth_date", _check.date("birth_date", self.birth_date))
            object.__setattr__(self, "joined", _check.date("joined", self.joined))
        except ArgumentError as error:
            raise ArgumentError(f"Player {self.number!r}: {error}") from None

    def _check_kind(self, kind: PlayerKind) -> None:
        if kind is PlayerKind.UNRATED:
            if self.rating is not None:
                raise ArgumentError(f"an unrated player has no rating, not {self.rating:g}")
            if self.k is not None:
                raise ArgumentError(f"an unrated player has no K, not {self.k:g}")
            if self.games:
                raise ArgumentError(f"an unrated player has no prior games, not {self.games}")
            return
        if self.rating is None:
            raise ArgumentError(f"a {kind.value} player needs a rating")
        if kind is PlayerKind.PROVISIONAL:
            if not self.games:
                raise ArgumentError(f"a provisional player needs the games behind the rating (1 to 19), "
                                    f"not {self.games!r}")
            if self.k is not None:
                raise ArgumentError("a provisional player has no K (K belongs to rated players)")
        if kind is PlayerKind.FOREIGN and (self.k is not None or self.games is not None):
            raise ArgumentError("a foreign player has a rating only (a K or games make a rated or "
                                "provisional ICU player)")


def classify(
    rating: float | None,
    games: int | None = None,
    k: float | None = None,
    birth_date: date | None = None,
    joined: date | None = None,
    *,
    rules: RulesLike | None = None,
) -> PlayerKind:
    """The player type a crosstable row describes (the ``Rating``, ``Games``, ``K``, ``Birth date``
    and ``Joined`` columns).

    | Rating | Games | K, Birth date, Joined | Kind |
    | --- | --- | --- | --- |
    | blank | blank or 0 | Birth date/Joined any | unrated |
    | blank | 1 or more, or K given | | error: games or K need a rating |
    | given | 1 to 19 | no K | provisional (dates are kept for later) |
    | given | 1 to 19 | K given | error: K and under 20 games |
    | given | 0 | | error: a rating needs games (leave Games blank for a rated player) |
    | given | blank or 20+ | K, or Birth date, or Joined | rated |
    | given | 20+ | none | rated (K 16 from 2100; below that K needs the dates: error when rated) |
    | given | blank | none | foreign |

    A date of birth or a joining date alone marks an ICU member, so it makes a rated
    player: a junior's K (40) needs no joining date, and a player rated 2100 or more needs
    neither. A missing date that K does need is reported when the event is rated.
    """
    r = get_rules(rules)
    value = None if rating is None else _check.rating("rating", rating)
    count = None if games is None else _check.whole("games", games)
    factor = None if k is None else _check.positive("k", k)
    born = _check.date("birth_date", birth_date)
    member = _check.date("joined", joined)
    if value is None:
        if factor is not None:
            raise ArgumentError(f"Argument 'k' needs a rating: a player with no rating cannot have "
                                f"K {factor:g}")
        if count:
            raise ArgumentError(f"Argument 'games' needs a rating: a player with no rating cannot have "
                                f"{count} prior games")
        return PlayerKind.UNRATED
    if count is not None and count < r.provisional_limit:
        if count == 0:
            raise ArgumentError("Argument 'games' must be 1 or more for a rated player, not 0 "
                                "(leave it blank for an established rating)")
        if factor is not None:
            raise ArgumentError(f"Arguments 'k' and 'games' cannot both be given with under "
                                f"{r.provisional_limit} games ({count}): a provisional player has no K")
        return PlayerKind.PROVISIONAL
    if factor is not None or born is not None or member is not None or count is not None:
        return PlayerKind.RATED
    return PlayerKind.FOREIGN


def kind_after(outcome: PlayerOutcome, *, rules: RulesLike | None = None) -> PlayerKind:
    """The player's kind after the event rated in ``outcome``: what the next event of a rating
    list needs, with ``outcome.post_rating`` and ``outcome.post_games`` (ICU rating formulae:
    a rating based on fewer than 20 games is provisional; ICU rating program: a player whose
    prior games plus event games reach 20 becomes fully rated only after the event).

    - rated by the Elo formula: rated;
    - rated from a performance (unrated or provisional before): rated once ``post_games``
      reaches the provisional limit (20), else provisional;
    - foreign: foreign;
    - not rated (no rated game): the kind before, read from the outcome: unrated without a
      rating, provisional with 1 to 19 prior games, else rated.
    """
    limit = get_rules(rules).provisional_limit
    method = outcome.method
    if method is Method.ELO:
        return PlayerKind.RATED
    if method is Method.FOREIGN:
        return PlayerKind.FOREIGN
    if method in (Method.PROVISIONAL, Method.PERFORMANCE):
        games = outcome.post_games or 0
        return PlayerKind.RATED if games >= limit else PlayerKind.PROVISIONAL
    if outcome.pre_rating is None:
        return PlayerKind.UNRATED
    if outcome.pre_games is not None and outcome.pre_games < limit:
        return PlayerKind.PROVISIONAL
    return PlayerKind.RATED
