"""The printed report: LibreOffice renders it to PDF, poppler to PNG; pages are checked, none blank.

Runs when ``soffice`` (LibreOffice) and poppler's ``pdftoppm``/``pdftotext``/``pdfinfo``
are installed; CI installs them (``libreoffice-calc-nogui``, ``poppler-utils``). The
render is made from a copy of the report in its own folder, with its own LibreOffice
profile, so it never touches the report itself nor another LibreOffice running at the
same time.
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from xlrating.crosstable import rate_sheets
from xlrating.report import write_report

TOOLS = ("soffice", "pdftoppm", "pdftotext", "pdfinfo")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]
# On CI (CI=true) .ci/run installs the tools: a missing one there is a failure, not a skip.
RENDER_TOOLS = pytest.mark.skipif(
    bool(MISSING) and os.environ.get("CI") != "true",
    reason=f"{', '.join(MISSING)} not installed (CI installs libreoffice-calc-nogui and "
    "poppler-utils, so this test runs there)")
#: What a test that renders with LibreOffice takes: the tools, and the slow mark (left out of
#: the fast loop).
RENDERS = (RENDER_TOOLS, pytest.mark.slow)
pytestmark = list(RENDERS)

EVENT: list[list[Any]] = [["System", "USCF"], ["Event name", "Harbour Open"],
                          ["Start date", date(2024, 5, 4)], ["End date", date(2024, 5, 5)]]
HEADER = ["No", "Name", "ID", "Rating", "Games", "R1", "R2", "R3", "R4"]
ROWS: list[list[Any]] = [
    [1, "Ann Example", "12345678", 1712, None, "W3", "D2", "W4", "W6"],
    [2, "Ben Sample", "23456789", 1480, 12, "W5", "D1", "L3", "W4"],
    [3, "Cal Player", "34567890", None, None, "L1", "W4", "W2", "D5"],
    [4, "Dee Junior", "45678901", 1550, None, "W6", "L3", "L1", "L2"],
    [5, "Eve Long-Surname-Hyphenated", "56789012", 1310, 60, "L2", "W6", "D6", "D3"],
    [6, "Fay Visitor", "67890123", 1905, 8, "L4", "L5", "D5", "L1"],
]


def render(report: Path, folder: Path) -> Path:
    """The PDF LibreOffice makes of a copy of ``report`` (in ``folder``)."""
    folder.mkdir()
    copy = folder / "copy.xlsx"
    shutil.copyfile(report, copy)
    profile = (folder / "profile").as_uri()
    subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless", "--convert-to", "pdf",
                    "--outdir", str(folder), str(copy)], check=True, capture_output=True, timeout=240)
    pdf = folder / "copy.pdf"
    assert pdf.exists(), "LibreOffice wrote no PDF"
    return pdf


def page_texts(pdf: Path) -> list[str]:
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))  # type: ignore[union-attr]
    return [subprocess.run(["pdftotext", "-layout", "-f", str(n), "-l", str(n), str(pdf), "-"], check=True,
                           capture_output=True, text=True).stdout for n in range(1, pages + 1)]


def ink(png: Path) -> tuple[float, set[bytes]]:
    """The share of pixels that are not white, and the colours used, in an 8-bit PNG."""
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks = 8, []
    width = height = channels = 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8, depth
            channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    previous = bytearray(stride)
    inked, colours = 0, set[bytes]()
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                row[i] = (row[i] + row[i - channels]) & 0xFF
        elif kind == 2:
            row = bytearray((a + b) & 0xFF for a, b in zip(row, previous, strict=True))
        elif kind == 3:
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                row[i] = (row[i] + (left + previous[i]) // 2) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = row[i - channels] if i >= channels else 0
                b, c = previous[i], previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        for x in range(0, stride, channels):
            pixel = bytes(row[x:x + min(channels, 3)])
            if pixel != b"\xff" * len(pixel):
                inked += 1
                colours.add(pixel)
        previous = row
    return inked / (width * height), colours


def shows(colours: set[bytes], rgb: str) -> bool:
    """Whether a colour close to ``rgb`` (``RRGGBB``) is among ``colours``."""
    want = bytes.fromhex(rgb)
    return any(len(c) == 3 and all(abs(a - b) <= 24 for a, b in zip(c, want, strict=True)) for c in colours)


def test_the_report_prints_every_sheet_on_readable_pages_none_blank(tmp_path: Path) -> None:
    events = rate_sheets({"Event": EVENT, "Crosstable": [HEADER, *ROWS]}, today=date(2024, 6, 1)).events
    report = write_report(events, tmp_path / "report.xlsx")
    pdf = render(report, tmp_path / "render")
    texts = page_texts(pdf)
    count = len(texts)
    # Footers: the sheet's name on the left, "Page n of N" on the right; the header: the report's title.
    sheets = []
    for number, text in enumerate(texts, start=1):
        assert f"Page {number} of {count}" in text, f"page {number} has no page number"
        assert "Rating report: Harbour Open" in text, f"page {number} has no header"
        footer = next(line for line in text.splitlines() if f"Page {number} of {count}" in line)
        sheets.append(footer.split("Page")[0].strip())
        body = [line for line in text.splitlines() if line.strip()
                and "Rating report: Harbour Open" not in line and f"Page {number} of" not in line]
        assert body, f"page {number} ({sheets[-1]}) is empty"
    runs = [name for i, name in enumerate(sheets) if i == 0 or sheets[i - 1] != name]
    # Every visible sheet prints, in order; the hidden chart data does not.
    assert runs == ["Summary", "Ratings", "Games", "Explanations", "Charts"]
    assert sheets.count("Charts") == 2  # the change chart; then the two scatter charts on a page of their own
    ratings = "\n".join(t for t, s in zip(texts, sheets, strict=True) if s == "Ratings")
    for row in ROWS:
        assert row[1] in ratings  # no name is cut off
    # Every column of the Ratings table fits on the page (fit to width): its last header is there.
    assert "Performance" in ratings or "Expected" in ratings
    charts = "\n".join(t for t, s in zip(texts, sheets, strict=True) if s == "Charts")
    for title in ("Rating change per player", "Post-event against pre-event rating",
                  "Score against expected score"):
        assert title in charts
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(tmp_path / "render" / "page")], check=True,
                   timeout=120)
    pngs = sorted((tmp_path / "render").glob("page-*.png"))
    assert len(pngs) == count
    inks = [ink(png) for png in pngs]
    for png, sheet, (share, _) in zip(pngs, sheets, inks, strict=True):
        assert share > 0.002, f"{png.name} ({sheet}) is blank"
    bars, points = (colours for (_, colours), sheet in zip(inks, sheets, strict=True) if sheet == "Charts")
    assert shows(bars, "2E7D32") and shows(bars, "C62828"), "no green gain or red loss bars"
    assert shows(points, "1F4E79"), "the scatter charts have no points"


def test_the_season_report_prints_its_sheets_and_a_line_per_player(tmp_path: Path) -> None:
    from xlrating.cli import main
    from xlrating.templates.season import write_season_template

    source = write_season_template(tmp_path / "season.xlsx")[0]
    report = tmp_path / "season-report.xlsx"
    assert main(["season", str(source), "--report", str(report)]) == 0
    pdf = render(report, tmp_path / "render")
    texts = page_texts(pdf)
    footers = [next(line for line in text.splitlines() if f"Page {n} of {len(texts)}" in line)
               .split("Page")[0].strip() for n, text in enumerate(texts, start=1)]
    assert footers == ["Summary", "Ratings", "Chart"]
    assert all("Season report" in text for text in texts)
    assert "Spring open" in texts[0] and "1 new player" in texts[0]
    assert "Ito, Ivy" in texts[1] and "Games" in texts[1]  # the last column fits on the page
    assert "Rating history" in texts[2] and "After event" in texts[2]
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "3", "-l", "3", str(pdf),
                    str(tmp_path / "render" / "chart")], check=True, timeout=120)
    (png,) = (tmp_path / "render").glob("chart-*.png")
    share, colours = ink(png)
    assert share > 0.01, "the chart page is blank"
    # The lines of the chart's second to fifth players, in the colours of Excel's default chart
    # palette (red, green, purple, teal): nothing else on the page has them.
    for rgb in ("C0504D", "9BBB59", "8064A2", "4BACC6"):
        assert shows(colours, rgb), f"no line in {rgb}"
