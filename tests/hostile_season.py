"""A corpus of hostile season inputs, generated (never committed): event files for
``xlrating season-import`` and season workbooks for ``xlrating season``, each one of the
fictional events or seasons of the tests with one hostile change.

Each case ends either in a correct result (exit status 0, with what it had to change
said) or in exit status 1 with every problem named, nothing written and the input
unchanged; never a traceback or a damaged workbook. Run ``python tests/hostile_season.py
FOLDER`` to write the corpus to a folder and try the files by hand; :func:`write_corpus`
is what the tests call.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hostile_corpus import _dbf_event
from test_season import icu_club
from test_season_cli import write

DATA = Path(__file__).parent / "data" / "import"
TRF = (DATA / "spring-open.trf").read_text(encoding="utf-8")
#: Player 2 of the TRF file, as its name field holds him (33 characters).
KOWALSKI = "Kowalski, Bartosz                "
FORMULA_NAME = '=HYPERLINK("http://x","me")'


@dataclass(frozen=True)
class Case:
    """A hostile input: how to write it into a folder (returning the path to give the command),
    the exit status expected, and a text the command's output (stdout and stderr) must hold."""

    write: Callable[[Path], Path]
    status: int
    expected: str


def _trf(text: str = TRF) -> str:
    """The fictional TRF event with its player without an ID given one (a season needs IDs)."""
    return text.replace("FRA             1985", "FRA     3333333 1985")


def _events(folder: Path, files: dict[str, str | bytes]) -> Path:
    """A folder of event files (names given as text, or as the bytes a file system holds)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        data = text.encode("utf-8") if isinstance(text, str) else text
        path = os.path.join(os.fsencode(folder), name.encode("utf-8") if isinstance(name, str) else name)
        with open(path, "wb") as file:
            file.write(data)
    return folder


def formula_names(folder: Path) -> Path:
    """A player named like a formula (``=HYPERLINK(...)``): he must stay text."""
    name = FORMULA_NAME.ljust(len(KOWALSKI))
    return _events(folder / "events", {"spring.trf": _trf(TRF.replace(KOWALSKI, name))})


def latin1_file_name(folder: Path) -> Path:
    """An event file whose name is Latin-1 bytes (``Café.trf`` written by an old Windows program)."""
    return _events(folder / "events", {"Caf\xe9 open.trf".encode("latin-1"): _trf()})  # type: ignore[dict-item]


def control_character_file_name(folder: Path) -> Path:
    """An event file whose name holds a control character (a tab, and an escape)."""
    return _events(folder / "events", {"spring\topen\x1b.trf": _trf()})


def long_shared_prefix(folder: Path) -> Path:
    """Twelve files whose names share their first 40 characters: cut to Excel's 31, they clash."""
    prefix = "Galway chess club spring league division "
    files: dict[str, str | bytes] = {}
    for month in range(1, 13):
        text = _trf().replace("042 2024/03/01", f"042 2024/{month:02}/01").replace(
            "052 2024/03/03", f"052 2024/{month:02}/03")
        files[f"{prefix}{month:02}.trf"] = text.replace("24/03/0", f"24/{month:02}/0")
    return _events(folder / "events", files)


def dbf_folders_inside(folder: Path) -> Path:
    """A folder holding two US Chess DBF event folders and a folder of something else."""
    events = folder / "events"
    _dbf_event(events / "a-dbf")
    _dbf_event(events / "b-dbf")
    (events / "photos").mkdir()
    (events / "photos" / "README.txt").write_text("not an event", encoding="utf-8")
    return events


def event_sheet_named(name: str) -> Callable[[Path], Path]:
    """The ICU club season with its Winter event on a sheet called ``name`` (an output's name)."""
    def make(folder: Path) -> Path:
        sheets = icu_club()
        sheets[name] = sheets.pop("Winter")
        sheets["Events"][1][0] = name
        return write(folder / "club.xlsx", sheets)
    return make


def notes_on_a_sheet_named_history(folder: Path) -> Path:
    """The ICU club season beside the club's own notes on a sheet called History."""
    sheets = icu_club()
    sheets["History"] = [["Founded", 1921], ["Champion 2023", "Ann"]]
    return write(folder / "club.xlsx", sheets)


