"""xlrating's version: the one place it is written.

``pyproject.toml`` reads it from here when the package is built (setuptools' dynamic
version, read from the file without importing the package), and :data:`xlrating.__version__`
imports it, so the wheel's metadata, ``xlrating --version``, the report's footer and an
import inside Pyodide (xlwings Lite) all say the same.
"""

__version__ = "0.3.0.dev0"
