"""Round trips: import with ``xlrating import``, rate with ``xlrating rate``, and check the
ratings against the engine called directly.

The engine's players and games are typed here from the source files' own numbers
(tests/data/import/*.txt, *.trf and the DBF records of test_import_dbf.py), not taken
from the importer, so a wrong import (a lost game, a swapped result, a rating read into
the wrong column) shows as a difference.
"""

from __future__ import annotations

import datetime
import math
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from test_import_dbf import EVENT, TH_FIELDS, TS_FIELDS, td_fields, write_dbf, write_event

from xlrating import fide, uscf
from xlrating.cli import main
from xlrating.model import EventOutcome, Game

DATA = Path(__file__).parent / "data" / "import"
TODAY = datetime.date.today()


def import_and_rate(source: Path, tmp_path: Path, *options: str) -> Any:
    """The rated workbook (openpyxl) after ``xlrating import`` and ``xlrating rate``."""
    imported = tmp_path / "imported.xlsx"
    rated = tmp_path / "rated.xlsx"
    assert main(["import", str(source), "-o", str(imported), *options]) == 0
    assert main(["rate", str(imported), "-o", str(rated)]) == 0
    return openpyxl.load_workbook(rated)


def column(sheet: Any, header: str) -> dict[int, Any]:
    """``{No: value}`` of the column ``header`` on a crosstable sheet."""
    rows = list(sheet.iter_rows(values_only=True))
    names = list(rows[0])
    no, at = names.index("No"), names.index(header)
    return {row[no]: row[at] for row in rows[1:] if row[no] is not None}


def posts(outcome: EventOutcome) -> dict[int, float | None]:
    return {p.player: p.post_rating for p in outcome.players}


def assert_same(sheet: Any, header: str, expected: dict[int, float | None]) -> None:
    found = column(sheet, header)
    assert set(found) == set(expected)
    for number, value in expected.items():
        if value is None:
            assert found[number] is None, number
        else:
            assert found[number] == pytest.approx(value, abs=1e-9), number


def test_trf(tmp_path: Path) -> None:
    book = import_and_rate(DATA / "spring-open.trf", tmp_path)
    d = datetime.date
    players = [
        fide.FidePlayer(1, 2105, birth_date=d(1990, 5, 17)),
        fide.FidePlayer(2, 1980, birth_date=d(2008, 3, 2)),
        fide.FidePlayer(3, None, birth_date=d(1985, 1, 1)),
        fide.FidePlayer(4, 1850, birth_date=d(1979, 11, 30)),
        fide.FidePlayer(5, 2210),
        fide.FidePlayer(6, 1720, birth_date=d(2001, 1, 1)),
        fide.FidePlayer(7, 1600, birth_date=d(1995, 7, 4)),
    ]
    # Only the results 1, 0 and = are rated games (W/D/L under one move, forfeits, byes are not).
    games = [Game(1, 1, 4, 1), Game(1, 2, 5, 0.5), Game(2, 7, 3, 1), Game(3, 5, 1, 1), Game(3, 2, 3, 0.5),
             Game(3, 4, 7, 1), Game(4, 1, 3, 1), Game(4, 6, 2, 1)]
    outcome = fide.rate_event(players, games, event_type="Swiss", end_date=d(2024, 3, 3), rules="2024")
    assert_same(book["Crosstable"], "Post rating", posts(outcome))
    assert column(book["Crosstable"], "Rated games") == {p.player: p.rated_games for p in outcome.players}


def test_msa_dual_rated(tmp_path: Path) -> None:
    book = import_and_rate(DATA / "dual-rated.txt", tmp_path)
    sheet = book["Crosstable"]
    games = [Game(1, 1, 4, 1), Game(1, 2, 3, 0.5), Game(2, 1, 2, 0.5), Game(2, 5, 3, 1), Game(3, 1, 3, 1),
             Game(3, 6, 2, 1), Game(3, 4, 5, 0.5), Game(4, 4, 2, 1), Game(4, 3, 6, 1)]
    # (Regular, games), (Quick, games) from the R: and Q: pre-ratings
    ratings = {1: ((1850, None), (1800, None)), 2: ((1641, 17), None), 3: (None, None),
               4: ((2010, None), (1990, 10)), 5: ((1502, None), (1450, None)), 6: ((1300, 5), (1290, 3))}

    def players(own: int, other: str) -> list[uscf.UscfPlayer]:
        made = []
        for number, pair in ratings.items():
            mine, theirs = pair[own], pair[1 - own]
            rating, games = mine or (None, None)
            others = {other: theirs} if theirs else {}
            made.append(uscf.UscfPlayer(number, rating, games, other_ratings=others))
        return made

    regular = uscf.rate_event(players(0, "Quick"), games, rating_system="Regular", dual_rated=True,
                              end_date=TODAY)
    quick = uscf.rate_event(players(1, "Regular"), games, rating_system="Quick", dual_rated=True,
                            end_date=TODAY)
    assert_same(sheet, "Post rating", posts(regular))
    assert_same(sheet, "Quick post rating", posts(quick))
    official = {1: 1866, 2: 1650, 3: 1400, 4: 2002, 5: 1499, 6: 1310}
    ours = posts(regular)
    assert column(sheet, "Official difference") == {
        n: math.floor((ours[n] or 0) + 0.5) - official[n] for n in official}


