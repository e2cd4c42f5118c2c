"""Filling a crosstable or a season from an official list (:mod:`xlrating.official.fill`).

The done-when test: a real US Chess event (tests/data/real/tournamentinfo.txt, see the
README there: 64 players with their published pre-event ratings) typed with IDs and results
only, filled from a list holding the published ratings, rates exactly as the event typed in
full. A fictional FIDE event (tests/data/import/spring-open.trf) does the same with K and
titles taken from the list.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from openpyxl.utils import get_column_letter
from test_real_events import DATA as USCF_EVENT
from test_real_events import PEAKS

from xlrating.crosstable import rate_sheets
from xlrating.crosstable.workbook import overlay
from xlrating.errors import CrosstableError
from xlrating.importers import import_file
from xlrating.official import ListedPlayer
from xlrating.official.fill import fill_sheets
from xlrating.official.sheet import ListSheet, list_rows, read_list_sheet
from xlrating.official.store import ListStore
from xlrating.season import rate_season_sheets

TRF_EVENT = USCF_EVENT.parent.parent / "import" / "spring-open.trf"
LIST_DATE = dt.date(2014, 6, 1)
#: A US Chess membership current through every event here (a members file gives each its date).
MEMBER_UNTIL = dt.date(2030, 12, 31)

Rows = list[list[Any]]


def uscf_event() -> tuple[Rows, Rows]:
    """The real event as typed in full (ratings, provisional games, the two peaks) and its Event sheet."""
    sheet = import_file(USCF_EVENT, "msa").sheets[0]
    keep = [c for c in sheet.header if not c.startswith("Official")]
    grid: Rows = [[*keep, "Peak"]]
    for row in sheet.rows:
        values = dict(zip(sheet.header, row, strict=True))
        grid.append([values[c] for c in keep] + [PEAKS.get(int(str(values["No"])))])
    event: Rows = [["System", "USCF"], ["Rules", "USCF 2020"], ["Bonus multiplier", 12],
                   ["Start date", LIST_DATE], ["End date", LIST_DATE]]
    return grid, event


def uscf_list(grid: Rows) -> list[ListedPlayer]:
    """The published pre-event ratings as a US Chess Regular list (the provisional games with them)."""
    header = grid[0]
    players = []
    for row in grid[1:]:
        values = dict(zip(header, row, strict=True))
        players.append(ListedPlayer("USCF", "Regular", str(values["ID"]), str(values["Name"]), LIST_DATE,
                                    rating=float(values["Rating"]), games=values["Games"],
                                    expires=MEMBER_UNTIL))
    return players


def blanked(grid: Rows, columns: Iterable[str]) -> Rows:
    """``grid`` with every player's cells of ``columns`` blank."""
    indexes = [grid[0].index(c) for c in columns]
    return [grid[0]] + [[None if i in indexes else v for i, v in enumerate(row)] for row in grid[1:]]


def posts(sheets: Mapping[str, Rows]) -> dict[int, float | None]:
    outcome = rate_sheets(sheets).events[0].outcomes[0]
    return {p.player: p.post_rating for p in outcome.players}


def test_ids_and_results_rate_as_the_event_typed_in_full() -> None:
    typed, event = uscf_event()
    expected = posts({"Event": event, "Crosstable": typed})
    bare = blanked(typed, ("Rating", "Games"))
    # Through the List sheet, as xlwings Lite would read it.
    source = read_list_sheet(list_rows(uscf_list(typed)))
    filled = fill_sheets({"Event": event, "Crosstable": bare}, source)
    assert filled.notes == ()
    assert filled.summary == ("Crosstable: 64 Rating, 10 Games filled from the US Chess Regular list of "
                              "2014-06-01 in force on 2014-06-01",)
    written = overlay({"Event": event, "Crosstable": bare}, filled.blocks)
    assert written["Crosstable"] == typed
    assert posts(written) == expected


def test_every_typed_value_the_list_contradicts_is_named_and_kept() -> None:
    typed, event = uscf_event()
    players = uscf_list(typed)
    rating, name = typed[0].index("Rating"), typed[0].index("Name")
    changed = [list(row) for row in typed]
    changed[1][rating] = 1800  # GARY HUA, 1794 on the list
    changed[2][name] = "DARURI, D."  # DAKSHESH DARURI
    filled = fill_sheets({"Event": event, "Crosstable": changed}, ListSheet(players))
    assert [str(note) for note in filled.notes] == [
        "Crosstable!E2: Rating 1800 is typed, but the US Chess Regular list of 2014-06-01 gives 1794 for ID "
        "15445895; the typed value is kept",
        "Crosstable!B3: Name 'DARURI, D.', but the US Chess Regular list of 2014-06-01 has 'DAKSHESH DARURI' "
        "for ID 14598900: check the ID",
    ]
    assert filled.blocks == ()  # nothing blank: nothing written


