"""A US Chess player rated from a default at step 1 says so in his notes, under every edition.

US Chess 2020, 2.1-2.6 (and 2009/2011, step 1): with nothing to start from, an unrated player
starts at 750 (N = 0); 2.7 (2009/2011: step 1): an adult without a birth date, and a birth date
giving an age under 3, count as 26 years old (1300). A rating from a birth date is no default.
"""

from __future__ import annotations

import datetime as dt

import pytest

from xlrating.model import Game
from xlrating.uscf import UscfPlayer, rate_event

END = dt.date(2024, 6, 1)
CITED = {"2009": ("USCF 2009", "step 1", "step 1"), "2011": ("USCF 2011", "step 1", "step 1"),
         "2020": ("US Chess 2020", "2.1", "2.7")}


@pytest.mark.parametrize("explain", [True, False])
@pytest.mark.parametrize("rules", ["2009", "2011", "2020"])
def test_every_default_of_step_1_is_a_note(rules: str, explain: bool) -> None:
    players = [UscfPlayer(1), UscfPlayer(2, adult=True), UscfPlayer(3, birth_date=dt.date(2023, 1, 1)),
               UscfPlayer(4, birth_date=dt.date(2012, 6, 1)), UscfPlayer(5, 1500.0, 30), UscfPlayer(6)]
    games = [Game(1, 1, 5, 1.0), Game(1, 2, 3, 0.5), Game(2, 1, 2, 0.0), Game(2, 3, 4, 0.0),
             Game(3, 4, 5, 0.5)]
    outcome = rate_event(players, games, rules=rules, end_date=END, explain=explain)
    document, priority, age = CITED[rules]
    notes = {p.player: p.notes for p in outcome.players}
    assert notes[1][0] == f"default initial rating 750, nothing to start from ({document}, {priority})"
    assert notes[2][0] == f"no Birth date, Adult: counted as 26, initial rating 1300 ({document}, {age})"
    assert notes[3][0] == (f"Birth date gives age 1.42, under 3: counted as 26, initial rating 1300 "
                           f"({document}, {age})")
    assert not any("initial rating" in note for note in notes[4])  # age 12: from his data, 600
    assert notes[6] == ("no rated games: stays unrated",)  # his default rated no one


def test_the_default_cites_the_rating_systems_own_order_of_priority() -> None:
    players = [UscfPlayer(1), UscfPlayer(2, 1500.0, 30)]
    for system, section in (("Quick", "2.2"), ("Blitz", "2.3"), ("Online Regular", "2.4"),
                            ("Online Quick", "2.5"), ("Online Blitz", "2.6")):
        outcome = rate_event(players, [Game(1, 1, 2, 0.5)], rules="2020", rating_system=system, end_date=END)
        assert outcome.player(1).notes[0] == ("default initial rating 750, nothing to start from "
                                              f"(US Chess 2020, {section})")


def test_a_fide_rating_converted_without_an_end_date_is_said_once() -> None:
    # US Chess's conversion from 1 March 2024 is chosen by the end date; without one the 2020
    # document's own (2.7: 180 + 0.94 FIDE up to 2000) is used, and the event's notes say so.
    players = [UscfPlayer(1, fide=1500), UscfPlayer(2, 1500.0, 30), UscfPlayer(3, fide=1600)]
    games = [Game(1, 1, 2, 0.5), Game(2, 3, 2, 0.5)]
    outcome = rate_event(players, games, rules="2020")
    assert outcome.player(1).initial_rating == 180 + 0.94 * 1500
    assert outcome.notes == ("No end date given: FIDE ratings converted by the USCF 2020 document's "
                             "own conversion (US Chess 2020, 2.7; US Chess's from 1 March 2024 needs the "
                             "end date)",)
    assert rate_event(players, games, rules="2020", end_date=END).notes == ()
    assert rate_event(players, games, rules="2011").notes == ()  # 2011 has one conversion only
