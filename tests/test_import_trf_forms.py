"""TRF forms real files use: the real files of tests/data/trf (see its README), older
Swiss-Manager forms, and a line 062 that counts fewer players than the file lists.

For each real file: it imports; the points of its imported cells are the points each
player line gives (columns 81-84); it rates (double forfeits included; the Irish file, whose
ratings are the ICU's, is refused as a FIDE event with its players named); and import,
export as TRF16, import again gives the same crosstable, but for the lines TRF16 cannot
hold (the TRF-2026 round trips are in test_export_trf2026.py).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from test_export import TRF16_SEXES, sheets_of, with_sexes, without_trf2026_rows

from xlrating.cli import main
from xlrating.exporters import export_workbook
from xlrating.importers import import_file, import_to_workbook

REAL = Path(__file__).parent / "data" / "trf"
FILES = sorted(p.name for p in (*REAL.glob("*.trf"), *REAL.glob("*.tab")))
#: Every real file rates (double forfeits included); the Irish one only as an ICU event.
RATED = FILES
FIXTURE = (Path(__file__).parent / "data" / "import" / "spring-open.trf").read_text(encoding="utf-8")


def test_the_corpus_is_there() -> None:
    assert len(FILES) == 7


@pytest.mark.parametrize("name", FILES)
def test_a_real_file_imports_with_its_players_and_points(name: str) -> None:
    event = import_file(REAL / name, "trf")
    text = (REAL / name).read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith("001")]
    sheet = event.sheets[0]
    assert len(sheet.rows) == len(lines)
    # The points of the imported round cells are the points each line gives (columns 81-84).
    value = {"W": 1.0, "X": 1.0, "B": 1.0, "D": 0.5, "H": 0.5}
    first = sheet.header.index("R1")
    scored = {row[0]: sum(value.get(str(cell)[:1], 0.0) for cell in row[first:first + event_rounds(sheet)])
              for row in sheet.rows}
    assert scored == {int(line[4:8]): float(line[80:84]) for line in lines}


def event_rounds(sheet: object) -> int:
    return sum(1 for h in sheet.header if h.startswith("R") and h[1:].isdigit())  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", RATED)
def test_a_real_file_rates(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    workbook = tmp_path / "event.xlsx"
    assert main(["import", str(REAL / name), "-o", str(workbook)]) == 0
    if name.startswith("irish"):
        # The ICU's files hold the ICU's ratings (down to 471), which no FIDE list has
        # published: rated as FIDE, the event is refused with each such Rating cell named.
        assert main(["rate", str(workbook), "-o", str(tmp_path / "rated.xlsx")]) == 1
        assert "No. 31 (" in capsys.readouterr().err.split("Rating 471 is under 1000")[0].splitlines()[-1]
        assert not (tmp_path / "rated.xlsx").exists()
        return
    assert main(["rate", str(workbook), "-o", str(tmp_path / "rated.xlsx")]) == 0
    book = openpyxl.load_workbook(tmp_path / "rated.xlsx")
    header = [c.value for c in book["Crosstable"][1]]
    assert "Post rating" in header


@pytest.mark.parametrize("name", FILES)
def test_a_real_file_survives_import_export_import(name: str, tmp_path: Path) -> None:
    first = tmp_path / "first.xlsx"
    import_to_workbook(REAL / name, first)
    export_workbook(first, "trf16", tmp_path / "again.trf")
    second = tmp_path / "second.xlsx"
    import_to_workbook(tmp_path / "again.trf", second)
    before, after = with_sexes(without_trf2026_rows(sheets_of(first)), TRF16_SEXES), sheets_of(second)
    if name == "no_colour_preference.trf":
        # Its players all have rank 0, which is no rank: the export ranks them by score.
        at = before["Crosstable"][0].index("Rank")
        assert [r[at] for r in before["Crosstable"][1:]] == [0] * 8
        before["Crosstable"] = [r[:at] + r[at + 1:] for r in before["Crosstable"]]
        after["Crosstable"] = [r[:at] + r[at + 1:] for r in after["Crosstable"]]
    assert after == before


def test_double_forfeits_of_a_real_file_are_f_in_both_rows() -> None:
    sheet = import_file(REAL / "swiss_with_many_unplayed_rounds.trf").sheets[0]
    rounds = {no: row for no, row in zip(sheet.column("No"), sheet.rows, strict=True)}
    r1, r2 = sheet.header.index("R1"), sheet.header.index("R2")
    # Round 1: 4 and 11 both '-' against each other; round 2: 4 and 13.
    assert (rounds[4][r1], rounds[11][r1]) == ("F11w", "F4b")
    assert (rounds[4][r2], rounds[13][r2]) == ("F13w", "F4b")
    # A one-sided forfeit stays a forfeit win against a forfeit loss.
    assert (rounds[3][r1], rounds[10][r1]) == ("X10b", "F3w")


def test_older_half_point_bye_0000_dash_equals(tmp_path: Path) -> None:
    # Older Swiss-Manager versions wrote a half-point bye as '0000 - =' (no opponent, a draw).
    text = FIXTURE.replace("0000 - H  0000 - U", "0000 - =  0000 - U", 1)
    assert text != FIXTURE
    path = tmp_path / "old.trf"
    path.write_text(text, encoding="utf-8")
    sheet = import_file(path).sheets[0]
    assert sheet.rows[5][sheet.header.index("R2")] == "H"


def test_line_062_lower_than_the_player_lines_imports_all_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "count.trf"
    path.write_text(FIXTURE.replace("062 7", "062 5", 1), encoding="utf-8")
    event = import_file(path)
    assert len(event.sheets[0].rows) == 7
    assert ("The file says 5 players (line 062) but has 7 player lines: all 7 are imported (some programs "
            "count only the players who played)") in event.warnings


def test_double_forfeits_in_dbf_and_msa_are_f_in_both_rows(tmp_path: Path) -> None:
    from test_import_dbf import PLAYERS, write_event

    players = [list(p) for p in PLAYERS]
    players[4][7], players[5][7] = "F6", "F5"  # section 1, round 1: 5 and 6 both forfeited
    sheet = import_file(write_event(tmp_path / "dbf", players=players)).sheets[0]
    r1 = sheet.header.index("R1")
    assert (sheet.rows[4][r1], sheet.rows[5][r1]) == ("F6", "F5")
    msa = (Path(__file__).parent / "data" / "import" / "two-sections.txt").read_text(encoding="utf-8")
    # Section 1, round 1: No. 1 and No. 4 both forfeited (No. 1's total drops by the win).
    text = msa.replace("|1.5  |W   4|", "|0.5  |F   4|", 1).replace("|0.0  |L   1|", "|0.0  |F   1|", 1)
    assert text.count("|F   ") == msa.count("|F   ") + 2
    path = tmp_path / "event.txt"
    path.write_text(text, encoding="utf-8")
    sheet = import_file(path).sheets[0]
    r1 = sheet.header.index("R1")
    assert (sheet.rows[0][r1], sheet.rows[3][r1]) == ("F4", "F1")
    assert sheet.rows[0][sheet.header.index("Total")] == 0.5


def test_older_byes_with_no_opponent_are_scored_by_the_players_points() -> None:
    # Bunratty 2011: No. 16 has '-' with no result in rounds 4 and 5 and 2.5 points, which
    # the games make 1.5: each was a half-point bye. No. 24 withdrew: 0.5 points from the
    # games, so its four such rounds are worth 0.
    sheet = import_file(REAL / "bunratty_masters_2011.tab", "trf").sheets[0]
    rows = {row[0]: row for row in sheet.rows}
    r1 = sheet.header.index("R1")
    assert rows[16][r1:r1 + 6] == ("D33b", "W32w", "L7b", "H", "H", "L27b")
    assert rows[24][r1:r1 + 6] == ("L7b", "D30w", "U", "U", "U", "U")
    notes = dict(zip(sheet.column("No"), sheet.column("Import notes"), strict=True))
    assert notes[16] == ("round 4, 5: no opponent and a result of '-' or none, scored ½ point (H), as the "
                         "player's points say (an older form of a bye)")
    assert notes[24] is None
