"""Opening, reading, writing back and saving crosstable workbooks.

The pure core (:mod:`xlrating.crosstable`) works on grids of values; this module is the
file adapter around it:

- :func:`load` opens an ``.xlsx``/``.xlsm`` safely (see :mod:`xlrating.workbook.package`:
  regular files only, zip bombs and XML entity declarations refused) and turns every way
  a file can fail to be a workbook into a :class:`~xlrating.errors.WorkbookError` naming
  the file. Nothing is parsed yet.
- :func:`read_grids` streams sheets' values from A1 (see :mod:`xlrating.workbook.sheets`),
  formula cells as the values Excel last calculated.
- :func:`apply` records the core's blocks, with their number formats, and extends an
  Excel table (or a sheet's AutoFilter) over the output columns appended to it.
- :func:`save_atomic` writes the workbook with the written sheets' XML edited in place
  and every other part of the file copied unchanged; through a temporary file and a
  rename, so a failed run never leaves half a file.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from openpyxl import Workbook as OpenpyxlWorkbook
from openpyxl.utils import get_column_letter

from ..crosstable.columns import on_wall_chart
from ..crosstable.model import AddedColumns, Block
from ..crosstable.values import quote_sheet
from ..errors import ArgumentError, CrosstableError, Problem, WorkbookError
from .add import AddedSheet, listed, new_part_name, new_sheet_xml, sheet_name_problem
from .buttons import Button
from .cached import save_with_values
from .package import Package, read_package, write_package
from .parts import SheetEntry, Structure, Table, range_bounds, structure, styles, tables
from .patch import SheetPatch, StyleSheet, Write, patch_sheet, widen_table
from .save import Staged, same_file, stage, writable_target
from .sheets import Reader, SharedStrings, Sheet

__all__ = [
    "SheetsOnDemand",
    "Workbook",
    "add_sheets",
    "apply",
    "formulas_filled",
    "load",
    "lost_features",
    "read_grids",
    "same_file",
    "save_atomic",
    "save_workbook_atomic",
    "stage_workbook",
    "uncalculated_formulas",
    "writable_target",
]

#: Suffixes xlrating opens and writes; ``True`` for the macro-enabled ones.
SUFFIXES = {".xlsx": False, ".xlsm": True}

_VBA_PART = "xl/vbaProject.bin"
_CALC_CHAIN = "xl/calcChain.xml"
_CONTENT_TYPES = "[Content_Types].xml"
_PLAIN_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
_MACRO_TYPE = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"


@dataclass
class Workbook:
    """A workbook opened by :func:`load`: its package, what was read of it, what is to be written."""

    path: Path
    """The file it was read from."""
    package: Package = field(repr=False)
    structure: Structure = field(repr=False)
    reader: Reader = field(repr=False)
    macro_enabled: bool = False
    """The file is an ``.xlsm`` or holds a VBA project; it is saved as ``.xlsm``, VBA kept."""
    sheets: dict[str, Sheet] = field(default_factory=dict, repr=False)
    """The sheets read so far, by name."""
    patches: dict[str, SheetPatch] = field(default_factory=dict, repr=False)
    """The writes :func:`apply` recorded, by sheet name."""
    widened: dict[str, str] = field(default_factory=dict, repr=False)
    """Table parts rewritten by :func:`apply`: part name -> new XML."""
    added: list[AddedSheet] = field(default_factory=list, repr=False)
    """The sheets :func:`add_sheets` added, in order."""
    new_parts: dict[str, str] = field(default_factory=dict, repr=False)
    """The XML of each added sheet's part before anything is written into it."""
    notes: list[str] = field(default_factory=list)
    """What a user should know about the run that is not an error: a copy of the rated result's
    warnings (set by :func:`~xlrating.workbook.rate_workbook` and
    :func:`~xlrating.workbook.season.rate_season_workbook`; the command line prints the result's)."""

    @property
    def content(self) -> bytes:
        """The file's bytes as read (the file itself is never touched)."""
        return self.package.content

    @property
    def sheetnames(self) -> list[str]:
        return [entry.name for entry in self.structure.sheets]

    def entry(self, name: str) -> SheetEntry:
        for entry in self.structure.sheets:
            if entry.name == name:
                return entry
        raise ArgumentError(f"The workbook has no sheet {name!r}")

    def read(self, name: str, *, until_header: Callable[[Any], bool] | None = None) -> Sheet:
        """Sheet ``name``'s values (read once; see :class:`~xlrating.workbook.sheets.Reader`)."""
        known = self.sheets.get(name)
        if known is not None and (known.complete or until_header is not None):
            return known
        entry = self.entry(name)
        sheet = self.reader.read(entry, until_header=until_header)
        if sheet.complete:
            entry.tables = tables(self.package, entry)
            for table in entry.tables:
                _blank_totals(sheet.grid, table, self.package)
            _trim(sheet.grid)
        self.sheets[name] = sheet
        return sheet


