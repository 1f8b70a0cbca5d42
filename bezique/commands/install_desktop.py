"""``python -m bezique install-desktop``: put Bezique in the Linux desktop's application menu, for this user.

Writes a freedesktop ``.desktop`` entry whose ``Exec`` runs this checkout's ``main.py`` with this Python (``python
-m bezique`` once installed from the wheel, which has no main.py; or a given command, e.g. the standalone build)
and installs the icon, both under ``$XDG_DATA_HOME`` (``~/.local/share``).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from bezique import data_path

MAIN_PY = Path(__file__).resolve().parents[2] / "main.py"  # only a checkout has it
ICON = data_path("assets", "cards", "icon.png")


def desktop_entry(exec_command: str, icon: str) -> str:
    """The text of the ``.desktop`` file (Desktop Entry Specification; ``Version`` is the spec version it follows)."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        "Name=Bezique",
        "GenericName=Card Game",
        "GenericName[it]=Gioco di carte",
        "Comment=The French trick-and-meld card game, against the computer or a friend",
        "Comment[it]=Il gioco di carte francese a prese e combinazioni, contro il computer o un amico",
        f"Exec={exec_command}",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=bezique;cards;card game;carte;",
        "StartupWMClass=bezique",
        "",
    ])


def default_exec() -> str:
    command = (sys.executable, str(MAIN_PY)) if MAIN_PY.is_file() else (sys.executable, "-m", "bezique")
    return " ".join(shlex.quote(part) for part in command)


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def install(exec_command: str, target_home: Path) -> Path:
    """Install the icon and the entry under `target_home`; return the entry's path."""
    icon_dir = target_home / "icons" / "hicolor" / "256x256" / "apps"
    icon_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ICON, icon_dir / "bezique.png")
    apps = target_home / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    entry = apps / "bezique.desktop"
    tmp = entry.with_suffix(".desktop.tmp")
    tmp.write_text(desktop_entry(exec_command, str(icon_dir / "bezique.png")), encoding="utf-8")
    os.replace(tmp, entry)
    return entry


def validate(entry: Path) -> str | None:
    """Problems reported by ``desktop-file-validate``, None if it passes, or a note if the tool is missing."""
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        return None
    result = subprocess.run([tool, str(entry)], capture_output=True, text=True, check=False)
    return (result.stdout + result.stderr).strip() or None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--exec", dest="exec_command", default=None,
                        help="the command the menu entry runs (default: this Python with main.py, or -m bezique)")


def run(args: argparse.Namespace) -> int:
    entry = install(args.exec_command or default_exec(), data_home())
    problems = validate(entry)
    if problems:
        print(f"install-desktop: {entry} does not validate:\n{problems}", file=sys.stderr)
        return 2
    print(f"installed {entry}; Bezique is now in your applications menu")
    return 0