def test_an_id_not_on_the_list_is_reported_never_invented() -> None:
    typed, event = uscf_event()
    players = [p for p in uscf_list(typed) if p.id != "15445895"]  # GARY HUA left off the list
    bare = blanked(typed, ("Rating", "Games"))
    listed = ListedPlayer("USCF", "Regular", "99999999", "GARY HUA", LIST_DATE, rating=1794.0,
                          expires=MEMBER_UNTIL)
    filled = fill_sheets({"Event": event, "Crosstable": bare}, ListSheet([*players, listed]))
    assert [str(n) for n in filled.notes] == [
        "Crosstable!D2: ID 15445895 is not on the US Chess Regular list in force on 2014-06-01: nothing "
        "filled (a new player, or a mistyped ID?); the list has that name under ID 99999999 (GARY HUA)"]
    assert not any(b.row == 2 for b in filled.blocks)


def test_a_list_of_a_later_date_is_not_used() -> None:
    typed, event = uscf_event()
    later = [ListedPlayer(p.system, p.kind, p.id, p.name, dt.date(2014, 7, 1), rating=p.rating)
             for p in uscf_list(typed)]
    bare = blanked(typed, ("Rating", "Games"))
    # No list in force at the event's start: one problem saying so, not 64 "ID not on the list".
    with pytest.raises(CrosstableError) as raised:
        fill_sheets({"Event": event, "Crosstable": bare}, ListSheet(later))
    (problem,) = raised.value.problems
    assert problem.where == "Crosstable" and "no US Chess Regular list in force on" in problem.message
    assert "xlrating lists add" in problem.message and "--date" in problem.message
    # --date asks for another list.
    again = fill_sheets({"Event": event, "Crosstable": blanked(typed, ("Rating",))}, ListSheet(later),
                        on=dt.date(2014, 7, 1))
    assert len(again.blocks) == 64


def fide_event() -> tuple[Rows, Rows]:
    imported = import_file(TRF_EVENT, "trf")
    sheet = imported.sheets[0]
    keep = [c for c in sheet.header if c not in ("Import notes", "Rank")]
    grid: Rows = [[*keep, "Games"]]
    for row in sheet.rows:
        values = dict(zip(sheet.header, row, strict=True))
        grid.append([values[c] for c in keep] + [10 if values["ID"] == "7777777" else None])
    event = [[name, imported.setting(name)] for name in ("System", "Rules", "Start date", "End date")]
    return grid, event


#: The fictional event's players as a FIDE Standard list of March 2024 would show them: birth
#: years only, K as FIDE publishes it (40 for the junior Kowalski and for Szabó, who has fewer
#: than 30 games).
FIDE_K = {"4611111": 20, "1111111": 40, "2222222": 20, "2500000": 20, "9000000": 20, "7777777": 40}


def fide_list(grid: Rows) -> list[ListedPlayer]:
    header = grid[0]
    players = []
    for row in grid[1:]:
        values = dict(zip(header, row, strict=True))
        if values["ID"] is None:
            continue
        born = values["Birth date"]
        players.append(ListedPlayer("FIDE", "Standard", values["ID"], values["Name"], dt.date(2024, 3, 1),
                                    rating=float(values["Rating"]), k=FIDE_K[values["ID"]],
                                    birth_year=born.year if born else None, federation=values["Federation"],
                                    title=values["Title"]))
    return players


def test_fide_k_titles_and_federations_come_from_the_list() -> None:
    typed, event = fide_event()
    expected = posts({"Event": event, "Crosstable": typed})
    bare = blanked(typed, ("Rating", "Title", "Federation", "Birth date", "Games"))
    filled = fill_sheets({"Event": event, "Crosstable": bare}, ListSheet(fide_list(typed)))
    written = overlay({"Event": event, "Crosstable": bare}, filled.blocks)
    header = written["Crosstable"][0]
    assert header[-1] == "K"  # added: the sheet had none
    def column(name: str) -> list[Any]:
        at = header.index(name)
        return [row[at] if at < len(row) else None for row in written["Crosstable"][1:]]

    assert column("K") == [20, 40, None, 20, 20, 20, 40]
    assert column("Title") == [
        "WIM", None, None, "FM", None, None, None]
    assert posts(written) == expected
    # Szabó's K 40 is not what the rules give an established 1600 player: said, FIDE's K used.
    k_cell = f"Crosstable!{get_column_letter(len(header))}8"  # the added K column, Szabó's row
    assert [str(n) for n in filled.notes] == [
        f"{k_cell}: K 40 on the FIDE Standard list of 2024-03-01, but the rules (FIDE 2024) give 20 to "
        "an established player rated 1600, born 1995: FIDE's K (which counts the player's games) is the one "
        "filled"]


def test_a_bad_cell_stops_the_fill() -> None:
    typed, event = uscf_event()
    typed[3][typed[0].index("Rating")] = "abc"
    with pytest.raises(CrosstableError) as error:
        fill_sheets({"Event": event, "Crosstable": typed}, ListSheet(uscf_list(uscf_event()[0])))
    assert [p.where for p in error.value.problems] == ["Crosstable!E4"]


