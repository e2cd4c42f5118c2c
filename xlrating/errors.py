"""The errors xlrating raises.

Every error derives from :class:`XlratingError`; each specific error also derives from
the builtin it resembles, so callers can catch either (``except ValueError`` keeps
working for a bad argument).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


class XlratingError(Exception):
    """Base class of every error raised by xlrating."""


class ArgumentError(XlratingError, ValueError):
    """A function was called with an argument it cannot accept.

    The message names the argument and the offending value, e.g.
    ``Argument 'games' must be a whole number >= 0, not -3``.
    """


class RulesError(ArgumentError):
    """An unknown rule edition or rating system was named."""


class EventError(XlratingError, ValueError):
    """An event (players and games) is inconsistent, e.g. a game names a missing player."""


class ConvergenceError(XlratingError, ArithmeticError):
    """An iterative rating procedure did not converge within its limit."""


#: Engine errors that mean "this event cannot be rated as entered".
ENGINE_ERRORS = (ArgumentError, EventError, ConvergenceError)


@dataclass(frozen=True)
class Problem:
    """One problem found in user input, with the place it was found."""

    where: str
    """Where the problem is: ``Crosstable!F7``, ``event.trf line 12`` or ``TDEXPORT.DBF record 3``."""
    message: str
    """What is wrong, in words a tournament director understands."""

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class InputError(XlratingError, ValueError):
    """User input (a crosstable, an imported file) has one or more problems.

    All problems found in one pass are kept in :attr:`problems`, so the user sees every
    one of them at once.
    """

    def __init__(self, problems: Iterable[Problem], *, title: str = "") -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        self.title = title
        lines = [title] if title else []
        lines.extend(str(p) for p in self.problems)
        super().__init__("\n".join(lines) if lines else "invalid input")


class CrosstableError(InputError):
    """A crosstable workbook has errors; nothing was rated or written."""


class FormatError(InputError):
    """An imported file (MSA text, TRF, DBF) does not fit its format."""


class WorkbookError(XlratingError, OSError):
    """A file cannot be opened as a workbook (not xlsx, encrypted, corrupt, unsafe XML)."""
