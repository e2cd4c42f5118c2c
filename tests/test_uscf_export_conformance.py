"""US Chess's rating report files (``export --to uscf``, ``import`` of a report folder) against
what US Chess and its forum publish about them, field by field, read byte by byte.

The expected values come from these texts (read November 2026), not from our own output:

- "File formats for sending in reports to USCF", US Chess forum,
  https://uschess.discourse.group/t/file-formats-for-sending-in-reports-to-uscf/100: the
  files USCF sends and takes are dBase3 files: a 32-byte header (byte 0 ``03``; bytes 1-3
  the file date, the year minus 1900, the month, the day; bytes 4-7 the record count, low
  byte first; then the start of the data and the record length), one 32-byte descriptor per
  field, a ``0D`` byte "optionally followed by a single byte of 00 hex (the files from USCF
  do not include this 00 byte; those produced by Win-TD do)", the records, and a last
  ``1A`` byte.
- "Reporting Tournaments Online", US Chess forum,
  https://uschess.discourse.group/t/reporting-tournaments-online/1986, giving the codes of
  US Chess's online crosstable form: W, L, D and the opponent's pairing number ("if player
  2 wins against player 4, you enter W4 on player 2's row, and L2 on player 4's row in the
  same round column"); H a half-point bye, B a full-point bye, X a forfeit win, F a
  forfeit loss, U unpaired (or a zero-point bye), "the opponent's pairing number should be
  blank or zero" for these; and that WinTD or SwissSys drops the opponent of a forfeit.
- "File Formats", US Chess forum, https://uschess.discourse.group/t/file-formats/241, where
  Mike Nolan of US Chess writes that in the old standard "the section number field is not an
  integer, it's a two character right justified LEFT BLANK FILLED field".
- US Chess's Ratings API v1, ``swagger.json`` (title "USCF Ratings API"), as published in
  https://github.com/mikeb26/uschess-go, commit 5510b5d1c0abc8b2128d9f6c384910e5679e0867:
  the enum ``SectionRatingSystem``.
- "Appendix A Report Submission Methods", the USCF rating office's description of its
  rating system (George John),
  http://www.georgejohn.bcentralhost.com/GeorgeJohn/Chess/USCF/Computer/Current/Appendix_A_Report_submission.htm:
  report files of type Swiss (S), Swiss cumulative (C), round robin (R) and match (M).

The field names and widths of the 2C layout are checked in tests/test_export_uscf.py.
"""

from __future__ import annotations

import datetime
import re
import struct
from pathlib import Path

import openpyxl
import pytest
from test_export_uscf import complete_report
from test_import_dbf import PLAYERS, SECTIONS, write_event

from xlrating.cli import main
from xlrating.exporters import export_workbook
from xlrating.exporters.dbf import report_tables
from xlrating.exporters.source import read_event
from xlrating.importers import import_file, import_to_workbook

FILES = ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF")
#: ``SectionRatingSystem`` of US Chess's Ratings API v1 (swagger.json, commit above).
SECTION_RATING_SYSTEMS = ("U", "R", "Q", "B", "OR", "OQ", "OB", "D", "G", "F", "A")
#: The report types of "Appendix A Report Submission Methods".
REPORT_TYPES = ("S", "C", "R", "M")


def read_raw(path: Path) -> tuple[list[tuple[str, str, int, int]], list[dict[str, str]]]:
    """A dBase3 file read byte by byte as the forum's description has it (no DBF library):
    its field descriptors (name, type, length, decimals) and its records, each value as written."""
    raw = path.read_bytes()
    assert raw[0] == 0x03  # dBase3
    count, start, length = struct.unpack_from("<IHH", raw, 4)
    fields = []
    at = 32
    while raw[at] != 0x0D:
        descriptor = raw[at:at + 32]
        name = descriptor[:11].rstrip(b"\x00")
        assert descriptor[:11] == name.ljust(11, b"\x00") and name.isascii()
        fields.append((name.decode("ascii"), chr(descriptor[11]), descriptor[16], descriptor[17]))
        at += 32
    # 0D, and no 00 after it (as in the files from USCF), then the records, then 1A
    assert start == at + 1 == 32 + 32 * len(fields) + 1
    assert length == 1 + sum(f[2] for f in fields)
    assert len(raw) == start + count * length + 1 and raw[-1] == 0x1A
    records = []
    for index in range(count):
        record = raw[start + index * length:start + (index + 1) * length]
        assert record[:1] == b" "  # not deleted
        values, place = {}, 1
        for name, _, width, _ in fields:
            values[name] = record[place:place + width].decode("cp1252")
            place += width
        records.append(values)
    return fields, records


