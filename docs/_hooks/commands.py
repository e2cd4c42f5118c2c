"""MkDocs hook: the command-line reference, generated from ``xlrating --help``.

The page shows the help of ``xlrating`` and of every subcommand, exactly as the command
prints it, so it can never drift from the code.
"""

from __future__ import annotations

import argparse
from typing import Any

from mkdocs.structure.files import File, Files

PAGE = "reference/cli.md"


def commands_page() -> str:
    from xlrating.cli import build_parser

    parser = build_parser()
    lines = ["# Command line", "",
             "`xlrating` does everything headless, on any machine. This page is generated from",
             "the command's own help when the site is built.", "",
             "```text", parser.format_help().rstrip(), "```", ""]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                lines += [f"## xlrating {name}", "", "```text", sub.format_help().rstrip(), "```", ""]
    return "\n".join(lines)


def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, PAGE, content=commands_page()))
    return files
