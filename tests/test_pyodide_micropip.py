"""xlrating installed in Pyodide as xlwings Lite installs it: through micropip, from a URL.

A director's ``requirements.txt`` names ``xlrating`` (or the address of its wheel on the
documentation site); Lite hands it to micropip, which reads the wheel's dependencies and
fetches each from the package index. This test does the same inside real Pyodide under
Node (``tests/pyodide/micropip.mjs``): a server on 127.0.0.1, started here, serves the
freshly built wheel and a package index in PyPI's JSON form (PEP 691) holding the
pure-Python wheels of the dependencies, which micropip resolves on its own. The
``main.py`` that ``xlrating lite`` writes is then run as Lite runs it: a worksheet
function through ``xlwings.server.custom_functions_call`` and the script
``rate_crosstable`` through ``custom_scripts_call``, whose actions must be those of the
same script run here.

numpy is the one dependency not served: Lite's Pyodide carries its own build, the npm
``pyodide`` package does not, and no numpy wheel for Pyodide can be fetched here (it comes
from Pyodide's CDN). micropip is told it is present but it cannot be imported, so the
engines' plain-Python paths rate (as in ``tests/test_pyodide.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import re
import sys
import threading
import zipfile
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import xlwings as xw
from test_macros import book_json
from test_pyodide import HARNESS, _install_pyodide, _jspi_flag, _node, _run, build_wheel
from xlwings.server import custom_scripts_call

from xlrating import __version__, macros, uscf
from xlrating.templates import write_template

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirements(wheel: Path) -> list[str]:
    """The wheel's ``Requires-Dist`` lines (its dependencies, as micropip reads them)."""
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode("utf-8")
    return [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("Requires-Dist:")]


class _Index:
    """What the local server serves: files by name, and a PEP 691 page per project."""

    def __init__(self, wheel: Path, dependencies: list[Path], book: dict[str, Any]) -> None:
        self.wheel = wheel
        self.files = {path.name: path for path in [wheel, *dependencies]}
        self.book = json.dumps(book).encode()
        self.projects: dict[str, list[Path]] = {}
        for path in dependencies:
            self.projects.setdefault(_canonical(path.name.split("-")[0]), []).append(path)

    def page(self, project: str, base: str) -> bytes | None:
        wheels = self.projects.get(_canonical(project))
        if wheels is None:
            return None
        return json.dumps({
            "meta": {"api-version": "1.0"}, "name": _canonical(project),
            "files": [{"filename": path.name, "url": f"{base}/files/{path.name}",
                       "hashes": {"sha256": hashlib.sha256(path.read_bytes()).hexdigest()}}
                      for path in wheels]}).encode()


@contextlib.contextmanager
def _serve(index: _Index) -> Iterator[str]:
    """A server on 127.0.0.1 (a free port) for ``index``; yields its base address."""
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            parts = [part for part in self.path.split("?")[0].split("/") if part]
            body, kind = None, "application/octet-stream"
            if parts == ["wheel"]:
                body, kind = index.wheel.name.encode(), "text/plain"
            elif parts == ["book.json"]:
                body, kind = index.book, "application/json"
            elif len(parts) == 2 and parts[0] == "files" and parts[1] in index.files:
                body = index.files[parts[1]].read_bytes()
            elif len(parts) == 2 and parts[0] == "simple":
                base = f"http://{self.server.server_address[0]}:{self.server.server_address[1]}"
                body, kind = index.page(parts[1], base), "application/vnd.pypi.simple.v1+json"
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def _rounded(value: Any) -> Any:
    """Floats to 9 significant digits: Pyodide's C library may differ in the last bit."""
    if isinstance(value, float):
        return float(f"{value:.9g}")
    if isinstance(value, list):
        return [_rounded(item) for item in value]
    if isinstance(value, dict):
        return {key: _rounded(item) for key, item in value.items()}
    return value


def test_micropip_installs_the_wheel_and_lite_runs_a_function_and_a_script(tmp_path: Path) -> None:
    node = _node()
    _install_pyodide()
    lock_file = HARNESS / "node_modules" / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text(encoding="utf-8"))
    python = lock["info"]["python"].rsplit(".", 1)[0]

    pip = [sys.executable, "-m", "pip"]
    built = build_wheel(tmp_path / "dist")
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("xlrating-*.whl")
    assert wheel.name == f"xlrating-{__version__}-py3-none-any.whl"
    wanted = [r for r in _requirements(wheel) if _canonical(re.split(r"[ ;<>=!~\[(]", r)[0]) != "numpy"]
    assert len(wanted) == len(_requirements(wheel)) - 1 and wanted
    options = ["--only-binary=:all:", "--platform", "any", "--implementation", "py",
               "--python-version", python]
    fetched = _run([*pip, "download", "-q", *options, "-d", str(tmp_path / "deps"), *wanted])
    assert fetched.returncode == 0, fetched.stderr[-2000:]
    micropip = lock["packages"]["micropip"]["version"]
    tool = _run([*pip, "download", "-q", "--no-deps", *options,
                 "-d", str(tmp_path / "tool"), f"micropip=={micropip}"])
    assert tool.returncode == 0, tool.stderr[-2000:]
    (micropip_wheel,) = (tmp_path / "tool").glob("micropip-*.whl")

    source = write_template("uscf", tmp_path / "event.xlsx")[0]
    data = book_json(source)
    book = {xw.Book: xw.Book(json=data)}
    here = asyncio.run(custom_scripts_call(macros, "rate_crosstable", typehint_to_value=book))
    expected = here.json()["actions"]

    index = _Index(wheel, sorted((tmp_path / "deps").glob("*.whl")), data)
    with _serve(index) as base:
        run = _run([node, *_jspi_flag(node), str(HARNESS / "micropip.mjs"), str(micropip_wheel), base],
                   cwd=HARNESS, timeout=900)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-6000:]
    (line,) = [line for line in run.stdout.splitlines() if line.startswith("RESULT ")]
    result = json.loads(line.removeprefix("RESULT "))

    assert result["version"] == __version__ and "/site-packages/xlrating/" in result["file"]
    installed = {_canonical(name) for name in result["installed"]}
    assert {"xlrating", "openpyxl", "et-xmlfile", "xlwings", "defusedxml", "dbfread", "dbf"} <= installed
    # US Chess 2020, section 3: N' is 20.0 (to one decimal) for a 1700 with 30 games.
    (([value],),) = (result["value"],)
    assert round(value, 1) == 20.0 and value == pytest.approx(uscf.effective_games(1700, 30), rel=1e-12)
    assert _rounded(result["actions"]) == _rounded(expected)
    assert any(action["func"] == "alert" and "xlrating" in json.dumps(action["args"])
               for action in result["actions"])
