"""The game starts whatever the per-user files hold, run as a player runs it (``main.py``, to its first frame): a
settings file with a number JSON has not (``NaN``, ``Infinity``, ``-Infinity``: Python's json reads them) is set
aside byte for byte, named in one line on stderr (the table shows it too), and the game opens on the defaults.
Before, a ``NaN`` there ended the start with the crash screen and status 1."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOADED = "47 images and 13 sounds loaded"


def _start(data: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env |= {"BEZIQUE_DATA_DIR": str(data), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "--first-frame-exit"], cwd=data.parent, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=300)


def _aside(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if re.fullmatch(rf"{re.escape(name)}\.damaged-\d{{8}}-\d{{6}}(-\d+)?", p.name)]


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_the_game_starts_past_a_settings_file_with_a_number_json_has_not(tmp_path: Path, token: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    text = f'{{"format": "bezique-settings", "version": 1, "app": {{"sound_volume": {token}}}, "ai": {{}}}}\n'
    (data / "settings.json").write_bytes(text.encode())
    run = _start(data)
    assert run.returncode == 0, run.stdout + run.stderr
    assert LOADED in run.stdout
    [kept] = _aside(data, "settings.json")
    assert run.stderr.splitlines() == [
        f"bezique: settings.json: could not be read (not valid JSON at line 1, column 70: {token} is not a number "
        f"JSON allows); kept as {kept.name} — using the defaults"]
    assert kept.read_bytes() == text.encode()


def test_the_game_starts_past_a_save_with_a_number_json_has_not(tmp_path: Path) -> None:
    """The menu looks for the game to continue at once: the save is set aside (the menu names it), the game opens."""
    data = tmp_path / "data"
    data.mkdir()
    text = b'{"format": "bezique-save", "version": 1, "meta": {"human_seat": NaN}, "record": {}}'
    (data / "savegame.json").write_bytes(text)
    run = _start(data)
    assert run.returncode == 0 and LOADED in run.stdout, run.stdout + run.stderr
    [kept] = _aside(data, "savegame.json")
    assert kept.read_bytes() == text and not (data / "savegame.json").exists()
