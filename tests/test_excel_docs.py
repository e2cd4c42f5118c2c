"""What the documentation tells a tournament director to do in Excel, checked against the code
and against the xlwings that xlrating installs.

We have no Excel, so what can be checked here is checked:

- every ``RunPython`` call and every ``xlrating.macros.NAME`` the documentation, the README and
  the templates' Python modules give names a function that exists and takes the arguments given;
- every module the documentation puts into *UDF Modules* imports, and *Import Functions* on
  ``xlrating.udfs`` makes one VBA function per worksheet function: run here with classic
  xlwings' own decorators and VBA writer (``xlwings.udfs``, Windows only, its COM modules
  stubbed), as they run on Windows;
- every ribbon control the setup guide names is a control of the installed add-in
  (``xlwings/addin/xlwings.xlam``, its ``customUI/customUI.xml``);
- every xlwings Lite script the guides name is a script of ``main.py``, and the ``main.py``
  the setup guide prints, pasted into Lite, rates a workbook as ``xlrating.macros`` does
  (xlwings' server code path, as xlwings Lite calls it).
"""

from __future__ import annotations

import ast
import asyncio
import importlib
import importlib.util
import inspect
import json
import os
import re
import subprocess
import sys
import types
import zipfile
from pathlib import Path
from typing import Any

import pytest
import xlwings as xw
from xlwings import server

from xlrating import macros, udfs
from xlrating.excel.lite import lite_scripts, main_py
from xlrating.templates import UDF_MODULES, quickstart_module, write_template
from xlrating.templates.season import season_module

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guide"
SETUP = GUIDE / "setup.md"

#: ``RunPython "import MODULE; MODULE.FUNCTION(ARGUMENTS)"``, the words spread over lines or not.
RUNPYTHON = re.compile(r'RunPython\s+"import\s+([\w.]+)\s*;\s*([\w.]+)\.(\w+)\((.*?)\)"')


