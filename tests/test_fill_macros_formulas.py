"""The "Fill from the list" macro and Lite script never write over a formula, as ``xlrating fill``
(tests/test_formula_cells_paths.py), where xlwings gives the formulas: classic Excel's
``Range.formula`` and xlwings Lite's ``Range.get_formula`` (fetched on demand: "Formulas aren't
part of the payload that the client sends with every request"). xlwings Server sends values only
and cannot fetch them ("get_formula() is only supported in xlwings Lite"): there a formula whose
value is blank is filled over, the limit docs/guide/lists.md states, and the alert says so.

Run through xlwings itself (``XLWINGS_ON_SERVER``, tests/conftest.py); the formulas Excel would
give come from the file, where xlwings would ask Excel for them.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw
from test_formula_cells_paths import formula_rating
from test_macros import book_json, run_script, writes
from xlwings.pro import _xlremote

from xlrating import macros
from xlrating.cli import main


def excel_formulas(source: Path) -> Any:
    """What Excel gives as a range's formulas (``=...`` for a formula, else the value), from the file."""
    book = openpyxl.load_workbook(source)

    def formulas(impl: Any) -> list[list[Any]]:
        sheet = book[impl.sheet.name]
        (top, left), (rows, columns) = (impl.row, impl.column), impl.shape
        return [["" if (v := sheet.cell(row=r, column=c).value) is None else v
                 for c in range(left, left + columns)] for r in range(top, top + rows)]
    return formulas


def lite_formulas(monkeypatch: pytest.MonkeyPatch, source: Path) -> None:
    """xlwings Lite's ``Range.get_formula``, as its Excel client would answer it, from the file."""
    given = excel_formulas(source)

    async def get_formula(impl: Any) -> list[list[Any]]:
        return given(impl)

    monkeypatch.setattr(_xlremote.Range, "get_formula", get_formula)


def command_line_problem(source: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["fill", str(source), "--list-sheet"]) == 1
    (line,) = [x for x in capsys.readouterr().err.splitlines() if "does not write over a formula" in x]
    return line.strip()


def test_the_lite_script_refuses_a_formula_as_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    source, _ = formula_rating(tmp_path, cached=True)
    said = command_line_problem(source, capsys)
    lite_formulas(monkeypatch, source)
    actions = run_script(macros, "fill_from_the_list", book_json(source))
    assert writes(actions) == []
    (alert,) = [a["args"] for a in actions if a["func"] == "alert"]
    assert alert[1] == "xlrating: nothing was filled"
    assert said in alert[0].splitlines()


def test_the_classic_macro_refuses_a_formula_as_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from xlrating.excel import macros as excel_macros

    source, _ = formula_rating(tmp_path, cached=True)
    said = command_line_problem(source, capsys)
    given = excel_formulas(source)
    monkeypatch.setattr(excel_macros, "is_remote", lambda book: False)  # as in classic Excel
    monkeypatch.setattr(_xlremote.Range, "formula", property(given))  # classic Range.formula
    book = xw.Book(json=book_json(source))
    assert macros.fill_from_list(book) is None
    actions = book.json()["actions"]
    assert writes(actions) == []
    (alert,) = [a["args"] for a in actions if a["func"] == "alert"]
    assert said in alert[0].splitlines()


def test_xlwings_server_cannot_see_the_formula(tmp_path: Path) -> None:
    # The limit: the book xlwings Server sends holds values only, and get_formula is Lite's.
    source, typed = formula_rating(tmp_path, cached=True)
    cell = xw.Book(json=book_json(source)).sheets["Crosstable"].range("A1")
    with pytest.raises(NotImplementedError, match="Reading formulas synchronously isn't supported"):
        cell.formula  # noqa: B018
    with pytest.raises(NotImplementedError, match="only supported in xlwings Lite"):
        asyncio.run(cell.get_formula())
    actions = run_script(macros, "fill_from_the_list", book_json(source))
    column = typed[0].index("Rating")
    assert any(a["start_row"] == 1 and a["start_column"] == column for a in writes(actions))
    # ... and says so: the default it took is in the alert.
    (alert,) = [a["args"] for a in actions if a["func"] == "alert"]
    assert alert[1] == "xlrating"
    assert "Formulas not checked" in alert[0] and "xlwings Server sends values only" in alert[0]


def test_a_fill_that_knows_the_formulas_says_nothing_of_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, _ = formula_rating(tmp_path, cached=True)
    book = openpyxl.load_workbook(source)
    for row in book["Crosstable"].iter_rows():
        for cell in row:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.value = None  # the formula cleared, as the refusal asks: now the fill fills it
    cleared = tmp_path / "cleared.xlsx"
    book.save(cleared)
    lite_formulas(monkeypatch, cleared)
    actions = run_script(macros, "fill_from_the_list", book_json(cleared))
    assert writes(actions)
    (alert,) = [a["args"] for a in actions if a["func"] == "alert"]
    assert alert[1] == "xlrating" and "Formulas not checked" not in alert[0]
