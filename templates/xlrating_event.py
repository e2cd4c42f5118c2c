"""Rate the chess event in xlrating_event.xlsm with xlrating (the xlwings quickstart convention).

Keep this file in the same folder as xlrating_event.xlsm and with the same name. In Excel, on
the xlwings ribbon tab, click "Run main" (or run the SampleCall macro, or a button
assigned to it): the post-event ratings are written into the Crosstable sheet. On bad
input nothing is written and a message lists every error with its cell.
"""

import xlwings as xw

from xlrating.macros import rate_event


def main() -> None:
    """Rate the event of the workbook that called this macro."""
    rate_event(xw.Book.caller())


if __name__ == "__main__":
    xw.Book("xlrating_event.xlsm").set_mock_caller()
    main()
