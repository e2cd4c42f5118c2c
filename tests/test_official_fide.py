"""FIDE's list files read: real lines, the combined list, XML, zips, dates, and refusals.

Source of the real lines: lichess-org/lila, commit 773dbb8266a03c2354cf17c7c2f789d14a8f6105,
``modules/fide/src/test/FidePlayerSyncTest.scala`` (FIDE's August 2026 blitz list and
combined list), and commit 0147749c49f9e90696119ccf45eaa17fe42fdd58,
``modules/fide/src/main/FidePlayerSync.scala`` (two combined-list lines in a comment); see
``tests/official_files.py``. The values asserted are read off those lines by eye (Leko,
Peter: HUN, GM, blitz 2738, K 10, born 1979, flag i), never produced by our code.

The XML lists: element names as rmarabini/player_info_from_fide_database reads FIDE's
``players_list_xml_foa.xml`` (commit 1c11184d632f6931e4e84e8314df01d96f984ed6,
``fide_download.py``: ``fideid``, ``name``, ``country``, ``sex``, ``title``, ``rating``,
``games``, ``rapid_rating``, ``rapid_games``, ``blitz_rating``, ``blitz_games``,
``birthday``); the values are the same real players'.
"""

from __future__ import annotations

import datetime as dt
import zipfile
from pathlib import Path

import pytest
from official_files import BLITZ_AUG26, COMBINED_AUG26, COMBINED_HEADER, COMBINED_LILA_COMMENT, SINGLE_HEADER

from xlrating.errors import FormatError
from xlrating.official._source import ListProblems
from xlrating.official.detect import open_list_file
from xlrating.official.listfile import to_player

AUG26 = dt.date(2026, 8, 1)


def write(path: Path, lines: list[str], ending: str = "\r\n") -> Path:
    path.write_text("".join(line + ending for line in lines), encoding="utf-8")
    return path


def read(path: Path, **options: object) -> tuple[object, list]:
    listed = open_list_file(path, **options)  # type: ignore[arg-type]
    problems = ListProblems()
    rows = list(listed.rows(problems))
    problems.raise_if_any("bad")
    return listed, [to_player(listed.system, listed.kinds[row[0]], listed.date, row[1:]) for row in rows]


def test_the_real_blitz_lines_are_read_field_by_field(tmp_path: Path) -> None:
    path = write(tmp_path / "blitz_rating_list.txt", [SINGLE_HEADER.format(month="AUG26"), *BLITZ_AUG26])
    listed, players = read(path)
    assert (listed.system, listed.kinds, listed.date) == ("FIDE", ("Blitz",), AUG26)  # type: ignore[attr-defined]
    leko, polgar, vanniarajan, gowda = players
    assert (leko.id, leko.name, leko.federation, leko.sex, leko.title) == (
        "703303",
        "Leko, Peter",
        "HUN",
        "M",
        "GM",
    )
    assert (leko.rating, leko.games, leko.k, leko.birth_year, leko.flags) == (2738, 0, 10, 1979, "i")
    assert (polgar.id, polgar.sex, polgar.rating, polgar.flags) == ("700070", "F", 2736, "wi")
    assert (vanniarajan.id, vanniarajan.title, vanniarajan.rating, vanniarajan.k, vanniarajan.flags) == (
        "537001345",
        None,
        1431,
        40,
        "",
    )
    assert (gowda.title, gowda.rating, gowda.birth_year, gowda.flags) == ("WCM", 1807, 2013, "w")
    assert all(p.list_date == AUG26 and p.kind == "Blitz" for p in players)


def test_the_combined_list_gives_three_lists_from_one_line(tmp_path: Path) -> None:
    path = write(tmp_path / "players_list.txt", [COMBINED_HEADER, *COMBINED_AUG26])
    listed, players = read(path, date=AUG26)
    assert listed.kinds == ("Standard", "Rapid", "Blitz")  # type: ignore[attr-defined]
    assert [(p.kind, p.rating, p.games, p.k) for p in players] == [
        ("Standard", 2676, 0, 10),
        ("Rapid", 2700, 0, 10),
        ("Blitz", 2738, 0, 10),
    ]
    assert {p.flags for p in players} == {""} and {p.birth_year for p in players} == {1979}


