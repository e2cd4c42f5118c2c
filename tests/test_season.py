"""Season workbooks on plain grids: hand-worked seasons, errors with their cells, re-rating.

The ratings here are worked by hand from the rule documents (the Elo expectancy of the
ICU rating formulae, the FIDE Handbook's table of expected scores), not taken from the code.
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Mapping
from typing import Any

import pytest

from xlrating.crosstable import Block
from xlrating.errors import CrosstableError
from xlrating.season import RatedSeason, is_season, rate_season_sheets

Sheets = dict[str, list[list[Any]]]


def icu_club() -> Sheets:
    """Two ICU events given out of order; Cy is new in the second and only has a bye."""
    return {
        "Season": [["System", "ICU"]],
        "Players": [["ID", "Name", "Rating", "Games", "K"], [1, "Ann", 1800, None, 24],
                    [2, "Bob", 1700, None, 24]],
        "Events": [["Sheet", "Event name", "Start date", "End date"],
                   ["Winter", "Winter league", dt.date(2024, 12, 7), dt.date(2024, 12, 7)],
                   ["Autumn", "Autumn cup", dt.date(2024, 10, 5), dt.date(2024, 10, 5)]],
        "Autumn": [["No", "ID", "Name", "Rating", "R1"], [1, 1, "Ann", None, "W2"],
                   [2, 2, "Bob", None, "L1"]],
        "Winter": [["No", "ID", "Name", "R1"], [1, 2, "Bob", "W2"], [2, 1, "Ann", "L1"], [3, 3, "Cy", "B"]],
    }


def apply(sheets: Mapping[str, list[list[Any]]], blocks: tuple[Block, ...]) -> Sheets:
    """The grids with the blocks written into them (as a workbook adapter would)."""
    out: Sheets = copy.deepcopy(dict(sheets))
    for block in blocks:
        grid = out.setdefault(block.sheet, [])
        for i, values in enumerate(block.values):
            while len(grid) < block.row + i:
                grid.append([])
            row = grid[block.row + i - 1]
            for j, value in enumerate(values):
                while len(row) < block.column + j:
                    row.append(None)
                row[block.column + j - 1] = value
    return out


def column(sheets: Sheets, sheet: str, header: str) -> list[Any]:
    rows = sheets[sheet]
    index = rows[0].index(header)
    return [row[index] if index < len(row) else None for row in rows[1:]]


def rated(sheets: Sheets) -> tuple[RatedSeason, Sheets]:
    season = rate_season_sheets(sheets)
    return season, apply(sheets, season.blocks)


def test_icu_season_rated_in_date_order_by_hand() -> None:
    # Autumn first (it ends first): Ann 1800 beats Bob 1700. Expected score 1/(1 + 10^(-100/400))
    # = 0.6401, so Ann gains 24 x 0.3599 = 8.64: 1809, Bob 1691 (ICU rating formulae).
    # Winter: Bob 1691 beats Ann 1809: his expectancy 1/(1 + 10^(118/400)) = 0.3364, so he
    # gains 24 x 0.6636 = 15.93: Bob 1707, Ann 1793.
    season, out = rated(icu_club())
    assert [e.crosstable.sheet for e in season.events] == ["Autumn", "Winter"]
    assert column(out, "Autumn", "Post rating") == [1809, 1691]
    assert column(out, "Winter", "Post rating")[:2] == [1707, 1793]
    assert column(out, "Players", "New rating") == [1793, 1707]
    assert column(out, "Players", "Change") == [-7, 7]
    assert column(out, "Players", "Events played") == [2, 2]
    assert out["History"][0] == ["ID", "Name", "Start", "Autumn", "Winter"]
    assert out["History"][1] == ["1", "Ann", 1800, 1809, 1793]
    assert out["History"][3] == ["3", "Cy", None, None, None]


def test_players_input_columns_never_change_and_new_players_join_the_new_list() -> None:
    sheets = icu_club()
    season, out = rated(sheets)
    assert [row[:5] for row in out["Players"]] == sheets["Players"]
    assert out["New list"][0][:4] == ["ID", "Name", "Rating", "Games"]
    assert [row[0] for row in out["New list"][1:]] == ["1", "2", "3"]
    assert out["New list"][3][-1] == "Winter"  # Added in
    assert "3" in season.result.list and "3" not in season.season.ratings


def dated(sheets: Sheets) -> Sheets:
    """``sheets`` with a List date on the Season sheet (the list of 1 September 2024)."""
    sheets["Season"].append(["List date", dt.date(2024, 9, 1)])
    return sheets


def test_a_typed_rating_that_disagrees_with_the_list_gets_a_note() -> None:
    sheets = dated(icu_club())
    sheets["Autumn"][1][3] = 1750
    season, out = rated(sheets)
    assert season.notes == ("Autumn!D2: Rating 1750 is typed, but the list gives 1800 before this event; "
                            "the list's rating was used",)
    assert column(out, "Autumn", "Post rating") == [1809, 1691]
    assert "list gives 1800" in column(out, "Autumn", "Notes")[0]


def test_a_typed_rating_that_agrees_gets_no_note() -> None:
    sheets = dated(icu_club())
    sheets["Autumn"][1][3] = 1800
    assert rate_season_sheets(sheets).notes == ()


def test_a_blank_list_date_is_said_where_an_adjustment_of_the_list_is_taken_as_done() -> None:
    # Taken as of the first event's end (5 October 2024), the ICU list is taken as carrying the
    # adjustment of 1 March 2024: an older list would be rated unadjusted, so it is said.
    assert rate_season_sheets(icu_club()).notes == (
        "Season: the List date is blank: the list is taken as of the first event's end, 2024-10-05, "
        "its ratings as already adjusted on 2024-03-01; give the List date if they are older",)
    assert rate_season_sheets(dated(icu_club())).notes == ()
    early = icu_club()  # events before the adjustment: it is applied when the season passes it
    early["Events"][1][2:] = [dt.date(2024, 2, 3), dt.date(2024, 2, 3)]
    assert rate_season_sheets(early).notes == ()


def test_rerating_after_a_correction_gives_the_same_as_rating_once() -> None:
    wrong = icu_club()
    wrong["Autumn"][1][4], wrong["Autumn"][2][4] = "L2", "W1"  # the disputed result, entered wrongly
    _, first = rated(wrong)
    corrected = copy.deepcopy(first)
    corrected["Autumn"][1][4], corrected["Autumn"][2][4] = "W2", "L1"
    _, again = rated(corrected)
    _, once = rated(icu_club())
    assert again == once
    _, twice = rated(once)
    assert twice == once


def fide_month() -> Sheets:
    """FIDE Handbook B.02, 10.1 table (b): a difference of 100 gives PD 0.64."""
    return {
        "Season": [["System", "FIDE"], ["Rules", "FIDE 2024"]],
        "Players": [["ID", "Name", "Rating", "K"], ["A", "Ann", 2000, 20], ["B", "Bob", 1900, 20]],
        "Events": [["Sheet", "End date"], ["Blitz cup", dt.date(2024, 5, 30)],
                   ["Club open", dt.date(2024, 5, 3)], ["County", dt.date(2024, 5, 10)]],
        "Blitz cup": [["No", "ID", "Name", "R1"], [1, "A", "Ann", "W2"], [2, "B", "Bob", "L1"]],
        "Club open": [["No", "ID", "Name", "R1"], [1, "A", "Ann", "W2"], [2, "B", "Bob", "L1"]],
        "County": [["No", "ID", "Name", "R1"], [1, "A", "Ann", "D2"], [2, "B", "Bob", "D1"]],
    }


def test_fide_month_is_rated_from_the_start_ratings_and_rounded_once() -> None:
    # Each win is worth 20 x (1 - 0.64) = 7.2, the draw 20 x (0.5 - 0.64) = -2.8: the
    # month's change 11.6 is rounded once (FIDE Rating Regulations 2024, 8.3): 2012 and 1888.
    _, out = rated(fide_month())
    assert column(out, "Players", "New rating") == [2012, 1888]
    assert out["History"][0][3:] == ["Club open", "County", "Blitz cup"]
    # Each event's sheet shows that event rated from the start of the period, its change
    # rounded as an event's is (-2.8 -> -3, 7.2 -> 7); the list adds the exact changes.
    assert column(out, "County", "Change") == [-3, 3]
    assert column(out, "Club open", "Change") == [7, -7]


def test_fide_rating_period_setting_is_fide_only() -> None:
    sheets = icu_club()
    sheets["Season"].append(["Rating period", 1])
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    assert any("Rating period applies to FIDE" in str(p) for p in error.value.problems)


def uscf_pair() -> Sheets:
    return {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"]],
        "Players": [["ID", "Name", "Rating", "Games"], [10, "Ann", 1500, None], [11, "Bob", 1500, None]],
        "Events": [["Sheet", "End date"], ["June", dt.date(2024, 6, 1)], ["July", dt.date(2024, 7, 6)]],
        "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "W2"], [2, 11, "Bob", "L1"]],
        "July": [["No", "ID", "Name", "R1"], [1, 11, "Bob", "D2"], [2, 10, "Ann", "D1"]],
    }


def test_uscf_season_by_hand() -> None:
    # US Chess 2020, 3: N' = N* = 50 / sqrt(0.662 + 0.00000739 (2569 - 1500)^2) = 16.568 for an
    # established 1500 with N not given; 4.2: K = 800 / (N' + m) = 45.536. Step 4 (no bonus):
    # Ann 1500 + 45.536 x 0.5 = 1522.77, Bob 1477.23; the final step rates each against the
    # other's step 4 rating: We(1500, 1477.23) = 1 / (1 + 10^(-22.77/400)) = 0.5327, so Ann
    # 1500 + 45.536 x 0.4673 = 1521.28 and Bob 1478.72.
    season, out = rated(uscf_pair())
    assert [round(v, 2) for v in column(out, "June", "Post rating")] == [1521.28, 1478.72]
    july = column(out, "July", "Post rating")
    assert column(out, "Players", "New rating") == [july[1], july[0]]
    # July is rated from June's results: the same as rating the July crosstable alone with
    # those ratings typed in (a cross-check of the two paths, not a golden number).
    from xlrating.crosstable import rate_sheets

    alone = [[*row, None] for row in uscf_pair()["July"]]
    alone[0][-1] = "Rating"
    history = season.result.history
    alone[1][-1], alone[2][-1] = history["11"][0].post, history["10"][0].post
    settings = [["System", "USCF"], ["End date", dt.date(2024, 7, 6)]]
    single = rate_sheets({"Event": settings, "Crosstable": alone})
    assert [single.events[0].outcomes[0].player(n).post_rating for n in (1, 2)] == july


def test_errors_name_their_cells_and_nothing_is_rated() -> None:
    sheets = icu_club()
    sheets["Winter"][3][2] = None  # the new player Cy without a name
    sheets["Autumn"][2][1] = None  # Bob's ID missing
    sheets["Events"].append(["Spring", None, None, dt.date(2025, 3, 1)])
    sheets["Players"].append([1, "Ann again", 1500, None, 24])
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    found = [str(p) for p in error.value.problems]
    assert "Players!A4: ID 1 is used twice (also in row 2)" in found
    assert "Events!A4: the workbook has no event sheet 'Spring'" in found
    assert "Autumn!B3: No. 2 has no ID" in found
    assert any(p.startswith("Winter!B4: ID 3 is not on the Players list") for p in found)
    assert "nothing was rated" in error.value.title


def test_an_event_without_an_end_date_is_an_error() -> None:
    sheets = icu_club()
    sheets["Events"][1][3] = None
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    assert [str(p) for p in error.value.problems] == [
        "Events!D2: every event needs its End date: the season is rated in date order"]


def test_bad_event_settings_are_reported_at_their_events_cells() -> None:
    sheets = icu_club()
    sheets["Events"][0].append("Event type")
    sheets["Events"][2].append("Knockout")
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    assert [p.where for p in error.value.problems] == ["Events!E3"]


def test_is_season() -> None:
    assert is_season(icu_club())
    assert not is_season({"Event": [], "Crosstable": []})


def test_a_dual_rated_event_moves_both_ratings_and_history_shows_the_lists_own() -> None:
    sheets = uscf_pair()
    sheets["Players"] = [["ID", "Name", "Rating", "Quick", "Quick games"], [10, "Ann", 1500, 1400, 30],
                         [11, "Bob", 1500, None, None], [12, "Cy", 1600, 1600, 40]]
    sheets["Events"][0].append("Dual rated")
    sheets["Events"][1].append("yes")
    sheets["June"].append([3, 12, "Cy", "B"])
    _, out = rated(sheets)
    june = column(out, "June", "Post rating")
    assert [round(v, 2) for v in june[:2]] == [1521.28, 1478.72]  # as rated by hand above
    assert june[2] == 1600 and column(out, "June", "Quick post rating")[2] is None  # a bye: not rated
    assert [row[3] for row in out["History"][1:3]] == june[:2]  # Regular, the list's own system
    quick = column(out, "New list", "Quick")
    assert quick[:2] == column(out, "June", "Quick post rating")[:2] and quick[2] == 1600
    assert column(out, "Players", "Games played") == [2, 2, 0]  # the Quick side is not counted twice


def test_a_new_player_joins_in_the_first_event_he_plays_whatever_the_events_order() -> None:
    sheets = icu_club()  # the Events sheet lists Winter before Autumn, which ends first
    sheets["Autumn"][0].append("R2")
    sheets["Autumn"][1].append("B")
    sheets["Autumn"][2].append("W3")
    sheets["Autumn"].append([3, 3, "Cy", None, "B", "L2"])
    season, out = rated(sheets)
    assert list(season.season.events[1].event.players) == ["3"]  # Autumn brings him
    assert out["New list"][3][-1] == "Autumn"
    # ICU rating formulae: an unrated player's performance, the opponents' average + 400 (W - L) / n:
    # 1700 - 400 for his loss to Bob.
    assert out["History"][3][:4] == ["3", "Cy", None, 1300]


def test_rerating_after_a_player_row_is_cleared_clears_his_old_outputs() -> None:
    _, first = rated(icu_club())
    first["Players"][2][:5] = [None] * 5  # Bob's row cleared (his games too)
    first["Autumn"] = first["Autumn"][:2]
    first["Autumn"][1][4] = "B"
    first["Winter"] = [first["Winter"][0], [1, 1, "Ann", "B"]]
    _, again = rated(first)
    assert column(again, "Players", "New rating") == [1800, None]
    assert [row[0] for row in again["New list"][1:]] == ["1", None, None]  # written whole: old rows cleared
    assert all(v is None for row in again["History"][2:] for v in row)


def test_players_and_season_sheet_errors_name_their_cells() -> None:
    sheets = icu_club()
    sheets["Players"][1][2] = "abc"
    sheets["Players"][2][4] = 500
    sheets["Season"] += [["Rules", "ICU 1999"], ["List date", "soon"]]
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    where = [p.where for p in error.value.problems]
    assert where == ["Season!B2", "Season!B3", "Players!C2", "Players!E3"]


def test_an_event_before_the_list_date_is_an_error_at_its_events_row() -> None:
    sheets = icu_club()
    sheets["Season"].append(["List date", dt.date(2024, 11, 1)])
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    [problem] = error.value.problems
    assert problem.where == "Events!A3" and "before the list's date 2024-11-01" in problem.message


def test_a_list_entry_the_rating_list_refuses_is_named_at_its_id_cell() -> None:
    sheets = uscf_pair()
    sheets["Players"][0].insert(0, "Club")
    for row in sheets["Players"][1:]:
        row.insert(0, "Galway")
    sheets["Players"][0].append("History")
    sheets["Players"][1] += ["all wins"]
    sheets["Players"][1][3] = None  # unrated
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    assert [str(p) for p in error.value.problems] == [
        "Players!B2: ID 10: an unrated player has no all-wins or all-losses history"]


def _round_robin(name_rows: list[list[Any]], rounds: int) -> list[list[Any]]:
    """Ann (No. 1) beats each of the ``rounds`` other players, one a round."""
    header = ["No", "ID", "Name", *(f"R{r}" for r in range(1, rounds + 1))]
    rows = [[1, *name_rows[0], *(f"W{r + 1}" for r in range(1, rounds + 1))]]
    rows += [[r + 1, *name_rows[r], *(["U"] * (r - 1)), "L1", *(["U"] * (rounds - r))]
             for r in range(1, rounds + 1)]
    return [header, *rows]


def test_a_fide_k_given_on_players_still_obeys_the_700_rule_over_the_period() -> None:
    """FIDE publishes a K before the period's games are known: Ann's K 40 from the list, with 20
    games in one period (two events of ten), is limited as the rules' K is."""
    others = [[str(i), f"P{i}"] for i in range(2, 12)]
    sheets: Sheets = {
        "Season": [["System", "FIDE"], ["List date", dt.date(2026, 9, 1)]],
        "Players": [["ID", "Name", "Rating", "K"], ["1", "Ann", 1800, 40], *([*p, 1800, 20] for p in others)],
        "Events": [["Sheet", "End date"], ["E1", dt.date(2026, 9, 10)], ["E2", dt.date(2026, 9, 20)]],
        "E1": _round_robin([["1", "Ann"], *others], 10),
        "E2": _round_robin([["1", "Ann"], *others], 10),
    }
    season = rate_season_sheets(sheets)
    # FIDE Rating Regulations 2024, 8.3.3: 20 games in the period at K 40 is 800 > 700, so K is
    # 700 // 20 = 35. Every opponent is rated as Ann was (expected score 0.50, 8.1.2's table):
    # 35 x 0.5 = 17.5 a win, 175 an event, 350 in the period: 1800 + 350 = 2150 (with K 40, 2200).
    assert [event.outcomes[0].players[0].k for event in season.events] == [35, 35]
    assert season.result.list.rating("1") == 2150


