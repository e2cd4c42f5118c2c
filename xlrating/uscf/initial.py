"""Initial ratings for unrated players (US Chess 2020, 2; US Chess 2009 and 2011, step 1).

Each rating system has its order of priority (:attr:`UscfRules.priorities`); the first
source the player has gives the rating and the N it is "based on". The sources are the
FIDE and CFC conversions, the player's US Chess ratings in other systems, the age-based
rating and the default 750.

Age-based ratings (2020 section 2.7; 2009 step 1): Age = (end date - birth date)/365.25;
an age below 3 is taken as a miscoded birth date and the player counts as 26; an adult
without a birth date also counts as 26. The 2020 formula's branch "100 if Age < 2" can
therefore never apply; it is kept as data and reported as unreachable.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import _check
from ..errors import ArgumentError
from ..fide.rating import LOWEST_PUBLISHED
from ..model import _positional_filler, _slot_filling_init
from .bonus import required_date
from .rules import InitialSource, RatingSystem, RulesLike, UscfRules, get_rules, parse_system

OtherRatings = Mapping[Any, tuple[float, "int | None"]]
"""A player's US Chess ratings in other systems: system (name or :class:`RatingSystem`)
to ``(rating, games)``, games None meaning established with an unknown count."""


@_slot_filling_init
@dataclass(frozen=True, slots=True)
class InitialRating:
    """An unrated player's step 1 rating (US Chess 2020, 2)."""

    rating: float
    """The initial rating R0."""
    games: int
    """The N it is based on."""
    source: str
    """``"FIDE"``, ``"CFC"``, ``"Regular"`` (or another system's name), ``"age"`` or ``"default"``."""
    priority: int
    """The source's position in the system's order of priority, from 1."""
    detail: str
    """How the rating came about, in words."""


_record = _positional_filler(InitialRating)
"""``InitialRating(rating, games, source, priority, detail)`` for the values this module makes,
filled slot by slot without the record's ``__init__`` (0.13 µs where it takes 0.29: step 1 makes
one for each distinct unrated player's data)."""


def fide_to_uscf(fide: float, *, rules: RulesLike = "2020", end_date: dt.date | None = None) -> float:
    """A FIDE rating converted to the US Chess scale, for an event ending on ``end_date``.

    2020 (section 2.7): 180 + 0.94 FIDE up to 2000, 20 + 1.02 FIDE above; for events ending
    from 1 March 2024, US Chess's updated conversion, -1073 + 1.5667 FIDE up to 2000 and
    20 + 1.02 FIDE above (:data:`~xlrating.uscf.rules.FIDE_CONVERSION_2024`). Without an end
    date, the document's own.
    2009/2011 (step 1): 720 + 0.625 FIDE below 2000, -350 + 1.16 FIDE from 2000.
    """
    edition = get_rules(rules)
    conversion, _ = edition.fide_conversion_on(_check.date("end_date", end_date))
    return conversion(_check.rating("fide", fide, low=LOWEST_PUBLISHED))


def cfc_to_uscf(cfc: float, *, rules: RulesLike = "2020") -> float:
    """A CFC rating converted to the US Chess scale: CFC - 90 up to 1500, 1.1 CFC - 240
    above (2020 section 2.7; the same in 2009/2011)."""
    edition = get_rules(rules)
    return edition.cfc_conversion(_check.rating("cfc", cfc))


def age_in_years(birth_date: dt.date, end_date: dt.date) -> float:
    """Age = (tournament end date - birth date)/365.25 (US Chess 2020, 2.7)."""
    return _age(required_date("birth_date", birth_date), required_date("end_date", end_date))


def _age(born: dt.date, end: dt.date) -> float:
    """:func:`age_in_years` of dates already checked."""
    return (end - born).days / 365.25


def _age_rating(rules: UscfRules, age: float | None, words: bool = True) -> tuple[float, str]:
    """The age-based rating for ``age`` (None: an adult without a birth date), and the age it
    counted in words (a plain age's only if ``words``, else "")."""
    if age is None:
        age, how = rules.age_adult, f"adult without birth date, counted as {rules.age_adult:g}"
    elif age < rules.age_miscoded_below:
        how = (f"age {age:.2f} below {rules.age_miscoded_below:g}: miscoded birth date, "
               f"counted as {rules.age_adult:g}")
        age = rules.age_adult
    else:
        how = f"age {age:.2f}" if words else ""
    if rules.age_infant is not None and rules.age_infant_rating is not None and age < rules.age_infant:
        return rules.age_infant_rating, how  # unreachable: ages below 3 count as 26
    if age > rules.age_adult:
        return rules.age_adult_rating, how
    return rules.age_per_year * age, how


