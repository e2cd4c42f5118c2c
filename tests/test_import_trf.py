"""FIDE TRF16 (and what TRF-2026 shares with it): xlrating.importers.trf.

Fixture: tests/data/import/spring-open.trf, a fictional 7-player Swiss written from the
TRF16 description (FIDE Data Exchange Format, Tournament Report File), with CRLF line endings and every
result code (1 0 = + - W D L H F U Z and blank). The expected rows below are read off
that file by hand.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from xlrating.errors import ArgumentError, FormatError
from xlrating.importers import import_file, parse_trf
from xlrating.importers._common import date_order_unknown, parse_date

DATA = Path(__file__).parent / "data" / "import"
RAW = (DATA / "spring-open.trf").read_bytes()
TEXT = RAW.decode("utf-8")
LINES = TEXT.splitlines()


def player_line(rank: int, name: str, rating: int | str, points: str, rounds: list[str], *,
                birth: str = "", fide_id: str = "") -> str:
    """A TRF16 001 line (columns as TRF16 gives them); rounds as 'NNNN c r'."""
    line = (f"001 {rank:>4} m    {name:<33} {rating!s:>4} IRL {fide_id:>11} {birth:<10} {points:>4} "
            f"{rank:>4}")
    return line + "".join(f"  {r}" for r in rounds)


def problems_of(text: str, source: str = "event.trf") -> list[str]:
    with pytest.raises(FormatError) as caught:
        parse_trf(text, source)
    return [str(p) for p in caught.value.problems]


def replace_line(number: int, old: str, new: str) -> str:
    """The fixture with ``old`` replaced by ``new`` in line ``number`` (from 1)."""
    lines = list(LINES)
    assert old in lines[number - 1], lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    return "\n".join(lines)


def test_the_event_and_its_settings() -> None:
    event = import_file(DATA / "spring-open.trf")
    assert event.format == "trf"
    assert event.event == (
        ("System", "FIDE"), ("Rules", "FIDE 2024"), ("Event type", "Swiss"),
        ("Event name", "Spring Open 2024 (fictional)"),
        ("Start date", datetime.date(2024, 3, 1)), ("End date", datetime.date(2024, 3, 3)),
        ("City", "Galway"), ("Host federation", "IRL"), ("Chief arbiter", "A. Arbiter"),
        ("Time control", "90 min + 30 s"), ("Round dates", "24/03/01 24/03/02 24/03/02 24/03/03"),
        ("TRF lines", LINES[0]),  # the XXC line, kept as written
    )
    assert event.notes == ()


def test_players_and_every_result_code() -> None:
    (sheet,) = import_file(DATA / "spring-open.trf", "trf").sheets
    assert sheet.name == "Crosstable"
    assert sheet.header == ("No", "Name", "Sex", "Title", "Federation", "ID", "Birth date", "Rating", "Total",
                            "R1", "R2", "R3", "R4", "Rank", "TRF", "Import notes")
    d = datetime.date
    assert [row[:14] for row in sheet.rows] == [
        (1, "Müller, Anna", "f", "WIM", "GER", "4611111", d(1990, 5, 17), 2105, 3.0,
         "W4w", "X2b", "L5w", "W3b", 1),
        (2, "Kowalski, Bartosz", "m", None, "POL", "1111111", d(2008, 3, 2), 1980, 1.0,
         "D5w", "F1w", "D3b", "L6w", 7),
        # rating 0: unrated; birth year only
        (3, "Dubois, Chloé", "f", None, "FRA", None, d(1985, 1, 1), None, 1.5, "X6w", "L7b", "D2w", "L1w", 5),
        (4, "Fernández, Diego", "m", "FM", "ESP", "2222222", d(1979, 11, 30), 1850, 1.5,
         "L1b", "H", "W7w", "U", 6),
        (5, "Ó Briain, Éamon", "m", None, "IRL", "2500000", None, 2210, 2.0, "D2b", "H", "W1b", "U", 4),
        (6, "Zahra, Fatima", "f", None, "MAR", "9000000", d(2001, 1, 1), 1720, 2.5,
         "F3b", "H", "B", "W2b", 2),
        (7, "Szabó, Gábor", "m", None, "HUN", "7777777", d(1995, 7, 4), 1600, 2.5, "B", "W3w", "L4b", "H", 3),
    ]
    # What the cells cannot say, kept for the export: the codes W, L, D, U and the year-only birth date.
    assert sheet.column("TRF") == ("R2 0002 b W", "R2 0001 w L", "born 1985/00/00", "R2 0005 b D",
                                   "R2 0004 w D", "R3 0000 - U", None)
    notes = sheet.column("Import notes")
    assert notes[0] == ("round 2: won against 2 in under one move (TRF W): not rated, entered as a forfeit "
                        "(the TRF column keeps the code)")
    assert notes[1] == ("round 2: lost against 1 in under one move (TRF L): not rated, entered as a forfeit "
                        "(the TRF column keeps the code)")
    assert notes[2] == "birth year only (1985/00/00): entered as 1 January 1985"
    assert isinstance(notes[3], str) and "drawn against 5 in under one move (TRF D)" in notes[3]
    assert notes[5] == ("round 3: pairing-allocated bye (TRF U) scored a full point (B), as the player's "
                        "points say")
    assert notes[6] is None


@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n"], ids=["CRLF", "CR", "LF"])
def test_line_endings_do_not_matter(tmp_path: Path, ending: str) -> None:
    assert b"\r\n" in RAW  # the fixture itself is CRLF
    path = tmp_path / "spring-open.trf"
    path.write_bytes(ending.join(LINES).encode("utf-8") + ending.encode())
    assert import_file(path) == import_file(DATA / "spring-open.trf")


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "utf-8-sig"])
def test_accented_names_survive_other_encodings(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "event.trf"
    path.write_bytes(TEXT.encode(encoding))
    names = import_file(path, "trf").sheets[0].column("Name")
    assert names[0] == "Müller, Anna" and names[4] == "Ó Briain, Éamon" and names[6] == "Szabó, Gábor"


def rr_event(result_2: str = "1", *, points: tuple[str, str, str] = ("1.5", "1.0", "0.5")) -> str:
    """A 3-player round robin: 1 beat 3, 2 drew 1... (each met each once); 2 has a bye too."""
    return "\n".join([
        "012 Tiny round robin (fictional)",
        "052 2024/06/30",
        player_line(1, "Ann", 1900, points[0], ["0002 w =", "0003 b 1", "0000 - -"]),
        player_line(2, "Ben", 0, points[1], ["0001 b =", "0000 - " + result_2, "0003 w 0"]),
        player_line(3, "Cal", "", points[2], ["0000 - Z", "0001 w 0", "0002 b 1"]),
    ])


def test_a_round_robin_is_recognised_and_blank_ratings_are_unrated() -> None:
    event = parse_trf(rr_event("H", points=("1.5", "1.0", "1.0")), "rr.trf")
    assert event.setting("Event type") == "Round robin"
    sheet = event.sheets[0]
    assert sheet.column("Rating") == (1900, None, None)
    assert sheet.column("R3") == ("F", "L3w", "W2b")
    assert event.notes == () and event.warnings == ()
    assert parse_trf(rr_event("H", points=("1.5", "1.0", "1.0")).replace("052 2024/06/30\n", ""),
                     "rr.trf").warnings == ("The file has no end date (line 052): fill in the Event sheet's "
                                            "End date (blank means today)",)


@pytest.mark.parametrize(("line", "event_type"), [
    (None, "Round robin"),  # every player met every other: guessed
    ("092 Individual: Swiss-System", "Swiss"),  # a Swiss whose players all met is a Swiss
    ("092 Swiss System", "Swiss"),
    ("092 Individual: Round-Robin", "Round robin"),
    ("092 Individual: Scheveningen", "Round robin"),  # names neither: guessed
])
def test_line_092_gives_the_event_type_where_it_names_one(line: str | None, event_type: str) -> None:
    # The FIDE Handbook rates a round robin its own way: a Swiss read as one changed its ratings.
    text = rr_event("H", points=("1.5", "1.0", "1.0"))
    if line is not None:
        text = text.replace("052 2024/06/30", f"052 2024/06/30\n{line}")
    assert parse_trf(text, "rr.trf").setting("Event type") == event_type


@pytest.mark.parametrize(
    ("points", "cell", "why"),
    [("1.0", "H", "½ point (H), as the player's points say"),
     ("0.5", "U", "no points (U), as the player's points say"),
     ("1.5", "B", "a full point (B), as the player's points say"),
     ("", "B", "a full point (B), the usual value (the player's points do not tell)")],
)
def test_a_pairing_allocated_bye_scores_what_the_points_say(points: str, cell: str, why: str) -> None:
    event = parse_trf(rr_event("U", points=("1.5", points, "1.0")), "rr.trf")
    sheet = event.sheets[0]
    assert sheet.column("R2")[1] == cell
    assert sheet.column("Import notes")[1] == f"round 2: pairing-allocated bye (TRF U) scored {why}"


# Bad input: every problem, with its line.


@pytest.mark.parametrize(
    ("line", "old", "new", "message"),
    [
        (14, "0004 w 1", "0009 w 1", "round 1: W9w names opponent 9, who is not in the player list"),
        (14, "0004 w 1", "0004 w Q", "round 1: unknown result code 'Q' (column 99"),
        (14, "0004 w 1", "0004 x 1", "round 1: the colour 'x' (column 97) is not w, b or -"),
        (14, "0004 w 1", "0004 w  ", "round 1: '0004 w': an opponent but no result"),
        (14, "0004 w 1", "0000 - 1", "round 1: '0000 - 1': a game with no opponent"),
        (14, "0004 w 1", "00x4 w 1", "round 1: the opponent '00x4' (columns 92-95) is not a number"),
        (14, "0004 w 1", "0004  w1", "round 1: '0004  w1  ' (columns 92-101) does not fit 'NNNN c r'"),
        (14, "0004 w 1", "0004 w =", "round 1: D4w but player 4's round 1 is 'L1b' (at event.trf line 17)"),
        (14, " 2105 ", " 21x5 ", "the rating '21x5' (columns 49-52) is not a whole number"),
        (14, " 3.0 ", " 3.x ", "the points '3.x' (columns 81-84) are not a number"),
        (14, "1990/05/17", "1990/17/05", "the birth date '1990/17/05' (columns 70-79) is not a date"),
        (14, "001    1", "001    x", "the start rank 'x' (columns 5-8) is not a whole number >= 1"),
        (19, "0000 - H", "0004 - H", "round 2: '0004 - H': a bye (H) has no opponent"),
        (17, "0005 b D", "0005 b L",
         "round 2: an unrated draw (D) against 4, but 4's round 2 does not say so"),
        (5, "2024/03/01", "1st March", "the start date '1st March' is not a date (YYYY/MM/DD)"),
        # Slashes with the year last: Europe's day first or the United States' month first (it was
        # read day first, 1 March as 3 January for a US file). Dots are Europe's: read day first.
        (5, "2024/03/01", "03/01/2024", "the start date '03/01/2024' is not a date (YYYY/MM/DD): day first "
                                        "or month first cannot be told, so it is not read"),
        (14, "1990/05/17", "06/05/1990", "the birth date '06/05/1990' (columns 70-79) is not a date "
                                         "(YYYY/MM/DD): day first or month first cannot be told"),
    ],
)
def test_a_line_that_does_not_fit(line: int, old: str, new: str, message: str) -> None:
    found = problems_of(replace_line(line, old, new))
    assert any(p.startswith("event.trf line ") and message in p for p in found), found


def test_duplicated_start_ranks_name_both_lines() -> None:
    found = problems_of(replace_line(20, "001    7", "001    6"))
    assert "event.trf line 20: start rank 6 is used twice (also at event.trf line 19)" in found


def test_a_header_line_given_twice_with_another_value_is_a_warning() -> None:
    # A second 052 line was left out without a word: which end date is right, the file does not say.
    text = "\n".join([*LINES, "052 2024/05/01", "052  2024/03/03 ", "022 Galway", "122 G/60"])
    event = parse_trf(text, "event.trf")
    assert event.setting("End date") == datetime.date(2024, 3, 3)  # the first line's, as before
    assert event.setting("Time control") == "90 min + 30 s"
    assert [w for w in event.warnings if "a second line" in w] == [
        "event.trf line 21: a second line 052 (End date) '2024/05/01', not line 6's '2024/03/03': left out "
        "(line 6's is imported); check which is right",
        "event.trf line 24: a second line 122 (Time control) 'G/60', not line 12's '90 min + 30 s': left "
        "out (line 12's is imported); check which is right",
    ]  # the same value again (lines 22 and 23) is no news
    assert not [w for w in parse_trf(TEXT, "event.trf").warnings if "a second line" in w]


def test_a_file_cut_short() -> None:
    lines = [*LINES[:19], LINES[19][:107]]  # the last line ends inside round 2: '0003 w'
    found = problems_of("\n".join(lines))
    assert "event.trf line 20: round 2: '0003 w': an opponent but no result (column 109)" in found
    found = problems_of("\n".join(LINES[:18]))  # the last player line is missing
    assert ("event.trf line 7: the file says 7 players (line 062) but has 5 player lines (is it cut short?)"
            in found)


def test_every_problem_is_listed() -> None:
    text = replace_line(14, " 3.0 ", " 3.x ").replace("0000 - F", "0000 - Y")
    assert len(problems_of(text)) == 2


def test_a_file_without_player_lines() -> None:
    assert problems_of("012 Nothing here\n") == [
        "event.trf: no player lines (lines starting 001): is this a FIDE TRF file?"]


def test_utf8_columns_counted_in_bytes() -> None:
    """Some programs count UTF-8 bytes, not characters: 'Müller, Anna' then fills 13 of the
    name's 33 columns, and every later field starts a character early."""
    fixed = []
    for line in LINES:
        if line.startswith("001") and not line.isascii():
            name = line[14:47].rstrip()
            line = line[:14] + name + " " * (33 - len(name.encode("utf-8"))) + line[47:]
        fixed.append(line)
    assert fixed != LINES
    assert parse_trf("\n".join(fixed), "x.trf").sheets == parse_trf(TEXT, "x.trf").sheets