def test_lines_without_their_trailing_spaces_and_a_blank_rating_are_read(tmp_path: Path) -> None:
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, *COMBINED_LILA_COMMENT])
    _, players = read(path, date=AUG26)
    lisseth = [p for p in players if p.id == "6502938"]
    oscar = {p.kind: p for p in players if p.id == "6504450"}
    assert [(p.rating, p.games, p.k) for p in lisseth] == [(1795, 0, 20), (1767, 14, 20), (1740, 0, 20)]
    assert lisseth[0].title == "WIM" and lisseth[0].flags == "w" and lisseth[0].federation == "ISL"
    assert oscar["Rapid"].rating is None and oscar["Rapid"].games is None  # blank: not rated
    assert (oscar["Standard"].rating, oscar["Blitz"].rating, oscar["Blitz"].flags) == (1779, 1640, "i")


def test_the_date_comes_from_the_header_else_the_file_name_else_the_option(tmp_path: Path) -> None:
    header_dated = write(tmp_path / "blitz.txt", [SINGLE_HEADER.format(month="NOV26"), BLITZ_AUG26[0]])
    assert read(header_dated)[0].date == dt.date(2026, 11, 1)  # type: ignore[attr-defined]
    named = write(tmp_path / "players_list_nov26frl.txt", [COMBINED_HEADER, COMBINED_AUG26[0]])
    listed = open_list_file(named)
    assert listed.date == dt.date(2026, 11, 1) and "file name" in listed.notes[0]
    undated = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, COMBINED_AUG26[0]])
    with pytest.raises(FormatError, match="does not say its date"):
        open_list_file(undated)
    assert open_list_file(undated, date=AUG26).date == AUG26
    with pytest.raises(FormatError, match="dated November 2026, but the date given is 2026-10-01"):
        open_list_file(header_dated, date=dt.date(2026, 10, 1))


def test_a_header_and_a_file_name_of_two_months_are_refused_until_the_date_is_given(tmp_path: Path) -> None:
    """A list whose header says August 2026 in a file named for November (a renamed file, or the
    wrong one): which month it is cannot be told, so it is not filed under either silently."""
    renamed = write(tmp_path / "blitz_nov26frl.txt", [SINGLE_HEADER.format(month="AUG26"), BLITZ_AUG26[0]])
    with pytest.raises(FormatError) as caught:
        open_list_file(renamed)
    assert [str(p) for p in caught.value.problems] == [
        "blitz_nov26frl.txt line 1: the header dates the list August 2026, but its file name says November "
        "2026 (a renamed file?): to load it as the header says, give --date 2026-08-01"]
    assert open_list_file(renamed, date=AUG26).date == AUG26


def test_the_kind_comes_from_the_file_name_or_the_option(tmp_path: Path) -> None:
    lines = [SINGLE_HEADER.format(month="AUG26"), BLITZ_AUG26[0]]
    assert open_list_file(write(tmp_path / "rapid_aug26frl.txt", lines)).kinds == ("Rapid",)
    unnamed = write(tmp_path / "list.txt", lines)
    with pytest.raises(FormatError, match="standard, rapid or blitz"):
        open_list_file(unnamed)
    assert open_list_file(unnamed, kind="Blitz").kinds == ("Blitz",)
    with pytest.raises(FormatError, match="rapid list, but --kind says Blitz"):
        open_list_file(tmp_path / "rapid_aug26frl.txt", kind="Blitz")


def xml_list(players: list[dict[str, str]]) -> str:
    body = "".join(
        "<player>" + "".join(f"<{k}>{v}</{k}>" for k, v in p.items()) + "</player>\n" for p in players
    )
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n{body}</playerslist>\n'


LEKO_XML = {
    "fideid": "703303",
    "name": "Leko, Peter",
    "country": "HUN",
    "sex": "M",
    "title": "GM",
    "w_title": "",
    "o_title": "",
    "foa_title": "",
    "rating": "2676",
    "games": "0",
    "k": "10",
    "rapid_rating": "2700",
    "rapid_games": "0",
    "rapid_k": "10",
    "blitz_rating": "2738",
    "blitz_games": "0",
    "blitz_k": "10",
    "birthday": "1979",
    "flag": "",
}


