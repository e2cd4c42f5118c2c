"""Who is who: one ID under two names, one name under two IDs, one event twice, unrated with an ID.

The season cases are the season template's own (``xlrating template season``): Adler, Ada's ID
mistyped in one event, an ID typed beside another player's name, an event sheet copied.
"""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

import pytest

from xlrating.cli import main
from xlrating.crosstable import rate_sheets
from xlrating.official.identity import Sighting, game_key, identity_warnings, name_key, same_games_warnings
from xlrating.season import rate_season_sheets
from xlrating.templates.season import build_season_template
from xlrating.workbook import load, read_grids


def test_a_name_is_its_words_in_any_order_case_and_accent() -> None:
    assert name_key("Adler, Ada") == name_key("ADA ADLER") == name_key("Ádler Ada") == ("ada", "adler")
    assert name_key("O'Brien, Seán") == ("obrien", "sean")
    assert name_key("Adler, A.") != name_key("Adler, Ada")


def test_each_pair_is_warned_about_once_at_the_later_place() -> None:
    seen = [Sighting("1", "Adler, Ada", "P!A2", "P!B2"), Sighting("2", "Brandt, Ben", "P!A3", "P!B3"),
            Sighting("1", "Ada Adler", "E!B2", "E!C2"),  # the same name: no warning
            Sighting("1", "Costa, Clara", "E!B3", "E!C3"), Sighting("1", "Costa, Clara", "F!B3", "F!C3"),
            Sighting("10", "Adler, Ada", "F!B2", "F!C2"), Sighting("10", "", "G!B2")]
    assert [str(w) for w in identity_warnings(seen)] == [
        "E!C3: ID 1 is 'Costa, Clara' here but 'Adler, Ada' at P!B2: both rows are rated as one player (by "
        "the ID); check the ID and the name",
        "F!B2: 'Adler, Ada' has ID 10 here but 1 at P!A2 ('Adler, Ada'): rated as two players; check the ID",
    ]


def test_the_same_games_on_two_sheets() -> None:
    games = frozenset({game_key(1, "b", "a", 0.0), game_key(2, "a", "c", 0.5)})
    assert game_key(1, "b", "a", 0.0) == (1, "a", "b", 1.0)
    found = same_games_warnings([("sheet 'A'", games), ("sheet 'B'", frozenset()), ("sheet 'C'", games)])
    assert [str(w) for w in found] == [
        "sheet 'C': the same 2 games as sheet 'A': is one event entered twice? Both were rated"]


@pytest.fixture(scope="module")
def season() -> dict[str, list[list[Any]]]:
    grids: dict[str, list[list[Any]]] = {}
    book = build_season_template()
    for sheet in book.worksheets:
        grids[sheet.title] = [list(row) for row in sheet.iter_rows(values_only=True)]
    return grids


def test_the_template_season_has_no_warning(season: dict[str, list[list[Any]]]) -> None:
    # Its new player's Rating says unr: unrated on purpose, nothing to say.
    assert rate_season_sheets(season).notes == ()


def test_a_season_player_left_blank_is_noted_one_typed_unr_is_not(season: dict[str, list[list[Any]]]) -> None:
    grids = copy.deepcopy(season)
    grids["Spring"][6][3] = None  # the new player's Rating left blank: a forgotten rating?
    rated = rate_season_sheets(grids)
    assert rated.notes == (
        "Spring!B7: No. 6 (Ito, Ivy) rated as unrated: ID 10000009 is given but Rating is blank; if the "
        "player has a rating, type it (or 'unr' if he has none) or fill it from the official list "
        "(xlrating fill)",)
    notes = rated.events[2].outcomes[0].player(6).notes
    assert any(note.startswith("rated as unrated") for note in notes)
    # A listed player with no rating on Players: noted there, unless Players says unr.
    grids = copy.deepcopy(season)
    grids["Players"][8][2:4] = [None, None]  # Hahn, Hugo, who plays Winter (his first event) and Spring
    assert [n.split(":")[0] for n in rate_season_sheets(grids).notes] == ["Winter!B5"]
    grids["Players"][8][2] = "unr"
    assert rate_season_sheets(grids).notes == ()
    grids["Players"][8][2] = None
    grids["Winter"][4][3] = "UNR"  # said on his first event's sheet
    assert rate_season_sheets(grids).notes == ()


