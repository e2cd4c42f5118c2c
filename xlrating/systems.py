"""The rating systems xlrating knows: one table, every system found by any of its names.

Each :class:`System` entry is the one place that knows, for its system: its key and
display name, the names users type for it, its rule editions (built from the engine's
own ``EDITIONS``) with every name each is known by, its rating systems (US Chess:
Regular, Quick, Blitz and the three Online ones) with their aliases, the crosstable
columns it reads, the ratings it accepts, how a crosstable row becomes the engine's
player (with the checks a row must pass) and how the engine rates an event.

The Event sheet, the crosstable reader, the Excel functions and the report look
everything up here, so a name means the same thing wherever it is typed::

    >>> find("US Chess").key, find("fide").edition("2024").name
    ('USCF', 'FIDE 2024')
    >>> USCF.rating_system("Online QC"), USCF.rating_system("quick rating")
    ('Online Quick', 'Quick')

Names are matched by their *folded* form (:func:`~xlrating.names.fold`, which the engines'
``get_rules`` use too): case, spaces, ``_``, ``-`` and ``.`` are ignored, so ``us_chess 2020``
is ``US Chess 2020``.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from datetime import date
from importlib import import_module
from itertools import repeat
from operator import and_, attrgetter, is_, lt, or_
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from . import _check, fide, icu, uscf
from ._player_columns import PlayerColumns
from .errors import ArgumentError, Problem
from .icu.rules import EDITIONS as ICU_EDITIONS
from .model import EventOutcome, EventType, Game, Method
from .names import edition_names, fold
from .uscf.match import match_problem

if TYPE_CHECKING:
    from .crosstable.model import Crosstable, EventSettings, PlayerRow

__all__ = [
    "FIDE",
    "ICU",
    "K_RANGE",
    "RECORD_FIELDS",
    "SYSTEMS",
    "USCF",
    "Edition",
    "Lineup",
    "PlayerRecord",
    "RatingSystemName",
    "RowProblems",
    "System",
    "any_rating_system",
    "edition_anywhere",
    "fide_player",
    "find",
    "fold",
    "get",
    "icu_player",
    "in_other_system",
    "keyed",
    "uscf_player",
]

Lineup: TypeAlias = tuple[Sequence[Any], ...]
"""The engine's players for an event, one list per rating run (two for a dual-rated event)."""

RowProblems: TypeAlias = list[tuple[str, str]]
"""A row's problems as ``(column, message)``; the crosstable reader adds the cell address."""


class PlayerRecord(Protocol):
    """What the systems' rules read of a player. A crosstable row
    (:class:`~xlrating.crosstable.PlayerRow`) and a list entry (:class:`~xlrating.lists.Entry`)
    both have these fields, so each system builds its engine's player from either in one place
    (:func:`uscf_player`, :func:`fide_player`, :func:`icu_player`). Fields a system does not
    read are left alone; the ratings in the other US Chess rating systems are given beside
    the record (a row holds them as columns, an entry as a mapping)."""

    @property
    def rating(self) -> float | None: ...
    @property
    def games(self) -> int | None: ...
    @property
    def history(self) -> str | None: ...
    @property
    def fide(self) -> float | None: ...
    @property
    def cfc(self) -> float | None: ...
    @property
    def birth_date(self) -> date | None: ...
    @property
    def adult(self) -> bool | None: ...
    @property
    def floor(self) -> float | None: ...
    @property
    def peak(self) -> float | None: ...
    @property
    def wins(self) -> int | None: ...
    @property
    def draws(self) -> int | None: ...
    @property
    def events(self) -> int | None: ...
    @property
    def k(self) -> float | None: ...
    @property
    def joined(self) -> date | None: ...


RECORD_FIELDS: tuple[str, ...] = tuple(name for name, value in vars(PlayerRecord).items()
                                       if isinstance(value, property))
"""The fields of a :class:`PlayerRecord`: ``rating``, ``games``, ``history``... ``joined``."""

K_RANGE = (1.0, 100.0)
"""A K given by the rating officer, in a crosstable or a list, under any system (FIDE uses 10
to 40, the ICU 16 to 40)."""


@dataclass(frozen=True)
class Edition:
    """One rule edition of a system."""

    name: str
    """Display name, as the Event sheet and the outputs write it: ``USCF 2020``, ``FIDE handbook``."""
    aliases: tuple[str, ...]
    """Every name it is known by, the display name first (``USCF 2020``, ``2020``, ``US Chess 2020``)."""
    rules: Any
    """The engine's rules object (:class:`~xlrating.uscf.UscfRules`, :class:`~xlrating.fide.FideRules`,
    :class:`~xlrating.icu.IcuRules`)."""


@dataclass(frozen=True)
class RatingSystemName:
    """A rating system of a system (US Chess has six) and the names users type for it."""

    name: str
    """``Regular``, ``Quick``, ``Blitz``, ``Online Regular``, ``Online Quick``, ``Online Blitz``."""
    aliases: tuple[str, ...]
    """Every accepted name, the name first (``Quick``, ``Quick rating``, ``QC``, ``Quick chess``)."""


