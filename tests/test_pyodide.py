"""The whole test suite, run again inside Pyodide: the Python that xlwings Lite runs.

xlwings Lite runs Python in the browser through Pyodide (CPython compiled to WebAssembly:
no threads, no subprocesses, no compiled extensions beyond Pyodide's own, its own Python
version). This test builds xlrating's wheel, gathers the pure-Python wheels of its
dependencies and of pytest and Hypothesis, and runs this very suite inside real Pyodide
under Node (``tests/pyodide/run.mjs``): the three engines, the crosstable core, reports
built in memory, the worksheet functions through ``xlwings.server.custom_functions_call``
and the Lite scripts through ``xlwings.server.custom_scripts_call``, as xlwings Lite calls
them. The few tests that need what Pyodide lacks are listed, with the reason, in
``conftest.NOT_IN_PYODIDE`` and skipped there only.

The npm ``pyodide`` package carries no numpy (xlwings Lite's Pyodide does), so inside this
run every event is rated by the engines' plain-Python paths, whatever its size; the run says
so, and the test checks it. The regression snapshots allow for the last bits of unrounded
floats there, because Pyodide's C library computes powers of ten differently in the last bit
(``tests/snapshot_floats.py``).

It needs Node (18 or newer) and the npm registry and PyPI for the first run (``npm ci``
of the pinned ``pyodide`` package; ``pip download`` of the wheels). Off CI, a machine
without Node skips it with that reason; on CI (``CI`` set) a missing Node is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import NOT_IN_PYODIDE

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "tests" / "pyodide"
#: The dependencies' wheels, and the test runner's, all pure Python.
WHEELS = ["openpyxl", "et-xmlfile", "defusedxml", "dbfread", "dbf", "xlwings", "pytest", "hypothesis"]

pytestmark = pytest.mark.slow

#: The skip reasons a run inside Pyodide may give: the tests listed in ``conftest.NOT_IN_PYODIDE``,
#: and tests that check for what Pyodide lacks themselves (numpy, which Lite has but the npm
#: package does not carry, so the plain-Python paths rate everything there; devices, FIFOs, the
#: ``resource`` module, root, LibreOffice).
PLATFORM_LIMITS = ("not in Pyodide: ", "the numpy path needs numpy", "the numpy core needs numpy",
                   "needs /dev/zero", "needs FIFOs", "only root can give files away",
                   "could not import 'resource'", "soffice, pdftoppm")


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("Node is not installed: .ci/run installs it (Debian's nodejs and npm)")
        pytest.skip("Node is not installed (needed to run Pyodide); CI installs it")
    return node


def _jspi_flag(node: str) -> list[str]:
    """The V8 flag that turns on WebAssembly stack switching, which Pyodide needs to run
    ``asyncio.run`` from synchronous code (Node 20: experimental; newer Node: on by default)."""
    options = subprocess.run([node, "--v8-options"], capture_output=True, text=True, check=True).stdout
    for flag in ("--experimental-wasm-jspi", "--experimental-wasm-stack-switching"):
        if flag in options:
            return [flag]
    return []


def _run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload, no-any-return]


#: What a checkout may hold beside its sources: never part of the wheel. setuptools keeps
#: ``build/`` between builds and never empties it, so a module deleted or moved since the last
#: build would ride along in a wheel built in the checkout itself.
_NOT_SOURCES = shutil.ignore_patterns("build", "dist", "*.egg-info", ".venv", ".git", "node_modules", "site",
                                      "__pycache__", ".*_cache")


def build_wheel(folder: Path) -> subprocess.CompletedProcess[str]:
    """Build the package's wheel into ``folder`` from a clean copy of the sources."""
    sources = folder.parent / f"{folder.name}-sources"
    shutil.copytree(ROOT, sources, ignore=_NOT_SOURCES)
    return _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder), str(sources)])


def _install_pyodide() -> None:
    """The pinned npm ``pyodide`` package in ``tests/pyodide/node_modules`` (``npm ci`` once)."""
    if not (HARNESS / "node_modules" / "pyodide").is_dir():
        npm = shutil.which("npm")
        assert npm, "npm is needed to install the pinned pyodide package"
        done = _run([npm, "ci", "--no-audit", "--no-fund"], cwd=HARNESS)
        assert done.returncode == 0, done.stderr[-2000:]


def test_the_suite_passes_inside_pyodide(tmp_path: Path) -> None:
    node = _node()
    _install_pyodide()
    wheels = tmp_path / "wheels"
    built = build_wheel(wheels)
    assert built.returncode == 0, built.stderr[-2000:]
    fetched = _run([sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:", "--platform", "any",
                    "--implementation", "py", "--python-version", "3.14", "-d", str(wheels), *WHEELS])
    assert fetched.returncode == 0, fetched.stderr[-2000:]

    run = _run([node, *_jspi_flag(node), str(HARNESS / "run.mjs"), str(wheels), str(ROOT),
                "-q", "-rs", "--tb=short", "tests"],
               cwd=HARNESS, timeout=1800)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-6000:]
    assert re.search(r"^Python 3\.\d+\.\d+ on emscripten; xlrating \S+ from "
                     r"/lib/python3\.\d+/site-packages/xlrating; "
                     r"no numpy: the engines' plain-Python paths rate$",
                     output, re.M), output[:2000]
    summary = re.search(r"^(\d+) passed(?:, (\d+) skipped)?", output, re.M)
    assert summary, output[-3000:]
    passed, skipped = int(summary[1]), int(summary[2] or 0)
    # Every skip is a platform limit (listed in conftest, or what a test itself checks for): none
    # hides a failure.
    reasons = re.findall(r"^SKIPPED \[\d+\] [^:]+(?::\d+)?: (.*)$", output, re.M)
    assert reasons and all(r.startswith(PLATFORM_LIMITS) for r in reasons), reasons
    assert skipped >= len(NOT_IN_PYODIDE)
    assert passed > 1500, output[-3000:]
