"""A US Chess event of two players not rated as a match is said: an individual match is rated under
restrictions of its own (US Chess 2020, 7; 2011, 4; 2009, 3) that only Event type Match applies. So on
a crosstable, a season workbook and a season of list entries and events (``xlrating.lists``)."""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

import pytest

from xlrating.crosstable import rate_sheets
from xlrating.lists import Entry, Event, RatingList
from xlrating.lists import rate_season as rate_list_season
from xlrating.season import rate_season_sheets
from xlrating.templates.season import build_season_template

DUO = [["No", "Name", "Rating", "R1", "R2"], [1, "A", 1800, "W2", "D2"], [2, "B", 1700, "L1", "D1"]]


def _event(*rows: list[Any]) -> list[list[Any]]:
    return [["Setting", "Value"], ["System", "USCF"], ["End date", dt.date(2025, 5, 1)], *rows]


def _said(warnings: Any) -> list[str]:
    return [str(w) for w in warnings if "two players" in str(w)]


@pytest.mark.parametrize(("rules", "restrictions"), [
    ("US Chess 2020", "both players established, ratings at most 400 apart, a change of at most 50, "
                      "no bonus, no floors; US Chess 2020, 7"),
    ("USCF 2011", "both players established, ratings at most 400 apart, a change of at most 50, "
                  "no bonus, no floors; USCF 2011, 4"),
    ("USCF 2009", "both players rated, ratings at most 400 apart; USCF 2009, 3"),
])
def test_two_players_rated_as_a_swiss_are_said_at_the_event_type(rules: str, restrictions: str) -> None:
    rated = rate_sheets({"Event": _event(["Rules", rules], ["Event type", "Round robin"]), "Crosstable": DUO})
    assert _said(rated.warnings) == [
        f"Event!B5: Crosstable has two players and is rated with Event type Round robin: an individual match "
        f"is rated under restrictions ({restrictions}) that only Event type Match applies; if this is a "
        "match, set Event type to Match"]


def test_a_match_and_a_larger_event_say_nothing() -> None:
    assert _said(rate_sheets({"Event": _event(["Event type", "Match"]), "Crosstable": DUO}).warnings) == []
    trio = [*DUO[:1], [1, "A", 1800, "W2", "W3"], [2, "B", 1700, "L1", None], [3, "C", 1650, None, "L1"]]
    assert _said(rate_sheets({"Event": _event(), "Crosstable": trio}).warnings) == []
    # FIDE and the ICU rate two players as any event.
    fide = [["Setting", "Value"], ["System", "FIDE"], ["End date", dt.date(2025, 5, 1)]]
    assert _said(rate_sheets({"Event": fide, "Crosstable": DUO}).warnings) == []


def test_a_season_event_of_two_players_is_said_too() -> None:
    book = build_season_template()
    grids = {sheet.title: [list(row) for row in sheet.iter_rows(values_only=True)]
             for sheet in book.worksheets}
    assert _said(rate_season_sheets(grids).notes) == []
    two = copy.deepcopy(grids)
    winter = two["Winter"]  # Brandt and Dunne only, their games with each other
    two["Winter"] = [winter[0], [*winter[1][:5], "D2", None, None], [*winter[2][:5], "D1", None, None]]
    notes = _said(rate_season_sheets(two).notes)
    assert len(notes) == 1
    assert notes[0].startswith("Events!E3: Winter has two players and is rated with Event type Round robin: "
                               "an individual match")


def two_players_said(sheet: str, where: str, event_type: str = "Swiss") -> str:
    """The warning a US Chess 2020 event of two players rated with ``event_type`` gets at ``where``
    (other tests' two-player events, rated as Swisses, get it too)."""
    return (f"{where}: {sheet} has two players and is rated with Event type {event_type}: an individual "
            "match is rated under restrictions (both players established, ratings at most 400 apart, a "
            "change of at most 50, no bonus, no floors; US Chess 2020, 7) that only Event type Match "
            "applies; if this is a match, set Event type to Match")


def _list_of(system: str, rules: str = "") -> RatingList:
    return RatingList(system, {1: Entry(1, 1800.0, 40), 2: Entry(2, 1700.0, 40), 3: Entry(3, 1650.0, 40)},
                      rules, date=dt.date(2025, 1, 1))


GAMES = [(1, 1, 2, 1.0), (2, 2, 1, 0.5)]


@pytest.mark.parametrize(("rules", "restrictions"), [
    ("US Chess 2020", "both players established, ratings at most 400 apart, a change of at most 50, "
                      "no bonus, no floors; US Chess 2020, 7"),
    ("USCF 2009", "both players rated, ratings at most 400 apart; USCF 2009, 3"),
])
def test_a_list_season_event_of_two_players_is_said(rules: str, restrictions: str) -> None:
    result = rate_list_season(_list_of("USCF", rules), [Event("duo", dt.date(2025, 5, 1), GAMES,
                                                              event_type="Round robin")])
    assert _said(result.warnings) == [
        f"event duo: two players, rated with event_type 'Round robin': an individual match is rated under "
        f"restrictions ({restrictions}) that only event_type 'Match' applies; if this is a match, give "
        "event_type='Match'"]


def test_a_list_season_match_or_larger_event_says_nothing() -> None:
    end = dt.date(2025, 5, 1)
    match = Event("duo", end, GAMES, event_type="Match")
    assert _said(rate_list_season(_list_of("USCF"), [match]).warnings) == []
    trio = [*GAMES, (3, 1, 3, 1.0)]
    assert _said(rate_list_season(_list_of("USCF"), [Event("trio", end, trio)]).warnings) == []
    assert _said(rate_list_season(_list_of("FIDE"), [Event("duo", end, GAMES)]).warnings) == []
