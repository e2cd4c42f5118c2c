"""Every formula xlrating writes is saved with its value, the value Excel would calculate.

The values are checked against the ``formulas`` package (a test dependency, its own
implementation of Excel's functions and operators), with xlrating's worksheet functions
registered (:func:`xlrating.excel.headless.register`), on:

- every template (committed, blank, macro-enabled), the calculators, the season templates;
- the workbooks rated from them and the reports of those, and a new crosstable workbook;
- a sheet of formulas exercising each rule of the evaluator (blanks, text, comparisons,
  errors, precedence), and the calculators with inputs that give text, blank and error results.

A formula of a kind xlrating does not write is saved without a value (never a wrong one).
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from formulas.functions import XlError
from openpyxl import Workbook
from test_udfs_headless import calculate_file

from xlrating.excel import headless
from xlrating.excel.evaluate import Unsupported, calculate_formula
from xlrating.report import report_file
from xlrating.templates import SYSTEMS, write_committed_templates, write_template
from xlrating.templates.calculator import LAYOUTS, OPPONENTS, calculator_workbook
from xlrating.workbook import rate_file, save_workbook_atomic
from xlrating.workbook.package import read_package
from xlrating.workbook.parts import structure

_CELL = re.compile(r'<c r="([A-Z]+[0-9]+)"([^>]*?)(?<!/)>(.*?)</c>', re.S)
_VALUE = re.compile(r"<v>(.*?)</v>|<v\s*/>", re.S)
_KIND = re.compile(r'\st="(\w+)"')


@pytest.fixture(autouse=True, scope="module")
def _registered() -> None:
    headless.register()


def stored(path: Path) -> dict[str, dict[str, Any]]:
    """The value stored with each formula of the workbook at ``path``, typed as its ``t`` says:
    sheet title (upper case) -> address -> value; a formula stored without one is ``None``."""
    package = read_package(path)
    found: dict[str, dict[str, Any]] = {}
    for entry in structure(package).sheets:
        cells = found.setdefault(entry.name.upper(), {})
        for address, attributes, content in _CELL.findall(package.xml(entry.part).decode("utf-8")):
            if "<f" not in content:
                continue
            value = _VALUE.search(content)
            if value is None or value.group(1) is None:
                cells[address] = None
                continue
            kind = (_KIND.search(attributes) or re.match("(n)", "n")).group(1)  # type: ignore[union-attr]
            text = value.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
            cells[address] = {"n": float, "str": str, "b": lambda t: t == "1", "e": XlError}[kind](text)
    return found


def same(stored_value: Any, calculated: Any) -> bool:
    if isinstance(calculated, XlError):
        return isinstance(stored_value, XlError) and str(stored_value) == str(calculated)
    if isinstance(calculated, bool) or isinstance(stored_value, bool):
        return stored_value is calculated or stored_value == calculated
    if isinstance(calculated, (int, float)) and isinstance(stored_value, float):
        return stored_value == pytest.approx(float(calculated), rel=1e-12, abs=1e-12)
    return bool(stored_value == calculated)


def check(path: Path) -> int:
    """Check every formula of ``path``; return how many there are."""
    values = stored(path)
    calculated = calculate_file(path) if any(values.values()) else {}
    count = 0
    for sheet, cells in values.items():
        for address, value in cells.items():
            assert value is not None, f"{path.name}: {sheet}!{address} has no value"
            expected = calculated[sheet][address]
            assert same(value, expected), (path.name, sheet, address, value, expected)
            count += 1
    return count


def test_every_template_and_what_is_rated_from_it(tmp_path: Path) -> None:
    (tmp_path / "committed").mkdir()
    written = write_committed_templates(tmp_path / "committed")
    for system in SYSTEMS:
        written += write_template(system, tmp_path / f"blank-{system}.xlsx", blank=True)
    counts: dict[str, int] = {}
    for path in written:
        if path.suffix in (".xlsx", ".xlsm"):
            counts[path.name] = check(path)
    # Every calculator's outputs and per-game column, and the US Chess template's live column
    # (8 players), are there.
    calculator = {key: OPPONENTS + len(layout.outputs) for key, layout in LAYOUTS.items()}
    assert counts["calculators.xlsx"] == sum(calculator.values())
    assert counts["uscf-swiss.xlsx"] == calculator["uscf"] + 8
    assert counts["xlrating_event.xlsm"] == counts["uscf-swiss.xlsx"]
    assert counts["fide-round-robin.xlsx"] == calculator["fide"]
    assert counts["blank-icu.xlsx"] == calculator["icu"]
    for name in ("uscf-swiss.xlsx", "fide-round-robin.xlsx", "icu-swiss.xlsx", "xlrating_event.xlsm"):
        template = tmp_path / "committed" / name
        rated = tmp_path / f"rated-{name}"
        rate_file(template, rated)
        assert check(rated) == counts[name]
        report = tmp_path / f"report-{name.split('.')[0]}.xlsx"
        report_file(rated, report)
        assert check(report) == 0  # a report holds values only


def test_the_committed_templates_hold_the_values() -> None:
    root = Path(__file__).resolve().parent.parent / "templates"
    for path in sorted(root.glob("*.xls[xm]")):
        check(path)


def test_a_new_crosstable_workbook(tmp_path: Path) -> None:
    from xlrating.templates.examples import EXAMPLES
    from xlrating.workbook import write_new_workbook

    example = EXAMPLES["fide"]
    path = tmp_path / "new.xlsx"
    write_new_workbook(path, event=example.event_settings(), sheets=[example.sheet()])
    assert check(path) == 0


@pytest.mark.parametrize("change", [
    {},
    {"B5": None},  # unrated: blanks where a rating is needed, the initial rating
    {"B5": 1320, "B6": 6, "B7": "all wins", "B4": "USCF 2009"},  # the special formula
    {"B9": date(2015, 6, 1)},  # a bonus multiplier the rules do not settle: #VALUE!
    {"B13": None, "C13": None, "B14": None, "C14": None, "B15": None, "C15": None, "B16": None,
     "C16": None},  # no games: #N/A
    {"B4": "USCF 1999"},  # unknown rules: #VALUE! everywhere they are read
])
def test_the_us_chess_calculator_with_other_inputs(tmp_path: Path, change: dict[str, Any]) -> None:
    book = calculator_workbook()
    for address, value in change.items():
        book["US Chess"][address] = value
    for address, value in {"B5": None, "B10": None}.items():  # FIDE unrated, ICU with a blank K
        book["FIDE"][address] = value
    path = tmp_path / "calculators.xlsx"
    save_workbook_atomic(book, path)
    check(path)


#: Formulas exercising the evaluator's rules, on the inputs of :func:`_inputs`.
FORMULAS = [
    "=A1+A2", "=A1-A2*A3", "=A1/A2^2", "=-A3^2", "=2^-1", "=(A1+A2)*A3", "=A1/0", "=A1+B1", "=A1&B1",
    "=A1&A4", "=B1&TRUE", '=A5+1', '=A5&""', "=A1=A2", '=A5=""', "=A5=0", '=B1="TEXT"',
    "=B1<A1", "=B1>A1", "=TRUE>B1", '="a"<"B"', "=A1<>A2", "=A1<=A1", "=A1>=A2", "=A5", "=B2",
    '=IF(A1>A2,"more","less")', "=IF(A5,1,2)", "=IF(A1<A2,1)", '=IF(B1,1,2)', "=IF(1/0,1,2)",
    '=IF(A1>0,A1,1/0)', "=AND(A1>0,A2>0)", "=AND(A1:A5)", "=OR(A5,FALSE)", "=OR(A1:A5)", "=AND(B1)",
    "=NOT(A5)", "=COUNT(A1:A5)", "=COUNT(A1,B1,TRUE,\"3\")", "=B3+1", "=B3*2",
    "=Sheet!A1+'Other sheet'!A1", '="say ""hi"""', "=A1+C1", "=COUNT(C1:C2)",
    "=EFFECTIVE_GAMES(A1,A2)", '=EFFECTIVE_GAMES(A1,A5,"USCF 2009")', "=EFFECTIVE_GAMES(B1,A2)",
    "=USCF_WE(A1,A1:A3)", "=SCORE(B4:B5)", "=ICU_PERF(A1:A2,B4:B5)", "=ICU_PERF(A5:A5,B4:B5)",
    "=EFFECTIVE_GAMES(A1,A2)+1", "=ISERROR(1)", "=ISNUMBER(A1)", "=ISNUMBER(B1)", "=ISNUMBER(A5)",
    "=ISNUMBER(TRUE)", '=IF(ISNUMBER(A1),EFFECTIVE_GAMES(A1,A2),"")',
]


