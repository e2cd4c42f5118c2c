"""What a crosstable says that was wrong or silent before: every default US Chess's step 1 took,
in the player's Notes cell; a blank Quick in a dual-rated event; a FIDE rating no list has
published, named at its cell when the event is rated (not when it is exported), in the Rating
column of a FIDE event or the FIDE rating column of a US Chess one; and two round
cells of one game that give both players the same colour."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from xlrating.crosstable import RatedWorkbook, rate_sheets
from xlrating.errors import CrosstableError
from xlrating.exporters.source import read_event

TODAY = date(2024, 6, 2)
FIDE_EVENT = [["System", "FIDE"], ["End date", date(2024, 5, 5)], ["Event type", "Swiss"]]
HEADER = ["No", "Name", "Rating", "Games", "R1", "R2"]


def fide_sheets(rows: list[list[Any]]) -> dict[str, Any]:
    return {"Event": FIDE_EVENT, "Crosstable": [HEADER, *rows]}


def written(workbook: RatedWorkbook, header: str) -> list[Any]:
    """The values written under ``header``, by player row."""
    (block,) = [b for b in workbook.blocks if b.values and header in b.values[0]]
    j = block.values[0].index(header)
    return [row[j] for row in block.values[1:]]


USCF_HEADER = ["No", "Name", "Rating", "Birth date", "Adult", "Quick", "R1", "R2"]


def test_every_default_of_us_chess_step_1_is_in_the_notes_cell() -> None:
    # US Chess 2020, 2.1 (the default 750) and 2.7 (an adult without a birth date, an age under
    # 3: both counted as 26); a rating from a birth date (No. 4, aged 12) is his own.
    event = [["System", "USCF"], ["End date", date(2024, 5, 5)], ["Dual rated", "yes"]]
    rows = [[1, "Ann", None, None, None, None, "W2", "W3"], [2, "Ben", None, None, "yes", None, "L1", "W4"],
            [3, "Cal", None, date(2023, 1, 1), None, None, "W4", "L1"],
            [4, "Dee", 1500, date(2012, 5, 5), None, 1480, "L3", "L2"]]
    rated = rate_sheets({"Event": event, "Crosstable": [USCF_HEADER, *rows]}, today=TODAY)
    notes = written(rated, "Notes")
    assert "default initial rating 750, nothing to start from (US Chess 2020, 2.1)" in notes[0]
    assert "no Birth date, Adult: counted as 26, initial rating 1300 (US Chess 2020, 2.7)" in notes[1]
    assert ("Birth date gives age 1.34, under 3: counted as 26, initial rating 1300 (US Chess 2020, 2.7)"
            in notes[2])
    assert "initial rating" not in (notes[3] or "")
    # Quick: Ann, Ben and Cal have a blank Quick and are told so; Dee's Quick is typed.
    quick = written(rated, "Quick notes")
    assert all(note.startswith("Quick blank: rated as unrated in Quick; if the player has a Quick rating, "
                               "type it in the Quick column") for note in quick[:3])
    assert "Quick blank" not in (quick[3] or "")


def test_each_fide_rating_under_1000_is_named_at_its_cell_with_the_other_problems() -> None:
    # No FIDE list has published a rating under 1000 (FIDE's floor was 1000 before the 2024
    # regulations' 1400): each such Rating is named at its cell, in the pass that finds the rest.
    rows = [[1, "Ann", 1850, 40, "W2", "D3"], [2, "Ben", 471, 30, "L1", "W4"],
            [3, "Cal", 999, 30, "W4", "D1"], [4, "Dee", 1500, "x", "L3", "L2"]]
    with pytest.raises(CrosstableError) as raised:
        rate_sheets(fide_sheets(rows), today=TODAY)
    where = {p.where: p.message for p in raised.value.problems}
    assert where["Crosstable!C3"].startswith("No. 2 (Ben): Rating 471 is under 1000, the lowest rating a ")
    assert where["Crosstable!C4"].startswith("No. 3 (Cal): Rating 999 is under 1000")
    assert "Crosstable!D5" in where  # the bad Games, in the same pass
    assert len(where) == 3


def test_a_us_chess_player_s_fide_rating_under_1000_is_named_at_its_cell_not_converted() -> None:
    # US Chess 2020, 2.7 converts an unrated player's FIDE rating; FIDE 600, which no FIDE list
    # has published, gave an initial rating of -133 by the 2024 conversion without a word.
    event = [["System", "USCF"], ["End date", date(2024, 5, 5)]]
    header = ["No", "Name", "Rating", "FIDE rating", "R1", "R2"]
    rows = [[1, "Ann", None, 600, "W2", "W3"], [2, "Ben", 1500, None, "L1", "W4"],
            [3, "Cal", None, 999, "W4", "L1"], [4, "Dee", 1600, None, "L3", "L2"]]
    with pytest.raises(CrosstableError) as raised:
        rate_sheets({"Event": event, "Crosstable": [header, *rows]}, today=TODAY)
    where = {p.where: p.message for p in raised.value.problems}
    assert where == {
        "Crosstable!D2": "No. 1 (Ann): FIDE rating 600 is under 1000, the lowest rating a FIDE list has "
                         "published; leave it blank if the player has none",
        "Crosstable!D4": "No. 3 (Cal): FIDE rating 999 is under 1000, the lowest rating a FIDE list has "
                         "published; leave it blank if the player has none",
    }
    rows[0][3], rows[2][3] = 1000, None  # FIDE 1000 is converted as before
    rated = rate_sheets({"Event": event, "Crosstable": [header, *rows]}, today=TODAY)
    assert written(rated, "Initial rating")[0] == pytest.approx(-1073 + 1.5667 * 1000)


def test_a_rating_under_1000_is_still_exported() -> None:
    # Another body's files (the ICU's TRF files, ratings down to 471) export as they are.
    rows = [[1, "Ann", 1850, 40, "W2", "D3"], [2, "Ben", 471, 30, "L1", "W4"],
            [3, "Cal", 999, 30, "W4", "D1"], [4, "Dee", 1500, 20, "L3", "L2"]]
    event = read_event(fide_sheets(rows))
    assert [p.rating for p in event.sections[0].crosstable.players] == [1850, 471, 999, 1500]


def colour_rows(first: str, second: str) -> list[list[Any]]:
    return [[1, "Ann", 1850, 40, first, "D3w"], [2, "Ben", 1700, 30, second, "W4b"],
            [3, "Cal", 1600, 30, "W4", "D1b"], [4, "Dee", 1500, 20, "L3", "L2w"]]


@pytest.mark.parametrize("read", ["rate", "export"])
def test_two_cells_of_one_game_with_the_same_colour_are_an_error_naming_both(read: str) -> None:
    # 'W2w' on No. 1 against 'L1w' on No. 2: both White. No rating reads colours, but the report,
    # the TRF and the DBF files show them; every path that reads the crosstable refuses it.
    sheets = fide_sheets(colour_rows("W2w", "L1w"))
    with pytest.raises(CrosstableError) as raised:
        rate_sheets(sheets, today=TODAY) if read == "rate" else read_event(sheets)
    (problem,) = raised.value.problems
    assert problem.where == "Crosstable!E2"
    assert problem.message.startswith("'W2w' (round 1) and No. 2's cell Crosstable!E3 'L1w' both give White")


@pytest.mark.parametrize(("first", "second"), [("W2w", "L1b"), ("W2", "L1w"), ("W2b", "L1"), ("W2", "L1")])
def test_colours_that_agree_or_are_left_out_are_read(first: str, second: str) -> None:
    rated = rate_sheets(fide_sheets(colour_rows(first, second)), today=TODAY)
    assert [p.rated_games for p in rated.events[0].outcomes[0].players] == [2, 2, 2, 2]
    read_event(fide_sheets(colour_rows(first, second)))


def test_a_forfeit_whose_two_cells_give_the_same_colour_is_an_error() -> None:
    rows = colour_rows("X2b", "F1b")
    with pytest.raises(CrosstableError) as raised:
        rate_sheets(fide_sheets(rows), today=TODAY)
    assert "both give Black" in raised.value.problems[0].message


def test_a_dual_rated_sheet_without_a_quick_column_says_so_in_each_quick_note() -> None:
    event = [["System", "USCF"], ["End date", date(2024, 5, 5)], ["Dual rated", "yes"]]
    rows = [[1, "Ann", 1500, "W2"], [2, "Ben", 1600, "L1"]]
    rated = rate_sheets({"Event": event, "Crosstable": [["No", "Name", "Rating", "R1"], *rows]}, today=TODAY)
    assert [note.split(";")[0] for note in written(rated, "Quick notes")] == [
        "no Quick column: rated as unrated in Quick"] * 2
    assert "add a Quick column and type it there" in written(rated, "Quick notes")[0]
