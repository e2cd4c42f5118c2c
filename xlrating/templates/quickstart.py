"""xlwings' ``quickstart.xlsm``, the base of every macro-enabled template (crosstable and season).

It carries xlwings' VBA module, whose ``SampleCall`` runs ``main()`` of the Python module
named like the workbook, and its settings sheet, kept as ``xlwings.conf`` with only ``UDF
Modules`` so *Import Functions* finds the worksheet functions of :mod:`xlrating.udfs`.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import openpyxl
from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ..errors import WorkbookError

__all__ = ["CONF_SHEET", "UDF_MODULES", "quickstart_workbook"]

#: xlwings' settings sheet in a macro-enabled template (the quickstart's ``_xlwings.conf``,
#: renamed to be read) and the one setting it holds.
CONF_SHEET = "xlwings.conf"
UDF_MODULES = "xlrating.udfs"


def quickstart_workbook() -> Workbook:
    """xlwings' ``quickstart.xlsm``, loaded to add sheets to: its VBA project (with the reference
    to the xlwings add-in) and its settings sheet, made active for the worksheet functions
    (:func:`_set_udf_modules`)."""
    spec = importlib.util.find_spec("xlwings")
    if spec is None or spec.origin is None:
        raise WorkbookError("The macro-enabled template needs the xlwings package (pip install xlwings)")
    source = Path(spec.origin).parent / "quickstart.xlsm"
    try:
        workbook = openpyxl.load_workbook(source, keep_vba=True)
    except (OSError, ValueError, KeyError) as error:
        raise WorkbookError(f"{source}: cannot read xlwings' quickstart workbook ({error})") from None
    _set_udf_modules(workbook)
    return workbook


def _set_udf_modules(workbook: Workbook) -> None:
    """Turn the quickstart's ``_xlwings.conf`` sheet into the active ``xlwings.conf`` holding only
    ``UDF Modules = xlrating.udfs``.

    xlwings reads a sheet named ``xlwings.conf`` (its settings from A1 down) before the
    add-in's settings, and falls back to those for a setting the sheet does not hold. The
    quickstart's sheet sets every setting (``Interpreter_Win`` to ``python`` among them),
    which would override the Interpreter the director chose on the ribbon; so only UDF
    Modules is kept, and *Import Functions* finds the worksheet functions at once.
    """
    sheet: Worksheet = workbook["_xlwings.conf"]
    sheet.delete_rows(1, sheet.max_row)
    sheet.title = CONF_SHEET
    lines = [
        "xlrating: this sheet tells xlwings where the worksheet functions are (UDF Modules). Every other "
        "setting, the Interpreter first, comes from the xlwings ribbon tab.",
        "xlwings reads the settings from A1 down to the first blank row; a setting added there overrides "
        "the ribbon's for this workbook. Delete the sheet to use the ribbon's UDF Modules instead.",
    ]
    sheet["A1"], sheet["B1"] = "UDF Modules", UDF_MODULES
    for row, line in enumerate(lines, start=3):
        sheet.cell(row=row, column=1, value=line)
