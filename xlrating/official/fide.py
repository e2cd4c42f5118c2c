"""FIDE's monthly rating lists: the fixed-width TXT lists and the XML lists, zipped or not.

FIDE publishes, each month, at ratings.fide.com (Download), a standard, a rapid and a
blitz list, and a combined list of every player with the three ratings, each as a
fixed-width TXT file and as an XML file, zipped (``standard_nov26frl.zip``,
``players_list.zip``, ``players_list_xml.zip``). docs/files.md describes both layouts.

The TXT lists start with a header line that places each column: a column starts where
its label starts and ends where the next label starts::

    ID Number      Name      ...      Fed Sex Tit  WTit OTit           FOA NOV26 Gms K  B-day Flag

(the rating column is labelled with the list's month, ``NOV26``; the combined list has
``SRtng SGm SK RRtng RGm Rk BRtng BGm BK`` in place of ``NOV26 Gms K``). The columns are
read from the header, never assumed. The XML lists hold one ``<player>`` element a
player, with ``<fideid>``, ``<name>``, ``<country>``, ``<sex>``, ``<title>``, ``<w_title>``,
``<rating>``, ``<games>``, ``<k>`` (and ``rapid_``/``blitz_`` ones in the combined
list), ``<birthday>`` (a year) and ``<flag>``.

Kept as published: the flag (``i`` inactive, ``w`` woman, ``wi`` both), the K, the
games of the last period. A rating of 0 or blank is "not rated on this list".
"""

from __future__ import annotations

import codecs
import datetime as dt
import itertools
import re
from array import array
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from xml.parsers import expat

from .. import systems
from ..importers._common import _ILLEGAL, quote
from ._source import FEDERATION, ListProblems, TextLines, month_date, open_list
from .listfile import Bulk, ListFile, NotWellFormed, Request, Row, first_line

SYSTEM = systems.FIDE.key
KINDS = systems.FIDE.list_kinds

#: Header labels of the TXT lists, and the field each holds.
_TXT_LABELS = {
    "ID NUMBER": "id",
    "NAME": "name",
    "FED": "fed",
    "SEX": "sex",
    "TIT": "tit",
    "WTIT": "wtit",
    "OTIT": "otit",
    "FOA": "foa",
    "GMS": "gms",
    "K": "k",
    "B-DAY": "bday",
    "FLAG": "flag",
    "SRTNG": "srtng",
    "SGM": "sgm",
    "SK": "sk",
    "RRTNG": "rrtng",
    "RGM": "rgm",
    "RK": "rk",
    "BRTNG": "brtng",
    "BGM": "bgm",
    "BK": "bk",
}
_SINGLE = ("id", "name", "fed", "sex", "tit", "wtit", "otit", "rating", "gms", "k", "bday", "flag")
_COMBINED = (
    "id",
    "name",
    "fed",
    "sex",
    "tit",
    "wtit",
    "otit",
    "srtng",
    "sgm",
    "sk",
    "rrtng",
    "rgm",
    "rk",
    "brtng",
    "bgm",
    "bk",
    "bday",
    "flag",
)
_KIND_IN_NAME = re.compile(r"(?<![a-z])(standard|rapid|blitz)(?![a-z])", re.IGNORECASE)
_FLAGS = frozenset({"", "i", "w", "wi", "iw"})
_TITLE = re.compile(r"[A-Za-z]{1,4}")
MAX_RATING = 4000
#: The lowest rating a FIDE list has published: a rating under it on a line is the line cut short or
#: a column shifted (``143`` for ``1431``), never a rating.
LOWEST = int(systems.FIDE.lowest_rated or 0)
#: The highest K read: the crosstable's (:data:`~xlrating.systems.K_RANGE`); a K of 0 is none, as a
#: rating of 0 is.
MAX_K = int(systems.K_RANGE[1])
#: The earliest birth year read (0, or ``0000``, is "not known"): ``19`` is a line cut short.
FIRST_YEAR = 1000


