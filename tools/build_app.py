#!/usr/bin/env python3
"""Build the standalone Bezique: one executable that runs without Python installed (PyInstaller, one-file).

    python tools/build_app.py [--dist DIR] [--work DIR]

The executable bundles the card images, the sounds and the default ``config.yaml``; inside it they sit in
``bezique/data/``, as in an installed wheel, where ``bezique.data_path`` finds them, so the game needs no special
case. The window's font package (``bezique.ui.kit.assets.FONT_PACKAGE``) is found by name with
``importlib.resources``, which PyInstaller cannot see: the package is named as a hidden import and the faces the
window draws, with their licence, are added at the same place inside it. The command modules are imported by name
at run time (``bezique.commands.cli``), so every ``bezique`` submodule is collected.
"""

from __future__ import annotations

import argparse
import os
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


def compiled_runtime() -> list[str]:
    """The mypyc runtime of a checkout compiled in place (``python3 setup.py build_ext --inplace``): the compiled
    modules load it from C, where PyInstaller cannot see the import."""
    return ["bezique__mypyc"] if any(ROOT.glob("bezique__mypyc.*")) else []


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    """The PyInstaller command line for a one-file, windowed build."""
    sep = os.pathsep
    hidden = [arg for module in [*command_modules(), *compiled_runtime()] for arg in ("--hidden-import", module)]
    return [
        str(ROOT / "main.py"),
        "--name", APP_NAME,
        "--onefile",
        "--windowed",
        "--noconfirm",
        "--log-level", "WARN",
        "--distpath", str(dist),
        "--workpath", str(work),
        "--specpath", str(work),
        "--paths", str(ROOT),
        "--collect-submodules", "bezique",
        "--add-data", f"{ROOT / 'assets'}{sep}bezique/data/assets",
        "--add-data", f"{ROOT / 'config.yaml'}{sep}bezique/data",
        *font_args(),
        *hidden,
    ]


def executable_path(dist: Path) -> Path:
    return dist / (APP_NAME + (".exe" if sys.platform == "win32" else ""))


def build(dist: Path, work: Path) -> Path:
    """Build and return the executable's path.

    Raises:
        ModuleNotFoundError: PyInstaller is not installed (``pip install pyinstaller``).
    """
    import PyInstaller.__main__  # imported here: only the build needs it

    PyInstaller.__main__.run(pyinstaller_args(dist, work))
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
