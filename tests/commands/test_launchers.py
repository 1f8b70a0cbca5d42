"""Launchers: the freedesktop entry validates and installs for one user; the Windows starter runs main.py."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bezique.commands.cli import main
from bezique.commands.install_desktop import METAINFO_NAME, desktop_entry, install, metainfo, validate

ROOT = Path(__file__).resolve().parents[2]
needs_validator = pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                                     reason="desktop-file-validate is not installed (Debian: desktop-file-utils)")


@needs_validator
def test_committed_desktop_file_validates() -> None:
    entry = ROOT / "launchers" / "bezique.desktop"
    assert validate(entry) is None
    assert entry.read_text(encoding="utf-8") == desktop_entry("bezique", "bezique")


@needs_validator
def test_install_desktop_for_current_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # where xdg-mime notes the link handler
    assert main(["install-desktop"]) == 0
    entry = tmp_path / "applications" / "bezique.desktop"
    text = entry.read_text(encoding="utf-8")
    assert f"Exec={sys.executable} {ROOT / 'main.py'} %u" in text
    assert "MimeType=x-scheme-handler/bezique;" in text  # invitations open the game
    icon = tmp_path / "icons" / "hicolor" / "256x256" / "apps" / "bezique.png"
    assert icon.read_bytes() == (ROOT / "assets" / "cards" / "icon.png").read_bytes()
    assert f"Icon={icon}" in text


def test_committed_metainfo_is_the_generated_one_with_the_required_elements() -> None:
    import bezique

    committed = ROOT / "launchers" / METAINFO_NAME
    assert committed.read_text(encoding="utf-8") == metainfo()
    component = ET.parse(committed).getroot()
    assert component.tag == "component" and component.get("type") == "desktop-application"
    assert component.findtext("id") == METAINFO_NAME.removesuffix(".metainfo.xml")
    assert component.findtext("metadata_license") == "CC0-1.0"
    assert component.findtext("name") == "Bezique"
    assert component.findtext("summary")
    assert component.findall("description/p")
    launchable = component.find("launchable")
    assert launchable is not None and launchable.get("type") == "desktop-id"
    assert launchable.text == "bezique.desktop" and (ROOT / "launchers" / launchable.text).is_file()
    rating = component.find("content_rating")
    assert rating is not None and rating.get("type") == "oars-1.1"
    assert [release.get("version") for release in component.findall("releases/release")] == [bezique.__version__]


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli is not installed (Debian: appstream)")
def test_committed_metainfo_validates() -> None:
    result = subprocess.run(["appstreamcli", "validate", "--no-net", str(ROOT / "launchers" / METAINFO_NAME)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_install_desktop_installs_the_metainfo(tmp_path: Path) -> None:
    install("bezique", tmp_path)
    assert (tmp_path / "metainfo" / METAINFO_NAME).read_text(encoding="utf-8") == metainfo()


def test_install_is_atomic_and_repeatable(tmp_path: Path) -> None:
    first = install("bezique", tmp_path)
    second = install("bezique --demo", tmp_path)
    assert first == second and "Exec=bezique --demo" in second.read_text(encoding="utf-8")
    assert not list(tmp_path.rglob("*.tmp"))


def test_windows_starter_runs_main_py_from_any_directory(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, str(ROOT / "launchers" / "Bezique.pyw"), "--help"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "usage: python -m bezique" in result.stdout


def test_pyproject_gui_entry_point_resolves() -> None:
    import importlib
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    module_name, _, attr = project["gui-scripts"]["bezique"].partition(":")
    entry = getattr(importlib.import_module(module_name), attr)
    assert entry(["--help"]) == 0


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    import bezique

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"bezique {bezique.__version__}\n"


def test_installed_menu_entry_runs_the_module_when_there_is_no_main_py(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from bezique.commands import install_desktop

    monkeypatch.setattr(install_desktop, "MAIN_PY", tmp_path / "main.py")  # as in site-packages
    assert install_desktop.default_exec() == f"{sys.executable} -m bezique"


class FakeRegistry:
    """The few calls of ``winreg`` that make a URL protocol's keys, kept in a dict (no Windows here)."""

    HKEY_CURRENT_USER = "HKCU"
    REG_SZ = 1

    def __init__(self) -> None:
        self.values: dict[tuple[str, str], str] = {}

    def CreateKey(self, root: str, path: str):  # winreg's name
        import contextlib

        return contextlib.nullcontext(f"{root}\\{path}")

    def SetValueEx(self, key: str, name: str, reserved: int, kind: int, value: str) -> None:
        assert kind == self.REG_SZ and reserved == 0
        self.values[(key, name)] = value


def test_on_windows_invitation_links_open_the_game() -> None:
    from bezique.commands.install_desktop import register_windows_links

    registry = FakeRegistry()
    line = register_windows_links((r"C:\Games\Bezique\bezique.exe",), registry)
    assert line == r"C:\Games\Bezique\bezique.exe %1"
    assert registry.values == {
        (r"HKCU\Software\Classes\bezique", ""): "URL:Bezique invitation",
        (r"HKCU\Software\Classes\bezique", "URL Protocol"): "",
        (r"HKCU\Software\Classes\bezique\shell\open\command", ""): r"C:\Games\Bezique\bezique.exe %1",
    }
    spaced = register_windows_links((r"C:\Program Files\Python\python.exe", r"C:\My Games\main.py"), registry)
    assert spaced == r'"C:\Program Files\Python\python.exe" "C:\My Games\main.py" %1'


def test_an_opened_link_joins_its_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the desktop runs for a clicked invitation (``bezique bezique://join/...``) is the play command's join."""
    from bezique.commands import cli

    seen = []
    monkeypatch.setattr("bezique.commands.play.run", lambda args: seen.append(args) or 0)
    assert cli.main(["bezique://join/endpointabc/K7Q2M"]) == 0
    assert seen and seen[0].command == "play" and seen[0].join == "bezique://join/endpointabc/K7Q2M"
