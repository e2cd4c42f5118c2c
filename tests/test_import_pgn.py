"""PGN games in: xlrating.importers.pgn.

The fixture tests/data/pgn/held_round_robin.pgn holds the games of the real TRF file
tests/data/trf/held_round_robin.trf (see the READMEs): the crosstable read from the PGN
must be the one read from the TRF, player by player (the pairing numbers differ: the PGN
reader numbers by rating).
"""

from __future__ import annotations

import datetime
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


def tagged(round_: str, white: str, black: str, result: str, tags: str = "", moves: str = "") -> str:
    """A game with extra tag pairs (``tags``, one per line) and its movetext (``moves``)."""
    return f'[Round "{round_}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n{tags}\n' \
           f"{moves or result}\n\n"


def test_every_problem_of_the_players_tags_in_one_pass() -> None:
    # Today's wording and order, pinned (a regression snapshot of our own messages).
    text = (tagged("1", "A", "B", "1-0", '[WhiteFideId "12x"]\n[BlackElo "abc"]\n')
            + tagged("1", "C", "?", "1-0")
            + tagged("2", "A", "D", "1-0", '[WhiteFideId "100"]\n[BlackFideId "200"]\n')
            + tagged("3", "D", "A", "0-1", '[WhiteFideId "201"]\n[WhiteElo "5000"]\n')
            + tagged("4", "E", "e", "1-0")
            + tagged("5", "A", "D", "1/2-1/2", '[Termination "Forfeit"]\n')
            + tagged("6", "A", "D", "1-0", moves="1. e4 0-1")
            + tagged("7", "", "", "1-0"))
    assert problems(text) == [
        "e.pgn line 1: WhiteFideId '12x' is not a number",
        "e.pgn line 1: BlackElo 'abc' is not a rating",
        "e.pgn line 10: the game has no Black player",
        "e.pgn line 26: D has FIDE ID 201 here but 200 at e.pgn line 17: the games must tell players apart "
        "by name",
        "e.pgn line 26: WhiteElo '5000' is not a rating",
        "e.pgn line 35: E plays themself",
        "e.pgn line 42: a forfeit cannot be a draw (Termination says forfeit, the result is 1/2-1/2)",
        "e.pgn line 42: a forfeit cannot be a draw (Termination says forfeit, the result is 1/2-1/2)",
        "e.pgn line 50: the Result tag says 1-0 but the moves end in 0-1",
        "e.pgn line 57: the game has no White player",
        "e.pgn line 57: the game has no Black player",
    ]


def test_games_of_several_events_are_imported_with_a_warning() -> None:
    # Games whose Event tags name two events went into one crosstable without a word.
    text = (tagged("1", "A", "B", "1-0", '[Event "Club"]\n') + tagged("1", "C", "D", "1-0", '[Event "?"]\n')
            + tagged("2", "A", "C", "0-1", '[Event "club "]\n')
            + tagged("1", "E", "F", "1-0", '[Event "Open"]\n')
            + tagged("3", "E", "A", "1-0", '[Event "Open"]\n') + tagged("3", "B", "C", "1-0"))
    event = parse_pgn(text, "e.pgn")
    assert event.setting("Event name") == "Club"
    assert [w for w in event.warnings if "Event is" in w] == [
        "e.pgn line 25: the game's Event is 'Open', not 'Club' as at line 1 (and 1 more game): every game is "
        "imported into one crosstable; check that the file holds one event"]
    one = tagged("1", "A", "B", "1-0", '[Event "Club"]\n') + tagged("2", "A", "C", "1-0", '[Event "Club"]\n')
    assert not [w for w in parse_pgn(one, "e.pgn").warnings if "Event is" in w]


def test_a_file_with_no_games() -> None:
    assert problems("just text\n") == ["e.pgn: no games: a PGN file's games start with tag pairs such as "
                                       '[White "…"]']


