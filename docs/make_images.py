"""Make the pictures in ``docs/images`` from the committed templates: ``python docs/make_images.py``.

Every picture is rendered, never drawn by hand: a copy of a template (rated by xlrating
where the picture shows a rated event, or its report) is cut down to the one sheet
shown, LibreOffice prints it to PDF, and ``pdftoppm`` turns the first page into a PNG. The
copies are temporary; the templates themselves are only read. ``docs/images/SOURCES.sha256``
records the templates the pictures were made from, and a test fails when a template has
changed since, so the pictures are made again whenever the templates change.

Needs LibreOffice (``soffice``) and poppler's ``pdftoppm`` (Debian: libreoffice-calc-nogui,
poppler-utils).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import openpyxl

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
SOURCES = IMAGES / "SOURCES.sha256"

#: (picture, template, what is shown: "template", "rated" or "report", sheet)
PICTURES = [
    ("uscf-swiss-event.png", "uscf-swiss.xlsx", "template", "Event"),
    ("uscf-swiss-rated.png", "uscf-swiss.xlsx", "rated", "Crosstable"),
    ("report-summary.png", "uscf-swiss.xlsx", "report", "Summary"),
    ("report-ratings.png", "uscf-swiss.xlsx", "report", "Ratings"),
]


def template_hashes() -> dict[str, str]:
    """The SHA-256 of every template a picture is made from."""
    names = sorted({template for _, template, _, _ in PICTURES})
    return {name: hashlib.sha256((ROOT / "templates" / name).read_bytes()).hexdigest() for name in names}


def recorded_hashes() -> dict[str, str]:
    """The hashes written when the pictures were last made."""
    if not SOURCES.exists():
        return {}
    pairs = (line.split(maxsplit=1) for line in SOURCES.read_text(encoding="utf-8").splitlines() if line)
    return {name.strip(): digest for digest, name in pairs}


def _workbook(kind: str, template: Path, work: Path) -> Path:
    from xlrating.report import report_file
    from xlrating.workbook import rate_file

    copy = work / template.name
    shutil.copyfile(template, copy)
    if kind == "template":
        return copy
    rated = work / f"rated-{template.name}"
    rate_file(copy, rated)
    if kind == "rated":
        return rated
    report = work / f"report-{template.name}"
    report_file(rated, report)
    return report


def _render(workbook: Path, sheet: str, picture: Path, work: Path) -> None:
    # The values the formulas were saved with (xlrating stores them): the sheet shown is cut
    # out of its workbook, and a formula referring to another sheet would be left without one.
    book = openpyxl.load_workbook(workbook, data_only=True)
    for other in [s for s in book.sheetnames if s != sheet]:
        del book[other]
    single = work / f"{picture.stem}.xlsx"
    book.save(single)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(work), str(single)],
                   check=True, capture_output=True, timeout=300)
    stem = work / picture.stem
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile",
                    str(single.with_suffix(".pdf")), str(stem)], check=True, capture_output=True, timeout=120)
    shutil.copyfile(stem.with_suffix(".png"), picture)


def main() -> int:
    missing = [tool for tool in ("soffice", "pdftoppm") if shutil.which(tool) is None]
    if missing:
        print(f"needs {', '.join(missing)} (Debian: libreoffice-calc-nogui, poppler-utils)", file=sys.stderr)
        return 1
    IMAGES.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for name, template, kind, sheet in PICTURES:
            _render(_workbook(kind, ROOT / "templates" / template, work), sheet, IMAGES / name, work)
            print(f"docs/images/{name}: {sheet} of {template} ({kind})")
    SOURCES.write_text("".join(f"{digest}  {name}\n" for name, digest in template_hashes().items()),
                       encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
