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
    assert [cell.value for cell in players[1]] == ["ID", "Name", "Rating", "Games", "Birth date", "Peak"]
    players["F1"] = "K"  # (in place of US Chess's Peak: every row's cell is written or blank below)
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
    need = ("below 2100, so K depends on age and membership: give K, or Birth date (and Joined for "
            "players aged 21 or more)")
    assert lines == [
        f"{source}: The season has 2 errors; nothing was rated or written.",
        f"  Autumn!B5: ID 10000005: rated 1580 over 40 games, {need} (the player's data: Players!A6)",
        # Hahn's Spring follows his refused Winter: not reported again.
        f"  Winter!B5: ID 10000008: rated 1205 over 40 games, {need} (the player's data: Players!A9)",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]
    assert source.read_bytes() == before


def test_the_same_season_rates_once_both_have_a_k(tmp_path: Path) -> None:
    source = icu_season(tmp_path / "club.xlsx")
    book = openpyxl.load_workbook(source)
    book["Players"]["F6"], book["Players"]["F9"] = 24, 24
    book.save(source)
    assert main(["season", str(source)]) == 0


def test_a_provisional_player_who_crosses_20_games_is_asked_for_his_k_or_birth_date() -> None:
    """Ann starts the season provisional (1500 over 18 games) and needs no K; after the first event
    she has 21 games and is rated: her K then depends on her age and membership, which Players does
    not give. The second event is refused with her rating and games as the season made them."""
    import datetime as dt

    from xlrating.errors import CrosstableError
    from xlrating.season import rate_season_sheets

    sheets = {
        "Season": [["System", "ICU"]],
        "Players": [["ID", "Name", "Rating", "Games", "K"], [1, "Ann", 1500, 18, None],
                    [2, "Bob", 1600, None, 24], [3, "Cy", 1550, None, 24], [4, "Di", 1450, None, 24]],
        "Events": [["Sheet", "End date"], ["E1", dt.date(2024, 10, 5)], ["E2", dt.date(2024, 11, 5)]],
        "E1": [["No", "ID", "Name", "R1", "R2", "R3"], [1, 1, "Ann", "W2", "W3", "D4"],
               [2, 2, "Bob", "L1", "U", "U"], [3, 3, "Cy", "U", "L1", "U"], [4, 4, "Di", "U", "U", "D1"]],
        "E2": [["No", "ID", "Name", "R1"], [1, 1, "Ann", "W2"], [2, 2, "Bob", "L1"]],
    }
    with pytest.raises(CrosstableError) as raised:
        rate_season_sheets(sheets)
    # Worked by hand (ICU, "Basic Rating Formulae", performance ratings): in E1 Ann beats 1600 and
    # 1550 and draws 1450: Re = (2000 + 1950 + 1450) / 3 = 1800, and her new rating is
    # (1500 x 18 + 1800 x 3) / 21 = 32400 / 21 = 1542.86, 1543, over 21 games: no longer provisional.
    assert [str(p) for p in raised.value.problems] == [
        "E2!B2: ID 1: rated 1543 over 21 games, below 2100, so K depends on age and membership: give K, or "
        "Birth date (and Joined for players aged 21 or more) (the player's data: Players!A2)"]
    sheets["Players"][0] += ["Birth date"]
    sheets["Players"][1] += [dt.date(2010, 5, 1)]  # a junior: K 40
    second = rate_season_sheets(sheets).events[1].outcomes[0].players[0]
    assert (second.pre_rating, second.method.value, second.k) == (1543, "elo", 40)
