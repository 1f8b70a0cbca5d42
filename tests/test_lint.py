"""Lint is part of the test command, so CI and a developer's `pytest` agree on what "clean" means."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.prefix) / "bin" / "ruff").exists(),
                    reason="ruff is not installed (pip install -r requirements-dev.txt)")
def test_ruff_is_clean() -> None:
    targets = [p for p in ("bezique", "tests", "tools", "lab", "main.py") if (ROOT / p).exists()]
    result = subprocess.run([sys.executable, "-m", "ruff", "check", *targets], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
