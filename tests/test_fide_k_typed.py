"""A FIDE K typed in a crosstable or on a season's Players sheet that is none of the K factors of the
event's edition (FIDE Rating Regulations 2024, 8.3: 40, 20 and 10; FIDE Handbook 10.52: 25, 15 and
10) is rated as given, and said at its cell (a season of list entries: in its warnings): ``4`` typed for
40 was rated with K 4 and nothing said."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from xlrating.crosstable import rate_sheets
from xlrating.lists import Entry, Event, RatingList
from xlrating.lists import rate_season as rate_list_season
from xlrating.season import rate_season_sheets

END = dt.date(2025, 5, 1)


def _event(system: str, *rows: list[Any]) -> list[list[Any]]:
    return [["Setting", "Value"], ["System", system], ["End date", END], *rows]


def _crosstable(*ks: Any) -> list[list[Any]]:
    return [["No", "Name", "Rating", "K", "R1", "R2", "R3"],
            [1, "Adams, A", 1800, ks[0], "W2", "D3", None],
            [2, "Brown, B", 1700, ks[1], "L1", None, "W3"],
            [3, "Clark, C", 1650, ks[2], None, "D1", "L2"]]


def _said(warnings: Any) -> list[str]:
    return [str(w) for w in warnings if "K factor" in str(w)]


def test_a_k_none_of_fide_2024_s_factors_is_rated_as_typed_and_said_at_its_cell() -> None:
    rated = rate_sheets({"Event": _event("FIDE"), "Crosstable": _crosstable(4, 20, 10)})
    assert _said(rated.warnings) == [
        "Crosstable!D2: No. 1 (Adams, A): K 4 is not a K factor of FIDE 2024, 8.3.3 (40, 20 or 10): rated "
        "with K 4 as given; check it (a K of 4 typed for 40?)"]
    adams = rated.events[0].outcomes[0].players[0]
    assert adams.k == 4  # (as typed: the warning changes nothing)


def test_the_factors_are_the_edition_s_own() -> None:
    for ks in ((40, 20, 10), (None, None, None)):
        assert _said(rate_sheets({"Event": _event("FIDE"), "Crosstable": _crosstable(*ks)}).warnings) == []
    handbook = _event("FIDE", ["Rules", "FIDE handbook"])
    assert _said(rate_sheets({"Event": handbook, "Crosstable": _crosstable(25, 15, 10)}).warnings) == []
    assert _said(rate_sheets({"Event": handbook, "Crosstable": _crosstable(40, 15, 10)}).warnings) == [
        "Crosstable!D2: No. 1 (Adams, A): K 40 is not a K factor of FIDE Handbook 10.52 (25, 15 or 10): "
        "rated with K 40 as given; check it (a K of 4 typed for 40?)"]


@pytest.mark.parametrize("system", ["ICU", "USCF"])
def test_other_systems_say_nothing_of_their_k(system: str) -> None:
    grid = [row[:3] + row[4:] for row in _crosstable(None, None, None)]
    assert _said(rate_sheets({"Event": _event(system), "Crosstable": grid}).warnings) == []


def test_a_season_says_it_on_the_players_sheet_and_on_an_event_sheet() -> None:
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "FIDE"], ["List date", dt.date(2025, 1, 1)]],
        "Players": [["ID", "Name", "Rating", "K"], [1, "Adams, A", 1800, 4], [2, "Brown, B", 1700, 20]],
        "Events": [["Sheet", "End date"], ["Spring", dt.date(2025, 3, 1)]],
        "Spring": [["No", "ID", "Name", "Rating", "K", "R1", "R2", "R3"],
                   [1, 1, "Adams, A", None, None, "W2", "D3", None],
                   [2, 2, "Brown, B", None, None, "L1", None, "W3"],
                   [3, 3, "Clark, C", 1650, 2, None, "D1", "L2"]],
    }
    notes = _said(rate_season_sheets(sheets).notes)
    assert notes == [
        "Players!D2: ID 1 (Adams, A): K 4 is not a K factor of FIDE 2024, 8.3.3 (40, 20 or 10): rated with "
        "K 4 as given; check it (a K of 4 typed for 40?)",
        "Spring!E4: No. 3 (Clark, C): K 2 is not a K factor of FIDE 2024, 8.3.3 (40, 20 or 10): rated with "
        "K 2 as given; check it (a K of 4 typed for 40?)"]


def test_a_season_of_list_entries_says_it_in_its_warnings() -> None:
    ratings = RatingList("FIDE", {1: Entry(1, 1800.0, None, k=4.0), 2: Entry(2, 1700.0, None, k=4.0),
                                  3: Entry(3, 1650.0, None, k=20.0)}, date=dt.date(2025, 1, 1))
    games = [(1, 1, 2, 1.0), (2, 1, 3, 0.5), (3, 2, 3, 1.0), (1, 4, 3, 0.0)]
    event = Event("spring", END, games, players={4: {"k": 15.0, "birth_date": dt.date(1990, 1, 1)}})
    said = [w for w in rate_list_season(ratings, [event]).warnings if "K factor" in w]
    assert said == [
        "list entries of 2 players (IDs 1, 2): K 4 is not a K factor of FIDE 2024, 8.3.3 (40, 20 or 10): "
        "rated with K 4 as given; check it (a K of 4 typed for 40?)",
        "event spring: new 1 player (ID 4): K 15 is not a K factor of FIDE 2024, 8.3.3 (40, 20 or 10): "
        "rated with K 15 as given; check it (a K of 4 typed for 40?)"]
    handbook = RatingList("FIDE", dict(ratings.entries), "handbook", date=dt.date(2025, 1, 1))
    said = [w for w in rate_list_season(handbook, [event]).warnings if "K factor" in w]
    # The Handbook's factors are 25, 15 and 10: 20 is none of them, the new player's 15 is one.
    assert [w.split(":")[0] for w in said] == ["list entries of 2 players (IDs 1, 2)",
                                               "list entries of 1 player (ID 3)"]
