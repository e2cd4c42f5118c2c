"""Every default a rating run takes from a blank cell or setting, where it changes a number, is
said once for the sheet (at the column's header or the setting's cell), naming how many rows took
it and the first few: a blank Games beside a rating, a FIDE player's blank Birth date, an ICU
event's blank Start date."""

from __future__ import annotations

import datetime as dt
from typing import Any

from test_two_player_events import two_players_said

from xlrating.crosstable import rate_sheets
from xlrating.season.rate import rate_season_sheets

END = dt.date(2025, 5, 1)


def peak(sheet: str, rows: str) -> str:
    """The warning of a sheet with no Peak column (US Chess 2020, 5) whose players in ``rows`` fell
    below a peak floor level: one default these ordinary events take beside the one tested."""
    return (f"{sheet}!1:1: no Peak column: for {rows}, read as the pre-event rating: the peak floor (the "
            "highest established rating less 200, to the floor level at or below; US Chess 2020, 5) comes "
            "from it; where a player's peak is higher, type it (or his floor, in Floor)")


def warnings(system: str, rows: list[list[Any]], *event: list[Any]) -> list[str]:
    book = rate_sheets({"Event": [["System", system], ["End date", END], *event], "Crosstable": rows})
    return [str(w) for w in book.warnings]


def test_a_blank_games_beside_a_rating_is_said_once_for_the_sheet() -> None:
    # US Chess: N unknown, so N' comes from the rating alone (US Chess 2020, 3): a player with 4
    # games whose Games was left out is rated as an established player. A sheet that gives no
    # player's Games says so once, at the column's header; an unrated player is not named.
    rows = [["No", "Name", "Rating", "Games", "R1", "R2"], [1, "A", 1800, None, "W2", "D3"],
            [2, "B", 1700, None, "L1", None], [3, "C", 1500, None, None, "D1"],
            [4, "D", None, None, None, None]]
    # (B, 1700, falls below 1700 with no Peak column: said too.)
    assert warnings("USCF", rows) == [
        "Crosstable!D1: Games is blank for 3 players (rows 2, 3, 4): read as an established player's: N "
        "unknown, so the effective games N' and K come from the rating alone (US Chess 2020, 3); where a "
        "player's games are known, type them", peak("Crosstable", "1 player (row 3)")]
    # A sheet that gives some player's Games marks the others established by leaving theirs blank,
    # as the crosstable guide says: nothing is said (nor for a 1500P12 rating).
    rows[3][3] = 12
    assert warnings("USCF", rows) == [peak("Crosstable", "1 player (row 3)")]
    rows[3][2:4] = ["1500P12", None]
    assert warnings("USCF", rows) == [peak("Crosstable", "1 player (row 3)")]


def test_many_rows_are_counted_past_the_first_five_and_no_games_column_is_said() -> None:
    rows = [["No", "Name", "Rating", "R1"]]
    rows += [[n, f"P{n}", 1500 + n, f"W{n + 1}" if n % 2 else f"L{n - 1}"] for n in range(1, 9)]
    assert warnings("FIDE", rows) == [
        "Crosstable!1:1: no Games column: for 8 players (rows 2, 3, 4, 5, 6 and 3 more), read as a player's "
        "with 30 games or more: no K 40 of a new player (FIDE 2024, 8.3.3); where a player's games are "
        "known, type them",
        "Crosstable!1:1: no Birth date column: for 8 players (rows 2, 3, 4, 5, 6 and 3 more), read as 18 or "
        "older: no K 40 of a junior (FIDE 2024, 8.3.3); give each junior his Birth date"]


def test_a_typed_k_or_no_rated_game_takes_no_default() -> None:
    rows = [["No", "Name", "Rating", "Games", "K", "Birth date", "R1"], [1, "A", 1800, None, 20, None, "W2"],
            [2, "B", 1700, 40, None, dt.date(1990, 1, 1), "L1"], [3, "C", 1600, None, None, None, "B"]]
    assert warnings("FIDE", rows) == []


