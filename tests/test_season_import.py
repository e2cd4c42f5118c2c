"""Several imported events into one season workbook (``xlrating season-import``)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlrating.cli import main
from xlrating.errors import FormatError
from xlrating.importers.season import import_season
from xlrating.season import rate_season_sheets

DATA = Path(__file__).resolve().parent / "data" / "import"


def two_trf(folder: Path) -> Path:
    """The fictional TRF event (its one player without an ID given one) and the same
    event three months later, as two files of one folder."""
    text = (DATA / "spring-open.trf").read_text(encoding="utf-8")
    spring = text.replace("FRA             1985", "FRA     3333333 1985")
    assert spring != text
    summer = spring.replace("012 Spring Open 2024", "012 Summer Open 2024").replace(
        "042 2024/03/01", "042 2024/06/01").replace("052 2024/03/03", "052 2024/06/03").replace(
        "24/03/01  24/03/02  24/03/02  24/03/03", "24/06/01  24/06/02  24/06/02  24/06/03")
    folder.mkdir()
    (folder / "b-summer.trf").write_text(summer, encoding="utf-8")
    (folder / "a-spring.trf").write_text(spring, encoding="utf-8")
    return folder


def test_a_folder_of_trf_files_becomes_a_season(tmp_path: Path) -> None:
    season = import_season([two_trf(tmp_path / "events")])
    sheets = season.sheets
    assert list(sheets) == ["Season", "Players", "Events", "a-spring", "b-summer"]
    assert sheets["Season"] == [["System", "FIDE"], ["Rules", "FIDE 2024"]]
    assert sheets["Events"][1][:2] == ["a-spring", "Spring Open 2024 (fictional)"]
    players = sheets["Players"]
    assert players[0][:3] == ["ID", "Name", "Rating"]
    assert [row[0] for row in players[1:]] == ["4611111", "1111111", "3333333", "2222222", "2500000",
                                               "9000000", "7777777"]
    assert players[1][2] == 2105  # as the first event gives her
    rated = rate_season_sheets(sheets)
    # The second event's typed ratings are the first event's pre-event ratings: every player
    # whose rating the first event moved gets a note at his Rating cell.
    typed = [note for note in rated.notes if "is typed" in note]
    assert typed and all(note.startswith("'b-summer'!H") for note in typed)
    # The imported season has no List date: said, the list taken as adjusted (FIDE, March 2024).
    assert rated.notes[0].startswith("Season: the List date is blank: the list is taken as of the first "
                                     "event's end, ")
    # The two files hold the same games (one event's results, dated twice): said, both rated.
    assert rated.notes[1] == ("sheet 'b-summer': the same 8 games as sheet 'a-spring': is one event "
                              "entered twice? Both were rated")
    # The one player the list has no rating for (still unrated after the first event: FIDE needs
    # more games) is rated as unrated in both events, each time with a note naming his list row.
    unrated = [note for note in rated.notes if "rated as unrated" in note]
    assert [note[:note.index("!")] for note in unrated] == ["'a-spring'", "'b-summer'"]
    assert all("(Dubois, Chloé) rated as unrated: ID 3333333 has no Rating on the list (Players!A4)" in note
               for note in unrated)


def test_season_import_then_season_on_the_command_line(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    folder = two_trf(tmp_path / "events")
    target = tmp_path / "season.xlsx"
    assert main(["season-import", str(folder / "a-spring.trf"), str(folder / "b-summer.trf"),
                 "-o", str(target)]) == 0
    assert "Imported 2 events (a-spring, b-summer), 7 players" in capsys.readouterr().out
    assert main(["season-import", str(folder), "-o", str(target)]) == 1  # never overwritten without --force
    assert main(["season", str(target)]) == 0
    book = openpyxl.load_workbook(tmp_path / "season-rated.xlsx")
    assert book["History"]["D1"].value == "a-spring" and book["History"]["E1"].value == "b-summer"


def test_a_file_given_twice_is_imported_once(tmp_path: Path) -> None:
    # The same file named twice, or by its folder and by itself, was imported as two events, so
    # that the season rated its games twice.
    folder = two_trf(tmp_path / "events")
    spring = folder / "a-spring.trf"
    season = import_season([spring, folder, folder / ".." / "events" / "a-spring.trf", spring])
    assert list(season.sheets) == ["Season", "Players", "Events", "a-spring", "b-summer"]
    assert [w for w in season.warnings if "imported once" in w] == [
        f"{spring}: given twice: imported once",
        f"{folder / '..' / 'events' / 'a-spring.trf'}: the same file as {spring}: imported once",
        f"{spring}: given twice: imported once",
    ]
    assert [row[0] for row in season.sheets["Events"][1:]] == ["a-spring", "b-summer"]


def test_a_player_without_an_id_or_mixed_systems_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FormatError) as error:
        import_season([DATA / "spring-open.trf", DATA / "two-sections.txt"])
    found = [str(p) for p in error.value.problems]
    assert "spring-open.trf: Crosstable: No. 3 has no ID: a season names its players by ID" in found
    assert any("one system and rule edition" in p for p in found)


def test_nothing_is_written_on_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "season.xlsx"
    assert main(["season-import", str(DATA / "spring-open.trf"), "-o", str(target)]) == 1
    assert "No. 3 has no ID" in capsys.readouterr().err
    assert not target.exists()


def test_an_event_without_player_ids_is_an_error(tmp_path: Path) -> None:
    pgn = Path(__file__).resolve().parent / "data" / "pgn" / "held_round_robin.pgn"
    with pytest.raises(FormatError) as error:
        import_season([pgn])
    assert [str(p) for p in error.value.problems] == [
        "held_round_robin.pgn: Crosstable: no player IDs: a season names its players by ID"]


def test_an_empty_folder_is_no_event_to_import(tmp_path: Path) -> None:
    with pytest.raises(FormatError) as error:
        import_season([tmp_path])
    assert [str(p) for p in error.value.problems] == [f"{tmp_path}: no event to import"]


def test_a_file_that_cannot_be_imported_is_its_problems(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Nothing here\n", encoding="utf-8")
    with pytest.raises(FormatError) as error:
        import_season([bad, DATA / "spring-open.trf"])
    found = [str(p) for p in error.value.problems]
    assert found[0].startswith("bad.trf")
    assert found[-1] == "spring-open.trf: Crosstable: No. 3 has no ID: a season names its players by ID"


def test_a_file_without_dates_is_named_with_what_a_season_needs(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """US Chess crosstable text has no dates. Imported alone, a blank End date means today; in a
    season it is refused: the warning names the file and the Events sheet, never "the Event sheet"
    and "today"."""
    text = Path(__file__).resolve().parent / "data" / "real" / "tournamentinfo.txt"
    assert main(["season-import", str(text), "-o", str(tmp_path / "season.xlsx")]) == 0
    out, err = capsys.readouterr()
    assert "Imported 1 event (tournamentinfo), 64 players" in out
    assert (f"xlrating: warning: {text}: the file gives no dates: fill in the End date of its row on the "
            "Events sheet (a season is rated in date order, and refuses an event without one)"
            ) in err.splitlines()
    assert "blank means today" not in out + err
