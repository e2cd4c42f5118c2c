"""Workbooks holding the Excel functions, calculated without Excel by the ``formulas`` package.

The functions are registered with ``formulas`` (:func:`xlrating.excel.headless.register`),
the workbook is loaded and calculated, and every cell holding one of our formulas is
checked against the Python API with the same inputs. A formula that does not evaluate
(an error value where a number belongs) fails the test.

- the calculators (:mod:`xlrating.templates.calculator`), with their example and with
  other inputs (unrated, provisional, older rules, a given B);
- a sheet with a formula for every function;
- the event-level formula spilling beside a template's crosstable, against the macro's
  own output, and the live ``Effective games`` column for the US Chess template.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import formulas
import pytest
from formulas.functions import XlError
from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries
from openpyxl.worksheet.formula import ArrayFormula

from xlrating import fide, icu, udfs, uscf
from xlrating.crosstable import rate_sheets
from xlrating.errors import ArgumentError
from xlrating.excel import headless
from xlrating.templates import build_template, live_effective_games
from xlrating.templates.calculator import (
    CALCULATOR_SHEET,
    FIDE,
    ICU,
    LAYOUTS,
    USCF,
    add_calculator_sheet,
    calculator_workbook,
)

#: Minutes of work in all: left out of the fast loop (`pytest -m "not slow"`).
pytestmark = pytest.mark.slow

Values = dict[str, Any]


@pytest.fixture(autouse=True, scope="module")
def _registered() -> None:
    headless.register()


def calculate(workbook: Workbook, path: Path) -> dict[str, Values]:
    """Every cell's calculated value, by sheet title and address (``values["FIDE"]["G8"]``)."""
    workbook.save(path)
    return calculate_file(path)


def calculate_file(path: Path) -> dict[str, Values]:
    """Every cell's value in the workbook at ``path``, calculated by ``formulas``, by sheet title
    (upper case) and address."""
    solution = formulas.ExcelModel().loads(str(path)).finish().calculate()
    result: dict[str, Values] = {}
    for key, value in solution.items():
        if "]" not in key or "!" not in key or not hasattr(value, "value"):
            continue  # formulas' own nodes (compiled formulas, names)
        sheet, address = key.split("]", 1)[1].rsplit("!", 1)
        if ":" in address:
            for offset, cell in enumerate(_cells_of(address)):
                flat = value.value.ravel()
                if offset < flat.size:
                    result.setdefault(sheet.strip("'").upper(), {}).setdefault(cell, flat[offset])
            continue
        result.setdefault(sheet.strip("'").upper(), {})[address] = value.value[0, 0]
    return result


def _cells_of(area: str) -> list[str]:
    """The cells of an area in reading order (``M2:M9``)."""
    low_column, low_row, high_column, high_row = range_boundaries(area)
    return [f"{get_column_letter(c)}{r}" for r in range(low_row, high_row + 1)
            for c in range(low_column, high_column + 1)]


def formula_cells(workbook: Workbook, title: str) -> list[str]:
    sheet = workbook[title]
    return [c.coordinate for row in sheet.iter_rows() for c in row
            if isinstance(c.value, str) and c.value.startswith("=")]


def no_errors(workbook: Workbook, values: dict[str, Values]) -> None:
    for title in workbook.sheetnames:
        for address in formula_cells(workbook, title):
            value = values[title.upper()].get(address)
            assert not isinstance(value, XlError), (title, address, value, headless.messages)


def ratings_results(layout: Any) -> tuple[list[float], list[float]]:
    points = {"W": 1.0, "D": 0.5, "L": 0.0}
    return [float(r) for r, _ in layout.opponents], [points[x] for _, x in layout.opponents]


# --- the calculators ---------------------------------------------------------------------------