def test_a_fide_k_given_on_players_is_10_once_a_published_rating_reaches_2400() -> None:
    """Ann's K 20 is the September list's; her October rating, 2402, is published: from then on
    her K is 10 for good (FIDE Rating Regulations 2024, 8.3.3), whatever the list said before."""
    sheets: Sheets = {
        "Season": [["System", "FIDE"], ["List date", dt.date(2026, 9, 1)]],
        "Players": [["ID", "Name", "Rating", "K"], ["1", "Ann", 2390, 20], ["2", "Bob", 2390, 20],
                    ["3", "Cy", 2000, 20], ["4", "Di", 2000, 20]],
        "Events": [["Sheet", "End date"], ["E1", dt.date(2026, 9, 20)], ["E2", dt.date(2026, 10, 20)]],
        "E1": [["No", "ID", "Name", "R1", "R2"], [1, "1", "Ann", "W2", "W3"], [2, "2", "Bob", "L1", "U"],
               [3, "3", "Cy", "U", "L1"]],
        "E2": [["No", "ID", "Name", "R1"], [1, "1", "Ann", "W2"], [2, "4", "Di", "L1"]],
    }
    season = rate_season_sheets(sheets)
    # September (8.1.2's table): against Bob, 0 points apart, 0.50 expected: 20 x 0.5 = 10;
    # against Cy, 390 apart, 0.91: 20 x 0.09 = 1.8; 11.8, rounded 12: 2402 on October's list.
    # October: K 10; Di is 402 below, counted as 400 (8.1.1), 0.92: 10 x 0.08 = 0.8, 1: 2403
    # (with K 20, 1.6, 2: 2404).
    assert [(event.outcomes[0].players[0].pre_rating, event.outcomes[0].players[0].k)
            for event in season.events] == [(2390, 20), (2402, 10)]
    assert season.result.list.rating("1") == 2403