@dataclass(frozen=True)
class System:
    """One rating system's entry in the registry."""

    key: str
    """``USCF``, ``FIDE`` or ``ICU``: what :attr:`~xlrating.crosstable.EventSettings.system` holds."""
    name: str
    """Display name: ``US Chess``, ``FIDE``, ``Irish Chess Union (ICU)``."""
    short_name: str
    """The name in running text and headings: ``US Chess``, ``FIDE``, ``ICU``."""
    aliases: tuple[str, ...]
    """Every name the ``System`` setting and the ``system`` arguments accept, the key first."""
    editions: tuple[Edition, ...]
    """Rule editions, the newest (the default) first."""
    rating_systems: tuple[RatingSystemName, ...]
    """Rating systems within the system (US Chess only; empty for the others)."""
    columns: frozenset[str]
    """The crosstable input columns this system reads (besides No, Name, ID and the rounds)."""
    list_only_columns: frozenset[str]
    """The columns a season's Players sheet carries beyond :attr:`columns`: FIDE's rated events
    played, which decide whether an unrated player's next event is the first (FIDE Handbook
    10.21: a zero score in a first event is disregarded)."""
    rating_range: tuple[float, float]
    """Ratings accepted in a crosstable (inclusive)."""
    check_event: Callable[[EventSettings, Sequence[PlayerRow]], list[Problem]]
    """Event-level problems the engine would refuse (each naming a setting's cell)."""
    player: Callable[[PlayerRow, EventSettings], tuple[tuple[Any, ...] | None, RowProblems]]
    """A crosstable row as the engine's player, one per rating run, and the row's problems."""
    rate: Callable[[Lineup, Sequence[Game], EventSettings, bool], tuple[EventOutcome, ...]]
    """The engine: rates the players built by :attr:`player` (one outcome per rating run)."""
    rate_list: Callable[[Any, Sequence[Any]], None]
    """The list adapter (:mod:`xlrating.lists`): rates a season's events, in order, into its list
    (a :class:`~xlrating.lists.rate.Adapter`)."""
    dual_rated: bool
    """An event may be rated twice, Regular and Quick (the ``Dual rated`` setting)."""
    bonus_multiplier: bool
    """The event's bonus multiplier may be given (the ``Bonus multiplier`` setting)."""
    pending_results: bool
    """An unrated player's results wait for a first published rating (a season's ``Pending`` sheet)."""
    periods: bool
    """A season is rated in rating periods (the ``Rating period`` setting)."""
    unrated_games: bool
    """An unrated player may have prior games (``Games`` beside a blank ``Rating`` is kept)."""
    fide_ids: bool
    """The ``Rating`` and ``ID`` columns hold FIDE ratings and IDs (else the ``FIDE`` column is the
    FIDE rating, and the file has no FIDE IDs)."""
    rating_report_files: bool
    """The system takes its rating report as the DBF files (THEXPORT, TSEXPORT, TDEXPORT)."""
    list_kinds: tuple[str, ...]
    """The kinds of list the system publishes, the default first (US Chess: its rating systems)."""
    listed_columns: tuple[str, ...]
    """What the system's list gives beyond ``Rating`` that its rules read (``Games``, ``K``)."""
    paper: str
    """The paper size printouts are laid out for (``letter``, ``a4``)."""
    bonuses: bool
    """The engine awards rating bonuses (a report's Summary always has the bonus lines)."""
    floors: bool
    """The engine applies rating floors (a report's Summary always has the floor lines)."""
    carried: tuple[str, ...]
    """The columns a season's ``New list`` carries to the next season beyond ID, Name, Rating and
    Games, in order (the list entry's fields the system's rules read)."""
    federation: str | None
    """The federation whose national ratings the ``Rating`` column holds (``USA``, ``IRL``), for a
    FIDE Tournament Report File's National Rating Support records; None: FIDE's own ratings."""
    slug: str
    """The name in file names and on the command line: ``uscf``, ``fide``, ``icu``."""
    template: str
    """The committed crosstable template's file name (``uscf-swiss.xlsx``)."""
    macro_template: bool = False
    """The macro-enabled template by its plain name (``xlrating template macro``) holds this system's
    example event."""
    dual_pair: tuple[str, ...] = ()
    """The two rating systems a dual-rated event is rated in, each from its own ratings (US Chess:
    Regular and Quick); empty where no event is dual-rated."""
    member_columns: tuple[str, ...] = ()
    """The columns one of which a row needs beside its rating to be rated as the system's member,
    where the system's list publishes none of them (ICU: ``K``, ``Birth date``, ``Joined``,
    ``Games``; a rating alone is a foreign player's, never changed): a fill names each listed
    player whose row has none, and a Players sheet started from the list has them, blank."""
    k_factors: Callable[[str | None], tuple[tuple[float, ...], str]] | None = None
    """The K factors the rules named give (an edition's name, or ``None`` for the system's default)
    and where the rules give them (FIDE 2024: 40, 20 and 10); a typed K that is none of them is
    rated as typed and said (:meth:`unknown_k`: ``4`` typed for 40). ``None``: nothing said."""
    expiring_memberships: bool = False
    """The system rates current members only, and its members' list gives each membership's
    expiration date (US Chess): a fill names a listed player whose membership expired before an
    event he plays in ends, and says which listed players it could not check (no date given)."""
    list_place: str = "Federation"
    """The crosstable column the place a list publishes (:attr:`~xlrating.official.ListedPlayer.federation`)
    fills: ``Federation``; US Chess: ``State``, where its members' list gives the state."""
    whole_ratings: bool = False
    """Every rating the system publishes is a whole number (FIDE, ICU), so a crosstable's ``Rating``
    with a fraction is a typing slip (``1.850`` for 1850), refused at its cell. US Chess 2020
    stores fractions, which a rated crosstable's post-event ratings carry into the next event."""
    lowest_rated: float | None = None
    """The lowest rating the engine rates (FIDE: 1000, the lowest any FIDE list has published);
    a crosstable's rating under it is refused at its cell when the event is rated, never when it
    is only read (an export keeps another body's ratings, the ICU's down to 471)."""
    event_warnings: Callable[[Crosstable], list[Problem]] = lambda crosstable: []
    """What a run says about a crosstable the system rates as given but may not be what the
    director meant, at the setting's cell (US Chess: two players not rated as a match)."""
    match_restrictions: Callable[[str | None], str] | None = None
    """The restrictions an individual match is rated under by the rules named (an edition's name,
    or ``None`` for the system's default), in words (US Chess); ``None``: the system rates a
    match as any other event. A season's event of two players not typed a match is said."""
    blank_games: Callable[[str | None], str] | None = None
    """What a blank ``Games`` beside a rating is read as under the rules named (an edition's name, or
    ``None`` for the system's default), in words for a run's warning (the sheet's way of marking an
    established player, but a default that changes numbers when it is wrong); ``None``: nothing."""
    taken: Callable[[EventSettings, Sequence[PlayerRow], Sequence[Sequence[Any]]], list[Taken]] | None = None
    """The other defaults an event's rated rows took where a blank cell or setting changed a number
    (FIDE: no junior K without a Birth date; ICU: K on the End date without a Start date), each
    said once for the event by a run's warnings. Asked with the rows and their outcomes' numbers
    :attr:`outcome_fields`, a column each in the rows' order: a crosstable's from its outcome's
    records (:meth:`taken_in`), a season's from the engine's columns, no record built. Each row is
    judged alone but for the rows' rounds (which a season's rows do not carry: a FIDE Swiss that
    was a round robin), so a season asks the rows of several events with the same settings in one
    call and says each event's own."""
    outcome_fields: tuple[str, ...] = ()
    """The fields of a player's outcome (of :data:`~xlrating.model.OUTCOME_COLUMNS`) that
    :attr:`taken` and :attr:`may_take_outcomes` read, in the order they are given them."""
    taken_fields: tuple[str, ...] = ()
    """The player fields (of :class:`~xlrating.lists.Entry` and :class:`PlayerRow`) whose blank
    :attr:`taken` can say: a season from Python asks it only for events with a player who left
    one of them blank (a count of 0 is blank, as on a season workbook's Players sheet)."""
    taken_settings: tuple[str, ...] = ()
    """The event settings (of :class:`~xlrating.lists.Event`) whose blank :attr:`taken` can say."""
    taken_reads: tuple[str, ...] = ("event_type", "start_date", "end_date")
    """The event settings (of :class:`~xlrating.lists.Event`) that :attr:`taken` reads beside the
    rules: a season asks the rows of a wave's consecutive events alike in these in one call (US
    Chess's rule reads the event type alone: a wave's events of one type, whatever their dates)."""
    may_take: Callable[[PlayerRow], bool] = lambda row: True
    """Whether a row's own fields (not its number, rating or rounds) leave it open to one of
    :attr:`taken`'s defaults of a player (each of them asks it first): a row for which it is false
    is named by none of them, so a season from Python does not build it. It reads the fields'
    values alone (a season asks it once for each combination of them)."""
    may_take_fields: tuple[str, ...] = ()
    """The fields of a row that :attr:`may_take` reads, and no other: a season that reads its whole
    list at once (an event's setting left blank) looks at these alone to ask it."""
    may_take_outcomes: Callable[[str | None, Sequence[Sequence[Any]]], Iterable[bool]] | None = None
    """In bulk, for an event's outcomes (their :attr:`outcome_fields`, a column each, the players
    in order, rated under the edition named): whether each player's numbers leave him open to one
    of :attr:`taken`'s defaults of a player's own fields (his rows read without rounds), a bound
    from the rules' constants, a few comparisons a player (US Chess: a rating that fell below a
    peak floor level or under the personal floor's cap, the tests the rule itself makes; FIDE: a
    rating under the junior rule's limit and a K under the junior's): a player for whom it is
    false is named by none of them, so a season from Python does not ask about him. None: every
    player may be."""

    def fraction_problem(self, rating: float | None, shown: str) -> str | None:
        """What is wrong with a rating (``shown`` as typed; None: nothing): a fraction where the
        system publishes whole numbers (:attr:`whole_ratings`: ``1.850`` typed for 1850). The one
        check of a crosstable's ``Rating``, a season's ``Players`` row and a list's entry."""
        if rating is None or not self.whole_ratings or rating == int(rating):
            return None
        return (f"{shown} is not a whole number; {self.short_name} ratings are whole numbers (for 1850 "
                "type 1850, not 1.850)")

    def unpublished_problem(self, rating: float | None) -> str | None:
        """What is wrong with a rating under :attr:`lowest_rated` (None: nothing; FIDE's 1000):
        checked where the rating is to be rated (a crosstable when rated, a season's Players and
        Pending sheets, a List sheet to fill from), not when a sheet is only read to be exported."""
        low = self.lowest_rated
        if low is None or rating is None or rating >= low:
            return None
        return f"{rating:g} is under {low:g}, the lowest rating a {self.short_name} list has published"

    def __post_init__(self) -> None:
        editions = {fold(alias): edition for edition in self.editions for alias in edition.aliases}
        for alias in self.aliases:
            editions.setdefault(fold(alias), self.editions[0])
        object.__setattr__(self, "_edition_keys", editions)
        folded = {fold(alias): rs.name for rs in self.rating_systems for alias in rs.aliases}
        object.__setattr__(self, "_rating_systems", folded)
        object.__setattr__(self, "_rating_system_names", {
            alias: folded[fold(alias)] for rs in self.rating_systems for alias in (rs.name, *rs.aliases)})

    _edition_keys: dict[str, Edition] = field(init=False, repr=False, compare=False)
    _rating_systems: dict[str, str] = field(init=False, repr=False, compare=False)
    _rating_system_names: dict[str, str] = field(init=False, repr=False, compare=False)
    """Each rating system's name and aliases as given, to what :meth:`rating_system` folds them to
    (found without folding: a season asks for its events' rating systems by these names)."""

    @property
    def edition_names(self) -> tuple[str, ...]:
        """The editions' display names, the newest (the default) first."""
        return tuple(edition.name for edition in self.editions)

    @property
    def default(self) -> Edition:
        """The newest edition (used when the Rules setting is blank)."""
        return self.editions[0]

    def edition(self, value: Any) -> Edition | None:
        """The edition ``value`` names (any alias, any case; a year as a number), else None.
        The system's own name alone names its newest edition (``FIDE`` is ``FIDE 2024``)."""
        keys = self._edition_keys
        found: Edition | None = keys.get(value if type(value) is str and value in keys else fold(value))
        return found

    def rating_system(self, value: Any) -> str | None:
        """The name of the rating system ``value`` names (``Quick rating`` -> ``Quick``), else None."""
        found: str | None = (self._rating_system_names.get(value) if type(value) is str else None
                             ) or self._rating_systems.get(fold(value))
        return found

    def list_kind(self, value: Any) -> str | None:
        """The kind of this system's official list ``value`` names (any case: ``standard``;
        US Chess: any name of a rating system, ``quick``), as :attr:`list_kinds` spells it,
        else None."""
        folded = fold(value)
        named = (kind for kind in self.list_kinds if fold(kind) == folded)
        return self.rating_system(value) or next(named, None)

    def dual_partner(self, rating_system: str) -> str | None:
        """The other rating system a dual-rated event in ``rating_system`` (a name as
        :meth:`rating_system` gives it) is rated in, or None if such an event is not dual-rated."""
        pair = self.dual_pair
        if rating_system not in pair:
            return None
        return pair[1] if rating_system == pair[0] else pair[0]

    def unknown_k(self, rules: str | None, k: float | None) -> str | None:
        """What a run says of a typed ``k`` that is none of the K factors of the ``rules`` named
        (:attr:`k_factors`), else None."""
        if k is None or self.k_factors is None:
            return None
        factors, cited = self.k_factors(rules)
        if k in factors:
            return None
        named = ", ".join(f"{factor:g}" for factor in factors[:-1]) + f" or {factors[-1]:g}"
        return (f"K {k:g} is not a K factor of {cited} ({named}): rated with K {k:g} as given; "
                "check it (a K of 4 typed for 40?)")

    def games_taken(self, rating: float | None, games: int | None, k: float | None, birth_date: date | None,
                    joined: date | None) -> bool:
        """Whether a player's blank games is a default that can change a number
        (:attr:`blank_games`): rated, with no K given, and not a rating alone, which a system with
        member columns (the ICU) reads as a foreign player's."""
        return (games is None and rating is not None and k is None
                and not (self.member_columns and birth_date is None and joined is None))

    def taken_in(self, settings: EventSettings, rows: Sequence[PlayerRow],
                 outcome: EventOutcome) -> list[Taken]:
        """:attr:`taken` of ``rows``, each with his outcome in ``outcome`` (by pairing number): a
        crosstable's way of asking. None taken where the system has no such default."""
        if self.taken is None:
            return []
        outcomes = [outcome.player(row.number) for row in rows]
        return self.taken(settings, rows, [[getattr(player, name) for player in outcomes]
                                           for name in self.outcome_fields])

    def rating_systems_of(self, edition: Edition) -> tuple[str, ...]:
        """The rating systems an edition rates (US Chess 2009 and 2011: Regular and Quick only)."""
        return tuple(system.value for system in getattr(edition.rules, "systems", ()))


