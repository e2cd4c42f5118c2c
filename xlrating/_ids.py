"""Players named by ID in a warning: the first few, then a count of the rest, so that a warning
about thousands of players stays one line (a season's defaults taken, a fill's memberships not
checked)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: How many IDs a warning names before it counts the rest.
NAMED = 5


def named_ids(ids: Sequence[Any], *, quoted: bool = True) -> str:
    """``2 players (IDs 4, 9)``, ``12 players (IDs 1, 2, 3, 4, 5 and 7 more)``; ``quoted``: an ID
    given as text is shown as Python writes it (``'A7'``: a list's IDs may be numbers or text),
    else as it is (a sheet's IDs, always text)."""
    shown = ", ".join(repr(key) if quoted and isinstance(key, str) else str(key) for key in ids[:NAMED])
    more = f" and {len(ids) - NAMED} more" if len(ids) > NAMED else ""
    count = f"{len(ids)} player{'s' if len(ids) != 1 else ''}"
    return f"{count} (ID{'s' if len(ids) != 1 else ''} {shown}{more})"
