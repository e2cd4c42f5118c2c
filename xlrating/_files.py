"""Reading a whole input file safely: a regular file only, never past a size limit.

A FIFO named on the command line would block forever on an ordinary ``open`` (waiting
for a writer), and a device such as ``/dev/zero`` never ends: the file is opened without
blocking and checked with ``fstat`` on the open descriptor, so what is checked is what is
read. The workbook reader and the importers both read through :func:`read_regular`, each
turning :class:`Unreadable` into its own error.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class Unreadable(Exception):
    """Why a file cannot be read, as a phrase that follows its name (``is a folder, not a file``)."""

    def __init__(self, reason: str, *, too_large: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.too_large = too_large
        """The file is larger than the limit (the callers say so in their own words)."""


def size_text(count: int) -> str:
    """``33 MB`` or ``1,234 bytes``."""
    return f"{count / 2**20:,.0f} MB" if count >= 2**20 else f"{count:,} bytes"


def read_regular(file: Path, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``file``; :class:`Unreadable` when it is missing, a folder,
    a device, pipe or socket, unreadable, or larger than ``limit`` bytes (nothing past the
    limit is read). ``what`` names what was expected (``workbook``) in the reasons."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(file, flags)
    except FileNotFoundError:
        raise Unreadable("no such file") from None
    except IsADirectoryError:
        raise Unreadable(f"is a folder, not a {what}") from None
    except OSError as error:
        raise Unreadable(f"cannot be read ({error.strerror or error})") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise Unreadable(f"is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            kind = "regular" if what == "file" else what  # not "reads file files only"
            raise Unreadable(f"is not a regular file (a device, pipe or socket); xlrating reads {kind} "
                             "files only")
        if info.st_size > limit:
            raise Unreadable(f"is {size_text(info.st_size)}, larger than the {size_text(limit)} xlrating "
                             "reads", too_large=True)
        chunks = []
        total = 0
        while True:
            chunk = os.read(descriptor, min(2**20, limit + 1 - total))
            if not chunk:
                break
            total += len(chunk)
            chunks.append(chunk)
            if total > limit:  # it grew while being read
                raise Unreadable(f"is larger than the {size_text(limit)} xlrating reads", too_large=True)
        return b"".join(chunks)
    except OSError as error:
        raise Unreadable(f"cannot be read ({error.strerror or error})") from None
    finally:
        os.close(descriptor)
