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


def reshaped(event: dict[str, Any]) -> dict[str, Any]:
    """A stored event with its parameters in today's order: the keys every engine starts
    with (Edition, Event type, Start date, End date), then the rest as before, and without
    :data:`USUAL_NOTE`. Only the parameters' order, the new keys and that note changed
    since 0.1 (the snapshot's events give no start date)."""
    old = event["parameters"]
    given = dict(old)
    shared = [["Edition", event["rules"]], ["Event type", given["Event type"]], ["Start date", "not given"],
              ["End date", given["End date"]]]
    players = [{**player, "notes": [note for note in player["notes"] if note != USUAL_NOTE]}
               for player in event["players"]]
    return {**event, "parameters": shared + [p for p in old if p[0] not in ("Event type", "End date")],
            "players": players}


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
