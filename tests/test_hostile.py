"""Hostile files: each is refused (exit 1, one line, no traceback) or rated at the cost of its real
cells, with nothing written on refusal, the input's bytes unchanged and memory bounded.

The files are built by :mod:`hostile` into each test's folder; none is committed.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any

import hostile
import pytest

from xlrating.cli import MAX_LISTED, main

#: A generous bound on what one run may allocate (tracemalloc's peak); the files below would
#: take gigabytes if read by their declared sizes.
MEMORY = 200 * 2**20


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def measured(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str, int]:
    """Run the command line in-process: exit status, stdout, stderr and the peak allocated."""
    tracemalloc.start()
    try:
        status = main(args)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return status, captured.out, captured.err, peak


def quiet(err: str) -> bool:
    """Whether a run said nothing but the notes that the event's crosstable gives no Games (its
    players are read as established) and no Peak (a player who fell below a peak floor level had his
    rating's floor): the defaults this ordinary event takes."""
    return all(line.startswith(("xlrating: warning: Crosstable!1:1: no Games column: for 7 players ",
                                "xlrating: warning: Crosstable!1:1: no Peak column: for "))
               for line in err.splitlines())


def refused(path: Path, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    """Rate ``path``: exit 1, one line on stderr, nothing written, the input unchanged; the line."""
    before = files(path.parent)
    original = digest(path) if path.is_file() else None
    status, out, err, peak = measured(["rate", str(path), *more], capsys)
    assert (status, out) == (1, "")
    assert len(err.splitlines()) == 1 and err.startswith("xlrating: "), err
    assert files(path.parent) == before
    if original is not None:
        assert digest(path) == original
    assert peak < MEMORY
    return err


# --- what a crosstable cannot hold costs nothing ------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("sheet", "reference", "value"), [
    ("Event", "XFD1048576", False), ("Crosstable", "XFD1048576", False), ("Notes", "XFD1048576", False),
    ("Notes", "ZZ5000", True), ("Notes", "A1048576", True), ("Event", "A1048576", True)])
def test_a_far_cell_costs_what_its_cells_cost(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              sheet: str, reference: str, value: bool) -> None:
    source = hostile.far_cell(tmp_path / "far.xlsx", sheet, reference, value=value)
    original = hostile.parts(source)
    status, _, err, peak = measured(["rate", str(source)], capsys)
    assert status == 0 and quiet(err), err
    assert peak < MEMORY
    rated = hostile.parts(tmp_path / "far-rated.xlsx")
    # Only the crosstable's sheet (and the styles its formats need) are rewritten.
    assert {name for name in original if rated[name] != original[name]} <= {
        hostile.SHEETS["Crosstable"], "xl/styles.xml", "xl/tables/table1.xml"}
    assert rated[hostile.SHEETS[sheet]] == original[hostile.SHEETS[sheet]] or sheet == "Crosstable"


def test_a_value_far_right_on_an_untouched_sheet_is_kept_as_it_is(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    source = hostile.far_cell(tmp_path / "far.xlsx", "Notes", "ZZ5000", value=True)
    status, *_ = measured(["rate", str(source), "--in-place"], capsys)
    assert status == 0
    assert b'<c r="ZZ5000" s="1"><v>1</v></c>' in hostile.parts(source)[hostile.SHEETS["Notes"]]


@pytest.mark.slow
@pytest.mark.parametrize(("rows", "name"), [(200_000, "Name"), (20_000, "Member")])
def test_a_long_list_sheet_beside_the_crosstable_is_not_kept_in_memory(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], rows: int, name: str) -> None:
    # With a Name header, the sheet is read down to its header row (row 1) and no further;
    # without one, its text cells are scanned for a header, none of them kept.
    source = hostile.list_sheet(tmp_path / "season.xlsx", rows, name)
    original = hostile.parts(source)
    status, out, err, peak = measured(["rate", str(source)], capsys)
    assert status == 0 and quiet(err), err
    assert out.startswith("Rated Crosstable: 8 players")
    assert peak < 50 * 2**20  # the list sheet of 200,000 rows is 14 MB of XML
    rated = hostile.parts(tmp_path / "season-rated.xlsx")
    assert rated[hostile.SHEETS["Notes"]] == original[hostile.SHEETS["Notes"]]


# --- zip bombs -------------------------------------------------------------------------------------


def test_a_part_declaring_gigabytes_is_refused_before_anything_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(hostile.declared_bomb(tmp_path / "bomb.xlsx"), capsys)
    assert "refused: part xl/worksheets/sheet3.xml inflates to 2,048 MB" in err


