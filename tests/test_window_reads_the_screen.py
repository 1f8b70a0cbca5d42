"""The window reads the game only as the players at the screen may see it (issue 39), checked from the source.

The table draws from the ``ScreenView`` of the seat at the screen (``GameSession.screen``, ``Stage.screen``); the
computer decides from ``GameSession.computer_view``. So no module of ``bezique.ui`` may read a ``.state`` (the whole
game, every hidden card in it), ask a session for another seat's ``view``, or import from the rules what builds,
advances or reveals a full game state. Read with ``ast``, never by importing, and tried on planted violations first
so that the check cannot pass by finding nothing. The few reads that are not the table's are listed with why.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "bezique" / "ui"

# what the rules export that holds or reveals every hidden card: a state, or a way to build, advance or unredact one
CONCEALING = frozenset({"GameState", "view_for", "redact_event", "determinize", "place_unseen", "rewind", "apply",
                        "apply_checked", "new_game", "start_deal"})

# (file under bezique/ui, what it reads) -> why it is not the table reading a hidden card
ALLOWED = {
    ("scenes/review.py", "d.state"): "the review of a finished deal shows every hand by design (its record's "
                                     "decisions, after the deal)",
    ("shell.py", "game.state"): "the menu's Continue line: a saved game's scores, read from its record",
    ("bench.py", "session.view"): "the bench plays every seat itself, as the computer, to reach a busy table",
    ("bench.py", "import view_for"): "the bench's own position for the hinter to think about; no table reads it",
    ("bench.py", "import new_game"): "the same position",
    ("bench.py", "import start_deal"): "the same position",
}


def _ends_in_session(node: ast.expr) -> bool:
    """`session`, `self.session`, `view.session`, `table.session`, `self._session`…: a game session, by name."""
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name.lstrip("_").endswith("session")


def concealed_reads(source: str) -> list[tuple[int, str]]:
    """(line, what) for every read in `source` that could reach a card the screen may not show: any ``.state``, a
    session's ``view(...)``, an import of ``CONCEALING`` from the rules."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "view" \
                and _ends_in_session(node.func.value):
            found.append((node.lineno, ast.unparse(node.func)))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bezique.rules"):
            found += [(node.lineno, f"import {alias.name}") for alias in node.names if alias.name in CONCEALING]
    return sorted(found)


def violations(root: Path = UI) -> tuple[list[str], set[tuple[str, str]]]:
    """Every read under `root` that ``ALLOWED`` does not list, as ``file:line: what``; and the allowed ones met."""
    out: list[str] = []
    met: set[tuple[str, str]] = set()
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        for line, what in concealed_reads(path.read_text(encoding="utf-8")):
            if (rel, what) in ALLOWED:
                met.add((rel, what))
            else:
                out.append(f"{rel}:{line}: {what}")
    return out, met


def test_the_checker_finds_every_way_to_the_whole_game() -> None:
    planted = """
from bezique.rules import Action, GameState, view_for
def draw(view, session, table):
    a = view.session.state.hands[1]
    b = session.game.state
    c = table._session.view(1)
    d = self.session.view(seat)
    e = view.screen.hand
    f = session.screen(viewer)
    g = self.layout.view(2)
"""
    assert [what for _, what in concealed_reads(planted)] == [
        "import GameState", "import view_for", "view.session.state", "session.game.state", "table._session.view",
        "self.session.view"]


def test_the_checker_reads_files_and_lets_through_only_what_is_listed(tmp_path: Path) -> None:
    (tmp_path / "table").mkdir()
    (tmp_path / "table" / "peek.py").write_text("def f(stage):\n    return stage.session.state.hands\n")
    (tmp_path / "bench.py").write_text("from bezique.rules import new_game\n")
    found, met = violations(tmp_path)
    assert found == ["table/peek.py:2: stage.session.state"] and met == {("bench.py", "import new_game")}


def test_the_window_never_reads_the_whole_game() -> None:
    found, met = violations()
    assert not found, "the window reads the game beyond what the screen may show (use the ScreenView: " \
                      "Stage.screen / GameSession.screen):\n  " + "\n  ".join(found)
    assert met == set(ALLOWED), f"allowed reads no longer there (drop them from ALLOWED): {set(ALLOWED) - met}"
