"""The crosstable templates: generated here, committed under ``templates/``, written by ``xlrating template``.

Each template is a real workbook a tournament director can use at once: the crosstable
as an Excel table (frozen header, sensible widths, data validation on the round
cells), an ``Event`` sheet with a drop-down for every setting, a short ``How to use``
sheet, and a small fictional example event (:mod:`.examples`) already entered, plus a
``Calculator`` sheet of worksheet functions (:mod:`.calculator`); the US Chess template's
crosstable has a live ``Live effective games`` formula column. The calculator template
(``calculators.xlsx``) holds the three calculators on their own.

The macro-enabled template follows the xlwings quickstart convention: it is built from
xlwings' own ``quickstart.xlsm`` (so it carries xlwings' VBA module, whose
``SampleCall`` runs ``main()`` of the same-named Python module) with the crosstable
sheets added, and comes with that module (:func:`quickstart_module`), whose ``main()``
rates the event: the ribbon's "Run main" rates it in one click.
"""

from __future__ import annotations

import keyword
import os
from pathlib import Path

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.table import TableColumn
from openpyxl.worksheet.worksheet import Worksheet

from .. import systems as registry
from ..errors import ArgumentError, WorkbookError
from ..workbook.book import save_workbook_atomic
from ..workbook.buttons import EVENT_BUTTON, HEADER_HEIGHT, rate_button
from ..workbook.new import fill_new_workbook
from .calculator import add_calculator_sheet, calculator_workbook
from .examples import EXAMPLES, ExampleEvent
from .quickstart import CONF_SHEET, UDF_MODULES, quickstart_workbook
from .season import SEASON_MACRO_TEMPLATE, SEASON_TEMPLATE, write_season_template

__all__ = [
    "CALCULATOR_TEMPLATE",
    "CONF_SHEET",
    "EXAMPLES",
    "LIVE_EFFECTIVE_GAMES",
    "MACRO_TEMPLATE",
    "SYSTEMS",
    "TEMPLATE_FILES",
    "UDF_MODULES",
    "ExampleEvent",
    "build_template",
    "live_effective_games",
    "macro_file",
    "quickstart_module",
    "write_calculator_template",
    "write_committed_templates",
    "write_template",
]

#: The systems a template exists for.
SYSTEMS: tuple[str, ...] = tuple(EXAMPLES)
#: The committed templates' file names, by system.
TEMPLATE_FILES: dict[str, str] = {system.slug: system.template for system in registry.SYSTEMS}
#: The committed macro-enabled template (US Chess example) and its Python module.
MACRO_TEMPLATE = "xlrating_event.xlsm"
#: The system of the committed macro-enabled template (the registry's
#: :attr:`~xlrating.systems.System.macro_template`).
MACRO_SYSTEM = next(entry.slug for entry in registry.SYSTEMS if entry.macro_template)
#: The committed calculator template: the US Chess, FIDE and ICU calculators.
CALCULATOR_TEMPLATE = "calculators.xlsx"
#: The header of the US Chess template's live formula column (not an output column, so the
#: macro and the command line leave it alone).
LIVE_EFFECTIVE_GAMES = "Live effective games"


def build_template(system: str, *, macro: bool = False, blank: bool = False, module: str = "") -> Workbook:
    """The template workbook for ``system`` (``uscf``, ``fide`` or ``icu``), not yet saved.

    ``macro`` builds the macro-enabled variant from xlwings' ``quickstart.xlsm``
    (``module`` is the same-named Python module, for the How to use text); ``blank``
    leaves out the example players and the event's name and dates.
    """
    key = system.lower() if isinstance(system, str) else system
    if key not in EXAMPLES:
        raise ArgumentError(f"Argument 'system' must be one of {', '.join(SYSTEMS)}, not {system!r}")
    example = EXAMPLES[key]
    workbook = quickstart_workbook() if macro else Workbook()
    fill_new_workbook(
        workbook, event=example.event_settings(blank=blank), sheets=[example.sheet(blank=blank)],
        how_to=how_to_lines(example, macro=macro, blank=blank, module=module))
    if example.live_effective_games:
        add_live_effective_games(workbook)
    add_calculator_sheet(workbook, key, example=not blank)
    if macro:  # keep xlwings' settings sheet last, as in its quickstart
        workbook.move_sheet("Calculator", offset=-1)
    # The rating button (xlrating.workbook.buttons.EVENT_BUTTON) sits in the upper half of the header row.
    workbook["Crosstable"].row_dimensions[1].height = HEADER_HEIGHT
    workbook.properties.creator = "xlrating"
    workbook.properties.title = example.title.split(":")[0]
    return workbook


