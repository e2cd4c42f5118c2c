"""Arguments of the wrong kind given to the public functions (the engines, the exporters, the
importers): each refused with an
:class:`~xlrating.errors.ArgumentError` naming it, never a raw ``TypeError``,
``AttributeError`` or ``OverflowError``, never read as something else."""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from xlrating import exporters, fide, icu, importers, uscf
from xlrating.errors import ArgumentError, WorkbookError


@pytest.mark.parametrize("which", [0, 1])
@pytest.mark.parametrize("value", [None, 1500, "1500", {"number": 1}])
def test_rate_match_refuses_what_is_not_a_player(which: int, value: Any) -> None:
    # Was an AttributeError: 'int' object has no attribute 'number'.
    players: list[Any] = [uscf.UscfPlayer(1, 1500.0, 30), uscf.UscfPlayer(2, 1600.0, 30)]
    players[which] = value
    name = ("player", "opponent")[which]
    with pytest.raises(ArgumentError, match=f"Argument '{name}' must be a UscfPlayer, not {value!r}"):
        uscf.rate_match(players[0], players[1], [1, 0.5])


@pytest.mark.parametrize("value", [None, 5, Fraction(1, 2), ""])
def test_period_rating_refuses_changes_that_are_not_a_sequence(value: Any) -> None:
    # Was a TypeError ('int' object is not iterable); "" was taken as no change.
    with pytest.raises(ArgumentError, match="Argument 'changes' must be a sequence of exact changes"):
        fide.period_rating(2000, value)


@pytest.mark.parametrize("value", [None, 1.5, "1"])
def test_tournament_average_refuses_scores_that_are_not_a_sequence(value: Any) -> None:
    with pytest.raises(ArgumentError, match="Argument 'scores' must be a sequence of scores"):
        fide.tournament_average([1900, 2000], value, 2)


def test_an_icu_k_too_large_for_a_float_is_refused_by_name() -> None:
    # Was an OverflowError from float(10**400).
    with pytest.raises(ArgumentError, match="Player 1: Argument 'k' must be a finite number"):
        icu.IcuPlayer(1, icu.PlayerKind.RATED, 1500, 30, k=10**400)


@pytest.mark.parametrize("keys", [("Quick", "quick"), ("Quick", "QC"), ("Regular", "regular rating")])
def test_two_names_of_one_rating_system_in_other_ratings_are_refused(keys: tuple[str, str]) -> None:
    # The second silently replaced the first: which rating counted depended on the order given.
    given = {keys[0]: (1400.0, 10), keys[1]: (1600.0, 20)}
    with pytest.raises(ArgumentError, match=f"{keys[0]!r} and {keys[1]!r} both name the"):
        uscf.UscfPlayer(1, 1500.0, 10, other_ratings=given)
    with pytest.raises(ArgumentError, match="both name the"):
        uscf.initial_rating("Blitz", other_ratings=given)


# -- the exporters and importers ------------------------------------------------------------

TEMPLATES = Path(__file__).parent.parent / "templates"
IMPORTS = Path(__file__).parent / "data" / "import"


@pytest.mark.parametrize("value", ["no", "", 1500, [1]])
def test_an_export_s_force_must_be_true_or_false(tmp_path: Path, value: Any) -> None:
    # bool("no") is true: a report missing required fields was written anyway, over existing files.
    event = exporters.load_event(TEMPLATES / "uscf-swiss.xlsx")
    calls = [lambda: exporters.export(TEMPLATES / "uscf-swiss.xlsx", "dbf", tmp_path, force=value),
             lambda: exporters.render_trf(event, force=value),
             lambda: exporters.build_report(event, force=value),
             lambda: exporters.write_tables(exporters.report_tables(event), tmp_path, force=value)]
    for call in calls:
        with pytest.raises(ArgumentError, match="Argument 'force' must be True or False"):
            call()


def test_the_exporters_refuse_what_is_not_an_event_a_format_a_table_or_sheets(tmp_path: Path) -> None:
    # Each was a raw AttributeError, KeyError or TypeError; sheets=False exported every sheet.
    event = exporters.load_event(TEMPLATES / "icu-swiss.xlsx")
    refused = {
        "Argument 'event' must be an ExportEvent": [lambda: exporters.render_trf("event.xlsx"),  # type: ignore[arg-type]
                                                    lambda: exporters.report_tables(None)],  # type: ignore[arg-type]
        "Argument 'fmt' must be one of 'trf', 'trf16', not 'TRF-2026'": [
            lambda: exporters.render_trf(event, "TRF-2026")],
        r"Argument 'tables\[0\]' must be a Table, not 'THEXPORT.DBF'": [
            lambda: exporters.write_tables(["THEXPORT.DBF"], tmp_path)],  # type: ignore[list-item]
        "Argument 'sheets' must be a list of sheet names, not": [
            functools.partial(exporters.load_event, TEMPLATES / "icu-swiss.xlsx", sheets=value)
            for value in (False, 5, "Crosstable", [1])],
    }
    for message, calls in refused.items():
        for call in calls:
            with pytest.raises(ArgumentError, match=message):
                call()
    assert exporters.render_trf(event, "TRF16") == exporters.render_trf(event, "trf16")  # any case


def test_a_trf_export_to_a_folder_or_a_missing_folder_is_a_workbook_error(tmp_path: Path) -> None:
    # Were a raw IsADirectoryError and FileNotFoundError.
    for out, message in ((tmp_path, "is a folder"), (tmp_path / "missing" / "x.trf", "does not exist")):
        with pytest.raises(WorkbookError, match=message):
            exporters.export_workbook(TEMPLATES / "icu-swiss.xlsx", "trf", out, force=True)


def test_the_importers_refuse_text_notes_sections_and_paths_of_the_wrong_kind() -> None:
    trf = (IMPORTS / "spring-open.trf").read_text(encoding="utf-8")
    refused = {
        "Argument 'text' must be text": [lambda: importers.parse_trf(b"001", "x.trf"),  # type: ignore[arg-type]
                                         lambda: importers.detect_text(None, "x")],  # type: ignore[arg-type]
        "Argument 'notes' must be a sequence of notes": [
            lambda: importers.parse_trf(trf, "x.trf", notes="one note"),
            lambda: importers.parse_pgn("", "x.pgn", notes=5)],  # type: ignore[arg-type]
        "Argument 'sections' must be a list of section names": [
            functools.partial(importers.import_file, IMPORTS / "two-sections.txt", sections=value)
            for value in (False, 5, "A")],
        "Argument 'folder' must be a file or folder path, not 5": [lambda: importers.read_dbf(5)],  # type: ignore[arg-type]
        "Argument 'path' must be a file or folder path, not None": [
            lambda: importers.read_trf(None)],  # type: ignore[arg-type]
    }
    for message, calls in refused.items():
        for call in calls:
            with pytest.raises(ArgumentError, match=message):
                call()


def test_export_beside_refuses_a_workbook_that_is_not_a_path() -> None:
    # str(None) was taken as the workbook's name: None.trf in the temporary folder.
    event = exporters.load_event(TEMPLATES / "icu-swiss.xlsx")
    with pytest.raises(ArgumentError, match="Argument 'workbook' must be the workbook's path, not None"):
        exporters.export_beside(event, "trf", None)  # type: ignore[arg-type]
