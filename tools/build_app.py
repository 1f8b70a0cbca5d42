#!/usr/bin/env python3
"""Build the standalone Bezique: one executable that runs without Python installed (PyInstaller, one-file).

    python tools/build_app.py [--dist DIR] [--work DIR]

The executable bundles the card images, the sounds and the default ``config.yaml``; inside it they sit in
``bezique/data/``, as in an installed wheel, where ``bezique.data_path`` finds them, so the game needs no special
case. The window's font package (``bezique.ui.kit.assets.FONT_PACKAGE``) is found by name with
``importlib.resources``, which PyInstaller cannot see: the package is named as a hidden import and the faces the
window draws, with their licence, are added at the same place inside it. The command modules are imported by name
at run time (``bezique.commands.cli``), so every ``bezique`` submodule is collected.

The computer's hot path is compiled where the machine can (setup.py's ``ACCELERATED``, with mypyc, as a wheel
build does): the package is staged under the work folder with the compiled modules beside the sources, and the
executable is built from that copy, so its computer samples about twice the deals in its thinking time. Where they
cannot be compiled (no mypyc or C compiler, or ``BEZIQUE_PURE=1``) it carries the Python modules alone and says so.
Where iroh is installed, the build carries it (play across the internet); on Linux, ``bezique install-desktop --exec
PATH`` then makes the executable the handler of ``bezique://`` invitations.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "bezique"


def command_modules() -> list[str]:
    """The modules ``bezique.commands.cli`` imports by name (PyInstaller cannot see imports made from strings)."""
    sys.path.insert(0, str(ROOT))
    from bezique.commands.cli import COMMANDS

    return sorted({module for module, _ in COMMANDS.values()})


def font_args() -> list[str]:
    """The font package as a hidden import, and ``--add-data`` arguments for the window's font files and their
    licence, from the installed package, placed where ``importlib.resources`` looks for them inside the bundle."""
    sys.path.insert(0, str(ROOT))
    from importlib import resources

    from bezique.ui.kit.assets import FONT_FILES, FONT_FOLDER, FONT_LICENCE, FONT_PACKAGE

    folder = Path(str(resources.files(FONT_PACKAGE) / FONT_FOLDER))
    names = [*FONT_FILES.values(), FONT_LICENCE]
    data = [arg for name in names for arg in ("--add-data", f"{folder / name}{os.pathsep}{FONT_PACKAGE}/{FONT_FOLDER}")]
    return ["--hidden-import", FONT_PACKAGE, *data]


def compiled_stage(work: Path) -> Path | None:
    """A copy of the game (``main.py`` and the package) under `work` whose hot path is compiled, for PyInstaller to
    bundle, or None where nothing could be compiled: the build then bundles the checkout's Python modules."""
    if os.environ.get("BEZIQUE_PURE") == "1":
        return None
    stage = work / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    compile_run = subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib", str(stage),
                                  "--build-temp", str(work / "compile")], cwd=ROOT, capture_output=True, text=True)
    if compile_run.returncode != 0 or not compiled_runtime(stage):  # the compiled modules need their runtime
        print("build_app: the computer's hot path stays Python (it could not be compiled here)", file=sys.stderr)
        return None
    # the sources beside the compiled modules, not a checkout's own compiled files (built from other sources)
    shutil.copytree(ROOT / "bezique", stage / "bezique", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    shutil.copy2(ROOT / "main.py", stage / "main.py")
    return stage


def compiled_runtime(source: Path) -> list[str]:
    """The mypyc runtime of compiled modules under `source` (a stage, or a checkout compiled in place with
    ``python3 setup.py build_ext --inplace``): they load it from C, where PyInstaller cannot see the import."""
    return ["bezique__mypyc"] if any(source.glob("bezique__mypyc.*")) else []


def speech_args() -> list[str]:
    """The voice (the ``speech`` extra, ``speechlight``) with its screen readers' libraries, when it is installed:
    the game loads it by name at run time, where PyInstaller cannot see it. Without it the build says so and the
    executable runs silent, as the game does without the extra."""
    import importlib.util

    if importlib.util.find_spec("speechlight") is None:
        print("build_app: speechlight is not installed (pip install .[speech]): the executable will not speak")
        return []
    return ["--collect-all", "speechlight"]


def pyinstaller_args(dist: Path, work: Path, source: Path = ROOT) -> list[str]:
    """The PyInstaller command line for a one-file, windowed build of the game in `source` (the checkout, or a
    ``compiled_stage``)."""
    sep = os.pathsep
    hidden = [arg for module in [*command_modules(), *compiled_runtime(source)] for arg in ("--hidden-import", module)]
    return [
        str(source / "main.py"),
        "--name", APP_NAME,
        "--onefile",
        "--windowed",
        "--noconfirm",
        "--log-level", "WARN",
        "--distpath", str(dist),
        "--workpath", str(work),
        "--specpath", str(work),
        "--paths", str(source),
        "--collect-submodules", "bezique",
        "--add-data", f"{ROOT / 'assets'}{sep}bezique/data/assets",
        "--add-data", f"{ROOT / 'config.yaml'}{sep}bezique/data",
        *font_args(),
        *speech_args(),
        *internet_args(),
        *hidden,
    ]


def internet_args() -> list[str]:
    """The optional internet part (iroh), where it is installed here: its module and its compiled library, which it
    loads by path beside itself (PyInstaller cannot see that). Without it the build plays on the local network and
    says, when asked for the internet, that this computer cannot."""
    if importlib.util.find_spec("iroh") is None:
        return []
    return ["--hidden-import", "iroh", "--collect-binaries", "iroh"]


def executable_path(dist: Path) -> Path:
    return dist / (APP_NAME + (".exe" if sys.platform == "win32" else ""))


def build(dist: Path, work: Path) -> Path:
    """Build and return the executable's path.

    Raises:
        ModuleNotFoundError: PyInstaller is not installed (``pip install pyinstaller``).
    """
    import PyInstaller.__main__  # imported here: only the build needs it

    PyInstaller.__main__.run(pyinstaller_args(dist, work, compiled_stage(work) or ROOT))
    return executable_path(dist)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the executable goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's scratch folder")
    args = parser.parse_args()
    try:
        exe = build(args.dist, args.work)
    except ModuleNotFoundError:
        print("build_app: PyInstaller is not installed; run: python -m pip install pyinstaller==6.22.3",
              file=sys.stderr)
        return 2
    print(f"built {exe} ({exe.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
