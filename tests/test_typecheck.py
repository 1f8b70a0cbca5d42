"""mypy on the pure packages (STYLE.md lesson 15): the rules core is fully typed and checked."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (requirements-dev.txt)")
def test_mypy_rules_core() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "bezique/rules"], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
