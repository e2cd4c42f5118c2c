"""The crosstable templates: the committed files are what the generator makes, and they are real tools."""

from __future__ import annotations

import importlib.util
import re
import runpy
import zipfile
from collections import Counter
from itertools import combinations
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

from xlrating.crosstable import rate_sheets
from xlrating.crosstable.columns import round_number
from xlrating.templates import (
    EXAMPLES,
    MACRO_TEMPLATE,
    TEMPLATE_FILES,
    macro_file,
    quickstart_module,
    write_committed_templates,
)
from xlrating.templates.examples import FIDE_ROUND_ROBIN
from xlrating.workbook import SETTING_CHOICES, load, read_grids

COMMITTED = Path(__file__).resolve().parent.parent / "templates"
ALL_FILES = [*TEMPLATE_FILES.values(), MACRO_TEMPLATE]
_TIMES = re.compile(r"<dcterms:(created|modified)[^>]*>[^<]*</dcterms:\1>")


def test_the_committed_templates_are_what_the_generator_makes(tmp_path: Path) -> None:
    written = write_committed_templates(tmp_path)
    assert sorted(p.name for p in written) == sorted(p.name for p in COMMITTED.iterdir())
    stale = "templates/ is stale: regenerate it with `python -m xlrating.templates templates`"
    for path in written:
        committed = COMMITTED / path.name
        if path.suffix == ".py":
            assert committed.read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), stale
            continue
        with zipfile.ZipFile(path) as new, zipfile.ZipFile(committed) as old:
            assert new.namelist() == old.namelist(), stale
            for part in new.namelist():
                fresh, kept = new.read(part), old.read(part)
                if part == "docProps/core.xml":  # the creation time is the only difference allowed
                    fresh, kept = (_TIMES.sub("", x.decode()).encode() for x in (fresh, kept))
                assert fresh == kept, f"{path.name}: {part} differs; {stale}"


def _main(monkeypatch: pytest.MonkeyPatch, *args: str) -> None:
    monkeypatch.setattr("sys.argv", ["python -m xlrating.templates", *args])
    runpy.run_module("xlrating.templates", run_name="__main__")


def test_the_generator_command_helps_makes_its_folder_and_says_what_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as helped:
        _main(monkeypatch, "--help")
    assert helped.value.code == 0 and "usage: python -m xlrating.templates" in capsys.readouterr().out
    assert not Path("--help").exists()
    target = tmp_path / "new" / "folder"
    _main(monkeypatch, str(target))
    assert sorted(p.name for p in target.iterdir()) == sorted(p.name for p in COMMITTED.iterdir())
    a_file = tmp_path / "a-file"
    a_file.write_text("kept", encoding="utf-8")
    with pytest.raises(SystemExit) as failed:
        _main(monkeypatch, str(a_file))
    assert str(failed.value.code).startswith("python -m xlrating.templates: error:")
    assert a_file.read_text(encoding="utf-8") == "kept"


@pytest.mark.parametrize("name", ALL_FILES)
def test_each_template_rates_its_example_event(name: str) -> None:
    grids = read_grids(load(COMMITTED / name))
    rated = rate_sheets(grids)
    players = rated.events[0].crosstable.players
    assert 6 <= len(players) <= 10
    codes = Counter(cell.code.value for player in players for cell in player.rounds)
    assert codes["X"] == codes["F"] >= 1  # a forfeit, entered in both rows
    assert codes["B"] + codes["H"] + codes["U"] >= 1  # a bye
    assert codes["W"] == codes["L"] >= 1 and codes["D"] % 2 == 0
    total = grids["Crosstable"][0].index("Total")
    for player, row in zip(players, grids["Crosstable"][1:], strict=True):
        assert row[total] == player.score


