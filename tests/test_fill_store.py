"""Filling from the real store: FIDE's real list lines loaded with ``xlrating lists add``.

The list is FIDE's August 2026 blitz list as quoted in tests/official_files.py (real lines,
lichess-org/lila, commit 773dbb8266a03c2354cf17c7c2f789d14a8f6105): Leko 2738 (K 10),
Polgar 2736 (K 10), A Arbhin Vanniarajan 1431 (K 40, born 2018), Aadya Gowda 1807 (K 40,
born 2013, WCM). A blitz event between them typed with IDs and results only rates as the
same event typed with those published figures.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from official_files import BLITZ_AUG26, SINGLE_HEADER

from xlrating.cli import main
from xlrating.official.sheet import LIST_SHEET
from xlrating.workbook import NewSheet, load, read_grids, write_new_workbook

EVENT = [("System", "FIDE"), ("Rules", "FIDE 2024"), ("Start date", dt.date(2026, 8, 15)),
         ("End date", dt.date(2026, 8, 15))]
HEADER = ["No", "Name", "ID", "Rating", "K", "Title", "R1", "R2", "R3"]
PLAYERS = [("Leko, Peter", "703303", 2738, 10, "GM"), ("Polgar, Judit", "700070", 2736, 10, "GM"),
           ("A Arbhin Vanniarajan", "537001345", 1431, 40, None),
           ("Aadya Gowda", "48701955", 1807, 40, "WCM")]
ROUNDS = [("W4", "D3", "L2"), ("D3", "L4", "W1"), ("D2", "D1", "W4"), ("L1", "W2", "L3")]


def crosstable(path: Path, typed: bool) -> Path:
    rows = [[n, name, key, rating if typed else None, k if typed else None, title if typed else None, *rounds]
            for n, ((name, key, rating, k, title), rounds) in enumerate(zip(PLAYERS, ROUNDS, strict=True), 1)]
    write_new_workbook(path, event=EVENT, sheets=[NewSheet("Crosstable", HEADER, rows)])
    return path


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    listed = tmp_path / "blitz_aug26frl.txt"
    listed.write_text(SINGLE_HEADER.format(month="AUG26") + "\r\n" + "\r\n".join(BLITZ_AUG26) + "\r\n")
    store = str(tmp_path / "lists.sqlite")
    assert main(["lists", "add", str(listed), "--db", store]) == 0
    capsys.readouterr()
    return store


def posts(path: Path) -> list[Any]:
    sheet = openpyxl.load_workbook(path)["Crosstable"]
    header = [c.value for c in sheet[1]]
    column = header.index("Post rating") + 1
    return [sheet.cell(row=r, column=column).value for r in range(2, 6)]


def test_ids_and_results_rate_as_the_published_figures(tmp_path: Path, db: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    typed = crosstable(tmp_path / "typed.xlsx", typed=True)
    bare = crosstable(tmp_path / "bare.xlsx", typed=False)
    assert main(["rate", str(typed)]) == 0
    assert main(["rate", str(bare), "--list", "--kind", "Blitz", "--db", db]) == 0
    out, err = capsys.readouterr()
    assert "Crosstable: 4 Rating, 4 K, 3 Title filled from the FIDE Blitz list of 2026-08-01 in force on " \
           "2026-08-15" in out
    assert "xlrating: warning" not in err  # FIDE's K is what the rules give each of them
    assert posts(tmp_path / "bare-rated.xlsx") == posts(tmp_path / "typed-rated.xlsx")
    grid = read_grids(load(tmp_path / "bare-rated.xlsx"))["Crosstable"]
    assert [row[3:6] for row in grid[1:]] == [[2738, 10, "GM"], [2736, 10, "GM"], [1431, 40, None],
                                              [1807, 40, "WCM"]]


def test_the_standard_list_is_not_the_blitz_list(tmp_path: Path, db: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    bare = crosstable(tmp_path / "bare.xlsx", typed=False)
    before = bare.read_bytes()
    assert main(["fill", str(bare), "--db", db]) == 1  # only the blitz list is loaded
    _, err = capsys.readouterr()
    assert "Crosstable: no FIDE Standard list in force on 2026-08-15" in err
    assert "is not on the FIDE" not in err
    assert bare.read_bytes() == before and not (tmp_path / "bare-filled.xlsx").exists()


def test_lists_sheet_and_a_season_from_the_store(tmp_path: Path, db: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "hun.xlsx"
    assert main(["lists", "sheet", "--federation", "HUN", "--kind", "Blitz", "--date", "2026-08-20",
                 "--db", db, "-o", str(target)]) == 0
    rows = read_grids(load(target))[LIST_SHEET]
    assert [row[3:6] for row in rows[1:]] == [["700070", "Polgar, Judit", 2736],
                                              ["703303", "Leko, Peter", 2738]]
    season = tmp_path / "season.xlsx"
    assert main(["template", "season", "--list", "fide", "--ids", "48701955,703303", "--kind", "Blitz",
                 "--date", "2026-08-20", "--db", db, "-o", str(season)]) == 0
    players = read_grids(load(season))["Players"]
    assert players == [["ID", "Name", "Rating", "K", "Federation", "Title"],
                       ["703303", "Leko, Peter", 2738, 10, "HUN", "GM"],
                       ["48701955", "Aadya Gowda", 1807, 40, "IND", "WCM"]]
    capsys.readouterr()
    other = tmp_path / "x.xlsx"
    assert main(["lists", "sheet", "--ids", "1", "--kind", "Blitz", "--db", db, "-o", str(other)]) == 1
    assert not other.exists()
    assert "not on the FIDE Blitz list in force on" in capsys.readouterr().err


def test_the_event_sheet_names_the_blitz_list(tmp_path: Path, db: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bare = crosstable(tmp_path / "bare.xlsx", typed=False)
    book = openpyxl.load_workbook(bare)
    book["Event"].append(["Rating list", "blitz"])
    book.save(bare)
    assert main(["fill", str(bare), "--db", db]) == 0
    assert "4 Rating, 4 K, 3 Title filled from the FIDE Blitz list" in capsys.readouterr().out
    book["Event"].cell(row=book["Event"].max_row, column=2, value="Bullet")
    book.save(bare)
    assert main(["fill", str(bare), "--db", db, "-o", str(tmp_path / "x.xlsx")]) == 1
    assert "Event!B6: Rating list 'Bullet' is not a FIDE list: use one of Standard, Rapid, Blitz" in \
        capsys.readouterr().err
    assert main(["fill", str(bare), "--db", db, "--kind", "Bullet", "-o", str(tmp_path / "x.xlsx")]) == 1
    assert "'Bullet' is not a FIDE list" in capsys.readouterr().err
    assert not (tmp_path / "x.xlsx").exists()


def parts(path: Path) -> dict[str, bytes]:
    import zipfile

    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_lists_sheet_into_a_workbook_keeps_every_other_part(tmp_path: Path, db: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    bare = crosstable(tmp_path / "bare.xlsx", typed=False)
    before = parts(bare)
    assert main(["lists", "sheet", "--federation", "HUN", "--kind", "Blitz", "--date", "2026-08-20",
                 "--db", db, "--workbook", str(bare)]) == 0
    assert f"Wrote {bare}: 2 players on its {LIST_SHEET} sheet" in capsys.readouterr().out
    after = parts(bare)
    # the parts that list the sheets, and the styles (the bold header, the text and date formats)
    lists = ("xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/styles.xml")
    assert {name: data for name, data in after.items() if name in before and name not in lists} == {
        name: data for name, data in before.items() if name not in lists}
    assert len(set(after) - set(before)) == 1  # the List sheet's part, nothing else
    book = openpyxl.load_workbook(bare)
    assert book.sheetnames[-1] == LIST_SHEET and book[LIST_SHEET]["A1"].font.b
    assert book[LIST_SHEET]["D2"].value == "700070" and book[LIST_SHEET]["D2"].number_format == "@"
    # the fill reads the sheet it wrote: the Hungarians' ratings, the others named as not listed
    assert main(["fill", str(bare), "--list-sheet", "--kind", "Blitz", "--in-place"]) == 0
    err = capsys.readouterr().err
    grid = read_grids(load(bare))["Crosstable"]
    assert [row[3] for row in grid[1:]] == [2738, 2736, None, None]
    assert err.count("is not on the FIDE Blitz list") == 2


def test_lists_sheet_rewrites_its_own_sheet_and_refuses_another(tmp_path: Path, db: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    bare = crosstable(tmp_path / "bare.xlsx", typed=False)
    common = ["--kind", "Blitz", "--date", "2026-08-20", "--db", db]
    assert main(["lists", "sheet", "--federation", "IND", *common, "--workbook", str(bare)]) == 0
    copy = tmp_path / "copy.xlsx"
    assert main(["lists", "sheet", "--ids", "703303", *common, "--workbook", str(bare), "-o", str(copy)]) == 0
    rows = read_grids(load(copy))[LIST_SHEET]
    assert [row[3:5] for row in rows] == [["ID", "Name"], ["703303", "Leko, Peter"]]  # the old rows blanked
    assert [row[3] for row in read_grids(load(bare))[LIST_SHEET][1:]] == ["48701955", "537001345"]
    # a List sheet of the director's own is never written over
    book = openpyxl.load_workbook(bare)
    del book[LIST_SHEET]
    book.create_sheet("list")["A1"] = "My shopping list"
    book.save(bare)
    kept = bare.read_bytes()
    capsys.readouterr()
    assert main(["lists", "sheet", "--ids", "703303", *common, "--workbook", str(bare)]) == 1
    err = capsys.readouterr().err
    assert "its list sheet holds something else" in err and "nothing was written" in err
    assert bare.read_bytes() == kept
    assert main(["lists", "sheet", "--ids", "703303", *common]) == 1
    assert "--workbook WB.xlsx" in capsys.readouterr().err


def test_a_rewritten_list_sheet_blanks_every_cell_it_held(tmp_path: Path, db: str) -> None:
    bare = crosstable(tmp_path / "bare.xlsx", typed=False)
    common = ["--kind", "Blitz", "--date", "2026-08-20", "--db", db, "--workbook", str(bare)]
    assert main(["lists", "sheet", "--federation", "IND", *common]) == 0
    book = openpyxl.load_workbook(bare)
    book[LIST_SHEET]["P2"] = "a note beside a row"
    book[LIST_SHEET]["Q3"] = "another"
    book.save(bare)
    assert main(["lists", "sheet", "--ids", "703303", *common]) == 0
    rows = read_grids(load(bare))[LIST_SHEET]
    # the cells beside the old rows and the old rows past the new ones are blanked (read as trimmed)
    assert [row[3:5] for row in rows] == [["ID", "Name"], ["703303", "Leko, Peter"]]
    assert [len(row) for row in rows] == [15, 14]  # (the FIDE row's Expires, blank, trimmed)
    sheet = openpyxl.load_workbook(bare)[LIST_SHEET]
    assert [sheet.column_dimensions[letter].width for letter in "DE"] == [11, 22]
    assert sheet["A1"].font.b and sheet["D2"].number_format == "@"
    assert sheet["C2"].number_format == "yyyy-mm-dd"


def test_an_id_typo_that_hits_another_player_fills_nothing(tmp_path: Path, db: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Polgar's row typed with Leko's ID (703303): the names share no word, so the ID is another
    player's; his rating and K are not put in her row, and the note names her own ID on the list.
    A name spelled otherwise (``Leko, P.``) still shares a word: filled, with a note to check."""
    rows = [[1, "Polgar, Judit", "703303", None, None, None, "W2", "U", "U"],
            [2, "Leko, P.", "703303", None, None, None, "L1", "U", "U"]]
    bare = tmp_path / "typo.xlsx"
    write_new_workbook(bare, event=EVENT, sheets=[NewSheet("Crosstable", HEADER, rows)])
    assert main(["fill", str(bare), "--kind", "Blitz", "--db", db]) == 0
    out, err = capsys.readouterr()
    assert "Crosstable: 1 Rating, 1 K, 1 Title filled from the FIDE Blitz list of 2026-08-01" in out
    assert ("xlrating: warning: Crosstable!B2: Name 'Polgar, Judit', but the FIDE Blitz list of 2026-08-01 "
            "has 'Leko, Peter' for ID 703303: the names have no word in common, so nothing is filled (a "
            "mistyped ID?); the list has that name under ID 700070 (Polgar, Judit)") in err
    assert ("Crosstable!B3: Name 'Leko, P.', but the FIDE Blitz list of 2026-08-01 has 'Leko, Peter' for "
            "ID 703303: check the ID") in err
    grid = read_grids(load(tmp_path / "typo-filled.xlsx"))["Crosstable"]
    assert [row[3:6] for row in grid[1:]] == [[None, None, None], [2738, 10, "GM"]]
