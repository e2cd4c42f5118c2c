"""US Chess crosstable text, as copied from the member site (MSA).

The format (the crosstable text of the US Chess member site): a section is a
header of two lines (``Pair | Player Name | Total | Round | …``) and then one block per
player between dashed rules. A block's first line holds the pair number, the name,
the total and per round a result letter and the opponent's pair number; its second
line the state, the member id, the ratings (``R: 1480P12->1502P14``: pre-rating, ``P``
and the games behind a provisional rating, then the official post-rating), the norm
and per round the colour. A dual-rated section adds a ``Q:`` rating, on the second
line or on a line of its own below it.

Each section becomes a crosstable sheet: the pre-ratings of the section's rating
system go into ``Rating``/``Games``, those of another system into its own columns
(``Quick``/``Quick games`` in a dual-rated section), the official post-ratings into
``Official post rating`` (``Official post Quick rating``…) so they can be compared
with ours, colours into the round cells (``W3w``), the total into ``Total``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ._common import (
    BYE_CODES,
    FORFEIT_CODES,
    GAME_CODES,
    UNREADABLE,
    Player,
    Problems,
    Round,
    Section,
    build_sheet,
    check_numbers,
    check_pairings,
    check_text,
    decimal_number,
    guess_event_type,
    meetings_of,
    merge_settings,
    noted_players,
    path_arg,
    quote,
    sections_arg,
    select_sections,
    sheet_name,
    split_lines,
    text_args,
    whole_number,
)
from .model import Cell, ImportedEvent

#: The rating prefixes of the MSA text and the rating systems they stand for.
SYSTEMS: dict[str, str] = {"R": "Regular", "Q": "Quick", "B": "Blitz"}

_RULE = re.compile(r"\s*-{10,}\s*")
_HEADER = re.compile(r"\s*Pair\s*\|\s*Player\s+Name", re.IGNORECASE)
_HEADER_2 = re.compile(r"\s*Num\s*\|", re.IGNORECASE)
#: Every pattern that sees the file's text is linear: no two unbounded repeats can match
#: the same characters (cells are stripped before they are matched).
_RESULT = re.compile(r"([A-Za-z])\s*([0-9]{0,9})", re.ASCII)
_RATING = re.compile(
    r"\s*(?P<system>[A-Za-z]{1,3})\s*:\s*(?P<pre>Unrated|[0-9]{1,4}(?:P[0-9]{1,4})?)"
    r"\s*->\s*(?P<post>[0-9]{1,4}(?:P[0-9]{1,4})?)\s*",
    re.ASCII | re.IGNORECASE,
)
_MEMBER_ID = re.compile(r"[0-9A-Za-z]*", re.ASCII)
_LETTER = re.compile(r"[A-Za-z]", re.ASCII)

#: The warning of every import of crosstable text, which gives no dates (a season import says its own).
NO_DATES = ("The crosstable text has no dates: fill in the Event sheet's End date (the bonus multiplier "
            "depends on it; blank means today)")


def _is_player_line(line: str) -> bool:
    """A player's first line, or what is left of one: the pair number, ``|``, then a name
    cell with a letter (``    1 | GRACE HOPPER |``)."""
    cells = line.split("|", 2)
    return (len(cells) >= 2 and whole_number(cells[0]) is not None
            and _LETTER.search(cells[1]) is not None)


@dataclass(frozen=True)
class _Rating:
    pre: int | None
    pre_games: int | None
    post: int
    post_games: int | None


def _rating_value(text: str) -> tuple[int | None, int | None]:
    """``1480P12`` -> (1480, 12); ``1712`` -> (1712, None); ``Unrated`` -> (None, None)."""
    if text.casefold() == "unrated":
        return None, None
    rating, _, games = text.upper().partition("P")
    return int(rating), (int(games) if games else None)


def _read_ratings(text: str, where: str, problems: Problems) -> dict[str, _Rating] | None:
    """The ratings in ``R: 1480P12->1502P14  Q: Unrated->1200P4``, by system letter."""
    ratings: dict[str, _Rating] = {}
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        match = _RATING.match(text, pos)
        if not match:
            problems.add(where, f"cannot read the ratings {quote(text)}: expected e.g. "
                                "'R: 1712 ->1738', 'R: 1480P12->1502P14' or 'R: Unrated->1200P4'")
            return None
        system = match["system"].upper()
        if system not in SYSTEMS:
            problems.add(where, f"unknown rating prefix {match['system']}: (known: "
                                + ", ".join(f"{k}: {v}" for k, v in SYSTEMS.items()) + ")")
            return None
        if system in ratings:
            problems.add(where, f"the player has two {system}: ratings")
            return None
        pre, pre_games = _rating_value(match["pre"])
        post, post_games = _rating_value(match["post"])
        assert post is not None
        ratings[system] = _Rating(pre, pre_games, post, post_games)
        pos = match.end()
    return ratings


def _read_result(text: str, where: str, rnd: int, problems: Problems) -> Round:
    """A round cell of the first line: ``W   3``, ``H``, ``X   5``, ``U``."""
    if not text.strip():
        return Round("U")
    match = _RESULT.fullmatch(text.strip())
    if not match:
        problems.add(where, f"round {rnd}: cannot read the result {quote(text)} "
                            "(expected a letter W L D H B X F U and the opponent's number)")
        return UNREADABLE
    letter, digits = match[1].upper(), match[2]
    opponent = int(digits) if digits and int(digits) != 0 else None
    if letter in GAME_CODES:
        if opponent is None:
            problems.add(where, f"round {rnd}: {quote(text)} is a game with no opponent number")
            return UNREADABLE
        return Round(letter, opponent)
    if letter in FORFEIT_CODES:
        return Round(letter, opponent)
    if letter in BYE_CODES:
        if opponent is not None:
            problems.add(where, f"round {rnd}: {quote(text)}: a bye has no opponent")
        return Round(letter)
    problems.add(where, f"round {rnd}: unknown result code {letter!r} in {quote(text)} "
                        "(known: W L D for games, H B X F U for byes and forfeits)")
    return UNREADABLE


def _cells(line: str, count: int, where: str, what: str, problems: Problems) -> list[str] | None:
    """The first ``count`` ``|``-separated cells of ``line``, each closed by a ``|``, and
    nothing but blanks after them."""
    parts = line.split("|")
    if len(parts) <= count:
        problems.add(where, f"the {what} line has {max(len(parts) - 4, 0)} complete round cells, the "
                            f"header {count - 3} (is the line cut short?): {quote(line)}")
        return None
    if any(p.strip() for p in parts[count:]):
        problems.add(where, f"the {what} line has more cells than the header has rounds: {quote(line)}")
        return None
    return parts[:count]


def _first_line(cells: list[str], where: str, problems: Problems
                ) -> tuple[int | None, str, float | None, list[Round]]:
    """A block's first line: the pair number, the name, the total and the round results."""
    number = whole_number(cells[0])
    if number is None or number < 1:
        problems.add(where, f"the pair number {quote(cells[0])} is not a whole number >= 1")
    name = check_text(cells[1], where, "the name", problems)
    if not name:
        problems.add(where, "the player has no name")
    total: float | None = None
    if cells[2].strip():
        total = decimal_number(cells[2])
        if total is None:
            problems.add(where, f"the total {quote(cells[2])} is not a number")
    results = [_read_result(c, where, r, problems) for r, c in enumerate(cells[3:], start=1)]
    return number, name, total, results