def kind_from_name(name: str) -> str | None:
    """``"Standard"``, ``"Rapid"`` or ``"Blitz"`` when the file name says (``rapid_nov26frl.txt``)."""
    match = _KIND_IN_NAME.search(name)
    return match[1].capitalize() if match else None


# -- fields -------------------------------------------------------------------------------


class _Line:
    """Checks the fields of one line (or one XML player), adding a problem for each bad one."""

    __slots__ = ("file", "number", "problems", "seen")

    def __init__(self, file: str, problems: ListProblems) -> None:
        self.file, self.problems, self.number = file, problems, 0
        self.seen: set[int] = set()

    def bad(self, message: str) -> None:
        self.problems.add(f"{self.file} line {self.number}", message)

    def whole(self, text: str, what: str, high: int) -> int | None:
        """A whole number from 0 to ``high``; blank is ``None``."""
        text = text.strip()
        if not text:
            return None
        if text.isascii() and text.isdigit() and int(text) <= high:
            return int(text)
        self.bad(f"{what} {quote(text)} is not a whole number from 0 to {high}")
        return None

    def player_id(self, text: str) -> int | None:
        text = text.strip()
        if text.isascii() and text.isdigit() and len(text) <= 10 and text[0] != "0":
            value = int(text)
            if value not in self.seen:
                self.seen.add(value)
                return value
            self.bad(f"the ID {text} is listed twice (an earlier line has it too)")
            return None
        self.bad(
            f"the ID {quote(text)} is not a FIDE ID (digits, no leading zero)"
            if text
            else "no ID: the line is not a player's line (is the file cut short?)"
        )
        return None

    def name(self, text: str) -> str:
        text = text.strip()
        if not text:
            self.bad("no name")
        elif _ILLEGAL.search(text):
            self.bad(f"the name {quote(text)} holds a control character")
        return text

    def federation(self, text: str) -> str | None:
        text = text.strip()
        if not text:
            return None
        if not FEDERATION.fullmatch(text):
            self.bad(f"the federation {quote(text)} is not three capital letters")
        return text

    def sex(self, text: str) -> str | None:
        text = text.strip()
        if text in ("M", "F"):
            return text
        if text:
            self.bad(f"the sex {quote(text)} is neither M nor F")
        return None

    def title(self, title: str, women: str) -> str | None:
        text = title.strip() or women.strip()
        if text and not _TITLE.fullmatch(text):
            self.bad(f"the title {quote(text)} is not a FIDE title")
        return text or None

    def rating(self, text: str) -> int | None:
        value = self.whole(text, "the rating", MAX_RATING)
        if value and value < LOWEST:
            self.bad(f"the rating {quote(text)} is under {LOWEST}, the lowest rating a FIDE list has "
                     "published (is the line cut short, or a column shifted?)")
            return None
        return value or None  # 0: not rated

    def rating_games_k(self, rating: str, games: str, k: str) -> tuple[int | None, int | None, int | None]:
        """A rating (0: not rated), the games of the last period and the K (0: none, as a rating of 0)."""
        k_factor = self.whole(k, "the K", MAX_K) or None
        return self.rating(rating), self.whole(games, "the games", 9999), k_factor

    def birth_year(self, text: str) -> int | None:
        value = self.whole(text, "the birth year", 9999)
        if value and value < FIRST_YEAR:
            self.bad(f"the birth year {quote(text)} is not a year (0000 when not known; is the line cut "
                     "short, or a column shifted?)")
            return None
        return value or None  # 0000: unknown

    def flag(self, text: str) -> str:
        text = text.strip()
        if text not in _FLAGS:
            self.bad(f"the flag {quote(text)} is none of i (inactive), w (woman), wi")
        return text


# -- the TXT lists -------------------------------------------------------------------------