def test_fide_events_out_of_order_on_one_day_and_on_a_period_s_last_day() -> None:
    """The Events sheet lists E1 (ends 30 September, the September period's last day), E2
    (1 October, the next period), and E3 and E4 (both 15 September, both with Ann). Rated in
    date order, the September events all from the September list, E2 from the list after it."""
    sheets: Sheets = {
        "Season": [["System", "FIDE"], ["List date", dt.date(2026, 9, 1)]],
        "Players": [["ID", "Name", "Rating", "K"], ["1", "Ann", 2000, 20], ["2", "Bob", 1900, 20],
                    ["3", "Cy", 1800, 20]],
        "Events": [["Sheet", "End date"], ["E1", dt.date(2026, 9, 30)], ["E2", dt.date(2026, 10, 1)],
                   ["E3", dt.date(2026, 9, 15)], ["E4", dt.date(2026, 9, 15)]],
        "E1": [["No", "ID", "Name", "R1"], [1, "1", "Ann", "W2"], [2, "2", "Bob", "L1"]],
        "E2": [["No", "ID", "Name", "R1"], [1, "1", "Ann", "W2"], [2, "3", "Cy", "L1"]],
        "E3": [["No", "ID", "Name", "R1"], [1, "1", "Ann", "L2"], [2, "3", "Cy", "W1"]],
        "E4": [["No", "ID", "Name", "R1"], [1, "1", "Ann", "D2"], [2, "2", "Bob", "D1"]],
    }
    season = rate_season_sheets(sheets)
    assert [event.crosstable.sheet for event in season.events] == ["E3", "E4", "E1", "E2"]
    # By hand (FIDE Rating Regulations 2024, 8.1.2's table; 8.3: a period's change rounded once).
    # September, from 2000 / 1900 / 1800: E3 Ann loses to Cy, 200 below, 0.76: 20 x -0.76 =
    # -15.2 (Cy +15.2); E4 Ann draws Bob, 100 below, 0.64: 20 x -0.14 = -2.8 (Bob +2.8); E1 Ann
    # beats Bob: 20 x 0.36 = +7.2 (Bob -7.2). Ann -10.8, -11: 1989; Bob -4.4, -4: 1896; Cy
    # +15.2, 15: 1815. October: E2, Ann (1989) beats Cy (1815), 174 apart, 0.73: 20 x 0.27 =
    # +5.4, 5: 1994; Cy -5.4, -5: 1810.
    assert [[p.pre_rating for p in event.outcomes[0].players] for event in season.events] == [
        [2000, 1800], [2000, 1900], [2000, 1900], [1989, 1815]]
    new = season.result.list
    assert (new.rating("1"), new.rating("2"), new.rating("3")) == (1994, 1896, 1810)