def _inputs(book: Workbook) -> None:
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sheet"
    for address, value in {"A1": 1500, "A2": 20, "A3": 3, "A4": 0.25, "A5": None, "B1": "text",
                           "B2": None, "B3": "12", "B4": "W", "B5": "D", "C1": "=1/0", "C2": 7}.items():
        sheet[address] = value
    book.create_sheet("Other sheet")["A1"] = 2


def test_the_evaluator_calculates_as_excel(tmp_path: Path) -> None:
    book = Workbook()
    _inputs(book)
    sheet = book["Sheet"]
    for row, formula in enumerate(FORMULAS, start=10):
        sheet[f"E{row}"] = formula
    path = tmp_path / "rules.xlsx"
    save_workbook_atomic(book, path)
    values = stored(path)["SHEET"]
    calculated = calculate_file(path)["SHEET"]
    for row, formula in enumerate(FORMULAS, start=10):
        if formula == "=ISERROR(1)":
            assert values[f"E{row}"] is None  # not a function xlrating writes: no value
            continue
        assert values[f"E{row}"] is not None, formula
        assert same(values[f"E{row}"], calculated[f"E{row}"]), (formula, values[f"E{row}"],
                                                               calculated[f"E{row}"])


def test_where_formulas_differs_from_excel_excel_is_followed() -> None:
    # Microsoft's COUNT function reference: "If an argument is an array or reference, only
    # numbers in that array or reference are counted. Empty cells, logical values, text, or
    # error values in the array or reference are not counted." (``formulas`` counts the
    # number typed as text in A2.) A blank compared with FALSE is FALSE's empty value.
    cells = {(1, 1): 1500, (2, 1): "12", (3, 1): True, (4, 1): None}
    value = lambda sheet, row, column: cells.get((row, column))  # noqa: E731
    assert calculate_formula("=COUNT(A1:A4)", "Sheet", value) == 1
    assert calculate_formula("=COUNT(A1,A2,A3,A4)", "Sheet", value) == 1  # references, each of them
    assert calculate_formula('=COUNT(1500,"12",TRUE,"x")', "Sheet", value) == 3  # typed in: counted
    assert calculate_formula("=A4=FALSE", "Sheet", value) is True


