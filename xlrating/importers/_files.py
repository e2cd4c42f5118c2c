"""Reading an import's source file: bytes to text, with every failure a FormatError."""

from __future__ import annotations

from pathlib import Path

from ..errors import FormatError, Problem
from ._common import MAX_FILE_BYTES, decode_text


def read_bytes(path: Path) -> bytes:
    """The bytes of ``path``; a :class:`FormatError` naming it when it cannot be read or is
    larger than :data:`~._common.MAX_FILE_BYTES` (read no further than that)."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise FormatError([Problem(str(path), f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB: too "
                                                  "large for an event's file (is it the right file?)")])
        return data
    except FileNotFoundError:
        raise FormatError([Problem(str(path), "no such file")]) from None
    except IsADirectoryError:
        raise FormatError([Problem(str(path), "is a folder, not a file")]) from None
    except OSError as error:
        raise FormatError([Problem(str(path), f"cannot be read ({error.strerror or error})")]) from None


def read_text(path: Path, notes: list[str] | None = None) -> str:
    """The text of ``path``: UTF-8, else Windows-1252 (see ``decode_text``, which adds a note
    to ``notes`` when the file mixes the two)."""
    return decode_text(read_bytes(path), path.name, notes)
