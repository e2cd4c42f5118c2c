"""Time a FIDE season workbook's pending results: writing ``New pending``, reading ``Pending``.

``python benchmarks/bench_pending.py [--players N] [--events E] [--games G]``

A seeded synthetic FIDE list of ``N`` unrated players (default 20,000), each with ``E``
pending events (default 2) of ``G`` games (default 2: too few for a first rating), beside
as many rated players. It prints, each with its time per pending game and its ratio to
the floor pass (``floor.py``, one plain pass of the US Chess standard formula) measured
in the same run over as many games (best of three):

- the ``New pending`` table built from the list (:func:`xlrating.season.pending.pending_table`);
- the ``Pending`` sheet read and checked back into the list
  (:func:`xlrating.season.pending.read_pending`).
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from floor import swiss, time_floor
from timing import best

from xlrating.crosstable import EventSettings
from xlrating.errors import Problem
from xlrating.lists import Entry, PendingEvent, RatingList
from xlrating.season.pending import pending_table, read_pending


def make_list(players: int, events: int, games: int, seed: int = 2026) -> RatingList:
    """``players`` unrated players with pending results, and as many rated players."""
    rng = random.Random(seed)
    entries: dict[str | int, Entry] = {}
    for i in range(players):
        key = f"R{i}"
        entries[key] = Entry(key, rng.randrange(1400, 2500), name=f"Rated {i}")
    for i in range(players):
        key = f"U{i}"
        pending = tuple(
            PendingEvent(dt.date(2025, 1 + e, 20),
                         tuple(float(rng.randrange(1400, 2500)) for _ in range(games)),
                         tuple(rng.choice((0.0, 0.5, 1.0)) for _ in range(games)), first=e == 0,
                         event=f"Event {e + 1}")
            for e in range(events))
        entries[key] = Entry(key, name=f"Unrated {i}", pending=pending)
    return RatingList("FIDE", entries, "2024")



def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--events", type=int, default=2)
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args(argv)
    if not 1 <= args.events <= 12:
        parser.error(f"--events must be from 1 to 12 (one a month of 2025), not {args.events}")
    full = make_list(args.players, args.events, args.games)
    order = list(full.entries)
    table, _formats = pending_table(full, order)
    count = len(table) - 1
    starting = RatingList("FIDE", {key: Entry(key, e.rating, name=e.name) for key, e in full.entries.items()},
                          "2024")
    settings = EventSettings(system="FIDE", rules="FIDE 2024")
    sheets = {"Pending": table}

    def read() -> None:
        problems: list[Problem] = []
        read_list = read_pending(sheets, settings, starting, dt.date(2026, 1, 1), problems)
        assert not problems and read_list["U0"].pending == full["U0"].pending

    _strength, rating, games = swiss(max(2, 2 * count // 9 + 1), 9)
    floor = time_floor(rating, games, repeat=3)
    print(f"pending: {args.players:,} unrated players, {args.events} events of {args.games} games each, "
          f"{count:,} pending games")
    print(f"floor pass: {floor * 1e6:.2f} µs/game ({len(games):,} games)")
    for label, seconds in (("write New pending", best(lambda: pending_table(full, order))),
                           ("read Pending", best(read))):
        per_game = seconds / count
        print(f"{label}: {seconds:.3f} s, {per_game * 1e6:.2f} µs/game, "
              f"{per_game / floor:.0f} x the floor pass")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
