"""The templates' one-click buttons, read back from the files.

- the macro-enabled templates: a shape on the Crosstable (season: Season) sheet whose
  ``macro`` is the workbook's ``SampleCall`` (read from its VBA project with oletools),
  in a drawing part wired to the sheet as Excel wires one;
- the other templates: xlwings Lite's sheet button, a shape named as the rating script's
  ``@script(button="[NAME]Sheet!CELL")`` says, linked to that cell, and the script
  registered with that button by xlwings itself;
- a rated copy keeps the button; LibreOffice reads the macro binding and the link (the
  LibreOffice check runs where LibreOffice is installed, as the other renders do).
"""

from __future__ import annotations

import re
import subprocess
import zipfile
from pathlib import Path

import pytest
from defusedxml.ElementTree import fromstring
from test_report_render import RENDER_TOOLS as render_tools

from xlrating import macros
from xlrating.templates import write_template
from xlrating.templates.season import write_season_template
from xlrating.workbook import rate_file
from xlrating.workbook.buttons import EVENT_BUTTON, SEASON_BUTTON

XDR = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


def sheet_part(archive: zipfile.ZipFile, sheet: str) -> str:
    book = fromstring(archive.read("xl/workbook.xml"))
    rels = fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    rel_id = next(s.get(f"{R}id") for s in book.iter(f"{MAIN}sheet") if s.get("name") == sheet)
    target = next(r.get("Target") for r in rels if r.get("Id") == rel_id)
    return target.lstrip("/") if target.startswith("/") else f"xl/{target}"


def button_of(path: Path, sheet: str) -> dict[str, str]:
    """The one shape on ``sheet``: its name, text, macro, link target and anchor cell."""
    with zipfile.ZipFile(path) as archive:
        part = sheet_part(archive, sheet)
        text = archive.read(part).decode("utf-8")
        # <drawing> comes before <tableParts> and after the page setup (ECMA-376's order).
        order = [m.group(1) for m in re.finditer(r"<(\w+)\b", text)]
        assert order.count("drawing") == 1
        if "tableParts" in order:
            assert order.index("drawing") < order.index("tableParts")
        assert order.index("drawing") > order.index("sheetData")
        folder, name = part.rsplit("/", 1)
        sheet_rels = fromstring(archive.read(f"{folder}/_rels/{name}.rels"))
        drawing_id = re.search(r'<drawing\b[^>]*r:id="(\w+)"', text).group(1)  # type: ignore[union-attr]
        target = next(r.get("Target") for r in sheet_rels if r.get("Id") == drawing_id)
        drawing = "xl/drawings/" + target.rsplit("/", 1)[1]
        types = archive.read("[Content_Types].xml").decode("utf-8")
        drawing_type = "application/vnd.openxmlformats-officedocument.drawing+xml"
        assert f'PartName="/{drawing}" ContentType="{drawing_type}"' in types
        root = fromstring(archive.read(drawing))
        (shape,) = list(root.iter(f"{XDR}sp"))
        (props,) = list(shape.iter(f"{XDR}cNvPr"))
        anchor = next(root.iter(f"{XDR}from"))
        column = int(anchor.find(f"{XDR}col").text)  # type: ignore[union-attr,arg-type]
        row = int(anchor.find(f"{XDR}row").text)  # type: ignore[union-attr,arg-type]
        found = {"name": props.get("name", ""), "macro": shape.get("macro", ""),
                 "text": "".join(t.text or "" for t in shape.iter(f"{A}t")),
                 "cell": f"{chr(65 + column)}{row + 1}", "link": ""}
        link = props.find(f"{A}hlinkClick")
        if link is not None:
            drawing_rels = fromstring(archive.read(f"xl/drawings/_rels/{drawing.rsplit('/', 1)[1]}.rels"))
            found["link"] = next(r.get("Target") for r in drawing_rels if r.get("Id") == link.get(f"{R}id"))
        return found


def vba_macros(path: Path) -> str:
    from oletools.olevba import VBA_Parser

    parser = VBA_Parser(str(path))
    try:
        return "\n".join(code for _, _, _, code in parser.extract_macros())
    finally:
        parser.close()


@pytest.mark.parametrize("blank", [False, True])
def test_the_macro_template_has_a_button_running_its_macro(tmp_path: Path, blank: bool) -> None:
    path = tmp_path / "my_event.xlsm"
    write_template("uscf", path, macro=True, blank=blank)
    button = button_of(path, "Crosstable")
    assert button == {"name": "xlrating_rate", "macro": "[0]!SampleCall", "text": "Rate this event",
                      "cell": "A1", "link": ""}
    # [0]! is this workbook; its SampleCall (test_the_macro_the_buttons_run) runs main() of my_event.py.
    assert "def main()" in (tmp_path / "my_event.py").read_text(encoding="utf-8")


