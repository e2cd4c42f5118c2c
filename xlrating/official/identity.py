"""Who is who: the checks on IDs and names that keep two players from becoming one.

A player is known by his ID: a crosstable's rows, a season's Players sheet and events, the
files a season is imported from and an official list all name him by it. A mistyped ID or a
name typed under someone else's ID is not an error xlrating can refuse (two players may share
a name; a list may spell a name its own way), but rated without a word it merges two players
or splits one. So each is a warning naming both places, and the event is rated as given:

- :func:`identity_warnings`: one ID under two names, and one name under two IDs (a newcomer
  whose name is a listed player's under another ID), wherever the two were seen;
- :func:`same_games_warnings`: one event entered twice (two sheets with the same games);
- :func:`unrated_note`: the note on the row of a player with an ID and a blank rating, rated as
  unrated.

The crosstable workbook, the season and the fill from an official list all use these.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from ..errors import Problem

_WORD = re.compile(r"[^\W_]+")


def name_key(name: str) -> tuple[str, ...]:
    """What two spellings of one name share: its words without accents, case or punctuation, in
    order (``"Adler, Ada"``, ``"ADA ADLER"`` and ``"Ádler Ada"`` have one key; ``O'Brien`` is
    ``obrien``)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    return tuple(sorted(_WORD.findall(plain.replace("'", ""))))


@dataclass(frozen=True)
class Sighting:
    """One place a player was named: his ID and name, and the cells they are in."""

    id: str
    name: str
    where: str
    """The address of the ID cell (``Players!A7``) or the file and line."""
    name_where: str = ""
    """The address of the name cell (``where`` when not given)."""

    @property
    def name_cell(self) -> str:
        return self.name_where or self.where


def identity_warnings(sightings: Iterable[Sighting], *, by_row: bool = False) -> list[Problem]:
    """A warning for each ID seen under a second name, and each name seen under a second ID.

    Sightings are taken in order: the first of an ID (or a name) is the one the later ones are
    compared with, and each pair of names (or IDs) is warned about once, at the later place.
    Sightings without a name are compared by ID only. Nothing is merged or split here: the
    warning says how the event is rated: by ID, as given (a season, a list), or, ``by_row``,
    each row as a player of its own (a crosstable, rated by its rows' numbers).
    """
    one_id = ("the rows are rated as two players, each from his own row" if by_row else
              "both rows are rated as one player (by the ID)")
    by_id: dict[str, Sighting] = {}
    by_name: dict[tuple[str, ...], Sighting] = {}
    warned: set[tuple[Hashable, ...]] = set()
    found: list[Problem] = []
    for seen in sightings:
        key = name_key(seen.name) if seen.name else ()
        first = by_id.setdefault(seen.id, seen)
        if first is not seen and key and first.name and name_key(first.name) != key:
            pair = ("id", seen.id, *sorted((key, name_key(first.name))))
            if pair not in warned:
                warned.add(pair)
                found.append(Problem(seen.name_cell, f"ID {seen.id} is {seen.name!r} here but {first.name!r} "
                                     f"at {first.name_cell}: {one_id}; "
                                     "check the ID and the name"))
        if not key:
            continue
        other = by_name.setdefault(key, seen)
        if other is not seen and other.id != seen.id:
            pair = ("name", key, *sorted((seen.id, other.id)))
            if pair not in warned:
                warned.add(pair)
                found.append(Problem(seen.where, f"{seen.name!r} has ID {seen.id} here but {other.id} at "
                                     f"{other.where} ({other.name!r}): rated as two players; check the ID"))
    return found


def same_games_warnings(events: Sequence[tuple[str, frozenset[Hashable]]]) -> list[Problem]:
    """A warning for each event whose games are all another's (``(place, games)`` pairs, each game
    in a form that does not depend on the sheet: players by ID or name, the lower first)."""
    seen: dict[frozenset[Hashable], str] = {}
    found: list[Problem] = []
    for where, games in events:
        if not games:
            continue
        first = seen.setdefault(games, where)
        if first != where:
            found.append(Problem(where, f"the same {len(games)} games as {first}: is one event entered "
                                 "twice? Both were rated"))
    return found


def game_key(round_: int, first: str, second: str, score: float) -> tuple[int, str, str, float]:
    """A game as :func:`same_games_warnings` compares it: the players in order, the score the first's."""
    return (round_, first, second, score) if first <= second else (round_, second, first, 1.0 - score)


def unrated_note(member_id: str, where: str = "", *, listed: bool = False) -> str:
    """The note on the row of a player with an ID whose rating is blank (``listed``: blank on the
    season's Players list, at ``where``): rated as unrated, and what to do if he is not."""
    if listed:
        return (f"rated as unrated: ID {member_id} has no Rating on the list ({where}); if the player has a "
                "rating, type it there or fill it from the official list (xlrating fill)")
    return (f"rated as unrated: ID {member_id} is given but Rating is blank; if the player has a rating, "
            "type it (or 'unr' if he has none) or fill it from the official list (xlrating fill)")