def test_the_xml_list_zipped_as_fide_zips_it(tmp_path: Path) -> None:
    path = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("players_list_xml_foa.xml", xml_list([LEKO_XML]))
    listed, players = read(path, date=AUG26)
    assert listed.layout == "FIDE XML (combined list)"  # type: ignore[attr-defined]
    assert [(p.kind, p.rating) for p in players] == [("Standard", 2676), ("Rapid", 2700), ("Blitz", 2738)]
    assert players[0].name == "Leko, Peter" and players[0].title == "GM" and players[0].birth_year == 1979


def test_a_single_xml_list_and_its_date_from_the_zip_name(tmp_path: Path) -> None:
    single = {k: v for k, v in LEKO_XML.items() if not k.startswith(("rapid", "blitz"))}
    path = tmp_path / "standard_nov26frl_xml.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("standard_nov26frl_xml.xml", xml_list([single]))
    listed, players = read(path)
    assert (listed.kinds, listed.date) == (("Standard",), dt.date(2026, 11, 1))  # type: ignore[attr-defined]
    assert [p.rating for p in players] == [2676]


def test_a_cut_xml_list_is_refused_with_its_line(tmp_path: Path) -> None:
    text = xml_list([LEKO_XML, {**LEKO_XML, "fideid": "700070"}])
    path = tmp_path / "players_list_xml.xml"
    path.write_text(text[: text.index("700070") + 3])
    with pytest.raises(FormatError, match=r"players_list_xml.xml line \d+: not well-formed XML.*cut short"):
        read(path, date=AUG26)


def test_xml_entities_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "players_list_xml.xml"
    path.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE p [<!ENTITY a "aaaaaaaaaa">]>\n<playerslist><player>'
        "<fideid>1</fideid><name>&a;</name></player></playerslist>"
    )
    with pytest.raises(FormatError, match="entities"):
        read(path, date=AUG26, kind="Standard")


def test_every_bad_field_is_named_with_its_line(tmp_path: Path) -> None:
    bad_id = "X" + BLITZ_AUG26[1][1:]
    bad_fed = BLITZ_AUG26[2][:76] + "in " + BLITZ_AUG26[2][79:]
    bad_rating = BLITZ_AUG26[3][:113] + "9999" + BLITZ_AUG26[3][117:]
    path = write(
        tmp_path / "blitz_aug26frl.txt",
        [SINGLE_HEADER.format(month="AUG26"), BLITZ_AUG26[0], bad_id, bad_fed, bad_rating, BLITZ_AUG26[0]],
    )
    with pytest.raises(FormatError) as caught:
        read(path)
    problems = [str(p) for p in caught.value.problems]
    assert problems == [
        "blitz_aug26frl.txt line 3: the ID 'X00070' is not a FIDE ID (digits, no leading zero)",
        "blitz_aug26frl.txt line 4: the federation 'in' is not three capital letters",
        "blitz_aug26frl.txt line 5: the rating '9999' is not a whole number from 0 to 4000",
        "blitz_aug26frl.txt line 6: the ID 703303 is listed twice (an earlier line has it too)",
    ]


def test_a_file_cut_inside_a_line_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "blitz_aug26frl.txt"
    text = SINGLE_HEADER.format(month="AUG26") + "\n" + "\n".join(BLITZ_AUG26)
    path.write_text(text[:-60])
    with pytest.raises(FormatError, match=r"line 5: the last line is shorter than every other.*cut short"):
        read(path)


def test_an_unknown_layout_is_refused_with_its_first_line(tmp_path: Path) -> None:
    old = write(
        tmp_path / "mar11frl.txt",
        [
            "ID number Name                              TitlFed  Mar11 GamesBorn  Flag",
            "1503014   Carlsen, Magnus                   g   NOR  2815  10   1990",
        ],
    )
    with pytest.raises(FormatError, match=r"mar11frl\.txt line 1: an unknown layout of FIDE's TXT list"):
        open_list_file(old)
    with pytest.raises(FormatError, match="not a rating list xlrating reads"):
        open_list_file(write(tmp_path / "notes.txt", ["Dear director,"]))


