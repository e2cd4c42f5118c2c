"""How ``xlrating season`` writes a season workbook: read once, the new sheets (New list,
History, New pending) added to the package, only the written parts changed, every other
part copied byte for byte, as ``xlrating rate`` writes an event workbook."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hostile import parts, write_parts
from test_season import icu_club
from test_season_cli import write

from xlrating.cli import main
from xlrating.workbook import package

PLAYERS_PART = "xl/worksheets/sheet2.xml"  # write() puts Season first, then Players


def values(path: Path, sheet: str) -> list[list[Any]]:
    """A sheet's values as Excel last calculated them."""
    book = openpyxl.load_workbook(path, data_only=True)
    return [list(row) for row in book[sheet].iter_rows(values_only=True)]


def with_calculated_formula(path: Path) -> Path:
    """The ICU club season with Ann's rating (Players!C2) a formula Excel has calculated
    (``=1700+100``, its value 1800 stored beside it, as Excel saves it)."""
    write(path, icu_club())
    contents = parts(path)
    text = contents[PLAYERS_PART].decode()
    text, count = re.subn(r'<c r="C2"( [^>]*)?><v>1800</v></c>',
                          r'<c r="C2"\1><f>1700+100</f><v>1800</v></c>', text)
    assert count == 1
    contents[PLAYERS_PART] = text.encode()
    return write_parts(path, contents)


def test_a_formulas_calculated_value_survives_the_first_rating(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    source = with_calculated_formula(tmp_path / "club.xlsx")
    plain = write(tmp_path / "plain.xlsx", icu_club())
    assert main(["season", str(plain)]) == 0
    assert main(["season", str(source), "--in-place"]) == 0
    assert b"<f>1700+100</f><v>1800</v>" in parts(source)[PLAYERS_PART]
    # Rated again in place: Ann's rating is still read as 1800, not as blank (unrated).
    assert main(["season", str(source), "--in-place"]) == 0
    assert "without a value" not in capsys.readouterr().err
    for sheet in ("Players", "New list", "History", "Autumn", "Winter"):
        assert values(source, sheet) == values(tmp_path / "plain-rated.xlsx", sheet), sheet


def test_the_first_rating_copies_every_part_it_does_not_write(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    sheets = icu_club()
    sheets["Notes"] = [["Venue", "Riverside Hall"], ["Arbiter", "=HYPERLINK(\"x\")"]]
    source = write(tmp_path / "club.xlsx", sheets)
    assert main(["season", str(source)]) == 0
    before, after = parts(source), parts(tmp_path / "club-rated.xlsx")
    changed = {name for name in before if after.get(name) != before[name]}
    # The event sheets and Players (outputs), the styles they use, and the three parts that
    # list the sheets (the workbook, its relationships, the content types).
    assert changed == {"xl/worksheets/sheet2.xml", "xl/worksheets/sheet4.xml", "xl/worksheets/sheet5.xml",
                       "xl/styles.xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels",
                       "[Content_Types].xml"}
    added = sorted(set(after) - set(before))
    assert added == ["xl/worksheets/sheet7.xml", "xl/worksheets/sheet8.xml"]
    book = openpyxl.load_workbook(tmp_path / "club-rated.xlsx")
    assert book.sheetnames == [*sheets, "New list", "History"]
    assert values(tmp_path / "club-rated.xlsx", "History")[1] == ["1", "Ann", 1800, 1809, 1793]
    assert "saved the workbook through openpyxl" not in capsys.readouterr().err


def test_the_season_workbook_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Read twice, another program's save between the reads would end up in the output beside
    # ratings computed from the cells read first.
    source = write(tmp_path / "club.xlsx", icu_club())
    reads: list[Path] = []
    original = package.read_file

    def counted(file: Path) -> bytes:
        reads.append(Path(file))
        return original(file)

    monkeypatch.setattr(package, "read_file", counted)
    assert main(["season", str(source), "-o", str(tmp_path / "out.xlsx")]) == 0
    assert reads.count(source) == 1


def test_the_players_new_ratings_are_shown_not_collapsed(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # The working behind an event's ratings is grouped and collapsed (a wall chart leaves it
    # out); the Players sheet's new ratings are what the list is for: shown, and printed.
    source = write(tmp_path / "club.xlsx", icu_club())
    assert main(["season", str(source)]) == 0
    capsys.readouterr()
    book = openpyxl.load_workbook(tmp_path / "club-rated.xlsx")
    players = book["Players"]
    for cell in players[1][5:]:
        dimension = players.column_dimensions[cell.column_letter]
        assert not dimension.hidden and not dimension.outlineLevel, cell.value
    winter = book["Winter"]
    hidden = {cell.value for cell in winter[1] if winter.column_dimensions[cell.column_letter].hidden}
    assert "Step 3" in hidden and "Post rating" not in hidden


def test_the_lite_script_shows_the_players_new_ratings(tmp_path: Path) -> None:
    from test_macros import book_json, run_script

    from xlrating import macros

    source = write(tmp_path / "club.xlsx", icu_club())
    actions = run_script(macros, "rate_season_workbook", book_json(source))
    players = openpyxl.load_workbook(source).sheetnames.index("Players")
    hidden = [action["sheet_position"] for action in actions
              if action["func"] in ("rangeGroup", "setColumnHidden")]
    assert hidden and players not in hidden  # the event sheets' working only


def test_new_sheets_headers_are_bold_and_columns_fit_their_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write(tmp_path / "club.xlsx", icu_club())
    assert main(["season", str(source), "--in-place"]) == 0
    widths = {letter: openpyxl.load_workbook(source)["New list"].column_dimensions[letter].width
              for letter in "ABCDEF"}
    assert all(width and width >= 8 for width in widths.values()), widths
    new_list = openpyxl.load_workbook(source)["New list"]
    assert all(cell.font.b for cell in new_list[1]) and not any(cell.font.b for cell in new_list[2])
    assert new_list["C1"].value == "Rating" and new_list["C2"].number_format == "0"
    # A width the director gives is kept when the season is rated again.
    book = openpyxl.load_workbook(source)
    book["New list"].column_dimensions["B"].width = 33
    book.save(source)
    assert main(["season", str(source), "--in-place"]) == 0
    capsys.readouterr()
    assert openpyxl.load_workbook(source)["New list"].column_dimensions["B"].width == 33
