"""A label that nearly names a setting (``Bonus multipler``) is said where the director sees it: its
row is ignored, so the setting keeps its default, which would otherwise change a rating without a
word. Labels far from every setting's name (a title, an organiser) are notes and say nothing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from test_season_cli import write

from xlrating.cli import main
from xlrating.crosstable import rate_sheets
from xlrating.names import near_miss
from xlrating.season.rate import rate_season_sheets

END = dt.date(2025, 5, 1)
ROWS = [["No", "Name", "Rating", "Games", "Peak", "R1", "R2", "R3"],
        [1, "A", 1500, 40, 1500, "W2", "W3", "W4"],
        [2, "B", 1800, 40, 1800, "L1", "D4", "D3"], [3, "C", 1800, 40, 1800, "D4", "L1", "D2"],
        [4, "D", 1800, 40, 1800, "D3", "D2", "L1"]]


def rated(*event: list[Any]) -> tuple[list[float], list[str]]:
    book = rate_sheets({"Event": [["System", "USCF"], ["End date", END], *event], "Crosstable": ROWS})
    return [p.post_rating for p in book.events[0].outcomes[0].players], [str(w) for w in book.warnings]


def test_a_misspelt_bonus_multiplier_is_said_at_its_label() -> None:
    # The director meant no bonus (B = 0); the misspelt row is ignored and the edition's B applies.
    # The event is rated as given, and the warning says which default that was.
    meant, quiet = rated(["Bonus multiplier", 0])
    given, said = rated(["Bonus multipler", 0])
    assert quiet == []
    assert said == ["Event!A3: 'Bonus multipler' is not a setting: its value 0 is ignored; did you mean "
                    "'Bonus multiplier'?"]
    assert given == rated()[0]  # rated with the default, as said
    assert given != meant       # which here changes a rating


@pytest.mark.parametrize(("label", "meant"), [
    ("Ratng system", "Rating system"), ("End dte", "End date"), ("Evnt type", "Event type"),
    ("Systen", "System"), ("Chief arbitr", "Chief arbiter"), ("Time controls", "Time control"),
    ("Deputy arbiter 2", "Deputy arbiters"), ("Satte", "State"), ("Evnet type", "Event type")])
def test_near_misses_of_every_kind_of_setting(label: str, meant: str) -> None:
    names = {"ratingsystem": "Rating system", "enddate": "End date", "eventtype": "Event type",
             "system": "System", "chiefarbiter": "Chief arbiter", "timecontrol": "Time control",
             "deputyarbiters": "Deputy arbiters", "state": "State"}
    assert near_miss(label, names) == meant


@pytest.mark.parametrize("label", ["Organizer", "Chief TD", "Start", "Notes", "Tiebreak", "Site", "Arbiter",
                                   "Setting", "Rounds", None, 12, "Pairing system", "Round times",
                                   "Federation code", "Chief arbiter name", "Bonus mult"])
def test_notes_and_shortenings_say_nothing(label: Any) -> None:
    # "Chief TD" (the director's name) beside "Chief TD ID", "Start" beside "Start date": a shortening
    # of a name is a note of its own, not a slip.
    assert rated([label, "Someone"])[1] == []


def test_a_label_without_a_value_says_nothing() -> None:
    assert rated(["Bonus multipler", None])[1] == []


def test_a_season_says_its_misspelt_settings_and_event_columns(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "USCF"], ["Rules", "USCF 2020"], ["List dat", dt.date(2024, 5, 1)]],
        "Players": [["ID", "Name", "Rating", "Games"], [10, "Ann", 1500, 30], [11, "Bob", 1500, 30]],
        "Events": [["Sheet", "End date", "Bonus multipler"], ["June", dt.date(2024, 6, 1), 0]],
        "June": [["No", "ID", "Name", "R1"], [1, 10, "Ann", "W2"], [2, 11, "Bob", "L1"]],
    }
    expected = ["Season!A3: 'List dat' is not a setting: its value 2024-05-01 is ignored; did you mean "
                "'List date'?",
                "Events!C1: 'Bonus multipler' is not a column of the Events sheet: it is ignored; did you "
                "mean 'Bonus multiplier'?"]
    assert list(rate_season_sheets(sheets).notes[:2]) == expected
    # The command line prints them, and rates the season as given.
    source = write(tmp_path / "season.xlsx", sheets)
    assert main(["rate", str(source), "-q"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert [f"xlrating: warning: {line}" for line in expected] == err[:2]