def _editions(editions: dict[str, Any], default: Any, display: Callable[[Any], str],
              prefixes: Sequence[str]) -> tuple[Edition, ...]:
    """An engine's ``EDITIONS`` (key -> rules) as entries, the default first, then newest to oldest;
    each is known by its :func:`~xlrating.names.edition_names`, as the engine's ``get_rules`` knows it."""
    ordered = [default, *(r for r in reversed(editions.values()) if r is not default)]
    keys = {id(rules): key for key, rules in editions.items()}
    return tuple(Edition(display(rules), edition_names(keys[id(rules)], display(rules), prefixes), rules)
                 for rules in ordered)


def _uscf_rating_systems() -> tuple[RatingSystemName, ...]:
    """US Chess's rating systems (the engine's :class:`~xlrating.uscf.RatingSystem`) with the names
    directors type: ``Quick rating``, and QC for Quick chess (``QC``, ``Online QC``)."""
    return tuple(RatingSystemName(system.value, system.aliases()) for system in uscf.RatingSystem)


# --- US Chess ----------------------------------------------------------------------------------


def _uscf_event(settings: EventSettings, players: Sequence[PlayerRow]) -> list[Problem]:
    """Event-level US Chess problems the engine would refuse, each at its setting's cell."""
    problems: list[Problem] = []
    if settings.bonus_multiplier is None:
        try:
            uscf.bonus_multiplier(settings.end_date)
        except ArgumentError as error:
            problems.append(Problem(settings.cell("End date"), f"{error} (the Bonus multiplier setting)"))
    if settings.event_type is EventType.MATCH:
        edition = uscf.get_rules(settings.rules)
        runs = [("", [(p.rating, p.games) for p in players])]
        if settings.dual_rated:
            quick = [p.other("Quick") for p in players]
            runs.append(("Quick: ", [(q.rating, q.games) if q else (None, None) for q in quick]))
        names = [f"{p.name} (No {p.number}, row {p.row})" for p in players]
        for label, ratings in runs:
            problem = match_problem(edition, ratings, names)
            if problem is not None:
                problems.append(Problem(settings.cell("Event type"),
                                        f"{label}this match cannot be rated under {edition.name}: {problem}"))
    return problems


def _uscf_match_restrictions(rules_name: str | None) -> str:
    """The restrictions US Chess rates an individual match under (US Chess 2020, 7; 2011, 4; 2009,
    3), as the edition named gives them, in words with its section."""
    rules = uscf.get_rules(rules_name)
    restrictions = [
        "both players established" if rules.match_requires_established else "both players rated",
        f"ratings at most {rules.match_max_difference:g} apart",
        *([f"a change of at most {rules.match_cap:g}"] if rules.match_cap is not None else []),
        *(["no bonus"] if not rules.match_bonus else []),
        *(["no floors"] if not rules.match_floors else []),
    ]
    return (f"an individual match is rated under restrictions ({', '.join(restrictions)}; "
            f"{rules.cite(rules.match_section)})")


