"""What xlwings Lite needs to run xlrating: the text of its ``main.py``.

xlwings Lite keeps a workbook's Python in the workbook: a ``requirements.txt`` (the
packages it installs with micropip when the add-in starts) and a ``main.py`` whose
functions decorated ``@func`` become worksheet functions and whose functions decorated
``@script`` become scripts to run from the task pane. Everything xlrating offers there
is already decorated in :mod:`xlrating.udfs` and :mod:`xlrating.macros`, so ``main.py``
only imports it: :func:`main_py` writes that file (``xlrating lite`` prints it).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import xlwings as xw

from . import macros

__all__ = ["REQUIREMENT", "lite_scripts", "main_py"]

#: The ``requirements.txt`` line once xlrating is on PyPI (before that: the wheel's address).
REQUIREMENT = "xlrating"


def lite_scripts() -> list[str]:
    """The names of the xlwings Lite scripts in :mod:`xlrating.macros`, in source order.

    A script is a public function of that module whose only parameter is the workbook
    (``book: xw.Book``, no default) and that returns nothing: the form xlwings Lite calls
    (the tests check the list against what xlwings itself registers). The classic macros
    take the workbook as an optional argument and return what they did: no scripts.
    """
    found = []
    for name in macros.__all__:
        function = getattr(macros, name)
        if inspect.isfunction(function) and _takes_only_a_book(function):
            found.append((inspect.getsourcelines(function)[1], name))
    return [name for _, name in sorted(found)]


def main_py() -> str:
    """The whole ``main.py`` for xlwings Lite: every worksheet function and every script."""
    scripts = lite_scripts()
    imports = ",\n".join(f"    {name}" for name in scripts)
    return f'''"""xlrating in xlwings Lite: paste this into main.py (xlrating {_version()}).

requirements.txt needs the line `{REQUIREMENT}` (or, before xlrating is on PyPI, the
address of its wheel on the documentation site). The worksheet functions (=USCF_SPECIAL(...),
=FIDE_PD(...), ...) come from xlrating.udfs; the scripts below appear in the task pane.
"""

from xlrating.udfs import *  # noqa: F403  (the worksheet functions)
from xlrating.macros import (  # the scripts
{imports},
)
'''


def _takes_only_a_book(function: Callable[..., Any]) -> bool:
    parameters = list(inspect.signature(function).parameters.values())
    if len(parameters) != 1:
        return False
    (book,) = parameters
    return (book.default is inspect.Parameter.empty and book.annotation in (xw.Book, "xw.Book")
            and inspect.signature(function).return_annotation in (None, "None"))


def _version() -> str:
    from .. import __version__

    return __version__