def test_uscf_calculator_example(tmp_path: Path) -> None:
    workbook = calculator_workbook()
    values = calculate(workbook, tmp_path / "calc.xlsx")
    no_errors(workbook, values)
    v = values["US CHESS"]
    ratings, _ = ratings_results(USCF)
    n_prime = uscf.effective_games(1500, 30)
    assert (v["G4"], v["G5"]) == (4, 2.5)
    assert v["G6"] == pytest.approx(n_prime)
    assert v["G7"] == pytest.approx(uscf.k_factor(n_prime, 4, regular_rating=1500))
    assert v["G8"] == pytest.approx(sum(uscf.winning_expectancy(1500, r) for r in ratings))
    assert v["G9"] == ""  # no B and no end date: the rules' own B
    assert v["G10"] == pytest.approx(uscf.special_rating(1500, n_prime, ratings, 2.5))
    standard = uscf.standard_rating(1500, n_prime, ratings, 2.5, bonus=False)
    assert v["G11"] == pytest.approx(standard)
    assert v["G12"] == pytest.approx(uscf.standard_rating(1500, n_prime, ratings, 2.5) - standard)
    # N = 30 > 8: the standard formula (US Chess 2020, 1, step 4).
    assert v["G13"] == pytest.approx(uscf.standard_rating(1500, n_prime, ratings, 2.5))
    assert v["G14"] == pytest.approx(v["G13"] - 1500)
    for index, rating in enumerate(ratings):
        assert v[f"D{13 + index}"] == pytest.approx(uscf.winning_expectancy(1500, rating))
    assert v["D20"] == ""


def test_uscf_calculator_other_inputs(tmp_path: Path) -> None:
    workbook = calculator_workbook()
    sheet = workbook["US Chess"]
    sheet["B4"], sheet["B5"], sheet["B6"], sheet["B7"] = "USCF 2009", 1320, 6, "all wins"
    sheet["B9"] = date(2015, 6, 1)  # B = 10 or 12: unknown, and B8 is blank
    sheet["B8"] = 8
    sheet["B17"], sheet["C17"] = "1710", "1"  # numbers typed as text
    values = calculate(workbook, tmp_path / "calc.xlsx")
    no_errors(workbook, values)
    v = values["US CHESS"]
    ratings = [1400.0, 1550.0, 1620.0, 1480.0, 1710.0]
    n_prime = uscf.effective_games(1320, 6, rules="2009")
    assert v["G9"] == 8
    # N = 6 <= 8 and an all-wins history: the special formula, stored as an integer under 2009.
    special = uscf.special_rating(1320, n_prime, ratings, 3.5, history="all wins", rules="2009")
    assert v["G10"] == pytest.approx(special)
    assert v["G13"] == pytest.approx(special, abs=1) and v["G13"] % 1 == 0
    assert v["G11"] == pytest.approx(uscf.standard_rating(1320, n_prime, ratings, 3.5, bonus=False,
                                                          rules="2009"))
    assert v["G12"] == pytest.approx(uscf.standard_rating(1320, n_prime, ratings, 3.5, bonus_multiplier=8,
                                                          rules="2009") - v["G11"])
    # An unknown B for the end date shows #VALUE! only when B itself is blank.
    sheet["B8"] = None
    values = calculate(workbook, tmp_path / "calc2.xlsx")
    assert isinstance(values["US CHESS"]["G9"], XlError)
    assert "10 or 12" in headless.messages["USCF_BONUS_MULTIPLIER"]


def test_fide_calculator(tmp_path: Path) -> None:
    workbook = calculator_workbook()
    values = calculate(workbook, tmp_path / "calc.xlsx")
    v = values["FIDE"]
    ratings, results = ratings_results(FIDE)
    on = date(2025, 6, 1)
    k = fide.k_factor(1850, on=on, period_games=5)
    assert (v["G4"], v["G5"], v["G6"]) == (5, 3.0, k)
    assert v["G7"] == pytest.approx(sum(fide.expected_score(1850, r, on=on) for r in ratings))
    change = fide.rating_change(1850, ratings, results, k=k, on=on)
    assert v["G8"] == change
    assert v["G9"] == 1850 + change
    assert v["G10"] == ""
    assert v["D15"] == fide.expected_score(1850, 2010, on=on)
    # Unrated, under the handbook: the first rating Ru; the rated-only cells are blank.
    sheet = workbook["FIDE"]
    sheet["B4"], sheet["B5"] = "FIDE handbook", None
    values = calculate(workbook, tmp_path / "calc2.xlsx")
    no_errors(workbook, values)
    v = values["FIDE"]
    assert v["G10"] == fide.unrated_rating(ratings, results, rules="handbook").rating
    assert (v["G6"], v["G8"], v["G9"], v["D13"]) == ("", "", "", "")
    # A K given by hand, a junior under the 2024 rules.
    sheet["B4"], sheet["B5"], sheet["B10"] = "FIDE 2024", 2050, 40
    values = calculate(workbook, tmp_path / "calc3.xlsx")
    assert values["FIDE"]["G8"] == fide.rating_change(2050, ratings, results, k=40, on=on)


