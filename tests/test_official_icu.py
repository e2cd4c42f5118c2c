"""The ICU's rating list download (CSV) read and stored.

Source of the layout: sanichi/icu_ratings_app (the ICU's ratings site), commit
f9d9945d1ca24a4b5e694c9ac6042c98544f5871, ``app/models/icu_rating.rb`` (``IcuRating.to_csv``:
the header ``last,first,id,list,rating,provisional,federation,club``, one row a rating,
``provisional`` written as ``!full``) and ``app/controllers/icu_ratings_controller.rb``
(served as ``icu_ratings.csv``). The players (ICU IDs, names, federation, club) are those of
that repository's ``spec/factories/icu_players.yml``; their ratings there are random, so
the ratings below are made up for the test.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from xlrating.cli import main
from xlrating.crosstable.workbook import overlay
from xlrating.errors import FormatError
from xlrating.official.fill import fill_sheets
from xlrating.official.store import ListStore
from xlrating.season import rate_season_sheets
from xlrating.workbook import load, read_grids

ROWS = [
    "last,first,id,list,rating,provisional,federation,club",
    "Brady,Steven,90,2011-09-01,2201,false,IRL,",
    "Cafolla,Peter,159,2011-09-01,2105,false,IRL,",
    "Daly,Colm,295,2011-09-01,1987,false,IRL,Bray/Greystones",
    "Duffy,Seamus,378,2011-09-01,1650,true,IRL,Bray/Greystones",
]
SEP11 = dt.date(2011, 9, 1)


def write(path: Path, rows: list[str]) -> Path:
    path.write_text("\r\n".join(rows) + "\r\n", encoding="utf-8")
    return path


def test_the_icu_csv_is_read_and_looked_up(tmp_path: Path) -> None:
    path = write(tmp_path / "icu_ratings.csv", ROWS)
    with ListStore(tmp_path / "lists.sqlite") as store:
        loaded = store.add(path)
        assert [(i.system, i.kind, i.date, i.players) for i in loaded.lists] == [
            ("ICU", "Standard", SEP11, 4)
        ]
        found = store.lookup("ICU", "Standard", ["295", "378", "1"], dt.date(2011, 12, 1))
    daly, duffy = found["295"], found["378"]
    # The federation column gives the federation; the club (Bray/Greystones) is not a federation.
    assert (daly.name, daly.rating, daly.federation, daly.flags) == ("Daly, Colm", 1987, "IRL", "")
    assert (duffy.rating, duffy.flags) == (1650, "p")  # provisional
    assert "1" not in found


def test_a_download_of_several_lists_is_refused(tmp_path: Path) -> None:
    rows = [*ROWS, "Brady,Steven,90,2011-05-01,2190,false,IRL,"]
    with pytest.raises(
        FormatError, match=r"icu_ratings.csv line 6: the list date '2011-05-01' is not the file's"
    ):
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "icu_ratings.csv", rows))


def test_bad_rows_are_named(tmp_path: Path) -> None:
    rows = [
        ROWS[0],
        "Brady,Steven,90,2011-09-01,22x1,false,IRL,",
        "Cafolla,Peter,159,2011-09-01,2105,maybe,IRL,",
        "Daly,Colm,295,2011-09-01",
    ]
    with pytest.raises(FormatError) as caught:
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "icu_ratings.csv", rows))
    assert [str(p) for p in caught.value.problems] == [
        "icu_ratings.csv line 2: the rating '22x1' is not a whole number from 0 to 4000",
        "icu_ratings.csv line 3: provisional is 'maybe', neither true nor false",
        "icu_ratings.csv line 4: 4 fields where the ICU's list has 8 (is the file cut short?)",
    ]


def test_a_federation_that_is_not_three_capital_letters_is_refused(tmp_path: Path) -> None:
    rows = [*ROWS, "Duffy,Sean,379,2011-09-01,1650,true,Bray/Greystones,"]  # the club in its place
    assert load_problems(tmp_path, rows) == [
        "icu_ratings.csv line 6: the federation 'Bray/Greystones' is not three capital letters"]


def test_the_icu_list_is_not_fide_s(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="is ICU's list, not FIDE's"):
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "icu_ratings.csv", ROWS), system="FIDE")


def load_problems(folder: Path, rows: list[str]) -> list[str]:
    """The problems of loading ``rows`` as the ICU's CSV (it must have some)."""
    with pytest.raises(FormatError) as caught:
        ListStore(folder / "lists.sqlite").add(write(folder / "icu_ratings.csv", rows))
    return [str(p) for p in caught.value.problems]


