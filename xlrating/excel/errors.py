"""Errors in cells: how a failing Excel function shows up in its cell.

The rule: never a Python traceback in a cell. Bad input
shows ``#VALUE!`` with the reason, a value that does not exist shows ``#N/A``.

How the two xlwings runtimes get there:

- **xlwings Lite and xlwings Server** (Office.js custom functions): an exception raised
  by a function becomes a ``#VALUE!`` error whose message Excel shows when the mouse
  hovers over the cell's error marker. xlwings Server shows the message of an
  :class:`xlwings.XlwingsError` only (other exceptions become "Internal Server Error"),
  so the reason is raised as an ``XlwingsError``. A returned ``"#N/A"`` text becomes a
  real ``#N/A`` error cell (xlwings' ``errorstr_to_errortype``); Office.js has no way to
  attach a message to it.
- **Classic xlwings** (Windows, VBA wrappers): an exception puts its whole traceback into
  the cell as text (the generated VBA returns ``Err.Description``), and xlwings has no way
  to return an error value (a returned ``"#N/A"`` is text). So in classic mode the
  function returns the text itself, ``#VALUE! <reason>`` or ``#N/A <reason>``; a function
  given such a text (a cell that depends on a failed one) returns it unchanged, as Excel
  passes an error value on. Excel's ``ISERROR``/``IFERROR`` do not see text; ``--`` before
  the function makes it a real ``#VALUE!`` (the functions reference shows how).

:func:`excel_function` applies this to a function; :data:`state` says which runtime
is running (decided once from the decorator xlwings picked at import time).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import xlwings as xw

from ..errors import InputError, XlratingError
from ..fide import IndeterminateError

__all__ = [
    "MESSAGE_LIMIT",
    "NOT_AVAILABLE",
    "ExcelError",
    "NotAvailable",
    "call_function",
    "excel_function",
    "message_of",
    "state",
]

P = ParamSpec("P")
R = TypeVar("R")

#: Excel's own error text for a value that is not available.
NOT_AVAILABLE = "#N/A"
#: The longest message put into (or onto) a cell; Office.js error messages and the
#: classic function wizard both cut long texts, so longer ones end in "...".
MESSAGE_LIMIT = 255


class NotAvailable(XlratingError, LookupError):
    """The value asked for does not exist: an empty required argument, a rating the rules
    do not give (FIDE Ru for a disregarded score, no peak floor). The cell shows ``#N/A``."""


@dataclass
class _State:
    classic: bool
    """True under classic xlwings on Windows (errors are returned as text)."""
    last_message: str = ""
    """The message of the last error a function showed (``#N/A`` carries none in Office.js)."""


def _is_classic() -> bool:
    # Classic xlwings binds xw.func to xlwings.udfs.xlfunc; xlwings Lite and Server bind it
    # to xlwings.pro.udfs_officejs.xlfunc; elsewhere it is a no-op defined in xlwings itself.
    return getattr(xw.func, "__module__", "") == "xlwings.udfs"


state = _State(classic=_is_classic())
"""Which runtime the functions answer for (tests switch :attr:`_State.classic`)."""


def message_of(error: BaseException, limit: int = MESSAGE_LIMIT) -> str:
    """The text a user sees for ``error``: one line, at most ``limit`` characters.

    A crosstable error lists its problems (``Crosstable!F3: 'W9' names no player 9; ...``),
    as many as fit, with the count of the rest.
    """
    if isinstance(error, InputError) and error.problems:
        count = len(error.problems)
        message = f"{count} problems: " if count > 1 else ""
        for index, problem in enumerate(error.problems):
            longer = message + ("; " if index else "") + str(problem)
            if index and len(longer) > limit - 16:
                message += f"; ... and {count - index} more"
                break
            message = longer
    elif isinstance(error, XlratingError):
        message = str(error)
    else:
        message = f"internal error ({type(error).__name__}: {error}); please report it"
    message = " ".join(message.split())
    return message if len(message) <= limit else message[: limit - 3].rstrip() + "..."


