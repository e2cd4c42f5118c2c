"""The Irish Chess Union's rating list, as its ratings site downloads it (CSV).

The ICU's ratings site (ratings.icu.ie, the public ``icu_ratings_app``) lets a logged-in
member download the ratings it shows as CSV (``icu_ratings.csv``): a header line
``last,first,id,list,rating,provisional,federation,club`` and one line a rating, written
by ``IcuRating.to_csv`` (``app/models/icu_rating.rb``): the player's last and first
names, ICU ID, the list's date (``2015-09-01``), the rating, ``true`` for a provisional
rating, the player's federation and club. A download filtered to one list holds that
list; one with several list dates is refused (choose one list on the site).

Kept: the name as ``Last, First``, the rating (0 is stored as no rating, as on FIDE's and US
Chess's lists), the federation (``IRL``; blank where the ICU
records none) and ``p`` in :attr:`~.model.ListedPlayer.flags` for a provisional rating. The club
is not kept: a crosstable has no column for it, and it is not the player's federation.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path

from ..importers._common import _ILLEGAL, quote
from ._source import FEDERATION, ListProblems, TextLines, open_list
from .listfile import ListFile, Request, Row

SYSTEM = "ICU"
KIND = "Standard"
HEADER = ("last", "first", "id", "list", "rating", "provisional", "federation", "club")
MAX_RATING = 4000


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
"""A list date as the ICU's site writes it (``2011-09-01``)."""


def _rewritten(listed: str) -> str:
    """A list date not written as the ICU writes it: a spreadsheet's (``01/09/2011``, ``20110901``),
    which a file opened and saved again in one gets (its dates rewritten, and maybe its numbers)."""
    return (f"the list date {quote(listed)} is not written as the ICU writes dates (YYYY-MM-DD, as "
            "2011-09-01): a file opened and saved again in a spreadsheet has its dates rewritten; load the "
            "file as downloaded")


def is_icu_csv(first: str) -> bool:
    return tuple(cell.strip().lower() for cell in first.lstrip("\ufeff").split(",")) == HEADER


def open_csv(request: Request) -> ListFile | None:
    """The ICU's CSV list whose first bytes are ``head``; its date from its rows (the first row's
    list date; every row must have it), ``date`` if the rows give none."""
    path, _, head, date, kind, problems = request
    if kind is not None and kind != KIND:
        problems.add(path.name, f"the ICU publishes one list (Standard), not {kind}")
    own = rewritten = None
    for line in head.decode("utf-8", errors="replace").splitlines()[1:]:  # (a last line cut short: its club)
        cells = next(csv.reader([line]), [])
        if len(cells) == len(HEADER):  # the first row's date: a row of another is named at its line
            listed = cells[3].strip()
            if not _ISO_DATE.fullmatch(listed):
                rewritten = listed
            else:
                with contextlib.suppress(ValueError):  # (2011-02-30: said at its line)
                    own = dt.date.fromisoformat(listed)
            break
    if rewritten is not None and date is None:
        problems.add(f"{path.name} line 2", _rewritten(rewritten))
        return None
    if date is not None and own is not None and date != own:
        problems.add(
            f"{path.name} line 2",
            f"the list is dated {own.isoformat()}, but the date given is {date.isoformat()}",
        )
    list_date = own or date
    if list_date is None:
        problems.add(path.name, "the list's date cannot be told from its rows: give it (--date YYYY-MM-DD)")
        return None

    def read(problems: ListProblems) -> Iterator[Row]:
        return _read(path, list_date, problems)

    return ListFile(path, SYSTEM, (KIND,), list_date, "ICU rating list (CSV)", read)


def _read(path: Path, list_date: dt.date, problems: ListProblems) -> Iterator[Row]:
    seen: set[int] = set()
    day = list_date.isoformat()
    with open_list(path) as (_, stream):
        for number, cells in enumerate(_records(path, csv.reader(TextLines(stream)), problems), start=1):
            if number == 1 or not any(cell.strip() for cell in cells):
                continue
            row = _row(f"{path.name} line {number}", cells, day, seen, problems)
            if row is not None:
                yield row
    problems.players = len(seen)


def _records(path: Path, reader: Iterator[list[str]], problems: ListProblems) -> Iterator[list[str]]:
    """The CSV records, a record the csv module cannot read a problem at its line (and an empty
    record in its place, so that the lines after it keep their numbers): a carriage return inside
    a line, or a quote left open, which runs on into the lines after it."""
    number = 0
    while True:
        number += 1
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            why = ("a carriage return (CR) inside the line, not at its end" if "new-line" in str(error)
                   else f"{error} (a quote left open runs on into the lines after it)"
                   if "field limit" in str(error) else str(error))
            problems.add(f"{path.name} line {number}", f"cannot be read as CSV: {why}")
            yield []


def _row(where: str, cells: list[str], day: str, seen: set[int], problems: ListProblems) -> Row | None:
    """One line's player, or None when a field is bad (each problem at ``where``; after a bad or
    repeated ID, the line's other fields are not read). ``seen``: the IDs of the lines before."""
    if len(cells) != len(HEADER):
        problems.add(where, f"{len(cells)} fields where the ICU's list has {len(HEADER)} (is the file cut "
                            "short?)")
        return None
    last, first, pid_text, listed, rating_text, provisional, federation, _club = (c.strip() for c in cells)
    before = len(problems.items)
    if listed != day:
        problems.add(where, _rewritten(listed) if not _ISO_DATE.fullmatch(listed) else
                     f"the list date {quote(listed)} is not the file's ({day}): a download holds one list; "
                     "choose one list on the ratings site")
    pid = _icu_id(where, pid_text, seen, problems)
    if pid is None:
        return None
    name = _name(where, last, first, problems)
    rating = _rating(where, rating_text, problems)
    if federation and not FEDERATION.fullmatch(federation):
        problems.add(where, f"the federation {quote(federation)} is not three capital letters")
    if provisional.lower() not in ("true", "false"):
        problems.add(where, f"provisional is {quote(provisional)}, neither true nor false")
    if len(problems.items) > before:
        return None
    flags = "p" if provisional.lower() == "true" else ""
    # a rating of 0 is none, as on FIDE's and US Chess's lists (the crosstable takes 1 to 4000)
    return (0, pid, name, rating or None, None, None, None, None, federation or None, None, None, flags, None)


def _icu_id(where: str, text: str, seen: set[int], problems: ListProblems) -> int | None:
    """The line's ICU ID (taken into ``seen``), or None when it is not one or is repeated (with
    its problem)."""
    if not (text.isascii() and text.isdigit() and text[0] != "0" and len(text) <= 10):
        problems.add(where, f"the ID {quote(text)} is not an ICU ID")
        return None
    pid = int(text)
    if pid in seen:
        problems.add(where, f"the ID {pid} is listed twice (an earlier line has it too)")
        return None
    seen.add(pid)
    return pid


def _name(where: str, last: str, first: str, problems: ListProblems) -> str:
    """``Last, First`` (``Last`` without a first name), with a problem when it is empty or holds a
    control character."""
    name = f"{last}, {first}" if first else last
    if not last or _ILLEGAL.search(name):
        problems.add(where, f"the name {quote(name)} is empty or holds a control character")
    return name


def _rating(where: str, text: str, problems: ListProblems) -> int | None:
    """The rating, a whole number from 0 to :data:`MAX_RATING` (else a problem)."""
    rating = int(text) if text.isascii() and text.isdigit() else None
    if rating is None or rating > MAX_RATING:
        problems.add(where, f"the rating {quote(text)} is not a whole number from 0 to {MAX_RATING}")
    return rating