def test_a_fide_new_list_carries_k_10_once_a_published_rating_reaches_2400() -> None:
    """Ann's K 20 on Players became 10 for good when her 2402 was published (FIDE Rating
    Regulations 2024, 8.3.3): the New list shows the K her next period uses, 10, not the 20 of
    the list the season started from. Bob stays under 2400 with K 20."""
    sheets: Sheets = {
        "Season": [["System", "FIDE"], ["List date", dt.date(2026, 9, 1)]],
        "Players": [["ID", "Name", "Rating", "K"], ["1", "Ann", 2390, 20], ["2", "Bob", 2390, 20],
                    ["3", "Cy", 2000, 20]],
        "Events": [["Sheet", "End date"], ["E1", dt.date(2026, 9, 20)]],
        "E1": [["No", "ID", "Name", "R1", "R2"], [1, "1", "Ann", "W2", "W3"], [2, "2", "Bob", "L1", "U"],
               [3, "3", "Cy", "U", "L1"]],
    }
    season, out = rated(sheets)
    # As above: Ann gains 12 in September, 2402; Bob loses 10, 2380.
    assert season.result.list.rating("1") == 2402 and season.result.list.rating("2") == 2380
    assert [season.result.list[key].k for key in ("1", "2", "3")] == [10, 20, 20]
    assert column(out, "New list", "K") == [10, 20, 20]


