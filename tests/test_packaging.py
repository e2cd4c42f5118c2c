"""Release-ready packaging: one version, a pure wheel and an sdist PyPI accepts, the wheel
working on its own, and the GitHub workflow that tests, builds and publishes them.

- The version is written once (``xlrating/_version.py``); ``pyproject.toml`` reads it.
- ``python -m build`` gives ``xlrating-VERSION.tar.gz`` and ``xlrating-VERSION-py3-none-any.whl``
  (no compiled code), which ``twine check --strict`` accepts.
- The wheel, installed into a fresh virtual environment with its dependencies from the
  package index, runs ``xlrating demo`` there, importing xlrating from that environment.
- ``.github/workflows/ci.yml`` parses and has the test matrix (Linux with Python 3.11 to
  3.13, Windows, macOS), the build, and the publish job (trusted publishing on a version
  tag); ``.github/release_notes.py`` gives a version's CHANGELOG section as the release notes.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
import tomllib

import xlrating

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"
NOTES = ROOT / ".github" / "release_notes.py"


def _run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload, no-any-return]


# --- one version -------------------------------------------------------------------------------


def test_the_version_is_written_in_one_place() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "xlrating._version.__version__"}
    written = [path.relative_to(ROOT).as_posix() for path in (ROOT / "xlrating").rglob("*.py")
               if re.search(r"^__version__\s*=", path.read_text(encoding="utf-8"), re.M)]
    assert written == ["xlrating/_version.py"]
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+|rc\d+)?", xlrating.__version__)
    # The installed metadata says the same (an editable install reads it when installed).
    assert importlib.metadata.version("xlrating") == xlrating.__version__


# --- the distributions -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("dist")
    built = _run([sys.executable, "-m", "build", "--outdir", str(folder), str(ROOT)])
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return folder


@pytest.mark.slow
def test_the_wheel_and_sdist_build_and_twine_accepts_them(dist: Path) -> None:
    version = xlrating.__version__
    assert sorted(path.name for path in dist.iterdir()) == [
        f"xlrating-{version}-py3-none-any.whl", f"xlrating-{version}.tar.gz"]
    checked = _run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist.iterdir())])
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2
    with zipfile.ZipFile(dist / f"xlrating-{version}-py3-none-any.whl") as wheel:
        names = wheel.namelist()
        wheel_info = wheel.read(f"xlrating-{version}.dist-info/WHEEL").decode()
    assert "Root-Is-Purelib: true" in wheel_info and "Tag: py3-none-any" in wheel_info
    assert not [name for name in names if name.endswith((".so", ".pyd", ".dll", ".dylib"))]
    assert {"xlrating/py.typed", "xlrating/_version.py", "xlrating/cli/lite.py"} <= set(names)
    # Every file of the package is in the wheel: the modules and what they read (py.typed ...).
    tracked = _run(["git", "ls-files", "xlrating"], cwd=ROOT).stdout.split()
    assert tracked and set(tracked) <= set(names)
    assert not [name for name in names if name.startswith(("tests/", "docs/", "benchmarks/"))]


@pytest.mark.slow
def test_the_built_wheel_runs_the_demo_in_a_fresh_venv(dist: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    made = _run([sys.executable, "-m", "venv", str(venv)])
    assert made.returncode == 0, made.stderr
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / ("python.exe" if sys.platform == "win32" else "python")
    (wheel,) = dist.glob("*.whl")
    installed = _run([str(python), "-m", "pip", "install", "-q", str(wheel)])
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]

    where = _run([str(python), "-c", "import xlrating; print(xlrating.__file__)"], cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout + where.stderr
    command = bin_dir / ("xlrating.exe" if sys.platform == "win32" else "xlrating")
    version = _run([str(command), "--version"], cwd=tmp_path)
    assert version.stdout.strip() == f"xlrating {xlrating.__version__}", version.stdout + version.stderr
    demo = _run([str(command), "demo"], cwd=tmp_path)
    assert demo.returncode == 0, demo.stdout[-3000:] + demo.stderr[-3000:]
    rated, report = tmp_path / "xlrating-demo-uscf-rated.xlsx", tmp_path / "xlrating-demo-uscf-report.xlsx"
    assert f"Wrote {rated.resolve()}" in demo.stdout and rated.stat().st_size > 5000
    assert report.stat().st_size > 5000
    lite = _run([str(command), "lite"], cwd=tmp_path)
    assert lite.returncode == 0 and "from xlrating.udfs import *" in lite.stdout


# --- the workflow ------------------------------------------------------------------------------


def _workflow() -> dict[Any, Any]:
    import yaml  # the test extra has PyYAML; the Pyodide run does not

    loaded: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


def _steps(job: dict[str, Any]) -> str:
    return "\n".join(str(step.get("uses", "")) + " " + str(step.get("run", "")) for step in job["steps"])


def test_the_workflow_tests_on_three_systems_and_three_pythons() -> None:
    workflow = _workflow()
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers["push"]["tags"] == ["v*"] and "pull_request" in triggers
    test = workflow["jobs"]["test"]
    matrix = test["strategy"]["matrix"]
    combinations = {(os, python) for os in matrix["os"] for python in matrix["python"]}
    combinations |= {(extra["os"], extra["python"]) for extra in matrix["include"]}
    linux = sorted(python for os, python in combinations if os.startswith("ubuntu"))
    assert linux == ["3.11", "3.12", "3.13"]
    assert {os.split("-")[0] for os, _ in combinations} == {"ubuntu", "windows", "macos"}
    assert "bash .ci/run" in _steps(test) and "pytest" in _steps(test)


def test_the_workflow_builds_checks_and_publishes_on_a_version_tag() -> None:
    jobs = _workflow()["jobs"]
    build = _steps(jobs["build"])
    assert "python -m build" in build and "twine check --strict" in build
    assert ".github/release_notes.py" in build and "xlrating/_version.py" in build
    publish = jobs["publish"]
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert set(publish["needs"]) == {"test", "build"}
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["environment"]["name"] == "pypi"
    assert [step["uses"] for step in publish["steps"]][-1] == "pypa/gh-action-pypi-publish@release/v1"
    assert "password" not in str(publish)  # trusted publishing: no token
    release = jobs["release"]
    assert release["needs"] == "publish" and "--notes-file release-notes" in _steps(release)
    docs = jobs["docs"]
    assert "mkdocs build --strict" in _steps(docs) and docs["permissions"]["pages"] == "write"


# --- the release notes -------------------------------------------------------------------------


def _notes_module() -> Any:
    spec = importlib.util.spec_from_file_location("release_notes", NOTES)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHANGELOG = """# Changelog