def load(path: str | os.PathLike[str]) -> Workbook:
    """Open the workbook at ``path`` for reading and writing back.

    Raises :class:`~xlrating.errors.WorkbookError`, naming the file, when it is missing,
    is not a regular file, is not an ``.xlsx``/``.xlsm`` workbook, is password-protected
    (encrypted) or in the old ``.xls`` format, is corrupt, is a zip bomb, or holds XML
    with a document type declaration (entities, as in the "billion laughs" attack).
    """
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentError(f"Argument 'path' must be a file path, not {path!r}")
    file = Path(path)
    package = read_package(file)
    layout = structure(package)
    cell_formats = styles(package, layout.styles)
    dates, durations = cell_formats.kinds()
    reader = Reader(package=package, strings=SharedStrings(package, layout.strings), dates=dates,
                    durations=durations, date1904=layout.date1904)
    # Macro-enabled: it holds a VBA project, or says it is an .xlsm (Excel lets one be saved
    # without macros); either way it is saved back as a macro-enabled workbook.
    macro = package.has(_VBA_PART) or file.suffix.lower() == ".xlsm"
    return Workbook(path=file, package=package, structure=layout, reader=reader, macro_enabled=macro)


def add_sheets(workbook: Workbook, names: Iterable[str], *, landscape: bool = True) -> None:
    """Add an empty worksheet for each of ``names``, after the last tab (the file is not touched;
    :func:`save_atomic` writes them). Each has its first row frozen and repeated on every
    printed page, and prints one page wide. Raises
    :class:`~xlrating.errors.ArgumentError` for a name Excel refuses or the workbook has."""
    for name in names:
        problem = sheet_name_problem(name)
        if problem is not None:
            raise ArgumentError(f"Sheet name {name!r}: {problem}")
        if name.casefold() in (known.casefold() for known in workbook.sheetnames):
            raise ArgumentError(f"Sheet name {name!r}: the workbook has a sheet of that name")
        existing = [entry.part for entry in workbook.structure.sheets if entry.part not in workbook.new_parts]
        part = new_part_name(workbook.package, existing, list(workbook.new_parts))
        workbook.new_parts[part] = new_sheet_xml(workbook.package, existing, landscape=landscape)
        workbook.added.append(AddedSheet(name, part))
        workbook.structure.sheets.append(SheetEntry(name=name, part=part))
        workbook.sheets[name] = Sheet()


class SheetsOnDemand(Mapping[str, list[list[Any]]]):
    """A workbook's sheets by name, each sheet's values read (as :func:`read_grids` reads them)
    the first time they are asked for: a reader that looks at a few sheets never reads the
    others, however long they are."""

    def __init__(self, workbook: Workbook) -> None:
        self._workbook = workbook

    def __getitem__(self, name: str) -> list[list[Any]]:
        if name not in self._workbook.sheetnames:
            raise KeyError(name)
        return self._workbook.read(name).grid

    def __iter__(self) -> Iterator[str]:
        return iter(self._workbook.sheetnames)

    def __len__(self) -> int:
        return len(self._workbook.sheetnames)


