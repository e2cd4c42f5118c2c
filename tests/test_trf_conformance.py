"""The TRF export and import against FIDE's own tables, field by field.

Sources (FIDE Handbook): "Tournament Report File Format Version 2026 (TRF26)", approved by the
FIDE Council on 12 May 2025, applied from 1 September 2025 (player section, tags 132, 162, 172,
222, National Rating Support records), and its predecessor "Format of TRF (Tournament Report
File)", TRF16 (C.04 Annex 2; Tromsø 2014, approved Elista 2015; player section, "for each
round"). Every column below is FIDE's (1-based, inclusive), written out here from those tables,
not taken from xlrating's code; FIDE's documents give no example player line, so the values come
from the hand-written fixture tests/data/import/spring-open.trf and the cells set here.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlrating.errors import FormatError
from xlrating.exporters import export
from xlrating.importers import import_to_workbook, parse_trf

SPRING = (Path(__file__).parent / "data" / "import" / "spring-open.trf").read_text(encoding="utf-8")

#: TRF26 and TRF16, player section: each field's first and last column.
PLAYER_FIELDS = {
    "record": (1, 3), "start rank": (5, 8), "sex": (10, 10), "title": (11, 13), "name": (15, 47),
    "rating": (49, 52), "federation": (54, 56), "FIDE number": (58, 68), "birth date": (70, 79),
    "points": (81, 84), "rank": (86, 89),
}


def cols(line: str, first: int, last: int) -> str:
    return line[first - 1:last]


def round_field(line: str, r: int) -> tuple[str, str, str]:
    """Round ``r``'s opponent (92-95), colour (97) and result (99), ten columns on per round
    (TRF26 and TRF16: round 2 at 102-105, 107, 109)."""
    shift = 10 * (r - 1)
    return (cols(line, 92 + shift, 95 + shift), cols(line, 97 + shift, 97 + shift),
            cols(line, 99 + shift, 99 + shift))


def spring_workbook(tmp_path: Path, text: str = SPRING) -> Path:
    """The spring-open fixture as a workbook, with the one FIDE ID it lacks filled in."""
    source = tmp_path / "in.trf"
    source.write_bytes(text.encode("utf-8"))
    workbook = tmp_path / "spring.xlsx"
    import_to_workbook(source, workbook)
    book = openpyxl.load_workbook(workbook)
    book["Crosstable"]["F4"] = "3333333"
    book.save(workbook)
    return workbook


def set_event(workbook: Path, name: str, value: str) -> None:
    book = openpyxl.load_workbook(workbook)
    sheet = book["Event"]
    row = next((r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == name), sheet.max_row + 1)
    sheet.cell(row, 1, name)
    sheet.cell(row, 2, value)
    book.save(workbook)


def exported(workbook: Path, fmt: str, tmp_path: Path) -> tuple[list[str], tuple[str, ...]]:
    out = tmp_path / f"out.{fmt}"
    result = export(workbook, fmt, out)
    return out.read_bytes().decode("utf-8").split("\r\n"), result.warnings


# --- the player line -------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["trf", "trf16"])
def test_each_player_field_sits_in_fides_columns(tmp_path: Path, fmt: str) -> None:
    # A pin: spring-open's first player, each field read at the columns FIDE's player section gives.
    lines, _ = exported(spring_workbook(tmp_path), fmt, tmp_path)
    line = next(line for line in lines if line.startswith("001    1"))
    fields = {name: cols(line, *span) for name, span in PLAYER_FIELDS.items()}
    assert fields == {
        "record": "001", "start rank": "   1", "sex": "w", "title": "WIM",
        "name": f"{'Müller, Anna':<33}", "rating": "2105", "federation": "GER", "FIDE number": "    4611111",
        "birth date": "1990/05/17", "points": " 3.0", "rank": "   1"}
    # the separators between the fields are blank
    assert {cols(line, c, c) for c in (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)} == {" "}
    # round 2: won in under one move (W, "the scheduled game lasted less than one move")
    assert [round_field(line, r) for r in (1, 2, 3, 4)] == [
        ("0004", "w", "1"), ("0002", "b", "W"), ("0005", "w", "0"), ("0003", "b", "1")]


def test_every_result_code_sits_in_fides_columns(tmp_path: Path) -> None:
    # A pin: each of FIDE's result codes the fixture uses, at 92-95, 97 and 99 (+10 a round).
    lines, _ = exported(spring_workbook(tmp_path), "trf16", tmp_path)
    players = {int(cols(line, 5, 8)): line for line in lines if line.startswith("001")}
    assert round_field(players[3], 1) == ("0006", "w", "+")  # forfeit win
    assert round_field(players[6], 1) == ("0003", "b", "-")  # forfeit loss
    assert round_field(players[2], 1) == ("0005", "w", "=")  # draw
    assert round_field(players[4], 2) == ("0005", "b", "D")  # drawn in under one move
    assert round_field(players[2], 2) == ("0001", "w", "L")  # lost in under one move
    assert round_field(players[6], 2) == ("0000", "-", "H")  # half-point bye
    assert round_field(players[7], 1) == ("0000", "-", "F")  # full-point bye
    assert round_field(players[6], 3) == ("0000", "-", "U")  # pairing-allocated bye
    assert round_field(players[4], 4) == ("0000", "-", "Z")  # zero-point bye


def test_blank_fields_and_lower_case_codes_read_as_fide_says() -> None:
    # TRF16 and TRF26, "for each round": four blanks are 0000, a blank colour is -, a blank result
    # is Z; "Letter codes are case-insensitive (i.e. w,d,l,h,f,u,z can be used)".
    def event(rounds: tuple[str, str]) -> str:
        head = "012 Blanks\r\n042 2025/01/01\r\n052 2025/01/01\r\n"
        one = f"001    1      {'A, B':<33} 2000     {'':>11} {'':<10}  1.5    1  "
        two = f"001    2      {'C, D':<33} 2000     {'':>11} {'':<10}  0.5    2  "
        return head + one + rounds[0] + "\r\n" + two + rounds[1] + "\r\n"

    written = parse_trf(event(("0002 w 1  0000 - Z  0002 b =", "0001 b 0  0000 - Z  0001 w =")), "a.trf")
    blanks = parse_trf(event(("0002 w 1            0002 b =", "0001 b 0            0001 w =")), "a.trf")
    assert blanks.sheets == written.sheets
    lower = SPRING.replace("0000 - H", "0000 - h").replace("0000 - U", "0000 - u").replace(
        "0000 - F", "0000 - f").replace("0000 - Z", "0000 - z").replace("0002 b W", "0002 b w").replace(
        "0005 b D", "0005 b d").replace("0001 w L", "0001 w l")
    assert lower != SPRING
    assert parse_trf(lower, "a.trf").sheets == parse_trf(SPRING, "a.trf").sheets


# --- header lines --------------------------------------------------------------------------------


def test_round_dates_sit_at_92_99_then_every_ten_columns(tmp_path: Path) -> None:
    # A pin: TRF26, tag 132, "format: YY/MM/DD; pos. 92-99 round 1, 102-109 round 2"; tags 042 and
    # 052, "format: YYYY/MM/DD".
    lines, _ = exported(spring_workbook(tmp_path), "trf", tmp_path)
    dates = next(line for line in lines if line.startswith("132"))
    assert cols(dates, 4, 91).strip() == ""
    assert [cols(dates, 92 + 10 * r, 99 + 10 * r) for r in range(4)] == ["24/03/01", "24/03/02", "24/03/02",
                                                                         "24/03/03"]
    assert "042 2024/03/01" in lines and "052 2024/03/03" in lines


@pytest.mark.parametrize("code", ["5400+30", "40/6000+30:900+30", "W300-B240"])
def test_fides_encoded_time_controls_are_written_as_given(tmp_path: Path, code: str) -> None:
    # A pin: TRF26, tag 222's three examples (90'+30"; 100' for 40 moves then 15', 30" a move from
    # move 1; an Armageddon, White 5', Black 4').
    workbook = spring_workbook(tmp_path)
    set_event(workbook, "Encoded time control", code)
    lines, _ = exported(workbook, "trf", tmp_path)
    assert f"222 {code}" in lines


def test_national_records_and_line_172_sit_in_fides_columns(tmp_path: Path) -> None:
    # A pin: TRF26, tag 172 (5-7 the federation, 9-13 the method) and the National Rating Support
    # records (1-3 the federation, 5-8 the start rank, 49-52 the national rating, 58-68 the number).
    workbook = spring_workbook(tmp_path)
    book = openpyxl.load_workbook(workbook)
    sheet = book["Crosstable"]
    added = (("National rating", 2150), ("National ID", "4412"))
    for column, (name, value) in enumerate(added, start=sheet.max_column + 1):
        sheet.cell(1, column, name)
        sheet.cell(2, column, value)
    book.save(workbook)
    set_event(workbook, "National federation", "IRL")
    lines, _ = exported(workbook, "trf", tmp_path)
    method = next(line for line in lines if line.startswith("172"))
    assert (cols(method, 5, 7), cols(method, 8, 8)) == ("IRL", " ")
    assert cols(method, 9, 13).strip() in {"FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"}
    record = next(line for line in lines if line.startswith("IRL"))
    assert (cols(record, 5, 8), cols(record, 49, 52), cols(record, 58, 68)) == ("   1", "2150", "       4412")


# --- what the audit found ------------------------------------------------------------------------


def test_a_tornelo_dat_line_is_no_national_rating_record() -> None:
    # TRF26, National Rating Support records: a federation code, then the player line's static
    # columns (5-8 start rank, 10 sex, 11-13 classification, 15-47 name), so columns 9 and 14 are
    # blank. Tornelo's TRFx line "DAT 0001 EMAIL ..." has text there: no record, left out as
    # docs/files.md says of DAT, and the file is TRF16 still.
    lines = SPRING.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    text = "\n".join([*lines[:at + 1], "DAT 0001 EMAIL anna@example.com\r", *lines[at + 1:]])
    event = parse_trf(text, "t.trf")
    assert "National federation" not in dict(event.event)
    assert event.notes == ()
    assert f"Line {at + 2} of t.trf start with no TRF-2026 tag (a column ruler?): left out" in event.warnings
    assert event.sheets == parse_trf(SPRING, "t.trf").sheets


def test_a_pairing_allocated_bye_scored_half_is_not_written_u_in_trf2026(tmp_path: Path) -> None:
    # TRF26, tag 162: "P Pairing-allocated-bye: same as W" unless a 162 line says otherwise ("mandatory
    # only when the elements differ from the default values"). Player 6's U scored ½ here (points
    # 2.0): written U with no 162 line, a TRF-2026 reader would score it 1 and the points 2.5.
    text = SPRING.replace("9000000 2001/01/01  2.5", "9000000 2001/01/01  2.0")
    workbook = spring_workbook(tmp_path, text)
    lines, warnings = exported(workbook, "trf", tmp_path)
    line = next(line for line in lines if line.startswith("001    6"))
    assert cols(line, 81, 84) == " 2.0"
    assert round_field(line, 3) == ("0000", "-", "H")
    assert warnings == ("Crosstable!O7: round 3's '0000 - U', a pairing-allocated bye, scores a win in "
                        "TRF-2026 (line 162), the cell half a win: written as the cell says",)
    # TRF16 does not say what U scores: kept
    lines, warnings = exported(workbook, "trf16", tmp_path)
    assert round_field(next(line for line in lines if line.startswith("001    6")), 3) == ("0000", "-", "U")
    assert not any("pairing-allocated" in warning for warning in warnings)


def test_a_162_line_that_scores_the_bye_half_keeps_the_u(tmp_path: Path) -> None:
    # TRF26, tag 162: the code in column 6, its points in 7-10, the next code nine columns on.
    text = SPRING.replace("9000000 2001/01/01  2.5", "9000000 2001/01/01  2.0")
    workbook = spring_workbook(tmp_path, text)
    set_event(workbook, "TRF lines", "162  W 1.0    D 0.5    P 0.5")
    lines, warnings = exported(workbook, "trf", tmp_path)
    assert round_field(next(line for line in lines if line.startswith("001    6")), 3) == ("0000", "-", "U")
    assert "162  W 1.0    D 0.5    P 0.5" in lines
    assert warnings == ()


def test_a_round_date_left_blank_keeps_the_later_rounds_dates(tmp_path: Path) -> None:
    # TRF26, tag 132: round 1's date at 92-99, round 2's at 102-109, ... A file whose round 2 date
    # is blank gave round 2 round 3's date, and so on, when the line was read by its words.
    blank = SPRING.replace("24/03/01  24/03/02  24/03/02  24/03/03", "24/03/01            24/03/02  24/03/03")
    assert blank != SPRING
    assert "a.trf line 13: round 2 has no date: '-' in the Event sheet's Round dates; fill in each date " \
           "before a TRF-2026 export, which needs every round's" in parse_trf(blank, "a.trf").warnings
    assert not [w for w in parse_trf(SPRING, "a.trf").warnings if "no date" in w]
    workbook = spring_workbook(tmp_path, blank)
    book = openpyxl.load_workbook(workbook)
    sheet = book["Event"]
    dates = next(sheet.cell(r, 2).value for r in range(1, sheet.max_row + 1)
                 if sheet.cell(r, 1).value == "Round dates")
    assert dates == "24/03/01 - 24/03/02 24/03/03"
    # TRF-2026 needs every round's date (tag 132 is mandatory for rating): refused, naming the round.
    with pytest.raises(FormatError, match=r"Round dates: round 2 has no date \('-'\)"):
        export(workbook, "trf", tmp_path / "out.trf")
    assert not (tmp_path / "out.trf").exists()
    for edition, force in (("trf", True), ("trf16", False)):
        out = tmp_path / f"out-{edition}.trf"
        export(workbook, edition, out, force=force)
        lines = out.read_text(encoding="utf-8").splitlines()
        written = next(line for line in lines if line.startswith("132"))
        assert [cols(written, 92 + 10 * r, 99 + 10 * r) for r in range(4)] == [
            "24/03/01", "        ", "24/03/02", "24/03/03"], edition