def test_a_fide_new_list_lowers_a_k_40_only_where_games_and_birth_date_tell_it_has_ended() -> None:
    """K 40 ends with 30 games and with the year of the 18th birthday (FIDE Rating Regulations
    2024, 8.3.1-8.3.2). Ann (25 games, born 2000) reaches 30 games in September: her next
    period's K is 20. Bob has no Games count and Cy no birth date: their K 40 may be the new
    player's or the junior's, which the list cannot tell, and stays. Di (born 2010, 2026 is
    her 16th birthday year) keeps her junior K 40. The season's own next period, October,
    uses the K the New list shows: Ann plays Bob there with K 20, Bob with 40."""
    players = [["1", "Ann", 1800, 40, 25, dt.date(2000, 5, 1)],
               ["2", "Bob", 1800, 40, None, dt.date(2000, 5, 1)], ["3", "Cy", 1800, 40, 25, None],
               ["4", "Di", 1800, 40, 25, dt.date(2010, 5, 1)]]
    others = [[str(i), f"P{i}", 1800, 20, None, None] for i in range(5, 10)]
    sheets: Sheets = {
        "Season": [["System", "FIDE"], ["List date", dt.date(2026, 9, 1)]],
        "Players": [["ID", "Name", "Rating", "K", "Games", "Birth date"], *players, *others],
        "Events": [["Sheet", "End date"], *([f"E{n}", dt.date(2026, 9, 20)] for n in range(1, 5)),
                   ["Oct", dt.date(2026, 10, 20)]],
        **{f"E{n}": _round_robin([row[:2] for row in [players[n - 1], *others]], 5) for n in range(1, 5)},
        "Oct": [["No", "ID", "Name", "R1"], [1, "1", "Ann", "D2"], [2, "2", "Bob", "D1"]],
    }
    season, out = rated(sheets)
    october = season.events[-1].outcomes[0]
    assert [october.players[0].k, october.players[1].k] == [20, 40]
    assert [season.result.list[key].games for key in ("1", "2", "3", "4")] == [31, None, 30, 30]
    assert [season.result.list[key].k for key in ("1", "2", "3", "4")] == [20, 40, 40, 40]
    assert column(out, "New list", "K")[:4] == [20, 40, 40, 40]


