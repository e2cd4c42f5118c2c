"""Checks before sending: every field the receiving body requires that the workbook lacks.

Each export format lists its required fields as checks (``xlrating.exporters.REQUIRED``,
by the name ``--to`` takes): a check takes the event and answers with a
:class:`~xlrating.errors.Problem` for each missing field, naming the cell to fill in
(``Event!B12``), or the row to add when the ``Event`` sheet has none.
:func:`check_before_sending` runs a format's checks: with problems it raises
:class:`MissingFieldsError` (nothing is written), unless ``force``, which returns them so
that the caller writes the file anyway and prints the list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..crosstable.settings import SETTINGS_ROWS_HINT
from ..errors import FormatError, Problem
from .source import ExportEvent

#: A check: the problems (missing fields) it finds in an event.
Check = Callable[[ExportEvent], list[Problem]]


class MissingFieldsError(FormatError):
    """Fields the receiving body requires are missing; nothing was written (``--force`` writes anyway)."""


def setting(name: str, what: str, given: Callable[[ExportEvent], bool] | None = None) -> Check:
    """A check that the ``Event`` setting ``name`` is given; ``what`` says what it is for.

    ``given`` tells whether it is, for the rating's own settings (``Event name``, ``Start
    date``...), which the settings reader has read; by default the setting's text is.
    """

    def check(event: ExportEvent) -> list[Problem]:
        if given(event) if given is not None else event.setting(name):
            return []
        cell = event.cells.get(name) or event.settings.cell(name)
        if cell != event.settings.sheet:
            return [Problem(cell, f"{name} is blank: {what}")]
        return [Problem(cell, f"no {name!r} row: {what}; {SETTINGS_ROWS_HINT.format(name=name)}")]

    return check


def missing_fields(event: ExportEvent, checks: Sequence[Check]) -> list[Problem]:
    """Every required field the event lacks, in the order of ``checks``."""
    return [problem for check in checks for problem in check(event)]


def check_before_sending(event: ExportEvent, checks: Sequence[Check], title: str, *, force: bool = False
                         ) -> list[Problem]:
    """Run ``checks``: raise :class:`MissingFieldsError` listing what is missing, or with
    ``force`` return that list (empty when nothing is missing) for the caller to print."""
    problems = missing_fields(event, checks)
    if problems and not force:
        count = len(problems)
        fields = f"{count} required field{'s' if count != 1 else ''}"
        raise MissingFieldsError(problems, title=f"{title}: {fields} missing; nothing was written (--force "
                                                 "writes anyway)")
    return problems
