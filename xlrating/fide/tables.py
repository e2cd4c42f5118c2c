"""The two conversion tables of the FIDE Handbook, section 10.1, as printed.

Table (a) converts a percentage score ``p`` into a rating difference ``dp``; table (b)
converts a rating difference ``D`` into the scoring probability ``PD`` of the higher
(``H``) and the lower (``L``) rated player. Both editions use these tables.

The data below is the handbook's tables transcribed entry by entry (probabilities in
hundredths, so ``.83`` is ``83``). ``tests/test_fide_tables.py`` re-reads the handbook's
printed text and checks every entry. The lookups handle every boundary: a ``D`` of 3
and 4 fall in the rows ``0-3`` and ``4-10``, 735 in ``620-735`` and 736 in ``over 735``
(a fractional ``D`` is first rounded to a whole number, halves up); ``p`` is rounded to
hundredths (an exact half away from .50), and a ``p`` that rounds to .00 or 1.0, which the handbook leaves
blank because "for a zero or 100% score dp is necessarily indeterminate", raises
:class:`IndeterminateError`.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import ArgumentError

DP_TABLE: tuple[tuple[int, int | None], ...] = (
    (100, None), (99, 677), (98, 589), (97, 538), (96, 501), (95, 470),
    (94, 444), (93, 422), (92, 401), (91, 383), (90, 366), (89, 351),
    (88, 336), (87, 322), (86, 309), (85, 296), (84, 284), (83, 273),
    (82, 262), (81, 251), (80, 240), (79, 230), (78, 220), (77, 211),
    (76, 202), (75, 193), (74, 184), (73, 175), (72, 166), (71, 158),
    (70, 149), (69, 141), (68, 133), (67, 125), (66, 117), (65, 110),
    (64, 102), (63, 95), (62, 87), (61, 80), (60, 72), (59, 65),
    (58, 57), (57, 50), (56, 43), (55, 36), (54, 29), (53, 21),
    (52, 14), (51, 7), (50, 0), (49, -7), (48, -14), (47, -21),
    (46, -29), (45, -36), (44, -43), (43, -50), (42, -57), (41, -65),
    (40, -72), (39, -80), (38, -87), (37, -95), (36, -102), (35, -110),
    (34, -117), (33, -125), (32, -133), (31, -141), (30, -149), (29, -158),
    (28, -166), (27, -175), (26, -184), (25, -193), (24, -202), (23, -211),
    (22, -220), (21, -230), (20, -240), (19, -251), (18, -262), (17, -273),
    (16, -284), (15, -296), (14, -309), (13, -322), (12, -336), (11, -351),
    (10, -366), (9, -383), (8, -401), (7, -422), (6, -444), (5, -470),
    (4, -501), (3, -538), (2, -589), (1, -677), (0, None),
)
"""Table (a): ``(p in hundredths, dp)`` from 1.0 down to .00; ``None`` where the handbook prints
nothing (a score of 100% or 0%: dp is indeterminate)."""

PD_TABLE: tuple[tuple[int, int | None, int, int], ...] = (
    (0, 3, 50, 50), (4, 10, 51, 49), (11, 17, 52, 48), (18, 25, 53, 47),
    (26, 32, 54, 46), (33, 39, 55, 45), (40, 46, 56, 44), (47, 53, 57, 43),
    (54, 61, 58, 42), (62, 68, 59, 41), (69, 76, 60, 40), (77, 83, 61, 39),
    (84, 91, 62, 38), (92, 98, 63, 37), (99, 106, 64, 36), (107, 113, 65, 35),
    (114, 121, 66, 34), (122, 129, 67, 33), (130, 137, 68, 32), (138, 145, 69, 31),
    (146, 153, 70, 30), (154, 162, 71, 29), (163, 170, 72, 28), (171, 179, 73, 27),
    (180, 188, 74, 26), (189, 197, 75, 25), (198, 206, 76, 24), (207, 215, 77, 23),
    (216, 225, 78, 22), (226, 235, 79, 21), (236, 245, 80, 20), (246, 256, 81, 19),
    (257, 267, 82, 18), (268, 278, 83, 17), (279, 290, 84, 16), (291, 302, 85, 15),
    (303, 315, 86, 14), (316, 328, 87, 13), (329, 344, 88, 12), (345, 357, 89, 11),
    (358, 374, 90, 10), (375, 391, 91, 9), (392, 411, 92, 8), (412, 432, 93, 7),
    (433, 456, 94, 6), (457, 484, 95, 5), (485, 517, 96, 4), (518, 559, 97, 3),
    (560, 619, 98, 2), (620, 735, 99, 1), (736, None, 100, 0),
)
"""Table (b): ``(lowest D, highest D, PD of H, PD of L)`` with probabilities in hundredths;
the last row, "over 735", has no highest D."""


class IndeterminateError(ArgumentError):
    """dp was asked for a score of 0% or 100%, where FIDE Handbook 10.1 says it is indeterminate."""


_DP: dict[int, int | None] = dict(DP_TABLE)
_NO_ROW = -10**9
"""What :func:`dp_of_row` finds for a row the table does not have."""
_PD_BY_D: tuple[tuple[int, int], ...] = tuple(
    (h, lo) for low, high, h, lo in PD_TABLE if high is not None for _ in range(low, high + 1)
)
_OVER: tuple[int, int] = (PD_TABLE[-1][2], PD_TABLE[-1][3])


def round_half_away(value: Fraction | int, unit: Fraction = Fraction(1)) -> Fraction:
    """``value`` rounded to a multiple of ``unit``, halves away from zero (exact arithmetic)."""
    steps = Fraction(value) / unit
    if steps < 0:
        steps = -steps
    whole = int(steps)
    if steps - whole >= Fraction(1, 2):
        whole += 1
    return (whole if value >= 0 else -whole) * unit


def p_row(p: Fraction | int) -> int:
    """The row of table (a) a score ``p`` (0..1) falls in: ``p`` in hundredths.

    FIDE Handbook 10.1 does not say how p is rounded; an exact half (1/8 = .125) is rounded away from
    .50, so that equal and opposite scores (1/8 and 7/8) get equal and opposite dp.
    """
    return 50 + int(round_half_away((p - Fraction(1, 2)) * 100))


def dp_for(p: Fraction | int) -> int:
    """Table (a): ``dp`` for the score ``p``, rounded to hundredths first.

    Raises :class:`IndeterminateError` for a ``p`` that rounds to .00 or 1.0.
    """
    return dp_of_row(p_row(p), float(p))


def dp_of_row(row: int, p: float) -> int:
    """Table (a): ``dp`` in the row for ``p`` (``p`` rounded to hundredths, as a whole number of
    hundredths: .43 is 43); ``p`` itself is for the messages."""
    dp = _DP.get(row, _NO_ROW)
    if dp is None:
        raise IndeterminateError(
            f"Argument 'p' is {p:g}, a score of {row}%: dp is indeterminate for a zero "
            "or 100% score (FIDE Handbook 10.1)"
        )
    if dp is _NO_ROW:
        raise ArgumentError(f"Argument 'p' must be a number from 0 to 1, not {p:g}")
    return dp


def pd_row(difference: int) -> tuple[int, int]:
    """Table (b): ``(PD of H, PD of L)`` in hundredths for a whole rating difference ``D >= 0``."""
    if difference < 0:
        raise ArgumentError(f"Argument 'difference' must be >= 0, not {difference}")
    if difference < len(_PD_BY_D):
        return _PD_BY_D[difference]
    return _OVER
