"""MkDocs hook: the site carries xlrating's wheel, for xlwings Lite before the release is on PyPI.

xlwings Lite installs a workbook's ``requirements.txt`` with micropip, which takes a
package name from PyPI or the address of a wheel file. The site therefore holds the wheel
of the version it documents under ``wheels/`` (built from this checkout when the site is
built), and the setup guide links to it: the token ``WHEEL_FILE`` in a page becomes the
wheel's file name (``xlrating-0.3.0-py3-none-any.whl``). The token ``LITE_MAIN_PY`` on a
line of its own becomes the ``main.py`` that ``xlrating lite`` prints, at that line's
indentation, so the guide shows exactly what the command gives.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
TOKEN = "WHEEL_FILE"
MAIN_PY = re.compile(r"^( *)LITE_MAIN_PY$", re.M)
FOLDER = "wheels"


def wheel_name() -> str:
    """The file name of this version's wheel (pure Python: ``py3-none-any``)."""
    from xlrating import __version__

    return f"xlrating-{__version__}-py3-none-any.whl"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    from xlrating.excel.lite import main_py

    def indented(found: re.Match[str]) -> str:
        return "\n".join(found[1] + line if line else "" for line in main_py().rstrip("\n").split("\n"))

    return MAIN_PY.sub(indented, markdown.replace(TOKEN, wheel_name()))


def on_post_build(config: Any) -> None:
    target = Path(config["site_dir"]) / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="xlrating-wheel-") as folder:
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", folder, str(ROOT)]
        built = subprocess.run(command, capture_output=True, text=True, check=False)
        wheel = Path(folder) / wheel_name()
        if built.returncode != 0 or not wheel.is_file():
            raise RuntimeError(f"building the wheel for the site failed: {built.stderr[-2000:]}")
        shutil.copyfile(wheel, target / wheel.name)
