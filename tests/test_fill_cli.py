"""``xlrating fill``, ``rate --list``, ``lists sheet`` and ``template season --list`` on real files.

The store of loaded lists stands in here as a ``List`` sheet's players (the store answers the
same look-ups; its own tests are its own): :func:`xlrating.official.sources.open_store`, which
the commands and the macros open it with, is replaced by one.
"""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from test_cli import event_sheet_only
from test_official_fill import blanked, uscf_event, uscf_list

from xlrating.cli import fill as fill_cli
from xlrating.cli import main
from xlrating.official import ListedPlayer, sources
from xlrating.official.sheet import LIST_SHEET, ListSheet, list_rows
from xlrating.season.rate import rate_season_sheets
from xlrating.workbook import NewSheet, load, read_grids, write_new_workbook


class Store(ListSheet):
    """The store as the commands use it: look-ups, and every player of a federation."""

    def players(self, system: str, kind: str, on: dt.date, federation: str | None = None
                ) -> Iterator[ListedPlayer]:
        for player in self._list(system, kind, on).values():
            if federation is None or player.federation == federation:
                yield player


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> Store:
    typed, _ = uscf_event()
    found = Store([*uscf_list(typed),
                   ListedPlayer("FIDE", "Standard", "2500000", "Ó Briain, Éamon", dt.date(2026, 11, 1),
                                rating=2210.0, k=20, birth_year=1980, federation="IRL"),
                   ListedPlayer("FIDE", "Standard", "2500001", "Kelly, Gráinne", dt.date(2026, 11, 1),
                                rating=1805.0, k=40, birth_year=2010, federation="IRL", title="WCM"),
                   ListedPlayer("FIDE", "Standard", "4611111", "Müller, Anna", dt.date(2026, 11, 1),
                                rating=2105.0, k=20, federation="GER")])
    seen: list[Any] = []

    def opened(db: str | None) -> Store:
        seen.append(db)
        return found

    monkeypatch.setattr(sources, "open_store", opened)
    return found


def workbook(path: Path, grid: list[list[Any]], event: list[list[Any]], *, with_list: bool = False) -> Path:
    sheets = [NewSheet("Crosstable", grid[0], grid[1:])]
    if with_list:
        rows = list_rows(uscf_list(uscf_event()[0]))
        sheets.append(NewSheet(LIST_SHEET, rows[0], rows[1:]))
    write_new_workbook(path, event=[(str(n), v) for n, v in event], sheets=sheets)
    return path


def post_ratings(path: Path) -> list[Any]:
    sheet = openpyxl.load_workbook(path)["Crosstable"]
    header = [c.value for c in sheet[1]]
    column = header.index("Post rating") + 1
    return [sheet.cell(row=r, column=column).value for r in range(2, sheet.max_row + 1)]


