"""US Chess rating report files (DBF): xlrating.importers.dbf.

The fixtures are small fictional events written here as records and saved as dBASE III
files by :func:`write_dbf` (dbfread only reads). The format of the three files follows
"US Chess rating report files" (docs/files.md). The main event
has the same games as tests/data/import/dual-rated.txt (section Open) and the Open
section of two-sections.txt (section Quad), so every result letter appears.
"""

from __future__ import annotations

import datetime
import struct
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from xlrating.errors import FormatError
from xlrating.importers import import_file
from xlrating.importers.dbf import read_dbf


def write_dbf(
    path: Path,
    fields: Sequence[tuple[str, int]],
    records: Sequence[Sequence[str]],
    *,
    encoding: str = "cp1252",
    language_driver: int = 0x03,
    deleted: Sequence[int] = (),
) -> None:
    """Write a dBASE III table of character fields (dBASE III file structure).

    Header (32 bytes): version 0x03, date of last update (YY-1900, MM, DD), record count
    (uint32 LE), header length and record length (uint16 LE), reserved bytes with the
    language driver at offset 29. Then one 32-byte descriptor per field (name padded with
    NULs to 11 bytes, type ``C``, 4 reserved bytes, length, decimal count, 14 reserved),
    the terminator 0x0D, the records (a deletion flag ``' '`` or ``'*'``, then each value
    space-padded to its field's length) and the end-of-file marker 0x1A.
    """
    record_length = 1 + sum(length for _, length in fields)
    header_length = 32 + 32 * len(fields) + 1
    header = struct.pack("<BBBBIHH", 0x03, 124, 5, 12, len(records), header_length, record_length)
    header += bytes(17) + bytes([language_driver]) + bytes(2)
    descriptors = b"".join(
        name.encode("ascii").ljust(11, b"\x00") + b"C" + bytes(4) + bytes([length, 0]) + bytes(14)
        for name, length in fields
    )
    body = b""
    for index, record in enumerate(records):
        assert len(record) == len(fields)
        body += b"*" if index in deleted else b" "
        for value, (_, length) in zip(record, fields, strict=True):
            data = value.encode(encoding)
            assert len(data) <= length, (value, length)
            body += data.ljust(length, b" ")
    path.write_bytes(header + descriptors + b"\r" + body + b"\x1a")


TH_FIELDS = [("H_FORMAT", 2), ("H_PROGRAM", 10), ("H_EVENT_ID", 12), ("H_NAME", 35), ("H_TOT_SECT", 2),
             ("H_BEG_DATE", 8), ("H_END_DATE", 8), ("H_AFF_ID", 8), ("H_CITY", 21), ("H_STATE", 2)]
TS_FIELDS = [("S_EVENT_ID", 12), ("S_SEC_NUM", 2), ("S_SEC_NAME", 30), ("S_R_SYSTEM", 1), ("S_TIMECTL", 20),
             ("S_TRN_TYPE", 1), ("S_TOT_RNDS", 2), ("S_LST_PAIR", 4), ("S_BEG_DATE", 8), ("S_END_DATE", 8)]
TD_BASE = [("D_EVENT_ID", 12), ("D_SEC_NUM", 2), ("D_PAIR_NUM", 4), ("D_MEM_ID", 8), ("D_NAME", 30),
           ("D_STATE", 2), ("D_RATING", 8)]


def td_fields(rounds: int, *, split: bool = False) -> list[tuple[str, int]]:
    fields = list(TD_BASE)
    if split:
        fields.insert(3, ("D_REC_SEQ", 1))
    return fields + [(f"D_RND{r:02d}", 7) for r in range(1, rounds + 1)]


EVENT = ["2C", "WinTD", "", "Fictional Club Championship", "2", "20240510", "20240512", "A1234567",
         "Springfield", "IL"]