def test_the_list_sheet_names_every_bad_cell() -> None:
    first = ListedPlayer("FIDE", "Standard", "1", "A, B", dt.date(2024, 1, 1), rating=2000.0)
    rows: list[Sequence[Any]] = [list(r) for r in list_rows([first])]
    rows.append(["FIDE", "Standard", dt.date(2024, 1, 1), "1", "A, B", 2001])
    rows.append(["Chess.com", "Standard", "yesterday", "2", "C, D", "x"])
    with pytest.raises(CrosstableError) as error:
        read_list_sheet(rows)
    assert [str(p) for p in error.value.problems] == [
        "List!D3: ID 1 is on this list twice (also in row 2)",
        "List!A4: System: 'Chess.com' is not one of US Chess (USCF), FIDE or ICU",
        "List!C4: List date: 'yesterday' is not a date; write dates as 2024-05-31 (year-month-day)",
        "List!F4: Rating: 'x' is not a rating",
    ]


def test_a_season_fills_its_players_and_its_new_players() -> None:
    sheets: dict[str, Rows] = {
        "Season": [["System", "FIDE"], ["Rules", "FIDE 2024"], ["List date", dt.date(2024, 3, 1)]],
        "Players": [["ID", "Name", "Rating", "K"], ["4611111", "Müller, Anna", None, None],
                    ["2222222", "Fernández, Diego", 1850, None]],
        "Events": [["Sheet", "Start date", "End date"], ["Open", dt.date(2024, 4, 1), dt.date(2024, 4, 2)]],
        "Open": [["No", "ID", "Name", "Rating", "R1"], [1, "4611111", "Müller, Anna", None, "W2"],
                 [2, "2222222", "Fernández, Diego", None, "L1"], [3, "7777777", "Szabó, Gábor", None, "B"]],
    }
    typed, _ = fide_event()
    filled = fill_sheets(sheets, ListSheet(fide_list(typed)))
    written = overlay(sheets, filled.blocks)
    assert written["Players"][1][2:4] == [2105, 20] and written["Players"][2][2:4] == [1850, 20]
    assert written["Open"][3][3] == 1600 and written["Open"][1][3] is None  # listed players: from Players
    assert filled.summary == (
        "Players: 1 Rating, 2 K filled from the FIDE Standard list of 2024-03-01 in force on 2024-03-01 (the "
        "Season sheet's List date)",
        "Open: 1 Rating, 1 K filled from the FIDE Standard list of 2024-03-01 in force on 2024-04-01")
    rated = rate_season_sheets(written)
    assert rated.result.list.entries["7777777"].rating is not None


def test_unrated_typed_or_listed_and_a_row_without_an_id() -> None:
    event = [["System", "FIDE"], ["Start date", dt.date(2024, 3, 2)]]
    grid: Rows = [["No", "Name", "ID", "Rating", "Birth date", "K", "R1"],
                  [1, "Müller, Anna", "4611111", "unr", dt.date(1991, 5, 17), None, "W2"],
                  [2, "Szabó, Gábor", "7777777", 1600, None, None, "L1"],
                  [3, "Kowalski, Bartosz", None, None, None, None, "B"]]
    listed = [ListedPlayer("FIDE", "Standard", "4611111", "Müller, Anna", dt.date(2024, 3, 1), rating=2105.0,
                           k=20, birth_year=1990),
              ListedPlayer("FIDE", "Standard", "7777777", "Szabó, Gábor", dt.date(2024, 3, 1)),
              ListedPlayer("FIDE", "Standard", "1111111", "Kowalski, Bartosz", dt.date(2024, 3, 1),
                           rating=1980.0, k=40, birth_year=2008)]
    filled = fill_sheets({"Event": event, "Crosstable": grid}, ListSheet(listed))
    assert [str(n) for n in filled.notes] == [
        "Crosstable!D2: Rating says unrated, but the FIDE Standard list of 2024-03-01 gives 2105 for ID "
        "4611111; the typed value is kept",
        "Crosstable!E2: Birth date 1991-05-17 is typed, but the FIDE Standard list of 2024-03-01 gives the "
        "birth year 1990 for ID 4611111; the typed value is kept",
        "Crosstable!D3: Rating 1600 is typed, but the FIDE Standard list of 2024-03-01 has no rating for ID "
        "7777777; the typed value is kept",
        "Crosstable!B4: 'Kowalski, Bartosz' has no ID; the FIDE Standard list of 2024-03-01 has ID 1111111 "
        "(Kowalski, Bartosz): type the ID to fill this row",
    ]
    # 'unr' typed: the list's K goes with its rating, so it is not filled beside another rating.
    assert filled.blocks == ()