def live_effective_games(rating: str, games: str, rules: str) -> str:
    """The live column's formula for one row: N' of a rating typed as a number, blank otherwise
    (a blank Rating, or ``unr``: an unrated player has no N')."""
    return f"=IF(ISNUMBER({rating}),EFFECTIVE_GAMES({rating},{games},{rules}),\"\")"


def add_live_effective_games(workbook: Workbook) -> None:
    """Add the live ``Live effective games`` column to the crosstable table of ``workbook``.

    Each row holds ``=IF(ISNUMBER(Rating),EFFECTIVE_GAMES(Rating,Games,Event!Rules),"")``
    (:func:`live_effective_games`): the effective games N' of the player's rating under the
    event's rules (2020 rules, section 3), recalculated as the director types (once the
    worksheet functions of :mod:`xlrating.udfs` are registered). The column lies inside the
    Excel table.
    """
    sheet: Worksheet = workbook["Crosstable"]
    header = [cell.value for cell in sheet[1]]
    rating, games = (get_column_letter(header.index(name) + 1) for name in ("Rating", "Games"))
    event: Worksheet = workbook["Event"]
    rules_row = next(r for r in range(1, event.max_row + 1) if event.cell(row=r, column=1).value == "Rules")
    (table,) = sheet.tables.values()
    first, last = table.ref.split(":")
    last_row = sheet[last].row
    column = sheet[last].column + 1
    letter = get_column_letter(column)
    sheet.cell(row=1, column=column, value=LIVE_EFFECTIVE_GAMES).style = sheet[last.replace(
        str(last_row), "1")].style
    rules = f"Event!$B${rules_row}"
    for row in range(2, last_row + 1):
        cell = sheet.cell(row=row, column=column,
                          value=live_effective_games(f"{rating}{row}", f"{games}{row}", rules))
        cell.number_format = "0.0"
    if table.tableColumns:  # a fresh table gets its columns, named from the header, when saved
        table.tableColumns.append(TableColumn(id=max(c.id for c in table.tableColumns) + 1,
                                              name=LIVE_EFFECTIVE_GAMES))
    table.ref = f"{first}:{letter}{last_row}"
    if table.autoFilter is not None:
        table.autoFilter.ref = table.ref
    sheet.column_dimensions[letter].width = 12


def write_calculator_template(path: str | os.PathLike[str]) -> list[Path]:
    """Write the calculator template (the US Chess, FIDE and ICU calculators) to ``path``."""
    target = Path(path)
    if target.suffix.lower() != ".xlsx":
        raise WorkbookError(f"{target}: the calculator template must be saved as .xlsx")
    book = calculator_workbook()
    book.properties.creator = "xlrating"
    book.properties.title = "xlrating calculators"
    save_workbook_atomic(book, target)
    return [target]


def write_template(system: str, path: str | os.PathLike[str], *, macro: bool = False,
                   blank: bool = False) -> list[Path]:
    """Write the template for ``system`` to ``path``; return the files written.

    A macro-enabled template (``macro``, ``path`` ending in ``.xlsm``) also gets its
    quickstart Python module beside it, named like the workbook, so ``path``'s stem
    must be a Python module name (``my_event.xlsm`` -> ``my_event.py``).
    """
    target = Path(path)
    if macro:
        if target.suffix.lower() != ".xlsm":
            raise WorkbookError(f"{target}: a macro-enabled template must be saved as .xlsm")
        module = target.stem
        if not module.isidentifier() or keyword.iskeyword(module):
            raise WorkbookError(
                f"{target}: the xlwings quickstart convention runs main() of the Python module named "
                f"like the workbook, so the name must be a Python module name (letters, digits, _), "
                f"e.g. my_event.xlsm")
        book = build_template(system, macro=True, blank=blank, module=module)
        save_workbook_atomic(book, target, [rate_button(EVENT_BUTTON, macro=True)])
        script = target.with_suffix(".py")
        script.write_text(quickstart_module(module), encoding="utf-8")
        return [target, script]
    if target.suffix.lower() != ".xlsx":
        raise WorkbookError(f"{target}: a template must be saved as .xlsx (or use --macro for .xlsm)")
    save_workbook_atomic(build_template(system, blank=blank), target,
                         [rate_button(EVENT_BUTTON, macro=False)])
    return [target]



