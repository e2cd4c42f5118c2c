"""Adding worksheets to a workbook package, without rebuilding the package.

A new sheet is one new part (``xl/worksheets/sheetN.xml``) and an entry in three parts
that list the sheets: the workbook part (its tab, after the last one, and the row its
printed pages repeat), the workbook part's relationships and the content types.
:func:`new_sheet_xml` is the new part before anything is written into it (frozen header
row, printed one page wide); :func:`listed` gives the three parts with the new sheets
entered. Every other part of the file is copied as it is (see
:func:`~xlrating.workbook.save_atomic`), so a workbook gains a sheet without losing what
openpyxl would (the values Excel calculated, pictures, shapes, form controls).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from ..errors import WorkbookError
from .package import Package

_MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_WORKSHEET_TYPE = _REL_NS + "/worksheet"
_WORKSHEET_CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_WORKBOOK = "xl/workbook.xml"
_WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
_CONTENT_TYPES = "[Content_Types].xml"
#: Characters Excel refuses in a sheet name, and its longest sheet name.
_BAD_NAME = re.compile(r"[\[\]:*?/\\\x00-\x1f]")
MAX_SHEET_NAME = 31


@dataclass(frozen=True)
class AddedSheet:
    """A worksheet added to a workbook: its tab's name and its part."""

    name: str
    part: str


def sheet_name_problem(name: str) -> str | None:
    """Why Excel would refuse ``name`` as a sheet's name, or None."""
    if not name.strip():
        return "a sheet name cannot be blank"
    if len(name) > MAX_SHEET_NAME:
        return f"a sheet name has at most {MAX_SHEET_NAME} characters ({len(name)} given)"
    if _BAD_NAME.search(name):
        return "a sheet name cannot hold [ ] : * ? / \\ or a control character"
    if name.startswith("'") or name.endswith("'"):
        return "a sheet name cannot begin or end with an apostrophe"
    return None


def new_part_name(package: Package, sheet_parts: Sequence[str], taken: Sequence[str]) -> str:
    """A name for a new sheet part beside the existing ones, used by no part."""
    folder = posixpath.dirname(sheet_parts[0]) if sheet_parts else "xl/worksheets"
    number = 1
    while package.has(name := f"{folder}/sheet{number}.xml") or name in taken:
        number += 1
    return name


def new_sheet_xml(package: Package, sheet_parts: Sequence[str], *, landscape: bool = True) -> str:
    """An empty worksheet: the first row frozen (the header), printed one page wide (as many
    pages down as it needs), in the namespace of the workbook's own sheets."""
    namespace = _MAIN_NS
    if sheet_parts:
        with package.stream(sheet_parts[0]) as stream:  # its start only: a sheet part may be long
            head = stream.read(2048).decode("utf-8", errors="replace")
        found = re.search(r"<(?:(\w+):)?worksheet\b[^>]*>", head)
        if found:
            declared = re.search(rf'\sxmlns{":" + found.group(1) if found.group(1) else ""}="([^"]+)"',
                                 found.group(0))
            namespace = declared.group(1) if declared else namespace
    orientation = "landscape" if landscape else "portrait"
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<worksheet xmlns="{namespace}"><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'
            '<dimension ref="A1"/><sheetViews><sheetView workbookViewId="0">'
            '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
            '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
            '<sheetFormatPr defaultRowHeight="15"/><sheetData/>'
            '<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
            f'<pageSetup orientation="{orientation}" fitToWidth="1" fitToHeight="0"/></worksheet>')


def listed(package: Package, text: Callable[[str], str], added: Sequence[AddedSheet],
           sheet_parts: Sequence[str]) -> dict[str, bytes]:
    """The workbook part, its relationships and the content types with the ``added`` sheets
    entered: each after the last tab, its first row repeated on every printed page.
    ``text(part)`` is a part's current text (another change to it may come first). Raises
    :class:`~xlrating.errors.WorkbookError` naming the file when one of them is damaged."""
    try:
        return _listed(package, text, added, sheet_parts)
    except (WorkbookError, ValueError) as error:
        raise WorkbookError(f"{package.file}: is damaged ({error}); no sheet could be added") from None