def test_icu_calculator(tmp_path: Path) -> None:
    workbook = calculator_workbook()
    values = calculate(workbook, tmp_path / "calc.xlsx")
    no_errors(workbook, values)
    v = values["ICU"]
    ratings, results = ratings_results(ICU)
    k = icu.k_factor(1720, birth_date=date(1990, 5, 17), joined=date(2012, 9, 1),
                     start_date=date(2025, 2, 14))
    change = icu.rating_change(1720, ratings, results, k=k)
    performance = icu.performance(ratings, results)
    bonus = icu.bonus(1720, change, 5, k, performance)
    assert (v["G4"], v["G5"], v["G6"]) == (5, 3.5, k)
    assert v["G7"] == pytest.approx(sum(icu.expected_score(1720, r) for r in ratings))
    assert (v["G8"], v["G9"], v["G10"]) == (pytest.approx(change), pytest.approx(performance), bonus)
    assert v["G11"] == pytest.approx(1720 + change + bonus)
    # A junior with K 40 and a big result: a bonus (ICU rules, "Bonus").
    sheet = workbook["ICU"]
    sheet["B5"], sheet["B7"] = 1450, 40
    values = calculate(workbook, tmp_path / "calc2.xlsx")
    v = values["ICU"]
    change = icu.rating_change(1450, ratings, results, k=40)
    bonus = icu.bonus(1450, change, 5, 40, performance)
    assert bonus > 0
    assert (v["G8"], v["G10"]) == (pytest.approx(change), bonus)
    assert v["G11"] == pytest.approx(1450 + change + bonus)
    # Provisional (12 games): the weighted average; unrated: the performance.
    sheet["B6"] = 12
    values = calculate(workbook, tmp_path / "calc3.xlsx")
    no_errors(workbook, values)
    assert values["ICU"]["G11"] == pytest.approx(icu.provisional_rating(1450, 12, ratings, results))
    assert values["ICU"]["G6"] == ""
    sheet["B5"], sheet["B6"] = None, None
    values = calculate(workbook, tmp_path / "calc4.xlsx")
    no_errors(workbook, values)
    assert values["ICU"]["G11"] == pytest.approx(performance)


def test_blank_calculators_show_blanks_not_errors(tmp_path: Path) -> None:
    workbook = calculator_workbook(example=False)
    values = calculate(workbook, tmp_path / "blank.xlsx")
    for title in workbook.sheetnames:
        for field in LAYOUTS[{"US Chess": "uscf", "FIDE": "fide", "ICU": "icu"}[title]].outputs:
            value = values[title.upper()][field.cell]
            assert value in ("", 0) or (isinstance(value, XlError) and str(value) == "#N/A"), (title, field)


def test_add_calculator_sheet_to_a_template(tmp_path: Path) -> None:
    # Every template gets its calculator from the generator, as its last sheet.
    workbook = build_template("uscf")
    sheet = workbook[CALCULATOR_SHEET]
    assert sheet.title == workbook.sheetnames[-1]
    values = calculate(workbook, tmp_path / "template.xlsx")
    no_errors(workbook, values)
    assert values["CALCULATOR"]["G13"] == pytest.approx(calculate(calculator_workbook(), tmp_path / "c.xlsx")[
        "US CHESS"]["G13"])
    # The calculator is not mistaken for a crosstable: the macro rates the example event's
    # players as the engine does.
    rated = rate_sheets({s.title: [list(r) for r in s.iter_rows(values_only=True)] for s in workbook})
    assert [e.crosstable.sheet for e in rated.events] == ["Crosstable"]
    with pytest.raises(ArgumentError, match="system"):
        add_calculator_sheet(workbook, "ecf")
    with pytest.raises(ArgumentError, match="already has a sheet"):
        add_calculator_sheet(workbook, "fide")


# --- a formula for every function --------------------------------------------------------------

OPPONENTS = [1400, 1550, 1620, 1480]
RESULTS = ["W", "D", "L", "W"]