def age_based_rating(
    *,
    birth_date: dt.date | None = None,
    end_date: dt.date | None = None,
    adult: bool = False,
    rules: RulesLike = "2020",
) -> float | None:
    """The age-based initial rating (US Chess 2020, 2.7), or None without a birth
    date or adult status.

    50 x Age from 3 to 26, 1300 above 26; an age below 3 (a miscoded birth date) and an
    adult without a birth date count as 26 (1300). ``end_date`` defaults to today.
    """
    edition = get_rules(rules)
    born = _check.date("birth_date", birth_date)
    end = _check.date("end_date", end_date, default=dt.date.today())
    if born is None:
        return _age_rating(edition, None)[0] if _check.flag("adult", adult) else None
    _check.flag("adult", adult)  # (refused whether or not it is read)
    assert end is not None
    return _age_rating(edition, _age(born, end))[0]


def other_ratings_arg(
    value: OtherRatings | None, name: str = "other_ratings"
) -> dict[RatingSystem, tuple[float, int | None]]:
    """``other_ratings`` checked: keys become :class:`RatingSystem`, values ``(rating, games)``."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _check.fail(name, "a mapping of rating system to (rating, games)", value)
    result: dict[RatingSystem, tuple[float, int | None]] = {}
    keys: dict[RatingSystem, Any] = {}
    for key, entry in value.items():
        system = RatingSystem.parse(key, f"{name} key")
        if system in keys:  # (which of the two would count?)
            raise ArgumentError(f"Argument '{name}': {keys[system]!r} and {key!r} both name the "
                                f"{system.value} rating")
        keys[system] = key
        if isinstance(entry, (str, bytes)) or not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise _check.fail(f"{name}[{system.value!r}]", "a pair (rating, games)", entry)
        rating = _check.rating(f"{name}[{system.value!r}] rating", entry[0])
        games = None if entry[1] is None else _check.whole(f"{name}[{system.value!r}] games", entry[1])
        result[system] = (rating, games)
    return result


def _system_source(
    rules: UscfRules, source: InitialSource, others: Mapping[RatingSystem, tuple[float, int | None]]
) -> tuple[float, int, str] | None:
    assert source.system is not None
    entry = others.get(source.system)
    if entry is None:
        return None
    rating, games = entry
    established = games is None or games > rules.established_games
    if games is not None and games < source.min_games:
        return None
    if source.established is not None and established != source.established:
        return None
    based = games if games is not None else "an established count of"
    if source.games is not None:
        n = source.games
    else:
        cap = source.games_cap if source.games_cap is not None else 0
        n = cap if games is None else min(cap, games)
    return rating, n, f"{source.system.value} rating {rating:g} (based on {based} games), N = {n}"


def _from_fide(rules: UscfRules, source: InitialSource, fide: float, position: int,
               converted_on: dt.date | None, words: bool = True) -> InitialRating:
    """The initial rating from a FIDE rating: converted by the conversion in force on ``converted_on``
    (the detail in words only if ``words``)."""
    n = source.games if source.games is not None else (
        rules.fide_games_high if fide > rules.fide_games_threshold else rules.fide_games_low)
    conversion, where = rules.fide_conversion_on(converted_on)
    rating = conversion(fide)
    if not words:
        return _record(rating, n, "FIDE", position, "")
    how = "" if where is None else f" ({where})"
    return _record(rating, n, "FIDE", position, f"FIDE {fide:g} converted to {rating:g}{how}, N = {n}")


def _from_cfc(rules: UscfRules, source: InitialSource, cfc: float, position: int,
              converted_on: dt.date | None, words: bool = True) -> InitialRating:
    """The initial rating from a CFC rating."""
    n = source.games if source.games is not None else (
        rules.cfc_games_high if cfc > rules.cfc_games_threshold else rules.cfc_games_low)
    rating = rules.cfc_conversion(cfc)
    return _record(rating, n, "CFC", position,
                         f"CFC {cfc:g} converted to {rating:g}, N = {n}" if words else "")


def default_note(rules: UscfRules, system: RatingSystem, initial: InitialRating,
                 birth_date: dt.date | None, end_date: dt.date | None) -> str | None:
    """The note on a default an initial rating took, in a director's words: the default rating
    (nothing to start from), an adult without a birth date counted as 26, or a birth date
    giving an age under 3 counted as 26; None when the rating came from the player's data."""
    if initial.source == "default":
        return (f"default initial rating {initial.rating:g}, nothing to start from "
                f"({rules.cite(rules.priority_section(system))})")
    if initial.source != "age":
        return None
    if birth_date is None:
        why = "no Birth date, Adult"
    else:
        age = _age(birth_date, end_date) if end_date is not None else None
        if age is None or age >= rules.age_miscoded_below:
            return None  # (the usual case for a birth date: found before any words are made)
        why = f"Birth date gives age {age:.2f}, under {rules.age_miscoded_below:g}"
    cited = rules.cite(rules.formulas_section)
    return f"{why}: counted as {rules.age_adult:g}, initial rating {initial.rating:g} ({cited})"