## 0.3.0 (2026-12-01)

- **Packaging**: a wheel.
- Lite: `xlrating lite`.

## 0.2.0

Rating lists.

## 0.1.0
"""


def test_the_release_notes_are_the_version_section() -> None:
    notes = _notes_module()
    assert notes.section(CHANGELOG, "v0.3.0") == "- **Packaging**: a wheel.\n- Lite: `xlrating lite`.\n"
    assert notes.section(CHANGELOG, "0.2.0") == "Rating lists.\n"
    with pytest.raises(notes.NoSection, match=r"no section '## 0\.3'$"):
        notes.section(CHANGELOG, "0.3")  # a prefix of 0.3.0 is another version
    with pytest.raises(notes.NoSection, match=r"is empty"):
        notes.section(CHANGELOG, "0.1.0")
    with pytest.raises(notes.NoSection, match=r"no section '## 9\.9\.9'"):
        notes.section(CHANGELOG, "v9.9.9")


@pytest.mark.slow
def test_the_release_notes_script_prints_a_section(tmp_path: Path) -> None:
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text(CHANGELOG, encoding="utf-8")
    printed = _run([sys.executable, str(NOTES), "v0.2.0", str(changelog)])
    assert (printed.returncode, printed.stdout) == (0, "Rating lists.\n")
    missing = _run([sys.executable, str(NOTES), "v4.0.0", str(changelog)])
    assert missing.returncode == 1 and "no section '## 4.0.0'" in missing.stderr and not missing.stdout
    real = _run([sys.executable, str(NOTES), "0.2.0"])  # the repository's own CHANGELOG
    assert real.returncode == 0 and "Rating lists" in real.stdout
