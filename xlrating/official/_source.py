"""Opening an official list file: plain or zipped, streamed a line at a time, hashed.

A list file is large (FIDE's standard list is some 1.2 million lines), so nothing here
reads a whole file into memory: :func:`open_list` gives a binary stream of the list,
the list itself or the one list inside a zip archive. A zip archive is checked before a
byte is decompressed, and again while it is read, so that a *zip bomb* (a small archive
that decompresses to gigabytes) is refused: :data:`MAX_LIST_BYTES` and
:data:`MAX_RATIO`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from ..errors import FormatError, Problem
from ..importers._common import Problems

#: The largest list a file may hold once decompressed. FIDE's combined XML list, the
#: largest there is, is some 500 MB.
MAX_LIST_BYTES = 2 * 1024**3
#: The highest ratio of decompressed to compressed size accepted for an archive member
#: larger than :data:`RATIO_FROM` bytes. FIDE's lists compress about 8:1 (text) to 15:1
#: (XML); a zip bomb, a thousand to one.
MAX_RATIO = 100
RATIO_FROM = 10 * 1024**2
#: How many problems are collected before a file is given up as the wrong file.
MAX_PROBLEMS = 1000

#: A federation as FIDE's and the ICU's lists write it: three capital letters (``IRL``).
FEDERATION = re.compile(r"[A-Z]{3}")

_CHUNK = 1024 * 1024
#: A line longer than this is no list's line: its first MAX_LINE bytes stand for it (for its reader
#: to refuse), the rest of it is skipped.
MAX_LINE = 64 * 1024


class TooManyProblems(Exception):
    """Raised inside a reader when :data:`MAX_PROBLEMS` have been found: the file is refused."""


class ListProblems(Problems):
    """The problems of one list file, given up after :data:`MAX_PROBLEMS`; and, once its rows
    are read, how many players it holds (:attr:`players`)."""

    def __init__(self) -> None:
        super().__init__()
        self.players = 0

    def add(self, where: str, message: str) -> None:
        super().add(where, message)
        if len(self.items) >= MAX_PROBLEMS:
            self.items.append(
                Problem("", f"... reading stopped after {MAX_PROBLEMS} problems (is it the right file?)")
            )
            raise TooManyProblems


def file_error(path: Path, message: str) -> FormatError:
    return FormatError([Problem(str(path), message)], title=f"{path.name} was not loaded:")


def sha256(path: Path) -> str:
    """The SHA-256 of the file's bytes (read in chunks), which tells one file loaded twice."""
    digest = hashlib.sha256()
    with _readable(path), path.open("rb") as file:
        while chunk := file.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


@contextlib.contextmanager
def _readable(path: Path) -> Iterator[None]:
    """Turns the system's refusal to read ``path`` into a :class:`FormatError` naming it."""
    try:
        yield
    except FileNotFoundError:
        raise file_error(path, "no such file") from None
    except IsADirectoryError:
        raise file_error(path, "is a folder, not a file") from None
    except OSError as error:
        raise file_error(path, f"cannot be read ({error.strerror or error})") from None


def is_zip(path: Path) -> bool:
    with path.open("rb") as file:
        return file.read(4) == b"PK\x03\x04"


def zip_member(path: Path) -> zipfile.ZipInfo:
    """The one list inside the archive at ``path``, checked against a zip bomb."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = [
                info
                for info in archive.infolist()
                if not info.is_dir() and not info.filename.startswith("__MACOSX/")
            ]
    except (zipfile.BadZipFile, EOFError, ValueError) as error:
        raise file_error(path, f"is not a readable zip archive (truncated or damaged: {error})") from None
    if len(members) != 1:
        names = ", ".join(info.filename for info in members[:5]) or "nothing"
        raise file_error(path, f"holds {len(members)} files ({names}); a list archive holds one list")
    info = members[0]
    check_size(path, info)
    return info


def check_size(path: Path, info: zipfile.ZipInfo) -> None:
    """Refuse a member whose declared size is too large, or too large for its compressed size."""
    where = f"{path.name}:{info.filename}"
    if info.file_size > MAX_LIST_BYTES:
        raise file_error(
            path,
            f"{where} would decompress to {info.file_size:,} bytes, more than any "
            f"rating list ({MAX_LIST_BYTES:,}): refused as a zip bomb",
        )
    if info.file_size > RATIO_FROM and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        raise file_error(
            path,
            f"{where} would decompress {info.file_size // max(info.compress_size, 1):,} "
            f"times its size (a list compresses at most {MAX_RATIO}:1): refused as a zip bomb",
        )


class _Guarded:
    """A zip member's stream that stops at its declared size and its ratio while it is read."""

    def __init__(self, path: Path, info: zipfile.ZipInfo, stream: IO[bytes]) -> None:
        self.path, self.info, self.stream, self.read_bytes = path, info, stream, 0

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size if size >= 0 else _CHUNK)
        self.read_bytes += len(data)
        if self.read_bytes > min(self.info.file_size, MAX_LIST_BYTES) or (
            self.read_bytes > RATIO_FROM and self.read_bytes > MAX_RATIO * max(self.info.compress_size, 1)
        ):
            raise file_error(
                self.path,
                f"{self.info.filename} decompresses to more than it declares: refused as a zip bomb",
            )
        return data