def _second_line(cells: list[str], where: str, problems: Problems
                 ) -> tuple[str, str, dict[str, _Rating] | None, str, list[str]]:
    """A block's second line: the state, the member ID, the ratings, the norm and the colours."""
    state = check_text(cells[0], where, "the state", problems)
    member, slash, rating_text = cells[1].partition("/")
    member = member.strip()
    ratings: dict[str, _Rating] | None = None
    if not slash or not _MEMBER_ID.fullmatch(member):
        problems.add(where, f"expected 'member ID / R: pre->post', found {quote(cells[1])}")
    else:
        ratings = _read_ratings(rating_text, where, problems)
    norm = check_text(cells[2], where, "the norm", problems)
    colours = []
    for r, c in enumerate(cells[3:], start=1):
        colour = c.strip().lower()
        if colour not in ("", "w", "b"):
            problems.add(where, f"round {r}: the colour {quote(c)} is neither W nor B")
            colour = ""
        colours.append(colour)
    return state, member, ratings, norm, colours


def _further_ratings(lines: list[tuple[int, str]], ratings: dict[str, _Rating] | None, source: str,
                     problems: Problems) -> None:
    """A block's further rating lines (``   | Q: 1500 ->1510 |``), added to ``ratings``."""
    for line_no, line in lines:
        where = f"{source} line {line_no}"
        extra = line.split("|")
        if len(extra) < 2 or extra[0].strip() or any(p.strip() for p in extra[2:]):
            problems.add(where, f"expected a further rating line ('   | Q: 1500 ->1510 |'), "
                                f"found {quote(line)}")
            continue
        more = _read_ratings(extra[1], where, problems)
        if more and ratings is not None:
            for system, value in more.items():
                if system in ratings:
                    problems.add(where, f"the player has two {system}: ratings")
                ratings[system] = value


