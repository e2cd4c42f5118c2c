"""Season workbooks: a rating list, its events and the ratings they move, in one workbook.

A season workbook has a ``Players`` sheet (the starting list, by ID), an ``Events``
sheet (each event's sheet, name, dates, type and settings), one crosstable sheet per
event (players by ID; ratings come from the list) and, optionally, a ``Season`` sheet
(System, Rules, Rating system, List date, Rating period, and the season report's Chart
players or Chart top) and, for FIDE, a ``Pending`` sheet (unrated players' results carried
from an earlier season). :func:`rate_season_sheets`
is the pure core on grids, as :func:`xlrating.crosstable.rate_sheets` is for one event:
it rates the events in date order through :func:`xlrating.lists.rate_season` and
returns the blocks to write: each event's output columns, the Players sheet's output
columns, and the ``New list``, ``History`` and (FIDE) ``New pending`` sheets.

Around this core, each in the room of its concern: the season workbook file in
:mod:`xlrating.workbook.season`, imported events made into a season in
:mod:`xlrating.importers.season`, the season report in :mod:`xlrating.report.season`, and
the Excel macros in :mod:`xlrating.excel.macros`.
"""

from __future__ import annotations

from .model import RatedSeason, SeasonEvent, SeasonInput
from .rate import rate_season_sheets, read_season
from .read import is_season

__all__ = ["RatedSeason", "SeasonEvent", "SeasonInput", "is_season", "rate_season_sheets", "read_season"]
