"""FIDE's published K against the K rules of the FIDE Rating Regulations 2024 (8.3.3), line by line.

A line of FIDE's monthly list shows a player's rating, the K FIDE will rate him with, his year of
birth and his games in the month (``tests/data/lists/fide-k-lines.txt``, and the lines of
``tests/official_files.py``; every line is a real one, quoted in a public repository named with
its commit). 8.3.3: K 40 for a player new to the list until he has completed 30 games; K 40 for a
player until the end of the year of his 18th birthday while his rating is under 2300; K 20 while
the rating is under 2400; K 10 once a published rating has reached 2400, and permanently.

What one line fixes, and what it cannot (it shows neither the player's games in all, nor his
earlier lists):

- rated 2400 or more: K 10, whatever the games;
- rated under 2400 with K 10: only the permanent rule gives that, so an earlier list reached 2400;
  the line cannot show it, and the check is that nothing else gives 10;
- rated under 2400 with another K (so never 2400 before), under 18 by the year and under 2300:
  K 40, whatever the games;
- anyone else rated under 2400: K 40 with fewer than 30 games in all, else 20; the line does not
  show which, so the published K must be one of the two (20 says established, 40 says new).

The year of birth is all the under-18 rule needs: it runs to the end of a calendar year. The games
of the month do not enter: the list shows K before the 700 rule (FIDE's calculation F-P05 in
``fide-calculations-selected.txt``: 39 games, the list's K 20, the events rated with K 17). Where
the list's month is not known, every month it can be from is checked (a block's from= and to=).

Our :func:`xlrating.fide.k_factor` (``rules="2024"``) must give, for each line, exactly what the
rules give: the one K where the line fixes it (and the published K must be that), the two where
it does not. The same for the K each of FIDE's published calculations quotes from the previous
list (``fide-calculations.txt``, ``fide-calculations-selected.txt``).

The handbook edition (10.52: K 25, 15, 10) is not checked here: no line of a list from its time
with a K column was found (the lists of 2011 quoted in gitpan/Chess-FIDE have none).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path

import pytest
from lists_data import FideListLines, FidePeriod, fide_list_lines, fide_periods, fide_selected
from official_files import (
    BLITZ_AUG26,
    COMBINED_AUG26,
    COMBINED_HEADER,
    COMBINED_LILA_COMMENT,
    SINGLE_HEADER,
    month_label,
)

from xlrating import fide
from xlrating.official._source import ListProblems
from xlrating.official.detect import open_list_file
from xlrating.official.listfile import to_player

LILA = "lichess-org/lila"
LILA_TEST = ("773dbb8266a03c2354cf17c7c2f789d14a8f6105", "modules/fide/src/test/FidePlayerSyncTest.scala")
LILA_SYNC = ("0147749c49f9e90696119ccf45eaa17fe42fdd58", "modules/fide/src/main/FidePlayerSync.scala")

#: The lines ``tests/official_files.py`` already quotes. The two in lila's comment are not dated;
#: the players were born in 1993 and 1994, so no month from 2024 on changes their K.
QUOTED = (
    FideListLines("lila-blitz", LILA, *LILA_TEST, "single", "Blitz", "2026-08", "2026-08",
                  tuple(BLITZ_AUG26)),
    FideListLines("lila-combined", LILA, *LILA_TEST, "combined", None, "2026-08", "2026-08",
                  tuple(COMBINED_AUG26)),
    FideListLines("lila-comment", LILA, *LILA_SYNC, "combined", None, "2024-03", "2026-11",
                  tuple(COMBINED_LILA_COMMENT)),
)
BLOCKS = (*QUOTED, *fide_list_lines())


def months(first: str, last: str) -> list[dt.date]:
    """The first days of the months from ``first`` to ``last`` (YYYY-MM), both included."""
    year, month = (int(part) for part in first.split("-"))
    end = tuple(int(part) for part in last.split("-"))
    found = []
    while (year, month) <= end:
        found.append(dt.date(year, month, 1))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return found


def listed_players(block: FideListLines, folder: Path) -> list:
    """The block's players as xlrating's list reader reads them (one per rated kind)."""
    on = months(block.first, block.first)[0]
    if block.layout == "xml":
        path = folder / "rating_list_xml.xml"
        path.write_text('<playerslist>\n' + "\n".join(block.lines) + "\n</playerslist>\n", encoding="utf-8")
    else:
        header = (COMBINED_HEADER if block.layout == "combined"
                  else SINGLE_HEADER.format(month=month_label(on.year, on.month)))
        path = folder / "rating_list.txt"
        path.write_text("".join(line + "\r\n" for line in (header, *block.lines)), encoding="utf-8")
    listed = open_list_file(path, system="FIDE", date=on, kind=block.kind)
    problems = ListProblems()
    rows = list(listed.rows(problems))
    problems.raise_if_any("bad")
    players = [to_player(listed.system, listed.kinds[row[0]], listed.date, row[1:]) for row in rows]
    return [p for p in players if p.rating is not None]


def ours(rating: float, born: int, on: dt.date, highest: float | None = None) -> set[int]:
    """The K our engine gives for a new player (no games yet) and for an established one."""
    return {int(fide.k_factor(rating, games=games, highest_rating=highest, birth_date=dt.date(born, 1, 1),
                              on=on, rules="2024")) for games in (0, None)}


def check(rating: float, k: int, born: int, on: dt.date) -> str:
    """Check one published K against the rules and our engine; the rule that decided, in words."""
    if rating >= 2400:
        assert (k, ours(rating, born, on)) == (10, {10})
        return "2400 or more: K 10"
    if k == 10:
        assert 10 not in ours(rating, born, on)
        assert ours(rating, born, on, highest=2400) == {10}
        return "under 2400, K 10: reached 2400 before"
    if on.year <= born + 18 and rating < 2300:
        assert (k, ours(rating, born, on)) == (40, {40})
        return "under 18 by the year, under 2300: K 40"
    assert ours(rating, born, on) == {20, 40}
    assert k in (20, 40)
    return f"under 2400, not under 18: K {k} ({'new' if k == 40 else 'established'})"


@pytest.fixture(scope="module")
def players(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list]:
    return {block.name: listed_players(block, tmp_path_factory.mktemp(block.name)) for block in BLOCKS}


def test_each_published_k_is_the_rules_k(players: dict[str, list]) -> None:
    """Every rated kind of every line, for every month its list can be from."""
    decided: Counter[str] = Counter()
    for block in BLOCKS:
        for p in players[block.name]:
            assert p.birth_year is not None, (block.name, p.id)
            rules = {check(p.rating, p.k, p.birth_year, on) for on in months(block.first, block.last)}
            assert len(rules) == 1, (block.name, p.id, rules)  # the month the list is from does not matter
            decided[rules.pop()] += 1
    assert decided == {
        # Leko and Polgar (blitz), Leko (three kinds), Carlsen, Ding and Nakamura (three kinds each).
        "2400 or more: K 10": 2 + 3 + 9,
        # A Arbhin Vanniarajan (born 2018) and Aadya Gowda (2013), blitz; Aadhira V (2011).
        "under 18 by the year, under 2300: K 40": 3,
        # Acevedo Mendez, Lisseth (three kinds); Acevedo Mendez, Oscar (blitz); Ojok (three kinds);
        # Aagney L., Narasimhan (three kinds); Aadhiseshan K (born 2005, no longer under 18 in 2024).
        "under 2400, not under 18: K 20 (established)": 3 + 1 + 3 + 3 + 1,
        # Acevedo Mendez, Oscar (standard, born 1994) and A La, Teng Hua (born 1993).
        "under 2400, not under 18: K 40 (new)": 2,
    }


def test_the_lines_read_are_the_quoted_ones(players: dict[str, list]) -> None:
    """Read off the lines by eye: the reader found every player, with the values quoted."""
    by_block = {name: {(p.id, p.kind): (p.rating, p.k, p.birth_year) for p in found}
                for name, found in players.items()}
    assert by_block["lenguyenthanh"] == {
        ("10001492", "Standard"): (1638, 20, 1974), ("10001492", "Rapid"): (1932, 20, 1974),
        ("10001492", "Blitz"): (1926, 20, 1974), ("8605360", "Standard"): (1949, 40, 1993),
        ("25021044", "Standard"): (1606, 20, 2000), ("25021044", "Rapid"): (1565, 20, 2000),
        ("25021044", "Blitz"): (1567, 20, 2000),
    }
    assert by_block["meow-chess"][("8603677", "Standard")] == (2723, 10, 1992)
    assert len(by_block["meow-chess"]) == 9
    assert by_block["fide2wikipedia"] == {("88180085", "Standard"): (1415, 40, 2011),
                                          ("25101242", "Standard"): (1499, 20, 2005)}


def previous_list(period: FidePeriod) -> tuple[int, dt.date]:
    """The player's rating on the list before the period, and that list's date."""
    year, month = (int(part) for part in period.previous.split("-"))
    return period.lists[period.previous], dt.date(year, month, 1)


@pytest.mark.parametrize("period", [*fide_periods(), *fide_selected()], ids=lambda p: p.case)
def test_the_k_each_calculation_quotes_from_the_list(period: FidePeriod) -> None:
    """FIDE's calculations quote the player's K on the previous list; the rules give it from that
    list's rating, the year of birth and the list's date."""
    rating, on = previous_list(period)
    check(rating, period.list_k, period.born, on)


def test_what_the_calculations_quote() -> None:
    """The 63 K values quoted from the previous list, by the rule that gives each."""
    decided: Counter[str] = Counter()
    for period in (*fide_periods(), *fide_selected()):
        rating, on = previous_list(period)
        decided[check(rating, period.list_k, period.born, on)] += 1
    assert decided == {
        "2400 or more: K 10": 10,
        # The four players of test_real_lists_fide.ONCE_2400: K 10 below 2400.
        "under 2400, K 10: reached 2400 before": 4,
        "under 2400, not under 18: K 20 (established)": 49,
    }
