"""A corpus of hostile import files, generated (never committed): each one must end
``xlrating import`` with exit status 1 and a short message, never a traceback, in bounded
time and memory.

Run ``python tests/hostile_corpus.py FOLDER`` to write the corpus to a folder and try the
files by hand; :func:`write_corpus` is what the tests call. Every file is one of the
fictional events in tests/data/import with one hostile change.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Callable
from pathlib import Path

from test_import_dbf import EVENT, PLAYERS, SECTIONS, TH_FIELDS, TS_FIELDS, td_fields, write_dbf

DATA = Path(__file__).parent / "data" / "import"
TRF = (DATA / "spring-open.trf").read_text(encoding="utf-8").splitlines()
MSA = (DATA / "two-sections.txt").read_text(encoding="utf-8")
#: Big enough that a quadratic pattern would run for minutes; a linear one takes milliseconds.
MILLION = 1_000_000


def _trf(change: Callable[[list[str]], None]) -> bytes:
    lines = list(TRF)
    change(lines)
    return "\n".join(lines).encode("utf-8")


def _player(number: int) -> int:
    """Index in ``TRF`` of player ``number``'s line."""
    return next(i for i, line in enumerate(TRF) if line.startswith(f"001 {number:>4}"))


def _replace(index: int, old: str, new: str) -> Callable[[list[str]], None]:
    def change(lines: list[str]) -> None:
        assert old in lines[index] and len(old) == len(new), (old, new)
        lines[index] = lines[index].replace(old, new, 1)
    return change


def _rounds(count: int) -> Callable[[list[str]], None]:
    def change(lines: list[str]) -> None:
        lines[_player(1)] += "  0000 - Z" * (count - 4)
    return change


def _pgn_rounds(games: int) -> bytes:
    """``games`` games of two new players each, each game its own round: a sheet of 2 x games
    players by ``games`` rounds, almost every cell unplayed."""
    return "".join(f'[Round "{n}"]\n[White "W{n}"]\n[Black "B{n}"]\n[Result "1-0"]\n\n1-0\n\n'
                   for n in range(1, games + 1)).encode()


#: TRF and MSA text files: name -> bytes, and the text the one-line message must hold.
TEXT_FILES: dict[str, tuple[Callable[[], bytes], str]] = {
    "msa-quadratic-player-line.txt": (
        lambda: ("    1 |" + "a" * MILLION + "\n" + MSA).encode(), "before the first section header"),
    "msa-spaces-in-a-cell.txt": (
        lambda: MSA.replace("|W   3|", "|W" + " " * MILLION + "x|", 1).encode(), "cannot read the result"),
    "msa-huge-opponent-number.txt": (
        lambda: MSA.replace("|W   3|", "|W" + "9" * 5000 + "|", 1).encode(), "cannot read the result"),
    "msa-uffff-in-a-name.txt": (
        lambda: MSA.replace("GRACE HOPPER", "GRACE HOPP\uffff", 1).encode(), "U+FFFF"),
    "msa-uffff-in-a-section-title.txt": (
        lambda: MSA.replace("Section 1 - Open", "Section 1 - Op\uffffn", 1).encode(), "U+FFFF"),
    "msa-div0-name.txt": (
        lambda: MSA.replace("GRACE HOPPER", "#DIV/0!     ", 1).encode(), "Excel error value"),
    "trf-20000-round-fields.trf": (lambda: _trf(_rounds(20_000)), "Excel has 16,384 columns"),
    "trf-16380-rounds.trf": (lambda: _trf(_rounds(16_380)), "Excel has 16,384 columns"),
    "trf-15000-rounds-of-one-player.trf": (lambda: _trf(_rounds(15_000)), "at least one in 10"),
    "trf-uffff-in-a-name.trf": (lambda: _trf(_replace(_player(2), "Bartosz ", "Bartosz\uffff")), "U+FFFF"),
    "trf-ufffe-in-a-title.trf": (lambda: _trf(_replace(_player(1), "fWIM", "fWI\ufffe")), "U+FFFE"),
    "trf-ufffe-in-the-event-name.trf": (
        lambda: _trf(_replace(1, "Spring Open", "Spring\ufffeOpen")), "U+FFFE"),
    "trf-div0-name.trf": (lambda: _trf(_replace(_player(2), "Kowalski, Bartosz", "#DIV/0!          ")),
                          "Excel error value"),
    "trf-a-million-digit-count.trf": (
        lambda: _trf(lambda lines: lines.__setitem__(6, "062 " + "9" * 5000 + "x")) + b"\n001"
        + b" " * MILLION, "the start rank"),
    "pgn-a-million-bracket-string.pgn": (
        lambda: ('[Round "1"] [White "A"] [Black "B"] [Result "*"] [Event "' + "[" * MILLION
                 + "\n\n*\n").encode(),
        "not finished"),
    "pgn-unclosed-comment.pgn": (
        lambda: ('[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 {' + "x" * MILLION).encode(),
        "not finished"),
    "pgn-unclosed-comment-before-more-games.pgn": (
        lambda: ('[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 {' + "x" * MILLION
                 + "\n1-0\n\n"
                 + "".join(f'[Round "1"]\n[White "C{i}"]\n[Black "D{i}"]\n[Result "0-1"]\n\n0-1\n'
                           for i in range(1000))).encode(),
        "not closed before the tag pair on line 9"),
    "pgn-a-thousand-games-each-its-own-round.pgn": (lambda: _pgn_rounds(1000), "holds at most 1,000,000"),
    "pgn-500-games-each-its-own-round.pgn": (lambda: _pgn_rounds(500), "at least one in 10"),
    "larger-than-32-mb.trf": (lambda: _trf(lambda lines: None) + b"\n" + b" " * (33 * 1024 * 1024),
                              "larger than 32 MB"),
}