def test_a_dual_rated_event_s_quick_column_is_filled_from_the_quick_list() -> None:
    # made-up players and lists: the plumbing is checked (each list's figures land in their own
    # column), and the event rates as the same event typed in full
    on = dt.date(2026, 3, 7)
    event: Rows = [["System", "USCF"], ["Rules", "USCF 2020"], ["Dual rated", "yes"], ["Start date", on],
                   ["End date", on]]
    header = ["No", "Name", "ID", "Rating", "Games", "Quick", "Quick games", "R1", "R2"]
    typed: Rows = [header,
                   [1, "ANNE ALPHA", "30000001", 1850, None, 1790, None, "W3", "D2"],
                   [2, "BEN BETA", "30000002", 1620, None, 1655, None, "W4", "D1"],
                   [3, "CARL GAMMA", "30000003", 1400, 12, 1380, 8, "L1", "W4"],
                   [4, "DORA DELTA", "30000004", 1200, None, None, None, "L2", "L3"]]
    players = [ListedPlayer("USCF", kind, pid, name, dt.date(2026, 3, 1), rating=rating, games=games,
                            expires=MEMBER_UNTIL)
               for kind, pid, name, rating, games in [
                   ("Regular", "30000001", "ANNE ALPHA", 1850.0, None),
                   ("Regular", "30000002", "BEN BETA", 1620.0, None),
                   ("Regular", "30000003", "CARL GAMMA", 1400.0, 12),
                   ("Regular", "30000004", "DORA DELTA", 1200.0, None),
                   ("Quick", "30000001", "ANNE ALPHA", 1790.0, None),
                   ("Quick", "30000002", "BEN BETA", 1655.0, None),
                   ("Quick", "30000003", "CARL GAMMA", 1380.0, 8)]]  # DORA DELTA has no Quick rating
    bare = blanked(typed, ("Rating", "Games", "Quick", "Quick games"))
    bare[2][header.index("Quick")] = 1700  # typed, and not what the list says: kept and named
    filled = fill_sheets({"Event": event, "Crosstable": bare}, ListSheet(players))
    assert filled.summary == ("Crosstable: 4 Rating, 1 Games, 2 Quick, 1 Quick games filled from the US "
                              "Chess Regular list of 2026-03-01 in force on 2026-03-07 (Quick from the US "
                              "Chess Quick list of 2026-03-01)",)
    assert [str(note) for note in filled.notes] == [
        "Crosstable!F3: Quick 1700 is typed, but the US Chess Quick list of 2026-03-01 gives 1655 for ID "
        "30000002; the typed value is kept",
        "Crosstable!F5: ID 30000004 is not on the US Chess Quick list in force on 2026-03-07: Quick left "
        "blank, rated as unrated in Quick",
    ]
    written = overlay({"Event": event, "Crosstable": bare}, filled.blocks)["Crosstable"]
    written[2][header.index("Quick")] = 1655
    assert written == typed
    def both(grid: Rows) -> list[list[float | None]]:
        outcomes = rate_sheets({"Event": event, "Crosstable": grid}).events[0].outcomes
        return [[p.post_rating for p in outcome.players] for outcome in outcomes]

    assert len(both(typed)) == 2 and both(written) == both(typed)
    # an event rated Regular only leaves its Quick column (another system's rating) alone
    single = fill_sheets({"Event": event[:2] + event[3:], "Crosstable": bare}, ListSheet(players))
    assert single.summary == ("Crosstable: 4 Rating, 1 Games filled from the US Chess Regular list of "
                              "2026-03-01 in force on 2026-03-07",)


def test_no_list_in_force_is_one_problem_saying_why_the_date() -> None:
    typed, event = uscf_event()
    later = [ListedPlayer(p.system, p.kind, p.id, p.name, dt.date(2014, 7, 1), rating=p.rating)
             for p in uscf_list(typed)]
    no_start = [row for row in event if row[0] != "Start date"]
    with pytest.raises(CrosstableError) as raised:
        fill_sheets({"Event": no_start, "Crosstable": blanked(typed, ("Rating",))}, ListSheet(later))
    assert [str(p) for p in raised.value.problems] == [
        "Crosstable: no US Chess Regular list in force on 2014-06-01 (no Start date: the End date) is at "
        "hand: load one dated on or before it (xlrating lists add), or give another date (--date)"]


def test_a_listed_player_without_a_rating_is_left_blank_with_a_note() -> None:
    event = [["System", "FIDE"], ["Start date", dt.date(2024, 3, 2)]]
    grid: Rows = [["No", "Name", "ID", "R1"], [1, "Szabó, Gábor", "7777777", "B"]]
    listed = [ListedPlayer("FIDE", "Standard", "7777777", "Szabó, Gábor", dt.date(2024, 3, 1))]
    filled = fill_sheets({"Event": event, "Crosstable": grid}, ListSheet(listed))
    assert [str(n) for n in filled.notes] == [
        "Crosstable!C2: ID 7777777 has no rating on the FIDE Standard list of 2024-03-01: left blank, rated "
        "as unrated"]
    assert filled.summary == ("Crosstable: nothing filled from the FIDE Standard list of 2024-03-01 in force "
                              "on 2024-03-02",)


def test_a_sheet_without_an_id_column_is_left_alone() -> None:
    event = [["System", "FIDE"], ["Start date", dt.date(2024, 3, 2)]]
    grid: Rows = [["No", "Name", "Rating", "R1"], [1, "Szabó, Gábor", None, "B"]]
    listed = [ListedPlayer("FIDE", "Standard", "7777777", "Szabó, Gábor", dt.date(2024, 3, 1), rating=1600.0)]
    filled = fill_sheets({"Event": event, "Crosstable": grid}, ListSheet(listed))
    assert filled == type(filled)((), (), (), ())