SECTIONS = [
    ["", "1", "Open", "D", "G/45;d5", "S", "4", "6", "20240510", "20240512"],
    ["", "2", "Quad: U1600", "D", "G/45;d5", "R", "3", "4", "20240510", "20240512"],
]
#: Section 1 has the games of dual-rated.txt, section 2 those of two-sections.txt's Open.
PLAYERS = [
    ["", "1", "1", "12345678", "Núñez, Álvaro", "CA", "1850", "W4W", "D2B", "W3B", "B0"],
    ["", "1", "2", "23456789", "Chen, Bea", "NV", "1641", "D3W", "D1W", "L6B", "L4W"],
    ["", "1", "3", "34567890", "Doe, Carl", "AZ", "", "D2B", "L5W", "L1W", "W6B"],
    ["", "1", "4", "45678901", "Evans, Dana", "CA", "2010", "L1B", "H0", "D5W", "W2B"],
    ["", "1", "5", "56789012", "Fox, Eddie", "OR", "1502", "X6", "W3B", "D4B", "U0"],
    ["", "1", "6", "67890123", "Gray, Fiona", "WA", "1300", "F5", "U0", "W2W", "L3W"],
    ["", "2", "1", "11111111", "Hopper, Grace", "NY", "2000", "W4W", "D3B", "L2W", ""],
    ["", "2", "2", "22222222", "Irving, Henry", "NJ", "1900", "D3W", "W4B", "W1B", ""],
    ["", "2", "3", "33333333", "Jones, Ida", "CT", "0", "D2B", "D1W", "W4B", ""],
    ["", "2", "4", "44444444", "King, Jack", "PA", "1700", "L1B", "L2W", "L3W", ""],
]


def write_event(
    folder: Path,
    *,
    players: Sequence[Sequence[str]] = PLAYERS,
    sections: Sequence[Sequence[str]] = SECTIONS,
    names: tuple[str, str, str] = ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"),
    encoding: str = "cp1252",
    language_driver: int = 0x03,
) -> Path:
    """The fictional event's three files in ``folder`` (created), under ``names``."""
    folder.mkdir(parents=True, exist_ok=True)
    th, ts, td = names
    for name, fields, records in ((th, TH_FIELDS, [EVENT]), (ts, TS_FIELDS, sections),
                                  (td, td_fields(4), players)):
        write_dbf(folder / name, fields, records, encoding=encoding, language_driver=language_driver)
    return folder


def test_each_section_becomes_a_sheet_with_the_spec_codes(tmp_path: Path) -> None:
    event = import_file(write_event(tmp_path / "report"))
    assert event.format == "dbf"
    assert event.event == (
        ("System", "USCF"), ("Rating system", "Regular"), ("Dual rated", "yes"), ("Event type", "Swiss"),
        ("Event name", "Fictional Club Championship"), ("Start date", datetime.date(2024, 5, 10)),
        ("End date", datetime.date(2024, 5, 12)),
        # US Chess's rating report rows, kept so an export writes them back
        ("Affiliate ID", "A1234567"), ("City", "Springfield"), ("State", "IL"), ("Time control", "G/45;d5"),
    )
    open_, quad = event.sheets
    assert open_.name == "Open"
    assert quad.name == "Quad- U1600"  # ':' cannot be in a sheet name
    assert open_.header == ("No", "Name", "ID", "State", "Rating", "R1", "R2", "R3", "R4")
    # The source's rounds (PLAYERS above) in the crosstable's codes (docs/guide/crosstable.md):
    # colours kept as w/b, byes and forfeits without the 0 opponent.
    assert [row[5:] for row in open_.rows] == [
        ("W4w", "D2b", "W3b", "B"),
        ("D3w", "D1w", "L6b", "L4w"),
        ("D2b", "L5w", "L1w", "W6b"),
        ("L1b", "H", "D5w", "W2b"),
        ("X6", "W3b", "D4b", "U"),
        ("F5", "U", "W2w", "L3w"),
    ]
    assert [row[:5] for row in quad.rows] == [
        (1, "Hopper, Grace", "11111111", "NY", 2000),
        (2, "Irving, Henry", "22222222", "NJ", 1900),
        (3, "Jones, Ida", "33333333", "CT", None),  # D_RATING 0: unrated
        (4, "King, Jack", "44444444", "PA", 1700),
    ]
    assert quad.header[-3:] == ("R1", "R2", "R3")  # S_TOT_RNDS 3
    assert any("round robin" in warning and "Quad: U1600" in warning for warning in event.warnings)


