"""A checker of FIDE TRF-2026 files, transcribed from the published format, for the tests.

Source: FIDE, "Tournament Report File Format Version 2026 (TRF26)", approved by the FIDE
Council on 12 May 2025, applied from 1 September 2025, as the public repository
echecsjs/trf transcribes it in its SPEC file (commit dec723f1acee11faf62949d9c77af798ea2e2ffb),
with the record codes and result codes its parser accepts (src/parse.ts, same commit:
KNOWN_HEADER_TAGS, VALID_RESULT_CODES, VALID_SEXES, VALID_TITLES, and the National Rating
Support record: three capitals, not a known tag, a start rank in columns 5-8) and the
``XX`` extension records of its SPEC supplement (JaVaFo's TRF(x), which other programs
write into TRF files). That parser is a JavaScript package (npm) and the suite runs
Python alone (in Pyodide too), so its rules are transcribed here rather than run.

:func:`violations` answers with every line that breaks a rule, as ``line N: why``;
an empty list means the text is a well-formed TRF-2026 file. Columns are 1-based, as the
format counts them.
"""

from __future__ import annotations

import re

#: Tournament-section tags (012 to 362), team, bye, pairing and informative records.
TAGS = frozenset({
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132", "142", "152",
    "162", "172", "182", "192", "202", "212", "222", "352", "362", "013", "310", "250", "260", "240", "320",
    "330", "300", "299", "801", "802",
})
#: The extension records of echecsjs/trf's SPEC supplement (JaVaFo's TRF(x)).
EXTENSIONS = frozenset({"XXA", "XXC", "XXP", "XXR", "XXS", "XXZ"})
SEXES = frozenset("mw ")
TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", ""})
#: Result codes (SPEC, "Round results"); letters are case-insensitive.
GAMES = frozenset("10=+-WDL")
BYES = frozenset("HFUZ +-")
RANK_METHODS = frozenset({"FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"})
_DATE = re.compile(r"[0-9]{4}/[0-9]{2}/[0-9]{2}")
_SHORT_DATE = re.compile(r"[0-9]{2}/[0-9]{2}/[0-9]{2}")
_PERIOD = r"(?:\d+/)?\d+(?:\+\d+)?"
_TIME_CONTROL = re.compile(rf"{_PERIOD}(?::{_PERIOD})*|W{_PERIOD}(?::{_PERIOD})*-B{_PERIOD}(?::{_PERIOD})*")
_NUMBER = re.compile(r" *[0-9]*")
_POINTS = re.compile(r" *[0-9]{1,2}\.[0-9]")


def _cols(line: str, first: int, last: int) -> str:
    return line[first - 1:last].ljust(last - first + 1)


def _static(line: str, where: str, national: bool) -> list[str]:
    """The columns 1-79 every 001 and national record share (SPEC, Player Section, NRS).
    The federation (54-56) is marked "warning if wrong" and real files hold club codes
    there: only its place is checked."""
    found = []
    for column in (4, 9, 14, 48, 53, 57, 69):
        if _cols(line, column, column) != " ":
            found.append(f"{where}: column {column} is not a space")
    if not re.fullmatch(r" *[1-9][0-9]*", _cols(line, 5, 8)):
        found.append(f"{where}: the start rank (5-8) {_cols(line, 5, 8)!r} is not a number from 1")
    if not national:
        if _cols(line, 10, 10) not in SEXES:
            found.append(f"{where}: the sex (10) {_cols(line, 10, 10)!r} is not m or w")
        if _cols(line, 11, 13).strip() not in TITLES:
            found.append(f"{where}: the title (11-13) {_cols(line, 11, 13)!r} is not a FIDE title")
    for name, first, last in (("rating", 49, 52), ("ID", 58, 68)):
        if not _NUMBER.fullmatch(_cols(line, first, last)):
            found.append(f"{where}: the {name} ({first}-{last}) {_cols(line, first, last)!r} is not a number")
    birth = _cols(line, 70, 79)
    if birth.strip() and not _DATE.fullmatch(birth):
        found.append(f"{where}: the birth date (70-79) {birth!r} is not YYYY/MM/DD")
    return found


