"""``xlrating season`` on the season template made an ICU season with two players whose K the
engine cannot decide, in two events: both named at once, each at his cell."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlrating.cli import main

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "season.xlsx"


def icu_season(path: Path) -> Path:
    """The season template as an ICU season, every player with K 24 but Eriksen (Autumn) and
    Hahn (Winter and Spring): 40 games, no K, no birth date."""
    book = openpyxl.load_workbook(TEMPLATE)
    season = book["Season"]
    assert [season[f"A{row}"].value for row in (1, 2, 3)] == ["System", "Rules", "Rating system"]
    season["B1"], season["B2"] = "ICU", "ICU"
    season.delete_rows(3)  # US Chess's rating system
    players = book["Players"]
    assert [cell.value for cell in players[1]] == ["ID", "Name", "Rating", "Games", "Birth date"]
    players["F1"] = "K"
    for row in range(2, players.max_row + 1):
        if players.cell(row, 2).value in ("Eriksen, Erik", "Hahn, Hugo"):
            players.cell(row, 4).value, players.cell(row, 5).value = 40, None
        else:
            players.cell(row, 6).value = 24
    book.save(path)
    return path


def test_the_refused_players_of_every_event_are_named_at_their_cells(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = icu_season(tmp_path / "club.xlsx")
    before = source.read_bytes()
    assert main(["season", str(source)]) == 1
    lines = capsys.readouterr().err.splitlines()
    need = ("Argument 'birth_date' is needed: K of a player rated below 2100 depends on age at the "
            "event's start")
    assert lines == [
        f"{source}: The season has 2 errors; nothing was rated or written.",
        f"  Autumn!B5: ID 10000005: {need} (the player's data: Players!A6)",
        # Hahn's Spring follows his refused Winter: not reported again.
        f"  Winter!B5: ID 10000008: {need} (the player's data: Players!A9)",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]
    assert source.read_bytes() == before


def test_the_same_season_rates_once_both_have_a_k(tmp_path: Path) -> None:
    source = icu_season(tmp_path / "club.xlsx")
    book = openpyxl.load_workbook(source)
    book["Players"]["F6"], book["Players"]["F9"] = 24, 24
    book.save(source)
    assert main(["season", str(source)]) == 0