def _read_block(
    block: list[tuple[int, str]], rounds: int, source: str, problems: Problems
) -> tuple[Player, dict[str, _Rating] | None] | None:
    """One player's block: the pair line, the ID/rating line, any further rating lines.

    The player comes back even when a cell has a problem (the problem is kept), so that
    the pairing checks do not also report the player's opponents; ``None`` only when
    there is no pair number. The ratings are ``None`` when they could not be read.
    """
    first_no, first = block[0]
    where = f"{source} line {first_no}"
    width = 3 + rounds
    if not re.match(r"\s*[0-9]", first):
        problems.add(where, f"expected a player's first line (pair number | name | total | results), "
                            f"found {quote(first)}")
        return None
    cells = _cells(first, width, where, "player's first", problems)
    if len(block) < 2:
        problems.add(where, "the player's second line (state | ID / ratings | colours) is missing "
                            "(is the text cut short?)")
        return None
    second_no, second = block[1]
    where_2 = f"{source} line {second_no}"
    cells_2 = _cells(second, width, where_2, "player's second", problems)
    if cells is None or cells_2 is None:
        return None
    number, name, total, results = _first_line(cells, where, problems)
    state, member, ratings, norm, colours = _second_line(cells_2, where_2, problems)
    _further_ratings(block[2:], ratings, source, problems)
    if number is None or number < 1:
        return None
    rounds_read = [
        Round(r.code, r.opponent, colours[i]) if r.code in GAME_CODES and r is not UNREADABLE else r
        for i, r in enumerate(results)
    ]
    values: dict[str, Cell] = {"State": state or None, "ID": member or None, "Total": total,
                               "Norm": norm or None}
    return Player(number, name, where, rounds_read, values), ratings


def _rating_columns(primary: str, others: Sequence[str]) -> tuple[list[str], list[str]]:
    before = ["State", "ID", "Rating", "Games"]
    after = ["Official post rating", "Official post games"]
    for system in others:
        label = SYSTEMS[system]
        before += [label, f"{label} games"]
        after += [f"Official post {label} rating", f"Official post {label} games"]
    return [*before, "Total"], [*after, "Norm"]


