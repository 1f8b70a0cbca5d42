"""CI sees what a newcomer sees: ``.ci/run`` makes a fresh virtual environment, enters it, and runs README's test
command word for word, last (its status is CI's). A CI that installed into the system's Python passed where a
newcomer's virtual environment failed (the packaging tests saw the system's packages)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CI_VENV = ".ci-venv"


def _commands(script: str) -> list[str]:
    """The script's command lines, comments and blank lines left out."""
    return [line.strip() for line in script.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def _readme_test_command() -> str:
    blocks = re.findall(r"^```sh\n(.*?)^```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S | re.M)
    [command] = [line for block in blocks for line in _commands(block) if "pytest" in line]
    return command


def test_readme_gives_the_test_command() -> None:
    assert _readme_test_command() == "python3 -m pip install -r requirements-dev.txt && python3 -m pytest -q"


def test_ci_runs_readmes_test_command_last_in_a_fresh_virtual_environment() -> None:
    lines = _commands((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert lines[-1] == _readme_test_command()
    made = lines.index(f"python3 -m venv --clear {CI_VENV}")  # --clear: fresh even where a run left one
    entered = lines.index(f". {CI_VENV}/bin/activate")
    assert made < entered < len(lines) - 1
    assert "set -euo pipefail" in lines[:made]  # a failed venv stops the run instead of testing the system's Python


def test_the_ci_environment_stays_out_of_git_and_lint() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert f"{CI_VENV}/" in ignored and ".venv/" in ignored  # ruff honours .gitignore; pytest skips dot folders


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here to read .ci/run")
def test_the_ci_script_is_valid_bash() -> None:
    run = subprocess.run(["bash", "-n", str(ROOT / ".ci" / "run")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