def macro_file(system: str) -> str:
    """The file name of the macro-enabled template of ``system`` (``uscf``, ``fide`` or ``icu``):
    :data:`MACRO_TEMPLATE` for the system the registry names for it, else ``xlrating_<system>_event.xlsm``."""
    entry = registry.find(system)
    return MACRO_TEMPLATE if entry is not None and entry.macro_template else f"xlrating_{system}_event.xlsm"


def write_committed_templates(folder: str | os.PathLike[str]) -> list[Path]:
    """Write every template under ``folder`` (the repository's ``templates/``)."""
    base = Path(folder)
    written: list[Path] = []
    for system, name in TEMPLATE_FILES.items():
        written += write_template(system, base / name)
    written += write_template(MACRO_SYSTEM, base / MACRO_TEMPLATE, macro=True)
    written += write_calculator_template(base / CALCULATOR_TEMPLATE)
    written += write_season_template(base / SEASON_TEMPLATE)
    written += write_season_template(base / SEASON_MACRO_TEMPLATE, macro=True)
    return written


def quickstart_module(module: str) -> str:
    """The Python module of the macro-enabled template ``{module}.xlsm`` (xlwings quickstart convention)."""
    return f'''"""Rate the chess event in {module}.xlsm with xlrating (the xlwings quickstart convention).

Keep this file in the same folder as {module}.xlsm and with the same name. In Excel, on
the xlwings ribbon tab, click "Run main" (or run the SampleCall macro, or a button
assigned to it): the post-event ratings are written into the Crosstable sheet. On bad
input nothing is written and a message lists every error with its cell.
"""

import xlwings as xw

from xlrating.macros import rate_event


def main() -> None:
    """Rate the event of the workbook that called this macro."""
    rate_event(xw.Book.caller())


if __name__ == "__main__":
    xw.Book("{module}.xlsm").set_mock_caller()
    main()
'''


def how_to_lines(example: ExampleEvent, *, macro: bool = False, blank: bool = False,
                 module: str = "") -> list[str]:
    """The ``How to use`` sheet's lines."""
    lines = [
        "How to use this crosstable workbook (xlrating)",
        "",
        "1. Crosstable sheet: one row per player. No (the pairing number) and Name are required, "
        "then one column per round (R1, R2, ...).",
        "   Rating blank or 'unr' = an unrated player. Games = rated games behind the rating "
        "(blank for an established player). Total, if present, is checked against the results.",
        "   Extra columns are kept and ignored; add rows at the end of the table and its formats and "
        "checks extend with it.",
        "2. Round cells: W12 won against No. 12, L12 lost, D12 drew (or +12, -12, =12). X or X12 won by "
        "forfeit, F or F12 lost by forfeit (not rated).",
        "   B full-point bye, H half-point bye, U (or blank) not paired. A trailing w or b (colour) is "
        "allowed. Enter every game in both players' rows.",
        "3. Event sheet: choose System, Rules, Event type ... from the drop-downs; a blank setting "
        "takes its default (the newest rules; today as the end date).",
    ]
    if macro:
        name = module or Path(MACRO_TEMPLATE).stem
        lines += [
            f"4. Rate in Excel: keep {name}.py (from `xlrating template --macro`) beside this workbook, "
            "install the xlwings add-in (`xlwings addin install`),",
            "   then click the Rate this event button at the top of the Crosstable sheet (or Run main on the "
            "xlwings ribbon tab). Post-event ratings are written in new columns after the last used one.",
        ]
    else:
        lines += [
            "4. Rate: on the command line, `xlrating rate this-file.xlsx` writes this-file-rated.xlsx "
            "beside it. In Excel, use xlwings (see Setting up in the xlrating documentation):",
            "   the macro-enabled template (`xlrating template uscf --macro`) rates with one click; "
            "in xlwings Lite, the Rate this event button at the top of the Crosstable sheet runs the "
            "rate_crosstable script.",
        ]
    lines += [
        "5. Output columns: Score, Rated games, Initial rating, ..., Post rating, Change, K, Bonus, Method, "
        "Notes. A column that already has one of these headers is filled in place.",
        "   If anything is wrong nothing is rated and every error is listed with its cell, "
        "e.g. Crosstable!F7: 'W99' names no player 99.",
        "",
    ]
    if blank:
        lines.append("This is a blank template: enter your players and results in the Crosstable table.")
    else:
        lines.append(f"The example: {example.title}. Every name, id and result is invented; "
                     "replace the rows with your own event.")
    return lines