def test_fide_a_blank_birth_date_is_said_where_a_junior_would_have_k_40() -> None:
    # FIDE 2024, 8.3.3: K 40 for a player under 18 rated under 2300. A junior without his Birth
    # date is rated with K 20; one rated 2300 or more, or with K 40 as a new player, is not named.
    rows = [["No", "Name", "Rating", "Games", "Birth date", "R1", "R2"],
            [1, "A", 1800, 50, None, "W2", "D3"], [2, "B", 1700, 50, None, "L1", "W4"],
            [3, "C", 2350, 50, None, "L4", "D1"], [4, "D", 1600, 12, None, "W3", "L2"]]
    book = rate_sheets({"Event": [["System", "FIDE"], ["End date", END]], "Crosstable": rows})
    assert [p.k for p in book.events[0].outcomes[0].players] == [20, 20, 20, 40]
    assert [str(w) for w in book.warnings] == [
        "Crosstable!E1: Birth date is blank for 2 players (rows 2, 3): read as 18 or older: no K 40 of a "
        "junior (FIDE 2024, 8.3.3); give each junior his Birth date"]
    # A sheet that gives a junior's Birth date leaves the adults' blank on purpose: nothing is said.
    rows[2][4] = dt.date(2012, 3, 1)
    assert warnings("FIDE", rows) == []
    rows[2][4] = None
    # The FIDE Handbook has no junior K: nothing is taken.
    assert warnings("FIDE", rows, ["Rules", "FIDE handbook"]) == []


def test_icu_a_blank_start_date_is_said_where_k_comes_from_dates() -> None:
    # The ICU takes K on the Start date; blank, on the End date, said at the Start date's cell.
    rows = [["No", "Name", "Rating", "Birth date", "Joined", "K", "R1"],
            [1, "A", 1800, dt.date(1990, 1, 1), dt.date(2010, 1, 1), None, "W2"],
            [2, "B", 1700, None, None, 24, "L1"]]
    assert warnings("ICU", rows, ["Start date", None]) == [
        "Crosstable!1:1: no Games column: for 1 player (row 2), read as a rated player's, not a provisional "
        "one's (Games 1-19); where a player's games are known, type them",
        "Event!B3: Start date is blank: K is taken on the End date, 2025-05-01 (ages and years of membership "
        "on that day), for 1 player (Crosstable row 2); enter the event's first day if it began earlier"]
    assert warnings("ICU", rows, ["Start date", dt.date(2025, 4, 30)]) == [
        "Crosstable!1:1: no Games column: for 1 player (row 2), read as a rated player's, not a provisional "
        "one's (Games 1-19); where a player's games are known, type them"]


def test_a_season_says_the_players_sheets_blank_games_once() -> None:
    # Ann and Bob play with no Games: each is an established player (US Chess 2020, 3), said once;
    # Cy plays no game and is not named.
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games"], [10, "Ann", 1500, None], [11, "Bob", 1500, None],
                    [12, "Cy", 1400, None]],
        "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)]],
        "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "W2"], [2, 11, "Bob", "L1"]],
    }
    # (Bob, 1500, falls below 1500 with no Peak column: said too.)
    assert rate_season_sheets(sheets).notes == (
        two_players_said("June", "Events"),
        "Players!D1: Games is blank for 2 players (rows 2, 3): read as an established player's: N unknown, "
        "so the effective games N' and K come from the rating alone (US Chess 2020, 3); where a player's "
        "games are known, type them", peak("Players", "1 player (row 3)"))
    sheets["Players"][2][3] = 8  # the sheet gives games: its blanks are established players
    assert rate_season_sheets(sheets).notes == (two_players_said("June", "Events"),)