def _column(values: list[Any]) -> list[list[Any]]:
    return [[v] for v in values]


# (formula, the same call in Python); the sheet holds the opponents in A1:A4, results in B1:B4,
# a blank in Z1, dates in C1 (2012-01-01) and C2 (2024-01-01).
EVERY_FUNCTION: list[tuple[str, Callable[[], Any]]] = [
    ('=EFFECTIVE_GAMES(1700,30,"2009")', lambda: udfs.EFFECTIVE_GAMES(1700, 30, "2009")),
    ("=USCF_NSTAR(1700,Z1)", lambda: udfs.USCF_NSTAR(1700)),
    ('=USCF_K(20,6,"","","")', lambda: udfs.USCF_K(20, 6)),
    ("=USCF_WE(1500,A1:A4,Z1)", lambda: udfs.USCF_WE(1500, _column(OPPONENTS))),
    ("=USCF_PWE(1500,A1:A4,Z1)", lambda: udfs.USCF_PWE(1500, _column(OPPONENTS))),
    ('=USCF_SPECIAL(1500,5,A1:A4,B1:B4,"",Z1)', lambda: udfs.USCF_SPECIAL(1500, 5, _column(OPPONENTS),
                                                                        _column(RESULTS))),
    ('=USCF_STANDARD(1500,20,A1:A4,2.5,TRUE,10,"no","2020")',
     lambda: udfs.USCF_STANDARD(1500, 20, _column(OPPONENTS), 2.5, True, 10, "no", "2020")),
    ('=USCF_BONUS(30,3,1.5,3,"","2009")', lambda: udfs.USCF_BONUS(30, 3, 1.5, 3, None, "2009")),
    ("=USCF_BONUS_MULTIPLIER(C2)", lambda: udfs.USCF_BONUS_MULTIPLIER(date(2024, 1, 1))),
    ('=USCF_RATING(1500,30,A1:A4,B1:B4,"","","","","")',
     lambda: udfs.USCF_RATING(1500, 30, _column(OPPONENTS), _column(RESULTS))),
    ("=USCF_FROM_FIDE(1900,Z1)", lambda: udfs.USCF_FROM_FIDE(1900)),
    ("=USCF_FROM_CFC(1600,Z1)", lambda: udfs.USCF_FROM_CFC(1600)),
    ('=USCF_AGE_RATING(C1,C2,"","")', lambda: udfs.USCF_AGE_RATING(date(2012, 1, 1), date(2024, 1, 1))),
    ('=USCF_INITIAL("Regular",2200,"","","","","","")', lambda: udfs.USCF_INITIAL("Regular", 2200)),
    ('=USCF_INITIAL_GAMES("Regular",2200,"","","","","","")',
     lambda: udfs.USCF_INITIAL_GAMES("Regular", 2200)),
    ('=USCF_FLOOR(1941,"","","","","")', lambda: udfs.USCF_FLOOR(1941)),
    ("=USCF_PEAK_FLOOR(1999.51,Z1)", lambda: udfs.USCF_PEAK_FLOOR(1999.51)),
    ("=USCF_PRIZE_FLOOR(1800,4000,Z1)", lambda: udfs.USCF_PRIZE_FLOOR(1800, 4000)),
    ('=FIDE_PD(345,"handbook")', lambda: udfs.FIDE_PD(345, "handbook")),
    ('=FIDE_EXPECTED(1500,A1:A4,"2024",C2)', lambda: udfs.FIDE_EXPECTED(1500, _column(OPPONENTS), "2024",
                                                                       date(2024, 1, 1))),
    ("=FIDE_DP(0.89)", lambda: udfs.FIDE_DP(0.89)),
    ('=FIDE_K(2100,12,"","",C2,"","handbook")', lambda: udfs.FIDE_K(2100, 12, None, None, date(2024, 1, 1),
                                                                     None, "handbook")),
    ('=FIDE_CHANGE(1500,A1:A4,B1:B4,20,"","","","",C2)',
     lambda: udfs.FIDE_CHANGE(1500, _column(OPPONENTS), _column(RESULTS), 20, None, None, None, None,
                              date(2024, 1, 1))),
    ('=FIDE_RU(A1:A4,B1:B4,"handbook","Swiss","",TRUE)',
     lambda: udfs.FIDE_RU(_column(OPPONENTS), _column(RESULTS), "handbook", "Swiss")),
    ("=FIDE_RA(A1:A4,D1:D4,6)", lambda: udfs.FIDE_RA(_column(OPPONENTS), _column([4, 3, 2.5, 1]), 6)),
    ('=FIDE_RN(E1:E3,F1:F3,"handbook")',
     lambda: udfs.FIDE_RN(_column([2280, 2400, 2000]), _column([5, 10, 5]), "handbook")),
    ("=ICU_EXPECTED(1500,A1:A4)", lambda: udfs.ICU_EXPECTED(1500, _column(OPPONENTS))),
    ('=ICU_K(1800,C1,"",C2)', lambda: udfs.ICU_K(1800, date(2012, 1, 1), None, date(2024, 1, 1))),
    ("=ICU_CHANGE(1500,A1:A4,B1:B4,40)",
     lambda: udfs.ICU_CHANGE(1500, _column(OPPONENTS), _column(RESULTS), 40)),
    ("=ICU_PERF(A1:A4,B1:B4,1500,10)", lambda: udfs.ICU_PERF(_column(OPPONENTS), _column(RESULTS), 1500, 10)),
    ("=ICU_BONUS(1500,60,6,40,1700)", lambda: udfs.ICU_BONUS(1500, 60, 6, 40, 1700)),
    ("=SCORE(B1:B4)", lambda: udfs.SCORE(_column(RESULTS))),
]