def test_a_mistyped_id_in_a_season_is_named_with_both_cells(season: dict[str, list[list[Any]]]) -> None:
    grids = copy.deepcopy(season)
    grids["Autumn"][1][1] = "10000010"  # Adler, Ada, 10000001 on Players
    grids["Winter"][2][2] = "Someone Else"  # 10000004 is Dunne, Dara on Players
    notes = rate_season_sheets(grids).notes
    assert notes[:2] == (  # the events in rating order
        "Autumn!B2: 'Adler, Ada' has ID 10000010 here but 10000001 at Players!A2 ('Adler, Ada'): rated as "
        "two players; check the ID",
        "Winter!C3: ID 10000004 is 'Someone Else' here but 'Dunne, Dara' at Players!A5: both rows are rated "
        "as one player (by the ID); check the ID and the name",
    )
    assert "Autumn!B2: No. 1 (Adler, Ada) rated as unrated: ID 10000010 is given but Rating is blank" in \
        "\n".join(notes)


def test_one_event_on_two_sheets_is_warned_about(season: dict[str, list[list[Any]]]) -> None:
    grids = copy.deepcopy(season)
    grids["Autumn copy"] = copy.deepcopy(grids["Autumn"])
    grids["Events"].append(["Autumn copy", "Autumn again", dt.date(2025, 9, 27), dt.date(2025, 9, 28),
                            "Swiss"])
    notes = rate_season_sheets(grids).notes
    assert notes[0] == ("sheet 'Autumn copy': the same 9 games as sheet 'Autumn': is one event entered "
                        "twice? Both were rated")


def test_a_crosstable_with_a_forgotten_rating_says_so_on_the_row_and_the_command_line(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    sheets: dict[str, list[list[Any]]] = {
        "Event": [["System", "USCF"], ["End date", dt.date(2024, 5, 1)]],
        "Crosstable": [["No", "Name", "ID", "Rating", "R1", "R2"],
                       [1, "Adler, Ada", "12345678", None, "W2", "D3"],
                       [2, "Brandt, Ben", "12345679", 1500, "L1", "B"],
                       [3, "Ada Adler", "12345670", "unr", "B", "D1"]]}
    rated = rate_sheets(sheets)
    assert [str(w) for w in rated.warnings] == [
        "Crosstable!C4: 'Ada Adler' has ID 12345670 here but 12345678 at Crosstable!C2 ('Adler, Ada'): rated "
        "as two players; check the ID",
        "Crosstable!D2: No. 1 (Adler, Ada) rated as unrated: ID 12345678 is given but Rating is blank; if "
        "the player has a rating, type it (or 'unr' if he has none) or fill it from the official list "
        "(xlrating fill)",
        # (Brandt's rating without Games, on a sheet with no Games column: an established player's; and
        # with no Peak column, his peak floor is his rating's, 1500, which he falls below.)
        "Crosstable!1:1: no Games column: for 1 player (row 3), read as an established player's: N unknown, "
        "so the effective games N' and K come from the rating alone (US Chess 2020, 3); where a player's "
        "games are known, type them",
        "Crosstable!1:1: no Peak column: for 1 player (row 3), read as the pre-event rating: the peak floor "
        "(the highest established rating less 200, to the floor level at or below; US Chess 2020, 5) comes "
        "from it; where a player's peak is higher, type it (or his floor, in Floor)"]
    outcome = rated.events[0].outcomes[0]
    assert outcome.player(1).notes[0].startswith("rated as unrated: ID 12345678 is given but Rating is blank")
    assert not any("rated as unrated" in n for n in outcome.player(3).notes)  # 'unr': the director's word
    from xlrating.workbook import NewSheet, write_new_workbook

    path = tmp_path / "event.xlsx"
    write_new_workbook(path, event=[("System", "USCF"), ("End date", dt.date(2024, 5, 1))],
                       sheets=[NewSheet("Crosstable", sheets["Crosstable"][0], sheets["Crosstable"][1:])])
    assert main(["rate", str(path)]) == 0
    err = capsys.readouterr().err
    assert "xlrating: warning: Crosstable!D2: No. 1 (Adler, Ada) rated as unrated" in err
    notes = read_grids(load(tmp_path / "event-rated.xlsx"))["Crosstable"]
    assert any(isinstance(v, str) and v.startswith("rated as unrated") for v in notes[1])


def test_one_id_under_two_names_across_imported_files(tmp_path: Any) -> None:
    from test_season_import import two_trf

    from xlrating.importers.season import import_season

    folder = two_trf(tmp_path / "events")
    summer = folder / "b-summer.trf"
    text = summer.read_text(encoding="utf-8")
    assert "Müller, Anna" in text
    summer.write_text(text.replace("Müller, Anna", "Weber, Annie"), encoding="utf-8")
    notes = import_season([folder]).warnings
    assert [n for n in notes if "ID 4611111" in n] == [
        "'b-summer'!B2: ID 4611111 is 'Weber, Annie' here but 'Müller, Anna' at 'a-spring'!B2: both rows are "
        "rated as one player (by the ID); check the ID and the name"]
