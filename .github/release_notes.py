"""Print the CHANGELOG section of one version: the release notes of its GitHub release.

    python .github/release_notes.py v0.3.0 [CHANGELOG.md]

The version may carry the tag's leading ``v``. The section is everything between the
heading ``## 0.3.0`` (with or without a date or note after it, e.g. ``## 0.3.0 (2026-12-01)``)
and the next heading of the same level. A version with no section, or an empty one, is an
error (exit status 1): a release is never published without its notes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


class NoSection(ValueError):
    """The CHANGELOG has no (non-empty) section for the version."""


def section(changelog: str, version: str) -> str:
    """The text of ``version``'s section of ``changelog``, without its heading."""
    version = version.removeprefix("v")
    heading = re.compile(rf"^## +v?{re.escape(version)}(?![\w.+-])[^\n]*$", re.M)
    found = heading.search(changelog)
    if found is None:
        raise NoSection(f"the changelog has no section '## {version}'")
    rest = changelog[found.end():]
    following = re.search(r"^## ", rest, re.M)
    text = (rest[:following.start()] if following else rest).strip()
    if not text:
        raise NoSection(f"the changelog's section '## {version}' is empty")
    return text + "\n"


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    path = Path(argv[1] if len(argv) == 2 else Path(__file__).resolve().parent.parent / "CHANGELOG.md")
    try:
        sys.stdout.write(section(path.read_text(encoding="utf-8"), argv[0]))
    except (OSError, NoSection) as error:
        print(f"release_notes: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