def test_a_formula_for_every_function(tmp_path: Path) -> None:
    covered = {formula[1:formula.index("(")] for formula, _ in EVERY_FUNCTION} | {"RATE_CROSSTABLE"}
    assert covered == set(udfs.__all__)
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Every"
    for index, (rating, result) in enumerate(zip(OPPONENTS, RESULTS, strict=True), start=1):
        sheet[f"A{index}"], sheet[f"B{index}"] = rating, result
        sheet[f"D{index}"] = [4, 3, 2.5, 1][index - 1]
    for index, (ru, games) in enumerate(((2280, 5), (2400, 10), (2000, 5)), start=1):
        sheet[f"E{index}"], sheet[f"F{index}"] = ru, games
    sheet["C1"], sheet["C2"] = date(2012, 1, 1), date(2024, 1, 1)
    for index, (formula, _) in enumerate(EVERY_FUNCTION, start=1):
        sheet[f"H{index}"] = formula
    values = calculate(workbook, tmp_path / "every.xlsx")["EVERY"]
    for index, (formula, python) in enumerate(EVERY_FUNCTION, start=1):
        assert values[f"H{index}"] == pytest.approx(python()), formula


def test_errors_propagate_as_excel_errors(tmp_path: Path) -> None:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet["A1"] = "=EFFECTIVE_GAMES(1700,-3)"
    sheet["A2"] = "=EFFECTIVE_GAMES(Z9,30)"
    sheet["A3"] = "=A1+1"
    sheet["A4"] = "=USCF_NSTAR(A2)"
    values = calculate(workbook, tmp_path / "errors.xlsx")["SHEET"]
    assert [str(values[a]) for a in ("A1", "A2", "A3", "A4")] == ["#VALUE!", "#N/A", "#VALUE!", "#N/A"]


# --- the crosstable templates ------------------------------------------------------------------


def _macro_column(workbook: Workbook, header: str) -> list[Any]:
    """The column ``header`` as the macro writes it (same core: rate_sheets and its blocks)."""
    grids = {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in workbook.worksheets}
    rated = rate_sheets(grids)
    sheet = [row + [None] * 40 for row in grids["Crosstable"]]
    for block in rated.blocks:
        for i, values in enumerate(block.values):
            for j, value in enumerate(values):
                sheet[block.row - 1 + i][block.column - 1 + j] = value
    index = sheet[0].index(header)
    return [row[index] for row in sheet[1:]]


