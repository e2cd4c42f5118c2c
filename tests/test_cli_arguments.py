"""Command-line options given that the command would not read, or given empty: each refused
with one line naming the option (exit status 1, or 2 for argparse's own refusals), and
nothing written; never silently left out or read as the option not given."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from xlrating.cli import main

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The exit status and the last line on stderr of a run that must fail."""
    try:
        status = main(args)
    except SystemExit as stopped:  # argparse's usage errors
        status = stopped.code if isinstance(stopped.code, int) else 2
    error = capsys.readouterr().err.strip().splitlines()
    assert status in (1, 2) and error, (status, error)
    assert "Traceback" not in "\n".join(error)
    return status, error[-1]


@pytest.mark.parametrize("options, message", [
    # Each wrote the template as if the option had not been given.
    (["uscf", "--date", "2024-01-01"], "xlrating: --date says which listed players start a season's Players "
                                       "sheet: add --list SYSTEM (with 'template season')"),
    (["season", "--federation", "IRL", "--kind", "Blitz"], "xlrating: --federation, --kind say which listed "
                                                           "players start"),
    (["fide", "--ids", "1,2", "--db", "lists.sqlite"], "xlrating: --ids, --db say which listed players"),
    (["season", "--blank"], "xlrating: --blank leaves out a crosstable template's example event; 'template "
                            "season' has no blank form"),
    (["calculator", "--blank"], "'template calculator' has no blank form"),
    (["calculator", "--macro"], "xlrating: --macro writes a crosstable or season template with its macros; "
                                "the calculators are worksheet functions, in an .xlsx without macros"),
    # Read as no --list at all: the season's example players.
    (["season", "--list", " ", "--federation", "IRL"], "argument --list: an empty name"),
])
def test_template_refuses_options_it_would_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str], options: list[str],
                                                    message: str) -> None:
    monkeypatch.chdir(tmp_path)
    assert message in refused(["template", *options, "-o", "out.xlsx"], capsys)[1]
    assert list(tmp_path.iterdir()) == []


def test_template_options_that_are_read_still_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["template", "fide", "--blank", "-o", "fide.xlsx"]) == 0
    assert main(["template", "season", "--macro", "-o", "season.xlsm"]) == 0
    assert main(["template", "calculator", "-o", "calculators.xlsx"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calculators.xlsx", "fide.xlsx", "season.py",
                                                          "season.xlsm"]


@pytest.mark.parametrize("options, status, message", [
    # Without --report there is no chart: the option was left unread.
    (["--chart-top", "3"], 1, "xlrating: --chart-top says what the report's chart follows: add --report "
                              "REPORT.xlsx"),
    (["--chart-players", "10000001"], 1,
     "xlrating: --chart-players says what the report's chart follows: add --report REPORT.xlsx"),
    # Both: the players were charted, the top N silently dropped.
    (["--report", "r.xlsx", "--chart-players", "10000001", "--chart-top", "3"], 2,
     "argument --chart-top: not allowed with argument --chart-players"),
    # No ID: read as the option left out (the Season sheet's chart setting).
    (["--report", "r.xlsx", "--chart-players", " , "], 2,
     "argument --chart-players: ' , ' names no ID: give ID,ID,... or leave the option out"),
])
def test_season_chart_options_are_read_or_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str], options: list[str],
                                                  status: int, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(TEMPLATES / "season.xlsx", "season.xlsx")
    found, line = refused(["season", "season.xlsx", *options], capsys)
    assert found == status and message in line
    assert [p.name for p in tmp_path.iterdir()] == ["season.xlsx"]


@pytest.mark.parametrize("args", [
    # Each read as the option left out: the default kind, every system, no ID.
    ["rate", "uscf.xlsx", "--list", "--kind", ""],
    ["fill", "uscf.xlsx", "--kind", " "],
    ["lists", "add", "list.txt", "--kind", ""],
    ["lists", "add", "list.txt", "--system", ""],
    ["lists", "show", "123", "--system", ""],
    ["lists", "sheet", "--federation", "", "-o", "list.xlsx"],
    ["lists", "sheet", "--ids", ",", "-o", "list.xlsx"],
])
def test_an_empty_name_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XLRATING_DB", str(tmp_path / "lists.sqlite"))
    shutil.copy(TEMPLATES / "uscf-swiss.xlsx", "uscf.xlsx")
    status, line = refused(args, capsys)
    assert status == 2
    assert "an empty name: leave the option out for its default" in line or "names no ID" in line
    assert [p.name for p in tmp_path.iterdir()] == ["uscf.xlsx"]


def test_template_names_the_option_that_gave_an_unknown_system(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Was "--system 'xyz' is not one of ...", an option 'template' does not have.
    monkeypatch.chdir(tmp_path)
    args = ["template", "season", "--list", "xyz", "--federation", "IRL", "-o", "s.xlsx"]
    assert refused(args, capsys) == (1, "xlrating: --list 'xyz' is not one of FIDE, USCF or ICU")
    assert list(tmp_path.iterdir()) == []