def test_the_season_macro_template_has_a_button(tmp_path: Path) -> None:
    path = tmp_path / "club.xlsm"
    write_season_template(path, macro=True)
    assert button_of(path, "Season") == {"name": "xlrating_rate_season", "macro": "[0]!SampleCall",
                                         "text": "Rate the season", "cell": "D1", "link": ""}


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # oletools' use of older pyparsing names
def test_the_macro_the_buttons_run(tmp_path: Path) -> None:
    # Read from the VBA project with oletools: SampleCall imports the module named like the
    # workbook and runs its main().
    write_template("uscf", tmp_path / "my_event.xlsm", macro=True)
    write_season_template(tmp_path / "club.xlsm", macro=True)
    for name in ("my_event.xlsm", "club.xlsm"):
        code = vba_macros(tmp_path / name)
        assert re.search(r"Sub SampleCall\(\)\s+mymodule = Left\(ThisWorkbook\.Name", code)
        assert 'RunPython "import " & mymodule & ";" & mymodule & ".main()"' in code


@pytest.mark.parametrize("system", ["uscf", "fide", "icu"])
def test_the_templates_have_xlwings_lite_sheet_buttons(tmp_path: Path, system: str) -> None:
    path = tmp_path / "event.xlsx"
    write_template(system, path)
    button = button_of(path, "Crosstable")
    # The script's button names the shape and the cell its link selects.
    assert f"[{button['name']}]Crosstable!{button['cell']}" == EVENT_BUTTON.lite_reference
    assert button["link"] == f"#Crosstable!{button['cell']}" and button["macro"] == ""
    season = tmp_path / "season.xlsx"
    write_season_template(season)
    button = button_of(season, "Season")
    assert f"[{button['name']}]Season!{button['cell']}" == SEASON_BUTTON.lite_reference
    assert button["link"] == "#Season!D1"


def test_xlwings_registers_the_scripts_with_their_buttons() -> None:
    # XLWINGS_ON_SERVER (tests/conftest.py): xw.script is the Lite/Server decorator.
    scripts = ((macros.rate_crosstable, EVENT_BUTTON), (macros.rate_season_workbook, SEASON_BUTTON))
    for script, button in scripts:
        meta = script.__xlscript__  # type: ignore[attr-defined]
        assert meta["button"] == button.lite_reference and meta["show_taskpane"] is True


def test_the_header_text_is_below_the_button(tmp_path: Path) -> None:
    import openpyxl

    path = tmp_path / "event.xlsx"
    write_template("uscf", path)
    sheet = openpyxl.load_workbook(path)["Crosstable"]
    height = sheet.row_dimensions[1].height
    assert height is not None and height * 4 / 3 >= 2 * (EVENT_BUTTON.height + 2)  # points to pixels
    assert sheet["A1"].alignment.vertical in (None, "bottom")


def test_a_rated_copy_keeps_the_button(tmp_path: Path) -> None:
    path = tmp_path / "my_event.xlsm"
    write_template("uscf", path, macro=True)
    rated = tmp_path / "my_event_rated.xlsm"
    rate_file(path, rated)
    assert button_of(rated, "Crosstable")["macro"] == "[0]!SampleCall"


@render_tools  # runs where LibreOffice is installed, and always on CI
@pytest.mark.slow
def test_libreoffice_reads_the_macro_and_the_link(tmp_path: Path) -> None:
    classic, lite = tmp_path / "my_event.xlsm", tmp_path / "event.xlsx"
    write_template("uscf", classic, macro=True)
    write_template("uscf", lite)
    profile = (tmp_path / "profile").as_uri()
    subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless", "--convert-to", "ods",
                    "--outdir", str(tmp_path / "ods"), str(classic), str(lite)],
                   check=True, capture_output=True, timeout=240)
    with zipfile.ZipFile(tmp_path / "ods" / "my_event.ods") as ods:
        content = ods.read("content.xml").decode("utf-8")
    assert re.search(r'draw:name="xlrating_rate".*?VBAProject\.Module1\.SampleCall', content, re.S)
    with zipfile.ZipFile(tmp_path / "ods" / "event.ods") as ods:
        content = ods.read("content.xml").decode("utf-8")
    linked = r'<draw:a xlink:href="#Crosstable\.A1"[^>]*><draw:custom-shape[^>]*draw:name="xlrating_rate"'
    assert re.search(linked, content)
