"""A crosstable from a PGN file of an event's games: only the tag pairs are read.

PGN (Portable Game Notation, "Standard: Portable Game Notation Specification and
Implementation Guide", 1994) gives each game a section of tag pairs, one
``[Name "value"]`` per line, then its movetext. This reader takes from each game the
tags ``Round``, ``White``, ``Black``, ``Result``, ``WhiteElo``/``BlackElo``,
``WhiteFideId``/``BlackFideId``, ``Date``/``EventDate``, ``Event`` and ``Termination``,
and skips the movetext: moves, comments (``{…}`` over any number of lines, ``;`` to
the end of the line), variations ``(…)``, numeric annotation glyphs and escape lines
(``%`` in the first column). A ``[`` inside a comment is not a tag. Every line is
looked at once and every pattern is linear, so a file of any shape is read in time
proportional to its size.

Each player is one row, known by name (case and spacing aside); the FIDE ID is the one
the games give (two different IDs for one name are refused).
Pairing numbers go by rating, highest first, then by name (the order of a start
list). Each game's round is the ``Round`` tag's first number (``3`` and ``3.12``
are round 3). A game becomes two cells: ``1-0`` ``W``/``L``, ``0-1`` ``L``/``W``,
``1/2-1/2`` ``D``, with the colours (``W5w``, ``L1b``); a game whose ``Termination``
says ``forfeit`` becomes ``X``/``F``. A round in which a player has no game is ``U``
(not played: PGN has no byes; a note names them so byes can be entered by hand).
Refused, naming the game's line: a game with no round, no players, or a result other
than the four PGN results (``*``, a game not finished, cannot be rated); a player
with two games in one round; a player meeting themself. Games whose ``Event`` tags name
more than one event go into the one crosstable, with a warning.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ArgumentError
from ._common import (
    Player,
    Problems,
    Round,
    build_sheet,
    check_columns,
    check_size,
    check_text,
    guess_event_type,
    meetings_of,
    noted_players,
    path_arg,
    quote,
    sections_arg,
    split_lines,
    text_args,
    whole_number,
)
from .model import Cell, ImportedEvent

#: One tag pair: a name, then a string in which ``\\"`` and ``\\\\`` are escapes. The
#: alternatives inside the string cannot match the same character, so the pattern is
#: linear; it sees one line at a time.
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]', re.ASCII)
_ESCAPE = re.compile(r"\\(.)")
_ROUND = re.compile(r"\s*([0-9]{1,9})", re.ASCII)
_DATE = re.compile(r"([0-9]{4})\.([0-9]{2})\.([0-9]{2})", re.ASCII)
#: The four results of the PGN standard, and what each is for White and Black.
RESULTS = {"1-0": ("W", "L"), "0-1": ("L", "W"), "1/2-1/2": ("D", "D")}
UNFINISHED = "*"
#: The columns of the sheet besides the rounds: No, Name, ID, Rating, Import notes.
SHEET_COLUMNS = 5


@dataclass
class Game:
    """One game's tags, and the line its tag section starts on."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    movetext_result: str = ""
    """The game termination marker that ends its movetext, if any."""


@dataclass
class _Scan:
    """The reading of a PGN text, one line at a time: the games so far and where the reader is."""

    source: str
    problems: Problems
    games: list[Game] = field(default_factory=list)
    current: Game | None = None
    in_movetext: bool = False
    """Whether the current game's movetext has begun (a tag pair then starts the next game)."""
    comment: bool = False
    """Whether a ``{`` comment is open."""
    opened: int = 0
    """The line the open comment started on."""

    def line(self, number: int, line: str) -> None:
        stripped = line.strip()
        if self.comment and _TAG.fullmatch(stripped):
            self.problems.add(f"{self.source} line {self.opened}", "the { comment opened here is not closed "
                              f"before the tag pair on line {number}: close it with }}")
            self.comment = False
        if self.comment:
            self.movetext(number, line)
        elif line.startswith("%") or not stripped:  # an escape line, a blank line
            return
        elif stripped.startswith("["):
            self.tags(number, stripped)
        else:
            self.movetext(number, line)

    def tags(self, number: int, stripped: str) -> None:
        if self.current is None or self.in_movetext:
            self.current = Game(number)
            self.games.append(self.current)
            self.in_movetext = False
        for match in _TAG.finditer(stripped):
            self.current.tags.setdefault(match[1], _ESCAPE.sub(r"\1", match[2]))

    def movetext(self, number: int, line: str) -> None:
        self.in_movetext = self.current is not None
        was_open = self.comment
        self.comment = _skip_movetext(line, self.comment, self.current)
        if self.comment and not was_open:
            self.opened = number