def test_fide_handbook_a_swiss_whose_players_all_met_is_said_at_the_event_type() -> None:
    # The FIDE Handbook rates a round robin with unrated players by its own procedure (10.21b:
    # Rc the tournament average Ra; 10.54): a round robin left with the default Event type (Swiss)
    # is rated as a Swiss. Said at the Event type's cell (the sheet when it has no such row).
    rows = [["No", "Name", "Rating", "Games", "Birth date", "R1", "R2", "R3"],
            [1, "A", 2000, 40, dt.date(1980, 1, 1), "W4", "D2", "W3"],
            [2, "B", 1900, 40, None, "W3", "D1", "L4"],
            [3, "C", 1800, 40, None, "L2", "W4", "L1"], [4, "U", None, None, None, "L1", "L3", "W2"]]
    handbook = ["Rules", "FIDE handbook"], ["End date", dt.date(2005, 5, 1)]
    book = rate_sheets({"Event": [["System", "FIDE"], *handbook], "Crosstable": rows})
    assert [str(w) for w in book.warnings] == [
        "Event: Event type is Swiss (or blank), but every player met every other, as in a round robin, which "
        "the FIDE Handbook rates by its own procedure (10.21b, 10.54) when it has unrated players: here 1 "
        "player (Crosstable row 5); if it was a round robin, set Event type Round robin"]
    typed = [["System", "FIDE"], *handbook, ["Event type", "Round robin"]]
    assert rate_sheets({"Event": typed, "Crosstable": rows}).warnings == ()
    assert warnings("FIDE", rows) == []  # FIDE 2024 has no round-robin procedure
    rows[4][2] = 1700  # no unrated player: the procedure is not used
    assert rate_sheets({"Event": [["System", "FIDE"], *handbook], "Crosstable": rows}).warnings == ()


def test_a_dual_rated_events_blank_quick_games_is_said_as_games_is() -> None:
    rows = [["No", "Name", "Rating", "Games", "Quick", "Quick games", "R1", "R2"],
            [1, "A", 1800, 40, 1750, None, "W2", "D3"], [2, "B", 1700, 40, 1650, None, "L1", None],
            [3, "C", 1500, 12, None, None, None, "D1"]]
    event = [["Dual rated", "yes"]]
    # (B, 1700, falls below 1700 with no Peak column: said too.)
    assert warnings("USCF", rows, *event) == [
        peak("Crosstable", "1 player (row 3)"),
        "Crosstable!F1: Quick games is blank for 2 players (rows 2, 3): read as an established player's: N "
        "unknown, so the effective games N' and K come from the rating alone (US Chess 2020, 3); where a "
        "player's games are known, type them"]
    rows[2][5] = 9
    assert warnings("USCF", rows, *event) == [peak("Crosstable", "1 player (row 3)")]


def test_a_seasons_new_players_blank_games_is_said_at_their_event_sheet() -> None:
    # Cy is not on Players: his row in June gives his rating, read as an established player's.
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games"], [10, "Ann", 1500, 30], [11, "Bob", 1500, None]],
        "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)]],
        "June": [["No", "ID", "Name", "Rating", "R1", "R2"], [1, 10, "Ann", None, "W2", "D3"],
                 [2, 11, "Bob", None, "L1", None], [3, 12, "Cy", 1450, None, "D1"]],
    }
    # (Bob, 1500, falls below 1500 with no Peak column on Players: said too.)
    assert rate_season_sheets(sheets).notes == (
        "June!1:1: no Games column: for 1 player (row 4), read as an established player's: N unknown, so "
        "the effective games N' and K come from the rating alone (US Chess 2020, 3); where a player's games "
        "are known, type them", peak("Players", "1 player (row 3)"))


def test_icu_a_blank_start_date_is_said_once_for_every_section_it_applies_to() -> None:
    # The Start date is one cell of the Event sheet: sections rated without it are named in one
    # warning there, each with its rows; a section whose players' K needed no date is not named.
    joined = dt.date(2010, 1, 1)
    def section(first: str, second: str) -> list[list[Any]]:
        return [["No", "Name", "Rating", "Birth date", "Joined", "Games", "R1"],
                [1, first, 1800, dt.date(1990, 1, 1), joined, 30, "W2"],
                [2, second, 1700, dt.date(1991, 1, 1), joined, 30, "L1"]]
    typed = [["No", "Name", "Rating", "K", "Games", "R1"], [1, "C", 1800, 24, 30, "W2"],
             [2, "D", 1700, 24, 30, "L1"]]
    event = [["System", "ICU"], ["End date", END], ["Start date", None]]
    sheets = {"Event": event, "Open": section("A", "B"), "Major": typed, "Minor": section("E", "F")}
    book = rate_sheets(sheets)
    assert [str(w) for w in book.warnings] == [
        "Event!B3: Start date is blank: K is taken on the End date, 2025-05-01 (ages and years of membership "
        "on that day), for 4 players (Open rows 2, 3; Minor rows 2, 3); enter the event's first day if it "
        "began earlier"]


