"""Small events rated by this xlrating and by another version, alternately in one run.

The small-event path must not get slower from one version to the next. This times the
same events under both versions, each in its own Python process, the two taking turns
(``--runs`` turns each, best of them kept), so that the ratio between them holds on a
shared, noisy machine where absolute times do not.

The US Chess events (``--system uscf``, the default): an 8-player round robin of
established players (7 rounds), the 8-player seeded Swiss of ``bench_uscf.py`` (7 rounds;
established, provisional and unrated players), an 8-player round robin of provisional and
unrated players (the special formula, step 3, initial ratings from a FIDE rating and from
nothing) and the 100-player seeded Swiss of ``bench_uscf.py`` (9 rounds). The ICU events
(``--system icu``): the 8-player seeded Swiss of ``bench_icu.py --small`` (5 rounds; rated,
provisional, unrated and foreign players, bonuses possible), an 8-player round robin of
rated, provisional and unrated players (7 rounds, the estimates iterated) and the
100-player seeded Swiss of ``bench_icu.py --small`` (7 rounds). Each is rated explained
and, where the version has it, with ``explain=False``, and every player's outcome is read
(a version may build them as they are read).

Run: ``python benchmarks/versions.py OTHER [--system uscf|icu] [--runs N]``, OTHER being a
folder that holds another version's ``xlrating`` package; xlrating 0.1, for instance::

    mkdir -p /tmp/v01 && git archive 7ec4402 xlrating | tar -x -C /tmp/v01
    python benchmarks/versions.py /tmp/v01

Not run by ``run.py`` (it needs the other version).
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
THIS = HERE.parent
EVENTS = {
    "uscf": ("8 established, round robin", "8 seeded Swiss", "8 provisional and unrated", "100 seeded Swiss"),
    "icu": ("8 seeded Swiss", "8 rated, provisional, unrated", "100 seeded Swiss"),
}
TITLES = {"uscf": "US Chess 2020", "icu": "ICU"}


def _round_robin(make_player: Callable[[int], Any]) -> tuple[list[Any], list[Any]]:
    """Eight players paired by the circle method over 7 rounds, results from a seeded draw."""
    import random

    from xlrating.model import Game

    draw, games = random.Random(3), []
    for rnd in range(1, 8):
        others = list(range(2, 9))
        ring = [1, *others[rnd - 1:], *others[:rnd - 1]]
        games.extend(Game(rnd, ring[i], ring[7 - i], draw.choice([1.0, 0.5, 0.0])) for i in range(4))
    return [make_player(number) for number in range(1, 9)], games


def _events(system: str) -> dict[str, tuple[list[Any], list[Any]]]:
    if system == "icu":
        return _icu_events()
    from bench_uscf import synthetic_event

    from xlrating.uscf import UscfPlayer

    def newcomer(number: int) -> UscfPlayer:
        kinds = [UscfPlayer(number, 1500 + 37 * number, 30 + number), UscfPlayer(number, 1450, 6),
                 UscfPlayer(number, 1600, 12), UscfPlayer(number, fide=1700), UscfPlayer(number)]
        return kinds[number % len(kinds)]

    names = EVENTS["uscf"]
    return {
        names[0]: _round_robin(lambda n: UscfPlayer(n, 1500 + 37 * (n - 1), 30 + n - 1)),
        names[1]: synthetic_event(8, rounds=7),
        names[2]: _round_robin(newcomer),
        names[3]: synthetic_event(100),
    }


def _icu_events() -> dict[str, tuple[list[Any], list[Any]]]:
    from bench_icu import as_games, roster
    from floor import swiss

    from xlrating.icu import IcuPlayer, PlayerKind

    def seeded(size: int, rounds: int) -> tuple[list[Any], list[Any]]:
        _strength, rating, games = swiss(size, rounds=rounds)
        return roster(rating, True), as_games(games)

    def mixed(number: int) -> IcuPlayer:
        rating = 1500 + 37 * number
        kinds = [IcuPlayer(number, PlayerKind.RATED, rating, k=24),
                 IcuPlayer(number, PlayerKind.RATED, rating, k=40),
                 IcuPlayer(number, PlayerKind.PROVISIONAL, rating, games=6),
                 IcuPlayer(number, PlayerKind.UNRATED)]
        return kinds[number % len(kinds)]

    names = EVENTS["icu"]
    return {names[0]: seeded(8, 5), names[1]: _round_robin(mixed), names[2]: seeded(100, 7)}


def _rater(system: str) -> tuple[Callable[..., Any], bool]:
    """The system's ``rate(players, games, explain)`` and whether the version has ``explain``."""
    if system == "icu":
        from bench_icu import EXPLAIN, START

        from xlrating.icu import rate_event

        def rate(players: list[Any], games: list[Any], explain: bool = True) -> Any:
            return rate_event(players, games, start_date=START, **({"explain": explain} if EXPLAIN else {}))

        return rate, EXPLAIN
    from bench_uscf import EXPLAIN as USCF_EXPLAIN
    from bench_uscf import rate as rate_uscf
    return rate_uscf, USCF_EXPLAIN