def _header_columns(header: str) -> dict[str, tuple[int, int | None]] | None:
    """Each field's ``(start, end)`` from the header line, or ``None`` if it is no FIDE header."""
    tokens = [(m.start(), m[0]) for m in re.finditer(r"\S+", header)]
    if len(tokens) < 2 or tokens[0][1].upper() != "ID" or tokens[1][1].upper() != "NUMBER":
        return None
    tokens[0:2] = [(0, "ID NUMBER")]
    starts: list[tuple[str, int]] = []
    for start, label in tokens:
        field = _TXT_LABELS.get(label.upper())
        if field is None and month_date(label) is not None and len(label) == 5:
            field = "rating"
        if field is None or any(field == seen for seen, _ in starts):
            return None
        starts.append((field, start))
    columns: dict[str, tuple[int, int | None]] = {}
    for index, (field, start) in enumerate(starts):
        end = starts[index + 1][1] if index + 1 < len(starts) else None
        columns[field] = (start, end)
    wanted = _COMBINED if "srtng" in columns else _SINGLE
    return columns if all(field in columns for field in wanted) else None


def _date_and_kinds(
    path: Path,
    member: str,
    header_date: dt.date | None,
    combined: bool,
    date: dt.date | None,
    kind: str | None,
    problems: ListProblems,
    notes: list[str],
) -> tuple[dt.date | None, tuple[str, ...]]:
    """The list's date and kinds from its header, its file name or the options given."""
    where = f"{path.name} line 1" if header_date else path.name
    named_date = month_date(member) or month_date(path.name)
    own = header_date or named_date
    if date is not None and own is not None and date != own:
        problems.add(where, f"the list is dated {own:%B %Y}, but the date given is {date.isoformat()}")
    if date is not None and own is None and date.day != 1:  # (the header's or the name's month: its 1st)
        problems.add(path.name, f"FIDE's lists are dated the first of their month, not {date.isoformat()}: "
                                f"give --date {date:%Y-%m}-01 (or {date:%Y-%m})")
    if date is None and own is None:
        problems.add(
            path.name,
            "the list does not say its date (neither its header nor its file name): "
            "give it (--date YYYY-MM-01)",
        )
    if date is None and header_date is not None and named_date not in (None, header_date):
        problems.add(where, f"the header dates the list {header_date:%B %Y}, but its file name says "
                            f"{named_date:%B %Y} (a renamed file?): to load it as the header says, give "
                            f"--date {header_date.isoformat()}")
    if date is None and header_date is None and named_date is not None:
        notes.append(f"{path.name}: the list's date, {named_date:%B %Y}, taken from the file name")
    kinds = KINDS if combined else (_kind(path, member, kind, problems),)
    return date or own, kinds


def _kind(path: Path, member: str, kind: str | None, problems: ListProblems) -> str:
    """The kind of a single list: from its file name, else the one given (one of :data:`KINDS`,
    else it would be filed under a kind never looked up)."""
    own_kind = kind_from_name(member) or kind_from_name(path.name)
    if kind is not None and kind not in KINDS:
        problems.add(path.name, f"FIDE has no {kind} list ({', '.join(KINDS)})")
        kind = own_kind or KINDS[0]  # (said once)
    if kind is not None and own_kind is not None and kind != own_kind:
        problems.add(path.name, f"the file is FIDE's {own_kind.lower()} list, but --kind says {kind}")
    chosen = own_kind or kind
    if chosen is None:
        problems.add(
            path.name,
            "the file does not say whether it is the standard, rapid or blitz list: "
            "give it (--kind Standard, Rapid or Blitz)",
        )
        chosen = KINDS[0]
    return chosen


