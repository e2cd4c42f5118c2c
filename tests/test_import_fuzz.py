"""Hypothesis: whatever an importer is fed, it answers with a clean import or a FormatError.

A clean import is one the workbook writer and the crosstable reader accept: valid,
unique sheet names; every row as long as its header; cells of the types a cell holds,
text without control characters; round cells the crosstable's code parser reads.
"""

from __future__ import annotations

import contextlib
import datetime
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_import_dbf import EVENT, PLAYERS, SECTIONS, TD_BASE, TH_FIELDS, TS_FIELDS, write_dbf

from xlrating.crosstable.codes import parse_code
from xlrating.crosstable.columns import round_number
from xlrating.errors import FormatError
from xlrating.importers import ImportedEvent, detect_text, import_file, parse_msa, parse_trf
from xlrating.workbook.cells import ILLEGAL_CHARACTERS

#: Minutes of work in all: left out of the fast loop (`pytest -m "not slow"`).
pytestmark = pytest.mark.slow

DATA = Path(__file__).parent / "data" / "import"
MSA = [(DATA / name).read_text(encoding="utf-8") for name in ("dual-rated.txt", "two-sections.txt")]
TRF = (DATA / "spring-open.trf").read_text(encoding="utf-8")
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_clean(event: ImportedEvent) -> None:
    names = [s.name.casefold() for s in event.sheets]
    assert event.sheets and len(set(names)) == len(names) and "event" not in names
    for sheet in event.sheets:
        assert 0 < len(sheet.name) <= 31 and not set(sheet.name) & set("[]:*?/\\")
        assert sheet.header[:2] == ("No", "Name")
        assert len({h.casefold() for h in sheet.header}) == len(sheet.header)
        rounds = [i for i, h in enumerate(sheet.header) if round_number(h) is not None]
        for row in sheet.rows:
            assert len(row) == len(sheet.header)
            assert isinstance(row[0], int) and row[0] >= 1
            for value in row:
                assert value is None or isinstance(value, (str, int, float, datetime.date))
                if isinstance(value, str):
                    assert not ILLEGAL_CHARACTERS.search(value)
            for i in rounds:
                parse_code(row[i])
    for _, value in event.event:
        assert value is None or isinstance(value, (str, datetime.date))


def mutate(text: str, data: st.DataObject) -> str:
    """``text`` with a few characters replaced, inserted or deleted."""
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        change = data.draw(st.sampled_from(["replace", "insert", "delete", "cut"]))
        if change == "cut":
            text = text[:at]
        else:
            piece = data.draw(st.text(alphabet=st.sampled_from(" 0123456789|-=+WLDHBXFUZPRQwb\n\r\x00é:/."),
                                      max_size=4))
            text = text[:at] + (piece if change != "delete" else "") + text[at + (change != "insert"):]
    return text


def clean_or_format_error(read: object, *args: object) -> None:
    try:
        event = read(*args)  # type: ignore[operator]
    except FormatError as error:
        assert error.problems and all(p.where and p.message for p in error.problems)
        return
    assert_clean(event)


@FUZZ
@given(st.text())
def test_arbitrary_text(text: str) -> None:
    clean_or_format_error(parse_msa, text, "fuzz.txt")
    clean_or_format_error(parse_trf, text, "fuzz.trf")
    with contextlib.suppress(FormatError):
        assert detect_text(text, "fuzz") in ("msa", "trf")


@FUZZ
@given(st.data())
def test_damaged_crosstable_text(data: st.DataObject) -> None:
    clean_or_format_error(parse_msa, mutate(data.draw(st.sampled_from(MSA)), data), "fuzz.txt")


@FUZZ
@given(st.data())
def test_damaged_trf(data: st.DataObject) -> None:
    clean_or_format_error(parse_trf, mutate(TRF, data), "fuzz.trf")


@FUZZ
@given(st.binary(max_size=600), st.sampled_from(["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"]))
def test_arbitrary_bytes_as_a_dbf_file(data: bytes, name: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        write_valid(Path(folder))
        (Path(folder) / name).write_bytes(data)
        clean_or_format_error(import_file, folder, "dbf")


@FUZZ
@given(st.data())
def test_damaged_dbf_files(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        write_valid(Path(folder))
        path = Path(folder) / data.draw(st.sampled_from(["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"]))
        raw = bytearray(path.read_bytes())
        for _ in range(data.draw(st.integers(1, 8))):
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
        if data.draw(st.booleans()):
            raw = raw[:data.draw(st.integers(0, len(raw)))]
        path.write_bytes(bytes(raw))
        clean_or_format_error(import_file, folder, "dbf")


def write_valid(folder: Path) -> None:
    write_dbf(folder / "THEXPORT.DBF", TH_FIELDS, [EVENT])
    write_dbf(folder / "TSEXPORT.DBF", TS_FIELDS, SECTIONS)
    write_dbf(folder / "TDEXPORT.DBF", TD_BASE + [(f"D_RND{r:02d}", 7) for r in range(1, 5)], PLAYERS)
