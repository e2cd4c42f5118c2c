"""The list store: lists kept by date, rows stored only when they change, look-ups, refusals.

The lists here are FIDE TXT lists made by ``tests/official_files.py`` (made-up players in
FIDE's layout) and the real lines quoted there. What is checked is the store's own
promise: a look-up answers exactly what the list in force on the date says, whichever
order the lists were loaded in, and a list costs the rows that changed.
"""

from __future__ import annotations

import datetime as dt
import inspect
import itertools
import sqlite3
from pathlib import Path

import pytest
from official_files import BLITZ_AUG26, SINGLE_HEADER, write_fide_txt

from xlrating.errors import FormatError
from xlrating.official import PlayerSource
from xlrating.official.store import ListStore, StoreError, default_path, fold_key, fold_name

NOV, DEC, JAN = dt.date(2026, 11, 1), dt.date(2026, 12, 1), dt.date(2027, 1, 1)


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def on_list(path: Path) -> dict[str, tuple[str, float | None, int | None]]:
    """What a TXT list says of each player, read by slicing FIDE's columns directly."""
    return {
        line[:15].strip(): (line[15:76].strip(), float(line[113:119]), int(line[119:123]))
        for line in lines_of(path)[1:]
    }


@pytest.fixture
def months(tmp_path: Path) -> list[Path]:
    """Three monthly standard lists of about 300 players: ratings change, players join and leave."""
    nov = write_fide_txt(tmp_path / "standard_nov26frl.txt", 300, month=11, step=0)
    dec = write_fide_txt(tmp_path / "standard_dec26frl.txt", 300, month=12, step=1)
    jan = write_fide_txt(tmp_path / "standard_jan27frl.txt", 300, year=2027, month=1, step=2)
    kept = lines_of(jan)
    del kept[5:9]  # four players leave the January list
    jan.write_text("\r\n".join(kept) + "\r\n", encoding="utf-8")
    return [nov, dec, jan]


def test_the_store_answers_a_player_source_s_calls() -> None:
    for name in ("lookup", "find_by_name"):
        assert inspect.signature(getattr(ListStore, name)) == inspect.signature(getattr(PlayerSource, name))


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_a_lookup_answers_the_list_in_force_whatever_the_loading_order(
    tmp_path: Path, months: list[Path], order: tuple[int, ...]
) -> None:
    with ListStore(tmp_path / "lists.sqlite") as store:
        for index in order:
            store.add(months[index])
        everyone = set().union(*(on_list(month) for month in months))
        for date, expected in (
            (NOV, on_list(months[0])),
            (dt.date(2026, 12, 31), on_list(months[1])),
            (dt.date(2027, 3, 5), on_list(months[2])),
        ):
            found = store.lookup("FIDE", "Standard", sorted(everyone), date)
            assert {pid: (p.name, p.rating, p.games) for pid, p in found.items()} == expected
        assert store.lookup("FIDE", "Standard", sorted(everyone), dt.date(2026, 10, 31)) == {}
        assert [info.date for info in store.lists()] == [NOV, DEC, JAN]


def test_next_month_costs_the_rows_that_changed(tmp_path: Path, months: list[Path]) -> None:
    with ListStore(tmp_path / "lists.sqlite") as store:
        first = store.add(months[0])
        second = store.add(months[1])
        third = store.add(months[2])
    nov, dec, jan = (on_list(month) for month in months)
    changed = sum(1 for pid, row in dec.items() if nov.get(pid) != row)
    assert first.rows_written == len(nov)
    assert second.rows_written == changed < len(dec) / 2
    left = len(set(dec) - set(jan))
    assert left >= 3  # four lines were taken out of January's list, the odd one a newcomer
    assert third.rows_written == sum(1 for pid, row in jan.items() if dec.get(pid) != row) + left


def test_a_player_who_left_the_list_is_not_on_it(tmp_path: Path, months: list[Path]) -> None:
    gone = min(set(on_list(months[1])) - set(on_list(months[2])))
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add_files(months)
        assert gone in store.lookup("FIDE", "Standard", [gone], DEC)
        assert store.lookup("FIDE", "Standard", [gone], JAN) == {}
        assert [p.list_date for p in store.history("FIDE", gone)] == [NOV, DEC]


