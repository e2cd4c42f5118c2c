"""A season rated from Python says the defaults it took (:attr:`SeasonResult.warnings`), naming
the list entries and each event's new players by ID, as a season workbook names their cells:
the same defaults, found by the same per-system code."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from xlrating.lists import Entry, Event, RatingList, rate_season
from xlrating.season.rate import rate_season_sheets

END = dt.date(2024, 10, 5)
BORN, JOINED = dt.date(1980, 1, 1), dt.date(2000, 1, 1)
#: Every US Chess field a floor reads, given: no floor default is taken.
FLOORED = {"peak": 2000.0, "wins": 50, "draws": 10, "events": 12}
#: The US Chess counts a personal absolute floor reads, given: only a peak can be taken.
COUNTED = {"wins": 50, "draws": 10, "events": 12}


def dated(system: str, entries: dict[int, Entry]) -> RatingList:
    """A list dated before the events (a list without a date is said too: see below)."""
    return RatingList(system, entries, date=dt.date(2024, 9, 1))


def event(start: dt.date | None = END, **players: dict[str, object]) -> Event:
    return Event("autumn", END, [(1, 1, 2, 1.0), (1, 3, 4, 0.5), (2, 1, 3, 0.0), (2, 2, 4, 1.0)],
                 players={int(key[1:]): data for key, data in players.items()}, start_date=start)


@pytest.mark.parametrize(("system", "given", "reading"), [
    ("USCF", FLOORED, "an established player's: N unknown, so the effective games N' and K come from the "
                      "rating alone (US Chess 2020, 3)"),
    ("FIDE", {"birth_date": BORN}, "a player's with 30 games or more: no K 40 of a new player (FIDE 2024, "
                                   "8.3.3)"),
])
def test_a_blank_games_count_beside_a_rating_is_said_with_the_ids(system: str, given: dict[str, object],
                                                                   reading: str) -> None:
    ratings = dated(system, {1: Entry(1, 1800, **given), 2: Entry(2, 1700, **given),
                                  5: Entry(5, 1600, 40, **given)})
    result = rate_season(ratings, [event(p3={"rating": 1500, **given}, p4=given)])
    said = f"read as {reading}; where a player's games are known, give them"
    # Entry 5 plays no game: nothing of his is taken, nor do his games count as given.
    assert result.warnings == (f"list entries of 2 players (IDs 1, 2): games is None beside a rating, {said}",
                               f"event autumn: new 1 player (ID 3) given a rating without games, {said}")
    # Games given for some player who played: the others' None is the usual (established), as on
    # a season workbook's sheet.
    ratings = dated(system, {**ratings.entries, 2: Entry(2, 1700, 40, **given)})
    typed = {**given, "rating": 1400, "games": 9}
    result = rate_season(ratings, [event(p3={"rating": 1500, **given}, p4=typed)])
    assert result.warnings == ()


def test_an_icu_rating_alone_is_a_foreign_players_and_a_k_takes_no_games() -> None:
    ratings = dated("ICU", {1: Entry(1, 1800), 2: Entry(2, 1700, k=24),
                                 3: Entry(3, 1600, birth_date=BORN, joined=JOINED)})
    result = rate_season(ratings, [event(p4={})])
    assert result.warnings == (
        "list entries of 1 player (ID 3): games is None beside a rating, read as a rated player's, not a "
        "provisional one's (Games 1-19); where a player's games are known, give them",)


def test_an_icu_event_without_a_start_date_takes_k_on_its_end_date() -> None:
    ratings = dated("ICU", {key: Entry(key, 1600 + key, 40, birth_date=BORN, joined=JOINED)
                                 for key in (1, 2, 3)})
    result = rate_season(ratings, [event(None, p4={})])
    assert result.warnings == (
        "event autumn: Start date is blank: K is taken on the End date, 2024-10-05 (ages and years of "
        "membership on that day), for 3 players (IDs 1, 2, 3); enter the event's first day if it began "
        "earlier",)
    assert rate_season(ratings, [event(p4={})]).warnings == ()


def test_each_event_without_a_start_date_names_its_own_players() -> None:
    # The same four players in two events: each event names them, in its own pairing order.
    ratings = dated("ICU", {key: Entry(key, 1600 + key, 40, birth_date=BORN, joined=JOINED)
                                 for key in (1, 2, 3, 4)})
    first = Event("first", END, [(1, 1, 2, 1.0), (1, 3, 4, 0.5)])
    second = Event("second", END + dt.timedelta(days=7), [(1, 1, 3, 0.0), (1, 2, 4, 1.0)])
    said = ("Start date is blank: K is taken on the End date, {} (ages and years of membership on that "
            "day), for 4 players (IDs {}); enter the event's first day if it began earlier")
    assert rate_season(ratings, [first, second]).warnings == (
        "event first: " + said.format("2024-10-05", "1, 2, 3, 4"),
        "event second: " + said.format("2024-10-12", "1, 3, 2, 4"))


def test_a_peak_is_said_in_the_event_where_the_rating_fell_below_its_floor_level() -> None:
    # US Chess 2020, 5: Ann (1650, established) loses 3 points in the first event, staying over
    # the 1600 level, and falls under it in the second: her blank peak is said then.
    ratings = RatingList("USCF", {1: Entry(1, 1650.0, **COUNTED), 2: Entry(2, 1600.0, 40, **COUNTED),
                                  3: Entry(3, 1000.0, 40, **COUNTED), 4: Entry(4, 1000.0, 40, **COUNTED)},
                         rules="USCF 2020", date=dt.date(2024, 9, 1))
    first = Event("first", END, [(1, 1, 2, 0.5)])
    second = Event("second", END + dt.timedelta(days=7), [(1, 1, 3, 0.0), (2, 1, 4, 0.0)])
    (said,) = rate_season(ratings, [first]).warnings  # (no peak: only that two players are no match)
    assert said.startswith("event first: two players, rated with event_type 'Swiss'")
    warnings = rate_season(ratings, [first, second]).warnings
    assert len(warnings) == 2 and warnings[1] == said
    assert warnings[0].startswith("list entries of 1 player (ID 1): peak not given, read as the pre-event "
                                  "rating")


def test_a_fide_player_without_a_birth_date_gets_no_junior_k() -> None:
    ratings = dated("FIDE", {1: Entry(1, 1800, 40), 2: Entry(2, 1700, 40), 3: Entry(3, 2450, 40)})
    result = rate_season(ratings, [event(p4={"rating": 1600, "games": 40})])
    junior = ("read as 18 or older: no K 40 of a junior (FIDE 2024, 8.3.3); give each junior his Birth date")
    # Player 3 is rated over the junior rule's limit: no birth date changes his K.
    assert result.warnings == (f"list entries of 2 players (IDs 1, 2): birth_date not given, {junior}",
                               f"event autumn: new 1 player (ID 4) without birth_date: {junior}")


def test_a_birth_date_some_entry_gives_is_taken_as_given_for_the_others() -> None:
    ratings = dated("FIDE", {1: Entry(1, 1800, 40, birth_date=BORN), 2: Entry(2, 1700, 40),
                                  3: Entry(3, 1600, 40)})
    assert rate_season(ratings, [event(p4={"rating": 1600, "games": 40, "birth_date": BORN})]).warnings == ()


def test_a_us_chess_floor_read_from_blank_counts_and_peak() -> None:
    counts = {"wins": 50, "draws": 10, "events": 12}
    ratings = dated("USCF", {1: Entry(1, 1410, 40), 2: Entry(2, 1390, 40, **counts),
                                  3: Entry(3, 1405, 40, **counts), 4: Entry(4, 1600, 40, **counts)})
    # 1 and 3 fall below the 1400 peak floor level; 2 was under it; 4 gains.
    games = [(r, a, b, 0.0) for r in range(1, 4) for a, b in ((1, 4), (3, 2))]
    result = rate_season(ratings, [Event("spring", END, games)])
    assert [w.split(": peak")[0] for w in result.warnings] == ["list entries of 2 players (IDs 1, 3)"]
    assert "the peak floor (the highest established rating less 200" in result.warnings[0]


def test_a_season_with_nothing_blank_says_nothing() -> None:
    ratings = dated("USCF", {1: Entry(1, 1800, 40, **FLOORED), 2: Entry(2, 1700, 12, **FLOORED)})
    data = {"rating": 1500, "games": 8, **FLOORED}
    result = rate_season(ratings, [event(p3=data, p4={**FLOORED})], explain=True)
    assert result.warnings == ()


def test_many_ids_are_counted() -> None:
    entries = {key: Entry(key, 1500 + key, **FLOORED) for key in range(1, 9)}
    games = [(1, a, a + 1, 1.0) for a in range(1, 9, 2)]
    result = rate_season(dated("USCF", entries), [Event("e", END, games)])
    assert result.warnings[0].startswith("list entries of 8 players (IDs 1, 2, 3, 4, 5 and 3 more): ")


# --- the same defaults as a season workbook's ------------------------------------------------------


def sheet_and_python(sheets: dict[str, list[list[Any]]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    rated = rate_season_sheets(sheets)
    return rated.notes, rated.result.warnings


def test_the_defaults_a_season_workbook_says_at_its_cells_are_said_by_id() -> None:
    # FIDE 2024, 8.3.3: Pia (1750) and Nell (new in August, 1600) without a birth date are rated
    # with K 20, not a junior's 40; Rex is rated over the junior rule's limit.
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "FIDE"], ["List date", dt.date(2025, 7, 1)]],
        "Players": [["ID", "Name", "Rating", "Games", "Birth date"], ["P1", "Pia", 1750, 35, None],
                    ["R2", "Rex", 2390, 80, None]],
        "Events": [["Sheet", "End date"], ["August", dt.date(2025, 8, 3)]],
        "August": [["No", "ID", "Name", "Rating", "Games", "R1", "R2", "R3"],
                   [1, "P1", "Pia", None, None, "W2", "D3", None],
                   [2, "R2", "Rex", None, None, "L1", None, "W3"],
                   [3, "N3", "Nell", 1600, 40, None, "D1", "L2"]],
    }
    notes, warnings = sheet_and_python(sheets)
    junior = "read as 18 or older: no K 40 of a junior (FIDE 2024, 8.3.3); give each junior his Birth date"
    assert notes == (f"Players!E1: Birth date is blank for 1 player (row 2): {junior}",
                     f"August!1:1: no Birth date column: for 1 player (row 4), {junior}")
    assert warnings == (f"list entries of 1 player (ID 'P1'): birth_date not given, {junior}",
                        f"event August: new 1 player (ID 'N3') without birth_date: {junior}")
    sheets["Players"][2][4] = dt.date(1990, 1, 1)  # given for Rex: the blanks are adults
    assert [len(said) for said in sheet_and_python(sheets)] == [1, 1]


def test_a_season_workbooks_blank_start_date_and_floors_are_said_by_id() -> None:
    # ICU: Cy's K is given (24), Di is new in July with his dates on the event sheet, and the
    # Events sheet has no Start date column: K on each end date for the others.
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "ICU"], ["List date", dt.date(2025, 6, 1)]],
        "Players": [["ID", "Name", "Rating", "Games", "K", "Birth date", "Joined"],
                    ["A1", "Ann", 1650, 44, None, dt.date(2001, 3, 1), dt.date(2012, 5, 1)],
                    ["C3", "Cy", 1500, 60, 24, None, None]],
        "Events": [["Sheet", "End date"], ["July", dt.date(2025, 7, 6)]],
        "July": [["No", "ID", "Name", "Rating", "Games", "Birth date", "Joined", "R1", "R2"],
                 [1, "A1", "Ann", None, None, None, None, "W2", "D3"],
                 [2, "C3", "Cy", None, None, None, None, "L1", None],
                 [3, "D4", "Di", 1580, 25, dt.date(1999, 9, 9), dt.date(2011, 2, 2), None, "D1"]],
    }
    notes, warnings = sheet_and_python(sheets)
    said = ("Start date is blank: K is taken on the End date, 2025-07-06 (ages and years of membership on "
            "that day), for {}; enter the event's first day if it began earlier")
    assert notes == ("Events: " + said.format("2 players (July rows 2, 4)"),)
    # (The sheet's IDs are text.)
    assert warnings == ("event July: " + said.format("2 players (IDs 'A1', 'D4')"),)
    # US Chess 2020, 5: Ann's peak floor read from her rating, Cy's counts as 0.
    sheets = {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games"], [10, "Ann", 1500, 30], [11, "Bob", 1400, 30],
                    [12, "Cy", 120, 40], [13, "Di", 700, 40]],
        "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)]],
        "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "L2"], [2, 11, "Bob", "W1"], [3, 12, "Cy", "L4"],
                 [4, 13, "Di", "W3"]],
    }
    notes, warnings = sheet_and_python(sheets)
    assert [note.split(", read as")[0] for note in notes] == [
        "Players!1:1: no Peak column: for 1 player (row 2)",
        "Players!1:1: no Wins column: for 1 player (row 4)",
        "Players!1:1: no Draws column: for 1 player (row 4)",
        "Players!1:1: no Events column: for 1 player (row 4)"]
    assert [warning.split(", read as")[0] for warning in warnings] == [
        "list entries of 1 player (ID '10'): peak not given",
        "list entries of 1 player (ID '12'): wins not given",
        "list entries of 1 player (ID '12'): draws not given",
        "list entries of 1 player (ID '12'): events not given"]
    assert [note.split(", read as")[1] for note in notes] == [w.split(", read as")[1] for w in warnings]


@pytest.mark.parametrize("system", ["FIDE", "ICU"])
def test_a_list_without_a_date_is_taken_as_already_adjusted(system: str) -> None:
    # FIDE's and the ICU's ratings were adjusted on 1 March 2024: a list without a date, taken as
    # of the first event's end, is taken as adjusted.
    entries = {key: Entry(key, 1500 + key, 40, k=20, birth_date=BORN, joined=JOINED) for key in (1, 2, 3, 4)}
    result = rate_season(RatingList(system, entries), [event()])
    said = [w for w in result.warnings if "is not read" not in w]  # (FIDE reads no joining date)
    assert said == ["the list's date is None: the list is taken as of the first event's end, "
                    "2024-10-05, its ratings as already adjusted on 2024-03-01; give the list's "
                    "date if they are older"]
    dated = rate_season(RatingList(system, entries, date=dt.date(2024, 2, 1)), [event()]).warnings
    assert [w for w in dated if "is not read" not in w] == []
