"""A time control written as text, encoded as FIDE TRF-2026's line 222 ("Encoded Time Control").

Line 222 writes each period as ``M/S+I``: ``M`` moves in ``S`` seconds, ``I`` seconds added
per move, the moves and the increment left out when there are none, periods joined by
``:`` (FIDE TRF-2026, tag 222: ``90'+30"`` is ``5400+30``, ``100' for 40 moves then 15',
30" a move from move 1`` is ``40/6000+30:900+30``).

:func:`encode` reads the common one-period forms a director types: ``90'+30"``,
``90 min + 30 s``, ``90+30`` (minutes and seconds, as chess players write it),
``1:30 + 10`` (hours:minutes), ``G/90;+30`` and ``G/90 inc 30`` (US Chess), ``All moves
in 90 minutes, plus 10 seconds per move``, ``G/60`` or ``60 min`` alone. Anything else
(several periods, a delay, a text it cannot read for sure) gives ``None``: the export
then writes line 222 only when the ``Encoded time control`` setting gives it.
"""

from __future__ import annotations

import re

_MINUTES = (r"(?:(?P<h>\d{1,2}):(?P<hm>\d{2})|g\s*/?\s*(?P<g>\d{1,3})|(?P<m>\d{1,3})\s*"
            r"(?:'|’|′|m|mins?|minutes?)?\.?)")
_SECONDS = r"(?P<i>\d{1,3})\s*(?:\"|”|″|''|s|secs?|seconds?)?\.?"
_JOIN = r"\s*(?:\+|plus|inc(?:rement)?|;\s*\+|;\s*inc(?:rement)?)\s*"
_TAIL = r"(?:\s*(?:per move|a move|/move|each move|increment|from move 1|,)+)*"
_FORM = re.compile(rf"(?:all moves in\s*|game in\s*)?{_MINUTES}(?:{_JOIN}{_SECONDS}{_TAIL})?\s*",
                   re.IGNORECASE)
#: Line 222's grammar: periods ``[M/]S[+I]`` joined by ``:``, or ``W...-B...`` (Armageddon).
_PERIOD = r"(?:\d+/)?\d+(?:\+\d+)?"
ENCODED = re.compile(rf"{_PERIOD}(?::{_PERIOD})*|W{_PERIOD}(?::{_PERIOD})*-B{_PERIOD}(?::{_PERIOD})*",
                     re.ASCII)


def encode(text: str) -> str | None:
    """The line-222 code of the time control ``text``, or ``None`` when not sure (see above)."""
    text = " ".join(text.split()).replace(",", " ").strip()
    match = _FORM.fullmatch(" ".join(text.split()))
    if match is None:
        return None
    if match["h"] is not None:
        minutes = int(match["h"]) * 60 + int(match["hm"])
    else:
        minutes = int(match["g"] if match["g"] is not None else match["m"])
    if minutes == 0:
        return None
    increment = f"+{int(match['i'])}" if match["i"] is not None and int(match["i"]) else ""
    return f"{minutes * 60}{increment}"