def _with_ratings(player: Player, ratings: dict[str, _Rating] | None, primary: str, others: Sequence[str],
                  problems: Problems) -> Player:
    """The player with the section's rating columns filled from their ratings (by system letter)."""
    if ratings is None:  # already a problem
        return player
    main = ratings.get(primary)
    if main is None:
        problems.add(player.where, f"the player has no {primary}: rating, the others in the section have one")
        return player
    player.values.update({"Rating": main.pre, "Games": main.pre_games,
                          "Official post rating": main.post, "Official post games": main.post_games})
    for system in others:
        label = SYSTEMS[system]
        other = ratings.get(system)
        if other is not None:
            player.values.update({label: other.pre, f"{label} games": other.pre_games,
                                  f"Official post {label} rating": other.post,
                                  f"Official post {label} games": other.post_games})
    return player


def _section(
    title: str, blocks: list[list[tuple[int, str]]], rounds: int, source: str, where: str,
    index: int, taken: list[str], single: bool, problems: Problems,
) -> Section | None:
    title = check_text(title, where, "the section title", problems)
    read = [_read_block(b, rounds, source, problems) for b in blocks]
    pairs = [r for r in read if r is not None]
    if not blocks:
        problems.add(where, "the section has a header but no players")
        return None
    systems = [s for s in SYSTEMS if any(ratings and s in ratings for _, ratings in pairs)]
    primary = systems[0] if systems else "R"
    others = systems[1:]
    players = [_with_ratings(player, ratings, primary, others, problems) for player, ratings in pairs]
    check_numbers(players, problems)
    check_pairings(players, problems, among="the section")
    before, after = _rating_columns(primary, others)
    fallback = f"Section {index}"
    name = sheet_name("Crosstable" if single else (title or fallback), taken, fallback)
    taken.append(name)
    sheet = build_sheet(name, players, rounds=rounds, before=before, after=after, section=title)
    numbers = [p.number for p in players]
    event_type = "Match" if len(numbers) == 2 else guess_event_type(numbers, meetings_of(players))
    settings = {
        "System": "USCF",
        "Rating system": SYSTEMS[primary],
        "Dual rated": "yes" if primary == "R" and "Q" in systems else "no",
        "Event type": event_type,
    }
    short = re.sub(r"^\s*Section\s+[0-9]+\s*[-:]\s*", "", title, flags=re.IGNORECASE)
    return Section(title, sheet, settings, aliases=(str(index), short))


def _players_before_header(lines: Sequence[str], source: str, problems: Problems) -> None:
    """A player's line above the first header belongs to a section whose header is damaged:
    importing the rest would drop those players without a word."""
    for i, line in enumerate(lines):
        if _is_player_line(line):
            problems.add(f"{source} line {i + 1}", "a player's line before the first section header ('Pair | "
                                                   f"Player Name | Total | Round …'): {quote(line)}; "
                                                   "is that section's header damaged or cut off?")


def _section_end(lines: Sequence[str], start: int, next_header: int) -> int:
    """Where a section that a header follows ends: the next header's own top rule (and blank
    lines above it) is not this section's."""
    end = next_header
    while end - 1 > start and (not lines[end - 1].strip() or _RULE.fullmatch(lines[end - 1])):
        end -= 1
    return end


def _next_title(lines: Sequence[str], start: int, end: int) -> tuple[str, int]:
    """The next section's title and where this section's body ends: text lines after the
    last rule with no ``|`` are the next section's title (the last of them), else blocks."""
    last_rule = max((i for i in range(start, end) if _RULE.fullmatch(lines[i])), default=start)
    tail = [i for i in range(last_rule + 1, end) if lines[i].strip()]
    if tail and all("|" not in lines[i] for i in tail):
        return lines[tail[-1]].strip(), last_rule + 1
    return "", end


def _spans(lines: Sequence[str], headers: Sequence[int]) -> list[tuple[str, int, int]]:
    """Each section's title, header line and end (exclusive), from the header lines."""
    spans: list[tuple[str, int, int]] = []
    title = _last_text(lines[: headers[0]])
    for k, start in enumerate(headers):
        if k + 1 < len(headers):
            next_title, body_end = _next_title(lines, start, _section_end(lines, start, headers[k + 1]))
        else:
            next_title, body_end = "", len(lines)
        spans.append((title, start, body_end))
        title = next_title
    return spans