@contextlib.contextmanager
def open_list(path: Path) -> Iterator[tuple[str, IO[bytes] | _Guarded]]:
    """``(name, stream)``: the list's own name (a zip member's name) and its bytes, streamed."""
    with _readable(path):
        zipped = is_zip(path)
    if not zipped:
        with path.open("rb") as file:
            yield path.name, file
        return
    info = zip_member(path)
    try:
        with zipfile.ZipFile(path) as archive, archive.open(info) as member:
            yield info.filename, _Guarded(path, info, member)
    except (zipfile.BadZipFile, EOFError, zipfile.LargeZipFile) as error:
        raise file_error(
            path, f"{info.filename} cannot be decompressed: the archive is truncated or damaged ({error})"
        ) from None


class TextLines:
    """The lines of a binary stream as text, without their line endings, read a megabyte at a
    time: UTF-8, else (a chunk that is not) Windows-1252. :attr:`unterminated` tells, once
    they are read, whether the last line had no line ending."""

    def __init__(self, stream: IO[bytes] | _Guarded) -> None:
        self.stream = stream
        self.unterminated = False

    def __iter__(self) -> Iterator[str]:
        for block in self.blocks():
            lines = block.replace("\r\n", "\n").split("\n")
            yield from lines if self.unterminated else lines[:-1]

    def blocks(self) -> Iterator[str]:
        """The text a megabyte at a time, in blocks of whole lines, each with its line ending
        (``"\\n"`` or ``"\\r\\n"``); a last line without one comes alone, last, once
        :attr:`unterminated` is set."""
        rest = b""
        skipping = False  # the rest of a line too long to be a list's, after its first MAX_LINE bytes
        while chunk := self.stream.read(_CHUNK):
            data = rest + chunk
            if skipping:
                newline = data.find(b"\n")
                skipping, data = newline < 0, data[newline + 1 :] if newline >= 0 else b""
            end = data.rfind(b"\n") + 1
            if end == 0 and len(data) > MAX_LINE:  # no line is this long: its start, for its reader to refuse
                cut = MAX_LINE
                while cut and data[cut] & 0xC0 == 0x80:  # not inside a UTF-8 character
                    cut -= 1
                yield decode(data[:cut]) + "\n"
                skipping, rest = True, b""
                continue
            rest = data[end:]
            if end:
                yield decode(data[:end])
        if rest:
            self.unterminated = True
            yield decode(rest).rstrip("\r")


def decode(text: bytes) -> str:
    """Lines as text: UTF-8, else Windows-1252 (older lists); where some lines are UTF-8 beyond
    ASCII and others not, each line on its own (a UTF-8 list with one line of Windows-1252 keeps
    its other lines' names, and the columns after them, as they are)."""
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError:
        # Each byte that is not UTF-8 decodes to one character (a lone surrogate), as each ASCII byte
        # does: as many characters as bytes, and no character of UTF-8 beyond ASCII is in the text.
        if len(text.decode("utf-8", errors="surrogateescape")) == len(text):
            return text.decode("cp1252", errors="replace")  # (no line is UTF-8: all at once)
        return "".join(map(_decode_line, text.splitlines(keepends=True)))


def _decode_line(line: bytes) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("cp1252", errors="replace")


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_YEAR = re.compile(r"(?<![a-z])(" + "|".join(_MONTHS) + r")([0-9]{2})(?![0-9])", re.IGNORECASE)


def month_date(text: str) -> dt.date | None:
    """The first day of the month a ``NOV26``-style word names (``nov26frl`` too), or ``None``."""
    match = _MONTH_YEAR.search(text)
    if not match:
        return None
    year = int(match[2])
    return dt.date(2000 + year if year < 70 else 1900 + year, _MONTHS.index(match[1].lower()) + 1, 1)
