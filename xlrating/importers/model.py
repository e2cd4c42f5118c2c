"""What every importer produces: the settings and crosstable sheets of a new workbook.

An importer reads a file in its own format and answers with an :class:`ImportedEvent`:
the ``Event`` sheet's settings as ``(name, value)`` rows and one :class:`ImportedSheet`
per section, each a header row (the crosstable's column names) and one
row per player, with round cells in the crosstable's result codes (``W12``, ``X``, ``H``…).
Nothing here knows about openpyxl: :func:`xlrating.importers.import_to_workbook`
hands these to the workbook writer.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

#: A value in a cell of an imported sheet.
Cell = str | int | float | datetime.date | None


@dataclass(frozen=True)
class ImportedSheet:
    """One crosstable sheet: a section of the event."""

    name: str
    """The sheet's name: a valid Excel sheet name, unique in the workbook."""
    header: tuple[str, ...]
    """Column headers: ``No``, ``Name``, …, ``R1``, ``R2``, … (the crosstable's headers)."""
    rows: tuple[tuple[Cell, ...], ...]
    """One row per player, in pairing-number order, as long as :attr:`header`."""
    section: str = ""
    """The section's own name in the source file (before sanitising), if it has one."""

    def column(self, header: str) -> tuple[Cell, ...]:
        """The values of the column named ``header`` (exactly as in :attr:`header`)."""
        index = self.header.index(header)
        return tuple(row[index] for row in self.rows)


@dataclass(frozen=True)
class ImportedEvent:
    """An imported event: the ``Event`` sheet's settings and the crosstable sheets."""

    source: str
    """The file (or folder) it came from, as the user named it."""
    format: str
    """``"msa"``, ``"trf"``, ``"dbf"`` or ``"pgn"``."""
    event: tuple[tuple[str, Cell], ...]
    """The ``Event`` sheet: setting name and value, in the order they are written."""
    sheets: tuple[ImportedSheet, ...]
    """The crosstable sheets, one per section."""
    notes: tuple[str, ...] = ()
    """Information on what the importer did that asks nothing of the user (the edition a TRF
    file was read as, how many games a PGN file gave); ``xlrating import`` prints each as a note."""
    warnings: tuple[str, ...] = ()
    """What the user should check or act on before rating, naming the file and line or the sheet
    and row where there is one: a default the import took (no dates, ratings without game counts),
    a value it changed or left out, a guess; ``xlrating import`` prints each as a warning."""

    def setting(self, name: str) -> Cell:
        """The value of the ``Event`` setting ``name`` (case-insensitive), or ``None``."""
        for key, value in self.event:
            if key.casefold() == name.casefold():
                return value
        return None

    @property
    def players(self) -> int:
        """How many players the event has, over all sheets."""
        return sum(len(sheet.rows) for sheet in self.sheets)
