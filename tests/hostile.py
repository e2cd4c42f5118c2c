"""A corpus of hostile workbook files, generated on demand into a folder (nothing committed).

Each builder writes one file and returns its path. They start from :func:`event`, an
ordinary 8-player crosstable workbook with a ``Notes`` sheet, and change its package
directly (the zip parts), the way a damaged or malicious file would differ:

- :func:`far_cell`: one formatted empty cell (or a value) far away, with the sheet's
  declared dimension stretched to it;
- :func:`list_sheet`: a long list sheet (a season's Players sheet) beside the crosstable;
- :func:`declared_bomb`, :func:`lying_bomb`, :func:`ratio_bomb`: zip bombs, by the size a
  part declares, by a part inflating past what it declares, by a compression ratio;
- :func:`doctype`: an entity declaration in a part that is not otherwise parsed.
"""

from __future__ import annotations

import re
import struct
import zipfile
from pathlib import Path

import openpyxl

HEADER = ["No", "Name", "ID", "Rating", "R1", "R2", "R3", "R4", "Total"]
ROWS = [
    [1, "Dana Whitfield", "30918274", 1864, "W5", "D2", "W3", "W7", 3.5],
    [2, "Marcus Oyelaran", "31277450", 1731, "W6", "D1", "W7", "W3", 3.5],
    [3, "Priya Raman", "30655102", 1652, "D7", "W4", "L1", "L2", 1.5],
    [4, "Tomasz Wojcik", "31840023", 1577, "W8", "L3", "D5", "W6", 2.5],
    [5, "Elena Castillo", "30199867", 1489, "L1", "W8", "D4", "H", 2.0],
    [6, "Jordan Blake", "32015546", 1402, "L2", "L7", "B", "L4", 1.0],
    [7, "Sam Okafor", "32290871", "unr", "D3", "W6", "L2", "L1", 1.5],
    [8, "Lily Chen", "31766320", 1213, "L4", "L5", "U", "U", 0.0],
]
SHEETS = {"Event": "xl/worksheets/sheet1.xml", "Crosstable": "xl/worksheets/sheet2.xml",
          "Notes": "xl/worksheets/sheet3.xml"}


def event(path: Path) -> Path:
    """An ordinary workbook: ``Event``, ``Crosstable`` (8 players) and ``Notes`` sheets."""
    book = openpyxl.Workbook()
    settings = book.active
    settings.title = "Event"
    settings.append(["System", "USCF"])
    settings.append(["End date", "2025-04-13"])
    sheet = book.create_sheet("Crosstable")
    for row in [HEADER, *ROWS]:
        sheet.append(row)
    notes = book.create_sheet("Notes")
    notes.append(["Venue", "Riverside Hall"])
    notes["B1"].number_format = "@"
    book.save(path)
    return path


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.read(info.filename) for info in archive.infolist()}