def test_file_names_are_matched_whatever_their_case(tmp_path: Path) -> None:
    folder = write_event(tmp_path / "r", names=("thexport.dbf", "TsExport.Dbf", "TDEXPORT.dbf"))
    assert [s.name for s in import_file(folder).sheets] == ["Open", "Quad- U1600"]


def test_a_dbf_file_names_its_folder(tmp_path: Path) -> None:
    folder = write_event(tmp_path / "r")
    assert import_file(folder / "TDEXPORT.DBF").players == 10


@pytest.mark.parametrize(
    ("encoding", "driver"),
    [("cp1252", 0x03), ("cp850", 0x02), ("utf-8", 0x00), ("cp1252", 0x00), ("latin-1", 0x00)],
    ids=["declared-cp1252", "declared-cp850", "undeclared-utf8", "undeclared-cp1252", "undeclared-latin1"],
)
def test_names_with_accents_survive_the_code_page(tmp_path: Path, encoding: str, driver: int) -> None:
    folder = write_event(tmp_path / "r", encoding=encoding, language_driver=driver)
    assert import_file(folder).sheets[0].rows[0][1] == "Núñez, Álvaro"


def test_the_older_layout_splits_rounds_over_records_by_rec_seq(tmp_path: Path) -> None:
    """A 12-game match: D_REC_SEQ 1 holds games 1-10, D_REC_SEQ 2 games 11-12."""
    folder = tmp_path / "match"
    folder.mkdir()
    write_dbf(folder / "THEXPORT.DBF", TH_FIELDS, [EVENT])
    write_dbf(folder / "TSEXPORT.DBF", TS_FIELDS,
              [["", "1", "Match", "R", "40/2", "M", "12", "2", "20240510", "20240512"]])
    one = ["W2W", "L2B", "D2W", "D2B", "W2W", "L2B", "D2W", "D2B", "W2W", "D2B"]
    two = ["L1B", "W1W", "D1B", "D1W", "L1B", "W1W", "D1B", "D1W", "L1B", "D1W"]
    base = ["", "1"]
    records = [
        [*base, "2", "1", "22222222", "Black, Bo", "NY", "1700", *two],
        [*base, "1", "1", "11111111", "White, Al", "NY", "1800", *one],
        [*base, "1", "2", "11111111", "White, Al", "NY", "1800", "X2", "D2W", *[""] * 8],
        [*base, "2", "2", "22222222", "Black, Bo", "NY", "1700", "F1", "D1B", *[""] * 8],
    ]
    write_dbf(folder / "TDEXPORT.DBF", td_fields(10, split=True), records)
    event = import_file(folder)
    (sheet,) = event.sheets
    assert sheet.header[-12:] == tuple(f"R{r}" for r in range(1, 13))
    assert sheet.rows[0][-12:] == ("W2w", "L2b", "D2w", "D2b", "W2w", "L2b", "D2w", "D2b", "W2w", "D2b",
                                   "X2", "D2w")
    assert sheet.rows[1][-2:] == ("F1", "D1b")
    assert event.setting("Event type") == "Match"


def test_rounds_s_tot_rnds_counts_that_no_record_holds_are_a_warning(tmp_path: Path) -> None:
    # The Open section says 6 rounds, but TDEXPORT has round fields for 4: rounds 5 and 6
    # cannot be in the files (a record, or a D_REC_SEQ record, left out), so the import says so.
    sections = [[*SECTIONS[0][:6], "6", *SECTIONS[0][7:]], SECTIONS[1]]
    event = import_file(write_event(tmp_path / "r", sections=sections))
    open_section = event.sheets[0]
    assert open_section.header[-6:] == tuple(f"R{r}" for r in range(1, 7))
    assert all(row[-2:] == ("U", "U") for row in open_section.rows)
    assert ("TSEXPORT.DBF record 1: S_TOT_RNDS says 6 rounds, but TDEXPORT's records hold rounds 1-4 "
            "only: rounds 5-6 entered as U (not played) for every player; check the report files"
            ) in event.warnings
    # The older layout: a 12-game match whose D_REC_SEQ 2 records (games 11-12) are missing.
    folder = tmp_path / "match"
    folder.mkdir()
    write_dbf(folder / "THEXPORT.DBF", TH_FIELDS, [EVENT])
    write_dbf(folder / "TSEXPORT.DBF", TS_FIELDS,
              [["", "1", "Match", "R", "40/2", "M", "12", "2", "20240510", "20240512"]])
    records = [["", "1", "1", "1", "11111111", "White, Al", "NY", "1800", *["D2W"] * 10],
               ["", "1", "2", "1", "22222222", "Black, Bo", "NY", "1700", *["D1B"] * 10]]
    write_dbf(folder / "TDEXPORT.DBF", td_fields(10, split=True), records)
    assert ("TSEXPORT.DBF record 1: S_TOT_RNDS says 12 rounds, but TDEXPORT's records hold rounds 1-10 only: "
            "rounds 11-12 entered as U (not played) for every player; check the report files"
            ) in import_file(folder).warnings
    # The base event's sections hold every round they count: no such warning.
    assert not [w for w in import_file(write_event(tmp_path / "base")).warnings if "S_TOT_RNDS" in w]


