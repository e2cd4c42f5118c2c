"""MkDocs hook: the worksheet-function reference, generated from ``xlrating/udfs.py``.

Every function named in ``xlrating.udfs.__all__`` gets a section: its Excel signature
(optional arguments in brackets), the docstring Excel's function wizard shows, and a
table of its arguments with the descriptions the wizard shows for them. The page is made
at build time, so it can never drift from the code.
"""

from __future__ import annotations

import inspect
import typing
from typing import Any

from mkdocs.structure.files import File, Files

PAGE = "reference/functions.md"


def _argument_doc(hint: Any) -> str:
    for extra in getattr(hint, "__metadata__", ()):
        if isinstance(extra, dict) and "doc" in extra:
            return str(extra["doc"])
    return ""


def functions_page() -> str:
    from xlrating import udfs

    lines = [
        "# Worksheet functions",
        "",
        "Every function of `xlrating.udfs`, as Excel's function wizard shows it. This page is",
        "generated from the code when the site is built. How to register the functions in",
        "classic Excel and in xlwings Lite: [Setting up](../guide/setup.md); how they read",
        "ranges, blanks, dates and errors: [overview](functions-overview.md).",
        "",
    ]
    for name in sorted(udfs.__all__):
        function = getattr(udfs, name)
        signature = inspect.signature(function)
        hints = typing.get_type_hints(function, include_extras=True)
        shown = [p.name if p.default is inspect.Parameter.empty else f"[{p.name}]"
                 for p in signature.parameters.values()]
        lines += [f"## {name}", "", f"`={name}({', '.join(shown)})`", ""]
        lines += [inspect.cleandoc(function.__doc__ or ""), ""]
        lines += ["| Argument | Description |", "| --- | --- |"]
        for parameter in signature.parameters.values():
            optional = "" if parameter.default is inspect.Parameter.empty else " (optional)"
            doc = _argument_doc(hints.get(parameter.name)).replace("|", "\\|")
            lines.append(f"| `{parameter.name}`{optional} | {doc} |")
        lines.append("")
    return "\n".join(lines)


def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, PAGE, content=functions_page()))
    return files