def read_games(text: str, problems: Problems | None = None, source: str = "") -> list[Game]:
    """Every game's tag pairs, in file order. Movetext is skipped (see the module docstring).

    A ``{`` comment left open would swallow every later game: a line inside a comment that
    is a whole tag pair (``[White "…"]``) ends it, and that, like a comment still open at
    the end of the file, is a problem in ``problems`` naming the line the comment opened on.
    """
    scan = _Scan(source, problems if problems is not None else Problems())
    for number, line in enumerate(split_lines(text.lstrip("\ufeff")), start=1):
        scan.line(number, line)
    if scan.comment:
        scan.problems.add(f"{source} line {scan.opened}", "the { comment opened here is never closed: it "
                                                          "runs to the end of the file, over any later "
                                                          "games; close it with }")
    return scan.games


def _skip_movetext(line: str, comment: bool, game: Game | None) -> bool:
    """Walk one movetext line: note a termination marker, skip comments and the rest.
    Returns whether a ``{`` comment is still open at the end of the line."""
    i, n = 0, len(line)
    while i < n:
        if comment:
            end = line.find("}", i)
            if end < 0:
                return True
            comment, i = False, end + 1
            continue
        char = line[i]
        if char == "{":
            comment, i = True, i + 1
        elif char == ";":
            return False
        elif char in " \t":
            i += 1
        else:
            end = i
            while end < n and line[end] not in " \t{;()":
                end += 1
            token = line[i:end] if end > i else char
            if game is not None and token in (*RESULTS, UNFINISHED):
                game.movetext_result = token
            i = max(end, i + 1)
    return comment


@dataclass
class _Entrant:
    key: str
    name: str
    where: str
    fide_id: str = ""
    rating: int | None = None
    ratings: set[int] = field(default_factory=set)
    games: dict[int, tuple[str, str, str, str]] = field(default_factory=dict)
    """Per round: the code, the colour, where the game is and the opponent's key."""


@dataclass
class _Found:
    """What the games give, read one game at a time."""

    entrants: dict[str, _Entrant] = field(default_factory=dict)
    """The players by :func:`_key`, in the order the games name them."""
    rounds: set[int] = field(default_factory=set)
    dates: list[datetime.date] = field(default_factory=list)


def _key(name: str) -> str:
    """Games name one player alike whatever the case and spacing of the name."""
    return " ".join(name.split()).casefold()


def _date(text: str) -> datetime.date | None:
    match = _DATE.fullmatch(text.strip())
    if not match:
        return None
    try:
        return datetime.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def _round_number(tags: dict[str, str], where: str, problems: Problems) -> int:
    """The ``Round`` tag's first number (0, with a problem, when it has none)."""
    match = _ROUND.match(tags.get("Round", ""))
    number = int(match[1]) if match else 0
    if number < 1:
        problems.add(where, f"the game has no round number (Round {quote(tags.get('Round', ''))})")
    return number


def _result(game: Game, where: str, problems: Problems) -> str:
    """The ``Result`` tag (else the movetext's termination marker), with a problem unless it
    is one of :data:`RESULTS` and the movetext agrees."""
    result = game.tags.get("Result", "").strip() or game.movetext_result
    if result == UNFINISHED:
        problems.add(where, "the game's result is * (not finished): a crosstable needs 1-0, 0-1 or 1/2-1/2")
    elif result not in RESULTS:
        problems.add(where, f"the result {quote(result)} is not 1-0, 0-1 or 1/2-1/2")
    elif game.movetext_result not in ("", result):
        problems.add(where, f"the Result tag says {result} but the moves end in {game.movetext_result}")
    return result


def _fide_id(text: str, tag: str, where: str, problems: Problems) -> str:
    """A ``WhiteFideId``/``BlackFideId`` tag: digits, ``""`` when blank, zeros or not a number."""
    fide_id = text.strip()
    if fide_id and whole_number(fide_id) is None:
        problems.add(where, f"{tag} {quote(fide_id)} is not a number")
        return ""
    return "" if fide_id.strip("0") == "" else fide_id


