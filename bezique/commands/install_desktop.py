"""``python -m bezique install-desktop``: put Bezique in the Linux desktop's application menu, for this user.

Writes a freedesktop ``.desktop`` entry whose ``Exec`` runs this checkout's ``main.py`` with this Python (``python
-m bezique`` once installed from the wheel, which has no main.py; or a given command, e.g. the standalone build)
and installs the icon and the AppStream metainfo software centres read, all under ``$XDG_DATA_HOME``
(``~/.local/share``); the entry opens ``bezique://`` links, so an invitation to a game across the internet clicked
in a message opens the game and joins it (``xdg-mime`` makes it their handler). On Windows the command does the
part Windows has: it makes the game (the standalone build's executable, or this Python) the user's handler of
``bezique://`` links in the registry.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from bezique import __version__, data_path
from bezique.net.invitation import SCHEME

MAIN_PY = Path(__file__).resolve().parents[2] / "main.py"  # only a checkout has it
ICON = data_path("assets", "cards", "icon.png")
APP_ID = "io.github.bezique.Bezique"  # the AppStream component id; its launchable is bezique.desktop
METAINFO_NAME = f"{APP_ID}.metainfo.xml"
RELEASE_DATE = "2026-11-29"  # when __version__ 0.1.0 was set; move it with the version
SUMMARY = "The French trick-and-meld card game, against the computer or a friend"


def desktop_entry(exec_command: str, icon: str) -> str:
    """The text of the ``.desktop`` file (Desktop Entry Specification; ``Version`` is the spec version it follows)."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        "Name=Bezique",
        "GenericName=Card Game",
        "GenericName[it]=Gioco di carte",
        f"Comment={SUMMARY}",
        "Comment[it]=Il gioco di carte francese a prese e combinazioni, contro il computer o un amico",
        f"Exec={exec_command} %u",  # %u: an invitation link (bezique://join/...) opened with the game
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=bezique;cards;card game;carte;",
        "StartupWMClass=bezique",
        f"MimeType=x-scheme-handler/{SCHEME};",  # the desktop opens bezique:// links (invitations) with the game
        "",
    ])


def metainfo(version: str = __version__) -> str:
    """The AppStream metainfo text: what a software centre shows, with the release this version is.

    ``metadata_license`` covers only this file (CC0, as AppStream asks); no ``project_license`` is given because the
    project states none yet, and AppStream wants a real one, not a guess.
    """
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{APP_ID}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <name>Bezique</name>
  <summary>{escape(SUMMARY)}</summary>
  <description>
    <p>
      Bezique, the 19th-century French card game for two, with exact rules and the classic variants: open,
      three- and four-handed, Rubicon and Chinese Bezique.
    </p>
    <p>
      Play against a computer opponent from beginner to expert, or with a friend on the same screen. Click or drag
      a card to play it; after winning a trick, the table lists every meld you may declare with its points.
    </p>
  </description>
  <launchable type="desktop-id">bezique.desktop</launchable>
  <categories>
    <category>Game</category>
    <category>CardGame</category>
  </categories>
  <content_rating type="oars-1.1"/>
  <releases>
    <release version="{escape(version)}" date="{RELEASE_DATE}"/>
  </releases>
</component>
"""


def default_command() -> tuple[str, ...]:
    """What starts this game: the standalone build's executable itself, this checkout's main.py with this Python,
    or ``python -m bezique`` as installed from the wheel."""
    if getattr(sys, "frozen", False):
        return (sys.executable,)
    return (sys.executable, str(MAIN_PY)) if MAIN_PY.is_file() else (sys.executable, "-m", "bezique")


def default_exec() -> str:
    return " ".join(shlex.quote(part) for part in default_command())


LINK_KEY = rf"Software\Classes\{SCHEME}"  # under HKEY_CURRENT_USER: this user's handler, no administrator needed


def register_windows_links(command: tuple[str, ...], registry: Any = None) -> str:
    """Make `command` this Windows user's handler of ``bezique://`` links (the registry's URL protocol keys), so an
    invitation clicked in a message opens the game and joins; returns the command line written."""
    if registry is None:
        import winreg as registry  # only on Windows
    line = subprocess.list2cmdline([*command, "%1"])
    with registry.CreateKey(registry.HKEY_CURRENT_USER, LINK_KEY) as key:
        registry.SetValueEx(key, "", 0, registry.REG_SZ, "URL:Bezique invitation")
        registry.SetValueEx(key, "URL Protocol", 0, registry.REG_SZ, "")
    with registry.CreateKey(registry.HKEY_CURRENT_USER, LINK_KEY + r"\shell\open\command") as key:
        registry.SetValueEx(key, "", 0, registry.REG_SZ, line)
    return line


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def _write_atomically(path: Path, text: str) -> None:
    """Write through a temporary file, so a menu or software centre never reads half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def install(exec_command: str, target_home: Path) -> Path:
    """Install the icon, the entry and the metainfo under `target_home`; return the entry's path."""
    icon_dir = target_home / "icons" / "hicolor" / "256x256" / "apps"
    icon_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ICON, icon_dir / "bezique.png")
    entry = target_home / "applications" / "bezique.desktop"
    _write_atomically(entry, desktop_entry(exec_command, str(icon_dir / "bezique.png")))
    _write_atomically(target_home / "metainfo" / METAINFO_NAME, metainfo())
    return entry


def validate(entry: Path) -> str | None:
    """Problems reported by ``desktop-file-validate``, None if it passes, or a note if the tool is missing."""
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        return None
    result = subprocess.run([tool, str(entry)], capture_output=True, text=True, check=False)
    return (result.stdout + result.stderr).strip() or None


def register_links(entry: Path) -> str | None:
    """Make the game the handler of ``bezique://`` links (``xdg-mime``, and the desktop's cache of handlers), so an
    invitation clicked in a message opens it; a sentence when the desktop has no tool for it."""
    xdg_mime = shutil.which("xdg-mime")
    if xdg_mime is None:
        return "xdg-mime is not installed: bezique:// invitations are pasted into Join instead of clicked"
    subprocess.run([xdg_mime, "default", entry.name, f"x-scheme-handler/{SCHEME}"], capture_output=True,
                   check=False)
    database = shutil.which("update-desktop-database")
    if database is not None:
        subprocess.run([database, str(entry.parent)], capture_output=True, check=False)
    return None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--exec", dest="exec_command", default=None,
                        help="the command the menu entry runs (default: this Python with main.py, or -m bezique)")


def run(args: argparse.Namespace) -> int:
    if sys.platform == "win32":  # no menu to write here: the invitations' links are what Windows can be given
        command = tuple(shlex.split(args.exec_command, posix=False)) if args.exec_command else default_command()
        print(f"bezique:// invitations now open with: {register_windows_links(command)}")
        return 0
    entry = install(args.exec_command or default_exec(), data_home())
    problems = validate(entry)
    if problems:
        print(f"install-desktop: {entry} does not validate:\n{problems}", file=sys.stderr)
        return 2
    note = register_links(entry)
    print(f"installed {entry}; Bezique is now in your applications menu" + (f" ({note})" if note else
                                                                            ", and opens bezique:// invitations"))
    return 0