def _pages() -> dict[str, str]:
    """Every page of the documentation, the README and the templates' Python modules, as a user
    reads them (line breaks and indents as single spaces)."""
    paths = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md",
             *sorted((ROOT / "templates").glob("*.py"))]
    texts = {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8") for path in paths}
    texts["quickstart_module('my_event')"] = quickstart_module("my_event")
    texts["season_module('club')"] = season_module("club")
    return {name: re.sub(r"\s+", " ", text) for name, text in texts.items()}


def _template_module(name: str, tmp_path: Path) -> types.ModuleType:
    """The Python module a macro template writes beside itself, imported from its file."""
    if name == "club":
        source = season_module(name)
    elif (ROOT / "templates" / f"{name}.py").exists():
        source = (ROOT / "templates" / f"{name}.py").read_text(encoding="utf-8")
    else:
        source = quickstart_module(name)
    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_runpython_call_names_a_function_that_takes_its_arguments(tmp_path: Path) -> None:
    calls = [(page, *found.groups()) for page, text in _pages().items() for found in RUNPYTHON.finditer(text)]
    named = {(module, function) for _, module, _, function, _ in calls}
    # The calls the guides give a director (a sample, so that a changed pattern cannot pass unseen).
    assert {("xlrating.macros", "rate_event"), ("xlrating.macros", "rate_season"),
            ("xlrating.macros", "season_report"), ("xlrating.macros", "rating_report"),
            ("xlrating.macros", "fill_from_list"), ("xlrating.macros", "export_event"),
            ("xlrating_season", "report"), ("club", "report")} <= named
    for page, imported, called, function, arguments in calls:
        assert imported == called, (page, imported, called)
        if imported.startswith("xlrating."):
            module = importlib.import_module(imported)
        else:  # a macro template's own module, named like its workbook
            module = _template_module(imported, tmp_path)
        assert callable(getattr(module, function, None)), (page, imported, function)
        values = ast.literal_eval(f"({arguments},)") if arguments else ()
        inspect.signature(getattr(module, function)).bind(*values)  # raises TypeError if it cannot


def test_every_macro_the_documentation_names_exists() -> None:
    for page, text in _pages().items():
        for name in re.findall(r"xlrating\.macros\.(\w+)", text):
            assert name in macros.__all__, (page, name)


def test_the_udf_modules_the_documentation_gives_import(tmp_path: Path) -> None:
    settings = {value for text in _pages().values()
                for value in re.findall(r"UDF Modules\*?`?\s*(?:\(or [^)]*\)\s*)?=\s*`([^`]+)`", text)}
    assert UDF_MODULES in settings
    assert "my_event;xlrating.udfs" in re.sub(r"\s+", " ", SETUP.read_text(encoding="utf-8"))
    settings.add("my_event;xlrating.udfs")
    for setting in settings:
        for name in setting.split(";"):
            module = (importlib.import_module(name) if name.startswith("xlrating.")
                      else _template_module(name, tmp_path))
            assert module is not None
    # The only worksheet functions are xlrating.udfs': every name it exports is one.
    assert all(hasattr(getattr(udfs, name), "__xlfunc__") for name in udfs.__all__)


#: Run in a fresh interpreter, without XLWINGS_ON_SERVER: classic xlwings' decorators (what
#: ``xw.func`` and ``xw.script`` are on Windows) applied as ``xlrating.udfs`` and
#: ``xlrating.macros`` are imported, then xlwings' own VBA writer, as *Import Functions* runs it.
_CLASSIC = r"""
import io, json, sys, types
for name in ("pythoncom", "pywintypes", "win32com", "win32com.client"):
    sys.modules[name] = types.ModuleType(name)
sys.modules["pythoncom"].CoInitialize = lambda: None
sys.modules["pywintypes"].com_error = Exception
sys.modules["win32com.client"].Dispatch = None
sys.modules["win32com"].client = sys.modules["win32com.client"]
import xlwings as xw
from xlwings import udfs as classic
xw.func, xw.sub, xw.script, xw.arg, xw.ret = (classic.xlfunc, classic.xlsub, classic.xlsub,
                                               classic.xlarg, classic.xlret)
import xlrating.udfs, xlrating.macros

class Workbook:
    Name = "my_event.xlsm"

written = {}
for name in ("xlrating.udfs", "xlrating.macros"):
    vba = io.StringIO()
    classic.generate_vba_wrapper(name, sys.modules[name], vba, Workbook())
    written[name] = [line.split("(")[0].split() for line in vba.getvalue().splitlines()
                     if line.startswith(("Function ", "Sub "))]
print(json.dumps(written))
"""


def test_import_functions_makes_one_vba_function_per_worksheet_function() -> None:
    environment = {key: value for key, value in os.environ.items() if key != "XLWINGS_ON_SERVER"}
    done = subprocess.run([sys.executable, "-c", _CLASSIC], capture_output=True, text=True,
                          env=environment, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    written = json.loads(done.stdout)
    assert sorted(written["xlrating.udfs"]) == sorted(["Function", name] for name in udfs.__all__)
    # xlrating.macros in UDF Modules would add its Lite scripts as VBA Subs: no function there.
    assert sorted(written["xlrating.macros"]) == sorted(["Sub", name] for name in lite_scripts())


def _ribbon_labels() -> set[str]:
    addin = Path(xw.__file__).parent / "addin" / "xlwings.xlam"
    with zipfile.ZipFile(addin) as archive:
        ribbon = archive.read("customUI/customUI.xml").decode("utf-8")
    return {label.rstrip(":") for label in re.findall(r'\blabel="([^"]*)"', ribbon)}


#: The controls of the xlwings tab that the setup guide asks a director to use.
RIBBON = ["xlwings", "Interpreter", "UDF Modules", "Import Functions", "Restart UDF Server", "Run main"]


def test_the_ribbon_controls_the_guide_names_are_the_add_ins() -> None:
    labels = _ribbon_labels()
    guide = SETUP.read_text(encoding="utf-8")
    for label in RIBBON:
        assert label in labels, label
        assert f"*{label}*" in guide, label


def test_the_lite_scripts_the_guides_name_are_in_main_py() -> None:
    scripts = set(lite_scripts())
    named = set()
    for path in GUIDE.glob("*.md"):
        text = re.sub(r"\s+", " ", path.read_text(encoding="utf-8"))
        named |= set(re.findall(r"(?:script|[Cc]hoose) `(\w+)`", text))
        named |= set(re.findall(r"`(\w+)` (?:adds|rates)", text))
    assert {"rate_crosstable", "make_rating_report", "rate_season_workbook", "make_season_report",
            "fill_from_the_list"} <= named
    assert named <= scripts, named - scripts


def _pasted_main() -> types.ModuleType:
    """``main.py`` as the setup guide prints it, pasted into xlwings Lite."""
    module = types.ModuleType("main")
    exec(compile(main_py(), "main.py", "exec"), module.__dict__)
    return module


@pytest.mark.parametrize("system", ["uscf", "fide", "icu"])
def test_the_pasted_main_py_rates_as_the_macros_module_does(tmp_path: Path, system: str) -> None:
    from test_macros import book_json, run_script

    source = write_template(system, tmp_path / "event.xlsx")[0]
    data = book_json(source)
    assert run_script(_pasted_main(), "rate_crosstable", data) == run_script(macros, "rate_crosstable", data)


def test_a_function_typed_into_a_cell_works_from_the_pasted_main_py() -> None:
    def call(module: types.ModuleType, name: str, *arguments: Any) -> Any:
        data = {"func_name": name, "args": list(arguments), "caller_address": "Sheet1!A1",
                "version": xw.__version__, "client": "Office.js", "runtime": "1.4",
                "culture_info_name": "en-US", "date_format": "m/d/yyyy"}
        return asyncio.run(server.custom_functions_call(data, module))

    pasted = _pasted_main()
    for name, arguments in [("FIDE_PD", ([[0.75]],)), ("USCF_NSTAR", ([[1500]],)),
                            ("FIDE_EXPECTED", ([[1600]], [[1500], [1700]]))]:
        assert call(pasted, name, *arguments) == call(udfs, name, *arguments), name