@pytest.fixture
def template_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The US Chess template's example event, its report rows filled, exported by the command line
    as README.md and docs/files.md show (``xlrating template uscf``, ``xlrating export --to uscf``)."""
    monkeypatch.chdir(tmp_path)
    assert main(["template", "uscf"]) == 0
    workbook = complete_report(tmp_path / "uscf-swiss.xlsx")
    assert main(["export", str(workbook), "--to", "uscf", "-o", str(tmp_path / "report")]) == 0
    return tmp_path / "report"


# --- the files as dBase3 files ------------------------------------------------------------------


def test_each_file_is_a_dbase3_file_as_us_chess_sends_and_takes_them(template_report: Path) -> None:
    today = datetime.date.today()
    for name in FILES:
        raw = (template_report / name).read_bytes()
        # the file date: the year minus 1900, the month, the day (written today)
        assert (raw[1] + 1900, raw[2], raw[3]) == (today.year, today.month, today.day), name
        fields, records = read_raw(template_report / name)
        assert {kind for _, kind, _, _ in fields} == {"C"} and {d for *_, d in fields} == {0}, name
        assert records, name
    _, (event,) = read_raw(template_report / "THEXPORT.DBF")
    assert event["H_FORMAT"].rstrip() == "2C"


# --- the round cells: US Chess's result codes ----------------------------------------------------


def players_of(folder: Path) -> dict[tuple[str, str], list[str]]:
    """Each player's round cells, by section and pairing number, as written (spaces stripped)."""
    _, records = read_raw(folder / "TDEXPORT.DBF")
    return {(r["D_SEC_NUM"].strip(), r["D_PAIR_NUM"].strip()): [v.strip() for k, v in r.items()
                                                                  if k.startswith("D_RND")]
            for r in records}


CELL = re.compile(r"([WLDXFHBU])(0|[1-9][0-9]{0,3})([WB]?)")
#: What the opponent's cell of the same round says: "W4 on player 2's row, and L2 on player 4's row".
OTHER = {"W": "L", "L": "W", "D": "D", "X": "F", "F": "X"}


def test_every_round_cell_is_a_result_code_of_us_chess_s_crosstable_form(template_report: Path) -> None:
    players = players_of(template_report)
    letters = set()
    for (section, number), cells in players.items():
        for index, cell in enumerate(cells):
            match = CELL.fullmatch(cell)
            assert match, (number, cell)
            letter, opponent, colour = match.groups()
            letters.add(letter)
            if letter in "HBU":  # byes and unpaired: no opponent
                assert cell == f"{letter}0"
                continue
            if letter in "WLD":
                assert opponent != "0", cell
            if opponent != "0":  # the opponent's cell of the same round names this player back
                other = CELL.fullmatch(players[section, opponent][index])
                assert other is not None
                assert (other[1], other[2]) == (OTHER[letter], number), (number, cell)
                assert not (colour and other[3]) or {colour, other[3]} == {"W", "B"}
    # the template's example event has every code of the form
    assert letters == set("WLDXFHBU")


def test_the_forum_s_example_w4_and_l2_and_the_byes_without_an_opponent() -> None:
    """Player 2 wins against player 4: ``W4`` on player 2's row, ``L2`` on player 4's, in the
    same round's field; byes and unpaired rounds ``H0``, ``B0``, ``U0``; a forfeit that names
    no opponent ``X0`` and ``F0`` (the opponent zero)."""
    grid = [["No", "Name", "Rating", "R1", "R2", "R3"],
            [1, "A", 1500, "D3", "H", "X"],
            [2, "B", 1400, "W4", "B", "U"],
            [3, "C", 1300, "D1", "U", "F"],
            [4, "D", 1200, "L2", "", "B"]]
    event = read_event({"Event": [["System", "USCF"]], "Crosstable": grid})
    players = report_tables(event)[2]
    rounds = [i for i, (name, _) in enumerate(players.fields) if name.startswith("D_RND")]
    assert [[record[i] for i in rounds] for record in players.records] == [
        ["D3", "H0", "X0"], ["W4", "B0", "U0"], ["D1", "U0", "F0"], ["L2", "U0", "B0"]]


# --- the section file's codes --------------------------------------------------------------------


@pytest.mark.parametrize(("system", "dual", "letter"), [
    ("Regular", "no", "R"), ("Quick", "no", "Q"), ("Blitz", "no", "B"), ("Regular", "yes", "D")])
def test_s_r_system_is_a_section_rating_system_of_us_chess_s_ratings_api(system: str, dual: str,
                                                                         letter: str) -> None:
    assert letter in SECTION_RATING_SYSTEMS
    event = read_event({"Event": [["System", "USCF"], ["Rating system", system], ["Dual rated", dual]],
                        "Crosstable": [["No", "Name", "R1"], [1, "A", "W2"], [2, "B", "L1"]]})
    sections = report_tables(event)[1]
    at = [name for name, _ in sections.fields].index("S_R_SYSTEM")
    assert [record[at] for record in sections.records] == [letter]


