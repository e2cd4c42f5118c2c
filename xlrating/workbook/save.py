"""Writing a file so that a failed, interrupted or killed run never leaves half of it.

:func:`stage` writes the new contents to a temporary file beside the target (named
``.NAME.PID.XXXXXXXX.tmp``), flushes it to disk and gives it the target's permissions
(and owner, when run as root); :meth:`Staged.commit` then renames it over the target and
flushes the folder. A temporary file whose process no longer runs (one killed mid-save)
is removed by the next save to the same name. With ``unchanged``, the target is replaced
only if it still holds those bytes (another program may have saved it meanwhile).
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..errors import WorkbookError
from .package import read_file


def writable_target(path: str | os.PathLike[str]) -> Path:
    """The file to write for ``path``, checked before anything is written.

    A symbolic link gives the file it points to (so saving replaces that file and the
    link stays). Raises :class:`~xlrating.errors.WorkbookError` naming ``path`` when it
    is a folder, a device, pipe or socket, its folder does not exist or cannot be written
    to, or it is a file the user may not write (read-only): xlrating never replaces a file
    its owner protected.
    """
    target = Path(path)
    try:
        real = Path(os.path.realpath(target)) if target.is_symlink() else target
        if real.is_dir():
            raise WorkbookError(f"{target}: is a folder, not a file; give a file name")
        if real.exists() and not stat.S_ISREG(real.stat().st_mode):
            raise WorkbookError(f"{target}: is not a regular file (a device, pipe or socket); "
                                "xlrating writes workbook files only")
        folder = real.parent
        if not folder.is_dir():
            raise WorkbookError(f"{target}: folder {folder} does not exist")
        if real.exists() and not os.access(real, os.W_OK):
            raise WorkbookError(f"{target}: is read-only; xlrating does not replace it. Make it writable "
                                "or choose another name")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise WorkbookError(f"{target}: cannot be written (the folder {folder} is read-only)")
    except (OSError, ValueError) as error:
        if isinstance(error, WorkbookError):
            raise
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise WorkbookError(f"{target}: cannot be written ({reason})") from None
    return real


def same_file(first: str | os.PathLike[str], second: str | os.PathLike[str]) -> bool:
    """Whether two paths name one file: the same path once resolved, or (both existing) the same
    file on disk, so a symbolic or hard link, ``./x.xlsx`` and, on a case-insensitive disk,
    ``X.XLSX`` all count as ``x.xlsx``."""
    a, b = Path(first), Path(second)
    try:
        if a.resolve() == b.resolve():
            return True
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except (OSError, ValueError, RuntimeError):  # RuntimeError: a loop of links, before Python 3.13
        return False


@dataclass
class Staged:
    """A file written beside its target, waiting for :meth:`commit` (or :meth:`discard`)."""

    target: Path
    """The path as given."""
    real: Path
    """The file replaced (a symbolic link's target)."""
    temporary: Path
    unchanged: bytes | None = None

    def commit(self) -> Path:
        """Rename the temporary file over the target; refused if the target changed meanwhile."""
        try:
            if self.unchanged is not None:
                try:
                    now = read_file(self.real)
                except WorkbookError:
                    now = None
                if now != self.unchanged:
                    raise WorkbookError(f"{self.target}: changed on disk while it was being rated (saved by "
                                        "another program?); it was not replaced. Rate it again")
            os.replace(self.temporary, self.real)
        except WorkbookError:  # an OSError too: said as it is, not as "cannot be written (...)"
            self.discard()
            raise
        except OSError as error:
            self.discard()
            hint = "; if it is open in Excel, close it and try again" \
                if isinstance(error, PermissionError) and self.real.exists() else ""
            reason = error.strerror or error
            raise WorkbookError(f"{self.target}: cannot be written ({reason}){hint}") from None
        except BaseException:
            self.discard()
            raise
        _sync_folder(self.real.parent)
        return self.target

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self.temporary.unlink()


def stage(path: str | os.PathLike[str], write: Callable[[IO[bytes]], None], *,
          unchanged: bytes | None = None) -> Staged:
    """Write a new file for ``path`` with ``write`` into a temporary file beside it (see the module)."""

    def produce(name: Path) -> None:
        with open(name, "wb") as file:
            write(file)

    return _staged(path, produce, unchanged=unchanged)


def stage_file(path: str | os.PathLike[str], produce: Callable[[Path], object]) -> Staged:
    """Like :func:`stage`, for a writer that takes a file name: ``produce(name)`` writes the
    file at ``name``, a hidden name beside ``path`` with the same suffix."""
    return _staged(path, produce, suffix=Path(path).suffix)


def _staged(path: str | os.PathLike[str], produce: Callable[[Path], object], *, suffix: str = "",
            unchanged: bytes | None = None) -> Staged:
    """The file ``produce`` writes at a temporary name beside ``path``, flushed to disk, with
    the permissions and owner of the file it will replace."""
    target = Path(path)
    real = writable_target(target)
    sweep(real.parent, real.name)
    temporary = _temporary_file(real.parent, real.name, suffix=suffix)
    staged = Staged(target=target, real=real, temporary=temporary, unchanged=unchanged)
    try:
        produce(temporary)
        with open(temporary, "rb+") as file:
            os.fsync(file.fileno())
        if real.exists():
            shutil.copymode(real, temporary)
            _keep_owner(real, temporary)
    except OSError as error:
        staged.discard()
        raise WorkbookError(f"{target}: cannot be written ({error.strerror or error})") from None
    except BaseException:
        staged.discard()
        raise
    return staged


def write_atomic(path: str | os.PathLike[str], write: Callable[[IO[bytes]], None], *,
                 unchanged: bytes | None = None) -> Path:
    """:func:`stage`, then commit."""
    return stage(path, write, unchanged=unchanged).commit()


def _keep_owner(original: Path, new: Path) -> None:
    """Give ``new`` the owner and group of ``original`` (possible when run as root)."""
    if not hasattr(os, "chown"):
        return
    info = original.stat()
    mine = new.stat()
    if (info.st_uid, info.st_gid) != (mine.st_uid, mine.st_gid):
        with contextlib.suppress(OSError):
            os.chown(new, info.st_uid, info.st_gid)


def _sync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _temporary_file(folder: Path, name: str, suffix: str = "") -> Path:
    """A new empty file beside the target, created with the user's default permissions."""
    for _ in range(100):
        candidate = folder / f".{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp{suffix}"
        try:
            descriptor = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        except OSError as error:
            raise WorkbookError(f"{folder / name}: cannot be written ({error.strerror or error})") from None
        os.close(descriptor)
        return candidate
    raise WorkbookError(f"{folder / name}: cannot create a temporary file in {folder}")


def sweep(folder: Path, name: str) -> list[Path]:
    """Remove the temporary files of saves of ``name`` whose process no longer runs; return them."""
    if os.name != "posix":
        return []
    pattern = re.compile(r"\.+" + re.escape(name) + r"\.(\d+)\.[0-9a-f]{8}\.tmp")
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        match = pattern.match(entry.name)
        if match is None or not entry.is_file(follow_symlinks=False):
            continue
        try:
            os.kill(int(match.group(1)), 0)
            continue  # still running (or pid taken again): leave it
        except ProcessLookupError:
            pass
        except (PermissionError, OverflowError, ValueError):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed
