"""Opening, reading, writing back and saving crosstable workbooks with openpyxl.

The pure core (:mod:`xlrating.crosstable`) works on grids of values; this module is the
file adapter around it:

- :func:`load` opens an ``.xlsx``/``.xlsm`` safely (defusedxml refuses XML entity
  attacks) and turns every way a file can fail to be a workbook into a
  :class:`~xlrating.errors.WorkbookError` naming the file.
- :func:`read_grids` gives every sheet's values from A1, with formula cells read as
  the values Excel last calculated (a second, ``data_only`` load, made only when a
  sheet has formulas).
- :func:`apply` writes the core's blocks, with their number formats, and extends an
  Excel table (or a sheet's AutoFilter) over the output columns appended to it.
- :func:`save_atomic` writes to a temporary file in the target folder and renames it
  over the target, so a failed run never leaves half a file; the VBA project of an
  ``.xlsm`` survives.
"""

from __future__ import annotations

import contextlib
import copy
import io
import os
import secrets
import shutil
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import ParseError

import openpyxl
from openpyxl import Workbook as OpenpyxlWorkbook
from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.utils.exceptions import InvalidFileException
from openpyxl.worksheet.table import TableColumn
from openpyxl.worksheet.worksheet import Worksheet

from ..crosstable.model import AddedColumns, Block
from ..crosstable.values import quote_sheet
from ..errors import ArgumentError, CrosstableError, Problem, WorkbookError
from .cells import put

__all__ = [
    "Workbook",
    "apply",
    "load",
    "lost_features",
    "read_grids",
    "same_file",
    "save_atomic",
    "save_workbook_atomic",
    "uncalculated_formulas",
    "writable_target",
]

#: Suffixes xlrating opens and writes; ``True`` for the macro-enabled ones.
SUFFIXES = {".xlsx": False, ".xlsm": True}

_OLE_SIGNATURE = bytes.fromhex("d0cf11e0a1b11ae1")
_ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")
_VBA_PART = "xl/vbaProject.bin"


def _defused_errors() -> tuple[type[BaseException], ...]:
    try:
        from defusedxml import DefusedXmlException
    except ImportError:  # pragma: no cover - defusedxml is a dependency
        return ()
    return (DefusedXmlException,)


@dataclass
class Workbook:
    """A workbook opened by :func:`load`: the openpyxl book to write into, and where it came from."""

    path: Path
    """The file it was read from."""
    book: OpenpyxlWorkbook
    """The workbook as openpyxl reads it (formulas as formulas); :func:`apply` writes here."""
    content: bytes = field(repr=False)
    """The file's bytes as read (for the ``data_only`` copy; the file itself is never touched)."""
    macro_enabled: bool = False
    """The file is an ``.xlsm`` or holds a VBA project; it is saved as ``.xlsm``, VBA kept."""
    _values: OpenpyxlWorkbook | None = field(default=None, repr=False)
    notes: list[str] = field(default_factory=list)
    """What a user should know about the run that is not an error (set by
    :func:`~xlrating.workbook.rate_workbook`; the command line prints them)."""

    def values_book(self) -> OpenpyxlWorkbook:
        """The same workbook loaded ``data_only``: formula cells hold Excel's last calculated value."""
        if self._values is None:
            self._values = _open(self.path, self.content, data_only=True, keep_vba=False)
        return self._values


