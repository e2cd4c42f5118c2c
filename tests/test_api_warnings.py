"""The Python API's results carry every warning the command line prints: a blank End date, the
defaults a sheet took, formula cells read as blank. The command line prints what they carry,
so a Python caller is told all that a director at the command line is told."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from test_season_cli import write
from test_two_player_events import two_players_said

from xlrating.cli import main
from xlrating.crosstable import rate_sheets
from xlrating.errors import ArgumentError
from xlrating.season.rate import rate_season_sheets
from xlrating.workbook import rate_file
from xlrating.workbook.season import rate_season_workbook

TODAY = dt.date(2025, 5, 1)


def _stderr(args: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(args) == 0
    return capsys.readouterr().err.splitlines()


def test_rate_sheets_says_a_blank_end_date_among_its_warnings() -> None:
    # The command line said it; the warnings a Python caller reads did not (only the events'
    # first note, beside the rules and the bonus multiplier).
    rows = [["No", "Name", "Rating", "Games", "R1"], [1, "A", 1550, 30, "W2"], [2, "B", 1550, 30, "L1"]]
    event = [["System", "USCF"], ["End date", None], ["Event type", "Match"]]  # (two players: a match)
    rated = rate_sheets({"Event": event, "Crosstable": rows}, today=TODAY)
    assert [str(w) for w in rated.warnings] == [
        "End date is blank (Event!B2): rated as of today, 2025-05-01; enter the event's last day there if "
        "it ended on another day"]


def test_rate_file_returns_every_warning_the_command_line_prints(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # A file written by a program that does not calculate formulas: B's '=1500' has no value and
    # reads as blank (an unrated player). The command line said so; rate_file's result did not.
    source = write(tmp_path / "event.xlsx", {
        "Event": [["System", "USCF"], ["End date", TODAY]],
        "Crosstable": [["No", "Name", "Rating", "Games", "R1"], [1, "A", 1550, 30, "W2"],
                       [2, "B", "=1500", None, "L1"]]})
    rated = rate_file(source, tmp_path / "out.xlsx")
    said = [str(w) for w in rated.warnings]
    assert said == [two_players_said("Crosstable", "Event"),
                    "1 formula cell without a value (empty, or never calculated) read as blank: "
                    "Crosstable!C3. If the file was written by a program that does not calculate formulas, "
                    "open it in Excel (or LibreOffice), save it and rate it again."]
    assert _stderr(["rate", str(source), "-q"], capsys) == [f"xlrating: warning: {line}" for line in said]


def test_a_season_workbooks_notes_hold_its_formula_cells_read_as_blank(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write(tmp_path / "season.xlsx", {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games"], [10, "Ann", 1550, 30], [11, "Bob", "=1500", None]],
        "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)]],
        "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "W2"], [2, 11, "Bob", "L1"]]})
    _, rated = rate_season_workbook(source)
    assert rated.notes[-1].startswith("1 formula cell without a value (never calculated) read as blank: "
                                      "Players!C3.")
    assert _stderr(["season", str(source)], capsys) == [f"xlrating: warning: {note}" for note in rated.notes]


def test_grids_given_as_generators_are_read_as_lists() -> None:
    # A generator is read once: the header row was gone by the second pass (a bare IndexError for a
    # crosstable; a season lost its Players sheet's warnings without a word).
    rows = [["No", "Name", "Rating", "Games", "K", "R1"], [1, "A", 1550, 30, 20, "W2"],
            [2, "B", 1550, 30, None, "L1"]]
    event = [["System", "USCF"], ["End date", TODAY]]
    as_lists = rate_sheets({"Event": event, "Crosstable": rows})
    as_generators = rate_sheets({"Event": (row for row in event), "Crosstable": (row for row in rows)})
    assert as_generators.warnings == as_lists.warnings != ()
    assert as_generators.blocks == as_lists.blocks
    season = {"Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
              "Players": [["ID", "Name", "Rating", "Games", "K"], [10, "Ann", 1550, 30, 24],
                          [11, "Bob", 1500, 30, None]],
              "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)]],
              "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "W2"], [2, 11, "Bob", "L1"]]}
    notes = rate_season_sheets(season).notes
    assert rate_season_sheets({name: iter(grid) for name, grid in season.items()}).notes == notes != ()


@pytest.mark.parametrize("sheets", [[["Event"]], "Crosstable", None])
def test_sheets_that_are_not_a_mapping_are_refused_by_name(sheets: object) -> None:
    for rate in (rate_sheets, rate_season_sheets):
        with pytest.raises(ArgumentError, match="Argument 'sheets' must be a mapping of sheet names to"):
            rate(sheets)  # type: ignore[operator]


def test_a_blank_system_is_said_where_it_decides_the_federation() -> None:
    # A FIDE round robin on a sheet whose Event sheet was left out, or whose System was left blank,
    # was rated as a US Chess Swiss with nothing said but the blank End date.
    rows = [["No", "Name", "Rating", "Games", "Peak", "R1"], [1, "A", 1550, 30, 1550, "W2"],
            [2, "B", 1550, 30, 1550, "L1"]]
    said = "rated as a US Chess event under USCF 2020, the default; set System to FIDE or ICU there if " \
           "another federation rates it"
    blank = [["System", None], ["End date", TODAY]]
    for event, where in (([["End date", TODAY]], "Event"), (blank, "Event!B1")):
        assert [str(w) for w in rate_sheets({"Event": event, "Crosstable": rows}).warnings] == [
            f"System is blank ({where}): {said}", two_players_said("Crosstable", "Event")]
    no_sheet = rate_sheets({"Crosstable": rows}, today=TODAY).warnings
    assert str(no_sheet[0]) == f"System is blank (Event): {said}"
    # Rules that name one system's edition decide it: nothing to say.
    named = [["Rules", "USCF 2011"], ["End date", TODAY]]
    assert [str(w) for w in rate_sheets({"Event": named, "Crosstable": rows}).warnings
            if "two players" not in str(w)] == []  # (but that two players are not rated as a match)
    season = {"Players": [["ID", "Name", "Rating", "Games", "Peak"], [10, "Ann", 1550, 30, 1550],
                          [11, "Bob", 1500, 30, 1500]],
              "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)]],
              "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "W2"], [2, 11, "Bob", "L1"]]}
    assert rate_season_sheets(season).notes[0] == f"System is blank (Season): {said}"
