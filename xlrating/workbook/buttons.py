"""Buttons on a sheet: a shape that runs a macro (classic Excel) or an xlwings Lite script.

openpyxl writes no shapes, so a button is added to the saved package: a drawing part
(DrawingML, ``xl/drawings/drawingN.xml``) holding one rounded rectangle with its text,
the sheet's ``<drawing>`` element and relationship, and the part's content type.

- **Classic Excel** runs the macro named in the shape's ``macro`` attribute when the
  shape is clicked (``[0]!SampleCall``: the ``SampleCall`` macro of this workbook), as
  Excel itself stores a shape to which *Assign Macro* gave a macro.
- **xlwings Lite** has no native sheet buttons; its documented way is a shape with a
  name and a hyperlink to a cell the shape covers: a script decorated
  ``@script(button="[NAME]Sheet!CELL")`` runs when that cell is selected, which clicking
  the shape does (xlwings Server's documentation, "Sheet button"; xlwings Lite, "Running
  a script via sheet button"). The shape gets that name and that hyperlink.

The button sits in the top half of a cell (the header row's, made taller), so it covers
no value: the header text is at the bottom of the cell.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape, quoteattr

from openpyxl.utils import column_index_from_string

from .package import Package
from .parts import REL_NS, relationships, structure

__all__ = ["EVENT_BUTTON", "HEADER_HEIGHT", "SEASON_BUTTON", "Button", "button_parts", "rate_button"]

_EMU_PER_PIXEL = 9525
_DRAWING_TYPE = "application/vnd.openxmlformats-officedocument.drawing+xml"
_DRAWING_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing"
_HYPERLINK_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink"
_RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
#: Elements a sheet's ``<drawing>`` must come before (ECMA-376, CT_Worksheet's order).
_AFTER_DRAWING = ("legacyDrawing", "legacyDrawingHF", "drawingHF", "picture", "oleObjects", "controls",
                  "webPublishItems", "tableParts", "extLst")


@dataclass(frozen=True)
class Button:
    """A button on sheet ``sheet`` at ``cell`` (top-left), ``width`` x ``height`` pixels."""

    sheet: str
    name: str
    """The shape's name (xlwings Lite finds the button by it)."""
    text: str
    cell: str = "A1"
    width: int = 150
    height: int = 22
    macro: str | None = None
    """A macro of the workbook to run (classic Excel), e.g. ``SampleCall``."""
    link: bool = False
    """Link the shape to its own cell (xlwings Lite's sheet button)."""

    @property
    def lite_reference(self) -> str:
        """What ``@script(button=...)`` names: ``[name]Sheet!CELL``."""
        return f"[{self.name}]{self.sheet}!{self.cell}"


#: The templates' buttons (each given its macro for classic Excel, or its link for xlwings
#: Lite, when written): rating the event of a crosstable template, from the top of its
#: header row, and rating a season, beside the ``Season`` sheet's settings.
EVENT_BUTTON = Button("Crosstable", "xlrating_rate", "Rate this event")
SEASON_BUTTON = Button("Season", "xlrating_rate_season", "Rate the season", cell="D1")
#: The height (points) of a header row that carries a button above its text.
HEADER_HEIGHT = 36


def rate_button(button: Button, *, macro: bool) -> Button:
    """``button`` as a template has it: in a macro-enabled one it runs ``SampleCall`` (the
    xlwings quickstart macro, which runs ``main()`` of the workbook's Python module); in
    any other it is xlwings Lite's sheet button of the rating script (``@script(button=...)``
    in :mod:`xlrating.macros`)."""
    return replace(button, macro="SampleCall") if macro else replace(button, link=True)


def _position(cell: str) -> tuple[int, int]:
    match = re.fullmatch(r"([A-Z]{1,3})([0-9]+)", cell)
    if match is None:
        raise ValueError(f"not a cell: {cell!r}")
    return column_index_from_string(match.group(1)) - 1, int(match.group(2)) - 1