def load(path: str | os.PathLike[str]) -> Workbook:
    """Open the workbook at ``path`` for reading and writing back.

    Raises :class:`~xlrating.errors.WorkbookError`, naming the file, when it is missing,
    is not an ``.xlsx``/``.xlsm`` workbook, is password-protected (encrypted) or in the
    old ``.xls`` format, is corrupt, or holds XML that defusedxml refuses (entity
    declarations, as in the "billion laughs" attack).
    """
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentError(f"Argument 'path' must be a file path, not {path!r}")
    file = Path(path)
    try:
        content = file.read_bytes()
    except FileNotFoundError:
        raise WorkbookError(f"{file}: no such file") from None
    except IsADirectoryError:
        raise WorkbookError(f"{file}: is a folder, not a workbook") from None
    except OSError as error:
        raise WorkbookError(f"{file}: cannot be read ({error.strerror or error})") from None
    if content.startswith(_OLE_SIGNATURE):
        if _ENCRYPTED_STREAM in content:
            raise WorkbookError(
                f"{file}: is password-protected (encrypted); xlrating cannot read it. "
                "Remove the password in Excel (File > Info > Protect Workbook > Encrypt with Password) "
                "and try again.")
        raise WorkbookError(
            f"{file}: is an Excel 97-2003 (.xls) or other OLE file, not an .xlsx workbook. "
            "Open it in Excel and save it as an Excel Workbook (.xlsx).")
    if not content.startswith(b"PK"):
        raise WorkbookError(f"{file}: is not an Excel workbook (.xlsx or .xlsm)")
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            names = set(archive.namelist())
            damaged = archive.testzip()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, ValueError) as error:
        raise WorkbookError(f"{file}: is damaged (not a readable zip archive: {error})") from None
    if damaged is not None:
        raise WorkbookError(f"{file}: is damaged (part {damaged} fails its checksum)")
    if "xl/workbook.xml" not in names or "[Content_Types].xml" not in names:
        raise WorkbookError(f"{file}: is a zip file but not an Excel workbook (.xlsx or .xlsm)")
    # Macro-enabled: it holds a VBA project, or says it is an .xlsm (Excel lets one be saved
    # without macros); either way it is saved back as a macro-enabled workbook.
    macro = _VBA_PART in names or file.suffix.lower() == ".xlsm"
    book = _open(file, content, data_only=False, keep_vba=macro)
    return Workbook(path=file, book=book, content=content, macro_enabled=macro)


def _open(file: Path, content: bytes, *, data_only: bool, keep_vba: bool) -> OpenpyxlWorkbook:
    unsafe = _defused_errors()
    try:
        return openpyxl.load_workbook(io.BytesIO(content), data_only=data_only, keep_vba=keep_vba,
                                      rich_text=False)
    except Exception as error:
        # openpyxl re-raises what the XML parser refused as a ValueError; look down the chain.
        cause: BaseException | None = error
        while cause is not None:
            if unsafe and isinstance(cause, unsafe):
                raise WorkbookError(
                    f"{file}: refused: it holds unsafe XML ({type(cause).__name__}: {cause}); "
                    "a workbook saved by Excel never does") from None
            cause = cause.__cause__ or cause.__context__
        if isinstance(error, (zipfile.BadZipFile, KeyError, ParseError, InvalidFileException, EOFError,
                              TypeError, ValueError, AttributeError, IndexError)):
            raise _damaged(file, error) from None
        raise


def _damaged(file: Path, error: BaseException) -> WorkbookError:
    message = str(error).split("\n")[0]
    return WorkbookError(f"{file}: is damaged or not an Excel workbook ({type(error).__name__}: {message})")


def read_grids(workbook: Workbook) -> dict[str, list[list[Any]]]:
    """Every worksheet's values from A1, row-major, trailing blank rows and cells dropped.

    Formula cells give the value Excel last calculated (``None`` when the file was never
    calculated, e.g. written by a script). Values come as openpyxl reads them: numbers
    (int or float), text, bools, dates as :class:`datetime.datetime`, errors as text
    (``"#N/A"``). Text that looks like a formula is text.
    """
    grids: dict[str, list[list[Any]]] = {}
    for worksheet in workbook.book.worksheets:
        grid: list[list[Any]] = []
        formulas: list[tuple[int, int]] = []
        if worksheet._cells:
            for r, cells in enumerate(worksheet.iter_rows(min_row=1, min_col=1)):
                row: list[Any] = []
                for c, cell in enumerate(cells):
                    if cell.data_type == "f":
                        formulas.append((r, c))
                        row.append(None)
                    else:
                        row.append(cell.value)
                grid.append(row)
        if formulas:
            calculated = workbook.values_book()[worksheet.title]
            for r, c in formulas:
                grid[r][c] = calculated.cell(row=r + 1, column=c + 1).value
        for first, last in _totals_rows(worksheet):
            for r in range(first - 1, min(last, len(grid))):
                grid[r] = []
        grids[worksheet.title] = _trim(grid)
    return grids