def test_a_zip_bomb_is_refused_before_it_is_decompressed(tmp_path: Path) -> None:
    path = tmp_path / "standard_nov26frl.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "standard_nov26frl.txt", SINGLE_HEADER.format(month="NOV26").encode() + b" " * 40_000_000
        )
    with pytest.raises(FormatError, match="refused as a zip bomb"):
        open_list_file(path)


def test_a_zip_of_several_files_or_a_damaged_zip_is_refused(tmp_path: Path) -> None:
    two = tmp_path / "lists.zip"
    with zipfile.ZipFile(two, "w") as archive:
        archive.writestr("a.txt", "x")
        archive.writestr("b.txt", "y")
    with pytest.raises(FormatError, match="holds 2 files"):
        open_list_file(two)
    cut = tmp_path / "cut.zip"
    cut.write_bytes(two.read_bytes()[:40])
    with pytest.raises(FormatError, match="not a readable zip archive"):
        open_list_file(cut)


def test_a_line_too_long_for_any_list_is_refused_even_when_it_ends_like_a_player(tmp_path: Path) -> None:
    # Two megabytes of one line, ending in a well-formed player's line: the line is refused at
    # its number, the player at its end is not read out of it, and the next line keeps its number.
    from xlrating.official.store import ListStore

    long = "9" * 2_000_000 + BLITZ_AUG26[1]
    path = write(tmp_path / "blitz_rating_list_aug26.txt",
                 [SINGLE_HEADER.format(month="AUG26"), BLITZ_AUG26[0], long, "not a player's line"])
    with pytest.raises(FormatError) as raised, ListStore(tmp_path / "store.sqlite") as store:
        store.add(path)
    where = [problem.where for problem in raised.value.problems]
    assert "blitz_rating_list_aug26.txt line 3" in where
    assert "blitz_rating_list_aug26.txt line 4" in where
    assert not any(w.endswith(("line 5", "line 6")) for w in where)


def test_a_line_too_long_is_read_as_its_start_and_the_rest_of_it_skipped() -> None:
    # Memory stays bounded however long a line is (a file with no line ending at all included).
    import io

    from xlrating.official._source import MAX_LINE, TextLines

    lines = list(TextLines(io.BytesIO(b"9" * 3_000_000 + b"\nnext\n" + b"8" * 2_500_000)))
    assert [(line[:1], len(line)) for line in lines] == [("9", MAX_LINE), ("n", 4), ("8", MAX_LINE)]


