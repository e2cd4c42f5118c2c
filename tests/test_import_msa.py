"""US Chess crosstable text (MSA): xlrating.importers.msa.

Fixtures: tests/data/import/dual-rated.txt (one dual-rated section using every result
letter W L D H B X F U, provisional, established and unrated pre-ratings) and
two-sections.txt (two sections pasted one after the other), both fictional events
written from the format of US Chess crosstable text (docs/files.md). The expected
rows below are read off those files by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlrating.errors import FormatError
from xlrating.importers import import_file, parse_msa

DATA = Path(__file__).parent / "data" / "import"
DUAL = (DATA / "dual-rated.txt").read_text(encoding="utf-8")
TWO = (DATA / "two-sections.txt").read_text(encoding="utf-8")


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def problems_of(text: str, source: str = "event.txt") -> list[str]:
    with pytest.raises(FormatError) as caught:
        parse_msa(text, source)
    return [str(p) for p in caught.value.problems]


def test_a_dual_rated_section() -> None:
    event = import_file(DATA / "dual-rated.txt")
    assert event.format == "msa"
    assert event.event[:4] == (("System", "USCF"), ("Rating system", "Regular"), ("Dual rated", "yes"),
                               ("Event type", "Swiss"))
    assert event.setting("End date") is None
    assert any("End date" in warning for warning in event.warnings)
    (sheet,) = event.sheets
    assert sheet.name == "Crosstable"
    assert sheet.header == (
        "No", "Name", "State", "ID", "Rating", "Games", "Quick", "Quick games", "Total",
        "R1", "R2", "R3", "R4", "Official post rating", "Official post games",
        "Official post Quick rating", "Official post Quick games", "Norm",
    )
    assert list(sheet.rows) == [
        (1, "ÁLVARO NÚÑEZ", "CA", "12345678", 1850, None, 1800, None, 3.5, "W4w", "D2b", "W3b", "B",
         1866, None, 1812, None, None),
        (2, "BEA CHEN", "NV", "23456789", 1641, 17, None, None, 1.0, "D3w", "D1w", "L6b", "L4w",
         1650, 21, 1600, 4, None),
        (3, "CARL DOE", "AZ", "34567890", None, None, None, None, 1.5, "D2b", "L5w", "L1w", "W6b",
         1400, 4, 1420, 4, None),
        (4, "DANA EVANS", "CA", "45678901", 2010, None, 1990, 10, 2.0, "L1b", "H", "D5w", "W2b",
         2002, None, 1985, 14, "N:1"),
        (5, "EDDIE FOX", "OR", "56789012", 1502, None, 1450, None, 2.5, "X6", "W3b", "D4b", "U",
         1499, None, 1448, None, None),
        (6, "FIONA GRAY", "WA", "67890123", 1300, 5, 1290, 3, 1.0, "F5", "U", "W2w", "L3w",
         1310, 8, 1301, 6, None),
    ]
    letters = {cell[0] for row in sheet.rows for cell in row[9:13] if isinstance(cell, str)}
    assert letters == set("WLDHBXFU")


@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n"], ids=["CRLF", "CR", "LF"])
def test_line_endings_do_not_matter(ending: str) -> None:
    expected = parse_msa(DUAL, "dual-rated.txt")
    assert parse_msa(ending.join(lines_of(DUAL)) + ending, "dual-rated.txt") == expected


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "utf-8-sig"])
def test_accented_names_survive_other_encodings(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "dual.txt"
    path.write_bytes(DUAL.encode(encoding))
    assert import_file(path, "msa").sheets[0].rows[0][1] == "ÁLVARO NÚÑEZ"


def test_the_quick_rating_may_share_the_second_line() -> None:
    lines = lines_of(DUAL)
    at = lines.index(next(line for line in lines if "12345678" in line))
    lines[at] = lines[at].replace("R: 1850   ->1866     |", "R: 1850->1866 Q: 1800->1812|")
    del lines[at + 1]
    event = parse_msa("\n".join(lines), "x.txt")
    assert event.sheets[0].rows[0][4:8] == (1850, None, 1800, None)
    assert event.sheets[0].column("Official post Quick rating")[0] == 1812


def test_several_sections_one_sheet_each() -> None:
    event = parse_msa(TWO, "two.txt")
    assert [s.name for s in event.sheets] == ["Section 1 - Open", "Section 2 - Reserve"]
    assert event.setting("Dual rated") == "no"
    # Open is a round robin (all four met), Reserve a Swiss: the workbook says Swiss.
    assert event.setting("Event type") == "Swiss"
    assert any("Section 1 - Open" in warning and "round robin" in warning for warning in event.warnings)
    reserve = event.sheets[1]
    assert reserve.header == ("No", "Name", "State", "ID", "Rating", "Games", "Total", "R1", "R2",
                              "Official post rating", "Official post games")
    assert list(reserve.column("R1")) == ["W3w", "D4w", "L1b", "D2b", "B"]
    assert list(reserve.column("Rating")) == [1500, 1450, None, 1300, 1200]
    assert list(reserve.column("Games")) == [None, 8, None, None, None]


@pytest.mark.parametrize("name", ["2", "Reserve", "section 2 - reserve"])
def test_one_section_by_number_or_name(name: str) -> None:
    event = parse_msa(TWO, "two.txt", sections=[name])
    assert [s.name for s in event.sheets] == ["Section 2 - Reserve"]
    assert event.setting("Event type") == "Swiss"
    (only_open,) = parse_msa(TWO, "two.txt", sections=["open"]).sheets
    assert only_open.name == "Section 1 - Open"


def test_sections_in_different_rating_systems_are_refused_together() -> None:
    quick = TWO.replace("R: 1500", "Q: 1500").replace("R: 1450P8", "Q: 1450P8").replace(
        "R: Unrated", "Q: Unrated").replace("R: 1300", "Q: 1300").replace("R: 1200", "Q: 1200")
    (problem,) = problems_of(quick, "two.txt")
    assert "differ in rating system" in problem and "--section" in problem
    reserve = parse_msa(quick, "two.txt", sections=["Reserve"])
    assert reserve.setting("Rating system") == "Quick"
    assert reserve.setting("Dual rated") == "no"


def test_sections_without_their_own_header_cannot_be_told_apart() -> None:
    lines = lines_of(TWO)
    second = next(i for i, line in enumerate(lines) if line == "Section 2 - Reserve")
    first_blocks = lines[6:second - 1]  # the Open section's players, after its header
    text = "\n".join(lines[:second - 1] + first_blocks)  # pasted twice, the second time headless
    found = problems_of(text, "two.txt")
    assert any(p.startswith(f"two.txt line {second}: pair number 1 is used twice (also at two.txt line 7)")
               for p in found), found


def test_two_players_make_a_match() -> None:
    lines = lines_of(TWO)
    end = next(i for i, line in enumerate(lines) if "    3 | IDA JONES" in line)
    text = "\n".join(lines[:end]).replace("W   4|D   3|L   2|", "W   2|D   2|L   2|").replace(
        "D   3|W   4|W   1|", "L   1|D   1|W   1|").replace(  # and No. 2 the other colour each game
        "->1895     |     |W    |B    |", "->1895     |     |B    |W    |")
    event = parse_msa(text, "match.txt")
    assert event.setting("Event type") == "Match"


# Bad input: every problem, with its line (lines count from 1, the Source line first).


def test_a_text_cut_short_in_a_line() -> None:
    lines = lines_of(DUAL)
    cut = next(i for i, line in enumerate(lines) if "EDDIE FOX" in line)
    text = "\n".join(lines[:cut]) + "\n" + lines[cut][:60]  # cut in round 3
    found = problems_of(text)
    assert found[0].startswith(f"event.txt line {cut + 1}: the player's first line has 2 complete round "
                               "cells, the header 4")
    assert any("names opponent 5, who is not in the section" in p for p in found)


def test_a_text_cut_short_between_lines() -> None:
    lines = lines_of(DUAL)
    cut = next(i for i, line in enumerate(lines) if "FIONA GRAY" in line)
    found = problems_of("\n".join(lines[:cut + 1]))
    assert found[0] == (f"event.txt line {cut + 1}: the player's second line (state | ID / ratings | "
                        "colours) is missing (is the text cut short?)")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("W   4|D   2|W   3|B    |", "W   4|D   2|W   3|Q    |", "round 4: unknown result code 'Q'"),
        ("W   4|D   2|W   3|B    |", "W   9|D   2|W   3|B    |", "round 1: W9w names opponent 9, who is not"),
        ("W   4|D   2|W   3|B    |", "W   4|D   2|W    |B    |", "round 3: 'W' is a game with no opponent"),
        ("W   4|D   2|W   3|B    |", "W   4|D   2|W   3|B   2|", "round 4: 'B   2': a bye has no opponent"),
        ("W   4|D   2|W   3|B    |", "D   4|D   2|W   3|B    |",
         "round 1: D4w but player 4's round 1 is 'L1b'"),
        ("|3.5  |", "|3.x  |", "the total '3.x' is not a number"),
        ("R: 1850   ->1866     |", "R: 18S0   ->1866     |", "cannot read the ratings 'R: 18S0   ->1866'"),
        ("R: 1850   ->1866     |", "X: 1850   ->1866     |", "unknown rating prefix X:"),
        ("    1 | ÁLVARO", "    x | ÁLVARO", "expected a player's first line"),
        ("12345678 / R:", "12345678   R:", "expected 'member ID / R: pre->post'"),
    ],
)
def test_a_line_that_does_not_fit(old: str, new: str, message: str) -> None:
    assert DUAL.count(old) == 1
    lines = lines_of(DUAL.replace(old, new))
    number = next(i for i, line in enumerate(lines, start=1) if new in line)
    found = problems_of("\n".join(lines))
    assert any(p.startswith(f"event.txt line {number}: ") and message in p for p in found), found


def test_duplicate_pair_numbers_name_both_lines() -> None:
    text = DUAL.replace("    6 | FIONA GRAY", "    5 | FIONA GRAY")
    found = problems_of(text)
    assert "event.txt line 26: pair number 5 is used twice (also at event.txt line 22)" in found


def test_every_problem_is_listed() -> None:
    text = DUAL.replace("|3.5  |", "|3.x  |").replace("L   6|L   4|", "L   6|Q   4|")
    assert len(problems_of(text)) >= 2


def test_text_that_is_not_a_crosstable() -> None:
    (problem,) = problems_of("Pairings for round 3\nBoard 1: Alice - Bob\n")
    assert "no crosstable header" in problem