def test_a_season_says_the_players_sheets_blank_birth_date_once() -> None:
    # FIDE 2024, 8.3.3: Ann (1800, 50 games) without a Birth date is rated with K 20, not a
    # junior's 40: said once at the Players sheet's header, though she plays two events.
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "FIDE"], ["Rules", "FIDE 2024"], ["List date", dt.date(2025, 4, 1)]],
        "Players": [["ID", "Name", "Rating", "Games", "Birth date"], ["A", "Ann", 1800, 50, None],
                    ["B", "Bob", 2350, 50, None]],
        "Events": [["Sheet", "End date"], ["May", dt.date(2025, 5, 1)], ["June", dt.date(2025, 6, 1)]],
        "May": [["No", "ID", "Name", "R1"], [1, "A", "Ann", "W2"], [2, "B", "Bob", "L1"]],
        "June": [["No", "ID", "Name", "R1"], [1, "A", "Ann", "D2"], [2, "B", "Bob", "D1"]],
    }
    assert rate_season_sheets(sheets).notes == (
        "Players!E1: Birth date is blank for 1 player (row 2): read as 18 or older: no K 40 of a junior "
        "(FIDE 2024, 8.3.3); give each junior his Birth date",)
    sheets["Players"][2][4] = dt.date(1990, 1, 1)  # the sheet gives a Birth date: its blanks are adults
    assert rate_season_sheets(sheets).notes == ()


def test_a_season_says_an_events_blank_start_date_at_its_events_cell() -> None:
    # ICU: K is taken on the Start date; with none, on the End date. The Events sheet gives a Start
    # date column: June's is blank, said at its cell naming June's rows; May's is given.
    joined = dt.date(2010, 1, 1)
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "ICU"], ["List date", dt.date(2025, 4, 1)]],
        "Players": [["ID", "Name", "Rating", "Games", "Birth date", "Joined"],
                    [10, "Ann", 1800, 50, dt.date(1990, 1, 1), joined],
                    [11, "Bob", 1700, 50, dt.date(1991, 1, 1), joined]],
        "Events": [["Sheet", "Start date", "End date"], ["May", dt.date(2025, 4, 28), dt.date(2025, 5, 1)],
                   ["June", None, dt.date(2025, 6, 1)]],
        "May": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "W2"], [2, 11, "Bob", "L1"]],
        "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "D2"], [2, 11, "Bob", "D1"]],
    }
    assert rate_season_sheets(sheets).notes == (
        "Events!B3: Start date is blank: K is taken on the End date, 2025-06-01 (ages and years of "
        "membership on that day), for 2 players (June rows 2, 3); enter the event's first day if it began "
        "earlier",)
    sheets["Events"][2][1] = dt.date(2025, 5, 30)
    assert rate_season_sheets(sheets).notes == ()


def test_a_season_says_a_handbook_swiss_whose_players_all_met_at_its_event_type() -> None:
    # FIDE Handbook 10.21b, 10.54: a round robin with an unrated player (Una, new) has its own
    # procedure; May is left a Swiss (blank Event type): said at its cell on Events.
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "FIDE"], ["Rules", "FIDE handbook"], ["List date", dt.date(2005, 4, 1)]],
        "Players": [["ID", "Name", "Rating", "Games"], ["A", "Ann", 2000, 40], ["B", "Bob", 1900, 40],
                    ["C", "Cy", 1800, 40]],
        "Events": [["Sheet", "End date", "Event type"], ["May", dt.date(2005, 5, 1), None]],
        "May": [["No", "ID", "Name", "R1", "R2", "R3"], [1, "A", "Ann", "W4", "D2", "W3"],
                [2, "B", "Bob", "W3", "D1", "L4"], [3, "C", "Cy", "L2", "W4", "L1"],
                [4, "U", "Una", "L1", "L3", "W2"]],
    }
    assert rate_season_sheets(sheets).notes[-1] == (
        "Events!C2: Event type is Swiss (or blank), but every player met every other, as in a round robin, "
        "which the FIDE Handbook rates by its own procedure (10.21b, 10.54) when it has unrated players: "
        "here 1 player (May row 5); if it was a round robin, set Event type Round robin")
    sheets["Events"][1][2] = "Round robin"
    assert not any("Event type" in note for note in rate_season_sheets(sheets).notes)


