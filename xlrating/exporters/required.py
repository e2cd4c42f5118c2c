"""Checks before sending: the fields a rating body requires, each missing one named with its cell.

A format lists the ``Event`` sheet settings its receiving body requires, each a
:class:`Required`; :func:`missing_fields` names every one the workbook leaves blank,
with the cell to fill (the setting's value cell, or the ``Event`` sheet when it has no
such row), so the director fixes them all in one pass, as WinTD's rating report dialog
does. :func:`check_required` stops an export there (:class:`MissingFieldsError`,
nothing written) unless it is forced; forced, the export is written and the list is
returned for the caller to print.

A blank End date is missing here, never today: rating an event takes today for it
(and says so), but a file sent to a rating body must carry the date the event ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import FormatError, Problem
from .source import ExportEvent


@dataclass(frozen=True)
class Required:
    """An ``Event`` sheet setting a rating body requires."""

    setting: str
    """The setting's name, as the ``Event`` sheet's column A gives it (``Affiliate ID``)."""
    use: str
    """What the body uses it for, for the message (``THEXPORT H_AFF_ID, the sponsoring affiliate``)."""


class MissingFieldsError(FormatError):
    """Fields the rating body requires are blank; nothing was exported."""


def given(event: ExportEvent, setting: str) -> bool:
    """Whether the workbook gives ``setting`` (an End date left blank is not given)."""
    settings = event.settings
    if setting == "Event name":
        return bool(settings.event_name.strip())
    if setting == "Start date":
        return settings.start_date is not None
    if setting == "End date":
        return event.end_date_given
    return bool(event.setting(setting).strip())


def missing_fields(event: ExportEvent, required: Sequence[Required], *, body: str) -> list[Problem]:
    """A problem for each of ``required`` that ``event`` leaves blank, at its cell.

    ``body`` names the receiving body in the messages (``US Chess``).
    """
    problems = []
    for field in required:
        if given(event, field.setting):
            continue
        where = event.cell(field.setting)
        if "!" in where:
            message = f"{field.setting} is blank; {body} requires it ({field.use})"
        else:
            message = (f"no {field.setting} row; {body} requires it ({field.use}): add a row with "
                       f"{field.setting} in column A and the value in column B")
        problems.append(Problem(where, message))
    return problems


def check_required(event: ExportEvent, required: Sequence[Required], *, body: str, force: bool
                   ) -> list[Problem]:
    """The missing fields of :func:`missing_fields`; raises :class:`MissingFieldsError`
    with all of them unless ``force`` (then they are returned, to be said)."""
    problems = missing_fields(event, required, body=body)
    if problems and not force:
        count = len(problems)
        raise MissingFieldsError(problems, title=(
            f"{count} field{'s' if count != 1 else ''} {body} requires {'are' if count != 1 else 'is'} "
            "missing; nothing was exported. Fill them in (the command line's --force writes anyway)"))
    return problems