def test_a_trf_file_has_no_sections_to_choose() -> None:
    with pytest.raises(ArgumentError, match="Argument 'sections' does not apply to a TRF file"):
        import_file(DATA / "spring-open.trf", sections=["Open"])


def test_two_lines_of_one_game_giving_both_players_one_colour_are_a_problem_as_on_a_crosstable() -> None:
    # rated, the workbook would be refused at its round cells; the file's lines are named at import
    text = replace_line(17, "0001 b 0", "0001 w 0")
    assert problems_of(text) == ["event.trf line 14: round 1: W4w and player 4's 'L1w' (at event.trf line "
                                 "17) both give White: one player of a game has White, the other Black"]


@pytest.mark.parametrize(("text", "read"), [
    ("2024/03/01", datetime.date(2024, 3, 1)), ("2024-3-1", datetime.date(2024, 3, 1)),
    ("01.03.2024", datetime.date(2024, 3, 1)),  # dots: Europe's, day first
    ("17/05/1990", datetime.date(1990, 5, 17)), ("05/17/1990", datetime.date(1990, 5, 17)),
    ("05-05-1990", datetime.date(1990, 5, 5)),  # (either order, one date)
    ("03/01/2024", None), ("3-1-2024", None),  # 3 January or 1 March: not read
    ("31/02/2024", None), ("13/13/2024", None), ("00/05/1990", None),
])
def test_a_date_is_read_only_where_its_day_and_month_can_be_told(text: str, read: datetime.date | None
                                                                   ) -> None:
    assert parse_date(text) == read
    assert bool(date_order_unknown(text)) == (text in ("03/01/2024", "3-1-2024"))

