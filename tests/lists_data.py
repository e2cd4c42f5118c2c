"""Real published rating-list data, read into plain records.

The files live in ``tests/data/lists/`` (see README.md there); each one's first lines say
where its numbers come from. This module only reads them: it computes nothing, so every
number it returns is a published one.

- :func:`fide_periods`: FIDE's published calculations of players with two or more events in
  one rating period, with the player's published list ratings.
- :func:`icu_sequences`: events the ICU's rating program rates one after another, with the
  ratings it publishes after each.
- :func:`fide_list_lines`: real lines of FIDE's monthly lists (rating, games, K, year of birth),
  quoted in public repositories, with the months each can be from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "lists"


class DataError(ValueError):
    """A data file does not have the form its header describes."""


def _fields(words: list[str], where: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            raise DataError(f"{where}: expected key=value, found {word!r}")
        pairs[key] = value
    return pairs


def _month(text: str, where: str) -> str:
    year, sep, month = text.partition("-")
    if not (sep and len(year) == 4 and year.isdigit() and len(month) == 2 and month.isdigit()
            and 1 <= int(month) <= 12):
        raise DataError(f"{where}: expected a month YYYY-MM, found {text!r}")
    return text


# --- FIDE ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FideGame:
    """One rated game as FIDE's calculation shows it."""

    opponent: int
    """The opponent's rating as FIDE used it (already capped where ``capped``)."""
    capped: bool
    """FIDE marked the rating as capped by the 400-point rule."""
    score: Fraction


@dataclass(frozen=True)
class FideEvent:
    """One event of a period: FIDE's summary row and its games."""

    event_id: int
    name: str
    start: date
    end: date
    ro: int
    """The rating FIDE rated the event from."""
    k: int
    score: Fraction
    """``w``: the points scored."""
    n: int
    """The games rated."""
    chg: Fraction
    """sum(score - PD), as published (two decimals)."""
    k_chg: Fraction
    """K x chg, the event's unrounded change, as published."""
    games: tuple[FideGame, ...]


@dataclass(frozen=True)
class FidePeriod:
    """A player's rating period with the events FIDE rated in it."""

    case: str
    fide_id: int
    born: int
    period: str
    """The list (``YYYY-MM``) the events are rated for."""
    list_k: int
    """The player's K on the previous list."""
    list_games: int
    """Rated games in the period, from the list."""
    total_shown: Fraction
    """FIDE's "Total change" for the period."""
    lists: dict[str, int]
    """Published list ratings by month (``YYYY-MM``)."""
    events: tuple[FideEvent, ...]

    @property
    def previous(self) -> str:
        """The month of the previous list."""
        year, month = (int(part) for part in self.period.split("-"))
        return f"{year - 1}-12" if month == 1 else f"{year:04d}-{month - 1:02d}"


def _score(text: str, where: str) -> Fraction:
    value = Fraction(text)
    if value not in (0, Fraction(1, 2), 1):
        raise DataError(f"{where}: a score is 1, 0.5 or 0, found {text!r}")
    return value


def read_fide(path: Path) -> tuple[FidePeriod, ...]:
    """Read a file of FIDE calculations (format in its header)."""
    periods: list[FidePeriod] = []
    case: dict[str, str] | None = None
    lists: dict[str, int] = {}
    events: list[FideEvent] = []
    pending: dict[str, str] | None = None

    def close_case() -> None:
        if case is None:
            return
        if pending is not None:
            raise DataError(f"{path.name}: case {case['id']}: event {pending['id']} has no games line")
        periods.append(FidePeriod(
            case=case["id"], fide_id=int(case["fide"]), born=int(case["born"]),
            period=_month(case["period"], case["id"]), list_k=int(case["list_k"]),
            list_games=int(case["list_games"]), total_shown=Fraction(case["total"]),
            lists=dict(lists), events=tuple(events),
        ))

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}, line {number}"
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        tag, _, rest = line.partition(" ")
        if tag == "case":
            close_case()
            ident, *words = rest.split()
            case = {"id": ident, **_fields(words, where)}
            lists, events, pending = {}, [], None
        elif case is None:
            raise DataError(f"{where}: {tag!r} before the first case")
        elif tag == "list":
            for month, rating in _fields(rest.split(), where).items():
                lists[_month(month, where)] = int(rating)
        elif tag == "event":
            if pending is not None:
                raise DataError(f"{where}: event {pending['id']} has no games line")
            head, _, name = rest.partition(" name=")
            ident, *words = head.split()
            pending = {"id": ident, "name": name.strip(), **_fields(words, where)}
        elif tag == "games":
            if pending is None:
                raise DataError(f"{where}: games without an event")
            games = []
            for word in rest.split():
                rating, sep, score = word.partition(":")
                if not sep:
                    raise DataError(f"{where}: expected RATING:SCORE, found {word!r}")
                capped = rating.endswith("*")
                games.append(FideGame(int(rating.rstrip("*")), capped, _score(score, where)))
            events.append(FideEvent(
                event_id=int(pending["id"]), name=pending["name"],
                start=date.fromisoformat(pending["start"]), end=date.fromisoformat(pending["end"]),
                ro=int(pending["Ro"]), k=int(pending["K"]), score=Fraction(pending["w"]),
                n=int(pending["n"]), chg=Fraction(pending["chg"]), k_chg=Fraction(pending["Kchg"]),
                games=tuple(games),
            ))
            pending = None
        else:
            raise DataError(f"{where}: unknown line {tag!r}")
    close_case()
    return tuple(periods)


