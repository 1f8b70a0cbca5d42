"""Every word the window draws goes through the kit's recorded helpers (``widgets.blit_text``, ``draw_fitted``,
``pill_text``, a ``Button``), so the fit audit sees it: issue 43 found the trick's names, the prompt, the dealer's
token and the meld captions drawn as bare surfaces (``assets.text`` blitted and clipped in silence), none of them
judged, one of them lying over a caption at 1920x1080. A bare ``assets.text`` outside the kit's helpers is allowed
only where the module records its words itself or draws no words a player reads as text."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "bezique" / "ui"
BARE = re.compile(r"\b(?:A|assets|self\.app\.assets|view\.app\.assets)\.text\(")
ALLOWED = {
    "kit/widgets.py": "the helpers themselves",
    "kit/chat_rows.py": "records each row it draws (drawn.record_text)",
    "kit/chat_toasts.py": "records each toast it draws (drawn.record_text)",
    "kit/floaters.py": "points flying into a score for a moment; the audit judges the table at rest",
    "table/meld_rows.py": "a card's rank index on a declaration chip, part of the card's picture",
}


def bare_text_calls(root: Path) -> list[str]:
    """`file:line` of each bare ``assets.text`` call under `root` outside the allowed modules."""
    found = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name in ALLOWED:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BARE.search(line):
                found.append(f"{name}:{number}")
    return found


def test_no_word_is_drawn_where_the_audit_cannot_see_it() -> None:
    assert bare_text_calls(ROOT) == []


def test_the_check_finds_a_bare_text(tmp_path: Path) -> None:
    (tmp_path / "table").mkdir()
    (tmp_path / "table" / "prompt.py").write_text("surf = A.text(words, 26 * s, GOLD, True)\n", encoding="utf-8")
    (tmp_path / "table" / "fine.py").write_text("blit_text(surface, A, words, Type.LABEL * s, pos)\n",
                                                encoding="utf-8")
    assert bare_text_calls(tmp_path) == ["table/prompt.py:1"]


def test_every_allowed_module_still_exists() -> None:
    assert all((ROOT / name).is_file() for name in ALLOWED)
