"""Benchmark: the importers on hostile text grow linearly with its size; the exporters' speed.

Run on demand (not part of the test suite)::

    python benchmarks/bench_import.py [--size 200000]

Part 1 times each reader on a hostile input of SIZE and of 4 x SIZE characters and
prints the ratio: about 4 for a linear reader, about 16 for a quadratic one (on a busy
machine single figures wobble; a quadratic reader stands out by far). For contrast it
times the MSA player-line pattern the importer used before (``1 |`` followed by letters
made it backtrack over the line once per letter) on 12,500 and 50,000 letters, in the
same run.

Part 2 times the refusal of a PGN file of GAMES and of 4 x GAMES games, each game its
own round between two new players (a sheet of 2 x GAMES players by GAMES rounds, almost
every cell unplayed): the importers bound a sheet's cells before making any, so the ratio
is about 4 (before the bound, 1,000 such games took 114 s and 963 MB to import).

Part 3 imports a 400-player, 9-round TRF file, exports it back to TRF and to DBF, and
quotes each against the floor pass of ``benchmarks/floor.py`` over the same games,
measured in the same run.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from floor import floor_pass, swiss
from timing import best

from xlrating.importers._common import Problems
from xlrating.importers.dbf import _read_round
from xlrating.importers.msa import _is_player_line, _read_result
from xlrating.importers.pgn import read_games

#: The MSA player-line pattern before it was made linear, for contrast.
OLD_PLAYER_LINE = re.compile(r"\s*[0-9]+\s*\|[^|]*[A-Za-z][^|]*\|", re.ASCII)



def hostile(size: int) -> None:
    """Each reader on its hostile input of ``size`` and ``4 * size`` characters (inputs built first)."""
    cases: dict[str, tuple[Callable[[int], str], Callable[[str], object]]] = {
        "MSA player line '1 |' + letters": (lambda n: "    1 |" + "a" * n, _is_player_line),
        "MSA round cell 'W' + spaces + 'x'": (lambda n: "W" + " " * n + "x",
                                              lambda t: _read_result(t, "t", 1, Problems())),
        "DBF round cell 'W' + spaces + 'x'": (lambda n: "W" + " " * n + "x",
                                              lambda t: _read_round(t, "t", 1, Problems())),
        "PGN unclosed string of '['": (lambda n: '[Event "' + "[" * n, read_games),
        "PGN unclosed comment": (lambda n: '[Round "1"]\n\n1. e4 {' + "x" * n, read_games),
    }
    print(f"{'reader':40} {'n':>9} {'4n':>9}  ratio (linear ~4, quadratic ~16)")
    for name, (make, read) in cases.items():
        small_text, large_text = make(size), make(4 * size)
        small = best(lambda: read(small_text))  # noqa: B023
        large = best(lambda: read(large_text))  # noqa: B023
        print(f"{name:40} {small * 1e3:8.2f}ms {large * 1e3:8.2f}ms  {large / small:5.1f}")
    old_n = 12_500  # the old pattern takes minutes at the sizes above
    old_small_text, old_large_text = "    1 |" + "a" * old_n, "    1 |" + "a" * (4 * old_n)
    old_small = best(lambda: OLD_PLAYER_LINE.match(old_small_text), 1)
    old_large = best(lambda: OLD_PLAYER_LINE.match(old_large_text), 1)
    label = "before: the old MSA player-line pattern"
    print(f"{label:40} {old_small * 1e3:8.2f}ms {old_large * 1e3:8.2f}ms  {old_large / old_small:5.1f}  "
          f"(n = {old_n:,})")


def sparse(games: int) -> None:
    """The refusal of a PGN file of ``games`` and ``4 * games`` games, each its own round."""
    from xlrating.errors import FormatError
    from xlrating.importers import parse_pgn

    def text(count: int) -> str:
        return "".join(f'[Round "{n}"]\n[White "W{n}"]\n[Black "B{n}"]\n[Result "1-0"]\n\n1-0\n\n'
                       for n in range(1, count + 1))

    def refuse(source: str) -> None:
        try:
            parse_pgn(source, "games.pgn")
        except FormatError:
            return
        raise AssertionError("the sparse PGN file was imported")

    small_text, large_text = text(games), text(4 * games)
    small = best(lambda: refuse(small_text))
    large = best(lambda: refuse(large_text))
    print(f"\nPGN, each game its own round: {games:,} games ({len(small_text) // 1024:,} KB) "
          f"{small * 1e3:8.2f} ms, {4 * games:,} games {large * 1e3:8.2f} ms  "
          f"ratio {large / small:5.1f} (linear ~4)")


def trf_text(players: int, rounds: int) -> str:
    """A TRF file of the floor's Swiss: every game in both players' lines."""
    _, rating, games = swiss(players, rounds)
    cells: dict[int, dict[int, str]] = {n: {} for n in range(1, players + 1)}
    for rnd, a, b, score in games:
        result = {1.0: ("1", "0"), 0.5: ("=", "="), 0.0: ("0", "1")}[score]
        cells[a][rnd] = f"{b:4d} w {result[0]}"
        cells[b][rnd] = f"{a:4d} b {result[1]}"
    dates = "".join(f"24/01/{day:02d}  " for day in range(1, rounds + 1)).rstrip()
    lines = ["012 Benchmark Swiss", "022 Dublin", "032 IRL", "042 2024/01/01", "052 2024/01/09",
             "102 Arbiter, Ann", f"132 {' ' * 87}{dates}"]  # what a TRF-2026 export requires
    for n in range(1, players + 1):
        fields = [cells[n].get(r, "0000 - F") for r in range(1, rounds + 1)]
        points = sum({"1": 1.0, "=": 0.5, "F": 1.0}.get(f[-1], 0.0) for f in fields)
        lines.append(f"001 {n:4d} m    {'Player ' + str(n):<33} {rating[n - 1]:4d} IRL {n:11d} 1990/01/01 "
                     f"{points:4.1f} {n:4d}  " + "  ".join(fields))
    return "\n".join(lines) + "\n"


def round_trip(players: int, rounds: int) -> None:
    import openpyxl

    from xlrating.exporters import export_workbook
    from xlrating.importers import import_to_workbook

    _, rating, games = swiss(players, rounds)
    floor = best(lambda: floor_pass(rating, games))
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "event.trf"
        source.write_text(trf_text(players, rounds), encoding="utf-8")
        workbook = Path(folder) / "event.xlsx"

        def do_import() -> None:
            workbook.unlink(missing_ok=True)
            import_to_workbook(source, workbook)

        imported = best(do_import, 1)
        out = Path(folder) / "out.trf"
        trf = best(lambda: export_workbook(workbook, "trf", out), 1)
        book = openpyxl.load_workbook(workbook)  # the same event as a US Chess one
        book["Event"]["B2"], book["Event"]["B3"] = "USCF", None
        book.save(workbook)
        dbf = best(lambda: export_workbook(workbook, "dbf", Path(folder) / "dbf", force=True), 1)
    print(f"\n{players} players, {rounds} rounds, {len(games)} games; floor pass {floor * 1e3:.2f} ms")
    for name, seconds in (("import TRF -> workbook", imported), ("export workbook -> TRF", trf),
                          ("export workbook -> DBF", dbf)):
        print(f"{name:26} {seconds:7.3f} s  = {seconds / floor:8.0f} x the floor pass")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=200_000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    hostile(args.size)
    sparse(args.games)
    round_trip(args.players, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