def test_the_quick_list_fills_quick_games_only_beside_its_own_quick_rating() -> None:
    on = dt.date(2026, 3, 7)
    event: Rows = [["System", "USCF"], ["Rules", "USCF 2020"], ["Dual rated", "yes"], ["Start date", on],
                   ["End date", on]]
    header = ["No", "Name", "ID", "Rating", "Games", "Quick", "Quick games", "R1"]
    grid: Rows = [header,
                  [1, "ANNE ALPHA", "30000001", None, None, 1790, None, "W2"],  # agrees: games filled
                  [2, "BEN BETA", "30000002", None, None, 1700, None, "L1"],  # differs: games left blank
                  [3, "CARL GAMMA", "30000003", None, None, None, 9, "B"],  # typed games differ: named
                  [4, "DORA DELTA", "30000004", None, None, None, None, "U"],  # unrated on the Quick list
                  [5, "EVE EPSILON", None, None, None, None, None, "U"]]  # no ID: nothing looked up
    regular = {"30000001": ("ANNE ALPHA", 1850.0, None), "30000002": ("BEN BETA", 1620.0, None),
               "30000003": ("CARL GAMMA", 1400.0, 12), "30000004": ("DORA DELTA", 1200.0, None)}
    quick = {"30000001": (1790.0, 10), "30000002": (1655.0, 11), "30000003": (1380.0, 8),
             "30000004": (None, None)}
    listed = dt.date(2026, 3, 1)
    players = [ListedPlayer("USCF", "Regular", key, name, listed, rating=rating, games=games,
                            expires=MEMBER_UNTIL)
               for key, (name, rating, games) in regular.items()]
    players += [ListedPlayer("USCF", "Quick", key, regular[key][0], listed, rating=rating, games=games,
                             expires=MEMBER_UNTIL)
                for key, (rating, games) in quick.items()]
    filled = fill_sheets({"Event": event, "Crosstable": grid}, ListSheet(players))
    assert [str(note) for note in filled.notes] == [
        "Crosstable!F3: Quick 1700 is typed, but the US Chess Quick list of 2026-03-01 gives 1655 for ID "
        "30000002; the typed value is kept",
        "Crosstable!G4: Quick games 9 is typed, but the US Chess Quick list of 2026-03-01 gives 8 for ID "
        "30000003; the typed value is kept",
        "Crosstable!F5: ID 30000004 is unrated on the US Chess Quick list in force on 2026-03-07: Quick left "
        "blank, rated as unrated in Quick",
    ]
    written = overlay({"Event": event, "Crosstable": grid}, filled.blocks)["Crosstable"]
    assert [row[3:7] for row in written[1:]] == [
        [1850, None, 1790, 10], [1620, None, 1700, None], [1400, 12, 1380, 9], [1200, None, None, None],
        [None, None, None, None]]


def test_a_sheet_without_players_fills_nothing_and_says_nothing() -> None:
    event = [["System", "FIDE"], ["Start date", dt.date(2024, 3, 2)]]
    listed = [ListedPlayer("FIDE", "Standard", "7777777", "Szabó, Gábor", dt.date(2024, 3, 1), rating=1600.0)]
    filled = fill_sheets({"Event": event, "Crosstable": [["No", "Name", "ID", "Rating", "R1"]]},
                         ListSheet(listed))
    assert filled == type(filled)((), (), (), ())


def test_fill_sheets_names_an_argument_of_the_wrong_kind() -> None:
    # A list of sheets or a source without look-ups raised a raw TypeError or AttributeError; a
    # date as text was accepted with any source but the store; kind=False was read as "not given".
    from xlrating.errors import ArgumentError

    typed, event = uscf_event()
    sheets: Any = {"Event": event, "Crosstable": typed}
    source: Any = ListSheet(uscf_list(typed))
    refused: dict[str, tuple[Any, Any, dict[str, Any]]] = {
        "Argument 'sheets' must be a mapping": ([typed], source, {}),
        "Argument 'source' must be a PlayerSource": (sheets, "lists.sqlite", {}),
        "Argument 'on' must be a date, not '2024-05-01'": (sheets, source, {"on": "2024-05-01"}),
        "Argument 'today' must be a date": (sheets, source, {"today": 2024}),
        "Argument 'kind' False is not a US Chess list": (sheets, source, {"kind": False}),
    }
    for message, (given, lists, options) in refused.items():
        with pytest.raises(ArgumentError, match=message):
            fill_sheets(given, lists, **options)


def test_a_us_chess_member_s_state_fills_state_never_federation() -> None:
    """US Chess's members list gives each member's state (the Ratings API's ``stateRep``), not a
    federation: it fills the ``State`` column (which US Chess's report files carry, D_STATE), and a
    ``Fed`` column is left alone. The states are the real event's own (tournamentinfo.txt)."""
    typed, event = uscf_event()
    at = typed[0].index("State")
    states = {str(row[typed[0].index("ID")]): row[at] for row in typed[1:]}
    players = [ListedPlayer(p.system, p.kind, p.id, p.name, p.list_date, rating=p.rating, games=p.games,
                            federation=states[p.id], expires=p.expires) for p in uscf_list(typed)]
    bare = [[*row, "Fed" if number == 0 else None] for number, row in
            enumerate(blanked(typed, ("Rating", "Games", "State")))]
    bare[1][-1] = "USA"  # typed: no note, since the list says nothing of federations
    filled = fill_sheets({"Event": event, "Crosstable": bare}, ListSheet(players))
    written = overlay({"Event": event, "Crosstable": bare}, filled.blocks)["Crosstable"]
    assert [row[at] for row in written[1:]] == [row[at] for row in typed[1:]]
    assert [row[-1] for row in written[1:]] == ["USA"] + [None] * 63
    assert filled.notes == ()
    assert "64 State filled" in filled.summary[0]


