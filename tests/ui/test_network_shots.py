"""tools/network_shots.py, which draws the README's pictures of a game on two computers from two real windows (the
friend's in a process of its own, joined over a socket on 127.0.0.1), still runs and draws the three pictures at
the size asked, so they can always be made again."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.usefixtures("pygame_quit")


def test_the_network_screenshot_tool_draws_both_windows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(tmp_path / "data"))  # the tool points it at folders of its own
    spec = importlib.util.spec_from_file_location("network_shots", ROOT / "tools" / "network_shots.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["--out", str(tmp_path), "--size", "1024x640", "--tricks", "1"]) == 0
    for name in ("network-host-waiting", "network-host-table", "network-friend-table"):
        assert pygame.image.load(str(tmp_path / f"{name}.jpg")).get_size() == (1024, 640)