def test_ratings_ids_forfeits_dates_and_notes_as_read_today() -> None:
    # A regression snapshot of today's output, field for field.
    text = (tagged("1", "A", "B", "1-0", '[WhiteElo "2100"]\n[BlackElo "1900"]\n[WhiteFideId "000"]\n'
                   '[BlackFideId "123"]\n[Date "2024.02.30"]\n[EventDate "2024.03.01"]\n[Event "Club"]\n')
            + tagged("2", "A", "C", "0-1", '[WhiteElo "2110"]\n[Termination "forfeit"]\n'
                     '[Date "2024.03.02"]\n')
            + tagged("3", "B", "C", "1/2-1/2", '[BlackElo "-"]\n'))
    event = parse_pgn(text, "e.pgn", notes=["first"])
    assert event.event == (("System", "FIDE"), ("Rules", "FIDE 2024"), ("Event type", "Round robin"),
                           ("Event name", "Club"), ("Start date", datetime.date(2024, 3, 1)),
                           ("End date", datetime.date(2024, 3, 2)))
    (sheet,) = event.sheets
    assert sheet.header == ("No", "Name", "ID", "Rating", "R1", "R2", "R3", "Import notes")
    gap = "entered as U (not played); enter a bye (B or H) by hand if it was one"
    assert sheet.rows == (
        (1, "A", None, 2100, "W2w", "F3w", "U",
         f"the games give ratings 2100, 2110: 2100 (the first) is entered; no game in round 3: {gap}"),
        (2, "B", "123", 1900, "L1b", "U", "D3w", f"no game in round 2: {gap}"),
        (3, "C", None, None, "U", "X1b", "D2b", f"no game in round 1: {gap}"),
    )
    assert event.notes == ("first", "3 games read; pairing numbers go by rating, highest first")
    # 30 February is no date: the game's date is left out of the Start and End dates, and said.
    assert event.warnings == ("e.pgn line 1: Date '2024.02.30' is not a date (YYYY.MM.DD): left out of the "
                              "Event sheet's Start and End dates; check them",
                              "Crosstable: 3 players (rows 2, 3, 4) with a value the import changed or took "
                              "as a default: check their Import notes column before rating",)


@pytest.mark.parametrize(("dates", "said"), [
    (["2024.05.01", "2024.05.02"], None),
    (["????.??.??", "?"], None),  # PGN's unknown date says none
    (["2024.05.01", "02/05/2024"], "line 9: Date '02/05/2024' is not a date (YYYY.MM.DD)"),
    (["2024.13.01", "2024.05.??"], "line 1: Date '2024.13.01' is not a date (YYYY.MM.DD) (and 1 more tag)"),
])
def test_a_date_that_is_not_one_is_said(dates: list[str], said: str | None) -> None:
    # Without the warning, the last round's unreadable date left the End date at the round before.
    text = "".join(tagged(str(r), "A", "B", "1-0", f'[Date "{d}"]\n') for r, d in enumerate(dates, 1))
    event = parse_pgn(text, "e.pgn")
    bad = [w for w in event.warnings if "is not a date" in w]
    assert bad == ([] if said is None else
                   [f"e.pgn {said}: left out of the Event sheet's Start and End dates; check them"])


def test_no_dates_one_gap_and_an_event_name_a_cell_cannot_hold() -> None:
    text = (tagged("1", "A", "B", "1-0", '[Event "?"]\n') + tagged("2", "A", "C", "1-0")
            + tagged("2", "B", "D", "0-1"))
    event = parse_pgn(text, "e.pgn")
    assert event.setting("Event name") is None
    assert event.notes == ("3 games read; pairing numbers go by rating, highest first",)
    assert event.warnings == ("Crosstable: 2 players (rows 4, 5) with a value the import changed or took as "
                              "a default: check their Import notes column before rating",
                              "The games have no dates: fill in the Event sheet's End date (blank means "
                              "today)")
    text = tagged("1", "A", "B", "1-0", '[Event "#N/A"]\n') + tagged("2", "A", "B", "0-1")
    assert problems(text) == ["e.pgn line 1: the event name '#N/A' is an Excel error value, not text a "
                              "crosstable can hold"]


def test_read_pgn_refuses_sections(tmp_path: Path) -> None:
    from xlrating.errors import ArgumentError
    from xlrating.importers.pgn import read_pgn

    with pytest.raises(ArgumentError, match=r"not apply to a PGN file: it holds one section, not \['A'\]"):
        read_pgn(PGN, sections=["A"])
