"""``xlrating season`` (and ``rate`` on a season workbook) on real files: the outputs, the
file safety of the rest of the command line, re-rating in place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from test_season import icu_club

from xlrating.cli import main
from xlrating.errors import ArgumentError
from xlrating.workbook.season import is_season_file


def write(path: Path, sheets: dict[str, list[list[Any]]]) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path


def values(path: Path, sheet: str) -> list[list[Any]]:
    book = openpyxl.load_workbook(path)
    return [list(row) for row in book[sheet].iter_rows(values_only=True)]


def test_season_writes_every_output_and_keeps_the_input(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    source = write(tmp_path / "club.xlsx", icu_club())
    before = source.read_bytes()
    assert main(["season", str(source)]) == 0
    out = capsys.readouterr().out
    assert "Rated Autumn (ends 2024-10-05)" in out and "List: 2 players before, 3 after (1 new)" in out
    assert source.read_bytes() == before
    rated = tmp_path / "club-rated.xlsx"
    assert [row[5] for row in values(rated, "Players")] == ["New rating", 1793, 1707]
    assert values(rated, "History")[1] == ["1", "Ann", 1800, 1809, 1793]
    assert values(rated, "New list")[3][:2] == ["3", "Cy"]


def test_rerating_in_place_after_a_correction(tmp_path: Path) -> None:
    wrong = icu_club()
    wrong["Autumn"][1][4], wrong["Autumn"][2][4] = "L2", "W1"
    source = write(tmp_path / "club.xlsx", wrong)
    assert main(["season", str(source), "--in-place"]) == 0
    book = openpyxl.load_workbook(source)
    book["Autumn"]["E2"], book["Autumn"]["E3"] = "W2", "L1"
    book.save(source)
    assert main(["rate", str(source), "--in-place"]) == 0  # rate sees a season workbook
    once = write(tmp_path / "once.xlsx", icu_club())
    assert main(["season", str(once)]) == 0
    for sheet in ("Players", "History", "New list", "Autumn", "Winter"):
        assert values(source, sheet) == values(tmp_path / "once-rated.xlsx", sheet), sheet


def test_errors_exit_1_with_every_cell_and_write_nothing(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    sheets = icu_club()
    sheets["Autumn"][2][1] = None
    sheets["Events"].append(["Spring", None, None, "2025-03-01"])
    source = write(tmp_path / "club.xlsx", sheets)
    before = source.read_bytes()
    assert main(["season", str(source)]) == 1
    err = capsys.readouterr().err
    assert "Autumn!B3: No. 2 has no ID" in err and "Events!A4" in err
    assert source.read_bytes() == before
    assert not (tmp_path / "club-rated.xlsx").exists()


def test_is_season_file(tmp_path: Path) -> None:
    assert is_season_file(write(tmp_path / "a.xlsx", icu_club()))
    assert not is_season_file(write(tmp_path / "b.xlsx", {"Event": [["System", "ICU"]]}))
    assert not is_season_file(tmp_path / "missing.xlsx")


def test_template_season_is_a_club_season_of_three_events(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "season.xlsx"
    assert main(["template", "season", "-o", str(target)]) == 0
    assert main(["template", "season", "-o", str(target)]) == 1  # never overwritten without --force
    capsys.readouterr()
    assert main(["season", str(target)]) == 0
    out = capsys.readouterr().out
    assert out.count("Rated ") == 3 and "List: 8 players before, 9 after (1 new)" in out
    rated = tmp_path / "season-rated.xlsx"
    assert values(rated, "History")[0] == ["ID", "Name", "Start", "Autumn", "Winter", "Spring"]
    assert values(rated, "New list")[-1][-1] == "Spring"  # the new player, added in the Spring open
    committed = Path(__file__).resolve().parent.parent / "templates" / "season.xlsx"
    assert values(committed, "Players") == values(target, "Players")


def test_the_season_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write(tmp_path / "club.xlsx", icu_club())
    report = tmp_path / "report.xlsx"
    assert main(["season", str(source), "--report", str(report), "--chart-players", "2,3"]) == 0
    book = openpyxl.load_workbook(report)
    assert book.sheetnames == ["Summary", "Ratings", "Chart"]
    summary = [list(row) for row in book["Summary"].iter_rows(values_only=True)]
    assert [row[0] for row in summary[7:9]] == ["Autumn", "Winter"]
    assert summary[8][7] == "1 new player"
    assert [list(row) for row in book["Ratings"].iter_rows(values_only=True)][1] == \
        ["1", "Ann", 1800, 1793, -7, 2, 2]
    chart = [list(row) for row in book["Chart"].iter_rows(values_only=True)]
    assert chart == [["Event", "Bob", "Cy"], ["Start", 1700, None], ["Autumn", 1691, None],
                     ["Winter", 1707, None]]
    assert len(book["Chart"]._charts) == 1


def test_the_chart_follows_the_top_n_and_refuses_unknown_players(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    source = write(tmp_path / "club.xlsx", icu_club())
    report = tmp_path / "report.xlsx"
    assert main(["season", str(source), "--report", str(report), "--chart-players", "9"]) == 1
    assert "not on the season's list: 9" in capsys.readouterr().err
    assert not report.exists() and not (tmp_path / "club-rated.xlsx").exists()
    assert main(["season", str(source), "--report", str(report), "--chart-top", "1"]) == 0
    chart = [list(row) for row in openpyxl.load_workbook(report)["Chart"].iter_rows(values_only=True)]
    assert chart[0] == ["Event", "Ann"]


def test_a_chart_of_more_players_than_it_can_show_is_refused_before_anything_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # --chart-top 300 wrote a chart of 300 series, past the 255 Excel draws.
    source = write(tmp_path / "club.xlsx", icu_club())
    report = tmp_path / "report.xlsx"
    with pytest.raises(SystemExit) as stopped:
        main(["season", str(source), "--report", str(report), "--chart-top", "300"])
    assert stopped.value.code == 2
    assert "the chart follows 1 to 100 players (a chart of more lines is past reading; Excel draws at most " \
           "255), not 300" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]
    from xlrating.report.season import chart_players
    from xlrating.season import rate_season_sheets

    grids = {name: [list(row) for row in sheet.iter_rows(values_only=True)]
             for name, sheet in zip(openpyxl.load_workbook(source).sheetnames,
                                    openpyxl.load_workbook(source).worksheets, strict=True)}
    rated = rate_season_sheets(grids)
    with pytest.raises(ArgumentError, match="not top 101"):
        chart_players(rated, top=101)


def test_rate_with_report_on_a_season_writes_the_season_report(tmp_path: Path) -> None:
    source = write(tmp_path / "club.xlsx", icu_club())
    report = tmp_path / "report.xlsx"
    assert main(["rate", str(source), "--report", str(report)]) == 0
    chart = [list(row) for row in openpyxl.load_workbook(report)["Chart"].iter_rows(values_only=True)]
    assert chart[0] == ["Event", "Ann", "Bob"]  # the top of the new list (Cy is unrated)


def test_uncalculated_formulas_get_a_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheets = icu_club()
    sheets["Players"][1].append("=C2+0")  # a formula nobody calculated (openpyxl does not)
    source = write(tmp_path / "club.xlsx", sheets)
    assert main(["season", str(source)]) == 0
    err = capsys.readouterr().err
    assert "1 formula cell without a value (never calculated) read as blank: Players!F2" in err


def test_in_place_with_a_report_writes_both_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    source = write(tmp_path / "club.xlsx", icu_club())
    assert main(["season", str(source), "--in-place", "--report", str(tmp_path / "report.xlsx")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx", "report.xlsx"]
    assert "History" in openpyxl.load_workbook(source).sheetnames
    assert main(["season", str(source), "--in-place"]) == 0  # again, on the sheets it added


def test_an_engine_error_names_each_player_at_his_cell_all_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The ICU engine needs a birth date for K when none is given; it stopped at the first player,
    # and the season said "Player 1: Argument 'birth_date' is needed", the engine's seat number
    # and argument: now each player, at his cell, in the words of a crosstable's check.
    sheets = icu_club()
    sheets["Players"] = [["ID", "Name", "Rating", "Games"], [1, "Ann", 1800, 40], [2, "Bob", 1700, 40]]
    source = write(tmp_path / "club.xlsx", sheets)
    assert main(["season", str(source)]) == 1
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert lines[0] == f"{source}: The season has 2 errors; nothing was rated or written."
    assert lines[1:] == [
        "  Autumn!B2: ID 1: rated 1800 over 40 games, below 2100, so K depends on age and membership: give"
        " K, or Birth date (and Joined for players aged 21 or more) (the player's data: Players!A2)",
        "  Autumn!B3: ID 2: rated 1700 over 40 games, below 2100, so K depends on age and membership: give"
        " K, or Birth date (and Joined for players aged 21 or more) (the player's data: Players!A3)",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]
