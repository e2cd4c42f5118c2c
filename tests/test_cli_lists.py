"""``xlrating lists``, ``lists add`` and ``lists show`` on the command line.

The list files are FIDE's real lines quoted in ``tests/official_files.py`` (lichess-org/lila,
commit 773dbb8266a03c2354cf17c7c2f789d14a8f6105) and made-up lists in FIDE's layout.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from official_files import BLITZ_AUG26, SINGLE_HEADER, write_fide_txt

from xlrating.cli import main


@pytest.fixture
def blitz(tmp_path: Path) -> Path:
    path = tmp_path / "blitz_aug26frl.txt"
    path.write_text(SINGLE_HEADER.format(month="AUG26") + "\r\n" + "\r\n".join(BLITZ_AUG26) + "\r\n")
    return path


def test_add_then_the_table_then_show(
    tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "lists.sqlite")
    assert main(["lists", "--db", db]) == 0
    assert "No list is loaded" in capsys.readouterr().out
    assert main(["lists", "add", str(blitz), "--db", db]) == 0
    out = capsys.readouterr().out
    assert "Loaded FIDE Blitz list of August 2026 (2026-08-01): 4 players, from blitz_aug26frl.txt" in out
    assert main(["lists", "--db", db]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["System", "Kind", "Date", "Players", "File"]
    assert table[1].split() == ["FIDE", "Blitz", "2026-08-01", "4", "blitz_aug26frl.txt"]
    assert main(["lists", "show", "700070", "--db", db, "--date", "2026-09-15"]) == 0
    out = capsys.readouterr().out
    assert (
        "FIDE Blitz 2026-08-01: Polgar, Judit, rating 2736, games 0, K 10, federation HUN, title GM, sex F, "
        "born 1976, woman, inactive"
    ) in out  # FIDE's flag wi in words
    assert "In force on 2026-09-15:" in out


def test_the_store_comes_from_the_environment(
    tmp_path: Path, blitz: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XLRATING_DB", str(tmp_path / "env.sqlite"))
    assert main(["lists", "add", str(blitz)]) == 0
    assert f"Store: {tmp_path / 'env.sqlite'}" in capsys.readouterr().out
    assert (tmp_path / "env.sqlite").exists()


def test_a_file_loaded_twice_says_so(tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "lists.sqlite")
    assert main(["lists", "add", str(blitz), "--db", db]) == 0
    assert main(["lists", "add", str(blitz), "--db", db]) == 0
    assert "was loaded before" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda lines: [*lines[:-1], lines[-1][:50]], "line 5: the last line is shorter than every other"),
        (lambda lines: [*lines, lines[1]], "line 6: the ID 703303 is listed twice"),
        (lambda lines: ["Name;Rating", "Leko;2738"], "not a rating list xlrating reads"),
        (lambda lines: ["ID Number Name Rating", *lines[1:]], "line 1: an unknown layout of FIDE's TXT list"),
    ],
)
def test_bad_files_are_refused_with_file_and_line_and_nothing_stored(
    tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str], change: object, expected: str
) -> None:
    lines = blitz.read_text().splitlines()
    blitz.write_text("\n".join(change(lines)))  # type: ignore[operator]
    db = tmp_path / "lists.sqlite"
    assert main(["lists", "add", str(blitz), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert (
        "No list was loaded (nothing was stored):" in err
        and f"blitz_aug26frl.txt {expected}" in err.replace("blitz_aug26frl.txt: ", "blitz_aug26frl.txt ")
    )
    assert not db.exists()


def test_another_system_s_file_is_refused(
    tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lists", "add", str(blitz), "--system", "US Chess", "--db", str(tmp_path / "x.sqlite")]) == 1
    assert "is FIDE's list, not US Chess's" in capsys.readouterr().err


def test_one_bad_file_among_several_stores_none(
    tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write_fide_txt(tmp_path / "standard_nov26frl.txt", 50)
    blitz.write_text(blitz.read_text().replace("HUN M", "hun M", 1))
    db = str(tmp_path / "lists.sqlite")
    assert main(["lists", "add", str(good), str(blitz), "--db", db]) == 1
    assert (
        "blitz_aug26frl.txt line 2: the federation 'hun' is not three capital letters"
        in capsys.readouterr().err
    )
    assert main(["lists", "--db", db]) == 0
    assert "No list is loaded" in capsys.readouterr().out


def test_a_damaged_store_is_one_line(tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "lists.sqlite"
    db.write_bytes(b"\x00garbage" * 512)
    assert main(["lists", "add", str(blitz), "--db", str(db)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("xlrating: the list store ") and "is damaged" in err[0]


def test_an_id_on_no_list_is_reported(
    tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "lists.sqlite")
    main(["lists", "add", str(blitz), "--db", db])
    assert main(["lists", "show", "12345", "--db", db]) == 1
    assert "no loaded list holds the ID '12345'" in capsys.readouterr().err


def test_a_bad_date_is_a_usage_error(tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["lists", "add", str(blitz), "--date", "November"])
    assert caught.value.code == 2
    assert "'November' is not a date" in capsys.readouterr().err


def test_show_says_why_no_row_is_in_force(
    tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Polgar is on the August list; the September list (Leko alone) is in force on 15 September:
    ``show`` says she is not on it, not that no list dated before the day holds her; before
    August, that no list is loaded."""
    db = str(tmp_path / "lists.sqlite")
    september = tmp_path / "blitz_sep26frl.txt"
    september.write_text(SINGLE_HEADER.format(month="SEP26") + "\r\n" + BLITZ_AUG26[0] + "\r\n")
    assert main(["lists", "add", str(blitz), str(september), "--db", db]) == 0
    capsys.readouterr()
    assert main(["lists", "show", "700070", "--db", db, "--date", "2026-09-15"]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "In force on 2026-09-15:",
        "  FIDE Blitz 2026-09-01: not on this list, the one in force (he left the list, or the file of that "
        "date holds other players)"]
    assert main(["lists", "show", "700070", "--db", db, "--date", "2026-07-15"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "  FIDE Blitz: no list dated on or before 2026-07-15 is loaded")


def test_show_prints_each_flag_in_words() -> None:
    """FIDE's TXT list's flags: i inactive, w woman, wi both; the ICU's list: p, a provisional rating."""
    import datetime as dt

    from xlrating.cli.lists import describe
    from xlrating.official import ListedPlayer

    def shown(system: str, flags: str) -> str:
        return describe(ListedPlayer(system, "Standard", "1", "Doe, Jo", dt.date(2026, 11, 1), rating=1500.0,
                                     flags=flags))

    assert shown("FIDE", "i").endswith("rating 1500, inactive")
    assert shown("FIDE", "w").endswith("rating 1500, woman")
    assert shown("FIDE", "wi").endswith("rating 1500, woman, inactive")
    assert shown("ICU", "p").endswith("rating 1500, provisional")
    assert shown("FIDE", "").endswith("rating 1500")


@pytest.mark.parametrize(
    ("encode", "expected"),
    [
        (lambda text: text.encode("utf-16"), "is UTF-16 text, which xlrating does not read: save it"),
        (lambda text: text.encode("utf-16-le"), "is UTF-16 text, which xlrating does not read: save it"),
        (lambda text: gzip.compress(text.encode()), "is compressed with gzip, which xlrating does not read"),
        (lambda text: b"", "is empty: no list in it"),
    ],
)
def test_a_list_in_a_form_not_read_is_refused_saying_which(
    tmp_path: Path, blitz: Path, capsys: pytest.CaptureFixture[str], encode: object, expected: str
) -> None:
    # FIDE's list saved again as UTF-16, or gzipped, was refused as "not a rating list", its first
    # line shown as the bytes it is ('ÿþI\x00D\x00 \x00N\x00...').
    blitz.write_bytes(encode(blitz.read_text()))  # type: ignore[operator]
    db = tmp_path / "lists.sqlite"
    assert main(["lists", "add", str(blitz), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert f"blitz_aug26frl.txt: {expected}" in err and "first line" not in err
    assert not db.exists()