def write_parts(path: Path, contents: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in contents.items():
            archive.writestr(name, data)
    return path


def far_cell(path: Path, sheet: str, reference: str, *, value: bool) -> Path:
    """``event`` with one cell at ``reference`` on ``sheet``: formatted and empty, or holding 1."""
    event(path)
    contents = parts(path)
    part = SHEETS[sheet]
    text = contents[part].decode()
    row = re.search(r"\d+", reference).group(0)  # type: ignore[union-attr]
    cell = f'<c r="{reference}" s="1"><v>1</v></c>' if value else f'<c r="{reference}" s="1"/>'
    text = text.replace("</sheetData>", f'<row r="{row}">{cell}</row></sheetData>')
    text = re.sub(r'<dimension ref="[^"]*"', f'<dimension ref="A1:{reference}"', text)
    contents[part] = text.encode()
    return write_parts(path, contents)


def list_sheet(path: Path, rows: int, name: str = "Name") -> Path:
    """``event`` with its ``Notes`` sheet replaced by a list of ``rows`` members (ID, ``name``, Rating)."""
    event(path)
    contents = parts(path)
    body = "".join(f'<row r="{n}"><c r="A{n}"><v>{10000000 + n}</v></c><c r="B{n}" t="inlineStr"><is><t>'
                   f'Member {n}</t></is></c><c r="C{n}"><v>{1000 + n % 1500}</v></c></row>'
                   for n in range(2, rows + 2))
    head = (f'<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c><c r="B1" t="inlineStr"><is><t>{name}'
            '</t></is></c><c r="C1" t="inlineStr"><is><t>Rating</t></is></c></row>')
    contents[SHEETS["Notes"]] = (
        '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/'
        f'spreadsheetml/2006/main"><dimension ref="A1:C{rows + 1}"/><sheetData>{head}{body}</sheetData>'
        "</worksheet>").encode()
    return write_parts(path, contents)


def _set_sizes(path: Path, name: str, declared: int) -> None:
    """Overwrite the uncompressed size part ``name`` declares, in its local and central headers."""
    data = bytearray(path.read_bytes())
    encoded = name.encode()
    position = 0
    while True:
        local = data.find(b"PK\x03\x04", position)
        if local < 0:
            break
        length = struct.unpack("<H", data[local + 26:local + 28])[0]
        if data[local + 30:local + 30 + length] == encoded:
            data[local + 22:local + 26] = struct.pack("<I", declared)
        position = local + 4
    position = 0
    while True:
        central = data.find(b"PK\x01\x02", position)
        if central < 0:
            break
        length = struct.unpack("<H", data[central + 28:central + 30])[0]
        if data[central + 46:central + 46 + length] == encoded:
            data[central + 24:central + 28] = struct.pack("<I", declared)
        position = central + 4
    path.write_bytes(bytes(data))


def declared_bomb(path: Path) -> Path:
    """A sheet part declaring 2 GB (the few bytes it holds are never inflated)."""
    event(path)
    _set_sizes(path, SHEETS["Notes"], 2 * 2**30)
    return path


def lying_bomb(path: Path, size: int = 64 * 2**20) -> Path:
    """A sheet part of ``size`` bytes of spaces that declares 1,000 bytes."""
    event(path)
    contents = parts(path)
    text = contents[SHEETS["Notes"]]
    contents[SHEETS["Notes"]] = text.replace(b"<sheetData>", b"<sheetData>" + b" " * size, 1)
    write_parts(path, contents)
    _set_sizes(path, SHEETS["Notes"], 1000)
    return path


def ratio_bomb(path: Path, size: int = 64 * 2**20) -> Path:
    """A sheet part holding ``size`` bytes of spaces (deflate packs them about 1,000 to 1)."""
    event(path)
    contents = parts(path)
    notes = contents[SHEETS["Notes"]]
    contents[SHEETS["Notes"]] = notes.replace(b"<sheetData>", b"<sheetData>" + b" " * size, 1)
    return write_parts(path, contents)


def unclosed(path: Path, tag: str, times: int = 300_000) -> Path:
    """``event`` with a row of ``times`` opening ``tag`` tags that are never closed (a regular
    expression that looked for each one's end to the end of the part would take hours)."""
    event(path)
    contents = parts(path)
    part = SHEETS["Crosstable"]
    text = contents[part].decode()
    contents[part] = text.replace("</sheetData>", f'<row r="100">{tag * times}</row></sheetData>').encode()
    return write_parts(path, contents)


def doctype(path: Path, part: str = "docProps/app.xml", encoding: str = "utf-8") -> Path:
    """An entity declaration in ``part`` (a part the rating never parses), the part written
    in ``encoding`` (``utf-16``: with a byte order mark; ``utf-16-le``, ``utf-16-be``,
    ``utf-32-le``: without one; ``utf-8-sig``: UTF-8 with one)."""
    event(path)
    contents = parts(path)
    body = re.sub(rb"^<\?xml[^>]*\?>\s*", b"", contents[part])
    declared = encoding.removesuffix("-sig").upper()
    text = (f'<?xml version="1.0" encoding="{declared}"?><!DOCTYPE x [<!ENTITY a "aaaa">]>'
            + body.decode("utf-8"))
    contents[part] = text.encode(encoding)
    return write_parts(path, contents)
