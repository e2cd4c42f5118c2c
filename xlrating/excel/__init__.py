"""Excel adapters: the worksheet functions' arguments and error cells, the macros and the report
macros, all through xlwings. Only the Excel adapters and the command line import the macros.

The macros and the workbook they act on:

- :mod:`.macros`: the macros and xlwings Lite scripts (rate an event or a season, fill from
  the list, export, the reports), offered to users as :mod:`xlrating.macros`;
- :mod:`.book`: an open workbook's sheets read, output blocks written, alerts;
- :mod:`.report` and :mod:`.season_report`: the rating report and the season report, as a new
  workbook (classic Excel) or new sheets (xlwings Lite);
- :mod:`.lite`: the ``main.py`` of xlwings Lite.

The worksheet functions of :mod:`xlrating.udfs`:

- :mod:`.args`: reading arguments as xlwings delivers them (ranges, blanks, text numbers,
  W/D/L results, dates, rule editions);
- :mod:`.errors`: errors as Excel errors (``#VALUE!`` with the reason, ``#N/A``), in
  classic xlwings and in xlwings Lite/Server alike;
- :mod:`.event`: the event-level formula ``RATE_CROSSTABLE``;
- :mod:`.headless`: the functions registered with the ``formulas`` package, to calculate
  workbooks holding them without Excel (tests, checks of templates).
"""