@pytest.mark.parametrize("formula", ["=SUM(A1:A2)", "=A1:A2+", "=IF(A1)", "={1,2}", "=A1 A2", "=#REF!"])
def test_a_formula_xlrating_does_not_write_is_refused(formula: str) -> None:
    with pytest.raises(Unsupported):
        calculate_formula(formula, "Sheet", lambda sheet, row, column: 1)


def test_a_reference_loop_leaves_the_cells_without_a_value(tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"], sheet["A2"], sheet["A3"] = "=A2+1", "=A1+1", "=5*2"
    path = tmp_path / "loop.xlsx"
    save_workbook_atomic(book, path)
    assert stored(path)["SHEET"] == {"A1": None, "A2": None, "A3": 10.0}


def test_a_chain_too_deep_to_follow_is_left_to_excel(tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in range(1, 5001):
        sheet[f"A{row}"] = f"=A{row + 1}+1"
    sheet["A5001"] = 1
    sheet["B1"] = "=" + "(" * 2000 + "1" + ")" * 2000
    path = tmp_path / "deep.xlsx"
    save_workbook_atomic(book, path)
    values = stored(path)["SHEET"]
    assert values["A5000"] == 2.0 and values["A1"] in (None, 5001.0) and values["B1"] in (None, 1.0)