def open_txt(request: Request) -> ListFile | None:
    """A FIDE TXT list whose first line is ``header``; ``None`` (with a problem) if it is no known layout."""
    path, member, head, date, kind, problems = request
    if head.lstrip(b"\xef\xbb\xbf")[:1].isspace():  # (the lines are read by their number after the header)
        problems.add(f"{path.name} line 1", "the list does not start with its header line ('ID Number ...'), "
                                            "as FIDE's file does: remove the blank lines or spaces before it")
        return None
    header = first_line(head)
    columns = _header_columns(header.rstrip("\r\n"))
    if columns is None:
        problems.add(
            f"{path.name} line 1",
            "an unknown layout of FIDE's TXT list: the header should read "
            "'ID Number  Name  Fed Sex Tit WTit OTit [FOA] <MMMYY> Gms K B-day Flag' (or the "
            "combined list's 'SRtng SGm SK RRtng RGm Rk BRtng BGm BK'), not " + quote(header),
        )
        return None
    combined = "srtng" in columns
    label = header[columns["rating"][0] : columns["rating"][1]] if not combined else ""
    notes: list[str] = []
    list_date, kinds = _date_and_kinds(
        path, member, month_date(label) if label else None, combined, date, kind, problems, notes
    )
    if list_date is None:
        return None

    def read(problems: ListProblems) -> Iterator[Row]:
        return _read_txt(path, columns, combined, problems)

    layout = "FIDE TXT (combined list)" if combined else f"FIDE TXT ({kinds[0].lower()} list)"
    bulk = _TxtLayout(columns, combined).bulk(path)
    return ListFile(path, SYSTEM, kinds, list_date, layout, read, tuple(notes), bulk)


_NOT_NAME = "[^\x00-\x1f\x7f\ud800-\udfff\ufffe\uffff]"
#: A character of a name as the fast pattern takes it: no space other than " " (the name, with
#: its first character no space, is then stripped alike by Python's ``strip`` and SQL's ``rtrim``).
_NAME = "[^\x00-\x1f\x7f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ud800-\udfff\ufffe\uffff]"


def _fast_pattern(
    columns: dict[str, tuple[int, int | None]], fields: tuple[str, ...]
) -> re.Pattern[str] | None:
    """A regular expression that matches a well-formed line of this layout, a group a field
    (``None`` if the columns are not in FIDE's order): the fast path of :func:`_read_txt`.
    A line it does not match is read field by field, each problem named."""
    order = sorted(columns, key=lambda field: columns[field][0])
    if (
        any(field not in fields and field != "foa" for field in order)
        or order[-1] != "flag"
        or order[0] != "id"
    ):
        return None
    parts = []
    for field in order:
        start, end = columns[field]
        width = (end or 0) - start
        if field == "flag":
            parts.append("(wi|iw|i|w|) *")
        elif field == "id":
            parts.append(f"([1-9][0-9 ]{{{width - 1}}})")
        elif field == "name":
            parts.append(f"((?! ){_NAME}{{{width}}})")
        elif field == "fed":
            parts.append(f"([A-Z]{{3}}| {{3}}) {{{width - 3}}}")
        elif field == "sex":
            parts.append(f"([MF ]) {{{width - 1}}}")
        elif field in ("tit", "wtit"):
            parts.append(f"([A-Za-z ]{{{width}}})")
        elif field in ("otit", "foa"):
            parts.append(f"(?:{_NOT_NAME}{{{width}}})")
        else:
            parts.append(f"([0-9 ]{{{width}}})")
    return re.compile("".join(parts))


_TRIPLES = {
    False: (("rating", "gms", "k"),),
    True: (("srtng", "sgm", "sk"), ("rrtng", "rgm", "rk"), ("brtng", "bgm", "bk")),
}
"""Each list's rating, games and K columns: one list, or the combined list's three."""