def test_a_file_loaded_twice_is_loaded_once(tmp_path: Path, months: list[Path]) -> None:
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(months[0])
        again = store.add(months[0])
        assert again.already and again.lists == () and "loaded before" in again.notes[0]
        assert len(store.lists()) == 1


def test_another_file_of_a_loaded_list_is_refused(tmp_path: Path, months: list[Path]) -> None:
    copy = months[0].with_name("standard_nov26frl_copy.txt")
    copy.write_text(months[0].read_text(encoding="utf-8") + "\r\n", encoding="utf-8")
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(months[0])
        with pytest.raises(FormatError, match="FIDE's Standard list of November 2026 is already loaded"):
            store.add(copy)


def test_a_bad_file_among_good_ones_stores_nothing(tmp_path: Path, months: list[Path]) -> None:
    bad = months[2]
    kept = lines_of(bad)
    kept[40] = kept[40][:113] + "12x4" + kept[40][117:]
    bad.write_text("\r\n".join(kept) + "\r\n", encoding="utf-8")
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(months[0])
        before = (tmp_path / "lists.sqlite").read_bytes()
        with pytest.raises(FormatError) as caught:
            store.add_files([months[1], bad])
        assert [str(p) for p in caught.value.problems] == [
            "standard_jan27frl.txt line 41: the rating '12x4' is not a whole number from 0 to 4000"
        ]
        assert [info.date for info in store.lists()] == [NOV]
    assert (tmp_path / "lists.sqlite").read_bytes() == before


def test_a_failed_first_load_leaves_no_store_behind(tmp_path: Path) -> None:
    path = tmp_path / "blitz_aug26frl.txt"
    path.write_text(
        SINGLE_HEADER.format(month="AUG26") + "\n" + BLITZ_AUG26[0] + "\n" + BLITZ_AUG26[0] + "\n"
    )
    with pytest.raises(FormatError, match="line 3: the ID 703303 is listed twice"):
        ListStore(tmp_path / "new" / "lists.sqlite").add(path)
    assert not (tmp_path / "new" / "lists.sqlite").exists()


def test_names_are_found_folded(tmp_path: Path) -> None:
    path = tmp_path / "blitz_aug26frl.txt"
    path.write_text(SINGLE_HEADER.format(month="AUG26") + "\n" + "\n".join(BLITZ_AUG26) + "\n")
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(path)
        found = store.find_by_name("FIDE", "Blitz", "POLGAR judit", dt.date(2026, 9, 1))
        assert [p.id for p in found] == ["700070"]
        assert store.find_by_name("FIDE", "Blitz", "Polgar, Judit", dt.date(2026, 7, 31)) == []
        assert store.find_by_name("FIDE", "Blitz", "Polgar, Zsuzsa", dt.date(2026, 9, 1)) == []
    assert fold_name("O'Brien-Núñez, Seán") == fold_name("obrien nunez sean")


def test_players_of_a_federation(tmp_path: Path) -> None:
    path = tmp_path / "blitz_aug26frl.txt"
    path.write_text(SINGLE_HEADER.format(month="AUG26") + "\n" + "\n".join(BLITZ_AUG26) + "\n")
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(path)
        assert [p.name for p in store.players("FIDE", "Blitz", dt.date(2026, 8, 1), federation="IND")] == [
            "Aadya Gowda",
            "A Arbhin Vanniarajan",
        ]
        assert len(list(store.players("FIDE", "Blitz", dt.date(2026, 8, 1)))) == 4
        assert list(store.players("FIDE", "Rapid", dt.date(2026, 8, 1))) == []


def test_a_store_not_made_yet_finds_nothing_and_is_not_made(tmp_path: Path) -> None:
    store = ListStore(tmp_path / "none.sqlite")
    assert store.lists() == [] and store.lookup("FIDE", "Standard", ["1503014"], NOV) == {}
    assert not (tmp_path / "none.sqlite").exists()


def test_a_damaged_store_is_one_clear_line(tmp_path: Path, months: list[Path]) -> None:
    damaged = tmp_path / "lists.sqlite"
    damaged.write_bytes(b"this is not a database" * 100)
    with pytest.raises(
        StoreError, match=r"^the list store .*lists.sqlite is damaged .*load the lists again$"
    ):
        ListStore(damaged).lists()