def test_a_line_too_long_is_cut_between_two_characters() -> None:
    # A UTF-8 line is cut before the character the cut would split, so that the start shown to
    # the user is read as UTF-8 (a split character would make it Windows-1252: "Ã©" for "é").
    import io

    from xlrating.official._source import MAX_LINE, TextLines

    (line,) = TextLines(io.BytesIO(("x" + "é" * 2_000_000 + "\n").encode()))
    assert line == "x" + "é" * (MAX_LINE // 2 - 1)


def test_a_line_cut_short_inside_a_number_is_refused_not_read_as_a_smaller_number(tmp_path: Path) -> None:
    # A line cut in the middle of its birth year (2018 as "20") or of its rating (1431 as "143"),
    # with lines after it, was stored as born in the year 20 or rated 143: FIDE has published no
    # rating under 1000, and no birth year but 0000 (not known) has fewer than four digits.
    from xlrating.official.store import ListStore

    line = BLITZ_AUG26[2]  # A Arbhin Vanniarajan: blitz 1431, born 2018
    lines = [SINGLE_HEADER.format(month="AUG26"), BLITZ_AUG26[0], line[:128], line[:116], BLITZ_AUG26[1]]
    path = write(tmp_path / "blitz_aug26frl.txt", lines)
    with pytest.raises(FormatError) as caught, ListStore(tmp_path / "lists.sqlite") as store:
        store.add(path)
    assert [str(p) for p in caught.value.problems] == [
        "blitz_aug26frl.txt line 3: the birth year '20' is not a year (0000 when not known; is the line cut "
        "short, or a column shifted?)",
        "blitz_aug26frl.txt line 4: the ID 537001345 is listed twice (an earlier line has it too)",
        "blitz_aug26frl.txt line 4: the rating '143' is under 1000, the lowest rating a FIDE list has "
        "published (is the line cut short, or a column shifted?)",
    ]
    assert not (tmp_path / "lists.sqlite").exists()


def test_a_k_of_0_is_no_k_and_the_list_sheet_written_from_it_reads_back(tmp_path: Path) -> None:
    # A list with no rapid rating for a player may say so with 0 for the rating and 0 for the K
    # (<rapid_rating>0</rapid_rating><rapid_k>0</rapid_k>). The K of 0 was stored, and the List
    # sheet written from the store ('xlrating lists sheet') was then refused by the fill that reads
    # it (a K is 1 to 100).
    from xlrating.official.sheet import list_rows, read_list_sheet

    path = tmp_path / "players_list_xml.xml"
    path.write_text(xml_list([{**LEKO_XML, "rapid_rating": "0", "rapid_k": "0"}]))
    _, players = read(path, date=AUG26)
    assert [(p.kind, p.rating, p.k) for p in players] == [("Standard", 2676, 10), ("Rapid", None, None),
                                                         ("Blitz", 2738, 10)]
    sheet = read_list_sheet(list_rows(players))
    assert sheet.lookup("FIDE", "Rapid", ["703303"], AUG26)["703303"].k is None


def test_an_xml_player_whose_fields_are_not_fide_s_is_refused(tmp_path: Path) -> None:
    # Each of these was read without a word: a player inside another (the outer one lost), a field
    # given twice (the second kept), a field holding an element, a renamed <rating> (the player
    # stored as not rated).
    def player(pid: str, inner: str = "", rating: str = "rating") -> str:
        return (f"<player><fideid>{pid}</fideid><name>Leko, Peter</name><country>HUN</country>{inner}"
                f"<{rating}>2676</{rating}><games>0</games><k>10</k><birthday>1979</birthday></player>")

    path = tmp_path / "standard_aug26frl_xml.xml"
    path.write_text("\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>', "<playerslist>",
        player("700069", player("700070")),
        player("700071", "<k>40</k>"),
        player("700072", "<title><b>GM</b></title>"),
        player("700073", rating="ratng"),
        "</playerslist>"]))
    with pytest.raises(FormatError) as caught:
        read(path)
    assert [str(p) for p in caught.value.problems] == [
        "standard_aug26frl_xml.xml line 3: a <player> inside another <player>: not the layout of FIDE's XML "
        "list",
        "standard_aug26frl_xml.xml line 4: <k> is given twice for one player",
        "standard_aug26frl_xml.xml line 5: <b> inside <title>: a player's fields hold text, not elements",
        "standard_aug26frl_xml.xml line 6: no <rating> element: the player would be stored as not rated "
        "(is it renamed?)",
    ]


def test_a_date_given_for_a_fide_list_is_the_first_of_a_month(tmp_path: Path) -> None:
    # The combined list's header and name give no month: --date 2026-08-20 (the day it was
    # downloaded) filed it as the list of 20 August, and an event of 10 August took July's list.
    path = write(tmp_path / "players_list_foa.txt", [COMBINED_HEADER, *COMBINED_AUG26])
    with pytest.raises(FormatError) as caught:
        open_list_file(path, date=dt.date(2026, 8, 20))
    assert [str(p) for p in caught.value.problems] == [
        "players_list_foa.txt: FIDE's lists are dated the first of their month, not 2026-08-20: give --date "
        "2026-08-01 (or 2026-08)"]
    assert open_list_file(path, date=AUG26).date == AUG26