def test_a_second_event_record_that_differs_is_a_warning(tmp_path: Path) -> None:
    # THEXPORT's records after the first were left out without a word, another end date too.
    folder = write_event(tmp_path / "r")
    other = [*EVENT[:3], "Another Event", *EVENT[4:6], "20240601", *EVENT[7:]]
    write_dbf(folder / "THEXPORT.DBF", TH_FIELDS, [EVENT, other, EVENT])
    event = import_file(folder)
    assert event.setting("End date") == datetime.date(2024, 5, 12)  # the first record's, as before
    assert [w for w in event.warnings if "event record" in w] == [
        "THEXPORT.DBF record 2: a second event record, not the same as THEXPORT.DBF record 1: left out "
        "(THEXPORT.DBF record 1 is imported); check which is right"]  # record 3 repeats record 1


def test_sections_in_different_rating_systems_are_imported_one_by_one(tmp_path: Path) -> None:
    sections = [SECTIONS[0], [*SECTIONS[1][:3], "Q", *SECTIONS[1][4:]]]
    folder = write_event(tmp_path / "r", sections=sections)
    with pytest.raises(FormatError) as caught:
        import_file(folder)
    (problem,) = caught.value.problems
    assert "rating system" in problem.message and "--section" in problem.message
    assert "Open: Rating system Regular" in problem.message
    assert "Quad: U1600: Rating system Quick" in problem.message
    quad = import_file(folder, sections=["2"])
    assert quad.setting("Rating system") == "Quick"
    assert quad.setting("Dual rated") == "no"
    assert quad.setting("Event type") == "Round robin"
    assert [s.name for s in quad.sheets] == ["Quad- U1600"]
    assert [s.name for s in import_file(folder, sections=["open"]).sheets] == ["Open"]
    with pytest.raises(FormatError, match="no section 'Blitz'"):
        import_file(folder, sections=["Blitz"])


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    folder = write_event(tmp_path / "r")
    (folder / "TSEXPORT.DBF").unlink()
    with pytest.raises(FormatError) as caught:
        import_file(folder, "dbf")
    assert [p.message.split(" ")[1] for p in caught.value.problems] == ["TSEXPORT.DBF"]


def test_a_truncated_file_is_refused(tmp_path: Path) -> None:
    folder = write_event(tmp_path / "r")
    data = (folder / "TDEXPORT.DBF").read_bytes()
    (folder / "TDEXPORT.DBF").write_bytes(data[:-40])
    with pytest.raises(FormatError) as caught:
        import_file(folder)
    (problem,) = caught.value.problems
    assert problem.where == "TDEXPORT.DBF"
    assert "cut short" in problem.message and "10 records" in problem.message


