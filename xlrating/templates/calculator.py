"""Calculator sheets: one player's new rating from Excel formulas, in the spirit of the US Chess
online ratings estimator.

The player's rating, games and up to 12 opponents with their results go in; every other
number on the sheet comes out of the functions of :mod:`xlrating.udfs` (``N'``, K,
expected score, the special and standard results, bonus, change, new rating), so the
sheet recalculates as the inputs change. One layout per system:

- ``uscf``: :data:`USCF`; ``fide``: :data:`FIDE`; ``icu``: :data:`ICU`.

:func:`add_calculator_sheet` adds one to a workbook (the crosstable templates carry one
named ``Calculator``); :func:`calculator_workbook` is a workbook of all three. The cell
addresses of each layout are module constants, so tests and documentation can point at
them. Optional arguments a sheet does not set are passed as ``""`` (a blank), never left
out, so every evaluator reads them the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from .. import systems
from ..errors import ArgumentError
from ..workbook.new import fit_to_pages, wrapped_height

__all__ = [
    "CALCULATOR_SHEET",
    "FIDE",
    "ICU",
    "LAYOUTS",
    "OPPONENTS",
    "USCF",
    "WORKBOOK_TITLES",
    "CalculatorLayout",
    "add_calculator_sheet",
    "calculator_workbook",
]

#: The sheet name a crosstable template's calculator gets.
CALCULATOR_SHEET = "Calculator"
#: Opponent rows on every calculator.
#: Column widths of a calculator sheet, in characters: it prints on one landscape page.
_WIDTHS = {"A": 22, "B": 18, "C": 30, "D": 16, "E": 3, "F": 24, "G": 14, "H": 44}
_PAGE_CHARACTERS = sum(_WIDTHS.values())
_TOP = Alignment(vertical="top")

OPPONENTS = 12
#: The first opponent row (the table's header is the row above).
FIRST_OPPONENT_ROW = 13
LAST_OPPONENT_ROW = FIRST_OPPONENT_ROW + OPPONENTS - 1
RATINGS = f"B{FIRST_OPPONENT_ROW}:B{LAST_OPPONENT_ROW}"
"""The opponents' ratings."""
RESULTS = f"C{FIRST_OPPONENT_ROW}:C{LAST_OPPONENT_ROW}"
"""The results (1, 0.5, 0 or W, D, L)."""

_INPUT_FILL = PatternFill("solid", fgColor="FFFFF2CC")
_OUTPUT_FILL = PatternFill("solid", fgColor="FFE2EFDA")
_HELP_FONT = Font(italic=True, color="FF666666")


@dataclass(frozen=True)
class Field:
    """One labelled cell of a calculator: an input (a value) or an output (a formula)."""

    label: str
    cell: str
    value: object = None
    """An input's example value, or an output's formula (text starting with ``=``)."""
    help: str = ""
    number_format: str | None = None
    choices: tuple[str, ...] = ()
    """A drop-down list for an input."""


@dataclass(frozen=True)
class CalculatorLayout:
    """A calculator: its title, inputs (column B), opponents (rows 13 to 24) and outputs (column G)."""

    system: str
    title: str
    intro: str
    inputs: tuple[Field, ...]
    outputs: tuple[Field, ...]
    opponents: tuple[tuple[float, object], ...]
    """The example's opponents: (rating, result)."""
    per_game: tuple[str, str]
    """The header and the formula of column D for row ``{row}`` (the game's expected score)."""

    def field(self, label: str) -> Field:
        """The input or output labelled ``label``."""
        for field in (*self.inputs, *self.outputs):
            if field.label == label:
                return field
        raise KeyError(label)


def _guard(condition: str, formula: str) -> str:
    """``formula`` (without its ``=``) shown only when ``condition`` holds, else a blank."""
    return f'=IF({condition},{formula},"")'


# --- US Chess ----------------------------------------------------------------------------------

