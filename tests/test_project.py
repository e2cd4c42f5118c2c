"""The project's own promises: the README's commands are the ones CI runs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    marker = readme.index("<!-- test-command -->")
    block = readme[marker:].split("```bash\n", 1)[1].split("```", 1)[0].strip()
    assert "pytest" in block
    assert "test-command" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