def _value_error(message: str) -> str:
    state.last_message = message
    if state.classic:
        return f"#VALUE! {message}"
    raise xw.XlwingsError(message)


def _not_available(message: str) -> str:
    state.last_message = message
    return f"{NOT_AVAILABLE} {message}" if state.classic else NOT_AVAILABLE


def excel_function(function: Callable[P, R]) -> Callable[P, Any]:
    """Wrap ``function`` so that its errors become Excel errors (see the module's text).

    The wrapped function returns ``function``'s value, or an error text (``#N/A``; under
    classic xlwings also ``#VALUE! <reason>``): a cell's value, hence typed ``Any``.

    :class:`NotAvailable` and FIDE's indeterminate dp give ``#N/A``; every other error
    (bad input, a crosstable with problems, an engine refusing) gives ``#VALUE!`` with
    its message. An unexpected exception is reported the same way, as an internal error,
    so that no traceback ever reaches a cell. A result that is not a finite number (an
    argument far out of range overflowed the formula) is ``#VALUE!`` too: Office.js cannot
    carry ``inf`` or ``nan`` to a cell.
    """

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | str:
        if state.classic:
            passed = _error_text_in(args)
            if passed is not None:
                return passed
        try:
            result = function(*args, **kwargs)
            bad = _not_finite(result)
            if bad is not None:
                return _value_error(f"the result is {bad}, not a finite number: an argument is far out of "
                                    "range")
            return result
        except (NotAvailable, IndeterminateError) as error:
            return _not_available(message_of(error))
        except xw.XlwingsError:
            raise
        except Exception as error:
            return _value_error(message_of(error))

    return wrapper


def _error_text_in(arguments: tuple[Any, ...]) -> str | None:
    """The first error of another function (classic xlwings: its text, ``#VALUE! <reason>``)
    among ``arguments`` and the cells of their ranges; such an error passes through
    unchanged, as Excel passes an error value on, so a cell depending on a failed one shows
    the first reason. (A bare ``#N/A`` is an error cell: the argument readers name it.)"""
    for argument in arguments:
        values = argument if isinstance(argument, (list, tuple)) else (argument,)
        for value in values:
            for cell in value if isinstance(value, (list, tuple)) else (value,):
                if type(cell) is str and cell.startswith("#") and " " in cell and is_error_text(cell):
                    return cell
    return None


def _not_finite(result: Any) -> float | None:
    """The first value of ``result`` (a value or a list of rows) that is a float but not finite."""
    if isinstance(result, float):
        return None if math.isfinite(result) else result
    if isinstance(result, list):
        for row in result:
            for value in row if isinstance(row, list) else (row,):
                if isinstance(value, float) and not math.isfinite(value):
                    return value
    return None


def is_error_text(value: Any) -> bool:
    """Whether ``value`` is an error as this module returns it (``#N/A``, or classic text)."""
    return isinstance(value, str) and value.startswith(("#N/A", "#VALUE!"))


@dataclass(frozen=True)
class ExcelError:
    """An Excel error value (``#VALUE!``, ``#N/A``, ``#DIV/0!``...), with the message behind it."""

    code: str
    message: str = ""

    def __str__(self) -> str:
        return self.code


def call_function(function: Callable[..., Any], arguments: list[Any]) -> Any:
    """``function`` (an Excel function of :mod:`xlrating.udfs`) called with ``arguments`` as
    xlwings passes them; its error, in either runtime's form (a raised
    :class:`xlwings.XlwingsError`, a returned error text), as an :class:`ExcelError`."""
    try:
        result = function(*arguments)
    except xw.XlwingsError as error:
        return ExcelError("#VALUE!", str(error))
    if is_error_text(result):
        code = NOT_AVAILABLE if result.startswith(NOT_AVAILABLE) else "#VALUE!"
        return ExcelError(code, state.last_message)
    return result