def test_each_bad_field_is_named_and_a_bad_or_repeated_id_ends_its_row(tmp_path: Path) -> None:
    rows = [
        ROWS[0],
        "Brady,Steven,090,2011-09-01,22x1,maybe,IRL,",  # a bad ID: the fields after it are not read
        ",Peter,160,2011-09-01,2105,false,IRL,",
        "Daly,\x07Colm,295,2011-09-01,1987,false,IRL,",
        ROWS[3],  # 295 again: a line with a bad name still takes its ID
        "Duffy,Seamus,295,2011-09-01,1650,true,IRL,",
        "Duffy,Seamus,,2011-09-01,1650,true,IRL,",
        ",,378,2011-05-01,5000,maybe,IRL,",  # the last line: the file's date is told from the others
    ]
    assert load_problems(tmp_path, rows) == [
        "icu_ratings.csv line 2: the ID '090' is not an ICU ID",
        "icu_ratings.csv line 3: the name ', Peter' is empty or holds a control character",
        "icu_ratings.csv line 4: the name 'Daly, \\x07Colm' is empty or holds a control character",
        "icu_ratings.csv line 5: the ID 295 is listed twice (an earlier line has it too)",
        "icu_ratings.csv line 6: the ID 295 is listed twice (an earlier line has it too)",
        "icu_ratings.csv line 7: the ID '' is not an ICU ID",
        "icu_ratings.csv line 8: the list date '2011-05-01' is not the file's (2011-09-01): a download "
        "holds one list; choose one list on the ratings site",
        "icu_ratings.csv line 8: the name '' is empty or holds a control character",
        "icu_ratings.csv line 8: the rating '5000' is not a whole number from 0 to 4000",
        "icu_ratings.csv line 8: provisional is 'maybe', neither true nor false",
    ]


def test_the_icu_list_s_federation_fills_federation_not_the_club(tmp_path: Path) -> None:
    """Filled from the ICU's download, Daly's ``Federation`` is IRL (his club, Bray/Greystones, is
    not a federation); a typed federation the list contradicts is named and kept."""
    sheets: dict[str, list[list[Any]]] = {
        "Event": [["System", "ICU"], ["Start date", dt.date(2011, 10, 1)]],
        "Crosstable": [["No", "ID", "Name", "Rating", "K", "Federation", "R1"],
                       [1, "295", "Daly, Colm", None, 24, None, "W2"],
                       [2, "90", "Brady, Steven", None, 16, "ENG", "L1"]]}
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(write(tmp_path / "icu_ratings.csv", ROWS))
        filled = fill_sheets(sheets, store)
    written = overlay(sheets, filled.blocks)["Crosstable"]
    assert [row[5] for row in written[1:]] == ["IRL", "ENG"]
    assert [str(n) for n in filled.notes] == [
        "Crosstable!F3: Federation ENG is typed, but the ICU Standard list of 2011-09-01 gives IRL for "
        "ID 90; the typed value is kept"]