def _dbf_event(folder: Path, *, rounds: str = "4", sequence: str | None = None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    sections = [[*s[:6], rounds, *s[7:]] for s in SECTIONS]
    fields = [(name, 10 if name == "S_TOT_RNDS" else width) for name, width in TS_FIELDS]
    write_dbf(folder / "THEXPORT.DBF", TH_FIELDS, [EVENT])
    write_dbf(folder / "TSEXPORT.DBF", fields, sections)
    if sequence is None:
        write_dbf(folder / "TDEXPORT.DBF", td_fields(4), PLAYERS)
    else:
        players = [[*p[:3], sequence if i == 0 else "1", *p[3:], *[""] * 6] for i, p in enumerate(PLAYERS)]
        write_dbf(folder / "TDEXPORT.DBF", [(n, 10 if n == "D_REC_SEQ" else w)
                                            for n, w in td_fields(10, split=True)], players)


def _sparse_records(folder: Path, players: int = 300) -> None:
    """Each player's one record at a later D_REC_SEQ (player n's at n): ten half-point byes
    each, in rounds 10n - 9 to 10n, so the sheet is 300 players by 3,000 rounds."""
    _dbf_event(folder)
    fields = [(n, 3 if n == "D_REC_SEQ" else w) for n, w in td_fields(10, split=True)]
    records = [["", "1", str(n), str(n), f"{12000000 + n}", f"Player {n}", "IL", "1500", *["H"] * 10]
               for n in range(1, players + 1)]
    write_dbf(folder / "TDEXPORT.DBF", fields, records)


def _damaged_header(folder: Path) -> None:
    _dbf_event(folder)
    path = folder / "TDEXPORT.DBF"
    data = bytearray(path.read_bytes())
    (length,) = struct.unpack("<H", data[8:10])
    data[8:10] = struct.pack("<H", length + 32)  # the records now seem to start 32 bytes late
    path.write_bytes(bytes(data))


#: DBF folders: name -> writer, and the text the message must hold.
DBF_FOLDERS: dict[str, tuple[Callable[[Path], None], str]] = {
    "dbf-a-billion-rounds": (lambda folder: _dbf_event(folder, rounds="1000000000"),
                             "Excel has 16,384 columns"),
    "dbf-rec-seq-a-billion": (lambda folder: _dbf_event(folder, sequence="1000000000"),
                              "Excel has 16,384 columns"),
    "dbf-damaged-header-length": (_damaged_header, "is damaged"),
    "dbf-records-far-apart": (_sparse_records, "at least one in 10"),
}


def write_corpus(folder: Path) -> dict[Path, str]:
    """Write every hostile file into ``folder``; return each path and its expected message text."""
    folder.mkdir(parents=True, exist_ok=True)
    written: dict[Path, str] = {}
    for name, (make, expected) in TEXT_FILES.items():
        (folder / name).write_bytes(make())
        written[folder / name] = expected
    for name, (write, expected) in DBF_FOLDERS.items():
        write(folder / name)
        written[folder / name] = expected
    return written


if __name__ == "__main__":
    for path in write_corpus(Path(sys.argv[1])):
        print(path)