def test_a_file_larger_than_xlrating_reads_is_refused_unread(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    monkeypatch.setattr("xlrating.workbook.package.MAX_FILE", source.stat().st_size - 1)
    assert "larger than the" in refused(source, capsys)


def test_parts_declaring_too_much_together_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    monkeypatch.setattr("xlrating.workbook.package.MAX_TOTAL", 4096)
    assert "its parts inflate to more than 4,096 bytes (a zip bomb?)" in refused(source, capsys)


def test_a_part_inflating_past_what_it_declares_is_refused(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(hostile.lying_bomb(tmp_path / "bomb.xlsx"), capsys)
    assert "part xl/worksheets/sheet3.xml does not inflate to the size it declares" in err


def test_a_part_with_a_bomb_like_ratio_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(hostile.ratio_bomb(tmp_path / "bomb.xlsx"), capsys)
    assert "inflates 1," in err or "times (a zip bomb?)" in err


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32",
                                      "utf-32-be"])
def test_an_entity_declaration_in_any_part_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      encoding: str) -> None:
    # In any encoding XML allows: the declaration is looked for in the characters, not the bytes.
    err = refused(hostile.doctype(tmp_path / "entities.xlsx", encoding=encoding), capsys)
    assert "refused: it holds unsafe XML (a document type declaration in docProps/app.xml)" in err


@pytest.mark.slow
@pytest.mark.parametrize("tag", ['<c r="A100">', "<c ", "<row>", '<c r="B100" t="inlineStr"><is><t>'])
def test_tags_never_closed_cost_time_in_proportion_to_their_number(tmp_path: Path, tag: str) -> None:
    source = hostile.unclosed(tmp_path / "unclosed.xlsx", tag)
    original = digest(source)
    # A subprocess, so a run that took quadratic time would end at the timeout, failing the test.
    result = subprocess.run([sys.executable, "-m", "xlrating", "rate", str(source)], capture_output=True,
                            text=True, timeout=120, check=False)
    assert "Traceback" not in result.stderr
    assert (result.returncode == 0 and quiet(result.stderr)) or (
        result.returncode == 1 and len(result.stderr.splitlines()) <= 1)
    assert digest(source) == original


def test_a_cell_outside_any_sheet_is_damage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = hostile.far_cell(tmp_path / "outside.xlsx", "Crosstable", "XFE20", value=True)
    assert "cell XFE20 is outside a sheet" in refused(source, capsys)


