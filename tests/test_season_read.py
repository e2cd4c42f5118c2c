"""Reading a season workbook's Events and Pending sheets: every problem at its cell, in one pass.

The messages are today's, pinned so that reshaping the readers changes none of them.
"""

from __future__ import annotations

import datetime as dt

import pytest
from test_season import Sheets, icu_club, uscf_pair
from test_season_pending import january_2024

from xlrating.errors import CrosstableError
from xlrating.season import rate_season_sheets


def problems(sheets: Sheets) -> list[str]:
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    return [str(problem) for problem in error.value.problems]


def test_an_events_sheet_without_a_sheet_column_is_one_problem() -> None:
    sheets = icu_club()
    sheets["Events"][0][0] = "Tab"
    assert problems(sheets) == ["Events: no header row: no cell in this sheet says 'Sheet'"]


def test_an_events_sheet_listing_nothing_is_one_problem() -> None:
    sheets = icu_club()
    del sheets["Events"][1:]
    assert problems(sheets) == ["Events: the Events sheet lists no event"]


def test_every_bad_events_row_is_a_problem_at_its_sheet_cell() -> None:
    sheets = icu_club()
    sheets["History"] = []
    sheets["Events"] += [
        [None, "no sheet named", None, dt.date(2024, 12, 8)],
        ["players", "a season's own sheet", None, dt.date(2024, 12, 8)],
        ["history", "an output sheet", None, dt.date(2024, 12, 8)],
        ["WINTER", "listed twice", None, dt.date(2024, 12, 8)],
    ]
    assert problems(sheets) == [
        "Events!A4: this event names no sheet",
        "Events!A5: the workbook has no event sheet 'players'",
        "Events!A6: an event cannot be on sheet 'History': 'History' is where the season writes its "
        "History. Give the event's sheet another name (on its tab and here)",
        "Events!A7: sheet 'Winter' is listed twice (also in row 2)",
    ]


def test_an_event_sheet_without_an_id_column_is_a_problem_at_its_header() -> None:
    sheets = icu_club()
    sheets["Autumn"] = [[row[0], *row[2:]] for row in sheets["Autumn"]]
    assert problems(sheets) == [
        "Autumn!A1: a season event needs an ID column: its players are found on the list by ID"]


def test_a_pending_sheet_without_a_header_is_one_problem() -> None:
    sheets = january_2024()
    sheets["Pending"] = [["U", "Una", "Dec", dt.date(2023, 12, 9), "yes", 2000, 1]]
    assert problems(sheets) == ["Pending: no header row: no cell in this sheet says 'ID'"]


def test_a_blank_pending_sheet_is_no_problem() -> None:
    sheets = january_2024()
    sheets["Pending"] = [[None, None], ["ID", "Name"]]
    rate_season_sheets(sheets)


def test_an_event_sheet_without_a_header_is_its_crosstable_s_problem_alone() -> None:
    sheets = icu_club()
    sheets["Autumn"] = [[None], ["just a note"]]
    assert problems(sheets) == ["Autumn: no header row: no cell in this sheet says 'Name'"]


def test_a_players_icu_rating_with_a_fraction_is_refused_at_its_cell_as_on_a_crosstable() -> None:
    # 1.850 typed for 1850: rated as 1.85
    icu = icu_club()
    icu["Players"][1][2] = 1.85
    assert problems(icu) == ["Players!C2: Rating: 1.85 is not a whole number; ICU ratings are whole "
                             "numbers (for 1850 type 1850, not 1.850)"]


@pytest.mark.parametrize(("rating", "message"), [
    # rated as typed: a post-event rating with a fraction
    (1850.5, "Rating: 1850.5 is not a whole number; FIDE ratings are whole numbers (for 1850 type 1850, "
             "not 1.850)"),
    # it was one problem at the Events row of the first event the player played in
    (900, "Rating 900 is under 1000, the lowest rating a FIDE list has published; leave Rating blank for "
          "a new player (unrated)"),
])
def test_a_players_fide_rating_is_checked_at_its_cell_as_on_a_crosstable(rating: float, message: str) -> None:
    sheets = january_2024()
    sheets["Players"][2][2] = rating
    assert problems(sheets) == [f"Players!C3: {message}"]