def test_an_id_left_off_the_list_in_force_is_found_on_an_earlier_list() -> None:
    """GARY HUA is on the list of May 2014 but not on June's (he left it, or June's file was saved
    with other members, as a US Chess members file is): the note says which list has him, rather
    than "a new player, or a mistyped ID?", and nothing is filled from the older list."""
    typed, event = uscf_event()
    june = [p for p in uscf_list(typed) if p.id != "15445895"]
    may = [ListedPlayer("USCF", "Regular", "15445895", "GARY HUA", dt.date(2014, 5, 1), rating=1780.0,
                       expires=MEMBER_UNTIL),
           ListedPlayer("USCF", "Regular", "14598900", "DAKSHESH DARURI", dt.date(2014, 5, 1), rating=1500.0,
                       expires=MEMBER_UNTIL)]
    bare = blanked(typed, ("Rating", "Games"))
    filled = fill_sheets({"Event": event, "Crosstable": bare}, ListSheet([*june, *may]))
    assert [str(n) for n in filled.notes] == [
        "Crosstable!D2: ID 15445895 is not on the US Chess Regular list of 2014-06-01 in force on "
        "2014-06-01, but the list of 2014-05-01 has him (GARY HUA, rated 1780): nothing filled (he left the "
        "list, or the file of 2014-06-01 holds other players); type his rating, or fill from that list "
        "(--date 2014-05-01)"]
    assert not any(b.row == 2 for b in filled.blocks)
    assert len(filled.blocks) == 63 + sum(p.games is not None for p in june)


def test_a_us_chess_event_is_filled_from_its_own_rating_system_s_list_only() -> None:
    """Each US Chess rating system has its own ratings: a Regular event's Rating column filled
    from the Quick list (a ``Rating list`` row, or ``--kind``) would be rated in Regular from Quick
    ratings. It is refused at the cell that names the other list; nothing is filled."""
    typed, event = uscf_event()
    regular = uscf_list(typed)
    quick = [ListedPlayer(p.system, "Quick", p.id, p.name, p.list_date, rating=p.rating) for p in regular]
    source = ListSheet([*regular, *quick])
    bare = blanked(typed, ("Rating", "Games"))
    with pytest.raises(CrosstableError) as raised:
        fill_sheets({"Event": [*event, ["Rating list", "Quick"]], "Crosstable": bare}, source)
    assert [str(p) for p in raised.value.problems] == [
        "Event!B6: Rating list names the US Chess Quick list, but the event is rated in Regular: its "
        "Rating column takes Regular ratings; set Rating system to Quick to rate a Quick event, or leave "
        "Rating list out"]
    quick_event = [*event, ["Rating system", "Quick"]]
    with pytest.raises(CrosstableError, match=r"Event!B6: --kind names the US Chess Regular list, but the "
                                              r"event is rated in Quick"):
        fill_sheets({"Event": quick_event, "Crosstable": bare}, source, kind="Regular")
    # The event's own list, named or not, fills.
    assert fill_sheets({"Event": quick_event, "Crosstable": bare}, source, kind="quick").blocks
    assert fill_sheets({"Event": [*event, ["Rating list", "Regular"]], "Crosstable": bare}, source).blocks


def test_a_dual_rated_event_without_a_quick_list_says_so_once() -> None:
    """With no Quick list at hand, the Quick column of a dual-rated event is not filled: one note
    says why, not one "not on the Quick list" a player."""
    typed, event = uscf_event()
    bare = blanked(typed, ("Rating", "Games"))
    header = [*bare[0], "Quick"]
    grid = [header, *([*row, None] for row in bare[1:])]
    filled = fill_sheets({"Event": [*event, ["Dual rated", "yes"]], "Crosstable": grid},
                         ListSheet(uscf_list(typed)))
    assert [str(n) for n in filled.notes] == [
        "Crosstable: no US Chess Quick list in force on 2014-06-01 is at hand: the Quick column is not "
        "filled (a blank Quick is rated as unrated in Quick); load one, or type the Quick ratings"]
    assert "Quick from" not in filled.summary[0]