_USCF_RATED = 'B5<>""'
USCF = CalculatorLayout(
    system=systems.USCF.slug,
    title="US Chess rating estimator",
    intro=("Enter your rating, the games it is based on and up to 12 opponents with your results "
           "(1, 0.5, 0 or W, D, L). Everything in green is calculated by xlrating's Excel functions."),
    inputs=(
        Field("Rules", "B4", "USCF 2020", "USCF 2020, USCF 2011 or USCF 2009",
              choices=systems.USCF.edition_names),
        Field("Your rating", "B5", 1500, "blank: unrated (initial rating 750)", "0"),
        Field("Games played (N)", "B6", 30, "games your rating is based on; blank: established", "0"),
        Field("History", "B7", None, "all wins or all losses if every earlier rated game was one",
              choices=("all wins", "all losses")),
        Field("Bonus multiplier B", "B8", None, "blank: in force on the end date, else the rules' own B"),
        Field("Event end date", "B9", None, "decides B when B is blank", "yyyy-mm-dd"),
        Field("Dual rated", "B10", "no", "yes for a G/30 to G/60+5 event rated Regular and Quick",
              choices=("yes", "no")),
    ),
    outputs=(
        Field("Games this event (m)", "G4", f"=COUNT({RATINGS})", number_format="0"),
        Field("Score (S)", "G5", f"=SCORE({RESULTS})", number_format="0.0"),
        Field("Effective games (N')", "G6", _guard(_USCF_RATED, "EFFECTIVE_GAMES(B5,B6,B4)"),
              "min(N, N*), section 3", "0.00"),
        Field("K", "G7", _guard(_USCF_RATED, "USCF_K(G6,G4,B5,B10,B4)"), "800/(N' + m), section 4.2", "0.00"),
        Field("Expected score (E)", "G8", _guard(_USCF_RATED, f"USCF_WE(B5,{RATINGS},B4)"),
              "sum of We", "0.000"),
        Field("Bonus multiplier used", "G9", '=IF(B8<>"",B8,IF(B9<>"",USCF_BONUS_MULTIPLIER(B9),""))',
              "blank: the rules' own B", "0"),
        Field("Special formula", "G10", _guard(_USCF_RATED, f"USCF_SPECIAL(B5,G6,{RATINGS},{RESULTS},B7,B4)"),
              "used for N <= 8 or an all wins/losses history", "0.00"),
        Field("Standard formula", "G11",
              _guard(_USCF_RATED, f"USCF_STANDARD(B5,G6,{RATINGS},{RESULTS},FALSE,G9,B10,B4)"),
              "R0 + K(S - E), without the bonus", "0.00"),
        Field("Bonus", "G12",
              _guard(_USCF_RATED, f"USCF_STANDARD(B5,G6,{RATINGS},{RESULTS},TRUE,G9,B10,B4)-G11"),
              "max(0, K(S - E) - B sqrt(m')) when m >= 3", "0.00"),
        Field("New rating", "G13", f'=USCF_RATING(B5,B6,{RATINGS},{RESULTS},B7,G9,B10,"",B4)',
              "the five steps, floors included", "0"),
        Field("Change", "G14", _guard(_USCF_RATED, "G13-B5"), number_format="+0.00;-0.00;0.00"),
    ),
    opponents=((1400, "W"), (1550, "D"), (1620, "L"), (1480, "W")),
    per_game=("Win expectancy (We)", '=IF(OR($B$5="",B{row}="",C{row}=""),"",USCF_WE($B$5,B{row},$B$4))'),
)

# --- FIDE --------------------------------------------------------------------------------------

_FIDE_RATED = 'B5<>""'
FIDE = CalculatorLayout(
    system=systems.FIDE.slug,
    title="FIDE rating calculator",
    intro=("Enter your rating and up to 12 rated opponents with your results (1, 0.5, 0 or W, D, L). "
           "Without a rating, your first rating Ru is calculated instead (unrated opponents: blank rating)."),
    inputs=(
        Field("Rules", "B4", "FIDE 2024", "FIDE 2024 or FIDE handbook", choices=systems.FIDE.edition_names),
        Field("Your rating", "B5", 1850, "blank: unrated", "0"),
        Field("Rated games so far", "B6", None, "blank: 30 or more", "0"),
        Field("Highest rating", "B7", None, "highest published rating; blank: your rating", "0"),
        Field("Birth date", "B8", None, "2024 rules: K 40 under 18", "yyyy-mm-dd"),
        Field("Event end date", "B9", date(2025, 6, 1), "blank: today", "yyyy-mm-dd"),
        Field("K", "B10", None, "blank: from the rules", "0"),
    ),
    outputs=(
        Field("Games this event", "G4", f"=COUNT({RATINGS})", number_format="0"),
        Field("Score", "G5", f"=SCORE({RESULTS})", number_format="0.0"),
        Field("K used", "G6", _guard(_FIDE_RATED, 'IF(B10<>"",B10,FIDE_K(B5,B6,B7,B8,B9,G4,B4))'),
              "10.52; 2024: 40/20/10", "0"),
        Field("Expected score", "G7", _guard(_FIDE_RATED, f"FIDE_EXPECTED(B5,{RATINGS},B4,B9)"),
              "sum of PD, table 10.1(b)", "0.00"),
        Field("Rating change", "G8",
              _guard(_FIDE_RATED, f"FIDE_CHANGE(B5,{RATINGS},{RESULTS},G6,B4,B6,B7,B8,B9)"),
              "K x sum(score - PD)", "+0.0;-0.0;0.0"),
        Field("New rating", "G9", _guard(_FIDE_RATED, "B5+G8"), number_format="0"),
        Field("First rating (Ru)", "G10", f'=IF(B5="",FIDE_RU({RATINGS},{RESULTS},B4,"Swiss","",TRUE),"")',
              "unrated players, 10.2; 2024: with two 1800 draws", "0"),
    ),
    opponents=((1790, "W"), (1925, "D"), (2010, "L"), (1702, "W"), (1880, "D")),
    per_game=("Expected (PD)",
              '=IF(OR($B$5="",B{row}="",C{row}=""),"",FIDE_EXPECTED($B$5,B{row},$B$4,$B$9))'),
)

