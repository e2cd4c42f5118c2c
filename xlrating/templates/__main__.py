"""``python -m xlrating.templates [FOLDER]``: regenerate the committed templates (default ``templates``)."""

import sys

from . import write_committed_templates

for path in write_committed_templates(sys.argv[1] if len(sys.argv) > 1 else "templates"):
    print(f"Wrote {path}")
