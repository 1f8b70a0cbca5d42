"""The layers below the window never load its libraries (STYLE.md lesson 13), checked by importing them in a fresh
interpreter: the rules core and the computer players load neither pygame nor yaml, the presenter (session, model,
layout) and the per-user files load no pygame, the window's kit loads nothing of the game. tests/test_architecture.py
reads the same rules from the source; this is the proof at run time, imports of imports included."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NO_WINDOW_NO_CONFIG = ("pygame", "yaml")
NO_WINDOW = ("pygame",)


def loaded_after_import(module: str, libraries: tuple[str, ...]) -> list[str]:
    """The modules of `libraries` in ``sys.modules`` after importing `module` (comma-separated names allowed)."""
    code = (
        "import json, sys\n"
        f"import {module}\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {libraries!r})))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def every_module(*packages: str) -> str:
    """All modules of `packages` (``bezique.rules`` …), as one comma-separated import list."""
    names = []
    for package in packages:
        folder = ROOT.joinpath(*package.split("."))
        names += [package] + [f"{package}.{p.stem}" for p in sorted(folder.glob("*.py")) if p.stem != "__init__"]
    assert len(names) > len(packages), f"no modules found in {packages}"
    return ", ".join(names)


@pytest.mark.parametrize("module", [
    "bezique.rules",
    "bezique.rules.engine",
    "bezique.rules.view",
    "bezique.rules.record",
    "bezique.ai",
])
def test_import_loads_neither_pygame_nor_yaml(module: str) -> None:
    assert loaded_after_import(module, NO_WINDOW_NO_CONFIG) == []


def test_whole_rules_and_ai_packages_together() -> None:
    assert loaded_after_import(every_module("bezique.rules", "bezique.ai"), NO_WINDOW_NO_CONFIG) == []


@pytest.mark.parametrize("package", ["bezique.presenter", "bezique.persist", "bezique.net", "bezique.games"])
def test_presenter_and_per_user_files_load_no_pygame(package: str) -> None:
    assert loaded_after_import(every_module(package), NO_WINDOW) == []


def test_the_kit_loads_nothing_of_the_game() -> None:
    """The window's kit, imports of imports included, brings in only itself, the geometry, the type scale's numbers
    and the packages above them: no rules, players, settings, texts or files."""
    loaded = loaded_after_import(every_module("bezique.ui.kit"), ("bezique",))
    assert "bezique.ui.kit.widgets" in loaded
    assert [m for m in loaded if m not in ("bezique", "bezique.ui", "bezique.geometry", "bezique.type_scale")
            and not m.startswith("bezique.ui.kit")] == []


def test_the_check_sees_pygame_when_it_is_loaded() -> None:
    """The subprocess check can fail: it does report pygame once something imports it."""
    assert "pygame" in loaded_after_import("json, pygame", NO_WINDOW)