# --- ICU ---------------------------------------------------------------------------------------

#: Fewer games than this behind a rating: a provisional player (the ICU rules' own limit).
_ICU_LIMIT = systems.ICU.default.rules.provisional_limit
_ICU_RATED = f'AND(B5<>"",OR(B6="",B6>={_ICU_LIMIT}))'
_ICU_PROVISIONAL = f'AND(B5<>"",B6<>"",B6<{_ICU_LIMIT})'
ICU = CalculatorLayout(
    system=systems.ICU.slug,
    title="ICU rating calculator",
    intro=(f"Enter your rating (with the games behind it if fewer than {_ICU_LIMIT}) and up to 12 opponents "
           "with your results (1, 0.5, 0 or W, D, L). Give K, or your birth date and the date you joined."),
    inputs=(
        Field("Your rating", "B5", 1720, "blank: unrated (your performance is your rating)", "0"),
        Field("Games behind it", "B6", None, f"fewer than {_ICU_LIMIT}: provisional; blank: rated", "0"),
        Field("K", "B7", None, "blank: from birth date and joining date", "0"),
        Field("Birth date", "B8", date(1990, 5, 17), "under 21: K 40", "yyyy-mm-dd"),
        Field("Joined the ICU", "B9", date(2012, 9, 1), "member under 8 years: K 32", "yyyy-mm-dd"),
        Field("Event start date", "B10", date(2025, 2, 14), "blank: today", "yyyy-mm-dd"),
    ),
    outputs=(
        Field("Games this event", "G4", f"=COUNT({RATINGS})", number_format="0"),
        Field("Score", "G5", f"=SCORE({RESULTS})", number_format="0.0"),
        Field("K used", "G6", _guard(_ICU_RATED, 'IF(B7<>"",B7,ICU_K(B5,B8,B9,B10))'),
              "16 from 2100; 40 under 21; 32 member under 8 years; else 24", "0"),
        Field("Expected score", "G7", _guard('B5<>""', f"ICU_EXPECTED(B5,{RATINGS})"), "sum of e", "0.000"),
        Field("Rating change", "G8", _guard(_ICU_RATED, f"ICU_CHANGE(B5,{RATINGS},{RESULTS},G6)"),
              "K x sum(s - e)", "+0.0;-0.0;0.0"),
        Field("Performance", "G9", f"=ICU_PERF({RATINGS},{RESULTS})", "mean of Ropp +400/0/-400", "0"),
        Field("Bonus", "G10", _guard(_ICU_RATED, "ICU_BONUS(B5,G8,G4,G6,G9)"), "rated players only", "0"),
        Field("New rating", "G11",
              f'=IF({_ICU_RATED},B5+G8+G10,IF({_ICU_PROVISIONAL},ICU_PERF({RATINGS},{RESULTS},B5,B6),G9))',
              "rated: + change + bonus; provisional: weighted average; unrated: performance", "0"),
    ),
    opponents=((1650, "W"), (1810, "D"), (1590, "W"), (1905, "L"), (1700, "W")),
    per_game=("Expected (e)", '=IF(OR($B$5="",B{row}="",C{row}=""),"",ICU_EXPECTED($B$5,B{row}))'),
)

#: The calculators by system key.
LAYOUTS: dict[str, CalculatorLayout] = {layout.system: layout for layout in (USCF, FIDE, ICU)}
#: Sheet names in :func:`calculator_workbook`.
WORKBOOK_TITLES: dict[str, str] = {system.slug: system.short_name for system in systems.SYSTEMS}


def add_calculator_sheet(workbook: Workbook, system: str, *, title: str = CALCULATOR_SHEET,
                         example: bool = True) -> Worksheet:
    """Add the calculator of ``system`` (``uscf``, ``fide`` or ``icu``) to ``workbook`` as a new
    last sheet named ``title``; ``example`` fills in the example player and opponents."""
    key = system.lower() if isinstance(system, str) else system
    if key not in LAYOUTS:
        raise ArgumentError(f"Argument 'system' must be one of {', '.join(LAYOUTS)}, not {system!r}")
    if not isinstance(title, str) or title in workbook.sheetnames:
        raise ArgumentError(f"Argument 'title': the workbook already has a sheet {title!r}")
    layout = LAYOUTS[key]
    sheet = workbook.create_sheet(title)
    _write(sheet, layout, example)
    return sheet