def headerless_players_column(folder: Path) -> Path:
    """The ICU club season with the director's notes in a Players column without a header."""
    sheets = icu_club()
    sheets["Players"][1].append("paid")
    sheets["Players"][2].append("owes 5")
    return write(folder / "club.xlsx", sheets)


def fide_birth_after_the_events(folder: Path) -> Path:
    """A FIDE season whose listed Bob (1900, no K) is born in 2030, after every event."""
    sheets: dict[str, list[list[Any]]] = {
        "Season": [["System", "FIDE"], ["Rules", "FIDE 2024"]],
        "Players": [["ID", "Name", "Rating", "Birth date"], ["A", "Ann", 2000, dt.date(1990, 1, 1)],
                    ["B", "Bob", 1900, dt.date(2030, 1, 1)]],
        "Events": [["Sheet", "End date"], ["May", dt.date(2024, 5, 3)]],
        "May": [["No", "ID", "Name", "R1"], [1, "A", "Ann", "W2"], [2, "B", "Bob", "L1"]],
    }
    return write(folder / "fide.xlsx", sheets)


def long_members_sheet(folder: Path, rows: int = 200_000) -> Path:
    """The ICU club season beside the club's list of ``rows`` members (a 14 MB sheet part)."""
    from hostile import parts, write_parts

    sheets = icu_club()
    sheets["Members"] = []
    path = write(folder / "club.xlsx", sheets)
    contents = parts(path)
    body = "".join(f'<row r="{n}"><c r="A{n}"><v>{10000000 + n}</v></c><c r="B{n}" t="inlineStr"><is><t>'
                   f"Member {n}</t></is></c></row>" for n in range(1, rows + 1))
    contents[MEMBERS_PART] = (f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.'
                              f'openxmlformats.org/spreadsheetml/2006/main"><sheetData>{body}</sheetData>'
                              "</worksheet>").encode()
    return write_parts(path, contents)


#: The part of the members' sheet: the sixth sheet, after the ICU club season's five.
MEMBERS_PART = "xl/worksheets/sheet6.xml"

#: Inputs of ``xlrating season-import``.
IMPORTS: dict[str, Case] = {
    "formula-names": Case(formula_names, 0, "Imported 1 event ("),
    "latin1-file-name": Case(latin1_file_name, 0, "read as Windows-1252"),
    "control-character-file-name": Case(control_character_file_name, 0, "control character"),
    "long-shared-prefix": Case(long_shared_prefix, 0, "31 characters"),
    "dbf-folders-inside": Case(dbf_folders_inside, 0, "photos: left out (a folder without a US Chess DBF"),
}

#: Season workbooks for ``xlrating season``.
SEASONS: dict[str, Case] = {
    "event-sheet-named-history": Case(event_sheet_named("History"), 1,
                                      "'History' is where the season writes its History"),
    "event-sheet-named-new-list": Case(event_sheet_named("New list"), 1,
                                       "'New list' is where the season writes its New list"),
    "event-sheet-named-new-pending": Case(event_sheet_named("new PENDING"), 1,
                                          "'new PENDING' is where the season writes its New pending"),
    "notes-on-a-sheet-named-history": Case(notes_on_a_sheet_named_history, 1,
                                           "History!A1: the season writes its History on this sheet"),
    "headerless-players-column": Case(headerless_players_column, 0, "List: 2 players before, 3 after"),
    "fide-birth-after-the-events": Case(fide_birth_after_the_events, 1,
                                        "Players!D3: Birth date 2030-01-01 is after May (ends 2024-05-03)"),
}


def write_corpus(folder: Path) -> dict[str, tuple[Path, Case]]:
    """Write every case into its own folder under ``folder``; each case's path and expectations."""
    written = {}
    for name, case in {**IMPORTS, **SEASONS}.items():
        (folder / name).mkdir(parents=True, exist_ok=True)
        written[name] = (case.write(folder / name), case)
    return written


if __name__ == "__main__":
    for path, _ in write_corpus(Path(sys.argv[1])).values():
        print(path)
