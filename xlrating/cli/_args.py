"""Argument types the subcommands share."""

from __future__ import annotations

import argparse


def path_arg(text: str) -> str:
    """A file or folder name from the command line: not empty, no NUL character.

    argparse turns the refusal into a usage message and exit status 2.
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty file name")
    if "\0" in text:
        raise argparse.ArgumentTypeError(f"{text!r}: a file name cannot hold a NUL character")
    return text