# --- not a file --------------------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    target = str(Path.cwd() / "nowhere" / "out.xlsx")
    status, _, err, _ = measured(["rate", "/dev/zero", "-o", target], capsys)
    assert status == 1 and len(err.splitlines()) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_named_like_a_workbook_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "x.xlsx"
    os.mkfifo(fifo)
    result = subprocess.run([sys.executable, "-m", "xlrating", "rate", str(fifo)], capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 1
    assert result.stderr == f"xlrating: {fifo}: is not a regular file (a device, pipe or socket); " \
                            "xlrating reads workbook files only\n"
    assert files(tmp_path) == ["x.xlsx"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_an_output_link_to_a_device_or_fifo_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       kind: str) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    if kind == "fifo":
        os.mkfifo(tmp_path / "pipe")
        pointed = tmp_path / "pipe"
    else:
        pointed = Path("/dev/null")
    (tmp_path / "out.xlsx").symlink_to(pointed)
    err = refused(source, capsys, "-o", str(tmp_path / "out.xlsx"))
    assert "out.xlsx: is not a regular file" in err
    assert (tmp_path / "out.xlsx").is_symlink()
    if kind == "device":
        assert Path("/dev/null").is_char_device()


# --- interrupted, killed and concurrent runs -------------------------------------------------------


def test_ctrl_c_during_the_save_leaves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    original = digest(source)

    def interrupted(*args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("xlrating.workbook.book.write_package", interrupted)
    status, _, err, _ = measured(["rate", str(source), "--report", str(tmp_path / "report.xlsx")], capsys)
    assert status == 130
    assert err == "xlrating: interrupted; files the run had not finished writing were removed\n"
    assert files(tmp_path) == ["event.xlsx"] and digest(source) == original


def test_ctrl_c_while_the_command_starts_is_one_line_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    import importlib

    real = importlib.import_module

    def interrupted(name: str, *args: Any) -> Any:  # Ctrl+C while a subcommand's module loads
        if name == "xlrating.cli.season":
            raise KeyboardInterrupt
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", interrupted)
    status, _, err, _ = measured(["rate", str(source)], capsys)
    assert status == 130
    assert err == "xlrating: interrupted before anything was done\n"
    assert files(tmp_path) == ["event.xlsx"]


def test_sigterm_during_the_save_leaves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    import xlrating.workbook.book as book

    real = book.write_package

    def killed(*args: Any) -> None:
        real(*args)
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(book, "write_package", killed)
    original, handler = digest(source), signal.getsignal(signal.SIGTERM)
    status, *_ = measured(["rate", str(source), "--in-place"], capsys)
    assert status == 130 and files(tmp_path) == ["event.xlsx"] and digest(source) == original
    assert signal.getsignal(signal.SIGTERM) == handler


def test_the_report_is_written_last(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    import xlrating.workbook.save as save

    order: list[str] = []
    real = save.os.replace

    def replace(source: Any, target: Any) -> None:
        order.append(Path(target).name)
        real(source, target)

    monkeypatch.setattr(save.os, "replace", replace)
    status, *_ = measured(["rate", str(source), "--report", str(tmp_path / "report.xlsx")], capsys)
    assert status == 0
    assert order[-2:] == ["event-rated.xlsx", "report.xlsx"]
    assert files(tmp_path) == ["event-rated.xlsx", "event.xlsx", "report.xlsx"]


def test_the_file_reaches_the_disk_before_it_replaces_the_target(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    import xlrating.workbook.save as save

    events: list[str] = []
    real_fsync, real_replace = save.os.fsync, save.os.replace

    def fsync(descriptor: int) -> None:
        events.append("fsync")
        real_fsync(descriptor)

    def replace(source: Any, target: Any) -> None:
        events.append("replace")
        real_replace(source, target)

    monkeypatch.setattr(save.os, "fsync", fsync)
    monkeypatch.setattr(save.os, "replace", replace)
    status, *_ = measured(["rate", str(source)], capsys)
    assert status == 0
    assert events == ["fsync", "replace", "fsync"]  # the file, the rename, the folder


def test_temporary_files_of_a_killed_save_are_removed_by_the_next(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    dead = tmp_path / ".event-rated.xlsx.4194999.0123abcd.tmp"  # above any pid_max: no such process
    alive = tmp_path / f".event-rated.xlsx.{os.getpid()}.0123abcd.tmp"
    other = tmp_path / ".notes.xlsx.4194999.0123abcd.tmp"
    for path in (dead, alive, other):
        path.write_bytes(b"half a workbook")
    status, *_ = measured(["rate", str(source)], capsys)
    assert status == 0
    assert files(tmp_path) == sorted([alive.name, other.name, "event-rated.xlsx", "event.xlsx"])


def test_in_place_does_not_overwrite_an_edit_saved_meanwhile(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    import xlrating.workbook as rate_command  # the command imports it from there when it runs

    real = rate_command.rate_workbook

    def edited_meanwhile(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        with zipfile.ZipFile(source, "a") as archive:  # another program saves an edit
            archive.writestr("docProps/custom.xml", "<Properties/>")
        return result

    monkeypatch.setattr(rate_command, "rate_workbook", edited_meanwhile)
    before = files(tmp_path)
    status, out, err, _ = measured(["rate", str(source), "--in-place"], capsys)
    assert status == 1 and out == ""
    assert err == (f"xlrating: {source}: changed on disk while it was being rated (saved by another "
                   "program?); it was not replaced. Rate it again\n")  # not inside "cannot be written (...)"
    assert files(tmp_path) == before
    assert "docProps/custom.xml" in hostile.parts(source)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give files away")
def test_in_place_as_root_keeps_the_files_owner(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = hostile.event(tmp_path / "event.xlsx")
    os.chown(source, 12345, 23456)
    status, *_ = measured(["rate", str(source), "--in-place"], capsys)
    assert status == 0
    assert (source.stat().st_uid, source.stat().st_gid) == (12345, 23456)


# --- error listings ----------------------------------------------------------------------------------


def test_a_long_error_listing_is_cut_with_the_count_of_the_rest(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "Event"
    book.active.append(["System", "USCF"])
    sheet = book.create_sheet("Crosstable")
    sheet.append(["No", "Name", "Rating", "R1"])
    for number in range(1, 301):
        sheet.append([number, f"Player {number}", "strong", ""])
    book.save(tmp_path / "errors.xlsx")
    status, out, err, _ = measured(["rate", str(tmp_path / "errors.xlsx")], capsys)
    lines = err.splitlines()
    assert status == 1 and out == ""
    assert len(lines) == 1 + MAX_LISTED + 1
    total = int(lines[0].split(" has ")[1].split()[0])
    assert lines[-1] == f"  ... and {total - MAX_LISTED} more"
    assert files(tmp_path) == ["errors.xlsx"]