def _uscf_event_warnings(crosstable: Crosstable) -> list[Problem]:
    """A crosstable of two players not rated as a match: US Chess rates an individual match under
    restrictions of its own, which only the Event type ``Match`` applies (a section of two in a
    larger event stays as it is)."""
    settings = crosstable.settings
    if len(crosstable.players) != 2 or settings.event_type is EventType.MATCH:
        return []
    typed = settings.event_type.value
    return [Problem(settings.cell("Event type"),
                    f"{crosstable.sheet} has two players and is rated with Event type {typed}: "
                    f"{_uscf_match_restrictions(settings.rules)} that only Event type Match applies; if this "
                    "is a match, set Event type to Match")]


Held: TypeAlias = tuple[float | None, int | None]
"""A rating and the games it is based on (``(None, None)``: unrated)."""
Rated: TypeAlias = tuple[float, int | None]
"""A rating held and the games it is based on."""


def in_other_system(held: Held, others: Mapping[str, Rated], own: str, system: str
                    ) -> tuple[Held, dict[str, Rated]]:
    """A US Chess player's rating in ``system`` and ratings in the others, when ``held`` is the
    rating in ``own`` and ``others`` those in the other systems: the second run of a dual-rated
    event, rated from the other system's ratings with ``own``'s among the others (US Chess
    2020, 2: an unrated player's rating in another system may initialise the rating)."""
    moved = {name: value for name, value in others.items() if name != system}
    if held[0] is not None:
        moved[own] = (held[0], held[1])
    return others.get(system, (None, None)), moved


def uscf_player(record: PlayerRecord, number: int, others: Mapping[str, Rated], system: str,
                own: str, *, checked: bool = False) -> uscf.UscfPlayer:
    """The engine's player ``number`` in US Chess rating system ``system``, when ``record`` holds
    the rating in ``own`` and ``others`` the ratings in the other systems: a crosstable row's (its
    ``Rating``/``Games`` are in the event's system, the ``Quick``... columns the others) or a list
    entry's (its rating is in the list's system, ``other_ratings`` the others).

    In its own system the record's history, floor, peak and lifetime wins, draws and events
    describe the rating. In another (the second run of a dual-rated event) the player is rated
    from that system's rating, with ``own``'s among the others (:func:`in_other_system`: it
    initialises an unrated player and decides the dual-rated K), and has none of them.

    ``checked``: the record's values have passed a list's checks
    (:func:`xlrating.lists.check.check_season`), so a player in his own system with no other
    ratings is built without checking them again (the ratings in the other systems, which the
    list's checks leave to the engine, are always checked).
    """
    if checked and system == own and not others:
        return _uscf_columns([record], first=number)[0]
    published = _published_fide(record.fide)
    if system == own:
        return uscf.UscfPlayer(
            number=number, rating=record.rating, games=record.games, history=record.history, fide=published,
            cfc=record.cfc, other_ratings=others, birth_date=record.birth_date, adult=bool(record.adult),
            floor=record.floor, peak=record.peak, wins=record.wins or 0, draws=record.draws or 0,
            events=record.events or 0,
        )
    (rating, games), moved = in_other_system((record.rating, record.games), others, own, system)
    return uscf.UscfPlayer(
        number=number, rating=rating, games=games, history=None, fide=published, cfc=record.cfc,
        other_ratings=moved, birth_date=record.birth_date, adult=bool(record.adult), floor=None, peak=None,
        wins=0, draws=0, events=0,
    )


def _published_fide(rating: float | None) -> float | None:
    """A record's FIDE rating, None where no FIDE list has published it (under 1000): such a rating
    is refused at its cell or entry when the event is rated, and the
    engine would refuse it a second time, by the player's number
    (:func:`xlrating.crosstable.parse.unpublished_fide`); a sheet only exported keeps it."""
    return None if rating is None or rating < fide.rating.LOWEST_PUBLISHED else rating


def _uscf_columns(records: Sequence[PlayerRecord], apart: Mapping[int, uscf.UscfPlayer] | None = None, *,
                 first: int = 1) -> PlayerColumns[uscf.UscfPlayer]:
    """The engine's players ``first``, ``first + 1``, ... as columns
    (:class:`~xlrating._player_columns.PlayerColumns`), each of ``records`` in its own system, as
    :func:`uscf_player` builds a checked record with no other ratings: the records' values have
    passed a list's checks, so they are taken as they are, ratings made floats and counts ints.
    The players at the positions (from 0) of ``apart`` are those records as :func:`uscf_player`
    built them (a player with ratings in other systems, which the engine checks), put in the
    columns as they are. (Each record's fields are read in one call and the rows turned into
    columns at once: a season's wave of 1,700 players in about 60 % of the time of a column read
    at a time.)"""
    size = len(records)
    rows = zip(*map(_USCF_VALUES, records), strict=True) if size else repeat((), len(_USCF_READ))
    rating, games, history, fide, cfc, birth_date, adult, floor, peak, wins, draws, events = rows
    columns: list[list[Any]] = [
        list(range(first, first + size)), _as_floats(rating), _as_wholes(games), list(history),
        _as_floats(fide), _as_floats(cfc), [{} for _ in range(size)], list(birth_date),
        list(map(bool, adult)), _as_floats(floor), _as_floats(peak), _as_counts(wins), _as_counts(draws),
        _as_counts(events),
    ]
    for at, player in (apart or {}).items():
        for values_of, name in zip(columns, _USCF_FIELDS, strict=True):
            values_of[at] = getattr(player, name)
    return PlayerColumns(uscf.UscfPlayer, columns)


_USCF_FIELDS = tuple(item.name for item in fields(uscf.UscfPlayer))
_USCF_READ = tuple(name for name in _USCF_FIELDS if name not in ("number", "other_ratings"))
"""The fields of a record :func:`_uscf_columns` reads, in the order of the player's."""
_USCF_VALUES = attrgetter(*_USCF_READ)

_FLOAT_OR_NONE = frozenset({float, type(None)})
_INT_OR_NONE = frozenset({int, type(None)})
_INT = frozenset({int})


def _as_floats(values: Sequence[Any]) -> list[float | None]:
    """:func:`_floats` of ``values``; floats and blanks alone (the common case) as they are."""
    return list(values) if _FLOAT_OR_NONE.issuperset(map(type, values)) else _floats(list(values))


def _as_wholes(values: Sequence[Any]) -> list[int | None]:
    """:func:`_wholes` of ``values``; ints and blanks alone (the common case) as they are."""
    return list(values) if _INT_OR_NONE.issuperset(map(type, values)) else _wholes(list(values))


def _as_counts(values: Sequence[Any]) -> list[int]:
    """Checked lifetime counts as ints (blank: 0); ints alone (the common case) as they are."""
    return list(values) if _INT.issuperset(map(type, values)) else [int(n or 0) for n in values]


def _floats(values: list[Any]) -> list[float | None]:
    """Checked ratings as the engines store them: floats (``None``: none)."""
    return [value if value is None or value.__class__ is float else float(value) for value in values]


def _wholes(values: list[Any]) -> list[int | None]:
    """Checked counts as the engines store them: ints (``None``: none)."""
    return [value if value is None or value.__class__ is int else int(value) for value in values]


def _uscf_player(row: PlayerRow, system: str, *, dual_quick: bool = False) -> uscf.UscfPlayer:
    """A crosstable row's player in rating system ``system`` (:func:`uscf_player`).

    The ``Rating``/``Games`` columns are the rating in the event's system, the ``Quick``,
    ``Blitz``... columns the others (a column of the event's system is not read). For the
    Quick rating of a dual-rated event (``dual_quick``) the ``Quick``/``Quick games`` columns
    are the pre-event rating and ``Rating``/``Games`` the player's Regular rating.
    """
    others = {o.system: (o.rating, o.games) for o in row.other_ratings if o.rating is not None}
    if dual_quick:
        return uscf_player(row, row.number, others, system, "Regular")
    others.pop(system, None)
    return uscf_player(row, row.number, others, system, system)


