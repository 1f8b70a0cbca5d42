"""mypy on the pure packages (STYLE.md lesson 15): the rules core and the computer players are typed and checked."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (requirements-dev.txt)")
def test_mypy_rules_core_and_ai() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "bezique/rules", "bezique/ai"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
