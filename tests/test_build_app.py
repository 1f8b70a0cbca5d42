"""The standalone build: PyInstaller makes one executable that starts, headless, to its first frame."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from compiling import choices_digest, compiler_here

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                    reason="PyInstaller is not installed (it is in requirements-dev.txt)")
def test_standalone_build_starts_headless_to_first_frame(tmp_path: Path) -> None:
    dist, work = tmp_path / "dist", tmp_path / "work"
    build = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"), "--dist", str(dist),
                            "--work", str(work)], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    exe = dist / ("bezique.exe" if sys.platform == "win32" else "bezique")
    assert exe.is_file()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BEZIQUE_DATA_DIR=str(tmp_path / "data"))
    run = subprocess.run([str(exe), "--first-frame-exit"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "first frame in" in run.stdout
    # the computer's hot path compiled where it can be, choosing as the checkout's Python modules do
    bench = [str(exe), "bench", "ai", "--games", "1", "--iterations", "4"]
    frozen = subprocess.run(bench, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    here = subprocess.run([sys.executable, "-m", "bezique", *bench[1:]], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert frozen.returncode == 0 and here.returncode == 0, frozen.stderr + here.stderr
    assert choices_digest(frozen.stdout) == choices_digest(here.stdout)
    if compiler_here():
        assert "on one core, compiled; choices" in frozen.stdout, frozen.stdout


def test_first_frame_exit_from_source(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "BEZIQUE_DATA_DIR": str(tmp_path)}
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--first-frame-exit"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "first frame in" in run.stdout
