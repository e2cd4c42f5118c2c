"""The README's Python examples run, and print what the README says they print.

Where the README quotes a rule document (N' 20.0 and 26.7, the FIDE tables, ICU's 30.39
and 1050) the numbers are the documents'; the whole-event outputs it shows (the US Chess,
FIDE and ICU example events) are regression snapshots of this version, kept so that the
README never shows a stale result.
"""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20
    assert result.failed == 0