def read_grids(workbook: Workbook) -> dict[str, list[list[Any]]]:
    """Every worksheet's values from A1, row-major, trailing blank rows and cells dropped.

    Formula cells give the value Excel last calculated (``None`` when the file was never
    calculated, e.g. written by a script). Values come as openpyxl reads them: numbers
    (int or float), text, bools, dates as :class:`datetime.datetime`, errors as text
    (``"#N/A"``). Text that looks like a formula is text. The totals rows of Excel
    tables read as blank.
    """
    return {name: workbook.read(name).grid for name in workbook.sheetnames}


def _blank_totals(grid: list[list[Any]], table: Table, package: Package) -> None:
    if table.totals_rows <= 0 or not table.ref:
        return
    _, _, last, _ = range_bounds(table.ref, package, table.part)
    for row in range(last - table.totals_rows, min(last, len(grid))):
        grid[row] = []


def _trim(rows: list[list[Any]]) -> None:
    for row in rows:
        while row and (row[-1] is None):
            row.pop()
    while rows and not rows[-1]:
        rows.pop()
    # (rows read never end in None: only totals rows, blanked above, can leave a blank tail)


def uncalculated_formulas(workbook: Workbook) -> dict[str, list[tuple[int, int]]]:
    """The formula cells of the sheets read that hold no calculated value: ``(row, column)``, 1-based.

    :func:`read_grids` reads them as blank. A file saved by Excel has a value for every
    formula (an empty text result reads as blank as well); one written by a program
    that does not calculate formulas has none.
    """
    found: dict[str, list[tuple[int, int]]] = {}
    for name, sheet in workbook.sheets.items():
        missing = sorted((row, column) for row, column, calculated in sheet.formulas if not calculated)
        if missing:
            found[name] = missing
    return found


def formulas_filled(workbook: Workbook, blocks: Iterable[Block]) -> list[Problem]:
    """A problem for each cell of ``blocks`` (a fill's writes) that holds a formula.

    A fill writes the cells it reads as blank, and :func:`read_grids` reads a formula as blank
    when the file holds no value for it (never calculated) or its value is blank text; a
    formula is the user's, and is never written over.
    """
    return filled_formulas({(name, row, column): calculated for name, sheet in workbook.sheets.items()
                            for row, column, calculated in sheet.formulas}, blocks)


def filled_formulas(formulas: Mapping[tuple[str, int, int], bool], blocks: Iterable[Block]) -> list[Problem]:
    """:func:`formulas_filled` of the formula cells ``formulas`` (``(sheet, row, column)``, 1-based:
    whether the cell has a value), as a file holds them or Excel gives them."""
    problems: list[Problem] = []
    for block in blocks:
        for i, line in enumerate(block.values):
            for j in range(len(line)):
                cell = (block.sheet, block.row + i, block.column + j)
                if cell not in formulas:
                    continue
                what = ("a formula whose value is blank" if formulas[cell]
                        else "a formula with no value in the file (never calculated)")
                again = ("" if formulas[cell]
                         else "open the file in Excel (or LibreOffice), save it and fill again, or ")
                problems.append(Problem(f"{quote_sheet(block.sheet)}!{get_column_letter(cell[2])}{cell[1]}",
                                        f"{what} reads as blank, and the fill does not write over a formula: "
                                        f"{again}clear the cell to fill it"))
    return problems


def apply(workbook: Workbook, blocks: Iterable[Block], added: Iterable[AddedColumns] = ()) -> None:
    """Record ``blocks`` to be written into ``workbook`` and extend tables over the ``added`` columns.

    Each block is written whole: every value (text always as text) and, where the
    block gives one, the column's number format. A header cell written in an added
    column takes the style of the header cell to its left. Nothing else changes.
    """
    blocks = tuple(blocks)
    added = tuple(added)
    _check_blocks(workbook, blocks)
    headers = {(c.sheet, c.header_row): c for c in added}
    for block in blocks:
        _record(workbook.patches.setdefault(block.sheet, SheetPatch()), block,
                headers.get((block.sheet, block.row)))
    for columns in added:
        _widen(workbook, columns)


