"""Every default a rating run takes from a blank cell or setting, where it changes a number, is
said once for the sheet (at the column's header or the setting's cell), naming how many rows took
it and the first few: a blank Games beside a rating, a FIDE player's blank Birth date, an ICU
event's blank Start date."""

from __future__ import annotations

import datetime as dt
from typing import Any

from xlrating.crosstable import rate_sheets
from xlrating.season.rate import rate_season_sheets

END = dt.date(2025, 5, 1)


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
    assert warnings("USCF", rows) == [
        "Crosstable!D1: Games is blank for 3 players (rows 2, 3, 4): read as an established player's: N "
        "unknown, so the effective games N' and K come from the rating alone (US Chess 2020, 3); where a "
        "player's games are known, type them"]
    # A sheet that gives some player's Games marks the others established by leaving theirs blank,
    # as the crosstable guide says: nothing is said (nor for a 1500P12 rating).
    rows[3][3] = 12
    assert warnings("USCF", rows) == []
    rows[3][2:4] = ["1500P12", None]
    assert warnings("USCF", rows) == []


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
    assert rate_season_sheets(sheets).notes == (
        "Players!D1: Games is blank for 2 players (rows 2, 3): read as an established player's: N unknown, "
        "so the effective games N' and K come from the rating alone (US Chess 2020, 3); where a player's "
        "games are known, type them",)
    sheets["Players"][2][3] = 8  # the sheet gives games: its blanks are established players
    assert rate_season_sheets(sheets).notes == ()


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
    assert warnings("USCF", rows, *event) == [
        "Crosstable!F1: Quick games is blank for 2 players (rows 2, 3): read as an established player's: N "
        "unknown, so the effective games N' and K come from the rating alone (US Chess 2020, 3); where a "
        "player's games are known, type them"]
    rows[2][5] = 9
    assert warnings("USCF", rows, *event) == []


def test_a_seasons_new_players_blank_games_is_said_at_their_event_sheet() -> None:
    # Cy is not on Players: his row in June gives his rating, read as an established player's.
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games"], [10, "Ann", 1500, 30], [11, "Bob", 1500, None]],
        "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)]],
        "June": [["No", "ID", "Name", "Rating", "R1", "R2"], [1, 10, "Ann", None, "W2", "D3"],
                 [2, 11, "Bob", None, "L1", None], [3, 12, "Cy", 1450, None, "D1"]],
    }
    assert rate_season_sheets(sheets).notes == (
        "June!1:1: no Games column: for 1 player (row 4), read as an established player's: N unknown, so "
        "the effective games N' and K come from the rating alone (US Chess 2020, 3); where a player's games "
        "are known, type them",)


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