def test_a_locked_store_is_one_clear_line(tmp_path: Path, months: list[Path]) -> None:
    path = tmp_path / "lists.sqlite"
    ListStore(path).add(months[0])
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match=r"^the list store .* is in use by another program \(locked\)"):
            ListStore(path, timeout=0).add(months[1])
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_store_of_another_program_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    sqlite3.connect(path).execute("CREATE TABLE t(x)").connection.commit()
    with pytest.raises(StoreError, match="not an xlrating list store"):
        ListStore(path).lists()


def test_the_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XLRATING_DB", str(tmp_path / "mine.sqlite"))
    assert default_path() == tmp_path / "mine.sqlite"
    monkeypatch.delenv("XLRATING_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.platform", "linux")
    assert default_path() == tmp_path / "data" / "xlrating" / "lists.sqlite"
    monkeypatch.setattr("sys.platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    assert default_path() == tmp_path / "local" / "xlrating" / "lists.sqlite"


def test_arguments_are_checked() -> None:
    store = ListStore("x.sqlite")
    with pytest.raises(ValueError, match="Argument 'system'"):
        store.lookup("chess.com", "Standard", ["1"], NOV)
    with pytest.raises(ValueError, match="Argument 'ids'"):
        store.lookup("FIDE", "Standard", "1503014", NOV)
    with pytest.raises(ValueError, match="Argument 'on'"):
        store.lookup("FIDE", "Standard", ["1"], "2026-11-01")  # type: ignore[arg-type]


def test_a_combined_list_keeps_three_lists_and_the_next_one_stores_the_changes(tmp_path: Path) -> None:
    # lichess-org/lila's real combined line (tests/official_files.py), then the same player a
    # month later with a changed rapid rating (made up): one row more, on the rapid list only.
    from official_files import COMBINED_AUG26, COMBINED_HEADER

    aug = tmp_path / "players_list_aug26frl.txt"
    aug.write_text(COMBINED_HEADER + "\n" + COMBINED_AUG26[0] + "\n")
    sep = tmp_path / "players_list_sep26frl.txt"
    sep.write_text(COMBINED_HEADER + "\n" + COMBINED_AUG26[0].replace("2700  0   10", "2712  9   10") + "\n")
    with ListStore(tmp_path / "lists.sqlite") as store:
        assert store.add(aug).rows_written == 3
        assert store.add(sep).rows_written == 1
        on = dt.date(2026, 9, 2)
        ratings = {
            kind: store.lookup("FIDE", kind, ["703303"], on)["703303"].rating
            for kind in ("Standard", "Rapid", "Blitz")
        }
        assert ratings == {"Standard": 2676, "Rapid": 2712, "Blitz": 2738}
        assert store.lookup("FIDE", "Rapid", ["703303"], dt.date(2026, 8, 31))["703303"].rating == 2700
        assert [(i.kind, i.date.month) for i in store.lists()] == [
            ("Blitz", 8),
            ("Blitz", 9),
            ("Rapid", 8),
            ("Rapid", 9),
            ("Standard", 8),
            ("Standard", 9),
        ]


def _scanned(store: ListStore, path: Path, name: str, on: dt.date) -> list[str]:
    """The IDs a name finds by reading every stored row of the series and folding its name
    (what the store did before names had an index): the reference the index must match."""
    connection = sqlite3.connect(path)
    connection.create_function("fold", 1, fold_name)
    series, day = connection.execute(
        "SELECT s.series, max(l.date) FROM series s JOIN lists l USING (series) "
        "WHERE s.system = 'FIDE' AND s.kind = 'Standard' AND l.date <= ?",
        (on.year * 10000 + on.month * 100 + on.day,),
    ).fetchone()
    target = fold_name(name)
    ids = (
        []
        if day is None or not target
        else [
            str(pid)
            for (pid,) in connection.execute(
                f"SELECT DISTINCT id FROM rows_{series} WHERE date <= ? AND name IS NOT NULL "
                "AND fold(name) = ?",
                (day, target),
            )
        ]
    )
    connection.close()
    listed = store.lookup("FIDE", "Standard", ids, on)
    return [p.id for p in listed.values() if fold_name(p.name) == target]


def test_a_name_is_found_by_its_index_as_by_reading_every_row(tmp_path: Path, months: list[Path]) -> None:
    # names change between the months: one player takes another's name, one is respelt with
    # an accent and other case and punctuation, one takes a name no one had
    nov, dec, jan = months
    lines = lines_of(dec)
    named = [line[15:76].strip() for line in lines[1:]]
    respelt = {
        1: named[40],
        2: "  ÁBEL-" + named[2].upper() + "  ",
        3: "Newname, Only",
        4: named[5],
    }
    for row, name in respelt.items():
        lines[row] = lines[row][:15] + f"{name:<61}"[:61] + lines[row][76:]
    dec.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    path = tmp_path / "lists.sqlite"
    wanted = {line[15:76] for month in months for line in lines_of(month)[1:]} | {
        "abel " + named[2],
        "newname only",
        "nobody, at all",
        named[1].lower(),
        "",
        "  ,  ",
    }
    with ListStore(path) as store:
        for month in (jan, nov, dec):  # the December list fitted in between the others
            store.add(month)
        for on in (dt.date(2026, 10, 31), NOV, dt.date(2026, 12, 15), JAN):
            for name in sorted(wanted):
                found = [p.id for p in store.find_by_name("FIDE", "Standard", name, on)]
                assert found == _scanned(store, path, name, on), (name, on)
        assert [p.id for p in store.find_by_name("FIDE", "Standard", "Newname, Only", NOV)] == []
        assert len(store.find_by_name("FIDE", "Standard", "NEWNAME only", DEC)) == 1


def test_the_fold_of_plain_names_is_the_fold_of_every_name() -> None:
    # plain ASCII names take a quicker path: it must fold as the general one does
    general = lambda name: "".join(  # noqa: E731
        ch for ch in __import__("unicodedata").normalize("NFKD", name.casefold()) if ch.isalnum()
    )
    for name in ("O'Brien-Nunez, Sean", "  MC DONALD,  J.R. ", "van der Berg 2nd", "", "!!!", "\t\x7f~"):
        assert fold_name(name) == general(name)
    assert "".join(chr(c) for c in range(128) if fold_name(chr(c))) == "".join(
        chr(c) for c in range(128) if general(chr(c))
    )


def test_two_names_that_share_an_index_key_are_told_apart(tmp_path: Path, months: list[Path]) -> None:
    # the index holds a 32-bit CRC of each folded name: "plumless" and "buckeroo" have one CRC-32
    other, name = "PLUMLESS", "Buckeroo"
    assert fold_key(other) == fold_key(name) and fold_name(other) != fold_name(name)
    nov = months[0]
    lines = lines_of(nov)
    for row, given in ((1, other), (2, name)):
        lines[row] = lines[row][:15] + f"{given:<61}" + lines[row][76:]
    nov.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(nov)
        for row, given in ((1, other), (2, name)):
            found = store.find_by_name("FIDE", "Standard", given, NOV)
            assert [p.id for p in found] == [lines[row][:15].strip()]


def _stored(db: Path) -> tuple[list[tuple[object, ...]], ...]:
    """Every stored row of every series (with the key of its name), and every list."""
    with sqlite3.connect(db) as connection:
        series = [number for (number,) in connection.execute("SELECT series FROM series ORDER BY series")]
        return (
            [
                (number, *row)
                for number in series
                for row in connection.execute(f"SELECT * FROM rows_{number} ORDER BY id, date")
            ],
            connection.execute("SELECT series, date, players FROM lists ORDER BY series, date").fetchall(),
        )


def _load_both_ways(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, paths: list[Path]
) -> list[tuple[object, ...] | str]:
    """Each way's outcome of loading ``paths`` in turn: what the store holds, or the problems."""
    from xlrating.official import fide

    outcomes: list[tuple[object, ...] | str] = []
    for way in ("fast", "line by line"):
        if way == "line by line":
            monkeypatch.setattr(fide._TxtLayout, "bulk", lambda self, path: None)
        db = tmp_path / f"{way}.sqlite"
        try:
            with ListStore(db) as store:
                for path in paths:
                    store.add(path)
            outcomes.append(_stored(db))
        except FormatError as error:
            outcomes.append(str(error))
    monkeypatch.undo()
    return outcomes


def _varied(path: Path) -> list[str]:
    """A list's lines, a few of them changed to hold every kind of value a field may take."""
    lines = lines_of(path)
    for row, (start, end, value) in enumerate(
        [
            (15, 76, "Øvergård, Åsa"),  # a name in UTF-8
            (76, 80, ""),  # no federation
            (80, 84, ""),  # no sex
            (84, 94, "     WFM"),  # a woman's title only
            (113, 119, ""),  # no rating
            (113, 119, "0"),  # rated 0: not rated
            (119, 123, ""),  # no games
            (123, 126, ""),  # no K
            (126, 132, "0000"),  # birth year unknown
            (132, None, "wi"),
            (15, 76, "O'Brien-Núñez, Seán (2nd)"),
        ],
        start=3,
    ):
        width = (end or len(lines[row])) - start
        lines[row] = lines[row][:start] + f"{value:<{width}}"[:width] + (lines[row][end:] if end else "")
    return lines


@pytest.mark.parametrize("ending", ["\r\n", "\n"])
def test_the_fast_way_in_stores_what_reading_line_by_line_stores(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, months: list[Path], ending: str
) -> None:
    # a well-formed list goes into the store without a line read in Python; it must store the
    # very rows, names and counts that reading it line by line, every field checked, stores
    nov = months[0]
    nov.write_bytes((ending.join(_varied(nov)) + ending).encode())
    line_by_line = ListStore._store_rows
    calls: list[str] = []

    def spy(self: ListStore, *args: object) -> int:
        calls.append("line by line")
        return line_by_line(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ListStore, "_store_rows", spy)
    fast, slow = _load_both_ways(monkeypatch, tmp_path, months)
    assert calls == ["line by line"] * 3  # only the loads made line by line on purpose
    assert fast == slow
    rows = fast[0]
    assert isinstance(rows, list) and len(rows) > 300


@pytest.mark.parametrize(
    ("row", "start", "end", "value"),
    [
        (4, 15, 76, "Murphy, Ann\xa0"),  # a space Python strips and SQL's rtrim does not
        (4, 15, 76, " Murphy, Ann"),
        (4, 15, 76, "Murphy,\tAnn"),
        (4, 15, 76, ""),
        (4, 113, 119, "17 4"),
        (4, 113, 119, "5000"),
        (4, 126, 132, "99999"),
        (4, 0, 15, "12 34"),
        (4, 0, 15, "0"),
        (4, 119, 123, "1 2"),
        (4, 0, 15, "same ID"),
        (4, 0, None, ""),  # a blank line
        (4, 0, None, "cut short"),
        (-1, 0, None, "cut short"),
    ],
)
def test_a_line_the_fast_way_cannot_vouch_for_is_read_line_by_line(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    months: list[Path],
    row: int,
    start: int,
    end: int | None,
    value: str,
) -> None:
    nov = months[0]
    lines = lines_of(nov)
    if value == "same ID":
        value = lines[7][:15]
    if value == "cut short":
        lines[row] = lines[row][:100]
    else:
        width = (end or len(lines[row])) - start
        lines[row] = lines[row][:start] + f"{value:<{width}}" + (lines[row][end:] if end else "")
    ending = "" if row == -1 else "\r\n"
    nov.write_text("\r\n".join(lines) + ending, encoding="utf-8")
    fast, slow = _load_both_ways(monkeypatch, tmp_path, months[:2])
    assert fast == slow


def test_a_kind_given_in_another_case_is_filed_and_looked_up_under_its_own_name(tmp_path: Path) -> None:
    # A FIDE list whose name does not say its kind, loaded with kind="standard", was filed as
    # "standard" (and "bogus" as "bogus"): the look-ups for Standard then found no list, and every
    # player was "not on the list". A look-up with kind "standard" found none either.
    unnamed = tmp_path / "nov26.txt"
    write_fide_txt(tmp_path / "standard_nov26frl.txt", 30).rename(unnamed)
    with ListStore(tmp_path / "lists.sqlite") as store:
        assert [info.kind for info in store.add(unnamed, kind="standard").lists] == ["Standard"]
        assert store.in_force("FIDE", "Standard", NOV) == NOV
        assert store.in_force("fide", "STANDARD", NOV) == store.in_force("FIDE", " standard ", NOV) == NOV
        with pytest.raises(FormatError, match=r"nov26.txt: FIDE has no bogus list \(Standard, Rapid, "):
            store.add(unnamed, kind="bogus")
        with pytest.raises(ValueError, match=r"Argument 'kind' must be a kind of FIDE list \(Standard, "
                                             r"Rapid, Blitz\), not 'Regular'"):
            store.lookup("FIDE", "Regular", ["1"], NOV)


def test_ids_given_as_excel_numbers_are_found_and_ids_of_the_wrong_kind_refused(tmp_path: Path) -> None:
    # 1503014.0 (a number cell) was looked up as "1503014.0" and not found; True and None as
    # "True" and "None"; 5 for the list of IDs raised a raw TypeError.
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(write_fide_txt(tmp_path / "standard_nov26frl.txt", 30))
        first = next(iter(on_list(tmp_path / "standard_nov26frl.txt")))
        assert set(store.lookup("FIDE", "Standard", [float(first)], NOV)) == {first}
        assert store.history("FIDE", float(first)) == store.history("FIDE", first) != []
        for value in (True, None, 12.5):
            with pytest.raises(ValueError, match=f"Argument 'ids\\[1\\]' must be .*, not {value!r}"):
                store.lookup("FIDE", "Standard", [first, value], NOV)
            with pytest.raises(ValueError, match="Argument 'player_id' must be "):
                store.history("FIDE", value)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="Argument 'ids' must be a list of IDs, not 5"):
            store.lookup("FIDE", "Standard", 5, NOV)  # type: ignore[arg-type]


