"""PGN games in: xlrating.importers.pgn.

The fixture tests/data/pgn/held_round_robin.pgn holds the games of the real TRF file
tests/data/trf/held_round_robin.trf (see the READMEs): the crosstable read from the PGN
must be the one read from the TRF, player by player (the pairing numbers differ: the PGN
reader numbers by rating).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlrating.cli import main
from xlrating.errors import FormatError
from xlrating.importers import detect_format, import_file
from xlrating.importers.pgn import parse_pgn, read_games

DATA = Path(__file__).parent / "data"
PGN = DATA / "pgn" / "held_round_robin.pgn"
TRF = DATA / "trf" / "held_round_robin.trf"


def by_name(path: Path) -> dict[str, list[tuple[str, str, str]]]:
    """Each player's rounds as (code, opponent's name, colour)."""
    sheet = import_file(path).sheets[0]
    names = dict(zip(sheet.column("No"), sheet.column("Name"), strict=True))
    first = sheet.header.index("R1")
    found = {}
    for row in sheet.rows:
        cells = []
        for cell in row[first:first + 5]:
            text = str(cell)
            digits = "".join(c for c in text if c.isdigit())
            colour = text[-1] if text[-1] in "wb" else ""
            cells.append((text[0], names[int(digits)] if digits else "", colour))
        found[str(row[1])] = cells
    return found


def test_the_pgn_gives_the_crosstable_of_the_trf() -> None:
    assert by_name(PGN) == by_name(TRF)


def test_players_are_numbered_by_rating_and_the_event_is_read() -> None:
    event = import_file(PGN)
    assert event.format == "pgn" and detect_format(PGN) == "pgn"
    sheet = event.sheets[0]
    assert sheet.header == ("No", "Name", "Rating", "R1", "R2", "R3", "R4", "R5")
    assert [(r[0], r[1], r[2]) for r in sheet.rows] == [
        (1, "Alyx", 2200), (2, "Bruno", 2150), (3, "Charline", 2100), (4, "David", 2050), (5, "Helene", 2000),
        (6, "Franck", 1950)]
    assert event.setting("Event name") == "FIDE C.07 2023 Tie-Break Exercises"
    assert event.setting("Event type") == "Round robin"
    assert str(event.setting("Start date")) == "2024-08-01" and str(event.setting("End date")) == "2024-08-05"


def test_the_pgn_rates_as_the_trf_does(tmp_path: Path) -> None:
    posts = {}
    for source in (PGN, TRF):
        workbook, rated = tmp_path / f"{source.suffix[1:]}.xlsx", tmp_path / f"{source.suffix[1:]}-rated.xlsx"
        assert main(["import", str(source), "-o", str(workbook)]) == 0
        book = openpyxl.load_workbook(workbook)
        book["Event"]["B7"] = None  # the same end date for both: the TRF gives none
        book.save(workbook)
        assert main(["rate", str(workbook), "-o", str(rated)]) == 0
        rows = list(openpyxl.load_workbook(rated)["Crosstable"].iter_rows(values_only=True))
        name, post = rows[0].index("Name"), rows[0].index("Post rating")
        posts[source.suffix] = {r[name]: r[post] for r in rows[1:]}
    assert posts[".pgn"] == posts[".trf"]


def test_tags_inside_comments_and_escape_lines_are_not_games() -> None:
    games = read_games(PGN.read_text(encoding="utf-8"))
    assert len(games) == 15
    assert all(g.tags["White"] not in ("Nobody", "Not a player") for g in games)
    assert all(g.tags["Round"] != "99" for g in games)


def test_escaped_quotes_and_several_tags_on_a_line() -> None:
    text = ('[White "O\\"Brien, \\\\Sean"] [Black "Roe, Ann"] [Round "1"] [Result "1-0"]\n'
            '1. e4 1-0\n')
    sheet = parse_pgn(text, "t.pgn").sheets[0]
    assert [r[1] for r in sheet.rows] == ['O"Brien, \\Sean', "Roe, Ann"]  # unrated: by name
    assert sorted(str(r[sheet.header.index("R1")])[0] for r in sheet.rows) == ["L", "W"]


def game(round_: str, white: str, black: str, result: str) -> str:
    return f'[Round "{round_}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{result}\n\n'


def problems(text: str) -> list[str]:
    with pytest.raises(FormatError) as caught:
        parse_pgn(text, "e.pgn")
    return [str(p) for p in caught.value.problems]


def test_every_problem_is_named_with_its_line() -> None:
    text = (game("1", "A", "B", "1-0") + game("?", "C", "D", "1-0") + game("2", "A", "C", "*")
            + game("2", "B", "D", "2-0") + game("1", "A", "D", "0-1"))
    assert problems(text) == [
        "e.pgn line 8: the game has no round number (Round '?')",
        "e.pgn line 15: the game's result is * (not finished): a crosstable needs 1-0, 0-1 or 1/2-1/2",
        "e.pgn line 22: the result '2-0' is not 1-0, 0-1 or 1/2-1/2",
        "e.pgn line 29: A has a second game in round 1 (the first at e.pgn line 1)",
    ]


def test_a_player_missing_a_round_is_u_with_a_note() -> None:
    event = parse_pgn(game("1", "A", "B", "1-0") + game("2", "A", "C", "1/2-1/2"), "e.pgn")
    sheet = event.sheets[0]
    assert [r[:4] for r in sheet.rows] == [(1, "A", "W2w", "D3w"), (2, "B", "L1b", "U"), (3, "C", "U", "D1b")]
    assert "no game in round 2" in str(sheet.rows[1][-1])


def test_an_unclosed_comment_is_named_by_its_line_not_swallowing_the_games_after_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A '{' left open swallowed every later game: the import said "1 games read", exit 0.
    text = (game("1", "A", "B", "1-0").replace("\n1-0\n", "\n1. e4 { a note never closed\n1-0\n")
            + game("1", "C", "D", "0-1") + game("2", "A", "C", "1/2-1/2") + game("2", "B", "D", "1-0"))
    source = tmp_path / "event.pgn"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "event.xlsx"
    assert main(["import", str(source), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "event.pgn line 6: the { comment opened here is not closed before the tag pair on line 9" in err
    assert not out.exists()


def test_a_comment_open_at_the_end_of_the_file_is_named_by_its_line() -> None:
    text = game("1", "A", "B", "1-0") + "1. e4 { and so on\n\nmore text\n"
    assert problems(text) == ["e.pgn line 8: the { comment opened here is never closed: it runs to the end "
                              "of the file, over any later games; close it with }"]