def _player(line: str, where: str, ranks: set[int], allocated: dict[int, int]) -> list[str]:
    found = _static(line, where, national=False)
    if _cols(line, 80, 80) != " " or _cols(line, 85, 85) != " " or _cols(line, 90, 91) != "  ":
        found.append(f"{where}: columns 80, 85, 90-91 are not spaces")
    if not _POINTS.fullmatch(_cols(line, 81, 84)):
        found.append(f"{where}: the points (81-84) {_cols(line, 81, 84)!r} are not like 11.5")
    if not re.fullmatch(r" *[1-9][0-9]*", _cols(line, 86, 89)):
        found.append(f"{where}: the rank (86-89) {_cols(line, 86, 89)!r} is not a number from 1")
    tail = line[91:]
    for index in range(0, len(tail), 10):
        field = tail[index:index + 10].ljust(10)
        r = index // 10 + 1
        opponent, colour, result = field[:4], field[5], field[7].upper()
        if field[4] != " " or field[6] != " " or (field[8:] != "  " and index + 10 < len(tail)):
            found.append(f"{where}: round {r}: {field!r} is not 'NNNN c r'")
            continue
        if not re.fullmatch(r"[0-9]{4}| {4}", opponent):
            found.append(f"{where}: round {r}: the opponent {opponent!r} is not four digits")
            continue
        if colour not in "wb- ":
            found.append(f"{where}: round {r}: the colour {colour!r} is not w, b or -")
        number = int(opponent) if opponent.strip() else 0
        if number:
            if result not in GAMES:
                found.append(f"{where}: round {r}: {result!r} is not the result of a game")
            if number not in ranks:
                found.append(f"{where}: round {r}: opponent {number} has no player line")
        elif result not in BYES:
            found.append(f"{where}: round {r}: {result!r} with no opponent")
        elif result == "U":
            allocated[r] = allocated.get(r, 0) + 1
    return found


def violations(text: str) -> list[str]:
    """Every break of TRF-2026's rules in ``text`` (a file's whole text, line endings included)."""
    found: list[str] = []
    if not text.endswith("\r\n"):
        found.append("the last line does not end in CR LF")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    ranks = {int(line[4:8]) for line in lines if line.startswith("001") and line[4:8].strip().isdigit()}
    starts: set[int] = set()
    allocated: dict[int, int] = {}
    for number, raw in enumerate(lines, start=1):
        where = f"line {number}"
        if not raw.endswith("\r"):
            found.append(f"{where}: does not end in CR")
        line = raw.removesuffix("\r")
        if re.search(r"[\x00-\x1f\x7f]", line):
            found.append(f"{where}: holds a control character (a tab or a line break)")
        tag = line[:3]
        if tag == "###":
            continue
        if len(line) > 3 and line[3] != " ":
            found.append(f"{where}: column 4 is not a space")
        if tag == "001":
            rank = int(line[4:8]) if line[4:8].strip().isdigit() else 0
            if rank in starts:
                found.append(f"{where}: start rank {rank} twice")
            starts.add(rank)
            found += _player(line, where, ranks, allocated)
        elif tag in ("042", "052") and line[4:].strip() and not _DATE.fullmatch(line[4:].strip()):
            found.append(f"{where}: {line[4:]!r} is not YYYY/MM/DD")
        elif tag == "132":
            if line[4:91].strip():
                found.append(f"{where}: columns 5-91 of line 132 are not blank")
            for index in range(91, len(line), 10):
                date = line[index:index + 8]
                if (date.strip() and not _SHORT_DATE.fullmatch(date)) or line[index + 8:index + 10].strip():
                    found.append(f"{where}: round {(index - 91) // 10 + 1}'s date {date!r} is not YY/MM/DD")
        elif tag == "172" and not (re.fullmatch(r"[A-Z]{3}", _cols(line, 5, 7)) and _cols(line, 8, 8) == " "
                                   and line[8:].strip() in RANK_METHODS):
            found.append(f"{where}: {line!r} is not '172 FED METHOD'")
        elif tag == "222" and not _TIME_CONTROL.fullmatch(line[4:].strip()):
            found.append(f"{where}: {line[4:]!r} is not an encoded time control")
        elif re.fullmatch(r"[A-Z]{3}", tag) and tag not in EXTENSIONS:
            found += _static(line, f"{where} (national record)", national=True)
            if line[4:8].strip().isdigit() and int(line[4:8]) not in starts:  # parse.ts needs it before
                found.append(f"{where}: a national record for start rank {int(line[4:8])} before (or "
                             "without) its 001 line")
            if len(line) > 79:
                found.append(f"{where}: a national record ends at column 79")
        elif tag not in TAGS and tag not in EXTENSIONS and tag != "001":
            found.append(f"{where}: {tag!r} is not a TRF-2026 record")
    found += [f"round {r}: {count} pairing-allocated byes (U), at most one a round"
              for r, count in sorted(allocated.items()) if count > 1]
    if not starts:
        found.append("no player line (001)")
    return found