def test_a_store_refuses_a_negative_timeout_and_paths_that_are_no_list() -> None:
    with pytest.raises(ValueError, match="Argument 'timeout' must be a number >= 0, not -1"):
        ListStore("x.sqlite", timeout=-1)
    with pytest.raises(ValueError, match="Argument 'paths' must be a list of file paths, not None"):
        ListStore("x.sqlite").add_files(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["", " ", 5])
def test_a_blank_federation_is_refused_not_a_list_of_nobody(tmp_path: Path, value: object) -> None:
    # "" matched no player: an empty list, as if the list held nobody of the federation.
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(write_fide_txt(tmp_path / "standard_nov26frl.txt", 30))
        assert list(store.players("FIDE", "Standard", NOV)) != []
        with pytest.raises(ValueError, match=r"Argument 'federation' must be a federation such as IRL"):
            list(store.players("FIDE", "Standard", NOV, value))  # type: ignore[arg-type]


def test_a_combined_list_after_a_single_list_is_loaded(tmp_path: Path) -> None:
    # The standard list of July (made up from lila's real lines), then the combined list of August
    # (lila's real line for Leko, Peter: standard 2676, rapid 2700, blitz 2738): the rapid and
    # blitz lists are the first of their kind, the standard one is not. The store refused it with
    # "no such table" (the first lists' tables were made only when every kind was new).
    from official_files import COMBINED_AUG26, COMBINED_HEADER

    jul = tmp_path / "standard_jul26frl.txt"
    jul.write_text(SINGLE_HEADER.format(month="JUL26") + "\n" + "\n".join(BLITZ_AUG26) + "\n")
    aug = tmp_path / "players_list_aug26frl.txt"
    aug.write_text(COMBINED_HEADER + "\n" + COMBINED_AUG26[0] + "\n")
    with ListStore(tmp_path / "lists.sqlite") as store:
        store.add(jul)
        store.add(aug)
        on = dt.date(2026, 8, 2)
        kinds = ("Standard", "Rapid", "Blitz")
        ratings = {kind: store.lookup("FIDE", kind, ["703303", "700070"], on) for kind in kinds}
        assert {kind: {pid: p.rating for pid, p in found.items()} for kind, found in ratings.items()} == {
            "Standard": {"703303": 2676}, "Rapid": {"703303": 2700}, "Blitz": {"703303": 2738}}
        assert store.lookup("FIDE", "Standard", ["700070"], dt.date(2026, 7, 2))["700070"].rating == 2736