def _check_blocks(workbook: Workbook, blocks: tuple[Block, ...]) -> None:
    """Refuse blocks for a sheet the workbook lacks, or where merged cells are in the way."""
    for block in blocks:
        if block.sheet not in workbook.sheetnames:
            raise ArgumentError(f"Block for sheet {block.sheet!r}: the workbook has no such sheet")
    merged = _merged_in_the_way(workbook, blocks)
    if merged:
        ranges = f"{len(merged)} merged cell range{'s' if len(merged) != 1 else ''}"
        raise CrosstableError(merged, title=f"{workbook.path}: {ranges} where the ratings go; "
                              "nothing was rated or written.")


def _record(patch: SheetPatch, block: Block, header: AddedColumns | None) -> None:
    """Record every value of ``block`` in ``patch``, with its column's number format; a header cell
    in the ``header``'s added columns takes the style of the header cell left of them."""
    formats = block.number_formats
    for i, row in enumerate(block.values):
        for j, value in enumerate(row):
            column = block.column + j
            if header is not None and i == 0 and header.first_column <= column <= header.last_column:
                patch.put(block.row, column, Write(value, header_style_from=header.first_column - 1
                                                   if header.first_column > 1 else None))
                continue
            code = formats[j] if formats is not None and j < len(formats) else None
            patch.put(block.row + i, column, Write(value, code))


def _widen(workbook: Workbook, columns: AddedColumns) -> None:
    """Size (and group, if asked) the added columns and extend the table or AutoFilter over them."""
    patch = workbook.patches.setdefault(columns.sheet, SheetPatch())
    grid = workbook.read(columns.sheet).grid
    header_values = grid[columns.header_row - 1] if columns.header_row <= len(grid) else []
    written = patch.rows.get(columns.header_row, {})
    names = {c: written[c].value if c in written else _at(header_values, c)
             for c in range(1, columns.last_column + 1)}
    if columns.first_column > 1:
        patch.width_from = columns.first_column - 1
        for column in range(columns.first_column, columns.last_column + 1):
            text = "" if names[column] is None else str(names[column])
            patch.widths[column] = float(min(len(text) + 3, 30))
            if columns.collapse and not on_wall_chart(text):
                patch.grouped.add(column)
    if not _extend_table(workbook, columns, names):
        patch.auto_filter = (columns.header_row, columns.first_column - 1, columns.last_column)


def _at(row: list[Any], column: int) -> Any:
    return row[column - 1] if column <= len(row) else None


def _merged_in_the_way(workbook: Workbook, blocks: tuple[Block, ...]) -> list[Problem]:
    """A problem for every merged range that overlaps a block: a merged cell cannot take a value."""
    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for block in blocks:
        if not block.values:
            continue
        last_row = block.row + len(block.values) - 1
        last_column = block.column + max(len(row) for row in block.values) - 1
        sheet = workbook.read(block.sheet)
        for ref in sheet.merged:
            top, left, bottom, right = range_bounds(ref, workbook.package, block.sheet)
            if (bottom < block.row or top > last_row or right < block.column or left > last_column
                    or (block.sheet, ref) in seen):
                continue
            seen.add((block.sheet, ref))
            problems.append(Problem(f"{quote_sheet(block.sheet)}!{ref}",
                                    "merged cells where xlrating writes the output columns (Score, "
                                    "Post rating, ...); unmerge them or move them away from the crosstable"))
    return problems


