"""mypy on the whole package (STYLE.md lesson 15): the rules core and the computer players, and the window, the
presenter, the files and the commands around them, are typed and checked, so a refactor that breaks a caller
fails here rather than in a player's hands."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (requirements-dev.txt)")
def test_mypy_whole_package() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "bezique"], cwd=ROOT, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
