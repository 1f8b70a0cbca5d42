"""tools/table_shots.py, which draws the docs' screenshots of every variant mid-deal, still runs and draws the
table at the size asked (so the pictures can always be made again)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.usefixtures("pygame_quit")


def test_the_screenshot_tool_draws_a_table_mid_deal(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("table_shots", ROOT / "tools" / "table_shots.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["--out", str(tmp_path), "--size", "1088x640", "--variant", "four_handed"]) == 0
    picture = pygame.image.load(str(tmp_path / "table-four_handed-1088x640.jpg"))
    assert picture.get_size() == (1088, 640)