def test_a_us_chess_membership_expired_before_the_event_ends_is_a_note(tmp_path: Path) -> None:
    """US Chess rates current members only: a member whose saved expirationDate (Ratings API v1,
    ``MemberDetailDto``) falls before the event's end is named at his ID cell, as a note (he may
    have renewed since the file was saved), and his row is still filled."""
    member = {"id": "30000001", "firstName": "Anne", "lastName": "Alpha", "expirationDate": "2026-03-06",
              "ratings": [{"rating": 1850, "ratingSystem": "R", "gamesPlayed": 90, "isProvisional": False}]}
    current = {**member, "id": "30000002", "firstName": "Ben", "lastName": "Beta",
               "expirationDate": "2026-03-08"}
    unknown = {**member, "id": "30000003", "firstName": "Carl", "lastName": "Gamma"}
    del unknown["expirationDate"]
    saved = tmp_path / "members.json"
    saved.write_text(json.dumps([member, current, unknown]), encoding="utf-8")
    event: Rows = [["System", "USCF"], ["Start date", dt.date(2026, 3, 6)], ["End date", dt.date(2026, 3, 8)]]
    grid: Rows = [["No", "Name", "ID", "Rating", "R1", "R2"],
                  [1, "Anne Alpha", "30000001", None, "W2", "W3"],
                  [2, "Ben Beta", "30000002", None, "L1", "B"],
                  [3, "Carl Gamma", "30000003", None, "B", "L1"]]
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(saved, date=dt.date(2026, 3, 1))
        filled = fill_sheets({"Event": event, "Crosstable": grid}, store)
    # Carl's saved record has no expirationDate: his membership cannot be checked, and the sheet says so.
    assert [str(note) for note in filled.notes] == [
        "Crosstable: memberships not checked for 1 player (ID 30000003): the US Chess Regular list of "
        "2026-03-01 gives no expiration date for him (a members file saved without expirationDate, or a "
        "List sheet without Expires); US Chess rates current members only: check that he is",
        "Crosstable!C2: ID 30000001's US Chess membership expired on 2026-03-06 (the US Chess Regular list "
        "of 2026-03-01), before the event ends on 2026-03-08: US Chess rates current members only; check "
        "that he has renewed (he may have since the list's file was saved)"]
    written = overlay({"Event": event, "Crosstable": grid}, filled.blocks)["Crosstable"]
    assert [row[3] for row in written[1:]] == [1850, 1850, 1850]


def test_a_season_names_a_lapsed_member_at_the_first_event_he_plays_after_his_expiry() -> None:
    names = {"30000001": "ALPHA, ANNE", "30000002": "BETA, BEN", "30000003": "GAMMA, CARL"}
    listed = [ListedPlayer("USCF", "Regular", key, name, dt.date(2026, 3, 1), rating=1500.0,
                           expires=dt.date(2026, 4, 30)) for key, name in names.items()]

    def event(a: str, b: str, result: str) -> Rows:
        other = {"W": "L"}.get(result, "D")
        return [["No", "ID", "Name", "R1"], [1, a, names[a], f"{result}2"], [2, b, names[b], f"{other}1"]]

    sheets: dict[str, Rows] = {
        "Season": [["System", "USCF"], ["List date", dt.date(2026, 3, 1)]],
        "Players": [["ID", "Name", "Rating"], *([key, names[key], None] for key in ("30000001", "30000002"))],
        "Events": [["Sheet", "End date"], ["April", dt.date(2026, 4, 20)], ["May", dt.date(2026, 5, 20)],
                   ["June", dt.date(2026, 6, 20)]],
        "April": event("30000001", "30000002", "W"), "May": event("30000001", "30000003", "W"),
        "June": event("30000001", "30000003", "D"),
    }
    filled = fill_sheets(sheets, ListSheet(listed))
    # Ann plays in April (a member then) and in May and June: named at May. Ben plays in April only.
    # Carl, new in May, at his row there.
    said = ("US Chess membership expired on 2026-04-30 (the US Chess Regular list of 2026-03-01), before the "
            "event on sheet May ends on 2026-05-20: US Chess rates current members only; check that he has "
            "renewed (he may have since the list's file was saved)")
    assert [str(note) for note in filled.notes] == [f"Players!A2: ID 30000001's {said}",
                                                    f"May!B3: ID 30000003's {said}"]


def test_memberships_a_list_gives_no_date_for_are_said_unchecked_for_the_players_who_play() -> None:
    # A members file saved without expirationDate cannot show a lapsed membership: each sheet names
    # the players it filled who play and could not be checked, once, and counts past the fifth.
    # A player on the Players sheet who plays in no event is not named; FIDE's list has no such date.
    names = {f"3000000{n}": f"PLAYER, {chr(64 + n)}" for n in range(1, 9)}
    listed = [ListedPlayer("USCF", "Regular", key, name, dt.date(2026, 3, 1), rating=1500.0)
              for key, name in names.items()]
    keys = list(names)
    grid = [["No", "ID", "Name", "R1"], *([n, key, names[key], None] for n, key in enumerate(keys[:7], 1))]
    event: Rows = [["System", "USCF"], ["End date", dt.date(2026, 4, 20)]]
    filled = fill_sheets({"Event": event, "Crosstable": grid}, ListSheet(listed))
    assert [str(note) for note in filled.notes] == [
        "Crosstable: memberships not checked for 7 players (IDs 30000001, 30000002, 30000003, 30000004, "
        "30000005 and 2 more): the US Chess Regular list of 2026-03-01 gives no expiration date for them (a "
        "members file saved without expirationDate, or a List sheet without Expires); US Chess rates "
        "current members only: check that they are"]
    sheets: dict[str, Rows] = {
        "Season": [["System", "USCF"], ["List date", dt.date(2026, 3, 1)]],
        "Players": [["ID", "Name", "Rating"], *([key, names[key], None] for key in keys[:3])],
        "Events": [["Sheet", "End date"], ["April", dt.date(2026, 4, 20)]],
        "April": [["No", "ID", "Name", "R1"], [1, keys[0], names[keys[0]], "W2"],
                  [2, keys[1], names[keys[1]], "L1"]],
    }
    season = fill_sheets(sheets, ListSheet(listed))
    assert [str(note) for note in season.notes] == [
        "Players: memberships not checked for 2 players (IDs 30000001, 30000002): the US Chess Regular list "
        "of 2026-03-01 gives no expiration date for them (a members file saved without expirationDate, or "
        "a List sheet without Expires); US Chess rates current members only: check that they are"]
    fide = [ListedPlayer("FIDE", "Standard", key, name, dt.date(2026, 3, 1), rating=1500.0)
            for key, name in names.items()]
    fide_event: Rows = [["System", "FIDE"], ["End date", dt.date(2026, 4, 20)]]
    assert fill_sheets({"Event": fide_event, "Crosstable": grid}, ListSheet(fide)).notes == ()