def _blocks(lines: Sequence[str], start: int, end: int) -> list[list[tuple[int, str]]]:
    """The players' blocks between dashed rules, each a list of (line number, line)."""
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for i in range(start, end):
        line = lines[i]
        if _RULE.fullmatch(line):
            if current:
                blocks.append(current)
            current = []
        elif line.strip():
            current.append((i + 1, line))
    if current:
        blocks.append(current)
    return blocks


def _read_sections(
    lines: Sequence[str], spans: list[tuple[str, int, int]], source: str, problems: Problems
) -> list[Section]:
    """Each section that has its two header lines, read (with problems for the others)."""
    read: list[Section] = []
    taken: list[str] = []
    for index, (title, start, end) in enumerate(spans, start=1):
        where = f"{source} line {start + 1}"
        header = lines[start].split("|")
        rounds = sum(1 for cell in header if cell.strip().casefold() == "round")
        if start + 1 >= end or not _HEADER_2.match(lines[start + 1]):
            problems.add(where, "the header's second line (' Num  | USCF ID / Rtg (Pre->Post) | Pts |"
                                "  1  | …') is missing")
            continue
        blocks = _blocks(lines, start + 2, end)
        section = _section(title, blocks, rounds, source, where, index, taken, len(spans) == 1, problems)
        if section is not None:
            read.append(section)
    return read


def parse_msa(text: str, source: str, *, sections: Sequence[str] | None = None,
              notes: Sequence[str] = (), warnings: Sequence[str] = ()) -> ImportedEvent:
    """Read US Chess crosstable text (one or more sections pasted one after another).

    ``source`` names the file in problems (``source="event.txt"`` gives ``event.txt line
    12``); ``sections`` picks sections by name (the line above a section's header) or sheet
    name. Raises :class:`~xlrating.errors.FormatError` with every problem found. ``notes`` and
    ``warnings`` (what reading the file found, such as mixed encodings) lead the event's own.
    """
    (notes, warnings), sections = text_args(text, source, notes, warnings), sections_arg(sections)
    problems = Problems()
    lines = split_lines(text)
    headers = [i for i, line in enumerate(lines) if _HEADER.match(line)]
    if not headers:
        problems.add(source, "no crosstable header ('Pair | Player Name | Total | Round …') found: "
                             "copy the whole section, header lines included")
        problems.raise_if_any(f"Cannot import {source} as US Chess crosstable text")
    _players_before_header(lines[: headers[0]], source, problems)
    read = _read_sections(lines, _spans(lines, headers), source, problems)
    chosen = select_sections(read, sections, source, problems)
    settings, merged = merge_settings(chosen, source, problems)
    problems.raise_if_any(f"Cannot import {source} as US Chess crosstable text")
    event: list[tuple[str, Cell]] = [(k, v) for k, v in settings.items()]
    event += [("Event name", None), ("Start date", None), ("End date", None)]
    sheets = tuple(s.sheet for s in chosen)
    match = (("A two-player section is imported as a match (US Chess 2020, 7)",)
             if settings.get("Event type") == "Match" else ())
    return ImportedEvent(source=source, format="msa", event=tuple(event), sheets=sheets,
                         notes=(*notes, *match),
                         warnings=(*warnings, *merged, NO_DATES, *noted_players(sheets)))


def _last_text(lines: Sequence[str]) -> str:
    """The last line of ``lines`` with text that is not a dashed rule (a section's title)."""
    for line in reversed(lines):
        if line.strip() and not _RULE.fullmatch(line):
            return line.strip()
    return ""


def read_msa(path: str | Path, *, sections: Sequence[str] | None = None) -> ImportedEvent:
    """Read the US Chess crosstable text file ``path`` (see :func:`parse_msa`)."""
    from ._files import read_text

    path = path_arg("path", path)
    warnings: list[str] = []
    text = read_text(path, warnings)
    return parse_msa(text, path.name, sections=sections, warnings=warnings)