def test_fill_writes_only_the_blank_cells_beside_the_input(tmp_path: Path, store: Store,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    typed, event = uscf_event()
    source = workbook(tmp_path / "event.xlsx", blanked(typed, ("Rating", "Games")), event)
    original = source.read_bytes()
    assert main(["fill", str(source)]) == 0
    out, err = capsys.readouterr()
    target = tmp_path / "event-filled.xlsx"
    assert out.splitlines() == [
        "Crosstable: 64 Rating, 10 Games filled from the US Chess Regular list of 2014-06-01 in force on "
        "2014-06-01", f"Wrote {target}"]
    assert err == ""
    assert source.read_bytes() == original
    filled = read_grids(load(target))["Crosstable"]
    for column in ("Rating", "Games"):
        at = typed[0].index(column)
        assert [row[at] for row in filled] == [row[at] for row in typed]


def test_rate_list_gives_the_ratings_of_the_event_typed_in_full(tmp_path: Path, store: Store,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    typed, event = uscf_event()
    full = workbook(tmp_path / "full.xlsx", typed, event)
    bare = workbook(tmp_path / "bare.xlsx", blanked(typed, ("Rating", "Games")), event)
    assert main(["rate", str(full)]) == 0
    assert main(["rate", str(bare), "--list"]) == 0
    out = capsys.readouterr().out
    assert "Crosstable: 64 Rating, 10 Games filled" in out
    assert post_ratings(tmp_path / "bare-rated.xlsx") == post_ratings(tmp_path / "full-rated.xlsx")
    assert read_grids(load(tmp_path / "bare-rated.xlsx"))["Crosstable"][1][:len(typed[0])] == typed[1]


def test_the_workbooks_own_list_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    typed, event = uscf_event()
    full = workbook(tmp_path / "full.xlsx", typed, event)
    bare = workbook(tmp_path / "bare.xlsx", blanked(typed, ("Rating", "Games")), event, with_list=True)
    assert main(["rate", str(full)]) == 0
    assert main(["rate", str(bare), "--list", "--list-sheet", "-o", str(tmp_path / "out.xlsx")]) == 0
    assert post_ratings(tmp_path / "out.xlsx") == post_ratings(tmp_path / "full-rated.xlsx")
    # No List sheet: said, nothing written.
    assert main(["fill", str(full), "--list-sheet"]) == 1
    assert "has no List sheet" in capsys.readouterr().err
    assert not (tmp_path / "full-filled.xlsx").exists()


def test_a_bad_cell_stops_the_fill_and_nothing_is_written(tmp_path: Path, store: Store,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    typed, event = uscf_event()
    grid = blanked(typed, ("Rating",))
    grid[5][grid[0].index("Games")] = "many"
    source = workbook(tmp_path / "event.xlsx", grid, event)
    assert main(["fill", str(source), "--in-place"]) == 1
    assert "Crosstable!F6: Games: 'many' is not a number of games" in capsys.readouterr().err
    assert not (tmp_path / "event-filled.xlsx").exists()


def test_lists_sheet_writes_a_list_workbook(tmp_path: Path, store: Store,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="xlrating lists")
    fill_cli.register_sheet(parser.add_subparsers())
    target = tmp_path / "irl.xlsx"
    args = parser.parse_args(["sheet", "--federation", "irl", "--date", "2026-11-20", "-o", str(target)])
    assert args.func(args) == 0
    assert capsys.readouterr().out == f"Wrote {target}: 2 players on its List sheet\n"
    sheet = openpyxl.load_workbook(target)[LIST_SHEET]
    assert [c.value for c in sheet[1]][:6] == ["System", "Kind", "List date", "ID", "Name", "Rating"]
    assert [sheet.cell(row=r, column=4).value for r in (2, 3)] == ["2500000", "2500001"]
    assert sheet.cell(row=2, column=4).number_format == "@"
    assert [c.value for c in sheet[1]][-1] == "Expires"  # (as dates: a US Chess membership's end)
    assert sheet.cell(row=2, column=len(sheet[1])).number_format == "yyyy-mm-dd"
    # An ID the list does not hold is an error; nothing is written.
    args = parser.parse_args(["sheet", "--ids", "2500000,9999999", "-o", str(tmp_path / "x.xlsx")])
    with pytest.raises(Exception, match="9999999"):
        args.func(args)
    assert not (tmp_path / "x.xlsx").exists()


def test_a_season_starts_from_the_list(tmp_path: Path, store: Store) -> None:
    target = tmp_path / "season.xlsx"
    assert main(["template", "season", "--list", "fide", "--federation", "IRL", "--date", "2026-11-20",
                 "-o", str(target)]) == 0
    grids = read_grids(load(target))
    assert grids["Players"] == [["ID", "Name", "Rating", "K", "Federation", "Title"],
                                ["2500000", "Ó Briain, Éamon", 2210, 20, "IRL"],
                                ["2500001", "Kelly, Gráinne", 1805, 40, "IRL", "WCM"]]
    assert grids["Season"][:3] == [["System", "FIDE"], ["Rules", "FIDE 2024"],
                                   ["List date", dt.datetime(2026, 11, 1)]]
    # The director adds an event; the season rates from the list's ratings and K.
    grids["Events"][1][2:4] = [dt.date(2026, 11, 21), dt.date(2026, 11, 22)]
    grids["Event 1"] += [[1, "2500000", "Ó Briain, Éamon", None, "W2"],
                         [2, "2500001", "Kelly, Gráinne", None, "L1"]]
    rated = rate_season_sheets(grids)
    # 405 points apart, counted as 400: expected scores 0.92 and 0.08 (FIDE Rating Regulations 2024,
    # 8.1.2, table); K 20 and 40 as the list gives them; changes rounded to whole numbers.
    event = rated.events[0].outcomes[0]
    assert [(p.k, p.change) for p in event.players] == [(20, 2), (40, -3)]
    other = tmp_path / "x.xlsx"
    assert main(["template", "fide", "--list", "fide", "--federation", "IRL", "-o", str(other)]) == 1
    assert not other.exists()


def test_rate_list_of_a_season_fills_its_players_first(tmp_path: Path, store: Store,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from xlrating.workbook.book import save_workbook_atomic
    from xlrating.workbook.season import season_workbook

    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "FIDE"], ["Rules", "FIDE 2024"], ["List date", dt.date(2026, 11, 1)]],
        "Players": [["ID", "Name", "Rating", "K"], ["2500000", "Ó Briain, Éamon", None, None],
                    ["2500001", "Kelly, Gráinne", None, None]],
        "Events": [["Sheet", "Start date", "End date"],
                   ["Open", dt.date(2026, 11, 21), dt.date(2026, 11, 22)]],
        "Open": [["No", "ID", "Name", "R1"], [1, "2500000", "Ó Briain, Éamon", "W2"],
                 [2, "2500001", "Kelly, Gráinne", "L1"]],
    }
    source = tmp_path / "season.xlsx"
    save_workbook_atomic(season_workbook(sheets), source)
    assert main(["rate", str(source), "--list"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ("Players: 2 Rating, 2 K filled from the FIDE Standard list of 2026-11-01 "
                                   "in force on 2026-11-01 (the Season sheet's List date)")
    rated = read_grids(load(tmp_path / "season-rated.xlsx"))
    assert [row[2:4] for row in rated["Players"][1:]] == [[2210, 20], [1805, 40]]
    header = rated["Players"][0]
    assert [row[header.index("New rating")] for row in rated["Players"][1:]] == [2212, 1802]


def test_list_options_without_list_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    typed, event = uscf_event()
    source = workbook(tmp_path / "event.xlsx", typed, event)
    assert main(["rate", str(source), "--date", "2014-06-01"]) == 1
    assert capsys.readouterr().err == "xlrating: --date says which list to fill from: add --list\n"
    assert not (tmp_path / "event-rated.xlsx").exists()


@pytest.mark.parametrize("command", ["rate", "fill"])
def test_a_workbook_without_a_crosstable_is_told_so_with_its_event_sheets_problems(
        tmp_path: Path, store: Store, capsys: pytest.CaptureFixture[str], command: str) -> None:
    # As the rating without --list says them: the Event sheet's problems and the want of a crosstable
    # at once, not one run after the other.
    source = event_sheet_only(tmp_path / "event.xlsx")
    before = source.read_bytes()
    assert main([command, str(source), *(["--list"] if command == "rate" else [])]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"{source}: The workbook has 2 errors; nothing was filled."
    assert lines[1].strip().startswith("Event!B3: End date: 'notadate' is not a date")
    assert lines[2].strip().startswith("The workbook has no crosstable: name a sheet 'Crosstable'")
    assert len(lines) == 3
    assert source.read_bytes() == before and sorted(tmp_path.iterdir()) == [source]
    # A workbook whose Event sheet is right is not filled as if it were: nothing is written.
    event_sheet_only(source, dt.date(2026, 1, 1))
    assert main([command, str(source), *(["--list"] if command == "rate" else [])]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"{source}: The workbook has 1 error; nothing was filled."
    assert lines[1].strip().startswith("The workbook has no crosstable") and len(lines) == 2
    assert sorted(tmp_path.iterdir()) == [source]
