"""The local store of official lists: every loaded list, kept by system, kind and date.

The store is one SQLite file (the standard library's :mod:`sqlite3`, which Pyodide has
too), by default in the user's data folder (:func:`default_path`), else where ``--db``
or the environment variable ``XLRATING_DB`` says.

It keeps a player's row only when it changes. A *series* is one system's one kind of list
(FIDE Standard, US Chess Regular...), with a table of its own (``rows_<series>``); a row
``(id, date)`` there holds the player's values from the list of that date on, until a later
row replaces it; a row with no name says the player left the list on that date. The list in
force on a date is the newest list of the series dated on or before it, and a player's row on
it is his newest row dated on or before that list. Loading next month's list writes only the
players whose row changed (and a row for each who left), so ten years of FIDE's monthly lists
cost what changed in them, not 120 copies of 1.2 million rows (docs/files.md gives the figures).
A list dated between two loaded ones is fitted in: the next list's rows stay as they were.
Two indexes find a series' rows: by ID and date, and by the key of the folded name
(:func:`fold_key`), which a row carries when its name is new for its ID. A series' first
list goes into its table in the file's order and the indexes are made after it (sorting a
million keys once is far cheaper than keeping a tree in order row by row).

Each file is loaded in one transaction, so a bad file changes nothing; a file already
loaded (the same SHA-256) is not loaded twice. A store that is locked by another program,
read-only or damaged raises :class:`StoreError` with one line that says so.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import sqlite3
import sys
import unicodedata
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import _check, systems
from ..errors import FormatError, InputError, Problem, XlratingError
from ._source import ListProblems, TooManyProblems, sha256
from .detect import open_list_file
from .listfile import FIELDS, Bulk, ListFile, NotWellFormed, to_player
from .model import ListedPlayer, ListInfo

#: The store's layout; a store written by another layout is refused, never misread.
SCHEMA_VERSION = "3"

_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE series(series INTEGER PRIMARY KEY, system TEXT NOT NULL, kind TEXT NOT NULL,
                    UNIQUE(system, kind));
CREATE TABLE files(file INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
                   loaded TEXT NOT NULL);
CREATE TABLE lists(list INTEGER PRIMARY KEY, series INTEGER NOT NULL REFERENCES series,
                   date INTEGER NOT NULL, players INTEGER NOT NULL, file INTEGER NOT NULL REFERENCES files,
                   UNIQUE(series, date));
"""
_VALUES = ", ".join(FIELDS[1:])  # the stored values after the ID
_VALUE_COLUMNS = (
    "name TEXT, rating INTEGER, games INTEGER, k INTEGER, birth_year INTEGER, "
    "birth_date TEXT, federation TEXT, title TEXT, sex TEXT, flags TEXT, expires TEXT"
)
"""The stored values' columns, with their types."""


def _rows(series: int) -> str:
    """The table of a series' rows."""
    return f"rows_{int(series)}"


def _new_rows(connection: sqlite3.Connection, series: int) -> None:
    """Make a series' table anew, without its indexes (:func:`_index_rows` makes them)."""
    table = _rows(series)
    connection.execute(f"DROP TABLE IF EXISTS {table}")
    connection.execute(
        f"CREATE TABLE {table}(id INTEGER NOT NULL, date INTEGER NOT NULL, key INTEGER, {_VALUE_COLUMNS})"
    )


def _newest(series: int, day: int, ids: str = "") -> str:
    """SQL of the ``id`` and row (its ``rowid`` as ``at``) of each player on the list of ``day``: his
    newest row dated on or before it (of the IDs in ``ids``, an SQL list, if given). The index
    by ID and date finds them without reading a row."""
    where = f" AND id IN ({ids})" if ids else ""
    return f"SELECT id, rowid AS at, max(date) FROM {_rows(series)} WHERE date <= {day}{where} GROUP BY id"


