"""The documentation site builds without a warning, its examples run, and its pictures
are those of the committed templates.

- ``mkdocs build --strict`` (warnings are errors): every page in the navigation, no link
  to a missing page, picture or anchor, the API reference generated from the docstrings,
  the worksheet-function reference from ``xlrating/udfs.py`` and the command-line
  reference from ``xlrating --help``; the wheel of this version under ``wheels/``, linked
  from the setup guide.
- Every Python example in ``docs/`` runs and prints what the page says it prints (the
  numbers quoted from rule documents are the documents'; whole-event outputs are
  regression snapshots of this version, kept so that no page shows a stale result).
- ``docs/make_images.py`` renders the pictures from the templates; the hashes it records
  must match the committed templates.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.mark.slow
def test_the_site_builds_with_no_warning(tmp_path: Path) -> None:
    environment = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")]
    built = subprocess.run(command,
                           cwd=ROOT, capture_output=True, text=True, env=environment, check=False)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    site = tmp_path / "site"
    functions = (site / "reference" / "functions" / "index.html").read_text(encoding="utf-8")
    assert "USCF_SPECIAL" in functions and "RATE_CROSSTABLE" in functions
    assert "xlrating rate" in (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    assert "rate_event" in (site / "reference" / "python" / "index.html").read_text(encoding="utf-8")
    # The wheel beside the pages (for xlwings Lite before a release is on PyPI), linked from the
    # setup guide, which shows the main.py that `xlrating lite` prints.
    from xlrating import __version__

    wheel = f"xlrating-{__version__}-py3-none-any.whl"
    setup = (site / "guide" / "setup" / "index.html").read_text(encoding="utf-8")
    assert f'href="../../wheels/{wheel}"' in setup and "WHEEL_FILE" not in setup
    assert "from xlrating.udfs import *" in setup and "LITE_MAIN_PY" not in setup
    with zipfile.ZipFile(site / "wheels" / wheel) as archive:
        assert "xlrating/udfs.py" in archive.namelist()


@pytest.mark.parametrize("page", sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")))
def test_the_examples_on_each_page_run(page: str) -> None:
    result = doctest.testfile(str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_pictures_were_made_from_the_committed_templates() -> None:
    spec = importlib.util.spec_from_file_location("make_images", DOCS / "make_images.py")
    assert spec and spec.loader
    make_images = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_images)
    assert make_images.recorded_hashes() == make_images.template_hashes(), (
        "a template changed since the pictures were made: run python docs/make_images.py")
    for name, *_ in make_images.PICTURES:
        assert (DOCS / "images" / name).stat().st_size > 5000, name
