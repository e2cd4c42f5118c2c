"""Rate the season in xlrating_season.xlsm with xlrating (the xlwings quickstart convention).

Keep this file in the same folder as xlrating_season.xlsm and with the same name. In Excel, on
the xlwings ribbon tab, click "Run main" (or run the SampleCall macro, or a button
assigned to it): every event is rated in date order from the Players list, and the
New list and History sheets are written. A button running
RunPython "import xlrating_season; xlrating_season.report()" makes the season report, a new workbook
beside this one. On bad input nothing is written and a message lists every error with
its cell.
"""

import xlwings as xw

from xlrating.macros import rate_season, season_report


def main() -> None:
    """Rate the season of the workbook that called this macro."""
    rate_season(xw.Book.caller())


def report() -> None:
    """Make the season report of the workbook that called this macro."""
    season_report(xw.Book.caller())


if __name__ == "__main__":
    xw.Book("xlrating_season.xlsm").set_mock_caller()
    main()
