"""Column headers: folding, aliases, round columns, and the output columns.

A header matches when it folds to the same key: case ignored, spaces, ``_``, ``-`` and
``.`` removed (``Birth_date``, ``birth-date``, ``BIRTH DATE`` and ``Birth date`` are one
column). Headers nobody knows are kept on the sheet and ignored.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .. import systems
from ..names import HeaderSlips

#: The US Chess rating systems, in the registry's order (:data:`xlrating.systems.USCF`).
USCF_SYSTEMS: tuple[str, ...] = tuple(r.name for r in systems.USCF.rating_systems)

#: Input columns: canonical header -> other headers accepted for it.
PERIOD_GAMES = "Gms"
"""FIDE's list header for the games rated in the list's last period, which is not the games
behind the rating (``Games``): a crosstable copied from the list does not read it, and says so."""


INPUT_ALIASES: dict[str, tuple[str, ...]] = {
    "No": ("Pair", "#", "Pair no", "Pair number", "Pairing number", "Number", "Nr"),
    "Name": ("Player name",),
    "ID": ("Member id", "USCF id", "US Chess id", "FIDE id", "ICU id", "Id number"),
    "Rating": ("Rtg", "Pre rating", "Pre-event rating", "Pre"),
    "Games": ("Pre games", "Rated games before", "N"),
    "History": (),
    "FIDE": ("FIDE rating",),
    "CFC": ("CFC rating",),
    **{system: (f"{system} rating",) for system in USCF_SYSTEMS},
    **{f"{system} games": () for system in USCF_SYSTEMS},
    "Birth date": ("Born", "Birthdate", "Date of birth", "DOB", "Birthday", "B-day", "Birth year",
                   "Year of birth"),
    "Adult": (),
    "Floor": (),
    "Peak": ("Peak rating",),
    "Wins": (),
    "Draws": (),
    "Events": (),
    "K": ("K factor",),
    "Joined": ("Member since",),
    "Total": ("Pts", "Total points", "Points"),
    "Official post rating": ("Official post", "Official rating"),
    "Official post Quick rating": (
        "Official Quick post rating", "Official post Quick", "Official Quick rating",
    ),
}

#: Player columns an export reads besides the rating's, by canonical name and aliases
#: (:mod:`xlrating.exporters`; the rating does not read them).
EXTRA_COLUMNS: dict[str, tuple[str, ...]] = {
    "Sex": ("Gender",),
    "Title": (),
    "Federation": ("Fed", "Country"),
    "State": (),
    "Rank": ("Place",),
    "National rating": (),
    "National ID": (),
    "TRF": (),
}

#: Columns the importers write that nothing reads back (``Import notes``, an MSA crosstable's
#: ``Norm`` and the official post-event games of each rating system).
IMPORT_COLUMNS: tuple[str, ...] = ("Import notes", "Norm", "Official post games",
                                   *(f"Official post {system} games" for system in USCF_SYSTEMS))

#: Output columns in the order they are added .
OUTPUTS: tuple[str, ...] = (
    "Score", "Rated games", "Initial rating", "Initial games", "Effective games", "Step 3", "Step 4",
    "Post rating", "Post games", "Change", "K", "Bonus", "Method", "Floor", "Notes",
)
#: Output columns the second system of a dual-rated event repeats (Score and Rated games
#: are the same in both), each as ``Quick <name>``.
SECOND_SYSTEM_OUTPUTS: tuple[str, ...] = OUTPUTS[2:]
OFFICIAL_DIFFERENCE = "Official difference"
QUICK_OFFICIAL_DIFFERENCE = "Quick official difference"
#: The output columns a printed wall chart shows; the others (the working behind each
#: rating) are grouped and collapsed when they are added, one click away in Excel.
WALL_CHART_OUTPUTS: tuple[str, ...] = ("Score", "Post rating", "Change")


def on_wall_chart(header: object) -> bool:
    """Whether the output column ``header`` is one a printed wall chart shows (the second
    system's post rating and change of a dual-rated event too)."""
    name = fold(header)
    return any(name in (fold(kept), fold(second_system(kept))) for kept in WALL_CHART_OUTPUTS)

#: Headers that are both an input (an explicit K or floor) and an output (the K used, the
#: floor in force); see :func:`classify`.
SHARED = ("K", "Floor")
#: The header an output K or Floor takes when the sheet also has that input column (an
#: Excel table cannot have two columns of one name): ``K used``, ``Floor in force``.
SHARED_OUTPUT_NAMES: dict[str, str] = {"K": "K used", "Floor": "Floor in force"}

_ROUND = re.compile(r"(?:r|rd|rnd|round)(?P<number>\d+)")


#: The key a header is matched by: lower case, no spaces, ``_``, ``-`` or ``.``; full-width and
#: other compatibility characters as their plain forms (``Ｒａｔｉｎｇ`` is ``Rating``). Headers,
#: settings and the names of systems, editions and rating systems all fold the same way.
fold = systems.fold


def second_system(name: str, system: str = "Quick") -> str:
    """The header of an output column of a dual-rated event's second system: ``Quick post rating``."""
    return f"{system} {name[0].lower()}{name[1:]}" if name != "K" else f"{system} K"


def output_headers(
    *, dual: str | None = None, official: bool = False, official_dual: bool = False
) -> tuple[str, ...]:
    """Every output column for an event, in order."""
    headers = list(OUTPUTS)
    if official:
        headers.append(OFFICIAL_DIFFERENCE)
    if dual:
        headers.extend(second_system(name, dual) for name in SECOND_SYSTEM_OUTPUTS)
        if official_dual:
            headers.append(QUICK_OFFICIAL_DIFFERENCE)
    return tuple(headers)


_INPUT_KEYS: dict[str, str] = {}
for _canonical, _aliases in INPUT_ALIASES.items():
    for _alias in (_canonical, *_aliases):
        _INPUT_KEYS[fold(_alias)] = _canonical
_OUTPUT_KEYS: dict[str, str] = {
    fold(h): h for h in output_headers(dual="Quick", official=True, official_dual=True)
}


def round_number(header: Any) -> int | None:
    """The round a header names (``R1``, ``Rd 1``, ``Rnd1``, ``Round 1`` -> 1), else None."""
    match = _ROUND.fullmatch(fold(header))
    return int(match["number"]) if match else None


def input_column(header: Any) -> str | None:
    """The canonical input column a header names, if any (rounds excluded)."""
    return _INPUT_KEYS.get(fold(header))


def output_column(header: Any) -> str | None:
    """The output column a header names, if any."""
    return _OUTPUT_KEYS.get(fold(header))


_SHARED_OUTPUT_KEYS: dict[str, str] = {fold(v): k for k, v in SHARED_OUTPUT_NAMES.items()}


def shared_output_column(header: Any) -> str | None:
    """``K`` or ``Floor`` when ``header`` is their output-only name (``K used``, ``Floor in force``)."""
    return _SHARED_OUTPUT_KEYS.get(fold(header))


def columns_named(header: Iterable[Any], names: Mapping[str, str]) -> dict[str, int]:
    """The 1-based column of each name a cell of ``header`` gives (``names``: folded header ->
    name, :func:`fold`); the first column of a name counts, the others and unknown headers are
    left out."""
    columns: dict[str, int] = {}
    for column, cell in enumerate(header, start=1):
        name = names.get(fold(cell))
        if name is not None:
            columns.setdefault(name, column)
    return columns


#: Every header a crosstable column is read by (inputs of every system, export columns), folded ->
#: the column; and every other header known (outputs, what the importers write, ``Gms``).
_READ_HEADERS: dict[str, str] = {
    **{alias: name for name, aliases in INPUT_ALIASES.items() for alias in (name, *aliases)},
    **{alias: name for name, aliases in EXTRA_COLUMNS.items() for alias in (name, *aliases)},
}
_OTHER_HEADERS: tuple[str, ...] = (
    *IMPORT_COLUMNS, PERIOD_GAMES, *SHARED_OUTPUT_NAMES.values(),
    *(h for system in USCF_SYSTEMS
      for h in output_headers(dual=system, official=True, official_dual=True)),
)


def misspelt_column(header: Any) -> str | None:
    """The column ``header`` looks like a slip for (:func:`~xlrating.names.header_slip`: ``Ratng``,
    ``Peek``, ``Birth dat``, ``Federaton``), else None: never for a header known anywhere, nor a
    round's."""
    if not isinstance(header, str) or round_number(header) is not None:
        return None
    return _slips()(header)


@functools.cache
def _slips() -> HeaderSlips:
    return HeaderSlips(_READ_HEADERS, _OTHER_HEADERS)
