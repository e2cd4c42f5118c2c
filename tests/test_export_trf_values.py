"""What a TRF export cannot carry: a US Chess or ICU event's IDs (the player lines hold FIDE IDs
alone; TRF-2026's National Rating Support records hold a rated player's national ID), and a
``Sex`` that is none of the letters the player line's column 10 holds (FIDE TRF16 and TRF-2026,
player section, position 10: ``m`` or ``w``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_export_trf2026 import complete_spring, set_cells, written

from xlrating.errors import FormatError
from xlrating.exporters import export
from xlrating.templates import write_template


def fide_id_warnings(warnings: tuple[str, ...]) -> list[str]:
    return [w for w in warnings if "no FIDE IDs" in w]


def test_a_us_chess_event_in_trf16_says_its_ids_are_not_written(tmp_path: Path) -> None:
    (template,) = write_template("uscf", tmp_path / "uscf.xlsx")
    exported = export(template, "trf16", tmp_path / "out.trf")
    assert fide_id_warnings(exported.warnings) == [
        "Crosstable!C1: System is US Chess: the player lines have no FIDE IDs (FIDE TRF16 columns 58-68, "
        "mandatory for rating: a FIDE event's ID column); the file holds the US Chess IDs, so the IDs of 8 "
        "players (rows 2, 3, 4, 5, 6 and 3 more) are not written"]


def test_an_icu_event_in_trf2026_names_the_ids_no_national_record_holds(tmp_path: Path) -> None:
    (template,) = write_template("icu", tmp_path / "icu.xlsx")
    set_cells(template, "Crosstable", D3=None)  # unrated, as row 8 is: no national record
    exported = export(template, "trf", tmp_path / "out.trf", force=True)
    written(exported.paths[0])
    assert fide_id_warnings(exported.warnings) == [
        "Crosstable!C1: System is ICU: the player lines have no FIDE IDs (FIDE TRF-2026 columns 58-68, "
        "mandatory for rating: a FIDE event's ID column); the file holds the ICU IDs in its National "
        "Rating Support records (rated players only), so the IDs of 2 players (rows 3, 8) are not written"]


def test_a_fide_event_says_nothing_of_fide_ids(tmp_path: Path) -> None:
    exported = export(complete_spring(tmp_path), "trf", tmp_path / "out.trf")
    assert fide_id_warnings(exported.warnings) == []


@pytest.mark.parametrize("fmt", ["trf", "trf16"])
@pytest.mark.parametrize("sex", ["X", "mf", "Frau", "0"])
def test_a_sex_trf_cannot_hold_is_refused_at_its_cell(fmt: str, sex: str, tmp_path: Path) -> None:
    workbook = complete_spring(tmp_path)
    set_cells(workbook, "Crosstable", C3=sex, C5="?")
    out = tmp_path / "out.trf"
    with pytest.raises(FormatError) as raised:
        export(workbook, fmt, out, force=True)
    wheres = [problem.where for problem in raised.value.problems]
    assert wheres == ["Crosstable!C3", "Crosstable!C5"]
    assert f"Sex {sex!r} is not one" in raised.value.problems[0].message
    assert not out.exists()


@pytest.mark.parametrize(("fmt", "letters"), [("trf", "mwwwm"), ("trf16", "mwWwm")])
def test_the_sexes_trf_holds_are_written(fmt: str, letters: str, tmp_path: Path) -> None:
    workbook = complete_spring(tmp_path)
    set_cells(workbook, "Crosstable", C2="Male", C3="female", C4="W", C5=" w ", C6="m")
    text = export(workbook, fmt, tmp_path / "out.trf").paths[0].read_bytes().decode("utf-8")
    lines = [line for line in text.split("\r\n") if line.startswith("001")]
    assert "".join(line[9] for line in lines[:5]) == letters


@pytest.mark.parametrize("fmt", ["trf", "trf16"])
def test_f_is_written_as_w_the_letter_both_editions_hold(fmt: str, tmp_path: Path) -> None:
    workbook = complete_spring(tmp_path)
    set_cells(workbook, "Crosstable", C2="F", C3="f")
    text = export(workbook, fmt, tmp_path / "out.trf").paths[0].read_bytes().decode("utf-8")
    lines = [line for line in text.split("\r\n") if line.startswith("001")]
    assert "".join(line[9] for line in lines[:2]) == "ww"
