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
from ._source import ListProblems, TooManyProblems, decode, open_list
from .listfile import ListFile

#: How much of a file its format is told from.
HEAD_BYTES = 64 * 1024

Opener = Callable[..., "ListFile | None"]


def _sniff(head: bytes) -> tuple[str, Opener, str] | None:
    """``(system, opener, first text)`` for the format these first bytes show, or ``None``."""
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    first = decode(text.split(b"\n", 1)[0])
    if first.upper().startswith("ID NUMBER"):
        return "FIDE", fide.open_txt, first
    if text.startswith((b"<?xml", b"<playerslist", b"<player")) and b"<fideid>" in head:
        return "FIDE", fide.open_xml, first
    if icu.is_icu_csv(first):
        return "ICU", icu.open_csv, first
    if uscf.is_uscf_json(head):
        return "USCF", uscf.open_json, first
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
    or when its date or kind is missing and not given."""
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
    if found is None:
        shown = decode(head.split(b"\n", 1)[0])[:60].strip()
        raise FormatError(
            [
                _problem(
                    source,
                    f"not a rating list xlrating reads (FIDE TXT or XML, US Chess, ICU); "
                    f"its first line is {shown!r}",
                )
            ],
            title=f"{source.name} was not loaded:",
        )
    own_system, opener, first = found
    if system is not None and system != own_system:
        raise FormatError(
            [
                _problem(
                    source,
                    f"is {systems.get(own_system).short_name}'s list, not {systems.get(system).short_name}'s",
                )
            ],
            title=f"{source.name} was not loaded:",
        )
    try:
        opened = opener(
            source,
            member,
            first if opener is fide.open_txt else head,
            date=date,
            kind=kind,
            problems=problems,
        )
    except TooManyProblems:
        opened = None
    problems.raise_if_any(f"{source.name} was not loaded:")
    assert opened is not None
    return opened


def _problem(path: Path, message: str) -> Problem:
    return Problem(str(path), message)