def test_a_us_chess_player_s_fide_rating_under_1000_is_refused_at_its_cell_as_on_a_crosstable() -> None:
    # US Chess 2020, 2.7 converts it to an initial rating: FIDE 600 gave -133 by the 2024
    # conversion; a list entry's check refused it at the ID cell, in the Python API's words.
    sheets = uscf_pair()
    sheets["Players"][0].append("FIDE rating")
    sheets["Players"][1][2:] = [None, None, 600]
    sheets["Players"][2].append(1000)
    assert problems(sheets) == ["Players!E2: FIDE rating 600 is under 1000, the lowest rating a FIDE list "
                                "has published; leave it blank if the player has none"]


def test_a_players_games_without_a_rating_are_refused_at_their_cell_as_on_a_crosstable() -> None:
    # US Chess: the games were dropped without a word (the player rated as unrated, his new
    # entry 1 game); ICU: the engine's refusal at the event's cell, in the Python API's words.
    sheets = uscf_pair()
    sheets["Players"][0] += ["Quick", "Quick games"]
    sheets["Players"][1][2:] = [None, 30, None, 4]
    sheets["Players"][2][2:] = ["1500P12", 11]
    assert problems(sheets) == ["Players!D2: Games 30 is given, but Rating is blank (unrated)",
                                "Players!F2: Quick games 4 is given, but Quick is blank (unrated)",
                                "Players!D3: Games 11 disagrees with Rating '1500P12' (P12 = 12 games)"]
    icu = icu_club()
    icu["Players"][1][2:4] = [None, 30]
    assert problems(icu) == ["Players!D2: Games 30 is given, but Rating is blank (unrated)"]


def test_a_players_joined_before_the_birth_date_is_refused_at_joined_as_on_a_crosstable() -> None:
    # 1990 typed for 2010: a member of over 8 years has K 24, a newer one 32
    sheets = icu_club()
    sheets["Players"][0][3:] = ["Games", "Birth date", "Joined"]
    sheets["Players"][1][3:] = [None, dt.date(2000, 1, 1), dt.date(1990, 1, 1)]
    assert problems(sheets) == ["Players!F2: Joined 1990-01-01 is before Birth date 2000-01-01: one of "
                                "them is mistyped"]


def test_an_events_end_date_after_today_is_rated_with_a_warning_at_its_cell_as_on_an_event_sheet() -> None:
    # 2030 typed for 2024 takes every age, K and rule in force in 2030
    sheets = january_2024()
    sheets["Events"][1][1] = dt.date(2030, 1, 20)
    notes = rate_season_sheets(sheets, today=dt.date(2026, 11, 27)).notes
    assert ("Events!B2: End date 2030-01-20 is after today (2026-11-27): ages, K factors and the rules in "
            "force are taken on that day; if the year is a slip, correct it and rate again") in notes
    assert not any("after today" in note for note in rate_season_sheets(january_2024()).notes)


def test_a_players_gms_header_is_not_games_and_the_season_says_so_as_a_crosstable_does() -> None:
    # FIDE's list header: the games of the list's last period, not the games behind the rating
    sheets = january_2024()
    sheets["Players"][0].append("Gms")
    sheets["Players"][1].append(10)
    assert rate_season_sheets(sheets).notes[0] == (
        "Players!E1: Gms (FIDE's list: the games of its last rating period, not the games behind each "
        "rating) is not read; a blank Games is read as an established player's: if the column holds the "
        "games behind each rating, head it Games")
    sheets["Players"][0][3:] = ["Games", "Gms"]
    assert not any("Gms" in note for note in rate_season_sheets(sheets).notes)


@pytest.mark.parametrize(("rating", "message"), [
    (900, "900 is under 1000, the lowest rating a FIDE list has published; leave it blank for an unrated "
          "opponent"),
    (1850.5, "1850.5 is not a whole number; FIDE ratings are whole numbers (for 1850 type 1850, not 1.850)"),
])
def test_a_pending_opponent_rating_is_checked_as_a_players_own(rating: float, message: str) -> None:
    # both were pooled into the unrated player's first rating as typed
    sheets = january_2024()
    sheets["Pending"] = [["ID", "Name", "Event", "End date", "First event", "Opponent rating", "Result"],
                         ["U", "Una", "Dec", dt.date(2023, 12, 20), "yes", rating, 1]]
    assert problems(sheets) == [f"Pending!F2: Opponent rating: {message}"]
