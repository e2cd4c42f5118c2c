"""A crosstable header one slip from a column's (``Ratng``, ``Peek``, ``Birth dat``, ``Federaton``)
is warned about at its cell, naming the column meant: the column is ignored, and its values would
be lost without a word (docs/guide/crosstable.md, "The Crosstable sheet"). Never for a header
known anywhere: every header the project's templates, importers, exporters and docs use is
checked here to draw no warning.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from test_import_dbf import PLAYERS, SECTIONS, write_event

from xlrating.crosstable import rate_sheets
from xlrating.crosstable.columns import (
    EXTRA_COLUMNS,
    IMPORT_COLUMNS,
    INPUT_ALIASES,
    PERIOD_GAMES,
    SHARED_OUTPUT_NAMES,
    USCF_SYSTEMS,
    misspelt_column,
    output_headers,
)
from xlrating.importers import import_file

ROOT = Path(__file__).resolve().parent.parent
TODAY = date(2024, 6, 1)


def warnings(header: list[Any], rows: list[list[Any]], system: str = "USCF") -> list[str]:
    event = [["System", system], ["End date", date(2024, 5, 5)]]
    rated = rate_sheets({"Event": event, "Crosstable": [header, *rows]}, today=TODAY)
    return [f"{w.where}: {w.message}" for w in rated.warnings]


def test_a_slip_in_a_header_is_said_at_its_cell_naming_the_column_meant() -> None:
    header = ["No", "Name", "Rating", "Peek", "Birth dat", "Federaton", "R1"]
    rows = [[1, "Ann Example", 1800, 1900, date(2000, 1, 1), "USA", "W2"],
            [2, "Ben Sample", 1700, None, None, None, "L1"]]
    found = [w for w in warnings(header, rows) if "did you mean" in w]
    assert found == [
        "Crosstable!D1: 'Peek' is not a column xlrating reads: its values for 1 player (row 2) are ignored; "
        "did you mean 'Peak'?",
        "Crosstable!E1: 'Birth dat' is not a column xlrating reads: its values for 1 player (row 2) are "
        "ignored; did you mean 'Birth date'?",
        "Crosstable!F1: 'Federaton' is not a column xlrating reads: its values for 1 player (row 2) are "
        "ignored; did you mean 'Federation'?",
    ]


def test_a_misspelt_rating_column_is_said_beside_the_missing_rating() -> None:
    found = warnings(["No", "Name", "Ratng", "R1"],
                     [[1, "Ann Example", 1800, "W2"], [2, "Ben Sample", 1700, "L1"]])
    assert ("Crosstable!C1: 'Ratng' is not a column xlrating reads: its values for 2 players (rows 2, 3) are "
            "ignored; did you mean 'Rating'?") in found


def test_an_empty_misspelt_column_is_not_said() -> None:
    found = warnings(["No", "Name", "Rating", "Peek", "R1"], [[1, "Ann Example", 1800, None, "W2"],
                                                             [2, "Ben Sample", 1700, None, "L1"]])
    assert not any("did you mean" in w for w in found)


@pytest.mark.parametrize(("header", "meant"), [
    ("Ratng", "Rating"), ("Peek", "Peak"), ("Birth dat", "Birth date"), ("Federaton", "Federation"),
    ("BIRTH_DAT", "Birth date"), ("Date of brith", "Birth date"), ("K fctor", "K"), ("Quik", "Quick"),
])
def test_slips(header: str, meant: str) -> None:
    assert misspelt_column(header) == meant


@pytest.mark.parametrize("header", [
    # What the looser test of settings took for slips, and other columns of their own.
    "Federation", "Official post games", "Official post Quick games", "Event", "Ratings", "Game", "Draw",
    "D_RATING", "FIDE_K", "Rating 2", "R12", "Elo", "Team", "Club", "Note", "Birth", "Prize", "Title",
])
def test_not_slips(header: str) -> None:
    assert misspelt_column(header) is None


def _project_headers() -> set[str]:
    """Every header the project knows: the columns read (every system, every alias), the export's
    columns, the outputs of every dual-rated system, what the importers write."""
    known = {alias for name, aliases in {**INPUT_ALIASES, **EXTRA_COLUMNS}.items()
             for alias in (name, *aliases)}
    known |= {*IMPORT_COLUMNS, PERIOD_GAMES, *SHARED_OUTPUT_NAMES.values()}
    known |= {h for system in USCF_SYSTEMS
              for h in output_headers(dual=system, official=True, official_dual=True)}
    return known


def _template_headers() -> set[str]:
    found: set[str] = set()
    for path in sorted((ROOT / "templates").glob("*.xls[xm]")):
        book = openpyxl.load_workbook(path, read_only=True)
        for sheet in book.worksheets:
            for row in sheet.iter_rows(max_row=12, values_only=True):
                found |= {cell for cell in row if isinstance(cell, str)}
    return found


def _imported_headers(tmp_path: Path) -> set[str]:
    data = ROOT / "tests" / "data"
    files = [*(data / "import").iterdir(), *(data / "trf").glob("*.trf"),
             ROOT / "tests" / "data" / "pgn" / "held_round_robin.pgn",
             ROOT / "tests" / "data" / "real" / "tournamentinfo.txt",
             write_event(tmp_path / "dbf", sections=SECTIONS, players=PLAYERS)]
    return {str(h) for path in files for sheet in import_file(path).sheets for h in sheet.header}


def _documented_headers() -> set[str]:
    """The crosstable guide's column table (each backquoted name of a row's first cell) and its
    output list (each backquoted name of the paragraph after "What rating writes")."""
    text = (ROOT / "docs" / "guide" / "crosstable.md").read_text(encoding="utf-8")
    table = [line.split("|")[1] for line in text[text.index("| Header (other spellings)"):].splitlines()
             if line.startswith("| `")]
    outputs = text[text.index("## What rating writes"):].split("\n\n")[2]
    return set(re.findall(r"`([^`]+)`", " ".join(table) + outputs))


def test_no_header_the_project_uses_is_taken_for_a_slip(tmp_path: Path) -> None:
    headers = _project_headers() | _template_headers() | _imported_headers(tmp_path) | _documented_headers()
    assert {"Rating", "Official post games", "Federation", "Import notes", "Quick post rating"} <= headers
    assert len(headers) > 150
    assert {h: misspelt_column(h) for h in headers if misspelt_column(h) is not None} == {}