def test_msa_two_sections(tmp_path: Path) -> None:
    book = import_and_rate(DATA / "two-sections.txt", tmp_path)
    open_ = uscf.rate_event(
        [uscf.UscfPlayer(1, 2000), uscf.UscfPlayer(2, 1900), uscf.UscfPlayer(3, 1800, 10),
         uscf.UscfPlayer(4, 1700)],
        [Game(1, 1, 4, 1), Game(1, 2, 3, 0.5), Game(2, 1, 3, 0.5), Game(2, 2, 4, 1), Game(3, 2, 1, 1),
         Game(3, 3, 4, 1)],
        end_date=TODAY)
    reserve = uscf.rate_event(
        [uscf.UscfPlayer(1, 1500), uscf.UscfPlayer(2, 1450, 8), uscf.UscfPlayer(3), uscf.UscfPlayer(4, 1300),
         uscf.UscfPlayer(5, 1200)],
        [Game(1, 1, 3, 1), Game(1, 2, 4, 0.5), Game(2, 1, 2, 1), Game(2, 5, 3, 1)],
        end_date=TODAY)
    assert_same(book["Section 1 - Open"], "Post rating", posts(open_))
    assert_same(book["Section 2 - Reserve"], "Post rating", posts(reserve))


def test_dbf_sections(tmp_path: Path) -> None:
    book = import_and_rate(write_event(tmp_path / "report"), tmp_path)
    end = datetime.date(2024, 5, 12)
    open_ = uscf.rate_event(
        [uscf.UscfPlayer(1, 1850), uscf.UscfPlayer(2, 1641), uscf.UscfPlayer(3), uscf.UscfPlayer(4, 2010),
         uscf.UscfPlayer(5, 1502), uscf.UscfPlayer(6, 1300)],
        [Game(1, 1, 4, 1), Game(1, 2, 3, 0.5), Game(2, 1, 2, 0.5), Game(2, 5, 3, 1), Game(3, 1, 3, 1),
         Game(3, 6, 2, 1), Game(3, 4, 5, 0.5), Game(4, 4, 2, 1), Game(4, 3, 6, 1)],
        dual_rated=True, end_date=end)
    quad = uscf.rate_event(
        [uscf.UscfPlayer(1, 2000), uscf.UscfPlayer(2, 1900), uscf.UscfPlayer(3), uscf.UscfPlayer(4, 1700)],
        [Game(1, 1, 4, 1), Game(1, 2, 3, 0.5), Game(2, 1, 3, 0.5), Game(2, 2, 4, 1), Game(3, 2, 1, 1),
         Game(3, 3, 4, 1)],
        dual_rated=True, end_date=end)
    assert_same(book["Open"], "Post rating", posts(open_))
    assert_same(book["Quad- U1600"], "Post rating", posts(quad))


def test_dbf_match_in_the_older_layout(tmp_path: Path) -> None:
    folder = tmp_path / "match"
    folder.mkdir()
    write_dbf(folder / "thexport.dbf", TH_FIELDS, [EVENT])
    write_dbf(folder / "tsexport.dbf", TS_FIELDS,
              [["", "1", "Match", "R", "40/2", "M", "12", "2", "20240510", "20240512"]])
    one = ["W2W", "L2B", "D2W", "D2B", "W2W", "L2B", "D2W", "D2B", "W2W", "D2B"]
    two = ["L1B", "W1W", "D1B", "D1W", "L1B", "W1W", "D1B", "D1W", "L1B", "D1W"]
    write_dbf(folder / "tdexport.dbf", td_fields(10, split=True), [
        ["", "1", "1", "1", "11111111", "White, Al", "NY", "1800", *one],
        ["", "1", "2", "1", "22222222", "Black, Bo", "NY", "1700", *two],
        ["", "1", "1", "2", "11111111", "White, Al", "NY", "1800", "X2", "D2W", *[""] * 8],
        ["", "1", "2", "2", "22222222", "Black, Bo", "NY", "1700", "F1", "D1B", *[""] * 8],
    ])
    book = import_and_rate(folder, tmp_path)
    scores = [1, 0, 0.5, 0.5, 1, 0, 0.5, 0.5, 1, 0.5]  # games 1-10; 11 a forfeit, 12 a draw
    games = [Game(r, 1, 2, s) for r, s in enumerate(scores, start=1)] + [Game(12, 1, 2, 0.5)]
    outcome = uscf.rate_event([uscf.UscfPlayer(1, 1800), uscf.UscfPlayer(2, 1700)], games,
                              event_type="Match", end_date=datetime.date(2024, 5, 12))
    assert_same(book["Match"], "Post rating", posts(outcome))
