"""Reading an import's source file: bytes to text, with every failure a FormatError."""

from __future__ import annotations

from pathlib import Path

from ..errors import FormatError, Problem
from ._common import decode_text


def read_bytes(path: Path) -> bytes:
    """The bytes of ``path``; a :class:`FormatError` naming it when it cannot be read."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise FormatError([Problem(str(path), "no such file")]) from None
    except IsADirectoryError:
        raise FormatError([Problem(str(path), "is a folder, not a file")]) from None
    except OSError as error:
        raise FormatError([Problem(str(path), f"cannot be read ({error.strerror or error})")]) from None


def read_text(path: Path) -> str:
    """The text of ``path``: UTF-8, else Windows-1252/Latin-1 (see ``decode_text``)."""
    return decode_text(read_bytes(path), path.name)