class _TxtLayout:
    """A TXT list's columns as its header places them, and the two ways of reading a line:
    :meth:`fast` (one regular expression for a well-formed line, which nearly every line is)
    and :meth:`checked` (field by field, a problem for each bad one)."""

    def __init__(self, columns: dict[str, tuple[int, int | None]], combined: bool) -> None:
        self.columns = columns
        self.triples = _TRIPLES[combined]
        self.pattern = _fast_pattern(columns, _COMBINED if combined else _SINGLE)
        order = sorted((f for f in columns if f not in ("otit", "foa")), key=lambda f: columns[f][0])
        #: the fields of the fast pattern's groups, in order
        self.order = order
        at = {field: index for index, field in enumerate(order)}

        #: each list's (group, blank) of its rating, games and K in the fast pattern
        def place(field: str) -> tuple[int, str]:
            return at[field], " " * _width(columns[field])

        self.spots = [(place(r), place(m), place(k)) for r, m, k in self.triples]
        self.birth = place("bday")
        self.fullmatch = self.pattern.fullmatch if self.pattern is not None else self.no_match
        self.fast = self.fast_one if len(self.spots) == 1 else self.fast_many

    def fast_one(self, line: str, seen: set[int]) -> tuple[Row, ...] | None:
        """The row of a well-formed line of a one-list file with an ID not seen before;
        ``None`` for any other line. (The rating, games and K are read without a loop: this is
        the loop of every standard, rapid and blitz list.)"""
        match = self.fullmatch(line)
        if match is None:
            return None
        g = match.groups()
        ((r, rb), (m, mb), (k, kb)), (b, bb) = self.spots[0], self.birth
        try:
            pid = int(g[0])
            rating = int(g[r]) if g[r] != rb else None
            birth = int(g[b]) if g[b] != bb else None
            games = int(g[m]) if g[m] != mb else None
            k_factor = int(g[k]) if g[k] != kb else None
        except ValueError:
            return None
        name = g[1].strip()
        if not name or pid in seen or not _in_range(rating, birth, k_factor):
            return None
        seen.add(pid)
        fed, sex, title = self.identity(g)
        birth = birth or None
        k_factor = k_factor or None
        return ((0, pid, name, rating or None, games, k_factor, birth, None, fed, title, sex, g[-1], None),)

    def fast_many(self, line: str, seen: set[int]) -> tuple[Row, ...] | None:
        """:meth:`fast_one` for the combined list's three lists."""
        match = self.fullmatch(line)
        if match is None:
            return None
        g = match.groups()
        b, bb = self.birth
        try:
            values = tuple(
                (
                    int(g[r]) if g[r] != rb else None,
                    int(g[m]) if g[m] != mb else None,
                    int(g[k]) if g[k] != kb else None,
                )
                for (r, rb), (m, mb), (k, kb) in self.spots
            )
            return self.row(g, int(g[0]), int(g[b]) if g[b] != bb else None, values, seen)
        except ValueError:
            return None

    @staticmethod
    def row(
        g: Sequence[str],
        pid: int,
        birth: int | None,
        values: tuple[tuple[int | None, int | None, int | None], ...],
        seen: set[int],
    ) -> tuple[Row, ...] | None:
        """The rows of a line that matched the fast pattern, if its values are in range."""
        name = g[1].strip()
        if not name or pid in seen or not all(_in_range(rating, birth, k) for rating, _, k in values):
            return None
        seen.add(pid)
        fed, sex, title = _TxtLayout.identity(g)
        flag = g[-1]
        birth = birth or None
        return tuple(
            (index, pid, name, rating or None, games, k or None, birth, None, fed, title, sex, flag, None)
            for index, (rating, games, k) in enumerate(values)
        )

    @staticmethod
    def identity(g: Sequence[str]) -> tuple[str | None, str | None, str | None]:
        """The federation, sex and title from the fast pattern's groups (blank: ``None``)."""
        return (
            g[2][:3] if g[2][0] != " " else None,
            g[3][0] if g[3][0] != " " else None,
            g[4].strip() or g[5].strip() or None,
        )

    @staticmethod
    def no_match(line: str) -> None:
        return None

    def bulk(self, path: Path) -> Bulk | None:
        """The store's fast way in for a one-list file (the combined list is read line by line):
        :meth:`fast_one`'s reading of a line, done by one regular expression over a block of
        lines and by SQL. Any line or value :meth:`fast_one` would not take sends the store
        back to :func:`_read_txt`."""
        if self.pattern is None or len(self.spots) > 1:
            return None
        lines = re.compile(f"^{self.pattern.pattern}\r?$", re.MULTILINE)
        blank = {field: "'" + " " * _width(self.columns[field]) + "'" for field in self.order}
        at = {field: f"?{index}" for index, field in enumerate(self.order, 1)}
        title = _width(self.columns["tit"])  # the title and the woman's title go in together
        values = (
            at["id"],
            f"rtrim({at['name']})",
            at["rating"],
            at["gms"],
            at["k"],
            at["bday"],
            "NULL",
            f"nullif({at['fed']}, '   ')",
            f"nullif({at['tit']} || {at['wtit']}, '{' ' * (title + _width(self.columns['wtit']))}')",
            f"nullif({at['sex']}, ' ')",
            at["flag"],
            "NULL",
        )
        invalid = " OR ".join(
            [
                "typeof(id) != 'integer'",
                f"NOT (rating = 0 OR rating BETWEEN {LOWEST} AND {MAX_RATING} OR rating = {blank['rating']})",
                f"NOT (birth_year = 0 OR birth_year BETWEEN {FIRST_YEAR} AND 9999 "
                f"OR birth_year = {blank['bday']})",
                f"NOT (typeof(games) = 'integer' OR games = {blank['gms']})",
                f"NOT (typeof(k) = 'integer' AND k <= {MAX_K} OR k = {blank['k']})",
            ]
        )
        tidy = (  # blank numbers made NULL, and the first of the two titles taken, trimmed
            f"rating = nullif(nullif(rating, {blank['rating']}), 0), games = nullif(games, {blank['gms']}), "
            f"k = nullif(nullif(k, {blank['k']}), 0), "
            f"birth_year = nullif(nullif(birth_year, {blank['bday']}), 0), "
            f"title = coalesce(nullif(trim(substr(title, 1, {title})), ''), "
            f"nullif(trim(substr(title, {title + 1})), ''))",
            f"rating = {blank['rating']} OR rating = 0 OR games = {blank['gms']} OR k = {blank['k']} "
            f"OR k = 0 OR birth_year = {blank['bday']} OR birth_year = 0 OR title IS NOT NULL",
        )

        def read() -> Iterator[list[tuple[str, ...]]]:
            with open_list(path) as (_, stream):
                text = TextLines(stream)
                blocks = text.blocks()
                first = next(blocks, "").partition("\n")[2]  # after the header line
                # a line's width, its ending included: every line's (else the file is read line by line,
                # where a line shorter than the others is named)
                width = first.find("\n") + 1
                for block in itertools.chain((first,), blocks):
                    found, count = lines.findall(block), block.count("\n")
                    if text.unterminated or len(found) != count or len(block) != width * count:
                        raise NotWellFormed
                    yield found

        return Bulk(values, invalid, tidy, read, self.order.index("name"), len(self.order))

    def checked(self, line: str, check: _Line) -> list[Row]:
        """The rows of any line, each field checked (a problem, with the line, for each bad one)."""
        if not line.strip():
            return []
        cut = self.cut
        pid = check.player_id(cut(line, "id"))
        name = check.name(cut(line, "name"))
        fed = check.federation(cut(line, "fed"))
        sex = check.sex(cut(line, "sex"))
        title = check.title(cut(line, "tit"), cut(line, "wtit"))
        birth = check.birth_year(cut(line, "bday"))
        flag = check.flag(cut(line, "flag"))
        rated = [check.rating_games_k(*(cut(line, field) for field in triple)) for triple in self.triples]
        if pid is None:
            return []
        return [
            (index, pid, name, *values, birth, None, fed, title, sex, flag, None)
            for index, values in enumerate(rated)
        ]

    def cut(self, line: str, field: str) -> str:
        start, end = self.columns[field]
        return line[start:end]


