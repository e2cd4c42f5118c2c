"""Result codes in a round cell.

=========  ===================================  ======  =====
Code       Meaning                              Points  Rated
=========  ===================================  ======  =====
W12, +12   won against No. 12                   1       yes
L12, -12   lost to No. 12                       0       yes
D12, =12   drew with No. 12                     ½       yes
X, X12     won by forfeit                       1       no
F, F12     lost by forfeit                      0       no
B          full-point bye                       1       no
H          half-point bye                       ½       no
U, Z, ''   zero-point bye, unpaired, not played 0       no
=========  ===================================  ======  =====

Codes are case-insensitive, may have a space between letter and number, and may end in
a colour ``w``/``b`` (``W12b``, ``d 7 w``), which no rating reads but the report and the
TRF and DBF files show: the two cells of one game may not give the same colour. Byes may
carry the number 0 (``H0``, ``B0``), as US Chess report files write them.
"""

from __future__ import annotations

import re
from numbers import Real
from typing import Any

from .model import Code
from .values import BadValue, finite, is_blank, show

_LETTERS: dict[str, Code] = {
    "W": Code.WIN, "+": Code.WIN,
    "L": Code.LOSS, "-": Code.LOSS,
    "D": Code.DRAW, "=": Code.DRAW,
    "X": Code.FORFEIT_WIN, "F": Code.FORFEIT_LOSS,
    "B": Code.FULL_BYE, "H": Code.HALF_BYE, "U": Code.ZERO_BYE, "Z": Code.ZERO_BYE,
}

_CELL = re.compile(r"(?P<letter>[WLDXFBHUZ+\-=])\s*(?P<number>\d+)?\s*(?P<colour>[WB])?", re.IGNORECASE)
_PLAYED = (Code.WIN, Code.LOSS, Code.DRAW)
_BYES = (Code.FULL_BYE, Code.HALF_BYE, Code.ZERO_BYE)

#: What the error message lists as the accepted codes.
ACCEPTED = "W12, L12, D12 (or +12, -12, =12), X, F, B, H, U, Z or a blank cell"


def parse_code(value: Any) -> tuple[Code, int | None, str | None]:
    """``(code, opponent, colour)`` of a round cell's value; raises :class:`BadValue`.

    A blank cell is a zero-point bye (not played). A number in a round cell arrives when
    Excel has turned ``-12`` into the number -12: a negative whole number reads as a loss
    to that player; a positive one is refused, because Excel turns both ``+12`` and
    ``=12`` into 12 and the cell no longer says whether it was a win or a draw.
    """
    if type(value) is str and value:  # the common case first: a code typed as text
        match = _CELL.fullmatch(value.strip())
        if match:
            return _read(value, match)
    if is_blank(value):
        return Code.ZERO_BYE, None, None
    if isinstance(value, bool):
        raise BadValue(f"{show(value)} is not a result code ({ACCEPTED})")
    if isinstance(value, Real):
        as_float = finite(value)
        if as_float is not None and as_float == int(as_float) and as_float < 0:
            return Code.LOSS, int(-as_float), None
        if not (as_float is not None and as_float == int(as_float) and as_float > 0):
            raise BadValue(f"{show(value)} is a number, not a result code ({ACCEPTED})")
        raise BadValue(
            f"{show(value)} is a number, not a result code; Excel turns +12 and =12 into the number 12, "
            "so type W12 or D12 (or format the round columns as text)"
        )
    if not isinstance(value, str):
        raise BadValue(f"{show(value)} is not a result code ({ACCEPTED})")
    match = _CELL.fullmatch(value.strip())
    if not match:
        raise BadValue(f"{show(value)} is not a result code ({ACCEPTED})")
    return _read(value, match)


def _read(value: str, match: re.Match[str]) -> tuple[Code, int | None, str | None]:
    """The code of a cell whose text matched :data:`_CELL`; raises :class:`BadValue`."""
    code = _LETTERS[match["letter"].upper()]
    digits = match["number"]
    colour = match["colour"].lower() if match["colour"] else None
    opponent = int(digits) if digits is not None else None
    if code in _PLAYED:
        if opponent is None:
            raise BadValue(f"{show(value)} needs the opponent's number, e.g. {code.value}12")
        if opponent == 0:
            raise BadValue(f"{show(value)} names no player: pairing numbers start at 1")
    elif code in _BYES:
        if opponent:
            raise BadValue(f"{show(value)}: a bye has no opponent (write {code.value} alone)")
        opponent = None
    elif opponent == 0:
        opponent = None
    if colour is not None and code in _BYES:
        raise BadValue(f"{show(value)} is not a result code ({ACCEPTED})")
    return code, opponent, colour


def same_colour(first: str | None, second: str | None) -> str | None:
    """``"White"`` or ``"Black"`` when the two cells of one game give both players that colour
    (``w``/``b``; blank or None: no colour), else None: a crosstable's and an imported file's
    check alike, since the report and the TRF and DBF files show colours."""
    if not first or first != second:
        return None
    return "White" if first == "w" else "Black"
