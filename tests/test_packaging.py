"""The wheel is the game: built from the checkout and installed as a player installs it, it opens with its cards
and sounds.

The wheel goes into a fresh virtual environment of its own (no system site packages), by that environment's pip,
with its pinned run-time requirements offered from a wheelhouse the running interpreter's pip makes (from its cache,
else its index) and nothing else (``--no-index``, no pip configuration): whether pytest runs in a virtual
environment or in a bare Python, the installed game finds only what the wheel and its requirements carry, never the
test environment's packages, and runs from a folder outside the checkout with no ``PYTHON*`` variables.
"""

from __future__ import annotations

import ast
import os
import shlex
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from compiling import choices_digest, compiler_here

import bezique

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ("bezique", "assets", "config.yaml", "pyproject.toml", "setup.py", "MANIFEST.in")
BIN = "Scripts" if sys.platform == "win32" else "bin"
LOADED = "47 images and 13 sounds loaded"  # every card face, back, felt and sound (--first-frame-exit)


def _run(command: list[str], cwd: Path, *, isolated: bool = False, **env: str) -> subprocess.CompletedProcess[str]:
    """`command` without the test's ``PYTHON*`` variables; `isolated`: without any pip configuration either (its
    files and ``PIP_*`` variables), so that a pip run sees only the folders its command names."""
    drop = ("PYTHON", "PIP_") if isolated else ("PYTHON",)
    clean = {k: v for k, v in os.environ.items() if not k.startswith(drop)}
    if isolated:
        clean |= {"PIP_CONFIG_FILE": os.devnull, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    return subprocess.run(command, cwd=cwd, env={**clean, **env}, capture_output=True, text=True, timeout=600)


def _offline_install(wheelhouse: Path) -> list[str]:
    """pip's options that install from `wheelhouse` alone."""
    return ["--no-index", "--find-links", str(wheelhouse)]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``pip wheel .`` on a copy of the sources: setuptools' build/ folder stays out of the checkout (a stale one
    would slip deleted modules into later wheels), and the build is shown to need no other file."""
    source, dist = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("dist")
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    built = _run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-w", str(dist)], cwd=source)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (found,) = dist.glob("bezique-*.whl")
    return found


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """requirements.txt's pins as wheels, made by the running interpreter's pip as it is configured (its cache, else
    its index: what a player's pip would fetch), for the installs below to take offline."""
    where = tmp_path_factory.mktemp("wheelhouse")
    built = _run([sys.executable, "-m", "pip", "wheel", "-q", "-r", str(ROOT / "requirements.txt"), "-w", str(where)],
                 cwd=where)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    return where


@pytest.fixture(scope="module")
def env_dir(wheel: Path, wheelhouse: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment of its own (its own pip, no system site packages) with the wheel installed by that pip,
    its requirements from the wheelhouse alone, as a player would install it."""
    where = tmp_path_factory.mktemp("env")
    venv.create(where, system_site_packages=False, with_pip=True)
    pip = _run([str(where / BIN / "python"), "-m", "pip", "install", *_offline_install(wheelhouse), str(wheel)],
               cwd=where, isolated=True)
    assert pip.returncode == 0, pip.stdout[-2000:] + pip.stderr[-2000:]
    return where


SEEN = ("import importlib.util, sys, platformdirs, pygame, yaml\n"
        "print(sys.prefix)\n"
        "print(*(m.__file__ for m in (platformdirs, pygame, yaml)), sep='\\n')\n"
        "print(importlib.util.find_spec('pytest') is None)")


def _sees_only(python: Path, where: Path, cwd: Path) -> None:
    """`python` runs in `where` and finds its run-time packages there, and the test tools (pytest) nowhere."""
    run = _run([str(python), "-c", SEEN], cwd=cwd, PYGAME_HIDE_SUPPORT_PROMPT="1")
    assert run.returncode == 0, run.stdout + run.stderr
    prefix, *modules, no_pytest = run.stdout.splitlines()
    assert Path(prefix).resolve() == where.resolve() != Path(sys.prefix).resolve()
    assert all(Path(m).resolve().is_relative_to(where.resolve()) for m in modules), modules
    assert no_pytest == "True", "the installed game sees the test environment's packages"


def test_wheel_carries_cards_sounds_and_config(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = [p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*") if p.is_file()]
    missing = [rel for rel in [*shipped, "config.yaml"] if f"bezique/data/{rel}" not in names]
    assert shipped and missing == []
    assert wheel.name.startswith(f"bezique-{bezique.__version__}-")  # pyproject reads bezique.__version__
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    requires = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "Requires-Dist: font-source-sans-pro==0.0.1" in requires  # the window's font comes with pip install .


def test_installed_game_starts_with_its_cards_and_sounds(env_dir: Path, tmp_path: Path) -> None:
    run = _run([str(env_dir / BIN / "bezique"), "--first-frame-exit"], cwd=tmp_path, SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", BEZIQUE_DATA_DIR=str(tmp_path / "data"))
    assert run.returncode == 0, run.stdout + run.stderr
    assert LOADED in run.stdout
    where = _run([str(env_dir / BIN / "python"), "-c", "import bezique; print(bezique.data_path())"], cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(env_dir), where.stdout + where.stderr


def test_installed_game_sees_its_own_environment_only(env_dir: Path, tmp_path: Path) -> None:
    _sees_only(env_dir / BIN / "python", env_dir, tmp_path)


def test_installed_version_is_the_package_version(env_dir: Path, tmp_path: Path) -> None:
    for command in ([str(env_dir / BIN / "bezique"), "--version"], [str(env_dir / BIN / "python"), "-m", "bezique",
                                                                   "--version"]):
        run = _run(command, cwd=tmp_path)
        assert run.returncode == 0 and run.stdout == f"bezique {bezique.__version__}\n", run.stdout + run.stderr


@pytest.mark.parametrize("rel", ["sounds/seven.wav", "cards/classic/QS.png", "cards/felt_green.png"])
def test_installed_game_without_a_file_names_it(env_dir: Path, tmp_path: Path, rel: str) -> None:
    python = env_dir / BIN / "python"
    where = _run([str(python), "-c", f"import bezique; print(bezique.data_path('assets', '{rel}'))"], cwd=tmp_path)
    missing = Path(where.stdout.strip())
    hidden = missing.with_suffix(".hidden")
    missing.rename(hidden)
    try:
        run = _run([str(env_dir / BIN / "bezique"), "--first-frame-exit"], cwd=tmp_path, SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", BEZIQUE_DATA_DIR=str(tmp_path / "data"))
    finally:
        hidden.rename(missing)
    assert run.returncode == 1
    assert f"bezique: the game's file {missing} is missing or unreadable" in run.stderr, run.stdout + run.stderr


def test_pipx_install_gives_a_bezique_command_that_plays(wheel: Path, wheelhouse: Path, tmp_path: Path) -> None:
    """``pipx install`` (the way README offers a player to install it): its own environment, a ``bezique`` command
    on its bin folder, and a first frame with every card and sound. Its pip takes the pinned run-time packages from
    the wheelhouse alone, and its shared pip is the one Python bundles (no upgrade from the network)."""
    pytest.importorskip("pipx", reason="pipx is pinned in requirements-dev.txt")
    home, bin_dir = tmp_path / "pipx-home", tmp_path / "pipx-bin"
    installed = _run([sys.executable, "-m", "pipx", "install", "--pip-args", shlex.join(_offline_install(wheelhouse)),
                      str(wheel)], cwd=tmp_path, isolated=True, PIPX_HOME=str(home), PIPX_BIN_DIR=str(bin_dir),
                     PIPX_MAN_DIR=str(tmp_path / "pipx-man"), PIPX_DISABLE_SHARED_LIBS_AUTO_UPGRADE="1")
    assert installed.returncode == 0, installed.stdout[-2000:] + installed.stderr[-2000:]
    command = bin_dir / ("bezique.exe" if sys.platform == "win32" else "bezique")
    run = _run([str(command), "--first-frame-exit"], cwd=tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               BEZIQUE_DATA_DIR=str(tmp_path / "data"))
    assert run.returncode == 0, run.stdout + run.stderr
    assert LOADED in run.stdout
    _sees_only(home / "venvs" / "bezique" / BIN / "python", home / "venvs" / "bezique", tmp_path)


def test_wheel_compiles_the_rollouts_hot_path_where_it_can(wheel: Path) -> None:
    """setup.py's ``ACCELERATED`` modules go into the wheel compiled (mypyc) beside their sources: the player's
    computer then samples about twice as many deals in its thinking time."""
    if not compiler_here():
        pytest.skip("no C compiler here: the wheel carries the Python modules alone (tested by the others)")
    names = set(zipfile.ZipFile(wheel).namelist())
    compiled = {n.split(".")[0] + ".py" for n in names if n.endswith((".so", ".pyd")) and n.startswith("bezique/")}
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    listed = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == "ACCELERATED" for t in node.targets))
    accelerated = set(ast.literal_eval(listed))
    assert "bezique/ai/search.py" in accelerated
    assert compiled == accelerated
    assert accelerated <= names  # the sources stay: the compiled modules are read from the same text


def test_installed_computer_makes_the_same_choices_as_the_checkout(env_dir: Path, tmp_path: Path) -> None:
    """Compiled or not, the Expert chooses the same moves on the same sampled deals: ``bench ai``'s digest of its
    choices on a small fixed workload is the same in the installed game as in the checkout's Python."""
    command = ["-m", "bezique", "bench", "ai", "--games", "1", "--iterations", "6"]
    installed = _run([str(env_dir / BIN / "python"), *command], cwd=tmp_path)
    here = subprocess.run([sys.executable, *command], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0 and here.returncode == 0, installed.stderr + here.stderr
    assert choices_digest(installed.stdout) == choices_digest(here.stdout)
    if compiler_here():  # and the installed one says it measured the compiled modules
        assert "on one core, compiled; choices" in installed.stdout, installed.stdout