def _drawing(buttons: Sequence[Button]) -> str:
    anchors = []
    for number, button in enumerate(buttons, start=2):
        column, row = _position(button.cell)
        width, height = button.width * _EMU_PER_PIXEL, button.height * _EMU_PER_PIXEL
        offset = 2 * _EMU_PER_PIXEL
        macro = f" macro={quoteattr('[0]!' + button.macro)}" if button.macro else ""
        link = f'<a:hlinkClick r:id="rId{number - 1}"/>' if button.link else ""
        anchors.append(
            f'<xdr:oneCellAnchor><xdr:from><xdr:col>{column}</xdr:col><xdr:colOff>{offset}</xdr:colOff>'
            f'<xdr:row>{row}</xdr:row><xdr:rowOff>{offset}</xdr:rowOff></xdr:from>'
            f'<xdr:ext cx="{width}" cy="{height}"/>'
            f'<xdr:sp{macro} textlink=""><xdr:nvSpPr><xdr:cNvPr id="{number}" name={quoteattr(button.name)} '
            f'descr={quoteattr(button.text)}>{link}</xdr:cNvPr><xdr:cNvSpPr/></xdr:nvSpPr>'
            f'<xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="{width}" cy="{height}"/></a:xfrm>'
            '<a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom>'
            '<a:solidFill><a:srgbClr val="217346"/></a:solidFill><a:ln><a:noFill/></a:ln></xdr:spPr>'
            '<xdr:txBody><a:bodyPr vertOverflow="clip" horzOverflow="clip" wrap="none" lIns="0" tIns="0" '
            'rIns="0" bIns="0" anchor="ctr"/><a:lstStyle/><a:p><a:pPr algn="ctr"/><a:r>'
            '<a:rPr lang="en-US" sz="1000" b="1"><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill></a:rPr>'
            f'<a:t>{escape(button.text)}</a:t></a:r></a:p></xdr:txBody></xdr:sp>'
            '<xdr:clientData fPrintsWithSheet="0"/></xdr:oneCellAnchor>')
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" '
            'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
            f'xmlns:r="{REL_NS}">{"".join(anchors)}</xdr:wsDr>')


def _links(buttons: Sequence[Button]) -> str:
    rels = "".join(
        f'<Relationship Id="rId{number}" Type="{_HYPERLINK_REL}" Target={quoteattr("#" + _quoted(b))}/>'
        for number, b in enumerate(buttons, start=1) if b.link)
    return _relationships(rels)


def _relationships(inner: str) -> str:
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{_RELS_NS}">{inner}</Relationships>')


def _quoted(button: Button) -> str:
    sheet = button.sheet if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", button.sheet) \
        else "'" + button.sheet.replace("'", "''") + "'"
    return f"{sheet}!{button.cell}"


def _rels_name(part: str) -> str:
    folder, name = posixpath.split(part)
    return f"{folder}/_rels/{name}.rels"


def button_parts(package: Package, buttons: Sequence[Button],
                 changed: Mapping[str, bytes | None]) -> dict[str, bytes | None]:
    """The parts to write (new or replaced) that put ``buttons`` on their sheets of ``package``,
    whose parts in ``changed`` are already replaced."""
    parts: dict[str, bytes | None] = {}

    def text_of(part: str) -> str:
        data = changed.get(part)
        return data.decode("utf-8") if data is not None else package.xml(part).decode("utf-8")

    entries = {entry.name: entry for entry in structure(package).sheets}
    types = text_of("[Content_Types].xml")
    taken = {name for name in package.infos if name.startswith("xl/drawings/drawing")}
    number = 1
    by_sheet: dict[str, list[Button]] = {}
    for button in buttons:
        by_sheet.setdefault(button.sheet, []).append(button)
    for sheet, on_sheet in by_sheet.items():
        entry = entries[sheet]
        while f"xl/drawings/drawing{number}.xml" in taken:
            number += 1
        drawing = f"xl/drawings/drawing{number}.xml"
        taken.add(drawing)
        parts[drawing] = _drawing(on_sheet).encode("utf-8")
        if any(b.link for b in on_sheet):
            parts[_rels_name(drawing)] = _links(on_sheet).encode("utf-8")
        override = f'<Override PartName="/{drawing}" ContentType="{_DRAWING_TYPE}"/>'
        types = types.replace("</Types>", override + "</Types>")
        rels_part = _rels_name(entry.part)
        existing = relationships(package, entry.part) if package.has(rels_part) else {}
        ids = {int(i[3:]) for i in existing if re.fullmatch(r"rId[0-9]+", i)}
        rel_id = f"rId{max(ids, default=0) + 1}"
        target = posixpath.relpath(drawing, posixpath.dirname(entry.part))
        relation = f'<Relationship Id="{rel_id}" Type="{_DRAWING_REL}" Target="{target}"/>'
        if package.has(rels_part):
            text = text_of(rels_part)
            closing = re.search(r"</(\w+:)?Relationships>", text)
            assert closing is not None
            text = text[:closing.start()] + relation + text[closing.start():]
        else:
            text = _relationships(relation)
        parts[rels_part] = text.encode("utf-8")
        parts[entry.part] = _with_drawing(text_of(entry.part), rel_id).encode("utf-8")
    parts["[Content_Types].xml"] = types.encode("utf-8")
    return parts


def _with_drawing(text: str, rel_id: str) -> str:
    """A sheet part with a ``<drawing r:id=...>`` element in its place."""
    root = re.search(r"<(\w+:)?worksheet\b[^>]*>", text)
    assert root is not None
    prefix = root.group(1) or ""
    namespace = "" if f'xmlns:r="{REL_NS}"' in root.group(0) else f' xmlns:r="{REL_NS}"'
    element = f'<{prefix}drawing{namespace} r:id="{rel_id}"/>'
    following = re.search(rf"<{prefix}(?:{'|'.join(_AFTER_DRAWING)})\b", text)
    at = following.start() if following else text.rindex(f"</{prefix}worksheet>")
    return text[:at] + element + text[at:]
