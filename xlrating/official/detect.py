"""Which list a file is: its format and system told from its first bytes.

:func:`open_list_file` looks at the start of the file (the list itself, or the one list
inside a zip archive), hands it to the reader of its format, and answers with the
:class:`~.listfile.ListFile` that reader found; a file that is no known list, or another
system's list than the one asked for, is refused with its file and line.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from pathlib import Path

from .. import _check, systems
from ..errors import FormatError, Problem
from . import fide, icu, uscf
from ._source import ListProblems, TooManyProblems, open_list
from .listfile import ListFile, Request, first_line

#: How much of a file its format is told from.
HEAD_BYTES = 64 * 1024

Opener = Callable[[Request], "ListFile | None"]


def _sniff(head: bytes) -> tuple[str, Opener] | None:
    """``(system, opener)`` for the format these first bytes show, or ``None``."""
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    first = first_line(head)
    if first.upper().startswith("ID NUMBER"):
        return "FIDE", fide.open_txt
    if text.startswith((b"<?xml", b"<playerslist", b"<player")) and b"<fideid>" in head:
        return "FIDE", fide.open_xml
    if icu.is_icu_csv(first):
        return "ICU", icu.open_csv
    if uscf.is_uscf_json(head):
        return "USCF", uscf.open_json
    return None


def _wrapped(head: bytes) -> str | None:
    """Why a file that may hold a list in a form xlrating does not read is refused: empty, UTF-16 text
    (a list saved again by a Windows editor), or compressed by gzip (the federations zip their lists)."""
    if not head.strip(b"\xef\xbb\xbf \t\r\n"):
        return "is empty: no list in it (is the download unfinished?)"
    if head.startswith(b"\x1f\x8b"):
        return "is compressed with gzip, which xlrating does not read: decompress it, or give the list as " \
               "the federation publishes it (.txt, .xml, .csv, .json or .zip)"
    sample = head[:400]  # UTF-16 without its byte-order mark: every other byte 0 (ASCII text)
    half = len(sample) // 2
    if sample.startswith((b"\xff\xfe", b"\xfe\xff")) or (
            half >= 2 and max(sample[1::2].count(0), sample[::2].count(0)) >= 0.9 * half):
        return "is UTF-16 text, which xlrating does not read: save it as UTF-8 (or give the list as the " \
               "federation publishes it)"
    return None


def open_list_file(
    path: str | os.PathLike[str],
    *,
    system: str | None = None,
    kind: str | None = None,
    date: dt.date | None = None,
) -> ListFile:
    """The list file at ``path``, its header checked: raises :class:`~xlrating.errors.FormatError`
    naming the file (and line) when it is no list xlrating reads, another ``system``'s list,
    or when its date or kind is missing and not given, or ``kind`` is none of the system's
    (matched in any case: ``standard`` is filed as ``Standard``, never under a second name)."""
    source = Path(path)
    if system is not None:
        named = systems.find(system)
        if named is None:
            raise _check.fail("system", "US Chess, FIDE or ICU", system)
        system = named.key
    problems = ListProblems()
    with open_list(source) as (member, stream):
        head = stream.read(HEAD_BYTES)
    found = _sniff(head)
    title = f"{source.name} was not loaded:"
    if found is None:
        shown = first_line(head)[:60].strip()
        message = _wrapped(head) or (
            f"not a rating list xlrating reads (FIDE TXT or XML, US Chess, ICU); first line {shown!r}")
        raise FormatError([Problem(str(source), message)], title=title)
    own_system, opener = found
    if system is not None and system != own_system:
        names = systems.get(own_system).short_name, systems.get(system).short_name
        raise FormatError([Problem(str(source), "is {}'s list, not {}'s".format(*names))], title=title)
    if kind is not None:  # any case, as the registry spells it (an unknown kind: the opener says so)
        kind = systems.get(own_system).list_kind(kind) or kind
    try:
        opened = opener(Request(source, member, head, date, kind, problems))
    except TooManyProblems:
        opened = None
    problems.raise_if_any(title)
    assert opened is not None
    return opened
