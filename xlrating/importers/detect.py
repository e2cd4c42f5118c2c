"""Guess an import's format from its content, when the user does not name it.

- a folder, or a ``.dbf`` file (which names its folder): US Chess rating report files;
- text with a PGN tag pair (``[White "…"]``, ``[Event "…"]``…): PGN games;
- text with a line starting ``001`` (a TRF player line): FIDE TRF;
- text with a dashed rule and a ``Pair | Player Name`` header: US Chess crosstable text.

Anything else is a :class:`~xlrating.errors.FormatError` that says what was looked for.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import FormatError, Problem
from ._common import decode_text, split_lines, text_args
from ._files import read_bytes

#: The formats, by the name ``--from`` takes.
FORMATS: dict[str, str] = {
    "msa": "US Chess crosstable text",
    "trf": "FIDE TRF",
    "dbf": "US Chess rating report files (DBF)",
    "pgn": "PGN games",
}

_RULE = re.compile(r"\s*-{10,}\s*")
_PGN_TAG = re.compile(r'\s*\[(?:Event|Site|Round|White|Black|Result)\s+"')
_MSA_HEADER = re.compile(r"\s*Pair\s*\|\s*Player\s+Name", re.IGNORECASE)


def detect_text(text: str, source: str) -> str:
    """``"pgn"``, ``"trf"`` or ``"msa"`` for the text of a file; :class:`FormatError` if none."""
    text_args(text, source)
    lines = split_lines(text.lstrip("\ufeff"))
    if any(_PGN_TAG.match(line) for line in lines):
        return "pgn"
    if any(line.startswith("001") for line in lines):
        return "trf"
    if any(_MSA_HEADER.match(line) for line in lines) and any(_RULE.fullmatch(line) for line in lines):
        return "msa"
    raise FormatError([Problem(source, "cannot tell the format: not FIDE TRF (no line starts with 001) "
                                       "nor PGN games (no tag pairs) nor US Chess crosstable text (no dashed "
                                       "rules and 'Pair | Player Name' header); name it with --from msa, "
                                       "trf, dbf or pgn")])


def detect_format(path: str | Path) -> str:
    """The format of ``path`` (``"msa"``, ``"trf"``, ``"dbf"`` or ``"pgn"``), from its content."""
    path = Path(path)
    if path.is_dir() or path.suffix.lower() == ".dbf":
        return "dbf"
    data = read_bytes(path)
    try:
        text = decode_text(data, path.name)
    except FormatError:
        raise FormatError([Problem(path.name, "cannot tell the format: the file is not text (US Chess "
                                              "rating report files are imported by naming their folder)")]
                          ) from None
    return detect_text(text, path.name)