def _elo(text: str, tag: str, where: str, problems: Problems) -> int | None:
    """A ``WhiteElo``/``BlackElo`` tag: ``None`` when blank, ``-`` or ``?`` (or not a rating, a problem)."""
    text = text.strip()
    if text in ("", "-", "?"):
        return None
    elo = whole_number(text)
    if elo is None or elo > 4000:
        problems.add(where, f"{tag} {quote(text)} is not a rating")
        return None
    return elo


def _side(tags: dict[str, str], colour: str, where: str, found: _Found, problems: Problems
          ) -> _Entrant | None:
    """The player of one colour, entered (or found) by name with the FIDE ID and rating the
    tags give; ``None``, with a problem, when the game names none."""
    name = check_text(tags.get(colour, ""), where, f"the {colour} player", problems)
    fide_id = _fide_id(tags.get(f"{colour}FideId", ""), f"{colour}FideId", where, problems)
    if not name or name == "?":
        problems.add(where, f"the game has no {colour} player")
        return None
    key = _key(name)
    entrant = found.entrants.setdefault(key, _Entrant(key, name, where, fide_id))
    if fide_id and entrant.fide_id and fide_id != entrant.fide_id:
        problems.add(where, f"{name} has FIDE ID {fide_id} here but {entrant.fide_id} at "
                            f"{entrant.where}: the games must tell players apart by name")
    entrant.fide_id = entrant.fide_id or fide_id
    elo = _elo(tags.get(f"{colour}Elo", ""), f"{colour}Elo", where, problems)
    if elo:
        entrant.ratings.add(elo)
        entrant.rating = entrant.rating or elo
    return entrant


#: What a game's code becomes when its ``Termination`` says forfeit.
_FORFEITED = {"W": "X", "L": "F"}


def _enter(entrant: _Entrant, other: _Entrant, number: int, colour: str, code: str, forfeit: bool,
           where: str, problems: Problems) -> None:
    """The game as one player's round ``number``: a problem for a forfeit drawn or a second game."""
    if forfeit:
        code = _FORFEITED.get(code, code)
        if code == "D":
            problems.add(where, "a forfeit cannot be a draw (Termination says forfeit, the result is "
                                "1/2-1/2)")
    if number in entrant.games:
        problems.add(where, f"{entrant.name} has a second game in round {number} (the first at "
                            f"{entrant.games[number][2]})")
        return
    entrant.games[number] = (code, colour, where, other.key)


def _read_game(game: Game, where: str, found: _Found, problems: Problems) -> None:
    """One game into ``found``: its round, result and players, each with its problems."""
    tags = game.tags
    number = _round_number(tags, where, problems)
    result = _result(game, where, problems)
    white, black = [_side(tags, colour, where, found, problems) for colour in ("White", "Black")]
    if white is None or black is None or number < 1 or result not in RESULTS:
        return
    if white is black:
        problems.add(where, f"{white.name} plays themself")
        return
    found.rounds.add(number)
    forfeit = "forfeit" in tags.get("Termination", "").casefold()
    _enter(white, black, number, "w", RESULTS[result][0], forfeit, where, problems)
    _enter(black, white, number, "b", RESULTS[result][1], forfeit, where, problems)
    found.dates += [d for tag in ("Date", "EventDate") if (d := _date(tags.get(tag, ""))) is not None]


def _player(entrant: _Entrant, numbers: dict[str, int], rounds: int) -> Player:
    """The entrant's row: a ``U`` for each round with no game, and the notes."""
    player = Player(numbers[entrant.key], entrant.name, entrant.where, [],
                    {"ID": entrant.fide_id or None, "Rating": entrant.rating})
    for r in range(1, rounds + 1):
        if r not in entrant.games:
            player.rounds.append(Round("U"))
            continue
        code, colour, _, opponent = entrant.games[r]
        player.rounds.append(Round(code, numbers[opponent], colour))
    if len(entrant.ratings) > 1:
        player.notes.append("the games give ratings " + ", ".join(map(str, sorted(entrant.ratings)))
                            + f": {entrant.rating} (the first) is entered")
    gaps = [str(r) for r in range(1, rounds + 1) if r not in entrant.games]
    if gaps:
        player.notes.append(f"no game in round {', '.join(gaps)}: entered as U (not played); enter a bye "
                            "(B or H) by hand if it was one")
    return player


