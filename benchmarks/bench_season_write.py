"""Benchmark: a season's first rating beside a long sheet of other data, against ``rate``.

Run on demand (not part of the test suite)::

    python benchmarks/bench_season_write.py [--rows 200000]

The season template (three US Chess events, eight players) with one more sheet, a club's
list of ``--rows`` members (ID, name, rating), rated by ``xlrating season`` for the first
time (it adds the New list and History sheets); and, for comparison, the template's first
event as an event workbook (Event and Crosstable sheets) with the same extra sheet, rated by
``xlrating rate``. Both in-process through ``xlrating.cli.main``, in one run: the best
time of three and tracemalloc's peak, and the season's ratio to ``rate`` for each.
``season`` reads only the sheets a season reads and copies the rest of the file as it is,
so the extra sheet should cost it what it costs ``rate``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import openpyxl
from timing import best, peak_bytes

from xlrating.cli import main
from xlrating.templates.season import EVENTS, PLAYERS, build_season_template, crosstable_rows

EXTRA = "Members"


def members_xml(rows: int) -> bytes:
    """A sheet of ``rows`` members (ID, Name, Rating) under a header row."""
    head = ('<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c><c r="B1" t="inlineStr"><is><t>Member'
            '</t></is></c><c r="C1" t="inlineStr"><is><t>Rating</t></is></c></row>')
    body = "".join(f'<row r="{n}"><c r="A{n}"><v>{20000000 + n}</v></c><c r="B{n}" t="inlineStr"><is><t>'
                   f'Member {n}</t></is></c><c r="C{n}"><v>{1000 + n % 1500}</v></c></row>'
                   for n in range(2, rows + 2))
    return ('<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
            f'spreadsheetml/2006/main"><dimension ref="A1:C{rows + 1}"/><sheetData>{head}{body}</sheetData>'
            "</worksheet>").encode()


def with_members(book: openpyxl.Workbook, path: Path, rows: int) -> Path:
    """Save ``book`` with an empty extra sheet, then fill that sheet's part with the members."""
    book.create_sheet(EXTRA)
    book.save(path)
    part = f"xl/worksheets/sheet{len(book.sheetnames)}.xml"
    with zipfile.ZipFile(path) as archive:
        contents = {name: archive.read(name) for name in archive.namelist()}
    contents[part] = members_xml(rows)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in contents.items():
            archive.writestr(name, data)
    return path


def event_book() -> openpyxl.Workbook:
    """The season template's first event as an event workbook (ratings typed from the list)."""
    _, name, start, end, kind, players, games = EVENTS[0]
    ratings = {row[0]: row[2] for row in PLAYERS[1:]}
    book = openpyxl.Workbook()
    settings = book.active
    settings.title = "Event"
    for row in (["System", "USCF"], ["Event name", name], ["Start date", start], ["End date", end],
                ["Event type", kind]):
        settings.append(row)
    crosstable = book.create_sheet("Crosstable")
    rows: list[list[Any]] = crosstable_rows(players, games)
    for row in rows[1:]:
        row[3] = ratings.get(row[1])
    for row in rows:
        crosstable.append(row)
    return book


def measure(args: list[str]) -> tuple[float, int]:
    def run() -> None:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert main(args) == 0
    return best(run), peak_bytes(run)


def main_(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=200_000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        season = with_members(build_season_template(), Path(folder) / "season.xlsx", args.rows)
        event = with_members(event_book(), Path(folder) / "event.xlsx", args.rows)
        print(f"an extra sheet of {args.rows:,} rows: season.xlsx {season.stat().st_size / 2**20:.1f} MB, "
              f"event.xlsx {event.stat().st_size / 2**20:.1f} MB")
        season_time, season_peak = measure(["season", str(season), "-o", str(Path(folder) / "s.xlsx")])
        rate_time, rate_peak = measure(["rate", str(event), "-o", str(Path(folder) / "e.xlsx")])
    print(f"season (first rating, adds New list and History): {season_time:.2f} s, "
          f"peak {season_peak / 2**20:.1f} MB")
    print(f"rate (one event): {rate_time:.2f} s, peak {rate_peak / 2**20:.1f} MB")
    print(f"season / rate: time {season_time / rate_time:.2f}x, peak memory {season_peak / rate_peak:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main_(sys.argv[1:]))