def _index_rows(connection: sqlite3.Connection, series: int) -> None:
    """Index a series' rows by ID and date (an ID twice on one list raises
    :class:`sqlite3.IntegrityError`) and by the key of their names (a row whose name has the
    key of an earlier row of the ID has none: the index holds each ID once under each name)."""
    table = _rows(series)
    connection.execute(f"CREATE UNIQUE INDEX {table}_id ON {table}(id, date)")
    connection.execute(f"CREATE INDEX {table}_key ON {table}(key, id) WHERE key IS NOT NULL")


#: SQLite's page cache (KiB): look-ups, and loads (the indexes of a list are sorted in it, and
#: next month's list is compared with the rows before it, found by ID: the pages of a 1.2 million
#: player list and its indexes must fit in it).
_CACHE_KB = 64 * 1024
_LOAD_CACHE_KB = 192 * 1024
#: IDs looked up in one query.
_CHUNK = 500


class StoreError(XlratingError, OSError):
    """The list store cannot be used: locked by another program, read-only, damaged, of another layout."""


def default_path() -> Path:
    """Where the store is kept: ``XLRATING_DB`` if set; else the user's data folder:
    ``%LOCALAPPDATA%\\xlrating\\lists.sqlite`` on Windows, ``~/Library/Application
    Support/xlrating/lists.sqlite`` on macOS, ``$XDG_DATA_HOME/xlrating/lists.sqlite``
    (``~/.local/share/xlrating/lists.sqlite``) elsewhere."""
    named = os.environ.get("XLRATING_DB")
    if named:
        return Path(named)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "xlrating" / "lists.sqlite"


#: The ASCII characters that are not letters or digits, which :func:`fold_name` drops.
_ASCII_PUNCTUATION = str.maketrans("", "", "".join(c for c in map(chr, range(128)) if not c.isalnum()))


def fold_name(name: str) -> str:
    """A name as names are matched: case, accents, spaces and punctuation folded
    (``"O'Brien, Seán"`` and ``"obrien sean"`` are one)."""
    if name.isascii():  # the same fold, done in C: most names on a list are plain ASCII
        return name.lower().translate(_ASCII_PUNCTUATION)
    return "".join(ch for ch in unicodedata.normalize("NFKD", name.casefold()) if ch.isalnum())


def fold_key(name: str) -> int:
    """The key of a name in the store's index of names: a 32-bit CRC of its :func:`fold_name`
    (4 bytes where the folded name would take 15 or so; the few names that share a key are told
    apart by their folded names when found)."""
    return zlib.crc32(fold_name(name).encode()) - 2**31


#: :data:`_ASCII_PUNCTUATION` but the line feed, which parts the names :func:`fold_keys` folds together.
_ASCII_PUNCTUATION_BUT_LF = str.maketrans(
    "", "", "".join(c for c in map(chr, range(128)) if not c.isalnum() and c != "\n")
)


def fold_keys(names: Sequence[str]) -> list[int]:
    """:func:`fold_key` of each name: the ASCII names folded together, in one pass over all of
    them (a list of a million names is folded in a fraction of the time of one by one)."""
    joined = "\n".join(names)
    if joined.count("\n") != len(names) - 1:  # a name holds a line feed
        return [fold_key(name) for name in names]
    folded = joined.lower().translate(_ASCII_PUNCTUATION_BUT_LF).encode().split(b"\n")
    keys = [crc - 2**31 for crc in map(zlib.crc32, folded)]
    if not joined.isascii():
        for index, name in enumerate(names):
            if not name.isascii():
                keys[index] = fold_key(name)
    return keys


def _sql_fold_key(name: str | None) -> int | None:
    """:func:`fold_key` in SQL (``xl_fold_key``): no key for no name."""
    return None if name is None else fold_key(name)


def _day(date: dt.date) -> int:
    return date.year * 10000 + date.month * 100 + date.day