def test_the_online_systems_have_no_letter_the_one_character_field_holds() -> None:
    # The API's online systems are OR, OQ, OB: two characters, which S_R_SYSTEM (1) cannot hold;
    # the export refuses them (tests/test_export.py pins the message).
    assert [s for s in SECTION_RATING_SYSTEMS if s.startswith("O")] == ["OR", "OQ", "OB"]


def test_sections_numbers_and_types_link_the_three_files(tmp_path: Path) -> None:
    workbook = tmp_path / "club.xlsx"
    import_to_workbook(write_event(tmp_path / "source"), workbook)
    export_workbook(complete_report(workbook), "uscf", tmp_path / "report")
    _, (event,) = read_raw(tmp_path / "report" / "THEXPORT.DBF")
    _, sections = read_raw(tmp_path / "report" / "TSEXPORT.DBF")
    fields, players = read_raw(tmp_path / "report" / "TDEXPORT.DBF")
    # H_TOT_SECT sections, numbered from 1, each a report type US Chess documents
    assert int(event["H_TOT_SECT"]) == len(sections) == 2
    assert [s["S_SEC_NUM"].strip() for s in sections] == ["1", "2"]
    assert [s["S_TRN_TYPE"] for s in sections] == ["S", "R"] and {"S", "R"} <= set(REPORT_TYPES)
    # every player in a section of the file, numbered up to its last pairing number, with a
    # round field for every round of the longest section
    last = {s["S_SEC_NUM"].strip(): int(s["S_LST_PAIR"]) for s in sections}
    assert all(1 <= int(p["D_PAIR_NUM"]) <= last[p["D_SEC_NUM"].strip()] for p in players)
    rounds = sum(1 for name, *_ in fields if name.startswith("D_RND"))
    assert rounds == max(int(s["S_TOT_RNDS"]) for s in sections) == 4


# --- the importer: the files WinTD and SwissSys write ---------------------------------------------


def test_a_report_with_the_00_byte_win_td_writes_after_the_descriptors_is_read(tmp_path: Path) -> None:
    """"A single byte of 0D hex, optionally followed by a single byte of 00 hex (... those
    produced by Win-TD do)": the header's start of data then counts that byte too."""
    plain = write_event(tmp_path / "plain" / "report")
    win_td = write_event(tmp_path / "wintd" / "report")
    for name in FILES:
        raw = bytearray((win_td / name).read_bytes())
        start = struct.unpack_from("<H", raw, 8)[0]
        assert raw[start - 1] == 0x0D
        raw[start:start] = b"\x00"
        struct.pack_into("<H", raw, 8, start + 1)
        (win_td / name).write_bytes(bytes(raw))
    assert import_file(win_td) == import_file(plain)


def test_a_forfeit_naming_no_opponent_is_read_and_written_back_x0_f0(tmp_path: Path) -> None:
    """WinTD and SwissSys drop a forfeit's opponent (``X0``, ``F0``): read as a forfeit win and
    loss, written back the same."""
    players = [list(p) for p in PLAYERS]
    players[4][7], players[5][7] = "X0", "F0"  # the fixture's X6 / F5 in round 1
    workbook = tmp_path / "w.xlsx"
    import_to_workbook(write_event(tmp_path / "source", players=players), workbook)
    sheet = openpyxl.load_workbook(workbook)["Open"]
    header = [c.value for c in sheet[1]]
    assert [row[header.index("R1")] for row in sheet.iter_rows(min_row=6, max_row=7, values_only=True)] == [
        "X", "F"]
    export_workbook(complete_report(workbook), "uscf", tmp_path / "report")
    written = players_of(tmp_path / "report")
    assert (written["1", "5"][0], written["1", "6"][0]) == ("X0", "F0")


def test_numbers_right_justified_as_in_the_old_standard_read_as_left_justified_ones(tmp_path: Path) -> None:
    """The old standard's section numbers (and other numbers) right-justified, blank-filled:
    ``" 1"`` is section 1, ``"   3"`` pairing number 3."""
    players = [[v.rjust(2) if i == 1 else v.rjust(4) if i == 2 else v for i, v in enumerate(p)]
               for p in PLAYERS]
    sections = [[v.rjust({1: 2, 6: 2, 7: 4}[i]) if i in (1, 6, 7) else v for i, v in enumerate(s)]
                for s in SECTIONS]
    assert players[0][1:3] == [" 1", "   1"] and sections[0][1] == " 1"
    right = write_event(tmp_path / "right" / "report", players=players, sections=sections)
    assert import_file(right) == import_file(write_event(tmp_path / "left" / "report"))