def _in_range(rating: int | None, birth: int | None, k: int | None) -> bool:
    """Whether a line's rating, birth year and K are ones :class:`_Line` takes without a word (0 and
    blank included): else the line is read field by field, each problem named."""
    return (
        (not rating or LOWEST <= rating <= MAX_RATING)
        and (not birth or FIRST_YEAR <= birth <= 9999)
        and (k or 0) <= MAX_K
    )


def _width(column: tuple[int, int | None]) -> int:
    return (column[1] or 0) - column[0]


class _Widths:
    """Whether every line had one length (FIDE pads its lines): a last line shorter than all the
    others, with no line ending, is a file cut short; and in a file whose lines are padded, a line
    shorter than the others is a line cut short (``40`` as ``4``, ``wi`` as ``w``), wherever it is."""

    def __init__(self) -> None:
        self.width = self.before = self.first = -1
        self.start = 0  # the number of the first line seen
        self.widths = array("H")  # each line's width (0: a blank line)

    def see(self, number: int, line: str) -> None:
        self.before = self.width
        width = len(line)
        if self.width == -1:
            self.width = self.first = width
            self.start = number
        elif self.width != width:
            self.width = -2
        self.widths.append(min(width, 65535) if width == self.first or line.strip() else 0)

    def cut_short(self, last: str, unterminated: bool) -> bool:
        return self.before >= 0 and unterminated and len(last) < self.before

    def short_lines(self) -> tuple[int, list[tuple[int, int]]]:
        """The width most lines have, and ``(number, width)`` of each line shorter than it, when
        no line is wider and most have it (a file padded to one width, as FIDE's are)."""
        counts = Counter(self.widths)
        counts.pop(0, None)
        if len(counts) < 2:
            return -1, []
        padded, most = max(counts.items(), key=lambda item: (item[1], item[0]))
        if max(counts) != padded or most <= sum(counts.values()) - most:
            return -1, []
        return padded, [(self.start + i, width) for i, width in enumerate(self.widths) if 0 < width < padded]