@cache
def fide_periods() -> tuple[FidePeriod, ...]:
    """FIDE's published multi-event periods (``fide-calculations.txt``)."""
    return read_fide(DATA / "fide-calculations.txt")


@dataclass(frozen=True)
class FideListLines:
    """Real lines of one FIDE list, as one repository quotes them (``fide-k-lines.txt``)."""

    name: str
    repo: str
    commit: str
    path: str
    layout: str
    """``single`` (a single-kind TXT list), ``combined`` (players_list_foa.txt) or ``xml`` (a
    single-kind XML list)."""
    kind: str | None
    """A single-kind list's kind (``Standard``, ``Rapid``, ``Blitz``); ``None`` for a combined one."""
    first: str
    """The earliest month (YYYY-MM) the list can be from."""
    last: str
    """The latest month it can be from."""
    lines: tuple[str, ...]
    """The lines verbatim (TXT) or the ``<player>`` elements (XML)."""


_LAYOUTS = ("single", "combined", "xml")
_BLOCK_FIELDS = {"repo", "commit", "path", "layout", "kind", "from", "to"}


def read_list_lines(path: Path) -> tuple[FideListLines, ...]:
    """The blocks of ``path``; a :class:`DataError` names the line that is not of the form."""
    blocks: list[FideListLines] = []
    head: dict[str, str] | None = None
    lines: list[str] = []

    def close() -> None:
        if head is not None:
            if not lines:
                raise DataError(f"{path.name}: block {head['id']} has no lines")
            kind = None if head["kind"] == "-" else head["kind"]
            blocks.append(FideListLines(head["id"], head["repo"], head["commit"], head["path"],
                                        head["layout"], kind, head["from"], head["to"], tuple(lines)))

    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        where = f"{path.name} line {number}"
        if not text.strip() or text.startswith("#"):
            continue
        tag, _, rest = text.partition(" ")
        if tag == "block":
            close()
            name, *words = rest.split()
            fields = _fields(words, where)
            if set(fields) != _BLOCK_FIELDS or fields["layout"] not in _LAYOUTS:
                raise DataError(f"{where}: a block needs {sorted(_BLOCK_FIELDS)} and a layout of {_LAYOUTS}")
            if (fields["layout"] == "combined") != (fields["kind"] == "-"):
                raise DataError(f"{where}: kind= names a single-kind list's kind (`-`: combined)")
            if _month(fields["from"], where) > _month(fields["to"], where):
                raise DataError(f"{where}: from= is after to=")
            head, lines = {"id": name, **fields}, []
        elif head is None:
            raise DataError(f"{where}: a line before the first block")
        elif tag == "line" and head["layout"] != "xml" and len(rest) > 2 and rest[0] == rest[-1] == "|":
            lines.append(rest[1:-1])
        elif (tag == "xml" and head["layout"] == "xml"
              and rest.startswith("<player>") and rest.endswith("</player>")):
            lines.append(rest)
        else:
            raise DataError(f"{where}: expected `line |TEXT|` (TXT) or `xml <player>...</player>` (XML)")
    close()
    return tuple(blocks)


@cache
def fide_list_lines() -> tuple[FideListLines, ...]:
    """Real lines of FIDE's lists quoted in public repositories (``fide-k-lines.txt``)."""
    return read_list_lines(DATA / "fide-k-lines.txt")


# --- ICU -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IcuRating:
    """A player's entry in the ICU rating database."""

    rating: int
    games: int
    full: bool
    """A full rating (rated by the Elo formula) rather than a provisional one."""


@dataclass(frozen=True)
class IcuMember:
    """A player's ICU membership record (for K)."""

    birth_date: date | None
    joined: date | None


@dataclass(frozen=True)
class IcuEntry:
    """A player of an event: the ICU number (``None``: none), a foreign guest's FIDE rating."""

    number: int
    icu_id: int | None
    fide: int | None
    name: str


