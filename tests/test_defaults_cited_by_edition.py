"""The defaults a run says are told in the words of the event's own edition: its K, its counts and
its sections (an event rated under the FIDE Handbook is not told of the 2024 regulations' K 40)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from xlrating.crosstable import rate_sheets
from xlrating.lists import Entry, Event, RatingList, rate_season

TRIO = [["No", "Name", "Rating", "R1", "R2"], [1, "A", 1800, "W2", "W3"], [2, "B", 1700, "L1", None],
        [3, "C", 1650, None, "L1"]]


def _warnings(system: str, rules: str, rows: list[list[Any]] = TRIO) -> str:
    event = [["System", system], ["Rules", rules], ["End date", dt.date(2025, 5, 1)]]
    return "\n".join(str(w) for w in rate_sheets({"Event": event, "Crosstable": rows}).warnings)


@pytest.mark.parametrize(("rules", "cited"), [
    ("US Chess 2020", "US Chess 2020, 3"), ("USCF 2011", "USCF 2011, 2.1"), ("USCF 2009", "USCF 2009, 2.1"),
])
def test_a_blank_games_under_us_chess_cites_its_editions_effective_games(rules: str, cited: str) -> None:
    said = _warnings("USCF", rules)
    assert f"the effective games N' and K come from the rating alone ({cited})" in said
    assert "2020" not in said or rules == "US Chess 2020"


@pytest.mark.parametrize(("rules", "cited"), [
    ("US Chess 2020", "US Chess 2020, 5"), ("USCF 2011", "USCF 2011, 2.4"), ("USCF 2009", "USCF 2009, 2.4"),
])
def test_a_blank_peak_under_us_chess_cites_the_floors_of_its_edition(rules: str, cited: str) -> None:
    # C, rated 1650 with 30 games, loses to A: under 1600, the floor a peak of 1800 would hold.
    rows = [["No", "Name", "Rating", "Games", "R1", "R2"], [1, "A", 1800, 40, "W2", "W3"],
            [2, "B", 1700, 40, "L1", None], [3, "C", 1605, 40, None, "L1"]]
    said = _warnings("USCF", rules, rows)
    assert f"to the floor level at or below; {cited}) comes from it" in said


@pytest.mark.parametrize(("rules", "words"), [
    ("FIDE 2024", "a player's with 30 games or more: no K 40 of a new player (FIDE 2024, 8.3.3)"),
    # The Handbook's K for a new player is 25 (10.52).
    ("FIDE handbook", "a player's with 30 games or more: no K 25 of a new player (FIDE Handbook 10.52)"),
])
def test_a_blank_games_under_fide_names_the_new_players_k_of_its_edition(rules: str, words: str) -> None:
    rows = [TRIO[0], [1, "A", 2010, "W2", "W3"], [2, "B", 2020, "L1", None], [3, "C", 2030, None, "L1"]]
    said = _warnings("FIDE", rules, rows)
    assert f"read as {words}; where a player's games are known, type them" in said


def test_a_season_from_python_says_the_editions_words_too() -> None:
    ratings = RatingList("FIDE", {"A": Entry("A", 2000), "B": Entry("B", 1900)}, rules="handbook")
    event = Event("E1", dt.date(2024, 1, 20), [(1, "A", "B", 1.0)])
    said = "\n".join(rate_season(ratings, [event]).warnings)
    assert "no K 25 of a new player (FIDE Handbook 10.52)" in said and "K 40" not in said