def _read_txt(
    path: Path, columns: dict[str, tuple[int, int | None]], combined: bool, problems: ListProblems
) -> Iterator[Row]:
    check = _Line(path.name, problems)
    layout = _TxtLayout(columns, combined)
    fast, checked, seen = layout.fast, layout.checked, check.seen
    widths = _Widths()
    last = ""
    number = 0
    with open_list(path) as (_, stream):
        text_lines = TextLines(stream)
        lines = enumerate(text_lines, start=1)
        number, last = next(lines, (0, ""))  # the header line, read when the list was opened
        for number, last in lines:
            widths.see(number, last)
            rows: Sequence[Row] | None = fast(last, seen)
            if rows is None:
                check.number = number
                rows = checked(last, check)
            yield from rows
    check.number = number
    problems.players = len(seen)
    cut = widths.cut_short(last, text_lines.unterminated)
    padded, shorter = widths.short_lines()
    for short, width in shorter:
        if not (cut and short == number):  # (the last line: said below)
            problems.add(f"{path.name} line {short}", f"the line is {width} characters long where the others "
                                                      f"are {padded}: it is cut short")
    if cut:
        problems.add(
            f"{path.name} line {check.number}",
            "the last line is shorter than every other and has no line ending: the file is cut short",
        )


# -- the XML lists -------------------------------------------------------------------------

_XML_RATINGS = (
    ("rating", "games", "k"),
    ("rapid_rating", "rapid_games", "rapid_k"),
    ("blitz_rating", "blitz_games", "blitz_k"),
)


def open_xml(request: Request) -> ListFile | None:
    """A FIDE XML list (``<playerslist>``) whose first bytes are ``head``."""
    path, member, head, date, kind, problems = request
    combined = b"<rapid_rating" in head
    notes: list[str] = []
    list_date, kinds = _date_and_kinds(path, member, None, combined, date, kind, problems, notes)
    if list_date is None:
        return None

    def read(problems: ListProblems) -> Iterator[Row]:
        return _read_xml(path, combined, problems)

    layout = "FIDE XML (combined list)" if combined else f"FIDE XML ({kinds[0].lower()} list)"
    return ListFile(path, SYSTEM, kinds, list_date, layout, read, tuple(notes))


class _Refused(Exception):
    pass