def _totals_rows(worksheet: Worksheet) -> list[tuple[int, int]]:
    """The 1-based rows (first, last) of the totals row of each Excel table on ``worksheet``."""
    rows = []
    for table in worksheet.tables.values():
        count = table.totalsRowCount or 0
        if count > 0:
            _, _, _, max_row = range_boundaries(table.ref)
            rows.append((max_row - count + 1, max_row))
    return rows


def uncalculated_formulas(workbook: Workbook) -> dict[str, list[tuple[int, int]]]:
    """The formula cells that hold no calculated value, by sheet: ``(row, column)``, 1-based.

    :func:`read_grids` reads them as blank. A file saved by Excel has a value for every
    formula (an empty text result reads as blank as well); one written by a program
    that does not calculate formulas has none.
    """
    found: dict[str, list[tuple[int, int]]] = {}
    for worksheet in workbook.book.worksheets:
        cells = sorted((cell.row, cell.column) for cell in worksheet._cells.values() if cell.data_type == "f")
        if not cells:
            continue
        calculated = workbook.values_book()[worksheet.title]
        missing = [(r, c) for r, c in cells if calculated.cell(row=r, column=c).value is None]
        if missing:
            found[worksheet.title] = missing
    return found


def _trim(rows: list[list[Any]]) -> list[list[Any]]:
    for row in rows:
        while row and (row[-1] is None):
            row.pop()
    while rows and not rows[-1]:
        rows.pop()
    return rows


def apply(workbook: Workbook, blocks: Iterable[Block], added: Iterable[AddedColumns] = ()) -> None:
    """Write ``blocks`` into ``workbook`` and extend tables over the ``added`` columns.

    Each block is written whole: every value (text always as text) and, where the
    block gives one, the column's number format. A header cell written in an added
    column takes the style of the header cell to its left. Nothing else changes.
    """
    book = workbook.book
    blocks = tuple(blocks)
    added = tuple(added)
    for block in blocks:
        if block.sheet not in book.sheetnames:
            raise ArgumentError(f"Block for sheet {block.sheet!r}: the workbook has no such sheet")
    merged = _merged_in_the_way(book, blocks)
    if merged:
        ranges = f"{len(merged)} merged cell range{'s' if len(merged) != 1 else ''}"
        raise CrosstableError(merged, title=f"{workbook.path}: {ranges} where the ratings go; "
                              "nothing was rated or written.")
    for block in blocks:
        worksheet = book[block.sheet]
        formats = block.number_formats
        for i, row in enumerate(block.values):
            for j, value in enumerate(row):
                cell = worksheet.cell(row=block.row + i, column=block.column + j)
                put(cell, value, where=f"{block.sheet}!{cell.coordinate}")
                if formats is not None and j < len(formats) and formats[j] is not None:
                    cell.number_format = formats[j]
    for columns in added:
        worksheet = book[columns.sheet]
        _style_added_headers(worksheet, columns)
        if not _extend_table(worksheet, columns):
            _extend_auto_filter(worksheet, columns)


def _merged_in_the_way(book: OpenpyxlWorkbook, blocks: tuple[Block, ...]) -> list[Problem]:
    """A problem for every merged range that overlaps a block: a merged cell cannot take a value."""
    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for block in blocks:
        if not block.values:
            continue
        last_row = block.row + len(block.values) - 1
        last_column = block.column + max(len(row) for row in block.values) - 1
        for merged in book[block.sheet].merged_cells.ranges:
            if (merged.max_row < block.row or merged.min_row > last_row
                    or merged.max_col < block.column or merged.min_col > last_column
                    or (block.sheet, merged.coord) in seen):
                continue
            seen.add((block.sheet, merged.coord))
            problems.append(Problem(f"{quote_sheet(block.sheet)}!{merged.coord}",
                                    "merged cells where xlrating writes the output columns (Score, "
                                    "Post rating, ...); unmerge them or move them away from the crosstable"))
    return problems