FLOOR_ROWS: list[list[Any]] = [
    ["No", "Name", "Rating", "Games", "R1", "R2", "R3", "R4"],
    [1, "A", 1500, None, "L2", "L3", "L4", "L5"], [2, "B", 1400, None, "W1", None, None, None],
    [3, "C", 1400, None, None, "W1", None, None], [4, "D", 1400, None, None, None, "W1"],
    [5, "E", 1400, None, None, None, None, "W1"], [6, "F", 140, 30, "L7", None, None, None],
    [7, "G", 900, 30, "W6", None, None, None]]


def test_uscf_blank_floor_columns_are_said_where_a_floor_could_hold_the_rating() -> None:
    # US Chess 2020, 5: an established player's peak floor is his highest established rating less
    # 200, to the level at or below; without a Peak, the pre-event rating is his peak (A: 1500, so
    # 1300, and he falls to 1407; a peak of 1900 would hold him at 1700). The personal absolute floor
    # min(100 + 4 NW + 2 ND + NR, 150) with no Wins, Draws or Events counts this event's alone (F,
    # 140 with 30 games, falls to 139; with 30 wins he would stay at 150). G rose: not named; B..E
    # rose too. A ends at 1407, above 150: the counts could not change him.
    rows = [list(row) for row in FLOOR_ROWS]
    assert warnings("USCF", rows) == [
        "Crosstable!1:1: no Peak column: for 1 player (row 2), read as the pre-event rating: the peak floor "
        "(the highest established rating less 200, to the floor level at or below; US Chess 2020, 5) comes "
        "from it; where a player's peak is higher, type it (or his floor, in Floor)",
        *(f"Crosstable!1:1: no {column} column: for 1 player (row 7), read as 0: the personal absolute floor "
          "(100 + 4 a win + 2 a draw + 1 an event, at most 150; US Chess 2020, 5) counts this event's alone; "
          f"where a player's lifetime {words} are known, type them"
          for column, words in (("Wins", "rated wins"), ("Draws", "rated draws"),
                                ("Events", "events of three or more rated games")))]
    # The columns given for some player: their blanks are said nothing about, as Games's are.
    rows = [[*row[:4], *(["Peak", "Wins", "Draws", "Events"] if row[0] == "No" else
                         [1900 if row[0] == 1 else None, 5 if row[0] == 6 else None, None, None]), *row[4:]]
            for row in FLOOR_ROWS]
    said = warnings("USCF", rows)
    assert [w for w in said if "Peak" in w or "Wins" in w] == []
    assert [w.split(":")[0] for w in said] == ["Crosstable!G1", "Crosstable!H1"]  # Draws, Events
    # A floor typed (as US Chess publishes it) covers both floors: nothing is said of that row.
    rows = [[*row, "Floor" if row[0] == "No" else 1400 if row[0] == 1 else 100 if row[0] == 6 else None]
            for row in FLOOR_ROWS]
    assert warnings("USCF", rows) == []
    # A match under 2011/2020 applies no floors: nothing to say.
    match = warnings("USCF", [row[:5] for row in FLOOR_ROWS[:3]], ["Event type", "Match"])
    assert not any("floor" in w for w in match)


