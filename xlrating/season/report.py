"""The season report's former path: it lives in :mod:`xlrating.report.season`, beside the single
event's report, and this module re-exports it for code written against ``xlrating.season.report``."""

from ..report.season import *  # noqa: F403
from ..report.season import __all__ as __all__