def who(row: PlayerRow) -> str:
    """A player as messages name them: ``No. 3 (Smith, Ann)``."""
    return f"No. {row.number}" + (f" ({row.name})" if row.name else "")


def _uscf_row(row: PlayerRow, settings: EventSettings) -> tuple[tuple[Any, ...] | None, RowProblems]:
    problems: RowProblems = []
    if row.history is not None and row.rating is None:
        problems.append(("History", f"History {row.history!r} needs a rating: {who(row)} is unrated"))
    try:
        built: tuple[Any, ...] = (_uscf_player(row, settings.rating_system),)
        if settings.dual_rated:
            built += (_uscf_player(row, "Quick", dual_quick=True),)
    except ArgumentError as error:
        problems.append(("No", f"{who(row)}: {error}"))
        return None, problems
    return built, problems


def _uscf_rate(lineup: Lineup, games: Sequence[Game], settings: EventSettings,
               explain: bool) -> tuple[EventOutcome, ...]:
    options: dict[str, Any] = {
        "dual_rated": settings.dual_rated, "event_type": settings.event_type, "end_date": settings.end_date,
        "start_date": settings.start_date, "event_name": settings.event_name,
        "bonus_multiplier": settings.bonus_multiplier, "rules": settings.rules, "explain": explain,
    }
    outcomes = [uscf.rate_event(lineup[0], games, rating_system=settings.rating_system, **options)]
    if settings.dual_rated:
        outcomes.append(uscf.rate_event(lineup[1], games, rating_system="Quick", **options))
    return tuple(outcomes)


def _uscf_blank_games(rules: str | None) -> str:
    """A blank ``Games`` beside a US Chess rating (:attr:`System.blank_games`)."""
    edition = uscf.get_rules(rules)
    return ("an established player's: N unknown, so the effective games N' and K come from the rating "
            f"alone ({edition.cite(edition.effective_games_section)})")


def _uscf_taken(settings: EventSettings, rows: Sequence[PlayerRow], outcomes: Sequence[Sequence[Any]]
                ) -> list[Taken]:
    """The floors' blank columns where a floor could have held a rating (US Chess 2020, 5), for the
    players without a ``Floor`` typed (the floor US Chess publishes for a player covers both): a
    blank ``Peak`` of an established player whose rating fell below a peak floor level he was at
    or above (the peak is read as his pre-event rating, so a higher peak's floor is not applied),
    and a blank ``Wins``, ``Draws`` or ``Events`` of a player who ended under the personal absolute
    floor's cap and his pre-event rating (each read as 0, so that floor counts this event's games
    alone). A blank ``Floor`` is no OLM or cash-prize floor: the usual, an explicit floor being the
    director's to give, and not said."""
    rules = uscf.get_rules(settings.rules)
    if settings.event_type is EventType.MATCH and not rules.match_floors:
        return []
    posts, pres = outcomes[0], [row.rating for row in rows]
    open_rows = list(map(_uscf_may_take, rows))
    fell = [row for row, fell, may in zip(rows, _uscf_fell(rules, posts, pres), open_rows, strict=True)
            if fell and may]
    low = [row for row, low, may in zip(rows, _uscf_low(rules, posts, pres), open_rows, strict=True)
           if low and may]
    return _uscf_peak(rules, fell) + _uscf_counts(rules, low)


def _uscf_may_take(row: PlayerRow) -> bool:
    """No ``Floor`` typed, and a floor's column blank (:func:`_uscf_taken`)."""
    return row.floor is None and (row.peak is None or row.wins is None or row.draws is None
                                  or row.events is None)


def _uscf_may_take_outcomes(rules: str | None, outcomes: Sequence[Sequence[Any]]) -> Iterable[bool]:
    """A floor a blank hides could have held the rating (:func:`_uscf_taken`): it fell below a peak
    floor level the pre-event rating was at or above, or under the personal absolute floor's cap
    and the pre-event rating (an unrated player's: under the cap)."""
    posts, pres = outcomes
    edition = uscf.get_rules(rules)
    return map(or_, _uscf_fell(edition, posts, pres), _uscf_low(edition, posts, pres))


def _uscf_fell(rules: uscf.UscfRules, posts: Sequence[float | None], pres: Sequence[float | None]
               ) -> Iterable[bool]:
    """Whether each post-event rating is under a peak floor level its pre-event rating was at or
    above (fewer levels at or below it): a higher peak's floor could have held it. An unrated
    player's (no pre-event rating) never; no post-event rating, never."""
    levels = repeat(rules.peak_floors)
    return map(lt, map(bisect_right, levels, _filled(posts, math.inf)),
               map(bisect_right, levels, _filled(pres, -math.inf)))


def _uscf_low(rules: uscf.UscfRules, posts: Sequence[float | None], pres: Sequence[float | None]
              ) -> Iterable[bool]:
    """Whether each post-event rating is under the personal absolute floor's cap and the pre-event
    rating (an unrated player's: the cap alone); no post-event rating, never."""
    ended, cap = _filled(posts, math.inf), repeat(rules.personal_floor_cap)
    return map(and_, map(lt, ended, cap), map(lt, ended, _filled(pres, math.inf)))


def _filled(values: Sequence[Any], blank: float) -> Sequence[Any]:
    """``values``, ``blank`` where one is None."""
    return [blank if value is None else value for value in values] if None in values else values


def _uscf_peak(rules: uscf.UscfRules, fell: Sequence[PlayerRow]) -> list[Taken]:
    """``fell``: the rows open to a default whose rating fell below a peak floor level
    (:func:`_uscf_fell`)."""
    established = rules.established_games
    named = tuple(row for row in fell if row.peak is None and (row.games is None or row.games > established))
    if not named:
        return []
    return [Taken("Peak", "read as the pre-event rating: the peak floor (the highest established rating "
                  f"less 200, to the floor level at or below; {rules.cite(rules.floors_section)}) comes from "
                  "it; where a player's peak is higher, type it (or his floor, in Floor)", named,
                  field="peak")]


def _uscf_counts(rules: uscf.UscfRules, low: Sequence[PlayerRow]) -> list[Taken]:
    """``low``: the rows open to a default that ended under the personal absolute floor's cap
    (:func:`_uscf_low`)."""
    cap = rules.personal_floor_cap
    counts = (("Wins", "wins", "rated wins"), ("Draws", "draws", "rated draws"),
              ("Events", "events", "events of three or more rated games"))
    return [Taken(column, f"read as 0: the personal absolute floor (100 + 4 a win + 2 a draw + 1 an event, "
                  f"at most {cap:g}; {rules.cite(rules.floors_section)}) counts this event's alone; where a "
                  "player's lifetime "
                  f"{words} are known, type them", taken, field=name)
            for column, name, words in counts
            if (taken := tuple(row for row in low if getattr(row, name) is None))]


# --- FIDE --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Taken:
    """A default an event took: the column or setting left blank, what it was read as, and the
    rows it changed (their count and the first few are named)."""

    blank: str
    """The column (``Birth date``) or, when :attr:`setting` is true, the Event sheet's setting."""
    message: str
    """What it was read as; for a setting, the whole warning, with ``{players}`` where the rows go."""
    rows: tuple[PlayerRow, ...]
    setting: bool = False
    field: str = ""
    """The :class:`~xlrating.crosstable.PlayerRow` field of the column: a sheet that fills it for
    some player leaves it blank for the others on purpose (as the crosstable guide says), and
    nothing is said; ``""``: said whenever rows took the default."""


def _no_event_problems(settings: EventSettings, players: Sequence[PlayerRow]) -> list[Problem]:
    return []