_CONVERTED = {"fide": _from_fide, "cfc": _from_cfc}
"""The sources that convert another federation's rating, by :attr:`InitialSource.kind`."""


def by_dated_conversion(rules: UscfRules, system: RatingSystem, initial: InitialRating) -> bool:
    """Whether ``initial`` converted a FIDE rating where the edition has later conversions, which
    the event's end date chooses among (:meth:`UscfRules.fide_conversion_on`)."""
    source = rules.priority(system)[initial.priority - 1]
    return bool(rules.fide_conversion_updates) and _CONVERTED.get(source.kind) is _from_fide


def _initial(
    rules: UscfRules,
    system: RatingSystem,
    *,
    fide: float | None,
    cfc: float | None,
    others: Mapping[RatingSystem, tuple[float, int | None]],
    birth_date: dt.date | None,
    end_date: dt.date | None,
    adult: bool,
    converted_on: dt.date | None = None,
    words: bool = True,
) -> InitialRating:
    """The initial rating; ``end_date`` is the date ages are taken at, ``converted_on`` the event's
    end date that chooses the FIDE conversion (``None``: the document's). Without ``words`` the
    detail is left empty: an event rated without explanations never reads it, and formatting
    it is about a quarter of this function's time (measured: 1.6 µs with it, 1.1 to 1.2 without)."""
    held = {"fide": fide, "cfc": cfc}  # the other federations' ratings, by source kind
    for position, source in enumerate(rules.priority(system), start=1):
        if source.kind in _CONVERTED:
            foreign = held[source.kind]
            if foreign is not None:
                return _CONVERTED[source.kind](rules, source, foreign, position, converted_on, words)
        if source.kind == "system" and others:
            found = _system_source(rules, source, others)
            if found is not None:
                assert source.system is not None
                return _record(found[0], found[1], source.system.value, position,
                                     found[2] if words else "")
        if source.kind == "age" and (birth_date is not None or adult):
            if birth_date is None:
                rating, how = _age_rating(rules, None)
            else:
                if end_date is None:
                    raise ArgumentError("An age-based initial rating needs the event's end date (end_date)")
                rating, how = _age_rating(rules, _age(birth_date, end_date), words)
            return _record(rating, 0, "age", position,
                                 f"age-based rating {rating:g} ({how}), N = 0" if words else "")
        if source.kind == "default":
            rating = rules.default_rating
            return _record(rating, 0, "default", position,
                                 f"default rating {rating:g}, N = 0" if words else "")
    raise AssertionError("every order of priority ends with the default rating")


def initial_rating(
    rating_system: RatingSystem | str = "Regular",
    *,
    fide: float | None = None,
    cfc: float | None = None,
    other_ratings: OtherRatings | None = None,
    birth_date: dt.date | None = None,
    end_date: dt.date | None = None,
    adult: bool = False,
    rules: RulesLike = "2020",
) -> InitialRating:
    """An unrated player's initial rating in ``rating_system`` (US Chess 2020, 2).

    Walks the system's order of priority (2020 sections 2.1-2.6; 2009/2011: step 1,
    Regular and Quick only) and returns the rating, the N it is based on and the source
    used. ``other_ratings`` maps the player's US Chess ratings in other systems to
    ``(rating, games)``; an entry for ``rating_system`` itself is ignored (the player
    is unrated there). ``end_date`` is needed with a ``birth_date``; it defaults to today.
    It also chooses the FIDE conversion (:func:`fide_to_uscf`); without it, the document's.
    """
    edition = get_rules(rules)
    system = parse_system(edition, rating_system)
    others = other_ratings_arg(other_ratings)
    others.pop(system, None)
    birth = _check.date("birth_date", birth_date)
    end = _check.date("end_date", end_date, default=dt.date.today())
    return _initial(
        edition, system,
        fide=None if fide is None else _check.rating("fide", fide),
        cfc=None if cfc is None else _check.rating("cfc", cfc),
        others=others, birth_date=birth, end_date=end, adult=_check.flag("adult", adult),
        converted_on=_check.date("end_date", end_date),
    )
