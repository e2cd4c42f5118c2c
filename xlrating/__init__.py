"""xlrating: rate chess events under US Chess, FIDE and Irish Chess Union rules.

The rating rules live in :mod:`xlrating.uscf`, :mod:`xlrating.fide` and
:mod:`xlrating.icu`, pure Python with no Excel in them. Everything else (crosstable
workbooks, Excel functions and macros, reports, importers, the command line) is an
adapter around those engines.
"""

from ._version import __version__

__all__ = ["__version__"]
