"""``python -m xlrating.templates [FOLDER]``: regenerate the committed templates (default ``templates``),
making FOLDER if it does not exist."""

import argparse
import sys
from pathlib import Path

from ..errors import XlratingError
from . import write_committed_templates

parser = argparse.ArgumentParser(prog="python -m xlrating.templates",
                                 description="Regenerate the committed templates (workbooks and their Python "
                                             "modules) into FOLDER, made if it does not exist.")
parser.add_argument("folder", nargs="?", default="templates", help="where to write them (default: templates)")
folder = Path(parser.parse_args().folder)
try:
    folder.mkdir(parents=True, exist_ok=True)
    written = write_committed_templates(folder)
except (OSError, XlratingError) as error:
    sys.exit(f"python -m xlrating.templates: error: {error}")
for path in written:
    print(f"Wrote {path}")