def _listed(package: Package, text: Callable[[str], str], added: Sequence[AddedSheet],
            sheet_parts: Sequence[str]) -> dict[str, bytes]:
    workbook, rels, types = text(_WORKBOOK), text(_WORKBOOK_RELS), text(_CONTENT_TYPES)
    kind, content = _WORKSHEET_TYPE, _WORKSHEET_CONTENT
    found = re.search(r'<(?:\w+:)?Relationship\b[^>]*\bType="([^"]*/worksheet)"', rels)
    kind = found.group(1) if found else kind
    if sheet_parts:
        found = re.search(rf'<(?:\w+:)?Override\b[^>]*\bPartName="/{re.escape(sheet_parts[0])}"[^>]*'
                          r'\bContentType="([^"]*)"', types)
        content = found.group(1) if found else content
    for sheet in added:
        rid = _free_id(rels)
        target = posixpath.relpath(sheet.part, posixpath.dirname(_WORKBOOK))
        rels = _before_end(rels, "Relationships",
                           f'<Relationship Id="{rid}" Type="{kind}" Target="{target}"/>', _WORKBOOK_RELS)
        types = _before_end(types, "Types",
                            f'<Override PartName="/{sheet.part}" ContentType="{content}"/>', _CONTENT_TYPES)
        workbook = _with_tab(workbook, sheet.name, rid)
    return {_WORKBOOK: workbook.encode("utf-8"), _WORKBOOK_RELS: rels.encode("utf-8"),
            _CONTENT_TYPES: types.encode("utf-8")}


def _free_id(rels: str) -> str:
    taken = set(re.findall(r'\bId="([^"]*)"', rels))
    number = len(taken) + 1
    while f"rId{number}" in taken:
        number += 1
    return f"rId{number}"


def _before_end(text: str, element: str, child: str, part: str) -> str:
    """``text`` with ``child`` (given without a prefix) added as the last child of ``element``."""
    found = re.search(rf"<(\w+:)?{element}\b[^>]*?(/?)>", text)
    if found is None:
        raise WorkbookError(f"the part {part} has no {element} element")
    prefix = found.group(1) or ""
    child = re.sub(r"<(/?)(?=\w)", rf"<\1{prefix}", child)
    if found.group(2):  # an empty element written as <X/>
        opening = found.group(0)[:-2] + ">"
        return text[:found.start()] + opening + child + f"</{prefix}{element}>" + text[found.end():]
    end = text.find(f"</{prefix}{element}>", found.end())
    if end < 0:
        raise WorkbookError(f"the part {part} does not close its {element} element")
    return text[:end] + child + text[end:]


def _with_tab(workbook: str, name: str, rid: str) -> str:
    """The workbook part with sheet ``name`` (relationship ``rid``) after the last tab."""
    sheets = re.findall(r"<(\w+:)?sheet\b([^>]*?)/?>", workbook)
    if not sheets:
        raise WorkbookError(f"the part {_WORKBOOK} lists no sheet")
    prefix = sheets[0][0]
    ids = [int(m) for _, attributes in sheets for m in re.findall(r'\ssheetId="(\d+)"', attributes)]
    found = re.search(r'\s(\w+):id="', sheets[0][1])
    reference = f'{found.group(1)}:id="{rid}"' if found else f'xmlns:r="{_REL_NS}" r:id="{rid}"'
    tab = f"<sheet name={quoteattr(name)} sheetId=\"{max(ids, default=0) + 1}\" {reference}/>"
    workbook = _before_end(workbook, "sheets", tab, _WORKBOOK)
    # The name always quoted: unquoted, a sheet named like a cell (A1, R1C1) would not be one.
    quoted = "'" + name.replace("'", "''") + "'"
    title = f'<definedName name="_xlnm.Print_Titles" localSheetId="{len(sheets)}">' \
            f"{escape(quoted)}!$1:$1</definedName>"
    if re.search(r"<(\w+:)?definedNames\b", workbook):
        return _before_end(workbook, "definedNames", title, _WORKBOOK)
    # definedNames follows sheets, functionGroups and externalReferences (whichever there are).
    before = rf"</{prefix}(?:sheets|functionGroups|externalReferences)>|<{prefix}functionGroups\b[^>]*/>"
    at = max((m.end() for m in re.finditer(before, workbook)), default=-1)
    if at < 0:
        raise WorkbookError(f"the part {_WORKBOOK} does not close its sheets element")
    names = re.sub(r"<(/?)(?=\w)", rf"<\1{prefix}", f"<definedNames>{title}</definedNames>")
    return workbook[:at] + names + workbook[at:]
