"""``xlrating lite``: the ``main.py`` a director pastes into xlwings Lite.

Lite registers the functions decorated ``@func`` and ``@script`` that it finds in
``main.py``. The pasted text is run here as a module and handed to xlwings' own
registration (``xlwings.server.custom_functions_meta`` and ``custom_scripts_meta``, the
calls Lite makes): it must register every worksheet function of :mod:`xlrating.udfs` and
every script of :mod:`xlrating.macros`, and nothing else.
"""

from __future__ import annotations

import types
from pathlib import Path

import pytest
from xlwings.server import custom_functions_meta, custom_scripts_meta

from xlrating import macros, udfs
from xlrating.cli import main
from xlrating.excel.lite import lite_scripts, main_py


def _as_module(text: str) -> types.ModuleType:
    module = types.ModuleType("main")
    exec(compile(text, "main.py", "exec"), module.__dict__)
    return module


def test_the_scripts_are_those_xlwings_registers() -> None:
    registered = sorted(entry["function_name"] for entry in custom_scripts_meta(macros))  # type: ignore[no-untyped-call]
    assert sorted(lite_scripts()) == registered
    assert "rate_crosstable" in registered and "read_book" not in registered


def test_main_py_registers_every_function_and_every_script() -> None:
    module = _as_module(main_py())
    functions = [entry["name"] for entry in custom_functions_meta(module)["functions"]]  # type: ignore[no-untyped-call]
    assert sorted(functions) == sorted(udfs.__all__)
    assert "USCF_SPECIAL" in functions
    scripts = [entry["function_name"] for entry in custom_scripts_meta(module)]  # type: ignore[no-untyped-call]
    assert sorted(scripts) == sorted(lite_scripts())


def test_main_py_names_its_requirement_and_version() -> None:
    from xlrating import __version__

    text = main_py()
    assert "from xlrating.udfs import *" in text
    assert f"xlrating {__version__}" in text and "`xlrating`" in text


def test_the_command_prints_main_py(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lite"]) == 0
    assert capsys.readouterr().out == main_py()


def test_the_command_writes_main_py_and_keeps_an_existing_file(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "main.py"
    assert main(["lite", "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == main_py()
    target.write_text("mine", encoding="utf-8")
    assert main(["lite", "-o", str(target)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "mine"
    assert main(["lite", "-o", str(target), "--force"]) == 0
    assert target.read_text(encoding="utf-8") == main_py()
