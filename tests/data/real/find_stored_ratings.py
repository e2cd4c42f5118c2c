"""Find stored pre-event ratings that reproduce every official post rating of tournamentinfo.txt.

Not part of the test suite (run by hand; needs numpy and scipy, which xlrating does not
depend on): ``python tests/data/real/find_stored_ratings.py [rules] [B]``.

US Chess stores ratings as floats and publishes them rounded (US Chess 2020, 1
and 7), so a published pre-event rating P stands for a stored rating in [P - 0.5, P + 0.5).
This script looks for offsets x (one per player, |x| <= 0.5 - t) such that rating the
event from P + x gives post ratings within 0.5 - t of the published ones, maximising the
margin t: it linearises our post ratings around x = 0 (finite differences through the
crosstable core) and solves the linear programme with scipy, then rates the event again
from P + x and counts the exact matches. A negative best margin means no such offsets
exist near x = 0: the settings cannot reproduce the published figures.

tests/test_real_events.py keeps the offsets found for the 2020 rules with B = 12 and
checks them; the peak ratings it supplies (players 18 and 54) are used here too.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import linprog  # type: ignore[import-untyped]

from xlrating.crosstable import rate_sheets
from xlrating.importers import import_file

SOURCE = Path(__file__).with_name("tournamentinfo.txt")
#: The peak floors the official figures show (see tests/test_real_events.py).
PEAKS = {18: 1800, 54: 1400}


def main(rules: str = "USCF 2020", bonus: float = 12.0) -> None:
    sheet = import_file(SOURCE, "msa").sheets[0]
    header = [*sheet.header, "Peak"]
    rating_col = sheet.header.index("Rating")
    rows = [[*row, PEAKS.get(int(str(row[0])))] for row in sheet.rows]
    published = np.array([float(str(r)) for r in sheet.column("Rating")])
    official = np.array([float(str(r)) for r in sheet.column("Official post rating")])
    count = len(rows)

    def rate(offsets: Any) -> Any:
        grid: list[list[Any]] = [list(header)]
        for row, pre, x in zip(rows, published, offsets, strict=True):
            grid.append([*row[:rating_col], float(pre + x), *row[rating_col + 1:]])
        event: list[list[Any]] = [["System", "USCF"], ["Rules", rules], ["Bonus multiplier", bonus]]
        outcome = rate_sheets({"Event": event, "Crosstable": grid}).events[0].outcomes[0]
        return np.array([p.post_rating for p in outcome.players])

    base = rate(np.zeros(count))
    step = 0.01
    jacobian = np.zeros((count, count))
    for j in range(count):
        nudged = np.zeros(count)
        nudged[j] = step
        jacobian[:, j] = (rate(nudged) - base) / step
    # Variables: the offsets and the margin t; maximise t.
    rows_ub, bounds_ub = [], []
    for i in range(count):
        rows_ub.append(np.append(jacobian[i], 1.0))
        bounds_ub.append(official[i] + 0.5 - base[i])
        rows_ub.append(np.append(-jacobian[i], 1.0))
        bounds_ub.append(base[i] - official[i] + 0.5)
    for j in range(count):
        for sign in (1.0, -1.0):
            row = np.zeros(count + 1)
            row[j], row[count] = sign, 1.0
            rows_ub.append(row)
            bounds_ub.append(0.5)
    cost = np.zeros(count + 1)
    cost[count] = -1.0
    found = linprog(cost, A_ub=np.array(rows_ub), b_ub=np.array(bounds_ub),
                    bounds=[(None, None)] * (count + 1))
    offsets = np.round(found.x[:count], 3)
    post = rate(offsets)
    matches = int(np.sum(np.round(post) == official))
    print(f"{rules}, B = {bonus:g}: best margin {found.x[count]:.4f}; "
          f"{matches} of {count} official post ratings reproduced from the offsets below")
    print("OFFSETS = (" + ", ".join(f"{x:g}" for x in offsets) + ")")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "USCF 2020", float(sys.argv[2]) if len(sys.argv) > 2 else 12.0)