def _extend_table(workbook: Workbook, columns: AddedColumns, names: dict[int, Any]) -> bool:
    """Widen the Excel table whose header row is ``columns.header_row`` and which ends just left of them."""
    entry = workbook.entry(columns.sheet)
    for table in entry.tables:
        if not table.ref:
            continue
        min_row, min_col, max_row, max_col = range_bounds(table.ref, workbook.package, table.part)
        if min_row != columns.header_row or not table.header_rows:
            continue
        gap = 0
        for column in range(max_col + 1, columns.first_column):
            if names.get(column) in (None, ""):
                gap = -1
                break
            gap += 1
        if gap < 0 or not max_col + 1 <= columns.first_column <= max_col + 1 + gap:
            continue
        if columns.last_column <= max_col:
            return True
        existing = {name.lower() for name in table.columns}
        new = []
        for column in range(max_col + 1, columns.last_column + 1):
            value = names.get(column)
            name = "" if value is None else str(value)
            if not name or name.lower() in existing:
                return False
            existing.add(name.lower())
            new.append(name)
        left, right = get_column_letter(min_col), get_column_letter(columns.last_column)
        ref = f"{left}{min_row}:{right}{max_row}"
        text = workbook.widened.get(table.part) or workbook.package.xml(table.part).decode("utf-8")
        filtered = f"{left}{min_row}:{right}{max_row - table.totals_rows}"
        workbook.widened[table.part] = widen_table(text, ref, filtered, new)
        table.ref = ref
        table.columns.extend(new)
        return True
    return False


#: Package folders of Excel features a saved copy could lose, in words a user knows.
FEATURES: dict[str, str] = {
    "xl/media": "pictures",
    "xl/ctrlProps": "form controls (buttons, check boxes)",
    "xl/threadedComments": "threaded comments (the notes are kept)",
    "xl/persons": "threaded comment authors",
    "xl/slicers": "slicers",
    "xl/slicerCaches": "slicers",
    "xl/timelines": "timelines",
    "xl/pivotTables": "pivot tables",
    "xl/pivotCache": "pivot tables",
    "xl/queryTables": "queries",
    "xl/connections.xml": "data connections",
    "xl/richData": "images in cells and linked data types",
    "xl/externalLinks": "links to other workbooks",
    "customXml": "custom XML parts",
    "xl/drawings": "shapes and drawings",
    "xl/charts": "charts",
    "xl/embeddings": "embedded objects",
    "xl/model": "the data model",
    "xl/webextensions": "web extensions (add-ins)",
}


def lost_features(workbook: Workbook, saved: str | os.PathLike[str]) -> list[str]:
    """Excel features of ``workbook``'s file that the saved copy at ``saved`` no longer has.

    :func:`save_atomic` copies every part it does not write unchanged, so this is empty
    for its files; it compares the two packages by the folders those features live in.
    """
    def kinds(names: Iterable[str]) -> set[str]:
        found = set()
        for name in names:
            for prefix in FEATURES:
                if name == prefix or name.startswith(prefix + "/"):
                    found.add(prefix)
        return found

    with zipfile.ZipFile(io.BytesIO(workbook.content)) as before, zipfile.ZipFile(saved) as after:
        missing = kinds(before.namelist()) - kinds(after.namelist())
    return sorted({FEATURES[prefix] for prefix in missing})


def _check_suffix(target: Path, macro: bool) -> None:
    suffix = target.suffix.lower()
    if suffix not in SUFFIXES:
        raise WorkbookError(f"{target}: xlrating writes .xlsx and .xlsm workbooks; give a name ending in one")
    if SUFFIXES[suffix] != macro:
        if macro:
            raise WorkbookError(f"{target}: the workbook holds macros (VBA) and must be saved as .xlsm")
        raise WorkbookError(f"{target}: the workbook has no macros and must be saved as .xlsx")


def _replaced_parts(workbook: Workbook) -> dict[str, bytes | None]:
    """The parts a save writes: the written sheets, styles, widened tables (and no stale calc chain)."""
    package = workbook.package
    style_part = workbook.structure.styles
    style_sheet = StyleSheet(package.xml(style_part).decode("utf-8") if style_part else None)
    replaced: dict[str, bytes | None] = {}
    overwrote_formula = False
    for part, text in workbook.new_parts.items():
        replaced[part] = text.encode("utf-8")
    for name, patch in workbook.patches.items():
        entry = workbook.entry(name)
        text = workbook.new_parts.get(entry.part) or package.xml(entry.part).decode("utf-8")
        replaced[entry.part] = patch_sheet(text, patch, style_sheet, name).encode("utf-8")
        overwrote_formula |= patch.overwrote_formula
    if style_part and style_sheet.changed:
        replaced[style_part] = style_sheet.result().encode("utf-8")
    for part, text in workbook.widened.items():
        replaced[part] = text.encode("utf-8")
    if overwrote_formula and package.has(_CALC_CHAIN):
        # Excel's list of formula cells would name a cell that is now a value: drop it
        # (Excel rebuilds it), with its relationship and content type.
        replaced[_CALC_CHAIN] = None
        replaced.update(_without_calc_chain(package))
    if workbook.added:
        existing = [entry.part for entry in workbook.structure.sheets if entry.part not in workbook.new_parts]

        def current(part: str) -> str:
            return _text(package, replaced, part)

        replaced.update(listed(package, current, workbook.added, existing))
    return replaced