@pytest.mark.parametrize("system", ["uscf", "fide", "icu"])
def test_rate_crosstable_spills_the_macro_values(system: str, tmp_path: Path) -> None:
    workbook = build_template(system)
    crosstable = workbook["Crosstable"]
    rows, width = crosstable.max_row, crosstable.max_column
    last = crosstable.cell(row=1, column=width).column_letter
    settings = f"Event!A2:B{workbook['Event'].max_row}"
    spill = {}
    for offset, header in enumerate(("Post rating", "Change", "Method")):
        column = crosstable.cell(row=1, column=width + 2 + offset).column_letter
        spill[header] = column
        crosstable[f"{column}2"] = ArrayFormula(
            f"{column}2:{column}{rows}", f'=RATE_CROSSTABLE(A1:{last}{rows},"","",{settings},"{header}")')
    macro = {header: _macro_column(build_template(system), header) for header in spill}
    values = calculate(workbook, tmp_path / f"{system}.xlsx")["CROSSTABLE"]
    for header, column in spill.items():
        live = [values[f"{column}{r}"] for r in range(2, rows + 1)]
        assert live == [("" if v is None else v) for v in macro[header]], header


def test_live_effective_games_column(tmp_path: Path) -> None:
    workbook = build_template("uscf")
    crosstable = workbook["Crosstable"]
    header = [c.value for c in crosstable[1]]
    rating, games = (get_column_letter(header.index(h) + 1) for h in ("Rating", "Games"))
    event = workbook["Event"]
    rules_row = next(r for r in range(1, event.max_row + 1) if event.cell(row=r, column=1).value == "Rules")
    live = crosstable.cell(row=1, column=len(header) + 1).column_letter
    crosstable[f"{live}1"] = "Live effective games"
    for r in range(2, crosstable.max_row + 1):
        rules = f"Event!$B${rules_row}"
        crosstable[f"{live}{r}"] = live_effective_games(f"{rating}{r}", f"{games}{r}", rules)
    values = calculate(workbook, tmp_path / "live.xlsx")["CROSSTABLE"]
    macro = _macro_column(build_template("uscf"), "Effective games")
    for r, expected in enumerate(macro, start=2):
        if not isinstance(crosstable[f"{rating}{r}"].value, int | float):
            assert values[f"{live}{r}"] == ""  # unrated ('unr'): the macro's N' is the initial rating's
        else:
            assert values[f"{live}{r}"] == pytest.approx(expected)
    # The live column is ignored by the macro: the workbook still rates, and the same way.
    assert _macro_column(workbook, "Post rating") == _macro_column(build_template("uscf"), "Post rating")


# --- the committed templates, as users get them -----------------------------------------------------

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
_CALCULATOR_TITLES = {"uscf-swiss.xlsx": "US CHESS", "xlrating_event.xlsm": "US CHESS",
                      "fide-round-robin.xlsx": "FIDE", "icu-swiss.xlsx": "ICU"}


@pytest.mark.parametrize("name", [*_CALCULATOR_TITLES, "calculators.xlsx"])
def test_every_formula_of_the_committed_templates_evaluates(name: str, tmp_path: Path) -> None:
    # The files under templates/ are loaded as they are committed, calculated with the UDFs
    # registered, and every formula cell must evaluate; the calculators agree with the
    # calculator workbook (checked against the Python API above) and the live column with
    # uscf.effective_games.
    import openpyxl

    workbook = openpyxl.load_workbook(TEMPLATES / name, keep_vba=name.endswith(".xlsm"))
    copy = tmp_path / "template.xlsx"
    values = calculate(workbook, copy)
    no_errors(workbook, values)
    assert sum(len(formula_cells(workbook, t)) for t in workbook.sheetnames) > 10
    if name == "calculators.xlsx":
        return
    reference = calculate(calculator_workbook(), tmp_path / "reference.xlsx")[_CALCULATOR_TITLES[name]]
    calculator = values[CALCULATOR_SHEET.upper()]
    for address in formula_cells(workbook, CALCULATOR_SHEET):
        assert calculator[address] == reference[address] or calculator[address] == pytest.approx(
            reference[address]), address
    if name in ("uscf-swiss.xlsx", "xlrating_event.xlsm"):
        sheet = workbook["Crosstable"]
        header = [c.value for c in sheet[1]]
        live = header.index("Live effective games")
        for row in sheet.iter_rows(min_row=2):
            rating, games = row[header.index("Rating")].value, row[header.index("Games")].value
            got = values["CROSSTABLE"][row[live].coordinate]
            unrated = not isinstance(rating, int | float)  # blank or 'unr'
            assert got == ("" if unrated else pytest.approx(uscf.effective_games(rating, games)))