@pytest.mark.parametrize("name", ALL_FILES)
def test_each_template_is_a_real_tool(name: str) -> None:
    book = openpyxl.load_workbook(COMMITTED / name)
    assert book.sheetnames[:3] == ["Crosstable", "Event", "How to use"]
    sheet = book["Crosstable"]
    header = [cell.value for cell in sheet[1]]
    (table,) = sheet.tables.values()
    assert table.ref == f"A1:{openpyxl.utils.get_column_letter(len(header))}{sheet.max_row}"
    assert [c.name for c in table.tableColumns] == header
    assert sheet.freeze_panes == "C2"
    assert sheet.column_dimensions["B"].width >= 18
    letters = [openpyxl.utils.get_column_letter(c) for c in range(1, len(header) + 1)]
    assert all(sheet.column_dimensions[letter].width for letter in letters)
    rounds = [c for c, text in enumerate(header, start=1) if round_number(text) is not None]
    checks = [v for v in sheet.data_validations.dataValidation if v.type == "custom"]
    assert len(checks) == 1
    min_col, min_row, max_col, max_row = range_boundaries(str(checks[0].sqref))
    assert (min_col, max_col, min_row) == (rounds[0], rounds[-1], 2) and max_row >= 500
    assert checks[0].showErrorMessage and "W12" in checks[0].prompt
    assert {sheet.cell(row=2, column=c).number_format for c in rounds} == {"@"}

    event = book["Event"]
    validations = {str(v.sqref): v for v in event.data_validations.dataValidation}
    for row in range(2, event.max_row + 1):
        setting = event.cell(row=row, column=1).value.lower()
        if setting in SETTING_CHOICES:
            choices = validations[f"B{row}"].formula1.strip('"').split(",")
            assert choices == list(SETTING_CHOICES[setting])
        elif setting.endswith("date"):
            assert validations[f"B{row}"].type == "date"
    how_to = [row[0] for row in book["How to use"].iter_rows(values_only=True) if row[0]]
    assert 5 <= len(how_to) <= 25
    assert any("W12" in line for line in how_to)
    # It prints as a wall chart: landscape, one page wide, the header row repeated.
    crosstable = book["Crosstable"]
    assert crosstable.page_setup.orientation == "landscape"
    assert crosstable.sheet_properties.pageSetUpPr.fitToPage
    assert (crosstable.page_setup.fitToWidth, crosstable.page_setup.fitToHeight) == (1, 0)
    assert crosstable.print_title_rows == "$1:$1"


def test_the_round_robin_example_is_a_round_robin() -> None:
    met: Counter[frozenset[object]] = Counter()
    for pairings in FIDE_ROUND_ROBIN.rounds:
        games = [p for p in pairings if len(p) == 3]
        assert len(games) == 3 and len([p for p in pairings if len(p) == 2]) == 1
        met.update(frozenset(p[:2]) for p in games)
    assert set(met) == {frozenset(pair) for pair in combinations(range(1, 8), 2)}
    assert set(met.values()) == {1}


def test_the_macro_templates_names_come_from_the_registry() -> None:
    # The committed xlrating_event.xlsm holds US Chess's example (the registry's macro_template);
    # the other systems' macro-enabled templates are named for their system.
    assert MACRO_TEMPLATE == "xlrating_event.xlsm"
    assert [macro_file(system) for system in ("uscf", "fide", "icu")] == [
        "xlrating_event.xlsm", "xlrating_fide_event.xlsm", "xlrating_icu_event.xlsm"]


def test_the_macro_template_carries_xlwings_quickstart_vba() -> None:
    spec = importlib.util.find_spec("xlwings")
    assert spec is not None and spec.origin is not None
    quickstart = Path(spec.origin).parent / "quickstart.xlsm"
    with zipfile.ZipFile(COMMITTED / MACRO_TEMPLATE) as ours, zipfile.ZipFile(quickstart) as theirs:
        assert ours.read("xl/vbaProject.bin") == theirs.read("xl/vbaProject.bin")
    book = openpyxl.load_workbook(COMMITTED / MACRO_TEMPLATE, keep_vba=True)
    assert book.sheetnames[-1] == "xlwings.conf"
    assert book["Crosstable"].sheet_properties.codeName == "Sheet1"
    module = (COMMITTED / MACRO_TEMPLATE).with_suffix(".py")
    assert module.read_text(encoding="utf-8") == quickstart_module("xlrating_event")
    source = module.read_text(encoding="utf-8")
    compile(source, str(module), "exec")
    assert "def main() -> None:" in source and "rate_event(xw.Book.caller())" in source


def test_examples_cover_every_system() -> None:
    assert sorted(EXAMPLES) == sorted(TEMPLATE_FILES) == ["fide", "icu", "uscf"]
    systems = {key: dict(example.settings)["System"] for key, example in EXAMPLES.items()}
    assert systems == {"uscf": "USCF", "fide": "FIDE", "icu": "ICU"}