@dataclass(frozen=True)
class IcuFigure:
    """One expected figure: ``quantity`` of player ``number`` is ``value`` within ``tolerance``
    (``value`` ``None``: the app test expects no value)."""

    number: int
    quantity: str
    value: float | None
    tolerance: float


@dataclass(frozen=True)
class IcuEvent:
    name: str
    start: date
    players: tuple[IcuEntry, ...]
    rows: dict[int, tuple[tuple[int, Fraction] | None, ...]]
    """Each player's crosstable row: per round the opponent and score of a rated game, or None."""
    figures: tuple[IcuFigure, ...]


@dataclass(frozen=True)
class IcuSequence:
    """The rating database, membership records and the events rated one after another."""

    ratings: dict[int, IcuRating]
    members: dict[int, IcuMember]
    events: tuple[IcuEvent, ...]

    def event(self, name: str) -> IcuEvent:
        return next(e for e in self.events if e.name == name)


_ICU_SCORES = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}


def _optional_date(text: str) -> date | None:
    return None if text == "-" else date.fromisoformat(text)


def _figure_value(text: str) -> tuple[float | None, float]:
    value, _, tolerance = text.partition("~")
    if value in ("none", "no"):
        return None, 0.0
    number = 1.0 if value == "yes" else float(value)
    return number, float(tolerance) if tolerance else 0.0


@dataclass
class _IcuEventBuilder:
    name: str
    start: date | None = None
    players: list[IcuEntry] = field(default_factory=list)
    rows: dict[int, tuple[tuple[int, Fraction] | None, ...]] = field(default_factory=dict)
    figures: list[IcuFigure] = field(default_factory=list)

    def build(self) -> IcuEvent:
        if self.start is None:
            raise DataError(f"event {self.name!r} has no start date")
        return IcuEvent(self.name, self.start, tuple(self.players), dict(self.rows), tuple(self.figures))


def read_icu(path: Path) -> IcuSequence:
    """Read the ICU application's sequence of events (format in the file's header)."""
    ratings: dict[int, IcuRating] = {}
    members: dict[int, IcuMember] = {}
    builders: list[_IcuEventBuilder] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}, line {number}"
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("event:"):
            builders.append(_IcuEventBuilder(line[6:].strip()))
            continue
        tag, *words = line.split()
        if tag == "rating":
            ident, rating, games, kind = words
            if kind not in ("full", "provisional"):
                raise DataError(f"{where}: full or provisional, not {kind!r}")
            ratings[int(ident)] = IcuRating(int(rating), int(games), kind == "full")
            continue
        if tag == "member":
            ident, *pairs = words
            fields = _fields(pairs, where)
            members[int(ident)] = IcuMember(_optional_date(fields["dob"]), _optional_date(fields["joined"]))
            continue
        if not builders:
            raise DataError(f"{where}: {tag!r} outside an event")
        event = builders[-1]
        if tag == "start:":
            event.start = date.fromisoformat(words[0])
        elif tag == "P":
            num, ident, fide, *name = words
            if not fide.startswith("fide="):
                raise DataError(f"{where}: expected fide=RATING or fide=-, found {fide!r}")
            event.players.append(IcuEntry(
                int(num), None if ident == "-" else int(ident),
                None if fide == "fide=-" else int(fide[5:]), " ".join(name),
            ))
        elif tag == "R":
            row: list[tuple[int, Fraction] | None] = []
            for cell in words[1:]:
                if cell == "-":
                    row.append(None)
                    continue
                opponent, sep, score = cell.partition(":")
                if not sep or score not in _ICU_SCORES:
                    raise DataError(f"{where}: expected OPP:1, OPP:= or OPP:0, found {cell!r}")
                row.append((int(opponent), _ICU_SCORES[score]))
            event.rows[int(words[0])] = tuple(row)
        elif tag == "X":
            for pair in words[1:]:
                quantity, sep, text = pair.partition("=")
                if not sep:
                    raise DataError(f"{where}: expected quantity=value, found {pair!r}")
                value, tolerance = _figure_value(text)
                event.figures.append(IcuFigure(int(words[0]), quantity, value, tolerance))
        else:
            raise DataError(f"{where}: unknown line {tag!r}")
    return IcuSequence(ratings, members, tuple(b.build() for b in builders))


@cache
def icu_sequence() -> IcuSequence:
    """The ICU application's events rated one after another (``icu-app-sequence.txt``)."""
    return read_icu(DATA / "icu-app-sequence.txt")


@cache
def fide_selected() -> tuple[FidePeriod, ...]:
    """Five FIDE calculations chosen for particular rules (``fide-calculations-selected.txt``)."""
    return read_fide(DATA / "fide-calculations-selected.txt")
