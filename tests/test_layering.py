"""The rules core and the computer players never load the window's or the config file's libraries (STYLE.md
lesson 13): importing them in a fresh interpreter leaves pygame and yaml out of ``sys.modules``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("pygame", "yaml")


def loaded_after_import(module: str) -> list[str]:
    code = (
        "import json, sys\n"
        f"import {module}\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("module", [
    "bezique.rules",
    "bezique.rules.engine",
    "bezique.rules.view",
    "bezique.rules.record",
    "bezique.ai",
])
def test_import_loads_neither_pygame_nor_yaml(module):
    assert loaded_after_import(module) == []


def test_whole_rules_and_ai_packages_together():
    modules = sorted(p.stem for p in (ROOT / "bezique" / "rules").glob("*.py") if p.stem != "__init__")
    ai = sorted(p.stem for p in (ROOT / "bezique" / "ai").glob("*.py") if p.stem != "__init__")
    names = [f"bezique.rules.{m}" for m in modules] + [f"bezique.ai.{m}" for m in ai]
    assert loaded_after_import(", ".join(names)) == []
