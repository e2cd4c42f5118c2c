"""The sources of listed players at hand: the store of loaded lists opened, any source closed after use.

The command line's ``fill``, ``rate --list``, ``lists sheet`` and ``template season --list``
and the Excel macro *Fill from the list* all take their players this way. The store itself
(:mod:`xlrating.official.store`) is imported only when it is opened.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from .model import PlayerSource


def open_store(db: str | None) -> PlayerSource:
    """The store of loaded list files (``db``, else ``XLRATING_DB``, else the user's data folder)."""
    from .store import ListStore

    return ListStore(db)


def closed_after(source: PlayerSource) -> contextlib.AbstractContextManager[PlayerSource]:
    """``source`` for a ``with`` block that closes it after (the store holds its file open; a
    ``List`` sheet holds nothing)."""
    close = getattr(source, "close", None)
    if close is None:
        return contextlib.nullcontext(source)

    @contextlib.contextmanager
    def opened() -> Iterator[PlayerSource]:
        try:
            yield source
        finally:
            close()

    return opened()
