"""Time the ICU engine on a large event: ``python benchmarks/bench_icu.py [--players N] [--rounds R]``.

A synthetic 1,000-player, 9-round event (random pairings each round, results drawn from
the logistic expected score, fixed seed): 80% rated (a mix of explicit K and K from
birth date and joining date), 10% provisional, 8% unrated, 2% foreign. Prints the best
of ``--repeat`` runs and the iterations the estimates needed.
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date

from xlrating.icu import IcuPlayer, PlayerKind, rate_event
from xlrating.model import Game


def make_event(players: int, rounds: int, seed: int = 2024) -> tuple[list[IcuPlayer], list[Game]]:
    rng = random.Random(seed)
    roster: list[IcuPlayer] = []
    strength: dict[int, float] = {}
    for n in range(1, players + 1):
        true = rng.gauss(1600, 300)
        strength[n] = true
        rating = round(min(max(true + rng.gauss(0, 60), 100), 2700))
        draw = rng.random()
        if draw < 0.08:
            roster.append(IcuPlayer(n, PlayerKind.UNRATED))
        elif draw < 0.18:
            roster.append(IcuPlayer(n, PlayerKind.PROVISIONAL, rating, games=rng.randint(1, 19)))
        elif draw < 0.20:
            roster.append(IcuPlayer(n, PlayerKind.FOREIGN, rating))
        elif draw < 0.60:
            roster.append(IcuPlayer(n, PlayerKind.RATED, rating, k=rng.choice([16, 24, 32, 40])))
        else:
            born = date(rng.randint(1950, 2015), rng.randint(1, 12), rng.randint(1, 28))
            joined = date(rng.randint(max(born.year, 1970), 2023), rng.randint(1, 12), rng.randint(1, 28))
            roster.append(IcuPlayer(n, PlayerKind.RATED, rating, birth_date=born, joined=joined))
    games: list[Game] = []
    numbers = [p.number for p in roster]
    for rnd in range(1, rounds + 1):
        rng.shuffle(numbers)
        for a, b in zip(numbers[::2], numbers[1::2], strict=False):  # odd count: one bye
            p_win = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            x = rng.random()
            score = 1.0 if x < p_win - 0.1 else 0.5 if x < p_win + 0.1 else 0.0
            games.append(Game(rnd, a, b, score))
    return roster, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    players, games = make_event(args.players, args.rounds)
    kinds = {k: sum(p.kind is k for p in players) for k in PlayerKind}
    times = []
    outcome = None
    for _ in range(args.repeat):
        start = time.perf_counter()
        outcome = rate_event(players, games, start_date=date(2024, 6, 1), event_name="Benchmark")
        times.append(time.perf_counter() - start)
    assert outcome is not None
    params = dict(outcome.parameters)
    bonuses = sum(1 for p in outcome.players if p.bonus)
    mix = ", ".join(f"{v} {k.value}" for k, v in kinds.items())
    print(f"ICU rate_event: {args.players} players ({mix}), {args.rounds} rounds, {len(games)} games")
    print(f"iterations: first rating {params['Iterations, first rating']}, "
          f"second rating {params['Iterations, second rating']}; {bonuses} bonuses")
    median = sorted(times)[len(times) // 2]
    print(f"best of {args.repeat}: {min(times) * 1000:.1f} ms (median {median * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