def fide_player(record: PlayerRecord, number: int, games: int | None, k: float | None, *,
                checked: bool = False) -> fide.FidePlayer:
    """The engine's player ``number`` with ``record``'s rating, highest published rating (``peak``)
    and birth date, and ``games`` and ``k``: a crosstable row's own, or what a season's rating
    period makes of a list entry's (its K for the period). ``checked``: the record, ``games`` and
    ``k`` have passed a list's checks (:func:`xlrating.lists.check.check_season`) or were computed
    by the season, so they are not checked again."""
    if checked:
        return fide_columns([record.rating], [games], [record.peak], [record.birth_date], [k],
                            first=number)[0]
    return fide.FidePlayer(number=number, rating=record.rating, games=games, highest_rating=record.peak,
                           birth_date=record.birth_date, k=k)


def fide_columns(rating: list[float | None], games: list[int | None], peak: list[float | None],
                 birth_date: list[date | None], k: list[float | None], *, first: int = 1
                 ) -> PlayerColumns[fide.FidePlayer]:
    """The engine's players ``first``, ``first + 1``, ... as columns
    (:class:`~xlrating._player_columns.PlayerColumns`) of values that have passed a list's checks
    or were computed by a season (:func:`fide_player`'s ``checked``), a list each by player:
    ratings, highest ratings and K made floats, games ints, nothing checked again. The lists are
    held as they are where they hold nothing else (a season's, nearly always): not to be changed."""
    floats = _FLOAT_OR_NONE
    return PlayerColumns(fide.FidePlayer, [list(range(first, first + len(rating))), _held(rating, floats),
                                           _held(games, _INT_OR_NONE), _held(peak, floats), birth_date,
                                           _held(k, floats), [False] * len(rating)])


def _held(values: list[Any], types: frozenset[object]) -> list[Any]:
    """``values`` themselves if each is of ``types`` (one C loop), else made floats (``types``
    :data:`_FLOAT_OR_NONE`) or ints, as :func:`_floats` and :func:`_wholes` make them."""
    if types.issuperset(map(type, values)):
        return values
    return _floats(values) if types is _FLOAT_OR_NONE else _wholes(values)


def _fide_row(row: PlayerRow, settings: EventSettings) -> tuple[tuple[Any, ...] | None, RowProblems]:
    """The player's :class:`~xlrating.fide.FidePlayer` (``Peak`` is the highest published rating)."""
    try:
        return (fide_player(row, row.number, row.games, row.k),), []
    except ArgumentError as error:
        return None, [("No", f"{who(row)}: {error}")]


def _fide_rate(lineup: Lineup, games: Sequence[Game], settings: EventSettings,
               explain: bool) -> tuple[EventOutcome, ...]:
    return (fide.rate_event(lineup[0], games, event_type=settings.event_type, end_date=settings.end_date,
                            start_date=settings.start_date, event_name=settings.event_name,
                            rules=settings.rules, explain=explain),)


def _fide_taken(settings: EventSettings, rows: Sequence[PlayerRow], outcomes: Sequence[Sequence[Any]]
                ) -> list[Taken]:
    """Rated players whom a Birth date could have given the junior K (rated under the junior
    rule's limit, with no K typed and a K below the junior's), and a Swiss whose every player met
    every other where the edition rates a round robin by its own procedure."""
    rules = fide.get_rules(settings.rules)
    return [*_fide_round_robin(settings, rows, rules), *_fide_junior(rows, outcomes[0], rules)]


def _fide_round_robin(settings: EventSettings, rows: Sequence[PlayerRow],
                      rules: fide.FideRules) -> list[Taken]:
    """A Swiss (the Event type's default) whose players all met each other, with unrated players,
    under an edition with a round-robin procedure (FIDE Handbook 10.21b, 10.54): it rates the
    unrated players, and the others against them, its own way."""
    if not rules.round_robin_procedure or settings.event_type is not EventType.SWISS or len(rows) < 3:
        return []
    unrated = tuple(row for row in rows if row.rating is None)
    numbers = {row.number for row in rows}
    met = {frozenset((row.number, cell.opponent)) for row in rows for cell in row.rounds
           if cell.rated and cell.opponent in numbers}
    if not unrated or len(met) < len(rows) * (len(rows) - 1) // 2:
        return []
    return [Taken("Event type", "Event type is Swiss (or blank), but every player met every other, as in a "
                  "round robin, which the FIDE Handbook rates by its own procedure (10.21b, 10.54) when it "
                  "has unrated players: here {players}; if it was a round robin, set Event type Round robin",
                  unrated, setting=True)]


def _fide_blank_games(rules: str | None) -> str:
    """A blank ``Games`` beside a FIDE rating (:attr:`System.blank_games`)."""
    edition = fide.get_rules(rules)
    return (f"a player's with {edition.k_new_games} games or more: no K {edition.k_new} of a new player "
            f"({edition.k_cited})")


def _fide_junior(rows: Sequence[PlayerRow], ks: Sequence[float | None], rules: fide.FideRules) -> list[Taken]:
    """``ks``: each row's K in his outcome."""
    if rules.k_junior is None:
        return []
    junior = rules.k_junior
    blank = tuple(row for row, k in zip(rows, ks, strict=True) if _fide_may_take(row)
                  and row.rating is not None and row.rating < rules.k_junior_below and (k or junior) < junior)
    if not blank:
        return []
    return [Taken("Birth date", f"read as {rules.k_junior_age} or older: no K {junior} of a junior "
                  f"({rules.k_cited}); give each junior his Birth date", blank, field="birth_date")]


def _fide_k_factors(rules: str | None) -> tuple[tuple[float, ...], str]:
    """The edition's K factors, highest first, and where it gives them (:attr:`System.k_factors`)."""
    edition = fide.get_rules(rules)
    given = (edition.k_new, edition.k_junior, edition.k_standard, edition.k_top)
    return tuple(sorted({float(k) for k in given if k is not None}, reverse=True)), edition.k_cited


def _fide_may_take_outcomes(rules: str | None, outcomes: Sequence[Sequence[Any]]) -> Iterable[bool]:
    """Rated under the junior rule's limit, with a K under the junior's (:func:`_fide_junior`)."""
    ks, pres = outcomes
    edition = fide.get_rules(rules)
    junior = edition.k_junior
    if junior is None:
        return repeat(False, len(ks))
    below = edition.k_junior_below
    return [pre is not None and pre < below and k is not None and k < junior  # (in one pass)
            for k, pre in zip(ks, pres, strict=True)]


def _fide_may_take(row: PlayerRow) -> bool:
    """No ``Birth date`` and no ``K`` typed (:func:`_fide_junior`; a Swiss that was a round robin
    is seen only in the rows' rounds)."""
    return row.birth_date is None and row.k is None


# --- ICU ---------------------------------------------------------------------------------------

def icu_start(settings: EventSettings) -> date:
    """The date ICU K factors are computed at: the Start date, else the End date."""
    return settings.start_date if settings.start_date is not None else settings.end_date


def icu_player(record: PlayerRecord, number: int, rules: icu.IcuRules, *, checked: bool = False
               ) -> icu.IcuPlayer:
    """The engine's player ``number``, of the kind ``record``'s data describe
    (:func:`xlrating.icu.classify`); a K given for a provisional or unrated player is not his
    (:func:`_icu_k`). ``checked``: the record has passed a list's checks
    (:func:`xlrating.lists.check.check_season`), so the player is built as :func:`_icu_columns`
    builds him, not checked again once :func:`~xlrating.icu.classify` has found his kind."""
    if checked:
        return _icu_columns([record], rules, first=number)[0]
    k = _icu_k(record.rating, record.games, record.k, rules.provisional_limit)
    kind = icu.classify(record.rating, record.games, k, record.birth_date, record.joined, rules=rules)
    return icu.IcuPlayer(number, kind, record.rating, record.games, k, record.birth_date, record.joined)