def test_a_season_says_the_players_sheets_blank_peak_and_counts_once() -> None:
    # As on a crosstable (US Chess 2020, 5): Ann (1500, established) loses both events, so her peak
    # floor is read from her rating; Cy (120, 40 games) loses too, under the absolute floor's cap.
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games"], [10, "Ann", 1500, None], [11, "Bob", 1400, None],
                    [12, "Cy", 120, 40], [13, "Di", 700, 40]],
        "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)], ["July", dt.date(2024, 7, 6)]],
        "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "L2"], [2, 11, "Bob", "W1"], [3, 12, "Cy", "L4"],
                 [4, 13, "Di", "W3"]],
        "July": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "L2"], [2, 13, "Di", "W1"], [3, 12, "Cy", "L4"],
                 [4, 11, "Bob", "W3"]],
    }
    notes = [note for note in rate_season_sheets(sheets).notes if "Games" not in note.split(": ")[1]]
    assert [note.split(", read as")[0] for note in notes] == [
        "Players!1:1: no Peak column: for 1 player (row 2)",
        "Players!1:1: no Wins column: for 1 player (row 4)",
        "Players!1:1: no Draws column: for 1 player (row 4)",
        "Players!1:1: no Events column: for 1 player (row 4)"]
    # Cy's Wins given on the Players sheet (a typed 0 too: the column is filled): not said.
    sheets["Players"][0].append("Wins")
    for row in sheets["Players"][1:]:
        row.append(0 if row[0] == 12 else None)
    notes = [note for note in rate_season_sheets(sheets).notes if "Games" not in note.split(": ")[1]]
    assert [note.split(": ")[1] for note in notes] == ["no Peak column", "no Draws column",
                                                       "no Events column"]
    # Ann's floor given on the Players sheet (as US Chess publishes it) covers her peak floor.
    sheets["Players"][0].append("Floor")
    for row in sheets["Players"][1:]:
        row.append(1300 if row[0] == 10 else None)
    notes = [note for note in rate_season_sheets(sheets).notes if "Games" not in note.split(": ")[1]]
    assert [note.split(": ")[1] for note in notes] == ["no Draws column", "no Events column"]


def test_a_dual_rated_events_quick_floors_are_said_at_the_quick_column() -> None:
    # The Quick run reads no Peak, Wins, Draws or Events (the Regular rating's): B's Quick 1605
    # falls below 1600, the floor of his Quick rating as the peak (US Chess 2020, 5); a higher Quick
    # peak's floor could have held him. Said once at the Quick column; his Regular peak is given.
    rows = [["No", "Name", "Rating", "Games", "Quick", "Quick games", "Peak", "R1", "R2"],
            [1, "A", 1800, 40, 1750, 40, 1900, "W2", "D3"], [2, "B", 1700, 40, 1605, 40, 1750, "L1", None],
            [3, "C", 1500, 12, None, None, None, None, "D1"]]
    assert warnings("USCF", rows, ["Dual rated", "yes"]) == [
        "Crosstable!E1: the Quick ratings' floors read no Peak, Wins, Draws or Events (those are the Regular "
        "rating's): for 1 player (row 3), the Quick peak floor is the pre-event Quick rating's and the "
        "personal absolute floor counts this event's games alone (US Chess 2020, 5); check their Quick "
        "floors"]
    rows[2][4] = 1650  # stays above 1600: no floor could have held him
    assert warnings("USCF", rows, ["Dual rated", "yes"]) == []


def test_a_seasons_dual_rated_event_says_its_quick_floors_at_its_sheet() -> None:
    # As on a crosstable: Bob's Quick 1605, from the Players sheet, falls below 1600 in June's Quick
    # run, which reads no peak; said once at June's header row (it has no Quick column).
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games", "Peak", "Quick", "Quick games"],
                    [10, "Ann", 1800, 40, 1900, 1750, 40], [11, "Bob", 1700, 40, 1750, 1605, 40]],
        "Events": [["Sheet", "End date", "Dual rated"], ["June", dt.date(2024, 6, 1), "yes"]],
        "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "W2"], [2, 11, "Bob", "L1"]],
    }
    assert rate_season_sheets(sheets).notes == (
        two_players_said("June", "Events"),
        "June!1:1: the Quick ratings' floors read no Peak, Wins, Draws or Events (those are the Regular "
        "rating's): for 1 player (row 3), the Quick peak floor is the pre-event Quick rating's and the "
        "personal absolute floor counts this event's games alone (US Chess 2020, 5); check their Quick "
        "floors",)
