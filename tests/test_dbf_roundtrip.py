"""US Chess rating report files, out and back: ``xlrating export --to uscf`` then
``xlrating import`` give the crosstable the workbook held.

Two parts of a round the report files hold and the importer once dropped: a forfeit's colour
(``X2B``: the export writes the colour the cell gives, as it does a game's) and a section's
event type (``S_TRN_TYPE``: ``S`` Swiss, ``R`` round robin, ``M`` match; US Chess's file
format, docs/files.md). The events are the fictional ones of test_import_dbf.py.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from test_export_uscf import complete_report
from test_import_dbf import PLAYERS, SECTIONS, write_event

from xlrating.errors import FormatError
from xlrating.exporters import export_workbook
from xlrating.importers import import_file, import_to_workbook


def sheet_rows(book: Path, name: str) -> list[tuple[object, ...]]:
    return [row for row in openpyxl.load_workbook(book)[name].iter_rows(values_only=True)]


def export_and_import(workbook: Path, tmp_path: Path) -> Path:
    """The workbook imported back from its own US Chess report."""
    export_workbook(workbook, "uscf", tmp_path / "report")
    again = tmp_path / "again.xlsx"
    import_to_workbook(tmp_path / "report", again)
    return again


def test_a_forfeits_colour_is_imported_as_the_file_gives_it(tmp_path: Path) -> None:
    players = [list(p) for p in PLAYERS]
    players[4][7], players[5][7] = "X6B", "F5W"  # Fox's forfeit win over Gray, colours given
    event = import_file(write_event(tmp_path / "source", players=players))
    assert [row[5] for row in event.sheets[0].rows][4:] == ["X6b", "F5w"]


def test_a_forfeits_colour_comes_back_from_the_workbooks_report(tmp_path: Path) -> None:
    workbook = tmp_path / "club.xlsx"
    import_to_workbook(write_event(tmp_path / "source"), workbook)
    complete_report(workbook)
    book = openpyxl.load_workbook(workbook)
    open_ = book["Open"]
    assert (open_["F6"].value, open_["F7"].value) == ("X6", "F5")  # Fox and Gray, round 1
    open_["F6"].value, open_["F7"].value = "X6b", "F5w"
    book.save(workbook)
    again = export_and_import(workbook, tmp_path)
    assert [row[:9] for row in sheet_rows(again, "Open")] == [row[:9] for row in sheet_rows(workbook, "Open")]


def test_two_forfeit_cells_giving_one_colour_are_refused_as_two_game_cells_are(tmp_path: Path) -> None:
    players = [list(p) for p in PLAYERS]
    players[4][7], players[5][7] = "X6B", "F5B"
    with pytest.raises(FormatError, match=r"round 1: X6b and player 6's 'F5b' .* both give Black"):
        import_file(write_event(tmp_path / "source", players=players))


#: A third section of two players who met in both rounds, and its records.
DUO_PLAYERS = [["", "3", "1", "55555555", "Lane, Kit", "OH", "1600", "W2W", "D2B", "", ""],
               ["", "3", "2", "66666666", "Moss, Lee", "OH", "1550", "L1B", "D1W", "", ""]]


def duo_section(kind: str) -> list[str]:
    return ["", "3", "Duo", "D", "G/45;d5", kind, "2", "2", "20240510", "20240512"]


def test_a_two_player_section_the_file_calls_a_swiss_is_imported_beside_the_others(tmp_path: Path) -> None:
    event = import_file(write_event(tmp_path / "source", sections=[*SECTIONS, duo_section("S")],
                                    players=[*PLAYERS, *DUO_PLAYERS]))
    assert event.setting("Event type") == "Swiss"
    assert [s.name for s in event.sheets] == ["Open", "Quad- U1600", "Duo"]
    assert any("Section Duo has two players" in w and "says Swiss" in w for w in event.warnings)


def test_a_lone_two_player_section_the_file_calls_a_swiss_is_a_match_with_a_warning(tmp_path: Path) -> None:
    # Pairing programs write S for a match too: the file's only section of two players is a match
    # (US Chess 2020, 7), and the warning says what the file said.
    event = import_file(write_event(tmp_path / "source", sections=[duo_section("S")], players=DUO_PLAYERS))
    assert event.setting("Event type") == "Match"
    assert any("Section Duo has two players: imported as a match" in w and "says Swiss" in w
               for w in event.warnings)


@pytest.mark.parametrize("kind", ["R", "M", ""])
def test_a_two_player_section_the_file_calls_a_round_robin_or_match_is_a_match(tmp_path: Path,
                                                                              kind: str) -> None:
    event = import_file(write_event(tmp_path / "source", sections=[duo_section(kind)], players=DUO_PLAYERS))
    assert event.setting("Event type") == "Match"
    with pytest.raises(FormatError, match="sections differ in event type"):
        import_file(write_event(tmp_path / "both", sections=[*SECTIONS, duo_section(kind)],
                                players=[*PLAYERS, *DUO_PLAYERS]))


def test_a_swiss_with_a_two_player_section_comes_back_from_its_report(tmp_path: Path) -> None:
    workbook = tmp_path / "club.xlsx"
    import_to_workbook(write_event(tmp_path / "source", sections=[*SECTIONS, duo_section("S")],
                                   players=[*PLAYERS, *DUO_PLAYERS]), workbook)
    complete_report(workbook)
    again = export_and_import(workbook, tmp_path)
    assert next(r for r in sheet_rows(again, "Event") if r[0] == "Event type")[1] == "Swiss"
    for name in ("Open", "Quad- U1600", "Duo"):
        assert [row[:9] for row in sheet_rows(again, name)] == [row[:9] for row in sheet_rows(workbook, name)]


#: A section of three players who all met, which the file calls a match.
TRIO_PLAYERS = [["", "3", "1", "55555555", "Lane, Kit", "OH", "1600", "W2W", "D3B", "B0", ""],
                ["", "3", "2", "66666666", "Moss, Lee", "OH", "1550", "L1B", "B0", "W3W", ""],
                ["", "3", "3", "77777777", "Nash, Ray", "OH", "1500", "B0", "D1W", "L2B", ""]]


def test_a_match_section_of_more_than_two_players_is_said_at_import(tmp_path: Path) -> None:
    sections = [["", "3", "Trio", "R", "G/45;d5", "M", "3", "3", "20240510", "20240512"]]
    event = import_file(write_event(tmp_path / "source", sections=sections, players=TRIO_PLAYERS))
    assert event.setting("Event type") == "Round robin"
    assert [w for w in event.warnings if "says match" in w] == [
        "Section Trio has 3 players, but TSEXPORT.DBF record 1 says match (M, S_TRN_TYPE), and a match "
        "has two players (US Chess 2020, 7): imported as a round robin, as its pairings show; check the "
        "Event sheet's Event type"]
