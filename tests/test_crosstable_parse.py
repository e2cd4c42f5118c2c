"""Reading the Event and Crosstable sheets, and every kind of bad input with its cell.

The sheets are described in docs/guide/crosstable.md.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest

from xlrating.crosstable import Code, EventSettings, parse_crosstable, parse_settings, rate_sheets
from xlrating.crosstable.parse import read_crosstable
from xlrating.crosstable.settings import read_settings
from xlrating.errors import CrosstableError
from xlrating.model import EventType, Game

TODAY = date(2024, 6, 2)

#: A four-player, three-round Swiss: 1 beats 2, draws 3, bye; 2 forfeit win, half bye;
#: 3 beats 4, loses to 4; 4 loses the forfeit.
HEADER = ["No", "Name", "Rating", "Games", "R1", "R2", "R3", "Total"]
ROWS: list[list[Any]] = [
    [1, "Alice", 1500, 12, "W2", "D3", "B", 2.5],
    [2, "Bob", 1400, None, "L1", "X", "H", 1.5],
    [3, "Carol", None, None, "W4", "D1", "L4", 1.5],
    [4, "Dan", 1800, 40, "L3", "F", "W3", 1],
]


def grid(header: list[Any] | None = None, rows: list[list[Any]] | None = None,
         above: list[list[Any]] | None = None) -> list[list[Any]]:
    return [*(above or []), list(header or HEADER), *[list(r) for r in (rows if rows is not None else ROWS)]]


def problems(sheet: list[list[Any]], settings: EventSettings | None = None) -> list[str]:
    _, found = read_crosstable(sheet, settings or EventSettings(end_date=TODAY))
    return [str(p) for p in found]


def parsed(sheet: list[list[Any]], settings: EventSettings | None = None) -> Any:
    return parse_crosstable(sheet, settings or EventSettings(end_date=TODAY))


# --- the Event sheet ---------------------------------------------------------------------------


def test_missing_event_sheet_takes_every_default() -> None:
    settings = parse_settings(None, today=TODAY)
    assert (settings.system, settings.rating_system, settings.dual_rated, settings.rules) == \
        ("USCF", "Regular", False, "USCF 2020")
    assert (settings.bonus_multiplier, settings.event_type, settings.event_name) == \
        (None, EventType.SWISS, "")
    assert (settings.start_date, settings.end_date) == (None, TODAY)


def test_settings_names_are_case_insensitive_and_trimmed() -> None:
    sheet: list[list[Any]] = [
        ["Event settings"],                       # a title: not a setting, ignored
        ["  SYSTEM ", " fide "],
        ["rules", "FIDE handbook"],
        ["Event Type", "round robin"],
        ["event name", "  Spring Open "],
        ["Start date", datetime(2024, 5, 1)],
        ["END DATE", 45445],                      # an Excel serial number: 2024-06-02
        ["Chief TD", "A. Arbiter"],               # not a setting, ignored
    ]
    settings = parse_settings(sheet, today=date(2030, 1, 1))
    assert settings.system == "FIDE"
    assert settings.rules == "FIDE handbook"
    assert settings.event_type is EventType.ROUND_ROBIN
    assert settings.event_name == "Spring Open"
    assert (settings.start_date, settings.end_date) == (date(2024, 5, 1), date(2024, 6, 2))
    assert settings.cell("Rules") == "Event!B3"


@pytest.mark.parametrize("system, newest", [("USCF", "USCF 2020"), ("FIDE", "FIDE 2024"), ("ICU", "ICU")])
def test_rules_default_to_the_newest_of_the_system(system: str, newest: str) -> None:
    assert parse_settings([["System", system]], today=TODAY).rules == newest


def test_uscf_settings() -> None:
    sheet = [["Rating system", "online blitz"], ["Rules", "uscf 2020"], ["Bonus multiplier", "10"],
             ["Dual rated", "no"], ["Event type", "Match"]]
    settings = parse_settings(sheet, today=TODAY)
    assert settings.rating_system == "Online Blitz"
    assert settings.bonus_multiplier == 10.0
    assert settings.event_type is EventType.MATCH
    dual = parse_settings([["Dual rated", "Yes"]], today=TODAY)
    assert dual.dual_rated is True


@pytest.mark.parametrize("rows, where, message", [
    ([["System", "ECF"]], "Event!B1", "System 'ECF' is not one of USCF, FIDE, ICU"),
    ([["Rules", "USCF 2030"]], "Event!B1", "Rules 'USCF 2030' is not a rule edition"),
    ([["System", "FIDE"], ["Rules", "USCF 2011"]], "Event!B2", "Rules 'USCF 2011' are not FIDE rules"),
    ([["Rating system", "Bullet"]], "Event!B1", "Rating system 'Bullet' is not one of Regular"),
    ([["System", "ICU"], ["Rating system", "Quick"]], "Event!B2", "applies to US Chess events only"),
    ([["Dual rated", "maybe"]], "Event!B1", "Dual rated: 'maybe' is not yes or no"),
    ([["System", "FIDE"], ["Dual rated", "yes"]], "Event!B2", "Dual rated applies to US Chess events only"),
    ([["Rating system", "Blitz"], ["Dual rated", "yes"]], "Event!B2", "set Rating system to Regular"),
    ([["Bonus multiplier", "twelve"]], "Event!B1", "'twelve' is not a bonus multiplier"),
    ([["Bonus multiplier", -2]], "Event!B1", "-2 is out of range"),
    ([["System", "ICU"], ["Bonus multiplier", 12]], "Event!B2", "applies to US Chess events only"),
    ([["Event type", "Knockout"]], "Event!B1",
     "Event type 'Knockout' is not one of Swiss, Round robin, Match"),
    ([["Start date", "next Tuesday"]], "Event!B1", "Start date: 'next Tuesday' is not a date"),
    ([["Start date", "2024-05-03"], ["End date", "2024-05-01"]], "Event!B2", "End date 2024-05-01 is before"),
    ([["System", "USCF"], ["system", "FIDE"]], "Event!B2", "System is set twice"),
    ([["Rules", "USCF 2009"], ["Rating system", "Blitz"]], "Event!B2",
     "Rating system Blitz is not rated under USCF 2009 (it knows Regular, Quick)"),
])
def test_unknown_setting_values_name_their_cell(rows: list[list[Any]], where: str, message: str) -> None:
    _, found = read_settings(rows, today=TODAY)
    assert any(p.where == where and message in p.message for p in found), found
    with pytest.raises(CrosstableError):
        parse_settings(rows, today=TODAY)


# --- header, aliases, orders -------------------------------------------------------------------


def test_a_simple_crosstable() -> None:
    table = parsed(grid())
    assert table.header_row == 1
    assert table.rounds == 3
    assert [p.number for p in table.players] == [1, 2, 3, 4]
    assert [p.score for p in table.players] == [2.5, 1.5, 1.5, 1.0]
    assert table.player(1).rating == 1500 and table.player(1).games == 12
    assert table.player(3).rating is None
    # each played game once, from the first row's side; forfeits and byes are not games
    assert table.games == (Game(1, 1, 2, 1.0), Game(2, 1, 3, 0.5), Game(1, 3, 4, 1.0), Game(3, 3, 4, 0.0))
    assert [c.code for c in table.player(2).rounds] == [Code.LOSS, Code.FORFEIT_WIN, Code.HALF_BYE]
    assert table.columns["R1"] == 5 and table.columns["Total"] == 8
    assert (table.last_row, table.last_column) == (5, 8)


def test_header_is_the_first_row_with_a_name_cell() -> None:
    above: list[list[Any]] = [["Spring Open 2024"], [], ["Section", "Open"], [None, None]]
    table = parsed(grid(above=above))
    assert table.header_row == 5
    assert table.player(1).row == 6


def test_aliases_any_order_and_unknown_columns() -> None:
    header = ["Club", "Round 3", "name", "Rd 2", "Pair", "rating", "R1", "Team"]
    rows = [[club, r3, name, r2, no, rating, r1, "x"]
            for no, name, rating, _, r1, r2, r3, _ in ROWS for club in ["Dublin"]]
    table = parsed(grid(header, rows))
    assert table.games == parsed(grid()).games
    assert table.columns["No"] == 5 and table.columns["R1"] == 7 and table.columns["R3"] == 2
    assert "Club" not in table.columns
    assert table.last_column == 8


def test_values_as_excel_delivers_them() -> None:
    rows = [
        [1.0, " Alice ", "1500P12", None, "w2", " D 3 ", "b", "2.5"],
        ["2", "Bob", " 1400 ", "", "L1 b", "x", "h", 1.5],
        [3.0, "Carol", "unr", "", "+4w", "=1", "-4", 1.5],
        [4, "Dan", 1800.0, 40.0, -3.0, "f", "W3", 1.0],
    ]
    table = parsed(grid(rows=rows))
    assert table.player(1).name == "Alice"
    assert (table.player(1).rating, table.player(1).games) == (1500.0, 12)
    assert (table.player(2).rating, table.player(2).games) == (1400.0, None)
    assert table.player(3).rating is None
    assert table.games == parsed(grid()).games


def test_blank_rows_are_skipped_and_extra_columns_do_not_matter() -> None:
    rows = [ROWS[0], [None] * 8, ["", " ", None], ROWS[1], ROWS[2], ROWS[3], [], [None, None, None, None]]
    table = parsed(grid(rows=rows))
    assert [p.row for p in table.players] == [2, 5, 6, 7]
    assert table.last_row == 7


def test_ragged_rows() -> None:
    rows = [list(r) for r in ROWS]
    rows[1] = [2, "Bob", 1400, None, "L1", "X", "H"]   # no Total cell at all
    rows[2] = [3, "Carol", None, None, "W4", "D1", "L4", 1.5, None, None, "comment"]
    table = parsed(grid(rows=rows))
    assert table.player(2).total is None
    assert table.last_column == 11


def test_uscf_input_columns() -> None:
    header = ["No", "Name", "ID", "Rating", "Games", "History", "FIDE", "CFC", "Quick", "Quick games",
              "Online Blitz", "Born", "Adult", "Floor", "Peak", "Wins", "Draws", "Events", "R1"]
    rows = [
        [1, "Ann", 12345678.0, None, None, "all wins", 2000, 1900, "1500P12", None, 1300,
         "2010-05-01", None, None, None, None, None, None, "W2"],
        [2, "Ben", "X1", 1700, 30, None, None, None, None, None, None, None, "yes", 1600, 1900, 40, 5, 12,
         "L1"],
    ]
    table = parsed(grid(header, rows))
    ann, ben = table.player(1), table.player(2)
    assert ann.member_id == "12345678"
    assert ann.history == "all wins"
    assert (ann.fide, ann.cfc) == (2000.0, 1900.0)
    quick = ann.other("Quick")
    assert quick is not None and (quick.rating, quick.games) == (1500.0, 12)
    blitz = ann.other("Online Blitz")
    assert blitz is not None and blitz.rating == 1300 and blitz.games is None
    assert ann.birth_date == date(2010, 5, 1)
    assert ben.adult is True
    assert (ben.floor, ben.peak, ben.wins, ben.draws, ben.events) == (1600.0, 1900.0, 40, 5, 12)


def test_columns_a_system_does_not_read_are_ignored() -> None:
    header = ["No", "Name", "Rating", "Joined", "History", "R1"]
    rows = [[1, "Ann", 1500, "not a date", "sometimes", "W2"], [2, "Ben", 1500, None, None, "L1"]]
    assert problems(grid(header, rows)) == [
        "Crosstable!E2: History: 'sometimes' is not 'all wins' or 'all losses' (leave it blank otherwise)",
    ]   # Joined is an ICU column: ignored under US Chess


def test_k_and_floor_columns_right_of_the_outputs_are_outputs() -> None:
    header = ["No", "Name", "K", "R1", "Score", "Post rating", "K", "Floor"]
    rows = [[1, "Ann", 20, "W2", 1, 1510, 19.5, 100], [2, "Ben", None, "L1", 0, 1490, 20, 100]]
    table = parsed(grid(header, rows), EventSettings(system="FIDE", rules="FIDE 2024", end_date=TODAY))
    assert table.columns["K"] == 3
    assert table.output_columns == {"Score": 5, "Post rating": 6, "K": 7, "Floor": 8}
    assert table.player(1).k == 20


# --- every error kind, with its cell -----------------------------------------------------------


def with_cell(row: int, column: int, value: Any) -> list[list[Any]]:
    sheet = grid()
    sheet[row - 1][column - 1] = value
    return sheet


@pytest.mark.parametrize("sheet, expected", [
    (with_cell(2, 6, "Q3"), "Crosstable!F2: 'Q3' is not a result code"),
    (with_cell(2, 7, "W99"), "Crosstable!G2: 'W99' names no player 99"),
    (with_cell(2, 7, "D1"), "Crosstable!G2: 'D1' names the player's own number 1"),
    (with_cell(2, 6, "W3"),
     "Crosstable!F2: 'W3' (round 2) disagrees with No. 3's cell: Crosstable!F4 says 'D1', expected 'L1'"),
    (with_cell(4, 7, ""),
     "Crosstable!G5: 'W3' (round 3) disagrees with No. 3's cell: Crosstable!G4 is blank, expected 'L4'"),
    (with_cell(3, 1, 1), "Crosstable!A3: No. 1 is used twice (also in row 2)"),
    (with_cell(3, 1, 0), "Crosstable!A3: No: 0 is out of range"),
    (with_cell(3, 1, 2.5), "Crosstable!A3: No: 2.5 is not a pairing number"),
    (with_cell(3, 1, None), "Crosstable!A3: this player row has no pairing number (No)"),
    (with_cell(3, 2, None), "Crosstable!B3: this player row has no name"),
    (with_cell(3, 3, "strong"), "Crosstable!C3: Rating: 'strong' is not a rating"),
    (with_cell(3, 3, 40), "Crosstable!C3: Rating: 40 is out of range: a rating must be from 100 to 4000"),
    (with_cell(3, 4, "many"), "Crosstable!D3: Games: 'many' is not a number of games"),
    (with_cell(3, 4, -3), "Crosstable!D3: Games: -3 is out of range"),
    (with_cell(4, 4, 12), "Crosstable!D4: Games 12 is given, but Rating is blank (unrated)"),
    (with_cell(2, 3, "1500P10"),
     "Crosstable!D2: Games 12 disagrees with Rating '1500P10' (P10 = 10 games)"),
    (with_cell(2, 8, 3), "Crosstable!H2: Total 3 disagrees with the results, which give 2.5"),
    (with_cell(2, 8, "lots"), "Crosstable!H2: Total: 'lots' is not a total score"),
    (with_cell(1, 5, "R0"), "Crosstable!E1: rounds are numbered from 1"),
    (with_cell(1, 6, "R1"), "Crosstable!F1: a second column for round 1 (the first is Crosstable!E1)"),
    (with_cell(1, 6, "R4"), "Crosstable!1:1: no column for round 2 (the round columns go up to round 4)"),
    (with_cell(1, 4, "Rating"),
     "Crosstable!D1: a second column headed 'Rating' (the first is Crosstable!C1)"),
    (with_cell(1, 1, "Seed"), "Crosstable!1:1: the header row has no 'No' column (or Pair, #)"),
])
def test_every_error_names_its_cell(sheet: list[list[Any]], expected: str) -> None:
    found = problems(sheet)
    assert any(p.startswith(expected) for p in found), found


def test_a_player_met_by_two_others_in_one_round() -> None:
    # No. 3 and No. 4 both claim a win over No. 2 in round 2, but No. 2's cell names No. 3.
    rows = [
        [1, "A", None, None, "W2", "B"],
        [2, "B", None, None, "L1", "L3"],
        [3, "C", None, None, "B", "W2"],
        [4, "D", None, None, "B", "W2"],
    ]
    found = problems(grid(["No", "Name", "Rating", "Games", "R1", "R2"], rows))
    assert found == ["Crosstable!F5: 'W2' (round 2) disagrees with No. 2's cell: Crosstable!F3 says 'L3', "
                     "expected 'L4'"]


def test_forfeits_may_name_the_opponent() -> None:
    rows = [[1, "A", None, None, "X2"], [2, "B", None, None, "F1"], [3, "C", None, None, "X4"],
            [4, "D", None, None, ""], [5, "E", None, None, "X6"], [6, "F", None, None, "W5"]]
    found = problems(grid(["No", "Name", "Rating", "Games", "R1"], rows))
    # 1-2 agree, 3-4: the no-show's cell left blank is fine; 5-6: a forfeit against a played win is not
    assert found == ["Crosstable!E6: 'X6' (round 1) disagrees with No. 6's cell: Crosstable!E7 says 'W5', "
                     "expected 'F5'"]


def test_missing_columns_and_no_header() -> None:
    assert problems([["Player", "Rating"], ["Ann", 1500]]) == [
        "Crosstable: no header row: no cell in this sheet says 'Name'"]
    found = problems([["Name", "Rating"], ["Ann", 1500]])
    assert found == ["Crosstable!1:1: the header row has no 'No' column (or Pair, #)",
                     "Crosstable!1:1: the header row has no round columns (R1, R2, ... or Rd 1, Round 1)"]
    assert problems([HEADER]) == ["Crosstable!1:1: the crosstable has no player rows"]


def test_every_problem_in_one_pass_in_reading_order() -> None:
    sheet = grid()
    sheet[1][5] = "Q"          # F2
    sheet[2][2] = "strong"     # C3
    sheet[4][0] = 3            # A5: duplicate No. 3
    sheet[3][7] = 9            # H4: wrong total
    found = problems(sheet)
    wheres = [p.split(":")[0] for p in found]
    assert wheres == sorted(wheres, key=lambda w: (int(w.split("!")[1][1:]), w.split("!")[1][0]))
    assert {"Crosstable!F2", "Crosstable!C3", "Crosstable!H4", "Crosstable!A5"} <= set(wheres)


def test_settings_and_crosstable_errors_come_together_and_nothing_is_rated() -> None:
    sheets = {"Event": [["System", "ECF"]], "Crosstable": with_cell(2, 6, "Q3")}
    with pytest.raises(CrosstableError) as caught:
        rate_sheets(sheets, today=TODAY)
    wheres = [p.where for p in caught.value.problems]
    assert wheres == ["Event!B1", "Crosstable!F2"]
    assert "Event!B1: System 'ECF' is not one of USCF, FIDE, ICU" in str(caught.value)


def test_a_workbook_without_a_crosstable() -> None:
    with pytest.raises(CrosstableError, match="The workbook has no crosstable"):
        rate_sheets({"Sheet1": [["Hello"]], "Event": [["System", "USCF"]]}, today=TODAY)


def test_sheet_names_with_spaces_are_quoted() -> None:
    sheets = {"Event": [], "Section A": with_cell(2, 7, "W99")}
    with pytest.raises(CrosstableError) as caught:
        rate_sheets(sheets, today=TODAY)
    assert str(caught.value.problems[0]) == "'Section A'!G2: 'W99' names no player 99"


def test_icu_rows_the_player_types_cannot_read() -> None:
    header = ["No", "Name", "Rating", "Games", "K", "Birth date", "Joined", "R1", "R2"]
    rows = [
        [1, "A", None, None, 24, None, None, "W2", "W3"],        # K without a rating
        [2, "B", 1800, 12, 32, None, None, "L1", "B"],           # K for a provisional player
        [3, "C", 1800, 0, None, None, None, "B", "L1"],          # Games 0 with a rating
        [4, "D", 1800, None, None, "1980-01-01", None, "B", "B"],  # adult, no Joined: K unknown
    ]
    sheets = {"Event": [["System", "ICU"], ["Start date", "2024-05-01"]],
              "Crosstable": grid(header, rows)}
    with pytest.raises(CrosstableError) as caught:
        rate_sheets(sheets, today=TODAY)
    found = [str(p) for p in caught.value.problems]
    assert found == [
        "Crosstable!E2: K 24 is given but Rating is blank: an unrated player has no K",
        "Crosstable!E3: K 32 is given, but with 12 games (under 20) the player is provisional and has no K",
        "Crosstable!D4: Games 0 with a rating: leave Games blank for a rated player (or give the games "
        "behind the rating)",
        "Crosstable!C5: No. 4 (D) is rated 1800, below 2100, so K depends on age and membership: give K, "
        "or Joined (the date the player joined the ICU)",
    ]


def test_birth_date_after_the_event() -> None:
    header = ["No", "Name", "Birth date", "R1"]
    rows = [[1, "A", "2030-01-01", "W2"], [2, "B", None, "L1"]]
    assert problems(grid(header, rows)) == [
        "Crosstable!C2: Birth date 2030-01-01 is after the event (2024-06-02)"]


@pytest.mark.parametrize("system", ["FIDE", "ICU"])
@pytest.mark.parametrize("typed", [1.85, "1.850", 1500.7, "1500.5P12"])
def test_a_fide_or_icu_rating_with_a_fraction_is_refused(system: str, typed: Any) -> None:
    # FIDE and the ICU publish whole numbers. 1.850 (1850 typed with a thousands separator) was
    # rated as 1.85 under ICU (post-event rating 38 for a win and a draw); 1500.7 gave FIDE a
    # post-event rating of 1518.7, which no FIDE list can hold.
    rows = [["No", "Name", "Rating", "K", "R1"], [1, "A", typed, 24, "W2"], [2, "B", 1700, 24, "L1"]]
    with pytest.raises(CrosstableError) as error:
        rate_sheets({"Event": [["System", system], ["End date", date(2025, 5, 1)]], "Crosstable": rows})
    shown = repr(typed) if isinstance(typed, str) else f"{typed:g}"
    assert f"Crosstable!C2: Rating: {shown} is not a whole number; {system} ratings are whole numbers " \
           "(for 1850 type 1850, not 1.850)" in [str(p) for p in error.value.problems]


def test_a_us_chess_rating_keeps_its_fraction() -> None:
    # US Chess 2020 stores ratings as floats (section 1): a post-event rating typed back is read as is.
    rows = [["No", "Name", "Rating", "R1"], [1, "A", 1643.759, "W2"], [2, "B", 1431.034, "L1"]]
    book = rate_sheets({"Event": [["System", "USCF"], ["End date", date(2025, 5, 1)]], "Crosstable": rows})
    assert book.events[0].outcomes[0].player(1).pre_rating == 1643.759


@pytest.mark.parametrize("title", [3, "3", "Game 3", "Rd.3 final"])
def test_a_results_column_under_a_header_not_read_as_a_round_is_an_error(title: Any) -> None:
    # R1, R2, then the third round headed 3 (or Game 3): the column was kept as an unknown one and
    # the event rated on two rounds, the third round's games lost without a word.
    rows = [["No", "Name", "Rating", "Club", "R1", "R2", title],
            [1, "A", 1800, "D4 Club", "W2", "W3", "W4"], [2, "B", 1700, None, "L1", "W4", "W3"],
            [3, "C", 1600, None, "W4", "L1", "L2"], [4, "D", 1600, None, "L3", "L2", None]]
    with pytest.raises(CrosstableError) as error:
        rate_sheets({"Event": [["System", "FIDE"], ["End date", date(2025, 5, 1)]], "Crosstable": rows})
    (problem,) = error.value.problems
    assert str(problem).startswith(f"Crosstable!G1: {title!r} is not read as a round, but the column holds "
                                   "results ('W4' in Crosstable!G2)")


def test_a_column_of_other_values_stays_an_unknown_column() -> None:
    # A column read by no one is kept and ignored unless every filled cell is a result code.
    rows = [["No", "Name", "Rating", "Board", "R1"], [1, "A", 1800, "D4", "W2"],
            [2, "B", 1700, "Table 2", "L1"]]
    book = rate_sheets({"Event": [["System", "FIDE"], ["End date", date(2025, 5, 1)]], "Crosstable": rows})
    assert book.events[0].outcomes[0].player(1).rated_games == 1


def test_a_fide_event_with_its_ratings_under_fide_rating_is_an_error() -> None:
    # 'FIDE rating' is the FIDE column, which US Chess reads to start an unrated player's rating and
    # FIDE does not read at all: every player was rated as unrated (no rating, no change), silently.
    rows = [["No", "Name", "FIDE rating", "R1", "R2"], [1, "A", 1800, "W2", "W3"], [2, "B", 1700, "L1", None],
            [3, "C", 1600, None, "L1"]]
    with pytest.raises(CrosstableError) as error:
        rate_sheets({"Event": [["System", "FIDE"], ["End date", date(2025, 5, 1)]], "Crosstable": rows})
    assert [str(p) for p in error.value.problems] == [
        "Crosstable!C1: 'FIDE rating' is not read under FIDE: the players' ratings are read from the Rating "
        "column, and this sheet has none; head this column Rating"]


@pytest.mark.parametrize("system", ["USCF", "FIDE"])
def test_a_sheet_without_a_rating_column_is_rated_with_a_warning(system: str) -> None:
    # 'Elo' (or 'Ratng') is no column xlrating knows: kept and ignored, so every player is unrated.
    rows = [["No", "Name", "Elo", "R1", "R2"], [1, "A", 1800, "W2", "W3"], [2, "B", 1700, "L1", None],
            [3, "C", 1600, None, "L1"]]
    book = rate_sheets({"Event": [["System", system], ["End date", date(2025, 5, 1)]], "Crosstable": rows})
    assert book.events[0].outcomes[0].player(1).pre_rating is None
    assert [str(w) for w in book.warnings] == [
        "Crosstable!1:1: no Rating column: all 3 players are rated as unrated; if their ratings are in "
        "another column, head it Rating"]


def test_the_fide_lists_headers_are_read() -> None:
    # Copied from FIDE's rating list: 'B-day' (birth year) was an unknown column, ignored: a junior
    # was rated with K 20 (not 40). 'Gms' is the games of the list's last rating period, not the
    # games behind the rating: A's 10 are not read (he is not a new player for them, FIDE 2024,
    # 8.3.3), and a warning at the header says so.
    rows = [["No", "Name", "Rtg", "Gms", "B-day", "R1"], [1, "A", 1800, 10, None, "W2"],
            [2, "B", 1700, None, date(2012, 3, 1), "L1"]]
    book = rate_sheets({"Event": [["System", "FIDE"], ["End date", date(2025, 5, 1)]], "Crosstable": rows})
    assert [p.k for p in book.events[0].outcomes[0].players] == [20, 40]  # FIDE 2024, 8.3.3
    assert [str(w) for w in book.warnings if "Gms" in str(w)] == [
        "Crosstable!D1: Gms (FIDE's list: the games of its last rating period, not the games behind each "
        "rating) is not read; a blank Games is read as an established player's: if the column holds the "
        "games behind each rating, head it Games"]
    rows[2][4] = 2012  # a year alone: refused, not read as a day of 1905
    with pytest.raises(CrosstableError, match=r"Crosstable!E3: Birth date: 2012 is a year, not a date"):
        rate_sheets({"Event": [["System", "FIDE"], ["End date", date(2025, 5, 1)]], "Crosstable": rows})


def test_a_swiss_typed_as_a_round_robin_is_an_error_at_the_event_type() -> None:
    # The FIDE template's Event type is Round robin. A six-player, three-round Swiss left so was
    # rated by the FIDE Handbook's round-robin procedure (10.21b: each new player's Rc the
    # tournament average Ra), silently: U1 1880 instead of the Swiss's 1863.
    rows = [["No", "Name", "Rating", "R1", "R2", "R3"],
            [1, "A", 2000, "D4", "W2", "D3"], [2, "B", 1900, "W5", "L1", "D6"],
            [3, "C", 1800, "W6", "D5", "D1"], [4, "U1", None, "D1", "W6", "W5"],
            [5, "U2", None, "L2", "D3", "L4"], [6, "D", 1700, "L3", "L4", "D2"]]
    event = [["System", "FIDE"], ["Rules", "FIDE handbook"], ["Event type", "Round robin"],
             ["End date", date(2005, 5, 1)]]
    with pytest.raises(CrosstableError) as error:
        rate_sheets({"Event": event, "Crosstable": rows})
    assert [str(p) for p in error.value.problems] == [
        "Event!B3: Event type Round robin, but sheet Crosstable has 3 round columns for 6 players, and a "
        "round robin has at least 5 (each player meets every other): set Event type to Swiss"]
    event[2][1] = "Swiss"
    swiss = rate_sheets({"Event": event, "Crosstable": rows}).events[0].outcomes[0]
    assert swiss.player(4).post_rating == 1863


def test_an_icu_member_who_joined_before_he_was_born_is_an_error() -> None:
    # Joined 1920 typed for 2020: a member of 105 years gets the ICU's K 24, not the K 32 of a
    # member under 8 years (ICU rating program, K factors), without a word.
    rows = [["No", "Name", "Rating", "Birth date", "Joined", "R1"],
            [1, "A", 1800, date(2000, 1, 1), date(1920, 1, 1), "W2"],
            [2, "B", 1700, date(1970, 1, 1), date(1990, 1, 1), "L1"]]
    with pytest.raises(CrosstableError) as error:
        rate_sheets({"Event": [["System", "ICU"], ["End date", date(2025, 5, 1)]], "Crosstable": rows})
    assert [str(p) for p in error.value.problems] == [
        "Crosstable!E2: Joined 1920-01-01 is before Birth date 2000-01-01: one of them is mistyped"]


@pytest.mark.parametrize("header, expected", [
    # R3 typed as R4: one gap, not "'R1' is not read as a round" over every round column
    (["No", "Name", "Rating", "Games", "R1", "R2", "R4", "Total"],
     ["Crosstable!1:1: no column for round 3 (the round columns go up to round 4)"]),
    # R3 typed as R2: the second R2 column, not its results again nor a Total per player
    (["No", "Name", "Rating", "Games", "R1", "R2", "R2", "Total"],
     ["Crosstable!G1: a second column for round 2 (the first is Crosstable!F1)"]),
    # R1 typed as R0 and R3 as R1: only R0's own problem
    (["No", "Name", "Rating", "Games", "R0", "R2", "R1", "Total"],
     ["Crosstable!E1: rounds are numbered from 1 (R1, R2, ...), not 0"]),
])
def test_a_misnumbered_round_header_is_one_problem(header: list[Any], expected: list[str]) -> None:
    # Was every other round column reported as "'R1' is not read as a round, but the column
    # holds results" (a gap), or the column again and one "Total disagrees" per player whose
    # results it held (a second column for a round, a round 0).
    assert problems(grid(header)) == expected


def test_an_id_that_is_an_excel_error_is_refused_at_its_cell() -> None:
    # A failed lookup (#N/A) in the ID column was taken as the player's ID: into the report,
    # the TRF and the "ID #N/A is given but Rating is blank" warning.
    rows = [[*row[:2], "#N/A" if row[0] == 3 else f"1000{row[0]}", *row[2:]] for row in ROWS]
    assert problems(grid([*HEADER[:2], "ID", *HEADER[2:]], rows)) == [
        "Crosstable!C4: the ID is the Excel error #N/A: the formula that gives the ID has failed"]
