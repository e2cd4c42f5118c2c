"""Reading an import's source file: bytes to text, with every failure a FormatError."""

from __future__ import annotations

from pathlib import Path

from .._files import Unreadable, read_regular
from ..errors import FormatError, Problem
from ._common import MAX_FILE_BYTES, decode_text


def read_bytes(path: Path) -> bytes:
    """The bytes of ``path``; a :class:`FormatError` naming it when it cannot be read, is not a
    regular file (a FIFO is refused, never waited on) or is larger than
    :data:`~._common.MAX_FILE_BYTES` (read no further than that)."""
    try:
        return read_regular(path, MAX_FILE_BYTES)
    except Unreadable as error:
        reason = error.reason
        if error.too_large:
            reason = (f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB: too large for an event's file "
                      "(is it the right file?)")
        raise FormatError([Problem(str(path), reason)]) from None


def read_text(path: Path, warnings: list[str] | None = None) -> str:
    """The text of ``path``: UTF-8, else Windows-1252 (see ``decode_text``, which adds a warning
    to ``warnings`` when the file mixes the two)."""
    return decode_text(read_bytes(path), path.name, warnings)
