"""The repository stands on its own: nothing in it cites a document it does not hold.

Code, tests, docs and benchmarks cite rule documents by their public title, edition and
section ("US Chess 2020, 4.1", "FIDE Handbook B.02, 10.54"), and anything a reader needs is
in ``docs/``. This test fails on a reference to a Markdown or text file that is not in the
repository, and on words that point at a private briefing ("the seed", "the spec", an
issue number) instead of a public source.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Words that point at documents a reader of the repository cannot see. ``spec/`` counts only
#: before a Markdown file, and "the spec" not as "the spec of the ICU's ...": the ICU's public
#: programs on GitHub keep their RSpec tests (``spec/tournament_spec.rb``) in a ``spec`` folder.
PRIVATE = re.compile(
    r"rules-beyond-see[d]s|\bspec/(?=[\w/-]+\.md\b)|\bshared/|\bthe seeds?\b"
    r"|\bseed (?:document|text|example|file)s?\b"
    r"|\bseed's|\bseeds/|\bthe spec\b(?! of the ICU)|\bissue #?\d+\b",
    re.IGNORECASE)
#: A file named in text: ``something.md`` or ``something.txt``, with an optional folder.
NAMED_FILE = re.compile(r"(?<![\w/.-])([\w./-]*[\w-]+\.(?:md|txt))\b")
#: Files named that belong to the user, not to the repository (xlwings Lite's requirements).
USERS_FILES = {"requirements.txt"}
#: The names of FIDE's list downloads (``standard_nov26frl.txt``, ``players_list_foa.txt``,
#: ``blitz_rating_list.txt``): files the user downloads, named in the list readers and docs.
OFFICIAL_LISTS = re.compile(r"(?:standard|rapid|blitz|players)_[\w]*\.txt|[a-z]{3}[0-9]{2}frl[\w]*\.txt")
#: Pages the documentation site generates when it is built (``docs/_hooks``).
GENERATED = {"reference/functions.md", "reference/cli.md"}


def tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    paths = [ROOT / name for name in listed.decode().split("\0") if name]
    return [p for p in paths if p.suffix in {".py", ".md", ".toml", ".yml", ".cfg", ".mjs", ".json"}
            and "tests/data" not in p.as_posix() and p.name != "test_citations.py"]


def test_no_file_cites_a_private_document() -> None:
    found = []
    for path in tracked_text_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = PRIVATE.search(line)
            if match:
                found.append(f"{path.relative_to(ROOT)}:{number}: {match[0]!r} in {line.strip()[:100]!r}")
    assert not found, "\n".join(found)


def test_every_named_document_is_in_the_repository() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in tracked_text_files()}
    names |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "data").rglob("*") if p.is_file()}
    basenames = {n.rsplit("/", 1)[-1] for n in names}
    missing = []
    for path in tracked_text_files():
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            for name in NAMED_FILE.findall(line):
                if name.startswith("//"):  # inside a web address, not a file of this repository
                    continue
                clean = name.lstrip("./")
                # A name the file itself quotes is one it makes (a test's temporary file).
                made = f'"{name}"' in text or f"'{name}'" in text
                if made or clean in USERS_FILES or clean in GENERATED or OFFICIAL_LISTS.fullmatch(clean):
                    continue
                if clean not in names and clean.rsplit("/", 1)[-1] not in basenames:
                    missing.append(f"{path.relative_to(ROOT)}:{number}: {name}")
    assert not missing, "\n".join(missing)