def _text(package: Package, replaced: dict[str, bytes | None], part: str) -> str:
    """Part ``part`` as a save writes it so far: its replacement, else the file's."""
    data = replaced.get(part)
    return (data if data is not None else package.xml(part)).decode("utf-8")


def _without_calc_chain(package: Package) -> dict[str, bytes | None]:
    parts: dict[str, bytes | None] = {}
    for part, element in (("[Content_Types].xml", "Override"),
                          ("xl/_rels/workbook.xml.rels", "Relationship")):
        pattern = rf'<(?:\w+:)?{element}\b[^>]*calcChain\.xml"[^>]*/>'
        if package.has(part):
            text = package.xml(part).decode("utf-8")
            parts[part] = re.sub(pattern, "", text).encode("utf-8")
    return parts


def _macro_content_type(package: Package, replaced: dict[str, bytes | None]) -> dict[str, bytes | None]:
    """An ``.xlsm`` must say it is macro-enabled (Excel refuses it otherwise), with or without VBA."""
    text = _text(package, replaced, _CONTENT_TYPES)
    if _MACRO_TYPE in text:
        return {}
    return {_CONTENT_TYPES: text.replace(_PLAIN_TYPE, _MACRO_TYPE).encode("utf-8")}


def stage_workbook(workbook: Workbook, path: str | os.PathLike[str], *, in_place: bool = False) -> Staged:
    """Write ``workbook`` beside ``path``, ready to :meth:`~xlrating.workbook.save.Staged.commit`.

    With ``in_place``, the commit replaces the file only if it still holds the bytes read.
    """
    target = Path(path)
    _check_suffix(target, workbook.macro_enabled)
    replaced = _replaced_parts(workbook)
    if workbook.macro_enabled:
        replaced.update(_macro_content_type(workbook.package, replaced))

    def write(file: IO[bytes]) -> None:
        write_package(workbook.package, file, replaced)

    return stage(target, write, unchanged=workbook.content if in_place else None)


def save_atomic(workbook: Workbook, path: str | os.PathLike[str], *, in_place: bool = False) -> Path:
    """Save ``workbook`` to ``path``: a temporary file in the same folder, then a rename.

    Only the sheets written to are changed (with the styles and tables they use); every
    other part of the file is copied unchanged, the VBA project of a macro-enabled
    workbook included, so such a workbook must be saved as ``.xlsm`` (and any other as
    ``.xlsx``): Excel refuses to open a file whose name and contents disagree. Returns
    the path written.
    """
    return stage_workbook(workbook, path, in_place=in_place).commit()


def save_workbook_atomic(book: OpenpyxlWorkbook, path: str | os.PathLike[str],
                         buttons: Sequence[Button] = ()) -> Path:
    """Save an openpyxl workbook (a new one: a template, a report) to ``path`` atomically, its
    formulas with their values (:func:`~xlrating.workbook.cached.save_with_values`) and its
    ``buttons`` (:mod:`xlrating.workbook.buttons`).

    ``path`` is checked first with :func:`writable_target`: a symbolic link is written
    through (the file it points to is replaced, the link stays) and a file that is
    replaced keeps its permissions.
    """
    target = Path(path)
    _check_suffix(target, book.vba_archive is not None)
    return stage(target, lambda file: save_with_values(book, file, target, buttons)).commit()