def _icu_columns(records: Sequence[PlayerRecord], rules: icu.IcuRules, *, first: int = 1
                ) -> PlayerColumns[icu.IcuPlayer]:
    """The engine's players ``first``, ``first + 1``, ... as columns
    (:class:`~xlrating._player_columns.PlayerColumns`), of records that have passed a list's
    checks, as :func:`_icu_columns_of` builds them from the records' values."""
    return _icu_columns_of([list(map(attrgetter(name), records)) for name in _ICU_READ], rules, first=first)


_ICU_READ = ("rating", "games", "k", "birth_date", "joined")
"""The fields of a record :func:`_icu_columns` reads, in the order :func:`_icu_columns_of` takes them."""


def _icu_columns_of(values: Sequence[list[Any]], rules: icu.IcuRules, *, first: int = 1
                    ) -> PlayerColumns[icu.IcuPlayer]:
    """The engine's players ``first``, ``first + 1``, ... as columns
    (:class:`~xlrating._player_columns.PlayerColumns`), of ``values`` that have passed a list's
    checks: the fields :data:`_ICU_READ`, a list each by player (a season's working list keeps the
    rating and the games as columns). Each player of the kind his data describe
    (:func:`_checked_icu_kinds`, which raises :class:`~xlrating.errors.ArgumentError` for data no
    player of a kind accepts), with his K (:func:`_icu_k`: the one given, but for an unrated or
    provisional player, so it is looked at only where there is one), ratings and K made floats,
    games ints, nothing checked again."""
    rating, games, given, birth_date, joined = values
    kinds = _checked_icu_kinds(rating, games, given, birth_date, joined, rules)
    k = given
    if icu.PlayerKind.UNRATED in kinds or icu.PlayerKind.PROVISIONAL in kinds:
        k = list(map(_icu_k, rating, games, given, repeat(rules.provisional_limit)))
    return PlayerColumns(icu.IcuPlayer, [
        list(range(first, first + len(rating))), kinds, _floats(rating), _wholes(games), _floats(k),
        birth_date, joined,
    ])


def _icu_k(rating: float | None, games: int | None, k: float | None, limit: int) -> float | None:
    """The K given of a player with ``rating`` and ``games``: none for an unrated or provisional
    player (under ``limit`` games), whose K is not his."""
    return None if rating is None or (games is not None and games < limit) else k


_ICU_KINDS: dict[int, dict[tuple[Any, ...], icu.PlayerKind]] = {}
"""The kinds :func:`_checked_icu_kinds` has found, by provisional limit and what else decides them."""


def _checked_icu_kinds(rating: list[Any], games: list[Any], given: list[Any], birth_date: list[Any],
                       joined: list[Any], rules: icu.IcuRules) -> list[icu.PlayerKind]:
    """:func:`xlrating.icu.classify` of checked players' values (a list each by player), each with
    his K (:func:`_icu_k` of the K ``given``). Once the values pass its checks, its table reads only
    which of them are given, the games and the provisional limit (and :func:`_icu_k` only which are
    given and the games), so each such combination is classified once (a season builds about a
    million players) and looked up for all the players at once; values it refuses are refused each
    time, the first player's who has them."""
    found = _ICU_KINDS.setdefault(rules.provisional_limit, {})

    def keys() -> Iterator[tuple[Any, ...]]:  # (not kept: each let go as soon as it is looked up)
        blank = repeat(None)
        return zip(map(is_, rating, blank), games, map(is_, given, blank), map(is_, birth_date, blank),
                   map(is_, joined, blank), strict=True)

    kinds: list[Any] = list(map(found.get, keys()))  # (None: not classified yet)
    if None in kinds:
        for at, key in enumerate(keys()):
            if kinds[at] is None:
                k = _icu_k(rating[at], games[at], given[at], rules.provisional_limit)
                kinds[at] = found[key] = icu.classify(rating[at], games[at], k, birth_date[at], joined[at],
                                                      rules=rules)
    return kinds


def _icu_row(row: PlayerRow, settings: EventSettings) -> tuple[tuple[Any, ...] | None, RowProblems]:
    """The player's :class:`~xlrating.icu.IcuPlayer`, or the one reason the ICU player types
    cannot read the row, in the director's words."""
    if row.rating is None:
        if row.k is not None:
            return None, [("K", f"K {row.k:g} is given but Rating is blank: an unrated player has no K")]
    elif row.games == 0:
        return None, [("Games", "Games 0 with a rating: leave Games blank for a rated player "
                                "(or give the games behind the rating)")]
    elif row.games is not None and row.games < (limit := icu.get_rules(settings.rules).provisional_limit) \
            and row.k is not None:
        return None, [("K", f"K {row.k:g} is given, but with {row.games} games (under "
                            f"{limit}) the player is provisional and has no K")]
    try:
        # Games 0 beside a blank Rating: no games behind no rating, as a blank Games.
        player = icu_player(replace(row, games=None) if row.rating is None and row.games == 0 else row,
                            row.number, icu.get_rules(settings.rules))
    except ArgumentError as error:
        return None, [("Rating", f"{who(row)}: {error}")]
    if player.kind is icu.PlayerKind.RATED and row.k is None and row.rating is not None:
        need = icu_k_need(row.rating, row.birth_date, row.joined, icu_start(settings), settings.rules)
        if need is not None:
            return None, [("Rating", f"{who(row)} is {need}")]
    return (player,), []


def _icu_blank_games(rules: str | None) -> str:
    """A blank ``Games`` beside an ICU rating (:attr:`System.blank_games`)."""
    return f"a rated player's, not a provisional one's (Games 1-{icu.get_rules(rules).provisional_limit - 1})"


def _icu_taken(settings: EventSettings, rows: Sequence[PlayerRow], outcomes: Sequence[Sequence[Any]]
               ) -> list[Taken]:
    """With no Start date, the K of every rated player without a typed K (rated by Elo: ``outcomes``,
    each row's outcome's method) is taken on the End date."""
    if settings.start_date is not None:
        return []
    by_elo = _icu_may_take_outcomes(settings.rules, outcomes)
    dated = tuple(row for row, elo in zip(rows, by_elo, strict=True)
                  if elo and _icu_may_take(row) and row.rating is not None)
    if not dated:
        return []
    end = settings.end_date.isoformat()
    return [Taken("Start date", f"Start date is blank: K is taken on the End date, {end}"
                  " (ages and years of membership on that day), for {players}; enter the event's first day "
                  "if it began earlier", dated, setting=True)]


def _icu_may_take_outcomes(rules: str | None, outcomes: Sequence[Sequence[Any]]) -> Iterable[bool]:
    """Rated by Elo (``outcomes``: the method of each): a rated player's K is read only then
    (:func:`_icu_taken`)."""
    return map(is_, outcomes[0], repeat(Method.ELO))


def _icu_may_take(row: PlayerRow) -> bool:
    """No ``K`` typed, and a ``Birth date`` or ``Joined`` to take it from (:func:`_icu_taken`)."""
    return row.k is None and (row.birth_date is not None or row.joined is not None)


def icu_k_need(rating: float, birth_date: date | None, joined: date | None, start: date,
               rules: icu.RulesLike | None, games: int | None = None) -> str | None:
    """Why an ICU player rated ``rating`` (over ``games``), without K, has no K at ``start``
    (``rated 1800, below 2100, so K depends on age and membership: give K, or Birth date...``),
    else None. A Joined before the Birth date is refused where the dates are read (a row's Joined
    cell, a list's entry), not named here as a K not found."""
    if _check.joined_problem(birth_date, joined) is not None:
        return None
    try:
        icu.k_factor(rating, birth_date=birth_date, joined=joined, start_date=start, rules=rules)
    except ArgumentError:
        if birth_date is None:
            need = "give K, or Birth date (and Joined for players aged 21 or more)"
        elif birth_date > start:
            need = "the Birth date is after the event's start"
        else:
            need = "give K, or Joined (the date the player joined the ICU)"
        below = f"{icu.get_rules(rules).k_high_rating:g}"
        over = f" over {games} games" if games is not None else ""
        return f"rated {rating:g}{over}, below {below}, so K depends on age and membership: {need}"
    return None