def child(repeat: int, system: str) -> None:
    """Time every event with the xlrating first on ``sys.path``; print the best times (µs) as JSON."""
    rate, explained = _rater(system)

    times: dict[str, list[float]] = {}
    for name, (players, games) in _events(system).items():
        calls = max(1, 3000 // len(games))
        row = []
        for explain in (True, False):
            if not explain and not explained:
                row.append(math.nan)
                continue
            best = math.inf
            for _ in range(repeat):
                start = time.perf_counter()
                for _ in range(calls):
                    for _outcome in rate(players, games, explain).players:  # each read, if built as read
                        pass
                best = min(best, (time.perf_counter() - start) / calls)
            row.append(best * 1e6)
        times[name] = row
    print(json.dumps(times))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("other", type=Path, help="a folder holding another version's xlrating package")
    parser.add_argument("--system", choices=EVENTS, default="uscf", help="the engine whose events are timed")
    parser.add_argument("--runs", type=int, default=5, help="turns each version takes")
    parser.add_argument("--repeat", type=int, default=5, help="timings per event in each turn")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path[:0] = [str(args.other), str(HERE)]
        child(args.repeat, args.system)
        return
    if not (args.other / "xlrating" / "__init__.py").is_file():
        parser.error(f"no xlrating package in {args.other}")
    best: dict[str, dict[str, list[float]]] = {"this": {}, "other": {}}
    for _ in range(args.runs):
        for label, folder in (("this", THIS), ("other", args.other)):
            command = [sys.executable, __file__, str(folder), "--child", "--repeat", str(args.repeat),
                       "--system", args.system]
            got = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
            for name, row in got.items():
                kept = best[label].get(name, row)
                best[label][name] = [min(a, b) for a, b in zip(kept, row, strict=True)]  # nan stays nan
    print(f"{TITLES[args.system]}; µs per event, best of {args.runs} alternate runs x {args.repeat}; "
          f"ratio = this / {args.other}")
    print(f"{'event':<28} {'this':>9} {'other':>9} {'ratio':>6}   {'explain=False: this':>20} {'other':>9} "
          f"{'ratio':>6}")
    starred = False
    for name in EVENTS[args.system]:
        (this, this_quiet), (other, other_quiet) = best["this"][name], best["other"][name]
        quiet = f"{other_quiet:>9.1f} {this_quiet / other_quiet:>5.2f}x"
        if math.isnan(other_quiet):  # the other version always explains
            quiet, starred = f"{'-':>9} {this_quiet / other:>5.2f}x*", True
        print(f"{name:<28} {this:>9.1f} {other:>9.1f} {this / other:>5.2f}x   {this_quiet:>20.1f} {quiet}")
    if starred:
        print("*: the other version has no explain=False; ratio to its explained time")


if __name__ == "__main__":
    main()