def _read_xml(path: Path, combined: bool, problems: ListProblems) -> Iterator[Row]:
    check = _Line(path.name, problems)
    parser = expat.ParserCreate()
    rows: list[Row] = []
    player: dict[str, str] | None = None
    field: str | None = None
    text: list[str] = []
    players = 0
    inside = 0  # elements open inside a player's field (none in FIDE's lists)
    ratings = _XML_RATINGS if combined else _XML_RATINGS[:1]
    declared = [""]  # the one-byte encoding the XML declaration gives ("": UTF-8 or UTF-16)

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal player, field, inside
        if field is not None:
            inside += 1
            check.bad(f"<{tag}> inside <{field}>: a player's fields hold text, not elements")
        elif tag == "player":
            if player is not None:
                check.bad("a <player> inside another <player>: not the layout of FIDE's XML list")
            player = {}
            check.number = parser.CurrentLineNumber
        elif player is not None:
            field = tag
            text.clear()

    def end(tag: str) -> None:
        nonlocal player, field, players, inside
        if inside:
            inside -= 1
        elif tag == "player" and player is not None:
            players += 1
            _declared_right(player.get("name", ""), declared[0])
            _xml_rows(player, check, ratings, rows)
            player = None
        elif field is not None and player is not None:
            if field in player:
                check.bad(f"<{field}> is given twice for one player")
            player[field] = "".join(text)
            field = None

    def characters(data: str) -> None:
        if field is not None:
            text.append(data)

    def entity(*_: object) -> None:
        raise _Refused("the file declares XML entities, which no FIDE list does (refused as unsafe)")

    def declaration(_: str, encoding: str | None, __: int) -> None:
        declared[0] = _one_byte(encoding)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.EntityDeclHandler = entity
    parser.XmlDeclHandler = declaration
    parser.ExternalEntityRefHandler = lambda *_: False
    final = False
    with open_list(path) as (_, stream):
        try:
            while chunk := stream.read(1024 * 1024):
                parser.Parse(chunk, False)
                yield from rows
                rows.clear()
            final = True
            parser.Parse(b"", True)
        except expat.ExpatError as error:
            problems.add(
                f"{path.name} line {error.lineno}",
                f"not well-formed XML ({expat.errors.messages[error.code]})"
                + (": the file is cut short" if final else ""),
            )
        except _Refused as error:
            problems.add(f"{path.name} line {parser.CurrentLineNumber}", str(error))
    yield from rows
    problems.players = len(check.seen)
    if players == 0 and not problems:
        problems.add(path.name, "no <player> element: not a FIDE XML list")


def _one_byte(encoding: str | None) -> str:
    """The encoding an XML declaration gives, if it is not UTF-8 or UTF-16 (else "")."""
    try:
        return "" if not encoding or codecs.lookup(encoding).name.startswith("utf") else encoding
    except LookupError:  # (expat refuses it)
        return ""


def _declared_right(name: str, declared: str) -> None:
    """Refuse a list whose declaration names a one-byte encoding (``declared``: ``ISO-8859-1``)
    while its text is UTF-8, as a file re-saved by another program may be: every accented name
    would be stored garbled (``Müller`` as ``MÃ¼ller``). A name is read back into its bytes and
    read as UTF-8: bytes of a one-byte encoding are all but never UTF-8 by chance."""
    if not declared or name.isascii():
        return
    try:
        as_utf8 = name.encode(declared).decode("utf-8")
    except UnicodeError:
        return
    if as_utf8 != name:
        raise _Refused(f"the file declares its encoding {declared}, but its text is UTF-8 (the name {name!r} "
                       f"is {as_utf8!r}): load the list as FIDE published it, or make the declaration "
                       'encoding="UTF-8"')


def _xml_rows(
    player: dict[str, str], check: _Line, ratings: tuple[tuple[str, str, str], ...], rows: list[Row]
) -> None:
    get = player.get
    for rating, _, _ in ratings:  # (a blank one is in every player of FIDE's lists: <rating></rating>)
        if rating not in player:
            check.bad(f"no <{rating}> element: the player would be stored as not rated (is it renamed?)")
    pid = check.player_id(get("fideid", ""))
    name = check.name(get("name", ""))
    fed = check.federation(get("country", ""))
    sex = check.sex(get("sex", ""))
    title = check.title(get("title", ""), get("w_title", ""))
    birth = check.birth_year(get("birthday", ""))
    flag = check.flag(get("flag", ""))
    rated = [
        check.rating_games_k(get(rating, ""), get(games, ""), get(k, "")) for rating, games, k in ratings
    ]
    if pid is not None:
        rows.extend(
            (index, pid, name, *values, birth, None, fed, title, sex, flag, None)
            for index, values in enumerate(rated)
        )
