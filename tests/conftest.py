"""Test-session set-up shared by every test module.

xlwings decides at import time whether it runs "on a server" (the code path xlwings
Lite and xlwings Server use: a workbook arrives as JSON and writes come back as
actions). The macro tests drive :mod:`xlrating.macros` through that path, so the
variables are set here, before any test module can import xlwings.
"""

import os

os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