def test_icu_members_filled_from_the_list_are_named_until_their_k_or_games_are_typed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The ICU's list gives a rating and a provisional flag, never the K, birth date, joining date
    or games that make a row an ICU member's: with a rating alone a row is a foreign player's,
    rated for his opponents and never changed. A fill from the list, and a season started from it,
    say so per player (the provisional one by name), rather than rate every member as foreign."""
    db = tmp_path / "lists.sqlite"
    with ListStore(db) as store:
        store.add(write(tmp_path / "icu_ratings.csv", ROWS))
        sheets: dict[str, list[list[Any]]] = {
            "Event": [["System", "ICU"], ["Start date", dt.date(2011, 10, 1)]],
            "Crosstable": [["No", "ID", "Name", "Rating", "K", "R1", "R2"],
                           [1, "295", "Daly, Colm", None, None, "W2", "U"],
                           [2, "378", "Duffy, Seamus", None, None, "L1", "U"],
                           [3, "90", "Brady, Steven", None, 16, "U", "U"]]}
        filled = fill_sheets(sheets, store)
    assert [str(n) for n in filled.notes] == [
        "Crosstable!B2: ID 295: the ICU Standard list of 2011-09-01 publishes no K, Birth date, Joined or "
        "Games, and this row gives none: with a rating alone he is rated as a foreign player, his rating "
        "never changed; type his K (or Birth date, and Joined) to rate him as a member",
        "Crosstable!B3: ID 378's rating is provisional on the ICU Standard list of 2011-09-01, which does "
        "not publish the games behind it: type them in Games, else he is rated as an established player "
        "(or, with a rating alone, as a foreign one)"]  # Brady's K is typed: a member, no note

    target = tmp_path / "season.xlsx"
    assert main(["template", "season", "--list", "icu", "--federation", "IRL", "--date", "2011-10-01",
                 "--db", str(db), "-o", str(target)]) == 0
    assert "publishes no K, Birth date, Joined or Games" in capsys.readouterr().err
    grids = read_grids(load(target))
    assert grids["Players"][0] == ["ID", "Name", "Rating", "Federation", "K", "Birth date", "Joined", "Games"]
    assert "provisional on the list, so needing their Games: ID 378." in grids["How to use"][-1][0]
    # Daly's K and Duffy's games typed, Daly beats Duffy.
    players = {row[0]: row for row in grids["Players"][1:]}
    players["295"] += [24]
    players["378"] += [None, None, None, 10]
    grids["Events"][1][2:4] = [dt.date(2011, 10, 5), dt.date(2011, 10, 5)]
    grids["Event 1"] += [[1, "295", "Daly, Colm", None, "W2"], [2, "378", "Duffy, Seamus", None, "L1"]]
    rated = rate_season_sheets(grids).events[0].outcomes[0]
    # Worked by hand (ICU, "Basic Rating Formulae"): Duffy is provisional (10 games), so his new
    # rating is the weighted average of his old one and his performance, Re = 1987 - 400 = 1587:
    # (1650 x 10 + 1587 x 1) / 11 = 18087 / 11 = 1644.27, 1644. Daly's is Elo with K 24:
    # E = 1 / (1 + 10^((1644.27 - 1987)/400)) = 0.878 (the ICU's program rates him against
    # Duffy's new estimate; against 1650, 0.874), 24 x (1 - 0.878) = 2.9 (3.0), 1987 + 2.9 = 1990
    # either way. Rated as foreign players, as before, both stayed where they were.
    assert [(p.method.value, p.post_rating) for p in rated.players] == [("elo", 1990), ("provisional", 1644)]


def test_a_line_the_csv_module_cannot_read_is_named_not_a_traceback(tmp_path: Path) -> None:
    # A carriage return inside a line, and a quote left open that runs on past the csv module's
    # field limit, stopped the load with a bare csv.Error.
    lone_cr = [*ROWS[:2], "Cafolla,Peter,159,2011-09-01,2105,f\ralse,IRL,", *ROWS[3:]]
    with pytest.raises(FormatError) as caught:
        ListStore(tmp_path / "lists.sqlite").add(write(tmp_path / "icu_ratings.csv", lone_cr), date=SEP11)
    assert [str(p) for p in caught.value.problems] == [
        "icu_ratings.csv line 3: cannot be read as CSV: a carriage return (CR) inside the line, not at its "
        "end"]
    many = [f"Player,Number {n},{1000 + n},2011-09-01,1500,false,IRL," for n in range(5000)]
    open_quote = [*ROWS[:2], 'Cafolla,"Peter,159,2011-09-01,2105,false,IRL,', *many]
    assert load_problems(tmp_path, open_quote) == [
        "icu_ratings.csv line 3: cannot be read as CSV: field larger than field limit (131072) (a quote left "
        "open runs on into the lines after it)"]


def test_a_rating_of_0_is_no_rating_as_on_fide_s_and_us_chess_s_lists(tmp_path: Path) -> None:
    # Filled as 0, the crosstable then refused the workbook (a rating is 1 to 4000).
    rows = [*ROWS, "Player,Zero,5,2011-09-01,0,false,IRL,"]
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(write(tmp_path / "icu_ratings.csv", rows))
        assert store.lookup("ICU", "Standard", ["5"], SEP11)["5"].rating is None


def test_a_list_of_one_player_tells_its_date_from_its_row(tmp_path: Path) -> None:
    # The date was told from the rows but the last of the file's first bytes (which may be cut
    # short): a download of one player asked for --date although its row gives it.
    with ListStore(tmp_path / "lists.sqlite") as store:
        loaded = store.add(write(tmp_path / "icu_ratings.csv", ROWS[:2]))
    assert [(i.date, i.players) for i in loaded.lists] == [(SEP11, 1)]


@pytest.mark.parametrize("written", ["01/09/2011", "20110901", "1-Sep-11"])
def test_dates_a_spreadsheet_rewrote_are_said_to_be_so(tmp_path: Path, written: str) -> None:
    # A download opened and saved again in Excel: its dates are no longer the ICU's YYYY-MM-DD.
    rows = [ROWS[0], *(row.replace("2011-09-01", written) for row in ROWS[1:])]
    path = write(tmp_path / "icu_ratings.csv", rows)
    said = "is not written as the ICU writes dates (YYYY-MM-DD, as 2011-09-01): a file opened and saved again"
    with ListStore(tmp_path / "lists.sqlite") as store:
        with pytest.raises(FormatError) as caught:
            store.add(path)
        assert [str(p) for p in caught.value.problems] == [
            f"icu_ratings.csv line 2: the list date {written!r} {said} in a spreadsheet has its dates "
            "rewritten; load the file as downloaded"]
        with pytest.raises(FormatError) as caught:  # with the date given, each row says it
            store.add(path, date=SEP11)
        problems = [str(p) for p in caught.value.problems]
        assert len(problems) == 4 and all(said in p for p in problems), problems
