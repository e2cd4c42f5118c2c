"""Excel adapters: argument conversion and error cells for the functions of :mod:`xlrating.udfs`.

- :mod:`.args`: reading arguments as xlwings delivers them (ranges, blanks, text numbers,
  W/D/L results, dates, rule editions);
- :mod:`.errors`: errors as Excel errors (``#VALUE!`` with the reason, ``#N/A``), in
  classic xlwings and in xlwings Lite/Server alike;
- :mod:`.event`: the event-level formula ``RATE_CROSSTABLE``;
- :mod:`.headless`: the functions registered with the ``formulas`` package, to calculate
  workbooks holding them without Excel (tests, checks of templates).
"""