def test_a_line_shorter_than_the_others_of_a_padded_list_is_refused_as_cut_short(tmp_path: Path) -> None:
    # FIDE pads every line to one width. A line cut inside its K (40 as "4") or its flag (wi as
    # "w": woman, no longer inactive), with lines after it, was stored as that K or flag.
    from xlrating.official.store import ListStore

    polgar, arbhin = BLITZ_AUG26[1], BLITZ_AUG26[2]
    assert polgar[132:134] == "wi" and arbhin[123:125] == "40"  # (read off the lines)
    lines = [SINGLE_HEADER.format(month="AUG26"), BLITZ_AUG26[0], polgar[:133], arbhin[:124], BLITZ_AUG26[3],
             BLITZ_AUG26[0].replace("703303 ", "703304 "), BLITZ_AUG26[3].replace("48701955", "48701956")]
    path = write(tmp_path / "blitz_aug26frl.txt", lines)
    with pytest.raises(FormatError) as caught, ListStore(tmp_path / "lists.sqlite") as store:
        store.add(path)
    assert [str(p) for p in caught.value.problems] == [
        "blitz_aug26frl.txt line 3: the line is 133 characters long where the others are 136: it is cut "
        "short",
        "blitz_aug26frl.txt line 4: the line is 124 characters long where the others are 136: it is cut "
        "short",
    ]


@pytest.mark.parametrize("before", ["\r\n", "\r\n\r\n", "   "])
def test_a_list_that_does_not_start_with_its_header_is_refused_saying_so(tmp_path: Path, before: str) -> None:
    # Its lines are read by their number after the header: the header was read as a player's line
    # ("the ID 'ID Number' is not a FIDE ID", and the same for every other field).
    path = write(tmp_path / "blitz_rating_list.txt", [SINGLE_HEADER.format(month="AUG26"), *BLITZ_AUG26])
    path.write_bytes(before.encode() + path.read_bytes())
    with pytest.raises(FormatError) as caught:
        open_list_file(path)
    assert [str(p) for p in caught.value.problems] == [
        "blitz_rating_list.txt line 1: the list does not start with its header line ('ID Number ...'), as "
        "FIDE's file does: remove the blank lines or spaces before it"]


def test_a_utf8_list_with_a_line_of_windows_1252_keeps_its_other_names(tmp_path: Path) -> None:
    # The text was decoded a megabyte at a time: one line of Windows-1252 made its whole block
    # Windows-1252, so a UTF-8 name in it ("Müller") read as "MÃ¼ller", a character longer, and
    # every column after it on that line shifted.
    leko = BLITZ_AUG26[0]
    utf8 = leko.replace("Leko, Peter", "Müller, Jörg").replace("703303 ", "703304 ")
    latin = leko.replace("Leko, Peter", "Gößl, Hans ").replace("703303 ", "703305 ")
    path = tmp_path / "blitz_rating_list.txt"
    path.write_bytes((SINGLE_HEADER.format(month="AUG26") + "\r\n" + leko + "\r\n").encode()
                     + (utf8 + "\r\n").encode("utf-8") + (latin + "\r\n").encode("cp1252"))
    _, players = read(path)
    assert [(p.id, p.name, p.rating, p.birth_year) for p in players] == [
        ("703303", "Leko, Peter", 2738, 1979), ("703304", "Müller, Jörg", 2738, 1979),
        ("703305", "Gößl, Hans", 2738, 1979)]


def test_an_xml_list_declared_one_byte_but_written_in_utf8_is_refused(tmp_path: Path) -> None:
    # A list re-saved by another program, its declaration left saying ISO-8859-1: every accented
    # name was stored garbled (Müller as MÃ¼ller). Declared and written alike, it is read as written.
    player = {**LEKO_XML, "name": "Müller, Jürgen"}
    text = xml_list([player]).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
    path = tmp_path / "players_list_xml.xml"
    path.write_bytes(text.encode("utf-8"))
    with pytest.raises(FormatError) as refused:
        read(path, date=AUG26)
    assert [str(p) for p in refused.value.problems] == [
        "players_list_xml.xml line 3: the file declares its encoding ISO-8859-1, but its text is UTF-8 (the "
        "name 'MÃ¼ller, JÃ¼rgen' is 'Müller, Jürgen'): load the list as FIDE published it, or make the "
        'declaration encoding="UTF-8"']
    path.write_bytes(text.encode("iso-8859-1"))
    assert read(path, date=AUG26)[1][0].name == "Müller, Jürgen"
    path.write_bytes(xml_list([player]).encode("utf-8"))
    assert read(path, date=AUG26)[1][0].name == "Müller, Jürgen"