def test_not_a_dbf_file(tmp_path: Path) -> None:
    folder = write_event(tmp_path / "r")
    (folder / "THEXPORT.DBF").write_text("Event name, dates\n", encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        import_file(folder)
    assert [p.where for p in caught.value.problems] == ["THEXPORT.DBF"]


def test_every_problem_is_reported_with_its_record(tmp_path: Path) -> None:
    players = [list(p) for p in PLAYERS]
    players[1][2] = "1"  # record 2: pair number 1 again in section 1
    players[3][8] = "Q2B"  # record 4: unknown result code
    players[4][7] = "X9"  # record 5: names no player 9
    players[6][1] = "7"  # record 7: section 7 is not in TSEXPORT
    players[7][6] = "19x0"  # record 8: not a rating
    players[8][9] = "W3B"  # record 9: W3 against itself
    folder = write_event(tmp_path / "r", players=players)
    with pytest.raises(FormatError) as caught:
        import_file(folder)
    where = {p.where for p in caught.value.problems}
    assert {f"TDEXPORT.DBF record {n}" for n in (2, 4, 5, 7, 8, 9)} <= where
    messages = "\n".join(str(p) for p in caught.value.problems)
    assert "pair number 1 of section 1 is used twice (also at TDEXPORT.DBF record 1)" in messages
    assert "unknown result code 'Q'" in messages
    assert "names opponent 9, who is not in the section" in messages
    assert "section '7' (D_SEC_NUM) is not in TSEXPORT" in messages
    assert "'19x0' is not a rating" in messages
    assert "names the player's own number" in messages


def test_two_cells_of_one_game_must_agree(tmp_path: Path) -> None:
    players = [list(p) for p in PLAYERS]
    players[3][7] = "D1B"  # No. 4 says it drew No. 1 in round 1; No. 1 says it won
    folder = write_event(tmp_path / "r", players=players)
    with pytest.raises(FormatError) as caught:
        read_dbf(folder)
    (problem,) = caught.value.problems
    assert problem.where == "TDEXPORT.DBF record 1"
    assert "round 1: W4w but player 4's round 1 is 'D1b' (at TDEXPORT.DBF record 4)" in problem.message


def test_unknown_rating_system_letter(tmp_path: Path) -> None:
    sections = [SECTIONS[0], [*SECTIONS[1][:3], "Z", *SECTIONS[1][4:]]]
    with pytest.raises(FormatError, match=r"TSEXPORT.DBF record 2: unknown rating system S_R_SYSTEM 'Z'"):
        import_file(write_event(tmp_path / "r", sections=sections))


def test_provisional_ratings_and_unrated_spellings(tmp_path: Path) -> None:
    players = [list(p) for p in PLAYERS]
    players[1][6] = "1641P17"
    players[2][6] = "UNR"
    event = import_file(write_event(tmp_path / "r", players=players))
    sheet = event.sheets[0]
    assert sheet.column("Rating")[:3] == (1850, 1641, None)
    assert sheet.column("Games")[:3] == (None, 17, None)


def test_an_event_without_players(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match=r"TDEXPORT\.DBF: has no players in any section of TSEXPORT"):
        import_file(write_event(tmp_path / "r", players=[]))


def test_deleted_records_are_skipped_but_counted(tmp_path: Path) -> None:
    folder = write_event(tmp_path / "r")
    players = [list(p) for p in PLAYERS]
    players.insert(1, ["", "1", "1", "99999999", "Deleted, Dan", "NY", "1500", "", "", "", ""])
    players[4][7] = "Q1W"  # the file's record 5 (the fourth live one)
    write_dbf(folder / "TDEXPORT.DBF", td_fields(4), players, deleted=[1])
    with pytest.raises(FormatError) as caught:
        import_file(folder)
    assert [p.where for p in caught.value.problems] == ["TDEXPORT.DBF record 5"]
    players[4][7] = "L1B"
    write_dbf(folder / "TDEXPORT.DBF", td_fields(4), players, deleted=[1])
    assert import_file(folder).sheets[0].column("Name")[:2] == ("Núñez, Álvaro", "Chen, Bea")


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(FormatError) as caught:
        read_dbf(folder)
    return [str(p) for p in caught.value.problems]


def test_every_problem_of_sections_rounds_and_pair_numbers_in_one_pass(tmp_path: Path) -> None:
    # Today's wording and order, pinned (a regression snapshot of our own messages).
    sections = [SECTIONS[0], ["", "", "x", "R", "", "S", "3", "", "", ""],
                ["", "01", "dup", "R", "", "S", "", "", "", ""],
                ["", "3", "T", "R", "", "K", "", "", "", ""], ["", "4", "U", "R", "", "S", "4x", "", "", ""]]
    players = [list(p) for p in PLAYERS[:6]]
    players[0][7], players[1][8], players[2][9], players[3][8], players[4][2] = "W?4", "W0", "H5", "Z0", "0"
    assert problems_of(write_event(tmp_path / "r", sections=sections, players=players)) == [
        "TSEXPORT.DBF record 2: the section has no number (S_SEC_NUM)",
        "TSEXPORT.DBF record 3: section number 01 is used twice (also at TSEXPORT.DBF record 1)",
        "TSEXPORT.DBF record 4: unknown section type S_TRN_TYPE 'K' (known: S Swiss, C cumulative Swiss, "
            "R round robin, M match)",
        "TSEXPORT.DBF record 5: S_TOT_RNDS '4x' is not a whole number",
        "TDEXPORT.DBF record 1: round 1: cannot read 'W?4' (expected a result letter, the opponent's pair "
        "number and the colour, e.g. W14B or H0)",
        "TDEXPORT.DBF record 2: round 2: 'W0' is a game with no opponent",
        "TDEXPORT.DBF record 3: round 3: 'H5': a bye has no opponent",
        "TDEXPORT.DBF record 5: the pair number D_PAIR_NUM '0' is not a whole number >= 1",
        "TDEXPORT.DBF record 1: round 3: W3b but player 3's round 3 is 'H' (at TDEXPORT.DBF record 3)",
        "TDEXPORT.DBF record 3: round 2: L5w names opponent 5, who is not in the section",
        "TDEXPORT.DBF record 4: round 3: D5w names opponent 5, who is not in the section",
        "TDEXPORT.DBF record 6: round 1: F5 names opponent 5, who is not in the section",
    ]


def test_split_names_record_sequences_dates_and_rounds_beyond_s_tot_rnds(tmp_path: Path) -> None:
    folder = tmp_path / "r"
    folder.mkdir()
    write_dbf(folder / "THEXPORT.DBF", TH_FIELDS, [[*EVENT[:5], "2024051x", "20241340", *EVENT[7:]]])
    write_dbf(folder / "TSEXPORT.DBF", TS_FIELDS, [["", "1", "Match", "R", "40/2", "S", "1", "2", "", ""]])
    fields = [("D_EVENT_ID", 12), ("D_SEC_NUM", 2), ("D_PAIR_NUM", 4), ("D_REC_SEQ", 1), ("D_USCF_ID", 8),
              ("D_LASTNAME", 15), ("D_FIRSTNAME", 15), ("D_STATE", 2), ("D_RATING", 8), ("D_RND01", 7),
              ("D_RND02", 7)]
    write_dbf(folder / "TDEXPORT.DBF", fields, [
        ["", "1", "1", "x", "1", "Last", "First", "NY", "1500", "W2W", ""],
        ["", "1", "1", "1", "1", "Last", "First", "NY", "1500", "W2W", "W2B"],
        ["", "1", "2", "", "2", "", "", "NY", "1500", "L1B", "L1W"],
        ["", "1", "3", "", "3", "Solo", "", "NY", "", "", ""],
        ["", "1", "4", "", "4", "", "Only", "NY", "", "", ""]])
    assert problems_of(folder) == [
        "THEXPORT.DBF record 1: H_BEG_DATE '2024051x' is not a date (YYYYMMDD)",
        "THEXPORT.DBF record 1: H_END_DATE '20241340' is not a date (YYYYMMDD)",
        "TDEXPORT.DBF record 1: D_REC_SEQ 'x' is not a whole number >= 1",
        "TDEXPORT.DBF record 3: the player has no name (D_NAME)",
        "TSEXPORT.DBF record 1: S_TOT_RNDS says 1 rounds, but players of the section have results in round 2",
    ]
    write_dbf(folder / "THEXPORT.DBF", TH_FIELDS, [EVENT])
    write_dbf(folder / "TSEXPORT.DBF", TS_FIELDS, [["", "1", "Match", "R", "40/2", "S", "", "2", "", ""]])
    write_dbf(folder / "TDEXPORT.DBF", fields, [
        ["", "1", "1", "", "1", "Last", "First", "NY", "1500", "W2W", "W2B"],
        ["", "1", "2", "1", "2", "Two", "", "NY", "1500", "L1B", "L1W"],
        ["", "1", "3", "", "3", "Solo", "", "NY", "", "", ""],
        ["", "1", "4", "", "4", "", "Only", "NY", "", "", ""]])
    (sheet,) = read_dbf(folder).sheets
    assert [row[:5] for row in sheet.rows] == [
        (1, "Last, First", "1", "NY", 1500), (2, "Two", "2", "NY", 1500), (3, "Solo", "3", "NY", None),
        (4, "Only", "4", "NY", None)]


def test_missing_fields_and_empty_files_are_named(tmp_path: Path) -> None:
    folder = tmp_path / "r"
    folder.mkdir()
    write_dbf(folder / "THEXPORT.DBF", TH_FIELDS, [])
    write_dbf(folder / "TSEXPORT.DBF", [("S_X", 2)], [])
    write_dbf(folder / "TDEXPORT.DBF", [("D_X", 2)], [])
    assert problems_of(folder) == [
        "TSEXPORT.DBF: has no field S_SEC_NUM", "TDEXPORT.DBF: has no field D_SEC_NUM",
        "TDEXPORT.DBF: has no field D_PAIR_NUM", "TDEXPORT.DBF: has no field D_RND01",
        "TDEXPORT.DBF: has no field D_NAME (the players' names)"]
    write_dbf(folder / "TSEXPORT.DBF", TS_FIELDS, [])
    write_dbf(folder / "TDEXPORT.DBF", td_fields(2), [])
    assert problems_of(folder) == ["THEXPORT.DBF: has no record (the event's name and dates)",
                                   "TSEXPORT.DBF: has no sections"]
    write_dbf(folder / "TSEXPORT.DBF", TS_FIELDS, [SECTIONS[0]])
    write_dbf(folder / "TDEXPORT.DBF", [*TD_BASE, ("D_RND00", 7), ("D_RND01", 7), ("D_RND1", 7)],
              [["", "1", "1", "", "A", "", "", "", "", ""]])
    assert problems_of(folder)[1:] == [
        "TDEXPORT.DBF: the field D_RND00 is for round 0; rounds are numbered from 1 (D_RND01)",
        "TDEXPORT.DBF: the fields D_RND01 and D_RND1 are both for round 1"]


def test_time_controls_that_differ_leave_the_setting_blank(tmp_path: Path) -> None:
    sections = [SECTIONS[0], [*SECTIONS[1][:4], "G/60", *SECTIONS[1][5:]]]
    event = read_dbf(write_event(tmp_path / "r", sections=sections))
    assert event.setting("Time control") is None
    assert event.warnings[-1] == ("Sections differ in time control (G/45;d5, G/60): the Event sheet's Time "
                               "control is left blank")
    assert read_dbf(tmp_path / "r", sections=["Open"]).setting("Time control") == "G/45;d5"


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: d[:8] + struct.pack("<H", 20) + d[10:], "is not a dBASE file (its header is damaged)"),
    (lambda d: d[:10] + struct.pack("<H", struct.unpack("<H", d[10:12])[0] + 1) + d[12:],
     "is not a dBASE file (its field lengths do not add up to its record length)"),
    (lambda d: d[:8] + struct.pack("<H", struct.unpack("<H", d[8:10])[0] + 5) + d[10:],
     "is damaged: its header says the records start at byte 390, but its field descriptors end at byte 385"),
    (lambda d: d[:20], "is not a dBASE file (only 20 bytes)"),
    (lambda d: d[:32 + 32 * 2 + 11] + b"I" + d[32 + 32 * 2 + 12:],
     "fields that should be character fields are not: D_PAIR_NUM (type I)"),
], ids=["header-length", "record-length", "records-start", "too-short", "binary-field"])
def test_a_damaged_table_is_named(tmp_path: Path, damage: Callable[[bytes], bytes], message: str) -> None:
    folder = write_event(tmp_path / "r")
    (folder / "TDEXPORT.DBF").write_bytes(damage((folder / "TDEXPORT.DBF").read_bytes()))
    assert problems_of(folder)[0] == f"TDEXPORT.DBF: {message}"
