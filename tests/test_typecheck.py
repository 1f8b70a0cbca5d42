"""mypy on the whole package (STYLE.md lesson 15): the rules core and the computer players, and the window, the
presenter, the files and the commands around them, are typed and checked, so a refactor that breaks a caller
fails here rather than in a player's hands. The check is strict (``pyproject.toml``'s ``[tool.mypy]``): a function
without types, a bare ``dict`` or a value returned as ``Any`` fails as a wrong type does."""

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (requirements-dev.txt)")
def test_mypy_whole_package() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "bezique"], cwd=ROOT, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_check_is_strict() -> None:
    """The configuration asks for ``--strict``, so that ``mypy bezique`` (here, and as a developer runs it) holds
    the whole package to it rather than to the lenient defaults."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["mypy"].get("strict") is True


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (requirements-dev.txt)")
def test_the_kind_shown_before_is_typed_as_a_kind() -> None:
    """What narration is told was shown before an event (an ``EventKind`` or the table's ``Staging`` step) is typed
    as that union, so a plain string, compared with the kinds and never equal to one, fails the check."""
    snippet = (
        "from bezique.presenter import narration\n"
        "from bezique.rules import Event, EventKind\n"
        "from bezique.ui.table.spoken import TableSpeech\n"
        "def said(event: Event, who: narration.Listener, speech: TableSpeech) -> None:\n"
        "    narration.event_line(event, who, None, 'seven_exchanged')\n"
        "    speech.previous = 'seven_exchanged'\n"
        "    narration.event_line(event, who, None, EventKind.SEVEN_EXCHANGED)\n"
        "    speech.previous = EventKind.SEVEN_EXCHANGED\n")
    result = subprocess.run([sys.executable, "-m", "mypy", "-c", snippet], cwd=ROOT, capture_output=True, text=True,
                            timeout=600)
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["5", "6"], result.stdout