def calculator_workbook(*, example: bool = True) -> Workbook:
    """A workbook of the three calculators (US Chess, FIDE, ICU), not yet saved."""
    workbook = Workbook()
    first = workbook.active
    for key, title in WORKBOOK_TITLES.items():
        add_calculator_sheet(workbook, key, title=title, example=example)
    if first is not None:
        workbook.remove(first)
    workbook.active = 0
    workbook.properties.creator = "xlrating"
    workbook.properties.title = "Rating calculators"
    return workbook


def _write(sheet: Worksheet, layout: CalculatorLayout, example: bool) -> None:
    sheet["A1"] = layout.title
    sheet["A1"].font = Font(bold=True, size=14)
    sheet["A2"] = layout.intro
    sheet["A2"].alignment = Alignment(wrap_text=True, vertical="top")
    sheet.merge_cells("A2:H2")
    sheet.row_dimensions[2].height = wrapped_height(layout.intro, _PAGE_CHARACTERS)
    sheet["A3"], sheet["F3"] = "Your data", "Results"
    sheet["A3"].font = sheet["F3"].font = Font(bold=True)
    for field in layout.inputs:
        _label(sheet, field, "A", "C")
        target = sheet[field.cell]
        target.value = field.value if example or field.label in ("Rules", "Dual rated") else None
        target.fill = _INPUT_FILL
        if field.number_format:
            target.number_format = field.number_format
        if field.choices:
            check = DataValidation(type="list", formula1='"' + ",".join(field.choices) + '"',
                                   allow_blank=True, showErrorMessage=True, errorTitle=field.label,
                                   error="Choose one of: " + ", ".join(field.choices))
            check.add(field.cell)
            sheet.add_data_validation(check)
    for field in layout.outputs:
        _label(sheet, field, "F", "H")
        target = sheet[field.cell]
        target.value = field.value
        target.fill = _OUTPUT_FILL
        target.font = Font(bold=field.label == "New rating")
        if field.number_format:
            target.number_format = field.number_format
    header = FIRST_OPPONENT_ROW - 1
    for column, text in zip("ABCD", ("Game", "Opponent's rating", "Result", layout.per_game[0]), strict=True):
        sheet[f"{column}{header}"] = text
        sheet[f"{column}{header}"].font = Font(bold=True)
    for index in range(OPPONENTS):
        row = FIRST_OPPONENT_ROW + index
        sheet[f"A{row}"] = index + 1
        for column in "BC":
            sheet[f"{column}{row}"].fill = _INPUT_FILL
        sheet[f"B{row}"].number_format = "0"
        sheet[f"C{row}"].number_format = "@"
        if example and index < len(layout.opponents):
            rating, result = layout.opponents[index]
            sheet[f"B{row}"] = rating
            sheet[f"C{row}"] = result
        sheet[f"D{row}"] = layout.per_game[1].format(row=row)
        sheet[f"D{row}"].number_format = "0.00"
        sheet[f"D{row}"].fill = _OUTPUT_FILL
    results = DataValidation(type="list", formula1='"W,D,L,1,0.5,0"', allow_blank=True, showErrorMessage=True,
                             errorTitle="Result", error="A result: W, D, L (or 1, 0.5, 0)")
    results.add(RESULTS)
    sheet.add_data_validation(results)
    for column, width in _WIDTHS.items():
        sheet.column_dimensions[column].width = width
    sheet.freeze_panes = "A4"
    fit_to_pages(sheet, landscape=True, tall=1)


def _label(sheet: Worksheet, field: Field, label_column: str, help_column: str) -> None:
    row = field.cell[1:]
    sheet[f"{label_column}{row}"] = field.label
    sheet[f"{label_column}{row}"].font = Font(bold=True)
    sheet[f"{label_column}{row}"].alignment = _TOP
    sheet[field.cell].alignment = _TOP
    if field.help:
        help_cell = sheet[f"{help_column}{row}"]
        help_cell.value = field.help
        help_cell.font = _HELP_FONT
        # The help wraps within its column (inputs' in C, outputs' in H), so it is never cut
        # off by the next column or the page's edge. (No merged cells: openpyxl writes a
        # sheet's merged ranges in an order that differs between 32- and 64-bit Pythons.)
        width = _WIDTHS[help_column]
        help_cell.alignment = Alignment(wrap_text=True, vertical="top")
        height = wrapped_height(field.help, width * 0.95)
        current = sheet.row_dimensions[int(row)].height or 15.0
        sheet.row_dimensions[int(row)].height = max(current, height)
