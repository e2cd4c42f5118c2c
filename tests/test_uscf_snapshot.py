"""Regression snapshot of the US Chess event algorithm.

The stored outcomes are a regression snapshot produced by xlrating 0.1 (not numbers
from outside the code): every field of every outcome of the seeded events of
``tests/uscf_snapshot.py``, floats by repr, steps and game lines included. Any
difference fails. The numbers' correctness is the business of the other US Chess tests,
whose golden numbers come from the rule documents and real events.
"""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

import pytest
from snapshot_floats import assert_same
from uscf_snapshot import HEADER, SNAPSHOT, encode, events, rate

from xlrating import _vector
from xlrating.uscf import core

STORED: dict[str, Any] = json.loads(gzip.decompress(SNAPSHOT.read_bytes()))
CASES = events()


def test_the_snapshot_says_what_it_is() -> None:
    assert next(iter(STORED)) == "header"
    assert STORED["header"] == HEADER
    assert "regression snapshot" in HEADER.casefold()
    assert sorted(STORED["events"]) == sorted(name for name, *_ in CASES)


#: The note 0.1 gave every established player without a game count; notes are now kept for
#: what is unusual, so it is no longer given (the only change to the players since 0.1).
USUAL_NOTE = "established rating with N not given: N' = N*, standard formula"


#: Since 0.1, a player rated from a default at step 1 says so in his notes (a successful run says
#: every default it took), citing the edition's section, and the p = 0 rule's note is in words.
#: These are the only notes added or reworded; each is derived here from the stored step 1 detail
#: or the stored note, so every other field stays pinned as 0.1 recorded it.
CITED = {"USCF 2009": ("USCF 2009", "step 1", "step 1"), "USCF 2011": ("USCF 2011", "step 1", "step 1")}
SECTIONS_2020 = {"Regular": "2.1", "Quick": "2.2", "Blitz": "2.3", "Online Regular": "2.4",
                 "Online Quick": "2.5", "Online Blitz": "2.6"}
OLD_P0 = "p = 0 rule: R0 left the flat stretch"
NEW_P0 = ("no opponent within 400 points of the result: the lowest rating that fits the score, the nearest "
          "to the starting rating ({}, step 4)")


def default_notes(event: dict[str, Any], player: dict[str, Any]) -> list[str]:
    """The notes 0.1 did not give: the step 1 default the player was rated from, if any."""
    if event["rules"] == "USCF 2020":
        document, priority, age = ("US Chess 2020", SECTIONS_2020[event["rating_system"]], "2.7")
    else:
        document, priority, age = CITED[event["rules"]]
    detail = player["steps"][0]["detail"] if player["steps"] else ""
    if not player["rated_games"]:
        return []
    if detail.endswith("default rating 750, N = 0"):
        return [f"default initial rating 750, nothing to start from ({document}, {priority})"]
    if "(adult without birth date, counted as 26)" in detail:
        return [f"no Birth date, Adult: counted as 26, initial rating 1300 ({document}, {age})"]
    miscoded = re.search(r"\(age (-?[0-9.]+) below 3: miscoded birth date", detail)
    if miscoded:
        return [f"Birth date gives age {miscoded[1]}, under 3: counted as 26, initial rating 1300 "
                f"({document}, {age})"]
    return []


def renoted(event: dict[str, Any], player: dict[str, Any]) -> list[str]:
    """A stored player's notes as given today: without :data:`USUAL_NOTE`, with the default note
    after step 1's other notes (an ignored other_ratings entry) and the p = 0 note reworded."""
    special = "4.1" if event["rules"] == "USCF 2020" else "2.2"
    document = "US Chess 2020" if event["rules"] == "USCF 2020" else event["rules"]
    notes = [NEW_P0.format(f"{document}, {special}") if note == OLD_P0 else note
             for note in player["notes"] if note != USUAL_NOTE]
    at = sum(note.startswith("other_ratings entry") for note in notes)
    return [*notes[:at], *default_notes(event, player), *notes[at:]]


