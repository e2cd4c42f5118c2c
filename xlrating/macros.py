"""The macros, at the path users name: ``RunPython "import xlrating.macros;
xlrating.macros.rate_event()"``, the templates' Python modules and xlwings Lite's ``main.py``
(``from xlrating.macros import rate_crosstable``).

They live in :mod:`xlrating.excel.macros`, beside the other Excel adapters; this module
re-exports them, the same functions (xlwings Lite registers each script once).
"""

from .excel.macros import *  # noqa: F403
from .excel.macros import __all__ as __all__