def test_an_id_that_is_an_excel_error_is_refused_at_its_cell() -> None:
    # A failed lookup (#N/A) in an event's ID cell made a new player '#N/A', rated as
    # unrated; two of them in one event were "ID #N/A plays twice"; on Players it made a
    # listed player '#N/A' and his events' players new.
    sheets = icu_club()
    sheets["Autumn"][1][1] = "#N/A"
    sheets["Winter"][1][1] = "#REF!"
    sheets["Winter"][2][1] = "#REF!"
    sheets["Players"][2][0] = "#VALUE!"
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    assert [str(p) for p in error.value.problems] == [
        "Players!A3: the ID is the Excel error #VALUE!: the formula that gives the ID has failed",
        "Winter!B2: the ID is the Excel error #REF!: the formula that gives the ID has failed",
        "Winter!B3: the ID is the Excel error #REF!: the formula that gives the ID has failed",
        "Autumn!B2: the ID is the Excel error #N/A: the formula that gives the ID has failed",
    ]


def test_a_second_players_column_with_the_same_header_is_refused() -> None:
    # The second 'Rating' column (an old list's, say) was ignored silently and the second
    # 'New rating' one written instead of the first.
    sheets = icu_club()
    sheets["Players"][0] += ["Rating", "New rating", "New rating"]
    for row in sheets["Players"][1:]:
        row += [1500, None, None]
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    assert [str(p) for p in error.value.problems] == [
        "Players!F1: a second column headed 'Rating' (the first is Players!C1); remove or rename one",
        "Players!H1: a second output column headed 'New rating' (the first is Players!G1); "
        "remove or rename one",
    ]


def test_a_second_events_column_with_the_same_header_is_refused() -> None:
    # A second 'End date' column (the dates corrected beside the old ones) was ignored:
    # the events were rated on the first column's dates, silently.
    sheets = icu_club()
    sheets["Events"][0].append("End date")
    for row in sheets["Events"][1:]:
        row.append(dt.date(2025, 1, 4))
    with pytest.raises(CrosstableError) as error:
        rate_season_sheets(sheets)
    assert [str(p) for p in error.value.problems] == [
        "Events!E1: a second column headed 'End date' (the first is Events!D1); remove or rename one"]
