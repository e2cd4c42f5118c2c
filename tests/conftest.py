"""Test-session set-up shared by every test module.

xlwings decides at import time whether it runs "on a server" (the code path xlwings
Lite and xlwings Server use: a workbook arrives as JSON and writes come back as
actions). The macro tests drive :mod:`xlrating.macros` through that path, so the
variables are set here, before any test module can import xlwings.
"""

import os
import sys

import pytest
from hypothesis import settings

os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

# Property tests explore new random examples on every run at a desk; in CI (the variable CI
# set) they draw the same examples every time, so that a run's result depends on the code only.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

#: Tests that need what Pyodide (the Python of xlwings Lite, WebAssembly) does not have,
#: by node id (a prefix matches every parameter): they are skipped only when the suite runs
#: inside Pyodide (``tests/test_pyodide.py``), with the reason. Everywhere else they run.
NOT_IN_PYODIDE = {
    "tests/test_buttons.py::test_libreoffice_reads_the_macro_and_the_link":
        "no processes (LibreOffice converts the templates on the host)",
    "tests/test_buttons.py::test_the_macro_the_buttons_run":
        "oletools needs msoffcrypto-tool's compiled cryptography package",
    "tests/test_benchmarks.py":
        "no processes (each benchmark runs in its own; the scripts are not in the package)",
    "tests/test_cli.py::test_the_installed_command_runs_as_a_subprocess": "no processes",
    "tests/test_report_cli.py::test_report_is_a_listed_command": "no processes",
    "tests/test_excel_docs.py::test_import_functions_makes_one_vba_function_per_worksheet_function":
        "no processes (classic xlwings' Import Functions is run in one, without its server mode)",
    "tests/test_uscf_main.py::test_example_event_prints_every_player": "no processes",
    "tests/test_uscf_plain.py::test_every_module_imports_without_numpy":
        "no processes (and no numpy: every US Chess test there rates without it)",
    "tests/test_docs.py::test_the_site_builds_with_no_warning":
        "no processes (MkDocs builds the site on the host)",
    "tests/test_report_render.py::test_the_report_prints_every_sheet_on_readable_pages_none_blank":
        "no processes (LibreOffice renders the report on the host)",
    "tests/test_report_render.py::test_the_season_report_prints_its_sheets_and_a_line_per_player":
        "no processes (LibreOffice renders the report on the host)",
    "tests/test_templates_render.py::": "no processes (LibreOffice renders the templates on the host)",
    "tests/test_cli.py::test_files_that_are_no_crosstable_workbook_exit_1_with_the_file_named[encrypted]":
        "msoffcrypto-tool needs the compiled cryptography package",
    "tests/test_workbook.py::test_load_refuses_a_password_protected_workbook":
        "msoffcrypto-tool needs the compiled cryptography package",
    "tests/test_robustness_cli.py::test_the_input_by_another_name_is_still_the_input":
        "the in-memory file system has no hard links",
    "tests/test_robustness_cli.py::test_a_file_name_too_long_for_the_system":
        "the in-memory file system has no limit on a name's length",
    "tests/test_workbook.py::test_save_atomic_leaves_no_temporary_file_and_uses_default_permissions":
        "the in-memory file system ignores the umask",
    "tests/test_hostile.py::test_tags_never_closed_cost_time_in_proportion_to_their_number":
        "no processes (each run is a subprocess with a timeout)",
    "tests/test_citations.py::": "no processes (git lists the repository's files on the host)",
    "tests/test_vector.py::test_blocked_numpy_is_not_available": "no processes",
    "tests/test_hostile.py::test_temporary_files_of_a_killed_save_are_removed_by_the_next":
        "no processes (whether the process that left a temporary file still runs cannot be told)",
    "tests/test_fide_plain.py::": "no numpy to compare the plain-Python path with (and no processes)",
    "tests/test_cli.py::test_help_and_version_import_no_workbook_library_nor_engine":
        "no processes (each start is a fresh interpreter)",
    "tests/test_pyodide_micropip.py::": "no processes (Node runs Pyodide on the host)",
    "tests/test_xlsm.py::": "oletools needs msoffcrypto-tool's compiled cryptography package",
    "tests/test_packaging.py::test_the_wheel_and_sdist_build_and_twine_accepts_them":
        "no processes (the build runs on the host)",
    "tests/test_packaging.py::test_the_built_wheel_runs_the_demo_in_a_fresh_venv":
        "no processes (a venv and pip on the host)",
    "tests/test_packaging.py::test_the_workflow_": "PyYAML has no pure-Python wheel to install there",
    "tests/test_packaging.py::test_the_release_notes_script_prints_a_section":
        "no processes (the script runs on the host)",
    "tests/test_complexity.py::":
        "radon is not among the wheels installed there (a function's complexity is the same everywhere)",
    "tests/test_hostile_season.py::test_a_hostile_import_ends_in_a_season_that_rates[latin1-file-name]":
        "the in-memory file system stores a file name that is not UTF-8 with U+FFFD in place of its bytes",
    "tests/test_hostile_season.py::test_file_names_become_valid_sheet_names_and_the_import_says_so":
        "the in-memory file system stores a file name that is not UTF-8 with U+FFFD in place of its bytes",
    "tests/test_fill_macros_formulas.py::test_xlwings_server_cannot_see_the_formula":
        "xlwings runs as xlwings Lite there, whose get_formula asks the Excel client, which Node has not",
}

#: Test modules left out inside Pyodide: three import the ``formulas`` evaluator, which needs
#: numpy and scipy (no wheel of them can be installed into Pyodide here: they come from
#: Pyodide's own CDN; xlrating's own evaluator of stored values still runs there, whenever a
#: template or workbook is written); ``test_pyodide.py`` is the one that starts Pyodide.
collect_ignore = (["test_robustness_excel.py", "test_udfs_headless.py", "test_cached_values.py",
                   "test_pyodide.py"]
                  if sys.platform == "emscripten" else [])


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if sys.platform != "emscripten":
        return
    for item in items:
        for prefix, reason in NOT_IN_PYODIDE.items():
            if item.nodeid.startswith(prefix):
                item.add_marker(pytest.mark.skip(reason=f"not in Pyodide: {reason}"))
