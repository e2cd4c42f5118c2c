"""Where the commands that write a rated workbook write (``rate``, ``season``, ``fill``), and how.

The output beside the input unless told otherwise, never over it by accident; a
macro-enabled workbook's Python module beside its copy; the workbook and its report
renamed into place together; and a warning of the Excel features a copy does not keep.

What a run says beside its output goes to stderr under one of two labels (:data:`WARNING`,
printed by :func:`warn`, and :data:`NOTE`, printed by :func:`inform`): ``xlrating: warning:``
for what the user should check or act on (a default taken, a value the run could not read or
a file cannot hold, a feature lost), ``xlrating: note:`` for information (a Python module kept
because it was already there, the edition a TRF file was read as). Stdout keeps what the command
is for: what was rated, imported or exported, and the files written.
"""

from __future__ import annotations

import keyword
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import WorkbookError

if TYPE_CHECKING:
    from ..workbook import Workbook


WARNING = "xlrating: warning: "
"""The label of what the user should check or act on, though the run did what it was asked."""
NOTE = "xlrating: note: "
"""The label of information: nothing to check."""


def warn(warnings: Iterable[object]) -> None:
    """Print each of ``warnings`` (a run's defaults taken and things to check) on stderr as a warning."""
    for warning in warnings:
        print(f"{WARNING}{warning}", file=sys.stderr)


def inform(notes: Iterable[object]) -> None:
    """Print each of ``notes`` (information that asks nothing of the user) on stderr as a note."""
    for note in notes:
        print(f"{NOTE}{note}", file=sys.stderr)


def output_path(source: Path, output: str | None, in_place: bool, *, suffix: str = "rated") -> Path:
    """Where ``rate`` writes: ``-o``, the input itself with ``--in-place``, else ``IN-rated.xlsx``
    (``fill``: ``IN-filled.xlsx``)."""
    from ..workbook import same_file

    if not source.name or source.is_dir():
        raise WorkbookError(f"{source}: is a folder, not a workbook")
    if in_place:
        return source
    if output:
        target = Path(output)
        if same_file(target, source):
            raise WorkbookError(f"{target}: is the input workbook; use --in-place to overwrite it")
        return target
    if source.suffix.lower() == ".xlsm" and is_module_name(source.stem):
        # The xlwings quickstart convention runs main() of the module named like the
        # workbook: the output gets a name that is a module name too (see module_beside).
        return source.with_name(f"{source.stem}_{suffix}{source.suffix}")
    return source.with_name(f"{source.stem}-{suffix}{source.suffix}")


def is_module_name(name: str) -> bool:
    return name.isidentifier() and not keyword.iskeyword(name)


def module_beside(source: Path, target: Path, module: Callable[[str], str]) -> str | None:
    """Give a rated macro-enabled workbook its Python module, so its button and *Run main*
    (which run ``main()`` of the module named like the workbook, the xlwings quickstart
    convention) find their code: when ``source`` has its module beside it, ``target``
    gets ``module(name)`` as ``NAME.py`` beside it. Returns a line to print (what was
    written, or why not), or None when there is nothing to do."""
    from ..workbook import same_file

    if target.suffix.lower() != ".xlsm" or same_file(source, target):
        return None
    if not source.with_suffix(".py").is_file():
        return None
    if not is_module_name(target.stem):
        return (f"{WARNING}{target.name} cannot find its Python code: Run main and the Rate button "
                f"run main() of the module named like the workbook, and {target.stem!r} is not a Python "
                f"module name (letters, digits, _). Rename it (e.g. {target.stem.replace('-', '_')}.xlsm) "
                f"and copy {source.with_suffix('.py').name} beside it under the same name")
    script = target.with_suffix(".py")
    if script.exists():
        return f"{NOTE}kept {script} (already there) as {target.name}'s Python module"
    script.write_text(module(target.stem), encoding="utf-8")
    return f"Wrote {script}"


def report_path(report: str | None, source: Path, target: Path) -> Path | None:
    """The ``--report`` file, refused when it names the input or the rated workbook."""
    from ..workbook import same_file

    if not report:
        return None
    path = Path(report)
    for other, what in ((source, "the input workbook"), (target, "the rated workbook")):
        if same_file(path, other):
            raise WorkbookError(f"{path}: is {what}; give the report a file of its own")
    return path


def write_both(workbook: Workbook, target: Path, report: Path, write: Callable[[Path], object], *,
               in_place: bool = False) -> None:
    """Write the rated workbook and the report (``write(name)`` writes it at ``name``) beside
    their targets, then rename the workbook, then the report: a run that fails or is stopped
    before the end leaves neither, and never a report without its rated workbook."""
    from ..workbook import stage_workbook
    from ..workbook.save import stage_file

    staged = stage_workbook(workbook, target, in_place=in_place)
    try:
        staged_report = stage_file(report, write)
    except BaseException:
        staged.discard()
        raise
    try:
        staged.commit()
    except BaseException:
        staged_report.discard()
        raise
    staged_report.commit()


def warn_lost(workbook: Workbook, target: Path) -> None:
    """Warn on stderr of the Excel features of the input the written copy does not keep."""
    from ..workbook import lost_features

    lost = lost_features(workbook, target)
    if lost:
        warn([f"{target} does not keep these features of {workbook.path}: {', '.join(lost)}. "
              "To keep them, rate the workbook in Excel with the xlwings macro."])
