"""US Chess members saved from its Ratings API v1 (MUIR, ratings.uschess.org): JSON.

US Chess's rating system since October 2025 answers ``GET /api/v1/members`` (a search,
``MemberDetailDtoPage``: ``{"items": [...], "offset", "pageSize", "hasNextPage"}``) and
``GET /api/v1/members/{memberId}`` (one ``MemberDetailDto``), as its ``swagger.json`` says
(public in the mikeb26/uschess-go repository). A member is ``id``, ``firstName``,
``lastName``, ``stateRep``, ``expirationDate``, ``fideTitle``, ``gender`` (``Male``,
``Female``, ``Unknown``), ``status`` and ``ratings``: one ``MemberRatingDto`` a rating
system, ``{"rating", "ratingSystem", "gamesPlayed", "isProvisional", "floor"}``, the
system a ``RatingSource`` code (``R`` Regular, ``Q`` Quick, ``B`` Blitz, ``OR``, ``OQ``,
``OB`` online).

A saved response (one page, one member, or a JSON array of members) is read as the US
Chess lists of the day it was saved, which the file does not hold: ``--date`` gives it.
It holds the members saved, no more: a look-up of anyone else on that date finds no one.
A member's ``rating-supplements`` response holds one player's history with neither his ID
nor his name: it is not a list, and is refused with that reason.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..importers._common import _ILLEGAL, quote
from ._source import ListProblems, open_list
from .listfile import ListFile, Request, Row

SYSTEM = "USCF"
#: US Chess's rating systems by their API code, in the order stored.
SOURCES = {
    "R": "Regular",
    "Q": "Quick",
    "B": "Blitz",
    "OR": "Online Regular",
    "OQ": "Online Quick",
    "OB": "Online Blitz",
}
KINDS = tuple(SOURCES.values())
#: The largest saved response read (a page of the API is a few hundred kilobytes).
MAX_JSON_BYTES = 64 * 1024**2
MAX_RATING = 4000
#: The most games a rating is read with (the crosstable's bound; SQLite's integers end at 2**63).
MAX_GAMES = 100_000


def is_uscf_json(head: bytes) -> bool:
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    return text.startswith((b"{", b"[")) and (b'"firstName"' in head or b'"ratingSupplementDate"' in head)


def open_json(request: Request) -> ListFile | None:
    """A saved Ratings API response of US Chess members, dated ``date``."""
    path, _, head, date, kind, problems = request
    if b'"ratingSupplementDate"' in head and b'"firstName"' not in head:
        problems.add(
            path.name,
            "is one member's rating-supplement history (GET /api/v1/members/{id}/"
            "rating-supplements), which names neither the member nor his ID: it is not a "
            "list. Save the members instead (GET /api/v1/members or /api/v1/members/{id})",
        )
        return None
    if date is None:
        problems.add(
            path.name,
            "a saved US Chess members response does not say its date: give the day it was "
            "saved (--date YYYY-MM-DD)",
        )
        return None
    if kind is not None and kind not in KINDS:
        problems.add(path.name, f"US Chess has no {kind} list ({', '.join(KINDS)})")

    def read(problems: ListProblems) -> Iterator[Row]:
        return _read(path, problems)

    note = (f"{path.name}: the US Chess lists of {date.isoformat()} hold only the members this file holds",)
    return ListFile(path, SYSTEM, KINDS, date, "US Chess Ratings API members (JSON)", read, note)


def _members(path: Path, problems: ListProblems) -> list[Any]:
    with open_list(path) as (_, stream):
        data = stream.read(MAX_JSON_BYTES + 1)
    if len(data) > MAX_JSON_BYTES:
        problems.add(path.name, f"is larger than {MAX_JSON_BYTES // 1024**2} MB: not a saved API response")
        return []
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        line = f" line {error.lineno}" if isinstance(error, json.JSONDecodeError) else ""
        problems.add(f"{path.name}{line}", f"not valid JSON ({error}); is the file cut short?")
        return []
    if isinstance(document, dict) and "items" in document:
        document = document["items"]
    if isinstance(document, dict):
        document = [document]
    if not isinstance(document, list):
        problems.add(path.name, "holds no members (a members page, a member, or a list of members)")
        return []
    return document


def _read(path: Path, problems: ListProblems) -> Iterator[Row]:
    seen: set[int] = set()
    for number, member in enumerate(_members(path, problems), start=1):
        where = f"{path.name} member {number}"
        if not isinstance(member, dict):
            problems.add(where, "is not a member (a JSON object)")
            continue
        pid_text = str(member.get("id") or "").strip()
        if not (pid_text.isascii() and pid_text.isdigit() and pid_text[0] != "0" and len(pid_text) <= 10):
            problems.add(where, f"the ID {quote(pid_text)} is not a US Chess ID")
            continue
        pid = int(pid_text)
        where = f"{path.name} member {number} (ID {pid})"
        if pid in seen:
            problems.add(where, "is listed twice")
            continue
        seen.add(pid)
        texts = _texts(member, where, problems)
        if texts is None:
            continue
        last, first = texts["lastName"], texts["firstName"]
        name = f"{last}, {first}" if first else last
        if not last or _ILLEGAL.search(name):
            problems.add(where, f"the name {quote(name)} is empty or holds a control character")
            continue
        expires = _date(member, "expirationDate", where, problems)
        sex = {"Male": "M", "Female": "F"}.get(texts["gender"])
        state = texts["stateRep"] or None
        title = texts["fideTitle"] or None
        ratings = _ratings(member.get("ratings"), where, problems)
        for index, source in enumerate(SOURCES):
            rating, games = ratings.get(source, (None, None))
            yield (index, pid, name, rating, games, None, None, None, state, title, sex, "", expires)
    problems.players = len(seen)


#: A member's fields read as text (``null`` or absent: blank).
_TEXTS = ("lastName", "firstName", "gender", "stateRep", "fideTitle")
#: A date as the API writes it: ``2027-03-31``, or with a time after it (``2027-03-31T00:00:00``).
_API_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:T.*)?", re.DOTALL)


def _texts(member: dict[str, Any], where: str, problems: ListProblems) -> dict[str, str] | None:
    """The member's text fields, stripped (blank when null or absent); None, with a problem for each,
    when one is not text (a number, a list...), which would otherwise be read as blank."""
    texts: dict[str, str] = {}
    good = True
    for key in _TEXTS:
        value = member.get(key)
        if value is not None and not isinstance(value, str):
            problems.add(where, f"{key} {quote(json.dumps(value))} is not text")
            good = False
        texts[key] = value.strip() if isinstance(value, str) else ""
    return texts if good else None


def _date(member: dict[str, Any], key: str, where: str, problems: ListProblems) -> str | None:
    value = member.get(key)
    if value is None:
        return None
    try:
        if not isinstance(value, str) or not _API_DATE.fullmatch(value.strip()):
            raise ValueError
        return dt.date.fromisoformat(value.strip()[:10]).isoformat()
    except ValueError:
        problems.add(where, f"{key} {quote(str(value))} is not a date")
        return None


def _ratings(ratings: Any, where: str, problems: ListProblems) -> dict[str, tuple[int | None, int | None]]:
    """``{source: (rating, games behind a provisional rating)}`` from a member's ``ratings`` (a
    rating 0, or none, is no rating: US Chess 2020, 5, puts every rating at 100 or more)."""
    found: dict[str, tuple[int | None, int | None]] = {}
    if ratings is None:
        return found
    if not isinstance(ratings, list):
        problems.add(where, "ratings is not a list")
        return found
    codes: set[str] = set()
    for entry in ratings:
        code = entry.get("ratingSystem") if isinstance(entry, dict) else None
        if not isinstance(code, str) or code not in SOURCES:  # (an object or a list is no code)
            continue  # correspondence, FIDE, CFC... are no US Chess over-the-board list
        if code in codes:
            problems.add(where, f"holds two {SOURCES[code]} ratings (ratingSystem {code!r} twice): "
                                "which is his?")
            continue
        codes.add(code)
        read = _rating(SOURCES[code], entry, where, problems)
        if read is not None:
            found[code] = read
    return found


def _rating(system: str, entry: dict[str, Any], where: str,
            problems: ListProblems) -> tuple[int | None, int | None] | None:
    """One rating system's ``(rating, games behind a provisional rating)`` (``(None, None)``: no
    rating), or None with its problem."""
    rating, games = entry.get("rating"), entry.get("gamesPlayed")
    provisional = entry.get("isProvisional")
    if provisional is not None and not isinstance(provisional, bool):
        problems.add(where, f"the {system} rating's isProvisional {quote(json.dumps(provisional))} "
                            "is neither true nor false")
        return None
    if rating is not None and (type(rating) is not int or not 0 <= rating <= MAX_RATING):
        problems.add(where, f"the {system} rating {rating!r} is not a whole number from 0 to {MAX_RATING}")
        return None
    if games is not None and (type(games) is not int or not 0 <= games <= MAX_GAMES):
        size = f" from 0 to {MAX_GAMES}" if type(games) is int and games > MAX_GAMES else ""
        problems.add(where, f"gamesPlayed {games!r} is not a whole number{size}")
        return None
    if not rating:  # 0: no rating in that system (US Chess's ratings never go below 100)
        return None, None
    if provisional and games is None:  # (filled alone, it would be rated as established)
        problems.add(where, f"the {system} rating {rating} is provisional "
                            "(isProvisional), but gamesPlayed does not say the games behind it")
        return None
    return rating, games if provisional else None