def _style_added_headers(worksheet: Worksheet, columns: AddedColumns) -> None:
    if columns.first_column <= 1:
        return
    model = worksheet.cell(row=columns.header_row, column=columns.first_column - 1)
    dimensions = worksheet.column_dimensions
    model_letter = get_column_letter(columns.first_column - 1)
    # Looking a letter up in column_dimensions creates it: test membership first.
    model_width = dimensions[model_letter].width if model_letter in dimensions else None
    for column in range(columns.first_column, columns.last_column + 1):
        cell = worksheet.cell(row=columns.header_row, column=column)
        if model.has_style and not cell.has_style:
            cell._style = copy.copy(model._style)
            cell.number_format = "General"
        letter = get_column_letter(column)
        if letter not in worksheet.column_dimensions or not worksheet.column_dimensions[letter].customWidth:
            text = str(cell.value or "")
            width = max(float(model_width or 8.43), min(len(text) + 3, 30))
            worksheet.column_dimensions[letter].width = width


def _extend_table(worksheet: Worksheet, columns: AddedColumns) -> bool:
    """Widen the Excel table whose header row is ``columns.header_row`` and which ends just left of them."""
    for table in worksheet.tables.values():
        min_col, min_row, max_col, max_row = range_boundaries(table.ref)
        if min_row != columns.header_row or not table.headerRowCount:
            continue
        gap = _gap_allowed(worksheet, columns, max_col)
        if not max_col + 1 <= columns.first_column <= max_col + 1 + gap:
            continue
        if columns.last_column <= max_col:
            return True
        existing = {c.name.lower() for c in table.tableColumns}
        names = []
        for column in range(max_col + 1, columns.last_column + 1):
            value = worksheet.cell(row=columns.header_row, column=column).value
            name = "" if value is None else str(value)
            if not name or name.lower() in existing:
                return False
            existing.add(name.lower())
            names.append(name)
        next_id = max((c.id for c in table.tableColumns), default=0) + 1
        for offset, name in enumerate(names):
            table.tableColumns.append(TableColumn(id=next_id + offset, name=name))
        ref = f"{get_column_letter(min_col)}{min_row}:{get_column_letter(columns.last_column)}{max_row}"
        table.ref = ref
        if table.autoFilter is not None:
            table.autoFilter.ref = (
                f"{get_column_letter(min_col)}{min_row}:{get_column_letter(columns.last_column)}"
                f"{max_row - (table.totalsRowCount or 0)}")
        return True
    return False


def _gap_allowed(worksheet: Worksheet, columns: AddedColumns, max_col: int) -> int:
    """Columns between a table and the added ones that can join it (each has a header)."""
    gap = 0
    for column in range(max_col + 1, columns.first_column):
        if worksheet.cell(row=columns.header_row, column=column).value in (None, ""):
            return 0
        gap += 1
    return gap


def _extend_auto_filter(worksheet: Worksheet, columns: AddedColumns) -> None:
    """A plain range with an AutoFilter on the header row: widen the filter to the new columns."""
    if not worksheet.auto_filter.ref:
        return
    min_col, min_row, max_col, max_row = range_boundaries(worksheet.auto_filter.ref)
    if min_row == columns.header_row and max_col + 1 == columns.first_column:
        worksheet.auto_filter.ref = (
            f"{get_column_letter(min_col)}{min_row}:{get_column_letter(columns.last_column)}{max_row}")


#: Package folders of Excel features openpyxl does not carry over, in words a user knows.
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
}