def reshaped(event: dict[str, Any]) -> dict[str, Any]:
    """A stored event with its parameters in today's order: the keys every engine starts
    with (Edition, Event type, Start date, End date), then the rest as before, and its players'
    notes as :func:`renoted` gives them. Only the parameters' order, the new keys and those notes
    changed since 0.1 (the snapshot's events give no start date)."""
    old = event["parameters"]
    given = dict(old)
    shared = [["Edition", event["rules"]], ["Event type", given["Event type"]], ["Start date", "not given"],
              ["End date", given["End date"]]]
    players = [{**player, "notes": renoted(event, player)} for player in event["players"]]
    return {**event, "parameters": shared + [p for p in old if p[0] not in ("Event type", "End date")],
            "players": players}


def test_the_notes_added_since_0_1_are_the_defaults_and_the_p0_rule_in_words() -> None:
    # The stored players rated from a default at step 1 (the default 750, an adult without a birth
    # date, a miscoded birth date) under each edition, and the one p = 0 note, are there to change.
    added = [note for event in STORED["events"].values() for player in event["players"]
             for note in default_notes(event, player)]
    assert sum(note.startswith("default initial rating 750") for note in added) > 50
    assert sum(note.startswith("no Birth date, Adult") for note in added) > 50
    assert sum(note.startswith("Birth date gives age") for note in added) > 5
    assert {note.rsplit("(", 1)[1] for note in added} >= {"USCF 2009, step 1)", "USCF 2011, step 1)",
                                                          "US Chess 2020, 2.1)", "US Chess 2020, 2.7)"}
    assert sum(player["notes"].count(OLD_P0) for event in STORED["events"].values()
               for player in event["players"]) == 1


def test_the_usual_note_was_in_the_snapshot_and_is_the_only_note_dropped() -> None:
    # The snapshot holds the note for many players; everything else about them is unchanged.
    dropped = sum(player["notes"].count(USUAL_NOTE) for event in STORED["events"].values()
                  for player in event["players"])
    assert dropped > 100


@pytest.mark.parametrize(("name", "roster", "games", "kwargs"), CASES, ids=[c[0] for c in CASES])
def test_event_matches_the_snapshot(name: str, roster: Any, games: Any, kwargs: dict[str, Any]) -> None:
    got = encode(rate(kwargs, roster, games))
    want = reshaped(STORED["events"][name])
    assert_same(got["players"], want["players"], name)
    rest = {k: v for k, v in got.items() if k != "players"}
    assert_same(rest, {k: v for k, v in want.items() if k != "players"}, name)


@pytest.mark.parametrize(("name", "roster", "games", "kwargs"), CASES, ids=[c[0] for c in CASES])
def test_explain_false_keeps_every_number(name: str, roster: Any, games: Any, kwargs: dict[str, Any]) -> None:
    got = encode(rate(kwargs, roster, games, explain=False))
    want = reshaped(STORED["events"][name])
    want["players"] = [{**player, "steps": [], "games": []} for player in want["players"]]
    assert_same(got, want, name)


@pytest.mark.parametrize("path", ["vectorised", "player by player"])
@pytest.mark.parametrize(("name", "roster", "games", "kwargs"), CASES, ids=[c[0] for c in CASES])
def test_both_standard_paths_match_the_snapshot(name: str, roster: Any, games: Any, kwargs: dict[str, Any],
                                                path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The standard formula runs vectorised from core.FROM_SIDES sides on, player by
    # player below; every event must come out the same either way.
    if path == "vectorised" and not _vector.AVAILABLE:
        pytest.skip("the numpy path needs numpy")
    monkeypatch.setattr(core, "FROM_SIDES", 0 if path == "vectorised" else 10**9)
    got = encode(rate(kwargs, roster, games))
    assert_same(got, reshaped(STORED["events"][name]), name)