def _icu_rate(lineup: Lineup, games: Sequence[Game], settings: EventSettings,
              explain: bool) -> tuple[EventOutcome, ...]:
    # The engine takes K at the Start date, else the End date (as icu_start), and records the
    # dates as given: a blank Start date is not shown as the End date.
    return (icu.rate_event(lineup[0], games, start_date=settings.start_date, end_date=settings.end_date,
                           rules=settings.rules, event_name=settings.event_name, explain=explain),)


# --- the list adapters -------------------------------------------------------------------------


def _list_adapter(module: str) -> Callable[[Any, Sequence[Any]], None]:
    """The ``rate_events`` of :mod:`xlrating.lists` ``module``, named by its path and imported when
    a season is rated: the list adapters sit above this registry and ask it, never the reverse."""
    def rate_events(season: Any, events: Sequence[Any]) -> None:
        import_module(f"{__package__}.lists.{module}").rate_events(season, events)

    rate_events.__doc__ = f"Rate a season's events into its list (xlrating.lists.{module})."
    return rate_events


# --- the table ---------------------------------------------------------------------------------

_USCF_RATING_SYSTEMS = _uscf_rating_systems()

USCF = System(
    key="USCF", name="US Chess", short_name="US Chess", aliases=uscf.rules.NAMES,
    editions=_editions(uscf.EDITIONS, uscf.get_rules(), lambda r: str(r.name), uscf.rules.NAMES),
    rating_systems=_USCF_RATING_SYSTEMS,
    columns=frozenset({
        "Rating", "Games", "History", "FIDE", "CFC", *(s.name for s in _USCF_RATING_SYSTEMS),
        *(f"{s.name} games" for s in _USCF_RATING_SYSTEMS), "Birth date", "Adult", "Floor", "Peak",
        "Wins", "Draws", "Events", "Total", "Official post rating", "Official post Quick rating",
    }),
    # US Chess ratings never go below 100 (US Chess 2020, 1, steps 3-5).
    list_only_columns=frozenset(),
    rating_range=(100.0, 4000.0),
    check_event=_uscf_event, event_warnings=_uscf_event_warnings, match_restrictions=_uscf_match_restrictions,
    player=_uscf_row, rate=_uscf_rate,
    rate_list=_list_adapter("uscf"),
    dual_rated=True, bonus_multiplier=True, pending_results=False, periods=False, unrated_games=False,
    fide_ids=False, rating_report_files=True, list_kinds=tuple(s.name for s in _USCF_RATING_SYSTEMS),
    listed_columns=("Games",), paper="letter", bonuses=True, floors=True,
    carried=("Birth date", "Adult", "Floor", "Peak", "Wins", "Draws", "Events", "History", "FIDE", "CFC"),
    federation="USA", slug="uscf", template="uscf-swiss.xlsx", macro_template=True,
    dual_pair=("Regular", "Quick"), list_place="State", expiring_memberships=True,
    blank_games=_uscf_blank_games,
    taken=_uscf_taken, taken_fields=("peak", "wins", "draws", "events"), taken_reads=("event_type",),
    may_take=_uscf_may_take,
    may_take_fields=("floor", "peak", "wins", "draws", "events"),
    may_take_outcomes=_uscf_may_take_outcomes, outcome_fields=("post_rating", "pre_rating"),
)

FIDE = System(
    key="FIDE", name="FIDE", short_name="FIDE", aliases=fide.rules.NAMES,
    editions=_editions(fide.EDITIONS, fide.get_rules(), lambda r: str(r.display), fide.rules.NAMES),
    rating_systems=(),
    columns=frozenset({"Rating", "Games", "Peak", "Birth date", "K", "Total"}),
    list_only_columns=frozenset({"Events"}),
    rating_range=(1.0, 4000.0),
    check_event=_no_event_problems, player=_fide_row, rate=_fide_rate, rate_list=_list_adapter("fide"),
    dual_rated=False, bonus_multiplier=False, pending_results=True, periods=True, unrated_games=True,
    fide_ids=True, rating_report_files=False, list_kinds=("Standard", "Rapid", "Blitz"),
    listed_columns=("K",), paper="a4", bonuses=False, floors=False,
    carried=("Birth date", "K", "Peak", "Events"), federation=None, slug="fide",
    template="fide-round-robin.xlsx", whole_ratings=True, lowest_rated=fide.rating.LOWEST_PUBLISHED,
    blank_games=_fide_blank_games, k_factors=_fide_k_factors,
    taken=_fide_taken, taken_fields=("birth_date",), taken_reads=("event_type",), may_take=_fide_may_take,
    may_take_fields=("birth_date", "k"),
    may_take_outcomes=_fide_may_take_outcomes, outcome_fields=("k", "pre_rating"),
)

ICU = System(
    key="ICU", name="Irish Chess Union (ICU)", short_name="ICU", aliases=("ICU", "Irish Chess Union"),
    editions=_editions(ICU_EDITIONS, icu.get_rules(), lambda r: str(r.name), ()),
    rating_systems=(),
    columns=frozenset({"Rating", "Games", "Birth date", "K", "Joined", "Total"}),
    list_only_columns=frozenset(),
    rating_range=(1.0, 4000.0),
    check_event=_no_event_problems, player=_icu_row, rate=_icu_rate, rate_list=_list_adapter("icu"),
    dual_rated=False, bonus_multiplier=False, pending_results=False, periods=False, unrated_games=False,
    fide_ids=False, rating_report_files=False, list_kinds=("Standard",), listed_columns=(), paper="a4",
    bonuses=True, floors=False, carried=("Birth date", "K", "Joined"), federation="IRL", slug="icu",
    template="icu-swiss.xlsx", member_columns=("K", "Birth date", "Joined", "Games"), whole_ratings=True,
    blank_games=_icu_blank_games, taken=_icu_taken,
    taken_settings=("start_date",), may_take=_icu_may_take, may_take_outcomes=_icu_may_take_outcomes,
    may_take_fields=("k", "birth_date", "joined"),
    outcome_fields=("method",),
)

SYSTEMS: tuple[System, ...] = (USCF, FIDE, ICU)
"""Every system, the default (US Chess) first."""

_BY_NAME: dict[str, System] = {fold(alias): system for system in SYSTEMS for alias in system.aliases}
_BY_KEY: dict[str, System] = {system.key: system for system in SYSTEMS}


def find(value: Any) -> System | None:
    """The system ``value`` names (``USCF``, ``US Chess``, ``fide``, ``Irish Chess Union``), else None."""
    return _BY_NAME.get(fold(value))


def keyed(key: Any) -> System | None:
    """The system whose key is exactly ``key`` (``USCF``, ``FIDE``, ``ICU``), else None."""
    return _BY_KEY.get(key) if isinstance(key, str) else None


def get(key: str) -> System:
    """The system whose key is ``key`` (``USCF``, ``FIDE``, ``ICU``); KeyError otherwise."""
    found = keyed(key)
    if found is None:
        raise KeyError(key)
    return found


def edition_anywhere(value: Any) -> tuple[System, Edition] | None:
    """The system and edition ``value`` names, when exactly one system has an edition of that name
    (``2024`` is FIDE's, ``2011`` US Chess's), else None."""
    found = [(system, edition) for system in SYSTEMS
             if (edition := system.edition(value)) is not None]
    return found[0] if len(found) == 1 else None


def any_rating_system(value: Any) -> str | None:
    """The US Chess rating system ``value`` names, whichever system the event is under."""
    return USCF.rating_system(value)
