"""One way to shut pygame down: ``bezique.ui.shutdown.quit_pygame``, which halts every sound first (a sound
ending during pygame-ce's mixer quit deadlocks it against SDL's audio thread). Anywhere else, in the game, its
tests, tools or lab, a ``pygame.quit`` or ``pygame.mixer.quit`` fails here, however it is spelt or imported.

Read with ``ast``, never by importing, and tried on planted files first so that it cannot pass by finding nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHUTDOWN = ROOT / "bezique" / "ui" / "shutdown.py"  # the one place that calls pygame.quit, after halting sounds
QUITS = ("pygame.quit", "pygame.mixer.quit")


def dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a name or a chain of attributes on one, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def pygame_quits(path: Path) -> list[int]:
    """The lines where the module at `path` names pygame's quit or its mixer's (called or handed on, as to
    ``atexit.register``), through any alias an import gave pygame, its mixer or the quit itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    aliases: dict[str, str] = {}  # a local name -> the dotted name it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases.update({alias.asname: alias.name for alias in node.names if alias.asname})
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            aliases.update({alias.asname or alias.name: f"{node.module}.{alias.name}" for alias in node.names})
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name | ast.Attribute) and isinstance(node.ctx, ast.Load):
            name = dotted(node)
            if name is not None:
                head, _, rest = name.partition(".")
                full = aliases.get(head, head) + (f".{rest}" if rest else "")
                if full in QUITS:
                    found.add(node.lineno)
    return sorted(found)


def scanned() -> list[Path]:
    """Every Python file of the game, its tests, its tools, its lab and its start-up script."""
    return [*sorted(ROOT.joinpath("bezique").rglob("*.py")), *sorted(ROOT.joinpath("tests").rglob("*.py")),
            *sorted(ROOT.joinpath("tools").rglob("*.py")), *sorted(ROOT.joinpath("lab").rglob("*.py")),
            ROOT / "main.py"]


def test_the_checker_finds_every_spelling_of_a_bare_quit(tmp_path: Path) -> None:
    planted = {
        "plain.py": "import pygame\ndef close():\n    pygame.quit()\n",
        "aliased.py": "import pygame as pg\npg.mixer.quit()\n",
        "handed_on.py": "import atexit\nimport pygame\natexit.register(pygame.quit)\n",
        "from_pygame.py": "from pygame import quit as stop\nfrom pygame import mixer\nstop()\nmixer.quit()\n",
        "fine.py": ("import pygame\nfrom bezique.ui.shutdown import quit_pygame\nclass App:\n"
                    "    def quit(self):\n        pass\nApp().quit()\nquit_pygame()\npygame.display.quit()\nquit()\n"),
    }
    for name, text in planted.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert {name: pygame_quits(tmp_path / name) for name in planted} == {
        "plain.py": [3], "aliased.py": [2], "handed_on.py": [3], "from_pygame.py": [3, 4], "fine.py": []}


def test_only_the_shutdown_module_quits_pygame() -> None:
    files = scanned()
    assert SHUTDOWN in files and pygame_quits(SHUTDOWN) != [], "the checker no longer sees the one real quit"
    bare = [f"{path.relative_to(ROOT)}:{line}" for path in files if path != SHUTDOWN for line in pygame_quits(path)]
    assert bare == [], ("pygame shut down without halting its sounds first (call "
                        "bezique.ui.shutdown.quit_pygame):\n" + "\n".join(bare))
