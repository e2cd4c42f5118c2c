"""The rating-list data files and their reader (``tests/lists_data.py``).

Every data file says where its numbers come from in its first lines, and the reader refuses
a file that does not have the form its header describes, naming the line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lists_data import DATA, DataError, read_fide, read_icu, read_list_lines

FILES = sorted(DATA.glob("*.txt"))


def test_there_are_data_files() -> None:
    assert [f.name for f in FILES] == [
        "fide-calculations-selected.txt", "fide-calculations.txt", "fide-k-lines.txt", "icu-app-sequence.txt",
    ]


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_each_file_says_where_its_numbers_come_from(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# Source: ")
    header = [line for line in lines if line.startswith("#")]
    assert any(re.match(r"# Read: \d{4}-\d{2}-\d{2}\.", line) for line in header)
    assert any(re.search(r"commit [0-9a-f]{40}", line) for line in header)
    assert any("https://" in line for line in header)


FIDE_GOOD = """\
case X fide=1 born=1990 period=2026-02 list_k=20 list_games=2 total=0.00
list 2026-01=2000 2026-02=2000
event 7 start=2026-01-02 end=2026-01-03 Ro=2000 K=20 w=1.00 n=2 chg=0.00 Kchg=0.00 name=An event
games 2000:1 2000:0
"""


@pytest.mark.parametrize(("text", "message"), [
    (FIDE_GOOD.replace("games 2000:1 2000:0\n", ""), "event 7 has no games line"),
    (FIDE_GOOD.replace("2000:1 ", "2000:2 "), "line 4: a score is 1, 0.5 or 0"),
    (FIDE_GOOD.replace("2000:1 ", "2000 "), "line 4: expected RATING:SCORE"),
    (FIDE_GOOD.replace("period=2026-02", "period=2026-13"), "expected a month YYYY-MM"),
    (FIDE_GOOD.replace("list ", "lists "), "line 2: unknown line 'lists'"),
    ("games 2000:1\n", "line 1: 'games' before the first case"),
    (FIDE_GOOD.replace("Ro=2000", "Ro"), "line 3: expected key=value"),
])
def test_fide_reader_refuses_bad_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(message)):
        read_fide(path)


def test_fide_reader_reads_a_good_file(tmp_path: Path) -> None:
    path = tmp_path / "good.txt"
    path.write_text(FIDE_GOOD, encoding="utf-8")
    (period,) = read_fide(path)
    assert period.previous == "2026-01"
    assert [g.opponent for g in period.events[0].games] == [2000, 2000]
    assert period.events[0].name == "An event"


ICU_GOOD = """\
rating 1 2000 30 full
member 1 dob=1980-01-01 joined=2000-01-01
event: E
start: 2011-01-01
P 1 1 fide=- A
P 2 - fide=2100 B
R 1 2:1
R 2 1:0
"""


@pytest.mark.parametrize(("text", "message"), [
    (ICU_GOOD.replace("2:1", "2:W"), "line 7: expected OPP:1, OPP:= or OPP:0"),
    (ICU_GOOD.replace("fide=2100", "2100"), "line 6: expected fide=RATING or fide=-"),
    (ICU_GOOD.replace("full", "fully"), "line 1: full or provisional"),
    (ICU_GOOD.replace("start: 2011-01-01\n", ""), "event 'E' has no start date"),
    ("P 1 1 fide=- A\n", "line 1: 'P' outside an event"),
    (ICU_GOOD + "Q 1\n", "line 9: unknown line 'Q'"),
])
def test_icu_reader_refuses_bad_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(message)):
        read_icu(path)


LINES_GOOD = """\
block X repo=a/b commit=0123 path=t.scala layout=combined kind=- from=2024-03 to=2024-04
line |1        A, B   |
"""


@pytest.mark.parametrize(("text", "message"), [
    (LINES_GOOD.replace("line |1        A, B   |\n", ""), "block X has no lines"),
    (LINES_GOOD.replace("layout=combined", "layout=pdf"), "line 1: a block needs"),
    (LINES_GOOD.replace(" path=t.scala", ""), "line 1: a block needs"),
    (LINES_GOOD.replace("kind=-", "kind=Blitz"), "line 1: kind= names a single-kind list's kind"),
    (LINES_GOOD.replace("from=2024-03", "from=2024-05"), "line 1: from= is after to="),
    (LINES_GOOD.replace("B   |", "B   "), "line 2: expected `line |TEXT|`"),
    (LINES_GOOD.replace("line |", "xml |"), "line 2: expected `line |TEXT|`"),
    ("line |1 A|\n", "line 1: a line before the first block"),
])
def test_list_lines_reader_refuses_bad_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(message)):
        read_list_lines(path)


def test_list_lines_reader_keeps_trailing_spaces(tmp_path: Path) -> None:
    path = tmp_path / "good.txt"
    path.write_text(LINES_GOOD, encoding="utf-8")
    (block,) = read_list_lines(path)
    assert (block.name, block.layout, block.kind) == ("X", "combined", None)
    assert (block.first, block.last) == ("2024-03", "2024-04")
    assert block.lines == ("1        A, B   ",)