def _date(day: int) -> dt.date:
    return dt.date(day // 10000, day // 100 % 100, day % 100)


@dataclass(frozen=True)
class Loaded:
    """What loading one file did."""

    file: str
    lists: tuple[ListInfo, ...]
    """The lists it added (none if the file was loaded before)."""
    already: bool
    """The same file (its SHA-256) was loaded before: nothing was done."""
    rows_written: int
    """Rows the store gained: every player of a first list, then only the changes."""
    notes: tuple[str, ...] = ()


class ListStore:
    """The store at ``path`` (:func:`default_path` when ``None``), waiting at most ``timeout``
    seconds for another program that holds it locked. Implements
    :class:`~xlrating.official.model.PlayerSource`. Reading a store that does not exist
    finds no list; loading creates it (and its folder)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, timeout: float = 5.0) -> None:
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise _check.fail("path", "a file path", path)
        self.timeout = _check.non_negative("timeout", timeout)
        self.path = Path(path) if path is not None else default_path()
        self._connection: sqlite3.Connection | None = None

    # -- opening and errors -----------------------------------------------------------------

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def __enter__(self) -> ListStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _error(self, error: BaseException) -> StoreError:
        text = str(error).lower()
        where = f"the list store {self.path}"
        if "locked" in text or "busy" in text:
            message = f"{where} is in use by another program (locked); try again when it has finished"
        elif "readonly" in text or "read-only" in text or "permission" in text:
            message = (
                f"{where} is read-only; give a store you may write to with --db or the XLRATING_DB "
                "environment variable"
            )
        elif "not a database" in text or "malformed" in text or "corrupt" in text:
            message = f"{where} is damaged ({error}); move it away and load the lists again"
        elif "unable to open" in text:
            message = f"{where} cannot be opened ({error}); check the folder exists and may be written"
        else:
            message = f"{where}: {error}"
        return StoreError(message)

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            raise self._error(error) from None

    def _connect(self, write: bool) -> sqlite3.Connection | None:
        """The open connection; ``None`` when reading a store that does not exist yet."""
        if self._connection is not None:
            return self._connection
        if not self.path.exists():
            if not write:
                return None
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(
                    f"the list store's folder {self.path.parent} cannot be made ({error.strerror or error})"
                ) from None
        if self.path.is_dir():
            raise StoreError(f"the list store {self.path} is a folder, not a file")
        with self._guard():
            connection = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
            try:
                connection.execute(f"PRAGMA cache_size = -{_CACHE_KB}")
                connection.create_function("xl_fold_key", 1, _sql_fold_key, deterministic=True)
                tables = {
                    name
                    for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
                }
                if not tables:
                    if write:
                        connection.executescript(
                            "BEGIN IMMEDIATE;"
                            + _SCHEMA
                            + f"INSERT INTO meta VALUES ('schema', '{SCHEMA_VERSION}');"
                            "COMMIT;"
                        )
                elif "meta" not in tables or connection.execute(
                    "SELECT value FROM meta WHERE key = 'schema'"
                ).fetchone() != (SCHEMA_VERSION,):
                    raise StoreError(
                        f"the list store {self.path} is not an xlrating list store of this version; "
                        "give another with --db"
                    )
            except BaseException:
                connection.close()
                raise
        self._connection = connection
        return connection

    # -- loading -------------------------------------------------------------------------

    def add(
        self,
        path: str | os.PathLike[str],
        *,
        system: str | None = None,
        kind: str | None = None,
        date: dt.date | None = None,
    ) -> Loaded:
        """Load the list file at ``path`` (format and date told from the file; ``system``,
        ``kind`` and ``date`` where the file does not say). Raises
        :class:`~xlrating.errors.FormatError` naming the file and line of every problem, and
        then stores nothing."""
        return self.add_files([path], system=system, kind=kind, date=date)[0]

    def add_files(
        self,
        paths: Sequence[str | os.PathLike[str]],
        *,
        system: str | None = None,
        kind: str | None = None,
        date: dt.date | None = None,
    ) -> list[Loaded]:
        """Load several list files in one transaction: all of them, or (when any has a problem)
        none. Raises :class:`~xlrating.errors.InputError` listing every file's problems."""
        if isinstance(paths, (str, os.PathLike)) or not isinstance(paths, Iterable) or not all(
                isinstance(p, (str, os.PathLike)) for p in paths):
            raise _check.fail("paths", "a list of file paths", paths)
        if date is not None and (not isinstance(date, dt.date) or isinstance(date, dt.datetime)):
            raise _check.fail("date", "a date", date)
        problems: list[Problem] = []
        opened: list[tuple[Path, str, ListFile | None]] = []
        for path in paths:
            source = Path(path)
            try:
                opened.append(
                    (source, sha256(source), open_list_file(source, system=system, kind=kind, date=date))
                )
            except InputError as error:
                problems.extend(error.problems)
        if problems:
            raise FormatError(problems, title="No list was loaded (nothing was stored):")
        created = self._connection is None and not self.path.exists()
        connection = self._connect(write=True)
        assert connection is not None
        results: list[Loaded] = []
        with self._guard():
            connection.execute(f"PRAGMA cache_size = -{_LOAD_CACHE_KB}")
            connection.execute("BEGIN IMMEDIATE")
            try:
                for source, digest, listed in opened:
                    assert listed is not None
                    known = connection.execute(
                        "SELECT name FROM files WHERE sha256 = ?", (digest,)
                    ).fetchone()
                    if known:
                        note = f"{source.name} was loaded before (as {known[0]}): nothing to do"
                        results.append(Loaded(source.name, (), True, 0, (note,)))
                        continue
                    connection.execute("SAVEPOINT one_file")
                    try:
                        results.append(self._load(connection, listed, digest))
                    except InputError as error:
                        problems.extend(error.problems)
                        connection.execute("ROLLBACK TO one_file")
                    connection.execute("RELEASE one_file")
                if problems:
                    raise FormatError(problems, title="No list was loaded (nothing was stored):")
            except BaseException:
                connection.execute("ROLLBACK")
                if created:  # a store this run made for nothing is not left behind
                    self.close()
                    self.path.unlink(missing_ok=True)
                raise
            connection.execute("COMMIT")
            connection.execute(f"PRAGMA cache_size = -{_CACHE_KB}")
        return results

    def _series(self, connection: sqlite3.Connection, system: str, kind: str) -> int:
        found = connection.execute(
            "SELECT series FROM series WHERE system = ? AND kind = ?", (system, kind)
        ).fetchone()
        if found:
            return int(found[0])
        return int(
            connection.execute("INSERT INTO series(system, kind) VALUES (?, ?)", (system, kind)).lastrowid
            or 0
        )

    def _load(self, connection: sqlite3.Connection, listed: ListFile, digest: str) -> Loaded:
        name = listed.path.name
        day = _day(listed.date)
        series = [self._series(connection, listed.system, kind) for kind in listed.kinds]
        for kind, sid in zip(listed.kinds, series, strict=True):
            taken = connection.execute(
                "SELECT f.name FROM lists l JOIN files f USING (file) WHERE l.series = ? AND l.date = ?",
                (sid, day),
            ).fetchone()
            if taken:
                raise FormatError(
                    [
                        _where(
                            name,
                            f"{listed.system}'s {kind} list of {listed.date:%B %Y} is "
                            f"already loaded (from {taken[0]})",
                        )
                    ],
                    title=f"{name} was not loaded:",
                )
        fresh = [  # a series' first list: into a table of its own, indexed once it is in (FIDE's
            # combined list after a standard list: its rapid and blitz series are fresh, not its standard)
            connection.execute("SELECT 1 FROM lists WHERE series = ?", (sid,)).fetchone() is None
            for sid in series
        ]
        empty = all(fresh)
        for sid, first in zip(series, fresh, strict=True):
            if first:
                _new_rows(connection, sid)
        problems = ListProblems()
        written = 0
        try:
            stored = None
            if listed.bulk is not None and len(series) == 1:
                stored = self._store_bulk(connection, listed.bulk, series[0], day, empty)
            if stored is None:
                written = self._store_rows(connection, listed, problems, series, day, fresh)
            else:
                written, problems.players = stored
        except TooManyProblems:
            pass
        except sqlite3.IntegrityError:
            problems.add(name, "an ID appears twice in the list")
        problems.raise_if_any(f"{name} was not loaded (nothing was stored):")
        if problems.players == 0:
            raise FormatError(
                [_where(name, "holds no player: is the file cut short?")], title=f"{name} was not loaded:"
            )
        loaded = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        file = connection.execute(
            "INSERT INTO files(sha256, name, loaded) VALUES (?, ?, ?)", (digest, name, loaded)
        ).lastrowid
        infos = []
        for kind, sid in zip(listed.kinds, series, strict=True):
            connection.execute(
                "INSERT INTO lists(series, date, players, file) VALUES (?, ?, ?, ?)",
                (sid, day, problems.players, file),
            )
            infos.append(ListInfo(listed.system, kind, listed.date, problems.players, name))
        return Loaded(name, tuple(infos), False, written, listed.notes)

    @staticmethod
    def _new_incoming(connection: sqlite3.Connection) -> None:
        """The table ``temp.incoming``: a file's rows, each list's with its index in the file's
        series as ``kind``, and the key of each name where the reader folded them together
        (else the store folds the names of the rows it stores)."""
        connection.execute("DROP TABLE IF EXISTS temp.incoming")
        connection.execute(
            f"CREATE TEMP TABLE incoming(kind INTEGER, id INTEGER, key INTEGER, {_VALUE_COLUMNS})"
        )

    def _store_rows(
        self,
        connection: sqlite3.Connection,
        listed: ListFile,
        problems: ListProblems,
        series: list[int],
        day: int,
        fresh: Sequence[bool],
    ) -> int:
        """Store the list's rows, each line checked by its reader (none if it found a problem);
        ``fresh``: whether each series has no list yet."""
        self._new_incoming(connection)
        connection.executemany(
            f"INSERT INTO temp.incoming(kind, {', '.join(FIELDS)}) VALUES ({', '.join('?' * 13)})",
            listed.rows(problems),
        )
        written = 0
        if not problems:
            if not all(fresh):  # found by ID, to find the rows that changed (a first list's table is indexed)
                connection.execute("CREATE UNIQUE INDEX temp.incoming_id ON incoming(kind, id)")
            written = self._store_incoming(connection, series, day, fresh)
        connection.execute("DROP TABLE temp.incoming")
        return written

    def _store_bulk(
        self, connection: sqlite3.Connection, bulk: Bulk, series: int, day: int, empty: bool
    ) -> tuple[int, int] | None:
        """Store the one list of a file by its reader's fast way: ``(rows written, players)``;
        ``None``, and nothing stored, if the file is not well formed throughout (it is then read
        line by line). A first list goes straight into its series' table, a later one into
        ``temp.incoming``, to be compared with the list before it."""
        connection.execute("SAVEPOINT bulk")
        try:
            if empty:
                table, lead = _rows(series), ("date", day)
            else:
                self._new_incoming(connection)
                table, lead = "temp.incoming", ("kind", 0)
            insert = (
                f"INSERT INTO {table}({lead[0]}, {', '.join(FIELDS)}, key) "
                f"VALUES ({lead[1]}, {', '.join(bulk.values)}, ?{bulk.fields + 1})"
            )
            players = 0
            for block in bulk.read():  # each line's fields and the key of its name
                keys = fold_keys([fields[bulk.name] for fields in block])
                connection.executemany(
                    insert, [(*fields, key) for fields, key in zip(block, keys, strict=True)]
                )
                players += len(block)
            if connection.execute(f"SELECT 1 FROM {table} WHERE {bulk.invalid} LIMIT 1").fetchone():
                raise NotWellFormed
            connection.execute(f"UPDATE {table} SET {bulk.tidy[0]} WHERE {bulk.tidy[1]}")
            if empty:
                _index_rows(connection, series)
                written = players
            else:
                connection.execute("CREATE UNIQUE INDEX temp.incoming_id ON incoming(kind, id)")
                written = self._merge(connection, 0, series, day)
                connection.execute("DROP TABLE temp.incoming")
        except (NotWellFormed, sqlite3.IntegrityError):
            connection.execute("ROLLBACK TO bulk")
            connection.execute("RELEASE bulk")
            return None
        connection.execute("RELEASE bulk")
        return written, players

    def _store_incoming(
        self, connection: sqlite3.Connection, series: list[int], day: int, fresh: Sequence[bool]
    ) -> int:
        """Store the lists in ``temp.incoming`` as the lists of ``day`` of ``series``: the rows written
        (of a series with lists before, only the rows that changed)."""
        written = 0
        for index, (sid, first) in enumerate(zip(series, fresh, strict=True)):
            if not first:
                written += self._merge(connection, index, sid, day)
                continue
            written += connection.execute(
                f"INSERT INTO {_rows(sid)}(id, date, key, {_VALUES}) "
                f"SELECT id, {day}, coalesce(key, xl_fold_key(name)), {_VALUES} FROM temp.incoming "
                f"WHERE +kind = {index}"  # in the table's order (+: not by the index by ID)
            ).rowcount
            _index_rows(connection, sid)
        return written

    def _merge(self, connection: sqlite3.Connection, kind: int, series: int, day: int) -> int:
        """Store the incoming list ``kind`` as the list of ``day`` in ``series``: the rows that
        differ from the list before it, and rows that keep the list after it as it was."""
        table = _rows(series)
        before = connection.execute(
            "SELECT max(date) FROM lists WHERE series = ? AND date < ?", (series, day)
        ).fetchone()[0]
        after = connection.execute(
            "SELECT min(date) FROM lists WHERE series = ? AND date > ?", (series, day)
        ).fetchone()[0]
        before = before if before is not None else -1
        values = ", ".join(f"i.{field}" for field in FIELDS[1:])
        # a player's newest row before it ({} the table whose row's ID it is)
        newest = (
            f"SELECT rowid FROM {table} WHERE id = {{}}.id AND date <= {before} ORDER BY date DESC LIMIT 1"
        )
        connection.execute("DROP TABLE IF EXISTS temp.changed")
        connection.execute(f"CREATE TEMP TABLE changed(id INTEGER, key INTEGER, {_VALUE_COLUMNS})")
        connection.execute(
            f"INSERT INTO changed SELECT i.id, coalesce(i.key, xl_fold_key(i.name)), {values} "
            f"FROM incoming i WHERE +i.kind = {kind} AND "  # in the table's order, not the index's
            f"(SELECT {_VALUES} FROM {table} WHERE rowid = ({newest.format('i')})) IS NOT ({values})"
        )
        connection.execute(  # the players who left: not on this list, on the list before it
            f"INSERT INTO changed(id) SELECT id FROM ({_newest(series, before)}) n WHERE NOT EXISTS "
            f"(SELECT 1 FROM incoming i WHERE i.kind = {kind} AND i.id = n.id) "
            f"AND (SELECT name FROM {table} WHERE rowid = n.at) IS NOT NULL"
        )
        written = 0
        if after is not None:  # the list after it keeps its rows: as they were before, from then on
            written += connection.execute(
                f"INSERT INTO {table}(id, date, {_VALUES}) SELECT c.id, {after}, "
                + ", ".join(f"s.{field}" for field in FIELDS[1:])
                + f" FROM changed c LEFT JOIN {table} s ON s.rowid = ({newest.format('c')}) WHERE NOT EXISTS "
                f"(SELECT 1 FROM {table} r WHERE r.id = c.id AND r.date = {after})"
            ).rowcount
        written += connection.execute(
            f"INSERT INTO {table}(id, date, key, {_VALUES}) SELECT id, {day}, CASE WHEN EXISTS "
            f"(SELECT 1 FROM {table} r WHERE r.key = c.key AND r.id = c.id) THEN NULL ELSE key END, "
            f"{_VALUES} FROM changed c ORDER BY id"
        ).rowcount
        connection.execute("DROP TABLE temp.changed")
        return written

    # -- reading ----------------------------------------------------------------------------

    def lists(self) -> list[ListInfo]:
        """Every loaded list, by system, kind and date."""
        connection = self._connect(write=False)
        if connection is None:
            return []
        with self._guard():
            found = connection.execute(
                "SELECT s.system, s.kind, l.date, l.players, f.name FROM lists l "
                "JOIN series s USING (series) "
                "JOIN files f USING (file) ORDER BY s.system, s.kind, l.date"
            ).fetchall()
        return [
            ListInfo(system, kind, _date(day), players, name) for system, kind, day, players, name in found
        ]

    def _in_force(
        self, connection: sqlite3.Connection, system: str, kind: str, on: dt.date
    ) -> tuple[int, int] | None:
        """``(series, list date)`` of the list of ``system``/``kind`` in force on ``on``."""
        found = connection.execute(
            "SELECT s.series, max(l.date) FROM series s JOIN lists l USING (series) "
            "WHERE s.system = ? AND s.kind = ? "
            "AND l.date <= ?",
            (system, kind, _day(on)),
        ).fetchone()
        return None if found is None or found[1] is None else (int(found[0]), int(found[1]))

    def _start(self, system: str, kind: str, on: dt.date) -> tuple[sqlite3.Connection, str, int, int] | None:
        named = systems.find(system) if isinstance(system, str) else None
        if named is None:
            raise _check.fail("system", "US Chess, FIDE or ICU", system)
        listed = named.list_kind(kind) if isinstance(kind, str) else None  # (any case: never "no list")
        if listed is None:
            kinds = ", ".join(named.list_kinds)
            raise _check.fail("kind", f"a kind of {named.short_name} list ({kinds})", kind)
        if not isinstance(on, dt.date) or isinstance(on, dt.datetime):
            raise _check.fail("on", "a date", on)
        connection = self._connect(write=False)
        if connection is None:
            return None
        with self._guard():
            found = self._in_force(connection, named.key, listed, on)
        return None if found is None else (connection, named.key, *found)

    def in_force(self, system: str, kind: str, on: dt.date) -> dt.date | None:
        """The date of the list of ``system``/``kind`` in force on ``on`` (``None``: none loaded)."""
        started = self._start(system, kind, on)
        return None if started is None else _date(started[3])

    def lookup(self, system: str, kind: str, ids: Iterable[str], on: dt.date) -> Mapping[str, ListedPlayer]:
        """The rows of these IDs on the list of ``system``/``kind`` in force on ``on`` (the newest
        dated on or before it). IDs that list does not hold are absent (never invented).

        ``kind`` is matched in any case (``standard``); an ID may be text or a whole number
        (12345.0 from a number cell is ``12345``); a kind the system does not publish, or an ID
        such as ``True`` or ``None``, is an :class:`~xlrating.errors.ArgumentError`."""
        if isinstance(ids, (str, bytes)) or not isinstance(ids, Iterable):
            raise _check.fail("ids", "a list of IDs", ids)
        wanted = [_id_text(f"ids[{index}]", pid) for index, pid in enumerate(ids)]
        started = self._start(system, kind, on)
        if started is None:
            return {}
        connection, key, series, day = started
        numbers = {
            int(text): text
            for text in wanted
            if text.isascii() and text.isdigit() and text[0] != "0" and len(text) <= 18
        }
        keys = list(numbers)
        found: dict[str, ListedPlayer] = {}
        list_date = _date(day)
        with self._guard():
            for start in range(0, len(keys), _CHUNK):
                chunk = keys[start : start + _CHUNK]
                rows = connection.execute(
                    f"SELECT id, {_VALUES} FROM {_rows(series)} WHERE rowid IN (SELECT at FROM "
                    f"({_newest(series, day, ', '.join('?' * len(chunk)))}))",
                    chunk,
                )
                for row in rows:
                    if row[1] is not None:
                        text = numbers[row[0]]
                        found[text] = to_player(key, kind, list_date, (text, *row[1:]))
        return found

    def find_by_name(self, system: str, kind: str, name: str, on: dt.date) -> Sequence[ListedPlayer]:
        """The rows on the list in force on ``on`` whose name is ``name``, case, accents, spaces
        and punctuation folded (:func:`fold_name`)."""
        if not isinstance(name, str):
            raise _check.fail("name", "a name", name)
        target = fold_name(name)
        started = self._start(system, kind, on)
        if started is None or not target:
            return []
        connection, _, series, _ = started
        with self._guard():  # every ID that ever had the name; the list in force then decides
            ids = [
                str(pid)
                for (pid,) in connection.execute(
                    f"SELECT DISTINCT id FROM {_rows(series)} WHERE key = ?", (fold_key(name),)
                )
            ]
        return [
            player
            for player in self.lookup(system, kind, ids, on).values()
            if fold_name(player.name) == target
        ]

    def players(
        self, system: str, kind: str, on: dt.date, federation: str | None = None
    ) -> Iterator[ListedPlayer]:
        """Every player on the list in force on ``on`` (of one ``federation`` if given), by ID."""
        if federation is not None and (not isinstance(federation, str) or not federation.strip()):
            raise _check.fail("federation", "a federation such as IRL (None: every one)", federation)
        started = self._start(system, kind, on)
        if started is None:
            return
        connection, key, series, day = started
        list_date = _date(day)
        where = "s.name IS NOT NULL"
        if federation is not None:
            where += " AND upper(s.federation) = upper(?)"
        with self._guard():
            cursor = connection.execute(
                f"SELECT s.id, {', '.join(f's.{field}' for field in FIELDS[1:])} FROM "
                f"({_newest(series, day)}) n JOIN {_rows(series)} s ON s.rowid = n.at "
                f"WHERE {where} ORDER BY s.id",
                (federation.strip(),) if federation is not None else (),
            )
            for row in cursor:
                yield to_player(key, kind, list_date, row)

    def history(self, system: str, player_id: str) -> list[ListedPlayer]:
        """The player's row on every loaded list of ``system`` that holds him, by kind and date."""
        named = systems.find(system) if isinstance(system, str) else None
        if named is None:
            raise _check.fail("system", "US Chess, FIDE or ICU", system)
        text = _id_text("player_id", player_id)
        connection = self._connect(write=False)
        if connection is None or not (text.isascii() and text.isdigit()) or text[0] == "0" or len(text) > 18:
            return []
        result: list[ListedPlayer] = []
        with self._guard():
            for series, kind in connection.execute(
                "SELECT series, kind FROM series WHERE system = ? ORDER BY kind", (named.key,)
            ).fetchall():
                rows = connection.execute(
                    f"SELECT date, {_VALUES} FROM {_rows(series)} WHERE id = ? ORDER BY date",
                    (int(text),),
                ).fetchall()
                if not rows:
                    continue
                days = [
                    day
                    for (day,) in connection.execute(
                        "SELECT date FROM lists WHERE series = ? AND date >= ? ORDER BY date",
                        (series, rows[0][0]),
                    )
                ]
                current, position = None, 0
                for day in days:
                    while position < len(rows) and rows[position][0] <= day:
                        current, position = rows[position], position + 1
                    if current is not None and current[1] is not None:
                        result.append(to_player(named.key, kind, _date(day), (text, *current[1:])))
        return result


def _id_text(name: str, value: Any) -> str:
    """A player's ID as the store's text: text or a whole number (Excel's 12345.0 as ``12345``);
    ``True``, ``None`` or 12.5 are refused, never looked up as ``"True"`` and not found."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _check.fail(name, "a player's ID (text or a whole number)", value)
    return str(_check.whole(name, value))


def _where(name: str, message: str) -> Problem:
    return Problem(name, message)
