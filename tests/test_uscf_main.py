"""``python -m xlrating.uscf``: the example event rates and prints a table."""

import datetime as dt
import subprocess
import sys

from xlrating.model import Method
from xlrating.uscf.__main__ import GAMES, NAMES, PLAYERS, render
from xlrating.uscf.event import rate_event


def test_example_event_prints_every_player() -> None:
    result = subprocess.run([sys.executable, "-m", "xlrating.uscf"], capture_output=True, text=True,
                            check=True)
    lines = result.stdout.splitlines()
    for name in NAMES.values():
        assert sum(name in line for line in lines) == 1
    assert "Unrated" in result.stdout and "USCF 2020" in result.stdout


def test_example_event_uses_every_method_it_shows() -> None:
    outcome = rate_event(PLAYERS, GAMES, end_date=dt.date(2024, 6, 1))
    methods = {p.method for p in outcome.players}
    assert methods == {Method.STANDARD, Method.SPECIAL}
    unrated = outcome.player(7)
    assert unrated.pre_rating is None and unrated.post_rating is not None
    assert "Gus Harlow" in render(outcome, NAMES)
