"""The committed templates print as a director would want them: LibreOffice renders each to
PDF and the pages are counted and read.

- the crosstable, the Event sheet and the How to use sheet each print one page wide, and
  no line of the How to use text is cut at the page's edge;
- every calculator sheet prints on exactly one page, help column included;
- no formula shows an error value (``#NAME?``: LibreOffice does not know xlrating's
  functions, so it shows the values the formulas were saved with), and the calculators'
  results are the numbers stored.

Runs where LibreOffice and poppler are installed; on CI (which installs them) a missing
tool is a failure, as in ``test_report_render.py``, whose ``render`` this reuses.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import openpyxl
import pytest
from test_report_render import RENDERS, render  # the same tools, the same rule

from xlrating.templates.calculator import WORKBOOK_TITLES

pytestmark = list(RENDERS)  # slow too: LibreOffice renders, not in the fast loop
ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"


def pages(pdf: Path) -> list[str]:
    """The text of each page of ``pdf``."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                          text=True, timeout=60).stdout
    return text.rstrip("\f").split("\f")


def words(text: str) -> str:
    return " ".join(text.split())


ERROR_VALUES = ("#NAME?", "#VALUE!", "#N/A", "#REF!", "#DIV/0!", "#NUM!", "Err:")


def no_error_values(printed: list[str]) -> None:
    for number, page in enumerate(printed, start=1):
        assert not [e for e in ERROR_VALUES if e in page], (number, page)


@pytest.mark.parametrize("name", ["uscf-swiss.xlsx", "fide-round-robin.xlsx", "icu-swiss.xlsx"])
def test_each_sheet_of_a_crosstable_template_prints_on_one_page(tmp_path: Path, name: str) -> None:
    book = openpyxl.load_workbook(TEMPLATES / name)
    printed = pages(render(TEMPLATES / name, tmp_path / "render"))
    assert len(printed) == len(book.sheetnames), printed
    no_error_values(printed)
    how_to = words(printed[book.sheetnames.index("How to use")])
    for row in book["How to use"].iter_rows(min_col=1, max_col=1, values_only=True):
        if row[0]:
            # The end of every line is on the page: nothing runs off its right edge.
            assert words(str(row[0]))[-25:] in how_to, row[0]


def test_every_calculator_prints_on_one_page(tmp_path: Path) -> None:
    printed = pages(render(TEMPLATES / "calculators.xlsx", tmp_path / "render"))
    assert len(printed) == len(WORKBOOK_TITLES)
    no_error_values(printed)
    book = openpyxl.load_workbook(TEMPLATES / "calculators.xlsx")
    stored = openpyxl.load_workbook(TEMPLATES / "calculators.xlsx", data_only=True)
    for page, sheet in zip(printed, book.worksheets, strict=True):
        assert words(str(sheet["A1"].value)) in words(page)
        new_rating = next(c.offset(column=1) for c in sheet["F"] if c.value == "New rating")
        assert new_rating.data_type == "f"
        shown = stored[sheet.title][new_rating.coordinate].value
        assert isinstance(shown, (int, float)) and f"New rating {round(shown)}" in words(page), \
            (sheet.title, shown)
        helps = [c.value for c in sheet["H"] if isinstance(c.value, str)]
        printed_words = set(page.split())
        # A wrapped help text's lines stand apart in the page's text, so each help's last
        # words are looked for one by one: a text cut at the page's edge loses them.
        assert helps and all(set(h.split()[-2:]) <= printed_words for h in helps), sheet.title


def test_a_rated_crosstable_prints_as_a_legible_wall_chart(tmp_path: Path) -> None:
    # The working behind each rating (initial rating, N', steps, K, notes...) is grouped and
    # collapsed when the outputs are added: the printed page shows Score, Post rating, Change.
    from xlrating.workbook import rate_file

    rated = tmp_path / "rated.xlsx"
    rate_file(TEMPLATES / "uscf-swiss.xlsx", rated)
    sheet = openpyxl.load_workbook(rated)["Crosstable"]
    header = {c.value: c.column_letter for c in sheet[1]}
    assert all(sheet.column_dimensions[header[h]].hidden for h in ("Initial rating", "Step 3", "K", "Notes"))
    assert not any(sheet.column_dimensions[header[h]].hidden for h in ("Score", "Post rating", "Change"))
    printed = pages(render(rated, tmp_path / "render"))
    no_error_values(printed)
    page = printed[0]
    assert "Post rating" in page and "Step 3" not in page
    posts = [row[0] for row in sheet.iter_rows(min_row=2, min_col=sheet[header["Post rating"] + "1"].column,
                                                 max_col=sheet[header["Post rating"] + "1"].column,
                                                 values_only=True) if row[0] is not None]
    assert len(posts) == 8 and all(str(round(p)) in page for p in posts)


def test_a_rated_season_prints_every_sheet_on_one_page_wide_names_and_dates_whole(tmp_path: Path) -> None:
    # The season template rated for the first time: each sheet prints one page wide (this small
    # season: one page each), the Players sheet shows its new ratings, the New list shows every
    # name and birth date whole (not cut, not ###).
    from xlrating.workbook.season import rate_season_file

    rated = tmp_path / "season-rated.xlsx"
    rate_season_file(TEMPLATES / "season.xlsx", rated)
    book = openpyxl.load_workbook(rated)
    printed = pages(render(rated, tmp_path / "render"))
    assert len(printed) == len(book.sheetnames), [page[:60] for page in printed]
    by_sheet = dict(zip(book.sheetnames, printed, strict=True))
    players = by_sheet["Players"]
    assert "New rating" in players and "Games played" in players
    new_list = by_sheet["New list"]
    for row in book["New list"].iter_rows(min_row=2, values_only=True):
        assert row[1] in new_list, row
        if row[4] is not None:
            assert row[4].date().isoformat() in new_list, row
    assert "###" not in new_list
    for event in ("Autumn", "Winter", "Spring"):
        assert "Post rating" in by_sheet[event] and "Step 3" not in by_sheet[event]
def test_the_macro_enabled_template_shows_numbers(tmp_path: Path) -> None:
    printed = pages(render(TEMPLATES / "xlrating_event.xlsm", tmp_path / "render"))
    no_error_values(printed)
    stored = openpyxl.load_workbook(TEMPLATES / "xlrating_event.xlsm", data_only=True)["Crosstable"]
    live = next(c for c in stored[1] if c.value == "Live effective games").column_letter
    shown = [c.value for c in stored[live][1:] if c.value not in (None, "")]
    assert len(shown) == 7 and all(f"{value:.1f}" in printed[0] for value in shown)
