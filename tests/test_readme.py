"""The README's Python examples run, and print what the README says they print (N' 20.0
from US Chess 2020, section 3; PD 0.3 from FIDE's table 10.1(b)). The longer examples are
in ``docs/``, run by ``test_docs.py``."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3
    assert result.failed == 0