def _other_events(games: Sequence[Game], source: str) -> list[str]:
    """A warning when the games' ``Event`` tags name more than one event (the first game that
    names another, with the count of the rest): all of them go into one crosstable."""
    named = [(game, " ".join(game.tags.get("Event", "").split())) for game in games]
    named = [(game, name) for game, name in named if name not in ("", "?")]
    if not named:
        return []
    first, event = named[0]
    others = [(game, name) for game, name in named if name.casefold() != event.casefold()]
    if not others:
        return []
    game, name = others[0]
    more = f" (and {len(others) - 1} more game{'s' * (len(others) > 2)})" if len(others) > 1 else ""
    return [f"{source} line {game.line}: the game's Event is {name!r}, not {event!r} as at line {first.line}"
            f"{more}: every game is imported into one crosstable; check that the file holds one event"]


def _bad_dates(games: Sequence[Game], source: str) -> list[str]:
    """A warning when a game's ``Date`` or ``EventDate`` is given but is not a date (``2024.13.45``,
    ``24/05/2024``, ``2024.05.??``): the first such tag, with the count of the rest. Its date is
    left out of the Event sheet's Start and End dates, which the others decide (an unknown date,
    ``????.??.??`` or ``?``, is PGN's way of saying none and says nothing)."""
    bad = [(game, tag, value) for game in games for tag in ("Date", "EventDate")
           if (value := game.tags.get(tag, "").strip()).strip("?.") and _date(value) is None]
    if not bad:
        return []
    game, tag, value = bad[0]
    more = f" (and {len(bad) - 1} more tag{'s' * (len(bad) > 2)})" if len(bad) > 1 else ""
    return [f"{source} line {game.line}: {tag} {value!r} is not a date (YYYY.MM.DD){more}: left out of the "
            "Event sheet's Start and End dates; check them"]


def parse_pgn(text: str, source: str, *, notes: Sequence[str] = (), warnings: Sequence[str] = ()
              ) -> ImportedEvent:
    """Read the games of a PGN file's text into a crosstable (see the module docstring).

    ``source`` names the file in problems (``games.pgn line 12``). Raises
    :class:`~xlrating.errors.FormatError` with every problem found.
    """
    notes, warnings = text_args(text, source, notes, warnings)
    problems = Problems()
    title = f"Cannot import {source} as a PGN file"
    games = read_games(text, problems, source)
    if not games:
        problems.add(source, "no games: a PGN file's games start with tag pairs such as [White \"…\"]")
        problems.raise_if_any(title)
    found = _Found()
    for game in games:
        _read_game(game, f"{source} line {game.line}", found, problems)
    rounds = max(found.rounds, default=0)
    check_columns(source, SHEET_COLUMNS + rounds, rounds)
    check_size(source, len(found.entrants), rounds, sum(len(e.games) for e in found.entrants.values()))
    problems.raise_if_any(title)
    order = sorted(found.entrants.values(), key=lambda e: (-(e.rating or 0), e.name.casefold(), e.key))
    numbers = {e.key: n for n, e in enumerate(order, start=1)}
    players = [_player(entrant, numbers, rounds) for entrant in order]
    sheet = build_sheet("Crosstable", players, rounds=rounds, before=["ID", "Rating"])
    first = games[0]
    event_name = check_text(first.tags.get("Event", ""), f"{source} line {first.line}", "the event name",
                            problems)
    problems.raise_if_any(title)
    dates = found.dates
    event: tuple[tuple[str, Cell], ...] = (
        ("System", "FIDE"),
        ("Rules", "FIDE 2024"),
        ("Event type", guess_event_type(numbers.values(), meetings_of(players))),
        ("Event name", event_name if event_name not in ("", "?") else None),
        ("Start date", min(dates) if dates else None),
        ("End date", max(dates) if dates else None),
    )
    no_dates = () if dates else (
        "The games have no dates: fill in the Event sheet's End date (blank means today)",)
    return ImportedEvent(source=source, format="pgn", event=event, sheets=(sheet,),
                         notes=(*notes, f"{len(games)} games read; pairing numbers go by rating, "
                                        "highest first"),
                         warnings=(*warnings, *_other_events(games, source), *_bad_dates(games, source),
                                   *noted_players((sheet,)), *no_dates))


def read_pgn(path: str | Path, *, sections: Sequence[str] | None = None) -> ImportedEvent:
    """Read the PGN file ``path`` (see :func:`parse_pgn`). A PGN file is one section."""
    from ._files import read_text

    if given := sections_arg(sections):
        raise ArgumentError("Argument 'sections' does not apply to a PGN file: it holds one section, "
                            f"not {list(given)!r}")
    path = path_arg("path", path)
    warnings: list[str] = []
    text = read_text(path, warnings)
    return parse_pgn(text, path.name, warnings=warnings)