def test_a_list_sheet_carries_the_expiration_dates_so_lite_names_a_lapsed_member_too(tmp_path: Path) -> None:
    # The List sheet is what a workbook carries into xlwings Lite, where there is no store: a
    # membership's expiration date goes with it, and the fill from the sheet says what the fill
    # from the store says. A sheet without the column cannot check the membership, and says so.
    member = {"id": "30000001", "firstName": "Anne", "lastName": "Alpha", "expirationDate": "2026-03-06",
              "ratings": [{"rating": 1850, "ratingSystem": "R", "gamesPlayed": 90, "isProvisional": False}]}
    saved = tmp_path / "members.json"
    saved.write_text(json.dumps([member]), encoding="utf-8")
    event: Rows = [["System", "USCF"], ["Start date", dt.date(2026, 3, 6)], ["End date", dt.date(2026, 3, 8)]]
    grid: Rows = [["No", "Name", "ID", "Rating", "R1"], [1, "Anne Alpha", "30000001", None, "B"]]
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(saved, date=dt.date(2026, 3, 1))
        from_store = fill_sheets({"Event": event, "Crosstable": grid}, store)
        listed = list(store.lookup("USCF", "Regular", ["30000001"], dt.date(2026, 3, 6)).values())
    rows = list_rows(listed)
    assert rows[0][-1] == "Expires" and rows[1][-1] == dt.date(2026, 3, 6)
    from_sheet = fill_sheets({"Event": event, "Crosstable": grid}, read_list_sheet(rows))
    assert [str(n) for n in from_sheet.notes] == [str(n) for n in from_store.notes]
    assert len(from_store.notes) == 1 and "membership expired on 2026-03-06" in str(from_store.notes[0])
    without = fill_sheets({"Event": event, "Crosstable": grid}, read_list_sheet([row[:-1] for row in rows]))
    assert [str(n) for n in without.notes] == [
        "Crosstable: memberships not checked for 1 player (ID 30000001): the US Chess Regular list of "
        "2026-03-01 gives no expiration date for him (a members file saved without expirationDate, or a "
        "List sheet without Expires); US Chess rates current members only: check that he is"]
    bad = [rows[0], [*rows[1][:-1], "soon"]]
    with pytest.raises(CrosstableError) as refused:
        read_list_sheet(bad)
    assert [str(p) for p in refused.value.problems] == [
        f"List!{get_column_letter(len(rows[0]))}2: Expires: 'soon' is not a date; write dates as 2024-05-31 "
        "(year-month-day)"]


def test_a_quick_typed_unrated_that_the_quick_list_rates_is_named_and_kept() -> None:
    # As a Rating typed unr is (the Quick column a dual-rated event reads): it stopped the fill with
    # a bare TypeError.
    on = dt.date(2026, 3, 7)
    event: Rows = [["System", "USCF"], ["Rules", "USCF 2020"], ["Dual rated", "yes"], ["Start date", on],
                   ["End date", on]]
    grid: Rows = [["No", "Name", "ID", "Rating", "Quick", "Quick games", "R1"],
                  [1, "ANNE ALPHA", "30000001", None, "unr", None, "U"]]
    players = [ListedPlayer("USCF", kind, "30000001", "ANNE ALPHA", dt.date(2026, 3, 1), rating=rating,
                            games=5, expires=MEMBER_UNTIL)
               for kind, rating in (("Regular", 1850.0), ("Quick", 1790.0))]
    filled = fill_sheets({"Event": event, "Crosstable": grid}, ListSheet(players))
    assert [str(note) for note in filled.notes] == [
        "Crosstable!E2: Quick says unrated, but the US Chess Quick list of 2026-03-01 gives 1790 for ID "
        "30000001; the typed value is kept"]
    written = overlay({"Event": event, "Crosstable": grid}, filled.blocks)["Crosstable"]
    assert written[1][3:6] == [1850, "unr", None]
