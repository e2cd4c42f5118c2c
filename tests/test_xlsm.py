"""The macro-enabled workbooks, read with oletools as Excel's VBA editor would show them.

``xlrating template uscf --macro`` (and the season template) is xlwings' quickstart
workbook with the crosstable sheets added: its VBA project must still hold the module
whose ``SampleCall`` runs ``main()`` of the same-named Python module, and the project's
reference to the xlwings add-in (Tools > References > xlwings), without which
``RunPython`` is unknown to VBA. Its settings sheet is the active ``xlwings.conf`` holding
``UDF Modules = xlrating.udfs`` from A1, with no other setting to override the ribbon's
(the Interpreter above all), so *Import Functions* finds the worksheet functions at once.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from xlrating.templates import CONF_SHEET, MACRO_TEMPLATE, UDF_MODULES, write_template
from xlrating.templates.season import SEASON_MACRO_TEMPLATE, write_season_template

COMMITTED = Path(__file__).resolve().parent.parent / "templates"

#: oletools builds its VBA expression parser with pyparsing names that pyparsing 3 deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:.*deprecated:DeprecationWarning")


def _written(kind: str, folder: Path) -> Path:
    if kind == "event":
        return write_template("uscf", folder / "my_event.xlsm", macro=True)[0]
    return write_season_template(folder / "my_season.xlsm", macro=True)[0]


def _references(path: Path) -> list[bytes]:
    """The printable strings of the VBA project's ``dir`` stream: its references' names and paths."""
    import olefile  # oletools' own dependency (neither is installed inside Pyodide)
    from oletools.olevba import decompress_stream

    with zipfile.ZipFile(path) as archive:
        project = olefile.OleFileIO(io.BytesIO(archive.read("xl/vbaProject.bin")))
    directory = bytes(decompress_stream(bytearray(project.openstream("VBA/dir").read())))
    return re.findall(rb"[ -~]{4,}", directory)


def _check(path: Path) -> None:
    from oletools.olevba import VBA_Parser

    parser = VBA_Parser(str(path))
    try:
        assert parser.detect_vba_macros()
        modules = {name: code for _, _, name, code in parser.extract_macros()}
    finally:
        parser.close()
    (module,) = [code for name, code in modules.items() if "Sub SampleCall()" in code]
    assert 'RunPython "import " & mymodule & ";" & mymodule & ".main()"' in module
    assert "ThisWorkbook.cls" in modules
    strings = _references(path)
    assert any(s.endswith(b"xlwings.xlam") for s in strings), strings
    assert b"xlwings" in [s.rstrip(b">") for s in strings]  # the reference's name

    book = openpyxl.load_workbook(path, keep_vba=True)
    assert book.sheetnames[-1] == CONF_SHEET and "_xlwings.conf" not in book.sheetnames
    sheet = book[CONF_SHEET]
    settings = []
    for row in sheet.iter_rows(min_col=1, max_col=2, values_only=True):
        if row[0] is None:
            break
        settings.append(row)
    assert settings == [("UDF Modules", UDF_MODULES)]


@pytest.mark.parametrize("kind", ["event", "season"])
def test_a_written_macro_workbook_has_the_vba_the_reference_and_udf_modules(kind: str,
                                                                              tmp_path: Path) -> None:
    _check(_written(kind, tmp_path))


@pytest.mark.parametrize("name", [MACRO_TEMPLATE, SEASON_MACRO_TEMPLATE])
def test_the_committed_macro_templates_have_them_too(name: str) -> None:
    _check(COMMITTED / name)
