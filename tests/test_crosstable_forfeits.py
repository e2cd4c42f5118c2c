"""Double forfeits: ``F2`` in No. 1's row and ``F1`` in No. 2's (both lost by forfeit).

Real ICU and FIDE reports record a game neither player turned up for this way. It is two
unplayed games: 0 points each, not rated, under every system, with a note on both
players. Each event goes through a real workbook (written by openpyxl, rated by
:func:`xlrating.workbook.rate_file`, read back); the ratings must be those of the same
event with the two cells left blank (not played), since an unplayed game never reaches
the rating rules.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlrating.crosstable import rate_sheets
from xlrating.errors import CrosstableError
from xlrating.workbook import NewSheet, rate_file, write_new_workbook

HEADER = ["No", "Name", "Rating", "K", "R1", "R2", "R3", "Total"]


def rows(first: str, second: str) -> list[list[Any]]:
    """Round 1 of Nos. 1 and 2 as given; every other cell a game."""
    return [
        [1, "Ann Able", 1500, 24, first, "W3", "D4", 1.5],
        [2, "Bob Brown", 1600, 24, second, "D4", "W3", 1.5],
        [3, "Cy Cole", 1400, 24, "W4", "L1", "L2", 1.0],
        [4, "Di Dunn", 1700, 24, "L3", "D2", "D1", 1.0],
    ]


SYSTEMS = {"USCF": "USCF 2020", "FIDE": "FIDE 2024", "ICU": "ICU"}


def rated(tmp_path: Path, system: str, first: str, second: str) -> tuple[Any, dict[str, list[Any]]]:
    source, target = tmp_path / f"{system}-{first}.xlsx", tmp_path / f"{system}-{first}-rated.xlsx"
    write_new_workbook(source, event=[("System", system), ("Rules", SYSTEMS[system]),
                                      ("Start date", date(2025, 1, 3)), ("End date", date(2025, 1, 5))],
                       sheets=[NewSheet("Crosstable", HEADER, rows(first, second))])
    result = rate_file(source, target)
    sheet = openpyxl.load_workbook(target)["Crosstable"]
    header = [c.value for c in sheet[1]]
    values = {h: [sheet.cell(r, j + 1).value for r in range(2, 6)] for j, h in enumerate(header) if h}
    return result, values


@pytest.mark.parametrize("system", sorted(SYSTEMS))
@pytest.mark.parametrize("second", ["F1", "f 1", "F"])
def test_a_double_forfeit_is_two_unplayed_games(tmp_path: Path, system: str, second: str) -> None:
    result, written = rated(tmp_path, system, "F2", second)
    _, unplayed = rated(tmp_path, system, "U", "U")
    assert written["Score"] == [1.5, 1.5, 1.0, 1.0]
    assert written["Rated games"] == [2, 2, 3, 3]
    assert written["Post rating"] == unplayed["Post rating"]
    assert written["Change"] == unplayed["Change"]
    note = "round 1: double forfeit with No. {} (both lost by forfeit: 0 points, not rated)"
    assert written["Notes"][0].startswith(note.format(2))
    assert written["Notes"][1].startswith(note.format(1))
    assert not (written["Notes"][2] or "").startswith("round 1")
    players = {p.player: p for p in result.events[0].outcomes[0].players}
    assert players[1].notes[0] == note.format(2) and players[2].notes[0] == note.format(1)
    assert len(result.events[0].crosstable.games) == 5


def test_a_double_forfeit_in_a_dual_rated_event_notes_both_ratings() -> None:
    event = [["System", "USCF"], ["Dual rated", "yes"], ["End date", date(2025, 1, 5)]]
    book = rate_sheets({"Event": event, "Crosstable": [HEADER[:3] + HEADER[4:], *[r[:3] + r[4:] for r in
                                                                                  rows("F2", "F1")]]})
    for outcome in book.events[0].outcomes:
        assert outcome.player(1).notes[0].startswith("round 1: double forfeit with No. 2")


def test_a_forfeit_against_a_played_game_is_still_an_error() -> None:
    event = [["System", "FIDE"], ["End date", date(2025, 1, 5)]]
    grid = [HEADER, *rows("F2", "W1")]
    grid[2][-1] = 2.5
    with pytest.raises(CrosstableError, match=r"Crosstable!E2: 'F2' \(round 1\) disagrees with No. 2's cell: "
                                              r"Crosstable!E3 says 'W1', expected 'X1'"):
        rate_sheets({"Event": event, "Crosstable": grid})


@pytest.mark.parametrize(("first", "second"), [("X3", "X3"), ("X3", "F3"), ("F3", "X3")])
def test_two_forfeits_naming_one_player_in_one_round_are_an_error(first: str, second: str) -> None:
    # No. 3's cell says only that he lost by forfeit (or is blank), which each of the two cells
    # agrees with alone; together they give No. 3 two opponents in round 1.
    event = [["System", "FIDE"], ["End date", date(2025, 1, 5)]]
    for third in ("F", None):
        grid = [HEADER[:-1], [1, "Ann Able", 1500, 24, first, "W3", "D4"],
                [2, "Bob Brown", 1600, 24, second, "D4", "W3"], [3, "Cy Cole", 1400, 24, third, "L1", "L2"],
                [4, "Di Dunn", 1700, 24, None, "D2", "D1"]]
        with pytest.raises(CrosstableError) as error:
            rate_sheets({"Event": event, "Crosstable": grid})
        assert [str(p) for p in error.value.problems] == [
            f"Crosstable!E3: '{second}' (round 1): No. 3 is already the opponent of No. 1 in round 1 "
            f"(Crosstable!E2 says '{first}'); a player has one opponent a round"]
