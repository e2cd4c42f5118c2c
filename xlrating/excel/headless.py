"""The Excel functions registered with the ``formulas`` package, to calculate workbooks without Excel.

``formulas`` (a test extra) compiles a workbook's formulas into Python; :func:`register`
adds every function of :mod:`xlrating.udfs` to it, called the way xlwings calls them:
arguments as scalars or lists of rows with ``None`` for blanks and an error cell as its
text (``"#N/A"``, as xlwings passes it with the functions' ``err_to_str``), a one-cell
range as its value. A ``#VALUE!`` raised as :class:`xlwings.XlwingsError` (xlwings Lite
and Server) and the ``#N/A`` / ``#VALUE! ...`` texts (classic xlwings) become
``formulas``' own error values, so they propagate through dependent cells as in Excel;
the message of the last error of each cell's function is kept in :data:`messages` for
diagnostics.

Typical use::

    from xlrating.excel import headless
    headless.register()
    model = formulas.ExcelModel().loads("calculator.xlsx").finish()
    solution = model.calculate()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import ExcelError, call_function

__all__ = ["messages", "register", "wrap"]

messages: dict[str, str] = {}
"""The last error message of each function, by name (``"USCF_SPECIAL"``: "Argument ...")."""


def _error(code: str) -> Any:
    from formulas.functions import Error

    return Error.errors[code]


def _plain(value: Any) -> Any:
    """One cell as xlwings would deliver it: ``None`` for a blank, Python numbers and text, an error
    as its text (``"#N/A"``)."""
    import numpy as np
    import schedula as sh  # type: ignore[import-untyped]
    from formulas.functions import XlError

    if value is sh.EMPTY or value is None:
        return None
    if isinstance(value, XlError):
        return str(value)
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, str) and not value:
        return None
    return value


def _argument(value: Any) -> Any:
    """A ``formulas`` argument (a Ranges, an array, a literal) as xlwings delivers it."""
    import numpy as np
    from formulas.ranges import Ranges

    if isinstance(value, Ranges):
        value = value.value
    if isinstance(value, np.ndarray):
        if value.ndim == 0:
            return _plain(value.item())
        rows = value.tolist() if value.ndim == 2 else [value.tolist()]
        plain = [[_plain(x) for x in row] for row in rows]
        if len(plain) == 1 and len(plain[0]) == 1:
            return plain[0][0]
        return plain
    return _plain(value)


def wrap(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` (an Excel function of :mod:`xlrating.udfs`) as a ``formulas`` custom function."""

    def call(*arguments: Any) -> Any:
        import numpy as np

        result = call_function(function, [_argument(a) for a in arguments])
        if isinstance(result, ExcelError):
            messages[name] = result.message
            return _error(result.code)
        if isinstance(result, list):
            return np.array([["" if x is None else x for x in row] for row in result], dtype=object)
        return result

    call.__name__ = name
    return call


def register() -> list[str]:
    """Add every Excel function of :mod:`xlrating.udfs` to ``formulas``; return their names."""
    import formulas

    from .. import udfs

    table = formulas.get_functions()
    for name in udfs.__all__:
        table[name] = wrap(name, getattr(udfs, name))
    return list(udfs.__all__)
