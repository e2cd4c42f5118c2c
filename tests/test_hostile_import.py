"""Hostile import files (tests/hostile_corpus.py generates them): each ends ``xlrating import``
with exit status 1 and a short message naming what is wrong, writes nothing, and runs in
bounded time and memory (the inputs are large enough that a quadratic pattern or an
unbounded allocation would not finish).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_corpus import DBF_FOLDERS, TEXT_FILES, write_corpus

from xlrating.cli import main


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str]]:
    folder = tmp_path_factory.mktemp("hostile")
    return {path.name: (path, expected) for path, expected in write_corpus(folder).items()}


@pytest.mark.parametrize("name", [*TEXT_FILES, *DBF_FOLDERS])
def test_a_hostile_file_is_refused_in_a_short_message(
        name: str, corpus: dict[str, tuple[Path, str]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, expected = corpus[name]
    out = tmp_path / "out.xlsx"
    fmt = "dbf" if path.is_dir() else {".txt": "msa", ".pgn": "pgn"}.get(path.suffix, "trf")
    assert main(["import", str(path), "--from", fmt, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert expected in err, err[:2000]
    assert not out.exists()
    lines = err.splitlines()
    assert len(lines) <= 3, lines  # a title and the one or two problems the change makes
    assert all(len(line) < 300 for line in lines), [len(line) for line in lines]


def test_the_corpus_files_differ_from_the_good_files_only_by_their_change(
        corpus: dict[str, tuple[Path, str]], tmp_path: Path) -> None:
    # The good files import: each refusal is the hostile change's doing.
    data = Path(__file__).parent / "data" / "import"
    for source in (data / "spring-open.trf", data / "two-sections.txt"):
        assert main(["import", str(source), "-o", str(tmp_path / f"{source.stem}.xlsx")]) == 0
    from hostile_corpus import _dbf_event

    _dbf_event(tmp_path / "good")
    assert main(["import", str(tmp_path / "good"), "-o", str(tmp_path / "good.xlsx")]) == 0


def test_text_mixing_utf8_and_windows_1252_is_read_as_written_and_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import openpyxl

    data = (Path(__file__).parent / "data" / "import" / "two-sections.txt").read_bytes()
    mixed = data.replace(b"GRACE HOPPER", "MÜLLER HOPP ".encode()).replace(
        b"IDA JONES", "IDA MÜLLER".encode("cp1252"))
    source = tmp_path / "mixed.txt"
    source.write_bytes(mixed)
    assert main(["import", str(source), "-o", str(tmp_path / "mixed.xlsx")]) == 0
    err = capsys.readouterr().err
    assert "xlrating: warning: The file mixes UTF-8 and Windows-1252 text: line 13 read as Windows-1252" \
        in err
    book = openpyxl.load_workbook(tmp_path / "mixed.xlsx")
    names = [row[1] for row in book.worksheets[0].iter_rows(min_row=2, values_only=True)]
    assert "MÜLLER HOPP" in names and "IDA MÜLLER" in names


@pytest.mark.slow
def test_every_hostile_file_is_refused_within_a_gigabyte_of_memory(
        corpus: dict[str, tuple[Path, str]], tmp_path: Path) -> None:
    # In a process that may not use more than 1 GiB of address space: a reader that
    # allocated by a file's claims (a billion rounds) would fail with MemoryError instead.
    pytest.importorskip("resource")
    import subprocess
    import sys

    paths = [str(path) for path, _ in corpus.values()]
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from xlrating.cli import main\n"
        f"out = {str(tmp_path / 'out.xlsx')!r}\n"
        "formats = {'.txt': 'msa', '.trf': 'trf', '.pgn': 'pgn'}\n"
        "for path in sys.argv[1:]:\n"
        "    fmt = formats.get(path[-4:], 'dbf')\n"
        "    print(main(['import', path, '--from', fmt, '-o', out]), flush=True)\n"
    )
    result = subprocess.run([sys.executable, "-c", code, *paths], capture_output=True, text=True,
                            timeout=600, check=False)
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    assert result.stdout.split() == ["1"] * len(paths)


# --- files that are not regular files ------------------------------------------------------------

_FIFOS = {
    "import": lambda fifo, out: ["import", str(fifo), "-o", str(out)],
    "import-from-pgn": lambda fifo, out: ["import", str(fifo), "--from", "pgn", "-o", str(out)],
    "season-import": lambda fifo, out: ["season-import", str(fifo), "-o", str(out)],
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("command", list(_FIFOS))
def test_a_fifo_to_import_is_refused_without_blocking(command: str, tmp_path: Path) -> None:
    # An import opened the FIFO and waited forever for a writer; the workbook commands refuse it.
    fifo = tmp_path / "event.trf"
    os.mkfifo(fifo)
    out = tmp_path / "out.xlsx"
    result = subprocess.run([sys.executable, "-m", "xlrating", *_FIFOS[command](fifo, out)],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert f"{fifo}: is not a regular file (a device, pipe or socket)" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.trf"]


@pytest.mark.parametrize("which", ["input", "output"])
def test_a_link_to_itself_is_named_not_a_traceback(which: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # Resolving a loop of links raised RuntimeError (before Python 3.13) out of the check that the
    # output is not the input: a traceback instead of the file named.
    from xlrating.cli import main

    loop = tmp_path / "loop.trf"
    loop.symlink_to(loop.name)
    event = tmp_path / "event.trf"
    event.write_bytes((Path(__file__).parent / "data" / "import" / "spring-open.trf").read_bytes())
    arguments = [str(loop), "-o", str(tmp_path / "out.xlsx")] if which == "input" else \
        [str(event), "-o", str(loop)]
    assert main(["import", *arguments]) == 1
    assert str(loop) in capsys.readouterr().err
    assert loop.is_symlink() and not (tmp_path / "out.xlsx").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_to_import_is_refused_in_words_that_read(tmp_path: Path) -> None:
    # The reason read "xlrating reads file files only".
    from xlrating.errors import FormatError
    from xlrating.importers import import_file

    fifo = tmp_path / "event.trf"
    os.mkfifo(fifo)
    with pytest.raises(FormatError) as caught:
        import_file(fifo, "trf")
    assert [p.message for p in caught.value.problems] == [
        "is not a regular file (a device, pipe or socket); xlrating reads regular files only"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_among_the_dbf_files_is_named_without_blocking(tmp_path: Path) -> None:
    from hostile_corpus import _dbf_event

    folder = tmp_path / "event"
    _dbf_event(folder)
    (folder / "TDEXPORT.DBF").unlink()
    os.mkfifo(folder / "TDEXPORT.DBF")
    result = subprocess.run([sys.executable, "-m", "xlrating", "import", str(folder), "-o",
                             str(tmp_path / "out.xlsx")],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1, result.stderr
    assert "TDEXPORT.DBF: is not a regular file (a device, pipe or socket)" in result.stderr
    assert not (tmp_path / "out.xlsx").exists()