def lost_features(workbook: Workbook, saved: str | os.PathLike[str]) -> list[str]:
    """Excel features of ``workbook``'s file that the saved copy at ``saved`` no longer has.

    openpyxl keeps cells, formats, formulas, tables, data validation, conditional formats,
    comments, defined names, charts and the VBA project, but not everything Excel can store
    (shapes, pictures without Pillow, form controls, slicers, threaded comments...). This
    compares the two packages by the folders those features live in.
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


def save_atomic(workbook: Workbook, path: str | os.PathLike[str]) -> Path:
    """Save ``workbook`` to ``path``: a temporary file in the same folder, then a rename.

    The VBA project of a macro-enabled workbook is kept, so such a workbook must be
    saved as ``.xlsm`` (and any other as ``.xlsx``): Excel refuses to open a file whose
    name and contents disagree. Returns the path written.
    """
    return save_workbook_atomic(workbook.book, path)


def save_workbook_atomic(book: OpenpyxlWorkbook, path: str | os.PathLike[str]) -> Path:
    """Save an openpyxl workbook to ``path`` atomically (see :func:`save_atomic`).

    ``path`` is checked first with :func:`writable_target`: a symbolic link is written
    through (the file it points to is replaced, the link stays) and a file that is
    replaced keeps its permissions.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in SUFFIXES:
        raise WorkbookError(f"{target}: xlrating writes .xlsx and .xlsm workbooks; give a name ending in one")
    macro = book.vba_archive is not None
    if SUFFIXES[suffix] != macro:
        if macro:
            raise WorkbookError(f"{target}: the workbook holds macros (VBA) and must be saved as .xlsm")
        raise WorkbookError(f"{target}: the workbook has no macros and must be saved as .xlsx")
    real = writable_target(target)
    temporary = _temporary_file(real.parent, real.name)
    try:
        book.save(temporary)
        if real.exists():
            shutil.copymode(real, temporary)
        os.replace(temporary, real)
    except OSError as error:
        _remove(temporary)
        hint = "; if it is open in Excel, close it and try again" \
            if isinstance(error, PermissionError) and real.exists() else ""
        raise WorkbookError(f"{target}: cannot be written ({error.strerror or error}){hint}") from None
    except BaseException:
        _remove(temporary)
        raise
    return target


def writable_target(path: str | os.PathLike[str]) -> Path:
    """The file to write for ``path``, checked before anything is written.

    A symbolic link gives the file it points to (so saving replaces that file and the
    link stays). Raises :class:`~xlrating.errors.WorkbookError` naming ``path`` when it
    is a folder, its folder does not exist or cannot be written to, or it is a file the
    user may not write (read-only): xlrating never replaces a file its owner protected.
    """
    target = Path(path)
    try:
        real = Path(os.path.realpath(target)) if target.is_symlink() else target
        if real.is_dir():
            raise WorkbookError(f"{target}: is a folder, not a file; give a file name")
        folder = real.parent
        if not folder.is_dir():
            raise WorkbookError(f"{target}: folder {folder} does not exist")
        if real.exists() and not os.access(real, os.W_OK):
            raise WorkbookError(f"{target}: is read-only; xlrating does not replace it. Make it writable "
                                "or choose another name")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise WorkbookError(f"{target}: cannot be written (the folder {folder} is read-only)")
    except (OSError, ValueError) as error:
        if isinstance(error, WorkbookError):
            raise
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise WorkbookError(f"{target}: cannot be written ({reason})") from None
    return real


def same_file(first: str | os.PathLike[str], second: str | os.PathLike[str]) -> bool:
    """Whether two paths name one file: the same path once resolved, or (both existing) the same
    file on disk, so a symbolic or hard link, ``./x.xlsx`` and, on a case-insensitive disk,
    ``X.XLSX`` all count as ``x.xlsx``."""
    a, b = Path(first), Path(second)
    try:
        if a.resolve() == b.resolve():
            return True
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _temporary_file(folder: Path, name: str) -> Path:
    """A new empty file beside the target, created with the user's default permissions."""
    for _ in range(100):
        candidate = folder / f".{name}.{secrets.token_hex(4)}.tmp"
        try:
            descriptor = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        except OSError as error:
            raise WorkbookError(f"{folder / name}: cannot be written ({error.strerror or error})") from None
        os.close(descriptor)
        return candidate
    raise WorkbookError(f"{folder / name}: cannot create a temporary file in {folder}")


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()

