"""``python -m xlrating.uscf``: rate a small fictional event and print the result.

Seven players, four rounds (a Swiss, 2020 rules, Regular system, ending 1 June 2024):
established, provisional and one unrated player. The table shows each player's pre-
and post-event ratings as US Chess prints them (rounded; ``P12`` = provisional, based
on 12 games) and the method used.
"""

from __future__ import annotations

import datetime as dt
import math

from ..model import EventOutcome, Game
from .event import rate_event
from .player import UscfPlayer

NAMES = {
    1: "Ada Marsh", 2: "Ben Okafor", 3: "Cleo Ruiz", 4: "Dev Patel",
    5: "Eli Novak", 6: "Fay Lindqvist", 7: "Gus Harlow",
}

PLAYERS = (
    UscfPlayer(1, rating=2012, games=140, peak=2080, wins=60, draws=30, events=20),
    UscfPlayer(2, rating=1840, games=65, wins=25, draws=10, events=9),
    UscfPlayer(3, rating=1725, games=12),
    UscfPlayer(4, rating=1590, games=230, peak=1655),
    UscfPlayer(5, rating=1430, games=6),
    UscfPlayer(6, rating=1310, games=40),
    UscfPlayer(7, birth_date=dt.date(2011, 3, 14)),
)

# (round, white, black, white's score); one bye a round (7, 5, 6, 2), not rated.
GAMES = tuple(Game(r, a, b, s) for r, a, b, s in (
    (1, 1, 4, 1), (1, 5, 2, 0), (1, 3, 6, 0.5),
    (2, 2, 3, 0.5), (2, 4, 7, 0), (2, 6, 1, 0),
    (3, 1, 3, 1), (3, 7, 2, 0), (3, 4, 5, 0.5),
    (4, 7, 1, 0.5), (4, 3, 4, 1), (4, 5, 6, 1),
))


def _round(rating: float) -> int:
    return math.floor(rating + 0.5)


def _shown(rating: float | None, games: int | None, established: int = 25) -> str:
    if rating is None:
        return "Unrated"
    text = str(_round(rating))
    if games is not None and games <= established:
        text += f"P{games}"
    return text


def render(outcome: EventOutcome, names: dict[int, str]) -> str:
    """A readable table of pre- and post-event ratings."""
    rows = [f"{'No':>3}  {'Name':<14} {'Pre':>9} {'Score':>5}  {'Method':<9} {'Post':>9} {'Change':>7}  "
            "Notes"]
    for p in outcome.players:
        shown = None if p.pre_rating is None or p.post_rating is None else (
            _round(p.post_rating) - _round(p.pre_rating))
        change = "" if shown is None else f"{shown:+d}"
        notes = "; ".join(p.notes)
        rows.append(f"{p.player:>3}  {names.get(p.player, ''):<14} {_shown(p.pre_rating, p.pre_games):>9} "
                    f"{p.rated_score:>5g}  {p.method.value:<9} {_shown(p.post_rating, p.post_games):>9} "
                    f"{change:>7}  {notes}")
    params = dict(outcome.parameters)
    rows.append("")
    rows.append(f"{outcome.rules}, {outcome.rating_system} system, B = {params['Bonus multiplier B']} "
                f"({params['Bonus multiplier source']})")
    return "\n".join(rows)


def main() -> None:
    """Rate the example event and print it."""
    outcome = rate_event(PLAYERS, GAMES, rating_system="Regular", end_date=dt.date(2024, 6, 1))
    print("Example event: 7 players, 4 rounds (fictional)\n")
    print(render(outcome, NAMES))


if __name__ == "__main__":
    main()
