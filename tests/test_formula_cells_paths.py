"""Formula cells the file holds no value for, on the paths besides ``xlrating rate``.

A program that does not calculate formulas (openpyxl among them) saves a formula without its
value; :func:`xlrating.workbook.read_grids` reads such a cell as blank, and ``xlrating rate``
names each one it reads (tests/test_robustness_cli.py). An export reads the same cells and
writes them into the file sent to the rating body, so it names them alike; a fill writes the
cells it reads as blank, so it never writes over a formula: the formula is the user's.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl
import pytest
from test_fill_cli import post_ratings, workbook
from test_official_fill import blanked, uscf_event

from xlrating.cli import main
from xlrating.templates import write_template

NOT_CALCULATED = ("1 formula cell without a value (empty, or never calculated) read as blank: {cells}. "
                  "If the file was written by a program that does not calculate formulas, open it in Excel "
                  "(or LibreOffice), save it and {again}.")


def fide_event(path: Path) -> Path:
    """The FIDE template, every player with a FIDE ID, No. 2's rating (Crosstable!D3) a formula."""
    write_template("fide", path)
    book = openpyxl.load_workbook(path)
    sheet = book["Crosstable"]
    assert (sheet["D1"].value, sheet["C8"].value) == ("Rating", None)
    sheet["C8"] = "99887766"
    sheet["D3"] = f"={sheet['D3'].value}"
    book.save(path)
    return path


@pytest.mark.parametrize("fmt", ["trf", "trf16"])
def test_an_export_names_the_formula_cells_it_reads_as_blank_as_rate_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    source = fide_event(tmp_path / "event.xlsx")
    assert main(["rate", str(source)]) == 0
    said = NOT_CALCULATED.format(cells="Crosstable!D3", again="{again}")
    assert f"xlrating: warning: {said.format(again='rate it again')}" in capsys.readouterr().err
    assert main(["export", str(source), "--to", fmt, "-o", str(tmp_path / "event.trf")]) == 0
    assert f"xlrating: warning: {said.format(again='export it again')}" in capsys.readouterr().err
    # (the player line holds no rating: what the warning is about)
    line = next(t for t in (tmp_path / "event.trf").read_text().splitlines() if t.startswith("001    2"))
    assert line[48:52] == "    "


def test_an_export_says_nothing_of_formula_cells_it_does_not_read(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    source = fide_event(tmp_path / "event.xlsx")
    book = openpyxl.load_workbook(source)
    book["Crosstable"]["D3"] = 2188
    book["Crosstable"]["P2"] = "=1+1"  # beyond the columns the export reads
    book.save(source)
    assert main(["export", str(source), "--to", "trf", "-o", str(tmp_path / "event.trf")]) == 0
    assert "formula cell" not in capsys.readouterr().err


def formula_rating(tmp_path: Path, cached: bool = False) -> tuple[Path, list[list[object]]]:
    """A US Chess event with its ratings blank, the first player's a formula (no value in the file,
    or, ``cached``, a value of blank text), and the list beside it."""
    typed, event = uscf_event()
    source = workbook(tmp_path / "event.xlsx", blanked(typed, ("Rating",)), event, with_list=True)
    book = openpyxl.load_workbook(source)
    sheet = book["Crosstable"]
    column = typed[0].index("Rating") + 1
    cell = sheet.cell(row=2, column=column)
    cell.value = '=""'
    book.save(source)
    if cached:  # as Excel saves it, with the formula's value: a space
        with zipfile.ZipFile(source) as archive:
            parts = {name: archive.read(name) for name in archive.namelist()}
        plain = f'<c r="{cell.coordinate}"><f>""</f><v /></c>'
        (name,) = [n for n, data in parts.items()
                   if n.startswith("xl/worksheets/") and plain.encode() in data]
        xml = parts[name].decode()
        parts[name] = xml.replace(plain, f'<c r="{cell.coordinate}" t="str"><f>" "</f><v> </v></c>').encode()
        with zipfile.ZipFile(source, "w") as archive:
            for key, data in parts.items():
                archive.writestr(key, data)
    return source, typed


@pytest.mark.parametrize("cached", [False, True])
def test_a_fill_never_writes_over_a_formula(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           cached: bool) -> None:
    source, typed = formula_rating(tmp_path, cached)
    before = source.read_bytes()
    assert main(["fill", str(source), "--list-sheet"]) == 1
    err = capsys.readouterr().err
    letter = openpyxl.utils.get_column_letter(typed[0].index("Rating") + 1)
    what = ("a formula whose value is blank" if cached
            else "a formula with no value in the file (never calculated)")
    assert f"Crosstable!{letter}2: {what} reads as blank, and the fill does not write over a formula: " in err
    assert not (tmp_path / "event-filled.xlsx").exists()
    assert source.read_bytes() == before
    # rate --list fills first: refused alike, nothing rated or written
    assert main(["rate", str(source), "--list", "--list-sheet"]) == 1
    assert f"Crosstable!{letter}2: {what} reads as blank" in capsys.readouterr().err
    assert not (tmp_path / "event-rated.xlsx").exists()
    # the cell cleared, the fill fills it and the rating is the one the list gives
    book = openpyxl.load_workbook(source)
    book["Crosstable"][f"{letter}2"] = None
    book.save(source)
    assert main(["rate", str(source), "--list", "--list-sheet"]) == 0
    full = workbook(tmp_path / "full.xlsx", typed, uscf_event()[1])
    assert main(["rate", str(full)]) == 0
    assert post_ratings(tmp_path / "event-rated.xlsx") == post_ratings(tmp_path / "full-rated.xlsx")
